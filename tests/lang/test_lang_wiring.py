"""The language in the game: kept in settings.json (a code, or "" for the system's), chosen at
start from it and from SDL's preferred locales (pygame-ce's list of dicts made "ll_CC"
strings), a language this version lacks falling back in one line the menu shows."""

from __future__ import annotations

import json

import pygame
import pytest

from game.files.settings import Settings, load_settings, save_settings
from game.lang import speech
from game.ui.kit import language


@pytest.fixture(autouse=True)
def english_after():
    yield
    speech.switch("en")


def _settings(tmp_path, value) -> Settings:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": value}), encoding="utf-8")
    settings, note = load_settings(path)
    assert note is None
    return settings


@pytest.mark.parametrize("value", ["de", "pt_BR", "", "nl", "pt_PT"])
def test_a_language_code_is_kept_as_the_settings_file_says(tmp_path, value):
    assert _settings(tmp_path, value).language == value


@pytest.mark.parametrize("value", [7, None, "x" * 30, "../de", "de DE", ["de"], "d"])
def test_a_language_that_is_no_code_falls_back_to_the_systems(tmp_path, value):
    assert _settings(tmp_path, value).language == ""


def test_the_language_is_written_with_the_other_settings(tmp_path):
    path = tmp_path / "settings.json"
    assert save_settings(Settings(language="pl"), path) is None
    assert load_settings(path)[0].language == "pl"


def test_sdls_preferred_locales_become_locale_strings(monkeypatch):
    found = [{"language": "de", "country": "AT"}, {"language": "fr", "country": None}, "junk", {"x": 1}]
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: found)
    assert language.preferred_locales() == ["de_AT", "fr"]
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [])
    assert language.preferred_locales() is None  # then the standard library's view is asked


class _App:
    def __init__(self, setting: str) -> None:
        self.settings = Settings(language=setting)
        self.messages: list[str] = []


def test_at_start_the_settings_language_is_spoken_before_the_systems(monkeypatch):
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [{"language": "fr", "country": "FR"}])
    app = _App("pl")
    assert language.start_language(app) == "" and speech.code == "pl" and not app.messages
    app = _App("")  # no choice kept: the system's
    language.start_language(app)
    assert speech.code == "fr"


def test_a_kept_language_this_version_lacks_falls_back_to_the_systems_in_one_line(monkeypatch):
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: [{"language": "es", "country": "MX"}])
    app = _App("nl")
    note = language.start_language(app)
    assert speech.code == "es"
    assert app.messages == [note] and "'nl'" in note and "Español" in note and "\n" not in note
    assert "settings" not in note  # said in Spanish, the language spoken from now on
    assert app.settings.language == "nl"  # kept: a newer version may speak it
