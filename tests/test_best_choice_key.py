"""The H key (issue 25, item 3): at a person's choice, each option with their chance of winning after it,
best first, exact from the best-response table where there is one; a sentence when there is no choice."""

from __future__ import annotations

import asyncio

from prompt_toolkit.input import PipeInput
from support.play import ROLL_PROMPT, screen_for, scripted_session

from lcr_audio.engine import ChooseSeat, Face, Phase, Reverse, Roll, Rules, position, step
from lcr_audio.game.analysis.best import ready_best
from lcr_audio.game.analysis.careful import option_chances, own_chance
from lcr_audio.narration.best_choice import best_choice_sentence
from lcr_audio.storage import cache_dir


def test_h_at_your_wild_says_each_seat_with_your_exact_chance_best_first(pipe: PipeInput) -> None:
    rules = Rules(players=3, wild=True)
    table = ready_best(rules, cache_dir() / "odds", wait=True)
    assert table is not None
    session = scripted_session(rules, [0], "W.." + "." * 30)
    screen, _recorder, driver = screen_for(session, pipe, pause=30.0)

    async def scenario() -> None:
        await driver.start()
        await driver.until(lambda: driver.said(ROLL_PROMPT), timeout=10)
        spoken, _ = await driver.press("h")
        assert (
            spoken
            == "There is no choice to weigh now; H says your chances at a Wild or the reversal question."
        )
        pipe.send_text(" ")
        await driver.until(lambda: driver.said("Ana, seat 2, 3 chips."), timeout=10)
        state = session.state
        assert state.phase is Phase.WILD_TAKE and state.choices == (1, 2)
        chances = {s: own_chance(step(state, ChooseSeat(s))[0], 0, table) for s in state.choices}
        best, other = sorted(chances, key=lambda s: -chances[s])
        names = ["You", "Ana", "Bo"]
        spoken, _ = await driver.press("h")
        assert spoken == (
            f"Taking from {names[best]}: {100 * chances[best]:.1f} percent; "
            f"from {names[other]}: {100 * chances[other]:.1f}."
        )
        assert screen.history[-1] == spoken
        await driver.leave()

    asyncio.run(scenario())


def test_the_reversal_options_and_a_simulated_margin() -> None:
    """Without a table (roll all dots, R10) the chances are simulated and the sentence ends with a margin."""
    from lcr_audio.engine import WinCondition

    rules = Rules(players=3, reversible=True, win=WinCondition.ROLL_ALL_DOTS)
    state = position(rules, (4, 0, 0), 5, 0)
    options = option_chances(state, None)
    assert [type(o.option) for o in options] == [bool, bool] and options[0].chance >= options[1].chance
    assert all(o.margin is not None and 0 < o.margin < 0.1 for o in options)
    text = best_choice_sentence(options, ["You", "Ana", "Bo"], state.phase)
    assert text.startswith(("Reversing the dice: ", "Rolling as usual: ")) and "; give or take " in text
    assert ("; as usual: " in text) or ("; reversing: " in text)


def test_giving_options_are_worded_as_giving() -> None:
    rules = Rules(players=3, chips=3, wild=True, reversible=True)
    ready_best(rules, None, wait=True)
    state = step(
        step(position(rules, (5, 1, 0), 3, 0), Reverse(True))[0], Roll((Face.WILD, Face.DOT, Face.DOT))
    )[0]
    assert state.phase is Phase.WILD_GIVE
    text = best_choice_sentence(option_chances(state, None), ["You", "Ana", "Bo"], state.phase)
    assert (
        text.startswith("Giving to ")
        and "; to " in text
        and text.endswith(".")
        and "give or take" not in text
    )
