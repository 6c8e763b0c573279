"""The O key's odds for the play screen (issue 15): the analysis (and numpy) is imported, and the exact
table loaded or solved, only once O is first pressed in a game, so that a game where nobody asks costs
neither the start time nor the memory (issue 21, item 12). The first answer waits for the exact table
(read from the cache, or solved in tens of ms for small tables) for half of what the import left of the
key's time, and simulates for the rest if it is not there yet; the table is made on its thread meanwhile.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Final

from lcr_audio.engine import GameState, Rules, Seat
from lcr_audio.narration.odds_text import odds_sentence

if TYPE_CHECKING:
    from lcr_audio.game.analysis.odds import OddsKeeper

LEAST_BUDGET: Final = 0.02
"""Seconds the first answer simulates at least, however long the import took (a few hundred games)."""


class OddsKey:
    """Answers O for one game.

    Args:
        rules: the game's options.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._keeper: OddsKeeper | None = None

    @property
    def keeper(self) -> OddsKeeper:
        """The odds keeper, made on first use: numpy and the analysis are imported then (tens of ms), and
        the keeper starts loading or solving the exact table on its own thread."""
        if self._keeper is None:
            from lcr_audio.game.analysis.odds import OddsKeeper
            from lcr_audio.storage import cache_dir

            self._keeper = OddsKeeper(self.rules, cache_dir() / "odds")
        return self._keeper

    def sentence(self, state: GameState, names: list[str], you: Seat | None) -> str:
        """Every seat's chance of winning from ``state``, as one sentence, within the key's time
        (:data:`~lcr_audio.game.analysis.odds.KEY_BUDGET`, import included)."""
        started = time.perf_counter()
        first = self._keeper is None
        keeper = self.keeper
        from lcr_audio.game.analysis.odds import KEY_BUDGET

        if first:  # the exact table, where there is one, is often a moment away: in the cache, or small
            keeper.wait(max(0.0, KEY_BUDGET - (time.perf_counter() - started)) / 2)
        budget = max(LEAST_BUDGET, KEY_BUDGET - (time.perf_counter() - started))
        odds = keeper.odds(state, budget)
        return odds_sentence(odds.chances, odds.errors, names, you)
