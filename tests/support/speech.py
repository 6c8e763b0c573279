"""Speech for tests of how the game chooses and keeps its voice: a stand-in for the game's own voice, and
a speaker made the way the game makes one."""

from __future__ import annotations

from lcr_audio.output.speech import RecordingBackend, Speaker, create_speaker


class FakeVoice(RecordingBackend):
    """The game's own voice as the speaker sees it (named "tts", it prints what it says too), recording
    what it is asked to say."""

    def __init__(self) -> None:
        super().__init__(name="tts")
        self.prints = True


def welcomed(mode: str) -> tuple[Speaker, list[str]]:
    """``create_speaker(mode)`` with its printed lines kept in a list, after it said "Welcome."."""
    printed: list[str] = []
    speaker = create_speaker(mode, print_line=printed.append)
    speaker.speak("Welcome.")
    return speaker, printed


def record_speech(speaker: Speaker) -> list[tuple[str, bool]]:
    """Keep every (text, interrupt) handed to ``speaker`` from now on, in order, in the list returned; the
    speaker still says each as before."""
    said: list[tuple[str, bool]] = []
    speak = speaker.speak

    def recording_speak(text: str, *, interrupt: bool = False, printed: bool = True) -> None:
        said.append((text, interrupt))
        speak(text, interrupt=interrupt, printed=printed)

    speaker.speak = recording_speak  # type: ignore[method-assign]
    return said
