"""One-key questions outside the play screen: a value changed with Left/Right (or its first letter) and
accepted with Enter, and yes-or-no questions (DESIGN.md §3, issue: setup options). Both are input modes
of the key loop (:mod:`lcr_audio.tui.input`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from lcr_audio.i18n import _
from lcr_audio.tui.input import (
    KeyLoop,
    Press,
    Question,
    Voice,
    answers_in_time,
    finishes,
    first_letter_match,
    handles,
)
from lcr_audio.tui.keys import Command, Context

T = TypeVar("T")


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


def keys_help(*, chosen: bool = False) -> str:
    """The keys of an option question, as one sentence; ``chosen``: the options were chosen before (a
    second walk, or an online table's rules), so D keeps them rather than taking the defaults."""
    if chosen:
        # Translators: the keys of the setup options, said with the first option and on F1 or Escape, when
        # the options were already chosen once (O pressed again): D keeps the values chosen for the others.
        return _("Left and Right change it, Enter accepts it, D keeps everything left as chosen.")
    # Translators: the keys of the setup options, said with the first option and on F1 or Escape.
    return _("Left and Right change it, Enter accepts it, D takes the defaults for everything left.")


class Defaults(Exception):
    """Raised by :func:`choose` when the player pressed D: keep the value on this option's line (the one
    just heard) and every option after it as it is (the defaults, on a first walk).

    Args:
        value: the value the option had when D was pressed.
    """

    def __init__(self, value: object) -> None:
        super().__init__(value)
        self.value = value


class OptionChoice(Question[T]):
    """One setup option as an input mode: its value is the value accepted.

    Args:
        voice: where it speaks.
        option: what to ask.
        first: also name the keys (said once, on the first option of a setup).
        chosen: the options were chosen before (:func:`keys_help`).
    """

    contexts = frozenset({Context.OPTION})

    def __init__(self, voice: Voice, option: Option[T], *, first: bool = False, chosen: bool = False) -> None:
        super().__init__(voice)
        self.option = option
        self.index = option.default
        self.first = first
        self.chosen = chosen

    def _current(self) -> str:
        # Translators: a setup option and its current value, e.g. "Wild dice: off."
        return _("{option}: {value}.").format(
            option=self.option.title, value=self.option.values[self.index][1]
        )

    def opened(self) -> None:
        """Say the option and its value (and the keys, on the first option)."""
        self.voice.answer(
            f"{self._current()} {keys_help(chosen=self.chosen)}" if self.first else self._current()
        )

    def reminder(self) -> str:
        """The option and its value."""
        return self._current()

    def _go(self, index: int) -> None:
        self.index = index % len(self.option.values)
        self.voice.answer(self._current())

    @handles(Command.INCREASE)
    def next_value(self, press: Press) -> None:
        """The next value."""
        self._go(self.index + 1)

    @handles(Command.DECREASE)
    def previous_value(self, press: Press) -> None:
        """The previous value."""
        self._go(self.index - 1)

    @handles(Command.ACCEPT)
    def accept(self, press: Press) -> None:
        """Accept the value."""
        self.finish(self.option.values[self.index][0])

    @handles(Command.DEFAULTS)
    def defaults(self, press: Press) -> None:
        """This value kept, and every option after it as it is."""
        self.fail(Defaults(self.option.values[self.index][0]))

    @handles(Command.REPEAT)
    def repeat(self, press: Press) -> None:
        """The option, its value and the keys again."""
        self.voice.answer(f"{self._current()} {keys_help(chosen=self.chosen)}")

    @handles(Command.TYPE)
    def letter(self, press: Press) -> None:
        """A letter moves to the next value starting with it."""
        found = first_letter_match([label for _v, label in self.option.values], press.char or "", self.index)
        if found is None:
            self.unbound(press)
            return
        self._go(found)

    def unbound(self, press: Press) -> None:
        """A key that does nothing here."""
        # Translators: a key that does nothing in a setup option question.
        self.voice.error(_("That key does nothing here. Left and Right change it, Enter accepts it."))


async def choose(
    loop: KeyLoop, voice: Voice, option: Option[T], *, first: bool = False, chosen: bool = False
) -> T:
    """Ask one option: read its value, change it with Left/Right or a value's first letter, Enter accepts.
    ``first`` names the keys too; ``chosen``: the options were chosen before (:func:`keys_help`).

    Raises:
        Defaults: D was pressed; it carries the value on the line then.
        EOFError: the input closed.
        KeyboardInterrupt: Control+C.
    """
    return await loop.ask(OptionChoice(voice, option, first=first, chosen=chosen))


class YesNo(Question[bool]):
    """A yes-or-no question outside a game (its text names Y and N); Escape means N.

    Keys read before the question was said never answer it (issue 10, item 5): they are dropped unsaid.

    Args:
        voice: where it speaks.
        question: the question, naming Y and N.
        said_at: the question was already said, at this ``time.monotonic()`` (the first question of the
            program, said before the key input was ready): it opens without saying it again.
    """

    contexts = frozenset({Context.QUESTION})

    def __init__(self, voice: Voice, question: str, *, said_at: float | None = None) -> None:
        super().__init__(voice)
        self.question = question
        self.asked = float("inf")
        self.said_at = said_at

    def opened(self) -> None:
        """Ask the question (unless it was said already)."""
        if self.said_at is not None:
            self.asked, self.said_at = self.said_at, None
            return
        self.voice.answer(self.question)
        self.asked = time.monotonic()

    def reminder(self) -> str:
        """The question."""
        return self.question

    def heard(self, press: Press) -> bool:
        """Only keys read after the question was said answer it."""
        return answers_in_time(press.stamp, self.asked)

    yes = finishes(Command.YES, value=True)
    no = finishes(Command.NO, value=False)  # N or Escape

    def unbound(self, press: Press) -> None:
        """Any other key: the question again."""
        # Translators: a key other than Y or N at a yes-or-no question.
        self.voice.error(_("Please press Y or N.") + " " + self.question)


async def yes_no(loop: KeyLoop, voice: Voice, question: str, *, said_at: float | None = None) -> bool:
    """Ask ``question`` (which names Y and N) and wait for Y or N; Escape means N. ``said_at``: it was
    already said then (see :class:`YesNo`).

    Raises:
        EOFError: the input closed.
        KeyboardInterrupt: Control+C.
    """
    return await loop.ask(YesNo(voice, question, said_at=said_at))


__all__ = [
    "Defaults",
    "Option",
    "OptionChoice",
    "YesNo",
    "choose",
    "keys_help",
    "yes_no",
]
