"""The rules reader (Ctrl+F1), in the project's own words (DESIGN.md §2).

:func:`sections` returns the rules as titled sections of translated paragraphs: the game itself first
("aim" to "winning"), then one section per variant (R3, R6-R11, R13, R14). Given the :class:`Rules` of a
game under way, every section speaks of the rules in force, and the variants that are on come before those
that are off. Where the project chose a reading the sources leave open ("our reading" in DESIGN.md), the
text says so plainly.

Every section but the computed odds is one row of ``_LAYOUTS``: its title, its paragraphs, and for a variant
whether it is in force (:func:`variant_on`) and the sentences that open it when it is on or off; the way a
section is put together is written once, in ``_section``.

The roll explainer (the E key) is :mod:`.explain`.

Every sentence comes from gettext through :mod:`lcr_audio.i18n`, whole, with named placeholders.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lcr_audio.engine import (
    REVERSAL_COST,
    FirstPlayer,
    Rules,
    ThreeWilds,
    WinCondition,
)
from lcr_audio.engine.rules import MAX_DICE, dice_for
from lcr_audio.i18n import _, ngettext
from lcr_audio.narration.lists import and_list, unit_list


class SectionKey(enum.StrEnum):
    """The stable name of a rules reader section (not translated)."""

    AIM = "aim"
    SETUP = "setup"
    TURN = "turn"
    FACES = "faces"
    NO_CHIPS = "no-chips"
    WINNING = "winning"
    WILD = "wild"
    THREE_WILDS = "three-wilds"
    REVERSIBLE = "reversible"
    WIN_CONDITIONS = "win-conditions"
    RESET = "reset"
    FIRST_PLAYER = "first-player"
    ORDINARY_DICE = "ordinary-dice"
    ODDS = "odds"


@dataclass(frozen=True)
class Section:
    """One section of the rules reader.

    Attributes:
        key: its stable name (:class:`SectionKey`).
        title: the translated title, said before the paragraphs.
        paragraphs: translated paragraphs, each one or more whole sentences.
    """

    key: SectionKey
    title: str
    paragraphs: tuple[str, ...]


BASE_KEYS: tuple[SectionKey, ...] = (
    SectionKey.AIM,
    SectionKey.SETUP,
    SectionKey.TURN,
    SectionKey.FACES,
    SectionKey.NO_CHIPS,
    SectionKey.WINNING,
)
"""The sections about the game itself, always first and in this order."""

VARIANT_KEYS: tuple[SectionKey, ...] = (
    SectionKey.WILD,
    SectionKey.THREE_WILDS,
    SectionKey.REVERSIBLE,
    SectionKey.WIN_CONDITIONS,
    SectionKey.RESET,
    SectionKey.FIRST_PLAYER,
    SectionKey.ORDINARY_DICE,
)
"""The sections about options and variants, in this order when no rules are given (R3-R14)."""

ODDS_KEYS: tuple[SectionKey, ...] = (SectionKey.ODDS,)
"""The sections about who is likely to win (issue 15), after the variants; numbers computed, not typed."""

SECTION_KEYS: tuple[SectionKey, ...] = BASE_KEYS + VARIANT_KEYS + ODDS_KEYS
"""Every section key, in the order of :func:`sections` without rules."""


def sections(rules: Rules | None = None) -> list[Section]:
    """The rules reader's content: every section of :data:`SECTION_KEYS`, translated.

    Args:
        rules: the options of the game under way, or None for the rules in general (the main menu, the
            generated ``docs/rules.md``). With rules, each section says what is in force in this game,
            and the variant sections that are on (:func:`variant_on`) come right after the base sections,
            before those that are off; each group keeps the order of :data:`VARIANT_KEYS`.

    Returns:
        One :class:`Section` per key in :data:`SECTION_KEYS`.
    """
    variants = list(VARIANT_KEYS)
    if rules is not None:
        variants = [k for k in VARIANT_KEYS if variant_on(k, rules)] + [
            k for k in VARIANT_KEYS if not variant_on(k, rules)
        ]
    return [_section(key, rules) for key in (*BASE_KEYS, *variants, *ODDS_KEYS)]


def variant_on(key: SectionKey, rules: Rules) -> bool:
    """Whether the variant section ``key`` describes something in force under ``rules``.

    wild and three-wilds: Wild dice on (R3, R8); reversible: R9 on; win-conditions: a win condition other
    than the default (R10); reset: a reset can happen in this game (:attr:`Rules.reset_possible`, R11);
    first-player: a random first player (R13); ordinary-dice: never, it is a way to play at a real table
    (R14), not an option. Base section keys are never variants: False.
    """
    layout = _LAYOUTS.get(key)
    return layout is not None and layout.on is not None and layout.on(rules)


@dataclass(frozen=True)
class _Layout:
    """One section of the rules reader, as a row of :data:`_LAYOUTS`; :func:`_section` puts every section
    together the same way.

    Attributes:
        title: the translated title.
        paragraphs: the section's paragraphs, given the rules in force, or None for the rules in general.
        on: for a variant section, whether it is in force under the rules (:func:`variant_on`); None for a
            section about the game itself.
        said_on: with ``on``, the sentence that opens the section during a game where the variant is on
            (nothing in general).
        said_off: the same, where it is off.
    """

    title: Callable[[], str]
    paragraphs: Callable[[Rules | None], list[str]]
    on: Callable[[Rules], bool] | None = None
    said_on: Callable[[], str] | None = None
    said_off: Callable[[], str] | None = None


def _section(key: SectionKey, rules: Rules | None) -> Section:
    """The section ``key`` for ``rules`` (None: in general), from its row of :data:`_LAYOUTS`."""
    layout = _LAYOUTS.get(key)
    if layout is None:
        return _odds(rules)  # computed figures, not a layout of sentences
    paragraphs: list[str] = []
    if (
        rules is not None
        and layout.on is not None
        and layout.said_on is not None
        and layout.said_off is not None
    ):
        paragraphs.append(layout.said_on() if layout.on(rules) else layout.said_off())
    paragraphs += layout.paragraphs(rules)
    return Section(key, layout.title(), tuple(paragraphs))


# --- the game itself ------------------------------------------------------------------------------------


def _aim(rules: Rules | None) -> list[str]:
    """What the game is and what a player tries to do (R2, R10, R12)."""
    paragraphs = [
        # Translators: rules reader, "The aim" section. LCR dice show L (left), C (centre) and R (right).
        _(
            "Left Right Center is a dice game of pure luck for 3 to 10 players. Everyone starts with the "
            "same few chips, and the dice decide where each chip goes: to the player on your left, to the "
            "player on your right, or into the pot in the middle of the table."
        ),
        # Translators: rules reader, "The aim" section.
        _(
            "You try to be the last player still holding chips. Whoever wins also takes every chip in the "
            "pot."
        ),
    ]
    if rules is not None and rules.win is not WinCondition.LAST_WITH_CHIPS:
        # Translators: rules reader, "The aim" section, when the game uses a win condition other than the
        # usual one (R10).
        paragraphs.append(_("In this game being the last one with chips is not quite enough: see Winning."))
    return paragraphs


def _setup(rules: Rules | None) -> list[str]:
    """Players, chips and seats (R1, R2)."""
    if rules is None:
        # Translators: rules reader, "Setting up" section, in general (R2).
        first = _(
            "Between 3 and 10 people play. Everyone starts with the same number of chips: 3 unless the game "
            "is set up with another number, anything from 1 to 10. The pot in the middle starts empty."
        )
    else:
        # Translators: rules reader, "Setting up" section, during a game. {players} is the number of
        # players (3 to 10), {count} the chips each started with (1 to 10).
        first = ngettext(
            "This game has {players} players, and each started with {count} chip. The pot in the middle "
            "started empty.",
            "This game has {players} players, and each started with {count} chips. The pot in the middle "
            "started empty.",
            rules.chips,
        ).format(players=rules.players, count=rules.chips)
    paragraphs = (
        first,
        # Translators: rules reader, "Setting up" section: seats and neighbours (R1).
        _(
            "The seats are numbered in the order of play, as if around a table. The player on your left "
            "is the next seat and the player on your right the seat before yours; after the last seat "
            "comes seat 1 again."
        ),
        # Translators: rules reader, "Setting up" section: the project's own choice of direction (R1).
        _(
            "The printed rules don't say which way play goes around the table; this game passes the dice "
            "to the left, so the next player is always the one on your left."
        ),
    )
    return list(paragraphs)


def _turn(rules: Rules | None) -> list[str]:
    """How many dice and what happens on a turn (R4, R5): every count from the engine's
    :func:`~lcr_audio.engine.rules.dice_for`, none written here."""
    most = MAX_DICE
    counts = [
        # Translators: rules reader, "A turn" section (R4). {count} is the most dice a player rolls (3).
        ngettext(
            "On your turn you roll one die for each chip you hold, but never more than {count}.",
            "On your turn you roll one die for each chip you hold, but never more than {count}.",
            most,
        ).format(count=most),
        # Translators: rules reader, "A turn" section (R4), after "never more than 3.". {count} is that
        # most (3): the chips from which a player rolls it, and the dice they roll.
        ngettext(
            "With {count} chip or more you roll {count} die.",
            "With {count} chips or more you roll {count} dice.",
            dice_for(most),
        ).format(count=dice_for(most)),
    ]
    for chips in range(most - 1, 0, -1):
        # Translators: rules reader, "A turn" section (R4): one sentence for each number of chips below
        # the most dice ("With 2 chips you roll 2 dice. With 1 chip you roll 1 die."). {count} is both.
        counts.append(
            ngettext(
                "With {count} chip you roll {count} die.",
                "With {count} chips you roll {count} dice.",
                dice_for(chips),
            ).format(count=dice_for(chips))
        )
    start = most + 1  # the example: more chips than dice, so the count is capped
    rolled = dice_for(start)
    left = start - 2  # the example's roll, R, dot and C, moves two chips away
    paragraphs = [
        " ".join(counts),
        # Translators: rules reader, "A turn" section (R5). L, C and R are the letters on the dice.
        _(
            "Every letter you roll moves one of your chips, and every dot leaves one with you. Once the "
            "chips have moved, the dice go to the player on your left."
        ),
        # Translators: rules reader, "A turn" section: a worked example (R4, R5). {chips} is the chips the
        # player holds (4), {count} the dice they roll (3).
        ngettext(
            "For example, with {chips} chips you roll {count} die. Say it shows R, dot and C: one chip goes "
            "to the player on your right, one goes into the pot, and the dot keeps one with you.",
            "For example, with {chips} chips you roll {count} dice. Say they show R, dot and C: one chip "
            "goes to the player on your right, one goes into the pot, and the dot keeps one with you.",
            rolled,
        ).format(chips=start, count=rolled)
        + " "
        # Translators: rules reader, "A turn" section: the worked example's end (R4). {count} is the chips
        # left after the roll (2) and the dice rolled next time with them.
        + ngettext(
            "You have {count} chip left, so next time you roll {count} die.",
            "You have {count} chips left, so next time you roll {count} dice.",
            dice_for(left),
        ).format(count=dice_for(left)),
    ]
    if rules is not None and rules.wild:
        # Translators: rules reader, "A turn" section, during a game with Wild dice (R3, R7).
        paragraphs.append(_("In this game the dice also have a Wild face: see Wild dice."))
    if rules is not None and rules.reversible:
        # Translators: rules reader, "A turn" section, during a game with reversible dice (R9). {count} is
        # the chips a player must hold more than (3), the reversal's cost.
        text = ngettext(
            "In this game, with more than {count} chip you may reverse the dice first: see Reversible dice.",
            "In this game, with more than {count} chips you may reverse the dice first: see Reversible dice.",
            REVERSAL_COST,
        ).format(count=REVERSAL_COST)
        paragraphs.append(text)
    return paragraphs


def _faces(rules: Rules | None) -> list[str]:
    """The six faces of a die and what each does (R3, R5)."""
    if rules is None:
        # Translators: rules reader, "The faces of the dice" section, in general (R3).
        first = _(
            "Each die has six faces: L, C, R, and three dots. With Wild dice, one of the dots becomes a "
            "Wild, so the faces are L, C, R, Wild, and two dots."
        )
    elif rules.wild:
        # Translators: rules reader, "The faces of the dice" section, in a game with Wild dice (R3).
        first = _("In this game Wild dice are on, so each die has L, C, R, a Wild, and two dots.")
    else:
        # Translators: rules reader, "The faces of the dice" section, in a game without Wild dice (R3).
        first = _("In this game each die has six faces: L, C, R, and three dots.")
    paragraphs = [
        first,
        # Translators: rules reader, what the L face does (R5).
        _("L: give one chip to the player on your left."),
        # Translators: rules reader, what the R face does (R5).
        _("R: give one chip to the player on your right."),
        # Translators: rules reader, what the C face does (R5).
        _("C: put one chip in the pot. Chips in the pot stay there until somebody wins the game."),
        # Translators: rules reader, what the dot face does (R5).
        _("Dot: nothing moves; you keep that chip."),
    ]
    if rules is None or rules.wild:
        # Translators: rules reader, what the Wild face does, in short (R7).
        paragraphs.append(_("Wild: take one chip from another player of your choice."))
    # Translators: rules reader, "The faces of the dice" section: the same letter twice (R5).
    paragraphs.append(_("Each letter counts on its own: R, R and a dot send two chips to your right."))
    return paragraphs


def _no_chips(rules: Rules | None) -> list[str]:
    """A player with no chips is skipped but stays in the game (R4)."""
    paragraphs = (
        # Translators: rules reader, "No chips left" section (R4).
        _(
            "A player with no chips doesn't roll: when the dice reach them, they pass straight on to the "
            "next player. But that player is not out of the game."
        ),
        # Translators: rules reader, "No chips left" section (R4, R5).
        _(
            "A neighbour's L or R can send them a chip at any time, and then they roll again on their next "
            "turn. Only the end of the game puts anyone out."
        ),
    )
    return list(paragraphs)


def _winning(rules: Rules | None) -> list[str]:
    """How the game ends and what the winner gets (R8, R10, R12)."""
    paragraphs: list[str] = []
    if rules is None:
        # Translators: rules reader, "Winning" section, in general (R10).
        text = _(
            "Usually the game ends as soon as a turn ends with only one player holding chips. That "
            "player wins at once, without rolling again. Two other ways to win can be chosen when the "
            "game is set up: see Ways to win."
        )
        paragraphs.append(text)
    else:
        paragraphs.append(win_condition_in_force(rules.win))
    # Translators: rules reader, "Winning" section: the winner's total (R12).
    paragraphs.append(_("The winner takes the whole pot, so their total is their own chips plus the pot."))
    if rules is None:
        # Translators: rules reader, "Winning" section, in general: three Wilds (R8).
        text = _("With Wild dice, three Wilds in one roll can also win the game: see Three Wilds.")
        paragraphs.append(text)
    elif rules.wild and rules.three_wilds is ThreeWilds.WIN:
        # Translators: rules reader, "Winning" section, in a game where three Wilds win at once (R8).
        paragraphs.append(_("In this game a roll of three Wilds also wins at once: see Three Wilds."))
    return paragraphs


def win_condition_in_force(win: WinCondition) -> str:
    """One paragraph saying how a game with win condition ``win`` is won (R10), for the "winning" section."""
    if win is WinCondition.ROLL_ALL_DOTS:
        # Translators: rules reader, "Winning" section, in a game with the roll-all-dots win condition (R10).
        return _(
            "In this game the last player with chips must roll nothing but dots to win. Once only one "
            "player has chips, the game goes on: that player keeps rolling on their turns, and a roll of "
            "all dots wins. Any other roll is played as usual."
        )
    if win is WinCondition.LAST_CHIP_IN_POT:
        # Translators: rules reader, "Winning" section, in a game with the last-chip-in-pot win condition
        # (R10).
        return _(
            "In this game the last player with chips must put their last chips in the pot to win. Once "
            "only one player has chips, the game goes on: that player keeps rolling on their turns, and "
            "wins with a roll whose C faces put their last chips in the pot. Any other roll is played as "
            "usual."
        )
    # Translators: rules reader, "Winning" section, in a game with the usual win condition (R10).
    return _(
        "In this game the last player with chips wins: as soon as a turn ends with only one player holding "
        "chips, that player wins at once, without rolling again."
    )


# --- the variants ---------------------------------------------------------------------------------------


def _wild(rules: Rules | None) -> list[str]:
    """Wild dice (R3, R6, R7)."""
    return [
        # Translators: rules reader, "Wild dice" section (R3, R7).
        _(
            "With Wild dice, one dot on each die is replaced by a Wild. For each Wild you roll, you take one "
            "chip from another player of your choice, as long as they have one. A Wild never takes from "
            "the pot."
        ),
        # Translators: rules reader, "Wild dice" section: two Wilds (R7).
        _(
            "With two Wilds you choose twice: two chips from the same player, or one chip each from two "
            "players."
        ),
        # Translators: rules reader, "Wild dice" section: the project's reading of the order of faces (R6).
        _(
            "The printed rules don't say in what order the faces of one roll are played; this game plays "
            "all the letters first, then each Wild, one at a time. So a chip your L has just passed to a "
            "neighbour can be taken back by your Wild."
        ),
        # Translators: rules reader, "Wild dice" section: a Wild with nobody to take from (R7).
        _(
            "The printed rules don't say what a Wild does when no other player has a chip; in this game it "
            "does nothing, and you hear that it took nothing."
        ),
    ]


def _three_wilds(rules: Rules | None) -> list[str]:
    """Three Wilds in one roll, both settings (R8)."""
    paragraphs: list[str] = []
    if rules is not None:
        if not rules.wild:
            # Translators: rules reader, "Three Wilds" section, in a game without Wild dice.
            paragraphs.append(_("Wild dice are off in this game, so three Wilds can't come up."))
        elif rules.three_wilds is ThreeWilds.WIN:
            # Translators: rules reader, "Three Wilds" section, in a game where three Wilds win (R8).
            paragraphs.append(_("In this game three Wilds take the pot and win the game at once."))
        else:
            # Translators: rules reader, "Three Wilds" section, in a game where play goes on (R8).
            paragraphs.append(_("In this game three Wilds take the pot, and play goes on."))
    paragraphs += [
        # Translators: rules reader, "Three Wilds" section (R8).
        _(
            "Three Wilds in one roll take every chip in the pot; they take nothing from the other players. "
            "What happens next is a setting chosen with the game, and it has two choices."
        ),
        # Translators: rules reader, "Three Wilds" section: the first setting (R8), the default.
        _(
            "Take the pot and play on: the rule that comes with the boxed Wild edition of the game, and the "
            "usual setting here."
        ),
        # Translators: rules reader, "Three Wilds" section: the second setting (R8).
        _(
            "Take the pot and win at once: the rule of an earlier audio version of the game. The roll wins "
            "even when the pot is empty."
        ),
    ]
    return paragraphs


def _reversible(rules: Rules | None) -> list[str]:
    """Reversible dice (R9)."""
    return [
        # Translators: rules reader, "Reversible dice" section (R9). {count} is the cost, 3 chips.
        ngettext(
            "With reversible dice, a player who starts their turn with more than {count} chip may first "
            "put {count} chip in the pot to reverse the dice. It is a choice: you are asked each time.",
            "With reversible dice, a player who starts their turn with more than {count} chips may first "
            "put {count} chips in the pot to reverse the dice. It is a choice: you are asked each time.",
            REVERSAL_COST,
        ).format(count=REVERSAL_COST),
        # Translators: rules reader, "Reversible dice" section: reversed letters (R9).
        _(
            "Reversed dice work the other way round. L takes a chip from the player on your left, R takes "
            "one from the player on your right, and C takes one from the pot, each only if there is a chip "
            "there to take. A dot still does nothing."
        ),
        # Translators: rules reader, "Reversible dice" section: reversed Wilds (R9).
        _(
            "With Wild dice as well, one or two reversed Wilds each give one of your chips to a player you "
            "choose, and three reversed Wilds put all your chips in the pot."
        ),
        # Translators: rules reader, "Reversible dice" section: the project's reading of the dice count (R9).
        # {count} is the most dice a player may roll (3).
        ngettext(
            "The description of this variant doesn't say how many dice a reversed roll uses; this game "
            "always rolls {count}.",
            "The description of this variant doesn't say how many dice a reversed roll uses; this game "
            "always rolls {count}.",
            MAX_DICE,
        ).format(count=MAX_DICE),
    ]


def _win_conditions(rules: Rules | None) -> list[str]:
    """The three win conditions and the project's readings of the two unusual ones (R10)."""
    paragraphs: list[str] = []
    if rules is not None:
        paragraphs.append(_win_condition_named(rules.win))
    paragraphs += [
        # Translators: rules reader, "Ways to win" section: how many win conditions there are (R10).
        _("A game is set up with one of three ways to win."),
        # Translators: rules reader, "Ways to win" section: the usual win condition (R10).
        _(
            "The last player with chips, the usual rule: as soon as a turn ends with only one player holding "
            "chips, that player wins and takes the pot without rolling again."
        ),
        # Translators: rules reader, "Ways to win" section: the roll-all-dots win condition (R10).
        _(
            "Roll all dots: when only one player has chips, the game is not over. That player keeps rolling "
            "on their turns and wins with a roll that shows nothing but dots."
        ),
        # Translators: rules reader, "Ways to win" section: the project's reading of roll-all-dots (R10).
        _(
            "The description of roll all dots doesn't say what other rolls do; this game plays them as "
            "usual, so a letter still passes a chip to a neighbour, who is back in the game, and the game "
            "goes on."
        ),
        # Translators: rules reader, "Ways to win" section: the last-chip-in-pot win condition (R10).
        _(
            "Last chip in the pot: the last player with chips keeps rolling on their turns and wins with a "
            "roll whose C faces put their last chips in the pot, leaving nobody with chips."
        ),
        # Translators: rules reader, "Ways to win" section: the project's reading of last-chip-in-pot (R10).
        _(
            "The description of last chip in the pot doesn't say what other rolls do; this game plays them "
            "as usual, so a roll that passes a chip to a neighbour, or keeps one with a dot, lets the game "
            "go on. Only C faces count: three reversed Wilds that empty your hand don't win."
        ),
    ]
    return paragraphs


def _win_condition_named(win: WinCondition) -> str:
    """One sentence naming the win condition of the game under way (R10), for the "win-conditions" section."""
    if win is WinCondition.ROLL_ALL_DOTS:
        # Translators: rules reader, "Ways to win" section: the game under way uses roll all dots (R10).
        return _("This game is played with roll all dots.")
    if win is WinCondition.LAST_CHIP_IN_POT:
        # Translators: rules reader, "Ways to win" section: this game uses last chip in the pot (R10).
        return _("This game is played with last chip in the pot.")
    # Translators: rules reader, "Ways to win" section: the game under way uses the usual rule (R10).
    return _("This game is played with the usual rule: the last player with chips wins.")


def _reset(rules: Rules | None) -> list[str]:
    """Everyone gets chips again when nobody holds any (R11)."""
    paragraphs: list[str] = []
    if rules is None:
        # Translators: rules reader, "When nobody has chips" section, in general (R11).
        text = _(
            "If a turn ends with nobody holding chips and nobody has won, every player gets the "
            "starting chips again, and play goes on with the next player."
        )
        paragraphs.append(text)
    else:
        # Translators: rules reader, "When nobody has chips" section, during a game (R11). {count} is the
        # number of chips every player started with.
        text = ngettext(
            "If a turn ends with nobody holding chips and nobody has won, every player gets {count} chip "
            "again, as at the start, and play goes on with the next player.",
            "If a turn ends with nobody holding chips and nobody has won, every player gets {count} chips "
            "again, as at the start, and play goes on with the next player.",
            rules.chips,
        )
        paragraphs.append(text.format(count=rules.chips))
    # Translators: rules reader, "When nobody has chips" section: the pot is kept (R11).
    paragraphs.append(_("The pot is not emptied: its chips stay there for whoever wins in the end."))
    if rules is None:
        # Translators: rules reader, "When nobody has chips" section, in general: when it can happen (R10,
        # R11).
        text = _(
            "This can only happen with the roll all dots or last chip in the pot ways to win; with the "
            "usual rule the game ends before anyone could empty the table."
        )
        paragraphs.append(text)
    elif not rules.reset_possible:
        # Translators: rules reader, "When nobody has chips" section, in a game where it cannot happen.
        paragraphs.append(_("With the rules of this game it can't happen: the game ends before that."))
    elif rules.win is WinCondition.ROLL_ALL_DOTS:
        # Translators: rules reader, "When nobody has chips" section, in a roll-all-dots game (R10, R11).
        text = _(
            "In this game it can happen: when the last player with chips rolls a C with their last "
            "chip, nobody holds chips any more, and everyone starts again."
        )
        paragraphs.append(text)
    else:
        # Translators: rules reader, "When nobody has chips" section, in a last-chip-in-pot game with
        # reversible and Wild dice (R9, R10, R11).
        text = _(
            "In this game it can happen one way: the last player with chips reverses the dice and "
            "rolls three Wilds, which put all their chips in the pot without winning."
        )
        paragraphs.append(text)
    return paragraphs


def _first_player(rules: Rules | None) -> list[str]:
    """Who rolls first (R13)."""
    # Translators: rules reader, "Who rolls first" section: the project's reading (R13).
    text = _(
        "The printed rules leave the choice of the first player to the group; this game starts with "
        "seat 1, unless the game is set up to draw the first player at random. After that, the dice go "
        "to the left."
    )
    return [text]


def _ordinary_dice(rules: Rules | None) -> list[str]:
    """Ordinary dice in place of LCR dice (R14)."""
    paragraphs = [
        # Translators: rules reader, "Playing with ordinary dice" section (R14).
        _(
            "No LCR dice at hand? Ordinary dice do the same job: 1 counts as L, 2 as C, 3 as R, and 4, 5 "
            "and 6 as dots."
        ),
    ]
    if rules is not None and rules.wild:
        # Translators: rules reader, "Playing with ordinary dice" section, in a game with Wild dice (R14).
        text = _("Wild dice are on in this game, so 4 counts as a Wild, and only 5 and 6 are dots.")
        paragraphs.append(text)
    elif rules is None:
        # Translators: rules reader, "Playing with ordinary dice" section, in general: Wild dice (R14).
        paragraphs.append(_("With Wild dice, 4 counts as a Wild, and only 5 and 6 are dots."))
    return paragraphs


_LAYOUTS: dict[SectionKey, _Layout] = {
    SectionKey.AIM: _Layout(
        # Translators: title of a section of the rules reader: what the game is about.
        lambda: _("The aim"),
        _aim,
    ),
    SectionKey.SETUP: _Layout(
        # Translators: title of a section of the rules reader: players, chips and seats before the game.
        lambda: _("Setting up"),
        _setup,
    ),
    SectionKey.TURN: _Layout(
        # Translators: title of a section of the rules reader: what happens on a player's turn.
        lambda: _("A turn"),
        _turn,
    ),
    SectionKey.FACES: _Layout(
        # Translators: title of a section of the rules reader: the faces of a die and what each one does.
        lambda: _("The faces of the dice"),
        _faces,
    ),
    SectionKey.NO_CHIPS: _Layout(
        # Translators: title of a section of the rules reader: what happens to a player with no chips.
        lambda: _("No chips left"),
        _no_chips,
    ),
    SectionKey.WINNING: _Layout(
        # Translators: title of a section of the rules reader: how the game is won.
        lambda: _("Winning"),
        _winning,
    ),
    SectionKey.WILD: _Layout(
        # Translators: title of a section of the rules reader: the Wild dice variant.
        lambda: _("Wild dice"),
        _wild,
        on=lambda rules: rules.wild,
        # Translators: rules reader, "Wild dice" section: the variant is on in the game under way.
        said_on=lambda: _("Wild dice are on in this game."),
        # Translators: rules reader, "Wild dice" section: the variant is off in the game under way.
        said_off=lambda: _("Wild dice are off in this game. This is how they work when they are on."),
    ),
    SectionKey.THREE_WILDS: _Layout(
        # Translators: title of a section of the rules reader: rolling three Wilds at once.
        lambda: _("Three Wilds"),
        _three_wilds,
        on=lambda rules: rules.wild,
    ),
    SectionKey.REVERSIBLE: _Layout(
        # Translators: title of a section of the rules reader: the reversible dice variant.
        lambda: _("Reversible dice"),
        _reversible,
        on=lambda rules: rules.reversible,
        # Translators: rules reader, "Reversible dice" section: the variant is on in this game (R9).
        said_on=lambda: _("Reversible dice are on in this game."),
        # Translators: rules reader, "Reversible dice" section: the variant is off in this game (R9).
        said_off=lambda: _("Reversible dice are off in this game. This is how they work when they are on."),
    ),
    SectionKey.WIN_CONDITIONS: _Layout(
        # Translators: title of a section of the rules reader: the three ways a game can be won.
        lambda: _("Ways to win"),
        _win_conditions,
        on=lambda rules: rules.win is not WinCondition.LAST_WITH_CHIPS,
    ),
    SectionKey.RESET: _Layout(
        # Translators: title of a section of the rules reader: what happens when nobody has chips left.
        lambda: _("When nobody has chips"),
        _reset,
        on=lambda rules: rules.reset_possible,
    ),
    SectionKey.FIRST_PLAYER: _Layout(
        # Translators: title of a section of the rules reader: who rolls first.
        lambda: _("Who rolls first"),
        _first_player,
        on=lambda rules: rules.first_player is FirstPlayer.RANDOM,
        # Translators: rules reader, "Who rolls first" section, in a game with a random first player.
        said_on=lambda: _("In this game the first player was drawn at random."),
        # Translators: rules reader, "Who rolls first" section, in a game where seat 1 started.
        said_off=lambda: _("In this game seat 1 rolled first."),
    ),
    SectionKey.ORDINARY_DICE: _Layout(
        # Translators: title of a section of the rules reader: playing with ordinary six-sided dice.
        lambda: _("Playing with ordinary dice"),
        _ordinary_dice,
        on=lambda _rules: False,  # a way to play at a real table (R14), not an option
    ),
}
"""Every section but the odds (:func:`_odds`, computed figures), the one place a section is declared: its
title, its sentences, and for a variant whether it is in force and the sentence that says so."""


ODDS_TABLES: tuple[int, ...] = (3, 4, 5)
"""The numbers of players the odds section speaks of, standard rules with 3 chips each."""

ODDS_IN_FORCE_LIMIT = 12_000
"""The largest exact table worked out for the odds of the game in force when the reader opens (5 seats
with 3 chips: 11,613 positions, about a second); larger ones are left out."""


def start_odds(rules: Rules) -> tuple[float, ...]:
    """Each seat's exact chance of winning from the start under ``rules``, seat 1 rolling first (R10, R13).

    Raises:
        ValueError: ``rules`` have no exact table (:func:`lcr_audio.game.analysis.exact.supports`).
    """
    from lcr_audio.game.analysis.odds import shared_table

    found = shared_table(rules, None).lookup((rules.chips,) * rules.players, 0, 0)
    if found is None:  # pragma: no cover - every start has at least three seats with chips
        raise ValueError("No start position in the table.")
    return found


def _odds_list(chances: Sequence[float]) -> str:
    """ "seat 1: 30.7 percent, seat 2: 32.8 percent, ..." in the current language."""
    from lcr_audio.narration.odds_text import percent_tenths

    items = [
        # Translators: one seat's chance in the rules reader's odds section: "seat 2: 32.8 percent".
        _("seat {number}: {percent} percent").format(number=seat + 1, percent=percent_tenths(chance))
        for seat, chance in enumerate(chances)
    ]
    return unit_list(items)


def _seats(numbers: Sequence[int]) -> str:
    """ "seat 4", "seats 4 and 5" in the current language."""
    # Translators: rules reader, odds section: one seat or several seats tied, {numbers} "4" or "4 and 5".
    text = ngettext("seat {numbers}", "seats {numbers}", len(numbers))
    return text.format(numbers=and_list([str(n) for n in numbers]))


EXACT_TIE = 1e-12
"""Exact chances closer than this are equal (they differ by the floating point's rounding only)."""


def _placed(chances: Sequence[float], best: bool) -> tuple[list[int], list[int]]:
    """The best (or worst) placed seats by their exact chances, 1-based, with the seats whose chances are
    said alike to a tenth of a percent but are exactly lower (or higher): ``([4], [5])`` when seat 4 leads
    seat 5 by a hair. Only exactly equal chances tie."""
    sign = 1 if best else -1
    top = max(sign * c for c in chances)
    placed = [seat + 1 for seat, c in enumerate(chances) if abs(sign * c - top) < EXACT_TIE]
    heard = round(100 * chances[placed[0] - 1], 1)
    close = [
        seat + 1 for seat, c in enumerate(chances) if seat + 1 not in placed and round(100 * c, 1) == heard
    ]
    return placed, close


def _placing(players: int, chances: Sequence[float]) -> str:
    """One table size's line: every seat's chance, then who is favoured and who is worst off, by the exact
    chances; a seat ahead of another said alike is ahead "by a hair" (issue 21, item 9)."""
    best, best_close = _placed(chances, best=True)
    worst, worst_close = _placed(chances, best=False)
    odds = _odds_list(chances)
    if len(best) > 1 or len(worst) > 1:
        # Translators: rules reader, odds section: one table size where seats tie exactly; {odds} lists every
        # seat's chance, {best} and {worst} name seats ("seats 4 and 5").
        text = _("With {players} players: {odds}. Best placed: {best}; worst placed: {worst}.")
        return text.format(players=players, odds=odds, best=_seats(best), worst=_seats(worst))
    if best_close and worst_close:
        # Translators: rules reader, odds section: one table size where the best and the worst placed seat
        # each differ from another only beyond the tenth of a percent said; {odds} lists every seat's chance,
        # {best} and {worst} are seat numbers, {best_close} and {worst_close} name the seats said alike
        # ("seat 5", "seats 2 and 3").
        text = _(
            "With {players} players: {odds}. Seat {best} is favoured, by a hair over {best_close}; seat "
            "{worst} is worst off, by a hair below {worst_close}."
        )
    elif best_close:
        # Translators: rules reader, odds section: one table size where the best placed seat leads another
        # only beyond the tenth of a percent said; {odds} lists every seat's chance, {best} and {worst} are
        # seat numbers, {best_close} names the seats said alike ("seat 5", "seats 2 and 3").
        text = _(
            "With {players} players: {odds}. Seat {best} is favoured, by a hair over {best_close}; seat "
            "{worst} is worst off."
        )
    elif worst_close:
        # Translators: rules reader, odds section: one table size where the worst placed seat trails another
        # only beyond the tenth of a percent said; {odds} lists every seat's chance, {best} and {worst} are
        # seat numbers, {worst_close} names the seats said alike ("seat 2", "seats 2 and 3").
        text = _(
            "With {players} players: {odds}. Seat {best} is favoured; seat {worst} is worst off, by a hair "
            "below {worst_close}."
        )
    else:
        # Translators: rules reader, odds section: one table size; {odds} lists every seat's chance
        # ("seat 1: 30.7 percent, ..."), {best} and {worst} are seat numbers.
        text = _("With {players} players: {odds}. Seat {best} is favoured, seat {worst} worst off.")
    return text.format(
        players=players,
        odds=odds,
        best=best[0],
        worst=worst[0],
        best_close=_seats(best_close),
        worst_close=_seats(worst_close),
    )


def _odds(rules: Rules | None) -> Section:
    """Who is likely to win: each seat's chance at 3, 4 and 5 players, computed (issue 15); with Wild or
    reversible dice in force, that the players' choices change the chances, and what the numbers for the
    game in force assume (issue 21, item 9)."""
    from lcr_audio.game.analysis.exact import state_count, supports
    from lcr_audio.game.analysis.wins import has_choices
    from lcr_audio.narration.analysis_text import greedy_explained

    choices = rules is not None and has_choices(rules)
    # Translators: title of a section of the rules reader: each seat's chance of winning.
    title = _("Who is likely to win")
    if choices:
        # Translators: rules reader, "Who is likely to win" section, in a game with Wild or reversible dice:
        # where the numbers come from, and that the players' choices change them.
        first = _(
            "With Wild or reversible dice, as in this game, the players make choices, and those choices "
            "change each seat's chance of winning. With the standard rules nobody steers the dice: the game "
            "works the chances out exactly, and here they are, 3 chips "
            "each, seat 1 rolling first."
        )
    else:
        # Translators: rules reader, "Who is likely to win" section: where the numbers come from.
        first = _(
            "Nobody steers the dice, so each seat's chance of winning is fixed by the rules and the seat. "
            "The game works these chances out exactly; here they are for the standard rules, 3 chips each, "
            "seat 1 rolling first."
        )
    paragraphs = [first]
    tables = {players: start_odds(Rules(players=players)) for players in ODDS_TABLES}
    for players, chances in tables.items():
        paragraphs.append(_placing(players, chances))
    if all(chances[0] == min(chances) for chances in tables.values()):
        # Translators: rules reader, odds section: why seat 1 is worst off; said only when the numbers
        # above show it.
        text = _("Seat 1 rolls first, so it gives chips away before any come its way.")
        paragraphs.append(text)
    second_better = [players for players, chances in tables.items() if chances[1] > min(chances) + EXACT_TIE]
    if second_better:
        # Translators: rules reader, odds section: why seat 2 is not the worst off at some table sizes; said
        # only where the numbers above show it. {sizes} lists those table sizes ("3 and 4").
        text = _(
            "With {sizes} players, seat 2 rolls early yet is not worst off: each L that seat 1 rolls gives "
            "seat 2 a chip first."
        )
        paragraphs.append(text.format(sizes=and_list([str(n) for n in second_better])))
    if rules is None:
        # Translators: rules reader, odds section, in general (no game under way): with Wild or reversible
        # dice the players choose, and the odds the game gives then assume the usual computer choices.
        text = _(
            "With Wild or reversible dice the players make choices, and those choices change the chances: "
            "the odds the game gives then take every player to choose as the usual computer player does."
        )
        paragraphs.append(text)
    elif supports(rules) and state_count(rules) <= ODDS_IN_FORCE_LIMIT:
        if choices:
            # Translators: rules reader, odds section, in a game with Wild or reversible dice: the chances
            # under its rules, from its start with seat 1 rolling first, taking every player to choose as
            # the usual computer player (explained in the next sentence); {odds} lists every seat's chance.
            text = _(
                "Under this game's rules, from the start with seat 1 first, if every player chooses as the "
                "usual computer player does: {odds}."
            )
            explained = greedy_explained(rules)
            # Translators: rules reader, odds section, after the chances under this game's rules with Wild
            # or reversible dice.
            other = _("A player who chooses otherwise can have a quite different chance.")
            paragraphs.append(
                " ".join([text.format(odds=_odds_list(start_odds(rules))), explained or "", other])
            )
        else:
            # Translators: rules reader, odds section: the chances under the rules of the game under way, from
            # its start with seat 1 rolling first; {odds} lists every seat's chance.
            text = _("Under this game's rules, from the start with seat 1 first: {odds}.")
            paragraphs.append(text.format(odds=_odds_list(start_odds(rules))))
    elif choices:
        # Translators: rules reader, odds section, in a game with Wild or reversible dice too large (or with
        # a win condition) for its own chances to be worked out here.
        text = _(
            "The O key gives the chances in this game, taking every player to choose as the usual computer "
            "player does."
        )
        paragraphs.append(text)
    return Section(SectionKey.ODDS, title, tuple(paragraphs))


# --- the E key: one roll, face by face -----------------------------------------------------------------
