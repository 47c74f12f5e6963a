"""The text size and the theme in settings.json: kept as they were chosen, and a bad value
(another number, a string, a bool, an unknown theme) falls back to its default alone."""

from __future__ import annotations

import json

import pytest

from game.files.settings import TEXT_SIZES, THEMES, Settings, load_settings, save_settings


def test_the_text_size_and_theme_default_to_100_per_cent_and_the_standard_look():
    assert Settings().text_size == 100 and Settings().theme == "standard"
    assert TEXT_SIZES == (100, 125, 150, 200) and "high_contrast" in THEMES


@pytest.mark.parametrize("size", TEXT_SIZES)
def test_each_text_size_and_the_high_contrast_theme_are_kept(tmp_path, size):
    path = tmp_path / "settings.json"
    chosen = Settings(text_size=size, theme="high_contrast")
    assert save_settings(chosen, path) is None
    assert load_settings(path) == (chosen, None)


@pytest.mark.parametrize("bad", [0, 99, 175, 250, 2000, -100, 150.0, "150", True, None, [150]])
def test_a_bad_text_size_falls_back_to_100_alone(tmp_path, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"text_size": bad, "theme": "high_contrast", "muted": True}))
    assert load_settings(path) == (Settings(theme="high_contrast", muted=True), None)


@pytest.mark.parametrize("bad", ["", "dark", "HIGH_CONTRAST", 1, True, None, ["standard"]])
def test_a_bad_theme_falls_back_to_the_standard_look_alone(tmp_path, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"theme": bad, "text_size": 150}))
    assert load_settings(path) == (Settings(text_size=150), None)
