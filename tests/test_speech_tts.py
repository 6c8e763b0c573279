"""The system-voice backend: its worker thread with a fake engine, the real voice on this machine (eSpeak NG
through aplay on Linux, recorded by a stand-in sound card), the Linux engine with fake programs, and which
engine each platform gets."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import subprocess
import sys
import tempfile
import threading
import time
import wave
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any, ClassVar, NoReturn

import pytest
from random_keys import check_nothing_lost, game_with_random_keys
from support.waiting import wait_until

from lcr_audio.output.speech import Speaker, SpeechBackend, SpeechError, TtsBackend, Voice
from lcr_audio.output.speech import tts as tts_module
from lcr_audio.output.speech.testing import BackendContract, PlaybackCapture, Recording

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


def _saying(text: str, stall_timeout: float | None = None) -> tuple[FakeEngine, TtsBackend]:
    """A backend whose engine has started to say ``text`` and is held there until ``engine.gate`` is set;
    given ``stall_timeout``, the backend's (seconds before an utterance that never ends counts as stuck)."""
    engine = FakeEngine()
    engine.gate.clear()
    if stall_timeout is None:
        backend = _backend(engine)
    else:
        backend = TtsBackend(engine_factory=lambda: engine, stall_timeout=stall_timeout)
    backend.speak(text)
    assert engine.started.wait(WAIT)
    return engine, backend


def _said(*texts: str) -> FakeEngine:
    """The engine of a backend that was asked to say ``texts`` in order, said everything and was closed."""
    engine = FakeEngine()
    backend = _backend(engine)
    for text in texts:
        backend.speak(text)
    _finish(backend)
    return engine


def _finish(backend: TtsBackend) -> None:
    """Wait until ``backend`` has said everything (WAIT seconds at most), then close it."""
    assert backend.wait_until_idle(WAIT)
    backend.close()


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
    engine = _said("One.", "Two.")
    assert engine.threads == {"lcr-audio-tts"}
    assert engine.said == [("One.", "done"), ("Two.", "done")]


def test_interrupt_stops_the_current_utterance_and_drops_the_queue() -> None:
    engine, backend = _saying("Ana rolls L, dot, C.")
    backend.speak("Ana 1, Bo 4, pot 1.")
    backend.speak("Bo's turn.")
    backend.speak("Status: Ana 1, Bo 4.", interrupt=True)
    engine.gate.set()
    _finish(backend)
    assert engine.said == [("Ana rolls L, dot, C.", "stopped"), ("Status: Ana 1, Bo 4.", "done")]
    assert "MainThread" not in engine.threads  # stop() ran on the engine's own thread


def test_silence_skips_everything_queued_before_it() -> None:
    engine, backend = _saying("First.")
    backend.speak("Stale one.")
    backend.speak("Stale two.")
    backend.silence()
    backend.speak("Fresh.")
    engine.gate.set()
    _finish(backend)
    assert engine.said == [("First.", "stopped"), ("Fresh.", "done")]


def test_worker_failure_is_logged_and_the_next_speak_raises(caplog: pytest.LogCaptureFixture) -> None:
    engine = FakeEngine(fail_on="Boom.")
    backend = _backend(engine)
    with caplog.at_level(logging.ERROR, logger="lcr_audio.output.speech.tts"):
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
    engine = _said("  ", "Pot 2.")
    assert engine.said == [("Pot 2.", "done")]


class _StillClock:
    """``time`` as the voice's module reads it, with a ``monotonic`` that only the test moves on."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


def test_a_voice_stuck_in_one_utterance_counts_as_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _StillClock()
    monkeypatch.setattr(tts_module, "time", clock)
    engine, backend = _saying("Never ends.", stall_timeout=60.0)
    backend.speak("Next.")  # 0 s into the utterance: queued, not stuck
    clock.now += 61.0  # longer than the stall limit, on the voice's clock
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
def real_tts(
    missing_system: Callable[[str], NoReturn], request: pytest.FixtureRequest
) -> Iterator[TtsBackend]:
    """The real system voice; its tests must be marked ``requires_voice`` (see conftest.py)."""
    assert request.node.get_closest_marker("requires_voice"), "mark this test @pytest.mark.requires_voice"
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
    _finish(backend)
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
    _finish(backend)
    assert engine.properties["voice"] == "gmw/en"


def test_an_unknown_voice_is_ignored_and_a_voice_the_engine_refuses_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    engine = PropertyEngine()
    backend = _backend(engine)
    with caplog.at_level(logging.WARNING, logger="lcr_audio.output.speech.tts"):
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
    _finish(backend)
    assert engine.log == [("say", "First."), ("rate", 242), ("say", "Second.")]


def test_an_engine_without_properties_offers_nothing_and_still_speaks() -> None:
    engine = FakeEngine()  # no getProperty / setProperty
    backend = _backend(engine)
    assert backend.voices() == []
    assert backend.set_language("es") is False
    backend.set_rate(3)
    backend.set_voice("anything")
    backend.speak("Pot 1.")
    _finish(backend)
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


# -- the player: what silence() does to aplay ------------------------------------------


def _stubborn_command(started: Path) -> list[str]:
    """A command that ignores SIGTERM (a player draining its device) and says when it is ready."""
    code = (
        "import pathlib, signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
        f"pathlib.Path({str(started)!r}).touch(); time.sleep(30)"
    )
    return [sys.executable, "-c", code]


@pytest.mark.system
@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM and SIGKILL are POSIX")
def test_stop_kills_a_player_that_ignores_sigterm_after_the_grace(tmp_path: Path) -> None:
    player = tts_module._Player()
    started = tmp_path / "started"
    statuses: list[int] = []
    worker = threading.Thread(target=lambda: statuses.append(player.play(_stubborn_command(started))))
    player.arm()
    worker.start()
    wait_until(started.exists, "the player started")
    begin = time.monotonic()
    player.stop()
    worker.join(WAIT)
    assert not worker.is_alive()
    assert time.monotonic() - begin < WAIT  # about STOP_GRACE (a busy machine may take longer), not 30 s
    assert statuses == [-9]  # SIGKILL
    assert player.process is None


@pytest.mark.system
def test_playback_silenced_before_it_started_never_runs() -> None:
    player = tts_module._Player()
    player.arm()
    player.stop()  # silence() while eSpeak was still synthesising
    begin = time.monotonic()
    assert player.play([sys.executable, "-c", "import time; time.sleep(30)"]) == 0
    assert time.monotonic() - begin < WAIT  # at once, not the 30 s sleep (a busy machine may be slow)
    assert player.runs == 0
    player.arm()  # the next utterance plays again
    assert player.play([sys.executable, "-c", "pass"]) == 0
    assert player.runs == 1


@pytest.mark.system
def test_a_voice_no_sound_device_plays_counts_as_failed() -> None:
    """aplay failing again and again (no sound device): the next utterance raises, so the Speaker tells the
    player once and goes on in printed lines instead of a voice nobody hears."""
    from lcr_audio.output.speech import tts

    backend = _backend(FakeEngine())
    backend.speak("Heard.")
    for _ in range(tts.PLAYBACK_FAILURES):
        tts._PLAYER.arm()  # wanted: not silenced before it started
        assert tts._PLAYER.play(["false"]) > 0  # a player that fails on its own, as aplay without a device
    with pytest.raises(SpeechError, match="no sound device"):
        backend.speak("Not heard.")
    backend.close()
    tts._PLAYER.failures = 0


@pytest.mark.system
def test_a_voice_counts_as_working_only_once_an_utterance_was_heard() -> None:
    """An utterance whose player failed (no sound device) was not heard: the voice has not worked yet, so
    the Speaker says it "could not start", not that it "stopped working" (critic, 2 Dec)."""
    from lcr_audio.output.speech import tts

    backend = _backend(FakeEngine())
    try:
        assert not backend.worked
        tts._PLAYER.arm()
        assert tts._PLAYER.play(["false"]) > 0  # the last playback failed, as aplay without a device
        backend.speak("Not heard.")
        assert backend.wait_until_idle(WAIT)
        assert not backend.worked
        tts._PLAYER.failures = 0  # a clean playback
        backend.speak("Heard.")
        assert backend.wait_until_idle(WAIT)
        assert backend.worked
    finally:
        backend.close()
        tts._PLAYER.failures = 0


# -- speaking(): true from speak() until the last utterance has been heard ---------------------------------


def _until(condition: Callable[[], bool]) -> bool:
    """Poll ``condition`` until it holds or WAIT seconds pass; return its last value."""
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)  # a poll, up to WAIT
    return True


def test_speaking_is_true_from_speak_until_the_last_utterance_has_ended() -> None:
    engine = FakeEngine()
    engine.gate.clear()
    backend = _backend(engine)
    assert backend.speaking() is False
    backend.speak("Ana rolls L, dot, C.")
    assert backend.speaking() is True  # at once, before the worker has taken it
    assert engine.started.wait(WAIT)
    backend.speak("Bo's turn.")
    assert backend.speaking() is True
    engine.gate.set()
    assert _until(lambda: backend.speaking() is False)
    assert engine.said == [("Ana rolls L, dot, C.", "done"), ("Bo's turn.", "done")]  # both ended first
    backend.close()
    assert backend.speaking() is False


def test_speaking_after_silence_lasts_until_the_utterance_under_way_has_stopped() -> None:
    engine, backend = _saying("First.")
    backend.speak("Dropped.")
    backend.silence()
    assert backend.speaking() is True  # the engine has not let go of "First." yet
    engine.gate.set()
    assert _until(lambda: backend.speaking() is False)
    assert engine.said == [("First.", "stopped")]
    backend.close()


def test_speaking_is_false_after_a_failure_and_none_when_stuck_or_unanswerable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    broken = _backend(FakeEngine(fail_on="Boom."))
    broken.speak("Boom.")
    assert _until(lambda: broken.speaking() is False)
    broken.close()

    engine, stuck = _saying("Never ends.", stall_timeout=0.05)
    assert _until(lambda: stuck.speaking() is None)  # the caller estimates; its next speak() raises

    def fail() -> bool:
        raise RuntimeError("surprise")

    with monkeypatch.context() as patch:
        patch.setattr(stuck, "_stuck", fail)
        assert stuck.speaking() is None  # never raises
    engine.gate.set()
    stuck.close()


def test_speaking_is_consistent_while_threads_speak_and_ask() -> None:
    engine = FakeEngine()
    backend = _backend(engine)
    answers: list[bool | None] = []

    def talk(name: str) -> None:
        for number in range(20):
            backend.speak(f"{name} {number}.")
            answers.append(backend.speaking())

    threads = [threading.Thread(target=talk, args=(name,)) for name in ("Ana", "Bo", "Cy")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    assert _until(lambda: backend.speaking() is False)
    backend.close()
    assert answers == [True] * 60  # each asked right after its own speak(), which was not yet heard
    assert len(engine.said) == 60


# -- which engine each platform gets -----------------------------------------------------------------------


@pytest.mark.parametrize("platform", ["win32"])
def test_windows_speaks_through_pyttsx3(platform: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = PropertyEngine()
    built: list[tuple[object, ...]] = []

    def fake_engine(*args: object) -> PropertyEngine:
        built.append(args)
        return engine

    monkeypatch.setitem(sys.modules, "pyttsx3.engine", SimpleNamespace(Engine=fake_engine))
    backend = TtsBackend(engine_factory=tts_module.default_engine_factory(platform))
    backend.set_language("es")
    backend.speak("Hola.")
    _finish(backend)
    assert built == [()]  # the platform's own driver (SAPI5), not pyttsx3.init's shared cache
    assert engine.log == [("voice", "roa/es"), ("rate", 200), ("say", "Hola.")]  # rate again after a voice


@pytest.mark.parametrize("platform", ["linux", "freebsd14"])
def test_other_systems_speak_through_espeak_ng(platform: str) -> None:
    assert tts_module.default_engine_factory(platform) is tts_module._espeak_ng_engine


# -- the Linux engine with fake espeak-ng and aplay programs -----------------------------------------------

FAKE_VOICES = """\
Pty Language       Age/Gender VoiceName          File                 Other Languages
 5  en-029          --/M      English_(Caribbean) gmw/en-029           (en 10)
 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)
 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)
 5  es              --/M      Spanish_(Spain)    roa/es
"""

FAKE_ESPEAK = """\
import json, sys, wave
log, voices = sys.argv[1], sys.argv[2]
args = sys.argv[3:]
if args == ["--voices"]:
    print(open(voices).read(), end="")
    sys.exit(0)
text = sys.stdin.read()
with open(log, "a") as out:
    out.write(json.dumps(["espeak", args, text]) + "\\n")
if "FAIL" in text:
    print("Error: broken voice data", file=sys.stderr)
    sys.exit(1)
with wave.open(args[args.index("-w") + 1], "wb") as sound:
    sound.setnchannels(1)
    sound.setsampwidth(2)
    sound.setframerate(22050)
    if "EMPTY" not in text:
        sound.writeframes((b"\\x00\\x00" if "SILENT" in text else b"\\x00\\x10") * 2205)
"""

FAKE_APLAY = """\
import json, sys, wave
with wave.open(sys.argv[-1]) as sound:
    frames = sound.getnframes()
with open(sys.argv[1], "a") as out:
    out.write(json.dumps(["aplay", sys.argv[2:-1], frames]) + "\\n")
"""


class FakePrograms:
    """espeak-ng and aplay stand-ins (Python scripts) that log what they were asked."""

    def __init__(self, folder: Path) -> None:
        self.log = folder / "log.jsonl"
        voices = folder / "voices.txt"
        voices.write_text(FAKE_VOICES, encoding="utf-8")
        self.espeak = self._program(folder / "espeak-ng", FAKE_ESPEAK, [str(self.log), str(voices)])
        self.aplay = self._program(folder / "aplay", FAKE_APLAY, [str(self.log)])

    @staticmethod
    def _program(path: Path, code: str, args: list[str]) -> str:
        script = path.with_suffix(".py")
        script.write_text(code, encoding="utf-8")
        path.write_text(
            f'#!/bin/sh\nexec {sys.executable} {script} {" ".join(args)} "$@"\n', encoding="utf-8"
        )
        path.chmod(0o755)
        return str(path)

    def calls(self) -> list[list[Any]]:
        if not self.log.exists():
            return []
        return [json.loads(line) for line in self.log.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def fake_linux(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakePrograms]:
    if sys.platform == "win32":
        pytest.skip("the fake programs are shell scripts")
    programs = FakePrograms(tmp_path)
    found = {"espeak-ng": programs.espeak, "aplay": programs.aplay}
    monkeypatch.setattr(tts_module.shutil, "which", found.get)
    tts_module._PLAYER.failures = 0
    yield programs
    tts_module._PLAYER.failures = 0


def _linux_backend() -> TtsBackend:
    return TtsBackend(engine_factory=tts_module.default_engine_factory("linux"))


@pytest.mark.system
def test_espeak_ng_gets_each_utterance_with_its_voice_and_rate_and_aplay_plays_it(
    fake_linux: FakePrograms, capfd: pytest.CaptureFixture[str]
) -> None:
    before = set(Path(tempfile.gettempdir()).glob("lcr-audio-*.wav"))  # another run's, killed, is not ours
    backend = _linux_backend()
    assert [v.id for v in backend.voices()] == ["gmw/en-029", "gmw/en", "gmw/en-us", "roa/es"]
    assert backend.voices()[1] == Voice("gmw/en", "English (Great Britain)", ("en-gb",))
    backend.speak("Ana rolls.")
    assert backend.set_language("es") is True
    backend.set_rate(5)
    backend.speak("Bo tira.")
    assert backend.set_language("en") is True  # gmw/en by its id, not the Caribbean voice listing en
    backend.set_rate(-10)
    backend.speak("Cy: 3.")
    assert _until(lambda: backend.speaking() is False)
    backend.close()
    calls = fake_linux.calls()
    espeak = [(args[: args.index("-w")], text) for kind, args, text in calls if kind == "espeak"]
    assert espeak == [
        (["-v", "gmw/en", "-s", "200"], "Ana rolls."),
        (["-v", "roa/es", "-s", "322"], "Bo tira."),
        (["-v", "gmw/en", "-s", "80"], "Cy: 3."),  # 200 * 1.1 ** -10 = 77, eSpeak NG's least is 80
    ]
    assert [call[0] for call in calls] == ["espeak", "aplay"] * 3  # each played once synthesised
    assert [(args, frames) for kind, args, frames in calls if kind == "aplay"] == [(["-q"], 2205)] * 3
    assert capfd.readouterr() == ("", "")
    assert set(Path(tempfile.gettempdir()).glob("lcr-audio-*.wav")) <= before  # no sound file left behind


@pytest.mark.system
def test_a_synthesis_without_sound_is_not_played_and_two_in_a_row_count_as_failed(
    fake_linux: FakePrograms, caplog: pytest.LogCaptureFixture
) -> None:
    backend = _linux_backend()
    with caplog.at_level(logging.WARNING, logger="lcr_audio.output.speech.tts"):
        backend.speak("EMPTY one.")
        backend.speak("Heard.")  # a good one in between: the voice works
        backend.speak("SILENT one.")
        assert backend.wait_until_idle(WAIT)
        backend.speak("EMPTY two.")
        assert backend.wait_until_idle(WAIT)
    played = [call for call in fake_linux.calls() if call[0] == "aplay"]
    assert len(played) == 1
    assert sum("made no sound" in r.getMessage() for r in caplog.records) == 3
    with pytest.raises(SpeechError, match="no sound"):
        backend.speak("Not heard.")
    backend.close()


@pytest.mark.system
def test_espeak_ng_failing_makes_the_voice_fail(fake_linux: FakePrograms) -> None:
    backend = _linux_backend()
    backend.speak("FAIL now.")
    assert _until(lambda: backend.speaking() is False)
    with pytest.raises(SpeechError, match="broken voice data"):
        backend.speak("Next.")
    backend.close()


def test_linux_without_espeak_ng_or_aplay_cannot_start(
    fake_linux: FakePrograms, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tts_module.shutil, "which", {"aplay": fake_linux.aplay}.get)
    with pytest.raises(SpeechError, match="needs espeak-ng"):
        _linux_backend()
    monkeypatch.setattr(tts_module.shutil, "which", {"espeak-ng": fake_linux.espeak}.get)
    with pytest.raises(SpeechError, match="needs aplay"):
        _linux_backend()
    assert capfd.readouterr() == ("", "")


# -- the real voice on Linux, recorded by a stand-in sound card --------------------------------------------

SESSION = [
    "Three players: you, Ana and Bo. Each has 3 chips.",
    "Your turn. Press Space to roll.",
    "You roll L, dot, C.",
    "Ana's turn. Ana rolls R, R, dot.",
    "You 2, Ana 1, Bo 5, pot 1.",
]
PADDING = 3000
"""Frames of silence the sound device may add after a sound (aplay fills its last period)."""


def _synthesis(text: str, folder: Path) -> bytes:
    """The samples eSpeak NG's own program makes of ``text`` (voice gmw/en, 200 words a minute): 16-bit
    signed little-endian mono, as the sound card receives them."""
    with tempfile.TemporaryDirectory(dir=folder) as own:  # a file of its own: syntheses may run at once
        path = Path(own) / "expected.wav"
        subprocess.run(
            ["espeak-ng", "-v", "gmw/en", "-s", "200", "-w", str(path)], input=text.encode(), check=True
        )
        with wave.open(str(path)) as sound:
            return sound.readframes(sound.getnframes())


def _expected_frames(text: str, folder: Path) -> int:
    """How long eSpeak NG's own program makes ``text`` (voice gmw/en, 200 words a minute), in frames."""
    return len(_synthesis(text, folder)) // 2


@pytest.fixture
def sound_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> Callable[[float], PlaybackCapture]:
    """A stand-in sound card recording every aplay playback; its argument: times faster than real time.
    Its tests must be marked ``requires_voice`` (espeak-ng and aplay, see conftest.py)."""
    assert request.node.get_closest_marker("requires_voice"), "mark this test @pytest.mark.requires_voice"
    if not sys.platform.startswith("linux"):
        pytest.skip("the real voice plays through aplay on Linux only")
    tts_module._PLAYER.failures = 0

    def make(speed: float) -> PlaybackCapture:
        capture = PlaybackCapture(tmp_path / "card", 44100 * speed)
        for name, value in capture.environment.items():
            monkeypatch.setenv(name, value)
        return capture

    return make


@pytest.mark.requires_voice
def test_every_playback_of_the_real_voice_holds_the_whole_utterance(
    sound_card: Callable[[float], PlaybackCapture], tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Ten sessions of five utterances, set up as the game does (rate, then language): every utterance is
    played once, in order, whole (as long as eSpeak NG's own program makes it) and not silent. pyttsx3's
    eSpeak driver lost the second utterance of a session in about one session of five here."""
    card = sound_card(16.0)
    expected = [_expected_frames(text, tmp_path) for text in SESSION]
    sessions = 10
    for number in range(sessions):
        backend = TtsBackend()
        backend.set_rate(0)
        backend.set_language("en")
        for text in SESSION:
            backend.speak(text)
        assert backend.wait_until_idle(60)
        backend.close()
        recordings = card.recordings((number + 1) * len(SESSION))
        assert len(recordings) == (number + 1) * len(SESSION)
    heard = card.recordings(sessions * len(SESSION))
    for index, recording in enumerate(heard):
        want = expected[index % len(SESSION)]
        assert want <= recording.frames <= want + PADDING, (index, recording.frames, want)
        assert recording.rms >= 100, (index, recording.rms)
    assert capfd.readouterr() == ("", "")
    assert "pyttsx3.drivers.espeak" not in sys.modules  # no driver to tame: nothing of it is loaded


@pytest.mark.requires_voice
def test_speaking_ends_exactly_when_the_real_player_has_ended(
    sound_card: Callable[[float], PlaybackCapture],
) -> None:
    card = sound_card(2.0)
    backend = TtsBackend()
    backend.speak("Ana rolls L, dot, C.")
    backend.speak("Bo 4, pot 1.")
    saw_playing = False
    while True:
        speaking = backend.speaking()
        process = tts_module._PLAYER.process  # looked at after the answer: it cannot have started since
        if speaking is False:
            assert process is None or process.poll() is not None
            break
        assert speaking is True
        saw_playing = saw_playing or process is not None
        time.sleep(0.002)  # a poll of speaking(), watching it go from True to False
    assert saw_playing
    assert len(card.recordings(2)) == 2  # both were played to their end before it said False
    backend.close()


@pytest.mark.requires_voice
def test_silence_ends_the_real_voice_and_speaking_says_so(
    sound_card: Callable[[float], PlaybackCapture],
) -> None:
    card = sound_card(1.0)
    backend = TtsBackend()
    long = (
        "This sentence is long enough to be cut off well before it ends, when playback works at all; "
        "it goes on about chips, dice, the pot in the center and whoever holds the last chips."
    )
    backend.speak(long)
    backend.speak("Never said.")
    assert _until(card.recording_now)  # the sound card is playing it
    backend.silence()
    assert _until(lambda: backend.speaking() is False)
    assert tts_module._PLAYER.process is None
    backend.close()
    recordings = card.recordings(1)
    assert len(recordings) == 1  # the second utterance never played
    assert recordings[0].frames < _expected_frames(long, card.folder) / 2  # cut off early


@pytest.mark.requires_voice
def test_the_speaker_closing_lets_the_real_voice_say_its_last_words_whole(
    sound_card: Callable[[float], PlaybackCapture], tmp_path: Path
) -> None:
    card = sound_card(2.0)
    last_words = ["Bo rolls C: one chip to the pot.", "Cy wins with 9 chips.", "Goodbye."]
    speaker = Speaker([TtsBackend()])
    for text in last_words:
        speaker.speak(text)
    speaker.close(drain_seconds=60)  # the cap is far off: it returns when the voice has ended
    recordings = card.recordings(len(last_words), timeout=1)
    assert len(recordings) == len(last_words)
    for recording, text in zip(recordings, last_words, strict=True):
        assert recording.frames >= _expected_frames(text, tmp_path)


GAMES = 6
GAME_SPEED = 32.0
"""Times faster than real time the stand-in sound card takes the games' sound, so that the games take about
25 s on two cores. A message then sounds for 40 to 200 ms, longer than its synthesis and start-up (some
30 ms), long enough for the random keys to cut several playbacks; at 128 times the card's recorder raced the
player under load and the test was flaky."""
SOUND_FLOOR = 100.0
"""The least RMS of a playback that holds sound (eSpeak NG's first samples alone are in the hundreds)."""


class _WatchedPlayer(tts_module._Player):
    """The voice's player, noting each playback it stopped, by the player program's process id."""

    def __init__(self) -> None:
        super().__init__()
        self.stopped: set[int] = set()

    def _end(self, process: subprocess.Popen[bytes]) -> None:  # type: ignore[override]
        self.stopped.add(process.pid)
        super()._end(process)


def _utterance(recording: Recording, synthesis: dict[str, bytes]) -> tuple[str, bool] | None:
    """Which utterance ``recording`` played, and whether whole: it holds all of that text's synthesis, then at
    most :data:`PADDING` frames of silence; or only the start of it. None when it is neither."""
    samples = recording.samples
    whole = [
        text
        for text, sound in synthesis.items()
        if samples.startswith(sound) and len(samples) - len(sound) <= 2 * PADDING
        and not samples[len(sound) :].strip(b"\0")
    ]  # fmt: skip
    if whole:
        return max(whole, key=lambda text: len(synthesis[text])), True
    cut = [
        text for text, sound in synthesis.items() if len(samples) < len(sound) and sound.startswith(samples)
    ]
    return (cut[0], False) if cut else None


@pytest.mark.requires_voice
def test_every_game_message_is_played_whole_or_counted_in_a_skip(
    sound_card: Callable[[float], PlaybackCapture],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    """The speech-dispatcher games (tests/test_speech_dispatcher.py) with the game's own voice, as
    ``--speech tts`` speaks: 6 seeded games, random keys during the computers' turns, every playback
    recorded by a stand-in sound card. Every game message is played whole (the recording holds all of
    eSpeak NG's synthesis of it) or counted in a skip notice; none is played whole more often than an answer
    cut it; every playback is all or the start of something said, and holds sound. A playback cut short is
    one the game stopped (at most one per run may end early on its own, even before its first sample: the
    stand-in card's artefact, seen only under load); an empty one is otherwise one stopped before its first
    sample."""
    card = sound_card(GAME_SPEED)
    player = _WatchedPlayer()
    monkeypatch.setattr(tts_module, "_PLAYER", player)
    rng = random.Random(10)
    synthesis: dict[str, bytes] = {}
    skips_heard = playbacks = cut = empty = truncated = 0
    for seed in range(GAMES):
        speaker = Speaker([TtsBackend()])
        speaker.set_rate(0)
        speaker.set_language("en")  # gmw/en at 200 words a minute, as _synthesis makes it
        history, said = asyncio.run(game_with_random_keys(speaker, seed, rng))
        assert speaker.mode == "tts"  # the voice never failed
        recordings = card.take()
        new = {text for text, _interrupt in said} - synthesis.keys()
        with ThreadPoolExecutor(4) as pool:
            synthesis.update(zip(new, pool.map(lambda text: _synthesis(text, tmp_path), new), strict=True))
        whole: Counter[str] = Counter()
        for index, recording in enumerate(recordings):
            where = f"game {seed}, playback {index} ({recording.frames} frames)"
            stopped = recording.player in player.stopped
            if recording.frames == 0:
                # Stopped before its first sample; or ended early by the stand-in card at its extreme (twice
                # in loaded runs, never idle), counted with the early ends below: at most one a run, and
                # a game message it held must still be heard whole elsewhere (check_nothing_lost).
                empty += stopped
                truncated += not stopped
                continue
            assert recording.rms >= SOUND_FLOOR, f"{where}: no sound (RMS {recording.rms:.0f})"
            played = _utterance(recording, synthesis)
            assert played is not None, f"{where}: neither all nor the start of anything said"
            text, is_whole = played
            # A playback cut short that the game did not stop would be a lost utterance only if it was a game
            # message and never played whole: check_nothing_lost counts that. The stand-in card itself
            # sometimes ends a recording early (seen twice, both at exactly 28267 frames, under load), so a
            # short recording alone is not failed here.
            truncated += not (is_whole or stopped)
            whole[text] += is_whole
            cut += not is_whole
        playbacks += len(recordings)
        skips_heard += check_nothing_lost(f"game {seed}", history, said, whole)
    assert capfd.readouterr() == ("", "")
    print(
        f"{playbacks} playbacks, {cut} cut short, {empty} stopped before their first sound, {truncated} ended early"
    )
    assert truncated <= 1, f"{truncated} playbacks ended early without the game stopping them"
    assert skips_heard > 0  # Q did skip something in these games: the count was exercised
    assert cut > 0  # answers did cut playbacks: a cut one was checked for sound
