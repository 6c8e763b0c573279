"""The system-voice backend: its worker thread with a fake engine, then the real pyttsx3 on this machine."""

from __future__ import annotations

import logging
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from lcr_audio.speech import SpeechBackend, SpeechError, TtsBackend
from lcr_audio.speech import tts as tts_module
from lcr_audio.speech.testing import BackendContract

WAIT = 5.0  # seconds; every wait below normally ends in milliseconds


class FakeEngine:
    """A pyttsx3 engine stand-in that records what it said, on which thread, and whether it was stopped."""

    def __init__(self, *, fail_on: str | None = None) -> None:
        self.fail_on = fail_on
        self.said: list[tuple[str, str]] = []  # (text, "done" | "stopped")
        self.threads: set[str] = set()
        self.callbacks: dict[str, list[Callable[..., None]]] = {}
        self.gate = threading.Event()
        self.gate.set()
        self.started = threading.Event()
        self._text: str | None = None
        self._stopped = False

    def connect(self, topic: str, cb: Callable[..., None]) -> dict[str, Any]:
        self.callbacks.setdefault(topic, []).append(cb)
        return {"topic": topic, "cb": cb}

    def say(self, text: str) -> None:
        assert self._text is None, "one say per runAndWait (pyttsx3 issue 440)"
        self.threads.add(threading.current_thread().name)
        self._text = text

    def runAndWait(self) -> None:  # pyttsx3's name
        text, self._text = self._text, None
        assert text is not None
        self.threads.add(threading.current_thread().name)
        if text == self.fail_on:
            raise RuntimeError("the driver broke")
        self._stopped = False
        self.started.set()
        self.gate.wait(WAIT)
        for cb in self.callbacks.get("started-word", []):
            cb(name=text, location=0, length=len(text))
        self.said.append((text, "stopped" if self._stopped else "done"))

    def stop(self) -> None:
        self.threads.add(threading.current_thread().name)
        self._stopped = True


def _backend(engine: FakeEngine) -> TtsBackend:
    return TtsBackend(engine_factory=lambda: engine)


class TestFakeEngineContract(BackendContract):
    @pytest.fixture
    def backend(self) -> Iterator[SpeechBackend]:
        self.engine = FakeEngine()
        backend = _backend(self.engine)
        yield backend
        backend.close()

    def heard(self, backend: SpeechBackend, expected: list[str]) -> list[str] | None:
        assert isinstance(backend, TtsBackend)
        assert backend.wait_until_idle(WAIT)
        return [text for text, _how in self.engine.said]


def test_engine_lives_on_one_worker_thread() -> None:
    engine = FakeEngine()
    backend = _backend(engine)
    backend.speak("One.")
    backend.speak("Two.")
    assert backend.wait_until_idle(WAIT)
    backend.close()
    assert engine.threads == {"lcr-audio-tts"}
    assert engine.said == [("One.", "done"), ("Two.", "done")]


def test_interrupt_stops_the_current_utterance_and_drops_the_queue() -> None:
    engine = FakeEngine()
    engine.gate.clear()
    backend = _backend(engine)
    backend.speak("Ana rolls L, dot, C.")
    assert engine.started.wait(WAIT)
    backend.speak("Ana 1, Bo 4, pot 1.")
    backend.speak("Bo's turn.")
    backend.speak("Status: Ana 1, Bo 4.", interrupt=True)
    engine.gate.set()
    assert backend.wait_until_idle(WAIT)
    backend.close()
    assert engine.said == [("Ana rolls L, dot, C.", "stopped"), ("Status: Ana 1, Bo 4.", "done")]
    assert "MainThread" not in engine.threads  # stop() ran on the engine's own thread


def test_silence_skips_everything_queued_before_it() -> None:
    engine = FakeEngine()
    engine.gate.clear()
    backend = _backend(engine)
    backend.speak("First.")
    assert engine.started.wait(WAIT)
    backend.speak("Stale one.")
    backend.speak("Stale two.")
    backend.silence()
    backend.speak("Fresh.")
    engine.gate.set()
    assert backend.wait_until_idle(WAIT)
    backend.close()
    assert engine.said == [("First.", "stopped"), ("Fresh.", "done")]


def test_worker_failure_is_logged_and_the_next_speak_raises(caplog: pytest.LogCaptureFixture) -> None:
    engine = FakeEngine(fail_on="Boom.")
    backend = _backend(engine)
    with caplog.at_level(logging.ERROR, logger="lcr_audio.speech.tts"):
        backend.speak("Boom.")
        assert backend.wait_until_idle(WAIT)
    assert [r.getMessage() for r in caplog.records] == ["The system voice failed while saying 'Boom.'"]
    with pytest.raises(SpeechError, match="the driver broke"):
        backend.speak("Next.")
    backend.close()


def test_engine_that_cannot_start_raises_speech_error(capfd: pytest.CaptureFixture[str]) -> None:
    def factory() -> Any:
        print("library banner")
        print("library complaint", file=sys.stderr)
        raise OSError("libespeak.so.1: cannot open shared object file")

    with pytest.raises(SpeechError, match="libespeak"):
        TtsBackend(engine_factory=factory)
    assert capfd.readouterr() == ("", "")


def test_engine_that_never_starts_times_out() -> None:
    release = threading.Event()

    def factory() -> Any:
        release.wait(WAIT)
        return FakeEngine()

    try:
        with pytest.raises(SpeechError, match=r"did not start within 0\.2 seconds"):
            TtsBackend(engine_factory=factory, start_timeout=0.2)
    finally:
        release.set()


def test_blank_text_never_reaches_the_engine() -> None:
    engine = FakeEngine()
    backend = _backend(engine)
    backend.speak("  ")
    backend.speak("Pot 2.")
    assert backend.wait_until_idle(WAIT)
    backend.close()
    assert engine.said == [("Pot 2.", "done")]


def test_a_voice_stuck_in_one_utterance_counts_as_failed() -> None:
    engine = FakeEngine()
    engine.gate.clear()
    backend = TtsBackend(engine_factory=lambda: engine, stall_timeout=0.05)
    backend.speak("Never ends.")
    assert engine.started.wait(WAIT)
    time.sleep(0.1)
    with pytest.raises(SpeechError, match="stuck"):
        backend.speak("Next.")
    engine.gate.set()
    backend.close()


def test_closed_backend_refuses_to_speak() -> None:
    backend = _backend(FakeEngine())
    backend.close()
    with pytest.raises(SpeechError):
        backend.speak("Hello.")


# -- the real pyttsx3 ---------------------------------------------------------------------------------------


@pytest.fixture
def real_tts() -> Iterator[TtsBackend]:
    try:
        backend = TtsBackend()
    except SpeechError as exc:
        pytest.skip(f"pyttsx3 cannot start a voice on this machine: {exc}")
    yield backend
    backend.close()


def test_real_voice_starts_speaks_and_closes_without_a_sound_on_the_terminal(
    real_tts: TtsBackend, capfd: pytest.CaptureFixture[str]
) -> None:
    runs_before = tts_module._PLAYER.runs
    real_tts.speak("Ana rolls L, dot, C.")
    real_tts.speak("Bo 4, pot 1.")
    assert real_tts.wait_until_idle(15.0)
    real_tts.close()
    real_tts.close()
    assert capfd.readouterr() == ("", "")
    if sys.platform.startswith("linux") and shutil.which("aplay"):
        # eSpeak played both through our quiet player (aplay may fail with no sound card: that is fine)
        assert tts_module._PLAYER.runs - runs_before == 2


def test_real_voice_can_be_interrupted(real_tts: TtsBackend, capfd: pytest.CaptureFixture[str]) -> None:
    real_tts.speak("This sentence is long enough to be cut off before it ends, if playback works at all.")
    real_tts.speak("Short.", interrupt=True)
    real_tts.silence()
    assert real_tts.wait_until_idle(15.0)
    real_tts.close()
    assert capfd.readouterr() == ("", "")
