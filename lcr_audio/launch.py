"""The program's entry point: the ``lcr-audio`` command, ``python -m lcr_audio`` and the Windows bundle all
start here, so that a Control+C from the very start is quiet (issue 21, item 10).

Importing the game takes a good part of a second on a slow machine, before :func:`lcr_audio.cli.main` and
the screens can handle Control+C; Python's own handler would end it with a ``KeyboardInterrupt`` traceback
on the screen. So the first thing this module does, before it imports anything of the game, is to put
:func:`_interrupted` in place: the first Control+C (Control+Break on Windows, ``kill -INT``) unwinds as
``KeyboardInterrupt`` and :func:`main` leaves with :data:`INTERRUPTED`, saying nothing; any after it is
ignored, so that no second one can break into the way out. Once the game runs, its own handlers take over
(:func:`lcr_audio.app.handle_signals`: a game under way is saved, and "Game saved." said).
"""

from __future__ import annotations

import signal
from types import FrameType

INTERRUPTED = 130
"""The exit code after Control+C (128 + SIGINT, as shells report it)."""

INTERRUPTS = ("SIGINT", "SIGBREAK")
"""The signals a Control+C or Control+Break can arrive as (SIGBREAK exists on Windows only)."""


def _interrupted(signum: int, frame: FrameType | None) -> None:
    """The first Control+C: unwind (every ``finally`` puts back what it changed); any after it is ignored.

    Raises:
        KeyboardInterrupt: always.
    """
    quiet_interrupts(signal.SIG_IGN)
    raise KeyboardInterrupt


def quiet_interrupts(handler: signal.Handlers | object = _interrupted) -> list[str]:
    """Put ``handler`` (default :func:`_interrupted`) in place for every signal of :data:`INTERRUPTS` that
    this system has; returns their names. Does nothing off the main thread (Python allows handlers there
    only)."""
    installed: list[str] = []
    for name in INTERRUPTS:
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        try:
            signal.signal(sig, handler)  # type: ignore[arg-type]
        except ValueError:  # not the main thread
            continue
        installed.append(name)
    return installed


def main() -> int:
    """Run the game (:func:`lcr_audio.cli.main`, imported only now); a Control+C before it could handle one
    ends the program quietly with :data:`INTERRUPTED`. Returns the exit code, or ends the process with it
    (:func:`leave`)."""
    try:
        from lcr_audio.cli import main as run

        code = run()
    except KeyboardInterrupt:
        code = INTERRUPTED
    return leave(code)


def leave(code: int) -> int:
    """The program's end once the game is done with everything (saved, said, closed): returns ``code`` when
    no daemon thread is still running; else flushes the log and the standard streams and ends the process
    at once with ``code``, skipping the interpreter's finalization.

    Why: the game's background work (an odds table being made, the compiled kernel, the sound device opening)
    runs on daemon threads, often inside numpy's or a driver's native code. CPython before 3.14 ends such a
    thread with ``pthread_exit`` when it asks for the interpreter back during finalization, and the unwinding
    through C++ code aborts the whole process: "terminate called without an active exception" on the
    player's screen and an exit by SIGABRT, after "Goodbye." (CPython gh-87135; seen once in a loaded run
    of the signal tests). Nothing of the game's is left to finalize by then: saves and settings are written
    whole and closed when they are made.
    """
    import threading

    if not any(thread.daemon and thread.is_alive() for thread in threading.enumerate()):
        return code
    import contextlib
    import logging
    import os
    import sys

    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):  # closed, or none (pythonw)
            stream.flush()
    os._exit(code)


quiet_interrupts()  # at import: the first instruction of the program that is the game's own
