"""Issue 21, items 4 and 5: a key that answers a question counts only once the question was heard, whatever
said it, and a key that chooses something only once what it chooses was heard (DESIGN.md §1 "What is said,
and when").

The play screen speaks through a backend that holds each utterance "being said" until the test ends it, as
speech-dispatcher does until its end event: so the test decides what has been handed to speech when a key
is read, and nothing depends on how fast the machine is.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from prompt_toolkit.input import PipeInput
from support.clock import loop_clock, run_on_loop_time
from support.play import scripted_session
from support.sound import FakeSound

from lcr_audio.engine import Rules
from lcr_audio.game.session import Session
from lcr_audio.narration import Utterance
from lcr_audio.output.speech import Speaker
from lcr_audio.output.speech.simple import SpeakingRecorder
from lcr_audio.tui.play import Outcome, PlayScreen
from lcr_audio.tui.presenter import Presenter

pytestmark = pytest.mark.usefixtures("english")

AGAIN = "Play again with the same table? Y or N."
NO_MORE = "No more games at this table."
TOO_EARLY = "That key came before its question was heard, so it did nothing."
RIGHT, ESCAPE = "\x1b[C", "\x1b"


class HeldTable:
    """A play screen whose speech is held: each utterance is "being said" until :meth:`say_until` ends it.

    Args:
        pipe: the keys.
        session: the game.
        screen: more arguments for the PlayScreen (``new_session``).
    """

    def __init__(self, pipe: PipeInput, session: Session, **screen: Any) -> None:
        self.pipe = pipe
        self.backend = SpeakingRecorder()
        self.sound = FakeSound(0.0)
        options: dict[str, Any] = {"pause": 0.0, "new_session": None} | screen
        self.screen = PlayScreen(session, Speaker([self.backend]), pipe, sound=self.sound, **options)  # type: ignore[arg-type]
        self.task: asyncio.Task[Outcome] | None = None

    @property
    def texts(self) -> list[str]:
        """Everything handed to speech so far, in order."""
        return self.backend.texts

    def handed(self, part: str) -> bool:
        """True once a text containing ``part`` has been handed to speech."""
        return any(part in text for text in self.texts)

    def cues(self, name: str) -> int:
        """How many times the cue ``name`` was played."""
        return sum(cue.cue == name for cue in self.sound.cues)

    async def _wait(self, condition: Callable[[], bool], what: str, *, say: bool) -> None:
        for _ in range(2000):  # 5 ms each, up to 10 s on a loaded machine
            if condition():
                return
            if say:
                self.backend.finish()  # the utterance being said ends; the presenter goes on
            await asyncio.sleep(0.005)  # a poll, up to the limit
        raise AssertionError(f"never {what}; last said: {self.texts[-5:]}")

    async def say_until(self, condition: Callable[[], bool], what: str) -> None:
        """End each utterance as it is said until ``condition()`` holds (the one being said then is held)."""
        await self._wait(condition, what, say=True)

    async def hold_until(self, condition: Callable[[], bool], what: str) -> None:
        """Wait for ``condition()`` with nothing said to its end meanwhile."""
        await self._wait(condition, what, say=False)

    async def say_all(self) -> None:
        """End each utterance as it is said until every game message has been said and speech has ended."""
        drained = asyncio.ensure_future(self.screen.presenter.drained())
        await self.say_until(drained.done, "said everything")

    async def start(self, until: str) -> None:
        """Run the screen and say everything until a text containing ``until`` is handed to speech (held)."""
        self.task = asyncio.create_task(self.screen.run())
        await self.say_until(lambda: self.handed(until), f"said {until!r}")

    async def outcome(self) -> Outcome:
        """Say everything to the end and return how the screen ended."""
        assert self.task is not None
        task = self.task
        await self.say_until(task.done, "ended")
        return await task


def game_ending_on_bos_roll() -> Session:
    """You (seat 1), Ana and Bo, one chip each: you roll L (Ana 2), Ana two dots, Bo C (pot 1): Ana wins."""
    return scripted_session(Rules(players=3, chips=1), [0], "L" + ".." + "C")


async def at_the_last_messages(pipe: PipeInput) -> HeldTable:
    """A table of :func:`game_ending_on_bos_roll` (play again offered) whose game has just ended: Bo's roll,
    the last turn, is being said; the winner's sentence and the game's end wait behind it."""
    table = HeldTable(pipe, game_ending_on_bos_roll(), new_session=lambda s: s)
    await table.start("Press Space to roll")
    pipe.send_text(" ")
    await table.say_until(lambda: table.screen.state.over and table.handed("Bo rolls"), "reached the end")
    assert not table.handed(" wins with ")
    return table


# --- item 4: the play-again question ------------------------------------------------------------------------


def test_a_wrong_key_during_the_last_messages_never_puts_play_again_before_the_winner(
    pipe: PipeInput,
) -> None:
    """On main "Please press Y or N. Play again with the same table? Y or N." came before "Ana wins with"
    (8 of 22 games through speech-dispatcher): the question was open before the game's last messages had
    been said, and a wrong key's sentence goes before the next game message."""

    async def scenario() -> None:
        table = await at_the_last_messages(pipe)
        errors = table.cues("error")
        pipe.send_text("x")
        await table.hold_until(lambda: table.cues("error") > errors, "answered X")
        await table.say_until(lambda: table.handed(AGAIN), "asked to play again")
        assert table.handed(" wins with "), table.texts  # the winner was told before the question's words
        pipe.send_text("n")
        assert await table.outcome() is Outcome.FINISHED

    asyncio.run(scenario())


def test_n_after_the_question_was_heard_in_any_sentence_leaves_with_one_sentence(pipe: PipeInput) -> None:
    """A wrong key while the game's last message is said: its sentence repeats the question, and counts as
    asking it. On main it did not, so an N right after it was dropped without a word and the game waited
    (18 of 22 games)."""

    async def scenario() -> None:
        table = await at_the_last_messages(pipe)
        await table.say_until(lambda: table.screen.question_text() == AGAIN, "opened the question")
        pipe.send_text("x")
        await table.say_until(lambda: table.handed(AGAIN), "said the question")
        assert table.texts[-1] == f"Please press Y or N. {AGAIN}"
        said = len(table.texts)
        pipe.send_text("n")  # heard: the question is being said
        assert await table.outcome() is Outcome.FINISHED
        assert table.texts[said:] == [NO_MORE], table.texts  # one sentence, said once, nothing after it
        assert AGAIN not in table.texts  # the question's own message is not said after the wrong key's

    asyncio.run(scenario())


def test_the_history_key_saying_the_question_asks_it_and_its_message_is_not_said_again(
    pipe: PipeInput,
) -> None:
    """Comma while the game's last message is said reads the question, open and waiting to be said: it is
    asked, N is taken, and the question's own message is not said after it. On main N was dropped."""

    async def scenario() -> None:
        table = await at_the_last_messages(pipe)
        await table.say_until(lambda: table.screen.question_text() == AGAIN, "opened the question")
        assert not table.handed(AGAIN) and table.handed(" wins with ")
        pipe.send_text(",")
        await table.hold_until(lambda: table.handed(AGAIN), "read the question")
        assert table.backend.spoken[-1] == (AGAIN, True)
        pipe.send_text("n")
        assert await table.outcome() is Outcome.FINISHED
        rest = table.texts[table.texts.index(AGAIN) + 1 :]
        assert rest[-1] == NO_MORE and rest.count(NO_MORE) == 1 and AGAIN not in rest, table.texts

    asyncio.run(scenario())


def test_n_while_the_question_is_said_cuts_it_and_it_is_never_said_again(pipe: PipeInput) -> None:
    """On main N cut the question, which was said again after "No more games at this table." (5 of 22)."""

    async def scenario() -> None:
        table = await at_the_last_messages(pipe)
        await table.say_until(lambda: table.handed(AGAIN), "asked to play again")
        assert table.texts[-1] == AGAIN  # being said
        pipe.send_text("n")
        await table.hold_until(lambda: table.handed(NO_MORE), "answered N")
        assert table.backend.spoken[-1] == (NO_MORE, True)  # at once, cutting the question
        assert await table.outcome() is Outcome.FINISHED
        assert table.texts[table.texts.index(NO_MORE) :] == [NO_MORE], table.texts

    asyncio.run(scenario())


def test_y_or_n_before_the_question_was_said_is_dropped_with_the_soft_cue(pipe: PipeInput) -> None:
    async def scenario() -> None:
        table = await at_the_last_messages(pipe)
        pipe.send_text("n")
        await table.hold_until(lambda: table.cues("early") == 1, "played the early cue")
        await table.say_until(lambda: table.handed(AGAIN), "asked to play again")
        assert not table.handed(NO_MORE) and table.task is not None and not table.task.done()
        assert table.texts.count(AGAIN) == 1
        pipe.send_text("n")
        assert await table.outcome() is Outcome.FINISHED

    asyncio.run(scenario())


def test_the_turns_question_said_by_t_counts_as_asked(pipe: PipeInput) -> None:
    """Any path that hands the question to speech asks it: here T, while the question itself still waits
    behind the game's opening. On main only the question's own message counted, and Space was dropped."""

    async def scenario() -> None:
        table = HeldTable(pipe, game_ending_on_bos_roll())
        await table.start("A game of 3 players")  # being said; "Your turn. ..." waits behind it
        assert not table.handed("Your turn")
        pipe.send_text("t")
        await table.hold_until(lambda: table.handed("Your turn"), "answered T")
        assert table.texts[-1] == "Your turn. You have 1 chip. Press Space to roll 1 die."
        pipe.send_text(" ")
        await table.hold_until(
            lambda: table.screen.state.chips != (1, 1, 1) or table.cues("early") > 0, "rolled"
        )
        assert table.screen.state.chips[0] == 0 and table.cues("early") == 0  # you rolled your L
        table.pipe.send_text("\x03")
        assert await table.outcome() is Outcome.LEFT

    asyncio.run(scenario())


# --- item 5: what a key chooses must have been heard --------------------------------------------------------


async def at_a_wild(pipe: PipeInput) -> HeldTable:
    """You rolled Wild, dot, dot (3 chips each): "Choose who to take a chip from." is being said, and the
    seat under the cursor ("Ana, seat 2, 3 chips.") waits behind it."""
    table = HeldTable(pipe, scripted_session(Rules(players=3, wild=True), [0], "W.."))
    await table.start("Press Space to roll")
    pipe.send_text(" ")
    await table.say_until(lambda: table.handed("Choose who to take a chip from."), "asked the Wild")
    assert not table.handed("Ana, seat 2")
    return table


def test_at_a_wild_space_counts_only_once_the_seat_under_the_cursor_was_said(pipe: PipeInput) -> None:
    """On main Space counted once "Choose who to take a chip from." was handed to speech, and took a chip
    from Ana before "Ana, seat 2, ..." had started."""

    async def scenario() -> None:
        table = await at_a_wild(pipe)
        pipe.send_text(" ")
        await table.hold_until(
            lambda: table.cues("early") > 0 or table.screen.state.chips != (3, 3, 3), "answered Space"
        )
        assert table.screen.state.chips == (3, 3, 3)  # nobody chosen: the seat was not said yet
        assert table.cues("early") == 1  # and the player is told so, softly
        await table.say_until(lambda: table.handed("Ana, seat 2, 3 chips."), "offered Ana")
        pipe.send_text(" ")
        await table.hold_until(lambda: table.screen.state.chips == (4, 2, 3), "took from Ana")
        table.pipe.send_text("\x03")
        assert await table.outcome() is Outcome.LEFT

    asyncio.run(scenario())


def test_after_the_cursor_moves_the_seat_first_offered_is_not_said_and_space_takes_the_last_heard(
    pipe: PipeInput,
) -> None:
    """On main the first seat ("Ana, seat 2") was still said after Right had said "Bo, seat 3": the last
    seat heard was Ana, and Space took from Bo."""

    async def scenario() -> None:
        table = await at_a_wild(pipe)
        pipe.send_text(RIGHT)
        await table.hold_until(lambda: table.handed("Bo, seat 3, 3 chips."), "moved to Bo")
        await table.say_all()
        seats = [text for text in table.texts if ", seat " in text and text.endswith(" chips.")]
        assert seats == ["Bo, seat 3, 3 chips."], table.texts  # the seat Space takes is the last one heard
        pipe.send_text(" ")
        await table.hold_until(lambda: table.screen.state.chips == (4, 3, 2), "took from Bo")
        table.pipe.send_text("\x03")
        assert await table.outcome() is Outcome.LEFT

    asyncio.run(scenario())


def test_escape_saying_the_seat_again_asks_the_wild(pipe: PipeInput) -> None:
    """Escape while choosing says the question and the seat under the cursor: Space may then take it."""

    async def scenario() -> None:
        table = await at_a_wild(pipe)
        pipe.send_text(ESCAPE)
        await table.hold_until(lambda: table.backend.spoken[-1][1], "said the question again")
        assert table.texts[-1].startswith("Choose who to take a chip from.")
        assert table.texts[-1].endswith(" Ana, seat 2, 3 chips.")
        pipe.send_text(" ")
        await table.hold_until(lambda: table.screen.state.chips == (4, 2, 3), "took from Ana")
        table.pipe.send_text("\x03")
        assert await table.outcome() is Outcome.LEFT

    asyncio.run(scenario())


async def at_bos_turn(pipe: PipeInput) -> HeldTable:
    """Hot-seat, Ana, Bo and Cy at the keyboard: Ana rolled L, dot, dot; "Ana rolls ..." is being said and
    "Your turn, Bo. ..." waits behind it."""
    session = scripted_session(Rules(players=3), [0, 1, 2], "L.." + "L..", names=["Ana", "Bo", "Cy"])
    table = HeldTable(pipe, session)
    await table.start("Your turn, Ana.")
    pipe.send_text(" ")
    await table.say_until(lambda: table.handed("Ana rolls"), "told Ana's roll")
    assert table.screen.state.seat == 1 and not table.handed("Your turn, Bo.")
    return table


def test_in_hot_seat_a_roll_before_the_rollers_name_was_said_is_dropped_with_the_soft_cue(
    pipe: PipeInput,
) -> None:
    """Bo's roll counts only once "Your turn, Bo." was handed to speech; a Space before it is dropped with
    the soft cue (on main: dropped without a sound, so the player pressed again blind)."""

    async def scenario() -> None:
        table = await at_bos_turn(pipe)
        pipe.send_text(" ")
        await table.hold_until(
            lambda: table.cues("early") > 0 or table.screen.state.seat != 1, "answered Bo's early Space"
        )
        assert table.screen.state.seat == 1 and table.screen.state.chips == (2, 4, 3)  # Bo has not rolled
        assert table.cues("early") == 1
        await table.say_until(lambda: table.handed("Your turn, Bo."), "asked Bo")
        pipe.send_text(" ")
        await table.hold_until(lambda: table.screen.state.seat == 2, "Bo rolled")
        table.pipe.send_text("\x03")
        assert await table.outcome() is Outcome.LEFT

    asyncio.run(scenario())


def test_in_hot_seat_a_sentence_naming_another_roller_does_not_ask_the_roll(pipe: PipeInput) -> None:
    """T during Ana's roll tells the game as heard: Ana's turn. That names Ana, not Bo, so Bo's Space is
    still too early; once "Your turn, Bo." is said, it rolls (on main: dropped without a sound)."""

    async def scenario() -> None:
        table = await at_bos_turn(pipe)
        pipe.send_text("t")
        await table.hold_until(lambda: table.backend.spoken[-1][1], "answered T")
        assert "Your turn, Bo." not in table.texts[-1]
        pipe.send_text(" ")
        await table.hold_until(
            lambda: table.screen.state.seat != 1 or table.cues("early") > 0, "answered Space"
        )
        assert table.screen.state.seat == 1 and table.cues("early") == 1
        await table.say_until(lambda: table.handed("Your turn, Bo."), "asked Bo")
        pipe.send_text(" ")
        await table.hold_until(lambda: table.screen.state.seat == 2, "Bo rolled")
        table.pipe.send_text("\x03")
        assert await table.outcome() is Outcome.LEFT

    asyncio.run(scenario())


def test_the_history_key_after_a_key_too_early_says_why_then_the_last_message(pipe: PipeInput) -> None:
    async def scenario() -> None:
        table = await at_a_wild(pipe)
        pipe.send_text(" ")
        await table.hold_until(lambda: table.cues("early") > 0, "played the early cue")
        assert not table.handed(TOO_EARLY)  # the cue alone: nothing is cut, nothing more is said
        await table.say_all()
        pipe.send_text(",")
        await table.hold_until(lambda: table.texts[-1] == TOO_EARLY, "said why")
        pipe.send_text(",")
        await table.hold_until(lambda: table.texts[-1] == "Ana, seat 2, 3 chips.", "said the last message")
        assert TOO_EARLY not in table.screen.history  # not a game message: never in the transcript
        table.pipe.send_text("\x03")
        assert await table.outcome() is Outcome.LEFT

    asyncio.run(scenario())


# --- the presenter's side (on a fake clock) ------------------------------------------------------------------


async def presenter_saying(*texts: str) -> tuple[Presenter, SpeakingRecorder, list[tuple[str, bool]]]:
    """A started presenter over a backend that holds each utterance until it is finished, the game
    messages ``texts`` added (the first being said), and the (text, was a game message) it reported."""
    backend = SpeakingRecorder()
    presenter = Presenter(Speaker([backend]), None, clock=loop_clock)
    reported: list[tuple[str, bool]] = []
    presenter.on_handed = lambda text, message: reported.append((text, message is not None))
    presenter.start()
    for text in texts:
        presenter.add(Utterance(text))
    await asyncio.sleep(0.1)  # loop time: the fake clock, no wall time
    return presenter, backend, reported


async def said_to_the_end(presenter: Presenter, backend: SpeakingRecorder) -> None:
    """End each utterance as it is said until everything has been said."""
    drained = asyncio.ensure_future(presenter.drained())
    for _ in range(100):
        if drained.done():
            return
        backend.finish()
        await asyncio.sleep(0.1)  # loop time: the fake clock, no wall time
    raise AssertionError(f"never drained: {backend.texts}")


def test_the_presenter_reports_each_text_when_it_is_handed_to_speech() -> None:
    async def scenario() -> None:
        presenter, backend, reported = await presenter_saying("Ana rolls L.", "Your turn.")
        presenter.answer("Not now. F1 lists the keys.", interrupt=False)  # waits: nothing reported yet
        presenter.answer("Pot: 1 chip.")
        assert reported == [("Ana rolls L.", True), ("Pot: 1 chip.", False)]
        await said_to_the_end(presenter, backend)
        assert reported[2:] == [
            ("Ana rolls L.", True),  # cut by the answer, said again first
            ("Not now. F1 lists the keys.", False),
            ("Your turn.", True),
        ]
        await presenter.stop()

    run_on_loop_time(scenario())


def test_a_withdrawn_message_is_never_said_nor_said_again_after_a_cut() -> None:
    async def scenario() -> None:
        waiting = Utterance("Play again? Y or N.")
        presenter, backend, _reported = await presenter_saying("Ana wins.")
        presenter.add(waiting)
        assert presenter.withdraw(waiting) is True  # not said yet: taken back whole
        await said_to_the_end(presenter, backend)
        assert backend.texts == ["Ana wins."]
        said = Utterance("Quit? Y or N.")
        presenter.add(said)
        await asyncio.sleep(0.1)  # loop time: the fake clock, no wall time
        assert backend.texts[-1] == "Quit? Y or N."
        assert presenter.withdraw(said) is False  # being said already
        presenter.answer("No more games at this table.")  # cuts it: it is not said again
        await said_to_the_end(presenter, backend)
        assert backend.texts == ["Ana wins.", "Quit? Y or N.", "No more games at this table."]
        await presenter.stop()

    run_on_loop_time(scenario())


def test_told_comes_once_every_message_was_handed_over_not_said_to_its_end() -> None:
    async def scenario() -> None:
        presenter, backend, _reported = await presenter_saying("Bo rolls C.", "Ana wins.")
        told = asyncio.ensure_future(presenter.told())
        presenter.answer("X does nothing.", interrupt=False)
        await asyncio.sleep(0.1)  # loop time: the fake clock, no wall time
        assert not told.done()  # "Ana wins." is still to be handed over
        backend.finish()
        await asyncio.sleep(0.1)  # loop time: the fake clock, no wall time
        backend.finish()
        await asyncio.sleep(0.1)  # loop time: the fake clock, no wall time
        assert backend.texts == ["Bo rolls C.", "X does nothing.", "Ana wins."]
        assert told.done() and backend.busy  # handed over, still being said
        await said_to_the_end(presenter, backend)
        await presenter.stop()

    run_on_loop_time(scenario())


def test_the_last_sentence_comes_after_a_cut_message_said_again_and_a_waiting_wrong_key_after_it() -> None:
    async def scenario() -> None:
        presenter, backend, _reported = await presenter_saying("Game 1 is over.")
        presenter.answer("Not now.", interrupt=False)
        presenter.answer("Not now.", interrupt=False)  # the same sentence waits once
        presenter.answer("You 0, Ana 3.")  # cuts the game message
        presenter.say_last("No more games at this table.")
        await said_to_the_end(presenter, backend)
        assert backend.texts == [
            "Game 1 is over.",
            "You 0, Ana 3.",
            "Game 1 is over.",  # said again whole, before the wrong key's sentence that waited
            "Not now.",
            "No more games at this table.",
        ]
        await presenter.stop()

    run_on_loop_time(scenario())


def test_outside_a_game_a_yes_typed_before_the_question_gets_the_soft_cue(pipe: PipeInput) -> None:
    """The same cue for a yes-or-no question outside a game ("Continue the saved game? Y or N."): a Y typed
    before it was said is dropped, and the player hears that it was."""
    from lcr_audio.tui.choice import yes_no
    from lcr_audio.tui.input import KeyLoop, SpeakerVoice

    async def scenario() -> None:
        backend, sound = SpeakingRecorder(), FakeSound(0.0)
        voice = SpeakerVoice(Speaker([backend]), sound)  # type: ignore[arg-type]
        pipe.send_text("y")  # typed ahead, before the question
        async with KeyLoop(pipe) as loop:
            asked = asyncio.ensure_future(yes_no(loop, voice, "Continue? Y or N."))
            deadline = asyncio.get_running_loop().time() + 30  # generous: a loaded machine
            while not sound.cues and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.005)  # a poll of the cues
            assert [cue.cue for cue in sound.cues] == ["early"] and not asked.done()
            pipe.send_text("n")
            assert await asyncio.wait_for(asked, 60) is False
        assert backend.texts == ["Continue? Y or N."]

    asyncio.run(scenario())
