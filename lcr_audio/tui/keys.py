"""Every key of every screen, as data (DESIGN.md §3): the bindings, F1's key list and the README's key list
all come from :data:`KEYS`. Key names are prompt_toolkit's (its public :class:`Keys` names and their
aliases, or one character); an unknown name fails at import time. Each row is bound to a handler by the
input mode that serves its context (:mod:`lcr_audio.tui.input`).
"""

from __future__ import annotations

import contextvars
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from prompt_toolkit.keys import KEY_ALIASES, Keys

from lcr_audio.i18n import N_, _


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
    MENU = "menu"
    """A menu outside a game (the main menu, the lesson list)."""
    SETTINGS = "settings"
    """The options menu opened from the main menu."""
    RULES = "rules"
    """The rules reader opened from the main menu or ``lcr-audio rules``."""
    QUESTION = "question"
    """A yes-or-no question outside a game (continue the saved game?)."""
    LINE = "line"
    """A setup question answered by typing a line (how many players? a name?)."""
    OPTION = "option"
    """A setup option whose value is changed by keys (Wild dice: off)."""
    START = "start"
    """The setup's last question: start with these rules, or change the options."""
    PRACTICE_NUMBER = "practice-number"
    """A practice question answered with a number."""
    PRACTICE_SEAT = "practice-seat"
    """A practice question answered with a player."""
    PRACTICE_YES_NO = "practice-yes-no"
    """A practice question answered with yes or no."""
    LESSON_END = "lesson-end"
    """A lesson has ended: the next one, again, or the list."""
    KEY_LIST = "key-list"
    """F1's list of the keys that work, stepped through one key at a time."""
    LOBBY = "lobby"
    """An online table before its game starts: who is here, the rules, start."""
    CHAT_LINE = "chat-line"
    """A chat line being typed at an online table."""


SCOREKEEPER_TWIN = {Context.REVERSE: Context.KEEP_REVERSE, Context.CHOOSE: Context.KEEP_CHOOSE}
"""The scorekeeper's own version of a game context: the same keys, plus undo."""
CHOOSING = frozenset({Context.CHOOSE, Context.KEEP_CHOOSE})


PLAYING = frozenset({Context.ROLL, Context.REVERSE, Context.CHOOSE, Context.WATCH, Context.ENTRY})
"""During a game; the scorekeeper's twins of REVERSE and CHOOSE are added to each key by _with_twins."""
IN_GAME = PLAYING | {Context.CONFIRM}
EVERYWHERE = IN_GAME | {Context.OPTIONS, Context.READER}
OUTSIDE = frozenset(
    {
        Context.MENU,
        Context.SETTINGS,
        Context.RULES,
        Context.QUESTION,
        Context.LINE,
        Context.OPTION,
        Context.START,
        Context.PRACTICE_NUMBER,
        Context.PRACTICE_SEAT,
        Context.PRACTICE_YES_NO,
        Context.LESSON_END,
    }
)
"""Outside a game: menus, setup, practice."""
PRACTICE = frozenset({Context.PRACTICE_NUMBER, Context.PRACTICE_SEAT, Context.PRACTICE_YES_NO})
READERS = frozenset({Context.READER, Context.RULES})


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
    ODDS = "odds"
    BEST_CHOICE = "best-choice"
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
    FIRST_LINE = "first-line"
    LAST_LINE = "last-line"
    CHOOSE = "choose"
    BACK = "back"
    TYPE = "type"
    DELETE = "delete"
    ACCEPT = "accept"
    DEFAULTS = "defaults"
    CHANGE_OPTIONS = "change-options"
    REPEAT = "repeat"
    NEXT_LESSON = "next-lesson"
    REPEAT_LESSON = "repeat-lesson"
    NEIGHBOURS = "neighbours"
    PAUSE = "pause"
    CHAT = "chat"
    START_GAME = "start-game"
    ADD_COMPUTER = "add-computer"
    FREE_SEAT = "free-seat"
    MOVE_SEAT_BACK = "move-seat-back"
    MOVE_SEAT_ON = "move-seat-on"
    LEAVE_TABLE = "leave-table"


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
            key_id(key)  # raises ValueError for a name prompt_toolkit does not know


_NAMES = {key.value for key in Keys}
_ALIASES = {**KEY_ALIASES, "space": " "}


def key_id(name: str) -> str:
    """The key a prompt_toolkit key name stands for, as its :class:`Keys` value or its one character
    (``"enter"`` is ``"c-m"``, ``"space"`` is ``" "``).

    Raises:
        ValueError: the name is neither one character nor a name prompt_toolkit's :class:`Keys` knows.
    """
    name = _ALIASES.get(name, name)
    if len(name) == 1 or name in _NAMES:
        return name
    raise ValueError(f"no such key: {name!r}")


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
        frozenset({Context.REVERSE, Context.CONFIRM, Context.QUESTION, Context.PRACTICE_YES_NO}),
    ),
    KeySpec(
        Command.NO,
        ("n",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("N"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("no"),
        frozenset({Context.REVERSE, Context.CONFIRM, Context.QUESTION, Context.PRACTICE_YES_NO}),
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
        Command.NEIGHBOURS,
        ("b",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("B"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("who sits beside you, left and right, with their chips"),
        PLAYING,
    ),
    KeySpec(
        Command.PAUSE,
        ("p",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("P"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("pause the computer players; P again goes on"),
        frozenset({Context.WATCH}),
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
        ("c-f1", "/"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Control+F1 or Slash"),
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
        ("pagedown", ";"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Page Down or Semicolon"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next message"),
        frozenset({Context.ENTRY}),
    ),
    KeySpec(
        Command.HISTORY_FIRST,
        ("home", "<"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Home or Less-than sign"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the first message"),
        IN_GAME,
    ),
    KeySpec(
        Command.HISTORY_LAST,
        ("end", ">"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("End or Greater-than sign"),
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
        N_(
            "quiet: stop the speech now and skip the game messages waiting; it says how many, and comma reads them"  # noqa: E501
        ),
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
        ("f7", "["),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("F7 or Left bracket"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("sounds quieter"),
        EVERYWHERE,
    ),
    KeySpec(
        Command.VOLUME_UP,
        ("f8", "]"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("F8 or Right bracket"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("sounds louder"),
        EVERYWHERE,
    ),
    KeySpec(
        Command.ODDS,
        ("o",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("O"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("each player's chance of winning from here"),
        IN_GAME,
    ),
    KeySpec(
        Command.BEST_CHOICE,
        ("h",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("H"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("at a Wild or the reversal question, your chance of winning after each choice, best first"),
        IN_GAME,
    ),
    KeySpec(
        Command.OPTIONS,
        ("f2",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("F2"),
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
        ("f1", "?"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("F1 or Question mark"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the keys that work now, one at a time"),
        EVERYWHERE | OUTSIDE | {Context.LOBBY},
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
        frozenset({Context.CONFIRM, Context.QUESTION}),
    ),
    KeySpec(
        Command.NEXT_LINE,
        ("down",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Down arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next option"),
        frozenset({Context.OPTIONS, Context.SETTINGS}),
    ),
    KeySpec(
        Command.PREVIOUS_LINE,
        ("up",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Up arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the previous option"),
        frozenset({Context.OPTIONS, Context.SETTINGS}),
    ),
    KeySpec(
        Command.FIRST_LINE,
        ("home", "<"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Home or Less-than sign"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the first option"),
        frozenset({Context.OPTIONS, Context.SETTINGS}),
    ),
    KeySpec(
        Command.LAST_LINE,
        ("end", ">"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("End or Greater-than sign"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the last option"),
        frozenset({Context.OPTIONS, Context.SETTINGS}),
    ),
    KeySpec(
        Command.NEXT_LINE,
        ("down", "right", "tab"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Down arrow, Right arrow or Tab"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next section's title"),
        READERS,
    ),
    KeySpec(
        Command.PREVIOUS_LINE,
        ("up", "left", "s-tab"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Up arrow, Left arrow or Shift+Tab"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the previous section's title"),
        READERS,
    ),
    KeySpec(
        Command.FIRST_LINE,
        ("home", "<"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Home or Less-than sign"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the first section"),
        READERS,
    ),
    KeySpec(
        Command.LAST_LINE,
        ("end", ">"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("End or Greater-than sign"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the last section"),
        READERS,
    ),
    KeySpec(
        Command.INCREASE,
        ("right",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Right arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("change the value up"),
        frozenset({Context.OPTIONS, Context.SETTINGS}),
    ),
    KeySpec(
        Command.DECREASE,
        ("left",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Left arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("change the value down"),
        frozenset({Context.OPTIONS, Context.SETTINGS}),
    ),
    KeySpec(
        Command.READ_ALL,
        ("enter", "space"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter or Space"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("read the whole section"),
        READERS,
    ),
    KeySpec(
        Command.CLOSE,
        ("escape", "enter", "f2"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape, Enter or F2"),
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
        Command.CLOSE,
        ("escape", "enter"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape or Enter"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("close the menu"),
        frozenset({Context.SETTINGS}),
    ),
    KeySpec(
        Command.CLOSE,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("back to the menu"),
        frozenset({Context.RULES}),
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
    KeySpec(
        Command.QUIT_NOW,
        ("c-c",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Control+C"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("leave the program at once"),
        OUTSIDE,
    ),
    KeySpec(
        Command.NEXT_LINE,
        ("down", "tab"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Down arrow or Tab"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next item"),
        frozenset({Context.MENU}),
    ),
    KeySpec(
        Command.PREVIOUS_LINE,
        ("up", "s-tab"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Up arrow or Shift+Tab"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the previous item"),
        frozenset({Context.MENU}),
    ),
    KeySpec(
        Command.FIRST_LINE,
        ("home", "<"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Home or Less-than sign"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the first item"),
        frozenset({Context.MENU}),
    ),
    KeySpec(
        Command.LAST_LINE,
        ("end", ">"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("End or Greater-than sign"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the last item"),
        frozenset({Context.MENU}),
    ),
    KeySpec(
        Command.CHOOSE,
        ("enter", "space", "right"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter, Space or Right arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("choose the item"),
        frozenset({Context.MENU}),
    ),
    KeySpec(
        Command.TYPE,
        (),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("A letter"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next item starting with it"),
        frozenset({Context.MENU}),
    ),
    KeySpec(
        Command.BACK,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("go back; in the main menu, leave the program after a yes or no question"),
        frozenset({Context.MENU}),
    ),
    KeySpec(
        Command.TYPE,
        (),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Letters and digits"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("type the answer"),
        frozenset({Context.LINE}),
    ),
    KeySpec(
        Command.DELETE,
        ("c-h",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Backspace"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("remove the last character typed"),
        frozenset({Context.LINE}),
    ),
    KeySpec(
        Command.ACCEPT,
        ("enter",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("accept the answer; with nothing typed, the one the question offers"),
        frozenset({Context.LINE}),
    ),
    KeySpec(
        Command.BACK,
        ("escape", "c-d"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape or Control+D"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("leave the setup"),
        frozenset({Context.LINE}),
    ),
    KeySpec(
        Command.INCREASE,
        ("right", "down"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Right or Down arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next value"),
        frozenset({Context.OPTION}),
    ),
    KeySpec(
        Command.DECREASE,
        ("left", "up"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Left or Up arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the previous value"),
        frozenset({Context.OPTION}),
    ),
    KeySpec(
        Command.ACCEPT,
        ("enter", "space"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter or Space"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("accept this value"),
        frozenset({Context.OPTION}),
    ),
    KeySpec(
        Command.DEFAULTS,
        ("d",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("D"),
        # Translators: F1 key help: what these keys do, said after their names (the options after the one
        # on the line keep their values: the defaults, or the values chosen on an earlier walk).
        N_("every option left as it is: the defaults, or the values chosen before"),
        frozenset({Context.OPTION}),
    ),
    KeySpec(
        Command.TYPE,
        (),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("A letter"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next value starting with it"),
        frozenset({Context.OPTION}),
    ),
    KeySpec(
        Command.REPEAT,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("hear the question again"),
        frozenset({Context.OPTION}),
    ),
    KeySpec(
        Command.ACCEPT,
        ("enter", "space"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter or Space"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("start the game with these rules"),
        frozenset({Context.START}),
    ),
    KeySpec(
        Command.CHANGE_OPTIONS,
        ("o",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("O"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("change the options one by one"),
        frozenset({Context.START}),
    ),
    KeySpec(
        Command.BACK,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("leave the setup"),
        frozenset({Context.START}),
    ),
    KeySpec(
        Command.NEXT_SEAT,
        ("down", "right"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Down or Right arrow"),
        # Translators: F1 key help in a practice question answered with a player: what these keys do.
        N_("the next player offered"),
        frozenset({Context.PRACTICE_SEAT}),
    ),
    KeySpec(
        Command.PREVIOUS_SEAT,
        ("up", "left"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Up or Left arrow"),
        # Translators: F1 key help in a practice question answered with a player: what these keys do.
        N_("the previous player offered"),
        frozenset({Context.PRACTICE_SEAT}),
    ),
    KeySpec(
        Command.SEAT,
        DIGITS,
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("1 to 9, and 0 for 10"),
        # Translators: F1 key help in a practice question answered with a player: what these keys do.
        N_("offer the player in that seat"),
        frozenset({Context.PRACTICE_SEAT}),
    ),
    KeySpec(
        Command.CONFIRM_SEAT,
        ("enter", "space"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter or Space"),
        # Translators: F1 key help in a practice question answered with a player: what these keys do.
        N_("answer with the player offered"),
        frozenset({Context.PRACTICE_SEAT}),
    ),
    KeySpec(
        Command.TYPE,
        DIGITS,
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("0 to 9"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("type the number"),
        frozenset({Context.PRACTICE_NUMBER}),
    ),
    KeySpec(
        Command.ACCEPT,
        ("enter",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("answer with the number typed"),
        frozenset({Context.PRACTICE_NUMBER}),
    ),
    KeySpec(
        Command.DELETE,
        ("c-h",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Backspace"),
        # Translators: F1 key help in a practice question answered with a number: what these keys do.
        N_("remove the last digit typed"),
        frozenset({Context.PRACTICE_NUMBER}),
    ),
    KeySpec(
        Command.REPEAT,
        ("r",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("R"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("hear the question again"),
        PRACTICE,
    ),
    KeySpec(
        Command.BACK,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("leave the lesson"),
        PRACTICE,
    ),
    KeySpec(
        Command.NEXT_LESSON,
        ("enter",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next lesson; after the last one, the lesson list"),
        frozenset({Context.LESSON_END}),
    ),
    KeySpec(
        Command.REPEAT_LESSON,
        ("r",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("R"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("this lesson again"),
        frozenset({Context.LESSON_END}),
    ),
    KeySpec(
        Command.BACK,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the lesson list"),
        frozenset({Context.LESSON_END}),
    ),
    KeySpec(
        Command.NEXT_LINE,
        ("down",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Down arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the next key"),
        frozenset({Context.KEY_LIST}),
    ),
    KeySpec(
        Command.PREVIOUS_LINE,
        ("up",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Up arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the previous key"),
        frozenset({Context.KEY_LIST}),
    ),
    KeySpec(
        Command.FIRST_LINE,
        ("home", "<"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Home or Less-than sign"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the first key"),
        frozenset({Context.KEY_LIST}),
    ),
    KeySpec(
        Command.LAST_LINE,
        ("end", ">"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("End or Greater-than sign"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the last key"),
        frozenset({Context.KEY_LIST}),
    ),
    KeySpec(
        Command.CLOSE,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("close the key list"),
        frozenset({Context.KEY_LIST}),
    ),
    KeySpec(
        Command.HELP,
        ("f1", "?"),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("F1 or Question mark"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("how this list works"),
        frozenset({Context.KEY_LIST}),
    ),
    KeySpec(
        Command.QUIT_NOW,
        ("c-c",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Control+C"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("leave at once, as from the screen under this list"),
        frozenset({Context.KEY_LIST}),
    ),
    KeySpec(
        Command.CHAT,
        ("m",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("M"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("chat: type a message for everyone at the table"),
        (IN_GAME - {Context.ENTRY}) | {Context.LOBBY},
    ),
    KeySpec(
        Command.START_GAME,
        ("enter",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("start the game; empty seats get computer players (the host)"),
        frozenset({Context.LOBBY}),
    ),
    KeySpec(
        Command.ADD_COMPUTER,
        ("a",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("A"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("add a computer player (the host)"),
        frozenset({Context.LOBBY}),
    ),
    KeySpec(
        Command.SEAT,
        DIGITS,
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("1 to 9, and 0 for 10"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("who sits in that seat"),
        frozenset({Context.LOBBY}),
    ),
    KeySpec(
        Command.FREE_SEAT,
        ("delete",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Delete"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("free the seat last heard; its player can still listen (the host)"),
        frozenset({Context.LOBBY}),
    ),
    KeySpec(
        Command.MOVE_SEAT_BACK,
        ("left",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Left arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("move the player in the seat last heard one seat back (the host)"),
        frozenset({Context.LOBBY}),
    ),
    KeySpec(
        Command.MOVE_SEAT_ON,
        ("right",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Right arrow"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("move the player in the seat last heard one seat on (the host)"),
        frozenset({Context.LOBBY}),
    ),
    KeySpec(
        Command.STATUS,
        ("s",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("S"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("who is at the table, and the rules"),
        frozenset({Context.LOBBY}),
    ),
    KeySpec(
        Command.OPTIONS,
        ("o",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("O"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("change the rules, one option at a time (the host)"),
        frozenset({Context.LOBBY}),
    ),
    KeySpec(
        Command.LEAVE_TABLE,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("leave the table, after a yes or no question"),
        frozenset({Context.LOBBY}),
    ),
    KeySpec(
        Command.TYPE,
        (),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Letters, digits and signs"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("type the chat line"),
        frozenset({Context.CHAT_LINE}),
    ),
    KeySpec(
        Command.DELETE,
        ("c-h",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Backspace"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("remove the last character typed"),
        frozenset({Context.CHAT_LINE}),
    ),
    KeySpec(
        Command.ACCEPT,
        ("enter",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Enter"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("send the line to everyone at the table"),
        frozenset({Context.CHAT_LINE}),
    ),
    KeySpec(
        Command.BACK,
        ("escape",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Escape"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("close the line without sending it"),
        frozenset({Context.CHAT_LINE}),
    ),
    KeySpec(
        Command.HELP,
        ("f1",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("F1"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("the keys that work now, one at a time"),
        frozenset({Context.CHAT_LINE}),  # a question mark is typed into the message
    ),
    KeySpec(
        Command.QUIT_NOW,
        ("c-c",),
        # Translators: F1 key help: how these keys are spoken (key letters stay as they are).
        N_("Control+C"),
        # Translators: F1 key help: what these keys do, said after their names.
        N_("leave at once; your seat waits for you to join again"),
        frozenset({Context.LOBBY, Context.CHAT_LINE}),
    ),
)


MAC_UNREACHABLE = frozenset({"f1", "f7", "f8", "c-f1", "pageup", "pagedown", "home", "end"})
"""Keys that do not reach a program in a macOS terminal as it comes: F1, F7 and F8 are media keys unless fn
is held, Control+F1 is a system shortcut, Terminal.app keeps Page Up, Page Down, Home and End for scrolling.
Every row with one of them has a character key too (issue 11): the question mark for F1, slash for
Control+F1, brackets for F7 and F8, comma and period (semicolon while typing faces) for Page Up and Page
Down, the less-than and greater-than signs for Home and End."""


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


def lookup(key: str | Keys, context: Context) -> KeySpec | None:
    """The row that handles ``key`` (a prompt_toolkit key or character) in ``context``, if any.

    Letters match in either case ("S" and "s"), and from a Russian layout (the key at the same place).
    """
    wanted = key.value if isinstance(key, Keys) else key
    if len(wanted) == 1:
        wanted = latin_twin(wanted)
    for spec in KEYS:
        if context in spec.contexts and any(key_id(k) == wanted for k in spec.keys):
            return spec
    return None


LAST_IN_HELP = frozenset(
    {Command.QUIET, Command.VOLUME_DOWN, Command.VOLUME_UP, Command.HELP, Command.QUIT_NOW}
)
"""Keys that work everywhere close the key list (Q, F7, F8, F1, Control+C): the keys of the moment come
first."""


IN_BROWSER: contextvars.ContextVar[bool] = contextvars.ContextVar("lcr_audio_in_browser", default=False)
"""True in a browser tab's screens (:mod:`lcr_audio.web.tab`): the browser keeps Tab and Shift+Tab for moving
the focus, so the key list and the page's buttons name the arrows only (:func:`spoken_keys`)."""

BROWSER_SPOKEN: Mapping[str, str] = {
    "Down arrow or Tab": N_("Down arrow"),
    "Up arrow or Shift+Tab": N_("Up arrow"),
    # Translators: F1 key help in a browser page (which keeps Tab): how these keys are spoken.
    "Down arrow, Right arrow or Tab": N_("Down arrow or Right arrow"),
    # Translators: F1 key help in a browser page (which keeps Shift+Tab): how these keys are spoken.
    "Up arrow, Left arrow or Shift+Tab": N_("Up arrow or Left arrow"),
}
"""How a row's keys are named in a browser tab, where it differs (by the row's :attr:`KeySpec.spoken`)."""


def spoken_keys(spec: KeySpec) -> str:
    """How ``spec``'s keys are named (a catalog message, untranslated): in a browser tab without Tab and
    Shift+Tab, which the browser keeps (:data:`IN_BROWSER`)."""
    if IN_BROWSER.get():
        return BROWSER_SPOKEN.get(spec.spoken, spec.spoken)
    return spec.spoken


def help_rows(context: Context) -> list[KeySpec]:
    """The rows that work in ``context``, in table order, with the keys of :data:`LAST_IN_HELP` last."""
    rows = [spec for spec in KEYS if context in spec.contexts]
    return sorted(rows, key=lambda spec: spec.command in LAST_IN_HELP)


def help_entries(
    context: Context, hidden: frozenset[Command] = frozenset(), words: Mapping[Command, str] | None = None
) -> list[str]:
    """F1's list in ``context``: one sentence per row that works now ("S: every seat's chips and the
    pot."), in the order of :func:`help_rows`; rows of ``hidden`` commands are left out (chat at a table
    with nobody to chat with); ``words`` gives, by command, what its keys do here instead of the table's
    words (catalog messages: B while watching is about the seat to play, not "you")."""
    words = words or {}
    return [
        # Translators: one entry of the F1 key list, e.g. "S: every seat's chips and the pot."
        _("{keys}: {action}.").format(keys=_(spoken_keys(spec)), action=_(words.get(spec.command, spec.help)))
        for spec in help_rows(context)
        if spec.command not in hidden
    ]


def help_text(context: Context) -> str:
    """F1's list in ``context`` as one text, one key per line (see :func:`help_entries`)."""
    return "\n".join(help_entries(context))  # one key per line: a screen reader can go through them


_CONTEXT_NAMES = {
    Context.MENU: "a menu",
    Context.SETTINGS: "the options menu outside a game",
    Context.RULES: "the rules reader outside a game",
    Context.QUESTION: "a yes-or-no question outside a game",
    Context.LINE: "a typed setup answer",
    Context.OPTION: "a setup option",
    Context.START: "the setup's rules question",
    Context.PRACTICE_NUMBER: "a practice number",
    Context.PRACTICE_SEAT: "a practice player",
    Context.PRACTICE_YES_NO: "a practice yes or no",
    Context.LESSON_END: "a lesson's end",
    Context.KEY_LIST: "the F1 key list",
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
    Context.LOBBY: "an online table's lobby",
    Context.CHAT_LINE: "a chat message being typed",
}


def _when(contexts: frozenset[Context]) -> str:
    if contexts >= EVERYWHERE | OUTSIDE:
        return "everywhere"
    if contexts >= OUTSIDE:
        return "anywhere outside a game"
    if contexts >= EVERYWHERE:
        return "any time in a game, menus and reader included"
    if contexts >= IN_GAME:
        return "any time in a game"
    if contexts >= PLAYING:
        return "during play"
    if contexts == PRACTICE:
        return "a practice question"
    if contexts == (IN_GAME - {Context.ENTRY}) | {Context.LOBBY}:
        return "at an online table"
    return ", ".join(_CONTEXT_NAMES[c] for c in Context if c in contexts)


def markdown_table(contexts: Iterable[Context] = tuple(Context)) -> str:
    """The key list as a Markdown table for the README (generated from :data:`KEYS`; English)."""
    wanted = set(contexts)
    rows = [
        f"| {spec.spoken} | {spec.help} | {_when(spec.contexts)} |" for spec in KEYS if spec.contexts & wanted
    ]
    return "\n".join(["| keys | what they do | when |", "|---|---|---|", *rows])


__all__ = [
    "KEYS",
    "N_",
    "Command",
    "Context",
    "KeySpec",
    "help_entries",
    "help_text",
    "key_id",
    "lookup",
    "markdown_table",
]
