"""The learned value (what the searches judge a guessed table by): its shipped weights load,
read a table as rounds record it, and are what its fitting script makes of positions; the
searches that judge by it still see only what their seat knows."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from decks import hide_shuffle
from value_fit import ridge  # build/value_fit.py: build/ is on the tests' path

from ai import make_bot
from ai.driver import feed
from ai.value import FULL_DECK, NAMES, WEIGHTS_FILE, Value, features, shipped
from game.rules import Game, team_of


@pytest.mark.parametrize("campers", (3, 4, 6))
def test_the_shipped_weights_load_for_every_table_size(campers: int) -> None:
    v = shipped()
    assert v.knows(campers) and len(v.weights[campers]) == len(NAMES)
    assert FULL_DECK[campers] == len(Game(campers, 1).deck)
    meta = v.meta["sizes"][str(campers)]
    assert meta["rounds"] >= 200 and meta["deals"][2] >= 50  # fitted on many rounds


@pytest.mark.parametrize("campers", (3, 4, 6))
def test_a_table_is_worth_to_one_team_what_it_costs_the_other(campers: int) -> None:
    g = Game(campers, 11)
    for _ in range(30):
        g.apply(g.sample_decision(random.Random(len(g.actions))))
        if g.phase != "start":
            continue
        assert shipped()(g, 0) == pytest.approx(-shipped()(g, 1))


@pytest.mark.parametrize("campers", (4, 6))
def test_the_value_reads_a_table_as_rounds_record_it(campers: int) -> None:
    """Our team a card more, or a card of ours it has seen higher, is worth less to us, as
    the rounds the weights were fitted on recorded (R-SCORE-1..3)."""
    g = Game(campers, 5)
    v = shipped()
    seat = g.turn
    team = team_of(seat, campers)
    base = v(g, team)
    more = copy.deepcopy(g)
    more.campsites[seat].append((9, False, 0))
    assert v(more, team) < base
    seen = copy.deepcopy(g)
    seen.campsites[seat] = [(1, True, 0)] + seen.campsites[seat][1:]
    worse = copy.deepcopy(g)
    worse.campsites[seat] = [(12, True, 0)] + worse.campsites[seat][1:]
    assert v(worse, team) < v(seen, team)


def test_the_fit_recovers_the_weights_that_made_the_margins() -> None:
    """build/value_fit.py's ridge regression: margins made by known weights give them back."""
    rng = random.Random(2)
    w = [rng.uniform(-3, 3) for _ in NAMES]
    xs = [[rng.gauss(0, 5) for _ in NAMES] for _ in range(400)]
    ys = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
    got = ridge(xs, ys, 1e-9)
    assert got == pytest.approx(w, abs=1e-6)


def test_weights_round_trip_and_refuse_other_features() -> None:
    v = Value({4: [0.5] * len(NAMES)}, {"note": "test"})
    assert Value.from_json(v.to_json()).weights == v.weights
    bad = json.loads(v.to_json())
    bad["names"] = bad["names"][:-1]
    with pytest.raises(ValueError, match="other features"):
        Value.from_json(json.dumps(bad))


def test_the_weights_file_is_package_data() -> None:
    """The weights ship inside the `ai` package (pyproject's package data, the executable's
    data files), so a wheel and the one-file game find them."""
    top = Path(__file__).resolve().parents[2]
    assert (top / "ai" / WEIGHTS_FILE).is_file()
    assert WEIGHTS_FILE in (top / "pyproject.toml").read_text()
    assert f"ai/{WEIGHTS_FILE}" in (top / "build" / "exe_contents.py").read_text()


def test_features_see_only_the_table() -> None:
    """The features are the table's: a copy with the same cards gives the same numbers."""
    g = Game(4, 8)
    assert features(g, 0) == features(copy.deepcopy(g), 0)


@pytest.mark.slow
@pytest.mark.parametrize("level", ("sage", "trailblazer"))
def test_a_search_judged_by_the_learned_value_does_not_peek(level: str) -> None:
    """R-INFO-5: the first 60 decisions of a 4-camper game, bots judging by the learned value;
    at each of the first team's decisions the cards its seat does not know are permuted
    behind its back (a copy of the bot on each table) and it decides the same."""
    knobs = {"mid_stand": "learned"} | ({"least": 8, "most": 16, "batch": 8} if level == "sage" else {})
    rng = random.Random(4)
    game = Game(4, 91)
    bots = [
        make_bot(level if s % 2 == 0 else "trailblazer", s, 4, 3 + s, knobs if s % 2 == 0 else None)
        for s in range(4)
    ]
    feed(bots, game.events)
    checked = 0
    for _ in range(60):
        seat = game.turn
        view = game.view(seat)
        if seat % 2 == 0:
            other = hide_shuffle(game, seat, rng)
            assert other.view(seat).key() == view.key()
            a, b = copy.deepcopy(bots[seat]), copy.deepcopy(bots[seat])
            assert a.decide(view) == b.decide(other.view(seat))
            checked += 1
        feed(bots, game.play(bots[seat].decide(view)))
        if game.phase != "start" and game.phase not in ("drawn", "twelve"):
            break
    assert checked >= 20
