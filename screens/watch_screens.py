"""Screenshots of watching (docs/NETWORK-EXTENSIONS.md): a whole game hosted in one desktop
game and watched by two others, three windows on one X display (Xvfb, 3880x1200 or wider).

    DISPLAY=:40 python -m screens.watch_screens --out /tmp/shots

The host (this process, its window at the left; input posted as pygame events, as the tests
do) hosts a 4-camper table with three bots, lets watchers follow its cards (W), starts once
two watchers are in the lobby, plays its seat at random through the table's clicks, and at
the game over opens the review together (T) and leads it to the end.

The watchers are the game itself (`python -m game`, each with a home of its own), started
here and driven with xdotool as a person would: F (Play with friends), their name, the
host's address and the code typed, a click on Watch. Watcher A follows the host's cards
(F at the table), watcher B stays on the public table; Enter moves each past the round ends.
At the review together B takes the lead (L) and steps on; A reviews alone (A).

Screenshots of the whole screen (`import -window root`) at every step go to `--out`, named
for what they show; so do the host's own frames.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from screens.net_screens import Driver

ROOT = Path(__file__).resolve().parent.parent

SIZE = (1280, 720)
WINDOWS = {"host": (0, 0), "a": (1300, 0), "b": (2600, 0)}  # top-left of each window (a 3880-wide screen)
# Places in a 1280x720 friends screen (looked up in a screenshot of it).
NAME_FIELD, WATCH_BUTTON = (580, 158), (800, 483)


class Watcher:
    """A watcher's game process, driven with xdotool."""

    def __init__(self, tag: str, name: str, out: Path) -> None:
        self.tag, self.name, self.out = tag, name, out
        x, y = WINDOWS[tag]
        self.origin = (x, y)
        env = {**os.environ, "SCRAM_HOME": f"/tmp/scram-watch-{tag}", "SDL_VIDEO_WINDOW_POS": f"{x},{y}"}
        env.pop("SDL_VIDEODRIVER", None)
        env["SDL_AUDIODRIVER"] = "dummy"
        command = [sys.executable, "-m", "game", "--size", f"{SIZE[0]}x{SIZE[1]}", "--speed", "fast"]
        self.proc = subprocess.Popen(command, cwd=ROOT, env=env)

    def xdo(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], check=True)

    def window(self) -> str:
        """This game's X window (found by its process id, once)."""
        if not getattr(self, "wid", None):
            found = subprocess.run(
                ["xdotool", "search", "--sync", "--pid", str(self.proc.pid)], capture_output=True, text=True
            )
            self.wid = found.stdout.split()[-1]
        return self.wid

    def point(self, at: tuple[int, int] = (640, 360)) -> None:
        """The pointer over this window, and the keyboard's focus on it (no window manager
        here gives it on a click)."""
        self.xdo("windowfocus", "--sync", self.window())
        self.xdo("mousemove", str(self.origin[0] + at[0]), str(self.origin[1] + at[1]))

    def key(self, *keys: str) -> None:
        self.point()
        for k in keys:
            self.xdo("key", k)
            time.sleep(0.15)

    def type(self, text: str) -> None:
        self.point()
        self.xdo("type", "--delay", "60", text)

    def click(self, at: tuple[int, int]) -> None:
        self.point(at)
        self.xdo("click", "1")
        time.sleep(0.2)

    def watch(self, address: str, code: str) -> None:
        """From the menu: Play with friends, the name, the address and code, Watch."""
        self.key("f")
        time.sleep(0.8)
        self.click(NAME_FIELD)
        self.key(*["BackSpace"] * 12)
        self.type(self.name)
        self.key("Tab")  # the address field (what F typed there goes too)
        self.key(*["BackSpace"] * 12)
        self.type(address)
        self.key("Tab")
        self.type(code)
        time.sleep(0.3)
        shoot(self.out, f"{self.tag}-friends-filled")
        self.click(WATCH_BUTTON)


def shoot(out: Path, name: str) -> None:
    subprocess.run(["import", "-window", "root", str(out / f"{name}.png")], check=True)
    print(f"shot {name}", flush=True)


class Host(Driver):
    """The host's game in this process (its window at the left): screens/net_screens.py's."""

    def __init__(self, out: Path) -> None:
        super().__init__("host", out, out)
        self.app.settings.speed = "fast"


def run(out: Path) -> int:
    from game.ui.table.connect import host_table

    h = Host(out)
    watchers = [Watcher("a", "Wes", out), Watcher("b", "Cy", out)]
    try:
        h.step(60)
        session = host_table(h.app, 4, 0, ["ranger"] * 4, "brisk", "Ada", bind="127.0.0.1", grace=600.0)
        h.until(lambda: session.code and session.port is not None and session.seats)
        h.press(h.pg.K_w)  # let watchers follow Ada's cards
        h.until(lambda: session.audience.shared == (0,))
        address = f"127.0.0.1:{session.port}"
        for w in watchers:
            w.watch(address, session.code)
            h.until(lambda w=w: any(x.name == w.name for x in session.audience.watchers), 30)
        h.step(60)
        shoot(out, "lobby-two-watchers")
        watchers[0].key("f")  # A: watch Ada's cards
        h.until(lambda: any(x.follows == 0 for x in session.audience.watchers), 20)
        h.step(30)
        shoot(out, "lobby-a-follows-ada")
        h.click(h.app.top.start_button.rect.center)
        h.until(lambda: h.name() == "TableScene")
        h.step(240)
        shoot(out, "table-dealt")
        play(h, session, watchers, out)
        shoot(out, "game-over")
        h.step(120)
        review = next(b for b in h.app.top.buttons if b.label.startswith("Review together"))
        h.click(review.rect.center)
        h.until(lambda: h.name() == "ReviewScene")
        h.step(120)
        shoot(out, "review-together-opened")
        for _ in range(6):
            h.press(h.pg.K_RIGHT)
            h.step(20)
        h.step(90)
        shoot(out, "review-together-host-led-6")
        watchers[1].key("l")
        h.until(lambda: session.audience.review.lead and session.audience.review.lead.get("watcher"), 20)
        watchers[1].key("Next", "Right", "Right")
        h.until(lambda: session.audience.review.pos > 10, 20)
        h.step(90)
        shoot(out, "review-together-cy-leads")
        watchers[0].key("a")
        h.until(lambda: len(session.audience.review.members) == 2, 20)
        watchers[0].key("Home")
        h.step(90)
        shoot(out, "review-wes-alone")
        session.leave()
        session.link.join(10)
    finally:
        for w in watchers:
            w.proc.terminate()
            w.proc.wait(10)
    return 0


def play(h: Host, session, watchers: list[Watcher], out: Path) -> None:
    """The host's seat at random through clicks, at a person's pace, to the game over; the
    watchers pressed on past the round ends; screenshots as things happen."""
    from tests.ui_support import play_decision

    shots = {12: "table-early", 40: "table-midgame", 80: "table-later"}
    followed = unfollowed = False
    end = time.monotonic() + 3600
    last_enter = time.monotonic()
    while h.name() != "GameOverScene":
        if time.monotonic() > end:
            raise SystemExit("host: the game did not end")
        top = h.app.top
        if h.name() == "TableScene" and top.timeline.waiting_click:
            h.press(h.pg.K_RETURN)
        elif h.name() == "TableScene" and top.my_turn():
            h.step(15)  # a moment, as a person takes
            if top.my_turn():
                play_decision(h.app, top, top.session.view().sample_decision(h.rng))
        elif h.name() == "RoundEndScene" and top.done:
            shoot(out, f"round-end-{session.view().round}")
            h.step(60)
            top.next()
        for ver, name in list(shots.items()):
            if session.ver >= ver:
                h.step(30)
                shoot(out, name)
                del shots[ver]
        if not followed and session.ver >= 20:
            watchers[0].key("f")  # A: from Ada's cards to the public table, and back
            followed = True
            h.step(120)
            shoot(out, "table-a-public-again")
        elif followed and not unfollowed and session.ver >= 30:
            watchers[0].key("f")
            unfollowed = True
            h.step(120)
            shoot(out, "table-a-follows-ada-again")
        if time.monotonic() - last_enter > 4:  # the watchers move on past a round's end
            for w in watchers:
                w.key("Return")
            last_enter = time.monotonic()
        h.step()
    h.step(60)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, required=True)
    a = p.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    return run(a.out)


if __name__ == "__main__":
    sys.exit(main())
