"""An in-test TCP proxy on 127.0.0.1 that can pass, delay, freeze and cut the connections
between clients and a server: the network faults of the fault tests.

    proxy = await Proxy.start(server_port)   # listens on 127.0.0.1:proxy.port
    proxy.delay = 0.2   # every chunk, each way, arrives 200 ms late (order kept)
    proxy.freeze()      # nothing moves either way (a frozen peer); proxy.thaw() lets it go
    proxy.cut()         # every connection through it is reset at once
"""

from __future__ import annotations

import asyncio
import contextlib


class Proxy:
    def __init__(self, target: int) -> None:
        self.target = target
        self.delay = 0.0
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.links: set[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = set()
        self.tasks: set[asyncio.Task] = set()
        self.server: asyncio.Server | None = None
        self.port = 0

    @classmethod
    async def start(cls, target: int) -> Proxy:
        proxy = cls(target)
        proxy.server = await asyncio.start_server(proxy._accept, "127.0.0.1", 0)
        proxy.port = proxy.server.sockets[0].getsockname()[1]
        return proxy

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def freeze(self) -> None:
        self.flowing.clear()

    def thaw(self) -> None:
        self.flowing.set()

    def cut(self) -> None:
        """Reset every connection through the proxy (as a dropped network would)."""
        for a, b in list(self.links):
            for w in (a, b):
                w.transport.abort()
        self.links.clear()

    async def close(self) -> None:
        self.cut()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.server.close()
        await self.server.wait_closed()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.transport.abort()
            return
        link = (writer, up_writer)
        self.links.add(link)
        for src, dst in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pump(src, dst))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _pump(self, src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        """Forward chunks in order, each after the delay, none while frozen."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue = asyncio.Queue()
        sender = asyncio.create_task(self._send(queue, dst))
        try:
            while chunk := await src.read(65536):
                queue.put_nowait((loop.time() + self.delay, chunk))
        except (ConnectionError, OSError):
            pass
        finally:
            queue.put_nowait((0.0, b""))
            with contextlib.suppress(Exception):
                await sender

    async def _send(self, queue: asyncio.Queue, dst: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                due, chunk = await queue.get()
                if not chunk:
                    break
                await self.flowing.wait()
                if due > loop.time():
                    await asyncio.sleep(due - loop.time())  # the fault itself: a slow network
                dst.write(chunk)
                await dst.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            dst.close()
