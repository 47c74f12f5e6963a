"""The table's words in every language: one narrated line for each kind of event (and each
effect of an action card), said by the player and by another camper, comes out translated in
German, French, Spanish, Italian, Brazilian Portuguese and Polish, its placeholders filled;
card counts take Polish's three plural forms; the prompts and the sidebar's words follow a
switch of language at once."""

from __future__ import annotations

import re

import pytest

from game.lang import ngettext, speech
from game.rules import events as ev
from game.seat.choice_words import chosen_words
from game.seat.narration import Narrator
from game.seat.phrases import a_card, ordinal
from game.seat.reasons import reason_words
from game.seat.words import action_help, seen_by_words

LANGS = ("de", "fr", "es", "it", "pt_BR", "pl")
NAMES = ["You", "Bea", "Cal", "Dot"]

# Each kind of line, told by the player (seat 0) or by Bea (seat 1): the events that make it.
SCRIPTS = {
    "a deal": [ev.RoundDealt(1, 1, 4)],
    "a deal you start": [ev.RoundDealt(2, 0, 4)],
    "a draw, seen": [ev.CardDrawn(0, 7, 1)],
    "a draw, unseen": [ev.CardDrawn(1, None, 2)],
    "a take": [ev.CardTaken(1, 4)],
    "a Scram": [ev.ScramDeclared(0)],
    "a discard": [ev.CardDiscarded(1, 8, None)],
    "a match": [ev.ReplacementRevealed(1, ((1, 0), (0, 2)), (5, 5), True, 0)],
    "one card replaced": [ev.ReplacementRevealed(0, ((0, 1),), (3,), True, 0)],
    "no match, a penalty": [ev.ReplacementRevealed(1, ((1, 0), (2, 1)), (3, 9), False, 2)],
    "no match, none": [ev.ReplacementRevealed(0, ((0, 0), (0, 1)), (3, 9), False, 0)],
    "a 12 left": [ev.ExchangeDeclined(1)],
    "a 12 swapped": [ev.CardsExchanged(0, (0, 1), (2, 3))],
    "a round over": [ev.RoundScored(1, (), (), (), (), None)],
    "a 6 looks": [ev.CardPlayed(1, 6), ev.CardViewed(1, (1, 0), None, 2), ev.CardViewed(1, (0, 2), None, 2)],
    "a 7 flips": [ev.CardPlayed(0, 7), ev.CardFlipped(0, (3, 1), 10)],
    "a 9 discards and lands": [
        ev.CardPlayed(1, 9),
        ev.CardDiscarded(1, 5, (2, 0)),
        ev.CardPlaced(1, 9, 1, 0, True, 15),
    ],
    "an 11 swaps": [ev.CardPlayed(1, 11), ev.CardsExchanged(1, ("deck", 0), (0, 3))],
    "a 13 given": [ev.CardPlayed(0, 13), ev.CardPlaced(0, 13, 2, 4, True, 15)],
    "a 13 given to you": [ev.CardPlayed(1, 13), ev.CardPlaced(1, 13, 0, 0, True, 15)],
}


@pytest.fixture(autouse=True)
def english_after():
    yield
    speech.switch("en")


def _said(script: list) -> list[str]:
    return Narrator(NAMES, 0).lines(script)


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_of_narrated_line_is_translated_with_its_placeholders_filled(lang):
    english = {kind: _said(script) for kind, script in SCRIPTS.items()}
    speech.switch(lang)
    assert speech.code == lang and not speech.problems
    for kind, script in SCRIPTS.items():
        said = _said(script)
        assert len(said) == len(english[kind]) == 1, (kind, said)
        line = said[0]
        assert line != english[kind][0], f"{lang} {kind}: still English: {line!r}"
        assert not re.search(r"\{\w*\}", line), f"{lang} {kind}: a placeholder left: {line!r}"
        # the words that come from outside the catalog are all there
        for name in ("Bea", "Cal", "Dot"):
            assert (name in line) == (name in english[kind][0]), (lang, kind, line)
    assert not speech.problems, speech.problems


def test_the_log_says_the_player_in_the_second_person_in_each_language():
    speech.switch("de")
    assert _said(SCRIPTS["a draw, seen"]) == ["Du ziehst eine 7."]
    assert _said(SCRIPTS["a draw, unseen"]) == ["Bea zieht eine Karte."]
    speech.switch("pl")
    assert _said(SCRIPTS["a 7 flips"]) == ["Zagrywasz 7 (Odkryj 1): odkrywasz 2. kartę gracza Dot (10)"]
    speech.switch("fr")
    assert _said(SCRIPTS["a 9 discards and lands"]) == [
        "Bea joue un 9 (Défausser 2)\u00a0: défausse la 1re carte de Cal (un 5), "
        "pose le 9 à l’extrémité gauche de son campement"
    ]


def test_polish_card_counts_take_their_three_forms():
    speech.switch("pl")
    assert [ngettext("{n} card", "{n} cards", n) for n in (1, 2, 5, 22, 25)] == [
        "1 karta",
        "2 karty",
        "5 kart",
        "22 karty",
        "25 kart",
    ]
    penalties = [
        Narrator(NAMES, 0).lines([ev.ReplacementRevealed(1, ((1, 0), (2, 1)), (3, 9), False, n)])[0]
        for n in (1, 2, 5)
    ]
    assert [p.rsplit("kara: ", 1)[1] for p in penalties] == [
        "1 dodatkowa karta.",
        "2 dodatkowe karty.",
        "5 dodatkowych kart.",
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_the_pieces_of_the_table_are_translated(lang):
    english = (a_card(8), a_card(None), ordinal(1), ordinal(3), action_help(7), action_help(0))
    english += (chosen_words([(0, 0), (0, 2), (1, 1)], 0, NAMES), seen_by_words([0, 1], 0, NAMES))
    english += (reason_words("the discard pile is empty"), reason_words("a 6 takes 2 targets here"))
    speech.switch(lang)
    said = (a_card(8), a_card(None), ordinal(1), ordinal(3), action_help(7), action_help(0))
    said += (chosen_words([(0, 0), (0, 2), (1, 1)], 0, NAMES), seen_by_words([0, 1], 0, NAMES))
    said += (reason_words("the discard pile is empty"), reason_words("a 6 takes 2 targets here"))
    same = [(e, s) for e, s in zip(english, said, strict=True) if e == s and not e[0].isdigit()]
    assert not same, same
    assert "Bea" in said[6] and "Bea" in said[7] and "6" in said[9]
    assert reason_words("a reason from a newer core") == "a reason from a newer core"


def test_the_network_words_of_the_table_are_said_in_the_players_language():
    """An absent camper's mark, the audience's count and the review together's line: built
    here from the server's facts, in this player's language (never the server's text)."""
    from types import SimpleNamespace

    from game.seat.audience import ReviewState
    from game.seat.remote_session import SeatInfo
    from game.seat.review_together import ReviewTogether

    away = SeatInfo({"kind": "human", "name": "Bea", "connected": False, "stand_in_due": 12}, now=0.0)
    review = ReviewState()
    review.lead, review.members = {"name": "Bea"}, [{"name": "Bea"}, {"name": "Cal"}]
    audience = SimpleNamespace(review=review, leading=False, watchers=[1, 2])
    together = ReviewTogether(SimpleNamespace(audience=audience))
    english = (away.away_words(0.0), together.words())
    assert english == ("away · a bot plays in 12 s", "Together · Bea leads · with Bea, Cal")
    speech.switch("pl")
    assert away.away_words(0.0) == "nieobecny · bot zagra za 12 s"
    assert away.away_words(20.0) == "nieobecny · gra bot" and away.bot_plays(20.0) and not away.bot_plays(0.0)
    assert together.words() == "Razem · Prowadzi Bea · z: Bea, Cal"
    speech.switch("de")
    assert together.words() == "Gemeinsam · Bea leitet · mit Bea, Cal"


def test_a_narrated_line_is_told_again_in_the_language_spoken_now():
    import pickle

    from game.seat.narration import said_again

    line = Narrator(NAMES, 0).lines_with_stand_in([ev.CardDrawn(0, None, 1)], [(0, 1)], "ranger")[0]
    assert line == "Your stand-in (ranger) drew a card."
    speech.switch("de")
    assert said_again(line) == "Deine Vertretung (Ranger) zieht eine Karte."
    assert said_again("a line of its own") == "a line of its own"
    assert type(pickle.loads(pickle.dumps(line))) is str  # sent elsewhere: the words alone


@pytest.mark.slow  # the top level's search, on a worker process it starts
def test_a_hint_is_said_in_the_players_language_also_from_the_bots_worker():
    """The hint's sentence (the top level's reason, in numbers) in German and Polish, told on
    the bots' worker process, which is told the player's language with each hint."""
    from game.rules.state import Game
    from game.seat.bots import WORKERS
    from game.seat.hint_follow import hint_in_language
    from game.thinking import shared_thinker

    game = Game(4, 5)
    seat = game.turn
    view, events = game.view(seat), game.events_for(seat)
    english = hint_in_language("en", view, events, 5, NAMES)[1]
    for lang in ("de", "pl"):
        job = shared_thinker(WORKERS).call(hint_in_language, lang, view, events, 5, NAMES)
        decision, sentence = job.result(timeout=120)
        assert decision == hint_in_language("en", view, events, 5, NAMES)[0]
        assert sentence != english and not re.search(r"\{\w*\}", sentence), (lang, sentence)
    speech.switch("pl")
    here = hint_in_language("pl", view, events, 5, NAMES)[1]
    assert here == sentence and speech.code == "pl"
