"""Sound cues: the shipped files (format, level, length, clicks, pan, pitch), the generator script, and the
player under SDL's dummy audio driver and with no audio device at all (DESIGN.md §1 "sound", §3)."""

from __future__ import annotations

import importlib.util
import itertools
import logging
import os
import subprocess
import sys
import threading
import wave
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
import pygame.mixer
from support.waiting import wait_until

from lcr_audio.narration.utterance import CUE_NAMES
from lcr_audio.output import sound
from lcr_audio.output.sound import CUES, SoundPlayer, cue_file, pan_gains

REPO = Path(__file__).resolve().parent.parent
SOUNDS = REPO / "sounds"
RATE = 44_100
EDGE = round(0.002 * RATE)  # the first and last 2 ms, in frames
EDGE_LIMIT = 0.02  # of full scale (-34 dBFS): "near silence", so no click as a cue starts or stops
FILES = sorted(
    {f"dice-{n}" for n in sound.DICE_COUNTS}
    | {f"turn-{seat}" for seat in sound.SEATS}
    | {cue for cue in CUES if cue not in ("dice", "turn")}
)


def read(name: str, folder: Path = SOUNDS) -> tuple[wave._wave_params, np.ndarray]:
    """A cue file's parameters and its frames as floats (-1.0..1.0), shape (n, 2)."""
    with wave.open(str(folder / f"{name}.wav"), "rb") as wav:
        params = wav.getparams()
        raw = wav.readframes(params.nframes)
    frames = np.frombuffer(raw, dtype="<i2").reshape(-1, params.nchannels).astype(np.float64) / 32767.0
    return params, frames


def db(value: float) -> float:
    return 20.0 * float(np.log10(value))


def rms(channel: np.ndarray) -> float:
    return float(np.sqrt(np.mean(channel**2)))


def dominant_frequency(frames: np.ndarray) -> float:
    """The strongest frequency (Hz) of the mono mix, from an FFT with a Hann window."""
    mono = frames.mean(axis=1)
    spectrum = np.abs(np.fft.rfft(mono * np.hanning(len(mono))))
    freqs = np.fft.rfftfreq(len(mono), 1.0 / RATE)
    spectrum[freqs < 60.0] = 0.0
    return float(freqs[int(np.argmax(spectrum))])


# --- the files -------------------------------------------------------------------------------------------


def test_every_cue_name_is_the_narrations() -> None:
    assert CUES == CUE_NAMES


def test_the_folder_holds_exactly_the_cues_and_their_licence() -> None:
    assert sorted(p.stem for p in SOUNDS.glob("*.wav")) == FILES
    licence = (SOUNDS / "LICENSE.md").read_text(encoding="utf-8")
    assert "CC0 1.0" in licence and "python3 scripts/make_sounds.py" in licence


def test_the_cues_are_small() -> None:
    assert sum(p.stat().st_size for p in SOUNDS.glob("*.wav")) < 2 * 1024 * 1024


@pytest.mark.parametrize("name", FILES)
def test_cue_file_format_length_level_and_edges(name: str) -> None:
    params, frames = read(name)
    assert (params.nchannels, params.sampwidth, params.framerate, params.comptype) == (2, 2, RATE, "NONE")
    seconds = params.nframes / RATE
    assert 0.05 < seconds < (2.5 if name == "win" else 0.5)
    peak = float(np.max(np.abs(frames)))
    assert peak < 1.0  # never clipped
    if name in ("error", "early"):  # set by RMS, below the chips (see test_the_error_cue_is_no_louder...)
        assert db(peak) < -4.0
    else:
        assert -4.0 <= db(peak) <= -2.0  # normalised to about -3 dBFS
    assert np.max(np.abs(frames[:EDGE])) < EDGE_LIMIT
    assert np.max(np.abs(frames[-EDGE:])) < EDGE_LIMIT
    assert np.max(np.abs(frames[0])) < 0.001 and np.max(np.abs(frames[-1])) < 0.001


CHIPS = ("chip-left", "chip-right", "chip-pot", "wild")


def test_chip_cues_are_centred_in_their_files_for_the_game_to_place() -> None:
    """The game pans each chip to its seats (issue 14, item 10), so the files sit in the centre."""
    for name in CHIPS:
        frames = read(name)[1]
        assert abs(db(rms(frames[:, 0]) / rms(frames[:, 1]))) <= 1.0, name
        assert read(name)[0].nframes / RATE < (0.4 if name == "wild" else 0.25)
    assert sound.SIDE_PANS == {"chip-left": -0.6, "chip-right": 0.6}  # without a seat: DESIGN.md §3


def loudest_window(frames: np.ndarray, seconds: float = 0.05) -> float:
    """The RMS (both channels) of the loudest stretch of ``seconds``: what the ear weighs in a short cue."""
    width = round(seconds * RATE)
    power = np.convolve((frames**2).mean(axis=1), np.ones(width) / width, mode="valid")
    return float(np.sqrt(power.max()))


def test_the_error_cue_is_no_louder_than_a_chip() -> None:
    """Issue 14, item 10: a wrong key's buzz was 7.6 dB louder than the chips (RMS, both at a -3 dBFS
    peak); now its RMS and its loudest 50 ms are below every chip cue's."""
    error = read("error")[1]
    for name in CHIPS:
        chip = read(name)[1]
        assert db(rms(error)) <= db(rms(chip)) - 2.0, name
        assert db(loudest_window(error)) <= db(loudest_window(chip)) - 2.0, name


def test_the_early_cue_is_short_and_softer_than_the_error_cue() -> None:
    """Issue 21, item 5: a key pressed before its question was heard is told by a short soft cue, softer
    than a wrong key's buzz (the player did nothing wrong but hurry)."""
    early, error = read("early")[1], read("error")[1]
    assert len(early) / RATE < len(error) / RATE
    assert db(rms(early)) <= db(rms(error)) - 3.0
    assert db(loudest_window(early)) <= db(loudest_window(error)) - 3.0


def test_turn_chimes_rise_with_the_seat() -> None:
    pitches = [dominant_frequency(read(f"turn-{seat}")[1]) for seat in sound.SEATS]
    # Each seat at least about a whole tone above the one before, so players can tell them apart by ear.
    assert all(high / low > 1.09 for low, high in itertools.pairwise(pitches)), pitches


def test_dice_cues_grow_with_the_number_of_dice() -> None:
    lengths = [read(f"dice-{n}")[0].nframes for n in sound.DICE_COUNTS]
    assert lengths == sorted(lengths) and len(set(lengths)) == 3


# --- the generator ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def make_sounds() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", REPO / "scripts" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generation_is_deterministic(make_sounds: Any, tmp_path: Path) -> None:
    first = make_sounds.generate(tmp_path / "a")
    second = make_sounds.generate(tmp_path / "b")
    assert sorted(p.stem for p in first) == FILES
    for a, b in zip(first, second, strict=True):
        assert a.name == b.name and a.read_bytes() == b.read_bytes()
    # What it writes is what ships (format and length; the bytes may differ with another numpy or CPU).
    for path in first:
        assert read(path.stem, path.parent)[0] == read(path.stem)[0]


def test_turn_pitches_follow_the_generator(make_sounds: Any) -> None:
    for seat, expected in zip(sound.SEATS, make_sounds.TURN_PITCHES, strict=True):
        assert dominant_frequency(read(f"turn-{seat}")[1]) == pytest.approx(expected, rel=0.01)


# --- naming and panning ----------------------------------------------------------------------------------


def test_cue_names_resolve_to_files() -> None:
    assert cue_file("dice", dice=1) == "dice-1"
    assert cue_file("dice") == "dice-3"
    assert cue_file("turn", seat=10) == "turn-10"
    assert cue_file("turn-4") == "turn-4"
    assert cue_file("dice-2") == "dice-2"
    assert cue_file("chip-pot") == "chip-pot"


@pytest.mark.parametrize(
    ("cue", "kwargs"),
    [
        ("boom", {}),
        ("turn", {}),
        ("turn", {"seat": 0}),
        ("turn", {"seat": 11}),
        ("turn-11", {}),
        ("turn-4", {"seat": 4}),
        ("dice", {"dice": 0}),
        ("dice", {"dice": 4}),
        ("dice-4", {}),
        ("win", {"seat": 1}),
        ("chip-left", {"dice": 2}),
    ],
)
def test_bad_cue_requests_are_programming_errors(cue: str, kwargs: dict[str, int]) -> None:
    with pytest.raises(ValueError):
        cue_file(cue, **kwargs)


def test_pan_is_a_balance_scaled_by_the_volume() -> None:
    assert pan_gains(0.0) == (1.0, 1.0)
    assert pan_gains(-1.0) == (1.0, 0.0)
    assert pan_gains(1.0, 0.5) == (0.0, 0.5)
    assert pan_gains(-0.5, 0.8) == pytest.approx((0.8, 0.4))
    assert pan_gains(7.0) == (0.0, 1.0)  # clamped
    with pytest.raises(ValueError):
        pan_gains(float("nan"))


# --- the player ------------------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _patient(monkeypatch: pytest.MonkeyPatch) -> None:
    """A cue waits for the opening device without a time limit here: on a busy CI machine opening can take
    longer than OPEN_WAIT, and these tests are about order, not speed (one test sets its own limit)."""
    monkeypatch.setattr(sound, "OPEN_WAIT", 600.0)


@pytest.fixture
def no_mixer() -> Iterator[None]:
    """Every player test starts and ends with the audio device closed."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def dummy(monkeypatch: pytest.MonkeyPatch, no_mixer: None) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def player(dummy: None) -> Iterator[SoundPlayer]:
    with SoundPlayer() as player:
        yield player


def busy_channels() -> list[pygame.mixer.Channel]:
    return [c for c in map(pygame.mixer.Channel, range(pygame.mixer.get_num_channels())) if c.get_busy()]


def test_cues_overlap_on_the_dummy_device(player: SoundPlayer) -> None:
    assert player.available
    assert pygame.mixer.get_num_channels() >= 16
    assert player.play("dice", dice=3) == pytest.approx(player.duration("dice", dice=3), abs=0.001)
    assert player.play("chip-left") == pytest.approx(0.162, abs=0.01)
    assert player.play("turn", seat=4, pan=0.5) > 0.25
    assert pygame.mixer.get_busy()
    assert len(busy_channels()) >= 2


def test_more_cues_than_channels_take_over_the_oldest(player: SoundPlayer) -> None:
    assert all(player.play("win") > 1.0 for _ in range(sound.MIXER_CHANNELS + 4))


def test_the_master_volume_reaches_the_channel(dummy: None) -> None:
    with SoundPlayer(volume=0.5) as player:
        player.play("win")
        (channel,) = busy_channels()
        assert channel.get_volume() == pytest.approx(0.5, abs=1 / 128)


def test_volume_clamps_and_steps(dummy: None) -> None:
    with SoundPlayer(volume=5.0) as player:
        assert player.volume == 1.0
        assert player.volume_up() == 1.0
        assert player.set_volume(-3.0) == 0.0
        assert player.volume_down() == 0.0
        assert player.play("win") == 0.0  # volume 0: nothing to hear
        assert [player.volume_up() for _ in range(3)] == [0.1, 0.2, 0.3]
        player.volume = 0.85
        assert player.volume_down() == 0.75
    assert SoundPlayer(volume=0.8, enabled=False).volume == 0.8


def test_disabled_plays_nothing(dummy: None) -> None:
    with SoundPlayer(enabled=False) as player:
        assert player.available
        assert player.play("win") == 0.0
        assert not pygame.mixer.get_busy()
        player.enabled = True
        # The device opens on a background thread; on a busy machine the first cue may give up waiting
        # for it (OPEN_WAIT) and be skipped, so the cue is tried again until the device is open.
        length = wait_until(lambda: player.play("win"), "a cue played once the device was open", every=0.1)
        assert length > 1.0
        player.enabled = False  # turning sounds off stops what is playing
        assert not pygame.mixer.get_busy()
        assert player.duration("win") > 1.0  # lengths are known either way


def test_a_missing_file_is_logged_once_and_silent(
    dummy: None, tmp_path: Path, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.INFO, logger="lcr_audio.output.sound")
    with SoundPlayer(sounds_dir=tmp_path) as player:
        assert player.available
        assert player.play("win") == 0.0
        assert player.play("win") == 0.0
        assert player.duration("win") == 0.0
    assert [r.getMessage() for r in caplog.records if "win.wav" in r.getMessage()] != []
    assert len(caplog.records) == 1
    assert capfd.readouterr() == ("", "")


def test_close_makes_it_silent(dummy: None) -> None:
    player = SoundPlayer()
    player.play("win")
    player.close()
    player.close()
    assert not player.available
    assert player.play("win") == 0.0
    assert pygame.mixer.get_init() is None  # it opened the device, so it closed it


def test_a_mixer_opened_by_someone_else_stays_open(dummy: None) -> None:
    pygame.mixer.init()
    SoundPlayer().close()
    assert pygame.mixer.get_init() is not None


class FakeChannel:
    def __init__(self, busy: bool) -> None:
        self.busy = busy
        self.calls: list[tuple[Any, ...]] = []

    def get_busy(self) -> bool:
        return self.busy

    def stop(self) -> None:
        self.calls.append(("stop",))
        self.busy = False

    def set_volume(self, *volumes: float) -> None:
        self.calls.append(("set_volume", *volumes))

    def play(self, sound: object) -> None:
        self.calls.append(("play", sound))


class FakeSound:
    def get_length(self) -> float:
        return 0.25


class FakeMixer:
    def __init__(self, channel: FakeChannel) -> None:
        self.channel = channel

    def find_channel(self, force: bool = False) -> FakeChannel:
        assert force  # never drop a cue: take over the oldest one
        return self.channel

    def Sound(self, path: str) -> FakeSound:
        return FakeSound()


def test_pan_sets_left_and_right_before_the_cue_starts(dummy: None) -> None:
    channel = FakeChannel(busy=True)
    player = SoundPlayer(volume=0.5)
    player.close()
    player._mixer = FakeMixer(channel)  # pygame's channels cannot tell their panning: record the calls
    assert player.play("chip-pot", pan=-0.5) == 0.25
    assert channel.calls[0] == ("stop",)  # a stopped channel drops its old panning
    assert channel.calls[1] == ("set_volume", 0.5, 0.25)
    assert channel.calls[2][0] == "play"
    channel.calls.clear()
    player.play("chip-pot")  # no pan: one volume, which also resets the channel's panning
    assert channel.calls[0] == ("set_volume", 0.5)
    channel.calls.clear()
    player.play("chip-left")  # no seat: a little to the left (SIDE_PANS), as a balance at the volume
    assert channel.calls[0] == ("set_volume", 0.5, pytest.approx(0.2))
    channel.calls.clear()
    player.play("chip-right", pan=-1.0)  # a seat's place wins over the side
    assert channel.calls[0] == ("set_volume", 0.5, 0.0)


def channels_of(raw: bytes) -> np.ndarray:
    return np.frombuffer(raw, dtype=np.int16).reshape(-1, 2).astype(np.float64) / 32767.0


def test_a_travelling_chip_is_mixed_from_one_side_to_the_other(player: SoundPlayer) -> None:
    """Issue 14, item 10: a chip from the far left seat to the far right one starts in the left channel only
    and lands in the right channel only; its mono sound is kept."""
    length = player.play("chip-left", pan=-1.0, to=1.0)
    assert length == pytest.approx(player.duration("chip-left"), abs=0.001)
    moving = channels_of(player._glides[("chip-left", -1.0, 1.0)].get_raw())
    _, file = read("chip-left")
    assert moving.shape == file.shape
    glide = round(sound.GLIDE_SECONDS * RATE)
    early, late = moving[: glide // 8], moving[glide:]
    assert np.max(np.abs(early[:, 1])) <= np.max(np.abs(early[:, 0])) * 0.1  # starts on the left
    assert np.all(late[:, 0] == 0.0) and rms(late[:, 1]) > 0.01  # lands on the right only
    mono = file.mean(axis=1)
    assert np.allclose(late[:, 1], mono[glide:], atol=2 / 32767)  # right at full gain: the mono mix
    assert np.allclose(moving[0], [mono[0], 0.0], atol=2 / 32767)
    # Half way, the pan passes the centre: both channels carry the mono mix at full gain.
    middle = glide // 2
    assert np.allclose(moving[middle], [mono[middle], mono[middle]], atol=1e-3)
    # Back again, from the centre (no start) to the left: the right channel fades out.
    player.play("chip-pot", to=-0.5)
    back = channels_of(player._glides[("chip-pot", 0.0, -0.5)].get_raw())
    assert np.allclose(back[glide:, 1], back[glide:, 0] * 0.5, atol=2 / 32767)


def test_glide_frames_checks_its_input() -> None:
    from array import array

    with pytest.raises(ValueError):
        sound.glide_frames(array("h", [1, 2, 3]), 0.0, 1.0)
    with pytest.raises(ValueError):
        sound.glide_frames(array("h", [1, 2]), float("nan"), 1.0)
    assert list(sound.glide_frames(array("h", [100, 300]), -1.0, 1.0)) == [200, 0]


# --- no audio device -------------------------------------------------------------------------------------


def test_no_audio_device_is_silent_and_quiet(
    monkeypatch: pytest.MonkeyPatch,
    no_mixer: None,
    caplog: pytest.LogCaptureFixture,
    capfd: pytest.CaptureFixture[str],
) -> None:
    def failing_init(*args: object, **kwargs: object) -> None:
        os.write(1, b"noise on stdout\n")
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        print("python noise", file=sys.stderr)
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", failing_init)
    caplog.set_level(logging.INFO, logger="lcr_audio.output.sound")
    player = SoundPlayer()
    assert not player.available
    assert player.play("win") == 0.0
    assert player.play("turn", seat=2, pan=1.0) == 0.0
    assert player.volume_up() == 0.9  # the controls still work, silently
    player.close()
    assert capfd.readouterr() == ("", "")
    assert [(r.levelno, r.name) for r in caplog.records] == [(logging.INFO, "lcr_audio.output.sound")]
    with pytest.raises(ValueError):
        player.play("boom")  # a programming error is still one


def test_no_pygame_is_silent(monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "pygame.mixer", None)  # "import pygame.mixer" raises ImportError
    player = SoundPlayer()
    assert not player.available and player.play("dice", dice=1) == 0.0
    assert capfd.readouterr() == ("", "")


def test_a_real_alsa_failure_reaches_no_terminal(
    monkeypatch: pytest.MonkeyPatch, no_mixer: None, capfd: pytest.CaptureFixture[str]
) -> None:
    """Without a sound card ALSA prints a dozen lines on fd 2 while failing; none may get out."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    SoundPlayer().close()  # available or not, depending on the machine
    assert capfd.readouterr() == ("", "")


@pytest.mark.system
@pytest.mark.parametrize("opening", ["", "p.open_in_background()\n"])
def test_importing_and_opening_prints_no_banner(opening: str) -> None:
    """A fresh interpreter without PYGAME_HIDE_SUPPORT_PROMPT: pygame's banner must not appear, whether the
    device opens at the first cue or on the background thread (which does not mute stdout)."""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env["SDL_AUDIODRIVER"] = "dummy"
    code = (
        "from lcr_audio.output.sound import SoundPlayer\np = SoundPlayer()\n"
        f"{opening}assert p.play('win') > 1.0\nassert p.available\np.close()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_the_cues_are_found_in_a_checkout_and_installed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert sound.default_sounds_dir() == SOUNDS
    # Installed, sounds/ is the namespace package lcr_audio.sounds: files() is a MultiplexedPath.
    from importlib.resources.readers import MultiplexedPath

    monkeypatch.setattr(sound.resources, "files", lambda package: MultiplexedPath(tmp_path))
    assert sound.default_sounds_dir() == tmp_path


# --- opening the device late (issue 10: the first sentence never waits for it) ------------------------------


class InitRecorder:
    """Stands in for ``pygame.mixer.init``: records the thread it ran on, waits for ``gate``, then opens the
    dummy device for real (so the cues that follow play)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *, noise: bool = False) -> None:
        self.real = pygame.mixer.init
        self.threads: list[str] = []
        self.started = threading.Event()
        self.gate = threading.Event()
        self.gate.set()
        self.noise = noise
        monkeypatch.setattr(pygame.mixer, "init", self)

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        self.threads.append(threading.current_thread().name)
        self.started.set()
        if self.noise:
            os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        assert self.gate.wait(WAIT)
        self.real(*args, **kwargs)


WAIT = 120.0  # seconds a test waits for the opening thread before it fails (never reached when all is well)


def held_opening(monkeypatch: pytest.MonkeyPatch, *, noise: bool = False) -> tuple[InitRecorder, SoundPlayer]:
    """A new SoundPlayer whose device the background thread has started to open and is held opening
    (``init.gate`` closed) until the test sets the gate; ``noise`` as for :class:`InitRecorder`."""
    init = InitRecorder(monkeypatch, noise=noise)
    init.gate.clear()
    player = SoundPlayer()
    player.open_in_background()
    assert init.started.wait(WAIT)
    return init, player


def test_creating_a_player_opens_nothing(dummy: None, monkeypatch: pytest.MonkeyPatch) -> None:
    init = InitRecorder(monkeypatch)
    player = SoundPlayer()
    assert player.device is sound.Device.UNOPENED and init.threads == []
    assert player.duration("win") > 1.0  # a length needs no device
    assert player.play("win") > 1.0  # the first cue opens it, here
    assert init.threads == [threading.current_thread().name]
    assert player.device is sound.Device.OPEN
    player.close()


def test_a_cue_asked_for_while_the_device_opens_waits_for_it(
    dummy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    init, player = held_opening(monkeypatch)
    assert player.device is sound.Device.OPENING  # returned at once, the thread is still opening
    threading.Timer(0.2, init.gate.set).start()
    assert player.play("win") > 1.0  # waited for the device, then played: the early cue is not lost
    assert pygame.mixer.get_busy()
    assert init.threads == ["sound-device"]
    player.open_in_background()  # once open, asking again opens nothing
    assert init.threads == ["sound-device"]
    player.close()


def test_a_cue_gives_up_after_open_wait_and_later_cues_play(
    dummy: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A device that takes longer than OPEN_WAIT to open: that cue is skipped and logged, the game goes on."""
    caplog.set_level(logging.INFO, logger="lcr_audio.output.sound")
    monkeypatch.setattr(sound, "OPEN_WAIT", 0.05)
    init = InitRecorder(monkeypatch)
    init.gate.clear()
    player = SoundPlayer()
    player.open_in_background()
    assert player.play("win") == 0.0
    assert player.play("win") == 0.0  # no second wait
    assert [r.getMessage() for r in caplog.records if "still opening" in r.getMessage()] != []
    init.gate.set()
    assert player._opener is not None
    player._opener.join(WAIT)
    assert player.play("win") > 1.0
    player.close()


def test_sounds_off_never_open_the_device_until_turned_on(
    dummy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sound, "OPEN_WAIT", WAIT)  # a busy machine opens slowly; the cue still waits for it
    init = InitRecorder(monkeypatch)
    player = SoundPlayer(enabled=False)
    player.open_in_background()
    assert player.play("win") == 0.0
    assert player.available  # nothing known to be missing, and still nothing opened
    assert init.threads == [] and player.device is sound.Device.UNOPENED
    player.enabled = True  # turning sounds on starts opening the device
    assert player.play("win") > 1.0
    assert init.threads == ["sound-device"]
    player.close()


def test_closing_while_the_device_opens_leaves_it_closed(
    dummy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    init, player = held_opening(monkeypatch)
    threading.Timer(0.1, init.gate.set).start()
    player.close()
    assert not player.available and player.play("win") == 0.0
    assert player.device is sound.Device.CLOSED
    assert pygame.mixer.get_init() is None


def test_opening_in_the_background_mutes_stderr_but_never_the_games_lines(
    dummy: None, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """The thread mutes fd 2 (ALSA's complaints) only: a line the game prints meanwhile reaches the screen."""
    init, player = held_opening(monkeypatch, noise=True)
    os.write(1, b"Ana rolls L, dot, C.\n")  # the game printing while the device opens
    init.gate.set()
    assert player.play("win") > 1.0
    player.close()
    assert capfd.readouterr() == ("Ana rolls L, dot, C.\n", "")
