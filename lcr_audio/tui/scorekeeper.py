"""The scorekeeper for a table with real dice (``lcr-audio keep-score``).

The table is set up as for a game; then, turn by turn, the game names the player and the number of dice,
and the faces rolled are typed in: L, C, R, W, and D (or a full stop) for a dot, or the numbers of
ordinary dice (R14: 1 L, 2 C, 3 R, 4-6 dots; with Wild dice 4 is W). Backspace corrects, Enter confirms.
Every move is then told as in a game, the Wild and reversal choices are asked, players without chips are
skipped, and the winner is named. U undoes the last turn after a yes. The game autosaves like any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_toolkit.key_binding import KeyPress

from ..engine import Event, Face, GameState, Roll, Rules, TurnStarted
from ..i18n import _, ngettext
from ..narration import Narrator, Verbosity
from ..session import Player, Session
from .keys import SCOREKEEPER_TWIN, Command, Context, KeySpec, latin_twin, lookup
from .play import Outcome, PlayScreen
from .setup import Setup

if TYPE_CHECKING:
    from ..app import App


class FaceError(ValueError):
    """A typed face the dice do not have. The message is one sentence for the player."""


def parse_face(key: str, rules: Rules) -> Face:
    """The face a typed key stands for: a letter (L C R W, D or ``.`` for a dot) or an ordinary die's number
    (R14: 1 L, 2 C, 3 R, 4 W with Wild dice and a dot without, 5 and 6 dots).

    Raises:
        FaceError: the key is no face, or it is W while Wild dice are off.
    """
    letter = latin_twin(key)
    by_letter = {
        "l": Face.LEFT,
        "c": Face.CENTER,
        "r": Face.RIGHT,
        "d": Face.DOT,
        ".": Face.DOT,
        "w": Face.WILD,
    }
    by_number = {
        "1": Face.LEFT,
        "2": Face.CENTER,
        "3": Face.RIGHT,
        "4": Face.WILD if rules.wild else Face.DOT,
        "5": Face.DOT,
        "6": Face.DOT,
    }
    face = by_letter.get(letter) or by_number.get(letter)
    if face is None:
        # Translators: a key that is no face of a die, in the scorekeeper.
        raise FaceError(_("Type L, C, R, D for a dot, W for a Wild, or the numbers 1 to 6."))
    if face is Face.WILD and not rules.wild:
        # Translators: W typed in the scorekeeper when the game has no Wild dice.
        raise FaceError(_("These dice have no Wild: Wild dice are off in this game."))
    return face


def turn_marks(session: Session) -> list[int]:
    """How many of the session's actions came before each turn began (turns that were played or started).

    Worked out by replaying the actions, so a resumed game can undo the turns played before the resume.
    """
    marks = [0]
    for done, events in session.replay():
        if done and any(isinstance(event, TurnStarted) for event in events):
            marks.append(done)
    return marks


class ScorekeeperScreen(PlayScreen):
    """A play screen whose rolls are typed in from real dice, with an undo of the last turn.

    Args as for :class:`PlayScreen`; the session must be ``physical`` with every seat a person.
    """

    def _reset_entry(self) -> None:
        self.faces: list[Face] = []
        self._undo_asked = False
        self._turn_marks: list[int] = turn_marks(self.session)

    def _use(self, session: Session) -> None:
        super()._use(session)
        self.narrator = Narrator(
            session.names, session.humans, verbosity=Verbosity(self.settings.verbosity), physical=True
        )
        self._reset_entry()

    @property
    def context(self) -> Context:
        """Typing faces replaces the roll key; everything else is as in a game."""
        if self._undo_asked:
            return Context.CONFIRM
        context = super().context
        if context is Context.ROLL:
            return Context.ENTRY
        return SCOREKEEPER_TWIN.get(context, context)

    def _on_key(self, press: KeyPress) -> None:
        """A printable key that is no key of the moment, while typing faces, says which faces exist."""
        key = press.key
        if (
            self.context is Context.ENTRY
            and isinstance(key, str)
            and len(key) == 1
            and key.isprintable()
            and lookup(key, Context.ENTRY) is None
        ):
            try:
                parse_face(key, self.session.rules)
            except FaceError as error:
                self._error(str(error))
                return
        super()._on_key(press)

    def _on_events(self, events: Sequence[Event], state: GameState) -> None:
        for event in events:
            if isinstance(event, TurnStarted):
                self._turn_marks.append(len(self.session.actions))
        super()._on_events(events, state)

    def _run(self, spec: KeySpec, data: str) -> None:
        if spec.command is Command.FACE:
            self._type_face(data)
        elif spec.command is Command.DELETE_FACE:
            self._delete_face()
        elif spec.command is Command.CONFIRM_FACES:
            self._confirm_faces()
        elif spec.command is Command.UNDO:
            self._ask_undo()
        elif self._undo_asked and spec.command in (Command.YES, Command.NO):
            self._answer_undo(spec.command is Command.YES)
        else:
            super()._run(spec, data)

    def _typed(self) -> str:
        return ", ".join(self.narrator.face(face) for face in self.faces)

    def _type_face(self, key: str) -> None:
        try:
            face = parse_face(key, self.session.rules)
        except FaceError as error:
            self._error(str(error))
            return
        dice = self.state.dice_to_roll
        if len(self.faces) >= dice:
            # Translators: more faces typed than dice rolled, in the scorekeeper.
            message = ngettext(
                "That is already {count} face: Enter confirms, Backspace corrects.",
                "That is already {count} faces: Enter confirms, Backspace corrects.",
                dice,
            )
            self._error(message.format(count=dice))
            return
        self.faces.append(face)
        left = dice - len(self.faces)
        if left:
            # Translators: the faces typed so far and how many are still missing, in the scorekeeper.
            more = ngettext("{faces}. {count} more.", "{faces}. {count} more.", left)
            self._answer(more.format(faces=self._typed(), count=left))
        else:
            # Translators: all faces typed, in the scorekeeper.
            self._answer(_("{faces}. Enter to confirm.").format(faces=self._typed()))

    def _delete_face(self) -> None:
        if not self.faces:
            # Translators: Backspace with nothing typed, in the scorekeeper.
            self._error(_("Nothing typed yet."))
            return
        self.faces.pop()
        # Translators: what is typed after Backspace removed the only face.
        nothing = _("nothing")
        # Translators: after Backspace in the scorekeeper; {faces} is what is still typed, maybe nothing.
        self._answer(_("Removed. Now: {faces}.").format(faces=self._typed() or nothing))

    def _confirm_faces(self) -> None:
        dice = self.state.dice_to_roll
        if len(self.faces) != dice:
            # Translators: Enter with the wrong number of faces typed, in the scorekeeper.
            message = ngettext(
                "{name} rolls {count} die; type {count} face first.",
                "{name} rolls {count} dice; type {count} faces first.",
                dice,
            )
            self._error(message.format(name=self.session.names[self.state.seat], count=dice))
            return
        faces, self.faces = tuple(self.faces), []
        self.session.apply(Roll(faces))

    def _ask_undo(self) -> None:
        if len(self.session.actions) == 0:
            # Translators: U before anything was played, in the scorekeeper.
            self._error(self._then_question(_("There is no turn to undo yet.")))
            return
        self._undo_asked = True
        asked = self._new_question()
        # Translators: U in the scorekeeper asks before undoing.
        self._answer(_("Undo the last turn? Y or N."))
        asked()

    def _undo_target(self) -> int:
        """How many actions to keep: up to the start of the current turn, or of the one before if the
        current turn has no action yet."""
        done = len(self.session.actions)
        marks = [m for m in self._turn_marks if m < done]
        return marks[-1] if marks else 0

    def _answer_undo(self, yes: bool) -> None:
        self._undo_asked = False
        if not yes:
            # Translators: the player answered no to "Undo the last turn?".
            self._answer(_("Nothing undone."))
            return
        keep = self._undo_target()
        old = self.session
        rebuilt = Session(old.rules, old.players, old.seed, physical=True)
        for action in old.actions[:keep]:
            rebuilt.apply(action)
        self._use(rebuilt)
        if self.keeper is not None:
            self.keeper.turn_ended(self)
        # Translators: after an undo in the scorekeeper; {status} lists every seat's chips and the pot.
        text = _("Last turn undone. {status}").format(status=self.narrator.status(self.state).text)
        self._answer(self._then_question(text))


async def run_scorekeeper(app: App) -> Outcome:
    """``lcr-audio keep-score`` and the main menu's "Keep score with real dice"."""
    setup = Setup(app.speaker, app.console, app.keys, app.output, everyone_at_table=True)
    rules, seated = await setup.ask()
    players = [Player(p.name, human=True) for p in seated]
    from ..app import new_seed

    return await app.play(Session(rules, players, new_seed(), physical=True))
