"""The exact chance of winning from every position of a table size (R4-R11), as one table.

A position at the start of a turn is (chips per seat, pot, seat to play). The table holds, for every such
position with at least two seats holding chips, each seat's chance of winning when every computer player
follows the default policy (:mod:`.kernel`). Positions are stored turned so that the seat to play is first:
turning the table turns the odds (R1), so one entry serves every seat.

How it is solved: every position and every distinct roll (:func:`~lcr_audio.engine.roll_outcomes`' counts,
with their exact probabilities) goes through the differential-tested kernel once, which gives the chain
from turn to turn. Positions fall into classes by the chips on the table; under plain dice chips only
leave the table (a C, R5), so each class is solved once, after the classes below it, by Gauss-Seidel
sweeps (:func:`solve`); with Wild or reversible dice chips can come back from the pot (R8, R9), and the
classes are swept again, in passes, until nothing changes. Where numba is installed and the compiled kernel
is ready (:mod:`.compiled`, never waited for here), the chain's turns go through its differential-tested
turn and the sweeps are a compiled loop updating each position in place: the same chain, the same figures
to within the tolerance.

Only the ``last-with-chips`` win condition (R10) has a finite chain: under the others the last seat keeps
rolling and a reset (R11) adds chips for ever, so those are simulated (:mod:`.simulate`).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from lcr_audio.engine import Face, Rules, Seat, WinCondition, arrays
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.game.analysis import compiled
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
        extra = np.arange(len(base)) - np.repeat(np.cumsum(counts) - counts, counts)
        parts = np.column_stack([base, extra])
    return parts


def table_row(rules: Rules, codes: IntArray, chips: tuple[int, ...], pot: int, mover: Seat) -> int | None:
    """The row of a table keyed by ``codes`` (sorted position codes, the mover's seat first) for the start of
    ``mover``'s turn, or ``None`` when the position is not in it (chips that do not add up, as after a reset,
    R11, or only one seat holding chips)."""
    seats, total = rules.players, rules.total_chips
    if len(chips) != seats or sum(chips) + pot != total or sum(1 for n in chips if n) < 2:
        return None
    turned = [chips[(mover + k) % seats] for k in range(seats)]
    code = sum(n * (total + 1) ** k for k, n in enumerate(turned))
    row = int(np.searchsorted(codes, code))
    if row >= len(codes) or int(codes[row]) != code:
        return None
    return row


def outcomes(rules: Rules, dice: int) -> tuple[IntArray, FloatArray]:
    """The distinct rolls of ``dice`` dice as kernel codes (padded to three with dots) and their chances (R3,
    R4): the exact chain's rolls, and the best responses'."""
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


def build_chain(rules: Rules, reverse_at: int = 6, *, kernel: compiled.Kernel | bool | None = True) -> Chain:
    """All positions of ``rules``' table and one turn from each, through the kernel (R4-R11).

    ``kernel`` as :func:`solve`'s: the turns played by the compiled kernel's :func:`.compiled.play_turn` (a
    loop, where numba is installed and the kernel is ready) or by the numpy kernel's; the same chain.

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
    states, codes, table = states[order], codes[order], table[order]
    own = states[:, 0]
    dice = arrays.dice_for(own, arrays.may_reverse(rules, own) & (own >= reverse_at))
    # Each position's rows: one per distinct roll of its dice, in outcomes' order (R4).
    by_dice = [outcomes(rules, n) for n in range(MAX_DICE + 1)]
    widest = max(len(chances) for _, chances in by_dice)
    roll_table = np.zeros((MAX_DICE + 1, widest, MAX_DICE), dtype=np.int64)
    chance_table = np.zeros((MAX_DICE + 1, widest))
    for n, (rolls, chances) in enumerate(by_dice):
        roll_table[n, : len(rolls)] = rolls
        chance_table[n, : len(chances)] = chances
    counts = np.array([len(chances) for _, chances in by_dice])[dice]
    source = np.repeat(np.arange(len(states)), counts)
    which = np.arange(len(source)) - np.repeat(np.cumsum(counts) - counts, counts)
    chance = chance_table[dice[source], which]
    by_code = np.argsort(codes)
    sorted_codes = codes[by_code]
    # The code of a position turned so that seat m plays first: seat j's chips count at place (j - m).
    places = (np.arange(seats)[None, :] - np.arange(seats)[:, None]) % seats
    turned_weights = (total + 1) ** places
    target = np.zeros(len(source), dtype=np.int64)
    turn = np.zeros(len(source), dtype=np.int64)
    winner = np.zeros(len(source), dtype=np.int64)
    pot_won = np.zeros(len(source), dtype=np.int64)
    chosen = compiled.ready() if kernel is True else (kernel or None)
    if chosen is not None:
        # The distinct rolls' faces packed as the compiled turn reads them: each face's count in its bits.
        packed = (np.int64(1) << (compiled.FACE_BITS * roll_table)).sum(axis=2)
        for n in range(MAX_DICE + 1):
            packed[n] -= (MAX_DICE - n) << (compiled.FACE_BITS * FACE_CODES[Face.DOT])  # the padding
        wrong = chosen.chain_turns(
            compiled.flags_of(rules),
            states,
            total,
            source,
            which,
            np.ascontiguousarray(packed),
            reverse_at,
            np.ascontiguousarray(turned_weights),
            sorted_codes,
            np.ascontiguousarray(by_code),
            target,
            turn,
            winner,
            pot_won,
        )
        if wrong:  # a reset never happens under last-with-chips from two holders (R10, R11)
            raise AssertionError("A reset or a position outside the exact table.")
        return Chain(states, codes, dice, source, target, turn, winner, pot_won, chance)
    for first in range(0, len(source), CHUNK_ROWS):  # in chunks: a few dozen MB at a time
        rows = slice(first, first + CHUNK_ROWS)
        from_state = source[rows]
        result = play_turn(
            rules,
            states[from_state],
            total - table[from_state],
            np.zeros(len(from_state), dtype=np.int64),
            roll_table[dice[from_state], which[rows]],
            reverse_at,
        )
        if result.reset.any():  # never under last-with-chips from two holders (R10, R11)
            raise AssertionError("A reset in the exact chain.")
        going = result.winner == NO_WINNER
        wanted = (result.chips * turned_weights[result.mover]).sum(axis=1)
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
    kernel: compiled.Kernel | bool | None = True,
) -> Solution:
    """Each position's odds (and, with ``expectations``, turns and pot) on ``chain``, to within
    :data:`TOLERANCE` a sweep (times the largest figure, for the turns and the pot, which exceed 1).

    ``progress``, when given, is called with the share of the work done (0 to 1, never going back): the
    positions solved, and within a class how far its largest change has come down from 1 towards
    :data:`TOLERANCE` (on a log scale: each sweep shrinks it by about the same factor).

    How (issue 25, item 4): positions fall into classes by the chips on the table (R5: a C takes one off,
    never back under plain dice), solved lowest first, each by Gauss-Seidel sweeps over slices of at most
    :data:`SLICE_STATES` positions, in the order of :func:`_sweep_order` (a slice uses the values the slices
    before it have just found). Wild or
    reversible dice can bring chips back from the pot (three Wilds, R8; a reversed C, R9): then the classes
    are swept again, in the same order, until a whole pass changes nothing by more than the tolerance.
    The four figures (odds, rolls, seat turns, pot) are four systems with the same chain, solved in turn.

    ``kernel``: where numba is installed the sweeps are a compiled loop (:mod:`.compiled`) that updates each
    position in place, the next ones reading it in the same sweep: ``True``, the compiled kernel if it is
    ready now (:func:`.compiled.ready`: this never waits for it to compile, nor compiles); a
    :class:`.compiled.Kernel`, that one; ``False`` or ``None``, numpy's sweeps by slices. Both find the same
    figures, to within the tolerance.
    """
    chosen = compiled.ready() if kernel is True else (kernel or None)
    plan = _Plan(rules, chain, chosen)
    groups: list[FloatArray] = [plan.constant_wins()]
    if expectations:
        groups += [plan.constant_rolls(), plan.constant_seat_turns(), plan.constant_pot()]
    found: list[FloatArray] = []
    for number, constant in enumerate(groups):
        share = None if progress is None else functools.partial(_part_done, progress, number, len(groups))
        found.append(plan.iterate(constant, share))
    if progress is not None:
        progress(1.0)
    if not expectations:
        return Solution(win=found[0])
    return Solution(*found)


PASS_SHARE: Final = 1e-3
"""With chips coming back from the pot, a pass solves each class until its sweeps change nothing by more than
this share of the last pass's largest change (the classes above are not final yet), or :data:`TOLERANCE`."""


def _part_done(progress: Callable[[float], None], number: int, parts: int, done: float) -> None:
    """Report ``done`` (0 to 1) of part ``number`` of ``parts`` as a share of the whole."""
    progress((number + done) / parts)


SLICE_STATES: Final = 4_096
"""The most positions updated together in a Gauss-Seidel sweep (:func:`solve`): fewer, and numpy's call
overhead dominates."""


def _sweep_order(states: IntArray, first: int, last: int) -> list[IntArray]:
    """The slices of the class ``first`` to ``last`` in the order a sweep updates them (:func:`solve`).

    Each position is placed by how many seats the seat to play sits to the left of the seat holding most
    chips (the first of equals): a turn moves the dice one holder on, and that seat mostly stays the same,
    so a turn mostly goes from one place to the next. Sweeping the places from the last to the first, most
    rows read values this same sweep has just found (Gauss-Seidel)."""
    seats = states.shape[1]
    local = np.arange(first, last)
    place = (seats - np.argmax(states[first:last], axis=1)) % seats
    order: list[IntArray] = []
    for at in range(seats - 1, -1, -1):
        members = local[place == at]
        order += [members[a : a + SLICE_STATES] for a in range(0, len(members), SLICE_STATES)]
    return order


@dataclass(frozen=True)
class _Slice:
    """One slice of a class: the positions kept at places ``first`` to ``last`` (:class:`_Plan`), and their
    rows into the class (``gather``: the flat indices of the values each row reads, ``chance``; ``starts``:
    where each position's rows start, ``empty``: positions without any)."""

    first: int
    last: int
    gather: IntArray
    chance: FloatArray
    starts: IntArray
    empty: npt.NDArray[np.bool_]


@dataclass(frozen=True)
class _Class:
    """The positions with one number of chips on the table (:func:`solve`): positions ``first`` to ``last``,
    the rows leaving the class (``out_*``, constant while it is solved) and its slices."""

    first: int
    last: int
    out_gather: IntArray
    out_chance: FloatArray
    out_owner: IntArray
    slices: tuple[_Slice, ...]


class _Plan:
    """The chain's rows arranged for :func:`solve`: constants per position, and per class and slice the
    flat indices of the values each row reads (the next position's, turned back to the seat that rolled).
    """

    def __init__(self, rules: Rules, chain: Chain, kernel: compiled.Kernel | None = None) -> None:
        self.chain = chain
        self.kernel = kernel
        """The compiled sweeps (:mod:`.compiled`), or ``None``: numpy's, by slices."""
        self.seats = seats = rules.players
        self.size = size = len(chain.states)
        self.going = going = chain.winner == NO_WINNER
        rel = np.arange(seats)
        table = chain.states.sum(axis=1)
        tables = np.unique(table)
        bounds = np.searchsorted(table, np.append(tables, tables[-1] + 1)) if size else np.zeros(1, np.int64)
        source, target, turn = chain.source, chain.target, chain.turn
        row_starts = np.searchsorted(source, np.arange(size + 1))
        target_table = table[target]
        self.upward = bool(np.any(going & (target_table > table[source])))
        """Some turn brings chips back from the pot: the classes are swept again until nothing changes."""
        # Positions are kept in sweep order (each class's slices one after another), so that a slice's
        # values are a plain range; ``place[p]`` is where the chain's position p is kept.
        order = [
            _sweep_order(chain.states, first, last) for first, last in itertools.pairwise(bounds.tolist())
        ]
        self.order = order_all = np.concatenate(
            [m for parts in order for m in parts] or [np.zeros(0, np.int64)]
        )
        """The chain's position kept at each place."""
        place = np.empty(size, dtype=np.int64)
        place[order_all] = np.arange(size)
        self.bounds = bounds
        """Where each class starts, and the end (places and positions alike: a class keeps its range)."""
        self.classes: tuple[_Class, ...] = ()
        self.sweeps = 0
        """Sweeps over a class in the last :meth:`iterate` (benchmarks)."""
        self.passes = 0
        """Passes over the classes in the last :meth:`iterate`: 1 unless :attr:`upward`."""
        if kernel is not None:
            self._rows_by_place(place, table)
            return
        classes = []
        for (first, last), parts in zip(itertools.pairwise(bounds.tolist()), order, strict=True):
            rows = slice(int(row_starts[first]), int(row_starts[last]))
            moving = going[rows]
            inside = moving & (target[rows] >= first) & (target[rows] < last)
            out = np.flatnonzero(moving & ~inside)
            into = np.flatnonzero(inside)

            def gather(picked: IntArray, rows: slice = rows) -> IntArray:
                t, k = place[target[rows][picked]], turn[rows][picked]
                return t[:, None] * seats + (rel[None, :] - k[:, None]) % seats

            in_place = place[source[rows][into]]
            by_place = np.argsort(in_place, kind="stable")
            into, in_place = into[by_place], in_place[by_place]
            in_gather, in_chance = gather(into), chain.chance[rows][into, None]
            slices = []
            low = first
            for members in parts:
                high = low + len(members)
                a, b = np.searchsorted(in_place, [low, high])
                count = np.bincount(in_place[a:b] - low, minlength=high - low)
                starts = np.concatenate([[0], np.cumsum(count)[:-1]])
                slices.append(
                    _Slice(
                        low,
                        high,
                        in_gather[a:b],
                        in_chance[a:b],
                        np.minimum(starts, max(b - a - 1, 0)),
                        count == 0,
                    )
                )
                low = high
            classes.append(
                _Class(
                    first,
                    last,
                    gather(out),
                    chain.chance[rows][out, None],
                    place[source[rows][out]] - first,
                    tuple(slices),
                )
            )
        self.classes = tuple(classes)

    def _rows_by_place(self, place: IntArray, table: IntArray) -> None:
        """The going rows as the compiled sweeps read them: by the place of their position, those inside
        its class (``inside_*``) and those leaving it (``outside_*``), each as where every place's rows
        start, the flat index of the next position's values, the turn and the chance."""
        chain, seats = self.chain, self.seats
        rows = np.flatnonzero(self.going)
        rows = rows[np.argsort(place[chain.source[rows]], kind="stable")]
        inside = table[chain.target[rows]] == table[chain.source[rows]]
        self.inside = self._csr(rows[inside], place, seats)
        self.outside = self._csr(rows[~inside], place, seats)

    def _csr(
        self, rows: IntArray, place: IntArray, seats: int
    ) -> tuple[IntArray, IntArray, IntArray, FloatArray]:
        chain = self.chain
        starts = np.searchsorted(place[chain.source[rows]], np.arange(self.size + 1)).astype(np.int64)
        reads = place[chain.target[rows]] * seats
        return starts, reads, chain.turn[rows].astype(np.int64), np.ascontiguousarray(chain.chance[rows])

    def _per_position(self, where: IntArray, column: IntArray, weight: FloatArray) -> FloatArray:
        """Sum ``weight`` into (position ``where``, seat ``column``) of a (positions, seats) array."""
        flat = np.bincount(where * self.seats + column, weights=weight, minlength=self.size * self.seats)
        return flat.astype(np.float64).reshape(self.size, self.seats)

    def constant_wins(self) -> FloatArray:
        """The chance of a win in this turn, per position and seat (counted from the seat to play)."""
        ended = np.flatnonzero(~self.going)
        chain = self.chain
        return self._per_position(chain.source[ended], chain.winner[ended], chain.chance[ended])

    def constant_rolls(self) -> FloatArray:
        """One roll for the seat to play, every turn (R4)."""
        out = np.zeros((self.size, self.seats))
        out[:, 0] = 1.0
        return out

    def constant_seat_turns(self) -> FloatArray:
        """The dice reach the seat to play, and every seat skipped before the next one (R4)."""
        chain = self.chain
        out = self.constant_rolls()
        for seat in range(1, self.seats):
            skipped = np.flatnonzero(self.going & (chain.turn > seat))
            out += self._per_position(
                chain.source[skipped], np.full(len(skipped), seat), chain.chance[skipped]
            )
        return out

    def constant_pot(self) -> FloatArray:
        """The pot a win in this turn takes, times its chance (R12)."""
        ended = np.flatnonzero(~self.going)
        chain = self.chain
        weight = chain.pot_won[ended].astype(np.float64) * chain.chance[ended]
        return self._per_position(chain.source[ended], chain.winner[ended], weight)

    def iterate(self, constant: FloatArray, progress: Callable[[float], None] | None) -> FloatArray:
        """Solve values = constant + (the chance-weighted values of the next positions), see :func:`solve`."""
        if self.kernel is not None:
            return self._iterate_compiled(self.kernel, constant, progress)
        constant = constant[self.order]
        values = np.zeros((self.size, self.seats))
        flat = values.reshape(-1)
        scale = max(1.0, float(np.max(np.abs(constant)))) if self.size else 1.0
        reported = 0.0
        passes = 0
        self.sweeps = 0
        settled = scale  # the largest change of the last pass: the classes need not be solved much finer
        while True:
            biggest = 0.0
            enough = max(TOLERANCE * scale, PASS_SHARE * settled) if self.upward else TOLERANCE * scale
            for group in self.classes:
                if progress is not None and passes == 0:
                    reported = max(reported, self._share(group.first, group.last, 0.0))
                    progress(reported)
                base = constant[group.first : group.last].copy()
                if len(group.out_owner):
                    np.add.at(base, group.out_owner, group.out_chance * flat[group.out_gather])
                for sweep in range(MAX_SWEEPS):
                    self.sweeps += 1
                    change = 0.0
                    for part in group.slices:
                        new = base[part.first - group.first : part.last - group.first]
                        if len(part.chance):
                            contrib = np.add.reduceat(part.chance * flat[part.gather], part.starts, axis=0)
                            contrib[part.empty] = 0.0
                            new = new + contrib
                        if len(new):
                            change = max(change, float(np.max(np.abs(new - values[part.first : part.last]))))
                            values[part.first : part.last] = new
                    if sweep == 0:
                        biggest = max(biggest, change)
                    scale = max(scale, float(np.max(np.abs(values[group.first : group.last]), initial=0.0)))
                    if change <= enough:
                        break
                    if progress is not None and passes == 0:
                        down = min(max(math.log(change / scale) / math.log(TOLERANCE), 0.0), 1.0)
                        reported = max(reported, self._share(group.first, group.last, down))
                        progress(reported)
                if progress is not None and passes == 0:
                    reported = max(reported, self._share(group.first, group.last, 1.0))
                    progress(reported)
            passes += 1
            self.passes = passes
            if not self.upward or biggest <= TOLERANCE * scale or passes >= MAX_SWEEPS:
                found = np.empty_like(values)
                found[self.order] = values
                return found
            settled = biggest
            if progress is not None:
                down = min(max(math.log(biggest / scale) / math.log(TOLERANCE), 0.0), 1.0)
                reported = max(reported, 0.5 + 0.5 * down)
                progress(reported)

    def _iterate_compiled(
        self, kernel: compiled.Kernel, constant: FloatArray, progress: Callable[[float], None] | None
    ) -> FloatArray:
        """:meth:`iterate` with the compiled sweeps: the same classes, order, tolerances and passes, but each
        position updated in place, the next ones reading it in the same sweep (true Gauss-Seidel)."""
        seats = self.seats
        flat_constant = np.ascontiguousarray(constant[self.order]).reshape(-1)
        values = np.zeros(self.size * seats)
        scale = max(1.0, float(np.max(np.abs(flat_constant)))) if self.size else 1.0
        limit = 1 if progress is not None else MAX_SWEEPS  # one sweep a call, to tell how far it has come
        reported = 0.0
        passes = 0
        self.sweeps = 0
        settled = scale
        pairs = list(itertools.pairwise(int(b) for b in self.bounds)) if self.size else []
        while True:
            biggest = 0.0
            enough = max(TOLERANCE * scale, PASS_SHARE * settled) if self.upward else TOLERANCE * scale
            for first, last in pairs:
                if progress is not None and passes == 0:
                    reported = max(reported, self._share(first, last, 0.0))
                    progress(reported)
                base = np.empty((last - first) * seats)
                kernel.class_base(values, flat_constant, first, last, seats, *self.outside, base)
                done = 0
                while done < MAX_SWEEPS:
                    count, first_change, change, largest = kernel.class_sweeps(
                        values, base, first, last, seats, *self.inside, enough, min(limit, MAX_SWEEPS - done)
                    )
                    if done == 0:
                        biggest = max(biggest, first_change)
                    done += count
                    scale = max(scale, largest)
                    if change <= enough:
                        break
                    if progress is not None and passes == 0:
                        down = min(max(math.log(change / scale) / math.log(TOLERANCE), 0.0), 1.0)
                        reported = max(reported, self._share(first, last, down))
                        progress(reported)
                self.sweeps += done
                if progress is not None and passes == 0:
                    reported = max(reported, self._share(first, last, 1.0))
                    progress(reported)
            passes += 1
            self.passes = passes
            if not self.upward or biggest <= TOLERANCE * scale or passes >= MAX_SWEEPS:
                found = np.empty((self.size, seats))
                found[self.order] = values.reshape(self.size, seats)
                return found
            settled = biggest
            if progress is not None:
                down = min(max(math.log(biggest / scale) / math.log(TOLERANCE), 0.0), 1.0)
                reported = max(reported, 0.5 + 0.5 * down)
                progress(reported)

    def _share(self, first: int, last: int, down: float) -> float:
        """The share of the work done when the class of positions ``first`` to ``last`` has come ``down``
        (0 to 1) on the first pass: the positions solved; half of it when passes are to follow
        (:attr:`upward`)."""
        done = (first + down * (last - first)) / max(self.size, 1)
        return 0.5 * done if self.upward else done
