"""The names of the sound cues: what the narration asks for and what the sound player plays (DESIGN.md §3).

Kept apart from both so that neither depends on the other.
"""

from __future__ import annotations

import enum
from typing import Final


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


CUES: Final = tuple(Cue)
"""Every cue, in declaration order."""
