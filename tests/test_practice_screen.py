"""Practice mode by keys (issue: learning): one lesson answered through a pipe, some answers right and some
wrong, with the exact replies, the score, and the best score remembered in the settings file."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

from prompt_toolkit.input import PipeInput
from support.app import make_app
from support.keys import KeyDriver

from lcr_audio.app import App
from lcr_audio.practice import AnswerKind, Question, check, lesson, questions
from lcr_audio.settings import Settings, settings_path
from lcr_audio.speech import RecordingBackend
from lcr_audio.tui.practice import PracticeScreen

ENTER = "\r"
ESCAPE = "\x1b"
DOWN = "\x1b[B"
SEED = 5
LESSON = "no-chips"
"""With SEED, this lesson asks all three kinds of question (yes or no, a seat, a number)."""


def lesson_questions(seed: int = SEED, key: str = LESSON) -> list[Question]:
    """The questions the screen will ask: it draws the lesson's seed from ``random.Random(seed)``."""
    return questions(key, random.Random(seed).randrange(2**31))


def keys_for(question: Question, right: bool) -> tuple[list[str], int | bool]:
    """The keys that answer ``question`` right or wrong, and the answer they give."""
    if question.kind is AnswerKind.YES_NO:
        answer = bool(question.answer) if right else not question.answer
        return ["y" if answer else "n"], answer
    if question.kind is AnswerKind.NUMBER:
        number = int(question.answer) if right else int(question.answer) + 1
        return [*str(number), ENTER], number
    seat = int(question.answer) if right else next(s for s in question.choices if s != question.answer)
    return [str((seat + 1) % 10), ENTER], seat


class Practice(KeyDriver[None]):
    """Practice running in the test's event loop, fed keys through the pipe."""

    def __init__(self, app: App, recorder: RecordingBackend, keys: PipeInput) -> None:
        super().__init__(keys, recorder)
        self.app = app

    async def asked(self, number: int) -> None:
        """Wait until question ``number`` has been asked."""
        start = f"Question {number} of "
        await self.until(lambda: any(text.startswith(start) for text in self.texts))

    async def send(self, *keys: str) -> str:
        """Send keys one by one, each once the one before was answered; return the last key's answer."""
        before = len(self.texts)
        for key in keys:
            before = len(self.texts)
            self.keys.send_text(key)
            await self.said_more_than(before)
        return self.texts[before]

    async def said_more_than(self, count: int) -> None:
        await self.until(lambda: len(self.texts) > count)


def test_one_lesson_by_keys_right_and_wrong_answers(pipe: PipeInput, tmp_path: Path) -> None:
    asked = lesson_questions()
    kinds = {q.kind for q in asked}
    assert kinds == set(AnswerKind), "the seed must give every kind of question"
    plan = [True, False, True, True, False, True]  # right, wrong, ...
    item = lesson(LESSON)

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        practice = Practice(app, recorder, pipe)
        practice.run(PracticeScreen(app, seed=SEED).run(LESSON))
        await practice.until(lambda: len(practice.texts) >= 2)
        assert practice.texts[0] == f"{item.title}. 6 questions. {item.intro}"
        for number, (question, right) in enumerate(zip(asked, plan, strict=True), 1):
            how = {
                AnswerKind.NUMBER: "Type the number, then Enter.",
                AnswerKind.SEAT: "Up and Down go through the players, or press a seat number; Enter answers.",
                AnswerKind.YES_NO: "Y or N.",
            }[question.kind]
            await practice.asked(number)
            assert practice.texts[-1] == f"Question {number} of 6. {question.text} {how}"
            keys, answer = keys_for(question, right)
            reply = await practice.send(*keys)
            ok, expected = check(question, answer)
            assert ok is right
            assert reply == expected
            assert reply == "Right." if right else reply == f"Not quite: {question.explanation}"
        await practice.until(lambda: practice.texts[-1].startswith("Lesson done"))
        assert practice.texts[-1] == (
            "Lesson done: 4 of 6. Enter for the next lesson, Winning; R to repeat this one; Escape for the list."
        )
        assert app.settings.progress[LESSON] == [4, 6]
        saved = json.loads(settings_path().read_text(encoding="utf-8"))
        assert saved["progress"] == {LESSON: [4, 6]}
        # Escape goes to the list, open on this lesson with its best score; Escape there leaves practice.
        opening = await practice.send(ESCAPE)
        assert opening.startswith("Practice. Choose a lesson. No chips left, best 4 of 6. 5 of 13.")
        pipe.send_text(ESCAPE)
        await asyncio.wait_for(practice.task, 5)
        assert practice.texts[-1] == "Practice closed."  # leaving is said (issue 10, item 6)

    asyncio.run(scenario())


def test_seat_answer_by_arrows(pipe: PipeInput, tmp_path: Path) -> None:
    """A seat question answered with Down and Enter: each move names the player offered."""
    asked = lesson_questions()
    first_seat = next(i for i, q in enumerate(asked) if q.kind is AnswerKind.SEAT)

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        practice = Practice(app, recorder, pipe)
        practice.run(PracticeScreen(app, seed=SEED).run(LESSON))
        for number, question in enumerate(asked[:first_seat], 1):
            await practice.asked(number)
            await practice.send(*keys_for(question, True)[0])
        question = asked[first_seat]
        await practice.until(lambda: practice.texts[-1].startswith(f"Question {first_seat + 1} of 6."))
        target = question.choices.index(int(question.answer))
        assert target > 0, "the right answer is not the first choice, so the arrows must move"
        for place in range(1, target + 1):
            seat = question.choices[place]
            said = await practice.send(DOWN)
            assert said == (
                f"{question.names[seat]}, seat {seat + 1}. {place + 1} of {len(question.choices)}."
            )
        assert await practice.send(ENTER) == "Right."
        # Escape in the middle of a lesson leaves it with the score so far.
        await practice.until(lambda: practice.texts[-1].startswith(f"Question {first_seat + 2} of 6."))
        assert await practice.send(ESCAPE) == f"Lesson left. {first_seat + 1} of 6."
        assert LESSON not in app.settings.progress
        assert not settings_path().exists()
        pipe.send_text(ESCAPE)
        await asyncio.wait_for(practice.task, 5)

    asyncio.run(scenario())


def test_a_lower_score_keeps_the_best(pipe: PipeInput, tmp_path: Path) -> None:
    """The best score stays when a lesson goes worse, and nothing is written then."""
    asked = lesson_questions()

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path, Settings(progress={LESSON: [5, 6]}))
        practice = Practice(app, recorder, pipe)
        practice.run(PracticeScreen(app, seed=SEED).run(LESSON))
        for number, question in enumerate(asked, 1):
            await practice.asked(number)
            await practice.send(*keys_for(question, number % 2 == 0)[0])
        await practice.until(lambda: practice.texts[-1].startswith("Lesson done"))
        assert practice.texts[-1].startswith("Lesson done: 3 of 6. ")
        assert app.settings.progress == {LESSON: [5, 6]}
        assert not settings_path().exists()
        pipe.send_text(ESCAPE)
        await practice.until(lambda: practice.texts[-1].startswith("Practice. Choose a lesson."))
        pipe.send_text(ESCAPE)
        await asyncio.wait_for(practice.task, 5)

    asyncio.run(scenario())
