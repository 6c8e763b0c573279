"""The speech mode chosen in Options and remembered (issue 14, item 13); ``--speech`` wins for one run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.program import WATCH, game_env, run_game

from lcr_audio.output.speech import MODES
from lcr_audio.settings import SPEECH_MODES, Settings, load_settings, save_settings
from lcr_audio.tui.options import OptionsMenu


def test_the_settings_know_every_speech_mode_and_default_to_auto(tmp_path: Path) -> None:
    assert SPEECH_MODES == MODES
    assert Settings().speech == "auto"
    path = tmp_path / "settings.json"
    assert save_settings(Settings(speech="tts"), path) is None
    assert load_settings(path) == (Settings(speech="tts"), None)
    path.write_text(json.dumps({"format": "lcr-audio-settings", "version": 1, "speech": "loud"}), "utf-8")
    assert load_settings(path) == (Settings(), None)  # an unknown mode: automatic


def test_options_change_the_speech_mode_and_remember_it(tmp_path: Path) -> None:
    saved: list[str] = []
    settings = Settings()
    menu = OptionsMenu(settings, lambda s: saved.append(s.speech))
    menu.index = [item.title() for item in menu.items].index("Speech output")
    assert menu.line() == f"Speech output: automatic. {menu.index + 1} of {len(menu.items)}."
    later = "The game speaks this way from its next start."
    assert menu.change(+1) == f"Speech output: screen reader. {later}"
    assert menu.change(+1) == f"Speech output: the game's own voice. {later}"
    assert menu.change(+1) == f"Speech output: printed lines only. {later}"
    assert menu.change(+1) == f"Speech output: automatic. {later}"  # silent is not offered
    assert menu.change(-1) == f"Speech output: printed lines only. {later}"
    assert saved == ["screen-reader", "tts", "console", "auto", "console"]
    assert settings.speech == "console"


def settings_file(tmp_path: Path) -> Path:
    """The settings file of a program run with ``game_env(tmp_path)`` (its LCR_AUDIO_HOME)."""
    return Path(game_env(tmp_path)["LCR_AUDIO_HOME"]) / "config" / "settings.json"


def write_settings(tmp_path: Path, speech: str) -> None:
    settings_file(tmp_path).parent.mkdir(parents=True)
    save_settings(Settings(speech=speech), settings_file(tmp_path))


@pytest.mark.system
def test_the_remembered_mode_is_used_and_speech_on_the_command_line_wins(tmp_path: Path) -> None:
    """A watch game prints its lines in console mode and nothing at all in silent mode."""
    write_settings(tmp_path, "silent")
    without = [arg for arg in WATCH if arg not in ("--speech", "console")]
    remembered = run_game(*without, env=game_env(tmp_path), errors="strict")
    assert remembered.returncode == 0 and remembered.stdout == "" and remembered.stderr == ""
    given = run_game(*without, "--speech", "console", env=game_env(tmp_path), errors="strict")
    assert given.returncode == 0 and " wins with " in given.stdout
    assert load_settings(settings_file(tmp_path))[0].speech == "silent"  # kept
