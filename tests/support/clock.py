"""Tests of timing without waiting: an event loop whose clock is fake (looptime). Every ``asyncio.sleep``,
``wait_for`` timeout and timer of the loop takes no wall time; when nothing is ready to run, the loop's time
jumps to the next timer. Give code under test ``asyncio.get_running_loop().time`` as its clock and it
sees the same fake time."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

import looptime

T = TypeVar("T")


def run_on_loop_time(main: Coroutine[Any, Any, T]) -> T:
    """Run ``main`` as :func:`asyncio.run` does, on an event loop with a fake clock starting at 0."""
    with asyncio.Runner(loop_factory=lambda: looptime.new_event_loop(start=0.0)) as runner:
        return runner.run(main)


def loop_clock() -> float:
    """The running loop's time (fake under :func:`run_on_loop_time`), in seconds."""
    return asyncio.get_running_loop().time()
