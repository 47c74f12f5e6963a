"""`python -m game.replay RECORD.json [--as SEAT]` as a command: output and errors."""

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from decks import record as stacked_record

from game import replay as command
from game.rules.cards import deck_for
from game.rules.record import FORMAT, parse_record, replay, state_json

ROOT = Path(__file__).resolve().parents[2]
# Copies of ../shared/examples (the format's own examples), kept here so a lone clone can test them.
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
NAMES = sorted(p.name[: -len(".record.json")] for p in EXAMPLES.glob("*.record.json"))


def run(tmp_path, data, *args):
    """Run the replay command on `data` (a dict, or raw text); (status, stdout, stderr)."""
    path = tmp_path / "rec.json"
    if isinstance(data, str | bytes):
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
    else:
        path.write_text(json.dumps(data))
    return replay_file(path, *args)


def replay_file(path, *args):
    """Run the command in this process (its `run`, as `python -m game.replay` does):
    (status, stdout, stderr). `replay_process` starts the real process."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = command.run([str(path), *args])
        except SystemExit as e:  # argparse: --help, or a usage error (exit 2)
            status = e.code
    return status, out.getvalue(), err.getvalue()


def replay_process(path, *args):
    done = subprocess.run(
        [sys.executable, "-m", "game.replay", str(path), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    return done.returncode, done.stdout, done.stderr


def assert_refused(status, out, err, *words, stdout=""):
    """Exit status 2, one line on stderr (no traceback), `stdout` on standard output."""
    assert status == 2, (status, err)
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert out == stdout
    for w in words:
        assert w in err, (w, err)


def test_the_six_examples_are_there():
    assert len(NAMES) == 6


@pytest.mark.parametrize("name", NAMES)
def test_examples_print_exactly_their_state(name):
    status, out, err = replay_process(EXAMPLES / f"{name}.record.json")
    assert (status, err) == (0, "")
    assert out == (EXAMPLES / f"{name}.state.json").read_text()


@pytest.mark.parametrize("name", NAMES)
def test_examples_as_seat_one(name):
    """`--as 1`: exactly the given view where there is one; else the full state with every
    face-down card that seat 1 does not know hidden, and nothing else."""
    status, out, err = replay_file(EXAMPLES / f"{name}.record.json", "--as", "1")
    assert (status, err) == (0, "")
    given = EXAMPLES / f"{name}.as1.state.json"
    if given.exists():
        assert out == given.read_text()
    full = json.loads((EXAMPLES / f"{name}.state.json").read_text())
    mine = json.loads(out)
    for row_full, row_mine in zip(full["campsites"], mine["campsites"], strict=True):
        for a, b in zip(row_full, row_mine, strict=True):
            hidden = not a["up"] and 1 not in a["known"]
            assert b == ({**a, "card": None} if hidden else a)
    rest = {k for k in full if k not in ("campsites", "drawn")}
    assert {k: full[k] for k in rest} == {k: mine[k] for k in rest}


def test_a_written_record_replays_by_command(tmp_path):
    """to_record of a played game, run through the command, prints the game's state."""
    from test_record import random_game

    from game.rules.record import to_record

    g = random_game(4, 5, stop=80)
    status, out, err = run(tmp_path, to_record(g))
    assert (status, err, out) == (0, "", state_json(g))
    status, out, err = run(tmp_path, to_record(g), "--as", "2")
    assert (status, err, out) == (0, "", state_json(g, 2))


# ---- a file that is not a record ------------------------------------------------------
GOOD = {"format": FORMAT, "campers": 4, "seed": 1, "actions": []}


NOT_RECORDS = {
    "not JSON": "{not json",
    "empty": "",
    "not UTF-8": b"\xff\xfe\x00",
    "a list": "[1, 2]",
    "too deep": "[" * 100_000 + "]" * 100_000,  # JSON too deep for the parser: still one line, exit 2
    "format 2": {**GOOD, "format": "scram-record/2"},
    "no format": {k: v for k, v in GOOD.items() if k != "format"},
    "5 campers": {**GOOD, "campers": 5},
    "seed x": {**GOOD, "seed": "x"},
    "no seed": {k: v for k, v in GOOD.items() if k != "seed"},
    "actions a string": {**GOOD, "actions": "draw"},
    "NUL byte": b'{"format": "scram-record/1"\x00}',
}


# Explicit ids: a 200,000-character parameter must not become the test's id (pytest 9 puts
# it in an environment variable, which overflows).
@pytest.mark.parametrize("data", list(NOT_RECORDS.values()), ids=list(NOT_RECORDS))
def test_not_a_record(tmp_path, data):
    """Not JSON or not this format: exit 2, one line on stderr, nothing on stdout."""
    assert_refused(*run(tmp_path, data))


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(tmp_path, constant):
    """JSON has no NaN or Infinity (Python's parser accepts them): even in a key nobody reads,
    the file is not JSON."""
    text = json.dumps(GOOD)[:-1] + f', "note": {constant}}}'
    assert_refused(*run(tmp_path, text), "not JSON")


def test_an_integer_too_long_for_python_is_a_one_line_error(tmp_path):
    """A seed of 5000 digits is an integer Python will not convert: exit 2, one line, no
    traceback (and nothing on stdout)."""
    text = json.dumps(GOOD).replace('"seed": 1', '"seed": ' + "9" * 5000)
    assert_refused(*run(tmp_path, text), "seed")


def test_a_long_integer_in_an_unknown_key_is_ignored(tmp_path):
    """Readers ignore keys they do not know, whatever they hold."""
    text = json.dumps(GOOD)[:-1] + ', "saved": ' + "1" * 5000 + "}"
    status, out, err = run(tmp_path, text)
    assert (status, err) == (0, "") and json.loads(out)["round"] == 1


def test_a_long_integer_in_a_target_is_an_illegal_decision(tmp_path):
    """A target slot of 5000 digits: the decision is illegal (a short one-line message), and
    stdout holds the state before it."""
    rec = stacked_record(4, [DRAW])
    text = json.dumps(rec)[:-2] + ', {"do": "replace", "cards": [[0, ' + "7" * 5000 + "]]}]}"
    status, out, err = run(tmp_path, text)
    assert_refused(status, out, err, "action 1", "bad target", stdout=_before(rec, 1))
    assert len(err) < 200


def test_the_message_about_a_huge_bad_decision_stays_short(tmp_path):
    """The reason names the bad part, abbreviated: one short line even for a huge value."""
    rec = stacked_record(4, [DRAW, {"do": "replace", "cards": [list(range(10_000))]}])
    status, out, err = run(tmp_path, rec)
    assert_refused(status, out, err, "action 1", "bad target", stdout=_before(rec, 1))
    assert len(err) < 200


def test_a_file_name_with_a_newline_still_gives_one_line(tmp_path):
    path = tmp_path / "a\nb.json"
    path.write_text("{not json")
    assert_refused(*replay_file(path), "not JSON")


def test_a_bug_in_the_engine_is_one_line_too(tmp_path, monkeypatch, capsys):
    """Should the engine itself fail, the command still prints one line (exit 1), no traceback."""

    def broken(record):
        raise KeyError("oops")

    monkeypatch.setattr(command, "replay", broken)
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(GOOD))
    assert command.run([str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "internal error" in err and "KeyError" in err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_device_is_refused_without_reading_it():
    status, out, err = replay_process("/dev/zero")
    assert_refused(status, out, err, "a device, not a file")


def test_a_huge_file_is_refused(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as f:
        f.truncate(9 * 1024 * 1024)
    assert_refused(*replay_file(path), "larger than 8 MB")


def test_a_record_with_a_byte_order_mark_is_read(tmp_path):
    status, out, err = run(tmp_path, b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    assert status == 0 and err == "" and '"round": 1' in out


def test_a_missing_file(tmp_path):
    assert_refused(*replay_file(tmp_path / "nope.json"))


def _deck(cards):
    return ["=" if v == 0 else v for v in cards]


@pytest.mark.parametrize(
    "deck, words",
    [
        (_deck(deck_for(4)[:-1]), ["56-card"]),  # wrong size
        (_deck(deck_for(4)[:-1]) + [5], ["56-card"]),  # wrong multiset
        (_deck(deck_for(6)), ["56-card"]),
        (_deck(deck_for(4)[:-1]) + [0], ["not a card"]),
        (_deck(deck_for(4)[:-1]) + ["eq"], ["not a card"]),
        (_deck(deck_for(4)[:-1]) + [None], ["not a card"]),
    ],
)
def test_wrong_deck(tmp_path, deck, words):
    """A deck that is not the right multiset (size, values, a non-card): exit 2, no stdout."""
    assert_refused(*run(tmp_path, {**GOOD, "decks": [deck]}), *words)


def test_wrong_later_deck_is_refused_before_any_decision(tmp_path):
    rec = stacked_record(4, [{"do": "take"}, {"do": "take"}])  # action 1 would be illegal
    rec["decks"] += [_deck(deck_for(4)), _deck(deck_for(4))[1:]]
    assert_refused(*run(tmp_path, rec), "deck 3")


@pytest.mark.parametrize("seat", ["4", "-1", "x", "99"])
def test_nonexistent_seat(tmp_path, seat):
    """`--as` a seat that does not exist: exit 2, nothing on stdout."""
    assert_refused(*run(tmp_path, GOOD, "--as", seat))


def test_every_seat_of_a_three_camper_game(tmp_path):
    rec = {**GOOD, "campers": 3}
    for seat in range(3):
        status, out, err = run(tmp_path, rec, "--as", str(seat))
        assert status == 0 and json.loads(out)["round"] == 1
    assert_refused(*run(tmp_path, rec, "--as", "3"))


# ---- illegal and malformed decisions --------------------------------------------------
def _before(rec, index):
    return state_json(replay(parse_record(rec), stop=index))


DRAW, DISCARD = {"do": "draw"}, {"do": "discard"}
CASES = [
    # (deck top first, actions, index of the bad one, words in the message)
    ([], [DRAW, DISCARD, {"do": "scram"}], 2, ["2 or fewer"]),  # illegal
    ([], [{"do": "take"}, DISCARD], 1, ["replacing"]),  # illegal
    ([], [DRAW, "discard"], 1, ["object"]),  # not an object
    ([], [DRAW, ["discard"]], 1, ["object"]),
    ([], [DRAW, {"what": "discard"}], 1, ['"do"']),  # no "do"
    ([], [DRAW, {"do": 3}], 1, []),
    ([], [DRAW, {"do": "pass"}], 1, ["pass"]),  # unknown "do"
    ([], [{"do": "replace", "cards": [[0, 0]]}], 0, []),  # illegal at the start of a turn
    ([], [DRAW, {"do": "replace"}], 1, ["cards"]),  # lacks a required key
    ([], [DRAW, {"do": "replace", "cards": [[0]]}], 1, ["bad target"]),
    ([], [DRAW, {"do": "replace", "cards": [[0, "1"]]}], 1, ["bad target"]),
    ([], [DRAW, {"do": "replace", "cards": [[0, 1.0]]}], 1, ["bad target"]),
    ([], [DRAW, {"do": "replace", "cards": [[True, 1]]}], 1, ["bad target"]),
    ([], [DRAW, {"do": "replace", "cards": [[0, 9]]}], 1, ["no card"]),
    ([], [DRAW, {"do": "replace", "cards": [[0, 0]], "end": "middle"}], 1, ["end"]),
    ([], [DRAW, {"do": "replace", "cards": [[0, 0]], "end": 1}], 1, ["end"]),
    ([5], [DRAW, {"do": "act", "targets": [["deck", 2]]}], 1, ["bad target"]),
    ([5], [DRAW, {"do": "act", "targets": [["deck", "0"]]}], 1, ["bad target"]),
    ([5], [DRAW, {"do": "act", "targets": [["top", 0]]}], 1, ["bad target"]),
    ([5], [DRAW, {"do": "act"}], 1, ["targets"]),
    ([5], [DRAW, {"do": "act", "targets": [[1, 3]]}], 1, ["face-down"]),  # illegal target
    ([9], [DRAW, {"do": "act", "targets": [[1, 0], [1, 1]], "end": "up"}], 1, ["end"]),  # bad end on 9
    ([9], [DRAW, {"do": "act", "targets": [[1, 0], [1, 1]], "end": False}], 1, ["end"]),
    ([13], [DRAW, {"do": "act", "seat": 1, "end": "middle"}], 1, ["end"]),  # bad end on 13
    ([13], [DRAW, {"do": "act", "end": "left"}], 1, ["seat"]),
    ([13], [DRAW, {"do": "act", "seat": "1"}], 1, ["seat"]),
    ([13], [DRAW, {"do": "act", "seat": 4}], 1, ["camper"]),
    ([12], [DRAW, {"do": "act", "targets": [[1, 0], [2, 0]]}, DISCARD], 2, ["swap or keep"]),
]


@pytest.mark.parametrize("deck, actions, index, words", CASES)
def test_illegal_or_malformed_decision(tmp_path, deck, actions, index, words):
    """Exit 2; one line naming the action's index and why; stdout holds the state just before."""
    rec = stacked_record(4, actions, deck=deck)
    status, out, err = run(tmp_path, rec)
    assert_refused(status, out, err, f"action {index}", *words, stdout=_before(rec, index))


def test_illegal_decision_as_a_seat(tmp_path):
    """With `--as`, the state before the bad decision is that seat's view."""
    rec = stacked_record(4, [DRAW, {"do": "act"}], deck=[7])
    status, out, err = run(tmp_path, rec, "--as", "1")
    assert_refused(status, out, err, "action 1", stdout=state_json(replay(parse_record(rec), stop=1), 1))
    assert json.loads(out)["drawn"] is None


def test_decisions_after_the_game_are_illegal(tmp_path):
    from test_record import random_game

    from game.rules.record import to_record

    g = random_game(6, 2)
    rec = to_record(g)
    n = len(rec["actions"])
    rec["actions"].append(DRAW)
    status, out, err = run(tmp_path, rec)
    assert_refused(status, out, err, f"action {n}", "over", stdout=state_json(g))
