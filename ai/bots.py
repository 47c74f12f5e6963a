"""The bots that play a level's knobs (`LevelBot`), and the random and oracle references.

A level is a `Params` (memory, counting, inference, noise, how it judges a Scram). Every
level bot keeps a `Memory` fed by `observe` and decides from `Know(view, memory)`, so what
it has forgotten it does not use even though the view would show it. The "oracle" alone
is `omniscient`: the driver hands it `game.view(None)` and unfiltered events.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from game.rules import DRAW, DRAWN, SCRAM, START, TAKE, TWELVE, Decision, Event

from . import policy
from .belief import Know
from .levels import EXPERT as EXPERT
from .levels import LEVEL_LINES as LEVEL_LINES
from .levels import LEVEL_PARAMS as LEVEL_PARAMS
from .levels import LEVELS as LEVELS
from .levels import MASTER as MASTER
from .levels import REFERENCE as REFERENCE
from .memory import Memory
from .policy import Params
from .scram import Outlook, calibrated, outlook
from .search import Plan, evaluate, judge_of

Knobs = dict[str, object] | None  # some `Params` fields changed for a measurement


class Bot:
    """The interface the UI and the harness drive (see `ai/__init__.py`)."""

    level: str
    seat: int
    omniscient: bool = False

    def observe(self, events: Sequence[Event]) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def decide(self, view):  # pragma: no cover - interface
        raise NotImplementedError


# Own turns in a row that began with the deck as it was at the one before (nobody drew a card
# meanwhile): then the bot draws rather than take. The rules end a round only by a Scram or
# an empty deck (R-END-1, R-END-2), so campers who all take the discard pile's top card and
# lay another there go round in circles for ever; bots did (3 campers, deal 1300233: a round
# of 2,500 turns and on), whatever their level.
STALLED = 3


class LevelBot(Bot):
    """A game level: memory + belief + the level's policy knobs."""

    def __init__(self, params: Params, seat: int, campers: int, seed: int, knobs: Knobs = None) -> None:
        self.level, self.seat, self.campers = params.name, seat, campers
        params = params.at_table(campers)
        if knobs:
            params = dataclasses.replace(params, **knobs)
        self.params = params
        # The one-step knobs for a round's last turns: cards fewer and cards seen are worth
        # nothing once the round is about to be scored.
        self.end_params = dataclasses.replace(params, count_bonus=0.0, info=0.0)
        self.rng = random.Random(f"ai/{params.name}/{seat}/{seed}")
        self.memory = Memory(
            seat, campers, params.slots, params.fade, params.blur, self.rng, infer=params.infer
        )
        self.scram_log: list[tuple[float, float]] = []  # (raw share, calibrated) per Scram
        self.deck_seen = -1  # the deck's count at the start of this bot's last turn ...
        self.stalled = 0  # ... and how many of its turns in a row began with that count

    def observe(self, events: Sequence[Event]) -> None:
        self.memory.observe(events)

    def know(self, view) -> Know:
        self.memory.sync(view)
        p = self.params
        return Know(view, self.seat, self.memory, counting=p.counting, infer=p.infer, measured=p.measured)

    def decide(self, view):
        k = self.know(view)
        p, rng = self.params, self.rng
        if view.phase == START:
            searched = p.scram == "search"
            start = self._search_start(k) if searched else policy.start_choice(k, p, rng, self._scram)
            return self.drawing_if_stalled(view, start)
        if view.phase == DRAWN and p.scram == "search":
            return self._search_held(k)
        if view.phase == DRAWN:
            opts = policy.held_options(k, view.drawn, view.drawn_source, p)
            if not opts:
                return view.sample_decision(rng)
            return policy.pick(opts, p, rng)
        if view.phase == TWELVE:
            return policy.twelve_choice(k)
        raise ValueError(f"no decision to take in phase {view.phase}")

    def drawing_if_stalled(self, view, decision: Decision) -> Decision:
        """`decision` at the start of a turn, or a draw in its place when it takes from the
        discard pile and nobody has drawn since `STALLED` of this bot's turns ago."""
        self.stalled = self.stalled + 1 if view.deck_size == self.deck_seen else 0
        self.deck_seen = view.deck_size
        if decision == TAKE and self.stalled >= STALLED:
            return DRAW
        return decision

    def _scram(self, k: Know) -> bool:
        p = self.params
        if p.scram == "simple":
            return policy.scram_simple(k, p)
        if p.scram == "mean":
            return policy.scram_mean(k, p)
        if p.scram == "expert":
            return self._expert_scram(k)
        return policy.scram_sample(k, p, self.rng)

    def _expert_scram(self, k: Know) -> bool:
        """The expert's careful Scram: final turns played out over guessed tables."""
        p = self.params
        if not self._scram_close(k):
            return False
        srng = random.Random(self.rng.getrandbits(64))
        o = outlook(k, None, srng, p.scram_samples, self.memory.last_duo, p.search_steps)
        if o.p >= p.scram_p_min:
            self.scram_log.append((o.p, o.p))
            return True
        return False

    # ---- the searching level ------------------------------------------------------
    def _ending(self, view) -> bool:
        """The round ends before our next turns could matter: final turns after a Scram, or
        the deck about to run out (`search_end_deck` table cycles). Then only the recorded
        score counts."""
        return view.scram is not None or view.deck_size <= view.campers * self.params.search_end_deck + 1

    def one_step(self, view) -> Params:
        """The one-step knobs for this moment of a round, away from its last turns: as shipped
        the level's own; with `Params.taper` (a measuring knob) a card fewer and a card seen
        worth less as the deck runs down."""
        p = self.params
        if p.taper <= 0:
            return p
        f = min(1.0, view.deck_size / (p.taper * view.campers))
        return dataclasses.replace(p, count_bonus=p.count_bonus * f, info=p.info * f) if f < 1 else p

    def _choose(
        self,
        k: Know,
        cands: list[tuple[float, Plan]],
        samples: int,
        margin: float = 0.0,
        budget: int | None = None,
        steps: int | None = None,
        stand: tuple[float, ...] | str | None = None,
    ) -> Decision:
        """Play the candidates out over guessed tables (to the end of the round, or `steps`
        decisions and then the table's standing, weighed by `stand`); the one-step choice
        (`cands[0]`) stands unless another's mean result is better by `margin`."""
        return self._choose_plan(k, cands, samples, margin, budget, steps, stand)[0]

    def _choose_close(self, k: Know, cands: list[tuple[float, Plan]]) -> Decision:
        """A close call away from the round's end: played `mid_turns` table turns ahead."""
        p = self.params
        steps = policy.mid_steps(p, k.campers)
        return self._choose(k, cands, p.mid_samples, p.mid_margin, p.mid_budget, steps, p.mid_stand)

    def _choose_plan(
        self,
        k: Know,
        cands: list[tuple[float, Plan]],
        samples: int,
        margin: float = 0.0,
        budget: int | None = None,
        steps: int | None = None,
        stand: tuple[float, ...] | str | None = None,
    ) -> Plan:
        if len(cands) == 1:
            return cands[0][1]
        p = self.params
        # One draw of the bot's RNG per search, whatever the search does with its own.
        srng = random.Random(self.rng.getrandbits(64))
        plans = [c[1] for c in cands]
        work = p.search_budget if budget is None else budget
        steps = p.search_steps if steps is None else steps
        means = evaluate(
            k,
            plans,
            srng,
            samples,
            self.memory.last_duo,
            steps,
            work,
            self._game_scale(k),
            judge_of(stand),
            p.scram_out,
        )
        best = 0
        for j in range(1, len(cands)):
            if means[j] > means[best] + (margin if best == 0 else 0.0):
                best = j
        return cands[best][1]

    def _game_scale(self, k: Know) -> float | None:
        """`Params.game_scale` in the game's last round (the searches then judge games)."""
        return self.params.game_scale if k.view.round == k.view.rounds else None

    def _scram_close(self, k: Know) -> bool:
        """A Scram is allowed and, by the means, not clearly hopeless (then it is searched)."""
        view = k.view
        if view.scram is not None or len(view.campsites[self.seat]) > 2:
            return False
        ours, theirs = policy.final_turns(k)
        gap = k.team_sum(k.opps) - k.team_sum(k.mates) - policy.FINAL_TURN_GAIN * (theirs - ours)
        return gap >= -12

    def _search_start(self, k: Know) -> Decision:
        """Scram (played out on close calls), then take or draw (played out if close).

        A Scram is weighed against the one-step choice without it, both played out to the
        end of the round over the same guessed tables (not declaring lets the round go on:
        everybody's later turns, a later Scram of ours or theirs, or the deck running out)."""
        p, view = self.params, k.view
        scram = self._scram_close(k)
        to_end = self._ending(view)
        if not to_end and not scram:
            if p.mid_window > 0 and view.is_legal(TAKE):
                return self._take_or_draw(k)
            return policy.start_choice(k, self.one_step(view), self.rng, lambda _k: False)
        q = self.end_params if to_end else self.one_step(view)
        worth, answers = policy.draw_responses(k, q)
        draw: tuple[float, Plan] = (worth, (DRAW, answers))
        cands = [draw]
        if view.is_legal(TAKE):
            opts = policy.replacement_options(k, view.discard[-1], q)
            if opts:
                gain, keep = max(opts, key=lambda o: o[0])
                take: tuple[float, Plan] = (gain, (TAKE, keep))
                if gain > worth + 0.25:
                    cands = [take] + ([draw] if gain < worth + p.search_window else [])
                elif gain > worth - p.search_window:
                    cands.append(take)
        if not scram:
            return self._choose(k, cands, p.search_samples)
        # Away from the round's end the one-step choice is the plan without Scram; in the
        # last turns the searched best.
        plan = cands[0][1] if len(cands) == 1 or not to_end else self._choose_plan(k, cands, p.search_samples)
        return SCRAM if self._declare(k, plan, to_end) else plan[0]

    def _take_or_draw(self, k: Know) -> Decision:
        """Mid-round: take or draw by the one-step values, played out when they are close."""
        p, view = self.params, k.view
        q = self.one_step(view)
        opts = policy.replacement_options(k, view.discard[-1], q)
        worth, answers = policy.draw_responses(k, q)
        draw: tuple[float, Plan] = (worth, (DRAW, answers))
        if not opts:
            return DRAW
        gain, keep = max(opts, key=lambda o: o[0])
        take: tuple[float, Plan] = (gain, (TAKE, keep))
        first, second = (take, draw) if gain > worth + 0.25 else (draw, take)
        if abs(gain - worth) > p.mid_window:
            return first[1][0]
        return self._choose_close(k, [first, second])

    def _declare(self, k: Know, plan: Plan, to_end: bool = False) -> bool:
        """Declare when the calibrated chance of success is high enough and declaring
        records better than `plan` played on (both over the same guessed tables).

        In the round's last turns (`to_end`) a lower chance may do, when declaring records
        better than playing on: the round ends soon anyway, so a Scram then trades our team's
        total (recorded 0 if it succeeds) against the 10-point penalty, with no later, safer
        Scram to wait for. In the game's last round (`game_scale`) the games the Scram and
        playing on leave decide instead."""
        p = self.params
        seed = self.rng.getrandbits(64)

        def declaring(wait: Plan | None, scale: float | None = None) -> Outlook:
            """Declaring against `wait` played on (None: the Scram alone); the same guessed
            tables every time."""
            budget = None if wait is None else p.search_budget
            srng = random.Random(seed)
            return outlook(
                k, wait, srng, p.scram_samples, self.memory.last_duo, p.search_steps, budget, scale
            )

        scale = self._game_scale(k)
        if scale is not None:
            # The game's last round: a Scram is worth what it does to the game. Far ahead, a
            # likely failure may still win it; far behind, only a long shot can. Declare when
            # the games it leaves are better than those of playing on, or as good and the
            # chance is the usual one.
            o = declaring(plan, scale)
            chance = calibrated(o.p)
            edge = o.scram - o.wait
            if not (edge > p.scram_margin or (chance >= p.scram_p_min and edge > -p.scram_margin)):
                return False
        else:
            # First the Scram alone (only the final turns to play: cheap); the round played on
            # without it only when the chance is high enough to matter. Same tables both times.
            o = declaring(None)
            chance = calibrated(o.p)
            low = p.scram_end_p_min if to_end else p.scram_mid_p_min
            low = p.scram_p_min if low is None else min(low, p.scram_p_min)
            if chance < low:
                return False
            if p.scram_wait or chance < p.scram_p_min:
                o = declaring(plan)
                if o.scram < o.wait + p.scram_margin:
                    return False
        self.scram_log.append((o.p, chance))
        return True

    def _search_held(self, k: Know) -> Decision:
        """The drawn card: the one-step policy's best few options, played out."""
        p, view = self.params, k.view
        if not self._ending(view):
            opts = policy.held_options(k, view.drawn, view.drawn_source, self.one_step(view))
            if not opts:
                return view.sample_decision(self.rng)
            if p.mid_window > 0:
                # Away from the round's end: close calls only (replacements, actions,
                # exchanges), each played a table turn ahead (`mid_turns`).
                cands = _close_options(opts, p.mid_window, p.mid_width)
                if len(cands) > 1:
                    return self._choose_close(k, cands)
            return policy.pick(opts, p, self.rng)
        opts = policy.held_options(k, view.drawn, view.drawn_source, self.end_params)
        if not opts:
            return view.sample_decision(self.rng)
        cands = _close_options(opts, p.search_window, p.search_width)
        return self._choose(k, cands, p.search_samples)


def _close_options(opts: list, window: float, width: int) -> list[tuple[float, Plan]]:
    """The options within `window` points of the best, best first, at most `width`."""
    ranked = sorted(opts, key=lambda o: -o[0])  # stable: ties keep the one-step order
    top = ranked[0][0]
    cands: list[tuple[float, Plan]] = []
    seen = set()
    for gain, d in ranked:
        if gain < top - window or len(cands) >= width:
            break
        if d not in seen:
            seen.add(d)
            cands.append((gain, (d, None)))
    return cands


class OracleBot(LevelBot):
    """Reference: the top level's policy with every card known (driver gives view(None))."""

    omniscient = True

    def __init__(self, seat: int, campers: int, seed: int) -> None:
        top = LEVEL_PARAMS[LEVELS[-1]]
        super().__init__(top, seat, campers, seed)
        self.level = "oracle"
        self.memory.last_duo = 2

    def know(self, view) -> Know:
        return Know(view, self.seat, None, counting=True, infer=False)

    def observe(self, events: Sequence[Event]) -> None:
        for e in events:  # only the 3-camper turn order is needed from the stream
            if type(e).__name__ == "TurnBegan" and self.campers == 3 and e.seat != 0:
                self.memory.last_duo = e.seat
            elif type(e).__name__ == "RoundDealt":
                self.memory.last_duo = 2 if e.start == 0 else e.start


class RandomBot(Bot):
    """Reference: any legal decision, uniformly by kind (`TableRules.sample_decision`)."""

    def __init__(self, seat: int, campers: int, seed: int) -> None:
        self.level, self.seat = "random", seat
        self.rng = random.Random(f"ai/random/{seat}/{seed}")

    def observe(self, events: Sequence[Event]) -> None:
        pass

    def decide(self, view):
        return view.sample_decision(self.rng)
