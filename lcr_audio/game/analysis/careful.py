"""The careful computer player's choices (issue 15, item 3; issue 25, item 2): each Wild's seat and the
reversal (R7, R9) chosen to make its own chance of winning largest, everyone else playing the default
policy.

Where the rules have a best-response table (:func:`.best.best_supports`: up to 5,000 positions) the careful
player is that best response, exact: every choice, and for the reversal every roll, played through ``step``
to the start of the next turn, whose chance for a seat playing its best from there on the table holds
(:class:`.best.BestTable`). Until that table is ready (it is made in the background), and at larger exact
tables, the exact table of everyone's usual play does the same with one step of look-ahead (its own later
turns taken as usual play).

Elsewhere (the other win conditions, R10, and tables too large, such as Wild dice at 8 seats) the chances
are simulated: every choice's position at the start of the next turn is played to the end many times with
the numpy kernel (:func:`.kernel.play_turn`), all choices with the same dice (common random numbers: in
game *k* of every choice, each seat's *n*-th roll shows the same faces), so the comparison sees the choice
and less of the luck. The work is fixed (:data:`SIMULATED_WORK`; about 0.1 to 0.2 s of processor time at
10 seats, ``benchmarks/careful.py``) and the dice are seeded from the game's state, not the clock, so a
seeded game plays the same every time. The usual choice is kept unless another wins clearly more often in
these games (by a margin set by :data:`FALSE_SWITCH`): at 10 seats early in a game the
seats a Wild may take from differ by less than a point, which this work cannot tell apart, while a
reversal or a choice near the end often differs by several.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from statistics import NormalDist
from typing import Final

import numpy as np

from lcr_audio.engine import (
    ChooseSeat,
    Face,
    GameState,
    Phase,
    Reverse,
    Roll,
    Rules,
    Seat,
    may_reverse,
    roll_outcomes,
    step,
)
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.game.analysis import compiled
from lcr_audio.game.analysis.best import TIE, BestTable, ready_best
from lcr_audio.game.analysis.exact import supports
from lcr_audio.game.analysis.kernel import NO_WINNER, IntArray, die_codes, greedy_choice, play_turn
from lcr_audio.game.analysis.odds import ExactTable, ready_table, shared_table
from lcr_audio.game.analysis.simulate import FloatArray
from lcr_audio.game.usual import usual_reverse_at

SIMULATED_WORK: Final = 120_000
"""The work of a simulated decision, in rows (one turn of one game for one choice), all choices together,
each step of all the games at once counting :data:`TURN_WORK` more: the fixed budget that keeps a careful
player's turn quick (``benchmarks/careful.py`` prints the time)."""

TURN_WORK: Final = 150
"""Rows that one step of the games costs as much time as, whatever their number (numpy's calls)."""

PILOT_GAMES: Final = 1_200
"""Games (over all choices) of the first, measuring round; the second round spends what is left of the
work at the game length the first one saw."""

MIN_GAMES: Final = 32
"""Games per choice at least, however many choices there are."""

MAX_TURNS: Final = 400
"""A simulated game still going after this many turns counts the careful seat's share of the chips held
(only the reset variants, R11, come near)."""

FALSE_SWITCH: Final = 0.16
"""How often at most the careful player leaves the usual choice for another that only looks better by luck
of the simulated dice (all choices equally good): the bar is about 1 standard error of the difference with
two choices, 2 with nine (shared among the others)."""

NEVER: Final = 1 << 30
"""A reversal threshold no seat reaches: the dice are not reversed (R9)."""


# --- exact ----------------------------------------------------------------------------------------------


def _table(state: GameState, folder: Path | None, wait: bool) -> ExactTable | BestTable | None:
    """The table to choose by: the best-response table where the rules have one (:mod:`.best`: the careful
    seat's own later choices at their best too), else the exact table, if the rules have one and (unless
    ``wait``) it is ready: a game never waits for a table to be solved; its careful players use the next
    table down, or simulate, until it is (:func:`.odds.ready_table`, :func:`.best.ready_best`)."""
    if not supports(state.rules):
        return None
    best = ready_best(state.rules, folder, wait=wait)
    if best is not None:
        return best
    return shared_table(state.rules, folder) if wait else ready_table(state.rules, folder)


def own_chance(state: GameState, seat: Seat, table: ExactTable | BestTable) -> float:
    """``seat``'s chance of winning from ``state`` (any phase): the rest of the turn played carefully for
    ``seat``'s own choices and by the default policy for the others', then the table (with a
    :class:`.best.BestTable`, ``seat`` at its best from there on too: its best response, exact)."""
    if state.over:
        return 1.0 if state.winner == seat else 0.0
    if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
        options = state.choices if state.seat == seat else (greedy_choice(state),)
        return max(own_chance(step(state, ChooseSeat(c))[0], seat, table) for c in options)
    if state.phase is Phase.ROLL and (state.reversed or may_reverse(state.rules, state.chips[state.seat])):
        # Rolling, reversed or not, after the reversal question (R9): the table's entry would answer it again.
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


# --- the player -------------------------------------------------------------------------------------------


def careful_choice(state: GameState, folder: Path | None, *, wait: bool = True) -> Seat:
    """The seat a Wild takes from (R7) or gives to (R9) that leaves the roller the best chance: by the exact
    table where there is one (not ``wait``: where it is ready), else simulated (:func:`simulated_choice`).
    Ties go to the default policy's seat, then the nearest on the left.

    Raises:
        ValueError: the game asks for no seat now.
    """
    table = _table(state, folder, wait)
    if table is None:
        return simulated_choice(state)
    usual = greedy_choice(state)
    ordered = (usual, *(c for c in state.choices if c != usual))
    return max(ordered, key=lambda c: own_chance(step(state, ChooseSeat(c))[0], state.seat, table))


def careful_reverse(state: GameState, folder: Path | None, *, wait: bool = True) -> bool:
    """Whether reversing the dice (R9) gives the roller a better chance than rolling as usual: by the exact
    table where there is one (not ``wait``: where it is ready), else simulated (:func:`simulated_reverse`).

    Raises:
        ValueError: the game does not ask whether to reverse now.
    """
    if state.phase is not Phase.REVERSE:
        raise ValueError("The dice cannot be reversed now.")
    table = _table(state, folder, wait)
    if table is None:
        return simulated_reverse(state)
    reverse = own_chance(step(state, Reverse(True))[0], state.seat, table)
    keep = own_chance(step(state, Reverse(False))[0], state.seat, table)
    usual = state.chips[state.seat] >= usual_reverse_at(state.rules)
    if abs(reverse - keep) <= TIE:
        return usual
    return reverse > keep


# --- simulated ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    """What the simulated games said about each choice, for the roller.

    Attributes:
        chances: each choice's share of the games the roller won, in the order the choices were given.
        errors: each choice's standard error of the difference from the first (the usual) choice, over the
            same games (0 for the first).
        games: games played for each choice.
    """

    chances: FloatArray
    errors: FloatArray
    games: int

    def best(self) -> int:
        """The index of the choice to take: the one with the largest chance, unless it beats the first by
        less than the bar of :data:`FALSE_SWITCH` (in standard errors of the difference); then the first."""
        top = int(np.argmax(self.chances))  # argmax keeps the first of equals
        if top == 0:
            return 0
        bar = NormalDist().inv_cdf(1 - FALSE_SWITCH / (len(self.chances) - 1))
        return top if self.chances[top] - self.chances[0] > bar * self.errors[top] else 0


@dataclass(frozen=True)
class _Leaf:
    """The position at the start of the next turn (or the finished game) that one choice leads to."""

    chips: tuple[int, ...]
    pot: int
    mover: Seat
    winner: Seat | None = None


def simulated_choice(state: GameState, work: int | None = None) -> Seat:
    """The seat for the pending Wild (R7, R9) by simulated odds: each choice's games from the start of the
    next turn (the roller's other Wilds of this turn placed as the default policy places them; each is
    asked about afresh when its turn comes), everyone by the default policy to the end, ``work`` as in
    :data:`SIMULATED_WORK`. The usual seat unless another is clearly better (:meth:`Estimate.best`).

    Raises:
        ValueError: the game asks for no seat now.
    """
    usual = greedy_choice(state)
    ordered = (usual, *(c for c in state.choices if c != usual))
    return ordered[choice_estimate(state, ordered, work).best()]


def choice_estimate(state: GameState, ordered: tuple[Seat, ...], work: int | None = None) -> Estimate:
    """The simulated chances of the roller after choosing each seat of ``ordered`` for the pending Wild."""
    leaves = [_leaf(step(state, ChooseSeat(chosen))[0]) for chosen in ordered]
    return _estimate(state, leaves, None, work)


def simulated_reverse(state: GameState, work: int | None = None) -> bool:
    """Whether to reverse the dice (R9) by simulated odds: the same games played from this turn with and
    without the reversal. The usual answer (the default policy's) unless the other is clearly better."""
    return reverse_estimate(state, work)[0]


def reverse_estimate(state: GameState, work: int | None = None) -> tuple[bool, Estimate]:
    """The careful answer on reversing and the simulated chances, the usual answer's first.

    Raises:
        ValueError: the game does not ask whether to reverse now.
    """
    if state.phase is not Phase.REVERSE:
        raise ValueError("The dice cannot be reversed now.")
    usual = state.chips[state.seat] >= usual_reverse_at(state.rules)
    ordered = (usual, not usual)
    leaves = [_Leaf(state.chips, state.pot, state.seat) for _ in ordered]
    first = np.array([0 if reverse else NEVER for reverse in ordered], dtype=np.int64)
    estimate = _estimate(state, leaves, first, work)
    return ordered[estimate.best()], estimate


def _leaf(state: GameState) -> _Leaf:
    """The position at the start of the next turn (or the finished game) that ``state`` leads to, the
    roller's remaining Wilds of this turn placed as the default policy places them."""
    while state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
        state = step(state, ChooseSeat(greedy_choice(state)))[0]
    return _Leaf(state.chips, state.pot, state.seat, state.winner if state.over else None)


def _seed(state: GameState) -> np.random.SeedSequence:
    """The simulation's seed, from the game's state alone: the same decision gets the same dice."""
    rules = state.rules
    faces = [list(Face).index(face) for face in state.faces]
    return np.random.SeedSequence(
        [
            15,  # this issue: keeps these dice apart from other seeds made of the same numbers
            rules.players,
            rules.chips,
            int(rules.wild),
            int(rules.reversible),
            list(type(rules.win)).index(rules.win),
            list(type(rules.three_wilds)).index(rules.three_wilds),
            state.seat,
            state.turn,
            list(Phase).index(state.phase),
            int(state.reversed),
            state.wilds_left,
            state.pot,
            *state.chips,
            len(faces),
            *faces,
        ]
    )


def _estimate(
    state: GameState, leaves: list[_Leaf], first_reverse_at: IntArray | None, work: int | None
) -> Estimate:
    """Play every leaf's games with the same dice, a measuring round and then what is left of ``work``
    (:data:`SIMULATED_WORK` when ``None``);
    ``first_reverse_at`` gives each leaf's reversal threshold for its first turn (the reversal question),
    else the default policy's."""
    seat = state.seat
    compiled.prepare()
    kernel = compiled.ready()  # numba's, where it is installed and ready: more games in the same time
    usual = usual_reverse_at(state.rules)
    play = _play if kernel is None else partial(compiled.careful_play, kernel, reverse_at=usual)
    work = (SIMULATED_WORK if kernel is None else compiled.CAREFUL_WORK) if work is None else work
    rng = np.random.default_rng(_seed(state))
    playing = [leaf for leaf in leaves if leaf.winner is None]
    results: list[FloatArray] = []
    if playing:
        games = max(MIN_GAMES, PILOT_GAMES // len(playing))
        outcome, rows, turns = play(state.rules, seat, playing, first_reverse_at, games, rng)
        results.append(outcome)
        # The second round: the rows of a game of every leaf as the first round saw them, and as many turns.
        games = int((work - rows - 2 * turns * TURN_WORK) * games / max(rows, 1))
        if games >= MIN_GAMES:
            results.append(play(state.rules, seat, playing, first_reverse_at, games, rng)[0])
    total = sum(part.shape[1] for part in results) or 1
    played = iter(np.concatenate(results, axis=1) if results else ())
    per_choice = np.array(
        [
            np.full(total, float(leaf.winner == seat)) if leaf.winner is not None else next(played)
            for leaf in leaves
        ]
    )
    difference = per_choice - per_choice[0]
    errors = difference.std(axis=1, ddof=1) / np.sqrt(total) if total > 1 else np.zeros(len(leaves))
    return Estimate(per_choice.mean(axis=1), errors, total)


def _faces(key: np.uint64, game: IntArray, seat: IntArray, nth: IntArray, sides: int, seats: int) -> IntArray:
    """The faces (indexes into the die, shape (len(game), 3)) of ``seat``'s ``nth`` roll in game ``game``:
    a hash of the four numbers (splitmix64), so they are the same whatever happened before in the game."""
    with np.errstate(over="ignore"):
        counter = ((game * seats + seat) * (MAX_TURNS + 1) + nth).astype(np.uint64)
        x = counter[:, None] * np.uint64(MAX_DICE) + np.arange(MAX_DICE, dtype=np.uint64)[None, :] + key
        x = x * np.uint64(0x9E3779B97F4A7C15)
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        x = x ^ (x >> np.uint64(31))
    return ((x >> np.uint64(11)) % np.uint64(sides)).astype(np.int64)


def _play(
    rules: Rules,
    seat: Seat,
    leaves: list[_Leaf],
    first_reverse_at: IntArray | None,
    games: int,
    rng: np.random.Generator,
) -> tuple[FloatArray, int, int]:
    """``games`` games from each leaf to the end, with the same dice in game *k* of every leaf: each seat's
    *n*-th roll shows the same faces, whatever happened before (common random numbers). Returns the
    careful seat's result per leaf and game (1 won, 0 lost), shape (leaves, games), the rows played (one
    game of one leaf for one turn each) and the turns (steps of all the games at once)."""
    count = len(leaves)
    won = np.zeros(count * games)
    if not count:
        return won.reshape(count, games), 0, 0
    chips = np.repeat(np.array([leaf.chips for leaf in leaves], dtype=np.int64), games, axis=0)
    pot = np.repeat(np.array([leaf.pot for leaf in leaves], dtype=np.int64), games)
    mover = np.repeat(np.array([leaf.mover for leaf in leaves], dtype=np.int64), games)
    row = np.arange(count * games)
    game = row % games
    codes = die_codes(rules)
    key = np.uint64(rng.integers(0, 2**63, dtype=np.int64))  # this decision's dice
    rolled = np.zeros((count * games, rules.players), dtype=np.int64)  # rolls so far per row and seat
    spent = turns = 0
    for turn in range(MAX_TURNS):
        if not len(row):
            break
        faces = codes[_faces(key, game, mover, rolled[row, mover], len(codes), rules.players)]
        rolled[row, mover] += 1
        spent += len(row)
        turns += 1
        if turn == 0 and first_reverse_at is not None:  # each leaf's own reversal threshold this turn
            chips, pot, mover, winner = chips.copy(), pot.copy(), mover.copy(), np.empty_like(mover)
            for index, at in enumerate(first_reverse_at):
                mine = slice(index * games, (index + 1) * games)
                part = play_turn(rules, chips[mine], pot[mine], mover[mine], faces[mine], int(at))
                chips[mine], pot[mine], mover[mine], winner[mine] = (
                    part.chips,
                    part.pot,
                    part.mover,
                    part.winner,
                )
        else:
            result = play_turn(rules, chips, pot, mover, faces, usual_reverse_at(rules))
            chips, pot, mover, winner = result.chips, result.pot, result.mover, result.winner
        done = winner != NO_WINNER
        if done.any():
            won[row[done]] = winner[done] == seat
            going = ~done
            chips, pot, mover, row, game = chips[going], pot[going], mover[going], row[going], game[going]
    if len(row):  # still going: the careful seat's share of the chips held
        held = chips.sum(axis=1)
        won[row] = chips[:, seat] / np.maximum(held, 1)
    return won.reshape(count, games), spent, turns


# --- the H key ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OptionChance:
    """One option of the choice pending and the chooser's chance of winning after it.

    Attributes:
        option: the seat (a Wild's, R7, R9) or the reversal answer (True: reverse, R9).
        chance: the chooser's chance of winning after it (0 to 1), playing its best from there on where a
            best-response table is ready, else as the exact table or the simulated games assume.
        margin: ``None`` when exact; else the 95 in 100 margin of the simulated chance.
    """

    option: Seat | bool
    chance: float
    margin: float | None = None


def option_chances(state: GameState, folder: Path | None) -> list[OptionChance]:
    """Every option of the choice ``state`` asks for, with the chooser's chance after it, best first (ties:
    the usual option first): exact from a ready table (:func:`_table`, never waiting for one), else
    simulated (:func:`choice_estimate`, :func:`reverse_estimate`) with a margin. Empty when nothing is asked.
    """
    seat = state.seat
    if state.phase is Phase.REVERSE:
        usual = state.chips[seat] >= usual_reverse_at(state.rules)
        options: tuple[Seat | bool, ...] = (usual, not usual)
    elif state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
        first = greedy_choice(state)
        options = (first, *(c for c in state.choices if c != first))
    else:
        return []
    table = _table(state, folder, wait=False)
    found: list[OptionChance] = []
    if table is not None:
        for option in options:
            after = step(state, Reverse(option) if isinstance(option, bool) else ChooseSeat(option))[0]
            found.append(OptionChance(option, own_chance(after, seat, table)))
    else:
        if state.phase is Phase.REVERSE:
            _answer, estimate = reverse_estimate(state)
        else:
            estimate = choice_estimate(state, tuple(o for o in options if not isinstance(o, bool)))
        z = NormalDist().inv_cdf(0.975)
        for option, chance in zip(options, estimate.chances, strict=True):
            error = math.sqrt(max(float(chance) * (1 - float(chance)), 1e-12) / max(estimate.games, 1))
            found.append(OptionChance(option, float(chance), z * error))
    return sorted(found, key=lambda o: -o.chance)  # a stable sort: the usual option first among equals
