"""The README's promises: the CI runs its exact test command, and its key table is the real one."""

from __future__ import annotations

import re
import tomllib
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
    ci = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines() if line.strip()]
    assert ci[-1] == tests, "the README's test command must end .ci/run word for word"


def test_ci_checks_the_code_and_runs_every_system_test_before_the_tests() -> None:
    """Issue 10: lint, format and strict types are CI's job, and no test that needs a system program may
    skip there."""
    ci = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    ci = [line for line in ci if line and not line.startswith("#")]
    for check in ("ruff check .", "ruff format --check .", "mypy"):
        assert any(line.endswith(check) for line in ci[:-1]), f"{check!r} is not run before the tests"
    assert "export LCR_AUDIO_REQUIRE_SYSTEM_TESTS=1" in ci[:-1]
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    # plain `mypy` checks the whole package, strictly
    assert mypy["strict"] is True and mypy["files"] == ["lcr_audio"]


def test_readme_key_table_is_generated_from_the_key_table() -> None:
    table = README.split("<!-- keys: generated", 1)[1].split("-->", 1)[1].split("<!-- end keys -->")[0]
    assert table.strip() == markdown_table().strip(), "run python3 scripts/update_readme_keys.py"
