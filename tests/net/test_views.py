"""What a seat is sent about the game, built fast (`views.Moves`, `views.state_message`,
`state_text`), is the very text the protocol's builders give from `state_dict`."""

from __future__ import annotations

import json
import random

import pytest

from game.net import protocol, views
from game.rules import Game, decision_to_json, events_to_json, state_dict, state_text


def positions(campers: int, seed: int):
    """Every position of a random game, with the decision that led to it and its events."""
    game, rng = Game(campers, seed), random.Random(seed)
    while not game.over:
        by, holding = game.turn, game.holding()
        decision = game.sample_decision(rng)
        mark = len(game.events)
        game.play(decision)
        yield game, by, decision_to_json(decision, holding), game.events[mark:]


@pytest.mark.parametrize(
    "campers", [3, pytest.param(4, marks=pytest.mark.slow), pytest.param(6, marks=pytest.mark.slow)]
)
def test_the_fast_texts_are_the_protocols_own(campers):
    for seed in range(1 if campers == 6 else 2):
        for game, by, decision, events in positions(campers, seed):
            moves = views.Moves(game, by, decision, events)
            for seat in range(campers):
                view = state_dict(game, seat)
                assert state_text(game, seat) == json.dumps(view, separators=(",", ":"))
                mine = events_to_json(events, seat)
                expected = protocol.move(len(game.actions), by, decision, view, mine, views.reveal(events))
                assert moves.to(seat) == protocol.encode(expected)
                dealt = events_to_json(views.round_events(game), seat)
                state = protocol.state(len(game.actions), seat, view, dealt)
                assert views.state_message(game, seat) == protocol.encode(state)
        assert state_text(game) == json.dumps(state_dict(game), separators=(",", ":"))


def test_a_round_end_reveals_every_card_and_its_scores():
    for _, _, _, events in positions(4, 7):
        shown = views.reveal(events)
        if shown is not None:
            scored = [e for e in events if type(e).__name__ == "RoundScored"][0]
            assert shown["scores"] == list(scored.recorded)
            assert [len(row) for row in shown["campsites"]] == [len(row) for row in scored.campsites]
            assert all(v == "=" or 1 <= v <= 13 for row in shown["campsites"] for v in row)
            return
    raise AssertionError("no round ended")
