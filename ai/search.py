"""Determinized search for the top level: guess the hidden cards, play the guesses out.

Information-set Monte Carlo over the bot's own belief. `determinize` builds a complete
`Game` consistent with what the bot believes (`Know`): known cards where they are, every
unknown campsite and deck card drawn from the cards not accounted for (card counting plus
the inference hints). Nothing comes from the real state: the guess is made from the seat's
view and memory alone, with a fresh seed (the real seed would decide future decks).

`evaluate` scores a few candidate plans (a decision, and what to do with the card it brings)
over the *same* guessed tables (common random numbers: a difference between candidates is
the candidates' doing, not the luck of the guesses), each played out to the end of the round
by `rollout` with a fast policy (`greedy`). The result is the mean recorded round score of
the other team minus ours, as the bot's team sees it: higher is better (in the game's last
round, optionally, the game's margin squashed: `result`).

`greedy` plays on what each camper knows in the guessed table (a face-down card counts as
known to a seat only where the table's knowledge marks say that seat saw it), so looking at
cards is worth something in a rollout, and nobody plays as if it saw through the cards.
In a final turn after a Scram it always draws (measured against the real bots: ai/JOURNAL.md).

The time budget is kept as a work budget, never by the clock: samples x candidates, each
rollout capped in decisions, and the search stops taking new samples once it has played
`budget` rollout decisions in all. On this machine a rollout decision costs about 10 us, so
the budget bounds a search's time, and the same seed always gives the same search (a clock
would make a decision depend on how busy the machine was).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from game.rules import (
    DECK_SECOND,
    DECK_TOP,
    DISCARD,
    DRAW,
    DRAWN,
    EQ,
    KEEP,
    OVER,
    SCRAM,
    START,
    SWAP,
    TAKE,
    TWELVE,
    Act,
    Decision,
    Game,
    Replace,
    team_of,
)

from . import value
from .belief import Know

# What a rollout camper believes about cards, and what it plays for (the one-step
# policy's currency, simplified: an unseen card is worth about the deck's mean).
UNKNOWN = 6.5  # an unseen card
EQ_WORTH = 2.0  # a known `=` (it scores as its campsite's low card)
BONUS = 2.5  # one card fewer in the team
DRAW_WORTH = 5.0  # what a draw is believed to bring: take the discard top only if it beats it
SCRAM_MARGIN = 1.0
FINAL_TURN = 2.0  # what a final turn after a Scram is worth to the camper who plays it
KNOW = 2.0  # a card its owner has seen, against one it has not
# `standing`'s weights: a point of the cards their owners know, a point of the cards they
# have not seen, a card fewer, a card its owner has seen (the one-step policy's currency).
STAND = (1.0, 1.0, BONUS, KNOW)

# A plan: the decision to take now and what follows it in the same turn: nothing, one
# decision (the card taken from the discard pile), or a decision per value drawn.
Plan = tuple[Decision, "Decision | dict[int, Decision] | None"]


def determinize(k: Know, rng: random.Random, last_duo: int) -> Game:
    """A full game state drawn from the belief `k` (unknown cards sampled without replacement)."""
    view = k.view
    rows = k.sample_rows(rng)
    pool = k.pool_left
    me_bit = 1 << k.seat
    # Who saw which card is public (R-INFO-1); the bot's own mark stays only where its
    # belief holds the value (a memory-limited bot does not know what it forgot).
    campsites = [
        [
            (rows[s][i], c[1], c[2] if c[1] or k.vals[s][i] is not None else c[2] & ~me_bit)
            for i, c in enumerate(row)
        ]
        for s, row in enumerate(view.campsites)
    ]
    deck = []
    for pos in range(view.deck_size - 1, -1, -1):  # the bottom first, as the pool is used
        v = k.deck.get(pos)
        if v is None:
            deck.append((pool.pop() if pool else rng.randrange(1, 14), 0))
        else:
            deck.append((v, me_bit))
    deck.reverse()  # top first
    return Game.from_guess(view, campsites, deck, rng.getrandbits(32), last_duo)


# ---- the rollout policy -----------------------------------------------------------------
_TEAMS: dict[int, tuple[int, ...]] = {n: tuple(team_of(s, n) for s in range(n)) for n in (3, 4, 6)}
_MATES: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple(m for m in range(n) if m != s and t[m] == t[s]) for s in range(n))
    for n, t in _TEAMS.items()
}


def _worth(c: tuple, bit: int) -> float:
    """What the camper with `bit` believes campsite card `c` scores."""
    v, up, known = c
    if up or known & bit:
        return EQ_WORTH if v == EQ else float(v)
    return UNKNOWN


def _best_keep(g: Game, me: int, bit: int, v: int) -> tuple[float, Decision | None]:
    """Keeping `v`: the own card believed highest, or a known matching group of the team
    (`=` cards join any group; the hot spot of a rollout, so teammates are read only when
    the own row holds a known card a group could start from)."""
    rows = g.campsites
    row = rows[me]
    if not row:
        return -1e9, None
    sv = EQ_WORTH if v == EQ else float(v)
    best_i, best_e = 0, -1.0
    by_val: dict[int, list[tuple[int, int]]] = {}
    for i, (c, up, known) in enumerate(row):
        if up or known & bit:
            e = EQ_WORTH if c == EQ else float(c)
            if c in by_val:
                by_val[c].append((me, i))
            else:
                by_val[c] = [(me, i)]
        else:
            e = UNKNOWN
        if e > best_e:
            best_i, best_e = i, e
    gain, cards = best_e - sv, ((me, best_i),)
    if not by_val:
        return gain, Replace(cards)
    own_eq = EQ in by_val
    for s in _MATES[g.campers][me]:
        for i, (c, up, known) in enumerate(rows[s]):
            if (up or known & bit) and (c in by_val or own_eq or c == EQ):
                if c in by_val:
                    by_val[c].append((s, i))
                else:
                    by_val[c] = [(s, i)]
    eqs = by_val.pop(EQ, [])
    n_eq = len(eqs)
    for w, members in by_val.items():
        size = len(members) + n_eq
        if size < 2 or (members[0][0] != me and not own_eq):
            continue
        gg = w * len(members) + EQ_WORTH * n_eq + BONUS * (size - 1) - sv
        if gg > gain:
            first = members[0] if members[0][0] == me else eqs[0]
            gain, cards = gg, (first, *(t for t in members + eqs if t != first))
    if n_eq > 1 and own_eq:
        gg = EQ_WORTH * n_eq + BONUS * (n_eq - 1) - sv
        if gg > gain:
            gain, cards = gg, tuple(eqs)
    return gain, Replace(cards)


def _look_targets(g: Game, me: int, bit: int, want: int, teams: tuple[int, ...]) -> tuple[float, tuple]:
    """5–8: the face-down cards most worth learning (own unknown first), deck top last."""
    cand = []
    mine = teams[me]
    for s, r in enumerate(g.campsites):
        for i, (_v, up, known) in enumerate(r):
            if up:
                continue
            if known & bit:
                w = 0.0
            elif s == me:
                w = 2.0
            elif teams[s] == mine:
                w = 1.2
            else:
                w = 0.4
            cand.append((w, (s, i)))
    deck = len(g.deck)
    if deck:
        cand.append((0.3, DECK_TOP))
    cand.sort(key=lambda c: -c[0])
    need = min(want, len(cand) - (1 if deck else 0) + min(deck, want))
    chosen = [t for _, t in cand[:need]]
    if len(chosen) < need:
        chosen.append(DECK_SECOND)
    return sum(w for w, _ in cand[:need]), tuple(chosen)


def _act(g: Game, me: int, bit: int, v: int, teams: tuple[int, ...]) -> tuple[float, Decision] | None:
    """The drawn card's action as a rollout camper would use it (never against its team)."""
    rows = g.campsites
    mine = teams[me]
    n = g.campers
    if v == 13:
        opp = min((s for s in range(n) if teams[s] != mine), key=lambda s: len(rows[s]))
        return 20.0, Act((), "right", opp)
    if v in (5, 6, 7, 8):
        w, targets = _look_targets(g, me, bit, 1 if v in (5, 7) else 2, teams)
        return w, Act(targets)
    team = sorted(
        ((_worth(c, bit), (s, i)) for s, r in enumerate(rows) if teams[s] == mine for i, c in enumerate(r)),
        key=lambda x: -x[0],
    )
    if v == 10:
        if team:
            return team[0][0] + BONUS, Act((team[0][1],))
        return (0.0, Act((DECK_TOP,))) if g.deck else None
    if v == 9:
        hit = team[:2]
        if sum(e for e, _ in hit) <= 9.0 and any(_own_low(rows, me, bit, t) for _, t in hit):
            # The 9 would stay in place of our own known low card for too few points: spare
            # it (as `policy.own_low`: a 9 must not keep itself in place of our known 1).
            hit = [h for h in team if not _own_low(rows, me, bit, h[1])][:2]
        targets = [t for _, t in hit]
        if len(targets) < 2 and g.deck:
            targets.append(DECK_TOP)
        if len(targets) < 2 and len(g.deck) >= 2:
            targets.append(DECK_SECOND)
        if len(targets) < 2 and sum(len(r) for r in rows) + min(len(g.deck), 2) > len(targets):
            return None  # only opponents' cards left: keep the 9 rather than help them
        return sum(e for e, _ in hit) + BONUS * (len(hit) - 1) - 9.0, Act(tuple(targets), "right")
    if v in (11, 12):
        ours = [(e, t) for e, t in team if e != EQ_WORTH or rows[t[0]][t[1]][0] != EQ]
        theirs = [
            (_worth(c, bit), (s, i)) for s, r in enumerate(rows) if teams[s] != mine for i, c in enumerate(r)
        ]
        if not ours or not theirs:
            return None
        eo, out = ours[0]
        ei, inn = min(theirs, key=lambda x: x[0])
        if v == 12:
            return max(0.0, eo - ei) + 0.8, Act((out, inn))
        c_out, c_in = rows[out[0]][out[1]], rows[inn[0]][inn[1]]
        blind = not (c_out[1] or c_out[2] & bit) and not (c_in[1] or c_in[2] & bit)
        if blind or eo - ei <= 0.5:
            return None
        return 2 * (eo - ei), Act((out, inn))
    return None


def _own_low(rows: list, me: int, bit: int, t: tuple) -> bool:
    """Campsite card `t` is camper `me`'s own and known to it as a low card (`policy.LOW`)."""
    v, up, known = rows[t[0]][t[1]]
    return t[0] == me and (up or known & bit) and (v == EQ or v <= 4)


def _scram_ok(g: Game, me: int, bit: int, teams: tuple[int, ...]) -> bool:
    mine = teams[me]
    us = them = 0.0
    ours = theirs = 0
    for s, r in enumerate(g.campsites):
        total = sum(_worth(c, bit) for c in r)
        if teams[s] == mine:
            us += total
            ours += s != me
        else:
            them += total
            theirs += 1
    if g.campers == 3 and me != 0:
        theirs = 2  # the solo plays twice after a duo Scram
    return us + SCRAM_MARGIN < them - FINAL_TURN * (theirs - ours)


# A playout policy: the decision of the camper to play on a table (`greedy`, or the
# one-step policy of `ai.playout` where a measurement asks for it).
Step = Callable[[Game], Decision]


def greedy(g: Game, forgetful: bool = False) -> Decision:
    """A fast policy for rollouts: each camper plays on what it knows of the guessed table
    (`forgetful`: on its face-up cards alone, as a camper who remembers none it saw)."""
    me, phase = g.turn, g.phase
    bit = 0 if forgetful else 1 << me
    teams = _TEAMS[g.campers]
    row = g.campsites[me]
    if phase == START:
        if g.scram is None and len(row) <= 2 and _scram_ok(g, me, bit, teams):
            return SCRAM
        # A final turn (after a Scram) draws: the binary outcome makes the draw's chance of
        # a big swing (a 13, an exchange, a low card) worth more than a sure small gain;
        # measured against the real bots' final turns (ai/JOURNAL.md).
        if g.scram is None and g.discard and row and _best_keep(g, me, bit, g.discard[-1])[0] > DRAW_WORTH:
            return TAKE
        return DRAW
    if phase == TWELVE:
        a, b = g.twelve
        mine = teams[me]
        ta = a[0] != "deck" and teams[a[0]] == mine
        tb = b[0] != "deck" and teams[b[0]] == mine
        if ta == tb:
            return KEEP
        va = g.deck_card(a[1])[0] if a[0] == "deck" else g.campsites[a[0]][a[1]][0]
        vb = g.deck_card(b[1])[0] if b[0] == "deck" else g.campsites[b[0]][b[1]][0]
        ours, other = (va, vb) if ta else (vb, va)
        return SWAP if ours != EQ and (other == EQ or other < ours) else KEEP
    if phase != DRAWN:
        raise ValueError(phase)
    v = g.drawn
    gain, dec = _best_keep(g, me, bit, v)
    if g.drawn_source == "deck":
        if gain < 0:
            gain, dec = 0.0, DISCARD
        if v >= 5:
            a = _act(g, me, bit, v, teams)
            if a is not None and a[0] > gain:
                dec = a[1]
    return dec


def forgetful_mates(seat: int, campers: int) -> Step:
    """A playout policy that models `seat`'s teammates as campers who remember none of the
    face-down cards they saw (`greedy(g, forgetful=True)`: a weaker partner, such as the
    lowest levels' two fading memories), everybody else, `seat` too, as `greedy`. By
    default a search models its partner as it models every camper: on all its seat saw."""
    mates = frozenset(_MATES[campers][seat])

    def step(g: Game) -> Decision:
        return greedy(g, g.turn in mates)

    return step


def rollout(g: Game, max_steps: int, step: Step = greedy) -> int:
    """Play `g` on with `step` (`greedy`) until the round ends or `max_steps` decisions were
    played; return the decisions played (`over` tells whether the round ended)."""
    for n in range(max_steps):
        if over(g):
            return n
        g.apply(step(g))
    return max_steps


def over(g: Game) -> bool:
    """The round of the guessed table has ended (it is scored)."""
    return g.phase not in (START, DRAWN, TWELVE)


def standing(g: Game, team: int, stand: tuple[float, ...] = STAND) -> float:
    """How the guessed table stands for `team`, by default in the one-step policy's currency:
    the other team's campsite total minus ours, `BONUS` per card fewer than them, and `KNOW`
    per card of theirs its owner has not seen less per card of ours (knowing one's cards is
    worth points: it lets one replace the right card). `stand` weighs the four (`STAND`)."""
    if len(stand) == 8:  # weights at an empty deck, and their change per card in the deck
        d = len(g.deck)
        stand = tuple(stand[i] + d * stand[i + 4] for i in range(4))
    w_known, w_blind_pts, w_card, w_blind = stand
    out = 0.0
    teams = _TEAMS[g.campers]
    for s, row in enumerate(g.campsites):
        bit = 1 << s
        numbered = [c[0] for c in row if c[0] != EQ]
        low = min(numbered) if numbered else 0
        blind = blind_pts = 0
        for c in row:
            if not c[1] and not c[2] & bit:
                blind += 1
                blind_pts += c[0] if c[0] != EQ else low
        sc = sum(numbered) + low * (len(row) - len(numbered))
        x = w_known * (sc - blind_pts) + w_blind_pts * blind_pts + w_card * len(row) + w_blind * blind
        out += x if teams[s] != team else -x
    return out


def recorded(g: Game, team: int) -> float:
    """The round's recorded result for `team`: the other team's score minus ours."""
    rec = g.scores[-1]
    return float(rec[1 - team] - rec[team])


# How a search judges a table whose round goes on: the weights of `standing`, or a learned
# value (`ai.value.Value`, called as `judge(g, team)`).
Judge = "tuple[float, ...] | value.Value"


def judge_of(stand: tuple[float, ...] | str | None) -> Judge:
    """A level's `mid_stand` knob as a judge: "learned" is the shipped learned value
    (`ai.value`), None the one-step policy's currency (`STAND`), weights as they are."""
    if stand == "learned":
        return value.shipped()
    if isinstance(stand, str):
        raise ValueError(f"unknown judge {stand!r}")
    return stand or STAND


def play_on(g: Game, max_steps: int, judge: Judge, scram_out: bool = False, step: Step = greedy) -> int:
    """`rollout`, and a round whose Scram was declared within the horizon played to its end
    (a few final turns) with a learned judge or `scram_out`: the judges were fitted on
    rounds without a Scram, and a declared Scram's record (R-SCORE-3) is then known exactly."""
    n = rollout(g, max_steps, step)
    if (scram_out or callable(judge)) and g.scram is not None and not over(g):
        n += rollout(g, 4 * g.campers, step)
    return n


def result(g: Game, team: int, game_scale: float | None, stand: Judge = STAND) -> float:
    """A played-out table's worth to `team`: its `standing` (or the learned value, `stand`
    callable) if the round goes on, else the round's recorded result, or, once the game is
    over and `game_scale` is set, the game's cumulative margin squashed to +-`game_scale`
    (a tie counts half a point to the side R-GAME-2/3 gives it to)."""
    if not over(g):
        if callable(stand):
            return stand(g, team)
        return standing(g, team, stand)
    if game_scale is None or g.phase != OVER:
        return recorded(g, team)
    x = float(g.totals[1 - team] - g.totals[team])
    if x == 0 and g.winner != "nobody":
        x = 0.5 if g.winner == team else -0.5
    return game_scale * math.tanh(x / game_scale)


def _apply_plan(g: Game, plan: Plan) -> None:
    """The plan's decisions, then (`greedy`) whatever the turn still asks for."""
    me = g.turn
    first, follow = plan
    g.apply(first)
    if follow is not None and g.phase == DRAWN:
        d = follow.get(g.drawn) if isinstance(follow, dict) else follow
        if d is None or not g.is_legal(d):
            d = greedy(g)  # e.g. a response planned for a deck position the draw used up
        g.apply(d)
    while g.turn == me and g.phase in (DRAWN, TWELVE):
        g.apply(greedy(g))


def evaluate(
    k: Know,
    plans: Sequence[Plan],
    rng: random.Random,
    samples: int,
    last_duo: int,
    max_steps: int = 300,
    budget: int | None = None,
    game_scale: float | None = None,
    stand: Judge = STAND,
    scram_out: bool = False,
) -> list[float]:
    """Each plan's mean result over the same guessed tables, higher is better for the bot:
    the round is played out and the result is the recorded score (the other team's minus
    ours), or the table's `standing` where a rollout hit `max_steps` first. Differences
    between plans come from the plans, not from the luck of the guesses.
    `budget`: no new guessed table once this many rollout decisions were played.
    `game_scale`: in the game's last round, judge a table by the game it leaves (`result`).
    `stand`: the weights of `standing`, or a learned value (`judge_of`).
    `scram_out`: a Scram declared within `max_steps` is played to the round's end (`play_on`).
    """
    team = k.team
    tot = [0.0] * len(plans)
    done = steps = 0
    for _ in range(samples):
        base = determinize(k, rng, last_duo)
        for j, plan in enumerate(plans):
            g = base.copy()
            _apply_plan(g, plan)
            steps += play_on(g, max_steps, stand, scram_out)
            tot[j] += result(g, team, game_scale, stand)
        done += 1
        if budget is not None and steps >= budget:
            break
    return [t / done for t in tot]
