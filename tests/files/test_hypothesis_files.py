"""Property tests (hypothesis) for what the game reads from and writes to disk: any bytes
at all in a user file give data or one line and a clean start, never an exception; a game
written as a record and read back is the same game; text cleaned for drawing holds nothing
that cannot be drawn."""

from __future__ import annotations

import json
import random
import tempfile
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files.disk import loads
from game.files.saves import load_save, write_save
from game.files.settings import Settings, load_settings
from game.files.text import clean_text
from game.rules.record import parse_record, replay, to_record
from game.rules.state import Game

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Bytes that are often almost JSON, so the reader's later checks are reached too.
json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
).map(lambda v: json.dumps(v).encode())
settings_like = st.fixed_dictionaries(
    {},
    optional={
        "speed": st.sampled_from(["fast", "warp", 3, None]),
        "volume": st.one_of(st.floats(allow_nan=False), st.integers(), st.text(max_size=3)),
        "muted": st.one_of(st.booleans(), st.integers(0, 1)),
        "player_name": st.text(max_size=30),
    },
).map(lambda v: json.dumps(v).encode())
any_bytes = st.one_of(st.binary(max_size=300), json_like, settings_like)


@pytest.mark.slow
@FAST
@given(raw=any_bytes)
def test_any_bytes_in_the_settings_file_give_settings_and_at_most_one_line(raw):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "settings.json"
        path.write_bytes(raw)
        s, note = load_settings(path)
        assert isinstance(s, Settings)
        assert note is None or ("\n" not in note and "kept as settings.json.corrupt-" in note)
        assert path.exists() == (note is None)  # a damaged file is moved aside, a good one stays
        assert clean_text(s.player_name) == s.player_name != ""


@FAST
@given(raw=any_bytes)
def test_any_bytes_in_the_save_give_no_game_and_one_line(raw):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        path.write_bytes(raw)
        saved, note = load_save(path)
        assert saved is None and "\n" not in note and not path.exists()


@st.composite
def played_games(draw) -> Game:
    campers = draw(st.sampled_from([3, 4, 6]))
    game = Game(campers, draw(st.integers(0, 2**40)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 120))):
        if game.phase == "over":
            break
        if game.phase == "round_over":
            game.next_round()
            continue
        game.play(game.sample_decision(rng))
    return game


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(game=played_games(), names=st.lists(st.text(max_size=30), min_size=6, max_size=6))
def test_a_game_round_trips_through_its_record_and_its_save(game, names):
    text = json.dumps(to_record(game))
    again = replay(parse_record(loads(text)))
    assert again.view(None).key() == game.view(None).key()
    assert [to_record(again)["actions"]] == [json.loads(text)["actions"]]
    if game.phase == "over":
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        players = names[: game.campers]
        assert write_save(game, players, [None] * game.campers, 0, path) is None
        saved, note = load_save(path)
        assert note is None and saved.game.view(None).key() == game.view(None).key()
        assert saved.players == [clean_text(p, 24, f"Camper {s + 1}") for s, p in enumerate(players)]


DRAWABLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


@given(text=st.text(), limit=st.none() | st.integers(0, 40))
def test_cleaned_text_is_one_drawable_line(text, limit):
    out = clean_text(text, limit)
    assert not any(unicodedata.category(ch) in DRAWABLE for ch in out)
    assert out == out.strip() and "  " not in out
    assert limit is None or len(out) <= limit
    assert clean_text(out, limit) == out  # cleaning twice changes nothing
    out.encode("utf-8")  # no lone surrogate left
