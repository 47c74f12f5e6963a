"""The house's layering, as import-linter contracts (pyproject.toml, `[tool.importlinter]`):
who may import whom, pygame only under game.ui, no screen importing another, no import cycle.
Also the house rules a linter does not check: small modules and functions, and the
launcher and the core tools loading no pygame when imported."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = [
    sys.executable,
    "-c",
    "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())",
]


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    """`lint-imports` on the tree at `root`, with the project's contracts."""
    return subprocess.run(
        [*LINT, "--no-cache", "--config", str(root / "pyproject.toml")],
        capture_output=True,
        text=True,
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": ""},
        timeout=120,
    )


def test_the_contracts_hold():
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


@pytest.fixture(scope="module")
def broken_tree(tmp_path_factory) -> subprocess.CompletedProcess:
    """A copy of the code with one forbidden import of each kind added, linted."""
    root = tmp_path_factory.mktemp("house")
    for name in ("game", "ai", "studies"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", root)
    additions = {
        "game/rules/cards.py": "from game.files import text",  # the core reaching out
        "ai/memory.py": "from game.rules.state import Game",  # past game.rules' names
        "game/files/saves.py": "import pygame",  # pygame outside the UI
        "game/learn/review.py": "import game.ui.kit.tween",  # learning importing the UI
        "game/ui/table/board.py": "from game.ui.scenes import menu",  # a part using a scene
        "game/ui/scenes/pause.py": "from game.ui.scenes import settings",  # a screen using another
        "game/rules/deal.py": "from game.rules import state",  # a cycle in the core
        "game/net/protocol.py": "import game.ui.kit.widgets",  # the server reaching for the UI
        "studies/paired.py": "import game.files.saves",  # a study reaching past the bots and rules
        "ai/driver.py": "import studies.paired",  # the shipped bots importing a study
    }
    for path, line in additions.items():
        with open(root / path, "a", encoding="utf-8") as f:
            f.write(f"\n{line}  # noqa\n")
    return lint_imports(root)


@pytest.mark.parametrize(
    "contract",
    [
        "The rules core imports nothing else of the project",
        "The bots and the studies reach the rules core through the names game.rules exports",
        "The studies use the bots and the rules core only",
        "Nothing of the game or the bots imports the studies",
        "pygame only under game.ui (and the launcher, inside its functions)",
        "Files and learning never import the UI",
        "Network play uses the rules core, the files room and the bots, never the UI",
        "Nothing imports the UI but the launcher",
        "The UI's rooms, each using only those below it",
        "No screen imports another (they meet by name, through game.ui.routes)",
        "No import cycle between the modules of any package",
    ],
)
def test_a_forbidden_import_breaks_its_contract(broken_tree, contract):
    report = " ".join(broken_tree.stdout.split())  # (lint-imports wraps long names)
    assert broken_tree.returncode != 0
    assert f"{contract} BROKEN" in report, broken_tree.stdout


def test_importing_the_core_and_the_launcher_loads_no_pygame():
    """The rules core, the record tools and the launcher (`scram --server` must run without
    pygame) leave pygame and game.ui out of sys.modules when imported."""
    code = (
        "import sys, game.rules, game.replay, game.sim, game.files.saves, game.__main__, ai\n"
        "import game.net.server, game.net.serve, game.seat.client, game.seat.play\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame' or m.startswith('game.ui')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def code_files() -> list[Path]:
    return sorted(
        p for top in ("game", "ai") for p in (ROOT / top).rglob("*.py") if "__pycache__" not in p.parts
    )


def test_modules_and_functions_stay_small():
    """About 500 lines a module, about 60 a function (the house rule), in game/ and ai/."""
    long_modules, long_functions = [], []
    for path in code_files():
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT).as_posix()
        if len(text.splitlines()) > 510:
            long_modules.append(name)
        for node in ast.walk(ast.parse(text)):
            if (
                isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                and node.end_lineno - node.lineno >= 62
            ):
                long_functions.append(f"{name}:{node.name}")
    assert long_modules == [] and long_functions == []


def test_every_package_says_what_it_is_for_and_what_it_may_use():
    for init in sorted((ROOT / "game").rglob("__init__.py")) + [ROOT / "ai" / "__init__.py"]:
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert len(doc.split()) >= 12, f"{init.relative_to(ROOT)} has no docstring saying what it holds"
