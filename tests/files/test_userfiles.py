"""Every user file (the save, the settings, any file of the game's own) goes through one
reader: bad content is set aside under a unique name, the player gets one line, the game
starts clean; writes are atomic and leave no temporary files behind."""

import json
import os
import random
import time
from pathlib import Path

import pytest

from game.files import disk as userfiles
from game.files.disk import MAX_BYTES, BadContent, read_user_json, set_aside, write_or_note
from game.files.saves import load_save, write_save
from game.files.settings import Settings, load_settings, save_settings
from game.files.stats import Stats, load_stats
from game.files.text import clean_text, parse_seed
from game.rules.state import Game


def _game() -> Game:
    game = Game(4, 77)
    rng = random.Random(1)
    for _ in range(12):
        game.play(game.sample_decision(rng))
    return game


def _save_text(tmp_path) -> str:
    path = tmp_path / "good-save.json"
    write_save(_game(), ["A", "B", "C", "D"], [None, "scout", "scout", "scout"], 0, path)
    return path.read_text(encoding="utf-8")


def _shape(data):
    if not isinstance(data, dict) or not isinstance(data.get("games"), int):
        raise BadContent("not a statistics object")
    return data


# The three kinds of file, each with how to load it: (value, note).
LOADERS = {
    "save": ("save.json", load_save),
    "settings": ("settings.json", load_settings),
    "own file": ("own.json", lambda p: read_user_json(p, "the statistics", _shape)),
    "statistics": ("stats.json", load_stats),
}
EMPTY = (None, Settings(), Stats())  # what each loader gives when it starts clean
BAD = {
    "invalid UTF-8": b'{"speed": "fa\xff\xfest"}',
    "NUL byte": b'{"games": 1}\x00',
    "raw control character in a string": b'{"player_name": "a\x07b"}',
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "deep objects": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "NaN": b'{"volume": NaN}',
    "trailing junk": b"{} {}",
    "empty": b"",
    "a list": b"[1, 2, 3]",
    "a string": b'"hello"',
    "UTF-16": '{"games": 1}'.encode("utf-16"),
}
# Wrong shapes that are valid JSON objects: the settings keep their defaults key by key
# (a settings object with junk values is still settings), the others are refused.
WRONG_SHAPE = {
    "save": [b'{"format": "scram-record/1", "campers": 5, "seed": 1, "actions": []}', b'{"games": 1}'],
    "own file": [b'{"games": "many"}', b'{"format": "scram-record/1"}'],
}


def _assert_set_aside(tmp_path, name, value, note, raw):
    assert "Traceback" not in note and "\n" not in note, note
    assert "kept as " + name + ".corrupt-" in note, note
    assert not (tmp_path / name).exists()
    kept = list(tmp_path.glob(name + ".corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == raw  # the player keeps every byte


@pytest.mark.parametrize("kind", LOADERS)
@pytest.mark.parametrize("what", BAD, ids=list(BAD))
def test_bad_content_is_set_aside_with_one_line(tmp_path, kind, what):
    name, load = LOADERS[kind]
    raw = BAD[what]
    (tmp_path / name).write_bytes(raw)
    value, note = load(tmp_path / name)
    assert value in EMPTY
    _assert_set_aside(tmp_path, name, value, note, raw)
    again, note = load(tmp_path / name)  # the next start is clean and quiet
    assert note is None and again in EMPTY


@pytest.mark.parametrize("kind", ["save", "own file"])
def test_wrong_shapes_are_set_aside(tmp_path, kind):
    name, load = LOADERS[kind]
    for raw in WRONG_SHAPE[kind]:
        (tmp_path / name).write_bytes(raw)
        value, note = load(tmp_path / name)
        assert value is None and "damaged" in note
    assert len(list(tmp_path.glob(name + ".corrupt-*"))) == len(WRONG_SHAPE[kind])


def test_settings_with_wrong_values_keep_the_defaults_one_by_one(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"speed": 3, "volume": "loud", "muted": True, "player_name": ["x"]}))
    settings, note = load_settings(path)
    assert note is None and settings == Settings(muted=True)


@pytest.mark.parametrize("kind", LOADERS)
def test_a_huge_file_is_not_read_whole(tmp_path, kind):
    name, load = LOADERS[kind]
    path = tmp_path / name
    with open(path, "wb") as f:  # sparse where the file system allows: cheap to make
        f.truncate(MAX_BYTES * 4)
    value, note = load(path)
    assert value in EMPTY and "larger than 8 MB" in note


@pytest.mark.parametrize("kind", LOADERS)
def test_a_bom_is_allowed(tmp_path, kind):
    name, load = LOADERS[kind]
    good = {
        "save": _save_text(tmp_path),
        "settings": json.dumps({"speed": "fast"}),
        "own file": json.dumps({"games": 3}),
        "statistics": json.dumps(Stats().to_json()),
    }[kind]
    (tmp_path / name).write_bytes(b"\xef\xbb\xbf" + good.encode())
    value, note = load(tmp_path / name)
    assert note is None and value not in (None, Settings())


@pytest.mark.parametrize("kind", LOADERS)
def test_an_unreadable_file_is_set_aside(tmp_path, kind):
    """A folder where the file should be cannot be read on any system (and stops any write)."""
    name, load = LOADERS[kind]
    (tmp_path / name).mkdir()
    value, note = load(tmp_path / name)
    assert value in EMPTY and "could not be read" in note and "\n" not in note
    assert not (tmp_path / name).exists() and list(tmp_path.glob(name + ".corrupt-*"))


def test_a_file_without_read_permission_is_set_aside(tmp_path, monkeypatch):
    """The system refuses to open the file (as it does for a file with no read permission;
    simulated, since root and Windows read such files anyway)."""
    path = tmp_path / "settings.json"
    path.write_text("{}")
    real_open = os.open

    def refuse(file, *args, **kwargs):
        if Path(file) == path:
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(userfiles.os, "open", refuse)
    settings, note = load_settings(path)
    assert settings == Settings() and "Permission denied" in note
    assert not path.exists()


def test_set_aside_never_replaces_another_copy(tmp_path):
    path = tmp_path / "save.json"
    kept = []
    for n in range(5):  # all within one second
        path.write_text(f"damaged {n}")
        kept.append(set_aside(path))
    assert len(set(kept)) == 5
    assert sorted(p.read_text() for p in kept) == [f"damaged {n}" for n in range(5)]


def test_nul_and_control_characters_in_names_are_cleaned_at_the_source(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_name": "Ann\u0000\u202e\u001b[31m\ud800"}))
    settings, note = load_settings(path)
    assert note is None and settings.player_name == "Ann[31m"
    path.write_text(json.dumps({"player_name": "\u0000\u0007"}))  # nothing left: the default
    assert load_settings(path)[0].player_name == Settings().player_name
    save = tmp_path / "save.json"
    write_save(_game(), ["Bo\u0000b", "\n", "C\td", "D" * 99], [None, "\u0000", None, None], 0, save)
    saved, note = load_save(save)
    assert note is None
    assert saved.players == ["Bob", "Camper 2", "C d", "D" * 24]
    assert saved.levels == [None, None, None, None]


def test_clean_text():
    assert clean_text("a\u0000b\nc  d\u200b") == "ab c d"
    assert clean_text(12, default="x") == "x"
    assert clean_text("héllo wörld", limit=5) == "héllo"


@pytest.mark.parametrize(
    "text, seed", [("", None), ("42", 42), ("²", 2), ("\u0664\u0662", 42), (" 7 ", 7), ("0012", 12)]
)
def test_parse_seed_reads_any_digits(text, seed):
    assert text == "" or text.strip().isdigit()  # what the seed field lets through
    assert parse_seed(text) == seed


def test_parse_seed_refuses_other_text():
    with pytest.raises(ValueError):
        parse_seed("4x")


def test_a_killed_write_leaves_no_temporary_file_for_long(tmp_path):
    path = tmp_path / "save.json"
    old = tmp_path / "save.json.abc12_yz.tmp"  # what a write killed before its rename leaves
    old.write_text('{"format": "scram-rec')
    fresh = tmp_path / "save.json.def456gh.tmp"  # another instance writing right now
    fresh.write_text("{")
    past = time.time() - 3600
    os.utime(old, (past, past))
    assert load_save(path) == (None, None)
    assert not old.exists() and fresh.exists()
    old.write_text("x")
    os.utime(old, (past, past))
    assert write_or_note(path, {"a": 1}, "the file") is None  # a write clears leftovers too
    assert not old.exists() and json.loads(path.read_text()) == {"a": 1}


def test_write_atomic_says_one_line_when_it_cannot_write(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    note = write_or_note(blocker / "stats.json", {"games": 1}, "the statistics")
    assert note.startswith("Could not save the statistics") and "\n" not in note


def test_settings_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings(speed="slow", player_name="Zoë")
    assert save_settings(s, path) is None
    assert load_settings(path) == (s, None)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_the_window_flash_setting_is_on_by_default_kept_and_a_bad_value_leaves_it_on(tmp_path):
    path = tmp_path / "settings.json"
    assert Settings().turn_flash is True
    assert save_settings(Settings(turn_flash=False), path) is None
    assert load_settings(path)[0].turn_flash is False
    path.write_text(json.dumps({"turn_flash": "no", "muted": True}))
    assert load_settings(path) == (Settings(muted=True), None)
