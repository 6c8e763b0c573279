"""The play screen: keys in, utterances and cues out (DESIGN.md §3).

It reads keys with prompt_toolkit's input layer (raw mode, its key parser) rather than a full
``Application``: an application redraws its layout after every message printed above it, and a screen
reader reads each redraw again. Here output is append-only and nothing is redrawn. Keys come from the
table in :mod:`lcr_audio.tui.keys`; game messages go through a :class:`Presenter` (cues, then speech, in
order); answers to keys interrupt.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections.abc import Callable, Sequence
from typing import Protocol

from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

from ..engine import (
    ChooseSeat,
    DiceRolled,
    Event,
    GameState,
    Phase,
    Reverse,
    Seat,
    TurnEnded,
    TurnStarted,
)
from ..i18n import _, ngettext
from ..narration import Narrator, Priority, Utterance, Verbosity
from ..narration.rules_summary import reversal_explained, rules_summary
from ..rules_text import Section, explain_roll, sections
from ..session import Session
from ..settings import VERBOSITIES, Settings
from ..sound import SoundPlayer
from ..speech import Speaker
from .choice import ESCAPE_FLUSH_SECONDS
from .keys import CHOOSING, Command, Context, KeySpec, help_text, lookup
from .options import OptionsMenu, SettingsApplier, verbosity_name
from .presenter import NO_CUE_ARGS, CueArgs, Presenter
from .reader import section_text, section_title

log = logging.getLogger(__name__)


class Outcome(enum.Enum):
    """How the play screen ended."""

    FINISHED = "finished"
    """The game (or games) ended and nobody asked for another."""
    QUIT = "quit"
    """A player chose to leave this game (Escape, then Y): back to the main menu, if it started there."""
    LEFT = "left"
    """The program must end: Control+C, or a signal (the terminal closed, the system shutting down)."""


class _Question(enum.Enum):
    QUIT = "quit"
    AGAIN = "again"


class Keeper(Protocol):
    """Keeps the game safe (autosave, Ctrl+S, the series): see :mod:`lcr_audio.keeper`."""

    def turn_ended(self, screen: PlayScreen) -> str | None:
        """Autosave after a turn. Returns a sentence to say only when something went wrong."""

    def save_now(self, screen: PlayScreen) -> str | None:
        """Save at once (Ctrl+S, leaving). Returns the sentence to say (None: nothing to save yet)."""

    def game_over(self, screen: PlayScreen) -> str | None:
        """Record the win in the series and save. Returns a sentence to say, if any."""

    def series_text(self, screen: PlayScreen) -> str:
        """The series table as one utterance."""

    def standings(self, screen: PlayScreen) -> str | None:
        """The series table when the table has played more than one game (said before "Play again?")."""


class PlayScreen:
    """Plays sessions by keyboard until the players stop.

    Args:
        session: the game to play (its listeners get the narration hooked on).
        speaker: where utterances go.
        keys: the key input (a terminal, or ``create_pipe_input()`` in tests; ``DummyInput`` when no one
            is at the keyboard).
        pause: seconds a computer player waits before each decision (0 with ``--fast``), on top of the
            time the queued speech needs.
        new_session: makes the next game for "play again" from the finished one; None to never ask.
        settings: the player's settings (verbosity, sounds...); changed by the options menu and the keys.
        save_settings: called after the settings changed (to remember them).
        sound: the cue player, or None for no sound.
        keeper: autosave and series, or None.
    """

    def __init__(
        self,
        session: Session,
        speaker: Speaker,
        keys: Input,
        *,
        pause: float = 1.0,
        new_session: Callable[[Session], Session] | None = None,
        settings: Settings | None = None,
        save_settings: Callable[[Settings], str | None] | None = None,
        sound: SoundPlayer | None = None,
        keeper: Keeper | None = None,
    ) -> None:
        self.speaker = speaker
        self.keys = keys
        self.pause = pause
        self.new_session = new_session
        self.settings = settings or Settings(pause=pause)
        self._save_settings = save_settings
        self.sound = sound
        self.keeper = keeper
        self.history: list[str] = []
        self.presenter = Presenter(speaker, sound, rate=lambda: self.settings.rate)
        self._applier = SettingsApplier(self.settings, speaker, sound)
        self._history_pos: int | None = None
        self._question: _Question | None = None
        self._options: OptionsMenu | None = None
        self._reader: list[Section] | None = None
        self._reader_pos = 0
        self._choice = 0
        self._wake: asyncio.Event | None = None
        self._loop_task: asyncio.Task[None] | None = None
        self._flush_task: asyncio.TimerHandle | None = None
        self._done: asyncio.Future[Outcome] | None = None
        self._turn_events: list[Event] = []
        self._last_turn: list[Event] = []
        self._use(session)

    # --- running --------------------------------------------------------------------------------------

    def _use(self, session: Session) -> None:
        self.session = session
        self.narrator = Narrator(session.names, session.humans, verbosity=Verbosity(self.settings.verbosity))
        session.listeners.append(self._on_events)
        self._turn_events, self._last_turn = [], []

    async def run(self, *, resume: bool = False) -> Outcome:
        """Play until the game ends and nobody wants another, or a player quits. Returns how it ended.

        With ``resume``, the session is a saved game read back: its opening is not told again; the
        question pending for a person, if any, is asked.
        """
        loop = asyncio.get_running_loop()
        self._done = loop.create_future()
        self._wake = asyncio.Event()
        self.presenter.start()
        with self.keys.raw_mode(), self.keys.attach(self._on_input):
            if resume:
                self._last_turn = last_roll(self.session)
                self._ask_again()
            else:
                self.session.start()
            self._loop_task = loop.create_task(self._game_loop())
            self._loop_task.add_done_callback(self._loop_ended)
            outcome = await self._done
        self._loop_task.cancel()
        if self._flush_task is not None:
            self._flush_task.cancel()
            self._flush_task = None
        await self.presenter.stop(drain=outcome is Outcome.FINISHED)
        return outcome

    def _loop_ended(self, task: asyncio.Task[None]) -> None:
        """The game loop never ends on its own but for a finished game; a crash is said, not hidden."""
        if task.cancelled() or task.exception() is None:
            return
        log.error("The game loop stopped", exc_info=task.exception())
        self._error(_("Something went wrong with a computer player; the game stops here."))
        self._finish(Outcome.LEFT)

    @property
    def state(self) -> GameState:
        """The state of the game being played."""
        return self.session.state

    @property
    def context(self) -> Context:
        """What the screen waits for now (which keys work)."""
        if self._options is not None:
            return Context.OPTIONS
        if self._reader is not None:
            return Context.READER
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
        if self._done is not None and not self._done.done():
            self._done.set_result(outcome)

    def _poke(self) -> None:
        """Something changed: let the game loop look again."""
        if self._wake is not None:
            self._wake.set()

    async def _game_loop(self) -> None:
        """Computer players move, paced by the speech; the game's end asks to play again."""
        assert self._wake is not None
        while True:
            self._wake.clear()
            if self._paused():
                await self._wake.wait()
                continue
            if self.state.over:
                if self.new_session is None or not self.session.humans:
                    await self.presenter.drained()
                    self._finish(Outcome.FINISHED)
                    return
                self._ask(_Question.AGAIN)
                continue
            if self.session.human_to_play:
                await self._wake.wait()
                continue
            # The last message has been said to its end; then the player's pause. Keys may wake the loop
            # to look again, but never start the pause over: no key press can stall the game.
            await self.presenter.drained()
            deadline = asyncio.get_running_loop().time() + self.pause
            while not (self._paused() or self.state.over or self.session.human_to_play):
                remaining = deadline - asyncio.get_running_loop().time()
                if remaining <= 0:
                    break
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), remaining)
            if self._paused() or self.state.over or self.session.human_to_play:
                continue
            try:
                self.session.play_computer()
            except Exception:
                log.exception("A computer player could not move")
                # Translators: a computer player's move failed (a bug); the game ends.
                self._error(_("Something went wrong with a computer player; the game stops here."))
                self._finish(Outcome.QUIT)
                return
            await asyncio.sleep(0)

    def _ask_again(self) -> None:
        """Queue the question pending for a person (after a resume), with the seat under choice."""
        prompt = self.narrator.prompt(self.state)
        if prompt is not None:
            self._queue(prompt)
        if self.context in CHOOSING:
            self._choice = 0
            self._queue(self._choice_utterance(Priority.IMPORTANT))

    def end_on_signal(self) -> None:
        """SIGTERM, SIGHUP or SIGINT: save (when saving) and end at once, cleanly."""
        if self.keeper is not None and not self.state.over:
            self.keeper.save_now(self)
        self._finish(Outcome.LEFT)

    def _paused(self) -> bool:
        return self._question is not None or self._options is not None or self._reader is not None

    # --- output ---------------------------------------------------------------------------------------

    def _on_events(self, events: Sequence[Event], state: GameState) -> None:
        human_turn = self.session.human_to_play and any(isinstance(e, TurnStarted) for e in events)
        dice = next((len(e.faces) for e in events if isinstance(e, DiceRolled)), None)
        for utterance in self.narrator.narrate(events, state):
            if human_turn and "turn" in utterance.cues and self.presenter.take_skipped():
                # The player skipped messages (Q) since their last turn: the table as it stands now,
                # before their question (which says their own chips).
                self._queue(self.narrator.catch_up(state))
            self._queue(utterance, CueArgs(dice=dice))
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE) and self.session.human_to_play:
            self._choice = 0
            self._queue(self._choice_utterance(Priority.IMPORTANT))
        self._track_turn(events)
        if self.keeper is not None:
            if state.over:
                self._note(self.keeper.game_over(self))
            elif any(isinstance(e, TurnEnded) for e in events):
                self._note(self.keeper.turn_ended(self))
        self._poke()

    def _track_turn(self, events: Sequence[Event]) -> None:
        """Keep the events of the last finished roll, for the E key."""
        for event in events:
            if isinstance(event, TurnStarted):
                if any(isinstance(e, DiceRolled) for e in self._turn_events):
                    self._last_turn = self._turn_events
                self._turn_events = []
            self._turn_events.append(event)
        if any(isinstance(e, DiceRolled) for e in self._turn_events):
            self._last_turn = list(self._turn_events)

    def _queue(self, utterance: Utterance, cues: CueArgs = NO_CUE_ARGS) -> None:
        """A game message: into the history, then queued behind the others."""
        if "turn" in utterance.cues and cues.seat is None:
            cues = CueArgs(dice=cues.dice, seat=self.state.seat + 1)
        self.history.append(utterance.text)
        self._history_pos = None
        self.presenter.add(utterance, cues)

    def _answer(self, text: str) -> None:
        self.presenter.answer(text)

    def _error(self, text: str) -> None:
        """A wrong key: the error cue and a short sentence that cuts no game message."""
        if self.sound is not None:
            self.sound.play("error")
        self.presenter.answer(text, interrupt=False)

    def _skip(self) -> None:
        """Q: quiet now; the messages skipped are counted aloud (all stay in the history)."""
        skipped = self.presenter.skip()
        if skipped:
            # Translators: said after Q stopped the speech; {count} game messages were not heard (comma
            # reads them back).
            text = ngettext("{count} message skipped.", "{count} messages skipped.", skipped).format(
                count=skipped
            )
            self._answer(self._then_question(text))

    def _note(self, text: str | None) -> None:
        if text:
            self._queue(Utterance(text, Priority.IMPORTANT))

    def _ask(self, question: _Question) -> None:
        self._question = question
        if question is _Question.QUIT:
            self._answer(self._question_text())
            return
        standings = self.keeper.standings(self) if self.keeper is not None else None
        if standings:
            self._queue(Utterance(standings, Priority.IMPORTANT))
        self._queue(Utterance(self._question_text(), Priority.IMPORTANT))

    def _question_text(self) -> str:
        if self._question is _Question.QUIT:
            # Translators: asked when the player presses Escape during a game.
            return _("Quit this game? Y or N.")
        # Translators: asked when a game has ended.
        return _("Play again with the same table? Y or N.")

    # --- keys -----------------------------------------------------------------------------------------

    def _on_input(self) -> None:
        if self._flush_task is not None:
            self._flush_task.cancel()
            self._flush_task = None
        for press in self.keys.read_keys():
            self._on_key(press)
        if self.keys.closed and self.session.humans:  # the keyboard went away: nobody can answer any more
            self.end_on_signal()
            return
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
        if key in (Keys.CPRResponse, Keys.Ignore):
            return
        spec = lookup(key, self.context)
        if spec is None and self.context is Context.CONFIRM:
            # Translators: a key other than Y or N at a yes-or-no question; the question follows.
            self._error(f"{_('Please press Y or N.')} {self._question_text()}")
            return
        if spec is None:
            # Translators: said for a key that does nothing at this moment.
            self._error(_("Not now. F1 lists the keys."))
            return
        try:
            self._run(spec, press.data)
        except Exception:  # a key must never end the game
            log.exception("The %s key failed", spec.command)
            # Translators: a key's action failed (a bug); nothing changed.
            self._error(_("That did not work; the game goes on."))
        self._poke()

    def _run(self, spec: KeySpec, data: str) -> None:
        handlers: dict[Command, Callable[[], None]] = {
            Command.ROLL: self._roll,
            Command.STATUS: self._status,
            Command.POT: lambda: self._answer(self.narrator.pot(self.state).text),
            Command.TURN: lambda: self._answer(self.narrator.whose_turn(self.state).text),
            Command.RULES: lambda: self._answer(rules_summary(self.session.rules)),
            Command.HELP: lambda: self._answer(help_text(self.context)),
            Command.HISTORY_BACK: lambda: self._history_step(-1),
            Command.HISTORY_FORWARD: lambda: self._history_step(+1),
            Command.HISTORY_FIRST: lambda: self._history_jump(0),
            Command.HISTORY_LAST: lambda: self._history_jump(len(self.history) - 1),
            Command.MENU: self._menu,
            Command.QUIT_NOW: self._quit_now,
            Command.YES: lambda: self._yes_no(True),
            Command.NO: lambda: self._yes_no(False),
            Command.EXPLAIN: lambda: self._answer(reversal_explained(self.session.rules)),
            Command.EXPLAIN_ROLL: self._explain_roll,
            Command.NEXT_SEAT: lambda: self._move_choice(+1),
            Command.PREVIOUS_SEAT: lambda: self._move_choice(-1),
            Command.CONFIRM_SEAT: self._confirm_choice,
            Command.SEAT: lambda: self._seat_key(data),
            Command.QUIET: self._skip,
            Command.VERBOSITY: self._cycle_verbosity,
            Command.SLOWER: lambda: self._rate(-1),
            Command.FASTER: lambda: self._rate(+1),
            Command.VOLUME_DOWN: lambda: self._volume(-1),
            Command.VOLUME_UP: lambda: self._volume(+1),
            Command.OPTIONS: self._open_options,
            Command.SAVE: self._save_now,
            Command.RULES_READER: self._open_reader,
            Command.NEXT_LINE: lambda: self._line(+1),
            Command.PREVIOUS_LINE: lambda: self._line(-1),
            Command.INCREASE: lambda: self._change_option(+1),
            Command.DECREASE: lambda: self._change_option(-1),
            Command.READ_ALL: self._read_section,
            Command.CLOSE: self._close_overlay,
        }
        handlers[spec.command]()

    def _roll(self) -> None:
        self.session.roll()

    def _status(self) -> None:
        if self.state.over and self.keeper is not None:
            self._answer(self.keeper.series_text(self))
            return
        self._answer(self.narrator.status(self.state).text)

    def _explain_roll(self) -> None:
        if not self._last_turn:
            # Translators: E was pressed before anybody rolled.
            self._answer(_("Nobody has rolled yet."))
            return
        rolled = next(e for e in self._last_turn if isinstance(e, DiceRolled))
        you = len(self.session.humans) == 1 and rolled.seat in self.session.humans
        self._answer(
            explain_roll(
                self._last_turn,
                self.session.names,
                you,
                listener=min(self.session.humans) if len(self.session.humans) == 1 else None,
            )
        )

    def _seat_key(self, data: str) -> None:
        number = 10 if data == "0" else int(data)
        seat: Seat = number - 1
        if self.context not in CHOOSING:
            self._answer(self.narrator.seat(self.state, seat).text)
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
            self._answer(self.narrator.seat(self.state, seat).text)

    def _choice_utterance(self, priority: Priority) -> Utterance:
        choices = self.state.choices
        seat = choices[self._choice % len(choices)]
        count = self.state.chips[seat]
        # Translators: one seat read while choosing for a Wild: its name, its seat number (the digit key that
        # picks it) and its chips.
        text = ngettext(
            "{name}, seat {seat}, {count} chip.",
            "{name}, seat {seat}, {count} chips.",
            count,
        ).format(name=self.session.names[seat], seat=seat + 1, count=count)
        return Utterance(text, priority)

    def _move_choice(self, delta: int) -> None:
        choices = self.state.choices
        self._choice = (self._choice + delta) % len(choices)
        self._answer(self._choice_utterance(Priority.ANSWER).text)

    def _confirm_choice(self) -> None:
        choices = self.state.choices
        self.session.apply(ChooseSeat(choices[self._choice % len(choices)]))

    def _menu(self) -> None:
        if self.context in CHOOSING:
            prompt = self.narrator.prompt(self.state)
            text = self._choice_utterance(Priority.ANSWER).text
            self._answer(f"{prompt.text} {text}" if prompt is not None else text)
            return
        self._ask(_Question.QUIT)

    def _quit_now(self) -> None:
        if self.keeper is not None and not self.state.over:
            self._say_if(self.keeper.save_now(self))
        self._finish(Outcome.LEFT)

    def _then_question(self, text: str) -> str:
        """``text`` followed by the question pending for a person, if any (after a detour, ask again)."""
        prompt = self.narrator.prompt(self.state)
        return f"{text} {prompt.text}" if prompt is not None else text

    def _say_if(self, text: str | None) -> None:
        if text:
            self._answer(text)

    def _save_now(self) -> None:
        if self.keeper is None:
            # Translators: Ctrl+S when this game has no save file (tests, practice).
            self._answer(_("This game is not being saved."))
            return
        saved = self.keeper.save_now(self)
        # Translators: Control+S before anything was played: there is nothing to save yet.
        self._answer(saved or _("Nothing to save yet: the game saves itself once a turn is played."))

    def _yes_no(self, yes: bool) -> None:
        question, self._question = self._question, None
        if question is None:
            if self.state.phase is Phase.REVERSE and self.session.human_to_play:  # the reversal question (R9)
                self.session.apply(Reverse(yes))
            else:  # typed ahead of a question not asked yet
                self._error(_("Not now. F1 lists the keys."))
            return
        if question is _Question.QUIT:
            if yes:
                if self.keeper is not None:
                    self._say_if(self.keeper.save_now(self))
                self._finish(Outcome.QUIT)
                return
            # Translators: the player answered no to "Quit this game?".
            self._answer(self._then_question(_("The game goes on.")))
            return
        if not yes or self.new_session is None:
            self._finish(Outcome.FINISHED)
            return
        self._use(self.new_session(self.session))
        self.session.start()

    # --- settings keys --------------------------------------------------------------------------------

    def _apply_settings(self, settings: Settings) -> None:
        """Put the settings into force and remember them."""
        self.narrator.verbosity = Verbosity(settings.verbosity)
        if "pause" in self._applier.apply(settings):  # --fast or --pause hold until the player changes it
            self.pause = settings.pause
        if self._save_settings is not None:
            problem = self._save_settings(settings)
            if problem:
                self._error(problem)

    def _cycle_verbosity(self) -> None:
        index = VERBOSITIES.index(self.settings.verbosity)
        self.settings.verbosity = VERBOSITIES[(index + 1) % len(VERBOSITIES)]
        self._apply_settings(self.settings)
        # Translators: said after V changed the verbosity; {level} is brief, normal or full.
        self._answer(_("Verbosity: {level}.").format(level=verbosity_name(self.settings.verbosity)))

    def _rate(self, step: int) -> None:
        if self.speaker.mode != "tts":
            # Translators: the rate keys only change the game's own voice, not a screen reader's.
            self._answer(_("Your screen reader sets its own speed; these keys change the game's own voice."))
            return
        self.settings.rate = min(max(self.settings.rate + step, -10), 10)
        self._apply_settings(self.settings)
        # Translators: said after the speech rate changed; {rate} is a number from -10 to 10.
        rate = f"{self.settings.rate:+d}" if self.settings.rate else "0"  # as the options menu says it
        self._answer(_("Speech rate {rate}.").format(rate=rate))

    def _volume(self, step: int) -> None:
        self.settings.volume = round(min(max(self.settings.volume + 0.1 * step, 0.0), 1.0), 2)
        self._apply_settings(self.settings)
        if self.sound is not None:
            self.sound.play("chip-pot")
        if self.sound is None or not self.sound.available:
            # Translators: volume keys when no sound device could be opened.
            self._answer(_("No sound device, so there are no sounds to change."))
            return
        # Translators: said after F7 or F8; {percent} is 0 to 100.
        self._answer(_("Volume {percent} percent.").format(percent=round(self.settings.volume * 100)))

    def _open_options(self) -> None:
        voices = [(v.id, v.name) for v in self.speaker.voices()] if self.speaker.mode == "tts" else []
        self._options = OptionsMenu(self.settings, self._apply_settings, voices, self.speaker.set_language)
        self._answer(self._options.opening())

    def _change_option(self, step: int) -> None:
        if self._options is not None:
            self._answer(self._options.change(step))

    # --- overlays: options menu and rules reader ------------------------------------------------------

    def _open_reader(self) -> None:
        self._reader = sections(self.session.rules)
        self._reader_pos = 0
        # Translators: said when the rules reader opens, before the first section's title.
        opening = _("Rules. Up and Down move between sections, Enter reads one, Escape goes back.")
        self._answer(f"{opening} {section_title(self._reader[0], 0, len(self._reader))}")

    def _line(self, step: int) -> None:
        if self._options is not None:
            self._answer(self._options.move(step))
        elif self._reader is not None:
            self._reader_pos = (self._reader_pos + step) % len(self._reader)
            self._answer(section_title(self._reader[self._reader_pos], self._reader_pos, len(self._reader)))

    def _read_section(self) -> None:
        if self._reader is not None:
            self._answer(section_text(self._reader[self._reader_pos]))

    def _close_overlay(self) -> None:
        self._options = None
        self._reader = None
        # Translators: said when the options menu or the rules reader closes.
        self._answer(self._then_question(_("Back to the game.")))

    # --- history --------------------------------------------------------------------------------------

    def _history_step(self, delta: int) -> None:
        if self._history_pos is None:
            self._history_jump(len(self.history) - 1)  # the first press repeats the last message
            return
        self._history_jump(self._history_pos + delta)

    def _history_jump(self, position: int) -> None:
        if not self.history:
            # Translators: the player asked for a past message before anything was said.
            self._answer(_("No messages yet."))
            return
        last = len(self.history) - 1
        if 0 <= position <= last:
            self._history_pos = position
            self._answer(self.history[position])
            return
        position = min(max(position, 0), last)
        self._history_pos = position
        if position == 0:
            # Translators: stepping back past the first message; {text} is that message again.
            self._answer(_("First message. {text}").format(text=self.history[position]))
        else:
            # Translators: stepping forward past the last message; {text} is that message again.
            self._answer(_("Last message. {text}").format(text=self.history[position]))


def last_roll(session: Session) -> list[Event]:
    """The events of the last turn that rolled, found by replaying the session's actions (a resumed game
    has no events of its own yet, and E should still explain the last roll)."""
    turn: list[Event] = []
    last: list[Event] = []
    for _done, events in session.replay():
        for event in events:
            if isinstance(event, TurnStarted):
                if any(isinstance(e, DiceRolled) for e in turn):
                    last = turn
                turn = []
            turn.append(event)
    return turn if any(isinstance(e, DiceRolled) for e in turn) else last


__all__ = ["Keeper", "Outcome", "PlayScreen", "last_roll"]
