"""The contract every speech backend keeps (DESIGN.md §3).

A backend turns one utterance text into speech (or braille, or a printed line). The game never talks to a
backend directly: it talks to :class:`lcr_audio.speech.Speaker`, which holds a priority list of backends
and drops one that fails.
"""

from __future__ import annotations

import abc


class SpeechError(RuntimeError):
    """A backend could not start or could not speak. The message is one plain sentence for the log."""


class SpeechBackend(abc.ABC):
    """One way of speaking: screen reader, system voice, console, silent, or a recorder for tests.

    Attributes:
        name: the mode name used by ``--speech`` (``screen-reader``, ``tts``, ``console``, ``silent``).
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

    def braille(self, text: str) -> None:  # noqa: B027 - optional hook, default does nothing
        """Show ``text`` on a braille display, if this backend has one. Default: nothing."""

    def silence(self) -> None:  # noqa: B027 - optional hook, default does nothing
        """Stop speaking at once and drop anything queued. Default: nothing to stop."""

    def close(self) -> None:  # noqa: B027 - optional hook, default does nothing
        """Release the backend's resources (threads, processes, sockets). Safe to call twice."""
