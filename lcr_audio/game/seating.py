"""Seating a table: the players' names cleaned and made distinct, computer names for the empty seats.

The setup questions (:mod:`lcr_audio.tui.setup`) and the command line (``--names``) seat a table the same
way, with :func:`table`; a name is cleaned as every name from outside is (:func:`lcr_audio.names.clean_name`).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

from lcr_audio import i18n
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


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _letter(index: int) -> str:
    """A, B, C... for 0, 1, 2... (names are at most 10 at a table)."""
    return _LETTERS[index % 26]


YOU = "you"
"""The :attr:`Player.default_name` of the one person at the keyboard ("You")."""


def default_key(seat: int, people: int) -> str:
    """Which default name the person at ``seat`` (0-based) gets among ``people`` at the keyboard:
    :data:`YOU` alone, else the seat's letter ("A", "B", ...)."""
    return YOU if people == 1 else _letter(seat)


def default_text(key: str) -> str:
    """The default name ``key`` (:func:`default_key`) in the current language: "You", "Player B".

    Raises:
        ValueError: ``key`` is neither :data:`YOU` nor one capital letter.
    """
    if key == YOU:
        # Translators: the default name of the one person at the keyboard.
        return _("You")
    if len(key) != 1 or not "A" <= key <= "Z":
        raise ValueError(f"No default name is called {key!r}.")
    # Translators: the default name of a person at the keyboard when there are several; {letter} is A, B, C...
    return _("Player {letter}").format(letter=key)


def names_said_now(players: Sequence[Player]) -> list[Player]:
    """``players`` with each default name (:attr:`Player.default_name`) said in the current language, as
    after the player changed the language in the middle of a game: "You" becomes "Du" in German, "Player
    B" becomes "Spieler B"; a name the player typed stays as typed. A default name that another seat
    already has in the new language (somebody typed "Du") stays as it was, so that no two seats share a
    name.

    >>> alone, beside_du = table(3, [], [0]), table(3, ["", "Du"], [0])  # seated in English
    >>> _code = i18n.set_language("fr")
    >>> [p.name for p in names_said_now(alone)]
    ['Toi', 'Ana', 'Bo']
    >>> _code = i18n.set_language("de")
    >>> [p.name for p in names_said_now(beside_du)]  # a computer player called Du
    ['You', 'Du', 'Ana']
    >>> _code = i18n.set_language("en")
    """
    renamed = list(players)
    for seat, player in enumerate(players):
        if player.default_name is None:
            continue
        said = default_text(player.default_name)
        others = {other.name.casefold() for other in renamed if other is not renamed[seat]}
        if said.casefold() not in others:
            renamed[seat] = dataclasses.replace(player, name=said)
    return renamed


def default_name(seat: int, people: int) -> str:
    """The name a person gets when they press Enter at the name question: "You" alone, else "Player A",
    "Player B"... (letters, so that the chip counts said after a name are not heard as part of it)."""
    return default_text(default_key(seat, people))


@functools.lru_cache(maxsize=1)
def _defaults_in_every_language() -> dict[str, str]:
    """Every language's default names, folded, and their keys: {"du": "you", "spieler b": "B", ...}."""
    found: dict[str, str] = {}
    for language in i18n.available_languages():
        catalog = i18n.load(language) if language != i18n.SOURCE_LANGUAGE else None
        say = catalog.gettext if catalog is not None else str
        found[say("You").casefold()] = YOU
        for letter in _LETTERS:
            found[say("Player {letter}").format(letter=letter).casefold()] = letter
    return found


def default_key_of(name: str) -> str | None:
    """The default name ``name`` is in any language the game speaks ("Du" and "You" give :data:`YOU`,
    "Jugador B" gives "B"), or None: how a save written before default names were saved as such is read
    (issue 21, item 13). Reads every catalog the first time (a fraction of a second)."""
    if clean_name(name) != name or not name:
        return None
    return _defaults_in_every_language().get(name.casefold())


def table(player_count: int, names: Sequence[str], humans: Sequence[int]) -> list[Player]:
    """Seat a table: ``names`` for the first seats given, computer names for the rest.

    Args:
        player_count: seats at the table (R2).
        names: names for seats 1, 2, ... (cleaned here); missing ones are filled in.
        humans: the 0-based seats played by people at the keyboard.
    """
    chosen = [clean_name(n) for n in names][:player_count]
    spare = iter(n for n in COMPUTER_NAMES if n.casefold() not in {c.casefold() for c in chosen})
    people = len(humans)
    full: list[str] = []
    for seat in range(player_count):
        given = chosen[seat] if seat < len(chosen) else ""
        if given:
            full.append(given)
        elif seat in humans:
            full.append(default_name(seat, people))
        else:
            full.append(next(spare))
    players = []
    for seat, name in enumerate(distinct_names(full)):
        # A person who took (or typed) their seat's default name keeps it as the default: it is saved as
        # such and said in the language of whoever loads the game ("You", later "Ты").
        key = default_key(seat, people) if seat in humans else None
        default = key if key is not None and name == default_text(key) else None
        players.append(Player(name, human=seat in humans, policy=DEFAULT_POLICY, default_name=default))
    return players


__all__ = [
    "COMPUTER_NAMES",
    "NAME_LIMIT",
    "YOU",
    "clean_name",
    "default_key",
    "default_key_of",
    "default_name",
    "default_text",
    "distinct_names",
    "names_said_now",
    "table",
]
