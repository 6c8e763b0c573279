"""The lists shown over a game: the options menu and the rules reader (issue 23, item 4).

An :class:`Overlays` owns which of them is open (at most one) and where it stands: Up and Down step
through its lines, Home and End go to the first and last, the options menu's Left and Right change the
option, the reader's Enter reads a whole section. Each key's sentence is returned, for the play screen to
answer; while a list is open the game is held (:attr:`Overlays.context` is not None).
"""

from __future__ import annotations

from lcr_audio.engine import Rules
from lcr_audio.tui.keys import Context
from lcr_audio.tui.options import OptionsMenu
from lcr_audio.tui.reader import Sections


class Overlays:
    """The options menu or the rules reader open over a game, or neither."""

    def __init__(self) -> None:
        self._options: OptionsMenu | None = None
        self._reader: Sections | None = None

    @property
    def context(self) -> Context | None:
        """:attr:`Context.OPTIONS` or :attr:`Context.READER` while one is open, else None."""
        if self._options is not None:
            return Context.OPTIONS
        if self._reader is not None:
            return Context.READER
        return None

    def open_options(self, menu: OptionsMenu) -> str:
        """Open the options menu ``menu``; its opening sentence."""
        self._options, self._reader = menu, None
        return menu.opening()

    def open_reader(self, rules: Rules | None) -> str:
        """Open the rules reader on ``rules`` (those in force come first); its opening sentence."""
        self._options, self._reader = None, Sections(rules)
        return self._reader.opening()

    def close(self) -> None:
        """Close whichever is open."""
        self._options = None
        self._reader = None

    def move(self, step: int) -> str:
        """Up (``step`` -1) or Down (+1): the line (option, or section title) now under review."""
        if self._options is not None:
            return self._options.move(step)
        if self._reader is not None:
            return self._reader.move(step)
        return ""

    def go(self, index: int) -> str:
        """Home (``index`` 0) or End (-1): the first or last line."""
        if self._options is not None:
            return self._options.go(index)
        if self._reader is not None:
            return self._reader.go(index)
        return ""

    def change(self, step: int) -> str:
        """Left or Right in the options menu: the option under review changed ("" in the reader)."""
        return self._options.change(step) if self._options is not None else ""

    def read(self) -> str:
        """Enter in the rules reader: the whole section ("" in the options menu)."""
        return self._reader.text() if self._reader is not None else ""

    def line(self) -> str:
        """The line under review ("" when neither is open)."""
        if self._options is not None:
            return self._options.line()
        if self._reader is not None:
            return self._reader.title()
        return ""


__all__ = ["Overlays"]
