"""The play screen's history: every message kept, and where the review keys stand in it (issue 23, item 4).

A :class:`History` owns the messages of a game as the table heard them (game messages, answers that were
kept, odds), the marks of where each batch of game messages begins (the transcript's game headings, the
scorekeeper's undo), and the place of the review keys: comma and period step back and forth (the first
press says the last message again), Home and End jump. It says nothing itself: each key's sentence is
returned, for the play screen to answer.
"""

from __future__ import annotations

from lcr_audio.i18n import _


class History:
    """Every message kept on a play screen, oldest first, and the review keys' place among them.

    Attributes:
        lines: the messages, oldest first (the scorekeeper marks an undone turn's lines in place).
        before: where each batch of game messages begins in :attr:`lines`: the number of the session's
            actions after the batch (0 for the game's opening) → the number of lines before its messages.
    """

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.before: dict[int, int] = {}
        self._position: int | None = None
        self._early = False

    @property
    def position(self) -> int | None:
        """The line the review keys last said, or None when they start again from the last one (after any
        new line)."""
        return self._position

    def add(self, text: str) -> None:
        """Keep ``text``, the newest line: the review keys start from it again."""
        self.lines.append(text)
        self._position = None

    def take_back(self, text: str) -> bool:
        """Remove the newest line when it is ``text`` (a question about to be asked again, once where it is
        heard); True when it was."""
        if self.lines and self.lines[-1] == text:
            self.lines.pop()
            return True
        return False

    def mark(self, actions: int) -> None:
        """A batch of game messages begins now, after the session's ``actions`` actions."""
        self.before[actions] = len(self.lines)

    def keep_marks(self, actions: int) -> None:
        """Forget the marks of batches after the session's first ``actions`` actions (an undo, or a new game:
        0)."""
        self.before = {count: at for count, at in self.before.items() if count <= actions}

    def line_of(self, actions: int) -> int | None:
        """The line where the batch after ``actions`` actions begins, or None when there is none."""
        return self.before.get(actions)

    def came_too_early(self) -> None:
        """A key that answers a question came before it was heard: the next first press of the history key
        says why it did nothing (issue 21, item 5)."""
        self._early = True

    def forget_too_early(self) -> None:
        """A new question is pending: a key too early for the one before is told no more."""
        self._early = False

    def step(self, delta: int) -> str:
        """Comma (``delta`` -1) or period (+1): the sentence to say. The first press after new lines says
        the last one again (or, after a key came too early, why it did nothing); the next ones step."""
        if self._position is None and self._early:
            self._early = False
            self._position = len(self.lines)
            # Translators: said by the history key (comma) after a key that answers a question (Space, Y or N)
            # was pressed before the question had been said, and was ignored (a soft sound played then).
            return _("That key came before its question was heard, so it did nothing.")
        if self._position is None:
            return self.jump(len(self.lines) - 1)
        return self.jump(self._position + delta)

    def jump(self, position: int) -> str:
        """Go to line ``position`` (Home: 0, End: the last) and return the sentence to say; past either end,
        the end line, saying it is the first or the last."""
        if not self.lines:
            # Translators: the player asked for a past message before anything was said.
            return _("No messages yet.")
        last = len(self.lines) - 1
        if 0 <= position <= last:
            self._position = position
            return self.lines[position]
        position = min(max(position, 0), last)
        self._position = position
        if position == 0:
            # Translators: stepping back past the first message; {text} is that message again.
            return _("First message. {text}").format(text=self.lines[position])
        # Translators: stepping forward past the last message; {text} is that message again.
        return _("Last message. {text}").format(text=self.lines[position])


__all__ = ["History"]
