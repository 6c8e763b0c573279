"""The screen-reader backend against a real speech-dispatcher daemon (Debian package ``speech-dispatcher``).

The daemon runs for this module only, with its own configuration and socket, and one output module: the
stock ``sd_generic`` running a shell command that appends each text it is given to a file. No sound card
is needed. ``SPEECHD_ADDRESS`` points the client at the test's socket. Braille goes to a fake Orca on a
private D-Bus session bus (tests/fake_orca.py), which records what it was asked to show and to say.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import pytest
from fake_orca import DBUS_DAEMON, LEGACY, ORCA1, FakeOrca, private_session_bus, stop
from random_keys import check_game_end, check_nothing_lost, game_end_with_random_keys, game_with_random_keys
from support.speech import record_speech

from lcr_audio.output.speech import ENV_VAR, ScreenReaderBackend, Speaker, SpeechBackend, create_speaker
from lcr_audio.output.speech.testing import BackendContract

DAEMON = shutil.which("speech-dispatcher")
pytestmark = pytest.mark.requires_program("speech-dispatcher")

START_TIMEOUT = 5.0  # seconds for the daemon's socket to answer
HEAR_TIMEOUT = 3.0  # seconds for the spoken texts to reach the capture file
GAME_HEAR_TIMEOUT = 15.0  # seconds for a whole game's texts to reach it

SLOW_SPEECH_SECONDS = 0.05
HOLD_POLLS = 300  # 10 ms each: a held message ends by itself after 3 s
SENTENCES = ["Ana rolls L, dot, C.", "Ana 1, Bo 4, pot 1.", "It's Cy's turn; 3 chips!"]


@dataclass
class Daemon:
    process: subprocess.Popen[bytes]
    address: str
    captured: Path
    log: Path
    gate: Path
    """The capture module says nothing while this file is missing: a message is then still being spoken."""
    slow: Path
    """While this file exists, each message takes SLOW_SPEECH_SECONDS to say, so that it can be cut."""

    @contextlib.contextmanager
    def speaking_slowly(self) -> Iterator[None]:
        """Within the block each message takes :data:`SLOW_SPEECH_SECONDS`; one cut (cancelled) before its
        end is never written to ``captured``, which then holds only the messages said whole."""
        self.slow.touch()
        try:
            yield
        finally:
            self.slow.unlink()

    @contextlib.contextmanager
    def holding_speech(self) -> Iterator[None]:
        """Within the block, every message stays unfinished (no END) until the block ends."""
        self.gate.unlink()
        try:
            yield
        finally:
            self.gate.touch()

    def heard(self, expected: list[str], timeout: float = HEAR_TIMEOUT) -> list[str]:
        """The lines captured so far, polling until they equal ``expected`` or ``timeout`` passes."""
        deadline = time.monotonic() + timeout
        while True:
            lines = self.captured.read_text(encoding="utf-8").splitlines() if self.captured.exists() else []
            if lines == expected or time.monotonic() > deadline:
                return lines
            time.sleep(0.02)  # a poll, up to the timeout

    def forget(self) -> None:
        self.captured.unlink(missing_ok=True)


def _write_config(conf: Path, sock: Path, logs: Path, captured: Path, gate: Path, slow: Path) -> None:
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
    # sd_generic substitutes the text for $DATA, escaping single quotes, inside the \'...\' quotes. The
    # message is not finished (no END event) until the gate file exists (or its folder is gone: a killed test
    # run must not leave a shell polling forever; or HOLD_POLLS polls have passed: sd_generic does not stop a
    # running synthesis on CANCEL, and speech-dispatcher may not answer the CANCEL until it ends, so a test
    # that silences held speech would otherwise wait for ever); while the slow file exists, each
    # message takes a while, and one cancelled meanwhile is never written.
    (conf / "modules" / "capture.conf").write_text(
        f'GenericExecuteSynth "i=0; while [ ! -e {gate} ] && [ -d {gate.parent} ] && [ $i -lt {HOLD_POLLS} ]; '
        f"do sleep 0.01; i=$((i+1)); done; "
        f"[ ! -e {slow} ] || sleep {SLOW_SPEECH_SECONDS}; "
        f"printf '%s\\\\n' \\'$DATA\\' >> {captured}\"\n"
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
    gate = base / "gate"
    gate.touch()
    slow = base / "slow"
    if any(c.isspace() or c in "'\"\\$" for c in str(captured)):
        missing_system(f"the temporary path {captured} cannot be written into a shell command as is")
    short = Path(tempfile.mkdtemp(prefix="lcr-sd-"))  # a Unix socket path must stay under ~100 bytes
    sock = short / "speechd.sock"
    logs = base / "logs"
    logs.mkdir()
    _write_config(base / "conf", sock, logs, captured, gate, slow)
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
            time.sleep(0.02)  # a poll, up to START_TIMEOUT
        with pytest.MonkeyPatch.context() as mp:
            mp.setenv("SPEECHD_ADDRESS", f"unix_socket:{sock}")
            mp.delenv(ENV_VAR, raising=False)
            yield Daemon(process, f"unix_socket:{sock}", captured, logs, gate, slow)
    finally:
        stop(process)
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
    from lcr_audio.output.speech import speaker as speaker_module

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


@pytest.fixture(scope="module")
def session_bus() -> Iterator[str]:
    """A private D-Bus session bus; its tests are marked ``requires_program("dbus-daemon")`` (conftest.py)."""
    assert DBUS_DAEMON is not None, 'mark this test @pytest.mark.requires_program("dbus-daemon")'
    with private_session_bus() as address:
        yield address


@pytest.fixture
def orca51(session_bus: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOrca]:
    """Orca 51 or later (``org.gnome.Orca1.Service``) on the session bus the game sees."""
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", session_bus)
    orca = FakeOrca(session_bus, name=ORCA1)
    yield orca
    orca.close()


@pytest.fixture
def orca50(session_bus: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOrca]:
    """Orca 50 (``org.gnome.Orca.Service``: PresentMessage only; InterruptSpeech on SpeechManager)."""
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", session_bus)
    orca = FakeOrca(session_bus, name=LEGACY, modules=("SpeechManager",))
    yield orca
    orca.close()


@pytest.mark.requires_program("dbus-daemon")
def test_whole_watch_mode_game_is_heard_in_order_and_brailled(
    fresh: Daemon, orca51: FakeOrca, capfd: pytest.CaptureFixture[str]
) -> None:
    """Every utterance of a whole game (three computer players) reaches the daemon, in order, once, and
    Orca's braille display, with Orca asked to say none of them (nothing is heard twice)."""
    from prompt_toolkit.input import DummyInput

    from lcr_audio.engine import Rules
    from lcr_audio.game.seating import table
    from lcr_audio.game.session import Session
    from lcr_audio.tui.play import Outcome, PlayScreen

    speaker = Speaker([ScreenReaderBackend(autospawn=False)])
    asked = record_speech(speaker)
    session = Session(Rules(players=3, chips=1), table(3, [], []), 5)
    screen = PlayScreen(session, speaker, DummyInput(), pause=0.0, new_session=None)
    assert asyncio.run(asyncio.wait_for(screen.run(), 120)) is Outcome.FINISHED

    texts = [text for text, _interrupt in asked]
    assert len(texts) >= 3 and sum(" wins with " in text for text in texts) == 1
    assert not any(interrupt for _text, interrupt in asked)  # game events queue; none cuts another off
    assert speaker.mode == "screen-reader"  # the screen reader never failed
    assert speaker.brailles is True
    assert fresh.heard(texts, timeout=GAME_HEAR_TIMEOUT) == texts
    assert orca51.brailled() == texts
    assert orca51.spoken() == []
    assert orca51.recorded("DisplayMessage")[0] == ("DisplayMessage", (texts[0], True))  # stays up to be read
    speaker.close()
    assert capfd.readouterr() == ("", "")


@pytest.mark.requires_program("dbus-daemon")
def test_braille_off_sends_nothing_to_orca(fresh: Daemon, orca51: FakeOrca) -> None:
    speaker = Speaker([ScreenReaderBackend(autospawn=False)], braille=False)
    speaker.speak(SENTENCES[0])
    assert fresh.heard(SENTENCES[:1]) == SENTENCES[:1]
    speaker.braille = True
    speaker.speak(SENTENCES[1])
    assert fresh.heard(SENTENCES[:2]) == SENTENCES[:2]
    assert orca51.recorded() == [("DisplayMessage", (SENTENCES[1], True))]
    speaker.close()
    # The message was shown to stay; leaving the game takes it off the display.
    assert orca51.recorded()[-1] == ("DisplayMessage", ("", False))


@pytest.mark.requires_program("dbus-daemon")
def test_orca_quitting_mid_game_leaves_speech_going(
    fresh: Daemon, orca51: FakeOrca, capfd: pytest.CaptureFixture[str]
) -> None:
    speaker = Speaker([ScreenReaderBackend(autospawn=False)], print_line=lambda text: None)
    speaker.speak(SENTENCES[0])
    orca51.close()  # Orca quits: braille fails, speech must not
    speaker.speak(SENTENCES[1])
    speaker.speak(SENTENCES[2])
    assert fresh.heard(SENTENCES) == SENTENCES
    assert speaker.mode == "screen-reader"
    assert orca51.brailled() == SENTENCES[:1]
    speaker.close()
    assert capfd.readouterr() == ("", "")


@pytest.mark.requires_program("dbus-daemon")
def test_orca_50_presents_every_message_and_speech_dispatcher_says_none(
    fresh: Daemon, orca50: FakeOrca, capfd: pytest.CaptureFixture[str]
) -> None:
    """Orca 49 and 50 can only speak and braille together: Orca presents each message once, and nothing
    goes to speech-dispatcher as well."""
    speaker = Speaker([ScreenReaderBackend(autospawn=False)], print_line=lambda text: None)
    for sentence in SENTENCES:
        speaker.speak(sentence)
    speaker.speak("Your turn.", interrupt=True)
    assert speaker.speaking() is None  # Orca does not say when it has finished: the caller estimates
    speaker.silence()
    assert orca50.spoken() == [*SENTENCES, "Your turn."]
    assert orca50.brailled() == [*SENTENCES, "Your turn."]
    assert orca50.recorded("ExecuteCommand") == [("ExecuteCommand", ("InterruptSpeech", False))] * 2
    speaker.close()
    orca50.close()
    # Without Orca's service the backend speaks through speech-dispatcher; the marker is the only line.
    marker = ScreenReaderBackend(autospawn=False)
    marker.speak("Marker.")
    assert fresh.heard(["Marker."]) == ["Marker."]
    marker.close()
    assert capfd.readouterr() == ("", "")


def _until(answer: Callable[[], object], expected: object, timeout: float = HEAR_TIMEOUT) -> object:
    """Poll ``answer()`` until it equals ``expected`` or ``timeout`` passes; return the last answer."""
    deadline = time.monotonic() + timeout
    while (got := answer()) != expected and time.monotonic() < deadline:
        time.sleep(0.01)  # a poll, up to the timeout
    return got


def test_speaking_lasts_until_speech_dispatcher_reports_the_end(fresh: Daemon) -> None:
    backend = ScreenReaderBackend(autospawn=False)
    assert backend.speaking() is False
    with fresh.holding_speech():
        backend.speak(SENTENCES[0])
        backend.speak(SENTENCES[1])
        assert backend.speaking() is True
        assert fresh.heard([], timeout=0) == []  # held: nothing has ended yet
        assert backend.speaking() is True
    assert fresh.heard(SENTENCES[:2]) == SENTENCES[:2]
    assert _until(backend.speaking, False) is False
    backend.close()


def test_silence_and_interrupt_end_speaking(fresh: Daemon) -> None:
    backend = ScreenReaderBackend(autospawn=False)
    with fresh.holding_speech():
        backend.speak(SENTENCES[0])
        assert backend.speaking() is True
        backend.silence()
        assert backend.speaking() is False
        backend.speak(SENTENCES[1])
        backend.speak(SENTENCES[2], interrupt=True)  # the CANCEL of the ones before must not end this one
        assert _until(backend.speaking, False, timeout=0.3) is True
    assert _until(backend.speaking, False) is False
    assert fresh.heard(SENTENCES[2:])[-1] == SENTENCES[2]
    backend.close()


def test_auto_mode_without_orca_leaves_speech_dispatcher_alone(
    fresh: Daemon, monkeypatch: pytest.MonkeyPatch
) -> None:
    """speech-dispatcher runs without a screen reader on many desktops: auto then takes a mode that prints."""
    from lcr_audio.output.speech import speaker as speaker_module

    monkeypatch.setattr(speaker_module, "orca_running", lambda: False)
    monkeypatch.setattr(speaker_module.sys, "platform", "linux")
    speaker = create_speaker("auto", print_line=lambda text: None)
    assert speaker.mode in ("tts", "console")
    speaker.close()


def test_every_game_message_is_heard_whole_or_counted_in_a_skip(fresh: Daemon) -> None:
    """10 seeded games through a real speech-dispatcher whose messages take time to say, with random keys
    during the computers' turns: every game message reaches the capture whole (after the last answer that
    cut it) or is counted in a "messages skipped" sentence, and none is said whole again unless it was cut."""
    rng = random.Random(10)
    skips_heard = 0
    for seed in range(10):
        fresh.forget()
        with fresh.speaking_slowly():
            speaker = Speaker([ScreenReaderBackend(autospawn=False)])
            history, said = asyncio.run(game_with_random_keys(speaker, seed, rng))
        whole = Counter(fresh.heard([], timeout=0))
        skips_heard += check_nothing_lost(f"game {seed}", history, said, whole)
    assert skips_heard > 0  # Q did skip something in these games: the count was exercised


def test_at_the_end_of_a_game_a_y_or_n_heard_is_taken_and_the_winner_comes_first(fresh: Daemon) -> None:
    """Issue 21, item 4: 20 seeded games through a real speech-dispatcher, with random keys during the last
    messages (which then take a while to say, so that keys cut them). Every Y or N pressed after the play-again question was heard
    whole is taken (on the old main an N after "Please press Y or N. Play again ...?" was dropped and the
    game waited); the winner's sentence always comes before any sentence that holds the question; N leaves
    with one sentence, said once."""
    from lcr_audio.tui.play import Outcome

    def heard() -> list[str]:
        return fresh.heard([], timeout=0)

    def slowly(on: bool) -> None:
        """During a game's last messages each message takes a while to say, so that keys can cut it."""
        if on:
            fresh.slow.touch()
        else:
            fresh.slow.unlink(missing_ok=True)

    rng = random.Random(21)
    answered = early = wrong = answered_early = 0
    for seed in range(20):
        fresh.forget()
        speaker = Speaker([ScreenReaderBackend(autospawn=False)])
        try:
            end = asyncio.run(game_end_with_random_keys(speaker, seed, rng, heard, slowly))
        finally:
            slowly(False)
        assert end.outcome is Outcome.FINISHED, (
            f"game {seed}: {end.after_heard}; said: {end.said[-12:]}; history: {end.history[-8:]}; "
            f"heard whole: {heard()[-12:]}"
        )
        check_game_end(f"game {seed}", end, heard())
        answered += len(end.after_heard)
        early += end.early
        answered_early += end.answered_early
        wrong += sum(text.startswith("Please press Y or N.") for text, _i in end.said)
    # The games exercised what they check: answers after the question, Y and N too early, and wrong keys
    # that repeat the question. A Y or N read after the question was handed over but before it was heard
    # whole (the machine stalled the keys for two messages) answers it, rightly, in a game or two at most.
    assert answered >= 18 and early > 0 and wrong > 0 and answered_early <= 2
