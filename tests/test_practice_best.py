"""The best-choice lesson (issue 25, item 3): its answers and every chance it says are the exact best
response, checked against a separate value iteration written for the tests (tests/support/best_by_hand.py);
each position's choice matters, and each reason is said only where the numbers show it."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import pytest
from support.best_by_hand import best_by_hand

from lcr_audio.engine import GameState, Phase, Rules, Seat, left_of, right_of
from lcr_audio.game.analysis.kernel import greedy_choice
from lcr_audio.narration.practice import AnswerKind, Ask, Maker, Question, lesson, questions, replay
from lcr_audio.narration.practice import best as best_lesson

pytestmark = pytest.mark.usefixtures("english")
"""Every test speaks English, whatever another test set (conftest's ``english``)."""

SEEDS = range(12)
LEAD = "Worked out exactly, here is your chance of winning after each choice, if you play your best."


@cache
def asked(seed: int) -> tuple[Question, ...]:
    return tuple(questions("best-choice", seed))


def every_question() -> list[Question]:
    return [q for seed in SEEDS for q in asked(seed)]


def choice_state(question: Question) -> GameState:
    """The position where the listener chooses: the Wild after the roll, or the start of the turn."""
    state = replay(question)[0]
    assert state.seat == 0 == question.you and question.names[0] == "You"
    return state


def said(chance: float) -> str:
    return f"{100 * chance:.1f}"


def options_by_hand(question: Question) -> list[tuple[Seat | bool, float]]:
    """The options, best first, by the separate solver."""
    chances = best_by_hand(choice_state(question))
    return sorted(chances.items(), key=lambda item: -item[1])


def test_every_answer_and_every_chance_said_is_the_best_response_worked_out_separately() -> None:
    for q in every_question():
        state = choice_state(q)
        options = options_by_hand(q)
        assert q.answer == options[0][0], q.text
        if q.kind is AnswerKind.SEAT:
            assert state.phase is Phase.WILD_TAKE and set(q.choices) == set(state.choices)
            names = [q.names[int(option)] for option, _ in options]
            parts = [f"Taking from {names[0]}: {said(options[0][1])} percent"]
            parts += [
                f"from {name}: {said(chance)}"
                for name, (_, chance) in zip(names[1:], options[1:], strict=True)
            ]
        else:
            assert state.phase is Phase.REVERSE and q.kind is AnswerKind.YES_NO
            (first, best), (_, other) = options
            parts = (
                [f"Reversing the dice: {said(best)} percent", f"as usual: {said(other)}"]
                if first
                else [f"Rolling as usual: {said(best)} percent", f"reversing: {said(other)}"]
            )
        assert q.note.startswith(f"{LEAD} {'; '.join(parts)}."), (q.note, parts)
        assert q.explanation.startswith(q.note + " So the best choice is to ")


def test_each_position_s_choice_matters() -> None:
    """The best option is ahead of the next by at least a point as said, by the separate solver too."""
    for q in every_question():
        options = options_by_hand(q)
        gap = round(100 * options[0][1], 1) - round(100 * options[1][1], 1)
        assert gap >= best_lesson.MIN_GAP - 1e-9, q.text


def test_the_lesson_asks_both_choices_both_ways() -> None:
    """Wild seats where the usual one (most chips) is best and where it is not; reversing best and rolling
    as usual best; at 3 and 4 players."""
    found = every_question()
    takes = [q for q in found if q.ask is Ask.BEST_TAKE]
    reversals = [q for q in found if q.ask is Ask.BEST_REVERSE]
    assert any(q.answer == greedy_choice(choice_state(q)) for q in takes)
    assert any(q.answer != greedy_choice(choice_state(q)) for q in takes)
    assert {q.answer for q in reversals} == {True, False}
    assert {q.state.rules.players for q in found} == {3, 4}
    assert lesson("best-choice").size == 6


@pytest.mark.parametrize(
    ("maker", "wanted"),
    [
        (best_lesson.best_take, lambda q: q.ask is Ask.BEST_TAKE),
        (best_lesson.best_take_unusual, lambda q: q.answer != greedy_choice(choice_state(q))),
        (best_lesson.best_reverse, lambda q: q.ask is Ask.BEST_REVERSE),
        (best_lesson.best_keep, lambda q: q.ask is Ask.BEST_REVERSE and q.answer is False),
    ],
)
def test_each_maker_asks_its_own_question(
    maker: Callable[[Maker], Question], wanted: Callable[[Question], bool]
) -> None:
    import random

    for seed in range(6):
        q = maker(Maker(lesson("best-choice"), random.Random(seed)))
        assert wanted(q), q.text


LIKELIEST = re.compile(r"Before your roll, (\w+) had the best chance of winning of the players you may take")
MOST = re.compile(r"(\w+) has the most chips, yet taking from \1 is not the best choice here\.")


def test_reasons_are_said_only_where_the_numbers_show_them() -> None:
    """A Wild: the seat named likeliest to win is the best one, and its chance said is above the other
    choices' (exact table, everyone as usual); the seat with the most chips is named only when it is not
    the best. The reversal: both neighbours' chips named only when reversing is best, an empty neighbour
    only when rolling as usual is."""
    from lcr_audio.game.analysis.odds import shared_table

    for q in every_question():
        state = choice_state(q)
        name = {n: s for s, n in enumerate(q.names)}
        if q.ask is Ask.BEST_TAKE:
            likeliest = LIKELIEST.search(q.note)
            start = shared_table(q.state.rules, None).lookup(q.state.chips, q.state.pot, 0)
            assert start is not None
            clear = all(
                round(100 * start[int(q.answer)], 1) > round(100 * start[s], 1)
                for s in state.choices
                if s != q.answer
            )
            assert (likeliest is not None) == clear, q.note
            if likeliest:
                assert name[likeliest.group(1)] == q.answer
            most = MOST.search(q.note)
            richest = max(state.chips[s] for s in state.choices)
            holders = [s for s in state.choices if state.chips[s] == richest]
            assert (most is not None) == (len(holders) == 1 and holders[0] != q.answer), q.note
            continue
        players = q.state.rules.players
        left, right = q.names[left_of(0, players)], q.names[right_of(0, players)]
        both = f"{left} and {right} both hold chips"
        assert (both in q.note) == (q.answer is True and all(q.state.chips[s] for s in (1, players - 1)))
        empty_left = f"{left}, on your left, has no chips"
        empty_right = f"{right}, on your right, has no chips"
        assert (empty_left in q.note) == (q.answer is False and q.state.chips[1] == 0)
        assert (empty_right in q.note) == (q.answer is False and q.state.chips[players - 1] == 0)


def test_the_lesson_s_tables_are_small_enough_to_solve_at_once() -> None:
    """Every table the lesson uses has a best-response table (and a small one: a few hundred positions)."""
    from lcr_audio.game.analysis.best import best_supports
    from lcr_audio.game.analysis.exact import state_count

    tables: tuple[Rules, ...] = (*best_lesson.WILD_TABLES, *best_lesson.REVERSE_TABLES)
    assert all(best_supports(rules) and state_count(rules) < 400 for rules in tables)


def test_each_position_s_options_are_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23, item 6: the lesson draws its positions from a few small tables, and most of its draws are a
    position it has weighed before: each position's options are worked out once (the H key's figures,
    ``option_chances``), and every caller gets them, as a list of its own."""
    from lcr_audio.game.analysis import careful
    from lcr_audio.narration.practice import measure

    weighed: list[GameState] = []
    real = careful.option_chances

    def counted(state: GameState, folder: None) -> list[careful.OptionChance]:
        weighed.append(state)
        return real(state, folder)

    monkeypatch.setattr(careful, "option_chances", counted)
    states = [choice_state(q) for q in asked(0)]
    first = [measure.best_options(state) for state in states]  # weighed now, or by a test before
    weighed.clear()
    first[0].clear()  # a caller's own list: changing it changes no other caller's
    again = [measure.best_options(state) for state in states]
    assert weighed == []
    assert again == [real(state, None) for state in states]


def test_this_file_runs_in_the_group_of_test_practice(request: pytest.FixtureRequest) -> None:
    """Both files ask the independent best response (seconds of processor to build, once per process): under
    the README's test command they run on one worker, which builds it once (conftest's ``SHARED_GROUPS``)."""
    import os

    if "PYTEST_XDIST_WORKER" not in os.environ or not request.config.getvalue("loadgroup"):
        pytest.skip("run without pytest-xdist's --dist loadgroup (as with -n0): no groups to keep")
    assert request.node.nodeid.endswith("@test_practice"), request.node.nodeid
