"""The presenter (DESIGN.md §3): game messages heard in order, each turn's cues before its sentence; answers
to keys at once; Q drops the queue; a long backlog is summed up before a person's turn."""

from __future__ import annotations

import asyncio
import time

import pytest

from lcr_audio.narration import Utterance
from lcr_audio.sound import cue_file
from lcr_audio.speech import RecordingBackend, Speaker
from lcr_audio.tui.presenter import CUE_GAP_SECONDS, DICE_GAP_SECONDS, CueArgs, Presenter

CUE_LENGTH = 0.2
Entry = tuple[float, str, str]


class FakeSound:
    """Stands in for SoundPlayer: checks the arguments as the real one does (cue_file raises ValueError for
    a "turn" cue without a seat), records (time, "cue", name) and says each cue lasts 0.2 s."""

    def __init__(self, log: list[Entry]) -> None:
        self.log = log
        self.calls: list[tuple[str, int | None, int | None]] = []
        self.stopped = 0

    def play(
        self, cue: str, *, pan: float | None = None, seat: int | None = None, dice: int | None = None
    ) -> float:
        cue_file(cue, seat=seat, dice=dice)
        self.calls.append((cue, seat, dice))
        self.log.append((time.monotonic(), "cue", cue))
        return CUE_LENGTH

    def stop(self) -> None:
        self.stopped += 1
        self.log.append((time.monotonic(), "stop", ""))


class LoggingBackend(RecordingBackend):
    """A recording backend that also writes each utterance into the shared log."""

    def __init__(self, log: list[Entry], name: str = "recording") -> None:
        super().__init__(name=name)
        self.log = log

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        super().speak(text, interrupt=interrupt)
        self.log.append((time.monotonic(), "speak", text))


def make(name: str = "recording", rate: int = 0) -> tuple[Presenter, LoggingBackend, FakeSound, list[Entry]]:
    log: list[Entry] = []
    backend = LoggingBackend(log, name)
    sound = FakeSound(log)
    presenter = Presenter(Speaker([backend]), sound, rate=lambda: rate)  # type: ignore[arg-type]
    return presenter, backend, sound, log


async def first_cue(log: list[Entry]) -> None:
    """Wait until the first cue has started (its sentence is then still to come)."""
    for _ in range(1000):
        if log:
            return
        await asyncio.sleep(0.001)
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

    asyncio.run(scenario())


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

    asyncio.run(scenario())


def test_silence_drops_the_queue() -> None:
    async def scenario() -> None:
        presenter, backend, sound, log = make()
        presenter.start()
        for text in ("Ana rolls C.", "Bo rolls L.", "Cy rolls R."):
            presenter.add(Utterance(text, cues=("dice",)))
        presenter.silence()
        assert backend.silenced == 1
        assert sound.stopped == 1
        await asyncio.wait_for(presenter.drained(), 1)  # nothing left to wait for
        await asyncio.sleep(0.3)
        assert backend.spoken == []
        assert [kind for _, kind, _ in log] == ["stop"]
        assert presenter.backlog() == 0.0
        presenter.add(Utterance("Your turn."))  # the game goes on after the quiet key
        await asyncio.wait_for(presenter.drained(), 5)
        await presenter.stop()
        assert backend.texts == ["Your turn."]

    asyncio.run(scenario())


def test_silence_during_cues_also_drops_that_sentence() -> None:
    async def scenario() -> None:
        presenter, backend, _sound, log = make()
        presenter.start()
        presenter.add(Utterance("Ana rolls L, C.", cues=("dice", "chip-left", "chip-pot")))
        await first_cue(log)
        assert kinds(log) == [("cue", "dice")]  # its cues are under way, its sentence not yet
        presenter.silence()
        await asyncio.sleep(DICE_GAP_SECONDS + 3 * CUE_GAP_SECONDS + 0.1)
        await presenter.stop(drain=False)
        assert backend.spoken == []

    asyncio.run(scenario())


def test_catch_up_drops_mergeable_turns_and_keeps_the_rest() -> None:
    """Mode "tts" speaks about 2.8 words a second: three 18-word turns are over 19 seconds of speech."""
    turn = "Bo rolls L, C, R: one chip to Cy, one to the pot, one to Ana. Bo 0."
    assert len(turn.split()) == 18

    async def scenario() -> None:
        presenter, backend, _sound, _log = make(name="tts")
        presenter.add(Utterance(turn), merge_key="computer")
        presenter.add(Utterance("The game could not be saved."))  # not mergeable: must stay
        presenter.add(Utterance(turn.replace("Bo", "Cy")), merge_key="computer")
        presenter.add(Utterance(turn.replace("Bo", "Dee")), merge_key="computer")
        backlog = presenter.backlog()
        assert backlog == pytest.approx((18 * 3 + 6) / 2.8)
        assert presenter.catch_up(backlog + 0.1, "Catching up.") is False  # under the threshold: no change
        assert presenter.catch_up(6.0, "Catching up. Ana 3, Bo 0, Cy 4, pot 2.") is True
        assert backend.silenced == 1
        assert presenter.backlog() == pytest.approx((6 + 10) / 2.8)  # the note and the summary
        presenter.start()
        await asyncio.wait_for(presenter.drained(), 5)
        await presenter.stop()
        assert backend.spoken == [
            ("The game could not be saved.", False),
            ("Catching up. Ana 3, Bo 0, Cy 4, pot 2.", False),
        ]

    asyncio.run(scenario())


def test_the_estimate_follows_the_voice_rate_and_the_mode() -> None:
    async def scenario() -> None:
        fast, _backend, _sound, _log = make(name="tts", rate=10)  # twice the words per second
        fast.add(Utterance("one two three four five six seven"), merge_key="computer")
        assert fast.backlog() == pytest.approx(7 / 5.6)
        reader, _backend, _sound, _log = make(name="screen-reader")
        reader.add(Utterance("one two three four five six seven eight"), merge_key="computer")
        assert reader.backlog() == pytest.approx(2.0)
        console, backend, _sound, _log = make(name="console")  # printed lines: nobody waits for them
        for _ in range(20):
            console.add(Utterance("one two three four five six seven eight"), merge_key="computer")
        assert console.backlog() == 0.0
        assert console.catch_up(0.0, "Catching up.") is False
        assert backend.silenced == 0

    asyncio.run(scenario())


def test_an_answer_counts_in_the_backlog() -> None:
    async def scenario() -> None:
        presenter, _backend, _sound, _log = make(name="screen-reader")
        presenter.answer("one two three four five six seven eight")  # 2 seconds at 4 words a second
        assert 1.8 < presenter.backlog() <= 2.0

    asyncio.run(scenario())


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

    asyncio.run(scenario())


def test_no_sound_player_speaks_all_the_same() -> None:
    async def scenario() -> None:
        backend = RecordingBackend()
        presenter = Presenter(Speaker([backend]), None)
        presenter.start()
        presenter.add(Utterance("Ana rolls L.", cues=("dice", "chip-left")))
        presenter.silence()
        presenter.add(Utterance("Bo rolls C.", cues=("dice", "chip-pot")))
        await asyncio.wait_for(presenter.drained(), 5)
        await presenter.stop()
        assert backend.spoken == [("Bo rolls C.", False)]

    asyncio.run(scenario())
