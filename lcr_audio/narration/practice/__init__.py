"""Practice mode: lessons of questions whose right answers come from the engine, never from a person.

Every question sets up a small table (DESIGN.md §2 rules in force for its lesson), plays real actions
through :func:`lcr_audio.engine.step` and asks about the result: chips, the pot, dice, who gets a chip, who
rolls next, who wins. The question keeps its starting :class:`GameState` and its actions, so anyone (the
tests, a curious player) can play them again. The explanation walks the roll face by face and ends with the
answer.

The odds lesson (:mod:`.odds`) plays nothing: it asks who is likely to win a game from its start, and its
answers come from the exact odds the rules reader reads (:func:`.measure.start_chances`). The best-choice
lesson (:mod:`.best`) asks for a choice (a Wild's seat, the reversal) and answers with the exact best
response, the H key's figures (:func:`.measure.best_options`).

The package: :mod:`.model` (lessons, questions, scenes), :mod:`.lessons` (the one registry of lessons
with their question makers), :mod:`.scenes` (tables built at an engine position and played),
:mod:`.measure` (answers read from the engine), :mod:`.sentences` (every sentence practice says),
:mod:`.odds` (the odds lesson's makers and sentences), :mod:`.best` (the best-choice lesson's).

Usage::

    for q in questions(LessonKey.PASSING, seed=7):
        speak(q.text)
        right, reply = check(q, answer_from_player)
        speak(reply)
    speak(score_text(right_count, len(qs)))
"""

from lcr_audio.narration.practice.lessons import LESSONS, lesson, questions
from lcr_audio.narration.practice.measure import compute_answer
from lcr_audio.narration.practice.model import AnswerKind, Ask, Lesson, LessonKey, Question, Scene, replay
from lcr_audio.narration.practice.scenes import NAMES, Maker
from lcr_audio.narration.practice.sentences import check, score_text, you_label

__all__ = [
    "LESSONS",
    "NAMES",
    "AnswerKind",
    "Ask",
    "Lesson",
    "LessonKey",
    "Maker",
    "Question",
    "Scene",
    "check",
    "compute_answer",
    "lesson",
    "questions",
    "replay",
    "score_text",
    "you_label",
]
