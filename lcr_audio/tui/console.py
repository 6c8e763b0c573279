"""Append-only printing for screen readers (DESIGN.md §3).

Each new line starts with the line break that ends the previous one, so the cursor always rests right
after the last sentence or question printed: screen readers and braille displays follow the cursor, and
nothing on the screen is ever redrawn.
"""

from __future__ import annotations

import contextlib
import logging
import re
import shutil
import threading
import time
from typing import TextIO

try:
    import termios
except ImportError:  # Windows: no terminal output to restart
    termios = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

WRITE_PATIENCE = 1.0
"""Seconds a write to the terminal may wait before the game restarts the terminal's output (a stopped
terminal, not a slow one: a screen reader's terminal takes a line in milliseconds)."""

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_BEFORE_NUMBER = re.compile(r" (?=\d)")
_HOLD = "\x00"  # never printed: control characters are removed before wrapping


def columns(text: str) -> int:
    """The columns ``text`` takes on a terminal: two for a wide character (CJK, most emoji), none for a
    combining one, as ``wcwidth`` measures them (issue 13, item 12). Control characters count as none."""
    if text.isascii():
        return len(text)
    from wcwidth import wcwidth  # only for text beyond ASCII: its tables take a while to import

    return sum(max(wcwidth(char), 0) for char in text)


def _wrap_line(line: str, width: int) -> str:
    """``line`` broken at spaces into lines of at most ``width`` columns; a word wider than that stays
    whole on a line of its own (the terminal then folds it, but no other word is cut)."""
    lines: list[str] = []
    current, used = "", 0
    for word in line.split(" "):
        size = columns(word)
        if current and used + 1 + size > width:
            lines.append(current)
            current, used = "", 0
        current, used = (f"{current} {word}", used + 1 + size) if current else (word, size)
    lines.append(current)
    return "\n".join(lines)


class Console:
    """Prints the game's lines to a text stream (the terminal, or a buffer in tests).

    Args:
        stream: where to write; flushed after every line.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self._mid_line = False
        self._lock = threading.Lock()
        try:
            self._terminal = stream.isatty()
        except (AttributeError, ValueError):
            self._terminal = False
        self._column = 0
        """Columns printed on the current line so far (the cursor's column)."""
        self._writing = threading.Event()
        self._write_number = 0
        if self._terminal and termios is not None:
            threading.Thread(target=self._restart_stopped_output, name="console-output", daemon=True).start()

    def _write(self, text: str) -> None:
        """Write and flush ``text`` (the lock held), watched by :meth:`_restart_stopped_output`."""
        self._write_number += 1
        self._writing.set()
        try:
            self.stream.write(text)
            self.stream.flush()
        finally:
            self._writing.clear()

    def _restart_stopped_output(self) -> None:
        """A write to the terminal that has waited :data:`WRITE_PATIENCE` seconds is waiting for output the
        terminal stopped (XOFF, Control+S, or ``tcflow``): restart it (``TCOON``), so that the game never
        hangs on its own output (issue 13, item 14). Runs in its own thread for the console's life."""
        while True:
            self._writing.wait()
            number = self._write_number
            time.sleep(WRITE_PATIENCE)
            if self._writing.is_set() and self._write_number == number:
                log.info("Output to the terminal was stopped; restarting it")
                with contextlib.suppress(termios.error, OSError, ValueError):
                    termios.tcflow(self.stream.fileno(), termios.TCOON)

    @staticmethod
    def _width() -> int:
        """The columns a line may take on the terminal (one fewer than it has: the cursor rests after it)."""
        return max(shutil.get_terminal_size((80, 24)).columns - 1, 1)

    @property
    def column(self) -> int:
        """The cursor's column on the current line (0: at its start)."""
        return self._column

    def room(self) -> int:
        """Columns left on the current line of a terminal (a file or pipe has room for anything)."""
        if not self._terminal:
            return 1 << 30
        return self._width() - self._column

    def _wrap(self, text: str) -> str:
        """On a terminal, break long lines between words: a terminal would cut them mid-word, and a screen
        reader reviewing line by line would read the halves of a word apart. Files and pipes get whole lines.
        """
        if not self._terminal:
            return text
        width = self._width()
        # A name and the number after it ("Cy 2") stay together: the space before a number is held by a
        # placeholder the wrapper does not break at, then put back.
        held = _BEFORE_NUMBER.sub(_HOLD, text)
        return "\n".join(_wrap_line(line, width) for line in held.split("\n")).replace(_HOLD, " ")

    def line(self, text: str) -> None:
        """Print ``text`` as a new line, leaving the cursor at its end. Control characters are removed; on a
        terminal, long lines are broken between words."""
        text = self._wrap(_CONTROL.sub("", text))
        with self._lock:
            self._write(("\n" if self._mid_line else "") + text)
            self._mid_line = True
            self._column = columns(text.rsplit("\n", 1)[-1])

    def finish_line(self) -> None:
        """End the current line (before another program, such as a line prompt, writes, and at exit)."""
        with self._lock:
            if self._mid_line:
                self._write("\n")
                self._mid_line = False
                self._column = 0

    def echo(self, text: str) -> None:
        """Print ``text`` at the cursor, on the current line (a typed answer, as it is typed). Control
        characters are removed."""
        text = _CONTROL.sub("", text)
        with self._lock:
            self._write(text)
            self._mid_line = True
            self._column += columns(text)

    def erase(self, text: str) -> None:
        """Remove ``text`` (just echoed) from the end of the current line: the cursor steps back over its
        columns (two for a wide character) and blanks them. Never moves the cursor up."""
        width = columns(text)
        with self._lock:
            self._write("\b" * width + " " * width + "\b" * width)
            self._column = max(self._column - width, 0)
