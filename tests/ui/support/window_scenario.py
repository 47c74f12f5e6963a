"""Run by tests/ui/kit/test_ui_window.py in a process of its own (a regression here is a
segmentation fault, which must not take the test run with it): the window resized where
pygame does not follow it, and a window smaller than the table's minimum.

    SDL_VIDEODRIVER=dummy PYTHONPATH=tests python -m ui.support.window_scenario

Prints one JSON object of what it saw. With the dummy driver a window can be resized "by
the system" through pygame's Window: after a full-screen `set_mode` (no resize watch left),
leaving full screen and setting a size changes the window behind the display module's back,
as a window manager or a display changing its mode does.
"""

from __future__ import annotations

import faulthandler
import json
import os
import tempfile
import warnings

faulthandler.enable()
os.environ.setdefault("SCRAM_HOME", tempfile.mkdtemp(prefix="scram-window-"))

import pygame  # noqa: E402

from tests.ui_support import click, key, run  # noqa: E402  (run from the root: python -m tests.ui.window_scenario)


def resize_behind(size: tuple[int, int]) -> None:
    """The system changes the window's size; pygame's display module is not told."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    window.set_windowed()
    window.size = size
    del window
    pygame.event.pump()


def main() -> None:
    from game.files.settings import Settings
    from game.ui import skin
    from game.ui.routes import make_app

    seen: dict[str, object] = {}
    app = make_app((1280, 720), Settings(speed="normal", bot_pace="brisk", muted=True), persist=False)
    app.open("menu")
    app.open("tutorial")
    run(app, 30)
    key(pygame.K_d)  # the player draws: the card comes up from the deck
    run(app, 5)
    key(pygame.K_F11)
    run(app, 2)
    seen["fullscreen"] = app.settings.fullscreen
    resize_behind((1300, 800))
    # What crashed: a card at a width never drawn before asked for the display surface (to
    # convert to its format), and the next blit went to the freed one. Hover the cards, grow
    # a card at new widths, and run the frames.
    for k in range(40):
        skin.card_face(1 + k % 13, 141 + k)
        pos = (100 + 29 * k % 1200, 100 + 17 * k % 700)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        run(app)
    seen["size_after_resize"] = list(app.size)
    seen["window_after_resize"] = list(pygame.display.get_window_size())

    # How to play, full screen, then a window 2600 x 420 (too flat for the table): laid out at
    # the minimum's height, shown scaled into the window; a click finds its button.
    app.open("help")
    run(app, 2)
    key(pygame.K_F11)  # back to a window
    run(app, 2)
    key(pygame.K_F11)  # full screen again
    run(app, 2)
    resize_behind((2600, 420))
    run(app, 2)
    seen["help_size"] = list(app.size)
    seen["help_window"] = list(pygame.display.get_window_size())
    help_scene = app.top
    pages = []
    for _ in range(12):
        pages.append(help_scene.page)
        key(pygame.K_RIGHT)
        run(app, 2)
    seen["help_pages_drawn"] = sorted(set(pages))
    while help_scene.page:
        key(pygame.K_LEFT)
        run(app)
    fitted = app.display.fitted
    seen["fitted"] = [fitted.x, fitted.y, fitted.w, fitted.h] if fitted else None
    nx, ny = help_scene.next.rect.center  # on the canvas; the player clicks the window
    w, h = app.size
    click((fitted.x + nx * fitted.w / w, fitted.y + ny * fitted.h / h))
    run(app, 2)
    seen["page_after_click"] = help_scene.page
    frame = app.display.window
    seen["window_frame_size"] = list(frame.get_size())
    seen["bars_black"] = frame.get_at((fitted.x // 2, 210))[:3] == (0, 0, 0) if fitted.x > 1 else None
    seen["frames"] = app.frames
    print(json.dumps(seen))
    pygame.quit()


if __name__ == "__main__":
    main()
