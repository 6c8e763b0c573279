"""Online tables at the keyboard: the lobby, the chat line and the game screen of a remote table.

``lcr-audio join`` and ``lcr-audio host`` end up in :meth:`OnlineClient.run`: it connects (``Link``), speaks
the lobby (arrivals, rules; the host adds computer players, changes the rules and starts), then plays the
game with the ordinary play screen over a :class:`~lcr_audio.game.online.client.RemoteSession`, so every key
and every sentence is the local game's, in this player's language. Chat (M) works in the lobby and in the
game; it is spoken to everyone with the sender's name and kept in the history.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import ssl
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec

from lcr_audio.engine import MIN_PLAYERS, Phase, Rules
from lcr_audio.game.online.client import (
    Link,
    RemoteSession,
    TableView,
    Unreachable,
    forget_tokens,
    keep_tokens,
    kept_names,
    opening_hello,
    read_tokens,
)
from lcr_audio.game.online.client import remote_session as make_session
from lcr_audio.game.online.protocol import (
    AddComputer,
    Again,
    Applied,
    Chat,
    FreeSeat,
    GameNumber,
    Grant,
    Hello,
    Leave,
    Lobby,
    Missed,
    MoveSeat,
    Notice,
    PlayAgain,
    ProtocolError,
    Reason,
    Refused,
    RulesDoc,
    Said,
    SeatKind,
    ServerMessage,
    SetRules,
    Start,
    Started,
    Told,
    Welcome,
    action_from_doc,
    rules_doc,
    rules_from_doc,
)
from lcr_audio.game.session import Session
from lcr_audio.i18n import _, language, ngettext
from lcr_audio.names import clean_name
from lcr_audio.narration.lists import and_list
from lcr_audio.narration.online import (
    again_question,
    chat_sentence,
    no_answer_in_time,
    notice_sentence,
    refusal_sentence,
    seated_sentences,
    started_refusal,
    table_open_sentence,
)
from lcr_audio.narration.rules_summary import rules_summary
from lcr_audio.tui.choice import yes_no
from lcr_audio.tui.input import KeyLoop, Press, Question, SpeakerVoice, Voice, handles
from lcr_audio.tui.keys import Command, Context
from lcr_audio.tui.line import TypedLine
from lcr_audio.tui.online_table import OnlineTable, missed_sentence, no_next_game, play_missed
from lcr_audio.tui.play import Outcome, PlayScreen, YesNoQuestion, pending_turn, turn_start_state
from lcr_audio.tui.play_table import MissedMove
from lcr_audio.tui.setup import walk_options

if TYPE_CHECKING:
    from lcr_audio.tui.host import Host

log = logging.getLogger(__name__)
T = TypeVar("T")

CHAT_TYPED_LIMIT = 200

TABLES_WORD_SECONDS = 3.0
"""How long a finished online game waits for its table to say what follows (the host asked first, or
everyone asked at once) before it asks as a table that says nothing does (a server older than playing
again): the table's word comes right after the game's last move, within milliseconds."""
"""The most characters a chat line keeps as it is typed."""


class LobbyEnd(enum.Enum):
    """How the lobby ended."""

    STARTED = "started"
    LEFT = "left"
    """Escape and Y: this player leaves the table for good."""
    DROPPED = "dropped"
    """Control+C or the keyboard went away: the seats wait for this player to join again."""


class ChatLine(TypedLine):
    """A chat line (:class:`TypedLine`): Enter sends, Escape closes without sending ("" is returned)."""

    contexts = frozenset({Context.CHAT_LINE})
    limit = CHAT_TYPED_LIMIT

    def __init__(self, voice: Voice, app: Host) -> None:
        super().__init__(voice, app.console, app.speaker)

    def opened(self) -> None:
        """Say what to do."""
        # Translators: an online table; the chat key (M) opened a line to type.
        self.voice.answer(_("Chat: type your line, Enter sends it, Escape closes."))

    def reminder(self) -> str:
        """What is typed so far."""
        return self.typed

    @handles(Command.ACCEPT)
    def accept(self, press: Press) -> None:
        """Send the line."""
        self.end_line()
        self.finish(self.typed.strip())

    @handles(Command.BACK)
    def back(self, press: Press) -> None:
        """Close without sending."""
        self.end_line()
        # Translators: an online table; the chat line was closed with Escape, nothing was sent.
        self.voice.answer(_("Chat closed; nothing sent."))
        self.finish("")


def connection_dropped() -> str:
    """Said when the connection to the table drops, and to a decision's key pressed until it is back (issue
    22, item 5: such a key said nothing)."""
    # Translators: an online table; the connection to the server dropped, the game tries again.
    return _("The connection to the table dropped; trying again.")


class OnlineClient:
    """One player's connection to one online table, from the lobby to the end of the game.

    Args:
        app: speech, sound, keys and settings.
        address: the server's ``ws://`` or ``wss://`` address.
        code: the join code; "" opens a new table (the player is its host).
        names: the names of the seats this keyboard takes (several for hot-seat); none to listen.
        rules: the rules of a new table.
        shown: the address said to the players (default: ``address``).
        serving: the table's server runs in this program.
        closing: called as the game ends, before the connection closes.
        page: the web page's address on the table's server, said with the join code (``host``).
        seat_name: the name a listener sits under when offered a seat in a table's next game ("": none is
            taken).
        tls: the TLS context of a ``wss://`` address (a browser tab's own connection to its server), or
            None for the system's usual checks.
        command_line: this player joined with ``lcr-audio join`` (not a browser tab): a refusal says which
            of its options would let them in (``--names``, ``--listen``).
    """

    def __init__(
        self,
        app: Host,
        address: str,
        code: str,
        names: list[str],
        rules: Rules | None,
        shown: str = "",
        *,
        serving: bool = False,
        closing: Callable[[], None] | None = None,
        page: str = "",
        seat_name: str = "",
        tls: ssl.SSLContext | None = None,
        command_line: bool = False,
    ) -> None:
        self.app = app
        self.command_line = command_line
        """Joined with ``lcr-audio join``: a refusal names the options that would let this player in."""
        self.asked: dict[str, str] = {}
        """The name each new seat was asked for, by the seat's token (the table may change a name taken)."""
        self.grants: list[Grant] = []
        """This keyboard's seats, as the table's last :class:`Welcome` gave them."""
        self.seat_lost = False
        """The seat kept for this player was refused as no longer theirs; a new one was asked for."""
        self.seat_name = seat_name
        """The name this listener sits under when the table offers a seat in its next game."""
        self.page = page
        """The web page's address on this table's server (``lcr-audio host``), said with the join code: a
        friend opens it with ``?join=`` and the code (issue 24)."""
        self.serving = serving
        """The table's server runs in this program (``lcr-audio host``): leaving closes it for everyone."""
        self.closing = closing
        """Called as this player's game ends, before its connection closes (``lcr-audio host``: the table
        closes for everyone before the host's own connection drops, so nobody hears the host "away")."""
        self.address = address
        self.shown = shown or address
        self.names = names
        kept = read_tokens(code, self.seat_names()) if code else []
        self.view = TableView(code=code.strip().lower(), tokens=kept)
        self.rules = rules
        self.voice = SpeakerVoice(app.speaker, app.sound)
        self.screen: OnlineScreen | None = None
        self.lobby: LobbyMode | None = None
        self.started: asyncio.Future[Started] = asyncio.get_running_loop().create_future()
        self.welcomed = asyncio.Event()
        """The table welcomed this player and sent what follows the welcome: its lobby, or its game under way
        (then no lobby opens: a player back at their seat hears the game, not the lobby's greeting)."""
        self.failed: asyncio.Future[tuple[str, int]] = asyncio.get_running_loop().create_future()
        """The table ended this player's game: the sentence to say, and the exit code."""
        self.ended = False
        """This player's time at the table is over (its last sentence said): nothing more is said."""
        self.missed_from: int | None = None
        """The server's word (:class:`Missed`): this player's seats were lost after that many actions."""
        self.again_offered = False
        """The table asked who plays another game (:class:`Again`; an older server never does)."""
        self.waiting_again = False
        """This player said yes to playing again: the table's next game is on its way."""
        self.game_number: int | None = None
        """Which game of the table the one sent next or being played is, as the server counts
        (:class:`GameNumber`); None from an older server (the play screen counts its own)."""
        self.again_seconds = 0
        """How long the table waits for the answer to playing again (:class:`Again`; said in the
        question)."""
        self.host_deciding = False
        """The table asks its host first whether to play again (:attr:`Notice.HOST_DECIDES`): this player
        waits for the host's answer."""
        self.host_asks_first = False
        """The table's server asks the host first (a newer server): its questions are this table's."""
        self.host_plays_again = False
        """The host said yes to playing again (:attr:`Notice.AGAIN`): this player, asked next, may leave
        while the table plays on."""
        self.rules_set_here: RulesDoc | None = None
        """The rules this player (the host) set last: told as "Options set", not again when the lobby
        comes back with them."""
        self.rules_heard: Rules | None = None
        """The rules this player last heard in full in the lobby ("Options set", "The host changed the
        rules"): the game's start says its rules only when they differ (:func:`same_options`)."""
        self.catch_up: list[Any] = []
        """The moves this player missed while their program was not running (action docs), said once the
        game screen is up (:meth:`~lcr_audio.tui.online_table.OnlineTable.catch_up`)."""
        self.known_actions = 0
        """How many actions of this game the table has sent (some may not be told yet: a catch-up)."""
        self.missed_move: MissedMove | None = None
        """The move missed while away being played now (:func:`play_missed`), or None."""
        self.link = Link(
            address, self._hello, self._on_message, self._on_drop, self._on_back, self._on_long_drop, tls=tls
        )

    def seat_names(self) -> list[str]:
        """The names this keyboard's seats are kept under (:func:`keep_tokens`): the names it joined with,
        or a listener's :attr:`seat_name` (the seat it may take in a next game, given back after a drop or a
        restart as a joiner's is)."""
        return self.names or ([self.seat_name] if self.seat_name else [])

    # --- messages ----------------------------------------------------------------------------------------

    def _hello(self) -> Hello:
        return opening_hello(
            self.view.code,
            self.names,
            spectator=not self.names,
            language=language(),
            rules=self.rules,
            tokens=self.view.tokens,
        )

    def say(self, text: str) -> None:
        """A table message: in the game's queue (and history) during the game, else spoken after the rest;
        nothing after this player's goodbye."""
        if self.ended:
            return
        if self.screen is not None:
            self.screen.say(text)
        else:
            self.app.speaker.speak(text)

    def _on_message(self, message: ServerMessage) -> None:
        if self.ended:  # after the goodbye: nothing more is said
            return
        match message:
            case Welcome():
                opened = not self.view.code
                led = self.view.host
                self.view.code, self.view.host, self.view.spectator = (
                    message.code,
                    message.host,
                    message.spectator,
                )
                fresh = not self.view.tokens  # new seats, in the order of the names asked for
                self.grants = list(message.seats)
                if fresh:
                    self.asked.update(zip((g.token for g in message.seats), self.names, strict=False))
                self.view.seats = {grant.seat for grant in message.seats}
                self.view.tokens = [grant.token for grant in message.seats]
                if fresh and self.view.tokens:  # a listener's seat in a next game too, under its name
                    keep_tokens(message.code, self.seat_names(), self.view.tokens)
                if opened:
                    page = f"{self.page}?join={message.code}" if self.page else ""
                    self.say(table_open_sentence(self.shown, message.code, page))
                elif message.host and not led and self.view.lobby is not None and self.view.session is None:
                    self.say(self._now_host())  # the host left the lobby: this player leads the table now
            case Lobby():
                self.welcomed.set()
                before, self.view.lobby = self.view.lobby, message
                if before is not None and message.rules not in (before.rules, self.rules_set_here):
                    self._rules_changed()
            case Missed(since=since):
                self.missed_from = since
            case GameNumber(number=number):
                self.game_number = number if number > 0 else None
            case Again(seconds=seconds):
                self.again_offered, self.host_deciding, self.again_seconds = True, False, seconds
                if self.screen is not None:
                    self.screen.again_asked()
            case Started():
                self._started(message)
                self.welcomed.set()
            case Applied(index=index, action=doc):
                session = self.view.session
                if session is None:
                    return
                self.known_actions = max(self.known_actions, index + 1)
                try:
                    if not session.receive(index, action_from_doc(doc)):
                        self._resync()
                except (ProtocolError, ValueError):
                    log.exception("An action from the server does not fit this game")
                    self._resync()
            case Told(kind=Notice.CLOSED):
                session = self.view.session
                # a finished game ends by itself, said whole; one waiting for the next game hears it
                if session is None or not session.state.over or self.waiting_again or self.host_deciding:
                    self._fail(notice_sentence(Notice.CLOSED, ""), 0)
            case Told(kind=Notice.HOST_DECIDES, name=name):
                self.host_deciding, self.host_asks_first = True, True
                self.say(notice_sentence(Notice.HOST_DECIDES, name))
                if self.screen is not None:
                    self.screen.table_spoke()
            case Told(kind=Notice.AGAIN, name=name):
                self.host_deciding, self.host_asks_first, self.host_plays_again = False, True, True
                if not self.view.seats:  # a listener: the next game comes to it too (a seat may be offered)
                    self.waiting_again = True
                self.say(notice_sentence(Notice.AGAIN, name))
            case Told(kind=Notice.ANSWERS_PENDING):  # the table's answer to this player's yes
                if self.screen is not None:
                    self.screen.answer_kept(notice_sentence(Notice.ANSWERS_PENDING, ""))
                else:
                    self.say(notice_sentence(Notice.ANSWERS_PENDING, ""))
            case Told(kind=Notice.NO_AGAIN, name=name, seat=seat):
                self.host_deciding, self.waiting_again = False, False
                if seat in self.view.seats:  # this player, the host, let the time to answer run out
                    self._fail(f"{no_answer_in_time()} {goodbye()}", 0)
                else:
                    self._fail(notice_sentence(Notice.NO_AGAIN, name), 0)
            case Told(kind=kind, name=name, seat=seat, seconds=seconds):
                session = self.view.session
                if kind is Notice.LEFT and session is not None and 0 <= seat < len(session.players):
                    session.computer_seats |= {seat}  # a computer player has taken the seat
                    if self.screen is not None:
                        self.screen.narrator.computers = session.computers
                if kind is Notice.LEFT and session is None:  # the lobby: the seat goes, nobody takes it
                    # Translators: an online table's lobby; the person {name} left, and their seat with them.
                    self.say(_("{name} has left the table.").format(name=name))
                    return
                over = session is not None and session.state.over
                if kind in (Notice.LEFT, Notice.GONE) and over and seat in self.view.seats:
                    return  # this player's own seat after a game's end: the next game's start says so
                self.say(notice_sentence(kind, name, seconds, seat))
            case Said(name=name, text=text) if text:  # a line with nothing left after cleaning is not said
                self.say(chat_sentence(name, text))
            case Refused(reason=reason, text=text):
                self._refused(reason, text)

    def _now_host(self) -> str:
        """Said to a guest who becomes the host of a lobby (issue 22, item 5: its host left): what the host's
        keys do, as the host hears it."""
        # Translators: an online table's lobby; its host left, and this player now leads the table (starts
        # the game, adds computer players, changes the rules); what follows says how to start.
        return _("You lead this table now; F1 lists the host's keys.") + " " + self.lobby_waits()

    def _rules_changed(self) -> None:
        """The host changed the lobby's rules: every other client hears the new rules (issue: a guest heard
        nothing)."""
        try:
            rules = self.lobby_rules()
        except (ProtocolError, ValueError):
            log.exception("The table's rules cannot be read")
            return
        self.rules_heard = rules
        # Translators: said in an online table's lobby when the host changes the rules; {summary} is the
        # rules summary (several sentences).
        self.say(_("The host changed the rules. {summary}").format(summary=rules_summary(rules)))

    def _started(self, message: Started) -> None:
        log.info("The game: %d actions so far", len(message.actions))
        session = self.view.session
        if session is None:
            since, self.missed_from = self.missed_from, None
            self.known_actions = len(message.actions)
            if since is not None and 0 <= since < len(message.actions):  # built as this player last saw it
                self.catch_up = list(message.actions[since:])
                message = msgspec.structs.replace(message, actions=message.actions[:since])
            try:
                self.view.session = make_session(message, self.view.seats, self.link.send)
            except (ProtocolError, ValueError):
                log.exception("The game from the server cannot be played")
                # Translators: an online table sent a game this copy of lcr-audio cannot replay.
                self._fail(_("The table sent a game this version cannot play."))
                return
            self.view.started = message
            if not self.started.done():
                self.started.set_result(message)
            if self.lobby is not None:
                self.lobby.finish(LobbyEnd.STARTED)
            return
        self.missed_from = None
        if self.waiting_again:  # the table's next game, with those who said yes
            self._next_game(message)
            return
        if session.state.over and len(message.actions) != len(session.actions):  # a finished game never grows
            # Translators: an online game ended; the table started its next game with those who said yes to
            # playing again, and this player had not answered in time.
            self._fail(_("The next game at this table started without you."), 0)
            return
        missed = message.actions[len(session.actions) :]
        self.known_actions = len(message.actions)
        if missed:
            self.say(missed_sentence(len(missed)))
        session.waiting = False
        play_missed(self, session, missed)
        if not missed and self.screen is not None and not session.state.over:
            # back after a drop with nothing missed: a key pressed meanwhile went nowhere; the question again
            question = self.screen.question_again()
            if question:
                self.say(question)

    def _next_game(self, message: Started) -> None:
        self.waiting_again, self.again_offered, self.host_plays_again = False, False, False
        try:
            session = make_session(message, self.view.seats, self.link.send)
        except (ProtocolError, ValueError):
            log.exception("The next game from the server cannot be played")
            self._fail(_("The table sent a game this version cannot play."))
            return
        self.view.session, self.view.started = session, message
        self.known_actions = len(message.actions)
        if self.screen is not None:
            self.screen.next_game(session)

    def _resync(self) -> None:
        """The copy of the game lost step with the server: connect again, which sends the whole game."""
        if self.link.socket is not None:
            asyncio.get_running_loop().create_task(self.link.socket.close())

    def _refused(self, reason: Reason | str, text: str = "") -> None:
        if self.view.session is not None:
            self.view.session.refused()
        if self.waiting_again:  # the table asks no more (the time to answer was up): no next game comes
            self.waiting_again = False
            self._fail(no_next_game(), 0)
            return
        sentence = refusal_sentence(reason, text)
        joining = not self.view.seats and not self.view.spectator
        if joining and self.view.code and reason is Reason.BAD_TOKEN and self.view.tokens and self.names:
            # the seat kept here is no longer this player's (left, or given to another): a new one for the
            # names, in a lobby; a game under way refuses it, and that refusal says what they can do
            forget_tokens(self.view.code, self.view.tokens)
            self.view.tokens, self.seat_lost = [], True
            self.link.send(self._hello())
            return
        if joining and self.view.code and reason is Reason.STARTED and self.names and self.command_line:
            asked = {name.casefold() for name in self.names}  # their tokens were asked for, if kept
            kept = [name for name in kept_names(self.view.code) if name.casefold() not in asked]
            self._fail(started_refusal(kept, lost=self.seat_lost))
            return
        if not self.view.code or (joining and (reason in _FATAL or not isinstance(reason, Reason))):
            self._fail(sentence)
            return
        if reason is Reason.BAD_TOKEN and self.view.tokens and not self.names and not self.view.seats:
            forget_tokens(self.view.code, self.view.tokens)
            self.view.tokens = []  # a listener's seat from an earlier game is gone: it listens again
            self.link.send(self._hello())
            return
        if reason is Reason.BAD_TOKEN and self.view.tokens:
            self._fail(sentence)
            return
        if self.screen is not None:
            self.screen.error(sentence)
        else:
            self.voice.error(sentence)

    def _fail(self, sentence: str, code: int = 1) -> None:
        if not self.failed.done():
            self.failed.set_result((sentence, code))

    def _game_over(self) -> bool:
        """The game has ended (its end is being said): a connection that drops now is not told."""
        over = self.view.session is not None and self.view.session.state.over
        return over and not self.waiting_again  # waiting for the next game, a drop matters

    def _on_drop(self) -> None:
        if self._game_over():  # the table closes after its game; nothing is tried again that matters
            return
        self.say(connection_dropped())

    def _on_long_drop(self) -> None:
        if self._game_over():
            return
        # Translators: an online table has not answered for a minute after the connection dropped.
        self.say(_("The table has not answered for a minute; it may have closed. Escape, then Y, leaves."))

    def _on_back(self) -> None:
        if self._game_over():
            return
        # Translators: an online table; the connection works again.
        self.say(_("Connected to the table again."))

    # --- running -----------------------------------------------------------------------------------------

    async def run(self) -> int:
        """Join, hold the lobby, play the game. Returns the exit code (1: the table could not be reached or
        refused this player)."""
        link_task = asyncio.get_running_loop().create_task(self.link.run())
        try:
            end = await self._until(self._lobby(), link_task)
            self.ended = end is not LobbyEnd.STARTED
            if isinstance(end, tuple):
                self.app.speaker.speak(end[0])
                return end[1]
            if end is LobbyEnd.LEFT:
                await self._leave()
                return 0
            if end is LobbyEnd.DROPPED:
                self.app.speaker.speak(self._seat_waits())
                return 0
            outcome = await self._until(self._play(), link_task)
            self.ended = True  # what follows is the last thing said at this table
            if isinstance(outcome, tuple):
                self.app.speaker.speak(outcome[0])
                return outcome[1]
            if outcome is Outcome.FINISHED:
                self.app.speaker.speak(goodbye())
            if outcome is Outcome.QUIT and self.serving:  # everyone hears that the table closed
                # Translators: the host of an online table left it (Escape, then Y); the table closes.
                self.app.speaker.speak(_("You closed the table. Goodbye."))
            elif outcome is Outcome.QUIT:
                await self._leave()
                # Translators: the player left an online game for good (Escape, then Y).
                self.app.speaker.speak(_("You left the table; a computer player takes your seat."))
            elif outcome is Outcome.LEFT:
                self.app.speaker.speak(self._seat_waits())
            return 0
        finally:
            if self.closing is not None:
                self.closing()
            await self.link.close()
            link_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Unreachable):
                await link_task

    def _seat_waits(self) -> str:
        if not self.view.seats:
            # Translators: a listener left an online table.
            return _("You left the table.")
        # Translators: the player left an online table at once (Control+C, a signal); their seat waits.
        return _("You left the table; join again with the same code to take your seat back.")

    async def _until(
        self, work: Coroutine[Any, Any, T], link_task: asyncio.Task[None]
    ) -> T | tuple[str, int]:
        """Run ``work`` until it ends; or a sentence when the link gives up or the table refuses us."""
        task = asyncio.ensure_future(work)
        failed = asyncio.ensure_future(asyncio.shield(self.failed))
        waiters: set[asyncio.Future[Any]] = {task, link_task, failed}
        done, _pending = await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            failed.cancel()
            return task.result()
        task.cancel()
        failed.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
        if self.failed.done():
            return self.failed.result()
        # Translators: an online table could not be reached; {address} as typed.
        unreachable = _(
            "Could not reach a table at {address}; check the address and that the host's game is running."
        )
        return unreachable.format(address=self.address), 1

    async def _leave(self) -> None:
        self.link.send(Leave())
        if self.view.code and self.view.tokens:  # given up: a later join asks for a new seat, not this one
            forget_tokens(self.view.code, self.view.tokens)
        await asyncio.sleep(0.1)  # let the message go before the connection closes

    async def _lobby(self) -> LobbyEnd:
        await self.welcomed.wait()
        if self.started.done():
            return LobbyEnd.STARTED
        async with KeyLoop(self.app.keys) as loop:
            self.lobby = LobbyMode(self, loop)
            try:
                return await loop.ask(self.lobby)
            except (KeyboardInterrupt, EOFError):
                return LobbyEnd.DROPPED
            finally:
                self.lobby = None

    async def _play(self) -> Outcome:
        session = self.view.session
        assert session is not None and self.view.started is not None
        app = self.app
        screen = OnlineScreen(
            session,
            app.speaker,
            app.keys,
            pause=0.0,
            settings=app.settings,
            save_settings=app.remember,
            sound=app.sound,
            client=self,
            new_session=_from_the_table if self.view.seats else None,  # people are asked to play again
        )
        self.screen = screen
        app.active_screen = screen  # a signal ends it cleanly (the server keeps the game)
        if session.actions:  # joined (or joined again) a game under way: where it stands first
            # the standings before a roll still pending (a Wild's choice): that roll is told next; but with
            # moves missed, the roll was heard before the seat was lost, and they follow it: as it was then
            pending = [] if self.catch_up else pending_turn(session)
            before = turn_start_state(pending, session.state)
            # Translators: said when a player joins (or joins again) an online game under way; {turn} is a
            # number, {status} lists every seat's chips and the pot.
            text = _("The game continues at turn {turn}. {status}").format(
                turn=session.state.turn, status=screen.narrator.status(before).text
            )
            screen.history.append(text)
            app.speaker.speak(text)  # before the screen presents (as a resumed local game is said)
        elif self.rules_heard is None or not same_options(self.rules_heard, session.rules):
            # the rules in force, first, once: a guest who never pressed S has not heard them, and the host's
            # "Options set" (or a guest's "The host changed the rules") already said these
            app.speaker.speak(rules_summary(session.rules))
        try:
            return await screen.run(resume=bool(session.actions))
        finally:
            self.screen = None
            app.active_screen = None

    # --- lobby actions -----------------------------------------------------------------------------------

    def lobby_status(self) -> str:
        """Who is at the table, and the rules (heard from now on: the game's start says them only if they
        change)."""
        lobby = self.view.lobby
        if lobby is None:
            # Translators: an online table; the lobby's state has not arrived yet.
            return _("Joining the table.")
        names = [seat.name for seat in lobby.seats]
        computers = sum(1 for seat in lobby.seats if seat.kind is SeatKind.COMPUTER)
        filled = self.filled_seats()
        rules = self.lobby_rules()
        # Translators: an online table's lobby; {names} lists the seats in order, {count} how many seats.
        seated = ngettext("{count} seat: {names}.", "{count} seats: {names}.", len(names)).format(
            count=len(names), names=and_list(names)
        )
        parts = [seated]
        if computers:
            parts.append(
                # Translators: an online table's lobby: how many of the seats are computer players.
                ngettext("{count} is a computer player.", "{count} are computer players.", computers).format(
                    count=computers
                )
            )
        if filled:
            numbers = and_list([str(index + 1) for index in filled])
            parts.append(
                # Translators: an online table's lobby: the seats (numbers, "4" or "4 and 5") that computer
                # players will take when the game starts, to make up the number of players the rules ask.
                ngettext(
                    "Seat {seats} goes to a computer player when the game starts.",
                    "Seats {seats} go to computer players when the game starts.",
                    len(filled),
                ).format(seats=numbers)
            )
        if lobby.listeners:
            parts.append(
                # Translators: an online table's lobby: people who joined only to listen.
                ngettext("{count} listener.", "{count} listeners.", lobby.listeners).format(
                    count=lobby.listeners
                )
            )
        parts.append(rules_summary(rules))
        parts.append(self.lobby_waits())
        self.rules_heard = rules
        return " ".join(parts)

    def lobby_waits(self) -> str:
        """What the lobby waits for: the host's Enter (said to the host with how), or the host (to a
        guest)."""
        if self.view.host:
            # Translators: an online table's lobby, said to the host: how to start.
            return _("Press Enter to start; A adds a computer player.")
        # Translators: an online table's lobby, said to a guest.
        return _("The host starts the game.")

    def lobby_rules(self) -> Rules:
        """The lobby's rules, with as many players as will play (the seats, and those computer players
        will fill).

        Raises:
            ProtocolError: the lobby's rules are no rules (:func:`rules_from_doc`); AssertionError: no lobby.
        """
        lobby = self.view.lobby
        assert lobby is not None
        return rules_from_doc(lobby.rules, players=len(lobby.seats) + len(self.filled_seats()))

    def filled_seats(self) -> list[int]:
        """The seats (0-based) that computer players will take when the game starts: the server fills the
        table up to the rules' number of players, at least 3 (R2)."""
        lobby = self.view.lobby
        if lobby is None:
            return []
        players = rules_from_doc(lobby.rules).players
        return list(range(len(lobby.seats), max(players, MIN_PLAYERS)))

    def seated(self) -> list[str]:
        """Where this keyboard's people sit, said as the lobby opens: each seat's number, and the name the
        table gave when the one asked for was taken (:func:`seated_sentences`)."""
        lobby = self.view.lobby
        seats: list[tuple[int, str, str]] = []
        for grant in sorted(self.grants, key=lambda g: g.seat):
            name = lobby.seats[grant.seat].name if lobby and 0 <= grant.seat < len(lobby.seats) else ""
            asked = clean_name(self.asked.get(grant.token, ""))
            seats.append((grant.seat, name, asked))
        return seated_sentences(seats)

    def seat_line(self, index: int) -> str:
        """Who sits in seat ``index`` (0-based)."""
        lobby = self.view.lobby
        if index in self.filled_seats():
            # Translators: an online table's lobby: nobody sits in the seat whose digit was pressed yet, and a
            # computer player will take it when the game starts.
            return _("Seat {seat} is empty; a computer player takes it when the game starts.").format(
                seat=index + 1
            )
        if lobby is None or not 0 <= index < len(lobby.seats):
            # Translators: an online table's lobby: nobody sits in the seat whose digit was pressed.
            return _("Seat {seat} is empty.").format(seat=index + 1)
        seat = lobby.seats[index]
        if seat.kind is SeatKind.COMPUTER:
            # Translators: an online table's lobby: one seat and its computer player.
            return _("Seat {seat}: {name}, a computer player.").format(seat=index + 1, name=seat.name)
        # Translators: an online table's lobby: one seat and its person.
        return _("Seat {seat}: {name}.").format(seat=index + 1, name=seat.name)

    async def change_rules(self, loop: KeyLoop) -> None:
        """The host sets each rule option in turn (the setup's own questions)."""
        lobby = self.view.lobby
        rules, _kept = await walk_options(loop, self.voice, rules_from_doc(lobby.rules) if lobby else Rules())
        self.rules_set_here = rules_doc(rules)
        self.rules_heard = rules
        self.link.send(SetRules(self.rules_set_here))
        # Translators: said when the options are settled. {summary} is the rules summary; what the lobby
        # waits for follows ("Press Enter to start; A adds a computer player.").
        settled = _("Options set. {summary}").format(summary=rules_summary(rules))
        self.app.speaker.speak(f"{settled} {self.lobby_waits()}")

    async def chat(self, loop: KeyLoop) -> None:
        """Type a chat line and send it (the others hear it with this player's name; this player hears
        that it went)."""
        text = await loop.ask(ChatLine(self.voice, self.app))
        if text:
            self.link.send(Chat(text))
            # Translators: an online table; the chat line typed was sent to everyone else.
            self.voice.answer(_("Sent."))


def goodbye() -> str:
    """The last sentence at an online table whose game is over and which starts no other."""
    # Translators: an online game has ended (its winner was said); the program ends.
    return _("The game at this table is over. Goodbye.")


def same_options(heard: Rules, rules: Rules) -> bool:
    """Whether ``rules`` has every option of ``heard`` but the number of players (people join and leave,
    and the game's opening says how many play)."""
    return replace(heard, players=rules.players) == rules


def _from_the_table(finished: Session) -> Session:
    """Never called: an online table's next game comes from its server (:meth:`OnlineScreen.next_game`).

    Raises:
        RuntimeError: always.
    """
    raise RuntimeError("The next game comes from the table's server.")


_FATAL = frozenset(
    {
        Reason.NO_TABLE,
        Reason.TABLE_FULL,
        Reason.VERSION,
        Reason.BAD_NAME,
        Reason.STARTED,
        Reason.TOO_MANY_CONNECTIONS,
        Reason.TOO_MANY_TABLES,
        Reason.TOO_MANY_LOBBIES,
        Reason.TOO_MANY_GUESSES,
        Reason.GUESSES_BUSY,
        Reason.ONE_TABLE,
        Reason.LISTENERS_FULL,
        Reason.SERVER_LISTENERS_FULL,
    }
)
"""Refusals of the first message: this player cannot be at the table."""


HOST_KEYS = frozenset(
    {
        Command.START_GAME,
        Command.ADD_COMPUTER,
        Command.FREE_SEAT,
        Command.MOVE_SEAT_BACK,
        Command.MOVE_SEAT_ON,
        Command.OPTIONS,
    }
)
"""The lobby keys only the host may use."""


class LobbyMode(Question[LobbyEnd]):
    """The lobby's keys: S who is here, digits a seat, M chat; the host's Enter, A, Delete and O."""

    contexts = frozenset({Context.LOBBY})

    def __init__(self, client: OnlineClient, loop: KeyLoop) -> None:
        super().__init__(client.voice)
        self.client = client
        self.key_loop = loop
        self.last_seat: int | None = None
        self.busy: asyncio.Task[None] | None = None

    def opened(self) -> None:
        """Say where the player is and what to do."""
        if self.client.view.spectator:
            self.voice.say(
                # Translators: an online table's lobby opened for someone who only listens; F1 lists its keys.
                _("You are listening at the table, with no seat. S says who is here; F1 lists the keys.")
            )
            return
        # Translators: an online table's lobby opened; F1 lists its keys. It follows where the player sits
        # ("You are at the table, in seat 5.").
        keys = _("S says who is here; F1 lists the keys.")
        self.voice.say(" ".join([*self.client.seated(), keys]))

    def reminder(self) -> str:
        """Nothing pending in the lobby."""
        return ""

    def _host(self) -> bool:
        if not self.client.view.host:
            self.voice.error(refusal_sentence(Reason.NOT_HOST))
            return False
        return True

    def _run(self, work: Coroutine[Any, Any, None]) -> None:
        self.busy = asyncio.ensure_future(work)

    @handles(Command.START_GAME)
    def start(self, press: Press) -> None:
        """Start the game (the host)."""
        if self._host():
            self.client.link.send(Start())

    @handles(Command.ADD_COMPUTER)
    def add_computer(self, press: Press) -> None:
        """Add a computer player (the host)."""
        if self._host():
            self.client.link.send(AddComputer())

    @handles(Command.SEAT)
    def seat(self, press: Press) -> None:
        """Who sits in the seat of that digit."""
        index = 9 if press.data == "0" else int(press.data) - 1
        self.last_seat = index
        self.voice.answer(self.client.seat_line(index))

    @handles(Command.FREE_SEAT)
    def free_seat(self, press: Press) -> None:
        """Free the seat last heard (the host)."""
        if not self._host():
            return
        if self.last_seat is None:
            # Translators: an online table's lobby; Delete pressed before a seat's digit.
            self.voice.error(_("Press a seat's digit first, then Delete."))
            return
        self.client.link.send(FreeSeat(self.last_seat))
        self.last_seat = None

    @handles(Command.MOVE_SEAT_BACK)
    def move_back(self, press: Press) -> None:
        """Move the person in the seat last heard one seat back (the host)."""
        self._move_seat(-1)

    @handles(Command.MOVE_SEAT_ON)
    def move_on(self, press: Press) -> None:
        """Move the person in the seat last heard one seat on (the host)."""
        self._move_seat(1)

    def _move_seat(self, step: int) -> None:
        """Move the person in the seat last heard ``step`` seats on (the host); everyone hears where they
        sit now, and the next arrow moves them again."""
        if not self._host():
            return
        lobby = self.client.view.lobby
        index = self.last_seat
        if index is None or lobby is None or not 0 <= index < len(lobby.seats):
            # Translators: an online table's lobby; an arrow key pressed before the digit of a taken seat.
            self.voice.error(_("Press the digit of a taken seat first, then an arrow to move its player."))
            return
        to = index + step
        if not 0 <= to < len(lobby.seats):
            # Translators: an online table's lobby; the player cannot move further that way ({seat} is the
            # first or the last taken seat's number).
            self.voice.error(_("Seat {seat} is the end of the table.").format(seat=index + 1))
            return
        self.client.link.send(MoveSeat(index, to))
        self.last_seat = to

    @property
    def hidden(self) -> frozenset[Command]:
        """The host's keys are left out of a guest's or a listener's F1 list (they do nothing there)."""
        return frozenset() if self.client.view.host else HOST_KEYS

    @handles(Command.STATUS)
    def status(self, press: Press) -> None:
        """Who is here and the rules."""
        self.voice.answer(self.client.lobby_status())

    @handles(Command.OPTIONS)
    def options(self, press: Press) -> None:
        """Change the rules (the host)."""
        if self._host():
            self._run(self.client.change_rules(self.key_loop))

    @handles(Command.CHAT)
    def chat(self, press: Press) -> None:
        """Type a chat line."""
        self._run(self.client.chat(self.key_loop))

    @handles(Command.LEAVE_TABLE)
    def leave(self, press: Press) -> None:
        """Leave the table, after a yes or no question."""

        async def ask() -> None:
            # Translators: an online table's lobby; Escape was pressed.
            if await yes_no(self.key_loop, self.voice, _("Leave this table? Y or N.")):
                self.finish(LobbyEnd.LEFT)
                return
            # Translators: an online table's lobby: the player answered no to leaving; what the lobby waits
            # for comes next ("The host starts the game.").
            self.voice.answer(_("You stay at the table.") + " " + self.client.lobby_waits())

        self._run(ask())


class OnlineScreen(PlayScreen):
    """The play screen of an online table: the ordinary play screen with the table's part
    (:class:`~lcr_audio.tui.online_table.OnlineTable`: the chat key, decisions and the next game from the
    server)."""

    def __init__(
        self, session: RemoteSession, *args: object, client: OnlineClient, **options: object
    ) -> None:
        super().__init__(session, *args, table=OnlineTable(client), **options)  # type: ignore[arg-type]
        self.client = client
        self._word_waited: asyncio.TimerHandle | bool = False
        """The game is over and the table's word on what follows is awaited (a timer), or was waited for long
        enough (True): see :data:`TABLES_WORD_SECONDS`."""

    def next_game_coming(self) -> bool:
        """The player said yes to playing again, or waits for the host's answer (the table asks its host
        first), or the game has just ended and the table has not said yet what follows (waited for up to
        :data:`TABLES_WORD_SECONDS`): the table's next game may be on its way."""
        client = self.client
        if client.waiting_again or client.host_deciding:
            return True
        if client.again_offered or self._word_waited is True:
            return False
        if client.host_asks_first:  # a newer server: its question follows its word
            return True
        if self._word_waited is False:
            self._word_waited = asyncio.get_running_loop().call_later(TABLES_WORD_SECONDS, self._word_late)
        return True

    def _offline(self) -> bool:
        """The connection to the table is down, and a decision's key would send nothing: said, with the
        error cue (issue 22, item 5; the tries to connect go on). False while it works."""
        if self.client.link.connected.is_set():
            return False
        self.error(connection_dropped())
        return True

    def roll(self) -> None:
        """Space: the roll is asked of the table's server, unless the connection to it is down (said)."""
        if not self._offline():
            super().roll()

    def confirm_choice(self) -> None:
        """A Wild's seat goes to the table's server, unless the connection to it is down (said)."""
        if not self._offline():
            super().confirm_choice()

    def yes_no(self, yes: bool) -> None:
        """The reversal (R9) goes to the table's server, unless the connection to it is down (said); a
        yes-or-no question of this screen is answered here, connected or not."""
        reversal = self.state.phase is Phase.REVERSE and self.session.human_to_play
        if reversal and not self.question_text() and self._offline():
            return
        super().yes_no(yes)

    def _word_late(self) -> None:
        """The table said nothing of what follows its game: an older server (asked as it always was)."""
        self._word_waited = True
        self._poke()

    def table_spoke(self) -> None:
        """The table said what follows its game (the host decides, or a question): the game loop looks
        again."""
        if isinstance(self._word_waited, asyncio.TimerHandle):
            self._word_waited.cancel()
        self._word_waited = False
        self._poke()

    def ask_play_again(self) -> None:
        """At a table that asks its host first, the host is asked, and each other person once the host said
        yes (an older server asks everyone with the local game's question)."""
        if not self.client.host_asks_first and not self.client.again_offered:
            super().ask_play_again()
            return
        question = again_question(self.client.again_seconds)
        self.ask(YesNoQuestion(question, self._answer_again, in_game=False))

    def again_asked(self) -> None:
        """The table asks this player whether to play again (:class:`Again`): a person is asked once the
        game's end is said (the screen's loop asks); a listener offered a seat in the next game is asked
        now whether to take it."""
        client = self.client
        if client.view.seats or not client.host_asks_first:
            self.table_spoke()
            return
        if not client.seat_name:
            return  # no name to sit under: it goes on listening
        # Translators: asked at an online table whose game has ended and whose host plays again, to someone
        # who listened: a seat in the next game is free.
        question = _("A seat is free in the next game at this table. Take it? Y or N.")
        self.ask(YesNoQuestion(question, self._answer_seat, in_game=False))

    def _answer_seat(self, yes: bool) -> None:
        """A listener's answer to the seat offered: the table seats them in the next game, or they listen."""
        client = self.client
        client.link.send(PlayAgain(yes, client.seat_name if yes else ""))
        if not yes:  # a yes is answered by the table: the others' answers awaited, or the next game
            # Translators: an online table; a listener said no to a seat in the table's next game.
            self.answer_kept(_("You will listen to the next game."))

    def next_game(self, session: RemoteSession) -> None:
        """The table's next game: played from now on, its opening said (a listener who took a seat in it is
        asked to play again at its end, as every person is)."""
        if self.client.view.seats:
            self.new_session = _from_the_table
        self._word_waited = False
        self.use(session)
        session.start()
        self._poke()
