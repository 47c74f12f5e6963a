"""Every command-line tool speaks one style (game/cli.py): a usage error is one
`prog: message` line and exit status 2, Ctrl-C exits 130 without a word, help texts show
the defaults; `scram --help` names the other tools, the files and the environment."""

from __future__ import annotations

import importlib
import io
import os
import signal
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from game import cli

ROOT = Path(__file__).resolve().parent.parent
TOOLS = {"scram": "game", "sim": "game.sim", "tournament": "ai.tournament", "replay": "game.replay"}


def run(module: str, *args: str, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run a tool's `main` in this process, as `python -m module` would: its exit status and
    output (the same code path but the interpreter's start, which `process` adds)."""
    main = importlib.import_module("game.__main__" if module == "game" else module).main
    out, err = io.StringIO(), io.StringIO()
    saved = os.environ.get("SCRAM_HOME")
    if home is not None:
        os.environ["SCRAM_HOME"] = str(home)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                status = cli.run(module, main, list(args))
            except SystemExit as e:  # argparse: --help, or a usage error
                status = e.code
    finally:
        if saved is None:
            os.environ.pop("SCRAM_HOME", None)
        else:
            os.environ["SCRAM_HOME"] = saved
    return subprocess.CompletedProcess([module, *args], status, out.getvalue(), err.getvalue())


def process(module: str, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "SCRAM_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", module, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def assert_usage_error(done: subprocess.CompletedProcess[str], prog: str, *words: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(prog + ": "), done.stderr
    for w in words:
        assert w in done.stderr, (w, done.stderr)


USAGE_ERRORS = [
    ("game", ["--size", "100"], "scram", ["--size", "WIDTHxHEIGHT"]),
    ("game", ["--size", "0x0"], "scram", ["--size"]),
    ("game", ["--campers", "5"], "scram", ["--campers"]),
    ("game", ["--seed", "3"], "scram", ["--seed", "--watch"]),
    ("game", ["--campers", "6"], "scram", ["--campers", "--selftest"]),
    ("game", ["--selftest", "--speed", "slow"], "scram", ["instant"]),
    ("game", ["--nonsense"], "scram", ["unrecognized"]),
    ("game.sim", ["--games", "0"], "python -m game.sim", ["--games", "less than 1"]),
    ("game.sim", ["--games", "²"], "python -m game.sim", ["not a whole number"]),
    ("game.sim", ["--seed", "x"], "python -m game.sim", ["--seed"]),
    ("ai.tournament", ["--teams", "ranger"], "python -m ai.tournament", ["two levels"]),
    ("ai.tournament", ["--teams", "ranger,nobody"], "python -m ai.tournament", ["unknown level"]),
    ("ai.tournament", ["--seats", "a,b"], "python -m ai.tournament", ["4 levels"]),
    ("ai.tournament", [], "python -m ai.tournament", ["--teams"]),
    ("ai.tournament", ["--teams", "scout,scout", "--workers", "0"], "python -m ai.tournament", ["--workers"]),
    ("game.replay", [], "python -m game.replay", ["record"]),
    ("game.replay", ["a.json", "--as", "x"], "python -m game.replay", ["--as"]),
]


@pytest.mark.parametrize(
    "module, args, prog, words", USAGE_ERRORS, ids=[f"{m} {' '.join(a)}" for m, a, *_ in USAGE_ERRORS]
)
def test_usage_errors_are_one_line_and_exit_2(module, args, prog, words, tmp_path):
    assert_usage_error(run(module, *args, home=tmp_path), prog, *words)


@pytest.mark.parametrize("module", TOOLS.values())
def test_a_usage_error_from_the_real_process(module, tmp_path):
    """The same through `python -m`: nothing but the one line reaches the terminal."""
    prog = "scram" if module == "game" else f"python -m {module}"
    assert_usage_error(process(module, "--bogus", home=tmp_path), prog)


@pytest.mark.parametrize("module", TOOLS.values())
def test_help_shows_defaults(module):
    done = run(module, "--help")
    assert done.returncode == 0 and done.stderr == ""
    if module != "game.replay":  # replay's options have no defaults to show
        assert "(default: " in done.stdout


def test_scram_help_names_the_tools_the_files_and_the_environment(tmp_path):
    done = run("game", "--help", home=tmp_path)
    text = done.stdout
    for tool in ("game.replay", "game.sim", "ai.tournament"):
        assert f"python -m {tool}" in text
    assert str(tmp_path / "config" / "settings.json") in text
    assert str(tmp_path / "data" / "save.json") in text and "crash.log" in text
    for var in ("SCRAM_HOME", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "SCRAM_SCREENSHOT_DIR"):
        assert var in text
    # every variable the code reads is named in the help
    read = set()
    for path in list((ROOT / "game").rglob("*.py")):
        for name in ("SCRAM_HOME", "SCRAM_SCREENSHOT_DIR", "SCRAM_STARTUP_PROBE", "XDG_RUNTIME_DIR"):
            if name in path.read_text(encoding="utf-8"):
                read.add(name)
    assert all(name in text for name in read)


@pytest.mark.slow
def test_seed_and_campers_apply_to_the_watched_game(tmp_path):
    done = process("game", "--selftest", "--campers", "3", "--seed", "5", home=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "(3 campers," in done.stdout


def _interrupt(module: str, *args: str, wait: float) -> subprocess.CompletedProcess[str]:
    """Start a tool in its own process group and press Ctrl-C (SIGINT to the whole group)."""

    def as_from_a_terminal() -> None:
        # A shell starts background jobs with SIGINT ignored, and Python keeps an ignored
        # SIGINT ignored: give the tool the default a terminal gives it, wherever pytest runs.
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    proc = subprocess.Popen(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=as_from_a_terminal,
    )
    try:
        time.sleep(wait)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:  # never leave a tool running behind a failed test
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="process groups and SIGINT are POSIX")
@pytest.mark.parametrize(
    "module, args",
    [
        ("game.sim", ["--games", "10000000"]),
        ("ai.tournament", ["--teams", "scout,scout", "--games", "100000", "--workers", "2"]),
    ],
    ids=["sim", "tournament"],
)
def test_ctrl_c_exits_130_quietly(module, args):
    done = _interrupt(module, *args, wait=2.0)
    assert done.returncode == 130, done.stderr
    assert done.stderr == ""


def test_an_internal_error_is_one_line(capsys):
    from game.cli import run as cli_run

    def broken(argv):
        raise KeyError("oops")

    assert cli_run("tool", broken, []) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tool: internal error") and "KeyError" in err


def test_the_crash_log_is_rotated(tmp_path, monkeypatch):
    from game import __main__ as scram

    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    monkeypatch.setattr(scram, "CRASH_LOG_BYTES", 2000)
    for n in range(40):
        line = scram._crash_report(RuntimeError(f"crash {n} " + "x" * 300))
        assert "\n" not in line and "crash.log" in line
    logs = sorted(p.name for p in (tmp_path / "data").iterdir())
    assert logs == ["crash.log", "crash.log.1", "crash.log.2"]
    assert all((tmp_path / "data" / n).stat().st_size <= 2000 + 1000 for n in logs)
    assert "crash 39" in (tmp_path / "data" / "crash.log").read_text()


def test_notices_are_printed(tmp_path):
    done = run("game", "--notices", home=tmp_path)
    assert done.returncode == 0 and "GNU LGPL 2.1" in done.stdout and "zlib" in done.stdout
