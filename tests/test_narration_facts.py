"""One model of what a roll did (issue 12, item 2): :func:`turn_facts` reads real turns' events, and each
cause of the engine has one meaning. Chip counts and seats are checked exactly (R5, R7-R9)."""

from __future__ import annotations

from support.narration import Table

from lcr_audio.engine import POT, Cause, ChooseSeat, Face, Reverse, Rules
from lcr_audio.narration.facts import Did, Outcome, turn_facts

L, C, R, D, W = Face.LEFT, Face.CENTER, Face.RIGHT, Face.DOT, Face.WILD


def test_a_plain_roll_sends_a_chip_left_and_one_to_the_pot() -> None:
    table = Table(Rules())
    table.play((L, D, C))  # Ana, seat 0: L to Bo (seat 1), C to the pot (R5)
    facts = turn_facts(table.events)
    assert facts.roll is not None and facts.roll.faces == (L, D, C)
    assert facts.outcomes == (
        Outcome(Did.SENT, Cause.LEFT, 0, 1, 1),
        Outcome(Did.SENT, Cause.CENTER, 0, POT, 1),
    )
    assert facts.reversal == 0 and facts.ended is not None and facts.ended.chips == (1, 4, 3)


def test_reversed_letters_take_from_both_neighbours_and_the_pot() -> None:
    table = Table(Rules(players=4, chips=4, reversible=True))
    table.play(Reverse(False), (L, L, L))  # Ana sends 3 chips to Bo: Ana 1, Bo 7 (R5)
    start = len(table.events)
    table.play(Reverse(True), (R, L, C))  # Bo pays 3 (R9), then takes from Ana, from Cy and from the pot
    facts = turn_facts(table.events[start:])
    assert facts.reversal == 3
    assert facts.outcomes == (
        Outcome(Did.TOOK, Cause.REVERSED_RIGHT, 1, 0, 1),
        Outcome(Did.TOOK, Cause.REVERSED_LEFT, 1, 2, 1),
        Outcome(Did.TOOK, Cause.REVERSED_CENTER, 1, POT, 1),
    )
    assert facts.ended is not None and facts.ended.chips == (0, 7, 3, 4) and facts.ended.pot == 2


def test_a_wild_still_to_choose_is_pending_until_chosen() -> None:
    table = Table(Rules(wild=True), [0])
    table.play((W, W, D))
    assert turn_facts(table.events).pending_wilds == 2
    table.play(ChooseSeat(1))
    assert turn_facts(table.events).pending_wilds == 1
    table.play(ChooseSeat(2))
    facts = turn_facts(table.events)
    assert facts.pending_wilds == 0
    assert [(o.did, o.seat, o.place, o.count) for o in facts.wilds] == [
        (Did.WILD_TOOK, 0, 1, 1),
        (Did.WILD_TOOK, 0, 2, 1),
    ]


def test_three_wilds_with_an_empty_pot_took_nothing() -> None:
    table = Table(Rules(wild=True))
    table.play((W, W, W))
    assert turn_facts(table.events).wilds == [Outcome(Did.THREE_WILDS, Cause.THREE_WILDS, 0, POT, 0)]
