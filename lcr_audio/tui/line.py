"""A line typed at a question: the setup's answers and the online table's chat share its keys and echo."""

from __future__ import annotations

from typing import ClassVar

from lcr_audio.i18n import _
from lcr_audio.output.speech import Speaker
from lcr_audio.tui.console import Console
from lcr_audio.tui.input import Press, Question, Voice, handles
from lcr_audio.tui.keys import Command


class TypedLine(Question[str]):
    """Characters are echoed as typed (in printing modes), Backspace removes the last one; subclasses say
    what Enter and Escape do, and which context they serve.

    Nothing is redrawn and the cursor never moves up: the question is printed once, the typed characters
    follow it on its line, or start a line of their own when a whole answer would not fit after it.

    Args:
        voice: where it speaks.
        console: where the typed characters are echoed.
        speaker: the speech output (its printing mode decides the echo).
    """

    limit: ClassVar[int] = 40
    """The most characters kept."""

    def __init__(self, voice: Voice, console: Console, speaker: Speaker) -> None:
        super().__init__(voice)
        self.console = console
        self.speaker = speaker
        self.typed = ""
        self._spaced = True
        """The answer is echoed after a space on the question's line (else on a line of its own)."""

    @property
    def _echo(self) -> bool:
        return self.speaker.prints

    @handles(Command.TYPE)
    def type(self, press: Press) -> None:
        """Add a typed character (any letter, digit or sign, in any script)."""
        if len(self.typed) >= self.limit:
            return
        if self._echo and self.typed:
            self.console.echo(press.data)
        elif self._echo:
            # A whole answer fits after the question, or it starts a line of its own: the terminal would
            # otherwise cut it across lines (issue 13, item 12).
            if self.console.room() <= min(self.limit, 40):
                self.console.finish_line()
            self._spaced = self.console.column > 0
            self.console.echo((" " if self._spaced else "") + press.data)
        self.typed += press.data

    @handles(Command.DELETE)
    def delete(self, press: Press) -> None:
        """Remove the last character typed."""
        if not self.typed:
            # Translators: Backspace with nothing typed, in the scorekeeper.
            self.voice.error(_("Nothing typed yet."))
            if self._echo:  # what is typed next starts a line of its own, not after this sentence
                self.console.finish_line()
            return
        last, self.typed = self.typed[-1], self.typed[:-1]
        if self._echo:
            self.console.erase(last if self.typed or not self._spaced else " " + last)

    def end_line(self) -> None:
        """The typed line is done: the next output starts a line of its own."""
        if self._echo:
            self.console.finish_line()
