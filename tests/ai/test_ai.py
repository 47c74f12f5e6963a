"""The bots: contract, no peeking (R-INFO-5), legal decisions, memory, reproducibility."""

from __future__ import annotations

import copy
import json
import math
import random
import statistics
from collections import Counter
from pathlib import Path

import pytest
from decks import hide_shuffle
from searching import LIGHT_SEARCH

from ai import LEVELS, REFERENCE, Bot, make_bot
from ai.belief import Know
from ai.bots import LEVEL_PARAMS, LevelBot
from ai.driver import feed, play_game
from ai.levels import SEARCHING_AT
from ai.tournament import hurts, interval, main
from game.rules import parse_record, replay
from game.rules.state import Game

MODES = (3, 4, 6)
GAMES_PER_MODE = 15
# Whole games with every seat a sage take minutes: it has tests of its own (test_ai_sage.py).
PLAYERS = LEVELS + tuple(r for r in REFERENCE if r != "sage")
# Whole games at the top level and at the references that search take seconds each: their
# cases are slow, and the weaker levels keep each check in the fast loop.
HEAVY = ("trailblazer", "oracle", "expert", "master", "quick")


def _heavy_slow(levels: tuple[str, ...]) -> list:
    """The levels as parameters, the heavy ones marked slow."""
    return [pytest.param(lv, marks=pytest.mark.slow) if lv in HEAVY else lv for lv in levels]


RECORDS = Path(__file__).resolve().parent / "records"


def _bot(level: str, seat: int, campers: int, seed: int) -> Bot:
    knobs = LIGHT_SEARCH if level == "trailblazer" and campers in SEARCHING_AT else None
    return make_bot(level, seat, campers, seed, knobs)


def _bots(level: str, campers: int, seed: int) -> list[Bot]:
    return [_bot(level, s, campers, seed * 10 + s) for s in range(campers)]


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
    assert REFERENCE == ("random", "oracle", "expert", "master", "quick", "sage")
    for level in LEVELS + REFERENCE:
        bot = make_bot(level, 1, 4, 7)
        assert bot.level == level and bot.seat == 1
        assert callable(bot.observe) and callable(bot.decide)
        assert getattr(bot, "omniscient", False) == (level == "oracle")
    with pytest.raises(ValueError):
        make_bot("bear", 0, 4, 1)


def _ending(view) -> bool:
    """The last turns of a round, where the top level plays its candidates out."""
    return view.scram is not None or view.deck_size <= view.campers + 1


def _peek_trials(level: str, campers: int, seed: int, rng: random.Random) -> tuple[int, int]:
    """(decisions checked, decisions that changed) when every card the deciding seat does
    not know is permuted behind its back: a copy of the bot decides on the real table, an
    identical copy on the permuted one. A normal bot gets its seat's view of each; the
    omniscient oracle gets the whole truth of each (so it shows that the check can fail)."""
    checked = changed = 0
    game = Game(campers, 100 + seed)
    bots = _bots(level, campers, seed)
    feed(bots, game.events)
    while game.phase != "over":
        seat = game.turn
        bot = bots[seat]
        see = None if bot.omniscient else seat
        view = game.view(see)
        # Every decision of a round's last turns (where the top level searches), a
        # quarter of the others.
        if _ending(view) or len(view.campsites[seat]) <= 2 or rng.random() < 0.25:
            other = hide_shuffle(game, seat, rng)
            other_view = other.view(see)
            if not bot.omniscient:
                assert other_view.key() == view.key()  # the view leaks no hidden card
            a, b = copy.deepcopy(bot), copy.deepcopy(bot)  # same memory, same RNG state
            changed += a.decide(view) != b.decide(other_view)
            checked += 1
        feed(bots, game.play(bot.decide(view)))
    return checked, changed


@pytest.mark.parametrize(
    ("level", "campers"),
    [
        # the middle level at 6 campers plays long enough to be slow as well
        pytest.param(lv, n, marks=pytest.mark.slow) if lv in HEAVY or (lv, n) == ("ranger", 6) else (lv, n)
        for lv in (*LEVELS, "expert", "master")
        for n in MODES
    ],
)
def test_no_peeking(level: str, campers: int) -> None:
    """R-INFO-5: a decision depends only on what the seat knows (hidden cards permuted)."""
    checked, changed = _peek_trials(level, campers, 0, random.Random(5))
    assert changed == 0, (level, campers)
    assert checked > 40


@pytest.mark.slow
def test_no_peeking_check_catches_a_peeker() -> None:
    """The check above can fail: the oracle, which is given every card, does change its
    decisions when the cards it should not know are permuted."""
    checked, changed = _peek_trials("oracle", 4, 0, random.Random(5))
    assert checked > 40 and changed > 0


@pytest.mark.parametrize("campers", MODES)
@pytest.mark.parametrize("level", _heavy_slow(PLAYERS))
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


@pytest.mark.slow
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


def _forgotten_changed(view, memory, rng: random.Random) -> tuple[object, int]:
    """A copy of `view` in which every face-down card the seat knows but `memory` no longer
    holds shows some other value (deck positions too), and how many cards were changed."""
    fake = copy.copy(view)
    changed = 0
    rows = []
    for s, row in enumerate(view.campsites):
        out = []
        for i, (v, up, known) in enumerate(row):
            if not up and v is not None and memory.remembered(s, i) is None:
                v = (v + rng.randrange(1, 14)) % 14  # any other value (0 is `=`)
                changed += 1
            out.append((v, up, known))
        rows.append(tuple(out))
    fake.campsites = tuple(rows)
    deck = {}
    for pos, v in view.deck_known.items():
        if memory.deck_value(pos) is None:
            v = (v + rng.randrange(1, 14)) % 14
            changed += 1
        deck[pos] = v
    fake.deck_known = deck
    return fake, changed


def _forgetting_trials(bots: list, seed: int) -> tuple[int, int]:
    """(decisions taken while the seat knew cards its bot had forgotten, decisions that
    changed when those forgotten cards showed other values)."""
    rng = random.Random(seed)
    game = Game(4, 500 + seed)
    trials = changed = 0
    feed(bots, game.events)
    while game.phase != "over":
        bot = bots[game.turn]
        view = game.view(bot.seat)
        bot.memory.sync(view)  # what `decide` does first: the memory as the bot will read it
        fake, n = _forgotten_changed(view, bot.memory, rng)
        if n:
            a, b = copy.deepcopy(bot), copy.deepcopy(bot)
            changed += a.decide(view) != b.decide(fake)
            trials += 1
        feed(bots, game.play(bot.decide(view)))
    return trials, changed


@pytest.mark.parametrize("level", LEVELS[:3])
def test_forgotten_cards_are_not_used(level: str) -> None:
    """R-INFO-3, R-INFO-5: a card the seat saw but the bot forgot plays no part in its
    decisions: showing it with any other value changes nothing."""
    trials = 0
    for seed in range(2):
        n, changed = _forgetting_trials(_bots(level, 4, seed), seed)
        assert changed == 0, (level, seed)
        trials += n
    assert trials > 30  # the bots did forget cards their seats knew, often


def test_forgetting_check_catches_a_bot_reading_the_view() -> None:
    """The check above can fail: a scout that reads what it forgot from the view does
    change its decisions."""

    class ReadsTheView(LevelBot):
        def know(self, view) -> Know:
            self.memory.sync(view)
            return Know(view, self.seat, None, counting=True, infer=self.params.infer)

    bots = [ReadsTheView(LEVEL_PARAMS["scout"], s, 4, s) for s in range(4)]
    trials, changed = _forgetting_trials(bots, 0)
    assert trials > 30 and changed > 0


@pytest.mark.parametrize(
    ("level", "campers"),
    [
        pytest.param(lv, n, marks=pytest.mark.slow) if lv in HEAVY else (lv, n)
        for lv, n in [(lv, 4) for lv in PLAYERS] + [(LEVELS[-1], 3), (LEVELS[-1], 6)]
    ],
)
def test_reproducible_from_seed(level: str, campers: int) -> None:
    """The same game seed and bot seeds give the same game, decision for decision (the top
    level's searches included: their guesses come from the bot's seeded RNG)."""
    a = play_game(campers, _bots(level, campers, 9), 41)
    b = play_game(campers, _bots(level, campers, 9), 41)
    assert a.actions == b.actions and a.scores == b.scores


def test_the_bot_seed_matters() -> None:
    """The bots' own randomness (the greenhorn's noise, fading memories) comes from their
    seeds: other bot seeds, same deal, another game."""
    a = play_game(4, _bots(LEVELS[0], 4, 9), 41)
    b = play_game(4, _bots(LEVELS[0], 4, 10), 41)
    assert a.actions != b.actions


@pytest.mark.slow
@pytest.mark.parametrize("campers", MODES)
def test_many_seeded_games_stay_legal(campers: int) -> None:
    """Decisions stay legal over many seeded games with every level and the random player
    at the table, solo and duo included (`Game.play` raises on an illegal decision; the
    tournaments in bench/results/ play thousands more the same way)."""
    levels = LEVELS + ("random",)
    for seed in range(GAMES_PER_MODE):
        seats = [levels[(seed + 2 * s) % len(levels)] for s in range(campers)]
        bots = [_bot(seats[s], s, campers, seed * 7 + s) for s in range(campers)]
        game = play_game(campers, bots, 1000 + seed)
        assert game.phase == "over" and game.winner is not None


@pytest.mark.slow
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


def test_win_share_interval() -> None:
    """The 95% interval over deals: the normal one when deals differ, and one that does not
    collapse to a point when every deal ended alike."""
    xs = [1.0, 0.5, 0.0, 1.0] * 250
    lo, hi = interval(xs)
    assert lo == pytest.approx(0.625 - 1.96 * statistics.stdev(xs) / math.sqrt(1000))
    assert hi == pytest.approx(0.625 + 1.96 * statistics.stdev(xs) / math.sqrt(1000))
    lo, hi = interval([1.0] * 1000)
    assert 0.99 < lo < 1.0 and hi == pytest.approx(1.0)
    lo, hi = interval([0.0] * 1000)
    assert lo == pytest.approx(0.0) and 0.0 < hi < 0.01


def test_the_counter_scores_an_equals_as_its_campsites_lowest_card() -> None:
    """R-SCORE-1 in the team-hurting counter: an `=` brought into our campsite is worth our
    campsite's lowest card, not 0."""
    from decks import stacked_game as table

    from ai.tournament import hurts
    from game.rules.decisions import DRAW, Act

    game = table(4, campsites={0: [1, 1, 1, 2, 6], 1: [3, 3, 3, "="]}, deck=[11])
    game.apply(DRAW)
    # Our 6 for their `=`: in our campsite it scores as our 2 (the lowest we see). Fine.
    assert not hurts(game, 0, Act(((0, 4), (1, 3))))
    # Our 2 for their `=`: it would score as our 6 once the 2 is gone. That hurts.
    assert hurts(game, 0, Act(((0, 3), (1, 3))))


@pytest.mark.parametrize("level", _heavy_slow(LEVELS))
def test_the_discard_pile_under_the_top_is_a_memory(level: str) -> None:
    """R-INFO-3: the top level recalls the whole pile exactly; the memory-limited levels
    lose cards under the top as their memories fade, and count only what they recall."""
    shorter = checked = 0
    for seed in range(3):
        game = Game(4, 300 + seed)
        bots = _bots(level, 4, seed)
        feed(bots, game.events)
        while game.phase != "over":
            bot = bots[game.turn]
            view = game.view(bot.seat)
            recalled = bot.memory.pile_values(view)
            assert view.discard[-1] == recalled[-1] if view.discard else not recalled
            assert not (Counter(recalled) - Counter(view.discard))  # never a card not there
            shorter += len(recalled) < len(view.discard)
            checked += 1
            feed(bots, game.play(bot.decide(view)))
    if LEVEL_PARAMS[level].fade == 0:
        assert shorter == 0
    else:
        assert shorter > checked // 4


@pytest.mark.parametrize("level", LEVELS)
def test_a_twelve_views_two_cards_when_the_deck_is_empty_and_ours_are_equals(level):
    """R-ACT-12: a 12 views two cards wherever two exist. Found in a 3-camper game of scouts:
    the deck empty, the duo camper's own campsite empty, its teammate holding one `=` and the
    solo one card; the scout named only the solo's card (illegal)."""
    record = parse_record(json.loads((RECORDS / "twelve-with-an-empty-deck.record.json").read_text()))
    game = replay(record)
    seat = game.turn
    assert (game.phase, game.drawn, game.deck_count, seat) == ("drawn", 12, 0, 1)
    bot = make_bot(level, seat, 3, 1)
    feed([bot], game.events)
    decision = bot.decide(game.view(seat))
    assert game.why_illegal(decision) is None
