"""A person at another computer reverses the dice (R9, online): the server applies the reversal, which pays
3 chips into the pot, and this client tells the turn whole once that person has rolled. Until then S must
tell the table as heard, before the payment (critic: it said "Ana 1, pot 3." before anybody heard that Ana
had reversed)."""

from __future__ import annotations

import asyncio

import pytest
from prompt_toolkit.input import PipeInput
from support.keys import keys_taken
from support.play import screen_for

from lcr_audio.engine import Face, Rules
from lcr_audio.engine.game import Reverse, Roll
from lcr_audio.game.online.client import RemoteSession
from lcr_audio.game.session import Player

pytestmark = pytest.mark.usefixtures("english")

OPENING = "A game of 3 players: You, Ana, and Bo."


def test_s_tells_the_table_before_a_reversal_not_yet_told(pipe: PipeInput) -> None:
    players = [Player("You", human=True, default_name="you"), Player("Ana"), Player("Bo")]
    rules = Rules(players=3, chips=4, reversible=True)
    session = RemoteSession(rules, players, 0, first_seat=1, computer_seats=frozenset({2}))  # Ana: remote
    _screen, recorder, driver = screen_for(session, pipe)

    async def scenario() -> list[str]:
        await driver.start(until=OPENING)
        session.receive(0, Reverse(True))  # Ana reverses at her computer; her roll is still to come
        await keys_taken(pipe)
        assert (session.state.chips, session.state.pot) == ((4, 1, 4), 3)
        said = [(await driver.press("s"))[0]]
        session.receive(1, Roll((Face.DOT, Face.DOT, Face.DOT)))
        await driver.until(lambda: driver.said("Ana reverses the dice"))
        said.append((await driver.press("s"))[0])
        await driver.leave()
        return said

    before, after = asyncio.run(scenario())
    assert before == "You 4, Ana 4, Bo 4, pot 0."
    assert after == "You 4, Ana 1, Bo 4, pot 3."
    assert any("puts 3 chips in the pot" in text for text in recorder.texts)
