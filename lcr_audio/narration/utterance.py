"""What the narration hands to speech and sound: an :class:`Utterance`.

An utterance carries no priority: how it meets speech under way is decided by the one place that says it,
the presenter (``lcr_audio.tui.presenter``), from how the screen hands it over. ``Presenter.add`` queues a
game message (never interrupting; Q may skip it, and the skip is counted aloud); ``Presenter.answer`` says
what the player asked for at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from lcr_audio.cues import CUES, Cue

CUE_NAMES: Final = CUES
"""Every sound cue name an :class:`Utterance` may carry (the files under ``sounds/``)."""


@dataclass(frozen=True)
class Utterance:
    """One thing to say, and the sound cues that go with it.

    Attributes:
        text: whole translated sentences, ready for speech and braille.
        cues: sound cues, in the order the events happened.
    """

    text: str
    cues: tuple[Cue, ...] = ()

    def __post_init__(self) -> None:
        # The small word before a name as the language says it ("d'Ana", not "de Ana"): every utterance.
        from lcr_audio.narration.elision import elide

        object.__setattr__(self, "text", elide(self.text))
