"""Past games with many kept games: how long the list takes to open, and to read to its end.

Run: `.venv/bin/python -m bench.past_games [--games 10000] [--runs 5]`. Fills a fresh
SCRAM_HOME's `games/` folder with `--games` kept games (copies of 20 real finished 4-camper
games, about 15 KB each, under the names the game gives them), then, `--runs` times:

- `open`: the Past games list made (`kept_games.Listing`: the folder tidied and looked at
  once) and its first screen of rows read: what stands between the key and the first frame;
- `read all`: every file read and checked (what `list_games` does), the listing's background
  work, spread over frames by the scene (`Listing.read_some`);
- `frame`: the longest frame of the Past games scene (dummy video driver, 1280x720) while
  it reads the list in the background (after the first, which loads the scene's fonts).

Prints every run and the medians (target: `open` under 1 s for 10,000 games; no frame held up).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_SCREEN = 20  # rows of the list's first screen (about 17 at 1280x720)


def fill(folder: Path, games: int) -> None:
    from game.files.kept_games import game_record, keep
    from game.sim import random_game

    folder.mkdir(parents=True, exist_ok=True)
    records = []
    for seed in range(20):
        game, _ = random_game(4, seed)
        records.append(game_record(game, ["Ann", "Bo", "Cy", "Di"], [None, "scout", "scout", "scout"], 0))
    for k in range(games):
        path, note = keep(records[k % len(records)], folder)
        assert path is not None, note


def one_run(folder: Path) -> tuple[float, float, float]:
    import pygame

    from game.files.kept_games import Listing

    t0 = time.perf_counter()
    listing = Listing(folder)
    for k in range(min(FIRST_SCREEN, len(listing))):
        listing[k].title()
    opened = time.perf_counter() - t0
    t0 = time.perf_counter()
    while not listing.read_some(1.0):
        pass
    read_all = time.perf_counter() - t0

    from game.files.settings import Settings
    from game.ui.routes import make_app

    app = make_app((1280, 720), Settings(muted=True), persist=False)
    app.open("past_games")
    scene = app.top
    app.step(1 / 60)  # the first frame draws the scene's fonts and felt: not the list's doing
    longest = 0.0
    frames = 0
    while not scene.games.done and frames < 100_000:
        t = time.perf_counter()
        app.step(1 / 60)
        longest = max(longest, time.perf_counter() - t)
        frames += 1
    pygame.quit()
    return opened, read_all, longest


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["SCRAM_HOME"] = tempfile.mkdtemp(prefix="scram-past-")
    from game.files.kept_games import archive_dir

    folder = archive_dir()
    t0 = time.perf_counter()
    fill(folder, args.games)
    size = sum(p.stat().st_size for p in folder.iterdir()) / max(1, args.games)
    made = time.perf_counter() - t0
    print(f"{args.games} kept games of {size / 1024:.1f} KB on average, made in {made:.1f} s")
    rows = []
    for r in range(args.runs):
        opened, read_all, longest = one_run(folder)
        rows.append((opened, read_all, longest))
        print(
            f"run {r + 1}: open {opened * 1000:.0f} ms, read all {read_all:.2f} s,"
            f" longest frame {longest * 1000:.1f} ms"
        )
    med = [statistics.median(x[i] for x in rows) for i in range(3)]
    print(
        f"median: open {med[0] * 1000:.0f} ms (target < 1000 ms), read all {med[1]:.2f} s,"
        f" longest frame {med[2] * 1000:.1f} ms"
    )
    print(
        json.dumps(
            {
                "games": args.games,
                "open_ms": round(med[0] * 1000),
                "read_all_s": round(med[1], 2),
                "longest_frame_ms": round(med[2] * 1000, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
