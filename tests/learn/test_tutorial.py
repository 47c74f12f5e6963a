"""The guided first game: its record replays exactly, every lesson the course promises is
in it, and a coach walks the player through it, refusing other moves."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest

from game.learn import tutorial
from game.learn.tutorial import COURSES, MORE, Coach, same_move
from game.learn.tutorial_record import RECORD
from game.rules.cards import EQ
from game.rules.decisions import DECK_TOP, DISCARD, SCRAM, TAKE, Act, Replace
from game.rules.events import (
    CardDiscarded,
    CardDrawn,
    CardFlipped,
    CardPlaced,
    CardsExchanged,
    CardViewed,
    ReplacementRevealed,
    RoundScored,
    ScramDeclared,
    TurnBegan,
)
from game.rules.record import parse_record, replay


def played(course=None) -> tuple:
    """The round played from the record with the coach watching: (game, coach, held cards)."""
    game = Coach.new_game(course)
    coach = Coach(game, course)
    held = []
    while not coach.finished:
        step = coach.step()
        if step is not None:
            assert coach.why_not(step.decision) is None
            decision = step.decision
        else:
            decision = coach.bot_decision(game.turn, game.view(game.turn))
        if game.turn == 0:
            held.append((decision, game.holding()))
        coach.on_events(game.apply(decision))
    return game, coach, held


def test_the_record_replays_to_a_won_scram(tmp_path) -> None:
    """R-SCRAM-1, R-SCRAM-2, R-SCORE-3: the player's Scram, three last turns, team 0 records 0."""
    game = replay(parse_record(RECORD))
    assert game.scores == [(0, 47)] and game.round == 2
    scram = next(k for k, e in enumerate(game.events) if type(e) is ScramDeclared)
    assert game.events[scram].seat == 0
    last = [e.seat for e in game.events[scram:] if type(e) is TurnBegan][:3]
    assert last == [1, 2, 3]
    path = tmp_path / "tutorial.json"
    path.write_text(json.dumps(RECORD))
    out = subprocess.run([sys.executable, "-m", "game.replay", str(path)], capture_output=True, text=True)
    assert out.returncode == 0 and json.loads(out.stdout)["scores"] == [[0, 47]]


@pytest.mark.parametrize("key", list(COURSES))
def test_the_player_plays_every_step_in_order(key) -> None:
    course = COURSES[key]
    game, coach, held = played(course)
    assert coach.steps_done == len(course.steps) == coach.total
    assert [d for d, _ in held] == [s.decision for s in course.steps]
    assert coach.closing_words()
    if key == "first":
        assert "records 0" in coach.closing_words()
    else:  # the second course stops after the player's last step
        assert len(game.actions) == len(coach.record.actions) and game.phase == "start"


def test_the_second_course_plays_what_the_first_only_tells() -> None:
    """The second guided game plays what the first one only tells: a card thrown away, the
    deck's top card as a target (a 5 views it), an 8 flipping two, a 9 throwing two away and
    joining the row at an end, an 11 swapping."""
    game, _coach, held = played(MORE)
    mine = [e for e in game.events if getattr(e, "seat", None) == 0]
    assert DISCARD in [d for d, _ in held]
    acted = {h for d, h in held if type(d) is Act}
    assert {5, 8, 9, 11} <= acted
    assert any(type(e) is CardViewed and e.target == DECK_TOP for e in mine)
    assert sum(1 for e in game.events if type(e) is CardFlipped) >= 2
    nine = next(d for d, h in held if h == 9)
    assert len(nine.targets) == 2 and nine.end == "left"
    assert any(type(e) is CardPlaced and e.seat == 0 and e.card == 9 for e in game.events)
    assert any(type(e) is CardsExchanged for e in game.events)
    assert sum(1 for e in game.events if type(e) is CardDiscarded and e.seat == 0) >= 3
    drawn = [e.card for e in game.events if type(e) is CardDrawn and e.seat == 0]
    assert drawn == [s.draw for s in MORE.steps if s.draw is not None]


def test_every_lesson_of_the_issue_is_in_the_round() -> None:
    game, _coach, held = played()
    kinds = {(type(d).__name__, h) for d, h in held}
    assert ("Draw", None) in kinds and ("Take", None) in kinds
    acted = {h for d, h in held if type(d) is Act}
    assert {6, 7, 10, 12, 13} <= acted  # view, flip, discard, exchange, give
    mine = [e for e in game.events if type(e) is ReplacementRevealed and e.seat == 0]
    assert any(e.matched and len(e.cards) == 2 and EQ not in e.cards for e in mine)  # a pair
    assert any(not e.matched and e.penalties == 1 for e in mine)  # R-REPL-5: 3 numbers, 1 card
    assert any(e.matched and EQ in e.cards and len(set(e.cards) - {EQ}) == 1 for e in mine)  # R-REPL-2
    assert any(e.matched and len(e.cards) == 3 for e in mine)  # the cards you remembered
    assert SCRAM in [d for d, _ in held]
    scored = next(e for e in game.events if type(e) is RoundScored)
    assert scored.recorded[0] == 0 and scored.team_totals[0] <= scored.team_totals[1]


def test_the_player_draws_the_cards_the_lessons_name() -> None:
    game, _coach, _held = played()
    mine = [e.card for e in game.events if type(e) is CardDrawn and e.seat == 0]
    assert mine == [s.draw for s in tutorial.STEPS if s.draw is not None]


def test_the_coach_refuses_other_moves_with_the_lesson_words() -> None:
    game = Coach.new_game()
    coach = Coach(game)
    assert coach.why_not(TAKE) == "Not this time: " + tutorial.STEPS[0].prompt
    assert coach.why_not(tutorial.STEPS[0].decision) is None
    assert coach.progress()[:2] == (0, len(tutorial.STEPS))


def test_same_move_ignores_target_order_only_where_it_changes_nothing() -> None:
    assert same_move(Act(((0, 1), (0, 0))), Act(((0, 0), (0, 1))))
    assert same_move(Replace(((0, 2), (2, 0), (2, 3))), Replace(((0, 2), (2, 3), (2, 0))))
    assert not same_move(Replace(((2, 3), (0, 2))), Replace(((0, 2), (2, 3))))  # the first card stays
    assert not same_move(Replace(((0, 2),), "left"), Replace(((0, 2),)))


def test_the_record_is_what_the_lessons_make() -> None:
    """build/make_tutorial.py stacks the deck from the lessons: the checked-in record is its output."""
    import make_tutorial  # build/ is on the tests' path (pyproject's pytest `pythonpath`)

    assert make_tutorial.build() == RECORD
    assert make_tutorial.build(MORE) == MORE.record


def test_the_lesson_panel_always_says_what_is_going_on() -> None:
    """Between the player's moves (the bots' turns, the last turns after
    the Scram) the panel says who plays and what comes next; it is never empty."""
    game = Coach.new_game()
    coach = Coach(game)
    said = []
    while not coach.finished:
        words = coach.why()
        assert words, f"an empty panel at decision {len(game.actions)}"
        said.append(words)
        step = coach.step()
        decision = step.decision if step is not None else coach.bot_decision(game.turn)
        coach.on_events(game.apply(decision))
    assert coach.why().startswith("The round is over")
    assert any(w.startswith("Bea is playing") and "Next for you" in w for w in said)
    assert any("last turn after your Scram" in w for w in said)


def test_every_action_family_is_played_by_the_player_and_named_by_its_lesson() -> None:
    """The player plays a card of each family (view, flip, discard,
    exchange, give), and each lesson that teaches a family names the card the player plays."""
    from game.rules.cards import ACTION_FAMILIES, ACTIONS

    pairs = list(itertools.pairwise(tutorial.STEPS))
    played_values = {step.draw for step, nxt in pairs if type(nxt.decision) is Act}
    assert {ACTIONS[v].family for v in played_values} == set(ACTION_FAMILIES)
    for lesson in tutorial.LESSONS:
        for step, nxt in itertools.pairwise(lesson.steps):
            if type(nxt.decision) is Act:
                assert f"It's a {step.draw}" in nxt.prompt


def test_the_last_lesson_says_where_the_memory_aid_lives() -> None:
    """The last lesson tells the player the memory aid exists and that Settings turns it on."""
    assert "memory aid" in tutorial.STEPS[-1].after and "Settings" in tutorial.STEPS[-1].after


def test_a_lesson_title_promises_only_the_card_the_player_plays() -> None:
    """A lesson's title names the action card the player plays in it; the
    family's other cards (5, 8, 9, 11) appear only as an aside in brackets or in the why."""
    import re

    for lesson in tutorial.LESSONS:
        played = {step.draw for step, nxt in itertools.pairwise(lesson.steps) if type(nxt.decision) is Act}
        outside = re.sub(r"\(.*?\)", "", lesson.title)
        named = {int(v) for v in re.findall(r"\b(\d+)\b", outside)}
        assert named <= played, (lesson.title, played)
        for step in lesson.steps:
            for v in (5, 8, 9, 11):
                assert f"It's a {v}" not in step.prompt and f"It's an {v}" not in step.prompt
