"""How often Python hands its interpreter from one thread to another, for the processes that
run work on threads beside a frame loop (the window) or an event loop (the server): the
player's hints, storage, and the bots whenever they cannot have a worker process of their
own (game/thinking.py)."""

from __future__ import annotations

import sys

# Seconds a thread may hold the GIL while another waits for it (Python's default is 5 ms).
# A bot searching on its thread would otherwise keep the frame, or the server's loop, waiting
# that long each time it lets go of the GIL: frame p99 7.5-7.9 ms at 1 ms 4.5-5.1 ms
# (bench/ui_frames.py --level trailblazer); another table's act->move p95 49 ms, at 1 ms
# 16 ms (bench/net_load.py --bots --level trailblazer --tables 10).
GIL_SWITCH = 0.001


def hand_over_quickly() -> None:
    """Ask Python for the short switch interval (process-wide; idempotent)."""
    sys.setswitchinterval(GIL_SWITCH)
