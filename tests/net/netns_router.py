"""A home network in network namespaces, with a real UPnP IGD router: Debian's `miniupnpd`
(nftables build). For the port-mapping tests and `bench/portmap_time.py`.

    LAN namespace  10.36.1.2/24 ─ veth ─ 10.36.1.1/24  ROUTER namespace  WAN_ADDRESS/24 ─ veth ─ WAN namespace
    (the game: its table server and the mapping code)   (miniupnpd, nftables NAT)        (a friend elsewhere)

The router masquerades the LAN and runs miniupnpd on its LAN side with the WAN side as its
external interface, in a table of its own (`scram_upnp`) whose chains it fills. The WAN side
uses an address of a globally routed block (5.36.0.0/24 by default): miniupnpd refuses to
forward from a private or reserved external address, as a router behind another NAT does
(give 100.64.36.1, a carrier-grade NAT address, to see that). The namespaces reach nothing
else, so no packet leaves this machine. `why_not()` says what this machine lacks (not
Linux, not root, no `ip`, `nft` or `miniupnpd`, namespaces refused), for a skip's reason.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAN_HOST, LAN_ROUTER = "10.36.1.2", "10.36.1.1"
PUBLIC = "5.36.0.1"  # the router's WAN address (a friend's side is .2)
CGNAT = "100.64.36.1"
ALLOW = "allow 1024-65535 10.36.1.0/24 1024-65535"
DENY = "deny 0-65535 0.0.0.0/0 0-65535"


def why_not(daemon: bool = True) -> str | None:
    """Why the router cannot be built here (None: it can)."""
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux's"
    if os.geteuid() != 0:
        return "making network namespaces takes root"
    tools = ("ip", "nft", "miniupnpd") if daemon else ("ip", "nft")  # the router is nft rules either way
    for tool in tools:
        if shutil.which(tool, path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin") is None:
            return f"`{tool}` is not installed (Debian: apt-get install iproute2 nftables miniupnpd-nftables)"
    probe = f"scram-probe-{os.getpid()}"
    done = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if done.returncode != 0:
        return f"`ip netns add` is refused here ({done.stderr.strip()[:120]})"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def _run(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


class HomeNetwork:
    """The three namespaces and the router's daemon; a context manager that removes them."""

    def __init__(
        self, folder: Path, wan: str = PUBLIC, rules: tuple[str, ...] = (ALLOW, DENY), daemon: bool = True
    ) -> None:
        tag = f"s{os.getpid() % 100000}{uuid.uuid4().hex[:3]}"
        self.tag, self.folder, self.wan, self.rules, self.daemon = tag, folder, wan, rules, daemon
        self.lan_ns, self.router_ns, self.wan_ns = f"{tag}-lan", f"{tag}-rtr", f"{tag}-wan"
        self.lan_if, self.router_lan_if = f"{tag}-l0", f"{tag}-r0"
        self.router_wan_if, self.wan_if = f"{tag}-r1", f"{tag}-w0"
        self.friend = wan.rsplit(".", 1)[0] + ".2"
        self.upnpd: subprocess.Popen | None = None
        self.upnpd_log: list[str] = []
        self._log: Lines | None = None

    def __enter__(self) -> HomeNetwork:
        try:
            self._build()
            if self.daemon:
                self._start_upnpd()
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        if self.upnpd is not None and self.upnpd.poll() is None:
            self.upnpd.terminate()
            try:
                self.upnpd.wait(5)
            except subprocess.TimeoutExpired:
                self.upnpd.kill()
        for ns in (self.lan_ns, self.router_ns, self.wan_ns):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)

    def _build(self) -> None:
        for ns in (self.lan_ns, self.router_ns, self.wan_ns):
            _run("ip", "netns", "add", ns)
        _run("ip", "link", "add", self.lan_if, "type", "veth", "peer", "name", self.router_lan_if)
        _run("ip", "link", "add", self.router_wan_if, "type", "veth", "peer", "name", self.wan_if)
        for link, ns in (
            (self.lan_if, self.lan_ns),
            (self.router_lan_if, self.router_ns),
            (self.router_wan_if, self.router_ns),
            (self.wan_if, self.wan_ns),
        ):
            _run("ip", "link", "set", link, "netns", ns)
        for ns, link, address in (
            (self.lan_ns, self.lan_if, f"{LAN_HOST}/24"),
            (self.router_ns, self.router_lan_if, f"{LAN_ROUTER}/24"),
            (self.router_ns, self.router_wan_if, f"{self.wan}/24"),
            (self.wan_ns, self.wan_if, f"{self.friend}/24"),
        ):
            _run("ip", "-n", ns, "addr", "add", address, "dev", link)
            _run("ip", "-n", ns, "link", "set", link, "up")
            _run("ip", "-n", ns, "link", "set", "lo", "up")
        _run("ip", "-n", self.lan_ns, "route", "add", "default", "via", LAN_ROUTER)
        _run("ip", "netns", "exec", self.router_ns, "sysctl", "-qw", "net.ipv4.ip_forward=1")
        rules = self.folder / "router.nft"
        rules.write_text(
            "table inet scram_upnp {\n"
            "  chain forward { type filter hook forward priority 0; policy drop;\n"
            "    ct state established,related accept;\n"
            f'    iifname "{self.router_lan_if}" accept; jump miniupnpd; }}\n'
            "  chain miniupnpd { }\n"
            "  chain prerouting { type nat hook prerouting priority -100; policy accept;\n"
            "    jump prerouting_miniupnpd; }\n"
            "  chain postrouting { type nat hook postrouting priority 100; policy accept;\n"
            f'    oifname "{self.router_wan_if}" masquerade; jump postrouting_miniupnpd; }}\n'
            "  chain prerouting_miniupnpd { }\n"
            "  chain postrouting_miniupnpd { }\n"
            "}\n"
        )
        _run("ip", "netns", "exec", self.router_ns, "nft", "-f", str(rules))

    def _start_upnpd(self) -> None:
        conf = self.folder / "miniupnpd.conf"
        conf.write_text(
            "\n".join(
                [
                    f"ext_ifname={self.router_wan_if}",
                    f"listening_ip={self.router_lan_if}",
                    "http_port=0",
                    "enable_upnp=yes",
                    "enable_natpmp=no",
                    "secure_mode=yes",
                    "system_uptime=yes",
                    f"uuid={uuid.uuid4()}",
                    "upnp_table_name=scram_upnp",
                    "upnp_nat_table_name=scram_upnp",
                    "upnp_forward_chain=miniupnpd",
                    "upnp_nat_chain=prerouting_miniupnpd",
                    "upnp_nat_postrouting_chain=postrouting_miniupnpd",
                    *self.rules,
                ]
            )
            + "\n"
        )
        self.upnpd = subprocess.Popen(
            ["ip", "netns", "exec", self.router_ns, "miniupnpd", "-d", "-f", str(conf),
             "-P", str(self.folder / "upnpd.pid")],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.wait_log("HTTP listening on port", 10.0)

    def wait_log(self, text: str, timeout: float) -> str:
        """Read the daemon's log up to a line holding `text` (its output is read as it comes)."""
        if self._log is None:
            self._log = Lines(self.upnpd.stdout)
        line = self._log.until(lambda line: text in line, timeout, self.upnpd_log)
        if line is None:
            raise TimeoutError(f"miniupnpd never said {text!r}; its log:\n" + "\n".join(self.upnpd_log[-20:]))
        return line

    def forwarded(self) -> str:
        """The router's port-forwarding rules (its NAT chain, as nft lists it)."""
        return _run(
            "ip",
            "netns",
            "exec",
            self.router_ns,
            "nft",
            "list",
            "chain",
            "inet",
            "scram_upnp",
            "prerouting_miniupnpd",
        )

    def popen(self, ns: str, args: list[str], **kw) -> subprocess.Popen:
        """A Python process of the game's in namespace `ns` (the source tree on its path)."""
        env = {**os.environ, "PYTHONPATH": str(ROOT), "SCRAM_HOME": str(self.folder / f"home-{ns}")}
        return subprocess.Popen(
            ["ip", "netns", "exec", ns, sys.executable, *args], env=env, cwd=ROOT, text=True, **kw
        )


class Lines:
    """The lines a process writes to a pipe, read as they come with a deadline (select on
    the raw descriptor: a buffered reader would hide lines select cannot see)."""

    def __init__(self, pipe) -> None:
        self.fd = pipe.fileno()
        self.buffer = b""
        self.ended = False

    def until(self, wanted, timeout: float, seen: list[str] | None = None) -> str | None:
        """The first line for which `wanted(line)` is true, or None at the deadline or the end."""
        end = time.monotonic() + timeout
        while True:
            while b"\n" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\n", 1)
                line = raw.decode(errors="replace").rstrip()
                if seen is not None:
                    seen.append(line)
                if wanted(line):
                    return line
            left = end - time.monotonic()
            if self.ended or left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            chunk = os.read(self.fd, 65536)
            self.ended = not chunk
            self.buffer += chunk
