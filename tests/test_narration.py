"""Narration golden tests (DESIGN.md §3, §4): exact English for every kind of event, from real games.

Every scenario plays real actions through :func:`new_game` and :func:`step` with chosen rolls, hands each
batch to one :class:`Narrator` as the play screen does, and compares what it would say, word for word.
Seats are 0-based; Ana is seat 0, Bo seat 1 (Ana's left), Cy seat 2, Di seat 3. Unless a test says
otherwise the verbosity is NORMAL; with one person at the keyboard, sentences about them say "you".
"""

from __future__ import annotations

import gettext
import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from support.engine import random_game
from support.narration import CHOICE_KEYS, NAMES, Table

from lcr_audio import i18n
from lcr_audio.engine import (
    Action,
    ChooseSeat,
    Event,
    Face,
    Phase,
    Reverse,
    Rules,
    ThreeWilds,
    TurnEnded,
    WinCondition,
    new_game,
    step,
)
from lcr_audio.narration import CUE_NAMES, Narrator, Utterance, Verbosity, phrases

L, C, R, D, W = Face.LEFT, Face.CENTER, Face.RIGHT, Face.DOT, Face.WILD
Move = Action | tuple[Face, ...]
"""An action, or the faces of a roll."""


pytestmark = pytest.mark.usefixtures("english")
"""Every test speaks English, whatever another test set (conftest's ``english``)."""


def U(text: str, *cues: str) -> Utterance:
    return Utterance(text, cues)


# --- the start ------------------------------------------------------------------------------------------


def test_game_start_with_a_computer_first() -> None:
    table = Table(Rules())
    assert table.first == [
        U(
            "A game of 3 players: Ana, Bo, and Cy. Everyone starts with 3 chips. You are watching; P pauses."
            " Ana rolls first."
        )
    ]


def test_only_a_game_of_computer_players_says_it_is_one_to_watch() -> None:
    """Watch mode (computer players in every seat) says so once, with the pause key (critic: the opening
    never said it was a game to watch, nor that P pauses); with a person at the table it is not said."""
    watched = Table(Rules())
    said = [u.text for u in watched.first] + watched.texts((Face.DOT,) * 3)
    assert sum(t.count("You are watching; P pauses.") for t in said) == 1
    assert Table(Rules(), humans=[1]).first == [
        U(
            "A game of 3 players: Ana, you, and Cy. Everyone starts with 3 chips. Ana rolls first. Ana and Cy"
            " are computer players."
        )
    ]


def test_game_start_with_a_person_first_asks_at_once_and_does_not_repeat_the_chips() -> None:
    table = Table(Rules(players=4, chips=1), humans=[2], first=2)
    assert table.first == [
        U(
            "A game of 4 players: Ana, Bo, you, and Di. Everyone starts with 1 chip. Ana, Bo, and Di are computer players.",
        ),
        U("Your turn. Press Space to roll 1 die.", "turn"),
    ]
    hot_seat = Table(Rules(players=4, chips=1), humans=[1, 2], first=2)
    assert hot_seat.first[-1] == U("Your turn, Cy. Press Space to roll 1 die.", "turn")


# --- ordinary turns -------------------------------------------------------------------------------------


def test_a_turn_is_one_utterance_with_the_summary() -> None:
    table = Table(Rules())
    assert table.play((L, D, C)) == [
        U(
            "Ana rolls L, dot, C: one chip to Bo, one to the pot. Ana 1, Bo 4, pot 1.",
            "dice",
            "chip-left",
            "chip-pot",
        )
    ]


def test_summary_names_the_roller_and_only_the_seats_that_changed() -> None:
    table = Table(Rules())
    table.play((D, D, D))
    assert table.play((R, R, D)) == [
        U("Bo rolls R, R, dot: 2 chips to Ana. Bo 1, Ana 5.", "dice", "chip-right", "chip-right")
    ]
    assert table.texts((D, D, D)) == ["Cy rolls dot, dot, dot. Cy 3."]


def test_a_person_hears_their_turn_and_its_result_as_important() -> None:
    table = Table(Rules(), humans=[1])
    assert table.play((L, L, C)) == [
        U(
            "Ana rolls L, L, C: 2 chips to you, one to the pot. Ana 0, you 5, pot 1.",
            "dice",
            "chip-left",
            "chip-left",
            "chip-pot",
        ),
        U("Your turn. You have 5 chips. Press Space to roll 3 dice.", "turn"),
    ]
    assert table.play((C, D, D)) == [
        U("You roll C, dot, dot: one chip to the pot. You 4, pot 2.", "dice", "chip-pot")
    ]


def test_a_person_with_one_chip_rolls_one_die() -> None:
    table = Table(Rules(), humans=[1])
    table.play((D, D, D))  # Ana
    table.play((L, L, D))  # Bo (human) gives 2 to Cy: 1 left
    table.play((D, D, D))  # Cy
    assert table.play((D, D, D))[-1] == U("Your turn. You have 1 chip. Press Space to roll 1 die.", "turn")


def test_roll_key_name_comes_from_the_caller() -> None:
    table = Table(Rules(), humans=[0])
    narrator = Narrator(NAMES[:3], [0], roll_key="Enter")
    assert narrator.prompt(table.state) == U(
        "Your turn. You have 3 chips. Press Enter to roll 3 dice.", "turn"
    )


# --- skipped seats, reset -------------------------------------------------------------------------------


def test_one_skipped_seat() -> None:
    table = Table(Rules(chips=1))
    table.play((R,))  # Ana's chip goes right, to Cy
    table.play((D,))  # Bo
    assert table.play((C, D)) == [
        U("Cy rolls C, dot: one chip to the pot. Cy 1, pot 1.", "dice", "chip-pot"),
        U("Ana has no chips and passes the dice."),
    ]


def test_consecutive_skipped_seats_share_one_sentence() -> None:
    table = Table(Rules(players=4, chips=1), humans=[2])
    table.play((R,))  # Ana -> Di
    table.play((L,))  # Bo -> Cy
    table.play((D, D))  # Cy
    assert table.play((D, D)) == [
        U("Di rolls dot, dot. Di 2.", "dice"),
        U("Ana and Bo have no chips and pass the dice."),
        U("Your turn. You have 2 chips. Press Space to roll 2 dice.", "turn"),
    ]


def test_reset_when_nobody_has_chips() -> None:
    table = Table(Rules(chips=1, win=WinCondition.ROLL_ALL_DOTS))
    table.play((C,), (C,))
    assert table.play((C,)) == [
        U("Cy rolls C: one chip to the pot. Cy 0, pot 3.", "dice", "chip-pot"),
        U(
            "Nobody has any chips left, so everyone gets 1 chip again. The pot keeps its 3 chips.",
            "reset",
        ),
    ]
    # The next turn's summary counts from the reset, not from before it.
    assert table.texts((L,)) == ["Ana rolls L: one chip to Bo. Ana 0, Bo 2."]


def test_reset_plural_chips() -> None:
    table = Table(Rules(chips=2, win=WinCondition.ROLL_ALL_DOTS))
    table.play((C, C), (C, C))
    assert table.texts((C, C))[-1] == (
        "Nobody has any chips left, so everyone gets 2 chips again. The pot keeps its 6 chips."
    )


# --- winning --------------------------------------------------------------------------------------------


def test_win_last_with_chips_singular_pot() -> None:
    table = Table(Rules(chips=1))
    table.play((C,))
    assert table.play((L,)) == [
        U("Bo rolls L: one chip to Cy. Bo 0, Cy 2.", "dice", "chip-left"),
        U("Cy wins with 3 chips. 1 of them came from the pot.", "chip-pot", "win"),
    ]


def test_win_last_with_chips_plural_pot() -> None:
    table = Table(Rules(chips=2))
    table.play((C, C))
    assert table.texts((L, L)) == [
        "Bo rolls L, L: 2 chips to Cy. Bo 0, Cy 4.",
        "Cy wins with 6 chips. 2 of them came from the pot.",
    ]


def test_win_without_pot() -> None:
    table = Table(Rules(chips=1))
    table.play((L,))  # Ana -> Bo
    assert table.play((L, L)) == [
        U("Bo rolls L, L: 2 chips to Cy. Bo 0, Cy 3.", "dice", "chip-left", "chip-left"),
        U("Cy wins with 3 chips.", "win"),
    ]


def test_win_by_rolling_all_dots() -> None:
    table = Table(Rules(chips=1, win=WinCondition.ROLL_ALL_DOTS))
    table.play((C,), (C,))
    assert table.texts((D,)) == [
        "Cy rolls dot. Cy 1.",
        "All dots! Cy wins with 3 chips. 2 of them came from the pot.",
    ]


def test_win_by_last_chip_in_pot() -> None:
    table = Table(Rules(chips=1, win=WinCondition.LAST_CHIP_IN_POT))
    table.play((C,), (C,))
    assert table.play((C,)) == [
        U("Cy rolls C: one chip to the pot. Cy 0, pot 3.", "dice", "chip-pot"),
        U("Last chip in the pot! Cy wins with 3 chips.", "chip-pot", "win"),
    ]


def test_win_by_three_wilds() -> None:
    table = Table(Rules(wild=True, three_wilds=ThreeWilds.WIN))
    table.play((C, C, D))
    assert table.play((W, W, W)) == [
        U("Bo rolls Wild, Wild, Wild. Three Wilds! Bo takes the pot of 2 chips.", "dice", "wild"),
        U("Bo wins at once with 5 chips.", "win"),
    ]


# --- Wilds ----------------------------------------------------------------------------------------------


def test_wild_take_by_a_person_is_told_in_two_parts_with_one_summary() -> None:
    table = Table(Rules(wild=True), humans=[0])
    first = table.play((W, L, D))
    assert first == [
        U("You roll Wild, L, dot: one chip to Bo.", "dice", "chip-left"),
        U(f"Choose who to take a chip from. {CHOICE_KEYS}"),  # the keys, the first time
    ]
    second = table.play(ChooseSeat(2))
    assert second == [U("You take a chip from Cy. You 3, Bo 4, Cy 2.", "wild")]
    summaries = [u.text for u in first + second if "Ana 3" in u.text or "Bo 4" in u.text]
    assert len(summaries) == 1


def test_a_computer_turn_with_wild_choices_is_one_utterance() -> None:
    table = Table(Rules(wild=True), humans=[0])
    table.play((D, D, D), (D, D, D))  # Ana (a person) and Bo: nothing moves
    assert table.play((W, W, D)) == []  # Cy must choose: nothing said yet
    assert table.play(ChooseSeat(0)) == []
    assert table.play(ChooseSeat(0)) == [
        U("Cy rolls Wild, Wild, dot. Cy takes 2 chips from you. Cy 5, you 1.", "dice", "wild", "wild"),
        U("Your turn. You have 1 chip. Press Space to roll 1 die.", "turn"),
    ]


def test_wild_with_nobody_to_take_from() -> None:
    table = Table(Rules(chips=1, wild=True, win=WinCondition.ROLL_ALL_DOTS))
    table.play((C,), (C,))
    assert table.play((W,)) == [
        U("Cy rolls Wild. Nobody else has a chip, so the Wild takes nothing. Cy 1.", "dice"),
        U("Ana and Bo have no chips and pass the dice."),
    ]


def test_two_wilds_with_nobody_to_take_from() -> None:
    table = Table(Rules(chips=2, wild=True, win=WinCondition.ROLL_ALL_DOTS))
    table.play((C, C), (C, C))
    assert (
        table.texts((W, W))[0]
        == "Cy rolls Wild, Wild. Nobody else has a chip, so the 2 Wilds take nothing. Cy 2."
    )


def test_three_wilds_take_the_pot_singular_and_plural() -> None:
    table = Table(Rules(wild=True))
    table.play((C, D, D))
    assert table.play((W, W, W)) == [
        U(
            "Bo rolls Wild, Wild, Wild. Three Wilds! Bo takes the pot of 1 chip. Bo 4, pot 0.",
            "dice",
            "wild",
        )
    ]
    table = Table(Rules(wild=True))
    table.play((C, C, D))
    assert table.texts((W, W, W)) == [
        "Bo rolls Wild, Wild, Wild. Three Wilds! Bo takes the pot of 2 chips. Bo 5, pot 0."
    ]


def test_three_wilds_with_an_empty_pot() -> None:
    table = Table(Rules(wild=True))
    assert table.texts((W, W, W)) == ["Ana rolls Wild, Wild, Wild. Three Wilds, but the pot is empty. Ana 3."]


# --- reversible dice ------------------------------------------------------------------------------------


def test_a_person_is_asked_to_reverse_then_to_roll() -> None:
    table = Table(Rules(chips=4, reversible=True), humans=[0])
    assert table.first[-1] == U(
        "Your turn. Reverse the dice? It costs 3 chips. Press Y or N; E explains.", "turn"
    )
    assert table.play(Reverse(True)) == [
        U("You reverse the dice and put 3 chips in the pot.", "reverse", "chip-pot"),
        U("Press Space to roll 3 reversed dice."),
    ]
    assert table.play((L, R, C)) == [
        U(
            "You roll the reversed dice: L, R, C. You take a chip from Bo. You take a chip from Cy. "
            "You take a chip from the pot. You 4, Bo 3, Cy 3, pot 2.",
            "dice",
            "chip-left",
            "chip-right",
            "chip-pot",
        )
    ]


def test_a_declined_reversal_says_nothing_but_the_roll_question() -> None:
    table = Table(Rules(chips=4, reversible=True), humans=[0])
    assert table.play(Reverse(False)) == [U("Press Space to roll 3 dice.")]
    assert table.texts((D, D, L)) == ["You roll dot, dot, L: one chip to Bo. You 3, Bo 5."]
    assert table.play(Reverse(False)) == []  # Bo, a computer player: nothing to hear yet


def test_a_computer_reversal_is_told_with_its_roll() -> None:
    table = Table(Rules(chips=4, reversible=True))
    assert table.play(Reverse(True)) == []
    assert table.texts((L, L, D)) == [
        "Ana reverses the dice and puts 3 chips in the pot. Ana rolls the reversed dice: L, L, dot. "
        "Ana takes 2 chips from Bo. Ana 3, Bo 2, pot 3."
    ]


def test_reversed_letter_with_nobody_to_take_from() -> None:
    table = Table(Rules(players=4, chips=4, reversible=True))
    table.play(Reverse(False), (R, R, R))  # Ana: Di 7, Ana 1
    table.play(Reverse(False), (L, L, L))  # Bo: Cy 7, Bo 1
    table.play(Reverse(False), (C, C, C))  # Cy 4, pot 3
    table.play(Reverse(False), (R, R, R))  # Di: Cy 7, Di 4
    table.play((C,))  # Ana 0, pot 4
    table.play((R,))  # Bo -> Ana: Ana 1, Bo 0
    assert table.texts(Reverse(True), (R, R, L)) == [
        "Cy reverses the dice and puts 3 chips in the pot. Cy rolls the reversed dice: R, R, L. "
        "Bo has no chip left to take. Cy takes a chip from Di. Cy 5, Di 3, pot 7."
    ]


def test_reversed_wild_gives_and_then_has_nothing_left_to_give() -> None:
    table = Table(Rules(chips=4, reversible=True, wild=True), humans=[0])
    table.play(Reverse(True))
    assert table.play((W, W, D)) == [
        U("You roll the reversed dice: Wild, Wild, dot.", "dice"),
        U(f"Choose who to give a chip to. {CHOICE_KEYS}"),
    ]
    assert table.play(ChooseSeat(2))[0] == U(
        "You give a chip to Cy. You have no chip left, so the Wild gives nothing. You 0, Cy 5, pot 3.",
        "wild",
    )


def test_three_reversed_wilds_singular_and_plural() -> None:
    table = Table(Rules(chips=4, reversible=True, wild=True))
    table.play(Reverse(True))
    assert table.play((W, W, W)) == [
        U(
            "Ana reverses the dice and puts 3 chips in the pot. "
            "Ana rolls the reversed dice: Wild, Wild, Wild. "
            "Three reversed Wilds: Ana puts 1 chip in the pot. Ana 0, pot 4.",
            "reverse",
            "chip-pot",
            "dice",
            "wild",
        )
    ]
    table = Table(Rules(chips=6, reversible=True, wild=True))
    table.play(Reverse(True))
    assert "Three reversed Wilds: Ana puts all 3 chips in the pot. Ana 0, pot 6." in table.texts((W, W, W))[0]


# --- answers --------------------------------------------------------------------------------------------


def test_status_pot_and_seats() -> None:
    table = Table(Rules(players=4))
    table.play((L, D, C))
    narrator, state = table.narrator, table.state
    assert narrator.status(state) == U("Ana 1, Bo 4, Cy 3, Di 3, pot 1.")
    assert narrator.pot(state) == U("Pot: 1 chip.")
    assert narrator.seat(state, 0) == U("Ana, seat 1: 1 chip.")
    assert narrator.seat(state, 1) == U("Bo, seat 2: 4 chips.")
    assert narrator.seat(state, 6) == U("There is no seat 7; this table has 4 seats.")
    table.play((C, C, D))
    assert narrator.pot(table.state) == U("Pot: 3 chips.")
    assert Table(Rules()).narrator.pot(Table(Rules()).state) == U("The pot is empty.")


def test_the_one_person_at_the_keyboard_is_you_in_the_status_and_the_opening() -> None:
    """S and the game's opening say "you" for the one person at the keyboard, as every other count and
    sentence does (critic, 2 Dec: "Ana 5, Bo 5, Cy 5, pot 0." to Ana, who heard "You 6" after a roll);
    several people at one keyboard keep their names."""
    table = Table(Rules(players=4), humans=[0])
    assert table.first[0].text.startswith("A game of 4 players: you, Bo, Cy, and Di.")
    assert table.narrator.status(table.state) == U("You 3, Bo 3, Cy 3, Di 3, pot 0.")
    second = Table(Rules(players=4), humans=[1])
    assert second.narrator.status(second.state) == U("Ana 3, you 3, Cy 3, Di 3, pot 0.")
    assert second.narrator.catch_up(second.state) == U("While you waited: you 3, Cy 3, Di 3, pot 0.")
    hot_seat = Table(Rules(players=4), humans=[0, 1])
    assert hot_seat.first[0].text.startswith("A game of 4 players: Ana, Bo, Cy, and Di.")
    assert hot_seat.narrator.status(hot_seat.state) == U("Ana 3, Bo 3, Cy 3, Di 3, pot 0.")


def test_whose_turn() -> None:
    table = Table(Rules(wild=True), humans=[0])
    narrator = table.narrator
    assert narrator.whose_turn(table.state) == U("Your turn. You have 3 chips. Press Space to roll 3 dice.")
    table.play((D, D, D))
    assert narrator.whose_turn(table.state) == U("Bo's turn, with 3 chips.")
    table.play((W, D, D))
    assert table.state.phase is Phase.WILD_TAKE
    assert narrator.whose_turn(table.state) == U("Bo is choosing who to take a chip from.")
    ended = Table(Rules(chips=1))
    ended.play((C,), (L,))
    assert ended.narrator.whose_turn(ended.state) == U("The game is over: Cy won with 3 chips.")


def test_prompt_for_each_decision_and_none_otherwise() -> None:
    table = Table(Rules(chips=4, reversible=True, wild=True), humans=[0])
    narrator = table.narrator
    assert narrator.prompt(table.state) == U(
        "Your turn. You have 4 chips. Reverse the dice? It costs 3 chips. Press Y or N; E explains.",
        "turn",
    )
    table.play(Reverse(True))
    assert narrator.prompt(table.state) == U(
        "Your turn. You have 1 chip. Press Space to roll 3 reversed dice.", "turn"
    )
    table.play((W, D, D))
    assert narrator.prompt(table.state) == U("Choose who to give a chip to. Arrows, then Enter.")
    table.play(ChooseSeat(1))
    assert narrator.prompt(table.state) is None  # Bo is a computer player
    ended = Table(Rules(chips=1), humans=[0, 1, 2])
    ended.play((C,), (L,))
    assert ended.state.over
    assert ended.narrator.prompt(ended.state) is None


def test_face_names() -> None:
    narrator = Narrator(NAMES[:3])
    assert [narrator.face(f) for f in (L, C, R, D, W)] == ["L", "C", "R", "dot", "Wild"]


# --- verbosity: every kind of event at each level -------------------------------------------------------

BRIEF, NORMAL, FULL = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.FULL


def told(
    level: Verbosity,
    rules: Rules,
    setup: Sequence[Action | tuple[Face, ...]],
    *actions: Action | tuple[Face, ...],
    humans: Sequence[int] = (),
) -> list[str]:
    """What ``actions`` say at ``level``, after ``setup`` was played (and told) at the same level."""
    table = Table(rules, humans, verbosity=level)
    table.play(*setup)
    return table.texts(*actions)


def test_verbosity_is_exported_with_its_stable_values() -> None:
    assert [v.value for v in Verbosity] == ["brief", "normal", "full"]
    assert Narrator(NAMES[:3]).verbosity is NORMAL
    assert [v.next() for v in Verbosity] == [NORMAL, FULL, BRIEF]


@pytest.mark.parametrize("level", list(Verbosity))
def test_game_start_is_the_same_at_every_level(level: Verbosity) -> None:
    assert Table(Rules(chips=1), verbosity=level).first == [
        U(
            "A game of 3 players: Ana, Bo, and Cy. Everyone starts with 1 chip. You are watching; P pauses."
            " Ana rolls first."
        )
    ]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, "Ana: L, dot, C. Ana 1, Bo 4, pot 1."),
        (NORMAL, "Ana rolls L, dot, C: one chip to Bo, one to the pot. Ana 1, Bo 4, pot 1."),
        (
            FULL,
            "Ana rolls 3 dice: L, dot, C. The L passes a chip to Bo, on the left. The dot keeps a chip. "
            "The C puts a chip in the pot. Ana 1, Bo 4, pot 1.",
        ),
    ],
)
def test_a_roll_singular_moves(level: Verbosity, expected: str) -> None:
    table = Table(Rules(), verbosity=level)
    assert table.play((L, D, C)) == [U(expected, "dice", "chip-left", "chip-pot")]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, "Ana: R, C, R. Ana 0, Cy 5, pot 1."),
        (NORMAL, "Ana rolls R, C, R: 2 chips to Cy, one to the pot. Ana 0, Cy 5, pot 1."),
        (
            FULL,
            "Ana rolls 3 dice: R, C, R. The 2 Rs pass 2 chips to Cy, on the right. "
            "The C puts a chip in the pot. Ana 0, Cy 5, pot 1.",
        ),
    ],
)
def test_a_roll_plural_moves(level: Verbosity, expected: str) -> None:
    assert told(level, Rules(), (), (R, C, R)) == [expected]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, "Ana: C, C, L. Ana 0, Bo 4, pot 2."),
        (NORMAL, "Ana rolls C, C, L: 2 chips to the pot, one to Bo. Ana 0, Bo 4, pot 2."),
        (
            FULL,
            "Ana rolls 3 dice: C, C, L. The 2 Cs put 2 chips in the pot. "
            "The L passes a chip to Bo, on the left. Ana 0, Bo 4, pot 2.",
        ),
    ],
)
def test_a_roll_plural_pot_first(level: Verbosity, expected: str) -> None:
    assert told(level, Rules(), (), (C, C, L)) == [expected]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, "Ana: dot, dot, dot. Ana 3."),
        (NORMAL, "Ana rolls dot, dot, dot. Ana 3."),
        (FULL, "Ana rolls 3 dice: dot, dot, dot. The 3 dots keep 3 chips. Ana 3."),
    ],
)
def test_a_roll_of_dots(level: Verbosity, expected: str) -> None:
    assert told(level, Rules(), (), (D, D, D)) == [expected]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, "Ana: R. Ana 0, Cy 2."),
        (NORMAL, "Ana rolls R: one chip to Cy. Ana 0, Cy 2."),
        (FULL, "Ana rolls 1 die: R. The R passes a chip to Cy, on the right. Ana 0, Cy 2."),
    ],
)
def test_a_roll_of_one_die(level: Verbosity, expected: str) -> None:
    assert told(level, Rules(chips=1), (), (R,)) == [expected]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, ["Cy: C, dot. Cy 1, pot 1."]),
        (
            NORMAL,
            ["Cy rolls C, dot: one chip to the pot. Cy 1, pot 1.", "Ana has no chips and passes the dice."],
        ),
        (
            FULL,
            [
                "Cy rolls 2 dice: C, dot. The C puts a chip in the pot. The dot keeps a chip. Cy 1, pot 1.",
                "Ana has no chips and passes the dice.",
            ],
        ),
    ],
)
def test_one_skipped_seat_at_each_level(level: Verbosity, expected: list[str]) -> None:
    assert told(level, Rules(chips=1), [(R,), (D,)], (C, D)) == expected


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, ["Di: dot, dot. Di 2."]),
        (NORMAL, ["Di rolls dot, dot. Di 2.", "Ana and Bo have no chips and pass the dice."]),
        (
            FULL,
            [
                "Di rolls 2 dice: dot, dot. The 2 dots keep 2 chips. Di 2.",
                "Ana and Bo have no chips and pass the dice.",
            ],
        ),
    ],
)
def test_several_skipped_seats_at_each_level(level: Verbosity, expected: list[str]) -> None:
    assert told(level, Rules(players=4, chips=1), [(R,), (L,), (D, D)], (D, D)) == expected


@pytest.mark.parametrize(
    ("level", "chips", "expected"),
    [
        (BRIEF, 1, "Reset: everyone gets 1 chip. Pot: 3 chips."),
        (BRIEF, 2, "Reset: everyone gets 2 chips. Pot: 6 chips."),
        (NORMAL, 1, "Nobody has any chips left, so everyone gets 1 chip again. The pot keeps its 3 chips."),
        (FULL, 2, "Nobody has any chips left, so everyone gets 2 chips again. The pot keeps its 6 chips."),
    ],
)
def test_reset_at_each_level(level: Verbosity, chips: int, expected: str) -> None:
    rules = Rules(chips=chips, win=WinCondition.ROLL_ALL_DOTS)
    c = (C,) * chips
    said = Table(rules, verbosity=level)
    said.play(c, c)
    assert said.play(c)[-1] == U(expected, "reset")


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, ["Bo: L. Bo 0, Cy 2.", "Cy wins with 3 chips."]),
        (
            NORMAL,
            ["Bo rolls L: one chip to Cy. Bo 0, Cy 2.", "Cy wins with 3 chips. 1 of them came from the pot."],
        ),
        (
            FULL,
            [
                "Bo rolls 1 die: L. The L passes a chip to Cy, on the left. Bo 0, Cy 2.",
                "Cy wins with 3 chips. 1 of them came from the pot.",
            ],
        ),
    ],
)
def test_win_last_with_chips_at_each_level(level: Verbosity, expected: list[str]) -> None:
    assert told(level, Rules(chips=1), [(C,)], (L,)) == expected


@pytest.mark.parametrize(
    ("level", "win", "roll", "expected"),
    [
        (BRIEF, WinCondition.ROLL_ALL_DOTS, (D,), "All dots! Cy wins with 3 chips."),
        (
            NORMAL,
            WinCondition.ROLL_ALL_DOTS,
            (D,),
            "All dots! Cy wins with 3 chips. 2 of them came from the pot.",
        ),
        (
            FULL,
            WinCondition.ROLL_ALL_DOTS,
            (D,),
            "All dots! Cy wins with 3 chips. 2 of them came from the pot.",
        ),
        (BRIEF, WinCondition.LAST_CHIP_IN_POT, (C,), "Last chip in the pot! Cy wins with 3 chips."),
        (FULL, WinCondition.LAST_CHIP_IN_POT, (C,), "Last chip in the pot! Cy wins with 3 chips."),
    ],
)
def test_other_wins_at_each_level(
    level: Verbosity, win: WinCondition, roll: tuple[Face, ...], expected: str
) -> None:
    assert told(level, Rules(chips=1, win=win), [(C,), (C,)], roll)[-1] == expected


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (
            BRIEF,
            [
                "Bo: Wild, Wild, Wild. Three Wilds! Bo takes the pot of 2 chips.",
                "Bo wins at once with 5 chips.",
            ],
        ),
        (
            FULL,
            [
                "Bo rolls 3 dice: Wild, Wild, Wild. Three Wilds! Bo takes the pot of 2 chips.",
                "Bo wins at once with 5 chips.",
            ],
        ),
    ],
)
def test_win_by_three_wilds_at_each_level(level: Verbosity, expected: list[str]) -> None:
    assert told(level, Rules(wild=True, three_wilds=ThreeWilds.WIN), [(C, C, D)], (W, W, W)) == expected


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, "Bo: Wild, Wild, Wild. Three Wilds! Bo takes the pot of 1 chip. Bo 4, pot 0."),
        (NORMAL, "Bo rolls Wild, Wild, Wild. Three Wilds! Bo takes the pot of 1 chip. Bo 4, pot 0."),
        (FULL, "Bo rolls 3 dice: Wild, Wild, Wild. Three Wilds! Bo takes the pot of 1 chip. Bo 4, pot 0."),
    ],
)
def test_three_wilds_take_the_pot_at_each_level(level: Verbosity, expected: str) -> None:
    assert told(level, Rules(wild=True), [(C, D, D)], (W, W, W)) == [expected]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, "Ana: Wild, Wild, Wild. Three Wilds, but the pot is empty. Ana 3."),
        (FULL, "Ana rolls 3 dice: Wild, Wild, Wild. Three Wilds, but the pot is empty. Ana 3."),
    ],
)
def test_three_wilds_with_an_empty_pot_at_each_level(level: Verbosity, expected: str) -> None:
    assert told(level, Rules(wild=True), (), (W, W, W)) == [expected]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, "Cy: Wild from Ana, Wild from Ana, dot. Cy 5, Ana 1."),
        (NORMAL, "Cy rolls Wild, Wild, dot. Cy takes 2 chips from Ana. Cy 5, Ana 1."),
        (
            FULL,
            "Cy rolls 3 dice: Wild, Wild, dot. The dot keeps a chip. Cy takes 2 chips from Ana. Cy 5, Ana 1.",
        ),
    ],
)
def test_wild_takes_plural_at_each_level(level: Verbosity, expected: str) -> None:
    table = Table(Rules(wild=True), verbosity=level)
    table.play((D, D, D), (D, D, D))
    assert table.play((W, W, D), ChooseSeat(0)) == []  # held until the turn ends
    assert table.texts(ChooseSeat(0)) == [expected]


def test_online_a_person_at_another_computer_is_told_roll_first_and_a_computer_player_whole() -> None:
    """Issue 22, item 5: at an online table (``computers`` given), a person at another computer who must
    choose for a Wild is told as a person at this keyboard is, the roll before the choice and the rest
    after it (old main: held whole, so the table heard that they were choosing before their roll); a
    computer player's turn is still held and told whole."""
    table = Table(Rules(wild=True))  # listening: Ana and Bo play at other computers, Cy is a computer player
    table.narrator.computers = frozenset({2})
    assert table.texts((W, L, D)) == ["Ana rolls Wild, L, dot: one chip to Bo."]
    assert table.texts(ChooseSeat(2)) == ["Ana takes a chip from Cy. Ana 3, Bo 4, Cy 2."]
    table.play((D, D, D))
    assert table.texts((W, D)) == []  # Cy, a computer player, must choose: held
    assert table.texts(ChooseSeat(0)) == ["Cy rolls Wild, dot. Cy takes a chip from Ana. Cy 3, Ana 2."]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, "Ana: Wild from Cy, L, dot. Ana 3, Bo 4, Cy 2."),
        (NORMAL, "Ana rolls Wild, L, dot: one chip to Bo. Ana takes a chip from Cy. Ana 3, Bo 4, Cy 2."),
        (
            FULL,
            "Ana rolls 3 dice: Wild, L, dot. The L passes a chip to Bo, on the left. The dot keeps a chip. "
            "Ana takes a chip from Cy. Ana 3, Bo 4, Cy 2.",
        ),
    ],
)
def test_wild_take_singular_at_each_level(level: Verbosity, expected: str) -> None:
    assert told(level, Rules(wild=True), (), (W, L, D), ChooseSeat(2)) == [expected]


@pytest.mark.parametrize(
    ("level", "chips", "expected"),
    [
        (BRIEF, 1, "Cy: Wild from nobody. Cy 1."),
        (FULL, 1, "Cy rolls 1 die: Wild. Nobody else has a chip, so the Wild takes nothing. Cy 1."),
        (BRIEF, 2, "Cy: Wild from nobody, Wild from nobody. Cy 2."),
        (FULL, 2, "Cy rolls 2 dice: Wild, Wild. Nobody else has a chip, so the 2 Wilds take nothing. Cy 2."),
    ],
)
def test_wild_with_nobody_to_take_from_at_each_level(level: Verbosity, chips: int, expected: str) -> None:
    rules = Rules(chips=chips, wild=True, win=WinCondition.ROLL_ALL_DOTS)
    c = (C,) * chips
    assert told(level, rules, [c, c], (W,) * chips)[0] == expected


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, "Ana, reversed: L, L, dot. Ana 3, Bo 2, pot 3."),
        (
            NORMAL,
            "Ana reverses the dice and puts 3 chips in the pot. Ana rolls the reversed dice: L, L, dot. "
            "Ana takes 2 chips from Bo. Ana 3, Bo 2, pot 3.",
        ),
        (
            FULL,
            "Ana reverses the dice and puts 3 chips in the pot. Ana rolls 3 reversed dice: L, L, dot. "
            "Ana takes 2 chips from Bo. Ana 3, Bo 2, pot 3.",
        ),
    ],
)
def test_a_reversal_and_reversed_takes_at_each_level(level: Verbosity, expected: str) -> None:
    assert told(level, Rules(chips=4, reversible=True), (), Reverse(True), (L, L, D)) == [expected]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (BRIEF, "Cy, reversed: R, R, L. Cy 5, Di 3, pot 7."),
        (
            NORMAL,
            "Cy reverses the dice and puts 3 chips in the pot. Cy rolls the reversed dice: R, R, L. "
            "Bo has no chip left to take. Cy takes a chip from Di. Cy 5, Di 3, pot 7.",
        ),
        (
            FULL,
            "Cy reverses the dice and puts 3 chips in the pot. Cy rolls 3 reversed dice: R, R, L. "
            "Bo has no chip left to take. Cy takes a chip from Di. Cy 5, Di 3, pot 7.",
        ),
    ],
)
def test_reversed_letters_with_nothing_to_take_at_each_level(level: Verbosity, expected: str) -> None:
    setup: list[Move] = [Reverse(False), (R, R, R), Reverse(False), (L, L, L), Reverse(False), (C, C, C)]
    setup += [Reverse(False), (R, R, R), (C,), (R,)]
    assert told(level, Rules(players=4, chips=4, reversible=True), setup, Reverse(True), (R, R, L)) == [
        expected
    ]


@pytest.mark.parametrize(
    ("level", "faces", "expected"),
    [
        (BRIEF, (C, C, C), "Bo, reversed: C, C, C. Bo 4, pot 3."),
        (
            NORMAL,
            (C, C, C),
            "Bo reverses the dice and puts 3 chips in the pot. Bo rolls the reversed dice: C, C, C. "
            "Bo takes 3 chips from the pot. Bo 4, pot 3.",
        ),
        (
            FULL,
            (C, D, D),
            "Bo reverses the dice and puts 3 chips in the pot. Bo rolls 3 reversed dice: C, dot, dot. "
            "Bo takes a chip from the pot. Bo 2, pot 5.",
        ),
    ],
)
def test_reversed_c_takes_from_the_pot(level: Verbosity, faces: tuple[Face, ...], expected: str) -> None:
    setup: list[Move] = [Reverse(False), (C, C, C)]  # Ana 1, pot 3
    assert told(level, Rules(chips=4, reversible=True), setup, Reverse(True), faces) == [expected]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (
            BRIEF,
            "Ana, reversed: Wild, Wild, Wild. "
            "Three reversed Wilds: Ana puts 1 chip in the pot. Ana 0, pot 4.",
        ),
        (
            FULL,
            "Ana reverses the dice and puts 3 chips in the pot. Ana rolls 3 reversed dice: Wild, Wild, Wild. "
            "Three reversed Wilds: Ana puts 1 chip in the pot. Ana 0, pot 4.",
        ),
    ],
)
def test_three_reversed_wilds_at_each_level(level: Verbosity, expected: str) -> None:
    assert told(level, Rules(chips=4, reversible=True, wild=True), (), Reverse(True), (W, W, W)) == [expected]


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (
            BRIEF,
            "Ana, reversed: Wild to Cy, Wild to Cy, dot. Ana 0, Cy 7, pot 3.",
        ),
        (
            NORMAL,
            "Ana reverses the dice and puts 3 chips in the pot. "
            "Ana rolls the reversed dice: Wild, Wild, dot. Ana gives 2 chips to Cy. Ana 0, Cy 7, pot 3.",
        ),
        (
            FULL,
            "Ana reverses the dice and puts 3 chips in the pot. Ana rolls 3 reversed dice: Wild, Wild, dot. "
            "Ana gives 2 chips to Cy. Ana 0, Cy 7, pot 3.",
        ),
    ],
)
def test_two_reversed_wilds_to_one_seat_are_merged(level: Verbosity, expected: str) -> None:
    table = Table(Rules(chips=5, reversible=True, wild=True), verbosity=level)
    assert table.play(Reverse(True), (W, W, D), ChooseSeat(2)) == []  # a computer's turn: told whole
    assert table.texts(ChooseSeat(2)) == [expected]


def test_reversed_wilds_to_two_seats_are_said_apart_and_one_gives_nothing() -> None:
    table = Table(Rules(chips=4, reversible=True, wild=True))
    table.play(Reverse(True), (W, W, D))
    assert table.texts(ChooseSeat(1)) == [
        "Ana reverses the dice and puts 3 chips in the pot. Ana rolls the reversed dice: Wild, Wild, dot. "
        "Ana gives a chip to Bo. Ana has no chip left, so the Wild gives nothing. Ana 0, Bo 5, pot 3."
    ]
    table = Table(Rules(chips=5, reversible=True, wild=True))
    table.play(Reverse(True), (W, W, D), ChooseSeat(1))
    assert table.texts(ChooseSeat(2))[0].endswith(
        "Ana gives a chip to Bo. Ana gives a chip to Cy. Ana 0, Bo 6, Cy 6, pot 3."
    )


# --- verbosity: questions and changes mid-game ----------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "humans", "first", "again"),
    [
        (BRIEF, [0], "Your turn. Roll 3 dice.", "Your turn. Roll 3 dice."),
        (BRIEF, [0, 1], "Your turn, Ana. Roll 3 dice.", "Your turn, Ana. Roll 3 dice."),
        (
            NORMAL,
            [0, 1],
            "Your turn, Ana. Press Space to roll 3 dice.",
            "Your turn, Ana. You have 3 chips. Press Space to roll 3 dice.",
        ),
        (
            FULL,
            [0],
            "Your turn. Press Space to roll 3 dice.",
            "Your turn. You have 3 chips. Press Space to roll 3 dice.",
        ),
    ],
)
def test_the_roll_question_at_each_level(level: Verbosity, humans: list[int], first: str, again: str) -> None:
    table = Table(Rules(), humans, verbosity=level)
    assert table.first[-1] == U(first, "turn")
    assert table.narrator.prompt(table.state) == U(again, "turn")


def test_brief_questions_singular_and_reversed() -> None:
    table = Table(Rules(chips=1), [0, 1], verbosity=BRIEF)
    assert table.first[-1].text == "Your turn, Ana. Roll 1 die."
    table = Table(Rules(chips=4, reversible=True), [0], verbosity=BRIEF)
    assert table.first[-1] == U("Your turn. Reverse for 3 chips? Y or N.", "turn")
    assert table.play(Reverse(True)) == [
        U("You reverse the dice.", "reverse", "chip-pot"),
        U("Roll 3 reversed dice."),
    ]
    assert table.texts((L, D, D)) == ["You, reversed: L, dot, dot. You 2, Bo 3, pot 3."]


def test_whose_turn_answers_in_full_even_when_brief() -> None:
    table = Table(Rules(), [0], verbosity=BRIEF)
    assert table.narrator.whose_turn(table.state) == U(
        "Your turn. You have 3 chips. Press Space to roll 3 dice."
    )


def test_a_new_verbosity_applies_to_the_next_utterance() -> None:
    table = Table(Rules(wild=True), humans=[0])
    assert (
        table.texts((L, D, C))[0] == "You roll L, dot, C: one chip to Bo, one to the pot. You 1, Bo 4, pot 1."
    )
    table.narrator.verbosity = BRIEF
    assert table.play((W, D, D)) == []  # Bo, a computer, must choose: held
    table.narrator.verbosity = FULL  # changed while Bo's turn is held: the whole turn follows it
    assert table.texts(ChooseSeat(2)) == [
        "Bo rolls 3 dice: Wild, dot, dot. The 2 dots keep 2 chips. Bo takes a chip from Cy. Bo 5, Cy 2."
    ]
    table.narrator.verbosity = BRIEF
    assert table.texts((D, D)) == ["Cy: dot, dot. Cy 2.", "Your turn. Roll 1 die."]


# --- the one person at the keyboard is "you" ------------------------------------------------------------

YOU = ("You", "Ana", "Bo", "Cy")  # the play screen's default names: the person is "You"


def test_your_roll_at_each_level_with_the_default_name() -> None:
    table = Table(Rules(), [0], names=YOU)
    assert table.first[-1].text == "Your turn. Press Space to roll 3 dice."
    assert table.texts((L, D, R))[0] == "You roll L, dot, R: one chip to Ana, one to Bo. You 1, Ana 4, Bo 4."
    brief = Table(Rules(), [0], verbosity=BRIEF, names=YOU)
    assert brief.texts((L, D, R))[0] == "You: L, dot, R. You 1, Ana 4, Bo 4."
    full = Table(Rules(), [0], verbosity=FULL, names=YOU)
    assert full.texts((L, D, R))[0] == (
        "You roll 3 dice: L, dot, R. The L passes a chip to Ana, on your left. The dot keeps a chip. "
        "The R passes a chip to Bo, on your right. You 1, Ana 4, Bo 4."
    )
    full = Table(Rules(chips=2), [0], verbosity=FULL, names=YOU)
    assert full.texts((L, L))[0] == (
        "You roll 2 dice: L, L. The 2 Ls pass 2 chips to Ana, on your left. You 0, Ana 4."
    )


def test_chips_passed_to_you() -> None:
    assert (
        told(NORMAL, Rules(), (), (R, D, D), humans=[2])[0]
        == "Ana rolls R, dot, dot: one chip to you. Ana 2, you 4."
    )
    assert told(NORMAL, Rules(), (), (C, R, R), humans=[2])[0] == (
        "Ana rolls C, R, R: one chip to the pot, 2 to you. Ana 0, you 5, pot 1."
    )
    assert told(NORMAL, Rules(), (), (L, R, D), humans=[2])[0] == (
        "Ana rolls L, R, dot: one chip to Bo, one to you. Ana 1, Bo 4, you 4."
    )
    assert told(FULL, Rules(), (), (R, D, D), humans=[2])[0] == (
        "Ana rolls 3 dice: R, dot, dot. The R passes a chip to you. The 2 dots keep 2 chips. Ana 2, you 4."
    )
    assert told(FULL, Rules(), (), (L, L, D), humans=[1])[0] == (
        "Ana rolls 3 dice: L, L, dot. The 2 Ls pass 2 chips to you. The dot keeps a chip. Ana 1, you 5."
    )
    assert told(FULL, Rules(), (), (R, R, D), humans=[2])[0].startswith(
        "Ana rolls 3 dice: R, R, dot. The 2 Rs pass 2 chips to you."
    )


def test_wilds_with_you() -> None:
    table = Table(Rules(wild=True), [0])
    table.play((W, D, D))
    assert table.texts(ChooseSeat(2)) == ["You take a chip from Cy. You 4, Cy 2."]
    table.play((D, D, D))  # Bo
    assert (
        table.texts((W, D), ChooseSeat(0))[0] == "Cy rolls Wild, dot. Cy takes a chip from you. Cy 3, you 3."
    )
    table = Table(Rules(wild=True), [0])
    table.play((W, W, D))
    assert table.texts(ChooseSeat(1), ChooseSeat(1)) == [
        "You take a chip from Bo.",
        "Choose who to take a chip from. Arrows, then Enter.",  # the keys in short after the first time
        "You take a chip from Bo. You 5, Bo 1.",
    ]


def test_three_wilds_with_you_singular_and_plural() -> None:
    table = Table(Rules(wild=True), [1])
    table.play((C, D, D))
    assert table.texts((W, W, W)) == [
        "You roll Wild, Wild, Wild. Three Wilds! You take the pot of 1 chip. You 4, pot 0."
    ]
    table = Table(Rules(wild=True, three_wilds=ThreeWilds.WIN), [1])
    table.play((C, C, D))
    assert table.texts((W, W, W)) == [
        "You roll Wild, Wild, Wild. Three Wilds! You take the pot of 2 chips.",
        "You win at once with 5 chips.",
    ]


def test_reversals_with_you() -> None:
    table = Table(Rules(chips=4, reversible=True, wild=True), [0])
    assert table.texts(Reverse(True))[0] == "You reverse the dice and put 3 chips in the pot."
    assert table.texts((W, W, W))[0] == (
        "You roll the reversed dice: Wild, Wild, Wild. Three reversed Wilds: you put 1 chip in the pot. "
        "You 0, pot 4."
    )
    table = Table(Rules(chips=6, reversible=True, wild=True), [0])
    table.play(Reverse(True))
    assert "Three reversed Wilds: you put all 3 chips in the pot." in table.texts((W, W, W))[0]
    table = Table(Rules(chips=5, reversible=True, wild=True), [0])
    table.play(Reverse(True), (W, W, D), ChooseSeat(2))
    assert table.texts(ChooseSeat(2))[0] == "You give a chip to Cy. You 0, Cy 7, pot 3."
    table = Table(Rules(chips=5, reversible=True, wild=True), [2])
    table.play(Reverse(True), (W, W, D), ChooseSeat(2))
    assert table.texts(ChooseSeat(2))[0].endswith("Ana gives 2 chips to you. Ana 0, you 7, pot 3.")
    table = Table(Rules(chips=4, reversible=True), [1])
    assert table.texts(Reverse(True), (L, R, C))[0].endswith(
        "Ana takes a chip from you. Ana takes a chip from Cy. Ana takes a chip from the pot. "
        "Ana 4, you 3, Cy 3, pot 2."
    )


def test_reversed_letter_finds_nothing_to_take_from_you() -> None:
    setup: list[Move] = [Reverse(False), (R, R, R), Reverse(False), (L, L, L), Reverse(False), (C, C, C)]
    setup += [Reverse(False), (R, R, R), (C,), (R,)]
    assert told(
        NORMAL, Rules(players=4, chips=4, reversible=True), setup, Reverse(True), (R, R, L), humans=[1]
    ) == [
        "Cy reverses the dice and puts 3 chips in the pot. Cy rolls the reversed dice: R, R, L. "
        "You have no chip left for Cy to take. Cy takes a chip from Di. Cy 5, Di 3, pot 7."
    ]


def test_forms_that_play_cannot_reach() -> None:
    """After a reversal a roller holds a chip, so two reversed Wilds never both find nothing to give."""
    assert phrases.wild_gives_nothing("Ana", 2, you=True) == (
        "You have no chip left, so the 2 Wilds give nothing."
    )
    assert phrases.wild_gives_nothing("Ana", 2) == "Ana has no chip left, so the 2 Wilds give nothing."
    assert phrases.three_reversed_wilds("Ana", 0, you=True) == (
        "Three reversed Wilds, but you have no chips to put in the pot."
    )
    assert phrases.gives_to("Ana", "Bo", 2, you=True) == "You give 2 chips to Bo."
    assert phrases.takes_from_pot("Ana", 1, you=True) == "You take a chip from the pot."
    assert phrases.rolls_full("Ana", ["L"], True) == "Ana rolls 1 reversed die: L."
    assert phrases.rolls_full("Ana", ["L", "C", "R"], True, you=True) == "You roll 3 reversed dice: L, C, R."
    assert phrases.roll_brief(1, True) == "Roll 1 reversed die."
    assert phrases.reverse_question_brief(1, "Y", "N") == "Reverse for 1 chip? Y or N."
    assert phrases.reset_brief(3, 0) == "Reset: everyone gets 3 chips."
    assert phrases.left_explained(1, "Bo", roller_is_you=True) == "The L passes a chip to Bo, on your left."
    assert phrases.right_explained(1, "Bo", to_you=True) == "The R passes a chip to you."
    assert phrases.move_to_you(2, first=True) == "2 chips to you"
    assert phrases.move_to_pot(2, first=False) == "2 to the pot"


def test_you_are_skipped() -> None:
    table = Table(Rules(chips=1), [0])
    table.play((R,))  # your chip goes right, to Cy
    table.play((D,))  # Bo
    assert table.texts((C, D)) == [
        "Cy rolls C, dot: one chip to the pot. Cy 1, pot 1.",
        "You have no chips and pass the dice.",
    ]
    table = Table(Rules(players=4, chips=1), [1])
    table.play((R,), (L,), (D, D))  # Ana -> Di, you -> Cy, Cy
    assert table.texts((D, D))[1:] == [
        "Ana has no chips and passes the dice. You have no chips and pass the dice.",
    ]
    table = Table(Rules(players=4, chips=1), [0])
    table.play((R,), (L,), (D, D))
    assert table.texts((D, D))[1:] == [
        "You have no chips and pass the dice. Bo has no chips and passes the dice.",
    ]
    assert told(BRIEF, Rules(players=4, chips=1), [(R,), (L,), (D, D)], (D, D), humans=[0]) == [
        "Di: dot, dot. Di 2."
    ]


@pytest.mark.parametrize(
    ("win", "setup", "roll", "expected"),
    [
        (
            WinCondition.LAST_WITH_CHIPS,
            [(C,), (L,)],
            None,
            "You win with 3 chips. 1 of them came from the pot.",
        ),
        (
            WinCondition.ROLL_ALL_DOTS,
            [(C,), (C,)],
            (D,),
            "All dots! You win with 3 chips. 2 of them came from the pot.",
        ),
        (WinCondition.LAST_CHIP_IN_POT, [(C,), (C,)], (C,), "Last chip in the pot! You win with 3 chips."),
    ],
)
def test_you_win(
    win: WinCondition, setup: list[tuple[Face, ...]], roll: tuple[Face, ...] | None, expected: str
) -> None:
    table = Table(Rules(chips=1, win=win), [2])
    said = table.texts(*setup) + (table.texts(roll) if roll else [])
    assert said[-1] == expected
    assert table.narrator.whose_turn(table.state) == U("The game is over: you won with 3 chips.")


def test_you_win_plural_pot_and_brief() -> None:
    table = Table(Rules(chips=2), [2])
    table.play((C, C))
    assert table.texts((L, L))[-1] == "You win with 6 chips. 2 of them came from the pot."
    table = Table(Rules(chips=2), [2], verbosity=BRIEF)
    table.play((C, C))
    assert table.texts((L, L)) == ["Bo: L, L. Bo 0, you 4.", "You win with 6 chips."]


def test_hot_seat_keeps_every_name() -> None:
    table = Table(Rules(wild=True), humans=[0, 1])
    assert table.first[-1].text == "Your turn, Ana. Press Space to roll 3 dice."
    assert table.texts((W, L, D))[0] == "Ana rolls Wild, L, dot: one chip to Bo."
    assert table.texts(ChooseSeat(1)) == [
        "Ana takes a chip from Bo. Ana 3, Bo 3.",
        "Your turn, Bo. You have 3 chips. Press Space to roll 3 dice.",
    ]
    assert table.texts((R, D, D))[0] == "Bo rolls R, dot, dot: one chip to Ana. Bo 2, Ana 4."


# --- whole games ----------------------------------------------------------------------------------------


def narrated_game(
    seed: int, rules: Rules, humans: Sequence[int], verbosity: Verbosity = Verbosity.NORMAL
) -> Iterator[tuple[Sequence[Event], list[Utterance]]]:
    """Play a whole game with random faces and choices; yield each batch and what was said for it."""
    narrator = Narrator(NAMES[: rules.players], humans, verbosity=verbosity)
    for events, state in random_game(rules, random.Random(seed), limit=2000):
        yield events, narrator.narrate(events, state)


@pytest.mark.parametrize("seed", range(40))
def test_random_games_say_every_turn_once_and_only_known_cues(seed: int) -> None:
    rules = Rules(
        players=3 + seed % 4,
        chips=1 + seed % 5,
        wild=seed % 2 == 0,
        reversible=seed % 3 == 0,
        win=list(WinCondition)[seed % 3],
        three_wilds=list(ThreeWilds)[seed % 2],
    )
    turns_ended = summaries = 0
    all_said: list[Utterance] = []
    verbosity = list(Verbosity)[seed % 3]
    for events, said in narrated_game(seed, rules, [0] if seed % 2 else [], verbosity):
        turns_ended += sum(isinstance(e, TurnEnded) for e in events)
        all_said.extend(said)
    for u in all_said:
        assert u.text and u.text == u.text.strip()
        assert not re.search(r"[{}]|None|Seat \d", u.text), u.text
        assert u.text[-1] in ".?!", u.text
        assert set(u.cues) <= set(CUE_NAMES)
    summary = r"\b([A-Z][a-z]+|pot|you) \d+\.( [A-Z][a-z]+ is the last with chips: [^.]*\.)?$"
    summaries = sum(bool(re.search(summary, u.text)) for u in all_said)
    assert summaries == turns_ended
    assert any("win" in u.cues for u in all_said)


def test_a_narrator_that_joins_mid_game_sums_up_from_where_it_joined() -> None:
    table = Table(Rules(wild=True))
    table.play((C, D, D), (W, D, D))  # Bo must choose
    late = Narrator(NAMES[:3])
    state, events = step(table.state, ChooseSeat(0))
    assert late.narrate(events, state) == [U("Bo takes a chip from Ana. Bo 4, Ana 1.", "wild")]


def test_everything_said_goes_through_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a catalog that upper-cases every message, no lower-case English can be left in any sentence."""

    class Shouting(gettext.NullTranslations):
        @staticmethod
        def shout(text: str) -> str:
            return re.sub(r"(\{[a-z_]+\})|[a-z]", lambda m: m.group(1) or m.group(0).upper(), text)

        def gettext(self, message: str) -> str:
            return self.shout(message)

        def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
            return self.shout(msgid1 if n == 1 else msgid2)

        def pgettext(self, context: str, message: str) -> str:
            return self.shout(message)

        def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
            return self.shout(msgid1 if n == 1 else msgid2)

    monkeypatch.setattr(i18n, "_translations", Shouting())
    monkeypatch.setattr(i18n, "_language", "ja")  # CLDR list patterns without Latin words
    said: list[Utterance] = []
    for seed in range(36):
        rules = Rules(wild=True, reversible=seed % 2 == 0, chips=4, win=list(WinCondition)[seed % 3])
        humans = ([0, 1], [0], [])[seed // 3 % 3]  # hot seat, one person ("you"), nobody
        for _events, utterances in narrated_game(seed, rules, humans, list(Verbosity)[seed // 9 % 3]):
            said.extend(utterances)
    narrator = Narrator(("ANA", "BO", "CY"), [0])
    state, _events = new_game(Rules())
    said += [narrator.status(state), narrator.pot(state), narrator.whose_turn(state), narrator.seat(state, 9)]
    for u in said:
        text = re.sub(r"\b(" + "|".join(NAMES) + r")\b", "", u.text)
        assert not re.search(r"[a-z]", text), u.text


def test_a_translation_replaces_whole_sentences_and_plurals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real catalog (a .po compiled by i18n) changes sentences, face names, plurals and list joining."""
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "lcr_audio.po").write_text(
        """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "{name} rolls {faces}."
msgstr "{name} tira {faces}."

msgid "{name} rolls {faces}: {moves}."
msgstr "{name} tira {faces}: {moves}."

msgctxt "moves"
msgid "one chip to {other}"
msgid_plural "{count} chips to {other}"
msgstr[0] "una ficha para {other}"
msgstr[1] "{count} fichas para {other}"

msgctxt "later moves"
msgid "one to the pot"
msgid_plural "{count} to the pot"
msgstr[0] "una al bote"
msgstr[1] "{count} al bote"

msgctxt "face"
msgid "dot"
msgstr "punto"

msgctxt "summary"
msgid "{name} {count}"
msgid_plural "{name} {count}"
msgstr[0] "{name}: {count} ficha"
msgstr[1] "{name}: {count} fichas"

msgctxt "summary"
msgid "pot {count}"
msgid_plural "pot {count}"
msgstr[0] "bote: {count}"
msgstr[1] "bote: {count}"
""",
        encoding="utf-8",
    )
    monkeypatch.setattr(i18n, "locales_dir", lambda: tmp_path)
    i18n.set_language("es")
    table = Table(Rules())
    assert table.texts((L, D, C)) == [
        "Ana tira L, punto y C: una ficha para Bo y una al bote. Ana: 1 ficha, Bo: 4 fichas y bote: 1."
    ]
