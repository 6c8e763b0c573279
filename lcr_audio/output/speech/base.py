"""The contract every speech backend keeps (DESIGN.md §3).

A backend turns one utterance text into speech (or braille, or a printed line). The game never talks to
a backend directly: it talks to :class:`lcr_audio.output.speech.Speaker`, which holds a priority list of
backends and drops one that fails.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass

from lcr_audio.speech_mode import SpeechMode as SpeechMode  # offered here too

RATE_STEPS = 10
"""Speech rate steps run from ``-RATE_STEPS`` (slowest) to ``RATE_STEPS`` (fastest); 0 is the voice's own."""


def clamp_rate(step: int) -> int:
    """``step`` brought into ``-RATE_STEPS..RATE_STEPS``."""
    return max(-RATE_STEPS, min(RATE_STEPS, int(step)))


@dataclass(frozen=True)
class Voice:
    """One voice a backend can speak with.

    Attributes:
        id: what :meth:`SpeechBackend.set_voice` takes (eSpeak ``"roa/es"``, a SAPI5 registry path, ...).
        name: the voice's own name, as the system gives it (``"Spanish (Spain)"``, ``"Microsoft Zira"``).
        languages: language tags it speaks, lower case with hyphens (``("es",)``, ``("en-us",)``); may be
            empty when the system does not say.
    """

    id: str
    name: str
    languages: tuple[str, ...] = ()


class SpeechError(RuntimeError):
    """A backend could not start or could not speak. The message is one plain sentence for the log."""


class SpeechBackend(abc.ABC):
    """One way of speaking: screen reader, system voice, console, silent, or a recorder for tests.

    Attributes:
        name: the :class:`SpeechMode` it serves, or another name for a backend no mode chooses (a test's
            recorder).
        prints: True when the game's console should also print every utterance in this mode
            (tts prints, screen-reader does not unless echo is on, console *is* printing).
    """

    name: str = "unnamed"
    prints: bool = False

    @abc.abstractmethod
    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Say ``text``. With ``interrupt`` true, stop what is being said first; otherwise queue it.

        Raises:
            SpeechError: the backend can no longer speak (the Speaker then drops it).
        """

    def speaking(self) -> bool | None:
        """Whether speech handed to :meth:`speak` is still being said (pacing follows it, DESIGN.md §1).

        Returns:
            True while an utterance given to :meth:`speak` is queued or being spoken, False once all of them
            have ended (or were silenced), None when this backend cannot tell (NVDA and JAWS through
            accessible_output2): the caller then estimates. Never raises. Default: None.
        """
        return None

    @property
    def worked(self) -> bool:
        """Whether this backend has been heard at least once (a speech that fails before ever working
        "could not start", rather than "stopped working"). Default: True (it cannot tell)."""
        return True

    def braille(self, text: str) -> None:  # noqa: B027 - optional hook, default does nothing
        """Show ``text`` on a braille display, if this backend has one. Default: nothing."""

    def silence(self) -> None:  # noqa: B027 - optional hook, default does nothing
        """Stop speaking at once and drop anything queued. Default: nothing to stop."""

    def set_rate(self, step: int) -> None:  # noqa: B027 - optional hook, default does nothing
        """Speak faster or slower: ``step`` from -10 to 10 (clamped), 0 being the voice's own rate.

        Default: nothing (a screen reader's rate is the player's, set in the screen reader).
        """

    def voices(self) -> list[Voice]:
        """The voices :meth:`set_voice` can choose from. Default: none (this backend has no choice)."""
        return []

    def set_voice(self, voice_id: str) -> None:  # noqa: B027 - optional hook, default does nothing
        """Speak with the voice whose :attr:`Voice.id` is ``voice_id``; ``""`` goes back to the default voice.

        Default: nothing (a screen reader's voice is the player's).
        """

    def set_language(self, code: str) -> bool:
        """Speak language ``code`` (``"es"``, ``"pt-BR"``) from now on, if this backend can.

        Returns:
            True if the backend now speaks that language (or a close relative, e.g. ``es`` for ``es-MX``).
            Default: False (this backend cannot choose).
        """
        return False

    def close(self) -> None:  # noqa: B027 - optional hook, default does nothing
        """Release the backend's resources (threads, processes, sockets). Safe to call twice."""
