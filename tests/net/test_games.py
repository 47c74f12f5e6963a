"""Whole networked games at 3, 4 and 6 campers: a server, headless clients and the server's
bots. After every `move` each client's `view` is exactly `game.replay --as SEAT` of the
record so far, the `over` record replays to the same end, and nobody is told a decision
before it is stored."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest
from net_support import play_recording, run, serving, table_of

from game.rules import decision_from_json, parse_record, replay, state_dict

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def check_views(record: dict, seat: int, messages: list) -> int:
    """Every state/move view equals the replay of the record so far as `seat`
    (`replay(record, stop=ver)`, what `python -m game.replay` prints); how many."""
    parsed = parse_record(record)
    views = [m for m in messages if m["type"] in ("state", "move")]
    assert [m["ver"] for m in views] == sorted(m["ver"] for m in views)
    game, done = parsed.new_game(), 0  # the replay, carried forward decision by decision
    for m in views:
        while done < m["ver"]:
            game.play(decision_from_json(parsed.actions[done], game.holding()))
            done += 1
        assert m["view"] == state_dict(game, seat), f"ver {m['ver']}"
    assert views[0]["view"] == state_dict(replay(parsed, stop=views[0]["ver"]), seat)
    assert views[-1]["view"] == state_dict(replay(parsed, stop=views[-1]["ver"]), seat)
    return len(views)


async def whole_game(folder, campers: int, humans: int, levels: list[str]) -> tuple[dict, list]:
    async with serving(folder) as (server, url):
        clients, seats, code = await table_of(url, campers, humans, ["greenhorn"] * campers)
        await clients[0].start()
        results = await asyncio.gather(
            *(
                play_recording(c, s, lv, n)
                for n, (c, s, lv) in enumerate(zip(clients, seats, levels, strict=True))
            )
        )
        stored = await server.storage.records(code)
        for c in clients:
            await c.close()
    return results, seats, stored


@pytest.mark.parametrize(
    "campers, humans, levels",
    [
        (4, 2, ["random", "scout"]),
        # a whole game is seconds: the fast loop keeps the 4-camper one
        pytest.param(3, 2, ["random", "greenhorn"], marks=pytest.mark.slow),
        pytest.param(6, 3, ["random", "scout", "random"], marks=pytest.mark.slow),
    ],
)
def test_a_whole_game_every_view_is_the_replay_of_the_record(tmp_path, campers, humans, levels):
    results, seats, stored = run(whole_game(tmp_path, campers, humans, levels), timeout=120)
    records = [r for r, _ in results]
    assert all(r == records[0] for r in records)  # everyone got the same record
    record = records[0]
    assert stored == [record]  # kept as the table's finished game
    for (_, messages), seat in zip(results, seats, strict=True):
        assert check_views(record, seat, messages) > 10
        final = [m for m in messages if m["type"] == "move"][-1]
        assert final["view"] == state_dict(replay(parse_record(record)), seat)
        assert final["view"]["phase"] == "over"
    assert record["players"][:humans] == ["Host"] + [f"Camper {n}" for n in range(1, humans)]
    assert len(record["decks"]) == state_dict(replay(parse_record(record)))["rounds"]


@pytest.mark.slow
def test_the_over_record_replays_through_the_command_to_the_last_view(tmp_path):
    results, seats, _ = run(whole_game(tmp_path, 4, 2, ["random", "random"]), timeout=120)
    record, messages = results[1]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "game.replay", str(path), "--as", str(seats[1])],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    last = [m for m in messages if m["type"] == "move"][-1]
    assert json.loads(done.stdout) == last["view"]
