"""The server's refusals and notices in the player's language: every error code and close
code the server can send has a sentence of the client's, translated in every catalog with
its fields filled; a code this version does not know is said in the server's own text; and
two players in different languages at one real server each read a refusal in their own."""

from __future__ import annotations

import asyncio
import re

import pytest
from seat_server import run, serving

from game.lang import CATALOGUED, SOURCE, Speech
from game.net import protocol
from game.net.watch_protocol import WATCH_ERRORS
from game.seat.link import Link, Seat
from game.seat.notices import CLIENT, SENTENCES, Notice, _fields
from game.seat.remote_session import RemoteSession

CLOSES = sorted(v for k, v in vars(protocol).items() if k.startswith("CLOSE_"))
SERVER_CODES = sorted({*protocol.ERRORS, *WATCH_ERRORS})
VALUES = {
    "code": "B25WEW",
    "seat": 3,
    "ours": "scram-net/1",
    "theirs": "scram-net/2",
    "url": "ws://192.168.1.20:8765/",
    "why": "Connection refused",
    "status": 503,
    "port": 8765,
    "address": "100.64.36.1",
}


def _tongue(code: str) -> Speech:
    tongue = Speech()
    assert tongue.switch(code) == "" and tongue.code == code
    return tongue


def test_every_code_the_server_sends_has_a_sentence_of_the_client():
    for code in SERVER_CODES:
        assert SENTENCES.get(code), f"the server's error code {code!r} has no sentence"
    for close in CLOSES:
        if close != 1000:
            assert SENTENCES.get(f"close-{close}"), f"the close code {close} has no sentence"
    assert all(SENTENCES.get(code) for code in CLIENT)


def test_a_known_code_is_said_in_the_clients_words_not_the_servers():
    said = {"type": "error", "code": "no-table", "message": "there is no table B25WEW here"}
    assert Notice.refusal(said, code="B25WEW").text() == (
        "There is no table B25WEW at this server (or it has just closed)."
    )
    assert Notice.refusal(said).text() == "That table is not at this server (or it has just closed)."
    full = {"code": "full", "message": "this table has 50 watchers already"}
    assert Notice.refusal(full, watching=True).text() == "This table has as many watchers as it takes."
    assert Notice.refusal(full).text() == "Every seat at this table is taken."


def test_an_unknown_code_from_a_newer_server_is_said_in_the_servers_text():
    newer = {"type": "error", "code": "too-sleepy", "message": "the table sleeps until dawn"}
    assert Notice.refusal(newer, code="B25WEW").text(_tongue("de")) == "The table sleeps until dawn."
    assert Notice.refusal({"code": "too-sleepy"}).text() == "The table server refused (too-sleepy)."
    assert Notice.closed(4999, "gone fishing").text(_tongue("pl")) == "Gone fishing."


@pytest.mark.parametrize("lang", [code for code in CATALOGUED if code != SOURCE])
def test_every_sentence_is_translated_with_its_fields_filled(lang):
    tongue = _tongue(lang)
    untranslated, unfilled = [], []
    for code, sentences in SENTENCES.items():
        for sentence in sentences:
            fields = {k: VALUES[k] for k in _fields(sentence)}
            said = tongue.gettext(sentence, fields)
            if said == sentence.format(**fields):
                untranslated.append(f"{code}: {sentence!r}")
            if re.search(r"[{}]", said) or not all(str(v) in said for v in fields.values()):
                unfilled.append(f"{code}: {said!r}")
    assert not untranslated, "\n".join(untranslated)
    assert not unfilled and not tongue.problems, "\n".join(unfilled + tongue.problems)


def test_a_client_sentence_is_chosen_by_what_the_client_knows():
    version = Notice("version", params={"ours": "scram-net/1", "theirs": None})
    assert version.text() == "The table speaks another version of the game; this game speaks scram-net/1."
    nat = Notice("portmap-double-nat", params={"address": ""})
    assert nat.text().startswith("Your router's address is not public")


def _joining(url: str, code: str, tongue: Speech) -> RemoteSession:
    """A desktop session that joins table `code` through its own link, saying it in `tongue`."""
    session = RemoteSession(Link(url, "Ada", Seat(code=code)), "Ada", keep=False, code=code)
    session.tongue = tongue
    session.link.start()
    return session


async def _until_failed(session: RemoteSession) -> None:
    """The link stops once it failed (its thread ends): then the frame drains it."""
    assert await asyncio.to_thread(session.link.join, 30.0), "the link did not stop"
    session.pump()
    assert session.status == "failed"


def test_two_players_in_different_languages_each_read_the_refusal_in_their_own(tmp_path):
    """One server on 127.0.0.1, port 0: a German and a Polish player each ask for a table
    that is not there, through the desktop's link, and each is told in their own language."""
    de, pl = _tongue("de"), _tongue("pl")

    async def go():
        async with serving(tmp_path) as url:
            sessions = [_joining(url, "B25WEW", de), _joining(url, "C34XYZ", pl)]
            for s in sessions:
                await _until_failed(s)
            return sessions

    german, polish = run(go())
    assert german.failure.code == polish.failure.code == "no-table"
    assert german.why == de.gettext(SENTENCES["no-table"][0], {"code": "B25WEW"})
    assert polish.why == pl.gettext(SENTENCES["no-table"][0], {"code": "C34XYZ"})
    assert "B25WEW" in german.why and "C34XYZ" in polish.why
    assert "Tisch" in german.why and re.search("st[oó]ł", polish.why), (german.why, polish.why)
    english = Notice.refusal({"code": "no-table"}, code="B25WEW").text()
    assert german.why != english and polish.why.replace("C34XYZ", "B25WEW") != english
