"""The player's terminal for the whole run (issue 13, items 9 and 14): its mode is noted at the start and put
back at the end whatever happened; flow control (XON/XOFF) is off all along, so a Control+S landing between
screens cannot stop the game's output; a stop (``kill -TSTP``) gives the shell the terminal as the player
had it, and a continue (``fg``, SIGCONT) puts back the mode the game was reading keys in.

The key loops (:class:`lcr_audio.tui.input.KeyLoop`) say when they read keys in raw mode
(:func:`reading_keys`), so that the mode put back after a stop is theirs: keys answered at once, never
echoed (a screen reader would read them).

POSIX only: where there is no ``termios`` (Windows) or standard input is no terminal, nothing is changed.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from prompt_toolkit.input import Input

try:
    import termios
except ImportError:  # Windows: prompt_toolkit's console input keeps its own mode
    termios = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

_player_mode: list[Any] | None = None
"""The terminal's attributes as the player had them when the run started (None: no terminal held)."""
_fileno = -1
_readers: list[Input] = []
"""The key inputs reading keys in raw mode now, innermost last."""


def _no_flow_control(attributes: list[Any]) -> list[Any]:
    """``attributes`` with XON/XOFF flow control off (``stty -ixon -ixoff``): Control+S and Control+Q are
    keys like any other, and never stop the game's output."""
    changed = list(attributes)
    changed[0] &= ~(termios.IXON | termios.IXOFF)  # the input flags (tty.IFLAG)
    return changed


@contextlib.contextmanager
def held(fileno: int) -> Iterator[bool]:
    """Hold the terminal on ``fileno`` (standard input) for the run: flow control off until the end, then
    the player's own mode back, exactly as it was. Yields False, changing nothing, where ``fileno`` is no
    POSIX terminal."""
    global _player_mode, _fileno
    if termios is None:
        yield False
        return
    try:
        before = termios.tcgetattr(fileno)
        termios.tcsetattr(fileno, termios.TCSANOW, _no_flow_control(before))
    except (termios.error, OSError, ValueError):  # no terminal there (-1: none at all)
        yield False
        return
    _player_mode, _fileno = before, fileno
    try:
        yield True
    finally:
        _player_mode, _fileno = None, -1
        with contextlib.suppress(termios.error, OSError):
            termios.tcsetattr(fileno, termios.TCSANOW, before)


@contextlib.contextmanager
def reading_keys(keys: Input) -> Iterator[None]:
    """Mark ``keys`` as reading in raw mode while the block runs (a key loop), for :func:`continued`."""
    _readers.append(keys)
    try:
        yield
    finally:
        if keys in _readers:
            _readers.remove(keys)


def stop() -> None:
    """SIGTSTP (``kill -TSTP``): give the terminal back in the player's own mode, then stop the process as
    the signal asked; :func:`continued` runs when it goes on."""
    if termios is not None and _player_mode is not None:
        with contextlib.suppress(termios.error, OSError):
            termios.tcsetattr(_fileno, termios.TCSANOW, _player_mode)
    os.kill(os.getpid(), signal.SIGSTOP)


def continued() -> None:
    """SIGCONT (``fg``): the shell may have put its own mode on the terminal; put back the game's: raw (no
    echo, each key at once) where a key loop reads keys, flow control off everywhere, output restarted."""
    if termios is None or _player_mode is None:
        return
    try:
        termios.tcsetattr(_fileno, termios.TCSANOW, _no_flow_control(termios.tcgetattr(_fileno)))
        if _readers:
            _readers[-1].raw_mode().__enter__()  # left by the key loop's own raw mode, which restores
        termios.tcflow(_fileno, termios.TCOON)  # output stopped while we were away goes on
    except (termios.error, OSError) as error:  # the terminal was closed (a hang-up sends SIGCONT too)
        log.info("The terminal mode could not be put back after a stop: %s", error)


__all__ = ["continued", "held", "reading_keys", "stop"]
