"""Speech output (DESIGN.md §1, §3): the game talks to one :class:`Speaker`, built by :func:`create_speaker`.

Backends, best first: ``screen-reader`` (the player's screen reader, with braille), ``tts`` (the game's own
voice, plus printed lines), ``console`` (printed lines for the player's screen reader to read), ``silent``.
A backend that fails is dropped and the next one takes over with one plain sentence saying so.
"""

from lcr_audio.output.speech.base import SpeechBackend, SpeechError, SpeechMode, Voice
from lcr_audio.output.speech.screen_reader import ScreenReaderBackend
from lcr_audio.output.speech.simple import ConsoleBackend, LazyBackend, RecordingBackend, SilentBackend
from lcr_audio.output.speech.speaker import ENV_VAR, MODES, Speaker, create_speaker
from lcr_audio.output.speech.tts import TtsBackend

__all__ = [
    "ENV_VAR",
    "MODES",
    "ConsoleBackend",
    "LazyBackend",
    "RecordingBackend",
    "ScreenReaderBackend",
    "SilentBackend",
    "Speaker",
    "SpeechBackend",
    "SpeechError",
    "SpeechMode",
    "TtsBackend",
    "Voice",
    "create_speaker",
]
