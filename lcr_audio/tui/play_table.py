"""What the table a game is played at adds to the play screen (issue 23, item 4).

The play screen plays the game the same way wherever its players sit; what differs with the table is
declared by a :class:`Table`: whether the chat key works, the keys it does not use, a notice while a person
elsewhere decides, the moves missed while away, the quit question, and the answer to "Play again?" when the
next game comes from elsewhere. :class:`LocalTable` is the table of one computer (every game but an online
one); :class:`lcr_audio.tui.online_table.OnlineTable` is an online table's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol

from lcr_audio.engine import Event, GameState, Place, Seat
from lcr_audio.game.session import Session
from lcr_audio.tui.input import KeyLoop
from lcr_audio.tui.keys import Command


@dataclass(frozen=True)
class AgainReply:
    """What the table made of the answer to "Play again?".

    Attributes:
        waiting: the next game comes from elsewhere: this sentence is said (and kept; "": nothing is said
            here, the table's own word follows), nothing ends.
        ends: no next game comes, even after a yes: this sentence is said last and the screen ends.
        Neither: the play screen's own answer (a yes starts the next game here, a no ends).
    """

    waiting: str | None = None
    ends: str | None = None


@dataclass(frozen=True)
class MissedMove:
    """A move missed while away from the table, being played at this copy of the game (issue 22, item 5).

    Attributes:
        later: how many missed moves follow it (0: the last; the question it leaves is the one pending now).
        stood_in: the seat played at this keyboard where a computer player made this move while its person
            was away, when it is the first of that stand-in's moves in a row; None otherwise.
    """

    later: int
    stood_in: Seat | None = None


class Table(Protocol):
    """What a table adds to the play screen (see the module's docstring)."""

    @property
    def chats(self) -> bool:
        """True when the chat key works (people elsewhere)."""

    @property
    def unused_keys(self) -> frozenset[Command]:
        """Keys of the game that do nothing at this table, left out of F1's list."""

    @property
    def help_words(self) -> Mapping[Command, str]:
        """F1's words (catalog messages), by command, for the keys that do otherwise at this table."""

    def chat(self, loop: KeyLoop) -> None:
        """Open a chat line over the game, on ``loop``."""

    def next_game_coming(self) -> bool:
        """The players said yes to playing again and the next game comes from elsewhere: the finished game
        waits for it, asking nothing."""

    def notice(
        self, events: Sequence[Event], state: GameState, session: Session, name: Callable[[Place], str]
    ) -> str | None:
        """Said after the narration of ``events`` (``name``: a seat's name as narrated), or None."""

    def catch_up(self, say: Callable[[str], None]) -> bool:
        """At a resumed game: tell the moves missed while away (``say`` queues a sentence) and play them;
        False when none were missed (the play screen then asks the turn pending)."""

    def missed_move(self) -> MissedMove | None:
        """The move being played, when it is a move missed while away (:meth:`catch_up`, or the table's
        catch-up after a dropped connection); None otherwise."""

    def quit_question(self) -> str | None:
        """The question Escape asks in a game, or None for the play screen's own."""

    def play_again(self, yes: bool) -> AgainReply:
        """The answer to "Play again?" (True for yes), handed to the table first."""

    def game_number(self) -> int | None:
        """Which game at this table the one being played is (1 for the first), when the table counts its
        games itself; None: the play screen counts the games it played."""


class LocalTable:
    """The table of one computer: no chat, every key, the next game made here, nothing added."""

    chats = False
    unused_keys: frozenset[Command] = frozenset()
    help_words: Mapping[Command, str] = MappingProxyType({})

    def chat(self, loop: KeyLoop) -> None:
        """No chat at this table."""

    def next_game_coming(self) -> bool:
        """The next game, if any, is made here."""
        return False

    def notice(
        self, events: Sequence[Event], state: GameState, session: Session, name: Callable[[Place], str]
    ) -> str | None:
        """Nothing: every person plays at this keyboard and is heard deciding."""
        return None

    def catch_up(self, say: Callable[[str], None]) -> bool:
        """Nothing is missed at this table."""
        return False

    def missed_move(self) -> MissedMove | None:
        """Nothing is missed at this table."""
        return None

    def quit_question(self) -> str | None:
        """The play screen's own."""
        return None

    def play_again(self, yes: bool) -> AgainReply:
        """The play screen's own answer."""
        return AgainReply()

    def game_number(self) -> None:
        """The play screen counts the games played here."""
        return None


__all__ = ["AgainReply", "LocalTable", "MissedMove", "Table"]
