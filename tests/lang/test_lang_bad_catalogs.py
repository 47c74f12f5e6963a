"""Bad catalogs met by the whole game, not only by the runtime: a damaged or missing `.mo` of
the language chosen in settings.json, or one whose translation of a drawn line has a broken
placeholder. The game starts and draws its menu, the broken line (or the whole language) is
said in English, the player is told in one line, and the self-test's languages check names
the language and the string (with sound catalogs it names the language the game spoke). A
language the settings name that this version lacks falls back to the system's, then English,
in one line."""

from __future__ import annotations

import io

import pygame
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from game.files.settings import Settings
from game.lang import catalogs, speech
from game.ui.kit import language
from game.ui.routes import make_app
from game.ui.selftest import CheckFailed, check_languages

MENU_CHOICE = "{choice} ({key} or Enter)"
"""A line the menu draws on a first start ("New game (N or Enter)"), with two fields."""


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    yield tmp_path
    speech.switch("en")


@pytest.fixture
def shipped(monkeypatch, tmp_path):
    """Put `data` (None: no file) where the game looks for `code`'s compiled catalog."""

    def put(code: str, data: bytes | None) -> None:
        path = tmp_path / "locale" / code / "scram.mo"
        path.parent.mkdir(parents=True, exist_ok=True)
        if data is not None:
            path.write_bytes(data)
        real = catalogs.catalog_resource
        monkeypatch.setattr(catalogs, "catalog_resource", lambda c: path if c == code else real(c))

    return put


def _german_with(broken: dict[str, str]) -> bytes:
    """The shipped German catalog, the messages of `broken` translated as given."""
    with open(catalogs.catalog_resource("de").parent / "scram.po", "rb") as f:
        catalog = read_po(f, locale="de")
    for msgid, said in broken.items():
        assert catalog[msgid] is not None, msgid
        catalog[msgid].string = said
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _started(setting: str, monkeypatch, locales=None):
    """The game as the launcher starts it with `setting` in settings.json and the system's
    `locales` (SDL's dicts): the language chosen, the menu opened and drawn."""
    monkeypatch.setattr(pygame.system, "get_pref_locales", lambda: list(locales or ()))
    app = make_app((1024, 640), Settings(language=setting, muted=True), persist=False)
    note = language.start_language(app)
    app.open("menu")
    app.step(1 / 60)
    return app, note


def _menu_lines(app) -> list[str]:
    return [b.label for b in app.top.buttons]


@pytest.mark.parametrize(("cut", "reason"), [(None, "missing"), (0.5, "damaged"), (0.01, "damaged")])
def test_a_damaged_or_missing_catalog_of_the_chosen_language_starts_the_game_in_english(
    monkeypatch, shipped, capsys, cut, reason
):
    good = catalogs.catalog_resource("de").read_bytes()
    shipped("de", None if cut is None else good[: int(len(good) * cut)])  # a download cut short
    app, note = _started("de", monkeypatch)
    assert speech.code == "en"
    assert "German" in note and reason in note and "\n" not in note
    assert app.messages == [note]  # the menu tells the player, once
    assert any(label.startswith("Settings (S") for label in _menu_lines(app)), _menu_lines(app)
    with pytest.raises(CheckFailed, match=r"1 of 7 catalogs have problems: de$"):
        check_languages(app)
    said = [line for line in capsys.readouterr().out.splitlines() if line.startswith("lang de ")]
    assert len(said) == 1 and said[0].endswith("; English is used"), said
    assert said[0].startswith(f"lang de (Deutsch): 1 problem(s): de/LC_MESSAGES/scram.mo is {reason}")


def test_a_broken_placeholder_says_that_line_in_english_and_the_self_test_names_it(
    monkeypatch, shipped, capsys
):
    shipped("de", _german_with({MENU_CHOICE: "{wahl} ({key} oder Enter)"}))
    app, note = _started("de", monkeypatch)
    assert note == "" and speech.code == "de"  # the catalog loads: German, but for that line
    labels = _menu_lines(app)
    assert any(label.startswith("Einstellungen (S") for label in labels), labels
    first = [label for label in labels if label.endswith("or Enter)")]
    assert first and not any("oder Enter" in label for label in labels), labels
    assert any("de: " in p and MENU_CHOICE in p and "said in English" in p for p in speech.problems)
    with pytest.raises(CheckFailed, match="de$"):
        check_languages(app)
    out = capsys.readouterr().out
    assert f"lang de (Deutsch): 1 problem(s): {MENU_CHOICE!r} -> " in out
    assert "its placeholders do not match" in out


@pytest.mark.parametrize(
    ("system", "spoken", "fallback"),
    [
        ([{"language": "pl", "country": "PL"}], "pl", "Polski"),
        ([{"language": "nl", "country": "NL"}], "en", "English"),
    ],
)
def test_a_language_this_version_lacks_falls_back_to_the_systems_then_english(
    monkeypatch, system, spoken, fallback
):
    app, note = _started("tlh", monkeypatch, system)
    assert speech.code == spoken
    assert "'tlh'" in note and fallback in note and "\n" not in note  # said in the language spoken
    assert app.messages == [note] and app.settings.language == "tlh"  # kept: a newer version may speak it
    assert _menu_lines(app)


def test_a_catalog_that_reads_but_holds_nothing_is_named_by_the_self_test(monkeypatch, shipped, capsys):
    shipped("de", b"\x95\x04\x12\xde" + b"\0" * 24)  # a sound header and no message at all
    app, note = _started("de", monkeypatch)
    assert note == "" and any(label.startswith("Settings (S") for label in _menu_lines(app))
    with pytest.raises(CheckFailed, match="de$"):
        check_languages(app)
    assert "lang de (Deutsch): 1 problem(s): the known line 'Scram! speaks English.' is not translated" in (
        capsys.readouterr().out
    )


def test_with_sound_catalogs_the_check_passes_and_names_the_language_the_game_spoke(monkeypatch):
    app, note = _started("", monkeypatch, [{"language": "pl", "country": "PL"}])  # the system's
    assert note == ""
    said = check_languages(app)
    assert said.endswith("; the game spoke pl (Polski): Scram! mówi po polsku."), said
    assert speech.code == "pl"  # spoken again after the menu was drawn in every language
