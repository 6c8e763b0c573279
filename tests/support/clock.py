"""Tests of timing without waiting: an event loop whose clock is fake (looptime). Every ``asyncio.sleep``,
``wait_for`` timeout and timer of the loop takes no wall time; when nothing is ready to run, the loop's time
jumps to the next timer. Give code under test ``asyncio.get_running_loop().time`` as its clock and it
sees the same fake time."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from typing import Any, TypeVar

import looptime
import pytest

T = TypeVar("T")


def run_on_loop_time(main: Coroutine[Any, Any, T]) -> T:
    """Run ``main`` as :func:`asyncio.run` does, on an event loop with a fake clock starting at 0."""
    with asyncio.Runner(loop_factory=lambda: looptime.new_event_loop(start=0.0)) as runner:
        return runner.run(main)


def loop_clock() -> float:
    """The running loop's time (fake under :func:`run_on_loop_time`), in seconds."""
    return asyncio.get_running_loop().time()


class KeyClock:
    """``time.monotonic`` as the key loop, the play screen's questions and the yes-or-no and list questions
    read it (a key's stamp, the moment a question was handed to speech), moved on only by the test: a test
    of the reaction time (``REACTION_SECONDS``) then
    says "50 ms later" exactly, however slowly a busy machine runs it (issue 21, item 11). Everything else
    of :mod:`time` is the real one.

    Args:
        monkeypatch: pytest's, which puts the real clock back after the test.
        start: the clock's first reading, in seconds.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch, start: float = 1000.0) -> None:
        from lcr_audio.tui import choice, play_questions
        from lcr_audio.tui import input as key_input

        self.now = start
        for module in (key_input, play_questions, choice):
            monkeypatch.setattr(module, "time", self)

    def monotonic(self) -> float:
        """The clock's reading, in seconds."""
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the clock on by ``seconds``."""
        self.now += seconds

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)
