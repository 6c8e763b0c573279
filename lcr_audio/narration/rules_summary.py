"""The rules in force as one short spoken summary (the I key), and the reversed meanings (R9, the E key)."""

from __future__ import annotations

from ..engine import FirstPlayer, Rules, ThreeWilds, WinCondition
from ..i18n import _, ngettext


def rules_summary(rules: Rules) -> str:
    """One paragraph naming every option in force (R2, R3, R8-R10, R13), e.g. for the I key.

    Args:
        rules: the options of the game.

    Returns:
        Whole translated sentences, each ending with a full stop.
    """
    sentences = [
        # Translators: the first sentence of the rules summary. {players} and {chips} are numbers.
        ngettext(
            "{players} players, {chips} chip each.",
            "{players} players, {chips} chips each.",
            rules.chips,
        ).format(players=rules.players, chips=rules.chips)
    ]
    if rules.wild:
        if rules.three_wilds is ThreeWilds.WIN:
            # Translators: rules summary, Wild dice on with the "three Wilds win" setting (R8).
            sentences.append(_("Wild dice on; three Wilds take the pot and win at once."))
        else:
            # Translators: rules summary, Wild dice on with the default three-Wilds setting (R8).
            sentences.append(_("Wild dice on; three Wilds take the pot and play goes on."))
    else:
        # Translators: rules summary: ordinary LCR dice, no Wild faces.
        sentences.append(_("Wild dice off."))
    if rules.reversible:
        # Translators: rules summary, reversible dice (R9).
        sentences.append(_("Reversible dice on: with more than 3 chips you may pay 3 to reverse the dice."))
    else:
        # Translators: rules summary, reversible dice off (R9).
        sentences.append(_("Reversible dice off."))
    win = {
        # Translators: rules summary, the default win condition (R10).
        WinCondition.LAST_WITH_CHIPS: _("The last player with chips wins."),
        # Translators: rules summary, win condition roll-all-dots (R10).
        WinCondition.ROLL_ALL_DOTS: _("The last player with chips must roll all dots to win."),
        # Translators: rules summary, win condition last-chip-in-pot (R10).
        WinCondition.LAST_CHIP_IN_POT: _(
            "The last player with chips must put their last chips in the pot to win."
        ),
    }[rules.win]
    sentences.append(win)
    if rules.first_player is FirstPlayer.RANDOM:
        # Translators: rules summary, the first player is drawn at random (R13).
        sentences.append(_("A random player rolls first."))
    return " ".join(sentences)


def reversal_explained(rules: Rules | None = None) -> str:
    """What reversed dice do (R9), for the E key during the reversal question; the Wild sentences only
    when the dice have Wilds (``rules`` None: always)."""
    # Translators: explains reversed dice (R9), read when the player presses E at the reversal question.
    text = _(
        "Reversing costs 3 chips, paid into the pot, and you roll 3 dice. "
        "L takes a chip from the player on your left, R from the player on your right, C from the pot, "
        "each only if there is one."
    )
    if rules is None or rules.wild:
        # Translators: explains reversed Wilds (R9), after the explanation of reversed letters.
        wilds = _(
            "One or two Wilds each give a chip to a player you choose. "
            "Three Wilds put all your chips in the pot."
        )
        text += " " + wilds
    return text
