"""A list of choices read one at a time: Up and Down move, Enter chooses, a first letter jumps, Escape
takes the menu's way out (DESIGN.md §3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from prompt_toolkit.keys import Keys

from ..i18n import _
from ..speech import Speaker
from .choice import KeyReader
from .keys import latin_twin

T = TypeVar("T")


def _line(label: str, index: int, total: int) -> str:
    # Translators: one item of a menu with its place: "Practice. 2 of 7."
    return _("{item}. {place} of {total}.").format(item=label, place=index + 1, total=total)


async def menu(
    reader: KeyReader,
    speaker: Speaker,
    title: str,
    items: Sequence[tuple[T, str]],
    *,
    escape: T | None = None,
    start: int = 0,
) -> T:
    """Ask the player to pick one of ``items`` (``(value, label)`` pairs) and return its value.

    Args:
        reader: the key source.
        speaker: speaks the title and each item (interrupting: the player is moving).
        title: said first, with the first item.
        items: the choices, in order.
        escape: the value Escape returns; None makes Escape read the menu again.
        start: the item read first.

    Raises:
        EOFError: the input closed.
        KeyboardInterrupt: Control+C.
    """
    index = start
    total = len(items)
    # Translators: the keys of every menu, said when it opens and on F1.
    keys_help = _("Up and Down move, Enter chooses, Escape goes back.")
    speaker.speak(f"{title} {_line(items[index][1], index, total)} {keys_help}", interrupt=True)
    while True:
        key = (await reader.next()).key
        if key in (Keys.Down, Keys.Tab):
            index = (index + 1) % total
        elif key in (Keys.Up, Keys.BackTab):
            index = (index - 1) % total
        elif key == Keys.Home:
            index = 0
        elif key == Keys.End:
            index = total - 1
        elif key in (Keys.ControlM, Keys.ControlJ, " ", Keys.Right):
            return items[index][0]
        elif key == Keys.Escape and escape is not None:
            return escape
        elif key == Keys.ControlC:
            raise KeyboardInterrupt
        elif key in (Keys.Escape, Keys.F1):
            speaker.speak(f"{title} {_line(items[index][1], index, total)} {keys_help}", interrupt=True)
            continue
        elif isinstance(key, str) and len(key) == 1 and key.isalnum():
            starts = [i for i, (_v, label) in enumerate(items) if label[:1].lower() == key.lower()]
            if not starts:  # a Russian layout's letter at the place of a Latin one
                starts = [i for i, (_v, label) in enumerate(items) if label[:1].lower() == latin_twin(key)]
            if not starts:
                # Translators: a letter that starts no item of the menu.
                speaker.speak(_("No item starts with {letter}.").format(letter=key.upper()), interrupt=True)
                continue
            later = [i for i in starts if i > index]
            index = later[0] if later else starts[0]  # a letter only moves: Enter chooses
        else:
            # Translators: a key that does nothing in a menu.
            speaker.speak(_("That key does nothing here. {keys}").format(keys=keys_help), interrupt=True)
            continue
        speaker.speak(_line(items[index][1], index, total), interrupt=True)
