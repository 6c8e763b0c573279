"""What ``pip install .`` installs: every folder of the package is a listed package (an editable install
finds a forgotten folder anyway, a real one does not)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_folder_with_modules_is_a_listed_package_with_an_init() -> None:
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["packages"]
    )
    folders = {path.parent for path in (ROOT / "lcr_audio").rglob("*.py")}
    names = {".".join(folder.relative_to(ROOT).parts) for folder in folders}
    assert names - listed == set()
    assert [folder for folder in folders if not (folder / "__init__.py").is_file()] == []
