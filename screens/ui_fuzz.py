"""UI fuzz: every screen, random input, F11 and resizes, for minutes, with
the game's resident memory sampled. Prints figures; asserts nothing.

    python -m screens.ui_fuzz [--minutes 10] [--seed 1] [--visit 20] [--display] [--out FILE]

The game runs in a process of its own (screens/ui_fuzz_child.py), so that a native crash is
seen and counted rather than taking the fuzz with it: the fuzz then starts it again (next
seed) until the time is up. Every screen is visited in turn, `--visit` seconds each: the
menu, the new-game form, How to play, settings, About, statistics, past games, the guided
game, local tables of 3, 4 and 6 campers (the player's seat), a watched game at instant
speed (round ends, the game over), a review, Play with friends, the host form, a table
hosted by this game and a friend's table joined over the network (a real server on
127.0.0.1). In each, random mouse moves and clicks (some on its buttons), keys, typed text,
the wheel, F11 now and then, F12 rarely, and resizes up to `--max-size` (2600 x 1500: larger
than a 1920 x 1080 display; 4000x2400 for a 4K stress) (see ui_fuzz_child.py).

Video: SDL's dummy driver, or with `--display` the X display in DISPLAY (e.g. Xvfb :37) with
real resizes by `xdotool windowsize`. Memory: the child's resident set (VmRSS) every half
second: at the start (the first menu), its peak, at the end, per screen on top (first
sample, peak, last), and its trend (a least-squares slope over the second half of the run,
MB a minute: a creep shows there); at the peak, its parts (anonymous, files, the window's
shared pixels), the surface caches' share and the layout size; by minute, glibc's heap (in
use, free inside it, big blocks mapped) and Python's live blocks and tracked objects. With
FUZZ_SURFACES=1 the child also says every ten seconds which objects hold surfaces and how
many table pictures (`Backdrop`) live before and after a collection. Crashes: Python
errors a frame raised (the game would have stopped with a crash report) and native ones
(the process killed by a signal), each with its one line.
"""

from __future__ import annotations

import argparse
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = "screens.ui_fuzz_child"  # run as a module from the repository root (it imports tests helpers)


def rss_mb(pid: int) -> float | None:
    """The process's resident set in MB (None once it has gone)."""
    parts = rss_parts(pid)
    return parts["VmRSS"] if parts else None


def rss_parts(pid: int) -> dict[str, float]:
    """VmRSS and its anonymous, file-backed and shared-memory parts (the X window's pixels
    are shared memory), in MB; empty once the process has gone."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
        fields = (
            x.split(":", 1) for x in lines if x.startswith(("VmRSS:", "RssAnon:", "RssFile:", "RssShmem:"))
        )
        return {k: int(v.split()[0]) / 1024 for k, v in fields}
    except (OSError, ValueError):
        return {}


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, MB), in MB a minute (0 for too few points)."""
    if len(points) < 3:
        return 0.0
    n = len(points)
    mx = sum(t for t, _ in points) / n
    my = sum(m for _, m in points) / n
    var = sum((t - mx) ** 2 for t, _ in points)
    return 60 * sum((t - mx) * (m - my) for t, m in points) / var if var else 0.0


class Run:
    """One fuzzing session: children started until the time is up, their lines and memory."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.samples: list[tuple[float, float, str]] = []  # (seconds, MB, screen on top)
        self.peak_parts: dict[str, float] = {}  # the highest sample's parts
        self.events = self.frames = 0
        self.visits: dict[str, int] = defaultdict(int)
        self.errors: list[str] = []
        self.natives: list[str] = []
        self.quits = 0
        self.starts = 0
        self.window = "?"  # the window's size as the child last said
        self.cached = "?"  # MB the surface caches held, as the child last said
        self.heap: list[str] = []  # the child's heap figures, as it last said (see below)
        self.heap_log: list[tuple[float, list[str]]] = []
        self.surfaces_log: list[tuple[float, str]] = []  # FUZZ_SURFACES=1: who holds surfaces

    def go(self) -> None:
        t0 = time.monotonic()
        end = t0 + self.args.minutes * 60
        seed = self.args.seed
        while time.monotonic() < end - 5:
            self.child(seed, end - time.monotonic(), t0)
            seed += 1000
        self.elapsed = time.monotonic() - t0

    def child(self, seed: int, seconds: float, t0: float) -> None:
        home = tempfile.mkdtemp(prefix="scram-fuzz-")
        env = {**os.environ, "SCRAM_HOME": home, "SDL_AUDIODRIVER": "dummy"}
        env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        if self.args.display:
            env.pop("SDL_VIDEODRIVER", None)
        else:
            env["SDL_VIDEODRIVER"] = "dummy"
        cmd = [sys.executable, "-m", CHILD, "--seconds", f"{seconds:.0f}", "--seed", str(seed)]
        cmd += ["--visit", str(self.args.visit), "--max-size", self.args.max_size]
        cmd += ["--display"] if self.args.display else []
        errlog = open(Path(home) / "stderr.txt", "w")  # noqa: SIM115 - closed below
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=errlog, text=True)
        self.starts += 1
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()
        top, events0, frames0 = "-", self.events, self.frames
        while True:
            done = proc.poll() is not None
            while True:
                try:
                    line = lines.get_nowait().split(maxsplit=1)
                except queue.Empty:
                    break
                kind, rest = line[0], (line[1].strip() if len(line) > 1 else "")
                if kind == "top":
                    top = rest
                elif kind == "visit":
                    self.visits[rest] += 1
                elif kind == "events":
                    e, f = rest.split()
                    self.events, self.frames = events0 + int(e), frames0 + int(f)
                elif kind == "error":
                    self.errors.append(rest)
                elif kind == "quit":
                    self.quits += 1
                elif kind == "size":
                    self.window = rest
                elif kind == "surfaces":
                    self.surfaces_log.append((time.monotonic() - t0, f"{rest} [{top}]"))
                elif kind == "caches":
                    self.cached, *self.heap = rest.split()
                    self.heap_log.append((time.monotonic() - t0, self.heap))
            if done:
                break
            parts = rss_parts(proc.pid)
            if parts:
                mb = parts["VmRSS"]
                if mb > self.peak_parts.get("VmRSS", 0):
                    self.peak_parts = {
                        **parts,
                        "window": self.window,
                        "cached": self.cached,
                        "heap": self.heap,
                    }
                self.samples.append((time.monotonic() - t0, mb, top))
            time.sleep(0.5)
        errlog.close()
        if proc.returncode != 0:
            log = Path(home) / "data" / "crash.log"
            said = log.read_text(errors="replace") if log.exists() else ""
            where = [x.strip() for x in said.splitlines() if x.strip().startswith("File ")][:1]
            stack = where[0] if where else "no stack in crash.log"
            self.natives.append(f"exit {proc.returncode} at {top}: {stack}")

    def _heap_lines(self) -> list[str]:
        """The child's heap by minute, and (FUZZ_SURFACES=1) who held the surfaces."""
        out = ["the heap, by minute (malloc in use / free in it / mapped MB; Python blocks, objects k):"]
        for minute in sorted({int(t // 60) for t, _ in self.heap_log}):
            last = [h for t, h in self.heap_log if int(t // 60) == minute][-1]
            out.append(f"  {minute:2d}: " + " ".join(last))
        if self.surfaces_log:
            out.append("surfaces held (MB in all, then the holders holding most), by minute:")
            for minute in sorted({int(t // 60) for t, _ in self.surfaces_log}):
                at = [x for t, x in self.surfaces_log if int(t // 60) == minute]
                out.append(f"  {minute:2d}: {max(at, key=lambda x: int(x.split()[0]))}")
        return out

    def report(self) -> str:
        out = []
        mode = "dummy driver"
        if self.args.display:
            mode = f"real window on {os.environ.get('DISPLAY', '?')} (xdotool resizes)"
        out.append(
            f"UI fuzz: {mode}, seed {self.args.seed}, visits of {self.args.visit:.0f} s,"
            f" windows up to {self.args.max_size}"
        )
        out.append(
            f"duration {self.elapsed / 60:.1f} min, {self.events} input frames, {self.frames} frames,"
            f" {sum(self.visits.values())} screen visits, {self.starts} process start(s)"
        )
        out.append(f"crashes: {len(self.errors)} Python errors, {len(self.natives)} native")
        out += [f"  error: {e}" for e in self.errors[:20]]
        out += [f"  native: {e}" for e in self.natives]
        out.append(f"the fuzz chose Quit {self.quits} times (the game was started again at the menu)")
        if self.samples:
            mbs = [m for _, m, _ in self.samples]
            first_menu = next((m for _, m, s in self.samples if s == "MenuScene"), mbs[0])
            out.append(
                f"resident memory: start {first_menu:.0f} MB (the first menu), peak {max(mbs):.0f} MB,"
                f" end {mbs[-1]:.0f} MB"
            )
            p = self.peak_parts
            out.append(
                f"at the peak: anonymous {p.get('RssAnon', 0):.0f} MB, files {p.get('RssFile', 0):.0f} MB,"
                f" shared (the window's pixels) {p.get('RssShmem', 0):.0f} MB; the surface caches"
                f" {p.get('cached', '?')} MB; layout size {p.get('window', '?')}"
            )
            out += self._heap_lines()
            half = [(t, m) for t, m, _ in self.samples if t >= self.samples[-1][0] / 2]
            out.append(f"trend over the second half: {slope(half):+.2f} MB a minute")
            per_minute = defaultdict(list)
            for t, m, _ in self.samples:
                per_minute[int(t // 60)].append(m)
            peaks = " ".join(f"{max(v):.0f}" for _, v in sorted(per_minute.items()))
            out.append(f"by minute (peak MB): {peaks}")
            by_top: dict[str, list[float]] = defaultdict(list)
            for _, m, s in self.samples:
                by_top[s].append(m)
            out.append("by screen on top (first / peak / last sample, MB):")
            for name, ms in sorted(by_top.items(), key=lambda kv: -max(kv[1])):
                out.append(f"  {name:<22} {ms[0]:5.0f} / {max(ms):5.0f} / {ms[-1]:5.0f}  ({len(ms)} samples)")
        out.append("visits: " + ", ".join(f"{k} {v}" for k, v in sorted(self.visits.items())))
        out.append(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fuzz every screen of the game; print crashes and memory.")
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--visit", type=float, default=20.0, help="seconds on each screen")
    parser.add_argument("--display", action="store_true", help="a real window on DISPLAY, xdotool resizes")
    parser.add_argument("--max-size", default="2600x1500", help="the largest window the fuzz asks for")
    parser.add_argument("--out", type=Path, help="also append the figures to this file")
    args = parser.parse_args(argv)
    if args.display and not os.environ.get("DISPLAY"):
        raise SystemExit("ui_fuzz: --display but no DISPLAY (start Xvfb :99 and set DISPLAY=:99)")
    run = Run(args)
    run.go()
    text = run.report()
    print(text)
    if args.out:
        with args.out.open("a") as f:
            f.write(f"--- {time.strftime('%Y-%m-%d %H:%M')} {' '.join(sys.argv[1:])}\n{text}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
