"""The ``lcr-audio`` command (DESIGN.md §3).

``lcr-audio`` asks the setup questions and plays; ``lcr-audio play`` takes the table from its options and
starts at once. Output options (``--speech``) work with every command. A bad option gets one plain
sentence and exit code 2.
"""

from __future__ import annotations

import argparse
import contextlib
import faulthandler
import logging
import os
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn, TextIO, cast

from lcr_audio import __version__
from lcr_audio.engine import MAX_PLAYERS, MIN_PLAYERS, Rules
from lcr_audio.game.session import Player
from lcr_audio.i18n import _, ngettext
from lcr_audio.output.speech.base import SpeechMode
from lcr_audio.rule_options import PLAYERS, FlagAlone, add_rule_flags, int_between, rules_from_flags

if TYPE_CHECKING:
    from lcr_audio.app import App
    from lcr_audio.game.analysis import cli as analysis_cli
    from lcr_audio.narration.saved_offer import SaidOffer
    from lcr_audio.output.sound import SoundPlayer
    from lcr_audio.output.speech import Speaker
    from lcr_audio.settings import Settings
    from lcr_audio.tui.console import Console

APP = "lcr-audio"
DEFAULT_PAUSE = 1.0
"""Seconds a computer player waits before each decision (``--pause``; 0 with ``--fast``)."""

log = logging.getLogger("lcr_audio")
DRAIN_SECONDS = 120.0
"""At exit, the game waits until the voice has said everything it was given (the winner, goodbye), at most
this long: a safety cap for a voice that never reports its end, not an estimate (all 22 messages of
``play --players 3 --computer all --seed 3 --fast`` take 69 s in the system voice)."""


@cache
def lesson_keys() -> list[str]:
    """The practice lessons' keys (``--lesson``), in order."""
    from lcr_audio.narration.practice import LESSONS

    return [str(lesson.key) for lesson in LESSONS]


class _LessonKeys(Sequence[str]):
    """The choices of ``--lesson``, read from :mod:`lcr_audio.narration.practice` only when argparse looks at
    them (a ``--lesson`` given, or the help printed): every other start is spared importing the
    lessons."""

    def __getitem__(self, index: int) -> str:  # type: ignore[override]
        return lesson_keys()[index]

    def __len__(self) -> int:
        return len(lesson_keys())


class UsageError(Exception):
    """A bad command line: the message is one plain sentence for the player."""


class _Parser(argparse.ArgumentParser):
    """argparse with errors as one plain sentence and exit code 2, no usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(_plain(message))


def _plain(message: str) -> str:
    text = message.strip()
    text = text[0].upper() + text[1:] if text else text
    return text if text.endswith(".") else text + "."


def _seed(text: str) -> int:
    if not text.strip().lstrip("-").isdigit():
        # Translators: a bad --seed value; argparse puts "argument --seed:" (the option) before it.
        raise argparse.ArgumentTypeError(_("it must be a whole number, not {value}").format(value=text))
    return int(text)


def _seconds(text: str) -> float:
    """``--pause``: seconds from 0 to the settings' longest pause."""
    from lcr_audio.settings import PAUSE

    return _seconds_between(PAUSE.low, PAUSE.high)(text)


def _seconds_between(low: float, high: float) -> Callable[[str], float]:
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
    """The main menu's first sentence was already said (:func:`_say_main_menu`)."""
    early: EarlyPlay | None = None
    """``play``'s first sentence was already said (:func:`_say_play_opening`)."""


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
    """The table of command words that :func:`build_parser` fills; a module adds its commands with a
    function taking this table (see :data:`REGISTRARS`)."""

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


def _add_game_commands(commands: Commands) -> None:
    """play, resume, practice, keep-score and rules."""
    play = commands.add(
        "play",
        Speaks(_run_play, check=table_from_options, needs_terminal=False, opening_first=True),
        # Translators: --help text of the play command.
        help=_("start a game at once, the table given by options"),
    )
    add_rule_flags(play)
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    play.add_argument("--names", help=_("the players' names in seat order, separated by commas"))
    play.add_argument(
        "--computer",
        default="rest",
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("computer seats: numbers such as 2,3, or all, or none (default: every seat but 1)"),
    )
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    play.add_argument("--seed", type=_seed, help=_("a number that makes the whole game repeatable"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    resume = commands.add("resume", Speaks(_run_resume), help=_("continue the saved game"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    resume.add_argument("file", nargs="?", help=_("a save file (default: the last game's autosave)"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    practice = commands.add("practice", Speaks(_run_practice), help=_("learn the rules by questions"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    lesson = practice.add_argument("--lesson", help=_("start with this lesson"))
    lesson.choices = _LessonKeys()  # after add_argument, which would read them at once to check the metavar
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    commands.add("keep-score", Speaks(_run_scorekeeper), help=_("keep score for a table with real dice"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    commands.add("rules", Speaks(_run_rules_reader), help=_("read the rules, section by section"))


def _add_record_commands(commands: Commands) -> None:
    """transcript and series: print what the last saved game left."""
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    commands.add("transcript", Prints(_print_transcript), help=_("print the last game's transcript"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    series = commands.add("series", Prints(_print_series), help=_("print the series score of the last table"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    series.add_argument("--csv", action="store_true", help=_("as CSV, for a spreadsheet"))


def _add_analysis_commands(commands: Commands) -> None:
    """odds and simulate (issue 15): :mod:`lcr_audio.game.analysis.cli`; numpy is imported when they run."""
    from lcr_audio.game.analysis import cli as analysis

    for name, add_arguments, run, help_text in analysis.COMMANDS:
        add_arguments(commands.add(name, Prints(_analysis(run)), help=help_text(), pacing=False))


def _analysis(
    run: Callable[[argparse.Namespace, analysis_cli.Report], int],
) -> Callable[[argparse.Namespace, TextIO], int]:
    """``run``, its bad input (one sentence) reported as a :class:`UsageError`. With the game's own voice
    on (``--speech``, else the mode chosen under Options: :func:`.own_voice.own_voice`) it says its
    progress and result aloud, the libraries' noise kept off the terminal (:func:`quiet_stderr`); the voice
    says the result to its end before the command ends, and stops at once on Control+C, which is said in
    one line."""

    def command(args: argparse.Namespace, stdout: TextIO) -> int:
        from lcr_audio.game.analysis.cli import BadInput, Report
        from lcr_audio.output.speech.own_voice import own_voice

        try:
            voice = own_voice(getattr(args, "speech", None))
            if voice is None:
                return run(args, Report(stdout, sys.stderr))
            with _stderr_kept() as stderr, quiet_stderr(log_path()):
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


@contextlib.contextmanager
def _stderr_kept() -> Iterator[TextIO]:
    """Standard error as it is now, to print progress lines to while :func:`quiet_stderr` sends what the
    libraries write there to the log (a copy of descriptor 2; on Windows, where only ``sys.stderr`` is
    swapped, ``sys.stderr`` itself)."""
    if sys.platform == "win32":
        yield sys.stderr
        return
    try:
        descriptor = os.dup(2)
    except OSError:  # no standard error: nowhere to print
        with open(os.devnull, "w", encoding="utf-8") as nowhere:
            yield nowhere
        return
    with open(descriptor, "w", encoding=sys.stderr.encoding or "utf-8", errors="replace") as stream:
        yield stream


def _add_online_commands(commands: Commands) -> None:
    """serve, host and join: online tables (docs/online.md)."""
    from .cli_online import DEFAULT_PORT

    port, seconds = int_between(0, 65535), _seconds_between(0, 3600)
    # Translators: --help text of the serve command.
    serve = commands.add("serve", Prints(_run_serve), help=_("run a server for online tables"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    serve.add_argument("--data", help=_("the folder where tables are kept (default: the game's data folder)"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    serve.add_argument("--cert", help=_("a TLS certificate file (PEM), for wss:// addresses"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    serve.add_argument("--key", help=_("the private key of --cert (PEM)"))
    serve.add_argument(
        "--away",
        type=seconds,
        default=60.0,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("seconds a turn waits for a player whose connection dropped (default 60)"),
    )
    serve.add_argument(
        "--pace",
        type=seconds,
        default=1.0,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("seconds between two computer players' decisions (default 1)"),
    )
    serve.add_argument(
        "--empty-lobby",
        type=_seconds_between(0, 7 * 24 * 3600),
        default=600.0,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_(
            "seconds a lobby nobody is connected to is kept, across restarts too, before it and its files "
            "are removed (default 600: 10 minutes)"
        ),
    )
    count = int_between(1, 100_000)
    serve.add_argument(
        "--connections-per-address",
        type=count,
        metavar="N",
        default=50,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("the most connections one client address may have at once (default 50)"),
    )
    serve.add_argument(
        "--tables-per-address",
        type=count,
        metavar="N",
        default=20,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("the most open tables, started or not, one client address may have opened (default 20)"),
    )
    serve.add_argument(
        "--lobbies-per-address",
        type=count,
        metavar="N",
        default=5,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("the most tables not yet started one client address may have opened (default 5)"),
    )
    serve.add_argument(
        "--guesses-per-address",
        type=int_between(1, 60),
        metavar="N",
        default=10,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_(
            "join codes that no table has one client address may send a minute before it must wait, "
            "longer each time (default 10)"
        ),
    )
    serve.add_argument(
        "--listeners-per-table",
        type=count,
        metavar="N",
        default=20,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("the most listeners (people without a seat) at one table (default 20)"),
    )
    serve.add_argument(
        "--listeners",
        type=count,
        metavar="N",
        default=2000,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("the most listeners at all tables together (default 2000)"),
    )
    serve.add_argument(
        "--hello-seconds",
        type=_seconds_between(1, 600),
        default=10.0,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("seconds a new connection has to join a table before it is closed (default 10)"),
    )
    serve.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_(
            "the address of a reverse proxy in front of the server: for its connections, the client address "
            "it adds to X-Forwarded-For counts for the limits (may be given more than once)"
        ),
    )
    serve.add_argument(
        "--status-seconds",
        type=seconds,
        default=60.0,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_(
            "seconds between two status lines in the log: tables, connections, refusals by reason "
            "(default 60; 0: none)"
        ),
    )
    serve.add_argument(
        "--log",
        metavar="FILE",
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_(
            "the log file, or - for standard error: the journal when systemd runs the server (default: "
            "lcr-audio.log in the game's log folder)"
        ),
    )
    from lcr_audio.web.flags import add_web_flags

    add_web_flags(serve)  # the browser client's (issue 24)
    # Translators: the end of lcr-audio serve --help: the limits that have no option. {tables},
    # {guesses}, {messages} and {kib} are numbers.
    serve.epilog = _(
        "Limits without an option: {tables} open tables in all, {guesses} wrong join codes a second from "
        "every address together, {messages} messages a second from one connection, and {kib} KiB waiting "
        "to be sent to one connection."
    ).format(tables=2000, guesses=20, messages=10, kib=256)
    host = commands.add(
        "host",
        Speaks(_run_host),
        # Translators: --help text of the host command.
        help=_("open an online table on this computer and join it"),
    )
    add_rule_flags(host)
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    host.add_argument("--names", help=_("the names at this keyboard, separated by commas"))
    for parser in (serve, host):
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        listen = _("the address to listen on (default: every one)")
        parser.add_argument("--host", default="0.0.0.0", help=listen)
        parser.add_argument(
            "--port",
            type=port,
            default=DEFAULT_PORT,
            # Translators: command-line help (--help) or message; option names and values stay as they are.
            help=_("the port, 0 for any free one (default 7655)"),
        )
    join = commands.add(
        "join",
        Speaks(_run_join),
        # Translators: --help text of the join command.
        help=_("join an online table by its address and code"),
    )
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    join.add_argument("address", help=_("the table's address, such as 192.168.1.20 or ws://example.org:7655"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    join.add_argument("code", help=_("the table's join code, or new to open a table on that server"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    join.add_argument("--names", help=_("the names at this keyboard, separated by commas"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    join.add_argument("--listen", action="store_true", help=_("only listen; take no seat"))


def _run_serve(args: argparse.Namespace, stdout: TextIO) -> int:
    """``lcr-audio serve``: its messages printed, everything else in the log."""
    from lcr_audio.cli_online import run_serve

    if args.log == "-":
        with log_to_stderr():
            return run_serve(args, stdout)
    with quiet_stderr(Path(args.log) if args.log else log_path()):
        return run_serve(args, stdout)


class _JournalFormatter(logging.Formatter):
    """Log lines for standard error; under systemd (``JOURNAL_STREAM`` set) each begins with its syslog
    priority (``<4>`` for a warning), which the journal reads as the line's priority and removes."""

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        if not os.environ.get("JOURNAL_STREAM"):
            return line
        priority = 3 if record.levelno >= logging.ERROR else 4 if record.levelno >= logging.WARNING else 6
        return f"<{priority}>{line}"


@contextlib.contextmanager
def log_to_stderr() -> Iterator[None]:
    """Send Python's logging to standard error, one line a record without the time (the journal adds it):
    ``lcr-audio serve --log -``."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_JournalFormatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield
    finally:
        root.removeHandler(handler)


async def _run_host(app: App, args: argparse.Namespace, start: Start) -> int:
    """``lcr-audio host``."""
    from lcr_audio.cli_online import OnlineUsageError, run_host

    try:
        return await run_host(app, args, rules_from_options(args, args.players or PLAYERS.default))
    except OnlineUsageError as error:
        raise UsageError(str(error)) from error


async def _run_join(app: App, args: argparse.Namespace, start: Start) -> int:
    """``lcr-audio join ADDRESS CODE``."""
    from lcr_audio.cli_online import OnlineUsageError, run_join

    try:
        return await run_join(app, args)
    except OnlineUsageError as error:
        raise UsageError(str(error)) from error


REGISTRARS: tuple[Callable[[Commands], None], ...] = (
    _add_game_commands,
    _add_record_commands,
    _add_analysis_commands,
    _add_online_commands,
)
"""The functions that add the command words, in the order ``--help`` lists them. A module with commands of
its own adds one here: a function taking :class:`Commands` (it should import its module's heavy parts
only inside the commands it adds, so that ``lcr-audio`` starts speaking as soon as it does today)."""


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser: ``lcr-audio [GLOBAL OPTIONS] [COMMAND [OPTIONS]]``; each command's parser
    holds its :data:`Command` as ``func``, and no command word runs the main menu."""
    return _build()[0]


def _build() -> tuple[argparse.ArgumentParser, Commands]:
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
    parser.set_defaults(func=Speaks(_run_main_menu, menu_first=True))
    commands = Commands(parser)
    for register in REGISTRARS:
        register(commands)
    return parser, commands


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """Parse a command line; ``args.func`` is the :data:`Command` to run.

    Raises:
        UsageError: a bad command line (one sentence), such as an option given to a command it is not for.
    """
    parser, commands = _build()
    misplaced = _misplaced_option(parser, commands.parsers(), argv)
    if misplaced:
        raise UsageError(misplaced)
    return parser.parse_args(argv)


def _options(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return parser._option_string_actions  # argparse keeps no public map of a parser's option names


def _misplaced_option(
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


@contextlib.contextmanager
def quiet_stderr(log_file: Path) -> Iterator[None]:
    """Send everything written to file descriptor 2 (ALSA, speech libraries, warnings) to ``log_file``.

    A screen reader reads every line on the terminal, so during play nothing but the game's own sentences
    may reach it (DESIGN.md §3). Python's logging goes to the same file. On Windows only Python's
    ``sys.stderr`` is redirected: swapping descriptor 2 there breaks later writes to it and may close the
    console handles prompt_toolkit holds (issue 11).
    """
    descriptor = sys.platform != "win32"
    try:
        saved = os.dup(2) if descriptor else -1
    except OSError:  # no stderr at all: nothing to protect
        yield
        return
    try:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        sink = log_file.open("a", encoding="utf-8", errors="replace")
    except OSError:  # the log folder cannot be written: the game goes on without a log, quietly
        sink = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (closed by the with below)
    with contextlib.ExitStack() as undo:
        undo.callback(_close_quietly, sink)  # a full disk fails the last write: the log loses it, quietly
        if descriptor:
            os.dup2(sink.fileno(), 2)
        else:
            undo.enter_context(contextlib.redirect_stderr(sink))
        handler = logging.StreamHandler(sink)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root = logging.getLogger()
        root.addHandler(handler)
        root.setLevel(logging.INFO)
        # A crash's report goes to the log too; and with these handlers in place, pygame's own ("parachute",
        # which prints "Fatal Python error") leaves SIGSEGV, SIGBUS and SIGFPE alone (issue 13, item 7).
        with contextlib.suppress(AttributeError, RuntimeError, ValueError):  # no usable sys.stderr
            faulthandler.enable()
        try:
            yield
        finally:
            faulthandler.disable()
            root.removeHandler(handler)
            with contextlib.suppress(OSError, ValueError):  # a full disk: the log loses it, quietly
                sys.stderr.flush()
            if descriptor:
                os.dup2(saved, 2)
                os.close(saved)


def _close_quietly(stream: TextIO) -> None:
    """Close ``stream`` (the log); a write that fails as it closes (a full disk) is lost, never raised: no
    traceback may reach the screen (issue 21, item 10)."""
    try:
        stream.close()
    except (OSError, ValueError):
        with contextlib.suppress(OSError, ValueError):
            stream.close()  # the buffer was dropped by the failed flush; this closes the file itself


def log_path() -> Path:
    """Where the game writes its log (the user's log folder, from platformdirs; ``storage.log_dir``)."""
    from lcr_audio.storage import log_dir

    return log_dir() / "lcr-audio.log"


@dataclass(frozen=True)
class _Voice:
    """What a speaking command speaks and plays with, made (and its first sentence said) before asyncio,
    prompt_toolkit and the screens are imported (:func:`_speaking`)."""

    console: Console
    speaker: Speaker
    sound: SoundPlayer
    settings: Settings
    interactive: bool
    """Keys come from a terminal."""
    said: SaidOffer | bool
    """The main menu's first sentence was said (:func:`_say_main_menu`)."""
    early: EarlyPlay | None
    """``play``'s first sentence was said (:func:`_say_play_opening`)."""


@contextlib.contextmanager
def _speaking(
    command: Speaks, args: argparse.Namespace, stdout: TextIO, notices: Sequence[str]
) -> Iterator[_Voice]:
    """The game's speech and sound for a command that speaks, with ``notices`` said first, and the main
    menu's first sentence said at once; the terminal is held and put back at the end, where the speech is
    drained and closed. Nothing here imports asyncio or prompt_toolkit: the first sentence comes before
    them (issue 21, item 12)."""
    from lcr_audio.output.sound import SoundPlayer
    from lcr_audio.output.speech import create_speaker
    from lcr_audio.settings import load_settings
    from lcr_audio.tui.console import Console

    console = Console(stdout)
    problems: list[str] = list(notices)
    settings, problem = load_settings()
    if problem:
        problems.append(problem)
    speaker = create_speaker(
        SpeechMode(getattr(args, "speech", settings.speech)),  # --speech for this run, else Options' mode
        print_line=console.line,
        echo=settings.echo,
        braille=settings.braille,
    )
    speaker.tune(settings.rate, settings.voice)
    from lcr_audio.narration.elision import elide

    speaker.polish = elide  # "d'Ana" in French, "ad Ana" in Italian, wherever a sentence comes from
    sound = SoundPlayer(volume=settings.volume, enabled=settings.sounds)  # opens nothing yet
    # The sound device opens once the first sentence is out: looking for it takes up to a tenth of a second.
    speaker.after_first_utterance(sound.open_in_background)
    try:
        for problem in problems:
            speaker.speak(problem)
        interactive = sys.stdin.isatty()
        with contextlib.ExitStack() as held:
            from lcr_audio.tui import terminal

            # Flow control off and the mode put back at the end, on the terminal the keys come from, or else
            # the one the game prints to (a Control+S typed there would stop its output for good).
            terminal_fd = next((fd for fd in (0, 1) if os.isatty(fd)), -1)
            held.enter_context(terminal.held(terminal_fd))
            said = command.menu_first and interactive and _say_main_menu(speaker, held)
            early = _say_play_opening(args, speaker, settings, held) if command.opening_first else None
            if said or early:  # the first sentence is out: what the next ones need, Babel's data, is read now
                from lcr_audio.narration.lists import warm

                warm()
            yield _Voice(console, speaker, sound, settings, interactive, said, early)
    finally:
        try:
            console.finish_line()
        except OSError as error:  # the terminal was closed (SIGHUP): there is no line left to end
            log.info("The terminal is gone: %s", error)
        speaker.close(drain_seconds=DRAIN_SECONDS)
        sound.close()


async def _interactive(command: Speaks, args: argparse.Namespace, stdout: TextIO, voice: _Voice) -> int:
    """Run a command that speaks, with the game's speech and sound (``voice``) and keys."""
    import asyncio

    # The key input and the screens come after the first sentence: prompt_toolkit's package imports
    # its whole application layer, a good part of the time to the first sentence (issue 10, item 9).
    from prompt_toolkit.input import DummyInput, Input, create_input
    from prompt_toolkit.output import Output, create_output

    from lcr_audio.app import App, handle_signals

    interactive = voice.interactive
    keys: Input = create_input() if interactive else DummyInput()
    output: Output | None = create_output(stdout=stdout) if interactive else None
    pause = 0.0 if getattr(args, "fast", False) else getattr(args, "pause", voice.settings.pause)
    app = App(voice.console, voice.speaker, keys, output, voice.settings, voice.sound, pause)
    with handle_signals(app, asyncio.current_task()):
        if command.needs_terminal and not interactive:
            raise _terminal_needed()
        return await command.run(app, args, Start(interactive, voice.said, voice.early))


def _terminal_needed() -> UsageError:
    return UsageError(
        # Translators: a command that asks questions was started without a terminal.
        _("This needs a terminal to answer its questions; use lcr-audio play with options instead.")
    )


@contextlib.contextmanager
def _keys_held(fileno: int) -> Iterator[bool]:
    """Keys typed before the key loop reads them are held as it reads them: not echoed, Enter not turned
    into a line feed, Control+C a key (the terminal mode of prompt_toolkit's ``raw_mode``, whose key loops
    keep it then). The terminal's own mode comes back at the end. Yields False, changing nothing, where
    ``fileno`` is no POSIX terminal.
    """
    try:
        import termios
        import tty
    except ImportError:  # not POSIX: prompt_toolkit's Windows console input
        yield False
        return
    try:
        before = termios.tcgetattr(fileno)
    except termios.error:
        yield False
        return
    raw = termios.tcgetattr(fileno)
    raw[tty.LFLAG] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN | termios.ISIG)
    raw[tty.IFLAG] &= ~(termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR)
    raw[tty.CC][termios.VMIN] = 1
    termios.tcsetattr(fileno, termios.TCSANOW, raw)
    try:
        yield True
    finally:
        with contextlib.suppress(termios.error):
            termios.tcsetattr(fileno, termios.TCSANOW, before)


def _say_main_menu(speaker: Speaker, held: contextlib.ExitStack) -> SaidOffer | bool:
    """Say the main menu's first sentence now, before the key input is ready: the question about the saved
    game if there is one to ask, else the menu's opening. Then the keys are held (:func:`_keys_held`) until
    ``held`` closes, so that a key typed at once reaches the menu as typed; keys typed before the question
    was said are dropped (they never answer it). Returns the question said, True when the menu's opening
    was said, False when nothing was said (no POSIX terminal).

    Called before prompt_toolkit and the screens are imported, to get the first sentence out sooner.
    """
    from lcr_audio.game.saves import default_save_path
    from lcr_audio.narration.saved_offer import SaidOffer, saved_game_offer
    from lcr_audio.tui.menu_text import main_menu_opening

    if not held.enter_context(_keys_held(sys.stdin.fileno())):
        return False
    import termios  # there is one: _keys_held found a POSIX terminal

    offer = saved_game_offer(default_save_path())
    if offer is None:
        speaker.speak(main_menu_opening(), interrupt=True)  # as the menu's own opening (SpeakerVoice.answer)
        return True
    with contextlib.suppress(termios.error):
        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    said = SaidOffer(offer, time.monotonic())
    speaker.speak(offer.question, interrupt=True)  # as the question's own (YesNo.opened)
    return said


def _say_play_opening(
    args: argparse.Namespace, speaker: Speaker, settings: Settings, held: contextlib.ExitStack
) -> EarlyPlay | None:
    """Say ``lcr-audio play``'s first sentence now, before the key input and the screens are imported (they
    take most of the time to it): the rules' summary for a variant, else the game's opening, worked out as
    the play screen's narrator will. Then the keys are held, as for the main menu (:func:`_keys_held`).
    Returns what was said, or None, saying nothing, where something else may have to come first (a saved
    game to offer or replace) or there is no POSIX terminal.
    """
    from lcr_audio.game.saves import default_save_path
    from lcr_audio.game.session import Session, new_seed
    from lcr_audio.narration import Narrator
    from lcr_audio.verbosity import Verbosity

    rules, players = table_from_options(args)
    if any(p.human for p in players) and default_save_path().exists():
        return None  # the saved game is asked about first (App.offer_saved_game, App.may_replace)
    if not held.enter_context(_keys_held(sys.stdin.fileno())):
        return None
    seed = new_seed() if args.seed is None else args.seed
    if rules != Rules(players=rules.players, chips=rules.chips):
        from lcr_audio.narration.rules_summary import rules_summary

        summary = rules_summary(rules)
        speaker.speak(summary)
        return EarlyPlay(seed, summary, summary=True)
    session = Session(rules, players, seed)
    narrator = Narrator(
        session.names,
        session.humans,
        verbosity=Verbosity(settings.verbosity),
        physical=session.physical,
        computers=session.computers,
        careful=[seat for seat, player in enumerate(session.players) if player.policy.careful],
    )
    utterances = narrator.narrate(session.opening, session.state)
    if not utterances or utterances[0].cues:
        return None
    speaker.speak(utterances[0].text)
    return EarlyPlay(seed, utterances[0].text, summary=False)


async def _run_play(app: App, args: argparse.Namespace, start: Start) -> int:
    """``lcr-audio play``: the table from the options, at once."""
    rules, players = table_from_options(args)
    if any(p.human for p in players) and not start.interactive:
        raise UsageError(
            # Translators: people were seated but the game has no keyboard (input is not a terminal).
            _("People are seated but there is no keyboard to play with; use --computer all to watch.")
        )
    if any(p.human for p in players):  # Y continues the saved game instead; N lets this one replace it
        from lcr_audio.tui.host import NotContinued

        if await app.continue_saved_game() is not NotContinued.NEW:
            return 0
    early = start.early
    if rules != Rules(players=rules.players, chips=rules.chips) and not (early and early.summary):
        from lcr_audio.narration.rules_summary import rules_summary

        app.speaker.speak(rules_summary(rules))  # a variant: say which, first
    if early is None:
        await app.play_new(rules, players, args.seed)
    else:
        await app.play_new(rules, players, early.seed, said_early=None if early.summary else early.text)
    return 0


async def _run_resume(app: App, args: argparse.Namespace, start: Start) -> int:
    """``lcr-audio resume [FILE]``: continue a saved game."""
    from lcr_audio.game.saves import SaveError, load

    path = Path(args.file) if args.file else app.save_path
    try:
        loaded = load(path)
    except SaveError as error:
        app.speaker.speak(str(error))
        return 1
    if loaded.over:
        # Translators: lcr-audio resume found a game that had already ended.
        app.speaker.speak(_("That game is over; there is nothing to continue."))
        return 1
    await app.resume(loaded, path)
    return 0


async def _run_practice(app: App, args: argparse.Namespace, start: Start) -> int:
    """``lcr-audio practice [--lesson KEY]``."""
    from lcr_audio.tui.practice import run_practice

    await run_practice(app, args.lesson)
    return 0


async def _run_scorekeeper(app: App, args: argparse.Namespace, start: Start) -> int:
    """``lcr-audio keep-score``."""
    from lcr_audio.tui.scorekeeper import run_scorekeeper
    from lcr_audio.tui.setup import SetupCancelled

    with contextlib.suppress(SetupCancelled):
        await run_scorekeeper(app)
    return 0


async def _run_rules_reader(app: App, args: argparse.Namespace, start: Start) -> int:
    """``lcr-audio rules``."""
    from lcr_audio.tui.reader import run_rules_reader

    await run_rules_reader(app, None)
    return 0


async def _run_main_menu(app: App, args: argparse.Namespace, start: Start) -> int:
    """``lcr-audio`` with no command word."""
    from lcr_audio.tui.main_menu import run_main_menu

    await run_main_menu(app, said=start.said)
    return 0


def _print_transcript(args: argparse.Namespace, stdout: TextIO) -> int:
    """``lcr-audio transcript``: print the transcript of the game played last, of any kind.

    Raises:
        UsageError: there is none yet, or it cannot be read (one sentence).
    """
    from lcr_audio.game.autosave import transcript_path
    from lcr_audio.game.saves import default_save_path, latest_autosave
    from lcr_audio.names import printable
    from lcr_audio.storage import display_path, reason

    stdout = utf8_when_redirected(stdout)
    path = transcript_path(latest_autosave() or default_save_path())
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        # Translators: lcr-audio transcript found no transcript.
        raise UsageError(_("There is no transcript yet: play a game first.")) from None
    except OSError as error:
        # Translators: lcr-audio transcript could not read the file; {path} is it, {reason} says why
        # ("the game is not allowed to use that folder").
        message = _("The transcript {path} could not be read: {reason}.")
        raise UsageError(message.format(path=display_path(path), reason=reason(error))) from None
    stdout.write("".join(printable(line) + "\n" for line in text.splitlines()))  # no escape sequences
    return 0


def _print_series(args: argparse.Namespace, stdout: TextIO) -> int:
    """``lcr-audio series [--csv]``: print the series score of the last saved table.

    Raises:
        UsageError: there is nothing saved yet, or the save cannot be read (one sentence).
    """
    from lcr_audio.game.autosave import series_csv
    from lcr_audio.game.saves import Problem, SaveError, default_save_path, latest_autosave, load
    from lcr_audio.names import clean_name
    from lcr_audio.narration.series import series_text

    stdout = utf8_when_redirected(stdout)
    try:
        loaded = load(latest_autosave() or default_save_path())  # the game played last, of any kind
    except SaveError as error:
        if error.problem is Problem.MISSING:
            # Translators: the series scores were asked for before any game was saved.
            raise UsageError(_("No series yet: the scores start with your first game.")) from None
        raise UsageError(str(error)) from None
    names = [clean_name(name) for name in loaded.names]  # load cleans them too: printed, nothing leaks
    if args.csv:
        stdout.write(series_csv(names, loaded.series))
    else:
        stdout.write(series_text(names, loaded.series) + "\n")
    return 0


def utf8_when_redirected(stream: TextIO) -> TextIO:
    """``stream``, writing UTF-8 when it is not a terminal (``transcript > file``): a file gets the same bytes
    whatever the console's code page (cp1252 on Windows would turn Cyrillic names into "?"). A terminal
    keeps its own encoding (Windows' console takes any character)."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        if not stream.isatty():
            stream.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[attr-defined]
    return stream


def _not_written(error: OSError) -> str:
    """The sentence for a printed result that could not be written where it was sent (``> file``)."""
    from lcr_audio.storage import reason

    # Translators: a command's printed result (transcript, series, odds...) could not be written where it
    # was sent, such as a file; {reason} says why ("the disk is full").
    return _("The result could not be written: {reason}.").format(reason=reason(error))


def _something_went_wrong() -> str:
    from lcr_audio.storage import display_path

    # Translators: the last resort; {path} is the log file's path.
    message = _("Something went wrong and the game had to stop. The details are in {path}.")
    return message.format(path=display_path(log_path()))


def _say_on_stderr(sentence: str) -> None:
    """Print ``sentence`` on standard error; if even that cannot be written, nothing is (never a
    traceback)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(sentence, file=sys.stderr, flush=True)


def _silence_stdout() -> None:
    """Point stdout at the null device, so that Python's last flush cannot fail on a closed pipe."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _peek_lang(argv: Sequence[str]) -> str | None:
    """The ``--lang`` value, read before the parser is built (its help text must already be translated)."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
    return None


class LanguageChoice(NamedTuple):
    """The language in force and what to tell the player about it."""

    code: str
    """The language code in force ("en" when nothing else matches)."""
    notices: tuple[str, ...]
    """Sentences to say once the game can speak (a --lang the game does not have)."""


def choose_language(argv: Sequence[str]) -> LanguageChoice:
    """Set the game's language: ``--lang``, else the one saved in the settings, else the system's (issue
    7)."""
    from lcr_audio.i18n import SOURCE_LANGUAGE, set_language, system_language
    from lcr_audio.settings import peek_language

    asked = _peek_lang(argv)
    chosen = set_language(asked or peek_language() or system_language())
    if asked and chosen == SOURCE_LANGUAGE and asked.split("_")[0].split("-")[0].lower() != SOURCE_LANGUAGE:
        # Translators: --lang named a language the game has no catalog for; {language} is what was typed.
        notice = _("There is no translation for {language} yet, so the game speaks English.")
        return LanguageChoice(chosen, (notice.format(language=asked),))
    return LanguageChoice(chosen, ())


def _quit_as_term(signum: int, frame: object) -> None:
    """SIGQUIT (Control+\\ between screens, ``kill -QUIT``) is taken as SIGTERM: the game under way is saved
    and the terminal put back, instead of a core dump with the keyboard left raw (issue 13, item 7)."""
    os.kill(os.getpid(), signal.SIGTERM)


def _leave(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP where no screen handles them (starting, leaving): unwind as Control+C does, so
    that every ``finally`` puts back what it changed (the terminal first), and end with code 130."""
    raise KeyboardInterrupt


_SIGNALS = {"SIGTERM": _leave, "SIGHUP": _leave, "SIGQUIT": _quit_as_term}
"""The signals the program handles from start to end (the game's screens handle SIGTERM and SIGHUP their own
way while they run: :func:`lcr_audio.app.handle_signals`)."""


def _standard_streams() -> TextIO:
    """The stream the game prints to. A standard stream closed at the start (``>&-``, ``2>&-``, ``<&-``) is
    opened on the null device: its descriptor is filled, so that no file the game opens later (a save, the
    log) lands on it and receives what libraries write there, and nothing fails on a missing stream, so the
    exit code stays the game's (issue 13, item 6)."""
    for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        try:
            os.fstat(fd)
        except OSError:  # descriptor closed: fill it with the null device
            with contextlib.suppress(OSError):
                devnull = os.open(os.devnull, os.O_RDWR)
                if devnull != fd:
                    os.dup2(devnull, fd)
                    os.close(devnull)
        if getattr(sys, name) is None:
            with contextlib.suppress(OSError):
                setattr(sys, name, open(fd, mode, encoding="utf-8", closefd=False))  # noqa: SIM115
    return sys.stdout


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``lcr-audio`` with ``argv`` (default: the real command line). Returns the exit code.

    Run as the program (``argv`` None), once the game is over (saved, the terminal put back) a late
    Control+C or signal no longer kills the process as Python shuts down: it would leave a killed status
    for the shell, or with Python's own handler a traceback (issue 13, items 6 and 9).
    """
    previous: dict[int, Any] = {}
    for name, handler in _SIGNALS.items():
        with contextlib.suppress(AttributeError, ValueError):  # not on Windows; not the main thread
            sig = getattr(signal, name)
            previous[sig] = signal.signal(sig, handler)
    try:
        return _main(argv)
    except KeyboardInterrupt:  # Control+C or a signal before the game could handle it: leave quietly
        return 130
    except Exception:  # a fault nobody foresaw, outside the game's own guard: one sentence (issue 21)
        with quiet_stderr(log_path()):  # the details go to the log, never to the screen
            log.exception("The program stopped on an error")
        _say_on_stderr(_something_went_wrong())
        return 1
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, signal.SIG_IGN if argv is None else handler)
        if argv is None:
            with contextlib.suppress(ValueError):
                signal.signal(signal.SIGINT, signal.SIG_IGN)


def _cancelled() -> type[BaseException]:
    """asyncio's ``CancelledError`` once asyncio is imported (after the first sentence), else
    ``KeyboardInterrupt`` (nothing can have been cancelled yet)."""
    asyncio = sys.modules.get("asyncio")
    return cast(type[BaseException], asyncio.CancelledError) if asyncio is not None else KeyboardInterrupt


def _main(argv: Sequence[str] | None) -> int:
    stdout = _standard_streams()
    # The key input is prompt_toolkit's, never its screen renderer: no cursor-position request may ever be
    # sent, nor its warning printed where a terminal does not answer them (issue 13, item 6).
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
    with contextlib.suppress(AttributeError, ValueError):  # a name the terminal cannot show must not crash
        stdout.reconfigure(errors="replace")  # type: ignore[attr-defined]
        sys.stderr.reconfigure(errors="replace")  # type: ignore[union-attr]
    argv = list(sys.argv[1:] if argv is None else argv)
    notices = choose_language(argv).notices
    try:
        args = parse_arguments(argv)
        command = cast(Command, args.func)
        if isinstance(command, Prints):
            try:
                return command.run(args, stdout)
            except BrokenPipeError:  # the reader went away (| head): stop quietly, as the games do
                _silence_stdout()
                return 0
            except OSError as error:  # "> file" on a full disk: one sentence, never a traceback
                _silence_stdout()
                _say_on_stderr(_not_written(error))
                return 1
        if command.check is not None:
            command.check(args)  # report option conflicts before anything starts
    except UsageError as error:
        print(str(error), file=sys.stderr)
        return 2
    with quiet_stderr(log_path()):
        try:
            with _speaking(command, args, stdout, notices) as voice:
                import asyncio  # after the main menu's first sentence: it takes tens of milliseconds

                code = asyncio.run(_interactive(command, args, stdout, voice))
            stdout.flush()
            return code
        except BrokenPipeError:  # the reader of our output went away (| head): stop quietly
            _silence_stdout()
            return 0
        except UsageError as error:
            stdout.write(str(error) + "\n")
            return 2
        except (KeyboardInterrupt, _cancelled()):  # a signal outside a game: already cleaned up
            return 130
        except Exception:
            log.exception("The game stopped on an error")
            with contextlib.suppress(OSError, ValueError):
                stdout.write(_something_went_wrong() + "\n")
            return 1


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = [
    "Command",
    "Commands",
    "Prints",
    "Speaks",
    "Start",
    "UsageError",
    "build_parser",
    "main",
    "parse_arguments",
    "table_from_options",
]
