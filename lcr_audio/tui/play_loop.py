"""The game loop of the play screen (issue 23, item 4): computer players move, paced by the speech, and the
game's end asks to play again.

A :class:`GameLoop` drives the screen it is given, named by what it asks of it (:class:`Looped`). It moves
a computer player only once the last message has been said to its end and the player's pause has passed
(no key press starts the pause over: none can stall the game); it waits while a person decides, while the
game is held (P, a question, a list over the game), and (online) while the server moves its computers.
Anything that changes what it waits for wakes it (:meth:`GameLoop.poke`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Protocol

from lcr_audio.engine import GameState, Phase
from lcr_audio.game.session import Session
from lcr_audio.i18n import _
from lcr_audio.tui.host import Outcome
from lcr_audio.tui.presenter import wait_event

log = logging.getLogger(__name__)


class Pacing(Protocol):
    """The speech the loop waits on (:class:`lcr_audio.tui.presenter.Presenter`)."""

    async def drained(self) -> None:
        """Wait until every message has been said to its end (answers included)."""

    async def told(self) -> None:
        """Wait until every queued message has been handed to speech."""


class Looped(Protocol):
    """What the game loop asks of the play screen (:class:`lcr_audio.tui.play.PlayScreen` is one)."""

    @property
    def session(self) -> Session:
        """The game being played."""

    @property
    def state(self) -> GameState:
        """The game as it stands."""

    @property
    def presenter(self) -> Pacing:
        """The speech."""

    @property
    def pause(self) -> float:
        """Seconds a computer player waits after the speech, before it moves."""

    @property
    def new_session(self) -> Callable[[Session], Session] | None:
        """Makes the next game for "play again", or None to never ask."""

    def paused(self) -> bool:
        """True while the game is held (P, a question open, a list over the game)."""

    def question_text(self) -> str:
        """The yes-or-no question open, or "" when none is."""

    def next_game_coming(self) -> bool:
        """The players said yes and the next game comes from elsewhere."""

    def ask_play_again(self) -> None:
        """Ask "Play again?"."""

    def error(self, text: str) -> None:
        """Say ``text`` with the error cue."""

    def finish(self, outcome: Outcome) -> None:
        """End the screen with ``outcome``."""


class GameLoop:
    """The loop of one play screen.

    Args:
        screen: the screen driven.
    """

    def __init__(self, screen: Looped) -> None:
        self._screen = screen
        self._wake: asyncio.Event | None = None

    def poke(self) -> None:
        """Something changed: let the loop look again (nothing before it runs)."""
        if self._wake is not None:
            self._wake.set()

    async def run(self) -> None:
        """Computer players move, paced by the speech; the game's end asks to play again. Returns once the
        screen was finished (the game ended with nobody to ask, or a computer player's move failed)."""
        screen = self._screen
        wake = self._wake = asyncio.Event()
        while True:
            wake.clear()
            if screen.paused():
                await wake.wait()
                continue
            session = screen.session
            if screen.state.over:
                if screen.next_game_coming():  # online: the table starts it; its opening wakes the loop
                    await wake.wait()
                    continue
                if screen.new_session is None or not session.humans:
                    await screen.presenter.drained()
                    screen.finish(Outcome.FINISHED)
                    return
                # "Play again?" is asked once every message of the game's end has been handed to speech
                # (the winner's sentence first): nothing that says it, a wrong key's sentence or the
                # history key, can come before one of them.
                await screen.presenter.told()
                if screen.state.over and not screen.question_text() and not screen.paused():
                    screen.ask_play_again()
                continue
            if session.human_to_play or not session.drives_computers:
                await wake.wait()  # a person decides, or (online) the server moves its computers
                continue
            # The last message has been said to its end; then the player's pause. Keys may wake the loop
            # to look again, but never start the pause over: no key press can stall the game.
            await screen.presenter.drained()
            deadline = asyncio.get_running_loop().time() + screen.pause
            while not (screen.paused() or screen.state.over or screen.session.human_to_play):
                remaining = deadline - asyncio.get_running_loop().time()
                if remaining <= 0:
                    break
                wake.clear()
                await wait_event(wake, remaining)  # asyncio.wait_for can lose a cancellation (3.11)
            session = screen.session
            if screen.paused() or screen.state.over or session.human_to_play:
                continue
            try:
                state = screen.state
                decision = None
                if session.players[state.seat].policy.careful and state.phase is not Phase.ROLL:
                    # A careful player weighs its choice by the odds (up to a few tenths of a second, or a
                    # table being built): away from the keys, which go on answering meanwhile.
                    decision = await asyncio.to_thread(session.computer_decision)
                    if screen.state is not state or screen.paused():
                        continue  # the game moved on or was paused while it thought: look again
                screen.session.play_computer(decision)
            except Exception:
                log.exception("A computer player could not move")
                # Translators: a computer player's move failed (a bug); the game ends.
                screen.error(_("Something went wrong with a computer player; the game stops here."))
                screen.finish(Outcome.QUIT)
                return
            await asyncio.sleep(0)


__all__ = ["GameLoop", "Looped", "Pacing"]
