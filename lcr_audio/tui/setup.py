"""The setup questions before a game: players, people at the keyboard, names (DESIGN.md §3).

Each question is answered by typing a line (:class:`LineEntry`, an input mode of the key loop) with a
default taken by Enter, so Enter, Enter, Enter starts a game of "You" against two computer players. Like
the play screen, the setup only appends: each question is printed once, typed characters are echoed as
typed, nothing is redrawn and the cursor never moves up; the accepted answer, default included, is printed
and said ("3 players.").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from prompt_toolkit.input import Input

from lcr_audio.engine import MAX_PLAYERS, MIN_PLAYERS, Rules
from lcr_audio.game.bots import CAREFUL_POLICY
from lcr_audio.game.seating import clean_name, default_name, distinct_names, table
from lcr_audio.game.session import Player
from lcr_audio.i18n import _, ngettext
from lcr_audio.names import has_letter
from lcr_audio.narration.rules_summary import rules_summary
from lcr_audio.output.speech import Speaker
from lcr_audio.rule_options import RULE_OPTIONS, RuleOption
from lcr_audio.tui.choice import Defaults, Option, choose
from lcr_audio.tui.console import Console
from lcr_audio.tui.input import KeyLoop, Press, Question, SpeakerVoice, Voice, finishes, handles, leaves
from lcr_audio.tui.keys import Command, Context
from lcr_audio.tui.line import TypedLine

T = TypeVar("T")


class SetupCancelled(Exception):
    """Escape (or Control+D) during the setup: go back without starting anything."""


TYPED_LIMIT = 40
"""The most characters a typed answer keeps (a name is cut to :data:`NAME_LIMIT` after cleaning)."""


class LineEntry(TypedLine):
    """A setup question answered by typing a line (:class:`TypedLine`): Enter accepts, Escape or Control+D
    leave the setup.

    Args:
        setup: the setup asking (its speaker and console).
        question: the question, which names its default.
    """

    contexts = frozenset({Context.LINE})
    limit = TYPED_LIMIT

    def __init__(self, setup: Setup, question: str) -> None:
        super().__init__(setup.voice, setup.console, setup.speaker)
        self.setup = setup
        self.question = question

    def opened(self) -> None:
        """Ask the question after what is being said (the setup's first words, or the last answer)."""
        self.voice.say(self.question)

    def reminder(self) -> str:
        """The question, and what is typed so far."""
        return f"{self.question} {self.typed}" if self.typed else self.question

    @handles(Command.ACCEPT)
    def accept(self, press: Press) -> None:
        """Accept what is typed (nothing: the question's default)."""
        self.finish(self.typed.strip())

    back = leaves(Command.BACK, error=SetupCancelled)  # leave the setup


class StartQuestion(Question[bool]):
    """The setup's last question: Enter starts with the rules read (False), O changes the options (True),
    Escape leaves the setup."""

    contexts = frozenset({Context.START})

    def __init__(self, setup: Setup, question: str) -> None:
        super().__init__(setup.voice)
        self.question = question

    def opened(self) -> None:
        """Ask, after the last answer."""
        self.voice.say(self.question)

    def reminder(self) -> str:
        """The question."""
        return self.question

    start = finishes(Command.ACCEPT, value=False)  # start with these rules
    change = finishes(Command.CHANGE_OPTIONS, value=True)  # change the options one by one
    back = leaves(Command.BACK, error=SetupCancelled)  # leave the setup

    def unbound(self, press: Press) -> None:
        """Any other key: the two choices."""
        # Translators: a key other than Enter or O at the rules question.
        self.voice.error(_("Press Enter to start, or O to change the options."))


class Setup:
    """Asks the setup questions.

    Args:
        speaker: speaks (and, in printing modes, prints) each question and each accepted answer.
        console: the game's printer (typed answers are echoed on it).
        keys: key input (a terminal or a pipe in tests).
        everyone_at_table: every seat is a person (the scorekeeper for real dice): no question about
            computer players, and every seat's name is asked.
    """

    def __init__(
        self,
        speaker: Speaker,
        console: Console,
        keys: Input,
        *,
        everyone_at_table: bool = False,
    ) -> None:
        self.everyone_at_table = everyone_at_table
        self.speaker = speaker
        self.console = console
        self.keys = keys
        self.voice = SpeakerVoice(speaker)
        self.careful = False
        """The computer players play by the odds (chosen in the options walk; issue 15)."""

    async def _ask(self, loop: KeyLoop, question: str) -> str:
        """Ask a typed question; return the line typed (stripped)."""
        return await loop.ask(LineEntry(self, question))

    async def _number(self, loop: KeyLoop, question: str, low: int, high: int, default: int) -> int:
        while True:
            answer = await self._ask(loop, question)
            if not answer:
                return default
            if answer.isdigit() and low <= int(answer) <= high:
                return int(answer)
            # Translators: a setup answer was not a number in range; {low}, {high}, {default} are numbers.
            refused = _("Please type a number from {low} to {high}, or press Enter for {default}.").format(
                low=low, high=high, default=default
            )
            self.voice.error(refused)  # on its own line; the question follows, asked again

    async def ask(self) -> tuple[Rules, list[Player]]:
        """Ask the questions and return the rules and the seated table (seat 1 first).

        Raises:
            SetupCancelled: Escape or Control+D; one sentence says so.
            EOFError: the keyboard went away.
            KeyboardInterrupt: Control+C.
        """
        try:
            async with KeyLoop(self.keys) as loop:
                rules, seated = await self._questions(loop)
        except SetupCancelled:
            self.console.finish_line()
            # Translators: said when the player leaves the setup questions with Escape.
            self.speaker.speak(_("Setup cancelled; nothing was started."), interrupt=True)
            raise
        self.console.finish_line()
        return rules, seated

    async def _questions(self, loop: KeyLoop) -> tuple[Rules, list[Player]]:
        if self.everyone_at_table:
            # Translators: the first words of the scorekeeper's setup.
            self.speaker.speak(_("Scorekeeper for real dice. First, the table."))
        else:
            # Translators: the first words of a new game's setup.
            self.speaker.speak(_("A new game."))
        players = await self._number(
            loop,
            # Translators: first setup question.
            _("How many players, {low} to {high}? Enter for 3.").format(low=MIN_PLAYERS, high=MAX_PLAYERS),
            MIN_PLAYERS,
            MAX_PLAYERS,
            3,
        )
        # Translators: the answer to the first setup question, printed and said once accepted.
        self.speaker.speak(ngettext("{count} player.", "{count} players.", players).format(count=players))
        if self.everyone_at_table:
            people = players
        else:
            people = await self._number(
                loop,
                # Translators: second setup question; the others are computer players.
                _("How many of them play at this keyboard, 0 to {high}? Enter for 1.").format(high=players),
                0,
                players,
                1,
            )
            # Translators: the answer to the second setup question, printed and said once accepted.
            at_keyboard = ngettext(
                "{count} person plays at this keyboard.", "{count} people play at this keyboard.", people
            )
            self.speaker.speak(at_keyboard.format(count=people))
        names: list[str] = []
        for seat in range(people):  # each answer said back before the next question
            names.append(await self._name(loop, seat, people))
            self._say_name(seat, names)
        seated = table(players, names, range(people))
        rules = await self.rules(loop, players)
        if self.careful:
            seated = [p if p.human else replace(p, policy=CAREFUL_POLICY) for p in seated]
        return rules, seated

    def _say_name(self, seat: int, names: Sequence[str]) -> None:
        """Say back the name of the person at ``seat`` (0-based), the last of ``names``, as the table will
        have it: a name an earlier person already has gets a letter, and the sentence says so."""
        seated = distinct_names(names[: seat + 1])  # as table() makes them
        typed, name = names[seat], seated[seat]
        if name != typed:
            # the player already seated under that name, as they are called ("Ana" when "ana" was typed)
            earlier = next((n for n in seated[:seat] if n.casefold() == typed.casefold()), typed)
            self.speaker.speak(
                # Translators: a person typed a name an earlier player already has; the game added a
                # letter to tell them apart. {name} is the earlier player's name, {changed} the name given.
                _("There is already a player called {name}; player {number} is {changed}.").format(
                    name=earlier, number=seat + 1, changed=name
                )
            )
            return
        # Translators: the answer to a name question, printed and said once accepted.
        self.speaker.speak(_("Player {number}: {name}.").format(number=seat + 1, name=name))

    async def _name(self, loop: KeyLoop, seat: int, people: int) -> str:
        """Ask the name of the person at ``seat`` (0-based) until it is usable: a name with no letter
        ("3") is refused, since the chip counts said after names would be heard as part of it ("3 2, 2 6");
        Enter (or only spaces and signs the terminal cannot show) takes the default name."""
        default = default_name(seat, people)
        while True:
            answer = await self._ask(
                loop,
                # Translators: setup question for each person's name; {default} is taken by Enter.
                _("Name of player {number}? Enter for {default}.").format(number=seat + 1, default=default),
            )
            name = clean_name(answer)
            if not name:
                return default
            if has_letter(name):
                return name
            # Translators: a typed name had no letter (only digits or signs); {default} is taken by Enter.
            refused = _(
                "A name needs a letter, or it would sound like a number of chips: please type a name, or "
                "press Enter for {default}."
            ).format(default=default)
            self.voice.error(refused)  # on its own line; the question follows, asked again

    async def rules(self, loop: KeyLoop, players: int) -> Rules:
        """Offer the standard rules (Enter) or a walk through every option (O), then return the rules. After
        the walk, the rules chosen are said with the same choice: Enter starts, O walks the options again."""
        rules = Rules(players=players)
        # Translators: the last setup question. {summary} is the rules summary (several sentences).
        question = _("Rules: {summary} Press Enter to start, or O to change the options.")
        while await loop.ask(StartQuestion(self, question.format(summary=rules_summary(rules)))):
            rules = await self._options(loop, players, rules)
            # Translators: the last setup question again, once the options were walked through. {summary} is
            # the rules summary (several sentences) with the options chosen.
            question = _("Options set. {summary} Press Enter to start, or O to change the options again.")
        return rules

    async def _options(self, loop: KeyLoop, players: int, rules: Rules) -> Rules:
        """Each option as one question, starting from ``rules`` (the values chosen so far, or the
        defaults): value read, Left/Right change it, Enter accepts, D keeps the value on its line and every
        option after it as it is (the defaults on a first walk, the values chosen on a later one)."""
        chosen = self.careful or chosen_before(rules)
        rules, kept = await walk_options(loop, self.voice, rules, chosen=chosen)
        if kept:
            return rules  # the computer players as they were too
        try:
            self.careful = await choose(
                loop, self.voice, computer_players_option(self.careful), chosen=chosen
            )
        except Defaults as pressed:
            self.careful = bool(pressed.value)  # the value on the line, the last option
        return rules


def _walked() -> list[RuleOption[Any]]:
    """The rule options the options walk asks, in order."""
    return [option for option in RULE_OPTIONS if option.title is not None]


def chosen_before(rules: Rules) -> bool:
    """Whether any option of the walk is not at its default in ``rules`` (then D keeps the options left
    as chosen, and the keys' sentence says so rather than naming the defaults)."""
    return any(getattr(rules, option.field) != option.default for option in _walked())


async def walk_options(
    loop: KeyLoop, voice: Voice, rules: Rules, *, chosen: bool = False
) -> tuple[Rules, bool]:
    """Each rule option of the walk as one question, starting from ``rules`` (each line opens on its
    value there, so Enter keeps it): value read, Left/Right change it, Enter accepts. D keeps the value on
    its line (the one just heard) and every option after it as it is in ``rules``: the defaults on a
    setup's first walk, the values chosen on a later walk or at an online table (an option that no longer
    applies, such as three Wilds once Wild dice are off, takes its default). ``chosen``: something outside
    the rules (the computer players) was chosen before; with any rule off its default, the keys' sentence
    says D keeps the options left as chosen. Returns the rules and whether D was pressed.

    Raises:
        EOFError: the input closed.
        KeyboardInterrupt: Control+C.
    """
    walk = _walked()
    chosen = chosen or chosen_before(rules)
    for place, option in enumerate(walk):
        if not option.applies(rules):  # not asked (three Wilds without Wild dice): its default
            rules = replace(rules, **{option.field: option.default})
            continue
        try:
            value = await choose(
                loop,
                voice,
                setup_option(option, getattr(rules, option.field)),
                first=option is walk[0],
                chosen=chosen,
            )
        except Defaults as pressed:
            kept: dict[str, Any] = {option.field: pressed.value}
            rules = replace(rules, **kept)
            for later in walk[place + 1 :]:  # kept as they are, unless they no longer apply
                if not later.applies(rules):
                    rules = replace(rules, **{later.field: later.default})
            return rules, True
        rules = replace(rules, **{option.field: value})
    return rules, False


def setup_option(option: RuleOption[T], current: T | None = None) -> Option[T]:
    """The question of the options walk for a rule option (its title, its values' labels), opening on
    ``current`` (the value chosen so far; None or a value not offered: the option's default)."""
    assert option.title is not None, f"{option.field} is not asked in the walk"
    values = [(value, option.label(value)) for value in option.values]
    start = current if current in option.values else option.default
    return Option(option.title(), values, default=option.values.index(start))


def computer_players_option(careful: bool = False) -> Option[bool]:
    """How the computer players choose Wild seats and reversals: as usual, or by the odds (issue 15);
    the question opens on ``careful`` (the value chosen so far)."""
    return Option(
        # Translators: the name of the setup option for how computer players decide.
        _("Computer players"),
        [
            # Translators: a value of the computer-players option: today's way of choosing.
            (False, _("usual")),
            # Translators: a value of the computer-players option: they choose what gives them the best
            # chance of winning (heard after "Computer players:", so no colon of its own).
            (True, _("careful, choosing by the odds")),
        ],
        default=int(careful),
    )
