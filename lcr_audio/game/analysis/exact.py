"""The exact chance of winning from every position of a table size (R4-R11), as one table.

A position at the start of a turn is (chips per seat, pot, seat to play). The table holds, for every such
position with at least two seats holding chips, each seat's chance of winning when every computer player
follows the default policy (:mod:`.kernel`). Positions are stored turned so that the seat to play is first:
turning the table turns the odds (R1), so one entry serves every seat.

How it is solved: every position and every distinct roll (:func:`~lcr_audio.engine.roll_outcomes`' counts,
with their exact probabilities) goes through the differential-tested kernel once, which gives the chain
from turn to turn. Under plain dice chips only leave the table (a C, R5), so positions fall into classes
by the chips on the table, each solved after the classes below it by value iteration; with Wild or
reversible dice chips come back from the pot, and the whole chain is iterated at once.

Only the ``last-with-chips`` win condition (R10) has a finite chain: under the others the last seat keeps
rolling and a reset (R11) adds chips for ever, so those are simulated (:mod:`.simulate`).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from lcr_audio.engine import Face, Rules, WinCondition, arrays
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.game.analysis.kernel import FACE_CODES, NO_WINNER, IntArray, play_turn

FloatArray = npt.NDArray[np.float64]

MAX_STATES: Final = 150_000
"""The largest table solved exactly (6 seats with 3 chips have 100,947 positions; 6 with 4 have 475,020)."""

TOLERANCE: Final = 1e-15
"""Value iteration stops when no chance changes by more than this."""

MAX_SWEEPS: Final = 20_000

CHUNK_ROWS: Final = 100_000
"""Turns played through the kernel at once while the chain is built (memory: about 1 kB each)."""


class TooLargeError(ValueError):
    """The rules have no exact table here: too many positions, or a win condition without an end (R10)."""


def state_count(rules: Rules) -> int:
    """The number of positions in the exact table for ``rules``: chips on the table from 1 to all of them,
    the seat to play holding at least one (stars and bars: C(T + N - 1, N) for T chips and N seats).
    """
    return math.comb(rules.total_chips + rules.players - 1, rules.players)


def supports(rules: Rules) -> bool:
    """True when the exact table exists for ``rules`` and is small enough (:data:`MAX_STATES`)."""
    return rules.win is WinCondition.LAST_WITH_CHIPS and state_count(rules) <= MAX_STATES


def random_table_position(rng: random.Random, rules: Rules) -> tuple[tuple[int, ...], int, int]:
    """A position of ``rules``' exact table, drawn from ``rng`` (for checks and benchmarks): the chips are
    cut at random points into the pot and the seats, at least two seats hold some, and the seat to play
    is one of them. Returns (chips per seat, pot, seat to play)."""
    while True:
        cuts = sorted(rng.randint(0, rules.total_chips) for _ in range(rules.players))
        chips = tuple(b - a for a, b in itertools.pairwise([*cuts, rules.total_chips]))
        if sum(1 for n in chips if n) >= 2:
            return chips, cuts[0], rng.choice([s for s, n in enumerate(chips) if n])


def _compositions(total: int, seats: int) -> IntArray:
    """Every way to put at most ``total`` chips on ``seats`` seats with the first holding at least one."""
    parts = np.arange(1, total + 1, dtype=np.int64)[:, None]
    for _ in range(seats - 1):
        room = total - parts.sum(axis=1)
        counts = room + 1
        base = np.repeat(parts, counts, axis=0)
        extra = np.concatenate([np.arange(c) for c in counts])
        parts = np.column_stack([base, extra])
    return parts


def _outcomes(rules: Rules, dice: int) -> tuple[IntArray, FloatArray]:
    """The distinct rolls of ``dice`` dice as kernel codes (padded to three with dots) and their chances."""
    faces = sorted(set(rules.die), key=list(Face).index)
    weight = {face: rules.die.count(face) / len(rules.die) for face in faces}
    rolls, chances = [], []
    for roll in itertools.combinations_with_replacement(faces, dice):
        counts = [roll.count(face) for face in faces]
        chance = math.factorial(dice) / math.prod(math.factorial(c) for c in counts)
        chance *= math.prod(weight[face] ** c for face, c in zip(faces, counts, strict=True))
        codes = [FACE_CODES[face] for face in roll] + [FACE_CODES[Face.DOT]] * (MAX_DICE - dice)
        rolls.append(codes)
        chances.append(chance)
    return np.array(rolls, dtype=np.int64), np.array(chances)


@dataclass(frozen=True)
class Chain:
    """Every position's turn as rows: position ``source`` goes with ``chance`` to position ``target`` turned
    by ``turn`` seats (the new seat to play, counted from the old one), or ends with ``winner`` (counted from
    the old seat to play; -1 while the game goes on) taking ``pot_won`` chips from the pot.
    ``dice`` is how many dice the seat to play rolls at each position (R4), 3 where the computer player
    reverses them (R9): the engine's :func:`~lcr_audio.engine.arrays.dice_for` with the chain's reversal
    threshold.
    """

    states: IntArray
    codes: IntArray
    dice: IntArray
    source: IntArray
    target: IntArray
    turn: IntArray
    winner: IntArray
    pot_won: IntArray
    chance: FloatArray


def build_chain(rules: Rules, reverse_at: int = 6) -> Chain:
    """All positions of ``rules``' table and one turn from each, through the kernel (R4-R11).

    Raises:
        TooLargeError: ``rules`` have no exact table (:func:`supports`).
    """
    if not supports(rules):
        raise TooLargeError(f"No exact table for {rules}.")
    seats, total = rules.players, rules.total_chips
    states = _compositions(total, seats)
    states = states[(states > 0).sum(axis=1) >= 2]
    table = states.sum(axis=1)
    codes = _encode(states, total)
    order = np.lexsort((codes, table))
    states, codes = states[order], codes[order]
    own = states[:, 0]
    dice = arrays.dice_for(own, arrays.may_reverse(rules, own) & (own >= reverse_at))
    parts: list[tuple[IntArray, IntArray, FloatArray]] = []
    for n in range(1, MAX_DICE + 1):
        index = np.flatnonzero(dice == n)
        rolls, chances = _outcomes(rules, n)
        parts.append(
            (np.repeat(index, len(rolls)), np.tile(rolls, (len(index), 1)), np.tile(chances, len(index)))
        )
    source = np.concatenate([p[0] for p in parts])
    faces = np.concatenate([p[1] for p in parts])
    chance = np.concatenate([p[2] for p in parts])
    keep = np.argsort(source, kind="stable")
    source, faces, chance = source[keep], faces[keep], chance[keep]
    by_code = np.argsort(codes)
    sorted_codes = codes[by_code]
    target = np.zeros(len(source), dtype=np.int64)
    turn = np.zeros(len(source), dtype=np.int64)
    winner = np.zeros(len(source), dtype=np.int64)
    pot_won = np.zeros(len(source), dtype=np.int64)
    for first in range(0, len(source), CHUNK_ROWS):  # in chunks: a few dozen MB at a time
        rows = slice(first, first + CHUNK_ROWS)
        start = states[source[rows]]
        result = play_turn(
            rules,
            start,
            total - start.sum(axis=1),
            np.zeros(len(start), dtype=np.int64),
            faces[rows],
            reverse_at,
        )
        if result.reset.any():  # never under last-with-chips from two holders (R10, R11)
            raise AssertionError("A reset in the exact chain.")
        turned = np.take_along_axis(
            result.chips, (result.mover[:, None] + np.arange(seats)[None, :]) % seats, axis=1
        )
        going = result.winner == NO_WINNER
        wanted = _encode(turned, total)
        found = np.minimum(np.searchsorted(sorted_codes, wanted), len(codes) - 1)
        if not np.array_equal(sorted_codes[found[going]], wanted[going]):
            raise AssertionError("A position outside the exact table.")
        target[rows] = np.where(going, by_code[found], 0)
        turn[rows], winner[rows], pot_won[rows] = result.mover, result.winner, result.pot_won
    return Chain(states, codes, dice, source, target, turn, winner, pot_won, chance)


def _encode(states: IntArray, total: int) -> IntArray:
    weights = (total + 1) ** np.arange(states.shape[1], dtype=np.int64)
    return states @ weights


@dataclass(frozen=True)
class Solution:
    """Per position (as :attr:`Chain.states`) and seat counted from the seat to play.

    Attributes:
        win: each seat's chance of winning, shape (positions, seats).
        rolls: the expected number of turns each seat rolls, from this turn on (``None`` unless asked).
        seat_turns: the expected number of times the dice reach each seat, skipped or not (R4).
        pot_won: the expected chips each seat takes from the pot as the winner (R12), times nothing else:
            divide by ``win`` for the pot a winning seat takes.
    """

    win: FloatArray
    rolls: FloatArray | None = None
    seat_turns: FloatArray | None = None
    pot_won: FloatArray | None = None


def solve(
    rules: Rules,
    chain: Chain,
    *,
    expectations: bool = False,
    progress: Callable[[float], None] | None = None,
) -> Solution:
    """Each position's odds (and, with ``expectations``, turns and pot) by value iteration on ``chain``.

    ``progress``, when given, is called with the share of the work done (0 to 1, never going back) after
    every sweep: the classes solved, and within a class how far its largest change has come down from 1
    towards :data:`TOLERANCE` (on a log scale; value iteration shrinks it by about the same factor a sweep).

    Plain dice: classes by chips on the table, lowest first, each iterated alone. Wild or reversible dice
    (chips can return from the pot): one iteration over everything.
    """
    seats = rules.players
    size = len(chain.states)
    columns = 4 if expectations else 1
    width = columns * seats
    going = chain.winner == NO_WINNER
    rel = np.arange(seats)

    # Constant part of each row, times its chance: a win, a roll for the seat to play, the seats skipped
    # before the next one, the pot a win takes.
    def weighted(rows: slice) -> FloatArray:
        """The constant part of ``rows``, each times its chance (one class at a time: memory)."""
        chance, winner, ended = chain.chance[rows], chain.winner[rows], ~going[rows]
        out = np.zeros((len(chance), width))
        last = np.flatnonzero(ended)
        out[last, winner[last]] = chance[last]
        if expectations:
            out[:, seats] = chance
            out[:, 2 * seats] = chance
            skipped = going[rows][:, None] & (rel[None, :] > 0) & (rel[None, :] < chain.turn[rows][:, None])
            out[:, 2 * seats : 3 * seats] += skipped * chance[:, None]
            out[last, 3 * seats + winner[last]] = chain.pot_won[rows][last] * chance[last]
        return out

    def gather(rows: slice) -> IntArray:
        """Where each row's next position sits in the flat table, turned back to the old seat to play."""
        target, turn = chain.target[rows], chain.turn[rows]
        return (
            target[:, None, None] * width
            + np.arange(columns)[None, :, None] * seats
            + ((rel[None, :] - turn[:, None]) % seats)[:, None, :]
        ).reshape(-1, width)

    values = np.zeros((size, width))
    table = chain.states.sum(axis=1)
    if rules.wild or rules.reversible:
        classes = [np.arange(size)]
    else:
        classes = [np.flatnonzero(table == t) for t in np.unique(table)]
    row_starts = np.searchsorted(chain.source, np.arange(size + 1))
    reported = 0.0
    for members in classes:
        if progress is not None:
            reported = max(reported, int(members[0]) / size)
            progress(reported)
        share = (int(members[-1]) + 1 - int(members[0])) / size
        first, last = int(members[0]), int(members[-1]) + 1
        rows = slice(int(row_starts[first]), int(row_starts[last]))
        inside = going[rows] & (chain.target[rows] >= first) & (chain.target[rows] < last)
        const = weighted(rows)
        out = going[rows] & ~inside
        where = gather(rows)
        const[out] += chain.chance[rows][out, None] * values.ravel()[where[out]]
        starts = row_starts[first:last] - row_starts[first]
        base = np.add.reduceat(const, starts, axis=0)
        in_rows = np.flatnonzero(inside)
        in_gather = where[in_rows]
        del where
        in_chance = chain.chance[rows][in_rows, None]
        owner = chain.source[rows][in_rows] - first
        count = np.bincount(owner, minlength=last - first)
        in_starts = np.minimum(np.concatenate([[0], np.cumsum(count)[:-1]]), max(len(in_rows) - 1, 0))
        empty = count == 0
        flat = values.ravel()
        block = values[first:last]
        for _ in range(MAX_SWEEPS):
            if len(in_rows):
                contrib = np.add.reduceat(in_chance * flat[in_gather], in_starts, axis=0)
                contrib[empty] = 0.0
                new = base + contrib
            else:
                new = base
            change = np.max(np.abs(new - block)) if len(new) else 0.0
            values[first:last] = new
            block = values[first:last]
            if change <= TOLERANCE:
                break
            if progress is not None:
                come_down = min(max(math.log(change) / math.log(TOLERANCE), 0.0), 1.0) if change < 1 else 0.0
                reported = max(reported, int(members[0]) / size + come_down * share)
                progress(reported)
    shaped = values.reshape(size, columns, seats)
    if not expectations:
        return Solution(win=shaped[:, 0, :])
    return Solution(shaped[:, 0, :], shaped[:, 1, :], shaped[:, 2, :], shaped[:, 3, :])
