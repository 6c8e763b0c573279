"""The seat under the cursor while a person chooses for a Wild (R7; reversed, R9) (issue 23, item 4).

A :class:`SeatChoice` owns the cursor among the seats a Wild may choose (:attr:`GameState.choices`), the
sentence that offers the seat under it ("Ana, seat 2, 4 chips."), and the first seat's message while it
waits to be said (taken back if the cursor moves first: the last seat heard is always the one Space takes).
"""

from __future__ import annotations

from collections.abc import Sequence

from lcr_audio.engine import GameState, Seat
from lcr_audio.i18n import ngettext
from lcr_audio.narration import Utterance


class SeatChoice:
    """The cursor among a Wild's seats, and the message offering the first one."""

    def __init__(self) -> None:
        self._index = 0
        self._offered: Utterance | None = None

    def start(self) -> None:
        """A new choice: the cursor on its first seat."""
        self._index = 0

    def seat(self, state: GameState) -> Seat:
        """The seat under the cursor (``state`` waits for a Wild's choice)."""
        choices = state.choices
        return choices[self._index % len(choices)]

    def move(self, state: GameState, delta: int) -> None:
        """Move the cursor ``delta`` seats on, wrapping."""
        self._index = (self._index + delta) % len(state.choices)

    def go_to(self, state: GameState, seat: Seat) -> bool:
        """Put the cursor on ``seat``; False (nothing moves) when a Wild may not choose it."""
        if seat not in state.choices:
            return False
        self._index = state.choices.index(seat)
        return True

    def utterance(self, state: GameState, names: Sequence[str]) -> Utterance:
        """The seat under the cursor, offered: its name, its seat number (the digit key that picks it) and
        its chips."""
        seat = self.seat(state)
        count = state.chips[seat]
        # Translators: one seat read while choosing for a Wild: its name, its seat number (the digit key that
        # picks it) and its chips.
        text = ngettext(
            "{name}, seat {seat}, {count} chip.",
            "{name}, seat {seat}, {count} chips.",
            count,
        ).format(name=names[seat], seat=seat + 1, count=count)
        return Utterance(text)

    def offer(self, state: GameState, names: Sequence[str]) -> Utterance:
        """The message offering the seat under the cursor, queued by the caller: kept, to be taken back
        (:meth:`take_offered`) if the cursor moves before it is said."""
        self._offered = self.utterance(state, names)
        return self._offered

    def take_offered(self) -> Utterance | None:
        """The offering message still kept (None when none is), forgotten now."""
        offered, self._offered = self._offered, None
        return offered


__all__ = ["SeatChoice"]
