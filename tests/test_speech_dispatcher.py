"""The screen-reader backend against a real speech-dispatcher daemon (Debian package ``speech-dispatcher``).

The daemon runs for this module only, with its own configuration and socket, and one output module: the
stock ``sd_generic`` running a shell command that appends each text it is given to a file. No sound card
is needed. ``SPEECHD_ADDRESS`` points the client at the test's socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import pytest

from lcr_audio.speech import ENV_VAR, ScreenReaderBackend, SpeechBackend, create_speaker
from lcr_audio.speech.testing import BackendContract

DAEMON = shutil.which("speech-dispatcher")
pytestmark = pytest.mark.requires_program("speech-dispatcher")

START_TIMEOUT = 5.0  # seconds for the daemon's socket to answer
HEAR_TIMEOUT = 3.0  # seconds for the spoken texts to reach the capture file
GAME_HEAR_TIMEOUT = 15.0  # seconds for a whole game's texts to reach it

SENTENCES = ["Ana rolls L, dot, C.", "Ana 1, Bo 4, pot 1.", "It's Cy's turn; 3 chips!"]


@dataclass
class Daemon:
    process: subprocess.Popen[bytes]
    address: str
    captured: Path
    log: Path

    def heard(self, expected: list[str], timeout: float = HEAR_TIMEOUT) -> list[str]:
        """The lines captured so far, polling until they equal ``expected`` or ``timeout`` passes."""
        deadline = time.monotonic() + timeout
        while True:
            lines = self.captured.read_text(encoding="utf-8").splitlines() if self.captured.exists() else []
            if lines == expected or time.monotonic() > deadline:
                return lines
            time.sleep(0.02)

    def forget(self) -> None:
        self.captured.unlink(missing_ok=True)


def _write_config(conf: Path, sock: Path, logs: Path, captured: Path) -> None:
    (conf / "modules").mkdir(parents=True)
    (conf / "speechd.conf").write_text(
        f'CommunicationMethod "unix_socket"\n'
        f'SocketPath "{sock}"\n'
        f'LogDir "{logs}"\n'
        "LogLevel 3\n"
        "Timeout 0\n"
        'AudioOutputMethod "alsa"\n'
        'AudioALSADevice "null"\n'
        'AddModule "capture" "sd_generic" "capture.conf"\n'
        'DefaultModule "capture"\n',
        encoding="utf-8",
    )
    # sd_generic substitutes the text for $DATA, escaping single quotes, inside the \'...\' quotes.
    (conf / "modules" / "capture.conf").write_text(
        f"GenericExecuteSynth \"printf '%s\\\\n' \\'$DATA\\' >> {captured}\"\n"
        # One line per utterance: sd_generic cuts the text after each "." (its default delimiter) and strips
        # "~@#$%^&*+=|\\/<>[]_"; an empty list is not taken, so both name a character the game never says.
        "GenericMaxChunkLength 100000\n"
        'GenericDelimiters "`"\n'
        'GenericStripPunctChars "`"\n'
        'AddVoice "en" "MALE1" "capture"\n'
        'DefaultVoice "capture"\n',
        encoding="utf-8",
    )


def _answers(sock: Path) -> bool:
    with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX) as client:
        client.connect(str(sock))
        return True
    return False


@pytest.fixture(scope="module")
def daemon(
    tmp_path_factory: pytest.TempPathFactory, missing_system: Callable[[str], NoReturn]
) -> Iterator[Daemon]:
    assert DAEMON is not None
    base = tmp_path_factory.mktemp("speechd")
    captured = base / "captured.txt"
    if any(c.isspace() or c in "'\"\\$" for c in str(captured)):
        missing_system(f"the temporary path {captured} cannot be written into a shell command as is")
    short = Path(tempfile.mkdtemp(prefix="lcr-sd-"))  # a Unix socket path must stay under ~100 bytes
    sock = short / "speechd.sock"
    logs = base / "logs"
    logs.mkdir()
    _write_config(base / "conf", sock, logs, captured)
    daemon_log = base / "daemon.out"
    with daemon_log.open("wb") as out:
        process = subprocess.Popen(
            [DAEMON, "--run-single", "--config-dir", str(base / "conf"), "--communication-method",
             "unix_socket", "--socket-path", str(sock), "--timeout", "0", "--log-dir", str(logs),
             "--pid-file", str(base / "speechd.pid")],
            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not _answers(sock):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"speech-dispatcher did not start: {daemon_log.read_text(errors='replace')}")
            time.sleep(0.02)
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
            mp.delenv(ENV_VAR, raising=False)
            yield Daemon(process, f"unix_socket:{sock}", captured, logs)
    finally:
        process.terminate()
        try:
            process.wait(3)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(3)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)  # its output-module children, if any are left
        shutil.rmtree(short, ignore_errors=True)


@pytest.fixture
def fresh(daemon: Daemon) -> Daemon:
    daemon.forget()
    return daemon


def test_screen_reader_backend_speaks_through_speech_dispatcher(
    fresh: Daemon, capfd: pytest.CaptureFixture[str]
) -> None:
    backend = ScreenReaderBackend(autospawn=False)
    for sentence in SENTENCES:
        backend.speak(sentence)
    assert fresh.heard(SENTENCES) == SENTENCES
    backend.close()
    assert capfd.readouterr() == ("", "")


def test_speaker_in_screen_reader_mode(fresh: Daemon, capfd: pytest.CaptureFixture[str]) -> None:
    printed: list[str] = []
    speaker = create_speaker("screen-reader", print_line=printed.append)
    assert speaker.mode == "screen-reader"
    for sentence in SENTENCES:
        speaker.speak(sentence)
    assert fresh.heard(SENTENCES) == SENTENCES
    assert speaker.mode == "screen-reader"
    assert printed == []  # the screen reader speaks; no duplicate text unless echo is on
    speaker.close()
    assert capfd.readouterr() == ("", "")


def test_auto_mode_picks_the_running_speech_dispatcher(
    fresh: Daemon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With Orca running (faked here), auto speaks through its speech-dispatcher."""
    from lcr_audio.speech import speaker as speaker_module

    monkeypatch.setattr(speaker_module, "orca_running", lambda: True)
    speaker = create_speaker("auto", print_line=lambda text: None)
    assert speaker.mode == "screen-reader"
    speaker.speak(SENTENCES[0])
    assert fresh.heard(SENTENCES[:1]) == SENTENCES[:1]
    speaker.close()


class TestSpeechDispatcherContract(BackendContract):
    @pytest.fixture
    def backend(self, fresh: Daemon) -> Iterator[SpeechBackend]:
        self.daemon = fresh
        backend = ScreenReaderBackend(autospawn=False)
        yield backend
        backend.close()

    def heard(self, backend: SpeechBackend, expected: list[str]) -> list[str] | None:
        return self.daemon.heard(expected)


def test_set_language_reaches_speech_dispatcher(fresh: Daemon) -> None:
    backend = ScreenReaderBackend(autospawn=False)
    assert backend.set_language("es") is True
    assert backend.set_language("pt_BR") is True
    assert backend.set_language("no such code!") is False  # never sent: it would break the SSIP line
    assert backend.set_language("") is False
    backend.set_rate(5)  # the screen reader's own: nothing happens, nothing breaks
    backend.set_voice("anything")
    assert backend.voices() == []
    backend.speak(SENTENCES[0])
    assert fresh.heard(SENTENCES[:1]) == SENTENCES[:1]
    backend.close()


class BrailleRecordingScreenReader(ScreenReaderBackend):
    """The real screen-reader backend, with a braille display that remembers what it was shown."""

    def __init__(self) -> None:
        super().__init__(autospawn=False)
        self.brailled: list[str] = []

    def braille(self, text: str) -> None:
        super().braille(text)  # speech-dispatcher has none; it must still not fail
        self.brailled.append(text)


def test_whole_watch_mode_game_is_heard_in_order(fresh: Daemon, capfd: pytest.CaptureFixture[str]) -> None:
    """Every utterance of a whole game (three computer players) reaches the daemon, in order, and braille."""
    from prompt_toolkit.input import DummyInput

    from lcr_audio.engine import Rules
    from lcr_audio.session import Session
    from lcr_audio.speech import Speaker
    from lcr_audio.tui.play import Outcome, PlayScreen
    from lcr_audio.tui.setup import table

    backend = BrailleRecordingScreenReader()
    speaker = Speaker([backend])
    asked: list[tuple[str, bool]] = []
    speak = speaker.speak

    def recording_speak(text: str, *, interrupt: bool = False, printed: bool = True) -> None:
        asked.append((text, interrupt))
        speak(text, interrupt=interrupt, printed=printed)

    speaker.speak = recording_speak  # type: ignore[method-assign]
    session = Session(Rules(players=3, chips=1), table(3, [], []), 5)
    screen = PlayScreen(session, speaker, DummyInput(), pause=0.0, new_session=None)
    assert asyncio.run(asyncio.wait_for(screen.run(), 120)) is Outcome.FINISHED

    texts = [text for text, _interrupt in asked]
    assert len(texts) >= 3 and sum(" wins with " in text for text in texts) == 1
    assert not any(interrupt for _text, interrupt in asked)  # game events queue; none cuts another off
    assert speaker.mode == "screen-reader"  # the screen reader never failed
    assert backend.brailled == texts
    assert fresh.heard(texts, timeout=GAME_HEAR_TIMEOUT) == texts
    speaker.close()
    assert capfd.readouterr() == ("", "")


def test_auto_mode_without_orca_leaves_speech_dispatcher_alone(
    fresh: Daemon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """speech-dispatcher runs without a screen reader on many desktops: auto then takes a mode that prints."""
    from lcr_audio.speech import speaker as speaker_module

    monkeypatch.setattr(speaker_module, "orca_running", lambda: False)
    monkeypatch.setattr(speaker_module.sys, "platform", "linux")
    speaker = create_speaker("auto", print_line=lambda text: None)
    assert speaker.mode in ("tts", "console")
    speaker.close()
