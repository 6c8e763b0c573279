"""What the screens ask of the application that runs them (:class:`lcr_audio.app.App` is one).

The main menu, practice, the rules reader and the scorekeeper are handed a :class:`Host`, not the
application itself: the screens sit below the application and never import it. The play screen is below
this module too: the host names it only by what it asks of it (:class:`ActiveScreen`), and how a play
screen ended (:class:`Outcome`) is declared here, so that no import, not even one for types, goes round.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from prompt_toolkit.input import Input

from lcr_audio.engine import Rules
from lcr_audio.game.saves import LoadedGame, SaveKind, Series
from lcr_audio.game.session import Player, Session
from lcr_audio.output.sound import SoundPlayer
from lcr_audio.output.speech import Speaker
from lcr_audio.settings import Settings
from lcr_audio.tui.console import Console

if TYPE_CHECKING:
    from lcr_audio.narration.saved_offer import SaidOffer


class Outcome(Enum):
    """How the play screen ended."""

    FINISHED = "finished"
    """The game (or games) ended and nobody asked for another."""
    QUIT = "quit"
    """A player chose to leave this game (Escape, then Y): back to the main menu, if it started there."""
    LEFT = "left"
    """The program must end: Control+C, or a signal (the terminal closed, the system shutting down)."""


class ActiveScreen(Protocol):
    """What the host asks of the play screen under way (:class:`lcr_audio.tui.play.PlayScreen` is one)."""

    def end_on_signal(self) -> None:
        """A signal came (SIGTERM, SIGHUP, SIGINT): save when saving, and end the screen at once, cleanly."""


class NotContinued(Enum):
    """What :meth:`Host.continue_saved_game` returns when no saved game was continued (issue 21, item 1)."""

    NEW = "new"
    """Start something new: nothing unfinished was saved, or the player said no. A new game then replaces
    the save at its own first save, without asking again; until then the file is untouched."""
    KEPT = "kept"
    """The save could not be used and the player chose to keep it (said already): nothing may overwrite
    it, so nothing new starts."""


class Host(Protocol):
    """The things every screen shares, and the flows a screen can start.

    Attributes:
        console: the terminal printer.
        speaker: speech output.
        keys: key input.
        settings: the player's settings (saved with :meth:`remember`).
        sound: the cue player, or None.
        pause: seconds a computer player waits.
        save_path: the autosave file.
        in_menu: True when games start from the main menu.
        active_screen: the play screen under way, which a signal saves and ends.
    """

    console: Console
    speaker: Speaker
    keys: Input
    settings: Settings
    sound: SoundPlayer | None
    pause: float
    save_path: Path
    in_menu: bool
    active_screen: ActiveScreen | None

    def remember(self, settings: Settings) -> str | None:
        """Save the settings; returns a sentence if that failed."""

    def latest_save(self) -> Path | None:
        """The autosave written last, of any kind (for the series), or None."""

    async def play(self, session: Session, series: Series | None = None) -> Outcome:
        """Play ``session`` (and the games after it) until the players stop."""

    async def may_start(self) -> bool:
        """Before a new game's setup: True when it may replace what is saved (nothing unfinished, or the
        player says yes now; asked once), False when the player keeps the unfinished game."""

    async def play_new(self, rules: Rules, players: list[Player], seed: int | None = None) -> Outcome:
        """Start a new game of ``rules`` with ``players``."""

    async def continue_saved_game(
        self, said: SaidOffer | None = None, kind: SaveKind = SaveKind.PLAY
    ) -> Outcome | NotContinued:
        """Ask to continue an unfinished saved game of ``kind`` and act on the answer whole: Y continues it
        (its outcome is returned); N gives :attr:`NotContinued.NEW`; a save kept unused
        :attr:`NotContinued.KEPT`."""

    async def resume(self, loaded: LoadedGame, path: Path | None = None) -> Outcome:
        """Continue a loaded game where it stopped, saving to ``path`` (default: the autosave of its kind)."""
