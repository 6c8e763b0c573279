"""Fast Monte Carlo over the exact table's chain: one table look-up per turn (R4-R10).

When the rules have an exact table (:func:`.exact.supports`), every turn from every position is already
known as a row of :class:`.exact.Chain`. Here those rows become one small table per position, with a column
for each way the three dice can fall when faces that act alike are not told apart (the *kinds*: L, C, R,
dot, and W with Wild dice; 4 x 4 x 4 = 64 columns, or 5 x 5 x 5 = 125, and a null column). A seat with fewer
dice reads the first ones (R4). A turn is then: draw a column, look up the next position and how many seats
the dice moved. Games that end move to an absorbing position that names the winner, so batches run without
branching.

Where the time goes, and why the table is shaped so: a turn costs a few passes over the games in play, and
the look-up is the dearest when the table does not fit in the processor's cache. Columns by kind rather than
by face (216) make the table about three times smaller, and one 32-bit entry holds both the next position's
first column (its row offset, so no multiplication) and the seats moved (in the low 4 bits), so a turn reads
the table once. The seats moved are not taken out turn by turn: the entries themselves are added up, and
because every row offset is a multiple of the number of seats (the row width is rounded up to one), the sum
tells the seat to play modulo the seats. A turn is then four passes: add the roll, read the entry, shift out
the offset, add the entry.

The dice come from the generator's raw 64-bit words read as 16-bit numbers: the first 65,448 of the 65,536
(303 times 216) stand for the 216 ordered rolls of three dice (6 x 6 x 6), 303 numbers each, mapped to their
column by a 65,536-entry table. The last 88 numbers (0.13%) go to a *null* column that leaves the position as
it is, so the turn is rolled again with the next number: the same as drawing again, without a pass to look
for them. Every column has exactly its chance (tested by counting).
"""

from __future__ import annotations

import itertools
import multiprocessing
import signal
import sys
import warnings
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from lcr_audio.engine import Face, Rules, Seat
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.game.analysis.exact import Chain, TooLargeError, build_chain
from lcr_audio.game.analysis.kernel import NO_WINNER, IntArray
from lcr_audio.game.usual import usual_reverse_at

FACE_ROLLS: Final = 6**MAX_DICE
"""Ordered rolls of three six-sided dice."""

NUMBERS: Final = 1 << 16
"""The random numbers a roll is read from (16 bits)."""

FAIR_NUMBERS: Final = NUMBERS - NUMBERS % FACE_ROLLS
"""Numbers below this stand for rolls (each roll 303 times); the rest roll again (the null column)."""

CHUNK: Final = 1 << 15
"""Games played side by side in one chunk (their arrays stay in the processor's cache)."""

WORKERS: Final = 2
"""Workers that share a simulation (this project's machines have two cores)."""

PROCESS_MIN_GAMES: Final = 400_000
"""From this many games, :meth:`ChainSimulator.play_parallel` shares them between processes (on Linux)."""

TURNS_PER_CHECK: Final = 16
"""Turns played before finished games are taken out."""

MAX_TABLE_BYTES: Final = 40_000_000
"""The largest table built here (5 seats with 3 chips take 3 MB; 6 seats with 3, 26 MB)."""

MOVED_BITS: Final = 4
"""An entry's low bits: the seats moved (at most 9); above them, the next position's row offset."""

Int32Array = npt.NDArray[np.int32]
UInt8Array = npt.NDArray[np.uint8]


def kinds(rules: Rules) -> list[Face]:
    """The distinct faces of ``rules``' die, in :class:`Face` order (R3)."""
    return sorted(set(rules.die), key=list(Face).index)


def span(rules: Rules) -> int:
    """Columns per position: the kinds of three dice (64 with plain dice, 125 with Wild), then the null
    column, then unused ones up to a multiple of the number of seats."""
    used = len(kinds(rules)) ** MAX_DICE + 1
    return -(-used // rules.players) * rules.players


def null_column(rules: Rules) -> int:
    """The column that leaves the position as it is (a number that is not a roll: roll again)."""
    return len(kinds(rules)) ** MAX_DICE


def roll_columns(rules: Rules) -> UInt8Array:
    """For each 16-bit number, its column: numbers below :data:`FAIR_NUMBERS` stand for the ordered roll
    ``number % 216`` of three dice (first die slowest), mapped to its three kinds; the others for the null
    column."""
    faces = kinds(rules)
    width = len(faces)
    by_roll = np.zeros(FACE_ROLLS, dtype=np.uint8)
    for i, roll in enumerate(itertools.product(rules.die, repeat=MAX_DICE)):
        first, second, third = (faces.index(face) for face in roll)
        by_roll[i] = (first * width + second) * width + third
    columns = np.full(NUMBERS, null_column(rules), dtype=np.uint8)
    columns[:FAIR_NUMBERS] = by_roll[np.arange(FAIR_NUMBERS) % FACE_ROLLS]
    return columns


def column_outcomes(rules: Rules) -> IntArray:
    """For d = 0..3 dice and each column, the index of the distinct roll its first d dice show, in the order
    of :func:`.exact.outcomes` (combinations of the kinds, R4); -1 for the null column."""
    faces = kinds(rules)
    mapping = np.full((MAX_DICE + 1, span(rules)), -1, dtype=np.int64)
    for dice in range(1, MAX_DICE + 1):
        distinct = list(itertools.combinations_with_replacement(faces, dice))
        for column, shown in enumerate(itertools.product(faces, repeat=MAX_DICE)):
            mapping[dice, column] = distinct.index(tuple(sorted(shown[:dice], key=faces.index)))
    return mapping


@dataclass(frozen=True)
class ChainSimulator:
    """Plays games on one table size's chain. Build with :func:`chain_simulator`.

    Attributes:
        rules: the options in force (with an exact table).
        chain: the exact chain the table comes from.
        entries: per position and column (flat, ``position * span + column``), the next position's row
            offset (``next * span``) times 2**:data:`MOVED_BITS`, plus the seats the dice moved. Positions
            at and after ``len(chain.states)`` are absorbing, "the seat this many seats on from the roller
            won", and move nobody.
        columns: :func:`roll_columns`.
        span: :func:`span`.
    """

    rules: Rules
    chain: Chain
    entries: npt.NDArray[np.uint32]
    columns: UInt8Array
    span: int

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
        """:meth:`play` with the games shared between one worker per generator; each generator moves on as
        if its share had been played here.

        On Linux, from :data:`PROCESS_MIN_GAMES` games, the workers are processes forked from this one (the
        table is shared, not copied): a turn is a few short numpy passes, and threads would wait on each
        other for the interpreter lock between them (measured: two threads 0.9 to 1.35 times one, two
        processes 1.45 to 1.8 times). Elsewhere, where forking is unsafe or unavailable, and for fewer
        games, they are threads. A forked worker ignores Control+C: the command that started it handles it.
        """
        shares = [games // len(rngs) + (i < games % len(rngs)) for i in range(len(rngs))]
        jobs = [(start, mover, share, rng) for share, rng in zip(shares, rngs, strict=True)]
        if sys.platform == "linux" and games >= PROCESS_MIN_GAMES and len(rngs) > 1:
            global _FORKED
            _FORKED = self
            try:
                with warnings.catch_warnings():  # Python 3.12's note on forking with threads: none run here
                    warnings.simplefilter("ignore", DeprecationWarning)
                    context = multiprocessing.get_context("fork")
                    with ProcessPoolExecutor(
                        len(rngs), mp_context=context, initializer=_quiet_worker
                    ) as pool:
                        done = list(pool.map(_play_forked, jobs))
            finally:
                _FORKED = None
            for rng, (_, state) in zip(rngs, done, strict=True):
                rng.bit_generator.state = state
            parts = [wins for wins, _ in done]
        else:
            with ThreadPoolExecutor(max_workers=len(rngs)) as threads:
                parts = list(threads.map(lambda job: self.play(*job), jobs))
        total: IntArray = np.sum(parts, axis=0)
        return total

    def rolls(self, rng: np.random.Generator, count: int) -> UInt8Array:
        """``count`` fair rolls of three dice as columns, from 16-bit pieces of the generator's raw words
        (:data:`FAIR_NUMBERS`: a few are the null column, which rolls again)."""
        raw = rng.bit_generator.random_raw((count + 3) // 4).view(np.uint16)[:count]
        drawn: UInt8Array = np.take(self.columns, raw)
        return drawn

    def play(self, start: int, mover: Seat, games: int, rng: np.random.Generator) -> IntArray:
        """Games won by each seat out of ``games`` played from table row ``start`` with ``mover`` to play."""
        seats, width, size = self.rules.players, self.span, len(self.chain.states)
        ended = size * width
        entries = self.entries
        wins = np.zeros(seats, dtype=np.int64)
        # At most CHUNK games side by side; a game that ends makes room for one not yet started, so the
        # arrays stay full (and each pass long) until the last games.
        playing = min(CHUNK, games)
        to_start = games - playing
        where = np.full(playing, start * width, dtype=np.uint32)  # the position's row offset
        moved = np.full(playing, mover, dtype=np.uint32)  # the roller, modulo the seats (see above)
        index = np.empty(playing, dtype=np.uint32)
        entry = np.empty(playing, dtype=np.uint32)
        while playing:
            rolls = self.rolls(rng, playing * TURNS_PER_CHECK)
            for turn in range(TURNS_PER_CHECK):
                np.add(where, rolls[turn * playing : (turn + 1) * playing], out=index)
                np.take(entries, index, out=entry)
                np.right_shift(entry, MOVED_BITS, out=where)
                np.add(moved, entry, out=moved)
            np.remainder(moved, seats, out=moved)  # before the sum could pass 2**32
            done = np.flatnonzero(where >= ended)
            if not len(done):
                continue
            winner = moved[done].astype(np.int64) + where[done].astype(np.int64) // width - size
            wins += np.bincount(winner % seats, minlength=seats)
            fresh = min(len(done), to_start)
            where[done[:fresh]], moved[done[:fresh]] = start * width, mover
            to_start -= fresh
            if fresh < len(done):  # nothing left to start: the ended games leave the arrays
                going = np.ones(playing, dtype=bool)
                going[done[fresh:]] = False
                where, moved = where[going], moved[going]
                playing = len(where)
                index, entry = index[:playing], entry[:playing]
        return wins


_FORKED: ChainSimulator | None = None
"""The simulator a forked worker plays on (set just before the fork, so the worker has it)."""


def _quiet_worker() -> None:
    """A forked worker leaves Control+C to the command that started it (no second traceback)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_forked(job: tuple[int, Seat, int, np.random.Generator]) -> tuple[IntArray, Mapping[str, Any]]:
    """One worker's share, with its generator's state after it (the caller's generator takes it on)."""
    start, mover, games, rng = job
    assert _FORKED is not None
    return _FORKED.play(start, mover, games, rng), rng.bit_generator.state


def generators(seed: int | None, workers: int | None = None) -> list[np.random.Generator]:
    """One independent generator per worker thread, all from ``seed`` (repeatable with the same seed).

    SFC64 gives raw words fastest of numpy's generators; each thread's stream is spawned from one
    :class:`~numpy.random.SeedSequence`, so the streams do not overlap.
    """
    children = np.random.SeedSequence(seed).spawn(workers or WORKERS)
    return [np.random.Generator(np.random.SFC64(child)) for child in children]


def chain_simulator(rules: Rules, chain: Chain | None = None) -> ChainSimulator:
    """The table of one turn per position and column, from ``chain`` (built when not given).

    Raises:
        TooLargeError: ``rules`` have no exact table, or its turn table would take more than
            :data:`MAX_TABLE_BYTES`.
    """
    chain = chain if chain is not None else build_chain(rules, usual_reverse_at(rules))
    seats = rules.players
    size = len(chain.states)
    outcomes = column_outcomes(rules)
    width = span(rules)
    if (size + seats) * width * 4 > MAX_TABLE_BYTES or (size + seats) * width * TURNS_PER_CHECK >= 1 << 28:
        raise TooLargeError(f"The turn table for {rules} is too large.")
    row_start = np.searchsorted(chain.source, np.arange(size + 1))
    dice = chain.dice  # as the chain was built, with its reversal threshold (R4, R9)
    going = chain.winner == NO_WINNER
    rows = row_start[:-1, None] + np.maximum(outcomes[dice], 0)
    after = np.where(going, chain.target, size + chain.winner)[rows]
    moved = np.where(going, chain.turn, 0)[rows]
    null = outcomes[dice] < 0  # the null column: the same position, nobody moved
    after[null] = np.broadcast_to(np.arange(size)[:, None], after.shape)[null]
    moved[null] = 0
    after = np.concatenate([after, np.repeat(size + np.arange(seats), width).reshape(seats, width)])
    moved = np.concatenate([moved, np.zeros((seats, width), dtype=np.int64)])
    return ChainSimulator(
        rules,
        chain,
        (((after * width) << MOVED_BITS) + moved).ravel().astype(np.uint32),
        roll_columns(rules),
        width,
    )
