"""Events as JSON (game.rules.event_json): every event type goes to JSON and back unchanged,
whole and as each seat sees it, and malformed event objects are refused."""

from __future__ import annotations

import json
import random

import pytest

from game.rules import (
    CardDrawn,
    EventJsonError,
    Game,
    RoundDealt,
    event_from_json,
    event_to_json,
    events_to_json,
    for_seat,
)
from game.rules.event_json import FIELDS


def random_game_events(campers: int, seed: int) -> list:
    game = Game(campers, seed)
    rng = random.Random(seed)
    while not game.over:
        game.play(game.sample_decision(rng))
    return game.events


@pytest.mark.parametrize("campers", [3, 4, 6])
def test_every_event_round_trips_whole_and_for_every_seat(campers):
    for seed in range(6):
        for event in random_game_events(campers, seed):
            for shown in (event, *(for_seat(event, s) for s in range(campers))):
                text = json.dumps(event_to_json(shown))  # through real JSON text
                back = event_from_json(json.loads(text))
                assert back == shown and type(back) is type(shown)


def test_every_event_type_was_played():
    seen = {type(e) for c in (3, 4, 6) for s in range(6) for e in random_game_events(c, s)}
    assert seen == set(FIELDS)


def test_the_equal_card_and_hidden_cards_are_written_as_in_records():
    assert event_to_json(CardDrawn(2, 0, 0b101)) == {"type": "CardDrawn", "seat": 2, "card": "=", "mask": 5}
    hidden = for_seat(CardDrawn(2, 7, 0b100), 0)
    assert event_to_json(hidden)["card"] is None


def test_a_seat_sees_no_face_down_value_of_a_deal():
    dealt = RoundDealt(1, 0, 5, (((3, False), (4, True)),), 40)
    assert events_to_json([dealt], 0)[0]["campsites"] == [[[None, False], [4, True]]]


@pytest.mark.parametrize(
    "bad",
    [
        [],
        {"type": "Nope"},
        {"type": "TurnBegan"},
        {"type": "TurnBegan", "seat": "0"},
        {"type": "TurnBegan", "seat": True},
        {"type": "CardDrawn", "seat": 0, "card": 14, "mask": 1},
        {"type": "CardDrawn", "seat": 0, "card": 0, "mask": 1},
        {"type": "CardViewed", "seat": 0, "target": ["deck", 2], "card": None, "mask": 1},
        dict(type="CardPlaced", seat=0, card=3, owner=0, slot=1, up=1, mask=0, penalty=False),
        {"type": "GameOver", "winner": "somebody", "totals": [1, 2]},
        dict(type="RoundDealt", round=1, start=0, discard_top=4, campsites=[[[3]]], deck_size=4),
    ],
)
def test_a_malformed_event_is_refused(bad):
    with pytest.raises(EventJsonError):
        event_from_json(bad)


def test_unknown_keys_are_ignored():
    assert event_from_json({"type": "TurnBegan", "seat": 1, "later": "x"}) == (1,)
