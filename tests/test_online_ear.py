"""An online table by ear (issue 22, item 5): a listener who took a seat gets it back as a joiner does, the
last answer to playing again hears what follows rather than a wait, and the moves missed are said without
the "is choosing" notices of choices already made.

A real table server on loopback (in this process, as in ``test_online_order``: the test sees its table and
chooses its dice), Hana at a raw protocol connection, and the game's own client processes in real
terminals with their speech printed (``--speech console``).
"""

from __future__ import annotations

import contextlib
import re
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_online_order import RULES, SEED, Serving, _client, _drain, _until
from test_online_play import Client
from websockets.sync.client import ClientConnection, connect

from lcr_audio.engine import Phase, Rules
from lcr_audio.game.online.protocol import (
    PROTOCOL_VERSION,
    Choose,
    Decide,
    Hello,
    Notice,
    PlayAgain,
    RollDice,
    SeatKind,
    ServerMessage,
    SetRules,
    Start,
    Told,
    Welcome,
    decode_server,
    encode,
    rules_doc,
)
from lcr_audio.game.online.table import Table
from lcr_audio.tui.input import REACTION_SECONDS

pytestmark = pytest.mark.requires_program("tmux")  # a real terminal is needed; pexpect gives it


@pytest.fixture
def server() -> Iterator[Serving]:
    with Serving() as serving:
        yield serving


SEAT_OFFERED = "A seat is free in the next game at this table. Take it? Y or N."
WAITING = "Waiting for the others' answers; the next game starts with those who say yes."


def _open(hana: ClientConnection, rules: Rules) -> str:
    """Hana opens a table under ``rules`` at her raw connection: the table's code."""
    hana.send(encode(Hello(PROTOCOL_VERSION, "", names=["Hana"])))
    welcome = decode_server(hana.recv(timeout=60))
    assert isinstance(welcome, Welcome)
    hana.send(encode(SetRules(rules_doc(rules))))
    return welcome.code


def _hana_rolls_until(
    table: Table,
    hana: ClientConnection,
    done: Callable[[], bool],
    clients: list[Client],
    bo: Client | None = None,
) -> list[ServerMessage]:
    """Hana rolls at each of her turns, and ``bo`` (in seat 1) presses Space at his (the computer players
    move by themselves) until ``done()``. Returns what Hana's connection got meanwhile."""
    deadline = time.monotonic() + 90
    got: list[ServerMessage] = []
    pressed = 0.0
    while not done():
        assert time.monotonic() < deadline, "\n\n".join(c.read()[-3000:] for c in clients)
        session = table.session
        assert session is not None
        state, seen = session.state, len(session.actions)
        if not state.over and state.seat == 0 and state.phase is Phase.ROLL:
            hana.send(encode(RollDice(0, seen)))
        elif not state.over and state.seat == 1 and bo is not None and time.monotonic() - pressed > 0.3:
            bo.press(" ")  # again after a while: a key before his question was heard does nothing
            pressed = time.monotonic()
        got += _received(hana)
        time.sleep(0.05)
    return got


def _received(hana: ClientConnection) -> list[ServerMessage]:
    """Everything the server sent Hana so far."""
    got = []
    with contextlib.suppress(TimeoutError):
        while True:
            got.append(decode_server(hana.recv(timeout=0)))
    return got


def _zoe_seated(server: Serving, hana: ClientConnection, tmp_path: Path) -> tuple[str, Client, Table]:
    """Hana's table of one chip each (Hana and two computer players) plays to its end with Zoe listening;
    Hana plays again and Zoe takes a computer player's seat in the next game, which starts. Returns the
    code, Zoe's client and the table."""
    code = _open(hana, Rules(players=3, chips=1))
    zoe = _client(tmp_path, server.port, code, "Zoe", "brief", "--listen")
    table = server.table(code)
    _until(lambda: len(table.members) == 2, "Zoe listening", [zoe])
    hana.send(encode(Start()))
    # her play screen is up before Hana's quick rolls; listening, she hears who the computer plays (old
    # main: only those with a seat did)
    zoe.wait_for(
        r"A game of 3 players: Hana, (\w+), and (\w+)\. .* Hana rolls first\. \1 and \2 are computer"
    )
    _hana_rolls_until(table, hana, lambda: table.again is not None, [zoe])
    hana.send(encode(PlayAgain(True)))
    _until(lambda: SEAT_OFFERED in zoe.read(), "the seat offered", [zoe])
    zoe.press_until("y", zoe, r"Game 2")
    _until(lambda: any(s.name == "Zoe" and s.holder is not None for s in table.seats), "Zoe seated", [zoe])
    return code, zoe, table


def _zoes_seat(table: Table) -> int:
    return next(i for i, s in enumerate(table.seats) if s.name == "Zoe")


@pytest.mark.system
def test_a_listener_who_took_a_seat_gets_it_back_after_a_drop_and_after_a_restart(
    tmp_path: Path, server: Serving
) -> None:
    """Zoe listened, then took a seat in the table's second game; her connection drops, and she is back in
    her seat; her program is killed and started again with the same words (``--listen --names Zoe``): she
    sits in her seat again and plays it, not a listener (old main: her seat's token was kept under no name,
    so the restarted program joined as a listener and her seat waited for nobody)."""
    with connect(f"ws://127.0.0.1:{server.port}", max_size=None) as hana:
        code, zoe, table = _zoe_seated(server, hana, tmp_path)
        try:
            _drop_and_restart(server, hana, code, zoe, table, tmp_path)
        finally:
            zoe.child.close(force=True)


def _drop_and_restart(
    server: Serving, hana: ClientConnection, code: str, zoe: Client, table: Table, tmp_path: Path
) -> None:
    seat = _zoes_seat(table)
    again = zoe
    try:
        conn = table.seats[seat].holder
        socket = server.tables._sockets[conn]  # type: ignore[index]
        assert server._loop is not None
        server._loop.call_soon_threadsafe(socket.transport.abort)  # the connection drops
        _until(lambda: table.seats[seat].holder not in (None, conn), "Zoe back after the drop", [zoe])
        zoe.wait_for(r"Connected to the table again\.")
        zoe.child.kill(signal.SIGKILL)
        zoe.child.wait()
        _until(lambda: table.seats[seat].holder is None, "Zoe away", [zoe])
        again = Client(tmp_path, server.port, code, "Zoe", "--listen")  # her settings are kept
        _until(lambda: table.seats[seat].holder is not None, "Zoe back after the restart", [again])
        assert table.seats[seat].kind is SeatKind.PERSON
        assert not any(m.spectator for m in table.members.values())
        again.wait_for(
            r"Game 2, with 3 players: Hana, you, and|The game continues at turn"
        )  # the table's second
        assert "listening" not in again.read()
        assert "You are at the table" not in again.read()  # back in the game: no lobby's greeting
        # she plays her seat: at her turn her Space rolls
        _hana_rolls_until(
            table, hana, lambda: table.session is not None and table.session.state.seat == seat, [again]
        )
        session = table.session
        assert session is not None
        moves = len(session.actions)
        again.wait_for(r"Your turn")
        deadline = time.monotonic() + 60
        while len(session.actions) == moves:  # a key before her question was heard does nothing
            assert time.monotonic() < deadline, again.read()
            again.press(" ")
            time.sleep(REACTION_SECONDS + 0.1)
        assert "Traceback" not in again.read()
    finally:
        again.child.close(force=True)


@pytest.mark.system
def test_the_moves_missed_are_said_without_the_choosing_notices_of_choices_already_made(
    tmp_path: Path, server: Serving
) -> None:
    """Bo's program is killed as Hana's first turn starts; she reverses, rolls a Wild and chooses whom to
    give a chip to (under :data:`SEED`); Bo starts his program again: he hears that he missed her three
    moves, then each of them, without "Hana is choosing who to give a chip to." (she had chosen; old main
    said it between the roll and the gift). Then, back at the table, he hears her next Wild choice under
    way once, as it happens."""
    with connect(f"ws://127.0.0.1:{server.port}", max_size=None) as hana:
        code = _open(hana, RULES)
        bo = _client(tmp_path, server.port, code, "Bo", "brief")
        table = server.table(code)
        again = bo
        try:
            _until(lambda: len(table.members) == 2, "Bo at the table", [bo])
            table.seed = SEED
            hana.send(encode(Start()))
            bo.wait_for(re.escape("Hana is deciding whether to reverse the dice."))
            bo.child.kill(signal.SIGKILL)
            bo.child.wait()
            _until(lambda: table.seats[1].holder is None, "Bo away", [bo])
            session = table.session
            assert session is not None
            for _ in range(3):  # Hana reverses, rolls a Wild and gives a chip to the first seat offered
                state, seen = session.state, len(session.actions)
                if state.phase is Phase.REVERSE:
                    hana.send(encode(Decide(0, seen, True)))
                elif state.phase is Phase.ROLL:
                    hana.send(encode(RollDice(0, seen)))
                else:
                    assert state.phase is Phase.WILD_GIVE
                    hana.send(encode(Choose(0, seen, state.choices[0])))
                _until(lambda: len(session.actions) > seen, "Hana's move", [bo])  # noqa: B023
                _drain(hana)
            assert session.state.seat == 1  # Bo's turn: the table waits for him (a minute)
            again = Client(tmp_path, server.port, code, "Bo")  # his settings are kept: brief
            found = again.wait_for(r"You missed 3 moves; Q skips them\.", 40)
            gift = "Hana gives a chip to you."
            again.wait_for(re.escape(gift))
            after = again.read()[found.end() :]
            assert "Hana reverses the dice." in after and "Hana, reversed: dot, L, Wild." in after
            assert "is choosing" not in after, after
            assert after.index("Hana, reversed") < after.index(gift)
            assert "You are at the table" not in again.read()  # back in the game: no lobby's greeting
        finally:
            again.child.close(force=True)
            bo.child.close(force=True)


@pytest.mark.system
def test_the_last_answer_to_playing_again_hears_the_next_game_not_a_wait(
    tmp_path: Path, server: Serving
) -> None:
    """Hana, the host, says yes to playing again while Bo has not answered: she is told that the others'
    answers are awaited. Bo says yes, the last answer: he hears the next game start, and never "Waiting for
    the others' answers" (old main: said to him before the next game, a wait already over)."""
    with connect(f"ws://127.0.0.1:{server.port}", max_size=None) as hana:
        code = _open(hana, Rules(players=3, chips=1))
        bo = _client(tmp_path, server.port, code, "Bo", "brief")
        table = server.table(code)
        try:
            _until(lambda: len(table.members) == 2, "Bo at the table", [bo])
            hana.send(encode(Start()))
            _until(lambda: table.session is not None, "the start", [bo])
            _hana_rolls_until(table, hana, lambda: table.again is not None, [bo], bo)
            hana.send(encode(PlayAgain(True)))
            bo.wait_for(re.escape("Play again at this table? Y or N; the table waits a minute."))
            pending = Told(Notice.ANSWERS_PENDING, "")
            _until(lambda: pending in _received(hana), "Hana's wait for Bo's answer", [bo])
            first = table.session
            bo.press_until("y", bo, r"Game 2, with 3 players")
            assert table.session is not first
            assert "Waiting for the others' answers" not in bo.read(), bo.read()
            assert pending not in _received(hana)  # once only
            assert "Traceback" not in bo.read()
        finally:
            bo.child.close(force=True)


@pytest.mark.system
def test_rules_heard_with_s_in_the_lobby_are_not_said_again_at_the_start(
    tmp_path: Path, server: Serving
) -> None:
    """Bo presses S in the lobby and hears who is there and the rules; Hana starts: Bo hears the game's
    opening without the rules again (old main: the rules summary twice, S's and the start's)."""
    with connect(f"ws://127.0.0.1:{server.port}", max_size=None) as hana:
        code = _open(hana, Rules(players=3, chips=2))
        bo = _client(tmp_path, server.port, code, "Bo", "brief")
        try:
            bo.wait_for("You are at the table")
            rules = "3 players, 2 chips each. Wild dice off. Reversible dice off. The last player with chips wins."
            time.sleep(REACTION_SECONDS + 0.1)  # a key before the lobby was heard does nothing
            bo.press("s")
            bo.wait_for(re.escape(rules))
            hana.send(encode(Start()))
            bo.wait_for("A game of 3 players")
            assert bo.read().count(rules) == 1, bo.read()
            assert "Traceback" not in bo.read()
        finally:
            bo.child.close(force=True)


@pytest.mark.system
def test_back_after_a_restart_mid_wild_the_standings_are_those_heard_before_the_moves_missed(
    tmp_path: Path, server: Serving
) -> None:
    """Bo's program is killed once it said Hana's reversed Wild roll and that she is choosing (under
    :data:`SEED`); she chooses; Bo starts his program again: the standings he hears first are the table's
    after her roll, as he heard it, then the one move missed, her gift (old main: the standings from before
    her reversal and roll, "Hana 4, you 4", which the gift's "Hana 1, you 4" then contradicted)."""
    with connect(f"ws://127.0.0.1:{server.port}", max_size=None) as hana:
        code = _open(hana, RULES)
        bo = _client(tmp_path, server.port, code, "Bo", "brief")
        table = server.table(code)
        again = bo
        try:
            _until(lambda: len(table.members) == 2, "Bo at the table", [bo])
            table.seed = SEED
            hana.send(encode(Start()))
            bo.wait_for(re.escape("Hana is deciding whether to reverse the dice."))
            hana.send(encode(Decide(0, 0, True)))
            _until(lambda: table.session is not None and len(table.session.actions) == 1, "reversed", [bo])
            hana.send(encode(RollDice(0, 1)))
            bo.wait_for(re.escape("Hana is choosing who to give a chip to."))
            bo.child.kill(signal.SIGKILL)
            bo.child.wait()
            _until(lambda: table.seats[1].holder is None, "Bo away", [bo])
            session = table.session
            assert session is not None and session.state.phase is Phase.WILD_GIVE
            hana.send(encode(Choose(0, 2, session.state.choices[0])))
            _until(lambda: len(session.actions) == 3, "Hana's gift", [bo])
            again = Client(tmp_path, server.port, code, "Bo")
            found = again.wait_for(r"The game continues at turn 1\. (.*)\n")
            assert found.group(1) == "Hana 2, you 3, Ana 4, pot 3.", again.read()
            again.wait_for(r"You missed 1 move; Q skips it\.\s+Hana gives a chip to you\. Hana 1, you 4\.")
            assert "Traceback" not in again.read()
            assert "You are at the table" not in again.read()  # back in the game: no lobby's greeting
        finally:
            again.child.close(force=True)
            bo.child.close(force=True)


@pytest.mark.system
def test_back_after_a_drop_at_their_own_turn_a_player_is_asked_again(tmp_path: Path, server: Serving) -> None:
    """Bo's connection drops while the table waits for his roll, and comes back with no move missed: after
    "Connected to the table again." he is asked again to roll (old main: nothing; a Space pressed during the
    drop had gone nowhere, and nothing said it was still his turn)."""
    with connect(f"ws://127.0.0.1:{server.port}", max_size=None) as hana:
        code = _open(hana, Rules(players=3, chips=3))
        bo = _client(tmp_path, server.port, code, "Bo", "brief")
        table = server.table(code)
        try:
            _until(lambda: len(table.members) == 2, "Bo at the table", [bo])
            hana.send(encode(Start()))
            bo.wait_for(r"A game of 3 players: Hana")
            _hana_rolls_until(
                table, hana, lambda: table.session is not None and table.session.state.seat == 1, [bo]
            )
            asked = bo.wait_for(r"Your turn\.[^\n]*dice?\.").group(0)
            conn = table.seats[1].holder
            socket = server.tables._sockets[conn]  # type: ignore[index]
            assert server._loop is not None
            server._loop.call_soon_threadsafe(socket.transport.abort)  # the connection drops
            again = bo.wait_for(r"Connected to the table again\.\n(Your turn\.[^\n]*dice?\.)").group(1)
            assert again == asked
            assert "Traceback" not in bo.read()
        finally:
            bo.child.close(force=True)


@pytest.mark.system
def test_a_client_restarted_during_the_tables_second_game_says_the_tables_game_number(
    tmp_path: Path, server: Serving
) -> None:
    """Issue 22, item 5: Hana and Bo play the table's first game and then a second; Bo's program is killed
    during the second and started again: at its end he hears "Game 2 is over" (the table's number, sent with
    the game's start; old main: "Game 1 is over.", each program counting the games from its own start)."""
    with connect(f"ws://127.0.0.1:{server.port}", max_size=None) as hana:
        code = _open(hana, Rules(players=3, chips=1))
        bo = _client(tmp_path, server.port, code, "Bo", "brief")
        table = server.table(code)
        again = bo
        try:
            _until(lambda: len(table.members) == 2, "Bo at the table", [bo])
            hana.send(encode(Start()))
            _until(lambda: table.session is not None, "the start", [bo])
            _hana_rolls_until(table, hana, lambda: table.again is not None, [bo], bo)
            hana.send(encode(PlayAgain(True)))
            first = table.session
            bo.press_until("y", bo, r"Game 2, with 3 players")
            second = table.session
            assert second is not first and second is not None
            # One roll, never two: at 1 chip each, two rolls can end the game before Bo is killed (seen
            # once in CI), and a program started after a game's end is not told that end again. One roll
            # empties at most the roller, so the game is still on when Bo comes back.
            _hana_rolls_until(table, hana, lambda: len(second.actions) >= 1, [bo], bo)
            assert not second.state.over
            bo.child.kill(signal.SIGKILL)
            bo.child.wait()
            _until(lambda: table.seats[1].holder is None, "Bo away", [bo])
            again = Client(tmp_path, server.port, code, "Bo")  # his settings are kept: brief
            _until(lambda: table.seats[1].holder is not None, "Bo back", [again])
            _hana_rolls_until(table, hana, lambda: second.state.over, [again], again)
            again.wait_for(r"Game 2 is over\. At the end: ")
            assert "Game 1 is over" not in again.read(), again.read()
            assert "Traceback" not in again.read()
        finally:
            again.child.close(force=True)
            bo.child.close(force=True)
