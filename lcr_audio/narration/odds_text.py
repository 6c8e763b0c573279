"""Each seat's chance of winning as one short sentence (the O key, issue 15; issue 21, item 6): "Chances
of winning: you 31 percent, Ana 12, Bo 57." when exact; simulated, "Chances of winning, about: you 24
percent, Ana 30, Bo 46; give or take 2.", or "Chances of winning: about even, 33 percent each, give or take
8." while the games played cannot tell the seats apart.
"""

from __future__ import annotations

from collections.abc import Sequence

from lcr_audio.engine import Seat
from lcr_audio.game.analysis.figures import SaidOdds, said_odds
from lcr_audio.i18n import _, ngettext
from lcr_audio.narration.lists import unit_list
from lcr_audio.narration.you import you_in_list


def percent_tenths(chance: float) -> str:
    """A chance in percent to one decimal, written the current language's way ("30.7", "30,7")."""
    from babel.numbers import format_decimal

    from lcr_audio.i18n import language

    value = round(chance * 100, 1)
    try:
        return str(format_decimal(value, format="0.0", locale=language() or "en"))
    except Exception:  # an unknown locale: plain digits
        return f"{value:.1f}"


def odds_items(percents: Sequence[int], names: Sequence[str], you: Seat | None) -> list[str]:
    """One item per seat, seat 1 first; the first says "percent": "you 31 percent", "Ana 12"."""
    items: list[str] = []
    for seat, figure in enumerate(percents):
        # "you" is never first: the list follows "Chances of winning:"
        name = you_in_list(first=False) if seat == you else names[seat]
        if not items:
            # Translators: the first item of the list of chances of winning: {name} a player's name (or
            # "you"), {percent} a whole number; the later items leave out the word percent.
            text = ngettext("{name} {percent} percent", "{name} {percent} percent", figure)
        else:
            # Translators: a later item of the list of chances of winning, after "you 31 percent": {name} a
            # player's name (or "you"), {percent} a whole number of percent.
            text = _("{name} {percent}")
        items.append(text.format(name=name, percent=figure))
    return items


def odds_sentence(
    chances: Sequence[float], errors: Sequence[float] | None, names: Sequence[str], you: Seat | None
) -> str:
    """The O key's answer: every seat's chance of winning from here, seat 1 first, in whole percents that
    add up to 100; simulated, with a margin that covers the truth 95 times in 100 and no difference the
    margin does not support (:func:`~lcr_audio.game.analysis.figures.said_odds`).

    Args:
        chances: each seat's chance, summing to 1.
        errors: each chance's standard error when simulated; ``None`` when exact.
        names: the seats' names.
        you: the seat of the one person at the keyboard (said "you"), or ``None``.
    """
    said = said_odds(chances, errors)
    return chances_sentence(said, unit_list(odds_items(said.percents, names, you)))


def usual_choices_assumed() -> str:
    """What the O key's chances assume where players choose (Wild dice, reversible dice: R7, R9): that
    everyone chooses as the usual computer player does (docs/odds.md); said after the chances."""
    # Translators: said after the O key's chances of winning when players make choices (Wild or reversible
    # dice): the chances assume everyone chooses the way the usual computer player does.
    return _("That is with everyone choosing the usual way.")


def chances_sentence(said: SaidOdds, odds: str) -> str:
    """ "Chances of winning: ..." for ``said``, with ``odds`` its list of seats (the O key's names, or the
    seat numbers of ``lcr-audio odds``); "about even" when no difference is supported."""
    if said.margin is None:
        # Translators: the exact chances of winning (the O key in a game, and lcr-audio odds said aloud);
        # {odds} is a list such as "you 31 percent, Ana 12, Bo 57" or "seat 1 31 percent, seat 2 12".
        return _("Chances of winning: {odds}.").format(odds=odds)
    if said.even:
        # Translators: simulated chances of winning where no player's chance is told apart from another's
        # (the O key, lcr-audio odds said aloud): {percent} is 100 divided by the number of players, a
        # whole number; {margin} a whole number of percent each chance may be off by (95 times in 100).
        text = ngettext(
            "Chances of winning: about even, {percent} percent each, give or take {margin}.",
            "Chances of winning: about even, {percent} percent each, give or take {margin}.",
            said.percents[0],
        )
        return text.format(percent=said.percents[0], margin=said.margin)
    # Translators: simulated chances of winning (the O key, lcr-audio odds said aloud); {odds} is a list
    # such as "you 31 percent, Ana 12, Bo 57" or "seat 1 31 percent, seat 2 12", {margin} a whole number of
    # percent each may be off by (95 times in 100).
    text = ngettext(
        "Chances of winning, about: {odds}; give or take {margin}.",
        "Chances of winning, about: {odds}; give or take {margin}.",
        said.margin,
    )
    return text.format(odds=odds, margin=said.margin)


def game_over_odds(name: str, you: bool) -> str:
    """The O key's answer once the game is over (R10): no chances are left to weigh, only who won.

    Args:
        name: the winner's name.
        you: the winner is the one person at the keyboard.
    """
    if you:
        # Translators: the O key (chances of winning) pressed after the game ended, won by the person at the
        # keyboard.
        return _("The game is over: you won.")
    # Translators: the O key (chances of winning) pressed after the game ended; {name} is the winner.
    return _("The game is over: {name} won.").format(name=name)
