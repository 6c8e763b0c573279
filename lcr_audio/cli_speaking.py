"""A command that speaks (:class:`~lcr_audio.cli_parser.Speaks`) gets its voice, sound and keys here: the
speech and sound made and the first sentence said (the main menu's, or ``play``'s) before asyncio,
prompt_toolkit and the screens are imported (issue 21, item 12), then the application run with them.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from lcr_audio.cli_parser import EarlyPlay, Speaks, Start, UsageError, table_from_options
from lcr_audio.cli_process import DRAIN_SECONDS, keys_held
from lcr_audio.engine import Rules
from lcr_audio.i18n import _
from lcr_audio.output.speech.base import SpeechMode

if TYPE_CHECKING:
    from lcr_audio.narration.saved_offer import SaidOffer
    from lcr_audio.output.sound import SoundPlayer
    from lcr_audio.output.speech import Speaker
    from lcr_audio.settings import Settings
    from lcr_audio.tui.console import Console

log = logging.getLogger("lcr_audio")


@dataclass(frozen=True)
class _Voice:
    """What a speaking command speaks and plays with, made (and its first sentence said) before asyncio,
    prompt_toolkit and the screens are imported (:func:`speaking`)."""

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
def speaking(
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


async def run_speaking(command: Speaks, args: argparse.Namespace, stdout: TextIO, voice: _Voice) -> int:
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
            raise _terminal_needed(None if command.menu_first else getattr(args, "command", None))
        return await command.run(app, args, Start(interactive, voice.said, voice.early))


def _terminal_needed(command: str | None) -> UsageError:
    """The one sentence for a command that reads keys started without a terminal: the main menu's
    (``command`` None) points to ``play`` with options, which needs none; another command's says what it
    needs."""
    if command is None:
        return UsageError(
            # Translators: the main menu (lcr-audio without a command) was started without a terminal.
            _("This needs a terminal to answer its questions; use lcr-audio play with options instead.")
        )
    # Translators: a command that reads keys (join, practice, resume...) was started without a terminal (its
    # input redirected); {command} is the whole command, such as "lcr-audio join".
    sentence = _(
        "{command} needs a terminal to read your keys; start it in a terminal, with nothing piped into it."
    )
    return UsageError(sentence.format(command=f"lcr-audio {command}"))


def _say_main_menu(speaker: Speaker, held: contextlib.ExitStack) -> SaidOffer | bool:
    """Say the main menu's first sentence now, before the key input is ready: the question about the saved
    game if there is one to ask, else the menu's opening. Then the keys are held
    (:func:`.cli_process.keys_held`) until ``held`` closes, so that a key typed at once reaches the menu as
    typed; keys typed before the question was said are dropped (they never answer it). Returns the question
    said, True when the menu's opening was said, False when nothing was said (no POSIX terminal).

    Called before prompt_toolkit and the screens are imported, to get the first sentence out sooner.
    """
    from lcr_audio.game.saves import default_save_path
    from lcr_audio.narration.saved_offer import SaidOffer, saved_game_offer
    from lcr_audio.tui.menu_text import main_menu_opening

    if not held.enter_context(keys_held(sys.stdin.fileno())):
        return False
    import termios  # there is one: keys_held found a POSIX terminal

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
    the play screen's narrator will. Then the keys are held, as for the main menu
    (:func:`.cli_process.keys_held`).
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
    if not held.enter_context(keys_held(sys.stdin.fileno())):
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
