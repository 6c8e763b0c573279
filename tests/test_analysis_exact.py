"""The exact odds table (lcr_audio.game.analysis.exact, .odds) and the simulations against it."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from support.waiting import wait_until

from lcr_audio.engine import (
    ChooseSeat,
    GameState,
    Phase,
    Reverse,
    Roll,
    Rules,
    ThreeWilds,
    WinCondition,
    new_game,
    position,
    roll_outcomes,
    step,
)
from lcr_audio.game.analysis import exact
from lcr_audio.game.analysis.chain_sim import chain_simulator
from lcr_audio.game.analysis.exact import random_table_position
from lcr_audio.game.analysis.odds import OddsKeeper, cache_path, exact_table
from lcr_audio.game.analysis.simulate import play_games
from lcr_audio.game.bots import Policy
from lcr_audio.game.usual import usual_reverse_at


def solve_by_hand(
    equations: dict[str, dict[str, Fraction]], constants: dict[str, Fraction]
) -> dict[str, Fraction]:
    """Gauss-Jordan elimination over fractions: x = sum(coef * y) + const for each unknown x."""
    names = list(equations)
    rows = [
        [(1 if a == b else 0) - equations[a].get(b, Fraction(0)) for b in names] + [constants[a]]
        for a in names
    ]
    for col in range(len(names)):
        pivot = next(r for r in range(col, len(rows)) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        rows[col] = [v / rows[col][col] for v in rows[col]]
        for r in range(len(rows)):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col], strict=True)]
    return {name: rows[i][-1] for i, name in enumerate(names)}


def test_two_single_chips_at_three_seats_match_the_hand_derived_chain() -> None:
    """R4, R5, R10 by hand: two seats hold 1 chip each, the third none, 1 die each turn.

    S1: the mover's left neighbour holds the other chip; S2: the right neighbour does. M is the mover,
    O the other holder, E the empty seat. From S1: L or C (1/3) and O wins; R (1/6) is S1 with O to move
    and E holding; a dot (1/2) is S2 with O to move. From S2: C or R (1/3) and O wins; L (1/6) is S1 with E
    to move; a dot (1/2) skips E (R4): S1 with O to move.
    """
    s = Fraction(1, 6)
    h = Fraction(1, 2)
    equations = {
        "a1": {"c1": s, "b2": h},
        "b1": {"a1": s, "a2": h},
        "c1": {"b1": s, "c2": h},
        "a2": {"c1": s, "b1": h},
        "b2": {"b1": s, "a1": h},
        "c2": {"a1": s, "c1": h},
    }
    constants = {"a1": 0, "b1": 2 * s, "c1": 0, "a2": 0, "b2": 2 * s, "c2": 0}
    by_hand = solve_by_hand(equations, {k: Fraction(v) for k, v in constants.items()})
    rules = Rules(players=3, chips=1)
    table = exact_table(rules)
    s1 = table.lookup((1, 1, 0), 1, 0)  # seat 1 to move, seat 2 (its left) holds the other chip
    s2 = table.lookup((1, 0, 1), 1, 0)  # seat 3 (its right) holds it
    assert s1 is not None and s2 is not None
    assert s1 == pytest.approx([float(by_hand[k]) for k in ("a1", "b1", "c1")], abs=1e-14)
    assert s2 == pytest.approx([float(by_hand[k]) for k in ("a2", "c2", "b2")], abs=1e-14)


Key = tuple[tuple[int, ...], int, int]
"""A position at the start of a turn: each seat's chips, the pot, the seat to play."""


def engine_odds(rules: Rules, policy: Policy) -> dict[Key, list[float]]:
    """An independent oracle: the linear equations of the states ``step`` reaches from the start, each turn
    played through the engine (roll_outcomes, the policy's choices), solved by numpy."""

    def finish(state: GameState) -> GameState | None:
        while state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            seat = policy.take_from(state) if state.phase is Phase.WILD_TAKE else policy.give_to(state)
            state = step(state, ChooseSeat(seat))[0]
        return state

    def turn(state: GameState) -> list[tuple[float, GameState]]:
        if state.phase is Phase.REVERSE:
            state = step(state, Reverse(policy.reverse(state)))[0]
        return [(float(p), finish(step(state, Roll(faces))[0])) for faces, p in roll_outcomes(state)]  # type: ignore[misc]

    key = lambda st: (st.chips, st.pot, st.seat)  # noqa: E731
    start = new_game(rules)[0]
    moves: dict[tuple[tuple[int, ...], int, int], list[tuple[float, GameState]]] = {}
    todo = [start]
    while todo:
        state = todo.pop()
        if key(state) in moves:
            continue
        moves[key(state)] = turn(state)
        todo.extend(after for _, after in moves[key(state)] if not after.over and key(after) not in moves)
    # Each position's chances are its turn's ends weighed by their chances: a won game counts for its
    # winner, a game going on counts the next position's chances. Those equations solved at once (numpy),
    # every seat's chances a column: (I - next) chances = won.
    index = {k: i for i, k in enumerate(moves)}
    going_on = np.eye(len(moves))
    won = np.zeros((len(moves), rules.players))
    for k, rows in moves.items():
        for p, after in rows:
            if after.over:
                assert after.winner is not None
                won[index[k], after.winner] += p
            else:
                going_on[index[k], index[key(after)]] -= p
    chances = np.linalg.solve(going_on, won)
    values = {k: [float(v) for v in chances[index[k]]] for k in moves}
    return values


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=3, chips=1),
        Rules(players=3, chips=2),
        Rules(players=4, chips=1),
        Rules(players=3, chips=2, wild=True),
        Rules(players=3, chips=2, wild=True, three_wilds=ThreeWilds.WIN),
        Rules(players=3, chips=3, reversible=True),
        Rules(players=3, chips=3, reversible=True, wild=True),
    ],
    ids=repr,
)
def test_the_table_matches_the_engine_played_turn_by_turn(rules: Rules) -> None:
    oracle = engine_odds(rules, Policy())
    table = exact_table(rules)
    for (chips, pot, mover), expected in oracle.items():
        found = table.lookup(chips, pot, mover)
        if sum(1 for n in chips if n) < 2:
            assert found is None
            continue
        assert found == pytest.approx(expected, abs=1e-12), (chips, pot, mover)


@pytest.mark.parametrize(
    "rules", [Rules(players=4, chips=3), Rules(players=3, chips=3, wild=True, reversible=True)], ids=repr
)
def test_every_position_sums_to_one_and_turns_with_the_table(rules: Rules) -> None:
    """Sums to 1 within 1e-12; turning the chips and the seat to play turns the odds (R1)."""
    chain = exact.build_chain(rules)
    solution = exact.solve(rules, chain)
    assert np.max(np.abs(solution.win.sum(axis=1) - 1)) < 1e-12
    table = exact_table(rules)
    rng = random.Random(4)
    for row in rng.sample(range(len(chain.states)), min(200, len(chain.states))):
        chips = tuple(int(n) for n in chain.states[row])
        pot = rules.total_chips - sum(chips)
        mover = rng.choice([s for s, n in enumerate(chips) if n])
        odds = table.lookup(chips, pot, mover)
        assert odds is not None
        for shift in range(1, rules.players):
            turned = chips[-shift:] + chips[:-shift]
            moved = table.lookup(turned, pot, (mover + shift) % rules.players)
            assert moved is not None
            assert moved == pytest.approx(odds[-shift:] + odds[:-shift], abs=1e-15)


def test_expectations_hand_derived_for_one_turn_left() -> None:
    """Seat 1 holds 1 chip, seat 2 holds 1, seat 3 none (3 seats of 1 chip); the expected rolls and seat
    turns add up as the chain says: every turn is one roll by the seat to play (R4)."""
    rules = Rules(players=3, chips=1)
    chain = exact.build_chain(rules)
    solution = exact.solve(rules, chain, expectations=True)
    assert solution.rolls is not None and solution.seat_turns is not None and solution.pot_won is not None
    start = int(np.flatnonzero((chain.states == [1, 1, 1]).all(axis=1))[0])
    # The mover rolls now: at least one roll for seat 1 (counted from the mover), and fewer seat turns
    # than none: seat turns count skips too.
    assert solution.rolls[start, 0] >= 1
    assert np.all(solution.seat_turns[start] >= solution.rolls[start] - 1e-12)
    # The winner takes the pot, 3 chips less the 1 it holds... the pot at the end is at most 2 here.
    pot_given_win = solution.pot_won[start] / solution.win[start]
    assert np.all(pot_given_win <= 2 + 1e-12) and np.all(pot_given_win >= 0)


def test_the_table_is_kept_in_the_cache_folder_and_read_back(tmp_path: Path) -> None:
    rules = Rules(players=4, chips=2)
    made = exact_table(rules, tmp_path)
    path = cache_path(rules, tmp_path)
    assert path.exists()
    read = exact_table(rules, tmp_path)
    assert np.array_equal(read.win, made.win)
    path.write_bytes(b"not a table")  # a damaged file is solved again and replaced
    again = exact_table(rules, tmp_path)
    assert np.array_equal(again.win, made.win)


def test_no_table_without_an_end_or_for_large_tables() -> None:
    assert not exact.supports(Rules(players=3, chips=3, win=WinCondition.ROLL_ALL_DOTS))
    assert exact.supports(Rules(players=6, chips=3))
    assert not exact.supports(Rules(players=10, chips=3))
    assert exact.state_count(Rules(players=6, chips=3)) == 100_947


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=5, chips=3),
        Rules(players=4, chips=3, wild=True),
        Rules(players=4, chips=3, reversible=True, wild=True),
    ],
    ids=repr,
)
def test_simulations_agree_with_the_table_within_three_standard_errors(rules: Rules) -> None:
    """Both Monte Carlo paths (the kernel and the chain table) over random positions, fixed seeds."""
    table = exact_table(rules)
    fast = chain_simulator(rules)
    rng = random.Random(11)
    generator = np.random.default_rng(12)
    fast_generator = np.random.default_rng(13)
    for _ in range(6):
        chips, pot, mover = random_table_position(rng, rules)
        expected = np.array(table.lookup(chips, pot, mover))
        games = 4000
        tally = play_games(rules, chips, pot, mover, games, generator, usual_reverse_at(rules))
        error = np.sqrt(expected * (1 - expected) / games) + 1e-12
        assert np.all(np.abs(tally.rates - expected) <= 3 * error), (chips, pot, mover, tally.rates, expected)
        wins = fast.play(fast.index_of(chips, mover), mover, 20_000, fast_generator)
        error = np.sqrt(expected * (1 - expected) / 20_000) + 1e-12
        assert np.all(np.abs(wins / 20_000 - expected) <= 3 * error), (chips, pot, mover, wins, expected)


def test_the_keeper_answers_mid_turn_and_after_the_game() -> None:
    rules = Rules(players=3, chips=2, wild=True)
    keeper = OddsKeeper(rules, None, seed=1)
    assert keeper.wait(60)
    state = position(rules, (2, 1, 1), 2, 0)
    # A roll of W, dot: the roller takes from the seat the policy picks; the odds at the choice are those
    # of the position after it.
    after = step(state, Roll(tuple(f for f in rules.die if f.value in "W.")[:2]))[0]
    assert after.phase is Phase.WILD_TAKE
    odds = keeper.odds(after)
    assert odds.exact and sum(odds.chances) == pytest.approx(1, abs=1e-12)
    over = GameState(rules, (6, 0, 0), 0, 0, 3, Phase.OVER, winner=0)
    assert keeper.odds(over).chances == (1.0, 0.0, 0.0)


def test_the_keeper_simulates_where_there_is_no_table() -> None:
    rules = Rules(players=3, chips=3, win=WinCondition.ROLL_ALL_DOTS)
    keeper = OddsKeeper(rules, None, seed=2)
    odds = keeper.odds(position(rules, (3, 3, 3), 0, 0), budget=0.0)
    assert not odds.exact and odds.games >= 1
    assert sum(odds.chances) == pytest.approx(1, abs=1e-12)


def test_simulated_turns_and_pot_agree_with_the_exact_expectations() -> None:
    """Turns rolled, turns reached (skips included, R4) and the pot a win takes (R12): the kernel's tallies
    against the exact chain's expectations, from a mid-game position with Wild dice."""
    rules = Rules(players=4, chips=2, wild=True)
    chain = exact.build_chain(rules)
    solution = exact.solve(rules, chain, expectations=True)
    assert solution.rolls is not None and solution.seat_turns is not None and solution.pot_won is not None
    chips, pot, mover = (2, 0, 3, 1), 2, 2
    row = int(np.flatnonzero((chain.states == [3, 1, 2, 0]).all(axis=1))[0])
    tally = play_games(rules, chips, pot, mover, 60_000, np.random.default_rng(9))
    for seat in range(4):
        k = (seat - mover) % 4
        assert tally.rolls[seat] / tally.games == pytest.approx(solution.rolls[row, k], rel=0.02)
        assert tally.seat_turns[seat] / tally.games == pytest.approx(solution.seat_turns[row, k], rel=0.02)
        expected_pot = solution.pot_won[row, k] / solution.win[row, k]
        assert tally.pot_won[seat] / tally.wins[seat] == pytest.approx(expected_pot, rel=0.03)


def test_o_again_at_the_same_position_adds_to_the_games_already_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The games of the first answer and of the background thread after it count in the second: a second
    answer of a single game (budget 0) has more games than the first. The background thread plays for
    0.2 seconds here, not the game's 2 (the count grows all the same; 2 seconds of processor saved)."""
    from lcr_audio.game.analysis import odds

    monkeypatch.setattr(odds, "BACKGROUND_SECONDS", 0.2)
    rules = Rules(players=4, chips=2, win=WinCondition.LAST_CHIP_IN_POT)
    keeper = OddsKeeper(rules, None, seed=3)
    state = position(rules, (2, 2, 2, 2), 0, 0)
    first = keeper.odds(state, budget=0.01)
    assert keeper._more is not None
    keeper._more.join()
    again = keeper.odds(state, budget=0.0)
    assert again.games > first.games
    other = keeper.odds(position(rules, (3, 1, 2, 2), 0, 1), budget=0.0)
    assert other.games < again.games  # a new position starts a new count


@pytest.mark.parametrize(
    "rules", [Rules(players=3, chips=3), Rules(players=3, chips=3, wild=True)], ids=["classes", "one class"]
)
def test_solving_reports_progress_that_climbs_to_the_end(rules: Rules) -> None:
    """A long solve tells how far it is after every sweep, even with Wild dice where the whole chain is one
    class: the share never goes back, starts at 0 and comes close to 1 before the table is done."""
    chain = exact.build_chain(rules)
    shares: list[float] = []
    exact.solve(rules, chain, progress=shares.append)
    assert shares[0] == 0.0
    assert all(b >= a for a, b in itertools.pairwise(shares))
    assert len(shares) > 20 and shares[-1] > 0.9
    assert len({round(s, 1) for s in shares}) >= 8  # it climbs in steps, not in one jump at the end


@pytest.mark.system
def test_parallel_play_moves_each_generator_on_and_agrees_with_the_table() -> None:
    """Shared between workers (processes on Linux from PROCESS_MIN_GAMES games): the same seed gives the
    same games, a second call with the same generators gives new ones, and the rates agree with the exact
    table within 3 standard errors (R10)."""
    from lcr_audio.game.analysis.chain_sim import PROCESS_MIN_GAMES, generators

    rules = Rules(players=4, chips=2)
    fast = chain_simulator(rules)
    row = fast.index_of((2, 2, 2, 2), 0)
    games = PROCESS_MIN_GAMES
    rngs = generators(5)
    first, second = fast.play_parallel(row, 0, games, rngs), fast.play_parallel(row, 0, games, rngs)
    assert np.array_equal(first, fast.play_parallel(row, 0, games, generators(5)))
    assert not np.array_equal(first, second)
    expected = np.array(exact_table(rules).lookup((2, 2, 2, 2), 0, 0))
    for wins in (first, second):
        assert wins.sum() == games
        error = np.sqrt(expected * (1 - expected) / games)
        assert np.all(np.abs(wins / games - expected) <= 3 * error), (wins / games, expected)


def test_a_table_not_ready_is_made_in_the_background_and_never_waited_for(tmp_path: Path) -> None:
    """ready_table (what careful players in a game use): None at once while the table is being made on a
    daemon thread, then the table, also read back from the cache folder in a later run."""

    from lcr_audio.game.analysis import odds

    rules = Rules(players=3, chips=4, wild=True, three_wilds=ThreeWilds.WIN)
    odds._SHARED.pop(rules, None)
    odds._BUILDING.discard(rules)
    assert odds.ready_table(rules, tmp_path) is None
    table = wait_until(lambda: odds.ready_table(rules, tmp_path), "the table was built in the background")
    assert table.lookup((4, 4, 4), 0, 0) is not None
    assert cache_path(rules, tmp_path).exists()
    odds._SHARED.pop(rules)  # as in a new run: read from the cache file at once
    assert odds.ready_table(rules, tmp_path) is not None
