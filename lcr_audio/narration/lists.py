"""Lists of names and faces joined the way the current language joins them (Babel's CLDR list patterns)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

from babel.lists import format_list

from .. import i18n

_Style: TypeAlias = Literal["standard", "unit-short"]


def _join(items: Sequence[str], style: _Style) -> str:
    """Join ``items`` in the current language with the CLDR list ``style``, never failing.

    Some Babel releases raise for list styles a locale inherits rather than defines (``unit-short`` in
    Spanish, for instance); then the standard style, and at worst commas, do the job.
    """
    if not items:
        return ""
    locale = i18n.language() or "en"
    attempts: tuple[_Style, ...] = (style, "standard")
    for attempt in attempts:
        try:
            return format_list(list(items), style=attempt, locale=locale)
        except Exception:  # unknown locale or incomplete locale data: try the next way
            continue
    return ", ".join(items)


def and_list(items: Sequence[str]) -> str:
    """Join names as a sentence would: "Ana, Bo, and Cy" in English."""
    return _join(items, "standard")


def unit_list(items: Sequence[str]) -> str:
    """Join short items without a conjunction where the language allows it: "L, dot, C" in English.

    Used for the faces of a roll and the chip counts of a turn's summary. Where the language's unit
    pattern is bare spaces (Russian), a listener could not hear where one item ends: the standard pattern,
    with its commas, is used instead.
    """
    joined = _join(items, "unit-short")
    if len(items) > 1 and joined == " ".join(items):
        return _join(items, "standard")
    return joined
