"""Screenshot tour: every scene of the game, captured from a real window, at several sizes.

Run under a display, e.g.
`xvfb-run -a -s "-screen 0 1920x1200x24" .venv/bin/python -m screens.ui_screens`
(`--sizes 1280x720,1024x640,1920x1080` by default; `--only table` keeps the shots whose
name holds a word). The PNGs go to .screens/WIDTHxHEIGHT/ (or SCRAM_SCREENSHOT_DIR/...).

The player's seat is driven by the same posted clicks and keys as the UI tests. Shots that
need a particular hand use a stacked deck (the player starts and draws a 12) or a game
brought to the wanted state through the rules core and then continued as a saved game is
(long campsites after mismatches); the rest come from games played at instant speed
until the wanted moment, which is then played at normal speed and caught mid-way.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("SCRAM_HOME", tempfile.mkdtemp(prefix="scram-shots-"))
SHOTS = Path(os.environ.get("SCRAM_SCREENSHOT_DIR", str(ROOT / ".screens")))

import pygame  # noqa: E402

from game.files.settings import Settings  # noqa: E402
from game.rules import START  # noqa: E402
from game.rules.cards import EQ, deck_for, team_of  # noqa: E402
from game.rules.decisions import DISCARD, DRAW, Replace  # noqa: E402
from game.rules.state import Game  # noqa: E402
from game.seat.start import start_game  # noqa: E402
from game.ui import skin  # noqa: E402
from game.ui.kit.app import App  # noqa: E402
from game.ui.routes import make_app  # noqa: E402
from game.ui.scenes.game_over import GameOverScene  # noqa: E402
from game.ui.scenes.how_to_play import PAGES, HelpScene  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402
from game.ui.scenes.new_game import NewGameScene  # noqa: E402
from game.ui.scenes.pause import PauseScene  # noqa: E402
from game.ui.scenes.round_end import RoundEndScene  # noqa: E402
from game.ui.scenes.settings import SettingsScene  # noqa: E402
from game.ui.scenes.table import TableScene  # noqa: E402
from game.ui.table.turn import Mode  # noqa: E402
from tests.ui_support import (  # noqa: E402
    DT,
    button,
    card_point,
    click,
    key,
    play_decision,
    ready,
    run,
    run_until,
    wait_applied,
)

NAMES = ["Ann", "Bea", "Cal", "Dot", "Eli", "Fay"]
ONLY: list[str] = []
OUT = SHOTS


def players(campers: int, human: int) -> list[str]:
    """Seat names with the player called "You" (as the New game screen does by default)."""
    others = iter(n for n in NAMES[1:])
    return ["You" if s == human else next(others) for s in range(campers)]


def levels(campers: int, human: int | None) -> list[str | None]:
    return [None if s == human else "greenhorn" for s in range(campers)]


def wanted(name: str) -> bool:
    return not ONLY or any(w in name for w in ONLY)


def shot(app: App, name: str) -> None:
    if wanted(name):
        app.shots = OUT
        print("saved", app.screenshot(name))


def new_app(size: tuple[int, int], **kw) -> App:
    pygame.quit()
    base = {"speed": "instant", "bot_pace": "instant", "muted": True}
    return make_app(size, Settings(**(base | kw)), persist=False)


def to_player_start(app: App, table: TableScene) -> None:
    """Run until the player may start a turn (round ends go on by themselves)."""
    for _ in range(200000):
        if isinstance(app.top, RoundEndScene):
            run_until(app, lambda: app.top.done)
            key(pygame.K_RETURN)
        elif table.timeline.waiting_click:
            click(table.board.layout.table.center)
        elif ready(table) and table.game.turn == table.human and table.game.phase == START:
            return
        app.step(DT)
    raise SystemExit("the player's turn never came")


def play_turn(app: App, table: TableScene, rng: random.Random, flip: bool = False) -> None:
    """Play one of the player's decisions (short replacements), by clicks; with `flip`, a
    drawn 7 or 8 flips a campsite card (to catch a flip half-way)."""
    v = table.game.view(table.human)
    flips = [a for a in v.legal_acts() if v.drawn in (7, 8) and a.targets[0][0] != "deck"] if flip else []
    d = flips[0] if flips else v.sample_decision(rng)
    if type(d) is Replace:
        d = Replace(d.cards[:1], d.end)
    before = len(table.game.actions)
    play_decision(app, table, d)
    wait_applied(app, table, before, 2000)


# ---- the menus --------------------------------------------------------------------------
def menus(size: tuple[int, int]) -> None:
    app = new_app(size)
    app.push(MenuScene(app))
    run(app, 3)
    shot(app, "01-menu")
    key(pygame.K_n)  # New game (Enter is the lesson on a first start)
    run(app, 3)
    assert isinstance(app.top, NewGameScene)
    shot(app, "02-new-game")
    ng = app.top
    click(ng.mode_buttons[1].rect.center)  # 6 campers
    run(app)
    click(ng.per_seat_button.rect.center)
    run(app, 2)
    shot(app, "02b-new-game-6-per-seat")
    click(ng.mode_buttons[3].rect.center)  # the solo
    run(app, 2)
    shot(app, "02c-new-game-solo")
    key(pygame.K_ESCAPE)
    run(app, 2)
    key(pygame.K_h)
    run(app, 2)
    assert isinstance(app.top, HelpScene)
    for page in range(len(PAGES)):
        shot(app, f"03-how-to-play-{page + 1}")
        key(pygame.K_RIGHT)
        run(app, 2)
    key(pygame.K_ESCAPE)
    run(app, 2)
    key(pygame.K_s)
    run(app, 2)
    assert isinstance(app.top, SettingsScene)
    shot(app, "04-settings")
    key(pygame.K_ESCAPE)
    run(app, 2)
    # A saved game: the menu offers Continue.
    start_game(app, 4, 0, players(4, 0), levels(4, 0), 3)
    table = app.top
    to_player_start(app, table)
    shot(app, "05-table-4")
    key(pygame.K_ESCAPE)
    run(app, 2)
    assert isinstance(app.top, PauseScene)
    shot(app, "06-pause")
    click(app.top.buttons[-1].rect.center)  # leave to the menu (saved)
    run(app, 3)
    shot(app, "01b-menu-continue")


# ---- tables of every size -----------------------------------------------------------------
def tables(size: tuple[int, int]) -> None:
    app = new_app(size)
    for campers, human, name in ((6, 0, "07-table-6"), (3, 1, "08-table-3-duo"), (3, 0, "09-table-3-solo")):
        start_game(app, campers, human, players(campers, human), levels(campers, human), 7)
        table = app.top
        to_player_start(app, table)
        shot(app, name)


def deck_views(size: tuple[int, int]) -> None:
    """A 6-camper table: the hint line, two deck cards viewed with a 6 side by side, and the
    tooltip over a card someone has seen."""
    app = new_app(size, speed="normal", memory_aid=True)
    order = deck_for(6)
    for v in (6, 7, 7):  # the player draws a 6; the deck's next two cards are 7s
        order.remove(v)
    deck = order[:31] + [6, 7, 7] + order[31:]  # deal order: 30 campsite cards, the pile, the deck
    game = Game(6, 5, 0, [deck])

    def hint(view, seen):
        return DRAW, "Draw: the card on the pile matches nothing of yours."

    table = TableScene(app, game, players(6, 0), levels(6, 0), 0, hint=hint)
    app.push(table)
    run_until(app, lambda: ready(table), 2000)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")
    )
    run(app, 30)
    shot(app, "34-hint")
    key(pygame.K_d)
    run_until(app, lambda: ready(table) and table.turn.mode is Mode.CHOOSE, 2000)
    key(pygame.K_a)
    run(app, 5)
    for _ in (0, 1):
        click(table.board.layout.deck_rect().center)
        run(app, 3)
    run_until(app, lambda: table.timeline.waiting_click, 2000)
    run(app, 40)
    shot(app, "35-six-views-two-deck-cards")
    click(table.board.layout.table.center)

    def seen_card():
        cards = [sp for row in table.board.rows for sp in row if sp is not None]
        return next((sp for sp in cards if sp.known and not sp.up and not sp.moving), None)

    for _ in range(6000):
        if seen_card() is not None and not table.timeline.busy:
            break
        app.step(DT)
    mine = seen_card()
    if mine is not None:
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=mine.rect().center, rel=(0, 0), buttons=(0, 0, 0))
        )
        run(app, 10)
        shot(app, "36-tooltip-seen-by")
    table.close()


def bot_hands(size: tuple[int, int]) -> None:
    """Watched games: every seat's held card (a drawn card in front of its row)."""
    for campers in (3, 4, 6):
        app = new_app(size, speed="normal", bot_pace="normal")
        start_game(app, campers, None, None, levels(campers, None), 23, auto=True)
        table = app.top
        seen: set[int] = set()
        for _ in range(20000):
            app.step(DT)
            if not isinstance(app.top, TableScene):
                break
            for seat, sp in table.board.hands.items():
                if seat not in seen and not sp.moving and table.session.pending is not None:
                    seen.add(seat)
                    shot(app, f"30-bot-holds-{campers}-seat{seat}")
            if len(seen) == campers:
                break


def stacked_twelve_deck(seed: int) -> list[int]:
    """A 4-camper deck, top first, where the player (seat 0, starting) draws a 12 first."""
    deck = deck_for(4)
    random.Random(seed).shuffle(deck)
    i = deck.index(12, 22)
    deck[21], deck[i] = deck[i], deck[21]
    return deck


def player_turn(size: tuple[int, int]) -> None:
    """The player's turn step by step: a drawn 12, its targets, the view, the exchange
    question, a refused click; later a keep with a mismatch and its penalty cards."""
    app = new_app(size, speed="normal")
    game = Game(4, 5, start=0, decks=[stacked_twelve_deck(5)])
    app.replace(TableScene(app, game, players(4, 0), levels(4, 0), 0))
    table = app.top
    run_until(app, lambda: ready(table))
    click(table.board.layout.deck_rect().center)
    run_until(app, lambda: ready(table) and table.turn.mode is Mode.CHOOSE, 2000)
    shot(app, "10-drawn-12")
    click(button(table, "Play").rect.center)
    run(app, 20)
    shot(app, "11-action-targets")
    click(table.board.layout.discard_rect().center)  # not a target of a 12: the table says why
    run(app, 3)
    shot(app, "12-refused-click")
    click(card_point(table, (0, 0)))
    run(app)
    click(card_point(table, (1, 3)))
    run_until(app, lambda: table.timeline.waiting_click, 2000)
    run(app, 30)
    shot(app, "13-view")
    click(table.board.layout.table.center)
    run_until(app, lambda: ready(table) and table.turn.mode is Mode.TWELVE, 2000)
    shot(app, "14-twelve-swap-or-leave")
    click(button(table, "Swap").rect.center)
    run(app, 20)
    shot(app, "15-swap-midway")
    # The next turns at instant speed, until the player can make a mismatch with penalties.
    app.settings.speed = "instant"
    rng = random.Random(4)
    for _ in range(40):
        to_player_start(app, table)
        full = table.game.view(None)
        mine = [(0, i) for i in range(len(full.campsites[0]))]
        mate = [(2, i) for i in range(len(full.campsites[2]))]
        pick, seen = [], set()
        for t in mine[:1] + mate + mine[1:]:
            v = full.campsites[t[0]][t[1]][0]
            if v != EQ and v not in seen:
                pick.append(t)
                seen.add(v)
        if len(seen) >= 4 and table.game.deck_count > 8:
            break
        play_turn(app, table, rng)
    else:
        raise SystemExit("no mismatch possible")
    pick = pick[:5]
    app.settings.speed = "normal"
    play_decision(app, table, DRAW)
    run_until(app, lambda: ready(table) and table.turn.mode is Mode.CHOOSE, 2000)
    click(button(table, "Keep").rect.center)
    run(app)
    for t in pick:
        click(card_point(table, t))
        run(app)
    run(app, 20)
    shot(app, "16-keep-choosing")
    click(button(table, "Confirm").rect.center)
    for _ in range(400):
        app.step(DT)
        if any(sp is not None and sp.glow == skin.DANGER for row in table.board.rows for sp in row):
            break
    run(app, 30)
    shot(app, "17-mismatch-revealed")
    grown = len(table.game.campsites[0])  # the row once the kept card and penalties are in

    def landed() -> bool:
        row = [sp for sp in table.board.rows[0] if sp is not None]
        return len(row) == grown and not any(sp.moving for sp in row)

    run_until(app, landed, 2000)
    shot(app, "18-mismatch-penalty-cards")
    app.settings.memory_aid = True  # the player's own known face-down cards, faintly
    run(app, 2)
    shot(app, "18b-memory-aid")
    app.settings.memory_aid = False
    # The keyboard's focus ring, on the next turn.
    app.settings.speed = "instant"
    to_player_start(app, table)
    app.settings.speed = "normal"
    play_decision(app, table, DRAW)
    run_until(app, lambda: ready(table) and table.turn.mode is Mode.CHOOSE, 2000)
    key(pygame.K_k)
    run(app, 2)
    key(pygame.K_TAB)
    run(app, 2)
    key(pygame.K_SPACE)
    run(app, 2)
    key(pygame.K_TAB)
    run(app, 20)
    shot(app, "19-keyboard-focus")
    key(pygame.K_ESCAPE)
    run(app, 2)
    table.focus.keyboard = False
    key(pygame.K_h)
    run(app, 2)
    assert isinstance(app.top, HelpScene)
    shot(app, "20-help-over-table")
    key(pygame.K_ESCAPE)
    run(app, 2)
    play_decision(app, table, DISCARD)
    # A flip caught half-way (a 7 or 8 of the player, or of a bot): narrowing on its back,
    # then widening on its face (the action words narrow with the card, whole).
    backs = faces = False
    for _ in range(200000):
        cards = [sp for row in table.board.rows for sp in row if sp is not None]
        turning = [sp for sp in cards if 0.2 < sp.squeeze < 0.7 and sp.lift > 0.1]
        if not backs and any(not sp.up for sp in turning):
            shot(app, "21-flip-midway")
            backs = True
        if not faces and any(sp.up and sp.value is not None and sp.value >= 5 for sp in turning):
            shot(app, "21b-flip-midway-face")
            faces = True
        if backs and faces:
            break
        if isinstance(app.top, RoundEndScene):
            run_until(app, lambda: app.top.done)
            key(pygame.K_RETURN)
        elif table.timeline.waiting_click:
            click(table.board.layout.table.center)
        elif ready(table) and table.game.turn == table.human:
            play_turn(app, table, rng, flip=True)
        app.step(DT)


# ---- long campsites (a game brought there by the core, then continued) ---------------------
def mismatch_everyone(campers: int, seed: int, turns: int) -> Game:
    """`turns` turns in which each camper draws and keeps its card with a costly mismatch
    (own first card plus distinct values from its own and its teammates' campsites)."""
    game = Game(campers, seed, start=0)
    for _ in range(turns):
        me = game.turn
        game.apply(DRAW)
        full = game.view(None)
        team = [s for s in range(campers) if team_of(s, campers) == team_of(me, campers)]
        cands = [(me, 0)] + [(s, i) for s in team for i in range(len(full.campsites[s])) if (s, i) != (me, 0)]
        pick, seen = [], set()
        for t in cands:
            v = full.campsites[t[0]][t[1]][0]
            if v != EQ and v not in seen:
                pick.append(t)
                seen.add(v)
            if len(pick) == 5:
                break
        game.apply(Replace(tuple(pick), "right" if me % 2 else "left"))
    return game


def shrink_to_scram(campers: int, seed: int) -> Game:
    """A game brought (through the core) to the player's turn with 2 cards left: the player
    keeps drawn cards only to discard matching groups of its own cards; the bots discard."""
    for s in range(seed, seed + 500):
        game = Game(campers, s, start=0)
        for _ in range(200):
            if game.phase != START:
                break
            if game.turn == 0 and len(game.campsites[0]) <= 2:
                return game
            game.apply(DRAW)
            if game.turn != 0:
                game.apply(DISCARD)
                continue
            row = game.view(None).campsites[0]
            groups = [[(0, i) for i, c in enumerate(row) if c[0] in (v, EQ)] for v, _, _ in row]
            best = max(groups, key=len)
            game.apply(Replace(tuple(best), "right") if len(best) >= 2 else DISCARD)
    raise SystemExit("no game reached a Scram")


def scram(size: tuple[int, int]) -> None:
    """The Scram button glowing on the player's turn, the banner, and the round end after it."""
    app = new_app(size, speed="normal")
    game = shrink_to_scram(4, 5)
    app.replace(TableScene(app, game, players(4, 0), levels(4, 0), 0, False))
    table = app.top
    run_until(app, lambda: ready(table))
    run(app, 5)
    shot(app, "31-scram-ready")
    click(table.turn.scram.rect.center)
    run_until(app, lambda: table.messages.banner_t > 0.6, 600)
    shot(app, "32-scram-banner")
    run_until(app, lambda: isinstance(app.top, RoundEndScene), 20000)
    end = app.top
    run_until(app, lambda: end.done, 5000)
    run(app, 30)
    shot(app, "33-round-end-after-scram")


def long_rows(size: tuple[int, int]) -> None:
    app = new_app(size)
    for campers, human, turns, name in (
        (4, 0, 4, "22-long-rows-4"),
        (6, 0, 6, "23-long-rows-6"),
        (3, 0, 3, "24-long-rows-3-solo"),
        (3, 1, 3, "25-long-rows-3-duo"),
    ):
        game = mismatch_everyone(campers, 17, turns)
        while game.turn != human:  # bring the turn round to the player by discarding
            game.apply(DRAW)
            game.apply(DISCARD)
        app.replace(TableScene(app, game, players(campers, human), levels(campers, human), human, False))
        table = app.top
        run_until(app, lambda table=table: ready(table))
        shot(app, name)


# ---- round end and game over ----------------------------------------------------------------
def endings(size: tuple[int, int]) -> None:
    for campers, human, tag in ((4, 0, "4"), (6, 0, "6"), (3, 0, "3")):
        app = new_app(size)
        start_game(app, campers, human, players(campers, human), levels(campers, human), 11)
        table = app.top
        rng = random.Random(9)
        first = True
        for _ in range(400000):
            if isinstance(app.top, GameOverScene):
                break
            if isinstance(app.top, RoundEndScene):
                if first:
                    first = False
                    app.settings.speed = "normal"
                    end = app.top
                    run_until(app, lambda end=end: len(end.queue) < len(end.scored.campsites[0]) * 2)
                    shot(app, f"26-round-end-counting-{tag}")
                    run_until(app, lambda end=end: end.done)
                    run(app, 30)
                    shot(app, f"27-round-end-{tag}")
                    app.settings.speed = "instant"
                end = app.top
                run_until(app, lambda end=end: end.done)
                key(pygame.K_RETURN)
            elif table.timeline.waiting_click:
                click(table.board.layout.table.center)
            elif ready(table) and table.game.turn == human:
                play_turn(app, table, rng)
                continue
            app.step(DT)
        run(app, 5)
        shot(app, f"28-game-over-{tag}")


def reduced_motion(size: tuple[int, int]) -> None:
    """A flip with reduced motion: a card ringed (it does not rise), caught mid-fade."""
    app = new_app(size, speed="normal", reduced_motion=True)
    start_game(app, 4, 0, players(4, 0), levels(4, 0), 5)
    table = app.top
    rng = random.Random(2)
    for _ in range(200000):
        if isinstance(app.top, (RoundEndScene, GameOverScene)):
            break
        cards = [sp for row in table.board.rows for sp in row if sp is not None]
        if any(sp.glow == skin.HIGHLIGHT and 0.35 < sp.fade < 0.65 for sp in cards):
            shot(app, "29-reduced-motion-flip")
            return
        if table.timeline.waiting_click:
            click(table.board.layout.table.center)
        elif ready(table) and table.game.turn == table.human:
            play_turn(app, table, rng, flip=True)
        app.step(DT)
    print("no reduced-motion flip seen")


GROUPS = [menus, tables, deck_views, bot_hands, player_turn, scram, long_rows, endings, reduced_motion]


def main() -> None:
    global OUT
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1280x720,1024x640,1920x1080")
    ap.add_argument("--only", default="", help="comma-separated words: keep shots whose name holds one")
    ap.add_argument("--groups", default="", help="comma-separated group names (default: all)")
    args = ap.parse_args()
    ONLY.extend(w for w in args.only.split(",") if w)
    groups = [g for g in GROUPS if not args.groups or g.__name__ in args.groups.split(",")]
    for spec in args.sizes.split(","):
        w, h = (int(x) for x in spec.split("x"))
        OUT = SHOTS / spec
        for g in groups:
            g((w, h))
    pygame.quit()


if __name__ == "__main__":
    main()
