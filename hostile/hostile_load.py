"""Hostile load on a table server (a stranger's tables, connections, slow readers, floods and a
heap of tables): prints figures, asserts nothing.

    python -m hostile.hostile_load [--attacks tables,connections-one,...] [--seconds 15]
        [--cycles 50000] [--heap-tables 10000] [--nofile 1024]

Each attack runs against a fresh `scram --server` process (from this tree, its descriptor
limit set to `--nofile`, 1024 by default, as `ulimit -n 1024` would) while another table
plays on: four clients of bench/net_load_clients.py from an address of their own, deciding
at once, within NETWORK.md's 20 messages a second. For each attack it prints three windows,
before (quiet), during and after it: the server's resident memory (at the window's end and
its most), its open descriptors (same), its CPU, and the other table's act -> move latency
(p50 / p95 / max, from the `act` written to the `move` read). Then what the attacker managed
(hostile/hostile_attacks.py), the server's status line (SIGUSR1: tables, connections, the
collector's longest pass and what it keeps frozen) and what it wrote to its log: lines,
tracebacks, bytes.

The attacks: `tables` (one address creates tables as fast as it can, and one connection
creates and leaves in a loop), `connections-one` / `connections-many` (`--connections`,
2,000, idle connections from one address / from 200 addresses, or a tenth as many as the
connections), `pings-one` / `pings-many` (16 connections an address flooding pings, from one
address / 64), `churn` (`--cycles` connections opened and closed from 5,000 addresses, half
of them bare TCP: memory before, after and settled), `heap` (`--heap-tables` tables from as
many addresses as it takes, each left by its creator: then the other table's latency and
the collector's passes with them all open), `desktop` (the desktop game's own server, as it
runs for a table hosted "on this computer", the other table being the host's: a stranger
who reached its port creates 8 tables of the top level's bots and plays them on), `slots`
(10,000 tables, a server's every slot, from 1,250 addresses in five /24s, one short
connection a table; then a newcomer tries to create one), `slots-spread` (the same from
1,250 addresses each in a /24 of its own, as a botnet's would be).

`--tree DIR` runs the server from another source tree (the same figures before a change).
Pinning on two cores or more: the server alone on the first core, the other table, the
attacker (niced 10) and this script on the second; the load average is printed with each
attack, and for each window how long the server waited for its core (other processes had
it: a long stall in `max` is often that, not the server), as other jobs on a shared machine
change every figure. Each window also prints the server's own loop lag (its status line,
game/net/lag.py): how late a 20 ms timer woke, and the same less the time the server's
thread waited for a core, which tells the server's own stalls from other jobs' load, and
how many newcomers (a person from an address never seen before, one every half second)
were welcomed at their first try.
`--realtime` (root) runs the server and the other table in SCHED_RR, ahead of other jobs.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
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

ATTACKS = (
    "tables",
    "connections-one",
    "connections-many",
    "pings-one",
    "pings-many",
    "churn",
    "heap",
    "desktop",
    "slots",
    "slots-spread",
)
DESKTOP_HOST = "127.0.0.1"  # the address a desktop's own game connects to its server from
PROBE_SOURCE = "127.0.0.2"


REALTIME = {"on": False}  # --realtime: the server and the other table in SCHED_RR


def placed(core: set[int] | None) -> None:
    """In a child before it runs: its core, and real-time round-robin if asked (root)."""
    if core:
        os.sched_setaffinity(0, core)
    if REALTIME["on"]:
        os.sched_setscheduler(0, os.SCHED_RR, os.sched_param(1))


def cores() -> tuple[set[int], set[int]] | None:
    mine = sorted(os.sched_getaffinity(0))
    return ({mine[0]}, set(mine[1:])) if len(mine) >= 2 else None


# ---- the server ----------------------------------------------------------------------------------
# The desktop game's own server, as the game's network thread starts it for a table hosted
# "on this computer" (a tree from before it had `own_server_options` took anyone's create).
DESKTOP_SERVER = """
import asyncio, logging, signal, sys
from pathlib import Path
from game.net.lag import LoopLag
from game.net.serve import _memory, log_to_stderr
from game.net.server import TableServer
from game.net.sqlite_store import SqliteStorage
try:
    from game.net.server import own_server_options
except ImportError:
    own_server_options = None

async def main(data):
    log_to_stderr()
    Path(data).mkdir(parents=True, exist_ok=True)
    options = {} if own_server_options is None else {"options": own_server_options()}
    server = TableServer(SqliteStorage(Path(data) / "hosted.sqlite"), version="bench", grace=30.0, **options)
    port = await server.start("127.0.0.1", 0)
    lag = LoopLag()
    lag.start()

    def status():  # (what bench/hostile_load.py reads of `scram --server`'s status line)
        said = f"{len(server.tables)} tables, {server.caps.sockets} connections, {_memory()}"
        logging.getLogger("scram.server").info("status: %s; %s", said, lag.status())

    print(f"listening on ws://127.0.0.1:{port}/", flush=True)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, status)
    await stop.wait()
    await server.stop()

asyncio.run(main(sys.argv[1]))
"""


class Server:
    """`python -m game --server --port 0` from this tree, in a fresh data folder (or, with
    `desktop`, the desktop game's own server)."""

    def __init__(self, nofile: int, core: set[int] | None, tree: Path = ROOT, desktop: bool = False) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="scram-hostile-"))
        self.log = self.folder / "server.log"

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
            placed(core)

        data = str(self.folder / "data")
        command = [sys.executable, "-m", "game", "--server", "--port", "0", "--data", data]
        if desktop:
            command = [sys.executable, "-c", DESKTOP_SERVER, data]
        env = {**os.environ, "PYTHONPATH": str(tree)}
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=self.log.open("w"),
            text=True,
            cwd=tree,
            env=env,
            preexec_fn=limit,
        )
        line = self.process.stdout.readline()
        self.url = line.split()[-1]
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))
        self.pid = self.process.pid

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def fds(self) -> int:
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def waited(self) -> float:
        """Seconds the server's main thread has waited for a core (other processes had it)."""
        return int(Path(f"/proc/{self.pid}/task/{self.pid}/schedstat").read_text().split()[1]) / 1e9

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def workers_cpu(self) -> float:
        """CPU seconds of the server's live child processes (the workers its bots think in)."""
        total = 0.0
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.pid:
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    async def status(self) -> str:
        """The server's status line (SIGUSR1)."""
        before = self.log.read_text().count("status:")
        self.process.send_signal(signal.SIGUSR1)
        for _ in range(40):  # (a server from before this work has none)
            await asyncio.sleep(0.05)
            text = self.log.read_text()
            if text.count("status:") > before:
                return text.rsplit("status:", 1)[1].split("\n", 1)[0].strip()
        return "(no status line)"

    def stop(self) -> dict:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        text = self.log.read_text(errors="replace")
        lines = [line for line in text.splitlines() if line.strip()]
        opened = sum(" opened: " in line for line in lines)
        closed = sum(" closed: " in line for line in lines)
        plain = (" opened: ", " closed: ", "status:")
        warnings = [line for line in lines if not any(word in line for word in plain)]
        return {
            "exit": self.process.returncode,
            "log_lines": len(lines),
            "log_bytes": len(text.encode()),
            "tracebacks": text.count("Traceback"),
            "table_lines": (opened, closed),
            "other_lines": warnings[:5],
        }


# ---- the other table -----------------------------------------------------------------------------
class Probe:
    """The other table, in a process of its own: its latencies window by window."""

    def __init__(self, url: str, core: set[int] | None, source: str = PROBE_SOURCE) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hostile.hostile_load", "--probe", url, "--probe-source", source],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: placed(core),
        )
        assert self.process.stdout.readline().strip() == "ready"

    def window(self) -> dict:
        """The latencies since the last call."""
        self.process.send_signal(signal.SIGUSR1)
        return json.loads(self.process.stdout.readline())

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


async def probe_main(url: str, source: str) -> None:
    from bench.net_load_clients import Stats, seat_table

    stats = Stats()
    stats.measuring = True
    seats = await seat_table(url, stats, random.Random(7), False, "greenhorn", source=source)
    seats[0].start()
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()

    def report() -> None:
        lat = sorted(stats.latencies) or [0.0]
        alive = sum(not s.wire.transport.is_closing() for s in seats)
        figures = {
            "acts": len(stats.latencies),
            "p50": lat[len(lat) // 2] * 1000,
            "p95": lat[min(len(lat) - 1, int(len(lat) * 0.95))] * 1000,
            "max": lat[-1] * 1000,
            "errors": dict(stats.errors),
            "alive": alive,
        }
        stats.latencies.clear()
        stats.errors.clear()
        print(json.dumps(figures), flush=True)

    loop.add_signal_handler(signal.SIGUSR1, report)
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    print("ready", flush=True)
    await stop.wait()


# ---- the attacker ---------------------------------------------------------------------------------
async def attack_main(name: str, port: int, args) -> None:
    from hostile import hostile_attacks as h

    resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
    if name == "tables":
        result = await h.tables(port, args.seconds)
    elif name.startswith("connections"):
        sources = [h.ONE] if name.endswith("one") else h.many(max(200, args.connections // 10), block=1)
        result = await h.connections(port, args.seconds, sources, args.connections)
    elif name.startswith("pings"):
        sources = [h.ONE] if name.endswith("one") else h.many(64, block=2)
        result = await h.pings(port, args.seconds, sources)
    elif name == "churn":
        result = await h.churn(port, args.cycles, h.many(5000, block=3))
    elif name == "desktop":
        result = await h.desktop(port, args.seconds)
    elif name == "slots":
        result = await h.slots(port, 10_000, h.many(h.SLOTS_SOURCES, block=5))
    elif name == "slots-spread":
        result = await h.slots(port, 10_000, h.spread(h.SLOTS_SOURCES, block=20))
    else:
        result = await h.heap(port, args.heap_tables, h.many(args.heap_tables // 8 + 50, block=4))
    print(json.dumps(result), flush=True)


def start_attack(name: str, server: Server, args, core: set[int] | None) -> subprocess.Popen:
    def niced() -> None:
        os.nice(10)
        if core:
            os.sched_setaffinity(0, core)

    command = [sys.executable, "-m", "hostile.hostile_load", "--attack", name, "--port", str(server.port)]
    command += [
        "--seconds",
        str(args.seconds),
        "--cycles",
        str(args.cycles),
        "--connections",
        str(args.connections),
    ]
    command += ["--heap-tables", str(args.heap_tables)]
    return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True, preexec_fn=niced)


# ---- a window of measurement -------------------------------------------------------------------
NEWCOMER_EVERY = 0.5  # seconds between two newcomers' first tries
NEWCOMER_NUMBERS = itertools.count()  # each newcomer's address is one never used before


async def newcomers(port: int, done: asyncio.Future, tried: list[float | None]) -> None:
    """Until `done`: every `NEWCOMER_EVERY` s a person from an address never seen before
    connects and says hello; `tried` gets the seconds to the welcome, or None if cut."""
    from hostile import hostile_attacks as h

    for n in NEWCOMER_NUMBERS:
        source = f"127.9.{n % 250}.{n // 250 + 1}"  # (a network of its own too)
        began = time.monotonic()
        try:
            raw = await h.Raw.open(port, source)
            welcome = None if raw is None else await raw.ask(h.HELLO, "welcome")
            if raw is not None:
                raw.close()
            tried.append(time.monotonic() - began if welcome and welcome["type"] == "welcome" else None)
        except h.FAILED:
            tried.append(None)
        await asyncio.wait({done}, timeout=max(0.0, NEWCOMER_EVERY - (time.monotonic() - began)))
        if done.done():
            return


async def window(server: Server, probe: Probe, label: str, until) -> dict:
    """Measure from now until `until()` (a coroutine) ends, a newcomer trying every
    `NEWCOMER_EVERY` s."""
    probe.window()  # forget what came before
    await server.status()  # the loop's lag is counted from here
    cpu0, waited0, t0 = server.cpu(), server.waited(), time.monotonic()
    workers0 = server.workers_cpu()
    most = {"rss": server.rss_mb(), "fds": server.fds()}
    task = asyncio.ensure_future(until())
    tried: list[float | None] = []
    knocking = asyncio.ensure_future(newcomers(server.port, task, tried))
    while not task.done():
        await asyncio.wait({task}, timeout=0.25)
        most["rss"] = max(most["rss"], server.rss_mb())
        most["fds"] = max(most["fds"], server.fds())
    elapsed = time.monotonic() - t0
    await knocking
    # the status line's "loop lag ...; less the waits for a core: ..." parts, wherever they are
    parts = (await server.status()).split("; ")
    at = next((i for i, part in enumerate(parts) if part.startswith("loop lag")), None)
    return {
        "lag": "(no loop lag line)" if at is None else "; ".join(parts[at : at + 2]),
        "label": label,
        "seconds": elapsed,
        "rss": server.rss_mb(),
        "rss_most": most["rss"],
        "fds": server.fds(),
        "fds_most": most["fds"],
        "cpu": (server.cpu() - cpu0) / elapsed,
        "workers": (server.workers_cpu() - workers0) / elapsed,
        "waited": (server.waited() - waited0) / elapsed,
        "probe": probe.window(),
        "result": task.result(),
        "newcomers": tried,
    }


def show(w: dict) -> str:
    p = w["probe"]
    lost = f", other table: {4 - p['alive']} of 4 connections LOST" if p["alive"] < 4 else ""
    errors = f", its errors {p['errors']}" if p["errors"] else ""
    took = sorted(t for t in w["newcomers"] if t is not None)
    welcomed = f", p50 {took[len(took) // 2] * 1000:.1f} ms" if took else ""
    return (
        f"  {w['label']:<7} {w['seconds']:5.1f} s: RSS {w['rss']:6.1f} MB (most {w['rss_most']:6.1f}), "
        f"descriptors {w['fds']:4d} (most {w['fds_most']:4d}), server CPU {w['cpu'] * 100:3.0f} % "
        f"+ its bots' workers {w['workers'] * 100:3.0f} % "
        f"(waited for a core {w['waited'] * 100:2.0f} %); "
        f"other table act->move p50 {p['p50']:5.1f} ms, p95 {p['p95']:5.1f} ms, max {p['max']:6.1f} ms "
        f"({p['acts']} acts){errors}{lost}\n            server's {w['lag']}"
        f"\n            newcomers welcomed at their first try: {len(took)} of {len(w['newcomers'])}{welcomed}"
    )


async def run_attack(name: str, args) -> dict:
    pinned = cores()
    server_core, rest = pinned if pinned else (None, None)
    desktop = name == "desktop"
    server = Server(args.nofile, server_core, Path(args.tree).resolve(), desktop)
    probe = Probe(server.url, rest, DESKTOP_HOST if desktop else PROBE_SOURCE)  # (the host's own table)
    load = os.getloadavg()[0]
    try:
        await asyncio.sleep(args.warmup)

        async def quiet(seconds: float = args.seconds) -> None:
            await asyncio.sleep(seconds)

        async def settled() -> None:  # the limits forget quiet addresses after 10 to 20 s
            await asyncio.sleep(max(args.seconds, 25.0) if name == "churn" else args.seconds)

        before = await window(server, probe, "before", quiet)
        attacker = start_attack(name, server, args, rest)

        async def attacking() -> dict:
            out = await asyncio.to_thread(attacker.communicate)
            return json.loads(out[0] or "{}")

        during = await window(server, probe, "during", attacking)
        after = await window(server, probe, "after", settled)
        status = await server.status()
    finally:
        probe.stop()
        log = server.stop()
    return {"name": name, "windows": (before, during, after), "status": status, "log": log, "load": load}


def report(r: dict) -> list[str]:
    before, during, after = r["windows"]
    load = f"load average {r['load']:.2f} -> {os.getloadavg()[0]:.2f}"
    lines = [f"{r['name']} ({load}): attacker {during['result']}"]
    lines += [show(w) for w in r["windows"]]
    lines.append(f"  server status after: {r['status']}")
    log = r["log"]
    lines.append(
        f"  server log: {log['log_lines']} lines ({log['log_bytes']} bytes), {log['tracebacks']} tracebacks, "
        f"table lines opened/closed {log['table_lines']}; others: {log['other_lines']}; exit {log['exit']}"
    )
    worst_p95 = max(w["probe"]["p95"] for w in r["windows"])
    worst_rss = max(w["rss_most"] for w in r["windows"])
    verdict = (
        f"  targets: other table's p95 at most {worst_p95:.1f} ms (target 50), "
        f"server RSS at most {worst_rss:.1f} MB (target 300)"
    )
    if r["name"] == "churn":
        grew = after["rss"] - before["rss"]
        verdict += f"; RSS after {during['result'].get('cycles')} cycles {grew:+.1f} MB (target +-10)"
    lines.append(verdict)
    return lines


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--attacks", default=",".join(ATTACKS), help=f"comma-separated, of {', '.join(ATTACKS)}")
    p.add_argument("--seconds", type=float, default=15.0, help="each window (the attack's if timed)")
    p.add_argument("--warmup", type=float, default=3.0)
    p.add_argument("--cycles", type=int, default=50_000, help="connections opened and closed by `churn`")
    p.add_argument("--heap-tables", type=int, default=10_000, help="tables opened by `heap`")
    p.add_argument("--nofile", type=int, default=1024, help="the server's descriptor limit (ulimit -n)")
    p.add_argument(
        "--connections", type=int, default=2000, help="idle connections the connection attacks hold"
    )
    p.add_argument("--tree", default=str(ROOT), help="run the server from this source tree (A/B)")
    p.add_argument(
        "--realtime",
        action="store_true",
        help="server and other table in SCHED_RR (root): others' load aside",
    )
    p.add_argument("--probe", metavar="URL", help=argparse.SUPPRESS)
    p.add_argument("--probe-source", default=PROBE_SOURCE, help=argparse.SUPPRESS)
    p.add_argument("--attack", help=argparse.SUPPRESS)
    p.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.probe:
        asyncio.run(probe_main(args.probe, args.probe_source))
        return 0
    if args.attack:
        asyncio.run(attack_main(args.attack, args.port, args))
        return 0
    REALTIME["on"] = args.realtime
    pinned = cores()
    where = "not pinned"
    if pinned:
        where = f"server on core {min(pinned[0])}; other table, attacker (nice 10) on {sorted(pinned[1])}"
    print(
        f"# hostile/hostile_load.py: server from {args.tree}; {args.seconds:g} s windows, "
        f"server descriptor limit {args.nofile}, "
        f"{os.cpu_count()} cores, {where}{'; server and other table SCHED_RR 1' if args.realtime else ''}; "
        f"load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    for name in args.attacks.split(","):
        result = asyncio.run(run_attack(name.strip(), args))
        print("\n".join(report(result)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
