"""About: what the game is, who made what, and under which licence (the credits).

The texts come from one function, `credit_sections`, so that the licence notices shipped
with the program and this page say the same thing.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

import pygame

from . import skin
from .scene import Scene
from .widgets import Button, draw_text, px, wrap


def game_version() -> str:
    try:
        return version("scram")
    except PackageNotFoundError:
        return ""


def credit_sections() -> list[tuple[str, str]]:
    """(heading, text) of each credit, in the order shown (see assets/CREDITS.md)."""
    return [
        (
            "The game",
            "An unofficial desktop edition of the team card game Scram! Critters vs. Campers. The "
            "rules are told in the project's own words; no art or text of the published game is used. "
            "Code, card art, icons and sounds were made for this project and are free software "
            "under the MIT licence (the LICENSE file shipped with the game).",
        ),
        (
            "Libraries",
            "pygame-ce (GNU LGPL 2.1) draws the window, plays the sounds and reads the pictures; it "
            "brings SDL, SDL_image, SDL_mixer and SDL_ttf (zlib licence) and FreeType (FreeType "
            "licence). Their licence texts ship beside the program.",
        ),
        (
            "Fonts",
            "Comfortaa by Johan Aakerlund and the Comfortaa Project Authors; Cabin by Pablo "
            "Impallari and Igino Marini. Both under the SIL Open Font License 1.1 (OFL.txt beside "
            "each font), unmodified.",
        ),
        (
            "Art and sound",
            "The thirteen critters, the = card, the card back, the icons and the table cloth are "
            "drawn by the project's own scripts (build/make_art.py, game/ui/skin); every sound is "
            "synthesized by build/make_sounds.py. Original work, MIT licence.",
        ),
    ]


class AboutScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.back = Button("Back (Esc)", self.app.pop, pygame.K_ESCAPE, size=20, primary=True)

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_a):
            self.app.pop()
            return
        self.back.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        draw_text(surface, "About Scram!", (cx, px(18)), 40, skin.ACCENT, "display", anchor="midtop")
        v = game_version()
        if v:
            draw_text(surface, f"version {v}", (cx, px(70)), 16, skin.MUTED, anchor="midtop")
        width = min(px(860), w - px(60))
        x = cx - width // 2
        y = px(100)
        for heading, body in credit_sections():
            draw_text(surface, heading, (x, y), 22, skin.ACCENT, "display")
            y += px(30)
            for line in wrap(body, 17, width):
                draw_text(surface, line, (x, y), 17, skin.INK)
                y += px(22)
            y += px(10)
        self.back.fit()
        self.back.rect.midbottom = (cx, h - px(16))
        self.back.draw(surface)
