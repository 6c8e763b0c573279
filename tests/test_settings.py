"""Settings: remembered, atomic, and a broken file never stops the game (issue 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lcr_audio.settings import Settings, load_settings, save_settings, settings_path


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    chosen = Settings(verbosity="brief", echo=True, braille=False, rate=3, sounds=False, volume=0.3)
    assert save_settings(chosen, path) is None
    assert load_settings(path) == (chosen, None)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "lcr-audio-settings" and data["version"] == 1


def test_first_start_has_defaults_and_no_complaint(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "none.json") == (Settings(), None)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"{not json", "is damaged"),
        (b"\xff\xfe\x00", "is not a text file"),
        (b'{"format": "other"}', "is not a settings file of this game"),
        (b'{"format": "lcr-audio-settings", "version": 9}', "was written by a newer version of the game"),
        (b'{"format": "lcr-audio-settings", "version": 1, "volume": "loud"}', "has a bad value for volume"),
    ],
)
def test_a_broken_file_is_one_sentence_defaults_and_kept_aside(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, message = load_settings(path)
    assert settings == Settings()
    assert message is not None and message.startswith("Your settings could not be read")
    assert problem in message
    assert (tmp_path / "settings.json.broken").read_bytes() == content


def test_values_are_brought_into_range(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {"format": "lcr-audio-settings", "version": 1, "volume": 7, "rate": -99, "verbosity": "x"}
        ),
        encoding="utf-8",
    )
    settings, message = load_settings(path)
    assert message is None
    assert (settings.volume, settings.rate, settings.verbosity) == (1.0, -10, "normal")


def test_settings_live_in_the_config_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("LCR_AUDIO_HOME")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "lcr-audio" / "settings.json"
