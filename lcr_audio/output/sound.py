"""Sound cues: a short sound for every chip that moves, the dice, turns, wins (DESIGN.md §1 "sound", §3).

Playback uses pygame-ce's mixer only (never ``pygame.init()``, which would take over the signals). When
there is no audio device, or pygame is missing, the :class:`SoundPlayer` is silent rather than failing:
:attr:`SoundPlayer.available` is False, one INFO line goes to the log, and every call is a no-op. Nothing is
ever written to the terminal: pygame's banner is switched off and SDL's and ALSA's complaints go to the null
device.

The audio device is opened late, so that the game's first sentence is never held up by it (issue 10: that
search for a device took about 120 of the 263 ms from start to the first sentence): creating a player imports
nothing and opens nothing. :meth:`SoundPlayer.open_in_background` opens it on a background thread (the
program calls it once its first utterance has been handed to speech), and the first cue opens it if nobody
did. A cue asked for while the device is still opening waits for it (at most :data:`OPEN_WAIT` seconds,
then that cue is skipped and logged), so no cue is lost for being early. With sounds off pygame is never
imported; turning them on starts opening the device.

Cue names (:data:`CUES`) are the ones :class:`lcr_audio.narration.utterance.Utterance` carries. Two of them
take a number::

    player = SoundPlayer()
    player.play("dice", dice=2)        # sounds/dice-2.wav: two dice (1..3)
    player.play("turn", seat=4)        # sounds/turn-4.wav: seat number 4 as players hear it (1..10)
    player.play("chip-left")           # a little to the left (:data:`SIDE_PANS`)
    player.play("chip-pot", pan=-0.5)  # any cue can be moved left (-1.0) or right (+1.0)
    player.play("chip-left", pan=0.0, to=-1.0)  # a chip travelling from the centre to the far left
    player.play("turn-4")              # the file name works too (also "dice-2")

The cue files are made by ``scripts/make_sounds.py`` and ship as the package ``lcr_audio.sounds`` (the
repo's ``sounds/`` folder).
"""

from __future__ import annotations

import enum
import logging
import math
import os
import threading
import wave
from array import array
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Any, Final

from lcr_audio.cues import CUES, Cue
from lcr_audio.output.quiet import quiet_output

log = logging.getLogger(__name__)

DICE_COUNTS: Final = range(1, 4)
"""How many dice a ``dice`` cue can sound like: ``dice-1`` .. ``dice-3``."""
SEATS: Final = range(1, 11)
"""Seat numbers with a ``turn`` chime: ``turn-1`` .. ``turn-10`` (pitch rising with the seat)."""
VOLUME_STEP: Final = 0.1
"""How much :meth:`SoundPlayer.volume_up` and :meth:`SoundPlayer.volume_down` change the volume."""
MIXER_CHANNELS: Final = 16
"""Cues that can sound at once; a 17th takes over the channel playing the oldest cue."""
MIXER_FREQUENCY: Final = 44_100
"""Mixer sample rate in Hz, the cue files' own (16-bit stereo): no resampling."""
MIXER_BUFFER: Final = 512
"""Mixer buffer in sample frames: about 12 ms of latency at 44.1 kHz."""
SIDE_PANS: Final = {"chip-left": -0.6, "chip-right": 0.6}
"""Where the chip cues sound when no place is given (the files themselves are centred): a chip going left
on the left, right on the right (DESIGN.md §3)."""
GLIDE_SECONDS: Final = 0.05
"""How long a travelling cue takes to go from its first place to its last (seconds): the chip's first
clink leaves one seat and its settling clink lands at the other."""
OPEN_WAIT: Final = 2.0
"""Seconds a cue waits for the audio device that a background thread is opening; after that the cue is
skipped (and logged), and later cues do not wait again while it is still opening."""


class Device(enum.Enum):
    """Where a :class:`SoundPlayer`'s audio device stands."""

    UNOPENED = "unopened"
    """Not opened yet: no cue was asked for, or sounds are off (pygame is not even imported)."""
    OPENING = "opening"
    """A background thread is opening it (:meth:`SoundPlayer.open_in_background`)."""
    OPEN = "open"
    """Open: cues play."""
    MISSING = "missing"
    """No audio device or no pygame: every cue is silent."""
    CLOSED = "closed"
    """:meth:`SoundPlayer.close` was called: every cue is silent."""


def _open_mixer(*, mute_stdout: bool) -> tuple[Any, bool]:
    """Import pygame's mixer and open the audio device, nothing reaching the terminal.

    Args:
        mute_stdout: also mute stdout (file descriptor 1) while opening; a background thread passes False,
            so that the game's lines printed meanwhile are not lost (SDL and ALSA complain on stderr).

    Returns:
        ``(pygame.mixer, owns)``: ``owns`` is True when this call opened the device (then closing it is
        ours); ``(None, False)`` when there is no device or no pygame (logged at INFO).
    """
    owns = False
    try:
        with quiet_output(stdout=mute_stdout):
            os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before pygame's first import
            # SDL never takes SIGINT or SIGTERM (SDL_HINT_NO_SIGNAL_HANDLERS): they are the game's, which
            # saves and leaves. pygame's own "parachute" finds the game's handlers in place and keeps them
            # (lcr_audio.cli: SIGQUIT, and faulthandler for the crash signals; issue 13, item 7).
            os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
            import pygame.mixer

            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=MIXER_FREQUENCY, size=-16, channels=2, buffer=MIXER_BUFFER)
                owns = True
            if pygame.mixer.get_num_channels() < MIXER_CHANNELS:
                pygame.mixer.set_num_channels(MIXER_CHANNELS)
    except Exception as exc:  # ImportError, pygame.error (no device), anything SDL raises
        log.info("Sound cues are off: no audio device could be opened (%s)", exc)
        return None, False
    return pygame.mixer, owns


def _close_mixer(mixer: Any, *, mute_stdout: bool = True) -> None:
    """Stop every cue and close the audio device; never raises. ``mute_stdout`` as for :func:`_open_mixer`."""
    try:
        mixer.stop()
        with quiet_output(stdout=mute_stdout):
            mixer.quit()
    except Exception:
        log.debug("Could not close the audio device", exc_info=True)


def default_sounds_dir() -> Path:
    """The folder holding the ``.wav`` cues (installed package ``lcr_audio.sounds`` or the repo checkout).

    ``sounds/`` has no ``__init__.py``, so installed it is a namespace package whose ``files()`` is a
    ``MultiplexedPath`` (its ``str()`` is not a path): the folder is taken from a file inside it instead.
    """
    try:
        licence = resources.files("lcr_audio.sounds").joinpath("LICENSE.md")
    except ModuleNotFoundError:  # running from a checkout that was never installed
        checkout = Path(__file__).resolve().parents[__name__.count(".")]  # above the lcr_audio folder
        return checkout / "sounds"
    return Path(str(licence)).parent


def cue_file(cue: Cue | str, *, seat: int | None = None, dice: int | None = None) -> str:
    """The file name (without ``.wav``) that plays ``cue``.

    Args:
        cue: a :class:`Cue` (or its name), or a numbered file name ``"dice-1"`` .. ``"dice-3"``,
            ``"turn-1"`` .. ``"turn-10"``.
        seat: for ``"turn"`` only, and required there: the seat number 1..10 as players hear it (the
            engine's 0-based seat index + 1).
        dice: for ``"dice"`` only: how many dice were rolled, 1..3 (default 3).

    Raises:
        ValueError: an unknown cue, a missing or out-of-range ``seat``/``dice``, or a number given to a cue
            that does not take it. These are programming errors, never the player's.
    """
    base, _, number = cue.rpartition("-")
    if base in (Cue.DICE, Cue.TURN) and number.isdigit():  # a numbered file name: "turn-4", "dice-2"
        if seat is not None or dice is not None:
            raise ValueError(f"{cue!r} already names its file: give no seat or dice")
        return cue_file(base, **{"seat" if base == Cue.TURN else "dice": int(number)})
    if cue not in CUES:
        raise ValueError(f"Unknown sound cue {cue!r}; known cues: {', '.join(CUES)}")
    if seat is not None and cue != Cue.TURN:
        raise ValueError(f"Only the 'turn' cue takes a seat, not {cue!r}")
    if dice is not None and cue != Cue.DICE:
        raise ValueError(f"Only the 'dice' cue takes a number of dice, not {cue!r}")
    if cue == Cue.TURN:
        if seat not in SEATS:
            raise ValueError(f"The 'turn' cue needs a seat number from 1 to 10, not {seat!r}")
        return f"turn-{seat}"
    if cue == Cue.DICE:
        count = 3 if dice is None else dice
        if count not in DICE_COUNTS:
            raise ValueError(f"The 'dice' cue takes 1 to 3 dice, not {dice!r}")
        return f"dice-{count}"
    return str(cue)


def clamp_volume(volume: float) -> float:
    """``volume`` limited to 0.0..1.0 (NaN counts as 0.0)."""
    return 0.0 if math.isnan(volume) else min(1.0, max(0.0, volume))


def pan_gains(pan: float, volume: float = 1.0) -> tuple[float, float]:
    """Left and right channel volumes (0.0-1.0 each) for ``pan`` at master ``volume`` (0.0-1.0).

    A balance control: ``pan`` -1.0 is left only, 0.0 is both channels at ``volume``, +1.0 is right only;
    the louder side stays at ``volume``, the other fades to silence. Out-of-range values are clamped;
    NaN or an infinity raises ValueError.
    """
    if not math.isfinite(pan):
        raise ValueError(f"pan must be a number from -1.0 to 1.0, not {pan!r}")
    pan = min(1.0, max(-1.0, pan))
    volume = clamp_volume(volume)
    return volume * min(1.0, 1.0 - pan), volume * min(1.0, 1.0 + pan)


def glide_frames(frames: array[int], start: float, end: float, rate: int = MIXER_FREQUENCY) -> array[int]:
    """A stereo cue moved across the stereo field: its mono mix, panned from ``start`` to ``end``.

    The pan moves smoothly (a smoothstep) over the first :data:`GLIDE_SECONDS` and then stays at ``end``;
    each frame's left and right gains are :func:`pan_gains` of the pan at that frame (full volume: the
    channel's volume sets the level).

    Args:
        frames: interleaved 16-bit stereo samples (left, right, left, right...).
        start: the pan of the first frame, -1.0 (left) to +1.0 (right).
        end: the pan from :data:`GLIDE_SECONDS` on.
        rate: frames per second.

    Returns:
        Interleaved 16-bit stereo samples, as many frames as ``frames``.

    Raises:
        ValueError: ``frames`` has an odd number of samples, or a pan is not a number.
    """
    if len(frames) % 2:
        raise ValueError("A stereo cue has an even number of samples")
    pan_gains(start), pan_gains(end)  # NaN or infinity: ValueError
    glide = max(1, round(GLIDE_SECONDS * rate))
    out = array("h", bytes(2 * len(frames)))
    for index in range(len(frames) // 2):
        progress = min(index / glide, 1.0)
        position = start + (end - start) * progress * progress * (3.0 - 2.0 * progress)
        left_gain, right_gain = pan_gains(position)
        mono = (frames[2 * index] + frames[2 * index + 1]) / 2.0
        out[2 * index] = round(mono * left_gain)
        out[2 * index + 1] = round(mono * right_gain)
    return out


class SoundPlayer:
    """Plays the cue files through pygame-ce's mixer; silent (never failing) without an audio device.

    Creating it is instant: the device opens on a background thread (:meth:`open_in_background`) or at the
    first cue (see the module docstring). Use it from one thread (the opening thread is its own), and
    :meth:`close` it at the end (or use it as a context manager).

    Args:
        volume: master volume, 0.0 (silent) to 1.0 (full); clamped.
        enabled: False keeps every cue silent until :attr:`enabled` is set True.
        sounds_dir: where the ``<name>.wav`` cue files are (default: :func:`default_sounds_dir`).
    """

    def __init__(self, *, volume: float = 0.8, enabled: bool = True, sounds_dir: Path | None = None) -> None:
        self._volume = clamp_volume(volume)
        self._enabled = enabled
        self._dir = sounds_dir if sounds_dir is not None else default_sounds_dir()
        self._sounds: dict[str, Any] = {}  # file name -> pygame.mixer.Sound
        self._glides: dict[tuple[str, float, float], Any] = {}  # (file name, from, to) -> moving Sound
        self._failed: set[str] = set()  # file names already logged as missing or unreadable
        self._mixer: Any = None  # the pygame.mixer module while the device is open
        self._owns_mixer = False  # we opened the device, so close() closes it
        self._device = Device.UNOPENED
        self._lock = threading.Lock()  # guards _device, _mixer and _owns_mixer against the opening thread
        self._opener: threading.Thread | None = None
        self._waited = False  # a cue already waited OPEN_WAIT for the opening thread in vain

    # --- state ---------------------------------------------------------------------------------------------

    @property
    def device(self) -> Device:
        """Where the audio device stands (it changes on the opening thread)."""
        return self._device

    @property
    def available(self) -> bool:
        """False when cues cannot sound: no audio device or no pygame, or after :meth:`close`.

        With sounds on, asking opens the device if nobody has yet (or waits for the thread opening it, see
        :data:`OPEN_WAIT`), so the answer is the device's. With sounds off the device is not opened (pygame is
        not imported) and True only means that no failure is known yet.
        """
        if self._enabled:
            self._ready()
        return self._mixer is not None or self._device is Device.UNOPENED

    def open_in_background(self) -> None:
        """Start opening the audio device on a background thread, and return at once.

        Does nothing when sounds are off, or the device is open, opening, missing or closed. The thread mutes
        stderr only, never stdout, so the game's lines printed meanwhile reach the screen. A cue asked for
        before it is done waits for it (:data:`OPEN_WAIT`).
        """
        with self._lock:
            if self._device is not Device.UNOPENED or not self._enabled:
                return
            self._device = Device.OPENING
            self._opener = threading.Thread(target=self._open_on_thread, name="sound-device", daemon=True)
            self._opener.start()

    @property
    def volume(self) -> float:
        """Master volume, 0.0 (silent) to 1.0 (full). Setting it clamps; it applies to the next cue."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = clamp_volume(value)

    def set_volume(self, volume: float) -> float:
        """Set the master volume (0.0-1.0, clamped) and return the volume now in force."""
        self.volume = volume
        return self._volume

    def volume_up(self) -> float:
        """Raise the volume by :data:`VOLUME_STEP` (at most 1.0); return the new volume (0.0-1.0)."""
        return self.set_volume(round(self._volume + VOLUME_STEP, 2))

    def volume_down(self) -> float:
        """Lower the volume by :data:`VOLUME_STEP` (at least 0.0); return the new volume (0.0-1.0)."""
        return self.set_volume(round(self._volume - VOLUME_STEP, 2))

    @property
    def enabled(self) -> bool:
        """Sounds on (True) or off (False). Turning them off also stops the cues now playing."""
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value)
        if self._enabled:
            self.open_in_background()  # sounds just turned on: the device was never opened for them
        else:
            self.stop()

    # --- playing -------------------------------------------------------------------------------------------

    def play(
        self,
        cue: Cue | str,
        *,
        pan: float | None = None,
        to: float | None = None,
        seat: int | None = None,
        dice: int | None = None,
    ) -> float:
        """Start ``cue`` and return its length in seconds; 0.0 when nothing plays.

        Returns at once: cues overlap (up to :data:`MIXER_CHANNELS`). Nothing plays (0.0) when sound is
        unavailable, disabled, at volume 0.0, or the cue's file is missing (logged once). The first cue opens
        the audio device if nobody has, or waits for the thread opening it (at most :data:`OPEN_WAIT`
        seconds, once; a cue that gave up is skipped and logged).

        Args:
            cue: a :class:`Cue` (or ``"dice-N"``/``"turn-N"``), see :func:`cue_file`.
            pan: -1.0 (left only) to +1.0 (right only) sets the left/right balance, see :func:`pan_gains`;
                None plays the file as it is (``chip-left`` and ``chip-right`` at their :data:`SIDE_PANS`).
            to: where a travelling cue ends: the cue moves from ``pan`` (the centre if None) to ``to``
                (see :func:`glide_frames`); None keeps it at ``pan``.
            seat: the ``"turn"`` cue's seat number, 1..10 (engine seat index + 1); required for it.
            dice: the ``"dice"`` cue's number of dice, 1..3 (default 3).

        Raises:
            ValueError: an unknown cue, a bad ``seat``/``dice`` (see :func:`cue_file`) or a ``pan`` that is
                not a number.
        """
        name = cue_file(cue, seat=seat, dice=dice)
        start = pan if pan is not None else 0.0 if to is not None else SIDE_PANS.get(name)
        for position in (start, to):
            if position is not None:
                pan_gains(position)  # a pan that is not a number: ValueError, whether sound is on or not
        if not self._enabled or self._volume <= 0.0 or not self._ready():
            return 0.0
        sound = self._glide(name, start or 0.0, to) if to is not None else None
        gains = None
        if sound is None:  # a cue that stays, or one that cannot move: it sounds where it lands
            where = to if to is not None else start
            gains = None if where is None else pan_gains(where, self._volume)
            sound = self._load(name)
        if sound is None:
            return 0.0
        try:
            channel = self._mixer.find_channel(True)  # True: take the oldest cue's channel if all are busy
            if channel is None:
                return 0.0
            if channel.get_busy():
                channel.stop()  # a stopped channel forgets its panning, so what we set next is what plays
            if gains is None:
                channel.set_volume(self._volume)  # one value also clears a panning left from an earlier cue
            else:
                channel.set_volume(*gains)
            channel.play(sound)
            return float(sound.get_length())
        except Exception as exc:  # a sound must never stop the game
            self._log_failure(name, f"Could not play the sound cue {name!r}: {exc}")
            return 0.0

    def duration(self, cue: str, *, seat: int | None = None, dice: int | None = None) -> float:
        """The length of ``cue``'s file in seconds, whether or not sound is on (0.0 if it cannot be read).

        Arguments as for :meth:`play`; raises ValueError the same way.
        """
        path = self._dir / f"{cue_file(cue, seat=seat, dice=dice)}.wav"
        try:
            with wave.open(str(path), "rb") as wav:
                return wav.getnframes() / wav.getframerate()
        except (OSError, EOFError, wave.Error):
            return 0.0

    def stop(self) -> None:
        """Stop every cue now playing (no-op when silent)."""
        if self._mixer is not None:
            try:
                self._mixer.stop()
            except Exception:  # the device went away: nothing is playing then
                log.debug("Could not stop the sounds", exc_info=True)

    def close(self) -> None:
        """Stop playing and release the audio device. Later calls are silent no-ops; closing twice is fine.

        A device still opening is waited for (at most :data:`OPEN_WAIT` seconds); if it opens later still,
        the opening thread closes it.
        """
        opener = self._opener
        if opener is not None and opener is not threading.current_thread():
            opener.join(OPEN_WAIT)
        with self._lock:
            mixer, self._mixer = self._mixer, None
            owns, self._owns_mixer = self._owns_mixer, False
            self._device = Device.CLOSED
        self._sounds.clear()
        self._glides.clear()
        if mixer is None:
            return
        if owns:
            _close_mixer(mixer)
        else:
            try:
                mixer.stop()
            except Exception:
                log.debug("Could not stop the sounds", exc_info=True)

    def __enter__(self) -> SoundPlayer:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # --- inside --------------------------------------------------------------------------------------------

    def _ready(self) -> bool:
        """True when the device is open. Opens it here if nobody has; waits for the opening thread."""
        if self._mixer is not None:
            return True
        opener = None
        with self._lock:
            if self._device is Device.UNOPENED:
                self._device = Device.OPENING  # opened right here, below
            elif self._device is Device.OPENING:
                opener = self._opener
            else:
                return False
        if opener is None:
            self._opened(*_open_mixer(mute_stdout=True))
        elif opener is not threading.current_thread():
            opener.join(0.0 if self._waited else OPEN_WAIT)
            if opener.is_alive() and not self._waited:
                self._waited = True
                log.info(
                    "The audio device was still opening after %.1f s; cues are skipped until it is open",
                    OPEN_WAIT,
                )
        return self._mixer is not None

    def _open_on_thread(self) -> None:
        """The opening thread: open the device, stderr muted (never stdout: the game prints meanwhile)."""
        self._opened(*_open_mixer(mute_stdout=False))

    def _opened(self, mixer: Any, owns: bool) -> None:
        """Record the opening's result; a player closed meanwhile closes the device again."""
        with self._lock:
            if self._device is Device.OPENING:
                self._mixer, self._owns_mixer = mixer, owns
                self._device = Device.MISSING if mixer is None else Device.OPEN
                return
        if mixer is not None and owns:  # closed while it opened (on the opening thread: stdout stays)
            _close_mixer(mixer, mute_stdout=False)

    def _load(self, name: str) -> Any:
        """The ``pygame.mixer.Sound`` for file ``name`` (cached), or None if it is missing or unreadable."""
        sound = self._sounds.get(name)
        if sound is not None or name in self._failed:
            return sound
        path = self._dir / f"{name}.wav"
        if not path.is_file():
            self._log_failure(name, f"The sound cue file {path} is missing; that cue stays silent")
            return None
        try:
            sound = self._mixer.Sound(str(path))
        except Exception as exc:
            self._log_failure(name, f"Could not load the sound cue file {path}: {exc}")
            return None
        self._sounds[name] = sound
        return sound

    def _glide(self, name: str, start: float, end: float) -> Any:
        """The ``pygame.mixer.Sound`` of file ``name`` moving from pan ``start`` to ``end`` (cached), or
        None if the file is missing or unreadable."""
        key = (name, round(start, 3), round(end, 3))
        sound = self._glides.get(key)
        if sound is not None:
            return sound
        plain = self._load(name)
        if plain is None or tuple(self._mixer.get_init() or ())[1:] != (-16, 2):
            return None  # no file, or a mixer opened by someone else in another format
        try:
            frames = array("h", plain.get_raw())
            sound = self._mixer.Sound(buffer=glide_frames(frames, start, end).tobytes())
        except Exception as exc:
            self._log_failure(name, f"Could not move the sound cue {name!r}: {exc}")
            return None
        self._glides[key] = sound
        return sound

    def _log_failure(self, name: str, message: str) -> None:
        """Log ``message`` the first time ``name`` fails; later failures of that cue stay quiet."""
        if name not in self._failed:
            self._failed.add(name)
            log.info(message)  # INFO: with no logging set up, nothing reaches the terminal
