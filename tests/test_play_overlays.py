"""The lists over a game, on their own (:class:`lcr_audio.tui.play_overlays.Overlays`; issue 23, item 4)."""

from __future__ import annotations

from lcr_audio.engine import Rules
from lcr_audio.settings import Settings
from lcr_audio.tui.keys import Context
from lcr_audio.tui.options import OptionsMenu
from lcr_audio.tui.play_overlays import Overlays
from lcr_audio.tui.reader import Sections


def menu(applied: list[Settings]) -> OptionsMenu:
    return OptionsMenu(Settings(), applied.append)


def test_nothing_open_says_nothing_and_serves_no_context() -> None:
    overlays = Overlays()
    assert overlays.context is None
    assert (
        overlays.move(+1) == overlays.go(0) == overlays.change(+1) == overlays.read() == overlays.line() == ""
    )


def test_the_options_menu_steps_changes_and_closes() -> None:
    applied: list[Settings] = []
    overlays, expected = Overlays(), menu([])
    assert overlays.open_options(menu(applied)) == expected.opening()
    assert overlays.context is Context.OPTIONS
    assert overlays.move(+1) == expected.move(+1)
    assert overlays.line() == expected.line()
    assert overlays.go(-1) == expected.go(-1)
    assert overlays.change(+1) != ""
    assert applied  # the change was put into force
    assert overlays.read() == ""  # Enter reads sections, in the reader only
    overlays.close()
    assert overlays.context is None and overlays.line() == ""


def test_the_rules_reader_reads_the_rules_in_force_section_by_section() -> None:
    rules = Rules(players=4)
    overlays, expected = Overlays(), Sections(rules)
    assert overlays.open_reader(rules) == expected.opening()
    assert overlays.context is Context.READER
    assert overlays.move(+1) == expected.go(1)
    assert overlays.line() == expected.title()
    assert overlays.read() == expected.text()
    assert overlays.move(-1) == expected.go(0)
    assert overlays.go(-1) == expected.go(-1)
    assert overlays.change(+1) == ""  # Left and Right change options, in the menu only


def test_opening_one_closes_the_other() -> None:
    overlays = Overlays()
    overlays.open_reader(None)
    overlays.open_options(menu([]))
    assert overlays.context is Context.OPTIONS
    assert overlays.read() == ""  # the reader's Enter does nothing in the menu
    overlays.open_reader(None)
    assert overlays.context is Context.READER
