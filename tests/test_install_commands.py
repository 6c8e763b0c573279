"""The README's Windows and macOS commands (issue 11, item 1): each one works as typed in Windows
PowerShell 5.1 and in cmd (Windows), or in zsh (macOS), and names nothing those systems lack."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

CMD_SPECIAL = {
    "&": "runs a second command in cmd",
    "|": "pipes in cmd",
    "<": "redirects in cmd",
    ">": "redirects in cmd",
    "^": "is cmd's escape character",
    "%": "expands a variable in cmd",
    '"': "quoting differs between cmd and PowerShell 5.1 (which mangles quotes passed to programs)",
    "'": "cmd passes single quotes on literally ('.[test]' is not .[test])",
}
POWERSHELL_SPECIAL = {
    ";": "separates statements in PowerShell (and is a space to cmd)",
    "$": "expands a variable in PowerShell",
    "`": "is PowerShell's escape character",
    "@": "splats in PowerShell",
    "{": "opens a script block in PowerShell",
    "}": "closes a script block in PowerShell",
    "(": "opens a subexpression in PowerShell",
    ")": "closes a subexpression in PowerShell",
    ",": "makes an array in PowerShell, passed on as separate words",
}


def block_after(marker: str) -> list[str]:
    """The lines of the fenced block that follows ``marker`` in the README."""
    after = README.split(marker, 1)[1]
    match = re.match(r"[^\n]*\n```[a-z]*\n(.*?)```", after, flags=re.S)
    assert match, f"no code block after {marker!r}"
    return [line.strip() for line in match[1].splitlines() if line.strip()]


def windows_problems(line: str) -> list[str]:
    """Why ``line`` would fail in Windows PowerShell 5.1 or cmd (empty when it works in both)."""
    problems = []
    if "&&" in line or "||" in line:
        problems.append("&& and || are syntax errors in Windows PowerShell 5.1")
    for character, why in {**CMD_SPECIAL, **POWERSHELL_SPECIAL}.items():
        if character in line:
            problems.append(f"{character} {why}")
    first = line.split()[0]
    if first != "py":
        problems.append(f"{first} is not the python.org launcher py (python3 opens the Microsoft Store)")
    if not line.startswith("py -m "):
        problems.append("run as py -m: the Scripts folder with lcr-audio.exe is usually not on PATH")
    return problems


def macos_problems(line: str) -> list[str]:
    """Why ``line`` would fail in macOS's zsh as typed (empty when it works)."""
    problems = []
    if re.search(r"[\[\]*?]", re.sub(r"'[^']*'", "", line)):  # outside single quotes
        problems.append("zsh takes an unquoted [ ] * or ? as a pattern and stops: no matches found")
    if not line.startswith("python3 -m "):
        problems.append("run as python3 -m: pip's script folder is usually not on PATH")
    return problems


def test_windows_commands_work_in_powershell_5_and_cmd() -> None:
    lines = block_after("<!-- windows commands")
    assert lines == ["py -m pip install --no-warn-script-location .", "py -m lcr_audio"]
    assert {line: windows_problems(line) for line in lines} == {line: [] for line in lines}


def test_macos_commands_work_in_zsh() -> None:
    lines = block_after("<!-- macos commands")
    assert len(lines) == 2 and lines[-1] == "python3 -m lcr_audio"
    assert {line: macos_problems(line) for line in lines} == {line: [] for line in lines}


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("python3 -m pip install -q -e '.[test]' && python3 -m pytest", "&&"),
        ("py -m pip install -e '.[test]'", "'"),
        ("python3 -m pip install .", "python3"),
        ("py -m lcr_audio play --names Ana,Bo", ","),
        ("lcr-audio", "Scripts folder"),
        ("py -m lcr_audio > $env:TEMP\\out.txt", "$"),
    ],
)
def test_the_windows_check_finds_what_those_shells_reject(line: str, reason: str) -> None:
    assert any(reason in problem for problem in windows_problems(line)), windows_problems(line)


def test_the_macos_check_finds_an_unquoted_pattern() -> None:
    assert macos_problems("python3 -m pip install -e .[test]")
    assert macos_problems("python3 -m pip install -e '.[test]'") == []


def test_what_the_commands_run_is_here() -> None:
    """``pip install .`` needs the project file in the game's folder, ``-m lcr_audio`` the package's
    ``__main__``."""
    assert (ROOT / "pyproject.toml").is_file()
    assert (ROOT / "lcr_audio" / "__main__.py").is_file()


def _build_bundle() -> Any:
    """scripts/build_bundle.py as a module."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_bundle", ROOT / "scripts" / "build_bundle.py")
    assert spec is not None and spec.loader is not None
    build_bundle = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_bundle)
    return build_bundle


def test_the_bundle_check_names_what_an_incomplete_bundle_lacks(tmp_path: Path) -> None:
    """scripts/build_bundle.py (run by .ci/run: building and playing take about a minute) checks the built
    folder; here on a folder with only the program and one catalog, it names each file left out."""
    build_bundle = _build_bundle()
    build_bundle.program(tmp_path).write_text("", encoding="utf-8")
    catalog = tmp_path / "lcr_audio" / "locales" / "es" / "LC_MESSAGES" / "lcr_audio.mo"
    catalog.parent.mkdir(parents=True)
    catalog.write_text("", encoding="utf-8")
    problems = build_bundle.missing_files(tmp_path)
    for left_out in (
        "lcr_audio/locales/fr/LC_MESSAGES/lcr_audio.mo",
        "accessible_output2/lib/nvdaControllerClient64.dll",
        "lcr_audio/sounds/win.wav",
        "babel/locale-data/ru.dat",
    ):
        assert f"missing: {Path(left_out)}" in problems
    assert not any("es" in Path(problem).parts for problem in problems)
    assert "missing: pygame's SDL2_mixer library" in problems


def test_the_bundle_check_names_the_error_behind_a_failure() -> None:
    """What the bundle printed or logged: a traceback is named by its error line (the module left out), a
    failure sentence by itself; a game that went well has none."""
    failure_line = _build_bundle().failure_line
    log = (
        "2026-12-01 23:34:12,676 ERROR lcr_audio: The game stopped on an error\n"
        "Traceback (most recent call last):\n"
        '  File "lcr_audio/game/analysis/exact.py", line 27, in <module>\n'
        "ModuleNotFoundError: No module named 'numpy'\n"
        "2026-12-01 23:34:13,000 INFO lcr_audio.app: New game\n"
    )
    assert failure_line(log) == "ModuleNotFoundError: No module named 'numpy'"
    said = "Your turn. Press Space to roll 3 dice.\nThat did not work; the game goes on.\n"
    assert failure_line(said) == "That did not work; the game goes on."
    assert failure_line("Something went wrong with a computer player; the game stops here.")
    assert failure_line("You 31 percent, Ana 33, Bo 37.\nGoodbye.\n") == ""
