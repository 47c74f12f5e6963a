"""The bots: contract, no peeking (R-INFO-5), legal decisions, memory, reproducibility."""

from __future__ import annotations

import copy
import random

import pytest

from ai import LEVELS, REFERENCE, Bot, make_bot
from ai.driver import feed, play_game
from ai.tournament import hurts, main
from game.state import Game

MODES = (3, 4, 6)


def _bots(level: str, campers: int, seed: int) -> list[Bot]:
    return [make_bot(level, s, campers, seed * 10 + s) for s in range(campers)]


def bot_moves(game: Game, bots: list[Bot]):
    """Play `game` with `bots` (fed only their seats' events); pause after every move that
    leaves the game going."""
    feed(bots, game.events)
    while game.phase != "over":
        seat = game.turn
        feed(bots, game.play(bots[seat].decide(game.view(seat))))
        if game.phase != "over":
            yield


def test_contract() -> None:
    assert len(LEVELS) == 4 and len(set(LEVELS)) == 4
    assert REFERENCE == ("random", "oracle")
    for level in LEVELS + REFERENCE:
        bot = make_bot(level, 1, 4, 7)
        assert bot.level == level and bot.seat == 1
        assert callable(bot.observe) and callable(bot.decide)
        assert getattr(bot, "omniscient", False) == (level == "oracle")
    with pytest.raises(ValueError):
        make_bot("bear", 0, 4, 1)


def _hide_shuffle(game: Game, seat: int, rng: random.Random) -> Game:
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


@pytest.mark.parametrize("campers", MODES)
@pytest.mark.parametrize("level", LEVELS)
def test_no_peeking(level: str, campers: int) -> None:
    """R-INFO-5: a decision depends only on what the seat knows (hidden cards permuted)."""
    rng = random.Random(5)
    checked = 0
    for seed in range(2 if campers == 4 else 1):
        game = Game(campers, 100 + seed)
        bots = _bots(level, campers, seed)
        feed(bots, game.events)
        while game.phase != "over":
            seat = game.turn
            view = game.view(seat)
            if rng.random() < 0.25:
                other = _hide_shuffle(game, seat, rng)
                other_view = other.view(seat)
                assert other_view.key() == view.key()
                a, b = copy.deepcopy(bots[seat]), copy.deepcopy(bots[seat])
                assert a.decide(view) == b.decide(other_view)
                checked += 1
            decision = bots[seat].decide(view)
            feed(bots, game.play(decision))
    assert checked > 20


@pytest.mark.parametrize("campers", MODES)
@pytest.mark.parametrize("level", LEVELS + REFERENCE)
def test_decisions_legal_and_view_untouched(level: str, campers: int) -> None:
    """Every decision is legal in every mode, and `decide` leaves the view as it was."""
    for seed in range(2):
        game = Game(campers, 200 + seed)
        bots = _bots(level, campers, seed)
        feed(bots, game.events)
        while game.phase != "over":
            bot = bots[game.turn]
            view = game.view(None if bot.omniscient else game.turn)
            before = view.key()
            decision = bot.decide(view)
            assert view.key() == before
            assert game.why_illegal(decision) is None, decision
            feed(bots, game.play(decision))


@pytest.mark.parametrize("campers", MODES)
def test_perfect_memory_follows_every_card(campers: int) -> None:
    """R-INFO-2: the top level's memory, fed only events, equals what its seat knows after
    every move (kept cards, views, 11/12 exchanges, holes closing, penalties, deck tops)."""
    for seed in range(3):
        game = Game(campers, 300 + seed)
        bots = _bots(LEVELS[-1], campers, seed)
        for _ in bot_moves(game, bots):
            for bot in bots:
                view, mem = game.view(bot.seat), bot.memory
                for s, row in enumerate(view.campsites):
                    assert len(mem.rows[s]) == len(row)
                    for i, (v, up, _known) in enumerate(row):
                        if not up:
                            assert mem.remembered(s, i) == v, (s, i)
                for pos, v in view.deck_known.items():
                    assert mem.deck_value(pos) == v
        assert all(b.memory.resyncs == 0 for b in bots)


@pytest.mark.parametrize("level", LEVELS[:3])
def test_lower_levels_forget(level: str) -> None:
    """Memory-limited levels forget: they hold fewer face-down values than their seat
    could know, never more than their slots, and decide without the forgotten ones
    (R-INFO-3, R-INFO-5: what the seat could know is not what the bot remembers)."""
    game = Game(4, 17)
    bots = _bots(level, 4, 3)
    behind = 0
    for _ in bot_moves(game, bots):
        for bot in bots:
            view = game.view(bot.seat)
            could = sum(1 for row in view.campsites for v, up, _ in row if not up and v is not None)
            could += len(view.deck_known)
            held = bot.memory.count()
            assert held <= bot.params.slots
            k = bot.know(view)
            believed = sum(
                1
                for s, row in enumerate(k.vals)
                for i, v in enumerate(row)
                if v is not None and not k.ups[s][i]
            )
            assert believed + len(k.deck) == bot.memory.count() <= could
            behind += held < could
    assert behind > 10
    assert sum(b.memory.forgotten for b in bots) > 0


@pytest.mark.parametrize("level", LEVELS + REFERENCE)
def test_reproducible_from_seed(level: str) -> None:
    a = play_game(4, _bots(level, 4, 9), 41)
    b = play_game(4, _bots(level, 4, 9), 41)
    assert a.actions == b.actions and a.scores == b.scores


@pytest.mark.parametrize("campers", MODES)
def test_no_team_hurting_moves(campers: int) -> None:
    """No 13 to the own team, no discard of an opponent's card, no exchange that knowingly
    brings the higher card home (R-ACT-9..13), in a sample of games at every level."""
    for level in LEVELS:
        for seed in range(2):
            bots = _bots(level, campers, seed)
            bad = []

            def watch(game, seat, decision, dt, bots=bots, bad=bad):
                if hurts(game, seat, decision, bots[seat].memory):
                    bad.append((seat, decision))

            play_game(campers, bots, 400 + seed, watch)
            assert bad == [], (level, bad)


def test_tournament_command(capsys) -> None:
    assert main(["--levels"]) == 0
    assert capsys.readouterr().out.split() == list(LEVELS + REFERENCE)
    assert (
        main(["--campers", "3", "--teams", f"{LEVELS[1]},{LEVELS[0]}", "--games", "2", "--workers", "1"]) == 0
    )
    out = capsys.readouterr().out
    assert "win share" in out and "p95" in out and LEVELS[1] in out
