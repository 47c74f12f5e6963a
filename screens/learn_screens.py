"""Screenshots of the learning scenes: menu, guided game, hint, review, past games,
statistics, game over. Run in a real window (DISPLAY) or headless.

    python -m screens.learn_screens --size 1024x640 --out .screens/learn

A fresh SCRAM_HOME is filled with finished games of every mode (kept and counted), so the
lists and the chart have something to show.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile


def finished(campers: int, seed: int):
    from game.rules.state import Game

    g = Game(campers, seed)
    rng = random.Random(seed)
    while g.phase != "over":
        if g.phase == "round_over":
            g.next_round()
        else:
            g.play(g.view(g.turn).sample_decision(rng))
    return g


def seed_home() -> None:
    from game.files import kept_games as archive

    names = ["You", "Bea", "Cal", "Dot", "Eli", "Fay"]
    for k in range(34):
        n = (4, 6, 3)[k % 3]
        level = ("scout", "ranger", "trailblazer")[k % 4 % 3]
        human = (0, 1)[k % 2] if n == 3 else 0
        archive.keep_finished_game(finished(n, 100 + k), names[:n], [level] * n, human, hints=k % 3)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1024x640")
    p.add_argument("--out", default=".screens/learn")
    args = p.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    os.environ["SCRAM_HOME"] = tempfile.mkdtemp(prefix="scram-learn-")
    os.environ["SCRAM_SCREENSHOT_DIR"] = args.out
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    seed_home()
    import pygame

    from game.files.settings import Settings
    from game.learn.tutorial import STEPS
    from game.rules.record import parse_record
    from game.ui.routes import make_app
    from game.ui.selftest import _frames
    from game.ui.table.access import hint_key, hint_shown, player_ready, submit
    from game.ui.table.hints import Hints

    app = make_app((w, h), Settings(speed="instant", bot_pace="instant", muted=True), persist=True)
    tag = f"{w}x{h}"

    def shot(name: str) -> None:
        app.step(1 / 60)
        print(app.screenshot(f"{tag}-{name}"))

    app.open("menu")
    shot("01-menu-first-start")
    app.open("tutorial")
    scene = app.top
    table = scene.table
    marks = {
        0: "02-tutorial-start",
        3: "03-tutorial-replace-pair",
        5: "04-tutorial-after-failure",
        11: "05-tutorial-twelve",
    }
    for k, step in enumerate(STEPS):
        _frames(app, lambda: player_ready(table), 20000, table)
        if k in marks:
            shot(marks[k])
        submit(table, step.decision)
    _frames(app, lambda: scene.done, 50000, table)
    shot("06-tutorial-end")

    from game.rules.state import Game

    names = ["You", "Bea", "Cal", "Dot"]
    app.show(
        "table", Game(4, 5), names, [None, "scout", "scout", "scout"], 0, fresh=True, hint=Hints(names, 1)
    )
    t = app.top
    _frames(app, lambda: player_ready(t), 20000, t)
    pygame.event.post(hint_key())
    _frames(app, lambda: hint_shown(t) is not None, 2000, t)
    shot("07-table-hint")
    t.close()

    from game.files import kept_games as archive

    games, _ = archive.list_games()
    app.show("menu")
    app.open("past_games")
    shot("08-past-games")
    six = next(g for g in games if g.campers == 6)
    from game.files.records import read_record

    review = app.open("review", read_record(six.path), six.players, six.levels, six.human, title=six.title())
    review.go(40)
    shot("09-review-all-cards")
    review.cycle_view()
    shot("10-review-as-you")
    end = next(k for k, f in enumerate(review.review.frames) if f.ended)
    review.go(end)
    shot("11-review-round-end")
    app.show("menu")
    app.open("stats")
    shot("12-statistics")
    app.top.ask_reset()
    shot("13-statistics-reset-confirm")
    g = finished(4, 77)
    tbl = app.build("table", g, names, [None, "ranger", "ranger", "ranger"], 0, fresh=False)
    app.show("game_over", tbl)
    shot("14-game-over-review-button")
    app.show("menu")
    shot("15-menu-after")
    if os.environ.get("DISPLAY") and os.environ.get("SDL_VIDEODRIVER") != "dummy":
        os.system(f"import -window root {args.out}/{tag}-16-real-window-root.png")
    tbl.close()
    pygame.quit()
    _ = parse_record


if __name__ == "__main__":
    main()
