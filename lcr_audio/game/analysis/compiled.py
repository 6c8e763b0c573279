"""The compiled kernel: one game at a time in a loop compiled by numba, where numba is installed (the
``fast`` extra, ``pip install 'lcr-audio[fast]'``); everyone else keeps the numpy kernel (:mod:`.kernel`).

The turn here is the numpy kernel's and ``step``'s (R4-R11, the default policy's choices; the differential
test, ``tests/test_analysis_kernel.py``, plays all of them against ``step``), written for one game so numba
can compile it into a plain loop. The turn's arithmetic is not written again: numba compiles the engine's
own statements, :func:`lcr_audio.engine.dice_for`, :func:`lcr_audio.engine.may_reverse` (given the rules'
flags as a :class:`Flags` tuple, which has the ``reversible`` field it reads), ``left_of`` and ``right_of``,
and the kernel calls those.

Compilation never happens on a key's path: :func:`prepare` compiles on a daemon thread (numba's
``cache=True``, the cache in the game's cache folder, in a folder named by the kernel's sources and numba's
version, :func:`cache_folder`, so after the first time it is a load of a second or two; a cache numba
cannot read is made again), and the callers (the O key, the careful players, ``lcr-audio simulate``) ask
:func:`ready`, which answers at once: ``None`` until the kernel is ready, and they use the numpy kernel (or
plain Python) meanwhile. Importing this module imports numpy, never numba.

Where the time goes (10 seats, plain dice, about 90 turns a game): a turn is about 30 processor cycles.
The turns are compiled into the game loop (``inline="always"``: no call, no reference counts for the
arrays); the seats holding chips are bits, so the next seat to play is one instruction, not a search of
the table whose every step the processor mispredicts; the seats the dice reached are counted once a game;
two games are played at a time (:func:`dice_games`), so one game's turn does not wait for the other's; and
the plain-dice turn indexes with numbers that are never negative, so numba compiles no wrap-around test.
The dice themselves (one splitmix64 word a turn) cost about a twentieth of it.

The exact tables (:mod:`.exact`) use it too: :func:`chain_turns` plays every position's turns of the chain
with :func:`play_turn`, and :func:`class_base` and :func:`class_sweeps` are the solver's Gauss-Seidel sweeps
as a loop that updates each position in place.

Dice: a counter through splitmix64 gives 64-bit words; the top 32 bits give one of the 216 ordered rolls of
three dice by Lemire's method (multiply, and draw again in the 184 cases out of 2**32 that would favour
some rolls), so every roll has exactly its chance (R3). A seat with fewer dice reads the first ones (R4).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import os
import random
import shutil
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from lcr_audio.engine import REVERSAL_COST, Rules, Seat, ThreeWilds, WinCondition
from lcr_audio.engine import dice_for as _engine_dice_for
from lcr_audio.engine import left_of as _engine_left_of
from lcr_audio.engine import may_reverse as _engine_may_reverse
from lcr_audio.engine import right_of as _engine_right_of
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.game.analysis.kernel import CENTER, DOT, LEFT, NO_WINNER, RIGHT, WILD, IntArray, die_codes
from lcr_audio.storage import cache_dir

FloatArray = npt.NDArray[np.float64]

ENABLE: Final = "LCR_AUDIO_COMPILED"
"""Set to ``0`` in the environment, the compiled kernel is never prepared (the tests do, except the ones
that check it: a compile takes seconds of the shared machine's processor)."""

WIN_CODES: Final = {condition: code for code, condition in enumerate(WinCondition)}
"""The kernel's number for each win condition (R10): its place in :class:`WinCondition`."""

LAST_WITH_CHIPS: Final = WIN_CODES[WinCondition.LAST_WITH_CHIPS]
ROLL_ALL_DOTS: Final = WIN_CODES[WinCondition.ROLL_ALL_DOTS]

ROLLS: Final = 6**MAX_DICE
"""Ordered rolls of three six-sided dice (R3)."""

UNFAIR: Final = (1 << 32) % ROLLS
"""Of the 2**32 values of a 32-bit word times :data:`ROLLS`, the low words below this draw again (Lemire)."""

WORKERS: Final = 2
"""Threads that share ``simulate``'s games (this project's machines have two cores; the loop releases the
interpreter's lock)."""

CAREFUL_WORK: Final = 2_500_000
"""A careful decision's simulated work with the compiled kernel, in rows (one turn of one game for one
choice), as :data:`.careful.SIMULATED_WORK` is for the numpy kernel: about the same time at 10 seats, about
16 times the games, a quarter of the standard error (``benchmarks/careful.py --compare`` prints both)."""

CAREFUL_MAX_TURNS: Final = 400
"""As :data:`.careful.MAX_TURNS`: a game still going counts the careful seat's share of the chips held."""

NEVER: Final = 1 << 30
"""A reversal threshold no seat reaches (as :data:`.careful.NEVER`)."""


class Flags(NamedTuple):
    """The rule options the compiled turn reads, as numbers numba can carry (R3, R8-R11).

    Attributes:
        reversible: reversible dice (R9); read by the engine's own :func:`~lcr_audio.engine.may_reverse`.
        wild: Wild dice (R3, R7).
        three_wilds_win: three Wilds win at once (R8).
        win: the win condition's :data:`WIN_CODES` number (R10).
        chips: the starting chips, given again at a reset (R11).
    """

    reversible: bool
    wild: bool
    three_wilds_win: bool
    win: int
    chips: int


def flags_of(rules: Rules) -> Flags:
    """The :class:`Flags` of ``rules``."""
    return Flags(
        rules.reversible, rules.wild, rules.three_wilds is ThreeWilds.WIN, WIN_CODES[rules.win], rules.chips
    )


# --- the engine's statements, compiled as they are when numba is there -------------------------------------

dice_for: Any = _engine_dice_for
may_reverse: Any = _engine_may_reverse
left_of: Any = _engine_left_of
right_of: Any = _engine_right_of


# --- the kernel (plain Python that numba compiles; it runs uncompiled too, slowly) --------------------------


def play_turn(
    flags: Flags,
    chips: IntArray,
    pot: int,
    mover: int,
    roll: int,
    counts: IntArray,
    reverse_at: int,
    lefts: IntArray,
    rights: IntArray,
) -> tuple[int, int, int, int, bool, bool]:
    """One whole turn from ``chips`` (changed in place) with the ordered roll ``roll`` (:func:`roll_of`'s
    number; a seat with fewer dice reads the first ones, R4), what its dice show read from ``counts``
    (:func:`face_counts`), the default policy choosing (as :func:`.kernel.play_turn`, R4-R11); each seat's
    left and right from ``lefts`` and ``rights`` (:func:`neighbours`).

    Returns:
        The pot, the next seat to play (the roller once the game is won), the winner (-1 while the game goes
        on), the chips the winner took from the pot, whether the dice were reversed, whether everyone got
        chips again (R11).
    """
    seats = chips.shape[0]
    at = np.uintp(mover)  # indexes that are never negative: no wrap-around test for numba to compile
    left = lefts[at]
    right = rights[at]
    at_left = np.uintp(left)
    at_right = np.uintp(right)
    own = chips[at]
    rev = False
    if own >= reverse_at:
        rev = may_reverse(flags, own)
    if rev:
        chips[at] -= REVERSAL_COST
        pot += REVERSAL_COST
    dice = dice_for(own, rev)
    holding = 0
    for seat in range(seats):
        holding += int(chips[seat] > 0)  # no branch: a count of random chips mispredicts
    sole = holding == 1
    packed = counts[np.uintp(dice), np.uintp(roll)]
    n_left = (packed >> LEFT_SHIFT) & 3
    n_center = (packed >> CENTER_SHIFT) & 3
    n_right = (packed >> RIGHT_SHIFT) & 3
    n_wild = (packed >> WILD_SHIFT) & 3
    n_dot = (packed >> DOT_SHIFT) & 3
    if rev:  # each letter takes only what there is (R9)
        take = n_left if n_left < chips[at_left] else chips[at_left]
        chips[at_left] -= take
        chips[at] += take
        take = n_right if n_right < chips[at_right] else chips[at_right]
        chips[at_right] -= take
        chips[at] += take
        take = n_center if n_center < pot else pot
        pot -= take
        chips[at] += take
    else:  # R5
        chips[at] -= n_left + n_center + n_right
        chips[at_left] += n_left
        chips[at_right] += n_right
        pot += n_center
    winner = NO_WINNER
    taken = 0
    if n_wild == MAX_DICE:  # three Wilds (R8); reversed, the roller's chips go to the pot (R9)
        if rev:
            pot += chips[at]
            chips[at] = 0
        else:
            taken = pot
            pot = 0
            chips[at] += taken
            if flags.three_wilds_win:
                winner = mover
    else:
        for _ in range(n_wild):  # one at a time, nearest on the left first among equals (R6, R7, R9)
            target = -1
            if rev:
                if chips[at] > 0:
                    seat = left
                    while seat != mover:
                        if target < 0 or chips[np.uintp(seat)] < chips[np.uintp(target)]:
                            target = seat
                        seat = lefts[np.uintp(seat)]
                    chips[at] -= 1
                    chips[np.uintp(target)] += 1
            else:
                seat = left
                while seat != mover:
                    if chips[np.uintp(seat)] > 0 and (
                        target < 0 or chips[np.uintp(seat)] > chips[np.uintp(target)]
                    ):
                        target = seat
                    seat = lefts[np.uintp(seat)]
                if target >= 0:
                    chips[np.uintp(target)] -= 1
                    chips[at] += 1
    if winner != NO_WINNER:
        return pot, mover, winner, taken, rev, False
    holders = 0
    for seat in range(seats):
        holders += int(chips[seat] > 0)
    if flags.win == LAST_WITH_CHIPS:
        if holders == 1:
            winner = 0
            while chips[winner] == 0:
                winner += 1
    elif flags.win == ROLL_ALL_DOTS:
        if sole and n_dot == dice:
            winner = mover
    elif sole and not rev and holders == 0:  # the last chip in the pot
        winner = mover
    if winner != NO_WINNER:
        chips[winner] += pot
        return 0, mover, winner, taken + pot, rev, False
    reset = holders == 0
    if reset:
        for seat in range(seats):
            chips[seat] = flags.chips
    seat = left
    while chips[seat] == 0:
        seat = lefts[seat]
    return pot, seat, NO_WINNER, 0, rev, reset


def dice_turn(
    flags: Flags,
    chips: IntArray,
    pot: int,
    mover: int,
    roll: int,
    counts: IntArray,
    holding: int,
    lefts: IntArray,
    rights: IntArray,
) -> tuple[int, int, int, int, bool, int]:
    """:func:`play_turn` for plain dice (no Wild, no reversible dice: R5, R10, R11), several times faster:
    what the first dice of ``roll`` (:func:`roll_of`'s number) show is read from ``counts``
    (:func:`face_counts`), the seats holding chips are carried from turn to turn as the bits of
    ``holding`` (bit *s* for seat *s*, :func:`holding_bits`) rather than counted, and each seat's left and
    right are read from ``lefts`` and ``rights`` (:func:`neighbours`: a division costs more than the rest of
    a turn). The next seat to play is the first holder after the roller in turn order (R4), the lowest bit
    of ``holding`` above the roller's, wrapping round (:func:`lowest_seat`): seats are numbered in turn
    order, each seat's left the next (:func:`lcr_audio.engine.left_of`). ``chips`` is changed in place. No
    branch depends on the dice until the turn's end, and none searches the table for the next holder: with
    random dice, a branch mispredicted costs more than the arithmetic.

    Returns:
        The pot, the next seat to play (the roller once the game is won), the winner (-1 while the game goes
        on), the chips won from the pot, whether everyone got chips again, and the seats holding chips (as
        ``holding``).
    """
    seats = chips.shape[0]
    at = np.uintp(mover)  # an index that is never negative: no wrap-around test for numba to compile
    own = chips[at]
    dice = dice_for(own)
    sole = holding & (holding - 1) == 0
    packed = counts[np.uintp(dice), np.uintp(roll)]
    n_left = (packed >> LEFT_SHIFT) & 3
    n_center = (packed >> CENTER_SHIFT) & 3
    n_right = (packed >> RIGHT_SHIFT) & 3
    dots = (packed >> DOT_SHIFT) & 3
    left = lefts[at]
    right = rights[at]
    own -= n_left + n_center + n_right
    chips[at] = own
    chips[np.uintp(left)] += n_left
    chips[np.uintp(right)] += n_right
    pot += n_center
    holding |= (int(n_left > 0) << left) | (int(n_right > 0) << right)  # no branches: the dice are random
    holding &= ~(int(own == 0) << mover)
    winner = NO_WINNER
    if flags.win == LAST_WITH_CHIPS:
        if holding != 0 and holding & (holding - 1) == 0:
            winner = lowest_seat(holding)
    elif flags.win == ROLL_ALL_DOTS:
        if sole and dots == dice:
            winner = mover
    elif sole and holding == 0:
        winner = mover
    won = 0
    reset = False
    seat = mover
    if winner != NO_WINNER:
        holding |= int(pot > 0) << winner
        chips[winner] += pot
        won = pot
        pot = 0
    else:
        reset = holding == 0
        if reset:
            for each in range(seats):
                chips[each] = flags.chips
            holding = (1 << seats) - 1
        seat = mover + 1 + lowest_seat((holding | (holding << seats)) >> (mover + 1))
        if seat >= seats:
            seat -= seats
    return pot, seat, winner, won, reset, holding  # one way out: compiled into a loop, no reference counts


def holding_bits(chips: IntArray) -> int:
    """The seats holding chips as the bits of a number: bit *s* for seat *s* (:func:`dice_turn`)."""
    holding = 0
    for seat in range(chips.shape[0]):
        if chips[seat] > 0:
            holding |= 1 << seat
    return holding


def lowest_seat(bits: int) -> int:
    """The place of the lowest bit set in ``bits`` (not 0): the first seat in turn order among those the bits
    stand for. Compiled, one instruction (``trailing_zeros``)."""
    return (int(bits) & -int(bits)).bit_length() - 1


FACE_BITS: Final = 2
"""Bits for one face's count in a :func:`face_counts` entry (at most 3 dice)."""

LEFT_SHIFT: Final = FACE_BITS * LEFT
CENTER_SHIFT: Final = FACE_BITS * CENTER
RIGHT_SHIFT: Final = FACE_BITS * RIGHT
DOT_SHIFT: Final = FACE_BITS * DOT
WILD_SHIFT: Final = FACE_BITS * WILD


def face_counts(codes: IntArray) -> IntArray:
    """For 0 to 3 dice and each of the :data:`ROLLS` ordered rolls (first die slowest), how many of its first
    dice show each face (R4), packed: the count of face code *f* in bits ``2 f`` and ``2 f + 1``
    (:data:`FACE_BITS`). ``codes``: the die's six faces (:func:`.kernel.die_codes`)."""
    rolls = np.arange(ROLLS)
    shown = np.stack([codes[rolls // 36], codes[(rolls // 6) % 6], codes[rolls % 6]], axis=1)
    table = np.zeros((MAX_DICE + 1, ROLLS), dtype=np.int64)
    for dice in range(1, MAX_DICE + 1):
        for code in np.unique(codes):
            table[dice] += (shown[:, :dice] == code).sum(axis=1) << (FACE_BITS * int(code))
    return table


def neighbours(seats: int) -> tuple[IntArray, IntArray]:
    """Each seat's left and right (R1, R5), from the engine's ``left_of`` and ``right_of``."""
    lefts = np.empty(seats, dtype=np.int64)
    rights = np.empty(seats, dtype=np.int64)
    for seat in range(seats):
        lefts[seat] = left_of(seat, seats)
        rights[seat] = right_of(seat, seats)
    return lefts, rights


def mix(x: np.uint64) -> np.uint64:
    """splitmix64's output function: a well-mixed 64-bit word from ``x``."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


def roll_of(x: np.uint64) -> int:
    """One of the :data:`ROLLS` ordered rolls from the word ``x`` (mixed again until it is fair), each with
    exactly its chance (Lemire's method on the top 32 bits)."""
    while True:
        product = (x >> np.uint64(32)) * np.uint64(ROLLS)
        if (product & np.uint64(0xFFFFFFFF)) >= np.uint64(UNFAIR):
            return int(product >> np.uint64(32))
        x = mix(x + np.uint64(0x9E3779B97F4A7C15))


def play_games(
    flags: Flags,
    counts: IntArray,
    start: IntArray,
    pot: int,
    mover: int,
    games: int,
    seed: np.uint64,
    reverse_at: int,
    max_turns: int,
    out: IntArray,
) -> int:
    """Play ``games`` games from one position to the end, the dice drawn from the splitmix64 stream at
    ``seed``; adds to ``out`` (shape (4, seats)) each seat's wins, rolls, turns reached (skipped or not,
    R4) and chips won from the pot (R12). A game still going after ``max_turns`` turns is left out. Plain
    dice go through :func:`dice_games`.

    Returns:
        The games played to the end.
    """
    if not flags.wild and not flags.reversible:
        lefts, rights = neighbours(start.shape[0])
        chips_a, chips_b = start.copy(), start.copy()
        return dice_games(
            flags, counts, start, pot, mover, games, seed, max_turns, out, lefts, rights, chips_a, chips_b
        )
    seats = start.shape[0]
    chips = np.empty(seats, dtype=np.int64)
    counter = seed
    finished = 0
    lefts, rights = neighbours(seats)
    for _ in range(games):
        for seat in range(seats):
            chips[seat] = start[seat]
        purse = pot
        seat = mover
        passed = 0
        winner = NO_WINNER
        for _ in range(max_turns):
            counter += np.uint64(0x9E3779B97F4A7C15)
            roll = roll_of(mix(counter))
            out[1, seat] += 1
            purse, after, winner, won, _rev, _reset = play_turn(
                flags, chips, purse, seat, roll, counts, reverse_at, lefts, rights
            )
            if winner != NO_WINNER:
                out[0, winner] += 1
                out[3, winner] += won
                finished += 1
                break
            passed += after - seat if after > seat else after - seat + seats
            seat = after
        count_reached(out, mover, passed + int(winner != NO_WINNER), lefts)  # the winner's roll reached it
    return finished


def dice_games(
    flags: Flags,
    counts: IntArray,
    start: IntArray,
    pot: int,
    mover: int,
    games: int,
    seed: np.uint64,
    max_turns: int,
    out: IntArray,
    lefts: IntArray,
    rights: IntArray,
    chips_a: IntArray,
    chips_b: IntArray,
) -> int:
    """:func:`play_games` for plain dice, by :func:`dice_turn`, two games at a time: a turn of one, then a
    turn of the other, each die drawn from the stream in turn (so a single game's dice are
    :func:`play_games`'), a game's place taken by the next as it ends. One game's turns each wait for the
    one before; two games' turns do not wait for each other, and the processor plays both at once.
    ``lefts`` and ``rights`` are :func:`neighbours`'; ``chips_a`` and ``chips_b`` hold the two games' chips
    (their values on entry do not matter).

    Returns:
        The games played to the end.
    """
    seats = start.shape[0]
    counter = seed
    finished = 0
    first = holding_bits(start)
    purse_a = purse_b = pot
    seat_a = seat_b = mover
    holding_a = holding_b = first
    passed_a = passed_b = 0
    turns_a = turns_b = 0
    live_a = games > 0
    live_b = games > 1
    started = 2 if games > 1 else games
    while live_a or live_b:
        if live_a:
            counter += np.uint64(0x9E3779B97F4A7C15)
            roll = roll_of(mix(counter))
            out[1, np.uintp(seat_a)] += 1
            purse_a, after, winner, won, _reset, holding_a = dice_turn(
                flags, chips_a, purse_a, seat_a, roll, counts, holding_a, lefts, rights
            )
            turns_a += 1
            if winner != NO_WINNER:
                out[0, winner] += 1
                out[3, winner] += won
                finished += 1
                count_reached(out, mover, passed_a + 1, lefts)
            else:
                passed_a += after - seat_a if after > seat_a else after - seat_a + seats
                seat_a = after
                if turns_a == max_turns:
                    count_reached(out, mover, passed_a, lefts)
            if winner != NO_WINNER or turns_a == max_turns:
                live_a = started < games
                started += int(live_a)
                for each in range(seats):
                    chips_a[each] = start[each]
                purse_a, seat_a, holding_a, passed_a, turns_a = pot, mover, first, 0, 0
        if live_b:
            counter += np.uint64(0x9E3779B97F4A7C15)
            roll = roll_of(mix(counter))
            out[1, np.uintp(seat_b)] += 1
            purse_b, after, winner, won, _reset, holding_b = dice_turn(
                flags, chips_b, purse_b, seat_b, roll, counts, holding_b, lefts, rights
            )
            turns_b += 1
            if winner != NO_WINNER:
                out[0, winner] += 1
                out[3, winner] += won
                finished += 1
                count_reached(out, mover, passed_b + 1, lefts)
            else:
                passed_b += after - seat_b if after > seat_b else after - seat_b + seats
                seat_b = after
                if turns_b == max_turns:
                    count_reached(out, mover, passed_b, lefts)
            if winner != NO_WINNER or turns_b == max_turns:
                live_b = started < games
                started += int(live_b)
                for each in range(seats):
                    chips_b[each] = start[each]
                purse_b, seat_b, holding_b, passed_b, turns_b = pot, mover, first, 0, 0
    return finished


def count_reached(out: IntArray, mover: int, reached: int, lefts: IntArray) -> None:
    """Add to ``out[2]`` the ``reached`` times the dice reached a seat in a game that started with
    ``mover``, a skipped seat counted as one that rolled (R4): mover, its left, and so on round the table,
    each once a lap. Counted once at a game's end, not seat by seat as the dice pass."""
    seats = lefts.shape[0]
    laps = reached // seats
    for seat in range(seats):
        out[2, seat] += laps
    seat = mover
    for _ in range(reached - laps * seats):
        out[2, seat] += 1
        seat = lefts[seat]


def careful_games(
    flags: Flags,
    counts: IntArray,
    seat: int,
    starts: IntArray,
    pots: IntArray,
    movers: IntArray,
    first_reverse_at: IntArray,
    first_game: int,
    games: int,
    key: np.uint64,
    reverse_at: int,
    max_turns: int,
    won: FloatArray,
) -> int:
    """``games`` games from each leaf (row of ``starts``), numbered from ``first_game``, with the same dice in
    game *k* of every leaf: each seat's *n*-th roll is a hash of (``key``, *k*, seat, *n*), whatever happened
    before (common random numbers). Writes ``seat``'s result per leaf and game to ``won`` (shape (leaves,
    games): 1 won, 0 lost, its share of the chips held when still going after ``max_turns``).
    ``first_reverse_at`` is each leaf's reversal threshold for its first turn.

    Returns:
        The rows played (one turn of one game of one leaf each).
    """
    leaves, seats = starts.shape
    chips = np.empty(seats, dtype=np.int64)
    rolled = np.empty(seats, dtype=np.int64)
    lefts, rights = neighbours(seats)
    rows = 0
    for leaf in range(leaves):
        for game in range(games):
            for s in range(seats):
                chips[s] = starts[leaf, s]
                rolled[s] = 0
            purse = pots[leaf]
            mover = movers[leaf]
            result = -1.0
            for turn in range(max_turns):
                counter = np.uint64(((first_game + game) * seats + mover) * (max_turns + 1) + rolled[mover])
                roll = roll_of(mix(counter * np.uint64(0x9E3779B97F4A7C15) + key))
                rolled[mover] += 1
                rows += 1
                threshold = first_reverse_at[leaf] if turn == 0 else reverse_at
                purse, mover, winner, _won, _rev, _reset = play_turn(
                    flags, chips, purse, mover, roll, counts, threshold, lefts, rights
                )
                if winner != NO_WINNER:
                    result = 1.0 if winner == seat else 0.0
                    break
            if result < 0:
                held = 0
                for s in range(seats):
                    held += chips[s]
                result = chips[seat] / held if held > 0 else 0.0
            won[leaf, game] = result
    return rows


# --- the exact solver's sweeps (:func:`.exact.solve`) -----------------------------------------------------


def chain_turns(
    flags: Flags,
    states: IntArray,
    total: int,
    source: IntArray,
    which: IntArray,
    counts: IntArray,
    reverse_at: int,
    weights: IntArray,
    sorted_codes: IntArray,
    by_code: IntArray,
    target: IntArray,
    turn: IntArray,
    winner: IntArray,
    pot_won: IntArray,
) -> int:
    """The exact chain's turns (:func:`.exact.build_chain`, R4-R11): row *r* plays one turn by
    :func:`play_turn` from position ``source[r]`` of ``states`` (the seat to play first; the pot holds the
    rest of the ``total`` chips) with the roll ``which[r]`` of ``counts`` (the distinct rolls' faces, packed
    as :func:`face_counts`' entries), and writes the next position (its number: its code, the chips times
    ``weights`` turned by the new seat to play, found in ``sorted_codes``, numbered by ``by_code``; 0 once
    the game is won), the new seat to play counted from the old one, the winner (-1 while the game goes on)
    and the chips it took from the pot.

    Returns:
        The rows that went wrong: a reset (R11) or a position outside the table (0 in a sound chain).
    """
    seats = states.shape[1]
    chips = np.empty(seats, dtype=np.int64)
    lefts, rights = neighbours(seats)
    wrong = 0
    for r in range(source.shape[0]):
        held = 0
        for j in range(seats):
            chips[j] = states[source[r], j]
            held += chips[j]
        _pot, after, won, taken, _rev, reset = play_turn(
            flags, chips, total - held, 0, which[r], counts, reverse_at, lefts, rights
        )
        turn[r] = after
        winner[r] = won
        pot_won[r] = taken
        target[r] = 0
        if reset:
            wrong += 1
        elif won == NO_WINNER:
            code = 0
            for j in range(seats):
                code += chips[j] * weights[after, j]
            at = np.searchsorted(sorted_codes, code)
            if at < sorted_codes.shape[0] and sorted_codes[at] == code:
                target[r] = by_code[at]
            else:
                wrong += 1
    return wrong


def class_base(
    values: FloatArray,
    constant: FloatArray,
    first: int,
    last: int,
    seats: int,
    starts: IntArray,
    reads: IntArray,
    turns: IntArray,
    chances: FloatArray,
    base: FloatArray,
) -> None:
    """The fixed part of the exact solver's class of positions ``first`` to ``last`` (places in
    :func:`.exact.solve`'s order), written to ``base`` (flat: the class's positions times ``seats``):
    ``constant`` (flat, every position times ``seats``) plus, for each row leaving the class (position
    *p*'s from ``starts[p]`` to ``starts[p + 1]``), its chance times the next position's values (from flat
    index ``reads``) turned back by the row's ``turns`` seats (R1). Those values are final while the class is
    solved."""
    for p in range(first, last):
        at = (p - first) * seats
        for j in range(seats):
            base[at + j] = constant[p * seats + j]
        for r in range(starts[p], starts[p + 1]):
            chance = chances[r]
            read = reads[r]
            k = turns[r]
            for j in range(seats):
                i = j - k
                if i < 0:
                    i += seats
                base[at + j] += chance * values[read + i]


def class_sweeps(
    values: FloatArray,
    base: FloatArray,
    first: int,
    last: int,
    seats: int,
    starts: IntArray,
    reads: IntArray,
    turns: IntArray,
    chances: FloatArray,
    enough: float,
    limit: int,
) -> tuple[int, float, float, float]:
    """Gauss-Seidel sweeps over the exact solver's class of positions ``first`` to ``last`` (flat
    ``values``, positions times ``seats``, changed in place): each position in turn becomes its ``base``
    (:func:`class_base`) plus, over its rows inside the class (as :func:`class_base`'s), the chance times the
    next position's values as they are now, this sweep's where already found. At most ``limit`` sweeps,
    until one changes no value by more than ``enough``.

    Returns:
        The sweeps made, the first one's largest change, the last one's, and the largest value in the class
        (in size).
    """
    new = np.empty(seats)
    first_change = 0.0
    change = 0.0
    sweeps = 0
    while sweeps < limit:
        sweeps += 1
        change = 0.0
        for p in range(first, last):
            at = (p - first) * seats
            for j in range(seats):
                new[j] = base[at + j]
            for r in range(starts[p], starts[p + 1]):
                chance = chances[r]
                read = reads[r]
                k = turns[r]
                for j in range(seats):
                    i = j - k
                    if i < 0:
                        i += seats
                    new[j] += chance * values[read + i]
            own = p * seats
            for j in range(seats):
                moved = abs(new[j] - values[own + j])
                if moved > change:
                    change = moved
                values[own + j] = new[j]
        if sweeps == 1:
            first_change = change
        if change <= enough:
            break
    largest = 0.0
    for i in range(first * seats, last * seats):
        if abs(values[i]) > largest:
            largest = abs(values[i])
    return sweeps, first_change, change, largest


# --- compiling and using it --------------------------------------------------------------------------------


class Kernel(NamedTuple):
    """The compiled functions, ready (each has been called once, so none compiles again)."""

    play_turn: Callable[..., tuple[int, int, int, int, bool, bool]]
    dice_turn: Callable[..., tuple[int, int, int, int, bool, int]]
    play_games: Callable[..., int]
    careful_games: Callable[..., int]
    chain_turns: Callable[..., int]
    class_base: Callable[..., None]
    class_sweeps: Callable[..., tuple[int, float, float, float]]


_READY: Kernel | None = None
_LOCK = threading.Lock()
_STARTED: threading.Thread | None = None
_FAILED = False


def available() -> bool:
    """True when numba is installed and :data:`ENABLE` does not say ``0`` (numba is not imported here)."""
    return os.environ.get(ENABLE, "1") != "0" and importlib.util.find_spec("numba") is not None


def ready() -> Kernel | None:
    """The compiled kernel if it is ready now, else ``None`` (at once: never compiles)."""
    return _READY


def prepare(folder: Path | None = None) -> None:
    """Compile the kernel on a daemon thread (or load it from numba's cache in ``folder``), once per process,
    where numba is :func:`available`. The first call's ``folder`` holds the cache for the whole process
    (``NUMBA_CACHE_DIR``, read when numba is first imported); ``None``: the game's cache folder's
    ``numba`` folder (:func:`lcr_audio.storage.cache_dir`)."""
    global _STARTED
    if folder is None:
        folder = cache_dir() / "numba"
    with _LOCK:
        if _STARTED is not None or _READY is not None or _FAILED or not available():
            return
        _STARTED = threading.Thread(target=_compile_quietly, args=(folder,), name="compile", daemon=True)
        _STARTED.start()


def wait(folder: Path | None = None, timeout: float | None = None) -> Kernel | None:
    """:func:`prepare`, then wait for it (``lcr-audio simulate``, tests, benchmarks); the kernel, or ``None``
    when numba is not available or the kernel could not be compiled."""
    prepare(folder)
    thread = _STARTED
    if thread is not None:
        thread.join(timeout)
    return _READY


def _compile_quietly(folder: Path | None) -> None:
    """Compile, or note that it cannot be done (the numpy kernel goes on answering). A cache numba cannot
    read (a file cut short, say) is no end: the kernel is compiled afresh, into a new cache in the game's
    cache folder (the broken one removed), or with no cache where the user named numba's folder."""
    global _READY, _FAILED
    try:
        with warnings.catch_warnings():  # numba's warnings (a cache it cannot write) are no player's text
            warnings.simplefilter("ignore")
            try:
                kernel = compile_kernel(folder)
            except ImportError:
                raise
            except Exception:  # the cache folder is the game's alone: made again; the user's is left alone
                ours = folder is not None and not os.environ.get("NUMBA_CACHE_DIR")
                if ours and folder is not None:
                    shutil.rmtree(cache_folder(folder), ignore_errors=True)
                kernel = compile_kernel(folder, cache=ours)
    except Exception:  # numba missing a piece, an old numba
        _FAILED = True
        return
    _READY = kernel


SOURCES: Final = (
    "lcr_audio.game.analysis.compiled",
    "lcr_audio.game.analysis.kernel",
    "lcr_audio.engine.rules",
)
"""The modules whose statements the kernel compiles: their text names the cache's folder (numba checks only
the file of the function it caches, not the files of the functions it calls)."""


def cache_folder(folder: Path) -> Path:
    """Where in ``folder`` numba's cache for this kernel goes: a folder named by the kernel's sources and
    numba's version, so that a cache never outlives the code it was compiled from."""
    digest = hashlib.sha256(importlib.import_module("numba").__version__.encode())
    for name in SOURCES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None:
            with contextlib.suppress(OSError):
                digest.update(Path(spec.origin).read_bytes())
    return folder / digest.hexdigest()[:16]


def compile_kernel(folder: Path | None, *, cache: bool = True) -> Kernel:
    """The kernel compiled (or loaded from numba's cache in ``folder``, in :func:`cache_folder`'s folder: a
    user's cache folder, never the package's; without ``cache``, nothing read or written), each function
    called once on a tiny game so that it is compiled for the types the callers give. A cache folder set by
    the user (``NUMBA_CACHE_DIR``) is kept.

    Raises:
        ImportError: numba is not installed.
        Exception: numba could not compile, or could not read its cache (then try ``cache=False``).
    """
    numba = importlib.import_module("numba")
    if folder is not None and cache and not os.environ.get("NUMBA_CACHE_DIR"):
        place = cache_folder(folder)
        try:
            place.mkdir(parents=True, exist_ok=True)
        except OSError:  # a cache folder that cannot be made: compiled each time, nothing written elsewhere
            cache = False
        else:
            numba.config.CACHE_DIR = str(
                place
            )  # read as each function is cached, so set after the import too

    def jit(function: Callable[..., Any], inline: str = "never") -> Any:
        """``function`` compiled, from its Python (a second compile in the process too); ``"always"``: the
        callers compile it into their own loop (no call, no reference counts for the arrays it is given)."""
        return numba.njit(cache=cache, nogil=True, inline=inline)(getattr(function, "py_func", function))

    module = globals()
    for name in ("dice_for", "may_reverse", "left_of", "right_of"):  # the engine's statements
        module[name] = jit(module[f"_engine_{name}"])
    module["lowest_seat"] = jit(_trailing_zeros())
    module["holding_bits"] = jit(holding_bits)
    module["mix"] = jit(mix)
    module["roll_of"] = jit(roll_of)
    module["play_turn"] = turn = jit(play_turn, "always")
    module["dice_turn"] = dice = jit(dice_turn, "always")
    module["neighbours"] = jit(neighbours)
    module["count_reached"] = jit(count_reached, "always")
    module["dice_games"] = jit(dice_games)
    games = jit(play_games)
    careful = jit(careful_games)
    for rules in (Rules(), Rules(wild=True, reversible=True)):  # one compile serves every rule set
        flags, codes = flags_of(rules), die_codes(rules)
        start = np.array([1, 1, 1], dtype=np.int64)
        counts = face_counts(codes)
        turn(flags, start.copy(), 0, 0, 0, counts, 6, *neighbours(3))
        dice(flags, start.copy(), 0, 0, 0, counts, 0b111, *neighbours(3))
        games(
            flags,
            counts,
            start,
            0,
            0,
            1,
            np.uint64(1),
            6,
            10,
            np.zeros((4, 3), dtype=np.int64),
        )
        careful(
            flags,
            counts,
            0,
            start[None, :],
            np.zeros(1, dtype=np.int64),
            np.zeros(1, dtype=np.int64),
            np.full(1, 6, dtype=np.int64),
            0,
            1,
            np.uint64(1),
            6,
            10,
            np.zeros((1, 1)),
        )
    turns, base, sweeps = jit(chain_turns), jit(class_base), jit(class_sweeps)
    rows, weights = np.zeros(1, dtype=np.int64), np.ones((2, 2), dtype=np.int64)
    for rules in (Rules(), Rules(wild=True, reversible=True)):
        counts = face_counts(die_codes(rules))
        turns(
            flags_of(rules), np.ones((1, 2), dtype=np.int64), 2, rows, rows, counts, 6, weights, *[rows] * 6
        )
    values, none, one = np.zeros(3), np.zeros(0, dtype=np.int64), np.ones(2, dtype=np.int64)
    base(values, values, 0, 1, 3, one - 1, none, none, np.zeros(0), values.copy())
    sweeps(values, values.copy(), 0, 1, 3, one - 1, none, none, np.zeros(0), 1e-15, 1)
    return Kernel(turn, dice, games, careful, turns, base, sweeps)


def _trailing_zeros() -> Callable[[int], int]:
    """:func:`lowest_seat` as numba's one instruction where this numba has it, else a loop it compiles."""
    try:
        intrinsic: Any = importlib.import_module("numba.cpython.unsafe.numbers").trailing_zeros
    except (ImportError, AttributeError):  # a numba that moved it: a loop over the bits, slower and the same

        def lowest(bits: int) -> int:
            place = 0
            while not bits & 1:
                bits >>= 1
                place += 1
            return place

        return lowest

    def lowest_seat(bits: int) -> int:
        return int(intrinsic(bits))

    return lowest_seat


def seeds(rng: np.random.Generator, count: int) -> list[np.uint64]:
    """``count`` starting points of the splitmix64 stream, from ``rng``."""
    return [np.uint64(n) for n in rng.integers(0, 2**63, size=count, dtype=np.int64)]


def tally_games(
    kernel: Kernel,
    rules: Rules,
    chips: tuple[int, ...],
    pot: int,
    mover: Seat,
    games: int,
    rng: np.random.Generator,
    reverse_at: int,
    max_turns: int,
    workers: int = WORKERS,
) -> tuple[int, IntArray]:
    """``games`` games from one position on ``workers`` threads (each its own stream, seeded from ``rng``).

    Returns:
        The games played to the end, and per seat (shape (4, seats)) the wins, rolls, turns reached and
        chips won from the pot, summed.
    """
    flags, codes = flags_of(rules), die_codes(rules)
    counts = face_counts(codes)
    start = np.array(chips, dtype=np.int64)
    shares = [games // workers + (i < games % workers) for i in range(workers)]
    outs = [np.zeros((4, rules.players), dtype=np.int64) for _ in shares]
    jobs = list(zip(shares, seeds(rng, workers), outs, strict=True))

    def run(job: tuple[int, np.uint64, IntArray]) -> int:
        share, seed, out = job
        return int(
            kernel.play_games(flags, counts, start, pot, mover, share, seed, reverse_at, max_turns, out)
        )

    if workers == 1 or games < 1_000:
        finished = sum(run(job) for job in jobs)
    else:
        with ThreadPoolExecutor(max_workers=workers) as threads:
            finished = sum(threads.map(run, jobs))
    total: IntArray = np.sum(outs, axis=0)
    return finished, total


FIRST_CHUNK: Final = 64
"""Games in the first call of :func:`wins_within` (well under a millisecond at 10 seats); each later call
fills half the time left at the rate measured, at most :data:`SLICE`, so the last one ends close to the
deadline and not after it."""

SLICE: Final = 0.005
"""Seconds of games, at the rate measured so far, in one call of :func:`wins_within` at most: on a loaded
machine a thread's rate can drop by half between two calls, and the deadline is looked at between calls."""


def wins_within(
    kernel: Kernel,
    rules: Rules,
    chips: tuple[int, ...],
    pot: int,
    mover: Seat,
    *,
    budget: float,
    seed: int,
    reverse_at: int,
    max_turns: int,
    keep_going: Callable[[], bool] = lambda: True,
    workers: int = 1,
) -> tuple[list[int], int]:
    """Games won by each seat, played from the position until ``budget`` seconds have passed (at least one
    game each worker) or ``keep_going()`` is false, and the games played to the end (the O key: as
    :func:`.plain.plain_wins`, many times faster), on ``workers`` threads (the loop releases the interpreter's
    lock). A game still going after ``max_turns`` is left out."""
    flags, codes = flags_of(rules), die_codes(rules)
    counts = face_counts(codes)
    start = np.array(chips, dtype=np.int64)
    began = time.perf_counter()
    deadline = began + budget
    streams = random.Random(seed)
    seeds = [streams.getrandbits(64) for _ in range(workers)]

    def run(seed: int) -> tuple[IntArray, int]:
        out = np.zeros((4, rules.players), dtype=np.int64)
        stream = random.Random(seed)
        games = played = 0
        while keep_going():
            now = time.perf_counter()
            if played and now >= deadline:
                break
            chunk = (
                FIRST_CHUNK
                if not played
                else max(FIRST_CHUNK, int(played * min((deadline - now) / 2, SLICE) / (now - began)))
            )
            games += int(
                kernel.play_games(
                    flags,
                    counts,
                    start,
                    pot,
                    mover,
                    chunk,
                    np.uint64(stream.getrandbits(64)),
                    reverse_at,
                    max_turns,
                    out,
                )
            )
            played += chunk
        return out, games

    if workers == 1:
        done = [run(seeds[0])]
    else:
        with ThreadPoolExecutor(max_workers=workers) as threads:
            done = list(threads.map(run, seeds))
    wins = np.sum([out[0] for out, _ in done], axis=0)
    return [int(n) for n in wins], sum(games for _, games in done)


class Leaf(Protocol):
    """A position a careful decision plays from (:class:`.careful._Leaf`)."""

    @property
    def chips(self) -> tuple[int, ...]: ...
    @property
    def pot(self) -> int: ...
    @property
    def mover(self) -> Seat: ...


def careful_play(
    kernel: Kernel,
    rules: Rules,
    seat: Seat,
    leaves: Sequence[Leaf],
    first_reverse_at: IntArray | None,
    games: int,
    rng: np.random.Generator,
    *,
    reverse_at: int,
) -> tuple[FloatArray, int, int]:
    """:func:`.careful._play` with the compiled kernel (:func:`careful_games`, the games shared by
    :data:`WORKERS` threads): ``seat``'s result per leaf and game, shape (leaves, games), the rows played, and
    0 steps (the compiled loop has no cost per step).
    ``first_reverse_at``: each leaf's reversal threshold for its first turn; ``None``, ``reverse_at``."""
    count = len(leaves)
    won = np.zeros((count, games))
    if not count:
        return won, 0, 0
    starts = np.array([leaf.chips for leaf in leaves], dtype=np.int64)
    pots = np.array([leaf.pot for leaf in leaves], dtype=np.int64)
    movers = np.array([leaf.mover for leaf in leaves], dtype=np.int64)
    first = np.full(count, reverse_at, dtype=np.int64) if first_reverse_at is None else first_reverse_at
    key = np.uint64(rng.integers(0, 2**63, dtype=np.int64))  # this decision's dice
    counts = face_counts(die_codes(rules))
    flags = flags_of(rules)
    first = first.astype(np.int64)
    shares = [games // WORKERS + (i < games % WORKERS) for i in range(WORKERS)]
    bounds = np.cumsum([0, *shares])

    def run(part: int) -> int:
        low, high = int(bounds[part]), int(bounds[part + 1])
        mine = np.zeros((count, high - low))  # contiguous, as compiled: a slice of ``won`` would compile anew
        rows = kernel.careful_games(
            flags,
            counts,
            seat,
            starts,
            pots,
            movers,
            first,
            low,
            high - low,
            key,
            reverse_at,
            CAREFUL_MAX_TURNS,
            mine,
        )
        won[:, low:high] = mine
        return int(rows)

    with ThreadPoolExecutor(max_workers=WORKERS) as threads:  # the games shared, each the same dice
        rows = sum(threads.map(run, range(WORKERS)))
    return won, int(rows), 0
