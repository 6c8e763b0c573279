"""Best responses (lcr_audio.game.analysis.best) against an independent solver written here: every turn is
played through the engine's ``step`` from every position, and each way of choosing is valued by solving
its linear equations (numpy), best responses found by policy iteration (not value iteration)."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from lcr_audio.engine import (
    ChooseSeat,
    GameState,
    Phase,
    Reverse,
    Roll,
    Rules,
    ThreeWilds,
    position,
    roll_outcomes,
    step,
)
from lcr_audio.game.analysis import best
from lcr_audio.game.analysis.careful import careful_reverse
from lcr_audio.game.analysis.exact import build_chain, solve

Key = tuple[tuple[int, ...], int, int]  # chips, pot, seat to play
Outcome = Key | int  # the next turn's position, or the winning seat


@dataclass
class Turn:
    """A position's turn: per reversal answer, its rolls, each with its chance, its ends (one per order of
    the roller's Wild choices, in the engine's order of choices) and the usual end's index."""

    answers: dict[bool, list[tuple[float, list[Outcome], int]]]
    usual_answer: bool


def usual_seat(state: GameState) -> int:
    """The usual Wild seat, written again: take from the most chips, give to the fewest, nearest first."""
    if state.phase is Phase.WILD_TAKE:
        return max(state.choices, key=lambda s: (state.chips[s], -state.choices.index(s)))
    return min(state.choices, key=lambda s: (state.chips[s], state.choices.index(s)))


def ends_of(state: GameState) -> tuple[list[Outcome], int]:
    """Every end of the turn from ``state`` (after the roll), and the index of the usual one."""
    if state.over:
        assert state.winner is not None
        return [state.winner], 0
    if state.phase not in (Phase.WILD_TAKE, Phase.WILD_GIVE):
        return [(state.chips, state.pot, state.seat)], 0
    ends: list[Outcome] = []
    usual = 0
    for seat in state.choices:
        sub, sub_usual = ends_of(step(state, ChooseSeat(seat))[0])
        if seat == usual_seat(state):
            usual = len(ends) + sub_usual
        ends.extend(sub)
    return ends, usual


@functools.cache
def all_turns(rules: Rules, reverse_at: int = 6) -> dict[Key, Turn]:
    """Every position of the table (two holders at least) and its turn, through ``step``: once per rules
    in a test process (both tests below walk the same tables; nothing changes what is returned)."""
    seats, total = rules.players, rules.total_chips
    turns: dict[Key, Turn] = {}
    for chips in itertools.product(range(total + 1), repeat=seats):
        if sum(chips) > total or sum(1 for n in chips if n) < 2:
            continue
        for mover in range(seats):
            if chips[mover] == 0:
                continue
            start = position(rules, chips, total - sum(chips), mover)
            answers = {}
            for answer in (False, True) if start.phase is Phase.REVERSE else (False,):
                state = step(start, Reverse(answer))[0] if start.phase is Phase.REVERSE else start
                rolls = []
                for faces, chance in roll_outcomes(state):
                    ends, usual = ends_of(step(state, Roll(faces))[0])
                    rolls.append((float(chance), ends, usual))
                answers[answer] = rolls
            turns[(chips, total - sum(chips), mover)] = Turn(
                answers, chips[mover] >= reverse_at and True in answers
            )
    return turns


Choice = dict[Key, tuple[bool, list[int]]]  # per position: the reversal answer and an end per roll


def usual_choice(turns: dict[Key, Turn]) -> Choice:
    return {key: (t.usual_answer, [u for _, _, u in t.answers[t.usual_answer]]) for key, t in turns.items()}


def value_of(turns: dict[Key, Turn], choices: list[Choice], seat: int) -> dict[Key, float]:
    """``seat``'s chance from every position, everyone choosing by ``choices`` (per seat): linear equations."""
    keys = list(turns)
    index = {key: i for i, key in enumerate(keys)}
    size = len(keys)
    matrix = np.eye(size)
    constant = np.zeros(size)
    for key, turn in turns.items():
        answer, picks = choices[key[2]][key]
        for (chance, ends, _), pick in zip(turn.answers[answer], picks, strict=True):
            end = ends[pick]
            if isinstance(end, int):
                constant[index[key]] += chance * (end == seat)
            else:
                matrix[index[key], index[end]] -= chance
    values = np.linalg.solve(matrix, constant)
    return {key: float(values[index[key]]) for key in keys}


TIE = 1e-12


def improve(
    turns: dict[Key, Turn], values: Callable[[Outcome], float], key: Key, usual: tuple[bool, list[int]]
) -> tuple[bool, list[int]]:
    """The choices at ``key`` that are best by ``values``, the usual ones kept on a tie."""
    turn = turns[key]
    picks_by_answer = {}
    worth = {}
    for answer, rolls in turn.answers.items():
        picks = []
        total = 0.0
        usual_picks = [u for _, _, u in rolls]
        for (chance, ends, _), keep in zip(rolls, usual_picks, strict=True):
            scores = [values(end) for end in ends]
            top = max(range(len(ends)), key=lambda i: (scores[i], -i))
            pick = top if scores[top] > scores[keep] + TIE else keep
            picks.append(pick)
            total += chance * scores[pick]
        picks_by_answer[answer], worth[answer] = picks, total
    answer = turn.usual_answer
    if len(worth) == 2 and worth[not answer] > worth[answer] + TIE:
        answer = not answer
    return answer, picks_by_answer[answer]


def best_answer(turns: dict[Key, Turn], choices: list[Choice], seat: int) -> tuple[Choice, dict[Key, float]]:
    """``seat``'s best response to ``choices`` by policy iteration, and its values."""
    choices = list(choices)
    usual = usual_choice(turns)
    for _ in range(200):
        values = value_of(turns, choices, seat)

        def worth(end: Outcome, values: dict[Key, float] = values) -> float:
            return float(end == seat) if isinstance(end, int) else values[end]

        mine = {key: improve(turns, worth, key, usual[key]) for key in turns if key[2] == seat}
        mine = {**choices[seat], **mine}
        if mine == choices[seat]:
            return mine, values
        choices[seat] = mine
    raise AssertionError("Policy iteration did not settle.")


@functools.cache
def usual_of(rules: Rules) -> Choice:
    """Every seat's usual choices at every position of ``rules``' table (once per rules, never changed)."""
    return usual_choice(all_turns(rules))


@functools.cache
def usual_values(rules: Rules, seat: int) -> dict[Key, float]:
    """``seat``'s chances, everyone playing the usual way (once per rules and seat: both tests ask)."""
    return value_of(all_turns(rules), [usual_of(rules)] * rules.players, seat)


@functools.cache
def best_against_usual(rules: Rules, seat: int) -> tuple[Choice, dict[Key, float]]:
    """``seat``'s best response while the others play the usual way, and its values (once per rules and
    seat: the first test checks it, the second starts from it and falls back on it after a cycle)."""
    return best_answer(all_turns(rules), [usual_of(rules)] * rules.players, seat)


def respond(rules: Rules, choices: list[Choice], seat: int) -> Choice:
    """``seat``'s best response to ``choices``: :func:`best_against_usual` where the others play the usual
    way, else :func:`best_answer` afresh."""
    usual = usual_of(rules)
    if all(choice is usual for other, choice in enumerate(choices) if other != seat):
        return best_against_usual(rules, seat)[0]
    return best_answer(all_turns(rules), choices, seat)[0]


@functools.cache
def everyone_careful(rules: Rules) -> tuple[best.Options, best.Profile]:
    """The code under test's options and profile with every seat careful, once per rules (the careful test
    and the cycle test at 3 x 3 with Wild dice look at the same profile; neither changes it)."""
    options = best.build_options(rules, build_chain(rules, 6), 6)
    return options, best.careful_profile(rules, options, range(rules.players))


RULES = [
    Rules(players=3, chips=1),
    Rules(players=3, chips=2, wild=True),
    Rules(players=3, chips=3, wild=True),
    Rules(players=3, chips=2, reversible=True),
    Rules(players=3, chips=3, reversible=True),
    Rules(players=3, chips=2, wild=True, reversible=True),
    Rules(players=3, chips=3, wild=True, reversible=True),
    Rules(players=3, chips=3, wild=True, reversible=True, three_wilds=ThreeWilds.WIN),
]


def mine_as_dict(
    options: best.Options, values: np.ndarray, seat: int, seats: int, total: int
) -> dict[Key, float]:
    out = {}
    for p, turned in enumerate(options.states):
        for mover in range(seats):
            chips = tuple(int(turned[(s - mover) % seats]) for s in range(seats))
            out[(chips, total - sum(chips), mover)] = float(
                values[p, mover] if values.ndim == 2 else values[p, mover, seat]
            )
    return out


@pytest.mark.parametrize(
    "rules",
    RULES,
    ids=lambda r: (
        f"{r.players}x{r.chips}{'W' if r.wild else ''}{'R' if r.reversible else ''}{'-3win' if r.three_wilds is ThreeWilds.WIN else ''}"
    ),
)
def test_best_response_matches_an_independent_solver(rules: Rules) -> None:
    options = best.build_options(rules, build_chain(rules, 6), 6)
    seats, total = rules.players, rules.total_chips
    # The usual way, both ways, and the exact table.
    usual_mine = best.evaluate(rules, options, [best.usual_policy(options)] * seats)
    plain = mine_as_dict(options, usual_mine, 0, seats, total)
    theirs = usual_values(rules, 0)
    assert max(abs(plain[k] - theirs[k]) for k in theirs) < 1e-9
    chain = build_chain(rules, 6)
    table = solve(rules, chain).win
    assert np.max(np.abs(usual_mine[:, 0, :] - table)) < 1e-9
    for seat in range(seats):
        _, mine = best.best_response(rules, options, [best.usual_policy(options)] * seats, seat)
        _, their_values = best_against_usual(rules, seat)
        got = mine_as_dict(options, mine, seat, seats, total)
        assert max(abs(got[k] - their_values[k]) for k in their_values) < 1e-9
        assert all(got[k] >= theirs_k - 1e-9 for k, theirs_k in usual_values(rules, seat).items())


@pytest.mark.parametrize(
    "rules",
    RULES[1:],
    ids=lambda r: (
        f"{r.players}x{r.chips}{'W' if r.wild else ''}{'R' if r.reversible else ''}{'-3win' if r.three_wilds is ThreeWilds.WIN else ''}"
    ),
)
def test_careful_seats_iterate_to_the_same_end(rules: Rules) -> None:
    """Every seat careful: best responses in turn, a fixed point or a cycle, the same both ways."""
    turns = all_turns(rules)
    options, profile = everyone_careful(rules)
    seats, total = rules.players, rules.total_chips
    usual = usual_of(rules)
    choices = [usual] * seats
    seen = [list(choices)]
    settled = "cycle"
    for _ in range(best.MAX_ROUNDS):
        changed = False
        for seat in range(seats):
            answer = respond(rules, choices, seat)
            if answer != choices[seat]:
                choices[seat] = answer
                changed = True
        if not changed:
            settled = "fixed"
            break
        if choices in seen:
            break
        seen.append(list(choices))
    if settled == "cycle":
        choices = [best_against_usual(rules, seat)[0] for seat in range(seats)]
    assert profile.settled.value == settled
    for seat in range(seats):
        theirs = value_of(turns, choices, seat)
        got = mine_as_dict(options, profile.values, seat, seats, total)
        assert max(abs(got[k] - theirs[k]) for k in theirs) < 1e-9


def test_the_issue_figures_at_three_by_five_with_reversible_dice() -> None:
    """Issue 25: seat 1 at its best 43.43 percent, every seat careful 29.4, 33.0, 37.6 (a fixed point)."""
    rules = Rules(players=3, chips=5, reversible=True)
    options = best.build_options(rules, build_chain(rules, 6), 6)
    start = int(np.flatnonzero((options.states == 5).all(axis=1))[0])
    alone = best.careful_profile(rules, options, [0])
    assert round(100 * alone.values[start, 0, 0], 2) == 43.43
    everyone = best.careful_profile(rules, options, [0, 1, 2])
    assert everyone.settled is best.Settled.FIXED
    assert [round(100 * v, 1) for v in everyone.values[start, 0]] == [29.4, 33.0, 37.6]


def test_wild_dice_cycle_at_three_by_three() -> None:
    assert everyone_careful(Rules(players=3, chips=3, wild=True))[1].settled is best.Settled.CYCLE


@pytest.mark.parametrize(
    "rules",
    [Rules(players=3, chips=4, reversible=True), Rules(players=3, chips=3, wild=True, reversible=True)],
    ids=repr,
)
def test_the_careful_player_reverses_as_the_best_response(rules: Rules, tmp_path: Path) -> None:
    """Issue 25, item 2: where there is a table, careful is the exact best response (everyone else usual),
    at every position where it may reverse; the old careful player looked one turn ahead only."""
    options = best.options_for(rules)
    policy, _ = best.best_response(rules, options, [best.usual_policy(options)] * rules.players, 0)
    asked = 0
    for row, turned in enumerate(options.states):
        chips = tuple(int(n) for n in turned)
        state = position(rules, chips, rules.total_chips - sum(chips), 0)
        if state.phase is Phase.REVERSE:
            asked += 1
            assert careful_reverse(state, tmp_path, wait=True) == bool(policy.reverse[row]), chips
    assert asked >= 20


@pytest.mark.system  # the command looks for a voice (espeak-ng --voices) to say its result
def test_odds_with_a_careful_seat_say_what_they_assume(capsys: pytest.CaptureFixture[str]) -> None:
    """``lcr-audio odds --policy``: the best response's chances, exact, and the sentence of what they
    assume; several careful seats under Wild dice: the cycle said; too large: one sentence, nothing else."""
    from lcr_audio.cli import main

    assert main(["odds", "--players", "3", "--chips", "5", "--reversible", "--policy", "1=careful"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == (
        "Seat 1 plays careful: its best response, the choices that give it the best chance of winning while "
        "the others play as they do."
    )
    assert out[-3:] == [
        "Seat 1, careful: wins 29.4 percent.",
        "Seat 2, greedy: wins 33.0 percent.",
        "Seat 3, greedy: wins 37.6 percent.",
    ]
    argv = ["odds", "--players", "3", "--chips", "3", "--wild", "--csv"]
    assert main([*argv, "--policy", "1=careful", "--policy", "2=careful", "--policy", "3=careful"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "seat,policy,win,settled" and all(row.endswith(",cycle") for row in rows[1:])
    assert main(["odds", "--players", "8", "--wild", "--policy", "1=careful"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "lcr-audio simulate --policy plays the others." in captured.err


def test_the_usual_reversal_rule_loses_little_to_the_best_response() -> None:
    """Issue 25, item 2: reversing only from 6 chips lost 16.6 points at 3 x 5 (26.84 against 43.43); the
    usual rule now (whenever allowed; from 7 with Wild dice) is the best response there, and close at 4 x 3
    and with Wild dice."""
    for rules, most in [
        (Rules(players=3, chips=5, reversible=True), 1e-9),
        (Rules(players=4, chips=3, reversible=True), 0.005),
        (Rules(players=3, chips=4, wild=True, reversible=True), 0.01),
    ]:
        options = best.options_for(rules)
        start = int(np.flatnonzero((options.states == rules.chips).all(axis=1))[0])
        usual = [best.usual_policy(options)] * rules.players
        played = best.evaluate(rules, options, usual)[start, 0, 0]
        _, values = best.best_response(rules, options, usual, 0)
        assert 0 <= values[start, 0] - played < most, rules
