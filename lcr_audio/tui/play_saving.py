"""The play screen's hand-off to its keeper: autosave, Control+S, saving on the way out, and the series of
games at the table (issue 23, item 4).

A :class:`Saving` wraps the :class:`~lcr_audio.game.autosave.Keeper` a screen was given (or none: tests,
practice, computer players only) and gives each key its sentence. Saving on the way out never raises: a
fault nobody foresaw is logged and said in one sentence, for leaving must always work. A table with no
keeper keeps its series here, for the game's end to count its games.
"""

from __future__ import annotations

import logging

from lcr_audio.engine import Seat
from lcr_audio.game.autosave import Keeper
from lcr_audio.game.saves import Series
from lcr_audio.i18n import _

log = logging.getLogger(__name__)


class Saving:
    """What the play screen saves, and the series it counts.

    Args:
        keeper: autosave and series, or None for a game that is not saved.
    """

    def __init__(self, keeper: Keeper | None) -> None:
        self.keeper = keeper
        self._own = Series()

    @property
    def keeps_series(self) -> bool:
        """True when the keeper keeps a series across games (its standings are said)."""
        return self.keeper is not None

    @property
    def series(self) -> Series:
        """The games finished at this table: the keeper's series, else this screen's own."""
        return self.keeper.series if self.keeper is not None else self._own

    def games_finished(self) -> int:
        """The games finished at this table, before the one being played."""
        return self.series.games

    def game_won(self, winner: Seat | None) -> Series:
        """A game ended, won by ``winner``: counted in this screen's own series when no keeper counts it
        (the keeper hears of the win itself). Returns the series."""
        if self.keeper is None and winner is not None:
            self._own.record_win(winner)
        return self.series

    def save_key(self) -> str:
        """Control+S: save now; what happened, in one sentence."""
        if self.keeper is None:
            # Translators: Ctrl+S when this game has no save file (tests, practice).
            return _("This game is not being saved.")
        saved = self.keeper.save_now()
        # Translators: Control+S before anything was played: there is nothing to save yet.
        return saved or _("Nothing to save yet: the game saves itself once a turn is played.")

    def leaving(self) -> str | None:
        """Save on the way out (quit, Control+C, a signal): the sentence to say ("Game saved."), None when
        there is nothing to say or nothing saves. Never raises."""
        if self.keeper is None:
            return None
        try:
            return self.keeper.save_now(leaving=True)
        except Exception:
            log.exception("Saving failed")
            # Translators: saving failed in a way the game did not foresee (a bug); the log has the details.
            return _("The game could not be saved; the details are in the game's log.")


__all__ = ["Saving"]
