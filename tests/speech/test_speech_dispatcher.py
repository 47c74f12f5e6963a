"""The real backend: the speaker drives prismatoid to a speech-dispatcher that this test
starts, and the words arrive at espeak-ng, which speaks them into a WAV file.

The test runs its own speech-dispatcher (a private socket, configuration and logs in a
temporary folder; SPEECHD_ADDRESS points the client library at it), whose output module is
the stock generic one (sd_generic) running espeak-ng with `-w FILE`: a sound file made from
the text is the proof that speech-dispatcher received it and had it spoken. The sound device
is ALSA's null device, so no sound card is needed. Where speech-dispatcher, its generic
module, espeak-ng or prismatoid are missing (CI installs them: .ci/run), the test skips and
says which.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import wave
from pathlib import Path

import pytest

from game.speech import Speaker

pytestmark = pytest.mark.slow  # starts a speech server and a synthesizer

MODULES = Path("/usr/lib/speech-dispatcher-modules")


def _wait(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return bool(condition())


def _missing() -> str:
    if shutil.which("speech-dispatcher") is None:
        return "speech-dispatcher is not installed (apt-get install speech-dispatcher)"
    if not (MODULES / "sd_generic").exists():
        return f"speech-dispatcher's generic output module is not in {MODULES}"
    if shutil.which("espeak-ng") is None:
        return "espeak-ng is not installed (apt-get install espeak-ng)"
    try:
        import prism  # noqa: F401
    except Exception as e:  # ImportError, or its native library failing to load
        return f"prismatoid cannot be imported ({type(e).__name__}: {e})"
    return ""


@pytest.fixture
def dispatcher(tmp_path, monkeypatch):
    """A private speech-dispatcher; yields its folder (said.txt, said.wav, log/)."""
    reason = _missing()
    if reason:
        print(f"skipped: {reason}")
        pytest.skip(reason)
    (tmp_path / "modules").mkdir()
    (tmp_path / "log").mkdir()
    (tmp_path / "speechd.conf").write_text(
        f'LogLevel 4\nLogDir "{tmp_path / "log"}"\n'
        'AudioOutputMethod "alsa"\nAudioALSADevice "null"\n'
        'AddModule "espeak-ng-file" "sd_generic" "espeak-ng-file.conf"\n'
        'DefaultModule espeak-ng-file\nDefaultLanguage "en"\n'
    )
    # sd_generic runs this through the shell for each message, putting its text for the
    # first $DATA only: the text goes to said.txt, and on to espeak-ng, which speaks it to said.wav
    synth = (
        f"echo \\'$DATA\\' | tee -a {tmp_path / 'said.txt'}"
        f" | espeak-ng -v en --stdin -w {tmp_path / 'said.wav'}"
    )
    (tmp_path / "modules" / "espeak-ng-file.conf").write_text(
        f'GenericExecuteSynth "{synth}"\nGenericCmdDependency "espeak-ng"\n'
        'GenericLanguage "en" "en" "utf-8"\nAddVoice "en" "MALE1" "en"\nDefaultVoice "en"\n'
    )
    socket = tmp_path / "sock"
    proc = subprocess.Popen(
        ["speech-dispatcher", "-s", "-t", "0", "-c", "unix_socket", "-S", str(socket),
         "-C", str(tmp_path), "-P", str(tmp_path / "pid")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        if not _wait(lambda: socket.exists() or proc.poll() is not None, 20) or not socket.exists():
            log = tmp_path / "log" / "speech-dispatcher.log"
            tail = log.read_text(errors="replace").splitlines()[-3:] if log.exists() else []
            reason = f"speech-dispatcher did not start: {' | '.join(tail) or proc.returncode}"
            print(f"skipped: {reason}")
            pytest.skip(reason)
        monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{socket}")
        monkeypatch.setenv("SPEECHD_AUTOSPAWN", "0")  # never the system's own dispatcher
        yield tmp_path
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def _speaker() -> Speaker:
    from game.speech.prism_voice import load

    notes: list[str] = []
    speaker = Speaker(load=lambda: load("SPEECH_DISPATCHER"), report=notes.append)
    speaker.start()
    assert speaker.wait_ready(30), "prismatoid did not load in 30 s"
    assert speaker.state == "ready", notes
    return speaker


def test_the_speaker_speaks_through_speech_dispatcher_and_espeak_ng(dispatcher: Path):
    speaker = _speaker()
    assert speaker.name == "Speech Dispatcher"
    assert not speaker.is_screen_reader_running()  # a speech engine, not a screen reader
    line = "Bea drew from the deck and replaced her second card, a four."
    speaker.say(line)
    said, sound = dispatcher / "said.txt", dispatcher / "said.wav"
    assert _wait(lambda: sound.exists() and line in said.read_text(), 30), "nothing reached espeak-ng"
    # espeak-ng writes the header first: wait until the file holds the whole line's sound
    assert _wait(lambda: _seconds(sound) > 1.0, 30)
    print(f"speech-dispatcher said: {said.read_text().strip()!r}, {_seconds(sound):.2f} s of sound")
    speaker.close()


def test_an_interrupting_line_is_spoken_too(dispatcher: Path):
    speaker = _speaker()
    speaker.say("Your turn. Draw from the deck: D. Take the discard: T.")
    speaker.say("Deck: thirty one cards.", interrupt=True)
    said = dispatcher / "said.txt"
    assert _wait(lambda: said.exists() and "thirty one" in said.read_text(), 30)
    speaker.close()


def _seconds(path: Path) -> float:
    """The sound in the file, from its size: espeak-ng writing from its standard input cannot
    go back to put the length in the header, which stays at its largest."""
    try:
        with wave.open(os.fspath(path)) as w:
            per_second = w.getframerate() * w.getsampwidth() * w.getnchannels()
        return max(0, path.stat().st_size - 44) / per_second
    except (OSError, EOFError, wave.Error, ZeroDivisionError):
        return 0.0


def test_looking_only_for_a_screen_reader_never_takes_the_speech_engine(dispatcher: Path):
    """The start-up's question "is a screen reader running?" must not start speech through
    speech-dispatcher (nor spawn one): only a screen reader answers it."""
    from game.speech.prism_voice import load

    try:
        voice = load(screen_readers_only=True)
    except LookupError:
        voice = None
    assert voice is None or voice.screen_reader
    assert not (dispatcher / "said.txt").exists()


def test_a_table_line_reaches_speech_dispatcher(dispatcher: Path, tmp_path, monkeypatch):
    """The real table in the window loop (SDL's dummy driver), speech on: the answer of the
    deck's query key (N) goes through the table's speech and prismatoid to speech-dispatcher."""
    import pygame

    from game.files.settings import Settings
    from game.seat.start import start_game
    from game.ui import routes

    monkeypatch.setenv("SCRAM_HOME", str(tmp_path / "home"))
    # silent while the bots play (each line would keep espeak-ng busy); on at the player's turn
    settings = Settings(speed="instant", bot_pace="instant", muted=True, speech=False, speech_told=True)
    app = routes.make_app((1280, 720), settings, persist=False)
    app.speech.use(_speaker())
    start_game(app, 4, 0, ["You", "Bea", "Cal", "Dot"], [None, "greenhorn", "greenhorn", "greenhorn"], seed=5)
    table = app.top
    for _ in range(2000):
        if table.my_turn():
            break
        app.step(1 / 60)
    assert table.my_turn()
    settings.speech = True
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0))
    app.step(1 / 60)
    line = f"The deck has {table.session.view().deck_size} cards."
    said = dispatcher / "said.txt"
    assert _wait(lambda: said.exists() and line in said.read_text(), 30), "the table's line did not arrive"
    print(f"speech-dispatcher said the table's line: {line!r}")
    app.speech.speaker.stop()  # the prompt said after it is cut short: the server has nothing left to say
    app.quit()  # the table's bots and the speaker stop
    pygame.quit()
