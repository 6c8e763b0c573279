"""The online table's messages: what a client and the server say to each other (docs/protocol.md).

Every message is one WebSocket text frame holding one JSON object, tagged by its ``"type"`` field and
checked against the schema below with msgspec: a frame that is not valid JSON, has a field of the wrong
type, an unknown type, or is larger than :data:`MAX_FRAME` bytes is refused with a :class:`Refused` reason
and changes nothing. The server never sends sentences: it sends facts (actions, seats, notices with an enum
kind), and each client says them in its own language, voice and verbosity.

Versioning: a client's :class:`Hello` carries :data:`PROTOCOL_VERSION`; a server refuses another version
with :attr:`Reason.VERSION`. Fields are only ever added with defaults within one version. A client reads
the server's messages leniently (docs/protocol.md, "Versions"): an unknown field is ignored, a message of an
unknown type is skipped, and a refusal with an unknown reason is read as a refusal whose ``text`` it says,
so a newer server never leaves an older client silent or crashed.
"""

from __future__ import annotations

import enum
from dataclasses import replace
from typing import Any, Final, Literal, TypeAlias, TypeVar

import msgspec

from lcr_audio.engine import Action, ChooseSeat, Face, Reverse, Roll, Rules
from lcr_audio.rule_options import rules_from_json, rules_to_json

PROTOCOL_VERSION: Final = 1
"""The version of this message set."""

MAX_FRAME: Final = 4096
"""The largest frame, in bytes, either side accepts; larger frames close the connection (1009)."""

MAX_NAME: Final = 20
"""The longest player name, in characters, after cleaning."""

MAX_CHAT: Final = 200
"""The longest chat line, in characters, after cleaning."""

CODE_ALPHABET: Final = "abcdefghjkmnpqrstuvwxyz23456789"
"""Letters and digits for join codes: none that a voice or a reader confuses (no i, l, o, 0, 1)."""

CODE_LENGTH: Final = 10
"""Characters in a new join code: 31**10 (about 8.2e14) codes, so that finding any open table at the server's
own limits takes centuries (docs/protocol.md gives the arithmetic). Tables opened with 8-character codes
(before issue 22) keep them and are still found by them."""


class Reason(enum.StrEnum):
    """Why the server refused a message; the client says it in its own language."""

    MALFORMED = "malformed"
    """Not JSON, an unknown type, a missing field or a field of the wrong type."""
    TOO_LARGE = "too-large"
    """Larger than :data:`MAX_FRAME`."""
    VERSION = "version"
    """Another protocol version."""
    NO_TABLE = "no-table"
    """No table has that join code."""
    BAD_TOKEN = "bad-token"
    """A seat token that is not this table's."""
    TABLE_FULL = "table-full"
    """Every seat is taken."""
    NOT_JOINED = "not-joined"
    """The connection has not joined a table yet."""
    NOT_YOUR_SEAT = "not-your-seat"
    """An action for a seat this connection does not hold."""
    OUT_OF_TURN = "out-of-turn"
    """An action that does not fit the game now (another seat's turn, the wrong decision, a stale view)."""
    NOT_HOST = "not-host"
    """A lobby change from someone who is not the host."""
    STARTED = "started"
    """A lobby change after the game started."""
    NOT_STARTED = "not-started"
    """A game action before the game started."""
    BAD_RULES = "bad-rules"
    """Rule options out of range, or a table the seats do not fit."""
    BAD_NAME = "bad-name"
    """A name that is empty after cleaning, or a number."""
    FLOOD = "flood"
    """Too many messages too fast."""
    TOO_MANY_CONNECTIONS = "too-many-connections"
    """This client address already has the most connections the server allows one address (sent on
    connecting; the connection is then closed)."""
    TOO_MANY_TABLES = "too-many-tables"
    """This client address already has the most open tables (lobbies and games) the server allows one."""
    TOO_MANY_LOBBIES = "too-many-lobbies"
    """This client address already has the most lobbies (tables not started) the server allows one."""
    TOO_MANY_GUESSES = "too-many-guesses"
    """This client address sent too many join codes that no table has; it must wait before looking one up
    again (the wait grows each time)."""
    LISTENERS_FULL = "listeners-full"
    """This table has as many listeners as the server allows one table."""
    SERVER_LISTENERS_FULL = "server-listeners-full"
    """The server has as many listeners, at all its tables together, as it allows."""
    ONE_TABLE = "one-table"
    """A ``hello`` that would open a table at a server that holds one player's own table only
    (``lcr-audio host``): friends join that table with its code; new tables are opened at ``lcr-audio
    serve``."""
    GUESSES_BUSY = "guesses-busy"
    """Too many join codes that no table has were sent to this server from all addresses together just
    now; no code is looked up for a moment (a seat token still gets its seat back)."""


class Notice(enum.StrEnum):
    """Something that happened at the table besides the game's own events."""

    ARRIVED = "arrived"
    """A person joined and took a seat."""
    LEFT = "left"
    """A person left; in a game a computer player takes their seat, in the lobby the seat goes (the seats
    after it move up)."""
    AWAY = "away"
    """A person's connection dropped; their seat waits for them."""
    BACK = "back"
    """A person reconnected and has their seat again."""
    WAITING = "waiting"
    """It is the turn of a person whose connection dropped: the game waits ``seconds`` more for them before
    a computer player stands in (sent when the wait starts and again shortly before it ends)."""
    STAND_IN = "stand-in"
    """A person was away when it was their turn: a computer player made that decision for them."""
    COMPUTER_ADDED = "computer-added"
    """The host added a computer player."""
    SEAT_FREED = "seat-freed"
    """The host freed a seat (its player became a listener)."""
    SPECTATOR = "spectator"
    """Someone joined to listen."""
    CLOSED = "closed"
    """The host closed the table (the server ran in the host's game): the game ends for everyone."""
    SEAT_MOVED = "seat-moved"
    """The host moved the person ``name`` to seat ``seat`` in the lobby (the others moved up or down one
    to make room; the next :class:`Lobby` has the new order)."""
    HOST_DECIDES = "host-decides"
    """The game is over and the table asks its host ``name`` (in ``seat``) first whether to play again: the
    others are asked (:class:`Again`) only if the host says yes (then :attr:`AGAIN`), else
    :attr:`NO_AGAIN`."""
    AGAIN = "again"
    """The host ``name`` plays again: every person is asked (:class:`Again`), and each listener offered a
    seat when the next game has one (:class:`Again` too), else told that the table starts again."""
    NO_AGAIN = "no-again"
    """The host ``name`` does not play again (said no, or did not answer in time): no next game."""
    GONE = "gone"
    """After a game's end, a person who does not play the next game left their seat, and a listener takes it
    (an :attr:`ARRIVED` notice follows); when a computer player takes it, :attr:`LEFT` is sent instead."""
    ANSWERS_PENDING = "answers-pending"
    """Sent to one person alone, just after their yes to playing again (or a listener's yes to a seat): others
    have not answered yet, and the next game starts once they have (or the time to answer is up). The last
    answer gets none: the next game follows it at once."""


class SeatKind(enum.StrEnum):
    """Who holds a seat."""

    PERSON = "person"
    COMPUTER = "computer"


# --- shared values ----------------------------------------------------------------------------------------


RulesDoc: TypeAlias = dict[str, bool | int | str]
"""The rule options (R2, R3, R8-R10, R13) as they travel: a save's ``"rules"`` object, written and read by
the declarations of :mod:`lcr_audio.rule_options` (:func:`rules_doc`, :func:`rules_from_doc`)."""


class SeatView(msgspec.Struct, frozen=True):
    """One seat as everyone sees it."""

    name: str
    kind: SeatKind
    connected: bool = True


class ActionDoc(msgspec.Struct, frozen=True):
    """One engine action: ``roll`` (faces as letters, ``.`` for a dot), ``reverse`` or ``choose``."""

    kind: Literal["roll", "reverse", "choose"]
    faces: str = ""
    reverse: bool = False
    seat: int = 0


# --- client to server -------------------------------------------------------------------------------------


class Hello(msgspec.Struct, frozen=True, tag="hello", forbid_unknown_fields=True):
    """Join the table ``code``: new seats for ``names``, seats back for ``tokens``, or listen only."""

    version: int
    code: str
    names: list[str] = []
    tokens: list[str] = []
    spectator: bool = False
    language: str = "en"
    rules: RulesDoc | None = None
    """With an empty ``code``: open a new table with these rules, the sender as its host."""


class RollDice(msgspec.Struct, frozen=True, tag="roll", forbid_unknown_fields=True):
    """Roll for ``seat`` (R4). ``seen``: how many actions the client had applied (refused if stale)."""

    seat: int
    seen: int


class Decide(msgspec.Struct, frozen=True, tag="decide", forbid_unknown_fields=True):
    """Reverse the dice or not, for ``seat`` (R9)."""

    seat: int
    seen: int
    reverse: bool


class Choose(msgspec.Struct, frozen=True, tag="choose", forbid_unknown_fields=True):
    """The seat a Wild takes from or gives to, for ``seat`` (R7, R9)."""

    seat: int
    seen: int
    target: int


class Chat(msgspec.Struct, frozen=True, tag="chat", forbid_unknown_fields=True):
    """A chat line for everyone at the table."""

    text: str


class AddComputer(msgspec.Struct, frozen=True, tag="add-computer", forbid_unknown_fields=True):
    """Host only, in the lobby: a computer player takes the next open seat."""


class FreeSeat(msgspec.Struct, frozen=True, tag="free-seat", forbid_unknown_fields=True):
    """Host only, in the lobby: empty ``seat`` (0-based); its person becomes a listener."""

    seat: int


class SetRules(msgspec.Struct, frozen=True, tag="set-rules", forbid_unknown_fields=True):
    """Host only, in the lobby: the rules of the game (``players`` is set by the seats at start)."""

    rules: RulesDoc


class Start(msgspec.Struct, frozen=True, tag="start", forbid_unknown_fields=True):
    """Host only: start the game; open seats get computer players."""


class Leave(msgspec.Struct, frozen=True, tag="leave", forbid_unknown_fields=True):
    """Leave the table for good: a computer player takes this connection's seats."""


class MoveSeat(msgspec.Struct, frozen=True, tag="move-seat", forbid_unknown_fields=True):
    """Host only, in the lobby: the person in ``seat`` (0-based) moves to seat ``to`` (0-based); the seats
    between move one place to make room."""

    seat: int
    to: int


class PlayAgain(msgspec.Struct, frozen=True, tag="play-again", forbid_unknown_fields=True):
    """A person's answer, once the game is over and the table asked (:class:`Again`): play another game at
    this table (``yes``), or not; a listener offered a seat answers with the ``name`` to sit under."""

    yes: bool
    name: str = ""


ClientMessage: TypeAlias = (
    Hello
    | RollDice
    | Decide
    | Choose
    | Chat
    | AddComputer
    | FreeSeat
    | SetRules
    | Start
    | Leave
    | MoveSeat
    | PlayAgain
)


# --- server to client -------------------------------------------------------------------------------------


class Grant(msgspec.Struct, frozen=True):
    """A seat given to this client and the secret that gets it back after a dropped connection."""

    seat: int
    token: str


class Welcome(msgspec.Struct, frozen=True, tag="welcome"):
    """Joined: the seats this client holds (with their tokens) and whether it is the host."""

    version: int
    code: str
    seats: list[Grant]
    host: bool
    spectator: bool


class Lobby(msgspec.Struct, frozen=True, tag="lobby"):
    """The table before the game: seats so far, the rules, the most seats it can have."""

    seats: list[SeatView]
    rules: RulesDoc
    listeners: int = 0


class Started(msgspec.Struct, frozen=True, tag="started"):
    """The game: its rules, seats, first seat, and every action so far (a catch-up after a reconnect)."""

    rules: RulesDoc
    seats: list[SeatView]
    first: int
    actions: list[ActionDoc]


class Applied(msgspec.Struct, frozen=True, tag="applied"):
    """Action number ``index`` (0-based) was applied; every client applies it to its own copy."""

    index: int
    action: ActionDoc


class Told(msgspec.Struct, frozen=True, tag="notice"):
    """A table notice about ``seat`` (or a listener, seat -1) named ``name``; ``seconds``: how long the
    game still waits for them (:attr:`Notice.WAITING`, else 0)."""

    kind: Notice
    name: str
    seat: int = -1
    seconds: int = 0


class Said(msgspec.Struct, frozen=True, tag="said"):
    """A chat line from ``name``."""

    name: str
    text: str


class Refused(msgspec.Struct, frozen=True, tag="refused"):
    """The last message was refused; nothing changed.

    ``reason`` is a :class:`Reason` once decoded when this client knows it, else the server's own word
    (a reason added after this client was made); ``text`` is then the server's sentence for it, in English,
    which the client says (:func:`decode_server`). A server sends ``text`` only with reasons added after
    clients learnt to read unknown ones, so older clients still read every refusal they know.
    """

    reason: str
    text: str = ""


class Missed(msgspec.Struct, frozen=True, tag="missed"):
    """Sent before :class:`Started` to a person who gets their seats back in a game under way: their
    connection was lost after ``since`` actions, so the actions from ``since`` on are the moves they missed
    (said to them one by one, Q skips them). An older client skips this message."""

    since: int


class GameNumber(msgspec.Struct, frozen=True, tag="game-number"):
    """Sent just before each :class:`Started`: which game of the table it is (``number``: 1 for the first,
    as its record ``CODE.N.json`` is numbered once finished; issue 22, item 5), so that every client says
    the same number, whenever it joined or restarted. An older client skips this message (and counts the
    games it played itself, as a newer client does when an older server sends none)."""

    number: int


class Again(msgspec.Struct, frozen=True, tag="again"):
    """The game is over and the table asks whether to play again (:class:`PlayAgain`), for ``seconds`` at
    most: the host first (the others hear :attr:`Notice.HOST_DECIDES`), then, if the host said yes, each
    other person, and each listener when the next game has a free seat (a computer player's, or fewer than
    10); when everyone asked has answered (or the time is up) a new game starts with those who said yes,
    computer players in the other seats (a :class:`Started` with no actions). An older client skips this
    message, and its game ends as before."""

    seconds: int


ServerMessage: TypeAlias = (
    Welcome | Lobby | Started | Applied | Told | Said | Refused | Missed | Again | GameNumber
)

_T = TypeVar("_T")
_encoder = msgspec.json.Encoder()
_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)


class ProtocolError(ValueError):
    """A frame that does not fit the schema; ``reason`` says how."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.value)
        self.reason = reason


def encode(message: ClientMessage | ServerMessage) -> str:
    """The JSON text frame for ``message``."""
    return _encoder.encode(message).decode("utf-8")


def _decode(frame: str | bytes, decoder: msgspec.json.Decoder[_T]) -> _T:
    data = frame.encode("utf-8", "surrogatepass") if isinstance(frame, str) else frame
    if len(data) > MAX_FRAME:
        raise ProtocolError(Reason.TOO_LARGE)
    try:
        return decoder.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as error:
        raise ProtocolError(Reason.MALFORMED) from error


def decode_client(frame: str | bytes) -> ClientMessage:
    """A client's message, checked against the schema.

    Raises:
        ProtocolError: larger than :data:`MAX_FRAME`, or not a valid client message.
    """
    return _decode(frame, _client_decoder)


def decode_server(frame: str | bytes) -> ServerMessage:
    """A server's message, checked against the schema; read leniently (a newer server's): unknown fields
    are ignored, and a refusal's reason is a :class:`Reason` when this client knows it, else the server's
    word as it came (say it with the refusal's ``text``).

    Raises:
        ProtocolError: larger than :data:`MAX_FRAME`, or not a valid server message.
    """
    message = _decode(frame, _server_decoder)
    if isinstance(message, Refused) and message.reason in _REASONS:
        return msgspec.structs.replace(message, reason=Reason(message.reason))
    return message


_REASONS: Final = frozenset(reason.value for reason in Reason)


def rules_doc(rules: Rules) -> RulesDoc:
    """The travelling form of ``rules``."""
    return rules_to_json(rules)


def rules_from_doc(doc: Any, players: int | None = None) -> Rules:
    """The :class:`Rules` of ``doc`` (with ``players`` seats when given).

    Raises:
        ProtocolError: not a rules object, an unknown option, or a value of the wrong type or out of range
            (:attr:`Reason.BAD_RULES`).
    """
    if not isinstance(doc, dict):
        raise ProtocolError(Reason.BAD_RULES)
    try:
        rules = rules_from_json(doc)
        return rules if players is None else replace(rules, players=players)
    except ValueError as error:  # RulesError is one
        raise ProtocolError(Reason.BAD_RULES) from error


def action_doc(action: Action) -> ActionDoc:
    """The travelling form of an engine action."""
    if isinstance(action, Roll):
        return ActionDoc("roll", faces="".join(face.value for face in action.faces))
    if isinstance(action, Reverse):
        return ActionDoc("reverse", reverse=action.reverse)
    return ActionDoc("choose", seat=action.seat)


def action_from_doc(doc: ActionDoc) -> Action:
    """The engine action of ``doc``.

    Raises:
        ProtocolError: a face letter that is not a face (:attr:`Reason.MALFORMED`).
    """
    if doc.kind == "roll":
        try:
            return Roll(tuple(Face(letter) for letter in doc.faces))
        except ValueError as error:
            raise ProtocolError(Reason.MALFORMED) from error
    if doc.kind == "reverse":
        return Reverse(doc.reverse)
    return ChooseSeat(doc.seat)
