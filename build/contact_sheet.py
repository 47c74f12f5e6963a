"""Render every card face, the back and the interface pieces into one PNG to look at.

    .venv/bin/python build/contact_sheet.py [OUT.png]

Default output: .screens/contact_sheet.png (ignored by git). On the real table background:
- every face and the back at the smallest width the table ever uses (a side seat of a
  6-camper game in the smallest window, taken from game/ui/table/layout.py), at the width where
  the action words first appear (skin.SMALL_CARD), and large;
- the interface pieces as the game draws them (its own sprite, button and seat-mark code):
  eye marks in team colours and shapes, the team marks, legal-target and selected glows
  (on a card at rest and on one half-way through a flip), buttons, the Scram button, the
  deck with its count badge, the window icon.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent

import pygame  # noqa: E402

from game.ui import skin  # noqa: E402
from game.ui.kit.app import MIN_SIZE  # noqa: E402
from game.ui.kit.widgets import Button  # noqa: E402
from game.ui.table import seen_marks, sprites  # noqa: E402
from game.ui.table.draw_state import DrawState  # noqa: E402
from game.ui.table.layout import Layout  # noqa: E402

VALUES = [*range(1, 14), "="]
GAP = 12
BIG = 180


def smallest_table_card() -> tuple[int, int]:
    """(width, campers): the narrowest card the table lays out, in the smallest window."""
    return min((seat.card_w, n) for n in (3, 4, 6) for seat in Layout(MIN_SIZE, n, 0).seats.values())


def label(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 16) -> None:
    surface.blit(skin.font("text", size).render(text, True, skin.INK), pos)


def row_of_cards(sheet: pygame.Surface, width: int, y: int) -> int:
    """Every face and the back in one row; returns the y below it."""
    x = GAP
    for v in VALUES:
        sheet.blit(skin.card_face(v, width), (x, y))
        x += width + GAP
    sheet.blit(skin.card_back(width), (x, y))
    return y + skin.card_height(width) + GAP


# The sheet's table: four campers' peek badges (Y, B, C, D in the two teams' looks).
SHEET = DrawState(marks=seen_marks.SeatMarks({0: (0, "Y"), 1: (1, "B"), 2: (0, "C"), 3: (1, "D")}))


def sprite(sheet: pygame.Surface, up: bool, value: int | None, x: int, y: int, w: int, **kw) -> pygame.Rect:
    """A card drawn by the game's own CardSprite (top-left at x, y); returns its rect."""
    sp = sprites.CardSprite(value, up, x + w / 2, y + w * 0.7, w, known=kw.get("known", 0), drawing=SHEET)
    sp.glow = kw.get("glow")
    sp.squeeze = kw.get("squeeze", 1.0)
    sp.draw(sheet)
    return sp.rect()


def pieces(sheet: pygame.Surface, y: int, small: int) -> int:
    """The interface pieces, in two rows; returns the y below them."""
    label(sheet, "eye mark (token; seat marks: team colour and shape), action icons, teams", (GAP, y))
    y += 26
    x = GAP
    for size in (20, 32, 48):
        sheet.blit(skin.eye_icon(size), (x, y + 48 - size))
        x += size + GAP
    for v in (5, 7, 9, 11, 13):
        sheet.blit(skin.action_icon(v, 48), (x, y))
        x += 48 + GAP
    x += GAP
    for w in (small, 72):  # seen by seats 0 and 1 (both teams), then by all four
        sprite(sheet, False, None, x, y, w, known=0b11)
        sprite(sheet, False, None, x + w + GAP, y, w, known=0b1111)
        x += 2 * (w + GAP)
    x += GAP
    for k, colour in enumerate(skin.TEAM):
        pygame.draw.rect(sheet, colour, (x, y, 100, 40), border_radius=8)
        sheet.blit(seen_marks.team_mark(k, 14), (x, y + 49))
        name = skin.font("text", 16).render(f"{skin.TEAM_NAMES[k]} · 5 cards", True, colour)
        sheet.blit(name, (x + 20, y + 46))
        x += 170
    y += 120

    label(sheet, "legal target / selected (as the table draws them: at rest, mid-flip)", (GAP, y))
    label(sheet, "buttons, Scram, deck count, window icon 64/32/16", (760, y))
    y += 30
    x = GAP
    w = 96
    for colour, what in ((skin.HIGHLIGHT, "legal"), (skin.SELECTED, "selected")):
        r = sprite(sheet, colour is skin.SELECTED, 7, x + 12, y + 12, w, glow=colour)
        label(sheet, what, (r.x, r.bottom + 14), 14)
        x += w + 3 * GAP
    for colour in (skin.HIGHLIGHT, skin.SELECTED):
        sprite(sheet, True, 7, x + 12, y + 12, w, glow=colour, squeeze=0.45)
        x += round(w * 0.6) + 2 * GAP

    x = 760
    buttons = [Button("Keep (K)", lambda: None, primary=True), Button("Discard (X)", lambda: None)]
    buttons += [Button("Hover", lambda: None), Button("Not now", lambda: None)]
    buttons[2].hover, buttons[3].enabled = True, False
    for k, b in enumerate(buttons):
        b.fit()
        b.rect.topleft = (x + (k % 2) * 150, y + (k // 2) * 50)
        b.draw(sheet)
    scram = Button("SCRAM!", lambda: None, size=22)
    scram.danger = True
    scram.fit()
    scram.rect.topleft = (x, y + 110)
    scram.draw(sheet)
    scram.rect.x += scram.rect.w + GAP
    scram.hover = True
    scram.draw(sheet)
    x += 310
    deck = pygame.Rect(x, y, 70, 98)
    for k in (4, 2, 0):
        sheet.blit(skin.card_back(70), deck.move(k, k))
    name = skin.font("text", 16).render("Deck", True, skin.INK)
    sheet.blit(name, name.get_rect(midtop=(deck.centerx, deck.bottom + 10)))
    badge = skin.count_badge(37, 30)
    sheet.blit(badge, badge.get_rect(center=(deck.right - 6, deck.y + 6)))
    x += 110
    icon = skin.window_icon()
    sheet.blit(icon, (x, y))
    sheet.blit(pygame.transform.smoothscale(icon, (32, 32)), (x + 72, y))
    sheet.blit(pygame.transform.smoothscale(icon, (16, 16)), (x + 112, y))
    return y + 190


def main(out: str) -> int:
    pygame.init()
    if pygame.display.get_surface() is None:  # convert_alpha() in skin wants a display
        pygame.display.set_mode((1, 1))
    (small, campers), mid = smallest_table_card(), skin.SMALL_CARD
    w = max(GAP + 15 * (mid + GAP), GAP + 8 * (BIG + GAP), 1480)
    h = 3 * 30 + skin.card_height(small) + skin.card_height(mid) + 2 * (skin.card_height(BIG) + GAP) + 3 * GAP
    h += 340
    sheet = pygame.Surface((w, h))
    sheet.blit(skin.table_background((w, h)), (0, 0))

    y = 8
    window = f"{MIN_SIZE[0]}x{MIN_SIZE[1]}"
    label(
        sheet, f"card width {small} px: the smallest the table uses ({campers} campers, {window})", (GAP, y)
    )
    y = row_of_cards(sheet, small, y + 24)
    label(sheet, f"card width {mid} px: the smallest with the action in words (skin.SMALL_CARD)", (GAP, y))
    y = row_of_cards(sheet, mid, y + 24)
    label(sheet, f"card width {BIG} px", (GAP, y))
    y += 24
    for k, v in enumerate([*VALUES, "back"]):
        img = skin.card_back(BIG) if v == "back" else skin.card_face(v, BIG)
        sheet.blit(img, (GAP + (k % 8) * (BIG + GAP), y + (k // 8) * (skin.card_height(BIG) + GAP)))
    y += 2 * (skin.card_height(BIG) + GAP) + 6
    pieces(sheet, y, small)

    Path(out).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, out)
    print(f"contact sheet: {out} ({w}x{h})")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = str(ROOT / ".screens" / "contact_sheet.png")
    parser.add_argument("out", nargs="?", default=default, help="the PNG to write")
    sys.exit(main(parser.parse_args().out))
