"""The lesson model: what a lesson is, what a question is, and how an answer is marked.

A :class:`Lesson` carries its question makers, so a lesson and the questions it asks are one object
(:mod:`lcr_audio.narration.practice.lessons` holds them all). A :class:`Question` keeps its starting state and
the actions played from it, so its answer can be worked out again by anyone (:func:`replay`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

from lcr_audio.engine import Action, Event, Face, GameState, Place, Rules, Seat, step
from lcr_audio.i18n import _, ngettext


class LessonKey(enum.StrEnum):
    """The stable name of each lesson (not translated): ``--lesson``, the settings' best scores."""

    FACES = "faces"
    """The faces of the dice (R3, R5)."""
    DICE = "dice"
    """How many dice a player rolls (R4)."""
    PASSING = "passing"
    """Passing chips left and right (R1, R5)."""
    POT = "pot"
    """The centre pot (R5)."""
    NO_CHIPS = "no-chips"
    """Players with no chips (R4)."""
    WINNING = "winning"
    """Winning the usual way (R10, R12)."""
    WILD = "wild"
    """Wild dice (R6, R7)."""
    THREE_WILDS_POT = "three-wilds-pot"
    """Three Wilds take the pot and play goes on (R8)."""
    THREE_WILDS_WIN = "three-wilds-win"
    """Three Wilds take the pot and win at once (R8)."""
    REVERSIBLE = "reversible"
    """Reversible dice (R9)."""
    ROLL_ALL_DOTS = "roll-all-dots"
    """The roll-all-dots win condition (R10)."""
    LAST_CHIP_IN_POT = "last-chip-in-pot"
    """The last-chip-in-pot win condition (R10)."""
    RESET = "reset"
    """Everyone gets chips again (R11)."""
    ODDS = "odds"
    """Who is likely to win: each seat's chance from the start, worked out exactly (R10, R13)."""
    BEST_CHOICE = "best-choice"
    """The best choice: a Wild's seat (R7) or the reversal (R9), by the exact best response (issue 25)."""


class AnswerKind(enum.Enum):
    """What kind of answer a question wants."""

    NUMBER = "number"
    """A whole number (chips, dice, faces)."""
    SEAT = "seat"
    """One of the question's ``choices``: a seat index, 0-based."""
    YES_NO = "yes-no"
    """True for yes, False for no."""


class Ask(enum.Enum):
    """What a question measures, so that its answer can be computed again from its state and actions.

    "After" means after playing the question's actions from its state; ``subject`` is the question's
    subject (a seat, or :data:`POT` where said).
    """

    FACE_COUNT = "face-count"
    """NUMBER: how many faces of one die under the state's rules show the question's ``face`` (R3)."""
    CHIPS = "chips"
    """NUMBER: the subject's chips after (R5)."""
    POT = "pot"
    """NUMBER: the pot after (R5)."""
    DICE = "dice"
    """NUMBER: the dice the subject rolls with their chips after: min(chips, 3) (R4), 3 when reversed (R9)."""
    RECEIVER = "receiver"
    """SEAT: where the first chips that left the subject (a seat or the pot) went (R5, R8)."""
    NEXT = "next"
    """SEAT: the seat to play after (R1, R4)."""
    WINNER = "winner"
    """SEAT: the winner after (R8, R10)."""
    WIN_TOTAL = "win-total"
    """NUMBER: the winner's total after, pot included (R12)."""
    OVER = "over"
    """YES_NO: the game is over after (R8, R10)."""
    WINS = "wins"
    """YES_NO: the subject has won after (R8, R10)."""
    ROLLS_NEXT = "rolls-next"
    """YES_NO: the subject is the seat to play after (R4)."""
    OUT = "out"
    """YES_NO: the subject is out: the game is over and they did not win (R4)."""
    CAN_CHOOSE = "can-choose"
    """YES_NO: the pending Wild may choose the subject (a seat, or POT: never) (R6, R7)."""
    MAY_REVERSE = "may-reverse"
    """YES_NO: the subject is to play and may reverse the dice (R9)."""
    MOST_LIKELY = "most-likely"
    """SEAT: the seat most likely to win the game that starts at the state, from its exact odds (R10, R13)."""
    LEAST_LIKELY = "least-likely"
    """SEAT: the seat least likely to win the game that starts at the state (R10, R13)."""
    IS_LEAST_LIKELY = "is-least-likely"
    """YES_NO: the subject is the seat least likely to win the game that starts at the state (R10, R13)."""
    MORE_LIKELY = "more-likely"
    """SEAT: of the seat to play first and the subject, the one more likely to win the game (R10, R13)."""
    BEST_TAKE = "best-take"
    """SEAT: after the actions, the seat the pending Wild should take from for the roller's best chance of
    winning, the roller playing its best from then on and the others the usual way (R7; issue 25)."""
    BEST_REVERSE = "best-reverse"
    """YES_NO: reversing the dice gives the seat to play its best chance of winning, as in BEST_TAKE (R9)."""


@dataclass(frozen=True, kw_only=True)
class Question:
    """One practice question, with everything needed to replay it.

    Attributes:
        lesson: the key of its lesson.
        text: the question, translated: the table, the roll, then what is asked.
        kind: what kind of answer it wants.
        answer: the right answer: a number, a seat index (SEAT) or a bool (YES_NO). Computed from the
            engine's result, never written by hand.
        choices: the seats to choose from, for SEAT questions (in turn order); empty otherwise.
        explanation: translated: the right answer and why, face by face.
        state: the state the question starts from (its rules are the lesson's).
        actions: the actions played from ``state`` (reversal, roll, Wild choices); may be empty.
        ask: what the question measures.
        subject: the seat (or :data:`POT`) the question is about; see :class:`Ask`.
        face: the face counted by FACE_COUNT questions.
        names: every seat's name; ``names[i]`` names seat ``i`` and labels it among ``choices``.
        you: the listener's seat when the question says "you", else None.
        note: translated: what a right answer hears after "Right." too (the odds lesson's computed chances,
            which are the lesson); empty for most questions.
    """

    lesson: LessonKey
    text: str
    kind: AnswerKind
    answer: int | bool
    choices: tuple[Seat, ...] = ()
    explanation: str
    state: GameState
    actions: tuple[Action, ...] = ()
    ask: Ask
    subject: Place = 0
    face: Face | None = None
    names: tuple[str, ...] = ()
    you: Seat | None = None
    note: str = ""


@dataclass(frozen=True)
class Lesson:
    """One lesson of practice mode: its words, its rules and the makers of its questions.

    Attributes:
        key: a stable name, not translated.
        title_text: the English title as in the catalog; :attr:`title` translates it.
        intro_text: the English introduction; :attr:`intro` translates it. A counted one (singular and
            plural, marked with ``Nn_``) says ``intro_count`` as ``{count}``.
        size: how many questions a run of the lesson asks.
        rules: the options in force for the lesson's questions.
        makers: the lesson's question makers; each draws one question from a
            :class:`~lcr_audio.narration.practice.scenes.Maker`'s RNG. The maker's type is left open here:
            scenes, which defines it, sits above this module, and naming it would close an import cycle
            (issue 23, item 4); :func:`~lcr_audio.narration.practice.lessons.questions` hands every maker one.
        intro_count: the number a counted introduction says, taken from the engine's rules (the most dice
            a player rolls, R4), never written into the sentence.
    """

    key: LessonKey
    title_text: str
    intro_text: str | tuple[str, str]
    size: int
    rules: Rules = field(default_factory=Rules)
    makers: tuple[Callable[..., Question], ...] = ()
    intro_count: int = 0

    @property
    def title(self) -> str:
        """The title in the current language."""
        return _(self.title_text)

    @property
    def intro(self) -> str:
        """The introduction, said before the first question, in the current language."""
        if isinstance(self.intro_text, tuple):
            return ngettext(*self.intro_text, self.intro_count).format(count=self.intro_count)
        return _(self.intro_text)


@dataclass
class Scene:
    """A table, its start, the actions played and what came of them.

    Attributes:
        names: every seat's name; the listener's seat is labelled "You".
        you: the listener's seat, or None when the question says no "you".
        start: the state the question starts from.
        actions: the actions played from ``start``, in order.
        final: the state after them (None before any).
        events: every event of those actions, in order.
        chosen: the seats chosen for Wilds, in order.
    """

    names: tuple[str, ...]
    you: Seat | None
    start: GameState
    actions: list[Action] = field(default_factory=list)
    final: GameState | None = None
    events: list[Event] = field(default_factory=list)
    chosen: list[Seat] = field(default_factory=list)

    @property
    def after(self) -> GameState:
        """The state after the actions played so far (the start before any)."""
        return self.final if self.final is not None else self.start

    def name(self, seat: Place) -> str:
        """The name of ``seat`` at this table ("You" for the listener's seat)."""
        return self.names[seat]

    def is_you(self, seat: Place) -> bool:
        """True when ``seat`` is the listener's."""
        return self.you is not None and seat == self.you


def replay(question: Question) -> tuple[GameState, tuple[Event, ...]]:
    """Play the question's actions from its state again: the state after them and every event."""
    state = question.state
    events: list[Event] = []
    for action in question.actions:
        state, batch = step(state, action)
        events.extend(batch)
    return state, tuple(events)
