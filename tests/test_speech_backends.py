"""Every simple backend keeps the contract; the screen-reader backend's platform branches, with the platform
faked (the real speech-dispatcher run is in test_speech_dispatcher.py)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from lcr_audio.output.speech import (
    ConsoleBackend,
    LazyBackend,
    RecordingBackend,
    ScreenReaderBackend,
    SilentBackend,
    SpeechBackend,
    SpeechError,
)
from lcr_audio.output.speech.orca import OrcaService
from lcr_audio.output.speech.testing import BackendContract


class TestSilentContract(BackendContract):
    @pytest.fixture
    def backend(self) -> Iterator[SpeechBackend]:
        backend = SilentBackend()
        yield backend
        backend.close()

    def test_identity(self, backend: SpeechBackend) -> None:
        assert (backend.name, backend.prints) == ("silent", False)


class TestConsoleContract(BackendContract):
    @pytest.fixture
    def backend(self) -> Iterator[SpeechBackend]:
        backend = ConsoleBackend()
        yield backend
        backend.close()

    def test_identity(self, backend: SpeechBackend) -> None:
        assert (backend.name, backend.prints) == ("console", True)


class TestRecordingContract(BackendContract):
    @pytest.fixture
    def backend(self) -> Iterator[SpeechBackend]:
        backend = RecordingBackend()
        yield backend
        backend.close()

    def heard(self, backend: SpeechBackend, expected: list[str]) -> list[str] | None:
        assert isinstance(backend, RecordingBackend)
        return backend.texts

    def test_records_everything(self, backend: SpeechBackend) -> None:
        assert isinstance(backend, RecordingBackend)
        backend.speak("One.")
        backend.speak("Two.", interrupt=True)
        backend.braille("Two.")
        backend.silence()
        backend.close()
        assert backend.spoken == [("One.", False), ("Two.", True)]
        assert backend.brailled == ["Two."]
        assert (backend.silenced, backend.closed) == (1, 1)


class TestLazyContract(BackendContract):
    @pytest.fixture
    def backend(self) -> Iterator[SpeechBackend]:
        backend = LazyBackend(RecordingBackend, name="recording", prints=False)
        yield backend
        backend.close()

    def heard(self, backend: SpeechBackend, expected: list[str]) -> list[str] | None:
        assert isinstance(backend, LazyBackend)
        real = backend._backend
        assert isinstance(real, RecordingBackend)
        return real.texts


def test_recording_backend_fails_after_n_utterances() -> None:
    backend = RecordingBackend(fail_after=2)
    backend.speak("One.")
    backend.speak("Two.")
    with pytest.raises(SpeechError):
        backend.speak("Three.")
    assert backend.texts == ["One.", "Two."]


def test_lazy_backend_builds_only_when_used() -> None:
    built: list[RecordingBackend] = []

    def factory() -> RecordingBackend:
        built.append(RecordingBackend())
        return built[-1]

    lazy = LazyBackend(factory, name="tts", prints=True)
    lazy.silence()
    assert built == []
    lazy.speak("Hello.")
    lazy.speak("Again.")
    assert [b.texts for b in built] == [["Hello.", "Again."]]
    lazy.close()
    assert built[0].closed == 1
    with pytest.raises(SpeechError):
        lazy.speak("After close.")


def test_lazy_backend_turns_a_failing_factory_into_speech_error() -> None:
    def factory() -> SpeechBackend:
        raise OSError("no such library")

    lazy = LazyBackend(factory, name="tts", prints=True)
    with pytest.raises(SpeechError, match="no such library"):
        lazy.speak("Hello.")


# -- the screen-reader backend's platform branches ---------------------------------------------------------


def test_screen_reader_refuses_macos_at_once(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    with pytest.raises(SpeechError, match="VoiceOver"):
        ScreenReaderBackend()
    assert capfd.readouterr() == ("", "")


@pytest.mark.system
def test_screen_reader_on_linux_without_speech_dispatcher_fails_quietly(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'nobody-listens.sock'}")
    with pytest.raises(SpeechError):
        ScreenReaderBackend(autospawn=False)
    assert capfd.readouterr() == ("", "")


class _FakeOutput:
    """Stands in for an accessible_output2 output class."""

    system_output = False
    running = True
    instances: ClassVar[list[_FakeOutput]] = []

    def __init__(self) -> None:
        self.spoken: list[tuple[str, bool]] = []
        self.brailled: list[str] = []
        self.silenced = 0
        print("banner that must not reach the terminal")  # accessible_output2 outputs do print
        _FakeOutput.instances.append(self)

    def is_active(self) -> bool:
        return self.running

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.spoken.append((text, interrupt))

    def braille(self, text: str) -> None:
        self.brailled.append(text)

    def silence(self) -> None:
        self.silenced += 1


class _FakeSapi5(_FakeOutput):
    name = "SAPI5"
    system_output = True


class _FakeMissingReader(_FakeOutput):
    name = "Window-Eyes"

    def __init__(self) -> None:
        raise OSError("DLL not found")


class _FakeNvdaNotRunning(_FakeOutput):
    name = "NVDA"
    running = False


class _FakeJaws(_FakeOutput):
    name = "JAWS"


@pytest.fixture
def fake_windows(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[type[_FakeOutput]]]:
    import accessible_output2
    import accessible_output2.outputs  # imported for real before the platform is faked

    classes: list[type[Any]] = [_FakeSapi5, _FakeMissingReader, _FakeNvdaNotRunning, _FakeJaws]
    monkeypatch.setattr(accessible_output2, "get_output_classes", lambda: list(classes))
    monkeypatch.setattr(sys, "platform", "win32")
    _FakeOutput.instances.clear()
    yield classes
    _FakeOutput.instances.clear()


def test_windows_uses_the_running_screen_reader_never_sapi5(
    fake_windows: list[type[_FakeOutput]], capfd: pytest.CaptureFixture[str]
) -> None:
    backend = ScreenReaderBackend()
    backend.speak("Ana rolls L, dot, C.")
    backend.speak("Bo 4, pot 1.", interrupt=True)
    backend.braille("Bo 4, pot 1.")
    backend.silence()
    backend.close()
    backend.close()
    assert capfd.readouterr() == ("", "")
    jaws = [o for o in _FakeOutput.instances if isinstance(o, _FakeJaws)]
    assert len(jaws) == 1
    assert jaws[0].spoken == [("Ana rolls L, dot, C.", False), ("Bo 4, pot 1.", True)]
    assert jaws[0].brailled == ["Bo 4, pot 1."]
    assert jaws[0].silenced == 1
    assert all(o.spoken == [] for o in _FakeOutput.instances if not isinstance(o, _FakeJaws))


def test_windows_without_a_running_screen_reader_fails(
    fake_windows: list[type[_FakeOutput]], capfd: pytest.CaptureFixture[str]
) -> None:
    fake_windows.remove(_FakeJaws)
    with pytest.raises(SpeechError, match="No screen reader is running"):
        ScreenReaderBackend()
    assert capfd.readouterr() == ("", "")


def test_windows_screen_reader_that_quits_raises_speech_error(fake_windows: list[type[_FakeOutput]]) -> None:
    backend = ScreenReaderBackend()
    _FakeJaws.running = False
    try:
        with pytest.raises(SpeechError, match="JAWS is no longer running"):
            backend.speak("Hello.")
    finally:
        _FakeJaws.running = True


def test_closed_screen_reader_backend_raises_speech_error(fake_windows: list[type[_FakeOutput]]) -> None:
    backend = ScreenReaderBackend()
    backend.close()
    with pytest.raises(SpeechError):
        backend.speak("Hello.")


def test_windows_screen_reader_cannot_tell_when_it_has_finished(
    fake_windows: list[type[_FakeOutput]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """NVDA and JAWS through accessible_output2 0.17 cannot tell: None, and Orca is never looked for."""

    def no_orca_on_windows(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("Orca's D-Bus service looked for on Windows")

    monkeypatch.setattr(OrcaService, "find", no_orca_on_windows)
    backend = ScreenReaderBackend()
    backend.speak("Ana rolls L, dot, C.")
    assert backend.speaking() is None
    backend.close()
    assert backend.speaking() is False  # closed: nothing is being said


# -- Linux: which way speech and braille go, with Orca's service and speech-dispatcher faked -----------------


class _FakeOrca:
    """Stands in for :class:`OrcaService` (the real one over D-Bus is tested in test_speech_dispatcher)."""

    def __init__(self, can_braille_alone: bool) -> None:
        self.can_braille_alone = can_braille_alone
        self.calls: list[tuple[str, str]] = []
        self.closed = False

    def present(self, text: str) -> None:
        self.calls.append(("present", text))

    def display(self, text: str) -> None:
        self.calls.append(("display", text))

    def interrupt(self) -> None:
        self.calls.append(("interrupt", ""))

    def clear_display(self) -> None:
        self.calls.append(("clear", ""))

    def close(self) -> None:
        self.closed = True


class _FakeConnection:
    """Stands in for the client's connection: holds the hook that speech-dispatcher's events go to."""

    def __init__(self, hook: Callable[..., None]) -> None:
        self.hook = hook

    def set_callback(self, hook: Callable[..., None]) -> None:
        self.hook = hook


class _FakeSSIPClient:
    """Stands in for ``speechd.SSIPClient``: numbers each message as the server does (from 1), fires no event
    by itself; :meth:`event` sends one as the server would. With ``end_at_once``, each message's END comes
    before :meth:`speak` has returned its id (the race the real client loses)."""

    instances: ClassVar[list[_FakeSSIPClient]] = []
    refuse = False

    def __init__(self, *_args: object, **_kwargs: object) -> None:
        if _FakeSSIPClient.refuse:
            raise OSError("speech-dispatcher is not running")
        self.spoken: list[str] = []
        self.handled: list[tuple[int, str]] = []
        self.cancelled = 0
        self.end_at_once = False
        self._callback_handler = lambda msg_id, _client, kind, **_kw: self.handled.append((msg_id, kind))
        self._conn = _FakeConnection(self._callback_handler)
        _FakeSSIPClient.instances.append(self)

    def set_priority(self, _priority: object) -> None: ...

    def event(self, msg_id: int, kind: str) -> None:
        self._conn.hook(msg_id, 7, kind)

    def speak(self, text: str) -> tuple[int, str, list[str]]:
        self.spoken.append(text)
        msg_id = len(self.spoken)
        if self.end_at_once:
            self.event(msg_id, "begin")
            self.event(msg_id, "end")
        return 225, "OK MESSAGE QUEUED", [str(msg_id)]

    def cancel(self) -> None:
        self.cancelled += 1

    def close(self) -> None: ...


@pytest.fixture
def fake_linux(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[_FakeOrca | None], None]]:
    """Linux with a fake speech-dispatcher client; call the fixture's value to choose what Orca answers."""
    import speechd

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(speechd, "SSIPClient", _FakeSSIPClient)
    _FakeSSIPClient.instances.clear()
    _FakeSSIPClient.refuse = False

    def orca_answers(orca: _FakeOrca | None) -> None:
        monkeypatch.setattr(OrcaService, "find", classmethod(lambda cls, bus="SESSION": orca))

    orca_answers(None)
    yield orca_answers
    _FakeSSIPClient.instances.clear()
    _FakeSSIPClient.refuse = False


def test_orca_51_brailles_alone_and_speech_stays_with_speech_dispatcher(
    fake_linux: Callable[[_FakeOrca | None], None],
) -> None:
    orca = _FakeOrca(can_braille_alone=True)
    fake_linux(orca)
    backend = ScreenReaderBackend(autospawn=False)
    backend.speak("Ana rolls L, dot, C.")
    backend.braille("Ana rolls L, dot, C.")
    backend.silence()
    assert _FakeSSIPClient.instances[0].spoken == ["Ana rolls L, dot, C."]
    assert _FakeSSIPClient.instances[0].cancelled == 1
    assert orca.calls == [("display", "Ana rolls L, dot, C.")]  # never "present": it would speak it again
    backend.close()
    assert orca.calls[-1] == ("clear", "") and orca.closed


def test_orca_49_and_50_present_everything_and_speech_dispatcher_is_not_used(
    fake_linux: Callable[[_FakeOrca | None], None],
) -> None:
    orca = _FakeOrca(can_braille_alone=False)
    fake_linux(orca)
    backend = ScreenReaderBackend(autospawn=False)
    backend.speak("Ana rolls L, dot, C.")
    backend.braille("Ana rolls L, dot, C.")  # already shown with the speech
    backend.speak("Your turn.", interrupt=True)
    assert backend.speaking() is None  # Orca does not say when it has finished
    assert backend.set_language("es") is False  # Orca speaks its user's language
    backend.silence()
    assert _FakeSSIPClient.instances == []
    assert orca.calls == [
        ("present", "Ana rolls L, dot, C."),
        ("interrupt", ""),
        ("present", "Your turn."),
        ("interrupt", ""),
    ]


def test_orca_51_presents_everything_when_speech_dispatcher_does_not_answer(
    fake_linux: Callable[[_FakeOrca | None], None],
) -> None:
    """Orca can speak through another synthesizer; then it says and brailles the game's messages itself."""
    orca = _FakeOrca(can_braille_alone=True)
    fake_linux(orca)
    _FakeSSIPClient.refuse = True
    backend = ScreenReaderBackend(autospawn=False)
    backend.speak("Ana rolls L, dot, C.")
    assert orca.calls == [("present", "Ana rolls L, dot, C.")]


def test_without_orca_and_speech_dispatcher_the_screen_reader_fails(
    fake_linux: Callable[[_FakeOrca | None], None],
) -> None:
    _FakeSSIPClient.refuse = True
    with pytest.raises(SpeechError):
        ScreenReaderBackend(autospawn=False)


def test_without_orcas_service_speech_goes_on_and_braille_does_nothing(
    fake_linux: Callable[[_FakeOrca | None], None],
) -> None:
    backend = ScreenReaderBackend(autospawn=False)
    backend.speak("Ana rolls L, dot, C.")
    backend.braille("Ana rolls L, dot, C.")
    assert _FakeSSIPClient.instances[0].spoken == ["Ana rolls L, dot, C."]


def test_one_end_event_finishes_every_message_before_it(
    fake_linux: Callable[[_FakeOrca | None], None],
) -> None:
    """speech-dispatcher speaks one client's messages in order, so one END finishes the ones before it."""
    backend = ScreenReaderBackend(autospawn=False)
    assert backend.speaking() is False
    for text in ("One.", "Two.", "Three."):
        backend.speak(text)
    client = _FakeSSIPClient.instances[0]
    client.event(1, "begin")
    assert backend.speaking() is True
    client.event(2, "end")  # the first message's END was lost
    assert backend.speaking() is True  # the third is still being said
    client.event(3, "cancel")
    assert backend.speaking() is False
    assert client.handled == [(1, "begin"), (2, "end"), (3, "cancel")]  # speechd's own callbacks still run
    backend.speak("Four.")
    assert backend.speaking() is True
    backend.silence()
    assert backend.speaking() is False


def test_an_end_that_comes_before_the_message_id_is_not_lost(
    fake_linux: Callable[[_FakeOrca | None], None],
) -> None:
    """A fast synthesiser ends a message before speechd's speak() has returned its id: the end still
    counts (speechd's own per-message callbacks would drop it, and the game would wait for nothing)."""
    backend = ScreenReaderBackend(autospawn=False)
    client = _FakeSSIPClient.instances[0]
    client.end_at_once = True
    backend.speak("Ana wins with 9 chips.")
    assert backend.speaking() is False
    client.end_at_once = False
    backend.speak("Goodbye.")
    assert backend.speaking() is True
    client.event(2, "end")
    assert backend.speaking() is False


def test_speaking_answers_none_when_speech_dispatcher_goes_quiet(
    fake_linux: Callable[[_FakeOrca | None], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A message whose end never comes must not hold the game: after a long silence, 'cannot tell'."""
    from lcr_audio.output.speech import screen_reader

    backend = ScreenReaderBackend(autospawn=False)
    backend.speak("One.")
    assert backend.speaking() is True
    monkeypatch.setattr(screen_reader, "STALLED_SECONDS", -1.0)
    assert backend.speaking() is None


def test_speaker_brailles_only_where_a_display_is_reached(
    fake_linux: Callable[[_FakeOrca | None], None],
) -> None:
    from lcr_audio.output.speech import Speaker

    assert Speaker([ConsoleBackend()]).brailles is False
    assert Speaker([ScreenReaderBackend(autospawn=False)]).brailles is False  # speech-dispatcher alone
    fake_linux(_FakeOrca(can_braille_alone=True))
    speaker = Speaker([ScreenReaderBackend(autospawn=False)])
    assert speaker.brailles is True
    speaker.close()
    assert speaker.backend.speaking() is False
    fake_linux(_FakeOrca(can_braille_alone=False))
    assert Speaker([ScreenReaderBackend(autospawn=False)]).brailles is True  # Orca 49, 50 braille with speech


def test_windows_screen_reader_brailles(fake_windows: list[type[_FakeOutput]]) -> None:
    backend = ScreenReaderBackend()
    assert backend.brailles is True
    backend.close()
    assert backend.brailles is False
