"""The O key's odds for the play screen (issue 15): the analysis (and numpy) is imported, and the exact
table loaded or solved, on a daemon thread started with the game, so neither delays the game's first
sentence nor a key.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from lcr_audio.engine import GameState, Rules, Seat
from lcr_audio.narration.odds_text import odds_sentence

if TYPE_CHECKING:
    from lcr_audio.game.analysis.odds import OddsKeeper


class OddsKey:
    """Answers O for one game.

    Args:
        rules: the game's options.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._keeper: OddsKeeper | None = None
        self._thread = threading.Thread(target=self._start, name="odds", daemon=True)
        self._thread.start()

    def _start(self) -> None:
        from lcr_audio.game.analysis.odds import OddsKeeper
        from lcr_audio.storage import cache_dir

        self._keeper = OddsKeeper(self.rules, cache_dir() / "odds")

    @property
    def keeper(self) -> OddsKeeper:
        """The odds keeper (waits for its thread to have made it: an import, not the table)."""
        self._thread.join()
        if self._keeper is None:  # the thread failed: make it here
            self._start()
        assert self._keeper is not None
        return self._keeper

    def sentence(
        self, state: GameState, names: list[str], you: Seat | None, *, open_choice: bool = False
    ) -> str:
        """Every seat's chance of winning from ``state``, as one sentence; ``open_choice``: a person's Wild
        choice is pending, and no seat is taken to be chosen (see ``OddsKeeper.odds``)."""
        odds = self.keeper.odds(state, open_choice=open_choice)
        return odds_sentence(odds.chances, odds.errors, names, you)
