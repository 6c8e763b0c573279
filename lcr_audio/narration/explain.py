"""The roll explainer (the E key, and practice's answers): one turn's roll told face by face (R4-R12).

Where the turn narration (:mod:`.narrator`) says what a roll did as it happens, grouped by face and in the
present tense, the explainer says it die by die, in the past tense, with the reason each chip went where it
did ("on Ana's left"), for a player who asks why. Both word the same :class:`~.facts.TurnFacts`; no sentence
is in both.

Every sentence comes from gettext through :mod:`lcr_audio.i18n`, whole, with named placeholders.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import assert_never

from lcr_audio.engine import (
    REVERSAL_COST,
    Cause,
    DiceReversed,
    DiceRolled,
    Event,
    Face,
    GameWon,
    Place,
    Seat,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
    WinReason,
)
from lcr_audio.i18n import _, ngettext
from lcr_audio.narration import phrases
from lcr_audio.narration.facts import Did, Outcome, TurnFacts, turn_facts
from lcr_audio.narration.lists import unit_list


def explain_roll(
    events: Sequence[Event],
    names: Sequence[str],
    roller_is_you: bool,
    listener: Seat | None = None,
    *,
    pending: bool = False,
) -> str:
    """Explain one turn's roll face by face (the E key, practice answers; R4-R12).

    Letters and dots are told in the order of the dice (plain letters alike, two Ls sending their chips to
    the same player, in one sentence with their count, where the first of them is), then each Wild (R6:
    letters first); three Wilds,
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
    alike = Counter(_alike(did) for did in letters)  # letters that sent a chip the same way: said once
    told: set[tuple[Cause, Place] | None] = set()
    dots = rolled.faces.count(Face.DOT)
    dots_told = 0
    for face in rolled.faces:
        if face is Face.DOT:
            sentences.append(_dot_sentence(you, roller, rolled.reversed, dots, dots_told))
            dots_told += 1
        elif face.is_letter and letters:
            did = letters.pop(0)
            key = _alike(did)
            if key is None or alike[key] == 1:
                sentences.append(_letter_sentence(did, you, roller, name, to_you))
            elif key not in told:  # the first of them: all of them, counted
                told.add(key)
                sentences.append(_letters_sentence(did, alike[key], you, roller, name, to_you))
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


def _alike(did: Outcome) -> tuple[Cause, Place] | None:
    """What makes plain letters of one roll alike (R5): the same letter, sending its chip to the same
    place; None for a reversed letter, told die by die."""
    if did.did is Did.SENT and did.cause in (Cause.LEFT, Cause.RIGHT, Cause.CENTER):
        return did.cause, did.place
    return None


def _letters_sentence(
    did: Outcome,
    count: int,
    you: bool,
    roller: str,
    name: Callable[[Place], str],
    to_you: Callable[[Place], bool],
) -> str:
    """What ``count`` (2 or 3) alike plain letters of one roll did, in one sentence: "Your 2 Ls sent 2 chips
    to Ana, on your left." (R5), where one sentence per die said the same thing again."""
    cause, other = did.cause, name(did.place)
    if cause is Cause.CENTER:
        if you:
            # Translators: explaining the listener's roll (E key, practice): {count} (2 or 3) Cs (R5).
            text = ngettext(
                "Your {count} C put {count} chip in the pot.",
                "Your {count} Cs put {count} chips in the pot.",
                count,
            )
        else:
            # Translators: explaining the roll of {name} (E key, practice): {count} (2 or 3) Cs (R5).
            text = ngettext(
                "{name}'s {count} C put {count} chip in the pot.",
                "{name}'s {count} Cs put {count} chips in the pot.",
                count,
            )
    elif to_you(did.place) and cause is Cause.LEFT:
        # Translators: explaining the roll of {name} (E key, practice): {count} (2 or 3) Ls (R5) sent a chip
        # each to the person at the keyboard, on {name}'s left. Say "on {name}'s left" or the like; no "his"
        # or "her".
        text = ngettext(
            "{name}'s {count} L sent {count} chip to you, on {name}'s left.",
            "{name}'s {count} Ls sent {count} chips to you, on {name}'s left.",
            count,
        )
    elif to_you(did.place):
        # Translators: explaining the roll of {name} (E key, practice): {count} (2 or 3) Rs (R5) sent a chip
        # each to the person at the keyboard, on {name}'s right. Say "on {name}'s right" or the like; no
        # "his" or "her".
        text = ngettext(
            "{name}'s {count} R sent {count} chip to you, on {name}'s right.",
            "{name}'s {count} Rs sent {count} chips to you, on {name}'s right.",
            count,
        )
    elif you and cause is Cause.LEFT:
        # Translators: explaining the listener's roll (E key, practice): {count} (2 or 3) Ls (R5) sent a chip
        # each to {other}.
        text = ngettext(
            "Your {count} L sent {count} chip to {other}, on your left.",
            "Your {count} Ls sent {count} chips to {other}, on your left.",
            count,
        )
    elif you:
        # Translators: explaining the listener's roll (E key, practice): {count} (2 or 3) Rs (R5) sent a chip
        # each to {other}.
        text = ngettext(
            "Your {count} R sent {count} chip to {other}, on your right.",
            "Your {count} Rs sent {count} chips to {other}, on your right.",
            count,
        )
    elif cause is Cause.LEFT:
        # Translators: explaining the roll of {name} (E key, practice): {count} (2 or 3) Ls (R5) sent a chip
        # each to {other}. Say "on {name}'s left" or the like; the text avoids "his" and "her" on purpose.
        text = ngettext(
            "{name}'s {count} L sent {count} chip to {other}, on {name}'s left.",
            "{name}'s {count} Ls sent {count} chips to {other}, on {name}'s left.",
            count,
        )
    else:
        # Translators: explaining the roll of {name} (E key, practice): {count} (2 or 3) Rs (R5) sent a chip
        # each to {other}. Say "on {name}'s right" or the like; the text avoids "his" and "her" on purpose.
        text = ngettext(
            "{name}'s {count} R sent {count} chip to {other}, on {name}'s right.",
            "{name}'s {count} Rs sent {count} chips to {other}, on {name}'s right.",
            count,
        )
    return text.format(name=roller, other=other, count=count)


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
