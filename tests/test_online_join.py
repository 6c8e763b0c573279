"""``lcr-audio join`` by ear (issue 22, item 5): a joiner hears their seat and the name the table gave them
when theirs was taken; a refusal at a game under way says what the person can do (``--names`` to take a
waiting seat back, ``--listen`` to listen); a seat given up is forgotten; a blank ``--names`` is one
sentence, not a silent listener; a port in use names ``--port``.

A real table server on loopback (in this process), people at raw protocol connections, and the game's own
client (:class:`~lcr_audio.tui.online.OnlineClient`) with its keys from a pipe and its speech recorded.
"""

from __future__ import annotations

import asyncio
import io
import socket
from pathlib import Path
from typing import Any

import pytest
from support.app import make_app
from support.keys import ESCAPE, until
from test_online import Peer, _open, _peer, serving

from lcr_audio.cli import build_parser
from lcr_audio.cli_online import OnlineUsageError, _serve, names_of, run_host, run_join
from lcr_audio.engine import Rules
from lcr_audio.game.online.client import keep_tokens, kept_names, read_tokens
from lcr_audio.game.online.protocol import PROTOCOL_VERSION, Hello, Leave, Lobby, Start, Started, Welcome
from lcr_audio.game.online.server import TableServer
from lcr_audio.tui.online import OnlineClient

pytestmark = pytest.mark.system  # every test starts a table server on a socket

KEYS = "S says who is here; F1 lists the keys."


async def _seat(port: int, code: str, name: str) -> tuple[Peer, str]:
    """``name`` joins table ``code`` at a raw connection: the connection and the seat's token."""
    peer = await _peer(port)
    await peer.send(Hello(PROTOCOL_VERSION, code, names=[name]))
    welcome = await peer.until(lambda m: isinstance(m, Welcome))
    assert isinstance(welcome, Welcome)
    return peer, welcome.seats[0].token


async def _greeting(tables: TableServer, client: OnlineClient, spoken: list[Any]) -> list[str]:
    """Run ``client`` until its lobby has greeted it, then close the table (its run ends): what it said."""
    task = asyncio.ensure_future(client.run())
    await until(lambda: any(KEYS in text for text, _ in spoken), task)
    tables.announce_closed()
    async with asyncio.timeout(10):
        await task
    return [text for text, _ in spoken]


def test_a_joiner_whose_name_is_taken_hears_the_name_and_seat_the_table_gave(
    tmp_path: Path, pipe: Any
) -> None:
    """Hana joins a table where Hana sits: she hears she is Hana B, in seat 2, as a local game says it (old
    main: only "You are at the table.", so she could not tell which of two Hanas she was)."""

    async def run() -> None:
        async with serving() as (tables, port):
            _host, code = await _open(port, "Hana")
            app, recorder = make_app(pipe, tmp_path)
            client = OnlineClient(app, f"ws://127.0.0.1:{port}", code, ["Hana"], None, command_line=True)
            said = await _greeting(tables, client, recorder.spoken)
            assert f"There is already a player called Hana; you are Hana B, in seat 2. {KEYS}" in said

    asyncio.run(run())


def test_a_joiner_hears_their_seat_and_several_at_one_keyboard_hear_each(tmp_path: Path, pipe: Any) -> None:
    """Every joiner hears their seat's number; two people at one keyboard hear both seats, and which name
    was changed (old main: "You are at the table." alone)."""

    async def run() -> None:
        async with serving() as (tables, port):
            _host, code = await _open(port, "Ana")
            app, recorder = make_app(pipe, tmp_path)
            bo = OnlineClient(app, f"ws://127.0.0.1:{port}", code, ["Bo"], None)
            assert f"You are at the table, in seat 2. {KEYS}" in await _greeting(tables, bo, recorder.spoken)
        async with serving() as (tables, port):
            _host, code = await _open(port, "Ana")
            recorder.spoken.clear()
            pair = OnlineClient(app, f"ws://127.0.0.1:{port}", code, ["Cy", "Ana"], None)
            assert (
                "You are at the table, in seats 2 and 3. There is already a player called Ana; seat 3 is "
                f"Ana B. {KEYS}"
            ) in await _greeting(tables, pair, recorder.spoken)

    asyncio.run(run())


async def _refused(
    port: int, code: str, names: list[str], tmp_path: Path, pipe: Any
) -> tuple[int, list[str]]:
    """``lcr-audio join`` for ``names`` at table ``code``, refused: its exit code and what it said."""
    app, recorder = make_app(pipe, tmp_path)
    client = OnlineClient(app, f"ws://127.0.0.1:{port}", code, names, None, command_line=True)
    async with asyncio.timeout(10):
        result = await client.run()
    return result, [text for text, _ in recorder.spoken]


def test_a_game_under_way_tells_a_new_player_they_can_listen(tmp_path: Path, pipe: Any) -> None:
    """Old main: "The game has already started." and nothing about --listen."""

    async def run() -> None:
        async with serving() as (_tables, port):
            host, code = await _open(port, "Ana")
            await host.send(Start())
            await host.until(lambda m: isinstance(m, Started))
            assert await _refused(port, code, ["Bo"], tmp_path, pipe) == (
                1,
                ["The game has already started; join with --listen to listen."],
            )

    asyncio.run(run())


def test_a_game_under_way_tells_a_player_without_names_how_to_take_their_seat_back(
    tmp_path: Path, pipe: Any
) -> None:
    """Hana's seat waits for her (her connection dropped); she joins again without --names, under her
    computer account's name: she hears to join with --names Hana, or --listen (old main: "The game has
    already started." and the program ended, though her seat waited)."""

    async def run() -> None:
        async with serving() as (_tables, port):
            host, code = await _open(port, "Ana")
            hana, token = await _seat(port, code, "Hana")
            keep_tokens(code, ["Hana"], [token])
            await host.send(Start())
            await host.until(lambda m: isinstance(m, Started))
            await hana.socket.close()
            assert await _refused(port, code, ["Root"], tmp_path, pipe) == (
                1,
                [
                    "The game has already started: join with --names Hana to take your seat back, or with "
                    "--listen to listen."
                ],
            )

    asyncio.run(run())


def test_a_seat_given_up_is_refused_with_what_the_player_can_do_and_forgotten(
    tmp_path: Path, pipe: Any
) -> None:
    """Hana's kept seat was given up (a computer player took it): joining again with --names Hana says the
    seat is no longer hers and that --listen lets her listen, and the seat is no longer kept (old main:
    "That seat is no longer yours at this table." alone, every time)."""

    async def run() -> None:
        async with serving() as (_tables, port):
            host, code = await _open(port, "Ana")
            hana, token = await _seat(port, code, "Hana")
            keep_tokens(code, ["Hana"], [token])
            await host.send(Start())
            await host.until(lambda m: isinstance(m, Started))
            await hana.send(Leave())
            await host.until(lambda m: getattr(m, "kind", None) == "left")
            assert await _refused(port, code, ["Hana"], tmp_path, pipe) == (
                1,
                [
                    "That seat is no longer yours at this table, and the game has already started; join with "
                    "--listen to listen."
                ],
            )
            assert read_tokens(code, ["Hana"]) == [] and kept_names(code) == []

    asyncio.run(run())


def test_a_seat_given_up_in_the_lobby_is_taken_again_as_a_new_one(tmp_path: Path, pipe: Any) -> None:
    """Hana left the lobby; joining again with --names Hana seats her again (old main: "That seat is no
    longer yours at this table." and the program ended, though the lobby had room)."""

    async def run() -> None:
        async with serving() as (tables, port):
            host, code = await _open(port, "Ana")
            hana, token = await _seat(port, code, "Hana")
            keep_tokens(code, ["Hana"], [token])
            await hana.send(Leave())
            await host.until(lambda m: isinstance(m, Lobby) and len(m.seats) == 1)
            app, recorder = make_app(pipe, tmp_path)
            client = OnlineClient(app, f"ws://127.0.0.1:{port}", code, ["Hana"], None, command_line=True)
            assert f"You are at the table, in seat 2. {KEYS}" in await _greeting(
                tables, client, recorder.spoken
            )
            assert read_tokens(code, ["Hana"]) not in ([], [token])  # the new seat is kept instead

    asyncio.run(run())


def test_leaving_with_escape_and_y_forgets_the_seat(tmp_path: Path, pipe: Any) -> None:
    """A seat left for good is not asked for again at the next join (old main kept its token, and the next
    join was refused as "That seat is no longer yours at this table.")."""

    async def run() -> None:
        async with serving() as (_tables, port):
            _host, code = await _open(port, "Ana")
            app, recorder = make_app(pipe, tmp_path)
            client = OnlineClient(app, f"ws://127.0.0.1:{port}", code, ["Hana"], None, command_line=True)
            task = asyncio.ensure_future(client.run())
            await until(lambda: any(KEYS in text for text, _ in recorder.spoken), task)
            assert len(read_tokens(code, ["Hana"])) == 1
            pipe.send_text(ESCAPE)
            await until(lambda: any("Leave this table?" in text for text, _ in recorder.spoken), task)
            pipe.send_text("y")
            async with asyncio.timeout(10):
                assert await task == 0
            assert read_tokens(code, ["Hana"]) == []

    asyncio.run(run())


@pytest.mark.parametrize("names", [" ", "", "Ana, ", "3"])
def test_a_blank_name_is_one_sentence_not_a_silent_listener(names: str) -> None:
    """``--names ' '`` made a listener of its player without a word on old main."""
    with pytest.raises(OnlineUsageError) as refused:
        names_of(names)
    assert (
        str(refused.value) == "Every name in --names needs a letter; a number alone would sound like chips."
    )


def test_join_with_a_blank_name_says_so_before_connecting() -> None:
    """Also with --listen, where the name is the one a seat offered in a next game is taken under (old main:
    a blank name there ended the program with an IndexError)."""
    for extra in ([], ["--listen"]):
        args = build_parser().parse_args(["join", "127.0.0.1:9", "abcdefghjk", "--names", " ", *extra])
        with pytest.raises(OnlineUsageError):
            asyncio.run(run_join(None, args))  # type: ignore[arg-type]
    assert names_of(" Ana , Bo") == ["Ana", "Bo"]


PORT_IN_USE = "Cannot listen on 127.0.0.1 port {port}; it may be in use, and --port chooses another."


def test_host_and_serve_at_a_port_in_use_name_port(tmp_path: Path) -> None:
    """Old main: "...; it may be in use." without a word on how to choose another port."""
    from types import SimpleNamespace

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        spoken: list[str] = []
        app = SimpleNamespace(speaker=SimpleNamespace(speak=spoken.append))
        args = build_parser().parse_args(["host", "--host", "127.0.0.1", "--port", str(port)])
        assert asyncio.run(run_host(app, args, Rules())) == 1  # type: ignore[arg-type]
        assert spoken == [PORT_IN_USE.format(port=port)]
        args = build_parser().parse_args(
            ["serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(tmp_path)]
        )
        out = io.StringIO()
        assert asyncio.run(_serve(args, out)) == 1
        assert out.getvalue() == PORT_IN_USE.format(port=port) + "\n"


@pytest.mark.parametrize(
    "damaged", ["not json", "[1, 2]", '{"seats": [1]}', '{"seats": {"Hana": 7, "": "t"}}', "\x00" * 20]
)
def test_a_damaged_file_of_kept_seats_gives_none_and_is_replaced_whole(
    damaged: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kept seats' file that is not what the client writes gives no token and no name, forgets
    nothing, and the next seat kept replaces it with a whole file (old main: a file that is not JSON ended
    ``join`` with a traceback, StorageError escaping the reader)."""
    from lcr_audio.game.online.client import forget_tokens, tokens_path

    monkeypatch.setenv("LCR_AUDIO_HOME", str(tmp_path))
    code = "abcdefghjk"
    path = tokens_path(code)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(damaged, encoding="utf-8")
    assert read_tokens(code, ["Hana"]) == [] and kept_names(code) == []
    forget_tokens(code, ["token-of-nobody"])
    assert path.read_text(encoding="utf-8") == damaged
    keep_tokens(code, ["Bo"], ["token-of-bo"])
    assert read_tokens(code, ["bo"]) == ["token-of-bo"] and "Bo" in kept_names(code)
