"""The hostile cases `hostile/hostile_files.py` tries: for every file the game reads (and its
crash log), what a hostile or unlucky user can put in its place.

A case is (name, writer, expected): `writer(path)` puts the case where the file goes, and
`expected` is what the game must do with it:
- "aside": refuse it at once, set it aside under its own name and say so in one line (for a
  record given to the replay command or `--review`: refuse it in one line, exit 2 or 1);
- "read": use it (values within their ranges, names clean and capped) and say nothing;
- "either": whichever, as long as it is one of the two (e.g. a file without read
  permission, which root reads anyway).
"""

from __future__ import annotations

import json
import os
import random
import socket
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MB = 1024 * 1024
HUGE = 10**400  # 401 digits: an int Python holds, no float does
LONG_DIGITS = "9" * 5000  # more digits than Python converts (4,300): a LongNumber

Writer = Callable[[Path], None]
Case = tuple[str, Writer, str]


# ---- what a case writes ------------------------------------------------------------------
def raw(data: bytes) -> Writer:
    return lambda path: path.write_bytes(data)


def text(body: str) -> Writer:
    return lambda path: path.write_text(body, encoding="utf-8", errors="surrogatepass")


def as_json(body: object) -> Writer:
    return text(json.dumps(body))


def padded(body: object, size: int) -> Writer:
    """`body` as JSON followed by spaces, `size` bytes in all."""

    def write(path: Path) -> None:
        data = json.dumps(body).encode()
        path.write_bytes(data + b" " * (size - len(data)))

    return write


def sparse(size: int) -> Writer:
    def write(path: Path) -> None:
        with open(path, "wb") as f:
            f.truncate(size)

    return write


def fifo(path: Path) -> None:
    os.mkfifo(path)


def link_to_fifo(path: Path) -> None:
    os.mkfifo(path.parent / "elsewhere.pipe")
    path.symlink_to(path.parent / "elsewhere.pipe")


def unix_socket(path: Path) -> None:
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(path))
    s.close()


def link_to(good: object) -> Writer:
    def write(path: Path) -> None:
        target = path.parent / "elsewhere.json"
        target.write_text(json.dumps(good))
        path.symlink_to(target)

    return write


def unreadable(good: object) -> Writer:
    def write(path: Path) -> None:
        path.write_text(json.dumps(good))
        path.chmod(0)

    return write


# ---- the good content of each file, to damage --------------------------------------------
def good_bodies() -> dict[str, object]:
    from game.files import kept_games as archive
    from game.files.saves import save_text
    from game.rules.state import Game
    from tests.decks import finished_game

    mid, rng = Game(4, 3), random.Random(1)
    for _ in range(10):
        mid.play(mid.sample_decision(rng))
    kept = archive.game_record(
        finished_game(4), ["Ann", "Bo", "Cy", "Di"], [None, "scout", "scout", "scout"], 0
    )
    counts = {"games": 3, "wins": 2, "rounds": 9, "rounds_won": 5, "round_score_sum": 120}
    return {
        "settings.json": {"speed": "fast", "player_name": "Zoë"},
        "save.json": json.loads(
            save_text(mid, ["You", "Bo", "Cy", "Di"], [None, "scout", "scout", "scout"], 0)
        ),
        "stats.json": {
            "format": "scram-stats/1",
            "groups": {"4/scout": counts, "all/all": counts},
            "recent": [],
        },
        "tutorial.json": {"started": True, "finished": False},
        "a kept game": kept,
        "a record": kept,
    }


def generic(good: object) -> list[Case]:
    """What can stand in place of any JSON file, and what the game must do with it."""
    return [
        ("good", as_json(good), "read"),
        ("invalid UTF-8", raw(b'{"a": "\xff\xfe"}'), "aside"),
        ("NUL byte", raw(json.dumps(good).encode() + b"\x00"), "aside"),
        ("raw control character in a string", raw(b'{"a": "x\x07y"}'), "aside"),
        ("arrays nested 100,000 deep", raw(b"[" * 100_000 + b"]" * 100_000), "aside"),
        ("objects nested 50,000 deep", raw(b'{"a":' * 50_000 + b"1" + b"}" * 50_000), "aside"),
        ("NaN", raw(b'{"a": NaN}'), "aside"),
        ("Infinity", raw(b'{"a": -Infinity}'), "aside"),
        ("trailing junk", raw(json.dumps(good).encode() + b" {}"), "aside"),
        ("empty", raw(b""), "aside"),
        ("a JSON list", raw(b"[1, 2, 3]"), "aside"),
        ("a JSON string", raw(b'"hello"'), "aside"),
        ("null", raw(b"null"), "aside"),
        ("UTF-16", raw(json.dumps(good).encode("utf-16")), "aside"),
        ("a byte-order mark and good JSON", raw(b"\xef\xbb\xbf" + json.dumps(good).encode()), "read"),
        ("good JSON padded to exactly 8 MB", padded(good, 8 * MB), "read"),
        ("good JSON padded to 8 MB and 1 byte", padded(good, 8 * MB + 1), "aside"),
        ("9 MB of spaces", raw(b" " * (9 * MB)), "aside"),
        ("a sparse 32 MB file", sparse(32 * MB), "aside"),
        ("a 5,000-digit number", raw(LONG_DIGITS.encode()), "aside"),
        ("a 401-digit integer", raw(str(HUGE).encode()), "aside"),
        ("a string of 7 million characters", raw(b'"' + b"x" * 7_000_000 + b'"'), "aside"),
        ("a named pipe", fifo, "aside"),
        ("a link to a named pipe", link_to_fifo, "aside"),
        ("a link to /dev/zero", lambda p: p.symlink_to("/dev/zero"), "aside"),
        ("a socket", unix_socket, "aside"),
        ("a folder", lambda p: p.mkdir(), "aside"),
        ("a link to nothing", lambda p: p.symlink_to(p.parent / "gone.json"), "aside"),
        ("a link to a good file", link_to(good), "read"),
        ("a good file without read permission", unreadable(good), "either"),
    ]


def changed(good: dict, **keys: object) -> Writer:
    return as_json({**good, **keys})


def _settings(good: dict) -> list[Case]:
    return [
        (f"window_size {size}", changed(good, window_size=size), "read")
        for size in ([99999, 99999], [8192, 8192], [0, 5], [1e9, 2], [-3, 700])
    ] + [
        ("window_pos of 401 digits", changed(good, window_pos=[HUGE, 0]), "read"),
        ("a name of 500,000 characters", changed(good, player_name="N" * 500_000), "read"),
        ("a name of lone surrogates", changed(good, player_name="\ud800x\udfff"), "read"),
        ("a name of escape sequences", changed(good, player_name="\x1b]0;T\x07\x1b[31mR"), "read"),
        ("volume 1e308", changed(good, volume=1e308), "read"),
        ("speed a list of a million", changed(good, speed=[0] * 1_000_000), "read"),
    ]


def _save(good: dict) -> list[Case]:
    n = good["campers"]
    return [
        ("names of lone surrogates", changed(good, players=["\ud800x"] * n), "read"),
        ("names of 20,000 characters", changed(good, players=["N" * 20_000] * n), "read"),
        ("names of 500,000 characters", changed(good, players=["N" * 500_000] * n), "read"),
        (
            "a level of 2.6 million characters",
            changed(good, levels=[None, "x" * 2_600_000, "scout", "scout"]),
            "read",
        ),
        (
            "a level this version does not know",
            changed(good, levels=[None, "grandmaster", "scout", "scout"]),
            "read",
        ),
        ("the human seat of 401 digits", changed(good, human=HUGE), "aside"),
        ("the human seat -1", changed(good, human=-1), "aside"),
        (
            "campers of 5,000 digits",
            text(json.dumps(good).replace('"campers": 4', f'"campers": {LONG_DIGITS}')),
            "aside",
        ),
        (
            "a seed of 5,000 digits",
            text(json.dumps(good).replace(f'"seed": {good["seed"]}', f'"seed": {LONG_DIGITS}')),
            "aside",
        ),
        ("a seed of 4,000 digits", changed(good, seed=10**3999, actions=[]), "read"),
        ("a start camper of 401 digits", changed(good, start=HUGE), "aside"),
        ("100,000 illegal decisions", changed(good, actions=[{"do": "fly"}] * 100_000), "aside"),
        (
            "a target of 401 digits",
            changed(good, actions=[{"do": "draw"}, {"do": "replace", "cards": [[0, HUGE]]}]),
            "aside",
        ),
    ]


def _stats(good: dict) -> list[Case]:
    from game.files.stats import _COUNTS, COUNT_LIMIT

    def group(**counts: object) -> Writer:
        return as_json({**good, "groups": {"4/scout": {**good["groups"]["4/scout"], **counts}}})

    cases: list[Case] = [(f"{name} of 401 digits", group(**{name: HUGE}), "aside") for name in _COUNTS]
    cases += [
        ("games of 4,000 digits", group(games=10**3999), "aside"),
        (
            "games of 5,000 digits",
            text(json.dumps(good).replace('"games": 3', f'"games": {LONG_DIGITS}', 1)),
            "aside",
        ),
        ("wins -1", group(wins=-1), "aside"),
        ("wins true", group(wins=True), "aside"),
        ("wins 1.5", group(wins=1.5), "aside"),
        ("every count at the limit", group(**dict.fromkeys(_COUNTS, COUNT_LIMIT)), "read"),
        ("a count one over the limit", group(rounds=COUNT_LIMIT + 1), "aside"),
        ("a key of 7 million characters", as_json({**good, "groups": {"4/" + "x" * 7_000_000: {}}}), "aside"),
        ("a key of an unknown mode", as_json({**good, "groups": {"5/scout": {}}}), "aside"),
        ("a level with escape sequences", as_json({**good, "groups": {"4/\x1b[2J": {}}}), "aside"),
    ]
    recent = {"mode": "4", "level": "scout", "margin": 5, "won": True}
    cases += [
        ("a recent margin of 401 digits", changed(good, recent=[{**recent, "margin": HUGE}]), "aside"),
        (
            "a recent mode a list of a million",
            changed(good, recent=[{**recent, "mode": [0] * 1_000_000}]),
            "aside",
        ),
        ("100,000 recent games", changed(good, recent=[recent] * 100_000), "read"),
    ]
    return cases


def _tutorial(good: dict) -> list[Case]:
    return [
        ("started of 401 digits", changed(good, started=HUGE), "aside"),
        ("started a string of 7 million", changed(good, started="x" * 7_000_000), "aside"),
        ("finished absent", as_json({"started": True}), "read"),
    ]


def _kept(good: dict) -> list[Case]:
    summary = good["summary"]
    return [
        ("names of lone surrogates", changed(good, players=["\ud800x", "\udfff", "B", "C"]), "read"),
        ("names of 500,000 characters", changed(good, players=["N" * 500_000] * 4), "read"),
        (
            "a level of 2.6 million characters",
            changed(good, levels=[None, "x" * 2_600_000, "a", "b"]),
            "read",
        ),
        ("a total of 401 digits", changed(good, summary={**summary, "totals": [HUGE, 1]}), "aside"),
        ("rounds of 401 digits", changed(good, summary={**summary, "rounds": HUGE}), "aside"),
        ("the winner a list", changed(good, summary={**summary, "winner": [1] * 1000}), "aside"),
        ("a finish time of 7 million characters", changed(good, finished="2" * 7_000_000), "read"),
        ("the human seat of 401 digits", changed(good, human=HUGE), "aside"),
    ]


def _record(good: dict) -> list[Case]:
    return [
        ("names of lone surrogates", changed(good, players=["\ud800x", "\udfff", "B", "C"]), "read"),
        ("names of 500,000 characters", changed(good, players=["N" * 500_000] * 4), "read"),
        ("a seed of 401 digits", changed(good, seed=HUGE, actions=[]), "read"),
        (
            "a seed of 5,000 digits",
            text(json.dumps(good).replace(f'"seed": {good["seed"]}', f'"seed": {LONG_DIGITS}')),
            "aside",
        ),
        ("a deck of 401-digit cards", changed(good, decks=[[HUGE] * 56]), "aside"),
        ("100,000 illegal decisions", changed(good, actions=[{"do": "fly"}] * 100_000), "aside"),
    ]


def file_cases() -> dict[str, list[Case]]:
    """Every JSON file the game reads, with its cases (generic, then its own shapes)."""
    bodies = good_bodies()
    own = {
        "settings.json": _settings,
        "save.json": _save,
        "stats.json": _stats,
        "tutorial.json": _tutorial,
        "a kept game": _kept,
        "a record": _record,
    }
    return {kind: generic(bodies[kind]) + own[kind](bodies[kind]) for kind in own}


def crash_log_cases() -> list[Case]:
    """What can stand where the crash log is written ("aside" here: refused, never written
    through or waited on; "read": written)."""

    def big(path: Path) -> None:
        path.write_bytes(b"x" * (300 * 1024))

    def link_to_file(path: Path) -> None:
        (path.parent / "precious.txt").write_text("mine\n")
        path.symlink_to(path.parent / "precious.txt")

    return [
        ("absent", lambda p: None, "read"),
        ("300 KB already (rotated)", big, "read"),
        ("a named pipe", fifo, "aside"),
        ("a link to a file", link_to_file, "aside"),
        ("a link to nothing", lambda p: p.symlink_to(p.parent / "gone.log"), "aside"),
        ("a folder", lambda p: p.mkdir(), "aside"),
        ("a socket", unix_socket, "aside"),
        ("read-only", lambda p: (p.write_text("old\n"), p.chmod(0o444)), "either"),
    ]
