"""The scorekeeper for a table with real dice (``lcr-audio keep-score``).

The table is set up as for a game; then, turn by turn, the game names the player and the number of dice,
and the faces rolled are typed in: L, C, R, W, and D (or a full stop) for a dot, or the numbers of
ordinary dice (R14: 1 L, 2 C, 3 R, 4-6 dots; with Wild dice 4 is W). Backspace corrects, Enter confirms.
Every move is then told as in a game, the Wild and reversal choices are asked, players without chips are
skipped, and the winner is named. U undoes the last turn after a yes. The game autosaves like any other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from prompt_toolkit.input import Input

from lcr_audio.engine import Face, Roll, Rules, TurnStarted
from lcr_audio.game.session import Player, Session, new_seed
from lcr_audio.i18n import _, ngettext
from lcr_audio.output.speech import Speaker
from lcr_audio.tui.game_modes import ChoiceMode, Playing, ReverseMode
from lcr_audio.tui.input import Mode, Press, handles
from lcr_audio.tui.keys import SCOREKEEPER_TWIN, Command, Context, latin_twin
from lcr_audio.tui.play import Outcome, PlayScreen, YesNoQuestion
from lcr_audio.tui.setup import Setup

if TYPE_CHECKING:
    from lcr_audio.tui.host import Host


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


class Scorekeeper:
    """The scorekeeper's part of a play screen (an :class:`~lcr_audio.tui.play.Extension`): rolls typed in
    from real dice, and an undo of the last turn. Composed with the play screen, not derived from it."""

    TWINS: ClassVar[dict[Context, Context]] = {Context.ROLL: Context.ENTRY, **SCOREKEEPER_TWIN}

    def __init__(self) -> None:
        self.faces: list[Face] = []
        self.screen: PlayScreen | None = None

    def context(self, game: Context) -> Context:
        """Typing faces replaces the roll; the reversal and the Wild choice get undo."""
        return self.TWINS.get(game, game)

    def modes(self, screen: PlayScreen) -> Mapping[Context, Mode]:
        """The scorekeeper's modes: face entry, and the reversal and Wild choice with undo."""
        self.screen = screen
        modes: list[Mode] = [
            EntryMode(screen, self),
            KeepReverseMode(screen, self),
            KeepChooseMode(screen, self),
        ]
        return {context: mode for mode in modes for context in mode.contexts}

    @property
    def _screen(self) -> PlayScreen:
        assert self.screen is not None
        return self.screen

    def _typed(self) -> str:
        return ", ".join(self._screen.narrator.face(face) for face in self.faces)

    def type_face(self, key: str) -> None:
        """Add a typed face (refused, with one sentence, when the dice have no such face or all are typed)."""
        screen = self._screen
        try:
            face = parse_face(key, screen.session.rules)
        except FaceError as error:
            screen.error(str(error))
            return
        dice = screen.state.dice_to_roll
        if len(self.faces) >= dice:
            # Translators: more faces typed than dice rolled, in the scorekeeper.
            message = ngettext(
                "That is already {count} face: Enter confirms, Backspace corrects.",
                "That is already {count} faces: Enter confirms, Backspace corrects.",
                dice,
            )
            screen.error(message.format(count=dice))
            return
        self.faces.append(face)
        left = dice - len(self.faces)
        if left:
            # Translators: the faces typed so far and how many are still missing, in the scorekeeper.
            more = ngettext("{faces}. {count} more.", "{faces}. {count} more.", left)
            screen.answer(more.format(faces=self._typed(), count=left))
        else:
            # Translators: all faces typed, in the scorekeeper.
            screen.answer(_("{faces}. Enter to confirm.").format(faces=self._typed()))

    def delete_face(self) -> None:
        """Remove the last face typed."""
        screen = self._screen
        if not self.faces:
            # Translators: Backspace with nothing typed, in the scorekeeper.
            screen.error(_("Nothing typed yet."))
            return
        self.faces.pop()
        # Translators: what is typed after Backspace removed the only face.
        nothing = _("nothing")
        # Translators: after Backspace in the scorekeeper; {faces} is what is still typed, maybe nothing.
        screen.answer(_("Removed. Now: {faces}.").format(faces=self._typed() or nothing))

    def confirm_faces(self) -> None:
        """Play the roll typed (refused unless one face per die is typed)."""
        screen = self._screen
        dice = screen.state.dice_to_roll
        if len(self.faces) != dice:
            # Translators: Enter with the wrong number of faces typed, in the scorekeeper.
            message = ngettext(
                "{name} rolls {count} die; type {count} face first.",
                "{name} rolls {count} dice; type {count} faces first.",
                dice,
            )
            screen.error(message.format(name=screen.session.names[screen.state.seat], count=dice))
            return
        faces, self.faces = tuple(self.faces), []
        screen.session.apply(Roll(faces))

    def ask_undo(self) -> None:
        """U: ask before undoing the last turn."""
        screen = self._screen
        if len(screen.session.actions) == 0:
            # Translators: U before anything was played, in the scorekeeper.
            screen.error(screen.then_question(_("There is no turn to undo yet.")))
            return
        # Translators: U in the scorekeeper asks before undoing.
        screen.ask(YesNoQuestion(_("Undo the last turn? Y or N."), self._answer_undo))

    def _undo_target(self) -> int:
        """How many actions to keep: up to the start of the current turn, or of the one before if the
        current turn has no action yet."""
        session = self._screen.session
        done = len(session.actions)
        marks = [m for m in turn_marks(session) if m < done]
        return marks[-1] if marks else 0

    def _answer_undo(self, yes: bool) -> None:
        screen = self._screen
        if not yes:
            # Translators: the player answered no to "Undo the last turn?".
            screen.answer(_("Nothing undone."))
            return
        keep = self._undo_target()
        old = screen.session
        undone_from = screen.lines_before.get(keep + 1)  # where the undone turn's messages begin
        rebuilt = Session(old.rules, old.players, old.seed, physical=True)
        for action in old.actions[:keep]:
            rebuilt.apply(action)
        self.faces = []
        screen.use(rebuilt)
        if undone_from is not None:  # the history and the transcript keep them, marked
            # Translators: a message of the history (and transcript) whose turn was undone in the
            # scorekeeper; {message} is that message.
            mark = _("Undone: {message}")
            for index in range(undone_from, len(screen.history)):
                if not screen.history[index].startswith(mark.format(message="")):
                    screen.history[index] = mark.format(message=screen.history[index])
        # Translators: after an undo in the scorekeeper; {status} lists every seat's chips and the pot.
        text = _("Last turn undone. {status}").format(status=screen.narrator.status(screen.state).text)
        screen.answer_kept(screen.then_question(text))  # in the history: comma says this, not the old turn
        problem = screen.keeper.turn_ended() if screen.keeper is not None else None
        if problem:
            screen.say(problem)


class _Undo(Mode):
    """The scorekeeper's share of its modes: the scorekeeper they serve, and U."""

    def __init__(self, screen: PlayScreen, keeper: Scorekeeper) -> None:
        super().__init__(screen)
        self.keeper = keeper

    @handles(Command.UNDO)
    def undo(self, press: Press) -> None:
        """Undo the last turn, after a yes or no question."""
        self.keeper.ask_undo()


class EntryMode(_Undo, Playing):
    """The scorekeeper waits for the faces of real dice to be typed in."""

    contexts = frozenset({Context.ENTRY})

    @handles(Command.FACE)
    def face(self, press: Press) -> None:
        """Type a face."""
        self.keeper.type_face(press.data)

    @handles(Command.DELETE_FACE)
    def delete_face(self, press: Press) -> None:
        """Remove the last face typed."""
        self.keeper.delete_face()

    @handles(Command.CONFIRM_FACES)
    def confirm_faces(self, press: Press) -> None:
        """Play the faces typed."""
        self.keeper.confirm_faces()

    def unbound(self, press: Press) -> None:
        """A printable key that is no key here says which faces exist (a Russian layout's letter at the place
        of a face letter is that face)."""
        if press.char is not None:
            self.keeper.type_face(press.char)
            return
        super().unbound(press)


class KeepReverseMode(_Undo, ReverseMode):
    """The scorekeeper asks whether to reverse the dice (R9); U can still undo the turn before."""

    contexts = frozenset({Context.KEEP_REVERSE})


class KeepChooseMode(_Undo, ChoiceMode):
    """The scorekeeper asks for a Wild's seat (R7, R9); U can still undo."""

    contexts = frozenset({Context.KEEP_CHOOSE})


class ScorekeeperScreen(PlayScreen):
    """A play screen with a :class:`Scorekeeper` composed in: rolls typed in from real dice, and an undo
    of the last turn. It adds nothing but that wiring (the session must be ``physical`` with every seat a
    person); arguments as for :class:`PlayScreen`."""

    def __init__(self, session: Session, speaker: Speaker, keys: Input, **options: Any) -> None:
        self.scorekeeper = Scorekeeper()
        super().__init__(session, speaker, keys, extension=self.scorekeeper, **options)

    @property
    def faces(self) -> list[Face]:
        """The faces typed so far for the roll under way."""
        return self.scorekeeper.faces


async def run_scorekeeper(app: Host) -> Outcome:
    """``lcr-audio keep-score`` and the main menu's "Keep score with real dice": first the offer to continue
    the scorekeeper's own unfinished table, if one was saved
    (:meth:`~lcr_audio.tui.host.Host.continue_saved_game`: N sets up a new table, which replaces the saved
    one at its first save); else a new table."""
    from lcr_audio.game.saves import SaveKind
    from lcr_audio.tui.host import NotContinued

    answer = await app.continue_saved_game(kind=SaveKind.SCOREKEEPER)
    if answer is NotContinued.KEPT:
        return Outcome.QUIT
    if answer is not NotContinued.NEW:  # the saved table was continued
        return answer
    setup = Setup(app.speaker, app.console, app.keys, everyone_at_table=True)
    rules, seated = await setup.ask()
    players = [Player(p.name, human=True) for p in seated]
    return await app.play(Session(rules, players, new_seed(), physical=True))
