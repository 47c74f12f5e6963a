"""The seats kept for returning to networked tables (game/files/table_seats.py): kept and
forgotten by table, the newest first and at most MAX_SEATS, and a damaged or wrong-shaped
file set aside with one line said, like every user file."""

from __future__ import annotations

import json

import pytest

from game.files.table_seats import MAX_SEATS, TableSeat, forget_seat, keep_seat, table_seats

URL = "ws://192.168.1.20:8765/"
TOKEN = "AbC-_0123456789xyzABCDEFGHIJKLMN"


@pytest.fixture
def path(tmp_path):
    return tmp_path / "table-seats.json"


def test_a_seat_is_kept_until_forgotten(path):
    assert table_seats(path) == ([], None)
    assert keep_seat(TableSeat(URL, "ABC234", TOKEN, 2), path) is None
    (seat,), note = table_seats(path)
    assert note is None and (seat.url, seat.code, seat.token, seat.seat, seat.port) == (
        URL,
        "ABC234",
        TOKEN,
        2,
        None,
    )
    assert forget_seat(URL, "ABC234", path) is None
    assert table_seats(path) == ([], None)


def test_a_seat_at_a_table_behind_tls_is_kept_with_its_wss_address(path):
    secure = "wss://scram.example.org:443/"
    assert keep_seat(TableSeat(secure, "ABC234", TOKEN, 1), path) is None
    (seat,), note = table_seats(path)
    assert note is None and seat.url == secure


def test_one_seat_a_table_the_newest_first_and_a_bounded_number(path):
    for n in range(MAX_SEATS + 3):
        keep_seat(TableSeat(URL, f"ABC{n:03d}", TOKEN[:-3] + f"{n:03d}", 0), path)
    keep_seat(TableSeat(URL, "ABC002", TOKEN, 1), path)  # the same table: its seat replaced
    seats, _ = table_seats(path)
    assert len(seats) == MAX_SEATS and [s.code for s in seats].count("ABC002") == 1
    assert seats[0].code == "ABC002" and seats[0].seat == 1


def _file(**change) -> bytes:
    seat = {"url": "ws://x:8765/", "code": "ABC234", "token": TOKEN, "seat": 0} | change
    return json.dumps({"format": "scram-seats/1", "seats": [seat]}).encode()


@pytest.mark.parametrize(
    "content",
    [
        b"\xff not json",
        b'{"format": "scram-seats/1", "seats": {}}',
        _file(url="http://x/"),
        _file(token="short"),
        _file(url="ws://x:70000/"),
        _file(seat=9),
        _file(code="lowercase"),
        json.dumps({"format": "scram-seats/1", "seats": [None] * (MAX_SEATS + 1)}).encode(),
    ],
    ids=["not-json", "not-a-list", "not-ws", "short-token", "port", "seat", "code", "too-many"],
)
def test_a_damaged_file_is_set_aside_and_said_in_one_line(path, content):
    path.write_bytes(content)
    seats, note = table_seats(path)
    assert seats == [] and note is not None and "\n" not in note
    assert not path.exists() and list(path.parent.glob("table-seats.json.*"))  # kept aside
