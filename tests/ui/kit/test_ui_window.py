"""The window, whatever the system does to it: resized where pygame does not follow it, it
never crashes a frame and the scenes are laid out for its new size; smaller than the table's
minimum (full screen included), the scenes are laid out at the minimum and shown scaled into
it, and a click still finds its button; a native crash leaves its entry in crash.log; no scene
computes a negative size at any window size."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from ui_support import run

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def scenario() -> dict:
    """tests/ui/support/window_scenario.py, in a process of its own: what it saw. It is run
    as a module from the checkout, with tests/ on its path for the UI tests' helpers."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("SCRAM_HOME", None)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "tests"), env.get("PYTHONPATH")) if p)
    done = subprocess.run(
        [sys.executable, "-m", "ui.support.window_scenario"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, f"the scenario died ({done.returncode}):\n{done.stderr[-3000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_resize_in_full_screen_that_pygame_did_not_follow_crashes_nothing(scenario):
    # F11, then the system resized the window; cards at new widths were drawn (what made
    # `pygame.display.get_surface()` free the surface the frame was drawn on): the frames ran
    # and the table was laid out for the window's new size.
    assert scenario["fullscreen"] is True
    assert scenario["size_after_resize"] == scenario["window_after_resize"] == [1300, 800]


def test_a_window_smaller_than_the_minimum_is_drawn_at_the_minimum_and_scaled(scenario):
    # How to play, full screen, the window then 2600 x 420: laid out 640 high, every page
    # drawn, the picture scaled into the window's height, centred, black on either side.
    assert scenario["help_window"] == [2600, 420]
    assert scenario["help_size"] == [2600, 640]
    from game.ui.scenes.how_to_play import PAGES

    assert scenario["help_pages_drawn"] == list(range(len(PAGES)))
    assert scenario["fitted"] == [447, 0, 1706, 420] and scenario["window_frame_size"] == [2600, 420]
    assert scenario["bars_black"] is True


def test_a_click_on_a_scaled_window_finds_its_button(scenario):
    assert scenario["page_after_click"] == 1  # "Next >" clicked where the window shows it


def test_the_canvas_is_the_window_but_never_below_the_minimum():
    from game.ui.kit.display import MIN_SIZE, canvas_size

    assert canvas_size((1280, 720)) == (1280, 720)  # large enough: the window itself
    assert canvas_size(MIN_SIZE) == MIN_SIZE
    assert canvas_size((2600, 420)) == (2600, 640)
    assert canvas_size((800, 600)) == (1024, 640)
    for size in [(300, 200), (5000, 100), (100, 5000), (1023, 639), (0, 0)]:
        w, h = canvas_size(size)  # at least the minimum, never more than the window or it
        assert (w, h) == (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))


# `.get_surface(` in code: not in `backticks` (a docstring naming it) nor after a `#`
ASKING = re.compile(r"^[^#`]*\.get_surface\(", re.MULTILINE)


def test_only_the_display_asks_for_the_display_surface():
    # pygame.display.get_surface() frees a stale window surface and hands out a new object:
    # asked while a scene draws, the frame's surface is freed under it (a crash in the game).
    askers = {
        str(path.relative_to(ROOT))
        for path in (ROOT / "game").rglob("*.py")
        if ASKING.search(path.read_text(encoding="utf-8"))
    }
    assert askers == {"game/ui/kit/display.py"}
    assert ASKING.search("x = pygame.display.get_surface()")  # the check sees a caller


@pytest.mark.parametrize("size", [(1024, 640), (3840, 640), (1024, 2160)])
def test_every_page_of_how_to_play_draws_at_extreme_shapes(size, tmp_path, monkeypatch):
    from game.files.settings import Settings
    from game.ui.routes import make_app

    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    app.open("help")
    scene = app.top
    for page in range(len(scene_pages())):
        scene.page = page
        run(app)  # a negative size raises (pygame: "Cannot scale to negative size")
    assert app.size == size


def scene_pages() -> list:
    from game.ui.scenes.how_to_play import PAGES

    return PAGES


# ---- a native crash leaves its entry in crash.log ---------------------------------------------
CRASHING = """
import faulthandler, sys
from game import __main__ as scram

def boom(args, size):
    import pygame  # the game's drawing library is loaded, as in a game
    pygame.display.init()
    faulthandler._sigsegv()

scram._run = boom
sys.exit(scram.main([]))
"""


def _scram(code: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "SCRAM_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)


def test_a_native_crash_leaves_its_stack_in_the_crash_log(tmp_path):
    log = tmp_path / "data" / "crash.log"
    log.parent.mkdir(parents=True)
    log.write_text("--- an older crash\n")
    done = _scram(CRASHING, tmp_path)
    assert done.returncode != 0
    text = log.read_text()
    assert text.startswith("--- an older crash\n--- ")
    assert "the game stopped at once, in native code" in text
    assert "Segmentation fault" in text and "line 8 in boom" in text


def test_a_run_that_ends_normally_leaves_the_crash_log_as_it_was(tmp_path):
    ending = "import sys\nfrom game import __main__ as scram\n"
    ending += "scram._run = lambda a, s: 0\nsys.exit(scram.main([]))"
    assert _scram(ending, tmp_path).returncode == 0
    assert not (tmp_path / "data" / "crash.log").exists()  # none made
    log = tmp_path / "data" / "crash.log"
    log.write_text("--- an older crash\n")
    assert _scram(ending, tmp_path).returncode == 0
    assert log.read_text() == "--- an older crash\n"


@pytest.mark.skipif(sys.platform == "win32", reason="links need privileges on Windows")
def test_a_native_crash_never_writes_through_a_link(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("mine\n")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "crash.log").symlink_to(target)
    done = _scram(CRASHING, tmp_path)
    assert done.returncode != 0 and target.read_text() == "mine\n"
    assert "Segmentation fault" in done.stderr  # the stack went to stderr instead


def test_a_python_error_is_one_entry_without_a_native_header(tmp_path):
    code = "import sys\nfrom game import __main__ as scram\n"
    code += "def boom(a, s):\n    raise RuntimeError('boom')\nscram._run = boom\nsys.exit(scram.main([]))"
    done = _scram(code, tmp_path)
    text = (tmp_path / "data" / "crash.log").read_text()
    assert done.returncode == 1 and "RuntimeError: boom" in text
    assert "native code" not in text and text.count("\n--- ") + text.startswith("--- ") == 1


def test_pygame_is_loaded_after_the_crash_log_is_ready():
    # pygame sets its own handler (writing to stderr only) unless one is set before it loads.
    done = subprocess.run(
        [sys.executable, "-c", "import sys; import game.__main__; print('pygame' in sys.modules)"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.stdout.strip() == "False"
    assert pygame  # the tests' own copy, loaded by ui_support


SCREENS = ["menu", "new_game", "help", "settings", "about", "stats", "past_games", "tutorial"]
SCREENS += ["friends", "host_table"]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(1024, 640), (3840, 640), (1024, 2160), (3840, 2160)])
def test_every_screen_and_table_draws_at_the_extreme_shapes(size, tmp_path, monkeypatch):
    # no negative size anywhere (a picture scaled to one raises), at the narrowest and the
    # widest shapes the canvas can have (it is never below 1024 x 640: display.py)
    from game.files.settings import Settings
    from game.seat.start import start_game
    from game.ui.routes import make_app

    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    app = make_app(size, Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    for name in SCREENS:
        app.show("menu")
        if name != "menu":
            app.open(name)
        run(app, 3)
    for campers in (3, 4, 6):
        start_game(app, campers, 0, None, [None] + ["scout"] * (campers - 1), 11)
        run(app, 30)
        app.open("pause", app.top)
        run(app, 2)
        app.top.table.close()
    assert app.size == size
