"""A server full of abandoned lobbies, openers after a restart, and waves of new connections (issue 22, the
faults benchmarks/online_abuse.py found after the first round): every test runs a real server on loopback
and talks to it with the websockets client library."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from lcr_audio.game.online import server as server_module
from lcr_audio.game.online.protocol import (
    PROTOCOL_VERSION,
    Chat,
    Hello,
    Reason,
    Refused,
    Said,
    ServerMessage,
    Start,
    Started,
    Welcome,
    decode_server,
    encode,
)
from lcr_audio.game.online.server import TableServer, bound_port, start_server
from lcr_audio.game.online.table import Stage

pytestmark = pytest.mark.system

LIMIT = 60.0
"""Seconds any one wait below may take on a loaded machine before the test fails (never a margin)."""


async def _open(port: int, source: str) -> ClientConnection:
    return await connect(f"ws://127.0.0.1:{port}", max_size=None, local_addr=(source, 0), open_timeout=LIMIT)


async def _answer(socket: ClientConnection) -> ServerMessage:
    """The server's answer to a hello: its welcome or its refusal."""
    async with asyncio.timeout(LIMIT):
        while True:
            message = decode_server(await socket.recv())
            if isinstance(message, (Welcome, Refused)):
                return message


async def _lobby(port: int, source: str) -> tuple[ClientConnection, ServerMessage]:
    """A connection from ``source`` that asked to open a lobby of three people, and the answer."""
    socket = await _open(port, source)
    await socket.send(encode(Hello(PROTOCOL_VERSION, "", names=["Ana", "Bo", "Cy"])))
    return socket, await _answer(socket)


async def _until(test: Callable[[], bool]) -> None:
    """Wait (polling the server's state, which the test shares) until ``test()`` holds."""
    async with asyncio.timeout(LIMIT):
        while not test():
            await asyncio.sleep(0.01)


def _ticks() -> Callable[[], float]:
    """A time of day that moves on a second at each look, so each abandoned lobby is older than the next."""
    counter = itertools.count()
    return lambda: 1_000_000.0 + next(counter)


async def _abandoned_lobby(tables: TableServer, port: int, source: str) -> str:
    """Open a lobby from ``source``, leave it, and wait until the server counts it abandoned. Its code."""
    socket, welcome = await _lobby(port, source)
    assert isinstance(welcome, Welcome), welcome
    await socket.close()
    await _until(lambda: not tables.tables[welcome.code].members)
    assert tables.tables[welcome.code].empty_since is not None
    return welcome.code


def test_a_server_full_of_abandoned_lobbies_makes_room_for_a_new_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Lobbies opened and abandoned until the server is full do not shut anyone out: a new table takes the
    place of the oldest abandoned lobby, whose files go, the log says so once for it and the status line
    counts it; a lobby someone is connected to, and a game nobody is connected to, are never removed (old
    main: ``table-full`` for everyone until the abandoned lobbies expire 10 minutes later)."""
    monkeypatch.setattr(server_module, "MAX_TABLES", 6)
    caplog.set_level(logging.INFO, logger="lcr_audio.game.online.server")

    async def run() -> None:
        tables = TableServer(tmp_path, move_seconds=3600.0, wall=_ticks())
        ws = await start_server(tables, "127.0.0.1", 0)
        port = bound_port(ws)
        held: list[ClientConnection] = []
        try:
            host, welcome = await _lobby(port, "127.0.0.1")  # a host waiting in their lobby: never removed
            assert isinstance(welcome, Welcome)
            held.append(host)
            waiting = welcome.code
            player = await _open(port, "127.0.0.3")  # a game, then left by its one person: never removed
            await player.send(encode(Hello(PROTOCOL_VERSION, "", names=["Ana"])))
            game = await _answer(player)
            assert isinstance(game, Welcome)
            await player.send(encode(Start()))
            async with asyncio.timeout(LIMIT):
                while not isinstance(decode_server(await player.recv()), Started):
                    pass
            await player.close()
            await _until(lambda: not tables.tables[game.code].members)
            abandoned = [await _abandoned_lobby(tables, port, "127.0.0.2") for _ in range(4)]
            await tables.flush()
            assert len(tables.tables) == 6 and (tmp_path / f"{abandoned[0]}.table.json").exists()
            tables.status()

            newcomer, answer = await _lobby(port, "127.0.0.4")
            assert isinstance(answer, Welcome), answer
            held.append(newcomer)
            assert abandoned[0] not in tables.tables and answer.code in tables.tables
            assert waiting in tables.tables and tables.tables[game.code].stage is Stage.PLAYING
            await tables.flush()
            assert not (tmp_path / f"{abandoned[0]}.table.json").exists()
            assert (tmp_path / f"{abandoned[1]}.table.json").exists()
            removals = [r.getMessage() for r in caplog.records if "Removed lobby" in r.getMessage()]
            assert len(removals) == 1 and abandoned[0] in removals[0], removals
            assert tables.status().endswith(", 1 abandoned lobbies removed to make room")

            for _ in range(3):  # the other three abandoned lobbies make room in turn, oldest first
                socket, answer = await _lobby(port, "127.0.0.5")
                assert isinstance(answer, Welcome), answer
                held.append(socket)
            assert not set(abandoned) & set(tables.tables)
            socket, answer = await _lobby(port, "127.0.0.6")  # only people's lobbies and a game are left
            held.append(socket)
            assert answer == Refused(Reason.TABLE_FULL)
            assert waiting in tables.tables and game.code in tables.tables
        finally:
            for socket in held:
                await socket.close()
            ws.close()
            await ws.wait_closed()
            await tables.close()

    asyncio.run(run())


def test_who_opened_a_lobby_counts_after_a_restart(tmp_path: Path) -> None:
    """The address that opened a lobby is kept in the table's file (``opener``) and counts against the
    limit per address after a restart, while a file written before that field existed still loads (old
    main: after a restart the same address opened 5 more lobbies)."""

    async def opened(port: int, source: str, count: int) -> list[ServerMessage]:
        answers = []
        for _ in range(count):
            socket, answer = await _lobby(port, source)
            answers.append(answer)
            await socket.close()
        return answers

    async def run() -> None:
        tables = TableServer(tmp_path, move_seconds=0.0)
        ws = await start_server(tables, "127.0.0.1", 0)
        try:
            answers = await opened(bound_port(ws), "127.0.0.2", 5)
            assert all(isinstance(answer, Welcome) for answer in answers)
        finally:
            ws.close()
            await ws.wait_closed()
            await tables.close()
        codes = [answer.code for answer in answers if isinstance(answer, Welcome)]
        documents: dict[str, Any] = {
            code: json.loads((tmp_path / f"{code}.table.json").read_text(encoding="utf-8")) for code in codes
        }
        old = dict(documents[codes[0]])  # as a server before the field wrote it
        old.pop("opener", None)
        (tmp_path / f"{codes[0]}.table.json").write_text(json.dumps(old), encoding="utf-8")

        again = TableServer(tmp_path, move_seconds=0.0)
        ws = await start_server(again, "127.0.0.1", 0)
        try:
            assert again.resume_tables() == [] and sorted(again.tables) == sorted(codes)
            port = bound_port(ws)
            first, refused = await opened(port, "127.0.0.2", 2)  # 4 of its 5 lobbies still count
            assert isinstance(first, Welcome) and refused == Refused(Reason.TOO_MANY_LOBBIES)
            other = await opened(port, "127.0.0.3", 1)
            assert isinstance(other[0], Welcome)
            assert {document.get("opener") for document in documents.values()} == {"127.0.0.2"}
        finally:
            ws.close()
            await ws.wait_closed()
            await again.close()

    asyncio.run(run())


class _Clock:
    """A clock that stands still until the test moves it (the server's rate limits read it)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_waves_of_new_connections_from_one_address_are_refused_before_the_handshake(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Over its rate of new connections (here 5 a second after a burst of 10), an address is answered HTTP
    429 with the reason before any WebSocket handshake, counted in the status line and named once in the
    log; another address is not held up, and a second later the address may connect again (old main: no
    such limit, every connection was handshaken and then refused one by one)."""
    caplog.set_level(logging.INFO, logger="lcr_audio.game.online.server")
    clock = _Clock()

    async def run() -> None:
        tables = TableServer(None, move_seconds=0.0, clock=clock, new_connections_per_second=5)
        ws = await start_server(tables, "127.0.0.1", 0)
        port = bound_port(ws)
        try:
            for _ in range(10):
                socket = await _open(port, "127.0.0.2")
                await socket.close()
            refusals: list[InvalidStatus] = []
            for _ in range(3):
                with pytest.raises(InvalidStatus) as refused:
                    await _open(port, "127.0.0.2")
                refusals.append(refused.value)
            assert {error.response.status_code for error in refusals} == {429}
            assert b"Too many new connections from your address" in refusals[0].response.body
            other, welcome = await _lobby(port, "127.0.0.3")
            assert isinstance(welcome, Welcome)
            await other.close()
            assert "refused (too-many-new-connections 3)" in tables.status()
            named = [r.getMessage() for r in caplog.records if "Refused new connections" in r.getMessage()]
            assert len(named) == 1 and "127.0.0.2" in named[0], named
            clock.now += 1.0  # five more a second later
            for _ in range(5):
                socket = await _open(port, "127.0.0.2")
                await socket.close()
            with pytest.raises(InvalidStatus):
                await _open(port, "127.0.0.2")
        finally:
            ws.close()
            await ws.wait_closed()
            await tables.close()

    asyncio.run(run())


def test_an_address_whose_listeners_are_refused_is_answered_429_as_soon_as_it_connects() -> None:
    """A listener storm: an address whose hello is refused (here a full table's listeners) is answered HTTP
    429 on its next connections as soon as they are accepted, before it has sent any request (the cheapest
    refusal: no handshake, no hello), until it has waited the refusal off; another address is not held up
    (old main: the refused address's next connection was handshaken and refused again, one by one, and a
    connection that sent nothing was answered nothing)."""
    clock = _Clock()

    async def run() -> None:
        tables = TableServer(
            None, move_seconds=0.0, clock=clock, new_connections_per_second=5, listeners_per_table=1
        )
        ws = await start_server(tables, "127.0.0.1", 0)
        port = bound_port(ws)
        try:
            host, welcome = await _lobby(port, "127.0.0.5")
            assert isinstance(welcome, Welcome)
            first = await _open(port, "127.0.0.6")
            await first.send(encode(Hello(PROTOCOL_VERSION, welcome.code)))
            assert isinstance(await _answer(first), Welcome)  # the table's one listener
            storm = await _open(port, "127.0.0.7")
            await storm.send(encode(Hello(PROTOCOL_VERSION, welcome.code)))
            refused = await _answer(storm)
            assert isinstance(refused, Refused) and refused.reason is Reason.LISTENERS_FULL
            await storm.close()
            # A bare connection from that address, that sends nothing, is answered at once.
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=("127.0.0.7", 0))
            async with asyncio.timeout(LIMIT):
                answer = await reader.read()  # until the server closes its side
            writer.close()
            assert answer.startswith(b"HTTP/1.1 429 "), answer
            assert b"Too many new connections from your address" in answer
            with pytest.raises(InvalidStatus) as again:
                await _open(port, "127.0.0.7")
            assert again.value.response.status_code == 429
            other, other_welcome = await _lobby(port, "127.0.0.8")  # another address is not held up
            assert isinstance(other_welcome, Welcome)
            await other.close()
            assert tables.refusals["too-many-new-connections"] == 2
            clock.now += server_module.REFUSED_HELLO_DEBT_SECONDS + 1.0  # the refusal waited off
            back = await _open(port, "127.0.0.7")
            await back.close()
            await host.close()
            await first.close()
        finally:
            ws.close()
            await ws.wait_closed()
            await tables.close()

    asyncio.run(run())


def test_a_wave_of_new_connections_is_handshaken_a_few_at_each_turn_while_a_table_plays_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A listener storm's wave: 30 WebSocket handshake requests that arrive together are handled at most
    ``NEW_CHUNKS_PER_TURN`` (here 4) in each turn of the server's event loop, and a chat line from a
    connection already at a table, sent with them, is not held up behind them: it is handled before more
    than one turn's handshakes; every one of the 30 is still answered 101 (old main: all 30 were handshaken
    in one turn, and a roll at another table waited for them all)."""
    monkeypatch.setattr(server_module, "NEW_CHUNKS_PER_TURN", 4)
    request = (
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )

    async def run() -> None:
        loop = asyncio.get_running_loop()
        tables = TableServer(None, move_seconds=0.0, new_connections_per_second=1000)
        turn = 0
        ticking = True

        def tick() -> None:  # counts the turns of the event loop: it runs once in each
            nonlocal turn
            turn += 1
            if ticking:
                loop.call_soon(tick)

        handshaken: list[int] = []  # the turn of each handshake request handled
        chat_after = -1  # how many handshakes were handled before the chat line
        process_request = tables.process_request
        receive = tables._receive

        def recording_request(connection: Any, request: Any) -> Any:
            handshaken.append(turn)
            return process_request(connection, request)

        def recording_receive(conn: int, frame: str | bytes) -> None:
            nonlocal chat_after
            if '"chat"' in str(frame) and chat_after < 0:
                chat_after = len(handshaken)
            receive(conn, frame)

        monkeypatch.setattr(tables, "process_request", recording_request)
        monkeypatch.setattr(tables, "_receive", recording_receive)
        ws = await start_server(tables, "127.0.0.1", 0)
        port = bound_port(ws)
        try:
            host, welcome = await _lobby(port, "127.0.0.1")
            assert isinstance(welcome, Welcome)
            listener = await _open(port, "127.0.0.1")  # hears the host's chat line
            await listener.send(encode(Hello(PROTOCOL_VERSION, welcome.code)))
            assert isinstance(await _answer(listener), Welcome)
            handshaken.clear()
            waves = [await asyncio.open_connection("127.0.0.1", port) for _ in range(30)]
            loop.call_soon(tick)
            for _reader, writer in waves:  # all written before the server's loop turns once
                writer.write(request)
            await host.send(encode(Chat("hello")))
            answers = []
            async with asyncio.timeout(LIMIT):
                for reader, _writer in waves:
                    answers.append(await reader.readuntil(b"\r\n\r\n"))
                while not isinstance(decode_server(await listener.recv()), Said):
                    pass
            ticking = False
            assert all(answer.startswith(b"HTTP/1.1 101 ") for answer in answers), answers[0]
            assert len(handshaken) == 30
            per_turn = Counter(handshaken)
            assert max(per_turn.values()) <= 4, per_turn
            assert 0 <= chat_after <= 4, chat_after
            for _reader, writer in waves:
                writer.close()
            await host.close()
            await listener.close()
        finally:
            ticking = False
            ws.close()
            await ws.wait_closed()
            await tables.close()

    asyncio.run(run())
