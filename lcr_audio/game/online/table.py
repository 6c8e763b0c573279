"""One online table on the server: its seats, lobby, game and who may do what (docs/protocol.md).

No network here: the server (:mod:`lcr_audio.game.online.server`) hands each decoded message to
:meth:`Table.handle` with the connection it came from, and sends the messages the table returns. The
table owns the game's :class:`~lcr_audio.game.session.Session`: the dice are drawn here, on the server, and
every client applies the same actions to its own copy of the engine (DESIGN.md §1), so each one narrates
the same game in its own language.
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from lcr_audio.engine import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    ChooseSeat,
    IllegalActionError,
    Phase,
    Reverse,
    Rules,
    Seat,
)
from lcr_audio.game.bots import DEFAULT_POLICY
from lcr_audio.game.online.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_CHAT,
    PROTOCOL_VERSION,
    AddComputer,
    Again,
    Applied,
    Chat,
    Choose,
    ClientMessage,
    Decide,
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
    RollDice,
    Said,
    SeatKind,
    SeatView,
    ServerMessage,
    SetRules,
    Start,
    Started,
    Told,
    Welcome,
    action_doc,
    rules_doc,
    rules_from_doc,
)
from lcr_audio.game.seating import COMPUTER_NAMES, distinct_names
from lcr_audio.game.session import Player, Session
from lcr_audio.names import clean_name, printable

ConnId = int
"""A connection, numbered by the server."""

EVERYONE: Final = None
"""Recipient of a message for every connection at the table."""


@dataclass(frozen=True)
class AllBut:
    """Recipient of a message for every connection at the table but ``conn`` (whom it is about)."""

    conn: ConnId


Outbox = list[tuple[ConnId | AllBut | None, ServerMessage]]
"""Messages to send: to one connection, to all but one, or to everyone at the table (:data:`EVERYONE`)."""

TOKEN_BYTES: Final = 24
"""Seat tokens: 24 random bytes (192 bits), URL-safe text."""


def new_code() -> str:
    """A join code of :data:`CODE_LENGTH` characters from :data:`CODE_ALPHABET` (``secrets``)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_chat(text: str) -> str:
    """A chat line safe to print and speak: no escape sequences or control characters, at most
    :data:`MAX_CHAT` characters. May be empty."""
    return printable(text)[:MAX_CHAT].strip()


class Stage(enum.Enum):
    """Where the table is."""

    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"


@dataclass
class TableSeat:
    """One seat: its name, who holds it and the secret that gets it back."""

    name: str
    kind: SeatKind
    token: str = ""
    holder: ConnId | None = None
    stand_in: bool = False
    """A computer player decides for this person while they are away (after the wait ran out)."""
    lost_at: int | None = None
    """How many actions the game had when this person's connection was lost (None: not lost in this game):
    the moves from there on are the ones they missed (:class:`Missed`)."""

    @property
    def away(self) -> bool:
        """A person's seat with nobody connected to it."""
        return self.kind is SeatKind.PERSON and self.holder is None

    def view(self) -> SeatView:
        return SeatView(self.name, self.kind, connected=not self.away)


@dataclass
class Member:
    """A connection at this table."""

    language: str = "en"
    spectator: bool = False


@dataclass
class Table:
    """One table: the lobby, then one game (R1-R14 through the engine).

    Args:
        code: the join code.
        rules: the rules; ``players`` is the smallest table the host wants: at the start, computer players
            fill the seats up to it. Up to 10 people may sit (R2).
        seed: seeds the dice of the game (drawn with ``secrets`` by the server).
    """

    code: str
    rules: Rules
    seed: int
    seats: list[TableSeat] = field(default_factory=list)
    members: dict[ConnId, Member] = field(default_factory=dict)
    host: ConnId | None = None
    host_token: str = ""
    session: Session | None = None
    empty_since: float | None = None
    """When (``time.time()`` seconds) the lobby's last connection went; None while anyone is connected.
    Kept in the seats file, so an abandoned lobby's wait goes on over a restart (issue 22)."""
    games: int = 0
    """Games finished at this table before the one in :attr:`session` (play again)."""
    finished: Session | None = None
    """The game just finished, when the next one has started (its record is written, then this is None)."""
    again_seconds: int = 0
    """How long the table waits for the answers to playing again (said again to a person back meanwhile)."""
    again: dict[Seat, bool] | None = None
    """After the game's end, while the table asks who plays again (:meth:`offer_again`): each answer so far
    by seat; None when nobody is asked."""
    asker: Seat | None = None
    """While the table asks its host alone whether to play again (:meth:`offer_again`): the host's seat (the
    host's, or the first connected person's when the host is away); None once the host said yes."""
    again_round: int = 0
    """Counts the times the table started asking (the host, then the others): the server restarts its wait
    for the answers at each."""
    offered: dict[ConnId, str | None] = field(default_factory=dict)
    """The listeners offered a seat in the next game, each with its answer: the name it said yes with, ""
    for no, None while it has not answered."""

    @property
    def stage(self) -> Stage:
        """Lobby, playing or over."""
        if self.session is None:
            return Stage.LOBBY
        return Stage.OVER if self.session.state.over else Stage.PLAYING

    def seats_of(self, conn: ConnId) -> list[Seat]:
        """The seats ``conn`` holds."""
        return [i for i, seat in enumerate(self.seats) if seat.holder == conn]

    # --- messages ---------------------------------------------------------------------------------------

    def handle(self, conn: ConnId, message: ClientMessage) -> Outbox:
        """Apply one message from ``conn`` (already decoded and checked against the schema).

        Returns the messages to send. A message that cannot be applied gets a :class:`Refused` to ``conn``
        alone and changes nothing.
        """
        try:
            match message:
                case Hello():
                    return self.join(conn, message)
                case RollDice() | Decide() | Choose():
                    return self._act(conn, message)
                case Chat(text=text):
                    return self._chat(conn, text)
                case AddComputer() | FreeSeat() | SetRules() | Start() | MoveSeat():
                    return self._lobby(conn, message)
                case Leave():
                    return self.leave(conn)
                case PlayAgain(yes=yes, name=name):
                    return self._answer_again(conn, yes, name)
        except ProtocolError as error:
            return [(conn, Refused(error.reason))]
        return [(conn, Refused(Reason.MALFORMED))]

    def join(self, conn: ConnId, hello: Hello) -> Outbox:
        """A connection joins: seats back for its tokens, new seats for its names (lobby), or listens.

        Raises:
            ProtocolError: a wrong version, a token that is not this table's, a bad name, no seat left,
                or names after the game started.
        """
        if hello.version != PROTOCOL_VERSION:
            raise ProtocolError(Reason.VERSION)
        if conn in self.members:
            raise ProtocolError(Reason.OUT_OF_TURN)
        reclaimed = []
        for token in hello.tokens:
            index = next(
                (i for i, s in enumerate(self.seats) if s.token and secrets.compare_digest(s.token, token)),
                None,
            )
            if index is None:
                raise ProtocolError(Reason.BAD_TOKEN)
            reclaimed.append(index)
        names = [clean_name(name) for name in hello.names]
        if any(not name or name.isdigit() for name in names):
            raise ProtocolError(Reason.BAD_NAME)
        if names and self.stage is not Stage.LOBBY:
            raise ProtocolError(Reason.STARTED)
        if len(self.seats) + len(names) > MAX_PLAYERS:
            raise ProtocolError(Reason.TABLE_FULL)
        out: Outbox = []
        self.members[conn] = Member(hello.language, spectator=not names and not reclaimed)
        grants: list[Grant] = []
        lost = [at for at in (self.seats[i].lost_at for i in reclaimed) if at is not None]
        for index in reclaimed:
            seat = self.seats[index]
            previous = seat.holder
            seat.holder, seat.stand_in, seat.lost_at = conn, False, None
            grants.append(Grant(index, seat.token))
            if previous is None:
                out.append((AllBut(conn), Told(Notice.BACK, seat.name, index)))
        taken = {s.name for s in self.seats}
        for name in distinct_names([*taken, *names])[len(taken) :]:
            seat = TableSeat(name, SeatKind.PERSON, secrets.token_urlsafe(TOKEN_BYTES), conn)
            self.seats.append(seat)
            grants.append(Grant(len(self.seats) - 1, seat.token))
            out.append((AllBut(conn), Told(Notice.ARRIVED, name, len(self.seats) - 1)))
        if self.members[conn].spectator:
            out.append((AllBut(conn), Told(Notice.SPECTATOR, "")))
        if self.host is None and grants and self.stage is Stage.LOBBY and not self.host_token:
            self.host, self.host_token = conn, grants[0].token
        elif self.host_token and any(g.token == self.host_token for g in grants):
            self.host = conn
        welcome = Welcome(
            PROTOCOL_VERSION, self.code, grants, self.host == conn, self.members[conn].spectator
        )
        if self.stage is Stage.LOBBY:  # everyone hears the new lobby, this connection too
            return [(conn, welcome), *out, *self._lobby_update()]
        missed: Outbox = []
        if lost and self.session is not None and min(lost) < len(self.session.actions):
            missed.append((conn, Missed(min(lost))))  # before the game, so it is built as they last saw it
        again: Outbox = []
        if self.again is not None and grants:
            if self.asker is None or self.asker in reclaimed:
                again = [(conn, Again(self.again_seconds))]
            else:
                host = self.seats[self.asker]
                again = [(conn, Told(Notice.HOST_DECIDES, host.name, self.asker))]
        return [(conn, welcome), *missed, *self.pictured(conn), *again, *out]

    def picture(self) -> Lobby | Started:
        """What a newcomer needs: the lobby, or the game with every action so far."""
        if self.session is None:
            return Lobby([s.view() for s in self.seats], rules_doc(self.rules), self._listeners())
        return Started(
            rules_doc(self.session.rules),
            [s.view() for s in self.seats],
            self.session.first,
            [action_doc(a) for a in self.session.actions],
        )

    def pictured(self, to: ConnId | AllBut | None) -> Outbox:
        """:meth:`picture` for ``to``; a game's is preceded by its number at this table (:class:`GameNumber`:
        every client says the table's count, issue 22, item 5)."""
        picture = self.picture()
        if isinstance(picture, Started):
            return [(to, GameNumber(self.games + 1)), (to, picture)]
        return [(to, picture)]

    def _listeners(self) -> int:
        return sum(1 for m in self.members.values() if m.spectator)

    def _lobby_update(self) -> Outbox:
        return [(EVERYONE, self.picture())] if self.stage is Stage.LOBBY else []

    def disconnected(self, conn: ConnId) -> Outbox:
        """``conn`` dropped: its seats wait for it (a computer player decides for it after the wait). After
        the game's end nothing waits, so nobody is told (each player's game says goodbye and ends)."""
        self.members.pop(conn, None)
        out: Outbox = []
        for index in self.seats_of(conn):
            seat = self.seats[index]
            seat.holder = None
            if self.session is not None and seat.lost_at is None:
                seat.lost_at = len(self.session.actions)
            if self.stage is not Stage.OVER:
                out.append((EVERYONE, Told(Notice.AWAY, seat.name, index)))
        if self.host == conn:
            self.host = None
        self.offered.pop(conn, None)
        if self.again is not None:  # one answer fewer to wait for
            out += self.again_answered()
        return out + self._lobby_update()

    def leave(self, conn: ConnId) -> Outbox:
        """``conn`` leaves for good: in the lobby its seats are emptied; in a game computer players take
        them (after the game's end, silently: nobody takes a seat in a finished game)."""
        out: Outbox = []
        held = self.seats_of(conn)
        moved = False
        for index in sorted(held, reverse=True):
            seat = self.seats[index]
            if self.stage is not Stage.OVER:
                out.append((EVERYONE, Told(Notice.LEFT, seat.name, index)))
            if self.stage is Stage.LOBBY:
                del self.seats[index]
                moved = True
            else:
                seat.kind, seat.holder, seat.token = SeatKind.COMPUTER, None, ""
                if self.session is not None:
                    self._make_computer(index)
        self.members.pop(conn, None)
        if self.host == conn:
            self.host, self.host_token = None, ""
            self._pass_host()
        if moved:  # the seats after the emptied ones moved up
            out += self._seats_again()
        return out + self._lobby_update()

    def _seats_again(self) -> Outbox:
        """A :class:`Welcome` again to each connection holding seats, after lobby seats moved: the numbers
        of its seats (which it plays from its keyboard once the game starts) may have changed."""
        out: Outbox = []
        for conn in self.members:
            held = self.seats_of(conn)
            if held:
                grants = [Grant(i, self.seats[i].token) for i in held]
                out.append((conn, Welcome(PROTOCOL_VERSION, self.code, grants, self.host == conn, False)))
        return out

    def _pass_host(self) -> None:
        for seat in self.seats:
            if seat.kind is SeatKind.PERSON and seat.holder is not None:
                self.host, self.host_token = seat.holder, seat.token
                return

    def _make_computer(self, index: Seat) -> None:
        assert self.session is not None
        players = list(self.session.players)
        players[index] = Player(players[index].name, human=False, policy=DEFAULT_POLICY)
        self.session.players = players

    def _chat(self, conn: ConnId, text: str) -> Outbox:
        if conn not in self.members:
            raise ProtocolError(Reason.NOT_JOINED)
        line = clean_chat(text)
        if not line:
            raise ProtocolError(Reason.MALFORMED)
        held = self.seats_of(conn)
        name = self.seats[held[0]].name if held else ""
        return [(AllBut(conn), Said(name, line))]  # the sender has typed it and heard "Sent."

    def _lobby(self, conn: ConnId, message: AddComputer | FreeSeat | SetRules | Start | MoveSeat) -> Outbox:
        if conn not in self.members:
            raise ProtocolError(Reason.NOT_JOINED)
        if conn != self.host:
            raise ProtocolError(Reason.NOT_HOST)
        if self.stage is not Stage.LOBBY:
            raise ProtocolError(Reason.STARTED)
        out: Outbox = []
        match message:
            case AddComputer():
                if len(self.seats) >= MAX_PLAYERS:
                    raise ProtocolError(Reason.TABLE_FULL)
                name = computer_name([s.name for s in self.seats])
                self.seats.append(TableSeat(name, SeatKind.COMPUTER))
                out.append((EVERYONE, Told(Notice.COMPUTER_ADDED, name, len(self.seats) - 1)))
            case FreeSeat(seat=index):
                if not 0 <= index < len(self.seats) or self.seats[index].holder == conn:
                    raise ProtocolError(Reason.OUT_OF_TURN)
                seat = self.seats.pop(index)
                if seat.holder is not None:
                    self.members[seat.holder].spectator = not self.seats_of(seat.holder)
                out.append((EVERYONE, Told(Notice.SEAT_FREED, seat.name, index)))
                out += self._seats_again()
            case MoveSeat(seat=index, to=to):
                if not (0 <= index < len(self.seats) and 0 <= to < len(self.seats)) or index == to:
                    raise ProtocolError(Reason.OUT_OF_TURN)
                seat = self.seats.pop(index)
                self.seats.insert(to, seat)
                out.append((EVERYONE, Told(Notice.SEAT_MOVED, seat.name, to)))
                out += self._seats_again()
            case SetRules(rules=doc):
                self.rules = rules_from_doc(doc)
            case Start():
                return self.start()
        return out + self._lobby_update()

    def start(self) -> Outbox:
        """Start the game: computer players fill the table up to ``rules.players`` seats (at least 3, R2);
        everyone seated plays, up to 10; the session deals (R2)."""
        while len(self.seats) < max(self.rules.players, MIN_PLAYERS):
            name = computer_name([s.name for s in self.seats])
            self.seats.append(TableSeat(name, SeatKind.COMPUTER))
        rules = rules_from_doc(rules_doc(self.rules), players=len(self.seats))
        players = [Player(s.name, human=s.kind is SeatKind.PERSON) for s in self.seats]
        self.session = Session(rules, players, self.seed)
        return self.pictured(EVERYONE)

    # --- the game ----------------------------------------------------------------------------------------

    def _act(self, conn: ConnId, message: RollDice | Decide | Choose) -> Outbox:
        if conn not in self.members:
            raise ProtocolError(Reason.NOT_JOINED)
        if self.session is None:
            raise ProtocolError(Reason.NOT_STARTED)
        if message.seat not in self.seats_of(conn):
            raise ProtocolError(Reason.NOT_YOUR_SEAT)
        state = self.session.state
        if state.over or message.seat != state.seat or message.seen != len(self.session.actions):
            raise ProtocolError(Reason.OUT_OF_TURN)
        expected = {RollDice: Phase.ROLL, Decide: Phase.REVERSE, Choose: (Phase.WILD_TAKE, Phase.WILD_GIVE)}
        phase = expected[type(message)]
        if state.phase not in (phase if isinstance(phase, tuple) else (phase,)):
            raise ProtocolError(Reason.OUT_OF_TURN)
        try:
            match message:
                case RollDice():
                    self.session.roll()
                case Decide(reverse=reverse):
                    self.session.apply(Reverse(reverse))
                case Choose(target=target):
                    self.session.apply(ChooseSeat(target))
        except IllegalActionError as error:
            raise ProtocolError(Reason.OUT_OF_TURN) from error
        return self._applied()

    def _applied(self) -> Outbox:
        assert self.session is not None
        index = len(self.session.actions) - 1
        return [(EVERYONE, Applied(index, action_doc(self.session.actions[index])))]

    def computer_due(self) -> bool:
        """True when the seat to play is a computer player's, or a person's who is away and stood in for."""
        if self.session is None or self.session.state.over:
            return False
        seat = self.seats[self.session.state.seat]
        return seat.kind is SeatKind.COMPUTER or (seat.away and seat.stand_in)

    def waiting_for_away(self) -> Seat | None:
        """The away person whose decision the game waits for, if any (their wait has not run out)."""
        if self.session is None or self.session.state.over:
            return None
        index = self.session.state.seat
        seat = self.seats[index]
        return index if seat.away and not seat.stand_in else None

    def stand_in(self, index: Seat) -> Outbox:
        """The wait for away seat ``index`` ran out: a computer player decides for it from now until the
        person is back (said to everyone once)."""
        seat = self.seats[index]
        seat.stand_in = True
        return [(EVERYONE, Told(Notice.STAND_IN, seat.name, index)), *self.play_computer()]

    def play_computer(self) -> Outbox:
        """Make one computer decision (the seat's own policy, or the default one standing in for a person)."""
        assert self.session is not None
        state = self.session.state
        if state.phase is Phase.REVERSE:
            self.session.apply(Reverse(DEFAULT_POLICY.reverse(state)))
        elif state.phase is Phase.WILD_TAKE:
            self.session.apply(ChooseSeat(DEFAULT_POLICY.take_from(state)))
        elif state.phase is Phase.WILD_GIVE:
            self.session.apply(ChooseSeat(DEFAULT_POLICY.give_to(state)))
        else:
            self.session.roll()
        return self._applied()

    # --- another game ------------------------------------------------------------------------------------

    def offer_again(self, seconds: int) -> Outbox:
        """The game is over: ask the host whether to play again, for ``seconds`` at most (the host's seat;
        the first connected person's when the host is away); the others hear that the host decides (nobody
        is asked when no person is connected)."""
        if self.stage is not Stage.OVER:
            return []
        connected = [
            i for i, s in enumerate(self.seats) if s.kind is SeatKind.PERSON and s.holder is not None
        ]
        if not connected:
            return []
        hosts = [i for i in connected if self.seats[i].holder == self.host]
        self.asker = hosts[0] if hosts else connected[0]
        self.again, self.again_seconds, self.offered = {}, seconds, {}
        self.again_round += 1
        holder = self.seats[self.asker].holder
        assert holder is not None
        name = self.seats[self.asker].name
        return [(holder, Again(seconds)), (AllBut(holder), Told(Notice.HOST_DECIDES, name, self.asker))]

    def _answer_again(self, conn: ConnId, yes: bool, name: str = "") -> Outbox:
        if conn not in self.members:
            raise ProtocolError(Reason.NOT_JOINED)
        held = self.seats_of(conn)
        if self.again is None or (self.asker is not None and self.asker not in held):
            raise ProtocolError(Reason.OUT_OF_TURN)  # nobody is asked, or only the host is, so far
        if not held:  # a listener offered a seat
            if conn not in self.offered:
                raise ProtocolError(Reason.OUT_OF_TURN)
            sitting = clean_name(name) if yes else ""
            if yes and (not sitting or sitting.isdigit()):
                raise ProtocolError(Reason.BAD_NAME)
            self.offered[conn] = sitting
            return self._answered(conn, yes, [])
        for index in held:
            self.again[index] = yes
        if self.asker is None:
            return self._answered(conn, yes, [])
        asker, self.asker = self.asker, None
        if not yes:
            return self._no_again(asker)
        return self._answered(conn, yes, self._ask_everyone(conn, asker))

    def _answered(self, conn: ConnId, yes: bool, out: Outbox) -> Outbox:
        """After ``conn``'s answer (``out``: what it already made the table say): the next game, when it was
        the last answer; else a yes hears that the others' answers are awaited
        (:attr:`Notice.ANSWERS_PENDING`: the last one to answer hears the next game instead of a wait that
        is over)."""
        out = out + self.again_answered()
        if yes and self.again is not None:
            out.append((conn, Told(Notice.ANSWERS_PENDING, "")))
        return out

    def _ask_everyone(self, host: ConnId, seat: Seat) -> Outbox:
        """The host said yes: everyone else hears it; each other person is asked, and each listener offered a
        seat when the next game has one (a computer player's, or fewer than 10 seats)."""
        self.again_round += 1
        out: Outbox = [(AllBut(host), Told(Notice.AGAIN, self.seats[seat].name, seat))]
        room = len(self.seats) < MAX_PLAYERS or any(s.kind is SeatKind.COMPUTER for s in self.seats)
        for conn, member in self.members.items():
            if conn == host:
                continue
            if self.seats_of(conn):
                out.append((conn, Again(self.again_seconds)))
            elif member.spectator and room:
                self.offered[conn] = None
                out.append((conn, Again(self.again_seconds)))
        return out

    def _no_again(self, seat: Seat, *, late: bool = False) -> Outbox:
        """The host said no, or did not answer in time (``late``): no next game, said to everyone else, and
        when late to the host too (issue 22, item 5: their question was still open, and nothing ended it)."""
        self.again, self.asker, self.offered = None, None, {}
        holder = self.seats[seat].holder
        told = Told(Notice.NO_AGAIN, self.seats[seat].name, seat)
        return [(AllBut(holder) if holder is not None and not late else EVERYONE, told)]

    def again_answered(self, *, final: bool = False) -> Outbox:
        """Start the next game once every connected person and every listener offered a seat has answered
        (``final``: the time to answer is up, and those who did not answer do not play; while the host alone
        was asked, that is the host's no): those who said yes keep their seats, computer players take the
        others (each said to everyone), listeners who said yes take computer players' seats, or new ones up to
        10 (each said to everyone, and a welcome with the seat to them), then the new game. Nothing when no
        person said yes."""
        if self.again is None or self.session is None:
            return []
        if self.asker is not None:  # the host alone is asked: no answer in time, or nobody left to answer
            nobody = not any(s.kind is SeatKind.PERSON and s.holder is not None for s in self.seats)
            return self._no_again(self.asker, late=final) if final or nobody else []
        answers = self.again
        connected = [
            i for i, s in enumerate(self.seats) if s.kind is SeatKind.PERSON and s.holder is not None
        ]
        if not final and (
            any(index not in answers for index in connected)
            or any(name is None for name in self.offered.values())
        ):
            return []
        self.again = None
        staying = {index for index in connected if answers.get(index)}
        sitting = {conn: name for conn, name in self.offered.items() if name and conn in self.members}
        self.offered = {}
        if not staying:
            return []
        out: Outbox = []
        gone: list[tuple[Seat, str]] = []
        for index, seat in enumerate(self.seats):
            if seat.kind is SeatKind.PERSON and index not in staying:
                seat.kind, seat.holder, seat.token, seat.stand_in = SeatKind.COMPUTER, None, "", False
                gone.append((index, seat.name))
        seated = self._seat_listeners(sitting)
        for index, name in gone:  # a computer player takes the seat, or a listener (who arrives next)
            kind = Notice.GONE if self.seats[index].kind is SeatKind.PERSON else Notice.LEFT
            out.append((EVERYONE, Told(kind, name, index)))
        out += seated
        for seat in self.seats:
            seat.lost_at = None
        self.finished, self.games = self.session, self.games + 1
        self.seed = secrets.randbits(31)  # new dice
        rules = rules_from_doc(rules_doc(self.session.rules), players=len(self.seats))
        players = [Player(s.name, human=s.kind is SeatKind.PERSON) for s in self.seats]
        self.session = Session(rules, players, self.seed)
        return [*out, *self.pictured(EVERYONE)]

    def _seat_listeners(self, sitting: dict[ConnId, str]) -> Outbox:
        """Listeners who said yes to a seat take, in the order they answered, a computer player's seat, or a
        new one while the table has fewer than 10; those left over go on listening."""
        out: Outbox = []
        for conn, wanted in sitting.items():
            free = next((i for i, s in enumerate(self.seats) if s.kind is SeatKind.COMPUTER), None)
            if free is None and len(self.seats) >= MAX_PLAYERS:
                break
            others = [s.name for i, s in enumerate(self.seats) if i != free]
            name = distinct_names([*others, wanted])[-1]
            seat = TableSeat(name, SeatKind.PERSON, secrets.token_urlsafe(TOKEN_BYTES), conn)
            if free is None:
                self.seats.append(seat)
                free = len(self.seats) - 1
            else:
                self.seats[free] = seat
            self.members[conn].spectator = False
            welcome = Welcome(
                PROTOCOL_VERSION, self.code, [Grant(free, seat.token)], self.host == conn, False
            )
            out += [(conn, welcome), (AllBut(conn), Told(Notice.ARRIVED, name, free))]
        return out

    # --- saving ----------------------------------------------------------------------------------------

    def seats_document(self) -> dict[str, Any]:
        """What the server keeps beside the game's save: the code, rules, seats and their tokens."""
        return {
            "format": "lcr-audio-table",
            "version": 1,
            "code": self.code,
            "seed": self.seed,
            "rules": rules_doc(self.rules),
            "host_token": self.host_token,
            "seats": [self._seat_document(s) for s in self.seats],
            **({"empty_since": self.empty_since} if self.empty_since is not None else {}),
            **({"games": self.games} if self.games else {}),
        }

    def _seat_document(self, seat: TableSeat) -> dict[str, Any]:
        """One seat as kept: its name, kind and token; in a game, a person's seat also keeps ``heard``: how
        many of the game's actions its player had been sent (all of them while connected, else up to the
        lost connection), so that after a restart they still hear the moves they missed (:class:`Missed`)."""
        document: dict[str, Any] = {"name": seat.name, "kind": seat.kind.value, "token": seat.token}
        if self.session is not None and seat.kind is SeatKind.PERSON:
            document["heard"] = len(self.session.actions) if seat.lost_at is None else seat.lost_at
        return document

    def resumed(self) -> None:
        """Read back after a restart, with its game: every person is away, and each one's seat was lost
        after the moves its player had heard (its ``heard``, else every move kept: a file from before that
        field), so that whoever comes back hears the moves played meanwhile, by the computer players standing
        in for them (:class:`Missed`)."""
        if self.session is None:
            return
        moves = len(self.session.actions)
        for seat in self.seats:
            if seat.kind is SeatKind.PERSON:
                seat.lost_at = moves if seat.lost_at is None else min(seat.lost_at, moves)


def computer_name(taken: Sequence[str]) -> str:
    """A name for a computer player joining a table whose seats have the names ``taken``: the first of the
    local game's computer names (short, and different in their first sound) nobody has, as at a local
    table; the same in every language, like a person's name."""
    used = {name.casefold() for name in taken}
    free = [name for name in COMPUTER_NAMES if name.casefold() not in used]
    return free[0] if free else distinct_names([*taken, COMPUTER_NAMES[0]])[-1]


def seats_from(entries: Iterable[dict[str, Any]]) -> list[TableSeat]:
    """Seats read back from :meth:`Table.seats_document` (everyone away until they reconnect): a lobby's
    seats, however few (the host alone, or with one friend), or a game's (3 to 10, R2; checked against the
    game by the server), each person's with the moves they had heard (``heard``, optional; see
    :meth:`Table.resumed`).

    Raises:
        ValueError: an entry that is not a seat, or more than 10 seats.
    """
    seats = []
    for entry in entries:
        name, kind, token = entry["name"], SeatKind(entry["kind"]), entry["token"]
        if not isinstance(name, str) or not isinstance(token, str):
            raise ValueError("A seat needs a name and a token.")
        heard = entry.get("heard")  # optional: a file from before it has none (Table.resumed)
        if heard is not None and (isinstance(heard, bool) or not isinstance(heard, int) or heard < 0):
            raise ValueError("A seat's heard is a count of moves.")
        seats.append(TableSeat(clean_name(name), kind, token, lost_at=heard))
    if len(seats) > MAX_PLAYERS:
        raise ValueError("A table has at most 10 seats.")
    return seats
