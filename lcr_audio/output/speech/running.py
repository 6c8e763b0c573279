"""Whether the player's screen reader is running, asked of the system rather than of the screen reader
(issue 11): a screen reader that runs but cannot be reached (NVDA restarting, Windows on ARM where
accessible_output2 has no NVDA library, Narrator, which it does not drive, VoiceOver) still reads the
terminal, so the game must not speak with a voice of its own beside it.
"""

from __future__ import annotations

import logging
import subprocess

log = logging.getLogger(__name__)

SPI_GETSCREENREADER = 0x0046
"""``SystemParametersInfoW`` action: is a screen reader running? NVDA, JAWS and Narrator set the flag."""

PROBE_TIMEOUT = 2.0
"""Seconds a program asked on macOS may take to answer."""


def windows_screen_reader_running() -> bool:
    """True when Windows says a screen reader is running (``SPI_GETSCREENREADER``); False when it says
    none is, or cannot be asked."""
    try:
        import ctypes
        from ctypes import wintypes

        flag = wintypes.BOOL(False)
        user32 = ctypes.windll.user32  # type: ignore[attr-defined,unused-ignore]
        if not user32.SystemParametersInfoW(SPI_GETSCREENREADER, 0, ctypes.byref(flag), 0):
            return False
        return bool(flag.value)
    except Exception:  # no user32 (a service, a stripped Windows): cannot tell
        log.debug("Windows cannot say whether a screen reader runs", exc_info=True)
        return False


def voiceover_running() -> bool:
    """True when VoiceOver runs on macOS (a process named ``VoiceOver``, asked of ``pgrep``)."""
    try:
        done = subprocess.run(
            ["pgrep", "-x", "VoiceOver"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=PROBE_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0
