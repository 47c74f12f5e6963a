"""New game: the mode, the bots' levels (per team, or per seat, with a line saying what each
level does), the player's name, an optional seed and the memory aid. Everything has a
default (the table is the last one chosen, kept in the settings), so Enter starts a game
at once. A 3-camper table says in a line who is favoured."""

from __future__ import annotations

import pygame

from ai import LEVEL_LINES
from game.files.text import parse_seed
from game.rules.cards import team_of
from game.seat.bots import bot_levels
from game.seat.start import seat_names, start_game
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, TextField, draw_text, px, row_of, wrap

# (label, campers, the player's seat, its name in the settings' TABLES)
MODES = [
    ("4 campers (2 vs 2)", 4, 0, "4"),
    ("6 campers (3 vs 3)", 6, 0, "6"),
    ("3 campers: in the duo", 3, 1, "3 duo"),
    ("3 campers: the solo", 3, 0, "3 solo"),
]
# What the 3-camper game is like with equal bots (python -m ai.tournament --campers 3
# --no-duplicate, 2000 games a level: see docs/LEARN.md); the rules as written favour the solo.
THREE_LINE = "With equal players the solo wins about {share} of 3-camper games: the duo is the challenge."
SOLO_SHARE = "86 %"
ROW = 46  # the height of one line of the form
LINE = 18  # the height of one line of the levels' descriptions
LINE_SIZE = 14

SEED_DIGITS = "0123456789"  # the field takes ASCII digits; game.files.text.parse_seed reads them


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
        self.name = TextField(app.settings.player_name, 16)
        self.seed = TextField("", 10, lambda ch: ch in SEED_DIGITS, width=160)
        self.seed.placeholder = "random"
        self.mode_buttons = [
            Button(label, self._pick(i), None, size=18) for i, (label, *_rest) in enumerate(MODES)
        ]
        self.aid_button = Button("", self.toggle_aid, pygame.K_F3, size=16)
        self.mate_button = Button("", self.cycle_mate, None, size=18)
        self.foe_button = Button("", self.cycle_foe, None, size=18)
        self.per_seat_button = Button("", self.toggle_per_seat, pygame.K_F2, size=16)
        self.seat_buttons: dict[int, Button] = {}
        self.start = Button("Start (Enter)", self.go, pygame.K_RETURN, size=24, primary=True)
        self.back = Button("Back (Esc)", self.app.pop, pygame.K_ESCAPE, size=20)
        self._labels: list[tuple[str, tuple[int, int], int, tuple, str, str]] = []
        self._bands: list[tuple[pygame.Rect, tuple]] = []  # team colour marks by the bots' names

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
        return self.name.value.strip() or "You"

    def go(self) -> None:
        campers, human = self.campers, self.human
        name = self.player_name()
        table = MODES[self.mode][3]
        if (name, table) != (self.app.settings.player_name, self.app.settings.table):
            self.app.settings.player_name = name
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
        """Place every widget and label for a window of `size` (the form is centred)."""
        w, h = size
        self._labels = []
        self._bands = []
        mates, foes = self.bot_seats()
        bot_rows = 1 if not self.per_seat else max(len(mates), len(foes))
        row = px(ROW)
        # Title, table, bots, name and seed (one line), the levels' lines, buttons.
        described = self.level_lines(w)
        lines = sum(len(parts) for _, parts in described)
        fixed = px(78 + 34 + 16 + 34 + 16 + 10 + 20 + LINE * lines + 66 + 22 * self.per_seat + 40 + LINE)
        rows = 2 + bot_rows + 1
        if fixed + rows * row > h - px(24):  # a small window: the lines of the form come closer
            row = max(px(38), (h - px(24) - fixed) // rows)
        total = fixed + rows * row
        y = max(px(12), (h - total) // 2)
        cx = w // 2
        x0 = cx - px(300)
        self._text("New game", (cx, y), 48, skin.ACCENT, "display", "midtop")
        y += px(78)
        self._text("Table", (x0, y), 22, skin.INK, "display")
        y += px(34)
        for i, b in enumerate(self.mode_buttons):
            b.fit()
            b.rect.w = px(290)
            b.rect.topleft = (x0 + (i % 2) * px(310), y + (i // 2) * row)
            b.glow = b.primary = i == self.mode
        y += 2 * row
        if self.campers == 3:
            self._text(THREE_LINE.format(share=SOLO_SHARE), (x0, y - px(4)), LINE_SIZE, skin.HIGHLIGHT)
        y += px(LINE) + px(16)
        self._text("Bots", (x0, y), 22, skin.INK, "display")
        self.per_seat_button.label = "Levels: per seat (F2)" if self.per_seat else "Levels: per team (F2)"
        self.per_seat_button.fit(12)
        self.per_seat_button.rect.topright = (x0 + px(600), y - px(2))
        y += px(34)
        if self.per_seat:
            self.layout_seats(x0, y, row, mates, foes)
        else:
            self.layout_teams(x0, y, mates)
        y += bot_rows * row + px(16)
        self._text("Your name", (x0, y + px(8)), 18, skin.INK)
        self.name.rect.topleft = (x0 + px(120), y)
        self._text("Seed", (x0 + px(390), y + px(8)), 18, skin.INK)
        self.seed.rect.topleft = (x0 + px(440), y)
        y += row + px(4)
        aid = self.app.settings.memory_aid
        self.aid_button.label = f"Memory aid: {'on' if aid else 'off'} (F3)"
        self.aid_button.fit(12)
        self.aid_button.rect.topleft = (x0, y)
        self._text(
            "marks the cards you have seen, with their values (also in Settings)",
            (self.aid_button.rect.right + px(12), y + px(8)),
            LINE_SIZE,
            skin.MUTED,
        )
        y += px(40)
        y = self.layout_levels(self.levels_left(w), y, described)
        row_of([self.back, self.start], (cx, y + px(LINE) + px(34)))

    def layout_teams(self, x0: int, y: int, mates: list[int]) -> None:
        """One level for the player's teammates and one for the opponents."""
        alone = not mates
        label = "Teammate" + ("s" if len(mates) > 1 else "") if not alone else "Teammates: none"
        self._text(label, (x0, y + px(8)), 18, skin.INK)
        self.mate_button.label = self.mate_level
        self.mate_button.visible = not alone
        self.mate_button.fit()
        self.mate_button.rect.topleft = (x0 + px(170), y)
        self._text("Opponents", (x0 + px(330), y + px(8)), 18, skin.INK)
        self.foe_button.label = self.foe_level
        self.foe_button.fit()
        self.foe_button.rect.topleft = (x0 + px(450), y)

    def layout_seats(self, x0: int, y: int, row: int, mates: list[int], foes: list[int]) -> None:
        """A level for each bot, by name, the player's team on the left."""
        names = seat_names(self.campers, self.human, self.player_name())
        self._text("Your team" if mates else "Your team: only you", (x0, y), 15, skin.MUTED)
        self._text("Opponents", (x0 + px(330), y), 15, skin.MUTED)
        y += px(22)
        buttons: dict[int, Button] = {}
        for col, seats in ((0, mates), (1, foes)):
            for k, s in enumerate(seats):
                b = self.seat_buttons.get(s) or Button("", self._cycle_seat(s), None, size=18)
                b.label = self.level_of(s)
                b.fit()
                bx = x0 + col * px(330)
                team = team_of(s, self.campers)
                self._text(names[s], (bx + px(16), y + k * row + px(8)), 18, skin.INK)
                band = pygame.Rect(bx, y + k * row + px(10), px(8), px(18))
                self._bands.append((band, skin.TEAM[team]))
                b.rect.topleft = (bx + px(120), y + k * row)
                buttons[s] = b
        self.seat_buttons = buttons

    def layout_levels(self, left: int, y: int, described: list[tuple[str, list[str]]]) -> int:
        """What each bot level does, one level a line (or two); returns the last line's y."""
        self._text("Bot levels, weakest first (click a level to change it):", (left, y), 15, skin.MUTED)
        for level, parts in described:
            y += px(LINE)
            self._text(level, (left, y), LINE_SIZE, skin.ACCENT, "text_bold")
            for k, part in enumerate(parts):
                y += px(LINE) if k else 0
                self._text(part, (left + px(100), y), LINE_SIZE, skin.INK)
        return y

    def levels_left(self, w: int) -> int:
        """Where the levels' lines start: wider than the form, so each fits on a line or two."""
        return max(px(16), w // 2 - px(480))

    def level_lines(self, w: int) -> list[tuple[str, list[str]]]:
        """Each level with its line (ai.LEVEL_LINES), wrapped to the room the window has."""
        left = self.levels_left(w) + px(100)
        room = min(w - px(16), w // 2 + px(480)) - left
        return [(level, wrap(LEVEL_LINES.get(level, ""), LINE_SIZE, room)) for level in self.levels]

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
