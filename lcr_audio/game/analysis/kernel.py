"""One turn of Left Right Center for many positions at once, vectorised with numpy.

The engine's :func:`~lcr_audio.engine.step` is the reference; this kernel plays the same turn (R4-R11) on
arrays, so simulations and the exact table can handle millions of positions. ``tests/test_analysis_kernel``
checks it against ``step`` over random positions, rolls and every rule option.

Faces are small integers (:data:`FACE_CODES`). Computer players' choices follow the default
``greedy`` :class:`~lcr_audio.game.bots.Policy`: a Wild takes from the seat with most chips, gives to the
seat with fewest, ties to the nearest on the left, and the dice are reversed from ``reverse_at`` chips on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from lcr_audio.engine import (
    REVERSAL_COST,
    Face,
    GameState,
    Phase,
    Rules,
    Seat,
    ThreeWilds,
    WinCondition,
    arrays,
)
from lcr_audio.engine.arrays import FACE_CODES, die_codes
from lcr_audio.engine.rules import MAX_DICE

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

LEFT: Final = FACE_CODES[Face.LEFT]
CENTER: Final = FACE_CODES[Face.CENTER]
RIGHT: Final = FACE_CODES[Face.RIGHT]
DOT: Final = FACE_CODES[Face.DOT]
WILD: Final = FACE_CODES[Face.WILD]
"""The kernel's number for each face: the engine's :data:`~lcr_audio.engine.arrays.FACE_CODES`."""

NO_WINNER: Final = -1

# FACE_CODES and die_codes come from the engine's twin; the analysis imports them from here too.
__all__ = ["CENTER", "DOT", "FACE_CODES", "LEFT", "NO_WINNER", "RIGHT", "WILD", "BoolArray", "IntArray"]
__all__ += ["TurnResult", "die_codes", "greedy_choice", "play_turn", "roll_faces"]


@dataclass(frozen=True)
class TurnResult:
    """What one turn did to each position (arrays of the same length as the input).

    Attributes:
        chips: chips per seat after the turn (winnings included), shape (games, seats).
        pot: the pot after the turn.
        mover: the seat to play next (after skipping seats without chips, R4); the roller once it is over.
        winner: the winning seat, or -1 when the game goes on (R8, R10).
        pot_won: the chips the winner took from the pot in the winning turn (three Wilds, R8, and R12);
            0 when the game goes on.
        reversed: the roller reversed the dice (R9).
        reset: every seat got the starting chips again (R11).
    """

    chips: IntArray
    pot: IntArray
    mover: IntArray
    winner: IntArray
    pot_won: IntArray
    reversed: BoolArray
    reset: BoolArray


def play_turn(
    rules: Rules, chips: IntArray, pot: IntArray, mover: IntArray, faces: IntArray, reverse_at: int
) -> TurnResult:
    """Play one whole turn from each position, with the given faces (R4-R11).

    Args:
        rules: the options in force.
        chips: chips per seat, shape (games, seats); not changed.
        pot: the pot per game, shape (games,).
        mover: the seat to play per game; it must hold a chip.
        faces: three face codes per game, shape (games, 3); a roller with fewer dice uses the first ones (R4).
        reverse_at: the computer players reverse the dice from this many chips (R9; only above 3 matters).

    Returns:
        The positions after the turn, with who won and what was taken.
    """
    games, seats = chips.shape
    chips = chips.astype(np.int64, copy=True)
    flat = chips.reshape(-1)  # a view: seat s of game g is flat[g * seats + s]
    pot = pot.astype(np.int64, copy=True)
    mover = mover.astype(np.int64, copy=False)
    base = np.arange(games) * seats
    at_mover = base + mover
    at_left = base + arrays.left_of(mover, seats)
    at_right = base + arrays.right_of(mover, seats)
    own = flat[at_mover]
    if rules.reversible:
        rev = arrays.may_reverse(rules, own) & (own >= reverse_at)
        flat[at_mover] -= REVERSAL_COST * rev
        pot += REVERSAL_COST * rev
        dice = arrays.dice_for(own, rev)
    else:
        rev = np.zeros(games, dtype=np.bool_)
        dice = arrays.dice_for(own)
    shown = np.where(np.arange(MAX_DICE)[None, :] < dice[:, None], faces, -1)
    n_left = (shown == LEFT).sum(axis=1)
    n_center = (shown == CENTER).sum(axis=1)
    n_right = (shown == RIGHT).sum(axis=1)
    holding = chips > 0
    sole = holding.sum(axis=1) == 1

    # Letters (R5; reversed R9: each takes only what there is).
    if rules.reversible:
        take_left = np.where(rev, np.minimum(n_left, flat[at_left]), -n_left)
        take_right = np.where(rev, np.minimum(n_right, flat[at_right]), -n_right)
        take_pot = np.where(rev, np.minimum(n_center, pot), -n_center)
    else:
        take_left, take_right, take_pot = -n_left, -n_right, -n_center
    flat[at_left] -= take_left
    flat[at_right] -= take_right
    pot -= take_pot
    flat[at_mover] += take_left + take_right + take_pot

    winner = np.full(games, NO_WINNER, dtype=np.int64)
    taken = np.zeros(games, dtype=np.int64)
    if rules.wild:
        n_wild = (shown == WILD).sum(axis=1)
        three = n_wild == MAX_DICE
        # Three Wilds (R8): take the pot; reversed (R9): the roller's chips go to the pot.
        plain3 = three & ~rev
        taken = pot * plain3
        flat[at_mover] += taken
        if rules.three_wilds is ThreeWilds.WIN:
            winner = np.where(plain3, mover, winner)
        pot = np.where(plain3, 0, pot)
        rev3 = three & rev
        pot += flat[at_mover] * rev3
        flat[at_mover] *= ~rev3
        # One or two Wilds, one at a time (R6, R7; reversed R9).
        others_at = (
            base[:, None] + (mover[:, None] + np.arange(1, seats)[None, :]) % seats
        )  # nearest left first
        rows = np.arange(games)
        for k in range(MAX_DICE - 1):
            acting = (n_wild > k) & ~three
            if not acting.any():
                break
            others = flat[others_at]
            most = np.argmax(np.where(others > 0, others, -1), axis=1)
            fewest = np.argmin(others, axis=1)
            can_take = acting & ~rev & (others.max(axis=1) > 0)
            can_give = acting & rev & (flat[at_mover] > 0)
            target = others_at[rows, np.where(rev, fewest, most)]
            delta = can_take.astype(np.int64) - can_give.astype(np.int64)
            flat[target] -= delta
            flat[at_mover] += delta

    # End of the turn (R10, R11).
    playing = winner == NO_WINNER
    holding = chips > 0
    holders = holding.sum(axis=1)
    if rules.win is WinCondition.LAST_WITH_CHIPS:
        won = playing & (holders == 1)
        winner = np.where(won, np.argmax(holding, axis=1), winner)
    elif rules.win is WinCondition.ROLL_ALL_DOTS:
        won = playing & sole & ((shown == DOT).sum(axis=1) == dice)
        winner = np.where(won, mover, winner)
    else:
        won = playing & sole & ~rev & (holders == 0)
        winner = np.where(won, mover, winner)
    pot_won = np.where(winner == NO_WINNER, 0, taken + pot * won)
    flat[base + np.maximum(winner, 0)] += pot * won
    pot = np.where(won, 0, pot)
    reset = (winner == NO_WINNER) & (holders == 0)
    if reset.any():
        chips[reset] = rules.chips

    # The next seat with chips, from the roller's left (R1, R4); the roller again if nobody else has any.
    ahead = (mover[:, None] + np.arange(1, seats + 1)[None, :]) % seats
    step_to = np.argmax(flat[base[:, None] + ahead] > 0, axis=1)
    next_mover = np.where(winner == NO_WINNER, (mover + 1 + step_to) % seats, mover)
    return TurnResult(chips, pot, next_mover, winner, pot_won, rev, reset)


def roll_faces(rules: Rules, games: int, rng: np.random.Generator) -> IntArray:
    """Three random faces per game from fair dice (R3), shape (games, 3)."""
    codes = die_codes(rules)
    return codes[rng.integers(0, len(codes), size=(games, MAX_DICE))]


def greedy_choice(state: GameState) -> Seat:
    """The default policy's seat for the Wild the game asks about (the kernel's choice): take from the seat
    with most chips (R7), give to the seat with fewest (R9), ties to the nearest on the left.

    Raises:
        ValueError: the game asks for no seat now.
    """
    if not state.choices:
        raise ValueError("There is no seat to choose.")
    sign = -1 if state.phase is Phase.WILD_TAKE else 1
    return min(state.choices, key=lambda seat: sign * state.chips[seat])  # min keeps the nearest of equals
