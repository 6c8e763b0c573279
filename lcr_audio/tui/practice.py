"""Practice mode by ear: lessons of questions whose answers the engine computes (issue: learning).

Answers by keys: a number (digits, Backspace, Enter), a seat (arrows or its seat digit, Enter), yes or no
(Y or N). Right answers get a short confirmation and a cue; wrong ones the right answer and why, face by
face. A lesson ends with its score, and the best score per lesson is remembered.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from prompt_toolkit.keys import Keys

from ..i18n import _, ngettext
from ..practice import LESSONS, AnswerKind, Lesson, Question, check, lesson, questions, score_text
from .choice import KeyReader
from .keys import is_key
from .menu import menu

if TYPE_CHECKING:
    from ..app import App

_ENTER = (Keys.ControlM, Keys.ControlJ)


class _Leave(Exception):
    """Escape: leave the lesson."""


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

    def __init__(self, app: App, seed: int | None = None) -> None:
        self.app = app
        self.rng = random.Random(seed)

    def say(self, text: str, *, interrupt: bool = True) -> None:
        """Speak (and print, in printing modes). Answers to keys interrupt; what follows an answer's
        feedback (the next question, the lesson's score) queues behind it, so the feedback is heard whole."""
        self.app.speaker.speak(text, interrupt=interrupt)

    async def run(self, first: str | None = None) -> None:
        """The lesson list (or ``first`` at once), until the player leaves with Escape."""
        async with KeyReader(self.app.keys) as reader:
            key = first
            last = 0
            while True:
                if key is None:
                    items = [
                        (item.key, _progress_label(self.app.settings.progress, item)) for item in LESSONS
                    ]
                    key = await menu(
                        reader,
                        self.app.speaker,
                        # Translators: the title of the practice lesson list.
                        _("Practice. Choose a lesson."),
                        items,
                        escape="",
                        start=last,
                    )
                    if not key:
                        return
                last = [each.key for each in LESSONS].index(key)  # the list reopens on this lesson
                key = await self.lesson(reader, key)

    async def lesson(self, reader: KeyReader, key: str) -> str | None:
        """Run one lesson; return the next lesson's key, the same key to repeat, or None for the list."""
        item = lesson(key)
        asked = questions(key, self.rng.randrange(2**31))
        self.say(
            # Translators: said when a lesson starts: its title, how many questions, its introduction.
            ngettext(
                "{title}. {count} question. {intro}", "{title}. {count} questions. {intro}", len(asked)
            ).format(title=item.title, count=len(asked), intro=item.intro)
        )
        right = 0
        try:
            for number, question in enumerate(asked, 1):
                ok = await self.ask(reader, question, number, len(asked))
                right += ok
        except _Leave:
            # Translators: the player left a lesson before its end.
            self.say(_("Lesson left. {score}").format(score=score_text(right, len(asked))))
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
            self.app.sound.play("win" if right == len(asked) else "reset")
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
        while True:
            press = (await reader.next()).key
            if press in _ENTER and following is not None:
                return following.key
            if is_key(press, "r"):
                return key
            if press == Keys.Escape or (press in _ENTER and following is None):
                return None
            if press == Keys.ControlC:
                raise KeyboardInterrupt
            self.say(text)  # any other key: the choices again

    async def ask(self, reader: KeyReader, question: Question, number: int, total: int) -> bool:
        """Ask one question and say whether the answer was right. Raises _Leave on Escape."""
        # Translators: a practice question with its number: "Question 2 of 6. <question> <how to answer>"
        intro = _("Question {number} of {total}.").format(number=number, total=total)
        full = f"{intro} {question.text} {_how_to_answer(question)}"
        self.say(full, interrupt=False)  # it follows the lesson intro or the last answer's feedback
        answer = await self._answer(reader, question, full)
        ok, text = check(question, answer)
        if self.app.sound is not None:
            self.app.sound.play("chip-pot" if ok else "error")
        self.say(text)
        return ok

    async def _answer(self, reader: KeyReader, question: Question, full: str) -> int | bool:
        typed = ""
        choice = 0
        names = question.names
        while True:
            key = (await reader.next()).key
            if key == Keys.ControlC:
                raise KeyboardInterrupt
            if key == Keys.Escape:
                raise _Leave
            if key == Keys.F1 or (is_key(key, "r") and question.kind is not AnswerKind.YES_NO):
                self.say(full)
                continue
            if question.kind is AnswerKind.YES_NO:
                if is_key(key, "y") or is_key(key, "n"):
                    return is_key(key, "y")
                self.say(_("Please press Y or N."))
                continue
            if question.kind is AnswerKind.NUMBER:
                if isinstance(key, str) and key.isdigit() and len(typed) < 3:
                    typed += key
                    self.say(typed)
                elif key == Keys.ControlH or key == Keys.Backspace:
                    typed = typed[:-1]
                    # Translators: after Backspace emptied the typed number.
                    self.say(typed or _("Empty."))
                elif key in _ENTER:
                    if typed:
                        return int(typed)
                    # Translators: Enter with no number typed.
                    self.say(_("Type a number first."))
                else:
                    self.say(_("Type the number, then Enter."))
                continue
            choices = question.choices
            if key in (Keys.Down, Keys.Right):
                choice = (choice + 1) % len(choices)
            elif key in (Keys.Up, Keys.Left):
                choice = (choice - 1) % len(choices)
            elif isinstance(key, str) and key.isdigit():
                seat = (10 if key == "0" else int(key)) - 1
                if seat not in choices:
                    # Translators: a seat number that is not one of the answers offered.
                    self.say(_("Seat {number} is not one of the choices.").format(number=seat + 1))
                    continue
                choice = choices.index(seat)
            elif key in _ENTER or key == " ":
                return choices[choice]
            else:
                self.say(_how_to_answer(question))
                continue
            seat = choices[choice]
            self.say(
                # Translators: one player offered as an answer: "Bo, seat 2. 1 of 3."
                _("{name}, seat {number}. {place} of {total}.").format(
                    name=names[seat], number=seat + 1, place=choice + 1, total=len(choices)
                )
            )


async def run_practice(app: App, first: str | None = None, seed: int | None = None) -> None:
    """``lcr-audio practice [--lesson NAME]`` and the main menu's Practice."""
    await PracticeScreen(app, seed).run(first)
