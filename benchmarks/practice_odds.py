#!/usr/bin/env python3
"""Print how long the odds lesson takes to draw its questions: the most its first run in a session can
spend working out exact tables (all of them), a later run's draw (tables kept), and each table's time.

Run from the repo: ``python3 benchmarks/practice_odds.py``. The practice screen draws a lesson's questions
off the key loop while the lesson's introduction is said, so these seconds never hold a key.
"""

from __future__ import annotations

import time

from lcr_audio import i18n
from lcr_audio.game.analysis.odds import exact_table
from lcr_audio.narration.practice import questions
from lcr_audio.narration.practice.odds import TABLES
from lcr_audio.narration.rules_text import start_odds


def main() -> None:
    i18n.set_language("en")
    start = time.perf_counter()
    for rules in TABLES:
        start_odds(rules)  # worked out once per run, kept for the lesson
    every = time.perf_counter() - start
    start = time.perf_counter()
    for seed in range(20):
        questions("odds", seed)
    draw = (time.perf_counter() - start) / 20
    print(f"odds lesson, first run at worst (every table worked out): {every:.3f} s")
    print(f"odds lesson, one run's questions with the tables kept: {draw * 1000:.1f} ms")
    for rules in TABLES:
        start = time.perf_counter()
        exact_table(rules)
        print(f"  {rules.players} players, starting chips {rules.chips}: {time.perf_counter() - start:.3f} s")


if __name__ == "__main__":
    main()
