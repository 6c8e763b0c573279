"""Every key of the play screen, as data (DESIGN.md §3): the bindings, F1's help and the README's key list
all come from :data:`KEYS`. Key names are prompt_toolkit's; an unknown name fails at import time.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

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


PLAYING = frozenset({Context.ROLL, Context.REVERSE, Context.CHOOSE, Context.WATCH})
EVERYWHERE = PLAYING | {Context.CONFIRM}


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

# Translators: the key table. The first text of each row names keys as they are spoken in help; the
# second says what they do. Both are read to the player by F1.
KEYS: tuple[KeySpec, ...] = (
    KeySpec(
        Command.ROLL,
        ("space", "enter", "r"),
        N_("Space, Enter or R"),
        N_("roll the dice"),
        frozenset({Context.ROLL}),
    ),
    KeySpec(Command.YES, ("y",), N_("Y"), N_("yes"), frozenset({Context.REVERSE, Context.CONFIRM})),
    KeySpec(Command.NO, ("n",), N_("N"), N_("no"), frozenset({Context.REVERSE, Context.CONFIRM})),
    KeySpec(Command.EXPLAIN, ("e",), N_("E"), N_("explain reversed dice"), frozenset({Context.REVERSE})),
    KeySpec(
        Command.NEXT_SEAT,
        ("down", "right"),
        N_("Down or Right arrow"),
        N_("next seat to choose"),
        frozenset({Context.CHOOSE}),
    ),
    KeySpec(
        Command.PREVIOUS_SEAT,
        ("up", "left"),
        N_("Up or Left arrow"),
        N_("previous seat to choose"),
        frozenset({Context.CHOOSE}),
    ),
    KeySpec(
        Command.CONFIRM_SEAT,
        ("enter", "space"),
        N_("Enter or Space"),
        N_("choose that seat"),
        frozenset({Context.CHOOSE}),
    ),
    KeySpec(
        Command.SEAT, DIGITS, N_("1 to 9, and 0 for 10"), N_("one seat's chips"), PLAYING - {Context.CHOOSE}
    ),
    KeySpec(
        Command.SEAT, DIGITS, N_("1 to 9, and 0 for 10"), N_("go to that seat"), frozenset({Context.CHOOSE})
    ),
    KeySpec(Command.STATUS, ("s",), N_("S"), N_("every seat's chips and the pot"), EVERYWHERE),
    KeySpec(Command.POT, ("c",), N_("C"), N_("the pot"), PLAYING),
    KeySpec(Command.TURN, ("t",), N_("T"), N_("whose turn it is"), PLAYING),
    KeySpec(Command.RULES, ("i",), N_("I"), N_("the rules in force"), EVERYWHERE),
    KeySpec(
        Command.HISTORY_BACK,
        (",", "pageup"),
        N_("Comma or Page Up"),
        N_("the previous message; the first press repeats the last one"),
        EVERYWHERE,
    ),
    KeySpec(
        Command.HISTORY_FORWARD,
        (".", "pagedown"),
        N_("Period or Page Down"),
        N_("the next message"),
        EVERYWHERE,
    ),
    KeySpec(Command.HISTORY_FIRST, ("home",), N_("Home"), N_("the first message"), EVERYWHERE),
    KeySpec(Command.HISTORY_LAST, ("end",), N_("End"), N_("the last message"), EVERYWHERE),
    KeySpec(Command.HELP, ("f1",), N_("F1"), N_("the keys that work now"), EVERYWHERE),
    KeySpec(
        Command.MENU,
        ("escape",),
        N_("Escape"),
        N_("quit the game, after a yes or no question"),
        PLAYING - {Context.CHOOSE},
    ),
    KeySpec(
        Command.MENU, ("escape",), N_("Escape"), N_("hear the question again"), frozenset({Context.CHOOSE})
    ),
    KeySpec(Command.NO, ("escape",), N_("Escape"), N_("same as N"), frozenset({Context.CONFIRM})),
    KeySpec(Command.QUIT_NOW, ("c-c",), N_("Control+C"), N_("leave at once"), EVERYWHERE),
)


def _key_id(key: str) -> str:
    parsed = _parse_key(key)
    return parsed.value if isinstance(parsed, Keys) else parsed


def lookup(key: str | Keys, context: Context) -> KeySpec | None:
    """The row that handles ``key`` (a prompt_toolkit key or character) in ``context``, if any.

    Letters match in either case ("S" and "s").
    """
    wanted = key.value if isinstance(key, Keys) else key
    if len(wanted) == 1:
        wanted = wanted.lower()
    for spec in KEYS:
        if context in spec.contexts and any(_key_id(k) == wanted for k in spec.keys):
            return spec
    return None


def help_text(context: Context) -> str:
    """F1's answer in ``context``: every key that works now and what it does, in table order."""
    parts = [
        # Translators: one entry of the F1 key list, e.g. "S: every seat's chips and the pot."
        _("{keys}: {action}.").format(keys=_(spec.spoken), action=_(spec.help))
        for spec in KEYS
        if context in spec.contexts
    ]
    return " ".join(parts)


_CONTEXT_NAMES = {
    Context.ROLL: "your roll",
    Context.REVERSE: "the reversal question",
    Context.CHOOSE: "choosing a seat for a Wild",
    Context.WATCH: "a computer's turn",
    Context.CONFIRM: "a yes-or-no question",
}


def _when(contexts: frozenset[Context]) -> str:
    if contexts == EVERYWHERE:
        return "always"
    if contexts == PLAYING:
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
