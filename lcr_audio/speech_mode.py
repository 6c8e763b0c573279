"""How the game speaks (DESIGN.md §3): the values of ``--speech`` and of the Options menu's speech output.

Kept apart from the speech backends, as the verbosity levels are (:mod:`lcr_audio.verbosity`), so that the
settings can hold a :class:`SpeechMode` without importing the speech package (a layer above them).
:mod:`lcr_audio.output.speech.base` offers it too.
"""

from __future__ import annotations

import enum


class SpeechMode(enum.StrEnum):
    """How the game speaks: the values of ``--speech``, and the names of the backends that serve them."""

    AUTO = "auto"
    """The screen reader if one runs, else the game's own voice, else printed lines."""
    SCREEN_READER = "screen-reader"
    """The player's screen reader (NVDA, JAWS, Orca...)."""
    TTS = "tts"
    """The game's own voice (text to speech), which also prints."""
    CONSOLE = "console"
    """Printed lines only."""
    SILENT = "silent"
    """Nothing at all."""
