"""The O key's odds for the play screen (issue 15). The analysis (and numpy) is imported, and the exact table
loaded or solved, never before the game's first sentence is out, and only where it serves (issue 21, item
12): for rules with an exact table, on a daemon thread once the first sentence has been handed to speech,
so that the first O is exact at once; for larger tables (no exact table: the answer is simulated anyway),
only when O is first pressed, so that a game where nobody asks costs neither the time nor the memory. That
first answer simulates for what the import left of the key's time.
"""

from __future__ import annotations

import logging
import math
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from lcr_audio.engine import GameState, Rules, Seat, WinCondition
from lcr_audio.narration.odds_text import odds_sentence, usual_choices_assumed

if TYPE_CHECKING:
    from lcr_audio.game.analysis.odds import OddsKeeper

LEAST_BUDGET: Final = 0.02
"""Seconds the first answer simulates at least, however long the import took (a few hundred games)."""

log = logging.getLogger(__name__)

TABLE_STATES: Final = 150_000
"""The most positions an exact table has (:data:`lcr_audio.game.analysis.exact.MAX_STATES`; a test checks
that :func:`has_table` agrees with :func:`lcr_audio.game.analysis.exact.supports`)."""


def has_table(rules: Rules) -> bool:
    """True when ``rules`` have an exact table (as :func:`~lcr_audio.game.analysis.exact.supports` says),
    worked out without importing the analysis: the usual win condition, and at most :data:`TABLE_STATES`
    positions (C(T + N - 1, N) for T chips on N seats)."""
    states = math.comb(rules.total_chips + rules.players - 1, rules.players)
    return rules.win is WinCondition.LAST_WITH_CHIPS and states <= TABLE_STATES


class OddsKey:
    """Answers O for one game.

    Args:
        rules: the game's options.
        after_first_utterance: registers a callback to run once the program's first sentence is out
            (:meth:`lcr_audio.output.speech.Speaker.after_first_utterance`); given, and for rules with an
            exact table, the odds are prepared then on a daemon thread. None: only on the first O.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        after_first_utterance: Callable[[Callable[[], None]], None] | None = None,
    ) -> None:
        self.rules = rules
        self._keeper: OddsKeeper | None = None
        self._lock = threading.Lock()
        if after_first_utterance is not None and has_table(rules):
            after_first_utterance(self._prepare_in_background)

    def _prepare_in_background(self) -> None:
        threading.Thread(target=self._prepare, name="odds", daemon=True).start()

    def _prepare(self) -> None:
        """The background thread's work: make the keeper. A game that ends while this thread still imports
        or solves leaves it running into the program's end, where it may fail: nothing is said then (the
        game is over). Any other failure goes to the log at the INFO level, which reaches no terminal even
        once the log is closed (Python's last resort prints warnings and errors only); the first O then
        tries again and says what went wrong."""
        try:
            self.keeper  # noqa: B018 (made for its side effect)
        except Exception:
            if not sys.is_finalizing() and threading.main_thread().is_alive():
                log.info("the odds could not be prepared in the background", exc_info=True)

    @property
    def keeper(self) -> OddsKeeper:
        """The odds keeper, made on first use (or by the background thread, then waited for): numpy and the
        analysis are imported then (tens of ms), and the keeper starts loading or solving the exact table
        on its own thread."""
        with self._lock:
            if self._keeper is None:
                from lcr_audio.game.analysis.odds import OddsKeeper
                from lcr_audio.storage import cache_dir

                self._keeper = OddsKeeper(self.rules, cache_dir() / "odds")
            return self._keeper

    def sentence(
        self, state: GameState, names: list[str], you: Seat | None, *, open_choice: bool = False
    ) -> str:
        """Every seat's chance of winning from ``state``, as one sentence, within the key's time
        (:data:`~lcr_audio.game.analysis.odds.KEY_BUDGET`, a first import included); ``open_choice``: a
        person's Wild choice is pending, and no seat is taken to be chosen (see ``OddsKeeper.odds``)."""
        started = time.perf_counter()
        first = self._keeper is None
        keeper = self.keeper
        from lcr_audio.game.analysis.odds import KEY_BUDGET

        if first:  # the exact table, where there is one, is often a moment away: in the cache, or small
            keeper.wait(max(0.0, KEY_BUDGET - (time.perf_counter() - started)) / 2)
        budget = max(LEAST_BUDGET, KEY_BUDGET - (time.perf_counter() - started))
        odds = keeper.odds(state, budget, open_choice=open_choice)
        text = odds_sentence(odds.chances, odds.errors, names, you)
        if self.rules.wild or self.rules.reversible:  # players choose: say what the chances assume
            text = f"{text} {usual_choices_assumed()}"
        return text

    def best_choice(self, state: GameState, names: list[str]) -> str:
        """H: the options of the choice ``state`` asks for, with the chooser's chance after each, best first
        (exact from a ready table, else simulated with a margin; a table not yet made is made in the
        background)."""
        from lcr_audio.game.analysis.careful import option_chances
        from lcr_audio.narration.best_choice import best_choice_sentence
        from lcr_audio.storage import cache_dir

        return best_choice_sentence(option_chances(state, cache_dir() / "odds"), names, state.phase)
