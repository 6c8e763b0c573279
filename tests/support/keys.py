"""One key driver for every screen a test runs in its own event loop: keys go in through a prompt_toolkit
pipe, and what the screen says is read back from a recording speech backend."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Generic, TypeVar

from prompt_toolkit.input import PipeInput

from lcr_audio.output.speech import RecordingBackend

T = TypeVar("T")

ENTER, ESCAPE, BACKSPACE = "\r", "\x1b", "\x7f"
UP, DOWN, F1 = "\x1b[A", "\x1b[B", "\x1bOP"


async def until(
    condition: Callable[[], bool], task: asyncio.Future[Any] | None = None, timeout: float = 30.0
) -> None:
    """Wait until ``condition()`` holds, checking every 5 ms of the loop's clock.

    Raises:
        AssertionError: ``timeout`` seconds passed, or ``task`` ended first (its own error raised instead).
    """
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if task is not None and task.done():
            task.result()
            if condition():
                return
            raise AssertionError("the task ended first")
        if loop.time() > end:
            raise AssertionError("timed out")
        await asyncio.sleep(0.005)  # a poll of the condition, not a margin


async def keys_taken(keys: PipeInput, timeout: float = 30.0) -> None:
    """Wait until the screen has read every key sent to ``keys`` and handled it: the pipe is empty, then
    the event loop has run the callbacks the keys' handlers scheduled. A test that checks that a key did
    nothing can then look at once, with no time margin. (A lone Escape is taken later, after
    ``ESCAPE_FLUSH_SECONDS``: wait on what it does instead.)

    Raises:
        AssertionError: the pipe was not read within ``timeout`` seconds.
    """
    import fcntl
    import struct
    import termios

    fd = keys.pipe.read_fd  # type: ignore[attr-defined]
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]:
        if loop.time() > end:
            raise AssertionError(f"the screen read no key for {timeout} s")
        await asyncio.sleep(0.005)  # a poll of the pipe, not a margin
    for _turn in range(20):  # the handlers' own callbacks, turn by turn of the loop (no time passes)
        await asyncio.sleep(0)


class KeyDriver(Generic[T]):
    """Runs a screen (any coroutine) as a task and sends it keys once it is ready for them.

    Args:
        keys: the pipe the screen reads its keys from.
        recorder: the speech backend the screen speaks through.
        may_end: True when the screen may end while a test waits (a whole game): :meth:`until` then
            returns; False makes an early end an error that names the last things said.
    """

    def __init__(self, keys: PipeInput, recorder: RecordingBackend, *, may_end: bool = False) -> None:
        self.keys, self.recorder, self.may_end = keys, recorder, may_end
        self.task: asyncio.Task[T] | None = None

    @property
    def texts(self) -> list[str]:
        """Every utterance said so far, in order."""
        return self.recorder.texts

    @property
    def spoken(self) -> list[tuple[str, bool]]:
        """Every utterance said so far, with its interrupt flag."""
        return self.recorder.spoken

    def run(self, screen: Coroutine[Any, Any, T]) -> None:
        """Start ``screen`` as a task of the running loop."""
        self.task = asyncio.create_task(screen)

    async def until(self, condition: Callable[[], bool], timeout: float = 30.0) -> None:
        """Wait until ``condition()`` holds.

        Raises:
            AssertionError: ``timeout`` seconds (of the loop's clock) passed, or the screen ended first
                (unless it may end); the message names the last five utterances.
        """
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not condition():
            assert self.task is not None
            if self.task.done():
                self.task.result()
                if self.may_end or condition():
                    return
                raise AssertionError(f"the screen ended; last utterances: {self.texts[-5:]}")
            if loop.time() > end:
                raise AssertionError(f"timed out; last utterances: {self.texts[-5:]}")
            await asyncio.sleep(0.005)  # a poll of the condition, not a margin

    async def heard(self, text: str) -> None:
        """Wait until ``text`` has been said whole."""
        await self.until(lambda: text in self.texts)

    async def press_spoken(self, key: str) -> tuple[str, bool]:
        """Send ``key`` and return the first utterance it caused, with its interrupt flag."""
        before = len(self.spoken)
        self.keys.send_text(key)
        await self.until(lambda: len(self.spoken) > before)
        return self.spoken[before]

    async def answer(self, key: str) -> tuple[str, bool]:
        """Send ``key`` and return its answer with its interrupt flag: the first utterance after it that
        interrupts speech. A key's answer does; the game's own narration, which may come first while
        computer players play on, does not."""
        before = len(self.spoken)
        self.keys.send_text(key)
        await self.until(lambda: any(interrupt for _, interrupt in self.spoken[before:]))
        return next(said for said in self.spoken[before:] if said[1])

    async def press(self, key: str) -> str:
        """Send ``key`` and return the first utterance it caused."""
        return (await self.press_spoken(key))[0]
