"""Online tables played end to end on loopback: a real server process and the game's own client processes
in real terminals, each client's speech captured (issue 16).

``--speech console`` prints every utterance, so a client's terminal holds exactly what it said. The
server's own save of the table is the independent record of the game: every roll in it must have been
said once by every client, in that client's language.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from websockets.asyncio.client import connect

from lcr_audio.engine import Rules
from lcr_audio.game.online.protocol import (
    PROTOCOL_VERSION,
    Applied,
    Hello,
    RollDice,
    Start,
    Started,
    Welcome,
    decode_server,
    encode,
    rules_doc,
)
from lcr_audio.tui.keys import Context, help_entries

pytestmark = pytest.mark.requires_program("tmux")  # a real terminal is needed; pexpect gives it

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
ENGLISH_ROLL = re.compile(r"^(?:You roll|\S+(?: \S+)? rolls) (?!first)[^\n:.]*[:.]", re.MULTILINE)
FRENCH_ROLL = re.compile(r"^(?:Tu lances|\S+(?: \S+)? lance) : ", re.MULTILINE)
"""A roll as said: the roller and the faces, up to the colon before what moved (or the full stop when
nothing moved)."""


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "LCR_AUDIO"))}
    env.update(HOME=str(home), LANG="C.UTF-8", PYTHONUTF8="1", TERM="xterm", XDG_DATA_HOME=str(home / "data"))
    env.update(XDG_CONFIG_HOME=str(home / "config"), XDG_STATE_HOME=str(home / "state"))
    return env


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[int, Path, subprocess.Popen[str]]]:
    data = tmp_path / "tables"
    process = _serve(tmp_path, data, 0)
    port = _port(process)
    try:
        yield port, data, process
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)


def _serve(tmp_path: Path, data: Path, port: int) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "lcr_audio", "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--data", str(data), "--away", "1"]
    home = tmp_path / "server-home"
    home.mkdir(exist_ok=True)
    return subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=_env(home))


def _port(process: subprocess.Popen[str]) -> int:
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
    assert found, line
    return int(found.group(1))


class Client:
    """One ``lcr-audio join`` in a real terminal, with everything it printed kept."""

    def __init__(self, tmp_path: Path, port: int, code: str, name: str, *extra: str) -> None:
        home = tmp_path / f"home-{name}"
        home.mkdir(exist_ok=True)
        arguments = [
            "-m",
            "lcr_audio",
            "join",
            f"127.0.0.1:{port}",
            code,
            "--names",
            name,
            "--speech",
            "console",
        ]
        self.child = pexpect.spawn(
            sys.executable, [*arguments, *extra], env=_env(home), encoding="utf-8", dimensions=(50, 200)
        )
        self.text = ""

    def read(self) -> str:
        try:
            while True:
                self.text += self.child.read_nonblocking(65536, timeout=0)
        except (pexpect.TIMEOUT, pexpect.EOF):
            pass
        return ANSI.sub("", self.text)

    def wait_for(self, pattern: str, seconds: float = 15) -> re.Match[str]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = re.search(pattern, self.read())
            if found:
                return found
            time.sleep(0.05)
        raise AssertionError(f"{pattern!r} never came; the terminal says:\n{self.read()}")

    def press(self, key: str) -> None:
        if self.child.isalive():
            self.child.send(key)

    def press_until(self, key: str, other: Client, pattern: str, seconds: float = 15) -> None:
        """Press ``key`` every 0.3 s (a key before its question was heard does nothing) until ``other``
        shows ``pattern``."""
        deadline = time.monotonic() + seconds
        while not re.search(pattern, other.read()):
            assert time.monotonic() < deadline, other.read()
            self.press(key)
            time.sleep(0.3)


def open_table(tmp_path: Path, port: int) -> tuple[Client, str]:
    """Ana opens a new table at the server on ``port``: her client and the table's code as she heard it
    (without its spaces)."""
    ana = Client(tmp_path, port, "new", "Ana")
    return ana, ana.wait_for(r"the code ([a-z0-9 ]+)[.,]").group(1).replace(" ", "")


def join(host: Client, tmp_path: Path, port: int, code: str, name: str, *extra: str) -> Client:
    """``name`` joins the table ``code`` (``extra``: more of ``lcr-audio join``'s words); returns once the
    ``host`` has heard them join."""
    client = Client(tmp_path, port, code, name, *extra)
    host.wait_for(f"{name} joins the table")
    return client


AGAIN = "Play again at this table? Y or N; the table waits a minute."
DECIDES = "Ana chooses whether this table plays again."


def _play_out(clients: list[Client], seconds: float = 90) -> None:
    """Press Space and N in turn at every client until every one has ended (N: no to playing again, in any
    language; in a game of the standard rules it only says "Not now")."""
    deadline = time.monotonic() + seconds
    for presses in itertools.count():
        if not any(c.child.isalive() for c in clients):
            break
        assert time.monotonic() < deadline, "\n\n".join(c.read()[-2000:] for c in clients)
        for client in clients:
            client.press("n" if presses % 2 else " ")
            client.read()
        time.sleep(0.3)
    for client in clients:
        client.read()


def _rolls_in_save(data: Path, code: str) -> int:
    document = json.loads((data / f"{code}.json").read_text(encoding="utf-8"))
    return sum(1 for action in document["actions"] if "roll" in action)


def test_three_clients_one_in_french_each_hear_every_roll_once(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    port, data, _process = server
    ana, code = open_table(tmp_path, port)
    bo = join(ana, tmp_path, port, code, "Bo", "--lang", "fr")
    cy = join(ana, tmp_path, port, code, "Cy")
    ana.press("\r")  # the host starts
    clients = [ana, bo, cy]
    _play_out(clients)
    rolls = _rolls_in_save(data, code)
    assert rolls >= 3
    for client, pattern in ((ana, ENGLISH_ROLL), (bo, FRENCH_ROLL), (cy, ENGLISH_ROLL)):
        text = client.read()
        assert "Traceback" not in text
        assert len(pattern.findall(text)) == rolls, text
    assert not ENGLISH_ROLL.findall(bo.read())
    assert not FRENCH_ROLL.findall(ana.read()) and not FRENCH_ROLL.findall(cy.read())
    assert "Bo says" not in ana.read()  # nothing said that was not said
    for client in clients:  # nobody dropped: those whose game ended first are not heard as away
        assert "lost the connection" not in client.read()


def test_a_killed_client_gets_its_seat_back_and_hears_what_it_missed(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    port, data, _process = server
    ana, code = open_table(tmp_path, port)
    bo = join(ana, tmp_path, port, code, "Bo")
    ana.press("\r")
    bo.wait_for("A game of 3 players")
    ana.wait_for("Your turn")
    ana.press_until(" ", bo, r"Ana rolls (?!first)[^\n:.]*[:.]")
    bo.child.kill(signal.SIGKILL)
    bo.child.wait()
    ana.wait_for("Bo lost the connection")
    again = Client(tmp_path, port, code, "Bo")  # the same player, the same computer: the tokens are kept
    ana.wait_for("Bo is back")
    text = again.wait_for(r"(?s)The game continues|While you were away|Your turn").group(0)
    assert text
    assert "joins the table" not in again.read()  # the old seat, not a new one
    _play_out([ana, again])
    rolls = _rolls_in_save(data, code)
    assert len(ENGLISH_ROLL.findall(ana.read())) == rolls


def test_a_killed_server_resumes_every_table_at_its_last_turn(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    process = _serve(tmp_path, data, 0)
    port = _port(process)

    async def first_half() -> tuple[str, str, int]:
        async with connect(f"ws://127.0.0.1:{port}") as socket:
            # Ten chips each: the game cannot end in the few turns played here.
            rules = rules_doc(Rules(chips=10))
            await socket.send(encode(Hello(PROTOCOL_VERSION, "", names=["Ana", "Bo"], rules=rules)))
            welcome = decode_server(await socket.recv())
            assert isinstance(welcome, Welcome)
            await socket.send(encode(Start()))
            seen = 0
            async with asyncio.timeout(20):
                while seen < 6:
                    message = decode_server(await socket.recv())
                    if isinstance(message, Applied):
                        seen = message.index + 1
                    if isinstance(message, (Started, Applied)):
                        await socket.send(encode(RollDice(0, seen)))
                        await socket.send(encode(RollDice(1, seen)))
            return welcome.code, welcome.seats[0].token, seen

    code, token, seen = asyncio.run(first_half())
    time.sleep(0.2)
    process.kill()  # no chance to save anything more
    process.wait()
    saved = json.loads((data / f"{code}.json").read_text(encoding="utf-8"))
    kept = len(saved["actions"])
    assert kept > 0 and seen > 0  # computer players may have moved on after the last action seen here
    process = _serve(tmp_path, data, port)
    try:
        assert _port(process) == port

        async def second_half() -> int:
            async with connect(f"ws://127.0.0.1:{port}") as socket:
                await socket.send(encode(Hello(PROTOCOL_VERSION, code, tokens=[token])))
                async with asyncio.timeout(10):
                    while True:
                        message = decode_server(await socket.recv())
                        if isinstance(message, Started):
                            return len(message.actions)

        assert asyncio.run(second_half()) == kept
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)


def test_a_turn_that_waits_for_a_dropped_player_is_said(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    """Bo's game is killed; at Bo's turn Ana hears how long the table waits for Bo, then the stand-in (the
    server waits 1 s here: ``--away 1``; old main: nothing until the stand-in played)."""
    port, _data, _process = server
    ana, code = open_table(tmp_path, port)
    bo = join(ana, tmp_path, port, code, "Bo")
    ana.press("\r")
    bo.wait_for("A game of 3 players")
    bo.child.kill(signal.SIGKILL)
    bo.child.wait()
    ana.wait_for("Bo lost the connection")
    ana.wait_for("Your turn")
    ana.press_until(" ", ana, r"Waiting for Bo; a computer player plays for them in 1 second\.")
    ana.wait_for(r"(?s)Waiting for Bo.*Bo is away; a computer player plays for them until they are back\.")
    assert ana.read().count("Waiting for Bo") == 1  # the wait is too short for a reminder


def test_a_player_who_starts_their_game_again_hears_the_moves_they_missed(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    """Bo's game is killed after Ana's first roll; the table plays on (a computer player stands in for Bo);
    Bo starts the game again and hears how many moves were missed, then each of them as it was played (old
    main: only "The game continues at turn N" and the standings)."""
    port, _data, _process = server
    ana, code = open_table(tmp_path, port)
    bo = join(ana, tmp_path, port, code, "Bo")
    ana.press("\r")
    bo.wait_for("A game of 3 players")
    ana.wait_for("Your turn")
    ana.press_until(" ", bo, r"Ana rolls (?!first)[^\n:.]*[:.]")
    bo.child.kill(signal.SIGKILL)
    bo.child.wait()
    ana.wait_for(r"Bo is away; a computer player plays for them")
    again = Client(tmp_path, port, code, "Bo")
    found = again.wait_for(r"You missed (\d+) moves?; Q skips (?:them|it)\.")
    missed = int(found.group(1))
    assert missed >= 1
    after = again.read()[found.end() :]
    deadline = time.monotonic() + 30
    while len(ENGLISH_ROLL.findall(after)) < missed:  # each missed move is said after the count
        assert time.monotonic() < deadline, again.read()
        time.sleep(0.05)
        after = again.read()[found.end() :]
    before = again.read()[: found.start()]
    assert not ENGLISH_ROLL.findall(before.split("The game continues")[-1])  # none said before the count
    _play_out([ana, again])
    assert "Traceback" not in again.read()


def test_a_guests_f1_lists_only_their_keys_and_the_host_moves_a_person_to_another_seat(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    """In the lobby a guest's F1 lists the keys a guest can use, without the host's (old main: all 10,
    start and add a computer player among them), and in the game without Control+S, which does nothing at an
    online table; the host hears Cy's seat, presses Left arrow, and everyone
    hears that Cy moves to seat 2, and the seating in the new order (old main: the arrow did nothing)."""
    port, _data, _process = server
    ana, code = open_table(tmp_path, port)
    bo = join(ana, tmp_path, port, code, "Bo")
    cy = join(ana, tmp_path, port, code, "Cy")
    bo.wait_for("Cy joins the table")
    bo.press("?")
    listed = bo.wait_for(r"Keys\. Up and Down go through them, Escape closes\. (.*) 1 of (\d+)\.")
    assert int(listed.group(2)) == 6, listed.group(0)
    entries = [listed.group(1)]
    for _ in range(5):
        count = len(re.findall(r" of 6\.", bo.read()))
        bo.press("\x1b[B")  # Down
        bo.wait_for(rf"(?s)(?:.* of 6\.){{{count + 1}}}")
    entries += re.findall(r"^(.*) \d of 6\.$", bo.read(), re.MULTILINE)[1:]
    text = " ".join(entries)
    assert "start the game" not in text and "add a computer player" not in text
    assert "who is at the table" in text and "chat" in text
    bo.press("\x1b")
    bo.wait_for("Key list closed.")
    ana.press("?")
    ana.wait_for(r"1 of 12\.")
    ana.press("\x1b")
    ana.wait_for("Key list closed.")
    ana.press("3")
    ana.wait_for("Seat 3: Cy.")
    ana.press("\x1b[D")  # Left arrow
    for client in (ana, bo, cy):
        client.wait_for(r"Cy moves to seat 2\.")
    bo.press("s")
    bo.wait_for(r"3 seats: Ana, Cy, and Bo\.")
    ana.press("\x1b[D")  # again: Cy goes on moving
    cy.wait_for(r"Cy moves to seat 1\.")
    ana.press("\x1b[D")  # the end of the table: said, nothing sent
    ana.wait_for(r"Seat 1 is the end of the table\.")
    ana.press("\r")
    for client in (ana, bo, cy):
        client.wait_for("A game of 3 players")
    cy.wait_for("Your turn")  # Cy sits first now and plays from their own keyboard
    # In the game: every key of the table but Control+S (the server saves it), and the own voice's speed keys
    # (these clients print, with no own voice).
    bo.press("?")
    watch = len(help_entries(Context.WATCH)) - 3
    bo.wait_for(rf"(?s)Cy rolls first.*1 of {watch}\.")
    for client in (ana, bo, cy):
        assert "Traceback" not in client.read()


def test_play_again_at_an_online_table_starts_a_new_game_with_those_who_said_yes(tmp_path: Path) -> None:
    """At the game's end the host, Ana, is asked first whether to play again, and Bo hears that she
    chooses (he is not asked yet); Ana says yes: Bo hears it and is asked; Bo says no and leaves: the table
    starts a new game, Bo's seat a computer player's, Ana plays it from her keyboard, and her no to the next
    question ends it (old main: everyone was asked at once, the host's answer counting as anyone's)."""
    data = tmp_path / "tables"
    home = tmp_path / "server-home"
    home.mkdir()
    command = [sys.executable, "-m", "lcr_audio", "serve", "--host", "127.0.0.1", "--port", "0"]
    process = subprocess.Popen(
        [*command, "--data", str(data), "--pace", "0.05"], stdout=subprocess.PIPE, text=True, env=_env(home)
    )
    try:
        port = _port(process)
        ana, code = open_table(tmp_path, port)
        bo = join(ana, tmp_path, port, code, "Bo")
        ana.press("\r")
        deadline = time.monotonic() + 120
        while not (AGAIN in ana.read() and DECIDES in bo.read()):
            assert time.monotonic() < deadline, ana.read()[-2000:] + bo.read()[-2000:]
            for client, waits_for in ((ana, AGAIN), (bo, DECIDES)):
                if waits_for not in client.read():
                    client.press(" ")
            time.sleep(0.3)
        assert AGAIN not in bo.read()  # Bo is asked only once Ana said yes
        first = ana.read().count("A game of 3 players")  # the first game; the next is named "Game 2"
        ana.press_until(
            "y", ana, r"Waiting for the others' answers; the next game starts with those who say yes\."
        )
        bo.wait_for(r"(?s)Ana plays again at this table\..*" + re.escape(AGAIN))
        bo.press_until(  # a key before the question was heard is dropped
            "n", bo, r"You do not play again; the others may play on without you\."
        )  # not "No more games at this table.": the table plays on (critic)
        bo.child.expect(pexpect.EOF, timeout=20)
        ana.wait_for(r"(?s)Bo has left; a computer player takes the seat\..*Game 2, with 3 players")
        assert ana.read().count("A game of 3 players") == first
        assert ana.read().count("Game 2, with 3 players") == 1
        _play_out([ana], seconds=120)
        text = ana.read()
        asked = re.findall(rf"^{re.escape(AGAIN)}$", text, re.MULTILINE)  # a wrong key's reply repeats it
        assert len(asked) == 2, text
        last = text.rsplit(AGAIN, 1)[1].split("\n")  # what the terminal echoed after the program ended aside
        assert last[1:3] == ["No more games at this table.", "The game at this table is over. Goodbye."], last
        assert "Traceback" not in text and "Traceback" not in bo.read()
        second = text.rsplit("Game 2, with 3 players", 1)[1]
        assert ENGLISH_ROLL.findall(second)
        assert "You roll" in second  # Ana plays her own seat in the new game
        deadline = time.monotonic() + 30  # both games are kept: the first beside the second
        while not (data / f"{code}.1.json").is_file():
            assert time.monotonic() < deadline, sorted(p.name for p in data.iterdir())
            time.sleep(0.05)
        games = [
            json.loads((data / name).read_text(encoding="utf-8"))
            for name in (f"{code}.1.json", f"{code}.json")
        ]
        assert games[0]["actions"] != games[1]["actions"]
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=10)


def test_a_listener_takes_a_free_seat_when_the_host_plays_again(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    """At the game's end Ana, the host, says yes to playing again; Zoe, who only listened, hears it and is
    offered a seat in the next game, and takes it; Bo says no: the next game starts with Zoe in Bo's seat,
    everyone hears her sit down, and she plays it from her own keyboard (old main: a listener's game ended
    with the table's, and no seat was ever offered)."""
    port, _data, _process = server
    ana, code = open_table(tmp_path, port)
    bo = join(ana, tmp_path, port, code, "Bo")
    zoe = Client(tmp_path, port, code, "Zoe", "--listen")
    ana.wait_for(r"A listener joins the table\.")
    ana.press("\r")
    deadline = time.monotonic() + 120
    while not (AGAIN in ana.read() and DECIDES in bo.read() and DECIDES in zoe.read()):
        assert time.monotonic() < deadline, ana.read()[-2000:] + bo.read()[-2000:] + zoe.read()[-2000:]
        for client, waits_for in ((ana, AGAIN), (bo, DECIDES)):
            if waits_for not in client.read():
                client.press(" ")
        time.sleep(0.3)
    ana.press_until("y", ana, r"Waiting for the others' answers")
    zoe.wait_for(r"(?s)Ana plays again at this table\..*A seat is free in the next game at this table\.")
    zoe.press_until("y", zoe, r"Waiting for the others' answers")
    bo.wait_for(re.escape(AGAIN))
    bo.press_until("n", bo, r"You do not play again; the others may play on without you\.")
    bo.child.expect(pexpect.EOF, timeout=20)
    # Zoe takes Bo's seat: no computer player does (old main said one did, then that Zoe joined)
    ana.wait_for(r"(?s)Bo has left\.\nZoe joins the table\..*Game 2")
    zoe.wait_for(r"Game 2")
    _play_out([ana, zoe], seconds=120)
    second = zoe.read().split("Game 2", 1)[1]
    assert "You roll" in second, second  # Zoe plays her own seat in the new game
    assert "Traceback" not in zoe.read() and "Traceback" not in ana.read()


def test_a_guest_waiting_for_the_next_game_hears_that_the_host_closed_the_table(tmp_path: Path) -> None:
    """``lcr-audio host``: at the game's end Ana, the host, is asked first, and Bo waits for her answer;
    Ana says no, which closes her table: Bo hears that the host closed it and Bo's game ends, without a new
    game started for Bo and closed at once (or a wait for a game that never comes)."""
    home = tmp_path / "home-Ana"
    home.mkdir()
    arguments = ["-m", "lcr_audio", "host", "--names", "Ana", "--speech", "console", "--chips", "1"]
    arguments += ["--host", "127.0.0.1", "--port", "0", "--fast"]
    ana = Client.__new__(Client)
    ana.child = pexpect.spawn(
        sys.executable, arguments, env=_env(home), encoding="utf-8", dimensions=(50, 200)
    )
    ana.text = ""
    found = ana.wait_for(r"address 127\.0\.0\.1:(\d+) and the code ([a-z0-9 ]+)[.,]")
    port, code = int(found.group(1)), found.group(2).replace(" ", "")
    bo = join(ana, tmp_path, port, code, "Bo")
    ana.press("\r")
    deadline = time.monotonic() + 120
    while not (AGAIN in ana.read() and DECIDES in bo.read()):
        assert time.monotonic() < deadline, ana.read()[-2000:] + bo.read()[-2000:]
        for client, waits_for in ((ana, AGAIN), (bo, DECIDES)):
            if waits_for not in client.read():
                client.press(" ")
        time.sleep(0.3)
    ana.press_until("n", bo, r"The host has closed the table; the game ends here\.")
    assert bo.read().count("A game of 3 players") == 1  # no game started for Bo alone, then closed
    bo.child.expect(pexpect.EOF, timeout=20)
    ana.child.expect(pexpect.EOF, timeout=20)
    assert "Traceback" not in bo.read() and "Traceback" not in ana.read()


def test_a_guest_hears_the_rules_change_and_nobody_hears_them_twice(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    """The host turns Wild dice on in the lobby: the guest hears the new rules in French, the host "Options
    set" with what to press next; at the start neither hears them again (critic, 2 Dec: "Options set" was
    followed by nothing, and Enter read the same rules again to both before "A game of 3 players")."""
    from lcr_audio.tui.input import REACTION_SECONDS

    port, _data, _process = server
    ana, code = open_table(tmp_path, port)
    bo = join(ana, tmp_path, port, code, "Bo", "--lang", "fr")
    bo.wait_for("Tu es à la table")
    for key, heard in (
        ("o", "Starting chips: 3 chips."),
        ("\r", "Wild dice: off."),
        ("\x1b[C", "Wild dice: on."),
        ("\r", "Three Wilds: "),
    ):
        time.sleep(REACTION_SECONDS + 0.1)  # a person's reaction: a sooner key is typed ahead
        ana.press(key)
        ana.wait_for(re.escape(heard))
    time.sleep(REACTION_SECONDS + 0.1)
    ana.press("d")  # the rest as they are
    ana.wait_for(r"Options set\. .*Wild dice on[^\n]*Press Enter to start; A adds a computer player\.")
    bo.wait_for(r"L'hôte a changé les règles\. .*Dés Joker activés")
    time.sleep(REACTION_SECONDS + 0.1)
    ana.press("\r")
    ana.wait_for("A game of 3 players")
    bo.wait_for("Une partie à 3 joueurs")  # the rules, had they been said again, come before it
    assert ana.read().count("Wild dice on") == 1, ana.read()
    assert bo.read().count("Dés Joker activés") == 1, bo.read()
    assert "The host changed the rules" not in ana.read()
    for client in (ana, bo):
        assert "Traceback" not in client.read()


def test_a_guest_hears_the_rules_once_at_the_start(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    """Nobody changed the rules in the lobby: at the start every client hears them once, before the
    game's opening (critic, 2 Dec: a guest never heard whether Wild or reversible dice were on)."""
    from lcr_audio.tui.input import REACTION_SECONDS

    port, _data, _process = server
    ana, code = open_table(tmp_path, port)
    bo = join(ana, tmp_path, port, code, "Bo")
    bo.wait_for("You are at the table")
    time.sleep(REACTION_SECONDS + 0.1)
    ana.press("\r")
    rules = "3 players, 3 chips each. Wild dice off. Reversible dice off. The last player with chips wins."
    for client in (ana, bo):
        client.wait_for(re.escape(rules) + r"\s*\n(?:.*\n)*?A game of 3 players")
    for client in (ana, bo):
        assert client.read().count("Wild dice off") == 1, client.read()
        assert "Traceback" not in client.read()


def test_join_new_names_the_browser_page_the_server_serves(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    """``join ADDRESS new`` names the page friends may open in a browser, as ``host`` does, and the server
    serves it there (critic, 2 Dec: only the address and the code were said)."""
    import urllib.request

    port, _data, _process = server
    ana, code = open_table(tmp_path, port)
    link = ana.wait_for(r"or in a browser at (http://127\.0\.0\.1:(\d+)/\?join=([a-z0-9]+))")
    assert (int(link.group(2)), link.group(3)) == (port, code)
    with urllib.request.urlopen(link.group(1), timeout=30) as page:
        assert page.status == 200 and "<html" in page.read().decode("utf-8").lower()
    ana.child.sendcontrol("c")
    ana.child.expect(pexpect.EOF, timeout=30)


def test_no_to_leaving_the_lobby_is_answered(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    """Escape in the lobby asks to leave; N answers with one sentence, the host's with how to start (old
    main: nothing at all)."""
    from lcr_audio.tui.input import REACTION_SECONDS

    port, _data, _process = server
    ana, code = open_table(tmp_path, port)
    bo = join(ana, tmp_path, port, code, "Bo")
    bo.wait_for("You are at the table")
    for client, waits in (
        (bo, "The host starts the game."),
        (ana, "Press Enter to start; A adds a computer player."),
    ):
        time.sleep(REACTION_SECONDS + 0.1)  # a person's reaction: a sooner key is typed ahead
        client.press("\x1b")
        client.wait_for(r"Leave this table\? Y or N\.")
        client.press_until(
            "n", client, re.escape(f"You stay at the table. {waits}")
        )  # a key too soon is dropped
    assert "Bo leaves" not in ana.read() and "Traceback" not in bo.read()


def _at_anas_reversal(tmp_path: Path, port: int) -> tuple[Client, Client]:
    """Ana opens a table and Bo joins; Ana sets reversible dice and 4 chips in the lobby and starts: she is
    asked whether to reverse, and Bo has heard that she is deciding. Returns (Ana, Bo)."""
    from lcr_audio.tui.input import REACTION_SECONDS

    ana, code = open_table(tmp_path, port)
    bo = join(ana, tmp_path, port, code, "Bo")
    bo.wait_for("You are at the table")
    steps = [
        ("o", "Starting chips: 3 chips."),
        ("\x1b[C", "Starting chips: 4 chips."),
        ("\r", "Wild dice: off."),
        ("\r", "Reversible dice: off."),
        ("\x1b[C", "Reversible dice: on."),
        ("\r", "Winning: "),
        ("d", "Options set."),
    ]
    for key, heard in steps:
        time.sleep(REACTION_SECONDS + 0.1)  # a person's reaction: a sooner key is typed ahead
        ana.press(key)
        ana.wait_for(re.escape(heard))
    time.sleep(REACTION_SECONDS + 0.1)
    ana.press("\r")
    ana.wait_for("reverse")
    bo.wait_for(r"Ana is deciding whether to reverse the dice\.")
    return ana, bo


def test_the_others_hear_that_a_person_is_deciding_whether_to_reverse(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    """Reversible dice and 4 chips: Ana, rolling first, may reverse; Bo, at another client, hears that she
    is deciding (old main: nothing until she had chosen, while S showed her chips already paid)."""

    ana, bo = _at_anas_reversal(tmp_path, server[0])
    assert "Ana is deciding" not in ana.read()
    for client in (ana, bo):
        assert "Traceback" not in client.read()


BEST_REVERSAL = re.compile(
    r"(Reversing the dice|Rolling as usual): (\d+\.\d) percent; (as usual|reversing): (\d+\.\d)"
    r"(?:; give or take \d+\.\d)?\."
)
"""H's answer at the reversal question: both options with the chooser's chance, best first (issue 25)."""


def _best_first(client: Client, since: int) -> re.Match[str]:
    """H's answer at ``client`` after its first ``since`` characters: checked best first."""
    deadline = time.monotonic() + 30
    while (found := BEST_REVERSAL.search(client.read()[since:])) is None:
        assert time.monotonic() < deadline, client.read()
        time.sleep(0.1)
    assert float(found.group(2)) >= float(found.group(4)), found.group(0)
    assert (found.group(1) == "Reversing the dice") == (found.group(3) == "as usual"), found.group(0)
    return found


def test_h_at_each_clients_own_reversal_question_says_the_options_best_first(
    tmp_path: Path, server: tuple[int, Path, subprocess.Popen[str]]
) -> None:
    """Reversible dice and 4 chips: at Ana's reversal question, H at her client says both options with her
    chance after each, best first, while H at Bo's says there is nothing for him to weigh; at Bo's own
    reversal question next, his H says his options (issue 25, item 3: H online, at each client)."""
    from lcr_audio.tui.input import REACTION_SECONDS

    ana, bo = _at_anas_reversal(tmp_path, server[0])
    since = len(bo.read())
    bo.press("h")
    bo.wait_for(re.escape("There is no choice to weigh now;"))
    assert BEST_REVERSAL.search(bo.read()[since:]) is None
    since = len(ana.read())
    time.sleep(REACTION_SECONDS + 0.1)
    ana.press("h")
    _best_first(ana, since)
    time.sleep(REACTION_SECONDS + 0.1)
    ana.press("n")  # as usual: Bo, on her left, plays next with 4 chips or more
    ana.wait_for(re.escape("Press Space to roll 3 dice."))
    ana.press_until(" ", ana, "You roll")
    bo.wait_for(r"Reverse the dice\? It costs 3 chips\.", seconds=30)
    since = len(bo.read())
    time.sleep(REACTION_SECONDS + 0.1)
    bo.press("h")
    _best_first(bo, since)
    for client in (ana, bo):
        assert "Traceback" not in client.read()
