"""The browser client without a browser (issue 24): the page over plain HTTP, and a tab's WebSocket driven by a
small client of our own that plays the page's part (say, cue, choices in; hello, keys, spoken out)."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import ssl
import subprocess
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin

from lcr_audio import i18n, storage
from lcr_audio.game.online.server import RateLimit, TableServer, bound_port, tls_context
from lcr_audio.settings import FORMAT, VERSION
from lcr_audio.tui.input import REACTION_SECONDS
from lcr_audio.web import budget
from lcr_audio.web.keys import browser_key, terminal_bytes
from lcr_audio.web.server import CSP, TAB_PATH, WebTabs, accepted_languages, pick_language, start_web_server
from lcr_audio.web.tab import PageBackend, PageSound, PageSpeaker, Tab

pytestmark = pytest.mark.usefixtures("english")

TIMEOUT = 60.0
"""Generous: the machine is shared and loaded; every wait ends on an event, this only stops a hung test."""


# --- units ------------------------------------------------------------------------------------------------


def test_keys_from_the_page_become_a_terminals_bytes_through_the_key_table() -> None:
    assert terminal_bytes(" ") == " "
    assert terminal_bytes("S") == "S"
    assert terminal_bytes("F1") == "\x1bOP"
    assert terminal_bytes("F1", ctrl=True) == "\x1b[1;5P"
    assert terminal_bytes("s", ctrl=True) == "\x13"
    assert terminal_bytes("Enter") == "\r"
    assert terminal_bytes("Escape") == "\x1b"
    assert terminal_bytes("PageUp") == "\x1b[5~"
    # The browser's and the screen reader's own: never sent.
    assert terminal_bytes("F5") is None
    assert terminal_bytes("x", ctrl=True) is None
    assert terminal_bytes("s", alt=True) is None
    assert terminal_bytes("Unidentified") is None
    assert terminal_bytes("\x1b") is None
    assert browser_key("space") == (" ", False)
    assert browser_key("c-s") == ("s", True)
    assert browser_key("f1") == ("F1", False)


def test_accept_language_chooses_the_first_language_with_a_catalog() -> None:
    assert accepted_languages("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5") == ["fr-CH", "fr", "en"]
    assert accepted_languages("de;q=0.2, es") == ["es", "de"]
    assert accepted_languages("<script>, ru") == ["ru"]
    assert pick_language(accepted_languages("xx, pt-BR;q=0.9")) == "pt_BR"
    assert pick_language(accepted_languages("ja, en-GB")) == "en"
    assert pick_language([]) == "en"


def test_a_tabs_language_and_folder_are_its_own() -> None:
    async def tab(language: str, folder: Path) -> tuple[str, str, Path]:
        i18n.use_language_here(language)
        storage.HOME_HERE.set(folder)
        await asyncio.sleep(0)  # the other tab runs in between
        return i18n._("New game"), i18n.language(), storage.data_dir()

    async def both() -> list[tuple[str, str, Path]]:
        return list(await asyncio.gather(tab("fr", Path("/a")), tab("de", Path("/b"))))

    assert asyncio.run(both()) == [
        ("Nouvelle partie", "fr", Path("/a/data")),
        ("Neues Spiel", "de", Path("/b/data")),
    ]
    assert i18n._("New game") == "New game"
    assert storage.HOME_HERE.get() is None


def test_the_page_backend_tells_answers_messages_and_a_message_said_again_apart() -> None:
    sent: list[dict[str, Any]] = []
    page = PageBackend(sent.append)
    speaker = PageSpeaker(page)
    speaker.speak("Ana rolls L.")
    speaker.speak("Ana 2, Bo 4.", interrupt=True)
    speaker.speak("Ana rolls L.", printed=False)
    says = [(m["text"], m["kind"], m["again"]) for m in sent if m["type"] == "say"]
    assert says == [
        ("Ana rolls L.", "message", False),
        ("Ana 2, Bo 4.", "answer", False),
        ("Ana rolls L.", "message", True),
    ]
    assert page.speaking() is None  # live regions: the presenter estimates, as for NVDA
    page.own_voice = True
    speaker.speak("Bo rolls C.")
    assert page.speaking() is True
    page.ended(sent[-1]["id"])
    assert page.speaking() is False
    assert speaker.mode == "tts"


def test_the_page_plays_each_cue_where_the_terminal_would() -> None:
    sent: list[dict[str, Any]] = []
    sound = PageSound(sent.append, volume=0.5, enabled=True)
    length = sound.play("chip-pot", pan=-1.0, to=0.0)
    assert length > 0
    assert sent == [{"type": "cue", "name": "chip-pot", "pan": -1.0, "to": 0.0, "volume": 0.5}]
    sound.enabled = False
    assert sound.play("turn", seat=2) == 0.0
    with pytest.raises(ValueError):
        sound.play("turn")  # a programming error, as with the terminal's player


def test_heavy_work_runs_one_job_at_a_time_per_address_and_never_more_than_the_cap() -> None:
    executor = budget.FairExecutor(workers=2, per_address=1)
    release = threading.Event()
    started: list[str] = []
    lock = threading.Lock()

    def job(name: str) -> str:
        with lock:
            started.append(name)
        release.wait(TIMEOUT)
        return name

    def submit(address: str, name: str) -> Any:
        context = contextvars.copy_context()
        context.run(budget.ADDRESS.set, address)
        return context.run(executor.submit, job, name)

    futures = [submit("a", "a1"), submit("a", "a2"), submit("b", "b1"), submit("a", "a3")]
    assert executor.running("a") == 1
    assert executor.running("b") == 1
    assert not futures[1].done() and not futures[3].done()
    outside = executor.submit(lambda: "written")  # not a tab's (the tables' files): never waits for tabs
    assert outside.result(TIMEOUT) == "written"
    release.set()
    assert [f.result(TIMEOUT) for f in futures] == ["a1", "a2", "b1", "a3"]
    assert started.index("a2") < started.index("a3")
    executor.shutdown()


# --- a server, with a tab client ----------------------------------------------------------------------------


class PageClient:
    """Plays the page's part over the tab's WebSocket: everything received is kept; ``spoken`` is answered
    at once when the settings chose the browser's own voice."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.received: list[dict[str, Any]] = []
        self.changed = asyncio.Event()
        self.closed = False

    @property
    def said(self) -> list[str]:
        return [m["text"] for m in self.received if m["type"] == "say" and not m["again"]]

    @property
    def choices(self) -> list[dict[str, Any]]:
        items = [m["items"] for m in self.received if m["type"] == "choices"]
        return items[-1] if items else []

    async def read(self) -> None:
        try:
            async for frame in self.socket:
                message = json.loads(frame)
                self.received.append(message)
                if message["type"] == "say" and message.get("id"):
                    await self.socket.send(json.dumps({"type": "spoken", "id": message["id"]}))
                self.changed.set()
        finally:
            self.closed = True
            self.changed.set()

    async def until(self, condition: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not condition():
            if self.closed:
                raise AssertionError(f"the tab closed; last said: {self.said[-5:]}")
            self.changed.clear()
            left = end - loop.time()
            if left <= 0:
                raise AssertionError(f"timed out; last said: {self.said[-5:]}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def press(self, key: str, *, ctrl: bool = False) -> str:
        """Send a key and return the first sentence said after it."""
        before = len(self.said)
        await self.socket.send(json.dumps({"type": "key", "key": key, "ctrl": ctrl, "alt": False}))
        await self.until(lambda: len(self.said) > before)
        return self.said[before]

    def lines(self) -> dict[str, Any]:
        """The last lines the page was sent as buttons ("On this screen"): ``{"id", "items"}``, empty when none."""
        found = [m.get("list") for m in self.received if m["type"] == "choices"]
        return found[-1] if found and found[-1] else {"id": 0, "items": []}

    def labels(self) -> list[str]:
        """The labels of :meth:`lines`."""
        return [item["label"] for item in self.lines()["items"]]

    async def tap(self, label: str) -> str:
        """Tap the line button ``label`` and return the first sentence said after it."""
        before = len(self.said)
        await self.socket.send(
            json.dumps({"type": "pick", "list": self.lines()["id"], "item": self.labels().index(label)})
        )
        await self.until(lambda: len(self.said) > before)
        return self.said[before]


async def start_game(page: PageClient) -> None:
    """From the main menu: a new game of 3, 1 at this keyboard, the name offered, started."""
    await page.until(lambda: any("Main menu" in text for text in page.said))
    assert await page.press("Enter") == "A new game."
    for _answer in range(3):
        await page.press("Enter")
    await page.until(lambda: any("Press Enter to start" in text for text in page.said))
    await page.press("Enter")


async def until(condition: Callable[[], bool]) -> None:
    """Wait until ``condition()`` holds, looking every 10 ms (at most :data:`TIMEOUT`)."""
    async with asyncio.timeout(TIMEOUT):
        while not condition():
            await asyncio.sleep(0.01)


def fast_settings(**changes: Any) -> str:
    """Settings a page keeps: the browser's own voice (paced by the client's spoken answers), no pause."""
    return json.dumps({"format": FORMAT, "version": VERSION, "speech": "tts", "pause": 0.0, **changes})


@asynccontextmanager
async def served(*, tls: ssl.SSLContext | None = None, **options: Any) -> AsyncIterator[tuple[WebTabs, int]]:
    tabs = WebTabs(TableServer(), **options)
    server = await start_web_server(tabs, "127.0.0.1", 0, tls=tls)
    try:
        yield tabs, bound_port(server)
    finally:
        server.close()
        await server.wait_closed()


@asynccontextmanager
async def tab(
    port: int,
    languages: list[str] | None = None,
    settings: str | None = None,
    headers: dict[str, str] | None = None,
    join: str | None = None,
    tls: ssl.SSLContext | None = None,
) -> AsyncIterator[PageClient]:
    """A tab's WebSocket, as the page opens it (``tls``: over ``wss://``, the certificate checked with it
    and named :data:`CERTIFICATE_NAME`, as a browser that trusts it does)."""
    address = f"{'wss' if tls else 'ws'}://127.0.0.1:{port}{TAB_PATH}"
    secure: dict[str, Any] = {"ssl": tls, "server_hostname": CERTIFICATE_NAME} if tls else {}
    async with connect(address, additional_headers=headers, **secure) as socket:
        client = PageClient(socket)
        reader = asyncio.create_task(client.read())
        with contextlib.suppress(ConnectionClosed):  # a refused tab is closed at once
            await socket.send(
                json.dumps(
                    {"type": "hello", "languages": languages or ["en"], "settings": settings, "join": join}
                )
            )
        try:
            yield client
        finally:
            reader.cancel()


async def http_get(
    port: int, path: str, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: 127.0.0.1:{port}",
        *(f"{k}: {v}" for k, v in (headers or {}).items()),
    ]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    await writer.drain()
    data = await asyncio.wait_for(reader.read(), TIMEOUT)
    writer.close()
    head, _sep, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode().split("\r\n")
    parsed = {k.strip().lower(): v.strip() for k, _s, v in (line.partition(":") for line in header_lines)}
    return int(status_line.split()[1]), parsed, body


@pytest.mark.system
def test_a_plain_get_returns_the_page_in_the_language_asked_for_with_its_live_regions_and_csp() -> None:
    async def run() -> None:
        async with served() as (_tabs, port):
            status, headers, body = await http_get(port, "/", {"Accept-Language": "fr-FR, fr;q=0.9"})
            page = body.decode()
            assert status == 200
            assert headers["content-security-policy"] == CSP
            assert "connect-src 'self' ws: wss:" in CSP and "default-src 'self'" in CSP
            assert headers["content-language"] == "fr"
            assert headers["x-content-type-options"] == "nosniff"
            assert '<html lang="fr">' in page
            assert page.count("<h1") == 1
            assert '<div id="messages" aria-live="polite"' in page
            assert '<div id="answers" aria-live="assertive"' in page
            assert '<ol id="history">' in page and '<div id="choices">' in page
            assert "Historique des messages" in page
            assert "<script>" not in page  # no inline script: the CSP would refuse it
            status, headers, _body = await http_get(port, "/", {"Accept-Language": "en"})
            assert "Message history" in _body.decode()
            status, headers, script = await http_get(port, "/client.js")
            assert status == 200 and headers["content-type"].startswith("text/javascript")
            assert b"innerHTML" not in script  # text from the server goes in as text
            status, headers, wav = await http_get(port, "/sounds/dice-3.wav")
            assert status == 200 and headers["content-type"] == "audio/wav" and wav[:4] == b"RIFF"
            for path in ("/sounds/../settings.py", "/sounds/nothing.wav", "/../lcr_audio/app.py", "/x"):
                status, _headers, _body = await http_get(port, path)
                assert status == 404, path

    asyncio.run(run())


@pytest.mark.system
def test_a_tab_hears_the_main_menu_and_its_keys_move_it_in_its_own_language() -> None:
    async def run() -> None:
        async with (
            served() as (_tabs, port),
            tab(port, ["fr-CA", "en"]) as french,
            tab(port, ["de"]) as german,
        ):
            await french.until(lambda: any("Menu principal" in text for text in french.said))
            await german.until(lambda: any("Hauptmenü" in text for text in german.said))
            assert await french.press("ArrowDown") == "Entraînement. 2 sur 7."
            assert await german.press("ArrowDown") == "Üben. 2 von 7."
            french_language = [m for m in french.received if m["type"] == "language"]
            assert french_language[0]["lang"] == "fr"
            assert french_language[0]["strings"]["history"] == "Historique des messages"
            await french.until(lambda: any(c["key"] == "ArrowUp" for c in french.choices))
            messages = [m for m in french.received if m["type"] == "say"]
            assert messages[0]["kind"] == "answer"  # the menu's opening, as in the terminal
        assert i18n.language() == "en"

    asyncio.run(run())


@pytest.mark.system
def test_every_screens_lines_are_buttons_too_and_a_tap_does_what_the_keys_do_there() -> None:
    """The main menu's items, the rules' sections, the options and a setup question's values come as the
    page's line buttons, the line under the cursor marked; a tap chooses a menu's item, reads a section
    whole, goes to an option; a tap on lines the screen no longer shows changes nothing."""

    async def run() -> None:
        async with served() as (_tabs, port), tab(port, ["en"], fast_settings()) as page:
            lines, labels, tap = page.lines, page.labels, page.tap

            await page.until(lambda: "Rules" in labels())
            menu = lines()
            assert labels()[:3] == ["New game", "Practice", "Rules"]
            assert [item["current"] for item in menu["items"]] == [True] + [False] * 6
            await page.press("ArrowDown")
            await page.until(lambda: lines()["items"][1]["current"])
            assert lines()["id"] == menu["id"]  # the same screen: its buttons stay

            assert (await tap("Rules")).startswith("Rules. Up and Down move between sections")
            await page.until(lambda: "Rules" not in labels() and bool(labels()))
            sections = labels()
            assert lines()["id"] != menu["id"]
            said = await tap(sections[2])
            assert said.startswith(f"{sections[2]}. ") and len(said) > len(sections[2]) + 40  # read whole
            await page.until(lambda: lines()["items"][2]["current"])

            before = len(page.said)  # a tap on the main menu's lines, now gone: nothing happens
            await page.socket.send(json.dumps({"type": "pick", "list": menu["id"], "item": 0}))
            assert await page.press("Escape") == "Rules closed."
            await page.until(lambda: len(page.said) >= before + 2)
            assert page.said[before + 1].startswith("Left Right Center. Main menu. Rules. 3 of 7."), page.said

            await page.until(lambda: "Options" in labels())
            assert await tap("Options") != ""
            await page.until(lambda: any(label.startswith("Sounds: ") for label in labels()))
            sounds = next(label for label in labels() if label.startswith("Sounds: "))
            at, options = labels().index(sounds), lines()["id"]
            assert (await tap(sounds)).startswith(sounds.removesuffix("."))  # "Sounds: on. 3 of 9."
            await page.until(lambda: lines()["items"][at]["current"])
            await page.press("ArrowRight")  # the value changes: the same buttons, the label anew
            await page.until(lambda: labels()[at] != sounds)
            assert labels()[at].startswith("Sounds: ") and lines()["id"] == options

    asyncio.run(run())


@pytest.mark.system
def test_in_a_game_the_options_and_the_rules_opened_over_it_are_buttons_too() -> None:
    """During a game, F2's options and Control+F1's rules come as line buttons like the main menu's: a tap
    goes to an option, or reads a section whole; closed, the game has no lines."""

    async def run() -> None:
        async with served() as (_tabs, port), tab(port, ["en"], fast_settings()) as page:
            lines, labels, tap = page.lines, page.labels, page.tap
            await start_game(page)
            await page.until(lambda: any("Press Space to roll" in text for text in page.said))
            assert labels() == []  # a turn: its keys are the buttons
            await page.press("F2")
            await page.until(lambda: any(label.startswith("Sounds: ") for label in labels()))
            sounds = next(label for label in labels() if label.startswith("Sounds: "))
            assert (await tap(sounds)).startswith(sounds.removesuffix("."))
            await page.until(lambda: lines()["items"][labels().index(sounds)]["current"])
            await page.press("Escape")
            await page.until(lambda: labels() == [])
            await page.press("F1", ctrl=True)
            await page.until(lambda: len(labels()) > 3)
            section = labels()[1]
            said = await tap(section)
            assert said.startswith(f"{section}. ") and len(said) > len(section) + 40, said

    asyncio.run(run())


@pytest.mark.system
def test_the_pages_reports_of_spoken_sentences_never_use_up_its_keys_rate_limit() -> None:
    """With the browser's own voice, the page reports the end of every sentence (a cancel: of many at
    once); those reports, one for each sentence sent, are not counted with the keys: the keys of a new
    game's setup, fewer than the burst, are all answered, however many sentences were reported."""

    async def run() -> None:
        async with served() as (tabs, port):
            tabs.tables.limit = RateLimit(per_second=0.001, burst=8.0, close_after=1000)
            async with tab(port, ["en"], fast_settings()) as page:  # it reports every sentence at once
                await start_game(page)
                await page.until(lambda: any("Press Space to roll" in text for text in page.said))
                reported = len([m for m in page.received if m["type"] == "say"])
                assert reported > 8  # more reports than the burst
                assert (await page.press("F2")).startswith("Options.")
                assert (await page.press("ArrowDown")).endswith(
                    "2 of 7."
                )  # a tab has no printing or braille lines

    asyncio.run(run())
    page = PageBackend(lambda _message: None)  # only one report for each sentence sent is free
    page.speak("One.")
    page.speak("Two.")
    assert [page.ended(n) for n in (2, 1, 1, 3, 0)] == [True, True, False, False, False]


@pytest.mark.system
def test_a_tap_comes_after_the_keys_sent_before_it() -> None:
    """Down, then a tap on the main menu's first item, sent together: Down moves first (and is said),
    then the tap chooses New game, not the other way round."""

    async def run() -> None:
        async with served() as (_tabs, port), tab(port, ["en"], fast_settings()) as page:
            await page.until(lambda: any(m["type"] == "choices" and m.get("list") for m in page.received))
            shown = [m["list"] for m in page.received if m["type"] == "choices" and m.get("list")]
            await page.socket.send(
                json.dumps({"type": "key", "key": "ArrowDown", "ctrl": False, "alt": False})
            )
            await page.socket.send(json.dumps({"type": "pick", "list": shown[-1]["id"], "item": 0}))
            await page.until(lambda: "A new game." in page.said)
            assert page.said.index("Practice. 2 of 7.") < page.said.index("A new game.")

    asyncio.run(run())


@pytest.mark.system
def test_a_tab_plays_a_game_to_the_end_against_computer_players_by_keys_alone() -> None:
    async def run() -> None:
        async with served() as (_tabs, port), tab(port, ["en"], fast_settings()) as page:
            await start_game(page)
            rolls = 0

            def won() -> bool:
                return any(m["type"] == "cue" and m["name"] == "win" for m in page.received)

            def may_roll() -> bool:
                return any(c["key"] == " " for c in page.choices)

            while not won():
                await page.until(lambda: won() or may_roll())
                if may_roll() and not won():
                    rolls += 1
                    await page.press(" ")
            assert rolls >= 1
            await page.until(lambda: any("Play again" in text for text in page.said))
            cues = [m["name"] for m in page.received if m["type"] == "cue"]
            assert "win" in cues and any(name.startswith("dice-") for name in cues)

    asyncio.run(run())


@pytest.mark.system
def test_a_bad_message_from_a_page_gets_one_sentence_and_changes_nothing() -> None:
    async def run() -> None:
        async with served() as (_tabs, port), tab(port, ["en"]) as page:
            await page.until(lambda: any("Main menu" in text for text in page.said))
            before = len(page.said)
            frames = [
                "garbage",
                json.dumps({"type": "key", "key": 5}),
                json.dumps([1, 2]),
                json.dumps({"type": "pick", "list": "1", "item": 0}),
                json.dumps({"type": "pick", "list": 1, "item": -1}),
            ]
            for frame in frames:
                await page.socket.send(frame)
            await page.until(lambda: len(page.said) >= before + len(frames))
            bad = page.said[before:]
            assert bad == [bad[0]] * len(frames) and "nothing changed" in bad[0]
            assert await page.press("ArrowDown") == "Practice. 2 of 7."  # the menu was where it was

    asyncio.run(run())


@pytest.mark.system
def test_tabs_are_limited_per_address_and_in_all_and_a_page_without_keys_is_closed() -> None:
    async def run() -> None:
        async with served(per_address=1, idle_seconds=0.5) as (tabs, port):
            async with tab(port, ["fr"]) as first:
                await first.until(lambda: bool(first.said))
                async with tab(port, ["fr"], headers={"Accept-Language": "fr"}) as second:
                    await second.until(lambda: second.closed)
                    ends = [m for m in second.received if m["type"] == "end"]
                    assert len(ends) == 1 and "adresse" in ends[0]["text"]
                assert tabs.refused == 1
                await first.until(lambda: first.closed)  # no key for half a second: closed, and said why
                ends = [m for m in first.received if m["type"] == "end"]
                assert len(ends) == 1 and "minute" in ends[0]["text"]
            await until(lambda: not tabs.open)  # its handler has ended

    asyncio.run(run())


@pytest.mark.system
def test_a_flood_of_keys_is_dropped_over_the_rate_limit_then_closed() -> None:
    async def run() -> None:
        async with served() as (tabs, port):
            tabs.tables.limit = RateLimit(per_second=0.001, burst=2.0, close_after=5)
            async with tab(port, ["en"]) as page:
                await page.until(lambda: any("Main menu" in text for text in page.said))
                with contextlib.suppress(ConnectionClosed):
                    for _ in range(20):
                        await page.socket.send(json.dumps({"type": "key", "key": "ArrowDown"}))
                await until(lambda: page.closed)
                moved = [text for text in page.said if " of 7." in text and "Main menu" not in text]
                assert len(moved) <= 2  # the burst, at most

    asyncio.run(run())


@pytest.mark.system
def test_a_tab_opens_an_online_table_and_another_tab_in_french_joins_it_by_its_code() -> None:
    async def run() -> None:
        async with served() as (tabs, port), tab(port, ["en"], fast_settings(), join="new") as host:
            await host.until(lambda: any("Your name at the table?" in text for text in host.said))
            await host.socket.send(json.dumps({"type": "key", "key": "A"}))
            await host.socket.send(json.dumps({"type": "key", "key": "n"}))
            await host.socket.send(json.dumps({"type": "key", "key": "a"}))
            await host.press("Enter")
            await host.until(lambda: any("Your table is open" in text for text in host.said))
            opened = next(text for text in host.said if "Your table is open" in text)
            page = f"http://127.0.0.1:{port}/?join="
            assert page in opened
            code = opened.split(page)[1].strip()
            assert code.isalnum()
            assert tabs.tables.tables[code].members  # the table counts the tab's own address, not loopback's
            async with tab(port, ["fr"], fast_settings(), join=code) as guest:
                await guest.until(lambda: any("Ton nom à la table" in text for text in guest.said))
                for key in "Bo":
                    await guest.socket.send(json.dumps({"type": "key", "key": key}))
                await guest.press("Enter")
                await host.until(lambda: any("Bo" in text for text in host.said[-3:]))
                await host.press("Enter")  # the host starts: the empty seat gets a computer player

                def rolled(page: PageClient) -> bool:
                    return any(m["type"] == "cue" and m["name"].startswith("dice-") for m in page.received)

                pressed = {id(host): -1, id(guest): -1}

                def may_roll(page: PageClient) -> bool:
                    """The roll key is offered, and something was said since the last press (a press
                    before the question was heard does nothing: pressed again once it is)."""
                    return len(page.said) > pressed[id(page)] and any(c["key"] == " " for c in page.choices)

                while not (rolled(host) and rolled(guest)):
                    await until(lambda: (rolled(host) and rolled(guest)) or may_roll(host) or may_roll(guest))
                    for page_client in (host, guest):
                        if may_roll(page_client):
                            pressed[id(page_client)] = len(page_client.said)
                            await page_client.socket.send(json.dumps({"type": "key", "key": " "}))
                # The guest hears the host's roll in French ("Ana lance ..."), the host in English.
                await guest.until(lambda: any(text.startswith("Ana lance") for text in guest.said))
                await host.until(lambda: any(text.startswith("You roll") for text in host.said))

    asyncio.run(run())


CERTIFICATE_NAME = "lcr.example.org"
"""The name in the test's self-signed certificate (the server's public name; never 127.0.0.1)."""


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for :data:`CERTIFICATE_NAME` and its key, made with ``openssl``."""
    certificate, key = folder / "certificate.pem", folder / "key.pem"
    command = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2"]
    command += ["-keyout", str(key), "-out", str(certificate), "-subj", f"/CN={CERTIFICATE_NAME}"]
    command += ["-addext", f"subjectAltName=DNS:{CERTIFICATE_NAME}"]
    subprocess.run(
        command,
        check=True,
        capture_output=True,
        timeout=TIMEOUT,
    )
    return certificate, key


@pytest.mark.system
@pytest.mark.requires_program("openssl")
def test_a_tab_on_a_server_with_its_own_certificate_opens_an_online_table(tmp_path: Path) -> None:
    """``serve --cert``: the page comes over https and its tab over wss; a tab's own connection to the
    table goes to the server's port over loopback, where the certificate names another host and is
    self-signed: the tab sits at its table all the same, and the players are told https and wss."""
    certificate, key = self_signed(tmp_path)
    trusted = ssl.create_default_context(cafile=str(certificate))  # the browser trusts the certificate

    async def run() -> None:
        async with (
            served(tls=tls_context(certificate, key)) as (tabs, port),
            tab(port, ["en"], fast_settings(), join="new", tls=trusted) as host,
        ):
            asked = "Your name at the table?"
            await host.until(lambda: any(asked in text or "Main menu" in text for text in host.said))
            assert any(asked in text for text in host.said), host.said  # not the main menu instead
            await host.socket.send(json.dumps({"type": "key", "key": "A"}))
            await host.press("Enter")
            await host.until(lambda: any("Your table is open" in text for text in host.said))
            opened = next(text for text in host.said if "Your table is open" in text)
            assert f"https://127.0.0.1:{port}/?join=" in opened, opened
            code = opened.split("?join=")[1].strip()
            assert tabs.tables.tables[code].members
            async with tab(port, ["en"], fast_settings(), join=code, tls=trusted) as guest:
                await guest.until(lambda: any(asked in text for text in guest.said))
                await guest.socket.send(json.dumps({"type": "key", "key": "B"}))
                await guest.press("Enter")
                await host.until(lambda: any("B joins" in text for text in host.said))

    asyncio.run(run())


def test_an_address_that_spent_its_share_of_the_servers_time_waits_and_the_others_do_not() -> None:
    now = [100.0]
    tabs = WebTabs(TableServer(), clock=lambda: now[0], busy_share=0.25, busy_burst=2.0)
    assert tabs._wait("a") == 0.0
    tabs._spend("a", 3.0)  # an odds key that took three seconds: one second over the burst
    assert tabs._wait("a") == pytest.approx(4.0)
    assert tabs._wait("b") == 0.0
    now[0] += 4.0
    assert tabs._wait("a") == pytest.approx(0.0)


def test_a_tabs_keys_wait_in_order_while_its_address_is_over_its_share(pipe: Any) -> None:
    async def run() -> list[str]:
        waits = [0.05, 0.0, 0.0]
        tab = Tab(lambda _message: None, ["en"])
        tab.keys = pipe
        tab.wait = lambda: waits.pop(0) if waits else 0.0
        tab.key("a")
        tab.key("b")
        assert pipe.read_keys() == []  # held: the address is over its share
        await until(lambda: not tab._held)
        return [press.data for press in pipe.read_keys()]

    assert asyncio.run(run()) == ["a", "b"]


@pytest.mark.system
def test_a_language_chosen_in_options_changes_the_page_at_once_and_is_remembered_by_the_browser() -> None:
    async def run() -> None:
        async with served() as (_tabs, port):
            async with tab(port, ["en"]) as page:
                await page.until(lambda: any("Main menu" in text for text in page.said))
                assert await page.press("o") == "Options. 6 of 7."
                await page.press("Enter")
                assert await page.press("ArrowDown") == "Language: the browser's, English. 2 of 7."
                for _ in range(8):
                    if await page.press("ArrowRight") == "Langue : Français.":
                        break
                languages = [m for m in page.received if m["type"] == "language"]
                assert languages[-1]["lang"] == "fr"
                assert languages[-1]["strings"]["answers"] == "Réponses à tes touches"
                kept = [m["settings"] for m in page.received if m["type"] == "settings"][-1]
                assert json.loads(kept)["language"] == "fr"
            async with tab(port, ["en"], kept) as again:  # the page hands its settings back on its next visit
                await again.until(lambda: any("Menu principal" in text for text in again.said))

    asyncio.run(run())


@pytest.mark.system
def test_behind_the_proxy_each_players_address_counts_and_another_sites_page_is_refused() -> None:
    async def run() -> None:
        tables = TableServer(trusted_proxies=frozenset({"127.0.0.1"}))
        tabs = WebTabs(tables, per_address=1)
        server = await start_web_server(tabs, "127.0.0.1", 0)
        port = bound_port(server)
        try:
            first = {"X-Forwarded-For": "203.0.113.7"}
            second = {"X-Forwarded-For": "203.0.113.8"}
            async with tab(port, ["en"], headers=first) as one, tab(port, ["en"], headers=second) as two:
                await one.until(lambda: any("Main menu" in text for text in one.said))
                await two.until(lambda: any("Main menu" in text for text in two.said))
                assert dict(tabs.open) == {"203.0.113.7": 1, "203.0.113.8": 1}
            with pytest.raises(InvalidStatus) as refused:
                async with connect(f"ws://127.0.0.1:{port}{TAB_PATH}", origin=Origin("http://evil.example")):
                    pass
            assert refused.value.response.status_code == 403
        finally:
            server.close()
            await server.wait_closed()

    asyncio.run(run())


@pytest.mark.system
def test_a_tab_that_has_been_said_as_much_as_one_visit_holds_is_closed_with_a_sentence() -> None:
    async def run() -> None:
        async with served(max_messages=3) as (_tabs, port), tab(port, ["en"]) as page:
            await page.until(lambda: any("Main menu" in text for text in page.said))
            with contextlib.suppress(ConnectionClosed):
                for _ in range(3):
                    await page.socket.send(json.dumps({"type": "key", "key": "ArrowDown"}))
            await until(lambda: page.closed)
            ends = [m["text"] for m in page.received if m["type"] == "end"]
            assert ends == ["This page has said as much as one visit may hold; reload it to go on playing."]
            assert len([m for m in page.received if m["type"] == "say"]) == 3

    asyncio.run(run())


@pytest.mark.system
def test_a_typed_answer_from_the_pages_text_box_answers_a_setup_question() -> None:
    """A phone types a name in the page's text box, shown while the game asks for a typed line."""

    async def run() -> None:
        async with served() as (_tabs, port), tab(port, ["en"], fast_settings()) as page:
            await page.until(lambda: any("Main menu" in text for text in page.said))
            assert await page.press("Enter") == "A new game."
            await page.until(lambda: any(m["type"] == "choices" and m.get("typed") for m in page.received))
            await page.socket.send(json.dumps({"type": "text", "text": "4"}))
            await page.until(lambda: "4 players." in page.said)
            await page.socket.send(json.dumps({"type": "text", "text": 7}))  # not a line: one sentence
            await page.until(lambda: any("nothing changed" in text for text in page.said))
            await page.press("Enter")  # 1 at this keyboard
            await page.until(lambda: any("Name of player 1?" in text for text in page.said))
            await page.socket.send(json.dumps({"type": "text", "text": "Zoë"}))
            await page.until(lambda: "Player 1: Zoë." in page.said)

    asyncio.run(run())


@pytest.mark.system
def test_waves_of_new_tabs_from_one_address_are_refused_before_the_handshake_and_the_page_still_loads() -> (
    None
):
    """The online tables' rate of new connections per address holds on the browser client's port too: over it
    a tab's WebSocket is answered HTTP 429 before any handshake (before, the web port handshook every one),
    while the page's own files, plain GETs, are not counted."""

    class Clock:
        now = 0.0

        def __call__(self) -> float:
            return self.now

    async def run() -> None:
        tabs = WebTabs(TableServer(clock=Clock(), new_connections_per_second=2))
        server = await start_web_server(tabs, "127.0.0.1", 0)
        port = bound_port(server)
        try:
            for _ in range(4):  # the burst: twice the rate
                async with connect(f"ws://127.0.0.1:{port}{TAB_PATH}"):
                    pass
            with pytest.raises(InvalidStatus) as refused:
                async with connect(f"ws://127.0.0.1:{port}{TAB_PATH}"):
                    pass
            assert refused.value.response.status_code == 429
            for _ in range(6):
                status, _headers, _body = await http_get(port, "/")
                assert status == 200
        finally:
            server.close()
            await server.wait_closed()

    asyncio.run(run())


@pytest.mark.system
def test_escape_then_y_at_once_in_a_game_goes_back_to_the_main_menu_whose_keys_answer() -> None:
    """Y answered at once (a person's reaction), while the presenter still counts "Quit this game?" as being
    said (a screen reader through live regions: an estimate): before, the presenter's task swallowed its
    cancellation (``asyncio.wait_for`` on Python 3.11) and the tab went dead after "Game saved.", looking
    connected. Then New game asks whether to replace the game just saved before its questions, not after
    them all."""

    async def run() -> None:
        settings = fast_settings(speech="screen-reader")
        async with served() as (_tabs, port), tab(port, ["en"], settings) as page:
            await start_game(page)
            await page.until(lambda: any(text.startswith("Your turn.") for text in page.said))
            assert await page.press("Escape") == "Quit this game? Y or N."
            await asyncio.sleep(REACTION_SECONDS)  # a person's reaction: a sooner key is typed ahead
            assert await page.press("y") == "Game saved."
            await page.until(lambda: sum("Main menu" in text for text in page.said) == 2)
            # New game: asked at once whether to replace the game just saved, before the setup's questions.
            question = await page.press("Enter")
            assert question.startswith("Starting now replaces the unfinished game of You, Ana, and Bo"), (
                question
            )
            await asyncio.sleep(REACTION_SECONDS)
            assert await page.press("y") == "A new game."
            await page.until(lambda: page.said[-1].startswith("How many players"))
            assert sum("Starting now replaces" in text for text in page.said) == 1

    # In a thread of its own: a tab whose game hangs fails the test instead of hanging the server's shutdown.
    outcome: list[BaseException | None] = []

    def apart() -> None:
        try:
            asyncio.run(run())
            outcome.append(None)
        except BaseException as error:  # handed to the test's thread
            outcome.append(error)

    thread = threading.Thread(target=apart, daemon=True)
    thread.start()
    thread.join(3 * TIMEOUT)
    assert outcome, "the tab's game never ended: the server could not close"
    if outcome[0] is not None:
        raise outcome[0]


@pytest.mark.system
def test_with_live_regions_answers_to_keys_neither_cut_nor_hold_back_the_game_messages() -> None:
    """The screen reader reads the answers (assertive) apart from the game messages (polite): S and T during
    the game's opening cut nothing, so nothing is said again and the turn prompt is not pushed back behind
    them; a key that does nothing now is refused in the answers region too. Before, each answer cut the
    opening, which was then waited for again, whole, and the refusal went to the game messages."""

    async def run() -> None:
        settings = fast_settings(speech="screen-reader")
        async with served() as (_tabs, port), tab(port, ["en"], settings) as page:
            await start_game(page)
            await page.until(lambda: any(text.startswith("A game of 3 players") for text in page.said))
            await asyncio.sleep(REACTION_SECONDS)
            await page.press("s")
            await page.press("t")
            await page.press("x")
            await page.until(lambda: any(text.startswith("Your turn.") for text in page.said))
            says = [m for m in page.received if m["type"] == "say"]
            assert not [m["text"] for m in says if m["again"]]
            refusals = [m["kind"] for m in says if m["text"].endswith("F1 lists the keys.")]
            assert refusals == ["answer"]

    asyncio.run(run())


@pytest.mark.system
def test_the_key_list_and_buttons_offer_only_keys_that_work_in_this_tab() -> None:
    """The browser keeps Tab: the menu's key list and buttons name the arrows. In a local game against
    computer players there is no chat, and with the player's screen reader no own voice to speed up: the
    buttons do not offer M or Minus/Equals (nor does F1, as in the terminal)."""

    async def run() -> None:
        settings = fast_settings(speech="screen-reader")
        async with served() as (_tabs, port), tab(port, ["en"], settings) as page:
            await page.until(lambda: any("Main menu" in text for text in page.said))
            await asyncio.sleep(REACTION_SECONDS)
            await page.until(lambda: bool(page.choices))
            labels = [c["label"] for c in page.choices]
            assert "Down arrow: the next item" in labels and "Up arrow: the previous item" in labels
            assert not [label for label in labels if "Tab" in label]
            await page.press("F1")
            await page.until(lambda: any("Down arrow: the next item." in text for text in page.said))
            assert not [text for text in page.said if "Tab:" in text]
            await page.press("Escape")
            await start_game(page)
            await page.until(lambda: any(text.startswith("Your turn.") for text in page.said))
            await page.until(lambda: any(c["key"] == " " for c in page.choices))
            keys = {c["key"] for c in page.choices}
            assert " " in keys and "s" in keys
            assert not keys & {"m", "-", "="}, [c["label"] for c in page.choices if c["key"] in "-="]

    asyncio.run(run())


@pytest.mark.system
def test_q_does_not_count_a_message_already_in_the_live_region_as_skipped() -> None:
    """Right after the player's roll is told, Q: the roll's message is already in the live region (the
    screen reader has it; nothing can take it back), so nothing is skipped. Before, it counted as "1 message
    skipped" while the estimate said it was still being read."""

    async def run() -> None:
        settings = fast_settings(speech="screen-reader", pause=5.0)  # the next roll waits: only this one
        async with served() as (_tabs, port), tab(port, ["en"], settings) as page:
            await start_game(page)
            await page.until(lambda: any(text.startswith("Your turn.") for text in page.said))
            await asyncio.sleep(REACTION_SECONDS)
            assert (await page.press(" ")).startswith("You roll")
            assert await page.press("q") == "Nothing to skip."

    asyncio.run(run())


@pytest.mark.system
def test_a_tabs_options_offer_the_browsers_settings_not_the_terminals() -> None:
    """Options in a tab: no printed lines, printing or braille (the terminal's), the speech output is the
    player's screen reader or the browser's own voice, at once, and the language follows the browser's."""

    async def run() -> None:
        settings = fast_settings(speech="screen-reader")
        async with served() as (_tabs, port), tab(port, ["en"], settings) as page:
            await page.until(lambda: any("Main menu" in text for text in page.said))
            await asyncio.sleep(REACTION_SECONDS)
            assert await page.press("End") == "Quit. 7 of 7."
            assert await page.press("ArrowUp") == "Options. 6 of 7."
            await page.press("Enter")
            # 7 lines, not the terminal's 9: no "Print messages in screen-reader mode", no "Braille".
            assert await page.press("End") == "Speech output: your screen reader. 7 of 7."
            changed = await page.press("ArrowRight")
            assert changed.startswith("Speech output: the browser's own voice."), changed
            assert "from its next start" not in changed
            await page.press("Home")
            assert await page.press("ArrowDown") == "Language: the browser's, English. 2 of 7."
            await page.until(lambda: any(m["type"] == "voice" and m["own"] for m in page.received))

    asyncio.run(run())
