"""What the narration hands to speech and sound: an :class:`Utterance` and its :class:`Priority`."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from lcr_audio.cues import CUES, Cue


class Priority(enum.IntEnum):
    """How an utterance meets speech already under way."""

    EVENT = 0
    """Game events: queued behind what is being said, never interrupting."""
    IMPORTANT = 1
    """Queued like events but never dropped: a person's own turn and its result, a reset, a win."""
    ANSWER = 2
    """What the player asked for (info keys, help): interrupts whatever is being said."""


CUE_NAMES: Final = CUES
"""Every sound cue name an :class:`Utterance` may carry (the files under ``sounds/``)."""


@dataclass(frozen=True)
class Utterance:
    """One thing to say, and the sound cues that go with it.

    Attributes:
        text: whole translated sentences, ready for speech and braille.
        priority: how it meets speech already under way.
        cues: sound cues, in the order the events happened.
    """

    text: str
    priority: Priority = Priority.EVENT
    cues: tuple[Cue, ...] = ()

    def __post_init__(self) -> None:
        # The small word before a name as the language says it ("d'Ana", not "de Ana"): every utterance.
        from lcr_audio.narration.elision import elide

        object.__setattr__(self, "text", elide(self.text))
