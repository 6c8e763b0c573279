"""What a roll did, as one small typed model derived from the engine's events (issue 12, item 2).

The engine tells every chip that moves (:class:`ChipsMoved`) and every face that found nothing to act on
(:class:`NothingMoved`), each with a :class:`Cause`. :func:`outcome` reads such an event once, as an
:class:`Outcome` that says what the face did (:class:`Did`) and to or from where; :func:`turn_facts` gathers
one turn's outcomes with its reversal, roll, end, reset and win as :class:`TurnFacts`. The turn narration (at
every verbosity), the E key's explanation and practice's answers all word these facts, so the meaning of a
cause is written in one place.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import assert_never

from lcr_audio.engine import (
    POT,
    Cause,
    ChipsMoved,
    ChipsReset,
    DiceReversed,
    DiceRolled,
    Event,
    Face,
    GameStarted,
    GameWon,
    NothingMoved,
    Place,
    ReversalDeclined,
    Seat,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)


class Did(enum.Enum):
    """What a face (or three Wilds together) did."""

    SENT = enum.auto()
    """An L, R or C sent chips to a neighbour or the pot (R5); ``place`` received them."""
    TOOK = enum.auto()
    """A reversed L, R or C took chips from a neighbour or the pot (R9); ``place`` lost them."""
    FOUND_EMPTY = enum.auto()
    """A reversed L, R or C found its neighbour or the pot (``place``) without a chip (R9)."""
    WILD_TOOK = enum.auto()
    """A Wild took a chip from the seat the roller chose (R7); ``place`` lost it."""
    WILD_GAVE = enum.auto()
    """A reversed Wild gave a chip to the seat the roller chose (R9); ``place`` received it."""
    WILD_FOUND_NOBODY = enum.auto()
    """A Wild found nobody else with a chip (R7); ``place`` is the roller."""
    WILD_HAD_NOTHING = enum.auto()
    """A reversed Wild found the roller without a chip to give (R9); ``place`` is the roller."""
    THREE_WILDS = enum.auto()
    """Three Wilds took the whole pot, ``count`` chips, maybe none (R8); ``place`` is the pot."""
    THREE_REVERSED_WILDS = enum.auto()
    """Three reversed Wilds put all the roller's chips, ``count``, maybe none, in the pot (R9)."""
    REVERSAL = enum.auto()
    """The roller paid ``count`` chips into the pot to reverse the dice (R9); not a face."""
    WINNINGS = enum.auto()
    """The winner took the pot, ``count`` chips, at the end of the game (R10, R12); not a face."""


LETTERS = frozenset({Did.SENT, Did.TOOK, Did.FOUND_EMPTY})
"""What L, R and C faces do, plain or reversed."""
ONE_WILD = frozenset({Did.WILD_TOOK, Did.WILD_GAVE, Did.WILD_FOUND_NOBODY, Did.WILD_HAD_NOTHING})
"""What one Wild does, plain or reversed."""
THREE = frozenset({Did.THREE_WILDS, Did.THREE_REVERSED_WILDS})
"""What three Wilds do together."""


@dataclass(frozen=True)
class Outcome:
    """One thing a roll did.

    Attributes:
        did: what happened.
        cause: the engine's cause, which also names the face (L, R, C; plain or reversed; Wild).
        seat: the roller (the seat that took, gave, sent or paid).
        place: the other end: the seat or pot that received or lost chips, or was found empty.
        count: the chips that moved; 0 when nothing moved.
    """

    did: Did
    cause: Cause
    seat: Seat
    place: Place
    count: int


def outcome(event: ChipsMoved | NothingMoved) -> Outcome:
    """What one engine event says a face did (R5, R7-R9), or a reversal's cost or the winnings.

    The one place where a :class:`Cause` is given its meaning.
    """
    cause = event.cause
    if isinstance(event, NothingMoved):
        seat = event.seat
        match cause:
            case Cause.REVERSED_LEFT | Cause.REVERSED_RIGHT | Cause.REVERSED_CENTER:
                place = event.source if event.source is not None else POT
                return Outcome(Did.FOUND_EMPTY, cause, seat, place, 0)
            case Cause.WILD_TAKE:
                return Outcome(Did.WILD_FOUND_NOBODY, cause, seat, seat, 0)
            case Cause.WILD_GIVE:
                return Outcome(Did.WILD_HAD_NOTHING, cause, seat, seat, 0)
            case Cause.THREE_WILDS:
                return Outcome(Did.THREE_WILDS, cause, seat, POT, 0)
            case Cause.REVERSED_THREE_WILDS:
                return Outcome(Did.THREE_REVERSED_WILDS, cause, seat, POT, 0)
            case Cause.LEFT | Cause.RIGHT | Cause.CENTER | Cause.REVERSAL_COST | Cause.WINNINGS:
                raise ValueError(f"{cause} always moves chips")
            case _:
                assert_never(cause)
    count = event.count
    match cause:
        case Cause.LEFT | Cause.RIGHT | Cause.CENTER:
            return Outcome(Did.SENT, cause, event.source, event.target, count)
        case Cause.REVERSED_LEFT | Cause.REVERSED_RIGHT | Cause.REVERSED_CENTER:
            return Outcome(Did.TOOK, cause, event.target, event.source, count)
        case Cause.WILD_TAKE:
            return Outcome(Did.WILD_TOOK, cause, event.target, event.source, count)
        case Cause.WILD_GIVE:
            return Outcome(Did.WILD_GAVE, cause, event.source, event.target, count)
        case Cause.THREE_WILDS:
            return Outcome(Did.THREE_WILDS, cause, event.target, POT, count)
        case Cause.REVERSED_THREE_WILDS:
            return Outcome(Did.THREE_REVERSED_WILDS, cause, event.source, POT, count)
        case Cause.REVERSAL_COST:
            return Outcome(Did.REVERSAL, cause, event.source, POT, count)
        case Cause.WINNINGS:
            return Outcome(Did.WINNINGS, cause, event.target, POT, count)
        case _:
            assert_never(cause)


@dataclass(frozen=True)
class TurnFacts:
    """What one turn (or the part of it told so far) did, in the order it happened.

    Attributes:
        roll: the roll, or None before it (a reversal decided, a roll still to come).
        reversal: the chips paid to reverse the dice (R9), 0 when the dice were not reversed.
        outcomes: what the faces did, in the engine's order (letters in die order, then each Wild, R6).
        ended: the turn's end with every seat's chips, or None while it is under way.
        reset: the reset after the turn (R11), if any.
        won: the win after the turn (R8, R10, R12), if any.
        winnings: the chips the winner took from the pot.
    """

    roll: DiceRolled | None
    reversal: int
    outcomes: tuple[Outcome, ...]
    ended: TurnEnded | None
    reset: ChipsReset | None
    won: GameWon | None
    winnings: int

    @property
    def letters(self) -> list[Outcome]:
        """What the L, R and C faces did, in die order."""
        return [o for o in self.outcomes if o.did in LETTERS]

    @property
    def wilds(self) -> list[Outcome]:
        """What the Wilds did: one at a time, or three together."""
        return [o for o in self.outcomes if o.did in ONE_WILD | THREE]

    @property
    def pending_wilds(self) -> int:
        """How many of the roll's Wilds still wait for the roller's choice (R7, R9); 0 once the turn ended."""
        if self.roll is None or self.ended is not None or self.won is not None:
            return 0
        wilds = self.roll.faces.count(Face.WILD)
        if wilds == 3:
            return 0  # three Wilds act at once (R8, R9)
        told = sum(max(o.count, 1) for o in self.outcomes if o.did in ONE_WILD)
        return max(wilds - told, 0)


def turn_facts(events: Iterable[Event]) -> TurnFacts:
    """The facts of one turn's events (from its reversal or roll on; a part of a turn gives its part)."""
    roll: DiceRolled | None = None
    reversal = winnings = 0
    outcomes: list[Outcome] = []
    ended: TurnEnded | None = None
    reset: ChipsReset | None = None
    won: GameWon | None = None
    for event in events:
        match event:
            case DiceRolled():
                roll = event
            case ChipsMoved() | NothingMoved():
                did = outcome(event)
                if did.did is Did.REVERSAL:
                    reversal += did.count
                elif did.did is Did.WINNINGS:
                    winnings += did.count
                else:
                    outcomes.append(did)
            case TurnEnded():
                ended = event
            case ChipsReset():
                reset = event
            case GameWon():
                won = event
            case GameStarted() | TurnStarted() | TurnSkipped() | DiceReversed() | ReversalDeclined():
                pass  # who plays and whose turn: not what a roll did
            case _:
                assert_never(event)
    return TurnFacts(roll, reversal, tuple(outcomes), ended, reset, won, winnings)
