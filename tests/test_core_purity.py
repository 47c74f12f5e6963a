"""The rules core and the bots never import pygame (only game/ui/ may)."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def core_files() -> list[Path]:
    game = [p for p in (ROOT / "game").rglob("*.py") if "ui" not in p.relative_to(ROOT / "game").parts[:-1]]
    return sorted(game + list((ROOT / "ai").rglob("*.py")))


# The desktop launcher (`scram`, `python -m game`) must sit at game/__main__.py; it starts the
# UI, so it may import pygame and game.ui, but only inside its functions: importing it (or
# anything else under game/) never loads them. Every other core module is checked at any depth.
LAUNCHER = ROOT / "game" / "__main__.py"


def top_level_nodes(tree: ast.Module):
    """The module's own statements, not the bodies of its functions."""
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


def imported_modules(path: Path, top_only: bool | None = None) -> set[str]:
    """Every module an `import` or `from … import` names in the file (at any depth; for the
    launcher, outside its functions)."""
    names = set()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    if top_only is None:
        top_only = path == LAUNCHER
    for node in top_level_nodes(tree) if top_only else ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
            "import_module",
            "__import__",
        ):
            names.update(
                a.value for a in node.args[:1] if isinstance(a, ast.Constant) and isinstance(a.value, str)
            )
    return names


def test_the_scan_sees_the_core():
    names = {p.relative_to(ROOT).as_posix() for p in core_files()}
    assert {"game/state.py", "game/legality.py", "game/record.py", "ai/__init__.py"} <= names
    assert not any(n.startswith("game/ui/") for n in names)


def test_the_scan_finds_pygame_imports(tmp_path):
    """The checker itself: it catches every spelling of a pygame import."""
    for text in (
        "import pygame",
        "import pygame.freetype as f",
        "from pygame import Rect",
        "def f():\n    from pygame.locals import K_a",
        "importlib.import_module('pygame')",
    ):
        p = tmp_path / "m.py"
        p.write_text(text + "\n")
        assert any(n.split(".")[0] == "pygame" for n in imported_modules(p)), text
    p.write_text("import os\nif os.name:\n    import pygame\ndef f():\n    import game.ui.app\n")
    assert imported_modules(p, top_only=True) == {"os", "pygame"}


def test_no_core_module_imports_pygame():
    """game/ (outside game/ui/) and ai/ import no pygame."""
    bad = [
        p.relative_to(ROOT).as_posix()
        for p in core_files()
        if any(n.split(".")[0] in ("pygame", "pygame_ce") for n in imported_modules(p))
    ]
    assert bad == []


def test_no_core_module_imports_the_ui():
    """The core must not reach pygame through game.ui either."""
    bad = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "game").glob("*.py")
        if any(n == "game.ui" or n.startswith("game.ui.") for n in imported_modules(p))
    ]
    assert bad == []


def test_importing_the_state_loads_no_pygame():
    """Importing game.state (and the record/replay tools) in a fresh interpreter leaves pygame out
    of sys.modules."""
    code = (
        "import sys, game.state, game.record, game.replay, game.sim, game.view\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame' or m.startswith('game.ui')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
