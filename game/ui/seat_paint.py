"""Drawing a campsite's frame and label, and the piles, for the board.

A label reads: the team's mark, the camper's name, then the longest of its infos that fits
("Blue team · 5 cards · SCRAM", a bot's "thinking…" keeps the team's name). At the round
end the sum appears as a badge ("16 pts", never "= 16", which reads as the `=` card).
`seat_texts` gives the same boxes the drawing uses, for the layout check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cards import label, team_of

from . import skin
from .widgets import draw_text, panel, px

if TYPE_CHECKING:
    from .board import Board

NAME_SIZE, INFO_SIZE = 18, 14


def _name(board: Board, s: int) -> str:
    name = board.names[s]
    return name + (" (you)" if s == board.human and name != "You" else "")


def _infos(board: Board, s: int) -> list[str]:
    """What follows a camper's name, longest first (a narrow seat takes a shorter one)."""
    count = board.count(s)
    cards = f"{count} card{'s' if count != 1 else ''}"
    scram = " · SCRAM" if s == board.scram_seat else ""
    team = board.look.name(team_of(s, board.n))
    if board.turn_seat == s and board.thinking > 0:
        dots = "thinking" + "." * (1 + int(board.thinking * 3) % 3)
        return [f"{team} · {cards}{scram} · {dots}", f"{team}{scram} · {dots}", f"{team}{scram}", dots]
    return [f"{team} · {cards}{scram}", f"{cards}{scram}", scram.strip(" ·"), ""]


def _parts(board: Board, s: int) -> tuple[pygame.Rect, list[tuple[str, int, tuple, pygame.Rect]]]:
    """The frame and the label's pieces: (text, size, colour, box)."""
    color = board.look.seat_colour(s)
    name = _name(board, s)
    name_img = skin.text(name, "display", px(NAME_SIZE), skin.INK)
    infos = _infos(board, s)
    first = skin.text(infos[0], "text", px(INFO_SIZE), color)
    box = board.frame(s, px(18) + name_img.get_width() + px(10) + first.get_width())
    r = name_img.get_rect(topleft=(box.x + px(22), box.y + px(2)))
    parts = [(name, NAME_SIZE, skin.INK, r)]
    if board.sums is not None and s in board.sums:
        img = skin.text(f"{board.sums[s]} pts", "display", px(20), skin.ACCENT)
        rr = img.get_rect(midleft=(r.right + px(12), r.centery))
        parts.append((f"{board.sums[s]} pts", -20, skin.ACCENT, rr))
        return box, parts
    room = box.right - r.right - px(10)
    for info in infos:  # the longest that fits
        img = skin.text(info, "text", px(INFO_SIZE), color)
        if info and img.get_width() <= room:
            parts.append((info, INFO_SIZE, color, img.get_rect(topleft=(r.right + px(10), box.y + px(5)))))
            break
    return box, parts


def seat_texts(board: Board, s: int) -> list[tuple[str, pygame.Rect]]:
    _, parts = _parts(board, s)
    return [(f"seat {s}: {text}", r) for text, _, _, r in parts]


def draw_seat(surface: pygame.Surface, board: Board, s: int) -> None:
    box, parts = _parts(board, s)
    if s == board.turn_seat and not board.revealing:
        pygame.draw.rect(surface, skin.ACCENT, box.inflate(4, 4), 2, border_radius=10)
    name_r = parts[0][3]
    mark = board.look.mark(team_of(s, board.n), px(12))
    surface.blit(mark, mark.get_rect(midleft=(box.x + px(6), name_r.centery + px(1))))
    for text, size, color, r in parts:
        if size < 0:  # the round end's sum: a badge
            panel(surface, r.inflate(px(14), 2), 210)
            surface.blit(skin.text(text, "display", px(-size), color), r)
        else:
            kind = "display" if size == NAME_SIZE and r is name_r else "text"
            surface.blit(skin.text(text, kind, px(size), color), r)


def draw_piles(surface: pygame.Surface, board: Board, pile: list) -> None:
    """The deck (its stack's edge, halos, its back), the discard pile and their labels."""
    lay = board.layout
    dr = lay.deck_rect()
    back = skin.card_back(lay.pile_w)
    if board.deck_count > 0:  # the stack's edge below the top card
        for k in range(min(6, board.deck_count // 8 + 1), 0, -1):
            surface.blit(back, dr.move(k * 1.5, k * 1.5))
    halo = skin.card_glow(lay.pile_w, skin.HIGHLIGHT)
    spread = (halo.get_width() - lay.pile_w) // 2
    if board.deck_glow:
        surface.blit(halo, (dr.x - spread, dr.y - spread))
    for k in range(board.deck_chosen, 0, -1):  # one deck card chosen: a halo; both: a wider one
        big = skin.card_glow(round(lay.pile_w * (1 + 0.16 * (k - 1))), skin.SELECTED)
        surface.blit(big, big.get_rect(center=dr.center))
    if board.deck_count > 0:
        surface.blit(back, dr)
    else:
        pygame.draw.rect(surface, (255, 255, 255), dr, 1, border_radius=8)
    draw_text(surface, "Deck", (dr.centerx, dr.bottom + px(8)), 16, skin.INK, anchor="midtop")
    if board.deck_top is not None and board.memory_aid:
        draw_text(
            surface,
            f"top: {label(board.deck_top)}",
            (dr.centerx, dr.y - 4),
            14,
            skin.MUTED,
            anchor="midbottom",
        )
    pr = lay.discard_rect()
    if board.discard_glow:
        surface.blit(halo, (pr.x - spread, pr.y - spread))
    if not pile:
        pygame.draw.rect(surface, (255, 255, 255), pr, 1, border_radius=8)
    for sp in pile:
        sp.draw(surface)
    draw_text(surface, "Discard", (pr.centerx, pr.bottom + px(8)), 16, skin.INK, anchor="midtop")
