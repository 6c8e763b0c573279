"""The system-voice backend: its worker thread with a fake engine, then the real pyttsx3 on this machine."""

from __future__ import annotations

import logging
import shlex
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, ClassVar, NoReturn

import pytest

from lcr_audio.speech import SpeechBackend, SpeechError, TtsBackend, Voice
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
def real_tts(missing_system: Callable[[str], NoReturn]) -> Iterator[TtsBackend]:
    try:
        backend = TtsBackend()
    except SpeechError as exc:
        missing_system(f"pyttsx3 cannot start a voice on this machine: {exc}")
    yield backend
    backend.close()


@pytest.mark.requires_voice
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
    if sys.platform.startswith("linux"):
        # eSpeak played both through our quiet player (aplay may fail with no sound card: that is fine)
        assert tts_module._PLAYER.runs - runs_before == 2


@pytest.mark.requires_voice
def test_real_voice_can_be_interrupted(real_tts: TtsBackend, capfd: pytest.CaptureFixture[str]) -> None:
    real_tts.speak("This sentence is long enough to be cut off before it ends, if playback works at all.")
    real_tts.speak("Short.", interrupt=True)
    real_tts.silence()
    assert real_tts.wait_until_idle(15.0)
    real_tts.close()
    assert capfd.readouterr() == ("", "")


@pytest.mark.requires_voice
def test_real_voice_lists_its_voices_and_speaks_spanish_faster(
    real_tts: TtsBackend, capfd: pytest.CaptureFixture[str], missing_system: Callable[[str], NoReturn]
) -> None:
    voices = real_tts.voices()
    if not voices:
        missing_system("this system voice does not list its voices")
    spanish = tts_module.find_voice(voices, "es")
    assert real_tts.set_language("es") is (spanish is not None)
    assert real_tts.set_language("zz-not-a-language") is False
    real_tts.set_rate(5)
    real_tts.speak("Ana tira: izquierda, centro, punto.")
    assert real_tts.wait_until_idle(15.0)
    real_tts.speak("Still talking.")  # the voice survived the settings
    assert real_tts.wait_until_idle(15.0)
    real_tts.close()
    assert capfd.readouterr() == ("", "")


# -- rate, voice and language on the worker thread ----------------------------------------------------------


class PropertyEngine(FakeEngine):
    """A fake engine with pyttsx3's properties: voices, voice, rate. Logs property sets and says in order."""

    VOICES: ClassVar[list[SimpleNamespace]] = [
        SimpleNamespace(id="gmw/en", name="English (Great Britain)", languages=["en-gb"]),
        SimpleNamespace(id="gmw/en-us", name="English (America)", languages=["en_US"]),
        SimpleNamespace(id="esx/kl", name="Greenlandic", languages=[b"\x05kl"]),
        SimpleNamespace(id="roa/es-419", name="Spanish (Latin America)", languages=["es-419"]),
        SimpleNamespace(id="roa/es", name="Spanish (Spain)", languages=["es"]),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.properties: dict[str, Any] = {"voice": "gmw/en", "rate": 200}
        self.log: list[tuple[str, Any]] = []

    def getProperty(self, name: str) -> Any:  # pyttsx3's name
        self.threads.add(threading.current_thread().name)
        if name == "voices":
            return self.VOICES
        return self.properties[name]

    def setProperty(self, name: str, value: Any) -> None:  # pyttsx3's name
        self.threads.add(threading.current_thread().name)
        if name == "voice" and value not in {v.id for v in self.VOICES}:
            raise ValueError(f"no voice {value}")
        self.properties[name] = value
        self.log.append((name, value))

    def say(self, text: str) -> None:
        super().say(text)
        self.log.append(("say", text))


def test_voices_are_listed_once_on_the_worker_thread() -> None:
    engine = PropertyEngine()
    backend = _backend(engine)
    voices = backend.voices()
    backend.close()
    assert engine.threads == {"lcr-audio-tts"}
    assert voices[:3] == [
        Voice("gmw/en", "English (Great Britain)", ("en-gb",)),
        Voice("gmw/en-us", "English (America)", ("en-us",)),
        Voice("esx/kl", "Greenlandic", ("kl",)),  # old eSpeak's priority byte dropped
    ]


def test_rate_and_voice_are_set_by_the_worker_before_the_next_utterance() -> None:
    engine = PropertyEngine()
    backend = _backend(engine)
    backend.set_rate(5)
    backend.set_voice("gmw/en-us")
    backend.speak("Ana rolls.")
    backend.set_rate(-10)
    backend.speak("Bo rolls.")
    backend.set_rate(99)  # clamped to 10
    backend.speak("Cy rolls.")
    assert backend.wait_until_idle(WAIT)
    backend.close()
    assert engine.threads == {"lcr-audio-tts"}  # only the engine's own thread touched it
    assert engine.log == [  # each utterance with the settings made before it was queued
        ("voice", "gmw/en-us"),
        ("rate", tts_module.rate_for_step(200, 5)),  # after the voice: a new voice may reset the rate
        ("say", "Ana rolls."),
        ("rate", 77),
        ("say", "Bo rolls."),
        ("rate", 519),
        ("say", "Cy rolls."),
    ]
    assert tts_module.rate_for_step(200, 5) == 322 and tts_module.rate_for_step(200, 0) == 200


def test_set_language_picks_the_first_matching_voice_and_refuses_unknown_ones() -> None:
    engine = PropertyEngine()
    backend = _backend(engine)
    assert backend.set_language("es") is True
    backend.speak("Hola.")
    assert backend.wait_until_idle(WAIT)
    assert engine.properties["voice"] == "roa/es"  # exact beats es-419, and "esx/kl" is not Spanish
    assert backend.set_language("xx") is False
    assert backend.set_language("") is True  # back to the voice the engine started with
    backend.speak("Hello.")
    assert backend.wait_until_idle(WAIT)
    backend.close()
    assert engine.properties["voice"] == "gmw/en"


def test_an_unknown_voice_is_ignored_and_a_voice_the_engine_refuses_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    engine = PropertyEngine()
    backend = _backend(engine)
    with caplog.at_level(logging.WARNING, logger="lcr_audio.speech.tts"):
        backend.set_voice("no/such-voice")
        backend._voices.append(Voice("ghost", "Ghost"))  # listed, yet the engine will refuse it
        backend.set_voice("ghost")
        backend.speak("Still speaking.")
        assert backend.wait_until_idle(WAIT)
    backend.close()
    assert engine.properties["voice"] == "gmw/en"
    assert ("say", "Still speaking.") in engine.log
    messages = [r.getMessage() for r in caplog.records]
    assert any("has no voice 'no/such-voice'" in m for m in messages)
    assert any("could not take voice 'ghost'" in m for m in messages)


def test_settings_survive_silence() -> None:
    engine = PropertyEngine()
    engine.gate.clear()
    backend = _backend(engine)
    backend.speak("First.")
    assert engine.started.wait(WAIT)
    backend.set_rate(2)
    backend.speak("Dropped.")
    backend.silence()
    backend.speak("Second.")
    engine.gate.set()
    assert backend.wait_until_idle(WAIT)
    backend.close()
    assert engine.log == [("say", "First."), ("rate", 242), ("say", "Second.")]


def test_an_engine_without_properties_offers_nothing_and_still_speaks() -> None:
    engine = FakeEngine()  # no getProperty / setProperty
    backend = _backend(engine)
    assert backend.voices() == []
    assert backend.set_language("es") is False
    backend.set_rate(3)
    backend.set_voice("anything")
    backend.speak("Pot 1.")
    assert backend.wait_until_idle(WAIT)
    backend.close()
    assert engine.said == [("Pot 1.", "done")]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("es", "roa/es"),
        ("ES_es", "roa/es"),  # no es-es voice: Spanish itself
        ("es-419", "roa/es-419"),
        ("en", "gmw/en"),  # the id names it
        ("en-US", "gmw/en-us"),
        ("kl", "esx/kl"),
        ("de", None),
        ("", None),
    ],
)
def test_find_voice(code: str, expected: str | None) -> None:
    voices = [tts_module._to_voice(raw) for raw in PropertyEngine.VOICES]
    found = tts_module.find_voice(voices, code)
    assert (found.id if found else None) == expected


def test_find_voice_reads_sapi5_ids_without_taking_ms_for_malay() -> None:
    base = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\"
    zira = Voice(base + "TTS_MS_EN-US_ZIRA_11.0", "Microsoft Zira Desktop - English (United States)")
    helena = Voice(base + "TTS_MS_ES-ES_HELENA_11.0", "Microsoft Helena Desktop - Spanish (Spain)")
    assert tts_module.find_voice([zira, helena], "es") == helena
    assert tts_module.find_voice([zira, helena], "en-us") == zira
    assert tts_module.find_voice([zira, helena], "ms") is None


# -- the player: what silence() does to the eSpeak driver's aplay ------------------------------------------


def _stubborn_command(started: Path) -> str:
    """A command that ignores SIGTERM (a player draining its device) and says when it is ready."""
    code = (
        "import pathlib, signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        f"pathlib.Path({str(started)!r}).touch(); time.sleep(30)"
    )
    return shlex.join([sys.executable, "-c", code])


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM and SIGKILL are POSIX")
def test_stop_kills_a_player_that_ignores_sigterm_after_the_grace(tmp_path: Path) -> None:
    player = tts_module._Player()
    started = tmp_path / "started"
    statuses: list[int] = []
    worker = threading.Thread(target=lambda: statuses.append(player.system(_stubborn_command(started))))
    player.arm()
    worker.start()
    deadline = time.monotonic() + WAIT
    while not started.exists():
        assert time.monotonic() < deadline, "the player never started"
        time.sleep(0.01)
    begin = time.monotonic()
    player.stop()
    worker.join(WAIT)
    assert not worker.is_alive()
    assert time.monotonic() - begin < 1.0  # about STOP_GRACE, not the 30 s sleep
    assert statuses == [-9]  # SIGKILL
    assert player.process is None


def test_playback_silenced_before_it_started_never_runs() -> None:
    player = tts_module._Player()
    player.arm()
    player.stop()  # silence() while eSpeak was still synthesising
    begin = time.monotonic()
    assert player.system(shlex.join([sys.executable, "-c", "import time; time.sleep(30)"])) == 0
    assert time.monotonic() - begin < 1.0
    assert player.runs == 0
    player.arm()  # the next utterance plays again
    assert player.system(shlex.join([sys.executable, "-c", "pass"])) == 0
    assert player.runs == 1


def test_a_voice_no_sound_device_plays_counts_as_failed() -> None:
    """aplay failing again and again (no sound device): the next utterance raises, so the Speaker tells the
    player once and goes on in printed lines instead of a voice nobody hears."""
    from lcr_audio.speech import tts

    backend = _backend(FakeEngine())
    backend.speak("Heard.")
    for _ in range(tts.PLAYBACK_FAILURES):
        tts._PLAYER.arm()  # wanted: not silenced before it started
        assert tts._PLAYER.system("false") > 0  # a player that fails on its own, as aplay without a device
    with pytest.raises(SpeechError, match="no sound device"):
        backend.speak("Not heard.")
    backend.close()
    tts._PLAYER.failures = 0
