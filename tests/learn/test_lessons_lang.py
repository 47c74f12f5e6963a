"""The guided games speak every language: each lesson's title, each step's words (what to do,
why, what it showed) and everything the coach says along both courses (the progress marker,
who is playing, what comes next, a refused move, the closing words) is translated in every
catalogue, its placeholders filled, and names the same cards as the English."""

from __future__ import annotations

import re

import pytest

from game.lang import _, speech
from game.learn.tutorial import COURSES, Coach
from game.rules.decisions import DISCARD, TAKE

LANGUAGES = ("de", "fr", "es", "it", "pt_BR", "pl")
SAME = {"Scram!"}  # the game's name as a lesson title: it may stay as it is


@pytest.fixture(autouse=True)
def english_after():
    yield
    speech.switch("en")


def lesson_words(course) -> list[str]:
    """Every piece of English a course's lessons hold."""
    out = [course.title]
    for lesson in course.lessons:
        out.append(lesson.title)
        for step in lesson.steps:
            out += [step.prompt, step.why, *([step.after] if step.after else [])]
    return out


def coach_says(course) -> list[str]:
    """Everything the coach says along the course, in the language spoken, in order."""
    game = Coach.new_game(course)
    coach = Coach(game, course)
    said = [coach.why(), coach.progress()[2]]
    while not coach.finished:
        step = coach.step()
        if step is not None:
            said += [coach.prompt(), coach.why(), coach.why_not(DISCARD if step.decision == TAKE else TAKE)]
            decision = step.decision
        else:
            said.append(coach.why())
            decision = coach.bot_decision(game.turn)
        coach.on_events(game.apply(decision))
        said += [coach.progress()[2], coach.note, coach.why()]
    said.append(coach.closing_words())
    return [s for s in said if s]


def numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+|=", text))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", list(COURSES))
def test_every_lesson_word_is_translated_with_the_same_cards(lang, key):
    english = lesson_words(COURSES[key])
    speech.switch(lang)
    assert speech.code == lang
    found = []
    for words in english:
        said = _(words)
        if said == words and words not in SAME:
            found.append(f"untranslated: {words!r}")
        if numbers(said) != numbers(words):  # the lesson names the cards the table shows
            found.append(f"{words!r} names {numbers(words)}, the translation {numbers(said)}: {said!r}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", list(COURSES))
def test_everything_the_coach_says_is_translated_and_filled(lang, key):
    course = COURSES[key]
    english = coach_says(course)
    speech.switch(lang)
    said = coach_says(course)
    assert len(said) == len(english)
    left = [e for e, s in zip(english, said, strict=True) if e == s and e not in SAME]
    assert not left, f"{lang}: still English: {left}"
    unfilled = [s for s in said if "{" in s or "}" in s]
    assert not unfilled, unfilled
