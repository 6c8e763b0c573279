"""The contract every speech backend keeps, as a pytest mixin (like keyring's ``testing/backend.py``).

Only tests and benchmarks import this module (it needs pytest). Subclass :class:`BackendContract`, give it a
``backend`` fixture that yields a fresh backend, and override :meth:`BackendContract.heard` when the test can
observe what the backend really said::

    class TestSilent(BackendContract):
        @pytest.fixture
        def backend(self) -> Iterator[SpeechBackend]:
            yield SilentBackend()

:class:`PlaybackCapture` records what the game's own voice plays on Linux, with or without a sound card.
"""

from __future__ import annotations

import array
import json
import math
import shlex
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from lcr_audio.output.speech.base import SpeechBackend

KNOWN_NAMES = frozenset({"screen-reader", "tts", "console", "silent", "recording"})


class BackendContract:
    """Tests every :class:`SpeechBackend` must pass. Nothing may reach stdout or stderr in any of them."""

    @pytest.fixture
    def backend(self) -> Iterator[SpeechBackend]:
        """A fresh backend; subclasses must override this fixture."""
        raise NotImplementedError("Subclasses give a `backend` fixture.")

    def heard(self, backend: SpeechBackend, expected: list[str]) -> list[str] | None:
        """What ``backend`` has said so far, once it has said ``expected`` (or a timeout passed).

        Returns None when this backend's output cannot be observed (then only silence on the terminal and
        the absence of errors are checked).
        """
        return None

    def assert_heard(self, backend: SpeechBackend, expected: list[str]) -> None:
        heard = self.heard(backend, expected)
        if heard is not None:
            assert heard == expected

    @staticmethod
    def assert_quiet(capfd: pytest.CaptureFixture[str]) -> None:
        out, err = capfd.readouterr()
        assert (out, err) == ("", "")

    def test_name_and_prints(self, backend: SpeechBackend) -> None:
        assert backend.name in KNOWN_NAMES
        assert isinstance(backend.prints, bool)

    def test_speaks_in_order(self, backend: SpeechBackend, capfd: pytest.CaptureFixture[str]) -> None:
        backend.speak("Ana rolls L, dot, C.")
        backend.speak("Bo 4, pot 1.")
        self.assert_heard(backend, ["Ana rolls L, dot, C.", "Bo 4, pot 1."])
        backend.close()
        self.assert_quiet(capfd)

    def test_interrupting_speech(self, backend: SpeechBackend, capfd: pytest.CaptureFixture[str]) -> None:
        backend.speak("It is Cy's turn.")
        self.assert_heard(backend, ["It is Cy's turn."])
        backend.speak("Cy 3 chips, pot 2.", interrupt=True)
        self.assert_heard(backend, ["It is Cy's turn.", "Cy 3 chips, pot 2."])
        backend.close()
        self.assert_quiet(capfd)

    def test_silence_then_speak(self, backend: SpeechBackend, capfd: pytest.CaptureFixture[str]) -> None:
        backend.silence()
        backend.speak("Dee wins with 9 chips.")
        self.assert_heard(backend, ["Dee wins with 9 chips."])
        backend.close()
        self.assert_quiet(capfd)

    def test_braille(self, backend: SpeechBackend, capfd: pytest.CaptureFixture[str]) -> None:
        backend.braille("Pot 3.")
        backend.close()
        self.assert_quiet(capfd)

    def test_close_twice(self, backend: SpeechBackend, capfd: pytest.CaptureFixture[str]) -> None:
        backend.speak("Goodbye.")
        self.assert_heard(backend, ["Goodbye."])
        backend.close()
        backend.close()
        self.assert_quiet(capfd)


RECORDER = """\
import os, sys, time
folder, rate, player = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
name = os.path.join(folder, "%020d-%d-%d" % (time.time_ns(), player, os.getpid()))
start, total = time.monotonic(), 0
with open(name + ".part", "wb") as out:
    while chunk := os.read(0, 4096):
        out.write(chunk)
        total += len(chunk)
        delay = start + total / rate - time.monotonic() if rate > 0 else 0
        if delay > 0:
            time.sleep(delay)
os.rename(name + ".part", name + ".raw")
"""


@dataclass(frozen=True)
class Recording:
    """One playback as the sound device received it: 16-bit signed little-endian mono samples."""

    samples: bytes
    player: int = 0
    """The process id of the program that played it (aplay), or 0 when not known."""

    @property
    def frames(self) -> int:
        """How many samples it holds."""
        return len(self.samples) // 2

    @property
    def rms(self) -> float:
        """Root mean square of the samples (0 for silence or nothing)."""
        values = array.array("h", self.samples[: self.frames * 2])
        if sys.byteorder != "little":
            values.byteswap()
        if not values:
            return 0.0
        return math.sqrt(sum(v * v for v in values) / len(values))


def _read(path: Path) -> Recording:
    """The recording in ``path``, named by the recorder: start time, player's process id, recorder's."""
    return Recording(path.read_bytes(), int(path.stem.split("-")[1]))


class PlaybackCapture:
    """A stand-in sound card for child processes that play through ALSA (aplay): each playback is recorded
    to its own file in ``folder``, so a test can check that every sound played holds sound.

    Set :attr:`environment` in the environment of the process that starts aplay (``os.environ`` of the
    test, with ``monkeypatch.setenv``). ALSA's ``null`` device alone ends a 5 s sound in milliseconds; with
    ``bytes_per_second`` (44100 for eSpeak's 22050 Hz 16-bit mono) the recorder takes the samples at that
    rate, so aplay plays as long as on a sound card.
    """

    def __init__(self, folder: Path, bytes_per_second: float = 0) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        recorder = folder / "recorder.py"
        recorder.write_text(RECORDER, encoding="utf-8")
        conf = folder / "asound.conf"
        # The shell that ALSA starts for the pipe names its parent, the player, while it is surely alive;
        # Python without its site packages starts in a fifth of the time (each playback waits for it).
        command = f"|exec {shlex.quote(sys.executable)} -S -I {shlex.quote(str(recorder))} "
        command += f"{shlex.quote(str(folder))} {bytes_per_second:g} $PPID"
        conf.write_text(
            "pcm.!default {\n"
            "    type file\n"
            '    slave.pcm "null"\n'
            f"    file {json.dumps(command)}\n"
            '    format "raw"\n'
            "}\n",
            encoding="utf-8",
        )
        self.environment = {"ALSA_CONFIG_PATH": f"/usr/share/alsa/alsa.conf:{conf}"}

    def recordings(self, expected: int = 0, timeout: float = 10.0) -> list[Recording]:
        """Every finished recording, oldest first, once ``expected`` of them are finished (or ``timeout``
        seconds passed: then fewer are returned)."""
        deadline = time.monotonic() + timeout
        while True:
            done = sorted(self.folder.glob("*.raw"))
            if len(done) >= expected or time.monotonic() > deadline:
                return [_read(path) for path in done]
            time.sleep(0.01)

    def take(self, timeout: float = 10.0) -> list[Recording]:
        """Every recording, oldest first, once none is being recorded (or ``timeout`` seconds passed); they
        are removed from the card, so the next call returns only later ones."""
        deadline = time.monotonic() + timeout
        while self.recording_now() and time.monotonic() < deadline:
            time.sleep(0.01)
        done = sorted(self.folder.glob("*.raw"))
        recordings = [_read(path) for path in done]
        for path in done:
            path.unlink()
        return recordings

    def recording_now(self) -> bool:
        """True while a playback is being recorded (a recorder has started and not finished)."""
        return any(self.folder.glob("*.part"))
