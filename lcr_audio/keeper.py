"""Nothing is ever lost: the autosave after every turn, Ctrl+S, the series score and the transcript.

The play screen calls a :class:`GameKeeper` at the end of every turn and of every game. The save is the
game itself (rules, seats, seed, every action; :mod:`lcr_audio.saves`), and the transcript is every
message of the game as plain UTF-8 text, for reading later with a screen reader: a heading per game
("Game 2.") and the series after each finished game. Transcripts live in the game's own data folder under
names the game owns (:func:`transcript_path`), never beside a file the player named.
"""

from __future__ import annotations

import csv
import hashlib
import io
import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import storage
from .i18n import _, ngettext
from .narration.lists import and_list
from .saves import SaveError, SaveKind, Series, autosave_path, not_saved, save
from .storage import atomic_write_text

if TYPE_CHECKING:
    from .tui.play import PlayScreen

log = logging.getLogger(__name__)


def transcript_path(save_path: Path) -> Path:
    """The transcript of the game saved at ``save_path``, in the data folder (``storage.data_dir()``): an
    autosave's beside it (``autosave.json`` → ``autosave.txt``); any other save's (``lcr-audio resume
    FILE``) named after a hash of the save's full path, ``transcript-<16 hex digits>.txt``, so that no file
    of the player's is ever written over."""
    for kind in SaveKind:
        if save_path == autosave_path(kind):
            return save_path.with_suffix(".txt")
    where = os.fsencode(save_path.absolute())
    return storage.data_dir() / f"transcript-{hashlib.sha256(where).hexdigest()[:16]}.txt"


class GameKeeper:
    """Saves one table's games to one file, and their transcript.

    Args:
        path: the save file (rewritten whole, atomically, after every turn).
        series: the series so far (a resumed game brings its own).
        every_turn: save after every turn; False saves only at the end of each game and when asked
            (a watched game: it replays from its seed, and a save per turn would slow ``--fast``).
    """

    def __init__(self, path: Path, series: Series | None = None, *, every_turn: bool = True) -> None:
        self.path = path
        self.every_turn = every_turn
        self.series = series or Series()
        self.transcript = transcript_path(path)
        self._failed = False
        self._seed: int | None = None
        self._inserts: list[tuple[int, str]] = []
        """Lines of the transcript that are not in the history: (history index they go before, text)."""
        self._series_at: int | None = None
        """Where in :attr:`_inserts` the series line of the game just ended is, until :meth:`told`."""

    def _track_games(self, screen: PlayScreen) -> None:
        """A game new to this keeper gets its heading ("Game 2.") where its messages begin (a resumed game
        brought its heading in its transcript)."""
        session = screen.session
        if session.seed == self._seed:
            return
        self._seed = session.seed
        start = screen.lines_before.get(0)
        if start is not None:  # told from its opening here (not resumed)
            # Translators: a heading in the transcript file; {number} counts the games of the series from 1.
            self._inserts.append((start, _("Game {number}.").format(number=self.series.games + 1)))

    def transcript_text(self, screen: PlayScreen) -> str:
        """The transcript: every message of the history, with the headings and series lines put in."""
        inserts = sorted(self._inserts, key=lambda pair: pair[0])  # stable: in the order they were made
        lines: list[str] = []
        for index, line in enumerate(screen.history):
            while inserts and inserts[0][0] <= index:
                lines.append(inserts.pop(0)[1])
            lines.append(line)
        lines.extend(text for _index, text in inserts)
        return "\n".join(lines) + "\n"

    def _save(self, screen: PlayScreen, *, game: bool = True) -> str | None:
        """Write the save (unless not ``game``) and the transcript; the sentence to say if either failed."""
        self._track_games(screen)
        try:
            if game:
                save(screen.session, self.path, series=self.series, transcript=self.transcript)
        except (SaveError, ValueError) as error:  # ValueError: a bug in the series; said, never fatal
            log.warning("Could not save to %s: %s", storage.display_path(self.path), error)
            return str(error) if isinstance(error, SaveError) else not_saved(self.path, error)
        try:
            atomic_write_text(self.transcript, self.transcript_text(screen))
        except (OSError, UnicodeError) as error:
            log.warning("Could not write the transcript %s: %s", storage.display_path(self.transcript), error)
            # Translators: the game was saved but its transcript (the text of every message) could not be
            # written; {path} is the transcript file, {reason} says why ("the disk is full").
            message = _("The game was saved, but its transcript could not be written in {path}: {reason}.")
            return message.format(path=storage.display_path(self.transcript), reason=storage.reason(error))
        self._failed = False
        return None

    def turn_ended(self, screen: PlayScreen) -> str | None:
        """Autosave after a turn (unless not :attr:`every_turn`). Returns a sentence only for the first of a
        run of failures."""
        return self._once(self._save(screen)) if self.every_turn else None

    def _once(self, problem: str | None) -> str | None:
        """``problem`` if it starts a run of failures, else None (a failure is said once)."""
        if problem is None or self._failed:
            return None
        self._failed = True
        return problem

    def save_now(self, screen: PlayScreen) -> str | None:
        """Save at once (Ctrl+S, leaving): the sentence to say, success or failure. A game where nothing
        has been played yet is not saved (None): it would replace a saved game for nothing. A failure said
        here is not said again by the autosave that follows."""
        if not screen.session.actions:
            return None
        problem = self._save(screen)
        self._failed = problem is not None
        # Translators: said after Ctrl+S, or when leaving, once the game is saved.
        return problem or _("Game saved.")

    def game_over(self, screen: PlayScreen) -> str | None:
        """Count the win in the series, put the series in the transcript after the game, and save; returns
        a sentence only if saving failed and that was not said yet."""
        self._track_games(screen)
        winner = screen.session.state.winner
        if winner is not None:
            self.series.record_win(winner)
        self._series_at = len(self._inserts)
        self._inserts.append((len(screen.history), self.series_text(screen)))
        return self._once(self._save(screen))

    def told(self, screen: PlayScreen) -> str | None:
        """The game's last messages are in the history (its end, said after the winner): the series line
        moves after them, unless the last of them already ends with the series, and the transcript is
        written again. Returns a sentence only if that failed and no failure was said yet."""
        if self._series_at is not None:
            _index, text = self._inserts[self._series_at]
            if screen.history and screen.history[-1].endswith(text):
                del self._inserts[self._series_at]
            else:
                self._inserts[self._series_at] = (len(screen.history), text)
            self._series_at = None
        return self._once(self._save(screen, game=False))

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
