"""The network table's rough edges that need no server: the key
that opens a screen types nothing there, the menu says a seat waits, Play with friends says
what it read and asks for a name before one is sent, bots keep their names, one caret at a
time, a field's text stays in its box, a ring round a raised card leaves its owner's name
readable, and a long title fits the review."""

from __future__ import annotations

import pygame
import pytest
from ui.support.net_table import DT
from ui_support import click, key, run_until

from game.files.disk import data_dir
from game.files.settings import Settings
from game.files.table_seats import TableSeat, keep_seat, seats_path
from game.net import protocol
from game.seat.remote_session import SeatInfo, seat_names
from game.ui.routes import make_app
from game.ui.table.connect import chosen_name, player_name


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def _app(size=(1280, 720), persist: bool = True, **settings):
    app = make_app(size, Settings(muted=True, speed="instant", **settings), persist=persist)
    pygame.event.clear()  # nothing an earlier test left queued (a QUIT would end the first step)
    return app


def typed(k: int, text: str) -> None:
    """A key as SDL sends it: KEYDOWN, its TEXTINPUT, KEYUP."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))


def test_the_key_that_opens_a_screen_types_nothing_into_its_field(home):
    app = _app(player_name="Cal")
    app.show("menu")
    typed(pygame.K_f, "f")
    app.step(DT)
    friends = app.top
    assert type(friends).__name__ == "FriendsScene" and friends.address.focused
    assert friends.address.value == "" and friends.name.value == "Cal"
    typed(pygame.K_w, "w")  # the next key is typed, as ever
    app.step(DT)
    assert friends.address.value == "w"


def test_the_menu_says_a_seat_waits_and_friends_tells_of_a_damaged_seats_file(home):
    keep_seat(TableSeat("ws://192.168.1.20:8765/", "BZ7T9M", "t" * 32, 1))
    app = _app()
    menu = app.show("menu")
    app.step(DT)
    assert menu.waiting_line() == (
        "Your seat at table BZ7T9M is waiting: Play with friends (F), then Return (R)."
    )
    seats_path().write_text("{not json")
    menu.on_top()
    assert menu.waiting_line() == "" and seats_path().exists()  # a glance sets nothing aside
    friends = app.open("friends")  # the screen that reads the file tells of it, itself
    assert friends.notes and "could not be used: damaged" in friends.notes[0]
    assert app.messages == [] and not seats_path().exists()
    assert any(p.name.startswith("table-seats.json.corrupt-") for p in data_dir().iterdir())


def test_a_name_is_asked_for_before_anything_is_sent_never_you(home):
    app = _app(player_name="You")  # the settings' default: the local table's word for the player
    assert player_name(app) == "Camper" and chosen_name(" you ") == "" and chosen_name("Bea") == "Bea"
    friends = app.show("friends")
    assert friends.name.value == "" and friends.name.focused and not friends.address.focused
    friends.address.value = "scram://192.168.1.20:8765/BZ7T9M"
    friends.join()
    assert friends.name_missing and app.top is friends  # nothing sent: asked first
    friends.host()
    assert app.top is friends
    friends.name.value = "Dot"
    friends.host()
    assert type(app.top).__name__ == "HostTableScene" and app.settings.player_name == "Dot"


def test_one_field_has_the_caret_and_a_long_text_stays_in_its_box(home):
    app = _app(player_name="W" * 16)
    friends = app.show("friends")
    app.step(DT)
    click(friends.name.rect.center)
    app.step(DT)
    assert [f.focused for f in friends.fields()] == [True, False, False]
    click(friends.code.rect.center)
    app.step(DT)
    assert [f.focused for f in friends.fields()] == [False, False, True]
    surface = pygame.Surface(app.size)
    for focused in (True, False):
        surface.fill((255, 0, 255))
        friends.name.focused = focused
        friends.name.draw(surface)
        ink = pygame.mask.from_threshold(surface, (255, 0, 255), (1, 1, 1, 255))
        ink.invert()
        drawn = ink.get_bounding_rects()
        assert drawn and friends.name.rect.contains(drawn[0].unionall(drawn))


def _seats(*kinds: tuple) -> list[SeatInfo]:
    return [SeatInfo(protocol.seat_entry(name, kind, "ranger", kind != "open", None)) for kind, name in kinds]


def test_bots_keep_their_names_when_campers_come_and_go():
    lobby = _seats(("human", "Ada"), ("open", None), ("open", None), ("open", None))
    assert seat_names(lobby, 0) == ["Ada", "Bea", "Cal", "Dot"]
    joined = _seats(("human", "Ada"), ("human", "Zed"), ("open", None), ("open", None))
    assert seat_names(joined, 0)[2:] == ["Cal", "Dot"]  # seat 3 stays Cal
    left = _seats(("human", "Ada"), ("bot", "Zed"), ("bot", None), ("bot", None))  # Zed left mid-game
    assert seat_names(left, 0) == ["Ada", "Zed", "Cal", "Dot"]
    cal = _seats(("human", "Ada"), ("open", None), ("human", "Cal"), ("open", None))
    names = seat_names(cal, 0)
    assert names[2] == "Cal" and names[1] == "Bea" and len(set(names)) == 4
    you = _seats(("human", "Ada"), ("human", "you"), ("bot", None))
    assert seat_names(you, 0)[1] == "“you”"  # another camper's "You" is never the player's


def test_a_ring_round_a_raised_card_leaves_the_owners_name_readable(home):
    """The player's name ("Bea (you)") is never clipped by the focused card: at 1024×640 the focus ring
    round a chosen card of the player's row stops at the row's name line."""
    from decks import stacked_game

    from game.ui.scenes.table import TableScene

    app = _app((1024, 640), persist=False)
    table = TableScene(
        app, stacked_game(4, start=0), ["Bea", "Cal", "Dot", "Eli"], [None, *["greenhorn"] * 3], 0
    )
    app.push(table)
    run_until(app, table.my_turn)
    for k in (pygame.K_d, pygame.K_k, pygame.K_RIGHT, pygame.K_SPACE):  # draw, keep, ring, choose
        key(k)
        app.step(DT)
        run_until(app, lambda: table.my_turn() and table.turn.mode is not None)
    for _ in range(30):  # the chosen card raised
        app.step(DT)
    assert table.focus.keyboard and table.targets.current() == (0, 0) and table.turn.sel == [(0, 0)]
    name = next(r for t, r in table.board.text_boxes() if t == "seat 0: Bea (you)")
    app.render()
    ringed = app.screen.subsurface(name).copy()
    table.focus.keyboard = False
    app.render()
    assert pygame.image.tobytes(ringed, "RGB") == pygame.image.tobytes(app.screen.subsurface(name), "RGB")
    table.close()


def test_a_long_title_fits_the_review(home, monkeypatch):
    from decks import record

    from game.rules import parse_record
    from game.ui import skin
    from game.ui.kit.widgets import px

    app = _app((1024, 640), persist=False)
    title = "2026-11-23 10:40 · 6 campers · trailblazer bots · won 311–258 · " * 2
    review = app.open("review", parse_record(record(4, [{"do": "draw"}])), title=title)
    widths = {}
    real = skin.text

    def text(message, kind, size, color):
        img = real(message, kind, size, color)
        widths[message] = img.get_width()
        return img

    monkeypatch.setattr(skin, "text", text)
    review.draw(app.screen)
    shown = next(t for t in widths if t.startswith("2026-11-23"))
    side_x = 1024 - max(px(300), int(1024 * 0.3)) - px(12)  # where the review's side panel begins
    assert shown.endswith("…") and px(16) + widths[shown] <= side_x
