"""The play screen: the controller of a game (DESIGN.md §3). Game events in, utterances and cues out.

It holds no key code: keys are read by the key loop (:mod:`lcr_audio.tui.input`) and handled by the input
modes of :mod:`lcr_audio.tui.game_modes`, which call the actions here; which mode answers follows from
the game's state (:attr:`PlayScreen.context`). Game messages go through a :class:`Presenter` (cues, then
speech, in order); answers to keys interrupt. Output is append-only and nothing is redrawn.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from prompt_toolkit.input import Input

from lcr_audio.cues import Cue
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
)
from lcr_audio.game.autosave import Keeper
from lcr_audio.game.saves import Series
from lcr_audio.game.seating import names_said_now
from lcr_audio.game.session import Session
from lcr_audio.i18n import _, ngettext
from lcr_audio.narration import Narrator, Utterance, Verbosity, phrases
from lcr_audio.narration.lists import unit_list
from lcr_audio.narration.online import stood_in_sentence
from lcr_audio.narration.series import series_text, standings
from lcr_audio.output.sound import SoundPlayer
from lcr_audio.output.speech import Speaker
from lcr_audio.settings import Settings
from lcr_audio.tui.game_modes import GameRouter, game_modes
from lcr_audio.tui.host import Outcome
from lcr_audio.tui.input import KeyLoop, Mode, Press
from lcr_audio.tui.keys import CHOOSING, Command, Context
from lcr_audio.tui.play_choice import SeatChoice
from lcr_audio.tui.play_cues import CuePlacer
from lcr_audio.tui.play_facts import FactKeys
from lcr_audio.tui.play_history import History
from lcr_audio.tui.play_last_roll import LastRoll
from lcr_audio.tui.play_loop import GameLoop
from lcr_audio.tui.play_overlays import Overlays
from lcr_audio.tui.play_questions import Questions, YesNoQuestion
from lcr_audio.tui.play_saving import Saving
from lcr_audio.tui.play_settings import SettingsKeys
from lcr_audio.tui.play_table import LocalTable, Table
from lcr_audio.tui.presenter import NO_CUE_ARGS, CueArgs, Presenter

log = logging.getLogger(__name__)


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
        table: what the table adds (an online table's chat, notices, next game...); None: a local table.
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
        table: Table | None = None,
    ) -> None:
        self.speaker = speaker
        self.extension = extension
        self.table: Table = table if table is not None else LocalTable()
        self.keys = keys
        self.pause = pause
        self.new_session = new_session
        self.settings = settings or Settings(pause=pause)
        self.sound = sound
        self._saving = Saving(keeper)
        self.messages = History()
        """The messages kept (:attr:`history`) and the review keys' place among them."""
        self.presenter = Presenter(speaker, sound, rate=lambda: self.settings.rate)
        self.presenter.on_handed = self._handed
        self._questions = Questions(self.presenter)
        self._cues = CuePlacer()
        self.settings_keys = SettingsKeys(
            self.settings,
            speaker,
            sound,
            save=save_settings,
            applied=self._settings_applied,
            error=self.error,
            language_changed=self._language_changed,
        )
        """V, the rate and volume keys, and the options menu."""
        self.overlays = Overlays()
        """The options menu or the rules reader open over the game, if either is."""
        self._choice = SeatChoice()
        self._loop = GameLoop(self)
        self._loop_task: asyncio.Task[None] | None = None
        self._key_loop: KeyLoop | None = None
        self._modes: dict[Context, Mode] = {}
        self._done: asyncio.Future[Outcome] | None = None
        self._last_roll = LastRoll()
        self.facts = FactKeys(self, speaker.after_first_utterance)
        """The keys that tell facts as heard: O, H, B."""
        self._heard_state: GameState | None = None
        """The state as of the game messages heard (or skipped): see :attr:`heard_state`."""
        self._held = False
        """The player paused the computer players (P, watch mode)."""
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
        self.messages.keep_marks(done)
        self._heard_state = None  # a new game (or an undo): its state until its first message is said
        self.narrator: Narrator = Narrator(
            session.names,
            session.humans,
            verbosity=Verbosity(self.settings.verbosity),
            physical=session.physical,
            computers=session.computers,
            careful=[seat for seat, player in enumerate(session.players) if player.policy.careful],
            game_number=self.table.game_number() or self._saving.games_finished() + 1,
        )
        session.listeners.append(self._on_events)
        if self.keeper is not None:  # after the narration: the transcript then holds the turn's messages
            self.keeper.follow(session, ScreenSaid(self), self._note)
        self._last_roll.reset()
        self._cues.clear()
        self._choice.take_offered()
        self._pending(*self._asking_texts())  # an undo in the scorekeeper: the turn's question, asked again
        self.facts.follow(session.rules)

    @property
    def keeper(self) -> Keeper | None:
        """Autosave and series, or None (see :class:`Saving`)."""
        return self._saving.keeper

    @property
    def history(self) -> list[str]:
        """Every message kept, oldest first (the review keys step through it; the scorekeeper marks an
        undone turn's lines in place)."""
        return self.messages.lines

    @property
    def lines_before(self) -> dict[int, int]:
        """Where each batch of game messages begins in :attr:`history` (see :attr:`History.before`)."""
        return self.messages.before

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
                self._last_roll.reset(last_roll(self.session))
                if not self._resume_turn():
                    self._ask_again()
            else:
                self.session.start()
                self.table.catch_up(self.say)  # online: moves missed since before the first, told next
            self._loop_task = loop.create_task(self._loop.run())
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
        self.finish(Outcome.LEFT)

    @property
    def state(self) -> GameState:
        """The state of the game being played."""
        return self.session.state

    @property
    def context(self) -> Context:
        """What the screen waits for now: the context whose input mode answers the keys."""
        overlay = self.overlays.context
        if overlay is not None:
            return overlay
        if self._questions.open is not None or self.state.over:
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

    def finish(self, outcome: Outcome) -> None:
        """End the screen with ``outcome`` (once: a second end changes nothing)."""
        if self._done is not None and not self._done.done():
            self._done.set_result(outcome)

    def _poke(self) -> None:
        """Something changed: let the game loop look again."""
        self._loop.poke()

    def _resume_turn(self) -> bool:
        """A game continued in the middle of a turn (a roll applied, a choice pending): queue that turn so
        far and the choice being made, as the table would have heard them (DESIGN.md §1; the fact keys speak
        of the table before that roll until it was heard). False when no turn is pending. The moves missed
        while away from an online table come first, said one by one, in its place (:meth:`Table.catch_up`)."""
        if self.table.catch_up(self.say):
            return True
        pending = pending_turn(self.session)
        if not pending:
            return False
        state = self.state
        self._heard_state = turn_start_state(pending, state)
        choosing = self.context in CHOOSING
        if choosing:
            self._choice.start()
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
            self._queue(self._choice.offer(self.state, self.session.names), on_start=heard)
        return True

    def resumed(self, text: str) -> None:
        """A saved game continues here, its history read back: ``text`` (where the game stands, said as it
        continues) goes into the history, and so the transcript, once. The question the history ends with
        (asked before the game was left) is taken out when it is about to be asked again after ``text``,
        so that it is there once, where it was last heard."""
        prompt = self.narrator.prompt(self.state) if not pending_turn(self.session) else None
        if prompt is not None:
            self.messages.take_back(prompt.text)
        self.messages.add(text)

    def _ask_again(self) -> None:
        """Queue the question pending for a person (after a resume), with the seat under choice."""
        prompt = self.narrator.prompt(self.state)
        choosing = self.context in CHOOSING
        if choosing:
            self._choice.start()
        self._pending(*self._asking_texts(prompt.text if prompt is not None else None))
        if prompt is not None:
            self._queue(prompt)
        if choosing:
            self._queue(self._choice.offer(self.state, self.session.names))

    @property
    def chats(self) -> bool:
        """True at a table where the chat key works (online)."""
        return self.table.chats

    @property
    def table_help_words(self) -> Mapping[Command, str]:
        """F1's words for the keys that do otherwise at this table (online: Control+C leaves, the seat
        waits)."""
        return self.table.help_words

    @property
    def unused_keys(self) -> frozenset[Command]:
        """Keys of the game that do nothing at this table, left out of F1's list (online: saving, which the
        table's server does)."""
        return self.table.unused_keys

    def chat(self) -> None:
        """Open a chat line over the game, at a table where the chat key works."""
        if self._key_loop is not None:
            self.table.chat(self._key_loop)

    def end_on_signal(self) -> None:
        """SIGTERM, SIGHUP or SIGINT (or Control+C and Control+Break as a console signal on Windows): save
        (when saving) and end at once, cleanly, saying "Game saved." as the Control+C key does (issue 21,
        item 10); the game ends even when saving fails (the failure is logged and said)."""
        self.quit_now()

    def paused(self) -> bool:
        """True while the game is held: P, a yes-or-no question open, a list over the game, F1's key list."""
        overlay = self._key_loop is not None and len(self._key_loop.stack) > 1  # the F1 key list
        held = self._held or self._questions.open is not None
        return held or self.overlays.context is not None or overlay

    # --- output ---------------------------------------------------------------------------------------

    def _on_events(self, events: Sequence[Event], state: GameState) -> None:
        # A move missed while away from an online table (issue 22, item 5): a question a later missed move
        # answered is not asked (it was not this player's to answer), and a computer player's move in a
        # seat played here is said to be its, first.
        missed = self.table.missed_move()
        asks = self.session.human_to_play and (missed is None or missed.later == 0)
        human_turn = asks and any(isinstance(e, TurnStarted) for e in events)
        dice = next((len(e.faces) for e in events if isinstance(e, DiceRolled)), None)
        deciding = asks and not state.over
        choosing = state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE) and asks
        self.messages.mark(len(self.session.actions))
        utterances = self.narrator.narrate(events, state, ask=asks)
        if missed is not None and missed.stood_in is not None:
            name, you = self.narrator.name(missed.stood_in), len(self.narrator.humans) == 1
            utterances.insert(0, Utterance(stood_in_sentence(name, you=you)))
        self._cues.add(events, state.rules.players, self.listener)
        if choosing:
            self._choice.start()
        # A person's question counts as asked once its words are handed to speech (DESIGN.md §1): at a Wild,
        # the seat under the cursor; else the question, or the roller's name. None while nobody decides.
        asking = utterances[-1].text if deciding and utterances else None
        self._pending(*(self._asking_texts(asking) if deciding else ()))

        # A computer player's roll waiting for its Wild choice is told whole once the choice is made: until
        # then the table has heard nothing of it, and the fact keys keep to the state before it. (A person's
        # roll, also at another computer online, is told before the choice.)
        mid_wild = state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE) and state.seat in self.session.computers

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
            self._queue(self._choice.offer(self.state, self.session.names), on_start=heard)
        elif not utterances and deciding:  # nothing to hear: the question counts as asked now
            heard()
            self._questions.asked_now()
        # Nothing said and nobody here to decide (a person at another computer reversed: the turn is told
        # whole with their roll): the fact keys keep to the table as told, before the reversal's payment.
        if not mid_wild:  # every cue of these events has been queued: no place may wait for a later turn
            self._cues.clear()
        self._last_roll.track(events)
        if state.over:
            self._queue(Utterance(self._game_end(events, state)))
        self._poke()
        notice = self.table.notice(events, state, self.session, self.narrator.name)
        if notice:
            self.say(notice)

    def _game_end(self, events: Sequence[Event], state: GameState) -> str:
        """The end of a game (issue 14, item 11; issue 21, item 8): its number at this table (the table's
        own count, issue 22, item 5, else this screen's), every seat's chips once the winner took the pot
        (the winner's as their sentence counts them, R12), then the series so far from the second game on."""
        series = self._saving.game_won(state.winner)
        # the one person at the keyboard is "You" here as in every other sentence, not their name
        items = [self.narrator.count_item(s, n, first=s == 0) for s, n in enumerate(state.chips)]
        if state.pot:  # a pot nobody took (none is left once the winner has it)
            items.append(phrases.pot_item(state.pot))
        # the table's own count when it keeps one (an online table's server: the same number for everyone)
        text = phrases.game_end(self.table.game_number() or max(series.games, 1), unit_list(items))
        table = standings(self.session.names, series) if self._saving.keeps_series else None
        return f"{text} {table}" if table else text

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
        state = self.state
        cues = self._cues.cue_args(utterance.cues, cues, state.seat, state.rules.players, self.listener)
        self.messages.add(utterance.text)
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

    def _pending(self, *texts: str) -> None:
        """A new question is pending for a person: the keys that answer it wait until a text containing one
        of ``texts`` has been handed to speech (:meth:`Questions.pending`). No ``texts``: none is pending."""
        self._questions.pending(*texts)
        self.messages.forget_too_early()  # a key too early for the question before is told no more

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
            return (self._choice.utterance(self.state, self.session.names).text,)
        turn = phrases.your_turn(self.narrator.name(state.seat), you=len(self.narrator.humans) == 1)
        return (turn, question) if question else (turn,)

    def _handed(self, text: str, message: Utterance | None) -> None:
        """The presenter handed ``text`` to speech (``message``: the game message it is, if one): a pending
        question whose words it holds is asked now, whatever said it (:meth:`Questions.handed`)."""
        self._questions.handed(text, message)

    def heard(self, press: Press) -> bool:
        """True when ``press`` was read after the pending question was handed to speech, by the reaction
        time at least (issue 10, item 5; :data:`REACTION_SECONDS`): only then may it answer the question.
        The yes-or-no question open, if any, is the pending one; else the person's."""
        return self._questions.heard(press.stamp)

    def too_early(self) -> None:
        """A key that answers a question came before the question was heard, and was dropped: a short soft
        cue says so at once, cutting nothing, and the next press of the history key says why (issue 21,
        item 5), so nobody presses again blind."""
        if self.sound is not None:
            self.sound.play(Cue.EARLY)
        self.messages.came_too_early()

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
        self.messages.add(text)
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
        if question.in_game:
            self._questions.ask(question)
            self.answer(question.text)  # asked now: the presenter hands it over at once
            return
        message = Utterance(question.text)
        self._questions.ask(question, message)
        self._queue(message)

    def question_text(self) -> str:
        """The yes-or-no question open, or "" when none is."""
        return self._questions.text()

    def question_again(self) -> str:
        """The question pending, to say again after a detour: the yes-or-no question open, or the person's
        question (with the seat under the cursor while choosing for a Wild); "" when none is pending."""
        if self._questions.open is not None:
            return self._questions.open.text
        prompt = self.narrator.prompt(self.state)
        if prompt is None:
            return ""
        if self.context in CHOOSING:
            return f"{prompt.text} {self._choice.utterance(self.state, self.session.names).text}"
        return prompt.text

    def _ask_quit(self) -> None:
        # Translators: asked when the player presses Escape during a game.
        text = _("Quit this game? Y or N.")
        self.ask(YesNoQuestion(self.table.quit_question() or text, self._answer_quit))

    def next_game_coming(self) -> bool:
        """The player said yes to playing again and the next game comes from elsewhere (an online table's
        server): the finished game waits for it, asking nothing."""
        return self.table.next_game_coming()

    def ask_play_again(self) -> None:
        """At the game's end (the game loop asks once every message of it was handed to speech)."""
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
        if self.heard_state.over and self._saving.keeps_series:
            self.answer(series_text(self.session.names, self._saving.series))
            return
        self.answer(self.narrator.status(self.heard_state).text)

    def toggle_pause(self) -> None:
        """P while computer players play: hold the game and its messages (an answer still speaks), or go
        on (issue 14, item 11)."""
        self._held = not self._held
        self.answer(phrases.paused() if self._held else phrases.resumed())
        self.presenter.hold(self._held)
        self._poke()

    def explain_roll(self) -> None:
        """E: the last roll explained (:meth:`LastRoll.explained`)."""
        self.answer(self._last_roll.explained(self.session.names, self.session.humans))

    def seat(self, data: str) -> None:
        number = 10 if data == "0" else int(data)
        seat: Seat = number - 1
        if self.context not in CHOOSING:
            self.answer(self.narrator.seat(self.heard_state, seat).text)
            return
        if self._choice.go_to(self.state, seat):
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

    def move_choice(self, delta: int) -> None:
        self._choice.move(self.state, delta)
        self._offer_choice()

    def _offer_choice(self) -> None:
        """Say the seat now under the cursor: Space takes it only once this was handed to speech (issue 21,
        item 5); the first seat offered, if still waiting to be said, is taken back (it is not the one)."""
        text = self._choice.utterance(self.state, self.session.names).text
        self._pending(text)
        offered = self._choice.take_offered()
        if offered is not None:
            self.presenter.withdraw(offered)
        self.answer(text)

    def confirm_choice(self) -> None:
        self.session.apply(ChooseSeat(self._choice.seat(self.state)))

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
            if not self.state.over:
                self._say_if(self._saving.leaving())
        finally:  # leaving always works, saved or not
            self.finish(Outcome.LEFT)

    def then_question(self, text: str) -> str:
        """``text`` followed by the question pending for a person, if any (after a detour, ask again)."""
        prompt = self.narrator.prompt(self.state)
        return f"{text} {prompt.text}" if prompt is not None else text

    def _say_if(self, text: str | None) -> None:
        if text:
            self.answer(text)

    def save_now(self) -> None:
        """Control+S (:meth:`Saving.save_key`)."""
        self.answer(self._saving.save_key())

    def yes_no(self, yes: bool) -> None:
        """Y or N: the reversal question (R9), or the yes-or-no question open."""
        question = self._questions.take()  # answered: never said again, even if the answer cuts it
        if question is not None:
            question.answer(yes)
        elif self.state.phase is Phase.REVERSE and self.session.human_to_play:  # the reversal question (R9)
            self.session.apply(Reverse(yes))

    def _answer_quit(self, yes: bool) -> None:
        if yes:
            try:
                self._say_if(self._saving.leaving())
            finally:  # leaving always works, saved or not
                self.finish(Outcome.QUIT)
            return
        # Translators: the player answered no to "Quit this game?".
        self.answer(self.then_question(_("The game goes on.")))

    def _answer_again(self, yes: bool) -> None:
        reply = self.table.play_again(yes)  # online: the answer goes to the table first
        if reply.waiting is not None:
            if reply.waiting:
                self.answer_kept(reply.waiting)
            return
        if reply.ends is not None:
            self.presenter.say_last(reply.ends)
            self.finish(Outcome.FINISHED)
            return
        if not yes or self.new_session is None:
            # Translators: the player answered no to "Play again with the same table?": the game screen ends.
            self.presenter.say_last(_("No more games at this table."))  # after a game message an answer cut
            self.finish(Outcome.FINISHED)
            return
        self.use(self.new_session(self.session))
        self.session.start()

    # --- settings and the lists over the game -------------------------------------------------------

    def _settings_applied(self, settings: Settings, changed: set[str]) -> None:
        """The settings are in force for the speaker and the cues: the narration's verbosity too, and the
        pause once the player changed it (``--fast`` or ``--pause`` hold until then)."""
        self.narrator.verbosity = Verbosity(settings.verbosity)
        if "pause" in changed:
            self.pause = settings.pause

    def _language_changed(self, code: str) -> None:
        """The options' Language line put ``code`` in force: speech follows, and so do the default names
        ("You" is "Du" in German; a typed name stays as typed)."""
        self.speaker.set_language(code)
        self.session.players = names_said_now(self.session.players)
        self.narrator.names = tuple(self.session.names)

    def open_reader(self) -> None:
        """Control+F1: the rules reader over the game, the rules in force first."""
        self.answer(self.overlays.open_reader(self.session.rules))

    def close_overlay(self) -> None:
        self.overlays.close()
        # Translators: said when the options menu or the rules reader closes.
        self.answer(self.then_question(_("Back to the game.")))


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


__all__ = [
    "Outcome",
    "PlayScreen",
    "ScreenSaid",
    "YesNoQuestion",
    "last_roll",
    "pending_turn",
    "turn_start_state",
]
