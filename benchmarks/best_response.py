"""Usual play against the exact best response (issue 25): seat 1's chance from the start when it plays the
usual way, when it plays its best (everyone else usual), and every seat careful (a fixed point, or a cycle).

    python3 benchmarks/best_response.py
"""

from __future__ import annotations

import time

import numpy as np

from lcr_audio.engine import Rules
from lcr_audio.game.analysis import best
from lcr_audio.game.analysis.exact import build_chain
from lcr_audio.game.usual import usual_reverse_at

TABLES = [
    Rules(players=3, chips=5, reversible=True),
    Rules(players=3, chips=3, wild=True),
    Rules(players=3, chips=5, wild=True, reversible=True),
    Rules(players=4, chips=2, wild=True),
    Rules(players=4, chips=3, reversible=True),
]


def main() -> None:
    for rules in TABLES:
        started = time.perf_counter()
        for reverse_at in sorted({6, usual_reverse_at(rules)}) if rules.reversible else [6]:
            options = best.build_options(rules, build_chain(rules, reverse_at), reverse_at)
            start = int(np.flatnonzero((options.states == rules.chips).all(axis=1))[0])
            usual = best.evaluate(rules, options, [best.usual_policy(options)] * rules.players)[start, 0]
            alone = best.careful_profile(rules, options, [0]).values[start, 0]
            every = best.careful_profile(rules, options, range(rules.players))
            print(
                f"{rules.players} x {rules.chips}{' Wild' if rules.wild else ''}"
                f"{' reversible' if rules.reversible else ''}, usual reverses from {reverse_at}: "
                f"seat 1 usual {100 * usual[0]:.2f}, best {100 * alone[0]:.2f}; "
                f"all usual {', '.join(f'{100 * v:.1f}' for v in usual)}; "
                f"all careful ({every.settled.value}, {every.rounds} rounds) "
                f"{', '.join(f'{100 * v:.1f}' for v in every.values[start, 0])}",
                flush=True,
            )
        print(f"  ({time.perf_counter() - started:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
