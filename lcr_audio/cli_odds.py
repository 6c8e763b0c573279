"""``lcr-audio odds`` and ``lcr-audio simulate`` (issue 15, item 2): their command words, run with the game's
own voice where the player has it on."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from lcr_audio.cli_parser import Commands, Prints, UsageError
from lcr_audio.cli_process import DRAIN_SECONDS, log_path, quiet_stderr, stderr_kept
from lcr_audio.i18n import _

if TYPE_CHECKING:
    from lcr_audio.game.analysis import cli as analysis_cli


def add_odds_commands(commands: Commands) -> None:
    """odds and simulate (issue 15): :mod:`lcr_audio.game.analysis.cli`; numpy is imported when they run."""
    from lcr_audio.game.analysis import cli as analysis

    for name, add_arguments, run, help_text in analysis.COMMANDS:
        add_arguments(commands.add(name, Prints(_analysis(run)), help=help_text(), pacing=False))


def _analysis(
    run: Callable[[argparse.Namespace, analysis_cli.Report], int],
) -> Callable[[argparse.Namespace, TextIO], int]:
    """``run``, its bad input (one sentence) reported as a :class:`UsageError`. With the game's own voice
    on (``--speech``, else the mode chosen under Options: :func:`.own_voice.own_voice`) it says its
    progress and result aloud, the libraries' noise kept off the terminal (:func:`.cli_process.quiet_stderr`); the voice
    says the result to its end before the command ends, and stops at once on Control+C, which is said in
    one line."""

    def command(args: argparse.Namespace, stdout: TextIO) -> int:
        from lcr_audio.game.analysis.cli import BadInput, Report
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
