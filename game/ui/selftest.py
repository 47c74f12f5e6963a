"""The learning part of `scram --selftest`: after the bots' game, headless, it drives

- the guided game to its end (every step through the real table, refused moves excepted),
- one hint on a player's turn (through the table's Hint key),
- the review of the self-test's own game, stepped to its last frame,
- the statistics screen (with that game counted, in memory only: nothing is written),
- every sound effect, loaded by the mixer (the executable's own SDL decodes the files),
- every language's catalog (a `lang ...` line each: it loads and its known line is
  translated) and the menu drawn in each language,

and prints one line for each: `tutorial ok`, `hint ok`, `review ok`, `stats ok`, `sounds ok`,
`languages ok` (or `... FAILED: why`). `run_learning_checks` returns how many failed.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable

import pygame

from game.files.stats import Stats, facts
from game.learn.tutorial import STEPS
from game.ui.table.access import (
    hint_key,
    hint_shown,
    player_ready,
    round_end_seen,
    submit,
    waiting_click,
    warning,
)

DT = 1 / 60


class CheckFailed(Exception):
    """One check did not reach its end; the message says where it stopped."""


def _frames(app, until: Callable[[], bool], limit: int, table=None, pace: float = 0.0) -> bool:
    """Step the app until `until()` holds (Enter where the table waits for a click). `pace`
    sleeps between frames, as the game's 60 fps does, so that work on the bots' thread (a
    hint) gets real time; an unpaced headless loop would starve it of the GIL."""
    for _ in range(limit):
        if until():
            return True
        if table is not None and waiting_click(table):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        app.step(DT)
        if pace:
            time.sleep(pace)
    return until()


def check_tutorial(app) -> str:
    app.show("tutorial")
    scene = app.top
    table = scene.table
    for k, step in enumerate(STEPS):
        if not _frames(app, lambda: player_ready(table), 20_000, table):
            raise CheckFailed(f"step {k + 1} never came")
        before = len(table.game.actions)
        submit(table, step.decision)  # the table's own door for the player's decisions
        if len(table.game.actions) != before + 1:
            raise CheckFailed(f"step {k + 1} was refused: {warning(table)}")

    def ended() -> bool:
        """The lesson's end panel shows; Enter goes on from the round end's reveal to it."""
        if not scene.done and app.top is not scene and round_end_seen(table):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        return scene.done

    if not _frames(app, ended, 50_000, table):
        raise CheckFailed("the round did not end")
    if table.game.scores != [(0, 47)]:
        raise CheckFailed(f"the round scored {table.game.scores}, not [(0, 47)]")
    return f"{len(STEPS)} steps, {len(table.game.actions)} decisions, round scored {table.game.scores[0]}"


def check_hint(app) -> str:
    from game.rules.state import Game
    from game.ui.table.hints import Hints

    names = ["You", "Bea", "Cal", "Dot"]
    hints = Hints(names, seed=1)
    app.show(
        "table", Game(4, 1), names, [None, "greenhorn", "greenhorn", "greenhorn"], 0, fresh=True, hint=hints
    )
    table = app.top
    if not _frames(app, lambda: player_ready(table), 20_000, table):
        raise CheckFailed("the player's turn never came")
    pygame.event.post(hint_key())
    if not _frames(app, lambda: hint_shown(table) is not None, 4_000, table, pace=1 / 240):
        raise CheckFailed("no hint was shown")
    sentence = hint_shown(table)
    table.close()
    if hints.used != 1 or not any(ch.isdigit() for ch in sentence):
        raise CheckFailed(f"the hint has no numbers: {sentence!r}")
    return f"{sentence} ({hints.times[0] * 1000:.0f} ms)"


def check_review(app, record: dict) -> str:
    from game.rules.record import parse_record

    app.show("menu")
    review = app.open("review", parse_record(record), title="Self-test review")
    for _ in range(len(review.review) + 2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        app.step(DT)
    if review.pos != review.last or review.review.frames[-1].game.phase != "over":
        raise CheckFailed(f"stopped at frame {review.pos} of {review.last}")
    return f"{len(review.review)} frames, last at decision {review.review.frames[-1].decisions}"


def check_stats(app, record: dict) -> str:
    record = dict(record, human=0)  # counted as if seat 0 had played it
    stats = Stats()
    stats.add(facts(record))
    scene = app.open("stats", stats=stats)
    app.step(DT)
    if scene.stats.total.games != 1 or not scene.stats.rows():
        raise CheckFailed("the game was not counted")
    return f"{scene.stats.total.games} game counted (mode {scene.stats.rows()[0][0]}), screen drawn"


def check_sounds(app) -> str:
    from game.assets import SOUNDS

    if not app.sound.available:  # no audio device: the game plays on in silence, as it should
        return "no audio device here (the game stays silent)"
    failed = app.sound.preload()
    if failed:
        raise CheckFailed(f"{len(failed)} of {len(SOUNDS)} effects would not load: {', '.join(failed)}")
    return f"{len(SOUNDS)} effects loaded"


def check_languages(app) -> str:
    """Every catalog loads and translates its known line (a line each, naming any problem),
    and the menu draws in each language; the last line names the language the game spoke
    (the settings', else the system's) and its known line as said in it."""
    from game.lang import LANGUAGES, PROBE, _, native_name, self_test, speech

    spoken = speech.code
    said = f"the game spoke {spoken} ({native_name(spoken)}): {_(PROBE)}"
    found = self_test()
    for checked in found:
        print(f"lang {checked.line}", flush=True)
    bad = [c.code for c in found if c.problems]
    try:
        for code in LANGUAGES:
            speech.switch(code)
            app.show("menu")
            app.step(DT)
    finally:
        speech.switch(spoken)
        app.show("menu")
    if bad:
        raise CheckFailed(f"{len(bad)} of {len(found)} catalogs have problems: {', '.join(bad)}")
    return f"{len(found)} catalogs, each translated; the menu drawn in {len(LANGUAGES)} languages; {said}"


def run_learning_checks(app, record: dict) -> int:
    """Run the checks on `app` (the self-test's app after its game); print a line each."""
    app.running = True
    app.exit_when_over = False
    failed = 0
    checks = [
        ("tutorial", lambda: check_tutorial(app)),
        ("hint", lambda: check_hint(app)),
        ("review", lambda: check_review(app, record)),
        ("stats", lambda: check_stats(app, record)),
        ("sounds", lambda: check_sounds(app)),
        ("languages", lambda: check_languages(app)),
    ]
    for name, check in checks:
        t0 = time.perf_counter()
        try:
            result, ok = check(), True
        except CheckFailed as e:
            result, ok = str(e), False
        except Exception as e:  # a crash says why in one line, and the other checks still run
            result, ok = f"{type(e).__name__}: {e}", False
            traceback.print_exc(limit=3)
        secs = time.perf_counter() - t0
        print(f"{name} {'ok' if ok else 'FAILED'}: {result} [{secs:.1f} s]", flush=True)
        failed += not ok
    return failed
