"""No leaks, as a property: the same decisions on decks that differ only in cards a seat never
saw give that seat byte-identical messages (views, events, reveals: everything) up to
`over`, which alone shows the seed and the decks. Driven through the table actor itself,
with connections that keep the exact text they are sent."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from hypothesis import Phase, assume, event, given, settings
from hypothesis import strategies as st
from memory_store import MemoryStorage
from net_support import run

from game.net import inbox, protocol
from game.net.limits import Window
from game.net.table import Table, TableOptions
from game.rules import (
    OVER,
    ROUND_OVER,
    CardsExchanged,
    Game,
    IllegalDecision,
    MalformedDecision,
    decision_from_json,
    decision_to_json,
    rounds_for,
    shuffled_deck,
)

CODE = "TEST23"


class Conn:
    """A connection that keeps every text frame the table sends it."""

    def __init__(self, name: str) -> None:
        self.name, self.sent, self.table = name, [], None
        self.reactions = Window(3, 5.0)
        self.changed = asyncio.Event()

    def send(self, text: str) -> None:
        self.sent.append(text)
        self.changed.set()

    def close(self, code: int, reason: str) -> None:
        pass

    def asked(self) -> None:  # (the table asked this seat to decide: nothing to count here)
        pass

    def bind(self, table) -> None:
        self.table = table

    def release(self, table) -> None:
        self.table = None


class Hub:
    def register(self, key, table) -> None: ...

    def unregister(self, key) -> None: ...

    def closed(self, table, why) -> None: ...

    def vacant(self, table, vacant) -> None: ...


def random_game(campers: int, seed: int, policy: int, decide=None) -> tuple[list, list, dict]:
    """Random legal decisions on explicit decks: (decks, [(seat, decision)], what was left
    in each round's deck at its end: round -> [(value, known mask)], top first; None for a
    round where a 12 exchanged a deck card, so its deck order no longer tells the cards).
    `decide(game, rng)`: another way to choose (random legal decisions if None)."""
    decks = [shuffled_deck(campers, seed, r) for r in range(1, rounds_for(campers) + 1)]
    game, rng = Game(campers, seed, decks=decks), random.Random(policy)
    moves, left, exchanged = [], {}, False
    while game.phase != OVER:
        seat, holding = game.turn, game.holding()
        decision = game.sample_decision(rng) if decide is None else decide(game, rng)
        events = game.apply(decision)
        moves.append((seat, decision_to_json(decision, holding)))
        exchanged |= any(type(e) is CardsExchanged and "deck" in (e.first[0], e.second[0]) for e in events)
        if game.phase in (ROUND_OVER, OVER):
            left[game.round] = None if exchanged else [game.deck_card(j) for j in range(game.deck_count)]
            exchanged = False
        if game.phase == ROUND_OVER:
            game.next_round()
    return decks, moves, left


def unseen_positions(deck: list, left: list | None, seat: int) -> list[int]:
    """Positions (top first) in a round's deck of the cards still in it at the round's end that
    `seat` never knew."""
    if not left:
        return []
    base = len(deck) - len(left)
    assert [deck[base + j] for j in range(len(left))] == [v for v, _ in left]
    return [base + j for j, (_, known) in enumerate(left) if not known >> seat & 1]


def shuffled_unseen(decks: list, left: dict, seat: int, rng: random.Random) -> list:
    out = [list(d) for d in decks]
    for r, deck in enumerate(out, start=1):
        where = unseen_positions(deck, left.get(r), seat)
        values = [deck[p] for p in where]
        rng.shuffle(values)
        for p, v in zip(where, values, strict=True):
            deck[p] = v
    return out


async def table_messages(campers: int, seed: int, decks: list, moves: list, upto: int | None = None) -> list:
    """Play `moves` (the first `upto` of them) at a table of human seats dealt `decks`; what
    each seat was sent, tokens blanked (they are random), `over` left out (it shows the decks)."""
    options = TableOptions(None, deal=lambda n: (seed, decks))
    levels = ("greenhorn",) * campers
    table = Table(CODE, campers, levels, "instant", Hub(), MemoryStorage(), options)
    table.run()
    conns = [Conn(f"Camper {n}") for n in range(campers)]
    table.post(inbox.Create(conns[0], protocol.Create(campers, 0, levels, "instant")))
    for c in conns[1:]:
        table.post(inbox.Message(c, protocol.Join(CODE)))
    table.post(inbox.Message(conns[0], protocol.Start()))
    upto = len(moves) if upto is None else upto
    for ver, (seat, decision) in enumerate(moves[:upto]):
        table.post(inbox.Message(conns[seat], protocol.Act(ver, decision)))
    table.post(inbox.Message(conns[0], protocol.React("nice")))  # the last thing the table does
    while not (conns[0].sent and conns[0].sent[-1].startswith('{"type":"reaction"')):
        await conns[0].changed.wait()
        conns[0].changed.clear()
    await table.stop()
    return [[_blank_token(m) for m in c.sent if not m.startswith('{"type":"over"')] for c in conns]


def _blank_token(message: str) -> str:
    assert not message.startswith('{"type":"error"'), message
    if message.startswith('{"type":"joined"'):
        return json.dumps({**json.loads(message), "token": "*"})
    return message


def views_agree_until(campers: int, seed: int, first: list, second: list, moves: list, seat: int) -> int:
    """How many of `moves` keep `seat`'s view (game.rules' SeatView) the same on both decks."""
    a, b = Game(campers, seed, decks=first), Game(campers, seed, decks=second)
    if a.view(seat).key() != b.view(seat).key():
        return -1
    for n, (_, raw) in enumerate(moves):
        try:
            for game in (a, b):
                game.apply(decision_from_json(raw, game.holding()))
        except (IllegalDecision, MalformedDecision):
            return n
        # (a round's end shows every card before the next deal: the view in between counts)
        if a.view(seat).key() != b.view(seat).key():
            return n
        if a.phase == ROUND_OVER:
            a.next_round(), b.next_round()
            if a.view(seat).key() != b.view(seat).key():
                return n
    return len(moves)


PHASES = (Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink)  # no "explain": slow here
GAMES = {
    "campers": st.sampled_from([3, 4, 6]),
    "seed": st.integers(0, 2**32),
    "policy": st.integers(0, 2**32),
    "data": st.data(),
}


def same_bytes_whatever_the_cards_never_seen(campers, seed, policy, data):
    """A whole game, up to `over`: the cards left in each round's deck that the seat never
    knew are shuffled among themselves."""
    decks, moves, left = random_game(campers, seed, policy)
    seat = data.draw(st.integers(0, campers - 1), label="seat")
    other = shuffled_unseen(decks, left, seat, data.draw(st.randoms(use_true_random=False), label="shuffle"))
    first = run(table_messages(campers, seed, decks, moves))
    second = run(table_messages(campers, seed, other, moves))
    assert first[seat] == second[seat]
    assert len(first[seat]) > len(moves)


def until_a_card_is_seen_no_message_depends_on_it(campers, seed, policy, data):
    """Two cards of one round's deck trade places: for as long as the seat's own view (the
    rules core's SeatView) is the same on both decks, so is every byte it is sent: its
    events, views and reveals tell it nothing more than its view."""
    decks, moves, _ = random_game(campers, seed, policy)
    seat = data.draw(st.integers(0, campers - 1), label="seat")
    r = data.draw(st.integers(0, len(decks) - 1), label="round")
    p, q = data.draw(st.lists(st.integers(0, len(decks[r]) - 1), min_size=2, max_size=2, unique=True))
    assume(decks[r][p] != decks[r][q])
    other = [list(d) for d in decks]
    other[r][p], other[r][q] = other[r][q], other[r][p]
    upto = views_agree_until(campers, seed, decks, other, moves, seat)
    assume(upto >= 0)
    event("the cards never reached the seat" if upto == len(moves) else "the seat saw a card at last")
    first = run(table_messages(campers, seed, decks, moves, upto))
    second = run(table_messages(campers, seed, other, moves, upto))
    assert first[seat] == second[seat]


def sweep(examples: int):
    return lambda test: settings(max_examples=examples, deadline=None, phases=PHASES)(given(**GAMES)(test))


# A few examples in the fast loop; the full sweeps are in tests/conftest.py's SLOW list.
@pytest.mark.slow
@sweep(60)
def test_a_seat_is_sent_the_same_bytes_whatever_the_cards_it_never_saw(campers, seed, policy, data):
    same_bytes_whatever_the_cards_never_seen(campers, seed, policy, data)


@sweep(4)
def test_a_seat_is_sent_the_same_bytes_quick(campers, seed, policy, data):
    same_bytes_whatever_the_cards_never_seen(campers, seed, policy, data)


@pytest.mark.slow
@sweep(100)
def test_until_a_seat_sees_a_card_its_messages_do_not_depend_on_it(campers, seed, policy, data):
    until_a_card_is_seen_no_message_depends_on_it(campers, seed, policy, data)


@sweep(6)
def test_until_a_seat_sees_a_card_quick(campers, seed, policy, data):
    until_a_card_is_seen_no_message_depends_on_it(campers, seed, policy, data)


def test_the_comparison_tells_a_seat_that_saw_a_card_apart():
    """Not vacuous: one decision past the point where the seat's view tells the two decks
    apart, its messages differ too."""
    found = 0
    for n in range(40):
        decks, moves, _ = random_game(4, n, n)
        other = [list(d) for d in decks]
        p = next(i for i in range(1, 40) if decks[0][i] != decks[0][0])
        other[0][0], other[0][p] = other[0][p], other[0][0]
        upto = views_agree_until(4, n, decks, other, moves, 0)
        if 0 <= upto < len(moves) and all(_plays(4, n, d, moves[: upto + 1]) for d in (decks, other)):
            first = run(table_messages(4, n, decks, moves, upto + 1))
            second = run(table_messages(4, n, other, moves, upto + 1))
            assert first[0] != second[0]
            found += 1
    assert found >= 5


def _plays(campers: int, seed: int, decks: list, moves: list) -> bool:
    game = Game(campers, seed, decks=decks)
    try:
        for _, raw in moves:
            game.play(decision_from_json(raw, game.holding()))
    except (IllegalDecision, MalformedDecision):
        return False
    return True
