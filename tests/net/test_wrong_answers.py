"""What the server once answered wrongly, each now a rule of its own: text it could not send
back, a database it could not read or write, error texts that said the wrong thing, answers out
of order, a fast bot counted like a flood, and a headless client that gave up when the server
restarted. Each test sets up a table, does the one thing, and reads what every camper is told."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from net_support import greeted, play_recording, run, serving, table_of

from game.net.server import TableServer
from game.net.sqlite_store import SqliteStorage
from game.rules import Game
from game.seat.client import Client

SEED = 1  # a 4-camper game whose first turn is seat 0's (the host's)
assert Game(4, SEED).first_start == 0


def fixed_deal(campers: int):
    return SEED, None


async def started_pair(url: str):
    """A 4-camper game of two clients (seats 0 and 1, bots at 2 and 3), seat 0 to move."""
    (host, bob), _, code = await table_of(url, 4, 2, send_rate=None)
    await host.start()
    for c in (host, bob):
        assert (await c.wait_for("state"))["ver"] == 0
    return host, bob, code


async def error_of(client: Client) -> dict:
    """The next `error` the client is sent (other messages kept for later)."""
    return await client.wait_for("error")


# ---- text the server could not write back is refused where it is read ------------------
@pytest.mark.parametrize(
    "decision",
    [
        '{"do": "draw", "note": "\\ud800"}',  # a lone surrogate in a key nobody knows
        '{"do": "draw", "note": ' + "9" * 5000 + "}",  # more digits than Python reads
        '{"do": "draw", "note": 1e400}',  # a float that is infinite
        '{"do": "draw", "note": ' + "[" * 20 + "]" * 20 + "}",  # nested deeper than 16
    ],
    ids=["surrogate", "long-number", "infinite", "deep"],
)
def test_a_decision_the_server_could_not_send_back_is_refused_and_the_next_one_reaches_everyone(
    tmp_path, decision, caplog
):
    async def go():
        async with serving(tmp_path, deal=fixed_deal, rate=1000) as (_, url):
            host, bob, _ = await started_pair(url)
            await host.send_text('{"type": "act", "ver": 0, "decision": ' + decision + "}")
            refusal = await error_of(host)
            assert refusal["code"] == "bad-message"
            await host.act(0, {"do": "draw"})  # still ver 0: nothing was applied
            for c in (host, bob):
                move = await c.wait_for("move")
                assert move["ver"] == 1 and move["decision"] == {"do": "draw"}

    caplog.set_level(logging.INFO)
    run(go())
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_an_act_whose_id_is_a_lone_surrogate_is_answered_without_it(tmp_path, caplog):
    async def go():
        async with serving(tmp_path, deal=fixed_deal, rate=1000) as (_, url):
            host, _, _ = await started_pair(url)
            await host.send_text('{"type": "act", "id": "\\udc00", "ver": 0, "decision": {"do": "discard"}}')
            refusal = await error_of(host)
            assert refusal["code"] == "bad-message" and "surrogate" in refusal["message"]
            assert "id" not in refusal

    caplog.set_level(logging.INFO)
    run(go())
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


# ---- a database that cannot be read or written (a damaged table: tests/net/test_table.py)
ROOT = Path(__file__).resolve().parents[2]


def serve_command(data: Path) -> subprocess.CompletedProcess:
    """`scram --server --port 0 --data DATA`, expected to stop at once (its output)."""
    command = [sys.executable, "-m", "game", "--server", "--port", "0", "--data", str(data)]
    if os.name == "posix" and os.geteuid() == 0:
        # root writes any file whatever its mode: drop the capabilities that let it, so the
        # server meets the file as its operator's user would
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root and util-linux's setpriv is missing: cannot drop root's file rights")
        command = [setpriv, "--bounding-set=-dac_override,-dac_read_search", *command]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)


def one_line_refusal(run: subprocess.CompletedProcess, *words: str) -> None:
    assert run.returncode == 1 and run.stdout == "", run.stdout + run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("scram: "), run.stderr
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")
def test_a_read_only_database_is_refused_at_the_start_in_one_line(tmp_path):
    import sqlite3

    sqlite3.connect(tmp_path / "tables.sqlite").close()
    (tmp_path / "tables.sqlite").chmod(0o444)
    one_line_refusal(serve_command(tmp_path), "tables.sqlite cannot be used", "readonly")


def test_data_that_is_a_file_says_so(tmp_path):
    (tmp_path / "plain").write_text("not a folder")
    one_line_refusal(serve_command(tmp_path / "plain"), "is a file, not a folder")


# ---- error texts and the order of answers -------------------------------------------------
def test_sitting_at_a_seat_the_table_has_not_says_which_seats_it_has(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            host = await greeted(url, "Host")
            await host.create(4, 0, ["greenhorn"] * 4, "instant")
            await host.sit(9)
            refusal = await error_of(host)
            assert refusal["code"] == "bad-message"
            assert refusal["message"] == "seat must be 0 to 3 at this 4-camper table"

    run(go())


def test_answers_come_in_the_order_of_the_messages(tmp_path):
    """`create` then at once `sit 9` (refused) and a second `create` (refused here, not by
    the table): the sit's and the create's errors come after `joined` and `table`."""

    async def go():
        async with serving(tmp_path) as (_, url):
            c = await greeted(url, "Host", send_rate=None)
            await c.send({"type": "create", "campers": 4, "id": 1})
            await c.send({"type": "sit", "seat": 9, "id": 2})
            await c.send({"type": "create", "campers": 3, "id": 3})
            await c.send({"type": "sit", "seat": "x", "id": 4})
            got = [await c.recv(10) for _ in range(5)]
            assert [(m["type"], m.get("id")) for m in got] == [
                ("joined", None),
                ("table", None),
                ("error", 2),
                ("error", 3),
                ("error", 4),
            ]

    run(go())


def test_acting_after_the_game_ended_says_so(tmp_path):
    async def go():
        async with serving(tmp_path, deal=fixed_deal) as (_, url):
            (host,), seats, _ = await table_of(url, 4, 1, send_rate=None)
            await host.start()
            await play_recording(host, seats[0], "hasty")
            await host.act(0, {"do": "draw"})
            refusal = await error_of(host)
            assert refusal["code"] == "not-your-turn"
            assert refusal["message"] == "the game is over: the host may start another"

    run(go(), timeout=90)


def test_json_nested_too_deep_says_so_rather_than_not_json(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            c = await greeted(url)
            await c.send_text("[" * 1000 + "]" * 1000)
            refusal = await error_of(c)
            assert refusal["code"] == "bad-message" and "deeper than 16 levels" in refusal["message"]

    run(go())


def test_a_code_typed_with_dashes_finds_its_table_and_a_non_code_is_no_guess(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            host = await greeted(url, "Host")
            code = (await host.create(4, 0, ["greenhorn"] * 4, "instant"))["code"]
            guest = await greeted(url, "Guest", send_rate=None)
            for _ in range(12):  # more than the 10 wrong codes a minute an address may try
                await guest.send({"type": "join", "code": "b25-we"})
                refusal = await error_of(guest)
                assert refusal["code"] == "no-table" and "is not a table code" in refusal["message"]
            joined = await guest.join(f" {code[:3].lower()}-{code[3:].lower()} ")
            assert joined["code"] == code

    run(go())


def test_the_rate_error_carries_the_id_of_the_message_that_went_over(tmp_path):
    async def go():
        async with serving(tmp_path) as (_, url):
            c = await greeted(url, "Flood", send_rate=None)
            for n in range(40):
                await c.send({"type": "teleport", "id": f"m{n}"})
            refusal = await error_of(c)
            assert refusal["code"] == "rate" and refusal["id"] == "m19"  # hello was the 1st
            assert (await c.wait_closed()).code == 1008

    run(go())


# ---- a decision the server asked for is not counted like spam -------------------------------
def test_a_bot_that_answers_at_once_plays_a_whole_instant_game_at_the_default_rate(tmp_path):
    """One unpaced client and three instant server bots: the client acts far more than 20
    times in some second, and is never cut."""

    async def go():
        async with serving(tmp_path) as (_, url):  # the default: 20 messages a second
            (host,), seats, _ = await table_of(url, 4, 1, send_rate=None)
            loop, acts = asyncio.get_running_loop(), []

            async def timed() -> None:
                acts.append(loop.time())

            await host.start()
            record, messages = await play_recording(host, seats[0], "random", before_act=timed)
            assert not [m for m in messages if m["type"] == "error"]
            busiest = max(sum(1 for t in acts if s <= t < s + 1.0) for s in acts)
            return busiest, record

    busiest, record = run(go(), timeout=90)
    assert busiest > 20, f"only {busiest} acts in a second: the test proves nothing on this machine"
    assert record["actions"]


def test_pings_count_like_messages(tmp_path):
    """A ping is a frame like any other, so pings cannot flood the server where messages
    may not: 40 in a burst go over the 20 a second (only a decision the server asked for is
    not counted, above)."""

    async def go():
        async with serving(tmp_path) as (_, url):
            c = await greeted(url, "Pinger", send_rate=None)
            for _ in range(40):
                try:
                    await c.ws.ping()
                except Exception:  # noqa: BLE001 - closed meanwhile
                    break
            refusal = await error_of(c)
            assert refusal["code"] == "rate"
            closed = await c.wait_closed()
            assert (closed.code, closed.reason) == (1008, "too many messages")

    run(go())


# ---- the headless client resumes after a server restart, as the desktop does ----------------
class Counting(SqliteStorage):
    """SQLite storage that says when the game has stored `at` decisions."""

    def __init__(self, path: Path, at: int) -> None:
        super().__init__(path, synchronous="NORMAL")
        self.count, self.at, self.reached = 0, at, asyncio.Event()

    async def add_decision(self, *args) -> None:
        await super().add_decision(*args)
        self.count += 1
        if self.count >= self.at:
            self.reached.set()


@pytest.mark.slow
def test_the_headless_client_resumes_after_the_server_restarts_and_finishes_the_game(tmp_path):
    async def go():
        storage = Counting(tmp_path / "tables.sqlite", at=12)
        first = TableServer(storage, version="test")
        port = await first.start("127.0.0.1", 0)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        player = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "game.seat.play", f"ws://127.0.0.1:{port}/", "--create", "4",
            "--bot-level", "greenhorn", "--retry-for", "60",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=ROOT, env=env,
        )  # fmt: skip
        code = (await player.stdout.readline()).decode().split()[-1]
        await storage.reached.wait()  # the game is under way: the server stops (1001) ...
        await first.stop()
        second = TableServer(SqliteStorage(tmp_path / "tables.sqlite", synchronous="NORMAL"), version="test")
        await second.start("127.0.0.1", port)  # ... and starts again on its port
        try:
            out, err = await player.communicate()
            records = await second.storage.records(code)
        finally:
            await second.stop()
        return player.returncode, out.decode(), err.decode(), records

    status, out, err, records = run(go(), timeout=120)
    assert status == 0, err
    assert out.splitlines()[-1].startswith("over winner "), out
    assert "trying again with the seat's token" in err and "back at the table" in err, err
    assert len(records) == 1 and len(records[0]["actions"]) > 12  # the one game, finished
