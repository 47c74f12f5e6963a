"""Drawing a campsite's frame and label, and the piles, for the board.

A label reads: the team's mark, the camper's name, then the longest of its infos that fits
("Blue team · 5 cards · SCRAM", a bot's "thinking…" keeps the team's name). At the round
end the sum appears as a badge ("16 pts", never "= 16", which reads as the `=` card).
`seat_texts` gives the same boxes the drawing uses, for the layout check.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

import pygame

from game.lang import _, ngettext, pgettext, speech
from game.rules.cards import label, team_of
from game.ui import skin
from game.ui.kit.widgets import draw_text, fit_text, look_key, panel, px

from .draw_state import DrawState
from .layout import Layout
from .teams import TeamLook


class Board(Protocol):
    """What these drawings read of the board (board.Board; a protocol keeps the import one-way)."""

    n: int
    human: int | None
    names: list[str]
    look: TeamLook
    layout: Layout
    turn_seat: int | None
    thinking: float
    scram_seat: int | None
    revealing: bool
    sums: dict[int, int] | None
    deck_count: int
    deck_top: int | None
    deck_glow: bool
    discard_glow: bool
    deck_chosen: int
    memory_aid: bool
    drawing: DrawState

    def count(self, seat: int, held: bool = False) -> int: ...
    def frame(self, seat: int, label_w: int = 0) -> pygame.Rect: ...


NAME_SIZE, INFO_SIZE = 18, 14


def pile_names() -> tuple[str, str]:
    """The piles' labels under them: "Deck", "Discard"."""
    return pgettext("the label under the pile", "Deck"), pgettext("the label under the pile", "Discard")


def pile_texts(board: Board) -> list[tuple[str, pygame.Rect]]:
    """The piles' labels with their boxes (for the layout check), as `draw_piles` draws them."""
    lay, boxes = board.layout, []
    for name, r in zip(pile_names(), (lay.deck_rect(), lay.discard_rect()), strict=True):
        img = skin.text(name, "text", px(lay.pile_label_size()), skin.INK)
        boxes.append((name, img.get_rect(midtop=(r.centerx, r.bottom + px(8)))))
    if board.deck_top is not None and board.memory_aid:
        img = skin.text(_("top: {card}", card=label(board.deck_top)), "text", px(14), skin.MUTED)
        d = lay.deck_rect()
        boxes.append(("deck top", img.get_rect(midbottom=(d.centerx, d.y - 4))))
    return boxes


def points(n: int) -> str:
    """A score as a badge reads it: "1 pt", "16 pts" (never "= 16", read as the = card)."""
    return ngettext("{n} pt", "{n} pts", n)


def mark_size() -> int:
    """The team's shape before a name: it grows with the text size, as the name does."""
    return round(px(12) * skin.text_scale())


def _name(board: Board, s: int) -> str:
    """The camper's name as the label shows it, cut with an ellipsis to the seat's width (a
    24-character name from a networked table stays on the table); " (you)" is never cut."""
    name = board.names[s]
    # the default name, in English or as New game and the lessons said it ("Du"), is no other
    # camper's: "Du (du)" would say it twice
    plain = name in ("You", pgettext("player name", "You"))
    you = _(" (you)") if s == board.human and not plain else ""
    return _fitted(name, you, board.layout.seats[s].box.w, look_key())


@lru_cache(maxsize=256)
def _fitted(name: str, you: str, seat_w: int, scale: tuple) -> str:
    """`name` cut to fit a seat `seat_w` wide before `you` (`scale`: the cache's key)."""
    you_w = skin.font("display", px(NAME_SIZE)).size(you)[0] if you else 0
    return fit_text(name, NAME_SIZE, seat_w - px(32) - you_w, "display") + you


def _infos(board: Board, s: int) -> list[str]:
    """What follows a camper's name, longest first (a narrow seat takes a shorter one)."""
    count = board.count(s, held=True)
    cards = ngettext("{n} card", "{n} cards", count)
    scram = " · SCRAM" if s == board.scram_seat else ""  # the game's word, as the button says it
    team = board.look.name(team_of(s, board.n))
    if board.turn_seat == s and board.thinking > 0:  # the count stays: the team's name goes first
        # a person's turn is never told as a bot's "thinking"
        doing = _("their turn") if s in board.people else _("thinking")
        # the dots count up while a bot thinks; with reduced motion they stand still
        beat = 2 if board.drawing.calm else int(board.thinking * 3) % 3
        dots = doing + "." * (1 + beat)
        return [f"{team} · {cards}{scram} · {dots}", f"{cards}{scram} · {dots}", f"{cards}{scram}", dots]
    return [f"{team} · {cards}{scram}", f"{cards}{scram}", scram.strip(" ·"), ""]


_placed: dict[tuple, tuple] = {}  # (labels as drawn) -> their pieces: placed once, drawn every frame


def _label_key(board: Board, s: int) -> tuple:
    """What a seat's frame and label are made of: (name, infos, colour, frame, sum, scale)."""
    color = board.look.seat_colour(s)
    name = _name(board, s)
    infos = _infos(board, s)
    box = board.frame(s, _label_width(name, infos[0], color, look_key()))
    sums = board.sums.get(s) if board.sums is not None else None
    # a sum's badge ends inside the seat and short of the piles beside it
    piles = board.layout.deck_rect().union(board.layout.discard_rect())
    right = box.right
    if box.centerx < piles.x and box.top < piles.bottom and piles.top < box.bottom:
        right = min(right, piles.x)
    return (name, tuple(infos), color, tuple(box), (sums, right), look_key())


def _parts(board: Board, s: int, key: tuple | None = None) -> tuple[pygame.Rect, list]:
    """The frame and the label's pieces: (text, size, colour, box)."""
    key = key or _label_key(board, s)
    found = _placed.get(key)
    if found is None:
        if len(_placed) > 512:
            _placed.clear()
        name, infos, color, box, (sums, right), _ = key
        found = _placed[key] = _place(name, list(infos), color, pygame.Rect(box), sums, right)
    return found


def seat_look(board: Board, s: int) -> tuple:
    """Everything `draw_seat` reads, as a key (equal keys: the same pixels)."""
    return (_label_key(board, s), s == board.turn_seat and not board.revealing)


def seat_area(board: Board, s: int) -> pygame.Rect:
    """Where `draw_seat` may paint: the frame with its ring, the label (a sum's badge)."""
    box, parts = _parts(board, s)
    return box.inflate(8, 8).unionall([r.inflate(px(16), px(8)) for _, _, _, r in parts])


def piles_area(board: Board) -> pygame.Rect:
    """Where `draw_piles` may paint: both piles with the deck's edge, halos and labels."""
    lay = board.layout
    w = lay.pile_w
    return lay.deck_rect().union(lay.discard_rect()).inflate(2 * w, 2 * w + px(80))


def piles_look(board: Board, pile: list) -> tuple:
    """Everything `draw_piles` reads, as a key (equal keys: the same pixels)."""
    lay = board.layout
    top = board.deck_top if board.memory_aid else None
    counts = (board.deck_count, board.deck_glow, board.deck_chosen, board.discard_glow, top)
    looks = [sp.look() for sp in pile]
    return (tuple(lay.deck_rect()), tuple(lay.discard_rect()), lay.pile_w, counts, looks, speech.version)


@lru_cache(maxsize=256)
def _label_width(name: str, info: str, color: tuple, scale: tuple) -> int:
    """The width a label wants: mark, name, gap, its longest info (`scale`: the cache's key)."""
    name_w = skin.text(name, "display", px(NAME_SIZE), skin.INK).get_width()
    return px(6) + mark_size() + name_w + px(10) + skin.text(info, "text", px(INFO_SIZE), color).get_width()


def _place(
    name: str, infos: list[str], color: tuple, box: pygame.Rect, sums: int | None, right: int | None = None
) -> tuple:
    name_img = skin.text(name, "display", px(NAME_SIZE), skin.INK)
    r = name_img.get_rect(topleft=(box.x + px(10) + mark_size(), box.y + px(2)))
    parts = [(name, NAME_SIZE, skin.INK, r)]
    if sums is not None:
        return box, _with_sum(parts, points(sums), (box.right if right is None else right) - px(6))
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


def draw_seat(surface: pygame.Surface, board: Board, s: int, look: tuple | None = None) -> None:
    """A campsite's frame, its ring on the turn, its label (`look`: its `seat_look`, if known)."""
    label_key, ring = look or seat_look(board, s)
    box, parts = _parts(board, s, label_key)
    if ring:
        pygame.draw.rect(surface, skin.ACCENT, box.inflate(4, 4), 2, border_radius=10)
    name_r = parts[0][3]
    mark = board.look.mark(team_of(s, board.n), mark_size())
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
    size = lay.pile_label_size()
    draw_text(surface, pile_names()[0], (dr.centerx, dr.bottom + px(8)), size, skin.INK, anchor="midtop")
    if board.deck_top is not None and board.memory_aid:
        draw_text(
            surface,
            _("top: {card}", card=label(board.deck_top)),
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
    draw_text(surface, pile_names()[1], (pr.centerx, pr.bottom + px(8)), size, skin.INK, anchor="midtop")


def _with_sum(parts: list, sum_text: str, end: int) -> list:
    """The name's part and the round's sum beside it, ending by `end`: the badge smaller where a
    large text size leaves it no room, and then the name cut short (the summary names it whole)."""
    name, _size, ink, r = parts[0]
    for size in (20, 18, 16, 14):
        rr = skin.text(sum_text, "display", px(size), skin.ACCENT).get_rect(
            midleft=(r.right + px(12), r.centery)
        )
        if rr.right <= end:
            return [*parts, (sum_text, -size, skin.ACCENT, rr)]
    name = fit_text(name, NAME_SIZE, max(px(24), end - rr.w - px(12) - r.x), "display")
    r = skin.text(name, "display", px(NAME_SIZE), ink).get_rect(topleft=r.topleft)
    return [(name, NAME_SIZE, ink, r), (sum_text, -14, skin.ACCENT, rr.move(r.right + px(12) - rr.x, 0))]
