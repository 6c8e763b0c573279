"""The player's own screen reader: NVDA, JAWS and others on Windows, speech-dispatcher on Linux.

- Windows: accessible_output2's outputs, real screen readers only (never SAPI5, which is a system voice:
  the ``tts`` mode covers that).
- Linux and other Unix: speech-dispatcher, the server Orca speaks through, reached with ``speechd``
  directly. accessible_output2's own SpeechDispatcher output cannot be told not to autospawn the server, and
  it speaks at SSIP's default priority ``text``, which drops queued messages whenever a newer one arrives;
  the game needs every event said in order, so this backend uses priority ``message``. speech-dispatcher
  reports the end of each message (SSIP events), so :meth:`ScreenReaderBackend.speaking` can tell.
  speech-dispatcher has no braille: braille goes through Orca's own D-Bus service (:mod:`.orca`). Orca 51
  and later show braille alone (``DisplayMessage``), and speech stays with speech-dispatcher. Orca 49 and 50
  can only speak and braille together (``PresentMessage``): there Orca presents every message, in the
  player's Orca voice, and speech-dispatcher is not used (never both: nothing is heard twice); Orca does not
  say when it has finished, so ``speaking()`` answers None. Orca 48 and older have no such service: speech
  only, as before (a braille user chooses ``--speech console`` and Orca reads the printed lines).
- macOS: accessible_output2's VoiceOver output is broken (its issues 8 and 12), so this backend refuses at
  once and ``auto`` goes on to the system voice.
"""

from __future__ import annotations

import contextlib
import logging
import re
import sys
import threading
import time
from typing import Any, Protocol

from lcr_audio.output.quiet import quiet_output
from lcr_audio.output.speech.base import SpeechBackend, SpeechError, SpeechMode
from lcr_audio.output.speech.orca import OrcaService

log = logging.getLogger(__name__)

SSIP_CLIENT_NAME = "lcr_audio"

STALLED_SECONDS = 60.0
"""When speech-dispatcher has reported nothing (no message began or ended) for this long while messages are
still waiting, ``speaking()`` stops answering True and answers None (cannot tell), so that a lost event never
stalls the game. Longer than any one message the game says."""

_LANGUAGE_CODE = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*")
"""A language tag safe to send in one SSIP command line (``es``, ``pt-BR``)."""


class _Output(Protocol):
    @property
    def brailles(self) -> bool: ...
    def speak(self, text: str, interrupt: bool) -> None: ...
    def speaking(self) -> bool | None: ...
    def braille(self, text: str) -> None: ...
    def silence(self) -> None: ...
    def set_language(self, code: str) -> bool: ...
    def close(self) -> None: ...


class _SpeechDispatcherOutput:
    """speech-dispatcher through ``speechd.SSIPClient`` (honours ``SPEECHD_ADDRESS``), with braille through
    Orca 51's D-Bus service when it answers.

    speech-dispatcher reports each message's BEGIN, END and CANCEL events (delivered on the client's own
    thread, for every message: the client turns notifications on). Messages of one client at priority
    ``message`` are spoken in order and numbered in order, so the end of one message is also the end of
    every message given before it. The events are read from the client's own event hook, not through
    per-message callbacks: ``speechd`` registers a callback only after the server has answered SPEAK, and
    drops an event that comes first (its own TODO in ``SSIPClient.speak``), which with a fast synthesiser
    lost the end of the last message and stalled the game.
    """

    def __init__(self, *, autospawn: bool, orca: OrcaService | None = None) -> None:
        import speechd

        self._client: Any = speechd.SSIPClient(SSIP_CLIENT_NAME, component="game", autospawn=autospawn)
        self._client.set_priority(speechd.Priority.MESSAGE)
        self._refused: type[Exception] = speechd.SSIPCommandError
        self._ends = (speechd.CallbackType.END, speechd.CallbackType.CANCEL)
        self._lock = threading.Lock()
        self._waiting: set[int] = set()  # speech-dispatcher's ids of the messages not yet ended or cancelled
        self._last_ended = -1  # the highest message id whose END or CANCEL has come
        hook = self._client._callback_handler  # speechd's per-message callbacks, kept working

        def on_event(msg_id: int, client_id: int, type: str, **details: Any) -> None:
            self._event(int(msg_id), type)
            hook(msg_id, client_id, type, **details)

        self._client._conn.set_callback(on_event)
        self._heard_at = time.monotonic()  # when speech-dispatcher last reported progress (or we spoke)
        self._orca = orca if orca is not None and orca.can_braille_alone else None
        self._braille_failed = False
        self.brailles = self._orca is not None

    def _event(self, msg_id: int, kind: str) -> None:
        """One SSIP event for message ``msg_id`` (runs on the speechd client's thread)."""
        with self._lock:
            self._heard_at = time.monotonic()
            if kind in self._ends:  # this message and all the ones before it are over
                self._last_ended = max(self._last_ended, msg_id)
                self._waiting = {n for n in self._waiting if n > msg_id}

    def _forget_all(self) -> None:
        with self._lock:
            self._waiting.clear()
            self._heard_at = time.monotonic()

    def speak(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self._client.cancel()
            self._forget_all()
        result = self._client.speak(text)
        try:
            msg_id = int(result[2][0])
        except (IndexError, TypeError, ValueError):  # no id to follow: the caller estimates this one
            log.warning("speech-dispatcher gave no message id: %r", result)
            return
        with self._lock:
            self._heard_at = time.monotonic()
            if msg_id > self._last_ended:  # its END may have come before this line: then it is over
                self._waiting.add(msg_id)

    def speaking(self) -> bool | None:
        """True while a message given to :meth:`speak` has not ended or been cancelled; None when
        speech-dispatcher has reported nothing for :data:`STALLED_SECONDS` although messages wait."""
        with self._lock:
            if not self._waiting:
                return False
            if time.monotonic() - self._heard_at > STALLED_SECONDS:
                return None
            return True

    def braille(self, text: str) -> None:
        """Show ``text`` on the braille display through Orca 51 or later; without it, nothing (Orca 48 and
        older offer no way in). A braille failure never stops speech: it is logged, and the next message
        tries again (Orca may have been restarted)."""
        if self._orca is None:
            return
        try:
            self._orca.display(text)
        except SpeechError as exc:
            if not self._braille_failed:
                log.warning("Orca did not take the braille message: %r", exc)
            self._braille_failed = True
        else:
            self._braille_failed = False

    def silence(self) -> None:
        self._client.cancel()
        self._forget_all()

    def set_language(self, code: str) -> bool:
        try:
            self._client.set_language(code)
        except self._refused:  # the server answered, and said no
            return False
        return True

    def close(self) -> None:
        """Disconnect; the game's last message leaves the braille display (it was shown to stay)."""
        self._forget_all()
        try:
            self._client.close()
        finally:
            if self._orca is not None:
                with contextlib.suppress(SpeechError):
                    self._orca.clear_display()
                self._orca.close()


class _OrcaOutput:
    """Orca 49 or 50 presents every message itself (``PresentMessage``): spoken in the player's Orca voice
    and flashed on the braille display, as Orca's own settings say. Nothing goes to speech-dispatcher."""

    brailles = True

    def __init__(self, orca: OrcaService) -> None:
        self._orca = orca

    def speak(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self._orca.interrupt()
        self._orca.present(text)

    def speaking(self) -> bool | None:
        """Orca's service does not say when it has finished speaking."""
        return None

    def braille(self, text: str) -> None:
        """Already shown: Orca brailles what it presents."""

    def silence(self) -> None:
        self._orca.interrupt()

    def set_language(self, code: str) -> bool:
        """Orca speaks in the voice and language its user chose."""
        return False

    def close(self) -> None:
        self._orca.close()


class _AccessibleOutput:
    """One accessible_output2 output that is a running screen reader."""

    brailles = True  # NVDA, JAWS and the others show what they are given on their braille display

    def __init__(self, output: Any) -> None:
        self._output = output
        self.name = str(getattr(output, "name", type(output).__name__))

    def speak(self, text: str, interrupt: bool) -> None:
        if not self._output.is_active():
            raise SpeechError(f"{self.name} is no longer running.")
        self._output.speak(text, interrupt=interrupt)

    def speaking(self) -> bool | None:
        """accessible_output2 0.17 cannot tell (its NVDA controller client predates ``isSpeaking``)."""
        return None

    def braille(self, text: str) -> None:
        self._output.braille(text)

    def silence(self) -> None:
        silence = getattr(self._output, "silence", None)
        if silence is not None:
            silence()

    def set_language(self, code: str) -> bool:
        """NVDA, JAWS and the others speak in the language their user chose."""
        return False

    def close(self) -> None:
        close = getattr(self._output, "close", None)
        if close is not None:
            close()


def _open_windows_screen_reader() -> _Output:
    """Return the first accessible_output2 output that is a screen reader and is running now.

    Raises:
        SpeechError: none is running.
    """
    import accessible_output2
    import accessible_output2.outputs  # importing it registers the output classes

    for output_class in accessible_output2.get_output_classes():
        if getattr(output_class, "system_output", False):  # SAPI5 and the like: a voice, not a reader
            continue
        try:
            output = output_class()
            active = bool(output.is_active())
        except Exception:  # its DLL or COM server is absent: that screen reader is not installed
            continue
        if active:
            return _AccessibleOutput(output)
    raise SpeechError("No screen reader is running.")


def _open_output(platform: str, *, autospawn: bool) -> _Output:
    """Open the screen-reader channel for ``platform`` (a ``sys.platform`` value).

    Raises:
        SpeechError: this platform has no usable channel, or none answers.
    """
    if platform == "darwin":
        raise SpeechError("VoiceOver cannot be driven on macOS (accessible_output2 issues 8 and 12).")
    if platform in ("win32", "cygwin"):
        return _open_windows_screen_reader()
    return _open_linux_screen_reader(OrcaService.find(), autospawn=autospawn)


def _open_linux_screen_reader(orca: OrcaService | None, *, autospawn: bool) -> _Output:
    """speech-dispatcher for speech (and Orca 51 for braille), or Orca 49 and 50 for both (see the module
    docstring). ``orca``: Orca's service, or None when it does not answer.

    Raises:
        Exception: neither answers (speechd's own errors: the caller turns them into :class:`SpeechError`).
    """
    if orca is not None and not orca.can_braille_alone:
        return _OrcaOutput(orca)
    try:
        return _SpeechDispatcherOutput(autospawn=autospawn, orca=orca)
    except Exception:
        if orca is None:
            raise
        log.info("speech-dispatcher does not answer; Orca presents every message", exc_info=True)
        return _OrcaOutput(orca)  # Orca speaks through another synthesizer (Spiel)


class ScreenReaderBackend(SpeechBackend):
    """Speaks and brailles through the player's screen reader (``--speech screen-reader``)."""

    name = SpeechMode.SCREEN_READER
    prints = False

    def __init__(self, *, autospawn: bool = True) -> None:
        """Connect to the screen reader. Nothing is printed while connecting.

        Args:
            autospawn: Linux only: start speech-dispatcher if it is not running. ``auto`` mode passes
                False, so the screen reader is chosen only when one (or Orca's speech-dispatcher) already
                runs. ``SPEECHD_ADDRESS`` (e.g. ``unix_socket:/run/user/1000/speech-dispatcher/speechd.sock``)
                chooses the server.

        Raises:
            SpeechError: no screen reader could be reached (always on macOS).
        """
        platform = sys.platform
        if platform == "darwin":  # checked before muting anything: nothing to try
            raise SpeechError("VoiceOver cannot be driven on macOS (accessible_output2 issues 8 and 12).")
        try:
            with quiet_output():
                self._output: _Output | None = _open_output(platform, autospawn=autospawn)
        except SpeechError:
            raise
        except Exception as exc:
            raise SpeechError(f"No screen reader could be reached: {exc!r}") from exc

    def _live(self) -> _Output:
        if self._output is None:
            raise SpeechError("The screen-reader backend is closed.")
        return self._output

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Say ``text`` through the screen reader; ``interrupt`` cuts off what it is saying first.

        Raises:
            SpeechError: the screen reader stopped answering, or the backend is closed.
        """
        try:
            self._live().speak(text, interrupt)
        except SpeechError:
            raise
        except Exception as exc:
            raise SpeechError(f"The screen reader stopped answering: {exc!r}") from exc

    @property
    def brailles(self) -> bool:
        """True when what :meth:`braille` is given reaches a braille display (NVDA, JAWS and the others;
        Orca 49 and later), False on Linux without Orca's D-Bus service, and once closed."""
        output = self._output
        return output is not None and output.brailles

    def speaking(self) -> bool | None:
        """Whether what was given to :meth:`speak` is still being said.

        Returns:
            Through speech-dispatcher: True until every message's END (or CANCEL) has come, False after
            (and after :meth:`silence`), None if speech-dispatcher has reported nothing for
            :data:`STALLED_SECONDS` while messages wait. Through Orca's service, NVDA or JAWS: None (they
            cannot tell). Never raises.
        """
        output = self._output
        if output is None:
            return False
        try:
            return output.speaking()
        except Exception:
            log.exception("The screen reader could not tell whether it is speaking")
            return None

    def braille(self, text: str) -> None:
        """Show ``text`` on the braille display: NVDA, JAWS and others on Windows; on Linux through Orca's
        D-Bus service (Orca 51 and later; Orca 49 and 50 braille what they speak); nothing otherwise.

        Raises:
            SpeechError: the screen reader stopped answering.
        """
        try:
            self._live().braille(text)
        except SpeechError:
            raise
        except Exception as exc:
            raise SpeechError(f"The screen reader's braille stopped answering: {exc!r}") from exc

    def silence(self) -> None:
        """Stop the screen reader's speech at once.

        Raises:
            SpeechError: the screen reader stopped answering.
        """
        try:
            self._live().silence()
        except SpeechError:
            raise
        except Exception as exc:
            raise SpeechError(f"The screen reader stopped answering: {exc!r}") from exc

    def set_language(self, code: str) -> bool:
        """Ask speech-dispatcher to speak language ``code`` (``"es"``, ``"pt_BR"``) from now on (Linux).

        Rate and voice stay the player's: they are set in the screen reader, and :meth:`set_rate`,
        :meth:`set_voice` do nothing here.

        Returns:
            True when speech-dispatcher took the language; False on Windows (the screen reader speaks its
            user's language), for an empty or malformed code, or when speech-dispatcher refused it.

        Raises:
            SpeechError: the screen reader stopped answering, or the backend is closed.
        """
        tag = code.strip().replace("_", "-")
        if not _LANGUAGE_CODE.fullmatch(tag):
            return False
        try:
            return self._live().set_language(tag)
        except SpeechError:
            raise
        except Exception as exc:
            raise SpeechError(f"The screen reader stopped answering: {exc!r}") from exc

    def close(self) -> None:
        """Disconnect. Safe to call twice; errors while disconnecting are ignored."""
        output, self._output = self._output, None
        if output is not None:
            with contextlib.suppress(Exception):  # closing a dead connection: nothing left to release
                output.close()
