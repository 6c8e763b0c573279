"""The game run as a program, the way a player starts it (``python -m lcr_audio``): with no terminal
(:func:`run_game`) or in a pseudo-terminal (:func:`spawn_game`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect

ROOT = Path(__file__).resolve().parents[2]
"""This checkout (the program run is its lcr_audio)."""


WATCH = ["play", "--players", "4", "--computer", "all", "--seed", "3", "--speech", "console", "--fast"]
"""The words of a game of four computer players, seed 3, printed at once (the command line tests' game)."""


def game_env(folder: Path | None = None) -> dict[str, str]:
    """This process's environment without ``LCR_AUDIO_SPEECH``; given ``folder``, the game's folders
    (settings, saves, logs) in it, on every platform (``LCR_AUDIO_HOME``; the XDG variables too)."""
    env = dict(os.environ)
    env.pop("LCR_AUDIO_SPEECH", None)
    if folder is not None:
        env["XDG_STATE_HOME"] = str(folder / "state")
        env["XDG_DATA_HOME"] = str(folder / "data")
        env["XDG_CONFIG_HOME"] = str(folder / "config")
        env["LCR_AUDIO_HOME"] = str(folder / "home")  # platformdirs ignores XDG_* off Linux
    return env


def run_game(
    *args: str, env: dict[str, str] | None = None, timeout: float = 60, errors: str = "replace"
) -> subprocess.CompletedProcess[str]:
    """``python -m lcr_audio`` with ``args``, stdin closed, its output as UTF-8 text.

    Args:
        args: the command line after the program's name.
        env: the environment (default: this process's, where conftest's ``LCR_AUDIO_HOME`` points the
            game's folders into the test's own); ``LCR_AUDIO_SPEECH`` is always removed.
        timeout: seconds before the run counts as hung (``subprocess.TimeoutExpired``).
        errors: what a byte that is not UTF-8 does to the text ("strict" raises UnicodeDecodeError).
    """
    environment = dict(os.environ if env is None else env)
    environment.pop("LCR_AUDIO_SPEECH", None)
    return subprocess.run(
        [sys.executable, "-m", "lcr_audio", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors=errors,
        timeout=timeout,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        env=environment,
    )


def spawn_python(
    *args: str, env: dict[str, str] | None = None, timeout: float = 20, codec_errors: str = "strict"
) -> Any:
    """``python *args`` in a pseudo-terminal of 50 x 250 (pexpect), as a player's terminal, reading and
    writing UTF-8; ``TERM`` is xterm unless ``env`` says otherwise.

    Args:
        args: the interpreter's command line (``-m lcr_audio ...``, ``-c CODE ...``).
        env: the environment, as for :func:`run_game` (``LCR_AUDIO_SPEECH`` always removed).
        timeout: seconds an ``expect`` waits before ``pexpect.TIMEOUT``.
        codec_errors: what a byte that is not UTF-8 does to the text read ("strict" raises).
    """
    environment = dict(os.environ if env is None else env)
    environment.pop("LCR_AUDIO_SPEECH", None)
    environment.setdefault("TERM", "xterm")
    return pexpect.spawn(
        sys.executable,
        list(args),
        cwd=str(ROOT),
        env=environment,
        encoding="utf-8",
        codec_errors=codec_errors,
        dimensions=(50, 250),
        timeout=timeout,
    )


def spawn_game(*args: str, **options: Any) -> Any:
    """``python -m lcr_audio *args`` in a pseudo-terminal: :func:`spawn_python`'s ``options``."""
    return spawn_python("-m", "lcr_audio", *args, **options)


def one_person_game(pause: str = "0.05") -> list[str]:
    """The words of ``lcr-audio play`` for one person against two computer players, seed 4, speech
    printed, computer players waiting ``pause`` seconds (the signal and terminal tests' game)."""
    return [
        "play",
        "--players",
        "3",
        "--computer",
        "2,3",
        "--seed",
        "4",
        "--speech",
        "console",
        "--pause",
        pause,
    ]
