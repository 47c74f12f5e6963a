"""Try every hostile case of hostile/hostile_cases.py on the game and count what it handles.

    python -m hostile.hostile_files [--only WORD] [--workers 2] [--timeout 30] [--list]

Each case runs in a fresh process on a fresh SCRAM_HOME, headless (SDL's dummy drivers),
through the code the player runs: the settings through the launcher's start, the save
through the menu's Continue and the table, the statistics through their screen, the
tutorial note through the menu, a kept game through Past games and its review, a record
through `python -m game.replay` and `scram --review` (its name full of escape sequences),
the crash log through the launcher's crash report, and the temporary files of killed writes
through a real start. A case is handled when the process ends in time without a traceback
and the game did what the case expects (hostile_cases.py): set aside and said in one line,
or read with every value in range. Prints, per file: cases tried, handled, the slowest case
and the one with the largest peak memory (resident, of its whole process); then every case
not handled, with why. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import stat
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from hostile import hostile_cases

ROOT = Path(__file__).resolve().parent.parent

RECORD_NAME = "\x1b]0;T\x07\x1b[31mR.json"  # every record case is read under this name
WHERE = {
    "settings.json": "config/settings.json",
    "save.json": "data/save.json",
    "stats.json": "data/stats.json",
    "tutorial.json": "data/tutorial.json",
    "a kept game": "data/games/20260101-000000-000000001-s1.json",
    "crash.log": "data/crash.log",
}
UI_KINDS = ("settings.json", "save.json", "stats.json", "tutorial.json", "a kept game")


def _env(home: Path, **more: str) -> dict:
    env = {**os.environ, "SCRAM_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("SCRAM_SCREENSHOT_DIR", None)
    return {**env, "PYGAME_HIDE_SUPPORT_PROMPT": "1", **more}


def _shape(path: Path) -> tuple[int, int] | None:
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return stat.S_IFMT(st.st_mode), (st.st_size if stat.S_ISREG(st.st_mode) else 0)


# The case runs under a small launcher that waits for it: on Linux a process's peak memory
# counts what it inherited before exec, and this script holds every case's data.
LAUNCHER = """
import json, os, signal, sys, time
timeout, out, err, *args = sys.argv[1:]
o = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
e = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
start = time.perf_counter()
actions = [(os.POSIX_SPAWN_DUP2, o, 1), (os.POSIX_SPAWN_DUP2, e, 2)]
pid = os.posix_spawn(args[0], args, os.environ, file_actions=actions)
signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
signal.setitimer(signal.ITIMER_REAL, float(timeout))
_, status, usage = os.wait4(pid, 0)
seconds = time.perf_counter() - start
status = os.waitstatus_to_exitcode(status)
print(json.dumps({"status": status, "seconds": seconds, "peak_kb": usage.ru_maxrss}))
"""


def _run_child(args: list[str], env: dict, cwd: Path, timeout: float) -> dict:
    """Run a process to its end (killed after `timeout`): status, output, seconds, peak KB."""
    out, err = cwd / ".out", cwd / ".err"
    small = subprocess.run(
        [sys.executable, "-S", "-c", LAUNCHER, str(timeout), str(out), str(err), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    done = json.loads(small.stdout)
    return {
        **done,
        "stdout": out.read_text(errors="replace"),
        "stderr": err.read_text(errors="replace"),
        "hung": done["seconds"] >= timeout,
    }


# ---- the cases of each kind --------------------------------------------------------------
def all_cases() -> list[tuple[str, int, str, str]]:
    """(kind, index, case name, expected) for every case, in order."""
    out = []
    for kind, cases in _file_cases().items():
        kinds = ["a record (replay)", "a record (--review)"] if kind == "a record" else [kind]
        for k in kinds:
            out += [(k, i, name, expected) for i, (name, _w, expected) in enumerate(cases)]
    out += [("crash.log", i, n, x) for i, (n, _w, x) in enumerate(hostile_cases.crash_log_cases())]
    out.append(("temporary files", 0, "23 stale temporary files among others", "read"))
    return out


@functools.cache
def _file_cases() -> dict:
    return hostile_cases.file_cases()


def _writer(kind: str, index: int):
    if kind == "crash.log":
        return hostile_cases.crash_log_cases()[index][1]
    base = "a record" if kind.startswith("a record") else kind
    return _file_cases()[base][index][1]


def _path(home: Path, kind: str) -> Path:
    return home / (RECORD_NAME if kind.startswith("a record") else WHERE[kind])


def try_case(kind: str, index: int, expected: str, timeout: float) -> dict:
    """Set up one case in a fresh home, run it, judge it: the run's figures and a verdict."""
    with tempfile.TemporaryDirectory(prefix="scram-hostile-") as tmp:
        home = Path(tmp)
        for sub in ("config", "data/games"):
            (home / sub).mkdir(parents=True)
        if kind == "temporary files":
            return _try_temps(home, timeout)
        path = _path(home, kind)
        _writer(kind, index)(path)
        before = _shape(path)
        if kind == "a record (replay)":
            done = _run_child([sys.executable, "-m", "game.replay", str(path)], _env(home), home, timeout)
            return {**done, "why": _judge_command(done, expected, refused=2)}
        if kind == "a record (--review)":
            env = _env(home, SCRAM_STARTUP_PROBE="1")
            done = _run_child([sys.executable, "-m", "game", "--review", str(path)], env, home, timeout)
            return {**done, "why": _judge_command(done, expected, refused=1)}
        args = [sys.executable, "-m", "hostile.hostile_files", "--child", kind, str(index)]
        done = _run_child(args, _env(home, PYTHONPATH=str(ROOT)), home, timeout)  # runs in the home
        return {**done, "why": _judge_child(done, kind, path, before, expected)}


def _judge_command(done: dict, expected: str, refused: int) -> str | None:
    """Why a command's run is not handled (None: it is)."""
    if done["hung"]:
        return "did not end in time"
    err = done["stderr"]
    if "Traceback" in err or "\x1b" in err or "\x07" in err:
        return f"raw output on stderr: {err[:120]!r}"
    if done["status"] == 0 and err == "" and expected in ("read", "either"):
        return None
    if done["status"] == refused and err.count("\n") == 1 and expected in ("aside", "either"):
        return None
    return f"exit {done['status']}, stderr {err[:160]!r} (expected {expected})"


def _judge_child(done: dict, kind: str, path: Path, before, expected: str) -> str | None:
    if done["hung"]:
        return "did not end in time"
    lines = done["stdout"].strip().splitlines()
    if done["status"] != 0 or not lines:
        return f"exit {done['status']}: {done['stderr'][-300:]!r}"
    seen = json.loads(lines[-1])
    if seen.get("error"):
        return seen["error"]
    note = seen.get("note")
    aside = [p for p in path.parent.glob(path.name + ".corrupt-*") if _shape(p) == before]
    said_aside = (
        note is not None and "\n" not in note and f"kept as {path.name}.corrupt-" in note and len(aside) == 1
    )
    if kind == "crash.log":
        said_aside, note = seen["refused"], (None if seen["written"] else "refused")
    read_ok = note is None and seen.get("values_ok", True) and not aside
    if (expected in ("aside", "either") and said_aside) or (expected in ("read", "either") and read_ok):
        return None
    return f"note {note!r}, set aside {len(aside)}, values {seen.get('values', '')} (expected {expected})"


def _try_temps(home: Path, timeout: float) -> dict:
    data = home / "data"
    ours = [data / f"save.json.abcdef{k:02d}.tmp" for k in range(10)]
    ours += [data / "games" / f"20260101-000000-0000000{k:02d}-s1.json.x1y2z3{k:02d}.tmp" for k in range(12)]
    ours.append(home / "config" / "settings.json.q_w_e_r_.tmp")
    theirs = [data / "notes.txt.abcdefgh.tmp", data / "save.json.tmp", data / "save.json.ABCDEFGH.tmp"]
    fresh = data / "stats.json.fresh123.tmp"
    for p in ours + theirs + [fresh]:
        p.write_text("{")
        if p is not fresh:
            os.utime(p, (1, 1))
    env = _env(home, SCRAM_STARTUP_PROBE="1")
    done = _run_child([sys.executable, "-m", "game"], env, home, timeout)
    gone = [p for p in ours if p.exists()]
    kept = all(p.exists() for p in [*theirs, fresh])
    why = None if done["status"] == 0 and not gone and kept else f"left {len(gone)}, others kept {kept}"
    return {**done, "why": why}


# ---- the child: one case through the player's screens ------------------------------------
def child(kind: str, index: int) -> dict:
    """Drive the screens that read `kind`; what the player was told and what was shown."""
    import pygame

    if kind == "crash.log":
        return _child_crash()
    from game.files.settings import load_settings
    from game.ui.routes import make_app

    settings, note = load_settings()
    app = make_app(None, settings, persist=True)
    if note:
        app.messages.append(note)
    app.open("menu")
    _frames(app, 2)
    seen = {"values_ok": True}
    if kind == "settings.json":
        from game.files.settings import NAME_LIMIT, WINDOW_LIMIT

        name = app.settings.player_name
        seen["values_ok"] = max(app.size) <= WINDOW_LIMIT and _clean(name, NAME_LIMIT)
        seen["values"] = [app.size, len(name)]
    elif kind == "save.json":
        seen.update(_child_save(app, pygame))
    elif kind == "stats.json":
        app.open("stats")
        _frames(app, 3)
        seen["values_ok"] = _stats_in_range(app.top.stats)
    elif kind == "a kept game":
        seen.update(_child_kept(app, pygame))
    notes = [m for m in app.messages]
    seen["note"] = seen.get("note") or (notes[0] if notes else None)
    return seen


def _frames(app, n: int) -> None:
    for _ in range(n):
        app.step(1 / 60)


def _press(pygame, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _clean(name: str, limit: int) -> bool:
    from game.files.text import clean_text

    name.encode("utf-8")
    return 0 < len(name) <= limit and clean_text(name) == name


def _child_save(app, pygame) -> dict:
    from game.files.text import NAME_LIMIT

    _press(pygame, pygame.K_RETURN)  # Continue
    _frames(app, 4)
    table = app.top
    if type(table).__name__ != "TableScene":
        return {"values_ok": False, "values": "no table"}
    ok = all(_clean(p, NAME_LIMIT) for p in table.players)
    told = not table.session.problems or "could not be built" in table.sidebar.log[-1]
    table.close()
    return {"values_ok": ok and told, "values": [len(p) for p in table.players]}


def _child_kept(app, pygame) -> dict:
    from game.files.text import NAME_LIMIT

    scene = app.open("past_games")
    _frames(app, 2)
    note = scene.note or None
    if not scene.games:
        return {"note": note, "values_ok": False, "values": "not listed"}
    ok = all(_clean(p, NAME_LIMIT) for p in scene.games[0].players) and len(scene.games[0].title()) < 120
    _press(pygame, pygame.K_RETURN)  # its review, to the end
    _frames(app, 2)
    _press(pygame, pygame.K_END)
    _frames(app, 3)
    return {"note": note, "values_ok": ok and type(app.top).__name__ == "ReviewScene"}


def _stats_in_range(stats) -> bool:
    from game.files.stats import _COUNTS, COUNT_LIMIT

    return all(0 <= getattr(g, f) <= COUNT_LIMIT for g in stats.groups.values() for f in _COUNTS)


def _child_crash() -> dict:
    from game.__main__ import _crash_report
    from game.files.disk import data_dir

    line = _crash_report(RuntimeError("boom"))
    log = data_dir() / "crash.log"
    precious = data_dir() / "precious.txt"
    intact = not precious.exists() or precious.read_text() == "mine\n"
    written = "details in" in line and "boom" in log.read_text() if log.is_file() else False
    return {"refused": "no crash log" in line and intact, "written": written and "\n" not in line}


# ---- the report ------------------------------------------------------------------------------
def report(results: list[tuple[tuple, dict]]) -> None:
    kinds: dict[str, list] = {}
    for case, done in results:
        kinds.setdefault(case[0], []).append((case, done))
    print(
        f"{'file':24} {'tried':>5} {'handled':>7}  slowest case (s)                          peak memory (MB)"
    )
    for kind, rows in kinds.items():
        handled = sum(d["why"] is None for _, d in rows)
        slow = max(rows, key=lambda r: r[1]["seconds"])
        big = max(rows, key=lambda r: r[1]["peak_kb"])
        print(
            f"{kind:24} {len(rows):5} {handled:7}  {slow[1]['seconds']:5.2f} {slow[0][2][:34]:34}"
            f"  {big[1]['peak_kb'] / 1024:6.0f} {big[0][2][:30]}"
        )
    total = sum(d["why"] is None for _, d in results)
    print(f"{'all':24} {len(results):5} {total:7}")
    worst_t = max(results, key=lambda r: r[1]["seconds"])
    worst_m = max(results, key=lambda r: r[1]["peak_kb"])
    print(f"slowest of all: {worst_t[1]['seconds']:.2f} s, {worst_t[0][0]}: {worst_t[0][2]}")
    print(f"largest peak memory: {worst_m[1]['peak_kb'] / 1024:.0f} MB, {worst_m[0][0]}: {worst_m[0][2]}")
    for case, done in results:
        if done["why"] is not None:
            print(f"NOT HANDLED {case[0]}: {case[2]}: {done['why']}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", default="", help="run the cases whose file or name holds this word")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--timeout", type=float, default=30.0)
    p.add_argument("--list", action="store_true", help="list the cases and stop")
    p.add_argument("--child", nargs=2, metavar=("KIND", "INDEX"), help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        try:
            seen = child(args.child[0], int(args.child[1]))
        except BaseException as e:  # noqa: BLE001 - the verdict says what broke
            import traceback

            seen = {"error": "".join(traceback.format_exception(e))[-600:]}
        print(json.dumps(seen, default=str))
        return 0
    cases = [c for c in all_cases() if args.only in c[0] or args.only in c[2]]
    if args.list:
        for c in cases:
            print(f"{c[0]}: {c[2]} ({c[3]})")
        print(len(cases), "cases")
        return 0
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        runs = list(pool.map(lambda c: try_case(c[0], c[1], c[3], args.timeout), cases))
    report(list(zip(cases, runs, strict=True)))
    print(f"{len(cases)} cases in {time.perf_counter() - start:.0f} s ({args.workers} at a time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
