"""Hosting on this computer behind a home router, against a real UPnP IGD daemon (Debian's
miniupnpd) in network namespaces the test makes (netns_router.py): the game asks for the
port, the invitation carries the router's public address, a friend on the WAN side joins
through the forwarded port, and closing the table takes the mapping away. Then each way it
fails gets its one sentence: the router's own address not public (double NAT), a router
that refuses, no router at all.

Needs Linux, root, iproute2, nftables and miniupnpd (`.ci/run` installs the last two, and
they stay skipped with the reason printed where it cannot).
"""

from __future__ import annotations

import json
import subprocess

import pytest
from netns_router import CGNAT, DENY, LAN_HOST, PUBLIC, HomeNetwork, Lines, why_not

pytestmark = pytest.mark.slow

PEERS = "tests/net/upnp_peers.py"


def need(daemon: bool = True) -> None:
    reason = why_not(daemon)
    if reason:
        print(f"skipped: {reason}")
        pytest.skip(reason)


def read_until(lines: Lines, kind: str, timeout: float = 20.0, **match) -> dict:
    """The first JSON line the host prints of type `kind` (and the `match`ing values)."""

    def wanted(line: str) -> bool:
        m = json.loads(line)
        return m.get("type") == kind and all(m.get(k) == v for k, v in match.items())

    line = lines.until(wanted, timeout)
    assert line is not None, f"no {kind} {match} from the host in {timeout} s"
    return json.loads(line)


def run_peer(net: HomeNetwork, ns: str, *args: str) -> dict:
    proc = net.popen(ns, [PEERS, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    return json.loads(out.splitlines()[-1])


@pytest.mark.parametrize("end", ["close", "exit"])
def test_the_router_forwards_the_hosted_tables_port_until_the_table_closes(tmp_path, end):
    """`close`: the host leaves the table; `exit`: the game ends with the table open."""
    need()
    with HomeNetwork(tmp_path) as net:
        host = net.popen(
            net.lan_ns,
            [PEERS, "host", str(tmp_path / "tables")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        lines = Lines(host.stdout)
        try:
            hosting = read_until(lines, "link", status="hosting")
            joined = read_until(lines, "joined")
            opened = read_until(lines, "portmap", status="open")
            print(f"the router opened the port in {opened['seconds']} s (discovery 1 s of it)")
            assert opened["public"] == PUBLIC
            assert opened["lease"] == 3600
            rules = net.forwarded()
            assert f"dnat ip to {LAN_HOST}:{hosting['port']}" in rules, rules

            # a friend on the internet side joins at the invitation's address: the server answers
            friend = run_peer(net, net.wan_ns, "join", f"ws://{PUBLIC}:{opened['port']}/", joined["code"])
            assert friend["type"] == "joined" and friend["code"] == joined["code"] and friend["seat"] == 1

            host.stdin.write(f"{end}\n")
            host.stdin.flush()
            if end == "close":
                assert read_until(lines, "closed")["ended"]
            assert host.wait(15) == 0
        finally:
            host.kill()
            host.wait()
        assert "dnat" not in net.forwarded()
        probe = ["-c", f"import socket; socket.create_connection(({PUBLIC!r}, {opened['port']}), 3)"]
        refused = net.popen(net.wan_ns, probe, stderr=subprocess.PIPE)
        _, err = refused.communicate(timeout=10)
        assert refused.returncode != 0 and "ConnectionRefusedError" in err


def test_behind_a_second_nat_the_player_reads_what_to_do(tmp_path):
    need()
    with HomeNetwork(tmp_path, wan=CGNAT) as net:
        said = run_peer(net, net.lan_ns, "map", "40123")
    assert said["kind"] == "double-nat"
    assert "double NAT" in said["advice"] and "host on a server" in said["advice"]
    assert "dnat" not in said["detail"]


def test_a_router_that_refuses_is_named_with_what_to_do(tmp_path):
    need()
    with HomeNetwork(tmp_path, rules=(DENY,)) as net:
        said = run_peer(net, net.lan_ns, "map", "40123")
        assert "dnat" not in net.forwarded()
    assert said["kind"] == "refused"
    assert "refused to open port 40123" in said["advice"] and "forward the port" in said["advice"]


def test_with_no_router_answering_the_player_reads_what_to_do(tmp_path):
    need(daemon=False)
    with HomeNetwork(tmp_path, daemon=False) as net:
        said = run_peer(net, net.lan_ns, "map", "40123")
    assert said["kind"] == "no-router"
    assert "No router answered" in said["advice"] and "TCP port 40123" in said["advice"]
