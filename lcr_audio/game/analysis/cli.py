"""``lcr-audio odds`` and ``lcr-audio simulate`` (issue 15, item 2): each seat's chances as lines a screen
reader can follow, or CSV.

:data:`COMMANDS` lists both command words for :mod:`lcr_audio.cli`, which registers them; nothing heavy is
imported until a command runs (numpy, the tables). The words explain themselves: a first line states the
rules and what is worked out, a line says what the computer players do where they have a choice, and one
what each seat's numbers mean. Long runs print a short progress line every few seconds, never a bar redrawn
in place (on standard error with ``--csv``, so the CSV stays clean), and say the percentage aloud when the
game speaks with its own voice (:class:`Report`). A bad value is one sentence (:class:`BadInput`) and exit
code 2.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple, Protocol, TextIO

from lcr_audio.engine import (
    MAX_CHIPS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ChooseSeat,
    Phase,
    Reverse,
    Roll,
    Rules,
    RulesError,
    WinCondition,
    new_game,
    step,
)
from lcr_audio.i18n import _, language, ngettext
from lcr_audio.rule_options import (
    FIRST_PLAYER,
    PLAYERS,
    RULE_OPTIONS,
    FlagAlone,
    add_rule_flags,
    int_between,
    rules_from_flags,
)

PROGRESS_SECONDS: Final = 3.0
"""At most one progress line this often."""

MAX_GAMES: Final = 1_000_000_000

Z95: Final = 1.959963984540054


class BadInput(ValueError):
    """A value that cannot be used: the message is one plain sentence."""


_RULE_FLAGS: Final = tuple(option for option in RULE_OPTIONS if option not in (PLAYERS, FIRST_PLAYER))
"""The rule options these commands take as ``lcr-audio play`` does; the number of players has its own help
here (no names to count), and the first player none: odds start from a seat to play."""


class Spoken(Protocol):
    """What odds and simulate say aloud besides printing: the game's own voice when the player has it on
    (:mod:`lcr_audio.cli` hands one in), else nothing (:data:`UNSPOKEN`; a screen reader reads the printed
    lines, and never two voices)."""

    def progress(self, text: str) -> None:
        """Say a progress sentence ("40 percent."), unless the voice is still saying the one before."""

    def result(self, text: str) -> None:
        """Say the result, after what is being said."""


class _Unspoken:
    """Says nothing: the printed lines are all."""

    def progress(self, text: str) -> None:
        """Say nothing."""

    def result(self, text: str) -> None:
        """Say nothing."""


UNSPOKEN: Final[Spoken] = _Unspoken()
"""Nothing said aloud."""


@dataclass(frozen=True)
class Report:
    """Where a command's words go."""

    out: TextIO
    """The result: lines in words, or CSV (standard output)."""
    notes: TextIO
    """Progress lines when :attr:`out` holds CSV (standard error), so that the CSV stays clean."""
    spoken: Spoken = UNSPOKEN
    """What is said aloud: progress and the result in short."""


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    """The rule options, as ``lcr-audio play`` has them (R2, R3, R8-R10)."""
    parser.add_argument(
        "--players",
        type=int_between(MIN_PLAYERS, MAX_PLAYERS),
        default=3,
        # Translators: command-line help (--help) of the odds and simulate commands.
        help=_("number of players, 3 to 10 (default 3)"),
    )
    add_rule_flags(parser, _RULE_FLAGS)
    parser.add_argument(
        "--seed",
        type=int_between(0, 2**63),
        # Translators: command-line help (--help) of the odds and simulate commands.
        help=_("a number that makes the simulation repeatable"),
    )
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    parser.add_argument("--csv", action="store_true", help=_("as CSV, for a spreadsheet"))


def rules_from(args: argparse.Namespace) -> Rules:
    """The rules the options describe.

    Raises:
        BadInput: ``--three-wilds`` without ``--wild``, or a value the rules refuse.
    """
    try:
        return rules_from_flags(args, args.players, _RULE_FLAGS)
    except FlagAlone as error:
        raise BadInput(str(error)) from None
    except RulesError as error:  # pragma: no cover - the parser checks the ranges first
        raise BadInput(str(error)) from None


def odds_help() -> str:
    """``odds``' line in ``lcr-audio --help``."""
    # Translators: --help text of the odds command.
    return _("each player's chance of winning, exact where the table is small enough")


def simulate_help() -> str:
    """``simulate``'s line in ``lcr-audio --help``."""
    # Translators: --help text of the simulate command.
    return _("play many games by computer and count the wins")


def _add_games(parser: argparse.ArgumentParser, help_text: str) -> None:
    """``--games``: how many games to simulate, 1 to :data:`MAX_GAMES` (default 100,000); ``help_text`` is
    the command's own words for it."""
    parser.add_argument("--games", type=int_between(1, MAX_GAMES), default=100_000, help=help_text)


def add_odds_arguments(parser: argparse.ArgumentParser) -> None:
    """``lcr-audio odds``'s options."""
    add_rule_arguments(parser)
    parser.add_argument(
        "--position",
        # Translators: command-line help (--help) of the odds command; 3,0,2 stays as it is.
        help=_("each seat's chips now, separated by commas, such as 3,0,2 (default: the start)"),
    )
    parser.add_argument(
        "--pot",
        type=int_between(0, MAX_PLAYERS * MAX_CHIPS),
        # Translators: command-line help (--help) of the odds command.
        help=_("the chips in the pot now (default: the chips not at the seats)"),
    )
    parser.add_argument(
        "--mover",
        type=int_between(1, MAX_PLAYERS),
        default=1,
        # Translators: command-line help (--help) of the odds command.
        help=_("the seat to play now (default 1)"),
    )
    # Translators: command-line help (--help) of the odds command.
    _add_games(parser, _("games to simulate when there is no exact table (default 100000)"))


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """``lcr-audio simulate``'s options."""
    add_rule_arguments(parser)
    # Translators: command-line help (--help) of the simulate command.
    _add_games(parser, _("how many games (default 100000)"))
    parser.add_argument(
        "--policy",
        action="append",
        default=[],
        metavar="SEAT=NAME",
        # Translators: --help of the simulate command; greedy and careful are typed after --policy and stay as
        # they are; you may add your language's names for them (the messages with context policy).
        help=_(
            "how a seat's computer player decides: greedy (the usual) or careful; may be given for each seat"
        ),
    )


# --- formatting ------------------------------------------------------------------------------------------


def _decimal(value: float, digits: int = 1) -> str:
    from babel.numbers import format_decimal

    try:
        return str(
            format_decimal(round(value, digits), format="0." + "0" * digits, locale=language() or "en")
        )
    except Exception:  # an unknown locale: plain digits
        return f"{value:.{digits}f}"


class Progress:
    """Prints "N percent done." at most every :data:`PROGRESS_SECONDS` and only when N changed: a line of
    its own each time, never a line redrawn in place; and says "N percent." through ``spoken`` (which lets
    it go while the voice still says the one before)."""

    def __init__(
        self, out: TextIO, total: int, spoken: Spoken = UNSPOKEN, *, time_left: bool = False
    ) -> None:
        """Args:
        out: where the lines go.
        total: the count that is 100 percent (games, or 100 for a fraction in percent).
        spoken: where the percentage is said aloud.
        time_left: each line also says about how long the rest will take at the pace so far (slow runs).
        """
        self.out, self.total, self.spoken, self.time_left = out, total, spoken, time_left
        self.start = self.last = time.monotonic()
        self.said = -1

    def __call__(self, done: int) -> None:
        """``done`` of :attr:`total` are done: a line now if one is due and the percentage changed."""
        now = time.monotonic()
        if now - self.last < PROGRESS_SECONDS or done >= self.total:
            return
        percent = math.floor(100 * done / self.total)
        if percent == self.said:  # nothing new to say
            return
        self.last, self.said = now, percent
        # Translators: a progress line of a long simulation, printed every few seconds.
        line = ngettext("{percent} percent done.", "{percent} percent done.", percent).format(percent=percent)
        if self.time_left and done > 0:
            line += " " + _time_left((now - self.start) * (self.total - done) / done)
        self.out.write(line + "\n")
        self.out.flush()
        # Translators: a long simulation's progress, said aloud every few seconds by the game's own voice.
        self.spoken.progress(
            ngettext("{percent} percent.", "{percent} percent.", percent).format(percent=percent)
        )


def _time_left(seconds: float) -> str:
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


def rules_sentences(rules: Rules) -> str:
    """The rules summary's sentences (R2, R3, R8-R10), as the I key says them: each rule option's clause in
    order (:func:`lcr_audio.narration.rules_summary.rules_summary` does the same; this layer is below it)."""
    from lcr_audio.rule_options import RULE_OPTIONS

    clauses = (option.clause(rules) for option in RULE_OPTIONS if option.clause is not None)
    return " ".join(clause for clause in clauses if clause)


def has_choices(rules: Rules) -> bool:
    """True when a player ever decides something under ``rules``: a Wild's seat (R7, R9) or whether to
    reverse (R9). Without them only the dice decide, and every policy plays alike."""
    return rules.wild or rules.reversible


def greedy_explained(rules: Rules) -> str | None:
    """What the usual computer player (greedy, :class:`lcr_audio.game.bots.Policy`) does under ``rules``,
    in one sentence; None when it has nothing to decide (:func:`has_choices`)."""
    from lcr_audio.game.bots import DEFAULT_POLICY

    if rules.wild and rules.reversible:
        # Translators: explains the usual computer player, greedy (say it as in the message with context
        # policy), in lcr-audio simulate and odds, with Wild and reversible dice; {chips} is a number of
        # chips (6).
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
        # policy), in lcr-audio simulate and odds, with reversible dice; {chips} is a number of chips (6).
        text = _("Greedy, the usual computer player: it reverses the dice when it has {chips} chips or more.")
    else:
        return None
    return text.format(chips=DEFAULT_POLICY.reverse_at)


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


# --- odds ------------------------------------------------------------------------------------------------


def parse_position(args: argparse.Namespace, rules: Rules) -> tuple[tuple[int, ...], int, int]:
    """The chips, pot and 0-based seat to play that the options give.

    Raises:
        BadInput: chips that are not numbers, the wrong number of seats, chips and pot that do not add up
            to the game's chips (R5), or a seat to play that is not at the table or holds no chip (R4).
    """
    total = rules.total_chips
    if args.position is None:
        chips = (rules.chips,) * rules.players
    else:
        parts = [p.strip() for p in args.position.split(",")]
        if not all(p.isdigit() for p in parts):
            raise BadInput(
                # Translators: a bad --position value; 3,0,2 stays as it is.
                _(
                    "--position takes each seat's chips as numbers separated by commas, such as 3,0,2; not {value}."  # noqa: E501
                ).format(value=args.position)
            )
        chips = tuple(int(p) for p in parts)
        if len(chips) != rules.players:
            raise BadInput(
                # Translators: --position names a different number of seats than --players.
                ngettext(
                    "--position gives {count} seat but the game has {players} players.",
                    "--position gives {count} seats but the game has {players} players.",
                    len(chips),
                ).format(count=len(chips), players=rules.players)
            )
    pot = total - sum(chips) if args.pot is None else args.pot
    if sum(chips) + pot != total or pot < 0:
        raise BadInput(
            # Translators: --position (and --pot) do not add up to the game's chips; {count} and {total}
            # are numbers of chips (the form follows {count}).
            ngettext(
                "The seats and the pot hold {count} chip, but this game has {total}.",
                "The seats and the pot hold {count} chips, but this game has {total}.",
                sum(chips) + max(pot, 0),
            ).format(count=sum(chips) + max(pot, 0), total=total)
        )
    mover = args.mover - 1
    if mover >= rules.players:
        raise BadInput(
            # Translators: --mover names a seat beyond the table; {seat} and {players} are numbers.
            _("Seat {seat} is not at this table of {players}.").format(seat=args.mover, players=rules.players)
        )
    if chips[mover] == 0:
        raise BadInput(
            # Translators: --mover names a seat without chips, which never plays (R4).
            _("Seat {seat} has no chips, so it cannot be the seat to play.").format(seat=args.mover)
        )
    holders = [seat for seat, n in enumerate(chips) if n]
    if rules.win is WinCondition.LAST_WITH_CHIPS and len(holders) == 1:
        raise BadInput(
            # Translators: --position leaves one seat with chips under the usual win condition (R10): that
            # seat has already won, so there are no odds to work out.
            _("Only seat {seat} holds chips, so that game is over: seat {seat} has won.").format(
                seat=holders[0] + 1
            )
        )
    return chips, pot, mover


CHAIN_PART: Final = 8_000_000
"""Games the chain table plays between two progress lines (about 2 seconds; each part forks its workers
once, so parts much smaller would spend a noticeable share of the time forking)."""

QUICK_STATES: Final = 100_947
"""``odds`` works out tables up to this many positions exactly, with the expected turns and pot (6 players
with 3 chips, under every rule set: seconds of processor time since issue 25, item 4); it simulates larger
ones."""


def quick_exact(rules: Rules) -> bool:
    """Whether ``odds`` works ``rules``' table out exactly, with the expected turns and pot, within seconds:
    up to :data:`QUICK_STATES` positions (6 players with 3 chips), whatever the dice. The O key's win chances
    alone stay exact up to the exact table's size; they are made once, in the background, and kept."""
    from lcr_audio.game.analysis import exact

    return exact.state_count(rules) <= QUICK_STATES


def run_odds(args: argparse.Namespace, report: Report) -> int:
    """``lcr-audio odds``: per seat, the chance of winning, the expected turns rolled and reached, and the
    pot a winner takes; exact where :func:`.exact.supports` and :func:`quick_exact`, else simulated.

    In words: a first line with the rules, where the odds start from and how they are found, the chips
    when a position was given, what the computer players do where they have a choice, what each seat's
    line holds, then a line per seat; the chances are said aloud in short through ``report.spoken``.

    Raises:
        BadInput: the rules or the position cannot be used (:func:`rules_from`, :func:`parse_position`).
    """
    import numpy as np

    from lcr_audio.game.analysis import exact
    from lcr_audio.game.analysis.figures import tenths_and_margins
    from lcr_audio.game.analysis.simulate import BATCH, empty_tally, play_games

    rules = rules_from(args)
    chips, pot, mover = parse_position(args, rules)
    seats = rules.players
    holders = sum(1 for n in chips if n)
    exact_result = exact.supports(rules) and holders >= 2 and quick_exact(rules)
    out = report.out
    if not args.csv:
        out.write(_odds_heading(args, rules, chips, pot, mover, exact_result) + "\n")
        out.flush()
    progress_out = report.notes if args.csv else out
    rows: list[tuple[float, float | None, float, float, float]] = []
    if exact_result:
        chain = exact.build_chain(rules)
        progress = Progress(progress_out, 100, report.spoken)
        solution = exact.solve(
            rules, chain, expectations=True, progress=lambda f: progress(math.floor(100 * f))
        )
        turned = [chips[(mover + k) % seats] for k in range(seats)]
        row = int(np.flatnonzero((chain.states == turned).all(axis=1))[0])
        assert solution.rolls is not None and solution.seat_turns is not None and solution.pot_won is not None
        for seat in range(seats):
            k = (seat - mover) % seats
            win = float(solution.win[row, k])
            pot_won = float(solution.pot_won[row, k]) / win if win > 0 else 0.0
            rows.append(
                (win, None, float(solution.rolls[row, k]), float(solution.seat_turns[row, k]), pot_won)
            )
    else:
        rng = np.random.default_rng(args.seed)
        tally = empty_tally(seats)
        progress = Progress(progress_out, args.games, report.spoken)
        while tally.games < args.games:
            tally += play_games(rules, chips, pot, mover, min(BATCH // 4, args.games - tally.games), rng)
            progress(tally.games)
        for seat in range(seats):
            win = float(tally.rates[seat])
            pot_won = float(tally.pot_won[seat]) / max(int(tally.wins[seat]), 1)
            rows.append(
                (
                    win,
                    float(tally.standard_errors[seat]),
                    float(tally.rolls[seat]) / tally.games,
                    float(tally.seat_turns[seat]) / tally.games,
                    pot_won,
                )
            )
    report.spoken.result(
        _odds_spoken([row[0] for row in rows], [row[1] or 0.0 for row in rows], exact_result)
    )
    if args.csv:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["seat", "win", "win_standard_error", "rolls", "seat_turns", "pot_when_winning"])
        for seat, (win, error, rolls, turns, pot_won) in enumerate(rows, start=1):
            writer.writerow(
                [
                    seat,
                    f"{win:.15g}",
                    "" if error is None else f"{error:.6g}",
                    f"{rolls:.6g}",
                    f"{turns:.6g}",
                    f"{pot_won:.6g}",
                ]
            )
        return 0
    if exact_result:
        # Translators: lcr-audio odds, before the line of each seat: what the numbers in those lines mean.
        legend = _(
            "Each seat's line: its chance of winning; then, on average from here to the end of the game, the "
            "turns it rolls, the times the dice reach it (skipped turns too, when it has no chips), and the "
            "pot it takes when it wins."
        )
    else:
        # Translators: lcr-audio odds, before the line of each seat when the odds are simulated: what the
        # numbers in those lines mean.
        legend = _(
            "Each seat's line: its chance of winning, give or take a margin it stays within 95 times in 100; "
            "then, on average from here to the end of the game, the turns it rolls, the times the dice reach "
            "it (skipped turns too, when it has no chips), and the pot it takes when it wins."
        )
    out.write(legend + "\n")
    # The chances to a tenth add up to 100.0; a simulated margin is rounded up, with what rounding moved
    # the chance added, so the printed range holds the measured 95% interval (issue 21, item 6).
    printed = tenths_and_margins([row[0] for row in rows], [row[1] for row in rows])
    for seat, (_win, error, rolls, turns, pot_won) in enumerate(rows, start=1):
        tenths, margin_tenths = printed[seat - 1]
        if error is None:
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
        text = line.format(
            seat=seat,
            chance=_decimal(tenths / 10),
            margin=margin,
            rolls=_decimal(rolls),
            turns=_decimal(turns),
            pot=_decimal(pot_won),
        )
        out.write(text + "\n")
    return 0


def _odds_heading(
    args: argparse.Namespace,
    rules: Rules,
    chips: tuple[int, ...],
    pot: int,
    mover: int,
    exact_result: bool,
) -> str:
    """The lines before the work: what is worked out, from where, under which rules; the chips of a given
    position; what the computer players do where they have a choice."""
    start = args.position is None and args.pot is None
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
            args.games,
        ).format(seat=seat, games=args.games)
    else:
        # Translators: the first line of lcr-audio odds from a position given by --position when they are
        # simulated, followed by the rules summary; {games} is a number of games, {seat} a seat.
        first = ngettext(
            "Odds from this position, seat {seat} to play, simulated in {games} game:",
            "Odds from this position, seat {seat} to play, simulated in {games} games:",
            args.games,
        ).format(seat=seat, games=args.games)
    lines = [first + " " + rules_sentences(rules)]
    if not start:
        # Translators: an item of the list of chips in lcr-audio odds ("seat 1 has 3, seat 2 has 0"); {seat}
        # is a seat number, {count} its chips.
        item = _("seat {seat} has {count}")
        items = ", ".join(item.format(seat=n, count=c) for n, c in enumerate(chips, 1))
        # Translators: lcr-audio odds from a position: each seat's chips ("seat 1 has 3, seat 2 has 0, seat 3
        # has 5") and the pot's; {count} is a number of chips.
        lines.append(_("Chips now: {chips}; the pot has {count}.").format(chips=items, count=pot))
    greedy = greedy_explained(rules)
    if greedy is not None:
        # Translators: lcr-audio odds with Wild or reversible dice, before the explanation of greedy (say it
        # as in the message with context policy, not in English).
        lines.append(_("These odds take every player to play greedy.") + " " + greedy)
    return "\n".join(lines)


def _odds_spoken(chances: Sequence[float], errors: Sequence[float], exact_result: bool) -> str:
    """The odds said aloud in short, as the O key says them: every seat's chance in whole percents adding up
    to 100; simulated, with a margin rounded up and no difference it does not support ("about even")."""
    from lcr_audio.game.analysis.figures import said_odds

    said = said_odds(chances, None if exact_result else errors)
    if said.margin is None:
        # Translators: the exact chances of winning (the O key in a game, and lcr-audio odds said aloud);
        # {odds} is a list such as "you 31 percent, Ana 12, Bo 57" or "seat 1 31 percent, seat 2 12".
        return _("Chances of winning: {odds}.").format(odds=chances_list(said.percents))
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
    return text.format(odds=chances_list(said.percents), margin=said.margin)


# --- simulate --------------------------------------------------------------------------------------------


def parse_policies(texts: Sequence[str], players: int) -> list[str]:
    """Each seat's policy name from ``--policy SEAT=NAME`` (the others greedy).

    Raises:
        BadInput: not SEAT=NAME, a seat not at the table, or a name that is no policy.
    """
    from lcr_audio.game.bots import PolicyName

    names = [PolicyName.GREEDY.value] * players
    known = [p.value for p in PolicyName]
    for text in texts:
        seat, _sep, name = text.partition("=")
        if not seat.strip().isdigit() or not 1 <= int(seat) <= players or name.strip() not in known:
            raise BadInput(
                # Translators: a bad --policy value; {known} lists the policy names (greedy, careful).
                _(
                    "--policy takes a seat from 1 to {players} and a policy, such as 2=careful ({known}); not {value}."  # noqa: E501
                ).format(players=players, known=", ".join(known), value=text)
            )
        names[int(seat) - 1] = name.strip()
    return names


def win_counts(
    rules: Rules, policies: Sequence[str], games: int, seed: int | None, progress: Callable[[int], None]
) -> list[int]:
    """Games won by each seat out of ``games`` from the start, seat 1 first (R13's random start not used).

    Every seat greedy: the chain table where the rules have a small enough one, else the numpy kernel.
    A careful seat: each game through ``step``, the policies deciding (:func:`paired_winners`).
    """
    import numpy as np

    from lcr_audio.game.bots import PolicyName

    start = (rules.chips,) * rules.players
    if all(p == PolicyName.GREEDY for p in policies):
        from lcr_audio.game.analysis import exact
        from lcr_audio.game.analysis.chain_sim import chain_simulator
        from lcr_audio.game.analysis.simulate import BATCH, empty_tally, play_games

        rng = np.random.default_rng(seed)
        if exact.supports(rules):
            try:
                fast = chain_simulator(rules)
            except exact.TooLargeError:
                fast = None
            if fast is not None:
                from lcr_audio.game.analysis.chain_sim import generators

                row = fast.index_of(start, 0)
                rngs = generators(seed)
                wins = np.zeros(rules.players, dtype=np.int64)
                done = 0
                while done < games:  # parts of a few seconds: a progress line after each
                    part = min(CHAIN_PART, games - done)
                    wins += fast.play_parallel(row, 0, part, rngs)
                    done += part
                    progress(done)
                return [int(w) for w in wins]
        tally = empty_tally(rules.players)
        while tally.games < games:
            tally += play_games(rules, start, 0, 0, min(BATCH // 4, games - tally.games), rng)
            progress(tally.games)
        return [int(w) for w in tally.wins]
    chosen = paired_winners(rules, policies, games, seed, progress, compare=False)[0]
    return [chosen.count(seat) for seat in range(rules.players)]


def _engine_winner(rules: Rules, policies: Sequence[str], dice: Sequence[random.Random]) -> int:
    """One game from the start through ``step``, each seat's policy deciding and each seat's rolls drawn
    from its own generator in ``dice`` (so that games with other policies roll the same faces); the winner."""
    from lcr_audio.game.bots import Policy

    deciders = [Policy(name=name) for name in policies]
    die = rules.die
    state = new_game(rules)[0]
    while not state.over:
        decider = deciders[state.seat]
        if state.phase is Phase.REVERSE:
            state = step(state, Reverse(decider.decide_reverse(state)))[0]
        elif state.phase is Phase.ROLL:
            draw = dice[state.seat].choice
            state = step(state, Roll(tuple(draw(die) for _ in range(state.dice_to_roll))))[0]
        else:
            state = step(state, ChooseSeat(decider.choose(state)))[0]
    assert state.winner is not None
    return state.winner


def paired_winners(
    rules: Rules,
    policies: Sequence[str],
    games: int,
    seed: int | None,
    progress: Callable[[int], None],
    *,
    compare: bool = True,
) -> tuple[list[int], list[int]]:
    """The winner of each of ``games`` games with ``policies``, and (with ``compare``, else nothing) of the
    same games with every seat greedy: game *k* gives each seat the same dice in both (its *n*-th roll shows
    the same faces), so the difference is the policies' more than the luck's (common random numbers).
    Through ``step``; seat 1 first (R13's random start not used)."""
    from lcr_audio.game.bots import PolicyName

    base = random.SystemRandom().getrandbits(62) if seed is None else seed
    greedy = [PolicyName.GREEDY.value] * rules.players
    chosen, usual = [], []
    for game in range(games):
        streams = [f"{base}:{game}:{seat}" for seat in range(rules.players)]
        chosen.append(_engine_winner(rules, policies, [random.Random(s) for s in streams]))
        if compare:
            usual.append(_engine_winner(rules, greedy, [random.Random(s) for s in streams]))
        progress(game + 1)
    return chosen, usual


def _careful_table(rules: Rules, notes: TextIO) -> None:
    """Make sure the exact table careful seats choose by is ready before the games (a game in play never
    waits for it; here every choice must come from it): read from the cache folder, or worked out first,
    with a line saying so."""
    from lcr_audio.game.analysis.odds import cache_path, shared_table
    from lcr_audio.storage import cache_dir

    folder = cache_dir() / "odds"
    if not cache_path(rules, folder).exists():
        # Translators: printed before lcr-audio simulate plays with careful seats, when the exact odds they
        # choose by are not yet kept on this computer.
        text = _("Careful seats choose by the exact odds; working them out first, once for this computer.")
        notes.write(text + "\n")
        notes.flush()
    shared_table(rules, folder)


def run_simulate(args: argparse.Namespace, report: Report) -> int:
    """``lcr-audio simulate``: each seat's win rate with a 95% interval; with a careful seat, the same games
    (each seat rolling the same dice) played with every seat greedy too, and each seat's gain over them.
    Careful seats under rules without an exact table decide by simulation (:mod:`.careful`), a fraction of
    a second a choice: a note says so first, and the progress lines say the time left.

    In words: a first line with the games and the rules, a line on what greedy and careful players do where
    they have a choice (under rules with no choice, careful players play as greedy ones and nothing is
    compared), then a line per seat; the win rates are said aloud in short through ``report.spoken``.

    Raises:
        BadInput: the rules or a ``--policy`` cannot be used (:func:`rules_from`, :func:`parse_policies`).
    """
    from lcr_audio.game.analysis.exact import supports
    from lcr_audio.game.bots import PolicyName

    rules = rules_from(args)
    policies = parse_policies(args.policy, rules.players)
    games = args.games
    chose_careful = any(p != PolicyName.GREEDY for p in policies)
    choices = has_choices(rules)
    # Nothing to decide: every policy plays alike, and the greedy games are the quick ones.
    played = policies if choices else [PolicyName.GREEDY.value] * rules.players
    careful = chose_careful and choices
    out = report.out
    if not args.csv:
        out.write(_simulate_heading(rules, games, chose_careful) + "\n")
        out.flush()
    slow = careful and not supports(rules)
    notes = report.notes if args.csv else out
    if slow:
        # Translators: printed before lcr-audio simulate plays with careful seats under rules without an
        # exact table: each of their choices is simulated, so the run is slow.
        note = _(
            "Careful seats weigh each choice by simulating games from it, up to about a third of a second a choice: this run is slow."  # noqa: E501
        )
        notes.write(note + "\n")
        notes.flush()
    if careful and supports(rules):
        _careful_table(rules, notes)
    progress = Progress(notes, games, report.spoken, time_left=slow)
    usual: list[int] | None = None
    if careful:
        chosen, usual = paired_winners(rules, played, games, args.seed, progress)
        wins = [chosen.count(seat) for seat in range(rules.players)]
    else:
        wins = win_counts(rules, played, games, args.seed, progress)
    rows = []
    for seat in range(rules.players):
        rate = wins[seat] / games
        base: float | None = None
        gain: tuple[float, float] | None = None
        if usual is not None:
            base = usual.count(seat) / games
            change = [(a == seat) - (b == seat) for a, b in zip(chosen, usual, strict=True)]
            mean = sum(change) / games
            spread = sum((c - mean) ** 2 for c in change) / max(games - 1, 1)
            gain = (mean, math.sqrt(spread / games))
        rows.append((seat + 1, policies[seat], rate, wilson(wins[seat], games), base, gain))
    # Translators: lcr-audio simulate's result said aloud: {games} is a number of games, {wins} a list such
    # as "seat 1 31 percent, seat 2 12, seat 3 57" (the share of the games each seat won).
    spoken = ngettext("{games} game played. Wins: {wins}.", "{games} games played. Wins: {wins}.", games)
    from lcr_audio.game.analysis.figures import apportion

    shares = apportion([100 * row[2] for row in rows], 100)  # whole percents adding up to 100
    report.spoken.result(spoken.format(games=games, wins=chances_list(shares)))
    if args.csv:
        writer = csv.writer(out, lineterminator="\n")
        header = ["seat", "policy", "wins", "games", "rate", "low95", "high95"]
        writer.writerow([*header, "gain", "gain_low95", "gain_high95"] if careful else header)
        for seat, policy, rate, (low, high), _base, gain in rows:
            line = [seat, policy, wins[seat - 1], games, f"{rate:.6g}", f"{low:.6g}", f"{high:.6g}"]
            if gain is not None:
                line += [f"{gain[0]:.6g}", f"{gain[0] - Z95 * gain[1]:.6g}", f"{gain[0] + Z95 * gain[1]:.6g}"]
            writer.writerow(line)
        return 0
    from lcr_audio.game.analysis.figures import round_down, round_up

    # Translators: the heading of lcr-audio simulate's results; {games} is a number of games.
    out.write(ngettext("{games} game played.", "{games} games played.", games).format(games=games) + "\n")
    for seat, policy, rate, (low, high), base, gain in rows:
        numbers = {
            "seat": seat,
            "policy": PolicyName(policy).label,
            "rate": _decimal(100 * rate, 2),
            "low": _decimal(round_down(100 * low, 2), 2),  # the interval printed holds the one measured
            "high": _decimal(round_up(100 * high, 2), 2),
        }
        if choices:
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
                base=_decimal(100 * base, 2),
                change=("+" if gain[0] >= 0 else "") + _decimal(100 * gain[0], 2),
                margin=_decimal(
                    round_up(100 * Z95 * gain[1] + abs(round(100 * gain[0], 2) - 100 * gain[0]), 2), 2
                ),
            )
        out.write(text + "\n")
    return 0


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% interval of a win rate of ``wins`` in ``games`` (at least 1), by Wilson's score: unlike the
    rate plus or minus 1.96 standard errors it stays between 0 and 1, and holds its 95% in few games or at
    rates near 0 or 1."""
    rate, z2 = wins / games, Z95 * Z95
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 / (1 + z2 / games) * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def _simulate_heading(rules: Rules, games: int, chose_careful: bool) -> str:
    """The lines before the games: how many, from where, under which rules; what the computer players do
    where they have a choice, and how a careful player's gain is measured."""
    # Translators: the first line of lcr-audio simulate, followed by the rules summary; {games} is a number
    # of games.
    first = ngettext(
        "Simulating {games} game from the start, seat 1 rolling first:",
        "Simulating {games} games from the start, seat 1 rolling first:",
        games,
    ).format(games=games)
    lines = [first + " " + rules_sentences(rules)]
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


class CommandWord(NamedTuple):
    """One command word of this module, for :mod:`lcr_audio.cli` to register."""

    name: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Report], int]
    """Runs the command, printing and saying through the :class:`Report`; may raise :class:`BadInput`."""
    help: Callable[[], str]


COMMANDS: Final = (
    CommandWord("odds", add_odds_arguments, run_odds, odds_help),
    CommandWord("simulate", add_simulate_arguments, run_simulate, simulate_help),
)
"""Each command word with the function adding its options, the function running it (it may raise
:class:`BadInput`) and its ``--help`` line; :mod:`lcr_audio.cli` registers them."""
