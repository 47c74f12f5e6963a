"""Every value read from a file has a type, a size and a range: a number out of its range is
the wrong shape (set aside, and said), a name of any length or any code points comes out
clean and at most 24 characters (`text.NAME_LIMIT`, the network protocol's), and a key or a
level of megabytes costs no more than a short one."""

from __future__ import annotations

import json

import pytest
from decks import finished_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files import kept_games as archive
from game.files import stats
from game.files.records import read_record
from game.files.saves import load_save, write_save
from game.files.settings import WINDOW_LIMIT, Settings, load_settings
from game.files.text import NAME_LIMIT, clean_name, clean_text
from game.rules.state import Game

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HUGE = "1" + "0" * 400  # an integer of 401 digits: Python reads it, no float holds it
LONG = "9" * 4000  # 4,000 digits
DRAWABLE_NOT = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def _stats_text(group: dict | None = None, key: str = "4/scout", recent: list | None = None) -> str:
    counts = {"games": 1, "wins": 1, "rounds": 3, "rounds_won": 2, "round_score_sum": 40}
    body = {"format": stats.FORMAT, "groups": {key: {**counts, **(group or {})}}, "recent": recent or []}
    return json.dumps(body)


def _safe_name(name: str) -> bool:
    import unicodedata

    name.encode("utf-8")  # no lone surrogate
    return 0 < len(name) <= NAME_LIMIT and not any(unicodedata.category(c) in DRAWABLE_NOT for c in name)


# ---- statistics ------------------------------------------------------------------------
@pytest.mark.parametrize("field", ["games", "wins", "rounds", "round_score_sum", "hints", "best_streak"])
@pytest.mark.parametrize("raw", [HUGE, LONG, "-1", "true", "1.5", str(stats.COUNT_LIMIT + 1), '"7"'])
def test_a_count_out_of_range_sets_the_statistics_aside_and_says_so(tmp_path, field, raw):
    path = tmp_path / "stats.json"
    path.write_text(_stats_text({field: "RAW"}).replace('"RAW"', raw))
    loaded, note = stats.load_stats(path)
    assert loaded.groups == {} and "could not be used" in note and "kept as stats.json.corrupt-" in note


def test_the_largest_counts_are_read_and_their_averages_are_numbers(tmp_path):
    path = tmp_path / "stats.json"
    top = stats.COUNT_LIMIT
    path.write_text(_stats_text({"games": top, "wins": top, "rounds": 1, "round_score_sum": top}))
    loaded, note = stats.load_stats(path)
    group = loaded.groups["4/scout"]
    assert note is None and group.win_pct == 100.0 and group.avg_round_score == float(top)


@pytest.mark.parametrize(
    "key",
    [
        "5/scout",
        "4",
        "4/scout/x",
        "4/" + "x" * 7_000_000,
        "4/a\u0000b",
        "4/",
        "\ud800/scout",
        "4/" + "ab" * 13,
    ],
    ids=["unknown mode", "no level", "two slashes", "7 million", "NUL", "empty", "surrogate", "26 long"],
)
def test_a_group_key_that_is_not_a_mode_and_a_short_level_is_the_wrong_shape(tmp_path, key):
    path = tmp_path / "stats.json"
    path.write_text(_stats_text(key=key))
    loaded, note = stats.load_stats(path)
    assert loaded.groups == {} and "could not be used" in note and len(note) < 300


@pytest.mark.parametrize(
    "entry",
    [
        {"mode": "4", "level": "scout", "margin": int(HUGE), "won": True},
        {"mode": "4", "level": "x" * 2_600_000, "margin": 3, "won": True},
        {"mode": ["4"] * 1000, "level": "scout", "margin": 3, "won": True},
        {"mode": "4", "level": "scout", "margin": 3, "won": 1},
    ],
    ids=["huge margin", "long level", "mode a list", "won a number"],
)
def test_a_recent_game_out_of_range_is_the_wrong_shape(tmp_path, entry):
    path = tmp_path / "stats.json"
    path.write_text(_stats_text(recent=[entry]))
    loaded, note = stats.load_stats(path)
    assert loaded.recent == [] and "could not be used" in note


@FAST
@given(values=st.dictionaries(st.sampled_from(stats._COUNTS), st.integers(-(10**30), 10**30), max_size=4))
def test_any_integers_in_a_group_give_bounded_statistics_or_one_line(tmp_path_factory, values):
    path = tmp_path_factory.mktemp("stats") / "stats.json"
    path.write_text(_stats_text(values))
    loaded, note = stats.load_stats(path)
    assert note is None or ("\n" not in note and "kept as" in note)
    for group in loaded.groups.values():
        assert all(0 <= getattr(group, f) <= stats.COUNT_LIMIT for f in stats._COUNTS)
        assert f"{group.win_pct:.0f}{group.avg_round_score:.1f}"  # what the screen prints


# ---- kept games and records --------------------------------------------------------------
def _kept(home, **changes) -> dict:
    record = archive.game_record(finished_game(4), ["A", "B", "C", "D"], [None, "scout", "scout", "scout"], 0)
    record.update(changes)
    folder = home / "games"
    folder.mkdir(exist_ok=True)
    (folder / "20260101-000000-000000001-s1.json").write_text(json.dumps(record))
    return record


NAMES = {
    "lone surrogate": ["\ud800x", "\udfff", "B", "C"],
    "20,000 characters": ["N" * 20_000, "B", "C", "D"],
    "escapes and bidi": ["\x1b]0;T\x07\x1b[31mR", "\u202eevil", "a\u0000b", "\n"],
    "not text": [7, None, ["x"], {"a": 1}],
}


@pytest.mark.parametrize("names", NAMES.values(), ids=list(NAMES))
def test_names_of_a_kept_game_are_clean_and_capped(tmp_path, names):
    _kept(tmp_path, players=names, levels=[None, "\ud800" * 5, "x" * 2_600_000, 42])
    (game,), notes = archive.list_games(tmp_path / "games")
    assert notes == []
    assert all(_safe_name(p) for p in game.players)
    assert all(lv is None or _safe_name(lv) for lv in game.levels)
    game.title().encode("utf-8")
    assert len(game.title()) < 120


@pytest.mark.parametrize("names", NAMES.values(), ids=list(NAMES))
def test_names_of_a_record_are_clean_and_capped_when_read(tmp_path, names):
    record = _kept(tmp_path, players=names, levels=["y" * 1_500_000] * 4)
    read = read_record(tmp_path / "games" / "20260101-000000-000000001-s1.json")
    assert len(read.extra["players"]) == record["campers"] and all(
        _safe_name(p) for p in read.extra["players"]
    )
    assert read.extra["levels"] == ["y" * NAME_LIMIT] * 4


@pytest.mark.parametrize(
    "summary",
    [
        {"totals": [int(HUGE), 3], "winner": 0, "rounds": 2},
        {"totals": [1, 2], "winner": 0, "rounds": int(HUGE)},
        {"totals": [1, 2], "winner": 0, "rounds": -1},
        {"totals": [1, 2, 3], "winner": 0, "rounds": 2},
        {"totals": [1, 2], "winner": ["x"] * 100, "rounds": 2},
        {"totals": [1, 2], "winner": True, "rounds": 2},
    ],
    ids=["huge total", "huge rounds", "negative rounds", "three totals", "winner a list", "winner a bool"],
)
def test_a_kept_game_with_a_number_out_of_range_is_set_aside_and_told(tmp_path, summary):
    _kept(tmp_path, summary=summary)
    games, notes = archive.list_games(tmp_path / "games")
    assert games == [] and len(notes) == 1 and "kept as" in notes[0]


def test_a_game_with_a_seed_of_thousands_of_digits_is_kept_under_a_short_name(tmp_path):
    """Any integer is a seed (RECORD_FORMAT.md); the kept file's name holds its first digits."""
    record = archive.game_record(finished_game(4), ["A", "B", "C", "D"], [None] * 4, 0)
    path, note = archive.keep({**record, "seed": 10**3999}, tmp_path)
    assert note is None and len(path.name) < 80 and path.name.endswith(f"-s1{'0' * 19}.json")


def test_the_saves_names_and_levels_are_clean_and_capped(tmp_path):
    path = tmp_path / "save.json"
    game = Game(4, 3)
    write_save(
        game, ["\ud800x", "N" * 20_000, "C", "D"], [None, "x" * 2_600_000, "\udfff", "ranger"], 0, path
    )
    saved, note = load_save(path)
    assert note is None
    assert saved.players == ["x", "N" * NAME_LIMIT, "C", "D"]
    assert saved.levels == [None, "x" * NAME_LIMIT, None, "ranger"]


# ---- settings ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "size, kept",
    [
        ([99999, 99999], False),
        ([WINDOW_LIMIT, WINDOW_LIMIT], True),
        ([WINDOW_LIMIT + 1, 800], False),
        ([0, 5], False),
    ],
)
def test_a_window_size_has_one_limit(tmp_path, size, kept):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"window_size": size, "muted": True}))
    loaded, note = load_settings(path)
    assert note is None and loaded.muted  # the other settings stay
    assert loaded.window_size == (size if kept else Settings().window_size)


def test_the_size_option_and_the_settings_share_the_limit():
    import argparse

    from game.__main__ import _size

    assert _size(f"{WINDOW_LIMIT}x{WINDOW_LIMIT}") == (WINDOW_LIMIT, WINDOW_LIMIT)
    with pytest.raises(argparse.ArgumentTypeError):
        _size(f"{WINDOW_LIMIT + 1}x100")


def test_a_player_name_of_half_a_million_characters_is_capped(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"player_name": "\u200b" * 10 + "Zoë" * 500_000}))
    loaded, note = load_settings(path)
    assert note is None and loaded.player_name == ("Zoë" * 6)[:16]


# ---- the cleaner ---------------------------------------------------------------------------
def test_cleaning_a_capped_name_looks_at_a_bounded_start_of_it():
    assert clean_name("A" * 7_000_000) == "A" * NAME_LIMIT
    assert clean_name("\u200b" * 7_000_000 + "late", "Camper 1") == "Camper 1"  # beyond the scan
    assert clean_name("\u200b" * 100 + "Bo") == "Bo"  # invisible characters before a name are fine


@pytest.mark.slow
@given(text=st.text(), limit=st.integers(0, 40))
def test_a_capped_clean_is_the_start_of_the_whole_clean(text, limit):
    assert clean_text(text, limit) == clean_text(text)[:limit].rstrip()
