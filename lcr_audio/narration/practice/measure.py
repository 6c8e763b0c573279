"""The measuring engine: what a question asks, worked out from the states and events of its play.

Every answer practice states comes from here, never from a person: the question's actions are played
through :func:`lcr_audio.engine.step` and :func:`measure` reads the result.
"""

from __future__ import annotations

from collections.abc import Sequence

from lcr_audio.engine import ChipsMoved, Event, Face, GameState, GameWon, Phase, Place, dice_for
from lcr_audio.narration.practice.model import Ask, Question, replay


def compute_answer(question: Question) -> int | bool:
    """The answer to ``question`` as the engine gives it now (what :attr:`Question.answer` holds)."""
    final, events = replay(question)
    return measure(question.ask, question.subject, question.face, question.state, final, events)


def measure(
    ask: Ask, subject: Place, face: Face | None, start: GameState, final: GameState, events: Sequence[Event]
) -> int | bool:
    """Compute what ``ask`` measures from the state before and after the actions and their events."""
    if ask is Ask.FACE_COUNT:
        return start.rules.die.count(face) if face is not None else 0
    if ask is Ask.CHIPS:
        return final.chips[subject]
    if ask is Ask.POT:
        return final.pot
    if ask is Ask.DICE:
        if final.seat == subject and final.reversed and final.phase is Phase.ROLL:
            return final.dice_to_roll
        return dice_for(final.chips[subject])
    if ask is Ask.RECEIVER:
        moved = next(e for e in events if isinstance(e, ChipsMoved) and e.source == subject)
        return moved.target
    if ask is Ask.NEXT:
        return final.seat
    if ask is Ask.WINNER:
        return final.winner if final.winner is not None else -1
    if ask is Ask.WIN_TOTAL:
        return next(e.total for e in events if isinstance(e, GameWon))
    if ask is Ask.OVER:
        return final.over
    if ask is Ask.WINS:
        return final.winner == subject
    if ask is Ask.ROLLS_NEXT:
        return not final.over and final.seat == subject
    if ask is Ask.OUT:
        return final.over and final.winner != subject
    if ask is Ask.CAN_CHOOSE:
        return subject in final.choices
    return final.phase is Phase.REVERSE and final.seat == subject
