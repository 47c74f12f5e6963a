"""The process screens/ui_fuzz.py fuzzes: the game's App, visiting every screen in turn and
feeding each random input (mouse moves and clicks, clicks on its buttons, keys, typed text,
the wheel, F11, F12, window resizes). Not run by hand: ui_fuzz.py starts it, reads what it
prints and samples its memory.

It prints one line a change: `top NAME` (the screen on top now), `visit NAME` (a screen the
fuzz opened), `events N FRAMES` (every second), `error TEXT` (a Python error a frame raised:
the game would have stopped; the fuzz counts it, goes back to the menu and goes on),
`quit` (the fuzz chose Quit: the game starts again at the menu), `size WxH` (the layout
size changed), `caches MB HEAP...` (every second: the surface caches and the heap, see
`_heap_figures`), `surfaces ...` (FUZZ_SURFACES=1), `done`. A native crash ends
the process: ui_fuzz.py sees its signal, and the entry `NativeCrashes` wrote in crash.log.

Resizes: with the dummy driver, VIDEORESIZE events (sizes from 200 x 150 to `--max-size`,
2600 x 1500 unless told) and now and then the window resized behind pygame's back
(pygame.Window: what a window manager or a display changing mode does); in a real window
(`--display`), `xdotool windowsize` from a thread of its own, at random moments, as a
person dragging the window's edge.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import random
import subprocess
import sys
import threading
import time
import traceback
import warnings
from pathlib import Path

from game.credits import version
from game.files.crash_log import NativeCrashes

ROOT = Path(__file__).resolve().parent.parent

KEYS = "abcdefghijklmnopqrstuvwxyz0123456789"
SPECIAL = ["RETURN", "ESCAPE", "SPACE", "TAB", "BACKSPACE", "LEFT", "RIGHT", "UP", "DOWN", "F1", "DELETE"]
SCENES = [
    "menu",
    "new_game",
    "help",
    "settings",
    "about",
    "stats",
    "past_games",
    "tutorial",
    "table3",
    "table4",
    "table6",
    "watch",
    "review",
    "friends",
    "host_form",
    "hosted_table",
    "joined_table",
]


def say(*parts: object) -> None:
    print(*parts, flush=True)


class Fuzz:
    def __init__(self, args: argparse.Namespace) -> None:
        import pygame

        from game.files.settings import Settings
        from game.ui.routes import make_app

        self.pg = pygame
        self.args = args
        self.rng = random.Random(args.seed)
        settings = Settings(speed="fast", bot_pace="brisk", muted=True, player_name="Fuzz")
        self.app = make_app((1280, 720), settings, persist=True)
        self.app.shots = Path(os.environ["SCRAM_HOME"]) / "shots"
        self.app.show("menu")
        self.events = self.frames = 0
        self.top_name = ""
        self.size_said = ""
        self.servers: list = []  # the joined tables' servers (stopped at the visit's end)
        self.window_id = ""
        if args.display:
            threading.Thread(target=self._resizer, daemon=True).start()

    # ---- the screens ----------------------------------------------------------------
    def visit(self, name: str) -> None:
        """Leave what is open (as closing the game would) and open `name`."""
        app = self.app
        for scene in reversed(app.stack):
            scene.on_quit()
        self._stop_servers()
        app.settings.speed, app.settings.bot_pace = "fast", "brisk"
        say("visit", name)
        if name in ("menu", "new_game", "help", "settings", "about", "stats", "past_games", "tutorial"):
            app.show("menu")
            if name != "menu":
                app.open(name)
        elif name.startswith("table"):
            from game.seat.start import start_game

            n = int(name[5:])
            levels = [None] + [self.rng.choice(["greenhorn", "scout", "ranger"]) for _ in range(n - 1)]
            start_game(app, n, 0, None, levels, self.rng.randrange(10**6))
        elif name == "watch":
            from game.seat.start import start_game

            app.settings.speed = app.settings.bot_pace = "instant"  # round ends and the game over
            n = self.rng.choice([3, 4, 6])
            start_game(app, n, None, None, [None] * n, self.rng.randrange(10**6), True)
        elif name == "review":
            from game.files import kept_games
            from game.rules.record import parse_record
            from tests.decks import finished_game

            n = self.rng.choice([3, 4, 6])
            names = ["Fuzz", "Bea", "Cal", "Dot", "Eli", "Fay"][:n]
            record = kept_games.game_record(finished_game(self.rng.randrange(1000), n), names, [None] * n, 0)
            app.show("menu")
            app.open("review", parse_record(record))
        elif name == "friends":
            app.show("menu")
            app.open("friends")
        elif name == "host_form":
            app.show("menu")
            app.open("host_table")
        elif name == "hosted_table":
            from game.ui.table.connect import host_table

            levels = [None, "scout", "scout", "scout"]
            session = host_table(app, 4, 0, levels, "brisk", "Fuzz", bind="127.0.0.1")
            self._start_when_seated(session)
        elif name == "joined_table":
            self._join_a_friends_table()

    def _start_when_seated(self, session) -> None:
        end = time.monotonic() + 20
        while not (session.seats and session.is_host) and time.monotonic() < end:
            self.frame()
        if session.seats and session.is_host:
            session.start()

    def _join_a_friends_table(self) -> None:
        """A friend's computer (a server on a thread, its host a headless player) and this
        game joining it."""
        import asyncio

        from game.seat.client import Client
        from game.seat.invite import Invite
        from game.seat.play import play
        from game.ui.table.connect import join_table
        from tests.ui.support.net_table import ServerThread

        home = Path(os.environ["SCRAM_HOME"]) / f"friend-{self.rng.randrange(10**9)}"
        home.mkdir(parents=True)
        server = ServerThread(home, grace=5.0)
        self.servers.append(server)
        code: list[str] = []
        ready = threading.Event()

        async def friend() -> None:
            client = await Client.connect(server.url)
            await client.hello("Ada", "fuzz")
            joined = await client.create(4, 0, [None, None, "scout", "scout"], "brisk")
            code.append(joined["code"])
            ready.set()
            end = time.monotonic() + 30
            while time.monotonic() < end:  # until this game has taken its seat
                m = await client.recv(30)
                if m.get("type") == "table" and sum(x["kind"] == "human" for x in m["seats"]) == 2:
                    break
            await client.start()
            await play(client, 0, timeout=60)
            await client.close()

        threading.Thread(target=lambda: _quietly(lambda: asyncio.run(friend())), daemon=True).start()
        if ready.wait(10):
            join_table(self.app, Invite("127.0.0.1", server.port, code[0]), "Fuzz")

    def _stop_servers(self) -> None:
        for server in self.servers:
            _quietly(server.stop)
        self.servers = []

    # ---- input ----------------------------------------------------------------------
    def inputs(self) -> None:
        """This frame's random input, posted as the window would post it."""
        pg, rng = self.pg, self.rng
        w, h = self.app.display.window.get_size()
        post = pg.event.post
        if rng.random() < 0.5:
            post(pg.event.Event(pg.MOUSEMOTION, pos=self._spot(w, h), rel=(1, 1), buttons=(0, 0, 0)))
        if rng.random() < 0.08:
            pos = self._button_spot() or self._spot(w, h)
            post(pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            post(pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 3])))
            post(pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=1))
        if rng.random() < 0.05:
            self._key(rng.choice([*KEYS, *SPECIAL]))
        if rng.random() < 0.02:
            text = "".join(rng.choice(KEYS + " -:/.") for _ in range(rng.randint(1, 30)))
            post(pg.event.Event(pg.TEXTINPUT, text=text))
        if rng.random() < 0.01:
            post(pg.event.Event(pg.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False))
        if rng.random() < 1 / 600:  # F11 every ten seconds or so
            self._key("F11")
        if rng.random() < 1 / 3000:
            self._key("F12")
        if not self.args.display and rng.random() < 1 / 120:
            self._resize()
        self.events += 1

    def _spot(self, w: int, h: int) -> tuple[int, int]:
        return self.rng.randrange(max(1, w)), self.rng.randrange(max(1, h))

    def _button_spot(self) -> tuple[int, int] | None:
        """The centre of a visible button of the top screen, in the window's pixels."""
        top = self.app.top
        found = []
        for holder in (top, getattr(top, "turn", None)):
            for value in vars(holder).values() if holder is not None else ():
                for b in value if isinstance(value, list) else [value]:
                    if hasattr(b, "on_click") and hasattr(b, "rect") and getattr(b, "visible", True):
                        found.append(b.rect.center)
        if not found:
            return None
        x, y = self.rng.choice(found)
        f = self.app.display.fitted  # a canvas scaled into a small window
        if f is None:
            return x, y
        cw, ch = self.app.size
        return int(f.x + x * f.w / cw), int(f.y + y * f.h / ch)

    def _key(self, name: str) -> None:
        pg = self.pg
        k = getattr(pg, f"K_{name}")
        text = name if len(name) == 1 else ""
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
        pg.event.post(pg.event.Event(pg.KEYUP, key=k, mod=0, unicode=text, scancode=0))
        if text:
            pg.event.post(pg.event.Event(pg.TEXTINPUT, text=text))

    def _resize(self) -> None:
        pg, rng = self.pg, self.rng
        w, h = rng.randint(200, self.args.max_size[0]), rng.randint(150, self.args.max_size[1])
        if rng.random() < 0.25:  # the system resizes the window behind pygame's back
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pg.Window.from_display_module()
            if rng.random() < 0.5:
                window.set_windowed()
            window.size = (w, h)
            del window
        else:
            pg.event.post(pg.event.Event(pg.VIDEORESIZE, w=w, h=h, size=(w, h)))

    def _resizer(self) -> None:
        """A real window: `xdotool windowsize` at random moments (0.2 to 4 s apart)."""
        rng = random.Random(self.args.seed + 1)
        while True:
            time.sleep(rng.uniform(0.2, 4.0))
            wid = self.window_id
            if wid:
                size = [
                    str(rng.randint(600, self.args.max_size[0])),
                    str(rng.randint(400, self.args.max_size[1])),
                ]
                subprocess.run(["xdotool", "windowsize", wid, *size], capture_output=True)

    # ---- the loop -------------------------------------------------------------------
    def frame(self) -> None:
        app = self.app
        try:
            app.step(1 / 60)
        except Exception as e:  # noqa: BLE001 - what the game would have stopped on
            say("error", f"{type(e).__name__}: {e}".replace("\n", " ")[:300])
            traceback.print_exc(file=sys.stderr)
            self._back_to_menu()
        if not app.running:
            say("quit")
            self._back_to_menu()
        self.frames += 1
        name = type(app.top).__name__ if app.top is not None else "-"
        if name != self.top_name:
            self.top_name = name
            say("top", name)
        size = "x".join(map(str, app.size))
        if size != self.size_said:
            self.size_said = size
            say("size", size)
        if self.args.display:
            self.window_id = str(self.pg.display.get_wm_info().get("window", ""))
        time.sleep(0.001)  # the bots' and the network's moment, as the game's pacing gives

    def _back_to_menu(self) -> None:
        app = self.app
        app.running = True
        try:
            for scene in reversed(app.stack):
                scene.on_quit()
        except Exception:  # noqa: BLE001 - a broken scene's goodbye must not stop the fuzz
            traceback.print_exc(file=sys.stderr)
        app.show("menu")

    def run(self) -> None:
        from game.ui.skin.memo import cached_bytes

        end = time.monotonic() + self.args.seconds
        order = list(SCENES)
        last_report = 0.0
        while time.monotonic() < end:
            self.rng.shuffle(order)
            for name in order:
                if time.monotonic() >= end:
                    break
                try:
                    self.visit(name)
                except Exception as e:  # noqa: BLE001
                    say("error", f"opening {name}: {type(e).__name__}: {e}".replace("\n", " ")[:300])
                    traceback.print_exc(file=sys.stderr)
                    self._back_to_menu()
                stop = min(end, time.monotonic() + self.args.visit)
                while time.monotonic() < stop:
                    self.inputs()
                    self.frame()
                    if time.monotonic() - last_report >= 1.0:
                        last_report = time.monotonic()
                        say("events", self.events, self.frames)
                        say("caches", f"{cached_bytes() / 2**20:.0f}", *_heap_figures())
                        if os.environ.get("FUZZ_SURFACES") and self.frames % 10 == 0:
                            say("surfaces", _surfaces_held())
        for scene in reversed(self.app.stack):
            _quietly(scene.on_quit)
        self._stop_servers()
        say("events", self.events, self.frames)
        say("done")


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def _heap_figures() -> list[str]:
    """glibc's heap in MB (in use, free inside it, mapped blocks) and Python's live blocks
    (thousands) and tracked objects (thousands): where memory that is not the caches is."""
    try:
        lib = ctypes.CDLL("libc.so.6")
        lib.mallinfo2.restype = _MallInfo2
        m = lib.mallinfo2()
        mb = 2**20
        heap = [f"{m.uordblks / mb:.0f}", f"{m.fordblks / mb:.0f}", f"{m.hblkhd / mb:.0f}"]
    except (OSError, AttributeError):
        heap = ["?", "?", "?"]
    import gc

    return [*heap, f"{sys.getallocatedblocks() / 1000:.0f}", f"{len(gc.get_objects()) / 1000:.0f}"]


def _surfaces_held() -> str:
    """Every surface a tracked object holds (pygame's surfaces are not tracked themselves),
    counted once: total MB, and the holders' types holding the most (a diagnostic of
    `--surfaces`; about a tenth of a second)."""
    import gc

    import pygame

    seen: set[int] = set()
    by: dict[str, int] = {}
    objects = gc.get_objects()
    owners: dict[int, str] = {}  # an instance's __dict__ -> the instance's type
    for o in objects:
        try:
            d = object.__getattribute__(o, "__dict__")
        except (AttributeError, TypeError):
            continue
        if isinstance(d, dict):
            owners[id(d)] = type(o).__name__
    for o in objects:
        for r in gc.get_referents(o):
            if isinstance(r, pygame.Surface) and id(r) not in seen:
                seen.add(id(r))
                owner = owners.get(id(o), type(o).__name__)
                by[owner] = by.get(owner, 0) + r.get_pitch() * r.get_height()
    top = sorted(by.items(), key=lambda kv: -kv[1])[:6]
    mb = 2**20
    alive = sum(1 for o in objects if type(o).__name__ == "Backdrop")
    del objects
    gc.collect()
    alive = f"{alive}->{sum(1 for o in gc.get_objects() if type(o).__name__ == 'Backdrop')}"
    return (
        f"{sum(by.values()) / mb:.0f} "
        + ",".join(f"{k}:{v / mb:.0f}" for k, v in top)
        + f" backdrops:{alive}"
    )


def _quietly(fn) -> None:
    try:
        fn()
    except Exception:  # noqa: BLE001 - a friend's thread or a server stopping: not the game's
        pass


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--visit", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--display", action="store_true")
    parser.add_argument(
        "--max-size", type=lambda t: tuple(int(x) for x in t.split("x")), default=(2600, 1500)
    )
    args = parser.parse_args()
    with NativeCrashes(version()):  # before pygame loads: a native crash's stacks go to crash.log
        Fuzz(args).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
