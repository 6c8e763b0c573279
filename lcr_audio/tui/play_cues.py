"""Where the play screen's cues sound around the table (issue 14, item 10; issue 23, item 4).

A :class:`CuePlacer` owns the places of the cues of the events narrated so far and not yet played: each
batch of events adds its places (:func:`lcr_audio.cues.event_places`), and each game message takes, for
its cues in order, the first waiting place of the same kind; a turn chime sounds at the seat to play.
"""

from __future__ import annotations

from collections.abc import Sequence

from lcr_audio.cues import Cue, CuePlace, cue_kind, event_places, seat_pan
from lcr_audio.engine import Event, Seat
from lcr_audio.tui.presenter import CueArgs


class CuePlacer:
    """The places waiting for the cues of the events narrated so far, by kind, in order."""

    def __init__(self) -> None:
        self._waiting: list[tuple[str, CuePlace]] = []

    @property
    def waiting(self) -> int:
        """How many places wait for their cue."""
        return len(self._waiting)

    def add(self, events: Sequence[Event], players: int, listener: Seat | None) -> None:
        """The places of the cues ``events`` bring, heard from ``listener``'s seat (None: nobody's) at a
        table of ``players``."""
        self._waiting.extend(event_places(events, players, listener))

    def clear(self) -> None:
        """Forget every waiting place (every cue of the events so far was queued, or a new game)."""
        self._waiting = []

    def places(
        self, cues: Sequence[Cue], seat: Seat, players: int, listener: Seat | None
    ) -> tuple[CuePlace | None, ...]:
        """Where each of a message's ``cues`` sounds, in order: a turn chime at ``seat`` (the seat to play),
        the others at the first waiting place of their kind, which they take (None: the cue's own place)."""
        found: list[CuePlace | None] = []
        for cue in cues:
            if cue == Cue.TURN:
                found.append(CuePlace(seat_pan(seat, players, listener)))
                continue
            kind = cue_kind(cue)
            index = next((i for i, (k, _place) in enumerate(self._waiting) if k == kind), None)
            found.append(None if index is None else self._waiting.pop(index)[1])
        return tuple(found)

    def cue_args(
        self, cues: Sequence[Cue], args: CueArgs, seat: Seat, players: int, listener: Seat | None
    ) -> CueArgs:
        """``args`` for a message with ``cues``, completed: a turn chime's seat number (``seat`` + 1) when
        none was given, and every cue's place (:meth:`places`) when none were."""
        if Cue.TURN in cues and args.seat is None:
            args = CueArgs(dice=args.dice, seat=seat + 1)
        if cues and not args.places:
            args = CueArgs(dice=args.dice, seat=args.seat, places=self.places(cues, seat, players, listener))
        return args


__all__ = ["CuePlacer"]
