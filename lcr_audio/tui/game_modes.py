"""The input modes of a game (issue 10, item 6): each binds rows of the key table to the play screen's
actions. The play screen picks the mode of its context (:attr:`PlayScreen.context`); the key loop hands
it the keys.

The modes share their keys by inheritance: :class:`Anytime` (quiet, volume, Control+C, F1) under every
mode, :class:`Review` (the review keys of a game) under the game's modes and its yes-or-no question,
:class:`Playing` (the keys of play) under the turn, the reversal and the Wild choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from lcr_audio.i18n import _
from lcr_audio.narration.rules_summary import reversal_explained, rules_summary
from lcr_audio.tui.input import Mode, Press, handles
from lcr_audio.tui.keys import Command, Context

if TYPE_CHECKING:
    from lcr_audio.tui.play import PlayScreen


class Anytime(Mode):
    """Keys that work in every mode of a game: Q, F7, F8, Control+C (and F1, from :class:`Mode`)."""

    def __init__(self, screen: PlayScreen) -> None:
        super().__init__(screen)
        self.screen = screen

    def reminder(self) -> str:
        """The question pending, said again after a detour."""
        return self.screen.question_again()

    @handles(Command.QUIET)
    def quiet(self, press: Press) -> None:
        """Stop the speech now."""
        self.screen.quiet()

    @handles(Command.VOLUME_DOWN)
    def volume_down(self, press: Press) -> None:
        """Sounds quieter."""
        self.screen.volume(-1)

    @handles(Command.VOLUME_UP)
    def volume_up(self, press: Press) -> None:
        """Sounds louder."""
        self.screen.volume(+1)

    @handles(Command.QUIT_NOW)
    def quit_now(self, press: Press) -> None:
        """Save and leave at once."""
        self.screen.quit_now()


class Review(Anytime):
    """The review keys of a game, which work at any time in it (the yes-or-no question included)."""

    def heard(self, press: Press) -> bool:
        """A decision key answers only a question already handed to speech (issue 10, item 5)."""
        return self.screen.heard(press)

    @handles(Command.STATUS)
    def status(self, press: Press) -> None:
        """Every seat's chips and the pot."""
        self.screen.status()

    @handles(Command.RULES)
    def rules(self, press: Press) -> None:
        """The rules in force."""
        self.screen.answer(rules_summary(self.screen.session.rules))

    @handles(Command.RULES_READER)
    def rules_reader(self, press: Press) -> None:
        """The rules, section by section."""
        self.screen.open_reader()

    @handles(Command.HISTORY_BACK)
    def history_back(self, press: Press) -> None:
        """The previous message (the first press repeats the last one)."""
        self.screen.history_step(-1)

    @handles(Command.HISTORY_FORWARD)
    def history_forward(self, press: Press) -> None:
        """The next message."""
        self.screen.history_step(+1)

    @handles(Command.HISTORY_FIRST)
    def history_first(self, press: Press) -> None:
        """The first message."""
        self.screen.history_jump(0)

    @handles(Command.HISTORY_LAST)
    def history_last(self, press: Press) -> None:
        """The last message."""
        self.screen.history_jump(len(self.screen.history) - 1)

    @handles(Command.VERBOSITY)
    def verbosity(self, press: Press) -> None:
        """Brief, normal or full."""
        self.screen.cycle_verbosity()

    @handles(Command.SLOWER)
    def slower(self, press: Press) -> None:
        """The game's own voice slower."""
        self.screen.rate(-1)

    @handles(Command.FASTER)
    def faster(self, press: Press) -> None:
        """The game's own voice faster."""
        self.screen.rate(+1)

    @handles(Command.CHAT)
    def chat(self, press: Press) -> None:
        """Open a chat line (a table with other people online), else the key does nothing here."""
        if self.screen.chats:
            self.screen.chat()
        else:
            self.unbound(press)

    @property
    def hidden(self) -> frozenset[Command]:
        """Chat is left out of F1's list at a table with nobody online."""
        return frozenset() if self.screen.chats else frozenset({Command.CHAT})

    @handles(Command.OPTIONS)
    def options(self, press: Press) -> None:
        """The options menu."""
        self.screen.open_options()

    @handles(Command.ODDS)
    def odds(self, press: Press) -> None:
        """Each seat's chance of winning from here (issue 15)."""
        self.screen.odds()


class Playing(Review):
    """The keys of a game under way (not at its yes-or-no question)."""

    @handles(Command.POT)
    def pot(self, press: Press) -> None:
        """The pot."""
        self.screen.answer(self.screen.narrator.pot(self.screen.state).text)

    @handles(Command.TURN)
    def turn(self, press: Press) -> None:
        """Whose turn it is."""
        self.screen.answer(self.screen.narrator.whose_turn(self.screen.state).text)

    @handles(Command.NEIGHBOURS)
    def neighbours(self, press: Press) -> None:
        """Who sits on either side, with their chips."""
        self.screen.neighbours()

    @handles(Command.EXPLAIN_ROLL)
    def explain_roll(self, press: Press) -> None:
        """The last roll, face by face."""
        self.screen.explain_roll()

    @handles(Command.SAVE)
    def save(self, press: Press) -> None:
        """Save the game now."""
        self.screen.save_now()

    @handles(Command.SEAT)
    def seat(self, press: Press) -> None:
        """One seat's chips (while choosing for a Wild: go to that seat)."""
        self.screen.seat(press.data)

    @handles(Command.MENU)
    def menu(self, press: Press) -> None:
        """Escape: quit the game, after a yes or no question (while choosing: the question again)."""
        self.screen.menu()


class TurnMode(Playing):
    """A person's roll is due, or a computer player is playing."""

    contexts = frozenset({Context.ROLL, Context.WATCH})

    @property
    def context(self) -> Context:
        """ROLL or WATCH, as the screen says."""
        return self.screen.context

    @handles(Command.ROLL)
    def roll(self, press: Press) -> None:
        """Roll the dice (a press after the turn was announced)."""
        self.screen.roll()

    @handles(Command.PAUSE)
    def pause(self, press: Press) -> None:
        """Pause the computer players, or let them go on."""
        self.screen.toggle_pause()


class ReverseMode(Playing):
    """A person decides whether to reverse the dice (R9)."""

    contexts = frozenset({Context.REVERSE})

    @handles(Command.YES)
    def yes(self, press: Press) -> None:
        """Reverse."""
        self.screen.yes_no(True)

    @handles(Command.NO)
    def no(self, press: Press) -> None:
        """Do not reverse."""
        self.screen.yes_no(False)

    @handles(Command.EXPLAIN)
    def explain(self, press: Press) -> None:
        """What reversing does."""
        self.screen.answer(reversal_explained(self.screen.session.rules))


class ChoiceMode(Playing):
    """A person chooses a seat for a Wild (R7, R9)."""

    contexts = frozenset({Context.CHOOSE})

    @handles(Command.NEXT_SEAT)
    def next_seat(self, press: Press) -> None:
        """The next seat to choose."""
        self.screen.move_choice(+1)

    @handles(Command.PREVIOUS_SEAT)
    def previous_seat(self, press: Press) -> None:
        """The previous seat to choose."""
        self.screen.move_choice(-1)

    @handles(Command.CONFIRM_SEAT)
    def confirm_seat(self, press: Press) -> None:
        """Choose the seat offered (a press after the question was heard)."""
        self.screen.confirm_choice()


class ConfirmMode(Review):
    """A yes-or-no question is open (quit? play again? undo?)."""

    contexts = frozenset({Context.CONFIRM})

    @handles(Command.YES)
    def yes(self, press: Press) -> None:
        """Yes."""
        self.screen.yes_no(True)

    @handles(Command.NO)
    def no(self, press: Press) -> None:
        """No (N or Escape)."""
        self.screen.yes_no(False)

    def unbound(self, press: Press) -> None:
        """Another key: the question again."""
        question = self.screen.question_text()
        if not question:  # the game is over and no question is open: the screen is closing
            # Translators: said for a key that does nothing at this moment.
            self.screen.error(_("Not now. F1 lists the keys."))
            return
        # Translators: a key other than Y or N at a yes-or-no question; the question follows.
        self.screen.error(f"{_('Please press Y or N.')} {question}")


class OptionsMode(Anytime):
    """The options menu, open during a game."""

    contexts = frozenset({Context.OPTIONS})

    def reminder(self) -> str:
        """The line under review."""
        return self.screen.overlay_line()

    @handles(Command.NEXT_LINE)
    def next_option(self, press: Press) -> None:
        """The next option."""
        self.screen.line(+1)

    @handles(Command.PREVIOUS_LINE)
    def previous_option(self, press: Press) -> None:
        """The previous option."""
        self.screen.line(-1)

    @handles(Command.INCREASE)
    def increase(self, press: Press) -> None:
        """The option's value up."""
        self.screen.change_option(+1)

    @handles(Command.DECREASE)
    def decrease(self, press: Press) -> None:
        """The option's value down."""
        self.screen.change_option(-1)

    @handles(Command.CLOSE)
    def close(self, press: Press) -> None:
        """Back to the game."""
        self.screen.close_overlay()


class ReaderMode(Anytime):
    """The rules reader, open during a game (Control+F1)."""

    contexts = frozenset({Context.READER})

    def reminder(self) -> str:
        """The line under review."""
        return self.screen.overlay_line()

    @handles(Command.NEXT_LINE)
    def next_section(self, press: Press) -> None:
        """The next section's title."""
        self.screen.line(+1)

    @handles(Command.PREVIOUS_LINE)
    def previous_section(self, press: Press) -> None:
        """The previous section's title."""
        self.screen.line(-1)

    @handles(Command.FIRST_LINE)
    def first_section(self, press: Press) -> None:
        """The first section's title."""
        self.screen.section(0)

    @handles(Command.LAST_LINE)
    def last_section(self, press: Press) -> None:
        """The last section's title."""
        self.screen.section(-1)

    @handles(Command.READ_ALL)
    def read_all(self, press: Press) -> None:
        """The whole section."""
        self.screen.read_section()

    @handles(Command.CLOSE)
    def close(self, press: Press) -> None:
        """Back to the game."""
        self.screen.close_overlay()


class GameRouter(Mode):
    """The play screen's place on the key loop's stack: each key goes to the input mode of the context in
    force (see :attr:`PlayScreen.context`). It serves no context of its own."""

    def __init__(self, screen: PlayScreen) -> None:
        super().__init__(screen)
        self.screen = screen

    @property
    def context(self) -> Context:
        """The play screen's context."""
        return self.screen.context

    def dispatch(self, press: Press) -> None:
        """Hand ``press`` to the mode in force (nothing once the screen has ended)."""
        if not self.screen.done:
            self.screen.mode.dispatch(press)


def game_modes(screen: PlayScreen) -> Mapping[Context, Mode]:
    """The modes of a game, by the context each serves."""
    modes: list[Mode] = [
        TurnMode(screen),
        ReverseMode(screen),
        ChoiceMode(screen),
        ConfirmMode(screen),
        OptionsMode(screen),
        ReaderMode(screen),
    ]
    return {context: mode for mode in modes for context in mode.contexts}


__all__ = [
    "Anytime",
    "ChoiceMode",
    "ConfirmMode",
    "GameRouter",
    "OptionsMode",
    "Playing",
    "ReaderMode",
    "ReverseMode",
    "Review",
    "TurnMode",
    "game_modes",
]
