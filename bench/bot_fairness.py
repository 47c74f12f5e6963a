"""How late a person's bots play while a stranger's tables keep the server's bot workers busy:
prints figures, asserts nothing.

    python -m bench.bot_fairness [--seconds 60] [--attack-tables 8] [--attack-addresses 1]
        [--bot-workers 2] [--pace normal] [--level trailblazer] [--trees .,/tmp/before]

For each source tree (`.` is this one), a real `scram --server --bot-workers N` and, from one
address of its own, the person's table: one client (it plays at once) and three server bots
at `--level` playing at `--pace`, as the game offers. Each bot move should come `pace`
seconds after the move before it; how much later it comes is its lateness (p50 / p95 / max,
and the share later than a tenth of a second). Measured twice: with the server to itself,
then while the attack runs: `--attack-tables` tables (spread over `--attack-addresses`
addresses, at most 8 a one, the server's cap) of one instant client and three bots at
`--level`, pace instant, every finished game started again at once. What the attack got is
printed too (its decisions a second), and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile

from bench.net_load_clients import LoadSeat, Stats, close_all, seat_table
from game.files.settings import PACES

VICTIM = "127.0.0.5"


class PacedSeat(LoadSeat):
    """The person's client: plays at once, and notes how late each bot move came."""

    pace = 0.0
    late: list[float]
    last: float | None = None

    def _moved(self, data: bytes, ver: int, by: int, when: float) -> None:
        if by != self.mirror.seat and self.last is not None and self.stats.measuring:
            self.late.append(when - self.last - self.pace)
        self.last = when
        super()._moved(data, ver, by, when)


def start_server(tree: str, workers: int, data: str) -> tuple[subprocess.Popen, str]:
    """`scram --server` from `tree` on a free port, and its address."""
    command = [sys.executable, "-m", "game", "--server", "--port", "0", "--data", data, "--bot-workers"]
    quiet = {"stdout": subprocess.PIPE, "stderr": subprocess.DEVNULL, "text": True}  # (its log)
    server = subprocess.Popen([*command, str(workers)], cwd=tree, **quiet)
    line = server.stdout.readline()
    if not line.startswith("listening on "):
        server.kill()
        raise SystemExit(f"the server in {tree} did not start: {line!r}")
    return server, line.split()[2]


async def attack(url: str, tables: int, addresses: int, level: str, stats: Stats) -> list:
    rng, seated = random.Random(7), []
    for t in range(tables):
        source = f"127.8.0.{t % addresses + 1}"
        seated.append(await seat_table(url, stats, rng, True, level, source=source))
    for seats in seated:
        seats[0].start()
    return seated


def lateness(late: list[float]) -> str:
    if not late:
        return "no bot moves"
    xs = sorted(late)
    ms = [x * 1000 for x in xs]
    over = sum(x > 0.1 for x in xs) / len(xs) * 100
    return (
        f"bot moves {len(xs)}: late p50 {statistics.median(ms):.0f} ms, "
        f"p95 {ms[int(len(ms) * 0.95)]:.0f} ms, max {ms[-1]:.0f} ms; {over:.1f} % later than 100 ms"
    )


async def run(args, tree: str) -> list[str]:
    out = []
    with tempfile.TemporaryDirectory(prefix="scram-fair-") as data:
        server, url = start_server(tree, args.bot_workers, data)
        try:
            victim_stats = Stats()
            PacedSeat.pace = PACES[args.pace]
            victim = await seat_table(
                url, victim_stats, random.Random(1), True, args.level, VICTIM, args.pace, PacedSeat
            )
            victim[0].late = []
            victim[0].start()
            for attacked in (False, True):
                stats, seated = Stats(), []
                if attacked:
                    seated = await attack(url, args.attack_tables, args.attack_addresses, args.level, stats)
                await asyncio.sleep(args.warmup)
                victim[0].late, load = [], os.getloadavg()[0]
                victim_stats.measuring = stats.measuring = True
                await asyncio.sleep(args.seconds)
                victim_stats.measuring = stats.measuring = False
                what = (
                    f"{args.attack_tables} attacking tables from {args.attack_addresses} address(es), "
                    f"{stats.decisions / args.seconds:.0f} of their decisions a second"
                    if attacked
                    else "no attack"
                )
                out.append(
                    f"{tree}: {what}: {lateness(victim[0].late)}; "
                    f"load average {load:.2f} -> {os.getloadavg()[0]:.2f}"
                )
                print(out[-1], flush=True)
                close_all(seated)
            close_all([victim])
        finally:
            server.terminate()
            server.wait()
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--warmup", type=float, default=5.0)
    p.add_argument("--attack-tables", type=int, default=8)
    p.add_argument("--attack-addresses", type=int, default=1)
    p.add_argument("--bot-workers", type=int, default=2)
    p.add_argument("--pace", default="normal", choices=tuple(PACES))
    p.add_argument("--level", default="trailblazer")
    p.add_argument("--trees", default=".", help="comma-separated source trees (. is this one)")
    p.add_argument("--repeat", type=int, default=1, help="runs of each tree, interleaved")
    args = p.parse_args()
    print(
        f"# bench/bot_fairness.py: {args.seconds:g} s a window after {args.warmup:g} s, "
        f"--bot-workers {args.bot_workers}, the person's bots {args.level} at {args.pace} "
        f"({PACES[args.pace]:g} s); {os.cpu_count()} cores",
        flush=True,
    )
    for _ in range(args.repeat):
        for tree in args.trees.split(","):
            asyncio.run(run(args, tree))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
