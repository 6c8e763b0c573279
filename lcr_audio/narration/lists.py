"""Lists of names and faces joined the way the current language joins them (Babel's CLDR list patterns)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal, TypeAlias

from babel import Locale, UnknownLocaleError
from babel.lists import format_list

from lcr_audio import i18n

_Style: TypeAlias = Literal["standard", "unit-short", "or"]


_PARTS = frozenset({"start", "middle", "end", "2"})
"""The parts a CLDR list pattern needs to join any number of items."""


def _join(items: Sequence[str], style: _Style) -> str:
    """Join ``items`` in the current language with the CLDR list ``style``, never failing.

    A locale may define only some parts of a style (German ``unit-short`` has the pattern for two items
    only, Spanish the end only); Babel then joins two items one way and three another ("Punkt, Punkt"
    against "Punkt, Punkt und Punkt"). Such a style, like a missing one, gives way to the standard style,
    so one list is joined one way whatever its length. At worst (no locale data) commas do the job.
    """
    if not items:
        return ""
    try:
        locale = Locale.parse(i18n.language() or "en")
    except (UnknownLocaleError, ValueError, LookupError):  # an unknown locale: commas
        return ", ".join(items)
    patterns = locale.list_patterns.get(style)
    if patterns is not None and not set(patterns) >= _PARTS:
        style = "standard"
    try:
        return format_list(list(items), style=style, locale=locale)
    except (ValueError, LookupError):  # incomplete locale data: the standard style, or commas
        try:
            return format_list(list(items), style="standard", locale=locale)
        except (ValueError, LookupError):
            return ", ".join(items)


_AND: Final[dict[str, tuple[str, str]]] = {
    "en": ("{0} and {1}", "{0}, and {1}"),
    "de": ("{0} und {1}", "{0} und {1}"),
    "es": ("{0} y {1}", "{0} y {1}"),
    "fr": ("{0} et {1}", "{0} et {1}"),
    "it": ("{0} e {1}", "{0} e {1}"),
    "pt_BR": ("{0} e {1}", "{0} e {1}"),
    "ru": ("{0} и {1}", "{0} и {1}"),
}
"""CLDR's standard list of the game's languages, as Babel has it: the pattern for two items, and the one
before the last of more (the others are joined by ", "). Written out because Babel reads a language's whole
data (tens of ms) for its first list, and ``play``'s first sentence is a list of names (issue 21, item 12);
a test checks them against Babel."""


def and_list(items: Sequence[str]) -> str:
    """Join names as a sentence would: "Ana, Bo, and Cy" in English."""
    patterns = _AND.get(i18n.language() or "en")
    if patterns is None or not items:
        return _join(items, "standard")
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return patterns[0].format(*items)
    return patterns[1].format(", ".join(items[:-1]), items[-1])


def or_list(items: Sequence[str]) -> str:
    """Join alternatives as a sentence would: "auto, tts, or silent" in English."""
    return _join(items, "or")


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


def warm() -> None:
    """Have Babel read the current language's data now (it reads it whole on the first list it formats,
    tens of ms; more on a busy machine): called once the program's first sentence is out, so that neither
    that sentence nor a key's answer waits for it."""
    unit_list(["1", "2"])
