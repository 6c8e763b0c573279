"""The last roll of a game, for the E key (issue 23, item 4).

A :class:`LastRoll` follows the events of the game being played and keeps those of the last turn that
rolled, from its ``TurnStarted`` (a turn under way counts once it has rolled); E explains that roll
(:func:`lcr_audio.narration.explain.explain_roll`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from lcr_audio.engine import DiceRolled, Event, Seat, TurnStarted
from lcr_audio.i18n import _
from lcr_audio.narration.explain import explain_roll


def _rolled(events: Iterable[Event]) -> bool:
    return any(isinstance(e, DiceRolled) for e in events)


class LastRoll:
    """The events of the last turn that rolled, as the game's events come."""

    def __init__(self) -> None:
        self._turn: list[Event] = []
        self._last: list[Event] = []

    @property
    def events(self) -> Sequence[Event]:
        """The last roll's turn, from its ``TurnStarted``; empty before anybody rolled."""
        return self._last

    def reset(self, last: Sequence[Event] = ()) -> None:
        """A new game (nothing rolled), or a game continued whose last roll is ``last``."""
        self._turn = []
        self._last = list(last)

    def track(self, events: Sequence[Event]) -> None:
        """The next events of the game."""
        for event in events:
            if isinstance(event, TurnStarted):
                if _rolled(self._turn):
                    self._last = self._turn
                self._turn = []
            self._turn.append(event)
        if _rolled(self._turn):
            self._last = list(self._turn)

    def explained(self, names: Sequence[str], humans: Collection[Seat]) -> str:
        """E: the last roll explained, to the person at the keyboard when only one is (``humans``: the seats
        of the people playing here), with the choice still pending if it is; else that nobody rolled."""
        if not self._last:
            # Translators: E was pressed before anybody rolled.
            return _("Nobody has rolled yet.")
        rolled = next(e for e in self._last if isinstance(e, DiceRolled))
        you = len(humans) == 1 and rolled.seat in humans
        return explain_roll(
            self._last, names, you, listener=min(humans) if len(humans) == 1 else None, pending=True
        )


__all__ = ["LastRoll"]
