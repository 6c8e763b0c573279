"""Best responses, exact: each seat's own best way to choose, given how the others choose (issue 25, item 1).

The exact table (:mod:`.exact`) values every position as if every seat played the usual way (the default
policy). Here a seat's choices (a Wild's seat, R7 and R9; whether to reverse the dice, R9) are chosen to make
its own chance of winning largest, all its later choices too, against fixed ways of choosing for the others:
value iteration over the table's positions with a maximum at the chooser's own choices.

The turn with its choices, from every position of the table, as :class:`Options`: for each position,
each allowed answer to the reversal (R9), and each distinct roll (:func:`~lcr_audio.engine.roll_outcomes`'
chances), every end of the turn that some order of the roller's Wild choices reaches. The letters and three
Wilds are played by the differential-tested kernel (:func:`.kernel.play_turn`), the Wilds one at a time on
top (R6), so the usual choices give exactly :func:`.exact.build_chain`'s chain.

A way of choosing (:class:`Policy`) names, per seat, one of these ends for every roll and the reversal
answer for every position. With several careful seats, each seat's best response to the others is taken in
turn until none changes (a fixed point: found with reversible dice alone) or a way of choosing comes back
(a cycle: Wild dice, where mirror-image choices keep answering each other); then each careful seat answers
the others' usual play instead (:func:`careful_profile` says which).
"""

from __future__ import annotations

import contextlib
import enum
import itertools
import os
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from lcr_audio.engine import Rules, Seat, ThreeWilds, arrays
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.game.analysis.exact import (
    Chain,
    FloatArray,
    TooLargeError,
    build_chain,
    outcomes,
    state_count,
    supports,
    table_row,
)
from lcr_audio.game.analysis.kernel import DOT, NO_WINNER, WILD, IntArray, play_turn
from lcr_audio.game.analysis.odds import table_key
from lcr_audio.game.usual import usual_reverse_at

BoolArray = npt.NDArray[np.bool_]

MAX_BEST_STATES: Final = 5_000
"""The largest table whose best responses are solved (every Wild order of every roll is kept, and the
careful player's table is solved in the background in seconds to a minute): 3 seats with up to 10 chips
(4,960 positions), 4 with 4 (3,876), 5 with 2 (3,003); larger tables keep the one-step careful player."""

TOLERANCE: Final = 1e-13
"""Value iteration stops when no chance changes by more than this."""

MAX_SWEEPS: Final = 100_000

TIE: Final = 1e-12
"""Choices whose chances differ by no more than this are equal: the usual one is kept (ties are stable)."""

MAX_ROUNDS: Final = 60
"""Rounds of best responses tried before a profile that has not settled counts as cycling."""


def best_supports(rules: Rules) -> bool:
    """True when :func:`.exact.supports` ``rules`` and the table is small enough (:data:`MAX_BEST_STATES`)."""
    return supports(rules) and state_count(rules) <= MAX_BEST_STATES


@dataclass(frozen=True)
class Options:
    """Every turn of every position with every choice, positions as :attr:`Chain.states` (turned so the
    seat to play is seat 0).

    Nodes are (position, reversal answer, roll), sorted by position, then answer (rolling as usual first),
    then roll; ends are sorted by node. Each end goes to ``target`` turned by ``turn`` seats or is won by
    ``winner`` (counted from the roller; -1 while the game goes on), as in :class:`.exact.Chain`.

    Attributes:
        states: the positions, shape (positions, seats).
        codes: their codes (as the exact table's).
        node_position, node_reversed, node_chance: each node's position, answer and roll chance.
        node_usual: the end the usual choices reach from each node (an index into the ends).
        end_node, end_target, end_turn, end_winner: each end's node and where it goes.
        reverse_allowed: the seat to play may reverse here (R9).
        usual_reverse: the usual player reverses here (its threshold given to :func:`build_options`).
    """

    states: IntArray
    codes: IntArray
    node_position: IntArray
    node_reversed: BoolArray
    node_chance: FloatArray
    node_usual: IntArray
    end_node: IntArray
    end_target: IntArray
    end_turn: IntArray
    end_winner: IntArray
    reverse_allowed: BoolArray
    usual_reverse: BoolArray
    node_starts: IntArray = field(repr=False)
    group_starts: IntArray = field(repr=False)
    group_of: IntArray = field(repr=False)


def build_options(rules: Rules, chain: Chain, reverse_at: int) -> Options:
    """Every choice of every turn from ``chain``'s positions (R5-R10), the usual player reversing from
    ``reverse_at`` chips.

    Raises:
        TooLargeError: no exact table, or too large for best responses (:func:`best_supports`).
    """
    if not best_supports(rules):
        raise TooLargeError(f"No best responses for {rules}.")
    seats, total = rules.players, rules.total_chips
    states = chain.states
    codes = chain.codes
    by_code = np.argsort(codes)
    sorted_codes = codes[by_code]
    own = states[:, 0]
    allowed = arrays.may_reverse(rules, own)
    usual_reverse = allowed & (own >= reverse_at)
    weights = (total + 1) ** np.arange(seats, dtype=np.int64)

    node_pos: list[IntArray] = []
    node_rev: list[BoolArray] = []
    node_chance: list[FloatArray] = []
    node_faces: list[IntArray] = []
    for answer in (False, True):
        where = allowed if answer else np.ones(len(states), dtype=np.bool_)
        dice = arrays.dice_for(own, np.full(len(own), answer))
        for n in range(1, MAX_DICE + 1):
            index = np.flatnonzero(where & (dice == n))
            rolls, chances = outcomes(rules, n)
            node_pos.append(np.repeat(index, len(rolls)))
            node_rev.append(np.full(len(index) * len(rolls), answer))
            node_chance.append(np.tile(chances, len(index)))
            node_faces.append(np.tile(rolls, (len(index), 1)))
    pos = np.concatenate(node_pos)
    rev = np.concatenate(node_rev)
    chance = np.concatenate(node_chance)
    faces = np.concatenate(node_faces)
    order = np.lexsort((np.arange(len(pos)), rev, pos))
    pos, rev, chance, faces = pos[order], rev[order], chance[order], faces[order]
    nodes = len(pos)

    # Letters (and three Wilds) through the kernel; single Wilds are kept back as dots and placed below.
    n_dice = arrays.dice_for(own[pos], rev)
    shown = np.where(np.arange(MAX_DICE)[None, :] < n_dice[:, None], faces, -1)
    n_wild = (shown == WILD).sum(axis=1)
    three = n_wild == MAX_DICE
    letters = np.where((faces == WILD) & ~three[:, None], DOT, faces)
    chips = _letters(rules, states[pos], letters, rev)
    forced_win = three & ~rev & (rules.three_wilds is ThreeWilds.WIN) if rules.wild else np.zeros(nodes, bool)

    ends_node: list[IntArray] = []
    ends_chips: list[IntArray] = []
    usual_end: list[IntArray] = []
    others = seats - 1
    for k in range(MAX_DICE):
        rows = np.flatnonzero(np.where(three, 0, n_wild) == k)
        if not len(rows):
            continue
        sequences = list(itertools.product(range(1, seats), repeat=k)) if k else [()]
        base = chips[rows]
        reversed_rows = rev[rows]
        # The usual sequence: greedy Wild by Wild on the chips as they stand.
        usual_seq = np.zeros((len(rows), k), dtype=np.int64)
        cur = base.copy()
        for j in range(k):
            pick = _greedy(cur, reversed_rows)
            usual_seq[:, j] = pick
            cur = _apply(cur, pick, reversed_rows)[0]
        usual_index = np.zeros(len(rows), dtype=np.int64)
        for j in range(k):
            usual_index = usual_index * others + (usual_seq[:, j] - 1)
        for number, seq in enumerate(sequences):
            cur = base.copy()
            valid = np.ones(len(rows), dtype=np.bool_)
            for chosen in seq:
                cur, ok = _apply(cur, np.full(len(rows), chosen), reversed_rows)
                valid &= ok
            ends_node.append(rows[valid])
            ends_chips.append(cur[valid])
            usual_end.append(np.where(usual_index[valid] == number, rows[valid], -1))
    end_node = np.concatenate(ends_node)
    end_chips = np.concatenate(ends_chips)
    is_usual = np.concatenate(usual_end) >= 0
    order = np.argsort(end_node, kind="stable")
    end_node, end_chips, is_usual = end_node[order], end_chips[order], is_usual[order]
    usual = np.full(nodes, -1, dtype=np.int64)
    usual[end_node[is_usual]] = np.flatnonzero(is_usual)
    if (usual < 0).any():
        raise AssertionError("A roll without its usual end.")

    # End of the turn (R10, R4): the last seat with chips wins; else the next seat with chips plays.
    holding = end_chips > 0
    holders = holding.sum(axis=1)
    if (holders == 0).any():
        raise AssertionError("A reset in the exact chain.")
    winner = np.where(holders == 1, np.argmax(holding, axis=1), NO_WINNER)
    winner = np.where(forced_win[end_node], 0, winner)
    ahead = np.arange(1, seats + 1)[None, :] % seats
    step_to = np.argmax(end_chips[:, ahead[0]] > 0, axis=1)
    turn = np.where(winner == NO_WINNER, (1 + step_to) % seats, 0)
    turned = np.take_along_axis(end_chips, (turn[:, None] + np.arange(seats)[None, :]) % seats, axis=1)
    going = winner == NO_WINNER
    wanted = turned @ weights
    found = np.minimum(np.searchsorted(sorted_codes, wanted), len(codes) - 1)
    if not np.array_equal(sorted_codes[found[going]], wanted[going]):
        raise AssertionError("A position outside the exact table.")
    target = np.where(going, by_code[found], 0)

    node_starts = np.searchsorted(end_node, np.arange(nodes))
    group_key = pos * 2 + rev
    group_starts = np.flatnonzero(np.r_[True, group_key[1:] != group_key[:-1]])
    group_of = np.full((len(states), 2), -1, dtype=np.int64)
    group_of[pos[group_starts], rev[group_starts].astype(np.int64)] = np.arange(len(group_starts))
    return Options(
        states=states,
        codes=codes,
        node_position=pos,
        node_reversed=rev,
        node_chance=chance,
        node_usual=usual,
        end_node=end_node,
        end_target=target,
        end_turn=turn,
        end_winner=winner,
        reverse_allowed=allowed,
        usual_reverse=usual_reverse,
        node_starts=node_starts,
        group_starts=group_starts,
        group_of=group_of,
    )


def _letters(rules: Rules, start: IntArray, letters: IntArray, reversing: BoolArray) -> IntArray:
    """The chips after each roll's letters and three Wilds (R5, R8, R9), before the single Wilds and the end
    of the turn: the kernel's turn, its payment to a winner taken back (the Wilds may still change who holds
    chips)."""
    total = rules.total_chips
    out = np.empty_like(start)
    for answer in (False, True):
        rows = np.flatnonzero(reversing == answer)
        if not len(rows):
            continue
        part = start[rows]
        result = play_turn(
            rules,
            part,
            total - part.sum(axis=1),
            np.zeros(len(rows), dtype=np.int64),
            letters[rows],
            0 if answer else 1 << 30,
        )
        if bool((result.reversed != answer).any()):
            raise AssertionError("The kernel did not reverse as asked.")
        chips = result.chips.copy()
        paid = (result.winner != NO_WINNER) & ~_three(letters[rows], rules)
        chips[paid.nonzero()[0], result.winner[paid]] -= result.pot_won[paid]
        out[rows] = chips
    return out


def _three(faces: IntArray, rules: Rules) -> BoolArray:
    """Rows whose three dice all show a Wild (R8): only a roll of three dice has three faces that are not
    padding, and the padding is a dot."""
    return np.asarray((faces == WILD).sum(axis=1) == MAX_DICE)


def _greedy(chips: IntArray, reversing: BoolArray) -> IntArray:
    """The usual seat for a Wild (counted from the roller, 1 to seats - 1): take from the most chips, give to
    the fewest, ties to the nearest on the left (the kernel's and :func:`.kernel.greedy_choice`'s rule)."""
    others = chips[:, 1:]
    most = np.argmax(np.where(others > 0, others, -1), axis=1)
    fewest = np.argmin(others, axis=1)
    chosen: IntArray = np.where(reversing, fewest, most) + 1
    return chosen


def _apply(chips: IntArray, chosen: IntArray, reversing: BoolArray) -> tuple[IntArray, BoolArray]:
    """One Wild on ``chosen`` (counted from the roller) in every row (R7, R9). Returns the chips after it and
    whether the choice was open to the roller: taking asks for a seat with chips when one has them; a Wild
    with nobody to act on (nobody else has chips; giving without chips) does nothing whatever is chosen."""
    rows = np.arange(len(chips))
    out = chips.copy()
    others_have = chips[:, 1:].max(axis=1) > 0
    at_chosen = chips[rows, chosen]
    take = ~reversing & others_have & (at_chosen > 0)
    give = reversing & (chips[:, 0] > 0)
    delta = take.astype(np.int64) - give.astype(np.int64)
    out[rows, chosen] -= delta
    out[:, 0] += delta
    ok = reversing | ~others_have | (at_chosen > 0)
    return out, ok


@dataclass(frozen=True)
class Policy:
    """One seat's way of choosing over the whole table, as the seat to play: the end it picks after every
    node (:attr:`Options.node_usual` for the usual player) and whether it reverses at every position.

    Attributes:
        ends: an end index per node, shape (nodes,).
        reverse: the reversal answer per position, shape (positions,) (False where it may not reverse).
    """

    ends: IntArray
    reverse: BoolArray

    def same(self, other: Policy) -> bool:
        """True when both choose alike everywhere."""
        return bool(np.array_equal(self.ends, other.ends) and np.array_equal(self.reverse, other.reverse))


def usual_policy(options: Options) -> Policy:
    """The usual player's way of choosing (the default policy, :class:`~lcr_audio.game.bots.Policy`)."""
    return Policy(options.node_usual, options.usual_reverse)


def _sweeps(
    options: Options, seats: int, profile: Sequence[Policy], seat: Seat, *, maximise: bool
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Value iteration for ``seat``'s chance from every position and seat to play (absolute, shape
    (positions, seats)), the seat choosing for itself where ``maximise``, every seat following its
    ``profile`` policy otherwise. Returns the values, the last end values (ends, seats) and node values
    of ``seat``'s own nodes (for the choices)."""
    positions = len(options.states)
    movers = np.arange(seats)
    target, turn, winner = options.end_target, options.end_turn, options.end_winner
    going = winner == NO_WINNER
    following = (movers[None, :] + turn[:, None]) % seats
    won = (~going[:, None]) & (((movers[None, :] + winner[:, None]) % seats) == seat)
    won_value = won.astype(np.float64)
    chosen = np.column_stack([p.ends for p in profile])  # (nodes, seats)
    reverse = np.column_stack([p.reverse for p in profile]).astype(np.int64)  # (positions, seats)
    group_of = options.group_of
    allowed = options.reverse_allowed
    chance = options.node_chance[:, None]
    values = np.zeros((positions, seats))
    rows = np.arange(positions)[:, None]
    fixed_group = group_of[rows, reverse]  # (positions, seats)
    own_plain = group_of[:, 0]
    own_reversed = np.where(allowed, group_of[:, 1], group_of[:, 0])
    end_value = won_value
    own_nodes = np.zeros(len(options.node_position))
    for _sweep in range(MAX_SWEEPS):
        end_value = np.where(going[:, None], values[target[:, None], following], won_value)
        node_value = np.take_along_axis(end_value, chosen, axis=0)
        if maximise:
            own_nodes = np.maximum.reduceat(end_value[:, seat], options.node_starts)
            node_value[:, seat] = own_nodes
        group_value = np.add.reduceat(chance * node_value, options.group_starts, axis=0)
        new = group_value[fixed_group, movers[None, :]]
        if maximise:
            new[:, seat] = np.maximum(group_value[own_plain, seat], group_value[own_reversed, seat])
        change = float(np.max(np.abs(new - values)))
        values = new
        if change <= TOLERANCE:
            break
    return values, end_value, own_nodes


def best_response(
    rules: Rules, options: Options, profile: Sequence[Policy], seat: Seat
) -> tuple[Policy, FloatArray]:
    """``seat``'s best way of choosing against the others' ``profile`` (its own entry is ignored), and its
    chance of winning from every position and seat to play with it, shape (positions, seats) (R7, R9).
    Ties keep the usual choice."""
    seats = rules.players
    values, end_value, own_nodes = _sweeps(options, seats, profile, seat, maximise=True)
    column = end_value[:, seat]
    usual_value = column[options.node_usual]
    best_end = _argmax_segments(column, options.node_starts)
    ends = np.where(column[best_end] > usual_value + TIE, best_end, options.node_usual)
    group_value = np.add.reduceat(options.node_chance * own_nodes, options.group_starts)
    plain = group_value[options.group_of[:, 0]]
    flipped = np.where(options.reverse_allowed, group_value[options.group_of[:, 1]], -1.0)
    usual_answer = options.usual_reverse
    usual_value_r = np.where(usual_answer, flipped, plain)
    other_value = np.where(usual_answer, plain, flipped)
    reverse = np.where(other_value > usual_value_r + TIE, ~usual_answer, usual_answer)
    return Policy(ends.astype(np.int64), reverse.astype(np.bool_)), values


def _argmax_segments(values: FloatArray, starts: IntArray) -> IntArray:
    """The index of the largest value in each segment (from each start to the next), the first of equals."""
    segment = np.repeat(np.arange(len(starts)), np.diff(np.r_[starts, len(values)]))
    order = np.lexsort((np.arange(len(values)), -values, segment))
    return order[np.r_[0, np.flatnonzero(np.diff(segment[order])) + 1]]


def evaluate(rules: Rules, options: Options, profile: Sequence[Policy]) -> FloatArray:
    """Every seat's chance of winning from every position (turned, as :attr:`Options.states`) and seat to
    play (absolute), every seat following its ``profile`` policy: shape (positions, mover, seat)."""
    seats = rules.players
    return np.stack(
        [_sweeps(options, seats, profile, seat, maximise=False)[0] for seat in range(seats)], axis=2
    )


class Settled(enum.Enum):
    """How the careful seats' best responses ended (:func:`careful_profile`)."""

    ALONE = "alone"
    """One careful seat (or none): its best response to the others' usual play."""
    FIXED = "fixed"
    """Several careful seats, each the best response to the others: iterated until none changed."""
    CYCLE = "cycle"
    """Several careful seats whose best responses keep answering each other (Wild dice): each careful seat
    plays its best response to the others' usual play instead."""


@dataclass(frozen=True)
class Profile:
    """Every seat's way of choosing, with how it was found and every seat's chances.

    Attributes:
        policies: per seat (absolute), its way of choosing.
        careful: the careful seats.
        settled: how the careful seats' choices were found.
        rounds: rounds of best responses taken.
        values: every seat's chance from every position and seat to play: (positions, mover, seat).
    """

    policies: tuple[Policy, ...]
    careful: tuple[Seat, ...]
    settled: Settled
    rounds: int
    values: FloatArray


def careful_profile(rules: Rules, options: Options, careful: Sequence[Seat]) -> Profile:
    """The careful seats' ways of choosing, the others usual: with one careful seat its best response;
    with several, best responses in turn until none changes (:attr:`Settled.FIXED`), or, when a way of
    choosing comes back or :data:`MAX_ROUNDS` pass (:attr:`Settled.CYCLE`), each careful seat's best
    response to the others' usual play."""
    usual = usual_policy(options)
    seats = rules.players
    careful = tuple(sorted(set(careful)))
    policies = [usual] * seats
    settled = Settled.ALONE
    rounds = 0
    if len(careful) <= 1:
        for seat in careful:
            policies[seat] = best_response(rules, options, policies, seat)[0]
    else:
        seen: list[list[Policy]] = [list(policies)]
        settled = Settled.CYCLE
        for rounds in range(1, MAX_ROUNDS + 1):  # noqa: B007 (the count is reported)
            changed = False
            for seat in careful:
                answer = best_response(rules, options, policies, seat)[0]
                if not answer.same(policies[seat]):
                    policies[seat] = answer
                    changed = True
            if not changed:
                settled = Settled.FIXED
                break
            if any(all(a.same(b) for a, b in zip(old, policies, strict=True)) for old in seen):
                break
            seen.append(list(policies))
        if settled is Settled.CYCLE:
            base = [usual] * seats
            policies = [usual] * seats
            for seat in careful:
                policies[seat] = best_response(rules, options, base, seat)[0]
    return Profile(tuple(policies), careful, settled, rounds, evaluate(rules, options, policies))


# --- the careful player's table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BestTable:
    """Every position's chance for a seat that plays its best while the others play the usual way, ready to
    look up (the careful player, the H key). One table serves every seat: turning the table turns the odds.

    Attributes:
        rules: the options in force.
        codes: the positions' codes (chips turned so the seat to play is first), sorted.
        chance: per position in ``codes`` order and seat counted from the seat to play, that seat's chance
            when it plays its best and everyone else the usual way.
    """

    rules: Rules
    codes: IntArray
    chance: FloatArray

    def lookup(self, chips: tuple[int, ...], pot: int, mover: Seat) -> tuple[float, ...] | None:
        """Each seat's chance from the start of ``mover``'s turn, were that seat alone to play its best (seat
        1 first); ``None`` when the position is not in the table (as :meth:`.odds.ExactTable.lookup`)."""
        row = table_row(self.rules, self.codes, chips, pot, mover)
        if row is None:
            return None
        seats = self.rules.players
        relative = self.chance[row]
        return tuple(float(relative[(seat - mover) % seats]) for seat in range(seats))


def options_for(rules: Rules) -> Options:
    """:func:`build_options` on the exact chain of ``rules``, the usual player reversing by the usual rule.

    Raises:
        TooLargeError: no best responses here (:func:`best_supports`).
    """
    if not best_supports(rules):
        raise TooLargeError(f"No best responses for {rules}.")
    at = usual_reverse_at(rules)
    return build_options(rules, build_chain(rules, at), at)


def solve_best_table(rules: Rules) -> BestTable:
    """Solve :class:`BestTable` for ``rules`` (seconds at the largest tables).

    Raises:
        TooLargeError: no best responses here (:func:`best_supports`).
    """
    options = options_for(rules)
    seats = rules.players
    _, values = best_response(rules, options, [usual_policy(options)] * seats, 0)
    # values[p, m]: seat 0's chance with seat m to play; seat 0 is (0 - m) seats from the seat to play.
    chance = values[:, (-np.arange(seats)) % seats]
    order = np.argsort(options.codes)
    return BestTable(rules, options.codes[order], chance[order])


def best_cache_path(rules: Rules, folder: Path) -> Path:
    """The cache file of ``rules``' best-response table in ``folder`` (named as the exact table's)."""
    return folder / f"best-{rules.players}x{rules.chips}-{table_key(rules)}.npz"


def best_table(rules: Rules, folder: Path | None = None) -> BestTable:
    """``rules``' best-response table: read from ``folder`` when it holds it, else solved (and written
    there). A file that cannot be read or does not fit is solved again; one that cannot be written is left.

    Raises:
        TooLargeError: no best responses here (:func:`best_supports`).
    """
    path = best_cache_path(rules, folder) if folder is not None else None
    if path is not None:
        with contextlib.suppress(OSError, ValueError, KeyError):
            with np.load(path, allow_pickle=False) as data:
                codes, chance = data["codes"], data["chance"]
            if codes.ndim == 1 and chance.shape == (len(codes), rules.players):
                return BestTable(rules, codes.astype(np.int64), chance.astype(np.float64))
    table = solve_best_table(rules)
    if path is not None:
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npz", delete=False) as handle:
                np.savez(handle, codes=table.codes, chance=table.chance)
            os.replace(handle.name, path)
    return table


_TABLES: dict[Rules, BestTable] = {}
_LOCK = threading.Lock()
_MAKING: set[Rules] = set()


def ready_best(rules: Rules, folder: Path | None, *, wait: bool = False) -> BestTable | None:
    """``rules``' best-response table if it can be had now (made earlier in this run, or read from
    ``folder``'s cache file); otherwise ``None``, and it is made on a daemon thread for a later call, so a
    careful player never holds the game while a table is solved. With ``wait``, made here if need be.
    ``None`` too where there are no best responses (:func:`best_supports`)."""
    if not best_supports(rules):
        return None
    with _LOCK:
        table = _TABLES.get(rules)
        if table is not None:
            return table
        start = rules not in _MAKING
        _MAKING.add(rules)
    if wait or (folder is not None and best_cache_path(rules, folder).exists()):
        table = best_table(rules, folder)
        with _LOCK:
            _TABLES[rules] = table
        return table
    if start:
        threading.Thread(target=_make_quietly, args=(rules, folder), name="best-table", daemon=True).start()
    return None


def _make_quietly(rules: Rules, folder: Path | None) -> None:
    """Make the shared best-response table on a daemon thread; a failure leaves the careful player as is."""
    with contextlib.suppress(Exception):
        table = best_table(rules, folder)
        with _LOCK:
            _TABLES[rules] = table


def profile_chances(
    rules: Rules, chips: tuple[int, ...], pot: int, mover: Seat, careful: Sequence[Seat]
) -> tuple[tuple[float, ...], Settled]:
    """Each seat's chance of winning from the start of ``mover``'s turn (seat 1 first), the ``careful`` seats
    choosing by :func:`careful_profile` and the others the usual way, and how the careful seats' choices
    were found (``lcr-audio odds --policy``).

    Raises:
        TooLargeError: no best responses here (:func:`best_supports`).
        ValueError: the position is not in the table (fewer than two seats with chips, chips that do not
            add up).
    """
    options = options_for(rules)
    profile = careful_profile(rules, options, careful)
    seats = rules.players
    turned = [chips[(mover + k) % seats] for k in range(seats)]
    if sum(chips) + pot != rules.total_chips:
        raise ValueError(f"The chips {chips} and pot {pot} do not add up.")
    found = np.flatnonzero((options.states == turned).all(axis=1))
    if not len(found):
        raise ValueError(f"No position {chips} in the table.")
    return tuple(float(v) for v in profile.values[int(found[0]), mover]), profile.settled
