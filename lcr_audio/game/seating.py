"""Seating a table: the players' names cleaned and made distinct, computer names for the empty seats.

The setup questions (:mod:`lcr_audio.tui.setup`) and the command line (``--names``) seat a table the same
way, with :func:`table`; a name is cleaned as every name from outside is (:func:`lcr_audio.names.clean_name`).
"""

from __future__ import annotations

from collections.abc import Sequence

from lcr_audio.game.bots import DEFAULT_POLICY
from lcr_audio.game.session import Player
from lcr_audio.i18n import _
from lcr_audio.names import NAME_LIMIT, clean_name

COMPUTER_NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")
"""Names for computer players: short, and different in their first sound."""


def distinct_names(names: Sequence[str]) -> list[str]:
    """Make repeated names distinct: "Ana", "Ana" becomes "Ana", "Ana B" (case-insensitive). Letters, not
    numbers: a name ending in a number would run into the chip counts said after it ("Ana 2 3")."""
    seen: set[str] = set()
    out: list[str] = []
    for name in names:
        candidate, n = name, 0
        while candidate.casefold() in seen:
            n += 1
            candidate = f"{name} {_letter(n)}"
        seen.add(candidate.casefold())
        out.append(candidate)
    return out


def _letter(index: int) -> str:
    """A, B, C... for 0, 1, 2... (names are at most 10 at a table)."""
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[index % 26]


def default_name(seat: int, people: int) -> str:
    """The name a person gets when they press Enter at the name question: "You" alone, else "Player A",
    "Player B"... (letters, so that the chip counts said after a name are not heard as part of it)."""
    if people == 1:
        # Translators: the default name of the one person at the keyboard.
        return _("You")
    # Translators: the default name of a person at the keyboard when there are several; {letter} is A, B, C...
    return _("Player {letter}").format(letter=_letter(seat))


def table(player_count: int, names: Sequence[str], humans: Sequence[int]) -> list[Player]:
    """Seat a table: ``names`` for the first seats given, computer names for the rest.

    Args:
        player_count: seats at the table (R2).
        names: names for seats 1, 2, ... (cleaned here); missing ones are filled in.
        humans: the 0-based seats played by people at the keyboard.
    """
    chosen = [clean_name(n) for n in names][:player_count]
    spare = iter(n for n in COMPUTER_NAMES if n.casefold() not in {c.casefold() for c in chosen})
    full: list[str] = []
    for seat in range(player_count):
        given = chosen[seat] if seat < len(chosen) else ""
        if given:
            full.append(given)
        elif seat in humans:
            full.append(default_name(seat, len(humans)))
        else:
            full.append(next(spare))
    return [
        Player(name, human=seat in humans, policy=DEFAULT_POLICY)
        for seat, name in enumerate(distinct_names(full))
    ]


__all__ = ["COMPUTER_NAMES", "NAME_LIMIT", "clean_name", "default_name", "distinct_names", "table"]
