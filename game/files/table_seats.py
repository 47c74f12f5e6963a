"""The seats this player holds at networked tables, kept so that a game that crashed or was
quit can take its seat again (Play with friends offers "Return to table CODE").

Kept as `table-seats.json` in the data folder, read through the one reader and written by
the one atomic writer (`disk.py`): a damaged file is set aside and said in one line, as for
every user file. Each seat is where its server is (`url`, `ws://HOST:PORT/` or `wss://…`), the table's
code, the token that resumes the seat (NETWORK.md: a secret; it resumes this seat and
nothing else), the seat's number, and whether this game hosted the table (`port`: the port
its own table server listened on, to listen there again). At most `MAX_SEATS` are kept,
the newest; each field has a type, a size and a range.
"""

from __future__ import annotations

import re
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from game.lang import N_, _

from .disk import REFUSED, BadContent, data_dir, load_json, read_user_json, whole, write_or_note

FORMAT = "scram-seats/1"
KIND = N_("the tables you sit at")
MAX_SEATS = 8
_URL = re.compile(r"wss?://(\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9.-]{1,253}):(\d{1,5})/")
_CODE = re.compile(r"[A-Z0-9]{1,12}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")


@dataclass(frozen=True)
class TableSeat:
    url: str
    code: str
    token: str
    seat: int
    port: int | None = None  # this game hosted the table: its server's port
    saved: int = 0  # when it was kept (seconds since 1970), the newest first


def seats_path() -> Path:
    return data_dir() / "table-seats.json"


def _seat(raw: object) -> TableSeat:
    if not isinstance(raw, dict):
        raise BadContent("a seat is not an object")
    url, code, token = raw.get("url"), raw.get("code"), raw.get("token")
    if not isinstance(url, str) or not _URL.fullmatch(url) or not 1 <= int(_URL.fullmatch(url)[2]) <= 65535:
        raise BadContent("a seat's url is not ws://HOST:PORT/ or wss://HOST:PORT/")
    if not isinstance(code, str) or not _CODE.fullmatch(code):
        raise BadContent("a seat's code is not a table code")
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise BadContent("a seat's token is not a token")
    port = raw.get("port")
    return TableSeat(
        url,
        code,
        token,
        whole(raw.get("seat"), 0, 5, "a seat's number"),
        None if port is None else whole(port, 1, 65535, "a hosted table's port"),
        whole(raw.get("saved", 0), 0, 10**11, "when a seat was kept"),
    )


def _from_json(data: object) -> list[TableSeat]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadContent(f"not a {FORMAT} file")
    rows = data.get("seats")
    if not isinstance(rows, list) or len(rows) > MAX_SEATS:
        raise BadContent(f"seats is not a list of at most {MAX_SEATS}")
    return [_seat(row) for row in rows]


def table_seats(path: Path | None = None) -> tuple[list[TableSeat], str | None]:
    """The seats kept, newest first, and a note for the player if the file was set aside."""
    seats, note = read_user_json(path or seats_path(), _(KIND), _from_json)
    return sorted(seats or [], key=lambda s: -s.saved), note


def waiting_seats(path: Path | None = None) -> list[TableSeat]:
    """The seats kept, newest first, for a glance (the menu's "your seat is waiting"): read
    without setting a damaged file aside ([] then), so that Play with friends, which reads
    it for real, sets it aside and says so on its own screen."""
    try:
        return sorted(_from_json(load_json(path or seats_path())), key=lambda s: -s.saved)
    except (OSError, *REFUSED):
        return []


def _write(seats: list[TableSeat], path: Path | None) -> str | None:
    data = {"format": FORMAT, "seats": [asdict(s) for s in seats[:MAX_SEATS]]}
    return write_or_note(path or seats_path(), data, _(KIND))


def keep_seat(seat: TableSeat, path: Path | None = None) -> str | None:
    """Keep `seat` (replacing the one kept for its table); a note if something went wrong."""
    seats, note = table_seats(path)
    same = (seat.url, seat.code, seat.token, seat.seat, seat.port)
    if any((s.url, s.code, s.token, s.seat, s.port) == same for s in seats):
        return note  # kept already, as it is
    fresh = TableSeat(seat.url, seat.code, seat.token, seat.seat, seat.port, int(time.time()))
    others = [s for s in seats if (s.url, s.code) != (seat.url, seat.code) and s.token != seat.token]
    return _write([fresh, *others], path) or note


def forget_seat(url: str, code: str, path: Path | None = None) -> str | None:
    """Forget the seat kept at table `code` of `url` (if any); a note if something went wrong."""
    seats, note = table_seats(path)
    rest = [s for s in seats if (s.url, s.code) != (url, code)]
    if len(rest) == len(seats):
        return note
    return _write(rest, path) or note
