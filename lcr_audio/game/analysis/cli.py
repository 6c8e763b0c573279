"""``lcr-audio odds`` and ``lcr-audio simulate`` (issue 15, item 2): each seat's chances as lines a screen
reader can follow, or CSV.

:data:`COMMANDS` lists both command words for :mod:`lcr_audio.cli`, which registers them; nothing heavy is
imported until a command runs (numpy, the tables). Long runs print a short progress line every few seconds,
never a bar redrawn in place. A bad value is one sentence (:class:`BadInput`) and exit code 2.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, TextIO

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
        # Translators: --help of the simulate command; greedy and careful stay as they are.
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
    its own each time, never a line redrawn in place."""

    def __init__(self, out: TextIO, total: int, quiet: bool) -> None:
        self.out, self.total, self.quiet = out, total, quiet
        self.last = time.monotonic()
        self.said = -1

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if self.quiet or now - self.last < PROGRESS_SECONDS or done >= self.total:
            return
        percent = math.floor(100 * done / self.total)
        if percent == self.said:  # nothing new to say
            return
        self.last, self.said = now, percent
        # Translators: a progress line of a long simulation, printed every few seconds.
        self.out.write(_("{percent} percent done.").format(percent=percent) + "\n")
        self.out.flush()


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
            # are numbers of chips.
            _("The seats and the pot hold {count} chips, but this game has {total}.").format(
                count=sum(chips) + max(pot, 0), total=total
            )
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
    return chips, pot, mover


def run_odds(args: argparse.Namespace, out: TextIO) -> int:
    """``lcr-audio odds``: per seat, the chance of winning, the expected turns rolled and reached, and the
    pot a winner takes; exact where :func:`.exact.supports`, else simulated."""
    import numpy as np

    from lcr_audio.game.analysis import exact
    from lcr_audio.game.analysis.simulate import BATCH, empty_tally, play_games

    rules = rules_from(args)
    chips, pot, mover = parse_position(args, rules)
    seats = rules.players
    holders = sum(1 for n in chips if n)
    rows: list[tuple[float, float | None, float, float, float]] = []
    if exact.supports(rules) and holders >= 2:
        if not args.csv:
            # Translators: printed before the exact odds are worked out (it may take a while).
            out.write(_("Working out the exact odds.") + "\n")
            out.flush()
        chain = exact.build_chain(rules)
        progress = Progress(out, 100, args.csv)
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
        exact_result = True
    else:
        rng = np.random.default_rng(args.seed)
        tally = empty_tally(seats)
        progress = Progress(out, args.games, args.csv)
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
        exact_result = False
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
        # Translators: the heading of lcr-audio odds' exact table; {seat} is the seat to play.
        out.write(_("Exact odds, seat {seat} to play:").format(seat=mover + 1) + "\n")
    else:
        # Translators: the heading of lcr-audio odds' simulated table; {games} a number of games.
        heading = _("Simulated odds from {games} games, seat {seat} to play:")
        out.write(heading.format(games=args.games, seat=mover + 1) + "\n")
    for seat, (win, error, rolls, turns, pot_won) in enumerate(rows, start=1):
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
        margin = "" if error is None else _decimal(100 * Z95 * error)  # the exact line has no margin
        text = line.format(
            seat=seat,
            chance=_decimal(100 * win),
            margin=margin,
            rolls=_decimal(rolls),
            turns=_decimal(turns),
            pot=_decimal(pot_won),
        )
        out.write(text + "\n")
    return 0


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
    A careful seat: each game through ``step``, the policies deciding.
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
                while done < games:
                    part = min(2_000_000, games - done)
                    wins += fast.play_parallel(row, 0, part, rngs)
                    done += part
                    progress(done)
                return [int(w) for w in wins]
        tally = empty_tally(rules.players)
        while tally.games < games:
            tally += play_games(rules, start, 0, 0, min(BATCH // 4, games - tally.games), rng)
            progress(tally.games)
        return [int(w) for w in tally.wins]
    return _engine_wins(rules, policies, games, seed, progress)


def _engine_wins(
    rules: Rules, policies: Sequence[str], games: int, seed: int | None, progress: Callable[[int], None]
) -> list[int]:
    from lcr_audio.game.bots import Policy

    deciders = [Policy(name=name) for name in policies]
    rng = random.Random(seed)
    die = rules.die
    wins = [0] * rules.players
    for game in range(games):
        state = new_game(rules)[0]
        while not state.over:
            decider = deciders[state.seat]
            if state.phase is Phase.REVERSE:
                state = step(state, Reverse(decider.decide_reverse(state)))[0]
            elif state.phase is Phase.ROLL:
                state = step(state, Roll(tuple(rng.choice(die) for _ in range(state.dice_to_roll))))[0]
            else:
                state = step(state, ChooseSeat(decider.choose(state)))[0]
        assert state.winner is not None
        wins[state.winner] += 1
        if game % 200 == 199:
            progress(game + 1)
    return wins


def run_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """``lcr-audio simulate``: each seat's win rate with a 95% interval; with a careful seat, the same
    number of games with every seat greedy too, and each seat's gain."""
    from lcr_audio.game.bots import PolicyName

    rules = rules_from(args)
    policies = parse_policies(args.policy, rules.players)
    games = args.games
    careful = any(p != PolicyName.GREEDY for p in policies)
    progress = Progress(out, games * (2 if careful else 1), args.csv)
    wins = win_counts(rules, policies, games, args.seed, progress)
    usual = (
        win_counts(
            rules,
            [PolicyName.GREEDY.value] * rules.players,
            games,
            None if args.seed is None else args.seed + 1,
            lambda d: progress(games + d),
        )
        if careful
        else None
    )
    rows = []
    for seat in range(rules.players):
        rate = wins[seat] / games
        error = math.sqrt(rate * (1 - rate) / games)
        gain: tuple[float, float] | None = None
        if usual is not None:
            base = usual[seat] / games
            gain = (rate - base, math.sqrt(error**2 + base * (1 - base) / games))
        rows.append((seat + 1, policies[seat], rate, error, gain))
    if args.csv:
        writer = csv.writer(out, lineterminator="\n")
        header = ["seat", "policy", "wins", "games", "rate", "low95", "high95"]
        writer.writerow([*header, "gain", "gain_low95", "gain_high95"] if careful else header)
        for seat, policy, rate, error, gain in rows:
            line = [
                seat,
                policy,
                wins[seat - 1],
                games,
                f"{rate:.6g}",
                f"{rate - Z95 * error:.6g}",
                f"{rate + Z95 * error:.6g}",
            ]
            if gain is not None:
                line += [f"{gain[0]:.6g}", f"{gain[0] - Z95 * gain[1]:.6g}", f"{gain[0] + Z95 * gain[1]:.6g}"]
            writer.writerow(line)
        return 0
    # Translators: the heading of lcr-audio simulate's results; {games} is a number of games.
    out.write(ngettext("{games} game played.", "{games} games played.", games).format(games=games) + "\n")
    for seat, policy, rate, error, gain in rows:
        # Translators: one seat's result of lcr-audio simulate: {policy} is greedy or careful; {rate} the
        # share of games it won in percent, {low} and {high} the 95% interval.
        text = _("Seat {seat}, {policy}: wins {rate} percent, 95 in 100 between {low} and {high}.").format(
            seat=seat,
            policy=policy,
            rate=_decimal(100 * rate, 2),
            low=_decimal(100 * (rate - Z95 * error), 2),
            high=_decimal(100 * (rate + Z95 * error), 2),
        )
        if gain is not None:
            # Translators: added to a seat's result when careful players took part: the change in its win
            # rate against the same games with every seat greedy, in percentage points, and its margin.
            text += " " + _("Against all greedy: {change} points, give or take {margin}.").format(
                change=("+" if gain[0] >= 0 else "") + _decimal(100 * gain[0], 2),
                margin=_decimal(100 * Z95 * gain[1], 2),
            )
        out.write(text + "\n")
    return 0


class CommandWord(NamedTuple):
    """One command word of this module, for :mod:`lcr_audio.cli` to register."""

    name: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, TextIO], int]
    """Runs the command; may raise :class:`BadInput`."""
    help: Callable[[], str]


COMMANDS: Final = (
    CommandWord("odds", add_odds_arguments, run_odds, odds_help),
    CommandWord("simulate", add_simulate_arguments, run_simulate, simulate_help),
)
"""Each command word with the function adding its options, the function running it (it may raise
:class:`BadInput`) and its ``--help`` line; :mod:`lcr_audio.cli` registers them."""
