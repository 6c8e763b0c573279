"""Every rule option declared once (issue 12, item 4): its field of :class:`~lcr_audio.engine.Rules`, values
and default, command-line flag and help, setup question and value labels, and clause of the rules summary.

The command line (:mod:`lcr_audio.cli`, and the odds and simulate commands), the setup's options walk
(:mod:`lcr_audio.tui.setup`), the rules summary (:mod:`lcr_audio.narration.rules_summary`) and the save
format (:mod:`lcr_audio.game.saves`, the ``"rules"`` object, one key per field in this order) are all built
from :data:`RULE_OPTIONS`, and so are the odds cache's key (:func:`lcr_audio.game.analysis.odds.table_key`)
and the tests' rule generators. Adding an option means: its field in ``engine/rules.py`` (and what it does in
the engine), with a default that plays as the game did before; one :class:`RuleOption` here, with ``since``
the save format version that first carries it (older saves and messages lack it and read its default); the
catalogs; and tests.

This module sits above the engine and :mod:`lcr_audio.i18n` only; its words are translated when asked for
(each a function), so that the options can be declared before a language is chosen.
"""

from __future__ import annotations

import argparse
import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final, Generic, Literal, TypeVar

from lcr_audio.engine import (
    MAX_CHIPS,
    MAX_PLAYERS,
    MIN_CHIPS,
    MIN_PLAYERS,
    FirstPlayer,
    Rules,
    ThreeWilds,
    WinCondition,
    may_reverse,
)
from lcr_audio.i18n import _, ngettext

T = TypeVar("T")

Json = bool | int | str
"""How a value is written in a save's ``"rules"`` object."""


class Kind(enum.Enum):
    """The kind of an option's values: what its flag, its save field and its setup question look like."""

    NUMBER = "number"
    """A whole number in a range: ``--chips 4``; a JSON number."""
    SWITCH = "switch"
    """Off (the default) or on: ``--wild``; a JSON ``true``/``false``."""
    CHOICE = "choice"
    """One member of an enum: ``--win roll-all-dots``; the member's value as a JSON string."""


@dataclass(frozen=True)
class RuleOption(Generic[T]):
    """One rule option.

    Attributes:
        field: its field of :class:`Rules`; also its key in a save's ``"rules"`` object.
        flag: the option of ``lcr-audio play`` that sets it (``"--three-wilds"``).
        values: every value it takes, in the setup's Left/Right order (a number's from low to high).
        help: its ``--help`` text (translated when called).
        title: its name in the setup's options walk ("Wild dice"; translated when called), or None when the
            walk does not ask it (the number of players is asked before the walk).
        label: the words for one of its values in the walk ("on", "2 chips").
        clause: its sentence in the rules summary (None from it: nothing to say under those rules), or None
            when another option's sentence says it (the number of chips is said with the number of players,
            the three-Wilds rule with the Wild dice).
        needs: the switch this option only matters with (``"wild"`` for three Wilds), or None.
        alone: the sentence refusing the flag given without the switch it ``needs``.
        since: the save format version (:data:`lcr_audio.game.saves.FORMAT_VERSION`) and protocol version
            (:data:`lcr_audio.game.online.protocol.PROTOCOL_VERSION`) that first carry its field: 1 for the
            options of the first release. Older saves and messages lack the field and are read with its
            :attr:`default`, so an option added later must have as default the play of the versions before
            it (see :func:`rules_from_json`).
    """

    field: str
    flag: str
    values: tuple[T, ...]
    help: Callable[[], str]
    title: Callable[[], str] | None
    label: Callable[[T], str]
    clause: Callable[[Rules], str | None] | None
    needs: str | None = None
    alone: Callable[[], str] | None = None
    since: int = 1

    @property
    def default(self) -> T:
        """Its value in ``Rules()``."""
        value: T = getattr(Rules(), self.field)
        return value

    @property
    def kind(self) -> Kind:
        """What its values are (from the type of its first value)."""
        first = self.values[0]
        if isinstance(first, bool):
            return Kind.SWITCH
        if isinstance(first, enum.Enum):
            return Kind.CHOICE
        return Kind.NUMBER

    @property
    def dest(self) -> str:
        """The attribute argparse stores the flag's value in."""
        return self.flag.removeprefix("--").replace("-", "_")

    def word(self, value: T) -> str:
        """How ``value`` is written on the command line."""
        return str(value.value) if isinstance(value, enum.Enum) else str(value)

    def from_word(self, word: str) -> T:
        """The value written ``word`` on the command line or in a save (a number: as a number).

        Raises:
            ValueError: no value of this option is written so.
        """
        for value in self.values:
            if self.word(value) == word:
                return value
        raise ValueError(f"{self.flag} takes no value {word!r}.")

    def to_json(self, value: T) -> Json:
        """How ``value`` is written in a save."""
        if isinstance(value, enum.Enum):
            return str(value.value)
        assert isinstance(value, bool | int)
        return value

    def applies(self, rules: Rules) -> bool:
        """The option matters under ``rules`` (three Wilds only with Wild dice)."""
        return self.needs is None or bool(getattr(rules, self.needs))


def _on_off(value: bool) -> str:
    if value:
        # Translators: the value of an on/off setup option that is on.
        return _("on")
    # Translators: the value of an on/off setup option that is off.
    return _("off")


def _chips_label(count: int) -> str:
    # Translators: a value of the starting-chips option.
    return ngettext("{count} chip", "{count} chips", count).format(count=count)


def _table_clause(rules: Rules) -> str:
    # Translators: the first sentence of the rules summary. {players} and {chips} are numbers.
    return ngettext(
        "{players} players, {chips} chip each.",
        "{players} players, {chips} chips each.",
        rules.chips,
    ).format(players=rules.players, chips=rules.chips)


def _wild_clause(rules: Rules) -> str:
    if not rules.wild:
        # Translators: rules summary: ordinary LCR dice, no Wild faces.
        return _("Wild dice off.")
    if rules.three_wilds is ThreeWilds.WIN:
        # Translators: rules summary, Wild dice on with the "three Wilds win" setting (R8).
        return _("Wild dice on; three Wilds take the pot and win at once.")
    # Translators: rules summary, Wild dice on with the default three-Wilds setting (R8).
    return _("Wild dice on; three Wilds take the pot and play goes on.")


def _reversible_clause(rules: Rules) -> str:
    if rules.reversible:
        # Translators: rules summary, reversible dice (R9).
        clause = _("Reversible dice on: with more than 3 chips you may pay 3 to reverse the dice.")
        if may_reverse(rules, rules.chips):
            return clause
        # Translators: rules summary, after "Reversible dice on: ...", only when everyone starts with 3 chips
        # or fewer (R2, R9): nobody can reverse on their first turns.
        hint = _("Nobody starts with more than 3 chips, so nobody can reverse at first.")
        return f"{clause} {hint}"
    # Translators: rules summary, reversible dice off (R9).
    return _("Reversible dice off.")


def _three_wilds_label(value: ThreeWilds) -> str:
    if value is ThreeWilds.WIN:
        # Translators: a value of the three-Wilds option: take the pot and win.
        return _("win at once, with the pot")
    # Translators: a value of the three-Wilds option: take the pot and the game goes on.
    return _("take the pot, and play goes on")


def _win_label(value: WinCondition) -> str:
    return {
        # Translators: a value of the win-condition option.
        WinCondition.LAST_WITH_CHIPS: _("last player with chips"),
        # Translators: a value of the win-condition option.
        WinCondition.ROLL_ALL_DOTS: _("roll all dots"),
        # Translators: a value of the win-condition option.
        WinCondition.LAST_CHIP_IN_POT: _("last chip in the pot"),
    }[value]


def _win_clause(rules: Rules) -> str:
    return {
        # Translators: rules summary, the default win condition (R10).
        WinCondition.LAST_WITH_CHIPS: _("The last player with chips wins."),
        # Translators: rules summary, win condition roll-all-dots (R10).
        WinCondition.ROLL_ALL_DOTS: _("The last player with chips must roll all dots to win."),
        # Translators: rules summary, win condition last-chip-in-pot (R10).
        WinCondition.LAST_CHIP_IN_POT: _(
            "The last player with chips must put their last chips in the pot to win."
        ),
    }[rules.win]


def _first_player_label(value: FirstPlayer) -> str:
    if value is FirstPlayer.RANDOM:
        # Translators: a value of the first-player option.
        return _("random")
    # Translators: a value of the first-player option.
    return _("seat 1")


def _first_player_clause(rules: Rules) -> str | None:
    if rules.first_player is FirstPlayer.RANDOM:
        # Translators: rules summary, the first player is drawn at random (R13).
        return _("A random player rolls first.")
    return None  # seat 1, the default, goes without saying


PLAYERS: Final = RuleOption[int](
    field="players",
    flag="--players",
    values=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    help=lambda: _("number of players, 3 to 10 (default 3, or the number of names)"),
    title=None,
    label=str,
    clause=_table_clause,
)
"""The number of seats (R2); the setup asks it first, with the people at the keyboard."""

CHIPS: Final = RuleOption[int](
    field="chips",
    flag="--chips",
    values=tuple(range(MIN_CHIPS, MAX_CHIPS + 1)),
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    help=lambda: _("starting chips per player, 1 to 10 (default 3)"),
    # Translators: the name of the starting-chips option.
    title=lambda: _("Starting chips"),
    label=_chips_label,
    clause=None,
)
"""Starting chips per seat (R2)."""

WILD: Final = RuleOption[bool](
    field="wild",
    flag="--wild",
    values=(False, True),
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    help=lambda: _("one dot on each die is a Wild"),
    # Translators: the name of an on/off setup option (R3, R7).
    title=lambda: _("Wild dice"),
    label=_on_off,
    clause=_wild_clause,
)
"""Wild dice (R3, R7)."""

THREE_WILDS: Final = RuleOption[ThreeWilds](
    field="three_wilds",
    flag="--three-wilds",
    values=(ThreeWilds.TAKE_POT, ThreeWilds.WIN),
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    help=lambda: _("three Wilds take the pot and play goes on (take-pot), or win at once (win)"),
    # Translators: the name of the three-Wilds option (R8).
    title=lambda: _("Three Wilds"),
    label=_three_wilds_label,
    clause=None,
    needs="wild",
    # Translators: --three-wilds was given without --wild (three Wilds need Wild dice).
    alone=lambda: _("--three-wilds only matters with Wild dice: add --wild, or leave it out."),
)
"""What three Wilds do (R8); only with Wild dice."""

REVERSIBLE: Final = RuleOption[bool](
    field="reversible",
    flag="--reversible",
    values=(False, True),
    # Translators: --help text of the --reversible option.
    help=lambda: _("a player with more than 3 chips may reverse the dice"),
    # Translators: the name of an on/off setup option (R9).
    title=lambda: _("Reversible dice"),
    label=_on_off,
    clause=_reversible_clause,
)
"""Reversible dice (R9)."""

WIN: Final = RuleOption[WinCondition](
    field="win",
    flag="--win",
    values=(WinCondition.LAST_WITH_CHIPS, WinCondition.ROLL_ALL_DOTS, WinCondition.LAST_CHIP_IN_POT),
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    help=lambda: _("how the game is won (default last-with-chips)"),
    # Translators: the name of the win-condition option (R10).
    title=lambda: _("Winning"),
    label=_win_label,
    clause=_win_clause,
)
"""The win condition (R10)."""

FIRST_PLAYER: Final = RuleOption[FirstPlayer](
    field="first_player",
    flag="--first",
    values=(FirstPlayer.SEAT_ONE, FirstPlayer.RANDOM),
    # Translators: command-line help (--help) or message; option names and values stay as they are.
    help=lambda: _("who rolls first: 1 or random"),
    # Translators: the name of the first-player option (R13).
    title=lambda: _("First player"),
    label=_first_player_label,
    clause=_first_player_clause,
)
"""Who rolls first (R13)."""

RULE_OPTIONS: Final[tuple[RuleOption[Any], ...]] = (
    PLAYERS,
    CHIPS,
    WILD,
    THREE_WILDS,
    REVERSIBLE,
    WIN,
    FIRST_PLAYER,
)
"""Every rule option, in the order of the setup's walk, the summary and a save's ``"rules"`` object."""


def _check() -> None:
    """Each field of :class:`Rules` is declared once, with its default among its values (at import)."""
    declared = [option.field for option in RULE_OPTIONS]
    missing = [f.name for f in fields(Rules) if f.name not in declared]
    if missing or len(set(declared)) != len(declared):
        raise TypeError(f"Rule options declared {declared}; Rules has {[f.name for f in fields(Rules)]}.")
    for option in RULE_OPTIONS:
        if option.default not in option.values:
            raise TypeError(f"{option.field}: its default {option.default!r} is not among its values.")
        if option.since < 1:
            raise TypeError(f"{option.field}: since {option.since}: versions count from 1.")
        if (option.needs is None) != (option.alone is None):
            raise TypeError(
                f"{option.field}: an option that needs another has a sentence for its flag alone."
            )


_check()


def rule_option(field: str) -> RuleOption[Any]:
    """The option declared for the :class:`Rules` field ``field``.

    Raises:
        KeyError: no option has that field.
    """
    return {option.field: option for option in RULE_OPTIONS}[field]


def rules_to_json(rules: Rules) -> dict[str, Json]:
    """``rules`` as JSON values, one field per rule option: a save's ``"rules"`` object, and the rules an
    online table sends (docs/save-format.md, docs/protocol.md)."""
    return {option.field: option.to_json(getattr(rules, option.field)) for option in RULE_OPTIONS}


_JSON_TYPES: Final = {Kind.SWITCH: bool, Kind.NUMBER: int, Kind.CHOICE: str}


class FieldProblem(enum.Enum):
    """What is wrong with one field of a ``"rules"`` object (:class:`RuleFieldError`)."""

    UNKNOWN = "unknown"
    """No rule option has that field."""
    WRONG_TYPE = "wrong-type"
    """A JSON value of the wrong type (a string for a number, ``true`` for a number)."""
    BAD_VALUE = "bad-value"
    """The right type, but not among the option's values (11 players, an unknown win condition)."""


class RuleFieldError(ValueError):
    """One field of a ``"rules"`` object that cannot be read (:func:`rules_from_json`).

    Attributes:
        field: the field's name (its key in the object).
        value: what the object holds there.
        problem: what is wrong with it.
    """

    def __init__(self, field: str, value: object, problem: FieldProblem) -> None:
        super().__init__(f"The rules field {field!r} cannot be read ({problem.value}): {value!r}.")
        self.field = field
        self.value = value
        self.problem = problem


def rules_from_json(mapping: dict[str, Any], *, unknown: Literal["refuse", "ignore"] = "refuse") -> Rules:
    """The rules of a ``"rules"`` object written by :func:`rules_to_json` (R2, R3, R8-R10, R13): the one
    policy of every reader, a save's (:mod:`lcr_audio.game.saves`) and a message's
    (:mod:`lcr_audio.game.online.protocol`).

    A field left out takes its option's :attr:`~RuleOption.default`: an object written before the option
    existed (:attr:`RuleOption.since`) has none, and a writer may leave out a field at its default. Each field
    present is checked for its JSON type first (every field, in :data:`RULE_OPTIONS` order), then against its
    option's values, so the first problem reported is the same whatever the object's key order.

    Args:
        mapping: the ``"rules"`` object, parsed.
        unknown: what a field no option declares does: ``"refuse"`` (a message: an unknown option is a
            mistake) or ``"ignore"`` (a save: a later writer of the same format version may add fields,
            docs/save-format.md).

    Raises:
        RuleFieldError: an unknown field (when refused), a value of the wrong JSON type, or one that is not
            among its option's values.
    """
    if unknown == "refuse":
        extra = sorted(set(mapping) - {option.field for option in RULE_OPTIONS})
        if extra:
            raise RuleFieldError(extra[0], mapping[extra[0]], FieldProblem.UNKNOWN)
    present = [option for option in RULE_OPTIONS if option.field in mapping]
    for option in present:
        value = mapping[option.field]
        wanted = _JSON_TYPES[option.kind]
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            raise RuleFieldError(option.field, value, FieldProblem.WRONG_TYPE)
    values: dict[str, Any] = {}
    for option in present:
        value = mapping[option.field]
        if option.kind is Kind.SWITCH:
            values[option.field] = value
            continue
        try:
            values[option.field] = option.from_word(str(value))
        except ValueError:
            raise RuleFieldError(option.field, value, FieldProblem.BAD_VALUE) from None
    return Rules(**values)


class FlagAlone(ValueError):
    """A rule flag given without the switch it needs: the message is the option's one plain sentence
    (:attr:`RuleOption.alone`)."""


def int_between(low: int, high: int) -> type[int]:
    """An argparse type: a whole number from ``low`` to ``high``, else one plain sentence."""

    def parse(text: str) -> int:
        if not text.strip().lstrip("-").isdigit() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                # Translators: a bad number on the command line; argparse puts "argument --players:" (the
                # option) before it. {low} and {high} are numbers, {value} what was typed.
                _("it must be a number from {low} to {high}, not {value}").format(
                    low=low, high=high, value=text
                )
            )
        return int(text)

    return parse  # type: ignore[return-value]


def add_rule_flags(
    parser: argparse.ArgumentParser, options: Sequence[RuleOption[Any]] = RULE_OPTIONS
) -> None:
    """A flag per rule option in ``options`` (all of them unless told); a flag not given is None (the rule's
    default)."""
    for option in options:
        match option.kind:
            case Kind.NUMBER:
                low, high = option.values[0], option.values[-1]
                parser.add_argument(option.flag, type=int_between(low, high), help=option.help())
            case Kind.SWITCH:
                parser.add_argument(option.flag, action="store_true", default=None, help=option.help())
            case Kind.CHOICE:
                words = [option.word(value) for value in option.values]
                parser.add_argument(option.flag, choices=words, help=option.help())


def rules_from_flags(
    args: argparse.Namespace, players: int, options: Sequence[RuleOption[Any]] = RULE_OPTIONS
) -> Rules:
    """The rules the flags of ``options`` in ``args`` describe (:func:`add_rule_flags`), at a table of
    ``players``; an option not given takes its default.

    Raises:
        FlagAlone: an option given without the one it needs (``--three-wilds`` without ``--wild``).
        lcr_audio.engine.RulesError: rules the engine refuses.
    """
    values: dict[str, Any] = {"players": players}  # --players, or the number of names
    for option in options:
        given = getattr(args, option.dest)
        if given is None or option.field in values:
            continue
        if option.needs is not None and not getattr(args, rule_option(option.needs).dest):
            assert option.alone is not None  # checked when the options are declared
            raise FlagAlone(option.alone())
        values[option.field] = option.from_word(given) if option.kind is Kind.CHOICE else given
    return Rules(**values)


__all__ = [
    "CHIPS",
    "FIRST_PLAYER",
    "PLAYERS",
    "REVERSIBLE",
    "RULE_OPTIONS",
    "THREE_WILDS",
    "WILD",
    "WIN",
    "FieldProblem",
    "FlagAlone",
    "Json",
    "Kind",
    "RuleFieldError",
    "RuleOption",
    "add_rule_flags",
    "int_between",
    "rule_option",
    "rules_from_flags",
    "rules_from_json",
    "rules_to_json",
]
