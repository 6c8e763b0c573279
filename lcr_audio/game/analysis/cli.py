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
    MIN_CHIPS,
    MIN_PLAYERS,
    ChooseSeat,
    Phase,
    Reverse,
    Roll,
    Rules,
    RulesError,
    ThreeWilds,
    WinCondition,
    new_game,
    step,
)
from lcr_audio.i18n import _, language, ngettext

PROGRESS_SECONDS: Final = 3.0
"""At most one progress line this often."""

MAX_GAMES: Final = 1_000_000_000

Z95: Final = 1.959963984540054


class BadInput(ValueError):
    """A value that cannot be used: the message is one plain sentence."""


def _number(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not text.strip().isdigit() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                # Translators: a bad number on the command line; argparse puts "argument --players:" (the
                # option) before it. {low} and {high} are numbers, {value} what was typed.
                _("it must be a number from {low} to {high}, not {value}").format(
                    low=low, high=high, value=text
                )
            )
        return int(text)

    return parse


def add_rule_arguments(parser: argparse.ArgumentParser) -> None:
    """The rule options, as ``lcr-audio play`` has them (R2, R3, R8-R10)."""
    parser.add_argument(
        "--players",
        type=_number(MIN_PLAYERS, MAX_PLAYERS),
        default=3,
        # Translators: command-line help (--help) of the odds and simulate commands.
        help=_("number of players, 3 to 10 (default 3)"),
    )
    parser.add_argument(
        "--chips",
        type=_number(MIN_CHIPS, MAX_CHIPS),
        default=3,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("starting chips per player, 1 to 10 (default 3)"),
    )
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    parser.add_argument("--wild", action="store_true", help=_("one dot on each die is a Wild"))
    parser.add_argument(
        "--three-wilds",
        choices=[t.value for t in ThreeWilds],
        default=None,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("three Wilds take the pot and play goes on (take-pot), or win at once (win)"),
    )
    parser.add_argument(
        "--reversible",
        action="store_true",
        # Translators: --help text of the --reversible option.
        help=_("a player with more than 3 chips may reverse the dice"),
    )
    parser.add_argument(
        "--win",
        choices=[w.value for w in WinCondition],
        default=WinCondition.LAST_WITH_CHIPS.value,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("how the game is won (default last-with-chips)"),
    )
    parser.add_argument(
        "--seed",
        type=_number(0, 2**63),
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
    if args.three_wilds is not None and not args.wild:
        # Translators: --three-wilds was given without --wild (three Wilds need Wild dice).
        raise BadInput(_("--three-wilds only matters with Wild dice: add --wild, or leave it out."))
    try:
        return Rules(
            players=args.players,
            chips=args.chips,
            wild=args.wild,
            three_wilds=ThreeWilds(args.three_wilds or ThreeWilds.TAKE_POT.value),
            reversible=args.reversible,
            win=WinCondition(args.win),
        )
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
        type=_number(0, MAX_PLAYERS * MAX_CHIPS),
        # Translators: command-line help (--help) of the odds command.
        help=_("the chips in the pot now (default: the chips not at the seats)"),
    )
    parser.add_argument(
        "--mover",
        type=_number(1, MAX_PLAYERS),
        default=1,
        # Translators: command-line help (--help) of the odds command.
        help=_("the seat to play now (default 1)"),
    )
    parser.add_argument(
        "--games",
        type=_number(1, MAX_GAMES),
        default=100_000,
        # Translators: command-line help (--help) of the odds command.
        help=_("games to simulate when there is no exact table (default 100000)"),
    )


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """``lcr-audio simulate``'s options."""
    add_rule_arguments(parser)
    parser.add_argument(
        "--games",
        type=_number(1, MAX_GAMES),
        default=100_000,
        # Translators: command-line help (--help) of the simulate command.
        help=_("how many games (default 100000)"),
    )
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
    its own each time, never a line redrawn in place. With ``time_left``, each line also says about how
    long the rest will take, at the pace so far (for the slow runs)."""

    def __init__(self, out: TextIO, total: int, quiet: bool, *, time_left: bool = False) -> None:
        self.out, self.total, self.quiet, self.time_left = out, total, quiet, time_left
        self.start = self.last = time.monotonic()
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
        line = _("{percent} percent done.").format(percent=percent)
        if self.time_left and done > 0:
            line += " " + _time_left((now - self.start) * (self.total - done) / done)
        self.out.write(line + "\n")
        self.out.flush()


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
            out.write(
                line.format(
                    seat=seat,
                    chance=_decimal(100 * win),
                    rolls=_decimal(rolls),
                    turns=_decimal(turns),
                    pot=_decimal(pot_won),
                )
                + "\n"
            )
        else:
            # Translators: one seat's line of simulated odds; {margin} is the 95% margin in percent.
            line = _(
                "Seat {seat}: wins {chance} percent, give or take {margin}; rolls {rolls} turns; the dice reach it {turns} times; a win takes a pot of {pot} chips."  # noqa: E501
            )
            out.write(
                line.format(
                    seat=seat,
                    chance=_decimal(100 * win),
                    margin=_decimal(100 * Z95 * error),
                    rolls=_decimal(rolls),
                    turns=_decimal(turns),
                    pot=_decimal(pot_won),
                )
                + "\n"
            )
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


def run_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """``lcr-audio simulate``: each seat's win rate with a 95% interval; with a careful seat, the same games
    (the same dice for each seat) played with every seat greedy too, and each seat's gain over them. Careful
    seats under rules without an exact table decide by simulation (:mod:`.careful`), a fraction of a second
    a choice: a note says so first, and the progress lines say the time left."""
    from lcr_audio.game.analysis.exact import supports
    from lcr_audio.game.bots import PolicyName

    rules = rules_from(args)
    policies = parse_policies(args.policy, rules.players)
    games = args.games
    careful = any(p != PolicyName.GREEDY for p in policies)
    slow = careful and not supports(rules)
    if slow and not args.csv:
        # Translators: printed before lcr-audio simulate plays with careful seats under rules without an
        # exact table: each of their choices is simulated, so the run is slow.
        note = _(
            "Careful seats weigh each choice by simulating games from it, up to about a third of a second a choice: this run is slow."  # noqa: E501
        )
        out.write(note + "\n")
    progress = Progress(out, games, args.csv, time_left=slow)
    gains: list[tuple[float, float]] | None = None
    if careful:
        chosen, usual = paired_winners(rules, policies, games, args.seed, progress)
        wins = [chosen.count(seat) for seat in range(rules.players)]
        gains = []
        for seat in range(rules.players):
            change = [(a == seat) - (b == seat) for a, b in zip(chosen, usual, strict=True)]
            mean = sum(change) / games
            spread = sum((c - mean) ** 2 for c in change) / max(games - 1, 1)
            gains.append((mean, math.sqrt(spread / games)))
    else:
        wins = win_counts(rules, policies, games, args.seed, progress)
    rows = []
    for seat in range(rules.players):
        rate = wins[seat] / games
        error = math.sqrt(rate * (1 - rate) / games)
        rows.append((seat + 1, policies[seat], rate, error, None if gains is None else gains[seat]))
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
    if gains is not None:
        # Translators: lcr-audio simulate with careful seats, before the results: what each seat's "Against
        # all greedy" figure compares with.
        same = _(
            "Against all greedy: the same games, each seat rolling the same dice, with every seat greedy."
        )
        out.write(same + "\n")
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
