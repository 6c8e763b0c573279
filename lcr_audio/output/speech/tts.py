"""The game's own voice (``--speech tts``): pyttsx3 with SAPI5 (Windows); the system's ``say`` program on
macOS; eSpeak NG's own program on Linux and other systems.

On macOS the voice does not go through pyttsx3 either: its NSSpeechSynthesizer driver runs a Cocoa loop on
the worker thread, which can stall (issue 11). :class:`_SayEngine` runs ``say -f FILE`` once per utterance
as a child process the player's silence key can stop, like aplay on Linux.

On Linux the voice does not go through pyttsx3. Its eSpeak driver (pyttsx3 2.99) collects the sound on
eSpeak's own thread while the caller's thread runs its loop, and the two race: in 2 to 6 sessions of 10
(``benchmarks/voice_playbacks.py``) the second utterance was played as a WAV file with no frames (silence,
no failure counted) and two later ones swapped places. Instead, :class:`_EspeakNgEngine` runs
``espeak-ng -w FILE`` once per utterance, checks that the file holds sound, and plays it with aplay; nothing
is printed and no pyttsx3 module is patched.

Both paths share one worker thread and one player:

- One worker thread owns the engine and reads a queue (pyttsx3 issue 327: its engine must be created and run
  on the thread that uses it), one ``say`` per ``runAndWait`` (issues 440 and 402, pyttsx3 2.99: several
  ``say`` calls before one ``runAndWait`` lose all but the first).
- On Linux the sound is played by aplay as a child process this backend can stop (pyttsx3's ``stop()`` does
  not interrupt speech there, issue 138), its output (ALSA complains on stderr when there is no sound card)
  sent to the null device. Stopping sends SIGTERM and, if aplay is still there :data:`STOP_GRACE` seconds
  later, SIGKILL: aplay answers SIGTERM by closing its device, and a device that drains first (ALSA's
  ``file`` plugin into a pipe did, for 1.8 s) would keep talking. A sound whose utterance was silenced
  while it was being synthesised is never started. pyttsx3's drivers are stopped from their own
  ``started-word`` callback, on the engine's thread.
- Rate and voice are engine properties, so only the worker sets them: :meth:`TtsBackend.set_rate` and
  :meth:`TtsBackend.set_voice` change what every utterance queued afterwards carries through the queue, and
  the worker gives the engine an utterance's rate and voice before saying it (so a setting also outlives
  :meth:`TtsBackend.silence`, which empties the queue). The voice list is read once, on the worker, when
  the engine starts.
- ``runAndWait`` returns when the utterance has been heard (pyttsx3: the driver's end of utterance; Linux:
  aplay has ended), so :meth:`TtsBackend.speaking` and :meth:`TtsBackend.wait_until_idle` follow the sound
  itself.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import wave
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from lcr_audio.output.quiet import quiet_output
from lcr_audio.output.speech.base import SpeechBackend, SpeechError, SpeechMode, Voice, clamp_rate

log = logging.getLogger(__name__)

EngineFactory = Callable[[], Any]
"""Builds a pyttsx3-like engine (``say``, ``runAndWait``, ``stop``, ``connect``; optionally ``getProperty``
and ``setProperty`` for ``voices``, ``voice`` and ``rate``) on the worker thread."""

PLAYBACK_FAILURES = 2
"""Utterances in a row not heard (aplay finds no sound device, or eSpeak NG gave no sound) after which the
voice counts as failed, so the player is told and the game goes on in printed lines instead of waiting for a
voice nobody hears."""

STOP_GRACE = 0.02
"""Seconds a stopped player gets to end on SIGTERM before it is killed."""

ESPEAK_RATE = 200
"""eSpeak NG's words per minute at rate step 0: what pyttsx3's eSpeak driver set, so the voice keeps its
speed on Linux."""

SYNTH_TIMEOUT = 30.0
"""Seconds eSpeak NG may take to synthesise one utterance before the voice counts as failed."""

RATE_FACTOR = 1.1
"""Each rate step multiplies the voice's own rate by this (step 10: about 2.6 times; step -10: 0.39)."""


def rate_for_step(base: float, step: int) -> int:
    """The engine rate for ``step`` (clamped to -10..10) when the voice's own rate is ``base``."""
    return max(1, round(base * RATE_FACTOR ** clamp_rate(step)))


_Item = tuple[int, str, tuple[int, str]]
"""A queued utterance: its generation, its text, and the rate step and voice id to say it with."""


def _kill_if_running(process: subprocess.Popen[bytes]) -> None:
    if process.returncode is None:
        with contextlib.suppress(OSError):
            process.kill()  # Popen.kill does nothing once the process has been reaped


class _Player:
    """Plays a sound file with a child process (aplay) that can be stopped.

    One per process. :meth:`stop` also cancels playback that has not started yet: the worker :meth:`arm` s
    the player before each utterance, and a sound asked for after a later :meth:`stop` is not played.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._epoch = 0  # bumped by stop()
        self._armed = 0  # the epoch the utterance being synthesised belongs to
        self.runs = 0
        self.failures = 0
        """Utterances in a row not heard (no sound device, or no sound made)."""

    @property
    def process(self) -> subprocess.Popen[bytes] | None:
        """The player child process now running, if any (benchmarks watch it)."""
        with self._lock:
            return self._process

    @property
    def wanted(self) -> bool:
        """False when :meth:`stop` was called after the last :meth:`arm` (the utterance was silenced)."""
        with self._lock:
            return self._armed == self._epoch

    def arm(self) -> None:
        """Say that the playback asked for from now on is wanted (until the next :meth:`stop`)."""
        with self._lock:
            self._armed = self._epoch

    def play(self, argv: Sequence[str]) -> int:
        """Run the player command ``argv`` silently until it ends; return its exit status.

        Returns 0 at once without running anything when :meth:`stop` was called after the last :meth:`arm`;
        a negative status when :meth:`stop` ended it. A positive status (aplay found no sound device) counts
        in :attr:`failures`, a clean end resets them.
        """
        if not self.wanted:
            log.debug("Not playing %r: it was silenced before it started", argv)
            return 0
        try:
            process = subprocess.Popen(
                list(argv), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        except (OSError, ValueError) as exc:
            log.warning("Could not run the speech player %r: %s", argv, exc)
            self.failures += 1
            return 127
        with self._lock:
            self._process = process
            self.runs += 1
            stale = self._armed != self._epoch  # stop() came while it was starting
        if stale:
            self._end(process)
        try:
            status = process.wait()
        finally:
            with self._lock:
                self._process = None
        if status > 0:  # negative: we stopped it
            log.debug("The speech player %r ended with status %s", argv, status)
            self.failures += 1
        elif status == 0:
            self.failures = 0
        return status

    def stop(self) -> None:
        """Stop the sound now playing, if any, and any asked for before the next :meth:`arm`. Returns at once:
        the player gets SIGTERM now and SIGKILL :data:`STOP_GRACE` seconds later if it is still running."""
        with self._lock:
            self._epoch += 1
            process = self._process
        if process is not None and process.returncode is None:
            self._end(process)

    @staticmethod
    def _end(process: subprocess.Popen[bytes]) -> None:
        with contextlib.suppress(OSError):
            process.terminate()
        timer = threading.Timer(STOP_GRACE, _kill_if_running, (process,))
        timer.daemon = True
        timer.start()


_PLAYER = _Player()


def _language_tag(value: object) -> str:
    """One language as pyttsx3 reports it (``"en_US"``, ``"es"``, old eSpeak's ``b"\\x05en"``), as ``en-us``.

    Old eSpeak drivers give bytes led by a priority byte; that byte and other control characters go.
    """
    if isinstance(value, bytes):
        value = value.decode("utf-8", errors="ignore")
    text = str(value).lstrip("".join(chr(c) for c in range(32))).strip()
    return text.replace("_", "-").lower()


def _to_voice(raw: Any) -> Voice:
    """A pyttsx3 ``Voice`` (or anything with ``id``, ``name``, ``languages``) as a :class:`Voice`."""
    voice_id = str(raw.id)
    tags = (_language_tag(lang) for lang in getattr(raw, "languages", None) or ())
    languages = tuple(tag for tag in tags if tag)
    return Voice(id=voice_id, name=str(getattr(raw, "name", None) or voice_id), languages=languages)


def _primary(tag: str) -> str:
    return tag.split("-", 1)[0]


def _id_tags(voice_id: str) -> list[str]:
    """Language-like parts of a voice id: eSpeak ``roa/es`` gives ``es``; SAPI5 ``..._ES-ES_HELENA_11.0``
    gives ``es-es``."""
    tags = [voice_id.replace("\\", "/").rsplit("/", 1)[-1].lower()]
    for part in voice_id.replace("\\", "_").replace("/", "_").split("_"):
        pieces = part.split("-")
        if len(pieces) == 2 and 2 <= len(pieces[0]) <= 3 and pieces[0].isalpha() and pieces[1].isalnum():
            tags.append(part.lower())
    return tags


def find_voice(voices: Sequence[Voice], code: str) -> Voice | None:
    """The first voice for language ``code`` (``"es"``, ``"pt_BR"``, ``"es-MX"``), or None.

    Tries, in order: a voice whose languages or id name ``code`` exactly; one naming ``code``'s primary
    language exactly (``es`` for ``es-MX``); one whose language has that primary language (``es-419``).
    """
    wanted = _language_tag(code)
    if not wanted:
        return None

    def tags(voice: Voice) -> Iterable[str]:
        return (*voice.languages, *_id_tags(voice.id))

    for test in (
        lambda tag: tag == wanted,
        lambda tag: tag == _primary(wanted),
        lambda tag: _primary(tag) == _primary(wanted),
    ):
        for voice in voices:
            if any(test(tag) for tag in tags(voice)):
                return voice
    return None


def _holds_sound(path: str) -> bool:
    """True when the WAV file at ``path`` has frames and not all of them are silent (zero)."""
    try:
        with wave.open(path, "rb") as sound:
            data = sound.readframes(sound.getnframes())
    except (OSError, EOFError, wave.Error) as exc:
        log.debug("Cannot read the synthesised sound %r: %r", path, exc)
        return False
    return bool(data.strip(b"\0"))


def _parse_espeak_voices(listing: str) -> list[Voice]:
    """The voices in ``espeak-ng --voices`` output, as pyttsx3's eSpeak driver named them.

    Each line after the header reads ``Pty Language Age/Gender VoiceName File (Other languages)``; the voice's
    id is its file, lower case (``gmw/en-us``), its name has spaces for underscores, and its one language is
    the Language column (other languages are left out, as pyttsx3 did, so that ``en`` finds ``gmw/en``
    before the Caribbean voice that lists ``en`` among its others).
    """
    voices = []
    for line in listing.splitlines()[1:]:
        fields = line.split()
        if len(fields) < 5 or not fields[0].isdigit():
            continue
        name = fields[3].replace("_", " ")
        voices.append(Voice(id=fields[4].lower(), name=name, languages=(fields[1].lower(),)))
    return voices


class _ProgramEngine:
    """A pyttsx3-like engine whose voice is a program run as a child process that :data:`_PLAYER` can
    stop: its voices, voice and rate, and the text :meth:`runAndWait` says. Subclasses read the voices and
    say the text. Only the worker thread calls it, except :meth:`stop`."""

    PROGRAM: ClassVar[str] = ""
    """The program's name, in errors."""
    RATES: ClassVar[tuple[int, int]] = (80, 900)
    """The slowest and fastest rate the program takes, in words per minute."""

    def __init__(self, voices: list[Voice], voice: str, rate: int) -> None:
        self._voices = voices
        self._voice = voice
        self._rate = rate
        self._text: str | None = None

    def connect(self, _topic: str, _callback: Callable[..., None]) -> None:
        """No word events: :meth:`stop` stops the player directly."""

    def getProperty(self, name: str) -> Any:  # pyttsx3's name
        """``voices`` (a list of :class:`Voice`), ``voice`` (an id; "" for the default) or ``rate`` (words
        per minute)."""
        if name == "voices":
            return list(self._voices)
        if name == "voice":
            return self._voice
        if name == "rate":
            return self._rate
        raise KeyError(f"unknown property {name}")

    def setProperty(self, name: str, value: Any) -> None:  # pyttsx3's name
        """Set ``voice`` (an id from ``voices``) or ``rate`` (words per minute, kept within :attr:`RATES`).

        Raises:
            ValueError: a voice the program did not list.
            KeyError: another property.
        """
        if name == "voice":
            if self._voices and all(voice.id != value for voice in self._voices):
                raise ValueError(f"{self.PROGRAM} has no voice {value!r}")
            self._voice = str(value)
        elif name == "rate":
            low, high = self.RATES
            self._rate = max(low, min(high, int(value)))
        else:
            raise KeyError(f"unknown property {name}")

    def say(self, text: str) -> None:
        """Take the text :meth:`runAndWait` says."""
        self._text = text

    def stop(self) -> None:
        """Stop the sound now playing (any thread)."""
        _PLAYER.stop()


class _EspeakNgEngine(_ProgramEngine):
    """A pyttsx3-like engine for Linux: eSpeak NG's program synthesises each utterance into a WAV file and
    :data:`_PLAYER` plays it with aplay (see the module docstring for why not pyttsx3's eSpeak driver).

    Only the worker thread calls it, except :meth:`stop`.
    """

    PROGRAM = "eSpeak NG"
    RATES = (80, 900)

    def __init__(self, espeak: str, aplay: str) -> None:
        """Read the voice list.

        Args:
            espeak: path of ``espeak-ng`` (or ``espeak``).
            aplay: path of ``aplay``.

        Raises:
            SpeechError: eSpeak NG cannot list its voices.
        """
        self._espeak = espeak
        self._aplay = aplay
        try:
            listing = subprocess.run(
                [espeak, "--voices"],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=SYNTH_TIMEOUT,
                check=True,
            ).stdout.decode("utf-8", errors="replace")
        except (OSError, subprocess.SubprocessError) as exc:
            raise SpeechError(f"eSpeak NG cannot list its voices: {exc!r}") from exc
        voices = _parse_espeak_voices(listing)
        default = find_voice(voices, "en")  # eSpeak NG's own default language
        super().__init__(voices, default.id if default else "", ESPEAK_RATE)

    def runAndWait(self) -> None:  # pyttsx3's name
        """Synthesise the text given to :meth:`say` and play it; return when it has been heard or stopped.

        A synthesis that holds no sound is not played and counts as not heard (see
        :data:`PLAYBACK_FAILURES`).

        Raises:
            SpeechError: eSpeak NG failed (it could not run, ended with an error, or took longer than
                :data:`SYNTH_TIMEOUT`).
        """
        text, self._text = self._text, None
        if not text or not _PLAYER.wanted:  # silenced already: nothing to make
            return
        handle, path = tempfile.mkstemp(prefix="lcr-audio-", suffix=".wav")
        os.close(handle)
        try:
            command = [self._espeak, "-s", str(self._rate), "-w", path]
            if self._voice:
                command[1:1] = ["-v", self._voice]
            try:
                done = subprocess.run(
                    command, input=text.encode(), capture_output=True, timeout=SYNTH_TIMEOUT, check=False
                )
            except (OSError, subprocess.SubprocessError) as exc:
                raise SpeechError(f"eSpeak NG could not run: {exc!r}") from exc
            if done.returncode != 0:
                problem = done.stderr.decode("utf-8", errors="replace").strip()
                raise SpeechError(f"eSpeak NG ended with status {done.returncode}: {problem}")
            if not _holds_sound(path):
                log.warning("eSpeak NG made no sound for %r", text)
                _PLAYER.failures += 1
                return
            _PLAYER.play([self._aplay, "-q", path])
        finally:
            with contextlib.suppress(OSError):
                os.remove(path)


SAY_RATE = 175
"""Words per minute of macOS's ``say`` at its default rate: rate step 0 passes no ``-r`` (the player's
system rate stays), other steps scale from this."""

_SAY_VOICE = re.compile(r"^(?P<name>\S.*?)\s+(?P<language>[a-z]{2,3}(?:[_-][A-Za-z0-9]+)+)\s+#")
"""One line of ``say -v '?'``: ``Eddy (Spanish (Spain))  es_ES    # Hola, me llamo Eddy.``"""


def _parse_say_voices(listing: str) -> list[Voice]:
    """The voices in ``say -v '?'`` output; a voice's id is its name (what ``say -v`` takes)."""
    voices = []
    for line in listing.splitlines():
        match = _SAY_VOICE.match(line)
        if match:
            name = match["name"]
            voices.append(Voice(id=name, name=name, languages=(_language_tag(match["language"]),)))
    return voices


class _SayEngine(_ProgramEngine):
    """A pyttsx3-like engine for macOS: each utterance is said by the ``say`` program, a child process that
    :data:`_PLAYER` runs and can stop. Only the worker thread calls it, except :meth:`stop`."""

    PROGRAM = "say"
    RATES = (90, 720)

    def __init__(self, say: str) -> None:
        """Read the voice list (an empty one when ``say`` cannot list them: the default voice speaks).

        Args:
            say: path of ``say``.
        """
        self._say = say
        try:
            listing = subprocess.run(
                [say, "-v", "?"], stdin=subprocess.DEVNULL, capture_output=True, timeout=SYNTH_TIMEOUT
            ).stdout.decode("utf-8", errors="replace")
        except (OSError, subprocess.SubprocessError) as exc:
            log.debug("say cannot list its voices: %r", exc)
            listing = ""
        super().__init__(_parse_say_voices(listing), "", SAY_RATE)

    def runAndWait(self) -> None:  # pyttsx3's name
        """Say the text given to :meth:`say`; return when it has been heard or stopped. A ``say`` that ends
        with an error counts as not heard (see :data:`PLAYBACK_FAILURES`)."""
        text, self._text = self._text, None
        if not text or not _PLAYER.wanted:
            return
        handle, path = tempfile.mkstemp(prefix="lcr-audio-", suffix=".txt")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:  # a file: text may start with "-"
                file.write(text)
            command = [self._say]
            if self._voice:
                command += ["-v", self._voice]
            if self._rate != SAY_RATE:
                command += ["-r", str(self._rate)]
            _PLAYER.play([*command, "-f", path])
        finally:
            with contextlib.suppress(OSError):
                os.remove(path)


def _say_engine() -> _SayEngine:
    """The macOS engine, or SpeechError when ``say`` is missing."""
    say = shutil.which("say")
    if say is None:
        raise SpeechError("The system voice needs macOS's say program.")
    return _SayEngine(say)


def _pyttsx3_engine() -> Any:
    """pyttsx3's engine for this platform's driver (SAPI5 on Windows). Worker thread."""
    if sys.platform == "win32":  # COM must be initialised on the thread that uses SAPI5
        with contextlib.suppress(Exception):
            import comtypes  # type: ignore[import-not-found,unused-ignore]

            comtypes.CoInitialize()
    # Not pyttsx3.init(): its cache would hand one engine to several threads.
    from pyttsx3.engine import Engine

    return Engine()


def _espeak_ng_engine() -> _EspeakNgEngine:
    """The Linux engine, or SpeechError when ``espeak-ng`` or ``aplay`` is missing."""
    espeak = shutil.which("espeak-ng") or shutil.which("espeak")
    if espeak is None:
        raise SpeechError("The system voice needs espeak-ng (Debian package espeak-ng).")
    aplay = shutil.which("aplay")
    if aplay is None:
        raise SpeechError("The system voice needs aplay (Debian package alsa-utils) to play sound.")
    return _EspeakNgEngine(espeak, aplay)


PYTTSX3_PLATFORMS = ("win32",)
"""Where the voice is pyttsx3's (SAPI5); macOS uses ``say``, elsewhere eSpeak NG's program with aplay."""


def default_engine_factory(platform: str = sys.platform) -> EngineFactory:
    """What builds the voice's engine on ``platform`` (a ``sys.platform`` value): pyttsx3 on Windows,
    :class:`_SayEngine` on macOS, :class:`_EspeakNgEngine` elsewhere."""
    if platform in PYTTSX3_PLATFORMS:
        return _pyttsx3_engine
    return _say_engine if platform == "darwin" else _espeak_ng_engine


class TtsBackend(SpeechBackend):
    """Speaks with the system's text-to-speech voice on a worker thread; the Speaker also prints each line."""

    name = SpeechMode.TTS
    prints = True

    def __init__(
        self,
        *,
        engine_factory: EngineFactory | None = None,
        start_timeout: float = 10.0,
        stall_timeout: float = 60.0,
    ) -> None:
        """Start the worker thread and the engine; return once the engine is ready.

        Args:
            engine_factory: builds the engine on the worker thread instead of :func:`default_engine_factory`
                (tests).
            start_timeout: seconds to wait for the engine to start.
            stall_timeout: seconds one utterance may take before the voice counts as hung (pyttsx3's
                ``runAndWait`` can block for ever on some platforms); then :meth:`speak` raises.

        Raises:
            SpeechError: the engine could not start (no pyttsx3 driver, no eSpeak library, no aplay, or it
                took longer than ``start_timeout``; on Linux: no espeak-ng). Nothing is printed meanwhile.
        """
        self._factory = engine_factory or default_engine_factory()
        self._queue: queue.Queue[_Item | None] = queue.Queue()
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._pending = 0  # queued or being said
        self._generation = 0  # bumped by silence(): queued items of older generations are skipped
        self._speaking_generation = -1
        self._stall_timeout = stall_timeout
        self._busy_since: float | None = None  # monotonic time the current utterance started
        self._error: BaseException | None = None
        self._heard = False
        """An utterance was said to its end and heard (its player, where one plays it, ended cleanly)."""
        _PLAYER.failures = 0  # a new voice starts with a clean record
        self._engine: Any = None  # only the worker thread touches it
        # What the engine offers, learnt on the worker thread as it starts (empty / None when it cannot say).
        self._voices: list[Voice] = []
        self._base_rate: float | None = None
        self._default_voice = ""
        # The rate step and voice id for utterances queued from now on (caller side, under the lock), and
        # what the worker last gave the engine (worker side).
        self._want: tuple[int, str] = (0, "")
        self._applied: tuple[int, str] = (0, "")
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
            self._learn(self._engine)
        except Exception as exc:
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        try:
            self._serve(self._engine)
        finally:
            self._engine = None  # free the driver on this thread, before any later engine is built

    def _learn(self, engine: Any) -> None:
        """Read the voice list, the voice's own rate and the default voice (an engine may lack any)."""
        try:
            self._voices = [_to_voice(raw) for raw in engine.getProperty("voices") or ()]
        except Exception as exc:
            log.debug("The system voice cannot list its voices: %r", exc)
        try:
            rate = engine.getProperty("rate")
            self._base_rate = float(rate) if rate else None
        except Exception as exc:
            log.debug("The system voice cannot tell its rate: %r", exc)
        try:
            voice = engine.getProperty("voice")
            self._default_voice = str(voice) if voice else ""
        except Exception as exc:
            log.debug("The system voice cannot tell its voice: %r", exc)

    def _apply_settings(self, engine: Any, settings: tuple[int, str]) -> None:
        """Give the engine an utterance's rate step and voice, where they differ. Worker thread only."""
        if settings == self._applied:
            return
        step, voice = settings
        applied_step, applied_voice = self._applied
        self._applied = settings
        if voice != applied_voice:
            target = voice or self._default_voice
            try:
                if target:
                    engine.setProperty("voice", target)
            except Exception as exc:
                log.warning("The system voice could not take voice %r: %r", target, exc)  # once: not retried
        elif step == applied_step:
            return
        if self._base_rate is not None:  # after the voice: changing voice may reset the rate
            try:
                engine.setProperty("rate", rate_for_step(self._base_rate, step))
            except Exception as exc:
                log.warning("The system voice could not take rate step %s: %r", step, exc)

    def _serve(self, engine: Any) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            generation, text, settings = item
            try:
                if generation == self._generation and text.strip():  # pyttsx3 refuses blank text
                    self._apply_settings(engine, settings)
                    self._speaking_generation = generation
                    self._busy_since = time.monotonic()
                    _PLAYER.arm()
                    if generation == self._generation:  # silence() bumps it before it stops the player
                        engine.say(text)
                        engine.runAndWait()
                        if _PLAYER.failures == 0:  # no player, or one that ended cleanly: it was heard
                            self._heard = True
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
        if _PLAYER.failures >= PLAYBACK_FAILURES:
            raise SpeechError("The system voice cannot play: no sound device answered.")

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
            self._queue.put((self._generation, text, self._want))

    def silence(self) -> None:
        """Stop speaking at once and drop everything queued."""
        with self._lock:
            self._generation += 1
        self._drain()
        _PLAYER.stop()

    def set_rate(self, step: int) -> None:
        """Say every utterance queued from now on at rate ``step`` (-10..10, clamped; 0 is the voice's own
        rate, each step about 10% of it, compounded). Nothing happens when the engine cannot tell its rate."""
        with self._lock:
            self._want = (clamp_rate(step), self._want[1])

    def voices(self) -> list[Voice]:
        """The system's voices, as the engine listed them when it started (empty if it could not)."""
        return list(self._voices)

    def set_voice(self, voice_id: str) -> None:
        """Say every utterance queued from now on with voice ``voice_id`` (an id from :meth:`voices`; ``""``:
        the default voice). An id the engine did not list is logged and ignored."""
        if voice_id and self._voices and all(voice.id != voice_id for voice in self._voices):
            log.warning("The system voice has no voice %r; keeping the current one", voice_id)
            return
        with self._lock:
            self._want = (self._want[0], voice_id)

    def set_language(self, code: str) -> bool:
        """Speak with the first voice for language ``code`` (see :func:`find_voice`); ``""``: the default.

        Returns:
            False, changing nothing, when no voice speaks ``code``.
        """
        if not code.strip():
            self.set_voice("")
            return True
        voice = find_voice(self._voices, code)
        if voice is None:
            return False
        self.set_voice(voice.id)
        return True

    @property
    def worked(self) -> bool:
        """Whether this voice has said an utterance to its end and been heard (no sound device: never)."""
        return self._heard

    def speaking(self) -> bool | None:
        """Whether an utterance given to :meth:`speak` is still queued or being heard (thread-safe).

        Returns:
            True from the moment :meth:`speak` is called until the last queued utterance has been heard to
            its end (pyttsx3's driver ended it; on Linux, aplay has ended) or was silenced and its player
            has ended; False after, and once the voice has failed or is closed; None when the voice is stuck
            in one utterance for longer than ``stall_timeout`` (then the caller estimates, and the next
            :meth:`speak` raises). Never raises.
        """
        try:
            if self._error is not None or self._closed or not self._thread.is_alive():
                return False
            if self._stuck():
                return None
            with self._lock:
                return self._pending > 0
        except Exception:  # never: a question about the voice must not stop the game
            log.exception("Could not tell whether the system voice is speaking")
            return None

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
