"""The scorekeeper for real dice, driven by keys through a pipe (issue: "a scripted table with Wild and
reversal entered by letters and by numbers, asserting every seat's chips and the pot after each turn; bad
entries refused with nothing changed; undo restores the previous state exactly").

Every expected position below is worked out by hand from DESIGN.md §2 (R5 passing, R7 Wild, R9 reversal,
R14 ordinary dice), not read back from the engine.
"""

from __future__ import annotations

import asyncio

import pytest
from prompt_toolkit.input import PipeInput
from support.keys import BACKSPACE, DOWN, ENTER, UP, KeyDriver, keys_taken

from lcr_audio.engine import Face, GameState, Phase, Rules
from lcr_audio.game.session import Player, Session
from lcr_audio.output.speech import RecordingBackend, Speaker
from lcr_audio.tui.keys import Context
from lcr_audio.tui.play import Outcome
from lcr_audio.tui.scorekeeper import FaceError, ScorekeeperScreen, parse_face

NAMES = ("Ana", "Bo", "Cy")
WILD_REVERSIBLE = Rules(players=3, chips=4, wild=True, reversible=True)


class Table(KeyDriver[Outcome]):
    """A ScorekeeperScreen running in the test's event loop, fed keys through the pipe."""

    def __init__(self, rules: Rules, keys: PipeInput) -> None:
        super().__init__(keys, RecordingBackend())
        session = Session(rules, [Player(name, True) for name in NAMES], seed=1, physical=True)
        self.screen = ScorekeeperScreen(session, Speaker([self.recorder]), keys, pause=0, new_session=None)

    @property
    def state(self) -> GameState:
        return self.screen.state

    def context(self) -> Context:
        return self.screen.context

    @property
    def position(self) -> tuple[tuple[int, ...], int]:
        return self.state.chips, self.state.pot

    async def start(self, first_prompt: str) -> None:
        self.run(self.screen.run())
        await self.heard(first_prompt)

    async def press(self, key: str) -> tuple[str, bool]:  # type: ignore[override]
        """Send one key and return the first utterance it caused, with its interrupt flag."""
        return await self.press_spoken(key)

    async def answer(self, key: str) -> str:
        """Send a key that is answered at once (interrupting) and return the answer's text."""
        text, interrupt = await self.press(key)
        assert interrupt, f"{text!r} should answer the key at once"
        return text

    async def error(self, key: str) -> str:
        """Send a key that is refused: its sentence queues behind game speech, cutting nothing."""
        text, interrupt = await self.press(key)
        assert not interrupt, f"{text!r} is a refusal and should cut no game message"
        return text

    async def refused(self, key: str, sentence: str) -> None:
        """The key is refused with ``sentence`` and nothing changes: not the game, not the typed faces."""
        state, faces = self.state, list(self.screen.faces)
        assert await self.error(key) == sentence
        await keys_taken(self.keys)  # the key was read and handled: anything it did is done
        assert self.state is state
        assert self.screen.faces == faces

    async def roll(self, faces: str, then: str) -> None:
        """Type ``faces`` one key at a time (each answered at once), confirm with Enter and wait until
        ``then`` is heard."""
        for key in faces:
            await self.answer(key)
        await self.press(ENTER)
        await self.heard(then)

    async def stop(self) -> None:
        assert self.task is not None
        self.keys.send_text("\x03")  # Control+C: save (no keeper here) and leave
        assert await asyncio.wait_for(self.task, 60) is Outcome.LEFT


def test_a_scripted_table_by_letters_numbers_wilds_and_a_reversal(pipe: PipeInput) -> None:
    async def scenario() -> None:
        table = Table(WILD_REVERSIBLE, pipe)
        await table.start("Your turn, Ana. Reverse the dice? It costs 3 chips. Press Y or N; E explains.")
        assert table.texts[0] == "A game of 3 players: Ana, Bo, and Cy. Everyone starts with 4 chips."
        assert table.position == ((4, 4, 4), 0)

        # Turn 1, Ana (4 chips) declines the reversal and types L, dot, C as letters (R5).
        assert table.context() is Context.KEEP_REVERSE
        assert (await table.press("n"))[0] == "Roll 3 dice and type what they show."
        assert table.context() is Context.ENTRY
        assert await table.answer("L") == "L. 2 more."
        assert await table.answer("d") == "L, dot. 1 more."
        assert await table.answer("C") == "L, dot, C. Enter to confirm."
        assert table.position == ((4, 4, 4), 0)  # nothing moves before Enter
        await table.press(ENTER)
        await table.heard("Ana rolls L, dot, C: one chip to Bo, one to the pot. Ana 2, Bo 5, pot 1.")
        await table.heard(
            "Your turn, Bo. You have 5 chips. Reverse the dice? It costs 3 chips. Press Y or N; E explains."
        )
        assert table.position == ((2, 5, 4), 1)  # L to Bo (Ana's left), C to the pot

        # Turn 2, Bo (5 chips) reverses (R9: 3 chips to the pot) and types 1, 5, 2 as ordinary dice (R14).
        await table.press("y")
        await table.heard("Roll 3 reversed dice and type what they show.")
        assert table.position == ((2, 2, 4), 4)
        assert await table.answer("1") == "L. 2 more."
        assert await table.answer("5") == "L, dot. 1 more."
        assert await table.answer("2") == "L, dot, C. Enter to confirm."
        await table.press(ENTER)
        await table.heard("Your turn, Cy. You have 3 chips. Roll 3 dice and type what they show.")
        assert table.position == ((2, 4, 3), 3)  # reversed L takes from Cy, reversed C from the pot

        # Turn 3, Cy (3 chips: no reversal offered) types W, L, W: the L first, then each Wild (R6, R7).
        assert table.context() is Context.ENTRY
        for key in ("W", "l", "w"):
            await table.answer(key)
        assert table.texts[-1] == "Wild, L, Wild. Enter to confirm."
        await table.press(ENTER)
        await table.heard("Ana, seat 1, 3 chips.")  # after the L: Ana 3, Bo 4, Cy 2
        assert table.position == ((3, 4, 2), 3)
        assert table.state.phase is Phase.WILD_TAKE and table.context() is Context.KEEP_CHOOSE
        assert await table.answer(DOWN) == "Bo, seat 2, 4 chips."
        assert await table.answer(UP) == "Ana, seat 1, 3 chips."
        assert await table.answer(DOWN) == "Bo, seat 2, 4 chips."
        await table.press(ENTER)  # the first Wild takes from Bo
        await table.heard("Ana, seat 1, 3 chips.")
        assert table.position == ((3, 3, 3), 3)
        await table.press(ENTER)  # the second Wild takes from Ana
        await table.heard("Your turn, Ana. You have 2 chips. Roll 2 dice and type what they show.")
        assert table.position == ((2, 3, 4), 3)

        # Turn 4, Ana (2 chips, 2 dice) types 4 and 6: with Wild dice 4 is a Wild, 6 a dot (R14).
        assert await table.answer("4") == "Wild. 1 more."
        assert await table.answer("6") == "Wild, dot. Enter to confirm."
        await table.press(ENTER)
        await table.heard("Bo, seat 2, 3 chips.")
        await table.press(ENTER)  # take from Bo
        await table.heard("Your turn, Bo. You have 2 chips. Roll 2 dice and type what they show.")
        assert table.position == ((3, 2, 4), 3)
        before_bo = table.state

        # Turn 5, Bo (2 chips): bad entries are refused and change nothing.
        await table.refused(ENTER, "Bo rolls 2 dice; type 2 faces first.")
        await table.refused("x", "Type L, C, R, D for a dot, W for a Wild, or the numbers 1 to 6.")
        await table.refused("7", "Type L, C, R, D for a dot, W for a Wild, or the numbers 1 to 6.")
        assert await table.answer("r") == "R. 1 more."
        await table.refused(ENTER, "Bo rolls 2 dice; type 2 faces first.")
        assert await table.answer("c") == "R, C. Enter to confirm."
        await table.refused("l", "That is already 2 faces: Enter confirms, Backspace corrects.")
        assert await table.answer(BACKSPACE) == "Removed. Now: R."
        assert await table.answer(".") == "R, dot. Enter to confirm."
        assert table.state is before_bo
        await table.press(ENTER)
        await table.heard(
            "Your turn, Cy. You have 4 chips. Reverse the dice? It costs 3 chips. Press Y or N; E explains."
        )
        assert table.position == ((4, 1, 4), 3)  # R: one chip to Ana, Bo's right
        after_bo = table.state

        # U then N changes nothing; U then Y puts back the position before Bo's turn, exactly.
        await table.press("n")  # Cy declines the reversal: the turn has begun, U is back in reach
        await table.heard("Roll 3 dice and type what they show.")
        after_decline = table.state
        assert await table.answer("u") == "Undo the last turn? Y or N."
        assert await table.answer("n") == "Nothing undone."
        assert table.state == after_decline
        assert await table.answer("u") == "Undo the last turn? Y or N."
        undone = await table.answer("y")
        assert undone == (
            "Last turn undone. Ana 4, Bo 1, Cy 4, pot 3. "
            "Your turn, Cy. You have 4 chips. Reverse the dice? It costs 3 chips. Press Y or N; E explains."
        )
        assert table.state == after_bo  # only Cy's decision was undone: the current turn's start
        await table.press("n")
        await table.heard("Roll 3 dice and type what they show.")
        assert await table.answer("u") == "Undo the last turn? Y or N."
        await table.answer("y")
        assert table.state == after_bo
        await table.stop()

    asyncio.run(scenario())


def test_undo_puts_back_the_turn_before_exactly(pipe: PipeInput) -> None:
    """Two whole turns played, then undone one by one: each undo gives the state before that turn (==)."""

    async def scenario() -> None:
        table = Table(Rules(players=3, chips=3), pipe)
        await table.start("Your turn, Ana. Roll 3 dice and type what they show.")
        assert await table.error("u") == (
            "There is no turn to undo yet. Your turn, Ana. You have 3 chips. Roll 3 dice and type what they show."
        )
        start = table.state
        await table.roll("lrc", "Your turn, Bo. You have 4 chips. Roll 3 dice and type what they show.")
        assert table.position == ((0, 4, 4), 1)  # L to Bo, R to Cy, C to the pot
        before_bo = table.state
        await table.roll("3..", "Your turn, Cy. You have 4 chips. Roll 3 dice and type what they show.")
        assert table.position == ((1, 3, 4), 1)  # R: Bo's right is Ana
        assert await table.answer("l") == "L. 2 more."  # a face typed, then undo: the typing goes too

        assert await table.answer("u") == "Undo the last turn? Y or N."
        assert await table.answer("y") == (
            "Last turn undone. Ana 0, Bo 4, Cy 4, pot 1. "
            "Your turn, Bo. You have 4 chips. Roll 3 dice and type what they show."
        )
        assert table.state == before_bo
        assert table.screen.faces == []
        assert len(table.screen.session.actions) == 1

        assert await table.answer("u") == "Undo the last turn? Y or N."
        await table.answer("y")
        assert table.state == start
        assert table.screen.session.actions == []
        assert await table.error("u") == (
            "There is no turn to undo yet. Your turn, Ana. You have 3 chips. Roll 3 dice and type what they show."
        )

        # The game goes on from the restored position: Ana rolls again, differently.
        await table.roll("...", "Your turn, Bo. You have 3 chips. Roll 3 dice and type what they show.")
        assert table.position == ((3, 3, 3), 0)
        await table.stop()

    asyncio.run(scenario())


def test_undo_reaches_the_turn_before_a_reversal_question(pipe: PipeInput) -> None:
    async def scenario() -> None:
        table = Table(Rules(players=3, chips=4, reversible=True), pipe)
        await table.start("Your turn, Ana. Reverse the dice? It costs 3 chips. Press Y or N; E explains.")
        start = table.state
        await table.press("n")
        await table.heard("Roll 3 dice and type what they show.")
        await table.roll(
            "...",
            "Your turn, Bo. You have 4 chips. Reverse the dice? It costs 3 chips. Press Y or N; E explains.",
        )
        try:
            assert await table.answer("u") == "Undo the last turn? Y or N."
            await table.answer("y")
            assert table.state == start
        finally:
            await table.stop()

    asyncio.run(scenario())


def test_wild_refused_when_wild_dice_are_off(pipe: PipeInput) -> None:
    """W is refused with its sentence and 4 is a dot (R14) when the dice have no Wild."""

    async def scenario() -> None:
        table = Table(Rules(players=3, chips=3), pipe)
        await table.start("Your turn, Ana. Roll 3 dice and type what they show.")
        await table.refused("w", "These dice have no Wild: Wild dice are off in this game.")
        await table.refused("W", "These dice have no Wild: Wild dice are off in this game.")
        assert await table.answer("4") == "dot. 2 more."
        await table.refused("w", "These dice have no Wild: Wild dice are off in this game.")
        assert await table.answer("4") == "dot, dot. 1 more."
        assert await table.answer("1") == "dot, dot, L. Enter to confirm."
        await table.press(ENTER)
        await table.heard("Your turn, Bo. You have 4 chips. Roll 3 dice and type what they show.")
        assert table.position == ((2, 4, 3), 0)
        await table.stop()

    asyncio.run(scenario())


def test_backspace_with_nothing_typed(pipe: PipeInput) -> None:
    async def scenario() -> None:
        table = Table(Rules(players=3, chips=1), pipe)
        await table.start("Your turn, Ana. Roll 1 die and type what it shows.")
        await table.refused(BACKSPACE, "Nothing typed yet.")
        assert await table.answer("c") == "C. Enter to confirm."
        assert await table.answer(BACKSPACE) == "Removed. Now: nothing."
        await table.refused(ENTER, "Ana rolls 1 die; type 1 face first.")
        await table.stop()

    asyncio.run(scenario())


# --- parse_face (R14) -------------------------------------------------------------------------------------

WILD = Rules(wild=True)
PLAIN = Rules()


FACES_OF_KEYS: dict[str, tuple[Face | None, Face]] = {
    "l": (Face.LEFT, Face.LEFT),
    "L": (Face.LEFT, Face.LEFT),
    "c": (Face.CENTER, Face.CENTER),
    "C": (Face.CENTER, Face.CENTER),
    "r": (Face.RIGHT, Face.RIGHT),
    "R": (Face.RIGHT, Face.RIGHT),
    "d": (Face.DOT, Face.DOT),
    "D": (Face.DOT, Face.DOT),
    ".": (Face.DOT, Face.DOT),
    "w": (None, Face.WILD),
    "W": (None, Face.WILD),
    "1": (Face.LEFT, Face.LEFT),
    "2": (Face.CENTER, Face.CENTER),
    "3": (Face.RIGHT, Face.RIGHT),
    "4": (Face.DOT, Face.WILD),
    "5": (Face.DOT, Face.DOT),
    "6": (Face.DOT, Face.DOT),
}
"""Each key's face (R14): (without Wild dice, with them); None where the key is refused (see below)."""


@pytest.mark.parametrize(
    ("key", "face"), [(key, plain) for key, (plain, _wild) in FACES_OF_KEYS.items() if plain is not None]
)
def test_parse_face_without_wild(key: str, face: Face) -> None:
    assert parse_face(key, PLAIN) is face


@pytest.mark.parametrize(("key", "face"), [(key, wild) for key, (_plain, wild) in FACES_OF_KEYS.items()])
def test_parse_face_with_wild(key: str, face: Face) -> None:
    assert parse_face(key, WILD) is face


@pytest.mark.parametrize("key", ["w", "W"])
def test_parse_face_refuses_wild_when_off(key: str) -> None:
    with pytest.raises(FaceError) as caught:
        parse_face(key, PLAIN)
    assert str(caught.value) == "These dice have no Wild: Wild dice are off in this game."


@pytest.mark.parametrize("rules", [PLAIN, WILD], ids=["plain", "wild"])
@pytest.mark.parametrize("key", ["0", "7", "9", "x", "e", " ", ",", "-"])
def test_parse_face_refuses_what_is_no_face(key: str, rules: Rules) -> None:
    with pytest.raises(FaceError) as caught:
        parse_face(key, rules)
    assert str(caught.value) == "Type L, C, R, D for a dot, W for a Wild, or the numbers 1 to 6."


def test_turn_marks_come_from_the_actions_so_a_resumed_table_can_undo() -> None:
    """Undo after a resume goes back one turn, not to the start: the turn starts are found by replay."""
    from lcr_audio.engine import Face, Reverse, Roll
    from lcr_audio.tui.scorekeeper import turn_marks

    rules = Rules(players=3, chips=4, reversible=True)
    session = Session(
        rules, [Player("Ana", True), Player("Bo", True), Player("Cy", True)], seed=1, physical=True
    )
    dot, left = Face.DOT, Face.LEFT
    session.apply(Reverse(False))  # Ana: 4 chips, declines (R9)
    session.apply(Roll((left, dot, dot)))  # Ana 3, Bo 5
    session.apply(Reverse(False))  # Bo declines
    session.apply(Roll((dot, dot, dot)))
    assert turn_marks(session) == [0, 2, 4]
