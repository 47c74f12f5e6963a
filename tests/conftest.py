"""Shared test setup: headless SDL for every test that may touch pygame, fresh skin caches,
and no heap trims outside the tests of them.

The fast loop is `pytest -m "not slow"` (README). A test is marked slow where it is written
(`@pytest.mark.slow`, or `pytest.param(..., marks=pytest.mark.slow)` for the costly cases of
a parametrized test, whose cheap cases stay in the fast loop): those that build something
(the executable, a wheel), play whole games (at the strongest bot levels, over every table
size, through the window or the network), start processes (the self-test, the server) or
otherwise take about a second or more. The property sweeps of tests/rules/test_properties.py
mark themselves the same way: a fiftieth of their games in the fast loop, all of them as
slow cases. The full suite runs all.
"""

import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True)
def live_skin_caches() -> None:
    """A font made before an earlier test's `pygame.quit` cannot draw after it: the skin's
    caches are dropped then, so a test passes whatever ran before it."""
    pygame = sys.modules.get("pygame")
    if pygame is not None and "game.ui.skin" in sys.modules and not pygame.font.get_init():
        sys.modules["game.ui.skin"].clear_caches()


# The only tests that keep the window's heap trims (they test them, and the fuzz's memory).
TRIMS_TESTED = "test_ui_memory.py"


@pytest.fixture(autouse=True)
def no_heap_trims(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window collects dead screens and trims the heap every 2 s and on every screen
    change (`App._trim_when_settled`, so that a long session gives freed memory back): a
    fraction of a millisecond in the game, whose heap is tens of MB, but in the test process,
    whose heap holds every earlier test's leftovers, each pass walks far more (13 s of the UI
    tests' 40 s, the fast loop 60 s -> 90 s). Outside the memory tests the window skips them."""
    if request.node.path.name == TRIMS_TESTED or not _may_open_the_window(request):
        return
    from game.ui.kit.app import App

    monkeypatch.setattr(App, "_trim_when_settled", lambda self, top, t0: None)


def _may_open_the_window(request: pytest.FixtureRequest) -> bool:
    """A test that may open the window: anything but the rules, files and learning folders."""
    parts = request.node.path.parts
    return not any(p in parts for p in ("rules", "files", "learn"))
