"""`scram --server --port 0` from the source tree, and four client processes that play a
game to `over`: every process exits 0 (the executable's run is in tests/test_build_exe.py)."""

from __future__ import annotations

import sys

from net_smoke import smoke


def test_the_server_command_and_four_client_processes_play_a_game(tmp_path):
    outputs = smoke([sys.executable, "-m", "game"], tmp_path)
    assert len(outputs) == 4
    assert (tmp_path / "server" / "tables.sqlite").is_file()
