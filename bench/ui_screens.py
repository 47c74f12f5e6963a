"""Screenshot tour: every scene of the game, captured from a real window.

Run under a display (e.g. `xvfb-run -s "-screen 0 1280x800x24" .venv/bin/python
bench/ui_screens.py`); the PNGs go to .screens/ (or SCRAM_SCREENSHOT_DIR). The player's
seat is driven by the same posted clicks as the UI tests, choosing moves that show a
drawn card, a secret view, a mismatch, a round end and a game over; then the keyboard's
focus ring (choosing cards by keys) and a flip with reduced motion on (a cross-fade).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("SCRAM_HOME", tempfile.mkdtemp(prefix="scram-shots-"))
os.environ.setdefault("SCRAM_SCREENSHOT_DIR", str(ROOT / ".screens"))

import pygame  # noqa: E402
from ui_support import DT, click, key, play_decision, ready, run, run_until, wait_applied  # noqa: E402

from game.decisions import DRAW, Act, Replace  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.ui import skin  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.game_over import GameOverScene  # noqa: E402
from game.ui.help import HelpScene  # noqa: E402
from game.ui.menu import MenuScene  # noqa: E402
from game.ui.new_game import NewGameScene, start_game  # noqa: E402
from game.ui.round_end import RoundEndScene  # noqa: E402
from game.ui.settings_scene import SettingsScene  # noqa: E402


def shot(app: App, name: str) -> None:
    print("saved", app.screenshot(name))


def human_start(app: App, table) -> None:
    """Run until it is the player's turn to start (round ends go on by themselves)."""
    for _ in range(100000):
        if isinstance(app.top, RoundEndScene):
            run_until(app, lambda: app.top.done)
            key(pygame.K_RETURN)
        elif table.timeline.waiting_click:
            click(table.layout.table.center)
        elif ready(table) and table.game.turn == table.human and table.game.phase == "start":
            return
        app.step(DT)
    raise SystemExit("the player's turn never came")


def main() -> None:
    settings = Settings(speed="normal", bot_pace="instant", muted=True)
    app = App((1280, 720), settings, persist=False)
    app.push(MenuScene(app))
    run(app, 5)
    shot(app, "01-menu")
    key(pygame.K_RETURN)
    run(app, 3)
    assert isinstance(app.top, NewGameScene)
    shot(app, "02-new-game")
    key(pygame.K_ESCAPE)
    run(app, 2)
    key(pygame.K_h)
    run(app, 2)
    assert isinstance(app.top, HelpScene)
    shot(app, "03-how-to-play")
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    run(app, 2)
    shot(app, "04-how-to-play-actions")
    key(pygame.K_ESCAPE)
    run(app, 2)
    key(pygame.K_s)
    run(app, 2)
    assert isinstance(app.top, SettingsScene)
    shot(app, "05-settings")
    key(pygame.K_ESCAPE)
    run(app, 2)

    names = ["You", "Bea", "Cal", "Dot", "Eli", "Fay"]
    for campers, human, name in ((6, 0, "07-table-6"), (3, 1, "08-table-3-duo"), (3, 0, "09-table-3-solo")):
        start_game(
            app, campers, human, names[:campers], [None if s == human else "scout" for s in range(campers)], 7
        )
        table = app.top
        human_start(app, table)
        shot(app, name)

    start_game(app, 4, 0, names[:4], [None, "scout", "scout", "scout"], 21)
    table = app.top
    human_start(app, table)
    shot(app, "06-table-4")
    rng = random.Random(1)
    got = set()
    for _ in range(60):
        human_start(app, table)
        before = len(table.game.actions)
        play_decision(app, table, DRAW)
        run_until(app, lambda: ready(table))
        v = table.game.view(0)
        if "drawn" not in got:
            shot(app, "10-drawn-card")
            got.add("drawn")
            keyboard_shots(app, table)
        acts = v.legal_acts()
        if v.drawn in (5, 6, 12) and "view" not in got and acts:
            campsite = [a for a in acts if all(t[0] != "deck" for t in a.targets)] or acts
            play_decision(app, table, rng.choice(campsite))
            run_until(app, lambda: table.timeline.waiting_click, 2000)
            run(app, 30)
            shot(app, "11-view")
            got.add("view")
            continue
        ups = [(0, i) for i, c in enumerate(v.campsites[0]) if c[1]]
        values = {v.campsites[0][i][0] for _, i in ups}
        if "mismatch" not in got and len(values) >= 2 and len(ups) >= 2:
            play_decision(app, table, Replace(tuple(ups[:3]), "right"))
            for _ in range(40):
                app.step(DT)
                if any(sp is not None and sp.glow for row in table.rows for sp in row):
                    break
            run(app, 20)
            shot(app, "12-mismatch")
            got.add("mismatch")
            continue
        if v.drawn == 7 and "flip" not in got and acts:
            play_decision(app, table, acts[0])
            for _ in range(300):  # until a card is half-way through its flip
                app.step(DT)
                if any(sp is not None and 0.2 < sp.squeeze < 0.7 for row in table.rows for sp in row):
                    break
            shot(app, "13-flip-midway")
            got.add("flip")
            continue
        d = v.sample_decision(rng)
        if type(d) is Replace:
            d = Replace(d.cards[:2], d.end)
        play_decision(app, table, d if type(d) is not Act or v.drawn != 13 else acts[0])
        wait_applied(app, table, before, 500)
        if {"drawn", "view", "mismatch", "flip"} <= got:
            break
    app.settings.speed = "instant"
    for _ in range(200000):
        if isinstance(app.top, RoundEndScene):
            app.settings.speed = "normal"
            run_until(app, lambda: app.top.done)
            run(app, 10)
            shot(app, "14-round-end")
            app.settings.speed = "instant"
            break
        if table.timeline.waiting_click:
            click(table.layout.table.center)
        elif ready(table) and table.game.turn == 0:
            d = table.game.view(0).sample_decision(rng)
            if type(d) is Replace:
                d = Replace(d.cards[:1], d.end)
            before = len(table.game.actions)
            play_decision(app, table, d)
            try:
                wait_applied(app, table, before, 500)
            except AssertionError:
                print("stuck:", d, table.mode, table.warning, [b.label for b in table.buttons])
                shot(app, "stuck")
                raise
        app.step(DT)
    for _ in range(400000):
        if isinstance(app.top, GameOverScene):
            break
        if isinstance(app.top, RoundEndScene):
            run_until(app, lambda: app.top.done)
            key(pygame.K_RETURN)
        elif table.timeline.waiting_click:
            click(table.layout.table.center)
        elif ready(table) and table.game.turn == 0:
            d = table.game.view(0).sample_decision(rng)
            if type(d) is Replace:
                d = Replace(d.cards[:1], d.end)
            before = len(table.game.actions)
            play_decision(app, table, d)
            try:
                wait_applied(app, table, before, 500)
            except AssertionError:
                print("stuck:", d, table.mode, table.warning, [b.label for b in table.buttons])
                shot(app, "stuck")
                raise
        app.step(DT)
    run(app, 5)
    shot(app, "15-game-over")
    # Small window, to check the layout at the minimum size.
    pygame.quit()
    app = App((1024, 640), settings, persist=False)
    start_game(app, 6, 0, names, [None] + ["scout"] * 5, 9)
    table = app.top
    human_start(app, table)
    shot(app, "16-table-6-small")
    pygame.quit()
    reduced_motion_shots()


def keyboard_shots(app: App, table) -> None:
    """Keep the held card by keys: Tab shows the ring, Space chooses, Tab moves on; then Esc."""
    key(pygame.K_k)
    run(app, 2)
    key(pygame.K_TAB)
    run(app, 2)
    key(pygame.K_SPACE)
    run(app, 2)
    key(pygame.K_TAB)
    run(app, 20)
    shot(app, "17-keyboard-focus")
    key(pygame.K_ESCAPE)
    run(app, 2)
    table.keyboard = False  # the tour goes on with clicks


def reduced_motion_shots() -> None:
    """A 4-camper game with reduced motion: a card flipped by a 7 or 8, caught mid-fade."""
    settings = Settings(speed="normal", bot_pace="instant", muted=True, reduced_motion=True)
    app = App((1280, 720), settings, persist=False)
    start_game(app, 4, 0, ["You", "Bea", "Cal", "Dot"], [None, "scout", "scout", "scout"], 5)
    table = app.top
    rng = random.Random(2)
    for _ in range(200000):
        if isinstance(app.top, (RoundEndScene, GameOverScene)):
            break
        # A campsite card turning face up for everyone (ringed: it does not rise), half faded in.
        cards = [sp for row in table.rows for sp in row if sp is not None]
        if any(sp.glow == skin.HIGHLIGHT and 0.35 < sp.fade < 0.65 for sp in cards):
            shot(app, "18-reduced-motion-flip")
            break
        if table.timeline.waiting_click:
            click(table.layout.table.center)
        elif ready(table) and table.game.turn == 0:
            v = table.game.view(0)
            flips = [a for a in v.legal_acts() if v.drawn in (7, 8) and a.targets[0][0] != "deck"]
            d = flips[0] if flips else v.sample_decision(rng)
            if type(d) is Replace:
                d = Replace(d.cards[:1], d.end)
            before = len(table.game.actions)
            play_decision(app, table, d)
            wait_applied(app, table, before, 500)
        app.step(DT)
    else:
        print("no reduced-motion flip seen")
    pygame.quit()


if __name__ == "__main__":
    main()
