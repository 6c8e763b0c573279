"""How many players one table server holds: many tables of people and listeners on one server (issue 16).

Starts ``lcr-audio serve`` as its own process on loopback and connects TABLES x 4 WebSocket clients from
this process: per table a host (a person), a second person and two listeners; a computer player fills the
third seat. The people roll as soon as it is their turn, so the server is as busy as the players allow.
After a warm-up it measures for SECONDS:

- events per second: the game actions the server applied, and the frames every client received;
- the time from a person's roll being sent to the last of the table's four clients receiving it: median,
  99th percentile and worst;
- the server's resident memory per table (its RSS with the tables playing, less its RSS before any table).

Run: python3 benchmarks/online_load.py [--tables 250] [--seconds 20] [--pace 1.0]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

from lcr_audio.engine import GameState, Phase, Rules, new_game, step
from lcr_audio.game.online.protocol import (
    PROTOCOL_VERSION,
    Applied,
    Hello,
    RollDice,
    Start,
    Started,
    Welcome,
    action_from_doc,
    decode_server,
    encode,
    rules_doc,
    rules_from_doc,
)


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid`` in KiB (Linux /proc)."""
    text = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+)", text)
    return int(found.group(1)) if found else 0


@dataclass
class Measure:
    measuring: bool = False
    frames: int = 0
    latencies: list[float] = field(default_factory=list)


@dataclass
class TableRun:
    """One table's four clients and what they saw."""

    code: str = ""
    state: GameState | None = None
    count: int = 0
    """Actions applied to this table's copy of the game."""
    sent: dict[int, float] = field(default_factory=dict)
    arrivals: dict[int, int] = field(default_factory=dict)
    seats: dict[int, ClientConnection] = field(default_factory=dict)


async def client(
    port: int, table: TableRun, measure: Measure, hello: Hello, ready: asyncio.Event, *, clients: int
) -> None:
    async with connect(f"ws://127.0.0.1:{port}", max_size=None, ping_interval=None) as socket:
        await socket.send(encode(hello))
        mine: set[int] = set()
        async for frame in socket:
            message = decode_server(frame)
            if measure.measuring:
                measure.frames += 1
            if isinstance(message, Welcome):
                table.code = message.code
                mine = {g.seat for g in message.seats}
                for seat in mine:
                    table.seats[seat] = socket
                ready.set()
            elif isinstance(message, Started) and table.state is None:
                rules = rules_from_doc(message.rules, players=len(message.seats))
                state, _ = new_game(rules, message.first)
                for doc in message.actions:
                    state, _ = step(state, action_from_doc(doc))
                table.state, table.count = state, len(message.actions)
                await maybe_roll(table, measure)
            elif isinstance(message, Applied):
                arrived = table.arrivals.get(message.index, 0) + 1
                table.arrivals[message.index] = arrived
                if arrived == 1 and table.state is not None:  # the first client to hear it moves the copy
                    table.state, _ = step(table.state, action_from_doc(message.action))
                    table.count += 1
                if arrived == clients:
                    sent = table.sent.pop(message.index, None)
                    if sent is not None and measure.measuring:
                        measure.latencies.append(time.perf_counter() - sent)
                    del table.arrivals[message.index]
                if arrived == 1:
                    await maybe_roll(table, measure)


async def maybe_roll(table: TableRun, measure: Measure) -> None:
    state = table.state
    if state is None or state.over or state.phase is not Phase.ROLL or state.seat not in table.seats:
        return
    table.sent[table.count] = time.perf_counter()
    await table.seats[state.seat].send(encode(RollDice(state.seat, table.count)))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--pace", type=float, default=1.0)
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp())
    env = {**os.environ, "HOME": str(data)}
    command = [sys.executable, "-m", "lcr_audio", "serve", "--host", "127.0.0.1", "--port", "0"]
    command += ["--data", str(data / "tables"), "--pace", str(args.pace)]
    # Every client here is 127.0.0.1: the limits per address are lifted to measure the load itself.
    command += ["--connections-per-address", "100000", "--tables-per-address", "100000"]
    command += ["--lobbies-per-address", "100000"]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r":(\d+)\.", line)
    if not found:
        raise SystemExit(f"The server did not start: {line!r}")
    port = int(found.group(1))
    await asyncio.sleep(0.5)
    before = rss_kib(server.pid)
    measure = Measure()
    tasks = []
    tables = [TableRun() for _ in range(args.tables)]
    rules = rules_doc(Rules(chips=10))
    started = time.perf_counter()
    for table in tables:
        ready = asyncio.Event()
        host = Hello(PROTOCOL_VERSION, "", names=["Ana"], rules=rules)
        tasks.append(asyncio.create_task(client(port, table, measure, host, ready, clients=4)))
        await ready.wait()
        for hello in (
            Hello(PROTOCOL_VERSION, table.code, names=["Bo"]),
            Hello(PROTOCOL_VERSION, table.code, spectator=True),
            Hello(PROTOCOL_VERSION, table.code, spectator=True),
        ):
            joined = asyncio.Event()
            tasks.append(asyncio.create_task(client(port, table, measure, hello, joined, clients=4)))
            await joined.wait()
        await table.seats[0].send(encode(Start()))
    setup = time.perf_counter() - started
    await asyncio.sleep(3)  # warm-up
    measure.measuring = True
    frames_start = measure.frames
    t0 = time.perf_counter()
    await asyncio.sleep(args.seconds)
    measure.measuring = False
    elapsed = time.perf_counter() - t0
    during = rss_kib(server.pid)
    latencies = sorted(measure.latencies)
    connections = args.tables * 4
    print(
        f"tables {args.tables}, connections {connections}, computer pace {args.pace} s; "
        f"set up in {setup:.1f} s"
    )
    print(f"frames received by all clients: {(measure.frames - frames_start) / elapsed:,.0f} per second")
    print(f"person rolls measured: {len(latencies)} ({len(latencies) / elapsed:,.0f} per second)")
    if latencies:
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(
            f"roll sent -> last of 4 clients has it: median {statistics.median(latencies) * 1000:.1f} ms, "
            f"p99 {p99 * 1000:.1f} ms, worst {latencies[-1] * 1000:.1f} ms"
        )
    print(
        f"server memory: {before / 1024:.1f} MiB idle, {during / 1024:.1f} MiB with the tables: "
        f"{(during - before) / args.tables:.0f} KiB per table"
    )
    for task in tasks:
        task.cancel()
    server.terminate()
    server.wait(timeout=10)


if __name__ == "__main__":
    asyncio.run(main())
