"""One-key questions outside the play screen: a value changed with Left/Right (or its first letter) and
accepted with Enter, and yes-or-no questions (DESIGN.md §3, issue: setup options).

Keys are read with prompt_toolkit's input layer in raw mode, like the play screen, so nothing is redrawn.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

from ..i18n import _
from ..speech import Speaker
from .keys import is_key

T = TypeVar("T")

ESCAPE_FLUSH_SECONDS = 0.05
"""How long a lone Escape waits to be sure it does not begin a key sequence (seconds)."""


class KeyReader:
    """Hands out key presses one at a time from a prompt_toolkit :class:`Input`, in raw mode.

    Use as ``async with KeyReader(keys) as reader: press = await reader.next()``.

    Raises:
        EOFError: from :meth:`next`, once the input is closed and no keys are left.
    """

    def __init__(self, keys: Input) -> None:
        self.keys = keys
        self._queue: asyncio.Queue[tuple[KeyPress, float] | None] = asyncio.Queue()
        self._stack = contextlib.ExitStack()
        self._flush: asyncio.TimerHandle | None = None
        self._stamp = 0.0
        self.stamp = 0.0
        """When the last key handed out was read (time.monotonic()); keys read together share it."""

    async def __aenter__(self) -> KeyReader:
        self._stack.enter_context(self.keys.raw_mode())
        self._stack.enter_context(self.keys.attach(self._ready))
        self._ready()  # keys typed before this screen opened are stamped now, before its first question
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._flush is not None:
            self._flush.cancel()
        self._stack.close()

    def _ready(self) -> None:
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        self._stamp = time.monotonic()
        for press in self.keys.read_keys():
            self._queue.put_nowait((press, self._stamp))
        if self.keys.closed:
            self._queue.put_nowait(None)
        else:
            self._flush = asyncio.get_running_loop().call_later(ESCAPE_FLUSH_SECONDS, self._flush_keys)

    def _flush_keys(self) -> None:
        self._flush = None
        for press in self.keys.flush_keys():  # a lone Escape keeps the stamp of the read that brought it
            self._queue.put_nowait((press, self._stamp))

    async def next(self) -> KeyPress:
        """The next key press (CPR answers and ignored keys are skipped); :attr:`stamp` says when it was
        read."""
        while True:
            item = await self._queue.get()
            if item is None:
                self._queue.put_nowait(None)
                raise EOFError
            press, self.stamp = item
            if press.key not in (Keys.CPRResponse, Keys.Ignore):
                return press

    async def answer(self, asked: float) -> KeyPress:
        """The next key press read at or after ``asked`` (when the question was said, time.monotonic()):
        keys typed before a question never answer it (issue 10, item 5); they are dropped unsaid."""
        while True:
            press = await self.next()
            if self.stamp >= asked:
                return press


@dataclass(frozen=True)
class Option(Generic[T]):
    """One setup option: its question and its values, each with the words that name it.

    Attributes:
        title: the option's name as spoken before its value ("Wild dice").
        values: ``(value, label)`` pairs in Left/Right order; labels are translated text.
        default: index of the default value.
    """

    title: str
    values: Sequence[tuple[T, str]]
    default: int = 0


def keys_help() -> str:
    """The keys of an option question, as one sentence."""
    # Translators: the keys of the setup options, said with the first option and on F1 or Escape.
    return _("Left and Right change it, Enter accepts it, D takes the defaults for everything left.")


class Defaults(Exception):
    """Raised by :func:`choose` when the player pressed D: accept the defaults for every option left."""


async def choose(reader: KeyReader, speaker: Speaker, option: Option[T], *, first: bool = False) -> T:
    """Ask one option: read its value, change it with Left/Right or a value's first letter, Enter accepts.

    Args:
        reader: the key source.
        speaker: speaks (and, in printing modes, prints) the question and each change.
        option: what to ask.
        first: also name the keys (said once, on the first option of a setup).

    Returns:
        The value accepted.

    Raises:
        Defaults: D was pressed.
        EOFError: the input closed.
    """
    index = option.default

    def current() -> str:
        # Translators: a setup option and its current value, e.g. "Wild dice: off."
        return _("{option}: {value}.").format(option=option.title, value=option.values[index][1])

    text = current()
    if first:
        text += " " + keys_help()
    speaker.speak(text, interrupt=True)
    while True:
        press = await reader.next()
        key = press.key
        if key in (Keys.ControlM, Keys.ControlJ, " "):
            return option.values[index][0]
        if key in (Keys.Right, Keys.Down):
            index = (index + 1) % len(option.values)
        elif key in (Keys.Left, Keys.Up):
            index = (index - 1) % len(option.values)
        elif is_key(key, "d"):
            raise Defaults
        elif key == Keys.ControlC:
            raise KeyboardInterrupt
        elif key in (Keys.Escape, Keys.F1):
            speaker.speak(current() + " " + keys_help(), interrupt=True)
            continue
        else:
            letter = key.lower() if isinstance(key, str) and len(key) == 1 else ""
            starts = [i for i, (_v, label) in enumerate(option.values) if label[:1].lower() == letter]
            if not starts:
                speaker.speak(
                    # Translators: a key that does nothing in a setup option question.
                    _("That key does nothing here. Left and Right change it, Enter accepts it."),
                    interrupt=True,
                )
                continue
            later = [i for i in starts if i > index]
            index = later[0] if later else starts[0]
        speaker.speak(current(), interrupt=True)


async def yes_no(reader: KeyReader, speaker: Speaker, question: str) -> bool:
    """Ask ``question`` (which names Y and N) and wait for Y or N; Escape means N.

    Raises:
        EOFError: the input closed.
    """
    speaker.speak(question, interrupt=True)
    asked = time.monotonic()
    while True:
        press = await reader.answer(asked)
        key = press.key
        if is_key(key, "y"):
            return True
        if is_key(key, "n") or key == Keys.Escape:
            return False
        if key == Keys.ControlC:
            raise KeyboardInterrupt
        # Translators: a key other than Y or N at a yes-or-no question.
        speaker.speak(_("Please press Y or N.") + " " + question, interrupt=True)
