"""The settings keys of a game, on their own (:class:`lcr_audio.tui.play_settings.SettingsKeys`; issue 23,
item 4)."""

from __future__ import annotations

from lcr_audio.cues import Cue
from lcr_audio.output.speech import Speaker, SpeechMode
from lcr_audio.output.speech.simple import RecordingBackend
from lcr_audio.settings import Settings
from lcr_audio.tui.play_settings import SettingsKeys
from lcr_audio.verbosity import Verbosity


class FakeSound:
    def __init__(self, available: bool = True) -> None:
        self.available = available
        self.enabled = True
        self.volume = 0.0
        self.played: list[Cue] = []

    def play(self, cue: Cue, *args: object, **kwargs: object) -> None:
        self.played.append(cue)


class Calls:
    def __init__(self, problem: str | None = None) -> None:
        self.problem = problem
        self.saved: list[Settings] = []
        self.applied: list[set[str]] = []
        self.errors: list[str] = []
        self.order: list[str] = []

    def save(self, settings: Settings) -> str | None:
        self.saved.append(settings)
        self.order.append("save")
        return self.problem

    def on_applied(self, settings: Settings, changed: set[str]) -> None:
        self.applied.append(changed)
        self.order.append("applied")

    def error(self, text: str) -> None:
        self.errors.append(text)
        self.order.append("error")


def keys(
    backend: RecordingBackend | None = None, sound: FakeSound | None = None, problem: str | None = None
) -> tuple[SettingsKeys, Calls, RecordingBackend]:
    calls, backend = Calls(problem), backend or RecordingBackend(name=SpeechMode.TTS)  # the game's own voice
    made = SettingsKeys(
        Settings(), Speaker([backend]), sound, save=calls.save, applied=calls.on_applied, error=calls.error
    )
    return made, calls, backend


def test_v_cycles_the_verbosity_puts_it_into_force_and_remembers_it() -> None:
    settings_keys, calls, _backend = keys()
    before = Verbosity(settings_keys.settings.verbosity)
    said = settings_keys.cycle_verbosity()
    assert settings_keys.settings.verbosity == before.next()
    assert said.startswith("Verbosity: ")
    assert calls.applied == [{"verbosity"}] and len(calls.saved) == 1
    assert calls.order == ["applied", "save"]


def test_the_rate_keys_change_the_game_s_own_voice() -> None:
    settings_keys, calls, backend = keys()
    assert settings_keys.rate(+1) == "Speech rate +1."
    assert settings_keys.rate(-1) == "Speech rate 0."
    assert settings_keys.rate(-1) == "Speech rate -1."
    assert [s for s in backend.settings if s[0] == "rate"] == [("rate", 1), ("rate", 0), ("rate", -1)]
    assert calls.applied == [{"rate"}] * 3


def test_the_rate_keys_leave_a_screen_reader_s_speed_alone() -> None:
    settings_keys, calls, backend = keys(RecordingBackend())
    said = settings_keys.rate(+1)
    assert said == "Your screen reader sets its own speed; these keys change the game's own voice."
    assert settings_keys.settings.rate == 0 and calls.saved == [] and backend.settings == []


def test_volume_plays_a_cue_at_the_new_volume_and_says_it() -> None:
    sound = FakeSound()
    settings_keys, _calls, _backend = keys(sound=sound)
    before = settings_keys.settings.volume
    said = settings_keys.volume(-1)
    assert settings_keys.settings.volume < before
    assert sound.volume == settings_keys.settings.volume and sound.played == [Cue.CHIP_POT]
    assert said == f"Volume {round(settings_keys.settings.volume * 100)} percent."


def test_volume_without_a_sound_device_says_so() -> None:
    said = keys(sound=FakeSound(available=False))[0].volume(+1)
    assert said == "No sound device, so there are no sounds to change."
    assert keys(sound=None)[0].volume(+1) == said


def test_a_failure_to_remember_is_said_with_the_error_cue_before_the_key_s_sentence() -> None:
    settings_keys, calls, _backend = keys(problem="The settings could not be saved.")
    settings_keys.cycle_verbosity()
    assert calls.errors == ["The settings could not be saved."]
    assert calls.order == ["applied", "save", "error"]


def test_the_options_menu_applies_through_the_same_path() -> None:
    settings_keys, calls, _backend = keys()
    menu = settings_keys.options_menu()
    assert menu.settings is settings_keys.settings
    menu.change(+1)
    assert calls.applied and calls.saved
