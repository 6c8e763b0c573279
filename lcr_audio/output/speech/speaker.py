"""The one object the game talks to: a priority list of backends that never lets speech stop the game."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from lcr_audio.i18n import _, language
from lcr_audio.output.speech.base import SpeechBackend, SpeechError, SpeechMode, Voice, clamp_rate
from lcr_audio.output.speech.running import voiceover_running, windows_screen_reader_running
from lcr_audio.output.speech.screen_reader import ScreenReaderBackend
from lcr_audio.output.speech.simple import ConsoleBackend, LazyBackend, MuteBackend, SilentBackend
from lcr_audio.output.speech.tts import TtsBackend

log = logging.getLogger(__name__)

MODES: tuple[SpeechMode, ...] = tuple(SpeechMode)
"""The values of ``--speech``."""

ENV_VAR = "LCR_AUDIO_SPEECH"
"""When the mode is ``auto``, this environment variable may name another mode (e.g. ``console``)."""

RETRY_SECONDS = 15.0
"""While the screen reader runs but does not answer, the game tries it again at the first utterance after
this many seconds (issue 11: NVDA restarting for an update comes back)."""

DRAIN_POLL = 0.02
"""Seconds between two looks at whether the voice has ended, while :meth:`Speaker.close` waits for it."""

_FALLBACK_ORDER: tuple[SpeechMode, ...] = (SpeechMode.SCREEN_READER, SpeechMode.TTS)
"""Modes that may fail to start, best first; ``console`` (or ``silent``) always closes the chain."""

BackendFactory = Callable[[bool], SpeechBackend]
"""Builds one backend; the argument is ``autospawn`` (meaningful for the screen reader only)."""

_FACTORIES: dict[SpeechMode, BackendFactory] = {
    SpeechMode.SCREEN_READER: lambda autospawn: ScreenReaderBackend(autospawn=autospawn),
    SpeechMode.TTS: lambda _autospawn: TtsBackend(),
}
_PRINTS = {SpeechMode.SCREEN_READER: ScreenReaderBackend.prints, SpeechMode.TTS: TtsBackend.prints}


def _lazy(name: SpeechMode) -> LazyBackend:
    """A fallback backend for mode ``name``, built (without autospawn) only if the Speaker comes to it."""
    return LazyBackend(lambda: _FACTORIES[name](False), name=name, prints=_PRINTS[name])


def _failure_notice(failed: str, now: str, *, retrying: bool = False, worked: bool = True) -> str | None:
    """The sentence said once when backend ``failed`` was dropped during play and ``now`` took over;
    ``retrying``: the screen reader is tried again now and then; ``worked``: the failed backend had been
    heard (a system voice never heard "could not start", not "stopped working")."""
    if now == "silent":
        return None
    if failed == "screen-reader" and retrying:
        # Translators: printed once when the screen reader stops answering mid-game; the game prints its
        # messages (the screen reader, once back, reads them) and tries to reach it again now and then.
        return _(
            "The screen reader stopped answering; the game prints its messages and tries it again now "
            "and then."
        )
    if failed == "screen-reader" and now == "console":
        # Translators: printed once when the screen reader stops working mid-game and no voice could start.
        return _("The screen reader stopped answering; the game goes on in printed lines.")
    if failed == SpeechMode.TTS and now == SpeechMode.CONSOLE and not worked:
        # Translators: printed once when the game's own voice (text to speech) failed before it was ever
        # heard (no sound device, for example).
        return _("The system voice could not start; the game goes on in printed lines.")
    if failed == SpeechMode.TTS and now == SpeechMode.CONSOLE:
        # Translators: printed once when the game's own voice (text to speech) stops working mid-game.
        return _("The system voice stopped working; the game goes on in printed lines.")
    # Translators: said once when one way of speaking fails mid-game and another one takes over.
    return _("Speech stopped working; the game goes on another way.")


def _reader_started_notice(*, answers: bool, retrying: bool) -> str:
    """The sentence said once when a screen reader started while the game's own voice spoke: it took over
    (``answers``), or it runs without answering and the game prints for it (``retrying``: and tries it
    again now and then; VoiceOver, which cannot be driven, is not tried)."""
    if answers:
        # Translators: said once, through the screen reader, when it started while the game spoke with its
        # own voice; the game's own voice stops.
        return _("A screen reader started; the game speaks through it instead of its own voice.")
    if retrying:
        return _start_unreached_notice()
    # Translators: printed once when VoiceOver (or another screen reader the game cannot drive) started while
    # the game spoke with its own voice: the voice stops, and the screen reader reads the printed lines.
    return _("A screen reader started; the game's own voice stops and the screen reader reads its messages.")


def _start_notice(requested: str, got: str) -> str | None:
    """The sentence said once when the ``requested`` mode could not start and ``got`` is used instead."""
    if got == requested or got == SpeechMode.SILENT:
        return None
    if requested == SpeechMode.SCREEN_READER and got == SpeechMode.TTS:
        # Translators: said at start-up, in the game's own voice, when the player asked for the screen reader.
        return _("No screen reader was found; the game speaks with the system voice.")
    if requested == SpeechMode.SCREEN_READER and got == SpeechMode.CONSOLE:
        # Translators: printed at start-up when neither the screen reader nor the game's own voice works.
        return _(
            "No screen reader was found and the system voice could not start; the game prints its messages."
        )
    if requested == SpeechMode.TTS and got == SpeechMode.CONSOLE:
        # Translators: printed at start-up when the game's own voice (text to speech) could not start.
        return _("The system voice could not start; the game prints its messages.")
    # Translators: said at start-up when the chosen way of speaking could not start.
    return _("The chosen speech output could not start; the game uses another one.")


class Speaker:
    """Speaks each utterance through the first backend that works, printing it when the mode prints.

    A backend that raises is dropped for good and the next one takes over; the new one first says one plain
    sentence about the change, then the utterance that failed, so nothing is lost and nothing is said
    twice. The chain always ends with a backend that cannot fail (console when ``print_line`` is given,
    otherwise silent); one is appended if missing. Thread-safe.

    Never two voices (issue 11): when the screen reader fails, the game's own voice does not take over (the
    screen reader may still be running, and would read the printed lines beside it): the printed lines do,
    and with ``reconnect`` the screen reader is tried again every :data:`RETRY_SECONDS`; when it answers,
    it takes over again and says so once. With ``reader_running``, the game's own voice gives way the same
    way to a screen reader that starts while it speaks (one missed at start, NVDA restarting): the screen
    reader takes over if it answers, the printed lines if not.

    Rate, voice and language (:meth:`set_rate`, :meth:`set_voice`, :meth:`set_language`) go to the backend
    in use and are remembered: a backend that takes over gets them, in the order they were last set, before
    it says anything.
    """

    def __init__(
        self,
        backends: Sequence[SpeechBackend],
        *,
        print_line: Callable[[str], None] | None = None,
        echo: bool = False,
        braille: bool = True,
        notice: str | None = None,
        reconnect: Callable[[], SpeechBackend] | None = None,
        waiting_for_reader: bool = False,
        reader_running: Callable[[], bool] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Args:
        backends: best first; must not be empty.
        print_line: the UI's printer for one line of text (never ``print``); None prints nothing.
        echo: print every utterance even when the backend does not print (screen-reader mode).
        braille: also send each utterance to the backend's braille display.
        notice: a sentence to say once before the first utterance (why the requested mode is not used).
        reconnect: builds the screen-reader backend again (raises when it still does not answer); None:
            a screen reader that failed is not tried again.
        waiting_for_reader: the screen reader runs but did not answer at start: try ``reconnect`` from
            the first utterance on.
        reader_running: says whether a screen reader runs (:func:`screen_reader_running`); asked every
            :data:`RETRY_SECONDS` while the game's own voice speaks. None: never asked.
        clock: seconds, for the retry's timing (tests pass their own).

        Raises:
            ValueError: ``backends`` is empty.
        """
        if not backends:
            raise ValueError("A Speaker needs at least one speech backend.")
        self._backends: list[SpeechBackend] = list(backends)
        if not isinstance(self._backends[-1], MuteBackend):
            self._backends.append(ConsoleBackend() if print_line is not None else SilentBackend())
        self._index = 0
        self._print_line = print_line
        self.echo = echo
        self.braille = braille
        self._notice = notice
        self._dropped_worked = True
        """Whether the backend dropped last had been heard (:attr:`SpeechBackend.worked`)."""
        self._closed = False
        self._lock = threading.RLock()
        self._settings: dict[str, int | str] = {}  # "rate" / "voice" / "language", oldest first
        self._synced = 0  # the index of the backend that has every setting (none are set yet)
        self._after_first: list[Callable[[], None]] = []  # called once the first utterance is out
        self._spoken = False
        self._reconnect = reconnect
        self._clock = clock
        self._waiting_for_reader = waiting_for_reader and reconnect is not None
        self._reader_running = reader_running
        self._next_try = clock() + RETRY_SECONDS
        self.polish: Callable[[str], str] | None = None
        """Applied to every text before it is said, printed or brailled (the program sets the language's
        small words before names, :func:`lcr_audio.narration.elision.elide`); None leaves texts alone."""
        self.requested: SpeechMode | None = None
        """The speech mode asked for at start (``--speech``, else the one saved under Options), as
        :func:`create_speaker` got it; None for a Speaker built otherwise (tests)."""

    @property
    def mode(self) -> str:
        """The name of the backend now in use (``"screen-reader"``, ``"tts"``, ``"console"``, ...)."""
        return self._backends[self._index].name

    @property
    def answers_apart(self) -> bool:
        """True when answers to keys reach the player apart from the game messages and cannot cut them (a
        browser page's live regions, read by the player's screen reader): the presenter then neither cuts
        nor delays a game message for an answer. False here (one voice for both)."""
        return False

    @property
    def backend(self) -> SpeechBackend:
        """The backend now in use."""
        return self._backends[self._index]

    @property
    def brailles(self) -> bool:
        """True when the backend in use reaches a braille display (the screen reader, where it can: see
        :attr:`ScreenReaderBackend.brailles`). The system voice and printed lines have none of their own."""
        backend = self.backend
        return isinstance(backend, ScreenReaderBackend) and backend.brailles

    @property
    def settings(self) -> dict[str, int | str]:
        """The rate, voice and language set so far (keys ``"rate"``, ``"voice"``, ``"language"``), oldest
        first: what a backend taking over is given."""
        with self._lock:
            return dict(self._settings)

    @property
    def prints(self) -> bool:
        """True when every utterance is also printed now (the mode prints, or echo is on)."""
        return self._print_line is not None and self._prints(self.backend)

    def _print(self, text: str) -> None:
        if self._print_line is None:
            return
        try:
            self._print_line(text)
        except OSError as error:  # the terminal was closed (a hang-up): not an error of the game's
            log.info("Could not print %r: %s", text, error)
        except Exception:  # the UI's printer failing is not a speech failure
            log.exception("Could not print %r", text)

    def _prints(self, backend: SpeechBackend) -> bool:
        return backend.prints or self.echo

    def _drop_current(self, exc: BaseException) -> str:
        """Drop the failing backend, move to the next; return the dropped backend's name. A screen reader
        that fails is followed by the printed lines, never by a voice (see the class docstring)."""
        failed = self._backends[self._index]
        self._dropped_worked = failed.worked
        log.warning("Speech backend %r failed and is dropped: %r", failed.name, exc)
        with contextlib.suppress(Exception):
            failed.close()
        self._index += 1
        if failed.name == "screen-reader":
            self._to_printed_lines()
        return failed.name

    def _to_printed_lines(self) -> None:
        """Pass over the voices from the backend in use on (closing them) to the printed lines, and wait for
        the screen reader when it can be tried again. Caller holds the lock."""
        while self._index + 1 < len(self._backends) and self._backends[self._index].name == "tts":
            with contextlib.suppress(Exception):
                self._backends[self._index].close()
            self._index += 1
        if self._reconnect is not None:
            self._waiting_for_reader = True
            self._next_try = self._clock() + RETRY_SECONDS

    def _notice_after(self, failed: str, *, worked: bool | None = None) -> str | None:
        """The notice for ``failed`` dropped; ``worked``: whether it had been heard (default: the backend
        dropped last)."""
        worked = self._dropped_worked if worked is None else worked
        return _failure_notice(failed, self.mode, retrying=self._waiting_for_reader, worked=worked)

    def _try_reader_again(self) -> None:
        """When the time has come: while waiting for the screen reader, build it again; while the game's own
        voice speaks, ask whether a screen reader has started. A screen reader that answers takes over (and
        says so once); one that runs but does not answer gets the printed lines. Caller holds the lock."""
        if self._clock() < self._next_try:
            return
        watching = self._reader_running is not None and self.mode == "tts"
        if not (self._waiting_for_reader and self._reconnect is not None) and not watching:
            return
        self._next_try = self._clock() + RETRY_SECONDS
        if watching and not self._waiting_for_reader:
            assert self._reader_running is not None
            if not self._reader_running():
                return
            log.info("A screen reader started while the game's own voice spoke")
        try:
            if self._reconnect is None:
                raise SpeechError("This screen reader cannot be driven; it reads the printed lines.")
            backend = self._reconnect()
        except Exception as exc:
            log.info("The screen reader does not answer: %r", exc)
            if watching:  # it runs and will read the printed lines: the voice gives way to them
                self._to_printed_lines()
                self._notice = _reader_started_notice(answers=False, retrying=self._waiting_for_reader)
            return
        was_waiting, self._waiting_for_reader = self._waiting_for_reader, False
        self._backends.insert(self._index, backend)
        self._synced = -1  # the newcomer has no setting yet
        if was_waiting:
            # Translators: said once, through the screen reader, when it answers again after it had stopped
            # answering or could not be reached; the game stops printing its messages.
            self._notice = _("The screen reader answers again; the game speaks through it.")
        else:
            self._notice = _reader_started_notice(answers=True, retrying=False)

    @staticmethod
    def _apply(backend: SpeechBackend, key: str, value: int | str) -> bool | None:
        if key == "rate":
            backend.set_rate(int(value))
            return None
        if key == "voice":
            backend.set_voice(str(value))
            return None
        return backend.set_language(str(value))

    def _sync(self) -> dict[str, bool | None]:
        """Give the backend in use every remembered setting, unless it has them. Caller holds the lock.

        Returns:
            Each setting's result (``set_language``'s bool), when they were applied now.

        Raises:
            Exception: whatever the backend raised (the caller drops it).
        """
        if self._synced == self._index:
            return {}
        backend = self._backends[self._index]
        results = {key: self._apply(backend, key, value) for key, value in self._settings.items()}
        self._synced = self._index
        return results

    def _configure(self, key: str, value: int | str) -> bool | None:
        """Remember one setting and give it (with the others) to the backend in use. Never raises."""
        with self._lock:
            if self._closed:
                return None
            self._settings.pop(key, None)
            self._settings[key] = value  # the newest last: applied last, so it wins
            while True:
                try:
                    if self._synced == self._index:  # it has the others: give it this one
                        return self._apply(self._backends[self._index], key, value)
                    return self._sync().get(key)
                except Exception as exc:
                    if self._index + 1 >= len(self._backends):
                        log.exception("The last speech backend could not take the %s setting", key)
                        self._synced = self._index
                        return None
                    failed = self._drop_current(exc)
                    self._notice = self._notice_after(failed)

    def set_rate(self, step: int) -> None:
        """Speak faster or slower: ``step`` from -10 to 10 (clamped), 0 the voice's own rate.

        Only the game's own voice (tts) changes; a screen reader keeps its user's rate. Never raises.
        """
        self._configure("rate", clamp_rate(step))

    def set_voice(self, voice_id: str) -> None:
        """Speak with voice ``voice_id`` (a :attr:`Voice.id` from :meth:`voices`; ``""``: the default).

        Only the game's own voice (tts) changes. Never raises.
        """
        self._configure("voice", voice_id)

    def set_language(self, code: str) -> bool:
        """Speak language ``code`` (``"es"``, ``"pt_BR"``) from now on, where the backend can.

        Returns:
            True if the backend in use now speaks ``code``. Never raises.
        """
        return bool(self._configure("language", code))

    def tune(self, rate: int, voice_id: str) -> None:
        """The player's rate (a step, see :meth:`set_rate`), the game's language, and the voice the player
        chose (``""``: the language's own voice). Never raises."""
        self.set_rate(rate)
        self.set_language(language())  # the game's own voice takes a voice of the language...
        if voice_id:
            self.set_voice(voice_id)  # ...unless the player chose one

    def voices(self) -> list[Voice]:
        """The voices the backend in use offers (empty for a screen reader, console or silent)."""
        with self._lock:
            if self._closed:
                return []
            try:
                return list(self._backends[self._index].voices())
            except Exception:
                log.exception("Could not list the voices of speech backend %r", self.mode)
                return []

    def after_first_utterance(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once, right after the first utterance has been handed to speech (at once if one
        already was): slow work, such as opening the sound device, then never holds up the first sentence.
        An exception it raises is logged, never passed on."""
        with self._lock:
            if not self._spoken:
                self._after_first.append(callback)
                return
        self._call(callback)

    @staticmethod
    def _call(callback: Callable[[], None]) -> None:
        try:
            callback()
        except Exception:
            log.exception("A callback after the first utterance failed")

    def speak(self, text: str, *, interrupt: bool = False, printed: bool = True) -> None:
        """Say ``text`` (and print it when the mode prints or echo is on; braille it when braille is on).

        Args:
            text: one whole utterance, already translated.
            interrupt: stop what is being said and drop the queue first (for what the player asked for).
            printed: False when the text is already on the screen (a line prompt shows its question), so
                that it is spoken but not printed a second time.

        Never raises: a failing backend is replaced by the next (see the class docstring). Does nothing
        after :meth:`close`.
        """
        if self.polish is not None:
            text = self.polish(text)
        self._speak(text, interrupt=interrupt, printed=printed)
        if not self._spoken:
            with self._lock:
                if self._closed:
                    return
                self._spoken, waiting, self._after_first = True, self._after_first, []
            for callback in waiting:
                self._call(callback)

    def _speak(self, text: str, *, interrupt: bool, printed: bool) -> None:
        with self._lock:
            if self._closed:
                return
            self._try_reader_again()
            spoken = False
            first_failed: str | None = None
            first_worked = True
            while True:
                backend = self._backends[self._index]
                try:
                    self._sync()
                    if self._notice is not None:
                        backend.speak(self._notice, interrupt=interrupt)
                        if self._prints(backend):
                            self._print(self._notice)
                        if self.braille:
                            backend.braille(self._notice)
                        self._notice = None
                        interrupt = False
                    if not spoken:
                        backend.speak(text, interrupt=interrupt)
                        spoken = True
                        if printed and self._prints(backend):
                            self._print(text)
                        if self.braille:
                            backend.braille(text)
                    return
                except Exception as exc:
                    if self._index + 1 >= len(self._backends):  # the last one cannot fail; if it does, stop
                        log.exception("The last speech backend failed")
                        return
                    failed = self._drop_current(exc)
                    if first_failed is None:
                        first_failed, first_worked = failed, self._dropped_worked
                    self._notice = self._notice_after(first_failed, worked=first_worked)

    def silence(self) -> None:
        """Stop speaking at once and drop anything queued. Never raises (a failing backend is dropped)."""
        with self._lock:
            if self._closed:
                return
            try:
                self._backends[self._index].silence()
            except Exception as exc:
                if self._index + 1 < len(self._backends):
                    failed = self._drop_current(exc)
                    self._notice = self._notice_after(failed)

    def speaking(self) -> bool | None:
        """Whether the backend in use is still saying what it was given (see
        :meth:`SpeechBackend.speaking`): None when it cannot tell. Never raises (an error counts as None)."""
        with self._lock:
            if self._closed:
                return False
            try:
                return self._backends[self._index].speaking()
            except Exception:
                log.exception("Speech backend %r could not tell whether it is speaking", self.mode)
                return None

    @property
    def speaks_aloud(self) -> bool:
        """True when the backend in use makes sound itself (screen reader, tts), not only printed lines."""
        return self.mode not in (SpeechMode.CONSOLE, SpeechMode.SILENT, "recording")

    def close(self, drain_seconds: float = 0.0) -> None:
        """Close every backend (threads, sockets). Safe to call twice.

        Args:
            drain_seconds: first let the backend in use finish what it was given (the winner, "Goodbye."):
                wait until :meth:`speaking` is no longer True, that is until the voice has really ended
                (a backend that cannot tell, None, is not waited for). At most this many seconds: a safety
                cap for a backend that would say True for ever, not an estimate of the speech.

        Raises:
            KeyboardInterrupt: the player pressed Control+C while it waited; the backends are closed first.
        """
        if drain_seconds > 0:
            deadline = time.monotonic() + drain_seconds
            try:
                while self.speaking() is True and time.monotonic() < deadline:
                    time.sleep(DRAIN_POLL)
            except KeyboardInterrupt:
                self._close_backends()
                raise
        self._close_backends()

    def _close_backends(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            for backend in self._backends:
                try:
                    backend.close()
                except Exception:
                    log.exception("Could not close speech backend %r", backend.name)


def resolve_mode(mode: str) -> SpeechMode:
    """``mode`` as a :class:`SpeechMode`; ``auto`` becomes the mode ``$LCR_AUDIO_SPEECH`` forces, if any.

    Raises:
        ValueError: ``mode`` is not a speech mode.
    """
    if mode not in MODES:
        raise ValueError(f"Unknown speech mode {mode!r}; choose one of: {', '.join(MODES)}.")
    if mode != SpeechMode.AUTO:
        return SpeechMode(mode)
    forced = os.environ.get(ENV_VAR, "").strip().lower()
    if not forced:
        return SpeechMode.AUTO
    if forced not in MODES:
        log.warning("Ignoring %s=%r: not one of %s", ENV_VAR, forced, ", ".join(MODES))
        return SpeechMode.AUTO
    return SpeechMode(forced)


def orca_running(proc: Path = Path("/proc")) -> bool:
    """True when the Orca screen reader runs (Linux: a process named ``orca``). The screen-reader mode
    reaches Orca's own speech-dispatcher, so ``auto`` takes it only then."""
    try:
        for entry in proc.iterdir():
            if entry.name.isdigit():
                try:
                    if (entry / "comm").read_text(encoding="utf-8", errors="replace").strip() == "orca":
                        return True
                except OSError:
                    continue
    except OSError:
        return False
    return False


def screen_reader_running(platform: str | None = None) -> bool:
    """True when the system says a screen reader is running, whether or not the game can reach it:
    Windows' screen-reader flag (NVDA, JAWS, Narrator), VoiceOver on macOS, Orca on Linux.
    ``platform``: a ``sys.platform`` value (default: this one)."""
    platform = sys.platform if platform is None else platform
    if platform == "win32":
        return windows_screen_reader_running()
    if platform == "darwin":
        return voiceover_running()
    return orca_running()


def _reader_again() -> SpeechBackend:
    """The screen-reader backend built again, for a Speaker waiting for it (never spawns a server)."""
    return _FACTORIES[SpeechMode.SCREEN_READER](False)


def _start_unreached_notice() -> str:
    # Translators: printed at start-up when a screen reader is running but the game cannot reach it (NVDA
    # starting, or a screen reader the game cannot drive): the screen reader reads the printed lines.
    return _(
        "A screen reader is running but does not answer the game; the game prints its messages and tries "
        "it again now and then."
    )


def create_speaker(
    mode: SpeechMode | str,
    *,
    print_line: Callable[[str], None] | None = None,
    echo: bool = False,
    braille: bool = True,
) -> Speaker:
    """Build the Speaker for ``--speech MODE``.

    Never two voices (issue 11): a screen reader that runs (:func:`screen_reader_running`) but does not
    answer gets the printed lines, not the game's own voice, and is tried again now and then; on macOS,
    VoiceOver running means printed lines (it reads them; accessible_output2 cannot drive it).

    Args:
        mode: a :class:`SpeechMode` (or its value). ``auto`` tries the screen reader (only one already
            running: no speech-dispatcher autospawn), then the system voice, then console;
            ``$LCR_AUDIO_SPEECH`` may force another mode. An explicit ``screen-reader`` or ``tts`` that cannot
            start falls back down the same order and the Speaker says once why. ``console`` prints only;
            ``silent`` is only silent.
        print_line: the UI's printer for one line; without it the chain ends in silent instead of console.
        echo: also print in screen-reader mode.
        braille: also braille each utterance (screen reader).

    Returns:
        A Speaker whose later backends are fallbacks, built only when needed.

    Raises:
        ValueError: ``mode`` is not one of :data:`MODES`, or it is ``console`` without ``print_line``.
    """
    requested = resolve_mode(mode)
    speaker = _create_speaker(requested, print_line=print_line, echo=echo, braille=braille)
    speaker.requested = requested  # the mode in force for this run, for the Options menu
    return speaker


def _create_speaker(
    requested: SpeechMode,
    *,
    print_line: Callable[[str], None] | None,
    echo: bool,
    braille: bool,
) -> Speaker:
    """:func:`create_speaker` for the mode in force (``$LCR_AUDIO_SPEECH`` already read)."""
    if requested is SpeechMode.SILENT:
        return Speaker([SilentBackend()], print_line=print_line, echo=echo, braille=braille)
    if requested is SpeechMode.CONSOLE:
        if print_line is None:
            raise ValueError("Console speech mode needs a print_line function to print with.")
        return Speaker([ConsoleBackend()], print_line=print_line, echo=echo, braille=braille)

    last: SpeechBackend = ConsoleBackend() if print_line is not None else SilentBackend()
    auto = requested is SpeechMode.AUTO
    if (
        requested in (SpeechMode.AUTO, SpeechMode.SCREEN_READER)
        and sys.platform == "darwin"
        and voiceover_running()
    ):
        return Speaker([last], print_line=print_line, echo=echo, braille=braille)
    order = _FALLBACK_ORDER if auto else _FALLBACK_ORDER[_FALLBACK_ORDER.index(requested) :]
    if auto and sys.platform.startswith("linux") and not orca_running():
        # speech-dispatcher often runs without a screen reader; then the player is not listening to it
        # and needs the printed lines: start with the game's own voice, which prints.
        order = tuple(name for name in order if name is not SpeechMode.SCREEN_READER)
    autospawn = requested is SpeechMode.SCREEN_READER
    backends: list[SpeechBackend] = []
    for name in order:
        if not backends:
            try:
                backends.append(_FACTORIES[name](autospawn))
            except Exception as exc:
                log.info("Speech mode %r is not available: %r", name, exc)
                if name is SpeechMode.SCREEN_READER and screen_reader_running():  # it reads the printed lines
                    return Speaker(
                        [last],
                        print_line=print_line,
                        echo=echo,
                        braille=braille,
                        notice=_start_unreached_notice(),
                        reconnect=_reader_again,
                        waiting_for_reader=True,
                    )
        else:
            backends.append(_lazy(name))
    backends.append(last)
    notice = None if auto else _start_notice(requested, backends[0].name)
    # The screen reader is watched for unless the player chose the game's own voice, and tried (again)
    # wherever accessible_output2 or speech-dispatcher reach one (not macOS).
    watched = requested is not SpeechMode.TTS
    reconnect = _reader_again if watched and sys.platform != "darwin" else None
    return Speaker(
        backends,
        print_line=print_line,
        echo=echo,
        braille=braille,
        notice=notice,
        reconnect=reconnect,
        reader_running=screen_reader_running if watched else None,
    )
