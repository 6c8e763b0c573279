"""The ``lcr-audio`` command end to end: real processes, and a real terminal (tmux) for a person's game."""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import pytest
from support.program import WATCH, game_env, run_game
from support.waiting import after_reaction, wait_until

from lcr_audio.cli import (
    Commands,
    Prints,
    Speaks,
    UsageError,
    build_parser,
    choose_language,
    parse_arguments,
    table_from_options,
)

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The game as a program (:func:`run_game`), its output read strictly as UTF-8: a byte that is not
    fails the test."""
    return run_game(*args, env=env, errors="strict")


@pytest.mark.system
def test_watch_mode_names_one_winner_and_repeats_exactly(tmp_path: Path) -> None:
    """The issue's command exits 0, names one winner, and prints the same text twice (same seed)."""
    first = run(*WATCH, env=game_env(tmp_path))
    second = run(*WATCH, env=game_env(tmp_path))
    assert first.returncode == 0, first.stdout + first.stderr
    assert first.stderr == ""
    lines = first.stdout.splitlines()
    wins = [line for line in lines if " wins with " in line]
    assert len(wins) == 1 and wins[0] == lines[-2]
    assert lines[-1].startswith("Game 1 is over. At the end: ")  # issue 14, item 11
    assert first.stdout == second.stdout
    assert lines[0] == (
        "A game of 4 players: Ana, Bo, Cy, and Dee. Everyone starts with 3 chips. You are watching; P pauses."
        " Ana rolls first."
    )


@pytest.mark.system
@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["play", "--players", "12"], "Argument --players: it must be a number from 3 to 10, not 12."),
        (["play", "--chips", "0"], "Argument --chips: it must be a number from 1 to 10, not 0."),
        (["--speech", "loud"], "--speech must be auto, screen-reader, tts, console, or silent, not loud."),
        (["--lang", "fr", "play", "--three-wilds", "x"], "--three-wilds doit valoir take-pot ou win, pas x."),
        (["banana"], "There is no command banana; the commands are play, resume, practice, "),
        (["play", "--names", "A,B", "--players", "4"], "--names gives 2 names but --players asks for 4."),
        (["play", "--computer", "9"], "--computer takes all, none, or seat numbers from 1 to 3"),
        (["play", "--seed", "x"], "Argument --seed: it must be a whole number, not x."),
        (["--pause", "x"], "Argument --pause: it must be a number of seconds from 0 to 10, not x."),
        (["--seed", "7"], "--seed belongs to one of these commands: play, odds, simulate."),
        (
            ["rules", "--computer", "all"],
            "--computer belongs to the play command: lcr-audio play --computer all.",
        ),
        (["rules", "--wild"], "--wild belongs to one of these commands: play, odds, simulate, host."),
        (["--csv", "play"], "--csv belongs to one of these commands: series, odds, simulate."),
        (
            ["practice", "--lesson", "x"],
            "--lesson must be faces, dice, passing, pot, ",
        ),
    ],
)
def test_bad_arguments_get_one_sentence_and_exit_2(args: list[str], sentence: str, tmp_path: Path) -> None:
    result = run(*args, env=game_env(tmp_path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert sentence in result.stderr


@pytest.mark.system
def test_people_without_a_keyboard_are_told_why(tmp_path: Path) -> None:
    """A table with a person but no terminal to type in: one sentence, exit 2, no hang."""
    result = run("play", "--speech", "console", env=game_env(tmp_path))
    assert result.returncode == 2
    assert result.stdout.strip() == (
        "People are seated but there is no keyboard to play with; use --computer all to watch."
    )


def test_speech_option_works_before_and_after_the_command() -> None:
    parser = build_parser()
    assert parser.parse_args(["--speech", "silent", "play"]).speech == "silent"
    assert parser.parse_args(["play", "--speech", "console"]).speech == "console"
    assert parser.parse_args([]).command is None


COMMANDS = ["play", "resume", "practice", "keep-score", "rules", "transcript", "series", "odds", "simulate"]
COMMANDS += ["serve", "host", "join"]
REQUIRED = {"join": ["192.168.1.20", "kdx7m2pq"]}
"""The words a command needs after it (join's address and code)."""
GLOBAL_OPTIONS = {
    "--lang": (["--lang", "ru"], "lang", "ru"),
    "--speech": (["--speech", "console"], "speech", "console"),
    "--pause": (["--pause", "2.5"], "pause", 2.5),
    "--fast": (["--fast"], "fast", True),
}


def test_every_command_word_is_tested() -> None:
    parser = build_parser()
    words = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert sorted(words) == sorted(COMMANDS)


@pytest.mark.parametrize("option", GLOBAL_OPTIONS)
@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("where", ["before", "after"])
def test_every_global_option_works_before_and_after_every_command(
    option: str, command: str, where: str
) -> None:
    """Issue 14, item 12: ``lcr-audio series --lang ru`` as well as ``lcr-audio --lang ru series``."""
    words, attribute, value = GLOBAL_OPTIONS[option]
    needed = REQUIRED.get(command, [])
    argv = [*words, command, *needed] if where == "before" else [command, *needed, *words]
    args = parse_arguments(argv)
    assert args.command == command
    assert getattr(args, attribute) == value
    assert isinstance(args.func, Speaks | Prints)


def test_a_global_option_given_twice_keeps_the_later() -> None:
    args = parse_arguments(["--speech", "silent", "play", "--speech", "console"])
    assert args.speech == "console"


def test_no_command_word_runs_the_main_menu() -> None:
    args = parse_arguments(["--fast"])
    assert args.command is None
    assert isinstance(args.func, Speaks) and args.func.menu_first


def test_the_seed_error_names_the_option_once() -> None:
    with pytest.raises(UsageError) as raised:
        parse_arguments(["play", "--seed", "abc"])
    assert str(raised.value) == "Argument --seed: it must be a whole number, not abc."


@pytest.mark.system
def test_version_prints_the_version_and_exits_0(tmp_path: Path) -> None:
    from lcr_audio import __version__

    result = run("--version", env=game_env(tmp_path))
    assert (result.returncode, result.stdout, result.stderr) == (0, f"lcr-audio {__version__}\n", "")


def test_an_unknown_language_is_noticed_once_per_call() -> None:
    """The notice is returned, not kept in a list that grows with every call (issue 12, item 7), and names
    the languages --lang takes (critic: it fell back to English naming none)."""
    try:
        first = choose_language(["--lang", "xx"])
        second = choose_language(["--lang", "xx"])
    finally:
        choose_language(["--lang", "en"])
    assert (
        first.notices
        == second.notices
        == (
            "There is no translation for xx yet, so the game speaks English; --lang takes en for English, de"
            " for Deutsch, es for Español, fr for Français, it for Italiano, pt_BR for Português (Brasil), and"
            " ru for Русский.",
        )
    )
    assert choose_language(["--lang", "en"]).notices == ()


def test_a_module_adds_a_command_with_a_function_taking_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """What a module with commands of its own does: one function in ``REGISTRARS``."""
    from lcr_audio import cli

    def count(args: argparse.Namespace, stdout: TextIO) -> int:
        stdout.write(f"{args.up_to}\n")
        return 0

    def add_count(commands: Commands) -> None:
        commands.add("count", Prints(count), help="count").add_argument("--up-to", type=int, default=3)

    monkeypatch.setattr(cli, "REGISTRARS", (*cli.REGISTRARS, add_count))
    assert cli.main(["count", "--up-to", "5", "--lang", "en"]) == 0
    assert capsys.readouterr().out == "5\n"
    out = io.StringIO()
    args = parse_arguments(["--fast", "count", "--up-to", "5"])
    assert args.func == Prints(count) and args.up_to == 5 and args.fast is True
    assert args.func.run(args, out) == 0 and out.getvalue() == "5\n"
    with pytest.raises(UsageError) as raised:
        parse_arguments(["play", "--up-to", "5"])
    assert str(raised.value) == "--up-to belongs to the count command: lcr-audio count --up-to 5."


def test_play_options_seat_the_table() -> None:
    args = build_parser().parse_args(["play", "--names", "Ana,Bo,Ana,Dee", "--computer", "2,4", "--wild"])
    rules, players = table_from_options(args)
    assert rules.players == 4 and rules.wild
    assert [p.name for p in players] == ["Ana", "Bo", "Ana B", "Dee"]
    assert [p.human for p in players] == [True, False, True, False]


@pytest.mark.system
def test_every_variant_plays_to_one_winner(tmp_path: Path) -> None:
    """Each win condition and both three-Wild settings, in watch mode, end with exactly one winner."""
    for extra in (
        ["--wild", "--reversible", "--win", "roll-all-dots"],
        ["--wild", "--win", "last-chip-in-pot", "--three-wilds", "win"],
        ["--wild", "--reversible", "--win", "last-with-chips", "--three-wilds", "take-pot"],
    ):
        args = ["play", "--players", "5", "--computer", "all", "--seed", "11", "--fast"]
        result = run(*args, "--speech", "console", *extra, env=game_env(tmp_path))
        assert result.returncode == 0, result.stdout
        lines = result.stdout.splitlines()
        assert lines[0].startswith("5 players, 3 chips each. Wild dice on")  # a variant is named first
        assert sum(re.search(r" wins (with|at once)", line) is not None for line in lines) == 1


# Each tmux test runs its own tmux server (-L): a server started earlier would give the game its own
# environment, not the test's private XDG folders.


def on_screen(text: str, screen: Callable[[], str]) -> str:
    """Wait until ``text`` is on the ``screen()`` of a terminal, and return that screen.

    Raises:
        AssertionError: it never appeared; the message shows the screen.
    """
    try:
        return wait_until(
            lambda: shown if text in (shown := screen()) else "", f"{text!r} appeared", every=0.1
        )
    except AssertionError as error:
        raise AssertionError(f"{error}; screen:\n{screen()}") from None


@pytest.mark.requires_program("tmux")
def test_a_person_plays_in_a_real_terminal(tmp_path: Path) -> None:
    """Main menu and setup by Enter x5, some keys, Escape and Y: the screen holds only the game's lines."""
    session = f"lcr-{uuid.uuid4().hex[:8]}"
    command = f"cd {ROOT} && {sys.executable} -m lcr_audio --speech console; echo EXIT=$?; sleep 30"
    env = game_env(tmp_path)
    subprocess.run(
        ["tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "250", "-y", "50", command],
        check=True,
        env=env,
    )

    def screen() -> str:
        return subprocess.run(
            ["tmux", "-L", session, "capture-pane", "-p", "-t", session],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    def wait_for(text: str) -> str:
        return on_screen(text, screen)

    def keys(*names: str) -> None:
        for name in names:
            after_reaction()
            subprocess.run(["tmux", "-L", session, "send-keys", "-t", session, name], check=True)

    try:
        wait_for("Main menu")
        keys("Enter")
        wait_for("How many players")
        keys("Enter")
        wait_for("How many of them play")
        keys("Enter")
        wait_for("Name of player 1")
        keys("Enter")
        wait_for("Press Enter to start, or O to change the options.")
        keys("Enter")
        wait_for("Press Space to roll")
        keys("s")
        wait_for("You 3, Ana 3, Bo 3, pot 0.")
        keys("Space")
        wait_for("You roll")
        keys("Escape")
        wait_for("Quit this game? Y or N.")
        keys("y")
        wait_for("Game saved.")  # back in the main menu: Escape there asks before leaving the program
        keys("Escape")
        wait_for("Leave Left Right Center? Y or N.")
        keys("y")
        shown = wait_for("EXIT=0")
    finally:
        subprocess.run(["tmux", "-L", session, "kill-server"], check=False)
    lines = [line for line in shown.splitlines() if line.strip()]
    assert lines[:8] == [
        "Left Right Center. Main menu. New game. 1 of 7. Up and Down move, Enter chooses, Escape goes back.",
        "A new game.",
        "How many players, 3 to 10? Enter for 3.",
        "3 players.",
        "How many of them play at this keyboard, 0 to 3? Enter for 1.",
        "1 person plays at this keyboard.",
        "Name of player 1? Enter for You.",
        "Player 1: You.",
    ]
    allowed = ("You", "Ana", "Bo", "A game", "Your turn", "Quit this game", "Goodbye", "EXIT=0", "Rules:")
    allowed += ("Game saved.", "Left Right Center. Main menu.", "Leave Left Right Center? Y or N.")
    stray = [line for line in lines[8:] if not line.startswith(allowed)]
    assert stray == []


@pytest.mark.requires_program("tmux")
@pytest.mark.parametrize("mode", ["console", pytest.param("tts", marks=pytest.mark.requires_voice)])
def test_watch_mode_screen_holds_only_the_games_lines(mode: str, tmp_path: Path) -> None:
    """DESIGN.md §3: no banners, ALSA lines, warnings or tracebacks on the screen in console or tts mode."""
    session = f"lcr-{uuid.uuid4().hex[:8]}"
    game = "play --players 3 --computer all --seed 3 --chips 1 --fast"
    command = f"cd {ROOT} && {sys.executable} -m lcr_audio {game} --speech {mode}; echo EXIT=$?; sleep 30"
    subprocess.run(
        ["tmux", "-L", session, "new-session", "-d", "-s", session, "-x", "250", "-y", "50", command],
        check=True,
        env=game_env(tmp_path),
    )

    def screen() -> str:
        return subprocess.run(
            ["tmux", "-L", session, "capture-pane", "-p", "-t", session],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    try:
        shown = on_screen("EXIT=", screen)
    finally:
        subprocess.run(["tmux", "-L", session, "kill-server"], check=False)
    lines = [line for line in shown.splitlines() if line.strip()]
    assert lines[-1] == "EXIT=0"
    expected = run(*game.split(), "--speech", "console", env=game_env(tmp_path)).stdout.splitlines()
    # Without a sound card the game's own voice fails after a line or two, never heard; told once.
    told = "The system voice could not start; the game goes on in printed lines."
    assert [line for line in lines[:-1] if line != told] == expected
    assert lines.count(told) <= 1


class Tmux:
    """A private tmux server (``-L``) running one command in a 250x50 pane, with the pane's raw output
    copied to a file (``pipe-pane``) before the command starts writing."""

    def __init__(self, command: str, tmp_path: Path) -> None:
        self.name = f"lcr-{uuid.uuid4().hex[:8]}"
        self.raw = tmp_path / "raw-output"
        self.raw.touch()
        ready = tmp_path / "piped"
        # The command waits until the pipe is in place, so that the raw output holds every byte.
        wrapped = (
            f"while [ ! -e {ready} ]; do sleep 0.05; done; HOME={tmp_path} {command}; echo EXIT=$?; sleep 30"
        )
        self.tmux(
            "new-session", "-d", "-s", self.name, "-x", "250", "-y", "50", wrapped, env=game_env(tmp_path)
        )
        self.tmux("pipe-pane", "-o", "-t", self.name, f"cat >> {self.raw}")
        ready.touch()

    def tmux(self, *args: str, env: dict[str, str] | None = None) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.name, *args], capture_output=True, text=True, check=True, env=env
        )
        return done.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def wait_for(self, text: str) -> str:
        return on_screen(text, self.screen)

    def keys(self, *names: str) -> None:
        for name in names:
            after_reaction()
            self.tmux("send-keys", "-t", self.name, name)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.name, "kill-server"], check=False, capture_output=True)


@pytest.mark.requires_program("tmux")
def test_setup_questions_are_printed_once_with_no_redraw(tmp_path: Path) -> None:
    """Issue 10, item 7: each setup question appears once each time it is asked; a refused answer gets one
    sentence on its own line, then the question again; every accepted answer is printed; the raw output
    has no blank-line padding and no cursor-up moves (readers that voice terminal output read it once)."""
    terminal = Tmux(f"cd {ROOT} && {sys.executable} -m lcr_audio --speech console", tmp_path)
    try:
        terminal.wait_for("Main menu")
        terminal.keys("Enter")
        terminal.wait_for("How many players")
        terminal.keys("1", "1", "Enter")
        terminal.wait_for("Please type a number from 3 to 10")
        terminal.keys("Enter")
        terminal.wait_for("How many of them play")
        terminal.keys("5", "Enter")
        terminal.wait_for("Please type a number from 0 to 3")
        terminal.keys("Enter")
        terminal.wait_for("Name of player 1")
        terminal.keys("Enter")
        terminal.wait_for("Press Enter to start, or O to change the options.")
        terminal.keys("Escape")
        terminal.wait_for("Setup cancelled")
        terminal.keys("Escape")
        terminal.wait_for("Leave Left Right Center? Y or N.")
        terminal.keys("y")
        shown = terminal.wait_for("EXIT=0")
    finally:
        terminal.close()
    menu = (
        "Left Right Center. Main menu. New game. 1 of 7. Up and Down move, Enter chooses, Escape goes back."
    )
    rules = (
        "Rules: 3 players, 3 chips each. Wild dice off. Reversible dice off. The last player with chips wins."
        " Press Enter to start, or O to change the options."
    )
    assert [line for line in shown.splitlines() if line.strip()] == [
        menu,
        "A new game.",
        "How many players, 3 to 10? Enter for 3. 11",
        "Please type a number from 3 to 10, or press Enter for 3.",
        "How many players, 3 to 10? Enter for 3.",
        "3 players.",
        "How many of them play at this keyboard, 0 to 3? Enter for 1. 5",
        "Please type a number from 0 to 3, or press Enter for 1.",
        "How many of them play at this keyboard, 0 to 3? Enter for 1.",
        "1 person plays at this keyboard.",
        "Name of player 1? Enter for You.",
        "Player 1: You.",
        rules,
        "Setup cancelled; nothing was started.",
        menu,
        "Leave Left Right Center? Y or N.",
        "Goodbye.",
        "EXIT=0",
    ]
    raw = terminal.raw.read_bytes().decode("utf-8", "replace")
    assert "How many players" in raw  # the pipe saw the game's output
    assert re.search(r"\x1b\[\d*A", raw) is None  # no cursor-up move
    assert re.search(r"\n[\r ]*\n", raw) is None  # no blank line reserved
    assert raw.count("Name of player 1? Enter for You.") == 1  # drawn once, never redrawn


@pytest.mark.system
def test_rules_without_a_terminal_prints_every_section(tmp_path: Path) -> None:
    """``lcr-audio rules`` asks no questions: without a terminal (| head, a file) it prints every section
    and exits 0 (old main: "This needs a terminal to answer its questions; use lcr-audio play with options
    instead.", exit 2)."""
    from lcr_audio.narration.rules_text import sections

    result = run("rules", "--speech", "console", env=game_env(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr == ""
    for section in sections():
        assert section.title in result.stdout.splitlines()
        assert section.paragraphs[0] in result.stdout


@pytest.mark.system
def test_join_without_a_terminal_gets_advice_that_fits(tmp_path: Path) -> None:
    """``lcr-audio join`` without a terminal is told what it needs, not to use ``play`` (old main: "This
    needs a terminal to answer its questions; use lcr-audio play with options instead.")."""
    result = run("join", "127.0.0.1:1", "abc", env=game_env(tmp_path))
    assert result.returncode == 2
    assert result.stdout.strip() == (
        "lcr-audio join needs a terminal to read your keys; start it in a terminal, with nothing piped into it."
    )
