"""`scram` / `python -m game`: start the desktop game (or watch bots, or self-test).

Usage errors are one `scram: message` line and exit status 2 (game/cli.py's style, shared
by every tool); Ctrl-C exits 130 quietly, and so does an output pipe closed by its reader
(exit 141). Player-facing errors (no display, a missing asset) end with a one-line message
and exit status 1, never a traceback (an unwritable save folder is one line on the menu: the
game plays without saving); an unexpected error
writes its traceback to crash.log in the user's data folder (game/files/crash_log.py:
rotated, so it stays small) and says where; a crash in native code (pygame, SDL) leaves
faulthandler's stacks there too. The message goes to stderr, or, when nobody
can read that (the Windows executable started from Explorer has no stderr, the macOS app
started from Finder sends it to /dev/null), to a dialog box.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback

from .assets import AssetMissing
from .cli import EXIT_INTERRUPTED, Parser, closed_pipe, flush_stdout, one_line, shown
from .credits import version
from .server_args import add_server_options, check_server_options, serve

EXIT_ERROR = 1


MIN_SIZE = (1024, 640)  # game/ui/kit/app.py's MIN_SIZE (not imported: it loads pygame)


def _size(text: str) -> tuple[int, int]:
    """--size: WIDTHxHEIGHT in pixels (an argparse type: a usage error otherwise)."""
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"wants WIDTHxHEIGHT such as 1280x720, not {text!r}")
    from game.files.settings import WINDOW_LIMIT

    w, h = int(parts[0]), int(parts[1])
    if not (1 <= w <= WINDOW_LIMIT and 1 <= h <= WINDOW_LIMIT):
        raise argparse.ArgumentTypeError(f"{w}x{h} is not a window size (1 to {WINDOW_LIMIT} pixels a side)")
    return w, h


def _epilog() -> str:
    from game.files.disk import config_dir, data_dir, pictures_dir

    return f"""\
other tools (from the same installation):
  python -m game.replay RECORD.json [--as SEAT]   print the state a game record leads to
  python -m game.sim --campers 4 --games 1000     random-legal games, headless, timed
  python -m ai.tournament --teams A,B --games N   bot levels against each other
  python -m game.seat.play ws://HOST:PORT/ --code CODE   a headless bot at a table server
  each has its own --help.

files:
  settings    {config_dir() / "settings.json"}
  saved game  {data_dir() / "save.json"} (the game in progress; Continue)
  crash log   {data_dir() / "crash.log"} (kept small: crash.log.1 and .2 hold older ones)
  statistics  {data_dir() / "stats.json"}
  kept games  {data_dir() / "games"} (one record file each: Past games)
  tutorial    {data_dir() / "tutorial.json"} (whether the guided game was started)
  screenshots {pictures_dir()} (F12)
  server      {data_dir() / "server" / "tables.sqlite"} (scram --server: its tables and games)
  A damaged file (or a folder, pipe or device in a file's place) is renamed aside
  (NAME.corrupt-DATE-TIME), the game says so and starts afresh.

environment variables read:
  SCRAM_HOME            one folder for everything: SCRAM_HOME/config and SCRAM_HOME/data
  SCRAM_SCREENSHOT_DIR  where F12 screenshots go (default: the pictures folder, above)
  SCRAM_STARTUP_PROBE   benchmarks only: print the first frame's time and quit
  SDL_VIDEODRIVER       SDL's video driver (--selftest uses dummy unless set)
  SDL_AUDIODRIVER       SDL's audio driver (--selftest uses dummy unless set)
  XDG_RUNTIME_DIR       Linux: SDL's runtime folder (a private one is used when unset)

exit status: 0 done, 1 the game could not run (one line says why),
2 a usage error, 130 interrupted (Ctrl-C), 141 its output's reader left (| head)."""


def _args(argv: list[str] | None) -> argparse.Namespace:
    p = Parser(
        "scram",
        "Scram! Critters vs. Campers: the team card game against bots.\n"
        "Without options, opens the game's menu (New game, Continue, Settings, How to play).",
        _epilog(),
    )
    p.add_argument("--watch", action="store_true", help="bots in every seat; you watch")
    p.add_argument(
        "--selftest", action="store_true", help="play one all-bots game at instant speed, then exit"
    )
    p.add_argument(
        "--campers",
        type=int,
        choices=(3, 4, 6),
        help="table size of the --watch/--selftest game (default: 4)",
    )
    p.add_argument(
        "--seed",
        type=int,
        help="shuffle seed of the --watch/--selftest game (default: a new game; --selftest: 1)",
    )
    p.add_argument(
        "--speed", choices=("instant", "fast", "normal", "slow"), help="animation speed for this run"
    )
    p.add_argument("--pace", choices=("instant", "brisk", "normal", "relaxed"), help="bot pace for this run")
    p.add_argument(
        "--size",
        type=_size,
        default=None,
        metavar="WxH",
        help=f"window size in pixels; at least {MIN_SIZE[0]}x{MIN_SIZE[1]} is used"
        " (default: the size the window had when you last left, at first 1280x720)",
    )
    p.add_argument(
        "--review", metavar="FILE.json", help="open the review of a game record (a scram-record/1 file)"
    )
    add_server_options(p)
    p.add_argument("--version", action="version", version=f"scram {version()}")
    p.add_argument(
        "--notices", action="store_true", help="print the licences of what the game ships and exit"
    )
    args = p.parse_args(argv)
    check_server_options(p, args)
    if not (args.watch or args.selftest):
        given = [f"--{n}" for n in ("campers", "seed") if getattr(args, n) is not None]
        if given:
            verb = "applies" if len(given) == 1 else "apply"
            p.error(
                f"{' and '.join(given)} only {verb} to a --watch or --selftest game"
                " (for your own game, choose them in New game)"
            )
    if args.selftest and (args.speed or args.pace):
        p.error("--selftest always plays at instant speed and pace; leave out --speed and --pace")
    if args.selftest and args.watch:
        p.error("choose --watch or --selftest, not both")
    args.campers = args.campers or 4
    return args


def _fail(message: str) -> int:
    """Tell the player what went wrong (stderr, else a dialog box); the exit status to return.
    The message is one line with anything unprintable escaped (game/cli.py)."""
    message = one_line(message)
    if _stderr_is_read():
        print(f"scram: {message}", file=sys.stderr, flush=True)
    else:
        _dialog(message)
    return EXIT_ERROR


def _stderr_is_read() -> bool:
    """False when stderr goes nowhere: none at all (a windowed Windows program) or the null device."""
    stream = sys.stderr
    if stream is None:
        return False
    try:
        return not os.path.samestat(os.fstat(stream.fileno()), os.stat(os.devnull))
    except (OSError, ValueError, AttributeError):
        return True  # not a plain file (a test's capture, NUL on Windows): assume someone reads it


def _dialog(message: str) -> None:
    """The message in the system's own message box (SDL's; it needs no window of ours)."""
    try:
        import pygame

        pygame.display.message_box("Scram!", f"Scram! had to stop.\n\n{message}", message_type="error")
    except Exception:
        pass  # no dialog possible either (no display at all): the exit status is all there is


def _check_data_folder() -> str | None:
    """None when the save folder can be written; else the one line the menu shows: the game
    still starts, playing without saving (nothing of this run is kept)."""
    import tempfile

    from game.files.disk import data_dir

    folder = data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-test-", dir=folder)  # a new file: no link followed
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        return (
            f"Cannot write to the save folder {shown(folder)} ({e.strerror or e}):"
            " playing without saving: nothing of this session is kept."
        )
    return None


def _tidy() -> None:
    """At the start: the temporary files of writes killed before their rename go (README)."""
    from game.files.disk import config_dir, data_dir, tidy_temps
    from game.files.kept_games import archive_dir

    tidy_temps([config_dir(), data_dir(), archive_dir()])


def _no_display(pygame) -> str | None:
    """Why no window can be shown, or None. Without a display SDL either fails (pygame.error)
    or, on Linux, quietly picks its invisible `offscreen` driver: the game would then run
    unseen, so that counts as no display too, unless SDL_VIDEODRIVER asked for it."""
    try:
        pygame.display.init()
    except pygame.error as e:
        return f"cannot open a window: {e} (is a display available?)"
    driver = pygame.display.get_driver()
    asked = [d.strip().lower() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",")]
    if driver in ("offscreen", "dummy") and driver not in asked:
        pygame.display.quit()
        return "cannot open a window: no display found (is DISPLAY or WAYLAND_DISPLAY set?)"
    return None


def _private_runtime_dir() -> None:
    """Give SDL a valid XDG_RUNTIME_DIR when the session has none (a bare console, ssh, sudo).

    Without one, probing for a Wayland display makes libwayland print its own "error:
    XDG_RUNTIME_DIR is invalid or not set" before our one clear line. It only wants a
    private folder to look for sockets in: an empty one of ours finds none, as the missing
    one would, silently. It is the same folder every run (in the temporary folder, named
    for the user, mode 0700), so a killed game leaves nothing new behind; one that is not
    ours and private is not used. A valid setting is left alone.
    """
    if sys.platform in ("win32", "darwin") or not hasattr(os, "getuid"):
        return
    current = os.environ.get("XDG_RUNTIME_DIR", "")
    if current and os.path.isabs(current) and os.path.isdir(current):
        return
    import stat
    import tempfile

    folder = os.path.join(tempfile.gettempdir(), f"scram-runtime-{os.getuid()}")
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return  # no temporary folder: SDL will say what it says
    try:
        st = os.lstat(folder)
    except OSError:
        return
    if stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o077:
        os.environ["XDG_RUNTIME_DIR"] = folder


def main(argv: list[str] | None = None) -> int:
    """The `scram` command: its exit status. A closed output pipe and Ctrl-C end it quietly."""
    try:
        status = _main(argv)
        flush_stdout()  # here, where a closed pipe is caught, not at the interpreter's exit
        return status
    except BrokenPipeError:
        return closed_pipe()
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    finally:
        _stop_bots()


def _stop_bots() -> None:
    """The bots' worker processes end with the game, now: not after the thought in hand."""
    thinking = sys.modules.get("game.thinking")
    if thinking is not None:
        try:
            thinking.stop_shared()
        except KeyboardInterrupt:  # a second Ctrl-C while they stop: the system ends them
            pass


def _main(argv: list[str] | None) -> int:
    args = _args(argv)
    if args.server:
        return serve(args, version())
    if args.notices:
        from .credits import notices_text

        sys.stdout.write(notices_text())
        return 0
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    _private_runtime_dir()  # before SDL starts
    size = args.size  # None: as the player last left the window
    if args.selftest:
        # The self-test needs no screen or speaker: dummy drivers unless told otherwise.
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    args.unsaved = None  # why this run writes no files (a read-only save folder), or None
    if not (args.watch or args.selftest):
        args.unsaved = _check_data_folder()
        if args.unsaved is None:
            _tidy()
    # Before pygame is imported (its own handler writes to stderr only): a crash in native
    # code leaves its entry in crash.log, where a player can find it.
    from game.files.crash_log import NativeCrashes

    with NativeCrashes(version(), max_bytes=CRASH_LOG_BYTES) as native:
        try:
            return _run(args, size)
        except (KeyboardInterrupt, BrokenPipeError):
            raise  # main's to end quietly
        except AssetMissing as e:
            return _fail(f"{e}; the game's files are incomplete: download or install it again")
        except FileNotFoundError as e:
            return _fail(f"a game file is missing: {shown(e.filename or e)}")
        except Exception as e:  # noqa: BLE001 - the last guard: one line, the traceback in the log
            native.close()  # the traceback is the entry: no header of a native crash before it
            return _fail(_crash_report(e))


CRASH_LOG_BYTES = 256 * 1024


def _crash_report(e: BaseException) -> str:
    """Append the traceback to crash.log (game/files/crash_log.py: rotated, it never grows
    past ~3 x 256 KB); the line for the player, naming what failed and where the details are."""
    from game.files.crash_log import crash_log_path, write_crash

    path = crash_log_path()
    problem = write_crash("".join(traceback.format_exception(e)), version(), path, CRASH_LOG_BYTES)
    from game.lang import _

    kind = type(e).__name__
    if type(e).__module__ != "builtins":  # "pygame.error", not a bare "error"
        kind = f"{type(e).__module__}.{kind}"
    fields = {"kind": kind, "error": e, "path": shown(path), "problem": problem}
    if problem is None:
        if str(e):
            return _("internal error: {kind}: {error} (details in {path})", **fields)
        return _("internal error: {kind} (details in {path})", **fields)
    if str(e):
        return _("internal error: {kind}: {error} (no crash log: {problem})", **fields)
    return _("internal error: {kind} (no crash log: {problem})", **fields)


def _selftest(app, campers: int, pygame) -> int:
    """Play the self-test's game to its end, then the learning checks (exit status)."""
    app.exit_when_over = True
    app.result = None
    t0 = time.perf_counter()
    frames = 0
    while app.running and frames < 500_000:
        app.step(1 / 60)
        frames += 1
        if time.perf_counter() - t0 > 300:
            return _fail("self-test: the game did not finish in 5 minutes")
    game_ok = app.result is not None
    if not game_ok:
        pygame.quit()
        return _fail("self-test: the game did not reach its end")
    from game.thinking import shared_thinker  # the bots' worker the table used

    where = shared_thinker(1).where()
    print(f"scram self-test: ok ({campers} campers, winner {app.result}, {frames} frames; bots in {where})")
    from game.ui.selftest import run_learning_checks  # the tutorial, hint, review, stats

    failed = run_learning_checks(app, app.top.record)
    pygame.quit()
    return EXIT_ERROR if failed else 0


def _this_run(args: argparse.Namespace, settings) -> tuple[bool, dict[str, object]]:
    """Whether this run keeps the player's files (`persist`), and the settings file's own
    values of what the command line changes for this run only (`settings` gets the run's).

    A game played at another --speed or --pace is still the player's: kept in Past games and
    counted (only a --watch game is nobody's); the settings file keeps the player's values."""
    file_values: dict[str, object] = {}
    if args.speed:
        file_values["speed"], settings.speed = settings.speed, args.speed
    if args.pace:
        file_values["bot_pace"], settings.bot_pace = settings.bot_pace, args.pace
    return not (args.watch or getattr(args, "unsaved", None)), file_values


def _run(args: argparse.Namespace, size: tuple[int, int] | None) -> int:
    import pygame

    from game.files.settings import Settings, load_settings
    from game.ui.routes import make_app

    file_values: dict[str, object] = {}  # the settings file's own values of what this run changes
    if args.selftest:
        settings = Settings(speed="instant", bot_pace="instant", muted=True)
        persist = False
    else:
        note = _no_display(pygame)
        if note:
            return _fail(note)
        settings, note = load_settings()
        persist, file_values = _this_run(args, settings)
    try:
        app = make_app(size, settings, persist=persist)
    except pygame.error as e:
        return _fail(f"cannot open a window: {e} (is a display available?)")
    app.file_values = file_values
    from game.ui.kit.language import start_language

    start_language(app)  # the settings' language, else the system's, else English
    if args.watch or args.selftest:
        from game.seat.start import start_game

        app.open("menu")
        app.step(0)  # the menu is drawn once: the self-test goes through the real scenes
        levels = [None] * args.campers
        # The self-test plays the same game every time; a watched game is a new one unless
        # --seed names it.
        seed = args.seed if args.seed is not None or not args.selftest else 1
        start_game(app, args.campers, None, None, levels, seed, auto=True)
        if args.selftest:
            return _selftest(app, args.campers, pygame)
    else:
        app.open("menu")
        for line in (args.unsaved, note):
            if line:
                app.messages.append(line)
        if args.review:  # open a game record's review over the menu
            from game.ui.scenes.review import open_review_file

            problem = open_review_file(app, args.review)
            if problem:
                pygame.quit()
                return _fail(f"cannot review {shown(args.review)}: {problem}")
    app.run()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
