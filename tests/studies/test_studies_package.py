"""The studies are a package of the repository's root: every one imports by its name, with
nothing put on the import path by hand, so a stale import shows here and not on the day a
study is run; and none is shipped with the game."""

from __future__ import annotations

import importlib
import pkgutil
import tomllib
from pathlib import Path

import pytest

import studies

ROOT = Path(__file__).resolve().parents[2]
NAMES = sorted(m.name for m in pkgutil.iter_modules(studies.__path__))


def test_the_package_is_the_root_folder_and_holds_the_studies() -> None:
    assert Path(studies.__file__).resolve().parent == ROOT / "studies"
    assert {"choice_forks", "scram_forks", "seer_ceiling", "three_campers", "deal_runs"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_study_imports_by_its_name(name: str) -> None:
    module = importlib.import_module(f"studies.{name}")
    assert module.__doc__, f"studies/{name}.py says what it measures in its docstring"


def test_the_studies_are_not_shipped() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert not any(p.split(".")[0] == "studies" for p in project["tool"]["setuptools"]["packages"])
