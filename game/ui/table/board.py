"""The board: every card sprite on the table, where things are, what is under the mouse,
and drawing the table (campsites with their labels, the piles, the cards in hand and in
motion).

One owner: only the board changes its rows, pile, hands and deck count. The animator moves
cards through its methods (`take`, `put`, `hold`, `discard`, ...) as the core's events
play; the round end turns cards with `reveal` and shows sums with `show_sums`; the scene
tells it what the player may choose (`show_choice`).

`place_all(view)` puts every sprite where a seat's view (or a full state) says, at once:
used after the animations, on a restored game, and by anyone who wants to draw a table
state without animating it (a review of past games, a tutorial's table).

Layering (layering.py): the table, then the campsite frames and labels, then cards at rest,
then raised cards, held cards, then every card in motion (a card that travels is always
above the table, and above the row cards making room for it), the deck's count, then the
keyboard ring and tooltips (drawn by the scene).
"""

from __future__ import annotations

from functools import partial

import pygame

from game.rules import DRAWN, OVER, ROUND_OVER
from game.rules.cards import label, team_of
from game.rules.view import SeatView
from game.ui import skin
from game.ui.kit.widgets import px

from .draw_state import DrawState
from .layering import draw_order, sliding_along
from .layout import Layout
from .seat_paint import draw_piles, draw_seat, piles_area, piles_look, seat_area, seat_look, seat_texts
from .seen_marks import SeatMarks, row_marks
from .sprites import CardSprite
from .teams import TeamLook

FLASH_SECONDS = 1.4  # how long a card changed by a move keeps its ring
CHOSEN_LIFT, HOVER_LIFT = 0.45, 0.22  # how far a chosen card and a hovered one rise
# The ring of a card a move has just changed: near-white, apart from the mint of legal
# targets, the yellow of chosen cards and the red/green of a replacement's reveal.
CHANGED = (236, 242, 255)


class Board:
    """The table's cards for `campers` seats seen from `viewer` in a window of `size`."""

    def __init__(
        self,
        size: tuple[int, int],
        campers: int,
        viewer: int,
        human: int | None,
        names: list[str],
        look: TeamLook,
        drawing: DrawState | None = None,
    ) -> None:
        self.n, self.drawing = campers, drawing or DrawState()  # drawing: what each card here is drawn with
        self.card = partial(CardSprite, drawing=self.drawing)  # a new card of this table
        self.viewer, self.human = viewer, human
        self.names = names
        self.look = look
        self.layout = Layout(size, campers, viewer)
        self.rows: list[list[CardSprite | None]] = [[] for _ in range(campers)]
        self.pile: list[CardSprite] = []  # the discard pile's top cards, top last
        self.hands: dict[int, CardSprite] = {}
        self.flying: list[CardSprite] = []  # deck cards out for a moment (views, flips, swaps)
        self.deck_count = 0
        self.deck_top: int | None = None  # the deck top's value if the viewer knows it
        self.turn_seat: int | None = None
        self.thinking = 0.0  # >0: the seat to move is a bot thinking (seconds so far)
        self.people: frozenset[int] = frozenset()  # other seats a person plays (not "thinking")
        self.scram_seat: int | None = None
        self.revealing = False
        self.sums: dict[int, int] | None = None  # camper sums shown by the round end
        self.glow: dict[tuple, tuple] = {}
        self.deck_glow = self.discard_glow = False
        self.deck_chosen = 0
        self.flashes: dict[int, tuple[CardSprite, float]] = {}
        self.memory_aid = False
        self._frames: dict[int, tuple[float, float]] = {}  # each row's frame edges, as last drawn
        skin.warm_cards()  # every card's art drawn now, not in the frame a card first shows
        self.drawing.marks = SeatMarks.of(names, human, lambda s: look.look(team_of(s, campers)))

    # ---- placing everything at once ----------------------------------------------------------
    def place_all(self, view: SeatView, reveal: bool = False) -> None:
        """Set every sprite to what `view` says, at once (a `Game` works too: a full view).

        `reveal` keeps the faces as they are (the round end turns them itself)."""
        lay = self.layout
        reveal = reveal or view.phase in (ROUND_OVER, OVER)
        for s in range(self.n):
            want = view.campsites[s]
            row = [sp for sp in self.rows[s] if sp is not None]
            if len(row) != len(want):
                row = [self.card(None, False, *lay.slot(s, i, len(want))) for i in range(len(want))]
            for sp, (value, up, known) in zip(row, want, strict=True):
                sp.value = value
                sp.peek = False
                if sp.lift and not sp.tweens:
                    sp.lift = 0.0
                if not reveal:
                    sp.up, sp.known = up, 0 if up else known
            self.rows[s] = row
            self.place_row(s, 0)
        self.deck_count = _deck_size(view)
        known = getattr(view, "deck_known", None)
        self.deck_top = known.get(0) if isinstance(known, dict) else None
        self._place_pile(list(view.discard))
        self._place_hand(view)
        self.flying = []
        self.turn_seat = view.turn if view.phase not in (ROUND_OVER, OVER) else None
        self.scram_seat = view.scram

    def _place_pile(self, discard: list[int]) -> None:
        lay = self.layout
        if not discard:
            self.pile = []
            return
        if not self.pile:
            self.pile = [self.card(discard[-1], True, *lay.discard_pos, lay.pile_w)]
        top = self.pile[-1]
        top.value, top.up = discard[-1], True
        self.pile = self.pile[-3:]
        for sp in self.pile:
            sp.move(*lay.discard_pos, lay.pile_w, 0)
            sp.lift = 0

    def _place_hand(self, view: SeatView) -> None:
        # Only a drawn card is held: in the 12's exchange decision the core still names the
        # 12 as drawn, but it already lies on the discard pile (shown there, not in a hand).
        if view.phase != DRAWN or view.turn is None:
            self.hands = {}
            return
        t = view.turn
        sp = self.hands.get(t) or self.card(None, False, *self.layout.seat_hand(t))
        sp.value = view.drawn
        source = view.drawn_source
        sp.up = view.drawn is not None and (t == self.viewer or source == "discard")
        sp.move(*self.layout.seat_hand(t), 0)
        sp.set_lift(1.0 if t == self.viewer else 0.0, 0)
        self.hands = {t: sp}

    def clear(self) -> None:
        """An empty table (a new deal comes)."""
        self.rows = [[] for _ in range(self.n)]
        self.pile, self.hands, self.flying = [], {}, []
        self.flashes = {}
        self._frames = {}
        self.sums = None
        self.revealing = False

    def place_row(self, seat: int, dur: float, delay: float = 0.0) -> None:
        row = self.rows[seat]
        count = len(row)
        for i, sp in enumerate(row):
            if sp is None:
                continue
            x, y, w = self.layout.slot(seat, i, count)
            if abs(sp.x - x) > 0.5 or abs(sp.y - y) > 0.5 or abs(sp.w - w) > 0.5 or sp.moving:
                sp.move(x, y, w, dur, delay)

    def close_holes(self, dur: float) -> None:
        """Close the holes left by cards that went away (the rest slide together)."""
        for s in range(self.n):
            if any(sp is None for sp in self.rows[s]):
                self.rows[s] = [sp for sp in self.rows[s] if sp is not None]
                self.place_row(s, dur)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = Layout(size, self.n, self.viewer)
        self._frames = {}
        for s in range(self.n):
            self.place_row(s, 0)
        for seat, sp in self.hands.items():
            sp.move(*self.layout.seat_hand(seat), 0)
        for sp in self.pile:
            sp.move(*self.layout.discard_pos, self.layout.pile_w, 0)

    # ---- the animator's moves ----------------------------------------------------------------
    def sprite_at(self, target: tuple) -> CardSprite | None:
        s, i = target
        if isinstance(s, int) and 0 <= s < self.n and 0 <= i < len(self.rows[s]):
            return self.rows[s][i]
        return None

    def deck_card(self, value: int | None = None, up: bool = False) -> CardSprite:
        """A new sprite on the deck (a card about to leave it)."""
        return self.card(value, up, *self.layout.deck_pos, self.layout.pile_w)

    def add_to_row(self, seat: int, sp: CardSprite) -> None:
        self.rows[seat].append(sp)

    def take(self, target: tuple) -> CardSprite | None:
        """Lift a card out of its row, leaving a hole (closed later by `close_holes`)."""
        sp = self.sprite_at(target)
        if sp is not None:
            self.rows[target[0]][target[1]] = None
        return sp

    def put(self, owner: int, slot: int, sp: CardSprite, dur: float) -> None:
        """A card joins `owner`'s row at `slot`; the row makes room as it slides in."""
        row = self.rows[owner]
        row.insert(min(slot, len(row)), sp)
        self.place_row(owner, dur)

    def set_place(self, target: tuple, sp: CardSprite) -> None:
        """`sp` now lies at `target` (an exchange)."""
        self.rows[target[0]][target[1]] = sp

    def hold(self, seat: int, sp: CardSprite) -> None:
        self.hands[seat] = sp

    def held(self, seat: int) -> CardSprite | None:
        return self.hands.get(seat)

    def release(self, seat: int) -> CardSprite | None:
        return self.hands.pop(seat, None)

    def to_pile(self, sp: CardSprite) -> None:
        self.pile.append(sp)

    def from_pile(self) -> CardSprite | None:
        return self.pile.pop() if self.pile else None

    def fly(self, sp: CardSprite) -> None:
        if sp not in self.flying:
            self.flying.append(sp)

    def land(self, sp: CardSprite) -> None:
        if sp in self.flying:
            self.flying.remove(sp)

    def set_deck(self, count: int, top: int | None = None) -> None:
        self.deck_count = count
        self.deck_top = top

    def deck_drawn(self) -> None:
        self.deck_count -= 1
        self.deck_top = None

    def set_turn(self, seat: int | None) -> None:
        self.turn_seat = seat
        self.thinking = 0.0

    def set_thinking(self, seconds: float) -> None:
        """A bot has been thinking for `seconds` (0: nobody is)."""
        self.thinking = seconds

    def set_scram(self, seat: int | None) -> None:
        self.scram_seat = seat

    def flash(self, sp: CardSprite, seconds: float = FLASH_SECONDS) -> None:
        """A card a move has just changed keeps a ring for a moment."""
        if seconds > 0:
            self.flashes[id(sp)] = (sp, seconds)

    def show_sums(self, sums: dict[int, int] | None) -> None:
        self.sums = sums
        self.revealing = sums is not None

    def reveal(self, target: tuple, value: int, dur: float) -> bool:
        """Turn a campsite card face up for the round end (True if it was face down)."""
        sp = self.sprite_at(target)
        if sp is None:
            return False
        sp.value = value
        if sp.up:
            return False
        sp.flip(True, dur)
        return True

    def settle(self, dur: float) -> bool:
        """Close holes, drop rings, put every row in place; True if something still moves."""
        self.close_holes(dur)
        for row in self.rows:
            for sp in row:
                if sp is not None:
                    sp.glow = None
        for seat in range(self.n):
            self.place_row(seat, dur)
        return any(sp.moving for sp in self.all_cards())

    # ---- what the player may choose (set by the scene from its turn machine) -------------------
    def show_choice(self, glow: dict, deck: bool, discard: bool, deck_chosen: int) -> None:
        self.glow, self.deck_glow, self.discard_glow, self.deck_chosen = glow, deck, discard, deck_chosen

    def lift_chosen(self, chosen: list[tuple], dur: float, hovered: tuple | None = None) -> None:
        """Chosen cards rise a little so the selection reads at a glance; the card the
        player may click under the pointer (`hovered`) rises half as much, so the two never read alike."""
        for s in range(self.n):
            for i, sp in enumerate(self.rows[s]):
                if sp is not None:
                    want = CHOSEN_LIFT if (s, i) in chosen else HOVER_LIFT if (s, i) == hovered else 0.0
                    if sp.lift_target() != want:
                        sp.set_lift(want, dur)

    # ---- the frame ---------------------------------------------------------------------------
    def all_cards(self) -> list[CardSprite]:
        rows = [sp for row in self.rows for sp in row if sp is not None]
        return [*rows, *self.pile, *self.hands.values(), *self.flying]

    def update(self, dt: float) -> None:
        for sp in self.all_cards():
            if sp.tweens:
                sp.update(dt)
        for s in range(self.n):  # raised, a row's card keeps clear of the row's name
            room = self.layout.raise_room(s)
            strip = self.layout.strip(s, len(self.rows[s]))
            last = len(self.rows[s]) - 1
            for i, sp in enumerate(self.rows[s]):
                if sp is not None:
                    sp.room = room
                    sp.strip = strip if i < last else None  # the last card is all in view
                    sp.tight = strip is not None
        if self.flashes:
            self.flashes = {k: (sp, t - dt) for k, (sp, t) in self.flashes.items() if t - dt > 0}

    def is_moving(self, sp: CardSprite) -> bool:
        return any(t.attr in ("x", "y") for t in sp.tweens)

    # ---- where things are ----------------------------------------------------------------------
    def hit(self, pos: tuple[int, int]) -> tuple | str | None:
        """What is under `pos`: a campsite target, a seat box ("seat", s), "deck" or "discard"."""
        for s in range(self.n):
            row = self.rows[s]
            for i in range(len(row) - 1, -1, -1):
                sp = row[i]
                if sp is not None and sp.rect().collidepoint(pos):
                    return (s, i)
        if self.layout.deck_rect().collidepoint(pos):
            return "deck"
        if self.layout.discard_rect().inflate(8, 8).collidepoint(pos):
            return "discard"
        for s, seat in self.layout.seats.items():
            if seat.box.collidepoint(pos):
                return ("seat", s)
        return None

    def item_rect(self, item: tuple | str) -> pygame.Rect | None:
        """Where an item (as `hit` names it) is on screen (None if it has no sprite now)."""
        if item == "deck":
            return self.layout.deck_rect()
        if item == "discard":
            return self.layout.discard_rect()
        if item[0] == "seat":
            return self.layout.seats[item[1]].box
        sp = self.sprite_at(item)
        return sp.rect() if sp is not None else None

    def count(self, seat: int, held: bool = False) -> int:
        """The cards of `seat`'s row (`held`: a card that left still counts until the row
        closes up, as its frame does: a label never drops before the new card is in; and a
        card of the deal still waiting on the deck is not the row's yet)."""
        row = self.rows[seat]
        return sum(1 for x in row if x is not None and not x.waiting) + (row.count(None) if held else 0)

    def frame(self, seat: int, label_w: int = 0) -> pygame.Rect:
        """The campsite as drawn now: round the row's cards where they are, wide enough for
        the label, inside the seat's box. The frame moves with its cards, never lags them: a
        card on its way into the row counts where it will land, so the frame makes room as
        it comes; a card that left leaves its place held until the row closes up, so the
        frame never shrinks before the cards that fill the gap have moved."""
        lay = self.layout
        box = lay.seats[seat].box
        row = self.rows[seat]
        spans = [self._span(sp, seat) for sp in row if sp is not None]
        if not spans:
            self._frames.pop(seat, None)
            return lay.row_frame(seat, 0, label_w)
        pad = px(8)
        left, right = min(a for a, _ in spans) - pad, max(b for _, b in spans) + pad
        held = self._frames.get(seat)
        if held is not None and any(sp is None for sp in row):
            left, right = min(left, held[0]), max(right, held[1])
        self._frames[seat] = (left, right)
        need = max(label_w + 2 * pad, px(120))
        if right - left < need:
            mid = (left + right) / 2
            left, right = mid - need / 2, mid + need / 2
        left, right = max(box.x, int(left)), min(box.right, int(right + 0.5))
        return pygame.Rect(left, box.y, right - left, lay.frame_bottoms[seat] - box.y)

    def _span(self, sp: CardSprite, seat: int) -> tuple[float, float]:
        """A row card's left and right edges for its frame: where it lands, while it comes
        from elsewhere; sliding along its row, both where it is and where it goes (the
        frame makes room ahead, closes up behind)."""
        x, w = sp.x, sp.w
        if not sp.tweens:  # at rest: where it is (most cards, most frames)
            return x - w / 2, x + w / 2
        tx, _, tw = sp.destination()
        if self.is_moving(sp) and not sliding_along(sp, self.row_area(seat)):
            return tx - tw / 2, tx + tw / 2
        return min(x - w / 2, tx - tw / 2), max(x + w / 2, tx + tw / 2)

    def seen_by(self, pos: tuple[int, int]) -> str | None:
        """The tooltip of a face-down card under `pos` that someone has seen: who saw it."""
        what = self.hit(pos)
        if not isinstance(what, tuple) or what[0] == "seat":
            return None
        sp = self.sprite_at(what)
        if sp is None or sp.up or not sp.known:
            return None
        who = ["you" if s == self.human else self.names[s] for s in range(self.n) if sp.known >> s & 1]
        return "Seen by " + (" and ".join(who) if len(who) <= 2 else ", ".join(who[:-1]) + " and " + who[-1])

    def text_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """Every text the board draws, with its box (for the layout check)."""
        boxes = []
        for s in range(self.n):
            boxes += seat_texts(self, s)
        lay = self.layout
        for name, r in (("Deck", lay.deck_rect()), ("Discard", lay.discard_rect())):
            img = skin.text(name, "text", px(lay.pile_label_size()), skin.INK)
            boxes.append((name, img.get_rect(midtop=(r.centerx, r.bottom + px(8)))))
        if self.deck_top is not None and self.memory_aid:
            img = skin.text(f"top: {label(self.deck_top)}", "text", px(14), skin.MUTED)
            d = lay.deck_rect()
            boxes.append(("deck top", img.get_rect(midbottom=(d.centerx, d.y - 4))))
        return boxes

    def mark_boxes(self) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        """Every peek mark and memory-aid value on the row cards (seen_marks.row_marks)."""
        return row_marks(self.rows, self.memory_aid, self.viewer)

    def card_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Every card at rest on the table, with its box (for the layout check)."""
        out = []
        for s in range(self.n):
            for i, sp in enumerate(self.rows[s]):
                if sp is not None:
                    out.append((f"card {s}.{i}", sp.rect()))
        lay = self.layout
        out += [("deck", lay.deck_rect()), ("discard", lay.discard_rect()), ("deck badge", lay.deck_badge())]
        out += [(f"hand {s}", sp.rect()) for s, sp in self.hands.items()]
        out += [(f"shown deck card {k}", sp.rect()) for k, sp in enumerate(self.flying)]
        return out

    # ---- drawing ---------------------------------------------------------------------------------
    def layers(self) -> list[list[CardSprite]]:
        """The cards in drawing order (layering.py): the pile at rest, row cards at rest,
        raised row cards, held and shown cards at rest, then every card in motion."""
        return draw_order(self, self.all_cards())

    def row_area(self, seat: int) -> pygame.Rect:
        """Where `seat`'s row of cards lies (its middle: the row's line)."""
        return self.layout.seats[seat].cards

    def draw(self, surface: pygame.Surface) -> None:
        layers = self.layers()
        self.draw_rest(surface, layers)
        self.draw_top(surface, layers)

    def _glows(self) -> dict[int, tuple]:
        """The ring colour of each card that has one (a legal target, a chosen card)."""
        if not self.glow:
            return {}
        return {id(self.rows[s][i]): c for (s, i), c in self.glow.items() if self.sprite_at((s, i))}

    def rest_pieces(self, layers: list[list[CardSprite]]) -> dict:
        """The pieces `draw_rest` draws, each with its look (everything it reads) and the area
        it may paint, for the scene's backdrop (backdrop.py), which draws again only where
        looks change. A flat card's look holds its place in its row (later ones overlap it)."""
        flat = {id(sp) for sp in layers[1]}
        glow, aid, viewer = self._glows(), self.memory_aid, self.viewer
        pieces: dict = {("seat", s): (seat_look(self, s), partial(seat_area, self, s)) for s in range(self.n)}
        pieces["piles"] = (piles_look(self, layers[0]), partial(piles_area, self))
        for s, row in enumerate(self.rows):
            for i, sp in enumerate(row):
                if sp is not None and id(sp) in flat:
                    look = sp.look(aid, viewer, glow.get(id(sp)) or self._flash(sp))
                    pieces[("card", id(sp))] = ((s, i, look), sp.footprint)
        return pieces

    def draw_rest(self, surface: pygame.Surface, layers: list[list[CardSprite]]) -> None:
        """The table, the campsites' frames and labels, the piles and the cards lying flat."""
        surface.blit(skin.table_background(self.layout.size), (0, 0))
        for s in range(self.n):
            draw_seat(surface, self, s)
        draw_piles(surface, self, layers[0])
        glow, aid, viewer = self._glows(), self.memory_aid, self.viewer
        for sp in layers[1]:
            sp.draw(surface, aid, viewer, glow.get(id(sp)) or self._flash(sp))

    def top_areas(self, layers: list[list[CardSprite]]) -> list[pygame.Rect]:
        """Where `draw_top` may paint (for the scene's kept frame)."""
        return [sp.footprint() for sp in [*layers[2], *layers[3], *layers[4]]] + [self.layout.deck_badge()]

    def draw_top(self, surface: pygame.Surface, layers: list[list[CardSprite]]) -> None:
        """What lies over the flat cards: raised cards, the deck's count, held and moving cards."""
        raised, held, moving = layers[2:]
        glow, aid, viewer = self._glows(), self.memory_aid, self.viewer
        for sp in raised:
            sp.draw(surface, aid, viewer, glow.get(id(sp)) or self._flash(sp))
        for sp in held:
            sp.draw(surface, aid, viewer)
        for sp in moving:  # a card in motion is above the table...
            sp.draw(surface, aid, viewer)
        badge = self.layout.deck_badge()  # ...but never hides the deck's count, which the player reads
        surface.blit(skin.count_badge(self.deck_count, badge.w), badge)

    def _flash(self, sp: CardSprite) -> tuple | None:
        return CHANGED if id(sp) in self.flashes else None


def _deck_size(view) -> int:
    size = getattr(view, "deck_size", None)
    return size if size is not None else len(view.deck)
