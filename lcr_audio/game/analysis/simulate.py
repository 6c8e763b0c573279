"""Monte Carlo from any position: many games at once through the numpy kernel (R4-R11).

Every rule option works here, including the win conditions with no exact table (R10, R11). The margin is
the standard error of each seat's rate; 1.96 of them make a 95% interval.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from lcr_audio.engine import Rules, Seat
from lcr_audio.game.analysis import compiled
from lcr_audio.game.analysis.kernel import NO_WINNER, IntArray, play_turn, roll_faces

FloatArray = npt.NDArray[np.float64]

BATCH: Final = 200_000
"""Games played side by side at most (memory: a few dozen bytes per game and seat)."""

MAX_TURNS: Final = 100_000
"""A game still going after this many turns counts as unfinished (only the reset variants come near)."""

Z95: Final = 1.959963984540054
"""Standard errors on each side of a 95% interval."""


@dataclass(frozen=True)
class Tally:
    """What a batch of games came to, per seat (index = seat).

    Attributes:
        games: games played to the end.
        wins: games each seat won.
        rolls: turns each seat rolled, summed over the games.
        seat_turns: times the dice reached each seat, skipped or not (R4), summed.
        pot_won: chips each seat took from the pot as the winner (R12), summed.
    """

    games: int
    wins: IntArray
    rolls: IntArray
    seat_turns: IntArray
    pot_won: IntArray

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.games + other.games,
            self.wins + other.wins,
            self.rolls + other.rolls,
            self.seat_turns + other.seat_turns,
            self.pot_won + other.pot_won,
        )

    @property
    def rates(self) -> FloatArray:
        """Each seat's share of the wins."""
        return self.wins / max(self.games, 1)

    @property
    def standard_errors(self) -> FloatArray:
        """Each rate's standard error, sqrt(p (1 - p) / games)."""
        p = self.rates
        return np.sqrt(p * (1 - p) / max(self.games, 1))


def empty_tally(seats: int) -> Tally:
    """No games yet."""
    zero = np.zeros(seats, dtype=np.int64)
    return Tally(0, zero, zero.copy(), zero.copy(), zero.copy())


def play_games(
    rules: Rules,
    chips: tuple[int, ...],
    pot: int,
    mover: Seat,
    games: int,
    rng: np.random.Generator,
    reverse_at: int = 6,
) -> Tally:
    """Play ``games`` games to the end from one position: with the compiled kernel where numba is installed
    (:mod:`.compiled`; the first call waits for it to be compiled, or loaded from its cache: ``simulate``
    and ``odds`` are no key's answer, and the same seed must play the same games throughout), else with the
    numpy kernel, at most :data:`BATCH` at once.

    Args:
        rules: the options in force.
        chips: chips per seat now; ``mover`` holds at least one and plays next.
        pot: the pot now.
        mover: the seat to play.
        games: how many games; at least 1.
        rng: where the dice come from.
        reverse_at: the computer players reverse the dice from this many chips (R9).
    """
    kernel = compiled.wait()  # once per process: the same seed plays the same games, on one kernel
    if kernel is not None:
        finished, sums = compiled.tally_games(
            kernel, rules, chips, pot, mover, games, rng, reverse_at, MAX_TURNS
        )
        return Tally(finished, *sums)
    tally = empty_tally(rules.players)
    while tally.games < games:
        tally += _batch(rules, chips, pot, mover, min(BATCH, games - tally.games), rng, reverse_at)
    return tally


def _batch(
    rules: Rules,
    chips: tuple[int, ...],
    pot: int,
    mover: Seat,
    games: int,
    rng: np.random.Generator,
    reverse_at: int,
) -> Tally:
    seats = rules.players
    state = np.tile(np.array(chips, dtype=np.int64), (games, 1))
    pots = np.full(games, pot, dtype=np.int64)
    movers = np.full(games, mover, dtype=np.int64)
    ids = np.arange(games)
    rolls = np.zeros(seats, dtype=np.int64)
    seat_turns = np.zeros(seats, dtype=np.int64)
    wins = np.zeros(seats, dtype=np.int64)
    pot_won = np.zeros(seats, dtype=np.int64)
    later = np.arange(1, seats)
    for _ in range(MAX_TURNS):
        if not len(ids):
            break
        rolled = np.bincount(movers, minlength=seats)
        rolls += rolled
        seat_turns += rolled
        result = play_turn(rules, state, pots, movers, roll_faces(rules, len(ids), rng), reverse_at)
        done = result.winner != NO_WINNER
        if done.any():
            wins += np.bincount(result.winner[done], minlength=seats)
            pot_won += np.bincount(result.winner[done], weights=result.pot_won[done], minlength=seats).astype(
                np.int64
            )
            going = ~done
            state, pots, movers, nexts = (
                result.chips[going],
                result.pot[going],
                movers[going],
                result.mover[going],
            )
            ids = ids[going]
        else:
            state, pots, nexts = result.chips, result.pot, result.mover
        gap = (nexts - movers - 1) % seats  # seats skipped on the way (R4)
        if gap.any():
            skipped = later[None, :] <= gap[:, None]
            seat_turns += np.bincount(((movers[:, None] + later[None, :]) % seats)[skipped], minlength=seats)
        movers = nexts
    finished = games - len(ids)
    return Tally(finished, wins, rolls, seat_turns, pot_won)


def margin_percent(standard_error: float) -> int:
    """The margin said with a simulated chance: one standard error in whole percent, at least 1."""
    return max(1, math.ceil(standard_error * 100 - 1e-9))


ProgressFn = Callable[[int, int], None]
"""Called with (games done, games asked) while a long run goes on."""
