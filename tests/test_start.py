"""Starting the program (issue 10, item 9): the first sentence is out before the sound device is opened, cues
still play once it is open, and with sounds off pygame is never even imported.

The speed itself is measured by ``benchmarks/latency.py``, not here (tests are never timed)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pexpect
import pytest
from prompt_toolkit.input import PipeInput
from support.clock import run_on_loop_time
from support.play import Driver, mid_game, your_game
from support.program import spawn_python
from support.waiting import after_reaction

from lcr_audio.cli import main
from lcr_audio.engine import Rules
from lcr_audio.game.saves import default_save_path, save
from lcr_audio.output import sound
from lcr_audio.output.sound import SoundPlayer, cue_file
from lcr_audio.output.speech import RecordingBackend, Speaker
from lcr_audio.output.speech.base import SpeechMode
from lcr_audio.settings import Settings, save_settings
from lcr_audio.tui.play import PlayScreen

ROOT = Path(__file__).resolve().parent.parent
WATCH = ["play", "--players", "3", "--computer", "all", "--seed", "3", "--speech", "console", "--fast"]
OPENING = 60.0
"""Seconds the fake sound device takes to open at most: it opens as soon as the game has asked for a cue, so
that a cue is always asked for while the device is opening, on an idle machine or a loaded one."""

Event = tuple[str, str]
"""What happened, in order: ("line", text printed), ("open", thread name), ("ask", file name of a cue the game
asked for), ("cue", file name of a cue played)."""


class Recorder:
    """The terminal (stdout) and a fake, slow pygame mixer writing to one list of events."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.lock = threading.Lock()
        self.asked = threading.Event()  # the game has asked for a cue

    def note(self, kind: str, what: str) -> None:
        with self.lock:
            self.events.append((kind, what))
        if kind == "ask":
            self.asked.set()

    # the terminal ------------------------------------------------------------------------------------------

    def write(self, text: str) -> int:
        for line in text.splitlines():
            if line.strip():
                self.note("line", line)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError("not a file")

    def of(self, kind: str) -> list[int]:
        """The positions of the events of ``kind``."""
        return [index for index, (each, _) in enumerate(self.events) if each == kind]


def fake_pygame(recorder: Recorder) -> tuple[ModuleType, ModuleType]:
    """``pygame`` and ``pygame.mixer`` modules whose device opens once a cue was asked for (at most
    :data:`OPENING` seconds)."""
    mixer = ModuleType("pygame.mixer")
    state: dict[str, Any] = {"init": None, "channels": 8}

    class Sound:
        def __init__(self, path: str) -> None:
            self.name = Path(path).stem

        def get_length(self) -> float:
            return 0.01

    class Channel:
        def get_busy(self) -> bool:
            return False

        def set_volume(self, *volumes: float) -> None:
            pass

        def stop(self) -> None:
            pass

        def play(self, sound: Sound) -> None:
            recorder.note("cue", sound.name)

    def init(**kwargs: Any) -> None:
        # The sound device's slow opening this test is about, on the mixer's own thread: it opens once the game
        # has asked for a cue (or after a minute, when the game would wait for the device before asking,
        # which the test then reports), so that the order does not depend on how busy the machine is.
        recorder.asked.wait(OPENING)
        recorder.note("open", threading.current_thread().name)
        state["init"] = (44100, -16, 2)

    mixer.init = init  # type: ignore[attr-defined]
    mixer.get_init = lambda: state["init"]  # type: ignore[attr-defined]
    mixer.quit = lambda: state.update(init=None)  # type: ignore[attr-defined]
    mixer.get_num_channels = lambda: state["channels"]  # type: ignore[attr-defined]
    mixer.set_num_channels = lambda count: state.update(channels=count)  # type: ignore[attr-defined]
    mixer.find_channel = lambda force=False: Channel()  # type: ignore[attr-defined]
    mixer.stop = lambda: None  # type: ignore[attr-defined]
    mixer.Sound = Sound  # type: ignore[attr-defined]
    pygame = ModuleType("pygame")
    pygame.mixer = mixer  # type: ignore[attr-defined]
    return pygame, mixer


def test_the_first_sentence_is_out_before_the_sound_device_opens_and_cues_play_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        sound, "OPEN_WAIT", 600.0
    )  # about order, not speed: no cue gives up on a busy machine
    recorder = Recorder()
    pygame, mixer = fake_pygame(recorder)
    monkeypatch.setitem(sys.modules, "pygame", pygame)
    monkeypatch.setitem(sys.modules, "pygame.mixer", mixer)
    monkeypatch.setattr(sys, "stdout", recorder)
    monkeypatch.setattr(sys, "stdin", open(os.devnull, encoding="utf-8"))  # noqa: SIM115 (closed below)
    play = SoundPlayer.play

    def asked(player: SoundPlayer, cue: str, **kwargs: Any) -> float:
        recorder.note("ask", cue_file(cue, seat=kwargs.get("seat"), dice=kwargs.get("dice")))
        return play(player, cue, **kwargs)

    monkeypatch.setattr(SoundPlayer, "play", asked)
    # The game's own waits (the gaps between cues, the win cue played to its end) on a fake clock: they take no
    # wall time, and the order of the events, which this test is about, is the same.
    monkeypatch.setattr(asyncio, "run", run_on_loop_time)

    assert main(WATCH) == 0

    lines, opened, cues = recorder.of("line"), recorder.of("open"), recorder.of("cue")
    assert lines and lines[0] == 0  # the first sentence came first...
    assert len(opened) == 1 and opened[0] > lines[0]  # ...then the device opened, once,
    assert recorder.events[opened[0]][1] == "sound-device"  # on its own thread, not holding up the game
    assert cues and min(cues) > opened[0]  # every cue played on the open device
    assert (
        min(recorder.of("ask")) < opened[0]
    )  # a cue was asked for while the device was opening (the fake waits)...
    played = [what for kind, what in recorder.events if kind == "cue"]
    assert played == [what for kind, what in recorder.events if kind == "ask"]  # ...and none was lost
    assert played[-1] == "win"
    sys.stdin.close()


@pytest.mark.system
@pytest.mark.parametrize("sounds", [False, True])
def test_with_sounds_off_pygame_is_never_imported(sounds: bool) -> None:
    """A whole watch game in a fresh interpreter: with sounds off, no pygame module is ever loaded (with
    sounds on it is, which shows the check can fail). A short game (3 players, 1 chip): with sounds on the
    game waits for its cues."""
    assert save_settings(Settings(sounds=sounds)) is None  # into the test's own XDG folders (conftest)
    code = (
        "import json, sys\n"
        "from lcr_audio.cli import main\n"
        f"status = main({[*WATCH, '--players', '3', '--chips', '1']!r})\n"
        "loaded = sorted(name for name in sys.modules if name.split('.')[0] == 'pygame')\n"
        "print(json.dumps([status, loaded]), file=sys.stderr)\n"
    )
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    status, loaded = json.loads(done.stderr.strip().splitlines()[-1])
    assert status == 0 and " wins " in done.stdout
    if sounds:
        assert "pygame.mixer" in loaded
    else:
        assert loaded == []


FIRST_WRITE = (
    "import json, os, sys\n"
    "class FirstWrite:\n"
    "    '''stdout that records, at the first printable text, what it was and whether prompt_toolkit,\n"
    "    numpy and asyncio were loaded, then ends the program.'''\n"
    "    def __init__(self, stream): self.stream = stream\n"
    "    def __getattr__(self, name): return getattr(self.stream, name)\n"
    "    def write(self, text):\n"
    "        if text.strip():\n"
    "            with open(sys.argv[1], 'w', encoding='utf-8') as record:\n"
    "                json.dump([text.strip(), 'prompt_toolkit' in sys.modules, 'numpy' in sys.modules,\n"
    "                       'asyncio' in sys.modules], record)\n"
    "            os._exit(0)\n"
    "        return self.stream.write(text)\n"
    "sys.stdout = FirstWrite(sys.stdout)\n"
    "from lcr_audio.cli import main\n"
    "main(sys.argv[2:])\n"
)
MENU_OPENING = (
    "Left Right Center. Main menu. New game. 1 of 7. Up and Down move, Enter chooses, Escape goes back."
)


@pytest.mark.system
@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal (pexpect.spawn) is POSIX only")
@pytest.mark.parametrize("case", ["menu", "broken save", "unfinished game", "play"])
def test_the_first_sentence_is_printed_before_prompt_toolkit_is_imported(case: str, tmp_path: Path) -> None:
    """In a fresh interpreter in a terminal, the main menu's first sentence (its opening, or the question
    about a saved game) and a game's opening from ``play`` are printed before prompt_toolkit (whose package
    imports its whole application layer), asyncio and numpy are loaded (issue 21, item 12: each costs tens
    of milliseconds). On the main branch before it, ``play`` loaded all three first."""
    path = default_save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if case == "broken save":
        path.write_text("not a saved game", encoding="utf-8")
    elif case == "unfinished game":
        save(mid_game(human_turns=1), path)  # your game against Ana and Bo, after your first roll
    record = tmp_path / "first.json"
    command = ["play", "--speech", "console", "--seed", "1"] if case == "play" else ["--speech", "console"]
    child = spawn_python("-c", FIRST_WRITE, str(record), *command, timeout=30)
    child.expect(pexpect.EOF)
    child.close()
    first, loaded, numpy, asyncio = json.loads(record.read_text(encoding="utf-8"))
    expected = {
        "menu": MENU_OPENING,
        "broken save": "The saved game could not be used.",
        "unfinished game": "Continue your game with Ana and Bo, turn",
        "play": "A game of 3 players: you, Ana, and Bo.",
    }[case]
    assert first.startswith(expected)
    assert loaded is False
    assert numpy is False  # only the odds, careful players and the analysis need it
    assert asyncio is False


def test_the_o_key_knows_without_numpy_which_rules_have_an_exact_table() -> None:
    """The O key prepares the odds after the first sentence only where an exact table exists (issue 21,
    item 12); it decides that without importing the analysis, and must agree with it."""
    from lcr_audio.engine import WinCondition
    from lcr_audio.game.analysis.exact import supports
    from lcr_audio.tui.odds_key import has_table

    for players in range(3, 11):
        for chips in range(1, 11):
            for win in WinCondition:
                rules = Rules(players=players, chips=chips, win=win)
                assert has_table(rules) is supports(rules), rules


def test_odds_prepared_in_the_background_fail_into_the_log_never_onto_the_terminal(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The O key's background preparation (a daemon thread) that fails, as an import does when the game ends
    while it runs, writes to the log and prints nothing: a thread's uncaught exception would be a traceback
    on the player's terminal (seen once on a loaded machine at the end of a watch game)."""
    from lcr_audio.game.analysis import odds
    from lcr_audio.tui.odds_key import OddsKey

    def broken(*_: object, **__: object) -> None:
        raise ImportError("sys.meta_path is None, Python is likely shutting down")

    monkeypatch.setattr(odds, "OddsKeeper", broken)
    uncaught: list[threading.ExceptHookArgs] = []
    monkeypatch.setattr(threading, "excepthook", uncaught.append)
    started: list[Callable[[], None]] = []
    key = OddsKey(Rules(players=3, chips=1), after_first_utterance=started.append)
    with caplog.at_level(logging.INFO, logger="lcr_audio.tui.odds_key"):
        started[0]()
        deadline = time.monotonic() + 60
        while not (uncaught or caplog.records) and time.monotonic() < deadline:
            time.sleep(0.01)  # a wait on the thread's outcome, with a generous limit
    assert uncaught == []
    assert [(record.levelno, record.getMessage()) for record in caplog.records] == [
        (logging.INFO, "the odds could not be prepared in the background")
    ]  # INFO: never printed by Python's last resort once the game's log is closed (a SIGHUP's end)
    assert key._keeper is None  # the first O tries again


@pytest.mark.system
@pytest.mark.parametrize("odds", [False, True])
def test_a_whole_watch_game_never_imports_numpy_until_the_odds_are_asked_for(odds: bool) -> None:
    """A whole 10-seat watch game (3 chips each: too many positions for an exact table) in a fresh
    interpreter loads no numpy (it costs start time and about 10 MB: issue 21, item 12); the O key's odds,
    asked for after it, do load it (the check can fail)."""
    assert save_settings(Settings(sounds=False)) is None  # into the test's own XDG folders (conftest)
    code = (
        "import json, sys\n"
        "from lcr_audio.cli import main\n"
        f"status = main({[*WATCH, '--players', '10']!r})\n"
        "during = 'numpy' in sys.modules\n"
        f"if {odds!r}:\n"
        "    from lcr_audio.engine import Rules, new_game\n"
        "    from lcr_audio.tui.odds_key import OddsKey\n"
        "    state = new_game(Rules(players=10))[0]\n"
        "    OddsKey(Rules(players=10)).sentence(state, list('ABCDEFGHIJ'), None)\n"
        "print(json.dumps([status, during, 'numpy' in sys.modules]), file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    status, during, after = json.loads(done.stderr.strip().splitlines()[-1])
    assert status == 0 and " wins " in done.stdout
    assert during is False
    assert after is odds


@pytest.mark.system
@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal (pexpect.spawn) is POSIX only")
@pytest.mark.parametrize(
    ("saved", "asked", "opening", "key", "answer", "never_after"),
    [
        # The main menu: Enter pressed the moment it is out is neither echoed nor turned into another key
        # (a line feed, a key that does nothing): it chooses New game (the setup's first question).
        (False, "Escape goes back.", "Main menu.", "\r", "How many players", ("Main menu.", "does nothing")),
        # With an unfinished game saved: Y pressed the moment its question is out continues the game.
        (
            True,
            "Y or N.",
            "Continue your game with",
            "y",
            "The game continues at turn",
            ("Continue your game with", "Please press Y or N"),
        ),
    ],
    ids=["the main menu", "the saved game question"],
)
def test_the_first_question_said_early_is_said_once_and_a_key_typed_at_once_answers_it(
    saved: bool, asked: str, opening: str, key: str, answer: str, never_after: tuple[str, ...]
) -> None:
    """The first question, said before the key input is ready, is printed once; a key pressed the moment
    it is out reaches it and answers it, and the question is not said again. A yes-or-no key comes a
    reaction time after the question (a sooner one is a double press, dropped by design, REACTION_SECONDS):
    before the key input was ready only a slow start stamped it late enough (issue 21, item 11)."""
    if saved:
        save(mid_game(human_turns=1), default_save_path())
    child = spawn_python("-m", "lcr_audio", "--speech", "console", timeout=30)
    child.expect_exact(asked)
    assert child.before.count(opening) == 1
    if saved:
        after_reaction()
    child.send(key)
    child.expect_exact(answer)
    shown = child.before
    child.terminate(force=True)
    for text in never_after:
        assert text not in shown


@pytest.mark.system
@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal (pexpect.spawn) is POSIX only")
@pytest.mark.parametrize("variant", [False, True], ids=["plain", "wild"])
def test_plays_first_sentence_said_early_is_said_once_kept_in_the_history_and_the_game_goes_on(
    variant: bool,
) -> None:
    """``play`` says its first sentence (the game's opening, or a variant's rules first) before the key input
    and the screens are ready (issue 21, item 12): it is printed once, the game's narration does not say
    the opening again, Comma reads it back from the history, and Space rolls."""
    words = ["play", "--speech", "console", "--seed", "1", *(["--wild"] if variant else [])]
    child = spawn_python("-m", "lcr_audio", *words, timeout=30)
    try:
        child.expect_exact("Press Space to roll")
        shown = child.before
        assert shown.count("A game of 3 players: you, Ana, and Bo.") == 1
        if variant:
            assert shown.count("Wild dice on") == 1
            assert shown.index("Wild dice on") < shown.index("A game of 3 players")
        child.send(",")  # the last message: your turn
        child.expect_exact("Press Space to roll")
        child.send(",")  # the one before: the opening, in the history though said before the screen was up
        child.expect_exact("A game of 3 players: you, Ana, and Bo.")
        after_reaction()
        child.send(" ")
        child.expect_exact("You roll")
    finally:
        child.terminate(force=True)


def test_an_opening_said_before_the_screen_is_waited_for_like_the_screens_own(pipe: PipeInput) -> None:
    """``play`` says the game's opening before its screen exists (issue 21, item 12). With a voice that
    cannot tell when it has finished (a screen reader: the presenter estimates), the roll question must
    still wait for that opening's end, as after one of the screen's own messages: asked at once, a Space
    pressed while the opening is still being read would roll. The screen says the opening only once."""
    recorder = RecordingBackend(name=SpeechMode.SCREEN_READER)  # no word on its end: estimated
    screen = PlayScreen(your_game(), Speaker([recorder]), pipe, pause=0.0, new_session=None)
    driver = Driver(screen, pipe, recorder)
    opening = "A game of 3 players: you, Ana, and Bo. Everyone starts with 3 chips. Ana and Bo are computer players."
    screen.speaker.speak(opening)  # as cli._say_play_opening does, before the screen runs
    screen.said_early = opening

    now, looked = [0.0], [0]

    def clock() -> float:  # the presenter's clock, moved on only by the test
        looked[0] += 1
        return now[0]

    screen.presenter.clock = clock

    async def scenario() -> None:
        await driver.start()
        await driver.until(lambda: looked[0] >= 20)  # the presenter looked again and again, and waited
        assert recorder.texts == [opening]
        assert screen.history[0] == opening  # kept for Comma and the transcript, though not said again
        now[0] += 60.0  # the opening's estimate (about 5 s) is over: now the question
        await driver.until(lambda: len(recorder.texts) > 1)
        assert "Press Space to roll" in recorder.texts[-1]
        await driver.leave()

    asyncio.run(scenario())


@pytest.mark.parametrize("language", ["en", "de", "es", "fr", "it", "pt_BR", "ru"])
def test_names_are_joined_as_babel_joins_them_without_reading_its_data(language: str) -> None:
    """``and_list`` joins the game's languages from its own copy of CLDR's standard list (Babel reads a
    language's whole data for its first list, tens of ms before ``play``'s first sentence): the same text
    as Babel's for 1 to 6 names, in every catalog language (issue 21, item 12)."""
    from babel.lists import format_list

    from lcr_audio import i18n
    from lcr_audio.narration.lists import and_list

    names = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay"]
    i18n.set_language(language)
    try:
        for count in range(1, len(names) + 1):
            assert and_list(names[:count]) == format_list(names[:count], style="standard", locale=language)
    finally:
        i18n.set_language("en")
