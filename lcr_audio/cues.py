"""The names of the sound cues: what the narration asks for and what the sound player plays (DESIGN.md §3).

Kept apart from both so that neither depends on the other. Where each cue sounds, around the table, is
here too (:func:`seat_pan`, :func:`event_places`).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from lcr_audio.engine.events import (
    POT,
    ChipsMoved,
    ChipsReset,
    DiceReversed,
    DiceRolled,
    Event,
    GameWon,
    Place,
)
from lcr_audio.engine.rules import Seat


class Cue(enum.StrEnum):
    """One sound cue; the value is its file's name under ``sounds/`` (numbered for ``dice`` and ``turn``)."""

    DICE = "dice"
    """The dice rolling (with its number of dice: ``dice-1`` .. ``dice-3``)."""
    CHIP_LEFT = "chip-left"
    """A chip going to the roller's left."""
    CHIP_RIGHT = "chip-right"
    """A chip going to the roller's right."""
    CHIP_POT = "chip-pot"
    """A chip going into (or out of) the pot."""
    WILD = "wild"
    """A Wild taking or giving a chip."""
    REVERSE = "reverse"
    """The dice reversed."""
    TURN = "turn"
    """A turn chime (with its seat: ``turn-1`` .. ``turn-10``)."""
    WIN = "win"
    """A win."""
    RESET = "reset"
    """The everyone-out reset."""
    ERROR = "error"
    """A key that does nothing, or a wrong answer."""
    EARLY = "early"
    """A key that answers a question (a roll, a seat, a yes or no) pressed before the question was heard: it
    did nothing (DESIGN.md §1). Softer and shorter than ``error``: the question is on its way."""


CUES: Final = tuple(Cue)
"""Every cue, in declaration order."""


# --- where each cue sounds (issue 14, item 10) ------------------------------------------------------------


@dataclass(frozen=True)
class CuePlace:
    """Where a cue sounds in the stereo field.

    Attributes:
        pan: -1.0 (left only) to +1.0 (right only); where the cue starts.
        to: where a moving cue ends (a chip travelling from one seat to another), or None when it stays.
    """

    pan: float
    to: float | None = None


CENTRE: Final = CuePlace(0.0)
"""The pot, the listener's own seat, and cues of the whole table (a reset)."""


def seat_pan(place: Place, players: int, listener: Seat | None) -> float:
    """Where ``place`` sounds for the person at the keyboard, from -1.0 (left) to +1.0 (right).

    The seats sit around the table in turn order, and the dice pass to the left (R1): the listener's left
    neighbour (the next seat) is heard at the far left, their right neighbour (the previous seat) at the
    far right, and the seats between them in equal steps across the stereo field, in the order they sit
    around the far side of the table; this is the direction of each chair as seen from the listener's,
    stretched so that the neighbours take the two ends. The listener's own seat and the pot are in the
    centre. With nobody at the keyboard (``listener`` None) the watcher sits in the gap before seat 1:
    seat 1 at the far left, the last seat at the far right, every seat in its own place.

    Args:
        place: a seat index (0-based) or :data:`~lcr_audio.engine.POT`.
        players: seats at the table, 3 to 10 (R2).
        listener: the seat of the person the table is heard from, or None.

    Raises:
        ValueError: ``place`` or ``listener`` is not a seat of a table of ``players`` (3 to 10).
    """
    if not 3 <= players <= 10:
        raise ValueError(f"A table has 3 to 10 seats, not {players}")
    if place == POT:
        return 0.0
    if not 0 <= place < players or (listener is not None and not 0 <= listener < players):
        raise ValueError(f"Seat {place} or listener {listener} is not a seat of a {players}-seat table")
    if listener is None:
        return -1.0 + 2.0 * place / (players - 1)
    steps = (place - listener) % players  # 1: the left neighbour ... players - 1: the right neighbour
    if steps == 0:
        return 0.0
    return (2.0 * steps - players) / (players - 2)


def event_places(events: Sequence[Event], players: int, listener: Seat | None) -> list[tuple[str, CuePlace]]:
    """The place of every cue the narration gives ``events``, in order, each with its kind.

    Kinds are the cue names, with every chip move (``chip-left``, ``chip-right``, ``chip-pot``, ``wild``)
    as ``"chip"``: a reversal and a roll sound at the roller's seat; a chip travels from the seat (or pot)
    it leaves to the one it reaches; a win sounds at the winner's seat; a reset in the centre. See
    :func:`cue_kind` for matching them with an utterance's cue names.
    """
    places: list[tuple[str, CuePlace]] = []

    def at(seat: Place) -> CuePlace:
        return CuePlace(seat_pan(seat, players, listener))

    for event in events:
        if isinstance(event, DiceReversed):
            places.append(("reverse", at(event.seat)))
        elif isinstance(event, DiceRolled):
            places.append(("dice", at(event.seat)))
        elif isinstance(event, ChipsMoved):
            source, target = (seat_pan(p, players, listener) for p in (event.source, event.target))
            places.append(("chip", CuePlace(source, target)))
        elif isinstance(event, ChipsReset):
            places.append(("reset", CENTRE))
        elif isinstance(event, GameWon):
            places.append(("win", at(event.seat)))
    return places


def cue_kind(cue: str) -> str:
    """The kind of place a cue name takes (see :func:`event_places`): ``"chip"`` for every chip move."""
    return "chip" if cue in ("chip-left", "chip-right", "chip-pot", "wild") else cue
