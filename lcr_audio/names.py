"""Clean text that comes from outside the game (a save, the settings, the command line) before it is printed
or spoken: a terminal obeys escape sequences (OSC 52 sets the clipboard, CSI 2J clears the screen) and a
screen reader reads control characters aloud.

Pure and light (no prompt_toolkit): :mod:`lcr_audio.game.saves` and :mod:`lcr_audio.settings` use it
before the screens are imported. Seating a table (:mod:`lcr_audio.game.seating`) cleans typed names with
:func:`clean_name` too.
"""

from __future__ import annotations

import re
import unicodedata

from lcr_audio.i18n import _

NAME_LIMIT = 20
"""The longest name kept, in characters (as the setup's)."""

_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-_])?")
"""ANSI escape sequences: CSI (``ESC [ ... final``), OSC (``ESC ] ... BEL`` or ``ESC \\``), and two-byte
ones; a lone ESC too."""


def printable(raw: str) -> str:
    """``raw`` without escape sequences, and with every control, format, surrogate, unassigned or separator
    character (tabs and line breaks too) turned into a space; runs of spaces become one, ends trimmed."""
    text = _ESCAPES.sub("", raw)
    text = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text)
    return " ".join(text.split())


def clean_name(raw: str) -> str:
    """A player's name safe to print and speak: :func:`printable`, at most :data:`NAME_LIMIT` characters.
    May return an empty string (nothing printable was left)."""
    return printable(raw)[:NAME_LIMIT].strip()


def has_letter(name: str) -> bool:
    """True when ``name`` has a letter in any script: a name of digits and signs alone ("3", "2!") would be
    heard as a number in the chip counts that follow names ("3 2, 2 6"), so it is refused (issue 13,
    item 12)."""
    return any(unicodedata.category(char).startswith("L") for char in name)


def seat_name(number: int) -> str:
    """The name of a seat whose name had nothing printable left: "Player 3" (``number`` from 1)."""
    # Translators: the name given to a seat whose saved name has nothing printable; {number} is 1 to 10.
    return _("Player {number}").format(number=number)


__all__ = ["NAME_LIMIT", "clean_name", "has_letter", "printable", "seat_name"]
