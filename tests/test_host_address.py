"""``lcr-audio host --host ADDRESS`` (issue 21, item 14): the table can be kept to this computer
(``--host 127.0.0.1``, to try it alone) as ``serve``'s can; by default it listens on every address."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest
from support.keys import until

from lcr_audio.cli_online import DEFAULT_PORT, lan_address, run_host
from lcr_audio.engine import Rules
from lcr_audio.tui import online as online_module
from lcr_audio.web import server as web_server

pytestmark = pytest.mark.system  # every test starts the table server on a socket


def _host(monkeypatch: pytest.MonkeyPatch, host: str | None) -> tuple[int, dict[str, Any], list[str]]:
    """Run ``lcr-audio host [--host HOST] --port 0`` up to the point where its own player would join; what
    the server listened on and what the player's game was given to join and to read out."""
    from lcr_audio.cli import build_parser

    argv = ["host", "--port", "0", *(["--host", host] if host is not None else [])]
    args = build_parser().parse_args(argv)
    seen: dict[str, Any] = {}
    real_start = web_server.start_web_server  # the tables and the browser page on one port (issue 24)

    async def start_server(tabs: Any, address: str, port: int, **options: Any) -> Any:
        server = await real_start(tabs, address, port, **options)
        seen["listening"] = {sock.getsockname()[0] for sock in server.sockets}
        seen["one_table"] = getattr(tabs.tables, "one_table", False)
        return server

    class Client:
        def __init__(self, app: Any, local: str, code: str, names: Any, rules: Any, **options: Any) -> None:
            seen["local"], seen["shown"] = local, options["shown"]

        async def run(self) -> int:
            return 0

    monkeypatch.setattr(web_server, "start_web_server", start_server)
    monkeypatch.setattr(online_module, "OnlineClient", Client)
    spoken: list[str] = []
    app = SimpleNamespace(speaker=SimpleNamespace(speak=spoken.append))
    code = asyncio.run(run_host(app, args, Rules()))  # type: ignore[arg-type]
    return code, seen, spoken


def test_host_can_keep_the_table_to_this_computer(monkeypatch: pytest.MonkeyPatch) -> None:
    code, seen, spoken = _host(monkeypatch, "127.0.0.1")
    assert code == 0 and spoken == []
    assert seen["listening"] == {"127.0.0.1"}
    port = int(seen["local"].rsplit(":", 1)[1])
    assert seen["local"] == f"ws://127.0.0.1:{port}"
    assert seen["shown"] == (f"127.0.0.1:{port}" if port != DEFAULT_PORT else "127.0.0.1")


def test_the_hosts_server_holds_its_own_table_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """``join ADDRESS new`` at a host's address is refused (test_online.py shows the refusal said); old main
    opened a second table there."""
    _code, seen, _spoken = _host(monkeypatch, "127.0.0.1")
    assert seen["one_table"] is True


def test_host_listens_on_every_address_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    code, seen, _spoken = _host(monkeypatch, None)
    assert code == 0
    assert seen["listening"] <= {"0.0.0.0", "::"} and seen["listening"]
    assert seen["local"].startswith("ws://127.0.0.1:")
    assert seen["shown"].startswith(lan_address())


def test_an_address_that_is_not_this_computer_s_is_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    code, _seen, spoken = _host(monkeypatch, "192.0.2.1")  # a documentation address: never this computer's
    assert code == 1
    assert spoken == ["Cannot listen on 192.0.2.1 port 0; it may be in use, and --port chooses another."]


def test_a_closed_table_does_not_announce_its_host_as_away() -> None:
    """The host closing the table is said once; the host's own connection dropping after it is not told as
    "Ana lost the connection; their seat waits", which the closing contradicts (translation review, C6)."""
    from test_online import _open, _peer, serving

    from lcr_audio.game.online.protocol import PROTOCOL_VERSION, Chat, Hello, Notice, Said, Told, Welcome

    async def run() -> None:
        async with serving() as (tables, port):
            host, code = await _open(port, "Ana")
            guests = []
            for name in ("Bo", "Cy"):
                guest = await _peer(port)
                await guest.send(Hello(PROTOCOL_VERSION, code, names=[name]))
                await guest.until(lambda m: isinstance(m, Welcome))
                guests.append(guest)
            tables.announce_closed()
            tables.announce_closed()  # said once, however often it is called
            await host.socket.close()
            await until(lambda: len(tables._where) <= 2)  # the server has taken the host's connection away
            await guests[1].send(Chat("bye"))
            await guests[0].until(lambda m: isinstance(m, Said))
            told = [m.kind for m in guests[0].seen if isinstance(m, Told) and m.kind is not Notice.ARRIVED]
            assert told == [Notice.CLOSED], told

    asyncio.run(run())
