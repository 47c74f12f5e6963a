"""What a networked table shows beyond a local one, as one table part: quick reactions (a
React button and a row of emotes; each reaction a bubble by its seat for a few seconds), a
mark on the seat of a camper who is away (and of the bot standing in), the connection's
state across the table ("Reconnecting…"), and the Leave button. It reads the remote
session (remote_session.py) and writes nothing of it but what the player sends.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from game.lang import N_, _
from game.net.protocol import EMOTES
from game.seat.remote_session import REACTION_SECONDS
from game.ui import skin
from game.ui.kit.widgets import Button, draw_text, px

from .audience_mark import AudienceMark

WORDS = {
    "nice": N_("Nice!"),
    "oops": N_("Oops"),
    "thinking": N_("Hmm…"),
    "good game": N_("Good game"),
    "hello": N_("Hello!"),
    "thanks": N_("Thanks!"),
}
"""A reaction's words by its code (the code crosses the network; each player reads the words
in their own language)."""


def emote_words(emote: str) -> str:
    return _(WORDS[emote]) if emote in WORDS else emote


class NetMarks:
    def __init__(self, session, board, leave: Callable[[], None]) -> None:
        self.session, self.board = session, board
        self.open = False  # the row of emotes is shown
        self.react_button = Button(_("Quick reactions (Q)"), self.toggle, pygame.K_q, size=16)
        self.leave_button = Button(_("Leave the table"), leave, None, size=16)
        self.emotes = [
            Button(f"{k + 1} {emote_words(e)}", self._send(e), pygame.K_1 + k, size=14)
            for k, e in enumerate(EMOTES)
        ]
        self.audience = AudienceMark(session, board)  # "3 watching", the cards shared or not

    def relabel(self) -> None:
        """The language changed: the buttons' words anew."""
        self.react_button.label, self.leave_button.label = _("Quick reactions (Q)"), _("Leave the table")
        for k, (b, e) in enumerate(zip(self.emotes, EMOTES, strict=True)):
            b.label = f"{k + 1} {emote_words(e)}"

    def buttons(self) -> list[Button]:
        """The sidebar's extra buttons (above How to play and Menu)."""
        return [self.react_button, self.leave_button]

    def toggle(self) -> None:
        self.open = not self.open

    def log_room(self) -> int:
        """The height the open row of emotes takes above the sidebar's buttons (the log ends
        above it, no line cut), or 0."""
        if not self.open:
            return 0
        return self.react_button.rect.y - self._emotes_panel().y

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
            out += [self._emotes_panel()]
        return [r.inflate(4, 4) for r in out]

    def _emotes_panel(self) -> pygame.Rect:
        """The ground under the open row of emotes: it hides the log it lies over."""
        self._layout_emotes()
        rect = self.emotes[0].rect.unionall([b.rect for b in self.emotes])
        side = self.board.layout.sidebar
        return pygame.Rect(side.x, rect.y - px(10), side.w, rect.h + px(18))

    def _layout_emotes(self) -> None:
        r = self.react_button.rect
        x, y = r.x, r.y - px(8)
        for b in reversed(self.emotes):
            b.fit(8)
            b.rect.w = r.w
            b.rect.bottomleft = (x, y)
            y = b.rect.y - px(4)

    def _bubbles(self) -> list[tuple[pygame.Rect, str]]:
        """Each reaction's bubble by its seat: above the campsite, else beside it, else below,
        wherever it covers no campsite, name, pile, held card or mark (the player's own:
        never above, where the prompt is)."""
        board, table = self.board, self.board.layout.table
        lay = board.layout
        taken = [board.frame(s).inflate(px(4), px(4)) for s in range(board.n)]
        taken.append(lay.deck_rect().union(lay.discard_rect()).inflate(px(16), px(56)))
        taken += [sp.rect() for sp in board.hands.values()] + [r for r, _, _ in self._seat_marks()]
        out = []
        for seat, emote, age in self.session.live_reactions():
            if seat >= board.n:
                continue
            img = skin.text(emote_words(emote), "text_bold", px(18), skin.CARD_INK)
            spots = _spots(img.get_rect().inflate(px(20), px(12)), board.frame(seat), seat == lay.bottom)
            free = [r for r in spots if table.contains(r) and r.collidelist(taken) < 0]
            rect = free[0] if free else spots[0].clamp(table)
            taken.append(rect)
            # the bubble rises a little as it comes; with reduced motion it stands still
            rise = 0 if board.drawing.calm else int(px(10) * min(1.0, age / REACTION_SECONDS * 4))
            out.append((rect.move(0, -rise).clamp(table), emote))
        return out

    def _seat_marks(self) -> list[tuple[pygame.Rect, str, tuple]]:
        """An absent camper's mark under their campsite: the one word of their state, with
        the countdown to their stand-in (their label says nothing of thinking meanwhile)."""
        out = []
        now = time.monotonic()
        for seat, info in enumerate(self.session.seats[: self.board.n]):
            text = info.away_words(now)
            if not text:
                continue
            img = skin.text(text, "text", px(14), skin.INK)
            rect = img.get_rect().inflate(px(14), px(6))
            frame = self.board.frame(seat)
            rect.midtop = (frame.centerx, frame.bottom + px(2))
            held = self.board.hands.get(seat)  # the card their stand-in holds lies there: beside it
            if held is not None and rect.colliderect(held.rect()):
                card = held.rect()
                rect.midleft = (card.right + px(6), card.centery)
                if rect.right > self.board.layout.table.right:
                    rect.midright = (card.x - px(6), card.centery)
            rect.clamp_ip(self.board.layout.table)
            plays = info.bot_plays(now)  # a bot plays for them now: no alarm
            out.append((rect, text, skin.BUTTON if plays else skin.DANGER))
        return out

    def _banner_text(self) -> str | None:
        s = self.session
        if s.status == "failed":
            return _("Connection lost: {why}", why=s.why)
        if s.lost:
            return _("Reconnecting…")
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
            ground = self._emotes_panel()
            pygame.draw.rect(surface, skin.PANEL, ground)
            pygame.draw.line(surface, (60, 70, 76), ground.topleft, ground.topright)
            for b in self.emotes:
                b.draw(surface)


def _spots(bubble: pygame.Rect, frame: pygame.Rect, mine: bool) -> list[pygame.Rect]:
    """Where a bubble may stand by a campsite's `frame`, in order of preference."""
    gap, line = px(8), frame.y + px(14)  # beside: level with the name line
    above = bubble.copy()
    above.midbottom = (frame.centerx, frame.y - px(2))
    right, left, below = bubble.copy(), bubble.copy(), bubble.copy()
    right.midleft = (frame.right + gap, line)
    left.midright = (frame.x - gap, line)
    below.midtop = (frame.centerx, frame.bottom + px(2))
    if mine:
        return [right, left, above]
    # below, the away mark or a held card may stand: then along the frame beside them, or lower
    steps = range(frame.x, max(frame.x, frame.right - below.w) + 1, px(16))
    row = [below.move(x - below.x, 0) for x in steps]
    return [above, right, left, below, *row, *(r.move(0, below.h + px(4)) for r in [below, *row])]
