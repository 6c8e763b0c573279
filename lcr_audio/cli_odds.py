"""``lcr-audio odds`` and ``lcr-audio simulate`` (issue 15, item 2): each seat's chances as lines a screen
reader can follow, or CSV.

:func:`add_odds_commands` adds both command words (:data:`COMMANDS`) to the parser; nothing heavy is
imported until a command runs (numpy, the tables). The numbers come from
:mod:`lcr_audio.game.analysis.wins`, the sentences from :mod:`lcr_audio.narration.analysis_text`; this
module parses the options, prints and says. The words explain themselves: a first line states the rules
and what is worked out, a line says what the computer players do where they have a choice, and one what
each seat's numbers mean. Long runs print a short progress line every few seconds, never a bar redrawn in
place (on standard error with ``--csv``, so the CSV stays clean), and say the percentage aloud when the
game speaks with its own voice (:class:`Report`). A bad value is one sentence (:class:`BadInput`, reported
as a :class:`~lcr_audio.cli_parser.UsageError`) and exit code 2.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple, Protocol, TextIO

from lcr_audio.cli_parser import Commands, Prints, UsageError
from lcr_audio.cli_process import DRAIN_SECONDS, log_path, quiet_stderr, stderr_kept
from lcr_audio.engine import MAX_CHIPS, MAX_PLAYERS, MIN_PLAYERS, Rules, RulesError, WinCondition
from lcr_audio.game.analysis.wins import (
    Z95,
    gain,
    has_choices,
    paired_winners,
    quick_exact,
    wilson,
    win_counts,
)
from lcr_audio.i18n import _, ngettext
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


DEFAULT_GAMES = 100_000
"""How many games ``--games`` plays when it is not given."""


def _add_games(parser: argparse.ArgumentParser, help_text: str, default: int | None = DEFAULT_GAMES) -> None:
    """``--games``: how many games to simulate, 1 to :data:`MAX_GAMES` (``default``: None where the command
    must know that it was not given); ``help_text`` is the command's own words for it."""
    parser.add_argument("--games", type=int_between(1, MAX_GAMES), default=default, help=help_text)


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
    _add_games(parser, _("games to simulate when there is no exact table (default 100000)"), None)
    _add_policy(parser)


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """``lcr-audio simulate``'s options."""
    add_rule_arguments(parser)
    # Translators: command-line help (--help) of the simulate command.
    _add_games(parser, _("how many games (default 100000)"))
    _add_policy(parser)


def _add_policy(parser: argparse.ArgumentParser) -> None:
    """The ``--policy SEAT=NAME`` option of simulate and odds."""
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
        from lcr_audio.narration import analysis_text as words

        now = time.monotonic()
        if now - self.last < PROGRESS_SECONDS or done >= self.total:
            return
        percent = math.floor(100 * done / self.total)
        if percent == self.said:  # nothing new to say
            return
        self.last, self.said = now, percent
        line = words.progress_line(percent)
        if self.time_left and done > 0:
            line += " " + words.time_left((now - self.start) * (self.total - done) / done)
        self.out.write(line + "\n")
        self.out.flush()
        self.spoken.progress(words.progress_said(percent))


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


def run_odds(args: argparse.Namespace, report: Report) -> int:
    """``lcr-audio odds``: per seat, the chance of winning, the expected turns rolled and reached, and the
    pot a winner takes; exact where :func:`.exact.supports` and :func:`.wins.quick_exact`, else simulated
    (:func:`.wins.exact_odds`, :func:`.wins.simulated_odds`).

    In words: a first line with the rules, where the odds start from and how they are found, the chips
    when a position was given, what the computer players do where they have a choice, what each seat's
    line holds, then a line per seat; the chances are said aloud in short through ``report.spoken``.

    Raises:
        BadInput: the rules or the position cannot be used (:func:`rules_from`, :func:`parse_position`).
    """
    from lcr_audio.game.analysis import compiled, exact
    from lcr_audio.game.analysis.figures import tenths_and_margins
    from lcr_audio.game.analysis.wins import exact_odds, simulated_odds
    from lcr_audio.narration import analysis_text as words

    rules = rules_from(args)
    chips, pot, mover = parse_position(args, rules)
    careful = [s for s, name in enumerate(parse_policies(args.policy, rules.players)) if name != "greedy"]
    if careful and has_choices(rules):
        return run_careful_odds(args, report, rules, (chips, pot, mover), careful)
    holders = sum(1 for n in chips if n)
    exact_result = exact.supports(rules) and holders >= 2 and quick_exact(rules)
    games = DEFAULT_GAMES if args.games is None else args.games
    out = report.out
    if not args.csv:
        start = args.position is None and args.pot is None
        heading = words.odds_heading(rules, None if start else chips, pot, mover, exact_result, games)
        out.write(heading + "\n")
        out.flush()
    progress_out = report.notes if args.csv else out
    if exact_result and args.games is not None:  # asked for games that are not played: said, once
        progress_out.write(words.games_not_used() + "\n")
        progress_out.flush()
    if exact_result:
        # Where numba is installed, the table is solved by the compiled loops: wait for them to compile
        # (or to load from the cache folder, a second or two after the first time); nobody is at a key.
        compiled.wait()
        progress = Progress(progress_out, 100, report.spoken)
        rows = exact_odds(rules, chips, mover, lambda f: progress(math.floor(100 * f)))
    else:
        progress = Progress(progress_out, games, report.spoken)
        rows = simulated_odds(rules, chips, pot, mover, games, args.seed, progress)
    report.spoken.result(
        words.odds_said([row.win for row in rows], [row.error or 0.0 for row in rows], exact_result)
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
    out.write(words.odds_legend(exact_result) + "\n")
    # The chances to a tenth add up to 100.0; a simulated margin is rounded up, with what rounding moved
    # the chance added, so the printed range holds the measured 95% interval (issue 21, item 6).
    printed = tenths_and_margins([row.win for row in rows], [row.error for row in rows])
    for seat, row in enumerate(rows, start=1):
        tenths, margin_tenths = printed[seat - 1]
        line = words.odds_seat_line(seat, tenths, margin_tenths, row.rolls, row.turns, row.pot_won)
        out.write(line + "\n")
    return 0


def run_careful_odds(
    args: argparse.Namespace,
    report: Report,
    rules: Rules,
    where: tuple[tuple[int, ...], int, int],
    careful: Sequence[int],
) -> int:
    """``lcr-audio odds --policy SEAT=careful`` (issue 25, item 3): each seat's exact chance with the
    careful seats (0-based) choosing by their best responses (:func:`.best.profile_chances`), and a
    sentence saying what that assumes; in CSV, each seat's policy, chance and how the careful seats' choices
    settled (:class:`.best.Settled`).

    Raises:
        BadInput: no exact best responses under ``rules`` (:func:`.best.best_supports`), or a position with
            fewer than two seats holding chips.
    """
    from lcr_audio.game.analysis import best
    from lcr_audio.game.analysis.figures import tenths_and_margins
    from lcr_audio.game.bots import PolicyName
    from lcr_audio.narration import analysis_text as words

    chips, pot, mover = where
    if not best.best_supports(rules) or sum(1 for n in chips if n) < 2:
        raise BadInput(words.careful_odds_unsupported())
    chances, settled = best.profile_chances(rules, chips, pot, mover, careful)
    names = [PolicyName.CAREFUL if s in careful else PolicyName.GREEDY for s in range(rules.players)]
    out = report.out
    report.spoken.result(words.odds_said(chances, [0.0] * len(chances), True))
    if args.csv:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["seat", "policy", "win", "settled"])
        for seat, (name, chance) in enumerate(zip(names, chances, strict=True), start=1):
            writer.writerow([seat, name.value, f"{chance:.15g}", settled.value])
        return 0
    start = args.position is None and args.pot is None
    heading = words.careful_odds_heading(rules, None if start else chips, pot, mover, settled, careful)
    out.write(heading + "\n")
    printed = tenths_and_margins(list(chances), [None] * len(chances))
    for seat, name in enumerate(names, start=1):
        out.write(words.careful_odds_seat_line(seat, name.label, printed[seat - 1][0]) + "\n")
    return 0


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


def _careful_table(rules: Rules, notes: TextIO) -> None:
    """Make sure the exact table careful seats choose by is ready before the games (a game in play never
    waits for it; here every choice must come from it): read from the cache folder, or worked out first,
    with a line saying so."""
    from lcr_audio.game.analysis.odds import cache_path, shared_table
    from lcr_audio.narration import analysis_text as words
    from lcr_audio.storage import cache_dir

    folder = cache_dir() / "odds"
    if not cache_path(rules, folder).exists():
        notes.write(words.careful_table_note() + "\n")
        notes.flush()
    shared_table(rules, folder)
    from lcr_audio.game.analysis.best import ready_best

    ready_best(rules, folder, wait=True)  # their best responses, where there are any: seconds at most


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
    from lcr_audio.narration import analysis_text as words

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
        out.write(words.simulate_heading(rules, games, chose_careful) + "\n")
        out.flush()
    slow = careful and not supports(rules)
    notes = report.notes if args.csv else out
    if slow:
        notes.write(words.careful_slow_note() + "\n")
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
        seat_gain: tuple[float, float] | None = None
        if usual is not None:
            base = usual.count(seat) / games
            seat_gain = gain(chosen, usual, seat)
        rows.append((seat + 1, policies[seat], rate, wilson(wins[seat], games), base, seat_gain))
    from lcr_audio.game.analysis.figures import apportion

    shares = apportion([100 * row[2] for row in rows], 100)  # whole percents adding up to 100
    report.spoken.result(words.simulate_said(games, shares))
    if args.csv:
        writer = csv.writer(out, lineterminator="\n")
        header = ["seat", "policy", "wins", "games", "rate", "low95", "high95"]
        writer.writerow([*header, "gain", "gain_low95", "gain_high95"] if careful else header)
        for seat, policy, rate, (low, high), _base, seat_gain in rows:
            line = [seat, policy, wins[seat - 1], games, f"{rate:.6g}", f"{low:.6g}", f"{high:.6g}"]
            if seat_gain is not None:
                mean, error = seat_gain
                line += [f"{mean:.6g}", f"{mean - Z95 * error:.6g}", f"{mean + Z95 * error:.6g}"]
            writer.writerow(line)
        return 0
    from lcr_audio.game.analysis.figures import round_down, round_up

    out.write(words.games_played(games) + "\n")
    out.write(words.simulate_legend(careful) + "\n")
    for seat, policy, rate, (low, high), base, seat_gain in rows:
        interval = (
            round_down(100 * low, 2),
            round_up(100 * high, 2),
        )  # the printed interval holds the measured one
        percent_gain: tuple[float, float] | None = None
        if seat_gain is not None:
            mean, error = seat_gain
            # The margin is rounded up, with what rounding moved the change added (issue 21, item 6).
            margin = round_up(100 * Z95 * error + abs(round(100 * mean, 2) - 100 * mean), 2)
            percent_gain = (100 * mean, margin)
        label = PolicyName(policy).label if choices else None
        seat_line = words.simulate_seat_line(
            seat, label, 100 * rate, interval, None if base is None else 100 * base, percent_gain
        )
        out.write(seat_line + "\n")
    return 0


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
:class:`BadInput`) and its ``--help`` line; :func:`add_odds_commands` registers them."""


def add_odds_commands(commands: Commands) -> None:
    """odds and simulate (issue 15, :data:`COMMANDS`); numpy is imported when they run."""
    for name, add_arguments, run, help_text in COMMANDS:
        add_arguments(commands.add(name, Prints(_analysis(run)), help=help_text(), pacing=False))


def _analysis(
    run: Callable[[argparse.Namespace, Report], int],
) -> Callable[[argparse.Namespace, TextIO], int]:
    """``run``, its bad input (one sentence) reported as a :class:`UsageError`. With the game's own voice
    on (``--speech``, else the mode chosen under Options: :func:`.own_voice.own_voice`) it says its
    progress and result aloud, the libraries' noise kept off the terminal
    (:func:`.cli_process.quiet_stderr`); the voice says the result to its end before the command ends, and
    stops at once on Control+C, which is said in one line."""

    def command(args: argparse.Namespace, stdout: TextIO) -> int:
        from lcr_audio.output.speech.own_voice import own_voice

        try:
            voice = own_voice(getattr(args, "speech", None))
            if voice is None:
                return run(args, Report(stdout, sys.stderr))
            with stderr_kept() as stderr, quiet_stderr(log_path()):
                try:
                    code = run(args, Report(stdout, stderr, voice))
                except BaseException:  # Control+C, a closed pipe: the voice stops at once
                    voice.close(0)
                    raise
                voice.close(DRAIN_SECONDS)  # the result is said to its end
                return code
        except BadInput as error:
            raise UsageError(str(error)) from None
        except KeyboardInterrupt:
            # Translators: odds or simulate stopped by Control+C before its result: nothing is printed after.
            stopped = _("Stopped before the end: no result.")
            with contextlib.suppress(OSError, ValueError):
                print(stopped, file=sys.stderr, flush=True)
            raise

    return command
