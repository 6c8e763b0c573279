"""The turn's arithmetic on numpy arrays: the twin of the engine's statements, for the fast kernels.

Each function here gives, for a whole array of positions at once, what its namesake in the engine gives for
one: :func:`dice_for` as :func:`lcr_audio.engine.dice_for` (R4, R9), :func:`may_reverse` as
:func:`lcr_audio.engine.may_reverse` (R9), :func:`left_of` and :func:`right_of` as the engine's (R1, where
an L or an R sends its chip, R5), and :data:`FACE_CODES` numbers the faces in :class:`Face` order.
``tests/test_turn_arithmetic.py`` checks each against its namesake.

Imported only by the kernels: ``import lcr_audio.engine`` does not load this module, so numpy stays out of
the program's start (issue 21, item 12).

>>> import numpy as np
>>> dice_for(np.array([0, 1, 2, 3, 7])).tolist()
[0, 1, 2, 3, 3]
"""

from __future__ import annotations

from typing import Final, cast

import numpy as np
import numpy.typing as npt

from lcr_audio.engine import rules as _rules
from lcr_audio.engine.rules import MAX_DICE, REVERSAL_COST, Face, Rules

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

FACE_CODES: Final = {face: code for code, face in enumerate(Face)}
"""The kernels' number for each face: its place in :class:`Face` (L 0, C 1, R 2, dot 3, Wild 4)."""


def die_codes(rules: Rules) -> IntArray:
    """The six faces of one die under ``rules`` as :data:`FACE_CODES` (R3).

    >>> die_codes(Rules(wild=True)).tolist()
    [0, 1, 2, 4, 3, 3]
    """
    return np.array([FACE_CODES[face] for face in rules.die], dtype=np.int64)


def dice_for(chips: IntArray, reversing: BoolArray | None = None) -> IntArray:
    """How many dice each player rolls: one per chip up to 3 (R4), 3 where ``reversing`` (R9). ``chips``
    holds counts that are not negative (a seat to play holds at least one).

    >>> dice_for(np.array([1, 5, 5]), np.array([False, False, True])).tolist()
    [1, 3, 3]
    """
    dice = np.minimum(chips, MAX_DICE)
    return dice if reversing is None else np.where(reversing, MAX_DICE, dice)


def may_reverse(rules: Rules, chips: IntArray) -> BoolArray:
    """Where a seat holding ``chips`` may reverse the dice: reversible dice and more than 3 chips (R9).

    >>> may_reverse(Rules(reversible=True), np.array([3, 4])).tolist()
    [False, True]
    >>> may_reverse(Rules(), np.array([9])).tolist()
    [False]
    """
    if not rules.reversible:
        return np.zeros(np.shape(chips), dtype=np.bool_)
    return np.asarray(chips > REVERSAL_COST)


def left_of(seats: IntArray, players: int) -> IntArray:
    """The seat on each seat's left: the next in turn order, where an L sends its chip (R1, R5).

    >>> left_of(np.array([0, 3]), 4).tolist()
    [1, 0]
    """
    return cast(IntArray, _rules.left_of(cast(int, seats), players))  # the engine's sum works on arrays


def right_of(seats: IntArray, players: int) -> IntArray:
    """The seat on each seat's right: the previous in turn order, where an R sends its chip (R1, R5).

    >>> right_of(np.array([0, 3]), 4).tolist()
    [3, 2]
    """
    return cast(IntArray, _rules.right_of(cast(int, seats), players))
