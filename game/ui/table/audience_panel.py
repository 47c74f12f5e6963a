"""The lobby's part about the audience (docs/NETWORK-EXTENSIONS.md): a line that lists who
watches the table ("2 watching: Bea, Cy", or that the host closed it to watchers), and
the buttons that fit the player: a camper lets watchers follow their cards or not (W), the
host opens or closes the table to watchers (O), a watcher picks whose cards to follow (F),
and anyone may join a review together that is open without them (J). It reads the remote
session and writes nothing of it but what the player asks.
"""

from __future__ import annotations

import pygame

from game.lang import _, ngettext
from game.seat.words import is_you
from game.ui import skin
from game.ui.kit.widgets import Button, draw_text

NAMES_SHOWN = 5  # watchers named in the line; the rest counted


class AudiencePanel:
    def __init__(self, session) -> None:
        self.session = session
        self.share_button = Button("", self.toggle_share, pygame.K_w, size=16)
        self.open_button = Button("", self.toggle_open, pygame.K_o, size=16)
        self.follow_button = Button("", self.next_follow, pygame.K_f, size=16)
        self.review_button = Button(
            _("Join the review together (J)"), session.audience.review_open, pygame.K_j, size=16
        )

    def toggle_share(self) -> None:
        self.session.audience.share_view(not self.session.audience.sharing)

    def toggle_open(self) -> None:
        self.session.audience.allow_watching(not self.session.audience.open)

    def next_follow(self) -> None:
        self.session.next_follow()

    def buttons(self) -> list[Button]:
        """The buttons that fit the player now, labelled as things stand."""
        s = self.session
        out = []
        if s.watcher:
            names = s.seat_names() if s.seats else []
            wanted = getattr(s, "wanted", None)
            if wanted is None or wanted >= len(names):
                self.follow_button.label = _("Watching: the public table (F)")
            elif is_you(names[wanted]):
                self.follow_button.label = _("Watching: your cards (F)")
            else:
                self.follow_button.label = _("Watching: {name}'s cards (F)", name=names[wanted])
            if s.followable() or wanted is not None:
                out.append(self.follow_button)
        elif s.human is not None and s.seats:
            if s.audience.sharing:
                self.share_button.label = _("Watchers see my cards: yes (W)")
            else:
                self.share_button.label = _("Watchers see my cards: no (W)")
            out.append(self.share_button)
            if s.is_host:
                self.open_button.label = (
                    _("Watching: open (O)") if s.audience.open else _("Watching: closed (O)")
                )
                out.append(self.open_button)
        r = s.audience.review
        if r.open and not s.audience.in_review and s.record is not None:
            out.append(self.review_button)
        return out

    def line(self) -> str | None:
        """Who watches, in a line (None while nobody does and the table is open)."""
        a = self.session.audience
        if not a.open:
            return _("The host has closed this table to watchers.")
        if not a.watchers:
            return None
        seats = self.session.seat_names() if self.session.seats else []
        names = ", ".join(self._watcher(w, seats) for w in a.watchers[:NAMES_SHOWN])
        more = len(a.watchers) - NAMES_SHOWN
        if more > 0:
            return ngettext(
                "{watching}: {names} and {n} more",
                "{watching}: {names} and {n} more",
                more,
                watching=a.count_words(),
                names=names,
            )
        return _("{watching}: {names}", watching=a.count_words(), names=names)

    @staticmethod
    def _watcher(w, seats: list[str]) -> str:
        """A watcher's name, and whose cards they follow: "Cy (Bea's cards)"."""
        if w.follows is None or w.follows >= len(seats):
            return w.name
        if is_you(seats[w.follows]):
            return _("{name} (your cards)", name=w.name)
        return _("{name} ({seat}'s cards)", name=w.name, seat=seats[w.follows])

    def draw_line(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        line = self.line()
        if line is not None:
            draw_text(surface, line, pos, 15, skin.MUTED, anchor="midtop")
