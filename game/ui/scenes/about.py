"""About: the version, who made what the game ships and under which licence, and where the
full licence texts are. Every word comes from game.credits (the one source the notices
shipped with the program share); this scene only lays it out."""

from __future__ import annotations

import pygame

from game import credits
from game.lang import N_, _
from game.ui import skin
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, line_step, px, wrap

RULES_NOTE = N_(
    "An unofficial edition: the rules are explained in the project's own words, and no art or text "
    "is taken from the card game's publisher."
)


def credit_rows() -> list[tuple[str, str]]:
    """(what, who and licence) of each credit, in the order shown, in the current language.
    A project's own name ("pygame-ce") is not in the catalogs and so stays as it is."""
    return [(_(what), _(who)) for what, who in credits.CREDITS]


def notices_line() -> str:
    """Where the full licence texts are, as a sentence of the current language."""
    where = credits.notices_location()
    if where == credits.INSIDE_THE_PROGRAM:
        where = _(where)
    return _("Full licence texts and notices: {where}", where=where)


class AboutScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.back = Button("", self.app.pop, pygame.K_ESCAPE, size=20, primary=True)

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_a):
            self.app.pop()
            return
        self.back.handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        self.back.label = _("Back (Esc)")  # in the language spoken now (Settings may have changed it)
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        cx = w // 2
        draw_text(surface, _("About Scram!"), (cx, px(18)), 40, skin.ACCENT, "display", anchor="midtop")
        draw_text(
            surface,
            _("version {version}", version=credits.version()),
            (cx, max(px(70), px(18) + skin.font("display", px(40)).get_height())),
            16,
            skin.MUTED,
            anchor="midtop",
        )
        width = min(round(px(900) * skin.text_scale()), w - px(60))  # larger text: wider lines
        x = cx - width // 2
        top = max(px(106), px(70) + skin.font("display", px(40)).get_height() + line_step(0, "text", 16, 4))
        self.back.fit()
        self.back.rect.midbottom = (cx, h - px(16))
        # the credits in their size (17), or at a large text size the largest that fits above Back
        for size in (17, 16, 15, 14, 13, 12) if skin.text_scale() > 1 else (17,):
            lines, bottom = self.credit_lines(x, top, width, size)
            if bottom <= self.back.rect.y - px(4):
                break
        for text, at, z, colour, kind in lines:
            draw_text(surface, text, at, z, colour, kind)
        self.back.fit()
        self.back.rect.midbottom = (cx, h - px(16))
        self.back.draw(surface)

    @staticmethod
    def credit_lines(x: int, y: int, width: int, size: int) -> tuple[list[tuple], int]:
        """The credits and the notes below them from `y`, at `size`: (text, where, size,
        colour, face) for each line, and the y below the last."""
        rows = credit_rows()
        # the names' column as wide as its longest name in this language, within a third or so
        bold = skin.font("text_bold", px(size))
        label_w = min(max(bold.size(what)[0] for what, _who in rows) + px(20), width * 2 // 5)
        step = max(
            px(size + 5), skin.line_height("text_bold", px(size)), skin.line_height("text", px(size))
        )  # lines as far apart as they are tall
        out = []
        for what, who in rows:
            names = wrap(what, size, label_w - px(12), "text_bold")  # a long name takes two lines
            lines = wrap(who, size, width - label_w)
            out += [(line, (x, y + k * step), size, skin.ACCENT, "text_bold") for k, line in enumerate(names)]
            out += [
                (line, (x + label_w, y + k * step), size, skin.INK, "text") for k, line in enumerate(lines)
            ]
            y += max(len(names), len(lines)) * step + px(6)
        y += px(8)
        for text in (_(RULES_NOTE), notices_line()):
            for line in wrap(text, size - 1, width):
                out.append((line, (x, y), size - 1, skin.MUTED, "text"))
                y += max(px(size + 4), skin.line_height("text", px(size - 1)))
            y += px(4)
        return out, y
