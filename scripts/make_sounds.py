#!/usr/bin/env python3
"""Synthesise the game's sound cues into ``sounds/`` (DESIGN.md §1 "sound", §3).

Run from anywhere: ``python3 scripts/make_sounds.py`` (``--out DIR`` writes elsewhere). Needs numpy only;
the files are written with the standard library's :mod:`wave`: 16-bit PCM, 44 100 Hz, stereo.

Every cue is built from numbers alone (sine partials, filtered noise from generators with fixed seeds), so
the same numpy on the same machine writes the same bytes every time. Every cue:

- starts with 2 ms of silence and fades in over 3 ms, and fades out over its last 25 ms (no clicks);
- is normalised to a peak of -3 dBFS (never clipped), except ``error`` and ``early``, whose levels are set
  by their RMS so that they are no louder than the chip cues (:data:`ERROR_RMS_DBFS`,
  :data:`EARLY_RMS_DBFS`);
- lasts under 0.5 s, except the win fanfare (under 2.5 s).

Cues (see ``lcr_audio/output/sound.py`` for how the game plays them):

==================  ==========================================================================
``dice-1..3``       dice shaken (clicks), then one wooden knock per die landing on the table
``chip-left``       a chip clink and a smaller one as it settles, centred: the game places it at the seats
                    it travels between (``lcr_audio/cues.py``), or a little to the left without a seat
``chip-right``      the same clink (a little to the right without a seat)
``chip-pot``        a slightly lower clink that settles, in the centre (equal channels)
``wild``            a quick rising swoosh (filtered noise and a rising tone)
``reverse``         a bell played backwards: it swells up and stops
``turn-1..10``      a chime per seat, pitch rising with the seat (C major pentatonic, C5 to A6)
``win``             a short fanfare: a rising arpeggio and a held chord (about 1.5 s)
``reset``           a cascade of chips spreading out to the whole table
``error``           a soft, low, slightly falling buzz, quieter than the chips (RMS -21 dBFS)
``early``           two soft taps on wood, short and quieter still (RMS -27 dBFS): a key came before
                    its question was heard, and did nothing
==================  ==========================================================================
"""

from __future__ import annotations

import argparse
import math
import sys
import wave
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

import numpy as np
import numpy.typing as npt

Signal = npt.NDArray[np.float64]
"""Mono samples (shape ``(n,)``) or stereo frames (shape ``(n, 2)``), floats in -1.0..1.0."""

RATE = 44_100
"""Samples per second."""
PEAK_DBFS = -3.0
"""Every cue's peak level, in dB relative to full scale."""
PRE_ROLL = 0.002
"""Silence before each cue's first sound, in seconds (keeps the first samples at zero)."""
FADE_IN = 0.003
"""Raised-cosine fade-in after the pre-roll, in seconds."""
FADE_OUT = 0.025
"""Raised-cosine fade-out at the end of each cue, in seconds."""
ERROR_RMS_DBFS = -21.0
"""The error cue's RMS level in dBFS: below every chip cue's (about -18.5 to -19.5 dBFS), so a wrong key is
never louder than the game (issue 14, item 10: it was 7.6 dB louder at a -3 dBFS peak)."""
EARLY_RMS_DBFS = -27.0
"""The ``early`` cue's RMS level in dBFS: below the error cue's, so a key pressed a moment too soon is told
gently (issue 21, item 5)."""
MAX_LENGTH = 0.5
"""Longest cue except ``win``, in seconds."""
MAX_WIN_LENGTH = 2.5
"""Longest ``win`` cue, in seconds."""

TURN_PITCHES: tuple[float, ...] = tuple(
    round(523.2511 * 2 ** (step / 12), 2) for step in (0, 2, 4, 7, 9, 12, 14, 16, 19, 21)
)
"""Fundamental of ``turn-1`` .. ``turn-10`` in Hz: C major pentatonic from C5 (523.25 Hz) to A6 (1760 Hz),
so neighbouring seats differ by a whole tone or more and a player can tell them apart by ear."""

SEEDS = {"dice": 1101, "chip": 2202, "wild": 3303, "reset": 4404}
"""Fixed seeds of the noise generators: the output never changes between runs."""

REPO = Path(__file__).resolve().parent.parent


# --- building blocks -------------------------------------------------------------------------------------


def samples(seconds: float) -> int:
    """Number of samples in ``seconds`` (rounded)."""
    return round(seconds * RATE)


def times(seconds: float) -> Signal:
    """Sample times in seconds for a signal ``seconds`` long."""
    return np.arange(samples(seconds), dtype=np.float64) / RATE


def partials(
    freqs: Sequence[float],
    amps: Sequence[float],
    decays: Sequence[float],
    seconds: float,
    *,
    attack: float = 0.001,
    phases: Sequence[float] | None = None,
) -> Signal:
    """A struck sound: sine partials (Hz) with amplitudes and exponential decay times (seconds, 1/e)."""
    t = times(seconds)
    out = np.zeros_like(t)
    for i, (freq, amp, tau) in enumerate(zip(freqs, amps, decays, strict=True)):
        phase = 0.0 if phases is None else phases[i]
        out += amp * np.exp(-t / tau) * np.sin(2 * np.pi * freq * t + phase)
    ramp = np.minimum(t / attack, 1.0) if attack > 0 else np.ones_like(t)
    return np.asarray(out * ramp, dtype=np.float64)


def noise_burst(rng: np.random.Generator, seconds: float, tau: float, *, bright: bool = True) -> Signal:
    """Decaying white noise (``tau`` seconds, 1/e); ``bright`` takes the first difference (a high-pass)."""
    noise = rng.standard_normal(samples(seconds) + 1)
    noise = np.diff(noise) / 2.0 if bright else noise[1:]
    return np.asarray(noise * np.exp(-times(seconds) / tau), dtype=np.float64)


def pan(mono: Signal, position: float, *, delay: float = 0.0) -> Signal:
    """Place ``mono`` in stereo: ``position`` -1.0 (left) .. +1.0 (right), constant power.

    ``delay`` (seconds) makes the far ear hear it that much later, as a real sound from that side would.
    """
    theta = (position + 1.0) * np.pi / 4.0
    left, right = mono * math.cos(theta), mono * math.sin(theta)
    shift = samples(delay)
    if shift:
        late = np.concatenate([np.zeros(shift), mono[:-shift]])
        if position < 0:
            right = late * math.sin(theta)
        elif position > 0:
            left = late * math.cos(theta)
    return np.stack([left, right], axis=1)


def mix_at(track: Signal, sound: Signal, at: float, gain: float = 1.0) -> None:
    """Add ``sound`` into ``track`` (same number of channels) starting at ``at`` seconds, in place."""
    start = samples(at)
    end = min(start + len(sound), len(track))
    if end > start:
        track[start:end] += gain * sound[: end - start]


def resonator(signal: Signal, centre: Signal, q: float) -> Signal:
    """A band-pass (state-variable filter) whose centre frequency (Hz, one per sample) may move."""
    out = np.empty_like(signal)
    low = band = 0.0
    damping = 1.0 / q
    coeffs = 2.0 * np.sin(np.pi * np.minimum(centre, RATE / 6.0) / RATE)
    for i, (x, f) in enumerate(zip(signal.tolist(), coeffs.tolist(), strict=True)):
        high = x - low - damping * band
        band += f * high
        low += f * band
        out[i] = band
    return out


def finish(sound: Signal, *, rms_dbfs: float | None = None) -> Signal:
    """Make ``sound`` a cue: stereo, pre-roll silence, fades in and out, peak at :data:`PEAK_DBFS`; with
    ``rms_dbfs``, the RMS of both channels at that level instead (its peak must stay below the usual one)."""
    if sound.ndim == 1:
        sound = np.stack([sound, sound], axis=1)
    sound = np.concatenate([np.zeros((samples(PRE_ROLL), 2)), sound])
    n_in, n_out = samples(FADE_IN), samples(FADE_OUT)
    start = samples(PRE_ROLL)
    fade_in = np.sin(np.linspace(0.0, np.pi / 2, n_in)) ** 2
    fade_out = np.cos(np.linspace(0.0, np.pi / 2, n_out)) ** 2
    sound[start : start + n_in] *= fade_in[:, None]
    sound[-n_out:] *= fade_out[:, None]
    peak = float(np.max(np.abs(sound)))
    if peak == 0.0:
        raise ValueError("a cue must not be silent")
    if rms_dbfs is not None:
        gain = 10 ** (rms_dbfs / 20) / float(np.sqrt(np.mean(sound**2)))
        if peak * gain > 10 ** (PEAK_DBFS / 20):
            raise ValueError(f"at {rms_dbfs} dBFS RMS the cue would peak above {PEAK_DBFS} dBFS")
        return np.asarray(sound * gain, dtype=np.float64)
    return np.asarray(sound * (10 ** (PEAK_DBFS / 20) / peak), dtype=np.float64)


# --- the cues --------------------------------------------------------------------------------------------


def _clink(rng: np.random.Generator, scale: float = 1.0, seconds: float = 0.12) -> Signal:
    """One clay chip striking another: bright inharmonic partials and a tiny noise tick."""
    freqs = [f * scale * rng.uniform(0.985, 1.015) for f in (3150.0, 4720.0, 6380.0, 8100.0)]
    phases = rng.uniform(0, 2 * np.pi, 4).tolist()
    tone = partials(freqs, [1.0, 0.6, 0.4, 0.2], [0.045, 0.03, 0.02, 0.012], seconds, phases=phases)
    return tone + 0.35 * noise_burst(rng, seconds, 0.0015)


def chip(side: str) -> Signal:
    """``chip-left``/``chip-right``: a clink and a smaller one as it settles, centred (the game pans it);
    ``chip-pot``: lower, centred."""
    rng = np.random.default_rng(SEEDS["chip"])
    if side == "pot":
        track = np.zeros(samples(0.19))
        mix_at(track, _clink(rng, 0.8, 0.13), 0.0)
        mix_at(track, _clink(rng, 0.78, 0.1), 0.05, 0.4)
        mix_at(track, _clink(rng, 0.82, 0.08), 0.09, 0.18)
        return finish(track)
    track = np.zeros(samples(0.16))
    mix_at(track, _clink(rng), 0.0)
    mix_at(track, _clink(rng, 1.07, 0.1), 0.055, 0.45)
    return finish(track)


def dice(count: int) -> Signal:
    """``dice-N``: N dice rattled in a hand (short clicks), then landing one after another with a bounce."""
    rng = np.random.default_rng(SEEDS["dice"] + count)
    shake = 0.1 + 0.03 * count
    landings = [shake + 0.03 + k * 0.05 + rng.uniform(0.0, 0.012) for k in range(count)]
    length = landings[-1] + 0.035 + 0.085
    track = np.zeros((samples(length), 2))
    for _ in range(6 + 4 * count):
        tick = partials([rng.uniform(1800, 3500)], [1.0], [0.004], 0.02, attack=0.0003)
        tick = tick + 0.5 * noise_burst(rng, 0.02, 0.001)
        mix_at(track, pan(tick, rng.uniform(-0.4, 0.4)), rng.uniform(0.0, shake), rng.uniform(0.25, 0.6))
    for at in landings:
        knock = partials(
            [rng.uniform(180, 260), rng.uniform(700, 900), rng.uniform(1500, 1900)],
            [1.0, 0.5, 0.2],
            [0.025, 0.01, 0.006],
            0.09,
            attack=0.0005,
        )
        knock = knock + 0.4 * noise_burst(rng, 0.09, 0.003, bright=False)
        where = rng.uniform(-0.3, 0.3)
        mix_at(track, pan(knock, where), at)
        mix_at(track, pan(knock, where), at + 0.035, 0.3)
    return finish(track)


def wild() -> Signal:
    """``wild``: a quick rising swoosh; band-passed noise and a tone both sweep up, 0.36 s."""
    rng = np.random.default_rng(SEEDS["wild"])
    seconds = 0.36
    t = times(seconds)
    progress = t / seconds
    centre = 400.0 * (3000.0 / 400.0) ** progress
    envelope = np.sin(np.pi * np.minimum(progress / 0.75, 1.0) / 2) * np.where(
        progress < 0.75, 1.0, np.cos(np.pi / 2 * (progress - 0.75) / 0.25) ** 2
    )
    left = resonator(rng.standard_normal(len(t)), centre, 4.0)
    right = resonator(rng.standard_normal(len(t)), centre, 4.0)
    phase = 2 * np.pi * np.cumsum(350.0 * (1400.0 / 350.0) ** progress) / RATE
    tone = 0.12 * np.sin(phase)
    return finish(np.stack([(left + tone) * envelope, (right + tone) * envelope], axis=1))


def reverse() -> Signal:
    """``reverse``: a bell struck and played backwards, so it swells up and stops, 0.42 s."""
    seconds = 0.4
    bell = partials(
        [660.0, 1320.0, 1821.6, 3564.0], [1.0, 0.5, 0.35, 0.15], [0.14, 0.1, 0.07, 0.04], seconds, attack=0.0
    )
    return finish(bell[::-1].copy())


def turn(seat: int) -> Signal:
    """``turn-N``: a soft chime whose fundamental is ``TURN_PITCHES[N - 1]``, 0.32 s."""
    f0 = TURN_PITCHES[seat - 1]
    chime = partials(
        [f0, 2 * f0, 3 * f0, 4.2 * f0], [1.0, 0.3, 0.12, 0.05], [0.11, 0.06, 0.04, 0.02], 0.3, attack=0.004
    )
    return finish(chime)


def _brass(freq: float, seconds: float, *, vibrato: float = 0.0) -> Signal:
    """A soft brass-like note: eight harmonics rolling off, 15 ms attack, optional vibrato (relative)."""
    t = times(seconds)
    inst = freq * (1.0 + vibrato * np.sin(2 * np.pi * 5.5 * t) * np.minimum(t / 0.3, 1.0))
    phase = 2 * np.pi * np.cumsum(inst) / RATE
    note = sum((1.0 / k**1.3) * np.sin(k * phase) for k in range(1, 9))
    envelope = np.minimum(t / 0.015, 1.0) * np.exp(-t / (seconds * 1.5))
    return np.asarray(note * envelope, dtype=np.float64)


def win() -> Signal:
    """``win``: C5, E5, G5 short, then C6 held over a soft C major chord, about 1.5 s."""
    track = np.zeros((samples(1.45), 2))
    for i, (freq, where) in enumerate(((523.25, -0.25), (659.26, 0.0), (783.99, 0.25))):
        mix_at(track, pan(_brass(freq, 0.13), where), i * 0.13, 0.8)
    held = 1.45 - 0.39
    for freq, gain in ((523.25, 0.35), (659.26, 0.3), (783.99, 0.3), (1046.5, 1.0)):
        mix_at(track, pan(_brass(freq, held, vibrato=0.004), 0.0), 0.39, gain)
    return finish(track)


def reset() -> Signal:
    """``reset``: ten chips handed out, spreading from the centre to both sides, 0.4 s."""
    rng = np.random.default_rng(SEEDS["reset"])
    track = np.zeros((samples(0.4), 2))
    for i in range(10):
        side = -1.0 if i % 2 == 0 else 1.0
        where = side * min(0.1 + 0.08 * i, 0.75)
        mix_at(track, pan(_clink(rng, rng.uniform(0.8, 1.1), 0.1), where), 0.03 * i, 1.0 - 0.05 * i)
    return finish(track)


def error() -> Signal:
    """``error``: a soft low buzz falling from 118 to 100 Hz, gentle in and out, 0.24 s."""
    seconds = 0.24
    t = times(seconds)
    freq = 118.0 - 18.0 * t / seconds
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    buzz = sum(amp * np.sin(k * phase) for k, amp in ((1, 1.0), (2, 0.45), (3, 0.2), (4, 0.08)))
    envelope = np.sin(np.pi * np.minimum(t / 0.02, 1.0) / 2) ** 2 * np.exp(-t / 0.25)
    return finish(np.asarray(buzz * envelope, dtype=np.float64), rms_dbfs=ERROR_RMS_DBFS)


def early() -> Signal:
    """``early``: two soft taps on a small wooden block (a finger saying "wait"), 0.15 s."""
    track = np.zeros(samples(0.15))
    tap = partials([740.0, 1480.0, 2230.0], [1.0, 0.35, 0.12], [0.018, 0.01, 0.006], 0.07, attack=0.002)
    mix_at(track, tap, 0.0)
    mix_at(track, tap, 0.075, 0.6)
    return finish(track, rms_dbfs=EARLY_RMS_DBFS)


CUE_BUILDERS: dict[str, Callable[[], Signal]] = {
    **{f"dice-{n}": partial(dice, n) for n in (1, 2, 3)},
    "chip-left": partial(chip, "left"),
    "chip-right": partial(chip, "right"),
    "chip-pot": partial(chip, "pot"),
    "wild": wild,
    "reverse": reverse,
    **{f"turn-{seat}": partial(turn, seat) for seat in range(1, 11)},
    "win": win,
    "reset": reset,
    "error": error,
    "early": early,
}
"""Every cue file's name (without ``.wav``) and the function that synthesises it."""


# --- output ----------------------------------------------------------------------------------------------


def to_pcm(sound: Signal) -> bytes:
    """Stereo floats (-1.0..1.0) to interleaved little-endian 16-bit PCM."""
    pcm = np.clip(np.round(sound * 32767.0), -32767, 32767).astype("<i2")
    return pcm.tobytes()


def write_wav(path: Path, sound: Signal) -> None:
    """Write stereo floats as a 16-bit 44.1 kHz stereo WAV file."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm(sound))


def synthesize() -> dict[str, Signal]:
    """Every cue as stereo floats, checked against the length bounds."""
    cues = {name: build() for name, build in CUE_BUILDERS.items()}
    for name, sound in cues.items():
        bound = MAX_WIN_LENGTH if name == "win" else MAX_LENGTH
        if len(sound) / RATE >= bound:
            raise AssertionError(f"{name} lasts {len(sound) / RATE:.3f} s, over its bound of {bound} s")
    return cues


def generate(out_dir: Path) -> list[Path]:
    """Write every cue as ``<name>.wav`` into ``out_dir`` (created if missing); return the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, sound in synthesize().items():
        path = out_dir / f"{name}.wav"
        write_wav(path, sound)
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: write the cues and list them with their lengths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=REPO / "sounds", help="folder to write (default sounds/)")
    args = parser.parse_args(argv)
    total = 0
    for path in generate(args.out):
        with wave.open(str(path), "rb") as wav:
            seconds = wav.getnframes() / wav.getframerate()
        size = path.stat().st_size
        total += size
        print(f"{path.name:16} {seconds:5.3f} s {size / 1024:7.1f} KiB")
    print(f"{'total':16} {'':7}   {total / 1024:7.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
