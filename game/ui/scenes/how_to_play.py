"""How to play: the rules in the project's own words, with the card faces, what each action
does and a picture of each kind of action, tips for playing well, and the keys. Reachable
from the menu and from the table (the game waits meanwhile)."""

from __future__ import annotations

import pygame

from game.lang import N_, _, pgettext
from game.rules.cards import ACTION_FAMILIES, ACTIONS, EQ
from game.seat.spoken import QUERY_KEYS
from game.ui import skin
from game.ui.kit.focus_ring import SIDEWAYS_FREE
from game.ui.kit.prompts import pad_prompts
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button, draw_text, fit_text, line_step, px, wrap

from .how_to_play_pictures import TITLES, draw_picture, family_cards

PAGES = [
    (
        N_("The aim"),
        N_(
            "Scram! is played in teams. Every round, each camper has a row of cards, its campsite. "
            "When the round ends, every card is turned up and added together: the team with the lower "
            "total wins the round. After all rounds (4 with four campers, 3 otherwise) the lowest "
            "running total wins the game. If both teams tie in every round, the critters win.\n"
            "Teams sit in turn around the table: with 4 or 6 campers, every other seat is a teammate. "
            "With 3 campers a solo camper (8 cards) plays against a duo, and the solo plays after each "
            "duo turn.\n"
            "Each campsite starts with 3 face-down cards and 2 face-up ones (the solo: 6 and 2). Nobody "
            "has seen the face-down cards, not even their owner."
        ),
        [1, 4, 9, 13],
    ),
    (
        N_("Your turn"),
        N_(
            "Start your turn in one of three ways:\n"
            "• Draw the top card of the deck (D). Only you see it. Then throw it away, play its action "
            "(cards 5 to 13), or keep it.\n"
            "• Take the top card of the discard pile (T). You must keep it.\n"
            "• Declare Scram (S), with 2 or fewer cards in your campsite, if nobody has yet this round. "
            "Everyone else then plays one last turn.\n"
            "The round also ends when the deck runs out at the start of a turn."
        ),
        [],
    ),
    (
        N_("Keeping a card"),
        N_(
            "To keep the card, choose a card of your campsite for it to replace, and then, if you like, "
            "more cards from your campsite or your teammates' that you think are the same value. They "
            "are all turned face up.\n"
            "If they all match (= matches anything), they all go to the discard pile, your card takes "
            "the first one's place and the gaps close: a good way to shrink a campsite.\n"
            "If they do not match, they stay where they are, face up, and your card joins the end of your "
            "row. Worse: with 3 different values you draw 1 extra card, with 4 values 2 extra, with 5 or "
            "more 3 extra, face down and unseen."
        ),
        [6, 6, 0],
    ),
    (
        N_("Card actions"),
        "",  # drawn from the core's table of actions (draw_actions)
        [5, 6, 7, 8, 9, 10, 11, 12, 13],
    ),
    (N_("Actions in pictures"), "", []),
    (
        N_("Scoring a round"),
        N_(
            "A camper scores the sum of its cards; an = is worth the lowest number in the same campsite "
            "(a campsite of only = cards scores 0). A team adds up its campers.\n"
            "If someone declared Scram, their team records 0 when its total is not higher than the other "
            "team's, but its total + 10 when it is higher. So declare Scram only when you are sure!\n"
            "Who peeked where is public: a face-down card carries a badge for each camper who has seen "
            "it, with the camper's initial, in the team's colour and shape (a disc for your team, a "
            "square for the other). The memory aid (Settings) shows on its back the value of each card "
            "you have seen, in place of your own badge."
        ),
        [0, 2, 3],
    ),
    (
        N_("Tips"),
        N_(
            "• Low is good. Cards 1 to 4 and = are what you want to keep; a 12 or 13 in your campsite "
            "hurts. Replace your highest cards first, starting with the ones you know.\n"
            "• Look before you keep. A View (5, 6) on your own face-down cards tells you which of them "
            "to replace; a card you have seen is a safe target, an unknown one is a gamble.\n"
            "• Matches shrink a campsite. Two or three cards of one value (your teammates' too) leave "
            "together; = joins any group. But a failed match of 3 or more different values costs "
            "extra cards: only add cards you are sure of.\n"
            "• Play the action on the right campsite. Discard your team's high cards, swap a high card "
            "of yours for an opponent's low one, and give the 13 to an opponent, best one who is "
            "close to a Scram.\n"
            "• The discard pile is public: a card you take from it is face up for everyone, and what "
            "you throw away can help the next camper.\n"
            "• Watch the badges. The initials on a face-down card show who has seen it: a card an "
            "opponent knows may be about to be swapped or thrown away.\n"
            "• Scram only when your team is surely lower: winning it records 0, losing it adds 10 to "
            "your team's total."
        ),
        [],
    ),
    (
        N_("Keys"),
        N_(
            "Click the cards that glow to choose them; clicking something that is not allowed tells "
            "you why. Without a mouse, the arrow keys or Tab (Shift+Tab back) move a white ring over "
            "the cards you may choose, and Space chooses the card in the ring, as a click would."
        ),
        [],
    ),
    (
        N_("Playing by ear"),
        N_(
            "With speech on (F4 on any screen, or Settings), the table says every move, your turn's "
            "choices with their keys, and each card as the ring reaches it. At the table these keys "
            "answer at once."
        ),
        [],
    ),
]
KEYS_PAGE, EAR_PAGE = PAGES[-2][0], PAGES[-1][0]  # the pages of key caps (told apart by their English titles)


NO_ACTION = N_("1 to 4 and =: no action. An = counts as the lowest number in its own campsite.")

# The keys page: (keys, what they do), in the order of a turn. The letters are the keys
# themselves in every language; the names of the other keys are translated.
KEYS = [
    ("D", N_("draw from the deck")),
    ("T", N_("take the discard pile's top card")),
    ("S", N_("declare Scram")),
    ("X", N_("discard the drawn card")),
    ("A", N_("use the drawn card's action")),
    ("K", N_("keep the drawn card (then click the cards)")),
    ("E", N_("the end a card goes to if nothing matches")),
    ("Enter", N_("confirm")),
    ("Esc", N_("cancel a choice, or pause the game")),
    ("W / L", N_("a 12: swap the two cards, or leave them")),
    ("L / R", N_("a 9 or 13: the left or right end")),
    ("H, F1", N_("this help (the game waits)")),
    ("F11", N_("fullscreen on and off")),
    ("F12", N_("save a screenshot")),
]
PAD_KEYS = [  # shown instead while a game pad is in use (its buttons: game/ui/kit/pad.py)
    ("D-pad", N_("move the ring (the stick too)")),
    ("A", N_("choose what the ring is on")),
    ("B", N_("back, or cancel a choice")),
    ("Start", N_("pause the game")),
    ("Y", N_("the hint; again: follow it")),
    ("X", N_("the next item; in the letter picker, delete")),
    ("LB / RB", N_("the previous or next round of a review")),
    ("View", N_("this help (the game waits)")),
]
# The keys of play by ear: speech on and off, then the table's query keys (game/seat/spoken.py).
EAR_KEYS = [("F4", N_("speech on and off, on every screen")), *QUERY_KEYS]


def key_name(keys: str) -> str:
    """A key cap's words: the named keys translated ("Enter" is "Entrée" in French), the
    letters and function keys as the keyboard shows them."""
    named = {"Enter": pgettext("key", "Enter"), "Esc": pgettext("key", "Esc")}
    return named.get(keys, keys)


def action_help(value: int) -> str:
    """ "View 1: look at one face-down card ...": an action card's name and what it does."""
    action = ACTIONS[value]
    # TRANSLATORS: How to play: an action card's name, then what it does
    return _("{action}: {words}", action=_(action.name), words=_(action.words))


class HelpScene(Scene):
    pad_keys = SIDEWAYS_FREE  # left and right turn the pages, as on the keyboard

    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0
        self.prev = Button("", self.go_prev, pygame.K_LEFT, size=20)
        self.next = Button("", self.go_next, pygame.K_RIGHT, size=20, primary=True)
        self.back = Button("", self.app.pop, pygame.K_ESCAPE, size=20)

    def go_prev(self) -> None:
        self.page = max(0, self.page - 1)
        self.say_page()

    def go_next(self) -> None:
        self.page = min(len(PAGES) - 1, self.page + 1)
        self.say_page()

    def say_page(self) -> None:
        for k, line in enumerate(self.page_words()):
            self.app.say(line, interrupt=k == 0)

    def spoken_words(self) -> list[str]:
        """Said as How to play comes up: its first page, and the buttons that turn them."""
        return [*self.page_words(), _("< Previous"), _("Next >"), _("Back (Esc)")]

    def page_words(self) -> list[str]:
        """The page said aloud, a line at a time: its heading, each key and what it does (on a
        keys page), its text paragraph by paragraph."""
        title, body, _cards = PAGES[self.page]
        lines = [_("{page}/{pages} · {title}", page=self.page + 1, pages=len(PAGES), title=_(title))]
        if title in (KEYS_PAGE, EAR_PAGE):
            keys = self.page_keys(title)
            lines += [_("{name}: {label}", name=key_name(k), label=_(words)) for k, words in keys]
        return lines + [p for p in _(body).split("\n") if p.strip()]

    @staticmethod
    def page_keys(title: str) -> list:
        """A keys page's keys: the keyboard's (a pad's buttons while a pad is in use), or play by ear's."""
        if title == KEYS_PAGE:
            return PAD_KEYS if pad_prompts() else KEYS
        return EAR_KEYS

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_h, pygame.K_F1):
            self.app.pop()
            return
        for b in (self.prev, self.next, self.back):
            if b.handle_event(e):
                return

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(skin.table_background((w, h)), (0, 0))
        title, body, cards = PAGES[self.page]
        cx = w // 2
        self.prev.label, self.next.label, self.back.label = _("< Previous"), _("Next >"), _("Back (Esc)")
        draw_text(surface, _("How to play"), (cx, px(18)), 40, skin.ACCENT, "display", anchor="midtop")
        draw_text(
            surface,
            # TRANSLATORS: How to play's page heading: "2/8 · Your turn"
            _("{page}/{pages} · {title}", page=self.page + 1, pages=len(PAGES), title=_(title)),
            (cx, px(70)),
            26,
            skin.INK,
            "display",
            anchor="midtop",
        )
        width = min(round(px(900) * skin.text_scale()), w - 80)  # larger text: wider lines
        x = cx - width // 2
        top = px(116)
        for b in (self.prev, self.back, self.next):
            b.fit()
        bottom = h - px(20) - self.back.rect.h - px(12)  # the page ends above its buttons
        if title == PAGES[3][0]:  # "Card actions" (the English title tells the pages apart)
            self.draw_actions(surface, pygame.Rect(x, top, width, bottom - top), cards)
        elif title == PAGES[4][0]:
            self.draw_pictures(surface, pygame.Rect(x, top, width, bottom - top))
        elif title in (KEYS_PAGE, EAR_PAGE):
            keys = self.page_keys(title)
            columns = 2 if title == KEYS_PAGE else 1  # the query keys' longer words: a whole row each
            self.draw_keys(surface, pygame.Rect(x, top, width, bottom - top), _(body), keys, columns)
        else:
            y = top
            size, paras = self.body_lines(_(body), width, bottom - top)
            step = max(px(size + 7), skin.line_height("text", px(size)))
            for lines in paras:  # a little air between paragraphs
                for line in lines:
                    draw_text(surface, line, (x, y), size, skin.INK)
                    y += step
                y += px(6)
            cw = min(px(80), int((bottom - y - px(16)) / 1.4))
            if cards and cw >= 16:  # where the text leaves room for them (never a negative size)
                gap = px(14)
                total = len(cards) * (cw + gap) - gap
                for k, v in enumerate(cards):
                    surface.blit(skin.card_face(v, cw), (cx - total // 2 + k * (cw + gap), y + px(16)))
        self.prev.visible = self.page > 0
        self.next.visible = self.page < len(PAGES) - 1
        self.prev.rect.bottomleft = (x, h - px(20))
        self.back.rect.midbottom = (cx, h - px(20))
        self.next.rect.bottomright = (x + width, h - px(20))
        for b in (self.prev, self.next, self.back):
            b.draw(surface)

    def draw_actions(self, surface: pygame.Surface, area: pygame.Rect, cards: list[int]) -> None:
        """One cell per action card (its face, its icon, the words) in two columns, and a last
        cell for the cards without an action."""
        cells = [(v, action_help(v)) for v in cards]
        cells.append((EQ, _(NO_ACTION)))
        per_col = (len(cells) + 1) // 2
        gap = px(24)
        col_w = (area.w - gap) // 2
        cell_h = area.h // per_col
        cw = max(24, min(px(56), int((cell_h - px(8)) / 1.4)))
        icon_size = px(26)
        size, line_h = self.cell_size(cells, col_w - cw - px(10) - icon_size - px(8), cell_h - px(4))
        for k, (v, words) in enumerate(cells):
            col, row = divmod(k, per_col)
            x = area.x + col * (col_w + gap)
            y = area.y + row * cell_h
            surface.blit(skin.card_face(v, cw), (x, y))
            tx = x + cw + px(10)
            icon = skin.action_icon(v, icon_size) if v != EQ else None
            if icon is not None:
                surface.blit(icon, (tx, y + px(2)))
                tx += icon_size + px(8)
            lines = wrap(words, size, x + col_w - tx)
            for i, line in enumerate(lines):
                draw_text(
                    surface, line, (tx, y + px(2) + i * line_h), size, skin.INK if v != EQ else skin.MUTED
                )

    @staticmethod
    def body_lines(body: str, width: int, height: int) -> tuple[int, list[list[str]]]:
        """A page's paragraphs wrapped to `width`, in the largest size (19 down to 14) whose
        lines fit in `height` (a long language's page is longer)."""
        for size in range(19, 13, -1):
            paras = [wrap(para, size, width) for para in body.split("\n")]
            step = max(px(size + 7), skin.line_height("text", px(size)))
            if sum(len(lines) for lines in paras) * step + len(paras) * px(6) <= height:
                break
        return size, paras

    @staticmethod
    def cell_size(cells: list[tuple[int, str]], width: int, height: int) -> tuple[int, int]:
        """The largest text size (17 down to 13) whose lines fit every cell of the actions'
        page (a long language needs more lines), and its line height."""
        for size in range(17, 12, -1):
            line_h = skin.line_height("text", px(size))
            if all(len(wrap(words, size, width)) * line_h <= height for _v, words in cells):
                break
        return size, line_h

    def draw_pictures(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A picture of each kind of action (the game's own cards and icons), three then two,
        each with its name, its cards and what it does."""
        gap = px(20)
        cell_w = (area.w - 2 * gap) // 3
        cell_h = area.h // 2
        title_h = line_step(26, "text_bold", 19)  # the text size grows the lines
        part_h = line_step(20, "text", 16)
        text_h = title_h + 2 * part_h
        for k, family in enumerate(ACTION_FAMILIES):
            row, col = divmod(k, 3)
            shift = (cell_w + gap) // 2 if row == 1 else 0  # the second row centred
            x = area.x + shift + col * (cell_w + gap)
            y = area.y + row * cell_h
            pic = pygame.Rect(x, y, cell_w, max(px(40), cell_h - text_h - px(12)))
            draw_picture(surface, family, pic)
            ty = pic.bottom + px(4)
            size, title = self.picture_title(family, cell_w)
            draw_text(surface, title, (x + cell_w // 2, ty), size, skin.ACCENT, "text_bold", "midtop")
            size, lines = self.caption(family, cell_w)
            for k, part in enumerate(lines):
                draw_text(
                    surface,
                    part,
                    (x + cell_w // 2, ty + title_h + k * part_h),
                    size,
                    skin.INK,
                    anchor="midtop",
                )

    @staticmethod
    def picture_title(family: str, width: int) -> tuple[int, str]:
        """A picture's title in the largest size (19 down to 14) that keeps it on one line of
        `width` (cut short only if even 14 is too wide)."""
        title = _(TITLES[family])
        for size in range(19, 13, -1):
            if skin.font("text_bold", px(size)).size(title)[0] <= width:
                return size, title
        return 14, fit_text(title, 14, width, "text_bold")

    @staticmethod
    def caption(family: str, width: int) -> tuple[int, list[str]]:
        """The line under a picture, its cards and their names ("cards 5, 6: View 1 / View 2"),
        wrapped to `width` in the largest size (16 down to 12) that keeps it to two lines."""
        names = " / ".join(_(a.name) for a in ACTIONS.values() if a.family == family)
        # TRANSLATORS: under a picture of How to play: "cards 5, 6: View 1 / View 2"
        line = _("{cards}: {names}", cards=family_cards(family), names=names)
        for size in range(16, 11, -1):
            lines = wrap(line, size, width)
            if len(lines) <= 2:
                break
        return size, lines

    @staticmethod
    def key_words(words: str, width: int) -> tuple[int, list[str]]:
        """What a key does beside its cap: on one line of `width` in the largest size from 17
        down to 12, else on two lines in 12 (a long language's words are never cut)."""
        for size in range(17, 11, -1):
            if skin.font("text", px(size)).size(words)[0] <= width:
                return size, [words]
        return 12, wrap(words, 12, width)

    def draw_keys(
        self, surface: pygame.Surface, area: pygame.Rect, note: str, keys: list, columns: int
    ) -> None:
        """The keys in columns, each key on a small cap, then the page's note (rows and caps
        grow with the text size)."""
        per_col = (len(keys) + columns - 1) // columns
        gap = px(24)
        col_w = (area.w - gap * (columns - 1)) // columns
        row, cap_w, note_step = self.key_metrics(17, keys)
        for k, (caps, words) in enumerate(keys):
            col, line = divmod(k, per_col)
            x = area.x + col * (col_w + gap)
            y = area.y + line * row
            cap = pygame.Rect(x, y, cap_w, row - px(8))
            pygame.draw.rect(surface, skin.BUTTON, cap, border_radius=px(6))
            pygame.draw.rect(surface, skin.BUTTON_EDGE, cap, 1, border_radius=px(6))
            draw_text(surface, key_name(caps), cap.center, 17, skin.ACCENT, anchor="center")
            size, lines = self.key_words(_(words), x + col_w - cap.right - px(12))
            step = skin.line_height("text", px(size))
            for i, said in enumerate(lines):
                at = (cap.right + px(12), cap.centery + round((i - (len(lines) - 1) / 2) * step))
                draw_text(surface, said, at, size, skin.INK, anchor="midleft")
        y = area.y + per_col * row + px(14)
        for line in wrap(note, 18, area.w):
            draw_text(surface, line, (area.x, y), 18, skin.INK)
            y += note_step

    @staticmethod
    def key_metrics(size: int, keys: list) -> tuple[int, int, int]:
        """(row height, key cap width, the note's line step) of a keys page at `size`."""
        row = line_step(38, "text", size, 8)
        cap_w = max(
            px(70), max(skin.font("text", px(size)).size(key_name(caps))[0] for caps, _w in keys) + px(12)
        )
        return row, cap_w, line_step(24, "text", size + 1)
