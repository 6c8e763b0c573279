"""The figures said or printed for each seat's chance of winning, worked out honestly (issue 21, item 6).

- The figures of every seat add up to exactly 100 percent: rounded by largest remainder
  (:func:`apportion`), never each on its own (three seats of 33.5 percent would say 101).
- A simulated margin is rounded up, and widened by what rounding the figure moved it, so that the range a
  listener hears (the figure, give or take the margin) holds the whole 95% interval the games measured:
  it covers the truth at least at the rate it claims (:func:`tenths_and_margins`, :func:`said_odds`).
- A simulated answer states no difference its margin does not support: seats whose figures' ranges would
  overlap are said as one group, with one figure (the group's mean); when one group holds every seat the
  answer is "about even" (:class:`SaidOdds`).

Pure Python (no numpy), so that the narration can use it at no cost.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

Z95: Final = 1.959963984540054
"""Standard errors on each side of a 95% interval."""

_EPSILON: Final = 1e-9
"""Slack for floating-point sums (chances add up to 1 only to about 1e-15)."""


def apportion(values: Sequence[float], total: int) -> list[int]:
    """Whole numbers as close as can be to ``values`` that add up to exactly ``total`` (largest remainder:
    each value rounded down, then one more to those with the largest remainders, the earlier seat first
    among equal remainders).

    Args:
        values: non-negative amounts in the unit counted (percent, or tenths of a percent), adding up to
            ``total`` up to rounding errors of the floats.
        total: the whole to share out (100, or 1000 tenths).
    """
    floors = [math.floor(v + _EPSILON) for v in values]
    left = total - sum(floors)
    order = sorted(range(len(values)), key=lambda i: (-(values[i] - floors[i]), i))
    for i in order[: max(left, 0)]:
        floors[i] += 1
    for i in sorted(range(len(values)), key=lambda i: (values[i] - floors[i], i))[: max(-left, 0)]:
        floors[i] -= 1  # only when the values add up to more than the total (never for chances)
    return floors


def _apportion_groups(
    means: Sequence[float], sizes: Sequence[int], total: int, slack: int
) -> list[int] | None:
    """One whole figure per group, so that ``sum(size * figure) == total``: each less than ``slack`` from its
    group's mean, no group above the one before (``means`` come highest first), as close to the means as
    can be (least total distance, seat by seat). ``None`` when no such figures exist (three groups of two
    seats cannot make an odd total)."""
    Made = dict[tuple[int, int], tuple[float, tuple[int, ...]]]
    best: Made = {(0, total): (0.0, ())}
    for mean, size in zip(means, sizes, strict=True):
        following: Made = {}
        for (made, last), (cost, figures) in best.items():
            low = math.floor(mean + _EPSILON)
            for figure in range(max(0, low - slack + 1), low + slack + 1):
                reach = made + size * figure
                if reach > total or figure > last or abs(figure - mean) >= slack:
                    continue
                option = (cost + size * abs(figure - mean), (*figures, figure))
                if (reach, figure) not in following or option < following[reach, figure]:
                    following[reach, figure] = option
        best = following
    found = [option for (made, _), option in best.items() if made == total]
    return list(min(found)[1]) if found else None


@dataclass(frozen=True)
class SaidOdds:
    """Each seat's chance of winning as a listener hears it: whole percents and, when simulated, a margin.

    Attributes:
        percents: each seat's figure, seat 1 first; they add up to 100, except that an ``even`` answer
            gives every seat the same figure (100 divided by the seats, rounded).
        margin: the margin in whole percent (at least 1), so that each figure, give or take it, holds that
            seat's 95% interval; ``None`` when the chances are exact.
        even: simulated, and no difference between the seats is supported by the margin: said as "about
            even, N percent each".
    """

    percents: tuple[int, ...]
    margin: int | None = None
    even: bool = False


def said_odds(chances: Sequence[float], errors: Sequence[float] | None) -> SaidOdds:
    """The figures to say for ``chances`` (each seat's chance, seat 1 first, adding up to 1).

    Exact chances (``errors`` is ``None``) are rounded to whole percents adding up to 100; seats whose
    chances are equal get equal figures wherever the total allows.

    Simulated chances (``errors``: each chance's standard error) are grouped: two groups are said apart
    only when their means differ by more than twice the widest 95% half-interval, so that the intervals
    measured do not overlap; seats within a group get one figure, the group's mean. The margin said covers,
    for each seat, the 95% interval measured around its own estimate, from the figure said for it (so it
    grows by what grouping and rounding moved the figure).
    """
    percent = [100 * c for c in chances]
    seats = len(percent)
    if errors is None:
        groups = _equal_groups(percent)
        return SaidOdds(tuple(_figures(percent, groups, slack=1)))
    half = [100 * Z95 * e for e in errors]
    widest = max(half)
    order = sorted(range(seats), key=lambda s: (-percent[s], s))
    groups = []
    for seat in order:  # from the highest down, each group no wider than two margins
        if groups and percent[groups[-1][0]] - percent[seat] <= 2 * widest:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    while True:
        means = [sum(percent[s] for s in group) / len(group) for group in groups]
        close = [k for k in range(len(groups) - 1) if means[k] - means[k + 1] <= 2 * widest]
        if not close:
            break
        k = min(close, key=lambda k: (means[k] - means[k + 1], k))  # the closest pair first
        groups[k : k + 2] = [groups[k] + groups[k + 1]]
    even = len(groups) == 1
    # a group's figure may be up to 2 from its mean rather than split it: the margin covers the distance
    figures = [round(100 / seats)] * seats if even else _figures(percent, groups, slack=2)
    reach = max(abs(figures[s] - percent[s]) + half[s] for s in range(seats))
    return SaidOdds(tuple(figures), max(1, math.ceil(reach - _EPSILON)), even=even)


def _equal_groups(percent: Sequence[float]) -> list[list[int]]:
    """The seats grouped by equal chance (exact ties only)."""
    groups: list[list[int]] = []
    for seat in sorted(range(len(percent)), key=lambda s: (-percent[s], s)):
        if groups and abs(percent[groups[-1][0]] - percent[seat]) < 1e-9:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def _figures(percent: Sequence[float], groups: Sequence[Sequence[int]], slack: int) -> list[int]:
    """Whole percents adding up to 100, one per seat: one figure per group where the total allows with
    figures less than ``slack`` from the groups' means, else each seat's share of its group's mean by
    largest remainder."""
    means = [sum(percent[s] for s in group) / len(group) for group in groups]
    shared = _apportion_groups(means, [len(group) for group in groups], 100, slack)
    figures = [0] * len(percent)
    if shared is not None:
        for group, figure in zip(groups, shared, strict=True):
            for seat in group:
                figures[seat] = figure
        return figures
    each = [0.0] * len(percent)
    for group, mean in zip(groups, means, strict=True):
        for seat in group:
            each[seat] = mean
    return apportion(each, 100)


def tenths_and_margins(
    chances: Sequence[float], errors: Sequence[float | None]
) -> list[tuple[int, int | None]]:
    """Each seat's chance in tenths of a percent, adding up to 1000 (100.0 percent), with its margin in
    tenths of a percent when simulated (``None`` when exact): the 95% half-interval plus what rounding moved
    the figure, rounded up, at least 1 (0.1 percent). So the printed range holds the measured interval,
    and covers the truth at least 95 times in 100 (``lcr-audio odds``)."""
    tenths = apportion([1000 * c for c in chances], 1000)
    rows: list[tuple[int, int | None]] = []
    for chance, error, figure in zip(chances, errors, tenths, strict=True):
        if error is None:
            rows.append((figure, None))
            continue
        reach = 1000 * Z95 * error + abs(figure - 1000 * chance)
        rows.append((figure, max(1, math.ceil(reach - _EPSILON))))
    return rows


def round_up(value: float, digits: int) -> float:
    """``value`` rounded up to ``digits`` decimals (a margin is never printed smaller than measured)."""
    scale: int = 10**digits
    return math.ceil(value * scale - _EPSILON) / scale


def round_down(value: float, digits: int) -> float:
    """``value`` rounded down to ``digits`` decimals (the low end of an interval printed)."""
    scale: int = 10**digits
    return math.floor(value * scale + _EPSILON) / scale
