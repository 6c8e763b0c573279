"""Never two voices (issue 11, item 3): a screen reader that runs but does not answer, or drops mid-game,
gets printed lines only (it reads them), is tried again now and then, and takes over again when it answers;
on macOS, VoiceOver running means printed lines only. The platforms are faked."""

from __future__ import annotations

import subprocess
import sys
from types import SimpleNamespace

import pytest
from support.speech import FakeVoice, welcomed

from lcr_audio.output.speech import (
    ENV_VAR,
    RecordingBackend,
    Speaker,
    SpeechBackend,
    SpeechError,
    create_speaker,
    running,
)
from lcr_audio.output.speech import speaker as speaker_module

START = "A screen reader is running but does not answer the game; the game prints its messages and tries it again now and then."
DROPPED = "The screen reader stopped answering; the game prints its messages and tries it again now and then."
BACK = "The screen reader answers again; the game speaks through it."


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Reader:
    """Builds screen-reader backends that answer only once ``answers`` is set; counts the tries."""

    def __init__(self, answers: bool = False) -> None:
        self.answers = answers
        self.tries = 0
        self.built: list[RecordingBackend] = []

    def __call__(self, autospawn: bool = False) -> SpeechBackend:
        self.tries += 1
        if not self.answers:
            raise SpeechError("NVDA's controller does not answer")
        self.built.append(RecordingBackend(name="screen-reader"))
        return self.built[-1]


def pretend_platform(monkeypatch: pytest.MonkeyPatch, platform: str) -> None:
    """Run as on ``platform`` (a ``sys.platform`` value), with no speech mode chosen in the environment."""
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.delenv(ENV_VAR, raising=False)


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> None:
    pretend_platform(monkeypatch, "win32")


def voices_built(monkeypatch: pytest.MonkeyPatch) -> list[FakeVoice]:
    built: list[FakeVoice] = []

    def voice(_autospawn: bool) -> SpeechBackend:
        built.append(FakeVoice())
        return built[-1]

    monkeypatch.setitem(speaker_module._FACTORIES, "tts", voice)
    return built


def test_a_dropped_screen_reader_is_tried_again_every_retry_seconds_and_takes_over_when_it_answers() -> None:
    clock = Clock()
    reader = Reader()
    first = RecordingBackend(name="screen-reader", fail_after=1)
    voice = FakeVoice()
    printed: list[str] = []
    speaker = Speaker([first, voice], print_line=printed.append, reconnect=reader, clock=clock)
    speaker.speak("Ana rolls L, dot, C.")
    speaker.speak("Bo rolls C.")  # NVDA restarts for an update: the screen reader stops answering
    assert (speaker.mode, reader.tries) == ("console", 0)
    clock.now += speaker_module.RETRY_SECONDS - 1
    speaker.speak("Cy rolls dot.")
    assert reader.tries == 0  # not yet
    clock.now += 1
    speaker.speak("Ana rolls R.")
    assert (speaker.mode, reader.tries) == ("console", 1)  # tried, still away
    speaker.speak("Bo rolls L.")
    assert reader.tries == 1  # the next try waits another RETRY_SECONDS
    reader.answers = True
    clock.now += speaker_module.RETRY_SECONDS
    speaker.speak("Cy wins with 9 chips.")
    assert (speaker.mode, reader.tries) == ("screen-reader", 2)
    assert reader.built[0].texts == [BACK, "Cy wins with 9 chips."]
    assert printed == [DROPPED, "Bo rolls C.", "Cy rolls dot.", "Ana rolls R.", "Bo rolls L."]  # once each
    assert voice.spoken == []  # never a second voice
    assert first.texts == ["Ana rolls L, dot, C."]


def test_the_reader_back_gets_the_settings_and_fails_again_to_printed_lines() -> None:
    clock = Clock()
    reader = Reader(answers=True)
    printed: list[str] = []
    speaker = Speaker(
        [RecordingBackend(name="screen-reader", fail_after=0)],
        print_line=printed.append,
        reconnect=reader,
        clock=clock,
    )
    speaker.set_language("es")
    speaker.speak("Uno.")
    clock.now += speaker_module.RETRY_SECONDS
    speaker.speak("Dos.")
    back = reader.built[0]
    assert back.settings == [("language", "es")]
    back.fail_after = len(back.spoken)
    speaker.speak("Tres.")
    assert speaker.mode == "console"
    assert printed == [DROPPED, "Uno.", DROPPED, "Tres."]


def test_windows_screen_reader_running_but_unreachable_prints_only_and_says_so_once(
    windows: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows on ARM: NVDA runs, accessible_output2 has no ARM64 library for it."""
    reader = Reader()
    monkeypatch.setitem(speaker_module._FACTORIES, "screen-reader", reader)
    monkeypatch.setattr(speaker_module, "windows_screen_reader_running", lambda: True)
    monkeypatch.setattr(speaker_module, "RETRY_SECONDS", 0.0)  # every utterance tries it again
    built = voices_built(monkeypatch)
    speaker, printed = welcomed("auto")
    speaker.speak("Ana starts.")
    assert (speaker.mode, built, reader.tries) == ("console", [], 3)  # at start, then before each line
    assert printed == [START, "Welcome.", "Ana starts."]
    reader.answers = True
    speaker.speak("Bo rolls.")
    assert speaker.mode == "screen-reader"
    assert reader.built[0].texts == [BACK, "Bo rolls."]
    assert printed == [START, "Welcome.", "Ana starts."]
    speaker.close()


def test_windows_screen_reader_explicitly_asked_for_and_unreachable_prints_too(
    windows: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(speaker_module._FACTORIES, "screen-reader", Reader())
    monkeypatch.setattr(speaker_module, "windows_screen_reader_running", lambda: True)
    built = voices_built(monkeypatch)
    speaker, printed = welcomed("screen-reader")
    assert (speaker.mode, built, printed) == ("console", [], [START, "Welcome."])


def test_windows_with_no_screen_reader_running_uses_the_game_voice(
    windows: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above can fail: with no screen reader at all, the game's own voice speaks (and prints)."""
    monkeypatch.setitem(speaker_module._FACTORIES, "screen-reader", Reader())
    monkeypatch.setattr(speaker_module, "windows_screen_reader_running", lambda: False)
    built = voices_built(monkeypatch)
    speaker, printed = welcomed("auto")
    assert speaker.mode == "tts"
    assert built[0].texts == ["Welcome."]
    assert printed == ["Welcome."]


def test_linux_orca_running_without_speech_dispatcher_prints_only(monkeypatch: pytest.MonkeyPatch) -> None:
    pretend_platform(monkeypatch, "linux")
    monkeypatch.setitem(speaker_module._FACTORIES, "screen-reader", Reader())
    monkeypatch.setattr(speaker_module, "orca_running", lambda: True)
    built = voices_built(monkeypatch)
    speaker, printed = welcomed("auto")
    assert (speaker.mode, built, printed) == ("console", [], [START, "Welcome."])


@pytest.mark.parametrize("mode", ["auto", "screen-reader"])
def test_macos_with_voiceover_running_prints_only(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pretend_platform(monkeypatch, "darwin")
    monkeypatch.setattr(speaker_module, "voiceover_running", lambda: True)
    built = voices_built(monkeypatch)
    speaker, printed = welcomed(mode)
    assert (speaker.mode, built, printed) == ("console", [], ["Welcome."])


def test_macos_without_voiceover_uses_the_game_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    pretend_platform(monkeypatch, "darwin")
    monkeypatch.setattr(speaker_module, "voiceover_running", lambda: False)
    built = voices_built(monkeypatch)
    speaker = create_speaker("auto", print_line=lambda text: None)
    assert (speaker.mode, len(built)) == ("tts", 1)


STARTED = "A screen reader started; the game speaks through it instead of its own voice."
STARTED_UNDRIVEN = (
    "A screen reader started; the game's own voice stops and the screen reader reads its messages."
)


def test_a_screen_reader_that_starts_while_the_voice_speaks_takes_over() -> None:
    """NVDA restarting at the game's start was missed: the game's own voice spoke; when NVDA is back, it
    takes over at the next check, and the voice says nothing more."""
    clock = Clock()
    running = [False]
    reader = Reader(answers=True)
    voice = FakeVoice()
    printed: list[str] = []
    speaker = Speaker(
        [voice], print_line=printed.append, reconnect=reader, reader_running=lambda: running[0], clock=clock
    )
    speaker.speak("Welcome.")
    clock.now += speaker_module.RETRY_SECONDS
    speaker.speak("Ana rolls.")  # asked: no screen reader yet
    assert (speaker.mode, reader.tries) == ("tts", 0)
    running[0] = True
    clock.now += speaker_module.RETRY_SECONDS - 1
    speaker.speak("Bo rolls.")
    assert speaker.mode == "tts"  # not asked again yet
    clock.now += 1
    speaker.speak("Cy rolls.")
    assert (speaker.mode, reader.tries) == ("screen-reader", 1)
    assert reader.built[0].texts == [STARTED, "Cy rolls."]
    assert voice.texts == ["Welcome.", "Ana rolls.", "Bo rolls."]
    assert printed == ["Welcome.", "Ana rolls.", "Bo rolls."]


def test_a_screen_reader_that_starts_without_answering_silences_the_voice_for_printed_lines() -> None:
    clock = Clock()
    reader = Reader()
    voice = FakeVoice()
    printed: list[str] = []
    speaker = Speaker(
        [voice], print_line=printed.append, reconnect=reader, reader_running=lambda: True, clock=clock
    )
    speaker.speak("Welcome.")
    clock.now += speaker_module.RETRY_SECONDS
    speaker.speak("Ana rolls.")
    assert speaker.mode == "console"
    assert voice.closed == 1 and voice.texts == ["Welcome."]
    assert printed == ["Welcome.", START, "Ana rolls."]
    reader.answers = True  # and it is tried again, as any screen reader that does not answer
    clock.now += speaker_module.RETRY_SECONDS
    speaker.speak("Bo rolls.")
    assert speaker.mode == "screen-reader"
    assert reader.built[0].texts == [BACK, "Bo rolls."]


def test_voiceover_starting_on_macos_silences_the_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    pretend_platform(monkeypatch, "darwin")
    monkeypatch.setattr(speaker_module, "RETRY_SECONDS", 0.0)
    running = [False]
    monkeypatch.setattr(speaker_module, "voiceover_running", lambda: running[0])
    built = voices_built(monkeypatch)
    speaker, printed = welcomed("auto")
    running[0] = True
    speaker.speak("Ana rolls.")
    assert speaker.mode == "console"
    assert built[0].texts == ["Welcome."]
    assert printed == ["Welcome.", STARTED_UNDRIVEN, "Ana rolls."]


def test_the_voice_the_player_chose_is_left_alone(windows: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--speech tts``: the player asked for the game's own voice, screen reader or not."""
    monkeypatch.setattr(speaker_module, "RETRY_SECONDS", 0.0)
    monkeypatch.setattr(speaker_module, "windows_screen_reader_running", lambda: True)
    reader = Reader(answers=True)
    monkeypatch.setitem(speaker_module._FACTORIES, "screen-reader", reader)
    voices_built(monkeypatch)
    speaker = create_speaker("tts", print_line=lambda text: None)
    speaker.speak("Welcome.")
    speaker.speak("Ana rolls.")
    assert (speaker.mode, reader.tries) == ("tts", 0)


# -- asking the system -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("flag", "answer", "expected"), [(1, 1, True), (0, 1, False), (1, 0, False)])
def test_windows_screen_reader_flag(
    flag: int, answer: int, expected: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``SystemParametersInfoW(SPI_GETSCREENREADER)`` writes the flag; a zero answer means it failed."""
    import ctypes

    asked: list[int] = []

    def system_parameters_info(action: int, _param: int, value: object, _ini: int) -> int:
        asked.append(action)
        value._obj.value = flag  # type: ignore[attr-defined]
        return answer

    user32 = SimpleNamespace(SystemParametersInfoW=system_parameters_info)
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(user32=user32), raising=False)
    assert running.windows_screen_reader_running() is expected
    assert asked == [running.SPI_GETSCREENREADER]


def test_windows_screen_reader_flag_without_user32_is_false(monkeypatch: pytest.MonkeyPatch) -> None:
    import ctypes

    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(), raising=False)
    assert running.windows_screen_reader_running() is False


@pytest.mark.parametrize(("status", "expected"), [(0, True), (1, False)])
def test_voiceover_is_found_by_its_process_name(
    status: int, expected: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[list[str]] = []

    def pgrep(argv: list[str], **_kwargs: object) -> subprocess.CompletedProcess[bytes]:
        asked.append(argv)
        return subprocess.CompletedProcess(argv, status)

    monkeypatch.setattr(running.subprocess, "run", pgrep)
    assert running.voiceover_running() is expected
    assert asked == [["pgrep", "-x", "VoiceOver"]]


def test_voiceover_without_pgrep_is_not_running(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(argv: list[str], **_kwargs: object) -> subprocess.CompletedProcess[bytes]:
        raise FileNotFoundError(argv[0])

    monkeypatch.setattr(running.subprocess, "run", missing)
    assert running.voiceover_running() is False


# -- the game's own voice on macOS: the say program --------------------------------------------------------

FAKE_SAY = """\
import json, sys
log = sys.argv[1]
args = sys.argv[2:]
if args == ["-v", "?"]:
    print("Eddy (English (US))  en_US    # Hello! My name is Eddy.")
    print("Mónica               es_ES    # Hola, me llamo Mónica.")
    print("Luciana              pt_BR    # Olá, o meu nome é Luciana.")
    sys.exit(0)
text = open(args[args.index("-f") + 1], encoding="utf-8").read()
with open(log, "a", encoding="utf-8") as out:
    out.write(json.dumps([args[: args.index("-f")], text]) + "\\n")
sys.exit(1 if "FAIL" in text else 0)
"""


@pytest.fixture
def fake_say(tmp_path: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> object:
    import json
    from pathlib import Path

    from lcr_audio.output.speech import tts

    if sys.platform == "win32":
        pytest.skip("the fake say is a shell script")
    folder = Path(str(tmp_path))
    log = folder / "say.jsonl"
    script = folder / "say.py"
    script.write_text(FAKE_SAY, encoding="utf-8")
    program = folder / "say"
    program.write_text(f'#!/bin/sh\nexec {sys.executable} {script} {log} "$@"\n', encoding="utf-8")
    program.chmod(0o755)
    monkeypatch.setattr(tts.shutil, "which", {"say": str(program)}.get)
    tts._PLAYER.failures = 0

    def calls() -> list[list[object]]:
        if not log.exists():
            return []
        return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]

    yield calls
    tts._PLAYER.failures = 0


@pytest.mark.system
def test_macos_voice_is_the_say_program_with_its_voice_and_rate(fake_say: object) -> None:
    from lcr_audio.output.speech import Voice, tts

    assert tts.default_engine_factory("darwin") is tts._say_engine
    backend = tts.TtsBackend(engine_factory=tts.default_engine_factory("darwin"))
    assert backend.voices()[1] == Voice("Mónica", "Mónica", ("es-es",))
    backend.speak("-Ana rolls.")  # a leading dash is text, not an option: say reads a file
    assert backend.set_language("pt_BR") is True
    backend.set_rate(2)
    backend.speak("Olá.")
    assert backend.wait_until_idle(10)
    backend.close()
    assert fake_say() == [  # type: ignore[operator]
        [[], "-Ana rolls."],  # the system's voice and rate
        [["-v", "Luciana", "-r", str(tts.rate_for_step(tts.SAY_RATE, 2))], "Olá."],
    ]


@pytest.mark.system
def test_a_say_that_keeps_failing_ends_the_voice_so_the_lines_are_printed(fake_say: object) -> None:
    from lcr_audio.output.speech import tts

    backend = tts.TtsBackend(engine_factory=tts.default_engine_factory("darwin"))
    for _ in range(tts.PLAYBACK_FAILURES):
        backend.speak("FAIL")
    assert backend.wait_until_idle(10)
    with pytest.raises(SpeechError):
        backend.speak("Next.")
    backend.close()


def test_macos_without_say_cannot_start_the_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    from lcr_audio.output.speech import tts

    monkeypatch.setattr(tts.shutil, "which", lambda name: None)
    with pytest.raises(SpeechError, match="say"):
        tts.TtsBackend(engine_factory=tts.default_engine_factory("darwin"))
