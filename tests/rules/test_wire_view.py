"""A seat's view rebuilt from the server's messages (the replay state as that seat, and the
seat's events as JSON) equals the view the core gives that seat, after every decision of
random games at 3, 4 and 6 campers, between rounds too; and so does a spectator's public
view (`PUBLIC`: no seat's eyes)."""

from __future__ import annotations

import json
import os
import random

import pytest

from game.rules import PUBLIC, ROUND_OVER, Game, events_to_json, state_dict
from game.rules.event_json import event_from_json
from game.rules.wire_view import SeatMemory, WireViewError, read_state, split_at_deal

SEEDS = int(os.environ.get("SCRAM_WIRE_SEEDS", "8"))  # random games a table size (more: a longer sweep)


def _key(view) -> tuple:
    """Everything in a view."""
    return tuple(getattr(view, name) for name in view.FIELDS)


def _wire(game: Game, mark: int, seat: int) -> tuple[list, dict]:
    """What a server sends `seat` after the events from `mark` on: events and view, as JSON."""
    events = json.loads(json.dumps(events_to_json(game.events[mark:], seat)))
    return [event_from_json(e) for e in events], json.loads(json.dumps(state_dict(game, seat)))


def _round_over_key(game: Game, seat: int) -> tuple:
    v = game.view(seat)
    v.turn = None  # the core keeps the last camper's turn; the wire has no need of it
    return _key(v)


@pytest.mark.parametrize(
    "campers", [3, pytest.param(4, marks=pytest.mark.slow), pytest.param(6, marks=pytest.mark.slow)]
)
def test_the_rebuilt_view_is_the_seats_view_after_every_decision(campers):
    eyes = [*range(campers), PUBLIC]
    for seed in range(SEEDS):
        game = Game(campers, seed)
        memories = {s: SeatMemory(campers, s) for s in eyes}
        before = dict.fromkeys(eyes)
        for s, m in memories.items():
            events, state = _wire(game, 0, s)
            m.follow(events)
            before[s] = m.view(state)
            assert _key(before[s]) == _key(game.view(s))
        rng = random.Random(seed)
        while game.phase != "over":
            mark = len(game.events)
            game.apply(game.sample_decision(rng))
            ended = game.phase == ROUND_OVER
            over_keys = {s: _round_over_key(game, s) for s in eyes} if ended else None
            if ended:
                game.next_round()  # as a server does (`play`): the state sent is the next deal
            for s, m in memories.items():
                events, state = _wire(game, mark, s)
                played, deal = split_at_deal(events)
                m.follow(played, before[s].campsites)
                if ended:
                    assert deal
                    assert _key(m.round_over(state)) == over_keys[s], (seed, s)
                m.follow(deal)
                before[s] = m.view(state)
                assert _key(before[s]) == _key(game.view(s)), (seed, s, len(game.actions))


def test_a_rebuilt_view_judges_decisions_as_the_core_does():
    game = Game(4, 3)
    rng = random.Random(3)
    memory = SeatMemory(4, 0)
    memory.follow(_wire(game, 0, 0)[0])
    while game.phase != "over":
        mark = len(game.events)
        seat = game.turn
        view = game.view(seat)
        d = game.sample_decision(rng)
        game.play(d)
        if seat == 0:
            assert view.why_illegal(d) is None
        events, state = _wire(game, mark, 0)
        memory.follow(events, None)
        mine = memory.view(state)
        if mine.turn == 0 and mine.phase != "over":
            assert sorted(map(repr, mine.legal_decisions(2))) == sorted(
                map(repr, game.view(0).legal_decisions(2))
            )


@pytest.mark.parametrize(
    "change",
    [
        {"phase": "round_over"},
        {"phase": "lunch"},
        {"rounds": "4"},
        {"turn": 9},
        {"campsites": []},
        {"deck": -1},
        {"discard": [14]},
        {"winner": True},
        {"scores": [[1]]},
        {"totals": "0 0"},
    ],
)
def test_a_malformed_state_is_refused_in_one_line(change):
    state = state_dict(Game(4, 1), 0) | change
    with pytest.raises(WireViewError) as e:
        read_state(state, 4)
    assert "\n" not in str(e.value)


def test_a_face_up_card_must_show_its_value():
    state = state_dict(Game(4, 1), 0)
    state["campsites"][1][0] = {"card": None, "up": True, "known": []}
    with pytest.raises(WireViewError):
        read_state(state, 4)
