"""A networked table's word about its audience, for the campers at it: "2 watching", and
whether watchers may follow this camper's cards (a click on the mark switches it). Shown
only once someone watches or the camper shares their cards, so a table nobody watches
looks as it always did, and only while the player is not deciding: it stands at the right
end of the band the player's prompt takes on their turn (`tag_rect`, which the watcher's
tag uses too). A part of the table's network marks (net_marks.py); it writes nothing of
the session but what the player asks.
"""

from __future__ import annotations

import pygame

from game.lang import _
from game.rules import DRAWN, START, TWELVE
from game.ui import skin
from game.ui.kit.widgets import draw_text, px, want_hand

from .prompt import free_band

SIZE = 15


def tag_rect(board, lines: list[str]) -> pygame.Rect:
    """A tag of `lines` at the right end of the band a player's prompt would take."""
    imgs = [skin.text(line, "text_bold", px(SIZE), skin.INK) for line in lines]
    w = max(img.get_width() for img in imgs) + px(20)
    h = sum(img.get_height() for img in imgs) + px(12)
    band = free_band(board.layout, None)
    r = pygame.Rect(0, 0, w, h)
    r.midright = (band.right, band.centery)
    return r


def draw_tag(surface: pygame.Surface, r: pygame.Rect, lines: list[str], edge: tuple) -> None:
    pygame.draw.rect(surface, skin.PANEL, r, border_radius=px(8))
    pygame.draw.rect(surface, edge, r, 2, border_radius=px(8))
    y = r.y + px(6)
    for line, colour in zip(lines, (skin.INK, skin.MUTED), strict=False):
        y = draw_text(surface, line, (r.centerx, y), SIZE, colour, "text_bold", anchor="midtop").bottom


class AudienceMark:
    def __init__(self, session, board) -> None:
        self.session, self.board = session, board

    def lines(self) -> list[str] | None:
        s = self.session
        audience = getattr(s, "audience", None)
        if audience is None or s.human is None or not (audience.watchers or audience.sharing):
            return None
        view = s.view() if s.shown is not None else None
        if view is not None and view.turn == s.human and view.phase in (START, DRAWN, TWELVE):
            return None  # the player decides: the band is the prompt's
        cards = (
            _("Your cards shown · click to hide")
            if audience.sharing
            else _("Your cards hidden · click to show")
        )
        return [audience.count_words(), cards]

    def rect(self) -> pygame.Rect | None:
        lines = self.lines()
        return None if lines is None else tag_rect(self.board, lines)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            return False
        r = self.rect()
        if r is None or not r.collidepoint(e.pos):
            return False
        if e.type == pygame.MOUSEMOTION:
            want_hand()
            return False
        if e.button == 1:
            self.session.audience.share_view(not self.session.audience.sharing)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        lines = self.lines()
        if lines is not None:
            edge = skin.GOOD if self.session.audience.sharing else skin.BUTTON_EDGE
            draw_tag(surface, tag_rect(self.board, lines), lines, edge)
