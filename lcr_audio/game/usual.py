"""The usual computer player's reversal rule (R9; issue 25, item 2), for the players and every kernel.

Measured against the exact best response (:mod:`lcr_audio.game.analysis.best`, ``docs/odds.md``): without
Wild dice, reversing whenever the rules allow it (more than 3 chips, :func:`~lcr_audio.engine.may_reverse`)
is the best answer or within a third of a point of it at every table with a best-response table (3 seats: the
same to 1e-9), while the old rule, from 6 chips, lost up to 17 points at 3 players with 5 chips. With Wild
dice a reversed Wild gives a chip away and three reversed Wilds put every chip in the pot, so reversing
early costs points: there the usual player waits for :data:`WILD_REVERSE_AT` chips.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Final

from lcr_audio.engine import Rules, may_reverse

WILD_REVERSE_AT: Final = 7
"""The usual player's reversal threshold with Wild dice: from 7 chips."""


def usual_reverse_at(rules: Rules) -> int:
    """The usual computer player reverses the dice (R9) when it holds at least this many chips and the rules
    allow it: :data:`WILD_REVERSE_AT` with Wild dice, else whenever allowed (the fewest chips R9 allows it
    with, :func:`~lcr_audio.engine.may_reverse`: 4). The same number whether or not the dice are reversible.

    >>> usual_reverse_at(Rules(reversible=True)), usual_reverse_at(Rules(reversible=True, wild=True))
    (4, 7)
    """
    allowing = replace(rules, reversible=True)
    wait = WILD_REVERSE_AT if rules.wild else 0
    return next(n for n in itertools.count(wait) if may_reverse(allowing, n))
