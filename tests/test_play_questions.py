"""The play screen's questions, from asked to answered, on their own
(:class:`lcr_audio.tui.play_questions.Questions`; issue 23, item 4)."""

from __future__ import annotations

import pytest

from lcr_audio.narration import Utterance
from lcr_audio.tui import input as key_input
from lcr_audio.tui.play_questions import Questions, YesNoQuestion

REACTION = 0.2
LATER = REACTION + 0.01


@pytest.fixture(autouse=True)
def _reaction_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reaction time back (the suite's conftest sets it to 0 for the tests that drive screens)."""
    monkeypatch.setattr(key_input, "REACTION_SECONDS", REACTION)


class FakeSpeech:
    """Records what was taken back; ``said`` holds the messages already handed to speech."""

    def __init__(self) -> None:
        self.withdrawn: list[Utterance] = []
        self.withdrawn_waiting: list[str] = []
        self.said: set[int] = set()

    def withdraw(self, utterance: Utterance) -> bool:
        self.withdrawn.append(utterance)
        return id(utterance) not in self.said

    def withdraw_waiting(self, part: str) -> int:
        self.withdrawn_waiting.append(part)
        return 0


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def made() -> tuple[Questions, FakeSpeech, Clock]:
    speech, clock = FakeSpeech(), Clock()
    return Questions(speech, clock), speech, clock


def test_a_key_answers_only_once_the_question_was_handed_to_speech_and_a_reaction_later() -> None:
    questions, _speech, clock = made()
    questions.pending("Your turn, Bo.", "Press Space to roll.")
    assert not questions.heard(clock.now + 10)  # nothing said yet
    questions.handed("Ana rolled L, dot, dot.", None)
    assert not questions.heard(clock.now + 10)  # not the question's words
    questions.handed("Your turn, Bo. You have 3 chips.", None)
    assert not questions.heard(clock.now)  # sooner than a person reacts
    assert questions.heard(clock.now + LATER)


def test_only_the_first_saying_counts() -> None:
    questions, _speech, clock = made()
    questions.pending("Your turn, Bo.")
    questions.handed("Your turn, Bo.", None)
    asked = clock.now
    clock.now += 5
    questions.handed("Your turn, Bo.", None)  # said again (the history key): no new wait
    assert questions.heard(asked + LATER)


def test_a_new_question_waits_again_and_no_texts_means_none_pending() -> None:
    questions, _speech, clock = made()
    questions.pending("Your turn, Bo.")
    questions.handed("Your turn, Bo.", None)
    questions.pending("Ana, seat 1, 2 chips.")
    assert not questions.heard(clock.now + 10)
    questions.pending("", "")
    questions.handed("Your turn, Bo.", None)
    assert not questions.heard(clock.now + 10)
    questions.asked_now()
    assert questions.heard(clock.now + LATER)


def test_a_yes_or_no_question_open_is_the_pending_one() -> None:
    questions, _speech, clock = made()
    questions.pending("Your turn, Bo.")
    questions.handed("Your turn, Bo.", None)
    quit_question = YesNoQuestion("Quit this game? Y or N.", lambda yes: None)
    questions.ask(quit_question)
    assert questions.open is quit_question and questions.text() == quit_question.text
    assert not questions.heard(clock.now + 10)  # Y must follow the question, not the turn
    questions.handed("Quit this game? Y or N.", None)
    assert questions.heard(clock.now + LATER)


def test_taking_the_answer_closes_it_and_takes_back_its_words() -> None:
    questions, speech, _clock = made()
    message = Utterance("Play again with the same table? Y or N.")
    question = YesNoQuestion(message.text, lambda yes: None, in_game=False)
    questions.ask(question, message)
    assert questions.take() is question
    assert speech.withdrawn == [message]
    assert speech.withdrawn_waiting == [question.text]
    assert questions.open is None and questions.text() == ""
    assert questions.take() is None  # nothing open: nothing taken back
    assert speech.withdrawn == [message]


def test_a_question_asked_another_way_first_takes_back_its_own_message() -> None:
    questions, speech, _clock = made()
    message = Utterance("Play again with the same table? Y or N.")
    questions.ask(YesNoQuestion(message.text, lambda yes: None, in_game=False), message)
    questions.handed("Please press Y or N. Play again with the same table? Y or N.", None)
    assert speech.withdrawn == [message]  # not said once more
    questions.take()
    assert speech.withdrawn == [message]  # already taken back: not again


def test_its_own_message_said_is_not_taken_back() -> None:
    questions, speech, _clock = made()
    message = Utterance("Play again with the same table? Y or N.")
    questions.ask(YesNoQuestion(message.text, lambda yes: None, in_game=False), message)
    questions.handed(message.text, message)
    assert speech.withdrawn == []
    questions.take()
    assert speech.withdrawn == [message]  # answered: never said again, even if the answer cut it
