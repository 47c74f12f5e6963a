"""Game records (RECORD_FORMAT.md): reading, writing and replaying them in-process."""

import json
import random

import pytest
from decks import record as stacked_record
from decks import stacked_deck

from game.rules.cards import deck_for
from game.rules.errors import RecordError
from game.rules.record import FORMAT, ReplayError, parse_record, replay, state_json, to_record
from game.rules.state import Game


def json_card(v):
    return "=" if type(v) is int and v == 0 else v


def random_game(campers: int, seed: int, stop: int | None = None) -> Game:
    rng = random.Random(seed)
    g = Game(campers, seed)
    while g.phase != "over" and (stop is None or len(g.actions) < stop):
        g.play(g.sample_decision(rng))
    return g


@pytest.mark.parametrize("campers", [3, 4, 6])
@pytest.mark.parametrize("stop", [None, 37])
def test_record_round_trips(campers, stop):
    """to_record → JSON → parse_record → replay gives the same state (finished or mid-game),
    for every seat's view too."""
    g = random_game(campers, 1000 + campers, stop)
    data = json.loads(json.dumps(to_record(g, names=["a", "b"])))
    assert data["format"] == FORMAT and data["names"] == ["a", "b"]
    back = replay(parse_record(data))
    for seat in (None, *range(campers)):
        assert state_json(back, seat) == state_json(g, seat)
    assert parse_record(data).extra == {"names": ["a", "b"]}


def test_stacked_record_round_trips():
    """A record with a stacked deck keeps its deck and replays to the same state."""
    g = Game(4, 5, 2, [stacked_deck(4, {2: [13, 12]}, deck=[7], start=2)])
    rng = random.Random(3)
    for _ in range(60):
        g.play(g.sample_decision(rng))
    data = json.loads(json.dumps(to_record(g)))
    assert data["decks"][0][:2] == [13, 12] and data["start"] == 2
    assert state_json(replay(parse_record(data))) == state_json(g)


def test_start_absent_or_null_comes_from_the_seed():
    """`start` absent or null: round 1's start camper from the seed (R-SETUP-3)."""
    base = {"format": FORMAT, "campers": 6, "seed": 77, "actions": []}
    a = replay(parse_record(base))
    b = replay(parse_record({**base, "start": None}))
    assert a.start == b.start == Game(6, 77).start


def test_rounds_beyond_the_decks_are_shuffled_from_the_seed():
    """Rounds beyond the `decks` list are shuffled from `seed`; decks beyond the last round
    are checked, then ignored."""
    deck = stacked_deck(4)
    many = [deck] * 6
    g = Game(4, 9, 0, many)
    assert g.deck == Game(4, 9, 0, [deck]).deck
    rec = stacked_record(4, [])
    rec["decks"] = rec["decks"] * 6
    parse_record(rec)
    rec["decks"][5] = rec["decks"][5][:-1]
    with pytest.raises(RecordError, match="deck 6"):
        parse_record(rec)


@pytest.mark.parametrize(
    "change",
    [
        {"format": "scram-record/2"},
        {"format": None},
        {"campers": 5},
        {"campers": "4"},
        {"campers": True},
        {"seed": None},
        {"seed": "1"},
        {"seed": 1.5},
        {"start": 4},
        {"start": -1},
        {"actions": None},
        {"actions": {}},
        {"decks": {}},
        {"decks": [list(range(1, 14)) * 4 + [1, 1, 1, 1]]},  # wrong multiset
        {"decks": [[*deck_for(4)[:-1]]]},  # wrong size
        {"decks": [deck_for(6)]},  # the 6-camper deck in a 4-camper game
        {"decks": [[14, *deck_for(4)[1:]]]},  # a non-card
        {"decks": [["x", *deck_for(4)[1:]]]},
        {"decks": [[True, *deck_for(4)[1:]]]},
        {"decks": [[1.0, *deck_for(4)[1:]]]},
        {"decks": [7]},
    ],
)
def test_bad_records_are_refused(change):
    """A record that is not this format, or whose deck is not the game's multiset, is refused."""
    rec = {"format": FORMAT, "campers": 4, "seed": 1, "start": 0, "actions": [], **change}
    rec = {k: v for k, v in rec.items() if v is not None}  # None: the key is missing
    if isinstance(rec.get("decks"), list):
        rec["decks"] = [[json_card(v) for v in d] if isinstance(d, list) else d for d in rec["decks"]]
    with pytest.raises(RecordError):
        parse_record(rec)


def test_three_campers_start_only_the_solo():
    """`start` with 3 campers: only 0 is allowed (R-SETUP-3)."""
    rec = {"format": FORMAT, "campers": 3, "seed": 1, "start": 1, "actions": []}
    with pytest.raises(RecordError):
        parse_record(rec)
    parse_record({**rec, "start": 0})


def test_a_record_that_is_not_an_object_is_refused():
    with pytest.raises(RecordError):
        parse_record([FORMAT])


def test_replay_error_names_the_index_and_keeps_the_state_before():
    """An illegal decision: ReplayError with its index; the game is the state just before it."""
    rec = stacked_record(4, [{"do": "draw"}, {"do": "discard"}, {"do": "take"}, {"do": "discard"}])
    with pytest.raises(ReplayError) as caught:
        replay(parse_record(rec))
    assert caught.value.index == 3
    assert state_json(caught.value.game) == state_json(replay(parse_record(rec), stop=3))
    assert caught.value.game.phase == "drawn" and caught.value.game.drawn_source == "discard"


def test_unknown_keys_are_ignored():
    """Unknown keys in the record and inside a decision are ignored (`end` outside replace/9/13
    is such a key)."""
    rec = stacked_record(
        4, [{"do": "draw", "why": 1}, {"do": "act", "targets": [[1, 0]], "end": "up"}], deck=[5]
    )
    rec["players"] = ["x"]
    g = replay(parse_record(rec))
    assert g.turn == 1 and g.campsites[1][0][2] == 1
