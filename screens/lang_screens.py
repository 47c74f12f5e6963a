"""Screenshot tour of every screen in one language: the stops the layout check looks at in
every language (tests/ui/support/every_screen.py: menu, New game, How to play, Settings,
About, statistics, Past games, the review, the table, pause, round summary, game over, the
guided game, Play with friends, the host form, the lobby, a networked table, a confirmation),
each saved as a PNG from a real window.

Run under a display, with the tests' helpers on the path, e.g.
`PYTHONPATH=tests SDL_VIDEODRIVER=x11 DISPLAY=:44 .venv/bin/python -m screens.lang_screens
--lang de --size 1024x640` (Xvfb, `Xvfb :44 -screen 0 1920x1080x24 &`). The PNGs go to
.screens/lang/LANG-WIDTHxHEIGHT/ (or --out), numbered in the tour's order.
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lang", required=True, help="a language code (de, fr, pl, ...) or qps")
    p.add_argument("--size", default="1024x640")
    p.add_argument("--out", type=Path, default=None)
    args = p.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    out = args.out or ROOT / ".screens" / "lang" / f"{args.lang}-{args.size}"
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="scram-lang-shots-"))
    os.environ["SCRAM_HOME"] = str(home)

    from ui.support.every_screen import records, tour  # the tests' helpers (PYTHONPATH=tests)

    from game.lang import speech

    problem = speech.switch(args.lang)
    if problem:
        print(problem)
        return 1
    for k, stop in enumerate(tour((w, h), home, records()), start=1):
        stop.app.shots = out
        name = f"{k:02d}-" + re.sub(r"[^a-z0-9]+", "-", stop.name.lower()).strip("-")
        print("saved", stop.app.screenshot(name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
