"""The search at every decision: how the game's trailblazer plays at 3, 4 and 6 campers, and the
sage reference (ai/sage.py) with it.

It believes what the trailblazer believes (perfect memory of its seat, counting, the leans
measured in play) and judges a Scram as the trailblazer does, over twice the guessed tables.
Everything else is searched: at every decision with more than one sensible option (take or
draw, every replacement, action and target within `Deep.window` points of the one-step best,
at most `Deep.width` of them) it guesses whole tables from its belief alone
(`search.determinize`: never the real state), plays each option on the *same* tables with
the quick policy (`search.greedy`, every camper on what its seat knows there) to the end of
a table turn (half of one at 6 campers, as the trailblazer's close calls, `Deep.turns`),
where the table's standing fitted to what rounds record judges it (in a round's last turns:
to the round's end, the recorded result; in the game's last round, the game it leaves), and
keeps the option with the best mean. Played to the round's end everywhere (`Deep.end`), the
paired differences between options spread about four times wider (a standard deviation of
24 recorded points against 5.3, one 4-camper game): the Scrams of the quick policy's
rollouts decide most of it.

Sampling adapts to the decision: every option starts with `Deep.least` tables, then, batch
after batch, an option whose paired shortfall against the leader is more than `Deep.z`
standard errors is dropped, until one is left or `Deep.most` tables (or `Deep.budget`
rollout decisions) were played. Easy decisions cost a few dozen tables; close ones up to
`Deep.most`. The work is counted in decisions, never read from a clock, so a decision is
reproducible from the seed.
"""

from __future__ import annotations

import dataclasses
import math
import random

from game.rules import DRAW, DRAWN, SCRAM, START, TAKE, TWELVE, Decision

from . import policy
from .belief import Know
from .bots import LevelBot, _close_options
from .levels import SEARCHING
from .playout import OneStep
from .policy import Params
from .search import Plan, _apply_plan, determinize, forgetful_mates, greedy, judge_of, play_on, result


@dataclasses.dataclass(frozen=True)
class Deep:
    """How much a decision is searched (the module's docstring says what each knob does)."""

    window: float = 8.0  # options within this many one-step points of the best
    width: int = 6  # at most this many options
    least: int = 32  # guessed tables every option is played on
    most: int = 384  # guessed tables at most, for the closest calls
    batch: int = 16  # tables added between two prunings
    z: float = 2.0  # an option is dropped when it trails the leader by z standard errors
    margin: float = 0.05  # the one-step best stands unless another is better by this much
    sure: float = 0.0  # ... and by this many standard errors of their paired difference
    # Table turns played before the table's standing judges (None: the trailblazer's close
    # calls' `mid_turns` at this table size); `end`: every decision played to the round's end.
    turns: float | None = None
    end: bool = False
    # Rollout decisions at most per decision: 8.2-8.5 us of CPU each, so with `most` tables
    # (28 ms at 6 campers) a search's worst is about 260 ms on an idle core, half the
    # budget's 500 ms for a loaded one. In 19,046 searched decisions of 90 games at 4 and 6
    # campers it was reached twice and changed neither choice (studies/search_budget.py).
    budget: int = 25000
    # Who plays the playouts: "greedy" (`search.greedy`), or "one-step" (`ai.playout`: the
    # trailblazer's one-step policy, about 19 times the cost; measuring only).
    playout: str = "greedy"
    # How the playouts model this seat's teammates: "greedy", as every camper (on all their
    # seat saw: a partner as able as the quick policy), or "forgetful" (on face-up cards
    # alone, `search.forgetful_mates`: a weak partner). A measuring knob: a seat is not told
    # its partner's level, so the game cannot yet choose it by the partner.
    partner: str = "greedy"

    def __post_init__(self) -> None:
        if self.playout not in ("greedy", "one-step"):
            raise ValueError(f"unknown playout {self.playout!r}")
        if self.partner not in PARTNERS:
            raise ValueError(f"unknown partner model {self.partner!r}: choose from {', '.join(PARTNERS)}")
        if self.partner != "greedy" and self.playout != "greedy":
            raise ValueError("a partner model needs the greedy playouts")


PARTNERS = ("greedy", "forgetful")
DEEP_FIELDS = frozenset(f.name for f in dataclasses.fields(Deep))


class SearchingBot(LevelBot):
    """A bot that searches every decision (see the module's docstring) with the belief and the
    Scram judgement of `params`; `knobs` may change `Params` and `Deep` fields."""

    def __init__(
        self, seat: int, campers: int, seed: int, knobs: dict | None = None, params: Params = SEARCHING
    ) -> None:
        knobs = dict(knobs or {})
        deep = {key: knobs.pop(key) for key in list(knobs) if key in DEEP_FIELDS}
        super().__init__(params, seat, campers, seed, knobs)
        self.deep = Deep(**deep)
        self.searched = 0  # decisions searched, the guessed tables and rollout decisions they took
        self.tables = 0
        self.work = 0
        # The last decision's search, where it overruled the one-step best: (that best's
        # plan, how much better the chosen one came out, tables); None otherwise (the hint's).
        self.overruled: tuple[Plan, float, int] | None = None

    def decide(self, view):
        self.overruled = None
        k = self.know(view)
        if view.phase == START:
            return self.drawing_if_stalled(view, self._start(k))
        if view.phase == DRAWN:
            return self._held(k)
        if view.phase == TWELVE:
            return policy.twelve_choice(k)
        raise ValueError(f"no decision to take in phase {view.phase}")

    def _start(self, k: Know) -> Decision:
        """Take or draw, searched whenever taking is possible; a Scram as the trailblazer."""
        view = k.view
        to_end = self._ending(view)
        q = self.end_params if to_end else self.one_step(view)
        worth, answers = policy.draw_responses(k, q)
        cands: list[tuple[float, Plan]] = [(worth, (DRAW, answers))]
        if view.is_legal(TAKE):
            opts = policy.replacement_options(k, view.discard[-1], q)
            if opts:
                gain, keep = max(opts, key=lambda o: o[0])
                take: tuple[float, Plan] = (gain, (TAKE, keep))
                cands = [take, cands[0]] if gain > worth + 0.25 else [cands[0], take]
        plan = self._deep(k, cands, to_end)
        if self._scram_close(k) and self._declare(k, plan, to_end):
            return SCRAM
        return plan[0]

    def _held(self, k: Know) -> Decision:
        view = k.view
        to_end = self._ending(view)
        q = self.end_params if to_end else self.one_step(view)
        opts = policy.held_options(k, view.drawn, view.drawn_source, q)
        if not opts:
            return view.sample_decision(self.rng)
        cands = _close_options(opts, self.deep.window, self.deep.width)
        return self._deep(k, cands, to_end)[0]

    def _deep(self, k: Know, cands: list[tuple[float, Plan]], to_end: bool) -> Plan:
        """The candidates played out over the same guessed tables, pruned as they fall behind."""
        if len(cands) == 1:
            return cands[0][1]
        d, p = self.deep, self.params
        srng = random.Random(self.rng.getrandbits(64))
        turns = p.mid_turns if d.turns is None else d.turns
        steps = 300 if to_end or d.end or turns is None else round(turns * 2 * k.campers) + 2
        stand = judge_of(p.mid_stand)
        step = greedy if d.playout == "greedy" else OneStep(k.campers)
        if d.partner == "forgetful":
            step = forgetful_mates(k.seat, k.campers)
        scale = self._game_scale(k)
        team = k.team
        res: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        n = work = 0
        while True:
            for _ in range(d.batch):
                base = determinize(k, srng, self.memory.last_duo)
                for j in alive:
                    g = base.copy()
                    _apply_plan(g, cands[j][1])
                    work += play_on(g, steps, stand, p.scram_out, step)
                    res[j].append(result(g, team, scale, stand))
            n += d.batch
            if n >= d.least:
                alive = _prune(res, alive, n, d.z)
            if len(alive) == 1 or n >= d.most or work >= d.budget:
                break
        self.searched += 1
        self.tables += n
        self.work += work
        means = {j: sum(res[j][:n]) / n for j in alive}
        best = max(alive, key=lambda j: (means[j], -j))
        if 0 in alive and best != 0 and not _ahead(res[best][:n], res[0][:n], d.margin, d.sure):
            best = 0
        if best != 0:  # over the tables both were played on (the one-step best may have been dropped)
            both = len(res[0])
            self.overruled = (cands[0][1], sum(res[best][:both]) / both - sum(res[0]) / both, both)
        return cands[best][1]


def _ahead(a: list[float], b: list[float], margin: float, sure: float) -> bool:
    """Results `a` lead `b` (paired, the same tables) by more than `margin`, and by more than
    `sure` standard errors of the difference."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    m = sum(diffs) / n
    if m <= margin:
        return False
    if sure <= 0:
        return True
    var = sum((x - m) ** 2 for x in diffs) / max(n - 1, 1)
    return m > sure * math.sqrt(var / n)


def _prune(res: list[list[float]], alive: list[int], n: int, z: float) -> list[int]:
    """The candidates still in the race: the leader, and every one whose shortfall against
    it (paired over the same tables) is within `z` standard errors."""
    means = {j: sum(res[j][:n]) / n for j in alive}
    lead = max(alive, key=lambda j: means[j])
    keep = [lead]
    for j in alive:
        if j == lead:
            continue
        diffs = [a - b for a, b in zip(res[lead][:n], res[j][:n], strict=True)]
        m = sum(diffs) / n
        var = sum((x - m) ** 2 for x in diffs) / max(n - 1, 1)
        if m <= z * math.sqrt(var / n):
            keep.append(j)
    return sorted(keep)
