"""The O key in a game (issue 15, item 1; issue 21, item 6): every seat's chance of winning, said and kept
in the history, honestly: a lead-in, whole percents adding up to 100, no difference the margin does not
support, and an estimate that only improves while the position stands."""

from __future__ import annotations

import asyncio
import math
import re
from collections.abc import Callable

import pytest
from prompt_toolkit.input import PipeInput
from support.play import ROLL_PROMPT, screen_for

from lcr_audio.engine import Phase, Reverse, Rules, WinCondition, position, step
from lcr_audio.game.analysis import odds
from lcr_audio.game.analysis.figures import Z95, said_odds
from lcr_audio.game.analysis.odds import OddsKeeper, exact_table
from lcr_audio.game.seating import table
from lcr_audio.game.session import Session
from lcr_audio.narration.odds_text import odds_sentence
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
        assert screen.facts.odds_key is not None
        screen.facts.odds_key.keeper.wait(60)
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
    assert re.fullmatch(r"Chances of winning: you \d+ percent, Ana \d+, Bo \d+\.", expected)
    assert spoken[-2] == expected
    assert spoken[-1] == expected  # the first comma repeats the last message: the odds are in the history
    assert screen.history[-1] == expected


def test_o_simulates_with_a_margin_where_no_table_exists(pipe: PipeInput) -> None:
    spoken, _ = play(pipe, Rules(players=3, win=WinCondition.ROLL_ALL_DOTS), ["o"])
    listed = re.fullmatch(
        r"Chances of winning, about: you (\d+) percent, Ana (\d+), Bo (\d+); give or take (\d+)\.", spoken[-1]
    )
    even = re.fullmatch(r"Chances of winning: about even, 33 percent each, give or take (\d+)\.", spoken[-1])
    assert listed or even, spoken[-1]
    if listed:
        assert sum(int(listed.group(i)) for i in (1, 2, 3)) == 100
    assert int((listed or even).group((listed and 4) or 1)) >= 1  # type: ignore[union-attr]


def test_the_sentence_has_a_lead_in_says_you_in_lower_case_and_adds_up_to_100() -> None:
    """Issue 21, item 6: "Chances of winning: you 31 percent, ..." (was "You 31 percent, ..." with no
    lead-in), and whole percents that add up to 100 (three seats of a third said 33, 33, 33 or 34, 34, 33
    before)."""
    assert (
        odds_sentence([0.314, 0.121, 0.565], None, ["Cy", "Ana", "Bo"], 0)
        == "Chances of winning: you 31 percent, Ana 12, Bo 57."
    )
    assert (
        odds_sentence([0.314, 0.121, 0.565], None, ["Cy", "Ana", "Bo"], 1)
        == "Chances of winning: Cy 31 percent, you 12, Bo 57."
    )
    # 33.5 + 33.5 + 33.0: rounded one by one they said 34, 34, 33 (101 in all). Equal chances are said
    # alike only where that keeps each figure within 1 of its chance and the order true (not 34, 34, 32).
    assert (
        odds_sentence([0.335, 0.335, 0.33], None, ["Cy", "Ana", "Bo"], None)
        == "Chances of winning: Cy 34 percent, Ana 33, Bo 33."
    )
    for chances in ([0.335, 0.335, 0.33], [0.125] * 8, [0.2049, 0.2049, 0.2049, 0.2049, 0.1804], [1 / 6] * 6):
        said = said_odds(chances, None)
        assert sum(said.percents) == 100, said


def test_a_simulated_answer_states_no_difference_its_margin_does_not_support() -> None:
    """Issue 21, item 6: the first O in a 5-player Wild game said "About Mia 20 percent, Leo 15, Ana 25, Bo
    18, Cy 21, give or take 8.": a 10-point difference within the noise. Now the seats are "about even",
    and the margin said covers each seat's own interval from the figure said for it."""
    names = ["Mia", "Leo", "Ana", "Bo", "Cy"]
    chances = [0.20, 0.15, 0.25, 0.18, 0.22]
    few = [math.sqrt(p * (1 - p) / 100) for p in chances]  # 100 games: 95% half-intervals up to 8.5 points
    said = odds_sentence(chances, few, names, None)
    found = re.fullmatch(r"Chances of winning: about even, 20 percent each, give or take (\d+)\.", said)
    assert found, said
    # Ana's estimate, 25 give or take 8.5, reaches 33.5: "20 give or take M" must reach it too.
    assert int(found.group(1)) >= 14
    many = [math.sqrt(p * (1 - p) / 20_000) for p in chances]  # half-intervals under 0.6 points
    assert (
        odds_sentence(chances, many, names, None)
        == "Chances of winning, about: Mia 20 percent, Leo 15, Ana 25, Bo 18, Cy 22; give or take 1."
    )
    # In between, seats too close to tell apart share one figure (their mean); groups said apart differ
    # by more than twice the widest half-interval.
    some = [math.sqrt(p * (1 - p) / 2_000) for p in chances]  # half-intervals up to 1.9 points
    grouped = said_odds(chances, some)
    assert grouped.percents[2] == grouped.percents[4] and grouped.percents[0] == grouped.percents[3]
    assert len(set(grouped.percents)) == 3 and sum(grouped.percents) == 100 and not grouped.even
    assert grouped.margin is not None
    for seat, chance in enumerate(chances):  # each seat's own 95% interval lies within what is said
        reach = abs(grouped.percents[seat] - 100 * chance) + 100 * Z95 * some[seat]
        assert reach <= grouped.margin
    # A margin rounds up, never down (1.96 standard errors of 0.4 and 0.51 points: 0.8 and 1.0 make 1).
    assert said_odds([0.5, 0.5], [0.004, 0.0051]).margin == 1
    assert said_odds([0.5, 0.5], [0.011, 0.011]).margin == 3


def settle(keeper: OddsKeeper) -> None:
    """Wait for the games the keeper plays on in the background after an answer."""
    more = keeper._more
    if more is not None:
        more.join()


def test_a_second_press_adds_to_the_games_never_a_fresh_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21, item 6: O pressed twice with nothing between gives the same position's estimate with more
    games, never a new, noisier one: also when the dice are reversed and about to be rolled, where the
    answer weighs every roll's outcome (each outcome's games were thrown away at each press before).

    The games played on after each answer are cut to a quarter of a second (from 2): still five times a
    press's own, so an answer that kept only its own press's games would have about a fifth of them; and the
    third press plays none of its own (budget 0), so it has the games of the presses before it or next to
    none."""
    monkeypatch.setattr(odds, "BACKGROUND_SECONDS", 0.25)
    rules = Rules(players=3, reversible=True, win=WinCondition.ROLL_ALL_DOTS)
    keeper = OddsKeeper(rules, None, seed=5)
    state = step(position(rules, (7, 1, 1), 0, 0), Reverse(True))[0]
    assert state.phase is Phase.ROLL and state.reversed
    first = keeper.odds(state, budget=0.05)
    settle(keeper)
    second = keeper.odds(state, budget=0.05)
    settle(keeper)
    third = keeper.odds(state, budget=0.0)
    assert first.errors is not None and second.errors is not None and third.errors is not None
    assert first.games < second.games <= third.games
    assert max(second.errors) < max(first.errors) and max(third.errors) <= max(second.errors)
    plain = OddsKeeper(Rules(players=4, win=WinCondition.ROLL_ALL_DOTS), None, seed=5)
    start = position(plain.rules, (3, 3, 3, 3), 0, 0)
    before = plain.odds(start, budget=0.05)
    settle(plain)
    after = plain.odds(start, budget=0.05)
    assert after.games > before.games


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
        assert screen.facts.odds_key is not None
        screen.facts.odds_key.keeper.wait(60)
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


def test_o_while_you_choose_for_a_wild_takes_no_seat_as_chosen(pipe: PipeInput) -> None:
    """Issue 21 (critic): while you choose whom your Wild takes a chip from, O speaks of the position as
    heard, before the choice: every seat you may choose counts alike, never the computer's choice (which
    made O sound as if the chip had gone from the seat under the cursor already)."""
    from support.play import scripted_session

    from lcr_audio.engine import ChooseSeat

    rules = Rules(players=3, wild=True)
    session = scripted_session(rules, [0], "W.." + "." * 30)
    screen, _recorder, driver = screen_for(session, pipe, pause=30.0)
    names = ["You", "Ana", "Bo"]

    async def scenario() -> None:
        await driver.start()
        await driver.until(lambda: driver.said(ROLL_PROMPT), timeout=10)
        assert screen.facts.odds_key is not None
        screen.facts.odds_key.keeper.wait(60)
        pipe.send_text(" ")
        await driver.until(lambda: driver.said("Ana, seat 2, 3 chips."), timeout=10)
        state = session.state
        assert state.phase is Phase.WILD_TAKE and state.choices == (1, 2)
        table_ = exact_table(rules)
        each = []
        for seat in state.choices:
            after = step(state, ChooseSeat(seat))[0]
            found = table_.lookup(after.chips, after.pot, after.seat)
            assert found is not None
            each.append(found)
        average = tuple(sum(c[s] for c in each) / len(each) for s in range(3))
        spoken, _ = await driver.press("o")
        assumed = "That is with everyone choosing the usual way."  # Wild dice: players choose
        assert spoken == f"{odds_sentence(average, None, names, 0)} {assumed}"
        assert all(spoken != f"{odds_sentence(c, None, names, 0)} {assumed}" for c in each)
        await driver.leave()

    asyncio.run(scenario())


def test_o_at_the_play_again_question_says_who_won_not_a_hundred_percent(pipe: PipeInput) -> None:
    """Before, O after the game's end said "Chances of winning: you 0 percent, Ana 100, Bo 0." (R10: the game
    is over, nothing is left to weigh)."""

    async def scenario() -> None:
        session = Session(Rules(players=3, chips=1), table(3, [], [0]), 4)
        screen, _recorder, driver = screen_for(session, pipe, new_session=lambda s: s)
        await driver.start()
        again = "Play again with the same table? Y or N."
        await driver.roll_at_every_prompt(lambda: again in driver.texts)
        winner = screen.state.winner
        assert winner is not None
        expected = (
            "The game is over: you won."
            if winner == 0
            else f"The game is over: {screen.session.names[winner]} won."
        )
        assert (await driver.press("o"))[0] == expected
        assert await driver.press("n") == ("No more games at this table.", True)

    asyncio.run(scenario())


def test_o_says_what_its_chances_assume_only_where_players_choose(pipe: PipeInput) -> None:
    """Issue 25, item 3: with Wild or reversible dice the chances assume everyone chooses the usual way, and
    O says so after them, in a few words; with plain dice nobody chooses and nothing is added."""
    assumed = "That is with everyone choosing the usual way."
    plain, _ = play(pipe, Rules(players=3), ["o"])
    assert plain[-1].startswith("Chances of winning") and not plain[-1].endswith(assumed)
    reversible, _ = play(pipe, Rules(players=3, reversible=True), ["o"])
    assert reversible[-1].startswith("Chances of winning") and reversible[-1].endswith(f". {assumed}")
