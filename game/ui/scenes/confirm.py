"""A question before something that cannot be undone (discarding a saved game): a panel over
the screen below it, with the safe answer as the default (Enter and Esc both keep things)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.lang import _
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, darken, draw_text, panel, px, row_of, wrap


class ConfirmScene(Scene):
    opaque = False

    def __init__(
        self, app, question: str, detail: str, yes: str, on_yes: Callable[[], None], no: str | None = None
    ) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        no = _("Keep it") if no is None else no
        # TRANSLATORS: a yes-answer's button and its key: "Discard it (Y)"
        self.yes = Button(_("{answer} (Y)", answer=yes), self.accept, pygame.K_y, size=20)
        self.yes.danger = True
        # TRANSLATORS: a no-answer's button and its key: "Keep it (Esc)"
        self.no = Button(_("{answer} (Esc)", answer=no), self.app.pop, pygame.K_ESCAPE, size=20, primary=True)

    def accept(self) -> None:
        self.app.pop()
        self.on_yes()

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
            self.app.pop()  # the default is the answer that loses nothing
            return
        for b in (self.no, self.yes):
            if b.handle_event(e):
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        darken(surface, 120)
        large = skin.text_scale() > 1  # the question's box grows with its words
        box_w = min(w - px(40), round(px(560) * max(1.0, 0.8 * skin.text_scale())))
        lines = wrap(self.detail, 19, box_w - px(48))
        step = skin.line_height("text", px(19)) if large else px(26)
        head = max(px(70), px(28) + skin.line_height("display", px(30))) if large else px(70)
        self.no.fit()
        foot = max(px(80), self.no.rect.h + px(40)) if large else px(80)
        box = pygame.Rect(0, 0, box_w, head + foot + len(lines) * step)
        box.center = (w // 2, h // 2)
        panel(surface, box, 245)
        draw_text(
            surface, self.question, (box.centerx, box.y + px(20)), 30, skin.ACCENT, "display", anchor="midtop"
        )
        y = box.y + head
        for line in lines:
            draw_text(surface, line, (box.centerx, y), 19, skin.INK, anchor="midtop")
            y += step
        row_of([self.no, self.yes], (box.centerx, box.bottom - (foot // 2 if large else px(36))))
        self.no.draw(surface)
        self.yes.draw(surface)
