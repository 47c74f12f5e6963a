"""What goes into the executable, and what a built one holds: one list for scram.spec (which
packs it), build/build_exe.py --check and tests/test_build_exe.py (which check the result).

- data: every file under assets/ (layout kept) but editor/OS litter and the executables'
  own icons (icon.ico, icon.icns: the Windows exe and macOS app wear them, the game never
  loads them);
- code: every module of the `game` and `ai` packages, found by walking the folders (so the
  check names each one; collect_submodules() would miss `game.ui`, a namespace package).

Standard library only: scram.spec imports it while PyInstaller runs it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP_DIRS = {"__pycache__", ".git"}
SKIP_FILES = {".DS_Store", "Thumbs.db", "desktop.ini", "__init__.py"}  # __init__.py: see assets/
BUILD_ONLY = {"ui/icon.ico", "ui/icon.icns"}
"""Files under assets/ that are for the build itself, not packed as data."""
PACKAGES = ("game", "ai")
NOT_IN_EXE = ("ai.tournament", "game.sim", "game.replay", "game.seat.play", "game.lang.__main__")
"""Developers' command-line tools (`python -m ...` in a checkout), which the executable cannot
run: left out of it (scram.spec), and so not looked for in it."""
ROOT_FILES = ("LICENSE",)
"""Files from the top of the repository packed at the top of the executable (the MIT text)."""
CATALOGS = ROOT / "game" / "lang" / "locale"
PACKAGE_DATA = (
    "ai/value_weights.json",
    *sorted(p.relative_to(ROOT).as_posix() for p in CATALOGS.glob("*/LC_MESSAGES/scram.mo")),
)
"""Data files of the code packages, packed at their place in the package (the learned
value's weights, read with importlib.resources: ai/value.py; the compiled catalogs of the
languages: game/lang/catalogs.py)."""
EXTENSIONS = ("miniupnpc",)
"""Compiled modules the game imports (the router's port mapping): each must be packed as a
binary `NAME.*` (`.so`, `.pyd`) at the top of the program."""

SPEECH_FILES = ("prism/_native/_prism_cffi.", "_cffi_backend.")
SPEECH_MODULES = ("prism", "prism.core", "prism.common")
"""Speech through prismatoid (game/speech/prism_voice.py), where its wheel is installed: its
compiled module, which prism finds in prism/_native/ by itself (scram.spec packs it there),
and the cffi backend that module imports from C; and prism's Python modules."""


def speech_wanted() -> bool:
    """prismatoid is installed where the executable is built (it has no wheel everywhere)."""
    import importlib.util

    return importlib.util.find_spec("prism") is not None


def _walk(top: Path):
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        yield Path(folder), sorted(files)


def asset_files(root: Path = ROOT) -> list[str]:
    """The data files to pack, as paths relative to assets/ with forward slashes."""
    out = []
    for folder, files in _walk(root / "assets"):
        for name in files:
            if name in SKIP_FILES or name.endswith((".pyc", ".tmp", "~")):
                continue
            rel = (folder / name).relative_to(root / "assets").as_posix()
            if rel not in BUILD_ONLY:
                out.append(rel)
    return out


def game_modules(root: Path = ROOT) -> list[str]:
    """Every module and package of the game and the bots, as dotted names (but the
    developers' tools, `NOT_IN_EXE`)."""
    out = []
    for package in PACKAGES:
        for folder, files in _walk(root / package):
            prefix = ".".join(folder.relative_to(root).parts)
            if "__init__.py" in files:  # a namespace package (game.ui) has no module of its own
                out.append(prefix)
            out += [f"{prefix}.{f[:-3]}" for f in files if f.endswith(".py") and f != "__init__.py"]
    return [name for name in out if name not in NOT_IN_EXE]


def bundled(exe: Path) -> tuple[set[str], set[str]]:
    """(the data files, the Python modules) inside a built program: the one-file executable,
    or the program inside the macOS app (whose data files sit in Contents/Resources)."""
    from PyInstaller.archive.readers import CArchiveReader, ZlibArchiveReader

    archive = CArchiveReader(str(exe))
    if exe.parent.name == "MacOS":
        # PyInstaller 6 puts data files in Contents/Resources and links them from
        # Contents/Frameworks (sys._MEIPASS), or the other way round: look in both.
        files = set()
        for top in (exe.parents[1] / "Resources", exe.parents[1] / "Frameworks"):
            files |= {p.relative_to(top).as_posix() for p in top.rglob("*") if p.is_file()}
    else:
        files = {name.replace("\\", "/") for name in archive.toc}
    with tempfile.TemporaryDirectory() as tmp:
        # "PYZ.pyz" in recent PyInstaller 6 releases, "PYZ-00.pyz" in the early ones
        name = next(n for n in archive.toc if n.endswith(".pyz"))
        pyz = Path(tmp) / "PYZ.pyz"
        pyz.write_bytes(archive.extract(name))
        modules = set(ZlibArchiveReader(str(pyz)).toc)
    return files, modules


def missing_from(exe: Path, root: Path = ROOT) -> list[str]:
    """What the built program lacks: asset files as `assets/...`, modules by dotted name."""
    files, modules = bundled(exe)
    lacking = [f"assets/{rel}" for rel in asset_files(root) if f"assets/{rel}" not in files]
    lacking += [name for name in (*ROOT_FILES, *PACKAGE_DATA) if name not in files]
    lacking += [name for name in EXTENSIONS if not any(f.startswith(f"{name}.") for f in files)]
    if speech_wanted():
        lacking += [f"{n}*" for n in SPEECH_FILES if not any(f.startswith(n) for f in files)]
        lacking += [name for name in SPEECH_MODULES if name not in modules]
    return lacking + [name for name in game_modules(root) if name not in modules]
