"""Issue 15, item 3: the time a careful computer player takes to decide where the rules have no exact table
(the choice is simulated, :mod:`lcr_audio.game.analysis.careful`). Target: under about 0.3 s a decision at
10 seats, so a computer player's turn never feels slow.

The decisions are the ones real games ask for: games of computer players (every seat careful) are played
through ``step`` under each rule set, and every Wild choice and reversal question met on the way is timed
(the first few of each game, to keep the run short). Printed per rule set: decisions timed, median, 90th
percentile and the slowest, in seconds, and the load average, since the machine is shared.

With ``--compare`` (issue 25, item 5): every decision is made twice, by the numpy kernel and by the compiled
kernel (numba, :mod:`lcr_audio.game.analysis.compiled`), and each prints its time, the games it played per
choice and the standard error of the difference it decided on (the largest over the choices, in points):
more precise in the same time is the target.

Usage: ``python3 benchmarks/careful.py [--games 3] [--players 10] [--compare]``

measured here (2 CPUs shared with other helpers' runs; Python 3.11, numpy 2), 10 seats, work 120,000:
    load average 1.4: Wild dice median 0.194 s, 90th percentile 0.221 s, slowest 0.229 s; Wild and
    reversible dice, last chip in the pot: 0.200, 0.220, 0.231 s; reversible dice, roll all dots: 0.171,
    0.194, 0.210 s (processor time the same). Load average 2: the same medians within 0.05 s, slowest
    0.35 s; load average 5: clock times 1.5 to 2 times these, processor times unchanged (0.10 to 0.20 s).
    ``--compare --games 2 --per-game 8``, load average 5 (issue 25, item 5): Wild dice, numpy median 0.210 s,
    133 games a choice, standard error of the difference median 2.96 points; compiled 0.164 s, 2,106 games,
    0.68 points. Wild and reversible, last chip in the pot: numpy 0.217 s, 2.38 points; compiled 0.164 s,
    0.62. Reversible, roll all dots: numpy 0.123 s, 1.32 points; compiled 0.083 s, 0.38.
    With the turn compiled into the loop and 2,500,000 rows a compiled decision, ``--per-game 6``, load
    average 4.7: Wild dice, numpy 0.122 s (processor 0.094 s), 133 games, 2.63 points; compiled 0.117 s
    (processor 0.104 s), 3,558 games, 0.47 points. Wild and reversible, last chip in the pot: numpy 0.093 s,
    2.38 points; compiled 0.114 s, 0.54. Reversible, roll all dots: numpy 0.079 s, 1.34 points; compiled
    0.083 s, 0.26. At load 7.8: 0.194 against 0.199 s, 0.242 against 0.214 s, 0.221 against 0.185 s, the
    same games and errors.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from lcr_audio.engine import ChooseSeat, GameState, Phase, Reverse, Roll, Rules, WinCondition, new_game, step
from lcr_audio.game.analysis import compiled
from lcr_audio.game.analysis.careful import (
    SIMULATED_WORK,
    Estimate,
    choice_estimate,
    greedy_choice,
    reverse_estimate,
    simulated_choice,
    simulated_reverse,
)
from lcr_audio.game.analysis.exact import supports


def decision_times(rules: Rules, games: int, per_game: int, seed: int) -> tuple[list[float], list[float]]:
    """Seconds each careful decision took, on the clock and of this process's processor time, over
    ``games`` games of careful players (``per_game`` timed at most in each)."""
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    for _ in range(games):
        state: GameState = new_game(rules)[0]
        timed = 0
        while not state.over and timed < per_game:
            if state.phase is Phase.ROLL:
                state = step(state, Roll(tuple(rng.choice(rules.die) for _ in range(state.dice_to_roll))))[0]
                continue
            start, start_cpu = time.perf_counter(), time.process_time()
            if state.phase is Phase.REVERSE:
                action: Reverse | ChooseSeat = Reverse(simulated_reverse(state))
            else:
                action = ChooseSeat(simulated_choice(state))
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
            timed += 1
            state = step(state, action)[0]
    return times, cpu


def compare(rules: Rules, games: int, per_game: int, seed: int) -> None:
    """Each decision of ``games`` games of careful players made by both kernels: time, games, error."""
    rng = random.Random(seed)
    kernel = compiled.wait()
    if kernel is None:
        print("   numba is not installed: nothing to compare (pip install 'lcr-audio[fast]').")
        return
    figures: dict[str, list[tuple[float, int, float, float]]] = {"numpy": [], "compiled": []}
    for _ in range(games):
        state: GameState = new_game(rules)[0]
        timed = 0
        while not state.over and timed < per_game:
            if state.phase is Phase.ROLL:
                state = step(state, Roll(tuple(rng.choice(rules.die) for _ in range(state.dice_to_roll))))[0]
                continue
            for name, ready in (("numpy", None), ("compiled", kernel)):
                compiled._READY = ready
                start, start_cpu = time.perf_counter(), time.process_time()
                estimate = decide(state)
                figures[name].append(
                    (
                        time.perf_counter() - start,
                        estimate.games,
                        float(max(estimate.errors)),
                        time.process_time() - start_cpu,
                    )
                )
            compiled._READY = kernel
            timed += 1
            if state.phase is Phase.REVERSE:
                state = step(state, Reverse(simulated_reverse(state)))[0]
            else:
                state = step(state, ChooseSeat(simulated_choice(state)))[0]
    for name, rows in figures.items():
        times = [t for t, _, _, _ in rows]
        print(
            f"   {name}: {len(rows)} decisions; time median {statistics.median(times):.3f} s, slowest "
            f"{max(times):.3f} s, processor time median {statistics.median(c for *_, c in rows):.3f} s; "
            f"games per choice median {statistics.median(g for _, g, _, _ in rows):,.0f}; standard error of "
            f"the difference median {100 * statistics.median(e for _, _, e, _ in rows):.2f} points, largest "
            f"{100 * max(e for _, _, e, _ in rows):.2f} (load average {os.getloadavg()[0]:.1f})"
        )


def decide(state: GameState) -> Estimate:
    """The simulated estimate behind the careful player's decision at ``state``."""
    if state.phase is Phase.REVERSE:
        return reverse_estimate(state)[1]
    usual = greedy_choice(state)
    return choice_estimate(state, (usual, *(c for c in state.choices if c != usual)))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per rule set (default 3)")
    parser.add_argument("--per-game", type=int, default=12, help="decisions timed per game (default 12)")
    parser.add_argument("--players", type=int, default=10, help="seats (default 10)")
    parser.add_argument("--compare", action="store_true", help="the numpy kernel against the compiled one")
    args = parser.parse_args()
    sets = {
        "Wild dice": Rules(players=args.players, wild=True),
        "Wild and reversible dice, last chip in the pot": Rules(
            players=args.players, wild=True, reversible=True, win=WinCondition.LAST_CHIP_IN_POT
        ),
        "reversible dice, roll all dots": Rules(
            players=args.players, reversible=True, win=WinCondition.ROLL_ALL_DOTS
        ),
    }
    print(f"Careful decisions at {args.players} seats, simulated (work {SIMULATED_WORK:,} rows a decision).")
    for name, rules in sets.items():
        if supports(rules):
            print(f"{name}: has an exact table at this size; the careful player looks it up.")
            continue
        if args.compare:
            print(f"{name}:")
            compare(rules, args.games, args.per_game, seed=15)
            continue
        times, cpu = decision_times(rules, args.games, args.per_game, seed=15)
        load = os.getloadavg()[0]
        print(
            f"{name}: {len(times)} decisions; median {statistics.median(times):.3f} s, 90th percentile "
            f"{statistics.quantiles(times, n=10)[-1]:.3f} s, slowest {max(times):.3f} s; processor time "
            f"median {statistics.median(cpu):.3f} s, slowest {max(cpu):.3f} s (load average {load:.1f})."
        )


if __name__ == "__main__":
    main()
