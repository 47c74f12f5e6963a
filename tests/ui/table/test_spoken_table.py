"""The table said aloud through the app's speech, in the real window loop with a Transcript
voice: the log's lines, the prompt with its keys, the focus ring's items, the query keys'
answers cutting in, F4 on every screen, the widgets' focus, and silence when speech is off."""

from __future__ import annotations

import pygame
import pytest
from ui_support import key, run, run_until

from game.files.settings import Settings
from game.seat.start import start_game
from game.speech import Speaker, Transcript
from game.ui.kit import widgets


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    return tmp_path


def app_with_voice(speech: bool = True):
    from game.ui import routes

    settings = Settings(speed="instant", bot_pace="instant", muted=True, speech=speech, speech_told=True)
    app = routes.make_app((1280, 720), settings, persist=False)
    voice = Transcript()
    app.speech.use(Speaker(load=lambda: voice))
    return app, voice


def said(voice: Transcript, count: int) -> list[str]:
    assert voice.wait_for(count), voice.lines
    return voice.lines


def heard(voice: Transcript, start: str, app) -> str:
    """The first line said that begins with `start` (the frames run, the speaker's thread says)."""
    for _ in range(600):
        found = [line for line in voice.lines if line.startswith(start)]
        if found:
            return found[0]
        run(app)
        voice.wait_for(len(voice.lines) + 1, 0.01)
    raise AssertionError((start, voice.lines))


def table_at_my_turn(app):
    start_game(app, 4, 0, ["You", "Bea", "Cal", "Dot"], [None, "greenhorn", "greenhorn", "greenhorn"], seed=5)
    table = app.top
    run_until(app, lambda: table.my_turn())
    run(app, 2)
    return table


def test_the_log_and_the_prompt_with_its_keys_are_said(home):
    app, voice = app_with_voice()
    table = table_at_my_turn(app)
    prompt = heard(voice, "Your turn:", app)
    lines = voice.lines
    assert lines[0].startswith("Round 1 dealt.")
    assert "(D)" in prompt and "Tab goes from card to card" in prompt
    assert table.speech.told[0] == lines[0]  # B repeats the log's lines, as told


def test_a_query_key_is_answered_at_once_over_what_is_said(home):
    app, voice = app_with_voice()
    table = table_at_my_turn(app)
    heard(voice, "Your turn:", app)
    before, stops = len(voice.lines), voice.stops
    key(pygame.K_m, "m")
    run(app)
    lines = said(voice, before + 1)
    assert lines[-1].startswith("Your campsite, 5 cards: 1st: ")
    assert voice.stops == stops + 1  # it interrupted
    key(pygame.K_n, "n")
    run(app)
    assert said(voice, before + 2)[-1] == f"The deck has {table.session.view().deck_size} cards."


def test_the_focus_ring_says_the_item_it_moves_onto(home):
    app, voice = app_with_voice()
    table_at_my_turn(app)
    heard(voice, "Your turn:", app)
    key(pygame.K_d, "d")  # draw: now the player's cards are the focus ring's items
    heard(voice, "You hold ", app)
    key(pygame.K_TAB)  # the first key shows the ring where it stands
    heard(voice, "Your 1st card: ", app)
    key(pygame.K_TAB)  # (each item is said over the one before: a listener waits to hear it)
    heard(voice, "Your 2nd card: ", app)
    assert voice.lines[-1].startswith("Your 2nd card: ")


def test_f4_turns_speech_off_and_on_again_on_any_screen(home):
    app, voice = app_with_voice()
    app.open("menu")
    run(app, 2)
    assert said(voice, 1)[0].startswith("On this screen: ")
    key(pygame.K_F4)
    run(app)
    assert said(voice, 2)[-1] == "Speech off."
    assert app.settings.speech is False
    app.open("settings")
    run(app, 2)
    app.say("not said: speech is off")
    key(pygame.K_F4)
    run(app)
    assert said(voice, 3)[-1] == "Speech on."  # nothing said in between
    assert app.settings.speech is True


def test_speech_is_silent_unless_chosen_or_a_screen_reader_runs(home):
    app, voice = app_with_voice(speech=False)
    app.open("menu")
    run(app, 3)
    assert voice.lines == []
    reader = Transcript(screen_reader=True)
    app.speech.use(Speaker(load=lambda: reader))
    assert app.speech.speaker.wait_ready(5)
    app.open("settings")
    run(app, 2)  # a running screen reader turns speech on by itself
    assert said(reader, 1)[0].startswith("On this screen: ")


def test_a_widget_taking_the_focus_is_said(home):
    app, voice = app_with_voice()
    app.open("menu")
    run(app, 2)
    count = len(said(voice, 1))
    menu = app.top
    first = menu.buttons[0]
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=first.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    run(app)
    assert said(voice, count + 1)[-1] == first.label
    field = widgets.TextField("Bea", 16)
    field.name = "Your name"
    field.focused = True
    assert said(voice, count + 2)[-1] == "Text field Your name: Bea"


def test_speech_loads_after_the_first_frame(home):
    from game.ui import routes

    app = routes.make_app((1280, 720), Settings(muted=True, speech=True), persist=False)
    assert not app.speech.started  # nothing loaded to open the window
    app.open("menu")
    run(app)
    assert app.speech.started and app.speech.speaker is None  # (SDL's dummy driver: no real voice)


def test_a_spectator_of_a_watched_table_hears_the_public_table(home):
    app, voice = app_with_voice()
    start_game(app, 4, None, None, [None] * 4, seed=8, auto=True)
    table = app.top
    heard(voice, "Round 1 dealt.", app)
    run(app, 30)
    key(pygame.K_m, "m")
    assert heard(voice, "You are watching", app) == "You are watching: no campsite is yours."
    key(pygame.K_y, "y")
    seat = 1  # the second team's first camper (seats 1 and 3)
    line = heard(voice, f"{table.players[seat]}'s campsite, ", app)
    assert "you saw" not in line  # no face-down value: the public table
    assert table.speech.words.human is None


def test_how_to_play_says_each_page_as_it_turns(home):
    app, voice = app_with_voice()
    app.open("help")
    run(app, 2)
    assert heard(voice, "1/", app).startswith("1/9 · ")
    for _ in range(8):
        key(pygame.K_RIGHT)
        run(app)
    assert heard(voice, "9/9", app) == "9/9 · Playing by ear"
    assert heard(voice, "M: ", app) == "M: my campsite"


def test_the_first_start_says_how_to_turn_speech_on_even_with_speech_off(monkeypatch):
    from game.ui.kit import speech_out

    voice = Transcript()
    asked = []

    def loader(screen_readers_only: bool):
        asked.append(screen_readers_only)
        return lambda: voice

    monkeypatch.setattr(speech_out, "_chosen_loader", loader)
    out = speech_out.SpeechOut(Settings(speech=False), headless=False)
    out.start(first_start=True)
    assert said(voice, 1) == ["Press F4 on any screen to turn speech on or off."]
    assert asked == [False]  # the system's voice, for that one line
    out.say("not said: speech is off")
    later = speech_out.SpeechOut(Settings(speech=False), headless=False)
    later.start()
    assert asked == [False, True]  # later starts only look for a running screen reader
    out.close()
    later.close()


def test_f4_at_the_table_is_said_once_and_shown(home):
    app, voice = app_with_voice()
    table = table_at_my_turn(app)
    heard(voice, "Your turn:", app)
    key(pygame.K_F4)
    run(app)
    assert heard(voice, "Speech off.", app) and table.messages.warning == "Speech off."
    key(pygame.K_F4)
    run(app, 3)
    assert heard(voice, "Speech on.", app)
    run(app, 3)
    assert voice.lines.count("Speech on.") == 1


def test_f4_loads_the_systems_voice_when_no_screen_reader_was_found(monkeypatch):
    from game.ui.kit import speech_out

    voice, asked = Transcript(), []

    def loader(screen_readers_only: bool):
        asked.append(screen_readers_only)

        def load():
            if screen_readers_only:
                raise LookupError("no screen reader is running")
            return voice

        return load

    monkeypatch.setattr(speech_out, "_chosen_loader", loader)
    out = speech_out.SpeechOut(Settings(speech=False), headless=False)
    out.start()
    assert out.speaker.wait_ready(5) and out.speaker.state == "failed" and not out.on
    assert out.toggle() == "Speech on."
    assert asked == [True, False] and out.on
    assert said(voice, 1) == ["Speech on."]
    out.close()


def test_speech_chosen_without_a_voice_is_one_line_on_the_screen(monkeypatch):
    from game.ui.kit import speech_out

    def loader(screen_readers_only: bool):
        def load():
            raise LookupError("no backend")

        return load

    monkeypatch.setattr(speech_out, "_chosen_loader", loader)
    out = speech_out.SpeechOut(Settings(speech=True), headless=False)
    out.start()  # (its one line goes to stderr too)
    assert out.speaker.wait_ready(5)
    first, again = out.poll(), out.poll()
    assert first.startswith("Speech is off: no voice could be loaded") and again == ""
    out.say("silence")  # the game goes on, silent
    out.close()
