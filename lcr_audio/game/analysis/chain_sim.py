"""Fast Monte Carlo over the exact table's chain: one table look-up per turn (R4-R10).

When the rules have an exact table (:func:`.exact.supports`), every turn from every position is already
known as a row of :class:`.exact.Chain`. Here those rows become one table per position of 216 columns,
one per ordered roll of three fair dice (6 x 6 x 6 equally likely; a seat with fewer dice reads the first,
R4), so a turn is: take a number below 216, look up the next position and how far the dice moved. Games
that end move to an absorbing position that names the winner, so batches run without branching.

The dice come from bytes: a byte below 216 is a fair roll (the others are dropped), one byte per turn.
(A compiled loop over the same table, with numba, was tried: 1.2 million games a second at 5 seats against
numpy's 0.85 million, both waiting on memory for the table, so numba is not used.)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from lcr_audio.engine import Face, Rules, Seat
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.game.analysis.exact import Chain, TooLargeError, build_chain
from lcr_audio.game.analysis.kernel import NO_WINNER, IntArray

ROLLS: Final = 6**MAX_DICE
"""Ordered rolls of three six-sided dice."""

CHUNK: Final = 1 << 16
"""Games played side by side in one chunk."""

WORKERS: Final = 2
"""Threads that share a simulation (this project's machines have two cores)."""

TURNS_PER_CHECK: Final = 8
"""Turns played before finished games are taken out."""

MAX_TABLE_BYTES: Final = 40_000_000
"""The largest table built here (5 seats with 3 chips take 5 MB; 6 seats with 3, 87 MB: simulated by the
kernel instead)."""

Int32Array = npt.NDArray[np.int32]


def _roll_index(rules: Rules) -> IntArray:
    """For d = 0..3 dice and each of the 216 ordered rolls, the index of its distinct roll (R4)."""
    faces = sorted(set(rules.die), key=list(Face).index)
    mapping = np.zeros((MAX_DICE + 1, ROLLS), dtype=np.int64)
    for dice in range(1, MAX_DICE + 1):
        distinct = list(itertools.combinations_with_replacement(faces, dice))
        for i, roll in enumerate(itertools.product(rules.die, repeat=MAX_DICE)):
            shown = tuple(sorted(roll[:dice], key=faces.index))
            mapping[dice, i] = distinct.index(shown)
    return mapping


@dataclass(frozen=True)
class ChainSimulator:
    """Plays games on one table size's chain. Build with :func:`chain_simulator`.

    Attributes:
        rules: the options in force (with an exact table).
        chain: the exact chain the table comes from.
        table: the 216 next entries per position, flat: ``position * seats + seats moved``; positions at
            and after ``len(chain.states)`` are absorbing: "the seat this many seats on from the roller won".
        position_of: an entry's position.
        moved_by: an entry's seats moved.
    """

    rules: Rules
    chain: Chain
    table: npt.NDArray[np.integer[Any]]
    position_of: Int32Array
    moved_by: Int32Array

    def index_of(self, chips: tuple[int, ...], mover: Seat) -> int:
        """The table row of the position with ``mover`` to play.

        Raises:
            KeyError: the position is not in the table (fewer than two seats hold chips, or the chips and
                the pot do not add up).
        """
        seats = self.rules.players
        turned = np.array([chips[(mover + k) % seats] for k in range(seats)], dtype=np.int64)
        code = int(turned @ ((self.rules.total_chips + 1) ** np.arange(seats, dtype=np.int64)))
        found = np.flatnonzero(self.chain.codes == code)
        if len(found) != 1:
            raise KeyError(chips)
        return int(found[0])

    def wins(self, chips: tuple[int, ...], mover: Seat, games: int, seed: int | None = None) -> IntArray:
        """Games won by each seat out of ``games`` played from the position, on :data:`WORKERS` threads.

        Raises:
            KeyError: the position is not in the table.
        """
        return self.play_parallel(self.index_of(chips, mover), mover, games, generators(seed))

    def play_parallel(
        self, start: int, mover: Seat, games: int, rngs: Sequence[np.random.Generator]
    ) -> IntArray:
        """:meth:`play` with the games shared between one thread per generator (numpy lets go of the
        interpreter lock while it gathers, so the threads use the processor's cores)."""
        shares = [games // len(rngs) + (i < games % len(rngs)) for i in range(len(rngs))]
        with ThreadPoolExecutor(max_workers=len(rngs)) as pool:
            parts = list(pool.map(lambda job: self.play(start, mover, *job), zip(shares, rngs, strict=True)))
        total: IntArray = np.sum(parts, axis=0)
        return total

    def play(self, start: int, mover: Seat, games: int, rng: np.random.Generator) -> IntArray:
        """Games won by each seat out of ``games`` played from table row ``start`` with ``mover`` to play."""
        seats = self.rules.players
        ended = len(self.chain.states)
        flat, position_of, moved_by = self.table, self.position_of, self.moved_by
        wins = np.zeros(seats, dtype=np.int64)
        for first in range(0, games, CHUNK):
            count = min(CHUNK, games - first)
            where = np.full(count, start, dtype=np.int32)
            seat = np.full(count, mover, dtype=np.int32)
            while len(where):
                rolls = _rolls(rng, len(where) * TURNS_PER_CHECK)
                for turn in range(TURNS_PER_CHECK):
                    roll = rolls[turn * len(where) : (turn + 1) * len(where)]
                    entry = flat[where * ROLLS + roll]
                    where = position_of[entry]
                    seat += moved_by[entry]  # taken modulo the seats once the game ends
                done = where >= ended
                if done.any():
                    wins += np.bincount((seat[done] + where[done] - ended) % seats, minlength=seats)
                    where, seat = where[~done], seat[~done]
        return wins


def generators(seed: int | None, workers: int | None = None) -> list[np.random.Generator]:
    """One independent generator per worker thread, all from ``seed`` (repeatable with the same seed)."""
    return [np.random.default_rng(child) for child in np.random.SeedSequence(seed).spawn(workers or WORKERS)]


def _rolls(rng: np.random.Generator, count: int) -> npt.NDArray[np.uint8]:
    """``count`` fair ordered rolls of three dice (0 to 215): random bytes, those above 215 dropped."""
    parts: list[npt.NDArray[np.uint8]] = []
    have = 0
    while have < count:
        raw = np.frombuffer(rng.bytes((count - have) * 6 // 5 + 64), dtype=np.uint8)
        kept = raw[raw < ROLLS]
        parts.append(kept)
        have += len(kept)
    return np.concatenate(parts)[:count]


def chain_simulator(rules: Rules, chain: Chain | None = None) -> ChainSimulator:
    """The table of one turn per position and ordered roll, from ``chain`` (built when not given).

    Raises:
        TooLargeError: ``rules`` have no exact table, or its turn table would take more than
            :data:`MAX_TABLE_BYTES`.
    """
    chain = chain if chain is not None else build_chain(rules)
    seats = rules.players
    size = len(chain.states)
    entries = (size + seats) * seats
    dtype: type[np.integer[Any]] = np.uint16 if entries <= np.iinfo(np.uint16).max else np.int32
    if (size + seats) * ROLLS * np.dtype(dtype).itemsize > MAX_TABLE_BYTES:
        raise TooLargeError(f"The turn table for {rules} is too large.")
    row_start = np.searchsorted(chain.source, np.arange(size + 1))
    own = chain.states[:, 0]
    reverses = rules.reversible & (own > 3) & (own >= 6)
    dice = np.where(reverses, MAX_DICE, np.minimum(own, MAX_DICE))
    going = chain.winner == NO_WINNER
    entry = np.where(going, chain.target * seats + chain.turn, (size + chain.winner) * seats)
    table = entry[row_start[:-1, None] + _roll_index(rules)[dice]]
    absorbing = ((size + np.arange(seats)) * seats)[:, None].repeat(ROLLS, axis=1)
    every = np.arange(entries)
    return ChainSimulator(
        rules,
        chain,
        np.concatenate([table, absorbing]).ravel().astype(dtype),
        (every // seats).astype(np.int32),
        (every % seats).astype(np.int32),
    )
