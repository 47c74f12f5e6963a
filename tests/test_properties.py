"""Properties over thousands of seeded random games (the random-legal policy of game.sim).

Budget: the whole file runs in well under a minute on 2 cores; each size plays GAMES games
with cheap checks at every decision, replays a share of them from their records, and checks
view invariance at every decision of a smaller share.
"""

import random
from collections import Counter

import pytest

from game.cards import deck_for, team_of
from game.record import parse_record, replay, state_json, to_record
from game.state import Game

SIZES = [3, 4, 6]
GAMES = 1500
REPLAYED = 300  # of those, replayed from their record
VIEWED = 30  # games whose every decision is checked for view invariance (one random seat)


def cards_in_play(g: Game) -> list[int]:
    held = [g.drawn] if g.phase == "drawn" else []  # a 12 being decided is on the discard pile
    return [c[0] for row in g.campsites for c in row] + g.discard + g.deck + held


@pytest.mark.parametrize("campers", SIZES)
def test_random_games_keep_every_card_and_end_with_a_winner(campers):
    """R-DECK-1: every card is always somewhere (campsites + discard + deck + hand = 56 or 70,
    exactly the deck's multiset); R-GAME-1/2/3: every game ends after its rounds with a winner
    in {0, 1, "nobody"} that matches the totals; records round-trip (replay = same state)."""
    full = Counter(deck_for(campers))
    size = len(deck_for(campers))
    winners = Counter()
    for seed in range(GAMES):
        rng = random.Random(seed)
        g = Game(campers, seed)
        sample, play = g.sample_decision, g.play
        while g.phase != "over":
            play(sample(rng))
            held = g.phase == "drawn"
            assert sum(map(len, g.campsites)) + len(g.discard) + len(g.deck) + held == size
            if len(g.actions) % 16 == 0:
                assert Counter(cards_in_play(g)) == full
        assert Counter(cards_in_play(g)) == full
        assert g.winner in (0, 1, "nobody") and len(g.scores) == g.rounds == g.round
        a, b = g.totals
        assert g.totals == [sum(s[0] for s in g.scores), sum(s[1] for s in g.scores)]
        if a != b:
            assert g.winner == (0 if a < b else 1)
        elif campers == 3:
            assert g.winner == 0
        assert all(c[1] for row in g.campsites for c in row)
        winners[g.winner] += 1
        if seed < REPLAYED:
            back = replay(parse_record(to_record(g)))
            assert state_json(back) == state_json(g)
    assert winners[0] and winners[1]  # the random policy wins for both teams


def permuted(g: Game, seat: int, rng: random.Random) -> Game:
    """A copy of `g` in which every value `seat` does not know is shuffled among themselves."""
    h = g.copy()
    bit = 1 << seat
    spots = []
    for s, row in enumerate(h.campsites):
        for i, (value, up, known) in enumerate(row):
            if not up and not known & bit:
                spots.append(("camp", s, i, value))
    for i, known in enumerate(h.deck_known):
        if not known & bit:
            spots.append(("deck", i, None, h.deck[i]))
    if h.phase == "drawn" and g.view(seat).drawn is None:
        spots.append(("held", None, None, h.drawn))
    new = [v for *_, v in spots]
    rng.shuffle(new)
    for (where, a, b, _), v in zip(spots, new, strict=True):
        if where == "camp":
            _, up, known = h.campsites[a][b]
            h.campsites[a][b] = (v, up, known)
        elif where == "deck":
            h.deck[a] = v
        else:
            h.drawn = v
    return h


def assert_same_for(g: Game, h: Game, seat: int) -> None:
    v, w = g.view(seat), h.view(seat)
    assert v.key() == w.key()
    assert v.legal_decisions(max_replace_cards=2) == w.legal_decisions(max_replace_cards=2)
    assert v.count_replacements() == w.count_replacements()
    if seat == g.turn:  # the camper to move knows its held card: the true legal set is the same
        assert g.legal_decisions(max_replace_cards=2) == h.legal_decisions(max_replace_cards=2)
        assert g.legal_decisions(max_replace_cards=2) == v.legal_decisions(max_replace_cards=2)


@pytest.mark.parametrize("campers", SIZES)
def test_a_view_does_not_change_when_unknown_cards_are_permuted(campers):
    """R-INFO-1..5: a seat's view (and its legal decisions) depends only on what it knows:
    permuting the face-down cards and deck cards it does not know, and the held card it cannot
    see, leaves `view(seat).key()` and the legal decisions unchanged."""
    hidden_moves = 0
    for seed in range(VIEWED):
        rng = random.Random(10_000 + seed)
        g = Game(campers, seed)
        while g.phase != "over":
            seat = rng.randrange(campers)
            h = permuted(g, seat, rng)
            hidden_moves += sum(
                a != b
                for ra, rb in zip(g.campsites, h.campsites, strict=True)
                for a, b in zip(ra, rb, strict=True)
            )
            assert_same_for(g, h, seat)
            g.play(g.sample_decision(rng))
    assert hidden_moves > 300  # the permutations did move cards


@pytest.mark.parametrize("campers", SIZES)
def test_knowledge_marks_stay_within_the_table(campers):
    """R-INFO-2/4: known marks only on face-down cards; a face-up card carries none; the held
    card is known to its holder; teams are fixed (R-SEAT-2/3)."""
    for seed in range(100):
        rng = random.Random(seed)
        g = Game(campers, seed)
        while g.phase != "over":
            for row in g.campsites:
                for _, up, known in row:
                    assert not (up and known) and 0 <= known < 1 << campers
            if g.phase == "drawn":
                assert g.drawn_mask >> g.turn & 1
                assert g.view(g.turn).drawn == g.drawn
            g.play(g.sample_decision(rng))
        assert {team_of(s, campers) for s in range(campers)} == {0, 1}
