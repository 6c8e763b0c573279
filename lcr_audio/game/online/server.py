"""The online table server: any number of tables in one process, over WebSockets (docs/online.md).

Built on the ``websockets`` library's asyncio server: framing, pings and the frame size limit are its
work; this module only routes decoded messages (:mod:`lcr_audio.game.online.protocol`) to tables
(:mod:`lcr_audio.game.online.table`), paces computer players, waits for away players, limits how fast a
connection may send, and keeps every table on disk: after every turn the game is written in the ordinary
save format (docs/save-format.md) beside a small file with its seats and their tokens, so a restarted
server resumes every table at its last turn.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import ipaddress
import itertools
import json
import logging
import secrets
import ssl
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any, Final

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from lcr_audio import storage
from lcr_audio.engine import Event, GameState, GameWon, TurnEnded
from lcr_audio.engine import Rules as EngineRules
from lcr_audio.game import saves
from lcr_audio.game.online.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_FRAME,
    Chat,
    Choose,
    Decide,
    Hello,
    Notice,
    ProtocolError,
    Reason,
    Refused,
    RollDice,
    ServerMessage,
    Told,
    decode_client,
    encode,
    rules_from_doc,
)
from lcr_audio.game.online.table import EVERYONE, AllBut, ConnId, Outbox, Stage, Table, new_code, seats_from

log = logging.getLogger(__name__)

AWAY_SECONDS: Final = 60.0
"""How long a turn waits for a person whose connection dropped before a computer player moves for them."""

AWAY_REMINDER_SECONDS: Final = 10.0
"""How long before the end of that wait the table is told again that it waits (only when the wait is at least
twice as long)."""

MOVE_SECONDS: Final = 1.0
"""Seconds between two computer decisions (the table's pace; each client narrates at its own)."""

MAX_TABLES: Final = 2000
"""The most tables one server keeps open."""

EMPTY_LOBBY_SECONDS: Final = 600.0
"""How long a lobby with nobody connected is kept (over restarts too) before it and its files are removed."""

GUESSES_PER_MINUTE: Final = 10
"""Join codes that no table has one client address may send a minute; after them it waits
:data:`GUESS_WAIT_SECONDS`, twice as long each time it runs out again (up to :data:`GUESS_WAIT_MAX`)."""

GUESS_WAIT_SECONDS: Final = 60.0
"""The first wait of an address that ran out of wrong codes."""

GUESS_WAIT_MAX: Final = 3600.0
"""The longest wait of an address that keeps sending wrong codes."""

GUESSES_PER_SECOND_IN_TOTAL: Final = 20.0
"""Wrong join codes the whole server answers a second, from every address together (after a burst of
:data:`GUESS_BURST_IN_TOTAL`): with :data:`MAX_TABLES` and ``CODE_LENGTH`` this bounds how fast anyone,
with any number of addresses, can find an open table (:func:`years_to_find_a_table`)."""

GUESS_BURST_IN_TOTAL: Final = 100.0
"""Wrong join codes the server answers at once before :data:`GUESSES_PER_SECOND_IN_TOTAL` applies."""

LISTENERS_PER_TABLE: Final = 20
"""The most listeners one table has: every chat line and every join goes to each of them."""

MAX_LISTENERS: Final = 2000
"""The most listeners the server has at all its tables together."""

BACKLOG_BYTES: Final = 256 * 1024
"""The most bytes waiting to be sent to one connection (beyond what the operating system holds): a reader
that stays this far behind is dropped, so it neither holds memory nor slows the other tables."""

HELLO_SECONDS: Final = 10.0
"""How long a new connection may take to join a table (its first ``hello`` answered with a welcome) before
it is closed."""

NEW_CONNECTIONS_PER_SECOND: Final = 20
"""New connections one client address may open a second, after a burst of twice as many: more are refused
with HTTP 429 before the WebSocket handshake (:meth:`TableServer.admit`), so that waves of connections that
would be refused anyway cost the server little. A player's program opens one, and one again after a drop."""

REFUSED_HELLO_COST: Final = 10
"""A ``hello`` refused (it joins no table: a full table's listeners, a wrong code, a limit...) costs its
client address as many of its new connections (:data:`NEW_CONNECTIONS_PER_SECOND`), down to a debt of
:data:`REFUSED_HELLO_DEBT_SECONDS` of them: an address whose hellos keep being refused gets about two
handshakes a second, and while it is in debt its connections are answered HTTP 429 as soon as they are
accepted, before their request is read (:meth:`TableServer.in_debt`). A person who mistyped a code is
refused once and is never held up by it."""

REFUSED_HELLO_DEBT_SECONDS: Final = 5.0
"""The longest an address waits, after refused hellos, before it may connect again (see
:data:`REFUSED_HELLO_COST`)."""

TOO_MANY_NEW_CONNECTIONS: Final = "too-many-new-connections"
"""The reason counted in the status line for a connection refused by :meth:`TableServer.admit` (it never
reaches the protocol, so it is not a :class:`Reason`)."""

TOO_MANY_NEW_CONNECTIONS_TEXT: Final = (
    "Too many new connections from your address; try again in a few seconds.\n"
)
"""The body of the HTTP 429 answer to a connection over :data:`NEW_CONNECTIONS_PER_SECOND` (English, like
the rest of what the server writes; the game's client says its own sentence)."""

_EARLY_429: Final = (
    "HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
    f"Content-Length: {len(TOO_MANY_NEW_CONNECTIONS_TEXT.encode())}\r\n\r\n{TOO_MANY_NEW_CONNECTIONS_TEXT}"
).encode()
"""The same answer, made once, for a connection refused as soon as it is accepted (:class:`_Gated`)."""

AGAIN_SECONDS: Final = 60.0
"""How long, after a game's end, the table waits for each person's answer to playing again; who has not
answered by then does not play, and the next game starts with those who said yes."""

WRITE_RETRY_SECONDS: Final = 30.0
"""How often tables whose files could not be written (a full or read-only disk) are tried again; they are
kept in memory meanwhile, and written as soon as the disk takes them."""


STATUS_SECONDS: Final = 60.0
"""How often ``lcr-audio serve`` writes its status line to the operator's log (:meth:`TableServer.status`)."""


def status_line(
    *,
    tables: int,
    lobbies: int,
    connections: int,
    listeners: int,
    refused: Mapping[str, int],
    dropped: int,
    wrong_codes: int,
    made_room: int = 0,
) -> str:
    """The operator's status line (English, like the rest of the log): ``tables`` open (of them ``lobbies``
    not started), ``connections`` (of them ``listeners`` without a seat), then what happened since the last
    line: refusals for a limit by reason (``refused``: reason to count; the reasons in alphabetical order),
    connections ``dropped`` (too slow to read, or no hello in time) and join codes no table has
    (``wrong_codes``): "Status: 12 tables, 3 lobbies, 40 connections, 5 listeners; since the last status: 4
    refused (too-many-guesses 1, too-many-lobbies 3), 2 dropped, 31 wrong codes"; when the server was full and
    abandoned lobbies were removed to make room for new tables (``made_room``), ", 7 abandoned lobbies removed
    to make room" follows.
    """
    counts = [(reason, number) for reason, number in sorted(refused.items()) if number > 0]
    total = sum(number for _, number in counts)
    detail = " (" + ", ".join(f"{reason} {number}" for reason, number in counts) + ")" if counts else ""
    return (
        f"Status: {tables} tables, {lobbies} lobbies, {connections} connections, {listeners} listeners; "
        f"since the last status: {total} refused{detail}, {dropped} dropped, {wrong_codes} wrong codes"
        + (f", {made_room} abandoned lobbies removed to make room" if made_room else "")
    )


def years_to_find_a_table(
    tables: int = MAX_TABLES, per_second: float = GUESSES_PER_SECOND_IN_TOTAL, length: int = CODE_LENGTH
) -> float:
    """The expected years to find any one of ``tables`` open tables by guessing codes of ``length``
    characters at ``per_second`` wrong codes a second (the server's total budget): each guess finds a table
    with probability ``tables / 31**length``, so a hit takes ``31**length / tables`` guesses on average.
    """
    guesses: float = len(CODE_ALPHABET) ** length / tables
    return guesses / per_second / (365.25 * 24 * 3600)


@dataclass
class RateLimit:
    """A token bucket per connection: ``burst`` messages at once, ``per_second`` after that.

    A message over the limit is refused (:attr:`Reason.FLOOD`, said at most once a second); a connection
    that goes on sending ``close_after`` messages over the limit is closed.
    """

    per_second: float = 10.0
    burst: float = 20.0
    close_after: int = 200


@dataclass(frozen=True)
class AddressLimits:
    """What one client address may hold at once (issue 22): ``connections``, open ``tables`` (lobbies and
    games it opened) and ``lobbies`` (of those, the ones not started). Over a limit, the connection or the
    new table is refused with the limit's reason and the operator's log names the address.

    An IPv6 address counts by its /64 network (one home or host has a whole /64)."""

    connections: int = 50
    tables: int = 20
    lobbies: int = 5


def client_address(peer: str, forwarded: str | None, trusted_proxies: Collection[str]) -> str:
    """The address a connection counts against: ``peer`` (the socket's), or, when ``peer`` is one of
    ``trusted_proxies``, the last address in its ``X-Forwarded-For`` header ``forwarded`` (the one the
    proxy added; those before it are the client's own word). IPv6: its /64 network.
    """
    return _client_address(peer, forwarded, frozenset(trusted_proxies))


@functools.lru_cache(maxsize=4096)
def _client_address(peer: str, forwarded: str | None, trusted_proxies: frozenset[str]) -> str:
    """:func:`client_address`, kept for the addresses seen lately: parsing an address is most of the cost
    of a connection refused as soon as it is accepted."""
    with contextlib.suppress(ValueError):
        peer = normal_address(peer)
    address = peer
    if peer in trusted_proxies and forwarded:
        address = forwarded.split(",")[-1].strip()
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def normal_address(text: str) -> str:
    """An address as :func:`client_address` writes it (``--trusted-proxy``).

    Raises:
        ValueError: not an IP address.
    """
    ip = ipaddress.ip_address(text.strip().strip("[]"))
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


@dataclass
class _Bucket:
    level: float
    stamp: float
    over: int = 0
    told: float = 0.0


@dataclass
class _Guesses:
    """One address's wrong join codes: a bucket of :attr:`TableServer.guesses_per_minute`, then a wait."""

    level: float
    stamp: float
    until: float = 0.0
    strikes: int = 0


@dataclass
class TableServer:
    """Tables, connections and the files that keep them.

    Args:
        data: the folder for the tables' files; None keeps nothing (tests, benchmarks).
        away_seconds: how long a turn waits for an away person (see :data:`AWAY_SECONDS`).
        move_seconds: the pause before each computer decision (see :data:`MOVE_SECONDS`).
        limit: the rate limit per connection.
        clock: seconds, for the rate limit (``time.monotonic``).
        empty_lobby_seconds: how long a lobby nobody is connected to is kept (see
            :data:`EMPTY_LOBBY_SECONDS`).
        wall: the time of day in seconds (``time.time``), for abandoned lobbies: kept in their files, it
            counts across restarts.
        per_address: the limits per client address.
        trusted_proxies: the addresses of reverse proxies whose ``X-Forwarded-For`` names the client
            (:func:`normal_address` form).
    """

    data: Path | None = None
    away_seconds: float = AWAY_SECONDS
    move_seconds: float = MOVE_SECONDS
    away_reminder: float = AWAY_REMINDER_SECONDS
    """How long before an away person's wait ends the table hears it again (see
    :data:`AWAY_REMINDER_SECONDS`)."""
    limit: RateLimit = field(default_factory=RateLimit)
    clock: Callable[[], float] = time.monotonic
    empty_lobby_seconds: float = EMPTY_LOBBY_SECONDS
    wall: Callable[[], float] = time.time
    per_address: AddressLimits = field(default_factory=AddressLimits)
    trusted_proxies: frozenset[str] = frozenset()
    guesses_per_minute: int = GUESSES_PER_MINUTE
    """Wrong join codes one client address may send a minute before it waits (see
    :data:`GUESSES_PER_MINUTE`)."""
    listeners_per_table: int = LISTENERS_PER_TABLE
    """The most listeners at one table (see :data:`LISTENERS_PER_TABLE`)."""
    max_listeners: int = MAX_LISTENERS
    """The most listeners at all tables together (see :data:`MAX_LISTENERS`)."""
    backlog_bytes: int = BACKLOG_BYTES
    """The most bytes waiting for one connection before it is dropped (see :data:`BACKLOG_BYTES`)."""
    hello_seconds: float = HELLO_SECONDS
    """How long a connection may stay without joining a table (see :data:`HELLO_SECONDS`)."""
    new_connections_per_second: int = NEW_CONNECTIONS_PER_SECOND
    """New connections one client address may open a second, after a burst of twice as many (see
    :data:`NEW_CONNECTIONS_PER_SECOND`)."""
    vouched_address: Callable[[ServerConnection], str | None] | None = None
    """Another part of this program that opens connections on a player's behalf (the browser client, for a
    tab at an online table, over loopback) names the player's address here; None, or an answer of None:
    the connection's own address (or the trusted proxy's forwarded one) counts."""
    one_table: bool = False
    """The server holds one table only, its host's (``lcr-audio host``): once it is open, a ``hello`` that
    would open another is refused (:attr:`Reason.ONE_TABLE`) instead of opening a second table there."""
    refusals: Counter[str] = field(default_factory=Counter)
    """Refusals for a limit so far, by reason (the server's :data:`MAX_TABLES` too: ``table-full``)."""
    dropped: int = 0
    """Connections dropped for reading too slowly or for not joining in time."""
    wrong_codes: int = 0
    """Join codes looked up that no table has, so far."""
    made_room: int = field(default=0, init=False)
    """Abandoned lobbies removed so far to make room for a new table on a full server (:meth:`_make_room`)."""
    _reported: tuple[Counter[str], int, int, int] = field(default_factory=lambda: (Counter(), 0, 0, 0))
    """:attr:`refusals`, :attr:`dropped`, :attr:`wrong_codes` and :attr:`made_room` at the last
    :meth:`status` line."""
    tables: dict[str, Table] = field(default_factory=dict)
    """The tables in play and in their lobbies; a finished game leaves it once nobody has been connected to
    it for :attr:`empty_lobby_seconds` (its save stays in the data folder as a record)."""
    _sockets: dict[ConnId, ServerConnection] = field(default_factory=dict)
    _where: dict[ConnId, Table] = field(default_factory=dict)
    _wake: dict[str, asyncio.Event] = field(default_factory=dict)
    _drivers: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=itertools.count)
    _pending: dict[str, tuple[str | None, str | None] | None] = field(default_factory=dict)
    """The newest files of each table waiting to be written: its seats and game texts (None: the file is
    left alone, but no seats means the game is over and its seats file goes); None: remove both files."""
    _writer: asyncio.Task[None] | None = None
    _on_written: dict[str, list[Callable[[], None]]] = field(default_factory=dict)
    """What waits for a table's files to be written (or found unwritable): a new table's welcome."""
    _reaper: asyncio.Task[None] | None = None
    _addresses: dict[ConnId, str] = field(default_factory=dict)
    _connections: Counter[str] = field(default_factory=Counter)
    _owners: dict[str, str] = field(default_factory=dict)
    """The client address that opened each table, as the limits count it (kept in the table's file as
    ``opener``, so it counts after a restart too; a file written before that field existed has none)."""
    _openers: dict[str, str] = field(default_factory=dict)
    """Openers read from table files by :meth:`_read_table`, until :meth:`resume_tables` serves them."""
    _told: dict[tuple[str, str], float] = field(default_factory=dict)
    _arrivals: dict[str, _Bucket] = field(default_factory=dict)
    """Each client address's bucket of new connections (:meth:`admit`)."""
    _guesses: dict[str, _Guesses] = field(default_factory=dict)
    _guess_level: float = GUESS_BURST_IN_TOTAL
    _guess_stamp: float | None = None
    unwritten: set[str] = field(default_factory=set)
    """The tables whose newest files could not be written (a full or read-only disk; logged): kept in
    memory and tried again every :attr:`retry_seconds` until the disk takes them."""
    again_seconds: float = AGAIN_SECONDS
    """How long the table waits for everyone's answer to playing again (see :data:`AGAIN_SECONDS`)."""
    retry_seconds: float = WRITE_RETRY_SECONDS
    """How often the tables that could not be written are tried again (see :data:`WRITE_RETRY_SECONDS`)."""
    _disk_error: str = ""
    """Why the last write failed, while tables wait to be written (the operator was told once)."""
    _retrier: asyncio.Task[None] | None = None
    sent: int = 0
    """Frames handed to connections so far (for the load benchmark)."""
    closed: bool = False
    """The host closed every table (:meth:`announce_closed`): a connection that drops after that is not
    announced as away, which would contradict the closing (issue 21, item 13)."""

    # --- tables ------------------------------------------------------------------------------------------

    def open_table(self, rules: EngineRules) -> Table:
        """A new table in its lobby, with a fresh join code.

        Raises:
            ProtocolError: the server already keeps :data:`MAX_TABLES` tables (:attr:`Reason.TABLE_FULL`).
        """
        table = self._new_table(rules)
        self._add(table)
        return table

    def _new_table(self, rules: EngineRules) -> Table:
        """A table with a fresh code, not yet served (:meth:`_add`): a refused hello leaves nothing. On a
        full server an abandoned lobby will make room for it (:meth:`_make_room`, when it is added).

        Raises:
            ProtocolError: the server keeps :data:`MAX_TABLES` tables and none of them is an abandoned lobby
                (:attr:`Reason.TABLE_FULL`).
        """
        if len(self.tables) >= MAX_TABLES and self._abandoned() is None:
            self.refusals[Reason.TABLE_FULL.value] += 1
            raise ProtocolError(Reason.TABLE_FULL)
        code = new_code()
        while code in self.tables:
            code = new_code()
        return Table(code, rules, secrets.randbits(31))

    def _abandoned(self) -> Table | None:
        """The lobby nobody has been connected to for the longest (its wait started first), or None: a
        lobby someone is connected to, and a game, are never it."""
        lobbies = [
            table
            for table in self.tables.values()
            if table.stage is Stage.LOBBY and not table.members and table.empty_since is not None
        ]
        return min(lobbies, key=lambda table: table.empty_since or 0.0, default=None)

    def _make_room(self) -> None:
        """While the server keeps :data:`MAX_TABLES` tables, remove the oldest abandoned lobby with its files
        (logged for each, counted in the status line), so that lobbies opened and left cannot shut out new
        tables for :attr:`empty_lobby_seconds`."""
        while len(self.tables) >= MAX_TABLES and (oldest := self._abandoned()) is not None:
            self._forget(oldest, files=True)
            self.made_room += 1
            log.info(
                "Removed lobby %s, nobody connected for %d s, with its files: the server was full",
                oldest.code,
                max(0.0, self.wall() - (oldest.empty_since or 0.0)),
            )

    def _add(self, table: Table) -> None:
        self._make_room()
        self.tables[table.code] = table
        self._wake[table.code] = asyncio.Event()
        if table.session is not None:
            self._hook(table)
        loop = asyncio.get_running_loop()
        self._drivers[table.code] = loop.create_task(self._drive(table))
        if self._reaper is None or self._reaper.done():
            self._reaper = loop.create_task(self._reap())

    def _forget(self, table: Table, *, files: bool) -> None:
        """Take ``table`` out of the server (its connections may stay until they go); ``files``: remove its
        files too."""
        code = table.code
        if self.tables.get(code) is not table:
            return
        del self.tables[code]
        self._owners.pop(code, None)
        self._wake.pop(code, None)
        task = self._drivers.pop(code, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        self.unwritten.discard(code)
        if files and self.data is not None:
            self._pending[code] = None
            self._start_writer()

    def _tidy(self, table: Table) -> None:
        """After each change: a lobby or finished game nobody is connected to starts its wait (a lobby's is
        kept in its file), one with someone connected stops it (:meth:`expire_tables`)."""
        if self.tables.get(table.code) is not table:
            return
        if table.members:
            table.empty_since = None
        elif table.empty_since is None and table.stage is Stage.LOBBY:
            table.empty_since = self.wall()
            self._keep(table)
        elif table.empty_since is None and table.stage is Stage.OVER and table.code not in self._drivers:
            # Its save is written (:meth:`_finished`); until the wait ends, one who comes back hears the end.
            table.empty_since = self.wall()

    def expire_tables(self) -> list[str]:
        """Remove every lobby nobody has been connected to for :attr:`empty_lobby_seconds`, with its files,
        and take every finished game nobody has been connected to for as long out of memory (its save stays).

        Returns their codes (logged).
        """
        now = self.wall()
        expired = [
            table
            for table in self.tables.values()
            if table.stage is not Stage.PLAYING
            and not table.members
            and table.empty_since is not None
            and now - table.empty_since >= self.empty_lobby_seconds
        ]
        for table in expired:
            self._forget(table, files=table.stage is Stage.LOBBY)
        if expired:
            log.info("Removed %d tables nobody was connected to (lobbies with their files)", len(expired))
        return [table.code for table in expired]

    async def _reap(self) -> None:
        """Remove abandoned lobbies and finished games, checked a few times within their wait (at most every
        30 s)."""
        while True:
            await asyncio.sleep(min(30.0, max(0.05, self.empty_lobby_seconds / 4)))
            self.expire_tables()

    def _hook(self, table: Table) -> None:
        assert table.session is not None

        def after_turn(events: Sequence[Event], state: GameState) -> None:
            if any(isinstance(e, (TurnEnded, GameWon)) for e in events):
                self._keep(table)

        table.session.listeners.append(after_turn)

    def resume_tables(self) -> list[str]:
        """Read back every table kept in :attr:`data` (after a restart): unfinished games at their last
        turn, lobbies as they were. Everyone is away until they reconnect with their tokens.

        Returns the sentences for the files that could not be used (logged; never fatal).
        """
        problems: list[str] = []
        if self.data is None or not self.data.is_dir():
            return problems
        self._remove_temp_files(self.data)
        for seats_file in sorted(self.data.glob("*.table.json")):
            try:
                table = self._read_table(seats_file)
            except (OSError, ValueError, KeyError, TypeError, saves.SaveError) as error:
                log.warning("Cannot resume %s: %s", seats_file, error)
                problems.append(str(seats_file))
                continue
            if table is not None and table.code not in self.tables:
                if table.stage is Stage.LOBBY and table.empty_since is None:
                    table.empty_since = self.wall()  # nobody is connected after a restart
                self._add(table)
                opener = self._openers.pop(table.code, None)
                if opener:
                    self._owners[table.code] = opener
        self.expire_tables()
        return problems

    @staticmethod
    def _remove_temp_files(data: Path) -> None:
        """Remove the temp files a killed server left half-written beside its tables (``.CODE.json.*.tmp``,
        ``.CODE.table.json.*.tmp``): the table files themselves are always whole (written by rename)."""
        removed = 0
        for temp in data.glob(".*.json.*.tmp"):
            if temp.is_file():
                try:
                    temp.unlink()
                except OSError as error:
                    log.warning("Cannot remove %s: %s", temp, error)
                else:
                    removed += 1
        if removed:
            log.info("Removed %d temp files left by a stopped server", removed)

    def _read_table(self, seats_file: Path) -> Table | None:
        document: Any = storage.read_json(seats_file, max_bytes=64 * 1024)
        if not isinstance(document, dict) or document.get("format") != "lcr-audio-table":
            raise ValueError("not a table file")
        code = document["code"]
        if not isinstance(code, str) or not code.isalnum():
            raise ValueError("bad code")
        rules = rules_from_doc(document["rules"])
        table = Table(code, rules, int(document["seed"]), seats=seats_from(document["seats"]))
        table.host_token = str(document.get("host_token", ""))
        opener = document.get("opener")  # optional: files written before it existed have none
        if isinstance(opener, str) and opener:
            self._openers[code] = opener[:64]
        empty_since = document.get("empty_since")
        if isinstance(empty_since, (int, float)) and not isinstance(empty_since, bool):
            table.empty_since = float(empty_since)
        games = document.get("games")  # optional: games finished before this one (the next is CODE.N+1.json)
        if isinstance(games, int) and not isinstance(games, bool) and games > 0:
            table.games = games
        game = seats_file.with_name(f"{code}.json")
        if game.exists():
            loaded = saves.load(game)
            if loaded.over:
                return None
            if len(loaded.session.players) != len(table.seats):
                raise ValueError("the seats are not the game's")
            table.session = loaded.session
            table.resumed()
        return table

    def _keep(self, table: Table) -> None:
        """Keep the table's files (seats first, then the game): after every turn and every seat change.

        The texts are made here, from the table as it is now; a writer task writes them from a thread, so a
        slow disk never holds up the tables (only the newest texts of a table waiting to be written are).
        """
        if self.data is None:
            return
        document = table.seats_document()
        if opener := self._owners.get(table.code):
            document["opener"] = opener
        seats = json.dumps(document, ensure_ascii=False)
        try:
            game = saves.save_text(table.session) if table.session is not None else None
        except saves.SaveError:
            log.exception("Table %s is too long to keep", table.code)
            game = None
        self._pending[table.code] = (seats, game)
        self._start_writer()

    def _start_writer(self) -> None:
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        """Write the pending tables' files until none is pending. The first table that cannot be written is
        told to the operator at once (one error line, not one a write), and the tables are tried again every
        :attr:`retry_seconds`; when they are all written again, the log says so."""
        while self._pending and self.data is not None:
            code, texts = self._pending.popitem()
            if texts is None:
                await asyncio.to_thread(self._remove_files, self.data, code)
            else:
                error = await asyncio.to_thread(self._write_files, self.data, code, *texts)
            for then in self._on_written.pop(code, []):
                then()
            if texts is None:
                continue
            if error is None:
                self.unwritten.discard(code)
                continue
            self.unwritten.add(code)
            if not self._disk_error:
                log.error(
                    "Cannot write the tables in %s (%s): they are kept in memory and written when the disk "
                    "takes them again (tried every %g s); until then a stop or a crash loses their latest "
                    "moves",
                    self.data,
                    error,
                    self.retry_seconds,
                )
            self._disk_error = error
        if self._disk_error and not self.unwritten & self.tables.keys():
            log.warning("The tables in %s are written again; none is waiting", self.data)
            self._disk_error = ""
        if self.unwritten and (self._retrier is None or self._retrier.done()):
            self._retrier = asyncio.get_running_loop().create_task(self._retry())

    async def _retry(self) -> None:
        """Try the tables that could not be written again, every :attr:`retry_seconds`, until none is left."""
        while self.unwritten & self.tables.keys():
            await asyncio.sleep(self.retry_seconds)
            self._rewrite()
            await self.flush()

    def _rewrite(self) -> None:
        """Make the files again of every table that could not be written (as it is now)."""
        for code in sorted(self.unwritten):
            table = self.tables.get(code)
            if table is None:
                self.unwritten.discard(code)
            elif table.stage is Stage.OVER:
                self._finished(table)
            else:
                self._keep(table)

    @staticmethod
    def _remove_files(data: Path, code: str) -> None:
        """Remove a table's files (an abandoned lobby)."""
        for path in (data / f"{code}.table.json", data / f"{code}.json"):
            try:
                path.unlink(missing_ok=True)
            except OSError as error:
                log.warning("Cannot remove %s: %s", path, error)

    @staticmethod
    def _write_files(data: Path, code: str, seats: str | None, game: str | None) -> str | None:
        """Write a table's seats, then its game; no seats: the game is over, its seats file goes.

        Returns why a file could not be written (the system's words, "No space left on device"), else None.
        """
        try:
            if seats is not None:
                storage.atomic_write_text(data / f"{code}.table.json", seats)
            if game is not None:
                storage.atomic_write_text(data / f"{code}.json", game)
            if seats is None:
                (data / f"{code}.table.json").unlink(missing_ok=True)
        except OSError as error:
            log.debug("Could not keep table %s", code, exc_info=True)
            return error.strerror or str(error)
        return None

    async def flush(self) -> None:
        """Wait until every table's files are written."""
        while self._writer is not None and not self._writer.done():
            await asyncio.shield(self._writer)  # a waiter cancelled (the retry, on stop) never stops a write

    # --- the operator's status line ------------------------------------------------------------------------

    def status(self) -> str:
        """The status line for the operator's log (:func:`status_line`): tables, lobbies, connections and
        listeners now; refusals by reason, dropped connections and wrong codes since the last call."""
        refusals, dropped, wrong_codes, made_room = self._reported
        self._reported = (Counter(self.refusals), self.dropped, self.wrong_codes, self.made_room)
        members = [member for table in self.tables.values() for member in table.members.values()]
        return status_line(
            tables=len(self.tables),
            lobbies=sum(1 for table in self.tables.values() if table.stage is Stage.LOBBY),
            connections=len(self._sockets),
            listeners=sum(1 for member in members if member.spectator),
            refused=self.refusals - refusals,
            dropped=self.dropped - dropped,
            wrong_codes=self.wrong_codes - wrong_codes,
            made_room=self.made_room - made_room,
        )

    async def report(self, seconds: float = STATUS_SECONDS) -> None:
        """Write :meth:`status` to the log every ``seconds`` (``lcr-audio serve --status-seconds``) until
        cancelled."""
        while True:
            await asyncio.sleep(seconds)
            log.info("%s", self.status())

    # --- connections -------------------------------------------------------------------------------------

    def admit(self, address: str) -> bool:
        """Whether a new connection from the client ``address`` (:func:`client_address` form) may go on to
        its WebSocket handshake: a token bucket per address, :attr:`new_connections_per_second` a second
        after a burst of twice as many. A refusal is counted (``too-many-new-connections`` in the status
        line) and logged at most once a minute for the address."""
        rate = float(self.new_connections_per_second)
        burst = 2.0 * rate
        now = self.clock()
        bucket = self._arrivals.get(address)
        if bucket is None:
            if len(self._arrivals) > 100_000:  # forget the addresses whose bucket is full again
                self._arrivals = {
                    a: b for a, b in self._arrivals.items() if b.level + (now - b.stamp) * rate < burst
                }
            bucket = self._arrivals[address] = _Bucket(burst, now)
        bucket.level = min(burst, bucket.level + (now - bucket.stamp) * rate)
        bucket.stamp = now
        if bucket.level >= 1:
            bucket.level -= 1
            return True
        self._hit(address, TOO_MANY_NEW_CONNECTIONS, self.new_connections_per_second)
        return False

    def in_debt(self, peer: str) -> bool:
        """Whether a connection just accepted from the socket address ``peer`` is refused at once, before
        its request is read (the cheapest refusal, :func:`listen`): its address's hellos were refused
        (:data:`REFUSED_HELLO_COST`) and it has not yet waited them off. Counted and logged as
        :meth:`admit`'s refusals. A trusted proxy's connections are never refused here (the address that
        counts is in their request)."""
        address = client_address(peer, None, ())
        if address in self.trusted_proxies:
            return False
        bucket = self._arrivals.get(address)
        if bucket is None:
            return False
        rate = float(self.new_connections_per_second)
        if bucket.level + (self.clock() - bucket.stamp) * rate >= 0:
            return False
        self._hit(address, TOO_MANY_NEW_CONNECTIONS, self.new_connections_per_second)
        return True

    def _refused_hello(self, address: str) -> None:
        """A hello from ``address`` was refused: it costs the address :data:`REFUSED_HELLO_COST` new
        connections (see there)."""
        rate = float(self.new_connections_per_second)
        now = self.clock()
        bucket = self._arrivals.get(address)
        if bucket is None:
            bucket = self._arrivals[address] = _Bucket(2.0 * rate, now)
        level = min(2.0 * rate, bucket.level + (now - bucket.stamp) * rate)
        bucket.level = max(-REFUSED_HELLO_DEBT_SECONDS * rate, level - REFUSED_HELLO_COST)
        bucket.stamp = now

    def process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """websockets' ``process_request``: a new connection :meth:`admit` refuses is answered HTTP 429
        with the reason, before the handshake; None lets the handshake go on."""
        if self.admit(self._address_of(connection)):
            return None
        return connection.respond(HTTPStatus.TOO_MANY_REQUESTS, TOO_MANY_NEW_CONNECTIONS_TEXT)

    async def handler(self, socket: ServerConnection) -> None:
        """Serve one connection until it closes: every frame decoded, checked, rate-limited and routed."""
        address = self._address_of(socket)
        if self._connections[address] >= self.per_address.connections:
            self._hit(address, Reason.TOO_MANY_CONNECTIONS, self.per_address.connections)
            broadcast([socket], encode(Refused(Reason.TOO_MANY_CONNECTIONS)))
            return  # websockets closes the connection
        conn = next(self._ids)
        self._sockets[conn] = socket
        self._addresses[conn] = address
        self._connections[address] += 1
        bucket = _Bucket(self.limit.burst, self.clock())
        timer = asyncio.get_running_loop().call_later(self.hello_seconds, self._no_hello, conn)
        try:
            async for frame in socket:
                if not self._allowed(conn, bucket):
                    if bucket.over >= self.limit.close_after:
                        # Dropped at once: a closing handshake would wait behind the flood still queued.
                        socket.transport.abort()
                        return
                    continue
                self._receive(conn, frame)
        except ConnectionClosed:
            pass
        finally:
            timer.cancel()
            self._sockets.pop(conn, None)
            self._addresses.pop(conn, None)
            self._connections[address] -= 1
            if self._connections[address] <= 0:
                del self._connections[address]
            table = self._where.pop(conn, None)
            if table is not None:
                away = table.disconnected(conn)
                if not self.closed:
                    self._deliver(table, away)
                self._changed(table)
                self._next_game(table)  # the last answer to playing again may have been this one's leaving

    def _no_hello(self, conn: ConnId) -> None:
        """Close a connection that has not joined a table within :attr:`hello_seconds` (at once: a silent
        peer is not waited for)."""
        socket = self._sockets.get(conn)
        if socket is not None and conn not in self._where:
            self.dropped += 1
            socket.transport.abort()

    def _ready(self, conn: ConnId, socket: ServerConnection) -> bool:
        """Whether ``socket`` may be sent one more frame: a connection with more than
        :attr:`backlog_bytes` still waiting to go out is dropped instead (it reads too slowly)."""
        transport = socket.transport
        if transport.is_closing():
            return False
        if transport.get_write_buffer_size() <= self.backlog_bytes:
            return True
        self.dropped += 1
        log.info("Dropped %s: it read too slowly", self._addresses.get(conn, "?"))
        transport.abort()
        return False

    def _allowed(self, conn: ConnId, bucket: _Bucket) -> bool:
        now = self.clock()
        bucket.level = min(self.limit.burst, bucket.level + (now - bucket.stamp) * self.limit.per_second)
        bucket.stamp = now
        if bucket.level >= 1:
            bucket.level -= 1
            bucket.over = 0
            return True
        bucket.over += 1
        if now - bucket.told >= 1.0:
            bucket.told = now
            self._send(conn, Refused(Reason.FLOOD))
        return False

    def _receive(self, conn: ConnId, frame: str | bytes) -> None:
        try:
            message = decode_client(frame)
        except ProtocolError as error:
            self._send(conn, Refused(error.reason))
            return
        table = self._where.get(conn)
        fresh = False
        if table is None:
            if not isinstance(message, Hello):
                self._send(conn, Refused(Reason.NOT_JOINED))
                return
            try:
                table = self._table_for(conn, message)
                fresh = table.code not in self.tables
            except ProtocolError as error:
                self._send(conn, Refused(error.reason))
                self._refused_hello(self._addresses.get(conn, ""))
                return
        elif isinstance(message, Hello):
            self._send(conn, Refused(Reason.OUT_OF_TURN))
            return
        outbox = table.handle(conn, message)
        if isinstance(message, Hello) and conn not in table.members:
            self._refused_hello(self._addresses.get(conn, ""))
        if fresh:  # a new table: served only once its first hello is welcome
            if conn not in table.members:
                self._deliver(table, outbox)
                return
            self._add(table)
            self._owners[table.code] = self._addresses.get(conn, "")
            if (
                self.data is not None
            ):  # welcomed once its file is written: a crash never loses a welcomed table
                self._joined(conn, table)
                self._changed(table)
                self._keep(table)
                self._on_written.setdefault(table.code, []).append(lambda: self._deliver(table, outbox))
                return
        if conn in table.members:
            self._joined(conn, table)
        self._deliver(table, outbox)
        self._changed(table)
        if any(isinstance(m, Refused) for _, m in outbox):
            return
        self._next_game(table)
        if not isinstance(
            message, (RollDice, Decide, Choose, Chat)
        ):  # a game's actions are kept at each turn's end; a chat line changes nothing kept
            self._keep(table)

    def _joined(self, conn: ConnId, table: Table) -> None:
        """``conn`` is at ``table`` now: its frames are handled as soon as they come (:meth:`_Gated.settle`),
        no longer behind new connections' (:class:`Admission`)."""
        self._where[conn] = table
        socket = self._sockets.get(conn)
        if socket is not None:
            settle(socket)

    def _next_game(self, table: Table) -> None:
        """A game has just started (from the lobby, or again after the last one): its turns are kept, and
        the game before it stays in the data folder as ``CODE.N.json`` (N: 1 for the first game), since the
        new one is written as ``CODE.json``."""
        if table.session is not None and not table.session.listeners:
            self._hook(table)
            finished, table.finished = table.finished, None
            if finished is not None and self.data is not None:
                with contextlib.suppress(saves.SaveError):
                    self._pending[f"{table.code}.{table.games}"] = (None, saves.save_text(finished))
            self._keep(table)

    def _table_for(self, conn: ConnId, hello: Hello) -> Table:
        address = self._addresses.get(conn, "")
        if hello.code:
            table = self.tables.get(hello.code.strip().lower())
            if table is not None and _holds_a_token(table, hello.tokens):
                return table  # a seat coming back is never held up by others' guessing
            self._may_look_up(address)
            if table is None:
                self._wrong_code(address)
                raise ProtocolError(Reason.NO_TABLE)
            if not hello.names and not hello.tokens:  # to listen
                self._may_listen(address, table)
            return table
        if self.one_table and self.tables:
            raise ProtocolError(Reason.ONE_TABLE)
        if not hello.names:
            raise ProtocolError(Reason.BAD_NAME)
        owned = [self.tables[code] for code, owner in self._owners.items() if owner == address]
        lobbies = sum(1 for table in owned if table.stage is Stage.LOBBY)
        if lobbies >= self.per_address.lobbies:
            self._hit(address, Reason.TOO_MANY_LOBBIES, self.per_address.lobbies)
            raise ProtocolError(Reason.TOO_MANY_LOBBIES)
        if len(owned) >= self.per_address.tables:
            self._hit(address, Reason.TOO_MANY_TABLES, self.per_address.tables)
            raise ProtocolError(Reason.TOO_MANY_TABLES)
        rules = rules_from_doc(hello.rules) if hello.rules is not None else EngineRules()
        return self._new_table(rules)

    def _may_look_up(self, address: str) -> None:
        """Refuse a code look-up while ``address`` waits after too many wrong codes, or while the server's
        total budget of wrong codes is spent (before the code is looked up: a refusal says nothing about
        it).

        Raises:
            ProtocolError: :attr:`Reason.TOO_MANY_GUESSES` or :attr:`Reason.GUESSES_BUSY`.
        """
        now = self.clock()
        guesses = self._guesses.get(address)
        if guesses is not None and now < guesses.until:
            self._hit(address, Reason.TOO_MANY_GUESSES, self.guesses_per_minute)
            raise ProtocolError(Reason.TOO_MANY_GUESSES)
        stamp = now if self._guess_stamp is None else self._guess_stamp
        self._guess_level = min(
            GUESS_BURST_IN_TOTAL, self._guess_level + (now - stamp) * GUESSES_PER_SECOND_IN_TOTAL
        )
        self._guess_stamp = now
        if self._guess_level < 1:
            self._hit("every address", Reason.GUESSES_BUSY, int(GUESSES_PER_SECOND_IN_TOTAL))
            raise ProtocolError(Reason.GUESSES_BUSY)

    def _may_listen(self, address: str, table: Table) -> None:
        """Refuse a new listener over :attr:`listeners_per_table` at ``table`` or :attr:`max_listeners` in
        all.

        Raises:
            ProtocolError: :attr:`Reason.LISTENERS_FULL` or :attr:`Reason.SERVER_LISTENERS_FULL`.
        """
        if sum(1 for m in table.members.values() if m.spectator) >= self.listeners_per_table:
            self._hit(address, Reason.LISTENERS_FULL, self.listeners_per_table)
            raise ProtocolError(Reason.LISTENERS_FULL)
        listeners = sum(1 for t in self.tables.values() for m in t.members.values() if m.spectator)
        if listeners >= self.max_listeners:
            self._hit(address, Reason.SERVER_LISTENERS_FULL, self.max_listeners)
            raise ProtocolError(Reason.SERVER_LISTENERS_FULL)

    def _wrong_code(self, address: str) -> None:
        """Count a join code no table has against ``address`` and against the server's total."""
        now = self.clock()
        self.wrong_codes += 1
        self._guess_level -= 1
        if len(self._guesses) > 100_000:  # forget the addresses that are not waiting
            self._guesses = {a: g for a, g in self._guesses.items() if now < g.until}
        budget = float(self.guesses_per_minute)
        guesses = self._guesses.setdefault(address, _Guesses(budget, now))
        if now - guesses.stamp >= GUESS_WAIT_MAX:
            guesses.strikes = 0  # an hour without a wrong code: the waits start again from the first
        guesses.level = min(budget, guesses.level + (now - guesses.stamp) * budget / 60.0) - 1
        guesses.stamp = now
        if guesses.level < 1:
            wait = min(GUESS_WAIT_MAX, GUESS_WAIT_SECONDS * 2**guesses.strikes)
            guesses.strikes += 1
            guesses.until = now + wait
            guesses.level = budget  # after the wait, the minute's codes again

    def _address_of(self, socket: ServerConnection) -> str:
        vouched = self.vouched_address(socket) if self.vouched_address is not None else None
        if vouched is not None:
            return vouched
        peer = socket.remote_address
        forwarded = None
        if self.trusted_proxies and socket.request is not None:
            forwarded = socket.request.headers.get("X-Forwarded-For")
        return client_address(str(peer[0]) if peer else "", forwarded, self.trusted_proxies)

    def _hit(self, address: str, reason: Reason | str, limit: int) -> None:
        """A limit per address was reached: counted, and logged for the operator (once a minute for each
        address and limit)."""
        name = reason if isinstance(reason, str) else reason.value
        self.refusals[name] += 1
        now = self.clock()
        if now - self._told.get((address, name), -3600.0) >= 60:
            if len(self._told) > 10_000:
                self._told.clear()
            self._told[(address, name)] = now
            if reason is Reason.GUESSES_BUSY:
                log.warning(
                    "Refused code look-ups from every address: at most %d wrong codes a second", limit
                )
            elif reason is Reason.LISTENERS_FULL:
                log.warning("Refused a listener from %s: a table has at most %d listeners", address, limit)
            elif reason == TOO_MANY_NEW_CONNECTIONS:
                log.warning(
                    "Refused new connections from %s: at most %d a second from one address (HTTP 429)",
                    address,
                    limit,
                )
            elif reason is Reason.SERVER_LISTENERS_FULL:
                log.warning("Refused a listener from %s: the server has at most %d listeners", address, limit)
            else:
                log.warning("Refused %s: the limit per address is %d (%s)", address, limit, name)

    def _send(self, conn: ConnId, message: ServerMessage) -> None:
        socket = self._sockets.get(conn)
        if socket is not None and self._ready(conn, socket):
            broadcast([socket], encode(message))
            self.sent += 1

    def _deliver(self, table: Table, outbox: Outbox) -> None:
        for recipient, message in outbox:
            if recipient is EVERYONE or isinstance(recipient, AllBut):
                left_out = recipient.conn if isinstance(recipient, AllBut) else None
                sockets = [
                    socket
                    for c in list(table.members)
                    if c != left_out
                    and (socket := self._sockets.get(c)) is not None
                    and self._ready(c, socket)
                ]
                broadcast(sockets, encode(message))
                self.sent += len(sockets)
            else:
                self._send(recipient, message)

    def _changed(self, table: Table) -> None:
        wake = self._wake.get(table.code)
        if wake is not None:
            wake.set()
        self._tidy(table)

    # --- pacing ------------------------------------------------------------------------------------------

    async def _drive(self, table: Table) -> None:
        """Computer players move, paced; an away person's turn waits, said when it starts and
        :attr:`away_reminder` seconds before it ends, then a computer player stands in."""
        wake = self._wake[table.code]
        loop = asyncio.get_running_loop()
        waiting: tuple[int, int] | None = None  # the away seat waited for, and the game's moves when it began
        deadline, reminded = 0.0, False
        asked, until_again, round_seen = False, 0.0, 0  # the table asked who plays again after this game
        reminds = 0 < self.away_reminder <= self.away_seconds / 2  # else the reminder would follow at once
        while True:
            wake.clear()
            if table.stage is not Stage.OVER:
                asked = False
            if table.computer_due():
                await asyncio.sleep(self.move_seconds)
                if table.computer_due():
                    self._deliver(table, table.play_computer())
                continue
            away = table.waiting_for_away()
            if away is None:
                waiting = None
            else:
                moves = len(table.session.actions) if table.session else 0
                now = loop.time()
                if waiting != (
                    away,
                    moves,
                ):  # a new wait: said now (a chat or an arrival does not restart it)
                    waiting, deadline, reminded = (away, moves), now + self.away_seconds, False
                    self._tell_waiting(table, away, self.away_seconds)
                elif reminds and not reminded and now >= deadline - self.away_reminder:
                    reminded = True
                    self._tell_waiting(table, away, deadline - now)
                until = deadline - self.away_reminder if reminds and not reminded else deadline
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), max(0.0, until - now))
                    continue
                if loop.time() < deadline:  # time for the reminder
                    continue
                still = table.session is not None and len(table.session.actions) == moves
                if still and table.waiting_for_away() == away:
                    self._deliver(table, table.stand_in(away))
                continue
            if table.stage is Stage.OVER and not asked:  # the record first, then who plays again
                self._finished(table)
                asked = True
                self._deliver(table, table.offer_again(round(self.again_seconds)))
                until_again = loop.time() + self.again_seconds
            if table.stage is Stage.OVER and table.again is not None:
                if table.again_round != round_seen:  # the host said yes: the others' time starts now
                    round_seen, until_again = table.again_round, loop.time() + self.again_seconds
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), max(0.0, until_again - loop.time()))
                    continue
                self._deliver(table, table.again_answered(final=True))  # the time to answer is up
                self._next_game(table)
                continue
            if table.stage is Stage.OVER:
                self._drivers.pop(table.code, None)
                self._tidy(table)
                return
            await wake.wait()

    def _tell_waiting(self, table: Table, seat: int, seconds: float) -> None:
        """Tell everyone at ``table`` that the game waits ``seconds`` more for away ``seat``."""
        name = table.seats[seat].name
        self._deliver(table, [(EVERYONE, Told(Notice.WAITING, name, seat, max(1, round(seconds))))])

    def _finished(self, table: Table) -> None:
        """A finished game stays on disk as an ordinary save (``lcr-audio resume`` can replay it); its seats
        file goes, so a restart does not open it again."""
        if self.data is not None and table.session is not None:
            with contextlib.suppress(saves.SaveError):
                self._pending[table.code] = (None, saves.save_text(table.session))
                self._start_writer()

    def announce_closed(self) -> None:
        """Tell everyone at every table that the host closed it (``lcr-audio host`` ending), once; nobody
        is announced as away after it."""
        if self.closed:
            return
        self.closed = True
        for table in self.tables.values():
            self._deliver(table, [(EVERYONE, Told(Notice.CLOSED, ""))])

    async def close(self) -> list[str]:
        """Stop the tables' drivers, write what is pending, and try once more every table whose files could
        not be written before.

        Returns the codes of the tables that are not written as they are now (every table when there is no
        data folder); their files, if any, are the last ones that could be written.
        """
        tasks = [*self._drivers.values(), *(t for t in (self._reaper, self._retrier) if t is not None)]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.flush()
        if self.data is None:
            return sorted(self.tables)
        self._rewrite()
        await self.flush()
        if self._retrier is not None:  # the last write started it again: nothing is left to try it
            self._retrier.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._retrier
        return sorted(self.unwritten & self.tables.keys())


def _holds_a_token(table: Table, tokens: Sequence[str]) -> bool:
    """Whether one of ``tokens`` is one of ``table``'s seat tokens (compared in constant time)."""
    return any(
        seat.token and secrets.compare_digest(seat.token, token) for seat in table.seats for token in tokens
    )


def tls_context(certificate: Path, key: Path) -> ssl.SSLContext:
    """A server TLS context for ``wss://`` from a certificate and its private key (PEM files).

    Raises:
        OSError: a file cannot be read.
        ssl.SSLError: the files are not a certificate and its key.
    """
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(certificate, key)
    return context


NEW_CHUNKS_PER_TURN: Final = 8
"""How many pieces of input (bytes read, the end of the stream, the connection's loss) of connections that
have not joined a table the server handles in one turn of its event loop (:class:`Admission`); the rest wait
for the next turns, behind the input of the players already at their tables."""


class Admission:
    """The queue of what connections that have not joined a table sent (their HTTP request, their hello,
    their closing): handled in arrival order, at most ``per_turn`` pieces in each turn of the event loop
    (issue 22). A wave of hundreds of connections arriving together (a listener storm: handshake, hello,
    refusal, close) is so spread over many short turns, and a roll at another table, which goes straight
    through (:meth:`_Gated.settle`), waits for one short turn instead of the whole wave.

    While a connection has input waiting here, its socket is not read (so its waiting input is at most one
    read), and its later input waits behind it; it is read again once that is handled.
    """

    def __init__(self, per_turn: int = NEW_CHUNKS_PER_TURN) -> None:
        self.per_turn = per_turn
        self._queue: collections.deque[tuple[_Gated, Callable[[], object]]] = collections.deque()
        self._scheduled = False

    def hold(self, connection: _Gated, work: Callable[[], object]) -> None:
        """Queue ``work`` (one piece of ``connection``'s input, a bound method of it): its socket is not read
        until the work is done."""
        connection.held += 1
        if connection.transport_reading():  # also when websockets resumed it meanwhile
            connection.gate_paused = True
            connection.transport.pause_reading()
        self._queue.append((connection, work))
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._turn)

    def _turn(self) -> None:
        """Handle up to :attr:`per_turn` pieces; the rest at the next turn."""
        self._scheduled = False
        for _ in range(min(self.per_turn, len(self._queue))):
            connection, work = self._queue.popleft()
            connection.held -= 1
            try:
                work()
            except Exception:  # one connection's failure never stops the others' input
                log.exception("A new connection's input failed")
            if connection.held == 0 and connection.gate_paused:
                connection.gate_paused = False
                connection.resume_if_wanted()
        if self._queue and not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._turn)


class _Gated(ServerConnection):
    """A connection that :attr:`refuse` may answer HTTP 429 as soon as it is accepted: no request read or
    parsed, no handshake, no task (a wave of connections from an address whose hellos were refused costs
    the server a write and a close each). The answer is written, the server's side shut, and the
    connection closed when the client closes it (at once: it reads a 429 and gives up), or after
    ``close_timeout``.

    Until it joins a table (:meth:`settle`), what it sends waits its turn in the server's :attr:`admission`
    queue."""

    refuse: Callable[[str], bool] | None = None
    """Whether to refuse a connection from this socket address (:meth:`TableServer.in_debt`)."""
    admission: Admission | None = None
    """The server's queue of input from connections that have not joined a table (None: no queue)."""
    _refused: bool = False
    _abort: asyncio.TimerHandle | None = None
    settled: bool = False
    """It joined a table (or is a browser tab): its input is handled as soon as it is read."""
    held: int = 0
    """Pieces of its input waiting in :attr:`admission`."""
    gate_paused: bool = False
    """Its socket is not read because input of it waits in :attr:`admission`."""

    def settle(self) -> None:
        """From now on its input is handled as soon as it is read (what waits already goes first)."""
        self.settled = True

    def transport_reading(self) -> bool:
        """Whether its socket is being read (not paused by websockets or by :class:`Admission`)."""
        transport = getattr(self, "transport", None)
        return isinstance(transport, asyncio.Transport) and transport.is_reading()

    def resume_if_wanted(self) -> None:
        """Read its socket again, unless websockets paused it meanwhile (its queue of frames is full) or it
        is closing."""
        transport = self.transport
        if not transport.is_closing() and not self.recv_messages.paused:
            transport.resume_reading()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        refuse = type(self).refuse
        if refuse is not None and peer and refuse(str(peer[0])) and isinstance(transport, asyncio.Transport):
            self._refused = True
            transport.write(_EARLY_429)
            if transport.can_write_eof():
                transport.write_eof()
            self._abort = self.loop.call_later(self.close_timeout or 2.0, transport.abort)
            return
        super().connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        admission = type(self).admission
        if admission is None or (self.settled and not self.held):
            super().data_received(data)
        else:
            admission.hold(self, functools.partial(super().data_received, data))

    def eof_received(self) -> None:
        if self._refused:
            return  # the transport closes itself
        admission = type(self).admission
        if admission is None or (self.settled and not self.held):
            super().eof_received()
        else:
            admission.hold(self, super().eof_received)  # in its turn; the transport closes meanwhile

    def connection_lost(self, exc: Exception | None) -> None:
        if self._refused:
            if self._abort is not None:
                self._abort.cancel()
            return
        admission = type(self).admission
        if admission is None or (self.settled and not self.held):
            super().connection_lost(exc)
        else:
            admission.hold(self, functools.partial(super().connection_lost, exc))


def settle(socket: ServerConnection) -> None:
    """Handle what ``socket`` sends as soon as it is read from now on, no longer behind the input of
    connections that have not joined a table (:class:`Admission`): a connection at a table, or a browser
    tab. A connection not served by :func:`listen` is left as it is."""
    if isinstance(socket, _Gated):
        socket.settle()


async def start_server(
    tables: TableServer, host: str, port: int, *, tls: ssl.SSLContext | None = None
) -> WsServer:
    """Listen on ``host``:``port`` (0: any free port) and serve ``tables``; frames over
    :data:`MAX_FRAME` bytes close their connection (websockets' own limit).

    Raises:
        OSError: the address cannot be used (in use, not this machine's, no permission).
    """
    return await listen(tables.handler, tables.process_request, host, port, tls, refuse=tables.in_debt)


async def listen(
    handler: Callable[[ServerConnection], Awaitable[None]],
    process_request: Callable[[ServerConnection, Request], Response | None],
    host: str,
    port: int,
    tls: ssl.SSLContext | None,
    *,
    refuse: Callable[[str], bool] | None = None,
) -> WsServer:
    """websockets' server with the settings every port of the game uses (the online tables', and the
    browser client's, which serves them too): frames over :data:`MAX_FRAME` bytes refused, a short queue and
    closing wait, no compression, websockets' log under the game's logger; ``refuse``: whether a connection
    from a socket address is answered HTTP 429 as soon as it is accepted (:meth:`TableServer.in_debt`).

    Raises:
        OSError: the address cannot be used.
    """

    class Gated(_Gated):
        pass

    Gated.refuse = refuse  # read through the class: a function kept here is not bound to the connection
    Gated.admission = Admission(NEW_CHUNKS_PER_TURN)
    return await serve(
        handler,
        host,
        port,
        process_request=process_request,
        max_size=MAX_FRAME,
        max_queue=32,
        close_timeout=2,
        ssl=tls,
        logger=logging.getLogger("lcr_audio.game.online.websockets"),
        compression=None,
        create_connection=Gated,
    )


def bound_port(server: WsServer) -> int:
    """The port ``server`` listens on (after asking for port 0)."""
    for sock in server.sockets:
        port: int = sock.getsockname()[1]
        return port
    raise RuntimeError("The server has no socket.")
