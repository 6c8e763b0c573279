"""What is said, and when, at the play screen (DESIGN.md §1; issue 10): Q skips and says how many, a catch-up
comes only after a skip and never repeats the count the next sentence says, and computer players wait for
the end of speech, not for a guess."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from prompt_toolkit.input import PipeInput
from support.play import your_game

from lcr_audio.output.speech import Speaker
from lcr_audio.output.speech.simple import SpeakingRecorder
from lcr_audio.tui.play import Outcome, PlayScreen


async def until(condition: Callable[[], bool], what: str, backend: SpeakingRecorder, *, finish: bool) -> None:
    """Wait for ``condition``; with ``finish``, each utterance said meanwhile ends at once."""
    for _ in range(2000):
        if condition():
            return
        if finish:
            backend.finish()
        await asyncio.sleep(0.005)  # a poll, up to the limit
    raise AssertionError(f"never {what}; last utterances: {backend.texts[-4:]}")


def screen_for(pipe: PipeInput, seed: int = 7) -> tuple[PlayScreen, SpeakingRecorder]:
    backend = SpeakingRecorder()
    session = your_game(seed, chips=3)
    return PlayScreen(session, Speaker([backend]), pipe, pause=0.0, new_session=None), backend


async def asked_to_roll(pipe: PipeInput) -> tuple[PlayScreen, SpeakingRecorder, asyncio.Task[Outcome]]:
    """The screen of :func:`screen_for` (seed 7) running, each utterance ended at once, until you are asked
    to roll; the screen, its speech and its task."""
    screen, backend = screen_for(pipe)
    task = asyncio.create_task(screen.run())
    await until(lambda: any("Press Space" in t for t in backend.texts), "asked to roll", backend, finish=True)
    return screen, backend, task


def test_q_skips_what_is_being_said_says_how_many_and_the_table_catches_up_at_your_turn(
    pipe: PipeInput,
) -> None:
    async def scenario() -> None:
        screen, backend, task = await asked_to_roll(pipe)
        pipe.send_text(" ")
        await until(lambda: backend.texts[-1].startswith("Ana"), "heard Ana's turn", backend, finish=True)
        ana = backend.texts[-1]
        assert not screen.session.human_to_play
        # Ana's turn is being said, and Bo waits for its end: the speech paces the computer players. The
        # presenter asks the voice again and again whether it has finished; after five "no"s Bo has not moved.
        asked = [0]
        still_speaking = backend.speaking

        def speaking() -> bool:
            asked[0] += 1
            return still_speaking()

        backend.speaking = speaking  # type: ignore[method-assign]
        await until(lambda: asked[0] >= 5, "the presenter asked five times", backend, finish=False)
        assert backend.texts[-1] == ana
        pipe.send_text("q")
        await until(lambda: backend.texts[-1] != ana, "answered Q", backend, finish=False)
        assert backend.spoken[-1] == ("1 message skipped.", True)
        assert ana in screen.history  # skipped, never lost: comma reads it back
        await until(lambda: "Your turn" in backend.texts[-1], "reached your turn", backend, finish=True)
        catch_up = backend.texts[-2]
        chips = screen.state.chips
        assert catch_up == f"While you waited: Ana {chips[1]}, Bo {chips[2]}, pot {screen.state.pot}."
        assert f"You have {chips[0]} chip" in backend.texts[-1]  # your own count once, in your question
        pipe.send_text("\x03")
        assert await asyncio.wait_for(task, 60) is Outcome.LEFT

    asyncio.run(scenario())


def test_no_catch_up_without_a_skip_in_a_whole_game(pipe: PipeInput) -> None:
    async def scenario() -> None:
        screen, backend = screen_for(pipe, seed=3)
        task = asyncio.create_task(screen.run())
        while not task.done():
            await until(
                lambda: (
                    task.done()
                    or (
                        screen.session.human_to_play
                        and bool(backend.texts)
                        and "Press Space" in backend.texts[-1]
                    )
                ),
                "reached a roll or the end",
                backend,
                finish=True,
            )
            if not task.done():
                said = len(backend.texts)
                pipe.send_text(" ")
                await until(lambda said=said: len(backend.texts) > said, "rolled", backend, finish=True)
        assert await task is Outcome.FINISHED
        assert sum(" wins " in text for text in backend.texts) == 1
        assert not [text for text in backend.texts if text.startswith("While you waited")]
        assert not [text for text in backend.texts if "skipped" in text]
        assert [text for text, _interrupt in backend.spoken] == screen.history  # every game message, once

    asyncio.run(scenario())


def test_the_braille_option_in_a_game_says_when_no_display_is_reached(pipe: PipeInput) -> None:
    """A recording backend (like the game's own voice or printed lines) reaches no braille display: the
    options menu opened from the game must not promise braille."""

    async def scenario() -> None:
        _screen, backend, task = await asked_to_roll(pipe)
        pipe.send_text("\x1bOQ")
        await until(lambda: backend.spoken[-1][1], "opened the options", backend, finish=True)
        for _ in range(30):
            if backend.texts[-1].startswith("Braille"):
                break
            said = len(backend.texts)
            pipe.send_text("\x1b[B")
            await until(lambda said=said: len(backend.texts) > said, "moved down", backend, finish=True)
        assert backend.texts[-1].startswith("Braille: on, but this speech output reaches no braille display")
        for _ in range(2):  # each Escape alone, once the one before it was answered (two would be one key)
            said = len(backend.texts)
            pipe.send_text("\x1b")
            await until(lambda said=said: len(backend.texts) > said, "answered Escape", backend, finish=True)
        pipe.send_text("y")
        assert await asyncio.wait_for(task, 60) is Outcome.QUIT

    asyncio.run(scenario())


def test_the_options_in_a_game_say_what_is_in_force(pipe: PipeInput) -> None:
    """Issue 21, item 7: with sounds on but no sound device, Options said "Sounds: on."; with ``--speech
    console`` in force while the saved mode is automatic, it said "Speech output: automatic."."""
    from support.play import started, your_game
    from support.sound import FakeSound

    from lcr_audio.output.speech import SpeechMode

    async def scenario() -> None:
        sound = FakeSound(0.0)
        sound.available = False  # no sound device opened
        driver = await started(your_game(), pipe, sound=sound)
        driver.screen.speaker.requested = SpeechMode.CONSOLE  # --speech console; the settings say auto
        lines = [(await driver.press("\x1bOQ"))[0]]
        while not lines[-1].startswith("Speech output") and len(lines) < 30:
            lines.append((await driver.press("\x1b[B"))[0])
        assert "Sounds: on, but no sound device was found. 4 of 9." in lines
        assert (
            lines[-1]
            == "Speech output: printed lines only for this run; automatic from the next start. 9 of 9."
        )
        said = await driver.press("\x1b[C")  # screen reader from the next start; printed lines still now
        assert said[0] == "Speech output: printed lines only for this run; screen reader from the next start."
        said = await driver.press("\x1b[D")  # back to the mode saved: nothing changes
        assert said[0] == "Speech output: printed lines only for this run; automatic from the next start."
        said = await driver.press("\x1b[D")  # printed lines from the next start too
        assert said[0] == "Speech output: printed lines only."  # saved as it is now: no second half
        await driver.leave()

    asyncio.run(scenario())


def test_home_and_end_in_the_options_during_a_game_go_to_the_first_and_last_option(pipe: PipeInput) -> None:
    """Before, End in the options opened during a game went to the last message of the history."""
    from support.play import started, your_game

    async def scenario() -> None:
        driver = await started(your_game(), pipe)
        opening = (await driver.press("\x1bOQ"))[0]  # F2: Options
        assert opening.endswith(" 1 of 9.")
        assert (await driver.press("\x1b[F"))[0].endswith(" 9 of 9.")  # End
        assert (await driver.press("\x1b[H"))[0].endswith(" 1 of 9.")  # Home
        await driver.leave()

    asyncio.run(scenario())


def test_q_with_nothing_waiting_says_so_in_one_sentence(pipe: PipeInput) -> None:
    """Critic: Q with no game message waiting said nothing, though F1 says it tells how many."""

    async def scenario() -> None:
        _screen, backend, task = await asked_to_roll(pipe)
        await until(lambda: not backend.speaking(), "said the question to its end", backend, finish=True)
        said = len(backend.texts)
        pipe.send_text("q")
        await until(lambda: len(backend.texts) > said, "answered Q", backend, finish=False)
        assert backend.spoken[said:] == [("Nothing to skip.", True)]
        pipe.send_text("\x03")
        assert await asyncio.wait_for(task, 60) is Outcome.LEFT

    asyncio.run(scenario())
