"""The rules reader (Ctrl+F1) and the roll explainer (E key), in the project's own words (DESIGN.md §2).

:func:`sections` returns the rules as titled sections of translated paragraphs: the game itself first
("aim" to "winning"), then one section per variant (R3, R6-R11, R13, R14). Given the :class:`Rules` of a
game under way, every section speaks of the rules in force, and the variants that are on come before those
that are off. Where the project chose a reading the sources leave open ("our reading" in DESIGN.md), the
text says so plainly.

:func:`explain_roll` tells one turn's roll face by face, for the E key and for practice mode's answers.

Every sentence comes from gettext through :mod:`lcr_audio.i18n`, whole, with named placeholders.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import assert_never

from lcr_audio.engine import (
    REVERSAL_COST,
    Cause,
    DiceReversed,
    DiceRolled,
    Event,
    Face,
    FirstPlayer,
    GameWon,
    Place,
    Rules,
    Seat,
    ThreeWilds,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
    WinCondition,
    WinReason,
)
from lcr_audio.i18n import _, ngettext
from lcr_audio.narration import phrases
from lcr_audio.narration.facts import Did, Outcome, TurnFacts, turn_facts
from lcr_audio.narration.lists import unit_list


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
    builders: dict[SectionKey, Callable[[Rules | None], Section]] = {
        SectionKey.AIM: _aim,
        SectionKey.SETUP: _setup,
        SectionKey.TURN: _turn,
        SectionKey.FACES: _faces,
        SectionKey.NO_CHIPS: _no_chips,
        SectionKey.WINNING: _winning,
        SectionKey.WILD: _wild,
        SectionKey.THREE_WILDS: _three_wilds,
        SectionKey.REVERSIBLE: _reversible,
        SectionKey.WIN_CONDITIONS: _win_conditions,
        SectionKey.RESET: _reset,
        SectionKey.FIRST_PLAYER: _first_player,
        SectionKey.ORDINARY_DICE: _ordinary_dice,
        SectionKey.ODDS: _odds,
    }
    variants = list(VARIANT_KEYS)
    if rules is not None:
        variants = [k for k in VARIANT_KEYS if variant_on(k, rules)] + [
            k for k in VARIANT_KEYS if not variant_on(k, rules)
        ]
    return [builders[key](rules) for key in (*BASE_KEYS, *variants, *ODDS_KEYS)]


def variant_on(key: SectionKey, rules: Rules) -> bool:
    """Whether the variant section ``key`` describes something in force under ``rules``.

    wild and three-wilds: Wild dice on (R3, R8); reversible: R9 on; win-conditions: a win condition other
    than the default (R10); reset: a reset can happen in this game (:func:`reset_possible`, R11);
    first-player: a random first player (R13); ordinary-dice: never, it is a way to play at a real table
    (R14), not an option. Base section keys are never variants: False.
    """
    if key in (SectionKey.WILD, SectionKey.THREE_WILDS):
        return rules.wild
    if key is SectionKey.REVERSIBLE:
        return rules.reversible
    if key is SectionKey.WIN_CONDITIONS:
        return rules.win is not WinCondition.LAST_WITH_CHIPS
    if key is SectionKey.RESET:
        return reset_possible(rules)
    if key is SectionKey.FIRST_PLAYER:
        return rules.first_player is FirstPlayer.RANDOM
    return False


def reset_possible(rules: Rules) -> bool:
    """Whether a turn can end with nobody holding chips and nobody winning under ``rules`` (R11).

    A turn that starts with two or more holders always ends with one: the roller's chips go to neighbours,
    to players they choose or to the pot, and chips are only taken from others by the roller. So only a
    last holder can empty the table. Under R10 ``last-with-chips`` there is never a last holder who rolls;
    under ``roll-all-dots`` a last C does it; under ``last-chip-in-pot`` a C wins instead, and only three
    reversed Wilds (R9 with Wild dice) put the last chips in the pot without winning.
    """
    if rules.win is WinCondition.ROLL_ALL_DOTS:
        return True
    if rules.win is WinCondition.LAST_CHIP_IN_POT:
        return rules.wild and rules.reversible
    return False


# --- the game itself ------------------------------------------------------------------------------------


def _aim(rules: Rules | None) -> Section:
    """What the game is and what a player tries to do (R2, R10, R12)."""
    # Translators: title of a section of the rules reader: what the game is about.
    title = _("The aim")
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
    return Section(SectionKey.AIM, title, tuple(paragraphs))


def _setup(rules: Rules | None) -> Section:
    """Players, chips and seats (R1, R2)."""
    # Translators: title of a section of the rules reader: players, chips and seats before the game.
    title = _("Setting up")
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
    return Section(SectionKey.SETUP, title, paragraphs)


def _turn(rules: Rules | None) -> Section:
    """How many dice and what happens on a turn (R4, R5)."""
    # Translators: title of a section of the rules reader: what happens on a player's turn.
    title = _("A turn")
    paragraphs = [
        # Translators: rules reader, "A turn" section (R4).
        _(
            "On your turn you roll one die for each chip you hold, but never more than 3. With 3 chips or "
            "more you roll 3 dice, with 2 chips 2 dice, and with 1 chip a single die."
        ),
        # Translators: rules reader, "A turn" section (R5). L, C and R are the letters on the dice.
        _(
            "Every letter you roll moves one of your chips, and every dot leaves one with you. Once the "
            "chips have moved, the dice go to the player on your left."
        ),
        # Translators: rules reader, "A turn" section: a worked example (R4, R5).
        _(
            "For example, with 4 chips you roll 3 dice. Say they show R, dot and C: one chip goes to the "
            "player on your right, one goes into the pot, and the dot keeps one with you. You have 2 chips "
            "left, so next time you roll 2 dice."
        ),
    ]
    if rules is not None and rules.wild:
        # Translators: rules reader, "A turn" section, during a game with Wild dice (R3, R7).
        paragraphs.append(_("In this game the dice also have a Wild face: see Wild dice."))
    if rules is not None and rules.reversible:
        # Translators: rules reader, "A turn" section, during a game with reversible dice (R9).
        text = _("In this game, with more than 3 chips you may reverse the dice first: see Reversible dice.")
        paragraphs.append(text)
    return Section(SectionKey.TURN, title, tuple(paragraphs))


def _faces(rules: Rules | None) -> Section:
    """The six faces of a die and what each does (R3, R5)."""
    # Translators: title of a section of the rules reader: the faces of a die and what each one does.
    title = _("The faces of the dice")
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
    return Section(SectionKey.FACES, title, tuple(paragraphs))


def _no_chips(rules: Rules | None) -> Section:
    """A player with no chips is skipped but stays in the game (R4)."""
    # Translators: title of a section of the rules reader: what happens to a player with no chips.
    title = _("No chips left")
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
    return Section(SectionKey.NO_CHIPS, title, paragraphs)


def _winning(rules: Rules | None) -> Section:
    """How the game ends and what the winner gets (R8, R10, R12)."""
    # Translators: title of a section of the rules reader: how the game is won.
    title = _("Winning")
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
    return Section(SectionKey.WINNING, title, tuple(paragraphs))


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


def _wild(rules: Rules | None) -> Section:
    """Wild dice (R3, R6, R7)."""
    # Translators: title of a section of the rules reader: the Wild dice variant.
    title = _("Wild dice")
    paragraphs: list[str] = []
    if rules is not None:
        if rules.wild:
            # Translators: rules reader, "Wild dice" section: the variant is on in the game under way.
            paragraphs.append(_("Wild dice are on in this game."))
        else:
            # Translators: rules reader, "Wild dice" section: the variant is off in the game under way.
            paragraphs.append(_("Wild dice are off in this game. This is how they work when they are on."))
    paragraphs += [
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
    return Section(SectionKey.WILD, title, tuple(paragraphs))


def _three_wilds(rules: Rules | None) -> Section:
    """Three Wilds in one roll, both settings (R8)."""
    # Translators: title of a section of the rules reader: rolling three Wilds at once.
    title = _("Three Wilds")
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
    return Section(SectionKey.THREE_WILDS, title, tuple(paragraphs))


def _reversible(rules: Rules | None) -> Section:
    """Reversible dice (R9)."""
    # Translators: title of a section of the rules reader: the reversible dice variant.
    title = _("Reversible dice")
    paragraphs: list[str] = []
    if rules is not None:
        if rules.reversible:
            # Translators: rules reader, "Reversible dice" section: the variant is on in this game (R9).
            paragraphs.append(_("Reversible dice are on in this game."))
        else:
            # Translators: rules reader, "Reversible dice" section: the variant is off in this game (R9).
            text = _("Reversible dice are off in this game. This is how they work when they are on.")
            paragraphs.append(text)
    paragraphs += [
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
        _(
            "The description of this variant doesn't say how many dice a reversed roll uses; this game "
            "always rolls 3."
        ),
    ]
    return Section(SectionKey.REVERSIBLE, title, tuple(paragraphs))


def _win_conditions(rules: Rules | None) -> Section:
    """The three win conditions and the project's readings of the two unusual ones (R10)."""
    # Translators: title of a section of the rules reader: the three ways a game can be won.
    title = _("Ways to win")
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
    return Section(SectionKey.WIN_CONDITIONS, title, tuple(paragraphs))


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


def _reset(rules: Rules | None) -> Section:
    """Everyone gets chips again when nobody holds any (R11)."""
    # Translators: title of a section of the rules reader: what happens when nobody has chips left.
    title = _("When nobody has chips")
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
    elif not reset_possible(rules):
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
    return Section(SectionKey.RESET, title, tuple(paragraphs))


def _first_player(rules: Rules | None) -> Section:
    """Who rolls first (R13)."""
    # Translators: title of a section of the rules reader: who rolls first.
    title = _("Who rolls first")
    paragraphs: list[str] = []
    if rules is not None:
        if rules.first_player is FirstPlayer.RANDOM:
            # Translators: rules reader, "Who rolls first" section, in a game with a random first player.
            paragraphs.append(_("In this game the first player was drawn at random."))
        else:
            # Translators: rules reader, "Who rolls first" section, in a game where seat 1 started.
            paragraphs.append(_("In this game seat 1 rolled first."))
    # Translators: rules reader, "Who rolls first" section: the project's reading (R13).
    text = _(
        "The printed rules leave the choice of the first player to the group; this game starts with "
        "seat 1, unless the game is set up to draw the first player at random. After that, the dice go "
        "to the left."
    )
    paragraphs.append(text)
    return Section(SectionKey.FIRST_PLAYER, title, tuple(paragraphs))


def _ordinary_dice(rules: Rules | None) -> Section:
    """Ordinary dice in place of LCR dice (R14)."""
    # Translators: title of a section of the rules reader: playing with ordinary six-sided dice.
    title = _("Playing with ordinary dice")
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
    return Section(SectionKey.ORDINARY_DICE, title, tuple(paragraphs))


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


def _odds(rules: Rules | None) -> Section:
    """Who is likely to win: each seat's chance at 3, 4 and 5 players, computed (issue 15)."""
    from lcr_audio.game.analysis.exact import state_count, supports

    # Translators: title of a section of the rules reader: each seat's chance of winning.
    title = _("Who is likely to win")
    paragraphs = [
        # Translators: rules reader, "Who is likely to win" section: where the numbers come from.
        _(
            "Nobody steers the dice, so each seat's chance of winning is fixed by the rules and the seat. "
            "The game works these chances out exactly; here they are for the standard rules, 3 chips each, "
            "seat 1 rolling first."
        )
    ]
    tables = {players: start_odds(Rules(players=players)) for players in ODDS_TABLES}
    for players, chances in tables.items():
        best = max(range(players), key=chances.__getitem__)
        worst = min(range(players), key=chances.__getitem__)
        # Translators: rules reader, odds section: one table size; {odds} lists every seat's chance
        # ("seat 1: 30.7 percent, ..."), {best} and {worst} are seat numbers.
        text = _("With {players} players: {odds}. Seat {best} is favoured, seat {worst} worst off.")
        paragraphs.append(
            text.format(players=players, odds=_odds_list(chances), best=best + 1, worst=worst + 1)
        )
    if all(min(range(len(c)), key=c.__getitem__) == 0 for c in tables.values()):
        # Translators: rules reader, odds section: why seat 1 is worst off; said only when the numbers
        # above show it.
        text = _("Seat 1 rolls first, so it gives chips away before any come its way.")
        paragraphs.append(text)
    if all(c[1] > min(c) for c in tables.values()):
        # Translators: rules reader, odds section: why seat 2 is not the worst off; said only when the
        # numbers above show it.
        text = _(
            "Seat 2 rolls early, yet it is not worst off: each L that seat 1 rolls gives seat 2 a chip first."
        )
        paragraphs.append(text)
    if rules is not None and supports(rules) and state_count(rules) <= ODDS_IN_FORCE_LIMIT:
        # Translators: rules reader, odds section: the chances under the rules of the game under way, from
        # its start with seat 1 rolling first; {odds} lists every seat's chance.
        text = _("Under this game's rules, from the start with seat 1 first: {odds}.")
        paragraphs.append(text.format(odds=_odds_list(start_odds(rules))))
    return Section(SectionKey.ODDS, title, tuple(paragraphs))


# --- the E key: one roll, face by face -----------------------------------------------------------------


def explain_roll(
    events: Sequence[Event],
    names: Sequence[str],
    roller_is_you: bool,
    listener: Seat | None = None,
    *,
    pending: bool = False,
) -> str:
    """Explain one turn's roll face by face (the E key, practice answers; R4-R12).

    Letters and dots are told in the order of the dice, then each Wild (R6: letters first); three Wilds,
    reversed dice, faces with nothing to act on, a reset and a win are told too.

    Args:
        events: one turn's events, from its :class:`DiceRolled` (or :class:`DiceReversed`, which adds the
            reversal) to its :class:`TurnEnded`; a :class:`ChipsReset` and a :class:`GameWon` that follow
            are told as well. Events before the reversal or the roll (a turn start) and from the next turn
            on are ignored.
        names: ``names[i]`` is seat ``i``'s name.
        roller_is_you: the listener rolled: "Your L sent a chip to Bo, on your left." Otherwise the
            roller is named: "Ana's L sent a chip to Bo, on Ana's left."
        listener: the seat of the one person at the keyboard, or None. When someone else rolled and a
            sentence's object is this seat (the chip's receiver, the seat a Wild takes from or gives to,
            the neighbour a reversed letter takes from, the winner), that sentence speaks to them: "Ana's
            L sent a chip to you, on Ana's left.", "Ana's Wild took a chip from you.". Their own name is
            never put where a third person goes.
        pending: the turn is under way (the E key during a Wild question): the Wilds still waiting for the
            roller's choice are told last, "One Wild is still to take a chip from a player you choose."

    Returns:
        Whole translated sentences joined by spaces; "" when ``events`` hold no roll.
    """

    def name(seat: Place) -> str:
        if 0 <= seat < len(names) and names[seat]:
            return names[seat]
        return phrases.seat_fallback(seat + 1)

    facts = turn_facts(_one_turn(events))
    rolled = facts.roll
    if rolled is None:
        return ""
    you, roller = roller_is_you, name(rolled.seat)

    def to_you(seat: Place | None) -> bool:
        """The seat is the listener's, and someone else rolled."""
        return listener is not None and seat == listener and seat != rolled.seat and not you

    sentences: list[str] = []
    if facts.reversal:
        sentences.append(_reversal_sentence(you, roller))
    letters = facts.letters
    dots = rolled.faces.count(Face.DOT)
    dots_told = 0
    for face in rolled.faces:
        if face is Face.DOT:
            sentences.append(_dot_sentence(you, roller, rolled.reversed, dots, dots_told))
            dots_told += 1
        elif face.is_letter and letters:
            sentences.append(_letter_sentence(letters.pop(0), you, roller, name, to_you))
    sentences += _wild_sentences(facts, you, roller, name, to_you)
    waiting = facts.pending_wilds if pending else 0
    if waiting:
        sentences.append(_pending_sentence(waiting, rolled.reversed, you, roller))
    if facts.reset is not None:
        sentences.append(phrases.reset(facts.reset.chips, facts.reset.pot))
    if facts.won is not None:
        won = facts.won
        mine = (you and won.seat == rolled.seat) or to_you(won.seat)
        sentences.append(_win_sentence(won, mine, name(won.seat)))
    return " ".join(sentences)


def _one_turn(events: Sequence[Event]) -> list[Event]:
    """The events of the first turn in ``events`` from its reversal or roll on, up to its end (or the win)."""
    out: list[Event] = []
    started = False
    ended = False
    for event in events:
        if isinstance(event, DiceReversed | DiceRolled):
            if isinstance(event, DiceRolled) and any(isinstance(e, DiceRolled) for e in out):
                break
            started = True
        if not started:
            continue
        if ended and isinstance(event, TurnStarted | TurnSkipped | DiceReversed | DiceRolled):
            break
        out.append(event)
        if isinstance(event, TurnEnded | GameWon):
            ended = True
    return out


def _reversal_sentence(you: bool, roller: str) -> str:
    if you:
        # Translators: explaining a roll (E key): the listener reversed the dice first (R9); {count} is the
        # cost in chips (3).
        text = ngettext(
            "First you put {count} chip in the pot to reverse the dice.",
            "First you put {count} chips in the pot to reverse the dice.",
            REVERSAL_COST,
        )
    else:
        # Translators: explaining a roll (E key): the player {name} reversed the dice first (R9); {count} is
        # the cost in chips (3).
        text = ngettext(
            "First {name} put {count} chip in the pot to reverse the dice.",
            "First {name} put {count} chips in the pot to reverse the dice.",
            REVERSAL_COST,
        )
    return text.format(name=roller, count=REVERSAL_COST)


def _dot_sentence(you: bool, roller: str, reversed_dice: bool, dots: int, told: int) -> str:
    """One dot of the roll: "The dot let you keep one chip." (R5); a reversed dot does nothing (R9)."""
    if reversed_dice:
        if dots == 1:
            # Translators: explaining a roll of reversed dice (R9): its only dot.
            return _("The dot did nothing.")
        if told == 0:
            # Translators: explaining a roll of reversed dice (R9): the first of several dots.
            return _("A dot did nothing.")
        # Translators: explaining a roll of reversed dice (R9): a second or third dot.
        return _("Another dot did nothing.")
    if dots == 1:
        if you:
            # Translators: explaining the listener's roll (E key): its only dot (R5).
            return _("The dot let you keep one chip.")
        # Translators: explaining the roll of the player {name} (E key): its only dot (R5).
        return _("The dot let {name} keep one chip.").format(name=roller)
    if told == 0:
        if you:
            # Translators: explaining the listener's roll (E key): the first of several dots (R5).
            return _("A dot let you keep one chip.")
        # Translators: explaining the roll of the player {name} (E key): the first of several dots (R5).
        return _("A dot let {name} keep one chip.").format(name=roller)
    if you:
        # Translators: explaining the listener's roll (E key): a second or third dot (R5).
        return _("Another dot let you keep one more chip.")
    # Translators: explaining the roll of the player {name} (E key): a second or third dot (R5).
    return _("Another dot let {name} keep one more chip.").format(name=roller)


def _letter_sentence(
    did: Outcome, you: bool, roller: str, name: Callable[[Place], str], to_you: Callable[[Place], bool]
) -> str:
    """What one L, C or R did, plain (R5) or reversed (R9); ``to_you`` tells the listener's seat."""
    cause, place = did.cause, did.place
    if did.did is Did.FOUND_EMPTY:
        return _letter_nothing(cause, you, roller, name(place), from_you=to_you(place))
    if cause in (Cause.LEFT, Cause.RIGHT) and to_you(place):
        return _letter_to_you(cause, roller)
    if cause in (Cause.REVERSED_LEFT, Cause.REVERSED_RIGHT) and to_you(place):
        return _letter_from_you(cause, roller)
    if cause is Cause.LEFT:
        if you:
            # Translators: explaining the listener's roll (E key): an L (R5); {other} got the chip.
            return _("Your L sent a chip to {other}, on your left.").format(other=name(place))
        # Translators: explaining the roll of {name} (E key): an L (R5); {other} got the chip. Say "on
        # {name}'s left" or the like; the text avoids "his" and "her" on purpose.
        text = _("{name}'s L sent a chip to {other}, on {name}'s left.")
        return text.format(name=roller, other=name(place))
    if cause is Cause.RIGHT:
        if you:
            # Translators: explaining the listener's roll (E key): an R (R5); {other} got the chip.
            return _("Your R sent a chip to {other}, on your right.").format(other=name(place))
        # Translators: explaining the roll of {name} (E key): an R (R5); {other} got the chip. Say "on
        # {name}'s right" or the like; the text avoids "his" and "her" on purpose.
        text = _("{name}'s R sent a chip to {other}, on {name}'s right.")
        return text.format(name=roller, other=name(place))
    if cause is Cause.CENTER:
        if you:
            # Translators: explaining the listener's roll (E key): a C (R5).
            return _("Your C put a chip in the pot.")
        # Translators: explaining the roll of {name} (E key): a C (R5).
        return _("{name}'s C put a chip in the pot.").format(name=roller)
    if cause is Cause.REVERSED_LEFT:
        if you:
            # Translators: explaining the listener's reversed roll (R9): an L took a chip from {other}.
            return _("Your reversed L took a chip from {other}, on your left.").format(other=name(place))
        # Translators: explaining the reversed roll of {name} (R9): an L took a chip from {other}.
        text = _("{name}'s reversed L took a chip from {other}, on {name}'s left.")
        return text.format(name=roller, other=name(place))
    if cause is Cause.REVERSED_RIGHT:
        if you:
            # Translators: explaining the listener's reversed roll (R9): an R took a chip from {other}.
            return _("Your reversed R took a chip from {other}, on your right.").format(other=name(place))
        # Translators: explaining the reversed roll of {name} (R9): an R took a chip from {other}.
        text = _("{name}'s reversed R took a chip from {other}, on {name}'s right.")
        return text.format(name=roller, other=name(place))
    if you:
        # Translators: explaining the listener's reversed roll (R9): a C took a chip from the pot.
        return _("Your reversed C took a chip from the pot.")
    # Translators: explaining the reversed roll of {name} (R9): a C took a chip from the pot.
    return _("{name}'s reversed C took a chip from the pot.").format(name=roller)


def _letter_to_you(cause: Cause, roller: str) -> str:
    """Someone else's L or R sent a chip to the listener (R5)."""
    if cause is Cause.LEFT:
        # Translators: explaining the roll of {name} (E key): an L (R5) sent a chip to the person at the
        # keyboard, who sits on {name}'s left. Say "on {name}'s left" or the like; no "his" or "her".
        text = _("{name}'s L sent a chip to you, on {name}'s left.")
    else:
        # Translators: explaining the roll of {name} (E key): an R (R5) sent a chip to the person at the
        # keyboard, who sits on {name}'s right. Say "on {name}'s right" or the like; no "his" or "her".
        text = _("{name}'s R sent a chip to you, on {name}'s right.")
    return text.format(name=roller)


def _letter_from_you(cause: Cause, roller: str) -> str:
    """Someone else's reversed L or R took a chip from the listener (R9)."""
    if cause is Cause.REVERSED_LEFT:
        # Translators: explaining the reversed roll of {name} (R9): an L took a chip from the person at the
        # keyboard, who sits on {name}'s left.
        text = _("{name}'s reversed L took a chip from you, on {name}'s left.")
    else:
        # Translators: explaining the reversed roll of {name} (R9): an R took a chip from the person at the
        # keyboard, who sits on {name}'s right.
        text = _("{name}'s reversed R took a chip from you, on {name}'s right.")
    return text.format(name=roller)


def _letter_nothing(cause: Cause, you: bool, roller: str, other: str, *, from_you: bool = False) -> str:
    """A reversed letter that found nothing to take (R9); ``from_you``: the listener had nothing."""
    if cause is Cause.REVERSED_CENTER:
        if you:
            # Translators: explaining the listener's reversed roll (R9): a C found the pot empty.
            return _("Your reversed C found the pot empty, so it took nothing.")
        # Translators: explaining the reversed roll of {name} (R9): a C found the pot empty.
        return _("{name}'s reversed C found the pot empty, so it took nothing.").format(name=roller)
    if from_you and cause is Cause.REVERSED_LEFT:
        # Translators: explaining the reversed roll of {name} (R9): an L should have taken a chip from the
        # person at the keyboard, on {name}'s left, who had none.
        return _("{name}'s reversed L took nothing: you, on {name}'s left, had no chip.").format(name=roller)
    if from_you:
        # Translators: explaining the reversed roll of {name} (R9): an R should have taken a chip from the
        # person at the keyboard, on {name}'s right, who had none.
        return _("{name}'s reversed R took nothing: you, on {name}'s right, had no chip.").format(name=roller)
    if cause is Cause.REVERSED_LEFT:
        if you:
            # Translators: explaining the listener's reversed roll (R9): {other}, on the left, had no chip.
            return _("Your reversed L took nothing: {other}, on your left, had no chip.").format(other=other)
        # Translators: explaining the reversed roll of {name} (R9): {other}, on their left, had no chip.
        return _("{name}'s reversed L took nothing: {other}, on {name}'s left, had no chip.").format(
            name=roller, other=other
        )
    if you:
        # Translators: explaining the listener's reversed roll (R9): {other}, on the right, had no chip.
        return _("Your reversed R took nothing: {other}, on your right, had no chip.").format(other=other)
    # Translators: explaining the reversed roll of {name} (R9): {other}, on their right, had no chip.
    return _("{name}'s reversed R took nothing: {other}, on {name}'s right, had no chip.").format(
        name=roller, other=other
    )


def _wild_sentences(
    facts: TurnFacts,
    you: bool,
    roller: str,
    name: Callable[[Place], str],
    to_you: Callable[[Place], bool],
) -> list[str]:
    """What the Wilds did, one at a time after the letters (R6, R7), or three at once (R8, R9)."""
    assert facts.roll is not None
    sentences: list[str] = []
    letters_first = any(f.is_letter for f in facts.roll.faces)
    for index, did in enumerate(facts.wilds):
        other = index > 0
        match did.did:
            case Did.THREE_WILDS:
                sentences.append(_three_wilds_sentence(you, roller, did.count))
            case Did.THREE_REVERSED_WILDS:
                sentences.append(_three_reversed_sentence(you, roller, did.count))
            case Did.WILD_TOOK | Did.WILD_GAVE if to_you(did.place):
                sentences.append(_wild_you(did.did is Did.WILD_GAVE, roller, other=other, then=letters_first))
            case Did.WILD_TOOK | Did.WILD_GAVE:
                sentences.append(_wild_moved(did, you, roller, name, other=other, then=letters_first))
            case Did.WILD_FOUND_NOBODY | Did.WILD_HAD_NOTHING:
                give = did.did is Did.WILD_HAD_NOTHING
                sentences.append(_wild_nothing(give, you, roller, other=other, then=letters_first))
            case Did.SENT | Did.TOOK | Did.FOUND_EMPTY | Did.REVERSAL | Did.WINNINGS:
                raise AssertionError(f"not a Wild: {did}")
            case _:
                assert_never(did.did)
        letters_first = False
    return sentences


def _pending_sentence(count: int, give: bool, you: bool, roller: str) -> str:
    """The Wilds still to act while the roller chooses (the E key during a Wild question)."""
    if give and you:
        # Translators: explaining the listener's reversed roll (E key) while they choose: {count} reversed
        # Wilds (1 or 2) still wait to give a chip each to a player they choose (R9).
        text = ngettext(
            "One Wild is still to give a chip to a player you choose.",
            "{count} Wilds are still to give a chip each to players you choose.",
            count,
        )
    elif give:
        # Translators: explaining {name}'s reversed roll (E key) while {name} chooses: {count} reversed Wilds
        # (1 or 2) still wait to give a chip each to a player {name} chooses (R9).
        text = ngettext(
            "One Wild is still to give a chip to a player {name} chooses.",
            "{count} Wilds are still to give a chip each to players {name} chooses.",
            count,
        )
    elif you:
        # Translators: explaining the listener's roll (E key) while they choose: {count} Wilds (1 or 2) still
        # wait to take a chip each from a player they choose (R7).
        text = ngettext(
            "One Wild is still to take a chip from a player you choose.",
            "{count} Wilds are still to take a chip each from players you choose.",
            count,
        )
    else:
        # Translators: explaining {name}'s roll (E key) while {name} chooses: {count} Wilds (1 or 2) still
        # wait to take a chip each from a player {name} chooses (R7).
        text = ngettext(
            "One Wild is still to take a chip from a player {name} chooses.",
            "{count} Wilds are still to take a chip each from players {name} chooses.",
            count,
        )
    return text.format(count=count, name=roller)


def _wild_moved(
    did: Outcome, you: bool, roller: str, name: Callable[[Place], str], *, other: bool, then: bool
) -> str:
    """One Wild took a chip (R7) or, reversed, gave one (R9)."""
    if did.did is Did.WILD_GAVE:
        target = name(did.place)
        if you:
            if other:
                # Translators: explaining the listener's reversed roll (R9): the second Wild gave {other} a
                # chip.
                return _("Your other reversed Wild gave a chip to {other}.").format(other=target)
            # Translators: explaining the listener's reversed roll (R9): a Wild gave {other} a chip.
            return _("Your reversed Wild gave a chip to {other}.").format(other=target)
        if other:
            # Translators: explaining {name}'s reversed roll (R9): the second Wild gave {other} a chip.
            return _("{name}'s other reversed Wild gave a chip to {other}.").format(name=roller, other=target)
        # Translators: explaining {name}'s reversed roll (R9): a Wild gave {other} a chip.
        return _("{name}'s reversed Wild gave a chip to {other}.").format(name=roller, other=target)
    source = name(did.place)
    if you:
        if other:
            # Translators: explaining the listener's roll (R7): the second Wild took a chip from {other}.
            return _("Your other Wild took a chip from {other}.").format(other=source)
        if then:
            # Translators: explaining the listener's roll (R6, R7): after the letters, a Wild took a chip
            # from {other}.
            return _("Then your Wild took a chip from {other}.").format(other=source)
        # Translators: explaining the listener's roll (R7): a Wild took a chip from {other}.
        return _("Your Wild took a chip from {other}.").format(other=source)
    if other:
        # Translators: explaining {name}'s roll (R7): the second Wild took a chip from {other}.
        return _("{name}'s other Wild took a chip from {other}.").format(name=roller, other=source)
    if then:
        # Translators: explaining {name}'s roll (R6, R7): after the letters, a Wild took a chip from {other}.
        return _("Then {name}'s Wild took a chip from {other}.").format(name=roller, other=source)
    # Translators: explaining {name}'s roll (R7): a Wild took a chip from {other}.
    return _("{name}'s Wild took a chip from {other}.").format(name=roller, other=source)


def _wild_you(give: bool, roller: str, *, other: bool, then: bool) -> str:
    """Someone else's Wild took a chip from the listener (R7) or, reversed, gave them one (R9)."""
    if give:
        if other:
            # Translators: explaining {name}'s reversed roll (R9): the second Wild gave a chip to the person
            # at the keyboard.
            return _("{name}'s other reversed Wild gave you a chip.").format(name=roller)
        # Translators: explaining {name}'s reversed roll (R9): a Wild gave a chip to the person at the
        # keyboard.
        return _("{name}'s reversed Wild gave you a chip.").format(name=roller)
    if other:
        # Translators: explaining {name}'s roll (R7): the second Wild took a chip from the person at the
        # keyboard.
        return _("{name}'s other Wild took a chip from you.").format(name=roller)
    if then:
        # Translators: explaining {name}'s roll (R6, R7): after the letters, a Wild took a chip from the
        # person at the keyboard.
        return _("Then {name}'s Wild took a chip from you.").format(name=roller)
    # Translators: explaining {name}'s roll (R7): a Wild took a chip from the person at the keyboard.
    return _("{name}'s Wild took a chip from you.").format(name=roller)


def _wild_nothing(give: bool, you: bool, roller: str, *, other: bool, then: bool) -> str:
    """A Wild with nobody to take from (R7), or a reversed Wild with no chip left to give (R9)."""
    if give:
        if you:
            # Translators: explaining the listener's reversed roll (R9): no chip was left to give.
            return _("You had no chip left, so your reversed Wild gave nothing.")
        # Translators: explaining {name}'s reversed roll (R9): no chip was left to give.
        return _("{name} had no chip left, so {name}'s reversed Wild gave nothing.").format(name=roller)
    if you:
        if other:
            # Translators: explaining the listener's roll (R7): the second Wild found nobody with a chip.
            return _("Nobody else had a chip, so your other Wild took nothing.")
        if then:
            # Translators: explaining the listener's roll (R6, R7): after the letters, nobody else had a chip.
            return _("Then your Wild found nobody else with a chip, so it took nothing.")
        # Translators: explaining the listener's roll (R7): the Wild found nobody with a chip.
        return _("Nobody else had a chip, so your Wild took nothing.")
    if other:
        # Translators: explaining {name}'s roll (R7): the second Wild found nobody with a chip.
        return _("Nobody else had a chip, so {name}'s other Wild took nothing.").format(name=roller)
    if then:
        # Translators: explaining {name}'s roll (R6, R7): after the letters, nobody else had a chip.
        return _("Then {name}'s Wild found nobody else with a chip, so it took nothing.").format(name=roller)
    # Translators: explaining {name}'s roll (R7): the Wild found nobody with a chip.
    return _("Nobody else had a chip, so {name}'s Wild took nothing.").format(name=roller)


def _three_wilds_sentence(you: bool, roller: str, count: int) -> str:
    """Three Wilds took the pot (R8)."""
    if count == 0:
        if you:
            # Translators: explaining the listener's roll of three Wilds (R8) when the pot was empty.
            return _("Your three Wilds found the pot empty, so they took nothing.")
        # Translators: explaining {name}'s roll of three Wilds (R8) when the pot was empty.
        return _("{name}'s three Wilds found the pot empty, so they took nothing.").format(name=roller)
    if you:
        # Translators: explaining the listener's roll of three Wilds (R8); {count} is the chips in the pot.
        text = ngettext(
            "Your three Wilds took the whole pot: {count} chip.",
            "Your three Wilds took the whole pot: {count} chips.",
            count,
        )
    else:
        # Translators: explaining {name}'s roll of three Wilds (R8); {count} is the chips in the pot.
        text = ngettext(
            "{name}'s three Wilds took the whole pot: {count} chip.",
            "{name}'s three Wilds took the whole pot: {count} chips.",
            count,
        )
    return text.format(name=roller, count=count)


def _three_reversed_sentence(you: bool, roller: str, count: int) -> str:
    """Three reversed Wilds put all the roller's chips in the pot (R9)."""
    if count == 0:
        if you:
            # Translators: explaining the listener's three reversed Wilds (R9) with no chip to put in the pot.
            return _("Your three reversed Wilds found you with no chips, so nothing went in the pot.")
        # Translators: explaining {name}'s three reversed Wilds (R9) with no chip to put in the pot.
        return _(
            "{name}'s three reversed Wilds found {name} with no chips, so nothing went in the pot."
        ).format(name=roller)
    if you:
        # Translators: explaining the listener's three reversed Wilds (R9); {count} is all their chips, never
        # 0 (another message says that), so the singular may say "your last chip".
        text = ngettext(
            "Your three reversed Wilds put your {count} chip in the pot.",
            "Your three reversed Wilds put all your {count} chips in the pot.",
            count,
        )
    else:
        # Translators: explaining {name}'s three reversed Wilds (R9); {count} is all their chips, never 0
        # (another message says that), so the singular may say "their last chip".
        text = ngettext(
            "{name}'s three reversed Wilds put {name}'s {count} chip in the pot.",
            "{name}'s three reversed Wilds put all {name}'s {count} chips in the pot.",
            count,
        )
    return text.format(name=roller, count=count)


def _win_sentence(event: GameWon, mine: bool, winner: str) -> str:
    """How the roll won the game (R8, R10, R12); ``mine``: the listener won, said "you win"."""
    reason = event.reason
    if reason is WinReason.ROLLED_ALL_DOTS:
        if mine:
            # Translators: explaining the listener's winning roll (R10 roll-all-dots); {count} is the total.
            text = ngettext(
                "Nothing but dots, so you win with {count} chip.",
                "Nothing but dots, so you win with {count} chips.",
                event.total,
            )
        else:
            # Translators: explaining {name}'s winning roll (R10 roll-all-dots); {count} is the total.
            text = ngettext(
                "Nothing but dots, so {name} wins with {count} chip.",
                "Nothing but dots, so {name} wins with {count} chips.",
                event.total,
            )
    elif reason is WinReason.LAST_CHIP_IN_POT:
        if mine:
            # Translators: explaining the listener's winning roll (R10 last-chip-in-pot): their C faces left
            # nobody with chips. {count} is the total they win, the whole pot.
            text = ngettext(
                "That left nobody with chips, so you win the pot: {count} chip.",
                "That left nobody with chips, so you win the pot: {count} chips.",
                event.total,
            )
        else:
            # Translators: explaining {name}'s winning roll (R10 last-chip-in-pot): their C faces left nobody
            # with chips. {count} is the total they win, the whole pot.
            text = ngettext(
                "That left nobody with chips, so {name} wins the pot: {count} chip.",
                "That left nobody with chips, so {name} wins the pot: {count} chips.",
                event.total,
            )
    elif reason is WinReason.THREE_WILDS:
        if mine:
            # Translators: explaining the listener's three Wilds that win at once (R8); {count} is the total.
            text = ngettext(
                "In this game three Wilds win at once, so you win with {count} chip.",
                "In this game three Wilds win at once, so you win with {count} chips.",
                event.total,
            )
        else:
            # Translators: explaining {name}'s three Wilds that win at once (R8); {count} is the total.
            text = ngettext(
                "In this game three Wilds win at once, so {name} wins with {count} chip.",
                "In this game three Wilds win at once, so {name} wins with {count} chips.",
                event.total,
            )
    elif mine:
        # Translators: explaining a roll after which only the listener holds chips (R10, R12); {count} is
        # the total they win, pot included.
        text = ngettext(
            "Now only you have chips, so you win with {count} chip, pot included.",
            "Now only you have chips, so you win with {count} chips, pot included.",
            event.total,
        )
    else:
        # Translators: explaining a roll after which only {name} holds chips (R10, R12); {count} is the
        # total they win, pot included.
        text = ngettext(
            "Now only {name} has chips, so {name} wins with {count} chip, pot included.",
            "Now only {name} has chips, so {name} wins with {count} chips, pot included.",
            event.total,
        )
    return text.format(name=winner, count=event.total)


def faces_list(faces: Sequence[Face]) -> str:
    """The faces of a roll as a spoken list, "L, dot, C", in the current language."""
    return unit_list([phrases.face(f) for f in faces])
