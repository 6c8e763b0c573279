"""Keys that a macOS terminal keeps for itself (issue 11, item 8): F1, F7 and F8 (media keys unless fn is
held), Control+F1 (a system shortcut), Page Up, Page Down, Home and End (Terminal.app scrolls with them).
Each has a character key beside it in the key table, so help, the README and the bindings show both."""

from __future__ import annotations

import pytest

from lcr_audio.tui.keys import KEYS, MAC_UNREACHABLE, Command, Context, help_entries, lookup

ALTERNATIVE = {"f1": "?", "c-f1": "/", "f7": "[", "f8": "]", "home": "<", "end": ">"}
"""The character key for each, wherever the key works (Page Up and Page Down: below)."""


def test_every_key_a_mac_terminal_keeps_has_a_character_key_in_its_row() -> None:
    rows = [spec for spec in KEYS if MAC_UNREACHABLE & set(spec.keys)]
    assert len(rows) >= 10
    for spec in rows:
        characters = [key for key in spec.keys if len(key) == 1]
        assert characters, f"{spec.spoken}: no key that reaches a macOS terminal"


@pytest.mark.parametrize("context", list(Context))
@pytest.mark.parametrize("key", sorted(ALTERNATIVE))
def test_the_character_does_what_the_key_does_wherever_it_works(key: str, context: Context) -> None:
    row = lookup(key, context)
    if row is None:
        return  # the key does nothing here: neither must its character
    alternative = lookup(ALTERNATIVE[key], context)
    assert alternative is row


@pytest.mark.parametrize("context", list(Context))
def test_page_up_and_page_down_have_comma_period_or_semicolon(context: Context) -> None:
    for key, characters in (("pageup", (",",)), ("pagedown", (".", ";"))):
        row = lookup(key, context)
        if row is not None:
            assert any(lookup(character, context) is row for character in characters), (key, context)


def test_help_names_both_keys() -> None:
    assert "F1 or Question mark: the keys that work now, one at a time." in help_entries(Context.ROLL)
    assert "F7 or Left bracket: sounds quieter." in help_entries(Context.OPTIONS)
    assert "Home or Less-than sign: the first item." in help_entries(Context.MENU)
    assert "Page Down or Semicolon: the next message." in help_entries(Context.ENTRY)
    assert "Control+F1 or Slash: the rules, section by section." in help_entries(Context.WATCH)


def test_the_question_mark_is_help_even_while_typing_a_name() -> None:
    """A name takes letters and digits only: the question mark is free to open the key list there."""
    row = lookup("?", Context.LINE)
    assert row is not None and row.command is Command.HELP


def test_the_readme_shows_both() -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    for spoken in ("F1 or Question mark", "F8 or Right bracket", "End or Greater-than sign"):
        assert f"| {spoken} |" in readme
