"""The game's own voice through pyttsx3 (``--speech tts``): SAPI5 (Windows), NSSpeech (macOS), eSpeak (Linux).

pyttsx3 has known traps, each handled here:

- The engine must be created and run on the thread that uses it (pyttsx3 issue 327), so ONE worker thread
  owns the engine and reads a queue.
- Several ``say`` calls before one ``runAndWait`` lose all but the first (issues 440 and 402, pyttsx3 2.99),
  so the worker does one ``say`` per ``runAndWait``.
- ``stop()`` does not interrupt speech on Linux (issue 138): the eSpeak driver synthesises the whole text,
  then blocks in ``os.system("aplay ...")``. The worker therefore gives that driver a player that runs
  aplay as a child process this backend can terminate, with aplay's output (ALSA complains on stderr when
  there is no sound card) sent to the null device. Other drivers are stopped from their own
  ``started-word`` callback, on the engine's thread.
- Driver messages printed with ``print()`` go to the log instead of the terminal.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import shlex
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

from lcr_audio.speech._quiet import quiet_output
from lcr_audio.speech.base import SpeechBackend, SpeechError

log = logging.getLogger(__name__)

ESPEAK_DRIVER_MODULE = "pyttsx3.drivers.espeak"

EngineFactory = Callable[[], Any]
"""Builds a pyttsx3-like engine (``say``, ``runAndWait``, ``stop``, ``connect``) on the worker thread."""


class _Player:
    """Runs the eSpeak driver's playback command as a child process that can be stopped.

    One per process, because the eSpeak driver (like eSpeak itself) is one per process.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self.runs = 0

    def system(self, command: str) -> int:
        """Stand-in for ``os.system``: run ``command`` without a shell, silently; return its exit status."""
        try:
            argv = shlex.split(command)
            process = subprocess.Popen(
                argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        except (OSError, ValueError) as exc:
            log.warning("Could not run the speech player %r: %s", command, exc)
            return 127
        with self._lock:
            self._process = process
            self.runs += 1
        try:
            status = process.wait()
        finally:
            with self._lock:
                self._process = None
        if status > 0:  # negative: we stopped it
            log.debug("The speech player %r ended with status %s", command, status)
        return status

    def stop(self) -> None:
        """Stop the sound now playing, if any."""
        with self._lock:
            process = self._process
        if process is not None and process.poll() is None:
            with contextlib.suppress(OSError):
                process.terminate()


_PLAYER = _Player()


class _QuietOs:
    """``os`` as the eSpeak driver sees it: the same, except ``system`` plays through :data:`_PLAYER`."""

    def __init__(self, real: ModuleType) -> None:
        self._real = real

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def system(self, command: str) -> int:
        return _PLAYER.system(command)


def _log_print(*args: object, **_kwargs: object) -> None:
    log.info("pyttsx3: %s", " ".join(str(arg) for arg in args))


def _tame_espeak_driver() -> None:
    """Route the eSpeak driver's playback and prints away from the terminal (see the module docstring)."""
    module = sys.modules.get(ESPEAK_DRIVER_MODULE)
    if module is None or isinstance(getattr(module, "os", None), _QuietOs):
        return
    if hasattr(module, "os"):
        module.os = _QuietOs(os)  # type: ignore[attr-defined]
    module.print = _log_print  # type: ignore[attr-defined]


def _default_engine_factory(driver_name: str | None) -> EngineFactory:
    def build() -> Any:
        if sys.platform == "win32":  # COM must be initialised on the thread that uses SAPI5
            with contextlib.suppress(Exception):
                import comtypes  # type: ignore[import-not-found,unused-ignore]

                comtypes.CoInitialize()
        # Not pyttsx3.init(): its cache would hand one engine to several threads.
        from pyttsx3.engine import Engine

        engine = Engine(driver_name)
        _tame_espeak_driver()
        if sys.platform.startswith("linux") and sys.modules.get(ESPEAK_DRIVER_MODULE) is not None:
            if shutil.which("aplay") is None:
                raise SpeechError("The system voice needs aplay (Debian package alsa-utils) to play sound.")
        return engine

    return build


class TtsBackend(SpeechBackend):
    """Speaks with the system's text-to-speech voice on a worker thread; the Speaker also prints each line."""

    name = "tts"
    prints = True

    def __init__(
        self,
        *,
        driver_name: str | None = None,
        engine_factory: EngineFactory | None = None,
        start_timeout: float = 10.0,
        stall_timeout: float = 60.0,
    ) -> None:
        """Start the worker thread and the engine; return once the engine is ready.

        Args:
            driver_name: pyttsx3 driver (``"sapi5"``, ``"nsss"``, ``"espeak"``); None picks the platform's.
            engine_factory: builds the engine on the worker thread instead of pyttsx3 (tests).
            start_timeout: seconds to wait for the engine to start.
            stall_timeout: seconds one utterance may take before the voice counts as hung (pyttsx3's
                ``runAndWait`` can block for ever on some platforms); then :meth:`speak` raises.

        Raises:
            SpeechError: the engine could not start (no pyttsx3 driver, no eSpeak library, no aplay, or it
                took longer than ``start_timeout``). Nothing is printed meanwhile.
        """
        self._factory = engine_factory or _default_engine_factory(driver_name)
        self._queue: queue.Queue[tuple[int, str] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._pending = 0  # queued or being said
        self._generation = 0  # bumped by silence(): queued items of older generations are skipped
        self._speaking_generation = -1
        self._stall_timeout = stall_timeout
        self._busy_since: float | None = None  # monotonic time the current utterance started
        self._error: BaseException | None = None
        self._engine: Any = None  # only the worker thread touches it
        self._closed = False
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lcr-audio-tts", daemon=True)
        with quiet_output():
            self._thread.start()
            started = self._ready.wait(start_timeout)
        if not started:
            self._closed = True
            self._queue.put(None)
            raise SpeechError(f"The system voice did not start within {start_timeout:g} seconds.")
        if self._error is not None:
            self._closed = True
            raise SpeechError(f"The system voice could not start: {self._error!r}") from self._error

    # -- worker thread -------------------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            self._engine = self._factory()
            with contextlib.suppress(Exception):
                self._engine.connect("started-word", self._on_word)
        except Exception as exc:
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        try:
            self._serve(self._engine)
        finally:
            self._engine = None  # free the driver on this thread, before any later engine is built

    def _serve(self, engine: Any) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            generation, text = item
            try:
                if generation == self._generation and text.strip():  # pyttsx3 refuses blank text
                    self._speaking_generation = generation
                    self._busy_since = time.monotonic()
                    engine.say(text)
                    engine.runAndWait()
            except Exception as exc:
                log.exception("The system voice failed while saying %r", text)
                self._error = exc
                self._done()
                self._fail_pending()
                return
            finally:
                self._busy_since = None
            self._done()

    def _on_word(self, **_event: object) -> None:
        """Called by the engine on its own thread at each word: stop a stale utterance there."""
        engine = self._engine
        if engine is not None and self._speaking_generation != self._generation:
            engine.stop()

    def _done(self) -> None:
        with self._idle:
            self._pending -= 1
            self._idle.notify_all()

    def _fail_pending(self) -> None:
        """After a failure, nothing queued will be said: empty the queue so waiters are released."""
        self._drain()

    def _drain(self) -> None:
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if item is None:  # keep the stop signal for the worker
                self._queue.put(None)
                return
            self._done()

    # -- caller side ---------------------------------------------------------------------------------------

    def _stuck(self) -> bool:
        busy_since = self._busy_since
        return busy_since is not None and time.monotonic() - busy_since > self._stall_timeout

    def _check(self) -> None:
        if self._error is not None:
            raise SpeechError(f"The system voice stopped working: {self._error!r}") from self._error
        if self._closed:
            raise SpeechError("The system voice is closed.")
        if not self._thread.is_alive():
            raise SpeechError("The system voice's thread has ended.")
        if self._stuck():
            raise SpeechError(f"The system voice has been stuck for over {self._stall_timeout:g} seconds.")

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Queue ``text``; with ``interrupt``, first stop the current utterance and drop the queued ones.

        Returns at once; the worker says it.

        Raises:
            SpeechError: the voice failed earlier (the failure was logged), it is stuck in one utterance for
                longer than ``stall_timeout``, or the backend is closed.
        """
        self._check()
        if interrupt:
            self.silence()
        with self._idle:
            self._pending += 1
            self._queue.put((self._generation, text))

    def silence(self) -> None:
        """Stop speaking at once and drop everything queued."""
        with self._lock:
            self._generation += 1
        self._drain()
        _PLAYER.stop()

    def wait_until_idle(self, timeout: float) -> bool:
        """Block until everything queued has been said or dropped, or ``timeout`` seconds pass.

        Returns:
            True if the queue is empty and nothing is being said.
        """
        with self._idle:
            return self._idle.wait_for(lambda: self._pending <= 0, timeout)

    def close(self, timeout: float = 2.0) -> None:
        """Stop speaking, end the worker thread (waiting at most ``timeout`` seconds; not at all when the
        voice is stuck, see ``stall_timeout``). Safe to call twice."""
        if self._closed and not self._thread.is_alive():
            return
        self._closed = True
        self.silence()
        self._queue.put(None)
        if self._thread.is_alive() and threading.current_thread() is not self._thread and not self._stuck():
            self._thread.join(timeout)
