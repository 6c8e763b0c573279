"""The engine's position constructor and distinct roll outcomes (R4, R5, R6, R9)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from lcr_audio.engine import (
    Face,
    IllegalActionError,
    Phase,
    Reverse,
    Roll,
    Rules,
    legal_rolls,
    may_reverse,
    position,
    roll_outcomes,
    step,
)


def test_position_is_the_start_of_the_movers_turn() -> None:
    state = position(Rules(players=4, chips=3), (5, 0, 4, 1), pot=2, mover=2, turn=7)
    assert (state.chips, state.pot, state.seat, state.turn) == ((5, 0, 4, 1), 2, 2, 7)
    assert state.phase is Phase.ROLL
    assert state.dice_to_roll == 3


def test_r9_position_asks_about_reversal_only_above_3_chips() -> None:
    rules = Rules(players=3, chips=3, reversible=True)
    assert position(rules, (4, 3, 2), mover=0).phase is Phase.REVERSE
    assert position(rules, (4, 3, 2), mover=1).phase is Phase.ROLL
    assert may_reverse(rules, 4) and not may_reverse(rules, 3)
    assert not may_reverse(Rules(), 10)


@pytest.mark.parametrize(
    ("chips", "pot", "mover"),
    [
        ((3, 3), 3, 0),  # two seats at a table of three
        ((3, 3, 4), 0, 0),  # 10 chips where the game has 9
        ((3, 3, 2), 0, 0),  # 8 chips: one lost
        ((4, -1, 6), 0, 0),  # a negative count
        ((3, 3, 3), 0, 3),  # no seat 4
        ((0, 5, 4), 0, 0),  # a mover without chips (R4)
    ],
)
def test_position_refuses_what_cannot_happen(chips: tuple[int, ...], pot: int, mover: int) -> None:
    with pytest.raises(IllegalActionError):
        position(Rules(), chips, pot, mover)


def test_r4_a_mover_without_chips_never_gets_an_empty_roll() -> None:
    with pytest.raises(IllegalActionError):
        position(Rules(), (0, 4, 5), 0, 0)


@pytest.mark.parametrize(
    ("wild", "expected"), [(False, math.comb(4 + 3 - 1, 3)), (True, math.comb(5 + 3 - 1, 3))]
)
def test_roll_outcomes_are_the_multisets_of_three_faces(wild: bool, expected: int) -> None:
    outcomes = roll_outcomes(position(Rules(wild=wild), (3, 3, 3)))
    assert len(outcomes) == expected == (20 if not wild else 35)
    assert sum(p for _, p in outcomes) == 1
    die = Rules(wild=wild).die
    for faces, p in outcomes:
        # Independent count: the multinomial number of orderings, times each face's weight on the die.
        counts = Counter(faces)
        orderings = math.factorial(3) // math.prod(math.factorial(k) for k in counts.values())
        weight = math.prod(Fraction(die.count(face), 6) ** k for face, k in counts.items())
        assert p == orderings * weight


@pytest.mark.parametrize("chips", [(1, 4, 4), (2, 3, 4), (5, 2, 2)])
@pytest.mark.parametrize("wild", [False, True])
def test_r5_every_ordering_of_an_outcome_has_the_same_result(chips: tuple[int, ...], wild: bool) -> None:
    state = position(Rules(wild=wild, reversible=True), chips, 0, 0)
    if state.phase is Phase.REVERSE:
        state = position(Rules(wild=wild), chips, 0, 0)
    for faces, _ in roll_outcomes(state):
        results = {
            (after.chips, after.pot, after.phase, after.wilds_left)
            for order in set(itertools.permutations(faces))
            for after, _ in [step(state, Roll(order))]
        }
        assert len(results) == 1, faces


def test_roll_outcomes_with_fewer_dice_and_outside_the_roll() -> None:
    one_chip = position(Rules(), (1, 4, 4), 0, 0)
    assert {faces for faces, _ in roll_outcomes(one_chip)} == {
        (f,) for f in (Face.LEFT, Face.CENTER, Face.RIGHT, Face.DOT)
    }
    assert dict(roll_outcomes(one_chip))[(Face.DOT,)] == Fraction(1, 2)
    asking = position(Rules(reversible=True), (5, 2, 2), 0, 0)
    assert roll_outcomes(asking) == () and list(legal_rolls(asking)) == []


def test_roll_outcomes_are_the_ordered_rolls_gathered_and_worked_out_once_per_die_and_dice() -> None:
    """Every position's outcomes are :func:`legal_rolls`' ordered rolls gathered by their faces in die order,
    for 1, 2 and 3 dice of both dice and a reversed roll (R3, R4, R9); and positions that roll the same dice
    share one answer, worked out once (issue 23, item 6: the careful players, the H key and the best-choice
    lesson ask at every chance node, and adding up the 216 ordered rolls was half the lesson's time)."""
    rank = {face: i for i, face in enumerate(Face)}
    reversed_roll = step(position(Rules(reversible=True), (5, 2, 2), 0, 0), Reverse(True))[0]
    states = [position(Rules(wild=wild), chips, 0, 0) for wild in (False, True) for chips in CHIPS]
    for state in [*states, reversed_roll]:
        gathered: dict[tuple[Face, ...], Fraction] = {}
        for faces, p in legal_rolls(state):
            key = tuple(sorted(faces, key=rank.__getitem__))
            gathered[key] = gathered.get(key, Fraction(0)) + p
        assert dict(roll_outcomes(state)) == gathered
        assert len(roll_outcomes(state)) == len(gathered)
    three = position(Rules(), (3, 3, 3), 0, 0)
    elsewhere = position(Rules(players=4, chips=2), (0, 5, 1, 1), 1, 1)
    assert three.dice_to_roll == elsewhere.dice_to_roll == 3
    assert roll_outcomes(three) is roll_outcomes(elsewhere)
    assert roll_outcomes(three) is not roll_outcomes(position(Rules(wild=True), (3, 3, 3), 0, 0))


CHIPS = ((1, 4, 4), (2, 3, 4), (3, 3, 3), (2, 0, 7))
"""Seat 1 rolls 1, 2, 3 and 2 dice (R4)."""
