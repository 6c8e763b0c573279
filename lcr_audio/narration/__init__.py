"""Engine events to spoken sentences and sound cues, in the player's language (DESIGN.md §1, §3, §4).

:class:`Narrator` turns each batch of events into :class:`Utterance` values and answers the info keys, as
briefly or fully as its :class:`Verbosity` asks; every sentence comes from gettext (see :mod:`.phrases`).
"""

from lcr_audio.narration.narrator import Narrator
from lcr_audio.narration.utterance import CUE_NAMES, Utterance
from lcr_audio.narration.verbosity import Verbosity

__all__ = ["CUE_NAMES", "Narrator", "Utterance", "Verbosity"]
