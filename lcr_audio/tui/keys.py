"""Every key of the play screen, as data (DESIGN.md §3): the bindings, F1's help and the README's key list
all come from :data:`KEYS`. Key names are prompt_toolkit's; an unknown name fails at import time.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace

from prompt_toolkit.key_binding.key_bindings import _parse_key
from prompt_toolkit.keys import Keys

from ..i18n import _


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (it is translated when spoken)."""
    return message


class Context(enum.Enum):
    """What the play screen waits for; each key works in some of these."""

    ROLL = "roll"
    """A person's roll is due."""
    REVERSE = "reverse"
    """A person decides whether to reverse the dice (R9)."""
    CHOOSE = "choose"
    """A person chooses a seat for a Wild (R7, R9)."""
    WATCH = "watch"
    """A computer player is playing."""
    CONFIRM = "confirm"
    """A yes-or-no question is open (quit? play again?)."""
    OPTIONS = "options"
    """The options menu is open."""
    READER = "reader"
    """The rules reader is open."""
    ENTRY = "entry"
    """The scorekeeper waits for the faces of real dice to be typed in."""
    KEEP_REVERSE = "keep-reverse"
    """The scorekeeper asks whether to reverse the dice (R9); U can still undo the turn before."""
    KEEP_CHOOSE = "keep-choose"
    """The scorekeeper asks for a Wild's seat (R7, R9); U can still undo."""


SCOREKEEPER_TWIN = {Context.REVERSE: Context.KEEP_REVERSE, Context.CHOOSE: Context.KEEP_CHOOSE}
"""The scorekeeper's own version of a game context: the same keys, plus undo."""
CHOOSING = frozenset({Context.CHOOSE, Context.KEEP_CHOOSE})


PLAYING = frozenset({Context.ROLL, Context.REVERSE, Context.CHOOSE, Context.WATCH, Context.ENTRY})
"""During a game; the scorekeeper's twins of REVERSE and CHOOSE are added to each key by _with_twins."""
IN_GAME = PLAYING | {Context.CONFIRM}
EVERYWHERE = IN_GAME | {Context.OPTIONS, Context.READER}


class Command(enum.Enum):
    """What a key does."""

    ROLL = "roll"
    YES = "yes"
    NO = "no"
    EXPLAIN = "explain"
    NEXT_SEAT = "next-seat"
    PREVIOUS_SEAT = "previous-seat"
    CONFIRM_SEAT = "confirm-seat"
    SEAT = "seat"
    STATUS = "status"
    POT = "pot"
    TURN = "turn"
    RULES = "rules"
    HISTORY_BACK = "history-back"
    HISTORY_FORWARD = "history-forward"
    HISTORY_FIRST = "history-first"
    HISTORY_LAST = "history-last"
    HELP = "help"
    MENU = "menu"
    QUIT_NOW = "quit-now"
    EXPLAIN_ROLL = "explain-roll"
    VERBOSITY = "verbosity"
    QUIET = "quiet"
    VOLUME_DOWN = "volume-down"
    VOLUME_UP = "volume-up"
    SLOWER = "slower"
    FASTER = "faster"
    OPTIONS = "options"
    SAVE = "save"
    RULES_READER = "rules-reader"
    NEXT_LINE = "next-line"
    PREVIOUS_LINE = "previous-line"
    INCREASE = "increase"
    DECREASE = "decrease"
    READ_ALL = "read-all"
    CLOSE = "close"
    FACE = "face"
    DELETE_FACE = "delete-face"
    CONFIRM_FACES = "confirm-faces"
    UNDO = "undo"


@dataclass(frozen=True)
class KeySpec:
    """One row of the key table.

    Attributes:
        command: what the keys do.
        keys: prompt_toolkit key names (``"space"``, ``"f1"``, ``"c-c"``, ``"s"``), validated at import.
        spoken: how the keys are named in help, as a catalog message (translated when spoken).
        help: what the keys do, as a catalog message.
        contexts: when the keys work.
    """

    command: Command
    keys: tuple[str, ...]
    spoken: str
    help: str
    contexts: frozenset[Context]

    def __post_init__(self) -> None:
        for key in self.keys:
            _parse_key(key)  # raises ValueError for a name prompt_toolkit does not know


DIGITS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0")

KEYS: tuple[KeySpec, ...] = (
    KeySpec(
        Command.ROLL,
        ("space", "enter", "r"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Space, Enter or R"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("roll the dice"),
        frozenset({Context.ROLL}),
    ),
    KeySpec(
        Command.YES,
        ("y",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Y"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("yes"),
        frozenset({Context.REVERSE, Context.CONFIRM}),
    ),
    KeySpec(
        Command.NO,
        ("n",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("N"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("no"),
        frozenset({Context.REVERSE, Context.CONFIRM}),
    ),
    KeySpec(
        Command.EXPLAIN,
        ("e",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("E"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("explain reversed dice"),
        frozenset({Context.REVERSE}),
    ),
    KeySpec(
        Command.NEXT_SEAT,
        ("down", "right"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Down or Right arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("next seat to choose"),
        frozenset({Context.CHOOSE}),
    ),
    KeySpec(
        Command.PREVIOUS_SEAT,
        ("up", "left"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Up or Left arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("previous seat to choose"),
        frozenset({Context.CHOOSE}),
    ),
    KeySpec(
        Command.CONFIRM_SEAT,
        ("enter", "space"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter or Space"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("choose that seat"),
        frozenset({Context.CHOOSE}),
    ),
    KeySpec(
        Command.SEAT,
        DIGITS,
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("1 to 9, and 0 for 10"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("one seat's chips"),
        PLAYING - {Context.CHOOSE, Context.ENTRY},
    ),
    KeySpec(
        Command.SEAT,
        DIGITS,
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("1 to 9, and 0 for 10"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("go to that seat"),
        frozenset({Context.CHOOSE}),
    ),
    KeySpec(
        Command.STATUS,
        ("s",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("S"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("every seat's chips and the pot"),
        IN_GAME,
    ),
    KeySpec(
        Command.POT,
        ("c",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("C"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the pot"),
        PLAYING - {Context.ENTRY},
    ),
    KeySpec(
        Command.TURN,
        ("t",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("T"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("whose turn it is"),
        PLAYING,
    ),
    KeySpec(
        Command.EXPLAIN_ROLL,
        ("e",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("E"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("explain the last roll, face by face"),
        PLAYING - {Context.REVERSE},
    ),
    KeySpec(
        Command.RULES,
        ("i",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("I"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the rules in force"),
        IN_GAME,
    ),
    KeySpec(
        Command.RULES_READER,
        ("c-f1",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Control+F1"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the rules, section by section"),
        IN_GAME,
    ),
    KeySpec(
        Command.HISTORY_BACK,
        (",", "pageup"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Comma or Page Up"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the previous message; the first press repeats the last one"),
        IN_GAME,
    ),
    KeySpec(
        Command.HISTORY_FORWARD,
        (".", "pagedown"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Period or Page Down"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next message"),
        IN_GAME - {Context.ENTRY},
    ),
    KeySpec(
        Command.HISTORY_FORWARD,
        ("pagedown",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Page Down"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next message"),
        frozenset({Context.ENTRY}),
    ),
    KeySpec(
        Command.HISTORY_FIRST,
        ("home",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Home"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the first message"),
        IN_GAME,
    ),
    KeySpec(
        Command.HISTORY_LAST,
        ("end",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("End"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the last message"),
        IN_GAME,
    ),
    KeySpec(
        Command.QUIET,
        ("q",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Q"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("quiet: stop the speech now"),
        EVERYWHERE,
    ),
    KeySpec(
        Command.VERBOSITY,
        ("v",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("V"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("how much each turn says: brief, normal or full"),
        IN_GAME,
    ),
    KeySpec(
        Command.SLOWER,
        ("-",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Minus"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the game's own voice slower"),
        IN_GAME,
    ),
    KeySpec(
        Command.FASTER,
        ("=", "+"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Equals or Plus"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the game's own voice faster"),
        IN_GAME,
    ),
    KeySpec(
        Command.VOLUME_DOWN,
        ("f7",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("F7"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("sounds quieter"),
        EVERYWHERE,
    ),
    KeySpec(
        Command.VOLUME_UP,
        ("f8",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("F8"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("sounds louder"),
        EVERYWHERE,
    ),
    KeySpec(
        Command.OPTIONS,
        ("o",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("O"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the options menu"),
        IN_GAME,
    ),
    KeySpec(
        Command.SAVE,
        ("c-s",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Control+S"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("save the game now"),
        PLAYING,
    ),
    KeySpec(
        Command.HELP,
        ("f1",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("F1"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the keys that work now"),
        EVERYWHERE,
    ),
    KeySpec(
        Command.MENU,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("quit the game, after a yes or no question"),
        PLAYING - {Context.CHOOSE},
    ),
    KeySpec(
        Command.MENU,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("hear the question again"),
        frozenset({Context.CHOOSE}),
    ),
    KeySpec(
        Command.NO,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("same as N"),
        frozenset({Context.CONFIRM}),
    ),
    KeySpec(
        Command.NEXT_LINE,
        ("down",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Down arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next line"),
        frozenset({Context.OPTIONS, Context.READER}),
    ),
    KeySpec(
        Command.PREVIOUS_LINE,
        ("up",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Up arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the previous line"),
        frozenset({Context.OPTIONS, Context.READER}),
    ),
    KeySpec(
        Command.INCREASE,
        ("right",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Right arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("change the value up"),
        frozenset({Context.OPTIONS}),
    ),
    KeySpec(
        Command.DECREASE,
        ("left",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Left arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("change the value down"),
        frozenset({Context.OPTIONS}),
    ),
    KeySpec(
        Command.READ_ALL,
        ("enter", "space"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter or Space"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("read the whole section"),
        frozenset({Context.READER}),
    ),
    KeySpec(
        Command.CLOSE,
        ("escape", "enter", "o"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape, Enter or O"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("close the menu"),
        frozenset({Context.OPTIONS}),
    ),
    KeySpec(
        Command.CLOSE,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("back to the game"),
        frozenset({Context.READER}),
    ),
    KeySpec(
        Command.FACE,
        ("l", "c", "r", "w", "d", ".", "1", "2", "3", "4", "5", "6"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("L, C, R, W, D or period, or 1 to 6"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("type a face: D or period for a dot; ordinary dice: 1 L, 2 C, 3 R, 4 Wild or dot, 5 and 6 dots"),
        frozenset({Context.ENTRY}),
    ),
    KeySpec(
        Command.DELETE_FACE,
        ("c-h",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Backspace"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("remove the last face typed"),
        frozenset({Context.ENTRY}),
    ),
    KeySpec(
        Command.CONFIRM_FACES,
        ("enter",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("confirm the faces"),
        frozenset({Context.ENTRY}),
    ),
    KeySpec(
        Command.UNDO,
        ("u",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("U"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("undo the last turn, after a yes or no question"),
        frozenset({Context.ENTRY, Context.KEEP_REVERSE, Context.KEEP_CHOOSE}),
    ),
    KeySpec(
        Command.QUIT_NOW,
        ("c-c",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Control+C"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("save and leave at once"),
        EVERYWHERE,
    ),
)


def _with_twins(spec: KeySpec) -> KeySpec:
    """A key of the reversal or Wild question works in the scorekeeper's version of it too."""
    twins = {SCOREKEEPER_TWIN[c] for c in spec.contexts if c in SCOREKEEPER_TWIN}
    return replace(spec, contexts=spec.contexts | twins) if twins else spec


KEYS = tuple(_with_twins(spec) for spec in KEYS)


_CYRILLIC = "йцукенгшщзхъфывапролджэячсмитьбю"
_QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,."
_LATIN_TWIN = dict(zip(_CYRILLIC, _QWERTY, strict=True))
"""The Latin key at the same place on the keyboard, for players whose Russian layout is switched on: the
game's keys are places on the keyboard (S, C, T...), whatever letter the layout puts there."""


def latin_twin(key: str) -> str:
    """The key as a lowercase Latin letter: itself, or the Latin key at the same place for a Cyrillic one."""
    lowered = key.lower()
    return _LATIN_TWIN.get(lowered, lowered)


def is_key(key: str | Keys, letter: str) -> bool:
    """True when ``key`` is ``letter`` (lowercase Latin), in either case or from a Russian layout."""
    return isinstance(key, str) and len(key) == 1 and latin_twin(key) == letter


def _key_id(key: str) -> str:
    parsed = _parse_key(key)
    return parsed.value if isinstance(parsed, Keys) else parsed


def lookup(key: str | Keys, context: Context) -> KeySpec | None:
    """The row that handles ``key`` (a prompt_toolkit key or character) in ``context``, if any.

    Letters match in either case ("S" and "s"), and from a Russian layout (the key at the same place).
    """
    wanted = key.value if isinstance(key, Keys) else key
    if len(wanted) == 1:
        wanted = latin_twin(wanted)
    for spec in KEYS:
        if context in spec.contexts and any(_key_id(k) == wanted for k in spec.keys):
            return spec
    return None


def help_text(context: Context) -> str:
    """F1's answer in ``context``: every key that works now and what it does, in table order, one per line."""
    parts = [
        # Translators: one entry of the F1 key list, e.g. "S: every seat's chips and the pot."
        _("{keys}: {action}.").format(keys=_(spec.spoken), action=_(spec.help))
        for spec in KEYS
        if context in spec.contexts
    ]
    return "\n".join(parts)  # one key per line: a screen reader can go through them line by line


_CONTEXT_NAMES = {
    Context.KEEP_REVERSE: "the scorekeeper's reversal question",
    Context.KEEP_CHOOSE: "the scorekeeper's Wild choice",
    Context.ENTRY: "typing the faces of real dice",
    Context.OPTIONS: "the options menu",
    Context.READER: "the rules reader",
    Context.ROLL: "your roll",
    Context.REVERSE: "the reversal question",
    Context.CHOOSE: "choosing a seat for a Wild",
    Context.WATCH: "a computer's turn",
    Context.CONFIRM: "a yes-or-no question",
}


def _when(contexts: frozenset[Context]) -> str:
    if contexts >= EVERYWHERE:
        return "any time in a game, menus and reader included"
    if contexts >= IN_GAME:
        return "any time in a game"
    if contexts >= PLAYING:
        return "during play"
    return ", ".join(_CONTEXT_NAMES[c] for c in Context if c in contexts)


def markdown_table(contexts: Iterable[Context] = tuple(Context)) -> str:
    """The key list as a Markdown table for the README (generated from :data:`KEYS`; English)."""
    wanted = set(contexts)
    rows = [
        f"| {spec.spoken} | {spec.help} | {_when(spec.contexts)} |" for spec in KEYS if spec.contexts & wanted
    ]
    return "\n".join(["| keys | what they do | when |", "|---|---|---|", *rows])


__all__ = ["KEYS", "N_", "Command", "Context", "KeySpec", "help_text", "lookup", "markdown_table"]
