"""The input modes of a game (issue 10, item 6): each binds rows of the key table to the play screen's
actions. The play screen picks the mode of its context (:attr:`PlayScreen.context`); the key loop hands
it the keys.

The modes share their keys by inheritance: :class:`Anytime` (quiet, volume, Control+C, F1) under every
mode, :class:`Review` (the review keys of a game) under the game's modes and its yes-or-no question,
:class:`Playing` (the keys of play) under the turn, the reversal and the Wild choice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from lcr_audio.engine import GameState
from lcr_audio.game.session import Session
from lcr_audio.i18n import N_, _
from lcr_audio.narration import Narrator
from lcr_audio.narration.rules_summary import reversal_explained, rules_summary
from lcr_audio.output.speech import Speaker
from lcr_audio.speech_mode import SpeechMode
from lcr_audio.tui.input import Mode, Press, Voice, handles
from lcr_audio.tui.keys import Command, Context
from lcr_audio.tui.play_facts import FactKeys
from lcr_audio.tui.play_history import History
from lcr_audio.tui.play_overlays import Overlays
from lcr_audio.tui.play_settings import SettingsKeys


class GameScreen(Voice, Protocol):
    """What the modes of a game ask of the screen they serve (:class:`lcr_audio.tui.play.PlayScreen` is
    one): its state, and an action for each key. Declared here, below the play screen, so that the modes
    never import it (issue 23, item 4: no import cycle, not even one for types)."""

    @property
    def chats(self) -> bool:
        """True at a table where the chat key works (online)."""

    @property
    def unused_keys(self) -> frozenset[Command]:
        """Keys of the game that do nothing at this table, left out of F1's list."""

    @property
    def table_help_words(self) -> Mapping[Command, str]:
        """F1's words (catalog messages) for the keys that do otherwise at this table."""

    @property
    def session(self) -> Session:
        """The game being played."""

    @property
    def speaker(self) -> Speaker:
        """Speech output (the own voice's speed keys are listed only when it speaks itself)."""

    @property
    def narrator(self) -> Narrator:
        """The game's narration."""

    @property
    def heard_state(self) -> GameState:
        """The game as the player has heard it (the fact keys speak of it)."""

    @property
    def history(self) -> Sequence[str]:
        """Every message kept, oldest first (comma and period step through it)."""

    @property
    def messages(self) -> History:
        """The messages kept and the review keys' place among them."""

    @property
    def settings_keys(self) -> SettingsKeys:
        """V, the rate and volume keys, and the options menu."""

    @property
    def facts(self) -> FactKeys:
        """The keys that tell facts as heard: O, H, B."""

    @property
    def overlays(self) -> Overlays:
        """The options menu or the rules reader open over the game, if either is."""

    @property
    def context(self) -> Context:
        """What the screen waits for now."""

    @property
    def mode(self) -> Mode:
        """The input mode that answers the keys now."""

    @property
    def done(self) -> bool:
        """True once the screen has ended."""

    def heard(self, press: Press) -> bool:
        """True when ``press`` came after the pending question was heard."""

    def question_again(self) -> str:
        """The question pending, to say again after a detour ("" when none is)."""

    def question_text(self) -> str:
        """The yes-or-no question open ("" when none is)."""

    def open_reader(self) -> None: ...
    def answer_kept(self, text: str) -> None:
        """Say ``text`` now and keep it in the history."""

    def quiet(self) -> None: ...
    def quit_now(self) -> None: ...
    def status(self) -> None: ...
    def chat(self) -> None: ...
    def explain_roll(self) -> None: ...
    def save_now(self) -> None: ...
    def menu(self) -> None: ...
    def seat(self, data: str) -> None: ...
    def roll(self) -> None: ...
    def toggle_pause(self) -> None: ...
    def yes_no(self, yes: bool) -> None: ...
    def move_choice(self, delta: int) -> None: ...
    def confirm_choice(self) -> None: ...
    def close_overlay(self) -> None: ...


def told(screen: GameScreen, text: str) -> None:
    """Answer ``text``, if there is any (a list's key while no list is open says nothing)."""
    if text:
        screen.answer(text)


def on(*commands: Command, does: Callable[[GameScreen], object]) -> Callable[[Anytime, Press], None]:
    """A handler for ``commands`` that calls ``does`` with the play screen, whichever of their keys was
    pressed (the key table's rows give the keys and F1's sentence)."""

    @handles(*commands)
    def handler(mode: Anytime, press: Press) -> None:
        does(mode.screen)

    return handler


class Anytime(Mode):
    """Keys that work in every mode of a game: Q, F7, F8, Control+C (and F1, from :class:`Mode`)."""

    def __init__(self, screen: GameScreen) -> None:
        super().__init__(screen)
        self.screen = screen

    def reminder(self) -> str:
        """The question pending, said again after a detour."""
        return self.screen.question_again()

    quiet = on(Command.QUIET, does=lambda screen: screen.quiet())
    volume_down = on(Command.VOLUME_DOWN, does=lambda screen: screen.answer(screen.settings_keys.volume(-1)))
    volume_up = on(Command.VOLUME_UP, does=lambda screen: screen.answer(screen.settings_keys.volume(+1)))
    quit_now = on(Command.QUIT_NOW, does=lambda screen: screen.quit_now())  # save and leave at once


class Review(Anytime):
    """The review keys of a game, which work at any time in it (the yes-or-no question included)."""

    def heard(self, press: Press) -> bool:
        """A decision key answers only a question already handed to speech (issue 10, item 5)."""
        return self.screen.heard(press)

    status = on(Command.STATUS, does=lambda screen: screen.status())
    rules = on(Command.RULES, does=lambda screen: screen.answer(rules_summary(screen.session.rules)))
    rules_reader = on(
        Command.RULES_READER,
        does=lambda screen: screen.answer(screen.overlays.open_reader(screen.session.rules)),
    )
    # the first press of the previous message repeats the last one
    history_back = on(Command.HISTORY_BACK, does=lambda screen: screen.answer(screen.messages.step(-1)))
    history_forward = on(Command.HISTORY_FORWARD, does=lambda screen: screen.answer(screen.messages.step(+1)))
    history_first = on(Command.HISTORY_FIRST, does=lambda screen: screen.answer(screen.messages.jump(0)))
    history_last = on(
        Command.HISTORY_LAST, does=lambda screen: screen.answer(screen.messages.jump(len(screen.history) - 1))
    )
    verbosity = on(
        Command.VERBOSITY, does=lambda screen: screen.answer(screen.settings_keys.cycle_verbosity())
    )
    # the game's own voice
    slower = on(Command.SLOWER, does=lambda screen: screen.answer(screen.settings_keys.rate(-1)))
    faster = on(Command.FASTER, does=lambda screen: screen.answer(screen.settings_keys.rate(+1)))
    options = on(
        Command.OPTIONS,
        does=lambda screen: screen.answer(screen.overlays.open_options(screen.settings_keys.options_menu())),
    )
    # each seat's chance of winning (issue 15), and the best choice (issue 25, item 3): kept in the history
    odds = on(Command.ODDS, does=lambda screen: screen.answer_kept(screen.facts.odds()))
    best_choice = on(Command.BEST_CHOICE, does=lambda screen: screen.answer_kept(screen.facts.best_choice()))

    @handles(Command.CHAT)
    def chat(self, press: Press) -> None:
        """Open a chat line (a table with other people online), else the key does nothing here."""
        if self.screen.chats:
            self.screen.chat()
        else:
            self.unbound(press)

    @property
    def hidden(self) -> frozenset[Command]:
        """Chat is left out of F1's list at a table with nobody online, the own voice's speed keys when the
        game's own voice is not in use, and the keys this table does not use (online: saving)."""
        hidden = self.screen.unused_keys | (frozenset() if self.screen.chats else frozenset({Command.CHAT}))
        if self.screen.speaker.mode != SpeechMode.TTS:
            hidden |= {Command.SLOWER, Command.FASTER}
        return hidden

    @property
    def help_words(self) -> Mapping[Command, str]:
        """The table's own words for its keys (online: Control+C leaves and the seat waits); while watching
        (nobody at the keyboard plays), B is about the seat to play, not "you"."""
        words = dict(self.screen.table_help_words)
        if not self.screen.session.humans:
            # Translators: F1 key help while watching a game of computer players: what B does, said
            # after its name (it tells who sits beside the player whose turn it is).
            words[Command.NEIGHBOURS] = N_(
                "who sits beside the player whose turn it is, left and right, with their chips"
            )
        return words


class Playing(Review):
    """The keys of a game under way (not at its yes-or-no question)."""

    # the facts as heard (:attr:`PlayScreen.heard_state`), never a roll still being told
    pot = on(Command.POT, does=lambda screen: screen.answer(screen.narrator.pot(screen.heard_state).text))
    turn = on(
        Command.TURN, does=lambda screen: screen.answer(screen.narrator.whose_turn(screen.heard_state).text)
    )
    neighbours = on(Command.NEIGHBOURS, does=lambda screen: screen.answer(screen.facts.neighbours()))
    explain_roll = on(Command.EXPLAIN_ROLL, does=lambda screen: screen.explain_roll())
    save = on(Command.SAVE, does=lambda screen: screen.save_now())
    # Escape: quit the game, after a yes or no question (while choosing: the question again)
    menu = on(Command.MENU, does=lambda screen: screen.menu())

    @handles(Command.SEAT)
    def seat(self, press: Press) -> None:
        """One seat's chips (while choosing for a Wild: go to that seat)."""
        self.screen.seat(press.data)


class TurnMode(Playing):
    """A person's roll is due, or a computer player is playing."""

    contexts = frozenset({Context.ROLL, Context.WATCH})

    @property
    def context(self) -> Context:
        """ROLL or WATCH, as the screen says."""
        return self.screen.context

    roll = on(Command.ROLL, does=lambda screen: screen.roll())  # a press after the turn was announced
    pause = on(Command.PAUSE, does=lambda screen: screen.toggle_pause())  # the computer players


class ReverseMode(Playing):
    """A person decides whether to reverse the dice (R9)."""

    contexts = frozenset({Context.REVERSE})

    yes = on(Command.YES, does=lambda screen: screen.yes_no(True))
    no = on(Command.NO, does=lambda screen: screen.yes_no(False))
    explain = on(Command.EXPLAIN, does=lambda screen: screen.answer(reversal_explained(screen.session.rules)))


class ChoiceMode(Playing):
    """A person chooses a seat for a Wild (R7, R9)."""

    contexts = frozenset({Context.CHOOSE})

    next_seat = on(Command.NEXT_SEAT, does=lambda screen: screen.move_choice(+1))
    previous_seat = on(Command.PREVIOUS_SEAT, does=lambda screen: screen.move_choice(-1))
    # a press after the question was heard
    confirm_seat = on(Command.CONFIRM_SEAT, does=lambda screen: screen.confirm_choice())


class ConfirmMode(Review):
    """A yes-or-no question is open (quit? play again? undo?)."""

    contexts = frozenset({Context.CONFIRM})

    yes = on(Command.YES, does=lambda screen: screen.yes_no(True))
    no = on(Command.NO, does=lambda screen: screen.yes_no(False))  # N or Escape

    def unbound(self, press: Press) -> None:
        """Another key: the question again."""
        question = self.screen.question_text()
        if not question:  # the game is over and no question is open: the screen is closing
            # Translators: said for a key that does nothing at this moment.
            self.screen.error(_("Not now. F1 lists the keys."))
            return
        # Translators: a key other than Y or N at a yes-or-no question; the question follows.
        self.screen.error(f"{_('Please press Y or N.')} {question}")


class Overlay(Anytime):
    """A list shown over the game (the options menu, the rules reader): Up and Down step through its lines,
    Escape closes it."""

    def reminder(self) -> str:
        """The line under review."""
        return self.screen.overlays.line()

    next_line = on(Command.NEXT_LINE, does=lambda screen: told(screen, screen.overlays.move(+1)))
    previous_line = on(Command.PREVIOUS_LINE, does=lambda screen: told(screen, screen.overlays.move(-1)))
    close = on(Command.CLOSE, does=lambda screen: screen.close_overlay())  # back to the game


class OptionsMode(Overlay):
    """The options menu, open during a game."""

    contexts = frozenset({Context.OPTIONS})

    increase = on(Command.INCREASE, does=lambda screen: told(screen, screen.overlays.change(+1)))
    decrease = on(Command.DECREASE, does=lambda screen: told(screen, screen.overlays.change(-1)))
    first_option = on(Command.FIRST_LINE, does=lambda screen: told(screen, screen.overlays.go(0)))
    last_option = on(Command.LAST_LINE, does=lambda screen: told(screen, screen.overlays.go(-1)))


class ReaderMode(Overlay):
    """The rules reader, open during a game (Control+F1): its lines are the sections' titles."""

    contexts = frozenset({Context.READER})

    first_section = on(Command.FIRST_LINE, does=lambda screen: told(screen, screen.overlays.go(0)))
    last_section = on(Command.LAST_LINE, does=lambda screen: told(screen, screen.overlays.go(-1)))
    read_all = on(
        Command.READ_ALL, does=lambda screen: told(screen, screen.overlays.read())
    )  # the whole section


class GameRouter(Mode):
    """The play screen's place on the key loop's stack: each key goes to the input mode of the context in
    force (see :attr:`PlayScreen.context`). It serves no context of its own."""

    def __init__(self, screen: GameScreen) -> None:
        super().__init__(screen)
        self.screen = screen

    @property
    def context(self) -> Context:
        """The play screen's context."""
        return self.screen.context

    @property
    def hidden(self) -> frozenset[Command]:
        """The keys the mode in force leaves out of its list (a browser page's buttons ask the router)."""
        return self.screen.mode.hidden

    @property
    def help_words(self) -> Mapping[Command, str]:
        """What some keys do in the mode in force, where the key table's words do not fit."""
        return self.screen.mode.help_words

    def dispatch(self, press: Press) -> None:
        """Hand ``press`` to the mode in force (nothing once the screen has ended)."""
        if not self.screen.done:
            self.screen.mode.dispatch(press)


def game_modes(screen: GameScreen) -> Mapping[Context, Mode]:
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
    "GameScreen",
    "OptionsMode",
    "Overlay",
    "Playing",
    "ReaderMode",
    "ReverseMode",
    "Review",
    "TurnMode",
    "game_modes",
    "on",
    "told",
]
