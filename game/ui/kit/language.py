"""The language the window speaks: chosen at start from the settings and the system's preferred
locales, switched from Settings at once (no restart) and kept in settings.json.

The translation runtime (game/lang) owns the current language and knows nothing of pygame;
this is its one meeting with pygame: SDL's list of the system's preferred locales, which names
the user's languages on every platform (the standard library's view is the fallback, inside
`game.lang.choose`). Screens notice a switch by `speech.version`, and every scene on the stack
is laid out anew, as after a change of the window's size.
"""

from __future__ import annotations

import pygame

from game.lang import _, begin, choose, native_name, speech
from game.seat.spoken import first_start_line

RESAID = (first_start_line,)
"""Lines the app may be keeping to show when the language is switched: said again then."""

MAX_LOCALES = 32
"""At most this many of SDL's preferred locales are read."""


def preferred_locales() -> list[str] | None:
    """The system's preferred locales as "ll_CC" strings, best first, or None when SDL cannot
    tell (then the standard library's view is used). pygame-ce gives a list of dicts with a
    "language" and a "country" (None when the system names no country)."""
    try:
        found = pygame.system.get_pref_locales()
    except (pygame.error, AttributeError):  # an older SDL, or no system module
        return None
    names = []
    for entry in list(found or ())[:MAX_LOCALES]:
        if not isinstance(entry, dict):
            continue
        language, country = entry.get("language"), entry.get("country")
        if isinstance(language, str) and language:
            names.append(f"{language}_{country}" if isinstance(country, str) and country else language)
    return names or None


def start_language(app) -> str:
    """Speak the settings' language (or the system's, or English) from now on; returns the one
    line to tell the player ("" when nothing went wrong), which the menu shows."""
    locales = preferred_locales()
    chosen = begin(app.settings.language, locales)
    note = chosen.note
    if note and note == choose(app.settings.language, locales).note:
        # (no catalog problem added) said in the language the game speaks from now on
        shown = repr(app.settings.language)[:40]
        language = native_name(speech.code)
        note = _(
            "Language {setting} from settings is not in this version; using {language}.",
            setting=shown,
            language=language,
        )
    if note:
        app.messages.append(note)
    return note


def system_language() -> str | None:
    """The language the game would speak as the system's (None: the system names none it has)."""
    from game.lang.choice import from_system, system_locales

    preferred = preferred_locales()
    return from_system(system_locales() if preferred is None else preferred)


def switch_language(app, setting: str) -> None:
    """Settings' language row: keep `setting` ("" for the system's) and speak it at once; every
    screen on the stack is laid out anew in the new words."""
    app.settings.language = setting
    app.save_settings()
    # lines the app keeps to show (the first start's F4 line) are said again in the new words
    kept = [(k, said) for k, line in enumerate(app.messages) for said in RESAID if line == said()]
    chosen = begin(setting, preferred_locales())
    for k, said in kept:
        app.messages[k] = said()
    if chosen.note:
        app.tell(chosen.note)
    pygame.display.set_caption("Scram! Critters vs. Campers")
    size = app.size
    for scene in app.stack:
        scene.resize(size)
