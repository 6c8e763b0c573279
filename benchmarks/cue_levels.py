#!/usr/bin/env python3
"""Print the level of each chip cue and of the error cue (issue 14, item 10: the error cue no louder).

Run from the repo: ``python3 benchmarks/cue_levels.py [FOLDER]`` (default ``sounds/``; needs numpy). For
each cue: its peak, its RMS over both channels, the RMS of its loudest 50 ms (what the ear weighs in a
short cue) and each channel's RMS, all in dBFS; then how far the error cue sits above the loudest chip cue.
"""

from __future__ import annotations

import sys
import wave
from pathlib import Path

import numpy as np
import numpy.typing as npt

CUES = ("chip-left", "chip-right", "chip-pot", "wild", "error")
RATE = 44_100


def read(folder: Path, name: str) -> npt.NDArray[np.float64]:
    """A cue file's frames as floats (-1.0..1.0), shape (n, 2)."""
    with wave.open(str(folder / f"{name}.wav"), "rb") as wav:
        raw = wav.readframes(wav.getnframes())
    return np.frombuffer(raw, dtype="<i2").reshape(-1, 2).astype(np.float64) / 32767.0


def db(value: float) -> float:
    return 20.0 * float(np.log10(value))


def levels(frames: npt.NDArray[np.float64]) -> dict[str, float]:
    """Peak, RMS, loudest-50-ms RMS, left and right RMS, in dBFS."""
    width = round(0.05 * RATE)
    power = np.convolve((frames**2).mean(axis=1), np.ones(width) / width, mode="valid")
    return {
        "peak": db(float(np.max(np.abs(frames)))),
        "rms": db(float(np.sqrt(np.mean(frames**2)))),
        "50ms": db(float(np.sqrt(power.max()))),
        "left": db(float(np.sqrt(np.mean(frames[:, 0] ** 2)))),
        "right": db(float(np.sqrt(np.mean(frames[:, 1] ** 2)))),
    }


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "sounds"
    table = {name: levels(read(folder, name)) for name in CUES}
    print(f"{'cue':10} {'peak':>7} {'rms':>7} {'50 ms':>7} {'left':>7} {'right':>7}   (dBFS)")
    for name, row in table.items():
        print(f"{name:10} " + " ".join(f"{row[k]:7.1f}" for k in ("peak", "rms", "50ms", "left", "right")))
    chips = [table[name] for name in CUES if name != "error"]
    for key in ("rms", "50ms"):
        loudest = max(max(row[key], row["left"], row["right"]) if key == "rms" else row[key] for row in chips)
        print(f"error {key} above the loudest chip cue: {table['error'][key] - loudest:+.1f} dB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
