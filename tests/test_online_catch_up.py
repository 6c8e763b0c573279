"""The moves missed while away from an online table, by ear (issue 22, item 5): a computer player's moves in
the player's own seat are said to be its, no question a later move answered is asked, and a decision's key
pressed while the connection is down says so.

A real table server on loopback (in this process, as in ``test_online_order``), Hana at a raw protocol
connection, and Bo's own client process in a real terminal with its speech printed (``--speech console``).
"""

from __future__ import annotations

import os
import re
import signal
import time

import pytest
from test_online_ear import _hana_rolls_until, _open
from test_online_order import Serving, _client, _until
from websockets.sync.client import connect

from lcr_audio.engine import DiceRolled, Rules
from lcr_audio.game.online.protocol import Start, encode
from lcr_audio.tui.input import REACTION_SECONDS

pytestmark = pytest.mark.requires_program("tmux")  # a real terminal is needed; pexpect gives it

STOOD_IN = "A computer player played for you while you were away."
DROPPED = "The connection to the table dropped; trying again."


@pytest.mark.system
def test_a_computer_players_moves_in_the_seat_of_a_player_away_are_said_to_be_its(tmp_path: object) -> None:
    """Bo's connection drops at his turn, and stays down (his program is stopped) while a computer player
    rolls for him twice and Hana once; when it is back, the moves missed are said with "A computer player
    played for you while you were away." before each of its rolls, and without "Your turn. ... Press Space
    to roll" for the turn it played (old main asked him that question, then said "You roll", as if he had).
    """
    with Serving() as server, connect(f"ws://127.0.0.1:{server.port}", max_size=None) as hana:
        code = _open(hana, Rules(players=3, chips=3))
        bo = _client(tmp_path, server.port, code, "Bo", "normal")  # type: ignore[arg-type]
        table = server.table(code)
        try:
            _until(lambda: len(table.members) == 2, "Bo at the table", [bo])
            hana.send(encode(Start()))
            bo.wait_for(r"A game of 3 players: Hana")
            _hana_rolls_until(
                table, hana, lambda: table.session is not None and table.session.state.seat == 1, [bo]
            )
            bo.wait_for(r"Your turn\. You have \d chips?\. Press Space to roll \d dice?\.")
            session = table.session
            assert session is not None
            seen = len(session.actions)
            server.tables.away_seconds = 0.5  # a computer player stands in at once
            os.kill(bo.child.pid, signal.SIGSTOP)  # his program cannot connect again meanwhile
            conn = table.seats[1].holder
            socket = server.tables._sockets[conn]  # type: ignore[index]
            assert server._loop is not None
            server._loop.call_soon_threadsafe(socket.transport.abort)  # the connection drops
            _until(lambda: table.seats[1].holder is None, "Bo away", [bo])

            def rolls_for_bo() -> int:
                return sum(
                    isinstance(e, DiceRolled) and e.seat == 1
                    for done, events in session.replay()
                    if done > seen
                    for e in events
                )

            def done() -> bool:  # twice, or once and Bo has no chips left to roll
                state = session.state
                rolls = rolls_for_bo()
                return (
                    state.seat == 0 and not state.over and (rolls >= 2 or (rolls == 1 and not state.chips[1]))
                )

            # Hana rolls at her turns until the computer player has rolled twice for Bo, and it is hers
            _hana_rolls_until(table, hana, done, [bo])
            missed, stood_in = len(session.actions) - seen, rolls_for_bo()
            os.kill(bo.child.pid, signal.SIGCONT)
            found = bo.wait_for(rf"You missed {missed} moves; Q skips them\.", 60)
            # every missed move said: one line each, and one for each of the computer player's turns
            _until(lambda: len(bo.read()[found.end() :].split("\n")) > missed + stood_in, "the moves", [bo])
            after = bo.read()[found.end() :]
            assert after.count(STOOD_IN) == stood_in, after
            assert len(re.findall(re.escape(STOOD_IN) + r"\s+You roll ", after)) == stood_in, after
            assert after.count("You roll ") == stood_in, after
            assert "Your turn" not in after, after
            assert "Press Space" not in after, after
            assert "Traceback" not in bo.read()
        finally:
            bo.child.close(force=True)


@pytest.mark.system
def test_space_while_the_connection_is_down_says_so(tmp_path: object) -> None:
    """Bo's question to roll was heard; the table's server stops, and Bo hears the connection dropped; his
    Space then says it again, with the error cue (old main: nothing at all)."""
    server = Serving().__enter__()
    stopped = False
    try:
        with connect(f"ws://127.0.0.1:{server.port}", max_size=None) as hana:
            code = _open(hana, Rules(players=3, chips=3))
            bo = _client(tmp_path, server.port, code, "Bo", "brief")  # type: ignore[arg-type]
            table = server.table(code)
            try:
                _until(lambda: len(table.members) == 2, "Bo at the table", [bo])
                hana.send(encode(Start()))
                bo.wait_for(r"A game of 3 players: Hana")
                _hana_rolls_until(
                    table, hana, lambda: table.session is not None and table.session.state.seat == 1, [bo]
                )
                bo.wait_for(r"Your turn\.[^\n]*dice?\.")
                time.sleep(REACTION_SECONDS + 0.1)
                server.__exit__(None, None, None)
                stopped = True
                bo.wait_for(re.escape(DROPPED), 30)
                assert bo.read().count(DROPPED) == 1
                bo.press(" ")
                _until(lambda: bo.read().count(DROPPED) == 2, "the dropped connection said again", [bo])
                assert "Traceback" not in bo.read()
            finally:
                bo.child.close(force=True)
    finally:
        if not stopped:
            server.__exit__(None, None, None)
