"""About: the version, who made what the game ships and under which licence, and where the
full licence texts are. Every word comes from game.credits (the one source the notices
shipped with the program share); this scene only lays it out."""

from __future__ import annotations

import pygame

from game import credits
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, px, wrap

RULES_NOTE = (
    "An unofficial edition: the rules are explained in the project's own words, and no art or text "
    "is taken from the card game's publisher."
)


def credit_rows() -> list[tuple[str, str]]:
    """(what, who and licence) of each credit, in the order shown."""
    return list(credits.CREDITS)


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
        draw_text(surface, f"version {credits.version()}", (cx, px(70)), 16, skin.MUTED, anchor="midtop")
        width = min(px(900), w - px(60))
        x = cx - width // 2
        label_w = px(320)
        y = px(106)
        for what, who in credit_rows():
            draw_text(surface, what, (x, y), 17, skin.ACCENT, "text_bold")
            for line in wrap(who, 17, width - label_w):
                draw_text(surface, line, (x + label_w, y), 17, skin.INK)
                y += px(22)
            y += px(6)
        y += px(8)
        for text in (RULES_NOTE, f"Full licence texts and notices: {credits.notices_location()}"):
            for line in wrap(text, 16, width):
                draw_text(surface, line, (x, y), 16, skin.MUTED)
                y += px(21)
            y += px(4)
        self.back.fit()
        self.back.rect.midbottom = (cx, h - px(16))
        self.back.draw(surface)
