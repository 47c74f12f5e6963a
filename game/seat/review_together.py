"""The review together, on the desktop (docs/NETWORK-EXTENSIONS.md): the review screen
(`game/ui/scenes/review.py`) of a networked table's last game, kept at the position the
one who leads chose, for everyone in it.

`ReviewTogether` is the review screen's link to the table's session: it drains the session
once a frame, says where the lead has moved, sends this player's moves when they lead, takes
the lead, and leaves (the screen then goes on alone, where it was). `show_if_asked` is what
the lobby and the game-over screen call each frame: when the review together opens with
this player in it, the review screen comes up (and when a new game starts at the table, the
lobby takes the player to it).
"""

from __future__ import annotations

from game.lang import N_, _
from game.rules import RecordError, parse_record

from .words import someone

STARTED_WORDS = N_("The next game has started: the review together is over.")


class ReviewTogether:
    def __init__(self, session) -> None:
        self.session = session
        self.seen = -1  # the last `review` message acted on (its version)
        self.ended = ""  # why it ended for this player, in English (the screen says it, translated, once)
        self.active = True

    @property
    def leading(self) -> bool:
        return self.active and self.session.audience.leading

    def words(self) -> str:
        """Who leads and who is in it, in a line."""
        r = self.session.audience.review
        if not self.active:
            return _("Reviewing alone")
        members = r.names(r.members)
        if self.leading:
            return _("Together · You lead · with {names}", names=members)
        lead = (r.lead or {}).get("name")
        if not lead:
            return _("Together · Someone leads · with {names}", names=members)
        return _("Together · {name} leads · with {names}", name=someone(lead), names=members)

    def pump(self) -> int | None:
        """Drain the session: the position to show when the lead moved, else None (and once
        the review together is over for this player, `active` turns False)."""
        s = self.session
        s.pump()
        if not self.active:
            return None
        r = s.audience.review
        if s.started and s.playing:
            return self._end(STARTED_WORDS)
        if r.version == self.seen:
            return None
        self.seen = r.version
        if not r.open:
            return self._end(N_("The review together has ended: you go on alone."))
        if not s.audience.in_review:
            return self._end(N_("You left the review together: you go on alone."))
        return r.pos

    def _end(self, why: str) -> None:
        self.active, self.ended = False, why
        return None

    def go(self, pos: int) -> bool:
        """Move the review for everyone (this player leads), or say who does: False."""
        if not self.active:
            return True
        if not self.leading:
            return False
        self.session.audience.review_go(pos)
        return True

    def take_lead(self) -> None:
        if self.active:
            self.session.audience.review_lead()

    def leave(self) -> None:
        """Review alone from here (the others go on together)."""
        if self.active:
            self.session.audience.review_leave()
            self._end(N_("You review alone now."))


def show_if_asked(app, session) -> bool:
    """Each frame of the lobby or the game-over screen: bring the review together up when
    it is open with this player in it; True if it did."""
    if not session.audience.review_to_show() or session.record is None:
        return False
    session.audience.review_shown_now()  # closing it does not bring it back, a newer invitation does
    try:
        record = parse_record(session.record)
    except RecordError:
        return False
    names = list(session.players or []) or None  # as the table named them
    together = ReviewTogether(session)
    app.open("review", record, names, human=session.human, title=_("Review together"), together=together)
    return True
