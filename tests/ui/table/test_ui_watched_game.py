"""Watched games at normal speed, all bots, through the real scenes, headless: the cards on
screen end every animation where the core says they are, reduced motion ends each one too, and
an instant game still shows its rounds' banners and its result."""

from __future__ import annotations

import pytest
from ui_support import (
    DT,
    mismatches,
)

from game.files.settings import Settings
from game.rules import OVER, ROUND_OVER


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def watch_checked(campers: int, seed: int, reduced_motion: bool = False) -> tuple[int, list]:
    """Watch a whole all-bots game at normal speed; compare the sprites with the core each
    time the timeline runs dry (before `sync` would quietly correct them)."""
    from game.seat.bots import bot_levels
    from game.seat.start import start_game
    from game.ui.routes import make_app
    from game.ui.scenes.game_over import GameOverScene

    settings = Settings(speed="normal", bot_pace="instant", muted=True, reduced_motion=reduced_motion)
    app = make_app((1280, 720), settings, persist=False)
    start_game(app, campers, None, None, [bot_levels()[0]] * campers, seed, auto=True)
    table = app.top
    problems: list = []
    settles = 0
    real_sync, real_draw = table.board.place_all, app.draw

    def checked_sync(view, reveal: bool = False) -> None:
        nonlocal settles
        settles += 1
        if table.game.phase not in (ROUND_OVER, OVER):  # the round end turns the cards itself
            bad = mismatches(table)
            if any(sp.drawing.calm != reduced_motion for sp in table.board.all_cards()):
                bad = [*bad, "a card drawn with the other reduced-motion setting"]
            if bad:
                problems.append((len(table.game.actions), bad))
        real_sync(view, reveal)

    frames = 0

    def some_draws() -> None:
        # Drawing is most of a frame's cost and changes no sprite: draw one frame in 16
        # (still hundreds mid-animation) so three whole games stay quick.
        if frames % 16 == 0:
            real_draw()

    table.board.place_all, app.draw = checked_sync, some_draws
    while not isinstance(app.top, GameOverScene):
        app.step(1 / 30)
        frames += 1
        assert frames < 60_000, "the watched game did not end"
    return settles, problems


@pytest.mark.slow
@pytest.mark.parametrize(("campers", "seed"), [(3, 31), (4, 41), (6, 61)])
def test_watched_game_cards_match_the_state_after_every_animation(home, campers, seed):
    settles, problems = watch_checked(campers, seed)
    assert settles > 100
    assert not problems, problems[:3]


@pytest.mark.slow
def test_reduced_motion_game_ends_every_animation_true(home):
    settles, problems = watch_checked(4, 43, reduced_motion=True)
    assert settles > 100
    assert not problems, problems[:3]  # every card drawn calm, as the setting says


@pytest.mark.slow
def test_a_watched_game_at_instant_speed_shows_its_rounds_banners_and_result(home, monkeypatch):
    """At instant speed and pace, the watched game still shows each round: the sidebar never reads "Round 0"
    (not even on the first frame of the next game), the SCRAM! banner stands only while the
    table shows that round's Scram, and the game-over screen is drawn for two seconds before
    the next game begins."""
    from game.seat.start import start_game
    from game.ui.routes import make_app
    from game.ui.scenes.game_over import GameOverScene
    from game.ui.table.sidebar import Sidebar

    rounds_drawn: list[int] = []
    real_render = Sidebar.render

    def render(self, surface, bottom):
        rounds_drawn.append(self.round)
        return real_render(self, surface, bottom)

    monkeypatch.setattr(Sidebar, "render", render)
    app = make_app((1024, 640), Settings(speed="instant", bot_pace="instant", muted=True), persist=False)
    start_game(app, 4, None, None, ["greenhorn"] * 4, 3, auto=True)
    first = app.top
    over_frames = banner_frames = 0
    for _ in range(60 * 120):
        app.step(DT)
        if isinstance(app.top, GameOverScene):
            over_frames += 1
        elif app.top is not first and first not in app.stack:
            break  # the next game has begun (and its first frame is drawn)
        elif app.top is first and first.messages.banner_t > 0 and first.messages.banner == "SCRAM!":
            banner_frames += 1
            assert first.board.scram_seat is not None and first.sidebar.scram is not None
    assert type(app.top).__name__ == "TableScene" and app.top is not first, "the next game never began"
    assert over_frames >= 2 * 60 - 2  # two seconds of the result (every step draws a frame)
    assert banner_frames >= 30 and 0 not in rounds_drawn
    app.top.close()
