"""Invitations to a table: `scram://HOST:PORT/CODE`, what a host shares and a friend pastes.

A table server on the internet sits behind a TLS proxy (docs/NETWORK-OPS.md) and is reached
at a `wss://` address: its invitation is `scrams://HOST[:PORT]/CODE` (port 443 unless said),
and the address field takes `wss://HOST[:PORT]/` (or `ws://…`) as its operator gives it.
`parse_invite(text)` reads an invite, or an address and a code typed apart (`join_target`),
into where to connect and which table to join, refusing anything else with `InviteError`
and one sentence in the player's language: text longer than `MAX_INVITE`, a host with
characters no host name has, a port outside 1-65535, a code that is not `CODE_LENGTH`
letters of the codes' alphabet.
`parse_server(text)` reads a server's address alone (Host on a server: the table is
created there, and its invitation is that address with the table's code).
`lan_addresses()` lists this computer's addresses a friend on the same network may reach
(no packet is sent to find them).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from dataclasses import dataclass

from game.lang import _
from game.net.protocol import CODE_ALPHABET, CODE_LENGTH

SCHEME = "scram://"
SECURE_SCHEME = "scrams://"  # the same behind TLS: the client connects to wss://
DEFAULT_PORT = 8765
SECURE_PORT = 443
MAX_INVITE = 300  # characters: a host name (253 at most), a port and a code fit
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"  # one part of a host name
_HOST_NAME = re.compile(rf"^(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*$")


class InviteError(ValueError):
    """Not an invitation to a table (the message says why, in one sentence)."""


@dataclass(frozen=True)
class Invite:
    host: str
    port: int
    code: str  # "" for a server's address alone (parse_server)
    secure: bool = False  # reached through TLS (wss://)

    @property
    def url(self) -> str:
        """Where the client connects (the WebSocket address of NETWORK.md)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.secure else 'ws'}://{host}:{self.port}/"

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{SECURE_SCHEME if self.secure else SCHEME}{host}:{self.port}/{self.code}"


def clean_code(text: str) -> str:
    """A typed table code: spaces and dashes dropped, upper case; InviteError if it is not one."""
    code = "".join(ch for ch in text if ch not in " -\t").upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise InviteError(_("A table code is {n} letters and digits (no 0, O, 1, I or L).", n=CODE_LENGTH))
    return code


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """`host`, `host:port`, `[v6]:port` or a bare IPv6 address: (host, port)."""
    text = text.strip()
    if not text:
        raise InviteError(_("Type the host's address (shown on the host's screen)."))
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise InviteError(_("An IPv6 address in brackets needs its closing ]."))
        host, rest = text[1:end], text[end + 1 :]
        if rest and not rest.startswith(":"):
            raise InviteError(_("After the address comes :PORT."))
        port_text = rest[1:] if rest else ""
    elif text.count(":") > 1:  # a bare IPv6 address, no port
        host, port_text = text, ""
    else:
        host, _colon, port_text = text.partition(":")
    return _host(host), _port(port_text, default_port)


def _host(host: str) -> str:
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        pass
    if not _HOST_NAME.match(host):
        raise InviteError(_("That is not a host name or an IP address."))
    return host.lower()


def _port(text: str, default: int) -> int:
    if text == "":
        return default
    if not text.isascii() or not text.isdigit() or len(text) > 5 or not 1 <= int(text) <= 65535:
        raise InviteError(_("The port must be a number from 1 to 65535."))
    return int(text)


def _scheme(text: str, schemes: dict[str, bool]) -> tuple[str, bool] | None:
    """(the text after the scheme, secure) when `text` starts with one of `schemes`."""
    low = text.lower()
    for scheme, secure in schemes.items():
        if low.startswith(scheme):
            return text[len(scheme) :], secure
    return None


_INVITES = {SCHEME: False, SECURE_SCHEME: True}
_ADDRESSES = {"ws://": False, "wss://": True}


def parse_invite(text: str) -> Invite:
    """An invite `scram://HOST:PORT/CODE` or `scrams://HOST[:PORT]/CODE` (a trailing slash
    and spaces are forgiven)."""
    if not isinstance(text, str) or len(text) > MAX_INVITE:
        raise InviteError(_("An invitation is at most {n} characters.", n=MAX_INVITE))
    found = _scheme(text.strip(), _INVITES)
    if found is None:
        raise InviteError(
            _("An invitation starts with {scheme} (or {secure}).", scheme=SCHEME, secure=SECURE_SCHEME)
        )
    rest, secure = found
    address, slash, code = rest.rstrip("/").rpartition("/")
    if not slash:
        raise InviteError(_("The invitation has no table code after the address."))
    host, port = parse_address(address, SECURE_PORT if secure else DEFAULT_PORT)
    return Invite(host, port, clean_code(code), secure)


def join_target(address: str, code: str) -> Invite:
    """What a friend typed: one pasted invite in either field, or an address (`host:port`,
    or the server's `ws://`/`wss://` address) and a code."""
    for text in (address, code):
        if _scheme(text.strip(), _INVITES) is not None:
            return parse_invite(text)
    if len(code) > MAX_INVITE:
        raise InviteError(_("An address is at most {n} characters.", n=MAX_INVITE))
    server = parse_server(address)
    return Invite(server.host, server.port, clean_code(code), server.secure)


def parse_server(address: str) -> Invite:
    """A table server's address as its operator gives it (`wss://HOST[:PORT]/`, `ws://…`,
    `host:port`, `[v6]:port`): an `Invite` with no code yet (Host on a server)."""
    if not isinstance(address, str) or len(address) > MAX_INVITE:
        raise InviteError(_("An address is at most {n} characters.", n=MAX_INVITE))
    address, secure = _scheme(address.strip(), _ADDRESSES) or (address, False)
    if address.rstrip().endswith("/"):
        address = address.rstrip().removesuffix("/")
    if "/" in address:
        raise InviteError(_("A server's address has no path (the table code goes in its own field)."))
    host, port = parse_address(address, SECURE_PORT if secure else DEFAULT_PORT)
    return Invite(host, port, "", secure)


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses that others on its networks may reach, best first."""
    found: list[str] = []
    try:  # the address of the route out (a UDP socket's connect sends nothing)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(info[4][0])
    except OSError:
        pass
    out = []
    for a in found:
        ip = ipaddress.ip_address(a)
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local) and a not in out:
            out.append(a)
    return out or ["127.0.0.1"]
