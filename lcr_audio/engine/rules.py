"""The rule options of one game, as one frozen value (DESIGN.md §2, R2, R3, R8-R10, R13)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache
from typing import Final, TypeAlias, get_type_hints

Seat: TypeAlias = int
"""A seat index, 0-based (seat 1 of DESIGN.md is index 0). Turn order runs 0, 1, ..., N-1, 0 (R1)."""

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 10
MIN_CHIPS: Final = 1
MAX_CHIPS: Final = 10
MAX_DICE: Final = 3
REVERSAL_COST: Final = 3
"""Chips a reversal puts in the pot, and the number of chips a player must exceed to reverse (R9)."""


class Face(enum.Enum):
    """One face of an LCR die (R3). The value is the letter a player types for it."""

    LEFT = "L"
    """Pass a chip to the left neighbour (R5); reversed, take one from them (R9)."""
    CENTER = "C"
    """Put a chip in the pot (R5); reversed, take one from the pot (R9)."""
    RIGHT = "R"
    """Pass a chip to the right neighbour (R5); reversed, take one from them (R9)."""
    DOT = "."
    """Keep the chip (R5)."""
    WILD = "W"
    """Take a chip from a player of the roller's choice (R7); reversed, give one (R9)."""

    @property
    def is_letter(self) -> bool:
        """True for L, C and R: the faces that move a chip without a choice (R6)."""
        return self in (Face.LEFT, Face.CENTER, Face.RIGHT)


STANDARD_DIE: Final = (Face.LEFT, Face.CENTER, Face.RIGHT, Face.DOT, Face.DOT, Face.DOT)
WILD_DIE: Final = (Face.LEFT, Face.CENTER, Face.RIGHT, Face.WILD, Face.DOT, Face.DOT)


class ThreeWilds(enum.Enum):
    """What three Wilds in one roll do (R8)."""

    TAKE_POT = "take-pot"
    """The roller takes the pot and play goes on (the boxed LCR Wild rule; default)."""
    WIN = "win"
    """The roller takes the pot and wins at once (the audio-platform variant)."""


class WinCondition(enum.Enum):
    """How the game is won (R10)."""

    LAST_WITH_CHIPS = "last-with-chips"
    """A turn ends with exactly one player holding chips: that player wins (default)."""
    ROLL_ALL_DOTS = "roll-all-dots"
    """The last player with chips must roll nothing but dots to win."""
    LAST_CHIP_IN_POT = "last-chip-in-pot"
    """The last player with chips must put their last chip(s) in the pot with C faces to win."""


class FirstPlayer(enum.Enum):
    """Who rolls first (R13)."""

    SEAT_ONE = "1"
    """Seat 1 starts (default)."""
    RANDOM = "random"
    """The driver draws the first seat at random."""


class RulesError(ValueError):
    """A rule option is out of range (for example 11 players or 0 starting chips) or of the wrong type (the
    string ``"win"`` for a :class:`ThreeWilds`, ``3.0`` or ``True`` for a number). One plain sentence."""


@dataclass(frozen=True)
class Rules:
    """The options of one game. Validated on construction.

    Attributes:
        players: number of seats, 3 to 10 (R2).
        chips: starting chips per seat, 1 to 10 (R2).
        wild: one dot on each die is a Wild (R3, R7).
        three_wilds: what three Wilds do (R8); only matters with ``wild``.
        reversible: reversible dice are allowed (R9).
        win: the win condition (R10).
        first_player: who rolls first (R13).

    Raises:
        RulesError: an option is out of range, or not of its field's type (exactly: ``True`` is no number,
            ``"win"`` no :class:`ThreeWilds`).

    >>> rules = Rules(players=4, wild=True)
    >>> rules.total_chips, "".join(face.value for face in rules.die)
    (12, 'LCRW..')
    >>> Rules(players=11)
    Traceback (most recent call last):
    ...
    lcr_audio.engine.rules.RulesError: The game needs 3 to 10 players, not 11.
    """

    players: int = 3
    chips: int = 3
    wild: bool = False
    three_wilds: ThreeWilds = ThreeWilds.TAKE_POT
    reversible: bool = False
    win: WinCondition = WinCondition.LAST_WITH_CHIPS
    first_player: FirstPlayer = FirstPlayer.SEAT_ONE

    def __post_init__(self) -> None:
        for name, kind in _field_types().items():
            value = getattr(self, name)
            if type(value) is not kind:
                raise RulesError(f"The rule option {name} must be of type {kind.__name__}, not {value!r}.")
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RulesError(f"The game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}.")
        if not MIN_CHIPS <= self.chips <= MAX_CHIPS:
            raise RulesError(f"Each player starts with {MIN_CHIPS} to {MAX_CHIPS} chips, not {self.chips}.")

    @property
    def die(self) -> tuple[Face, ...]:
        """The six faces of one die under these rules (R3)."""
        return WILD_DIE if self.wild else STANDARD_DIE

    @property
    def total_chips(self) -> int:
        """Chips dealt at the start: players x starting chips."""
        return self.players * self.chips

    @property
    def reset_possible(self) -> bool:
        """Whether a turn can end with nobody holding chips and nobody winning under these rules (R11).

        A turn that starts with two or more holders always ends with one: the roller's chips go to neighbours,
        to players they choose or to the pot, and chips are only taken from others by the roller. So only a
        last holder can empty the table. Under R10 ``last-with-chips`` there is never a last holder who rolls;
        under ``roll-all-dots`` a last C does it; under ``last-chip-in-pot`` a C wins instead, and only three
        reversed Wilds (R9 with Wild dice) put the last chips in the pot without winning.
        """
        if self.win is WinCondition.ROLL_ALL_DOTS:
            return True
        if self.win is WinCondition.LAST_CHIP_IN_POT:
            return self.wild and self.reversible
        return False


@cache
def _field_types() -> dict[str, type]:
    """Each field of :class:`Rules` and its type, read from the class's annotations."""
    return {name: kind for name, kind in get_type_hints(Rules).items() if isinstance(kind, type)}


def left_of(seat: Seat, players: int) -> Seat:
    """The seat on ``seat``'s left: the next seat in turn order (R1).

    >>> left_of(0, 4), left_of(3, 4)
    (1, 0)
    """
    return (seat + 1) % players


def right_of(seat: Seat, players: int) -> Seat:
    """The seat on ``seat``'s right: the previous seat in turn order (R1).

    >>> right_of(1, 4), right_of(0, 4)
    (0, 3)
    """
    return (seat - 1) % players


def dice_for(chips: int, reversing: bool = False) -> int:
    """How many dice a player holding ``chips`` rolls: one per chip up to 3, none with no chips (R4); always 3
    when they reverse the dice (R9). The one statement of the dice count: every kernel calls this or its
    numpy twin, :func:`lcr_audio.engine.arrays.dice_for`.

    >>> dice_for(5), dice_for(2), dice_for(0)
    (3, 2, 0)
    >>> dice_for(4, reversing=True)
    3
    """
    if reversing or chips >= MAX_DICE:
        return MAX_DICE
    return chips if chips > 0 else 0
