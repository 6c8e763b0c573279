"""Nothing is ever lost: the autosave after every turn, Ctrl+S, the series score and the transcript.

A :class:`GameKeeper` follows a session as one of its listeners and saves at the end of every turn and of
every game; it never sees a screen: the screen hands it the transcript's lines and a way to say a problem.
The save is the game itself (rules, seats, seed, every action; :mod:`lcr_audio.saves`), and the
transcript is every message of the game as plain UTF-8 text beside it, for reading later with a screen
reader.
"""

from __future__ import annotations

import csv
import io
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from .engine import Event, GameState, TurnEnded
from .i18n import _
from .saves import SaveError, Series, save
from .session import Session
from .storage import atomic_write_text

log = logging.getLogger(__name__)


class Keeper(Protocol):
    """Keeps the game safe (autosave, Ctrl+S, the series): what the play screen needs of a keeper."""

    def follow(
        self, session: Session, transcript: Callable[[], Sequence[str]], report: Callable[[str], None]
    ) -> None:
        """Save ``session`` after each of its turns and at its end from now on (a session listener)."""

    def turn_ended(self) -> str | None:
        """Autosave as after a turn (the scorekeeper's undo). Returns a sentence only when it failed."""

    def save_now(self) -> str | None:
        """Save at once (Ctrl+S, leaving). Returns the sentence to say (None: nothing to save yet)."""

    @property
    def series(self) -> Series:
        """The series so far (wins per seat, games played)."""


def transcript_path(save_path: Path) -> Path:
    """The transcript beside a save: ``autosave.json`` → ``autosave.txt``."""
    return save_path.with_suffix(".txt")


class GameKeeper:
    """Saves one table's games to one file, as a listener of the session it follows.

    Args:
        path: the save file (rewritten whole, atomically, after every turn).
        series: the series so far (a resumed game brings its own).
    """

    def __init__(self, path: Path, series: Series | None = None) -> None:
        self.path = path
        self.series = series or Series()
        self.transcript = transcript_path(path)
        self._failed = False
        self._session: Session | None = None
        self._lines: Callable[[], Sequence[str]] = list
        self._report: Callable[[str], None] = lambda _text: None

    def follow(
        self, session: Session, transcript: Callable[[], Sequence[str]], report: Callable[[str], None]
    ) -> None:
        """From now on save ``session`` (a new game, or the scorekeeper's undo): after every turn, and when
        it is won (counting the win in the series).

        Args:
            session: the game to save; the keeper becomes one of its listeners.
            transcript: gives the lines said so far, written beside the save.
            report: says a problem (only the first of a run of failed saves, and a failed save at the end).
        """
        self._session, self._lines, self._report = session, transcript, report
        # The win counts before anyone hears of the game's end (the end says the series); the save comes
        # after every other listener, so that the transcript holds the turn's messages.
        session.listeners.insert(0, lambda _events, state: self._count_win(session, state))
        session.listeners.append(lambda events, state: self._on_events(session, events, state))

    def _count_win(self, session: Session, state: GameState) -> None:
        if session is self._session and state.over and state.winner is not None:
            self.series.record_win(state.winner)

    def _on_events(self, session: Session, events: Sequence[Event], state: GameState) -> None:
        if session is not self._session:  # a game this keeper no longer follows
            return
        problem: str | None = None
        if state.over:
            self._failed = False
            problem = self._save(session)
        elif any(isinstance(e, TurnEnded) for e in events):
            problem = self.turn_ended()
        if problem:
            self._report(problem)

    def _save(self, session: Session) -> str | None:
        try:
            save(session, self.path, series=self.series, transcript=self.transcript)
            atomic_write_text(self.transcript, "\n".join(self._lines()) + "\n")
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

    def turn_ended(self) -> str | None:
        """Autosave after a turn (the session's listener, or the scorekeeper's undo). Returns a sentence
        only for the first of a run of failures; None as well when no session is followed."""
        if self._session is None:
            return None
        problem = self._save(self._session)
        if problem is None or self._failed:
            return None
        self._failed = True
        return problem

    def save_now(self) -> str | None:
        """Save at once (Ctrl+S, leaving): the sentence to say, success or failure. A game where nothing
        has been played yet (or none followed) is not saved (None): it would replace a saved game for
        nothing."""
        session = self._session
        if session is None or not session.actions:
            return None
        problem = self._save(session)
        # Translators: said after Ctrl+S, or when leaving, once the game is saved.
        return problem or _("Game saved.")


def series_csv(names: Sequence[str], series: Series) -> str:
    """The series score sheet as CSV: a header, then one row per player (seat order) with their wins."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["seat", "name", "wins", "games"])
    for seat, name in enumerate(names):
        wins = series.wins[seat] if seat < len(series.wins) else 0
        writer.writerow([seat + 1, name, wins, series.games])
    return buffer.getvalue()
