"""The O key in a game (issue 15, item 1): every seat's chance of winning, said and kept in the history."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

from prompt_toolkit.input import PipeInput
from support.play import ROLL_PROMPT, screen_for

from lcr_audio.engine import Rules, WinCondition
from lcr_audio.game.analysis.odds import exact_table
from lcr_audio.game.seating import table
from lcr_audio.game.session import Session
from lcr_audio.narration.odds_text import margin, odds_sentence
from lcr_audio.tui.keys import Command, Context, help_entries
from lcr_audio.tui.play import PlayScreen


def play(pipe: PipeInput, rules: Rules, keys: list[str]) -> tuple[list[str], PlayScreen]:
    """A game of yours (seat 1) against computer players at ``rules``: at your first roll, once the odds
    are worked out, press ``keys`` one at a time, each after the last one's answer; return all that was
    said and the screen."""
    screen, recorder, driver = screen_for(Session(rules, table(rules.players, [], [0]), 7), pipe)

    async def scenario() -> None:
        await driver.start()
        await driver.until(lambda: driver.said(ROLL_PROMPT), timeout=10)
        assert screen._odds is not None
        screen._odds.keeper.wait(60)
        for key in keys:
            said = len(recorder.spoken)
            pipe.send_text(key)
            await driver.until(lambda said=said: len(recorder.spoken) > said, timeout=10)
        await driver.leave()

    asyncio.run(scenario())
    return [text for text, _ in recorder.spoken], screen


def test_o_says_the_exact_odds_at_the_start_and_comma_repeats_them(pipe: PipeInput) -> None:
    rules = Rules(players=3)
    spoken, screen = play(pipe, rules, ["o", ","])
    exact = exact_table(rules).lookup((3, 3, 3), 0, 0)
    assert exact is not None
    expected = odds_sentence(exact, None, ["You", "Ana", "Bo"], 0)
    assert re.fullmatch(r"You \d+ percent, Ana \d+, Bo \d+\.", expected)
    assert spoken[-2] == expected
    assert spoken[-1] == expected  # the first comma repeats the last message: the odds are in the history
    assert screen.history[-1] == expected


def test_o_simulates_with_a_margin_where_no_table_exists(pipe: PipeInput) -> None:
    spoken, _ = play(pipe, Rules(players=3, win=WinCondition.ROLL_ALL_DOTS), ["o"])
    found = re.fullmatch(r"About You (\d+) percent, Ana (\d+), Bo (\d+), give or take (\d+)\.", spoken[-1])
    assert found, spoken[-1]
    assert 97 <= sum(int(found.group(i)) for i in (1, 2, 3)) <= 103
    assert int(found.group(4)) >= 1


def test_the_sentence_rounds_and_names_the_player() -> None:
    assert (
        odds_sentence([0.314, 0.124, 0.562], None, ["Cy", "Ana", "Bo"], 0) == "You 31 percent, Ana 12, Bo 56."
    )
    assert (
        odds_sentence([0.314, 0.124, 0.562], None, ["Cy", "Ana", "Bo"], None)
        == "Cy 31 percent, Ana 12, Bo 56."
    )
    # 95% margin: 1.96 standard errors, in whole percent rounded up.
    assert margin([0.004, 0.0051]) == 1 and margin([0.011]) == 3
    assert (
        odds_sentence([0.24, 0.76], [0.005, 0.005], ["Ana", "Bo"], None)
        == "About Ana 24 percent, Bo 76, give or take 1."
    )


def test_o_is_the_odds_and_p_the_options_in_every_game_context() -> None:
    for context in (Context.ROLL, Context.WATCH, Context.CONFIRM):
        entries = help_entries(context)
        assert "O: each player's chance of winning from here." in entries
        assert "F2: the options menu." in entries
    assert Command.ODDS.value == "odds"


def test_o_speaks_of_the_game_as_heard_not_of_a_roll_still_to_be_told(pipe: PipeInput) -> None:
    """With the game's messages held back (as while a long message is still being said), your roll is made
    but not yet told: O gives the odds from before it and S the chips from before it, so neither gives a
    roll away; once the roll has been said, O gives the odds after it (R5)."""
    from support.play import scripted_session

    rules = Rules(players=3)
    session = scripted_session(rules, [0], "LLL" + "." * 30)
    screen, _recorder, driver = screen_for(session, pipe, pause=30.0)  # Ana waits: nothing else is told
    before = exact_table(rules).lookup((3, 3, 3), 0, 0)
    after = exact_table(rules).lookup((0, 6, 3), 0, 1)
    assert before is not None and after is not None
    names = ["You", "Ana", "Bo"]

    async def scenario() -> None:
        await driver.start()
        await driver.until(lambda: driver.said(ROLL_PROMPT), timeout=10)
        assert screen._odds is not None
        screen._odds.keeper.wait(60)
        status_before, _ = await driver.press("s")
        screen.presenter.hold(True)  # the game's messages wait; answers to keys are still said
        pipe.send_text(" ")
        await driver.until(lambda: session.state.chips == (0, 6, 3), timeout=10)
        spoken, _ = await driver.press("o")
        assert spoken == odds_sentence(before, None, names, 0)
        assert (await driver.press("s"))[0] == status_before  # S too tells the table as heard
        screen.presenter.hold(False)  # the roll is told
        await driver.until(lambda: driver.said("You roll L, L, L"), timeout=10)
        spoken, _ = await driver.press("o")
        assert spoken == odds_sentence(after, None, names, 0)
        await driver.leave()

    asyncio.run(scenario())


def test_fact_keys_pressed_during_a_rolls_message_tell_the_table_before_that_roll(pipe: PipeInput) -> None:
    """Issue 21, item 8: a key answer cuts the roll's message under way, which is said again, whole, after
    it; until that message has been said to its end, a seat's digit, S, C and T tell the table as it was
    before the roll (a digit gave "Ana, seat 2: 6 chips." before "You roll L, L, L" was heard whole)."""
    from support.play import Driver, scripted_session

    from lcr_audio.output.speech import Speaker
    from lcr_audio.output.speech.simple import SpeakingRecorder
    from lcr_audio.tui.play import PlayScreen

    session = scripted_session(Rules(players=3), [0], "LLL" + "." * 30)
    backend = SpeakingRecorder()
    screen = PlayScreen(session, Speaker([backend]), pipe, pause=30.0, new_session=None)  # Ana waits
    driver = Driver(screen, pipe, backend)

    async def said_whole(condition: Callable[[], bool]) -> None:
        """Each utterance ends as soon as it is said, until ``condition`` holds and everything queued has been
        said to its end."""

        def ended(done: Callable[[], bool]) -> bool:
            backend.finish()
            return done()

        await driver.until(lambda: ended(condition))
        drained = asyncio.ensure_future(screen.presenter.drained())
        await driver.until(lambda: ended(drained.done))

    async def answer(key: str) -> str:
        text, _interrupt = await driver.press(key)
        return text

    async def scenario() -> None:
        await driver.start()
        await said_whole(lambda: driver.said(ROLL_PROMPT))
        assert await answer("2") == "Ana, seat 2: 3 chips."
        status, pot, turn = await answer("s"), await answer("c"), await answer("t")
        backend.finish()
        pipe.send_text(" ")
        await driver.until(lambda: backend.busy and backend.texts[-1].startswith("You roll L, L, L"))
        assert session.state.chips == (0, 6, 3)  # played, and being said
        assert await answer("2") == "Ana, seat 2: 3 chips."  # it cut the roll's message, not yet heard whole
        assert await answer("1") == "You, seat 1: 3 chips."
        assert (await answer("s"), await answer("c"), await answer("t")) == (status, pot, turn)
        await said_whole(lambda: sum(t.startswith("You roll L, L, L") for t in backend.texts) == 2)
        assert await answer("2") == "Ana, seat 2: 6 chips."  # said again, whole: now it is heard
        assert await answer("1") == "You, seat 1: 0 chips."
        await driver.leave()

    asyncio.run(scenario())
