"""The two ends of the port-mapping tests, run inside the namespaces of netns_router.py.

    python tests/net/upnp_peers.py host FOLDER   # LAN: the desktop game's Host a table, headless
    python tests/net/upnp_peers.py join URL CODE # WAN: a friend elsewhere joins at the invitation
    python tests/net/upnp_peers.py map PORT      # LAN: the mapper alone (what the router says)

`host` runs the desktop game's own network thread (`game.seat.link.Link` with `Hosting` on
every interface: its table server, and the router asked for the port) and prints each
message it hands the frame as one JSON line; a line `close` on its input closes the link
(which removes the mapping) and it prints `{"type": "closed"}`; a line `exit` ends the
process with the link still open, as the game's window closing does. `join` prints the `joined`
message; `map` prints what `PortMapper.open` gave or raised, as JSON.
"""

from __future__ import annotations

import asyncio
import json
import queue
import sys
import threading
import time
from pathlib import Path


def say(message: dict) -> None:
    print(json.dumps(message), flush=True)


def host(folder: str) -> int:
    from game.seat.link import Hosting, Link, Seat

    create = {"campers": 4, "seat": 0, "levels": ["greenhorn"] * 4, "pace": "instant"}
    hosting = Hosting(Path(folder), "test", host="0.0.0.0", upnp=True, upnp_discover_ms=1000)
    link = Link("", "Ada", Seat(create=create), hosting).start()
    closing = threading.Event()
    said: list[str] = []
    threading.Thread(
        target=lambda: (said.append(sys.stdin.readline().strip()), closing.set()), daemon=True
    ).start()
    asked = time.monotonic()
    while not closing.is_set() and link.alive:
        try:
            m = link.inbox.get(timeout=0.1)
        except queue.Empty:
            continue
        if m.get("type") == "portmap":
            m["seconds"] = round(time.monotonic() - asked, 3)
        if m.get("type") in ("link", "portmap", "joined"):
            say(m)
    if said == ["exit"]:
        return 0  # the game exits with the table open: the link's atexit hook closes it
    link.close()
    say({"type": "closed", "ended": link.join(10.0)})
    return 0


async def join(url: str, code: str) -> int:
    from game.seat.client import Client

    client = await Client.connect(url, open_timeout=5.0)
    await client.hello("Bea", "tests")
    say(await client.join(code))
    await client.close()
    return 0


def map_port(port: int) -> int:
    from game.seat.portmap import NoMapping, PortMapper

    mapper = PortMapper(1000)
    try:
        m = mapper.open(port)
    except NoMapping as e:
        say({"kind": e.kind, "advice": e.advice, "detail": e.detail})
        return 0
    say({"kind": "open", "public": m.public, "port": m.port})
    mapper.close()
    return 0


if __name__ == "__main__":
    what, *args = sys.argv[1:]
    if what == "host":
        sys.exit(host(*args))
    if what == "join":
        sys.exit(asyncio.run(join(*args)))
    sys.exit(map_port(int(args[0])))
