"""The keys that change the player's settings during a game (issue 23, item 4): V (verbosity), the speech
rate keys, F7 and F8 (volume), and the options menu they all belong to.

A :class:`SettingsKeys` changes the settings, puts them into force (the speaker and the cues through a
:class:`~lcr_audio.tui.options.SettingsApplier`; the rest through the play screen's ``applied``), remembers
them, and gives each key its sentence. A failure to remember them is said with the error cue, before the
key's own sentence.
"""

from __future__ import annotations

from collections.abc import Callable

from lcr_audio.cues import Cue
from lcr_audio.i18n import _
from lcr_audio.output.sound import SoundPlayer
from lcr_audio.output.speech import Speaker, SpeechMode
from lcr_audio.settings import RATE, VOLUME, Settings
from lcr_audio.tui.options import OptionsMenu, SettingsApplier, verbosity_name
from lcr_audio.verbosity import Verbosity


class SettingsKeys:
    """The settings keys of a game.

    Args:
        settings: the player's settings, changed in place.
        speaker: speech output (the rate keys change its own voice only).
        sound: the cue player, or None.
        save: remembers the settings; returns a sentence if that failed. None: nothing is remembered.
        applied: called with the settings and the names of the fields that changed, once the speaker and
            the cues have them (the play screen puts the verbosity and the pause into force).
        error: says a sentence with the error cue.
        language_changed: called with the language code the options menu's Language line put in force
            (the play screen's speech and default names follow it); None: the speaker's language alone.
    """

    def __init__(
        self,
        settings: Settings,
        speaker: Speaker,
        sound: SoundPlayer | None,
        *,
        save: Callable[[Settings], str | None] | None,
        applied: Callable[[Settings, set[str]], None],
        error: Callable[[str], None],
        language_changed: Callable[[str], None] | None = None,
    ) -> None:
        self.settings = settings
        self._speaker = speaker
        self._sound = sound
        self._save = save
        self._applied = applied
        self._error = error
        self._language_changed = language_changed or speaker.set_language
        self._applier = SettingsApplier(settings, speaker, sound)

    def apply(self, settings: Settings) -> None:
        """Put ``settings`` into force and remember them."""
        self._applied(settings, self._applier.apply(settings))
        if self._save is not None:
            problem = self._save(settings)
            if problem:
                self._error(problem)

    def cycle_verbosity(self) -> str:
        """V: the next verbosity level, and its sentence."""
        self.settings.verbosity = Verbosity(self.settings.verbosity).next()
        self.apply(self.settings)
        # Translators: said after V changed the verbosity; {level} is brief, normal or full.
        return _("Verbosity: {level}.").format(level=verbosity_name(self.settings.verbosity))

    def rate(self, step: int) -> str:
        """The rate keys: the game's own voice ``step`` slower (-1) or faster (+1); a screen reader's speed
        is its own, which the sentence says."""
        if self._speaker.mode != SpeechMode.TTS:
            # Translators: the rate keys only change the game's own voice, not a screen reader's.
            return _("Your screen reader sets its own speed; these keys change the game's own voice.")
        self.settings.rate = RATE.moved(self.settings.rate, step)
        self.apply(self.settings)
        # Translators: said after the speech rate changed; {rate} is a number from -10 to 10.
        rate = f"{self.settings.rate:+d}" if self.settings.rate else "0"  # as the options menu says it
        return _("Speech rate {rate}.").format(rate=rate)

    def volume(self, step: int) -> str:
        """F7 or F8: the cues' volume a step down (-1) or up (+1), heard at once (a chip's cue)."""
        self.settings.volume = VOLUME.moved(self.settings.volume, step)
        self.apply(self.settings)
        if self._sound is not None:
            self._sound.play(Cue.CHIP_POT)
        if self._sound is None or not self._sound.available:
            # Translators: volume keys when no sound device could be opened.
            return _("No sound device, so there are no sounds to change.")
        # Translators: said after F7 or F8; {percent} is 0 to 100.
        return _("Volume {percent} percent.").format(percent=round(self.settings.volume * 100))

    def options_menu(self) -> OptionsMenu:
        """The options menu over these settings (the game's own voices listed when it speaks itself)."""
        speaker, sound = self._speaker, self._sound
        voices = [(v.id, v.name) for v in speaker.voices()] if speaker.mode == SpeechMode.TTS else []
        return OptionsMenu(
            self.settings,
            self.apply,
            voices,
            self._language_changed,
            brailles=lambda: speaker.brailles,
            sound_device=lambda: sound is None or sound.available,
            speech_now=speaker.requested,
        )


__all__ = ["SettingsKeys"]
