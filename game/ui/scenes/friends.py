"""Play with friends: join a friend's table (an invitation pasted, or its address and code
typed) or host one (the next screen), or return to a table this game still holds a seat at
(kept from an earlier run: game/files/table_seats.py), or watch one (the same invitation or
code, no seat). The player's name is the one the settings keep (the new-game form's); it can
be changed here, and one is asked for before anything is sent (the local default "You" would
name someone else at every other seat). What this screen has to tell (a kept-seats file set
aside) it says itself, under its title."""

from __future__ import annotations

import pygame

from game.files.table_seats import TableSeat, forget_seat, table_seats
from game.lang import _, pgettext
from game.seat.invite import InviteError, join_target
from game.ui import skin
from game.ui.kit.letter_picker import ADDRESS_LETTERS, CODE_LETTERS
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, TextField, draw_text, fit_text, px, wrap
from game.ui.table.connect import chosen_name, join_table, read_clipboard, return_to_table, watch_table

SHOWN_SEATS = 2  # kept seats offered at once (the newest)


class FriendsScene(Scene):
    # Laid out for text at 100 % for now: a larger text size shows here at 100 % (the kit's
    # app wears it for the screen on top), never over its neighbours.
    text_limit = 100

    def __init__(self, app) -> None:
        super().__init__(app)
        self.name = TextField(chosen_name(app.settings.player_name), 16)
        self.name_missing = False  # Host or Join was asked with no name: the field says so
        self.notes: list[str] = []  # what this screen has to tell (a kept file set aside)
        self.address = TextField("", 300, width=420)
        self.code = TextField("", 12, width=160)
        self.address.letters, self.code.letters = ADDRESS_LETTERS, CODE_LETTERS  # a pad's letter picker
        self.problem = ""
        # Ctrl with the letter: a plain H or W is typed into the field that has the caret, and
        # the one button Enter presses (Join) alone wears the default's border.
        self.host_button = Button("", self.host, None, size=22)
        self.paste_button = Button("", self.paste, None, size=16)
        self.join_button = Button("", self.join, pygame.K_RETURN, size=22, primary=True)
        self.watch_button = Button("", self.watch, None, size=20)
        self.back = Button("", self.app.pop, pygame.K_ESCAPE, size=20)
        # the typing starts where it is needed: a name first (friends read it), else the address
        (self.address if self.name.value else self.name).focused = True
        self.kept: list[TableSeat] = []
        self.returns: list[tuple[TableSeat, Button, Button]] = []
        self.words()
        if app.persist:
            self.kept, note = table_seats()
            if note:  # said here, on the screen that read the file (app.tell comes to `warn`)
                self.warn(note)
        self._offer()

    def words(self) -> None:
        """The buttons' and fields' words in the language spoken now (set at every frame: a
        language switched meanwhile is spoken at once)."""
        self.name.placeholder = _("type your name")
        self.address.placeholder = _("scram://HOST:PORT/CODE or an address")
        self.code.placeholder = pgettext("a table's code, in its empty field", "CODE")
        # what the letter picker's panel calls the fields (the address: its placeholder)
        self.name.title, self.code.title = _("Your name"), pgettext("a table's code", "Code")
        self.host_button.label = _("Host a table (Ctrl+H)")
        self.paste_button.label = _("Paste (Ctrl+V)")
        self.join_button.label = _("Join (Enter)")
        self.watch_button.label = _("Watch (Ctrl+W)")
        self.back.label = _("Back (Esc)")
        for n, (kept, back, forget) in enumerate(self.returns):
            back.label = self.return_label(kept, n)
            forget.label = _("Forget")

    def return_label(self, kept: TableSeat, n: int) -> str:
        if n == 0:
            return _("Return to table {code} (R)", code=kept.code)
        return _("Return to table {code}", code=kept.code)

    def warn(self, line: str) -> None:
        """A line for the player on this screen (the app's `tell` comes here while it is on top)."""
        self.notes = [*self.notes, line][-2:]

    def _offer(self) -> None:
        """A "Return to table CODE" button (the first on R) and a Forget for each kept seat."""
        self.returns = []
        for n, kept in enumerate(self.kept[:SHOWN_SEATS]):
            back = Button(
                self.return_label(kept, n), self._return(kept), pygame.K_r if n == 0 else None, size=20
            )
            self.returns.append((kept, back, Button(_("Forget"), self._forget(kept), None, size=16)))

    def _return(self, kept: TableSeat):
        def back() -> None:
            name = self.keep_name()
            if name:
                return_to_table(self.app, kept, name)

        return back

    def _forget(self, kept: TableSeat):
        def forget() -> None:
            note = forget_seat(kept.url, kept.code)
            if note:
                self.warn(note)
            self.kept = [k for k in self.kept if k != kept]
            self._offer()

        return forget

    def fields(self) -> list[TextField]:
        return [self.name, self.address, self.code]

    def keep_name(self) -> str:
        """The name typed (kept in the settings), or "" after asking for one: friends see
        it at their table, so the local default "You" is never sent as a name."""
        name = chosen_name(self.name.value)
        if not name:
            self.name_missing = True
            for f in self.fields():
                f.focused = f is self.name
            self.app.focus_ring.put(self, self.name)  # a pad's focus goes there too
            return ""
        self.name_missing = False
        if name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self.app.save_settings()
        return name

    def host(self) -> None:
        if self.keep_name():
            self.app.open("host_table")

    def paste(self) -> None:
        text = read_clipboard()
        if text:
            self.address.value = " ".join(text.split())[: self.address.max_len]
            self.address.focused, self.code.focused = True, False

    def join(self, watch: bool = False) -> None:
        try:
            invite = join_target(self.address.value, self.code.value)
        except InviteError as e:
            self.problem = str(e)
            return
        self.problem = ""
        name = self.keep_name()
        if name:
            (watch_table if watch else join_table)(self.app, invite, name)

    def watch(self) -> None:
        """Watch the table (a spectator: no seat, the public cards only)."""
        self.join(watch=True)

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_v and e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.paste()
            return
        ctrl = e.type == pygame.KEYDOWN and e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and e.key in (pygame.K_h, pygame.K_w):
            (self.host if e.key == pygame.K_h else self.watch)()
            return
        if e.type == pygame.MOUSEBUTTONDOWN:  # a click focuses one field and leaves the others:
            hit = [f.handle_event(e) for f in self.fields()]  # one caret at a time
            if any(hit):
                return
        for f in self.fields():
            if (
                e.type != pygame.MOUSEBUTTONDOWN
                and f.handle_event(e)
                and (e.type != pygame.KEYDOWN or e.key not in (pygame.K_RETURN, pygame.K_ESCAPE))
            ):
                return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_TAB:
            self._next_field()
            return
        buttons = [self.paste_button, self.join_button, self.back]
        buttons += [b for _, back, forget in self.returns for b in (back, forget)]
        buttons += [self.host_button, self.watch_button]  # clicked (their keys are above)
        for b in buttons:
            if b.handle_event(e):
                return

    def _next_field(self) -> None:
        fields = self.fields()
        k = next((i for i, f in enumerate(fields) if f.focused), -1)
        for f in fields:
            f.focused = False
        fields[(k + 1) % len(fields)].focused = True

    def draw(self, surface: pygame.Surface) -> None:
        self.words()
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        x0 = cx - px(300)
        y = self.draw_heading(surface, cx, max(px(20), h // 2 - px(300)))
        y = self.draw_name(surface, x0, y)
        if self.returns:
            y = self.draw_returns(surface, x0, y)
        draw_text(surface, _("Host a table"), (x0, y), 26, skin.INK, "display")
        y += px(38)
        for line in wrap(
            _("This computer or a server holds the table: choose its size and bots, then share the code."),
            16,
            px(600),
        ):
            draw_text(surface, line, (x0, y), 16, skin.MUTED)
            y += px(20)
        self.host_button.fit()
        self.host_button.rect.topleft = (x0, y + px(8))
        self.host_button.draw(surface)
        y = self.draw_join(surface, x0, y + px(84))
        self.back.fit()
        self.back.rect.midbottom = (cx, h - px(24))
        if self.back.rect.top < y + px(24):  # kept seats on a short window: no room below
            self.back.rect.midleft = (self.watch_button.rect.right + px(20), self.join_button.rect.centery)
            if self.back.rect.right > w - px(8):  # nor beside Watch (long words): the top corner
                self.back.rect.topleft = (px(12), px(12))
        self.back.draw(surface)

    def draw_heading(self, surface: pygame.Surface, cx: int, y: int) -> int:
        """The title, or a smaller one with this screen's notes under it; the next y."""
        if self.notes:  # what this screen has to tell takes the title's room: it fits any window
            draw_text(surface, _("Play with friends"), (cx, y), 30, skin.ACCENT, "display", "midtop")
            lines = wrap(" ".join(self.notes), 14, px(640))
            if len(lines) > 2:
                lines = [lines[0], fit_text(" ".join(lines[1:]), 14, px(640))]
            for k, line in enumerate(lines):
                draw_text(surface, line, (cx, y + px(40) + k * px(18)), 14, skin.DANGER, anchor="midtop")
        else:
            draw_text(surface, _("Play with friends"), (cx, y), 48, skin.ACCENT, "display", "midtop")
        return y + px(80)

    def draw_name(self, surface: pygame.Surface, x0: int, y: int) -> int:
        """The player's name field and what it is for; the next y."""
        draw_text(surface, _("Your name"), (x0, y + px(8)), 18, skin.INK)
        self.name.rect.topleft = (x0 + px(120), y)
        self.name.draw(surface)
        missing = self.name_missing and not self.name.value.strip()
        ask = _("Type a name first.") if missing else _("Friends see this name.")
        at = (self.name.rect.right + px(14), self.name.rect.centery)
        draw_text(surface, ask, at, 16, skin.DANGER if missing else skin.MUTED, anchor="midleft")
        return y + px(64)

    def draw_join(self, surface: pygame.Surface, x0: int, y: int) -> int:
        """Join a table: the hint or the join's problem, address, code and Join; the next y."""
        draw_text(surface, _("Join a table"), (x0, y), 26, skin.INK, "display")
        y += px(38)
        # A join's problem takes the place of the hint above the fields it is about, so it
        # stays in sight when kept seats fill a short window.
        hint = _("Paste the invitation, or type the host's address and the table's code.")
        draw_text(surface, self.problem or hint, (x0, y), 16, skin.DANGER if self.problem else skin.MUTED)
        y += px(30)
        self.address.rect.topleft = (x0, y)
        self.address.draw(surface)
        self.paste_button.fit(10)
        self.paste_button.rect.midleft = (x0 + px(436), self.address.rect.centery)
        self.paste_button.draw(surface)
        y += px(50)
        draw_text(surface, pgettext("a table's code", "Code"), (x0, y + px(8)), 18, skin.INK)
        self.code.rect.topleft = (x0 + px(70), y)
        self.code.draw(surface)
        self.join_button.fit()
        self.join_button.rect.topleft = (x0 + px(250), y - px(2))
        self.join_button.draw(surface)
        self.watch_button.fit()
        self.watch_button.rect.midleft = (self.join_button.rect.right + px(12), self.join_button.rect.centery)
        self.watch_button.draw(surface)
        return y + px(56)

    def draw_returns(self, surface: pygame.Surface, x0: int, y: int) -> int:
        """The kept seats: where each is, with its Return and Forget buttons; the next y."""
        draw_text(surface, _("Your seat is waiting"), (x0, y), 26, skin.INK, "display")
        y += px(40)
        for kept, back, forget in self.returns:
            back.fit()
            back.rect.topleft = (x0, y)
            back.draw(surface)
            where = kept.url.partition("://")[2].rstrip("/")
            if kept.port:
                what = _("seat {seat} · hosted by this computer", seat=kept.seat + 1)
            else:
                what = _("seat {seat} · {where}", seat=kept.seat + 1, where=where)
            forget.fit(10)
            forget.rect.midright = (x0 + px(600), back.rect.centery)
            what = fit_text(what, 16, forget.rect.x - px(8) - (back.rect.right + px(14)))
            draw_text(
                surface,
                what,
                (back.rect.right + px(14), back.rect.centery),
                16,
                skin.MUTED,
                "text",
                "midleft",
            )
            forget.draw(surface)
            y += px(52)
        return y + px(12)
