"""The import graph of game/ui: no cycle anywhere, and no scene imports another scene (they
reach each other by name through the app's routes; routes.py is the one place that knows
them all). Run this file as a script to print the graph: `python tests/test_ui_imports.py`."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "game" / "ui"


def _runtime_nodes(tree: ast.AST):
    """Every node, except those under `if TYPE_CHECKING:` (imports for type hints only,
    never executed)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            node.body = []
    yield from ast.walk(tree)


def _modules() -> dict[str, list[Path]]:
    """game/ui's modules by name; a package (skin/) is one module made of its files."""
    mods = {p.stem: [p] for p in UI.glob("*.py")}
    for d in UI.iterdir():
        if (d / "__init__.py").exists():
            mods[d.name] = sorted(d.glob("*.py"))
    return mods


def ui_imports(typing: bool = False) -> dict[str, set[str]]:
    """module -> the game/ui modules it imports when it runs (anywhere in its code, inside
    functions too); `typing` True adds the imports made for type hints only."""
    mods = _modules()
    graph: dict[str, set[str]] = {}
    for name, paths in sorted(mods.items()):
        inside = len(paths) > 1 or paths[0].name == "__init__.py"
        up = 2 if inside else 1  # the level of a relative import that names game/ui
        deps: set[str] = set()
        for path in paths:
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree) if typing else _runtime_nodes(tree):
                if isinstance(node, ast.ImportFrom):
                    if node.level == up and node.module:  # from .x import y
                        deps.add(node.module.split(".")[0])
                    elif node.level == up:  # from . import x
                        deps |= {a.name for a in node.names}
                    elif node.module and node.module.startswith("game.ui."):
                        deps.add(node.module.split(".")[2])
        graph[name] = {d for d in deps if d in mods and d != name}
    return graph


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of imports, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                return stack[stack.index(d) :] + [d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def scene_modules() -> set[str]:
    """Modules that define a Scene subclass."""
    out = set()
    for path in UI.glob("*.py"):  # (no scene lives in a package)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and any(getattr(b, "id", "") == "Scene" for b in node.bases):
                out.add(path.stem)
    return out


def test_no_import_cycle_in_game_ui():
    assert cycle(ui_imports()) is None


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_scene_imports_another_scene():
    graph, scenes = ui_imports(), scene_modules()
    assert {"table", "menu", "round_end", "game_over"} <= scenes
    for m in scenes:
        assert not graph[m] & (scenes - {m}), f"{m} imports {graph[m] & scenes}"


def test_ui_modules_and_functions_stay_small():
    """About 500 lines a module, about 60 a function (the house rule)."""
    for path in UI.glob("*.py"):
        text = path.read_text()
        assert len(text.splitlines()) <= 520, path.name
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno - node.lineno < 70, f"{path.name}:{node.name}"


if __name__ == "__main__":
    g = ui_imports()
    for m in sorted(g):
        print(f"{m:15} -> {', '.join(sorted(g[m])) or '-'}")
    print("cycle at run time:", cycle(g))
    print("cycle counting type-hint imports:", cycle(ui_imports(typing=True)))
