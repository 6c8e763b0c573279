"""The presenter (DESIGN.md §1 "What is said, and when"): game messages heard in order, each turn's cues
before its sentence and each sentence after the one before has ended; answers to keys at once, a cut game
message said again after them; Q skips and counts; pacing by the backend's end of speech, else estimated."""

from __future__ import annotations

import asyncio

import pytest
from support.clock import loop_clock, run_on_loop_time
from support.sound import FakeSound

from lcr_audio.narration import Utterance
from lcr_audio.output.speech import RecordingBackend, Speaker
from lcr_audio.output.speech.simple import SpeakingRecorder
from lcr_audio.tui.presenter import CUE_GAP_SECONDS, DICE_GAP_SECONDS, STALL_SECONDS, CueArgs, Presenter

CUE_LENGTH = 0.2
"""How long each cue lasts, in seconds (the fake sound player says so)."""
Entry = tuple[float, str, str]


class LoggingBackend(RecordingBackend):
    """A recording backend that also writes each utterance into the shared log."""

    def __init__(self, log: list[Entry], name: str = "recording") -> None:
        super().__init__(name=name)
        self.log = log

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        super().speak(text, interrupt=interrupt)
        self.log.append((loop_clock(), "speak", text))


def make(name: str = "recording", rate: int = 0) -> tuple[Presenter, LoggingBackend, FakeSound, list[Entry]]:
    log: list[Entry] = []
    backend = LoggingBackend(log, name)
    sound = FakeSound(CUE_LENGTH, log=lambda kind, cue: log.append((loop_clock(), kind, cue)))
    presenter = Presenter(Speaker([backend]), sound, rate=lambda: rate, clock=loop_clock)  # type: ignore[arg-type]
    return presenter, backend, sound, log


async def first_cue(log: list[Entry]) -> None:
    """Wait until the first cue has started (its sentence is then still to come)."""
    for _ in range(1000):
        if log:
            return
        await asyncio.sleep(0.001)  # loop time: the fake clock, no wall time
    raise AssertionError("no cue played")


def kinds(log: list[Entry]) -> list[tuple[str, str]]:
    return [(kind, value) for _, kind, value in log]


def test_utterances_in_order_each_one_after_its_cues() -> None:
    async def scenario() -> None:
        presenter, backend, sound, log = make()
        presenter.start()
        presenter.add(
            Utterance("Ana rolls L, dot. Ana 2, Bo 4.", cues=("dice", "chip-left")), CueArgs(dice=2)
        )
        presenter.add(Utterance("Bo rolls C. Bo 3, pot 1.", cues=("dice", "chip-pot")), CueArgs(dice=1))
        presenter.add(Utterance("Cy has no chips."))
        presenter.add(Utterance("Your turn.", cues=("turn",)), CueArgs(seat=1))
        assert backend.spoken == []  # queued, not spoken on the spot
        await asyncio.wait_for(presenter.drained(), 5)
        await presenter.stop()
        assert kinds(log) == [
            ("cue", "dice"),
            ("cue", "chip-left"),
            ("speak", "Ana rolls L, dot. Ana 2, Bo 4."),
            ("cue", "dice"),
            ("cue", "chip-pot"),
            ("speak", "Bo rolls C. Bo 3, pot 1."),
            ("speak", "Cy has no chips."),
            ("cue", "turn"),
            ("speak", "Your turn."),
        ]
        assert sound.calls == [
            ("dice", None, 2),
            ("chip-left", None, None),
            ("dice", None, 1),
            ("chip-pot", None, None),
            ("turn", 1, None),
        ]
        assert all(not interrupt for _, interrupt in backend.spoken)  # game messages never cut in
        times = [t for t, _, _ in log]
        # The dice are heard before the first chip, each chip before the sentence.
        assert times[1] - times[0] >= DICE_GAP_SECONDS - 0.01
        assert times[2] - times[1] >= CUE_GAP_SECONDS - 0.01

    run_on_loop_time(scenario())


def test_an_answer_speaks_at_once_and_the_queue_goes_on() -> None:
    async def scenario() -> None:
        presenter, backend, _sound, log = make()
        presenter.start()
        presenter.add(Utterance("Ana rolls L, C, R.", cues=("dice", "chip-left", "chip-pot", "chip-right")))
        presenter.add(Utterance("Bo rolls dot."))
        await first_cue(log)  # the first turn's cues are playing
        assert kinds(log) == [("cue", "dice")]
        presenter.answer("Pot: 4 chips.")
        assert backend.spoken == [("Pot: 4 chips.", True)]  # at once, interrupting
        await asyncio.wait_for(presenter.drained(), 5)
        await presenter.stop()
        assert backend.spoken == [
            ("Pot: 4 chips.", True),
            ("Ana rolls L, C, R.", False),
            ("Bo rolls dot.", False),
        ]

    run_on_loop_time(scenario())


def make_speaking(
    clock: object = loop_clock,
) -> tuple[Presenter, SpeakingRecorder, list[str]]:
    """A presenter over a backend that reports its end; ``printed`` collects the lines the console shows."""
    backend = SpeakingRecorder()
    printed: list[str] = []
    speaker = Speaker([backend], print_line=printed.append, echo=True)
    return Presenter(speaker, None, clock=clock), backend, printed  # type: ignore[arg-type]


async def settle() -> None:
    """Let the presenter's loop run a few polls."""
    await asyncio.sleep(0.1)  # loop time: the fake clock, no wall time


async def saying(text: str) -> tuple[Presenter, SpeakingRecorder, list[str]]:
    """A started presenter of :func:`make_speaking` whose backend is saying the game message ``text``."""
    presenter, backend, printed = make_speaking()
    presenter.start()
    presenter.add(Utterance(text))
    await settle()
    return presenter, backend, printed


async def finish_all(presenter: Presenter, backend: SpeakingRecorder) -> None:
    """End what ``backend`` is saying, then wait (1 s at most) until ``presenter`` has said everything."""
    backend.finish()
    await asyncio.wait_for(presenter.drained(), 1)


def test_each_game_message_waits_for_the_one_before_to_end() -> None:
    async def scenario() -> None:
        presenter, backend, _printed = make_speaking()
        presenter.start()
        presenter.add(Utterance("Ana rolls L."))
        presenter.add(Utterance("Bo rolls C."))
        await settle()
        assert backend.texts == ["Ana rolls L."]  # Bo's turn waits while Ana's is being said
        drained = asyncio.ensure_future(presenter.drained())
        backend.finish()
        await settle()
        assert backend.texts == ["Ana rolls L.", "Bo rolls C."]
        assert not drained.done()  # Bo's sentence is still being said: a computer player must wait
        backend.finish()
        await asyncio.wait_for(drained, 1)
        await presenter.stop()

    run_on_loop_time(scenario())


def test_a_game_message_cut_by_an_answer_is_said_again_whole_after_it() -> None:
    async def scenario() -> None:
        presenter, backend, printed = make_speaking()
        presenter.start()
        presenter.add(Utterance("Ana rolls L, C, R: one chip each way. Ana 0."))
        presenter.add(Utterance("Your turn."))
        await settle()
        presenter.answer("You 3, Ana 0, Bo 4, pot 1.")  # S while Ana's turn was being said
        await settle()
        assert backend.spoken == [
            ("Ana rolls L, C, R: one chip each way. Ana 0.", False),
            ("You 3, Ana 0, Bo 4, pot 1.", True),
        ]  # the cut message waits for the answer to end
        backend.finish()
        await settle()
        assert backend.spoken[2:] == [("Ana rolls L, C, R: one chip each way. Ana 0.", False)]
        backend.finish()
        await settle()
        assert backend.texts[3:] == ["Your turn."]
        await finish_all(presenter, backend)
        await presenter.stop()
        # Heard twice because it was cut, but printed once: the line is already on the screen.
        assert printed == [
            "Ana rolls L, C, R: one chip each way. Ana 0.",
            "You 3, Ana 0, Bo 4, pot 1.",
            "Your turn.",
        ]

    run_on_loop_time(scenario())


def test_an_answer_after_a_message_ended_repeats_nothing() -> None:
    async def scenario() -> None:
        presenter, backend, _printed = await saying("Ana rolls L.")
        await finish_all(presenter, backend)
        presenter.answer("Pot: 1 chip.")
        await finish_all(presenter, backend)
        await presenter.stop()
        assert backend.texts == ["Ana rolls L.", "Pot: 1 chip."]

    run_on_loop_time(scenario())


def test_a_wrong_keys_sentence_cuts_no_game_message() -> None:
    async def scenario() -> None:
        presenter, backend, _printed = await saying("Ana rolls L.")
        presenter.answer("Not now. F1 lists the keys.", interrupt=False)
        await settle()
        assert backend.texts == ["Ana rolls L."]  # the sentence waits for the game message to end
        backend.finish()
        await settle()
        await finish_all(presenter, backend)
        await presenter.stop()
        assert backend.spoken == [("Ana rolls L.", False), ("Not now. F1 lists the keys.", False)]

    run_on_loop_time(scenario())


def test_an_answer_after_a_wrong_keys_sentence_cuts_only_what_is_being_said() -> None:
    """The backend is given one thing at a time: an answer that comes while a wrong key's sentence is being
    said (the game message before it having ended) cuts that sentence, and repeats no game message."""

    async def scenario() -> None:
        presenter, backend, _printed = await saying("You roll R, dot: one chip to Bo.")
        presenter.answer("Not now. F1 lists the keys.", interrupt=False)
        backend.finish()  # the game message ended whole; the wrong key's sentence is said now
        await settle()
        presenter.answer("Ana, seat 2: 1 chip.")
        await settle()
        await finish_all(presenter, backend)
        await presenter.stop()
        assert backend.spoken == [
            ("You roll R, dot: one chip to Bo.", False),
            ("Not now. F1 lists the keys.", False),
            ("Ana, seat 2: 1 chip.", True),
        ]

    run_on_loop_time(scenario())


def test_a_skip_counts_what_it_skipped_and_the_game_goes_on() -> None:
    async def scenario() -> None:
        presenter, backend, _printed = make_speaking()
        started: list[str] = []
        presenter.start()
        for text in ("Ana rolls C.", "Bo rolls L.", "Cy rolls R."):
            presenter.add(Utterance(text), on_start=lambda text=text: started.append(text))
        await settle()
        assert started == ["Ana rolls C."]  # handed to speech: started; the others wait
        assert presenter.skip() == 3  # the one being said and the two waiting
        assert backend.silenced == 1
        assert started == ["Ana rolls C.", "Bo rolls L.", "Cy rolls R."]  # a skipped question counts as asked
        await asyncio.wait_for(presenter.drained(), 1)
        assert presenter.take_skipped() == 3
        assert presenter.take_skipped() == 0  # counted once
        presenter.add(Utterance("Your turn."))
        await settle()
        await finish_all(presenter, backend)
        await presenter.stop()
        assert backend.texts == ["Ana rolls C.", "Your turn."]

    run_on_loop_time(scenario())


def test_a_skip_with_nothing_under_way_counts_nothing() -> None:
    async def scenario() -> None:
        presenter, backend, _printed = await saying("Ana rolls C.")
        await finish_all(presenter, backend)
        assert presenter.skip() == 0
        await presenter.stop()

    run_on_loop_time(scenario())


def test_a_skip_spares_no_message_and_the_question_said_after_it_is_heard_once() -> None:
    """The one policy (issue 23, item 5): a message's kind never changes how it is said, only the method it
    comes through. Q skips the player's own result and their question like any game message (counted and
    "heard"); the screen's skip notice, with the question again, is then the only thing said."""

    async def scenario() -> None:
        presenter, backend, _printed = await saying("Ana rolls C. Ana 2, pot 1.")
        ended: list[str] = []
        own = Utterance("You roll L: one chip to Bo. You 2, Bo 4.", cues=("dice", "chip-left"))
        question = Utterance("Your turn. Press Space to roll 2 dice.", cues=("turn",))
        presenter.add(own, on_end=lambda: ended.append(own.text))
        presenter.add(question, on_end=lambda: ended.append(question.text))
        assert presenter.skip() == 3  # the computer's turn, the player's own result, the question
        assert ended == [own.text, question.text]  # what they tell counts as heard: nothing waits on them
        presenter.answer(f"3 messages skipped. {question.text}")  # what PlayScreen.quiet says
        await finish_all(presenter, backend)
        await settle()
        await presenter.stop()
        assert backend.texts == [
            "Ana rolls C. Ana 2, pot 1.",
            "3 messages skipped. Your turn. Press Space to roll 2 dice.",
        ]  # the question once, after the notice; no skipped message comes back

    run_on_loop_time(scenario())


def test_a_skip_during_cues_also_drops_that_sentence() -> None:
    async def scenario() -> None:
        presenter, backend, _sound, log = make()
        presenter.start()
        presenter.add(Utterance("Ana rolls L, C.", cues=("dice", "chip-left", "chip-pot")))
        await first_cue(log)
        assert kinds(log) == [("cue", "dice")]  # its cues are under way, its sentence not yet
        assert presenter.skip() == 1
        await asyncio.sleep(DICE_GAP_SECONDS + 3 * CUE_GAP_SECONDS + 0.1)  # loop time: the fake clock
        await presenter.stop(drain=False)
        assert backend.spoken == []

    run_on_loop_time(scenario())


class FakeClock:
    """Monotonic seconds that the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_without_an_end_report_the_estimate_paces_by_mode_and_rate() -> None:
    """Mode "screen-reader" through a backend that cannot tell (NVDA, JAWS): about 4 words a second."""

    async def scenario() -> None:
        clock = FakeClock()
        backend = RecordingBackend(name="screen-reader")  # speaking() is None: cannot tell
        presenter = Presenter(Speaker([backend]), None, clock=clock)
        presenter.start()
        presenter.add(Utterance("one two three four five six seven eight"))  # 2 seconds
        presenter.add(Utterance("Bo rolls C."))
        await settle()
        assert backend.texts == ["one two three four five six seven eight"]
        clock.now += 1.9
        await settle()
        assert len(backend.texts) == 1
        clock.now += 0.2
        await settle()
        assert backend.texts[-1] == "Bo rolls C."
        await presenter.stop(drain=False)

        fast = Presenter(Speaker([RecordingBackend(name="tts")]), None, rate=lambda: 10, clock=clock)
        assert fast._estimate("one two three four five six seven") == pytest.approx(7 / 5.6)
        console = Presenter(Speaker([RecordingBackend(name="console")]), None, clock=clock)
        assert console._estimate("one two three four five six seven") == 0.0  # printed: nobody waits

    run_on_loop_time(scenario())


def test_a_backend_that_never_reports_its_end_does_not_stall_the_game() -> None:
    async def scenario() -> None:
        clock = FakeClock()
        backend = SpeakingRecorder()
        presenter = Presenter(Speaker([backend]), None, clock=clock)
        presenter.start()
        presenter.add(Utterance("Ana rolls L."))
        presenter.add(Utterance("Bo rolls C."))
        await settle()
        assert backend.texts == ["Ana rolls L."]
        clock.now += STALL_SECONDS + 1.0  # "Ana rolls L." needs under a second: the backend lost track
        await settle()
        assert backend.texts == ["Ana rolls L.", "Bo rolls C."]
        await presenter.stop(drain=False)

    run_on_loop_time(scenario())


def test_a_turn_cue_without_a_seat_never_loses_the_sentence() -> None:
    async def scenario() -> None:
        presenter, backend, sound, log = make()
        presenter.start()
        presenter.add(Utterance("Your turn, Ana.", cues=("turn", "chip-pot")))  # no CueArgs: no seat
        presenter.add(Utterance("Your turn, Bo.", cues=("turn",)), CueArgs(seat=2))
        presenter.add(Utterance("Bo rolls dot."))
        await asyncio.wait_for(presenter.drained(), 5)
        await presenter.stop()
        assert backend.texts == ["Your turn, Ana.", "Your turn, Bo.", "Bo rolls dot."]
        assert kinds(log) == [
            ("cue", "chip-pot"),  # the turn cue could not play; the next cue still does
            ("speak", "Your turn, Ana."),
            ("cue", "turn"),
            ("speak", "Your turn, Bo."),
            ("speak", "Bo rolls dot."),
        ]
        assert sound.calls[1] == ("turn", 2, None)

    run_on_loop_time(scenario())


def test_no_sound_player_speaks_all_the_same() -> None:
    async def scenario() -> None:
        backend = RecordingBackend()
        presenter = Presenter(Speaker([backend]), None, clock=loop_clock)
        presenter.start()
        presenter.add(Utterance("Ana rolls L.", cues=("dice", "chip-left")))
        assert presenter.skip() == 1
        presenter.add(Utterance("Bo rolls C.", cues=("dice", "chip-pot")))
        await asyncio.wait_for(presenter.drained(), 5)
        await presenter.stop()
        assert backend.spoken == [("Bo rolls C.", False)]

    run_on_loop_time(scenario())


def test_an_answer_after_a_message_ended_and_a_wrong_keys_sentence_repeats_nothing() -> None:
    """The game message has ended (the backend said so) but the presenter's loop has not looked yet; a
    wrong key's sentence is said at once, then an answer cuts that sentence: the ended message is not said
    again (found by the tts random-key games: the winner was said twice)."""

    async def scenario() -> None:
        presenter, backend, _printed = await saying("Ana wins with 3 chips.")
        backend.finish()  # ended, and at once (before the loop's next look) a wrong key and an answer
        presenter.answer("Please press Y or N.", interrupt=False)
        presenter.answer("You 0, Ana 3, Bo 0, pot 0.")
        await settle()
        await finish_all(presenter, backend)
        await presenter.stop()
        assert backend.texts == [
            "Ana wins with 3 chips.",
            "Please press Y or N.",
            "You 0, Ana 3, Bo 0, pot 0.",
        ]

    run_on_loop_time(scenario())


def test_on_end_comes_when_a_message_was_said_whole_not_when_an_answer_cut_it() -> None:
    """Issue 21, item 8: the fact keys tell what was heard, so a message's end is its end as heard: a message
    an answer cuts ends only once said again, whole; a skipped one ends when skipped."""

    async def scenario() -> None:
        presenter, backend, _printed = make_speaking()
        ended: list[str] = []
        presenter.start()
        for text in ("You roll L, L, L.", "Ana rolls C.", "Bo rolls R."):
            presenter.add(Utterance(text), on_end=lambda text=text: ended.append(text))
        await settle()
        presenter.answer("Ana, seat 2: 3 chips.")  # cuts the roll's message
        await settle()
        assert ended == []
        backend.finish()  # the answer ends; the roll's message is said again, whole
        await settle()
        assert backend.texts[-1] == "You roll L, L, L." and ended == []
        backend.finish()
        await settle()
        assert ended == ["You roll L, L, L."]
        assert presenter.skip() == 2  # Ana's message being said and Bo's waiting: both end, unheard
        assert ended == ["You roll L, L, L.", "Ana rolls C.", "Bo rolls R."]
        await presenter.stop()

    run_on_loop_time(scenario())
