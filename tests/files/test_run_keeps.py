"""What a run of `scram` keeps: a game at another --speed or --pace is the player's (kept,
counted) and the settings file keeps the player's own speed and pace; only a --watch game,
nobody's, keeps nothing."""

from __future__ import annotations

import json

from game import __main__ as scram
from game.files.settings import Settings, load_settings


def _args(*argv: str):
    args = scram._args(list(argv))
    args.unsaved = None
    return args


def test_a_game_at_another_speed_or_pace_is_kept():
    for argv in ((), ("--speed", "fast"), ("--pace", "brisk"), ("--speed", "slow", "--pace", "relaxed")):
        persist, _ = scram._this_run(_args(*argv), Settings())
        assert persist, argv


def test_a_watched_game_keeps_nothing():
    persist, _ = scram._this_run(_args("--watch", "--speed", "fast"), Settings())
    assert not persist


def test_an_unwritable_save_folder_keeps_nothing():
    args = _args()
    args.unsaved = "Cannot write to the save folder ..."
    assert scram._this_run(args, Settings()) == (False, {})


def test_the_settings_file_keeps_the_players_own_speed_and_pace(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    from game.ui.routes import make_app

    settings = Settings(speed="normal", bot_pace="relaxed", muted=True)
    persist, file_values = scram._this_run(_args("--speed", "instant", "--pace", "instant"), settings)
    assert (settings.speed, settings.bot_pace) == ("instant", "instant")  # this run's
    app = make_app((1024, 640), settings, persist=persist)
    app.file_values = file_values
    app.settings.volume = 0.3  # the player changes something else meanwhile: that is kept
    app.save_settings()
    kept, note = load_settings()
    assert note is None and (kept.speed, kept.bot_pace, kept.volume) == ("normal", "relaxed", 0.3)
    assert app.settings.speed == "instant"  # the run goes on at its own speed
    assert json.loads((tmp_path / "config" / "settings.json").read_text())["speed"] == "normal"
    app.quit()
