"""A seat's view rebuilt from the server's messages (the replay state as that seat, and the
seat's events as JSON) equals the view the core gives that seat, after every decision of
random games at 3, 4 and 6 campers, between rounds too; and so does a spectator's public
view (`PUBLIC`: no seat's eyes)."""

from __future__ import annotations

import json
import os
import random

import pytest
from decks import stacked_game

from game.rules import PUBLIC, ROUND_OVER, Game, events_to_json, state_dict
from game.rules.decisions import DISCARD, DRAW, SCRAM, Replace
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


@pytest.mark.parametrize("scrammer", [1, 2])
def test_r_end_2_when_the_deck_runs_out_in_the_final_turns_no_final_turn_is_left(scrammer):
    """R-SCRAM-2 and R-END-2: a camper declares Scram with fewer cards in the deck than final
    turns to come; the next campers draw them, and the round ends before seat 0's final turn
    (and seat 1's too, after seat 2's Scram). Nobody has a final turn left to come, in the
    core's view and in every view rebuilt from the wire."""
    game = stacked_game(4, campsites={0: [5] * 4 + [1], 1: [6] * 4 + [1], 2: [7] * 4 + [1]}, deck=["="] * 3)
    eyes = [*range(4), PUBLIC]
    memories = {s: SeatMemory(4, s) for s in eyes}
    before = {}
    for s, m in memories.items():
        m.follow(_wire(game, 0, s)[0])
        before[s] = m.view(_wire(game, 0, s)[1])
    decisions = [d for seat in range(3) for d in (DRAW, Replace(tuple((seat, i) for i in range(4))))]
    left = 3 - scrammer  # deck cards at the Scram: the round ends before seat 0's final turn
    decisions += [DRAW, DISCARD] * (len(game.deck) - 3 - left)  # (three drawn above)
    decisions += [SCRAM, *[DRAW, DISCARD] * left]
    for d in decisions:
        mark = len(game.events)
        game.apply(d)
        if game.phase == ROUND_OVER:
            break
        for s, m in memories.items():
            events, state = _wire(game, mark, s)
            m.follow(events, before[s].campsites)
            before[s] = m.view(state)
    assert (game.phase, game.scram, game.deck) == (ROUND_OVER, scrammer, [])  # seat 0 had no last turn
    assert game.view(0).final == ()
    over_keys = {s: _round_over_key(game, s) for s in eyes}
    game.next_round()
    for s, m in memories.items():
        played, _ = split_at_deal(_wire(game, mark, s)[0])
        m.follow(played, before[s].campsites)
        assert _key(m.round_over(_wire(game, mark, s)[1])) == over_keys[s], s
