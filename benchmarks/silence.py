"""How long the game's own voice keeps talking after the silence key: ``TtsBackend.silence()`` until the
aplay child process that plays eSpeak's sound has ended.

Linux only (eSpeak plays through aplay there). Each run says a long sentence, calls ``silence()`` 0.5 s
later, then polls ``/proc/<pid>/stat`` of the aplay child until it is gone or a zombie.

A machine without a sound card needs a stand-in device that plays in real time. ALSA's ``null`` device
does not (``aplay -D null`` ends a 5.4 s sound in 5 ms, so there would be nothing to silence), so by default
this script points ALSA's ``default`` device (``ALSA_CONFIG_PATH``, inherited by aplay) at the ``file``
plugin piping the samples into a small reader that takes them at eSpeak's rate, 44100 bytes a second; aplay
then blocks like on a sound card. ``--device default`` keeps the machine's own ALSA setup instead.

``--terminate-only`` measures the old behaviour (SIGTERM, no SIGKILL): aplay answers SIGTERM by closing its
device, and closing the ``file`` plugin first writes out what it buffered, at playback speed.

Usage: ``python3 benchmarks/silence.py [--runs 20] [--device paced|default] [--terminate-only]``

measured here (2 CPUs shared with other work, no sound card, paced stand-in device, eSpeak NG through
pyttsx3 2.99, aplay 1.2.8):
    SIGTERM, then SIGKILL after STOP_GRACE (20 ms), 20 runs: median 21.0 ms, max 23.6 ms
        (two more rounds: median 20.9 / max 21.2 ms; median 21.0 / max 27.9 ms, one run of 20 not playing)
    SIGTERM only, as before the fix (--terminate-only), 10 runs: median 1808 ms, max 1833 ms
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lcr_audio.output.speech import tts as tts_module
from lcr_audio.output.speech.tts import TtsBackend

SENTENCE = (
    "Ana rolls L, C, and a dot: one chip goes to Bo on her left, one chip goes to the pot in the center, "
    "and she keeps the third; now Ana has one chip, Bo has four chips, Cy has three, and the pot holds one."
)
SILENCE_AFTER = 0.5  # seconds after speak()
GIVE_UP = 10.0  # seconds to wait for aplay to end, or to start

PACER = """\
import fcntl, os, sys, time
fd = sys.stdin.fileno()
try:
    fcntl.fcntl(fd, 1031, 4096)  # F_SETPIPE_SZ: a small pipe, so the writer blocks nearly in real time
except OSError:
    pass
rate = int(sys.argv[1])
start, total = time.monotonic(), 0
while chunk := os.read(fd, 1024):
    total += len(chunk)
    delay = start + total / rate - time.monotonic()
    if delay > 0:
        time.sleep(delay)
"""


def use_paced_device(folder: Path) -> None:
    """Make ALSA's default device, for child processes, a pipe into a reader that takes 44100 bytes/s."""
    pacer = folder / "pacer.py"
    pacer.write_text(PACER, encoding="utf-8")
    conf = folder / "asound.conf"
    conf.write_text(
        "pcm.!default {\n"
        "    type file\n"
        '    slave.pcm "null"\n'
        f'    file "|exec {sys.executable} {pacer} 44100"\n'
        '    format "raw"\n'
        "}\n",
        encoding="utf-8",
    )
    os.environ["ALSA_CONFIG_PATH"] = f"/usr/share/alsa/alsa.conf:{conf}"


def ended(pid: int) -> bool:
    """True once process ``pid`` is gone or a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


def one_run(backend: TtsBackend) -> float | None:
    """Milliseconds from silence() to the aplay child's end, or None when nothing was playing."""
    backend.speak(SENTENCE)
    time.sleep(SILENCE_AFTER)
    process = tts_module._PLAYER.process
    if process is None or ended(process.pid):
        backend.silence()
        backend.wait_until_idle(GIVE_UP)
        return None
    start = time.perf_counter()
    backend.silence()
    while not ended(process.pid):
        if time.perf_counter() - start > GIVE_UP:
            break
        time.sleep(0.0002)
    elapsed = (time.perf_counter() - start) * 1000
    backend.wait_until_idle(GIVE_UP)
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--device", choices=("paced", "default"), default="paced")
    parser.add_argument("--terminate-only", action="store_true", help="no SIGKILL after the grace period")
    args = parser.parse_args()
    if not sys.platform.startswith("linux"):
        print("This benchmark needs Linux (eSpeak playing through aplay).")
        return 2
    if args.terminate_only:
        tts_module.STOP_GRACE = 3600.0
    with tempfile.TemporaryDirectory(prefix="lcr-silence-") as folder:
        if args.device == "paced":
            use_paced_device(Path(folder))
        backend = TtsBackend()
        try:
            results = [one_run(backend) for _ in range(args.runs)]
        finally:
            backend.close()
    times = [r for r in results if r is not None]
    missed = len(results) - len(times)
    grace = f"SIGTERM, SIGKILL after {tts_module.STOP_GRACE * 1000:g} ms"
    how = "SIGTERM only" if args.terminate_only else grace
    print(f"silence() until aplay has ended ({how}, device {args.device}, {len(times)} runs):")
    if not times:
        print("  aplay was never playing 0.5 s after speak(): nothing measured (no working sound device?)")
        return 1
    print(f"  median {statistics.median(times):.1f} ms, max {max(times):.1f} ms, min {min(times):.1f} ms")
    if missed:
        print(f"  {missed} run(s) had nothing playing at 0.5 s and were left out")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
