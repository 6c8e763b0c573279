"""Nothing is ever lost: the autosave after every turn, Ctrl+S, the series score and the transcript.

A :class:`GameKeeper` follows a session as one of its listeners and saves at the start of every game (when
its first roll is asked for), at the end of every turn and at the end of every game; it never sees a
screen: it reads what was said through :class:`Said` and reports a problem through a function it is given.
The save is the game itself (rules, seats, seed, every action; :mod:`lcr_audio.game.saves`), and the
transcript is every message of the game as plain UTF-8 text, for reading later with a screen reader: a
heading per game ("Game 2.") and the series after each finished game.
Transcripts live in the game's own data folder under names the game owns (:func:`transcript_path`), never
beside a file the player named.
"""

from __future__ import annotations

import csv
import hashlib
import io
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from lcr_audio import storage
from lcr_audio.engine import Event, GameStarted, GameState, TurnEnded
from lcr_audio.game.saves import SaveError, SaveKind, Series, autosave_path, not_saved, save
from lcr_audio.game.session import Session
from lcr_audio.i18n import _
from lcr_audio.storage import atomic_write_text

log = logging.getLogger(__name__)


class Said(Protocol):
    """What the table has heard, as the keeper reads it for the transcript (the play screen gives it)."""

    def lines(self) -> Sequence[str]:
        """Every message said so far, in order."""

    def line_of(self, actions: int) -> int | None:
        """Where, in :meth:`lines`, the messages of the game after ``actions`` actions begin; None when they
        were not said here (a resumed game's opening)."""

    def series_line(self, series: Series) -> str:
        """The series as one sentence (the transcript's line after each game)."""


class Keeper(Protocol):
    """Keeps the game safe (autosave, Ctrl+S, the series): what the play screen needs of a keeper."""

    series: Series
    """The series so far: games finished and each seat's wins."""

    def follow(self, session: Session, said: Said, report: Callable[[str], None]) -> None:
        """Save ``session`` after each of its turns and at its end from now on (a session listener)."""

    def turn_ended(self) -> str | None:
        """Autosave as after a turn. Returns a sentence only when something went wrong, said once."""

    def save_now(self, *, leaving: bool = False) -> str | None:
        """Save at once (Ctrl+S; ``leaving``: Control+C, Escape, a signal). Returns the sentence to say."""


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
    """Saves one table's games to one file, and their transcript, as a listener of the session it follows.

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
        self._told: tuple[str, int] | None = None
        """The last failure said, and how many actions the game had then (see :meth:`save_now`)."""
        self._seed: int | None = None
        self._number: int | None = None
        """The number of the game first seen, whose heading waits for the first save to be placed."""
        self._inserts: list[tuple[int, str]] = []
        """Lines of the transcript that are not in the history: (history index they go before, text)."""
        self._session: Session | None = None
        self._said: Said | None = None
        self._report: Callable[[str], None] = lambda _text: None

    def follow(self, session: Session, said: Said, report: Callable[[str], None]) -> None:
        """From now on save ``session`` (a new game, or the scorekeeper's undo): after every turn (when
        :attr:`every_turn`), and when it is won, counting the win in the series.

        Args:
            session: the game to save; the keeper becomes one of its listeners.
            said: what the table has heard, for the transcript.
            report: says a problem (the first of a run of failed saves).
        """
        self._session, self._said, self._report = session, said, report
        # The win counts before anyone hears of the game's end (the end says the series); the save comes
        # after every other listener, so that the transcript holds the turn's messages and the game's end.
        session.listeners.insert(0, lambda _events, state: self._count_win(session, state))
        session.listeners.append(lambda events, state: self._on_events(session, events, state))

    def _count_win(self, session: Session, state: GameState) -> None:
        """The first listener: a game new to this keeper gets its number (before its win counts), and a
        won game counts in the series."""
        if session is not self._session:
            return
        if session.seed != self._seed:
            self._seed, self._number = session.seed, self.series.games + 1
        if state.over and state.winner is not None:
            self.series.record_win(state.winner)

    def _on_events(self, session: Session, events: Sequence[Event], state: GameState) -> None:
        if session is not self._session:  # a game this keeper no longer follows
            return
        problem: str | None = None
        if state.over:
            problem = self.game_over()
        elif any(isinstance(e, (TurnEnded, GameStarted)) for e in events):
            # A game is saved from its start, when its first roll is asked for (issue 21, item 2): leaving
            # before any roll keeps the table that was set up.
            problem = self.turn_ended()
        if problem:
            self._report(problem)

    def _track_games(self, said: Said) -> None:
        """A game new to this keeper gets its heading ("Game 2.") where its messages begin, at its first
        save (a resumed game brought its heading in its transcript)."""
        number, self._number = self._number, None
        start = said.line_of(0)
        if number is not None and start is not None:  # told from its opening here (not resumed)
            # Translators: a heading in the transcript file; {number} counts the games of the series from 1.
            self._inserts.append((start, _("Game {number}.").format(number=number)))

    def transcript_text(self, said: Said) -> str:
        """The transcript: every message said, with the headings and series lines put in."""
        inserts = sorted(self._inserts, key=lambda pair: pair[0])  # stable: in the order they were made
        lines: list[str] = []
        for index, line in enumerate(said.lines()):
            while inserts and inserts[0][0] <= index:
                lines.append(inserts.pop(0)[1])
            lines.append(line)
        lines.extend(text for _index, text in inserts)
        return "\n".join(lines) + "\n"

    def _save(self) -> str | None:
        """Write the save and the transcript; the sentence to say if either failed (None as well when no
        session is followed)."""
        session, said = self._session, self._said
        if session is None or said is None:
            return None
        self._track_games(said)
        try:
            save(session, self.path, series=self.series, transcript=self.transcript)
        except (SaveError, ValueError) as error:  # ValueError: a bug in the series; said, never fatal
            log.warning("Could not save to %s: %s", storage.display_path(self.path), error)
            return str(error) if isinstance(error, SaveError) else not_saved(self.path, error)
        try:
            atomic_write_text(self.transcript, self.transcript_text(said))
        except (OSError, UnicodeError) as error:
            log.warning("Could not write the transcript %s: %s", storage.display_path(self.transcript), error)
            # Translators: the game was saved but its transcript (the text of every message) could not be
            # written; {path} is the transcript file, {reason} says why ("the disk is full").
            message = _("The game was saved, but its transcript could not be written in {path}: {reason}.")
            return message.format(path=storage.display_path(self.transcript), reason=storage.reason(error))
        self._failed = False
        return None

    @property
    def saved(self) -> bool:
        """The last save worked (or none failed yet): the game can be continued from :attr:`path`."""
        return not self._failed

    def turn_ended(self) -> str | None:
        """Autosave after a turn (unless not :attr:`every_turn`; the session's listener, or the
        scorekeeper's undo). Returns a sentence only for the first of a run of failures."""
        return self._once(self._save()) if self.every_turn else None

    def _once(self, problem: str | None) -> str | None:
        """``problem`` if it starts a run of failures, else None (a failure is said once)."""
        if problem is None or self._failed:
            return None
        self._failed = True
        self._tell(problem)
        return problem

    def _tell(self, problem: str) -> tuple[str, int] | None:
        """Remember that ``problem`` is said now, at the game's present position; returns the failure said
        before it, if any, and its position."""
        told = self._told
        self._told = (problem, len(self._session.actions) if self._session is not None else 0)
        return told

    def save_now(self, *, leaving: bool = False) -> str | None:
        """Save at once (Ctrl+S; ``leaving``: Control+C, Escape, a signal): the sentence to say, success or
        failure; None when no session is followed. A game is saved from its start, before its first roll
        (issue 21, item 2): a new game replaces a saved one only once the player has chosen that
        (:meth:`lcr_audio.app.App.may_replace`). A failure said here is not said again by the autosave that
        follows; when ``leaving``, nor is the failure just said, with nothing played since (None then: a
        full disk at the start of a game is said once, not again at Control+C)."""
        if self._session is None:
            return None
        problem = self._save()
        self._failed = problem is not None
        if problem is not None and self._tell(problem) == self._told and leaving:
            return None
        # Translators: said after Ctrl+S, or when leaving, once the game is saved.
        return problem or _("Game saved.")

    def game_over(self) -> str | None:
        """The game was won (the win is counted already) and its end has been said (the listener calls
        this): the series goes in the transcript after the game, unless the game's last message already
        ends with it, and the game is saved. Returns a sentence only if saving failed and that was not said
        yet (None as well when no session is followed)."""
        if self._said is None:
            return None
        lines, text = self._said.lines(), self._said.series_line(self.series)
        if not (lines and lines[-1].endswith(text)):
            self._inserts.append((len(lines), text))
        return self._once(self._save())


def series_csv(names: Sequence[str], series: Series) -> str:
    """The series score sheet as CSV: a header, then one row per player (seat order) with their wins."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["seat", "name", "wins", "games"])
    for seat, name in enumerate(names):
        wins = series.wins[seat] if seat < len(series.wins) else 0
        writer.writerow([seat + 1, name, wins, series.games])
    return buffer.getvalue()
