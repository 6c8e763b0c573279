"""The play screen: the controller of a game (DESIGN.md §3). Game events in, utterances and cues out.

It holds no key code: keys are read by the key loop (:mod:`lcr_audio.tui.input`) and handled by the input
modes of :mod:`lcr_audio.tui.game_modes`, which call the actions here; which mode answers follows from
the game's state (:attr:`PlayScreen.context`). Game messages go through a :class:`Presenter` (cues, then
speech, in order); answers to keys interrupt. Output is append-only and nothing is redrawn.
"""

from __future__ import annotations

import asyncio
import dataclasses
import enum
import functools
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from prompt_toolkit.input import Input

from lcr_audio.cues import Cue, CuePlace, cue_kind, event_places, seat_pan
from lcr_audio.engine import (
    POT,
    ChipsMoved,
    ChooseSeat,
    DiceRolled,
    Event,
    GameState,
    Phase,
    Reverse,
    Seat,
    TurnStarted,
    left_of,
    right_of,
)
from lcr_audio.game.autosave import Keeper
from lcr_audio.game.saves import Series
from lcr_audio.game.session import Session
from lcr_audio.i18n import _, ngettext
from lcr_audio.narration import Narrator, Utterance, Verbosity, phrases
from lcr_audio.narration.explain import explain_roll
from lcr_audio.narration.lists import unit_list
from lcr_audio.narration.odds_text import game_over_odds
from lcr_audio.narration.series import series_text, standings
from lcr_audio.output.sound import SoundPlayer
from lcr_audio.output.speech import Speaker, SpeechMode
from lcr_audio.settings import RATE, VOLUME, Settings
from lcr_audio.tui.game_modes import GameRouter, game_modes
from lcr_audio.tui.input import KeyLoop, Mode, Press, answers_in_time
from lcr_audio.tui.keys import CHOOSING, Command, Context
from lcr_audio.tui.odds_key import OddsKey
from lcr_audio.tui.options import OptionsMenu, SettingsApplier, verbosity_name
from lcr_audio.tui.presenter import NO_CUE_ARGS, CueArgs, Presenter, wait_event
from lcr_audio.tui.reader import Sections

log = logging.getLogger(__name__)


class Outcome(enum.Enum):
    """How the play screen ended."""

    FINISHED = "finished"
    """The game (or games) ended and nobody asked for another."""
    QUIT = "quit"
    """A player chose to leave this game (Escape, then Y): back to the main menu, if it started there."""
    LEFT = "left"
    """The program must end: Control+C, or a signal (the terminal closed, the system shutting down)."""


@dataclass(frozen=True)
class YesNoQuestion:
    """A yes-or-no question open on the play screen (quit? play again? undo?).

    Attributes:
        text: the question, naming Y and N.
        answer: called with the answer (True for Y).
        in_game: True when it interrupts the game (quit, undo), False when the game has ended.
    """

    text: str
    answer: Callable[[bool], None]
    in_game: bool = True


class Extension(Protocol):
    """What a variant of the play screen adds by composition (the scorekeeper for real dice): its own
    contexts in place of some of the game's, and the input modes that serve them."""

    def context(self, game: Context) -> Context:
        """The context in force when the game's own would be ``game``."""

    def modes(self, screen: PlayScreen) -> Mapping[Context, Mode]:
        """The modes serving the extension's contexts."""


class ScreenSaid:
    """What the table has heard on ``screen``, for the keeper's transcript
    (:class:`lcr_audio.game.autosave.Said`)."""

    def __init__(self, screen: PlayScreen) -> None:
        self._screen = screen

    def lines(self) -> Sequence[str]:
        return self._screen.history

    def line_of(self, actions: int) -> int | None:
        return self._screen.lines_before.get(actions)

    def series_line(self, series: Series) -> str:
        return series_text(self._screen.session.names, series)


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
        extension: adds contexts and their modes (the scorekeeper), or None.
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
        extension: Extension | None = None,
    ) -> None:
        self.speaker = speaker
        self.extension = extension
        self.keys = keys
        self.pause = pause
        self.new_session = new_session
        self.settings = settings or Settings(pause=pause)
        self._save_settings = save_settings
        self.sound = sound
        self.keeper = keeper
        self.history: list[str] = []
        self.lines_before: dict[int, int] = {}
        """Where each batch of game messages begins in :attr:`history`: the number of the session's actions
        after the batch (0 for the game's opening) → the history's length before its messages (for the
        transcript's game headings and the scorekeeper's undo marks)."""
        self.presenter = Presenter(speaker, sound, rate=lambda: self.settings.rate)
        self.presenter.on_handed = self._handed
        self._applier = SettingsApplier(self.settings, speaker, sound)
        self._history_pos: int | None = None
        self._question: YesNoQuestion | None = None
        self._options: OptionsMenu | None = None
        self._reader: Sections | None = None
        self._choice = 0
        self._wake: asyncio.Event | None = None
        self._loop_task: asyncio.Task[None] | None = None
        self._key_loop: KeyLoop | None = None
        self._modes: dict[Context, Mode] = {}
        self._done: asyncio.Future[Outcome] | None = None
        self._turn_events: list[Event] = []
        self._last_turn: list[Event] = []
        self._asking: tuple[str, ...] = ()
        """The person's pending question (a roll, a reversal, a Wild's seat) counts as asked once a text
        containing one of these is handed to speech, by any path (DESIGN.md §1): the seat under the cursor
        while choosing for a Wild; else the question or the words that name the roller ("Your turn, Bo.").
        Empty while no person has a question pending."""
        self._asked_at: float | None = None
        """When the person's pending question was first handed to speech (time.monotonic()); None while it
        waits."""
        self._question_asked_at: float | None = None
        """The same for the yes-or-no question open (its text, handed to speech by any path)."""
        self._question_message: Utterance | None = None
        """The queued message of the yes-or-no question open at a game's end, taken back once answered (an
        answer that cuts it never has it said again)."""
        self._offered: Utterance | None = None
        """The queued message offering the first seat of a Wild choice, taken back if the cursor moves before
        it is said (the last seat heard is always the one Space takes)."""
        self._too_early = False
        """A key came before its question was heard since the history key last told so (the first comma
        press says so, before the messages)."""
        self._odds: OddsKey | None = None
        self._heard_state: GameState | None = None
        """The state as of the game messages heard (or skipped): see :attr:`heard_state`."""
        self._places: list[tuple[str, CuePlace]] = []
        """Where the cues of the events narrated so far sound, by kind, until an utterance plays them."""
        self._held = False
        """The player paused the computer players (P, watch mode)."""
        self._series = Series()
        """The games finished at this screen, for a table that keeps no series (computer players only)."""
        self.said_early: str | None = None
        """The game's opening, said before this screen existed (``lcr-audio play`` says it before the key
        input and the screens are imported: issue 21, item 12): when the narration brings the same text,
        it goes into the history unsaid, once."""
        self.use(session)

    # --- running --------------------------------------------------------------------------------------

    def use(self, session: Session) -> None:
        """Play ``session`` from now on (a new game, or the scorekeeper's undo)."""
        self.session: Session = session
        done = len(session.actions)  # an undo keeps the marks of the actions kept; a new game none but 0
        self.lines_before = {count: at for count, at in self.lines_before.items() if count <= done}
        self._heard_state = None  # a new game (or an undo): its state until its first message is said
        self.narrator: Narrator = Narrator(
            session.names,
            session.humans,
            verbosity=Verbosity(self.settings.verbosity),
            physical=session.physical,
            computers=session.computers,
            careful=[seat for seat, player in enumerate(session.players) if player.policy.careful],
            game_number=self._games_finished() + 1,
        )
        session.listeners.append(self._on_events)
        if self.keeper is not None:  # after the narration: the transcript then holds the turn's messages
            self.keeper.follow(session, ScreenSaid(self), self._note)
        self._turn_events, self._last_turn = [], []
        self._places = []
        self._offered = None
        self._pending(*self._asking_texts())  # an undo in the scorekeeper: the turn's question, asked again
        if self._odds is None or self._odds.rules != session.rules:
            self._odds = OddsKey(session.rules, after_first_utterance=self.speaker.after_first_utterance)

    @property
    def listener(self) -> Seat | None:
        """The seat of the person the table is heard from (issue 14, items 9 and 10): the only person at the
        keyboard; in hot-seat the person whose turn it is, or the next person to play while a computer
        plays; None when computer players fill every seat."""
        humans = self.session.humans
        if not humans:
            return None
        seat, players = self.state.seat, self.state.rules.players
        return min(humans, key=lambda human: (human - seat) % players)

    async def run(self, *, resume: bool = False) -> Outcome:
        """Play until the game ends and nobody wants another, or a player quits. Returns how it ended.

        With ``resume``, the session is a saved game read back: its opening is not told again; the
        question pending for a person, if any, is asked.
        """
        loop = asyncio.get_running_loop()
        self._done = loop.create_future()
        self._wake = asyncio.Event()
        self.presenter.start()
        self._modes = {**game_modes(self), **(self.extension.modes(self) if self.extension else {})}
        async with KeyLoop(self.keys) as keys:
            self._key_loop = keys
            keys.on_closed = self._keyboard_gone
            keys.after_key = self._poke
            for mode in self._modes.values():  # before the router: push delivers keys held since the start
                mode.loop = keys
            keys.push(GameRouter(self))
            if resume:
                self._last_turn = last_roll(self.session)
                if not self._resume_turn():
                    self._ask_again()
            else:
                self.session.start()
            self._loop_task = loop.create_task(self._game_loop())
            self._loop_task.add_done_callback(self._loop_ended)
            outcome = await self._done
        self._loop_task.cancel()
        self._key_loop = None
        await self.presenter.stop(drain=outcome is Outcome.FINISHED)
        return outcome

    def _loop_ended(self, task: asyncio.Task[None]) -> None:
        """The game loop never ends on its own but for a finished game; a crash is said, not hidden."""
        if task.cancelled() or task.exception() is None:
            return
        log.error("The game loop stopped", exc_info=task.exception())
        self.error(_("Something went wrong with a computer player; the game stops here."))
        self._finish(Outcome.LEFT)

    @property
    def state(self) -> GameState:
        """The state of the game being played."""
        return self.session.state

    @property
    def context(self) -> Context:
        """What the screen waits for now: the context whose input mode answers the keys."""
        if self._options is not None:
            return Context.OPTIONS
        if self._reader is not None:
            return Context.READER
        if self._question is not None or self.state.over:
            return Context.CONFIRM
        if not self.session.human_to_play:
            return Context.WATCH
        game = {
            Phase.REVERSE: Context.REVERSE,
            Phase.WILD_TAKE: Context.CHOOSE,
            Phase.WILD_GIVE: Context.CHOOSE,
        }.get(self.state.phase, Context.ROLL)
        return self.extension.context(game) if self.extension is not None else game

    @property
    def mode(self) -> Mode:
        """The input mode that answers the keys now."""
        return self._modes[self.context]

    @property
    def done(self) -> bool:
        """True once the screen has ended (keys then do nothing)."""
        return self._done is None or self._done.done()

    def _keyboard_gone(self) -> None:
        """The keyboard went away: nobody can answer any more."""
        if self.session.humans:
            self.end_on_signal()

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
                if self.next_game_coming():  # online: the table starts it; its opening wakes the loop
                    await self._wake.wait()
                    continue
                if self.new_session is None or not self.session.humans:
                    await self.presenter.drained()
                    self._finish(Outcome.FINISHED)
                    return
                # "Play again?" is asked once every message of the game's end has been handed to speech
                # (the winner's sentence first): nothing that says it, a wrong key's sentence or the
                # history key, can come before one of them.
                await self.presenter.told()
                if self.state.over and self._question is None and not self._paused():
                    self._ask_again_question()
                continue
            if self.session.human_to_play or not self.session.drives_computers:
                await self._wake.wait()  # a person decides, or (online) the server moves its computers
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
                await wait_event(self._wake, remaining)
            if self._paused() or self.state.over or self.session.human_to_play:
                continue
            try:
                state = self.state
                decision = None
                if self.session.players[state.seat].policy.careful and state.phase is not Phase.ROLL:
                    # A careful player weighs its choice by the odds (up to a few tenths of a second, or a
                    # table being built): away from the keys, which go on answering meanwhile.
                    decision = await asyncio.to_thread(self.session.computer_decision)
                    if self.state is not state or self._paused():
                        continue  # the game moved on or was paused while it thought: look again
                self.session.play_computer(decision)
            except Exception:
                log.exception("A computer player could not move")
                # Translators: a computer player's move failed (a bug); the game ends.
                self.error(_("Something went wrong with a computer player; the game stops here."))
                self._finish(Outcome.QUIT)
                return
            await asyncio.sleep(0)

    def _resume_turn(self) -> bool:
        """A game continued in the middle of a turn (a roll applied, a choice pending): queue that turn so
        far and the choice being made, as the table would have heard them (DESIGN.md §1; the fact keys speak
        of the table before that roll until it was heard). False when no turn is pending."""
        pending = pending_turn(self.session)
        if not pending:
            return False
        state = self.state
        self._heard_state = turn_start_state(pending, state)
        choosing = self.context in CHOOSING
        if choosing:
            self._choice = 0
        dice = next((len(e.faces) for e in pending if isinstance(e, DiceRolled)), None)
        utterances = self.narrator.resume_turn(pending, state)
        deciding = self.session.human_to_play and not state.over
        asking = utterances[-1].text if deciding and utterances else None
        self._pending(*(self._asking_texts(asking) if deciding else ()))

        def heard() -> None:
            self._heard_state = state

        for index, utterance in enumerate(utterances):
            last = index == len(utterances) - 1 and not choosing
            self._queue(utterance, CueArgs(dice=dice), on_start=heard if last else None)
        if choosing:
            self._offered = self._choice_utterance()
            self._queue(self._offered, on_start=heard)
        return True

    def resumed(self, text: str) -> None:
        """A saved game continues here, its history read back: ``text`` (where the game stands, said as it
        continues) goes into the history, and so the transcript, once. The question the history ends with
        (asked before the game was left) is taken out when it is about to be asked again after ``text``,
        so that it is there once, where it was last heard."""
        prompt = self.narrator.prompt(self.state) if not pending_turn(self.session) else None
        if prompt is not None and self.history and self.history[-1] == prompt.text:
            self.history.pop()
        self.history.append(text)
        self._history_pos = None

    def _ask_again(self) -> None:
        """Queue the question pending for a person (after a resume), with the seat under choice."""
        prompt = self.narrator.prompt(self.state)
        choosing = self.context in CHOOSING
        if choosing:
            self._choice = 0
        self._pending(*self._asking_texts(prompt.text if prompt is not None else None))
        if prompt is not None:
            self._queue(prompt)
        if choosing:
            self._offered = self._choice_utterance()
            self._queue(self._offered)

    chats = False
    """True at a table where the chat key works (online)."""
    unused_keys: frozenset[Command] = frozenset()
    """Keys of the game that do nothing at this table, left out of F1's list (online: saving, which the
    table's server does)."""

    def chat(self) -> None:
        """Open a chat line (online tables override this)."""

    def end_on_signal(self) -> None:
        """SIGTERM, SIGHUP or SIGINT (or Control+C and Control+Break as a console signal on Windows): save
        (when saving) and end at once, cleanly, saying "Game saved." as the Control+C key does (issue 21,
        item 10); the game ends even when saving fails (the failure is logged and said)."""
        self.quit_now()

    def _saving(self, save: Callable[[], str | None]) -> str | None:
        """``save()``, whose sentence is returned; a fault nobody foresaw is logged and said in one
        sentence, never raised: leaving must always work."""
        try:
            return save()
        except Exception:
            log.exception("Saving failed")
            # Translators: saving failed in a way the game did not foresee (a bug); the log has the details.
            return _("The game could not be saved; the details are in the game's log.")

    def _paused(self) -> bool:
        overlay = self._key_loop is not None and len(self._key_loop.stack) > 1  # the F1 key list
        held = self._held or self._question is not None
        return held or self._options is not None or self._reader is not None or overlay

    # --- output ---------------------------------------------------------------------------------------

    def _on_events(self, events: Sequence[Event], state: GameState) -> None:
        human_turn = self.session.human_to_play and any(isinstance(e, TurnStarted) for e in events)
        dice = next((len(e.faces) for e in events if isinstance(e, DiceRolled)), None)
        deciding = self.session.human_to_play and not state.over
        choosing = state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE) and self.session.human_to_play
        self.lines_before[len(self.session.actions)] = len(self.history)
        utterances = self.narrator.narrate(events, state)
        self._places.extend(event_places(events, state.rules.players, self.listener))
        if choosing:
            self._choice = 0
        # A person's question counts as asked once its words are handed to speech (DESIGN.md §1): at a Wild,
        # the seat under the cursor; else the question, or the roller's name. None while nobody decides.
        asking = utterances[-1].text if deciding and utterances else None
        self._pending(*(self._asking_texts(asking) if deciding else ()))

        # A computer player's roll waiting for its Wild choice is told whole once the choice is made: until
        # then the table has heard nothing of it, and the fact keys keep to the state before it.
        mid_wild = state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE) and state.seat not in self.session.humans

        def heard() -> None:
            if not mid_wild:
                self._heard_state = state

        for index, utterance in enumerate(utterances):
            if human_turn and Cue.TURN in utterance.cues and self.presenter.take_skipped():
                # The player skipped messages (Q) since their last turn: the table as it stands now,
                # before their question (which says their own chips).
                self._queue(self.narrator.catch_up(state))
            last = index == len(utterances) - 1
            # A person's question last: what came before it was heard whole once it starts; else the last
            # message tells the batch's facts, heard only once said to its end (an answer may cut it). At a
            # Wild, the seat offered after the question is heard first.
            question = last and deciding
            self._queue(
                utterance,
                CueArgs(dice=dice),
                on_start=heard if question and not choosing else None,
                on_end=heard if last and not question else None,
            )
        if choosing:
            self._offered = self._choice_utterance()
            self._queue(self._offered, on_start=heard)
        elif not utterances:  # nothing to hear: the question counts as asked now
            heard()
            if deciding:
                self._asked_at = time.monotonic()
        if not mid_wild:  # every cue of these events has been queued: no place may wait for a later turn
            self._places = []
        self._track_turn(events)
        if state.over:
            self._queue(Utterance(self._game_end(events, state)))
        self._poke()

    def _games_finished(self) -> int:
        """The games finished at this table (its series), before the one being played."""
        return (self.keeper.series if self.keeper is not None else self._series).games

    def _game_end(self, events: Sequence[Event], state: GameState) -> str:
        """The end of a game (issue 14, item 11; issue 21, item 8): its number at this table, every seat's
        chips once the winner took the pot (the winner's as their sentence counts them, R12), then the
        series so far from the second game on."""
        series = self.keeper.series if self.keeper is not None else self._series
        if self.keeper is None and state.winner is not None:
            series.record_win(state.winner)
        # the one person at the keyboard is "You" here as in every other sentence, not their name
        items = [self.narrator.count_item(s, n, first=s == 0) for s, n in enumerate(state.chips)]
        if state.pot:  # a pot nobody took (none is left once the winner has it)
            items.append(phrases.pot_item(state.pot))
        text = phrases.game_end(max(series.games, 1), unit_list(items))
        table = standings(self.session.names, series) if self.keeper is not None else None
        return f"{text} {table}" if table else text

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

    def _queue(
        self,
        utterance: Utterance,
        cues: CueArgs = NO_CUE_ARGS,
        *,
        on_start: Callable[[], None] | None = None,
        on_end: Callable[[], None] | None = None,
    ) -> None:
        """A game message: into the history, then queued behind the others (``on_start``, ``on_end``: see
        :meth:`Presenter.add`)."""
        if Cue.TURN in utterance.cues and cues.seat is None:
            cues = CueArgs(dice=cues.dice, seat=self.state.seat + 1)
        if utterance.cues and not cues.places:
            cues = CueArgs(dice=cues.dice, seat=cues.seat, places=self._cue_places(utterance.cues))
        self.history.append(utterance.text)
        self._history_pos = None
        if self.said_early is not None and utterance.text == self.said_early and not utterance.cues:
            self.said_early = None  # handed to speech already: heard, not said twice
            self.presenter.said_before(utterance.text)
            if on_start is not None:
                on_start()
            if on_end is not None:
                on_end()
            return
        self.said_early = None
        self.presenter.add(utterance, cues, on_start=on_start, on_end=on_end)

    def _cue_places(self, cues: Sequence[Cue]) -> tuple[CuePlace | None, ...]:
        """Where each of an utterance's cues sounds (issue 14, item 10): a turn chime at the seat to play,
        the others at the places of their events, in order (None: the cue's own place)."""
        places: list[CuePlace | None] = []
        for cue in cues:
            if cue == Cue.TURN:
                places.append(CuePlace(seat_pan(self.state.seat, self.state.rules.players, self.listener)))
                continue
            kind = cue_kind(cue)
            index = next((i for i, (k, _place) in enumerate(self._places) if k == kind), None)
            places.append(None if index is None else self._places.pop(index)[1])
        return tuple(places)

    def _pending(self, *texts: str) -> None:
        """A new question is pending for a person: the keys that answer it wait until a text containing one
        of ``texts`` has been handed to speech (see :attr:`_asking`). No ``texts``: none is pending."""
        self._asking = tuple(text for text in texts if text)
        self._asked_at = None
        self._too_early = False  # a key too early for the question before is told no more

    def _asking_texts(self, question: str | None = None) -> tuple[str, ...]:
        """What asks the person's question in the game as it stands, any of them handed to speech: while
        choosing for a Wild, the seat under the cursor ("Ana, seat 2, 4 chips."), the thing Space takes;
        at a roll or a reversal the words that name the roller ("Your turn, Bo."), which every saying of the
        turn's question starts with, or ``question``, the narrated question (after a reversal was decided it
        is the roll alone: the name was said with the reversal). Empty when no person decides."""
        state = self.state
        if state.over or state.seat not in self.narrator.humans:  # as the narrator's prompt, without asking
            return ()
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            return (self._choice_utterance().text,)
        turn = phrases.your_turn(self.narrator.name(state.seat), you=len(self.narrator.humans) == 1)
        return (turn, question) if question else (turn,)

    def _handed(self, text: str, message: Utterance | None) -> None:
        """The presenter handed ``text`` to speech (``message``: the game message it is, if it is one): a
        pending question whose words it holds is asked now, whatever said it (its own message, a wrong
        key's sentence that repeats it, the history key, Escape or T saying it again). Only the first time
        counts: saying it again never makes an answer wait. A yes-or-no question asked another way before
        its own message was said is not said once more by that message."""
        now = time.monotonic()
        question = self._question
        if question is not None and self._question_asked_at is None and question.text in text:
            self._question_asked_at = now
            waiting = self._question_message
            if waiting is not None and message is not waiting and self.presenter.withdraw(waiting):
                self._question_message = None
        if self._asked_at is None and any(part in text for part in self._asking):
            self._asked_at = now

    def heard(self, press: Press) -> bool:
        """True when ``press`` was read after the pending question was handed to speech, by the reaction
        time at least (issue 10, item 5; :data:`REACTION_SECONDS`): only then may it answer the question.
        The yes-or-no question open, if any, is the pending one; else the person's (see :attr:`_asking`)."""
        asked = self._question_asked_at if self._question is not None else self._asked_at
        return answers_in_time(press.stamp, asked)

    def too_early(self) -> None:
        """A key that answers a question came before the question was heard, and was dropped: a short soft
        cue says so at once, cutting nothing, and the next press of the history key says why (issue 21,
        item 5), so nobody presses again blind."""
        if self.sound is not None:
            self.sound.play(Cue.EARLY)
        self._too_early = True

    def quiet(self) -> None:
        """Q: stop speech and cues now; the game messages skipped are counted aloud, with the question
        pending after them (everything stays in the history); with none skipped, one short sentence says
        so (never silence)."""
        skipped = self.presenter.skip()
        if skipped:
            # Translators: said after Q stopped the speech; {count} game messages were not heard (comma
            # reads them back).
            text = ngettext("{count} message skipped.", "{count} messages skipped.", skipped).format(
                count=skipped
            )
            again = self.question_again()
            self.answer(f"{text} {again}" if again else text)
            return
        # Translators: said after Q when no game message was waiting or being said (Q stops the speech
        # and skips the game messages waiting; there were none).
        self.answer(_("Nothing to skip."))

    def answer(self, text: str) -> None:
        """Say ``text`` now, interrupting (the answer to a key)."""
        self.presenter.answer(text)

    def answer_kept(self, text: str) -> None:
        """Say ``text`` now, as :meth:`answer`, and keep it in the history (comma reads it back first)."""
        self.history.append(text)
        self._history_pos = None
        self.answer(text)

    def say(self, text: str) -> None:
        """Say ``text`` after the game messages queued (kept in the history)."""
        self._queue(Utterance(text))

    def error(self, text: str) -> None:
        """Say ``text`` with the error cue (a key that did nothing): queued behind the speech under way,
        it cuts no game message."""
        if self.sound is not None:
            self.sound.play(Cue.ERROR)
        self.presenter.answer(text, interrupt=False)

    def _note(self, text: str | None) -> None:
        if text:
            self._queue(Utterance(text))

    def ask(self, question: YesNoQuestion) -> None:
        """Open a yes-or-no question: asked at once in a game (a key asked it), queued after the game's
        last messages when the game has ended. Its Y or N must come after it was asked."""
        self._question = question
        self._question_asked_at = None
        if question.in_game:
            self.answer(question.text)  # asked now: the presenter hands it over at once
            return
        self._question_message = Utterance(question.text)
        self._queue(self._question_message)

    def question_text(self) -> str:
        """The yes-or-no question open, or "" when none is."""
        return self._question.text if self._question is not None else ""

    def question_again(self) -> str:
        """The question pending, to say again after a detour: the yes-or-no question open, or the person's
        question (with the seat under the cursor while choosing for a Wild); "" when none is pending."""
        if self._question is not None:
            return self._question.text
        prompt = self.narrator.prompt(self.state)
        if prompt is None:
            return ""
        if self.context in CHOOSING:
            return f"{prompt.text} {self._choice_utterance().text}"
        return prompt.text

    def _ask_quit(self) -> None:
        # Translators: asked when the player presses Escape during a game.
        self.ask(YesNoQuestion(_("Quit this game? Y or N."), self._answer_quit))

    def next_game_coming(self) -> bool:
        """The player said yes to playing again and the next game comes from elsewhere (an online table's
        server): the finished game waits for it, asking nothing."""
        return False

    def _ask_again_question(self) -> None:
        # Translators: asked when a game has ended.
        text = _("Play again with the same table? Y or N.")
        self.ask(YesNoQuestion(text, self._answer_again, in_game=False))

    # --- actions (called by the input modes of game_modes.py) ---------------------------------------

    def roll(self) -> None:
        self.session.roll()

    @property
    def heard_state(self) -> GameState:
        """The game as the player has heard it: the state after the last batch of game messages heard whole
        (or skipped): its last message said to its end, or the person's question that ends it handed to
        speech. A key pressed during a roll's message, which it cuts, tells the table as it was before that
        roll. The keys that tell facts (S, O, B, C, T, a seat's digit) speak of it, never of a
        roll still waiting to be told."""
        return self._heard_state if self._heard_state is not None else self.state

    def status(self) -> None:
        if self.heard_state.over and self.keeper is not None:
            self.answer(series_text(self.session.names, self.keeper.series))
            return
        self.answer(self.narrator.status(self.heard_state).text)

    def odds(self) -> None:
        """O: every seat's chance of winning from here, said now and kept in the history (issue 15)."""
        humans = self.session.humans
        you = min(humans) if len(humans) == 1 else None
        assert self._odds is not None  # made by use()
        heard = self.heard_state
        # A person choosing for a Wild hears the position before their choice, not the default one's.
        open_choice = heard.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE) and heard.seat in humans
        if heard.winner is not None:  # at the play-again question: who won, not "100 percent"
            winner = heard.winner
            text = game_over_odds(self.session.names[winner], winner == you)
        else:
            text = self._odds.sentence(heard, self.session.names, you, open_choice=open_choice)
        self.history.append(text)
        self._history_pos = None
        self.answer(text)

    def best_choice(self) -> None:
        """H: at a person's choice (a Wild's seat, the reversal: R7, R9), each option with that person's
        chance of winning after it, best first; in hot-seat, for the person choosing (issue 25, item 3)."""
        assert self._odds is not None  # made by use()
        state = self.state
        choosing = state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE, Phase.REVERSE)
        if not choosing or state.seat not in self.session.humans:
            from lcr_audio.narration.best_choice import best_choice_sentence

            text = best_choice_sentence([], self.session.names, state.phase)
        else:
            text = self._odds.best_choice(state, self.session.names)
        self.history.append(text)
        self._history_pos = None
        self.answer(text)

    def neighbours(self) -> None:
        """Who sits on the listener's left and right (R1), with their chips; while watching, the seat to
        play's (issue 14, item 9)."""
        state, listener = self.heard_state, self.listener
        seat = listener if listener is not None else state.seat
        players, name = state.rules.players, self.narrator.name
        left, right = left_of(seat, players), right_of(seat, players)
        you = len(self.session.humans) == 1
        seat_name = None if you else name(seat)
        sides = (name(left), state.chips[left], name(right), state.chips[right])
        self.answer(phrases.neighbours(*sides, seat_name=seat_name))

    def toggle_pause(self) -> None:
        """P while computer players play: hold the game and its messages (an answer still speaks), or go
        on (issue 14, item 11)."""
        self._held = not self._held
        self.answer(phrases.paused() if self._held else phrases.resumed())
        self.presenter.hold(self._held)
        self._poke()

    def explain_roll(self) -> None:
        if not self._last_turn:
            # Translators: E was pressed before anybody rolled.
            self.answer(_("Nobody has rolled yet."))
            return
        rolled = next(e for e in self._last_turn if isinstance(e, DiceRolled))
        you = len(self.session.humans) == 1 and rolled.seat in self.session.humans
        self.answer(
            explain_roll(
                self._last_turn,
                self.session.names,
                you,
                listener=min(self.session.humans) if len(self.session.humans) == 1 else None,
                pending=True,
            )
        )

    def seat(self, data: str) -> None:
        number = 10 if data == "0" else int(data)
        seat: Seat = number - 1
        if self.context not in CHOOSING:
            self.answer(self.narrator.seat(self.heard_state, seat).text)
            return
        choices = self.state.choices
        if seat in choices:
            self._choice = choices.index(seat)
            self._offer_choice()
        elif 0 <= seat < self.state.rules.players:
            name = self.session.names[seat]
            if seat == self.state.seat:
                # Translators: while choosing a seat for a Wild, the player pressed their own seat's digit.
                self.error(_("That is your own seat; choose another player."))
            else:
                # Translators: while choosing whom to take a chip from, a seat with no chips was pressed.
                self.error(_("{name} has no chips to take.").format(name=name))
        else:
            self.answer(self.narrator.seat(self.heard_state, seat).text)

    def _choice_utterance(self) -> Utterance:
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
        return Utterance(text)

    def move_choice(self, delta: int) -> None:
        choices = self.state.choices
        self._choice = (self._choice + delta) % len(choices)
        self._offer_choice()

    def _offer_choice(self) -> None:
        """Say the seat now under the cursor: Space takes it only once this was handed to speech (issue 21,
        item 5); the first seat offered, if still waiting to be said, is taken back (it is not the one)."""
        text = self._choice_utterance().text
        self._pending(text)
        if self._offered is not None:
            self.presenter.withdraw(self._offered)
            self._offered = None
        self.answer(text)

    def confirm_choice(self) -> None:
        choices = self.state.choices
        self.session.apply(ChooseSeat(choices[self._choice % len(choices)]))

    def menu(self) -> None:
        if self.context in CHOOSING:
            self.answer(self.question_again())
            return
        self._ask_quit()

    def quit_now(self) -> None:
        """Control+C, or a signal (:meth:`end_on_signal`): save (when saving), say so, and leave. Once the
        screen has ended, a second one (the terminal closing sends a hang-up, then its keyboard is gone)
        does nothing: "Game saved." is said once."""
        if self.done:
            return
        try:
            if self.keeper is not None and not self.state.over:
                self._say_if(self._saving(functools.partial(self.keeper.save_now, leaving=True)))
        finally:  # leaving always works, saved or not
            self._finish(Outcome.LEFT)

    def then_question(self, text: str) -> str:
        """``text`` followed by the question pending for a person, if any (after a detour, ask again)."""
        prompt = self.narrator.prompt(self.state)
        return f"{text} {prompt.text}" if prompt is not None else text

    def _say_if(self, text: str | None) -> None:
        if text:
            self.answer(text)

    def save_now(self) -> None:
        if self.keeper is None:
            # Translators: Ctrl+S when this game has no save file (tests, practice).
            self.answer(_("This game is not being saved."))
            return
        saved = self.keeper.save_now()
        # Translators: Control+S before anything was played: there is nothing to save yet.
        self.answer(saved or _("Nothing to save yet: the game saves itself once a turn is played."))

    def yes_no(self, yes: bool) -> None:
        """Y or N: the reversal question (R9), or the yes-or-no question open."""
        question, self._question = self._question, None
        if question is not None:
            if self._question_message is not None:  # answered: never said again, even if the answer cuts it
                self.presenter.withdraw(self._question_message)
                self._question_message = None
            self.presenter.withdraw_waiting(question.text)  # nor by a wrong key's sentence still waiting
            question.answer(yes)
        elif self.state.phase is Phase.REVERSE and self.session.human_to_play:  # the reversal question (R9)
            self.session.apply(Reverse(yes))

    def _answer_quit(self, yes: bool) -> None:
        if yes:
            try:
                if self.keeper is not None:
                    self._say_if(self._saving(functools.partial(self.keeper.save_now, leaving=True)))
            finally:  # leaving always works, saved or not
                self._finish(Outcome.QUIT)
            return
        # Translators: the player answered no to "Quit this game?".
        self.answer(self.then_question(_("The game goes on.")))

    def _answer_again(self, yes: bool) -> None:
        if not yes or self.new_session is None:
            # Translators: the player answered no to "Play again with the same table?": the game screen ends.
            self.presenter.say_last(_("No more games at this table."))  # after a game message an answer cut
            self._finish(Outcome.FINISHED)
            return
        self.use(self.new_session(self.session))
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
                self.error(problem)

    def cycle_verbosity(self) -> None:
        self.settings.verbosity = Verbosity(self.settings.verbosity).next()
        self._apply_settings(self.settings)
        # Translators: said after V changed the verbosity; {level} is brief, normal or full.
        self.answer(_("Verbosity: {level}.").format(level=verbosity_name(self.settings.verbosity)))

    def rate(self, step: int) -> None:
        if self.speaker.mode != SpeechMode.TTS:
            # Translators: the rate keys only change the game's own voice, not a screen reader's.
            self.answer(_("Your screen reader sets its own speed; these keys change the game's own voice."))
            return
        self.settings.rate = RATE.moved(self.settings.rate, step)
        self._apply_settings(self.settings)
        # Translators: said after the speech rate changed; {rate} is a number from -10 to 10.
        rate = f"{self.settings.rate:+d}" if self.settings.rate else "0"  # as the options menu says it
        self.answer(_("Speech rate {rate}.").format(rate=rate))

    def volume(self, step: int) -> None:
        self.settings.volume = VOLUME.moved(self.settings.volume, step)
        self._apply_settings(self.settings)
        if self.sound is not None:
            self.sound.play(Cue.CHIP_POT)
        if self.sound is None or not self.sound.available:
            # Translators: volume keys when no sound device could be opened.
            self.answer(_("No sound device, so there are no sounds to change."))
            return
        # Translators: said after F7 or F8; {percent} is 0 to 100.
        self.answer(_("Volume {percent} percent.").format(percent=round(self.settings.volume * 100)))

    def open_options(self) -> None:
        voices = (
            [(v.id, v.name) for v in self.speaker.voices()] if self.speaker.mode == SpeechMode.TTS else []
        )
        self._options = OptionsMenu(
            self.settings,
            self._apply_settings,
            voices,
            self.speaker.set_language,
            brailles=lambda: self.speaker.brailles,
            sound_device=lambda: self.sound is None or self.sound.available,
            speech_now=self.speaker.requested,
        )
        self.answer(self._options.opening())

    def change_option(self, step: int) -> None:
        if self._options is not None:
            self.answer(self._options.change(step))

    # --- overlays: options menu and rules reader ------------------------------------------------------

    def open_reader(self) -> None:
        self._reader = Sections(self.session.rules)
        self.answer(self._reader.opening())

    def line(self, step: int) -> None:
        if self._options is not None:
            self.answer(self._options.move(step))
        elif self._reader is not None:
            self.answer(self._reader.go(self._reader.index + step))

    def section(self, index: int) -> None:
        """Home and End in an overlay: the options menu's first or last line, the reader's section."""
        if self._options is not None:
            self.answer(self._options.go(index))
        elif self._reader is not None:
            self.answer(self._reader.go(index))

    def overlay_line(self) -> str:
        """The line under review in the options menu or the rules reader ("" when neither is open)."""
        if self._options is not None:
            return self._options.line()
        if self._reader is not None:
            return self._reader.title()
        return ""

    def read_section(self) -> None:
        if self._reader is not None:
            self.answer(self._reader.text())

    def close_overlay(self) -> None:
        self._options = None
        self._reader = None
        # Translators: said when the options menu or the rules reader closes.
        self.answer(self.then_question(_("Back to the game.")))

    # --- history --------------------------------------------------------------------------------------

    def history_step(self, delta: int) -> None:
        if self._history_pos is None and self._too_early:
            # The first press after a key came too early says why it did nothing; the next, the last message.
            self._too_early = False
            self._history_pos = len(self.history)
            # Translators: said by the history key (comma) after a key that answers a question (Space, Y or N)
            # was pressed before the question had been said, and was ignored (a soft sound played then).
            self.answer(_("That key came before its question was heard, so it did nothing."))
            return
        if self._history_pos is None:
            self.history_jump(len(self.history) - 1)  # the first press repeats the last message
            return
        self.history_jump(self._history_pos + delta)

    def history_jump(self, position: int) -> None:
        if not self.history:
            # Translators: the player asked for a past message before anything was said.
            self.answer(_("No messages yet."))
            return
        last = len(self.history) - 1
        if 0 <= position <= last:
            self._history_pos = position
            self.answer(self.history[position])
            return
        position = min(max(position, 0), last)
        self._history_pos = position
        if position == 0:
            # Translators: stepping back past the first message; {text} is that message again.
            self.answer(_("First message. {text}").format(text=self.history[position]))
        else:
            # Translators: stepping forward past the last message; {text} is that message again.
            self.answer(_("Last message. {text}").format(text=self.history[position]))


def pending_turn(session: Session) -> list[Event]:
    """The events of the turn under way, from its ``TurnStarted``, when it has rolled and waits for a
    choice (a Wild's seat): a saved game continued there tells that roll first. [] otherwise."""
    state = session.state
    if state.over or state.phase not in (Phase.WILD_TAKE, Phase.WILD_GIVE):
        return []
    turn: list[Event] = []
    for _done, events in session.replay():
        for event in events:
            if isinstance(event, TurnStarted):
                turn = []
            turn.append(event)
    return turn if any(isinstance(e, DiceRolled) for e in turn) else []


def turn_start_state(turn: Sequence[Event], state: GameState) -> GameState:
    """``state`` with every seat's chips and the pot as they were before ``turn``'s chips moved (what the
    table had heard before its roll)."""
    chips, pot = list(state.chips), state.pot
    for event in reversed(turn):
        if isinstance(event, ChipsMoved):
            for place, sign in ((event.source, +1), (event.target, -1)):
                if place == POT:
                    pot += sign * event.count
                elif 0 <= place < len(chips):
                    chips[place] += sign * event.count
    return dataclasses.replace(state, chips=tuple(chips), pot=pot)


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


__all__ = ["Outcome", "PlayScreen", "ScreenSaid", "last_roll", "pending_turn", "turn_start_state"]
