"""Practice mode by ear: lessons of questions whose answers the engine computes (issue: learning).

Answers by keys: a number (digits, Backspace, Enter), a seat (arrows or its seat digit, Enter), yes or no
(Y or N). Right answers get a short confirmation and a cue; wrong ones the right answer and why, face by
face. A lesson ends with its score, and the best score per lesson is remembered.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import TYPE_CHECKING

from lcr_audio.cues import Cue
from lcr_audio.i18n import _, ngettext
from lcr_audio.narration.practice import (
    LESSONS,
    AnswerKind,
    Lesson,
    LessonKey,
    Question,
    check,
    lesson,
    questions,
    score_text,
)
from lcr_audio.tui.input import (
    KeyLoop,
    Press,
    SpeakerVoice,
    Voice,
    answers_in_time,
    finishes,
    handles,
    leaves,
)
from lcr_audio.tui.input import Question as AskMode
from lcr_audio.tui.keys import Command, Context
from lcr_audio.tui.menu import menu

if TYPE_CHECKING:
    from lcr_audio.tui.host import Host


class _Leave(Exception):
    """Escape: leave the lesson.

    Attributes:
        answered: how many of the lesson's questions were answered before it was left.
    """

    answered = 0


def _left_text(item: Lesson, right: int, answered: int) -> str:
    """What leaving a lesson says: which lesson, how it went, and that the lesson list comes next."""
    if answered == 0:
        # Translators: Escape left a practice lesson before any answer; the lesson list is said next.
        return _("Lesson left: {title}, before its first answer. Back to the lesson list.").format(
            title=item.title
        )
    # Translators: Escape left a practice lesson: {right} answers right of the {answered} answered so far;
    # the lesson list is said next.
    text = ngettext(
        "Lesson left: {title}, {right} of {answered} answer right. Back to the lesson list.",
        "Lesson left: {title}, {right} of {answered} answers right. Back to the lesson list.",
        answered,
    )
    return text.format(title=item.title, right=right, answered=answered)


def _offered(question: Question, choice: int) -> str:
    """One player offered as the answer to a seat question: "Bo, seat 2."."""
    seat = question.choices[choice]
    # Translators: one player offered as the answer to a practice question: "Bo, seat 2."
    return _("{name}, seat {number}.").format(name=question.names[seat], number=seat + 1)


def _how_to_answer(question: Question) -> str:
    if question.kind is AnswerKind.NUMBER:
        # Translators: how to answer a practice question that wants a number.
        return _("Type the number, then Enter.")
    if question.kind is AnswerKind.SEAT:
        # Translators: how to answer a practice question that wants a player.
        return _("Up and Down go through the players, or press a seat number; Enter answers.")
    # Translators: how to answer a yes-or-no practice question.
    return _("Y or N.")


def _progress_label(settings_progress: dict[str, list[int]], item: Lesson) -> str:
    best = settings_progress.get(item.key)
    if not best:
        return item.title
    # Translators: a lesson in the practice list with its best score so far: "How many dice, best 5 of 6".
    return _("{title}, best {right} of {total}").format(title=item.title, right=best[0], total=best[1])


class PracticeScreen:
    """Runs lessons for one player.

    Args:
        app: the shared speech, sound, keys and settings.
        seed: varies the questions; the same seed asks the same questions.
    """

    def __init__(self, app: Host, seed: int | None = None) -> None:
        self.app = app
        self.rng = random.Random(seed)

    def say(self, text: str, *, interrupt: bool = True) -> None:
        """Speak (and print, in printing modes). Answers to keys interrupt; what follows an answer's
        feedback (the next question, the lesson's score) queues behind it, so the feedback is heard whole."""
        self.app.speaker.speak(text, interrupt=interrupt)

    async def run(self, first: LessonKey | str | None = None) -> None:
        """The lesson list (or ``first`` at once), until the player leaves with Escape.

        Raises:
            ValueError: ``first`` is not a lesson's key.
        """
        voice = SpeakerVoice(self.app.speaker, self.app.sound)
        async with KeyLoop(self.app.keys) as loop:
            key: LessonKey | None = None if first is None else LessonKey(first)
            last = 0
            queued = False
            while True:
                if key is None:
                    items: list[tuple[str, str]] = [
                        (item.key, _progress_label(self.app.settings.progress, item)) for item in LESSONS
                    ]
                    chosen = await menu(
                        loop,
                        voice,
                        # Translators: the title of the practice lesson list.
                        _("Practice. Choose a lesson."),
                        items,
                        escape="",
                        start=last,
                        queued=queued,
                    )
                    if not chosen:
                        # Translators: said when the player leaves the practice lesson list.
                        self.say(_("Practice closed."))
                        return
                    key = LessonKey(chosen)
                last = [each.key for each in LESSONS].index(key)  # the list reopens on this lesson
                key = await self.lesson(loop, voice, key)
                queued = True  # the list comes back after the lesson's last words

    async def lesson(self, loop: KeyLoop, voice: Voice, key: LessonKey) -> LessonKey | None:
        """Run one lesson; return the next lesson's key, the same key to repeat, or None for the list."""
        item = lesson(key)
        self.say(
            # Translators: said when a lesson starts: its title, how many questions, its introduction.
            ngettext(
                "{title}. {count} question. {intro}", "{title}. {count} questions. {intro}", item.size
            ).format(title=item.title, count=item.size, intro=item.intro)
        )
        # Off the key loop while the introduction is said: the odds lesson may work out exact tables first
        # (under a second each, once per run).
        asked = await asyncio.to_thread(questions, key, self.rng.randrange(2**31))
        right = 0
        try:
            for number, question in enumerate(asked, 1):
                try:
                    ok = await self.ask(loop, voice, question, number, len(asked))
                except _Leave as leave:
                    leave.answered = number - 1
                    raise
                right += ok
        except _Leave as leave:
            self.say(_left_text(item, right, leave.answered))
            return None
        best = self.app.settings.progress.get(key)
        if best is None or right > best[0]:
            self.app.settings.progress[key] = [right, len(asked)]
            problem = self.app.remember(self.app.settings)
            if problem:
                self.say(problem)
        position = [each.key for each in LESSONS].index(key)
        following = LESSONS[position + 1] if position + 1 < len(LESSONS) else None
        if self.app.sound is not None:
            self.app.sound.play(Cue.WIN if right == len(asked) else Cue.RESET)
        # Translators: the end of a lesson; {score} is like "7 of 8.".
        text = _("Lesson done: {score}").format(score=score_text(right, len(asked)))
        if following is not None:
            # Translators: after a lesson: keys for the next lesson, repeating, or the list.
            text += " " + _(
                "Enter for the next lesson, {title}; R to repeat this one; Escape for the list."
            ).format(title=following.title)
        else:
            # Translators: after the last lesson.
            text += " " + _("That was the last lesson. R to repeat it; Escape for the list.")
        self.say(text, interrupt=False)
        return await loop.ask(LessonEnd(voice, text, key, following.key if following is not None else None))

    async def ask(self, loop: KeyLoop, voice: Voice, question: Question, number: int, total: int) -> bool:
        """Ask one question and say whether the answer was right. Raises _Leave on Escape."""
        # Translators: a practice question with its number: "Question 2 of 6. <question> <how to answer>"
        intro = _("Question {number} of {total}.").format(number=number, total=total)
        mode = Answer(voice, question, f"{intro} {question.text} {_how_to_answer(question)}")
        self.say(mode.reminder(), interrupt=False)  # after the lesson intro or the last answer's feedback
        answer = await loop.ask(mode)
        ok, text = check(question, answer)
        if self.app.sound is not None:
            self.app.sound.play(Cue.CHIP_POT if ok else Cue.ERROR)
        self.say(text)
        return ok


class LessonEnd(AskMode[LessonKey | None]):
    """A lesson's end as an input mode: Enter for the next lesson, R to repeat it, Escape for the list.

    Enter and R typed before the score was said (a double press on the last answer) are dropped: the score
    is always heard before the next lesson starts.

    Args:
        voice: where it speaks.
        text: the lesson's score and these choices (said again for any other key).
        key: this lesson's key.
        following: the next lesson's key, None after the last.
    """

    contexts = frozenset({Context.LESSON_END})

    def __init__(self, voice: Voice, text: str, key: LessonKey, following: LessonKey | None) -> None:
        super().__init__(voice)
        self.text = text
        self.key = key
        self.following = following
        self.asked: float | None = None

    def opened(self) -> None:
        """The score has just been handed to speech: keys from now on may answer it."""
        self.asked = time.monotonic()

    def heard(self, press: Press) -> bool:
        """Only keys read after the score was handed to speech choose what comes next."""
        return answers_in_time(press.stamp, self.asked)

    def reminder(self) -> str:
        """The score and the choices."""
        return self.text

    @handles(Command.NEXT_LESSON)
    def next_lesson(self, press: Press) -> None:
        """The next lesson (after the last, the list)."""
        if self.heard(press):
            self.finish(self.following)
        else:
            self.voice.too_early()

    @handles(Command.REPEAT_LESSON)
    def repeat_lesson(self, press: Press) -> None:
        """This lesson again."""
        if self.heard(press):
            self.finish(self.key)
        else:
            self.voice.too_early()

    back = finishes(Command.BACK, value=None)  # the lesson list

    def unbound(self, press: Press) -> None:
        """Any other key: the choices again."""
        self.voice.answer(self.text)


class Answer(AskMode[int | bool]):
    """A practice question's answer as an input mode: a number (digits, Backspace, Enter), a seat (arrows
    or its seat digit, Enter) or yes or no (Y or N). Escape leaves the lesson (raises ``_Leave``).

    A seat question is said with the player offered first, so Enter answers with a player the listener
    heard; keys read before the question was handed to speech (typed ahead during the last feedback) never
    answer it (issue 14, item 15; DESIGN.md §1, what is said and when).

    Args:
        voice: where it speaks.
        question: what is asked.
        full: the question as said, with how to answer it (R says it again).
    """

    contexts = frozenset({Context.PRACTICE_NUMBER, Context.PRACTICE_SEAT, Context.PRACTICE_YES_NO})

    def __init__(self, voice: Voice, question: Question, full: str) -> None:
        super().__init__(voice)
        self.question = question
        self.full = full
        self.typed = ""
        self.choice = 0
        self.asked: float | None = None

    def opened(self) -> None:
        """The question has just been handed to speech: keys from now on may answer it."""
        self.asked = time.monotonic()

    def heard(self, press: Press) -> bool:
        """Only keys read after the question was handed to speech answer it (REACTION_SECONDS)."""
        return answers_in_time(press.stamp, self.asked)

    @property
    def context(self) -> Context:
        """The keys of the question's kind of answer."""
        return {
            AnswerKind.NUMBER: Context.PRACTICE_NUMBER,
            AnswerKind.SEAT: Context.PRACTICE_SEAT,
            AnswerKind.YES_NO: Context.PRACTICE_YES_NO,
        }[self.question.kind]

    def reminder(self) -> str:
        """The question, and for a seat question the player offered now."""
        if self.question.kind is AnswerKind.SEAT:
            return f"{self.full} {_offered(self.question, self.choice)}"
        return self.full

    @handles(Command.REPEAT)
    def repeat(self, press: Press) -> None:
        """The question again."""
        self.voice.answer(self.reminder())

    back = leaves(Command.BACK, error=_Leave)  # leave the lesson
    yes = finishes(Command.YES, value=True)
    no = finishes(Command.NO, value=False)

    @handles(Command.TYPE)
    def digit(self, press: Press) -> None:
        """Type a digit of the number (three at most)."""
        if not self.heard(press):
            self.voice.too_early()
            return  # typed before the question was said: it cannot be part of its answer
        if len(self.typed) < 3:
            self.typed += press.data
            self.voice.answer(self.typed)

    @handles(Command.DELETE)
    def delete(self, press: Press) -> None:
        """Remove the last digit typed."""
        self.typed = self.typed[:-1]
        # Translators: after Backspace emptied the typed number.
        self.voice.answer(self.typed or _("Empty."))

    @handles(Command.ACCEPT)
    def accept(self, press: Press) -> None:
        """Answer with the number typed."""
        if not self.heard(press):
            self.voice.too_early()
            return
        if self.typed:
            self.finish(int(self.typed))
            return
        # Translators: Enter with no number typed.
        self.voice.error(_("Type a number first."))

    def _say_choice(self) -> None:
        self.voice.answer(_offered(self.question, self.choice))

    @handles(Command.NEXT_SEAT)
    def next_seat(self, press: Press) -> None:
        """The next player offered."""
        self.choice = (self.choice + 1) % len(self.question.choices)
        self._say_choice()

    @handles(Command.PREVIOUS_SEAT)
    def previous_seat(self, press: Press) -> None:
        """The previous player offered."""
        self.choice = (self.choice - 1) % len(self.question.choices)
        self._say_choice()

    @handles(Command.SEAT)
    def seat(self, press: Press) -> None:
        """Go to the player in that seat."""
        seat = (10 if press.data == "0" else int(press.data)) - 1
        if seat not in self.question.choices:
            # Translators: a seat number that is not one of the answers offered.
            self.voice.error(_("Seat {number} is not one of the choices.").format(number=seat + 1))
            return
        self.choice = self.question.choices.index(seat)
        self._say_choice()

    @handles(Command.CONFIRM_SEAT)
    def confirm_seat(self, press: Press) -> None:
        """Answer with the player offered."""
        self.finish(self.question.choices[self.choice])

    def unbound(self, press: Press) -> None:
        """Any other key: how to answer."""
        if self.question.kind is AnswerKind.YES_NO:
            self.voice.error(_("Please press Y or N."))
        else:
            self.voice.error(_how_to_answer(self.question))


async def run_practice(app: Host, first: str | None = None, seed: int | None = None) -> None:
    """``lcr-audio practice [--lesson NAME]`` and the main menu's Practice."""
    await PracticeScreen(app, seed).run(first)
