"""Each seat's chance of winning from a game's state: exact from the table where there is one, else
simulated with a margin (the O key, ``lcr-audio odds``).

The exact table of a table size is solved once (:mod:`.exact`) and kept in the user cache folder, so a
later game loads it; :class:`OddsKeeper` does that on a background thread at the start of a game, and
simulates meanwhile, so a key never waits for it. Computer players are taken to play the default policy.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import random
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np

from lcr_audio.engine import ChooseSeat, GameState, Phase, Roll, Rules, Seat, roll_outcomes, step
from lcr_audio.game.analysis import compiled
from lcr_audio.game.analysis.exact import FloatArray, build_chain, solve, supports, table_row
from lcr_audio.game.analysis.kernel import IntArray, greedy_choice
from lcr_audio.game.analysis.plain import plain_wins
from lcr_audio.game.analysis.simulate import MAX_TURNS
from lcr_audio.game.usual import usual_reverse_at
from lcr_audio.rule_options import RULE_OPTIONS

FORMAT: Final = 1
"""The cache file's format; a file of another format is solved again."""

KEY_BUDGET: Final = 0.09
"""Seconds a key may spend simulating when there is no exact table (the O key answers within 150 ms)."""


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
        row = table_row(self.rules, self.codes, chips, pot, mover)
        if row is None:
            return None
        seats = self.rules.players
        relative = self.win[row]
        return tuple(float(relative[(seat - mover) % seats]) for seat in range(seats))


TABLE_IGNORES: Final = frozenset({"first_player"})
"""Rule fields left out of :func:`table_key` on purpose: fields that cannot change the table. Who rolls first
(R13) only picks the position a game starts from; the table holds every position, counted from the seat to
play. Every other rule option is in the key, a new one too, without anyone deciding it."""


def table_key(rules: Rules) -> str:
    """The name of ``rules``' exact table: a hash (hex, 16 characters) of the rules' canonical JSON
    (:func:`~lcr_audio.rule_options.rules_to_json`), the cache file's :data:`FORMAT` and the policy the table
    assumes (its reversal threshold, :func:`~lcr_audio.game.usual.usual_reverse_at`).

    Rules differing in any declared option (:data:`~lcr_audio.rule_options.RULE_OPTIONS`) get different
    keys, except in a field of :data:`TABLE_IGNORES` and in an option that does not apply under ``rules``
    (three Wilds without Wild dice, :meth:`~lcr_audio.rule_options.RuleOption.applies`): those fields are
    written at their default, since the table is the same whatever they hold.
    """
    fields = {
        option.field: option.to_json(
            getattr(rules, option.field) if option.applies(rules) else option.default
        )
        for option in RULE_OPTIONS
        if option.field not in TABLE_IGNORES
    }
    document = {"format": FORMAT, "reverse_at": usual_reverse_at(rules), "rules": fields}
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def cache_path(rules: Rules, folder: Path) -> Path:
    """The cache file of ``rules``' table in ``folder``: one per :func:`table_key`."""
    return folder / f"odds-{rules.players}x{rules.chips}-{table_key(rules)}.npz"


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
    chain = build_chain(rules, usual_reverse_at(rules))
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
    computer player never holds the game while a table is solved (6 seats with Wild dice take seconds).

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
"""After a simulated answer, games go on being played from the same positions for this long on a daemon
thread, so that O pressed again with nothing between answers with a smaller margin (each press extends it)."""

BACKGROUND_SLICE: Final = 0.05
"""Seconds the background thread plays from one position before it looks again at what is wanted."""

POOLS_KEPT: Final = 64
"""Positions whose simulated games are kept (the oldest are dropped first): a reversed roll's outcomes
need up to 35 at once."""

Key = tuple[tuple[int, ...], int, Seat]
"""A position at the start of a turn: each seat's chips, the pot, the seat to play."""


@dataclass
class _Pool:
    """The games simulated so far from one position: the wins of each seat and the games played."""

    wins: list[int]
    games: int = 0


class OddsKeeper:
    """Answers "who is likely to win?" for one game at any moment, quickly (the O key).

    The exact table, where the rules have one, is loaded or solved on a daemon thread started here; until
    it is ready (and for rules without one) the answer is simulated for about :data:`KEY_BUDGET` seconds,
    added to every game already played from the same positions: the estimate of a position only improves
    while it stands, a press never starts a fresh draw (issue 21, item 6). After each simulated answer a
    daemon thread goes on playing from the positions asked for (see :data:`BACKGROUND_SECONDS`). Where numba
    is installed the games are played by the compiled kernel once it is ready (:mod:`.compiled`, compiled on
    a daemon thread started after the first simulated answer), by plain Python until then.

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
        self._pools: dict[Key, _Pool] = {}
        """Games per position, oldest first (see :data:`POOLS_KEPT`)."""
        self._wanted: tuple[Key, ...] = ()
        """The positions of the last answer: the background thread plays from these."""
        self._until = 0.0
        """When the background thread stops (time.monotonic())."""
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

    def odds(self, state: GameState, budget: float = KEY_BUDGET, *, open_choice: bool = False) -> Odds:
        """Each seat's chance of winning from ``state``, seat 1 first (R10).

        A finished game: the winner 1, the others 0. In the middle of a turn (a Wild's choice, reversed
        dice about to be rolled), the rest of the turn is played out by the default policy and over every
        roll, each ending weighed by its chance. The positions reached at the start of a turn are looked up
        in the table, or simulated for ``budget`` seconds in all, added to the games kept for them.

        With ``open_choice`` (a person is choosing for a Wild, R6, R7), the choice pending is not made
        for them: every seat they may choose counts alike, so the answer speaks of the position as it
        stands before the choice, never as if the chip had gone from one seat already.
        """
        seats = state.rules.players
        known: list[tuple[float, tuple[float, ...]]] = []
        played: list[tuple[float, Key]] = []
        self._leaves(state, 1.0, known, played, open_choice=open_choice)
        keys = tuple(dict.fromkeys(key for _, key in played))
        pools: dict[Key, _Pool] = {}
        if keys:
            with self._pool_lock:
                self._wanted = keys
            for key in keys:
                self._add(key, budget / len(keys), foreground=True)
            # Where numba is installed, the compiled kernel plays once it is ready: compiled after this
            # answer, so that the first one does not share the interpreter with numba's import.
            compiled.prepare()
            with self._pool_lock:
                pools = {key: _Pool(list(self._pools[key].wins), self._pools[key].games) for key in keys}
            if budget > 0:
                self._play_on()
        chances = [0.0] * seats
        variances = [0.0] * seats
        for weight, exact in known:
            for seat in range(seats):
                chances[seat] += weight * exact[seat]
        weights: dict[Key, float] = {}
        for weight, key in played:  # one pool's games count once, however many rolls lead to it
            weights[key] = weights.get(key, 0.0) + weight
        for key, weight in weights.items():
            pool = pools[key]
            for seat in range(seats):
                rate = pool.wins[seat] / pool.games
                chances[seat] += weight * rate
                variances[seat] += weight * weight * rate * (1 - rate) / pool.games
        if not keys:
            return Odds(tuple(chances))
        errors = tuple(math.sqrt(v) for v in variances)
        return Odds(tuple(chances), errors, sum(pool.games for pool in pools.values()))

    def _leaves(
        self,
        state: GameState,
        weight: float,
        known: list[tuple[float, tuple[float, ...]]],
        played: list[tuple[float, Key]],
        *,
        open_choice: bool = False,
    ) -> None:
        """Where ``state`` leads, each with its chance of being reached (``weight`` times the chances on the
        way): exact chances (a won game, the table) go to ``known``, positions to simulate to ``played``.
        ``open_choice``: the Wild choices of this roll count every seat alike (see :meth:`odds`)."""
        if state.over:
            known.append((weight, tuple(float(s == state.winner) for s in range(state.rules.players))))
        elif open_choice and state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE) and state.choices:
            share = weight / len(state.choices)
            for seat in state.choices:
                self._leaves(step(state, ChooseSeat(seat))[0], share, known, played, open_choice=True)
        elif state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            self._leaves(step(state, ChooseSeat(greedy_choice(state)))[0], weight, known, played)
        elif state.phase is Phase.ROLL and state.reversed:
            for faces, p in roll_outcomes(state):
                self._leaves(step(state, Roll(faces))[0], weight * float(p), known, played)
        else:
            found = self.table.lookup(state.chips, state.pot, state.seat) if self.table is not None else None
            if found is not None:
                known.append((weight, found))
            else:
                played.append((weight, (state.chips, state.pot, state.seat)))

    def _play_on(self) -> None:
        """Go on playing from the positions wanted for :data:`BACKGROUND_SECONDS` more, on a daemon thread
        (started if none runs; one that runs takes up the new positions)."""
        with self._pool_lock:
            self._until = time.monotonic() + BACKGROUND_SECONDS
            if self._more is not None:
                return
            self._more = threading.Thread(target=self._background, name="odds-more", daemon=True)
            self._more.start()

    def _background(self) -> None:
        """Play from each wanted position in turn, a slice at a time, until the time is up."""
        turn = 0
        while True:
            with self._pool_lock:
                if time.monotonic() >= self._until or not self._wanted:
                    self._more = None
                    return
                wanted = self._wanted
            key = wanted[turn % len(wanted)]
            turn += 1
            with contextlib.suppress(Exception):  # a failure leaves the answers as they are
                self._add(key, BACKGROUND_SLICE, foreground=False)

    def _add(self, key: Key, budget: float, *, foreground: bool) -> None:
        """Play from ``key`` for ``budget`` seconds into its pool. The background thread's games stop early
        when the positions wanted change (they are kept all the same: they were played from ``key``)."""
        chips, pot, mover = key
        with self._pool_lock:
            rng = random.Random(self._rng.getrandbits(64))
            wanted = self._wanted
        kernel = compiled.ready()
        if kernel is not None:
            wins, games = compiled.wins_within(
                kernel,
                self.rules,
                chips,
                pot,
                mover,
                budget=budget,
                seed=rng.getrandbits(64),
                reverse_at=usual_reverse_at(self.rules),
                max_turns=MAX_TURNS,
                keep_going=lambda: foreground or self._wanted == wanted,
                workers=compiled.WORKERS if foreground else 1,  # a key uses both cores; the games after, one
            )
        else:
            wins, games = plain_wins(
                self.rules,
                chips,
                pot,
                mover,
                budget=budget,
                rng=rng,
                reverse_at=usual_reverse_at(self.rules),
                keep_going=lambda: foreground or self._wanted == wanted,
            )
        with self._pool_lock:
            pool = self._pools.pop(key, None) or _Pool([0] * self.rules.players)
            self._pools[key] = pool  # the newest last
            pool.wins = [a + b for a, b in zip(pool.wins, wins, strict=True)]
            pool.games += games
            for old in list(self._pools)[: max(0, len(self._pools) - POOLS_KEPT)]:
                if old not in self._wanted:
                    del self._pools[old]
