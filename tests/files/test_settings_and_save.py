"""The settings file and the save: a round trip keeps every value, a bad value falls back to its
default alone, a damaged file is set aside, an unwritable folder is one line, and the background
saver keeps the last save and reports a folder it cannot write."""

from __future__ import annotations

import json
from pathlib import Path

import ui_support  # noqa: F401  (dummy SDL drivers before pygame loads)

from game.files.saves import has_save, load_save, write_save
from game.files.settings import Settings, load_settings, save_settings
from game.rules.state import Game

ROOT = Path(__file__).resolve().parents[2]


def test_settings_round_trip_and_bad_values(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings(speed="instant", volume=0.3, memory_aid=True)
    assert save_settings(s, path) is None
    loaded, note = load_settings(path)
    assert note is None and loaded == s
    path.write_text(json.dumps({"speed": "warp", "volume": 7, "muted": True, "extra": 1}))
    loaded, note = load_settings(path)
    assert note is None and loaded.speed == "normal" and loaded.volume == 0.7 and loaded.muted


def test_corrupt_settings_are_set_aside(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{oops")
    loaded, note = load_settings(path)
    assert loaded == Settings() and "damaged" in note
    assert not path.exists() and list(tmp_path.glob("settings.json.corrupt-*"))


def test_unwritable_settings_folder_gives_a_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert "Could not save" in save_settings(Settings(), blocker / "settings.json")


def test_save_restores_exactly(tmp_path):
    path = tmp_path / "save.json"
    import random

    game = Game(4, 77)
    rng = random.Random(1)
    for _ in range(25):
        game.play(game.sample_decision(rng))
    assert write_save(game, ["A", "B", "C", "D"], [None, "scout", "scout", "scout"], 0, path) is None
    assert has_save(path)
    saved, note = load_save(path)
    assert note is None
    assert saved.game.view(None).key() == game.view(None).key()
    assert saved.players == ["A", "B", "C", "D"] and saved.human == 0


def test_bad_record_in_save_is_set_aside(tmp_path):
    path = tmp_path / "save.json"
    path.write_text(
        json.dumps({"format": "scram-record/1", "campers": 4, "seed": 1, "actions": [{"do": "fly"}]})
    )
    saved, note = load_save(path)
    assert saved is None and "damaged" in note and not path.exists()


def test_background_saver_keeps_the_last_save_and_deletes_in_order(tmp_path):
    import random

    from game.files.saves import SaveWriter

    path = tmp_path / "save.json"
    game = Game(4, 78)
    rng = random.Random(2)
    writer = SaveWriter(path)
    for _ in range(30):
        game.play(game.sample_decision(rng))
        writer.save(game, ["A", "B", "C", "D"], [None, "scout", "scout", "scout"], 0)
    writer.flush()
    saved, note = load_save(path)
    assert note is None and saved.game.view(None).key() == game.view(None).key()
    writer.save(game, ["A", "B", "C", "D"], [None] * 4, 0)
    writer.delete()  # the game is over: the save goes, after the write queued before it
    writer.close()
    assert not path.exists()
    writer.save(game, ["A", "B", "C", "D"], [None] * 4, 0)  # after close: written at once
    assert path.exists()


def test_background_saver_reports_an_unwritable_folder(tmp_path):
    from game.files.saves import SaveWriter

    blocker = tmp_path / "file"
    blocker.write_text("x")
    writer = SaveWriter(blocker / "save.json")
    writer.save(Game(4, 1), ["A", "B", "C", "D"], [None] * 4, 0)
    writer.close()
    assert writer.notes and "Could not save" in writer.notes[0]
