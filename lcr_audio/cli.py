"""The ``lcr-audio`` command (DESIGN.md §3).

``lcr-audio`` asks the setup questions and plays; ``lcr-audio play`` takes the table from its options and
starts at once. Output options (``--speech``) work with every command. A bad option gets one plain
sentence and exit code 2.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
import time
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

from .engine import (
    MAX_CHIPS,
    MAX_PLAYERS,
    MIN_CHIPS,
    MIN_PLAYERS,
    FirstPlayer,
    Rules,
    ThreeWilds,
    WinCondition,
)
from .i18n import _, language, ngettext
from .session import Player
from .speech.speaker import MODES

if TYPE_CHECKING:
    from .app import App
    from .saved_offer import SaidOffer
    from .speech import Speaker

APP = "lcr-audio"
DEFAULT_PAUSE = 1.0
"""Seconds a computer player waits before each decision (``--pause``; 0 with ``--fast``)."""

log = logging.getLogger("lcr_audio")
DRAIN_SECONDS = 120.0
"""At exit, the game waits until the voice has said everything it was given (the winner, goodbye), at most
this long: a safety cap for a voice that never reports its end, not an estimate (all 22 messages of
``play --players 3 --computer all --seed 3 --fast`` take 69 s in the system voice)."""
NOTICES: list[str] = []
"""Sentences to say once the game can speak (a --lang the game does not have)."""


@cache
def lesson_keys() -> list[str]:
    """The practice lessons' keys (``--lesson``), in order."""
    from .practice import LESSONS

    return [lesson.key for lesson in LESSONS]


class _LessonKeys(Sequence[str]):
    """The choices of ``--lesson``, read from :mod:`lcr_audio.practice` only when argparse looks at
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


def _int_between(low: int, high: int) -> type[int]:
    def parse(text: str) -> int:
        if not text.strip().lstrip("-").isdigit() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                # Translators: a bad number on the command line; argparse puts "argument --players:" (the
                # option) before it. {low} and {high} are numbers, {value} what was typed.
                _("it must be a number from {low} to {high}, not {value}").format(
                    low=low, high=high, value=text
                )
            )
        return int(text)

    return parse  # type: ignore[return-value]


def _seed(text: str) -> int:
    if not text.strip().lstrip("-").isdigit():
        # Translators: a bad --seed value.
        raise argparse.ArgumentTypeError(_("--seed must be a whole number, not {value}").format(value=text))
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(
            # Translators: command-line help (--help) or message; option names and values stay as they are.
            _("--pause must be a number of seconds from 0 to 10, not {value}").format(value=text)
        )
    return value


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser: ``lcr-audio [--speech MODE] [play OPTIONS]``."""
    output = _Parser(add_help=False)
    output.add_argument(
        "--lang",
        default=argparse.SUPPRESS,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("the game's language, such as es, fr, de, pt_BR, it or ru (default: the system's)"),
    )
    output.add_argument(
        "--speech",
        choices=MODES,
        default=argparse.SUPPRESS,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("how the game speaks: auto (default), screen-reader, tts, console or silent"),
    )
    output.add_argument(
        "--pause",
        type=_seconds,
        default=argparse.SUPPRESS,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("seconds a computer player waits before it plays (default 1)"),
    )
    output.add_argument(
        "--fast",
        action="store_true",
        default=argparse.SUPPRESS,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("computer players play without pausing"),
    )
    parser = _Parser(
        prog=APP,
        parents=[output],
        # Translators: the first line of --help.
        description=_("Left Right Center, the dice game, played by ear."),
    )
    commands = parser.add_subparsers(
        dest="command",
        parser_class=_Parser,
        # Translators: how --help and errors name the command word (play, resume, practice...).
        metavar=_("command"),
    )
    play = commands.add_parser(
        "play",
        parents=[output],
        # Translators: --help text of the play command.
        help=_("start a game at once, the table given by options"),
    )
    play.add_argument(
        "--players",
        type=_int_between(MIN_PLAYERS, MAX_PLAYERS),
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("number of players, 3 to 10 (default 3, or the number of names)"),
    )
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    play.add_argument("--names", help=_("the players' names in seat order, separated by commas"))
    play.add_argument(
        "--computer",
        default="rest",
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("computer seats: numbers such as 2,3, or all, or none (default: every seat but 1)"),
    )
    play.add_argument(
        "--chips",
        type=_int_between(MIN_CHIPS, MAX_CHIPS),
        default=3,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("starting chips per player, 1 to 10 (default 3)"),
    )
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    play.add_argument("--wild", action="store_true", help=_("one dot on each die is a Wild"))
    play.add_argument(
        "--three-wilds",
        choices=[t.value for t in ThreeWilds],
        default=None,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("three Wilds take the pot and play goes on (take-pot), or win at once (win)"),
    )
    play.add_argument(
        "--reversible",
        action="store_true",
        # Translators: --help text of the --reversible option.
        help=_("a player with more than 3 chips may reverse the dice"),
    )
    play.add_argument(
        "--win",
        choices=[w.value for w in WinCondition],
        default=WinCondition.LAST_WITH_CHIPS.value,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("how the game is won (default last-with-chips)"),
    )
    play.add_argument(
        "--first",
        choices=[f.value for f in FirstPlayer],
        default=FirstPlayer.SEAT_ONE.value,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("who rolls first: 1 or random"),
    )
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    play.add_argument("--seed", type=_seed, help=_("a number that makes the whole game repeatable"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    resume = commands.add_parser("resume", parents=[output], help=_("continue the saved game"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    resume.add_argument("file", nargs="?", help=_("a save file (default: the last game's autosave)"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    practice = commands.add_parser("practice", parents=[output], help=_("learn the rules by questions"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    lesson = practice.add_argument("--lesson", help=_("start with this lesson"))
    lesson.choices = _LessonKeys()  # after add_argument, which would read them at once to check the metavar
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    commands.add_parser("keep-score", parents=[output], help=_("keep score for a table with real dice"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    commands.add_parser("rules", parents=[output], help=_("read the rules, section by section"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    commands.add_parser("transcript", help=_("print the last game's transcript"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    series = commands.add_parser("series", help=_("print the series score of the last table"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    series.add_argument("--csv", action="store_true", help=_("as CSV, for a spreadsheet"))
    return parser


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
    from .seating import clean_name, table

    names = [n for n in (args.names.split(",") if args.names else [])]
    players = args.players or (len(names) if names else 3)
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
    if any(not clean_name(n) for n in names):
        # Translators: a --names entry was empty after removing spaces and control characters.
        raise UsageError(_("Every name in --names needs at least one letter or digit."))
    if args.three_wilds is not None and not args.wild:
        # Translators: --three-wilds was given without --wild (three Wilds need Wild dice).
        raise UsageError(_("--three-wilds only matters with Wild dice: add --wild, or leave it out."))
    computers = _computer_seats(args.computer, players)
    humans = [s for s in range(players) if s not in computers]
    rules = Rules(
        players=players,
        chips=args.chips,
        wild=args.wild,
        three_wilds=ThreeWilds(args.three_wilds or ThreeWilds.TAKE_POT.value),
        reversible=args.reversible,
        win=WinCondition(args.win),
        first_player=FirstPlayer(args.first),
    )
    return rules, table(players, names, humans)


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
    with sink, contextlib.ExitStack() as undo:
        if descriptor:
            os.dup2(sink.fileno(), 2)
        else:
            undo.enter_context(contextlib.redirect_stderr(sink))
        handler = logging.StreamHandler(sink)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root = logging.getLogger()
        root.addHandler(handler)
        root.setLevel(logging.INFO)
        try:
            yield
        finally:
            root.removeHandler(handler)
            sys.stderr.flush()
            if descriptor:
                os.dup2(saved, 2)
                os.close(saved)


def log_path() -> Path:
    """Where the game writes its log (the user's log folder, from platformdirs; ``storage.log_dir``)."""
    from .storage import log_dir

    return log_dir() / "lcr-audio.log"


async def _interactive(args: argparse.Namespace, stdout: TextIO) -> int:
    """Run the command that needs speech (everything but ``transcript`` and ``series``)."""
    from .settings import load_settings
    from .sound import SoundPlayer
    from .speech import create_speaker
    from .tui.console import Console

    console = Console(stdout)
    problems: list[str] = list(NOTICES)
    settings, problem = load_settings()
    if problem:
        problems.append(problem)
    speaker = create_speaker(
        getattr(args, "speech", settings.speech),  # --speech for this run, else the mode chosen in Options
        print_line=console.line,
        echo=settings.echo,
        braille=settings.braille,
    )
    speaker.set_rate(settings.rate)
    speaker.set_language(language())  # the game's own voice takes a voice of the language...
    if settings.voice:
        speaker.set_voice(settings.voice)  # ...unless the player chose one
    sound = SoundPlayer(volume=settings.volume, enabled=settings.sounds)  # opens nothing yet
    # The sound device opens once the first sentence is out: looking for it takes up to a tenth of a second.
    speaker.after_first_utterance(sound.open_in_background)
    try:
        for problem in problems:
            speaker.speak(problem)
        interactive = sys.stdin.isatty()
        with contextlib.ExitStack() as held:
            said = args.command == "menu" and interactive and _say_main_menu(speaker, held)
            # The key input and the screens come after the first sentence: prompt_toolkit's package imports
            # its whole application layer, a good part of the time to the first sentence (issue 10, item 9).
            from prompt_toolkit.input import DummyInput, Input, create_input
            from prompt_toolkit.output import Output, create_output

            from .app import App, handle_signals

            keys: Input = create_input() if interactive else DummyInput()
            output: Output | None = create_output(stdout=stdout) if interactive else None
            pause = 0.0 if getattr(args, "fast", False) else getattr(args, "pause", settings.pause)
            app = App(console, speaker, keys, output, settings, sound, pause)
            with handle_signals(app, asyncio.current_task()):
                return await _run_command(app, args, interactive, said=said)
    finally:
        console.finish_line()
        speaker.close(drain_seconds=DRAIN_SECONDS)
        sound.close()


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
    from .saved_offer import SaidOffer, saved_game_offer
    from .saves import default_save_path
    from .tui.menu_text import main_menu_opening

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


async def _run_command(
    app: App, args: argparse.Namespace, interactive: bool, *, said: SaidOffer | bool = False
) -> int:
    """Run ``args.command`` with the app's speech and keys; returns the exit code. ``said``: the main
    menu's first sentence was already said (:func:`_say_main_menu`)."""
    from .saves import SaveError, load

    speaker = app.speaker
    command = args.command
    if command == "play":
        rules, players = table_from_options(args)
        if any(p.human for p in players) and not interactive:
            raise UsageError(
                # Translators: people were seated but the game has no keyboard (input is not a terminal).
                _("People are seated but there is no keyboard to play with; use --computer all to watch.")
            )
        if any(p.human for p in players) and await app.offer_saved_game() is False:
            return 0
        if rules != Rules(players=rules.players, chips=rules.chips):  # a variant: say which, first
            from .narration.rules_summary import rules_summary

            speaker.speak(rules_summary(rules))
        await app.play_new(rules, players, args.seed)
        return 0
    if not interactive:
        raise UsageError(
            # Translators: a command that asks questions was started without a terminal.
            _("This needs a terminal to answer its questions; use lcr-audio play with options instead.")
        )
    if command == "resume":
        path = Path(args.file) if args.file else app.save_path
        try:
            loaded = load(path)
        except SaveError as error:
            speaker.speak(str(error))
            return 1
        if loaded.over:
            # Translators: lcr-audio resume found a game that had already ended.
            speaker.speak(_("That game is over; there is nothing to continue."))
            return 1
        await app.resume(loaded, path)
        return 0
    if command == "practice":
        from .tui.practice import run_practice

        await run_practice(app, args.lesson)
        return 0
    if command == "keep-score":
        from .tui.scorekeeper import run_scorekeeper
        from .tui.setup import SetupCancelled

        with contextlib.suppress(SetupCancelled):
            await run_scorekeeper(app)
        return 0
    if command == "rules":
        from .tui.reader import run_rules_reader

        await run_rules_reader(app, None)
        return 0
    from .tui.main_menu import run_main_menu

    await run_main_menu(app, said=said)
    return 0


def _print_records(args: argparse.Namespace, stdout: TextIO) -> int:
    """``lcr-audio transcript`` and ``lcr-audio series``: print what the last saved game left.

    Raises:
        UsageError: there is nothing saved yet, or the save cannot be read (one sentence).
    """
    from .keeper import series_csv, transcript_path
    from .names import clean_name, printable
    from .narration.series import series_text
    from .saves import Problem, SaveError, default_save_path, latest_autosave, load
    from .storage import display_path, reason

    stdout = utf8_when_redirected(stdout)
    save_path = latest_autosave() or default_save_path()  # the game played last, of any kind
    if args.command == "transcript":
        path = transcript_path(save_path)
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
    try:
        loaded = load(save_path)
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


def choose_language(argv: Sequence[str]) -> str:
    """Set the game's language: ``--lang``, else the one saved in the settings, else the system's (issue 7).

    Returns the language code in force ("en" when nothing else matches).
    """
    from .i18n import SOURCE_LANGUAGE, set_language, system_language
    from .settings import peek_language

    asked = _peek_lang(argv)
    chosen = set_language(asked or peek_language() or system_language())
    if asked and chosen == SOURCE_LANGUAGE and asked.split("_")[0].split("-")[0].lower() != SOURCE_LANGUAGE:
        NOTICES.append(
            # Translators: --lang named a language the game has no catalog for; {language} is what was typed.
            _("There is no translation for {language} yet, so the game speaks English.").format(
                language=asked
            )
        )
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``lcr-audio`` with ``argv`` (default: the real command line). Returns the exit code."""
    stdout = sys.stdout
    with contextlib.suppress(AttributeError, ValueError):  # a name the terminal cannot show must not crash
        stdout.reconfigure(errors="replace")  # type: ignore[union-attr]
        sys.stderr.reconfigure(errors="replace")  # type: ignore[union-attr]
    argv = list(sys.argv[1:] if argv is None else argv)
    choose_language(argv)
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            args.command = "menu"
        if args.command == "play":
            table_from_options(args)  # report option conflicts before anything starts
        if args.command in ("transcript", "series"):
            return _print_records(args, stdout)
    except UsageError as error:
        print(str(error), file=sys.stderr)
        return 2
    with quiet_stderr(log_path()):
        try:
            code = asyncio.run(_interactive(args, stdout))
            stdout.flush()
            return code
        except BrokenPipeError:  # the reader of our output went away (| head): stop quietly
            _silence_stdout()
            return 0
        except UsageError as error:
            stdout.write(str(error) + "\n")
            return 2
        except (KeyboardInterrupt, asyncio.CancelledError):  # a signal outside a game: already cleaned up
            return 130
        except Exception:
            from .storage import display_path

            log.exception("The game stopped on an error")
            stdout.write(
                # Translators: the last resort; {path} is the log file's path.
                _("Something went wrong and the game had to stop. The details are in {path}.").format(
                    path=display_path(log_path())
                )
                + "\n"
            )
            return 1


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["build_parser", "main", "table_from_options"]
