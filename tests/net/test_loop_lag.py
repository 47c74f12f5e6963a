"""The server's loop lag in its status line (game/net/lag.py): a callback that holds the loop
shows as lag of the server's own (it did not wait for a core meanwhile), and each status
line counts from the one before."""

from __future__ import annotations

import asyncio
import re
import time

from net_support import run

from game.net.lag import LoopLag


def figures(line: str) -> dict[str, float]:
    """worst and own worst, in ms, from a status line."""
    worst, own = re.findall(r"worst ([0-9.]+) ms", line)
    return {"worst": float(worst), "own": float(own)}


def test_a_callback_holding_the_loop_is_the_servers_own_lag_and_each_status_starts_again():
    async def scenario() -> tuple[str, str, str]:
        lag = LoopLag(tick=0.005)
        lag.start()
        try:
            await asyncio.sleep(0.05)
            first = lag.status()
            await asyncio.sleep(0.02)
            time.sleep(0.12)  # a callback that holds the loop (sleeping: no core is waited for)
            await asyncio.sleep(0.05)
            held = lag.status()
            assert lag.lags == [] and lag.own == []  # the next status counts from here
            await asyncio.sleep(0.05)
            return first, held, lag.status()
        finally:
            lag.stop()

    first, held, after = run(scenario())
    assert first.startswith("loop lag over ") and "ticks" in first
    assert figures(held)["worst"] >= 100 and figures(held)["own"] >= 100, held
    assert int(after.split()[3]) < int(held.split()[3]) + 20, after  # ticks since the last line
    assert LoopLag().status() == "loop lag: no ticks yet"
