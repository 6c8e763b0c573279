"""What the program asks first when a game was saved (issue: nothing is ever lost), worked out without the
key input: the question can then be said before prompt_toolkit and the screens are imported (issue 10,
item 9: the first sentence is out sooner). Asked by :meth:`lcr_audio.app.App.offer_saved_game`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lcr_audio.game.saves import LoadedGame, Problem, SaveError, SaveKind, load
from lcr_audio.game.seating import YOU
from lcr_audio.i18n import _
from lcr_audio.narration.lists import and_list


@dataclass(frozen=True)
class SavedGameOffer:
    """The question about a saved game.

    Attributes:
        question: the sentence to ask (it names Y and N).
        loaded: the unfinished game that Y continues, or None when the save cannot be used (then Y starts
            a new game that saves over it).
    """

    question: str
    loaded: LoadedGame | None


@dataclass(frozen=True)
class SaidOffer:
    """A question about the saved game said before the key input was ready.

    Attributes:
        offer: what was asked.
        at: when it was said (``time.monotonic()``): keys read before never answer it.
    """

    offer: SavedGameOffer
    at: float


def continue_question(loaded: LoadedGame) -> str:
    """The translated question asked before resuming: "Continue the game of Ana, Bo, and Cy, turn 31?";
    "Continue your game with Ana and Bo, turn 31?" when the one person at the keyboard kept the default
    name "You"; for a table keeping score with real dice "Continue the scorekeeper game of ..."."""
    names = and_list(loaded.names)
    if loaded.kind is SaveKind.SCOREKEEPER:
        # Translators: asked when the scorekeeper (real dice) saved a table. {names} is the players' names
        # joined as a list ("Ana, Bo, and Cy"); {turn} is the number of the turn the game had reached.
        question = _("Continue the scorekeeper game of {names}, turn {turn}?")
        return question.format(names=names, turn=loaded.turn)
    players = loaded.session.players
    you = [player for player in players if player.default_name == YOU]
    if len(you) == 1:  # the one person at the keyboard is "You": not "the game of You, Ana, and Bo"
        others = and_list([player.name for player in players if player is not you[0]])
        # Translators: asked when a saved game is found whose one person at the keyboard kept the default
        # name ("You"). {names} is the other players' names joined as a list ("Ana and Bo"); {turn} is the
        # number of the turn the game had reached.
        return _("Continue your game with {names}, turn {turn}?").format(names=others, turn=loaded.turn)
    # Translators: asked when a saved game is found. {names} is the players' names joined as a list
    # ("Ana, Bo, and Cy"); {turn} is the number of the turn the game had reached.
    return _("Continue the game of {names}, turn {turn}?").format(names=names, turn=loaded.turn)


def saved_game_offer(path: Path) -> SavedGameOffer | None:
    """The question to ask about the save at ``path``, or None when there is nothing worth asking about (no
    save, or a finished game)."""
    try:
        loaded = load(path)
    except SaveError as error:
        if error.problem is Problem.MISSING:  # no save (a folder that cannot be read is said below)
            return None
        # Translators: the saved game cannot be used. {problem} is a sentence saying why.
        question = _(
            "The saved game could not be used. {problem} A new game will save over it. Go on? Y or N."
        )
        return SavedGameOffer(question.format(problem=str(error)), None)
    if loaded.over:  # a table set up but not yet rolled is offered too (issue 21, item 2)
        return None
    # Translators: the first question when an unfinished game was saved; {question} ends with "?".
    return SavedGameOffer(_("{question} Y or N.").format(question=continue_question(loaded)), loaded)
