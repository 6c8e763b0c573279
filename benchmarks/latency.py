"""How quickly the game answers: (a) a key press until the speech backend gets the sentence, (b) starting
the program until its first printed line.

(a) A PlayScreen (one person, two computer players) reads keys from a pipe; its Speaker's only backend
    stamps each ``speak()`` with ``time.perf_counter()``. After the first roll prompt, "s" (status) is
    sent 500 times; each sample is ``send_text`` until that stamp.
(b) ``python3 -m lcr_audio play --computer all --players 3 --seed 1 --speech console --fast`` is started
    10 times; each sample is ``Popen`` until its first stdout line has been read (the game then runs out).

Usage: ``python3 benchmarks/latency.py [--presses 500] [--starts 10]``

measured here (2 CPUs shared with other work, Python 3.11.7, no sound card):
    (a) key press until backend.speak, 500 presses: median 0.10 ms, 99th percentile 0.15 ms
        (other rounds: 0.10 / 0.17 ms; 0.10 / 4.2 ms while the machine was busy)
    (b) start until the first line, 10 starts: median 379 ms, max 442 ms (another round: 390 / 452 ms).
        About 110 ms of it is ``pygame.mixer.init`` failing to open a sound device (lcr_audio/sound.py)
        and about 180 ms imports (prompt_toolkit ~100 ms); before the sound cues were wired in, the
        same command took median 236 ms, max 293 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from prompt_toolkit.input import create_pipe_input  # noqa: E402

from lcr_audio.engine import Rules  # noqa: E402
from lcr_audio.session import Session  # noqa: E402
from lcr_audio.speech import Speaker, SpeechBackend  # noqa: E402
from lcr_audio.tui.play import PlayScreen  # noqa: E402
from lcr_audio.tui.setup import table  # noqa: E402

ROLL_PROMPT = "Press Space to roll"
COMMAND = [sys.executable, "-m", "lcr_audio", "play", "--computer", "all", "--players", "3", "--seed", "1"]
COMMAND += ["--speech", "console", "--fast"]


class StampingBackend(SpeechBackend):
    """Records ``(time.perf_counter(), text)`` for each utterance and wakes the waiting benchmark."""

    name = "recording"

    def __init__(self) -> None:
        self.stamps: list[tuple[float, str]] = []
        self.heard = asyncio.Event()

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.stamps.append((time.perf_counter(), text))
        self.heard.set()


def percentile(values: list[float], share: float) -> float:
    """The ``share`` (0..1) percentile of ``values``, nearest rank."""
    ordered = sorted(values)
    rank = max(1, round(share * len(ordered)))
    return ordered[rank - 1]


async def key_to_speech(presses: int) -> list[float]:
    """Milliseconds from each "s" key sent until the backend was asked to say the status."""
    backend = StampingBackend()
    samples: list[float] = []
    with create_pipe_input() as keys:
        session = Session(Rules(players=3), table(3, [], [0]), 1)
        screen = PlayScreen(session, Speaker([backend]), keys, pause=0.0, new_session=None)
        task = asyncio.create_task(screen.run())
        while not any(ROLL_PROMPT in text for _, text in backend.stamps):
            backend.heard.clear()
            await asyncio.wait_for(backend.heard.wait(), 5)
        for _ in range(presses):
            backend.heard.clear()
            before = len(backend.stamps)
            sent = time.perf_counter()
            keys.send_text("s")
            await asyncio.wait_for(backend.heard.wait(), 5)
            samples.append((backend.stamps[before][0] - sent) * 1000)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    return samples


def start_to_first_line(starts: int) -> list[float]:
    """Milliseconds from starting the program until its first line has been read from its stdout."""
    samples: list[float] = []
    for _ in range(starts):
        begin = time.perf_counter()
        process = subprocess.Popen(
            COMMAND, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        assert process.stdout is not None
        first = process.stdout.readline()
        samples.append((time.perf_counter() - begin) * 1000)
        process.stdout.read()  # let the game run out, so it never writes to a closed pipe
        process.wait()
        if not first.strip():
            raise SystemExit(f"{' '.join(COMMAND)} printed nothing (exit status {process.returncode})")
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--presses", type=int, default=500)
    parser.add_argument("--starts", type=int, default=10)
    args = parser.parse_args()

    keys = asyncio.run(key_to_speech(args.presses))
    print(f"(a) key press until backend.speak, {len(keys)} presses of S:")
    print(f"    median {statistics.median(keys):.2f} ms, 99th percentile {percentile(keys, 0.99):.2f} ms")

    starts = start_to_first_line(args.starts)
    print(f"(b) python3 -m lcr_audio play ... --speech console --fast, {len(starts)} starts:")
    print(f"    first stdout line after: median {statistics.median(starts):.0f} ms, max {max(starts):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
