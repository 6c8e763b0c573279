"""Random keys and signals on every screen, in a real pseudo-terminal (issue 13, "Must show").

Each run starts the game on one screen (the main menu, a new game's setup, a game, practice, the rules
reader, the options, the scorekeeper, a resumed game), then sends seeded random keys (bursts of keys read
together included) and signals (SIGWINCH by resizing, SIGTSTP then SIGCONT, and at the end one of SIGINT,
SIGTERM, SIGQUIT, SIGHUP, or none: the keys may have left already). It asserts:

- no traceback, fatal error, library warning or cursor-position request in anything the game printed, and
  no failed key handler or stopped game in its log;
- no hang: after its ending signal the game is gone within :data:`HANG_SECONDS`; it never stays stopped;
- the terminal's mode at exit is exactly the one it had before the game started;
- the autosave, if there is one, still loads.

Bounded in time: each run sends keys for :data:`FUZZ_SECONDS`; the seeds are fixed. For a longer hunt by
hand, ``LCR_AUDIO_FUZZ_RUNS`` runs more seeds and ``LCR_AUDIO_FUZZ_SECONDS`` sends keys longer (100 runs of
2.5 s and 30 of 8 s passed before this was committed). A failure names its seed and start, and shows the
keys sent.
"""

from __future__ import annotations

import os
import random
import re
import signal
import sys
import termios
import time
from pathlib import Path

import pexpect
import pytest
from support.waiting import after_reaction

from lcr_audio.cli import log_path
from lcr_audio.game.saves import SaveError, default_save_path, load

pytestmark = [
    pytest.mark.system,
    pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals and signals"),
]

ROOT = Path(__file__).resolve().parent.parent
FUZZ_SECONDS = float(os.environ.get("LCR_AUDIO_FUZZ_SECONDS", "2.5"))
"""How long each run sends keys (seconds of wall time; not a measurement, a bound). ``LCR_AUDIO_FUZZ_SECONDS``
sets it for a longer hunt by hand."""
HANG_SECONDS = 5.0
"""A game that has not ended this long after its ending signal (or after its keys, when they left it
running and no signal is sent) is hung."""

STARTS: list[tuple[str, list[str], str]] = [
    ("menu", [], ""),
    ("setup", [], "\r"),  # New game: the setup questions
    ("options", [], "o\r"),  # the Options item, by its first letter
    ("series", [], "s\r"),
    ("play", ["play", "--players", "4", "--computer", "2,3", "--pause", "0", "--wild", "--reversible"], ""),
    ("resume", ["resume"], ""),  # the game the run before left, when it left one
    ("practice", ["practice"], ""),
    ("rules", ["rules"], ""),
    ("keep-score", ["keep-score"], ""),
    ("watch", ["play", "--computer", "all", "--pause", "0.05"], ""),
]
"""Where each run starts: a name, the command's words, and keys sent first (after the first sentence)."""

NAVIGATION = ["\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "\r", " ", "\x1bOP", "\x7f", "\t", "\x1b[H", "\x1b[F"]
NAVIGATION += ["\x1b[5~", "\x1b[6~", "\x1b[1;5A", "\x1bOQ"]
TYPED = [*"abcdefghijklmnopqrstuvwxyz0123456789,.?-", "é", "Ж", "李", "🎲", "\u0301"]
ANSWERS = ["y", "n", "\r", " ", "\x1b", "o", "d", "e", "q", "s", "1", "2", "3"]
CONTROL = ["\x13", "\x11", "\x1a", "\x1c", "\x0c", "\x17", "\x15", "\x00", "\x1b\x1b", "\x1b["]
LEAVING = ["\x03", "\x04", "\x1b\x03", "\x1by"]
"""Keys that may end the run early (Control+C, Control+D, Escape then yes...): rare, so runs go deep."""

FORBIDDEN = re.compile(
    r"Traceback|Fatal Python error|Exception|Error:|WARNING|CPR|Press ENTER|\x1b\[6n|Something went wrong"
)
"""Text that must never reach the player's terminal (and ``Something went wrong``: the game's last resort
for an exception, which means a bug was hit)."""
LOG_FORBIDDEN = ("A key's handler failed", "The game stopped on an error", "Fatal Python error")


def runs() -> list[tuple[int, tuple[str, list[str], str]]]:
    """The seeded runs: every start once (``LCR_AUDIO_FUZZ_RUNS`` more: the starts again, new seeds)."""
    count = max(int(os.environ.get("LCR_AUDIO_FUZZ_RUNS", len(STARTS))), len(STARTS))
    return [(seed, STARTS[seed % len(STARTS)]) for seed in range(count)]


class Run:
    """One game in a pseudo-terminal, with everything it printed and everything sent to it."""

    def __init__(self, seed: int, words: list[str]) -> None:
        self.rng = random.Random(seed)
        command = " ".join([sys.executable, "-m", "lcr_audio", "--speech", "console", *words])
        env = dict(os.environ, TERM="xterm")
        # The shell waits a moment before it becomes the game, so that the terminal's mode can be read
        # before the game changes anything.
        self.child = pexpect.spawn(
            "sh",
            ["-c", f"sleep 0.2; exec {command}"],
            cwd=str(ROOT),
            env=env,
            encoding="utf-8",
            codec_errors="replace",
            dimensions=(40, 120),
            timeout=HANG_SECONDS,
        )
        self.mode_before = termios.tcgetattr(self.child.child_fd)
        self.printed = ""
        self.sent: list[str] = []
        self.ended = False

    def read(self, seconds: float) -> bool:
        """Read what the game prints within ``seconds``; False when it printed nothing (and has not ended)."""
        try:
            self.printed += self.child.read_nonblocking(65536, timeout=seconds)
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            self.ended = True
        return True

    def drain(self) -> None:
        """Read what the game printed so far (it must never block on a full terminal because of us)."""
        while not self.ended and self.read(0):
            pass

    def send(self, keys: str) -> None:
        self.sent.append(keys)
        try:
            self.child.send(keys)
        except OSError:  # the game has gone
            self.ended = True

    def signal(self, sig: signal.Signals) -> None:
        self.sent.append(sig.name)
        if self.child.isalive():
            os.kill(self.child.pid, sig)

    def state(self) -> str:
        """The kernel's one-letter state of the game (R, S, T stopped...), "" once it has gone."""
        try:
            with open(f"/proc/{self.child.pid}/stat") as stat:
                return stat.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            return ""

    def stop_and_continue(self) -> None:
        """SIGTSTP (kill -TSTP), then SIGCONT (fg) once the game has stopped."""
        self.signal(signal.SIGTSTP)
        deadline = time.monotonic() + 10.0
        while self.state() not in ("T", "t", "", "Z") and time.monotonic() < deadline:
            time.sleep(0.01)  # a poll of the process state
        self.signal(signal.SIGCONT)

    def wait_end(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the game to end, reading what it prints; True when it ended."""
        deadline = time.monotonic() + seconds
        while not self.ended and time.monotonic() < deadline:
            self.read(0.05)
        return self.ended

    def report(self, seed: int, start: str) -> str:
        return f"seed {seed}, start {start}; sent {self.sent!r}; printed (end): {self.printed[-1500:]!r}"


def random_action(run: Run) -> None:
    """One random key, burst of keys, pause or signal."""
    rng = run.rng
    roll = rng.random()
    if roll < 0.35:
        run.send(rng.choice(NAVIGATION))
    elif roll < 0.55:
        run.send(rng.choice(ANSWERS))
    elif roll < 0.70:
        run.send(rng.choice(TYPED))
    elif roll < 0.78:
        run.send(rng.choice(CONTROL))
    elif roll < 0.86:  # keys read together
        pool = NAVIGATION + ANSWERS + TYPED + CONTROL
        run.send("".join(rng.choice(pool) for _ in range(rng.randint(2, 6))))
    elif roll < 0.91:  # a resize: SIGWINCH, narrow terminals included
        run.sent.append("SIGWINCH")
        run.child.setwinsize(rng.randint(5, 50), rng.choice([8, 20, 40, 80, 200]))
    elif roll < 0.94:
        run.stop_and_continue()
    elif roll < 0.955:
        run.send(rng.choice(LEAVING))
    else:
        time.sleep(rng.uniform(0.1, 0.4))  # a pause: the computer players move, the voice goes on
    time.sleep(rng.uniform(0.0, 0.06))  # a random-key driver's pacing: random on purpose


@pytest.mark.parametrize(("seed", "start"), runs(), ids=[f"{seed}-{start[0]}" for seed, start in runs()])
def test_random_keys_and_signals_never_break_the_game_or_the_terminal(
    seed: int, start: tuple[str, list[str], str]
) -> None:
    name, words, first_keys = start
    save_path = default_save_path()
    if name == "resume" and not save_path.exists():
        # A game to resume: the seeded start of a game left by a signal, as a player's would be.
        maker = Run(seed + 1000, ["play", "--players", "3", "--computer", "2,3", "--pause", "0"])
        maker.child.expect_exact("Press Space to roll", timeout=20)  # starting may be slow on a busy machine
        after_reaction()
        maker.send(" ")
        maker.child.expect_exact("Your turn", timeout=20)  # the first round is over, and saved
        maker.signal(signal.SIGTERM)
        assert maker.wait_end(HANG_SECONDS), maker.report(seed, "resume (making the save)")
        maker.child.close(force=True)
    run = Run(seed, words)
    try:
        deadline = time.monotonic() + 15
        while not run.printed.strip() and not run.ended and time.monotonic() < deadline:
            run.wait_end(0.05)  # the first sentence
        if first_keys:
            after_reaction()
            run.send(first_keys)
        end_at = time.monotonic() + FUZZ_SECONDS
        while time.monotonic() < end_at and not run.ended:
            random_action(run)
            run.drain()
            assert run.state() not in ("T", "t"), "stopped, and not by us: " + run.report(seed, name)
        ending = run.rng.choice([signal.SIGINT, signal.SIGTERM, signal.SIGQUIT, signal.SIGHUP, None])
        if ending is not None and not run.ended:
            run.signal(ending)
            hung = not run.wait_end(HANG_SECONDS)
        else:
            # No signal: the game may still be running (a menu waits for keys); it must still answer
            # one: Control+C leaves from anywhere.
            if not run.wait_end(0.2):
                run.send("\x03")
            hung = not run.wait_end(HANG_SECONDS)
        assert not hung, "hung: " + run.report(seed, name)
        mode_after = termios.tcgetattr(run.child.child_fd)
    finally:
        run.child.close(force=True)

    assert run.child.signalstatus is None, f"killed by signal {run.child.signalstatus}: " + run.report(
        seed, name
    )
    assert run.child.exitstatus in (0, 1, 2, 130), run.report(seed, name)
    found = FORBIDDEN.search(run.printed)
    assert found is None, f"{found.group(0)!r} on the terminal: " + run.report(seed, name)
    assert mode_after == run.mode_before, "terminal mode not restored: " + run.report(seed, name)
    log = log_path()
    if log.exists():
        text = log.read_text(encoding="utf-8", errors="replace")
        assert not [line for line in LOG_FORBIDDEN if line in text], text[-3000:] + run.report(seed, name)
    if save_path.exists():
        try:
            load(save_path)
        except SaveError as error:  # pragma: no cover - the failure message
            raise AssertionError(f"the save no longer loads ({error}): " + run.report(seed, name)) from None
