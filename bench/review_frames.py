"""The review's frame time while stepping through a 6-camper game, one decision a frame.

    python -m bench.review_frames [--size 1280x720] [--level scout] [--seed 3]

A 6-camper game is played by bots, then its review is stepped from the deal to the last
decision with the Right key, a new frame (a new board) every frame: the worst case of
stepping. Then the same with the cards seen by one seat, and playing at 8 decisions a
second. Prints the median, p95 and max of the app's measured frame work in milliseconds.
Headless unless DISPLAY is set and SDL_VIDEODRIVER is not.
"""

from __future__ import annotations

import argparse
import os
import statistics


def figures(name: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    p95 = ms[int(len(ms) * 0.95) - 1]
    med = statistics.median(ms)
    print(f"{name}: {len(ms)} frames, median {med:.2f} ms, p95 {p95:.2f} ms, max {ms[-1]:.2f} ms")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1280x720")
    p.add_argument("--level", default="scout")
    p.add_argument("--seed", type=int, default=3)
    args = p.parse_args()
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ai import make_bot
    from ai.driver import play_game
    from game.files.kept_games import game_record
    from game.files.settings import Settings
    from game.rules.record import parse_record
    from game.ui.routes import make_app

    w, h = (int(x) for x in args.size.split("x"))
    game = play_game(6, [make_bot(args.level, s, 6, args.seed) for s in range(6)], args.seed)
    record = parse_record(
        game_record(game, ["You", "Bea", "Cal", "Dot", "Eli", "Fay"], [None] + [args.level] * 5, 0)
    )
    app = make_app((w, h), Settings(speed="normal", muted=True), persist=False)
    app.open("menu")
    review = app.open("review", record)
    app.step(1 / 60)
    driver = pygame.display.get_driver()
    print(f"{len(review.review)} stops ({len(record.actions)} decisions), window {w}x{h}, {driver}")
    for seat, name in ((None, "every card face up"), (0, "as seat 0 saw it")):
        review.seat = seat
        review.go(0)
        app.frame_times.clear()
        for _ in range(review.last):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
            app.step(1 / 60)
        assert review.pos == review.last
        figures(f"stepping, {name}", app.frame_times)
    review.seat = None
    review.go(0)
    review.speed = 4
    review.toggle_play()
    app.frame_times.clear()
    while review.playing:
        app.step(1 / 60)
    figures("playing at 8 decisions a second", app.frame_times)
    pygame.quit()


if __name__ == "__main__":
    main()
