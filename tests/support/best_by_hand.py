"""An independent best response for the best-choice lesson's tests (issue 25): small exact value iteration
over the engine's positions, written here from the rules, sharing nothing with ``game/analysis``.

One seat (``me``) chooses every Wild's seat (R7) and every reversal (R9) to make its own chance of winning
largest, all its later choices too; the others choose the usual way, written out here: a Wild takes from the
player with the most chips, ties to the nearest on the left (R1, R7); a player reverses from the usual
player's threshold on (:func:`lcr_audio.game.usual.usual_reverse_at`, the policy's definition, not a solver).
Rolls are the die's faces counted by hand (R3), as multisets with their multinomial weights; every turn is
played with :func:`lcr_audio.engine.step`; the values of the positions at the start of a turn are iterated
(Gauss-Seidel) until none changes by more than 1e-13.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from lcr_audio.engine import ChooseSeat, Face, GameState, Phase, Reverse, Roll, Rules, Seat, position, step
from lcr_audio.game.usual import usual_reverse_at

Key = tuple[tuple[int, ...], int]
"""A position at the start of a turn: the chips and the seat to play (the pot is what is left)."""


def die(rules: Rules) -> dict[Face, float]:
    """R3 by hand: L, C, R and three dots; with Wild dice one dot is a W."""
    if rules.wild:
        return {Face.LEFT: 1 / 6, Face.CENTER: 1 / 6, Face.RIGHT: 1 / 6, Face.WILD: 1 / 6, Face.DOT: 2 / 6}
    return {Face.LEFT: 1 / 6, Face.CENTER: 1 / 6, Face.RIGHT: 1 / 6, Face.DOT: 3 / 6}


@cache
def rolls(rules: Rules, dice: int) -> tuple[tuple[tuple[Face, ...], float], ...]:
    """Every multiset of ``dice`` faces with its chance (the multinomial count of its orders)."""
    chances = die(rules)
    out = []
    for faces in itertools.combinations_with_replacement(list(chances), dice):
        counts = Counter(faces)
        orders = math.factorial(dice) // math.prod(math.factorial(n) for n in counts.values())
        out.append((faces, orders * math.prod(chances[f] for f in faces)))
    assert abs(sum(p for _, p in out) - 1) < 1e-12
    return tuple(out)


# A turn as a tree: a leaf is a won game (float) or the next turn's position (Key); a choice is
# ("max", seat, [(option, subtree)]) for ``me`` or a fixed subtree for the others; a roll is a list of
# (chance, subtree).


@dataclass
class Solver:
    """The best response of ``me`` under ``rules`` against the usual play of the others."""

    rules: Rules
    me: Seat
    values: dict[Key, float] = field(default_factory=dict)
    turns: dict[Key, object] = field(default_factory=dict)
    solved: bool = False
    """The values are solved for every position in ``turns`` (each solve sweeps them all until none changes
    by more than 1e-13; no position added since: a sweep more would change none)."""

    def key(self, state: GameState) -> Key:
        return state.chips, state.seat

    def usual_take(self, state: GameState) -> Seat:
        """The usual Wild: the most chips, ties to the nearest on the left of the roller (R1, R7)."""
        players = self.rules.players
        ordered = sorted(state.choices, key=lambda s: (-state.chips[s], (s - state.seat) % players))
        return ordered[0]

    def after_roll(self, state: GameState) -> object:
        if state.over:
            return 1.0 if state.winner == self.me else 0.0
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            assert state.phase is Phase.WILD_TAKE, "the lesson's tables give no chips away"
            if state.seat == self.me:
                return ("max", [(s, self.after_roll(step(state, ChooseSeat(s))[0])) for s in state.choices])
            return self.after_roll(step(state, ChooseSeat(self.usual_take(state)))[0])
        assert state.phase in (Phase.ROLL, Phase.REVERSE)
        return self.key(state)

    def roll(self, state: GameState) -> object:
        dice = state.dice_to_roll
        return [(p, self.after_roll(step(state, Roll(faces))[0])) for faces, p in rolls(self.rules, dice)]

    def turn(self, state: GameState) -> object:
        """The tree of the turn that starts at ``state``."""
        if state.phase is Phase.REVERSE:
            if state.seat == self.me:
                return (
                    "max",
                    [(answer, self.roll(step(state, Reverse(answer))[0])) for answer in (True, False)],
                )
            usual = state.chips[state.seat] >= usual_reverse_at(self.rules)
            # Another seat's usual answer only: its other answer is never played.
            return self.roll(step(state, Reverse(usual))[0])
        return self.roll(state)

    def value(self, tree: object) -> float:
        if isinstance(tree, float):
            return tree
        if isinstance(tree, Sum):
            values = self.values
            return (
                tree.won
                + sum(p * values[key] for p, key in tree.positions)
                + sum(p * self.value(sub) for p, sub in tree.choices)
            )
        if isinstance(tree, tuple) and tree and tree[0] == "max":
            return max(self.value(sub) for _, sub in tree[1])
        if isinstance(tree, tuple):
            return self.values[tree]  # type: ignore[index]
        return sum(p * self.value(sub) for p, sub in tree)  # type: ignore[attr-defined]

    def explore(self, start: Key) -> None:
        """Every position reachable from ``start``, with its turn's tree."""
        todo = [start]
        while todo:
            key = todo.pop()
            if key in self.turns:
                continue
            chips, seat = key
            state = position(self.rules, chips, self.rules.total_chips - sum(chips), seat)
            tree = self.turn(state)
            self.turns[key] = gathered(tree)
            self.values.setdefault(key, 0.0)
            todo.extend(k for k in leaves(tree) if k not in self.turns)

    def solve(self) -> None:
        for _sweep in range(100_000):
            change = 0.0
            for key, tree in self.turns.items():
                new = self.value(tree)
                change = max(change, abs(new - self.values[key]))
                self.values[key] = new
            if change <= 1e-13:
                return
        raise AssertionError("no convergence")

    def options(self, state: GameState) -> dict[Seat | bool, float]:
        """``me``'s chance after each option of the choice ``state`` asks for (a Wild's seat; the reversal)."""
        assert state.seat == self.me
        if state.phase is Phase.REVERSE:
            trees = {answer: self.roll(step(state, Reverse(answer))[0]) for answer in (True, False)}
        else:
            assert state.phase is Phase.WILD_TAKE
            trees = {s: self.after_roll(step(state, ChooseSeat(s))[0]) for s in state.choices}
        known = len(self.turns)
        for tree in trees.values():
            for key in leaves(tree):
                self.explore(key)
        if len(self.turns) > known or not self.solved:  # else the values are those of the same equations
            self.solve()
            self.solved = True
        return {option: self.value(tree) for option, tree in trees.items()}


@dataclass(frozen=True)
class Sum:
    """A roll's outcomes gathered, for the value iteration's sweeps: the chance of a won game (``won``), the
    chance of reaching each next position (``positions``, each position once), and the choices left as they
    are (``choices``). Its value is the roll's: the same terms, added in another order."""

    won: float
    positions: tuple[tuple[float, Key], ...]
    choices: tuple[tuple[float, object], ...]


def gathered(tree: object) -> object:
    """``tree`` with each roll's outcomes gathered into a :class:`Sum` (a turn's tree holds dozens of rolls
    leading to a few positions: each sweep of :meth:`Solver.solve` then reads each position once)."""
    if isinstance(tree, float):
        return tree
    if isinstance(tree, tuple) and tree and tree[0] == "max":
        return ("max", [(option, gathered(sub)) for option, sub in tree[1]])
    if isinstance(tree, tuple):
        return tree
    won = 0.0
    positions: dict[Key, float] = {}
    choices: list[tuple[float, object]] = []
    for p, sub in tree:  # type: ignore[attr-defined]
        sub = gathered(sub)
        if isinstance(sub, float):
            won += p * sub
        elif isinstance(sub, tuple) and sub and sub[0] != "max":
            positions[sub] = positions.get(sub, 0.0) + p  # type: ignore[index]
        else:
            choices.append((p, sub))
    return Sum(won, tuple((p, key) for key, p in positions.items()), tuple(choices))


def leaves(tree: object) -> list[Key]:
    """The positions a turn's tree leads to."""
    if isinstance(tree, float):
        return []
    if isinstance(tree, tuple) and tree and tree[0] == "max":
        return [k for _, sub in tree[1] for k in leaves(sub)]
    if isinstance(tree, tuple):
        return [tree]  # type: ignore[list-item]
    return [k for _, sub in tree for k in leaves(sub)]  # type: ignore[attr-defined]


_SOLVERS: dict[tuple[Rules, Seat], Solver] = {}


def best_by_hand(state: GameState) -> dict[Seat | bool, float]:
    """The chance of the seat choosing at ``state`` after each of its options, by this module's solver (one
    per rules and seat, its positions kept between calls)."""
    solver = _SOLVERS.setdefault((state.rules, state.seat), Solver(state.rules, state.seat))
    return solver.options(state)
