"""Load on one table server: prints figures, asserts nothing.

    python -m bench.net_load --tables 200 [--seconds 10] [--repeat 3] [--bots] [--level greenhorn]
    python -m bench.net_load --knee 25,50,100,200          # each table count, --repeat times
    python -m bench.net_load --tables 200 --server-tree /tmp/before   # A/B: another server
    python -m bench.net_load --tables 100 --watchers 10     # and 10 watchers at each table

One server process (this script with `--serve`: a TableServer on 127.0.0.1, SQLite in a
temporary folder) and one load process (this one) with N tables of 4 load clients each
(bench/net_load_clients.py: websockets' Sans-I/O protocol on bare asyncio transports),
every client playing an instant legal decision whenever it is its turn, within NETWORK.md's
20 messages a second; a finished game is started again at once. With `--bots`, each table
has one such client and three server bots (`--level`, pace instant). With `--watchers N`,
N watchers (docs/NETWORK-EXTENSIONS.md) watch each table's public view, each from an
address of its own; what they are sent is counted (frames a second).

A fair measurement on a shared machine: with two cores or more the server and the load are
pinned to different cores (`os.sched_setaffinity`), so they never queue behind each other;
run it NOT niced (the figures say if it is), so that other engineers' niced jobs yield to
it; every run prints the machine's load average before and after it; each table count is
run `--repeat` times (interleaved) and the medians are printed.

After a warm-up, for `--seconds`: decisions per second (every decision at every table),
action -> broadcast latency (an `act` written to the socket until its `move` is read back)
p50/p95/p99, the server's event loop worst lag and p99 (a probe task that wakes every 10 ms
inside the server), the CPU time each process spends per decision, and the server's memory
per table (resident memory with the tables, less before any, divided by N).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def more_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


AUTOGROUP_NICE = -10  # against a group at 0: the weights (9548 : 1024) of nice 0 against nice 10


def own_priority() -> str:
    """Give this session's scheduling group the priority a `nice -n 10` job meant to leave
    it; what was done, in words. With autogroups on (Linux's default for desktops), the
    kernel first shares a core between sessions and only then between a session's
    processes, so another session's niced job gets as much as an un-niced benchmark."""
    group = Path("/proc/self/autogroup")
    enabled = Path("/proc/sys/kernel/sched_autogroup_enabled")
    if not group.exists() or not enabled.exists() or enabled.read_text().strip() != "1":
        return "no autogroups: plain nice 0"
    try:
        group.write_text(str(AUTOGROUP_NICE))
    except OSError as e:
        return f"autogroups on, this session's left at nice 0 ({e.strerror})"
    return f"autogroups on: a session of its own at autogroup nice {AUTOGROUP_NICE}"


def realtime() -> str:
    """`--realtime`: both processes (the server inherits it) in the round-robin real-time
    class at its lowest priority, so they take their cores from any ordinary job at once
    (what a machine of their own would give); the kernel still keeps 5 % of each second."""
    try:
        os.sched_setscheduler(0, os.SCHED_RR, os.sched_param(1))
    except (OSError, AttributeError) as e:
        return f"not real-time ({getattr(e, 'strerror', None) or e})"
    return "real-time round-robin (SCHED_RR 1)"


def cores() -> tuple[set[int], set[int]] | None:
    """(the server's core, the load's core) when this process may use two or more."""
    mine = sorted(os.sched_getaffinity(0))
    return ({mine[0]}, {mine[1]}) if len(mine) >= 2 else None


# ---- the server process ------------------------------------------------------------------
async def serve(
    sync: str, data: str | None = None, port: int = 0, new_connections: int | None = None
) -> None:
    from game.net.caps import Limits
    from game.net.server import ServerOptions, TableServer
    from game.net.sqlite_store import SqliteStorage

    more_files()
    folder = data or tempfile.mkdtemp(prefix="scram-bench-")
    cap = {} if new_connections is None else {"arrivals_in_all": new_connections}
    options = ServerOptions(limits=Limits(**cap))
    server = TableServer(
        SqliteStorage(Path(folder) / "tables.sqlite", sync), version="bench", options=options
    )
    port = await server.start("127.0.0.1", port)
    if os.sched_getscheduler(0) == os.SCHED_RR:
        # Real-time threads of one priority take turns only when one blocks, and the event
        # loop rarely does: the storage writer (short bursts, then the disk) goes first.
        for thread in threading.enumerate():
            if thread.name == "scram-storage" and thread.native_id is not None:
                os.sched_setscheduler(thread.native_id, os.SCHED_RR, os.sched_param(2))
    try:  # the garbage collector's schedule, as `scram --server` has it (a tree before it: none)
        from game.net.collector import Collector
    except ImportError:
        collector = None
    else:
        collector = Collector()
        collector.start()
    loop = asyncio.get_running_loop()
    lags: list[float] = []
    pauses: list[float] = []  # the garbage collector's, each in seconds
    began = [0.0]

    def collecting(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            pauses.append(time.perf_counter() - began[0])

    def measuring() -> None:
        lags.clear()
        pauses.clear()

    gc.callbacks.append(collecting)
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGUSR1, measuring)  # the measurement starts
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
    gc_figures = {"gc_seconds": sum(pauses), "gc_worst": max(pauses, default=0.0)}
    probe = {"worst_lag": lags[-1] if lags else 0, "lag_p99": lags[int(len(lags) * 0.99)], **gc_figures}
    print(json.dumps(probe), flush=True)
    if collector is not None:
        collector.stop()
    await server.stop()


def run_server(args) -> None:
    """`--serve`: the server's own process (on its core; from `--tree` if given)."""
    if args.cpu is not None:
        os.sched_setaffinity(0, {args.cpu})
    serving = serve(args.sync, args.data, args.port, args.new_connections)
    if args.loop == "uvloop":
        import uvloop

        uvloop.run(serving)
    else:
        asyncio.run(serving)


# ---- the load ----------------------------------------------------------------------------
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


def cpu_seconds(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def waited(pid: int | None = None) -> float:
    """Seconds the process's main thread (its event loop) has waited on a run queue for a
    core (schedstat): the time other processes, or its own threads, held its core."""
    pid = os.getpid() if pid is None else pid
    return int(Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()[1]) / 1e9


def server_command(args, tree: str, pinned, data: str | None = None, port: int = 0) -> list[str]:
    command = [sys.executable, __file__, "--serve", "--sync", args.sync, "--loop", args.loop]
    if tree != ".":
        command += ["--tree", tree]
    if pinned:
        command += ["--cpu", str(min(pinned[0]))]
    if args.new_connections is not None:
        command += ["--new-connections", str(args.new_connections)]
    if data is not None:
        command += ["--data", data, "--port", str(port)]
    return command


async def measure(args, tables: int, tree: str = ".") -> dict:
    from bench.net_load_clients import Stats, close_all, seat_all

    pinned = None if args.no_pin else cores()
    if pinned:
        os.sched_setaffinity(0, pinned[1])
    data = tempfile.mkdtemp(prefix="scram-bench-") if args.reconnect else None
    # The server of another tree (A/B) imports that tree's game first.
    env = None if tree == "." else {**os.environ, "PYTHONPATH": str(Path(tree).resolve())}
    command = server_command(args, tree, pinned, data)
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    load_before = os.getloadavg()[0]
    gc.disable()  # the load makes little garbage in a run, and must not pause to look for it
    try:
        port = int(server.stdout.readline())
        base = rss(server.pid)
        stats = Stats()
        url = f"ws://127.0.0.1:{port}/"
        began = time.perf_counter()
        seated = await seat_all(url, tables, stats, args.bots, args.level, args.watchers, args.arrivals)
        seating = time.perf_counter() - began
        await asyncio.sleep(args.warmup)  # everyone playing before the measurement
        held = rss(server.pid)
        server.send_signal(signal.SIGUSR1)
        spy = profile(args, server.pid)
        cpu0, own0, t0 = cpu_seconds(server.pid), os.times(), time.perf_counter()
        wait0 = (waited(server.pid), waited())
        stats.measuring = True
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        elapsed = time.perf_counter() - t0
        user, system = (b - a for a, b in zip(cpu0, cpu_seconds(server.pid), strict=True))
        own1 = os.times()
        own = own1.user + own1.system - own0.user - own0.system
        cpu, stats.system = user + system, (system, own1.system - own0.system)
        stats.waited = (waited(server.pid) - wait0[0], waited() - wait0[1])
        if spy is not None:
            await asyncio.to_thread(spy.wait)
        server.send_signal(signal.SIGTERM)
        probe = json.loads(server.stdout.readline())
        load = (load_before, os.getloadavg()[0])
        out = summary(tables, stats, elapsed, cpu, own, probe, base, held, load)
        out["seating_s"] = seating
        if args.reconnect:
            server.wait()
            out["back"] = await come_back(args, tree, pinned, data, port, seated)
        close_all(seated)
        return out
    finally:
        gc.enable()
        if server.poll() is None:
            server.terminate()
        server.wait()


async def come_back(args, tree: str, pinned, data: str, port: int, seated: list) -> dict:
    """The server restarted (its tables restored from `data`, on the same port): every seat
    reconnects at once and resumes with its token, trying again as the game's client does
    (`retry.backoff`) when it is refused or cut; how many were back within the budget (the
    grace, 30 s: an absent camper's stand-in plays after it), and when."""
    from bench.net_load_clients import come_back as resume_all

    server = subprocess.Popen(
        server_command(args, tree, pinned, data, port), stdout=subprocess.PIPE, text=True
    )
    try:
        int(server.stdout.readline())  # listening
        back = await resume_all(f"ws://127.0.0.1:{port}/", [s for seats in seated for s in seats], BUDGET)
        server.send_signal(signal.SIGTERM)
        server.stdout.readline()
        return back
    finally:
        if server.poll() is None:
            server.terminate()
        server.wait()


BUDGET = 30.0  # seconds a reconnecting camper has: the server's grace before a stand-in plays


def summary(tables, stats, elapsed, cpu, own, probe, base, held, load) -> dict:
    lat = sorted(stats.latencies) or [0.0]
    decisions = max(1, stats.decisions)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(len(lat) * p))] * 1000

    return {
        "tables": tables,
        "decisions_per_s": stats.decisions / elapsed,
        "p50": pct(0.5),
        "p95": pct(0.95),
        "p99": pct(0.99),
        "acts": len(stats.latencies),
        "worst_lag": probe["worst_lag"] * 1000,
        "lag_p99": probe["lag_p99"] * 1000,
        "server_cpu": cpu / elapsed,
        "load_cpu": own / elapsed,
        "server_us": cpu / decisions * 1e6,
        "load_us": own / decisions * 1e6,
        "kb_table": (held - base) / tables / 1024,
        "gc_share": probe.get("gc_seconds", 0.0) / elapsed,
        "gc_worst": probe.get("gc_worst", 0.0) * 1000,
        "server_sys": stats.system[0] / max(cpu, 1e-9),
        "load_sys": stats.system[1] / max(own, 1e-9),
        "server_waited": stats.waited[0] / elapsed,
        "load_waited": stats.waited[1] / elapsed,
        "load_avg": load,
        "errors": stats.errors,
        "watched_per_s": stats.watched / elapsed,
        "rss_mb": held / 2**20,
    }


def show(r: dict, what: str, label: str = "") -> str:
    errors = f"; errors {r['errors']}" if r.get("errors") else ""
    return (
        f"{label}{r['tables']} tables x {what}: {r['decisions_per_s']:.0f} decisions/s; "
        f"act->move p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms, p99 {r['p99']:.1f} ms "
        f"({r['acts']:.0f} acts); loop lag worst {r['worst_lag']:.1f} ms, p99 {r['lag_p99']:.1f} ms; "
        f"server GC {r['gc_share'] * 100:.1f} % of the time, worst pause {r['gc_worst']:.1f} ms; "
        f"CPU a decision: server {r['server_us']:.0f} us ({r['server_cpu'] * 100:.0f} % of a core, "
        f"{r['server_sys'] * 100:.0f} % in the kernel), load {r['load_us']:.0f} us "
        f"({r['load_cpu'] * 100:.0f} %, {r['load_sys'] * 100:.0f} % kernel); the loops waited for their "
        f"core: server {r['server_waited'] * 100:.0f} %, load {r['load_waited'] * 100:.0f} % of the time; "
        f"{r['kb_table']:.0f} KB a table (server RSS {r['rss_mb']:.0f} MB); "
        f"load average {r['load_avg'][0]:.2f} -> {r['load_avg'][1]:.2f}"
        + (f"; watchers were sent {r['watched_per_s']:.0f} frames/s" if r.get("watched_per_s") else "")
        + (f"; seated in {r['seating_s']:.1f} s" if r.get("seating_s") else "")
        + errors
        + (f"\n    after a restart: {show_back(r['back'])}" if r.get("back") else "")
    )


def show_back(b: dict) -> str:
    return (
        f"{b['back']} of {b['seats']} seats back within {b['budget']:g} s "
        f"(the last after {b['last']:.2f} s, median {b['median']:.2f} s; "
        f"{b['retried']} tried more than once, at most {b['most_tries']} tries; refusals {b['refusals']})"
    )


def medians(runs: list[dict]) -> dict:
    out = {k: statistics.median(r[k] for r in runs) for k in runs[0] if type(runs[0][k]) in (int, float)}
    out["load_avg"] = tuple(statistics.median(r["load_avg"][i] for r in runs) for i in (0, 1))
    return out


def header(args) -> str:
    pinned = None if args.no_pin else cores()
    where = f"server on core {min(pinned[0])}, load on core {min(pinned[1])}" if pinned else "not pinned"
    niced = os.nice(0)
    nice = "not niced" if niced == 0 else f"NICED {niced}: other jobs get its CPU, figures suffer"
    trees = args.trees.split(",")
    server = (
        "server from this tree" if trees == ["."] else f"servers from {', '.join(trees)} (. is this tree)"
    )
    nice += f"; {args.priority}"
    return (
        f"# bench/net_load.py: {args.seconds:g} s each after {args.warmup:g} s, {args.repeat} runs a count, "
        f"SQLite synchronous={args.sync}, {args.loop} loop, {server}; {os.cpu_count()} cores, {where}; {nice}"
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--knee", help="comma-separated table counts")
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--warmup", type=float, default=3.0)
    p.add_argument("--repeat", type=int, default=3, help="runs of each count (medians printed)")
    p.add_argument("--bots", action="store_true", help="one client a table, three server bots")
    p.add_argument("--level", default="greenhorn", help="the server bots' level (with --bots)")
    p.add_argument("--watchers", type=int, default=0, help="watchers at each table (public view)")
    p.add_argument("--sync", default="FULL", choices=("FULL", "NORMAL"), help="SQLite's synchronous")
    p.add_argument("--loop", default="asyncio", choices=("asyncio", "uvloop"), help="the server's loop")
    p.add_argument("--trees", default=".", help="A/B: run the server from each of these source trees")
    p.add_argument("--no-pin", action="store_true", help="let the processes share the cores")
    p.add_argument("--no-priority", action="store_true", help="stay in the caller's scheduling group")
    p.add_argument("--realtime", action="store_true", help="run both processes as real-time (root)")
    p.add_argument("--profile", metavar="FILE", help="sample the server with py-spy (raw folded stacks)")
    p.add_argument(
        "--arrivals", type=float, default=300.0, help="new connections a second while seating (0: at once)"
    )
    p.add_argument("--new-connections", type=int, help="the server's cap of new connections a second")
    p.add_argument(
        "--reconnect", action="store_true", help="then restart the server: every seat reconnects at once"
    )
    p.add_argument("--data", help=argparse.SUPPRESS)
    p.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--tree", help=argparse.SUPPRESS)
    p.add_argument("--cpu", type=int, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.serve:
        run_server(args)
        return 0
    if not args.no_priority and os.environ.get("SCRAM_BENCH_SESSION") != "1":
        # A session of its own (so a scheduling group of its own), then its priority.
        env = {**os.environ, "SCRAM_BENCH_SESSION": "1"}
        again = [sys.executable, "-m", "bench.net_load", *sys.argv[1:]]
        return subprocess.run(again, env=env, cwd=ROOT, start_new_session=True).returncode
    args.priority = "caller's scheduling group" if args.no_priority else own_priority()
    if args.realtime:
        args.priority += "; " + realtime()
    more_files()
    counts = [int(n) for n in args.knee.split(",")] if args.knee else [args.tables]
    what = f"1 client + 3 server bots ({args.level})" if args.bots else "4 clients"
    if args.watchers:
        what += f" + {args.watchers} watchers"
    print(header(args), flush=True)
    trees = args.trees.split(",")
    runs: dict[tuple[str, int], list[dict]] = {(t, n): [] for t in trees for n in counts}
    named = (lambda t: f"[{t}] ") if len(trees) > 1 else (lambda t: "")
    for r in range(args.repeat):  # interleaved, so that a change in the machine's load hits all alike
        for n in counts:
            for t in trees:
                runs[t, n].append(asyncio.run(measure(args, n, t)))
                print(show(runs[t, n][-1], what, f"  run {r + 1}: {named(t)}"), flush=True)
    for n in counts:
        for t in trees:
            print(show(medians(runs[t, n]), what, f"median: {named(t)}"), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
