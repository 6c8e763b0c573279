"""The attacks of issue 22, run again against a real ``lcr-audio serve`` on loopback, with its own limits.

Each attack starts its own server (``python -m lcr_audio serve`` as a subprocess, its default limits, its own
``--data`` folder under a temp folder) and attacks it from this process with the game's protocol
(:mod:`lcr_audio.game.online.protocol`; the measured table plays through the game's own client,
:class:`lcr_audio.game.online.client.Link`). Other loopback addresses (127.0.0.2, 127.0.1.1, ...: a client
socket bound to them) stand in for other client addresses: the server sees the peer address. Wherever the
server answers with a refusal, the refusals are counted by reason. It prints one figure a line, numbered
as the issue's measurements (4, a lobby of 1 or 2 resumed, and 8, by ear, are tests only):

1. capacity: 2,000 three-seat lobbies opened and abandoned from one address, the tables (games) one address
   can hold, that a second address still opens one, the same after a restart, and 2,000 lobbies from 400
   addresses (the limits are per address: enough addresses still fill the server);
2. 2,000 refused hellos (a name of digits, a wrong version, 11 names): the tables they created;
3. join codes guessed from one address and from 100 addresses: answers a second, and the expected years to
   find a table at the server's limits (the server's own ``years_to_find_a_table`` and the measured rate);
5. table files kept after SIGHUP, SIGTERM and kill -9 during a burst of 300 table openings (60 addresses),
   and how long after such a burst its files are all on disk without a signal;
6. another table's roll-to-all-clients times (median, p99, worst; goal: p99 under 50 ms) quiet, during a
   chat storm (400 listeners at 20 tables, each chatting once a second) and during a listener storm (1,000
   connections asking to listen at one table, again every second when refused), and as a control with no
   storm but one core kept busy by another process (the machine's own noise); the storms run in a second
   process (this script with ``--storm``, at nice 19: an attacker's clients run on other machines) so that
   their clients take as little as they can from the server and the measuring clients;
7. the server's memory per connection (its RSS over 1,000 idle connections, from /proc), how long a
   connection without a hello is kept, and 2,000 silent connections from one address.

Run: python3 benchmarks/online_abuse.py [--quick] [--only ATTACK]   (about 2 minutes; --quick: shorter
windows; --only capacity, refused, codes, signals, storms or idle, more than once for several; --storms
cpu, chat or listen: only that storm of the storms part)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from lcr_audio.engine import GameState, Phase, Rules, new_game, step
from lcr_audio.game.online.client import Link, opening_hello
from lcr_audio.game.online.protocol import (
    CODE_ALPHABET,
    CODE_LENGTH,
    PROTOCOL_VERSION,
    Applied,
    Chat,
    Hello,
    Refused,
    RollDice,
    ServerMessage,
    Start,
    Started,
    Welcome,
    action_from_doc,
    decode_server,
    encode,
    rules_from_doc,
)
from lcr_audio.game.online.server import (
    GUESSES_PER_SECOND_IN_TOTAL,
    MAX_TABLES,
    years_to_find_a_table,
)

HERE = "127.0.0.1"
"""The address the server listens on; clients bind other loopback addresses to stand for other people."""


def say(text: str) -> None:
    """One figure, one line."""
    print(text, flush=True)


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` in KiB (Linux /proc)."""
    found = re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())
    return int(found.group(1)) if found else 0


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used, user and system, in seconds (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def by_reason(counts: Counter[str]) -> str:
    """``welcome 5, too-many-lobbies 1995``: the answers counted, most first."""
    return ", ".join(f"{reason} {number:,}" for reason, number in counts.most_common()) or "none"


def guess() -> str:
    """A random join code of today's length."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


# --- the server under attack ------------------------------------------------------------------------------


class Serve:
    """``lcr-audio serve`` in its own process, on loopback, its data under ``folder``."""

    def __init__(self, folder: Path, *extra: str) -> None:
        self.folder = folder
        self.data = folder / "tables"
        self.log = folder / "serve.log"
        folder.mkdir(parents=True, exist_ok=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "LCR_AUDIO"))}
        env.update(HOME=str(folder), LANG="C.UTF-8", PYTHONUTF8="1", XDG_DATA_HOME=str(folder / "xdg"))
        command = [sys.executable, "-m", "lcr_audio", "serve", "--host", HERE, "--port", "0"]
        command += ["--data", str(self.data), "--log", str(self.log), "--status-seconds", "1", *extra]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
        )
        self.lines: list[str] = []
        self._first = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        if not self._first.wait(60) or not (found := re.search(r"ws://[^ ]*:(\d+)\b", self.lines[0])):
            self.process.kill()
            raise SystemExit(f"The server did not start: {self.lines}")
        self.port = int(found.group(1))
        self.pid = self.process.pid

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            self._first.set()
        self._first.set()

    def stop(self, number: int = signal.SIGTERM) -> list[str]:
        """Send ``number`` and wait for the process to end; its printed lines after the first."""
        if self.process.poll() is None:
            self.process.send_signal(number)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        time.sleep(0.1)  # the reader thread takes the last lines
        return self.lines[1:]

    def tables_in_status(self, after: float) -> int | None:
        """The tables of the first status line the server logged after the time ``after`` (``time.time``),
        waited for up to 10 s."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for line in self.log.read_text(encoding="utf-8", errors="replace").splitlines():
                found = re.search(r"^(\S+ \S+).*Status: (\d+) tables", line)
                if found and _log_time(found.group(1)) > after:
                    return int(found.group(2))
            time.sleep(0.2)
        return None

    def table_files(self) -> set[str]:
        """The codes of the tables whose seats file is in the data folder."""
        return {path.name.split(".")[0] for path in self.data.glob("*.table.json")}


def _log_time(stamp: str) -> float:
    with contextlib.suppress(ValueError):
        return time.mktime(time.strptime(stamp.split(",")[0], "%Y-%m-%d %H:%M:%S")) + 1
    return 0.0


async def ws(port: int, source: str = HERE) -> ClientConnection:
    """A WebSocket connection to the server from the loopback address ``source``."""
    return await connect(
        f"ws://{HERE}:{port}",
        local_addr=(source, 0),
        max_size=None,
        ping_interval=None,
        open_timeout=60,
        close_timeout=1,
        compression=None,
    )


async def answer(socket: ClientConnection) -> ServerMessage:
    """The server's answer to a hello: its welcome or its refusal."""
    async with asyncio.timeout(60):
        while True:
            message = decode_server(await socket.recv())
            if isinstance(message, (Welcome, Refused)):
                return message


def named(message: ServerMessage | None) -> str:
    """``welcome``, a refusal's reason, or ``closed``."""
    if isinstance(message, Welcome):
        return "welcome"
    if isinstance(message, Refused):
        return str(message.reason)  # a Reason when known, else the server's word
    return "closed"


async def ask(port: int, source: str, hello: Hello, then: Iterable[Any] = ()) -> tuple[str, str]:
    """Connect from ``source``, send ``hello``, then (if welcome) ``then``; close. The answer's name and the
    table's code."""
    try:
        socket = await ws(port, source)
    except Exception as error:  # refused, or closed during the handshake (the server stopping)
        return type(error).__name__, ""
    try:
        await socket.send(encode(hello))
        message = await answer(socket)
        if isinstance(message, Welcome):
            for follow in then:
                await socket.send(encode(follow))
            if then:
                await asyncio.sleep(0.05)
        return named(message), message.code if isinstance(message, Welcome) else ""
    except Exception:  # a connection the server closed
        return "closed", ""
    finally:
        await socket.close()


async def gathered(jobs: Iterable[Callable[[], Awaitable[Any]]], at_once: int) -> list[Any]:
    """Run ``jobs`` with at most ``at_once`` of them at a time; their results in order."""
    gate = asyncio.Semaphore(at_once)

    async def one(job: Callable[[], Awaitable[Any]]) -> Any:
        async with gate:
            return await job()

    return list(await asyncio.gather(*(one(job) for job in jobs)))


# --- 1. capacity ------------------------------------------------------------------------------------------


def lobby_hello() -> Hello:
    return Hello(PROTOCOL_VERSION, "", names=["Ana", "Bo", "Cy"])


async def open_lobbies(port: int, source: str, count: int) -> Counter[str]:
    answers = await gathered([lambda: ask(port, source, lobby_hello()) for _ in range(count)], 20)
    return Counter(name for name, _ in answers)


async def capacity(root: Path) -> None:
    server = Serve(root / "capacity")
    try:
        started = time.perf_counter()
        answers = await open_lobbies(server.port, HERE, 2000)
        seconds = time.perf_counter() - started
        say(
            f"1. 2,000 three-seat lobbies opened and abandoned from one address ({seconds:.1f} s): "
            f"{by_reason(answers)}"
        )
        say(f"1. lobbies one address can hold: {answers['welcome']}")
        # Games: each lobby started at once (the host then never rolls), 30 tries from one address.
        held: list[ClientConnection] = []
        games: Counter[str] = Counter()
        for _ in range(30):
            try:
                socket = await ws(server.port, "127.0.0.3")
            except InvalidStatus:  # its refused hellos put the address in debt: HTTP 429 before any hello
                games["HTTP 429"] += 1
                continue
            await socket.send(encode(Hello(PROTOCOL_VERSION, "", names=["Ana"])))
            message = await answer(socket)
            games[named(message)] += 1
            if isinstance(message, Welcome):
                await socket.send(encode(Start()))
                async with asyncio.timeout(30):
                    while not isinstance(decode_server(await socket.recv()), Started):
                        pass
                held.append(socket)
            else:
                await socket.close()
        say(f"1. 30 tables opened and started from another address: {by_reason(games)}")
        say(f"1. tables (games and lobbies) one address can hold: {games['welcome']}")
        second = Counter([(await ask(server.port, "127.0.0.2", lobby_hello()))[0]])
        say(f"1. a second address (127.0.0.2) then opens a lobby: {by_reason(second)}")
        for socket in held:
            await socket.close()
        lines = server.stop(signal.SIGTERM)
        say(f"1. stopped (SIGTERM): {' '.join(lines)}")
    finally:
        server.stop(signal.SIGKILL)
    again = Serve(root / "capacity")
    try:
        await asyncio.sleep(0.5)
        say(f"1. restarted on the same folder: {' '.join(again.lines[1:]) or 'no table resumed'}")
        second = Counter([(await ask(again.port, "127.0.0.2", lobby_hello()))[0]])
        say(f"1. after the restart a second address (127.0.0.2) opens a lobby: {by_reason(second)}")
        same = await open_lobbies(again.port, HERE, 200)
        say(
            f"1. after the restart the first address tries 200 more: {by_reason(same)} (who opened a lobby "
            "is kept in its file)"
        )
        # Many addresses (IPv6: many /64 networks) together: the limits are per address only.
        sources = [f"127.0.{7 + n // 250}.{1 + n % 250}" for n in range(400)]
        started = time.perf_counter()
        jobs = [partial(ask, again.port, sources[n % 400], lobby_hello()) for n in range(2000)]
        many = Counter(name for name, _ in await gathered(jobs, 50))
        say(
            f"1. 2,000 lobbies from 400 addresses, 5 each ({time.perf_counter() - started:.1f} s): "
            f"{by_reason(many)}"
        )
        late = Counter([(await ask(again.port, "127.0.9.1", lobby_hello()))[0]])
        say(
            f"1. then a new address opens a lobby: {by_reason(late)} (on a full server a new table takes the "
            "place of the lobby abandoned longest ago)"
        )
    finally:
        again.stop(signal.SIGTERM)


# --- 2. refused hellos ------------------------------------------------------------------------------------


REFUSED_HELLOS = [
    Hello(PROTOCOL_VERSION, "", names=["12345"]),
    Hello(PROTOCOL_VERSION + 1, "", names=["Ana"]),
    Hello(PROTOCOL_VERSION, "", names=[f"P{letter}" for letter in "abcdefghijk"]),
]


async def refused_hellos(root: Path) -> None:
    server = Serve(root / "refused")
    try:
        answers: Counter[str] = Counter()

        async def twenty(first: int) -> None:
            try:
                socket = await ws(server.port, HERE)
            except Exception as error:  # refused before the handshake (HTTP 429): its 20 hellos unsent
                answers[type(error).__name__] += 1
                return
            try:
                for n in range(first, first + 20):  # the per-connection burst: none is refused as a flood
                    await socket.send(encode(REFUSED_HELLOS[n % 3]))
                for _ in range(20):
                    answers[named(await answer(socket))] += 1
            finally:
                await socket.close()

        started = time.perf_counter()
        await gathered([partial(twenty, n * 20) for n in range(100)], 20)
        seconds = time.perf_counter() - started
        after = time.time()
        say(f"2. 2,000 refused hellos from one address ({seconds:.1f} s): {by_reason(answers)}")
        await asyncio.sleep(0.5)
        status = server.tables_in_status(after)
        say(
            f"2. tables created by them: {status} (the server's status line), "
            f"{len(server.table_files())} table files in its folder"
        )
    finally:
        server.stop(signal.SIGTERM)


# --- 3. guessing codes ------------------------------------------------------------------------------------


async def guessing(
    port: int, sources: list[str], per_source: int, seconds: float
) -> tuple[Counter[str], list[float]]:
    """Every source sends wrong codes from ``per_source`` connections, each at 10 a second (the
    per-connection limit) for ``seconds``: the answers by reason, and when each ``no-table`` came (s)."""
    answers: Counter[str] = Counter()
    answered: list[float] = []
    start = time.perf_counter()

    async def one(source: str) -> None:
        try:
            socket = await ws(port, source)
        except Exception as error:  # refused, or closed during the handshake
            answers[type(error).__name__] += 1
            return

        async def read() -> None:
            with contextlib.suppress(Exception):
                async for frame in socket:
                    message = decode_server(frame)
                    answers[named(message)] += 1
                    if named(message) == "no-table":
                        answered.append(time.perf_counter() - start)

        reader = asyncio.create_task(read())
        try:
            sent = 0
            while (now := time.perf_counter() - start) < seconds:
                await socket.send(encode(Hello(PROTOCOL_VERSION, guess(), names=["Gus"])))
                sent += 1
                await asyncio.sleep(max(0.0, sent * 0.1 - now))
            await asyncio.sleep(0.5)  # the last answers
        except Exception:  # a connection the server closed
            answers["closed"] += 1
        finally:
            reader.cancel()
            await socket.close()

    await asyncio.gather(*(one(source) for source in sources for _ in range(per_source)))
    return answers, answered


async def codes(root: Path, seconds: float) -> None:
    server = Serve(root / "guess")
    try:
        name, _code = await ask(server.port, "127.0.0.2", Hello(PROTOCOL_VERSION, "", names=["Ana"]), [])
        assert name == "welcome"
        answers, answered = await guessing(server.port, ["127.0.0.4"], 50, seconds)
        one_rate = len(answered) / seconds
        say(f"3. codes sent from one address on 50 connections for {seconds:.0f} s: {by_reason(answers)}")
        say(
            f"3. code guesses answered from one address: {one_rate:.1f} per second "
            f"({len(answered)} in {seconds:.0f} s)"
        )
        sources = [f"127.0.1.{n}" for n in range(1, 101)]
        answers, answered = await guessing(server.port, sources, 2, seconds)
        total_rate = len(answered) / seconds
        late = [at for at in answered if at >= seconds / 2]
        late_rate = len(late) / (seconds / 2)
        say(f"3. codes sent from 100 addresses on 200 connections for {seconds:.0f} s: {by_reason(answers)}")
        say(
            f"3. code guesses answered in total: {total_rate:.1f} per second over {seconds:.0f} s, "
            f"{late_rate:.1f} per second in its second half (the server's budget: a burst of 100, then "
            f"{GUESSES_PER_SECOND_IN_TOTAL:.0f} a second)"
        )
        say(
            f"3. expected years to find one of {MAX_TABLES:,} open tables, server's years_to_find_a_table(): "
            f"{years_to_find_a_table():,.0f} years"
        )
        say(
            f"3. expected years to find one of {MAX_TABLES:,} open tables at the measured total rate "
            f"({late_rate:.1f} a second): "
            f"{years_to_find_a_table(per_second=max(late_rate, 0.001)):,.0f} years"
        )
        say(
            f"3. expected years at the rate measured from one address ({one_rate:.1f} a second, its first "
            f"minute's budget; its waits grow after it): "
            f"{years_to_find_a_table(per_second=max(one_rate, 0.001)):,.0f} years"
        )
    finally:
        server.stop(signal.SIGTERM)


# --- 4. signals during a burst ----------------------------------------------------------------------------


async def burst_then(root: Path, name: str, number: int) -> None:
    server = Serve(root / f"signal-{name}")
    welcomed: list[str] = []
    signalled = asyncio.Event()
    sources = [f"127.0.2.{n}" for n in range(1, 61)]  # 5 lobbies each: the limit per address

    async def one(index: int) -> None:
        answer_name, code = await ask(server.port, sources[index % 60], lobby_hello())
        if answer_name == "welcome":
            welcomed.append(code)
            if len(welcomed) == 200:
                signalled.set()

    async def signal_at_200() -> None:
        await signalled.wait()
        os.kill(server.pid, number)  # 100 openings still on their way

    sender = asyncio.create_task(signal_at_200())
    try:
        await gathered([partial(one, i) for i in range(300)], 60)
    finally:
        sender.cancel()
        lines = await asyncio.to_thread(server.stop, number)
    kept = server.table_files()
    temp = len(list(server.data.glob(".*.tmp")))
    lost = len(set(welcomed) - kept)
    said = f"; it said: {' '.join(lines)}" if lines else ""
    say(
        f"5. {name} during a burst of 300 table openings (sent after the 200th welcome): "
        f"{len(welcomed)} welcomed, {len(kept & set(welcomed))} of them kept, {lost} lost "
        f"({len(kept)} table files in all), "
        f"{temp} temp files left{said}"
    )
    if number == signal.SIGKILL:
        again = Serve(root / f"signal-{name}")
        await asyncio.sleep(0.3)
        again.stop(signal.SIGTERM)
        temp = len(list(server.data.glob(".*.tmp")))
        say(
            f"5. restarted after {name}: {' '.join(again.lines[1:2]) or 'no table resumed'}; "
            f"{temp} temp files left"
        )


async def signals(root: Path) -> None:
    for name, number in (("SIGHUP", signal.SIGHUP), ("SIGTERM", signal.SIGTERM), ("kill -9", signal.SIGKILL)):
        await burst_then(root, name, number)
    # How far the files trail the welcomes: what a kill -9 during a burst finds unwritten.
    server = Serve(root / "signal-none")
    try:
        sources = [f"127.0.2.{n}" for n in range(1, 61)]
        waits: list[float] = []

        async def timed(source: str) -> tuple[str, str]:
            began = time.perf_counter()
            answer = await ask(server.port, source, lobby_hello())
            waits.append(time.perf_counter() - began)
            return answer

        jobs = [partial(timed, sources[i % 60]) for i in range(300)]
        welcomed = {code for name, code in await gathered(jobs, 60) if name == "welcome"}
        last = time.perf_counter()
        on_disk = server.table_files()
        while not welcomed <= on_disk and time.perf_counter() - last < 60:
            await asyncio.sleep(0.05)
            on_disk = server.table_files()
        say(
            f"5. no signal: {len(welcomed & on_disk)} of {len(welcomed)} just-opened tables on disk "
            f"{time.perf_counter() - last:.1f} s after the last welcome"
        )
        say(f"5. connect, hello and welcome of each of those 300 openings (60 at a time): {spread(waits)}")
        waits.clear()
        for index in range(20):  # one at a time, a quiet server: what one person opening a table waits
            await timed(f"127.0.2.{100 + index}")
        say(f"5. the same for 20 openings one at a time: {spread(waits)}")
    finally:
        server.stop(signal.SIGTERM)


# --- 5. another table during storms -----------------------------------------------------------------------


@dataclass
class Measured:
    """A table of three people (three clients of the game's own :class:`Link`) and a listener, rolling
    every ``every`` seconds: the time from each roll sent to the last of its four clients applying it."""

    port: int
    every: float = 0.05
    links: list[Link] = field(default_factory=list)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    state: GameState | None = None
    count: int = 0
    seat_link: dict[int, Link] = field(default_factory=dict)
    sent: dict[int, float] = field(default_factory=dict)
    arrivals: Counter[int] = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)
    """When each of :attr:`times`' rolls was sent (``time.perf_counter``)."""
    drops: int = 0
    last_roll: float = 0.0
    code: str = ""
    tables: int = 0

    async def open(self) -> None:
        """A new table (also when the last game ended)."""
        for link in self.links:
            await link.close()
        for task in self.tasks:
            task.cancel()
        self.links, self.tasks, self.state, self.count = [], [], None, 0
        self.seat_link, self.sent, self.arrivals = {}, {}, Counter()
        self.tables += 1
        welcome = asyncio.Event()
        rules = Rules(players=3, chips=10)
        host = self._link(
            opening_hello("", ["Ana"], spectator=False, language="en", rules=rules, tokens=[]), welcome
        )
        await welcome.wait()
        for names in (["Bo"], ["Cy"], []):
            joined = asyncio.Event()
            hello = opening_hello(self.code, names, spectator=not names, language="en", rules=None, tokens=[])
            self._link(hello, joined)
            await joined.wait()
        host.send(Start())

    def _link(self, hello: Hello, welcome: asyncio.Event) -> Link:
        def on_message(message: ServerMessage) -> None:
            if isinstance(message, Welcome):
                self.code = message.code
                for grant in message.seats:
                    self.seat_link[grant.seat] = link
                welcome.set()
            elif isinstance(message, Started) and link is self.links[0]:
                rules = rules_from_doc(message.rules, players=len(message.seats))
                state, _ = new_game(rules, message.first)
                for doc in message.actions:
                    state, _ = step(state, action_from_doc(doc))
                self.state, self.count = state, len(message.actions)
                self.roll()
            elif isinstance(message, Applied):
                self.arrivals[message.index] += 1
                if link is self.links[0] and self.state is not None and message.index == self.count:
                    self.state, _ = step(self.state, action_from_doc(message.action))
                    self.count += 1
                if self.arrivals[message.index] == len(self.links):
                    sent = self.sent.pop(message.index, None)
                    if sent is not None:
                        self.times.append(time.perf_counter() - sent)
                        self.sent_at.append(sent)
                    del self.arrivals[message.index]
                    self.roll()

        def on_drop() -> None:
            self.drops += 1

        link = Link(f"ws://{HERE}:{self.port}", lambda: hello, on_message, on_drop=on_drop)
        self.links.append(link)
        self.tasks.append(asyncio.create_task(link.run()))
        return link

    def roll(self) -> None:
        state = self.state
        if state is None:
            return
        if state.over:
            asyncio.get_running_loop().create_task(self.open())
            return
        if state.phase is not Phase.ROLL or state.seat not in self.seat_link or self.count in self.sent:
            return
        wait = max(0.0, self.last_roll + self.every - time.perf_counter())
        asyncio.get_running_loop().call_later(wait, self._roll_now, self.count)

    def _roll_now(self, count: int) -> None:
        state = self.state
        if state is None or self.count != count or count in self.sent or state.phase is not Phase.ROLL:
            return
        self.last_roll = time.perf_counter()
        self.sent[count] = self.last_roll
        self.seat_link[state.seat].send(RollDice(state.seat, count))

    async def close(self) -> None:
        for link in self.links:
            await link.close()
        for task in self.tasks:
            task.cancel()


def latencies(times: list[float]) -> str:
    if not times:
        return "no roll measured"
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    verdict = "under" if p99 < 0.050 else "OVER"
    return (
        f"p99 {p99 * 1000:.1f} ms ({verdict} the 50 ms goal), "
        f"median {statistics.median(ordered) * 1000:.1f} ms, "
        f"worst {ordered[-1] * 1000:.1f} ms, {len(ordered)} rolls"
    )


async def storms(root: Path, seconds: float, kinds: list[str] | None = None) -> None:
    server = Serve(root / "storms")
    measured = Measured(server.port)
    try:
        await measured.open()
        await asyncio.sleep(1)
        measured.times.clear()
        cpu, wall = cpu_seconds(server.pid), time.perf_counter()
        await asyncio.sleep(seconds)
        cpu = (cpu_seconds(server.pid) - cpu) / (time.perf_counter() - wall)
        say(f"6. another table's roll to all 4 of its clients, no storm: {latencies(measured.times)}")
        say(f"6. no storm: server CPU {cpu:.0%} of a core")
        for kind, what in [
            ("cpu", "no storm, one core kept busy by another process (the control)"),
            ("chat", "a chat storm (400 listeners at 20 tables, each chatting once a second)"),
            (
                "listen",
                "a listener storm (1,000 connections from 20 addresses asking to listen at one table, "
                "again every second when refused)",
            ),
        ]:
            if kinds and kind not in kinds:
                continue
            storm = subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--storm",
                    kind,
                    "--port",
                    str(server.port),
                    "--seconds",
                    str(seconds),
                ],
                stdout=subprocess.PIPE,
                text=True,
            )
            assert storm.stdout is not None
            ready = await asyncio.to_thread(storm.stdout.readline)
            if not ready.startswith("ready"):
                raise SystemExit(f"The {kind} storm did not start: {ready!r}")
            measured.times.clear()
            measured.sent_at.clear()
            begun = time.perf_counter()
            drops = measured.drops
            rss = rss_kib(server.pid)
            cpu, storm_cpu, wall = cpu_seconds(server.pid), cpu_seconds(storm.pid), time.perf_counter()
            done = await asyncio.to_thread(storm.stdout.readline)
            cpu = (cpu_seconds(server.pid) - cpu) / (time.perf_counter() - wall)
            storm_cpu = (cpu_seconds(storm.pid) - storm_cpu) / (time.perf_counter() - wall)
            out = done + await asyncio.to_thread(storm.stdout.read)
            storm.wait()
            result = json.loads(out.strip().splitlines()[-1])
            say(f"6. another table's roll to all 4 of its clients during {what}: {latencies(measured.times)}")
            later = [t for t, at in zip(measured.times, measured.sent_at, strict=True) if at - begun >= 2]
            if kind == "cpu":
                say(f"6. (control) server CPU {cpu:.0%} of a core, the busy process {storm_cpu:.0%}")
                continue
            say(f"6. the same, its first 2 seconds left out: {latencies(later)}")
            say(
                f"6. {kind} storm set-up ({result['setup']:.1f} s): "
                f"{by_reason(Counter(result['setup_answers']))}"
            )
            say(
                f"6. {kind} storm: {result['chats']:,} chat lines sent, {result['frames']:,} frames "
                f"received by its clients, {result['answers_total']:,} hello answers "
                f"({by_reason(Counter(result['answers']))}), "
                f"{result['closed']} of its connections closed by the server"
            )
            say(
                f"6. during the {kind} storm: the measured table's clients dropped "
                f"{measured.drops - drops} times; "
                f"server RSS {rss / 1024:.0f} MiB at its start; server CPU {cpu:.0%} of a core, the storm's "
                f"clients {storm_cpu:.0%}"
            )
        say(f"6. the measured table played {measured.tables} game(s)")
    finally:
        await measured.close()
        server.stop(signal.SIGTERM)


async def storm(kind: str, port: int, seconds: float) -> None:
    """The storm half of :func:`storms`, in its own process: prints ``ready`` once set up, storms for
    ``seconds``, then prints its counts as one line of JSON."""
    result: dict[str, Any] = {"chats": 0, "frames": 0, "closed": 0}
    answers: Counter[str] = Counter()
    setup_answers: Counter[str] = Counter()
    stop = asyncio.Event()
    sockets: list[ClientConnection] = []
    readers: list[asyncio.Task[None]] = []
    started = time.perf_counter()

    async def reader(socket: ClientConnection) -> None:
        try:
            async for _frame in socket:
                result["frames"] += 1
        except Exception:
            pass
        if not stop.is_set():
            result["closed"] += 1

    async def host(source: str) -> str:
        socket = await ws(port, source)
        await socket.send(encode(Hello(PROTOCOL_VERSION, "", names=["Hal"])))
        message = await answer(socket)
        setup_answers[named(message)] += 1
        sockets.append(socket)
        readers.append(asyncio.create_task(reader(socket)))
        return message.code if isinstance(message, Welcome) else ""

    if kind == "cpu":  # the control: the machine busier by one core, no network at all
        result.update(setup=0.0, setup_answers={}, answers={}, answers_total=0)
        print("ready", flush=True)
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            pass
        print("done", flush=True)
        print(json.dumps(result), flush=True)
        return
    if kind == "chat":
        codes = [await host(f"127.0.3.{1 + n // 5}") for n in range(20)]  # 5 lobbies an address

        async def chatter(index: int) -> None:
            try:
                socket = await ws(port, f"127.0.4.{1 + index // 50}")
            except Exception as error:  # refused before the handshake (HTTP 429)
                setup_answers[type(error).__name__] += 1
                return
            await socket.send(encode(Hello(PROTOCOL_VERSION, codes[index % 20])))
            message = await answer(socket)
            setup_answers[named(message)] += 1
            if not isinstance(message, Welcome):
                await socket.close()
                return
            sockets.append(socket)
            readers.append(asyncio.create_task(reader(socket)))
            await ready.wait()
            await asyncio.sleep((index % 100) / 100)  # spread over the second
            while not stop.is_set():
                with contextlib.suppress(Exception):
                    await socket.send(encode(Chat(f"storm {index}")))
                    result["chats"] += 1
                await asyncio.sleep(1.0)

        ready = asyncio.Event()
        tasks = [asyncio.create_task(chatter(n)) for n in range(400)]
        while sum(setup_answers.values()) < 420:
            await asyncio.sleep(0.05)
    else:
        code = await host("127.0.3.100")  # not an address of the chat storm's hosts
        ready = asyncio.Event()

        async def listener(index: int) -> None:
            source = f"127.0.5.{1 + index // 50}"
            first = True
            await ready.wait()
            while not stop.is_set():
                try:
                    socket = await ws(port, source)
                    await socket.send(encode(Hello(PROTOCOL_VERSION, code)))
                    message = await answer(socket)
                except Exception:
                    message = None
                    socket = None
                (setup_answers if first else answers)[named(message)] += 1
                first = False
                if isinstance(message, Welcome) and socket is not None:
                    sockets.append(socket)
                    await reader(socket)
                    return
                if socket is not None:
                    await socket.close()
                await asyncio.sleep(1.0)

        tasks = [asyncio.create_task(listener(n)) for n in range(1000)]
    result["setup"] = time.perf_counter() - started
    print("ready", flush=True)
    ready.set()
    await asyncio.sleep(seconds)
    stop.set()
    print("done", flush=True)
    result["setup_answers"] = dict(setup_answers)
    result["answers"] = dict(answers)
    result["answers_total"] = sum(answers.values())
    for task in tasks:
        task.cancel()
    await asyncio.gather(*(socket.close() for socket in sockets), return_exceptions=True)
    print(json.dumps(result), flush=True)


# --- 6. idle connections ----------------------------------------------------------------------------------


async def idle(root: Path) -> None:
    server = Serve(root / "idle")
    try:
        await asyncio.sleep(1)
        before = rss_kib(server.pid)
        sources = [f"127.0.6.{n}" for n in range(1, 21)]
        opened: list[tuple[ClientConnection, float]] = []

        async def one(index: int) -> None:
            with contextlib.suppress(Exception):  # refused before the handshake (HTTP 429)
                socket = await ws(server.port, sources[index % 20])
                opened.append((socket, time.perf_counter()))

        await gathered([partial(one, i) for i in range(1000)], 100)
        await asyncio.sleep(0.2)
        during = rss_kib(server.pid)
        say(
            f"7. server memory per idle connection: {(during - before) / len(opened):.1f} KiB "
            f"(RSS {before / 1024:.1f} MiB, then {during / 1024:.1f} MiB with {len(opened):,} connections "
            "from 20 addresses, no hello)"
        )
        kept = await asyncio.gather(*(closed_after(socket, at) for socket, at in opened))
        say(
            f"7. connections without a hello closed after: {spread(kept)} (serve --hello-seconds, default 10)"
        )
        # The attack of issue 22: 2,000 silent connections from one address.
        held: list[tuple[ClientConnection, float]] = []
        answers: Counter[str] = Counter()

        async def silent() -> None:
            try:
                socket = await ws(server.port, "127.0.0.7")
            except Exception as error:  # refused, or closed during the handshake
                answers[type(error).__name__] += 1
                return
            at = time.perf_counter()
            try:
                async with asyncio.timeout(1):
                    first = decode_server(await socket.recv())
                answers[named(first)] += 1
                await socket.close()
            except TimeoutError:
                answers["held"] += 1
                held.append((socket, at))
            except Exception:
                answers["closed"] += 1

        started = time.perf_counter()
        await gathered([silent for _ in range(2000)], 100)
        say(
            f"7. 2,000 silent connections from one address ({time.perf_counter() - started:.1f} s): "
            f"{by_reason(answers)}"
        )
        kept = await asyncio.gather(*(closed_after(socket, at) for socket, at in held))
        say(f"7. of those, the held ones were closed after: {spread(kept)}")
    finally:
        server.stop(signal.SIGTERM)


async def closed_after(socket: ClientConnection, at: float) -> float:
    with contextlib.suppress(Exception):
        async with asyncio.timeout(60):
            await socket.wait_closed()
    return time.perf_counter() - at


def spread(seconds: list[float]) -> str:
    if not seconds:
        return "none held"
    ordered = sorted(seconds)
    digits = 1 if ordered[-1] >= 1 else 3
    return (
        f"{ordered[0]:.{digits}f} s at the soonest, median {statistics.median(ordered):.{digits}f} s, "
        f"{ordered[-1]:.{digits}f} s at the latest ({len(ordered):,} connections)"
    )


# --- the whole run ----------------------------------------------------------------------------------------


async def main(args: argparse.Namespace) -> None:
    if args.storm:
        if args.storm != "cpu":  # the attackers' clients: on a real server, other machines' processors
            os.nice(19)
        await storm(args.storm, args.port, args.seconds)
        return
    started = time.perf_counter()
    window = 3.0 if args.quick else 6.0
    with tempfile.TemporaryDirectory(prefix="lcr-abuse-") as folder:
        root = Path(folder)
        say(
            f"lcr-audio serve under attack on loopback; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}"
        )
        attacks: dict[str, Callable[[], Awaitable[None]]] = {
            "capacity": lambda: capacity(root),
            "refused": lambda: refused_hellos(root),
            "codes": lambda: codes(root, window),
            "signals": lambda: signals(root),
            "storms": lambda: storms(root, window + 6, args.storms),
            "idle": lambda: idle(root),
        }
        for name, attack in attacks.items():
            if not args.only or name in args.only:
                await attack()
    say(f"whole run: {time.perf_counter() - started:.0f} s; load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter measuring windows")
    parser.add_argument(
        "--only",
        action="append",
        choices=["capacity", "refused", "codes", "signals", "storms", "idle"],
        help="run only this attack (may be given more than once)",
    )
    parser.add_argument(
        "--storms",
        action="append",
        choices=["cpu", "chat", "listen"],
        help="with --only storms: run only this storm (the control, the chat or the listener storm; may be "
        "given more than once)",
    )
    parser.add_argument("--storm", choices=["chat", "listen", "cpu"], help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, default=8.0, help=argparse.SUPPRESS)
    asyncio.run(main(parser.parse_args()))
