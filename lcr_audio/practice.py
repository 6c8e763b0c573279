"""Practice mode: lessons of questions whose right answers come from the engine, never from a person.

Every question sets up a small table (DESIGN.md §2 rules in force for its lesson), plays real actions
through :func:`lcr_audio.engine.step` and asks about the result: chips, the pot, dice, who gets a chip, who
rolls next, who wins. The question keeps its starting :class:`GameState` and its actions, so anyone (the
tests, a curious player) can play them again. The explanation walks the roll face by face
(:func:`lcr_audio.rules_text.explain_roll`) and ends with the answer.

Usage::

    for q in questions("passing", seed=7):
        speak(q.text)
        right, reply = check(q, answer_from_player)
        speak(reply)
    speak(score_text(right_count, len(qs)))
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from .engine import (
    POT,
    REVERSAL_COST,
    Action,
    ChipsMoved,
    ChooseSeat,
    DiceRolled,
    Event,
    Face,
    GameState,
    GameWon,
    Phase,
    Place,
    Reverse,
    Roll,
    Rules,
    Seat,
    ThreeWilds,
    TurnSkipped,
    WinCondition,
    dice_for,
    left_of,
    new_game,
    right_of,
    step,
)
from .i18n import N_, _, ngettext
from .narration import phrases
from .narration.lists import and_list
from .rules_text import explain_roll, faces_list

L, C, R, D, W = Face.LEFT, Face.CENTER, Face.RIGHT, Face.DOT, Face.WILD
NAMES: tuple[str, ...] = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay")
"""The names practice tables are made of (never translated: they are names)."""


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


@dataclass(frozen=True, kw_only=True)
class Question:
    """One practice question, with everything needed to replay it.

    Attributes:
        lesson: its lesson's key.
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


class LessonKey(enum.StrEnum):
    """The stable name of a practice lesson (not translated): ``--lesson`` and the saved progress use it."""

    FACES = "faces"
    DICE = "dice"
    PASSING = "passing"
    POT = "pot"
    NO_CHIPS = "no-chips"
    WINNING = "winning"
    WILD = "wild"
    THREE_WILDS_POT = "three-wilds-pot"
    THREE_WILDS_WIN = "three-wilds-win"
    REVERSIBLE = "reversible"
    ROLL_ALL_DOTS = "roll-all-dots"
    LAST_CHIP_IN_POT = "last-chip-in-pot"
    RESET = "reset"


@dataclass(frozen=True)
class Lesson:
    """One lesson of practice mode.

    Attributes:
        key: its stable name.
        title_text: the English title as in the catalog; :attr:`title` translates it.
        intro_text: the English introduction; :attr:`intro` translates it.
        size: how many questions :func:`questions` gives.
        rules: the options in force for the lesson's questions.
    """

    key: LessonKey
    title_text: str
    intro_text: str
    size: int
    rules: Rules = field(default_factory=Rules)

    @property
    def title(self) -> str:
        """The title in the current language."""
        return _(self.title_text)

    @property
    def intro(self) -> str:
        """The introduction, said before the first question, in the current language."""
        return _(self.intro_text)


_WILD = Rules(wild=True)

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        LessonKey.FACES,
        # Translators: title of a practice lesson about the faces of the dice (R3, R5).
        N_("The faces of the dice"),
        # Translators: introduction of the practice lesson about the faces of the dice (R3, R5).
        N_("Each die has six faces. In this lesson you count them and see what each one does to a chip."),
        6,
    ),
    Lesson(
        LessonKey.DICE,
        # Translators: title of a practice lesson about how many dice a player rolls (R4).
        N_("How many dice"),
        # Translators: introduction of the practice lesson about how many dice a player rolls (R4).
        N_("You roll one die for each chip you hold, but never more than 3. Let's count some dice."),
        6,
    ),
    Lesson(
        LessonKey.PASSING,
        # Translators: title of a practice lesson about passing chips left and right (R1, R5).
        N_("Left and right"),
        # Translators: introduction of the practice lesson about passing chips (R1, R5).
        N_(
            "An L passes a chip to the player on your left, the next one to play; an R passes one to the "
            "player on your right, the one who played before you."
        ),
        8,
    ),
    Lesson(
        LessonKey.POT,
        # Translators: title of a practice lesson about the centre pot (R5).
        N_("The pot"),
        # Translators: introduction of the practice lesson about the centre pot (R5).
        N_("Each C puts one of your chips in the pot in the middle, and it stays there until someone wins."),
        6,
    ),
    Lesson(
        LessonKey.NO_CHIPS,
        # Translators: title of a practice lesson about players with no chips (R4).
        N_("No chips left"),
        # Translators: introduction of the practice lesson about players with no chips (R4).
        N_(
            "A player with no chips doesn't roll, but stays in the game: a chip from a neighbour brings "
            "them back."
        ),
        6,
    ),
    Lesson(
        LessonKey.WINNING,
        # Translators: title of a practice lesson about winning the usual way (R10, R12).
        N_("Winning"),
        # Translators: introduction of the practice lesson about winning the usual way (R10, R12).
        N_(
            "The game ends when a turn leaves only one player with chips. That player wins and takes the pot."
        ),
        6,
    ),
    Lesson(
        LessonKey.WILD,
        # Translators: title of a practice lesson about Wild dice (R6, R7).
        N_("Wild dice"),
        # Translators: introduction of the practice lesson about Wild dice (R6, R7).
        N_(
            "With Wild dice, each Wild takes a chip from a player you choose. The letters are played first, "
            "then the Wilds."
        ),
        6,
        _WILD,
    ),
    Lesson(
        LessonKey.THREE_WILDS_POT,
        # Translators: title of a practice lesson: three Wilds take the pot and play goes on (R8).
        N_("Three Wilds: take the pot"),
        # Translators: introduction of the practice lesson: three Wilds take the pot, play goes on (R8).
        N_("Here three Wilds in one roll take the whole pot, and the game goes on."),
        5,
        _WILD,
    ),
    Lesson(
        LessonKey.THREE_WILDS_WIN,
        # Translators: title of a practice lesson: three Wilds take the pot and win at once (R8).
        N_("Three Wilds: win at once"),
        # Translators: introduction of the practice lesson: three Wilds take the pot and win (R8).
        N_("Here three Wilds in one roll take the whole pot and win the game on the spot."),
        5,
        Rules(wild=True, three_wilds=ThreeWilds.WIN),
    ),
    Lesson(
        LessonKey.REVERSIBLE,
        # Translators: title of a practice lesson about reversible dice (R9).
        N_("Reversible dice"),
        # Translators: introduction of the practice lesson about reversible dice (R9).
        N_(
            "With more than 3 chips you may pay 3 into the pot to reverse the dice. Reversed letters take "
            "chips instead of giving them."
        ),
        6,
        Rules(reversible=True),
    ),
    Lesson(
        LessonKey.ROLL_ALL_DOTS,
        # Translators: title of a practice lesson about the roll-all-dots win condition (R10).
        N_("Winning with all dots"),
        # Translators: introduction of the practice lesson about the roll-all-dots win condition (R10).
        N_("Here the last player with chips must roll nothing but dots to win."),
        6,
        Rules(win=WinCondition.ROLL_ALL_DOTS),
    ),
    Lesson(
        LessonKey.LAST_CHIP_IN_POT,
        # Translators: title of a practice lesson about the last-chip-in-pot win condition (R10).
        N_("Winning with the last chip in the pot"),
        # Translators: introduction of the practice lesson about the last-chip-in-pot win condition (R10).
        N_("Here the last player with chips must put their last chips in the pot to win."),
        6,
        Rules(win=WinCondition.LAST_CHIP_IN_POT),
    ),
    Lesson(
        LessonKey.RESET,
        # Translators: title of a practice lesson about everyone getting chips again (R11).
        N_("Everyone starts again"),
        # Translators: introduction of the practice lesson about everyone getting chips again (R11).
        N_(
            "When a turn leaves nobody with chips and nobody has won, everyone gets the starting chips "
            "again. The pot keeps its chips. The lesson plays with the roll all dots way to win."
        ),
        5,
        Rules(win=WinCondition.ROLL_ALL_DOTS),
    ),
)
"""Every lesson, in the order practice mode offers them."""


def lesson(key: LessonKey | str) -> Lesson:
    """The lesson called ``key``.

    Raises:
        KeyError: no lesson has that key.
    """
    for item in LESSONS:
        if item.key == key:
            return item
    raise KeyError(key)


def questions(lesson_key: LessonKey | str, seed: int) -> list[Question]:
    """The questions of one lesson: ``size`` of them, the same for the same seed, varied by it.

    Args:
        lesson_key: a key of :data:`LESSONS`.
        seed: seeds ``random.Random(seed)``, which picks the tables, chips, rolls and Wild choices.

    Raises:
        KeyError: no lesson has that key.
    """
    item = lesson(lesson_key)
    rng = random.Random(seed)
    makers = list(_MAKERS[item.key])
    rng.shuffle(makers)
    out: list[Question] = []
    seen: set[str] = set()
    attempts = 0
    retry = False
    while len(out) < item.size:
        maker = rng.choice(makers) if retry else makers[len(out) % len(makers)]
        question = maker(_Maker(item, rng))
        attempts += 1
        retry = question.text in seen and attempts < 40 * item.size
        if retry:
            continue  # the same question twice in one lesson: draw another
        seen.add(question.text)
        out.append(question)
    return out


def check(question: Question, answer: int | bool) -> tuple[bool, str]:
    """Mark an answer: (right?, what to say).

    Right: "Right." Wrong: "Not quite: " and the explanation. A YES_NO question wants a bool and the
    others an int: True is not the number 1 here.
    """
    wants_bool = question.kind is AnswerKind.YES_NO
    right = isinstance(answer, bool) == wants_bool and answer == question.answer
    if right:
        # Translators: practice mode, the player's answer is right.
        return True, _("Right.")
    # Translators: practice mode, the player's answer is wrong; {explanation} is the right answer and why.
    return False, _("Not quite: {explanation}").format(explanation=question.explanation)


def score_text(right: int, total: int) -> str:
    """The score at the end of a lesson: "7 of 8."."""
    # Translators: practice mode, the score after a lesson: {right} answers right out of {total} questions.
    text = ngettext("{right} of {total}.", "{right} of {total}.", total)
    return text.format(right=right, total=total)


def replay(question: Question) -> tuple[GameState, tuple[Event, ...]]:
    """Play the question's actions from its state again: the state after them and every event."""
    state = question.state
    events: list[Event] = []
    for action in question.actions:
        state, batch = step(state, action)
        events.extend(batch)
    return state, tuple(events)


def compute_answer(question: Question) -> int | bool:
    """The answer to ``question`` as the engine gives it now (what :attr:`Question.answer` holds)."""
    final, events = replay(question)
    return _measure(question.ask, question.subject, question.face, question.state, final, events)


# --- measuring ------------------------------------------------------------------------------------------


def _measure(
    ask: Ask, subject: Place, face: Face | None, start: GameState, final: GameState, events: Sequence[Event]
) -> int | bool:
    """Compute what ``ask`` measures from the state before and after the actions and their events."""
    if ask is Ask.FACE_COUNT:
        return start.rules.die.count(face) if face is not None else 0
    if ask is Ask.CHIPS:
        return final.chips[subject]
    if ask is Ask.POT:
        return final.pot
    if ask is Ask.DICE:
        if final.seat == subject and final.reversed and final.phase is Phase.ROLL:
            return final.dice_to_roll
        return dice_for(final.chips[subject])
    if ask is Ask.RECEIVER:
        moved = next(e for e in events if isinstance(e, ChipsMoved) and e.source == subject)
        return moved.target
    if ask is Ask.NEXT:
        return final.seat
    if ask is Ask.WINNER:
        return final.winner if final.winner is not None else -1
    if ask is Ask.WIN_TOTAL:
        return next(e.total for e in events if isinstance(e, GameWon))
    if ask is Ask.OVER:
        return final.over
    if ask is Ask.WINS:
        return final.winner == subject
    if ask is Ask.ROLLS_NEXT:
        return not final.over and final.seat == subject
    if ask is Ask.OUT:
        return final.over and final.winner != subject
    if ask is Ask.CAN_CHOOSE:
        return subject in final.choices
    return final.phase is Phase.REVERSE and final.seat == subject


# --- building questions ---------------------------------------------------------------------------------


@dataclass
class _Scene:
    """A table, its start, the actions played and what came of them."""

    names: tuple[str, ...]
    you: Seat | None
    start: GameState
    actions: list[Action] = field(default_factory=list)
    final: GameState | None = None
    events: list[Event] = field(default_factory=list)
    chosen: list[Seat] = field(default_factory=list)

    @property
    def after(self) -> GameState:
        return self.final if self.final is not None else self.start

    def name(self, seat: Place) -> str:
        return self.names[seat]

    def is_you(self, seat: Place) -> bool:
        return self.you is not None and seat == self.you


class _Maker:
    """Draws tables and rolls for one lesson's questions from the lesson's RNG."""

    def __init__(self, item: Lesson, rng: random.Random) -> None:
        self.lesson = item
        self.rules = item.rules
        self.rng = rng

    # --- tables ---

    def table(self, players: int | None = None, *, chips: int | None = None) -> Rules:
        """The lesson's rules with a drawn number of players (3 to 5) and, if given, starting chips."""
        count = players if players is not None else self.rng.randint(3, 5)
        return replace(self.rules, players=count, chips=chips if chips is not None else self.rules.chips)

    def names(self, players: int) -> tuple[str, ...]:
        return tuple(self.rng.sample(NAMES, players))

    def scene(
        self,
        rules: Rules,
        chips: Sequence[int],
        pot: int,
        seat: Seat,
        *,
        you: bool,
        listener: Seat | None = None,
    ) -> _Scene:
        """A state where ``seat`` is about to play (reverse or roll) with these chips and pot.

        The listener ("you") is ``seat`` when ``you`` is true, else ``listener`` (None: nobody); their seat
        is labelled "You" among the names. Under R10 ``last-with-chips`` a seat is given a chip when fewer
        than two hold any, since such a game would already be over.
        """
        chips = list(chips)
        if rules.win is WinCondition.LAST_WITH_CHIPS and sum(1 for n in chips if n > 0) < 2:
            others = [s for s in range(rules.players) if s != seat and chips[s] == 0]
            chips[self.rng.choice(others)] = 1
        state, _events = new_game(rules, first=seat)
        phase = Phase.REVERSE if rules.reversible and chips[seat] > REVERSAL_COST else Phase.ROLL
        state = replace(state, chips=tuple(chips), pot=pot, phase=phase)
        who = seat if you else listener
        names = list(self.names(rules.players))
        if who is not None:
            names[who] = you_label()
        return _Scene(tuple(names), who, state)

    # --- playing ---

    def faces(self, count: int, alphabet: Sequence[Face]) -> tuple[Face, ...]:
        return tuple(self.rng.choice(alphabet) for _ in range(count))

    def play(
        self,
        scene: _Scene,
        faces: tuple[Face, ...] | None = None,
        *,
        reverse: bool | None = None,
        alphabet: Sequence[Face] | None = None,
        choose: bool = True,
    ) -> _Scene:
        """Play a reversal decision (if asked), a roll and, with ``choose``, every Wild choice (drawn)."""
        state = scene.start
        if reverse is not None and state.phase is Phase.REVERSE:
            self.do(scene, state, Reverse(reverse))
            state = scene.after
        if faces is None:
            faces = self.faces(state.dice_to_roll, alphabet or state.rules.die)
        self.do(scene, state, Roll(faces))
        while choose and scene.after.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            seat = self.rng.choice(scene.after.choices)
            scene.chosen.append(seat)
            self.do(scene, scene.after, ChooseSeat(seat))
        return scene

    @staticmethod
    def do(scene: _Scene, state: GameState, action: Action) -> None:
        """Play ``action`` from ``state`` and record it and its events in ``scene``."""
        final, events = step(state, action)
        scene.actions.append(action)
        scene.events.extend(events)
        scene.final = final

    # --- the question ---

    def question(
        self,
        scene: _Scene,
        text: Sequence[str],
        ask: Ask,
        subject: Place = 0,
        *,
        kind: AnswerKind = AnswerKind.NUMBER,
        choices: Sequence[Seat] = (),
        face: Face | None = None,
        why: Sequence[str] = (),
    ) -> Question:
        """Compute the answer, explain it and make the :class:`Question`."""
        answer = _measure(ask, subject, face, scene.start, scene.after, scene.events)
        explanation = [*self._roll_explained(scene), *why, *_skips(scene, ask)]
        explanation.append(_conclusion(scene, ask, subject, answer, face))
        return Question(
            lesson=self.lesson.key,
            text=" ".join(t for t in text if t),
            kind=kind,
            answer=answer,
            choices=tuple(choices),
            explanation=" ".join(s for s in explanation if s),
            state=scene.start,
            actions=tuple(scene.actions),
            ask=ask,
            subject=subject,
            face=face,
            names=scene.names,
            you=scene.you,
        )

    @staticmethod
    def _roll_explained(scene: _Scene) -> list[str]:
        rolled = next((e for e in scene.events if isinstance(e, DiceRolled)), None)
        if rolled is None:
            return []
        return [explain_roll(scene.events, scene.names, scene.is_you(rolled.seat), listener=scene.you)]


def _skips(scene: _Scene, ask: Ask) -> list[str]:
    """For "who rolls next" questions: the seats the dice passed by (R4)."""
    if ask not in (Ask.NEXT, Ask.ROLLS_NEXT):
        return []
    # Translators: practice mode, explaining who rolls next: {name} has no chips and is passed by (R4).
    text = _("{name} has no chips, so the dice pass {name} by.")
    return [text.format(name=scene.name(e.seat)) for e in scene.events if isinstance(e, TurnSkipped)]


# --- sentences of the questions -------------------------------------------------------------------------


def _order_after_you(scene: _Scene) -> str:
    """ "After you, in order of play, come Bo, Cy and Dee." (R1)."""
    assert scene.you is not None
    players = len(scene.names)
    others = [scene.name((scene.you + k) % players) for k in range(1, players)]
    # Translators: practice mode: the other players in order of play, starting with the one on the
    # listener's left. {names} is a list of names ("Bo, Cy, and Dee").
    return _("After you, in order of play, come {names}.").format(names=and_list(others))


def _order(scene: _Scene) -> str:
    """ "In order of play, the players are Ana, Bo, Cy and Dee." (R1); from "you" when you play."""
    if scene.you is not None:
        return _order_after_you(scene)
    # Translators: practice mode: every player in order of play; each one's left neighbour is the next in
    # the list and the first follows the last. {names} is a list of names.
    return _("In order of play, the players are {names}.").format(names=and_list(scene.names))


def _has(scene: _Scene, seat: Seat) -> str:
    """ "Bo has 2 chips." / "You have no chips."."""
    count = scene.start.chips[seat]
    if scene.is_you(seat):
        if count == 0:
            # Translators: practice mode: the listener holds no chips.
            return _("You have no chips.")
        # Translators: practice mode: the listener holds {count} chips.
        return ngettext("You have {count} chip.", "You have {count} chips.", count).format(count=count)
    if count == 0:
        # Translators: practice mode: the player {name} holds no chips.
        return _("{name} has no chips.").format(name=scene.name(seat))
    # Translators: practice mode: the player {name} holds {count} chips.
    text = ngettext("{name} has {count} chip.", "{name} has {count} chips.", count)
    return text.format(name=scene.name(seat), count=count)


def _pot_holds(scene: _Scene) -> str:
    """ "The pot holds 4 chips." / "The pot is empty."."""
    count = scene.start.pot
    if count == 0:
        # Translators: practice mode: the centre pot holds no chips.
        return _("The pot is empty.")
    # Translators: practice mode: the centre pot holds {count} chips.
    return ngettext("The pot holds {count} chip.", "The pot holds {count} chips.", count).format(count=count)


def you_label() -> str:
    """The listener's own seat among a question's names and choices: "You"."""
    # Translators: practice mode: the listener's own seat, read among the players to choose from.
    return _("You")


def _nobody_else() -> str:
    # Translators: practice mode: only the player just named holds chips.
    return _("Nobody else has any chips.")


def _started_with(count: int) -> str:
    # Translators: practice mode: every player started the game with {count} chips (R11).
    return ngettext(
        "Everyone started the game with {count} chip.", "Everyone started the game with {count} chips.", count
    ).format(count=count)


def _roll_sentence(scene: _Scene, with_chips: bool = True) -> str:
    """ "You have 3 chips and roll L, dot, C." / "Bo reverses the dice and rolls R, C, dot."."""
    rolled = next(e for e in scene.events if isinstance(e, DiceRolled))
    seat, faces = rolled.seat, faces_list(rolled.faces)
    count, name = scene.start.chips[seat], scene.name(seat)
    if rolled.reversed:
        if scene.is_you(seat):
            # Translators: practice mode: the listener, holding {count} chips, pays 3 of them to reverse the
            # dice (R9) and rolls {faces} ("L, dot, C").
            text = ngettext(
                "You have {count} chip, reverse the dice and roll {faces}.",
                "You have {count} chips, reverse the dice and roll {faces}.",
                count,
            )
        else:
            # Translators: practice mode: {name}, holding {count} chips, pays 3 of them to reverse the dice
            # (R9) and rolls {faces} ("L, dot, C").
            text = ngettext(
                "{name} has {count} chip, reverses the dice and rolls {faces}.",
                "{name} has {count} chips, reverses the dice and rolls {faces}.",
                count,
            )
        return text.format(name=name, count=count, faces=faces)
    if not with_chips:  # the turn narration's sentence
        return phrases.rolls(name, [phrases.face(f) for f in rolled.faces], False, you=scene.is_you(seat))
    if scene.is_you(seat):
        # Translators: practice mode: the listener holds {count} chips and rolls {faces} ("L, dot, C").
        text = ngettext(
            "You have {count} chip and roll {faces}.", "You have {count} chips and roll {faces}.", count
        )
    else:
        # Translators: practice mode: {name} holds {count} chips and rolls {faces} ("L, dot, C").
        text = ngettext(
            "{name} has {count} chip and rolls {faces}.", "{name} has {count} chips and rolls {faces}.", count
        )
    return text.format(name=name, count=count, faces=faces)


def _choices_sentence(scene: _Scene) -> str:
    """Who the Wilds took from or gave to, in the turn narration's words: "You take a chip from Bo." (R7,
    R9); a seat chosen twice: "You take 2 chips from Bo."."""
    if not scene.chosen:
        return ""
    rolled = next(e for e in scene.events if isinstance(e, DiceRolled))
    you, name = scene.is_you(rolled.seat), scene.name(rolled.seat)
    sentences: list[str] = []
    for seat, count in Counter(scene.chosen).items():
        other, mine = scene.name(seat), scene.is_you(seat)
        if rolled.reversed:
            sentences.append(phrases.gives_to(name, other, count, you=you, to_you=mine))
        else:
            sentences.append(phrases.takes_from(name, other, count, you=you, from_you=mine))
    return " ".join(sentences)


# --- the questions themselves ---


def _ask_chips(scene: _Scene, seat: Seat) -> str:
    if scene.is_you(seat):
        # Translators: practice mode question (a number).
        return _("How many chips do you have now?")
    # Translators: practice mode question (a number) about the player {name}.
    return _("How many chips does {name} have now?").format(name=scene.name(seat))


def _ask_pot() -> str:
    # Translators: practice mode question (a number).
    return _("How many chips are in the pot now?")


def _ask_dice(scene: _Scene, seat: Seat, *, next_turn: bool) -> str:
    if next_turn:
        if scene.is_you(seat):
            # Translators: practice mode question (a number): the dice of the listener's next turn.
            return _("If nobody passes you a chip, how many dice do you roll on your next turn?")
        # Translators: practice mode question (a number): the dice of {name}'s next turn.
        return _("If nobody passes {name} a chip, how many dice does {name} roll next turn?").format(
            name=scene.name(seat)
        )
    if scene.is_you(seat):
        # Translators: practice mode question (a number).
        return _("How many dice do you roll?")
    # Translators: practice mode question (a number) about the player {name}.
    return _("How many dice does {name} roll?").format(name=scene.name(seat))


def _ask_dice_next_player(scene: _Scene, seat: Seat) -> str:
    # Translators: practice mode question (a number): {name} plays right after the roll just described.
    return _("{name} plays next. How many dice does {name} roll?").format(name=scene.name(seat))


def _ask_receiver(scene: _Scene, source: Place) -> str:
    if source == POT:
        # Translators: practice mode question: pick a player.
        return _("Who gets the pot?")
    if scene.is_you(source):
        # Translators: practice mode question: pick a player.
        return _("Who gets your chip?")
    # Translators: practice mode question: pick a player. {name} is the player who rolled.
    return _("Who gets {name}'s chip?").format(name=scene.name(source))


def _ask_next() -> str:
    # Translators: practice mode question: pick a player.
    return _("Who rolls next?")


def _ask_winner() -> str:
    # Translators: practice mode question: pick a player.
    return _("Who wins the game?")


def _ask_total(scene: _Scene, seat: Seat) -> str:
    if scene.is_you(seat):
        # Translators: practice mode question (a number): the listener's total when they win, pot included.
        return _("If you win, with how many chips?")
    # Translators: practice mode question (a number): {name}'s total when they win, pot included.
    return _("If {name} wins, with how many chips?").format(name=scene.name(seat))


def _ask_over() -> str:
    # Translators: practice mode question (yes or no).
    return _("Is the game over?")


def _ask_wins(scene: _Scene, seat: Seat) -> str:
    if scene.is_you(seat):
        # Translators: practice mode question (yes or no).
        return _("Do you win?")
    # Translators: practice mode question (yes or no) about the player {name}.
    return _("Does {name} win?").format(name=scene.name(seat))


def _ask_rolls_next(scene: _Scene, seat: Seat) -> str:
    # Translators: practice mode question (yes or no) about the player {name}.
    return _("Does {name} roll next?").format(name=scene.name(seat))


def _ask_out(scene: _Scene, seat: Seat) -> str:
    # Translators: practice mode question (yes or no) about the player {name}, who has no chips (R4).
    return _("Is {name} out of the game?").format(name=scene.name(seat))


def _ask_can_choose(scene: _Scene, target: Place) -> str:
    if target == POT:
        # Translators: practice mode question (yes or no) about the listener's Wild (R7).
        return _("Can your Wild take a chip from the pot?")
    # Translators: practice mode question (yes or no) about the listener's Wild and the player {name} (R6,
    # R7).
    return _("Can your Wild take a chip from {name}?").format(name=scene.name(target))


def _ask_may_reverse(scene: _Scene, seat: Seat) -> str:
    if scene.is_you(seat):
        # Translators: practice mode question (yes or no): reversible dice (R9).
        return _("It's your turn. May you reverse the dice?")
    # Translators: practice mode question (yes or no) about the player {name}: reversible dice (R9).
    return _("It's {name}'s turn. May {name} reverse the dice?").format(name=scene.name(seat))


def _ask_face_count(face: Face) -> str:
    if face is Face.DOT:
        # Translators: practice mode question (a number) about one die (R3).
        return _("How many faces of a die show a dot?")
    if face is Face.WILD:
        # Translators: practice mode question (a number) about one die with Wild dice on (R3).
        return _("With Wild dice on, how many faces of a die show a Wild?")
    # Translators: practice mode question (a number) about one die (R3); {letter} is L, C or R.
    return _("How many faces of a die show the letter {letter}?").format(letter=phrases.face(face))


def _ask_face_count_wild_dots() -> str:
    # Translators: practice mode question (a number) about one die with Wild dice on (R3).
    return _("With Wild dice on, how many faces of a die show a dot?")


# --- conclusions ---


def _conclusion(scene: _Scene, ask: Ask, subject: Place, answer: int | bool, face: Face | None) -> str:
    """The last sentence of an explanation: the right answer, said plainly."""
    you = scene.is_you(subject)
    name = scene.name(subject) if 0 <= subject < len(scene.names) else ""
    number = int(answer)
    if ask is Ask.FACE_COUNT:
        # Translators: practice mode explanation (R3): {faces} lists the six faces of one die ("L, C, R, dot,
        # dot, dot"), {count} how many show the face asked about.
        text = ngettext(
            "A die has these six faces: {faces}. So the answer is {count}.",
            "A die has these six faces: {faces}. So the answer is {count}.",
            number,
        )
        return text.format(faces=faces_list(scene.start.rules.die), count=number)
    if ask is Ask.CHIPS and number == 0:
        if you:
            # Translators: practice mode explanation, last sentence: the listener has no chips left.
            return _("So you have no chips now.")
        # Translators: practice mode explanation, last sentence: {name} has no chips left.
        return _("So {name} has no chips now.").format(name=name)
    if ask is Ask.CHIPS:
        if you:
            # Translators: practice mode explanation, last sentence: the listener's chips now.
            text = ngettext("So you have {count} chip now.", "So you have {count} chips now.", number)
        else:
            # Translators: practice mode explanation, last sentence: {name}'s chips now.
            text = ngettext("So {name} has {count} chip now.", "So {name} has {count} chips now.", number)
        return text.format(name=name, count=number)
    if ask is Ask.POT:
        if number == 0:
            # Translators: practice mode explanation, last sentence: the pot is empty now.
            return _("So the pot is empty now.")
        # Translators: practice mode explanation, last sentence: the pot holds {count} chips now.
        return ngettext(
            "So the pot holds {count} chip now.", "So the pot holds {count} chips now.", number
        ).format(count=number)
    if ask is Ask.DICE:
        return _dice_conclusion(scene, subject, number, you, name)
    if ask in (Ask.RECEIVER, Ask.NEXT, Ask.WINNER) and scene.is_you(number):
        # Translators: practice mode explanation, last sentence of a question whose answer is the listener.
        return _("So the answer is you.")
    if ask in (Ask.RECEIVER, Ask.NEXT, Ask.WINNER):
        # Translators: practice mode explanation, last sentence of a question answered with a player.
        return _("So the answer is {name}.").format(name=scene.name(number))
    if ask is Ask.WIN_TOTAL:
        if you:
            # Translators: practice mode explanation, last sentence: the listener's winning total (R12).
            text = ngettext("So you win with {count} chip.", "So you win with {count} chips.", number)
        else:
            # Translators: practice mode explanation, last sentence: {name}'s winning total (R12).
            text = ngettext("So {name} wins with {count} chip.", "So {name} wins with {count} chips.", number)
        return text.format(name=name, count=number)
    if ask is Ask.OVER:
        if answer:
            # Translators: practice mode explanation, last sentence: yes, the game is over.
            return _("So yes, the game is over.")
        # Translators: practice mode explanation, last sentence: no, the game goes on.
        return _("So no, the game goes on.")
    if ask is Ask.WINS:
        return _wins_conclusion(bool(answer), you, name)
    if ask is Ask.ROLLS_NEXT:
        if answer:
            # Translators: practice mode explanation, last sentence: yes, {name} rolls next.
            return _("So yes, {name} rolls next.").format(name=name)
        # Translators: practice mode explanation, last sentence: no, {other} rolls next, not {name}.
        return _("So no: {other} rolls next, not {name}.").format(
            other=scene.name(scene.after.seat), name=name
        )
    if ask is Ask.OUT:
        # Translators: practice mode explanation: a player without chips is not out (R4). {name} is that
        # player.
        return _(
            "No: {name} stays in the game without chips, only skipped until a chip comes back. Nobody is out "
            "until the game ends."
        ).format(name=name)
    if ask is Ask.CAN_CHOOSE:
        return _choose_conclusion(scene, subject, bool(answer), name)
    return _reverse_conclusion(scene, subject, bool(answer), you, name)


def _dice_conclusion(scene: _Scene, seat: Place, count: int, you: bool, name: str) -> str:
    if scene.after.reversed and scene.after.seat == seat:
        if you:
            # Translators: practice mode explanation (R9): reversed dice are always 3, whatever is left.
            return _("Reversed dice are always rolled 3 at a time, so you roll 3.")
        # Translators: practice mode explanation (R9): reversed dice are always 3, whatever is left.
        return _("Reversed dice are always rolled 3 at a time, so {name} rolls 3.").format(name=name)
    if count == 0:
        if you:
            # Translators: practice mode explanation (R4): the listener has no chips, so rolls no dice.
            return _("With no chips you don't roll at all: the dice pass you by. So the answer is 0.")
        # Translators: practice mode explanation (R4): {name} has no chips, so rolls no dice.
        return _(
            "With no chips {name} doesn't roll at all: the dice pass {name} by. So the answer is 0."
        ).format(name=name)
    chips = scene.after.chips[seat]
    if you:
        # Translators: practice mode explanation (R4): the listener's chips, and the rule for dice.
        text = ngettext(
            "You have {chips} chip, and you roll one die per chip, but never more than 3.",
            "You have {chips} chips, and you roll one die per chip, but never more than 3.",
            chips,
        )
        # Translators: practice mode explanation (R4), last sentence: the listener rolls {count} dice.
        last = ngettext("So you roll {count} die.", "So you roll {count} dice.", count)
    else:
        # Translators: practice mode explanation (R4): {name}'s chips, and the rule for dice.
        text = ngettext(
            "{name} has {chips} chip, and rolls one die per chip, but never more than 3.",
            "{name} has {chips} chips, and rolls one die per chip, but never more than 3.",
            chips,
        )
        # Translators: practice mode explanation (R4), last sentence: {name} rolls {count} dice.
        last = ngettext("So {name} rolls {count} die.", "So {name} rolls {count} dice.", count)
    return " ".join((text.format(name=name, chips=chips), last.format(name=name, count=count)))


def _wins_conclusion(answer: bool, you: bool, name: str) -> str:
    if answer and you:
        # Translators: practice mode explanation, last sentence: yes, the listener wins.
        return _("So yes, you win.")
    if answer:
        # Translators: practice mode explanation, last sentence: yes, {name} wins.
        return _("So yes, {name} wins.").format(name=name)
    if you:
        # Translators: practice mode explanation, last sentence: no, the listener doesn't win (yet).
        return _("So no, you don't win this time.")
    # Translators: practice mode explanation, last sentence: no, {name} doesn't win (yet).
    return _("So no, {name} doesn't win this time.").format(name=name)


def _choose_conclusion(scene: _Scene, target: Place, answer: bool, name: str) -> str:
    if target == POT:
        # Translators: practice mode explanation (R7): a Wild never takes from the pot.
        return _("No: a Wild takes chips only from other players, never from the pot.")
    if answer and scene.start.chips[target] == 0:
        # Translators: practice mode explanation (R6): the letters are played before the Wild, and one of them
        # gave {name} a chip.
        return _(
            "So yes: the letters are played before the Wild, so by then {name} has a chip to take."
        ).format(name=name)
    if answer:
        # Translators: practice mode explanation (R7): {name} has a chip when the Wild is played.
        return _("So yes: {name} has a chip when your Wild is played.").format(name=name)
    # Translators: practice mode explanation (R7): {name} has no chip when the Wild is played.
    return _("So no: {name} has no chip when your Wild is played.").format(name=name)


def _reverse_conclusion(scene: _Scene, seat: Place, answer: bool, you: bool, name: str) -> str:
    count = scene.start.chips[seat]
    if answer and you:
        # Translators: practice mode explanation (R9): {count} chips is more than 3, so the listener may
        # reverse.
        text = _("Yes: with {count} chips, more than 3, you may pay 3 into the pot and reverse the dice.")
    elif answer:
        # Translators: practice mode explanation (R9): {count} chips is more than 3, so {name} may reverse.
        text = _("Yes: with {count} chips, more than 3, {name} may pay 3 into the pot and reverse the dice.")
    elif you:
        # Translators: practice mode explanation (R9): the listener has {count} chips, 3 or fewer.
        text = ngettext(
            "No: reversing needs more than 3 chips, and you have {count}.",
            "No: reversing needs more than 3 chips, and you have {count}.",
            count,
        )
    else:
        # Translators: practice mode explanation (R9): {name} has {count} chips, 3 or fewer.
        text = ngettext(
            "No: reversing needs more than 3 chips, and {name} has {count}.",
            "No: reversing needs more than 3 chips, and {name} has {count}.",
            count,
        )
    return text.format(name=name, count=count)


# --- the lessons' question makers -----------------------------------------------------------------------

_Make = Callable[[_Maker], Question]
_PLAIN = (L, C, R, D)
_SIDES = (L, R, D)


def _chips_all(m: _Maker, rules: Rules, low: int = 0, high: int = 4) -> list[int]:
    return [m.rng.randint(low, high) for _ in range(rules.players)]


# faces (R3, R5)


def _faces_count_dots(m: _Maker) -> Question:
    return m.question(_die_scene(m, Rules()), [_ask_face_count(D)], Ask.FACE_COUNT, face=D)


def _die_scene(m: _Maker, rules: Rules) -> _Scene:
    state, _events = new_game(rules)
    return _Scene(m.names(rules.players), None, state)


def _faces_count_letter(m: _Maker) -> Question:
    face = m.rng.choice((L, C, R))
    return m.question(_die_scene(m, Rules()), [_ask_face_count(face)], Ask.FACE_COUNT, face=face)


def _faces_count_wild(m: _Maker) -> Question:
    face = m.rng.choice((D, W))
    text = _ask_face_count(W) if face is W else _ask_face_count_wild_dots()
    return m.question(_die_scene(m, Rules(wild=True)), [text], Ask.FACE_COUNT, face=face)


def _faces_one_die(m: _Maker) -> Question:
    rules = m.table()
    chips = _chips_all(m, rules, 0, 3)
    chips[0] = m.rng.randint(1, 2)
    scene = m.play(m.scene(rules, chips, m.rng.randint(0, 3), 0, you=True), alphabet=_PLAIN)
    return m.question(scene, [_roll_sentence(scene), _ask_chips(scene, 0)], Ask.CHIPS, 0)


def _faces_three_dice(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 0, 3)
    chips[seat] = m.rng.randint(3, 5)
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), alphabet=_PLAIN)
    return m.question(scene, [_roll_sentence(scene), _ask_chips(scene, seat)], Ask.CHIPS, seat)


# dice (R4)


def _dice_count(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    you = m.rng.random() < 0.5
    chips = _chips_all(m, rules, 1, 4)
    chips[seat] = m.rng.choice((0, 1, 2, 3, 4, 5, 6, 8, 10))
    player = left_of(seat, rules.players)  # someone with chips plays; the question is about ``seat``
    chips[player] = max(chips[player], 1)
    scene = m.scene(rules, chips, 0, player, you=False, listener=seat if you else None)
    return m.question(scene, [_has(scene, seat), _ask_dice(scene, seat, next_turn=False)], Ask.DICE, seat)


def _dice_after_roll(m: _Maker) -> Question:
    rules = m.table()
    chips = _chips_all(m, rules, 1, 4)
    chips[0] = m.rng.randint(1, 5)
    scene = m.play(m.scene(rules, chips, 0, 0, you=True), alphabet=_PLAIN)
    text = [_roll_sentence(scene), _ask_dice(scene, 0, next_turn=True)]
    return m.question(scene, text, Ask.DICE, 0)


def _dice_after_roll_other(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 1, 4)
    chips[seat] = m.rng.randint(2, 6)
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), alphabet=_PLAIN)
    text = [_roll_sentence(scene), _ask_dice(scene, seat, next_turn=True)]
    return m.question(scene, text, Ask.DICE, seat)


# passing (R1, R5)


def _passing_receiver(m: _Maker) -> Question:
    rules = m.table()
    chips = _chips_all(m, rules, 0, 4)
    chips[0] = m.rng.randint(1, 3)
    letter = m.rng.choice((L, R))
    faces = [letter] + [D] * (min(chips[0], 3) - 1)
    m.rng.shuffle(faces)
    scene = m.play(m.scene(rules, chips, 0, 0, you=True), tuple(faces))
    text = [_order_after_you(scene), _roll_sentence(scene, with_chips=False), _ask_receiver(scene, 0)]
    others = tuple(s % rules.players for s in range(1, rules.players))
    return m.question(scene, text, Ask.RECEIVER, 0, kind=AnswerKind.SEAT, choices=others)


def _passing_receiver_other(m: _Maker) -> Question:
    rules = m.table(m.rng.randint(4, 5))
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 1, 4)
    chips[seat] = 1
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), (m.rng.choice((L, R)),))
    text = [_order(scene), _roll_sentence(scene, with_chips=False), _ask_receiver(scene, seat)]
    others = tuple((seat + k) % rules.players for k in range(1, rules.players))
    return m.question(scene, text, Ask.RECEIVER, seat, kind=AnswerKind.SEAT, choices=others)


def _passing_neighbour(m: _Maker) -> Question:
    rules = m.table()
    chips = _chips_all(m, rules, 0, 4)
    chips[0] = m.rng.randint(2, 4)
    scene = m.play(m.scene(rules, chips, 0, 0, you=True), alphabet=_SIDES)
    target = m.rng.choice((left_of(0, rules.players), right_of(0, rules.players)))
    text = [_order_after_you(scene), _has(scene, target), _roll_sentence(scene), _ask_chips(scene, target)]
    return m.question(scene, text, Ask.CHIPS, target)


def _passing_roller(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 0, 4)
    chips[seat] = m.rng.randint(1, 5)
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), alphabet=_SIDES)
    return m.question(scene, [_roll_sentence(scene), _ask_chips(scene, seat)], Ask.CHIPS, seat)


# pot (R5)


def _pot_after(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 0, 4)
    chips[seat] = m.rng.randint(1, 5)
    faces = m.faces(dice_for(chips[seat]), (C, C, L, R, D))
    scene = m.play(m.scene(rules, chips, m.rng.randint(0, 8), seat, you=m.rng.random() < 0.5), faces)
    return m.question(scene, [_pot_holds(scene), _roll_sentence(scene), _ask_pot()], Ask.POT)


def _pot_roller(m: _Maker) -> Question:
    rules = m.table()
    chips = _chips_all(m, rules, 0, 4)
    chips[0] = m.rng.randint(1, 5)
    faces = m.faces(dice_for(chips[0]), (C, C, D, L))
    scene = m.play(m.scene(rules, chips, m.rng.randint(0, 6), 0, you=True), faces)
    return m.question(scene, [_pot_holds(scene), _roll_sentence(scene), _ask_chips(scene, 0)], Ask.CHIPS, 0)


# no chips (R4)


def _no_chips_rolls_next(m: _Maker) -> Question:
    rules = m.table(m.rng.randint(4, 5))
    seat = m.rng.randrange(rules.players)
    empty = left_of(seat, rules.players)
    chips = _chips_all(m, rules, 1, 4)
    chips[empty] = 0
    chips[seat] = m.rng.randint(1, 3)
    faces = m.faces(dice_for(chips[seat]), (L, L, R, D, C))
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), faces)
    text = [_order(scene), _has(scene, empty), _roll_sentence(scene), _ask_rolls_next(scene, empty)]
    return m.question(scene, text, Ask.ROLLS_NEXT, empty, kind=AnswerKind.YES_NO)


def _no_chips_next(m: _Maker) -> Question:
    rules = m.table(m.rng.randint(4, 5))
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 1, 4)
    gaps = m.rng.randint(1, rules.players - 3)
    for k in range(1, gaps + 1):
        chips[(seat + k) % rules.players] = 0
    chips[seat] = m.rng.randint(1, 4)
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), alphabet=(R, C, D))
    empties = [s for s in range(rules.players) if scene.start.chips[s] == 0]
    text = [_order(scene), *(_has(scene, s) for s in empties), _roll_sentence(scene), _ask_next()]
    choices = tuple((seat + k) % rules.players for k in range(rules.players))
    return m.question(scene, text, Ask.NEXT, kind=AnswerKind.SEAT, choices=choices)


def _no_chips_out(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    empty = m.rng.choice([s for s in range(rules.players) if s != seat])
    chips = _chips_all(m, rules, 2, 4)
    chips[empty] = 0
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), alphabet=(C, D, D))
    text = [_has(scene, empty), _roll_sentence(scene), _ask_out(scene, empty)]
    return m.question(scene, text, Ask.OUT, empty, kind=AnswerKind.YES_NO)


def _no_chips_dice(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    player = right_of(seat, rules.players)
    chips = _chips_all(m, rules, 1, 4)
    chips[seat] = 0
    chips[player] = m.rng.randint(1, 3)
    scene = m.play(m.scene(rules, chips, 0, player, you=False), alphabet=(L, R, C, D, D))
    text = [_order(scene), _has(scene, seat), _roll_sentence(scene), _ask_dice_next_player(scene, seat)]
    return m.question(scene, text, Ask.DICE, seat)


# winning (R10, R12)


def _two_holders(m: _Maker, rules: Rules, high: int = 3) -> tuple[list[int], Seat, Seat]:
    seat = m.rng.randrange(rules.players)
    other = m.rng.choice([s for s in range(rules.players) if s != seat])
    chips = [0] * rules.players
    chips[seat], chips[other] = m.rng.randint(1, high), m.rng.randint(1, 4)
    return chips, seat, other


def _holders_text(scene: _Scene) -> list[str]:
    holders = [s for s in range(len(scene.names)) if scene.start.chips[s] > 0]
    empties = [scene.name(s) for s in range(len(scene.names)) if scene.start.chips[s] == 0]
    # Translators: practice mode: the players {names} hold no chips; the plural is for more than one.
    text = ngettext("{names} has no chips.", "{names} have no chips.", len(empties))
    out = [_has(scene, s) for s in holders]
    if empties:
        out.append(text.format(names=and_list(empties)))
    return out


def _winning_winner(m: _Maker) -> Question:
    rules = m.table()
    chips, seat, _other = _two_holders(m, rules, high=1)
    face = m.rng.choice((C, L, R))
    scene = m.play(m.scene(rules, chips, m.rng.randint(1, 9), seat, you=False), (face,))
    text = [_order(scene), *_holders_text(scene), _pot_holds(scene), _roll_sentence(scene, False)]
    if scene.after.over:
        return m.question(
            scene,
            [*text, _ask_winner()],
            Ask.WINNER,
            kind=AnswerKind.SEAT,
            choices=tuple(range(rules.players)),
        )
    return m.question(scene, [*text, _ask_over()], Ask.OVER, kind=AnswerKind.YES_NO)


def _winning_total(m: _Maker) -> Question:
    rules = m.table()
    chips, seat, other = _two_holders(m, rules, high=1)
    scene = m.play(m.scene(rules, chips, m.rng.randint(1, 12), seat, you=False), (C,))
    text = [*_holders_text(scene), _pot_holds(scene), _roll_sentence(scene, False), _ask_total(scene, other)]
    return m.question(scene, text, Ask.WIN_TOTAL, other)


def _winning_over(m: _Maker) -> Question:
    rules = m.table()
    chips, seat, _other = _two_holders(m, rules)
    scene = m.play(m.scene(rules, chips, m.rng.randint(0, 9), seat, you=False), alphabet=_PLAIN)
    text = [_order(scene), *_holders_text(scene), _roll_sentence(scene, False), _ask_over()]
    return m.question(scene, text, Ask.OVER, kind=AnswerKind.YES_NO)


# wild (R6, R7)


def _wild_chips(m: _Maker) -> Question:
    rules = m.table()
    chips = _chips_all(m, rules, 1, 4)
    chips[0] = m.rng.randint(2, 4)
    faces = [*m.faces(dice_for(chips[0]) - 1, (L, C, R, D, W)), W]
    m.rng.shuffle(faces)
    scene = m.play(m.scene(rules, chips, 0, 0, you=True), tuple(faces))
    target = m.rng.choice((0, scene.chosen[0])) if scene.chosen else 0
    text = [_order_after_you(scene), _roll_sentence(scene), _choices_sentence(scene)]
    if target != 0:
        text.insert(1, _has(scene, target))
    return m.question(scene, [*text, _ask_chips(scene, target)], Ask.CHIPS, target)


def _wild_other(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 1, 3)
    chips[seat] = m.rng.randint(2, 5)
    faces = [W, *m.faces(dice_for(chips[seat]) - 1, (W, L, R, D))]
    m.rng.shuffle(faces)
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), tuple(faces))
    subject = scene.chosen[-1] if scene.chosen else seat
    text = [_order(scene), _has(scene, subject), _roll_sentence(scene), _choices_sentence(scene)]
    if subject == seat:
        text.pop(1)
    return m.question(scene, [*text, _ask_chips(scene, subject)], Ask.CHIPS, subject)


def _wild_after_letters(m: _Maker) -> Question:
    rules = m.table()
    chips = _chips_all(m, rules, 1, 3)
    chips[0] = m.rng.randint(2, 4)
    side = m.rng.choice((left_of(0, rules.players), right_of(0, rules.players)))
    chips[side] = 0
    letter = m.rng.choice((L, R, C))
    faces = [letter, W] + [D] * (dice_for(chips[0]) - 2)
    m.rng.shuffle(faces)
    scene = m.play(m.scene(rules, chips, 0, 0, you=True), tuple(faces), choose=False)
    text = [
        _order_after_you(scene),
        _has(scene, side),
        _roll_sentence(scene, False),
        _ask_can_choose(scene, side),
    ]
    return m.question(scene, text, Ask.CAN_CHOOSE, side, kind=AnswerKind.YES_NO)


def _wild_pot(m: _Maker) -> Question:
    rules = m.table()
    chips = _chips_all(m, rules, 1, 3)
    chips[0] = m.rng.randint(1, 3)
    faces = [W] + [D] * (dice_for(chips[0]) - 1)
    scene = m.play(m.scene(rules, chips, m.rng.randint(1, 6), 0, you=True), tuple(faces), choose=False)
    text = [_pot_holds(scene), _roll_sentence(scene, False), _ask_can_choose(scene, POT)]
    return m.question(scene, text, Ask.CAN_CHOOSE, POT, kind=AnswerKind.YES_NO)


# three Wilds (R8)


def _three_wilds_scene(m: _Maker, pot: int | None = None) -> tuple[_Scene, Seat]:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 1, 4)
    chips[seat] = m.rng.randint(3, 6)
    pot = m.rng.randint(1, 9) if pot is None else pot
    return m.play(m.scene(rules, chips, pot, seat, you=False), (W, W, W)), seat


def _three_wilds_receiver(m: _Maker) -> Question:
    scene, _seat = _three_wilds_scene(m)
    text = [_order(scene), _pot_holds(scene), _roll_sentence(scene, False), _ask_receiver(scene, POT)]
    choices = tuple(range(len(scene.names)))
    return m.question(scene, text, Ask.RECEIVER, POT, kind=AnswerKind.SEAT, choices=choices)


def _three_wilds_chips(m: _Maker) -> Question:
    scene, seat = _three_wilds_scene(m, pot=m.rng.choice((0, 2, 4, 5, 7)))
    return m.question(
        scene, [_pot_holds(scene), _roll_sentence(scene), _ask_chips(scene, seat)], Ask.CHIPS, seat
    )


def _three_wilds_pot(m: _Maker) -> Question:
    scene, _seat = _three_wilds_scene(m)
    return m.question(scene, [_pot_holds(scene), _roll_sentence(scene), _ask_pot()], Ask.POT)


def _three_wilds_over(m: _Maker) -> Question:
    scene, _seat = _three_wilds_scene(m, pot=m.rng.randint(0, 6))
    return m.question(
        scene, [_pot_holds(scene), _roll_sentence(scene), _ask_over()], Ask.OVER, kind=AnswerKind.YES_NO
    )


def _three_wilds_winner(m: _Maker) -> Question:
    scene, _seat = _three_wilds_scene(m)
    text = [_order(scene), _pot_holds(scene), _roll_sentence(scene, False), _ask_winner()]
    choices = tuple(range(len(scene.names)))
    return m.question(scene, text, Ask.WINNER, kind=AnswerKind.SEAT, choices=choices)


def _three_wilds_total(m: _Maker) -> Question:
    scene, seat = _three_wilds_scene(m)
    return m.question(
        scene, [_pot_holds(scene), _roll_sentence(scene), _ask_total(scene, seat)], Ask.WIN_TOTAL, seat
    )


def _three_wilds_empty_pot(m: _Maker) -> Question:
    scene, seat = _three_wilds_scene(m, pot=0)
    text = [_pot_holds(scene), _roll_sentence(scene), _ask_wins(scene, seat)]
    return m.question(scene, text, Ask.WINS, seat, kind=AnswerKind.YES_NO)


def _two_wilds_over(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 1, 4)
    chips[seat] = m.rng.randint(3, 5)
    faces = [W, W, m.rng.choice((L, C, R, D))]
    m.rng.shuffle(faces)
    scene = m.play(m.scene(rules, chips, m.rng.randint(1, 6), seat, you=False), tuple(faces))
    text = [_pot_holds(scene), _roll_sentence(scene), _choices_sentence(scene), _ask_over()]
    return m.question(scene, text, Ask.OVER, kind=AnswerKind.YES_NO)


# reversible dice (R9)


def _reverse_may(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 1, 4)
    chips[seat] = m.rng.randint(2, 6)
    scene = m.scene(rules, chips, 0, seat, you=m.rng.random() < 0.5)
    text = [_has(scene, seat), _ask_may_reverse(scene, seat)]
    return m.question(scene, text, Ask.MAY_REVERSE, seat, kind=AnswerKind.YES_NO)


def _reverse_dice(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 1, 4)
    chips[seat] = m.rng.randint(4, 6)
    scene = m.scene(rules, chips, 0, seat, you=False)
    m.do(scene, scene.start, Reverse(True))
    text = [_has(scene, seat), _reverses(scene, seat), _ask_dice(scene, seat, next_turn=False)]
    return m.question(scene, text, Ask.DICE, seat)


def _reverses(scene: _Scene, seat: Seat) -> str:
    if scene.is_you(seat):
        # Translators: practice mode: the listener pays 3 chips into the pot to reverse the dice (R9).
        return _("You put 3 chips in the pot to reverse the dice.")
    # Translators: practice mode: {name} pays 3 chips into the pot to reverse the dice (R9).
    return _("{name} puts 3 chips in the pot to reverse the dice.").format(name=scene.name(seat))


def _reverse_chips(m: _Maker) -> Question:
    rules = replace(m.table(), wild=m.rng.random() < 0.4)
    chips = _chips_all(m, rules, 0, 3)
    chips[0] = m.rng.randint(4, 7)
    scene = m.play(m.scene(rules, chips, m.rng.randint(0, 3), 0, you=True), reverse=True)
    sides = (left_of(0, rules.players), right_of(0, rules.players))
    text = [_order_after_you(scene), *(_has(scene, s) for s in dict.fromkeys(sides)), _pot_holds(scene)]
    text += [_roll_sentence(scene), _choices_sentence(scene), _ask_chips(scene, 0)]
    return m.question(scene, [t for t in text if t], Ask.CHIPS, 0)


def _reverse_pot(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 0, 3)
    chips[seat] = m.rng.randint(4, 7)
    scene = m.play(
        m.scene(rules, chips, m.rng.randint(0, 4), seat, you=False), reverse=True, alphabet=(C, C, L, D)
    )
    text = [_pot_holds(scene), _roll_sentence(scene), _ask_pot()]
    return m.question(scene, text, Ask.POT)


def _reverse_neighbour(m: _Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 0, 3)
    chips[seat] = m.rng.randint(4, 7)
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), reverse=True, alphabet=(L, R, D))
    target = m.rng.choice((left_of(seat, rules.players), right_of(seat, rules.players)))
    text = [_order(scene), _has(scene, target), _roll_sentence(scene), _ask_chips(scene, target)]
    return m.question(scene, text, Ask.CHIPS, target)


# roll all dots (R10)


def _sole_scene(m: _Maker, *, low: int = 1, high: int = 4, pot: int | None = None) -> tuple[_Scene, Seat]:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = [0] * rules.players
    chips[seat] = m.rng.randint(low, high)
    pot = (
        m.rng.randint(rules.total_chips - chips[seat] - 3, rules.total_chips - chips[seat])
        if pot is None
        else pot
    )
    return m.scene(rules, chips, max(pot, 0), seat, you=m.rng.random() < 0.5), seat


def _dots_wins(m: _Maker) -> Question:
    scene, seat = _sole_scene(m, high=3)
    dice = dice_for(scene.start.chips[seat])
    faces = (D,) * dice if m.rng.random() < 0.45 else m.faces(dice, (D, D, D, L, C, R))
    m.play(scene, faces)
    text = [_has(scene, seat), _nobody_else(), _roll_sentence(scene, False), _ask_wins(scene, seat)]
    return m.question(scene, text, Ask.WINS, seat, kind=AnswerKind.YES_NO)


def _dots_total(m: _Maker) -> Question:
    scene, seat = _sole_scene(m, high=3)
    m.play(scene, (D,) * dice_for(scene.start.chips[seat]))
    text = [_has(scene, seat), _nobody_else(), _pot_holds(scene), _roll_sentence(scene, False)]
    return m.question(scene, [*text, _ask_total(scene, seat)], Ask.WIN_TOTAL, seat)


def _dots_not_sole(m: _Maker) -> Question:
    rules = m.table()
    chips, seat, _other = _two_holders(m, rules)
    scene = m.play(m.scene(rules, chips, m.rng.randint(2, 8), seat, you=False), (D,) * dice_for(chips[seat]))
    text = [*_holders_text(scene), _roll_sentence(scene, False), _ask_wins(scene, seat)]
    return m.question(scene, text, Ask.WINS, seat, kind=AnswerKind.YES_NO)


def _dots_pass(m: _Maker) -> Question:
    scene, seat = _sole_scene(m, low=2, high=4)
    faces = [m.rng.choice((L, R)), *m.faces(dice_for(scene.start.chips[seat]) - 1, (D, D, C))]
    m.rng.shuffle(faces)
    m.play(scene, tuple(faces))
    players = len(scene.names)
    text = [_order(scene), _has(scene, seat), _nobody_else(), _roll_sentence(scene, False)]
    if m.rng.random() < 0.5:
        moves = [
            e for e in scene.events if isinstance(e, ChipsMoved) and e.source == seat and e.target != POT
        ]
        target = moves[0].target
        return m.question(scene, [*text, _ask_chips(scene, target)], Ask.CHIPS, target)
    choices = tuple((seat + k) % players for k in range(players))
    return m.question(scene, [*text, _ask_next()], Ask.NEXT, kind=AnswerKind.SEAT, choices=choices)


# last chip in the pot (R10)


def _last_chip_wins(m: _Maker) -> Question:
    scene, seat = _sole_scene(m, high=3)
    dice = dice_for(scene.start.chips[seat])
    faces = (C,) * dice if m.rng.random() < 0.45 else m.faces(dice, (C, C, D, L, R))
    m.play(scene, faces)
    text = [_has(scene, seat), _nobody_else(), _roll_sentence(scene, False), _ask_wins(scene, seat)]
    return m.question(scene, text, Ask.WINS, seat, kind=AnswerKind.YES_NO)


def _last_chip_total(m: _Maker) -> Question:
    scene, seat = _sole_scene(m, high=3)
    m.play(scene, (C,) * dice_for(scene.start.chips[seat]))
    text = [_has(scene, seat), _nobody_else(), _pot_holds(scene), _roll_sentence(scene, False)]
    return m.question(scene, [*text, _ask_total(scene, seat)], Ask.WIN_TOTAL, seat)


def _last_chip_not_sole(m: _Maker) -> Question:
    rules = m.table()
    chips, seat, _other = _two_holders(m, rules)
    scene = m.play(m.scene(rules, chips, m.rng.randint(2, 8), seat, you=False), (C,) * dice_for(chips[seat]))
    text = [*_holders_text(scene), _roll_sentence(scene, False), _ask_over()]
    return m.question(scene, text, Ask.OVER, kind=AnswerKind.YES_NO)


def _last_chip_keeps(m: _Maker) -> Question:
    scene, seat = _sole_scene(m, low=3, high=5)
    faces = [C, C, m.rng.choice((D, L, R))]
    m.rng.shuffle(faces)
    m.play(scene, tuple(faces))
    text = [_order(scene), _has(scene, seat), _nobody_else(), _roll_sentence(scene, False)]
    return m.question(scene, [*text, _ask_chips(scene, seat)], Ask.CHIPS, seat)


# reset (R11)


def _reset_scene(m: _Maker, *, empty: bool = True) -> tuple[_Scene, Seat]:
    rules = m.table(chips=m.rng.randint(2, 5))
    seat = m.rng.randrange(rules.players)
    chips = [0] * rules.players
    chips[seat] = m.rng.randint(1, 3)
    pot = rules.total_chips - chips[seat]
    scene = m.scene(rules, chips, pot, seat, you=m.rng.random() < 0.5)
    dice = dice_for(chips[seat])
    faces = (C,) * dice if empty else tuple([C] * (dice - 1) + [D])
    return m.play(scene, faces), seat


def _reset_other(m: _Maker) -> Question:
    scene, seat = _reset_scene(m)
    other = m.rng.choice([s for s in range(len(scene.names)) if s != seat])
    text = [_order(scene), _started_with(scene.start.rules.chips), _has(scene, seat), _nobody_else()]
    text += [_roll_sentence(scene, False), _ask_chips(scene, other)]
    return m.question(scene, text, Ask.CHIPS, other)


def _reset_roller(m: _Maker) -> Question:
    scene, seat = _reset_scene(m, empty=m.rng.random() < 0.6)
    text = [
        _started_with(scene.start.rules.chips),
        _has(scene, seat),
        _nobody_else(),
        _roll_sentence(scene, False),
    ]
    return m.question(scene, [*text, _ask_chips(scene, seat)], Ask.CHIPS, seat)


def _reset_pot(m: _Maker) -> Question:
    scene, seat = _reset_scene(m)
    text = [_has(scene, seat), _nobody_else(), _pot_holds(scene), _roll_sentence(scene, False), _ask_pot()]
    return m.question(scene, text, Ask.POT)


def _reset_next(m: _Maker) -> Question:
    scene, seat = _reset_scene(m)
    players = len(scene.names)
    text = [_order(scene), _has(scene, seat), _nobody_else(), _roll_sentence(scene, False), _ask_next()]
    choices = tuple((seat + k) % players for k in range(players))
    return m.question(scene, text, Ask.NEXT, kind=AnswerKind.SEAT, choices=choices)


def _reset_over(m: _Maker) -> Question:
    scene, seat = _reset_scene(m)
    text = [_has(scene, seat), _nobody_else(), _roll_sentence(scene, False), _ask_over()]
    return m.question(scene, text, Ask.OVER, kind=AnswerKind.YES_NO)


_MAKERS: dict[LessonKey, tuple[_Make, ...]] = {
    LessonKey.FACES: (
        _faces_count_dots,
        _faces_count_letter,
        _faces_count_wild,
        _faces_one_die,
        _faces_three_dice,
    ),
    LessonKey.DICE: (_dice_count, _dice_after_roll, _dice_after_roll_other),
    LessonKey.PASSING: (_passing_receiver, _passing_receiver_other, _passing_neighbour, _passing_roller),
    LessonKey.POT: (_pot_after, _pot_roller),
    LessonKey.NO_CHIPS: (_no_chips_rolls_next, _no_chips_next, _no_chips_out, _no_chips_dice),
    LessonKey.WINNING: (_winning_winner, _winning_total, _winning_over),
    LessonKey.WILD: (_wild_chips, _wild_other, _wild_after_letters, _wild_pot),
    LessonKey.THREE_WILDS_POT: (
        _three_wilds_receiver,
        _three_wilds_chips,
        _three_wilds_pot,
        _three_wilds_over,
    ),
    LessonKey.THREE_WILDS_WIN: (
        _three_wilds_over,
        _three_wilds_winner,
        _three_wilds_total,
        _three_wilds_empty_pot,
        _two_wilds_over,
    ),
    LessonKey.REVERSIBLE: (_reverse_may, _reverse_dice, _reverse_chips, _reverse_pot, _reverse_neighbour),
    LessonKey.ROLL_ALL_DOTS: (_dots_wins, _dots_total, _dots_not_sole, _dots_pass),
    LessonKey.LAST_CHIP_IN_POT: (_last_chip_wins, _last_chip_total, _last_chip_not_sole, _last_chip_keeps),
    LessonKey.RESET: (_reset_other, _reset_roller, _reset_pot, _reset_next, _reset_over),
}
