"""A change of display mode or size repaints the whole window: full screen and back, a new
size, a new display. The frames after it go to the window whole (a window the X server maps a
few frames late shows no black), every screen on the stack is laid out and drawn afresh (the
table's kept backdrop too), and leaving full screen gives the window its size back."""

from __future__ import annotations

import pygame
from ui_support import key, run

from game.files.settings import Settings
from game.ui.kit.display import WHOLE_AFTER_MODE
from game.ui.kit.presenter import Presenter
from game.ui.kit.scene import Scene
from game.ui.routes import make_app


class Still(Scene):
    """A screen that draws the same picture every frame and counts its layouts."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.layouts: list[tuple[int, int]] = []

    def resize(self, size: tuple[int, int]) -> None:
        self.layouts.append(size)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((20, 90, 40))


def app_at(size=(1024, 640)):
    return make_app(size, Settings(muted=True), persist=False)


def test_a_still_frame_is_sent_whole_for_as_many_frames_as_a_reset_asks_then_not_at_all():
    app = app_at()
    screen = app.display.window
    screen.fill((20, 90, 40))
    presenter = Presenter(headless=False)
    presenter.present(screen)  # the first frame: whole
    assert presenter.present(screen) == []  # nothing changed: nothing sent
    presenter.reset(3)
    assert [presenter.present(screen) for _ in range(4)] == [None, None, None, []]


def test_full_screen_and_back_marks_the_whole_frame_dirty_and_lays_every_screen_out_again():
    app = app_at()
    still = Still(app)
    app.push(still)
    run(app, 40)  # any whole frames of the opening are spent
    assert app.display.presenter.whole == 0
    for _ in range(2):  # into full screen, then out of it
        key(pygame.K_F11)
        run(app, 1)
        assert app.display.presenter.whole == WHOLE_AFTER_MODE - 1  # this frame went whole, and more will
        assert still.layouts[-1] == app.size
        run(app, WHOLE_AFTER_MODE)
        assert app.display.presenter.whole == 0
    assert len(still.layouts) >= 2
    assert app.settings.fullscreen is False


def test_leaving_full_screen_gives_the_window_its_size_from_before():
    app = app_at((1100, 700))
    app.push(Still(app))
    key(pygame.K_F11)
    run(app, 3)
    key(pygame.K_F11)
    run(app, 3)
    assert app.display.window.get_size() == (1100, 700)
    assert app.size == (1100, 700)


def test_a_new_size_or_display_reported_by_the_system_sends_the_next_frames_whole():
    app = app_at()
    app.push(Still(app))
    run(app, 40)
    for kind in (pygame.WINDOWSIZECHANGED, pygame.WINDOWDISPLAYCHANGED):
        pygame.event.post(pygame.event.Event(kind, x=1024, y=640, display_index=0))
        run(app, 1)
        assert app.display.presenter.whole == WHOLE_AFTER_MODE - 1
        run(app, WHOLE_AFTER_MODE)


def test_the_table_draws_its_kept_backdrop_whole_after_a_change_of_mode():
    app = app_at()
    app.show("menu")
    app.open("new_game")
    key(pygame.K_RETURN)
    run(app, 30)
    table = app.top
    assert type(table).__name__ == "TableScene"
    assert table.backdrop._shown is not None  # kept from frame to frame: only changes blitted
    app.toggle_fullscreen()
    assert table.backdrop._shown is None  # forgotten: the next frame blits all of it
    redrawn = table.backdrop.redrawn
    run(app, 1)
    assert table.backdrop.redrawn == redrawn + 1 and table.backdrop.last_change is None  # all of it
