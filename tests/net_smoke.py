"""The smoke test of network play as processes: a table server started as a command
(`scram --server --port 0`, from the source tree or the executable) and four headless
client processes (`python -m game.seat.play`) that play a 4-camper game to `over`; every
process exits 0, the server on SIGTERM too. Used by tests/net/test_smoke.py and
tests/test_build_exe.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 120
# The server stops on SIGTERM or Ctrl-C; Windows has no SIGTERM to send a process (its
# console sends Ctrl+C events), so these process tests are POSIX-only.
POSIX = sys.platform != "win32"


def smoke(server: list[str], data: Path, python: str = sys.executable, env: dict | None = None) -> list[str]:
    """Run the game; the four clients' outputs (each ends with `over winner ...`). The
    clients run `python -m game.seat.play` (from the source tree unless `env` says where)."""
    env = {**(env or {**os.environ, "PYTHONPATH": str(ROOT)}), "SCRAM_HOME": str(data / "home")}
    env.pop("SCRAM_STARTUP_PROBE", None)
    cwd = ROOT if env.get("PYTHONPATH") == str(ROOT) else data
    data.mkdir(parents=True, exist_ok=True)
    serving = subprocess.Popen(
        [*server, "--server", "--port", "0", "--data", str(data / "server")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        line = serving.stdout.readline()
        assert line.startswith("listening on ws://127.0.0.1:") and line.endswith("/\n"), (
            line + serving.stderr.read()
        )
        url = line.split()[-1]
        play = [python, "-m", "game.seat.play", url]
        creator = subprocess.Popen(
            [*play, "--create", "4", "--start-with", "4", "--name", "Host"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd, env=env,
        )  # fmt: skip
        code = creator.stdout.readline().split()
        assert code[:1] == ["code"], code
        joiners = [
            subprocess.Popen(
                [*play, "--code", code[1], "--name", f"Camper {n}", "--level", "greenhorn"],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                cwd=cwd,
                env=env,
            )  # fmt: skip
            for n in range(1, 4)
        ]
        outputs = []
        for client in (creator, *joiners):
            out, err = client.communicate(timeout=TIMEOUT)
            assert client.returncode == 0, err
            outputs.append(out)
        assert all(out.splitlines()[-1].startswith("over winner ") for out in outputs), outputs
        serving.send_signal(signal.SIGTERM)
        out, err = serving.communicate(timeout=30)
        assert serving.returncode == 0, err
        assert "Traceback" not in err
        return outputs
    finally:
        if serving.poll() is None:
            serving.kill()
            serving.wait()
