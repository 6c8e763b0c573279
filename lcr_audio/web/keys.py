"""Keys from a browser page, turned into what a terminal would send (issue 24, item 3).

The page sends each key press as the browser names it (``KeyboardEvent.key``: ``"s"``, ``" "``,
``"F1"``, ``"ArrowUp"``) with its Control, Alt and Shift state. Here it becomes the bytes a terminal sends
for that key, which the tab's screens read through a prompt_toolkit pipe, as they read a terminal: the key
table (:data:`lcr_audio.tui.keys.KEYS`) decides what each does, so the browser has no key table of its own.
A named key the table never uses (F5, F12, Insert) is not sent: the browser keeps it.
"""

from __future__ import annotations

from typing import Final

from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES
from prompt_toolkit.keys import Keys

from lcr_audio.tui.keys import KEYS, key_id

BROWSER_NAMES: Final[dict[str, str]] = {
    "Enter": "enter",
    "Escape": "escape",
    "Backspace": "c-h",
    "Tab": "tab",
    "Delete": "delete",
    "ArrowUp": "up",
    "ArrowDown": "down",
    "ArrowLeft": "left",
    "ArrowRight": "right",
    "PageUp": "pageup",
    "PageDown": "pagedown",
    "Home": "home",
    "End": "end",
    **{f"F{n}": f"f{n}" for n in range(1, 13)},
}
"""The browser's name of each named key (``KeyboardEvent.key``) to prompt_toolkit's."""

EDITING: Final = frozenset({"c-m", "c-h", "left", "right", "up", "down", "escape"})
"""Keys a typed answer needs (a name, a chat line) besides those the table names."""

_TERMINAL: Final[dict[str, str]] = {"c-m": "\r", "c-h": "\x7f", "c-i": "\t", "escape": "\x1b"}
"""Keys whose terminal bytes are not found by looking prompt_toolkit's sequence table up backwards."""


def _table_keys() -> frozenset[str]:
    return frozenset(key_id(name) for spec in KEYS for name in spec.keys)


TABLE_KEYS: Final = _table_keys()
"""Every key the key table binds, as prompt_toolkit names it (:func:`lcr_audio.tui.keys.key_id`)."""


def _sequence(name: str) -> str | None:
    """The bytes a terminal sends for the prompt_toolkit key ``name`` (its :class:`Keys` value), if any."""
    if name in _TERMINAL:
        return _TERMINAL[name]
    if name.startswith("c-") and len(name) == 3 and name[2].isalpha():
        return chr(ord(name[2]) - ord("a") + 1)
    for sequence, key in ANSI_SEQUENCES.items():
        if isinstance(key, Keys) and key.value == name:
            return sequence
    return None


def terminal_bytes(key: str, *, ctrl: bool = False, alt: bool = False) -> str | None:
    """What a terminal would send for the browser's key press, or None when the game has no use for it.

    Args:
        key: the browser's ``KeyboardEvent.key``: one character, or a named key (:data:`BROWSER_NAMES`).
        ctrl: Control was held. With a letter it is that Control key (Control+S); with F1, Control+F1.
        alt: Alt (Option) was held: such keys belong to the browser and the screen reader, never sent.

    Returns:
        The text to put into the tab's key pipe, or None (an unknown name, a key with Alt, a Control key the
        table does not bind, a named key that is neither in the table nor needed to type an answer).
    """
    if alt or not key:
        return None
    if len(key) == 1:
        if not ctrl:
            return key if key.isprintable() else None
        name = f"c-{key.lower()}"
        return _sequence(name) if name in TABLE_KEYS else None
    named = BROWSER_NAMES.get(key)
    if named is None:
        return None
    name = f"c-{named}" if ctrl else named
    try:
        name = key_id(name)  # "enter" is "c-m", "tab" is "c-i"
    except ValueError:  # Control with a key prompt_toolkit has no name for
        return None
    if name not in TABLE_KEYS and name not in EDITING:
        return None
    return _sequence(name)


def browser_key(name: str) -> tuple[str, bool]:
    """The browser's key and Control state that send the table key ``name`` (prompt_toolkit's name): what
    a button on the page sends for a row of the key table. ``"space"`` is ``(" ", False)``, ``"c-s"`` is
    ``("s", True)``, ``"f1"`` is ``("F1", False)``.

    Raises:
        ValueError: no browser key sends it.
    """
    if name == "space":
        return " ", False
    ctrl = name.startswith("c-") and len(name) > 2
    base = name[2:] if ctrl else name
    if len(base) == 1:
        return base, ctrl
    for browser, ours in BROWSER_NAMES.items():
        if ours == base or (base == "enter" and browser == "Enter"):
            return browser, ctrl
    raise ValueError(f"no browser key sends {name!r}")
