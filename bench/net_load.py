"""Load on one table server: prints figures, asserts nothing.

    python bench/net_load.py --tables 200 [--seconds 20] [--bots] [--level greenhorn]
    python bench/net_load.py --knee 50,100,200,300,400   # one run per table count

One server process (this script with `--serve`, a TableServer on 127.0.0.1 with SQLite in
a temporary folder) and one load process (this one) with N tables of 4 headless clients
each, every client playing an instant legal decision (the rules core's random policy on
its seat's view) whenever it is its turn, within NETWORK.md's 20 messages a second; a
finished game is started again at once. With `--bots`, each table has one such client and
three server bots (`--level`, pace instant).

After everyone is seated and playing (a warm-up), for `--seconds`: decisions per second
(every decision at every table), action -> broadcast latency (a client sending `act` until
it reads the `move` of that decision) p50/p95/p99, the server's event loop worst lag (a
probe task that wakes every 10 ms inside the server), the server's CPU share, and its
memory per table (resident memory with the tables, less before any, divided by N).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net.client import Client  # noqa: E402
from game.net.mirror import SeatMirror  # noqa: E402
from game.rules import decision_to_json  # noqa: E402

TURN = ("start", "drawn", "twelve")


def more_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# ---- the server process ------------------------------------------------------------------
async def serve(sync: str) -> None:
    from game.net.server import ServerOptions, TableServer
    from game.net.sqlite_store import SqliteStorage

    more_files()
    folder = tempfile.mkdtemp(prefix="scram-bench-")
    server = TableServer(
        SqliteStorage(Path(folder) / "tables.sqlite", sync), version="bench", options=ServerOptions()
    )
    port = await server.start("127.0.0.1", 0)
    loop = asyncio.get_running_loop()
    lags: list[float] = []
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGUSR1, lags.clear)  # the measurement starts
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    print(port, flush=True)

    async def probe() -> None:
        while True:
            due = loop.time() + 0.01
            await asyncio.sleep(0.01)
            lags.append(loop.time() - due)

    task = asyncio.create_task(probe())
    await stop.wait()
    task.cancel()
    lags.sort()
    print(
        json.dumps({"worst_lag": lags[-1] if lags else 0, "lag_p99": lags[int(len(lags) * 0.99)]}), flush=True
    )
    await server.stop()


# ---- the load ----------------------------------------------------------------------------
class Stats:
    def __init__(self) -> None:
        self.decisions = 0
        self.latencies: list[float] = []
        self.measuring = False
        self.errors: dict[str, int] = {}


async def player(
    client: Client, seat: int, host: bool, counts_all: bool, stats: Stats, rng: random.Random
) -> None:
    """Play `seat` forever: an instant random legal decision at each turn; the host deals
    again after every `over`."""
    mirror = SeatMirror(seat)
    sent: tuple[int, float] | None = None
    while True:
        message = await client.recv()
        kind = message["type"]
        if kind in ("state", "move"):
            now = time.perf_counter()
            if kind == "move" and stats.measuring:
                if counts_all or message["by"] == seat:
                    stats.decisions += 1
                if sent is not None and message["ver"] == sent[0] + 1 and message["by"] == seat:
                    stats.latencies.append(now - sent[1])
            mirror.feed(message, decode=False)
            view = message["view"]
            if view["turn"] == seat and view["phase"] in TURN:
                v = mirror.view()
                decision = decision_to_json(v.sample_decision(rng), v.holding)
                sent = (message["ver"], time.perf_counter())
                await client.act(message["ver"], decision)
        elif kind == "over" and host:
            await client.start()
        elif kind == "error":
            stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1


async def table(url: str, bots: bool, level: str) -> tuple[list, list]:
    """Seat a table (4 clients, or 1 and 3 bots); its clients and their seats."""
    host = await Client.connect(url, ping_interval=None)
    await host.hello("Host", "bench")
    humans = 1 if bots else 4
    joined = await host.create(4, 0, [level] * 4, "instant")
    clients, seats = [host], [0]
    for n in range(1, humans):
        c = await Client.connect(url, ping_interval=None)
        await c.hello(f"Camper {n}", "bench")
        clients.append(c)
        seats.append((await c.join(joined["code"]))["seat"])
    return clients, seats


async def seat_all(url: str, args, tables: int, stats: Stats) -> list:
    """Seat every table (twenty at a time), then start them all; the players' tasks."""
    seated = []
    for first in range(0, tables, 20):
        batch = range(first, min(tables, first + 20))
        seated += await asyncio.gather(*(table(url, args.bots, args.level) for _ in batch))
    rng, tasks = random.Random(1), []
    for clients, seats in seated:
        for c, s in zip(clients, seats, strict=True):
            tasks.append(
                asyncio.create_task(
                    player(c, s, c is clients[0], args.bots, stats, random.Random(rng.random()))
                )
            )
    for clients, _ in seated:
        await clients[0].start()
    return tasks


def profile(args, pid: int) -> subprocess.Popen | None:
    """py-spy sampling the server for the measurement (`--profile FILE`: its folded stacks)."""
    if not args.profile:
        return None
    spy = Path(sys.executable).with_name("py-spy")
    command = [str(spy), "record", "--pid", str(pid), "--duration", str(int(args.seconds))]
    return subprocess.Popen([*command, "--format", "raw", "--output", args.profile, "--nonblocking"])


def rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure(args, tables: int) -> dict:
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", "--sync", args.sync], stdout=subprocess.PIPE, text=True
    )
    try:
        port = int(server.stdout.readline())
        url = f"ws://127.0.0.1:{port}/"
        base = rss(server.pid)
        stats = Stats()
        tasks = await seat_all(url, args, tables, stats)
        await asyncio.sleep(args.warmup)  # everyone playing before the measurement
        held = rss(server.pid)
        server.send_signal(signal.SIGUSR1)
        spy = profile(args, server.pid)
        cpu0, own0, t0 = cpu_seconds(server.pid), time.process_time(), time.perf_counter()
        stats.measuring = True
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        if spy is not None:
            await asyncio.to_thread(spy.wait)
        elapsed = time.perf_counter() - t0
        cpu = cpu_seconds(server.pid) - cpu0
        own = time.process_time() - own0
        server.send_signal(signal.SIGTERM)
        probe = json.loads(server.stdout.readline())
        for t in tasks:
            t.cancel()
        return summary(tables, stats, elapsed, cpu, own, probe, base, held)
    finally:
        if server.poll() is None:
            server.terminate()
        server.wait()


def summary(tables, stats, elapsed, cpu, own, probe, base, held) -> dict:
    lat = sorted(stats.latencies) or [0.0]

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(len(lat) * p))] * 1000

    return {
        "tables": tables,
        "decisions_per_s": stats.decisions / elapsed,
        "latency_ms": {"p50": pct(0.5), "p95": pct(0.95), "p99": pct(0.99), "n": len(stats.latencies)},
        "worst_loop_lag_ms": probe["worst_lag"] * 1000,
        "loop_lag_p99_ms": probe["lag_p99"] * 1000,
        "server_cpu_share": cpu / elapsed,
        "load_cpu_share": own / elapsed,
        "memory_per_table_kb": (held - base) / tables / 1024,
        "errors": stats.errors,
    }


def show(r: dict, args) -> str:
    lat = r["latency_ms"]
    what = "1 client + 3 server bots (" + args.level + ")" if args.bots else "4 clients"
    return (
        f"{r['tables']} tables x {what}: {r['decisions_per_s']:.0f} decisions/s; "
        f"act->move latency p50 {lat['p50']:.1f} ms, p95 {lat['p95']:.1f} ms, p99 {lat['p99']:.1f} ms "
        f"({lat['n']} acts); server loop worst lag {r['worst_loop_lag_ms']:.1f} ms "
        f"(p99 {r['loop_lag_p99_ms']:.1f} ms); server CPU {r['server_cpu_share'] * 100:.0f} %, "
        f"load process CPU {r['load_cpu_share'] * 100:.0f} %; "
        f"memory {r['memory_per_table_kb']:.0f} KB a table"
        + (f"; errors {r['errors']}" if r["errors"] else "")
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--knee", help="comma-separated table counts, one run each")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--warmup", type=float, default=3.0)
    p.add_argument("--bots", action="store_true", help="one client a table, three server bots")
    p.add_argument("--level", default="greenhorn", help="the server bots' level (with --bots)")
    p.add_argument("--sync", default="FULL", choices=("FULL", "NORMAL"), help="SQLite's synchronous")
    p.add_argument("--profile", metavar="FILE", help="sample the server with py-spy (folded stacks)")
    p.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.serve:
        asyncio.run(serve(args.sync))
        return 0
    more_files()
    counts = [int(n) for n in args.knee.split(",")] if args.knee else [args.tables]
    load = os.getloadavg()[0]
    head = f"{args.seconds:g} s each after {args.warmup:g} s, SQLite synchronous={args.sync}"
    print(f"# bench/net_load.py, {head}, load average {load:.1f} on {os.cpu_count()} cores")
    for n in counts:
        print(show(asyncio.run(measure(args, n)), args), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
