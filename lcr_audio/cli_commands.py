"""What the command words run (DESIGN.md §3): the game's commands (play, resume, practice, keep-score,
rules, the main menu), the records (transcript, series) and the online table's (serve, host, join), each
with the function that adds its words and options to the parser's :class:`~lcr_audio.cli_parser.Commands`.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from lcr_audio.cli_parser import (
    Commands,
    Prints,
    Speaks,
    Start,
    UsageError,
    parse_seed,
    rules_from_options,
    seconds_between,
    table_from_options,
)
from lcr_audio.cli_process import log_path, log_to_stderr, quiet_stderr, utf8_when_redirected
from lcr_audio.engine import Rules
from lcr_audio.i18n import _
from lcr_audio.rule_options import PLAYERS, add_rule_flags, int_between

if TYPE_CHECKING:
    from lcr_audio.app import App


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


def add_game_commands(commands: Commands) -> None:
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
    play.add_argument("--seed", type=parse_seed, help=_("a number that makes the whole game repeatable"))
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
    reader = Speaks(_run_rules_reader, needs_terminal=False)  # printed whole without a terminal
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    commands.add("rules", reader, help=_("read the rules, section by section"))


def add_record_commands(commands: Commands) -> None:
    """transcript and series: print what the last saved game left."""
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    commands.add("transcript", Prints(_print_transcript), help=_("print the last game's transcript"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    series = commands.add("series", Prints(_print_series), help=_("print the series score of the last table"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    series.add_argument("--csv", action="store_true", help=_("as CSV, for a spreadsheet"))


def add_online_commands(commands: Commands) -> None:
    """serve, host and join: online tables (docs/online.md)."""
    from .cli_online import DEFAULT_PORT

    port, seconds = int_between(0, 65535), seconds_between(0, 3600)
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
        type=seconds_between(0, 7 * 24 * 3600),
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
        "--new-connections-per-address",
        type=count,
        metavar="N",
        default=20,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_(
            "new connections one client address may open a second, after a burst of twice as many; more are "
            "refused with HTTP 429 before the WebSocket handshake (default 20)"
        ),
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
        type=seconds_between(1, 600),
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

    if not (
        start.interactive and sys.stdout.isatty()
    ):  # no keys or no screen (| head): every section, printed
        from lcr_audio.narration.rules_text import sections

        stdout = utf8_when_redirected(sys.stdout)
        stdout.write(
            "\n\n".join("\n".join((section.title, *section.paragraphs)) for section in sections()) + "\n"
        )
        stdout.flush()
        return 0
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


MAIN_MENU = Speaks(_run_main_menu, menu_first=True)
"""``lcr-audio`` with no command word: the main menu, its first sentence said before the key input is
ready (issue 10, item 9)."""
