"""Asking the home router to forward a hosted table's port, so friends on other networks
reach this computer: UPnP IGD through `miniupnpc` (the MiniUPnP project's client, a small C
extension; no hand-written SSDP or SOAP here).

`PortMapper.open(port)` finds the router (SSDP, `DISCOVER_MS`), reads its external address
and asks for a TCP mapping of the same port (another one if that is taken) for `LEASE`
seconds, so a game that crashes leaves nothing open for long; `renew()` asks again before
the lease runs out, `close()` removes the mapping. What cannot be done raises `NoMapping`
with its `kind` and one sentence for the player (`advice`): no router answered, the router
refused, or its own address is not public (double NAT, carrier-grade NAT). Every call
blocks on the network: the desktop game runs them off the frame's thread (game/seat/link.py).

NAT-PMP and PCP are not asked: no maintained Python library speaks them (the two on PyPI
speak NAT-PMP v0 only, no PCP, and have not been released since 2021 and 2023), and the
routers that answer NAT-PMP or PCP (miniupnpd, OpenWrt, pfSense, FRITZ!Box, …) answer UPnP
IGD as well.
"""

from __future__ import annotations

import ipaddress
import random
from dataclasses import dataclass

from game.lang import N_, _

from .notices import Notice

LEASE = 3600  # seconds a mapping lasts unless renewed (renewed every LEASE / 2)
DISCOVER_MS = 2000  # how long to listen for routers' answers
PORT_TRIES = 4  # the same port first, then random high ones when the router has it taken
DESCRIPTION = "Scram! table"


class NoMapping(Exception):
    """No port was opened: `kind` is "no-library", "no-router", "refused", "double-nat" (or
    "closed": the mapper was closed meanwhile);
    `advice` says in one sentence what the player can do, `notice` the same in any language."""

    def __init__(self, kind: str, advice: str | Notice, detail: str = "") -> None:
        self.notice = advice if isinstance(advice, Notice) else Notice("", said=advice)
        advice = advice.text() if isinstance(advice, Notice) else advice
        super().__init__(f"{kind}: {detail or advice}")
        self.kind, self.advice, self.detail = kind, advice, detail


@dataclass(frozen=True)
class Mapping:
    """A port the router forwards: friends connect to `public`:`port`."""

    public: str  # the router's external address
    port: int  # the external port
    lan: str  # this computer's address the router forwards to
    internal: int  # the port the table server listens on
    lease: int  # seconds; 0: the router only keeps permanent mappings (removed at close)


def is_public(address: str) -> bool:
    """An address others on the internet can reach (not private, shared/CGNAT, reserved)."""
    try:
        return ipaddress.ip_address(address).is_global
    except ValueError:
        return False


def notice_no_router(port: int) -> Notice:
    return Notice("portmap-no-router", params={"port": port})


def notice_refused(port: int, why: str) -> Notice:
    return Notice("portmap-refused", params={"port": port, "why": why})


def notice_double_nat(external: str) -> Notice:
    shown = external if external and external != "0.0.0.0" else ""
    return Notice("portmap-double-nat", params={"address": shown})


# The same, said in the current language (the tests' and the headless tools' words).
def advice_no_router(port: int) -> str:
    return notice_no_router(port).text()


def advice_refused(port: int, why: str) -> str:
    return notice_refused(port, why).text()


def advice_double_nat(external: str) -> str:
    return notice_double_nat(external).text()


class PortMapper:
    """One router, one mapping at most. Blocking: for a worker thread."""

    def __init__(self, discover_ms: int = DISCOVER_MS, lease: int = LEASE) -> None:
        self.discover_ms = discover_ms
        self.lease = lease
        self.mapping: Mapping | None = None
        self.closed = False  # close() was called: a mapping open() makes after it is removed
        self._upnp = None

    def open(self, port: int) -> Mapping:
        """Forward `port` (TCP) from the router's public address to this computer."""
        upnp = self._router(port)
        external = _text(upnp.wanaddr) or _call(upnp.externalipaddress, "")
        if not is_public(external):
            raise NoMapping("double-nat", notice_double_nat(external), f"external address {external!r}")
        lan = _text(upnp.lanaddr)
        wanted = [port] + random.sample(range(20000, 60000), PORT_TRIES - 1)
        why = ""
        for ext in wanted:
            try:
                lease = self._add(upnp, ext, lan, port)
            except Exception as e:  # noqa: BLE001 - miniupnpc raises plain Exception(UPnP error text)
                why = str(e) or type(e).__name__
                if "Conflict" not in why:
                    break
                continue
            self.mapping = mapping = Mapping(external, ext, lan, port, lease)
            if self.closed:  # the table closed while the router was asked
                self.close()
                raise NoMapping("closed", "", "the table closed first")
            return mapping
        raise NoMapping("refused", notice_refused(port, _reason(why)), why)

    def renew(self) -> bool:
        """Ask for the lease again (before it runs out); False if the router said no."""
        m = self.mapping
        if m is None or m.lease == 0 or self._upnp is None:
            return m is not None
        try:
            self._add(self._upnp, m.port, m.lan, m.internal)
        except Exception:  # noqa: BLE001
            return False
        return True

    def close(self) -> bool:
        """Remove the mapping (if one was made); True if the router took it away."""
        self.closed = True
        m, self.mapping = self.mapping, None
        if m is None or self._upnp is None:
            return False
        try:
            return bool(self._upnp.deleteportmapping(m.port, "TCP"))
        except Exception:  # noqa: BLE001 - gone already (lease over, router restarted)
            return False

    # ---- the router --------------------------------------------------------------------------
    def _router(self, port: int):
        try:
            import miniupnpc
        except ImportError as e:
            raise NoMapping("no-library", notice_no_router(port), f"miniupnpc cannot load ({e})") from None
        upnp = miniupnpc.UPnP()
        upnp.discoverdelay = self.discover_ms
        try:
            found = upnp.discover()
            if not found:
                raise NoMapping("no-router", notice_no_router(port), "no UPnP device answered")
            upnp.selectigd()
        except NoMapping:
            raise
        except Exception as e:  # noqa: BLE001 - "No UPnP device discovered", a socket error
            raise NoMapping("no-router", notice_no_router(port), str(e)) from None
        self._upnp = upnp
        return upnp

    def _add(self, upnp, ext: int, lan: str, port: int) -> int:
        """Add (or refresh) the mapping; the lease it got (0 where only permanent ones are kept)."""
        try:
            upnp.addportmapping(ext, "TCP", lan, port, DESCRIPTION, "", self.lease)
            return self.lease
        except Exception as e:  # noqa: BLE001
            if "OnlyPermanentLeases" not in str(e):
                raise
        upnp.addportmapping(ext, "TCP", lan, port, DESCRIPTION, "", 0)
        return 0


def _text(value: object) -> str:
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value or "")


def _call(fn, default: str) -> str:
    try:
        return _text(fn())
    except Exception:  # noqa: BLE001
        return default


_REASONS = {
    "Action not authorized": N_("it does not allow this computer to open ports"),
    "Action Failed": N_("it gave no reason"),
    "ConflictInMappingEntry": N_("the port is taken by another computer"),
}


def _reason(why: str) -> str:
    """The router's reason in the player's words (a reason this game does not know: the router's)."""
    known = _REASONS.get(why)
    return (_(known) if known else why or _("no reason given"))[:80]
