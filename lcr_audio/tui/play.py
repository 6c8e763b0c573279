"""The play screen: keys in, utterances out (DESIGN.md §3).

It reads keys with prompt_toolkit's input layer (raw mode, its key parser) rather than a full
``Application``: an application redraws its layout after every message printed above it, and a screen
reader reads each redraw again. Here output is append-only and nothing is redrawn. Keys come from the
table in :mod:`lcr_audio.tui.keys`.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections.abc import Callable, Sequence

from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

from ..engine import ChooseSeat, Event, GameState, Phase, Reverse, Seat
from ..i18n import _, ngettext
from ..narration import Narrator, Priority, Utterance
from ..narration.rules_summary import reversal_explained, rules_summary
from ..session import Session
from ..speech import Speaker
from .keys import Command, Context, KeySpec, help_text, lookup

log = logging.getLogger(__name__)

ESCAPE_FLUSH_SECONDS = 0.05
"""How long a lone Escape waits to be sure it does not begin a key sequence (seconds)."""


class Outcome(enum.Enum):
    """How the play screen ended."""

    FINISHED = "finished"
    """The game (or games) ended and nobody asked for another."""
    QUIT = "quit"
    """A player chose to leave."""


class _Question(enum.Enum):
    QUIT = "quit"
    AGAIN = "again"


class PlayScreen:
    """Plays sessions by keyboard until the players stop.

    Args:
        session: the game to play (its listeners get the narration hooked on).
        speaker: where utterances go.
        keys: the key input (a terminal, or ``create_pipe_input()`` in tests; ``DummyInput`` when no one
            is at the keyboard).
        pause: seconds a computer player waits before each decision (0 with ``--fast``).
        new_session: makes the next game for "play again" from the finished one; None to never ask.
    """

    def __init__(
        self,
        session: Session,
        speaker: Speaker,
        keys: Input,
        *,
        pause: float = 1.0,
        new_session: Callable[[Session], Session] | None = None,
    ) -> None:
        self.speaker = speaker
        self.keys = keys
        self.pause = pause
        self.new_session = new_session
        self.history: list[str] = []
        self._history_pos: int | None = None
        self._question: _Question | None = None
        self._choice = 0
        self._bot_task: asyncio.TimerHandle | None = None
        self._flush_task: asyncio.TimerHandle | None = None
        self._done: asyncio.Future[Outcome] | None = None
        self._use(session)

    # --- running --------------------------------------------------------------------------------------

    def _use(self, session: Session) -> None:
        self.session = session
        self.narrator = Narrator(session.names, session.humans)
        session.listeners.append(self._on_events)

    async def run(self) -> Outcome:
        """Play until the game ends and nobody wants another, or a player quits. Returns how it ended."""
        loop = asyncio.get_running_loop()
        self._done = loop.create_future()
        with self.keys.raw_mode(), self.keys.attach(self._on_input):
            self.session.start()
            self._schedule()
            outcome = await self._done
        self._cancel_bot()
        return outcome

    @property
    def state(self) -> GameState:
        """The state of the game being played."""
        return self.session.state

    @property
    def context(self) -> Context:
        """What the screen waits for now (which keys work)."""
        if self._question is not None or self.state.over:
            return Context.CONFIRM
        if not self.session.human_to_play:
            return Context.WATCH
        return {
            Phase.REVERSE: Context.REVERSE,
            Phase.WILD_TAKE: Context.CHOOSE,
            Phase.WILD_GIVE: Context.CHOOSE,
        }.get(self.state.phase, Context.ROLL)

    def _finish(self, outcome: Outcome) -> None:
        self._cancel_bot()
        if self._done is not None and not self._done.done():
            self._done.set_result(outcome)

    def _schedule(self) -> None:
        """After every change: let a computer player move, or wait for a person, or end the game."""
        self._cancel_bot()
        if self._question is not None:
            return
        if self.state.over:
            if self.new_session is None or not self.session.humans:
                self._finish(Outcome.FINISHED)
            else:
                self._ask(_Question.AGAIN)
            return
        if not self.session.human_to_play:
            loop = asyncio.get_running_loop()
            self._bot_task = loop.call_later(self.pause, self._computer_moves)

    def _cancel_bot(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
            self._bot_task = None

    def _computer_moves(self) -> None:
        self._bot_task = None
        try:
            self.session.play_computer()
        except Exception:
            log.exception("A computer player could not move")
            self._error(_("Something went wrong with a computer player; the game stops here."))
            self._finish(Outcome.QUIT)
            return
        self._schedule()

    # --- output ---------------------------------------------------------------------------------------

    def _on_events(self, events: Sequence[Event], state: GameState) -> None:
        for utterance in self.narrator.narrate(events, state):
            self._say(utterance)
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE) and self.session.human_to_play:
            self._choice = 0
            self._say(self._choice_utterance(Priority.IMPORTANT))

    def _say(self, utterance: Utterance) -> None:
        """Speak an utterance: game messages queue and enter the history; answers interrupt."""
        if utterance.priority is Priority.ANSWER:
            self.speaker.speak(utterance.text, interrupt=True)
            return
        self.history.append(utterance.text)
        self._history_pos = None
        self.speaker.speak(utterance.text, interrupt=False)

    def _answer(self, text: str) -> None:
        self._say(Utterance(text, Priority.ANSWER))

    def _error(self, text: str) -> None:
        self._say(Utterance(text, Priority.ANSWER, ("error",)))

    def _ask(self, question: _Question) -> None:
        self._question = question
        self._cancel_bot()
        if question is _Question.QUIT:
            # Translators: asked when the player presses Escape during a game.
            text = _("Quit this game? Y or N.")
        else:
            # Translators: asked when a game has ended.
            text = _("Play again with the same table? Y or N.")
        self._say(Utterance(text, Priority.IMPORTANT))

    # --- keys -----------------------------------------------------------------------------------------

    def _on_input(self) -> None:
        if self._flush_task is not None:
            self._flush_task.cancel()
            self._flush_task = None
        for press in self.keys.read_keys():
            self._on_key(press)
        if not self.keys.closed:
            # A lone Escape stays in the parser until we know no sequence follows it.
            loop = asyncio.get_running_loop()
            self._flush_task = loop.call_later(ESCAPE_FLUSH_SECONDS, self._flush_keys)

    def _flush_keys(self) -> None:
        self._flush_task = None
        for press in self.keys.flush_keys():
            self._on_key(press)

    def _on_key(self, press: KeyPress) -> None:
        if self._done is None or self._done.done():
            return
        key: str | Keys = press.key
        if key == Keys.CPRResponse or key == Keys.Ignore:
            return
        spec = lookup(key, self.context)
        if spec is None:
            # Translators: said for a key that does nothing at this moment.
            self._error(_("Not now. F1 lists the keys."))
            return
        try:
            self._run(spec, press.data)
        except Exception:  # a key must never end the game
            log.exception("The %s key failed", spec.command)
            self._error(_("That did not work; the game goes on."))

    def _run(self, spec: KeySpec, data: str) -> None:
        command = spec.command
        handlers: dict[Command, Callable[[], None]] = {
            Command.ROLL: self._roll,
            Command.STATUS: lambda: self._say(self.narrator.status(self.state)),
            Command.POT: lambda: self._say(self.narrator.pot(self.state)),
            Command.TURN: lambda: self._say(self.narrator.whose_turn(self.state)),
            Command.RULES: lambda: self._answer(rules_summary(self.session.rules)),
            Command.HELP: lambda: self._answer(help_text(self.context)),
            Command.HISTORY_BACK: lambda: self._history_step(-1),
            Command.HISTORY_FORWARD: lambda: self._history_step(+1),
            Command.HISTORY_FIRST: lambda: self._history_jump(0),
            Command.HISTORY_LAST: lambda: self._history_jump(len(self.history) - 1),
            Command.MENU: self._menu,
            Command.QUIT_NOW: lambda: self._finish(Outcome.QUIT),
            Command.YES: lambda: self._yes_no(True),
            Command.NO: lambda: self._yes_no(False),
            Command.EXPLAIN: lambda: self._answer(reversal_explained()),
            Command.NEXT_SEAT: lambda: self._move_choice(+1),
            Command.PREVIOUS_SEAT: lambda: self._move_choice(-1),
            Command.CONFIRM_SEAT: self._confirm_choice,
        }
        if command is Command.SEAT:
            self._seat_key(data)
            return
        handlers[command]()

    def _roll(self) -> None:
        self.session.roll()
        self._schedule()

    def _seat_key(self, data: str) -> None:
        number = 10 if data == "0" else int(data)
        seat: Seat = number - 1
        if self.context is not Context.CHOOSE:
            self._say(self.narrator.seat(self.state, seat))
            return
        choices = self.state.choices
        if seat in choices:
            self._choice = choices.index(seat)
            self._answer(self._choice_utterance(Priority.ANSWER).text)
        elif 0 <= seat < self.state.rules.players:
            name = self.session.names[seat]
            if seat == self.state.seat:
                # Translators: while choosing a seat for a Wild, the player pressed their own seat's digit.
                self._error(_("That is your own seat; choose another player."))
            else:
                # Translators: while choosing whom to take a chip from, a seat with no chips was pressed.
                self._error(_("{name} has no chips to take.").format(name=name))
        else:
            self._say(self.narrator.seat(self.state, seat))

    def _choice_utterance(self, priority: Priority) -> Utterance:
        choices = self.state.choices
        seat = choices[self._choice % len(choices)]
        count = self.state.chips[seat]
        # Translators: one seat read while choosing for a Wild: its name, chips, and place in the list.
        text = ngettext(
            "{name}, {count} chip. {place} of {total}.",
            "{name}, {count} chips. {place} of {total}.",
            count,
        ).format(name=self.session.names[seat], count=count, place=self._choice + 1, total=len(choices))
        return Utterance(text, priority)

    def _move_choice(self, delta: int) -> None:
        choices = self.state.choices
        self._choice = (self._choice + delta) % len(choices)
        self._answer(self._choice_utterance(Priority.ANSWER).text)

    def _confirm_choice(self) -> None:
        choices = self.state.choices
        self.session.apply(ChooseSeat(choices[self._choice % len(choices)]))
        self._schedule()

    def _menu(self) -> None:
        if self.context is Context.CHOOSE:
            prompt = self.narrator.prompt(self.state)
            if prompt is not None:
                self._answer(prompt.text)
            self._answer(self._choice_utterance(Priority.ANSWER).text)
            return
        self._ask(_Question.QUIT)

    def _yes_no(self, yes: bool) -> None:
        question, self._question = self._question, None
        if question is None:  # the reversal question (R9)
            self.session.apply(Reverse(yes))
            self._schedule()
            return
        if question is _Question.QUIT:
            if yes:
                self._finish(Outcome.QUIT)
                return
            # Translators: the player answered no to "Quit this game?".
            self._answer(_("The game goes on."))
            prompt = self.narrator.prompt(self.state)
            if prompt is not None:
                self._answer(prompt.text)
            self._schedule()
            return
        if not yes or self.new_session is None:
            self._finish(Outcome.FINISHED)
            return
        self._use(self.new_session(self.session))
        self.session.start()
        self._schedule()

    # --- history --------------------------------------------------------------------------------------

    def _history_step(self, delta: int) -> None:
        if not self.history:
            # Translators: the player asked for a past message before anything was said.
            self._answer(_("No messages yet."))
            return
        if self._history_pos is None:
            self._history_jump(len(self.history) - 1)  # the first press repeats the last message
            return
        self._history_jump(self._history_pos + delta)

    def _history_jump(self, position: int) -> None:
        if not self.history:
            self._answer(_("No messages yet."))
            return
        last = len(self.history) - 1
        if position < 0 or position > last:
            # Translators: stepping through past messages went past the first or the last one.
            edge = _("First message.") if position < 0 else _("Last message.")
            position = min(max(position, 0), last)
            self._history_pos = position
            self._answer(f"{edge} {self.history[position]}")
            return
        self._history_pos = position
        self._answer(self.history[position])


def run_play_screen(screen: PlayScreen) -> Outcome:
    """Run ``screen`` in a new event loop and return how it ended (Ctrl+C included, as QUIT)."""
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(screen.run())
    return Outcome.QUIT


__all__ = ["Outcome", "PlayScreen", "run_play_screen"]
