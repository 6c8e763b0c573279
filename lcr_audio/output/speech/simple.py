"""Backends that need no speech library: silent, console, recording (tests) and a lazy wrapper."""

from __future__ import annotations

from collections.abc import Callable

from lcr_audio.output.speech.base import SpeechBackend, SpeechError, SpeechMode, Voice


class MuteBackend(SpeechBackend):
    """A backend that says nothing aloud and never fails: the last of every speaker's backends. Nothing is
    spoken, so there is never anything to wait for."""

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Do nothing with ``text`` (in the console mode the Speaker has printed it already)."""

    def speaking(self) -> bool:
        """Never: nothing is spoken aloud, so there is nothing to wait for."""
        return False


class SilentBackend(MuteBackend):
    """Says nothing and prints nothing (``--speech silent``, tests). Never fails."""

    name = SpeechMode.SILENT
    prints = False


class ConsoleBackend(MuteBackend):
    """Print-only mode: the :class:`~lcr_audio.output.speech.Speaker` prints each line (``prints`` is true)
    and the player's own screen reader reads the terminal. The backend itself does nothing, so it never
    fails."""

    name = SpeechMode.CONSOLE
    prints = True


class RecordingBackend(SpeechBackend):
    """Remembers everything it is asked to do, for tests.

    Attributes:
        spoken: ``(text, interrupt)`` for each successful :meth:`speak`, in order.
        brailled: each text sent to :meth:`braille`, in order.
        silenced: how many times :meth:`silence` was called.
        closed: how many times :meth:`close` was called.
        settings: ``("rate", step)``, ``("voice", id)``, ``("language", code)`` for each setting call, in
            order (:meth:`set_language` always answers True).
    """

    prints = False

    def __init__(self, *, fail_after: int | None = None, name: str = "recording") -> None:
        """Args:
        fail_after: when set, every :meth:`speak` after this many successful ones raises
            :class:`SpeechError` (the failing text is not recorded), to test fallback.
        name: the mode name this recorder reports (``"recording"`` unless a test needs another).
        """
        self.name = name
        self.fail_after = fail_after
        self.spoken: list[tuple[str, bool]] = []
        self.brailled: list[str] = []
        self.silenced = 0
        self.closed = 0
        self.settings: list[tuple[str, int | str]] = []

    @property
    def texts(self) -> list[str]:
        """The spoken texts alone, in order."""
        return [text for text, _interrupt in self.spoken]

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Record ``(text, interrupt)``.

        Raises:
            SpeechError: ``fail_after`` utterances were already recorded.
        """
        if self.fail_after is not None and len(self.spoken) >= self.fail_after:
            raise SpeechError(f"The recording backend was told to fail after {self.fail_after} utterances.")
        self.spoken.append((text, interrupt))

    def braille(self, text: str) -> None:
        """Record ``text`` as brailled."""
        self.brailled.append(text)

    def silence(self) -> None:
        """Count the call."""
        self.silenced += 1

    def set_rate(self, step: int) -> None:
        """Record ``("rate", step)``."""
        self.settings.append(("rate", step))

    def set_voice(self, voice_id: str) -> None:
        """Record ``("voice", voice_id)``."""
        self.settings.append(("voice", voice_id))

    def set_language(self, code: str) -> bool:
        """Record ``("language", code)``; answer True."""
        self.settings.append(("language", code))
        return True

    def close(self) -> None:
        """Count the call."""
        self.closed += 1


class SpeakingRecorder(RecordingBackend):
    """A recorder that tells when it has finished speaking, as speech-dispatcher and the game's own voice
    do (:meth:`speaking`): each utterance is "being said" until :meth:`finish` or a silence. For tests."""

    def __init__(self, name: str = SpeechMode.SCREEN_READER) -> None:
        """Args:
        name: the mode name it reports (``"screen-reader"`` unless a test needs another).
        """
        super().__init__(name=name)
        self.busy = False

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Record ``(text, interrupt)``; it is being said until :meth:`finish`."""
        super().speak(text, interrupt=interrupt)
        self.busy = True

    def speaking(self) -> bool:
        """True from :meth:`speak` until :meth:`finish` or :meth:`silence`."""
        return self.busy

    def silence(self) -> None:
        """Count the call; nothing is being said any more."""
        super().silence()
        self.busy = False

    def finish(self) -> None:
        """The utterance being said has ended."""
        self.busy = False


class LazyBackend(SpeechBackend):
    """A fallback that is built only when it is first needed (no TTS thread while a screen reader works).

    ``name`` and ``prints`` are known before construction (they are class attributes of the real backend).
    """

    def __init__(self, factory: Callable[[], SpeechBackend], *, name: str, prints: bool) -> None:
        """Args:
        factory: builds the real backend; may raise (any exception becomes :class:`SpeechError`).
        name: the real backend's mode name.
        prints: the real backend's ``prints``.
        """
        self._factory = factory
        self._backend: SpeechBackend | None = None
        self._closed = False
        self.name = name
        self.prints = prints

    def _get(self) -> SpeechBackend:
        if self._closed:
            raise SpeechError(f"The {self.name} backend was closed.")
        if self._backend is None:
            try:
                self._backend = self._factory()
            except SpeechError:
                raise
            except Exception as exc:
                raise SpeechError(f"The {self.name} backend could not start: {exc}") from exc
        return self._backend

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Build the real backend if needed, then speak through it.

        Raises:
            SpeechError: the real backend could not start or could not speak.
        """
        self._get().speak(text, interrupt=interrupt)

    def braille(self, text: str) -> None:
        """Braille through the real backend (built on first use)."""
        self._get().braille(text)

    def set_rate(self, step: int) -> None:
        """Set the real backend's rate (built on first use)."""
        self._get().set_rate(step)

    def voices(self) -> list[Voice]:
        """The real backend's voices (built on first use)."""
        return self._get().voices()

    def set_voice(self, voice_id: str) -> None:
        """Choose the real backend's voice (built on first use)."""
        self._get().set_voice(voice_id)

    def set_language(self, code: str) -> bool:
        """Set the real backend's language (built on first use)."""
        return self._get().set_language(code)

    @property
    def worked(self) -> bool:
        """The real backend's answer; False before it was built (it has said nothing yet)."""
        return self._backend.worked if self._backend is not None else False

    def speaking(self) -> bool | None:
        """The real backend's answer; False before it was built (it has said nothing yet)."""
        return self._backend.speaking() if self._backend is not None else False

    def silence(self) -> None:
        """Silence the real backend if it was built; otherwise there is nothing to stop."""
        if self._backend is not None:
            self._backend.silence()

    def close(self) -> None:
        """Close the real backend if it was built. Safe to call twice."""
        self._closed = True
        backend, self._backend = self._backend, None
        if backend is not None:
            backend.close()
