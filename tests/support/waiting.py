"""Waiting in real time, for tests of things that run outside the test's event loop (a program in a
terminal, a thread, a server, a sound device): a poll of a condition with a generous limit, and a person's
reaction to a question. Neither is a margin: :func:`wait_until` returns as soon as its condition holds, and
:func:`after_reaction` is a lower bound that a loaded machine only makes longer. Code that runs on the
test's own event loop waits with ``support.keys.until`` or runs on the fake clock (``support.clock``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from lcr_audio.tui.input import REACTION_SECONDS

T = TypeVar("T")

LIMIT = 60.0
"""How long :func:`wait_until` waits by default (seconds): generous, for a machine shared and loaded."""

EVERY = 0.02
"""How often :func:`wait_until` looks (seconds)."""


def wait_until(condition: Callable[[], T], what: str, timeout: float = LIMIT, every: float = EVERY) -> T:
    """Look at ``condition()`` every ``every`` seconds until it gives a true value, and return that value.

    Args:
        condition: what to look at; called at least once.
        what: what is awaited, for the failure's message ("the game ended").
        timeout: seconds before giving up.
        every: seconds between two looks.

    Raises:
        AssertionError: ``timeout`` seconds passed first; the message says what never happened.
    """
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"{timeout:g} s passed and never: {what}")
        time.sleep(every)  # a poll of the condition, up to the limit
    return value


def after_reaction() -> None:
    """Wait a person's reaction to the question the test has just seen.

    The game drops a key read sooner than ``REACTION_SECONDS`` after its question was handed to speech (a
    double press typed ahead; issue 10, item 5), and a game in its own process reads the real clock, so a
    real-terminal test must let that time pass before it answers: this is the behaviour under test, not a
    margin. The game stamps its question just after printing it, so the wait is a tenth of a second longer
    than the reaction time; a load only makes it longer, which is never too early."""
    time.sleep(REACTION_SECONDS + 0.1)  # a person's reaction: a sooner key is typed ahead, and dropped
