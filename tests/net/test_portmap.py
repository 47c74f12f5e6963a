"""The port mapper's own choices, on routers miniupnpd does not play (the real daemon's
tests are in test_upnp_router.py): a port another computer holds, a router that keeps only
permanent mappings, the table closing while the router is still being asked. The router
here is a small stand-in with miniupnpc's calls and its errors (plain Exception, the UPnP
error's name)."""

from __future__ import annotations

from game.seat.portmap import Mapping, NoMapping, PortMapper, is_public


class Router:
    """miniupnpc.UPnP's calls the mapper makes, on a router with `taken` ports held by
    another computer and, if `permanent_only`, no leases."""

    lanaddr, wanaddr = "192.168.1.20", "81.2.69.160"

    def __init__(self, taken=(), permanent_only=False, on_add=None) -> None:
        self.taken, self.permanent_only, self.on_add = set(taken), permanent_only, on_add
        self.mappings: dict[int, tuple] = {}

    def addportmapping(self, ext, proto, host, port, desc, remote, lease):
        if self.on_add is not None:
            self.on_add()
        if ext in self.taken:
            raise Exception("ConflictInMappingEntry")
        if lease and self.permanent_only:
            raise Exception("OnlyPermanentLeasesSupported")
        self.mappings[ext] = (proto, host, port, lease)
        return True

    def deleteportmapping(self, ext, proto):
        if self.mappings.pop(ext, None) is None:
            raise Exception("NoSuchEntryInArray")
        return True


class Mapper(PortMapper):
    def __init__(self, router: Router) -> None:
        super().__init__(discover_ms=1)
        self.router = router

    def _router(self, port: int):
        self._upnp = self.router
        return self.router


def test_a_port_another_computer_holds_is_mapped_from_another_public_port():
    router = Router(taken={40123})
    mapper = Mapper(router)
    m = mapper.open(40123)
    assert m.port != 40123 and 20000 <= m.port < 60000 and m.internal == 40123
    assert router.mappings == {m.port: ("TCP", "192.168.1.20", 40123, 3600)}
    assert mapper.close() and router.mappings == {}


def test_a_router_without_leases_gets_a_permanent_mapping_removed_at_close():
    router = Router(permanent_only=True)
    mapper = Mapper(router)
    assert mapper.open(40123) == Mapping("81.2.69.160", 40123, "192.168.1.20", 40123, 0)
    assert mapper.renew()  # nothing to renew: it does not run out
    mapper.close()
    assert router.mappings == {}


def test_every_port_taken_is_a_refusal_with_its_reason():
    router = Router(taken=set(range(65536)))
    try:
        Mapper(router).open(40123)
    except NoMapping as e:
        assert e.kind == "refused" and "the port is taken by another computer" in e.advice
    else:
        raise AssertionError("mapped a port that is taken")


def test_a_table_closed_while_the_router_is_asked_leaves_no_mapping():
    router = Router()
    mapper = Mapper(router)
    router.on_add = mapper.close  # the table closes just as the router answers
    try:
        mapper.open(40123)
    except NoMapping as e:
        assert e.kind == "closed"
    assert router.mappings == {}


def test_only_a_global_address_is_public():
    assert is_public("81.2.69.160")
    assert not any(map(is_public, ["10.0.0.1", "192.168.1.1", "100.64.0.1", "0.0.0.0", "", "router"]))
