"""What the engine says happened: frozen, past-tense events (DESIGN.md §1).

Events carry seat indexes and numbers only; the narration turns them into sentences and the sound layer
into cues. Every chip that moves is one :class:`ChipsMoved` event, so listeners can account for each chip.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final, TypeAlias

from lcr_audio.engine.rules import Face, Seat

Place: TypeAlias = int
"""Where chips are: a seat index (0-based) or :data:`POT`."""

POT: Final[Place] = -1
"""The centre pot, as a :data:`Place`."""


class Cause(enum.Enum):
    """Why chips moved."""

    LEFT = "left"
    """An L passed a chip to the left neighbour (R5)."""
    RIGHT = "right"
    """An R passed a chip to the right neighbour (R5)."""
    CENTER = "center"
    """A C put a chip in the pot (R5)."""
    WILD_TAKE = "wild-take"
    """A Wild took a chip from a seat of the roller's choice (R7)."""
    THREE_WILDS = "three-wilds"
    """Three Wilds took the whole pot (R8)."""
    REVERSAL_COST = "reversal-cost"
    """The roller put 3 chips in the pot to reverse the dice (R9)."""
    REVERSED_LEFT = "reversed-left"
    """A reversed L took a chip from the left neighbour (R9)."""
    REVERSED_RIGHT = "reversed-right"
    """A reversed R took a chip from the right neighbour (R9)."""
    REVERSED_CENTER = "reversed-center"
    """A reversed C took a chip from the pot (R9)."""
    WILD_GIVE = "wild-give"
    """A reversed Wild gave a chip to a seat of the roller's choice (R9)."""
    REVERSED_THREE_WILDS = "reversed-three-wilds"
    """Three reversed Wilds put all the roller's chips in the pot (R9)."""
    WINNINGS = "winnings"
    """The winner took the pot at the end of the game (R10, R12)."""


class WinReason(enum.Enum):
    """How a game was won."""

    LAST_WITH_CHIPS = "last-with-chips"
    """Only the winner held chips at the end of a turn (R10)."""
    ROLLED_ALL_DOTS = "rolled-all-dots"
    """The last holder rolled nothing but dots (R10 roll-all-dots)."""
    LAST_CHIP_IN_POT = "last-chip-in-pot"
    """The last holder put their last chips in the pot (R10 last-chip-in-pot)."""
    THREE_WILDS = "three-wilds"
    """Three Wilds took the pot and won at once (R8 win)."""


@dataclass(frozen=True)
class GameStarted:
    """A game began: every seat holds ``chips`` and ``first`` rolls first (R2, R13)."""

    players: int
    chips: int
    first: Seat


@dataclass(frozen=True)
class TurnStarted:
    """``seat`` begins turn number ``turn`` (1-based, counting only turns that roll) with ``chips``."""

    seat: Seat
    turn: int
    chips: int


@dataclass(frozen=True)
class TurnSkipped:
    """``seat`` has no chips and does not roll, but stays in the game (R4)."""

    seat: Seat


@dataclass(frozen=True)
class DiceReversed:
    """``seat`` chose to reverse the dice (R9); a :class:`ChipsMoved` with the cost follows."""

    seat: Seat


@dataclass(frozen=True)
class ReversalDeclined:
    """``seat`` could have reversed the dice and chose not to (R9)."""

    seat: Seat


@dataclass(frozen=True)
class DiceRolled:
    """``seat`` rolled ``faces`` (one per die, in the order given); ``reversed`` under R9."""

    seat: Seat
    faces: tuple[Face, ...]
    reversed: bool = False


@dataclass(frozen=True)
class ChipsMoved:
    """``count`` chips went from ``source`` to ``target`` (each a seat or :data:`POT`), because of ``cause``.

    Every chip that changes hands is in exactly one of these.
    """

    source: Place
    target: Place
    count: int
    cause: Cause


@dataclass(frozen=True)
class NothingMoved:
    """A face of ``seat``'s roll had nothing to act on (R7, R9).

    ``cause`` says which: a Wild with nobody holding a chip to take (WILD_TAKE), a reversed letter whose
    neighbour or pot was empty (REVERSED_LEFT / REVERSED_RIGHT / REVERSED_CENTER, ``source`` the empty
    place), a reversed Wild with no chip left to give (WILD_GIVE).
    """

    seat: Seat
    cause: Cause
    source: Place | None = None


@dataclass(frozen=True)
class TurnEnded:
    """``seat``'s turn is over; ``chips`` is every seat's count after it, ``pot`` the pot."""

    seat: Seat
    chips: tuple[int, ...]
    pot: int


@dataclass(frozen=True)
class ChipsReset:
    """Nobody held chips and nobody had won: every seat got ``chips`` again; the pot kept ``pot`` (R11)."""

    chips: int
    pot: int


@dataclass(frozen=True)
class GameWon:
    """``seat`` won with ``total`` chips: their own plus the pot (R12). Always the last event.

    A TurnEnded comes before it, except for a three-Wilds win (R8), which ends the game inside the turn.
    """

    seat: Seat
    total: int
    reason: WinReason


Event: TypeAlias = (
    GameStarted
    | TurnStarted
    | TurnSkipped
    | DiceReversed
    | ReversalDeclined
    | DiceRolled
    | ChipsMoved
    | NothingMoved
    | TurnEnded
    | ChipsReset
    | GameWon
)
