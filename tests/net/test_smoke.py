"""`scram --server --port 0` from the source tree, and four client processes that play a
game to `over`: every process exits 0 (the executable's run is in tests/test_build_exe.py)."""

from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from net_smoke import POSIX, ROOT, smoke

pytestmark = pytest.mark.skipif(not POSIX, reason="stopping the server takes a POSIX signal")


@pytest.mark.slow
def test_the_server_command_and_four_client_processes_play_a_game(tmp_path):
    outputs = smoke([sys.executable, "-m", "game"], tmp_path)
    assert len(outputs) == 4
    assert (tmp_path / "server" / "tables.sqlite").is_file()


def start(tmp_path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCRAM_HOME": str(tmp_path / "home")}
    return subprocess.Popen(
        [sys.executable, "-m", "game", "--server", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env,
    )  # fmt: skip


@pytest.mark.slow
def test_ctrl_c_stops_the_server_cleanly_and_its_data_folder_defaults_to_the_users(tmp_path):
    server = start(tmp_path, "--port", "0")
    line = server.stdout.readline()
    assert line.startswith("listening on ws://127.0.0.1:"), line
    server.send_signal(signal.SIGINT)
    out, err = server.communicate(timeout=30)
    assert server.returncode == 0 and err == "" and out == ""
    assert (tmp_path / "home" / "data" / "server" / "tables.sqlite").is_file()


def test_a_port_in_use_is_one_line_and_exit_1(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        server = start(tmp_path, "--port", str(taken.getsockname()[1]), "--data", str(tmp_path))
        out, err = server.communicate(timeout=30)
    assert server.returncode == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("scram: cannot listen on 127.0.0.1:")


@pytest.mark.parametrize(
    "args, words",
    [
        (["--port", "70000"], "port number"),
        (["--watch"], "--server runs no game window"),
        (["--grace", "-1"], "seconds"),
        (["--bot-workers", "0"], "processes"),
        (["--bot-workers", "65"], "processes"),
        (["--bot-workers", "two"], "processes"),
        (["--new-connections", "0"], "a second"),
        (["--new-connections", "100001"], "a second"),
        (["--new-connections", "many"], "a second"),
    ],
)
def test_a_wrong_server_option_is_a_usage_error(tmp_path, args, words):
    server = start(tmp_path, *args)
    out, err = server.communicate(timeout=30)
    assert server.returncode == 2 and words in err and "Traceback" not in err


def _answer(k: socket.socket) -> bytes:
    """What the server answers on `k` (b"" when it cut the connection unread), and close it."""
    with k:
        try:
            return k.recv(64)
        except ConnectionResetError:
            return b""


def test_new_connections_a_second_in_all_are_the_servers_to_set(tmp_path):
    server = start(tmp_path, "--port", "0", "--new-connections", "2", "--data", str(tmp_path / "server"))
    try:
        line = server.stdout.readline()
        assert line.startswith("listening on ws://127.0.0.1:"), line + server.stderr.read()
        port = int(line.rsplit(":", 1)[1].strip().strip("/"))
        # One address, three connections at once: two within the rate, the third no newcomer.
        knocks = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(3)]
        for k in knocks:
            k.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        said = [_answer(k) for k in knocks]
        assert said[0].startswith(b"HTTP/1.1") and said[1].startswith(b"HTTP/1.1") and said[2] == b"", said
    finally:
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=30)
    assert server.returncode == 0 and "more than 2 new connections in 1 s" in err, err


def test_server_options_need_server(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCRAM_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "game", "--port", "9"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=30,
    )
    assert done.returncode == 2 and "--port only applies to --server" in done.stderr


def _children(pid: int) -> dict[int, str]:
    """A process's children: pid -> command line (Linux's /proc)."""
    kids = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            kids[int(child)] = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    return kids


def _ends(pid: int, timeout: float = 10.0) -> bool:
    """Whether process `pid` ends (or has ended) within `timeout` seconds: waits on its pidfd."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([fd], [], [], timeout)[0])
    finally:
        os.close(fd)


@pytest.mark.slow  # worker processes start and stop: seconds
@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="reads /proc and waits on pidfds (Linux)")
def test_the_servers_bots_think_in_its_worker_processes_which_end_with_it(tmp_path):
    server = start(tmp_path, "--port", "0", "--bot-workers", "1", "--data", str(tmp_path / "server"))
    try:
        line = server.stdout.readline()
        assert line.startswith("listening on ws://127.0.0.1:"), line + server.stderr.read()
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SCRAM_HOME": str(tmp_path / "home")}
        play = [sys.executable, "-m", "game.seat.play", line.split()[-1], "--create", "4"]
        done = subprocess.run(
            [*play, "--level", "greenhorn", "--bot-level", "ranger"],
            capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0 and done.stdout.splitlines()[-1].startswith("over winner "), done.stderr
        kids = _children(server.pid)
        workers = [pid for pid, command in kids.items() if "spawn_main" in command]
        assert len(workers) == 1, kids  # --bot-workers 1: the bots thought in one process
        server.send_signal(signal.SIGUSR1)  # the status line says where the bots think
        server.send_signal(signal.SIGTERM)
        out, err = server.communicate(timeout=30)
        assert server.returncode == 0 and "Traceback" not in err, err
        assert "; bots in a worker process" in err, err
        assert "connections (0 cut unread since the last status line)" in err, err
        # the worker (and multiprocessing's helper) end with the server: none is left orphaned
        assert all(_ends(pid) for pid in kids), kids
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
