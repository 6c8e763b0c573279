"""The ``lcr-audio`` command line's parser (DESIGN.md §3): the options every command takes, the table of
command words (:class:`Commands`) that the modules with commands fill, the options that describe a table
(``play``, ``host``), and the one plain sentence for a bad command line (:class:`UsageError`), an option given
to a command it is not for included (:func:`misplaced_option`).

Nothing here runs a command: :mod:`lcr_audio.cli` builds the parser from its ``REGISTRARS`` and runs what
the command line asks for.
"""

from __future__ import annotations

import argparse
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn, TextIO

from lcr_audio import __version__
from lcr_audio.engine import MAX_PLAYERS, MIN_PLAYERS, Rules
from lcr_audio.game.session import Player
from lcr_audio.i18n import _, ngettext
from lcr_audio.output.speech.base import SpeechMode
from lcr_audio.rule_options import PLAYERS, FlagAlone, rules_from_flags

if TYPE_CHECKING:
    from lcr_audio.app import App
    from lcr_audio.narration.saved_offer import SaidOffer

APP = "lcr-audio"

DEFAULT_PAUSE = 1.0
"""Seconds a computer player waits before each decision (``--pause``; 0 with ``--fast``)."""


class UsageError(Exception):
    """A bad command line: the message is one plain sentence for the player."""


class _Parser(argparse.ArgumentParser):
    """argparse with errors as one plain sentence and exit code 2, no usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(_plain(message))

    def _check_value(self, action: argparse.Action, value: object) -> None:
        """An option's value outside its choices: one sentence in our words (argparse's own reads its
        quotes aloud: "invalid choice: 'banana' (choose from 'take-pot', 'win')")."""
        choices = action.choices
        if choices is None or value in choices:
            super()._check_value(action, value)
            return
        from lcr_audio.narration.lists import and_list, or_list

        if not action.option_strings:  # the command word
            raise argparse.ArgumentError(
                None,
                # Translators: the command line started with a word that is no command; {value} is that word,
                # {commands} the commands (play, resume, ...), joined with "and".
                _("There is no command {value}; the commands are {commands}.").format(
                    value=value, commands=and_list([str(c) for c in choices])
                ),
            )

        raise argparse.ArgumentError(
            None,
            # Translators: a command-line option was given a value it does not take; {option} is the option
            # (--three-wilds), {choices} its values joined with "or" (take-pot or win), {value} what was
            # typed.
            _("{option} must be {choices}, not {value}.").format(
                option=action.option_strings[-1], choices=or_list([str(c) for c in choices]), value=value
            ),
        )


def _plain(message: str) -> str:
    text = message.strip()
    text = text[0].upper() + text[1:] if text else text
    return text if text.endswith(".") else text + "."


def parse_seed(text: str) -> int:
    """An argparse type for ``--seed``: a whole number (negative too).

    Raises:
        argparse.ArgumentTypeError: ``text`` is not a whole number (one sentence).
    """
    if not text.strip().lstrip("-").isdigit():
        # Translators: a bad --seed value; argparse puts "argument --seed:" (the option) before it.
        raise argparse.ArgumentTypeError(_("it must be a whole number, not {value}").format(value=text))
    return int(text)


def _seconds(text: str) -> float:
    """``--pause``: seconds from 0 to the settings' longest pause."""
    from lcr_audio.settings import PAUSE

    return seconds_between(PAUSE.low, PAUSE.high)(text)


def seconds_between(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from ``low`` to ``high``, else one sentence."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = low - 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                # Translators: a bad number of seconds on the command line; argparse puts "argument
                # --pause:" (the option) before it. {low} and {high} are numbers, {value} what was typed.
                _("it must be a number of seconds from {low} to {high}, not {value}").format(
                    low=f"{low:g}", high=f"{high:g}", value=text
                )
            )
        return value

    return parse


def _global_options(*, pacing: bool = True) -> _Parser:
    """The options every command takes, before or after its name (a parent parser: argparse copies them);
    without ``pacing``, for a command where no computer player waits (odds, simulate), --pause and --fast
    are still accepted but left out of its --help."""
    options = _Parser(add_help=False)
    options.add_argument(
        "--lang",
        default=argparse.SUPPRESS,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("the game's language, such as es, fr, de, pt_BR, it or ru (default: the system's)"),
    )
    options.add_argument(
        "--speech",
        choices=[mode.value for mode in SpeechMode],
        default=argparse.SUPPRESS,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("how the game speaks: auto (default), screen-reader, tts, console or silent"),
    )
    options.add_argument(
        "--pause",
        type=_seconds,
        default=argparse.SUPPRESS,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("seconds a computer player waits before it plays (default 1)")
        if pacing
        else argparse.SUPPRESS,
    )
    options.add_argument(
        "--fast",
        action="store_true",
        default=argparse.SUPPRESS,
        help=(
            # Translators: command-line help (--help) or message; option names and values stay as they are.
            _("computer players play without pausing") if pacing else argparse.SUPPRESS
        ),
    )
    return options


@dataclass(frozen=True)
class Start:
    """How a speaking command was started."""

    interactive: bool
    """Keys come from a terminal (False: standard input is a pipe or a file)."""
    said: SaidOffer | bool = False
    """The main menu's first sentence was already said (:func:`.cli_speaking._say_main_menu`)."""
    early: EarlyPlay | None = None
    """``play``'s first sentence was already said (:func:`.cli_speaking._say_play_opening`)."""


@dataclass(frozen=True)
class EarlyPlay:
    """``lcr-audio play``'s first sentence, said before asyncio, prompt_toolkit and the screens were imported
    (issue 21, item 12)."""

    seed: int
    """The game's seed (drawn then, when ``--seed`` gave none: the opening may name who rolls first)."""
    text: str
    """What was said: the rules' summary for a variant, else the game's opening."""
    summary: bool
    """True when :attr:`text` is the rules' summary (the opening is then said by the game as usual)."""


@dataclass(frozen=True)
class Speaks:
    """A command that speaks and reads keys: it runs with the game's speech, sound and key input."""

    run: Callable[[App, argparse.Namespace, Start], Awaitable[int]]
    """Runs the command; returns the exit code. May raise :class:`UsageError`."""
    check: Callable[[argparse.Namespace], object] | None = None
    """Checks the options before anything starts (raises :class:`UsageError`), or None."""
    needs_terminal: bool = True
    """Refused, with one sentence, when standard input is no terminal."""
    menu_first: bool = False
    """The main menu's first sentence is said before the key input is ready (issue 10, item 9)."""
    opening_first: bool = False
    """``play``'s first sentence is said before the key input is ready (issue 21, item 12)."""


@dataclass(frozen=True)
class Prints:
    """A command that prints to standard output and ends: no speech, no sound, no keys."""

    run: Callable[[argparse.Namespace, TextIO], int]
    """Prints; returns the exit code. Raises :class:`UsageError` for a problem (one sentence)."""


Command = Speaks | Prints
"""What a command word runs; its parser holds it as ``func`` (``set_defaults(func=...)``)."""


class Commands:
    """The table of command words that :func:`build` fills; a module adds its commands with a
    function taking this table (see :data:`lcr_audio.cli.REGISTRARS`)."""

    def __init__(self, parser: argparse.ArgumentParser) -> None:
        self._words = parser.add_subparsers(
            dest="command",
            parser_class=_Parser,
            # Translators: how --help and errors name the command word (play, resume, practice...).
            metavar=_("command"),
        )

    def add(self, name: str, command: Command, *, help: str, pacing: bool = True) -> argparse.ArgumentParser:
        """Add the command word ``name``, running ``command``, with ``help`` (translated) in ``--help``
        (the list of commands, and the first line of the command's own). Returns its parser, for the
        command's own options; the global options are already on it (``pacing``: :func:`_global_options`)."""
        parser = self._words.add_parser(
            name, parents=[_global_options(pacing=pacing)], help=help, description=help
        )
        parser.set_defaults(func=command)
        return parser

    def parsers(self) -> dict[str, argparse.ArgumentParser]:
        """Each command word's parser."""
        return dict(self._words.choices)


def build(
    registrars: Sequence[Callable[[Commands], None]], default: Command
) -> tuple[argparse.ArgumentParser, Commands]:
    """The command-line parser, ``lcr-audio [GLOBAL OPTIONS] [COMMAND [OPTIONS]]``, with the command words
    each of ``registrars`` adds (in the order ``--help`` lists them), and the table they were added to;
    ``default`` runs when no command word is given."""
    parser = _Parser(
        prog=APP,
        parents=[_global_options()],
        # Translators: the first line of --help.
        description=_("Left Right Center, the dice game, played by ear."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{APP} {__version__}",
        # Translators: command-line help (--help) of --version.
        help=_("show the game's version and exit"),
    )
    parser.set_defaults(func=default)
    commands = Commands(parser)
    for register in registrars:
        register(commands)
    return parser, commands


def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return parser._option_string_actions  # argparse keeps no public map of a parser's option names


def misplaced_option(
    parser: argparse.ArgumentParser, commands: dict[str, argparse.ArgumentParser], argv: Sequence[str]
) -> str | None:
    """The sentence for an option that belongs to another command than the one given (or to a command,
    when none was given): ``lcr-audio --seed 7`` or ``lcr-audio rules --seed 7``. None when there is
    none; argparse reports every other mistake."""
    command: str | None = None
    index = 0
    while index < len(argv):
        word = argv[index]
        if word == "--":
            return None
        if command is None and word in commands:
            command = word
        elif word.startswith("--"):
            name, has_value = word.split("=", 1)[0], "=" in word
            known = _options(commands[command] if command else parser)
            if name in known:
                index += 0 if has_value or known[name].nargs == 0 else 1  # skip its value
            else:
                owners = [
                    word for word, command_parser in commands.items() if name in _options(command_parser)
                ]
                if owners:
                    action = _options(commands[owners[0]])[name]
                    value = [] if has_value or action.nargs == 0 else list(argv[index + 1 : index + 2])
                    return _belongs_to(name, owners, [word, *value])
        index += 1
    return None


def _belongs_to(option: str, owners: list[str], words: list[str]) -> str:
    if len(owners) == 1:
        # Translators: an option was given without its command, or to another command; {command} is the
        # command word it goes with (play), {example} the command line that works ("lcr-audio play --seed
        # 7"). Command words and options stay as they are.
        return _("{option} belongs to the {command} command: {example}.").format(
            option=option, command=owners[0], example=" ".join([APP, owners[0], *words])
        )
    # Translators: an option was given without its command, or to another command; {commands} lists the
    # command words that take it, separated by commas. Command words and options stay as they are.
    return _("{option} belongs to one of these commands: {commands}.").format(
        option=option, commands=", ".join(owners)
    )


def _computer_seats(text: str, players: int) -> set[int]:
    """Parse ``--computer``: ``all``, ``none``, ``rest`` (every seat but 1) or seat numbers ``2,3``."""
    word = text.strip().lower()
    if word == "all":
        return set(range(players))
    if word == "none":
        return set()
    if word == "rest":
        return set(range(1, players))
    seats: set[int] = set()
    for part in word.split(","):
        part = part.strip()
        if not part.isdigit() or not 1 <= int(part) <= players:
            # Translators: a bad --computer value.
            message = _(
                "--computer takes all, none, or seat numbers from 1 to {players} such as 2,3; not {value}."
            )
            raise UsageError(message.format(players=players, value=text))
        seats.add(int(part) - 1)
    return seats


def table_from_options(args: argparse.Namespace) -> tuple[Rules, list[Player]]:
    """The rules and seated table that ``lcr-audio play`` options describe.

    Raises:
        UsageError: the options contradict each other (e.g. 3 names for 4 players).
    """
    from lcr_audio.game.seating import table
    from lcr_audio.names import clean_name, has_letter

    names = [n for n in (args.names.split(",") if args.names else [])]
    players = args.players or (len(names) if names else PLAYERS.default)
    if names and len(names) != players:
        raise UsageError(
            # Translators: --names and --players disagree; {count} names were given, {players} asked for.
            ngettext(
                "--names gives {count} name but --players asks for {players}.",
                "--names gives {count} names but --players asks for {players}.",
                len(names),
            ).format(count=len(names), players=players)
        )
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise UsageError(
            # Translators: command-line help (--help) or message; option names and values stay as they are.
            _("The game needs {low} to {high} players, not {value}.").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, value=players
            )
        )
    if any(not has_letter(clean_name(n)) for n in names):
        # Translators: a --names entry had no letter (empty, or only digits and signs such as "3").
        raise UsageError(_("Every name in --names needs a letter; a number alone would sound like chips."))
    computers = _computer_seats(args.computer, players)
    humans = [s for s in range(players) if s not in computers]
    return rules_from_options(args, players), table(players, names, humans)


def rules_from_options(args: argparse.Namespace, players: int) -> Rules:
    """The rules the rule flags of ``args`` describe (:func:`~lcr_audio.rule_options.add_rule_flags`), at a
    table of ``players``.

    Raises:
        UsageError: an option given without the one it needs (``--three-wilds`` without ``--wild``).
    """
    try:
        return rules_from_flags(args, players)
    except FlagAlone as error:
        raise UsageError(str(error)) from None
