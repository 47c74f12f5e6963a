"""How the table scene draws a frame: what stays still comes from a kept backdrop, then the
raised and moving cards, the hover and focus rings, the prompt bar, the sidebar's buttons, a
banner and the tooltip on top. The table scene (`game.ui.scenes.table`) holds one
(`scene.picture`); it reads the scene's parts and writes none of them.
"""

from __future__ import annotations

import pygame

from game.ui import skin
from game.ui.kit.widgets import hover_ring, look_key, px


class TablePicture:
    """How the table scene `scene` is drawn (it holds one); reads the scene's parts."""

    def __init__(self, scene) -> None:
        self.scene = scene

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.scene.board.layout
        layers = self.scene.board.layers()
        self._backdrop_for(surface.get_size(), layers)
        self.scene.tooltip.look(self.scene.board, self.scene.mouse)
        self.scene.backdrop.show(surface, self.scene.app.frames, self._top_areas(layers))
        # The bar and the sidebar are in the backdrop: the rest stays off them, as drawn before.
        clip = surface.get_clip()
        surface.set_clip(lay.table.clip(clip))
        self.scene.board.draw_top(surface, layers)
        hovered = self.hovered()
        if hovered is not None:
            surface.set_clip(self.ring_area(hovered).clip(surface.get_clip()))
            hover_ring(surface, self.scene.board.item_rect(hovered))
            surface.set_clip(lay.table.clip(clip))
            if hovered == "deck":  # the count stays on top of the ring
                badge = lay.deck_badge()
                surface.blit(skin.count_badge(self.scene.board.deck_count, badge.w), badge)
        if self.scene.focus.keyboard or self.scene.app.pads.using_pad:  # a pad's ring always shows
            item = self.scene.targets.current()
            if item is not None:
                surface.set_clip(self.ring_area(item).clip(surface.get_clip()))
            rect = self.scene.targets.rect(item) if item is not None else None
            self.scene.focus.draw(surface, rect, tight=self.scene.targets.button(item) is not None)
            surface.set_clip(lay.table.clip(clip))
        if self.scene.my_turn():
            if self.scene.turn.scram.visible:
                self.scene.turn.scram.draw(surface)
            self.scene.prompt_bar.draw(surface)
        elif self._waiting_bar():
            self.scene.prompt_bar.draw(surface, with_buttons=False)
        surface.set_clip(clip)
        self.scene.sidebar.draw_buttons(surface)
        if self.scene.board.sums is None:
            self.scene.messages.draw_banner(surface, lay.table, self.prompt_bar_anchor())
        if self.scene.net is not None:
            self.scene.net.draw(surface)
        self.scene.tooltip.draw(surface, self.scene.board, self.scene.mouse)

    def ring_area(self, item) -> pygame.Rect:
        """Where the hover or focus ring of `item` may paint: the table, and for a row's card
        only below its row's name line (else the ring of a raised card covered
        the owner's label)."""
        lay = self.scene.board.layout
        if isinstance(item, tuple) and item[:1] == ("side",):  # a sidebar button (a pad's focus)
            return pygame.Rect((0, 0), lay.size)
        if isinstance(item, tuple) and isinstance(item[0], int):
            top = lay.raise_room(item[0])[0]
            return pygame.Rect(lay.table.x, top, lay.table.w, lay.table.bottom - top)
        return lay.table.copy()

    def _backdrop_for(self, size: tuple[int, int], layers: list) -> pygame.Surface:
        """What stays still (backdrop.py): the board at rest, the narration bar, the sidebar."""
        lay = self.scene.board.layout
        pieces = self.scene.board.rest_pieces(layers)
        pieces["size"] = ((size, look_key()), lambda: None)
        pieces["bar"] = (self.scene.messages.bar_key(lay.narration), lay.narration.copy)
        pieces["sidebar"] = (self.scene.sidebar.panel_key(lay.sidebar), lay.sidebar.copy)

        def draw(img: pygame.Surface) -> None:
            self.scene.board.draw_rest(img, layers)
            self.scene.messages.draw_bar(img, lay.narration)
            self.scene.sidebar.draw_panel(img, lay.sidebar)

        return self.scene.backdrop.get(size, pieces, draw)

    def _top_areas(self, layers: list) -> list[pygame.Rect] | None:
        """Where this frame draws over the backdrop, when it can tell (a watched table: the
        board's raised and moving cards, the buttons, a banner, the tooltip), else None."""
        s = self.scene
        if s.app.top is not s or s.my_turn() or self._waiting_bar() or s.focus.keyboard:
            return None
        lay = self.scene.board.layout
        areas = self.scene.board.top_areas(layers) + self.scene.sidebar.button_areas()
        if self.scene.net is not None:
            areas += self.scene.net.areas()
        banner = self.scene.messages.banner_box(lay.table, self.prompt_bar_anchor())
        if banner is not None and self.scene.board.sums is None:
            areas.append(banner[1].inflate(px(60) + 4, px(24) + 4))
        tip = self.scene.tooltip.area(self.scene.board, self.scene.mouse)
        return areas + [tip] if tip is not None else areas

    def _waiting_bar(self) -> bool:
        """While a step waits for a click, the prompt bar says what the click does."""
        if not (self.scene.timeline.waiting_click and self.scene.anim.waiting_text):
            return False
        self.scene.prompt_bar.layout(self.scene.board.layout, self.scene.anim.waiting_text, [], "", None)
        return True

    def prompt_bar_anchor(self) -> tuple[int, int]:
        me = self.scene.board.layout.seats[self.scene.board.layout.bottom].box
        return me.centerx, me.y - px(4)

    def hovered(self) -> tuple | str | None:
        """The glowing card (or deck, or pile) under the mouse on the player's turn, if any."""
        if not self.scene.my_turn():
            return None
        b = self.scene.board
        item = b.hit(self.scene.mouse)
        if item in b.glow or (item == "deck" and b.deck_glow) or (item == "discard" and b.discard_glow):
            return item
        return None

    def hovered_card(self) -> tuple | None:
        """The campsite card under the pointer that the player may click (it rises)."""
        item = self.hovered()
        return item if isinstance(item, tuple) and isinstance(item[0], int) else None

    def text_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """Every text box on the table now (board, prompt, Scram), for the layout check."""
        boxes = self.scene.board.text_boxes()
        if self._waiting_bar():
            boxes += self.scene.prompt_bar.boxes()
        elif self.scene.my_turn():
            boxes += self.scene.prompt_bar.boxes()
            if self.scene.turn.scram.visible:
                boxes.append(("button: SCRAM", self.scene.turn.scram.rect))
        return boxes
