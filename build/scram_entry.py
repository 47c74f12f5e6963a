"""Entry script of the one-file executable (see scram.spec): runs `game.__main__.main`.

PyInstaller runs its entry script as a top-level `__main__`, so the game's own
`game/__main__.py` is imported as a module here (its imports, relative or absolute, work
the same as under `python -m game` or the `scram` console script).
"""

import multiprocessing
import sys

from game.__main__ import main

if __name__ == "__main__":
    # A bots' worker process (game/thinking.py) starts as this executable again: here it
    # becomes the worker and never reaches the game.
    multiprocessing.freeze_support()
    sys.exit(main())
