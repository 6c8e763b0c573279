"""``Rules.reset_possible`` (R11) against games played through ``step``: where it says no reset can happen,
none happens in many random games; where it says one can, a position that leads to one is shown."""

from __future__ import annotations

import itertools
import random

import pytest
from support.engine import at, play, random_action, roll

from lcr_audio.engine import ChipsReset, Rules, WinCondition, new_game, step


@pytest.mark.parametrize(
    ("win", "wild", "reversible"),
    list(itertools.product(list(WinCondition), [False, True], [False, True])),
    ids=lambda v: str(getattr(v, "value", v)),
)
def test_no_reset_where_none_is_possible(win: WinCondition, wild: bool, reversible: bool) -> None:
    """Random games with random choices (R11): a reset only where ``reset_possible`` allows one."""
    rules = Rules(players=3, chips=2, wild=wild, reversible=reversible, win=win)
    rng = random.Random(f"{win.value}-{wild}-{reversible}")
    resets = 0
    for _ in range(40):
        state, _ = new_game(rules)
        for _ in range(400):  # a cap: games with resets can go on for a long time
            if state.over:
                break
            state, events = step(state, random_action(state, rng))
            resets += sum(isinstance(e, ChipsReset) for e in events)
    if not rules.reset_possible:
        assert resets == 0
    elif win is WinCondition.ROLL_ALL_DOTS:
        assert resets > 0  # a last C empties the table often enough to be seen here


def test_a_last_c_resets_under_roll_all_dots() -> None:
    """R10 roll-all-dots, R11: the last holder's C puts the last chip in the pot; everyone starts again."""
    rules = Rules(players=3, chips=1, win=WinCondition.ROLL_ALL_DOTS)
    assert rules.reset_possible
    state, events = play(at(rules, (1, 0, 0), pot=2), roll("C"))
    assert any(isinstance(e, ChipsReset) for e in events)
    assert state.chips == (1, 1, 1) and not state.over
