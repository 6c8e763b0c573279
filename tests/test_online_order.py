"""At an online table, the others hear a person's Wild turn in the order it happened (issue 22, item 5).

A real table server on loopback (in this process, so that the test may choose its dice) and the game's own
client processes in real terminals, each with its speech printed (``--speech console``): Élodie plays a
seat in French at normal verbosity, Bo and Cy listen in English, brief and full. Hana, at a raw protocol
connection, reverses the dice and rolls a Wild, then later rolls a Wild without reversing; every other
client must hear, in this order and once each: the reversal and the roll with its faces, that Hana is
choosing, and then what her choice did (old main: "Hana is choosing ..." came first, the roll only after
she had chosen).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

import pytest
from test_online_play import ANSI, Client
from websockets.sync.client import ClientConnection, connect

from lcr_audio.engine import Phase, Rules
from lcr_audio.game.online.protocol import (
    PROTOCOL_VERSION,
    Choose,
    Decide,
    Hello,
    RollDice,
    SetRules,
    Start,
    Welcome,
    decode_server,
    encode,
    rules_doc,
)
from lcr_audio.game.online.server import RateLimit, TableServer, bound_port, start_server
from lcr_audio.game.online.table import Table
from lcr_audio.game.session import Session

pytestmark = pytest.mark.requires_program("tmux")  # a real terminal is needed; pexpect gives it

SEED = 6
"""Dice under which Hana, rolling first, reverses and rolls a Wild at once and rolls a plain Wild soon."""

DECIDING = ("Hana décide s'il faut inverser les dés.", "Hana is deciding whether to reverse the dice.")
STATUS = "Hana 2, Élodie 3, Ana 4, pot 3."
"""Cy's S key while Hana chooses whom to give a chip to: the chips as the table has heard them, after her
reversal and her roll's L (old main: before them, "Hana 4, Élodie 4, Ana 4, pot 0.")."""

HEARD = {
    "Élodie": (  # French, normal verbosity, with a seat: "toi" is Élodie
        [
            DECIDING[0],
            "Hana inverse les dés et met 3 jetons dans le pot.",
            "Hana lance les dés inversés : point, L et Joker. Hana te prend un jeton.",
            "Hana choisit à qui donner un jeton.",
            "Hana te donne un jeton. Hana 1, toi 4 et pot 3.",
        ],
        [
            "Hana lance : Joker et point.",
            "Hana choisit à qui prendre un jeton.",
            "Hana te prend un jeton. Hana 3 et toi 0.",
        ],
    ),
    "Bo": (  # English, brief, listening
        [
            DECIDING[1],
            "Hana reverses the dice.",
            "Hana, reversed: dot, L, Wild.",
            "Hana is choosing who to give a chip to.",
            "Hana gives a chip to Élodie. Hana 1, Élodie 4, pot 3.",
        ],
        [
            "Hana: Wild, dot.",
            "Hana is choosing who to take a chip from.",
            "Hana takes a chip from Élodie. Hana 3, Élodie 0.",
        ],
    ),
    "Cy": (  # English, full, listening
        [
            DECIDING[1],
            "Hana reverses the dice and puts 3 chips in the pot.",
            "Hana rolls 3 reversed dice: dot, L, Wild. Hana takes a chip from Élodie.",
            "Hana is choosing who to give a chip to.",
            STATUS,
            "Hana gives a chip to Élodie. Hana 1, Élodie 4, pot 3.",
        ],
        [
            "Hana rolls 2 dice: Wild, dot. The dot keeps a chip.",
            "Hana is choosing who to take a chip from.",
            "Hana takes a chip from Élodie. Hana 3, Élodie 0.",
        ],
    ),
}
"""What each other client hears of Hana's two Wild turns (under :data:`SEED`), line by line: the reversal
turn from her decision, and the plain Wild's roll, the choice under way and its outcome."""

RULES = Rules(players=3, chips=4, wild=True, reversible=True)


class Serving:
    """A :class:`TableServer` on loopback, run by its own event loop in a thread."""

    def __init__(self) -> None:
        self.tables = TableServer(None, move_seconds=0.0, away_seconds=60.0, limit=RateLimit(100, 100, 50))
        self.port = 0
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._serve()), daemon=True)

    async def _serve(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        ws = await start_server(self.tables, "127.0.0.1", 0)
        self.port = bound_port(ws)
        self._ready.set()
        await self._stop.wait()
        ws.close()
        await ws.wait_closed()
        await self.tables.close()

    def __enter__(self) -> Serving:
        self._thread.start()
        assert self._ready.wait(60), "the table server never started"
        return self

    def __exit__(self, *_exc: object) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(60)

    def table(self, code: str) -> Table:
        return self.tables.tables[code]


@pytest.fixture
def serving() -> Iterator[Serving]:
    with Serving() as server:
        yield server


def _client(tmp_path: Path, port: int, code: str, name: str, verbosity: str, *extra: str) -> Client:
    """``lcr-audio join`` for ``name`` at ``verbosity`` (from its settings file); ``extra``: more words."""
    config = tmp_path / f"home-{name}" / "config" / "lcr-audio"
    config.mkdir(parents=True)
    settings = {"format": "lcr-audio-settings", "version": 1, "verbosity": verbosity}
    (config / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    return Client(tmp_path, port, code, name, *extra)


def _drain(hana: ClientConnection) -> None:
    """Read everything the server sent Hana so far (her connection never falls behind)."""
    try:
        while True:
            decode_server(hana.recv(timeout=0))
    except TimeoutError:
        pass


def _said(client: Client, text: str, times: int = 1) -> Callable[[], bool]:
    """A test for :func:`_until`: ``client`` has said ``text`` ``times`` times."""
    return lambda: client.read().count(text) == times


def _until(test: Callable[[], bool], what: str, clients: list[Client], seconds: float = 60) -> None:
    """Wait until ``test`` holds (a generous limit: the machine may be loaded)."""
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, f"{what} never came:\n" + "\n\n".join(c.read() for c in clients)
        time.sleep(0.05)


def _lines(client: Client) -> list[str]:
    """Every line ``client`` printed (its speech, with ``--speech console``), once it has ended."""
    return [line.strip() for line in ANSI.sub("", client.text).splitlines() if line.strip()]


@pytest.mark.system
def test_the_others_hear_a_persons_reversal_and_wild_roll_before_that_they_are_choosing(
    tmp_path: Path, serving: Serving
) -> None:
    """Old main: every other client heard "Hana is choosing ..." first, and the reversal and the roll only
    once she had chosen; S said the chips from before them."""
    with connect(f"ws://127.0.0.1:{serving.port}", max_size=None) as hana:
        hana.send(encode(Hello(PROTOCOL_VERSION, "", names=["Hana"])))
        welcome = decode_server(hana.recv(timeout=60))
        assert isinstance(welcome, Welcome)
        hana.send(encode(SetRules(rules_doc(RULES))))
        port, code = serving.port, welcome.code
        clients = {
            "Élodie": _client(tmp_path, port, code, "Élodie", "normal", "--lang", "fr"),
            "Bo": _client(tmp_path, port, code, "Bo", "brief", "--listen"),
            "Cy": _client(tmp_path, port, code, "Cy", "full", "--listen"),
        }
        try:
            _play(serving, code, hana, clients)
        finally:
            for client in clients.values():
                client.read()  # everything it said, kept in client.text
                client.child.close(force=True)
    for name, client in clients.items():
        reversed_wild, wild = HEARD[name]
        lines = _lines(client)
        assert "Traceback" not in client.text
        start = lines.index(reversed_wild[0])
        assert lines[start : start + len(reversed_wild)] == reversed_wild, "\n".join(lines)
        choosing = lines.index(wild[1])
        assert lines[choosing - 1 : choosing + 2] == wild, "\n".join(lines)
        for sentence in (*reversed_wild[1:], *wild):
            assert lines.count(sentence) == 1, "\n".join(lines)


def _play(serving: Serving, code: str, hana: ClientConnection, clients: dict[str, Client]) -> None:
    """Play the table's game from its start until Hana has chosen for a reversed Wild and a plain Wild, and
    every client has heard the second choice: Hana at her raw connection, Élodie at her keyboard."""
    from lcr_audio.tui.input import REACTION_SECONDS

    everyone = list(clients.values())
    elodie, bo, cy = clients["Élodie"], clients["Bo"], clients["Cy"]
    table = serving.table(code)
    _until(lambda: len(table.members) == 4, "everyone at the table", everyone)
    table.seed = SEED
    hana.send(encode(Start()))
    _until(lambda: table.session is not None, "the start", everyone)
    session = table.session
    assert session is not None
    choosing = {  # in French and in English
        Phase.WILD_GIVE: (HEARD["Élodie"][0][3], HEARD["Bo"][0][3]),
        Phase.WILD_TAKE: (HEARD["Élodie"][1][1], HEARD["Bo"][1][1]),
    }
    chosen: set[Phase] = set()
    while len(chosen) < len(choosing):
        state, seen = session.state, len(session.actions)
        assert not state.over, "\n\n".join(c.read() for c in everyone)
        if state.seat == 0:
            if state.phase is Phase.REVERSE:
                if not seen:  # the game's opening: every client's play screen is up and has said it
                    for client, text in ((elodie, DECIDING[0]), (bo, DECIDING[1]), (cy, DECIDING[1])):
                        _until(_said(client, text), text, everyone)
                hana.send(encode(Decide(0, seen, True)))
            elif state.phase in choosing:
                french, english = choosing[state.phase]
                for client, text in ((elodie, french), (bo, english), (cy, english)):
                    _until(_said(client, text), text, everyone)  # heard before she chooses
                for name, client in clients.items():  # and the roll before that (old main: not yet)
                    client.read()
                    heard = HEARD[name][0][:4] if state.phase is Phase.WILD_GIVE else HEARD[name][1][:2]
                    assert _lines(client)[-len(heard) :] == heard, client.text
                if state.phase is Phase.WILD_GIVE:  # S at Cy: the chips as heard, after the roll
                    cy.press("s")
                    _until(_said(cy, STATUS), STATUS, everyone)
                chosen.add(state.phase)
                hana.send(encode(Choose(0, seen, state.choices[0])))
            else:
                hana.send(encode(RollDice(0, seen)))
        elif state.seat == 1:  # Élodie, at her keyboard: never reverses, takes the seat offered first
            deadline = time.monotonic() + 60
            key = "n" if state.phase is Phase.REVERSE else " "
            while len(session.actions) == seen:  # a key before her question was heard does nothing
                assert time.monotonic() < deadline, elodie.read()
                time.sleep(REACTION_SECONDS + 0.1)  # a person's reaction
                if len(session.actions) == seen:
                    elodie.press(key)
        _until(partial(_moved, session, seen), "the next move", everyone)
        _drain(hana)
    for client, summary in (
        (elodie, "Hana 3 et toi 0."),
        (bo, "Hana 3, Élodie 0."),
        (cy, "Hana 3, Élodie 0."),
    ):
        _until(_said(client, summary), summary, everyone)


def _moved(session: Session, seen: int) -> bool:
    return len(session.actions) > seen or session.state.over
