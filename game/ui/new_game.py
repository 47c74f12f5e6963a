"""New game: the mode, the bots' levels (teammates and opponents), the player's name and
an optional seed. Everything has a default, so Enter starts a game at once."""

from __future__ import annotations

import random

import pygame

from game.cards import team_of
from game.state import Game

from . import skin
from .bots import bot_levels
from .scene import Scene
from .widgets import Button, TextField, draw_text, row_of
from .words import BOT_NAMES

# (label, campers, the player's seat)
MODES = [
    ("4 campers (2 vs 2)", 4, 0),
    ("6 campers (3 vs 3)", 6, 0),
    ("3 campers: in the duo", 3, 1),
    ("3 campers: the solo", 3, 0),
]


def start_game(
    app,
    campers: int,
    human: int | None,
    players: list[str] | None,
    levels: list[str | None],
    seed: int | None = None,
    auto: bool = False,
) -> None:
    """Deal a new game and show its table (clears the scene stack)."""
    from .table import TableScene

    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
    game = Game(campers, seed)
    if players is None:
        players = [BOT_NAMES[s % len(BOT_NAMES)] for s in range(campers)]
    app.replace(TableScene(app, game, list(players), list(levels), human, fresh=True, auto=auto))


class NewGameScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.levels = bot_levels()
        self.mode = 0
        middle = self.levels[min(len(self.levels) - 1, len(self.levels) // 2)]
        self.mate_level = middle
        self.foe_level = middle
        self.name = TextField(app.settings.player_name, 16)
        self.seed = TextField("", 10, str.isdigit)
        self.seed.placeholder = "random"
        self.mode_buttons = [
            Button(label, self._pick(i), None, size=18) for i, (label, _, _) in enumerate(MODES)
        ]
        self.mate_button = Button("", self.cycle_mate, None, size=18)
        self.foe_button = Button("", self.cycle_foe, None, size=18)
        self.start = Button("Start (Enter)", self.go, pygame.K_RETURN, size=24, primary=True)
        self.back = Button("Back (Esc)", self.app.pop, pygame.K_ESCAPE, size=20)

    def _pick(self, i: int):
        def pick() -> None:
            self.mode = i

        return pick

    def cycle_mate(self) -> None:
        self.mate_level = self.levels[(self.levels.index(self.mate_level) + 1) % len(self.levels)]

    def cycle_foe(self) -> None:
        self.foe_level = self.levels[(self.levels.index(self.foe_level) + 1) % len(self.levels)]

    def go(self) -> None:
        _, campers, human = MODES[self.mode]
        name = self.name.value.strip() or "You"
        if name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self.app.save_settings()
        mine = team_of(human, campers)
        levels: list[str | None] = []
        for s in range(campers):
            if s == human:
                levels.append(None)
            else:
                levels.append(self.mate_level if team_of(s, campers) == mine else self.foe_level)
        names = [n for n in BOT_NAMES if n.lower() != name.lower()]
        players = []
        k = 0
        for s in range(campers):
            if s == human:
                players.append(name)
            else:
                players.append(names[k])
                k += 1
        seed = int(self.seed.value) if self.seed.value else None
        start_game(self.app, campers, human, players, levels, seed)

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.name.handle_event(e) or self.seed.handle_event(e):
            if e.type != pygame.KEYDOWN or e.key not in (pygame.K_RETURN, pygame.K_ESCAPE):
                return
        for b in [*self.mode_buttons, self.mate_button, self.foe_button, self.start, self.back]:
            if b.handle_event(e):
                return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_UP, pygame.K_DOWN):
            self.mode = (self.mode + (1 if e.key == pygame.K_DOWN else -1)) % len(MODES)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        draw_text(surface, "New game", (cx, 30), 48, skin.ACCENT, "display", anchor="midtop")
        x0 = cx - 300
        y = 120
        draw_text(surface, "Table", (x0, y), 22, skin.INK, "display")
        y += 34
        for i, b in enumerate(self.mode_buttons):
            b.fit()
            b.rect.w = 290
            b.rect.topleft = (x0 + (i % 2) * 310, y + (i // 2) * 52)
            b.glow = i == self.mode
            b.primary = i == self.mode
            b.draw(surface)
        y += 2 * 52 + 20
        _, campers, human = MODES[self.mode]
        alone = campers == 3 and human == 0
        draw_text(surface, "Bots", (x0, y), 22, skin.INK, "display")
        y += 34
        label = "Teammate" + ("" if campers != 6 else "s") if not alone else "Teammates: none"
        draw_text(surface, label, (x0, y + 8), 18, skin.INK)
        self.mate_button.label = self.mate_level
        self.mate_button.visible = not alone
        self.mate_button.fit()
        self.mate_button.rect.topleft = (x0 + 170, y)
        self.mate_button.draw(surface)
        draw_text(surface, "Opponents", (x0 + 330, y + 8), 18, skin.INK)
        self.foe_button.label = self.foe_level
        self.foe_button.fit()
        self.foe_button.rect.topleft = (x0 + 450, y)
        self.foe_button.draw(surface)
        y += 60
        draw_text(surface, "Your name", (x0, y + 8), 18, skin.INK)
        self.name.rect.topleft = (x0 + 170, y)
        self.name.draw(surface)
        y += 50
        draw_text(surface, "Seed (optional)", (x0, y + 8), 18, skin.INK)
        self.seed.rect.topleft = (x0 + 170, y)
        self.seed.draw(surface)
        y += 60
        hint = "Click a level to change it. Enter starts the game."
        draw_text(surface, hint, (cx, y), 16, skin.MUTED, anchor="midtop")
        row_of([self.back, self.start], (cx, y + 60))
        self.back.draw(surface)
        self.start.draw(surface)
