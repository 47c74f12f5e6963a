"""A networked table's word about its audience, for the campers at it: "3 watching", and
whether watchers may follow this camper's cards (W, or a click on the mark, switches it).
Shown only once someone watches or the camper shares their cards, so a table nobody
watches looks as it always did. A part of the table's network marks (net_marks.py); it
writes nothing of the session but what the player asks.
"""

from __future__ import annotations

import pygame

from game.ui import skin
from game.ui.kit.widgets import draw_text, px

KEY = pygame.K_w


class AudienceMark:
    def __init__(self, session, board) -> None:
        self.session, self.board = session, board

    def text(self) -> str | None:
        s = self.session
        audience = getattr(s, "audience", None)
        if audience is None or s.human is None or not (audience.watchers or s.sharing):
            return None
        cards = "they may follow your cards" if s.sharing else "your cards stay hidden"
        return f"{audience.count_words()} · {cards} (W)"

    def rect(self) -> pygame.Rect | None:
        text = self.text()
        if text is None:
            return None
        img = skin.text(text, "text", px(14), skin.INK)
        r = img.get_rect().inflate(px(16), px(8))
        table = self.board.layout.table
        r.topleft = (table.x + px(8), table.y + px(6))
        return r

    def handle_event(self, e: pygame.event.Event) -> bool:
        r = self.rect()
        if r is None:
            return False
        hit = e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and r.collidepoint(e.pos)
        if hit or (e.type == pygame.KEYDOWN and e.key == KEY):
            self.session.share_view(not self.session.sharing)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect()
        if r is None:
            return
        pygame.draw.rect(surface, skin.PANEL, r, border_radius=px(8))
        edge = skin.GOOD if self.session.sharing else skin.BUTTON_EDGE
        pygame.draw.rect(surface, edge, r, 2, border_radius=px(8))
        draw_text(surface, self.text(), r.center, 14, skin.INK, anchor="center")
