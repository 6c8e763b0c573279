"""``lcr-audio serve``, ``host`` and ``join``: the online table's commands (docs/online.md).

``serve`` runs a table server and prints a line a screen reader can follow; ``host`` starts a server in
this program, opens a table, joins it from this terminal and says the address and code to read out;
``join`` joins a table by its address and code.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import logging
import signal
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO
from urllib.parse import urlsplit

from lcr_audio.engine import Rules
from lcr_audio.i18n import _, ngettext

if TYPE_CHECKING:
    from lcr_audio.app import App

log = logging.getLogger(__name__)

DEFAULT_PORT: Final = 7655
"""The port a table server listens on unless told otherwise."""


class OnlineUsageError(ValueError):
    """A bad address or option for the online commands: one sentence."""


def add_arguments(
    serve: argparse.ArgumentParser, host: argparse.ArgumentParser, join: argparse.ArgumentParser
) -> None:
    """The options of ``serve``, ``host`` (beside the rule options) and ``join``."""
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    serve.add_argument("--host", default="0.0.0.0", help=_("the address to listen on (default: every one)"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT, help=_("the port (default 7655)"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    serve.add_argument("--data", help=_("the folder where tables are kept (default: the game's data folder)"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    serve.add_argument("--cert", help=_("a TLS certificate file (PEM), for wss:// addresses"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    serve.add_argument("--key", help=_("the private key of --cert (PEM)"))
    serve.add_argument(
        "--away",
        type=_seconds,
        default=60.0,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("seconds a turn waits for a player whose connection dropped (default 60)"),
    )
    serve.add_argument(
        "--pace",
        type=_seconds,
        default=1.0,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("seconds between two computer players' decisions (default 1)"),
    )
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    host.add_argument("--names", help=_("the names at this keyboard, separated by commas"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    host.add_argument("--port", type=_port, default=DEFAULT_PORT, help=_("the port (default 7655)"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    join.add_argument("address", help=_("the table's address, such as 192.168.1.20 or ws://example.org:7655"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    join.add_argument("code", help=_("the table's join code, or new to open a table on that server"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    join.add_argument("--names", help=_("the names at this keyboard, separated by commas"))
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    join.add_argument("--listen", action="store_true", help=_("only listen; take no seat"))


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            # Translators: command-line help (--help) or message; option names and values stay as they are.
            _("it must be a number from 0 (any free port) to 65535, not {value}").format(value=text)
        )
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(
            # Translators: command-line help (--help) or message; option names and values stay as they are.
            _("it must be a number of seconds from 0 to 3600, not {value}").format(value=text)
        )
    return value


def address_of(text: str, port: int = DEFAULT_PORT) -> str:
    """A ``ws://`` or ``wss://`` address from what a player typed ("192.168.1.20", "example.org:80").

    Raises:
        OnlineUsageError: not an address.
    """
    text = text.strip()
    if "://" not in text:
        text = f"ws://{text}"
    parts = urlsplit(text)
    try:
        explicit = parts.port
    except ValueError:
        explicit = None
        parts = parts._replace(netloc="")
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise OnlineUsageError(
            # Translators: lcr-audio join got an address it cannot use; {address} as typed.
            _("{address} is not a table's address; use one such as 192.168.1.20.").format(address=text)
        )
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{explicit or port}"


def join_code(text: str) -> str:
    """A join code as typed, with spaces and dashes removed and letters lowered ("K D X 7" is "kdx7")."""
    return "".join(c for c in text.lower() if c.isalnum())


def names_of(text: str | None) -> list[str]:
    """The names at this keyboard (``--names``), or the computer account's name."""
    if text:
        return [name for name in (n.strip() for n in text.split(",")) if name]
    with contextlib.suppress(Exception):
        name = getpass.getuser().strip()
        if name and not name.isdigit():
            return [name[:1].upper() + name[1:]]
    # Translators: the name of a player who gave none when joining an online table.
    return [_("Player")]


def lan_address() -> str:
    """This computer's address on its network (for friends to join), or 127.0.0.1 when it has none."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent over UDP by connect()
        address: str = probe.getsockname()[0]
        return address
    return "127.0.0.1"


def tables_folder(data: str | None) -> Path:
    """Where a server keeps its tables."""
    from lcr_audio import storage

    return Path(data) if data else storage.data_dir() / "tables"


def run_serve(args: argparse.Namespace, stdout: TextIO) -> int:
    """``lcr-audio serve``: serve tables until Control+C or SIGTERM. Returns the exit code."""
    return asyncio.run(_serve(args, stdout))


async def _serve(args: argparse.Namespace, stdout: TextIO) -> int:
    from lcr_audio.game.online.server import TableServer, bound_port, start_server, tls_context

    folder = tables_folder(args.data)
    tls = None
    if args.cert or args.key:
        if not (args.cert and args.key):
            # Translators: lcr-audio serve got --cert without --key or the other way round.
            stdout.write(_("--cert and --key go together: give both, or neither.") + "\n")
            return 2
        try:
            tls = tls_context(Path(args.cert), Path(args.key))
        except (OSError, ValueError) as error:
            log.warning("TLS: %s", error)
            # Translators: the certificate or key for wss:// could not be used; {path} is the certificate.
            stdout.write(_("The certificate {path} or its key cannot be used.").format(path=args.cert) + "\n")
            return 2
    tables = TableServer(folder, away_seconds=args.away, move_seconds=args.pace)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        stdout.write(
            # Translators: the server's data folder cannot be made; tables are not kept.
            _("The folder {path} cannot be written; tables will not be kept.").format(path=folder) + "\n"
        )
        tables.data = None
    skipped = tables.resume_tables()
    try:
        server = await start_server(tables, args.host, args.port, tls=tls)
    except OSError as error:
        log.warning("Cannot listen: %s", error)
        stdout.write(
            # Translators: lcr-audio serve cannot listen on the address and port (in use, or not allowed).
            _("Cannot listen on {host} port {port}; it may be in use.").format(host=args.host, port=args.port)
            + "\n"
        )
        return 1
    scheme = "wss" if tls else "ws"
    shown = lan_address() if args.host in ("0.0.0.0", "::", "") else args.host  # what a player types
    stdout.write(
        # Translators: printed when the table server is running; {address} is where players connect.
        _("Serving online tables at {address}. Control+C stops the server.").format(
            address=f"{scheme}://{shown}:{bound_port(server)}"
        )
        + "\n"
    )
    if tables.tables:
        stdout.write(
            # Translators: the server found tables it kept before a restart.
            ngettext("{count} table resumed.", "{count} tables resumed.", len(tables.tables)).format(
                count=len(tables.tables)
            )
            + "\n"
        )
    for path in skipped:
        stdout.write(
            # Translators: a kept table's file could not be read after a restart; {path} is the file.
            _("The table file {path} could not be read; it was left as it is.").format(path=path) + "\n"
        )
    stdout.flush()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, ValueError):
            loop.add_signal_handler(number, stop.set)
    await stop.wait()
    server.close()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(server.wait_closed(), 5)
    await tables.close()
    # Translators: printed when the table server stops; the tables are kept for the next start.
    stdout.write(_("Server stopped; every table is kept for the next start.") + "\n")
    return 0


async def run_join(app: App, args: argparse.Namespace) -> int:
    """``lcr-audio join ADDRESS CODE``."""
    from lcr_audio.tui.online import run_online

    address = address_of(args.address)
    code = join_code(args.code)
    if not code:
        # Translators: lcr-audio join got an empty code.
        raise OnlineUsageError(_("The join code is missing; ask the host for it."))
    names = [] if args.listen else names_of(args.names)
    if code == "new":  # open a table on a shared server: this player is its host
        if not names:
            # Translators: lcr-audio join new --listen: a new table needs a player to host it.
            raise OnlineUsageError(_("A new table needs a player to host it; leave out --listen."))
        return await run_online(app, address, "", names, None, shown=address)
    return await run_online(app, address, code, names, None)


async def run_host(app: App, args: argparse.Namespace, rules: Rules) -> int:
    """``lcr-audio host``: a server in this program, a new table on it with ``rules``, joined from this
    terminal."""
    from lcr_audio.game.online.server import TableServer, bound_port, start_server
    from lcr_audio.tui.online import run_online

    folder = tables_folder(None)
    tables = TableServer(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        tables.data = None
    try:
        server = await start_server(tables, "0.0.0.0", args.port)
    except OSError as error:
        log.warning("Cannot listen: %s", error)
        app.speaker.speak(
            # Translators: lcr-audio host cannot open its port (another program uses it).
            _("Port {port} is in use; try lcr-audio host --port with another number.").format(port=args.port)
        )
        return 1
    try:
        port = bound_port(server)
        local = f"ws://127.0.0.1:{port}"
        shown = f"{lan_address()}:{port}" if port != DEFAULT_PORT else lan_address()
        return await run_online(app, local, "", names_of(args.names), rules, shown=shown, serving=True)
    finally:
        tables.announce_closed()
        await asyncio.sleep(0.1)  # the notice goes out before the connections close
        server.close()
        await server.wait_closed()
        await tables.close()
