"""The browser client on the table server's own port (issue 24): the page, and a game for each tab.

``lcr-audio serve`` and ``lcr-audio host`` listen on one port for three things: a plain HTTP GET of the
page (one HTML page, its script and style, the cue sounds: :func:`WebTabs.process_request`), a WebSocket
at :data:`TAB_PATH` for each browser tab (:meth:`WebTabs.handler`, which runs the terminal's screens for
it: :mod:`lcr_audio.web.tab`), and the online tables' WebSockets anywhere else, as before
(:class:`lcr_audio.game.online.server.TableServer`). docs/browser.md has the page contract and the limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import re
import secrets
import ssl
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, broadcast
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from lcr_audio import i18n
from lcr_audio.game.online.protocol import CODE_LENGTH, Reason
from lcr_audio.game.online.server import (
    RateLimit,
    TableServer,
    bound_port,
    client_address,
    listen,
    settle,
)
from lcr_audio.narration.online import refusal_sentence
from lcr_audio.output.sound import default_sounds_dir
from lcr_audio.web import budget
from lcr_audio.web.keys import terminal_bytes
from lcr_audio.web.strings import (
    bad_message_sentence,
    full_sentence,
    idle_sentence,
    page_strings,
    server_full_sentence,
)
from lcr_audio.web.tab import Join, Tab, encode, thread_safe

log = logging.getLogger(__name__)

TAB_PATH: Final = "/play"
"""Where a browser tab's WebSocket connects (any other path is an online table's)."""

TABLE_PATH: Final = "/tab/"
"""Where a tab's own connection to an online table comes in, followed by its secret
(:attr:`WebTabs._tokens`)."""

CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; "
    "connect-src 'self' ws: wss:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""The page's Content-Security-Policy: its own files and its WebSocket, nothing else (no inline script,
no other site, no frame around it)."""

IDLE_SECONDS: Final = 1800.0
"""A tab with no key for this long is closed (``--tab-idle-minutes``)."""

TABS_PER_ADDRESS: Final = 10
"""Browser tabs one client address may have open at once (``--tabs-per-address``)."""

MAX_TABS: Final = 200
"""Browser tabs the server holds at once, from every address (``--tabs``)."""

TEXT_LIMIT: Final = 200
"""The most characters of a line typed in the page's text box (a chat line's limit)."""

HELLO_SECONDS: Final = 10.0
"""How long a tab may take to say hello before its connection is closed."""

MAX_MESSAGES: Final = 50_000
"""Sentences one tab is said before it is closed, with a sentence saying why: what a tab keeps (its
history, its transcripts) grows with them, and this bounds it (some hundred games, a few megabytes)."""

BACKLOG_BYTES: Final = 256 * 1024
"""The most bytes waiting to go to one tab before it is dropped (it reads too slowly)."""

BUSY_SHARE: Final = 0.25
"""The share of the server's event loop one client address may take handling its tabs' keys (the odds key
and the rules reader work out their answers there), over :data:`BUSY_BURST`: beyond it, the address's keys
wait until its share has built up again, and the other tabs play on."""

BUSY_BURST: Final = 2.0
"""Seconds of the event loop one address may take at once before :data:`BUSY_SHARE` applies."""

HEAVY_WORKERS: Final = 2
"""Heavy jobs (a careful player's thinking, practice's questions) running at once for all tabs."""

HEAVY_PER_ADDRESS: Final = 1
"""Heavy jobs running at once for one client address, whatever its number of tabs."""

STATIC: Final = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/client.js": ("client.js", "text/javascript; charset=utf-8"),
    "/client.css": ("client.css", "text/css; charset=utf-8"),
}
"""The page's files by path: served from the package (``lcr_audio/web/static``)."""

_SOUND = re.compile(r"^/sounds/([a-z]+(?:-[0-9]+)?(?:-[a-z]+)?)\.wav$")


def static_dir() -> Path:
    """The folder of the page's files (installed package or checkout)."""
    return Path(str(resources.files("lcr_audio.web").joinpath("static")))


def accepted_languages(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header, best first (``fr-CH, fr;q=0.9, en;q=0.8`` gives
    ``["fr-CH", "fr", "en"]``); a malformed part is left out. At most 20."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")[:20]):
        tag, _sep, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*" or not re.fullmatch(r"[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*", tag):
            continue
        quality = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            with contextlib.suppress(ValueError):
                quality = float(match.group(1))
        if quality > 0:
            weighted.append((-quality, index, tag))
    return [tag for _q, _i, tag in sorted(weighted)]


def pick_language(tags: list[str]) -> str:
    """The first of ``tags`` that has a catalog (or is English), else English."""
    known = {"en", *i18n.available_languages()}
    for tag in tags:
        code = i18n.resolve_language(tag)
        if code in known and (code != "en" or tag.lower().startswith("en")):
            return code
    return "en"


def render_page(template: str, language: str) -> str:
    """The page in ``language``: each ``{{name}}`` of ``template`` replaced by its string (escaped)."""
    strings = page_strings()
    page = template.replace("{{lang}}", html.escape(language.replace("_", "-")))
    page = page.replace("{{strings}}", html.escape(json.dumps(strings, ensure_ascii=False)))
    for name, text in strings.items():
        page = page.replace("{{" + name + "}}", html.escape(text))
    return page


def same_origin(origin: str | None, host: str | None) -> bool:
    """Whether a tab's WebSocket comes from the page this server served: its ``Origin`` names the host
    it asked for (``Host``), or it has none (a program, not a browser)."""
    if origin is None:
        return True
    return bool(host) and origin.partition("://")[2].rstrip("/").lower() == (host or "").lower()


def _headers(content_type: str, length: int, language: str | None = None) -> Headers:
    headers = Headers()
    headers["Content-Type"] = content_type
    headers["Content-Length"] = str(length)
    headers["Content-Security-Policy"] = CSP
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "no-referrer"
    headers["Cache-Control"] = "no-cache"
    headers["Connection"] = "close"
    if language is not None:
        headers["Content-Language"] = language.replace("_", "-")
        headers["Vary"] = "Accept-Language"
    return headers


@dataclass
class WebTabs:
    """The browser tabs of one server, with their limits.

    Args:
        tables: the online tables on the same port (its trusted proxies and per-connection rate limit are
            the tabs' too).
        idle_seconds: a tab with no key for this long is closed (:data:`IDLE_SECONDS`).
        per_address: tabs one client address may have open (:data:`TABS_PER_ADDRESS`).
        max_tabs: tabs open at once in all (:data:`MAX_TABS`).
        hello_seconds: how long a tab may take to say hello (:data:`HELLO_SECONDS`).
        backlog_bytes: bytes waiting to go to one tab before it is dropped (:data:`BACKLOG_BYTES`).
        max_messages: sentences one tab is said before it is closed (:data:`MAX_MESSAGES`).
        busy_share: the share of the event loop one address's keys may take (:data:`BUSY_SHARE`).
        busy_burst: seconds of the event loop one address may take at once (:data:`BUSY_BURST`).
        clock: seconds (``time.monotonic``).
    """

    tables: TableServer = field(default_factory=TableServer)
    idle_seconds: float = IDLE_SECONDS
    per_address: int = TABS_PER_ADDRESS
    max_tabs: int = MAX_TABS
    hello_seconds: float = HELLO_SECONDS
    backlog_bytes: int = BACKLOG_BYTES
    max_messages: int = MAX_MESSAGES
    busy_share: float = BUSY_SHARE
    busy_burst: float = BUSY_BURST
    clock: Callable[[], float] = time.monotonic
    open: Counter[str] = field(default_factory=Counter)
    """Tabs open now, by client address."""
    refused: int = 0
    """Tabs refused for a limit so far."""
    port: int | None = None
    """The port the server listens on (set by :func:`start_web_server`): a tab joins a table there."""
    tls: bool = False
    """The server speaks TLS itself (``--cert``): a tab joins a table through its own loopback with
    ``wss://`` (:func:`loopback_tls`), and its players are told ``wss://`` and ``https://`` addresses."""
    _pages: dict[str, str] = field(default_factory=dict)
    _busy: dict[str, list[float]] = field(default_factory=dict)
    """Each address's time budget on the event loop: [seconds left, when last counted]."""
    _tokens: dict[str, str] = field(default_factory=dict)
    """The client address of each tab at an online table, by the secret in its connection's path: the
    table server counts the tab's own connection (from this process, over loopback) against it."""

    def __post_init__(self) -> None:
        self.tables.vouched_address = self._tab_address

    def _tab_address(self, socket: ServerConnection) -> str | None:
        """The client address of the tab whose online-table connection ``socket`` is (from this process,
        over loopback, with the tab's secret in its path), or None for any other connection."""
        path = socket.request.path if socket.request is not None else ""
        peer = socket.remote_address
        token = path.partition("?")[0].removeprefix(TABLE_PATH)
        if path.startswith(TABLE_PATH) and peer and str(peer[0]) in ("127.0.0.1", "::1"):
            return self._tokens.get(token)
        return None

    @property
    def limit(self) -> RateLimit:
        """The rate limit of each tab's messages (the online tables' per connection)."""
        return self.tables.limit

    # --- HTTP --------------------------------------------------------------------------------------------

    def process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Answer a plain HTTP GET with the page's files; None lets a WebSocket handshake go on."""
        path = request.path.partition("?")[0]
        upgrade = "websocket" in request.headers.get("Upgrade", "").lower()
        if upgrade:
            refused = self.tables.process_request(connection, request)  # new connections per address
            if refused is not None:
                return refused
            if path == TAB_PATH and not same_origin(
                request.headers.get("Origin"), request.headers.get("Host")
            ):
                body = b"Forbidden.\n"  # another site's page opening a game in this player's name
                return Response(403, "Forbidden", _headers("text/plain; charset=utf-8", len(body)), body)
            return None
        if path in STATIC:
            name, content_type = STATIC[path]
            if name == "index.html":
                query = request.path.partition("?")[2]
                asked = re.search(r"(?:^|&)lang=([A-Za-z_-]{2,12})", query)
                tags = [asked.group(1)] if asked else []
                language = pick_language(tags + accepted_languages(request.headers.get("Accept-Language")))
                body = self._page(language).encode("utf-8")
                return Response(200, "OK", _headers(content_type, len(body), language), body)
            data = self._file(name)
            return Response(200, "OK", _headers(content_type, len(data)), data)
        sound = _SOUND.match(path)
        if sound is not None:
            wav = default_sounds_dir() / f"{sound.group(1)}.wav"
            with contextlib.suppress(OSError):
                data = wav.read_bytes()
                return Response(200, "OK", _headers("audio/wav", len(data)), data)
        body = b"Not found.\n"
        return Response(404, "Not Found", _headers("text/plain; charset=utf-8", len(body)), body)

    def _file(self, name: str) -> bytes:
        return (static_dir() / name).read_bytes()

    def _page(self, language: str) -> str:
        if language not in self._pages:
            template = self._file("index.html").decode("utf-8")
            self._pages[language] = _in_language(language, lambda: render_page(template, language))
        return self._pages[language]

    # --- tabs --------------------------------------------------------------------------------------------

    async def route(self, socket: ServerConnection) -> None:
        """Serve one WebSocket: a browser tab at :data:`TAB_PATH`, an online table's connection elsewhere."""
        path = socket.request.path.partition("?")[0] if socket.request is not None else ""
        if path == TAB_PATH:
            settle(socket)  # a tab's keys are handled as they come, not behind new connections
            await self.handler(socket)
        else:
            await self.tables.handler(socket)

    def _address_of(self, socket: ServerConnection) -> str:
        peer = socket.remote_address
        forwarded = None
        if self.tables.trusted_proxies and socket.request is not None:
            forwarded = socket.request.headers.get("X-Forwarded-For")
        return client_address(str(peer[0]) if peer else "", forwarded, self.tables.trusted_proxies)

    async def handler(self, socket: ServerConnection) -> None:
        """One browser tab, from its hello until it closes, the player quits or it stays without keys for
        :attr:`idle_seconds`."""
        address = self._address_of(socket)
        header = socket.request.headers.get("Accept-Language") if socket.request is not None else None
        fallback = pick_language(accepted_languages(header))
        if self.open[address] >= self.per_address or sum(self.open.values()) >= self.max_tabs:
            self.refused += 1
            full = self.open[address] < self.per_address
            log.warning(
                "Refused a browser tab from %s: %s", address, "server full" if full else "address limit"
            )
            text = _in_language(
                fallback,
                lambda: server_full_sentence() if full else refusal_sentence(Reason.TOO_MANY_CONNECTIONS),
            )
            with contextlib.suppress(ConnectionClosed):
                await socket.send(encode({"type": "end", "text": text}))
            return
        self.open[address] += 1
        try:
            await self._serve_tab(socket, address, fallback)
        finally:
            self.open[address] -= 1
            if self.open[address] <= 0:
                del self.open[address]
                self._busy.pop(address, None)

    def _budget(self, address: str) -> list[float]:
        now = self.clock()
        budget = self._busy.setdefault(address, [self.busy_burst, now])
        budget[0] = min(self.busy_burst, budget[0] + (now - budget[1]) * self.busy_share)
        budget[1] = now
        return budget

    def _spend(self, address: str, seconds: float) -> None:
        """Charge ``seconds`` of the event loop to ``address``."""
        self._budget(address)[0] -= seconds

    def _wait(self, address: str) -> float:
        """Seconds until ``address`` may have its next key handled (0: now)."""
        left = self._budget(address)[0]
        return 0.0 if left >= 0 else -left / self.busy_share

    async def _serve_tab(self, socket: ServerConnection, address: str, fallback: str) -> None:
        loop = asyncio.get_running_loop()

        said = 0
        full = asyncio.Event()

        def send(message: dict[str, Any]) -> None:
            nonlocal said
            transport = socket.transport
            if transport.is_closing() or full.is_set():
                return
            if message.get("type") == "say":
                said += 1
                if said > self.max_messages:  # the tab's history and files grow with what is said
                    full.set()
                    return
            if transport.get_write_buffer_size() > self.backlog_bytes:
                log.info("Dropped a browser tab of %s: it read too slowly", address)
                transport.abort()
                return
            broadcast([socket], encode(message))  # at once, in order, never waiting

        try:
            frame = await asyncio.wait_for(socket.recv(), self.hello_seconds)
        except (TimeoutError, ConnectionClosed):
            return
        hello = _hello(frame)
        if hello is None:
            await _say_and_close(socket, _in_language(fallback, bad_message_sentence))
            return
        languages, saved, code = hello
        tab = Tab(thread_safe(loop, send), [*languages, fallback], saved)
        tab.spent = lambda seconds: self._spend(address, seconds)
        tab.wait = lambda: self._wait(address)
        budget.ADDRESS.set(address)
        token = secrets.token_urlsafe(16)
        join = self._join(socket, code, token)
        if join is not None:
            self._tokens[token] = address
        runner = loop.create_task(tab.run(join))
        last_key = self.clock()
        bucket = [self.limit.burst, self.clock(), 0]

        def allowed() -> bool:
            now = self.clock()
            bucket[0] = min(self.limit.burst, bucket[0] + (now - bucket[1]) * self.limit.per_second)
            bucket[1] = now
            if bucket[0] >= 1:
                bucket[0] -= 1
                return True
            bucket[2] += 1
            return False

        async def read() -> None:
            nonlocal last_key
            async for frame in socket:
                message = _message(frame)
                if message is not None and message[0] == "spoken" and tab.spoken(int(message[1])):
                    # The page's voice ended a sentence: one report for each sentence the game sent, so
                    # never a flood, and never counted against the keys' limit (a cancel reports many at
                    # once: the key after it must not be dropped).
                    continue
                if not allowed():
                    if bucket[2] >= self.limit.close_after:
                        socket.transport.abort()
                        return
                    continue
                if message is None:
                    tab.say_answer(bad_message_sentence)
                    continue
                if message[0] == "key":
                    last_key = self.clock()
                    tab.key(message[1])
                elif message[0] == "text":
                    last_key = self.clock()
                    tab.text(message[1])
                elif message[0] == "spoken":
                    tab.spoken(int(message[1]))
                elif message[0] == "pick":
                    last_key = self.clock()
                    tab.pick(*message[1])
                elif message[0] == "novoice":
                    tab.no_voice()

        async def watch_idle() -> None:
            while True:
                left = last_key + self.idle_seconds - self.clock()
                if left <= 0:
                    return
                await asyncio.sleep(left)

        reader = loop.create_task(read())
        idle = loop.create_task(watch_idle())
        filled = loop.create_task(full.wait())
        try:
            done, _pending = await asyncio.wait(
                {runner, reader, idle, filled}, return_when=asyncio.FIRST_COMPLETED
            )
            if runner in done:
                with contextlib.suppress(asyncio.CancelledError):
                    if runner.exception() is not None:  # said to the page below; never hidden in the log
                        log.error("A browser tab's game stopped", exc_info=runner.exception())
                text = tab.in_language(lambda: page_strings()["ended"])
                await _say_and_close(socket, text)
            elif idle in done:
                minutes = max(1, round(self.idle_seconds / 60))
                await _say_and_close(socket, tab.in_language(lambda: idle_sentence(minutes)))
            elif filled in done:
                log.info("Closed a browser tab of %s: %d messages said", address, self.max_messages)
                await _say_and_close(socket, tab.in_language(full_sentence))
        finally:
            for task in (runner, reader, idle, filled):
                task.cancel()
            for task in (runner, reader, idle, filled):
                with contextlib.suppress(BaseException):
                    await task
            self._tokens.pop(token, None)

    def _join(self, socket: ServerConnection, code: str | None, token: str) -> Join | None:
        """The online table a tab opens at (``code``: a join code, or ``new``), or None: the main menu."""
        if code is None or self.port is None:
            return None
        request = socket.request
        host = request.headers.get("Host", "") if request is not None else ""
        if not re.fullmatch(r"[A-Za-z0-9.:\[\]-]{1,255}", host):
            host = f"127.0.0.1:{self.port}"
        forwarded = request.headers.get("X-Forwarded-Proto", "") if request is not None else ""
        secure = self.tls or (forwarded == "https" and bool(self.tables.trusted_proxies))
        shown = f"wss://{host}" if secure else host
        page = f"{'https' if secure else 'http'}://{host}/"
        scheme = "wss" if self.tls else "ws"
        return Join(
            f"{scheme}://127.0.0.1:{self.port}{TABLE_PATH}{token}",
            "" if code == "new" else code,
            shown,
            page,
            loopback_tls() if self.tls else None,
        )


def loopback_tls() -> ssl.SSLContext:
    """The TLS context of a tab's own connection to an online table on this server when the server speaks
    TLS itself (``--cert``): encrypted, but neither the certificate's name nor its issuer is checked. The
    certificate names the server's public name, not 127.0.0.1, and may well be self-signed; the connection
    goes over loopback to the port this very process listens on, so no other program can stand in the
    middle, and the tab's secret in its path is what the table server trusts (:meth:`WebTabs._tab_address`).
    """
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def _in_language(language: str, make: Callable[[], str]) -> str:
    """``make()`` run with ``language`` in force (in a context of its own: nothing else changes)."""
    import contextvars

    def run() -> str:
        i18n.use_language_here(language)
        return make()

    return contextvars.copy_context().run(run)


async def _say_and_close(socket: ServerConnection, text: str) -> None:
    with contextlib.suppress(ConnectionClosed):
        await socket.send(encode({"type": "end", "text": text}))
        await socket.close()


def _hello(frame: str | bytes) -> tuple[list[str], str | None, str | None] | None:
    """The browser's languages, kept settings and the table to join (a join code, ``new``, or None) from a
    tab's first message, or None when it is no hello."""
    try:
        data = json.loads(frame)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict) or data.get("type") != "hello":
        return None
    languages = data.get("languages", [])
    saved = data.get("settings")
    join = data.get("join")
    if not isinstance(languages, list) or not (saved is None or isinstance(saved, str)):
        return None
    if join is not None:
        if not isinstance(join, str):
            return None
        join = "".join(c for c in join.lower() if c.isalnum())[: CODE_LENGTH + 8] or None
    tags = [
        tag for tag in languages[:20] if isinstance(tag, str) and re.fullmatch(r"[A-Za-z0-9_-]{1,35}", tag)
    ]
    return tags, saved, join


def _message(frame: str | bytes) -> tuple[str, Any] | None:
    """A tab's message after its hello: ``("key", terminal bytes)`` (empty for a key the game has no use
    for), ``("text", a typed line)``, ``("spoken", number)``, ``("pick", (lines' number, line))`` (a line's
    button tapped), ``("novoice", None)`` (the browser has no voice of its own), or None when it cannot be
    read."""
    try:
        data = json.loads(frame)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict):
        return None
    kind = data.get("type")
    if kind == "key":
        key, ctrl, alt = data.get("key"), data.get("ctrl", False), data.get("alt", False)
        if (
            not isinstance(key, str)
            or len(key) > 20
            or not isinstance(ctrl, bool)
            or not isinstance(alt, bool)
        ):
            return None
        return "key", terminal_bytes(key, ctrl=ctrl, alt=alt) or ""
    if kind == "text":
        line = data.get("text")
        if not isinstance(line, str) or len(line) > TEXT_LIMIT:
            return None
        return "text", "".join(char for char in line if char.isprintable())
    if kind == "novoice":
        return "novoice", None
    if kind == "spoken":
        number = data.get("id")
        if not isinstance(number, int) or isinstance(number, bool):
            return None
        return "spoken", number
    if kind == "pick":
        shown, item = data.get("list"), data.get("item")
        if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2**31 for n in (shown, item)):
            return None
        return "pick", (shown, item)
    return None


async def start_web_server(
    tabs: WebTabs, host: str, port: int, *, tls: ssl.SSLContext | None = None
) -> WsServer:
    """Listen on ``host``:``port`` (0: any free port) for the page, the tabs and the online tables; heavy
    work of the tabs goes to a :class:`budget.FairExecutor` (the running loop's default executor from now).

    Raises:
        OSError: the address cannot be used (in use, not this machine's, no permission).
    """
    asyncio.get_running_loop().set_default_executor(budget.FairExecutor(HEAVY_WORKERS, HEAVY_PER_ADDRESS))
    server = await listen(tabs.route, tabs.process_request, host, port, tls, refuse=tabs.tables.in_debt)
    tabs.port, tabs.tls = bound_port(server), tls is not None
    return server
