"""A whole 4-camper game played by ear: the listener (screens/by_ear.py) reads only the spoken
lines (a Transcript voice) and answers with keys, in the real window loop, from the menu to
game over; never a mouse event, never a look at the table."""

from __future__ import annotations

import pygame
import pytest

from screens.by_ear import play


@pytest.mark.slow
def test_a_whole_game_is_played_from_the_spoken_lines_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("SCRAM_HOME", str(tmp_path))
    real_post = pygame.event.post

    def post(e):
        assert e.type in (pygame.KEYDOWN, pygame.KEYUP), "the listener only presses keys"
        return real_post(e)

    monkeypatch.setattr(pygame.event, "post", post)
    lines = play()
    rounds = [line for line in lines if line.startswith("Round ") and " dealt." in line]
    assert len(rounds) == 4  # every round of the game was dealt and heard
    assert any("Play again (Enter)" in line for line in lines)  # game over, said
    mine = [line for line in lines if line.startswith(("You replaced", "You discarded", "You took"))]
    assert len(mine) >= 8  # the listener's own decisions, told back to it
    assert any(line.startswith("Your campsite, ") for line in lines)  # it asked its query keys
    assert any(" in all, records " in line for line in lines)  # each round's reveal and scores
