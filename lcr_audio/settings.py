"""The player's settings, remembered between games (DESIGN.md §3, §4).

One JSON file with a format version in the user's config folder (platformdirs), written atomically. A file
that cannot be read is reported in one sentence, kept (renamed aside under a numbered name that no later
broken file takes, never deleted) and the defaults are used: a broken settings file never stops a game.
"""

from __future__ import annotations

import dataclasses
import logging
import math
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Final, Generic, TypeVar

from lcr_audio.i18n import _
from lcr_audio.names import printable
from lcr_audio.speech_mode import SpeechMode
from lcr_audio.storage import StorageError, atomic_write_json, config_dir, display_path, read_json, reason
from lcr_audio.verbosity import Verbosity

log = logging.getLogger(__name__)

FORMAT = "lcr-audio-settings"
VERSION = 1
MAX_BYTES = 64 * 1024

N = TypeVar("N", int, float)


@dataclass(frozen=True)
class Scale(Generic[N]):
    """The values of one numeric setting: its range, its step, and how a value is brought into it. The keys,
    the options menu and the settings loader all go through it.

    Attributes:
        low: the smallest value.
        high: the largest value.
        step: how far one key press moves it.
        stops: the values the options menu offers, in order, when not every step (wrapping around), else ().
        digits: decimal places a value keeps, or None.
    """

    low: N
    high: N
    step: N
    stops: tuple[N, ...] = ()
    digits: int | None = None

    def clamp(self, value: float) -> N:
        """``value`` as this setting's type, brought into ``low..high`` (and rounded to ``digits``)."""
        kind = type(self.low)
        clamped = min(max(kind(value), self.low), self.high)
        return clamped if self.digits is None else round(clamped, self.digits)

    def moved(self, value: N, steps: int) -> N:
        """``value`` moved by ``steps`` steps (negative: down), held at the ends; with ``stops``, the stop
        ``steps`` after the one nearest ``value``, wrapping around."""
        if self.stops:
            nearest = min(self.stops, key=lambda stop: abs(stop - value))
            return self.stops[(self.stops.index(nearest) + steps) % len(self.stops)]
        return self.clamp(value + self.step * steps)


SPEECH_MODES: Final = tuple(SpeechMode)
"""How the game may speak (``--speech``, and the Options menu)."""
RATE: Final = Scale[int](low=-10, high=10, step=1)
"""Speech rate steps for the game's own voice: 0 is the voice's normal rate, each step about 10%."""
VOLUME: Final = Scale[float](low=0.0, high=1.0, step=0.1, digits=2)
"""The cue volume, 0.0 (silent) to 1.0, in tenths."""
PAUSE: Final = Scale[float](low=0.0, high=10.0, step=0.5, stops=(0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0))
"""Seconds a computer player waits before it plays: any value from 0 to 10 (``--pause``), the options menu
offering the stops."""


@dataclass
class Settings:
    """What the player chose, with defaults for a first start.

    Attributes:
        verbosity: how much each turn says (stored by its value: ``brief``, ``normal`` or ``full``).
        echo: in screen-reader mode, also print every message.
        braille: in screen-reader mode, also send every message to the braille display.
        rate: the game's own voice's rate, in steps from -10 to 10 (0: the voice's normal rate; :data:`RATE`).
        voice: the game's own voice's id, or "" for the system's default.
        sounds: sound cues on or off.
        volume: cue volume, 0.0 to 1.0 (:data:`VOLUME`).
        pause: seconds a computer player waits before it plays, 0 to 10 (:data:`PAUSE`).
        language: a language code such as ``es``, or "" for the system's language.
        progress: practice lessons' best scores, ``{lesson: [right, total]}``.
        speech: how the game speaks from its next start, one of :data:`SPEECH_MODES` (``--speech`` wins
            for one run).
    """

    verbosity: Verbosity = Verbosity.NORMAL
    echo: bool = False
    braille: bool = True
    rate: int = 0
    voice: str = ""
    sounds: bool = True
    volume: float = 0.8
    pause: float = 1.0
    language: str = ""
    progress: dict[str, list[int]] = field(default_factory=dict)
    speech: SpeechMode = SpeechMode.AUTO

    def validated(self) -> Settings:
        """A copy with every value brought into range (unknown verbosity → normal, volume clamped...)."""
        known = {level.value for level in Verbosity}
        return dataclasses.replace(
            self,
            verbosity=Verbosity(self.verbosity) if self.verbosity in known else Verbosity.NORMAL,
            rate=RATE.clamp(self.rate),
            volume=VOLUME.clamp(self.volume),
            pause=PAUSE.clamp(self.pause),
            voice=printable(self.voice),
            language=self.language if self.language.isascii() and self.language.isprintable() else "",
            speech=SpeechMode(self.speech) if self.speech in SPEECH_MODES else SpeechMode.AUTO,
        )


def settings_path() -> Path:
    """The settings file (``settings.json`` in the user's config folder)."""
    return config_dir() / "settings.json"


def _from_json(data: Any, path: Path) -> Settings:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        # Translators: the settings file is not one the game wrote.
        raise StorageError(_("{path} is not a settings file of this game.").format(path=display_path(path)))
    version = _version(data.get("version"))
    if version is None:
        # Translators: one setting in the settings file has a value of the wrong kind.
        message = _("{path} has a bad value for {setting}.")
        raise StorageError(message.format(path=display_path(path), setting="version"))
    if version > VERSION:
        # Translators: the settings file comes from a newer version of the game.
        message = _("{path} was written by a newer version of the game.")
        raise StorageError(message.format(path=display_path(path)))
    values: dict[str, Any] = {}
    defaults = Settings()
    for f in fields(Settings):
        if f.name not in data:
            continue
        value, default = data[f.name], getattr(defaults, f.name)
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, float):  # JSON's NaN and Infinity are no volume or pause
            ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        elif isinstance(default, int):
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif isinstance(default, str):
            ok = isinstance(value, str)
        else:  # progress: {lesson: [right, total]}
            ok = isinstance(value, dict) and all(
                isinstance(k, str)
                and isinstance(v, list)
                and len(v) == 2
                and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in v)
                for k, v in value.items()
            )
        if not ok:
            # Translators: one setting in the settings file has a value of the wrong kind.
            message = _("{path} has a bad value for {setting}.")
            raise StorageError(message.format(path=display_path(path), setting=f.name))
        values[f.name] = value
    return Settings(**values).validated()


def _version(value: Any) -> int | None:
    """The format version a settings file gives: an integer, also when written ``1.0`` or ``"1"`` (a hand
    edit); None when it is no whole number at all."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdecimal() and len(value.strip()) < 10:
        return int(value.strip())
    return value if isinstance(value, int) else None


def broken_copy(path: Path) -> Path:
    """A free name to keep a broken ``path`` under: ``settings.json.broken``, then ``settings.json.broken-2``,
    ``-3``...: a second broken file never replaces the first copy."""
    aside = path.with_name(path.name + ".broken")
    number = 1
    while aside.exists() or aside.is_symlink():
        number += 1
        aside = path.with_name(f"{path.name}.broken-{number}")
    return aside


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """Read the settings. Returns ``(settings, problem)``: ``problem`` is one sentence for the player when
    the file could not be used (then the defaults are returned and the broken file is kept aside under a
    numbered name, :func:`broken_copy`), else None. A missing file is no problem: first start.
    """
    path = path or settings_path()
    try:
        return _from_json(read_json(path, max_bytes=MAX_BYTES), path), None
    except FileNotFoundError:
        return Settings(), None
    except (StorageError, OSError) as error:
        log.warning("Settings unusable: %s", error)
        problem = str(error) if isinstance(error, StorageError) else reason(error)
        try:
            aside = broken_copy(path)
            path.replace(aside)
        except OSError:
            # Translators: said once at start when the settings file could not be read (and stays where it
            # is). {problem} is a sentence.
            message = _("Your settings could not be read, so the game uses its defaults. {problem}")
            return Settings(), message.format(problem=problem)
        # Translators: said once at start when the settings file could not be read; the file was renamed
        # to {path}, so nothing in it is lost. {problem} is a sentence.
        message = _(
            "Your settings could not be read, so the game uses its defaults; the file is kept as {path}. "
            "{problem}"
        )
        return Settings(), message.format(path=display_path(aside), problem=problem)


def peek_language(path: Path | None = None) -> str:
    """The language saved in the settings, or "" — without reporting or moving a broken file (that is
    :func:`load_settings`' job, once the game can speak)."""
    try:
        data = read_json(path or settings_path(), max_bytes=MAX_BYTES)
    except (OSError, StorageError):
        return ""
    language = data.get("language") if isinstance(data, dict) else None
    return language if isinstance(language, str) and language.isascii() and language.isprintable() else ""


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings atomically. Returns None, or one sentence for the player if it failed."""
    path = path or settings_path()
    data = {"format": FORMAT, "version": VERSION, **dataclasses.asdict(settings.validated())}
    try:
        atomic_write_json(path, data)
    except OSError as error:
        log.warning("Could not save settings to %s: %s", path, error)
        # Translators: the settings could not be written; the game goes on with them in memory.
        return _("Your settings could not be saved; they stay as they are until you quit.")
    return None
