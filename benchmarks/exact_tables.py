"""Issue 25, item 4: how fast the exact table of 6 seats with 3 chips is made from nothing (no cache file),
against a separate sparse solver written here, in one run, on numpy's path and on the compiled one.

0. The compiled kernel made ready (:func:`lcr_audio.game.analysis.compiled.wait`): compiled by numba the
   first time, loaded from its cache folder after that. Printed apart; the figures below start with it ready.
1. The table with plain dice, as :func:`lcr_audio.game.analysis.odds.exact_table` makes it with no cache
   folder (the chain, :func:`~lcr_audio.game.analysis.exact.build_chain`, then
   :func:`~lcr_audio.game.analysis.exact.solve`), on numpy's path (the numpy kernel, sweeps by slices) and,
   where numba is installed, on the compiled one (the chain's turns and the in-place Gauss-Seidel sweeps as
   compiled loops). Target: under 1 s.
2. The separate solver: the same chain, then plain value iteration over every position at once, the chain
   read as a sparse matrix in numpy (no classes, no slices), until no chance changes by more than 1e-15;
   each path's largest difference from it is printed. Target: the table at least 15 times faster.
3. The table with Wild dice, with reversible dice, and with both, on each path. Target: seconds.

Each figure is the best of ``--rounds`` runs, as wall-clock and processor seconds: the machine is shared,
and the processor time is what the work itself takes when others are running.

Usage: ``python3 benchmarks/exact_tables.py [--rounds 3] [--players 6] [--chips 3]``

measured here (2 CPUs shared by several people, load average 6 to 7; best of 3; numba 0.68, its cache
warm: the first run of all, with a cold cache, printed 13.80 s / 5.85 s for step 0):
    0. compiled kernel ready: 0.65 s / 0.35 s
    2. separate sparse solver: 25.93 s / 11.60 s
    1. 6 x 3, plain dice, from nothing, numpy: 2.18 s / 1.56 s (7.4 x the sparse solver's processor
       time; difference 7.2e-15); compiled: 0.77 s / 0.50 s, under 1 s, 23.0 x (processor), 33.6 x
       (wall-clock); difference 4.4e-15.
    3. Wild dice: numpy 7.97 s / 6.29 s, compiled 2.34 s / 2.10 s; reversible: numpy 2.67 s / 1.58 s,
       compiled 0.90 s / 0.55 s; both: numpy 6.78 s / 5.66 s, compiled 1.90 s / 1.44 s.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from lcr_audio.engine import Rules
from lcr_audio.game.analysis import compiled, exact
from lcr_audio.game.analysis.odds import ExactTable
from lcr_audio.game.usual import usual_reverse_at

FloatArray = npt.NDArray[np.float64]


def sparse_solver(rules: Rules) -> FloatArray:
    """The separate solver: the chain, then Jacobi value iteration over all positions (win chances only)."""
    chain = exact.build_chain(rules)
    seats, size = rules.players, len(chain.states)
    ended = chain.winner >= 0
    constant = np.zeros(size * seats)
    np.add.at(constant, chain.source[ended] * seats + chain.winner[ended], chain.chance[ended])
    going = np.flatnonzero(~ended)
    rel = np.arange(seats)
    # One sparse entry per (row, seat): value (source, k) reads (target, k - turn) with the row's chance.
    into = (chain.source[going][:, None] * seats + rel[None, :]).ravel()
    read = (
        chain.target[going][:, None] * seats + (rel[None, :] - chain.turn[going][:, None]) % seats
    ).ravel()
    weight = np.repeat(chain.chance[going], seats)
    values = constant.copy()
    for _ in range(100_000):
        new = constant + np.bincount(into, weights=weight * values[read], minlength=size * seats)
        change = float(np.max(np.abs(new - values)))
        values = new
        if change <= 1e-15:
            break
    return values.reshape(size, seats)


def table_from_nothing(rules: Rules, kernel: compiled.Kernel | None) -> ExactTable:
    """What :func:`~lcr_audio.game.analysis.odds.exact_table` does with no cache folder, on the compiled
    kernel or (``None``) on numpy's."""
    chain = exact.build_chain(rules, usual_reverse_at(rules), kernel=kernel)
    win = exact.solve(rules, chain, kernel=kernel).win
    order = np.argsort(chain.codes)
    return ExactTable(rules, chain.codes[order], win[order])


def best_of(rounds: int, work: Callable[[], object]) -> tuple[float, float, object]:
    """The least wall-clock and processor seconds of ``rounds`` runs of ``work``, and its last result."""
    walls, cpus = [], []
    result: object = None
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        result = work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--chips", type=int, default=3)
    args = parser.parse_args()
    size = f"{args.players} x {args.chips}"
    plain = Rules(players=args.players, chips=args.chips)
    wall, cpu = time.perf_counter(), time.process_time()
    kernel = compiled.wait()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if kernel is None:
        print("0. numba is not installed (or LCR_AUDIO_COMPILED=0): the numpy path only.")
    else:
        print(
            f"0. compiled kernel ready (compiled, or loaded from numba's cache): {wall:.2f} s / {cpu:.2f} s"
        )
    print(f"{exact.state_count(plain):,} positions; best of {args.rounds}, wall-clock / processor seconds.")
    paths: list[tuple[str, compiled.Kernel | None]] = [("numpy", None)]
    if kernel is not None:
        paths.append(("compiled", kernel))
    s_wall, s_cpu, values = best_of(args.rounds, lambda: sparse_solver(plain))
    chain = exact.build_chain(plain, kernel=False)
    order = np.argsort(chain.codes)
    print(f"2. separate sparse solver: {s_wall:.2f} s / {s_cpu:.2f} s")
    for name, chosen in paths:
        wall, cpu, table = best_of(args.rounds, lambda chosen=chosen: table_from_nothing(plain, chosen))  # type: ignore[misc]
        difference = float(np.max(np.abs(np.asarray(values)[order] - table.win)))  # type: ignore[attr-defined]
        print(f"1. {size}, plain dice, from nothing, {name}: {wall:.2f} s / {cpu:.2f} s", end="; ")
        print(
            f"{'under' if cpu < 1 else 'over'} 1 s of processor; largest difference from 2. {difference:.1e}"
        )
        print(f"   ratio to 2.: {s_wall / wall:.1f} x (wall-clock), {s_cpu / cpu:.1f} x (processor)")
    for name, options in (
        ("Wild dice", {"wild": True}),
        ("reversible dice", {"reversible": True}),
        ("Wild and reversible dice", {"wild": True, "reversible": True}),
    ):
        rules = Rules(players=args.players, chips=args.chips, **options)  # type: ignore[arg-type]
        for path, chosen in paths:
            wall, cpu, _ = best_of(
                args.rounds,
                lambda rules=rules, chosen=chosen: table_from_nothing(rules, chosen),  # type: ignore[misc]
            )
            print(f"3. {size}, {name}, from nothing, {path}: {wall:.2f} s / {cpu:.2f} s")


if __name__ == "__main__":
    main()
