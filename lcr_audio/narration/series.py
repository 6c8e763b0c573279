"""The series score as sentences: games played, then each player's wins (the S key after a game, the main
menu's series, ``lcr-audio records``)."""

from __future__ import annotations

from collections.abc import Sequence

from lcr_audio.game.saves import Series
from lcr_audio.i18n import _, ngettext
from lcr_audio.narration.lists import and_list


def series_text(names: Sequence[str], series: Series) -> str:
    """The series table as whole sentences: "2 games played. Ana 2 wins, Bo 0 wins, You 0 wins."."""
    # Translators: the start of the series table; {count} is the number of games finished.
    head = ngettext("{count} game played.", "{count} games played.", series.games).format(count=series.games)
    wins = [series.wins[seat] if seat < len(series.wins) else 0 for seat in range(len(names))]
    order = sorted(range(len(names)), key=lambda seat: -wins[seat])
    parts = [
        # Translators: one player's line in the series table.
        ngettext("{name} {count} win", "{name} {count} wins", wins[seat]).format(
            name=names[seat], count=wins[seat]
        )
        for seat in order
    ]
    # Translators: the series table: {head} is the games played, {wins} each player's wins as a list.
    return _("{head} {wins}.").format(head=head, wins=and_list(parts))


def standings(names: Sequence[str], series: Series) -> str | None:
    """The series after a game, once there is a series to tell (two games or more; said before "Play
    again?")."""
    return series_text(names, series) if series.games >= 2 else None
