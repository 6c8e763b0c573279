#!/usr/bin/env python3
"""Print, per practice lesson, the most questions drawn to fill it and how many runs repeat a question.

Run from the repo: ``python3 benchmarks/practice_draws.py [SEEDS]`` (default 2000 seeds, 0 to SEEDS-1). A
lesson draws a question again when it has the same shape as one already asked (issue 14, item 15); the
figure to watch is "most draws" against the safety bound ``MAX_DRAWS x size``, and "repeats", which must be 0.
"""

from __future__ import annotations

import sys

from lcr_audio import i18n
from lcr_audio.narration.practice import LESSONS, Maker, lessons


class _Counting(Maker):
    made = 0

    def __init__(self, *args: object, **kwargs: object) -> None:
        _Counting.made += 1
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    i18n.set_language("en")
    lessons.Maker = _Counting  # type: ignore[misc]
    print(f"{'lesson':18} {'size':>4} {'most draws':>10} {'bound':>5} {'repeats':>7}  ({seeds} seeds)")
    for item in LESSONS:
        most = repeats = 0
        for seed in range(seeds):
            _Counting.made = 0
            asked = lessons.questions(item.key, seed)
            most = max(most, _Counting.made)
            repeats += len({lessons.shape(q) for q in asked}) < len(asked)
        print(f"{item.key:18} {item.size:4} {most:10} {lessons.MAX_DRAWS * item.size:5} {repeats:7}")


if __name__ == "__main__":
    main()
