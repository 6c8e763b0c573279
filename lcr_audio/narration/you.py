"""The one person at the keyboard as an item of a list of names, capitalised only where the list starts
(issue 21, item 13): "You 31 percent, Ana 12" but "Ana 12, you 31" ("Аня 25, ты 24", not "Ты 24")."""

from __future__ import annotations

from lcr_audio.i18n import pgettext


def you_in_list(*, first: bool) -> str:
    """ "You" when the item opens the list (or a sentence), "you" in the middle of it, in the current
    language; for the O key's list of chances and any list of names that may hold the person at the
    keyboard."""
    if first:
        # Translators: the one player at the keyboard in the list of chances of winning ("You 31 percent,
        # Ana 12, Bo 57.").
        return pgettext("odds", "You")
    # Translators: the one player at the keyboard later in a list of names or of chances of winning, not at
    # its start ("Ana 25 percent, you 24, Bo 26."): the word for "you" as it is written mid-sentence.
    return pgettext("odds", "you")


__all__ = ["you_in_list"]
