"""The speaker's promises: lines said in order, an interrupt cuts in at once, the caller
never waits on the voice (a stalled one included), a voice that cannot load or fails costs
one line and then silence, each line bounded, and the voice loaded only when started."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

from game.speech import MAX_CHARS, MAX_WAITING, Speaker, Transcript
from game.speech.speaker import clean


class StalledVoice:
    """A backend that hangs in its first speak until released (a screen reader that froze)."""

    name = "stalled"
    screen_reader = True

    def __init__(self) -> None:
        self.release = threading.Event()
        self.entered = threading.Event()
        self.lines: list[str] = []

    def speak(self, text: str, interrupt: bool) -> None:
        self.entered.set()
        self.release.wait(10)
        self.lines.append(text)

    def stop(self) -> None:
        pass


class BrokenVoice:
    name = "broken"
    screen_reader = False

    def speak(self, text: str, interrupt: bool) -> None:
        raise OSError("the speech server went away")

    def stop(self) -> None:
        raise OSError("the speech server went away")


def ready(voice) -> Speaker:
    speaker = Speaker(load=lambda: voice, report=lambda line: None)
    speaker.start()
    assert speaker.wait_ready(5)
    return speaker


def test_lines_are_said_in_order():
    t = Transcript()
    s = ready(t)
    for line in ("Bea drew from the deck.", "Your turn.", "Draw: D."):
        s.say(line)
    assert t.wait_for(3)
    assert t.lines == ["Bea drew from the deck.", "Your turn.", "Draw: D."]
    assert t.stops == 0


def test_lines_said_before_the_voice_loads_wait_for_it():
    t = Transcript()
    s = Speaker(load=lambda: t)
    s.say("Welcome to Scram!")
    assert s.state == "off" and s.waiting == 1
    s.start()
    assert t.wait_for(1)
    assert t.lines == ["Welcome to Scram!"]


def test_an_interrupt_drops_what_waits_and_cuts_in():
    voice = StalledVoice()
    s = ready(voice)
    s.say("a long line being spoken")
    assert voice.entered.wait(5)
    for n in range(5):
        s.say(f"narration {n}")
    s.say("Deck: 31 cards.", interrupt=True)
    assert s.waiting == 1  # the five narrations are gone; the answer waits alone
    voice.release.set()
    deadline = time.monotonic() + 5
    while len(voice.lines) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert voice.lines == ["a long line being spoken", "Deck: 31 cards."]


def test_interrupt_reaches_the_voice_as_interrupt():
    t = Transcript()
    s = ready(t)
    s.say("Scores: blue 12, orange 9.", interrupt=True)
    assert t.wait_for(1)
    assert t.stops == 1


def test_a_stalled_voice_never_blocks_the_caller_and_the_queue_stays_bounded():
    voice = StalledVoice()
    s = ready(voice)
    s.say("first")
    assert voice.entered.wait(5)
    t0 = time.perf_counter()
    for n in range(10_000):
        s.say(f"line {n}", interrupt=n % 1000 == 999)
    spent = time.perf_counter() - t0
    assert s.waiting <= MAX_WAITING
    assert spent < 2.0  # ten thousand calls while the voice hangs: none of them waited on it
    voice.release.set()


def test_the_oldest_waiting_lines_go_first():
    voice = StalledVoice()
    s = ready(voice)
    s.say("first")
    assert voice.entered.wait(5)
    for n in range(MAX_WAITING + 10):
        s.say(f"line {n}")
    voice.release.set()
    deadline = time.monotonic() + 5
    while len(voice.lines) < MAX_WAITING + 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert voice.lines[1] == "line 10"
    assert voice.lines[-1] == f"line {MAX_WAITING + 9}"


def test_a_voice_that_cannot_load_costs_one_line_then_silence():
    said: list[str] = []

    def no_backend():
        raise ImportError("No module named 'prism'")

    s = Speaker(load=no_backend, report=said.append)
    s.start()
    assert s.wait_ready(5)
    s.say("anything")
    assert s.state == "failed" and s.waiting == 0
    assert said == [s.note]
    assert said[0].startswith("Speech is off:") and "prism" in said[0] and "\n" not in said[0]
    assert not s.is_screen_reader_running() and s.name == ""


def test_a_voice_that_fails_while_speaking_goes_silent_with_one_line():
    said: list[str] = []
    s = Speaker(load=BrokenVoice, report=said.append)
    s.start()
    assert s.wait_ready(5)
    s.say("one")
    deadline = time.monotonic() + 5
    while s.state != "failed" and time.monotonic() < deadline:
        time.sleep(0.01)
    s.say("two")
    s.stop()
    assert s.state == "failed" and len(said) == 1 and "broken failed" in said[0]


def test_screen_reader_detection_follows_the_voice():
    assert ready(Transcript(screen_reader=True)).is_screen_reader_running()
    assert not ready(Transcript(screen_reader=False)).is_screen_reader_running()
    assert not Speaker(load=Transcript).is_screen_reader_running()  # not started: not known yet


def test_each_line_is_bounded_and_cleaned():
    long = "word " * 500
    line = clean(long)
    assert len(line) <= MAX_CHARS and line.endswith("\u2026") and not line.startswith(" ")
    assert clean("a\x00b\tc\n\nd  e") == "ab c d e"
    assert clean("   ") == ""
    t = Transcript()
    s = ready(t)
    s.say("")
    s.say("x" * 5000)
    assert t.wait_for(1)
    assert t.lines == ["x" * (MAX_CHARS - 1) + "\u2026"]


def test_close_returns_at_once_even_while_the_voice_hangs():
    voice = StalledVoice()
    s = ready(voice)
    s.say("first")
    assert voice.entered.wait(5)
    t0 = time.perf_counter()
    s.close()
    assert time.perf_counter() - t0 < 0.5
    s.say("after")
    assert s.waiting == 0
    voice.release.set()


def test_importing_the_room_loads_no_speech_library():
    code = "import game.speech, sys; print('prism' in sys.modules, 'pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["False", "False"]
