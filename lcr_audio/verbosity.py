"""How much the narration says about each turn (DESIGN.md §3): the player cycles it with a key mid-game.

Kept apart from the narration, as the cue names are (:mod:`lcr_audio.cues`), so that the settings can hold
a :class:`Verbosity` without importing the narration (and Babel) before the game's first sentence.
"""

from __future__ import annotations

import enum


class Verbosity(enum.StrEnum):
    """How many words a turn gets.

    The value is the setting's stable name, for a settings file or a command-line option; the one type of
    a verbosity everywhere (the narrator, the settings, the options menu, the V key).
    """

    BRIEF = "brief"
    """A turn in about a dozen words, without verbs: "Ana: L, dot, C. Ana 1, Bo 4, pot 1."; skipped players
    are not announced (the summaries show them) and wins, resets and questions are short."""
    NORMAL = "normal"
    """The roll and where its chips went: "Ana rolls L, dot, C: one chip to Bo, one to the pot. Ana 1, Bo 4,
    pot 1."."""
    FULL = "full"
    """The number of dice and what every face did: "Ana rolls 3 dice: L, dot, C. The L passes a chip to Bo,
    on the left. The dot keeps a chip. The C puts a chip in the pot. Ana 1, Bo 4, pot 1."."""

    def next(self) -> Verbosity:
        """The level after this one, wrapping around: BRIEF, NORMAL, FULL, BRIEF, ..."""
        levels = list(Verbosity)
        return levels[(levels.index(self) + 1) % len(levels)]
