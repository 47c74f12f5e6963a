"""Where the asset files are: in an installed game (a wheel, or an editable install), the
package `scram_assets` (pyproject.toml maps it to the repository's `assets/` folder), found
with importlib.resources; in the one-file executable, `sys._MEIPASS/assets`; in a bare source
checkout that was never installed, the `assets/` folder beside `game/`.

No pygame here: the rules core must not depend on it; the look (`game/ui/skin/`) and
`game/ui/kit/sound.py` do the loading. `MANIFEST` lists every asset file the game uses so a test
can check that each one exists and loads.
"""

from __future__ import annotations

import functools
import importlib.resources
import sys
from pathlib import Path


class AssetMissing(FileNotFoundError):
    """An asset file the game needs is not there (a broken checkout or build)."""


def assets_root() -> Path:
    """The folder holding the assets (see the module docstring for where it is looked for)."""
    base = getattr(sys, "_MEIPASS", None)
    if base:
        return Path(base) / "assets"
    return _installed_root()


@functools.cache
def _installed_root() -> Path:
    try:
        found = importlib.resources.files("scram_assets")
    except ModuleNotFoundError:  # a checkout used without `pip install`
        return Path(__file__).resolve().parent.parent / "assets"
    # pygame opens assets by file name: the package is installed as plain files (a wheel is
    # never imported zipped), so this is a real folder.
    return Path(str(found))


def asset_path(*parts: str) -> Path:
    """The path of an asset, e.g. `asset_path("cards", "card_7.svg")`; raises AssetMissing."""
    path = assets_root().joinpath(*parts)
    if not path.is_file():
        raise AssetMissing(f"asset file missing: {'/'.join(parts)} (looked in {path.parent})")
    return path


CARD_VALUES = tuple(range(1, 14))
SOUNDS = (
    "draw",
    "flip",
    "slide",
    "discard",
    "shuffle",
    "mismatch",
    "scram",
    "round_won",
    "round_lost",
    "game_won",
    "game_lost",
    "click",
    "your_turn",
)
FONTS = {
    "display": ("fonts", "comfortaa", "Comfortaa-Bold.ttf"),
    "text": ("fonts", "cabin", "Cabin-Regular.otf"),
    "text_bold": ("fonts", "cabin", "Cabin-Bold.otf"),
}
ACTION_ICONS = {
    "view": ("ui", "icon_view.svg"),
    "flip": ("ui", "icon_flip.svg"),
    "discard": ("ui", "icon_discard.svg"),
    "exchange": ("ui", "icon_swap.svg"),
    "give": ("ui", "icon_gift.svg"),
}


def card_file(value: int | str) -> tuple[str, str]:
    """The asset parts of a card face: 1..13, or "=" / 0 for the `=` card."""
    if value in ("=", 0):
        return ("cards", "card_eq.svg")
    return ("cards", f"card_{int(value)}.svg")


LICENSES = (
    "NOTICES.md",
    "LGPL-2.1.txt",
    "FreeType-FTL.txt",
    "Python-PSF.txt",
    "MIT-platformdirs-pytweening.txt",
)
"""The notices of what the game ships (`licenses/NOTICES.md` names the rest), shown by About."""

MANIFEST: tuple[tuple[str, ...], ...] = (
    *(card_file(v) for v in CARD_VALUES),
    card_file("="),
    ("cards", "back.svg"),
    *FONTS.values(),
    ("fonts", "comfortaa", "OFL.txt"),
    ("fonts", "cabin", "OFL.txt"),
    *ACTION_ICONS.values(),
    ("ui", "eye.svg"),
    ("ui", "icon.svg"),
    ("ui", "icon.png"),
    ("ui", "icon.ico"),  # the Windows exe's icon (scram.spec; not loaded by the game)
    ("ui", "icon.icns"),  # the macOS app's icon (scram.spec; not loaded by the game)
    *(("sounds", f"{name}.wav") for name in SOUNDS),
    ("CREDITS.md",),
    *(("licenses", name) for name in LICENSES),
)
"""Every asset file the game uses, as path parts under `assets/`."""
