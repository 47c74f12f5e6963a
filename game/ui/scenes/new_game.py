"""New game: the mode, the bots' levels (per team, or per seat, with a line saying what each
level does), the player's name, an optional seed and the memory aid. Everything has a
default (the table is the last one chosen, kept in the settings), so Enter starts a game
at once. A 3-camper table says in a line who is favoured."""

from __future__ import annotations

import pygame

from ai import LEVEL_LINES
from game.files.text import parse_seed
from game.lang import N_, _, ngettext, pgettext
from game.rules.cards import team_of
from game.seat.bots import bot_levels
from game.seat.start import seat_names, start_game
from game.ui import skin
from game.ui.kit.letter_picker import DIGITS
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, TextField, draw_text, line_step, px, row_of, wrap

# (label, campers, the player's seat, its name in the settings' TABLES); the labels are
# translated where they are drawn
MODES = [
    (N_("4 campers (2 vs 2)"), 4, 0, "4"),
    (N_("6 campers (3 vs 3)"), 6, 0, "6"),
    (N_("3 campers: in the duo"), 3, 1, "3 duo"),
    (N_("3 campers: the solo"), 3, 0, "3 solo"),
]
# What the 3-camper game is like with equal bots (python -m ai.tournament --campers 3
# --no-duplicate, 2000 games a level: see docs/LEARN.md); the rules as written favour the solo.
THREE_LINE = N_("With equal players the solo wins about {share} of 3-camper games: the duo is the challenge.")
SOLO_SHARE = 86  # per cent
ROW = 46  # the height of one line of the form
LINE = 18  # the height of one line of the levels' descriptions
LINE_SIZE = 14

SEED_DIGITS = "0123456789"  # the field takes ASCII digits; game.files.text.parse_seed reads them
DEFAULT_NAME = "You"  # the settings' default name (game/files/settings.py), shown translated


def level_name(level: str) -> str:
    """A bot level's name in the current language (the level's own name if it has none)."""
    names = {
        "greenhorn": pgettext("bot level", "greenhorn"),
        "scout": pgettext("bot level", "scout"),
        "ranger": pgettext("bot level", "ranger"),
        "trailblazer": pgettext("bot level", "trailblazer"),
        "random": pgettext("bot level", "random"),
    }
    return names.get(level, level)


def level_line(level: str) -> str:
    """What a bot level does in the current language, made from the level's knobs as
    ai.LEVEL_LINES makes it (in English, the same line), so it stays true."""
    try:
        from ai.levels import LEVEL_PARAMS

        p = LEVEL_PARAMS[level]
    except (ImportError, KeyError):
        return LEVEL_LINES.get(level, "")
    if p.slots is None:
        memory = _("Remembers every card it has seen")
    else:
        memory = ngettext(
            "Remembers {n} face-down card (it fades)", "Remembers {n} face-down cards (they fade)", p.slots
        )
    counting = _("counts the cards gone by") if p.counting else _("does not count cards")
    if p.scram == "search":
        thinking = _("plays its choices out over guessed tables before deciding")
    elif p.scram == "sample":
        thinking = _("reads the other campers' moves, weighs risks, does not search")
    elif p.noise:
        thinking = _("plays by rules of thumb, sometimes carelessly, no search")
    else:
        thinking = _("plays by rules of thumb, no search")
    # TRANSLATORS: a bot level's three parts: what it remembers, whether it counts, how it thinks
    return _("{memory}; {counting}; {thinking}.", memory=memory, counting=counting, thinking=thinking)


class NewGameScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.levels = bot_levels()
        names = [m[3] for m in MODES]
        self.mode = names.index(app.settings.table) if app.settings.table in names else 0
        middle = self.levels[min(len(self.levels) - 1, len(self.levels) // 2)]
        self.mate_level = middle
        self.foe_level = middle
        self.per_seat = False
        self.seat_level: dict[int, str] = {}  # per seat (when `per_seat`), by seat number
        kept = app.settings.player_name
        # the default name in the player's language ("Du", "Toi"); a name of their own as it is
        self.name = TextField(pgettext("player name", "You") if kept == DEFAULT_NAME else kept, 16)
        self.seed = TextField("", 10, lambda ch: ch in SEED_DIGITS, width=160)
        self.seed.letters = DIGITS  # what a pad's letter picker offers
        self.mode_buttons = [
            Button(label, self._pick(i), None, size=18) for i, (label, *_rest) in enumerate(MODES)
        ]
        self.aid_button = Button("", self.toggle_aid, pygame.K_F3, size=16)
        self.mate_button = Button("", self.cycle_mate, None, size=18)
        self.foe_button = Button("", self.cycle_foe, None, size=18)
        self.per_seat_button = Button("", self.toggle_per_seat, pygame.K_F2, size=16)
        self.seat_buttons: dict[int, Button] = {}
        self.start = Button("", self.go, pygame.K_RETURN, size=24, primary=True)
        self.back = Button("", self.app.pop, pygame.K_ESCAPE, size=20)
        self._labels: list[tuple[str, tuple[int, int], int, tuple, str, str]] = []
        self._bands: list[tuple[pygame.Rect, tuple]] = []  # team colour marks by the bots' names
        self.line_size = LINE_SIZE  # the levels' lines' size (smaller in a short window)
        self.squeeze = 0  # large text in a short window: 1, only the levels in play are told; 2, none

    # ---- choices --------------------------------------------------------------------------
    @property
    def campers(self) -> int:
        return MODES[self.mode][1]

    @property
    def human(self) -> int:
        return MODES[self.mode][2]

    def _pick(self, i: int):
        def pick() -> None:
            self.mode = i

        return pick

    def toggle_aid(self) -> None:
        """The memory aid (Settings has it too): marks on the cards you have seen."""
        self.app.settings.memory_aid = not self.app.settings.memory_aid
        self.app.save_settings()

    def _cycle(self, level: str) -> str:
        return self.levels[(self.levels.index(level) + 1) % len(self.levels)]

    def cycle_mate(self) -> None:
        self.mate_level = self._cycle(self.mate_level)

    def cycle_foe(self) -> None:
        self.foe_level = self._cycle(self.foe_level)

    def toggle_per_seat(self) -> None:
        self.per_seat = not self.per_seat
        self.seat_level = {}  # per seat starts from the team levels chosen so far

    def team_level(self, seat: int) -> str:
        mine = team_of(self.human, self.campers)
        return self.mate_level if team_of(seat, self.campers) == mine else self.foe_level

    def level_of(self, seat: int) -> str:
        if self.per_seat:
            return self.seat_level.get(seat, self.team_level(seat))
        return self.team_level(seat)

    def _cycle_seat(self, seat: int):
        def cycle() -> None:
            self.seat_level[seat] = self._cycle(self.level_of(seat))

        return cycle

    def bot_seats(self) -> tuple[list[int], list[int]]:
        """The bots' seats: teammates, then opponents (each in seat order)."""
        mine = team_of(self.human, self.campers)
        bots = [s for s in range(self.campers) if s != self.human]
        return [s for s in bots if team_of(s, self.campers) == mine], [
            s for s in bots if team_of(s, self.campers) != mine
        ]

    def player_name(self) -> str:
        return self.name.value.strip() or pgettext("player name", "You")

    def go(self) -> None:
        campers, human = self.campers, self.human
        name = self.player_name()
        table = MODES[self.mode][3]
        # the default name is kept as the default, not as the word of the language spoken
        # now ("Tú"), so that it is said anew in another language
        kept = DEFAULT_NAME if name == pgettext("player name", "You") else name
        if (kept, table) != (self.app.settings.player_name, self.app.settings.table):
            self.app.settings.player_name = kept
            self.app.settings.table = table  # the next New game starts from this table
            self.app.save_settings()
        levels: list[str | None] = [None if s == human else self.level_of(s) for s in range(campers)]
        seed = parse_seed(self.seed.value)
        start_game(self.app, campers, human, seat_names(campers, human, name), levels, seed)

    # ---- events ---------------------------------------------------------------------------
    def handle_event(self, e: pygame.event.Event) -> None:
        if self.name.handle_event(e) or self.seed.handle_event(e):
            if e.type != pygame.KEYDOWN or e.key not in (pygame.K_RETURN, pygame.K_ESCAPE):
                return
        seat_buttons = list(self.seat_buttons.values()) if self.per_seat else []
        team_buttons = [] if self.per_seat else [self.mate_button, self.foe_button]
        choices = [*self.mode_buttons, *team_buttons, *seat_buttons, self.per_seat_button, self.aid_button]
        for b in [*choices, self.start, self.back]:
            if b.handle_event(e):
                return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_UP, pygame.K_DOWN):
            self.mode = (self.mode + (1 if e.key == pygame.K_DOWN else -1)) % len(MODES)

    # ---- drawing --------------------------------------------------------------------------
    def _text(
        self, message: str, pos: tuple[int, int], size: int, color: tuple, kind="text", anchor="topleft"
    ) -> None:
        self._labels.append((message, pos, size, color, kind, anchor))

    def layout(self, size: tuple[int, int]) -> None:
        """Place every widget and label for a window of `size`. Large text in a window too
        short for the whole form tells only the levels the bots play, then none."""
        for squeeze in range(3 if skin.text_scale() > 1 else 1):
            self.squeeze = squeeze
            if self.place(size) <= size[1] - px(6):
                return

    def place(self, size: tuple[int, int]) -> int:
        """Place every widget and label (the form is centred); returns where the form ends
        (its buttons are held inside the window)."""
        w, h = size
        self._labels = []
        self._bands = []
        mates, foes = self.bot_seats()
        bot_rows = 1 if not self.per_seat else max(len(mates), len(foes))
        rows = 2 + bot_rows + 1
        row, title_gap, step, fixed = self.fit_height(w, h, rows)
        described = self.level_lines(w)  # in the size fit_height chose
        total = fixed + rows * row
        y = max(px(12), (h - total) // 2)
        cx = w // 2
        x0 = cx - px(300)
        self.seed.placeholder = pgettext("seed", "random")
        self.start.label = _("Start (Enter)")
        self.back.label = _("Back (Esc)")
        self._text(_("New game"), (cx, y), 48, skin.ACCENT, "display", "midtop")
        y += title_gap
        self._text(pgettext("new game", "Table"), (x0, y), 22, skin.INK, "display")
        y += px(34)
        for i, b in enumerate(self.mode_buttons):
            b.label = _(MODES[i][0])
            b.fit()
            b.rect.w = px(290)
            b.rect.topleft = (x0 + (i % 2) * px(310), y + (i // 2) * row)
            b.glow = b.primary = i == self.mode
        y += 2 * row
        if self.campers == 3:
            said = wrap(
                _(THREE_LINE, share=_("{percent}%", percent=SOLO_SHARE)),
                LINE_SIZE,
                min(w - px(16), cx + px(480)) - x0,
            )
            step = line_step(LINE, "text", LINE_SIZE)  # as the text size grows
            top = max(y - px(4), self.mode_buttons[-1].rect.bottom + px(1))
            for k, line in enumerate(said):
                self._text(line, (x0, top + k * step), LINE_SIZE, skin.HIGHLIGHT)
            y = top + px(4) + step * (len(said) - 1)
        y += px(LINE) + px(16)
        self._text(_("Bots"), (x0, y), 22, skin.INK, "display")
        self.per_seat_button.label = (
            _("Levels: per seat (F2)") if self.per_seat else _("Levels: per team (F2)")
        )
        self.per_seat_button.fit(12)
        self.per_seat_button.rect.topright = (x0 + px(600), y - px(2))
        y = max(y + px(34), self.per_seat_button.rect.bottom + px(2))
        if self.per_seat:
            self.layout_seats(x0, y, row, mates, foes)
        else:
            self.layout_teams(x0, y, mates)
        # under the levels' buttons, however tall the text size makes them
        shown = [b.rect.bottom for b in self.seat_buttons.values()] if self.per_seat else []
        y = max([y + bot_rows * row + px(16), *(bottom + px(2) for bottom in shown)])
        self.layout_name_seed(x0, y)
        y += row + px(4)
        y = max(y + px(40), self.layout_aid(x0, y, w) + px(4))
        y = self.layout_levels(self.levels_left(w), y, described)
        want = y + step + px(34)  # the buttons under the last line, never below the window
        row_of([self.back, self.start], (cx, min(want, h - px(6) - self.start.fit().rect.h // 2)))
        return want + self.start.rect.h // 2

    def fit_height(self, w: int, h: int, rows: int) -> tuple[int, int, int, int]:
        """How the form fits a window `h` high: the rows' height, the gap under the title,
        the levels' line step and the height of all but the rows. A short window brings the
        rows closer, then takes air from under the title, then draws the levels' lines in
        smaller letters (a long language's lines wrap more)."""
        least = line_step(0, "text", 18, 14)  # a button's height at a larger text size
        row = max(px(ROW), least + px(4))
        # Title, table, bots, name and seed (one line), the levels' lines, buttons.
        self.line_size = LINE_SIZE
        described = self.level_lines(w)
        lines = sum(len(parts) for _, parts in described)
        step = self.line_step()
        # the headings' and buttons' room grows with the text size
        grow = skin.font("text", px(18)).get_height() / skin.face("text", px(18)).get_height()
        fixed = round(px(78 + 34 + 16 + 34 + 16 + 10 + 20 + 66 + 22 * self.per_seat + 40) * grow)
        fixed += step * (lines + 1)
        if fixed + rows * row > h - px(24):  # a small window: the lines of the form come closer
            row = max(px(38), least, (h - px(24) - fixed) // rows)
        if fixed + rows * row > h - px(24):  # still too tall (a long language): less air above,
            fixed -= px(78 - 62)  # and the rows as close as their buttons allow
            title_gap = px(62)
            row = max(px(36), least, min(row, (h - px(24) - fixed) // rows))
            if fixed + rows * row > h - px(24):  # and then the levels' lines in smaller letters
                self.line_size = LINE_SIZE - 2
                described = self.level_lines(w)
                fixed -= step * (lines - sum(len(parts) for _, parts in described))
        else:
            title_gap = px(78)
        return row, title_gap, self.line_step(), fixed

    def layout_name_seed(self, x0: int, y: int) -> None:
        """The player's name and the seed on one line; the name's field gives the seed's
        label the room its words need."""
        font = skin.font("text", px(18))
        name_label, seed_label = _("Your name"), _("Seed")
        self.name.title, self.seed.title = name_label, seed_label  # the letter picker's titles
        name_w = font.size(name_label)[0]
        seed_w = font.size(seed_label)[0]
        self._text(name_label, (x0, y + px(8)), 18, skin.INK)
        self.name.rect.topleft = (x0 + max(px(120), name_w + px(12)), y)
        self.seed.rect.w = px(self.seed.width)
        self.seed.rect.topleft = (x0 + px(600) - self.seed.rect.w, y)
        seed_x = self.seed.rect.x - px(8) - seed_w
        self._text(seed_label, (seed_x, y + px(8)), 18, skin.INK)
        room = seed_x - px(16) - self.name.rect.x
        self.name.width = max(80, min(240, round(room * 240 / max(1, px(240)))))

    def layout_aid(self, x0: int, y: int, w: int) -> int:
        """The memory aid's switch and what it does (on two lines if its words are long)."""
        aid = self.app.settings.memory_aid
        self.aid_button.label = _("Memory aid: on (F3)") if aid else _("Memory aid: off (F3)")
        self.aid_button.fit(12)
        self.aid_button.rect.topleft = (x0, y)
        aid_x = self.aid_button.rect.right + px(12)
        aid_lines = wrap(
            _("marks the cards you have seen, with their values (also in Settings)"),
            LINE_SIZE,
            max(px(120), max(x0 + px(600), min(w - px(16), w // 2 + px(480))) - aid_x),
        )
        aid_step = max(px(LINE), skin.line_height("text", px(LINE_SIZE)))
        top = y + px(8) - (len(aid_lines[:2]) - 1) * px(8)
        for k, line in enumerate(aid_lines[:2]):
            self._text(line, (aid_x, top + k * aid_step), LINE_SIZE, skin.MUTED)
        # where the next line may start: under the button and the words (taller at a large text size)
        return max(self.aid_button.rect.bottom, top + len(aid_lines[:2]) * aid_step)

    def layout_teams(self, x0: int, y: int, mates: list[int]) -> None:
        """One level for the player's teammates and one for the opponents."""
        alone = not mates
        label = ngettext("Teammate", "Teammates", len(mates)) if not alone else _("Teammates: none")
        self._text(label, (x0, y + px(8)), 18, skin.INK)
        self.mate_button.label = level_name(self.mate_level)
        self.mate_button.visible = not alone
        self.mate_button.fit()
        # each button after its word, however large the text size makes it
        font = skin.font("text", px(18))
        self.mate_button.rect.topleft = (max(x0 + px(170), x0 + font.size(label)[0] + px(8)), y)
        foes_x = x0 + px(330)
        if self.mate_button.visible:
            foes_x = max(foes_x, self.mate_button.rect.right + px(16))
        self._text(_("Opponents"), (foes_x, y + px(8)), 18, skin.INK)
        self.foe_button.label = level_name(self.foe_level)
        self.foe_button.fit()
        self.foe_button.rect.topleft = (max(x0 + px(450), foes_x + font.size(_("Opponents"))[0] + px(8)), y)

    def layout_seats(self, x0: int, y: int, row: int, mates: list[int], foes: list[int]) -> None:
        """A level for each bot, by name, the player's team on the left."""
        names = seat_names(self.campers, self.human, self.player_name())
        self._text(_("Your team") if mates else _("Your team: only you"), (x0, y), 15, skin.MUTED)
        self._text(_("Opponents"), (x0 + px(330), y), 15, skin.MUTED)
        y += line_step(22, "text", 15)
        buttons: dict[int, Button] = {}
        for col, seats in ((0, mates), (1, foes)):
            for k, s in enumerate(seats):
                b = self.seat_buttons.get(s) or Button("", self._cycle_seat(s), None, size=18)
                b.label = level_name(self.level_of(s))
                b.fit()
                bx = x0 + col * px(330)
                team = team_of(s, self.campers)
                self._text(names[s], (bx + px(16), y + k * row + px(8)), 18, skin.INK)
                band = pygame.Rect(bx, y + k * row + px(10), px(8), round(px(18) * skin.text_scale()))
                band.centery = (
                    y + k * row + px(8) + skin.font("text", px(18)).get_height() // 2
                )  # by the name
                self._bands.append((band, skin.TEAM[team]))
                b.rect.topleft = (bx + px(120), y + k * row)
                buttons[s] = b
        self.seat_buttons = buttons

    def layout_levels(self, left: int, y: int, described: list[tuple[str, list[str]]]) -> int:
        """What each bot level does, one level a line (or two); returns the last line's y."""
        heading = [
            _("Bot levels, weakest first (click a level to change it):"),
            _("The bots' levels at this table (click a level to change it):"),
            _("Click a bot's level to change it."),
        ][self.squeeze]
        self._text(heading, (left, y), 15, skin.MUTED)
        indent = self.level_indent()
        line = self.line_step()
        y += skin.line_height("text", px(15)) - line  # the first level under the heading
        for level, parts in described:
            y += line
            self._text(level_name(level), (left, y), self.line_size, skin.ACCENT, "text_bold")
            for k, part in enumerate(parts):
                y += line if k else 0
                self._text(part, (left + indent, y), self.line_size, skin.INK)
        return y

    def line_step(self) -> int:
        """The distance between two lines of the levels' descriptions."""
        return max(px(LINE - (LINE_SIZE - self.line_size)), skin.line_height("text", px(self.line_size)))

    def level_indent(self) -> int:
        """Where the levels' lines start right of their names: past the longest name."""
        font = skin.font("text_bold", px(self.line_size))
        return max(px(100), max(font.size(level_name(v))[0] for v in self.levels) + px(12))

    def levels_left(self, w: int) -> int:
        """Where the levels' lines start: wider than the form, so each fits on a line or two."""
        return max(px(16), w // 2 - px(480))

    def level_lines(self, w: int) -> list[tuple[str, list[str]]]:
        """Each level with its line (ai.LEVEL_LINES), wrapped to the room the window has."""
        left = self.levels_left(w) + self.level_indent()
        room = min(w - px(16), w // 2 + px(480)) - left
        mates, foes = self.bot_seats()
        playing = {self.level_of(s) for s in (*mates, *foes)}
        told = [self.levels, [v for v in self.levels if v in playing], []][self.squeeze]
        return [(level, wrap(level_line(level), self.line_size, room)) for level in told]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        self.layout((w, h))
        for message, pos, size, color, kind, anchor in self._labels:
            draw_text(surface, message, pos, size, color, kind, anchor=anchor)
        for rect, color in self._bands:
            pygame.draw.rect(surface, color, rect, border_radius=3)
        for b in self.mode_buttons:
            b.draw(surface)
        self.per_seat_button.draw(surface)
        self.aid_button.draw(surface)
        if self.per_seat:
            for b in self.seat_buttons.values():
                b.draw(surface)
        else:
            self.mate_button.draw(surface)
            self.foe_button.draw(surface)
        self.name.draw(surface)
        self.seed.draw(surface)
        self.back.draw(surface)
        self.start.draw(surface)
