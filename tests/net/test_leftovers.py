"""What a finished connection leaves in the server's process: nothing that
only the cyclic garbage collector could free. The collector of a server freezes what lives
(game/net/collector.py), so a reference cycle left by a connection that lived through a
freeze would stay for good; game/net/wire.py breaks the cycles asyncio and websockets leave.
Every kind of connection (tests/net/connection_kinds.py) runs from a process of its own; the
collector, switched off meanwhile, then frees nothing at all: not an object that was
garbage in a cycle, nor one freed as a cycle's generator was finalized (which
`gc.DEBUG_SAVEALL` would not show)."""

from __future__ import annotations

import asyncio
import collections
import gc
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from net_support import run, serving

from game.net.caps import Limits

KINDS = Path(__file__).with_name("connection_kinds.py")


UNTRACKED = ("tuple", "dict")  # a collection may stop tracking these without freeing them


def freed_by_a_collection() -> collections.Counter:
    """The objects (by type) that a collection frees now: what only the collector frees."""
    before = {}
    for o in gc.get_objects():  # (a loop: a comprehension's own function would be counted)
        before[id(o)] = type(o).__qualname__
    gc.collect()
    after = {id(o) for o in gc.get_objects()}
    return collections.Counter(k for key, k in before.items() if key not in after and k not in UNTRACKED)


async def run_kinds(url: str) -> bytes:
    """Run the kinds of connection in their own process; its output, once it has ended.
    Waited on by the loop's selector alone: asyncio's subprocess watcher (a thread) or an
    executor's future would leave reference cycles of their own, and this test counts them."""
    loop, ended, out = asyncio.get_running_loop(), asyncio.Event(), bytearray()
    child = subprocess.Popen([sys.executable, str(KINDS), url], stdout=subprocess.PIPE)
    pipe = child.stdout.fileno()

    def readable() -> None:
        chunk = os.read(pipe, 4096)
        out.extend(chunk)
        if not chunk:
            loop.remove_reader(pipe)
            ended.set()

    loop.add_reader(pipe, readable)
    await ended.wait()
    child.stdout.close()
    assert child.wait() == 0, out
    return bytes(out)


@pytest.mark.slow
def test_no_kind_of_connection_leaves_a_reference_cycle_behind_nor_a_log_line(tmp_path, caplog):
    async def go():
        limits = Limits(connections_per_address=2)
        async with serving(tmp_path, hello_timeout=0.3, grace=0.0, limits=limits) as (server, url):
            gc.collect()
            gc.disable()
            try:
                out = await run_kinds(url)
                assert out.startswith(b"done"), out
                # the last connections' handlers (and a table's task, were one still open) end
                running = set(server.server.handler_tasks) | {t.task for t in server.tables.values()}
                if running:
                    await asyncio.wait(running)
                assert not server.conns and not server.tables
                return freed_by_a_collection()
            finally:
                gc.enable()

    caplog.set_level(logging.INFO)
    left = run(go(), timeout=90)
    assert not left, f"cyclic garbage left by connections: {left.most_common(12)}"
    # clients' mistakes (floods, bad HTTP, cut connections...) are nobody's news in the log
    said = [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.WARNING]
    assert not said, said
