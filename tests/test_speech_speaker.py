"""The Speaker: printing, braille, fallback from a failing backend; create_speaker's choices per platform."""

from __future__ import annotations

import logging
import shutil
import sys
from pathlib import Path

import pytest
from support.speech import FakeVoice, welcomed

from lcr_audio.output.speech import (
    ENV_VAR,
    ConsoleBackend,
    LazyBackend,
    RecordingBackend,
    SilentBackend,
    Speaker,
    SpeechBackend,
    SpeechError,
    Voice,
    create_speaker,
)
from lcr_audio.output.speech import speaker as speaker_module

GENERIC_NOTICE = "Speech stopped working; the game goes on another way."


class _Failing(RecordingBackend):
    """A recording backend with one Spanish voice, whose braille, silence, settings (the rate) or voice list
    can be made to fail."""

    def __init__(
        self,
        *,
        name: str = "recording",
        braille_fails: bool = False,
        silence_fails: bool = False,
        settings_fail: bool = False,
    ) -> None:
        super().__init__(name=name)
        self.braille_fails = braille_fails
        self.silence_fails = silence_fails
        self.settings_fail = settings_fail
        self.voices_fail = False

    def braille(self, text: str) -> None:
        if self.braille_fails:
            raise OSError("braille display unplugged")
        super().braille(text)

    def silence(self) -> None:
        if self.silence_fails:
            raise SpeechError("gone")
        super().silence()

    def set_rate(self, step: int) -> None:
        if self.settings_fail:
            raise SpeechError("the voice is gone")
        super().set_rate(step)

    def voices(self) -> list[Voice]:
        if self.voices_fail:
            raise OSError("no voice list today")
        return [Voice("roa/es", "Spanish (Spain)", ("es",))]


def test_fallback_keeps_every_utterance_and_says_the_notice_once(caplog: pytest.LogCaptureFixture) -> None:
    first, second = RecordingBackend(fail_after=2), RecordingBackend()
    printed: list[str] = []
    speaker = Speaker([first, second], print_line=printed.append, echo=True)
    with caplog.at_level(logging.WARNING, logger="lcr_audio.output.speech"):
        for text in ("One.", "Two.", "Three.", "Four."):
            speaker.speak(text)
    speaker.speak("Five.", interrupt=True)
    assert first.spoken == [("One.", False), ("Two.", False)]
    assert second.spoken == [
        (GENERIC_NOTICE, False),
        ("Three.", False),
        ("Four.", False),
        ("Five.", True),
    ]
    assert printed == ["One.", "Two.", GENERIC_NOTICE, "Three.", "Four.", "Five."]
    assert first.brailled == ["One.", "Two."]
    assert second.brailled == [GENERIC_NOTICE, "Three.", "Four.", "Five."]
    assert first.closed == 1  # dropped backends are released at once
    assert speaker.mode == "recording"
    assert any("failed and is dropped" in r.getMessage() for r in caplog.records)


def test_notice_takes_the_interrupt_and_the_text_follows_it() -> None:
    first, second = RecordingBackend(fail_after=0), RecordingBackend()
    speaker = Speaker([first, second])
    speaker.speak("Help: Space rolls.", interrupt=True)
    assert second.spoken == [(GENERIC_NOTICE, True), ("Help: Space rolls.", False)]


def test_screen_reader_failure_goes_to_printed_lines_never_to_a_second_voice() -> None:
    """Issue 11: the screen reader may still run and read the printed lines; the game's own voice would
    speak beside it."""
    reader = RecordingBackend(name="screen-reader", fail_after=1)
    voice = RecordingBackend(name="tts")
    printed: list[str] = []
    speaker = Speaker([reader, voice], print_line=printed.append, braille=False)
    speaker.speak("Ana rolls L, dot, C.")
    speaker.speak("Bo 4, pot 1.")
    assert speaker.mode == "console"
    assert voice.texts == []
    assert printed == [
        "The screen reader stopped answering; the game goes on in printed lines.",
        "Bo 4, pot 1.",
    ]


def test_every_backend_failing_ends_in_console_printing_each_line_once() -> None:
    reader = RecordingBackend(name="screen-reader", fail_after=0)
    voice = RecordingBackend(name="tts", fail_after=0)
    printed: list[str] = []
    speaker = Speaker([reader, voice], print_line=printed.append)
    speaker.speak("Cy wins with 9 chips.")
    assert speaker.mode == "console"
    assert printed == [
        "The screen reader stopped answering; the game goes on in printed lines.",
        "Cy wins with 9 chips.",
    ]
    assert (reader.spoken, voice.spoken) == ([], [])


def test_without_a_printer_the_chain_ends_in_silence() -> None:
    speaker = Speaker([RecordingBackend(fail_after=0)])
    speaker.speak("Nobody hears this.")
    assert speaker.mode == "silent"


def test_text_spoken_before_braille_failed_is_not_said_again() -> None:
    reader = _Failing(name="screen-reader", braille_fails=True)
    voice = RecordingBackend(name="tts")
    printed: list[str] = []
    speaker = Speaker([reader, voice], print_line=printed.append)
    speaker.speak("Pot 3.")
    assert reader.texts == ["Pot 3."]
    assert voice.texts == []
    assert printed == ["The screen reader stopped answering; the game goes on in printed lines."]


def test_printing_follows_the_backend_and_echo() -> None:
    printed: list[str] = []
    quiet = Speaker([RecordingBackend()], print_line=printed.append)
    quiet.speak("Not printed.")
    echoing = Speaker([RecordingBackend()], print_line=printed.append, echo=True)
    echoing.speak("Echoed.")
    console = Speaker([ConsoleBackend()], print_line=printed.append)
    console.speak("Printed.")
    assert printed == ["Echoed.", "Printed."]


def test_a_failing_printer_is_not_a_speech_failure() -> None:
    def broken_print(text: str) -> None:
        raise OSError("terminal closed")

    backend = RecordingBackend()
    speaker = Speaker([backend], print_line=broken_print, echo=True)
    speaker.speak("Still said.")
    assert (speaker.mode, backend.texts) == ("recording", ["Still said."])


def test_silence_reaches_the_backend_and_a_failing_silence_drops_it() -> None:
    ok = RecordingBackend()
    speaker = Speaker([ok])
    speaker.silence()
    assert ok.silenced == 1

    broken, spare = _Failing(name="recording", silence_fails=True), RecordingBackend()
    speaker = Speaker([broken, spare])
    speaker.silence()
    speaker.speak("Next.")
    assert spare.texts == [GENERIC_NOTICE, "Next."]


def test_close_closes_every_backend_once_and_later_speech_is_ignored() -> None:
    first, second = RecordingBackend(), RecordingBackend()
    speaker = Speaker([first, second])
    speaker.close()
    speaker.close()
    speaker.speak("After close.")
    speaker.silence()
    assert (first.closed, second.closed) == (1, 1)
    assert first.spoken == []


def test_start_notice_is_said_once_before_the_first_utterance() -> None:
    backend = RecordingBackend()
    speaker = Speaker([backend], notice="No screen reader was found.")
    speaker.speak("Welcome.")
    speaker.speak("Ana starts.")
    assert backend.texts == ["No screen reader was found.", "Welcome.", "Ana starts."]


def test_empty_backend_list_is_refused() -> None:
    with pytest.raises(ValueError):
        Speaker([])


# -- create_speaker -----------------------------------------------------------------------------------------


def _voice_works(_autospawn: bool) -> SpeechBackend:
    return FakeVoice()


def _voice_fails(_autospawn: bool) -> SpeechBackend:
    raise SpeechError("no voice here")


@pytest.fixture
def no_speech_dispatcher(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Linux with no speech-dispatcher running, and none that could be spawned."""
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'nobody-listens.sock'}")
    monkeypatch.setenv("SPEECHD_CMD", shutil.which("false") or "/bin/false")
    monkeypatch.delenv(ENV_VAR, raising=False)


def test_unknown_mode_names_the_allowed_ones() -> None:
    with pytest.raises(ValueError, match=r"choose one of: auto, screen-reader, tts, console, silent\."):
        create_speaker("loud")


def test_silent_is_only_silent(capfd: pytest.CaptureFixture[str]) -> None:
    printed: list[str] = []
    speaker = create_speaker("silent", print_line=printed.append)
    speaker.speak("Hello.")
    assert speaker.mode == "silent"
    assert printed == []
    assert capfd.readouterr() == ("", "")


def test_console_prints_and_needs_a_printer() -> None:
    printed: list[str] = []
    speaker = create_speaker("console", print_line=printed.append)
    speaker.speak("Hello.")
    assert (speaker.mode, printed) == ("console", ["Hello."])
    with pytest.raises(ValueError):
        create_speaker("console")


@pytest.mark.system
def test_auto_on_macos_goes_straight_to_the_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.setitem(speaker_module._FACTORIES, "tts", _voice_works)
    speaker, printed = welcomed("auto")
    assert speaker.mode == "tts"
    assert printed == ["Welcome."]  # auto chooses quietly: no notice
    speaker.close()


def test_auto_on_linux_without_speech_dispatcher_uses_the_voice(
    no_speech_dispatcher: None, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(speaker_module._FACTORIES, "tts", _voice_works)
    speaker = create_speaker("auto", print_line=lambda text: None)
    assert speaker.mode == "tts"
    speaker.close()
    assert capfd.readouterr() == ("", "")


def test_auto_on_linux_without_any_voice_prints(
    no_speech_dispatcher: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(speaker_module._FACTORIES, "tts", _voice_fails)
    speaker, printed = welcomed("auto")
    assert (speaker.mode, printed) == ("console", ["Welcome."])


def test_auto_on_linux_without_a_printer_falls_silent(
    no_speech_dispatcher: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(speaker_module._FACTORIES, "tts", _voice_fails)
    assert create_speaker("auto").mode == "silent"


def test_auto_never_spawns_speech_dispatcher(
    no_speech_dispatcher: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[bool] = []

    def reader(autospawn: bool) -> SpeechBackend:
        calls.append(autospawn)
        raise SpeechError("not running")

    monkeypatch.setitem(speaker_module._FACTORIES, "screen-reader", reader)
    monkeypatch.setitem(speaker_module._FACTORIES, "tts", _voice_fails)
    monkeypatch.setattr(speaker_module, "orca_running", lambda: True)
    create_speaker("auto", print_line=lambda text: None)
    create_speaker("screen-reader", print_line=lambda text: None)
    assert calls == [False, True]


@pytest.mark.system
def test_explicit_screen_reader_falls_back_to_the_voice_and_says_why(
    no_speech_dispatcher: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(speaker_module._FACTORIES, "tts", _voice_works)
    speaker, printed = welcomed("screen-reader")
    assert speaker.mode == "tts"
    voice = speaker.backend
    assert isinstance(voice, FakeVoice)
    notice = "No screen reader was found; the game speaks with the system voice."
    assert voice.texts == [notice, "Welcome."]
    assert printed == [notice, "Welcome."]


def test_explicit_tts_that_cannot_start_prints_why(
    no_speech_dispatcher: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(speaker_module._FACTORIES, "tts", _voice_fails)
    _speaker, printed = welcomed("tts")
    assert printed == ["The system voice could not start; the game prints its messages.", "Welcome."]


def test_the_voice_is_not_built_when_the_screen_reader_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    reader = RecordingBackend(name="screen-reader", fail_after=1)
    built: list[bool] = []

    def voice(autospawn: bool) -> SpeechBackend:
        built.append(autospawn)
        return FakeVoice()

    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.setattr(speaker_module, "orca_running", lambda: True)
    monkeypatch.setitem(speaker_module._FACTORIES, "screen-reader", lambda autospawn: reader)
    monkeypatch.setitem(speaker_module._FACTORIES, "tts", voice)
    printed: list[str] = []
    speaker = create_speaker("auto", print_line=printed.append)
    speaker.speak("One.")
    assert (speaker.mode, built) == ("screen-reader", [])
    speaker.speak("Two.")
    assert (speaker.mode, built) == ("console", [])
    assert printed == [
        "The screen reader stopped answering; the game prints its messages and tries it again now and then.",
        "Two.",
    ]


def test_environment_variable_forces_the_mode_only_under_auto(monkeypatch: pytest.MonkeyPatch) -> None:
    printed: list[str] = []
    monkeypatch.setenv(ENV_VAR, "console")
    assert create_speaker("auto", print_line=printed.append).mode == "console"
    assert create_speaker("silent", print_line=printed.append).mode == "silent"
    monkeypatch.setenv(ENV_VAR, " Silent ")
    assert create_speaker("auto", print_line=printed.append).mode == "silent"


def test_unknown_environment_value_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "loud")
    monkeypatch.setitem(speaker_module._FACTORIES, "screen-reader", _voice_fails)
    monkeypatch.setitem(speaker_module._FACTORIES, "tts", _voice_fails)
    assert create_speaker("auto", print_line=lambda text: None).mode == "console"


def test_last_backend_in_every_chain_cannot_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    monkeypatch.setitem(speaker_module._FACTORIES, "screen-reader", _voice_fails)
    monkeypatch.setitem(speaker_module._FACTORIES, "tts", _voice_fails)
    for mode in ("auto", "screen-reader", "tts", "console", "silent"):
        speaker = create_speaker(mode, print_line=lambda text: None)
        assert isinstance(speaker._backends[-1], ConsoleBackend | SilentBackend), mode


# -- rate, voice and language ------------------------------------------------------------------------------


def test_settings_go_to_the_backend_in_use_and_a_fallback_gets_them_in_order() -> None:
    first, second = RecordingBackend(fail_after=1), RecordingBackend()
    speaker = Speaker([first, second])
    speaker.set_rate(3)
    assert speaker.set_language("es") is True
    speaker.set_voice("roa/es")
    speaker.set_rate(15)  # clamped
    assert first.settings == [("rate", 3), ("language", "es"), ("voice", "roa/es"), ("rate", 10)]
    assert second.settings == []  # not in use: untouched
    assert speaker.settings == {"language": "es", "voice": "roa/es", "rate": 10}
    speaker.speak("One.")
    speaker.speak("Two.")  # the first fails here; the second takes over
    assert speaker.mode == "recording"
    assert second.settings == [("language", "es"), ("voice", "roa/es"), ("rate", 10)]
    assert second.texts == [GENERIC_NOTICE, "Two."]
    speaker.set_rate(-2)
    assert second.settings[-1] == ("rate", -2) and len(second.settings) == 4  # only the new one


def test_a_backend_failing_a_setting_is_dropped_and_the_next_gets_every_setting() -> None:
    first, second = _Failing(name="tts", settings_fail=True), RecordingBackend(name="console")
    speaker = Speaker([first, second])
    speaker.set_voice("roa/es")
    speaker.set_rate(2)  # the first fails here
    assert speaker.mode == "console"
    assert first.closed == 1
    assert second.settings == [("voice", "roa/es"), ("rate", 2)]
    speaker.speak("Pot 2.")
    assert second.texts == ["The system voice stopped working; the game goes on in printed lines.", "Pot 2."]


class _NeverHeard(_Failing):
    """A system voice that was never heard (no sound device): it fails at its first setting."""

    @property
    def worked(self) -> bool:
        return False


def test_a_voice_that_never_worked_could_not_start_rather_than_stopped_working() -> None:
    """Critic, 2 Dec: with no sound device, "The system voice stopped working" was said of a voice that had
    never been heard; it says the voice could not start."""
    first, second = _NeverHeard(name="tts", settings_fail=True), RecordingBackend(name="console")
    speaker = Speaker([first, second])
    speaker.set_rate(2)  # the voice fails here
    speaker.speak("Pot 2.")
    assert second.texts == ["The system voice could not start; the game goes on in printed lines.", "Pot 2."]
    failing = _NeverHeard(name="tts")
    told = RecordingBackend(name="console")
    speaker = Speaker([failing, told])
    failing.speak = _raise  # type: ignore[method-assign]
    speaker.speak("Pot 3.")  # fails while speaking: the same sentence
    assert told.texts == ["The system voice could not start; the game goes on in printed lines.", "Pot 3."]


def _raise(text: str, *, interrupt: bool = False) -> None:
    raise SpeechError("no sound device")


def test_set_language_answers_what_the_backend_in_use_answers() -> None:
    assert Speaker([SilentBackend()]).set_language("es") is False  # the base class's default
    assert Speaker([RecordingBackend()]).set_language("es") is True
    closed = Speaker([RecordingBackend()])
    closed.close()
    assert closed.set_language("es") is False
    closed.set_rate(1)  # ignored after close, never raises


def test_voices_come_from_the_backend_in_use_and_a_failing_list_is_empty() -> None:
    backend = _Failing()
    speaker = Speaker([backend])
    assert speaker.voices() == [Voice("roa/es", "Spanish (Spain)", ("es",))]
    backend.voices_fail = True
    assert speaker.voices() == []
    assert speaker.backend is backend  # a voice list failing is no reason to drop the voice
    assert Speaker([ConsoleBackend()], print_line=lambda _t: None).voices() == []


def test_a_lazy_fallback_is_not_built_for_settings_but_gets_them_when_it_takes_over() -> None:
    built: list[RecordingBackend] = []

    def build() -> SpeechBackend:
        built.append(RecordingBackend(name="tts"))
        return built[-1]

    first = RecordingBackend(name="recording", fail_after=0)
    speaker = Speaker([first, LazyBackend(build, name="tts", prints=True)])
    speaker.set_language("es")
    speaker.set_rate(4)
    assert built == []
    speaker.speak("Ana rolls.")
    assert speaker.mode == "tts"
    assert built[0].settings == [("language", "es"), ("rate", 4)]
    assert built[0].texts[-1] == "Ana rolls."


def test_every_backend_has_the_setting_hooks() -> None:
    for backend in (SilentBackend(), ConsoleBackend()):
        backend.set_rate(3)
        backend.set_voice("x")
        assert backend.voices() == []
        assert backend.set_language("es") is False


def test_orca_is_found_by_its_process_name(tmp_path: Path) -> None:
    (tmp_path / "17").mkdir()
    (tmp_path / "17" / "comm").write_text("bash\n", encoding="utf-8")
    (tmp_path / "self").mkdir()
    assert speaker_module.orca_running(tmp_path) is False
    (tmp_path / "42").mkdir()
    (tmp_path / "42" / "comm").write_text("orca\n", encoding="utf-8")
    assert speaker_module.orca_running(tmp_path) is True


class _Talking(RecordingBackend):
    """A backend that says it is speaking for its first ``busy`` questions, then ``then``."""

    def __init__(self, busy: int, then: bool | None = False, *, interrupt_at: int | None = None) -> None:
        super().__init__(name="tts")
        self.busy = busy
        self.then = then
        self.interrupt_at = interrupt_at
        self.asked = 0
        self.closed_after = -1  # how many questions had been asked when it was closed

    def speaking(self) -> bool | None:
        self.asked += 1
        if self.asked == self.interrupt_at:
            raise KeyboardInterrupt
        return True if self.asked <= self.busy else self.then

    def close(self) -> None:
        self.closed_after = self.asked
        super().close()


def test_close_waits_until_the_voice_has_ended_before_closing_it() -> None:
    voice = _Talking(busy=5)
    Speaker([voice]).close(drain_seconds=600)  # a cap far above what it waits
    assert voice.asked == 6  # asked until it said False, then closed
    assert voice.closed_after == 6


def test_close_does_not_wait_for_a_backend_that_cannot_tell_or_without_drain() -> None:
    cannot_tell = _Talking(busy=0, then=None)
    Speaker([cannot_tell]).close(drain_seconds=600)
    assert (cannot_tell.asked, cannot_tell.closed) == (1, 1)
    no_drain = _Talking(busy=5)
    Speaker([no_drain]).close()
    assert (no_drain.asked, no_drain.closed) == (0, 1)


def test_close_gives_up_at_the_cap_on_a_voice_that_never_ends() -> None:
    endless = _Talking(busy=10**9)
    Speaker([endless]).close(drain_seconds=0.1)
    assert endless.closed == 1
    assert endless.asked >= 2


def test_control_c_while_waiting_closes_the_backends_and_goes_on_up() -> None:
    voice = _Talking(busy=10**9, interrupt_at=3)
    speaker = Speaker([voice])
    with pytest.raises(KeyboardInterrupt):
        speaker.close(drain_seconds=600)
    assert voice.closed == 1


def test_close_waits_for_a_lazy_fallback_voice_too() -> None:
    voice = _Talking(busy=3)
    speaker = Speaker([LazyBackend(lambda: voice, name="tts", prints=True)])
    speaker.speak("Cy wins with 9 chips.")
    speaker.close(drain_seconds=600)
    assert voice.asked == 4 and voice.closed_after == 4


def test_after_first_utterance_runs_once_the_first_sentence_is_out(caplog: pytest.LogCaptureFixture) -> None:
    """What cli.py hangs on it (opening the sound device) never comes before the first sentence."""
    backend = RecordingBackend()
    speaker = Speaker([backend])
    heard_then: list[list[str]] = []

    def note() -> None:
        heard_then.append([text for text, _ in backend.spoken])

    def broken() -> None:
        raise RuntimeError("no sound device")

    speaker.after_first_utterance(note)
    speaker.after_first_utterance(broken)  # logged, never passed on to the game
    assert heard_then == []
    speaker.speak("Main menu.")
    speaker.speak("New game.")
    assert heard_then == [["Main menu."]]  # once, right after the first sentence
    speaker.after_first_utterance(note)  # asked later: at once
    assert heard_then == [["Main menu."], ["Main menu.", "New game."]]
    assert [r.getMessage() for r in caplog.records] == ["A callback after the first utterance failed"]
