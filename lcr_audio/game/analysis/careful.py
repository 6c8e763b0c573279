"""The careful computer player's choices (issue 15, item 3): each Wild's seat and the reversal (R7, R9)
chosen to make its own chance of winning largest, by the exact table, everyone else playing the default
policy. One step of look-ahead over the table: every choice, and for the reversal every roll, is played
through ``step`` to the start of the next turn, whose odds the table holds.

Rules without an exact table (:func:`.exact.supports`) have nothing to look up: the careful player then
chooses as the default policy does (the functions here return ``None``).
"""

from __future__ import annotations

from pathlib import Path

from lcr_audio.engine import ChooseSeat, GameState, Phase, Reverse, Roll, Seat, roll_outcomes, step
from lcr_audio.game.analysis.exact import supports
from lcr_audio.game.analysis.kernel import greedy_choice
from lcr_audio.game.analysis.odds import ExactTable, shared_table


def _table(state: GameState, folder: Path | None) -> ExactTable | None:
    return shared_table(state.rules, folder) if supports(state.rules) else None


def own_chance(state: GameState, seat: Seat, table: ExactTable) -> float:
    """``seat``'s chance of winning from ``state`` (any phase): the rest of the turn played carefully for
    ``seat``'s own choices and by the default policy for the others', then the table."""
    if state.over:
        return 1.0 if state.winner == seat else 0.0
    if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
        options = state.choices if state.seat == seat else (greedy_choice(state),)
        return max(own_chance(step(state, ChooseSeat(c))[0], seat, table) for c in options)
    if state.phase is Phase.ROLL and state.reversed:
        return sum(
            float(p) * own_chance(step(state, Roll(f))[0], seat, table) for f, p in roll_outcomes(state)
        )
    found = table.lookup(state.chips, state.pot, state.seat)
    if found is None:  # not in the table (one seat holding chips): play one more turn by the odds
        if state.phase is Phase.REVERSE:
            state = step(state, Reverse(False))[0]
        return sum(
            float(p) * own_chance(step(state, Roll(f))[0], seat, table) for f, p in roll_outcomes(state)
        )
    return found[seat]


def careful_choice(state: GameState, folder: Path | None) -> Seat | None:
    """The seat a Wild takes from (R7) or gives to (R9) that leaves the roller the best chance; ties go to
    the default policy's seat, then the nearest on the left. ``None`` without a table."""
    table = _table(state, folder)
    if table is None:
        return None
    usual = greedy_choice(state)
    ordered = (usual, *(c for c in state.choices if c != usual))
    return max(ordered, key=lambda c: own_chance(step(state, ChooseSeat(c))[0], state.seat, table))


def careful_reverse(state: GameState, folder: Path | None) -> bool | None:
    """Whether reversing the dice (R9) gives the roller a better chance than rolling as usual; ``None``
    without a table."""
    table = _table(state, folder)
    if table is None:
        return None
    reverse = own_chance(step(state, Reverse(True))[0], state.seat, table)
    keep = own_chance(step(state, Reverse(False))[0], state.seat, table)
    return reverse > keep
