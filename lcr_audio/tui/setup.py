"""The setup questions before a game: players, people at the keyboard, names (DESIGN.md §3).

Each question is one line prompt (prompt_toolkit's ``PromptSession``) with a default taken by Enter, so
Enter, Enter, Enter starts a game of "You" against two computer players.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import replace

from prompt_toolkit import PromptSession
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.output import Output

from ..bots import DEFAULT_POLICY
from ..engine import (
    MAX_CHIPS,
    MAX_PLAYERS,
    MIN_CHIPS,
    MIN_PLAYERS,
    FirstPlayer,
    Rules,
    ThreeWilds,
    WinCondition,
)
from ..i18n import _, ngettext
from ..narration.rules_summary import rules_summary
from ..session import Player
from ..speech import Speaker
from .choice import Defaults, KeyReader, Option, choose
from .console import Console
from .keys import is_key

NAME_LIMIT = 20
"""The longest name kept, in characters."""

COMPUTER_NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo")
"""Names for computer players: short, and different in their first sound."""

_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)?|[@-_])?")


def clean_name(raw: str) -> str:
    """A name safe to print and speak: escape sequences and control characters removed, spaces
    collapsed, at most :data:`NAME_LIMIT` characters. May return an empty string."""
    text = _ESCAPES.sub("", raw)
    text = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in text)
    return " ".join(text.split())[:NAME_LIMIT].strip()


def distinct_names(names: Sequence[str]) -> list[str]:
    """Make repeated names distinct: "Ana", "Ana" becomes "Ana", "Ana B" (case-insensitive). Letters, not
    numbers: a name ending in a number would run into the chip counts said after it ("Ana 2 3")."""
    seen: set[str] = set()
    out: list[str] = []
    for name in names:
        candidate, n = name, 0
        while candidate.casefold() in seen:
            n += 1
            candidate = f"{name} {_letter(n)}"
        seen.add(candidate.casefold())
        out.append(candidate)
    return out


def _letter(index: int) -> str:
    """A, B, C... for 0, 1, 2... (names are at most 10 at a table)."""
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[index % 26]


def default_name(seat: int, people: int) -> str:
    """The name a person gets when they press Enter at the name question: "You" alone, else "Player A",
    "Player B"... (letters, so that the chip counts said after a name are not heard as part of it)."""
    if people == 1:
        # Translators: the default name of the one person at the keyboard.
        return _("You")
    # Translators: the default name of a person at the keyboard when there are several; {letter} is A, B, C...
    return _("Player {letter}").format(letter=_letter(seat))


def table(player_count: int, names: Sequence[str], humans: Sequence[int]) -> list[Player]:
    """Seat a table: ``names`` for the first seats given, computer names for the rest.

    Args:
        player_count: seats at the table (R2).
        names: names for seats 1, 2, ... (cleaned here); missing ones are filled in.
        humans: the 0-based seats played by people at the keyboard.
    """
    chosen = [clean_name(n) for n in names][:player_count]
    spare = iter(n for n in COMPUTER_NAMES if n.casefold() not in {c.casefold() for c in chosen})
    full: list[str] = []
    for seat in range(player_count):
        given = chosen[seat] if seat < len(chosen) else ""
        if given:
            full.append(given)
        elif seat in humans:
            full.append(default_name(seat, len(humans)))
        else:
            full.append(next(spare))
    return [
        Player(name, human=seat in humans, policy=DEFAULT_POLICY)
        for seat, name in enumerate(distinct_names(full))
    ]


class SetupCancelled(Exception):
    """Escape (or Control+D) during the setup: go back without starting anything."""


def _escape_cancels() -> KeyBindings:
    bindings = KeyBindings()

    @bindings.add("escape", eager=False)
    def _cancel(event: KeyPressEvent) -> None:
        """Escape at a setup question goes back."""
        event.app.exit(exception=SetupCancelled())

    return bindings


class Setup:
    """Asks the setup questions.

    Args:
        speaker: speaks each question when the output mode does not print it (screen-reader mode).
        console: the game's printer (its line is ended before each prompt).
        keys: key input (a terminal or a pipe in tests).
        output: prompt_toolkit output (the terminal, or ``DummyOutput`` in tests).
        everyone_at_table: every seat is a person (the scorekeeper for real dice): no question about
            computer players, and every seat's name is asked.
    """

    def __init__(
        self,
        speaker: Speaker,
        console: Console,
        keys: Input,
        output: Output | None,
        *,
        everyone_at_table: bool = False,
    ) -> None:
        self.everyone_at_table = everyone_at_table
        self.speaker = speaker
        self.console = console
        self.keys = keys
        self.prompts: PromptSession[str] = PromptSession(
            input=keys, output=output, key_bindings=_escape_cancels()
        )

    async def _ask(self, question: str, before: str = "") -> str:
        """Ask a typed question; ``before`` is said first, in the same utterance (a refused answer)."""
        self.console.finish_line()
        if before:
            self.speaker.speak(before, interrupt=True)  # printed, then the prompt line repeats the question
        if self.speaker.speaks_aloud:  # the prompt line shows the question; a voice must also say it
            self.speaker.speak(question, interrupt=not before, printed=False)
        try:
            return (await self.prompts.prompt_async(question + " ")).strip()
        except EOFError:  # Control+D at a line prompt: back, as Escape
            raise SetupCancelled from None

    async def _number(self, question: str, low: int, high: int, default: int) -> int:
        refused = ""
        while True:
            answer = await self._ask(question, refused)
            if not answer:
                return default
            if answer.isdigit() and low <= int(answer) <= high:
                return int(answer)
            # Translators: a setup answer was not a number in range; {low}, {high}, {default} are numbers.
            refused = _("Please type a number from {low} to {high}, or press Enter for {default}.").format(
                low=low, high=high, default=default
            )

    async def ask(self) -> tuple[Rules, list[Player]]:
        """Ask the questions and return the rules and the seated table (seat 1 first)."""
        if self.everyone_at_table:
            # Translators: the first words of the scorekeeper's setup.
            self.speaker.speak(_("Scorekeeper for real dice. First, the table."))
        else:
            # Translators: the first words of a new game's setup.
            self.speaker.speak(_("A new game."))
        players = await self._number(
            # Translators: first setup question.
            _("How many players, {low} to {high}? Enter for 3.").format(low=MIN_PLAYERS, high=MAX_PLAYERS),
            MIN_PLAYERS,
            MAX_PLAYERS,
            3,
        )
        people = (
            players
            if self.everyone_at_table
            else await self._number(
                # Translators: second setup question; the others are computer players.
                _("How many of them play at this keyboard, 0 to {high}? Enter for 1.").format(high=players),
                0,
                players,
                1,
            )
        )
        names: list[str] = []
        for seat in range(people):
            default = default_name(seat, people)
            answer = await self._ask(
                # Translators: setup question for each person's name; {default} is taken by Enter.
                _("Name of player {number}? Enter for {default}.").format(number=seat + 1, default=default)
            )
            names.append(clean_name(answer) or default)
        seated = table(players, names, range(people))
        self.console.finish_line()
        return await self.rules(players), seated

    async def rules(self, players: int) -> Rules:
        """Offer the standard rules (Enter) or a walk through every option (O), then return the rules."""
        standard = Rules(players=players)
        # Translators: the last setup question. {summary} is the rules summary (several sentences).
        question = _("Rules: {summary} Press Enter to start, or O to change the options.").format(
            summary=rules_summary(standard)
        )
        async with KeyReader(self.keys) as reader:
            self.speaker.speak(question, interrupt=True)
            while True:
                key = (await reader.next()).key
                if key in ("\r", "\n", " ") or key in ("c-m", "c-j"):
                    return standard
                if is_key(key, "o"):
                    return await self._options(reader, players)
                if key == "escape":
                    raise SetupCancelled
                if key == "c-c":
                    raise KeyboardInterrupt
                # Translators: a key other than Enter or O at the rules question.
                self.speaker.speak(_("Press Enter to start, or O to change the options."), interrupt=True)

    async def _options(self, reader: KeyReader, players: int) -> Rules:
        """Each option as one question: value read, Left/Right change it, Enter accepts, D takes defaults."""
        rules = Rules(players=players)
        try:
            rules = replace(rules, chips=await choose(reader, self.speaker, chips_option(), first=True))
            rules = replace(rules, wild=await choose(reader, self.speaker, on_off(_("Wild dice"))))
            if rules.wild:
                rules = replace(rules, three_wilds=await choose(reader, self.speaker, three_wilds_option()))
            reversible = await choose(reader, self.speaker, on_off(_("Reversible dice")))
            rules = replace(rules, reversible=reversible)
            rules = replace(rules, win=await choose(reader, self.speaker, win_option()))
            rules = replace(rules, first_player=await choose(reader, self.speaker, first_player_option()))
        except Defaults:
            pass
        # Translators: said when the options are settled. {summary} is the rules summary.
        self.speaker.speak(_("Options set. {summary}").format(summary=rules_summary(rules)))
        return rules


def chips_option() -> Option[int]:
    """Starting chips, 1 to 10 (R2)."""
    values = [
        # Translators: a value of the starting-chips option.
        (n, ngettext("{count} chip", "{count} chips", n).format(count=n))
        for n in range(MIN_CHIPS, MAX_CHIPS + 1)
    ]
    # Translators: the name of the starting-chips option.
    return Option(_("Starting chips"), values, default=3 - MIN_CHIPS)


def on_off(title: str) -> Option[bool]:
    """An option that is off (default) or on."""
    # Translators: the two values of an on/off option.
    return Option(title, [(False, _("off")), (True, _("on"))])


def three_wilds_option() -> Option[ThreeWilds]:
    """What three Wilds do (R8)."""
    return Option(
        # Translators: the name of the three-Wilds option (R8).
        _("Three Wilds"),
        [
            # Translators: a value of the three-Wilds option: take the pot and the game goes on.
            (ThreeWilds.TAKE_POT, _("take the pot, and play goes on")),
            # Translators: a value of the three-Wilds option: take the pot and win.
            (ThreeWilds.WIN, _("win at once, with the pot")),
        ],
    )


def win_option() -> Option[WinCondition]:
    """The win condition (R10)."""
    return Option(
        # Translators: the name of the win-condition option (R10).
        _("Winning"),
        [
            # Translators: a value of the win-condition option.
            (WinCondition.LAST_WITH_CHIPS, _("last player with chips")),
            # Translators: a value of the win-condition option.
            (WinCondition.ROLL_ALL_DOTS, _("roll all dots")),
            # Translators: a value of the win-condition option.
            (WinCondition.LAST_CHIP_IN_POT, _("last chip in the pot")),
        ],
    )


def first_player_option() -> Option[FirstPlayer]:
    """Who rolls first (R13)."""
    return Option(
        # Translators: the name of the first-player option (R13).
        _("First player"),
        [
            # Translators: a value of the first-player option.
            (FirstPlayer.SEAT_ONE, _("seat 1")),
            # Translators: a value of the first-player option.
            (FirstPlayer.RANDOM, _("random")),
        ],
    )
