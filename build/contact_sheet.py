"""Render every card face, the back and the interface pieces into one PNG to look at.

    SDL_VIDEODRIVER=dummy .venv/bin/python build/contact_sheet.py [OUT.png]

Default output: .screens/contact_sheet.png (ignored by git). Two card sizes are shown, the
smallest the table uses and a large one, on the real table background.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ui import art, theme  # noqa: E402

VALUES = [*range(1, 14), "="]
GAP = 12


def label(surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
    surface.blit(art.font("text", 16).render(text, True, theme.INK), pos)


def button(text: str, size: tuple[int, int], fill: tuple, ink: tuple, edge: tuple) -> pygame.Surface:
    """A button as the widgets draw it, from theme colours (for review only)."""
    img = pygame.Surface(size, pygame.SRCALPHA)
    r = img.get_rect()
    pygame.draw.rect(img, fill, r, border_radius=size[1] // 2)
    pygame.draw.rect(img, edge, r, 2, border_radius=size[1] // 2)
    words = art.font("display", round(size[1] * 0.45)).render(text, True, ink)
    img.blit(words, words.get_rect(center=r.center))
    return img


def row_of_cards(sheet: pygame.Surface, width: int, y: int) -> int:
    x = GAP
    for v in VALUES:
        sheet.blit(art.card_face(v, width), (x, y))
        x += width + GAP
    sheet.blit(art.card_back(width), (x, y))
    return y + art.card_height(width) + GAP


def main(out: str) -> int:
    pygame.init()
    pygame.display.set_mode((1, 1))
    big, small = 180, 64
    w = GAP + 8 * (big + GAP)
    h = 40 + art.card_height(small) + 40 + 2 * (art.card_height(big) + GAP) + 40 + 260
    sheet = pygame.Surface((w, h))
    sheet.blit(art.table_background((w, h)), (0, 0))

    y = 10
    label(sheet, f"card width {small}px (smallest table size)", (GAP, y))
    y = row_of_cards(sheet, small, y + 24)
    label(sheet, f"card width {big}px", (GAP, y))
    y += 24
    x = GAP
    for k, v in enumerate([*VALUES, "back"]):
        img = art.card_back(big) if v == "back" else art.card_face(v, big)
        sheet.blit(img, (x + (k % 8) * (big + GAP), y + (k // 8) * (art.card_height(big) + GAP)))
    y += 2 * (art.card_height(big) + GAP) + 10

    label(
        sheet, "pieces: eye mark, action icons, teams, highlighted / selected, buttons, deck badge", (GAP, y)
    )
    y += 30
    x = GAP
    for size in (20, 32, 48):
        sheet.blit(art.eye_icon(size), (x, y + 48 - size))
        x += size + GAP
    for v in (5, 7, 9, 11, 13):
        sheet.blit(art.action_icon(v, 48), (x, y))
        x += 48 + GAP
    for k, colour in enumerate(theme.TEAM_COLORS):
        pygame.draw.rect(sheet, colour, (x, y, 90, 48), border_radius=10)
        label(sheet, theme.TEAM_NAMES[k], (x + 4, y + 52))
        x += 100
    x += GAP
    for colour, what in ((theme.HIGHLIGHT, "legal target"), (theme.SELECTED, "selected")):
        cw = 110
        glow = art.card_glow(cw, colour)
        spread = (glow.get_width() - cw) // 2
        sheet.blit(glow, (x, y))
        sheet.blit(
            art.card_back(cw) if colour == theme.HIGHLIGHT else art.card_face(7, cw), (x + spread, y + spread)
        )
        label(sheet, what, (x, y + glow.get_height() + 2))
        x += glow.get_width() + GAP * 2
    sheet.blit(button("Draw", (140, 44), theme.BUTTON, theme.BUTTON_TEXT, theme.BUTTON_EDGE), (x, y))
    sheet.blit(
        button("Hover", (140, 44), theme.BUTTON_HOVER, theme.BUTTON_TEXT, theme.BUTTON_EDGE), (x, y + 54)
    )
    sheet.blit(
        button("Off", (140, 44), theme.BUTTON_DISABLED, theme.BUTTON_DISABLED_TEXT, theme.BUTTON_DISABLED),
        (x, y + 108),
    )
    x += 150
    sheet.blit(button("Scram!", (170, 56), theme.SCRAM, theme.SCRAM_TEXT, theme.SCRAM_HOVER), (x, y))
    x += 180
    deck_x = x
    sheet.blit(art.card_back(90), (deck_x, y))
    badge = art.count_badge(37, 40)
    sheet.blit(badge, (deck_x + 90 - 26, y - 12))
    x += 130
    sheet.blit(art.window_icon(), (x, y))
    sheet.blit(pygame.transform.smoothscale(art.window_icon(), (32, 32)), (x + 70, y))
    # A seen card: a back with two eye marks (two campers peeked).
    sheet.blit(art.card_back(64), (x, y + 80))
    sheet.blit(art.eye_icon(22), (x + 4, y + 84))
    sheet.blit(art.eye_icon(22), (x + 28, y + 84))

    Path(out).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, out)
    print(f"contact sheet: {out} ({w}x{h})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else str(ROOT / ".screens" / "contact_sheet.png")))
