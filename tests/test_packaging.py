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


def test_every_way_to_start_the_game_starts_at_its_quiet_entry_point() -> None:
    """Issue 21, item 10: the command, ``python -m lcr_audio`` and the Windows bundle's launcher all begin
    with lcr_audio.launch, whose first instruction makes Control+C quiet before the game is imported."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["scripts"]
    assert scripts == {"lcr-audio": "lcr_audio.launch:main"}
    for starter in (ROOT / "lcr_audio" / "__main__.py", ROOT / "packaging" / "launcher.py"):
        code = [
            line for line in starter.read_text("utf-8").splitlines() if line.startswith(("from", "import"))
        ]
        assert code[0] == "from lcr_audio.launch import main", starter
    launch = (ROOT / "lcr_audio" / "launch.py").read_text("utf-8")
    game_imports = [line for line in launch.splitlines() if line.startswith(("from lcr_audio", "import lcr"))]
    assert game_imports == []  # the game itself is imported only inside main(), after the handler is up
