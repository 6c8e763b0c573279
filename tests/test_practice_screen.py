"""Practice mode by keys (issue: learning): one lesson answered through a pipe, some answers right and some
wrong, with the exact replies, the score, and the best score remembered in the settings file."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from pathlib import Path

import pytest
from prompt_toolkit.input import PipeInput
from support.app import make_app
from support.keys import DOWN, ENTER, ESCAPE, F1, UP, KeyDriver, keys_taken

from lcr_audio.app import App
from lcr_audio.narration.practice import AnswerKind, Question, check, lesson, questions
from lcr_audio.output.speech import RecordingBackend
from lcr_audio.settings import Settings, settings_path
from lcr_audio.tui import practice as practice_screen
from lcr_audio.tui.practice import PracticeScreen

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
            offered = ""
            # A seat question says the player Enter would answer with (issue 14, item 15).
            if question.kind is AnswerKind.SEAT:
                first = question.choices[0]
                offered = f" {question.names[first]}, seat {first + 1}."
            assert practice.texts[-1] == f"Question {number} of 6. {question.text} {how}{offered}"
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
        assert opening.startswith("Practice. Choose a lesson. No chips left, best 4 of 6. 5 of 15.")
        pipe.send_text(ESCAPE)
        await asyncio.wait_for(practice.task, 60)
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
            assert said == f"{question.names[seat]}, seat {seat + 1}."  # no "2 of 5" (issue 14, item 15)
        assert await practice.send(ENTER) == "Right."
        # Escape in the middle of a lesson leaves it with the score so far.
        await practice.until(lambda: practice.texts[-1].startswith(f"Question {first_seat + 2} of 6."))
        assert await practice.send(ESCAPE) == (
            f"Lesson left: No chips left, {first_seat + 1} of {first_seat + 1} answers right. "
            "Back to the lesson list."
        )
        await practice.until(
            lambda: practice.texts[-1].startswith("Practice. Choose a lesson. No chips left.")
        )
        assert LESSON not in app.settings.progress
        assert not settings_path().exists()
        pipe.send_text(ESCAPE)
        await asyncio.wait_for(practice.task, 60)

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
        await asyncio.wait_for(practice.task, 60)

    asyncio.run(scenario())


# --- issue 14, item 15 -----------------------------------------------------------------------------------


def start(pipe: PipeInput, tmp_path: Path, key: str = LESSON) -> Practice:
    app, recorder = make_app(pipe, tmp_path)
    practice = Practice(app, recorder, pipe)
    practice.task = asyncio.create_task(PracticeScreen(app, seed=SEED).run(key))
    return practice


async def leave(practice: Practice, pipe: PipeInput) -> None:
    pipe.send_text(ESCAPE)
    await practice.until(lambda: practice.texts[-1].startswith("Practice. Choose a lesson."))
    pipe.send_text(ESCAPE)
    assert practice.task is not None
    await asyncio.wait_for(practice.task, 60)


def test_a_seat_question_says_the_player_enter_answers_with(pipe: PipeInput, tmp_path: Path) -> None:
    """The first player offered is said with the question, and an Enter typed before the question was said
    (a double press on the answer before) never answers it."""
    asked = lesson_questions()
    assert asked[0].kind is AnswerKind.YES_NO and asked[1].kind is AnswerKind.SEAT
    seat_question = asked[1]
    assert seat_question.names[4] == "Fay" and seat_question.choices == (4, 0, 1, 2, 3)

    async def scenario() -> None:
        practice = start(pipe, tmp_path)
        await practice.asked(1)
        pipe.send_text("y" + ENTER)  # the answer, and an Enter typed ahead with it
        await practice.asked(2)
        assert practice.texts[-1] == (
            f"Question 2 of 6. {seat_question.text} Up and Down go through the players, or press a seat "
            "number; Enter answers. Fay, seat 5."
        )
        said = len(practice.texts)
        assert await practice.send(DOWN) == "Dee, seat 1."  # the Enter typed ahead answered nothing
        assert len(practice.texts) == said + 1
        assert await practice.send("r") == (
            f"Question 2 of 6. {seat_question.text} Up and Down go through the players, or press a seat "
            "number; Enter answers. Dee, seat 1."
        )
        assert await practice.send(UP) == "Fay, seat 5."
        assert await practice.send(ENTER) == check(seat_question, 4)[1]
        await leave(practice, pipe)

    asyncio.run(scenario())


def test_a_letter_at_a_number_question_gets_one_sentence(pipe: PipeInput, tmp_path: Path) -> None:
    """A letter says how to answer, once, and keeps the digits typed: Enter then answers with them."""
    asked = lesson_questions()
    number = next(i for i, q in enumerate(asked) if q.kind is AnswerKind.NUMBER)
    question = asked[number]

    async def scenario() -> None:
        practice = start(pipe, tmp_path)
        for index, earlier in enumerate(asked[:number], 1):
            await practice.asked(index)
            await practice.send(*keys_for(earlier, True)[0])
        await practice.asked(number + 1)
        assert await practice.send(str(question.answer)) == str(question.answer)
        said = len(practice.texts)
        assert await practice.send("x") == "Type the number, then Enter."
        await keys_taken(pipe)
        assert practice.texts[said:] == ["Type the number, then Enter."]
        assert await practice.send(ENTER) == "Right."
        await leave(practice, pipe)

    asyncio.run(scenario())


def test_f1_in_a_lesson_lists_the_lesson_s_keys(pipe: PipeInput, tmp_path: Path) -> None:
    """F1 at a yes-or-no, a seat and a number question lists the keys of that question, in practice words."""
    intro = "Keys. Up and Down go through them, Escape closes."

    async def scenario() -> None:
        practice = start(pipe, tmp_path)
        await practice.asked(1)
        assert await practice.send(F1) == f"{intro} Y: yes. 1 of 6."
        assert await practice.send(DOWN) == "N: no. 2 of 6."
        assert await practice.send(DOWN) == "R: hear the question again. 3 of 6."
        assert await practice.send(DOWN) == "Escape: leave the lesson. 4 of 6."
        closed = await practice.send(ESCAPE)
        assert closed.startswith("Key list closed. Question 1 of 6.")
        await practice.send("y")
        await practice.asked(2)
        assert await practice.send(F1) == f"{intro} Down or Right arrow: the next player offered. 1 of 8."
        assert await practice.send(DOWN) == "Up or Left arrow: the previous player offered. 2 of 8."
        assert await practice.send(DOWN) == "1 to 9, and 0 for 10: offer the player in that seat. 3 of 8."
        assert await practice.send(DOWN) == "Enter or Space: answer with the player offered. 4 of 8."
        closed = await practice.send(ESCAPE)
        assert closed.startswith("Key list closed. Question 2 of 6.") and closed.endswith("Fay, seat 5.")
        await practice.send(ENTER)
        await practice.asked(3)
        await practice.send("n")
        await practice.asked(4)
        assert await practice.send(F1) == f"{intro} 0 to 9: type the number. 1 of 7."
        assert await practice.send(DOWN) == "Enter: answer with the number typed. 2 of 7."
        assert await practice.send(DOWN) == "Backspace: remove the last digit typed. 3 of 7."
        await practice.send(ESCAPE)
        await leave(practice, pipe)

    asyncio.run(scenario())


def test_leaving_a_lesson_says_which_and_what_comes_next(pipe: PipeInput, tmp_path: Path) -> None:
    draws = random.Random(SEED)
    draws.randrange(2**31)  # the first run of the lesson
    again = questions(LESSON, draws.randrange(2**31))  # the second

    async def scenario() -> None:
        practice = start(pipe, tmp_path)
        await practice.asked(1)
        assert await practice.send(ESCAPE) == (
            "Lesson left: No chips left, before its first answer. Back to the lesson list."
        )
        await practice.until(
            lambda: practice.texts[-1].startswith("Practice. Choose a lesson. No chips left.")
        )
        assert await practice.send(ENTER) == "No chips left. 6 questions. " + lesson(LESSON).intro
        await practice.asked(1)
        await practice.send(*keys_for(again[0], True)[0])
        await practice.until(lambda: practice.texts[-1].startswith("Question 2 of 6."))
        await practice.send(*keys_for(again[1], False)[0])
        await practice.until(lambda: practice.texts[-1].startswith("Question 3 of 6."))
        assert await practice.send(ESCAPE) == (
            "Lesson left: No chips left, 1 of 2 answers right. Back to the lesson list."
        )
        await practice.until(
            lambda: practice.texts[-1].startswith("Practice. Choose a lesson. No chips left.")
        )
        pipe.send_text(ESCAPE)
        assert practice.task is not None
        await asyncio.wait_for(practice.task, 60)

    asyncio.run(scenario())


def test_an_enter_typed_with_the_last_answer_does_not_skip_the_score(pipe: PipeInput, tmp_path: Path) -> None:
    """A double Enter on the last question answers it; the second Enter, read before the score was said,
    does not start the next lesson: the score stays the last thing said until a key is pressed after it."""
    asked = lesson_questions()
    assert asked[-1].kind is AnswerKind.SEAT

    async def scenario() -> None:
        practice = start(pipe, tmp_path)
        for number, question in enumerate(asked[:-1], 1):
            await practice.asked(number)
            await practice.send(*keys_for(question, True)[0])
        await practice.asked(6)
        pipe.send_text(ENTER + ENTER)
        await practice.until(lambda: practice.texts[-1].startswith("Lesson done: "))
        await keys_taken(pipe)
        assert practice.texts[-1].startswith("Lesson done: ")
        assert await practice.send(ENTER) == "Winning. 6 questions. " + lesson("winning").intro
        await practice.asked(1)
        await leave(practice, pipe)

    asyncio.run(scenario())


# --- issue 15, item 5: the odds lesson ------------------------------------------------------------------


def test_the_odds_lesson_by_keys_says_the_chances_after_a_right_answer_too(
    pipe: PipeInput, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every answer, right or wrong, hears each seat's chance (they are what the lesson teaches); the
    questions are drawn off the key loop's thread, since they may first work out exact tables; it is the
    lesson before the best choice."""
    asked = lesson_questions(key="odds")
    threads: list[threading.Thread] = []

    def drawing(key: str, seed: int) -> list[Question]:
        threads.append(threading.current_thread())
        return questions(key, seed)

    monkeypatch.setattr(practice_screen, "questions", drawing)

    async def scenario() -> None:
        practice = start(pipe, tmp_path, "odds")
        for number, question in enumerate(asked, 1):
            await practice.asked(number)
            right = number % 3 != 0
            reply = await practice.send(*keys_for(question, right)[0])
            if right:
                assert reply == f"Right. {question.note}"
            else:
                assert reply == f"Not quite: {question.explanation}"
                assert reply.startswith(f"Not quite: {question.note} So ")
            assert "Worked out exactly, the chances of winning are" in reply
        await practice.until(lambda: practice.texts[-1].startswith("Lesson done"))
        assert practice.texts[-1] == (
            "Lesson done: 4 of 6. Enter for the next lesson, The best choice; R to repeat this one; Escape for "
            "the list."
        )
        await leave(practice, pipe)

    asyncio.run(scenario())
    assert threads and threading.main_thread() not in threads


# --- issue 25, item 3: the best-choice lesson ----------------------------------------------------------


def test_the_best_choice_lesson_by_keys_says_each_option_s_chance_best_first(
    pipe: PipeInput, tmp_path: Path
) -> None:
    """The lesson is listed last and played by keys: a Wild's seat by its digit and Enter, the reversal by Y
    or N; each reply says whether the choice was the best and every option's exact chance, best first, in
    the H key's words, right or wrong; the score is kept."""
    asked = lesson_questions(key="best-choice")
    assert {q.kind for q in asked} == {AnswerKind.SEAT, AnswerKind.YES_NO}
    item = lesson("best-choice")

    async def scenario() -> None:
        practice = start(pipe, tmp_path, "best-choice")
        await practice.until(lambda: bool(practice.texts))
        assert practice.texts[0] == f"The best choice. 6 questions. {item.intro}"
        for number, question in enumerate(asked, 1):
            await practice.asked(number)
            assert question.text in practice.texts[-1]
            right = number % 2 == 1
            reply = await practice.send(*keys_for(question, right)[0])
            if right:
                assert reply == f"Right. {question.note}"
            else:
                assert reply == f"Not quite: {question.explanation}"
                assert reply.startswith(f"Not quite: {question.note} So the best choice is to ")
            lead = "Worked out exactly, here is your chance of winning after each choice, if you play your best. "
            assert lead + ("Taking from " if question.kind is AnswerKind.SEAT else "") in reply
        await practice.until(lambda: practice.texts[-1].startswith("Lesson done"))
        assert practice.texts[-1] == (
            "Lesson done: 3 of 6. That was the last lesson. R to repeat it; Escape for the list."
        )
        assert practice.app.settings.progress["best-choice"] == [3, 6]
        opening = await practice.send(ESCAPE)
        assert opening.startswith("Practice. Choose a lesson. The best choice, best 3 of 6. 15 of 15.")
        pipe.send_text(ESCAPE)
        assert practice.task is not None
        await asyncio.wait_for(practice.task, 60)

    asyncio.run(scenario())
