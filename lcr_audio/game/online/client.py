"""The online table's client: a connection to the server, and a copy of its game (docs/online.md).

The client sends only decisions (roll, reverse, a Wild's seat, yes or no in the lobby) and receives the
actions the server applied. It keeps its own copy of the game (:class:`RemoteSession`), applies each
action to it with the engine, and the play screen narrates the events that gives, in this player's
language, verbosity, voice and sounds; every review key works as at a local table. A dropped connection is
tried again with a growing wait (websockets' own backoff), and the seats come back with their tokens; what
happened meanwhile is narrated as a catch-up. Tokens are kept in the data folder, so starting
``lcr-audio join`` again after the program stopped gets the seats back too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Final

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from lcr_audio import storage
from lcr_audio.engine import Action, ChooseSeat, Reverse, Rules, Seat, new_game
from lcr_audio.game.online.protocol import (
    CODE_ALPHABET,
    MAX_CHAT,
    MAX_FRAME,
    PROTOCOL_VERSION,
    Choose,
    ClientMessage,
    Decide,
    Hello,
    Lobby,
    ProtocolError,
    RollDice,
    Said,
    SeatKind,
    SeatView,
    ServerMessage,
    Started,
    Told,
    Welcome,
    action_from_doc,
    decode_server,
    encode,
    rules_doc,
    rules_from_doc,
)
from lcr_audio.game.session import Player, Session
from lcr_audio.names import clean_name, printable, seat_name

log = logging.getLogger(__name__)

RETRY_DELAYS: Final = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds between tries after a dropped connection; the last repeats."""

LONG_DROP: Final = 60.0
"""Seconds without the table after a drop before the player is told it may have closed."""

FIRST_TRIES: Final = 3
"""Tries before giving up when the table could never be reached at all."""


def _nowhere(message: ClientMessage) -> None:
    raise RuntimeError("This game is not connected.")


@dataclass
class RemoteSession(Session):
    """This client's copy of the server's game: decisions go to the server, applied actions come back.

    The engine is the same on both sides, so applying the server's actions in order gives the same states
    and events (DESIGN.md §1). ``seed`` is unused: the server draws the dice.

    Args:
        first_seat: the seat that rolled first (drawn by the server under R13's random start).
        outbox: sends a message to the server.
    """

    first_seat: Seat = 0
    outbox: Callable[[ClientMessage], None] = _nowhere
    computer_seats: frozenset[Seat] = frozenset()
    drives_computers: ClassVar[bool] = False
    waiting: bool = field(default=False, init=False)
    """A decision was sent and its action has not come back yet (a second key press sends nothing)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.state, self.opening = new_game(self.rules, self.first_seat)

    @property
    def computers(self) -> frozenset[Seat]:
        """The seats of computer players (the other people's seats are not)."""
        return self.computer_seats

    def roll(self) -> tuple[Any, ...]:
        """Ask the server to roll for the seat to play (R4); the roll comes back as an action."""
        self._send(RollDice(self.state.seat, len(self.actions)))
        return ()

    def apply(self, action: Action) -> tuple[Any, ...]:
        """Send a reversal (R9) or a Wild's seat (R7, R9) to the server; it comes back as an action."""
        seat, seen = self.state.seat, len(self.actions)
        if isinstance(action, Reverse):
            self._send(Decide(seat, seen, action.reverse))
        elif isinstance(action, ChooseSeat):
            self._send(Choose(seat, seen, action.seat))
        else:
            raise ValueError("Rolls are drawn by the server.")
        return ()

    def _send(self, message: ClientMessage) -> None:
        if self.waiting:
            return
        self.waiting = True
        self.outbox(message)

    def receive(self, index: int, action: Action) -> bool:
        """Apply the server's action number ``index`` (0-based) and tell the listeners (the narration).

        Returns False when an action is missing before it (the copy must be rebuilt); an action already
        applied is ignored.

        Raises:
            lcr_audio.engine.IllegalActionError: the action does not fit this copy (not the same game).
        """
        if index < len(self.actions):
            return True
        if index > len(self.actions):
            return False
        self.waiting = False
        Session.apply(self, action)
        return True

    def refused(self) -> None:
        """The server refused the last decision: another may be sent."""
        self.waiting = False

    def play_computer(self, decision: Action | None = None) -> tuple[Any, ...]:
        """Computer players move on the server, never here.

        Raises:
            ValueError: always.
        """
        raise ValueError("Computer players move on the server.")


def cleaned(message: ServerMessage) -> ServerMessage:
    """``message`` with every text from the network cleaned as local text is (no escape sequences or
    control characters, names at most 20 characters, chat at most :data:`MAX_CHAT`): a client never trusts
    the server with its player's terminal or screen reader."""
    match message:
        case Lobby(seats=seats):
            return msgspec.structs.replace(message, seats=[_seat(seat, i) for i, seat in enumerate(seats)])
        case Started(seats=seats):
            return msgspec.structs.replace(message, seats=[_seat(seat, i) for i, seat in enumerate(seats)])
        case Told(name=name, seat=seat, seconds=seconds):
            return msgspec.structs.replace(
                message,
                name=clean_name(name) or (seat_name(seat + 1) if name else ""),
                seconds=min(max(seconds, 0), 3600),
            )
        case Said(name=name, text=text):
            return msgspec.structs.replace(
                message, name=clean_name(name), text=printable(text)[:MAX_CHAT].strip()
            )
        case Welcome(code=code):
            return msgspec.structs.replace(
                message, code="".join(c for c in printable(code) if c in CODE_ALPHABET)[:16]
            )
    return message


def _seat(seat: SeatView, index: int) -> SeatView:
    return msgspec.structs.replace(seat, name=clean_name(seat.name) or seat_name(index + 1))


def remote_session(
    started: Started, mine: set[Seat], outbox: Callable[[ClientMessage], None]
) -> RemoteSession:
    """A copy of the game ``started`` describes, this client's seats played from its keyboard.

    Raises:
        ProtocolError: rules out of range (:attr:`Reason.BAD_RULES`) or an action that is not an action.
    """
    rules = rules_from_doc(started.rules, players=len(started.seats))
    players = [Player(seat.name, human=index in mine) for index, seat in enumerate(started.seats)]
    computers = frozenset(i for i, seat in enumerate(started.seats) if seat.kind is SeatKind.COMPUTER)
    session = RemoteSession(
        rules, players, 0, first_seat=started.first, outbox=outbox, computer_seats=computers
    )
    for action in started.actions:
        Session.apply(session, action_from_doc(action))
    return session


def tokens_path(code: str) -> Path:
    """Where this player's seat tokens for table ``code`` are kept (the data folder)."""
    return storage.data_dir() / "online" / f"{code}.json"


def _kept_seats(code: str) -> dict[str, Any]:
    """The kept seats' file of table ``code``, as read: name to token (empty when there is none or it is
    damaged; the values are not checked here)."""
    try:
        document: Any = storage.read_json(tokens_path(code), max_bytes=16 * 1024)
    except (OSError, storage.StorageError):  # none yet, or not the client's JSON (the next keep replaces it)
        return {}
    seats = document.get("seats") if isinstance(document, dict) else None
    return seats if isinstance(seats, dict) else {}


def read_tokens(code: str, names: list[str]) -> list[str]:
    """The seat tokens kept for table ``code`` for the seats named ``names`` (none when there are none or
    the file is damaged). Two players on one computer each get only their own seats back."""
    wanted = {name.casefold() for name in names}
    return [
        token
        for name, token in _kept_seats(code).items()
        if isinstance(token, str) and len(token) < 100 and name.casefold() in wanted
    ][:10]


def kept_names(code: str) -> list[str]:
    """The names whose seat tokens are kept for table ``code`` (none when there are none or the file is
    damaged): the names that get a seat back there with ``--names``."""
    seats = _kept_seats(code)
    return [name for name, token in seats.items() if isinstance(token, str) and clean_name(name)][:10]


def forget_tokens(code: str, tokens: list[str]) -> None:
    """Forget the kept seat tokens ``tokens`` for table ``code``: seats given up (left with Escape and Y)
    or refused as no longer this player's, which a later join must not ask for again. A file that cannot
    be read or written is left as it is (logged)."""
    seats = _kept_seats(code)
    kept = {name: token for name, token in seats.items() if token not in tokens}
    if len(kept) == len(seats):
        return
    try:
        text = json.dumps({"code": code, "seats": kept}, ensure_ascii=False)
        storage.atomic_write_text(tokens_path(code), text)
    except OSError:
        log.warning("Could not forget the seat tokens for %s", code, exc_info=True)


def keep_tokens(code: str, names: list[str], tokens: list[str]) -> None:
    """Keep the seat tokens for ``code`` by the name each seat was asked for (added to those kept); a
    folder that cannot be written is logged (the seats still come back after a dropped connection, only
    not after the program stopped)."""
    kept = dict(_kept_seats(code))
    kept.update(zip(names, tokens, strict=False))
    try:
        text = json.dumps({"code": code, "seats": kept}, ensure_ascii=False)
        storage.atomic_write_text(tokens_path(code), text)
    except OSError:
        log.warning("Could not keep the seat tokens for %s", code, exc_info=True)


class Unreachable(Exception):
    """The table could not be reached at all (wrong address, no server, refused)."""


@dataclass
class Link:
    """The connection to the server, tried again after a drop, and the messages that come from it.

    Args:
        address: ``ws://host:port`` or ``wss://host:port``.
        hello: the first message of each connection (re-made after a drop: with tokens, no names).
        on_message: called with each message from the server, in order.
        on_drop: called once when a working connection drops (not on each failed try).
        on_back: called when a connection works again after a drop.
        on_long_drop: called once when a dropped connection has not come back for :data:`LONG_DROP`
            seconds (the tries go on).
        tls: the TLS context of a ``wss://`` address, or None for the system's usual checks.
    """

    address: str
    hello: Callable[[], Hello]
    on_message: Callable[[ServerMessage], None]
    on_drop: Callable[[], None] = lambda: None
    on_back: Callable[[], None] = lambda: None
    on_long_drop: Callable[[], None] = lambda: None
    delays: tuple[float, ...] = RETRY_DELAYS
    socket: ClientConnection | None = None
    closing: bool = False
    tls: ssl.SSLContext | None = None
    connected: asyncio.Event = field(default_factory=asyncio.Event)

    def send(self, message: ClientMessage) -> None:
        """Send ``message`` now (dropped while disconnected: decisions are made again after the catch-up)."""
        socket = self.socket
        if socket is None:
            return
        task = asyncio.get_running_loop().create_task(self._send(socket, encode(message)))
        task.add_done_callback(lambda t: t.cancelled() or t.exception())

    @staticmethod
    async def _send(socket: ClientConnection, frame: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await socket.send(frame)

    async def run(self) -> None:
        """Connect, and connect again after each drop, until :meth:`close`.

        Raises:
            Unreachable: the first :data:`FIRST_TRIES` tries all failed.
        """
        tries, ever, dropped, dropped_at, told_long = 0, False, False, 0.0, False
        while not self.closing:
            try:
                extra: dict[str, Any] = {"ssl": self.tls} if self.tls is not None else {}
                async with connect(
                    self.address, max_size=MAX_FRAME, open_timeout=10, compression=None, logger=log, **extra
                ) as socket:
                    self.socket, ever, tries = socket, True, 0
                    await socket.send(encode(self.hello()))
                    self.connected.set()
                    if dropped:
                        dropped, told_long = False, False
                        self.on_back()
                    async for frame in socket:
                        try:
                            message = decode_server(frame)
                        except ProtocolError:  # never trust the server with the terminal
                            log.warning("Ignored a frame the server sent: %r", frame[:200])
                            continue
                        self.on_message(cleaned(message))
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as error:
                log.info("Connection to %s: %s", self.address, error)
            except InvalidURI as error:
                raise Unreachable(str(error)) from error
            finally:
                self.socket = None
                self.connected.clear()
            if self.closing:
                return
            if not ever and tries + 1 >= FIRST_TRIES:
                raise Unreachable(self.address)
            now = asyncio.get_running_loop().time()
            if ever and not dropped:
                dropped, dropped_at = True, now
                self.on_drop()
            elif dropped and not told_long and now - dropped_at >= LONG_DROP:
                told_long = True
                self.on_long_drop()
            await asyncio.sleep(self.delays[min(tries, len(self.delays) - 1)])
            tries += 1

    async def close(self) -> None:
        """Close the connection for good."""
        self.closing = True
        if self.socket is not None:
            await self.socket.close()


@dataclass
class TableView:
    """What the client knows of its table: the seats it holds, the lobby or the game."""

    code: str = ""
    seats: set[Seat] = field(default_factory=set)
    tokens: list[str] = field(default_factory=list)
    host: bool = False
    spectator: bool = False
    lobby: Lobby | None = None
    started: Started | None = None
    session: RemoteSession | None = None


def opening_hello(
    code: str, names: list[str], *, spectator: bool, language: str, rules: Rules | None, tokens: list[str]
) -> Hello:
    """The first message: seats back for ``tokens``, else new seats for ``names`` (a new table when
    ``code`` is empty, with ``rules``), else listen."""
    if tokens:
        return Hello(PROTOCOL_VERSION, code, tokens=tokens, language=language)
    return Hello(
        PROTOCOL_VERSION,
        code,
        names=names,
        spectator=spectator,
        language=language,
        rules=rules_doc(rules) if rules is not None and not code else None,
    )


def seat_names(seats: list[SeatView]) -> list[str]:
    """The seats' names, in seat order."""
    return [seat.name for seat in seats]


def people(seats: list[SeatView]) -> int:
    """How many seats people hold."""
    return sum(1 for seat in seats if seat.kind is SeatKind.PERSON)
