"""What a networked table shows beyond a local one, as one table part: quick reactions (a
React button and a row of emotes; each reaction a bubble by its seat for a few seconds), a
mark on the seat of a camper who is away (and of the bot standing in), the connection's
state across the table ("Reconnecting…"), and the Leave button. It reads the remote
session (remote_session.py) and writes nothing of it but what the player sends.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.net.protocol import EMOTES
from game.ui import skin
from game.ui.kit.widgets import Button, draw_text, px

from .audience_mark import AudienceMark
from .remote_session import REACTION_SECONDS

WORDS = {"nice": "Nice!", "oops": "Oops", "thinking": "Hmm…", "good game": "Good game", "hello": "Hello!"}
WORDS["thanks"] = "Thanks!"


def emote_words(emote: str) -> str:
    return WORDS.get(emote, emote)


class NetMarks:
    def __init__(self, session, board, leave: Callable[[], None]) -> None:
        self.session, self.board = session, board
        self.open = False  # the row of emotes is shown
        self.react_button = Button("Quick reactions (Q)", self.toggle, pygame.K_q, size=16)
        self.leave_button = Button("Leave the table", leave, None, size=16)
        self.emotes = [
            Button(f"{k + 1} {emote_words(e)}", self._send(e), pygame.K_1 + k, size=14)
            for k, e in enumerate(EMOTES)
        ]
        self.audience = AudienceMark(session, board)  # "3 watching", the cards shared or not

    def buttons(self) -> list[Button]:
        """The sidebar's extra buttons (above How to play and Menu)."""
        return [self.react_button, self.leave_button]

    def toggle(self) -> None:
        self.open = not self.open

    def _send(self, emote: str) -> Callable[[], None]:
        def send() -> None:
            self.session.react(emote)
            self.open = False

        return send

    def handle_event(self, e: pygame.event.Event) -> bool:
        """True if the event was a reaction's (the row is open, or R opened it), or the
        audience mark's."""
        if self.audience.handle_event(e):
            return True
        if not self.open:
            return False
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.open = False
            return True
        if any(b.handle_event(e) for b in self.emotes):
            return True
        if e.type == pygame.MOUSEBUTTONDOWN:
            self.open = False  # a click elsewhere closes the row (and does what it does)
        return False

    # ---- drawing -----------------------------------------------------------------------------
    def areas(self) -> list[pygame.Rect]:
        """Where `draw` paints this frame (the table's backdrop redraws only there)."""
        out = [r for r, _ in self._bubbles()] + [r for r, _, _ in self._seat_marks()]
        banner = self._banner_rect()
        if banner is not None:
            out.append(banner)
        mark = self.audience.rect()
        if mark is not None:
            out.append(mark)
        if self.open:
            out += [b.rect.inflate(4, 4) for b in self.emotes]
        return [r.inflate(4, 4) for r in out]

    def _layout_emotes(self) -> None:
        r = self.react_button.rect
        x, y = r.x, r.y - px(8)
        for b in reversed(self.emotes):
            b.fit(8)
            b.rect.w = r.w
            b.rect.bottomleft = (x, y)
            y = b.rect.y - px(4)

    def _bubbles(self) -> list[tuple[pygame.Rect, str]]:
        out = []
        for seat, emote, age in self.session.live_reactions():
            if seat >= self.board.n:
                continue
            frame = self.board.frame(seat)
            img = skin.text(emote_words(emote), "text_bold", px(18), skin.CARD_INK)
            rect = img.get_rect().inflate(px(20), px(12))
            rise = int(px(10) * min(1.0, age / REACTION_SECONDS * 4))
            rect.midbottom = (frame.centerx, frame.y - px(2) - rise)
            rect.clamp_ip(self.board.layout.table)
            out.append((rect, emote))
        return out

    def _seat_marks(self) -> list[tuple[pygame.Rect, str, tuple]]:
        out = []
        for seat, info in enumerate(self.session.seats[: self.board.n]):
            if info.kind != "human" or info.connected:
                continue
            text = f"away · {info.stand_in} bot plays" if info.stand_in else "away · waiting"
            img = skin.text(text, "text", px(14), skin.INK)
            rect = img.get_rect().inflate(px(14), px(6))
            frame = self.board.frame(seat)
            rect.midtop = (frame.centerx, frame.bottom + px(2))
            rect.clamp_ip(self.board.layout.table)
            out.append((rect, text, skin.DANGER if not info.stand_in else skin.BUTTON))
        return out

    def _banner_text(self) -> str | None:
        s = self.session
        if s.status == "failed":
            return f"Connection lost: {s.why}"
        if s.lost:
            return "Reconnecting…"
        return None

    def _banner_rect(self) -> pygame.Rect | None:
        text = self._banner_text()
        if text is None:
            return None
        # Over the narration strip, where the table says what is happening (nothing happens
        # while the link is down); on the table it covered the top seat's name.
        return self.board.layout.narration.inflate(-px(4), -px(2))

    def draw(self, surface: pygame.Surface) -> None:
        self.audience.draw(surface)
        for rect, emote in self._bubbles():
            pygame.draw.rect(surface, skin.CARD_CREAM, rect, border_radius=px(12))
            pygame.draw.rect(surface, skin.ACCENT, rect, 2, border_radius=px(12))
            img = skin.text(emote_words(emote), "text_bold", px(18), skin.CARD_INK)
            surface.blit(img, img.get_rect(center=rect.center))
        for rect, text, colour in self._seat_marks():
            pygame.draw.rect(surface, colour, rect, border_radius=px(8))
            draw_text(surface, text, rect.center, 14, skin.INK, anchor="center")
        banner = self._banner_rect()
        if banner is not None:
            pygame.draw.rect(surface, skin.PANEL, banner, border_radius=px(8))
            pygame.draw.rect(surface, skin.DANGER, banner, 2, border_radius=px(8))
            draw_text(surface, self._banner_text(), banner.center, 18, skin.INK, anchor="center")
        if self.open:
            self._layout_emotes()
            for b in self.emotes:
                b.draw(surface)
