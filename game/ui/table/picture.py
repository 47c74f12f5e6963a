"""How the table scene draws a frame: what stays still comes from a kept backdrop, then the
raised and moving cards, the hover and focus rings, the prompt bar, the sidebar's buttons, a
banner and the tooltip on top. A mixin of the table scene (`game.ui.scenes.table`): it reads
the scene's parts and writes none of them.
"""

from __future__ import annotations

import pygame

from game.ui import skin
from game.ui.kit.widgets import hover_ring, px


class TablePicture:
    """The drawing half of the table scene."""

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.board.layout
        layers = self.board.layers()
        self._backdrop_for(surface.get_size(), layers)
        self.tooltip.look(self.board, self.mouse)
        self.backdrop.show(surface, self.app.frames, self._top_areas(layers))
        # The bar and the sidebar are in the backdrop: the rest stays off them, as drawn before.
        clip = surface.get_clip()
        surface.set_clip(lay.table.clip(clip))
        self.board.draw_top(surface, layers)
        hovered = self.hovered()
        if hovered is not None:
            surface.set_clip(self.ring_area(hovered).clip(surface.get_clip()))
            hover_ring(surface, self.board.item_rect(hovered))
            surface.set_clip(lay.table.clip(clip))
            if hovered == "deck":  # the count stays on top of the ring
                badge = lay.deck_badge()
                surface.blit(skin.count_badge(self.board.deck_count, badge.w), badge)
        if self.focus.keyboard:
            item = self.current_focus()
            if item is not None:
                surface.set_clip(self.ring_area(item).clip(surface.get_clip()))
            self.focus.draw(surface, self.board.item_rect(item) if item is not None else None)
            surface.set_clip(lay.table.clip(clip))
        if self.my_turn():
            if self.turn.scram.visible:
                self.turn.scram.draw(surface)
            self.prompt_bar.draw(surface)
        elif self._waiting_bar():
            self.prompt_bar.draw(surface, with_buttons=False)
        surface.set_clip(clip)
        self.sidebar.draw_buttons(surface)
        if self.board.sums is None:
            self.messages.draw_banner(surface, lay.table, self.prompt_bar_anchor())
        if self.net is not None:
            self.net.draw(surface)
        self.tooltip.draw(surface, self.board, self.mouse)

    def ring_area(self, item) -> pygame.Rect:
        """Where the hover or focus ring of `item` may paint: the table, and for a row's card
        only below its row's name line (else the ring of a raised card covered
        the owner's label)."""
        lay = self.board.layout
        if isinstance(item, tuple) and isinstance(item[0], int):
            top = lay.raise_room(item[0])[0]
            return pygame.Rect(lay.table.x, top, lay.table.w, lay.table.bottom - top)
        return lay.table.copy()

    def _backdrop_for(self, size: tuple[int, int], layers: list) -> pygame.Surface:
        """What stays still (backdrop.py): the board at rest, the narration bar, the sidebar."""
        lay = self.board.layout
        pieces = self.board.rest_pieces(layers)
        pieces["size"] = ((size, px(100)), lambda: None)
        pieces["bar"] = (self.messages.bar_key(lay.narration), lay.narration.copy)
        pieces["sidebar"] = (self.sidebar.panel_key(lay.sidebar), lay.sidebar.copy)

        def draw(img: pygame.Surface) -> None:
            self.board.draw_rest(img, layers)
            self.messages.draw_bar(img, lay.narration)
            self.sidebar.draw_panel(img, lay.sidebar)

        return self.backdrop.get(size, pieces, draw)

    def _top_areas(self, layers: list) -> list[pygame.Rect] | None:
        """Where this frame draws over the backdrop, when it can tell (a watched table: the
        board's raised and moving cards, the buttons, a banner, the tooltip), else None."""
        if self.app.top is not self or self.my_turn() or self._waiting_bar() or self.focus.keyboard:
            return None
        lay = self.board.layout
        areas = self.board.top_areas(layers) + self.sidebar.button_areas()
        if self.net is not None:
            areas += self.net.areas()
        banner = self.messages.banner_box(lay.table, self.prompt_bar_anchor())
        if banner is not None and self.board.sums is None:
            areas.append(banner[1].inflate(px(60) + 4, px(24) + 4))
        tip = self.tooltip.area(self.board, self.mouse)
        return areas + [tip] if tip is not None else areas

    def _waiting_bar(self) -> bool:
        """While a step waits for a click, the prompt bar says what the click does."""
        if not (self.timeline.waiting_click and self.anim.waiting_text):
            return False
        self.prompt_bar.layout(self.board.layout, self.anim.waiting_text, [], "", None)
        return True

    def prompt_bar_anchor(self) -> tuple[int, int]:
        me = self.board.layout.seats[self.board.layout.bottom].box
        return me.centerx, me.y - px(4)

    def hovered(self) -> tuple | str | None:
        """The glowing card (or deck, or pile) under the mouse on the player's turn, if any."""
        if not self.my_turn():
            return None
        b = self.board
        item = b.hit(self.mouse)
        if item in b.glow or (item == "deck" and b.deck_glow) or (item == "discard" and b.discard_glow):
            return item
        return None

    def hovered_card(self) -> tuple | None:
        """The campsite card under the pointer that the player may click (it rises)."""
        item = self.hovered()
        return item if isinstance(item, tuple) and isinstance(item[0], int) else None

    def text_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """Every text box on the table now (board, prompt, Scram), for the layout check."""
        boxes = self.board.text_boxes()
        if self._waiting_bar():
            boxes += self.prompt_bar.boxes()
        elif self.my_turn():
            boxes += self.prompt_bar.boxes()
            if self.turn.scram.visible:
                boxes.append(("button: SCRAM", self.turn.scram.rect))
        return boxes
