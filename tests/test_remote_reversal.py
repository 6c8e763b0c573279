"""A person at another computer reverses the dice (R9, online): the server applies the reversal, which pays
3 chips into the pot. This client tells it at once, as for a person at this keyboard (issue 22, item 5: the
reversal, then the roll, then any choice), and S tells the table as heard: the payment once the reversal
was said (a critic heard "Ana 1, pot 3." before anybody had heard that Ana reversed)."""

from __future__ import annotations

import asyncio

import pytest
from prompt_toolkit.input import PipeInput
from support.play import screen_for

from lcr_audio.engine import Face, Rules
from lcr_audio.engine.game import Reverse, Roll
from lcr_audio.game.online.client import RemoteSession
from lcr_audio.game.session import Player

pytestmark = pytest.mark.usefixtures("english")

OPENING = "A game of 3 players: you, Ana, and Bo."


def test_s_tells_the_table_before_a_reversal_not_yet_told(pipe: PipeInput) -> None:
    players = [Player("You", human=True, default_name="you"), Player("Ana"), Player("Bo")]
    rules = Rules(players=3, chips=4, reversible=True)
    session = RemoteSession(rules, players, 0, first_seat=1, computer_seats=frozenset({2}))  # Ana: remote
    _screen, recorder, driver = screen_for(session, pipe)

    async def scenario() -> list[str]:
        await driver.start(until=OPENING)
        session.receive(0, Reverse(True))  # Ana reverses at her computer; her roll is still to come
        await driver.until(lambda: driver.said("Ana reverses the dice and puts 3 chips in the pot."))
        assert (session.state.chips, session.state.pot) == ((4, 1, 4), 3)
        said = [(await driver.press("s"))[0]]
        session.receive(1, Roll((Face.DOT, Face.DOT, Face.DOT)))
        await driver.until(lambda: driver.said("Ana rolls the reversed dice"))
        said.append((await driver.press("s"))[0])
        await driver.leave()
        return said

    reversed_, rolled = asyncio.run(scenario())
    assert reversed_ == "You 4, Ana 1, Bo 4, pot 3."
    assert rolled == "You 4, Ana 1, Bo 4, pot 3."  # three dots move no chip
    said = recorder.texts
    reversal = next(i for i, text in enumerate(said) if "puts 3 chips in the pot" in text)
    roll = next(i for i, text in enumerate(said) if text.startswith("Ana rolls the reversed dice"))
    assert reversal < roll
