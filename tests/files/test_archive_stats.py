"""Kept games (every one kept, atomic, damaged files set aside) and the statistics counted
from them (per mode and level, streaks, Scrams, the recent margins)."""

from __future__ import annotations

import json
import os
import random

import pytest
from decks import finished_game

from game.files import kept_games as archive
from game.files import stats
from game.files.records import read_record
from game.rules.cards import team_of
from game.rules.decisions import SCRAM
from game.rules.record import replay


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def test_a_kept_game_replays_to_the_same_end(home) -> None:
    g = finished_game(3)
    record, notes = archive.keep_finished_game(
        g, ["You", "Bea", "Cal", "Dot"], [None, "scout"] * 2, 0, hints=2
    )
    assert notes == []
    (entry,), notes = archive.list_games()
    assert notes == []
    again = replay(read_record(entry.path))
    assert again.totals == g.totals and again.winner == g.winner
    assert entry.players[1] == "Bea" and entry.human == 0
    assert json.loads(entry.path.read_text())["hints"] == 2
    assert ("won" if team_of(0, 4) == g.winner else "lost") in entry.title()


@pytest.mark.slow
def test_every_finished_game_is_kept_none_deleted(home) -> None:
    g = finished_game(4)
    record = archive.game_record(g, ["a", "b", "c", "d"], [None] * 4, 0)
    for k in range(230):  # beyond the 200 an older version kept
        archive.keep(dict(record, finished=f"2026-01-01T00:{k // 60:02d}:{k % 60:02d}"))
    files = archive.kept_files()
    assert len(files) == 230
    assert files[0].name.startswith("20260101-000000")  # the oldest is still there


def test_the_listing_reads_only_the_rows_it_is_asked_for(home, monkeypatch) -> None:
    g = finished_game(4)
    record = archive.game_record(g, ["a", "b", "c", "d"], [None] * 4, 0)
    for k in range(30):
        archive.keep(dict(record, finished=f"2026-01-01T00:00:{k:02d}"))
    read: list[str] = []
    real = archive.read_user_json

    def counting(path, *args, **kw):
        read.append(path.name)
        return real(path, *args, **kw)

    monkeypatch.setattr(archive, "read_user_json", counting)
    listing = archive.Listing()
    assert len(listing) == 30 and read == []  # its length and order from the names alone
    assert listing[0].finished == "2026-01-01T00:00:29"  # newest first
    assert len(read) == 1 and not listing.done
    while not listing.read_some(0.0):  # at least one file a call, however short the share
        pass
    assert len(read) == 30 and listing.read_count == 30  # each file read once
    assert listing.title(29).startswith("2026-01-01 00:00") and len(read) == 30  # its line is kept


def test_the_folder_is_tidied_once_a_listing_not_at_every_file(home, monkeypatch) -> None:
    from game.files import disk

    g = finished_game(4)
    record = archive.game_record(g, ["a", "b", "c", "d"], [None] * 4, 0)
    for k in range(12):
        archive.keep(dict(record, finished=f"2026-01-01T00:00:{k:02d}"))
    stale = archive.archive_dir() / "20260101-000000-x.json.abcd1234.tmp"
    stale.write_text("half a game")
    os.utime(stale, (0, 0))
    looks: list[object] = []
    real = disk.os.scandir
    monkeypatch.setattr(disk.os, "scandir", lambda folder: looks.append(folder) or real(folder))
    games, notes = archive.list_games()
    assert len(games) == 12 and notes == []
    assert len(looks) == 1 and not stale.exists()


def test_a_file_set_aside_while_listed_leaves_the_rows_after_it_in_order(home) -> None:
    g = finished_game(4)
    record = archive.game_record(g, ["a", "b", "c", "d"], [None] * 4, 0)
    for k in range(5):
        archive.keep(dict(record, finished=f"2026-01-01T00:00:{k:02d}"))
    listing = archive.Listing()
    listing.path(1).write_text("not json")  # the second newest is damaged
    assert listing[1].finished == "2026-01-01T00:00:02"  # the next one moved up
    assert len(listing) == 4 and len(listing.notes) == 1 and "kept as" in listing.notes[0]
    while not listing.read_some(1.0):
        pass
    assert [e.finished[-2:] for e in listing] == ["04", "02", "01", "00"]


def test_a_damaged_kept_game_is_set_aside_and_the_rest_listed(home) -> None:
    g = finished_game(5)
    archive.keep(archive.game_record(g, ["a", "b", "c", "d"], [None] * 4, 0))
    bad = archive.archive_dir() / "20200101-000000-s1.json"
    bad.write_text('{"format": "scram-record/1", "campers": 5}')
    games, notes = archive.list_games()
    assert len(games) == 1 and len(notes) == 1
    assert "set aside" in notes[0] or "kept as" in notes[0]
    assert not bad.exists() and list(bad.parent.glob("*.corrupt-*"))


def test_export_copies_the_record(home, tmp_path) -> None:
    g = finished_game(6)
    path, _ = archive.keep(archive.game_record(g, ["a", "b", "c", "d"], [None] * 4, 1))
    dest = tmp_path / "out" / "game.json"
    assert archive.export(path, dest) is None
    assert replay(read_record(dest)).totals == g.totals


def test_facts_follow_the_rules_of_winning(home) -> None:
    g = finished_game(11, 4)
    record = archive.game_record(g, ["You", "B", "C", "D"], [None, "ranger", "ranger", "ranger"], 0, hints=1)
    f = stats.facts(record)
    assert f.mode == "4" and f.level == "ranger"
    assert f.won == (g.winner == 0)  # R-GAME-2: seat 0 plays for team 0
    assert f.rounds == 4 and f.rounds_won == sum(1 for a, b in g.scores if a < b)
    assert f.margin == g.totals[1] - g.totals[0]
    assert f.round_score_sum == g.totals[0] and f.hints == 1


def test_modes_of_three_campers() -> None:
    assert stats.mode_of(3, 0) == "3-solo" and stats.mode_of(3, 2) == "3-duo"
    assert stats.level_of([None, "scout", "ranger"], 0) == "mixed"


def test_streaks_and_the_recent_margins(home) -> None:
    s = stats.Stats()
    base = stats.GameFacts("4", "scout", True, 4, 3, 1, 1, 40, 12, 0)
    for won in (True, True, False, True, True, True):
        s.add(base if won else stats.GameFacts("4", "scout", False, 4, 1, 0, 0, 90, -20, 2))
    g = s.groups["4/scout"]
    assert (g.games, g.wins, g.streak, g.best_streak, g.hints) == (6, 5, 3, 3, 2)
    assert round(g.win_pct, 1) == 83.3 and g.avg_round_score == (5 * 40 + 90) / 24
    for _ in range(40):
        s.add(base)
    assert len(s.recent) == stats.RECENT


def test_statistics_survive_a_round_trip_and_a_reset(home) -> None:
    g = finished_game(8, 6)
    record = archive.game_record(g, list("abcdef"), [None] + ["scout"] * 5, 0)
    assert stats.count_game(record) is None
    loaded, note = stats.load_stats()
    assert note is None and loaded.groups["6/scout"].games == 1 and loaded.total.games == 1
    stats.reset_stats()
    assert stats.load_stats()[0].groups == {}


@pytest.mark.parametrize("content", [b"\xff\xfe", b"{not json", b'{"format": "scram-stats/1", "groups": []}'])
def test_a_damaged_statistics_file_is_set_aside(home, content) -> None:
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    loaded, note = stats.load_stats()
    assert loaded.groups == {} and note and "kept as" in note
    assert not path.exists() and list(path.parent.glob("stats.json.corrupt-*"))


def test_a_watched_game_is_not_counted(home) -> None:
    g = finished_game(9)
    assert stats.facts(archive.game_record(g, list("abcd"), [None] * 4, None)) is None


def test_a_scram_that_worked_is_counted() -> None:
    """R-SCORE-3: the guided game's round (the player's Scram, team 0 records 0), played on to
    the end with random moves, counts one Scram declared and one that worked."""
    from game.learn.tutorial_record import RECORD
    from game.rules.record import parse_record

    g = replay(parse_record(RECORD))
    rng = random.Random(1)
    while g.phase != "over":
        if g.phase == "round_over":
            g.next_round()
        elif g.turn == 0 and g.why_illegal(SCRAM) is None:
            g.play(g.view(0).sample_decision(rng) if g.round == 1 else SCRAM)
        else:
            g.play(g.view(g.turn).sample_decision(rng))
    f = stats.facts(archive.game_record(g, ["You", "Bea", "Cal", "Dot"], [None] * 4, 0))
    declared = [e for e in g.events if type(e).__name__ == "RoundScored" and e.scram == 0]
    worked = [e for e in declared if e.team_totals[0] <= e.team_totals[1]]
    assert f.scrams == len(declared) >= 1 and f.scrams_ok == len(worked) >= 1


def test_the_kept_keys_do_not_change_the_replay(tmp_path) -> None:
    """RECORD_FORMAT: readers ignore keys they do not know, so `hints`, `players`, `summary`
    and the rest leave `python -m game.replay` printing exactly the same state."""
    import subprocess
    import sys

    g = finished_game(12)
    kept = archive.game_record(g, ["You", "Bea", "Cal", "Dot"], [None, "scout", "scout", "scout"], 0, hints=5)
    bare = {k: kept[k] for k in ("format", "campers", "seed", "start", "decks", "actions")}
    outs = []
    for name, record in (("kept", kept), ("bare", bare)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(record))
        run = subprocess.run([sys.executable, "-m", "game.replay", str(path)], capture_output=True, text=True)
        assert run.returncode == 0
        outs.append(run.stdout)
    assert outs[0] == outs[1] and kept["hints"] == 5
