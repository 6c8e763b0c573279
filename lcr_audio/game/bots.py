"""Decision policies for computer players (DESIGN.md §1): who a Wild takes from or gives to, and whether to
reverse. Rolling needs no policy: the session draws the faces. Policies are deterministic, so a seeded game
replays exactly.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from lcr_audio.engine import GameState, Phase, Rules, Seat
from lcr_audio.game.usual import usual_reverse_at
from lcr_audio.i18n import pgettext


class PolicyName(enum.StrEnum):
    """The computer players' ways of deciding, by the name saved and typed (``--policy 2=careful``)."""

    GREEDY = "greedy"
    """Take from the richest, give to the poorest, reverse by the usual rule (:mod:`lcr_audio.game.usual`)."""
    CAREFUL = "careful"
    """Choose what makes its own chance of winning largest, by the exact odds where the rules have a table,
    else by simulated odds (issue 15)."""

    @property
    def label(self) -> str:
        """The name said and printed to the player, in the current language ("greedy" in English,
        "glouton" in French); the value (``greedy``) is what is saved and typed after ``--policy``."""
        if self is PolicyName.CAREFUL:
            # Translators: the name of the computer player that chooses by the odds, said and printed (as in
            # "Seat 2, careful: wins 30 percent"); typed as careful after --policy, which does not change.
            return pgettext("policy", "careful")
        # Translators: the name of the usual computer player, which takes from the richest and gives to the
        # poorest, said and printed (as in "Seat 1, greedy: wins 24 percent"); typed as greedy after
        # --policy, which does not change. Use the same word in the sentences that explain it.
        return pgettext("policy", "greedy")


@dataclass(frozen=True)
class Policy:
    """A computer player's way of deciding.

    Attributes:
        name: the policy's name (a :class:`PolicyName` value), as saved and shown.
        reverse_at: reverse the dice (R9) when holding at least this many chips (above 3 to matter);
            ``None`` for the usual rule of the rules in force (:func:`~lcr_audio.game.usual.usual_reverse_at`:
            whenever allowed, from 7 chips with Wild dice). A saved game keeps the threshold it was played
            with.
    """

    name: str = PolicyName.GREEDY.value
    reverse_at: int | None = None

    def threshold(self, rules: Rules) -> int:
        """The reversal threshold under ``rules``: :attr:`reverse_at`, or the usual rule's."""
        return usual_reverse_at(rules) if self.reverse_at is None else self.reverse_at

    @property
    def careful(self) -> bool:
        """True for the careful player: its choices come from the odds, exact where the rules have a table
        and it is ready (made earlier, or read from the cache folder), else simulated while the table is
        made in the background (:mod:`lcr_audio.game.analysis.careful`; numpy is imported on its first
        choice). A game never waits for a table."""
        return self.name == PolicyName.CAREFUL

    def choose(self, state: GameState) -> Seat:
        """The seat for the Wild the game asks about: :meth:`take_from` or :meth:`give_to`."""
        if self.careful:
            from lcr_audio.game.analysis.careful import careful_choice
            from lcr_audio.storage import cache_dir

            return careful_choice(state, cache_dir() / "odds", wait=False)
        return self.take_from(state) if state.phase is Phase.WILD_TAKE else self.give_to(state)

    def decide_reverse(self, state: GameState) -> bool:
        """Whether to reverse the dice (R9): by the odds for the careful player, else :meth:`reverse`."""
        if self.careful:
            from lcr_audio.game.analysis.careful import careful_reverse
            from lcr_audio.storage import cache_dir

            return careful_reverse(state, cache_dir() / "odds", wait=False)
        return self.reverse(state)

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
        """Whether to reverse the dice (R9): when holding at least :meth:`threshold` chips."""
        return state.chips[state.seat] >= self.threshold(state.rules)


def _first_best(state: GameState, seats: tuple[Seat, ...], *, most: bool) -> Seat:
    if not seats:
        raise ValueError("There is no seat to choose.")
    key = (lambda s: -state.chips[s]) if most else (lambda s: state.chips[s])
    return min(seats, key=key)  # min keeps the first of equals: the nearest on the left


DEFAULT_POLICY = Policy()
CAREFUL_POLICY = Policy(name=PolicyName.CAREFUL.value)
