"""What a watcher's table shows beyond a camper's (a part of the table scene, for a
`WatchSession`): a tag that says whose cards are shown (the public table, or the seat it
follows, named), "N watching"; the buttons Follow (F: the next seat whose camper lets
watchers follow it, round to the public table) and Stop watching. Reactions, the away marks
and "Reconnecting…" are the network marks' own (net_marks.py). There is no prompt: the
watcher decides nothing.
"""

from __future__ import annotations

import pygame

from game.lang import _
from game.ui import skin
from game.ui.kit.widgets import Button

from .audience_mark import draw_tag, tag_rect
from .net_marks import NetMarks


class WatchMarks(NetMarks):
    def __init__(self, session, board, leave) -> None:
        super().__init__(session, board, leave)
        self.follow_button = Button(_("Follow a camper (F)"), session.next_follow, pygame.K_f, size=16)
        self.leave_button.label = _("Stop watching")

    def relabel(self) -> None:
        super().relabel()
        self.leave_button.label = _("Stop watching")

    def buttons(self) -> list[Button]:
        return [self.follow_button, self.leave_button]

    def handle_event(self, e: pygame.event.Event) -> bool:
        return False  # a watcher sends no reactions: its buttons are the sidebar's

    def tag_lines(self) -> list[str]:
        s = self.session
        names = s.players or s.seat_names()
        if s.follows is None:
            eyes = _("You watch the public table")
        elif s.follows < len(names):
            eyes = _("You watch {name}'s cards", name=names[s.follows])
        else:
            eyes = _("You watch the cards of seat {seat}", seat=s.follows + 1)
        return [eyes, s.audience.count_words() if s.audience.watchers else _("watching")]

    def tag(self) -> str:
        return " · ".join(self.tag_lines())

    def _tag_rect(self) -> pygame.Rect:
        """At the right end of the band a player's prompt would take (a watcher has none)."""
        return tag_rect(self.board, self.tag_lines())

    def areas(self) -> list[pygame.Rect]:
        return [*super().areas(), self._tag_rect().inflate(4, 4)]

    def draw(self, surface: pygame.Surface) -> None:
        s = self.session
        choices = s.followable()
        if s.follows is not None:
            self.follow_button.label = _("Public table (F)") if len(choices) < 2 else _("Follow the next (F)")
        else:
            self.follow_button.label = _("Follow a camper (F)") if choices else _("Nobody to follow yet")
        self.follow_button.enabled = bool(choices) or s.follows is not None
        self.follow_button.why = _("no camper lets watchers follow their cards")
        super().draw(surface)
        draw_tag(surface, self._tag_rect(), self.tag_lines(), skin.ACCENT)
