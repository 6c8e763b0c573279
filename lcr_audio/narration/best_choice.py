"""The H key's answer (issue 25, item 3): at a choice, each option with the chooser's chance of winning
after it, best first ("Taking from Bo: 31.2 percent; from Cy: 30.9; from Ana: 30.1.")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lcr_audio.engine import Phase
from lcr_audio.i18n import _, language

if TYPE_CHECKING:  # numpy stays out of the program's start
    from lcr_audio.game.analysis.careful import OptionChance


def _percent(chance: float) -> str:
    """A chance in percent to a tenth, written as the language writes decimals ("31.2", "31,2")."""
    from babel.numbers import format_decimal

    try:
        return str(format_decimal(round(100 * chance, 1), format="0.0", locale=language() or "en"))
    except Exception:  # an unknown locale: plain digits
        return f"{100 * chance:.1f}"


def best_choice_sentence(options: Sequence[OptionChance], names: Sequence[str], phase: Phase) -> str:
    """The options of the choice ``phase`` asks for (a Wild's seat, R7, R9; the reversal, R9) with the
    chooser's chance after each, best first, as one sentence; simulated chances end with their margin.
    With no options: that there is no choice to weigh now."""
    if not options:
        # Translators: H pressed when the player has no choice to make (a Wild's seat or the reversal).
        return _("There is no choice to weigh now; H says your chances at a Wild or the reversal question.")
    parts = []
    for index, option in enumerate(options):
        percent = _percent(option.chance)
        if isinstance(option.option, bool):
            if option.option and index == 0:
                # Translators: H at the reversal question, reversing best: the chance after reversing the
                # dice; {percent} is a number with one decimal; the other option follows after a semicolon.
                text = _("Reversing the dice: {percent} percent")
            elif index == 0:
                # Translators: H at the reversal question, rolling as usual best: the chance after it;
                # {percent} is a number with one decimal; the other option follows after a semicolon.
                text = _("Rolling as usual: {percent} percent")
            elif option.option:
                # Translators: H at the reversal question, reversing second ("reversing: 30.1").
                text = _("reversing: {percent}")
            else:
                # Translators: H at the reversal question, rolling as usual second ("as usual: 30.1").
                text = _("as usual: {percent}")
            parts.append(text.format(percent=percent))
            continue
        name = names[option.option]
        if phase is Phase.WILD_TAKE:
            # Translators: H at a Wild, the best option first: taking a chip from {name} leaves a chance of
            # {percent} percent (a number with one decimal); the next options follow after a semicolon.
            first = _("Taking from {name}: {percent} percent")
            # Translators: H at a Wild, each option after the first ("from Cy: 30.9").
            then = _("from {name}: {percent}")
        else:
            # Translators: H at a reversed Wild, the best option first: giving a chip to {name} leaves a
            # chance of {percent} percent (a number with one decimal).
            first = _("Giving to {name}: {percent} percent")
            # Translators: H at a reversed Wild, each option after the first ("to Cy: 30.9").
            then = _("to {name}: {percent}")
        parts.append((first if index == 0 else then).format(name=name, percent=percent))
    margins = [o.margin for o in options if o.margin is not None]
    if not margins:
        # Translators: H's answer, exact: {options} lists each option and its chance, separated by
        # semicolons ("Taking from Bo: 31.2 percent; from Cy: 30.9").
        return _("{options}.").format(options="; ".join(parts))
    # Translators: H's answer when the chances are simulated: {options} as in "{options}.", {margin} the
    # number of percent each chance may be off by, 95 times in 100 (one decimal).
    return _("{options}; give or take {margin}.").format(
        options="; ".join(parts), margin=_percent(max(margins))
    )
