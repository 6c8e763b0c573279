"""Lists that Up and Down walk go round from one end to the other, and say so (critic): a menu, the
options (outside and in a game), the rules reader (outside and in a game) and the F1 key list say "Top of
the list." before the first line after a step down from the last, and "Bottom of the list." before the
last after a step up from the first. Home and End, and steps that stay inside, say the line alone."""

from __future__ import annotations

import asyncio

import pytest
from prompt_toolkit.input import PipeInput
from prompt_toolkit.keys import Keys
from support.play import started, your_game

from lcr_audio.settings import Settings
from lcr_audio.tui.input import KeyList, Press
from lcr_audio.tui.menu import Menu
from lcr_audio.tui.options import OptionsMenu, SettingsMenu
from lcr_audio.tui.reader import RulesReader

pytestmark = pytest.mark.usefixtures("english")

UP, DOWN, HOME, END = (Press(Keys.Up, "", 0.0), Press(Keys.Down, "", 0.0), Press(Keys.Home, "", 0.0),
                       Press(Keys.End, "", 0.0))  # fmt: skip


class Voice:
    """A voice that keeps what a mode answers."""

    def __init__(self) -> None:
        self.answers: list[str] = []

    def answer(self, text: str) -> None:
        self.answers.append(text)

    def say(self, text: str) -> None:
        self.answers.append(text)

    def error(self, text: str) -> None:
        self.answers.append(f"error: {text}")

    def too_early(self) -> None:
        self.answers.append("too early")


def pressed(make: object, *presses: Press) -> list[str]:
    """What a mode (built by ``make(voice)`` on an event loop, where a question lives) answered to
    ``presses``."""
    voice = Voice()

    async def run() -> None:
        mode = make(voice)  # type: ignore[operator]
        for press in presses:
            mode.dispatch(press)

    asyncio.run(run())
    return voice.answers


def test_a_menu_says_when_it_goes_round() -> None:
    items = [(1, "New game"), (2, "Options"), (3, "Quit")]
    answers = pressed(lambda voice: Menu(voice, "Menu", items, escape=None, start=0), UP, DOWN, DOWN, DOWN)
    assert answers == [
        "Bottom of the list. Quit. 3 of 3.",
        "Top of the list. New game. 1 of 3.",
        "Options. 2 of 3.",
        "Quit. 3 of 3.",
    ]


def test_home_and_end_say_the_line_alone() -> None:
    items = [(1, "New game"), (2, "Options"), (3, "Quit")]
    answers = pressed(lambda voice: Menu(voice, "Menu", items, escape=None, start=1), END, HOME)
    assert answers == ["Quit. 3 of 3.", "New game. 1 of 3."]


def test_the_options_say_when_they_go_round() -> None:
    options = OptionsMenu(Settings(), apply=lambda _s: None)
    total = len(options.items)
    answers = pressed(lambda voice: SettingsMenu(voice, options), UP, DOWN, DOWN)
    assert answers[0].startswith("Bottom of the list. ") and answers[0].endswith(f" {total} of {total}.")
    assert answers[1].startswith("Top of the list. ") and answers[1].endswith(f" 1 of {total}.")
    assert not answers[2].startswith(("Top of", "Bottom of")) and answers[2].endswith(f" 2 of {total}.")


def test_the_rules_reader_says_when_it_goes_round() -> None:
    def reader(voice: Voice) -> RulesReader:
        return RulesReader(voice, None)  # type: ignore[arg-type]

    answers = pressed(reader, UP, DOWN, DOWN)
    assert answers[0].startswith("Bottom of the list. ")
    assert answers[1].startswith("Top of the list. ")
    assert not answers[2].startswith(("Top of", "Bottom of"))


def test_the_key_list_says_when_it_goes_round() -> None:
    items = [(1, "New game"), (2, "Quit")]

    def keys(voice: Voice) -> KeyList:
        return KeyList(Menu(voice, "Menu", items, escape=None, start=0))  # type: ignore[arg-type]

    answers = pressed(keys, UP, DOWN)
    total = answers[0].rsplit(" of ", 1)[-1].rstrip(".")
    assert answers[0].startswith("Bottom of the list. ") and answers[0].endswith(f" {total} of {total}.")
    assert answers[1].startswith("Top of the list. ") and answers[1].endswith(f" 1 of {total}.")


def test_home_and_end_in_the_key_list_go_to_the_first_and_last_key() -> None:
    """End and Home in F1's list say the last and the first key alone (old main: "Up and Down go through the
    keys, Escape closes the list.", as for a key that does nothing there), as in the menus and options."""
    items = [(1, "New game"), (2, "Quit")]

    def keys(voice: Voice) -> KeyList:
        return KeyList(Menu(voice, "Menu", items, escape=None, start=0))  # type: ignore[arg-type]

    last, first = pressed(keys, END, HOME)
    total = last.rsplit(" of ", 1)[-1].rstrip(".")
    assert last.endswith(f" {total} of {total}.") and not last.startswith(("Bottom of", "error"))
    assert first.endswith(f" 1 of {total}.") and not first.startswith(("Top of", "error"))
    home = pressed(keys, END, UP, HOME)[-1]
    assert home == first


def test_the_options_and_the_rules_in_a_game_say_when_they_go_round(pipe: PipeInput) -> None:
    up, down, enter, escape = "\x1b[A", "\x1b[B", "\r", "\x1b"

    async def scenario() -> list[str]:
        driver = await started(your_game(), pipe)
        said = [(await driver.press(key))[0] for key in ("\x1bOQ", up, down, enter)]  # F2: the options
        said += [(await driver.press(key))[0] for key in ("/", up, down)]  # Slash: the rules reader
        driver.keys.send_text(escape)
        await driver.until(lambda: driver.said("Press Space to roll"))
        await driver.leave()
        return said

    said = asyncio.run(scenario())
    assert said[1].startswith("Bottom of the list. ") and said[2].startswith("Top of the list. ")
    assert said[5].startswith("Bottom of the list. ") and said[6].startswith("Top of the list. ")
