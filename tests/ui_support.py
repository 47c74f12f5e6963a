"""Helpers for the headless UI tests: run frames, post real input events, and play the
player's seat by clicking on the table exactly as a person would."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.decisions import Act, Discard, Draw, Keep, Replace, Scram, Swap, Take  # noqa: E402

DT = 1 / 60


def click(pos: tuple[int, int]) -> None:
    x, y = int(pos[0]), int(pos[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))


def key(k: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))


def run(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)


def run_until(app, cond, limit: int = 20000) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(DT)
    raise AssertionError("condition not reached in time")


def wait_applied(app, table, before: int, limit: int = 200) -> None:
    """Run until the game holds more than `before` decisions."""
    for _ in range(limit):
        if len(table.game.actions) > before:
            return
        app.step(DT)
    raise AssertionError(f"the decision was not taken (mode {table.mode}, warning {table.warning!r})")


def button(scene, prefix: str):
    for b in scene.buttons:
        if b.visible and b.label.startswith(prefix):
            return b
    raise AssertionError(f"no button {prefix!r} in {[b.label for b in scene.buttons]}")


def click_button(app, scene, prefix: str) -> None:
    click(button(scene, prefix).rect.center)
    run(app)


def card_point(table, target: tuple) -> tuple[int, int]:
    """A point on the visible part of a campsite card (rows may overlap to the right)."""
    r = table.rows[target[0]][target[1]].rect()
    return r.x + 5, r.centery + 6


def ready(table) -> bool:
    """The player may act now (its mode is set and no animation runs)."""
    return table.mode is not None and not table.timeline.busy


def play_decision(app, table, d) -> None:
    """Take decision `d` for the player through clicks (and keys only where said)."""
    kind = type(d)
    lay = table.layout
    if kind is Draw:
        click(lay.deck_rect().center)
    elif kind is Take:
        click(lay.discard_rect().center)
    elif kind is Scram:
        click(table.scram_button.rect.center)
    elif kind is Discard:
        click(button(table, "Discard").rect.center)
    elif kind is Swap:
        click(button(table, "Swap").rect.center)
    elif kind is Keep:
        click(button(table, "Leave").rect.center)
    elif kind is Replace:
        click_button(app, table, "Keep")
        for t in d.cards:
            click(card_point(table, t))
            run(app)
        if table.end != d.end:
            click_button(app, table, "If no match")
        click(button(table, "Confirm").rect.center)
    elif kind is Act:
        value = table.view.drawn
        click_button(app, table, "Use")
        if value == 13:
            seat = d.seat
            if table.rows[seat]:
                click(card_point(table, (seat, 0)))
            else:
                click(lay.seats[seat].box.center)
            run(app)
            click(button(table, "Left" if d.end == "left" else "Right").rect.center)
        elif d.targets:
            # Deck positions are clicked top first (a second click on the deck means the 2nd card).
            for t in sorted(d.targets, key=lambda t: (t[0] == "deck", t[1])):
                click(lay.deck_rect().center if t[0] == "deck" else card_point(table, t))
                run(app)
            if value == 9:
                click(button(table, "Left" if d.end == "left" else "Right").rect.center)
    else:
        raise AssertionError(f"unknown decision {d!r}")
    run(app)


def same_decision(a, b) -> bool:
    if type(a) is Act and type(b) is Act:
        return set(a.targets) == set(b.targets) and a.seat == b.seat and (a.end == b.end or not a.targets)
    return a == b
