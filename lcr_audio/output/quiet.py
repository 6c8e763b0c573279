"""Keep library noise off the terminal (DESIGN.md §3: a screen reader reads everything printed).

Some speech libraries print banners or errors while they start (accessible_output2 prints when speechd is
missing; ALSA complains on stderr when there is no sound card). :func:`quiet_output` sends both the Python
streams and the file descriptors 1 and 2 (which C code and child processes write to) to the null device
for the duration of a ``with`` block. Speech and sound both use it, so it belongs to neither: the sound
player imports it without loading the speech backends.

On Windows only the Python streams are muted: redirecting descriptor 2 there makes later Python-level writes
to stderr fail, and swapping descriptors 1 and 2 may close console handles prompt_toolkit holds (issue 11).
Windows' speech libraries (SAPI5 through COM, the screen readers' DLLs) print nothing of their own.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
import threading
from collections.abc import Iterator

_lock = threading.RLock()


def _flush_python_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with contextlib.suppress(Exception):
                stream.flush()


def redirects_descriptors() -> bool:
    """True where muting may swap file descriptors 1 and 2 (everywhere but Windows)."""
    return sys.platform != "win32"


def _flush_c_streams() -> None:
    """Flush C stdio buffers so text a library wrote while muted is not printed after the block."""
    if sys.platform == "win32":  # the C runtime of a DLL is not reachable in a portable way
        return
    with contextlib.suppress(Exception):
        ctypes.CDLL(None).fflush(None)


@contextlib.contextmanager
def quiet_output(*, stdout: bool = True) -> Iterator[None]:
    """Mute stdout and stderr, Python level and file descriptors 1 and 2, inside the ``with`` block.

    The whole process is muted (file descriptors are shared by all threads), so keep the block short: a
    backend's construction, not a game. Blocks may nest. Exceptions raised inside pass through unchanged
    after the streams are restored. ``stdout=False`` mutes stderr only: for a background thread, which must
    not mute the game's printed lines. On Windows the descriptors are left alone (see the module docstring).
    """
    with _lock:
        _flush_python_streams()
        saved: list[tuple[int, int]] = []
        devnull = os.open(os.devnull, os.O_WRONLY)
        descriptors = ((1, 2) if stdout else (2,)) if redirects_descriptors() else ()
        try:
            for fd in descriptors:
                try:
                    saved.append((fd, os.dup(fd)))
                except OSError:  # this descriptor is not open (e.g. pythonw on Windows)
                    continue
                os.dup2(devnull, fd)
            with open(os.devnull, "w", encoding="utf-8") as sink, contextlib.ExitStack() as muted:
                if stdout:
                    muted.enter_context(contextlib.redirect_stdout(sink))
                muted.enter_context(contextlib.redirect_stderr(sink))
                yield
        finally:
            _flush_c_streams()
            for fd, copy in saved:
                os.dup2(copy, fd)
                os.close(copy)
            os.close(devnull)
