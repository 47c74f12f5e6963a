"""What a full collection would cost a table server, table count by table count: prints
figures, asserts nothing.

    python -m bench.gc_sweep [--tables 1000,2500,5000,10000] [--repeat 3]

For each count, a fresh server in this process (TableServer on SQLite in a temporary folder,
the collector of `scram --server`: game/net/collector.py) and that many tables opened by a
client process (bench/hostile_attacks.heap: 8 tables an address, each left by its creator).
Then, medians of `--repeat`: the collector's own pass (what it runs every tick: the objects
not frozen), the number of objects it keeps frozen, and a full sweep (unfreeze, collect,
freeze: what Python's collector would do at some point without the freezing, and what the
collector does every ten minutes only while it stays within its 50 ms budget), each timed
as the event loop is stopped by it. The load average is printed with each count.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CLIENT = """
import asyncio, json, sys
from hostile import hostile_attacks as h
n = int(sys.argv[2])
print(json.dumps(asyncio.run(h.heap(int(sys.argv[1]), n, h.many(n // 8 + 50, block=4)))))
"""


def timed(work) -> float:
    began = time.perf_counter()
    work()
    return (time.perf_counter() - began) * 1000


def cpu_timed(work) -> float:
    began = time.thread_time()
    work()
    return (time.thread_time() - began) * 1000


def sweep() -> None:
    gc.unfreeze()
    gc.collect()
    gc.freeze()


async def measure(tables: int, repeat: int) -> dict:
    from game.net.caps import Limits
    from game.net.collector import SWEEP_OBJECTS, Collector
    from game.net.server import ServerOptions, TableServer
    from game.net.sqlite_store import SqliteStorage

    folder = Path(tempfile.mkdtemp(prefix="scram-gc-"))
    options = ServerOptions(limits=Limits(max_tables=max(tables + 10, Limits().max_tables)))
    server = TableServer(SqliteStorage(folder / "tables.sqlite", "NORMAL"), version="bench", options=options)
    port = await server.start("127.0.0.1", 0)
    collector = Collector()
    collector.start()
    try:
        client = await asyncio.create_subprocess_exec(
            sys.executable, "-c", CLIENT, str(port), str(tables),
            stdout=asyncio.subprocess.PIPE, cwd=ROOT,
        )  # fmt: skip
        out, _ = await client.communicate()
        await asyncio.sleep(2.0)  # the last closes, and a tick or two
        passes, sweeps, sweeps_cpu = [], [], []
        for _ in range(repeat):
            passes.append(timed(gc.collect))
            gc.freeze()
            sweeps.append(timed(sweep))
            sweeps_cpu.append(cpu_timed(sweep))
        frozen = gc.get_freeze_count()
        return {
            "tables": len(server.tables),
            "created": out.decode().strip(),
            "pass_ms": statistics.median(passes),
            "sweep_ms": statistics.median(sweeps),
            "sweep_cpu_ms": statistics.median(sweeps_cpu),
            "frozen": frozen,
            "would_sweep": frozen <= SWEEP_OBJECTS,
            "worst_tick_ms": collector.worst * 1000,
            "worst_tick_cpu_ms": collector.worst_cpu * 1000,
            "passes": collector.passes,
        }
    finally:
        collector.stop()
        await server.stop()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", default="1000,2500,5000,10000")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    print(f"# bench/gc_sweep.py: medians of {args.repeat}; {os.cpu_count()} cores, not pinned", flush=True)
    for n in (int(t) for t in args.tables.split(",")):
        load = os.getloadavg()[0]
        r = asyncio.run(measure(n, args.repeat))
        verdict = "runs" if r["would_sweep"] else "skipped (over its budget)"
        print(
            f"{r['tables']} tables open: the collector's pass {r['pass_ms']:.1f} ms "
            f"(its worst of {r['passes']} while they opened {r['worst_tick_ms']:.1f} ms, "
            f"{r['worst_tick_cpu_ms']:.1f} ms of CPU); {r['frozen']} objects frozen; "
            f"a full sweep {r['sweep_ms']:.1f} ms ({r['sweep_cpu_ms']:.1f} ms of CPU): "
            f"the ten-minute sweep {verdict}; "
            f"load average {load:.2f} -> {os.getloadavg()[0]:.2f}; attacker {r['created']}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
