"""The translation runtime: lines in the current language with named placeholders, plurals and
contexts; a switch at run time that screens can observe; a broken translation or catalog that
never raises but falls back to English and is named by the self-test; the pseudo-locale."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

import game.lang as lang
from game.lang import catalogs, speech
from game.lang.phrases import as_the_system, cards, language_options, plural_sample
from game.lang.pseudo import CLOSE, OPEN, pseudo


@pytest.fixture(autouse=True)
def english_after():
    yield
    speech.switch("en")


def _mo(code: str, messages: dict, plural_forms: str | None = None) -> bytes:
    """A compiled catalog of `messages` (msgid or (singular, plural) or (context, msgid) -> msgstr)."""
    catalog = Catalog(locale=code, domain="scram")
    if plural_forms:
        catalog._num_plurals, catalog._plural_expr = 2, plural_forms
    for key, value in messages.items():
        if isinstance(key, tuple) and key[0].startswith("ctx:"):
            catalog.add(key[1], value, context=key[0][4:])
        else:
            catalog.add(key, value)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


@pytest.fixture
def shipped_catalog(monkeypatch, tmp_path):
    """Put a catalog file (bytes, or None for none) where the loader looks for `code`'s."""

    def put(code: str, data: bytes | None) -> None:
        path = tmp_path / code / "scram.mo"
        path.parent.mkdir(parents=True, exist_ok=True)
        if data is not None:
            path.write_bytes(data)
        real = catalogs.catalog_resource
        monkeypatch.setattr(catalogs, "catalog_resource", lambda c: path if c == code else real(c))

    return put


def test_english_is_the_code_s_own_strings_with_named_fields_filled():
    assert speech.code == "en"
    assert lang._("{name} drew from the deck", name="Bea") == "Bea drew from the deck"
    assert (
        lang._("A {brace} with no fields given is left alone")
        == "A {brace} with no fields given is left alone"
    )


def test_a_switch_translates_at_once_and_the_screens_can_tell(monkeypatch):
    seen = []
    stop = speech.subscribe(seen.append)
    before = speech.version
    assert speech.switch("de") == ""
    assert lang._(lang.PROBE) == "Scram! spricht Deutsch."
    assert speech.version == before + 1
    speech.switch("pl")
    assert lang._("Language") == "Język"
    stop()
    speech.switch("fr")
    assert seen == ["de", "pl"]  # no call after unsubscribing
    assert speech.version == before + 3


@pytest.mark.parametrize(
    "code, words",
    [
        ("en", "1 card, 2 cards, 5 cards, 22 cards, 25 cards"),
        ("de", "1 Karte, 2 Karten, 5 Karten, 22 Karten, 25 Karten"),
        ("fr", "1 carte, 2 cartes, 5 cartes, 22 cartes, 25 cartes"),
        ("pl", "1 karta, 2 karty, 5 kart, 22 karty, 25 kart"),
    ],
)
def test_plurals_follow_each_language_polish_has_three_forms(code, words):
    speech.switch(code)
    assert plural_sample() == words


def test_french_and_brazilian_portuguese_say_zero_in_the_singular():
    speech.switch("fr")
    assert cards(0) == "0 carte"
    speech.switch("pt_BR")
    assert cards(0) == "0 carta"
    speech.switch("es")
    assert cards(0) == "0 cartas"


def test_a_translation_may_put_the_fields_in_its_own_order(shipped_catalog):
    shipped_catalog("de", _mo("de", {"{name} gives {card} to {other}": "{other} bekommt {card} von {name}"}))
    speech.switch("de")
    said = lang._("{name} gives {card} to {other}", name="Bea", card="eine 7", other="Cal")
    assert said == "Cal bekommt eine 7 von Bea"


def test_contexts_tell_the_same_english_apart(shipped_catalog):
    shipped_catalog(
        "de", _mo("de", {("ctx:action", "Draw"): "Ziehen", ("ctx:result", "Draw"): "Unentschieden"})
    )
    speech.switch("de")
    assert lang.pgettext("action", "Draw") == "Ziehen"
    assert lang.pgettext("result", "Draw") == "Unentschieden"
    assert lang._("Draw") == "Draw"  # no such message without a context: the English


@pytest.mark.parametrize(
    "broken",
    ["{nom} a pioché", "{name a pioché", "{0} a pioché", "{name.missing} a pioché", "{name:d} a pioché"],
)
def test_a_broken_translation_falls_back_to_english_and_is_named(shipped_catalog, broken):
    shipped_catalog("fr", _mo("fr", {"{name} drew from the deck": broken}))
    speech.switch("fr")
    assert lang._("{name} drew from the deck", name="Bea") == "Bea drew from the deck"
    assert any("fr" in p and "drew from the deck" in p for p in speech.problems)
    checked = lang.self_test(("fr",))[0]
    assert any("drew from the deck" in p for p in checked.problems), checked.problems
    assert checked.line.startswith("fr (Français): ")


def test_the_code_s_own_string_with_the_wrong_fields_is_said_bare_not_raised():
    assert lang._("{name} drew", who="Bea") == "{name} drew"
    assert any("cannot be formatted" in p for p in speech.problems)


@pytest.mark.parametrize(
    "data, reason",
    [
        (None, "missing"),
        (b"", "damaged"),
        (b"\x00" * 64, "damaged"),
        (b"not a catalog at all, just text", "damaged"),
    ],
)
def test_a_missing_or_damaged_catalog_means_english_and_the_self_test_says_which(
    shipped_catalog, data, reason
):
    shipped_catalog("pl", data)
    assert reason in speech.switch("pl")
    assert speech.code == "en"
    assert lang._(lang.PROBE) == lang.PROBE
    assert cards(5) == "5 cards"
    checked = lang.self_test(("pl",))[0]
    assert (
        checked.problems
        and reason in checked.problems[0]
        and "pl/LC_MESSAGES/scram.mo" in checked.problems[0]
    )
    assert "pl (Polski)" in checked.line


def test_a_truncated_catalog_is_damaged_not_a_crash(shipped_catalog):
    good = catalogs.catalog_resource("de").read_bytes()
    shipped_catalog("de", good[: len(good) // 2])
    assert "damaged" in speech.switch("de")
    assert lang._("Language") == "Language"


def test_a_catalog_with_a_broken_plural_rule_is_damaged(shipped_catalog):
    shipped_catalog("it", _mo("it", {"Language": "Lingua"}, plural_forms="n ++ import os"))
    assert "damaged" in speech.switch("it")
    assert lang._("Language") == "Language"


def test_an_unknown_language_is_english_with_one_line():
    assert "no such language" in speech.switch("tlh")
    assert speech.code == "en"


def test_the_self_test_passes_on_the_shipped_catalogs_and_shows_each_translated():
    results = {c.code: c for c in lang.self_test()}
    assert set(results) == set(lang.CATALOGUED)
    for code, checked in results.items():
        assert not checked.problems, checked.line
        if code != "en":
            assert checked.probe != lang.PROBE and checked.strings >= 7, checked.line
    assert results["pl"].line.startswith("pl (Polski): ")
    assert results["pl"].line.endswith(" strings, ok: Scram! mówi po polsku.")


def test_language_names_are_in_their_own_language_whatever_is_spoken():
    speech.switch("de")
    options = dict(language_options("fr"))
    assert options[""] == "Wie das System (Français)"
    assert (
        options["pl"] == "Polski" and options["pt_BR"] == "Português (Brasil)" and options["de"] == "Deutsch"
    )
    assert "qps" not in options
    assert as_the_system(None) == "Wie das System"


# -- the pseudo-locale ------------------------------------------------------------------------


def test_the_pseudo_locale_brackets_accents_and_lengthens():
    speech.switch("qps")
    said = lang._("{name} drew from the deck", name="Bea")
    assert said.startswith(OPEN) and said.endswith(CLOSE)
    assert "Bea" in said and "deck" not in said
    assert len(said) >= 1.35 * len("Bea drew from the deck")


@pytest.mark.parametrize(
    "message",
    ["Draw", "New game (N or Enter)", "{name} drew {n} cards", "{{literal}} braces {n:d}", "a lone { brace"],
)
def test_pseudo_strings_keep_their_placeholders(message):
    out = pseudo(message)
    assert out.startswith(OPEN) and out.endswith(CLOSE)
    from game.lang.placeholders import fields

    assert fields(out) == fields(message)


def test_a_pseudo_line_said_without_fields_shows_the_braces_the_english_shows():
    message = "Scores {{like this}}, {that} and a lone { brace"
    english = lang._(message)
    speech.switch("qps")
    said = lang._(message)
    assert [ch for ch in said if ch in "{}"] == [ch for ch in english if ch in "{}"]


def test_pseudo_plurals_and_contexts_are_bracketed_too():
    speech.switch("qps")
    assert cards(3).startswith(OPEN) and "3" in cards(3)
    assert lang.pgettext("list", ", ") == f"{OPEN}, {CLOSE}"


def test_the_source_strings_grow_about_forty_percent_in_pseudo():
    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[2]
    with (root / "game" / "lang" / "locale" / "scram.pot").open("rb") as f:
        ids = [m.id if isinstance(m.id, str) else m.id[1] for m in read_po(f) if m.id]
    ids += ["Your seat at table {code} is waiting: Play with friends (F), then Return (R).", "Discard it"]
    english = sum(len(m) for m in ids)
    assert 1.3 * english <= sum(len(pseudo(m)) for m in ids) <= 1.7 * english


def test_python_m_game_lang_prints_a_line_per_language_and_succeeds(capsys):
    from game.lang.__main__ import main

    assert main() == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "en (English): the source language: Scram! speaks English."
    assert any(line.startswith("pl (Polski): ") and line.endswith("Scram! mówi po polsku.") for line in out)
    assert "  pl: 1 karta, 2 karty, 5 kart, 22 karty, 25 kart" in out
    assert speech.code == "en"


def test_text_that_bypassed_the_catalog_is_found_in_a_pseudo_screen():
    from game.lang.pseudo import bypassed

    speech.switch("qps")
    assert bypassed(plural_sample()) == ""
    assert bypassed(lang._("{name} drew", name="Bea")) == ""
    assert bypassed(f"{lang._('Language')}: 7 Menu") == "Menu"
    assert bypassed("Cal " + lang._("Language"), allowed=("Cal",)) == ""


@pytest.mark.parametrize(
    "rule, reason",
    [
        ("(n / 0)", "fails for 0"),
        ("(n > 1 ? 2 : 0)", "gives form 2"),
        ("(n - 5)", "gives form -5"),
    ],
)
def test_a_plural_rule_that_fails_or_names_a_missing_form_is_damaged_at_load(shipped_catalog, rule, reason):
    shipped_catalog("pl", _mo("pl", {"Language": "Język"}, plural_forms=rule))
    problem = speech.switch("pl")
    assert "damaged" in problem and reason in problem, problem
    assert cards(5) == "5 cards" and speech.code == "en"


@pytest.mark.parametrize("code", [None, 7, ["de"], "de" * 50])
def test_a_language_code_of_the_wrong_type_or_size_is_english_not_a_crash(code):
    assert "no such language" in speech.switch(code)
    assert speech.code == "en"
