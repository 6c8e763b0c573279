"""The careful computer player (issue 15, item 3): Wild seats and reversals chosen by the odds."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input

from lcr_audio.engine import ChooseSeat, Face, Phase, Reverse, Roll, Rules, WinCondition, position, step
from lcr_audio.game.analysis.careful import careful_choice, careful_reverse, own_chance
from lcr_audio.game.analysis.odds import exact_table
from lcr_audio.game.bots import CAREFUL_POLICY, DEFAULT_POLICY, PolicyName
from lcr_audio.game.session import Player, Session
from lcr_audio.output.speech import RecordingBackend, Speaker
from lcr_audio.tui.console import Console
from lcr_audio.tui.setup import Setup


def test_a_careful_take_is_the_best_seat_by_the_table(tmp_path: Path) -> None:
    """R7: seat 1 rolls W, dot with 2 chips; every choice is scored by the table, and the careful one
    leaves seat 1 the largest chance."""
    rules = Rules(players=4, chips=2, wild=True)
    table = exact_table(rules, tmp_path)
    state = step(position(rules, (2, 3, 1, 2), 0, 0), Roll((Face.WILD, Face.DOT)))[0]
    assert state.phase is Phase.WILD_TAKE
    scores = {c: own_chance(step(state, ChooseSeat(c))[0], 0, table) for c in state.choices}
    chosen = careful_choice(state, tmp_path)
    assert chosen is not None and scores[chosen] == max(scores.values())
    # The chance after the choice is the table's entry for the next turn: seat 2 to play.
    after = step(state, ChooseSeat(chosen))[0]
    assert (
        after.seat == 1
        and scores[chosen] == exact_table(rules, tmp_path).lookup(after.chips, after.pot, 1)[0]
    )  # type: ignore[index]


def test_the_careful_reversal_compares_both_ways_over_every_roll(tmp_path: Path) -> None:
    rules = Rules(players=3, chips=3, reversible=True)
    table = exact_table(rules, tmp_path)
    state = position(rules, (5, 2, 2), 0, 0)
    assert state.phase is Phase.REVERSE
    yes = own_chance(step(state, Reverse(True))[0], 0, table)
    no = own_chance(step(state, Reverse(False))[0], 0, table)
    assert yes != no
    assert careful_reverse(state, tmp_path) is (yes > no)


def test_without_a_table_the_careful_player_chooses_as_usual(tmp_path: Path) -> None:
    rules = Rules(players=3, chips=2, wild=True, win=WinCondition.ROLL_ALL_DOTS)
    state = step(position(rules, (2, 2, 2), 0, 0), Roll((Face.WILD, Face.DOT)))[0]
    assert careful_choice(state, tmp_path) is None
    assert CAREFUL_POLICY.choose(state) == DEFAULT_POLICY.take_from(state)


def test_a_game_of_careful_players_plays_to_the_end_and_saves_its_name() -> None:
    rules = Rules(players=3, chips=2, wild=True, reversible=True)
    players = [Player(n, policy=CAREFUL_POLICY) for n in ("Ana", "Bo", "Cy")]
    session = Session(rules, players, 5)
    session.start()
    state = session.play_to_end()
    assert state.over
    assert CAREFUL_POLICY.name == PolicyName.CAREFUL == "careful"


def test_the_setup_offers_careful_computer_players() -> None:
    async def scenario() -> list[Player]:
        with create_pipe_input() as keys:
            setup = Setup(Speaker([RecordingBackend()]), Console(io.StringIO()), keys)
            task = asyncio.create_task(setup.ask())
            for group in ("\r", "\r", "\r", "o", "\r", "\r", "\r", "\r", "\r", "\x1b[C\r"):
                await asyncio.sleep(0.05)
                keys.send_text(group)
            _rules, players = await asyncio.wait_for(task, 5)
            return players

    players = asyncio.run(scenario())
    assert [p.policy.name for p in players] == ["greedy", "careful", "careful"]
    assert players[0].human


@pytest.mark.parametrize("seed", [1, 2])
def test_careful_players_play_by_the_rules(seed: int) -> None:
    """Every choice the careful player makes is one the engine accepts (step raises otherwise)."""
    rules = Rules(players=4, chips=3, wild=True)
    session = Session(rules, [Player(n, policy=CAREFUL_POLICY) for n in ("A", "B", "C", "D")], seed)
    session.start()
    assert session.play_to_end().over
