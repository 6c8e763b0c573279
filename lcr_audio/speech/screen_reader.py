"""The player's own screen reader: NVDA, JAWS and others on Windows, speech-dispatcher on Linux.

- Windows: accessible_output2's outputs, real screen readers only (never SAPI5, which is a system voice:
  the ``tts`` mode covers that).
- Linux and other Unix: speech-dispatcher, the server Orca speaks through, reached with ``speechd``
  directly. accessible_output2's own SpeechDispatcher output cannot be told not to autospawn the server, and
  it speaks at SSIP's default priority ``text``, which drops queued messages whenever a newer one arrives;
  the game needs every event said in order, so this backend uses priority ``message``.
- macOS: accessible_output2's VoiceOver output is broken (its issues 8 and 12), so this backend refuses at
  once and ``auto`` goes on to the system voice.
"""

from __future__ import annotations

import contextlib
import re
import sys
from typing import Any, Protocol

from lcr_audio.speech._quiet import quiet_output
from lcr_audio.speech.base import SpeechBackend, SpeechError

SSIP_CLIENT_NAME = "lcr_audio"

_LANGUAGE_CODE = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*")
"""A language tag safe to send in one SSIP command line (``es``, ``pt-BR``)."""


class _Output(Protocol):
    def speak(self, text: str, interrupt: bool) -> None: ...
    def braille(self, text: str) -> None: ...
    def silence(self) -> None: ...
    def set_language(self, code: str) -> bool: ...
    def close(self) -> None: ...


class _SpeechDispatcherOutput:
    """speech-dispatcher through ``speechd.SSIPClient`` (honours ``SPEECHD_ADDRESS``)."""

    def __init__(self, *, autospawn: bool) -> None:
        import speechd

        self._client: Any = speechd.SSIPClient(SSIP_CLIENT_NAME, component="game", autospawn=autospawn)
        self._client.set_priority(speechd.Priority.MESSAGE)
        self._refused: type[Exception] = speechd.SSIPCommandError

    def speak(self, text: str, interrupt: bool) -> None:
        if interrupt:
            self._client.cancel()
        self._client.speak(text)

    def braille(self, text: str) -> None:
        """speech-dispatcher has no braille; BRLTTY shows the terminal itself."""

    def silence(self) -> None:
        self._client.cancel()

    def set_language(self, code: str) -> bool:
        try:
            self._client.set_language(code)
        except self._refused:  # the server answered, and said no
            return False
        return True

    def close(self) -> None:
        self._client.close()


class _AccessibleOutput:
    """One accessible_output2 output that is a running screen reader."""

    def __init__(self, output: Any) -> None:
        self._output = output
        self.name = str(getattr(output, "name", type(output).__name__))

    def speak(self, text: str, interrupt: bool) -> None:
        if not self._output.is_active():
            raise SpeechError(f"{self.name} is no longer running.")
        self._output.speak(text, interrupt=interrupt)

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
    return _SpeechDispatcherOutput(autospawn=autospawn)


class ScreenReaderBackend(SpeechBackend):
    """Speaks and brailles through the player's screen reader (``--speech screen-reader``)."""

    name = "screen-reader"
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

    def braille(self, text: str) -> None:
        """Show ``text`` on the braille display (NVDA, JAWS and others; nothing through speech-dispatcher).

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
