"""A sound player for tests: it plays nothing, checks each cue as the real one does and records it."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from lcr_audio.output.sound import cue_file


class PlayedCue(NamedTuple):
    """One cue asked of the sound player, with its arguments."""

    cue: str
    pan: float | None
    to: float | None
    seat: int | None
    dice: int | None


class FakeSound:
    """Stands in for the SoundPlayer (sounds on, at volume 0.8): checks each cue's arguments as the real
    one does (``cue_file`` raises ValueError for a "turn" cue without a seat), records it and says it lasts
    ``length`` seconds.

    Args:
        length: what :meth:`play` returns, in seconds.
        log: told ``("cue", name)`` at each cue and ``("stop", "")`` at each stop, in order (for a test
            that puts cues and speech on one time line).
    """

    def __init__(self, length: float, log: Callable[[str, str], None] | None = None) -> None:
        self.length, self.log = length, log
        self.cues: list[PlayedCue] = []
        self.stopped = 0
        self.enabled, self.volume, self.available = True, 0.8, True

    @property
    def calls(self) -> list[tuple[str, int | None, int | None]]:
        """Each cue played, with its seat and dice."""
        return [(c.cue, c.seat, c.dice) for c in self.cues]

    @property
    def played(self) -> list[tuple[str, float | None, float | None]]:
        """Each cue played, with where it starts and where it ends (None: no place, no travel)."""
        return [(c.cue, c.pan, c.to) for c in self.cues]

    def play(
        self,
        cue: str,
        *,
        pan: float | None = None,
        to: float | None = None,
        seat: int | None = None,
        dice: int | None = None,
    ) -> float:
        cue_file(cue, seat=seat, dice=dice)
        self.cues.append(PlayedCue(cue, pan, to, seat, dice))
        if self.log is not None:
            self.log("cue", cue)
        return self.length

    def stop(self) -> None:
        self.stopped += 1
        if self.log is not None:
            self.log("stop", "")
