"""Every code package of the tree is named in pyproject's package list: a new subpackage
(game/ui/skin, say) left out of it would be missing from the wheel. A fast check that names
the package without building a wheel (tests/test_wheel.py builds one, in the slow loop)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("top", ["game", "ai"])
def test_every_code_package_is_listed_for_the_wheel(top: str):
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / top).rglob("__init__.py")}
    assert found <= listed, f"add {sorted(found - listed)} to [tool.setuptools] packages in pyproject.toml"
