"""Which language the game starts in: the settings' choice, else the system's preferred
locales, else English; a language this version lacks falls back with one line."""

from __future__ import annotations

import pytest

from game.lang import LANGUAGES, choose, match, system_locales


@pytest.mark.parametrize(
    "name, code",
    [
        ("de", "de"),
        ("de_DE", "de"),
        ("de-AT", "de"),
        ("de_CH.UTF-8", "de"),
        ("fr_CA@euro", "fr"),
        ("FR", "fr"),
        ("es-419", "es"),
        ("it_IT.ISO8859-1", "it"),
        ("pt-BR", "pt_BR"),
        ("pt_BR", "pt_BR"),
        ("pt_PT", "pt_BR"),
        ("pl_PL.UTF-8", "pl"),
        ("en_GB", "en"),
        ("German_Germany", "de"),
        ("Polish_Poland", "pl"),
        ("en-XA", "qps"),
        ("qps-ploc", "qps"),
    ],
)
def test_locale_strings_of_every_system_match_a_language(name, code):
    assert match(name) == code


@pytest.mark.parametrize("name", ["", "C", "POSIX", "C.UTF-8", "ja_JP", "zh-Hans", None, 42, "x" * 500])
def test_no_preference_or_a_language_the_game_lacks_matches_nothing(name):
    assert match(name) is None


def test_the_settings_choice_comes_first():
    chosen = choose("pl", ["de-DE", "en-US"])
    assert (chosen.code, chosen.source, chosen.note) == ("pl", "settings", "")


def test_with_nothing_in_settings_the_first_preferred_locale_the_game_speaks_wins():
    chosen = choose(None, ["ja-JP", "it-IT", "de-DE"])
    assert (chosen.code, chosen.source, chosen.note) == ("it", "system", "")
    assert choose("", ["fr-FR"]).code == "fr"


def test_nothing_known_anywhere_is_english():
    chosen = choose(None, ["ja-JP", "ko"])
    assert (chosen.code, chosen.source, chosen.note) == ("en", "default", "")


def test_a_language_this_version_lacks_falls_back_to_the_system_with_one_line():
    chosen = choose("nl", ["es-ES"])
    assert (chosen.code, chosen.source) == ("es", "system")
    assert chosen.note == "Language 'nl' from settings is not in this version; using Spanish."
    assert "\n" not in chosen.note


def test_then_to_english_with_one_line():
    chosen = choose("klingon", [])
    assert (chosen.code, chosen.source) == ("en", "default")
    assert chosen.note.endswith("using English.")


@pytest.mark.parametrize("bad", [42, ["de"], {"x": 1}, "\x00de", "de" * 100])
def test_a_damaged_settings_value_never_raises(bad):
    chosen = choose(bad, ["pl"])
    assert chosen.code == "pl" and chosen.note
    assert len(chosen.note) < 120


def test_without_a_list_the_standard_library_s_view_is_asked(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "pt_BR.UTF-8")
    assert choose(None).code == "pt_BR"


def test_the_standard_library_s_locales_in_gettext_s_order():
    env = {"LANGUAGE": "fr_CA:fr:en", "LC_ALL": "", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "pl_PL.UTF-8"}
    found = system_locales(env)
    assert found[:5] == ["fr_CA", "fr", "en", "de_DE.UTF-8", "pl_PL.UTF-8"]


def test_every_language_has_its_own_name_and_a_plural_rule():
    assert list(LANGUAGES)[:7] == ["en", "de", "fr", "es", "it", "pt_BR", "pl"]
    names = {code: lang.native for code, lang in LANGUAGES.items()}
    assert names["de"] == "Deutsch" and names["fr"] == "Français" and names["pl"] == "Polski"
    assert LANGUAGES["pl"].nplurals == 3 and LANGUAGES["de"].nplurals == 2


def test_begin_chooses_and_speaks_the_language():
    from game.lang import _, begin, speech

    try:
        chosen = begin(None, ["pl-PL"])
        assert (chosen.code, speech.code, _("Language")) == ("pl", "pl", "Język")
    finally:
        speech.switch("en")


def test_begin_with_a_broken_catalog_speaks_english_and_says_so_in_one_line(monkeypatch, tmp_path):
    from game.lang import begin, catalogs, speech

    broken = tmp_path / "scram.mo"
    broken.write_bytes(b"\x95\x04\x12\xde" + b"\x00" * 3)
    monkeypatch.setattr(catalogs, "catalog_resource", lambda code: broken)
    try:
        chosen = begin("de", [])
        assert chosen.code == speech.code == "en"
        assert "German" in chosen.note and "damaged" in chosen.note and "using English" in chosen.note
        assert "\n" not in chosen.note
    finally:
        speech.switch("en")
