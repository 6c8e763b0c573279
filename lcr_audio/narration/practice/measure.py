"""The measuring engine: what a question asks, worked out from the states and events of its play.

Every answer practice states comes from here, never from a person: the question's actions are played
through :func:`lcr_audio.engine.step` and :func:`measure` reads the result.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lcr_audio.engine import ChipsMoved, Event, Face, GameState, GameWon, Phase, Place, dice_for
from lcr_audio.narration.practice.model import Ask, Question, replay
from lcr_audio.narration.rules_text import start_odds

if TYPE_CHECKING:  # numpy and the analysis stay out of the program's start
    from lcr_audio.game.analysis.careful import OptionChance

ODDS_ASKS = frozenset({Ask.MOST_LIKELY, Ask.LEAST_LIKELY, Ask.IS_LEAST_LIKELY, Ask.MORE_LIKELY})
"""The questions about each seat's chance of winning, answered from the exact odds (:func:`start_chances`)."""

BEST_ASKS = frozenset({Ask.BEST_TAKE, Ask.BEST_REVERSE})
"""The questions about the best choice, answered from the exact best response (:func:`best_options`)."""


BEST_KEPT = 4096
"""Positions whose options :func:`best_options` keeps (a few hundred bytes each): the best-choice lesson draws
its positions from a few small tables, and most of its draws (three in four over 150 lessons) are a position
it has weighed before."""


def best_options(state: GameState) -> list[OptionChance]:
    """Every option of the choice ``state`` asks for (a Wild's seat, R7; whether to reverse, R9) with the
    chooser's exact chance of winning after it, best first: what the H key says there
    (:func:`lcr_audio.game.analysis.careful.option_chances`), from the best-response table of ``state``'s
    rules (the chooser at its best from then on, the others the usual way): read from the game's cache,
    which the H key shares, or solved here and kept there (under a second at the best-choice lesson's
    tables). Each position's options are worked out once (:data:`BEST_KEPT` kept, the least recent dropped).

    Raises:
        ValueError: nothing is asked at ``state``, or its rules have no best-response table.
    """
    return list(_best_options(state))


@functools.lru_cache(maxsize=BEST_KEPT)
def _best_options(state: GameState) -> tuple[OptionChance, ...]:
    """:func:`best_options`, kept per position (the tables it reads are exact: the same for every call)."""
    from lcr_audio.game.analysis.best import ready_best
    from lcr_audio.game.analysis.careful import option_chances
    from lcr_audio.storage import cache_dir

    if ready_best(state.rules, cache_dir() / "odds", wait=True) is None:
        raise ValueError(f"No best-response table for {state.rules}.")
    options = option_chances(state, None)
    if not options or any(option.margin is not None for option in options):
        raise ValueError("No exact choice to weigh here.")
    return tuple(options)


def start_chances(state: GameState) -> tuple[float, ...]:
    """Each seat's exact chance of winning the game that starts at ``state``, seat 1 first: the rules
    reader's figures (:func:`~lcr_audio.narration.rules_text.start_odds`, one exact table per table size,
    worked out once per run; R10, R13).

    Raises:
        ValueError: ``state`` is not the start of a game with seat 1 to play (every seat holding the
            starting chips, the pot empty), or its rules have no exact table.
    """
    rules = state.rules
    if state.chips != (rules.chips,) * rules.players or state.pot or state.seat != 0:
        raise ValueError("The odds are known here only from the start of a game, seat 1 rolling first.")
    return start_odds(rules)


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
        reversing = final.seat == subject and final.reversed and final.phase is Phase.ROLL
        return dice_for(final.chips[subject], reversing)
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
    if ask in ODDS_ASKS:
        return _likely(ask, subject, start)
    if ask is Ask.BEST_TAKE:
        return int(best_options(final)[0].option)
    if ask is Ask.BEST_REVERSE:
        return bool(best_options(final)[0].option)
    return final.phase is Phase.REVERSE and final.seat == subject


def _likely(ask: Ask, subject: Place, start: GameState) -> int | bool:
    """The answer to a question about the chances of winning from ``start`` (:data:`ODDS_ASKS`)."""
    chances = start_chances(start)
    seats = range(len(chances))
    least = min(seats, key=chances.__getitem__)
    if ask is Ask.MOST_LIKELY:
        return max(seats, key=chances.__getitem__)
    if ask is Ask.LEAST_LIKELY:
        return least
    if ask is Ask.IS_LEAST_LIKELY:
        return subject == least
    return max((start.seat, subject), key=chances.__getitem__)
