"""The console printer: append-only, the cursor after the last sentence, words never cut in two."""

from __future__ import annotations

import io

import pytest

from lcr_audio.tui.console import Console


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_each_line_starts_with_the_break_of_the_one_before() -> None:
    out = io.StringIO()
    console = Console(out)
    console.line("Your turn.")
    console.line("Press Space to roll.")
    assert out.getvalue() == "Your turn.\nPress Space to roll."  # the cursor rests after the question
    console.finish_line()
    assert out.getvalue().endswith("roll.\n")


def test_control_characters_never_reach_the_terminal() -> None:
    out = io.StringIO()
    Console(out).line("Ana\x1b[2J\x07 rolls")
    assert out.getvalue() == "Ana[2J rolls"


def test_a_terminal_gets_long_lines_broken_between_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "30")
    out = Terminal()
    Console(out).line(
        "Ana rolls L, dot, C: one chip to Bo, one to the pot. Ana 1, Bo 4, pot 1.\nF1: the keys."
    )
    lines = out.getvalue().split("\n")
    assert all(len(line) <= 29 for line in lines)
    sentence = "Ana rolls L, dot, C: one chip to Bo, one to the pot. Ana 1, Bo 4, pot 1."
    assert " ".join(lines[:-1]) == sentence
    assert lines[-1] == "F1: the keys."


def test_a_file_or_pipe_gets_whole_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "30")
    out = io.StringIO()
    text = "Ana rolls L, dot, C: one chip to Bo, one to the pot. Ana 1, Bo 4, pot 1."
    Console(out).line(text)
    assert out.getvalue() == text


def test_a_name_and_its_number_stay_on_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "30")  # plain wrapping at 29 would give "... you. Cy" / "2, pot 10."
    out = Terminal()
    Console(out).line("Bo takes a chip from you. Cy 2, pot 10.")
    assert out.getvalue().split("\n") == ["Bo takes a chip from you.", "Cy 2, pot 10."]


@pytest.mark.parametrize("width", [8, 12, 20])
def test_a_narrow_terminal_never_cuts_a_word(monkeypatch: pytest.MonkeyPatch, width: int) -> None:
    """Issue 13, item 12: at 20 columns and fewer, lines were not broken at all, so the terminal cut words
    across lines ("M" / "ain menu")."""
    monkeypatch.setenv("COLUMNS", str(width))
    out = Terminal()
    sentence = "Left Right Center. Main menu. New game. 1 of 7."
    Console(out).line(sentence)
    lines = out.getvalue().split("\n")
    assert " ".join(lines) == sentence
    assert all(len(line) <= width - 1 for line in lines if " " in line), lines


def test_wide_characters_take_two_columns_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13, item 12: a name in CJK characters or emoji was counted one column a character, so its line
    ran past the terminal's edge and the terminal cut it."""
    monkeypatch.setenv("COLUMNS", "21")  # 20 columns for text
    out = Terminal()
    Console(out).line("王小明 rolls 🎲🎲: one chip to 李雷.")
    lines = out.getvalue().split("\n")
    # 王小明 is 6 columns and 🎲🎲: 5, so the first line is 18 columns wide and "one" (22) goes on the
    # next; counted one column a character, the first line would be "王小明 rolls 🎲🎲: one", 22 columns.
    assert lines == ["王小明 rolls 🎲🎲:", "one chip to 李雷."]
