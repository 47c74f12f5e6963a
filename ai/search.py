"""Determinized search for the top level: guess the hidden cards, play the guesses out.

`determinize` builds a complete `Game` consistent with what the bot believes: known cards
where they are, every unknown campsite and deck card drawn from the cards not accounted
for. The guess gets a fresh random seed (the real seed would decide future decks). Only
the rest of the round is played (`rollout`), by a fast greedy policy that sees the guessed
table whole, which is all a Scram needs: the final turns, then the scores.
"""

from __future__ import annotations

import random
import time

from game.cards import EQ, team_of
from game.decisions import DISCARD, DRAW, KEEP, SCRAM, TAKE, Act, Decision, Replace
from game.state import Game
from game.table import DRAWN, START, TWELVE

from .belief import Know


def determinize(k: Know, rng: random.Random, last_duo: int) -> Game:
    """A full game state drawn from the belief `k` (unknown cards sampled without replacement)."""
    view = k.view
    rows = k.sample_rows(rng)
    pool = k.pool_left
    n = view.campers
    g = Game.__new__(Game)
    g.campers, g.seed, g.rounds = n, rng.getrandbits(32), view.rounds
    g.all_mask = (1 << n) - 1
    g.decks, g.round = [], view.round
    g.scores, g.totals = list(view.scores), list(view.totals)
    g.winner, g.actions, g.events, g.last_scores = None, [], [], ()
    g.first_start = view.start
    g.campsites = [
        [(rows[s][i], c[1], c[2]) for i, c in enumerate(row)] for s, row in enumerate(view.campsites)
    ]
    size = view.deck_size
    deck = []
    for pos in range(size - 1, -1, -1):  # bottom first: the list's top is its end
        v = k.deck.get(pos)
        if v is None:
            v = pool.pop() if pool else rng.randrange(1, 14)
        deck.append(v)
    g.deck, g.deck_known = deck, [0] * size
    g.discard = list(view.discard)
    g.start, g.turn, g.phase = view.start, view.turn, view.phase
    g.drawn, g.drawn_source, g.drawn_mask = view.drawn, view.drawn_source, view.drawn_mask
    g.scram, g.final, g.twelve = view.scram, list(view.final), view.twelve
    g.last_duo = last_duo
    return g


def _score(v: int) -> int:
    return 1 if v == EQ else v


def greedy(g: Game) -> Decision:
    """A fast full-information policy for rollouts (each camper sees the guessed table)."""
    me, phase = g.turn, g.phase
    row = g.campsites[me]
    if phase == START:
        if g.discard and row:
            hi = max(_score(c[0]) for c in row)
            if _score(g.discard[-1]) + 3 <= hi:
                return TAKE
        return DRAW
    if phase == TWELVE:
        return KEEP
    if phase != DRAWN:
        raise ValueError(phase)
    v = g.drawn
    n = g.campers
    if v == 13 and g.drawn_source == "deck":
        mine = team_of(me, n)
        opp = min((s for s in range(n) if team_of(s, n) != mine), key=lambda s: len(g.campsites[s]))
        return Act((), "right", opp)
    if row:
        i = max(range(len(row)), key=lambda j: _score(row[j][0]))
        if g.drawn_source == "discard" or _score(v) < _score(row[i][0]):
            return Replace(((me, i),))
        if v == 10:
            return Act(((me, i),))
    return DISCARD


def rollout(g: Game) -> tuple[int, int]:
    """Play `g` to the end of its round; the recorded (team 0, team 1) scores."""
    while g.phase in (START, DRAWN, TWELVE):
        g.apply(greedy(g))
    return g.scores[-1]


def scram_search(k: Know, rng: random.Random, samples: int, budget: float, last_duo: int) -> bool:
    """Scram if, over guessed tables, declaring now beats the table as it stands."""
    t_end = time.perf_counter() + budget
    me_team = k.team
    ev_scram = ev_cont = 0.0
    done = 0
    from game.table import camper_score

    for _ in range(samples):
        g = determinize(k, rng, last_duo)
        us = sum(camper_score([c[0] for c in g.campsites[s]]) for s in k.mates)
        them = sum(camper_score([c[0] for c in g.campsites[s]]) for s in k.opps)
        g.apply(SCRAM)
        rec = rollout(g)
        ev_scram += rec[me_team] - rec[1 - me_team]
        ev_cont += us - them
        done += 1
        if time.perf_counter() > t_end:
            break
    return ev_scram / done + 1.0 < ev_cont / done
