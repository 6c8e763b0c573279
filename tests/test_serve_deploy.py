"""Running a public server (issue 22, item 6): the operator's status line, ``serve --help`` naming every
limit, the systemd unit's command line, ``--log -`` for the journal and ``wss://`` addresses behind a TLS
proxy (docs/online.md, "Running a public server")."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import re
import shlex
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect

from lcr_audio.cli import _build
from lcr_audio.cli_online import STOP_SIGNALS, address_of, page_of
from lcr_audio.game.online.protocol import (
    PROTOCOL_VERSION,
    Hello,
    Reason,
    Refused,
    Welcome,
    decode_server,
    encode,
)
from lcr_audio.game.online.server import (
    AWAY_SECONDS,
    BACKLOG_BYTES,
    EMPTY_LOBBY_SECONDS,
    GUESSES_PER_MINUTE,
    GUESSES_PER_SECOND_IN_TOTAL,
    HELLO_SECONDS,
    LISTENERS_PER_TABLE,
    MAX_LISTENERS,
    MAX_TABLES,
    MOVE_SECONDS,
    NEW_CONNECTIONS_PER_SECOND,
    STATUS_SECONDS,
    AddressLimits,
    RateLimit,
    TableServer,
    bound_port,
    start_server,
    status_line,
)

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "packaging" / "lcr-audio-serve.service"

# --- the status line ---------------------------------------------------------------------------------------


def test_the_status_line_says_what_the_server_holds_and_refusals_by_reason() -> None:
    line = status_line(
        tables=12,
        lobbies=3,
        connections=40,
        listeners=5,
        refused={"too-many-lobbies": 3, "too-many-guesses": 1, "flood": 0},
        dropped=2,
        wrong_codes=31,
    )
    assert line == (
        "Status: 12 tables, 3 lobbies, 40 connections, 5 listeners; since the last status: 4 refused "
        "(too-many-guesses 1, too-many-lobbies 3), 2 dropped, 31 wrong codes"
    )
    quiet = status_line(tables=0, lobbies=0, connections=0, listeners=0, refused={}, dropped=0, wrong_codes=0)
    assert quiet.endswith("since the last status: 0 refused, 0 dropped, 0 wrong codes")


async def _recv(socket: ClientConnection) -> object:
    return decode_server(await socket.recv())


@pytest.mark.system
def test_the_status_counts_a_real_servers_refusals_since_the_last_line() -> None:
    """A refused connection, a refused lobby and a wrong code on a real server are counted in the next
    status line, by reason, and not again in the one after it; the tables and connections are counted as
    they are."""

    async def run() -> tuple[str, str]:
        tables = TableServer(None, move_seconds=0.0, per_address=AddressLimits(connections=2, lobbies=1))
        ws = await start_server(tables, "127.0.0.1", 0)
        port = bound_port(ws)
        try:
            host = await connect(f"ws://127.0.0.1:{port}")
            await host.send(encode(Hello(PROTOCOL_VERSION, "", names=["Ana"])))
            assert isinstance(await _recv(host), Welcome)
            second = await connect(f"ws://127.0.0.1:{port}")
            await second.send(encode(Hello(PROTOCOL_VERSION, "", names=["Bo"])))  # a second lobby
            assert await _recv(second) == Refused(Reason.TOO_MANY_LOBBIES)
            await second.send(encode(Hello(PROTOCOL_VERSION, "zzzzzzzzzz", names=["Bo"])))
            assert await _recv(second) == Refused(Reason.NO_TABLE)
            third = await connect(f"ws://127.0.0.1:{port}")  # over 2 connections
            assert await _recv(third) == Refused(Reason.TOO_MANY_CONNECTIONS)
            first = tables.status()
            then = tables.status()
            for socket in (host, second, third):
                await socket.close()
            return first, then
        finally:
            ws.close()
            await ws.wait_closed()
            await tables.close()

    first, then = asyncio.run(run())
    assert first == (
        "Status: 1 tables, 1 lobbies, 2 connections, 0 listeners; since the last status: 2 refused "
        "(too-many-connections 1, too-many-lobbies 1), 0 dropped, 1 wrong codes"
    )
    assert then.endswith("since the last status: 0 refused, 0 dropped, 0 wrong codes")


@pytest.mark.system
def test_serve_logs_the_status_line_every_period_to_the_journal(tmp_path: Path) -> None:
    """``serve --log - --status-seconds 0.2``: the status line comes on standard error, again and again,
    each line with its journal priority under systemd (``JOURNAL_STREAM``); SIGTERM still writes and says
    so on standard output."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "LCR_AUDIO"))}
    env.update(LCR_AUDIO_HOME=str(tmp_path / "home"), LANG="C.UTF-8", PYTHONUTF8="1", JOURNAL_STREAM="8:1")
    command = [sys.executable, "-m", "lcr_audio", "serve", "--host", "127.0.0.1", "--port", "0"]
    command += ["--data", str(tmp_path / "tables"), "--log", "-", "--status-seconds", "0.2"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    watchdog = threading.Timer(60, process.kill)  # a hang fails the test instead of holding it
    watchdog.start()
    try:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline().startswith("Serving online tables at ws://127.0.0.1:")
        lines = [process.stderr.readline() for _ in range(2)]  # websockets' own lines are left out
        process.send_signal(signal.SIGTERM)
        out, _err = process.communicate(timeout=30)
    finally:
        watchdog.cancel()
        if process.poll() is None:
            process.kill()
            process.wait()
    expected = (
        "<6>INFO lcr_audio.game.online.server: Status: 0 tables, 0 lobbies, 0 connections, 0 listeners; "
        "since the last status: 0 refused, 0 dropped, 0 wrong codes\n"
    )
    assert lines == [expected, expected]
    assert out == "Server stopped; no table was open.\n"
    assert process.returncode == 0
    assert not (tmp_path / "home" / "logs").exists()  # nothing went to a log file


# --- serve --help ------------------------------------------------------------------------------------------

LIMIT_FLAGS = {
    "away_seconds": ("--away", AWAY_SECONDS),
    "move_seconds": ("--pace", MOVE_SECONDS),
    "empty_lobby_seconds": ("--empty-lobby", EMPTY_LOBBY_SECONDS),
    "guesses_per_minute": ("--guesses-per-address", GUESSES_PER_MINUTE),
    "listeners_per_table": ("--listeners-per-table", LISTENERS_PER_TABLE),
    "max_listeners": ("--listeners", MAX_LISTENERS),
    "hello_seconds": ("--hello-seconds", HELLO_SECONDS),
    "new_connections_per_second": ("--new-connections-per-address", NEW_CONNECTIONS_PER_SECOND),
    "per_address.connections": ("--connections-per-address", AddressLimits().connections),
    "per_address.tables": ("--tables-per-address", AddressLimits().tables),
    "per_address.lobbies": ("--lobbies-per-address", AddressLimits().lobbies),
}
"""Each setting of :class:`TableServer` an operator sets, and its ``serve`` option with its default."""

NOT_LIMITS = {
    *("data", "clock", "wall", "trusted_proxies", "per_address", "tables", "closed"),
    *("refusals", "dropped", "wrong_codes", "unwritten", "sent"),  # counts
    *("limit", "backlog_bytes"),  # fixed: named at the end of the help
    "one_table",  # lcr-audio host's own server: no serve option
    "vouched_address",  # set by the browser client in the same program: not an option
    "away_reminder",  # when the waiting turn is said again: a fixed lead, not a limit
    "retry_seconds",  # how often tables a full disk refused are tried again: not a limit
    "again_seconds",  # how long a finished game waits for the answers to playing again: not a limit
}
"""TableServer's fields that are not set by a ``serve`` option with a number."""


def _serve_help() -> str:
    return " ".join(_build()[1].parsers()["serve"].format_help().split())


@pytest.mark.system
def test_serve_help_names_every_limit_with_its_option_and_default() -> None:
    """Every limit of the server has an option whose help says its default, which is the server's own;
    the limits without an option are named at the end with their values; a new setting of TableServer
    fails here until it is given an option or named as not one."""
    settings = {
        f.name
        for f in dataclasses.fields(TableServer)
        if f.init and not f.name.startswith("_") and f.name not in NOT_LIMITS
    }
    settings |= {f"per_address.{f.name}" for f in dataclasses.fields(AddressLimits)}
    assert settings == set(LIMIT_FLAGS)
    text = _serve_help()
    defaults = vars(_build()[1].parsers()["serve"].parse_args([]))
    for flag, value in [*LIMIT_FLAGS.values(), ("--status-seconds", STATUS_SECONDS)]:
        shown = f"{value:g}"
        assert re.search(rf"{flag} \S+ [^[]*?\(default {shown}\b", text), (flag, shown)
        assert defaults[flag[2:].replace("-", "_")] == value, flag
    fixed = (
        f"Limits without an option: {MAX_TABLES} open tables in all, {GUESSES_PER_SECOND_IN_TOTAL:g} wrong "
        f"join codes a second from every address together, {RateLimit().per_second:g} messages a second from "
        f"one connection, and {BACKLOG_BYTES // 1024} KiB waiting to be sent to one connection."
    )
    assert fixed in text
    for flag in ("--trusted-proxy", "--log", "--data", "--cert", "--key", "--host", "--port"):
        assert flag in text


# --- the unit and the proxy --------------------------------------------------------------------------------


def _unit() -> dict[str, list[str]]:
    """The unit file's settings (continuation lines joined), each key with its values in order."""
    settings: dict[str, list[str]] = {}
    text = re.sub(r"\\\n\s*", " ", UNIT.read_text("utf-8"))
    for line in text.splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            settings.setdefault(key, []).append(value)
    return settings


def test_the_unit_runs_serve_unprivileged_on_loopback_with_options_serve_accepts() -> None:
    unit = _unit()
    [start] = unit["ExecStart"]
    words = shlex.split(start)
    assert words[:2] == ["/opt/lcr-audio/venv/bin/lcr-audio", "serve"]
    args = _build()[1].parsers()["serve"].parse_args(words[2:])
    assert args.host == "127.0.0.1" and args.trusted_proxy == ["127.0.0.1"] and args.log == "-"
    assert args.data.startswith("/var/lib/lcr-audio/")
    assert unit["DynamicUser"] == ["yes"] and unit["StateDirectory"] == ["lcr-audio"]
    assert "LCR_AUDIO_HOME=/var/lib/lcr-audio" in unit["Environment"][0].split()
    assert unit["KillSignal"][0] in STOP_SIGNALS  # a signal that writes every table first
    assert unit["Restart"] == ["on-failure"]
    for hardening in ("NoNewPrivileges", "ProtectHome", "PrivateTmp", "PrivateDevices"):
        assert unit[hardening] == ["yes"], hardening
    assert unit["ProtectSystem"] == ["strict"]


@pytest.mark.parametrize(
    ("typed", "address"),
    [
        ("wss://lcr.example.org", "wss://lcr.example.org:443"),  # Caddy in front (docs/online.md)
        ("wss://server.example.org/lcr/", "wss://server.example.org:443/lcr/"),  # the nginx example
        ("wss://server.example.org:7655", "wss://server.example.org:7655"),  # --cert on the server
        ("192.168.1.20", "ws://192.168.1.20:7655"),
        ("ws://example.org", "ws://example.org:7655"),
        ("example.org:80", "ws://example.org:80"),
    ],
)
def test_a_wss_address_without_a_port_is_the_proxys_and_keeps_its_path(typed: str, address: str) -> None:
    """Old main: "wss://lcr.example.org" went to port 7655 and "wss://server.example.org/lcr/" lost its path,
    so neither proxy example of docs/online.md could be joined as written."""
    assert address_of(typed) == address


@pytest.mark.parametrize(
    ("typed", "page"),
    [
        ("wss://lcr.example.org", "https://lcr.example.org/"),
        ("wss://server.example.org/lcr/", "https://server.example.org/lcr/"),
        ("wss://server.example.org:7655", "https://server.example.org:7655/"),
        ("192.168.1.20", "http://192.168.1.20:7655/"),
        ("example.org:80", "http://example.org/"),
        ("[::1]:7655", "http://[::1]:7655/"),
    ],
)
def test_the_browser_page_is_at_the_tables_address(typed: str, page: str) -> None:
    """``join ADDRESS new`` names the page friends open in a browser: where that server serves it."""
    assert page_of(address_of(typed)) == page


def test_the_docs_quote_the_units_command_line_and_proxy_to_its_port() -> None:
    """docs/online.md, "Running a public server", shows the unit's command line as it is, runs the same
    serve by hand for a machine without systemd, and points Caddy at the port the unit listens on."""
    docs = (ROOT / "docs" / "online.md").read_text("utf-8").split("## Running a public server", 1)[1]
    [start] = _unit()["ExecStart"]
    blocks = [re.sub(r"\\\n\s*", " ", block) for block in re.findall(r"```\n(.*?)```", docs, re.S)]
    commands = [line for block in blocks for line in block.splitlines() if "lcr-audio serve --host" in line]
    assert commands[0] == start
    assert commands[1].endswith(" " + start)  # by hand: the same command, as nobody, with the unit's settings
    assert all(f" {setting} " in commands[1] for setting in _unit()["Environment"][0].split())
    port = shlex.split(start)[shlex.split(start).index("--port") + 1]
    assert docs.count(f"reverse_proxy 127.0.0.1:{port}") == 2
