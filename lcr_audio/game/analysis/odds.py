"""Each seat's chance of winning from a game's state: exact from the table where there is one, else
simulated with a margin (the O key, ``lcr-audio odds``).

The exact table of a table size is solved once (:mod:`.exact`) and kept in the user cache folder, so a
later game loads it; :class:`OddsKeeper` does that on a background thread at the start of a game, and
simulates meanwhile, so a key never waits for it. Computer players are taken to play the default policy.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np

from lcr_audio.engine import ChooseSeat, GameState, Phase, Roll, Rules, Seat, roll_outcomes, step
from lcr_audio.game.analysis.exact import FloatArray, build_chain, solve, supports
from lcr_audio.game.analysis.kernel import IntArray, greedy_choice
from lcr_audio.game.analysis.plain import plain_wins

FORMAT: Final = 1
"""The cache file's format; a file of another format is solved again."""

KEY_BUDGET: Final = 0.09
"""Seconds a key may spend simulating when there is no exact table (the O key answers within 150 ms)."""

DEFAULT_REVERSE_AT: Final = 6
"""The default policy's reversal threshold (:class:`~lcr_audio.game.bots.Policy`), as the table assumes."""


@dataclass(frozen=True)
class Odds:
    """Each seat's chance of winning, seat 1 first.

    Attributes:
        chances: probabilities, summing to 1.
        errors: each chance's standard error when simulated; ``None`` when exact.
        games: the games simulated (0 when exact).
    """

    chances: tuple[float, ...]
    errors: tuple[float, ...] | None = None
    games: int = 0

    @property
    def exact(self) -> bool:
        """True when the chances are exact (from the table or a finished game)."""
        return self.errors is None


@dataclass(frozen=True)
class ExactTable:
    """Every position's odds for one table size (see :mod:`.exact`), ready to look up.

    Attributes:
        rules: the options in force.
        codes: the positions' codes (chips turned so the seat to play is first), sorted.
        win: the odds per position in ``codes`` order, counted from the seat to play.
    """

    rules: Rules
    codes: IntArray
    win: FloatArray

    def lookup(self, chips: tuple[int, ...], pot: int, mover: Seat) -> tuple[float, ...] | None:
        """Each seat's chance from the start of ``mover``'s turn, seat 1 first; ``None`` when the position
        is not in the table (chips that do not add up, as after a reset, R11, or one seat holding chips)."""
        seats, total = self.rules.players, self.rules.total_chips
        if len(chips) != seats or sum(chips) + pot != total or sum(1 for n in chips if n) < 2:
            return None
        turned = [chips[(mover + k) % seats] for k in range(seats)]
        code = sum(n * (total + 1) ** k for k, n in enumerate(turned))
        row = int(np.searchsorted(self.codes, code))
        if row >= len(self.codes) or int(self.codes[row]) != code:
            return None
        relative = self.win[row]
        return tuple(float(relative[(seat - mover) % seats]) for seat in range(seats))


def cache_path(rules: Rules, folder: Path) -> Path:
    """The cache file of ``rules``' table in ``folder``: one per set of options that changes the odds."""
    name = f"odds-v{FORMAT}-{rules.players}x{rules.chips}"
    if rules.wild:
        name += f"-wild-{rules.three_wilds.value}"
    if rules.reversible:
        name += f"-reversible-{DEFAULT_REVERSE_AT}"
    return folder / f"{name}.npz"


def exact_table(rules: Rules, folder: Path | None = None) -> ExactTable:
    """``rules``' exact table: read from ``folder`` when it holds it, else solved (and written there).

    A cache file that cannot be read or does not fit is solved again; one that cannot be written is left.

    Raises:
        TooLargeError: ``rules`` have no exact table (:func:`.exact.supports`).
    """
    path = cache_path(rules, folder) if folder is not None else None
    if path is not None:
        with contextlib.suppress(OSError, ValueError, KeyError):
            with np.load(path, allow_pickle=False) as data:
                codes, win = data["codes"], data["win"]
            if (
                codes.ndim == 1
                and win.shape == (len(codes), rules.players)
                and np.all(np.abs(win.sum(axis=1) - 1) < 1e-9)
            ):
                return ExactTable(rules, codes.astype(np.int64), win.astype(np.float64))
    chain = build_chain(rules, DEFAULT_REVERSE_AT)
    win = solve(rules, chain).win
    order = np.argsort(chain.codes)
    table = ExactTable(rules, chain.codes[order], win[order])
    if path is not None:
        with contextlib.suppress(OSError):
            _write(path, table)
    return table


_SHARED: dict[Rules, ExactTable] = {}
_SHARED_LOCK = threading.Lock()
_MAKING: dict[Rules, threading.Lock] = {}
"""One lock per rules: one thread makes a table while the others wait for it, and nobody else waits."""


def shared_table(rules: Rules, folder: Path | None) -> ExactTable:
    """``rules``' exact table, made once per run and shared (the O key and the careful players of a game).
    Waits while another thread makes the same table; tables of other rules are not held up.

    Raises:
        TooLargeError: ``rules`` have no exact table.
    """
    with _SHARED_LOCK:
        table = _SHARED.get(rules)
        if table is not None:
            return table
        making = _MAKING.setdefault(rules, threading.Lock())
    with making:
        with _SHARED_LOCK:
            table = _SHARED.get(rules)
        if table is None:
            table = exact_table(rules, folder)
            with _SHARED_LOCK:
                _SHARED[rules] = table
        return table


_BUILDING: set[Rules] = set()
"""Rules whose table :func:`ready_table` has set a daemon thread to make."""


def ready_table(rules: Rules, folder: Path | None) -> ExactTable | None:
    """``rules``' exact table if it can be had now: made earlier in this run, or read from ``folder``'s cache
    file (milliseconds). Otherwise ``None``, and the table is made on a daemon thread for a later call: a
    computer player never holds the game while a table is solved (6 seats with Wild dice take a minute).

    Raises:
        TooLargeError: ``rules`` have no exact table.
    """
    with _SHARED_LOCK:
        table = _SHARED.get(rules)
        if table is not None:
            return table
        start = rules not in _BUILDING
        _BUILDING.add(rules)
    if folder is not None and cache_path(rules, folder).exists():
        return shared_table(rules, folder)  # read from the file: milliseconds
    if start:
        threading.Thread(target=_make_quietly, args=(rules, folder), name="odds-table", daemon=True).start()
    return None


def _make_quietly(rules: Rules, folder: Path | None) -> None:
    """Make the shared table on a daemon thread; one that cannot be made leaves the simulation in charge."""
    with contextlib.suppress(Exception):
        shared_table(rules, folder)


def _write(path: Path, table: ExactTable) -> None:
    """Write the table atomically (a temporary file in the same folder, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".npz", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            np.savez(handle, codes=table.codes, win=table.win)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


BACKGROUND_SECONDS: Final = 2.0
"""After a simulated answer, games go on being played from the same position for this long on a daemon
thread, so that O pressed again at the same position answers with a smaller margin."""


class OddsKeeper:
    """Answers "who is likely to win?" for one game at any moment, quickly (the O key).

    The exact table, where the rules have one, is loaded or solved on a daemon thread started here; until
    it is ready (and for rules without one) the answer is simulated for about :data:`KEY_BUDGET` seconds,
    adding to the games already played from the same position (see :data:`BACKGROUND_SECONDS`).

    Args:
        rules: the game's options.
        folder: the cache folder for the table; ``None`` keeps nothing on disk.
        seed: seeds the simulations (tests).
    """

    def __init__(self, rules: Rules, folder: Path | None, seed: int | None = None) -> None:
        self.rules = rules
        self.table: ExactTable | None = None
        self._rng = random.Random(seed)
        self._pool_lock = threading.Lock()
        self._pool_key: tuple[tuple[int, ...], int, Seat] | None = None
        self._pool_wins = [0] * rules.players
        self._pool_games = 0
        self._wanted: tuple[tuple[int, ...], int, Seat] | None = None
        self._more: threading.Thread | None = None
        self._thread: threading.Thread | None = None
        if supports(rules):
            self._thread = threading.Thread(target=self._load, args=(folder,), name="odds-table", daemon=True)
            self._thread.start()

    def _load(self, folder: Path | None) -> None:
        with contextlib.suppress(Exception):  # a table that cannot be made leaves the simulation in charge
            self.table = shared_table(self.rules, folder)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the table (tests, benchmarks); True when it is ready."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.table is not None

    def odds(self, state: GameState, budget: float = KEY_BUDGET) -> Odds:
        """Each seat's chance of winning from ``state``, seat 1 first (R10).

        A finished game: the winner 1, the others 0. In the middle of a turn (a Wild's choice, reversed
        dice about to be rolled), the rest of the turn is played out by the default policy and over every
        roll, each ending weighed by its chance.
        """
        if state.over:
            return Odds(tuple(1.0 if s == state.winner else 0.0 for s in range(state.rules.players)))
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            return self.odds(step(state, ChooseSeat(greedy_choice(state)))[0], budget)
        if state.phase is Phase.ROLL and state.reversed:
            outcomes = roll_outcomes(state)
            parts = [
                (float(p), self.odds(step(state, Roll(faces))[0], budget / len(outcomes)))
                for faces, p in outcomes
            ]
            chances = [sum(p * o.chances[s] for p, o in parts) for s in range(state.rules.players)]
            if all(o.exact for _, o in parts):
                return Odds(tuple(chances))
            errors = [
                np.sqrt(sum((p * (o.errors or (0.0,) * len(chances))[s]) ** 2 for p, o in parts))
                for s in range(len(chances))
            ]
            return Odds(tuple(chances), tuple(float(e) for e in errors), sum(o.games for _, o in parts))
        if self.table is not None:
            found = self.table.lookup(state.chips, state.pot, state.seat)
            if found is not None:
                return Odds(found)
        return self._simulated((state.chips, state.pot, state.seat), budget)

    def _simulated(self, key: tuple[tuple[int, ...], int, Seat], budget: float) -> Odds:
        """Simulate from ``key`` for ``budget`` seconds, added to the games already played from it."""
        self._wanted = key  # a background run for another position stops: it would only slow this one
        self._add(key, budget, foreground=True)
        with self._pool_lock:
            wins, games = list(self._pool_wins), self._pool_games
        if budget > 0 and (self._more is None or not self._more.is_alive()):
            self._more = threading.Thread(
                target=self._add, args=(key, BACKGROUND_SECONDS), kwargs={"foreground": False}, daemon=True
            )
            self._more.start()
        rates = [w / games for w in wins]
        errors = tuple(math.sqrt(r * (1 - r) / games) for r in rates)
        return Odds(tuple(rates), errors, games)

    def _add(self, key: tuple[tuple[int, ...], int, Seat], budget: float, *, foreground: bool) -> None:
        """Play from ``key`` for ``budget`` seconds into the pool: a key asked for now (``foreground``)
        starts a new pool; games of the background thread for a key no longer asked for are dropped."""
        chips, pot, mover = key
        with self._pool_lock:
            rng = random.Random(self._rng.getrandbits(64))
        wins, games = plain_wins(
            self.rules,
            chips,
            pot,
            mover,
            budget=budget,
            rng=rng,
            reverse_at=DEFAULT_REVERSE_AT,
            keep_going=lambda: foreground or self._wanted == key,
        )
        with self._pool_lock:
            if self._pool_key != key:
                if not foreground:
                    return
                self._pool_key, self._pool_wins, self._pool_games = key, [0] * self.rules.players, 0
            self._pool_wins = [a + b for a, b in zip(self._pool_wins, wins, strict=True)]
            self._pool_games += games
