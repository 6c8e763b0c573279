"""The player's terminal in a real pseudo-terminal (issue 13, items 6, 7, 9 and 14): stopped and continued,
flow control, a closed standard output, keys pressed together, signals after the setup questions.

Each test fails on the main branch of the day it was written unless its docstring says otherwise.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import Any

import pexpect
import pytest
from support.program import one_person_game
from support.program import spawn_game as spawn
from support.waiting import after_reaction, wait_until

from lcr_audio.game.saves import default_save_path, load

pytestmark = [
    pytest.mark.system,
    pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals and signals"),
]

ROOT = Path(__file__).resolve().parent.parent
GAME = one_person_game()
ROLL_PROMPT = "Press Space to roll"


def modes(child: Any) -> tuple[int, int]:
    """The pseudo-terminal's input and local flags, as the game sees them."""
    attributes = termios.tcgetattr(child.child_fd)
    return attributes[0], attributes[3]


def wait_stopped(child: Any, stopped: bool) -> None:
    """Wait until the kernel reports the child stopped (T) or running again."""

    def state() -> str:
        with open(f"/proc/{child.pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]

    wait_until(lambda: (state() == "T") == stopped, f"the game {'stopped' if stopped else 'went on'}")


def wait_for_pygame(child: Any, seconds: float = 30.0) -> None:
    """Wait until the game has imported pygame's mixer (its library is mapped into the process), however
    busy the machine; where there is no /proc to see it, wait a second."""
    maps = Path(f"/proc/{child.pid}/maps")
    if not maps.exists():
        time.sleep(1.0)  # no way to see it: the one fixed wait left, on systems without /proc
        return
    wait_until(
        lambda: any("pygame" in line and "mixer" in line for line in maps.read_text().splitlines()),
        "the game imported pygame's mixer",
        seconds,
    )


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process state from /proc")
def test_after_a_stop_and_fg_keys_answer_at_once_and_do_not_echo() -> None:
    """Item 9: after ``kill -TSTP`` and ``fg`` the terminal stayed in line mode, keys echoed (a screen reader
    read them) and nothing answered until Enter."""
    child = spawn(*GAME)
    try:
        child.expect_exact(ROLL_PROMPT)
        _iflag, playing = modes(child)
        assert not playing & (termios.ECHO | termios.ICANON)
        child.kill(signal.SIGTSTP)
        wait_stopped(child, True)
        _iflag, stopped = modes(child)
        assert stopped & termios.ECHO and stopped & termios.ICANON, "the shell gets the player's own mode"
        # A shell puts its own line mode on the terminal before it continues the job (bash does not
        # give back the job's mode): the game must take its own back.
        attributes = termios.tcgetattr(child.child_fd)
        attributes[3] |= termios.ECHO | termios.ICANON
        termios.tcsetattr(child.child_fd, termios.TCSANOW, attributes)
        child.kill(signal.SIGCONT)
        wait_stopped(child, False)
        wait_until(lambda: not modes(child)[1] & termios.ECHO, "the game took its terminal mode back")
        _iflag, resumed = modes(child)
        assert not resumed & (termios.ECHO | termios.ICANON), "raw again: no echo, each key at once"
        after_reaction()
        child.send(" ")  # no Enter: a key answers at once
        child.expect_exact("You roll")
    finally:
        child.close(force=True)


@pytest.mark.parametrize("keyboard", ["terminal", "none"])
def test_a_control_s_before_the_game_reads_keys_does_not_stop_its_output(keyboard: str) -> None:
    """Item 14: XOFF (Control+S) landing while the terminal still had flow control on stopped the game's
    output, and the game hung writing to it (for good when no key loop ever turned flow control off: a
    watch-mode game with standard input from elsewhere). Flow control is off for the whole run, so output
    goes on."""
    # Paced, not --fast: the game must still be running when its mode is read after the first roll (a fast
    # game on a busy machine could end first and give the player's own mode back, flow control on).
    command = [sys.executable, "-m", "lcr_audio", "play", "--computer", "all", "--pause", "0.2"]
    command += ["--speech", "console", "--seed", "3"]
    line = " ".join(command) + (" </dev/null" if keyboard == "none" else "")
    env = dict(os.environ, TERM="xterm")
    child = pexpect.spawn("sh", ["-c", "exec " + line], cwd=str(ROOT), env=env, encoding="utf-8", timeout=30)
    try:
        assert modes(child)[0] & termios.IXON, "the terminal starts with flow control on"
        child.send("\x13")  # XOFF at once, before the game has set any mode
        child.expect_exact(" rolls ")
        iflag, _lflag = modes(child)
        assert not iflag & (termios.IXON | termios.IXOFF)
        child.expect_exact(" wins with ")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_the_terminal_mode_is_the_players_again_at_exit() -> None:
    """Items 9 and 14: the mode at exit is exactly the one at the start, flow control included."""
    child = spawn(*GAME)
    try:
        before = termios.tcgetattr(child.child_fd)
        child.expect_exact(ROLL_PROMPT)
        assert termios.tcgetattr(child.child_fd) != before
        child.send("\x1b")
        child.expect_exact("Quit this game? Y or N.")
        after_reaction()
        child.send("y")
        child.expect(pexpect.EOF)
        after = termios.tcgetattr(child.child_fd)
    finally:
        child.close(force=True)
    assert after == before


@pytest.mark.parametrize("closed", [0, 1, 2], ids=["stdin", "stdout", "stderr"])
def test_with_a_standard_stream_closed_the_game_ends_quietly_with_code_0(closed: int) -> None:
    """Item 6: ``lcr-audio play --computer all --fast >&-`` printed a traceback at exit, with exit code 1;
    with ``<&-`` the game stopped at once ("Something went wrong"), and with ``2>&-`` it ended with code 1
    and without a word (the first file it opened took descriptor 2)."""

    def close() -> None:
        os.close(closed)

    result = subprocess.run(
        [sys.executable, "-m", "lcr_audio", "play", "--computer", "all", "--fast", "--speech", "console"],
        cwd=str(ROOT),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        preexec_fn=close,
        timeout=60,
        check=False,
    )
    assert result.stderr.decode() == ""
    assert result.returncode == 0
    if closed != 1:
        assert " wins with " in result.stdout.decode()


def test_escape_and_control_c_together_at_a_setup_question() -> None:
    """Item 6: Escape and Control+C in one read at a setup question: the setup is left once, with no
    traceback and no "Press ENTER to continue"; the next Control+C leaves. (Passes on main since the setup
    reads keys with the game's own key loop, not a prompt_toolkit application: kept as a guard.)"""
    child = spawn("--speech", "console")
    try:
        child.expect("Main menu")
        after_reaction()
        child.send("\r")
        child.expect_exact("How many players")
        child.send("\x1b\x03")
        child.expect_exact("Setup cancelled; nothing was started.")
        child.expect("Main menu")
        child.send("\x03")
        child.expect(pexpect.EOF)
        shown = child.before
    finally:
        child.close(force=True)
    assert "Traceback" not in shown and "Press ENTER" not in shown and "Application" not in shown
    assert child.signalstatus is None


def test_sigint_after_the_setup_questions_saves_and_leaves() -> None:
    """Item 9: SIGINT after the setup questions saves the game and leaves (prompt_toolkit's prompts once
    replaced the game's handler; passes on main since the setup uses the game's key loop: a guard)."""
    child = spawn("--speech", "console")
    try:
        child.expect("Main menu")
        for question in (
            "Main menu",
            "How many players",
            "How many of them",
            "Name of player",
            "Enter to start",
        ):
            if question != "Main menu":
                child.expect_exact(question)
            after_reaction()
            child.send("\r")
        child.expect_exact(ROLL_PROMPT)
        after_reaction()
        child.send(" ")
        child.expect_exact("You roll")
        child.expect_exact("Ana rolls")  # your turn is over, and saved
        child.kill(signal.SIGINT)
        child.expect_exact("Goodbye.")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert load(default_save_path()).turn >= 2


def test_signals_while_the_game_is_leaving_never_kill_it() -> None:
    """Items 6 and 9, found by the fuzz test: Control+C leaves, and a SIGINT arriving while Python shut down
    (after the game had saved and put the terminal back) killed the process, whose status the shell then
    reported as killed. SIGINT is sent every hundredth of a second until the game is gone."""
    child = spawn("--speech", "console")
    try:
        child.expect("Main menu")
        after_reaction()
        child.send("\x03")
        deadline = time.monotonic() + 10
        while child.isalive() and time.monotonic() < deadline:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child.pid, signal.SIGINT)
            time.sleep(0.01)  # SIGINT again and again, as the docstring says, until it is gone
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.signalstatus is None, f"killed by signal {child.signalstatus}"
    assert child.exitstatus == 130


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="finds the game's terminal in /proc")
def test_output_the_terminal_stopped_is_restarted_and_the_game_goes_on() -> None:
    """Item 14: output can never block forever. Here the terminal's output is stopped from outside (as XOFF
    or ``tcflow`` do), which flow control being off cannot prevent: the game's next write waits, then the
    game restarts the output itself and plays on to the end."""
    child = spawn("play", "--computer", "all", "--pause", "0.1", "--speech", "console", "--seed", "3")
    try:
        child.expect_exact(" rolls ")
        slave = os.open(os.readlink(f"/proc/{child.pid}/fd/1"), os.O_RDWR | os.O_NOCTTY)
        try:
            termios.tcflow(slave, termios.TCOOFF)
            child.expect_exact(" wins with ", timeout=30)
        finally:
            os.close(slave)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_pygame_s_parachute_never_takes_a_signal() -> None:
    """Item 7: pygame installs its "parachute" on the crash signals and SIGQUIT that have no handler when it
    is imported; it printed "Fatal Python error: (pygame parachute) ..." and a thread dump, or crashed inside
    itself and left no report at all (a SIGSEGV to a game waiting for a key, on main). The game's own
    handlers are in place first: faulthandler's reports a crash, with the Python stack, in the log."""
    child = spawn(*GAME)
    try:
        child.expect_exact(ROLL_PROMPT)
        wait_for_pygame(child)  # the sound device is looked for (pygame imported) after the first sentence
        child.kill(signal.SIGSEGV)
        child.expect(pexpect.EOF)
        shown = child.before
    finally:
        child.close(force=True)
    from lcr_audio.cli import log_path

    log = log_path().read_text(encoding="utf-8", errors="replace")
    assert "pygame parachute" not in log + shown
    assert "Fatal Python error: Segmentation fault" in log
    assert "Fatal" not in shown
