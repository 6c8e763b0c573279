"""Every way to a saved game asks one question and acts on the answer whole (issue 21, item 1), driven as a
player does: the program in a pseudo-terminal (pexpect), keys typed, the screen read.

Y continues that game; N offers a new one and the saved file is not touched until the new game's first
save (at its first roll question: issue 21, item 2), with no second question. On the old main, Y to
``lcr-audio play``'s "Continue the game ...?" was followed by "Starting now replaces the unfinished game
... Start anyway?", and a second Y wiped the save; N from the main menu or ``keep-score`` got that second
question too.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest
from support.play import mid_game
from support.program import one_person_game
from support.program import spawn_game as spawn
from support.waiting import after_reaction

from lcr_audio.engine import Face, Roll, Rules
from lcr_audio.game.saves import SaveKind, autosave_path, default_save_path, load, save
from lcr_audio.game.session import Player, Session

pytestmark = [
    pytest.mark.system,
    pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal"),
]

CONTROL_C = "\x03"
ROLL_PROMPT = "Press Space to roll"
TYPE_PROMPT = "Roll 3 dice and type what they show."
OFFER = "Continue your game with Ana and Bo, turn 7? Y or N."
REPLACES = "Starting now replaces the unfinished"
"""The second question the old main asked after the player had answered the first."""


def press(child: Any, key: str) -> None:
    """Type ``key`` once the question just read could have been heard (a sooner key is a key typed ahead,
    which never answers a question)."""
    after_reaction()
    child.send(key)


def leave(child: Any) -> list[str]:
    """Control+C (the key), then the end of the program; returns the lines it printed after the line of
    the last expect."""
    press(child, CONTROL_C)
    child.expect(pexpect.EOF)
    rest: str = child.before
    child.close()
    assert child.exitstatus == 0, rest
    return [line for line in rest.splitlines()[1:] if line.strip()]


def expect_not_replaced(child: Any, wanted: str) -> None:
    """Wait for ``wanted``; fail at once if the old second question comes instead."""
    found = child.expect_exact([wanted, REPLACES])
    assert found == 0, f"asked again: {child.after}{child.buffer}"


def set_up(child: Any, started: str = ROLL_PROMPT) -> None:
    """Answer every setup question with Enter (its default) until the game asks its first question
    (``started``); fail if the old second question about the saved game comes instead."""
    while True:
        found = child.expect_exact([started, REPLACES, "? Enter for", "Enter to start"])
        assert found != 1, f"asked again: {child.after}{child.buffer}"
        if found == 0:
            return
        press(child, "\r")


def stamp(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def saved_game() -> Session:
    """You against Ana and Bo at turn 7, the game of :func:`support.program.one_person_game`, saved."""
    session = mid_game()
    assert session.state.turn == 7
    save(session, default_save_path())
    return session


def test_play_yes_continues_the_saved_game() -> None:
    """The old main asked "Starting now replaces ... Start anyway?" after this Y; a second Y wiped the save."""
    session = saved_game()
    child = spawn(*one_person_game())
    try:
        child.expect_exact(OFFER)
        press(child, "y")
        expect_not_replaced(child, "The game continues at turn 7.")
        child.expect_exact(ROLL_PROMPT)
        rest = leave(child)
    finally:
        child.close(force=True)
    assert rest == ["Game saved.", "Goodbye. Start lcr-audio again to continue this game."]
    assert load(default_save_path()).session.actions == session.actions  # the same game, kept


def test_play_no_starts_the_new_game_without_asking_again() -> None:
    saved_game()
    child = spawn(*one_person_game())
    try:
        child.expect_exact(OFFER)
        press(child, "n")
        expect_not_replaced(child, "A game of 3 players: you, Ana, and Bo.")
        child.expect_exact(ROLL_PROMPT)
        rest = leave(child)
    finally:
        child.close(force=True)
    assert rest == ["Game saved.", "Goodbye. Start lcr-audio again to continue this game."]
    new = load(default_save_path())  # the new game replaced it, from its first roll question
    assert (new.turn, new.session.actions) == (1, [])


def test_main_menu_yes_continues_and_no_keeps_the_file_until_the_new_game_saves() -> None:
    session = saved_game()
    path = default_save_path()
    before = stamp(path)
    child = spawn("--speech", "console")
    try:
        child.expect_exact(OFFER)
        press(child, "y")
        expect_not_replaced(child, "The game continues at turn 7.")
        child.expect_exact(ROLL_PROMPT)
        rest = leave(child)
        assert load(path).session.actions == session.actions

        child = spawn("--speech", "console")
        child.expect_exact(OFFER)
        before = stamp(path)
        press(child, "n")
        child.expect_exact("Main menu")
        assert stamp(path) == before  # N alone changes nothing
        press(child, "\r")  # New game
        child.expect_exact("How many players")
        assert stamp(path) == before  # nor does setting up a table
        set_up(child)
        rest = leave(child)
    finally:
        child.close(force=True)
    assert rest == ["Game saved.", "Goodbye. Start lcr-audio again to continue this game."]
    new = load(path)
    assert (new.turn, new.session.actions) == (1, [])


def scorekeeper_table() -> Session:
    """Three people keeping score with real dice, one turn typed in, saved as the scorekeeper's table."""
    people = [Player(name, human=True) for name in ("Ana", "Bo", "Cy")]
    session = Session(Rules(players=3), people, 11, physical=True)
    session.apply(Roll((Face.LEFT, Face.DOT, Face.DOT)))
    save(session, autosave_path(SaveKind.SCOREKEEPER))
    return session


KEEP_OFFER = "Continue the scorekeeper game of Ana, Bo, and Cy, turn 2? Y or N."


@pytest.mark.parametrize("answer", ["y", "n"])
def test_keep_score_acts_on_the_answer(answer: str) -> None:
    """Y continues the table; N sets up a new one, which the old main then asked about a second time."""
    session = scorekeeper_table()
    path = autosave_path(SaveKind.SCOREKEEPER)
    before = stamp(path)
    child = spawn("keep-score", "--speech", "console")
    try:
        child.expect_exact(KEEP_OFFER)
        press(child, answer)
        if answer == "y":
            expect_not_replaced(child, "The game continues at turn 2.")
            child.expect_exact("Your turn, Bo. You have 4 chips. " + TYPE_PROMPT)
        else:
            child.expect_exact("How many players")
            assert stamp(path) == before
            set_up(child, "Your turn, Player A. " + TYPE_PROMPT)
        rest = leave(child)
    finally:
        child.close(force=True)
    assert rest == ["Game saved.", "Goodbye."]
    kept = load(path)
    if answer == "y":
        assert kept.session.actions == session.actions
    else:
        assert (kept.names, kept.session.actions) == (("Player A", "Player B", "Player C"), [])


def test_resume_continues_a_table_saved_before_its_first_roll() -> None:
    """``lcr-audio resume`` is the player's yes on the command line. A table saved at its first roll
    question (issue 21, item 2) continues there, and Control+C saves it again (the old main said only
    "Goodbye." there, saving nothing)."""
    session = Session(Rules(players=3), [Player("You", human=True), Player("Ana"), Player("Bo")], 4)
    save(session, default_save_path())
    child = spawn("resume", "--speech", "console")
    try:
        child.expect_exact("The game continues at turn 1. You 3, Ana 3, Bo 3, pot 0.")
        child.expect_exact(ROLL_PROMPT)
        rest = leave(child)
    finally:
        child.close(force=True)
    assert rest == ["Game saved.", "Goodbye. Start lcr-audio again to continue this game."]
    assert load(default_save_path()).session.actions == []
