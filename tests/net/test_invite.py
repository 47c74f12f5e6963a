"""Invitations to a table (`scram://HOST:PORT/CODE`) and addresses typed apart: what is read,
and every hostile string refused with one sentence, never anything else."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.seat.invite import MAX_INVITE, Invite, InviteError, join_target, parse_address, parse_invite


@pytest.mark.parametrize(
    "text, want",
    [
        ("scram://192.168.1.20:8765/ABC234", Invite("192.168.1.20", 8765, "ABC234")),
        ("  scram://Host.example:9000/abc234/ ", Invite("host.example", 9000, "ABC234")),
        ("SCRAM://[::1]:4000/h2k-9mq", Invite("::1", 4000, "H2K9MQ")),
        ("scram://camp/ZZZZZZ", Invite("camp", 8765, "ZZZZZZ")),
    ],
)
def test_an_invitation_says_where_to_connect_and_which_table(text, want):
    got = parse_invite(text)
    assert got == want
    assert got.url.startswith("ws://") and got.url.endswith(f":{want.port}/")
    assert parse_invite(str(got)) == got  # what the host shows reads back the same


@pytest.mark.parametrize(
    "text",
    [
        "",
        "http://host:80/ABC234",
        "scram://host:0/ABC234",
        "scram://host:65536/ABC234",
        "scram://host:+80/ABC234",
        "scram://host:８０/ABC234",  # full-width digits
        "scram://host:80",
        "scram://host:80/ABC10O",  # look-alikes are not in the alphabet
        "scram://host:80/ABC23",
        "scram://host:80/ABC2345",
        "scram://ho st:80/ABC234",
        "scram://host_1:80/ABC234",
        "scram://-host:80/ABC234",
        "scram://[::1:80/ABC234",
        "scram://" + "a" * 300 + ":80/ABC234",
        "scram://host:80/ABC234\x00",
    ],
)
def test_a_hostile_invitation_is_refused_in_one_sentence(text):
    with pytest.raises(InviteError) as e:
        parse_invite(text)
    assert "\n" not in str(e.value) and len(str(e.value)) < 120


@pytest.mark.parametrize(
    "text, want",
    [
        ("scrams://scram.example.org/ABC234", Invite("scram.example.org", 443, "ABC234", True)),
        ("SCRAMS://camp.example:8443/abc234/", Invite("camp.example", 8443, "ABC234", True)),
    ],
)
def test_a_table_behind_tls_is_invited_with_scrams_and_reached_at_wss(text, want):
    """docs/NETWORK-OPS.md has operators give players a wss:// address (a TLS proxy)."""
    got = parse_invite(text)
    assert got == want and got.url == f"wss://{want.host}:{want.port}/"
    assert parse_invite(str(got)) == got


def test_a_servers_ws_or_wss_address_goes_in_the_address_field():
    secure = Invite("scram.example.org", 443, "ABC234", True)
    assert join_target("wss://scram.example.org/", "ABC234") == secure
    assert join_target("wss://scram.example.org:8443", "ABC234").url == "wss://scram.example.org:8443/"
    assert join_target(" ws://10.0.0.5:7000/ ", "ABC234") == Invite("10.0.0.5", 7000, "ABC234")
    with pytest.raises(InviteError) as e:
        join_target("wss://scram.example.org/ABC234", "")  # the code has its own field
    assert "path" in str(e.value)


def test_an_address_and_a_code_typed_apart_or_an_invitation_in_either_field():
    assert join_target("10.0.0.5:7000", " abc 234 ") == Invite("10.0.0.5", 7000, "ABC234")
    assert join_target("", "scram://h:1/ABC234") == Invite("h", 1, "ABC234")
    assert parse_address("[fe80::1]:99") == ("fe80::1", 99)
    assert parse_address("fe80::1") == ("fe80::1", 8765)
    with pytest.raises(InviteError):
        join_target("host", "")


SCHEMES = st.sampled_from(["scram://", "scrams://", "wss://", "ws://"])


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=400) | st.builds(lambda s, t: s + t, SCHEMES, st.text(max_size=400)))
def test_any_text_gives_an_invitation_or_an_invite_error(text):
    for read in (parse_invite, lambda t: join_target(t, "ABC234")):
        try:
            invite = read(text)
        except InviteError as e:
            assert "\n" not in str(e)
            continue
        assert len(text) <= MAX_INVITE
        assert 1 <= invite.port <= 65535 and len(invite.code) == 6
