"""Shared test set-up: tests never touch the real user folders, Hypothesis runs the same way every time in CI
(a failure there must be reproducible, not a flake), and tests that need a system program say so in one way.

System programs (issue 10): a test that runs a program of the machine (tmux, speech-dispatcher, the game's
own voice) is marked ``@pytest.mark.requires_program("tmux")`` or ``@pytest.mark.requires_voice``. Where
the program is missing the test is skipped, with the reason, so the README's test command passes on any
machine; with ``LCR_AUDIO_REQUIRE_SYSTEM_TESTS=1`` (``.ci/run`` sets it, after installing the programs) it
fails instead, so CI always runs them. A fixture that finds out only by trying (pyttsx3 starting a voice)
calls the ``missing_system`` fixture's function, which does the same.

System tests (issue 23): a test that starts a program (the game as a process, tmux, openssl), a terminal
(pexpect), a server on a socket, or real speech (speech-dispatcher, eSpeak NG, aplay) is marked
``@pytest.mark.system``, so that ``python3 -m pytest -m "not system"`` is the quick loop of the unit tests.
The marks ``requires_program`` and ``requires_voice``, and the ``missing_system`` fixture, mark it by
themselves. In the quick loop, on POSIX, a test without the mark that starts a process, or binds or
connects a socket, fails and names what it started (:func:`_system_marked`), so the mark stays complete.
"""

from __future__ import annotations

import functools
import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

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


def _needs_the_system(item: pytest.Item) -> bool:
    """Whether ``item`` says by its marks or fixtures that it runs a program of the machine or its voice."""
    return (
        item.get_closest_marker("requires_program") is not None
        or item.get_closest_marker("requires_voice") is not None
        or "missing_system" in getattr(item, "fixturenames", ())
    )


# The compiled kernel (numba, where installed) is not compiled in the background by every test that makes
# an OddsKeeper or a careful player: seconds of processor each, in each test's own cache folder. The tests
# that check it compile it themselves (tests/test_analysis_kernel.py); the programs the tests start inherit this.
os.environ["LCR_AUDIO_COMPILED"] = "0"

# numpy's linear algebra (OpenBLAS) starts a thread per core, and its threads spin while they wait for work:
# under pytest-xdist's three workers on two cores they burned as much processor as the tests themselves
# (tests/test_best_response.py: 15 s of processor with one thread, 22 to 34 s with the default). The tests'
# matrices are small; one thread each. Read when numpy is first imported, which no module above does.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

if "PYTEST_XDIST_WORKER" in os.environ:
    # pytest-xdist gives its workers COLUMNS=80 and LINES=24; the programs the system tests start in a wide
    # terminal would then wrap their lines at 80 columns, as they never do in a plain run.
    os.environ.pop("COLUMNS", None)
    os.environ.pop("LINES", None)

SYSTEM_GROUP = "system"
"""pytest-xdist's group for the system tests of the terminal, speech and the program: they run one after
another on one worker, while the others run the rest file by file (pyproject's ``-n 3 --dist loadgroup``).
Two of them side by side would compete for terminals, speech and the clock they measure."""

SERVER_GROUP = "servers"
"""The group of the online and browser client's system tests (files named in :data:`SERVER_FILES`): one
after another on a worker of their own, beside the system group. They talk to servers on loopback and wait
on what the servers send, never on speech or a measured clock, so they need not wait for the terminal's
tests (together they were most of the suite's time, on one worker)."""

SERVER_FILES = ("test_online", "test_web", "test_browser", "test_serve", "test_host")
"""The beginnings of the names of :data:`SERVER_GROUP`'s test files."""


SHARED_GROUPS = {"test_practice_best": "test_practice"}
"""Files that run in another file's group, on its worker, after it or before it: both build the same costly
thing, once per process (the independent best response of ``tests/support/best_by_hand.py``: seconds of
processor for each worker that builds it)."""


def _group(item: pytest.Item) -> str:
    """The xdist group of ``item``: :data:`SERVER_GROUP` for a system test of a server file,
    :data:`SYSTEM_GROUP` for another system test, else its file's own group (or the one
    :data:`SHARED_GROUPS` names)."""
    stem = Path(str(item.path)).stem
    if not _in_system_group(item):
        return SHARED_GROUPS.get(stem, stem)
    return SERVER_GROUP if stem.startswith(SERVER_FILES) else SYSTEM_GROUP


def _in_system_group(item: pytest.Item) -> bool:
    """True for a test marked ``system``, or in a file that starts programs anywhere (a module's fixture
    may start one for tests that are not marked): such tests never run beside each other."""
    return item.get_closest_marker("system") is not None or _file_starts_programs(str(item.path))


@functools.cache
def _file_starts_programs(path: str) -> bool:
    text = Path(path).read_text(encoding="utf-8")
    return any(word in text for word in ("subprocess", "pexpect", "tmux", "spawn_game", "run_game"))


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``system`` each test that needs a program of the machine (:func:`_needs_the_system`); skip each
    test marked ``requires_program`` or ``requires_voice`` whose programs are not on PATH (the reason names
    them and the test's own line); under ``LCR_AUDIO_REQUIRE_SYSTEM_TESTS=1`` it runs, and
    :func:`pytest_runtest_setup` fails it."""
    for item in items:
        if _needs_the_system(item) and item.get_closest_marker("system") is None:
            item.add_marker(pytest.mark.system)
        item.add_marker(pytest.mark.xdist_group(_group(item)))
    # The real voice's tests measure playbacks against the clock: they go last, when the other worker is
    # most likely done and the machine is as quiet as it will be (one failed beside busy unit tests).
    items.sort(key=lambda item: item.get_closest_marker("requires_voice") is not None)
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


class SystemUse(RuntimeError):
    """A test not marked ``system`` started a process or bound or connected a socket (:func:`_system_marked`)."""


_PROCESS_STARTS = ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system", "execv", "execve", "execvp")
"""The ``os`` functions that start or become another program (pexpect forks a pseudo-terminal; everything
else, asyncio's subprocesses included, goes through ``subprocess.Popen``)."""


@pytest.fixture(autouse=True)
def _system_marked(request: pytest.FixtureRequest) -> Iterator[None]:
    """Keep the ``system`` mark complete: in the quick loop (``-m "not system"``), starting a process
    (``subprocess``, a fork, pexpect) or binding or connecting a socket (a server, a client,
    speech-dispatcher, D-Bus) raises :class:`SystemUse`, and the test fails naming what it started, even
    where the code under test caught the error. A socket pair (asyncio's own wake-up) is neither.

    Only in the quick loop, where no system test runs: in a whole run a system test's thread that outlives
    it (a voice still playing) could start a process during the next test and fail that one instead. Not on
    Windows, where Python builds that socket pair by binding and connecting on loopback."""
    quick_loop = "not system" in (request.config.getoption("markexpr") or "")
    if not quick_loop or sys.platform == "win32" or request.node.get_closest_marker("system") is not None:
        yield
        return
    started: list[str] = []

    def refuse(what: str, argument: int | None) -> Any:
        def refused(*args: Any, **_kwargs: Any) -> Any:
            shown = f" {args[argument]!r}"[:120] if argument is not None and len(args) > argument else ""
            started.append(what + shown)
            raise SystemUse(f"{what}{shown} in a test not marked system")

        return refused

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(subprocess.Popen, "_execute_child", refuse("a program", 1))
        for name in _PROCESS_STARTS:
            if hasattr(os, name):
                patch.setattr(os, name, refuse(f"os.{name}", 0 if name != "fork" else None))
        for name in ("bind", "connect", "connect_ex"):
            patch.setattr(socket.socket, name, refuse(f"socket.{name}", 1))
        yield
    if started:
        pytest.fail(
            "this test starts a program, a terminal, a server or speech: mark it @pytest.mark.system "
            f"(it is left out of the quick loop, -m 'not system'); it started: {'; '.join(started)}",
            pytrace=False,
        )
