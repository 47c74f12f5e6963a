"""Running `scram --server` for the public, as deploy/ sets it up: the systemd unit's command
behind nginx with deploy/nginx/scram.conf, TLS from a certificate authority the test makes
with openssl, and a game played over wss:// by a client that trusts that authority alone.
Also `/healthz`, the plain HTTP probe the proxy (or a supervisor) sends.

The proxy test needs nginx and openssl (`.ci/run` installs nginx-light where it can); the
unit check needs `systemd-analyze`. Where they are missing the tests skip and say why.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import shutil
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from net_support import run, serving
from netns_router import Lines

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "scram-server.service"
SITE = ROOT / "deploy" / "nginx" / "scram.conf"


def need(*tools: str) -> None:
    for tool in tools:
        if shutil.which(tool, path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin") is None:
            reason = f"`{tool}` is not installed (Debian: apt-get install nginx-light openssl systemd)"
            print(f"skipped: {reason}")
            pytest.skip(reason)


async def http_get(port: int, path: str) -> tuple[int, str]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    data = await reader.read()
    writer.close()
    head, _, body = data.decode().partition("\r\n\r\n")
    return int(head.split()[1]), body


def test_healthz_answers_a_plain_get_without_an_upgrade(tmp_path):
    async def go():
        async with serving(tmp_path) as (server, url):
            port = int(url.rsplit(":", 1)[1].strip("/"))
            assert await http_get(port, "/healthz") == (200, "ok\n")
            assert (await http_get(port, "/healthz?probe=1"))[0] == 200
            assert (await http_get(port, "/elsewhere"))[0] == 404

    run(go())


def unit_command(prefix: str, data: Path, port: int) -> list[str]:
    """The unit's ExecStart, with the install's prefix, data folder and port of this test."""
    line = next(x for x in UNIT.read_text().splitlines() if x.startswith("ExecStart="))
    line = line.removeprefix("ExecStart=").replace("/opt/scram/venv", prefix)
    return shlex.split(line.replace("/var/lib/scram", str(data)).replace("--port 8765", f"--port {port}"))


def test_the_systemd_unit_is_valid_and_runs_the_installed_server(tmp_path):
    need("systemd-analyze")
    unit = tmp_path / "scram-server.service"
    unit.write_text(UNIT.read_text().replace("/opt/scram/venv", sys.prefix))
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    problems = [x for x in done.stderr.splitlines() if "scram-server.service" in x]
    assert done.returncode == 0 and not problems, done.stderr
    assert Path(unit_command(sys.prefix, tmp_path, 0)[0]).is_file()
    # systemd's own score of the sandboxing (0 = locked down, 10 = exposed): "OK" is under 4
    security = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", str(unit)], capture_output=True, text=True
    )
    level = float(security.stdout.split("Overall exposure level for scram-server.service:")[1].split()[0])
    print(f"systemd-analyze security: exposure {level}")
    assert level < 2.0


def make_ca(folder: Path, name: str) -> tuple[Path, Path, Path]:
    """A certificate authority and a certificate it signs for 127.0.0.1: (ca, cert, key)."""
    ca_key, ca, key, csr, cert = (
        folder / f"{name}{x}" for x in ("-ca.key", "-ca.pem", ".key", ".csr", ".pem")
    )
    ext = folder / f"{name}.ext"
    ext.write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n")
    for args in (
        ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
         "-keyout", ca_key, "-out", ca, "-subj", f"/CN=Scram test CA {name}"],
        ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-keyout", key, "-out", csr, "-subj", "/CN=localhost"],
        ["x509", "-req", "-in", csr, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-days", "2",
         "-out", cert, "-extfile", ext],
    ):  # fmt: skip
        subprocess.run(["openssl", *map(str, args)], check=True, capture_output=True)
    return ca, cert, key


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def nginx_conf(folder: Path, port: int, upstream: int, cert: Path, key: Path) -> Path:
    """deploy/nginx/scram.conf, listening on this test's port with its certificate, in an
    nginx of its own (its pid, logs and work files in `folder`)."""
    site = SITE.read_text()
    for old, new in (
        ("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;"),
        ("listen [::]:443 ssl;", ""),
        ("server 127.0.0.1:8765;", f"server 127.0.0.1:{upstream};"),
        ("/etc/letsencrypt/live/scram.example.org/fullchain.pem", str(cert)),
        ("/etc/letsencrypt/live/scram.example.org/privkey.pem", str(key)),
    ):
        assert old in site, f"deploy/nginx/scram.conf no longer has {old!r}"
        site = site.replace(old, new)
    (folder / "site.conf").write_text(site)
    conf = folder / "nginx.conf"
    user = "user root;\n" if os.geteuid() == 0 else ""
    conf.write_text(
        f"{user}daemon off;\nworker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        "events { worker_connections 256; }\n"
        f"http {{\n  access_log {folder}/access.log;\n"
        f"  client_body_temp_path {folder}/body; proxy_temp_path {folder}/proxy;\n"
        f"  fastcgi_temp_path {folder}/fastcgi; uwsgi_temp_path {folder}/uwsgi;\n"
        f"  scgi_temp_path {folder}/scgi;\n"
        f"  include {folder}/site.conf;\n}}\n"
    )
    return conf


def https_get(port: int, path: str, ca: Path) -> tuple[int, str]:
    context = ssl.create_default_context(cafile=str(ca))
    try:
        with urllib.request.urlopen(f"https://127.0.0.1:{port}{path}", context=context, timeout=5) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, ""


@pytest.mark.slow
def test_behind_nginx_with_a_local_ca_a_whole_game_plays_over_wss(tmp_path):
    need("nginx", "openssl")
    ca, cert, key = make_ca(tmp_path, "trusted")
    stranger, _, _ = make_ca(tmp_path, "other")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCRAM_HOME": str(tmp_path / "home")}
    server = subprocess.Popen(unit_command(sys.prefix, tmp_path / "data", 0), stdout=subprocess.PIPE, env=env)
    proxy = None
    try:
        said = Lines(server.stdout).until(lambda x: x.startswith("listening on "), 20.0)
        assert said is not None, "the server never said it was listening"
        upstream = int(said.rsplit(":", 1)[1].strip("/"))
        port = free_port()
        conf = nginx_conf(tmp_path, port, upstream, cert, key)
        proxy = subprocess.Popen(["nginx", "-c", str(conf), "-p", str(tmp_path)], stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10.0
        while True:  # nginx says nothing when it is ready: its port answering is the sign
            try:
                health = https_get(port, "/healthz", ca)
                break
            except (ConnectionError, urllib.error.URLError):
                assert proxy.poll() is None, proxy.stderr.read().decode()
                assert time.monotonic() < deadline, "nginx never answered"
                time.sleep(0.05)
        assert health == (200, "ok\n")
        assert https_get(port, "/elsewhere", ca)[0] == 404

        # A whole game: the headless client creates a table through the proxy and plays
        # seat 0 against three server bots, trusting only the test's authority.
        empty = tmp_path / "no-certs"
        empty.mkdir()
        play = [sys.executable, "-m", "game.seat.play", f"wss://127.0.0.1:{port}/", "--create", "4"]
        trusting = {**env, "SSL_CERT_FILE": str(ca), "SSL_CERT_DIR": str(empty)}
        started = time.perf_counter()
        game = subprocess.run(play, capture_output=True, text=True, env=trusting, cwd=ROOT, timeout=120)
        print(f"a game over wss:// through nginx: {time.perf_counter() - started:.2f} s")
        assert game.returncode == 0, game.stderr
        assert game.stdout.splitlines()[0].startswith("code ") and "over winner" in game.stdout

        # Trusting another authority, the same client refuses the proxy in one line.
        doubting = {**env, "SSL_CERT_FILE": str(stranger), "SSL_CERT_DIR": str(empty)}
        refused = subprocess.run(play, capture_output=True, text=True, env=doubting, cwd=ROOT, timeout=60)
        assert refused.returncode == 1
        assert "certificate" in refused.stderr.lower() and len(refused.stderr.strip().splitlines()) == 1
    finally:
        for proc in (proxy, server):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                proc.wait(10)
    assert server.returncode == 0  # SIGTERM: a clean stop
