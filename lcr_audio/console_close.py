"""Closing the console window on Windows saves the game (issue 11, item 5), and so do Control+C and
Control+Break when they come as console signals (issue 21, item 10).

Windows sends no signal when the player closes the console window, logs off or shuts down: it calls the
handlers registered with ``SetConsoleCtrlHandler`` on a thread of its own, and ends the process as soon as
one returns (or about five seconds later). :func:`on_console_close` registers one that hands the event to
the game's event loop, waits until the game has saved, and only then lets Windows go on. While a screen
reads keys, prompt_toolkit reads Control+C as a key; between screens, and Control+Break always, it comes
as a console event instead, which the same handler takes: the game is saved and "Game saved." said, as the
key does, instead of Python's ``KeyboardInterrupt`` (or, for Control+Break, the process simply ending).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import threading
from collections.abc import Callable, Iterator

log = logging.getLogger(__name__)

CTRL_C_EVENT = 0
"""Control+C, when the console reads it as a signal (no screen is reading keys)."""
CTRL_BREAK_EVENT = 1
"""Control+Break (always a signal)."""
CTRL_CLOSE_EVENT = 2
"""The console window is being closed."""
CTRL_LOGOFF_EVENT = 5
"""The user is logging off."""
CTRL_SHUTDOWN_EVENT = 6
"""The system is shutting down."""
CLOSE_EVENTS = frozenset({CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT})
INTERRUPT_EVENTS = frozenset({CTRL_C_EVENT, CTRL_BREAK_EVENT})
"""Control+C and Control+Break: the game leaves as after the Control+C key; Windows then lets the process
run on (the handler said it handled them) until the game ends itself."""

SAVE_WAIT_SECONDS = 4.0
"""How long the handler holds Windows back while the game saves: Windows ends the process about five
seconds after the window's close button whatever the handler does."""


@contextlib.contextmanager
def on_console_close(loop: asyncio.AbstractEventLoop, callback: Callable[[], None]) -> Iterator[bool]:
    """While the block runs, closing the console window (or logging off, or shutting down), and Control+C
    or Control+Break as a console signal, run ``callback`` on ``loop`` (which must be running: the game's
    loop), and Windows waits until it has returned, at most :data:`SAVE_WAIT_SECONDS`.

    Yields True when the handler is in place; False, doing nothing, on any system but Windows or when
    Windows refused it.
    """
    if sys.platform != "win32":
        yield False
        return
    import ctypes
    from ctypes import wintypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
    handler_type = ctypes.WINFUNCTYPE(wintypes.BOOL, wintypes.DWORD)  # type: ignore[attr-defined,unused-ignore]

    def handler(event: int) -> bool:
        """Called by Windows on its own thread; True: handled, so Windows ends the process now."""
        if event not in CLOSE_EVENTS | INTERRUPT_EVENTS:
            return False  # an event this game does not know: the next handler's business
        done = threading.Event()

        def run() -> None:
            try:
                callback()
            except Exception:
                log.exception("Could not save when the console window closed")
            finally:
                done.set()

        try:
            loop.call_soon_threadsafe(run)
        except RuntimeError:  # the loop has closed: the game has ended already
            return False
        if not done.wait(SAVE_WAIT_SECONDS):
            log.warning("The console window closed before the game had saved")
        return True

    routine = handler_type(handler)  # held here: Windows calls it for as long as it is registered
    if not kernel32.SetConsoleCtrlHandler(routine, True):
        log.warning("Windows refused the console close handler")
        yield False
        return
    try:
        yield True
    finally:
        kernel32.SetConsoleCtrlHandler(routine, False)
