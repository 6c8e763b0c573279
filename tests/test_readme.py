"""The README's promises: the CI runs its exact test command, and its key table is the real one."""

from __future__ import annotations

import re
from pathlib import Path

from lcr_audio.tui.keys import markdown_table

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _code_blocks() -> list[str]:
    return [block.strip() for block in re.findall(r"```\n(.*?)```", README, flags=re.S)]


def test_readme_opens_with_the_two_commands_and_ci_runs_the_test_one() -> None:
    start, tests = _code_blocks()[:2]
    assert start.endswith("lcr-audio")
    assert "pytest" in tests
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in ci, "the README's test command must appear word for word in .ci/run"


def test_readme_key_table_is_generated_from_the_key_table() -> None:
    table = README.split("<!-- keys: generated", 1)[1].split("-->", 1)[1].split("<!-- end keys -->")[0]
    assert table.strip() == markdown_table().strip(), "run python3 scripts/update_readme_keys.py"
