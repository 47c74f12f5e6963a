"""What one client may take of a table server: connections (per address, per site, and
in all below the process's descriptor limit), new connections (per address, per site, and a
second in all), tables per address and per connection, tables in all, and watching (watchers
a table, tables watched from one address).
`Caps` holds the counters; `wire.py` (connections and frames), `server.py` (tables) and
`spectators.py` (watchers) ask it. The per-message limits are in `wire.FrameBudget`, which
counts a watcher's frames as it counts everyone's.

An address is the client's IP address; an IPv6 address counts by its /64 network (one home
or one machine is given a whole /64, so its addresses are one client), and the /48 holding
it is a site: one customer is often given a whole /48, 65,536 /64s. An IPv4 address's site
is its /24 (a hosting provider's or an office's block: 256 addresses a stranger can rent
at once). A site may take only `Limits.site_factor` times what one address may
(connections, new connections, tables and the rate of creating them, watching).
`Limits.creators` makes a server that only some addresses may create tables on (the
desktop game's own server: only this computer, `OWN_SERVER_CREATORS`).
Behind a reverse proxy named in `Limits.trusted_proxies` the client is the last address the
proxy put in `X-Forwarded-For`. What a refusal says is one sentence a person can read.
"""

from __future__ import annotations

import ipaddress
import logging
import time
from dataclasses import dataclass, field

from .limits import AddressLimit, Window

DEFAULT_MAX_CONNECTIONS = 10_000
# Descriptors kept back from connections: asyncio accepts up to 100 connections in one turn of
# the loop, and a connection refused at once holds its descriptor until the turn after next
# (about 300 in flight in a flood, measured: hostile/hostile_load.py), and the process needs its
# own (the database and its journal, the loop's selector and wake-up pipe, standard streams).
RESERVED_DESCRIPTORS = 400

log = logging.getLogger("scram.server")


@dataclass(frozen=True)
class Limits:
    """A server's caps on what one client (an address, or a connection) may take."""

    connections_per_address: int = 16  # open at once; more: HTTP 429 (twice as many: cut)
    arrivals_per_address: int = 30  # new connections from one address ...
    arrivals_seconds: float = 10.0  # ... in this many seconds; more: cut at once
    site_factor: int = 4  # a site (an IPv6 /48, an IPv4 /24) may take this many times what one address may
    # New connections in all, from everybody, in `arrivals_in_all_seconds`; more are cut at
    # once (before their handshake is read), so a churn from thousands of addresses costs the
    # server little and leaves the open tables their share of its core (hostile/hostile_load.py).
    # Past it, an address (and site) that tried no connection within `arrivals_seconds`
    # still gets in, as many again in all: a newcomer is not shut out by a churn's addresses,
    # which come round again and again.
    arrivals_in_all: int = 400
    arrivals_in_all_seconds: float = 1.0
    max_connections: int | None = None  # in all; None: DEFAULT_MAX_CONNECTIONS or fewer,
    # as the descriptor limit allows (`descriptor_budget`)
    tables_per_address: int = 8  # open tables created from one address
    creates_per_address: int = 30  # tables created from one address ...
    creates_seconds: float = 600.0  # ... in this many seconds
    creates_per_connection: int = 4  # tables one connection may create ...
    creates_per_connection_seconds: float = 60.0  # ... in this many seconds
    max_tables: int = 10_000  # open tables in all
    trusted_proxies: frozenset[str] = field(default_factory=frozenset)  # their X-Forwarded-For is believed
    watchers_per_table: int = 50  # watchers at one table at once
    watching_per_address: int = 8  # tables watched from one address at once, in all
    watch_binds_address: bool = True  # a follow binds the watcher's whole address to one team
    creators: frozenset[str] | None = None  # the only addresses that may create (None: anyone)


# The desktop's own server: its host's game connects from this computer (the link's URL is
# the loopback address); anyone else reaching the opened port may join or watch, not create.
OWN_SERVER_CREATORS = frozenset({"127.0.0.1", "::1"})


def descriptor_budget() -> int:
    """Connections this process may hold and still have descriptors for everything else."""
    try:
        import resource
    except ImportError:  # Windows: no descriptor limit of this kind
        return DEFAULT_MAX_CONNECTIONS
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return DEFAULT_MAX_CONNECTIONS
    return max(8, soft - max(RESERVED_DESCRIPTORS, soft // 20))


def raise_descriptor_limit() -> int:
    """Raise this process's soft descriptor limit to its hard one (a server's usual first
    step); the soft limit now."""
    try:
        import resource
    except ImportError:
        return DEFAULT_MAX_CONNECTIONS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return soft


def address_keys(host: str) -> tuple[str, str | None]:
    """The address a client counts as (IPv4 as is, IPv6 by its /64 network) and its site
    (the IPv6 /48, the IPv4 /24). `host` is an address, or a key this made of one."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0].split("/", 1)[0])
    except ValueError:
        return host[:64], None  # a Unix socket's path, or something stranger: as it is
    if ip.version == 6 and ip.ipv4_mapped is None:
        net = ipaddress.ip_network
        return str(net(f"{ip}/64", strict=False)), str(net(f"{ip}/48", strict=False))
    v4 = ip.ipv4_mapped if ip.version == 6 else ip  # (IPv4, or IPv4 mapped in IPv6)
    return str(v4), str(ipaddress.ip_network(f"{v4}/24", strict=False))


def address_key(host: str) -> str:
    """The address a client counts as (`address_keys`)."""
    return address_keys(host)[0]


def site_key(host: str) -> str | None:
    """The site a client's address belongs to (`address_keys`)."""
    return address_keys(host)[1]


def forwarded_for(header: str | None) -> str | None:
    """The client's address in an X-Forwarded-For header: the last entry (the one the
    trusted proxy added), if it is an address."""
    if not header:
        return None
    last = header.rsplit(",", 1)[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return None


class Throttle:
    """Says yes at most once every `seconds` (a log line that could otherwise repeat)."""

    def __init__(self, seconds: float = 60.0) -> None:
        self.seconds, self.last = seconds, None
        self.missed = 0  # times it said no since it last said yes

    def __call__(self) -> bool:
        now = time.monotonic()
        if self.last is not None and now - self.last < self.seconds:
            self.missed += 1
            return False
        self.last, self.missed = now, 0
        return True


class Caps:
    """The counters behind `Limits`, for one server process."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits = limits or Limits()
        budget = descriptor_budget()
        self.max_connections = min(limits.max_connections or DEFAULT_MAX_CONNECTIONS, budget)
        self.sockets = 0  # TCP connections open (the handshake included)
        self.by_address: dict[str, int] = {}  # of them, per address and per site
        self.arrivals = AddressLimit(limits.arrivals_per_address, limits.arrivals_seconds)
        self.site_arrivals = AddressLimit(
            limits.site_factor * limits.arrivals_per_address, limits.arrivals_seconds
        )
        self.arrivals_in_all = Window(limits.arrivals_in_all, limits.arrivals_in_all_seconds)
        self.newcomers = Window(limits.arrivals_in_all, limits.arrivals_in_all_seconds)
        # The addresses and sites that tried to connect lately, cut or not (who is a newcomer).
        self.knocks = AddressLimit(1, limits.arrivals_seconds)
        self.creates = AddressLimit(limits.creates_per_address, limits.creates_seconds)
        self.site_creates = AddressLimit(
            limits.site_factor * limits.creates_per_address, limits.creates_seconds
        )
        self.tables: dict[str, int] = {}  # open tables per creating address and per site
        self.owners: dict[str, str] = {}  # table code -> the address that created it
        self.watching: dict[str, int] = {}  # tables watched at once, per address and per site
        self.shortage = Throttle(60.0)
        self.rush = Throttle(60.0)  # the log line of new connections cut past the rate in all
        self.cut = 0  # connections cut at once (past any cap) since `cut_since` last said

    def tidy(self) -> None:
        """Forget the addresses and sites the rate limits have not counted for a while."""
        for limit in (self.arrivals, self.site_arrivals, self.knocks, self.creates, self.site_creates):
            limit.tidy()

    # ---- connections -----------------------------------------------------------------------
    def trusted(self, peer: str) -> bool:
        return peer in self.limits.trusted_proxies

    def arrive(self, peer: str) -> str | None:
        """A TCP connection from `peer`: None if it may go on (it is counted then), else why
        it is cut at once. A trusted proxy's connections count in all only."""
        refusal = self._refusal(peer)
        if refusal is None:
            self.sockets += 1
        else:
            self.cut += 1
        return refusal

    def _refusal(self, peer: str) -> str | None:
        if self.sockets >= self.max_connections:
            return "full"
        key, site = address_keys(peer)
        trusted = self.trusted(peer)
        newcomer = self._knock(key, site) and not trusted
        if not self.arrivals_in_all.hit() and not (newcomer and self.newcomers.hit()):
            return "rush"
        if not trusted:
            return self._arriving(key, site, 2)
        return None

    def cut_since(self) -> int:
        """Connections cut at once since this was last asked (the status line's figure)."""
        cut, self.cut = self.cut, 0
        return cut

    def _knock(self, key: str, site: str | None) -> bool:
        """Note a TCP connection of address `key` (in `site`), cut or not; whether it is
        a newcomer: neither it nor its site came within `arrivals_seconds` (a person
        arriving, not one of a churn's addresses coming round again)."""
        fresh = not self.knocks.lately(key) and (site is None or not self.knocks.lately(site))
        self.knocks.note(key)
        if site is not None:
            self.knocks.note(site)
        return fresh

    def _arriving(self, key: str, site: str | None, over: int) -> str | None:
        """A new connection of client `key` (in `site`): counted, or why not: it holds
        `over` times its connections already, or came too often lately."""
        most = over * self.limits.connections_per_address
        if self.by_address.get(key, 0) >= most:
            return "address"
        if site is not None and self.by_address.get(site, 0) >= self.limits.site_factor * most:
            return "site"
        if self.arrivals.blocked(key) or (site is not None and self.site_arrivals.blocked(site)):
            return "arrivals"
        self.arrivals.note(key)
        if site is not None:
            self.site_arrivals.note(site)
        _bump(self.by_address, (key, site), 1)
        return None

    def rush_seen(self) -> None:
        """A connection was cut past the new connections a second in all: one log line a
        minute at most."""
        if self.rush():
            limits = self.limits
            log.warning(
                "more than %d new connections in %g s: the others are cut until they slow down",
                limits.arrivals_in_all,
                limits.arrivals_in_all_seconds,
            )

    def shortage_seen(self) -> None:
        """A connection was cut because the server holds as many as it may: one log line a
        minute at most."""
        if self.shortage():
            log.warning(
                "%d connections open, the most the descriptor limit leaves room for: new ones are cut",
                self.sockets,
            )

    def gone(self, peer: str) -> None:
        self.sockets -= 1
        if not self.trusted(peer):
            _bump(self.by_address, address_keys(peer), -1)

    def client(self, peer: str, forwarded: str | None) -> str:
        """The address a connection counts as once its request is read."""
        if self.trusted(peer) and forwarded is not None:
            return address_key(forwarded)
        return address_key(peer)

    def admit(self, peer: str, client: str) -> str | None:
        """At the opening handshake: None, or the sentence of an HTTP 429 / 503. Behind a
        trusted proxy the client's address is counted here (`join_client`)."""
        if self.sockets > self.max_connections * 9 // 10:
            return "this server holds as many connections as it can: try again in a minute"
        site = site_key(client)
        if self.trusted(peer):
            refusal = self._arriving(client, site, 1)
            if refusal == "arrivals":
                return "too many new connections from your address: wait a little"
            return None if refusal is None else self._too_many(refusal)
        most = self.limits.connections_per_address
        if self.by_address.get(client, 0) > most:
            return self._too_many("address")
        if site is not None and self.by_address.get(site, 0) > self.limits.site_factor * most:
            return self._too_many("site")
        return None

    def _too_many(self, refusal: str) -> str:
        most = self.limits.connections_per_address
        if refusal == "site":
            return f"your network has {self.limits.site_factor * most} connections open here already"
        return f"your address has {most} connections open here already"

    def client_gone(self, peer: str, client: str) -> None:
        """A connection counted by `admit` behind a trusted proxy is over."""
        if self.trusted(peer):
            _bump(self.by_address, (client, site_key(client)), -1)

    # ---- tables ----------------------------------------------------------------------------
    def may_host(self, address: str) -> bool:
        """Whether `address` may create tables here at all (`Limits.creators`)."""
        creators = self.limits.creators
        return creators is None or address_key(address) in creators

    def all_tables_open(self) -> bool:
        """Every place for a table is taken (`Limits.max_tables`)."""
        return len(self.owners) >= self.limits.max_tables

    def may_create(self, address: str) -> str | None:
        """None if `address` may create a table now, else why not (error `limit`)."""
        limits, site = self.limits, site_key(address)
        if len(self.owners) >= limits.max_tables:
            return "this server holds as many tables as it can: try again later"
        most = limits.tables_per_address
        if self.tables.get(address, 0) >= most:
            return f"your address has {most} tables open here already"
        if site is not None and self.tables.get(site, 0) >= limits.site_factor * most:
            return f"your network has {limits.site_factor * most} tables open here already"
        if self.creates.blocked(address):
            return "your address has created too many tables lately: wait a few minutes"
        if site is not None and self.site_creates.blocked(site):
            return "your network has created too many tables lately: wait a few minutes"
        return None

    def opened(self, code: str, address: str, created: bool = True) -> None:
        """Table `code` is open, created from `address` (or restored: `created` False)."""
        site = site_key(address)
        if created:
            self.creates.note(address)
            if site is not None:
                self.site_creates.note(site)
        self.owners[code] = address
        _bump(self.tables, (address, site), 1)

    def closed(self, code: str) -> None:
        address = self.owners.pop(code, None)
        if address is None:
            return
        _bump(self.tables, (address, site_key(address)), -1)

    # ---- watchers --------------------------------------------------------------------------
    def may_watch(self, address: str, watchers_here: int) -> tuple[str, str] | None:
        """None if `address` may watch a table that has `watchers_here` watchers, else the
        refusal's error code and sentence."""
        limits, site = self.limits, site_key(address)
        if watchers_here >= limits.watchers_per_table:
            return ("full", f"this table has {limits.watchers_per_table} watchers already")
        most = limits.watching_per_address
        if self.watching.get(address, 0) >= most:
            return ("limit", f"your address watches {most} tables here already")
        if site is not None and self.watching.get(site, 0) >= limits.site_factor * most:
            return ("limit", f"your network watches {limits.site_factor * most} tables here already")
        return None

    def watch_began(self, address: str) -> None:
        _bump(self.watching, (address, site_key(address)), 1)

    def watch_ended(self, address: str) -> None:
        _bump(self.watching, (address, site_key(address)), -1)


def _bump(counts: dict[str, int], keys: tuple[str | None, ...], n: int) -> None:
    """Add `n` to `counts` of each key (an address and its site; None: no site), forgetting
    a key at zero, so strangers leave nothing behind."""
    for key in keys:
        if key is None:
            continue
        left = counts.get(key, 0) + n
        if left > 0:
            counts[key] = left
        else:
            counts.pop(key, None)
