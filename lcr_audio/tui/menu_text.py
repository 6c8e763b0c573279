"""The sentences of menus, without the key input: the main menu's opening is said before prompt_toolkit is
imported (issue 10, item 9: the first sentence is out sooner), so nothing here may import it."""

from __future__ import annotations

import enum
from collections.abc import Sequence

from lcr_audio.i18n import _


def item_line(label: str, index: int, total: int) -> str:
    """One item of a menu with its place (``index`` counts from 0)."""
    # Translators: one item of a menu with its place: "Practice. 2 of 7."
    return _("{item}. {place} of {total}.").format(item=label, place=index + 1, total=total)


def keys_help() -> str:
    """The keys of every menu, as one sentence."""
    # Translators: the keys of every menu, said when it opens and on F1.
    return _("Up and Down move, Enter chooses, Escape goes back.")


def opening(title: str, labels: Sequence[str], index: int) -> str:
    """What a menu says when it opens: its title, the item at ``index`` and the keys."""
    return f"{title} {item_line(labels[index], index, len(labels))} {keys_help()}"


def main_menu_title() -> str:
    """The main menu's title."""
    # Translators: the main menu's title, said before its first item.
    return _("Left Right Center. Main menu.")


class MenuItem(enum.StrEnum):
    """What the main menu can answer: one of its items, or :attr:`ESCAPE`."""

    NEW_GAME = "new"
    PRACTICE = "practice"
    RULES = "rules"
    KEEP_SCORE = "keep"
    SERIES = "series"
    OPTIONS = "options"
    QUIT = "quit"
    ESCAPE = "escape"
    """Escape was pressed: not an item, the menu asks whether to leave."""


def main_menu_items() -> list[tuple[MenuItem, str]]:
    """The main menu's items: ``(item, label)`` pairs, in order."""
    return [
        # Translators: main menu item.
        (MenuItem.NEW_GAME, _("New game")),
        # Translators: main menu item: lessons with questions.
        (MenuItem.PRACTICE, _("Practice")),
        # Translators: main menu item: the rules reader.
        (MenuItem.RULES, _("Rules")),
        # Translators: main menu item: the scorekeeper for a table with real dice.
        (MenuItem.KEEP_SCORE, _("Keep score with real dice")),
        # Translators: main menu item: the series of games of the last table.
        (MenuItem.SERIES, _("Series scores")),
        # Translators: main menu item.
        (MenuItem.OPTIONS, _("Options")),
        # Translators: main menu item.
        (MenuItem.QUIT, _("Quit")),
    ]


def main_menu_opening() -> str:
    """What the main menu says when it opens on its first item."""
    return opening(main_menu_title(), [label for _key, label in main_menu_items()], 0)
