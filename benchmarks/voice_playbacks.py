"""Whether the game's own voice plays every utterance with sound: sessions of several utterances through
``TtsBackend`` on Linux, each playback recorded by a stand-in sound card (``PlaybackCapture``), counted as
lost when it was never played, holds no frames, or is silent (RMS below 100 of 32767), and as wrong when its
length is not what ``espeak-ng -w`` alone makes of that utterance (plus at most PADDING frames the device
adds).

Each session is a new process, as a game is (the voice's state lives for a process), set up as
``lcr-audio`` sets it up (rate, then language) and says the start of a default game.

Usage: ``python3 benchmarks/voice_playbacks.py [--sessions 10] [--speed 1]``
(``--speed 4``: the stand-in card takes the samples 4 times faster than real time.)

measured here (2 CPUs shared with other work, no sound card, eSpeak NG 1.51, aplay 1.2.8), 10 sessions of
5 utterances at --speed 1:
    pyttsx3 2.99 eSpeak driver (before): 6 of 50 utterances lost, 12 of the wrong length: in 6 sessions of 10
        the 2nd utterance played as an empty WAV and the 4th and 5th swapped places (another round: 2 lost)
    espeak-ng -w, then aplay (after):    0 of 50 lost, 0 of the wrong length
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

UTTERANCES = [
    "Three players: you, Ana and Bo. Each has 3 chips.",
    "Your turn. Press Space to roll.",
    "You roll L, dot, C.",
    "Ana's turn. Ana rolls R, R, dot.",
    "You 2, Ana 1, Bo 5, pot 1.",
]
SILENT_RMS = 100.0
PADDING = 3000


def expected_frames(text: str, folder: Path) -> int:
    """Frames ``espeak-ng`` itself makes of ``text`` at the game's default voice and rate."""
    path = folder / "expected.wav"
    command = ["espeak-ng", "-v", "gmw/en", "-s", "200", "-w", str(path)]
    subprocess.run(command, input=text.encode(), check=True)
    with wave.open(str(path)) as sound:
        return sound.getnframes()


def session(folder: Path, speed: float) -> dict[str, object]:
    """Run one session in this process; return what was played (for the parent, as JSON)."""
    from lcr_audio.output.speech.testing import PlaybackCapture
    from lcr_audio.output.speech.tts import TtsBackend

    capture = PlaybackCapture(folder, 44100 * speed)
    os.environ.update(capture.environment)
    backend = TtsBackend()
    backend.set_rate(0)
    backend.set_language("en")
    start = time.monotonic()
    for text in UTTERANCES:
        backend.speak(text)
    backend.wait_until_idle(120)
    seconds = time.monotonic() - start
    backend.close()
    recordings = capture.recordings(len(UTTERANCES), timeout=5)
    return {"seconds": seconds, "played": [[r.frames, r.rms] for r in recordings]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--one", help=argparse.SUPPRESS)  # a folder: run one session here
    args = parser.parse_args()
    if args.one:
        print(json.dumps(session(Path(args.one), args.speed)))
        return 0
    if not sys.platform.startswith("linux"):
        print("This benchmark needs Linux (the voice plays through aplay there).")
        return 2
    lost_total = wrong_total = 0
    with tempfile.TemporaryDirectory(prefix="lcr-playbacks-") as top:
        expected = [expected_frames(text, Path(top)) for text in UTTERANCES]
        for number in range(args.sessions):
            folder = Path(top) / str(number)
            out = subprocess.run(
                [sys.executable, __file__, "--one", str(folder), "--speed", str(args.speed)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            result = json.loads(out.strip().splitlines()[-1])
            played = result["played"]
            heard = [frames > 0 and rms >= SILENT_RMS for frames, rms in played]
            lost = len(UTTERANCES) - sum(heard)
            lost_total += lost
            which = [i + 1 for i, ok in enumerate(heard) if not ok]
            wrong = [
                i + 1
                for i, (frames, _rms) in enumerate(played[: len(expected)])
                if frames > 0 and not expected[i] <= frames <= expected[i] + PADDING
            ]
            wrong_total += len(wrong)
            frames = " ".join(str(f) for f, _ in played)
            print(
                f"session {number + 1}: {len(played)} played, {lost} lost {which or ''}, "
                f"{len(wrong)} wrong length {wrong or ''} (frames {frames})"
            )
    total = args.sessions * len(UTTERANCES)
    print(f"expected frames: {' '.join(str(f) for f in expected)} (+ up to {PADDING} of padding)")
    print(
        f"{lost_total} of {total} utterances lost, {wrong_total} of the wrong length, "
        f"in {args.sessions} sessions of {len(UTTERANCES)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
