"""The game's own voice for a command that prints (``lcr-audio odds`` and ``simulate``, issue 15): its
progress and its result said aloud when the player hears the game through its own voice.

The same choice of speech as the game's (``--speech``, else the mode chosen under Options, through
:func:`~lcr_audio.output.speech.create_speaker`), with one difference: the command prints every line
itself, so the voice only speaks, and only while it is the game's own voice (tts). With a screen reader
(running and answering, or running without answering), printed lines or silence, nothing is said: the
screen reader reads the printed lines, and never two voices (issue 11).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from lcr_audio.output.speech.speaker import Speaker, create_speaker, resolve_mode
from lcr_audio.speech_mode import SpeechMode

log = logging.getLogger(__name__)

VOICED: frozenset[SpeechMode] = frozenset({SpeechMode.AUTO, SpeechMode.TTS})
"""The modes in which the game's own voice may speak (``auto`` when no screen reader runs)."""


class OwnVoice:
    """Says a printing command's sentences in the game's own voice; built by :func:`own_voice`.

    The speaker starts at the first sentence (a run that says nothing starts no voice). Each sentence is
    spoken only while the backend in use is the game's own voice: auto mode with a screen reader gives a
    screen-reader backend, and then nothing is said. Never raises (the :class:`Speaker` never does).
    """

    def __init__(self, start: Callable[[], Speaker]) -> None:
        """Args:
        start: builds the speaker, with the player's rate, voice and language set.
        """
        self._start = start
        self._speaker: Speaker | None = None

    def _voice(self) -> Speaker | None:
        """The speaker when it is the game's own voice now, else None (started on the first call)."""
        if self._speaker is None:
            self._speaker = self._start()
            log.info("A printing command's speech: %s", self._speaker.mode)
        return self._speaker if self._speaker.mode == SpeechMode.TTS else None

    def progress(self, text: str) -> None:
        """Say ``text`` (a progress sentence), unless the voice is still saying something: a percentage
        said late is worse than one left out, and the next comes a few seconds later."""
        speaker = self._voice()
        if speaker is not None and speaker.speaking() is not True:
            speaker.speak(text, printed=False)

    def result(self, text: str) -> None:
        """Say ``text`` (the result) after what is being said."""
        speaker = self._voice()
        if speaker is not None:
            speaker.speak(text, printed=False)

    def close(self, drain_seconds: float) -> None:
        """Let the voice finish what it was given (at most ``drain_seconds``), then stop it.

        Raises:
            KeyboardInterrupt: the player pressed Control+C while it finished; the voice is stopped first.
        """
        if self._speaker is not None:
            self._speaker.close(drain_seconds)


def own_voice(requested: SpeechMode | None) -> OwnVoice | None:
    """The game's own voice for a printing command, or None when the speech in force is no voice of the
    game's (screen reader, console, silent).

    Args:
        requested: ``--speech`` when it was given, else None: then the mode chosen under Options.
    """
    from lcr_audio.settings import load_settings

    settings, _problem = load_settings()  # a settings file that cannot be read: the defaults, unsaid here
    mode = resolve_mode(requested or settings.speech)  # auto may be forced by $LCR_AUDIO_SPEECH
    if mode not in VOICED:
        return None

    def start() -> Speaker:
        speaker = create_speaker(mode, echo=False, braille=False)  # the command prints its lines itself
        speaker.tune(settings.rate, settings.voice)
        return speaker

    return OwnVoice(start)
