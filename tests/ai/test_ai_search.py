"""The top level's search: guessed tables agree with what the seat knows, the playouts rank
plans sensibly (drawing in a final turn), and the search really changes decisions."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from decks import scram_ready
from decks import stacked_game as table

from ai import LEVELS
from ai.belief import Know
from ai.bots import LEVEL_PARAMS, LevelBot
from ai.driver import feed, play_game
from ai.search import STAND, determinize, evaluate, greedy, over, play_on, recorded, result, standing
from game.rules.decisions import DISCARD, DRAW, SCRAM, TAKE, Replace
from game.rules.scoring import camper_score
from game.rules.state import Game

TOP = LEVELS[-1]


def quick(seat: int, campers: int, seed: int) -> LevelBot:
    """The top level's quick policy (its knobs, without the search at every decision the
    game's trailblazer adds, ai/deep.py): the close calls these tests watch are its own."""
    return LevelBot(LEVEL_PARAMS[TOP], seat, campers, seed)


def _cards(g: Game) -> Counter:
    """Every card of the round wherever it lies (campsites, deck, discard pile, hand)."""
    out = Counter(c[0] for row in g.campsites for c in row)
    out.update(g.deck)
    out.update(g.discard)
    if g.drawn is not None and g.drawn_source is not None:
        out[g.drawn] += 1
    return out


@pytest.mark.parametrize("campers", (3, 4, pytest.param(6, marks=pytest.mark.slow)))
def test_guessed_tables_look_like_the_real_one(campers: int) -> None:
    """R-INFO-1, R-INFO-2: a guessed table (determinized from the top level's belief) shows
    the seat exactly its real view, holds the same cards in all, follows the same turn
    order, and differs from other guesses only in what the seat does not know."""
    game = Game(campers, 700 + campers)
    bots = [quick(s, campers, 70 + s) for s in range(campers)]
    rng = random.Random(3)
    feed(bots, game.events)
    checked = differ = 0
    first = game.round
    while game.round == first and game.phase != "over":  # the first round is enough
        bot = bots[game.turn]
        view = game.view(bot.seat)
        if game.phase in ("start", "drawn") and rng.random() < 0.5:
            k = bot.know(view)
            a = determinize(k, rng, bot.memory.last_duo)
            b = determinize(k, rng, bot.memory.last_duo)
            for g in (a, b):
                assert g.view(bot.seat).key() == view.key()
                assert _cards(g) == _cards(game)
                if campers == 3 and game.turn == 0:  # who follows the solo (R-SEAT-3)
                    assert g.last_duo == game.last_duo
            differ += a.campsites != b.campsites or a.deck != b.deck
            checked += 1
        feed(bots, game.play(bot.decide(view)))
    assert checked > 10 and differ > checked // 2


def test_playouts_rank_an_obviously_better_plan_first() -> None:
    """Holding a drawn 1 with a face-up 13 at home: keeping the 1 in the 13's place beats
    discarding it, over the same guessed tables played out to the end of the round."""
    game = table(4, campsites={0: [5, 6, 7, 13, 12]}, deck=[1])
    game.play(DRAW)
    k = Know(game.view(0), 0, None)
    keep, discard = (Replace(((0, 3),)), None), (DISCARD, None)
    means = evaluate(k, [discard, keep], random.Random(1), 24, 2)
    assert means[1] > means[0] + 5


@pytest.mark.slow
def test_the_search_changes_some_decisions(monkeypatch) -> None:
    """The top level plays its candidates out and, some of the time, the playouts overturn
    the one-step choice (the first candidate)."""
    searched, overturned = [], []
    choose = LevelBot._choose

    def watched(self, k, cands, *rest):
        d = choose(self, k, cands, *rest)
        if len(cands) > 1:
            searched.append(d)
            overturned.append(d != cands[0][1][0])
        return d

    monkeypatch.setattr(LevelBot, "_choose", watched)
    play_game(4, [quick(s, 4, s) for s in range(4)], 800)
    assert len(searched) > 10 and any(overturned)


@pytest.mark.slow
def test_close_calls_are_searched_all_round_with_a_short_horizon(monkeypatch) -> None:
    """Away from the round's end the top level plays its close calls (replacements, actions,
    exchanges, take against draw) a short way ahead over guessed tables and judges the
    table's standing there (weighed by `Params.mid_stand`); in the last turns it plays to
    the round's end."""
    import ai.bots as bots_module
    from ai.policy import mid_steps
    from ai.search import STAND

    horizons: dict[bool, list[int]] = {True: [], False: []}
    weights: dict[bool, set] = {True: set(), False: set()}
    real = bots_module.evaluate

    def watched(
        k, plans, rng, samples, last_duo, max_steps=300, budget=None, game_scale=None, stand=STAND, *rest
    ):
        ending = k.view.scram is not None or k.view.deck_size <= k.campers + 1
        horizons[ending].append(max_steps)
        weights[ending].add(tuple(stand))
        return real(k, plans, rng, samples, last_duo, max_steps, budget, game_scale, stand, *rest)

    monkeypatch.setattr(bots_module, "evaluate", watched)
    play_game(4, [quick(s, 4, s) for s in range(4)], 801)
    top = bots_module.LEVEL_PARAMS[TOP]
    assert len(horizons[False]) > 10
    assert set(horizons[False]) == {mid_steps(top, 4)} == {10}
    assert set(horizons[True]) == {top.search_steps}
    assert weights == {False: {tuple(top.mid_stand or STAND)}, True: {STAND}}


def test_a_level_plays_its_table_size_knobs_at_that_size_only() -> None:
    """R-SEAT-2: 6 campers mean five others between two of our turns, so the top level
    plays its close calls a shorter way ahead there; at 3 campers its close calls stay as
    they were measured there; 4 campers keep the base knobs."""
    import ai.bots as bots_module
    from ai.policy import mid_steps

    top = bots_module.LEVEL_PARAMS[TOP]
    assert quick(0, 4, 1).params == top
    assert set(dict(top.by_table)) == {3, 6}
    for campers, knobs in top.by_table:
        played = quick(0, campers, 1).params
        assert played != top and played.by_table == ()
        for knob, value in knobs:
            assert getattr(played, knob) == value != getattr(top, knob)
    assert mid_steps(quick(0, 6, 1).params, 6) < mid_steps(top, 6)
    assert quick(0, 3, 1).params.mid_window < top.mid_window


def test_the_quick_policy_draws_in_a_final_turn() -> None:
    """R-SCRAM-2: after a Scram only the round's totals count, and a draw's chance of a big
    swing (a 13, an exchange, a low card) is worth more than a sure small gain; so the
    playouts' quick policy draws in a final turn where it takes the same discard otherwise.
    Seat 3 discards a 1; seat 0 either declares or draws and discards a 1 too, then seat 1
    (its cards unseen) faces a 1 on the discard pile."""
    final = scram_ready({}, deck=("=", 2, 3, 1, 1))
    final.apply(SCRAM)
    normal = scram_ready({}, deck=("=", 2, 3, 1, 1))
    normal.apply(DRAW)
    normal.apply(DISCARD)
    for game in (final, normal):
        assert (game.turn, game.discard[-1]) == (1, 1)
    assert greedy(normal) == TAKE
    assert greedy(final) == DRAW


def test_a_scram_declared_within_the_horizon_is_scored_as_the_round_records_it() -> None:
    """R-SCRAM-2, R-SCORE-3: a playout that reaches a Scram within its horizon plays the
    final turns to the round's end when asked (`scram_out`), so the record judges it (seat
    0's team, [=, 1] against the others' 28 points, records 0); otherwise the playout stops
    at its horizon and the standing judges the cards as if the round went on."""
    game = scram_ready({})
    game.apply(SCRAM)
    scored, left = game.copy(), game.copy()
    play_on(scored, 2, STAND, scram_out=True)
    play_on(left, 2, STAND)
    assert over(scored) and scored.scores[-1][0] == 0
    assert result(scored, 0, None) == recorded(scored, 0) == scored.scores[-1][1]
    assert not over(left) and left.scram == 0
    assert result(left, 0, None) == standing(left, 0)


def test_a_taper_makes_a_card_fewer_and_a_look_worth_less_as_the_deck_runs_down() -> None:
    """`Params.taper` (a measuring knob, off as shipped; ai/README.md): with fewer
    table turns left before the deck runs out (R-END-2), a card fewer brings a Scram less
    near and a card seen is used less often, so both fall linearly towards nothing over the
    deck's last `taper` table cycles."""
    top = LEVEL_PARAMS["trailblazer"]
    assert top.taper == 0.0
    tapered = dataclasses.replace(top, taper=4.0)
    game = Game(4, 11)
    assert LevelBot(top, game.turn, 4, 1).one_step(game.view(game.turn)).count_bonus == top.count_bonus
    assert LevelBot(tapered, game.turn, 4, 1).one_step(game.view(game.turn)).count_bonus == top.count_bonus
    worth = []
    while len(game.deck) > 6:
        game.apply(DRAW)
        game.apply(DISCARD)
        p = LevelBot(tapered, game.turn, 4, 1).one_step(game.view(game.turn))
        worth.append((len(game.deck), p.count_bonus, p.info))
        assert LevelBot(top, game.turn, 4, 1).one_step(game.view(game.turn)) == LevelBot(top, 0, 4, 1).params
    deck, bonus, info = worth[-1]
    assert bonus == pytest.approx(top.count_bonus * deck / 16) and info == pytest.approx(top.info * deck / 16)
    assert [w[1] for w in worth] == sorted((w[1] for w in worth), reverse=True) and worth[0][
        1
    ] == top.count_bonus


def test_the_close_calls_standing_weighs_points_cards_and_cards_known_as_asked() -> None:
    """The standing a close call is judged by (`Params.mid_stand`; ai/README.md):
    the other team's campsites (R-SCORE-1) minus ours, split into the points
    their owners know and the points they have not seen, a card fewer and a card seen, each
    with its own weight; eight weights are those at an empty deck and their change per card
    the deck holds. As shipped (`STAND`) it is the one-step policy's currency."""
    game = table(
        4,
        campsites={0: [4, 4, 1, 2, 3], 1: [9, 9, 8, 8, 10], 2: [5, 6, 7, 1, 2], 3: [13, 12, 11, 10, 3]},
        deck=(5,),
    )
    game.apply(DRAW)
    game.apply(Replace(((0, 0), (0, 1))))  # R-TURN: the two 4s go for the 5, a card fewer
    ours, theirs = (0, 2), (1, 3)
    blind = {s: [c for c in game.campsites[s] if not c[1] and not c[2] & (1 << s)] for s in range(4)}
    total = {s: camper_score([c[0] for c in game.campsites[s]]) for s in range(4)}

    def gap(f) -> float:
        return sum(f(s) for s in theirs) - sum(f(s) for s in ours)

    assert standing(game, 0, (1, 1, 0, 0)) == gap(lambda s: total[s]) == 44 + 49 - 11 - 21
    assert standing(game, 0, (0, 0, 1, 0)) == gap(lambda s: len(game.campsites[s])) == 1
    assert standing(game, 0, (0, 0, 0, 1)) == gap(lambda s: len(blind[s])) == 6 - 4
    assert standing(game, 0, (1, 0, 0, 0)) == gap(lambda s: total[s] - sum(c[0] for c in blind[s])) == 31 - 13
    assert standing(game, 1) == -standing(game, 0)
    assert standing(game, 0) == pytest.approx(
        gap(lambda s: total[s] + 2.5 * len(game.campsites[s]) + 2.0 * len(blind[s]))
    )
    deck = len(game.deck)
    assert standing(game, 0, (0.5, 0.5, 1.0, 0.0, 0.01, 0.01, 0.1, 0.0)) == pytest.approx(
        standing(game, 0, (0.5 + 0.01 * deck, 0.5 + 0.01 * deck, 1.0 + 0.1 * deck, 0.0))
    )
