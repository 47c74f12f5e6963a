"""The window's focus and its flash (game/ui/kit/attention.py): SDL's focus events keep
whether the window is in front; a turn that comes behind other windows asks one flash, which
coming to the front ends; a system that cannot flash costs one line, once, never a stop."""

from __future__ import annotations

import pygame
import pytest

from game.ui.kit.attention import Attention, flash_window


def _watched(attention: Attention) -> list[int]:
    """The operations the window was asked, each then passed to the real flash."""
    asked: list[int] = []
    real = attention.flash

    def seam(window, operation):
        asked.append(operation)
        real(window, operation)

    attention.flash = seam
    return asked


def _lost(attention: Attention) -> None:
    attention.handle_event(pygame.event.Event(pygame.WINDOWFOCUSLOST))


def test_in_front_nothing_flashes():
    attention = Attention(lambda: None)
    asked = _watched(attention)
    assert attention.focused  # where pygame says nothing else: in front
    assert attention.call_back() is False and asked == []


def test_behind_one_flash_until_the_window_comes_to_the_front(capsys):
    attention = Attention(lambda: None)  # no window: the flash fails, as SDL's dummy's does
    asked = _watched(attention)
    _lost(attention)
    assert attention.call_back() is True
    for _ in range(30):  # every frame of the same turn asks again: no second flash
        assert attention.call_back() is False
    assert asked == [pygame.FLASH_UNTIL_FOCUSED]
    assert capsys.readouterr().err.count("\n") == 1  # the failure: one line
    attention.handle_event(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    assert attention.focused and not attention.flashing
    assert asked == [pygame.FLASH_UNTIL_FOCUSED, pygame.FLASH_CANCEL]
    _lost(attention)
    assert attention.call_back() is True  # a later turn behind other windows: a flash again
    assert len(asked) == 3 and capsys.readouterr().err == ""  # said once, not at each turn


def test_the_setting_off_asks_no_flash():
    attention = Attention(lambda: None)
    asked = _watched(attention)
    _lost(attention)
    assert attention.call_back(enabled=False) is False and asked == []


def test_a_window_without_flashing_raises_pygame_error_which_the_call_back_keeps():
    class NoFlash:
        def flash(self, operation):
            raise pygame.error("That operation is not supported")

    with pytest.raises(pygame.error, match="not supported"):  # the seam itself says it
        flash_window(NoFlash(), pygame.FLASH_UNTIL_FOCUSED)
    attention = Attention(NoFlash)
    _lost(attention)
    assert attention.call_back() is True and "not supported" in attention.note
