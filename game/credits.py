"""What the game is and who made what it ships: its version (one source, the project's
metadata) and the credits and licences an About page shows (`credits_text`).

No pygame here: the About scene (game/ui) draws this text; `scram --version` prints
`version()`.
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

from .assets import AssetMissing, asset_path
from .lang import N_

PROJECT = "scram"


@cache  # asked at every start (the crash log's header, --version): read once
def version() -> str:
    """The version in pyproject.toml: read from the source tree when running from a checkout
    (so an editable install never shows a stale number), else from the installed project's
    metadata (a wheel, or the executable, which carries it). "unknown" if neither exists."""
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    if pyproject.is_file():
        import tomllib

        try:
            with open(pyproject, "rb") as f:
                data = tomllib.load(f)
            if data.get("project", {}).get("name") == PROJECT:
                return str(data["project"]["version"])
        except (OSError, ValueError, KeyError):
            pass
    try:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as installed

        return installed(PROJECT)
    except (PackageNotFoundError, ValueError):
        return "unknown"


# Marked for the catalogs (the About page translates them where it draws them; the command
# line's `credits_text` stays English). Names and licences stay as they are in every language.
CREDITS = [
    ("Scram!", N_("the desktop edition of the team card game Scram! Critters vs. Campers")),
    (N_("Code, card art, sounds"), N_("the Scram! project contributors; MIT licence (LICENSE)")),
    (N_("Comfortaa (display font)"), N_("Johan Aakerlund and the Comfortaa Project Authors; SIL OFL 1.1")),
    (N_("Cabin (text font)"), N_("Pablo Impallari and Igino Marini; SIL OFL 1.1")),
    ("pygame-ce", N_("the pygame community; GNU LGPL 2.1")),
    ("SDL 2, SDL_image, SDL_mixer, SDL_ttf", N_("Sam Lantinga and the SDL contributors; zlib licence")),
    ("FreeType", N_("portions of this software are copyright the FreeType Project; FreeType licence")),
    ("Python", N_("the Python Software Foundation; PSF licence")),
    ("platformdirs, pytweening", N_("their authors; MIT licence")),
]
"""(what, who and under which licence), as the About page lists them."""


def credits_text() -> str:
    """The About page's text: version, credits, and where the full licence texts are.

    Plain text, one entry a line ("what: who; licence"), blank lines between parts; the UI
    wraps it. The full notices of everything bundled are `assets/licenses/NOTICES.md`, shipped
    in the wheel and the executable.
    """
    lines = [f"Scram! version {version()}", ""]
    lines += [f"{what}: {who}" for what, who in CREDITS]
    lines += [
        "",
        "The rules are explained in the project's own words; no art or text is taken from "
        "the card game's publisher.",
        "",
        f"Full licence texts and notices: {notices_location()}",
    ]
    return "\n".join(lines)


INSIDE_THE_PROGRAM = N_("inside the program as assets/licenses/NOTICES.md (scram --notices prints it)")
"""Where the notices are in the one-file executable (the About page says it translated)."""


def notices_location() -> str:
    """Where the shipped notices file is: its path in an installed game; in the one-file
    executable, which unpacks to a folder that goes when it quits, the command that prints it."""
    if getattr(sys, "frozen", False):
        return INSIDE_THE_PROGRAM
    try:
        return str(asset_path("licenses", "NOTICES.md"))
    except AssetMissing:
        return "assets/licenses/NOTICES.md"


def notices_text() -> str:
    """The shipped third-party notices (Markdown), followed by every licence text they point
    to (the LGPL, the fonts' OFL, …) under a line naming it: what `scram --notices` prints,
    so the executable alone carries its licences."""
    text = asset_path("licenses", "NOTICES.md").read_text(encoding="utf-8")
    parts = [re.sub(r"\n{3,}", "\n\n", text).rstrip("\n") + "\n"]
    for name, path in licence_files(text):
        body = path.read_text(encoding="utf-8").rstrip("\n")
        parts.append(f"\n{'=' * 78}\n{name}\n{'=' * 78}\n\n{body}\n")
    return "".join(parts)


def licence_files(notices: str) -> list[tuple[str, Path]]:
    """The licence texts NOTICES.md names (`LGPL-2.1.txt` beside it, `fonts/cabin/OFL.txt`
    under the assets), each once, in the order it names them: (the name, the shipped file).
    AssetMissing when one is not shipped."""
    out: list[tuple[str, Path]] = []
    for name in dict.fromkeys(re.findall(r"`([\w./-]+\.txt)`", notices)):
        parts = name.split("/")
        path = asset_path("licenses", *parts) if len(parts) == 1 else asset_path(*parts)
        out.append((name, path))
    return out
