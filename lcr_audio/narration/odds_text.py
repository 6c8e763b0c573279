"""Each seat's chance of winning as one short sentence (the O key, issue 15): "You 31 percent, Ana 12,
Bo 57." when exact, "About You 24 percent, Ana 30, Bo 46, give or take 2." when simulated.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from lcr_audio.engine import Seat
from lcr_audio.i18n import _, ngettext, pgettext
from lcr_audio.narration.lists import unit_list

Z95 = 1.959963984540054
"""Standard errors on each side of a 95% interval: the margin said is that wide."""


def percent(chance: float) -> int:
    """A chance as a whole percent, rounded to the nearest."""
    return math.floor(chance * 100 + 0.5)


def percent_tenths(chance: float) -> str:
    """A chance in percent to one decimal, written the current language's way ("30.7", "30,7")."""
    from babel.numbers import format_decimal

    from lcr_audio.i18n import language

    value = round(chance * 100, 1)
    try:
        return str(format_decimal(value, format="0.0", locale=language() or "en"))
    except Exception:  # an unknown locale: plain digits
        return f"{value:.1f}"


def margin(errors: Sequence[float]) -> int:
    """The margin said with simulated chances: the widest 95% half-interval, in whole percent, at least 1."""
    return max(1, math.ceil(max(errors) * Z95 * 100 - 1e-9))


def odds_items(chances: Sequence[float], names: Sequence[str], you: Seat | None) -> list[str]:
    """One item per seat, seat 1 first; the first says "percent": "You 31 percent", "Ana 12"."""
    items: list[str] = []
    for seat, chance in enumerate(chances):
        # Translators: the one player at the keyboard in the list of chances of winning ("You 31 percent,
        # Ana 12, Bo 57.").
        name = pgettext("odds", "You") if seat == you else names[seat]
        if not items:
            # Translators: the first item of the list of chances of winning: {name} a player's name (or
            # "You"), {percent} a whole number; the later items leave out the word percent.
            items.append(_("{name} {percent} percent").format(name=name, percent=percent(chance)))
        else:
            # Translators: a later item of the list of chances of winning, after "You 31 percent": {name} a
            # player's name, {percent} a whole number of percent.
            items.append(_("{name} {percent}").format(name=name, percent=percent(chance)))
    return items


def odds_sentence(
    chances: Sequence[float], errors: Sequence[float] | None, names: Sequence[str], you: Seat | None
) -> str:
    """The O key's answer: every seat's chance of winning from here, seat 1 first.

    Args:
        chances: each seat's chance, summing to 1.
        errors: each chance's standard error when simulated; ``None`` when exact.
        names: the seats' names.
        you: the seat of the one person at the keyboard (said "You"), or ``None``.
    """
    odds = unit_list(odds_items(chances, names, you))
    if errors is None:
        # Translators: the exact chances of winning of every player; {odds} is a list such as "You 31
        # percent, Ana 12, Bo 57".
        return _("{odds}.").format(odds=odds)
    wide = margin(errors)
    # Translators: simulated chances of winning; {odds} is a list such as "You 24 percent, Ana 30, Bo 46",
    # {margin} a whole number of percent each chance may be off by (95 times in 100).
    return ngettext(
        "About {odds}, give or take {margin}.", "About {odds}, give or take {margin}.", wide
    ).format(odds=odds, margin=wide)
