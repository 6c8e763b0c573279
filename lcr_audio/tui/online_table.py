"""An online table's part of the play screen (issue 23, item 4): the :class:`~lcr_audio.tui.play_table.Table`
of a game whose other players sit at other computers.

An :class:`OnlineTable` works through the table's client (:class:`lcr_audio.tui.online.OnlineClient`,
named here by what is asked of it, :class:`TableClient`): the chat line, the moves missed while away, a
notice while a person elsewhere decides, the host's quit question (leaving closes the table), and the
answer to "Play again?", which goes to the table's server.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from lcr_audio.engine import Event, GameState, Phase, Place
from lcr_audio.game.online.client import Link, RemoteSession, TableView
from lcr_audio.game.online.protocol import PlayAgain, action_from_doc
from lcr_audio.game.session import Session
from lcr_audio.i18n import N_, _, ngettext
from lcr_audio.narration import phrases
from lcr_audio.tui.input import KeyLoop
from lcr_audio.tui.keys import Command
from lcr_audio.tui.play_table import AgainReply, MissedMove


class TableClient(Protocol):
    """What the online table asks of its client (:class:`lcr_audio.tui.online.OnlineClient` is one).

    Attributes:
        serving: this player hosts the table (its game runs the table).
        again_offered: the table's server asks "Play again?" (an older one does not).
        waiting_again: this player said yes; the table's next game is on its way.
        host_plays_again: the table's host said yes to playing again (a newer server asks the host
            first): a no from this player leaves a table that plays on.
        catch_up: the moves missed while away, as the server sent them, not yet told.
        game_number: which game of the table this is, as its server counts; None from an older server.
        known_actions: how many actions of the game the table has sent, told or not yet.
        missed_move: the move missed while away being played now (:func:`play_missed`), or None.
        link: the connection to the table's server.
        view: the table as this client knows it.
    """

    serving: bool
    again_offered: bool
    waiting_again: bool
    host_plays_again: bool
    catch_up: list[Any]
    game_number: int | None
    known_actions: int
    missed_move: MissedMove | None
    link: Link
    view: TableView

    async def chat(self, loop: KeyLoop) -> None:
        """Type a chat line on ``loop`` and send it."""


def no_next_game() -> str:
    """Said to a player who said yes to playing again at a table that will not start another game (its
    server is older, or the time to answer was up)."""
    # Translators: an online game ended; the player said yes to playing again, but the table will not start
    # another game (its server is an older version, or the time to answer was up).
    return _("This table will not start another game.")


def missed_sentence(count: int) -> str:
    """Said before the moves a player missed (their connection dropped, or their program stopped), which
    follow one by one at their verbosity; Q skips them as it skips any game message."""
    # Translators: an online table; back after a dropped connection or a restart of the game, {count} moves
    # happened meanwhile; they are said next, and the Q key skips them.
    return ngettext(
        "You missed {count} move; Q skips it.", "You missed {count} moves; Q skips them.", count
    ).format(count=count)


def play_missed(client: TableClient, session: RemoteSession, missed: Sequence[Any]) -> None:
    """Play the moves missed while away (action docs, the next after ``session``'s own) one by one, and so
    tell them, with :attr:`TableClient.missed_move` saying which each is (issue 22, item 5): a question a
    later move answered is not asked, and a computer player's moves in a seat played at this keyboard are
    said to be its (the person was away: nobody else decides in a person's seat).

    Raises:
        lcr_audio.engine.IllegalActionError: a move does not fit this copy of the game.
        lcr_audio.game.online.protocol.ProtocolError: a move cannot be read.
    """
    first, stood_in = len(session.actions), None
    try:
        for offset, doc in enumerate(missed):
            state = session.state
            seat = state.seat if not state.over and state.seat in session.humans else None
            client.missed_move = MissedMove(len(missed) - 1 - offset, seat if seat != stood_in else None)
            stood_in = seat
            session.receive(first + offset, action_from_doc(doc))
    finally:
        client.missed_move = None


class OnlineTable:
    """An online table's part of the play screen.

    Args:
        client: the table's client.
    """

    chats = True
    unused_keys = frozenset({Command.SAVE})  # the table's server keeps the game

    def __init__(self, client: TableClient) -> None:
        self.client = client
        self._chat_task: asyncio.Future[None] | None = None

    def chat(self, loop: KeyLoop) -> None:
        """Open the chat line over the game (the game goes on; its messages keep coming)."""
        self._chat_task = asyncio.ensure_future(self.client.chat(loop))

    def next_game_coming(self) -> bool:
        """The player said yes to playing again; the table's next game is on its way."""
        return self.client.waiting_again

    def notice(
        self, events: Sequence[Event], state: GameState, session: Session, name: Callable[[Place], str]
    ) -> str | None:
        """When the game waits for a person at another client to choose (a Wild's seat, R7, or whether to
        reverse, R9), a short notice: the turn itself is told once they have chosen, and the table would
        otherwise hear nothing meanwhile. None otherwise, and None for a choice already made: the moves missed
        while away, said one by one, are followed by the one that made it (only the last may still be
        under way)."""
        seat = state.seat
        if not events or state.over or seat in session.humans or seat in session.computers:
            return None
        if len(session.actions) < self.client.known_actions:  # a catch-up: the table has moved on
            return None
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            return phrases.choosing(name(seat), state.phase is Phase.WILD_GIVE)
        if state.phase is Phase.REVERSE:
            # Translators: an online game: the person {name}, at another computer, may reverse the dice
            # before rolling (reversible dice) and is deciding.
            return _("{name} is deciding whether to reverse the dice.").format(name=name(seat))
        return None

    def catch_up(self, say: Callable[[str], None]) -> bool:
        """Back at the table after this player's program stopped: the moves missed meanwhile, counted and
        then played (and so said) one by one as they happened (Q skips them). False when none were."""
        missed, self.client.catch_up = self.client.catch_up, []
        session = self.client.view.session
        if not missed or session is None:
            return False
        say(missed_sentence(len(missed)))
        play_missed(self.client, session, missed)
        return True

    def missed_move(self) -> MissedMove | None:
        """The move missed while away being played now, if one is (:func:`play_missed`)."""
        return self.client.missed_move

    def quit_question(self) -> str | None:
        """Escape asks what leaving costs: the host's leaving closes the table for everyone; a seated
        player's gives their seat to a computer player for good (their saved seat is dropped); one who
        only listens is asked the play screen's own question (None)."""
        if self.client.serving:
            # Translators: asked when the host of an online table (whose game runs the table) presses Escape.
            return _("Leaving closes this table for everyone. Leave? Y or N.")
        if not self.client.view.seats:
            return None
        # Translators: asked when a player at an online table (not its host) presses Escape in a game: Y
        # gives their seat to a computer player for the rest of the game (Control+C instead keeps it).
        return _("Leave this table? A computer player takes your seat for good. Y or N.")

    @property
    def help_words(self) -> Mapping[Command, str]:
        """F1's words for the keys that do otherwise here: Control+C leaves, and the seat waits (the
        table's server keeps the game; nothing is saved on this computer)."""
        # Translators: F1 key help, at an online table (lobby or game): what Control+C does, after its name.
        return {Command.QUIT_NOW: N_("leave at once; your seat waits for you to join again")}

    def play_again(self, yes: bool) -> AgainReply:
        """Play again at this table: the answer goes to the table, which starts the next game once everyone
        has answered, with those who said yes and computer players (an older server offers none: said). A
        yes says nothing here: the table answers it, with the others' answers awaited, or with the next game
        when this was the last answer."""
        client = self.client
        if not yes or not client.again_offered:
            if client.again_offered and not client.serving:  # the host's no closes the table instead
                client.link.send(PlayAgain(False))
                if not client.host_plays_again:
                    return AgainReply()
                # Translators: an online game ended; this player (not the table's host) said no to playing
                # again, and leaves; the others at the table may still play another game.
                return AgainReply(ends=_("You do not play again; the others may play on without you."))
            if yes:
                return AgainReply(ends=no_next_game())
            return AgainReply()
        client.waiting_again = True
        client.link.send(PlayAgain(True))
        return AgainReply(waiting="")

    def game_number(self) -> int | None:
        """Which game of the table this is, as its server counts (issue 22, item 5): the same for everyone,
        whenever they joined or restarted their program. None from an older server (the screen counts)."""
        return self.client.game_number


__all__ = ["OnlineTable", "TableClient", "missed_sentence", "no_next_game", "play_missed"]
