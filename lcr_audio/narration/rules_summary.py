"""The rules in force as one short spoken summary (the I key), and the reversed meanings (R9, the E key)."""

from __future__ import annotations

from lcr_audio.engine import Rules
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.i18n import _, ngettext
from lcr_audio.rule_options import RULE_OPTIONS


def rules_summary(rules: Rules) -> str:
    """One paragraph naming every option in force (R2, R3, R8-R10, R13), e.g. for the I key: each option's
    clause (:data:`lcr_audio.rule_options.RULE_OPTIONS`), in the order the options are declared.

    Args:
        rules: the options of the game.

    Returns:
        Whole translated sentences, each ending with a full stop.
    """
    clauses = (option.clause(rules) for option in RULE_OPTIONS if option.clause is not None)
    return " ".join(clause for clause in clauses if clause)


def reversal_explained(rules: Rules | None = None) -> str:
    """What reversed dice do (R9), for the E key during the reversal question; the Wild sentences only
    when the dice have Wilds (``rules`` None: always)."""
    # Translators: explains reversed dice (R9), read when the player presses E at the reversal question.
    # {count} is how many dice a reversed roll uses (always the most a player may roll: 3).
    text = ngettext(
        "Reversing costs 3 chips, paid into the pot, and you roll {count} die. "
        "L takes a chip from the player on your left, R from the player on your right, C from the pot, "
        "each only if there is one.",
        "Reversing costs 3 chips, paid into the pot, and you roll {count} dice. "
        "L takes a chip from the player on your left, R from the player on your right, C from the pot, "
        "each only if there is one.",
        MAX_DICE,
    ).format(count=MAX_DICE)
    if rules is None or rules.wild:
        # Translators: explains reversed Wilds (R9), after the explanation of reversed letters.
        wilds = _(
            "One or two Wilds each give a chip to a player you choose. "
            "Three Wilds put all your chips in the pot."
        )
        text += " " + wilds
    return text
