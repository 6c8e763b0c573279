"""Counted facts about the dice as data, like perft for chess engines (DESIGN.md §2, R3, R4, R9).

``legal_rolls`` enumerates every ordered outcome of a roll with its exact probability.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from lcr_audio.engine import (
    Face,
    GameState,
    Phase,
    Reverse,
    Roll,
    Rules,
    legal_rolls,
    new_game,
    position,
    step,
)

Outcomes = list[tuple[tuple[Face, ...], Fraction]]


def at(rules: Rules, chips: int) -> GameState:
    """Seat 1 to roll, every seat with ``chips`` chips (a game of ``chips`` each, at its start)."""
    return position(replace(rules, chips=chips), (chips,) * rules.players)


def outcomes(state: GameState) -> Outcomes:
    return list(legal_rolls(state))


def probability(rolls: Outcomes, face: Face, count: int) -> Fraction:
    """P(exactly ``count`` faces equal ``face``)."""
    return sum((p for faces, p in rolls if faces.count(face) == count), Fraction(0))


@pytest.mark.parametrize("wild", [False, True])
@pytest.mark.parametrize(("chips", "count"), [(1, 6), (2, 36), (3, 216), (4, 216), (10, 216)])
def test_r4_legal_rolls_counts_6_36_216_ordered_outcomes(wild: bool, chips: int, count: int) -> None:
    """R4: min(chips, 3) dice of 6 faces: 6, 36, 216 ordered outcomes, equally likely; the dots (and so the
    face tuples) repeat: 4 (standard) or 5 (wild) distinct faces per die."""
    rolls = outcomes(at(Rules(wild=wild), chips))
    assert len(rolls) == count
    assert len({faces for faces, _ in rolls}) == (5 if wild else 4) ** min(chips, 3)
    assert {p for _, p in rolls} == {Fraction(1, count)}
    assert sum((p for _, p in rolls), Fraction(0)) == 1
    assert all(len(faces) == min(chips, 3) for faces, _ in rolls)


@pytest.mark.parametrize(
    ("wild", "faces"),
    [
        (False, {Face.LEFT, Face.CENTER, Face.RIGHT, Face.DOT}),
        (True, {Face.LEFT, Face.CENTER, Face.RIGHT, Face.DOT, Face.WILD}),
    ],
)
def test_r3_legal_rolls_use_only_this_die(wild: bool, faces: set[Face]) -> None:
    rolls = outcomes(at(Rules(wild=wild), 3))
    assert {f for roll, _ in rolls for f in roll} == faces


@pytest.mark.parametrize(
    ("wild", "face", "dice", "count", "expected"),
    [
        (False, Face.DOT, 1, 1, Fraction(1, 2)),
        (False, Face.LEFT, 1, 1, Fraction(1, 6)),
        (False, Face.DOT, 3, 3, Fraction(1, 8)),
        (False, Face.DOT, 2, 0, Fraction(1, 4)),
        (False, Face.CENTER, 3, 3, Fraction(1, 216)),
        (False, Face.WILD, 3, 0, Fraction(1)),
        (True, Face.WILD, 1, 1, Fraction(1, 6)),
        (True, Face.DOT, 1, 1, Fraction(1, 3)),
        (True, Face.DOT, 3, 3, Fraction(1, 27)),
        (True, Face.WILD, 3, 3, Fraction(1, 216)),
        (True, Face.WILD, 3, 2, Fraction(15, 216)),
        (True, Face.WILD, 3, 1, Fraction(75, 216)),
        (True, Face.WILD, 3, 0, Fraction(125, 216)),
    ],
)
def test_r3_exact_face_probabilities(
    wild: bool, face: Face, dice: int, count: int, expected: Fraction
) -> None:
    """R3: standard 1 die P(dot) = 1/2; wild 1 die P(W) = 1/6; binomial counts for 3 dice."""
    assert probability(outcomes(at(Rules(wild=wild), dice)), face, count) == expected


def test_r5_one_roll_from_the_start_has_20_distinct_results() -> None:
    """R5, counted like perft: seat 1 with 3 chips sends a to the left, b to the right, c to the pot with
    a + b + c <= 3: 20 distinct (chips, pot) results; keeping all 3 has P = 1/8; the expected pot is 1/2."""
    start, _ = new_game(Rules())
    results: Counter[tuple[tuple[int, ...], int]] = Counter()
    expected_pot = Fraction(0)
    for faces, p in legal_rolls(start):
        after, _ = step(start, Roll(faces))
        results[(after.chips, after.pot)] += 1
        expected_pot += p * after.pot
    assert len(results) == 20
    assert results[((3, 3, 3), 0)] == 27
    assert results[((0, 3, 3), 3)] == 1
    assert results[((0, 6, 3), 0)] == 1
    assert results[((1, 4, 3), 1)] == 18  # L, C, dot: 3! orders x 3 dot faces
    assert expected_pot == Fraction(1, 2)


def test_r9_reversed_roll_has_216_outcomes_even_with_one_chip_left() -> None:
    """R9: a reversed roll is always 3 dice."""
    state, _ = new_game(Rules(chips=4, reversible=True))
    state, _ = step(state, Reverse(True))
    assert state.chips[0] == 1
    rolls = outcomes(state)
    assert len(rolls) == 216
    assert sum((p for _, p in rolls), Fraction(0)) == 1


def test_legal_rolls_is_empty_outside_the_roll_phase() -> None:
    reverse_state, _ = new_game(Rules(chips=4, reversible=True))
    assert reverse_state.phase is Phase.REVERSE
    assert outcomes(reverse_state) == []
    wild_state, _ = new_game(Rules(wild=True))
    wild_state, _ = step(wild_state, Roll((Face.WILD, Face.DOT, Face.DOT)))
    assert wild_state.phase is Phase.WILD_TAKE
    assert outcomes(wild_state) == []
    over = replace(at(Rules(), 3), phase=Phase.OVER, winner=0)
    assert outcomes(over) == []
