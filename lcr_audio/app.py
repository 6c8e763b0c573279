"""The interactive application: what runs between the command line and the screens.

It owns the things every screen shares (the console printer, the speaker, the sound player, the settings,
the key input) and runs the flows: the main menu, a new game, resuming a saved one, practice, the rules
reader and the scorekeeper for real dice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from prompt_toolkit.input import DummyInput, Input
from prompt_toolkit.output import Output

from lcr_audio.console_close import on_console_close
from lcr_audio.engine import Rules
from lcr_audio.game.autosave import GameKeeper
from lcr_audio.game.saves import (
    LoadedGame,
    SaveError,
    SaveKind,
    Series,
    default_save_path,
    latest_autosave,
    load,
)
from lcr_audio.game.session import Player, Session, new_seed
from lcr_audio.i18n import _
from lcr_audio.names import printable
from lcr_audio.narration.saved_offer import SaidOffer, saved_game_offer
from lcr_audio.output.sound import SoundPlayer
from lcr_audio.output.speech import Speaker
from lcr_audio.settings import Settings, save_settings
from lcr_audio.storage import display_path
from lcr_audio.tui.choice import yes_no
from lcr_audio.tui.console import Console
from lcr_audio.tui.host import ActiveScreen, NotContinued
from lcr_audio.tui.play import Outcome, PlayScreen, pending_turn, turn_start_state

log = logging.getLogger(__name__)


@dataclass
class App:
    """Everything the screens share.

    Attributes:
        console: the terminal printer.
        speaker: speech output.
        keys: key input (``DummyInput`` when nobody is at a keyboard).
        output: prompt_toolkit output for line prompts, None without a terminal.
        settings: the player's settings (changed by the options menu and the keys, saved at once).
        sound: the cue player (silent without a device or with sounds off).
        pause: seconds a computer player waits (from the settings, ``--pause`` or ``--fast``).
        save_path: the autosave file of games (:attr:`SaveKind.PLAY`); the scorekeeper's and the watched
            games' autosaves are beside it (:meth:`autosave`).
    """

    console: Console
    speaker: Speaker
    keys: Input
    output: Output | None
    settings: Settings
    sound: SoundPlayer | None
    pause: float
    save_path: Path = field(default_factory=default_save_path)
    in_menu: bool = False
    """True when games start from the main menu: leaving a game (Escape, Y) goes back to it."""
    active_screen: ActiveScreen | None = None
    """The play screen under way, which a signal saves and ends (see :func:`handle_signals`)."""
    declined: dict[Path, tuple[int, int, int]] = field(default_factory=dict)
    """The saves the player chose not to continue (N to :meth:`offer_saved_game`), by path: the file as it
    was then (:func:`_stamp`). A new game replaces such a save without asking again (:meth:`may_replace`)."""
    said_early: str | None = None
    """The next game's opening, said already (``play``'s first sentence, before the screens were imported):
    the next screen made does not say it again (:attr:`PlayScreen.said_early`)."""

    @property
    def interactive(self) -> bool:
        """True when a person can type (the keys come from a terminal or a test pipe)."""
        return not isinstance(self.keys, DummyInput)

    def autosave(self, kind: SaveKind) -> Path:
        """The autosave of ``kind``: :attr:`save_path` for games, ``scorekeeper.json`` or ``watch.json``
        beside it for the others (one per kind: none replaces another)."""
        return self.save_path if kind is SaveKind.PLAY else self.save_path.with_name(f"{kind.value}.json")

    def latest_save(self) -> Path | None:
        """The autosave written last, of any kind (for the series), or None."""
        return latest_autosave([self.autosave(kind) for kind in SaveKind])

    def remember(self, settings: Settings) -> str | None:
        """Save the settings; returns a sentence if that failed."""
        return save_settings(settings)

    def screen(self, session: Session, *, keeper: GameKeeper | None, again: bool = True) -> PlayScreen:
        """A play screen for ``session`` wired to this app's speech, sound and settings (the scorekeeper's
        screen for a game with real dice)."""

        def next_game(previous: Session) -> Session:
            seed = new_seed() if previous.physical else previous.rng.randrange(2**31)
            return Session(previous.rules, previous.players, seed, physical=previous.physical)

        from lcr_audio.tui.scorekeeper import ScorekeeperScreen

        kind = ScorekeeperScreen if session.physical else PlayScreen
        made = kind(
            session,
            self.speaker,
            self.keys,
            pause=self.pause,
            new_session=next_game if again else None,
            settings=self.settings,
            save_settings=self.remember,
            sound=self.sound,
            keeper=keeper,
        )
        made.said_early, self.said_early = self.said_early, None
        return made

    async def play(self, session: Session, series: Series | None = None) -> Outcome:
        """Play ``session`` (and the games after it, if the table plays again) until the players stop.

        The game autosaves after every turn to the autosave of its kind (:meth:`autosave`: a game, the
        scorekeeper, or computers only, each in its own file; a watched game only at its end), with its
        transcript and series. An
        unfinished game saved there is replaced only after the player says yes (:meth:`may_replace`); with
        a no, nothing is played (:attr:`Outcome.QUIT`). SIGTERM and SIGHUP save and end the game cleanly
        (POSIX).
        """
        kind = SaveKind.of(session)
        path = self.autosave(kind)
        if series is None and not await self.may_replace(path):
            return Outcome.QUIT
        keeper = GameKeeper(path, series, every_turn=kind is not SaveKind.WATCH)
        return await self._run(self.screen(session, keeper=keeper))

    async def may_replace(self, path: Path) -> bool:
        """True when a new game may save to ``path``: nothing unfinished is saved there, the player said no
        to continuing that very save (:meth:`offer_saved_game`: the answer stands), or the player says yes
        to replacing it now. A save that cannot be read was offered already (and a new game saves over it
        after that question's yes); a watched game is never asked about."""
        if path in self.declined and self.declined[path] == _stamp(path):
            return True
        try:
            loaded = load(path)
        except SaveError:
            return True
        if loaded.over or loaded.kind is SaveKind.WATCH:
            return True
        if not self.interactive:
            return False
        from lcr_audio.narration.lists import and_list

        names = and_list(loaded.names)
        if loaded.kind is SaveKind.SCOREKEEPER:
            # Translators: asked before a new scorekeeper table replaces an unfinished one that was saved;
            # {names} is the players' names joined as a list, {turn} the turn that game had reached.
            question = _(
                "Starting now replaces the unfinished scorekeeper game of {names}, turn {turn}. "
                "Start anyway? Y or N."
            )
        else:
            # Translators: asked before a new game replaces an unfinished one that was saved; {names} is the
            # players' names joined as a list, {turn} the turn that game had reached.
            question = _(
                "Starting now replaces the unfinished game of {names}, turn {turn}. Start anyway? Y or N."
            )
        if await self.ask(question.format(names=names, turn=loaded.turn)):
            stamp = _stamp(path)
            if stamp is not None:  # the answer stands: not asked again after the setup
                self.declined[path] = stamp
            return True
        # Translators: the player chose to keep a saved game; {path} is where it is.
        kept = _("Nothing was changed; the saved game is still in {path}.")
        self.speaker.speak(kept.format(path=display_path(path)))
        return False

    async def may_start(self) -> bool:
        """Asked before a new game's setup (the main menu's New game), as the terminal and a browser tab
        both do: True when the game may replace the unfinished one saved (see :meth:`may_replace`)."""
        return await self.may_replace(self.autosave(SaveKind.PLAY))

    async def _run(self, screen: PlayScreen, *, resume: bool = False) -> Outcome:
        """Run a screen with the signals handled, and say goodbye when the player leaves."""
        self.active_screen = screen
        try:
            outcome = await screen.run(resume=resume)
        finally:
            self.active_screen = None
        if outcome is Outcome.LEFT or (outcome is Outcome.QUIT and not self.in_menu):
            self.speaker.speak(self._goodbye(screen))
        return outcome

    def _goodbye(self, screen: PlayScreen) -> str:
        """The last words when the player leaves a game: with how to continue it, when it is an unfinished
        game just saved to the autosave that ``lcr-audio`` offers to continue."""
        keeper = screen.keeper
        kind = SaveKind.of(screen.session)
        if (
            isinstance(keeper, GameKeeper)
            and keeper.saved
            and not screen.state.over
            and kind is SaveKind.PLAY
            and keeper.path == self.autosave(kind)
        ):
            # Translators: said when the player leaves an unfinished game, after "Game saved.": how to go on
            # with it later (lcr-audio is the command, as typed; it first offers to continue the game).
            return _("Goodbye. Start lcr-audio again to continue this game.")
        # Translators: said when the player leaves.
        return _("Goodbye.")

    async def play_new(
        self, rules: Rules, players: list[Player], seed: int | None = None, *, said_early: str | None = None
    ) -> Outcome:
        """Start a new game of ``rules`` with ``players`` (seeded with ``seed`` when given); ``said_early``:
        its opening was said already (:attr:`said_early`)."""
        seed = new_seed() if seed is None else seed
        log.info("New game: %s, seed %d", rules, seed)
        self.said_early = said_early
        return await self.play(Session(rules, players, seed))

    async def ask(self, question: str, *, said_at: float | None = None) -> bool:
        """A yes-or-no question (Y, N, Escape for no); ``said_at``: it was already said, at this
        ``time.monotonic()`` (see :class:`lcr_audio.tui.choice.YesNo`)."""
        from lcr_audio.tui.input import KeyLoop, SpeakerVoice

        async with KeyLoop(self.keys) as loop:
            return await yes_no(loop, SpeakerVoice(self.speaker, self.sound), question, said_at=said_at)

    async def continue_saved_game(
        self, said: SaidOffer | None = None, kind: SaveKind = SaveKind.PLAY
    ) -> Outcome | NotContinued:
        """The one question about an unfinished saved game of ``kind``, acted on whole, for every way in:
        the main menu, ``lcr-audio play``, ``keep-score`` (issue 21, item 1). ``said``: the question was
        already said, and when (:func:`lcr_audio.cli` says the main menu's before the key input is ready).

        Returns:
            After Y, the saved game was continued, and this is how it ended. :attr:`NotContinued.NEW` when
            nothing unfinished was saved or the player said N: the caller starts something new, which
            replaces the save at its first save without asking again (until then the file is untouched).
            :attr:`NotContinued.KEPT` when the save could not be used and the player kept it (said): then
            nothing may start that would overwrite it.
        """
        answer = await self.offer_saved_game(said, kind)
        if isinstance(answer, LoadedGame):
            return await self.resume(answer)
        return NotContinued.KEPT if answer is False else NotContinued.NEW

    async def offer_saved_game(
        self, said: SaidOffer | None = None, kind: SaveKind = SaveKind.PLAY
    ) -> LoadedGame | bool | None:
        """If an unfinished game of ``kind`` is saved, ask to continue it (issue: nothing is ever lost): the
        asking part of :meth:`continue_saved_game`, which acts on the answer.

        ``said``: the question was already said (:func:`lcr_audio.cli` says it before the key input is
        ready), and when.

        Returns the loaded game to continue, None to start something else (after N the save is remembered
        in :attr:`declined`), or False when the save could not be used and the player chose not to replace
        it (then nothing must overwrite it).
        """
        path = self.autosave(kind)
        offer = said.offer if said is not None else saved_game_offer(path)
        if offer is None:
            return None
        said_at = said.at if said is not None else None
        if offer.loaded is None:  # the save cannot be used
            if await self.ask(offer.question, said_at=said_at):
                return None
            # Translators: the player chose to keep a save that could not be used; {path} is where it is.
            kept = _("Nothing was changed; the saved game is still in {path}.")
            self.speaker.speak(kept.format(path=display_path(path)))
            return False
        if await self.ask(offer.question, said_at=said_at):
            return offer.loaded
        stamp = _stamp(path)
        if stamp is not None:
            self.declined[path] = stamp
        return None

    async def resume(self, loaded: LoadedGame, path: Path | None = None) -> Outcome:
        """Continue a loaded game where it stopped: say where it stands, then play on, saving to ``path``
        (default: the autosave of the game's kind)."""
        session = loaded.session
        screen_keeper = GameKeeper(path or self.autosave(loaded.kind), loaded.series)
        screen = self.screen(session, keeper=screen_keeper)
        screen.history.extend(_read_lines(screen_keeper.transcript))
        # A turn that rolled and waits for a choice is told next: the standings are those before its roll.
        before = turn_start_state(pending_turn(session), session.state)
        # Translators: said when a saved game continues; {turn} is a number, {status} lists every seat's
        # chips and the pot.
        continues = _("The game continues at turn {turn}. {status}").format(
            turn=loaded.turn, status=screen.narrator.status(before).text
        )
        self.speaker.speak(continues)
        screen.resumed(continues)  # in the history and the transcript, once, before the question
        return await self._run(screen, resume=True)


@contextlib.contextmanager
def handle_signals(app: App, task: asyncio.Task[object] | None) -> Iterator[None]:
    """For the whole run, SIGTERM, SIGHUP (the terminal closed) and SIGINT end the program cleanly: a game
    under way is saved first and "Game saved." said, as after the Control+C key (issue 21, item 10);
    anywhere else (menus, setup, practice) ``task`` is cancelled so that every screen restores the terminal
    on its way out. SIGQUIT comes as SIGTERM (:func:`lcr_audio.cli.main`). SIGTSTP and SIGCONT hand the
    terminal over and take it back (:mod:`lcr_audio.tui.terminal`). POSIX only; on Windows closing the
    console window (or logging off, or shutting down), and Control+C or Control+Break as a console signal,
    do the same (:func:`lcr_audio.console_close.on_console_close`).
    """
    loop = asyncio.get_running_loop()

    def on_signal() -> None:
        if app.active_screen is not None:
            app.active_screen.end_on_signal()
        elif task is not None:
            task.cancel()

    from lcr_audio.tui import terminal

    installed: list[signal.Signals] = []
    handlers = {name: on_signal for name in ("SIGTERM", "SIGHUP", "SIGINT")}
    # A stop gives the shell the player's terminal mode; a continue puts back the game's (issue 13, item 9).
    handlers.update(SIGTSTP=terminal.stop, SIGCONT=terminal.continued)
    before: dict[signal.Signals, object] = {}
    if sys.platform != "win32":
        for name, handler in handlers.items():
            sig = getattr(signal, name)
            try:
                before[sig] = signal.getsignal(sig)
                loop.add_signal_handler(sig, handler)
                installed.append(sig)
            except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, or no support
                log.debug("Cannot handle %s here", sig)
    try:
        with on_console_close(loop, on_signal):  # Windows: closing the console window saves too
            yield
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)
            if before[sig] is not None:  # the program's own handlers (lcr_audio.cli), not asyncio's default
                signal.signal(sig, before[sig])  # type: ignore[arg-type]


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """The file at ``path`` as it is now (inode, size, time of the last change in nanoseconds), to tell
    whether it was written since; None when it cannot be read."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return (stat.st_ino, stat.st_size, stat.st_mtime_ns)


def _read_lines(path: Path) -> list[str]:
    """The lines of a transcript, cleaned (they are said again: no escape sequence or control character
    gets through), or none when it cannot be read (the history then starts afresh)."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [clean for clean in (printable(line) for line in text.splitlines()) if clean]
