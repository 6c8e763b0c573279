"""A list of choices read one at a time: Up and Down move, Enter chooses, a first letter jumps, Escape
takes the menu's way out (DESIGN.md §3). An input mode of the key loop (:mod:`lcr_audio.tui.input`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from lcr_audio.i18n import _
from lcr_audio.tui.input import KeyLoop, Lines, Press, Question, Voice, first_letter_match, handles
from lcr_audio.tui.keys import Command, Context
from lcr_audio.tui.menu_text import item_line, keys_help, opening

T = TypeVar("T")


class Menu(Lines, Question[T]):
    """A menu as an input mode; its value is the item chosen (or ``escape`` on Escape).

    Args:
        voice: where it speaks.
        title: said first, with the first item.
        items: ``(value, label)`` pairs, in order.
        escape: the value Escape returns; None makes Escape read the menu again.
        start: the item read first.
        queued: the opening waits for what is being said (a sentence saying what was just left).
        said: the opening was already said (the main menu's, at start): the menu opens silently once.
    """

    contexts = frozenset({Context.MENU})

    def __init__(
        self,
        voice: Voice,
        title: str,
        items: Sequence[tuple[T, str]],
        *,
        escape: T | None,
        start: int,
        queued: bool = False,
        said: bool = False,
    ) -> None:
        super().__init__(voice)
        self.title = title
        self.items = items
        self.escape = escape
        self.index = start
        self.queued = queued
        self.said = said

    def _current(self) -> str:
        return item_line(self.items[self.index][1], self.index, len(self.items))

    def opened(self) -> None:
        """Say the title, the item under the cursor and the keys."""
        if self.said:  # said before the keys could be read (lcr_audio.cli): not again
            self.said = False
            return
        text = opening(self.title, [label for _value, label in self.items], self.index)
        if self.queued:
            self.queued = False
            self.voice.say(text)
        else:
            self.voice.answer(text)

    def reminder(self) -> str:
        """The item under the cursor."""
        return self._current()

    @property
    def line_index(self) -> int:
        """The item under the cursor."""
        return self.index

    @property
    def line_count(self) -> int:
        """How many items there are."""
        return len(self.items)

    def place(self, index: int) -> str:
        """Move to item ``index`` (wrapping round) and return it as said."""
        self.index = index % len(self.items)
        return self._current()

    @handles(Command.CHOOSE)
    def choose(self, press: Press) -> None:
        """Choose the item under the cursor."""
        self.finish(self.items[self.index][0])

    @handles(Command.BACK)
    def back(self, press: Press) -> None:
        """The menu's way out, or the menu read again when it has none."""
        if self.escape is not None:
            self.finish(self.escape)
            return
        self.opened()

    @handles(Command.TYPE)
    def letter(self, press: Press) -> None:
        """A letter moves to the next item starting with it (Enter chooses)."""
        key = press.char or ""
        found = first_letter_match([label for _v, label in self.items], key, self.index)
        if found is None:
            # Translators: a letter that starts no item of the menu.
            self.voice.error(_("No item starts with {letter}.").format(letter=key.upper()))
            return
        self.go(found)

    def unbound(self, press: Press) -> None:
        """A key that does nothing here: the keys of a menu."""
        # Translators: a key that does nothing in a menu.
        self.voice.error(_("That key does nothing here. {keys}").format(keys=keys_help()))


async def menu(
    loop: KeyLoop,
    voice: Voice,
    title: str,
    items: Sequence[tuple[T, str]],
    *,
    escape: T | None = None,
    start: int = 0,
    queued: bool = False,
) -> T:
    """Ask the player to pick one of ``items`` (``(value, label)`` pairs) and return its value.

    Raises:
        EOFError: the input closed.
        KeyboardInterrupt: Control+C.
    """
    return await loop.ask(Menu(voice, title, items, escape=escape, start=start, queued=queued))
