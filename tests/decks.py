"""Stacked decks for rule tests: say what each camper gets, the discard, the deck top-first.

`stacked_deck` lays the cards out in deal order (R-SETUP-2: the start camper's whole
campsite first, then clockwise; then the discard; then the draw deck top first) and fills
every card left unsaid from the rest of the game's multiset in a fixed order (ascending,
`=` last), so a test names only the cards it is about and still gets a legal deck.
`stacked_game` turns that into a `Game` (exactly what a record with that deck replays to),
`record` into a record dict. `hide_shuffle` permutes the cards a seat does not know (for
the no-peeking tests); `finished_game` plays a whole game of random legal decisions.
"""

from __future__ import annotations

import random
from collections import Counter

from game.rules.cards import EQ, campsite_layout, deck_for
from game.rules.decisions import DECK_SECOND, DECK_TOP, DISCARD, DRAW, SCRAM, Act, Replace
from game.rules.record import FORMAT
from game.rules.state import Game

TOP, SECOND = DECK_TOP, DECK_SECOND


def card(v: int | str) -> int:
    return EQ if v == "=" else v


def stacked_deck(
    campers: int,
    campsites: dict[int, list] | None = None,
    discard: int | str | None = None,
    deck: list | tuple = (),
    bottom: list | tuple = (),
    start: int = 0,
) -> list[int]:
    """A full deck, top first. `campsites[seat]` lists slots 0.. (short lists are filled),
    `deck` the draw deck's first cards top first, `bottom` its last cards (top first)."""
    campsites = campsites or {}
    pool = Counter(deck_for(campers))

    def use(v):
        v = card(v)
        if pool[v] <= 0:
            raise ValueError(f"no {v!r} left in the {campers}-camper deck")
        pool[v] -= 1
        return v

    rows = {}
    for seat in range(campers):
        size = sum(campsite_layout(seat, campers))
        given = [use(v) for v in campsites.get(seat, ())]
        if len(given) > size:
            raise ValueError(f"seat {seat} gets {size} cards, not {len(given)}")
        rows[seat] = given + [None] * (size - len(given))
    top = use(discard) if discard is not None else None
    head = [use(v) for v in deck]
    tail = [use(v) for v in bottom]
    rest = [v for v in (*range(1, 14), EQ) for _ in range(pool[v])]

    def fill(v):
        return rest.pop(0) if v is None else v

    out = []
    for k in range(campers):
        out.extend(fill(v) for v in rows[(start + k) % campers])
    out.append(fill(top))
    out.extend(head)
    out.extend(rest)  # whatever is left sits between the deck's head and its bottom
    out.extend(tail)
    assert Counter(out) == Counter(deck_for(campers))
    return out


def stacked_game(campers: int, *, start: int = 0, seed: int = 0, later: list | None = None, **kw) -> Game:
    """A game whose round 1 is dealt from `stacked_deck(campers, start=start, **kw)`.
    `later`: the decks of the following rounds (full decks, e.g. from `stacked_deck`)."""
    decks = [stacked_deck(campers, start=start, **kw), *(later or [])]
    return Game(campers, seed, start, decks)


def record(campers: int, actions: list, *, start: int = 0, seed: int = 0, **kw) -> dict:
    """The record (JSON form) of a stacked table and `actions`."""
    deck = stacked_deck(campers, start=start, **kw)
    return {
        "format": FORMAT,
        "campers": campers,
        "seed": seed,
        "start": start,
        "decks": [["=" if v == EQ else v for v in deck]],
        "actions": actions,
    }


# ---- small words for tests ----------------------------------------------------------
def R(*cards, end="right") -> Replace:
    return Replace(tuple(cards), end)


def A(*targets, end="right", seat=None) -> Act:
    return Act(tuple(targets), end, seat)


def values(game, seat: int) -> list[int]:
    return [c[0] for c in game.campsites[seat]]


def faces(game, seat: int) -> list[bool]:
    return [c[1] for c in game.campsites[seat]]


def knowers(game, seat: int, slot: int) -> set[int]:
    mask = game.campsites[seat][slot][2]
    return {s for s in range(game.campers) if mask >> s & 1}


def deck_knowers(game, position: int) -> set[int]:
    mask = game.deck_card(position)[1]
    return {s for s in range(game.campers) if mask >> s & 1}


def deck_top_first(game) -> list[int]:
    return list(reversed(game.deck))


def discard_top_first(game) -> list[int]:
    return list(reversed(game.discard))


def pass_turns(game, n: int) -> None:
    """`n` turns of draw-and-discard."""
    for _ in range(n):
        game.apply(DRAW)
        game.apply(DISCARD)


def scram_ready(others: dict[int, list], deck: list | tuple = ("=", 2, 3, 4)) -> Game:
    """4 campers, R-SCRAM-1: seat 0 draws the deck's `=` and keeps it in place of its four
    5s (one matching group), holding [=, 1]; the others draw and discard. Seat 0 may declare
    at its next turn. `others[seat]`: the campsites of seats 1–3 (`deck` must start with `=`)."""
    game = stacked_game(4, campsites={0: [5, 5, 5, 5, 1], **others}, deck=deck)
    game.apply(DRAW)
    game.apply(Replace(((0, 0), (0, 1), (0, 2), (0, 3))))
    pass_turns(game, 3)
    return game


def run_out(game) -> None:
    """Draw and discard until the round ends (campsites stay as they are)."""
    while game.phase not in ("round_over", "over"):
        game.apply(DRAW if game.phase == "start" else DISCARD)


def snapshot(game) -> tuple:
    """Everything `apply` could change: the replay state plus the hidden bookkeeping."""
    from game.rules.record import state_json

    return (
        state_json(game),
        tuple(game.deck),
        tuple(game.deck_known),
        tuple(tuple(row) for row in game.campsites),
        game.drawn_mask,
        tuple(game.final),
        game.twelve,
        len(game.actions),
        len(game.events),
    )


def assert_illegal(game, decision, *words: str) -> str:
    """`apply(decision)` raises IllegalDecision with a reason (naming `words`) and changes nothing."""
    import pytest

    from game.rules.errors import IllegalDecision

    before = snapshot(game)
    with pytest.raises(IllegalDecision) as caught:
        game.apply(decision)
    reason = str(caught.value)
    assert reason and "\n" not in reason
    for w in words:
        assert w in reason, (w, reason)
    assert snapshot(game) == before
    assert not game.is_legal(decision)
    return reason


def has_event(events, event) -> bool:
    """`event` is among `events` (NamedTuples compare as plain tuples: check the type too)."""
    return any(type(e) is type(event) and e == event for e in events)


def index_of(events, event) -> int:
    return next(i for i, e in enumerate(events) if type(e) is type(event) and e == event)


def hide_shuffle(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `game` with every card `seat` does not know permuted among those places."""
    g = game.copy()
    bit = 1 << seat
    places = [
        ("c", s, i)
        for s, row in enumerate(g.campsites)
        for i, (_v, up, known) in enumerate(row)
        if not up and not known & bit
    ]
    places += [("d", i, 0) for i, known in enumerate(g.deck_known) if not known & bit]
    values = [g.campsites[s][i][0] if k == "c" else g.deck[s] for k, s, i in places]
    rng.shuffle(values)
    for (k, s, i), v in zip(places, values, strict=True):
        if k == "c":
            _old, up, known = g.campsites[s][i]
            g.campsites[s][i] = (v, up, known)
        else:
            g.deck[s] = v
    return g


def finished_game(seed: int, campers: int = 4, scrammer: int | None = None) -> Game:
    """A whole game of random legal decisions; `scrammer` declares Scram whenever it may."""
    g = Game(campers, seed)
    rng = random.Random(seed)
    while g.phase != "over":
        if g.phase == "round_over":
            g.next_round()
            continue
        if g.turn == scrammer and g.why_illegal(SCRAM) is None:
            g.play(SCRAM)
        else:
            g.play(g.view(g.turn).sample_decision(rng))
    return g


def round_without_scram(game: Game, seed: int = 3, apply=None) -> None:
    """Play `game`'s round to its end with random legal decisions, never a Scram (so every
    camper's cards go through many moves); `apply` takes each decision (default: the game's)."""
    rng = random.Random(seed)
    apply = apply or game.apply
    while game.phase != "round_over":
        d = game.sample_decision(rng)
        if d != SCRAM:
            apply(d)
