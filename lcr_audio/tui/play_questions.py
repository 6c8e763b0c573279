"""The play screen's questions, from asked to answered (DESIGN.md §1; issue 10, item 5; issue 23, item 4).

Two kinds of question wait for a key on the play screen: the person's question of the game (roll, reverse,
a Wild's seat), and a yes-or-no question the screen opens (quit? play again? undo?). A
:class:`Questions` owns both: which texts ask the person's question and when one of them was first handed
to speech, the yes-or-no question open, when it was asked and its queued message. A key may answer a
question only once it was heard (:meth:`Questions.heard`); a yes-or-no question answered is never said
again (:meth:`Questions.take`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from lcr_audio.narration import Utterance
from lcr_audio.tui.input import answers_in_time


@dataclass(frozen=True)
class YesNoQuestion:
    """A yes-or-no question open on the play screen (quit? play again? undo?).

    Attributes:
        text: the question, naming Y and N.
        answer: called with the answer (True for Y).
        in_game: True when it interrupts the game (quit, undo), False when the game has ended.
    """

    text: str
    answer: Callable[[bool], None]
    in_game: bool = True


class Withdraws(Protocol):
    """What takes back a question's words not yet said (:class:`lcr_audio.tui.presenter.Presenter`)."""

    def withdraw(self, utterance: Utterance) -> bool:
        """Take back the game message ``utterance``; True if it had not been handed to speech yet."""

    def withdraw_waiting(self, part: str) -> int:
        """Take back the wrong keys' sentences still waiting that contain ``part``; how many."""


class Questions:
    """The questions pending on a play screen and when each was first heard.

    Args:
        speech: takes back the words of a question answered or asked another way.
        clock: monotonic seconds (the key presses' clock, :attr:`lcr_audio.tui.input.Press.stamp`); None:
            this module's ``time.monotonic()``, read at each call (a test's fake key clock replaces it).
    """

    def __init__(self, speech: Withdraws, clock: Callable[[], float] | None = None) -> None:
        self._speech = speech
        self._clock = clock
        self._asking: tuple[str, ...] = ()
        """The person's pending question counts as asked once a text containing one of these is handed to
        speech, by any path (DESIGN.md §1). Empty while no person has a question pending."""
        self._asked_at: float | None = None
        self._open: YesNoQuestion | None = None
        self._open_asked_at: float | None = None
        self._open_message: Utterance | None = None
        """The queued message of the yes-or-no question open at a game's end, taken back once answered."""

    def _now(self) -> float:
        return self._clock() if self._clock is not None else time.monotonic()

    # --- the person's question ---

    def pending(self, *texts: str) -> None:
        """A new question is pending for a person: the keys that answer it wait until a text containing one
        of ``texts`` has been handed to speech. No ``texts`` (or only empty ones): none is pending."""
        self._asking = tuple(text for text in texts if text)
        self._asked_at = None

    def asked_now(self) -> None:
        """The person's question counts as asked now (nothing was left to say before it)."""
        self._asked_at = self._now()

    # --- the yes-or-no question ---

    @property
    def open(self) -> YesNoQuestion | None:
        """The yes-or-no question open, or None."""
        return self._open

    def text(self) -> str:
        """The yes-or-no question open, or "" when none is."""
        return self._open.text if self._open is not None else ""

    def ask(self, question: YesNoQuestion, message: Utterance | None = None) -> None:
        """Open ``question``, not asked yet; ``message``: the game message that will ask it (queued after
        the game's last messages), taken back if it is asked another way first or answered. A question
        asked at once (no ``message``) leaves the message of one before, if any, to be taken back at its
        answer."""
        self._open = question
        self._open_asked_at = None
        if message is not None:
            self._open_message = message

    def take(self) -> YesNoQuestion | None:
        """Y or N came: the yes-or-no question open, now closed (None when none was), its words never said
        again, neither its message nor a wrong key's sentence waiting that repeats it."""
        question, self._open = self._open, None
        if question is not None:
            if self._open_message is not None:
                self._speech.withdraw(self._open_message)
                self._open_message = None
            self._speech.withdraw_waiting(question.text)
        return question

    # --- heard ---

    def handed(self, text: str, message: Utterance | None) -> None:
        """``text`` was handed to speech (``message``: the game message it is, if one): a pending question
        whose words it holds is asked now, whatever said it. Only the first time counts. A yes-or-no
        question asked another way before its own message was said is not said once more by it."""
        now = self._now()
        question = self._open
        if question is not None and self._open_asked_at is None and question.text in text:
            self._open_asked_at = now
            waiting = self._open_message
            if waiting is not None and message is not waiting and self._speech.withdraw(waiting):
                self._open_message = None
        if self._asked_at is None and any(part in text for part in self._asking):
            self._asked_at = now

    def heard(self, stamp: float) -> bool:
        """True when a key read at ``stamp`` came after the pending question was handed to speech, by the
        reaction time at least (issue 10, item 5): the yes-or-no question open, if any, else the person's."""
        asked = self._open_asked_at if self._open is not None else self._asked_at
        return answers_in_time(stamp, asked)


__all__ = ["Questions", "Withdraws", "YesNoQuestion"]
