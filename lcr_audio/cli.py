"""The ``lcr-audio`` command (DESIGN.md §3).

``lcr-audio`` asks the setup questions and plays; ``lcr-audio play`` takes the table from its options and
starts at once. Output options (``--speech``) work with every command. A bad option gets one plain
sentence and exit code 2.

:func:`main` is the program (started by :mod:`lcr_audio.launch`). The rest is split by concern: the parser
and the table of command words (:mod:`.cli_parser`), the process set-up (:mod:`.cli_process`: streams,
standard error and the log, signals, the raw terminal, the language), the voice and first sentence of a
command that speaks (:mod:`.cli_speaking`), and what the command words run (:mod:`.cli_commands`,
:mod:`.cli_odds`, :mod:`.cli_online`).
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys
from collections.abc import Callable, Sequence
from typing import cast

from lcr_audio.cli_commands import MAIN_MENU, add_game_commands, add_online_commands, add_record_commands
from lcr_audio.cli_odds import add_odds_commands
from lcr_audio.cli_parser import (
    Command,
    Commands,
    Prints,
    Speaks,
    Start,
    UsageError,
    build,
    misplaced_option,
    table_from_options,
)
from lcr_audio.cli_process import (
    DRAIN_SECONDS,
    choose_language,
    log_path,
    not_written,
    quiet_stderr,
    say_on_stderr,
    set_up_streams,
    signals_handled,
    silence_stdout,
    something_went_wrong,
    utf8_when_redirected,
)
from lcr_audio.cli_speaking import run_speaking, speaking

log = logging.getLogger("lcr_audio")

REGISTRARS: tuple[Callable[[Commands], None], ...] = (
    add_game_commands,
    add_record_commands,
    add_odds_commands,
    add_online_commands,
)
"""The functions that add the command words, in the order ``--help`` lists them. A module with commands of
its own adds one here: a function taking :class:`Commands` (it should import its module's heavy parts
only inside the commands it adds, so that ``lcr-audio`` starts speaking as soon as it does today)."""


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser: ``lcr-audio [GLOBAL OPTIONS] [COMMAND [OPTIONS]]``; each command's parser
    holds its :data:`Command` as ``func``, and no command word runs the main menu."""
    return _build()[0]


def _build() -> tuple[argparse.ArgumentParser, Commands]:
    """The parser with every command word of :data:`REGISTRARS`, and their table."""
    return build(REGISTRARS, MAIN_MENU)


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """Parse a command line; ``args.func`` is the :data:`Command` to run.

    Raises:
        UsageError: a bad command line (one sentence), such as an option given to a command it is not for.
    """
    parser, commands = _build()
    misplaced = misplaced_option(parser, commands.parsers(), argv)
    if misplaced:
        raise UsageError(misplaced)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``lcr-audio`` with ``argv`` (default: the real command line). Returns the exit code.

    Run as the program (``argv`` None), once the game is over (saved, the terminal put back) a late
    Control+C or signal no longer kills the process as Python shuts down: it would leave a killed status
    for the shell, or with Python's own handler a traceback (issue 13, items 6 and 9).
    """
    with signals_handled(program=argv is None):
        try:
            return _main(argv)
        except KeyboardInterrupt:  # Control+C or a signal before the game could handle it: leave quietly
            return 130
        except Exception:  # a fault nobody foresaw, outside the game's own guard: one sentence (issue 21)
            with quiet_stderr(log_path()):  # the details go to the log, never to the screen
                log.exception("The program stopped on an error")
            say_on_stderr(something_went_wrong())
            return 1


def _cancelled() -> type[BaseException]:
    """asyncio's ``CancelledError`` once asyncio is imported (after the first sentence), else
    ``KeyboardInterrupt`` (nothing can have been cancelled yet)."""
    asyncio = sys.modules.get("asyncio")
    return cast(type[BaseException], asyncio.CancelledError) if asyncio is not None else KeyboardInterrupt


def _main(argv: Sequence[str] | None) -> int:
    stdout = set_up_streams()
    argv = list(sys.argv[1:] if argv is None else argv)
    notices = choose_language(argv).notices
    try:
        args = parse_arguments(argv)
        command = cast(Command, args.func)
        if isinstance(command, Prints):
            try:
                return command.run(args, stdout)
            except BrokenPipeError:  # the reader went away (| head): stop quietly, as the games do
                silence_stdout()
                return 0
            except OSError as error:  # "> file" on a full disk: one sentence, never a traceback
                silence_stdout()
                say_on_stderr(not_written(error))
                return 1
        if command.check is not None:
            command.check(args)  # report option conflicts before anything starts
    except UsageError as error:
        print(str(error), file=sys.stderr)
        return 2
    with quiet_stderr(log_path()):
        try:
            with speaking(command, args, stdout, notices) as voice:
                import asyncio  # after the main menu's first sentence: it takes tens of milliseconds

                code = asyncio.run(run_speaking(command, args, stdout, voice))
            stdout.flush()
            return code
        except BrokenPipeError:  # the reader of our output went away (| head): stop quietly
            silence_stdout()
            return 0
        except UsageError as error:
            stdout.write(str(error) + "\n")
            return 2
        except (KeyboardInterrupt, _cancelled()):  # a signal outside a game: already cleaned up
            return 130
        except Exception:
            log.exception("The game stopped on an error")
            with contextlib.suppress(OSError, ValueError):
                stdout.write(something_went_wrong() + "\n")
            return 1


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = [
    "DRAIN_SECONDS",
    "REGISTRARS",
    "Command",
    "Commands",
    "Prints",
    "Speaks",
    "Start",
    "UsageError",
    "build_parser",
    "choose_language",
    "log_path",
    "main",
    "parse_arguments",
    "quiet_stderr",
    "table_from_options",
    "utf8_when_redirected",
]
