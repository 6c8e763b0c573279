"""Shared test set-up: tests never touch the real user folders, Hypothesis runs the same way every time in CI
(a failure there must be reproducible, not a flake), and tests that need a system program say so in one way.

System programs (issue 10): a test that runs a program of the machine (tmux, speech-dispatcher, the game's
own voice) is marked ``@pytest.mark.requires_program("tmux")`` or ``@pytest.mark.requires_voice``. Where
the program is missing the test is skipped, with the reason, so the README's test command passes on any
machine; with ``LCR_AUDIO_REQUIRE_SYSTEM_TESTS=1`` (``.ci/run`` sets it, after installing the programs) it
fails instead, so CI always runs them. A fixture that finds out only by trying (pyttsx3 starting a voice)
calls the ``missing_system`` fixture's function, which does the same.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NoReturn

import pytest
from hypothesis import settings
from prompt_toolkit.input import PipeInput, create_pipe_input

REQUIRE_SYSTEM_TESTS = "LCR_AUDIO_REQUIRE_SYSTEM_TESTS"
"""Set to 1 (``.ci/run`` does) and a test whose system program is missing fails instead of being skipped."""

VOICE_PROGRAMS: tuple[str, ...] = ("espeak-ng", "aplay") if sys.platform.startswith("linux") else ()
"""What the game's own voice (pyttsx3) needs: on Linux eSpeak NG (Debian packages espeak-ng and
libespeak-ng1) and aplay (alsa-utils); SAPI5 and NSSpeech come with Windows and macOS."""

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Point the game's folders (settings, saves, logs, cache) at a temporary folder for every test, on every
    platform: ``LCR_AUDIO_HOME``, which every folder lookup honours (platformdirs ignores ``XDG_*`` on
    Windows and macOS); the XDG variables too, for any other program a test starts."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("LCR_AUDIO_HOME", str(home / "lcr-audio"))
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
    monkeypatch.delenv("LCR_AUDIO_SPEECH", raising=False)
    # No test reaches the desktop's session bus: a running Orca would be sent the tests' messages.
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    yield home


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    """Keys for a screen run in the test's event loop (see ``support.keys.KeyDriver``)."""
    with create_pipe_input() as keys:
        yield keys


@pytest.fixture
def english() -> Iterator[None]:
    """The test speaks English, and so does the next one, whatever language the test set. A file of
    English sentences uses it for every test: ``pytestmark = pytest.mark.usefixtures("english")``."""
    from lcr_audio import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def _utf8_children(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Python a test starts (the game as a process) reads and writes UTF-8, as on Linux, whatever the
    console code page on Windows (issue 11): the tests compare names such as Zoë and Ана."""
    monkeypatch.setenv("PYTHONUTF8", "1")


@pytest.fixture(autouse=True)
def _no_reaction_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests that drive the screens in-process answer a question as soon as it was handed to speech; the
    reaction time (a key sooner than it is a double press) has tests of its own that set it back."""
    from lcr_audio.tui import input as key_input

    monkeypatch.setattr(key_input, "REACTION_SECONDS", 0.0)


def missing(reason: str) -> NoReturn:
    """Skip the running test because the machine lacks something it needs (``reason`` says what); with
    ``LCR_AUDIO_REQUIRE_SYSTEM_TESTS=1`` fail instead."""
    if os.environ.get(REQUIRE_SYSTEM_TESTS) == "1":
        pytest.fail(f"{reason}, and {REQUIRE_SYSTEM_TESTS}=1 says system tests must run", pytrace=False)
    pytest.skip(f"{reason} (CI installs it)")


def pytest_configure(config: pytest.Config) -> None:
    # looptime's pytest plugin serves pytest-asyncio's event loops, which these tests do not use (they run
    # looptime's loop themselves: support.clock); without pytest-asyncio it fails every test's set-up.
    plugin = config.pluginmanager.get_plugin("looptime_plugin")
    if plugin is not None:
        config.pluginmanager.unregister(plugin)
    config.addinivalue_line(
        "markers", "requires_program(*names): the test runs these programs; skipped (or failed) without them"
    )
    config.addinivalue_line(
        "markers", "requires_voice: the test starts the game's own voice (on Linux: espeak-ng and aplay)"
    )


def _absent(item: pytest.Item) -> list[str]:
    """The programs that ``item`` is marked to need and that are not on PATH."""
    needed = [name for marker in item.iter_markers("requires_program") for name in marker.args]
    if item.get_closest_marker("requires_voice") is not None:
        needed += VOICE_PROGRAMS
    return [name for name in dict.fromkeys(needed) if shutil.which(name) is None]


def _absence(absent: list[str]) -> str:
    return f"{', '.join(absent)} {'is' if len(absent) == 1 else 'are'} not installed"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip each test marked ``requires_program`` or ``requires_voice`` whose programs are not on PATH (the
    reason names them and the test's own line); under ``LCR_AUDIO_REQUIRE_SYSTEM_TESTS=1`` it runs, and
    :func:`pytest_runtest_setup` fails it."""
    if os.environ.get(REQUIRE_SYSTEM_TESTS) == "1":
        return
    for item in items:
        absent = _absent(item)
        if absent:
            item.add_marker(pytest.mark.skip(reason=f"{_absence(absent)} (CI installs it)"))


def pytest_runtest_setup(item: pytest.Item) -> None:
    absent = _absent(item)
    if absent:
        missing(_absence(absent))


@pytest.fixture(scope="session")
def missing_system() -> Callable[[str], NoReturn]:
    """For a fixture or test that finds out only by trying that the machine lacks something: call it with the
    reason to skip (or, in CI, fail)."""
    return missing
