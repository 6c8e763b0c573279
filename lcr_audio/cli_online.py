"""``lcr-audio serve``, ``host`` and ``join``: the online table's commands (docs/online.md).

``serve`` runs a table server and prints a line a screen reader can follow; ``host`` starts a server in
this program, opens a table, joins it from this terminal and says the address and code to read out;
``join`` joins a table by its address and code.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import getpass
import logging
import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO
from urllib.parse import urlsplit

from lcr_audio.engine import Rules
from lcr_audio.i18n import _, ngettext

if TYPE_CHECKING:
    import asyncio

    from lcr_audio.app import App

log = logging.getLogger(__name__)

DEFAULT_PORT: Final = 7655
"""The port a table server listens on unless told otherwise."""


class OnlineUsageError(ValueError):
    """A bad address or option for the online commands: one sentence."""


def address_of(text: str, port: int = DEFAULT_PORT) -> str:
    """A ``ws://`` or ``wss://`` address from what a player typed ("192.168.1.20", "example.org:80",
    "wss://example.org/lcr/"): without a port, ``port``, but 443 for ``wss://`` (a TLS reverse proxy); a
    path is kept.

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
    if explicit is None and parts.scheme == "wss":
        explicit = 443  # TLS without a port: a reverse proxy's standard port (docs/online.md)
    path = parts.path if parts.path not in ("", "/") else ""  # a proxy's path, such as /lcr/
    return f"{parts.scheme}://{host}:{explicit or port}{path}"


def page_of(address: str) -> str:
    """The browser page's address on the server at ``address`` (a table's address as :func:`address_of`
    gives it): every ``lcr-audio serve`` serves the page at the same host, port and path (issue 24), over
    ``https`` where the tables are ``wss``; a friend opens it with ``?join=`` and the code."""
    parts = urlsplit(address)
    scheme = "https" if parts.scheme == "wss" else "http"
    hostname = parts.hostname or ""
    host = f"[{hostname}]" if ":" in hostname else hostname
    port = "" if parts.port in (None, 443 if scheme == "https" else 80) else f":{parts.port}"
    path = parts.path if parts.path.endswith("/") else f"{parts.path}/"
    return f"{scheme}://{host}{port}{path}"


def join_code(text: str) -> str:
    """A join code as typed, with spaces and dashes removed and letters lowered ("K D X 7" is "kdx7")."""
    return "".join(c for c in text.lower() if c.isalnum())


def names_of(text: str | None) -> list[str]:
    """The names at this keyboard (``--names``), or the computer account's name without ``--names``.

    Raises:
        OnlineUsageError: ``--names`` was given with a name that has no letter (blank, or only digits and
            signs), as a local game refuses it: a blank name never makes a listener of its player.
    """
    from lcr_audio.names import clean_name, has_letter

    if text is not None:
        names = [n.strip() for n in text.split(",")]
        if any(not has_letter(clean_name(name)) for name in names):
            # Translators: a --names entry had no letter (empty, or only digits and signs such as "3").
            raise OnlineUsageError(
                _("Every name in --names needs a letter; a number alone would sound like chips.")
            )
        return names
    with contextlib.suppress(Exception):
        name = getpass.getuser().strip()
        if name and not name.isdigit():
            return [name[:1].upper() + name[1:]]
    # Translators: the name of a player who gave none when joining an online table.
    return [_("Player")]


WILDCARDS: Final = ("0.0.0.0", "::", "")
"""``--host`` values that listen on every address of this computer."""


def _url_host(host: str) -> str:
    """``host`` as an address is written in a ws:// URL: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


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


def _cannot_listen() -> str:
    """What ``serve`` and ``host --host ADDRESS`` say when they cannot listen there: the address and port
    (``{host}``, ``{port}``) may be in use, and ``--port`` chooses another (issue 22, item 5)."""
    # Translators: lcr-audio serve or host cannot listen on the address and port (in use, or not allowed);
    # --port is the option that chooses another port (keep it as it is).
    return _("Cannot listen on {host} port {port}; it may be in use, and --port chooses another.")


def run_serve(args: argparse.Namespace, stdout: TextIO) -> int:
    """``lcr-audio serve``: serve tables until Control+C or SIGTERM. Returns the exit code."""
    import asyncio  # imported here: the command words are built before every start

    from lcr_audio.cli_process import control_keys_unechoed

    with control_keys_unechoed(sys.stdin.fileno() if sys.stdin is not None else -1):
        return asyncio.run(_serve(args, stdout))


async def _serve(args: argparse.Namespace, stdout: TextIO) -> int:
    import asyncio  # imported here: the command words are built before every start

    from lcr_audio.game.online.server import (
        AddressLimits,
        TableServer,
        bound_port,
        normal_address,
        tls_context,
    )
    from lcr_audio.web.flags import web_tabs
    from lcr_audio.web.server import start_web_server

    try:
        proxies = frozenset(normal_address(proxy) for proxy in args.trusted_proxy)
    except ValueError:
        # Translators: lcr-audio serve --trusted-proxy got something that is not an IP address.
        stdout.write(_("--trusted-proxy needs an IP address, such as 127.0.0.1.") + "\n")
        return 2
    folder = tables_folder(args.data)
    # Two lines a connection would flood the log (and the journal's rate limit, which then drops the
    # refusals and status lines too); the status line counts connections instead.
    logging.getLogger("lcr_audio.game.online.websockets").setLevel(logging.WARNING)
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
    limits = AddressLimits(args.connections_per_address, args.tables_per_address, args.lobbies_per_address)
    tables = TableServer(
        folder,
        away_seconds=args.away,
        move_seconds=args.pace,
        empty_lobby_seconds=args.empty_lobby,
        per_address=limits,
        trusted_proxies=proxies,
        guesses_per_minute=args.guesses_per_address,
        listeners_per_table=args.listeners_per_table,
        max_listeners=args.listeners,
        hello_seconds=args.hello_seconds,
        new_connections_per_second=args.new_connections_per_address,
    )
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
        server = await start_web_server(web_tabs(tables, args), args.host, args.port, tls=tls)
    except OSError as error:
        log.warning("Cannot listen: %s", error)
        stdout.write(_cannot_listen().format(host=args.host, port=args.port) + "\n")
        return 1
    # What is loaded by now (the program, the resumed tables) lives as long as the server: kept out of the
    # garbage collector's full passes, which would otherwise walk it all again and again while waves of
    # connections come and go, holding up every table's messages for tens of milliseconds each time.
    gc.freeze()
    stop = asyncio.Event()
    _on_stop_signals(stop)  # before the line that says Control+C stops it
    scheme = "wss" if tls else "ws"
    shown = lan_address() if args.host in WILDCARDS else args.host  # what a player types
    stdout.write(
        # Translators: printed when the table server is running; {address} is where players connect with the
        # game, {page} the web address where they open it in a browser (issue 24).
        _(
            "Serving online tables at {address}, and the game in a browser at {page}. Control+C stops the "
            "server."
        ).format(
            address=f"{scheme}://{shown}:{bound_port(server)}",
            page=f"{'https' if tls else 'http'}://{shown}:{bound_port(server)}/",
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
    reporter = None  # the operator's status line every --status-seconds (issue 22)
    if args.status_seconds:
        reporter = asyncio.get_running_loop().create_task(tables.report(args.status_seconds))
    await stop.wait()
    if reporter is not None:
        reporter.cancel()
    server.close()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(server.wait_closed(), 5)
    unwritten = await tables.close()
    with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP): the tables are written anyway
        stdout.write(stopped_message(len(tables.tables), unwritten) + "\n")
        stdout.flush()
    return 0


STOP_SIGNALS: Final = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGBREAK")
"""Every signal that would end ``serve`` (those this system has): each one writes every table first."""


def _on_stop_signals(stop: asyncio.Event) -> None:
    """Set ``stop`` on each of :data:`STOP_SIGNALS` instead of ending the process at once (issue 22)."""
    import asyncio

    loop = asyncio.get_running_loop()
    for name in STOP_SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            loop.add_signal_handler(number, stop.set)
        except NotImplementedError:  # Windows' event loop: an ordinary handler hands it to the loop
            with contextlib.suppress(OSError, ValueError, RuntimeError):
                signal.signal(number, lambda _number, _frame: loop.call_soon_threadsafe(stop.set))
        except (OSError, ValueError, RuntimeError):
            log.warning("Cannot handle %s", name)


def stopped_message(count: int, unwritten: list[str]) -> str:
    """What ``serve`` prints on stopping: how many tables were written for the next start, and which were
    not (``unwritten``: their codes)."""
    if unwritten:
        # Translators: printed when the table server stops and some tables' files could not be written
        # (a full or read-only disk): {written} of {count} tables are on disk as they are now; {codes}
        # lists the join codes of the others (kept as they were last written, if ever).
        return ngettext(
            "Server stopped; {written} of {count} table written for the next start; not written: {codes} "
            "(the log says why).",
            "Server stopped; {written} of {count} tables written for the next start; not written: {codes} "
            "(the log says why).",
            count,
        ).format(written=count - len(unwritten), count=count, codes=", ".join(unwritten))
    if not count:
        # Translators: printed when the table server stops with no table open.
        return _("Server stopped; no table was open.")
    if count == 1:
        # Translators: printed when the table server stops with its one table written for the next start.
        return _("Server stopped; the table is written for the next start.")
    # Translators: printed when the table server stops; every table (more than one) is written for the next
    # start.
    return ngettext(
        "Server stopped; the {count} table is written for the next start.",
        "Server stopped; the {count} tables are written for the next start.",
        count,
    ).format(count=count)


async def run_join(app: App, args: argparse.Namespace) -> int:
    """``lcr-audio join ADDRESS CODE``."""
    from lcr_audio.tui.online import OnlineClient

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
        page = page_of(address)  # the server serves the page too: friends may join in a browser
        return await OnlineClient(app, address, "", names, None, shown=address, page=page).run()
    seat_name = names_of(args.names)[0] if args.listen else ""  # for a seat offered in a next game
    client = OnlineClient(app, address, code, names, None, seat_name=seat_name, command_line=True)
    return await client.run()


async def run_host(app: App, args: argparse.Namespace, rules: Rules) -> int:
    """``lcr-audio host``: a server in this program, a new table on it with ``rules``, joined from this
    terminal."""
    import asyncio  # imported here: the command words are built before every start

    from lcr_audio.game.online.server import TableServer, bound_port
    from lcr_audio.tui.online import OnlineClient
    from lcr_audio.web.server import WebTabs, start_web_server

    names = names_of(args.names)  # before the server starts: a bad name is one sentence, nothing opened
    folder = tables_folder(None)
    tables = TableServer(folder, one_table=True)  # the host's own table; new ones are opened at a serve
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        tables.data = None
    try:
        server = await start_web_server(WebTabs(tables), args.host, args.port)  # the page too (issue 24)
    except OSError as error:
        log.warning("Cannot listen: %s", error)
        if args.host not in WILDCARDS:  # an address of this computer's own (--host)
            app.speaker.speak(_cannot_listen().format(host=args.host, port=args.port))
            return 1
        app.speaker.speak(
            # Translators: lcr-audio host cannot open its port (another program uses it).
            _("Port {port} is in use; try lcr-audio host --port with another number.").format(port=args.port)
        )
        return 1
    try:
        port = bound_port(server)
        # --host 127.0.0.1 keeps the table to this computer (to try it out); by default every address.
        wildcard = args.host in WILDCARDS
        address = lan_address() if wildcard else _url_host(args.host)
        local = f"ws://127.0.0.1:{port}" if wildcard else f"ws://{address}:{port}"
        shown = f"{address}:{port}" if port != DEFAULT_PORT else address
        closing = tables.announce_closed  # before the host's own connection drops
        page = f"http://{address}:{port}/"
        client = OnlineClient(
            app, local, "", names, rules, shown=shown, serving=True, closing=closing, page=page
        )
        return await client.run()
    finally:
        tables.announce_closed()
        await asyncio.sleep(0.1)  # the notice goes out before the connections close
        server.close()
        await server.wait_closed()
        await tables.close()
