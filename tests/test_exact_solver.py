"""The exact table's solver (issue 25, item 4: classes by chips on the table, Gauss-Seidel sweeps over
slices, passes when chips come back from the pot) against a small independent one written here: value
iteration over every position at once, each row of the chain read as it stands. Rule sets are drawn from
the rule options' declaration (``RULE_OPTIONS``), so a new option is exercised without anyone naming it.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from support.engine import rule_combinations

from lcr_audio.engine import Rules
from lcr_audio.game.analysis import exact

FloatArray = npt.NDArray[np.float64]

RULES = [
    rules
    for rules in rule_combinations(
        [{"players": 3, "chips": 2}, {"players": 4, "chips": 1}, {"players": 3, "chips": 3}],
        leave_out={"first_player"},  # who rolls first picks the start, not the table (odds.TABLE_IGNORES)
        where_it_applies=True,
    )
    if exact.supports(rules)
]
"""Every declared rule option's values with an exact table, at small sizes."""


def reference(chain: exact.Chain, seats: int) -> tuple[FloatArray, ...]:
    """Win chances, rolls, seat turns and pot won per position and seat (counted from the seat to play), by
    plain value iteration over the whole chain until no figure changes by more than 1e-15 of the largest."""
    size = len(chain.states)
    ended = chain.winner >= 0
    going = ~ended
    rel = np.arange(seats)
    turned = chain.target[:, None] * seats + (rel[None, :] - chain.turn[:, None]) % seats
    skipped = going[:, None] & (rel[None, :] > 0) & (rel[None, :] < chain.turn[:, None])
    constants = []
    for kind in ("win", "rolls", "seat_turns", "pot"):
        const = np.zeros((len(chain.source), seats))
        rows = np.flatnonzero(ended)
        if kind == "win":
            const[rows, chain.winner[rows]] = chain.chance[rows]
        elif kind == "pot":
            const[rows, chain.winner[rows]] = chain.chance[rows] * chain.pot_won[rows]
        else:
            const[:, 0] = chain.chance
            if kind == "seat_turns":
                const += skipped * chain.chance[:, None]
        per_position = np.zeros((size, seats))
        np.add.at(per_position, chain.source, const)
        constants.append(per_position)
    found = []
    for const in constants:
        values = np.zeros((size, seats))
        for _ in range(100_000):
            read = np.where(going[:, None], values.ravel()[turned], 0.0) * chain.chance[:, None]
            new = const.copy()
            np.add.at(new, chain.source, read)
            change = float(np.max(np.abs(new - values)))
            values = new
            if change <= 1e-15 * max(1.0, float(np.max(np.abs(values)))):
                break
        found.append(values)
    return tuple(found)


@pytest.mark.parametrize("slice_states", [5, exact.SLICE_STATES])
@pytest.mark.parametrize("reverse_at", [4, 6])
@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_the_solver_finds_what_plain_value_iteration_finds(
    rules: Rules, reverse_at: int, slice_states: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Odds, rolls, seat turns and pot, every position, within 1e-12 (of the largest figure, for the turns
    and the pot); with slices of 5 positions the Gauss-Seidel order matters, with the default it is one
    slice per class at these sizes."""
    monkeypatch.setattr(exact, "SLICE_STATES", slice_states)
    chain = exact.build_chain(rules, reverse_at)
    solution = exact.solve(rules, chain, expectations=True)
    assert solution.rolls is not None and solution.seat_turns is not None and solution.pot_won is not None
    found = (solution.win, solution.rolls, solution.seat_turns, solution.pot_won)
    for name, mine, theirs in zip(
        ("win", "rolls", "seat turns", "pot"), found, reference(chain, rules.players), strict=True
    ):
        scale = max(1.0, float(np.max(np.abs(theirs))))
        assert np.max(np.abs(mine - theirs)) <= 1e-12 * scale, name
    assert np.max(np.abs(solution.win.sum(axis=1) - 1)) < 1e-12


def test_the_rules_drawn_cover_every_kind_of_solve() -> None:
    """Plain dice (one pass) and chips coming back from the pot (passes) are both among the rules drawn."""
    kinds = {exact._Plan(rules, exact.build_chain(rules)).upward for rules in RULES}
    assert kinds == {False, True}
