"""The table said aloud speaks only what the seat may know (R-INFO-1..5), as the bots' honesty
is proven: change the cards the seat does not know and not one spoken word changes.

At every decision of whole 4-camper games, for each seat and for a spectator (PUBLIC), the
words the table would say are made twice: from the real game, and from a copy whose cards
the seat does not know are permuted (face-down cards and the deck, `hide_shuffle`) and whose
event history has every value hidden from the seat replaced by another. The words: the log's
lines of the round so far (narration of the events as the seat sees them), every query key's
answer, and at the seat's own decision the prompt with its choices and every focus item's
words; at a round's end its reveal. The check can fail: the same words made from the whole
truth do change (the last test).
"""

from __future__ import annotations

import random

import pytest

from game.rules import DRAWN, OVER, ROUND_OVER, START, TWELVE
from game.rules import events as ev
from game.rules.events import PUBLIC, for_seat, seat_bit
from game.rules.state import Game
from game.seat.narration import Narrator
from game.seat.spoken import QUERY_KEYS, SpokenTable, prompt_words
from game.ui.table.turn import TurnMachine

NAMES = ["You", "Bea", "Cal", "Dot"]
TEAMS = ("Blue", "Orange")
VIEWERS = (0, 1, 2, 3, PUBLIC)


def hidden_from(game: Game, seat: int | None, rng: random.Random) -> Game:
    """A copy of `game` whose cards `seat` does not know are permuted among their places (a
    spectator knows no face-down card; `seat` None knows nothing at all: the counter-check)."""
    g = game.copy()
    bit = 0 if seat is None else seat_bit(seat)
    places = [
        ("c", s, i)
        for s, row in enumerate(g.campsites)
        for i, (_v, up, known) in enumerate(row)
        if not up and not known & bit
    ]
    places += [("d", i, 0) for i, known in enumerate(g.deck_known) if not known & bit]
    if g.phase == DRAWN and (seat is None or game.view(seat).drawn is None):
        places.append(("h", 0, 0))  # the card another camper holds, unseen
    values = [g.campsites[s][i][0] if k == "c" else g.deck[s] if k == "d" else g.drawn for k, s, i in places]
    rng.shuffle(values)
    for (k, s, i), v in zip(places, values, strict=True):
        if k == "c":
            _old, up, known = g.campsites[s][i]
            g.campsites[s][i] = (v, up, known)
        elif k == "d":
            g.deck[s] = v
        else:
            g.drawn = v
    return g


def scrambled(events: list, seat: int, rng: random.Random) -> list:
    """The events with every value hidden from `seat` replaced by a random card."""
    out = []
    for e in events:
        seen = for_seat(e, seat)
        if seen == e:
            out.append(e)
        elif type(e) is ev.RoundDealt:
            rows = tuple(tuple((v if up else rng.randint(1, 13), up) for v, up in row) for row in e.campsites)
            out.append(e._replace(campsites=rows))
        else:
            out.append(e._replace(card=rng.randint(1, 13)))
    return out


def words(game: Game, seat: int, events: list, truth: bool = False) -> list[str]:
    """Everything the table would say to `seat` now (`truth`: from the whole truth instead)."""
    human = None if seat == PUBLIC else seat
    view = game.view(None if truth else seat)
    dealt = max(i for i, e in enumerate(events) if type(e) is ev.RoundDealt)
    seen = [e if truth else for_seat(e, seat) for e in events[dealt:]]
    narrator = Narrator(NAMES, human)
    told = narrator.lines(seen)
    spoken = SpokenTable(NAMES, human, TEAMS)
    out = list(told)
    for letter, _what in QUERY_KEYS:
        out += spoken.answer(letter, view, told, None, False)
    out += [line for e in seen if type(e) is ev.RoundScored for line in spoken.reveal(e, game.campers)]
    if human is not None and game.turn == seat and game.phase in (START, DRAWN, TWELVE):
        turn = TurnMachine(seat, narrator, lambda d: None, lambda m: None, lambda s: None)
        turn.enter(view)
        labels = [b.label for b in turn.buttons if b.visible and b.enabled]
        items = turn.focus_items(game.campers, lambda s: len(view.campsites[s]))
        out.append(prompt_words(turn.prompt, labels, bool(items)))
        out += [spoken.item(view, item) for item in items]
    return out


def games(seeds: range, every: int = 1):
    """(game, decisions so far) at every `every`-th decision of whole random games."""
    for seed in seeds:
        rng = random.Random(seed)
        g = Game(4, seed)
        k = 0
        while g.phase != OVER:
            if g.phase == ROUND_OVER:
                yield g
                g.next_round()
                continue
            if k % every == 0:
                yield g
            g.play(g.view(g.turn).sample_decision(rng))
            k += 1
        yield g


def compare(seeds: range, every: int) -> tuple[int, int, int]:
    """(positions, lines compared, lines that differ)."""
    rng = random.Random(51)
    positions = compared = differ = 0
    for g in games(seeds, every):
        positions += 1
        for seat in VIEWERS:
            real = words(g, seat, g.events)
            other = hidden_from(g, None if seat == PUBLIC else seat, rng)
            told_other = words(other, seat, scrambled(g.events, seat, rng))
            compared += len(real)
            differ += sum(a != b for a, b in zip(real, told_other, strict=True))
    return positions, compared, differ


def test_a_round_of_spoken_words_does_not_change_when_unknown_cards_are_permuted():
    positions, compared, differ = compare(range(1), every=9)
    print(f"spoken honesty (quick): {positions} positions, {compared} lines compared, {differ} differ")
    assert positions > 10 and compared > 1000
    assert differ == 0


@pytest.mark.slow
def test_whole_games_of_spoken_words_do_not_change_when_unknown_cards_are_permuted():
    positions, compared, differ = compare(range(3, 8), every=1)
    print(f"spoken honesty: 5 whole games, {positions} positions, {compared} lines compared, {differ} differ")
    assert compared > 80_000
    assert differ == 0


def test_the_check_can_fail_words_from_the_whole_truth_change():
    rng = random.Random(52)
    changed = 0
    for g in games(range(1), every=9):
        real = words(g, 0, g.events, truth=True)
        other = words(hidden_from(g, None, rng), 0, scrambled(g.events, 0, rng), truth=True)
        changed += real != other
    assert changed > 5


def test_a_spectator_hears_the_public_table_only():
    """A spectator's words name no face-down card: every card the answers name is face up."""
    g = next(x for i, x in enumerate(games(range(2), every=1)) if i == 40)
    said = " ".join(words(g, PUBLIC, g.events))
    assert "you saw" not in said and "Your campsite" not in said
    assert "You are watching" in said
    public = g.view(PUBLIC)
    assert all(v is None for row in public.campsites for v, up, _k in row if not up)
