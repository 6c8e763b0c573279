"""Issue 15's speed and agreement targets for the analysis engine, each printed as figures.

1. Games per second, standard rules from the start, against a plain pure-Python LCR loop contained here
   (the baseline), measured in this one run: the chain-table simulator that ``lcr-audio simulate`` uses where
   the rules have an exact table (5 seats; one process, and two workers as ``simulate`` runs it), and the
   numpy kernel that it uses elsewhere (10 seats), and there the compiled kernel where numba is installed.
   Target: at least 100 times the baseline at 5 seats; 50 times at 10 seats (compiled, issue 25).
2. The exact table for 6 seats with 3 chips, from nothing and read back from the cache file.
   Target: under 1 s.
3. The O key's answer (``OddsKeeper.odds``) at random positions of such a game (the table loaded), and the
   simulated answer at 10 seats (no table), by the compiled kernel and by plain Python, with the margin said
   (:func:`~lcr_audio.game.analysis.figures.said_odds`). Target: under 150 ms; at 10 seats compiled, a
   margin of at most 1 point.
4. Exact against simulated odds over random positions: every seat's simulated rate within 3 standard
   errors of the exact value (about 0.3% of seats may fall outside by chance alone).

Usage: ``python3 benchmarks/analysis.py [--games 8000000] [--positions 40] [--rounds 3]``

measured here (2 CPUs, no other work running; Python 3.11.7, numpy 2; figures vary by a third from run to
run on this shared machine, so the ratios are taken within each round):
    1. 5 seats: baseline 43,738 to 48,360 games/s; chain table 3.4 to 3.8 million in one process (77 to 81 x)
       and 6.0 to 7.2 million by two workers (133 to 150 x, median 142 x). Another run: baseline about
       30,000, two workers 4.5 to 5.5 million (148 to 181 x). 10 seats: baseline 17,381, kernel 19,183
       (1.1 x). Before this work's last changes (216-face columns, two threads): 39 x.
    2. 6 x 3 table: computed in 4.5 s (chain 1.0 s, value iteration 3.5 s), read from the cache in 6 ms;
       |sum - 1| at most 8.1e-14. The target is met by the cache, which the game fills in the background.
    3. O key: 0.1 ms at most with the 6 x 3 table; 96 ms median, 129 ms at most when simulated (340 to 512
       games in an answer).
    Issue 25, item 5 (the compiled kernel, numba 0.68; the machine shared, so the ratios are taken within
    each round; "a processor second" divides by the process's processor time, every thread's):
    1. 10 seats, four runs of 3 rounds, load average 3.9 to 6.6: baseline 11,511 to 25,012 games/s on the
       clock; compiled (2 threads) 588,608 to 1,882,549, 35.3 to 85.9 x (medians 38.4, 46.6, 65.6, 71.5 x).
       A processor second: baseline 20,130 to 27,390, compiled 879,935 to 1,273,314, 34.0 to 55.9 x (one
       thread's work; two idle cores would give twice it). Before this work (a turn called as a function):
       11.9 to 17.9 x on the clock, about 400,000 games a processor second.
    3. O key at 10 seats, 30 random positions, compiled: median 97.2 to 98.1 ms, max 105.5 to 113.1 ms,
       24,437 to 102,774 games an answer, margin said 1 point in 19 of 30 (median 1), else 2 (before: 8,910
       to 33,152 games, median 2, max 171.9 ms); plain Python (without numba): 6 to 22 points (72 to 642
       games). Wild dice: compiled 2 to 3 points (7,341 to 23,044 games), plain 8 to 27.
    4. 520 of 520 simulated seat rates within 3 standard errors (largest 2.90); an earlier run 518 of 520
       (largest 3.76), as chance alone allows.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from lcr_audio.engine import Rules, WinCondition, new_game, position
from lcr_audio.game.analysis import compiled, exact
from lcr_audio.game.analysis.chain_sim import chain_simulator, generators
from lcr_audio.game.analysis.exact import random_table_position
from lcr_audio.game.analysis.figures import said_odds
from lcr_audio.game.analysis.odds import OddsKeeper, exact_table
from lcr_audio.game.analysis.simulate import play_games


def plain_games(players: int, chips: int, games: int, rng: random.Random) -> list[int]:
    """The baseline: a plain pure-Python LCR loop (standard rules, seat 1 first). Returns wins per seat."""
    wins = [0] * players
    rand = rng.random
    for _ in range(games):
        held = [chips] * players
        holders = players
        seat = 0
        while holders > 1:
            n = held[seat]
            if n:
                for _ in range(3 if n > 3 else n):
                    x = rand()
                    if x < 0.5:  # L, R or C: the chip leaves the roller (R5)
                        held[seat] -= 1
                        if held[seat] == 0:
                            holders -= 1
                        if x < 1 / 6:
                            target = seat + 1 if seat + 1 < players else 0
                        elif x < 2 / 6:
                            target = seat - 1
                        else:
                            continue  # C: into the pot
                        if held[target] == 0:
                            holders += 1
                        held[target] += 1
            seat = seat + 1 if seat + 1 < players else 0
        wins[next(s for s in range(players) if held[s])] += 1
    return wins


@contextlib.contextmanager
def numpy_only():  # type: ignore[no-untyped-def]
    """The program as without numba: the compiled kernel set aside for a moment (a benchmark's comparison)."""
    kept = compiled._READY
    compiled._READY = None
    try:
        yield
    finally:
        compiled._READY = kept


def settle(keeper: OddsKeeper) -> None:
    """Stop the games the keeper plays on after an answer, as a player's pause between presses lets them end,
    so that each answer is timed alone on the machine's two cores."""
    keeper._until = 0.0
    more = keeper._more
    if more is not None:
        more.join()


def rate(fn, games: int) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    fn(games)
    return games / (time.perf_counter() - start)


def rates(fn, games: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Games a second on the clock, and per second of the process's processor time (every thread's)."""
    start, start_cpu = time.perf_counter(), time.process_time()
    fn(games)
    return games / (time.perf_counter() - start), games / max(time.process_time() - start_cpu, 1e-9)


def throughput(games: int, rounds: int) -> None:
    print("1. Games per second, standard rules, 3 chips each, from the start:")
    for players in (5, 10):
        rules = Rules(players=players)
        base_games = max(20_000, games // 100)
        rng = np.random.default_rng(1)
        kernel_games = max(20_000, games // 100)
        if not exact.supports(rules):
            fast = compiled.wait()
            if fast is None:
                print("   (numba is not installed: no compiled kernel; pip install 'lcr-audio[fast]')")
            print(
                f"   {players} seats, {rounds} rounds, each the baseline ({base_games:,} games), the numpy",
                end=" ",
            )
            print(f"kernel ({kernel_games:,}) and the compiled kernel ({games:,}, 2 threads, as simulate):")
            ratios, per_processor = [], []
            for _ in range(rounds):
                baseline, baseline_cpu = rates(
                    lambda g, p=players: plain_games(p, 3, g, random.Random(1)), base_games
                )
                with numpy_only():
                    kernel = rate(
                        lambda g, r=rules, n=rng: play_games(r, (3,) * r.players, 0, 0, g, n), kernel_games
                    )
                line = f"     baseline {baseline:,.0f} games/s; numpy kernel {kernel:,.0f}"
                line += f" ({kernel / baseline:.1f} x)"
                if fast is not None:
                    both, both_cpu = rates(
                        lambda g, r=rules, n=rng: play_games(r, (3,) * r.players, 0, 0, g, n), games
                    )
                    ratios.append(both / baseline)
                    per_processor.append(both_cpu / baseline_cpu)
                    line += f"; compiled {both:,.0f} ({both / baseline:.1f} x; a processor second: baseline"
                    line += (
                        f" {baseline_cpu:,.0f}, compiled {both_cpu:,.0f}, {both_cpu / baseline_cpu:.1f} x)"
                    )
                print(line + f" (load average {os.getloadavg()[0]:.1f})")
            if ratios:
                print(
                    f"   {players} seats, lcr-audio simulate (compiled) against the baseline: median", end=" "
                )
                print(
                    f"{statistics.median(ratios):.1f} x, best {max(ratios):.1f} x; per processor second",
                    end=" ",
                )
                print(f"median {statistics.median(per_processor):.1f} x (two idle cores: twice it)")
            continue
        start = time.perf_counter()
        fast = chain_simulator(rules)
        built = time.perf_counter() - start
        row = fast.index_of((3,) * players, 0)
        rngs = generators(1)
        fast.play(row, 0, 100_000, rngs[0])  # warm
        print(f"   {players} seats: chain table built in {built:.2f} s;", end=" ")
        print(f"{rounds} rounds, each the baseline", end=" ")
        print(
            f"({base_games:,} games), then the chain table ({games:,} games) in one process and shared by two"
        )
        print("     workers as lcr-audio simulate runs it (forked processes on Linux):")
        ratios = []
        for _ in range(rounds):
            baseline = rate(lambda g, p=players: plain_games(p, 3, g, random.Random(1)), base_games)
            one = rate(lambda g, f=fast, i=row, n=rngs[0]: f.play(i, 0, g, n), games)
            both = rate(lambda g, f=fast, i=row, n=rngs: f.play_parallel(i, 0, g, n), games)
            ratios.append(both / baseline)
            print(f"     baseline {baseline:,.0f} games/s; chain table {one:,.0f} in 1 process", end=" ")
            print(f"({one / baseline:.1f} x), {both:,.0f} by 2 workers ({both / baseline:.1f} x)")
        print(f"   {players} seats, lcr-audio simulate (2 workers) against the baseline: median", end=" ")
        print(f"{statistics.median(ratios):.1f} x, best {max(ratios):.1f} x")
        kernel = rate(lambda g, r=rules, n=rng: play_games(r, (3,) * r.players, 0, 0, g, n), kernel_games)
        print(f"   {players} seats, numpy kernel (any rules): {kernel:,.0f} games/s")


def exact_timing() -> None:
    rules = Rules(players=6, chips=3)
    print(f"2. Exact table, 6 seats x 3 chips ({exact.state_count(rules):,} positions):")
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        chain = exact.build_chain(rules)
        built = time.perf_counter() - start
        solution = exact.solve(rules, chain)
        solved = time.perf_counter() - start - built
        print(f"   computed: chain {built:.2f} s + value iteration {solved:.2f} s = {built + solved:.2f} s")
        start = time.perf_counter()
        exact_table(rules, Path(folder))
        print(f"   computed and written to the cache: {time.perf_counter() - start:.2f} s")
        loads = []
        for _ in range(5):
            start = time.perf_counter()
            exact_table(rules, Path(folder))
            loads.append(time.perf_counter() - start)
        print(f"   loaded from the cache file: median {statistics.median(loads) * 1000:.0f} ms")
        print(f"   largest |sum - 1| over all positions: {np.max(np.abs(solution.win.sum(axis=1) - 1)):.1e}")


def key_timing(positions: int) -> None:
    print("3. O key (OddsKeeper.odds) at random positions of a game:")
    rng = random.Random(3)
    fast = compiled.wait()
    for rules, label, kernel in (
        (Rules(players=6, chips=3), "6 seats x 3 chips, exact (table loaded)", fast),
        (Rules(players=10, chips=3), "10 seats x 3 chips, simulated, compiled kernel", fast),
        (Rules(players=10, chips=3), "10 seats x 3 chips, simulated, plain Python (no numba)", None),
        (Rules(players=10, chips=3, wild=True), "10 seats, Wild dice, simulated, compiled kernel", fast),
        (
            Rules(players=10, chips=3, wild=True),
            "10 seats, Wild dice, simulated, plain Python (no numba)",
            None,
        ),
        (
            Rules(players=5, chips=3, win=WinCondition.ROLL_ALL_DOTS),
            "5 seats, roll-all-dots, simulated",
            fast,
        ),
    ):
        if "compiled" in label and fast is None:
            continue
        keeper = OddsKeeper(rules, None, seed=4)
        keeper.wait()
        times, margins = [], []
        played = []
        with contextlib.nullcontext() if kernel is not None else numpy_only():
            for _ in range(positions):
                chips, pot, mover = random_table_position(rng, rules)
                start = time.perf_counter()
                odds = keeper.odds(position(rules, chips, pot, mover))
                times.append(time.perf_counter() - start)
                settle(keeper)
                if not odds.exact:
                    margins.append(said_odds(odds.chances, odds.errors).margin or 0)
                    played.append(odds.games)
        median, most = statistics.median(times) * 1000, max(times) * 1000
        said = ""
        if margins:
            said = f"; margin said: {min(margins)} to {max(margins)} points"
            said += f" (median {statistics.median(margins)}; 1 point in {margins.count(1)} of {len(margins)})"
            said += f", {min(played):,} to {max(played):,} games an answer"
        print(f"   {label}: median {median:.1f} ms, max {most:.1f} ms{said}")
    state = new_game(Rules(players=6, chips=3))[0]
    keeper = OddsKeeper(state.rules, None)
    keeper.wait()
    start = time.perf_counter()
    keeper.odds(state)
    print(f"   6 x 3 at the start: {(time.perf_counter() - start) * 1000:.2f} ms")


def agreement(positions: int) -> None:
    print("4. Exact against simulated odds, random positions, every seat:")
    rng = random.Random(7)
    generator = np.random.default_rng(8)
    for rules in (
        Rules(players=5),
        Rules(players=4, wild=True),
        Rules(players=4, wild=True, reversible=True),
    ):
        table = exact_table(rules)
        fast = chain_simulator(rules)
        seats = within = 0
        worst = 0.0
        for _ in range(positions):
            chips, pot, mover = random_table_position(rng, rules)
            expected = np.array(table.lookup(chips, pot, mover))
            for wins, games in (
                (play_games(rules, chips, pot, mover, 20_000, generator).wins, 20_000),
                (fast.play(fast.index_of(chips, mover), mover, 200_000, generator), 200_000),
            ):
                error = np.sqrt(expected * (1 - expected) / games)
                z = np.abs(wins / games - expected) / np.where(error > 0, error, 1)
                seats += len(z)
                within += int(np.sum(z <= 3))
                worst = max(worst, float(z.max()))
        label = f"{rules.players} seats, wild {rules.wild}, reversible {rules.reversible}"
        print(f"   {label}: {within} of {seats} seat rates within 3 standard errors (largest {worst:.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8_000_000)  # one part of lcr-audio simulate
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    throughput(args.games, args.rounds)
    exact_timing()
    key_timing(args.positions)
    agreement(args.positions // 2)


if __name__ == "__main__":
    main()
