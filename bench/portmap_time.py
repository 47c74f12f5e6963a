"""How long the home router takes to open (and close) a hosted table's port: the game's own
mapping code (`game.seat.portmap.PortMapper`) against a real UPnP IGD daemon, Debian's
miniupnpd, in network namespaces (tests/net/netns_router.py). Prints figures, asserts nothing.

    sudo python -m bench.portmap_time [--runs 10] [--discover-ms 2000]

Each run, in the LAN namespace: discovery (SSDP, which waits `--discover-ms` for answers,
as the game does), the router's external address, the mapping, then its removal; and the
time from the mapping's answer until a friend on the WAN side reaches a server through the
port. Prints every run and the medians. Needs Linux, root, iproute2, nftables, miniupnpd.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.net.netns_router import PUBLIC, HomeNetwork, why_not

ROOT = Path(__file__).resolve().parent.parent

# One run inside the LAN namespace: a listening socket for the friend to reach, the mapper
# timed step by step (its methods, as link.py calls them), one JSON line out.
LAN_RUN = """
import json, socket, sys, time
import miniupnpc
from game.seat.portmap import PortMapper
listener = socket.create_server(("0.0.0.0", 0))
port = listener.getsockname()[1]
mapper = PortMapper(int(sys.argv[1]))
t0 = time.perf_counter()
m = mapper.open(port)
t1 = time.perf_counter()
print(json.dumps({"port": m.port, "public": m.public, "open": t1 - t0}), flush=True)
listener.settimeout(10)
conn, _ = listener.accept()
conn.close()
sys.stdin.readline()
t2 = time.perf_counter()
mapper.close()
print(json.dumps({"close": time.perf_counter() - t2}), flush=True)
"""


def one_run(net: HomeNetwork, discover_ms: int) -> dict:
    lan = net.popen(
        net.lan_ns, ["-c", LAN_RUN, str(discover_ms)], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    opened = json.loads(lan.stdout.readline())
    probe = (
        "import socket, time; t = time.perf_counter(); "
        f"socket.create_connection(({PUBLIC!r}, {opened['port']}), 5).close(); print(time.perf_counter() - t)"
    )
    reach = net.popen(net.wan_ns, ["-c", probe], stdout=subprocess.PIPE)
    reached = float(reach.communicate(timeout=20)[0])
    lan.stdin.write("\n")
    lan.stdin.flush()
    closed = json.loads(lan.stdout.readline())
    lan.wait(10)
    return {"open": opened["open"], "reach": reached, "close": closed["close"], "public": opened["public"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--discover-ms", type=int, default=2000)
    args = ap.parse_args()
    reason = why_not()
    if reason:
        print(f"portmap_time: cannot run here: {reason}")
        return 1
    with tempfile.TemporaryDirectory() as tmp, HomeNetwork(Path(tmp)) as net:
        version = subprocess.run(["miniupnpd", "--version"], capture_output=True, text=True).stdout.split(
            "\n"
        )[0]
        print(f"portmap_time: {version.strip()}, discovery window {args.discover_ms} ms, {args.runs} runs")
        runs = []
        for n in range(args.runs):
            r = one_run(net, args.discover_ms)
            runs.append(r)
            print(
                f"  run {n + 1}: open {r['open'] * 1000:.0f} ms (public {r['public']}), "
                f"connect through it {r['reach'] * 1000:.1f} ms, removal {r['close'] * 1000:.1f} ms"
            )
        med = {k: statistics.median(r[k] for r in runs) * 1000 for k in ("open", "reach", "close")}
        print(
            f"median: open {med['open']:.0f} ms (of it discovery {args.discover_ms} ms), "
            f"mapping past discovery {med['open'] - args.discover_ms:.0f} ms, "
            f"connect through {med['reach']:.1f} ms, removal {med['close']:.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
