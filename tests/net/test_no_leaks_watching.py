"""No leaks to a watcher, as a property (tests/net/test_no_leaks.py's, for the public table):
the same decisions on decks that differ only in cards that stayed face down give a watcher
byte-identical messages (views, events, reveals: everything) up to `over`, which alone
shows the seed and the decks; and, when two cards trade places, the same bytes for as long
as the public view (the rules core's `PUBLIC` eyes) cannot tell the decks apart. Driven
through the table actor itself, with connections that keep the exact text they are sent."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, event
from hypothesis import strategies as st
from memory_store import MemoryStorage
from net_support import run
from test_no_leaks import CODE, Conn, Hub, _plays, random_game, sweep, views_agree_until

from game.net import inbox, protocol
from game.net import watch_protocol as watch
from game.net.table import Table, TableOptions
from game.rules import (
    PUBLIC,
    SCRAM,
    Game,
)


class WatchingConn(Conn):
    address = "192.0.2.7"


async def watcher_messages(
    campers: int, seed: int, decks: list, moves: list, upto: int | None = None
) -> list:
    """Play `moves` (the first `upto`) at a table of human seats dealt `decks`, watched from
    before the start: every text the watcher was sent, `over` left out (it shows the decks)."""
    table = Table(
        CODE, campers, ("greenhorn",) * campers, "instant", Hub(), MemoryStorage(), TableOptions(None)
    )
    table.options.deal = lambda n: (seed, decks)
    table.run()
    conns = [Conn(f"Camper {n}") for n in range(campers)]
    wes = WatchingConn("Wes")
    table.post(inbox.Create(conns[0], protocol.Create(campers, 0, table.seats.levels(), "instant")))
    for c in conns[1:]:
        table.post(inbox.Message(c, protocol.Join(CODE)))
    table.post(inbox.Watch(wes, watch.Watch(CODE)))
    table.post(inbox.Message(conns[0], protocol.Start()))
    upto = len(moves) if upto is None else upto
    for ver, (seat, decision) in enumerate(moves[:upto]):
        table.post(inbox.Message(conns[seat], protocol.Act(ver, decision)))
    table.post(inbox.Message(conns[0], protocol.React("nice")))  # the last thing the table does
    while not (wes.sent and wes.sent[-1].startswith('{"type":"reaction"')):
        await wes.changed.wait()
        wes.changed.clear()
    await table.stop()
    assert not any(m.startswith('{"type":"error"') for m in wes.sent)
    return [m for m in wes.sent if not m.startswith('{"type":"over"')]


def shuffled_face_down(decks: list, left: dict, campers: int, rng: random.Random) -> list:
    """Each round's deck with the cards left in it at the round's end that never lay face up
    shuffled among themselves (seats may have looked at them). A card flipped on the deck is
    known to every seat from then on; one that every seat merely peeked at stays in place
    too (its mask cannot tell the two apart)."""
    everyone = (1 << campers) - 1
    out = [list(d) for d in decks]
    for r, deck in enumerate(out, start=1):
        rest = left.get(r)
        if not rest:
            continue
        base = len(deck) - len(rest)
        where = [base + j for j, (_, known) in enumerate(rest) if known != everyone]
        values = [deck[p] for p in where]
        rng.shuffle(values)
        for p, v in zip(where, values, strict=True):
            deck[p] = v
    return out


def hasty_game(campers: int, seed: int, policy: int) -> tuple[list, list, dict]:
    """`test_no_leaks.random_game`, but each camper mostly takes the decision that leaves its
    own campsite smallest and calls Scram as soon as it may, so rounds end with cards still
    in the deck (random play runs the deck out: nothing would stay face down to the end)."""
    return random_game(campers, seed, policy, _hasty)


def _hasty(game: Game, rng: random.Random):
    if game.why_illegal(SCRAM) is None:
        return SCRAM
    if rng.random() < 0.8:
        options = game.legal_decisions(3)
        rng.shuffle(options)
        return min(options[:12], key=lambda d: _size_after(game, d, game.turn))
    return game.sample_decision(rng)


def _size_after(game: Game, decision, seat: int) -> int:
    after = game.copy()
    after.apply(decision)
    return len(after.campsites[seat])


def same_bytes_whatever_the_face_down_cards(campers, seed, policy, data):
    decks, moves, left = hasty_game(campers, seed, policy)
    rng = data.draw(st.randoms(use_true_random=False), label="shuffle")
    other = shuffled_face_down(decks, left, campers, rng)
    event("the decks differ" if other != decks else "nothing to shuffle")
    first = run(watcher_messages(campers, seed, decks, moves))
    second = run(watcher_messages(campers, seed, other, moves))
    assert first == second
    assert len(first) > len(moves)


def until_a_card_shows_no_message_depends_on_it(campers, seed, policy, data):
    """Two cards of one round's deck trade places: as long as the public view is the same on
    both decks, so is every byte the watcher is sent."""
    decks, moves, _ = random_game(campers, seed, policy)
    r = data.draw(st.integers(0, len(decks) - 1), label="round")
    p, q = data.draw(st.lists(st.integers(0, len(decks[r]) - 1), min_size=2, max_size=2, unique=True))
    assume(decks[r][p] != decks[r][q])
    other = [list(d) for d in decks]
    other[r][p], other[r][q] = other[r][q], other[r][p]
    upto = views_agree_until(campers, seed, decks, other, moves, PUBLIC)
    assume(upto >= 0)
    event("the cards never showed" if upto == len(moves) else "a card showed at last")
    first = run(watcher_messages(campers, seed, decks, moves, upto))
    second = run(watcher_messages(campers, seed, other, moves, upto))
    assert first == second


@pytest.mark.slow
@sweep(8)
def test_a_watcher_is_sent_the_same_bytes_whatever_the_face_down_cards(campers, seed, policy, data):
    same_bytes_whatever_the_face_down_cards(campers, seed, policy, data)


@pytest.mark.slow
def test_a_watcher_is_sent_the_same_bytes_whatever_the_face_down_cards_quick():
    """One game of the sweep, in the fast loop: 27 cards are left face down in the first
    round's deck, shuffled, and the watcher cannot tell."""
    decks, moves, left = hasty_game(4, 0, 0)
    other = shuffled_face_down(decks, left, 4, random.Random(1))
    assert other[0] != decks[0] and other[1:] == decks[1:]
    assert run(watcher_messages(4, 0, decks, moves)) == run(watcher_messages(4, 0, other, moves))


@pytest.mark.slow
@sweep(60)
def test_until_a_card_shows_a_watchers_messages_do_not_depend_on_it(campers, seed, policy, data):
    until_a_card_shows_no_message_depends_on_it(campers, seed, policy, data)


@sweep(6)
def test_until_a_card_shows_quick(campers, seed, policy, data):
    until_a_card_shows_no_message_depends_on_it(campers, seed, policy, data)


def test_the_comparison_tells_apart_a_card_that_showed():
    """Not vacuous: one decision past the point where the public view tells two decks apart,
    the watcher's messages differ too."""
    found = 0
    for n in range(40):
        decks, moves, _ = random_game(4, n, n)
        other = [list(d) for d in decks]
        p = next(i for i in range(1, 40) if decks[0][i] != decks[0][0])
        other[0][0], other[0][p] = other[0][p], other[0][0]
        upto = views_agree_until(4, n, decks, other, moves, PUBLIC)
        if 0 <= upto < len(moves) and all(_plays(4, n, d, moves[: upto + 1]) for d in (decks, other)):
            first = run(watcher_messages(4, n, decks, moves, upto + 1))
            second = run(watcher_messages(4, n, other, moves, upto + 1))
            assert first != second
            found += 1
        if found >= 5:
            break
    assert found >= 5
