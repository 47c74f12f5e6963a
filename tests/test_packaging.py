"""What pyproject.toml ships matches the source tree, checked without building anything
(tests/test_wheel.py builds and runs the real wheel, marked slow)."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_code_folder_is_a_shipped_package():
    folders = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for top in ("game", "ai")
        for p in (ROOT / top).rglob("*.py")
        if "__pycache__" not in p.parts
    }
    shipped = set(PROJECT["tool"]["setuptools"]["packages"])
    assert folders - shipped == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert shipped - folders == {"scram_assets"}


def test_assets_are_shipped_as_scram_assets():
    setup = PROJECT["tool"]["setuptools"]
    assert setup["package-dir"] == {"scram_assets": "assets"}
    assert (ROOT / "assets" / "__init__.py").is_file()


def test_licence_is_an_spdx_expression_with_its_files():
    project = PROJECT["project"]
    assert project["license"] == "MIT"
    assert "LICENSE" in project["license-files"] and (ROOT / "LICENSE").is_file()
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")


def test_the_slow_marker_is_registered():
    assert any(m.startswith("slow:") for m in PROJECT["tool"]["pytest"]["ini_options"]["markers"])


def test_setuptools_works_outside_our_build_folder():
    assert "build_base = .build/setuptools" in (ROOT / "setup.cfg").read_text(encoding="utf-8")
