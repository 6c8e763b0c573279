"""The names of the sound cues: what the narration asks for and what the sound player plays (DESIGN.md §3).

Kept apart from both so that neither depends on the other.
"""

from __future__ import annotations

from typing import Final

CUES: Final = (
    "dice",
    "chip-left",
    "chip-right",
    "chip-pot",
    "wild",
    "reverse",
    "turn",
    "win",
    "reset",
    "error",
)
"""Every cue name: ``dice`` (with its number of dice), chips going left, right or to the pot, a Wild, a
reversal, a turn chime (with its seat), a win, the everyone-out reset, an error."""
