"""Append-only printing for screen readers (DESIGN.md §3).

Each new line starts with the line break that ends the previous one, so the cursor always rests right
after the last sentence or question printed: screen readers and braille displays follow the cursor, and
nothing on the screen is ever redrawn.
"""

from __future__ import annotations

import re
import threading
from typing import TextIO

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class Console:
    """Prints the game's lines to a text stream (the terminal, or a buffer in tests).

    Args:
        stream: where to write; flushed after every line.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self._mid_line = False
        self._lock = threading.Lock()

    def line(self, text: str) -> None:
        """Print ``text`` as a new line, leaving the cursor at its end. Control characters are removed."""
        text = _CONTROL.sub("", text)
        with self._lock:
            self.stream.write(("\n" if self._mid_line else "") + text)
            self.stream.flush()
            self._mid_line = True

    def finish_line(self) -> None:
        """End the current line (before another program, such as a line prompt, writes, and at exit)."""
        with self._lock:
            if self._mid_line:
                self.stream.write("\n")
                self.stream.flush()
                self._mid_line = False
