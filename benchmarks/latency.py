"""How quickly the game answers, measured on the real program in a pseudo-terminal (as a player's terminal):

(a) start until the first utterance: from just before the program is started until the first byte of its
    first sentence arrives on the terminal. Terminal control sequences (ESC ..., line breaks) before it do
    not count: the first printable byte does. Measured for the main menu (``lcr-audio --speech console``)
    and for a game (``lcr-audio play --speech console``: you and two computer players); each start is
    killed once its first sentence has arrived.
(b) key to backend: in that game, at "Press Space to roll", "s" (the status) is written to the terminal
    again and again; each sample is the write until the first printable byte of the answer. The whole
    answer is read before the next press (and the next checkout's game, when two are compared).
(c) the first O: in a fresh game (3 players, and 10), at "Press Space to roll", "o" is written; from then
    until the first printable byte of the odds. It includes whatever of the analysis (numpy, the table) the
    game had not prepared yet (issue 21, item 12).
(d) peak memory: whole 10-seat watch games (``play --players 10 --computer all --fast``), each one's peak
    resident memory (Linux's maxrss of the finished process, in MB).

The program runs as ``python3 -m lcr_audio`` from ``--root`` (default: this checkout), so the same script
measures another commit (``git archive COMMIT | tar -x -C DIR`` and ``--root DIR``); two ``--root``s are
compared start by start (they take turns). Each run gets its own
empty HOME and XDG folders, so no saved game or settings of yours is read or touched. Python may write its
bytecode caches (``__pycache__``, git-ignored), as an installed program has them: one start before the
counted ones fills them.

Usage: ``python3 benchmarks/latency.py [--starts 20] [--presses 200] [--games 5] [--root DIR [--root DIR]]``

measured here (2 CPUs shared with other helpers' test runs; Python 3.11.7, pygame-ce 2.5.8, no sound card),
``--starts 30 --presses 200 --root BEFORE --root .``, "." being BEFORE plus the lazy sound device of issue 10:
    BEFORE = 2e8e5c2, load average 2 to 3:
        main menu, first byte: median 415 -> 326 ms (min 250 -> 231); processor time by then 250 -> 230 ms
        play, first byte: median 436 -> 312 ms (min 272 -> 216); processor time 250 -> 220 ms
        key to backend: median 0.28 -> 0.25 ms (99th percentile 1.84 -> 1.76 ms)
    BEFORE = main at c52ccc1 (input layer, braille), load average 3.4 to 3.9:
        main menu: median 748 -> 573 ms (min 550 -> 377); processor time 460 -> 410 ms
        play: median 791 -> 627 ms (min 620 -> 507); processor time 500 -> 445 ms
        key to backend: median 0.38 -> 0.40 ms (99th percentile 1.70 -> 1.96 ms)
    BEFORE = main at b09cd8d; "." = issue 21, item 12 (no numpy at the start; the first sentence of the
    menu and of play said before asyncio, prompt_toolkit and the screens are imported; names joined
    without Babel's data), ``--starts 30 --presses 100 --games 5``, load average 1 to 2 (another run at
    2 to 3.5 in brackets):
        main menu: median 169 -> 148 ms (113 -> 102); processor time 150 -> 140 ms (100 -> 90)
        play: median 271 -> 118 ms (196 -> 111); processor time 270 -> 110 ms (200 -> 100)
        key to backend: median 0.24 -> 0.27 ms, 99th percentile 5.81 -> 1.64 ms
        first O, 3 players: median 127 -> 138 ms, max 149 -> 198 (the table is now made once the first
        sentence is out, so an O at the first question may wait for it); 10 players (numpy imported at the
        first O): median 121 -> 121 ms, max 145 -> 154
        peak memory of a 10-seat watch game: 61.6 -> 51.6 MB
    Before issue 21, what was left before the first byte was importing (about 360 modules): asyncio,
    prompt_toolkit (its package imports its whole application layer), the game's own modules, Python
    itself; ``python3 -X importtime`` lists them. Now the first sentence comes before most of them.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import re
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MENU = ["--speech", "console"]
GAME = ["play", "--speech", "console", "--seed", "1"]
WATCH = ["play", "--players", "10", "--computer", "all", "--speech", "console", "--fast"]
"""A 10-seat watch game (issue 21, item 12: its peak memory), printed as fast as it plays; a seed is added."""
ROLL_PROMPT = re.compile(rb"Press Space to roll")
STATUS_END = re.compile(rb"pot \d+\.")
ODDS_END = re.compile(rb"percent.*\.")
"""The O key's answer names every seat's percent ("You 33 percent, Ana 33, Bo 33.")."""
"""The status answer ends with the pot ("You 3, Ana 3, Bo 3, pot 0.")."""
TIMEOUT = 20.0
"""Seconds to wait for any expected output before giving up."""

_CONTROL = re.compile(
    rb"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: ESC [ parameters final
    rb"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: ESC ] ... BEL or ST
    rb"|\x1b[@-Z\\-_]"  # other two-byte escapes
    rb"|\x1b[ -/]+[0-~]"  # ESC with intermediates (charset selection)
    rb"|[\x00-\x1f\x7f]"  # C0 controls: line breaks, bells...
)


def first_printable(data: bytes) -> int | None:
    """The index in ``data`` of the first byte that is neither a control character nor part of a terminal
    control sequence, or None when there is none (yet)."""
    position = 0
    while position < len(data):
        match = _CONTROL.match(data, position)
        if match is None:
            if data[position] == 0x1B:  # an escape sequence cut off at the end of what was read so far
                return None
            return position
        position = match.end()
    return None


class Terminal:
    """The program running in a pseudo-terminal of 120 x 40 whose output is read byte by byte as it comes."""

    def __init__(self, command: list[str], root: Path, home: Path) -> None:
        # An installed program runs from cached bytecode (pip compiles it at install time): let Python write
        # and use its caches even under PYTHONDONTWRITEBYTECODE; the first start, not counted, fills them.
        skipped = ("LCR_AUDIO", "XDG_", "PYTHONDONTWRITEBYTECODE")
        env = {k: v for k, v in os.environ.items() if not k.startswith(skipped)}
        env.update(HOME=str(home), TERM="xterm-256color", PYTHONPATH=str(root))
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
            env[name] = str(home / name.lower())
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: run the program with the terminal as stdin, stdout and stderr
            try:
                os.chdir(root)
                os.execve(command[0], command, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.seen = b""
        self.peak_mb: float | None = None
        """Peak resident memory (MB, Linux's maxrss) once the program has ended (:meth:`read_to_end`)."""

    def read_until_printable(self) -> float:
        """Read until a printable byte arrives after what was seen so far; returns when (perf_counter)."""
        start = len(self.seen)
        while True:
            self._read_some()
            found = first_printable(self.seen[start:])
            if found is not None:
                return time.perf_counter()

    def read_until(self, pattern: re.Pattern[bytes], start: int = 0) -> None:
        """Read until ``pattern`` appears in the output from ``start`` on."""
        while not pattern.search(self.seen, start):
            self._read_some()

    def _read_some(self) -> None:
        if not self._read_chunk():
            raise SystemExit(f"the program ended early; the terminal showed:\n{self.text()}")

    def _read_chunk(self) -> bool:
        """Read what the program printed next into :attr:`seen`; False when it has ended."""
        ready, _, _ = select.select([self.fd], [], [], TIMEOUT)
        if not ready:
            raise SystemExit(f"no output for {TIMEOUT:.0f} s; the terminal shows:\n{self.text()}")
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the program ended (EIO on Linux)
            chunk = b""
        self.seen += chunk
        return bool(chunk)

    def read_to_end(self) -> None:
        """Read until the program ends; then :attr:`peak_mb` holds its peak resident memory."""
        while self._read_chunk():
            pass
        _, _, usage = os.wait4(self.pid, 0)
        self.peak_mb = usage.ru_maxrss / 1024  # kilobytes on Linux
        self.pid = 0

    def cpu_ms(self) -> float:
        """Processor time the program has used so far (all its threads, user and system), in ms: what a
        start costs whatever else the machine is doing (Linux; 10 ms steps)."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def send(self, data: bytes) -> float:
        """Write ``data`` as typed keys; returns when it was written (perf_counter)."""
        moment = time.perf_counter()
        os.write(self.fd, data)
        return moment

    def text(self) -> str:
        return self.seen.decode("utf-8", "replace")

    def kill(self) -> None:
        if self.pid:  # not yet waited for by read_to_end
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)


@contextlib.contextmanager
def terminal(arguments: list[str], root: Path) -> Iterator[Terminal]:
    with tempfile.TemporaryDirectory(prefix="lcr-bench-") as home:
        term = Terminal([sys.executable, "-m", "lcr_audio", *arguments], root, Path(home))
        try:
            yield term
        finally:
            term.kill()


def start_to_first_utterance(
    arguments: list[str], roots: list[Path], starts: int
) -> dict[Path, list[tuple[float, float]]]:
    """For each checkout in ``roots``, ``(wall, cpu)`` per start: milliseconds from starting the program
    until the first printable byte of its first sentence, and the processor time it had used by then. The
    checkouts take turns, start after start, so that a machine busy with other work slows them alike."""
    samples: dict[Path, list[tuple[float, float]]] = {root: [] for root in roots}
    for _ in range(starts + 1):
        for root in roots:
            with terminal(arguments, root) as term:
                arrived = term.read_until_printable()
                samples[root].append(((arrived - term.started) * 1000, term.cpu_ms()))
    return {root: found[1:] for root, found in samples.items()}  # the first start filled the caches


def key_to_answer(roots: list[Path], presses: int) -> dict[Path, list[float]]:
    """Milliseconds from writing "s" to the game's terminal until the first printable byte of the status,
    for each checkout in ``roots``; their games run side by side and take turns, press after press."""
    samples: dict[Path, list[float]] = {root: [] for root in roots}
    with contextlib.ExitStack() as stack:
        terms = {root: stack.enter_context(terminal(GAME, root)) for root in roots}
        for term in terms.values():
            term.read_until(ROLL_PROMPT)
        for _ in range(presses):
            for root, term in terms.items():
                before = len(term.seen)
                sent = term.send(b"s")
                samples[root].append((term.read_until_printable() - sent) * 1000)
                term.read_until(STATUS_END, before)
    return samples


def first_odds(roots: list[Path], starts: int, arguments: list[str]) -> dict[Path, list[float]]:
    """Milliseconds from writing "o" at the first "Press Space to roll" of a fresh game (``arguments``)
    until the first printable byte of the odds: the first O of a game, for which the analysis (numpy) is
    imported then (10 seats: no exact table) or was prepared once the first sentence was out."""
    samples: dict[Path, list[float]] = {root: [] for root in roots}
    for _ in range(starts + 1):
        for root in roots:
            with terminal(arguments, root) as term:
                term.read_until(ROLL_PROMPT)
                before = len(term.seen)
                sent = term.send(b"o")
                samples[root].append((term.read_until_printable() - sent) * 1000)
                term.read_until(ODDS_END, before)
    return {root: found[1:] for root, found in samples.items()}  # the first start filled the caches


def watch_memory(roots: list[Path], games: int) -> dict[Path, list[float]]:
    """Peak resident memory (MB) of whole 10-seat watch games (:data:`WATCH`, seeds 1, 2, ...)."""
    samples: dict[Path, list[float]] = {root: [] for root in roots}
    for seed in range(1, games + 1):
        for root in roots:
            with terminal([*WATCH, "--seed", str(seed)], root) as term:
                term.read_to_end()
                assert term.peak_mb is not None
                samples[root].append(term.peak_mb)
    return samples


def percentile(values: list[float], share: float) -> float:
    """The ``share`` (0..1) percentile of ``values``, nearest rank."""
    ordered = sorted(values)
    rank = max(1, round(share * len(ordered)))
    return ordered[rank - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n", 1)[0])
    parser.add_argument("--starts", type=int, default=20, help="starts of each command (default 20)")
    parser.add_argument("--presses", type=int, default=200, help="presses of S (default 200)")
    parser.add_argument("--games", type=int, default=5, help="10-seat watch games (default 5)")
    parser.add_argument(
        "--root",
        type=Path,
        action="append",
        help="a checkout to run (default: this one); give it twice to compare two, start by start",
    )
    args = parser.parse_args()
    roots = [root.resolve() for root in args.root or [ROOT]]
    print(f"{sys.executable}, Python {sys.version.split()[0]}")
    print("(a) start until the first byte of the first utterance:")
    for name, arguments in (("main menu", MENU), ("play", GAME)):
        print(f"    {name} ({' '.join(['lcr-audio', *arguments])}), {args.starts} starts:")
        for root, found in start_to_first_utterance(arguments, roots, args.starts).items():
            wall, cpu = [each[0] for each in found], [each[1] for each in found]
            print(
                f"        {root}: median {statistics.median(wall):.0f} ms, min {min(wall):.0f} ms, "
                f"max {max(wall):.0f} ms (processor time by then: median {statistics.median(cpu):.0f} ms)"
            )
    print(
        f"(b) key to backend: S written to the terminal until its answer's first byte, {args.presses} times:"
    )
    for root, keys in key_to_answer(roots, args.presses).items():
        median, worst = statistics.median(keys), percentile(keys, 0.99)
        print(f"        {root}: median {median:.2f} ms, 99th percentile {worst:.2f} ms")
    print(
        f"(c) a game's first O, at its first roll question, to its answer's first byte, {args.starts} games:"
    )
    for arguments in (GAME, [*GAME, "--players", "10"]):
        print(f"    {' '.join(['lcr-audio', *arguments])}:")
        for root, keys in first_odds(roots, args.starts, arguments).items():
            print(f"        {root}: median {statistics.median(keys):.0f} ms, max {max(keys):.0f} ms")
    print(f"(d) peak memory of a 10-seat watch game ({' '.join(['lcr-audio', *WATCH])}), {args.games} games:")
    for root, peaks in watch_memory(roots, args.games).items():
        print(f"        {root}: median {statistics.median(peaks):.1f} MB, max {max(peaks):.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
