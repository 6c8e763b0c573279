"""One value type per numeric setting (issue 12, item 6): the keys, the options menu and the settings loader
bring the speech rate, the volume and the pause into range the same way."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from lcr_audio.narration.verbosity import Verbosity
from lcr_audio.settings import PAUSE, RATE, VOLUME, Settings, load_settings
from lcr_audio.tui.options import OptionsMenu


def test_the_rate_moves_by_one_and_holds_at_minus_10_and_10() -> None:
    assert [RATE.moved(0, 1), RATE.moved(9, 1), RATE.moved(10, 1), RATE.moved(-10, -1)] == [1, 10, 10, -10]
    assert [RATE.clamp(-99), RATE.clamp(3.0), RATE.clamp(42)] == [-10, 3, 10]
    assert type(RATE.clamp(3.0)) is int


def test_the_volume_moves_by_tenths_without_float_dust_and_holds_at_0_and_1() -> None:
    assert VOLUME.moved(0.7, 1) == 0.8  # 0.7 + 0.1 is 0.7999999999999999 unrounded
    assert [VOLUME.moved(0.95, 1), VOLUME.moved(1.0, 1), VOLUME.moved(0.05, -1)] == [1.0, 1.0, 0.0]
    assert [VOLUME.clamp(7), VOLUME.clamp(-1), VOLUME.clamp(0.333)] == [1.0, 0.0, 0.33]


def test_the_pause_offers_its_stops_and_wraps_around() -> None:
    assert PAUSE.moved(1.0, 1) == 1.5
    assert PAUSE.moved(1.2, 1) == 1.5  # from the nearest stop, 1.0
    assert PAUSE.moved(5.0, 1) == 0.0 and PAUSE.moved(0.0, -1) == 5.0
    assert PAUSE.moved(8.0, -1) == 3.0  # a --pause beyond the stops: the nearest is 5.0
    assert [PAUSE.clamp(11), PAUSE.clamp(-1), PAUSE.clamp(2.25)] == [10.0, 0.0, 2.25]


@pytest.mark.parametrize("line", ["Speech rate", "Volume", "Computer players' pause", "Verbosity"])
def test_the_options_menu_changes_a_value_as_its_scale_does(line: str) -> None:
    settings = Settings(rate=10, volume=0.7, pause=5.0, verbosity=Verbosity.FULL)
    menu = OptionsMenu(settings, apply=lambda _s: None)
    menu.index = [item.title() for item in menu.items].index(line)
    said = menu.change(+1)
    assert (settings.rate, settings.volume, settings.pause, settings.verbosity) == {
        "Speech rate": (10, 0.7, 5.0, Verbosity.FULL),
        "Volume": (10, 0.8, 5.0, Verbosity.FULL),
        "Computer players' pause": (10, 0.7, 0.0, Verbosity.FULL),
        "Verbosity": (10, 0.7, 5.0, Verbosity.BRIEF),
    }[line]
    assert (
        said
        == {
            "Speech rate": "Speech rate: +10.",
            "Volume": "Volume: 80%.",
            "Computer players' pause": "Computer players' pause: 0 seconds.",
            "Verbosity": "Verbosity: brief.",
        }[line]
    )


def test_the_loader_brings_each_value_into_its_scale(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    document = {"format": "lcr-audio-settings", "version": 1, "volume": 0.333, "rate": 11, "pause": 60}
    path.write_text(json.dumps(document), encoding="utf-8")
    settings, problem = load_settings(path)
    assert problem is None
    assert (settings.volume, settings.rate, settings.pause) == (0.33, 10, 10.0)
    assert settings.verbosity is Verbosity.NORMAL


def test_home_and_end_go_to_the_first_and_last_option_in_both_options_menus() -> None:
    """Home and End in Options (from the main menu, and open during a game) go to the first and the last
    line; before, End was a key the menu did not know, and it read the whole menu's opening again."""
    from prompt_toolkit.keys import Keys

    from lcr_audio.tui.input import Press
    from lcr_audio.tui.keys import Command, Context, lookup
    from lcr_audio.tui.options import SettingsMenu

    for context in (Context.SETTINGS, Context.OPTIONS):
        assert lookup(Keys.End, context).command is Command.LAST_LINE  # type: ignore[union-attr]
        assert lookup(Keys.Home, context).command is Command.FIRST_LINE  # type: ignore[union-attr]

    class Voice:
        def __init__(self) -> None:
            self.answers: list[str] = []

        def answer(self, text: str) -> None:
            self.answers.append(text)

        def error(self, text: str) -> None:
            self.answers.append(f"error: {text}")

    voice = Voice()
    options = OptionsMenu(Settings(), apply=lambda _s: None)
    total = len(options.items)

    async def press_end_home_and_greater_than() -> None:  # a question's answer lives on an event loop
        mode = SettingsMenu(voice, options)  # type: ignore[arg-type]
        for press in (Press(Keys.End, "", 0.0), Press(Keys.Home, "", 0.0), Press(">", ">", 0.0)):
            mode.dispatch(press)

    asyncio.run(press_end_home_and_greater_than())
    assert [answer.rsplit(". ", 1)[-1] for answer in voice.answers] == [
        f"{total} of {total}.",
        f"1 of {total}.",
        f"{total} of {total}.",
    ]
