"""Helpers for the headless UI tests: run frames, post real input events, and play the
player's seat by clicking on the table exactly as a person would."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.rules import DRAWN  # noqa: E402
from game.rules.decisions import Act, Discard, Draw, Keep, Replace, Scram, Swap, Take  # noqa: E402

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


def run_paced(app, cond, seconds: float = 30.0) -> None:
    """Step until `cond()`, leaving the worker thread (bots, hints) real time between frames as
    the game's 60 fps pacing does; a tight headless loop would starve it of the GIL."""
    end = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("condition not reached in time")
        app.step(DT)
        time.sleep(1 / 240)


def wait_applied(app, table, before: int, limit: int = 200) -> None:
    """Run until the game holds more than `before` decisions."""
    for _ in range(limit):
        if len(table.game.actions) > before:
            return
        app.step(DT)
    raise AssertionError(
        f"the decision was not taken (mode {table.turn.mode}, warning {table.messages.warning!r})"
    )


def button(scene, prefix: str):
    buttons = scene.turn.buttons if hasattr(scene, "turn") else scene.buttons
    for b in buttons:
        if b.visible and b.label.startswith(prefix):
            return b
    raise AssertionError(f"no button {prefix!r} in {[b.label for b in buttons]}")


def click_button(app, scene, prefix: str) -> None:
    click_and_settle(app, scene, button(scene, prefix).rect.center)


def click_and_settle(app, table, pos: tuple[int, int]) -> None:
    """One click of a decision of several, then the frames until the table takes the next."""
    click(pos)
    run(app)
    settle(app, table)


def settle(app, table, limit: int = 600) -> None:
    """Run frames until the table takes input again, as a person waits for a card to land
    before the next click of the same decision (a click while cards move is refused, and a
    network table may draw a move or a reconnection in between)."""
    for _ in range(limit):
        turn = getattr(table, "turn", None)
        if turn is None or turn.mode is None or app.top is not table or ready(table):
            return
        app.step(DT)


def card_point(table, target: tuple) -> tuple[int, int]:
    """A point on the visible part of a campsite card (rows may overlap to the right)."""
    r = table.board.rows[target[0]][target[1]].rect()
    return r.x + 5, r.centery + 6


def ready(table) -> bool:
    """The player may act now (its mode is set and no animation runs)."""
    return table.my_turn()


def play_decision(app, table, d) -> None:
    """Take decision `d` for the player through clicks (and keys only where said)."""
    kind = type(d)
    lay = table.board.layout
    if kind is Draw:
        click(lay.deck_rect().center)
    elif kind is Take:
        click(lay.discard_rect().center)
    elif kind is Scram:
        click(table.turn.scram.rect.center)
    elif kind is Discard:
        click(button(table, "Throw away").rect.center)
    elif kind is Swap:
        click(button(table, "Swap").rect.center)
    elif kind is Keep:
        click(button(table, "Leave").rect.center)
    elif kind is Replace:
        click_button(app, table, "Keep")
        for t in d.cards:
            click_and_settle(app, table, card_point(table, t))
        if table.turn.end != d.end:
            click_button(app, table, "If no match")
        click(button(table, "Confirm").rect.center)
    elif kind is Act:
        value = table.turn.view.drawn
        click_button(app, table, "Play")
        if value == 13:
            seat = d.seat
            where = card_point(table, (seat, 0)) if table.board.rows[seat] else lay.seats[seat].box.center
            click_and_settle(app, table, where)
            click(button(table, "Left" if d.end == "left" else "Right").rect.center)
        elif d.targets:
            # Deck positions are clicked top first (a second click on the deck means the 2nd card).
            for t in sorted(d.targets, key=lambda t: (t[0] == "deck", t[1])):
                where = lay.deck_rect().center if t[0] == "deck" else card_point(table, t)
                click_and_settle(app, table, where)
            if value == 9:
                click(button(table, "Left" if d.end == "left" else "Right").rect.center)
    else:
        raise AssertionError(f"unknown decision {d!r}")
    run(app)


def same_decision(a, b) -> bool:
    if type(a) is Act and type(b) is Act:
        return set(a.targets) == set(b.targets) and a.seat == b.seat and (a.end == b.end or not a.targets)
    return a == b


def mismatches(table) -> list[str]:
    """Where the table's sprites differ from what the core says the player's seat sees.

    Campsite cards (value, face up, who peeked), the held card, the deck count and the
    discard top; empty when the picture is true. Not meant for the round end, whose cards
    are turned by the round-end overlay.
    """
    v = table.game.view(table.viewer)
    board = table.board
    out = []
    for s in range(table.n):
        got = [None if sp is None else (sp.value, sp.up, sp.known) for sp in board.rows[s]]
        want = [tuple(c) for c in v.campsites[s]]
        if got != want:
            out.append(f"seat {s}: shows {got}, the core says {want}")
        flipping = [i for i, sp in enumerate(board.rows[s]) if sp is not None and (sp.peek or sp.squeeze < 1)]
        if flipping:
            out.append(f"seat {s}: cards {flipping} are still turned or peeked at")
    if board.deck_count != v.deck_size:
        out.append(f"deck shows {board.deck_count} cards, the core has {v.deck_size}")
    if v.discard:
        top = board.pile[-1] if board.pile else None
        if top is None or top.value != v.discard[-1] or not top.up:
            shown = None if top is None else (top.value, top.up)
            out.append(f"discard top shows {shown}, the core has {v.discard[-1]}")
    elif board.pile:
        out.append("the discard pile shows cards but is empty")
    if v.phase == DRAWN:  # (in a 12's exchange decision the 12 already lies on the pile)
        sp = board.hands.get(v.turn)
        if sp is None or sp.value != v.drawn:
            out.append(f"seat {v.turn} holds {None if sp is None else sp.value}, the core says {v.drawn}")
    elif board.hands:
        out.append(f"held cards shown while nobody holds one: {list(board.hands)}")
    if board.flying:
        out.append(f"{len(board.flying)} deck cards still out")
    return out


def focus_on(app, table, item) -> None:
    """Move the keyboard's focus ring onto `item` with Tab (the first key shows the ring)."""
    if not table.focus.keyboard:
        key(pygame.K_TAB)
        run(app)
    for _ in range(len(table.targets.items()) + 1):
        if table.targets.current() == item:
            return
        key(pygame.K_TAB)
        run(app)
    raise AssertionError(f"the focus never reached {item!r} (items {table.targets.items()})")


def choose_by_keys(app, table, item) -> None:
    focus_on(app, table, item)
    key(pygame.K_SPACE)
    run(app)


def play_decision_by_keys(app, table, d) -> None:
    """Take decision `d` for the player with the keyboard alone (no mouse event at all)."""
    kind = type(d)
    letters = {Draw: pygame.K_d, Take: pygame.K_t, Scram: pygame.K_s, Discard: pygame.K_x}
    letters |= {Swap: pygame.K_w, Keep: pygame.K_l}
    if kind in letters:
        key(letters[kind])
    elif kind is Replace:
        key(pygame.K_k)
        run(app)
        for t in d.cards:
            choose_by_keys(app, table, t)
        if table.turn.end != d.end:
            key(pygame.K_e)
            run(app)
        key(pygame.K_RETURN)
    elif kind is Act:
        value = table.turn.view.drawn
        key(pygame.K_a)
        run(app)
        if value == 13:
            seat = d.seat
            choose_by_keys(app, table, (seat, 0) if table.board.rows[seat] else ("seat", seat))
            key(pygame.K_l if d.end == "left" else pygame.K_r)
        elif d.targets:
            for t in sorted(d.targets, key=lambda t: (t[0] == "deck", t[1])):
                choose_by_keys(app, table, "deck" if t[0] == "deck" else t)
            if value == 9:
                key(pygame.K_l if d.end == "left" else pygame.K_r)
    else:
        raise AssertionError(f"unknown decision {d!r}")
    run(app)
