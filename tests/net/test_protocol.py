"""The protocol as data (game.net.protocol): the exact text of every server message, what
each client message is read as, and every refusal of the validators with its code."""

from __future__ import annotations

import json

import pytest

from game.net import protocol as p
from game.net.codes import is_code, new_code, new_token, token_key

# ---- golden server messages (exact bytes) ------------------------------------------------
SEAT = p.seat_entry("Ada", "human", "scout", True, None)
GOLDEN = [
    (p.welcome("0.1.0"), '{"type":"welcome","protocol":"scram-net/1","server":"0.1.0"}'),
    (p.joined("ABC234", 2, "tok"), '{"type":"joined","code":"ABC234","seat":2,"token":"tok"}'),
    (
        p.table("ABC234", 3, 0, False, [SEAT]),
        '{"type":"table","code":"ABC234","campers":3,"host":0,"started":false,"seats":'
        '[{"name":"Ada","kind":"human","level":"scout","connected":true,"stand_in":null}]}',
    ),
    (
        p.state(5, 1, {"round": 1}, [{"type": "TurnBegan", "seat": 1}]),
        '{"type":"state","ver":5,"seat":1,"view":{"round":1},"events":[{"type":"TurnBegan","seat":1}]}',
    ),
    (
        p.move(6, 1, {"do": "draw"}, {"round": 1}, []),
        '{"type":"move","ver":6,"by":1,"decision":{"do":"draw"},"view":{"round":1},"events":[]}',
    ),
    (
        p.move(7, 0, {"do": "scram"}, {}, [], {"campsites": [[1, "="]], "scores": [3, 0]}),
        '{"type":"move","ver":7,"by":0,"decision":{"do":"scram"},"view":{},'
        '"reveal":{"campsites":[[1,"="]],"scores":[3,0]},"events":[]}',
    ),
    (p.over({"format": "scram-record/1"}), '{"type":"over","record":{"format":"scram-record/1"}}'),
    (p.error("stale", "old ver", "a1"), '{"type":"error","code":"stale","message":"old ver","id":"a1"}'),
    (p.error("rate", "slow down"), '{"type":"error","code":"rate","message":"slow down"}'),
    (p.reaction(3, "good game"), '{"type":"reaction","seat":3,"emote":"good game"}'),
]


@pytest.mark.parametrize("message, text", GOLDEN, ids=[m["type"] for m, _ in GOLDEN])
def test_every_server_message_has_its_exact_text(message, text):
    assert p.encode(message) == text
    assert json.loads(text) == message


def test_names_keep_their_characters_in_utf_8():
    assert p.encode(p.joined("ABC234", 0, "é")) == '{"type":"joined","code":"ABC234","seat":0,"token":"é"}'


# ---- client messages read --------------------------------------------------------------
def read(obj) -> p.ClientMessage | None:
    return p.read_message(json.dumps(obj))


HELLO = {"type": "hello", "protocol": "scram-net/1", "name": "Ada", "app": "test"}


def test_each_client_message_is_read_into_its_type():
    assert read(HELLO) == p.Hello("Ada", "test")
    assert read({"type": "create", "campers": 6, "seat": 5, "levels": ["scout"] * 6, "pace": "brisk"}) == (
        p.Create(6, 5, ("scout",) * 6, "brisk")
    )
    assert read({"type": "join", "code": " abc 234 "}) == p.Join("ABC234")
    assert read({"type": "sit", "seat": 2, "id": 9}) == p.Sit(2, 9)
    assert read({"type": "start"}) == p.Start()
    assert read({"type": "act", "ver": 0, "decision": {"do": "draw"}, "id": "x"}) == p.Act(
        0, {"do": "draw"}, "x"
    )
    assert read({"type": "resume", "token": "t" * 32}) == p.Resume("t" * 32)
    assert read({"type": "leave"}) == p.Leave()
    assert read({"type": "react", "emote": "oops"}) == p.React("oops")


def test_defaults_of_create_are_seat_0_the_top_level_and_the_games_pace():
    assert read({"type": "create", "campers": 4}) == p.Create(4, 0, (p.DEFAULT_LEVEL,) * 4, "normal")
    assert p.DEFAULT_LEVEL == "trailblazer"


def test_a_name_is_cleaned_of_control_characters_and_unknown_keys_are_ignored():
    assert read({**HELLO, "name": " A\u0000d\u202ea\n", "extra": [1]}) == p.Hello("Ada", "test")


def test_an_unknown_message_type_is_ignored():
    assert read({"type": "chat", "text": "hi"}) is None


REFUSED = [
    ("not json", "bad-message"),
    ("[1, 2]", "bad-message"),
    ('{"type": "hello", "protocol": "scram-net/1", "name": "A", "x": NaN}', "bad-message"),
    ('{"type": 3}', "bad-message"),
    ('{"no": "type"}', "bad-message"),
    ('{"type": "start", "id": 1.5}', "bad-message"),
    ('{"type": "start", "id": "' + "x" * 65 + '"}', "bad-message"),
    ('{"type": "start", "id": 1' + "0" * 64 + "}", "bad-message"),
    ('{"type": "hello", "protocol": "scram-net/2", "name": "A"}', "version"),
    ('{"type": "hello", "name": "A"}', "version"),
    ('{"type": "hello", "protocol": "scram-net/1", "name": ""}', "bad-message"),
    ('{"type": "hello", "protocol": "scram-net/1", "name": "\\u0000\\n"}', "bad-message"),
    ('{"type": "hello", "protocol": "scram-net/1", "name": "' + "n" * 25 + '"}', "bad-message"),
    ('{"type": "hello", "protocol": "scram-net/1", "name": 7}', "bad-message"),
    ('{"type": "create", "campers": 5}', "bad-message"),
    ('{"type": "create", "campers": "4"}', "bad-message"),
    ('{"type": "create", "campers": true}', "bad-message"),
    ('{"type": "create", "campers": 4, "seat": 4}', "bad-message"),
    ('{"type": "create", "campers": 4, "levels": ["scout"]}', "bad-message"),
    ('{"type": "create", "campers": 3, "levels": ["scout", "oracle", "scout"]}', "bad-message"),
    ('{"type": "create", "campers": 4, "pace": "warp"}', "bad-message"),
    ('{"type": "join", "code": 123456}', "bad-message"),
    ('{"type": "join", "code": "' + "A" * 65 + '"}', "bad-message"),
    ('{"type": "sit", "seat": -1}', "bad-message"),
    ('{"type": "sit", "seat": 100}', "bad-message"),
    ('{"type": "act", "decision": {"do": "draw"}}', "bad-message"),
    ('{"type": "act", "ver": -1, "decision": {"do": "draw"}}', "bad-message"),
    ('{"type": "act", "ver": 1' + "0" * 5000 + ', "decision": {"do": "draw"}}', "bad-message"),
    ('{"type": "act", "ver": 0, "decision": "draw"}', "bad-message"),
    ('{"type": "resume", "token": 5}', "bad-message"),
    ('{"type": "resume", "token": ""}', "bad-token"),
    ('{"type": "react", "emote": "rude words"}', "bad-message"),
]


@pytest.mark.parametrize("text, code", REFUSED)
def test_a_malformed_message_is_refused_with_its_code(text, code):
    with pytest.raises(p.ProtocolError) as refused:
        p.read_message(text)
    assert refused.value.code == code
    message = refused.value.message  # one sentence a person can read
    assert message and "\n" not in message and len(message) < 160


def test_a_refusal_keeps_the_id_of_the_message():
    with pytest.raises(p.ProtocolError) as refused:
        p.read_message('{"type": "sit", "seat": "two", "id": "mine"}')
    assert refused.value.id == "mine"


def test_a_binary_frame_is_refused():
    with pytest.raises(p.ProtocolError) as refused:
        p.read_message(b'{"type": "start"}')
    assert refused.value.code == "bad-message"


def test_a_deeply_nested_frame_is_refused_not_a_crash():
    with pytest.raises(p.ProtocolError):
        p.read_message("[" * 100_000 + "]" * 100_000)


# ---- codes and tokens -------------------------------------------------------------------
def test_codes_have_six_characters_without_look_alikes():
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(is_code(c) for c in codes)
    used = set("".join(codes))
    assert not used & set("01OIL") and used == set(p.CODE_ALPHABET)


def test_a_code_already_taken_is_never_drawn_again():
    taken = {new_code() for _ in range(50)}
    assert all(new_code(taken) not in taken for _ in range(200))


def test_tokens_carry_at_least_128_random_bits_and_only_their_hash_is_kept():
    tokens = {new_token() for _ in range(500)}
    assert len(tokens) == 500
    assert all(len(t) * 6 >= 128 + 6 for t in tokens)  # URL-safe base64: 6 bits a character
    assert p.TOKEN_BYTES * 8 >= 128
    token = new_token()
    assert token_key(token) == token_key(token) and token not in token_key(token)
