"""The top level's belief reads the table by leans measured in play (`studies/belief_leans.py`):
a card a camper kept from a draw is believed low, whatever it replaced, and the cards
nobody can read run a little higher for it."""

from __future__ import annotations

import random
from collections import Counter

from decks import stacked_game as table

from ai import make_bot
from ai.driver import feed
from game.rules.decisions import DISCARD, DRAW, Replace


def _after_an_opponent_keeps_a_draw():
    """Seat 0 draws and throws a 9; seat 1 draws the next card and keeps it in place of its
    face-up 13 (R-REPL-3: the 13 goes to the pile, face up; the kept card lies face down,
    known to seat 1 alone, R-REPL-6)."""
    game = table(4, campsites={1: [8, 9, 10, 13, 12]}, deck=[9, 2])
    bots = [make_bot(level, 0, 4, 5) for level in ("trailblazer", "expert")]
    feed(bots, game.events)
    for d in (DRAW, DISCARD, DRAW, Replace(((1, 3),))):
        feed(bots, game.play(d))
    return game, bots


def test_a_card_kept_from_a_draw_is_believed_low() -> None:
    """R-INFO-2: seat 0 does not know the kept card; the measured lean believes it lower than
    the rule of thumb (below the 13 it replaced) and lower than a card nobody has seen."""
    game, (top, expert) = _after_an_opponent_keeps_a_draw()
    view = game.view(0)
    assert view.campsites[1][3][0] is None  # still unknown to seat 0
    measured, rule = top.know(view), expert.know(view)
    assert measured.measured and not rule.measured
    assert measured.est[1][3] < 5.0 < rule.est[1][3]
    assert measured.est[1][3] < measured.est[1][0] - 2.0
    # The cards nobody can read share what the kept card is expected to leave: higher.
    assert measured.est[1][0] > rule.est[1][0]


def test_guesses_keep_the_cards_of_the_round_and_lean_the_kept_card_low() -> None:
    """A guessed table deals exactly the uncounted cards (the kept card included) and, over
    many guesses, gives the kept card low values far more often than counting alone."""
    game, (top, expert) = _after_an_opponent_keeps_a_draw()
    view = game.view(0)
    k = top.know(view)
    rng = random.Random(1)
    kept_low = 0
    for _ in range(400):
        rows = k.sample_rows(rng)
        guessed = Counter(v for s, row in enumerate(rows) for i, v in enumerate(row) if k.vals[s][i] is None)
        guessed.update(k.pool_left)
        assert guessed == Counter({v: c for v, c in enumerate(k.counts) if c})
        kept_low += rows[1][3] <= 5
    share_low = sum(k.counts[v] for v in range(6)) / sum(k.counts)
    assert kept_low / 400 > share_low + 0.25


def _kept(replace: Replace, campsite: list[int]):
    """Seat 0 draws and throws a 9; seat 1 draws a 4 and keeps it by `replace` (its
    campsite is `campsite`, slots 0-2 face down, 3-4 face up, R-SETUP-1). Seat 0's belief."""
    game = table(4, campsites={1: campsite}, deck=[9, 4])
    top = make_bot("trailblazer", 0, 4, 5)
    feed([top], game.events)
    for d in (DRAW, DISCARD, DRAW, replace):
        feed([top], game.play(d))
    return game, top.know(game.view(0))


def test_what_a_camper_gave_up_for_a_kept_card_sorts_its_lean() -> None:
    """R-INFO-1: whose eyes saw which card is public, so seat 0 can tell what seat 1 gave up
    for the card it kept: a card it had not seen (then it keeps only a low card), a face-up
    13 it knew (a card below it, anything up to 12), or a matching pair (nearly anything)."""
    _, blind = _kept(Replace(((1, 0),)), [8, 9, 10, 13, 12])
    _, single = _kept(Replace(((1, 3),)), [8, 9, 10, 13, 12])
    _, group = _kept(Replace(((1, 3), (1, 4))), [8, 9, 10, 7, 7])
    assert (blind.kinds[(1, 0)], single.kinds[(1, 3)], group.kinds[(1, 3)]) == ("blind", "single", "group")
    assert blind.est[1][0] < single.est[1][3] - 0.3
    assert blind.est[1][0] < group.est[1][3] - 1.0
    assert sum(blind.dist(1, 0)[6:]) < 0.05  # a 6 or more kept blind: about 1 time in 100


def test_a_card_kept_for_a_known_card_is_believed_below_it() -> None:
    """R-REPL-3: seat 1 replaced its face-up 5 with the drawn card: it would not have kept a
    card as high, so seat 0 believes the kept card below 5 nearly always."""
    _, k = _kept(Replace(((1, 3),)), [8, 9, 10, 5, 12])
    assert k.kinds[(1, 3)] == "single"
    assert sum(k.dist(1, 3)[5:]) < 0.05


def test_a_card_let_go_caps_the_cards_its_owner_knows() -> None:
    """Seat 1 keeps a drawn card blind, then draws a 2 and throws it (R-TURN-3): it would
    have kept the 2 in place of a higher card it knows, so seat 0 now believes the kept card
    at most 2 more often. The cards seat 1 has never seen get no such cap."""
    game = table(4, campsites={1: [8, 9, 10, 13, 12]}, deck=[9, 4, 10, 11, 12, 2])
    top = make_bot("trailblazer", 0, 4, 5)
    feed([top], game.events)
    for d in (DRAW, DISCARD, DRAW, Replace(((1, 0),)), DRAW, DISCARD, DRAW, DISCARD, DRAW, DISCARD):
        feed([top], game.play(d))
    before = top.know(game.view(0))
    for d in (DRAW, DISCARD):
        feed([top], game.play(d))
    after = top.know(game.view(0))
    assert (1, 0) not in before.caps and after.caps == {(1, 0): 2}
    assert sum(after.dist(1, 0)[3:]) < 0.8 * sum(before.dist(1, 0)[3:])
