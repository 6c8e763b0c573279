"""The sentences of ``lcr-audio odds`` and ``lcr-audio simulate`` (issue 15, item 2), which the command
prints (:mod:`lcr_audio.cli_odds`) and, with the game's own voice, says: what is worked out and under which
rules (the rules summary of the I key), what the computer players do where they have a choice, what each
seat's line holds, each seat's line, the progress of a long run and the result said in short (the O key's
"Chances of winning: ..." sentence, :func:`.odds_text.chances_sentence`). The numbers come from
:mod:`lcr_audio.game.analysis.wins`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from lcr_audio.engine import Rules
from lcr_audio.game.usual import usual_reverse_at
from lcr_audio.i18n import _, language, ngettext
from lcr_audio.narration.odds_text import chances_sentence
from lcr_audio.narration.rules_summary import rules_summary

if TYPE_CHECKING:
    from lcr_audio.game.analysis.best import Settled


def _decimal(value: float, digits: int = 1) -> str:
    from babel.numbers import format_decimal

    try:
        return str(
            format_decimal(round(value, digits), format="0." + "0" * digits, locale=language() or "en")
        )
    except Exception:  # an unknown locale: plain digits
        return f"{value:.{digits}f}"


def time_left(seconds: float) -> str:
    """About how long is left, in whole minutes from two minutes on, else in seconds (at least 1)."""
    if seconds >= 120:
        minutes = round(seconds / 60)
        # Translators: added to a progress line of a slow simulation: the time still needed, in minutes.
        return ngettext("About {minutes} minute left.", "About {minutes} minutes left.", minutes).format(
            minutes=minutes
        )
    count = max(1, round(seconds))
    # Translators: added to a progress line of a slow simulation: the time still needed, in seconds.
    left = ngettext("About {seconds} second left.", "About {seconds} seconds left.", count)
    return left.format(seconds=count)


def greedy_explained(rules: Rules) -> str | None:
    """What the usual computer player (greedy, :class:`lcr_audio.game.bots.Policy`) does under ``rules``,
    in one sentence; None when it has nothing to decide (:func:`has_choices`)."""
    if rules.wild and rules.reversible:
        # Translators: explains the usual computer player, greedy (say it as in the message with context
        # policy), in lcr-audio simulate and odds, with Wild and reversible dice; {chips} is a number of
        # chips (7).
        text = _(
            "Greedy, the usual computer player: its Wild takes a chip from the player with the most chips, "
            "its reversed Wild gives one to the player with the fewest, and it reverses the dice when it has "
            "{chips} chips or more."
        )
    elif rules.wild:
        # Translators: explains the usual computer player, greedy (say it as in the message with context
        # policy), in lcr-audio simulate and odds, with Wild dice.
        text = _(
            "Greedy, the usual computer player: its Wild takes a chip from the player with the most chips."
        )
    elif rules.reversible:
        # Translators: explains the usual computer player, greedy (say it as in the message with context
        # policy), in lcr-audio simulate and odds, with reversible dice; {chips} is a number of chips (4).
        text = _("Greedy, the usual computer player: it reverses the dice when it has {chips} chips or more.")
    else:
        return None
    return text.format(chips=usual_reverse_at(rules))


def careful_explained(rules: Rules) -> str | None:
    """What the careful computer player does under ``rules``, in one sentence; None when it has nothing to
    decide (:func:`has_choices`)."""
    if rules.wild and rules.reversible:
        # Translators: explains the computer player careful (say it as in the message with context policy),
        # in lcr-audio simulate, with Wild and reversible dice.
        return _(
            "Careful: it chooses whom its Wild takes from or gives to, and whether to reverse the dice, by "
            "what gives it the best chance of winning."
        )
    if rules.wild:
        # Translators: explains the computer player careful (say it as in the message with context policy),
        # in lcr-audio simulate, with Wild dice.
        return _("Careful: it chooses whom its Wild takes from by what gives it the best chance of winning.")
    if rules.reversible:
        # Translators: explains the computer player careful (say it as in the message with context policy),
        # in lcr-audio simulate, with reversible dice.
        return _("Careful: it reverses the dice only when that gives it a better chance of winning.")
    return None


def chances_list(percents: Sequence[int]) -> str:
    """Every seat's chance in whole percent, seat 1 first, for saying aloud: "seat 1 31 percent, seat 2 12,
    seat 3 57"."""
    items: list[str] = []
    for seat, percent in enumerate(percents, start=1):
        if not items:
            # Translators: the first item of a spoken list of chances of winning ("seat 1 31 percent, seat 2
            # 12, seat 3 57"); {seat} is a seat number, {percent} a whole number.
            item = ngettext("seat {seat} {percent} percent", "seat {seat} {percent} percent", percent)
        else:
            # Translators: a later item of a spoken list of chances of winning, after "seat 1 31 percent":
            # {seat} is a seat number, {percent} a whole number of percent.
            item = _("seat {seat} {percent}")
        items.append(item.format(seat=seat, percent=percent))
    return ", ".join(items)


def odds_heading(
    rules: Rules,
    chips: Sequence[int] | None,
    pot: int,
    mover: int,
    exact_result: bool,
    games: int,
) -> str:
    """The lines before the work: what is worked out, from where, under which rules; the chips of a given
    position (``chips`` None: the odds are from the start); what the computer players do where they have a
    choice. ``mover`` is 0-based; ``games`` is how many are simulated when the odds are not exact."""
    lines = _odds_where(rules, chips, pot, mover, exact_result, games)
    greedy = greedy_explained(rules)
    if greedy is not None:
        # Translators: lcr-audio odds with Wild or reversible dice, before the explanation of greedy (say it
        # as in the message with context policy, not in English).
        lines.append(_("These odds take every player to play greedy.") + " " + greedy)
    return "\n".join(lines)


def _odds_where(
    rules: Rules,
    chips: Sequence[int] | None,
    pot: int,
    mover: int,
    exact_result: bool,
    games: int,
) -> list[str]:
    """The first lines of :func:`odds_heading`: what is worked out, from where, under which rules, and the
    chips of a given position."""
    start = chips is None
    seat = mover + 1
    if exact_result and start:
        # Translators: the first line of lcr-audio odds, followed by the rules summary; {seat} is a seat.
        first = _("Exact odds from the start, seat {seat} to play:").format(seat=seat)
    elif exact_result:
        # Translators: the first line of lcr-audio odds from a position given by --position, followed by
        # the rules summary; {seat} is a seat.
        first = _("Exact odds from this position, seat {seat} to play:").format(seat=seat)
    elif start:
        # Translators: the first line of lcr-audio odds when they are simulated, followed by the rules
        # summary; {games} is a number of games, {seat} a seat.
        first = ngettext(
            "Odds from the start, seat {seat} to play, simulated in {games} game:",
            "Odds from the start, seat {seat} to play, simulated in {games} games:",
            games,
        ).format(seat=seat, games=games)
    else:
        # Translators: the first line of lcr-audio odds from a position given by --position when they are
        # simulated, followed by the rules summary; {games} is a number of games, {seat} a seat.
        first = ngettext(
            "Odds from this position, seat {seat} to play, simulated in {games} game:",
            "Odds from this position, seat {seat} to play, simulated in {games} games:",
            games,
        ).format(seat=seat, games=games)
    lines = [first + " " + rules_summary(rules)]
    if chips is not None:
        # Translators: an item of the list of chips in lcr-audio odds ("seat 1 has 3, seat 2 has 0"); {seat}
        # is a seat number, {count} its chips.
        item = _("seat {seat} has {count}")
        items = ", ".join(item.format(seat=n, count=c) for n, c in enumerate(chips, 1))
        # Translators: lcr-audio odds from a position: each seat's chips ("seat 1 has 3, seat 2 has 0, seat 3
        # has 5") and the pot's; {count} is a number of chips.
        lines.append(_("Chips now: {chips}; the pot has {count}.").format(chips=items, count=pot))
    return lines


def careful_odds_heading(
    rules: Rules,
    chips: Sequence[int] | None,
    pot: int,
    mover: int,
    settled: Settled,
    careful: Sequence[int],
) -> str:
    """The lines before ``lcr-audio odds --policy``'s seats (issue 25, item 3): what is worked out (exact),
    from where, under which rules, the chips of a given position (``chips`` None: from the start), what the
    careful seats' best responses assume (:func:`careful_odds_assumption`) and, when a seat plays greedy,
    what greedy does. ``mover`` and ``careful`` count seats from 0."""
    lines = _odds_where(rules, chips, pot, mover, True, 0)
    lines.append(careful_odds_assumption(settled, careful))
    greedy = greedy_explained(rules)
    if greedy is not None and len(set(careful)) < rules.players:
        lines.append(greedy)
    return "\n".join(lines)


def careful_odds_assumption(settled: Settled, careful: Sequence[int]) -> str:
    """What odds with careful seats assume, in one sentence (``lcr-audio odds --policy``; ``careful``:
    seats from 0), by how their best responses settled (:func:`.best.careful_profile`)."""
    from lcr_audio.game.analysis.best import Settled

    if settled is Settled.ALONE:
        # Translators: lcr-audio odds --policy with one careful seat (say careful as in the message with
        # context policy); {seat} is a seat number.
        return _(
            "Seat {seat} plays careful: its best response, the choices that give it the best chance of "
            "winning while the others play as they do."
        ).format(seat=careful[0] + 1)
    if settled is Settled.FIXED:
        # Translators: lcr-audio odds --policy with several careful seats whose best responses settle.
        return _(
            "The careful seats each play their best response to the others: taken in turns, their choices "
            "settle, and none of them can do better alone."
        )
    # Translators: lcr-audio odds --policy with several careful seats under Wild dice, where best responses
    # to each other never settle.
    return _(
        "The careful seats' best responses to each other go round in a circle and never settle, so there is "
        "no one right way for all of them; each careful seat plays its best response to the others playing "
        "greedy."
    )


def careful_odds_unsupported() -> str:
    """The sentence for odds with careful seats where there are no exact best responses
    (:func:`.best.best_supports`)."""
    # Translators: lcr-audio odds --policy under rules too large for exact best responses; simulate --policy
    # stays as it is.
    return _(
        "Odds with a careful player are worked out exactly only at small tables, such as 3 players with 10 "
        "chips or 4 with 4, under the last-with-chips rule; lcr-audio simulate --policy plays the others."
    )


def careful_odds_seat_line(seat: int, policy: str, tenths: int) -> str:
    """One seat's line of ``lcr-audio odds --policy``: ``seat`` (1-based), the label of its computer player
    (``policy``) and its exact chance of winning in tenths of a percent."""
    # Translators: one seat's line of lcr-audio odds --policy: {policy} is the name of its computer
    # player (the messages with context policy), {chance} its exact chance of winning in percent.
    line = _("Seat {seat}, {policy}: wins {chance} percent.")
    return line.format(seat=seat, policy=policy, chance=_decimal(tenths / 10))


def odds_said(chances: Sequence[float], errors: Sequence[float], exact_result: bool) -> str:
    """The odds said aloud in short, as the O key says them (:func:`.odds_text.chances_sentence`): every
    seat's chance in whole percents adding up to 100; simulated, with a margin rounded up and no difference
    it does not support ("about even")."""
    from lcr_audio.game.analysis.figures import said_odds

    said = said_odds(chances, None if exact_result else errors)
    return chances_sentence(said, chances_list(said.percents))


def simulate_heading(rules: Rules, games: int, chose_careful: bool) -> str:
    """The lines before the games: how many, from where, under which rules; what the computer players do
    where they have a choice, and how a careful player's gain is measured."""
    # Translators: the first line of lcr-audio simulate, followed by the rules summary; {games} is a number
    # of games.
    first = ngettext(
        "Simulating {games} game from the start, seat 1 rolling first:",
        "Simulating {games} games from the start, seat 1 rolling first:",
        games,
    ).format(games=games)
    lines = [first + " " + rules_summary(rules)]
    greedy = greedy_explained(rules)
    careful = careful_explained(rules)
    if greedy is None:
        if chose_careful:
            lines.append(
                # Translators: lcr-audio simulate with a careful player (--policy) under rules where nobody
                # ever chooses anything (no Wild, no reversible dice); greedy and careful: say them as in the
                # messages with context policy.
                _("With these rules no player has a choice to make, so careful players play as greedy ones.")
            )
        return "\n".join(lines)
    lines.append(greedy + " " + careful if chose_careful and careful is not None else greedy)
    if chose_careful:
        lines.append(
            # Translators: lcr-audio simulate with a careful player: how its gain is measured (greedy and
            # careful: say them as in the messages with context policy).
            _(
                "To measure what careful play gains, the same games are also played with every player "
                "greedy, each player rolling the same dice."
            )
        )
    return "\n".join(lines)


def progress_line(percent: int) -> str:
    """A long run's printed progress line: "40 percent done."."""
    # Translators: a progress line of a long simulation, printed every few seconds.
    return ngettext("{percent} percent done.", "{percent} percent done.", percent).format(percent=percent)


def progress_said(percent: int) -> str:
    """A long run's progress said aloud: "40 percent."."""
    # Translators: a long simulation's progress, said aloud every few seconds by the game's own voice.
    return ngettext("{percent} percent.", "{percent} percent.", percent).format(percent=percent)


def odds_legend(exact_result: bool) -> str:
    """``lcr-audio odds``' line before the seats' lines: what their numbers mean (with a margin when
    simulated)."""
    if exact_result:
        # Translators: lcr-audio odds, before the line of each seat: what the numbers in those lines mean.
        return _(
            "Each seat's line: its chance of winning; then, on average from here to the end of the game, the "
            "turns it rolls, the times the dice reach it (skipped turns too, when it has no chips), and the "
            "pot it takes when it wins."
        )
    # Translators: lcr-audio odds, before the line of each seat when the odds are simulated: what the
    # numbers in those lines mean.
    return _(
        "Each seat's line: its chance of winning, give or take a margin it stays within 95 times in 100; "
        "then, on average from here to the end of the game, the turns it rolls, the times the dice reach "
        "it (skipped turns too, when it has no chips), and the pot it takes when it wins."
    )


def odds_seat_line(
    seat: int, tenths: int, margin_tenths: int | None, rolls: float, turns: float, pot_won: float
) -> str:
    """One seat's line of ``lcr-audio odds``: ``seat`` (1-based), its chance in tenths of a percent, the
    margin in tenths (None when exact), the turns it rolls and is reached, the pot a win takes (chips)."""
    if margin_tenths is None:
        # Translators: one seat's line of lcr-audio odds: its chance of winning in percent, how many
        # turns it is expected to roll, how many times the dice are expected to reach it (skipped turns
        # included), and the pot it takes on average when it wins.
        line = _(
            "Seat {seat}: wins {chance} percent; rolls {rolls} turns; the dice reach it {turns} times; a win takes a pot of {pot} chips."  # noqa: E501
        )
    else:
        # Translators: one seat's line of simulated odds; {margin} is the 95% margin in percent.
        line = _(
            "Seat {seat}: wins {chance} percent, give or take {margin}; rolls {rolls} turns; the dice reach it {turns} times; a win takes a pot of {pot} chips."  # noqa: E501
        )
    margin = "" if margin_tenths is None else _decimal(margin_tenths / 10)  # the exact line has none
    return line.format(
        seat=seat,
        chance=_decimal(tenths / 10),
        margin=margin,
        rolls=_decimal(rolls),
        turns=_decimal(turns),
        pot=_decimal(pot_won),
    )


def careful_table_note() -> str:
    """Printed before careful seats play when the exact odds they choose by are not kept yet."""
    # Translators: printed before lcr-audio simulate plays with careful seats, when the exact odds they
    # choose by are not yet kept on this computer.
    return _("Careful seats choose by the exact odds; working them out first, once for this computer.")


def careful_slow_note() -> str:
    """Printed before careful seats play under rules without an exact table: the run is slow."""
    # Translators: printed before lcr-audio simulate plays with careful seats under rules without an
    # exact table: each of their choices is simulated, so the run is slow.
    return _(
        "Careful seats weigh each choice by simulating games from it, up to about a third of a second a choice: this run is slow."  # noqa: E501
    )


def simulate_said(games: int, shares: Sequence[int]) -> str:
    """``lcr-audio simulate``'s result said aloud: the games and each seat's share of the wins in whole
    percents (``shares``, seat 1 first, adding up to 100)."""
    # Translators: lcr-audio simulate's result said aloud: {games} is a number of games, {wins} a list such
    # as "seat 1 31 percent, seat 2 12, seat 3 57" (the share of the games each seat won).
    spoken = ngettext("{games} game played. Wins: {wins}.", "{games} games played. Wins: {wins}.", games)
    return spoken.format(games=games, wins=chances_list(shares))


def games_played(games: int) -> str:
    """The heading of ``lcr-audio simulate``'s results."""
    # Translators: the heading of lcr-audio simulate's results; {games} is a number of games.
    return ngettext("{games} game played.", "{games} games played.", games).format(games=games)


def simulate_legend(careful: bool) -> str:
    """``lcr-audio simulate``'s line before the seats' lines: what their numbers mean; ``careful``: careful
    players took part, and each line also compares the seat with the games where every player is greedy."""
    if careful:
        # Translators: lcr-audio simulate with careful players, before the line of each seat: what the
        # numbers in those lines mean (greedy: say it as in the messages with context policy).
        return _(
            "Each seat's line: the share of the games it won, in percent, and the range its chance lies in "
            "95 times in 100; then what it won in the same games with every player greedy, and the change in "
            "points."
        )
    # Translators: lcr-audio simulate, before the line of each seat: what the numbers in those lines mean.
    return _(
        "Each seat's line: the share of the games it won, in percent, and the range its chance lies in 95 "
        "times in 100."
    )


def games_not_used() -> str:
    """``lcr-audio odds --games`` where the answer is exact: the games are not played."""
    # Translators: lcr-audio odds was given --games, but the odds are worked out exactly, so no game is
    # simulated; --games stays as it is.
    return _("The answer is exact; --games is not used.")


def simulate_seat_line(
    seat: int,
    policy: str | None,
    rate: float,
    interval: tuple[float, float],
    base: float | None = None,
    gain: tuple[float, float] | None = None,
) -> str:
    """One seat's line of ``lcr-audio simulate``: ``seat`` (1-based), the label of its computer player
    (``policy``; None under rules where no player has a choice), its win rate in percent and that rate's
    95% interval (``interval``, percent, already rounded outwards); with careful players, its rate in the
    games with every player greedy (``base``, percent) and its ``gain`` over them (the change in
    percentage points and its 95% margin)."""
    numbers = {
        "seat": seat,
        "policy": policy,
        "rate": _decimal(rate, 2),
        "low": _decimal(interval[0], 2),
        "high": _decimal(interval[1], 2),
    }
    if policy is not None:
        # Translators: one seat's result of lcr-audio simulate: {policy} is the name of its computer
        # player (the messages with context policy); {rate} the share of games it won in percent,
        # {low} and {high} the 95% interval.
        text = _("Seat {seat}, {policy}: wins {rate} percent, 95 in 100 between {low} and {high}.")
    else:
        # Translators: one seat's result of lcr-audio simulate under rules where no player has a choice:
        # {rate} the share of games it won in percent, {low} and {high} the 95% interval.
        text = _("Seat {seat}: wins {rate} percent, 95 in 100 between {low} and {high}.")
    text = text.format(**numbers)
    if gain is not None and base is not None:
        # Translators: added to a seat's result when careful players took part (greedy and careful: say
        # them as in the messages with context policy): the seat's win rate in
        # the games with every player greedy ({base}, in percent), the change from it to this seat's
        # rate above, in percentage points ({change}, with its sign), and the change's 95% margin.
        text += " " + _(
            "With every player greedy it won {base} percent: a change of {change} points, give or take "
            "{margin}."
        ).format(
            base=_decimal(base, 2),
            change=("+" if gain[0] >= 0 else "") + _decimal(gain[0], 2),
            margin=_decimal(gain[1], 2),
        )
    return text
