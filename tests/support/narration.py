"""A game narrated as the play screen narrates it, driven by chosen actions (the narration golden tests)."""

from __future__ import annotations

from collections.abc import Sequence

from lcr_audio.engine import Action, Event, Face, Roll, Rules, new_game, step
from lcr_audio.narration import Narrator, Utterance, Verbosity

NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo")
"""The seats' names, seat 1 first."""


class Table:
    """One game driven by chosen actions, narrated batch by batch by one :class:`Narrator`.

    Args:
        rules: the game's rules.
        humans: the seats (0-based) of the people at the keyboard.
        first: the seat that plays first.
        verbosity: how much the narrator says.
        names: the seats' names (the first ``rules.players`` are used).
    """

    def __init__(
        self,
        rules: Rules,
        humans: Sequence[int] = (),
        first: int = 0,
        *,
        verbosity: Verbosity = Verbosity.NORMAL,
        names: Sequence[str] = NAMES,
    ) -> None:
        self.narrator = Narrator(names[: rules.players], humans, verbosity=verbosity)
        self.state, events = new_game(rules, first)
        self.events: list[Event] = list(events)
        self.first = self.narrator.narrate(events, self.state)

    def play(self, *actions: Action | tuple[Face, ...]) -> list[Utterance]:
        """Apply the actions (a tuple of faces is a roll) and return everything said, in order."""
        said: list[Utterance] = []
        for action in actions:
            self.state, events = step(self.state, Roll(action) if isinstance(action, tuple) else action)
            self.events.extend(events)
            said.extend(self.narrator.narrate(events, self.state))
        return said

    def texts(self, *actions: Action | tuple[Face, ...]) -> list[str]:
        """Like :meth:`play`, the texts only."""
        return [u.text for u in self.play(*actions)]


CHOICE_KEYS = (
    "The arrow keys go through the players, a seat's number goes straight to it, and Enter or Space chooses."
)
"""The keys of a Wild's choice, said after its question the first time in a game (issue 21, item 7)."""
