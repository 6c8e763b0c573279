"""Nothing is ever lost: the autosave after every turn, Ctrl+S, the series score and the transcript.

The play screen calls a :class:`GameKeeper` at the end of every turn and of every game. The save is the
game itself (rules, seats, seed, every action; :mod:`lcr_audio.saves`), and the transcript is every
message of the game as plain UTF-8 text beside it, for reading later with a screen reader.
"""

from __future__ import annotations

import csv
import io
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .i18n import _, ngettext
from .narration.lists import and_list
from .saves import SaveError, Series, save
from .storage import atomic_write_text

if TYPE_CHECKING:
    from .tui.play import PlayScreen

log = logging.getLogger(__name__)


def transcript_path(save_path: Path) -> Path:
    """The transcript beside a save: ``autosave.json`` → ``autosave.txt``."""
    return save_path.with_suffix(".txt")


class GameKeeper:
    """Saves one table's games to one file.

    Args:
        path: the save file (rewritten whole, atomically, after every turn).
        series: the series so far (a resumed game brings its own).
    """

    def __init__(self, path: Path, series: Series | None = None) -> None:
        self.path = path
        self.series = series or Series()
        self.transcript = transcript_path(path)
        self._failed = False

    def _save(self, screen: PlayScreen) -> str | None:
        try:
            save(screen.session, self.path, series=self.series, transcript=self.transcript)
            atomic_write_text(self.transcript, "\n".join(screen.history) + "\n")
        except (SaveError, OSError) as error:
            log.warning("Could not save to %s: %s", self.path, error)
            return (
                str(error)
                if isinstance(error, SaveError)
                else _(
                    "The game could not be saved; check that the disk has room and the folder can be written."
                )
            )
        self._failed = False
        return None

    def turn_ended(self, screen: PlayScreen) -> str | None:
        """Autosave after a turn. Returns a sentence only for the first of a run of failures."""
        problem = self._save(screen)
        if problem is None or self._failed:
            return None
        self._failed = True
        return problem

    def save_now(self, screen: PlayScreen) -> str | None:
        """Save at once (Ctrl+S, leaving): the sentence to say, success or failure. A game where nothing
        has been played yet is not saved (None): it would replace a saved game for nothing."""
        if not screen.session.actions:
            return None
        problem = self._save(screen)
        # Translators: said after Ctrl+S, or when leaving, once the game is saved.
        return problem or _("Game saved.")

    def game_over(self, screen: PlayScreen) -> str | None:
        """Count the win in the series and save; returns a sentence only if saving failed."""
        winner = screen.session.state.winner
        if winner is not None:
            self.series.record_win(winner)
        self._failed = False
        return self._save(screen)

    def series_text(self, screen: PlayScreen) -> str:
        """The series as one utterance: games played, then each player's wins, most first."""
        return series_text(screen.session.names, self.series)

    def standings(self, screen: PlayScreen) -> str | None:
        """The series after a game, once there is a series to tell (two games or more)."""
        return self.series_text(screen) if self.series.games >= 2 else None


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


def series_csv(names: Sequence[str], series: Series) -> str:
    """The series score sheet as CSV: a header, then one row per player (seat order) with their wins."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["seat", "name", "wins", "games"])
    for seat, name in enumerate(names):
        wins = series.wins[seat] if seat < len(series.wins) else 0
        writer.writerow([seat + 1, name, wins, series.games])
    return buffer.getvalue()
