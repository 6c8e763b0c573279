"""Decision policies for computer players (DESIGN.md §1): who a Wild takes from or gives to, and whether to
reverse. Rolling needs no policy: the session draws the faces. Policies are deterministic, so a seeded game
replays exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from .engine import GameState, Seat


@dataclass(frozen=True)
class Policy:
    """A computer player's way of deciding.

    Attributes:
        name: the policy's name, as saved and shown.
        reverse_at: reverse the dice (R9) when holding at least this many chips; above 3 to matter.
    """

    name: str = "greedy"
    reverse_at: int = 6

    def take_from(self, state: GameState) -> Seat:
        """The seat a Wild takes a chip from (R7): the one with most chips, ties to the nearest on the left.

        ``state.choices`` lists the eligible seats in turn order starting left of the roller, so the first
        seat with the most chips is the nearest on the left.

        Raises:
            ValueError: there is no seat to choose (the engine never asks then).
        """
        return _first_best(state, state.choices, most=True)

    def give_to(self, state: GameState) -> Seat:
        """The seat a reversed Wild gives a chip to (R9): the one with fewest chips, ties nearest on the left.

        Raises:
            ValueError: there is no seat to choose.
        """
        return _first_best(state, state.choices, most=False)

    def reverse(self, state: GameState) -> bool:
        """Whether to reverse the dice (R9): when holding at least ``reverse_at`` chips."""
        return state.chips[state.seat] >= self.reverse_at


def _first_best(state: GameState, seats: tuple[Seat, ...], *, most: bool) -> Seat:
    if not seats:
        raise ValueError("There is no seat to choose.")
    key = (lambda s: -state.chips[s]) if most else (lambda s: state.chips[s])
    return min(seats, key=key)  # min keeps the first of equals: the nearest on the left


DEFAULT_POLICY = Policy()
