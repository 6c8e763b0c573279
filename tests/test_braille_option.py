"""The options menu's Braille line says "on" only when a braille display is really reached (issue 10)."""

from __future__ import annotations

from lcr_audio.settings import Settings
from lcr_audio.tui.options import OptionsMenu


def _braille_menu(reaches: bool) -> OptionsMenu:
    menu = OptionsMenu(Settings(), lambda _settings: None, brailles=lambda: reaches)
    menu.index = [item.title() for item in menu.items].index("Braille")
    return menu


def test_braille_line_is_on_where_a_display_is_reached() -> None:
    menu = _braille_menu(reaches=True)
    assert menu.line().startswith("Braille: on. ")
    assert menu.change(1) == "Braille: off."
    assert menu.settings.braille is False


def test_braille_line_says_when_the_speech_output_reaches_no_display() -> None:
    menu = _braille_menu(reaches=False)
    assert menu.line().startswith("Braille: on, but this speech output reaches no braille display. ")
    assert menu.change(1) == "Braille: off."  # off is off everywhere
    assert menu.change(1) == "Braille: on, but this speech output reaches no braille display."
