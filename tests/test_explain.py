"""The roll explainer (``narration/explain.py``): golden explanations of real rolls (DESIGN.md §2, R1-R14),
for the roller, for someone else, and for the person at the keyboard when someone else's roll reaches them.

Seats are 0-based; Ana is seat 0, Bo seat 1 (Ana's left), Cy seat 2, Dee seat 3 (Ana's right at 4 seats).
"""

from __future__ import annotations

import random
import re

import pytest
from support.engine import at, events_of, every_variant, random_events

from lcr_audio.engine import (
    ChooseSeat,
    DiceRolled,
    Event,
    Face,
    GameWon,
    Reverse,
    Roll,
    Rules,
    ThreeWilds,
    TurnEnded,
    WinCondition,
    new_game,
    step,
)
from lcr_audio.narration.explain import explain_roll

L, C, R, D, W = Face.LEFT, Face.CENTER, Face.RIGHT, Face.DOT, Face.WILD
NAMES = ("Ana", "Bo", "Cy", "Dee")

pytestmark = pytest.mark.usefixtures("english")


# --- explain_roll ------------------------------------------------------------------------------------------


FOUR = Rules(players=4)


def test_explain_l_dot_c_for_you_and_for_someone_else() -> None:
    events = events_of(at(FOUR, (3, 3, 3, 3)), Roll((L, D, C)))
    assert explain_roll(events, NAMES, True) == (
        "Your L sent a chip to Bo, on your left. The dot let you keep one chip. Your C put a chip in the pot."
    )
    assert explain_roll(events, NAMES, False) == (
        "Ana's L sent a chip to Bo, on Ana's left. The dot let Ana keep one chip. "
        "Ana's C put a chip in the pot."
    )


def test_explain_r_and_several_dots() -> None:
    events = events_of(at(FOUR, (3, 3, 3, 3), seat=1), Roll((D, R, D)))
    assert explain_roll(events, NAMES, False) == (
        "A dot let Bo keep one chip. Bo's R sent a chip to Ana, on Bo's right. "
        "Another dot let Bo keep one more chip."
    )
    events = events_of(at(FOUR, (3, 3, 3, 3)), Roll((R,) * 3))
    assert explain_roll(events, NAMES, True) == "Your 3 Rs sent 3 chips to Dee, on your right."


def test_explain_letters_alike_in_one_sentence_with_their_count() -> None:
    """Two Ls sending their chips to the same player are one sentence, where the first of them is (critic,
    2 Dec: practice's wrong answer said "Your L sent a chip to Ana, on your left." twice, once per die)."""
    events = events_of(at(FOUR, (3, 3, 3, 3)), Roll((L, D, L)))
    assert explain_roll(events, NAMES, True) == (
        "Your 2 Ls sent 2 chips to Bo, on your left. The dot let you keep one chip."
    )
    assert explain_roll(events, NAMES, False) == (
        "Ana's 2 Ls sent 2 chips to Bo, on Ana's left. The dot let Ana keep one chip."
    )
    assert explain_roll(events, NAMES, False, listener=1) == (
        "Ana's 2 Ls sent 2 chips to you, on Ana's left. The dot let Ana keep one chip."
    )
    events = events_of(at(FOUR, (3, 3, 3, 3), seat=1), Roll((R, C, R)))
    assert explain_roll(events, NAMES, False, listener=0) == (
        "Bo's 2 Rs sent 2 chips to you, on Bo's right. Bo's C put a chip in the pot."
    )
    assert explain_roll(events, NAMES, False) == (
        "Bo's 2 Rs sent 2 chips to Ana, on Bo's right. Bo's C put a chip in the pot."
    )
    events = events_of(at(FOUR, (3, 3, 3, 3), seat=2), Roll((C, C, C)))
    assert explain_roll(events, NAMES, False) == "Cy's 3 Cs put 3 chips in the pot."


def test_explain_ignores_what_comes_before_and_after_the_turn() -> None:
    state, start = new_game(FOUR)
    first = events_of(state, Roll((C, C, D)))
    _state, second = step(step(state, Roll((C, C, D)))[0], Roll((L, L, L)))
    text = explain_roll([*start, *first, *second], NAMES, True)
    assert text == "Your 2 Cs put 2 chips in the pot. The dot let you keep one chip."
    assert explain_roll(list(start), NAMES, True) == ""


def test_explain_wild_take_after_the_letters() -> None:
    rules = Rules(players=4, wild=True)
    events = events_of(at(rules, (3, 0, 2, 1)), Roll((W, L, D)), ChooseSeat(1))
    assert explain_roll(events, NAMES, True) == (
        "Your L sent a chip to Bo, on your left. The dot let you keep one chip. "
        "Then your Wild took a chip from Bo."
    )
    events = events_of(at(rules, (3, 2, 2, 1)), Roll((W, W, D)), ChooseSeat(2), ChooseSeat(3))
    assert explain_roll(events, NAMES, False) == (
        "The dot let Ana keep one chip. Ana's Wild took a chip from Cy. "
        "Ana's other Wild took a chip from Dee."
    )


def test_explain_a_wild_with_nothing_to_take() -> None:
    rules = Rules(players=4, wild=True, win=WinCondition.ROLL_ALL_DOTS)
    events = events_of(at(rules, (2, 0, 0, 0), pot=10), Roll((W, D)))
    assert explain_roll(events, NAMES, True) == (
        "The dot let you keep one chip. Nobody else had a chip, so your Wild took nothing."
    )
    assert explain_roll(events, NAMES, False) == (
        "The dot let Ana keep one chip. Nobody else had a chip, so Ana's Wild took nothing."
    )


def test_explain_three_wilds_both_settings() -> None:
    take = events_of(at(Rules(players=4, wild=True), (3, 2, 2, 1), pot=4), Roll((W, W, W)))
    assert explain_roll(take, NAMES, False) == "Ana's three Wilds took the whole pot: 4 chips."
    rules = Rules(players=4, wild=True, three_wilds=ThreeWilds.WIN)
    win = events_of(at(rules, (3, 2, 2, 1), pot=4), Roll((W, W, W)))
    assert explain_roll(win, NAMES, True) == (
        "Your three Wilds took the whole pot: 4 chips. In this game three Wilds win at once, so you win with "
        "7 chips."
    )
    empty = events_of(at(rules, (3, 2, 2, 1)), Roll((W, W, W)))
    assert explain_roll(empty, NAMES, True) == (
        "Your three Wilds found the pot empty, so they took nothing. "
        "In this game three Wilds win at once, so you win with 3 chips."
    )


def test_explain_reversed_dice() -> None:
    rules = Rules(players=4, reversible=True)
    events = events_of(at(rules, (5, 0, 2, 1)), Reverse(True), Roll((L, R, C)))
    assert explain_roll(events, NAMES, True) == (
        "First you put 3 chips in the pot to reverse the dice. "
        "Your reversed L took nothing: Bo, on your left, had no chip. "
        "Your reversed R took a chip from Dee, on your right. Your reversed C took a chip from the pot."
    )
    assert explain_roll(events, NAMES, False) == (
        "First Ana put 3 chips in the pot to reverse the dice. "
        "Ana's reversed L took nothing: Bo, on Ana's left, had no chip. "
        "Ana's reversed R took a chip from Dee, on Ana's right. Ana's reversed C took a chip from the pot."
    )
    wild = Rules(players=4, reversible=True, wild=True)
    gives = events_of(at(wild, (5, 0, 2, 1)), Reverse(True), Roll((W, D, W)), ChooseSeat(1), ChooseSeat(1))
    assert explain_roll(gives, NAMES, False) == (
        "First Ana put 3 chips in the pot to reverse the dice. The dot did nothing. "
        "Ana's reversed Wild gave a chip to Bo. Ana's other reversed Wild gave a chip to Bo."
    )
    three = events_of(at(wild, (5, 0, 2, 1)), Reverse(True), Roll((W, W, W)))
    assert explain_roll(three, NAMES, True) == (
        "First you put 3 chips in the pot to reverse the dice. "
        "Your three reversed Wilds put all your 2 chips in the pot."
    )


def test_explain_a_win_and_a_reset() -> None:
    win = events_of(at(FOUR, (1, 0, 2, 0), pot=4), Roll((C,)))
    assert explain_roll(win, NAMES, True) == (
        "Your C put a chip in the pot. Now only Cy has chips, so Cy wins with 7 chips, pot included."
    )
    dots = Rules(players=4, win=WinCondition.ROLL_ALL_DOTS)
    reset = events_of(at(dots, (1, 0, 0, 0), pot=11), Roll((C,)))
    assert explain_roll(reset, NAMES, True) == (
        "Your C put a chip in the pot. Nobody has any chips left, so everyone gets 3 chips again. "
        "The pot keeps its 12 chips."
    )
    all_dots = events_of(at(dots, (2, 0, 0, 0), pot=10), Roll((D, D)))
    assert explain_roll(all_dots, NAMES, False) == (
        "A dot let Ana keep one chip. Another dot let Ana keep one more chip. "
        "Nothing but dots, so Ana wins with 12 chips."
    )
    pot = Rules(players=4, win=WinCondition.LAST_CHIP_IN_POT)
    last = events_of(at(pot, (1, 0, 0, 0), pot=11), Roll((C,)))
    assert explain_roll(last, NAMES, True) == (
        "Your C put a chip in the pot. That left nobody with chips, so you win the pot: 12 chips."
    )


# --- explain_roll to the listener: someone else's roll reaching the person at the keyboard ---------------


def test_explain_l_and_r_to_the_listener() -> None:
    events = events_of(at(FOUR, (3, 3, 3, 3)), Roll((L, D, C)))
    assert explain_roll(events, NAMES, False, listener=1) == (
        "Ana's L sent a chip to you, on Ana's left. The dot let Ana keep one chip. "
        "Ana's C put a chip in the pot."
    )
    assert explain_roll(events, NAMES, False, listener=2) == explain_roll(events, NAMES, False)
    events = events_of(at(FOUR, (3, 3, 3, 3), seat=1), Roll((D, R, D)))
    assert explain_roll(events, NAMES, False, listener=0) == (
        "A dot let Bo keep one chip. Bo's R sent a chip to you, on Bo's right. "
        "Another dot let Bo keep one more chip."
    )


def test_explain_a_reversed_letter_taking_from_the_listener() -> None:
    rules = Rules(players=4, reversible=True)
    events = events_of(at(rules, (5, 2, 2, 0)), Reverse(True), Roll((L, R, C)))
    assert explain_roll(events, NAMES, False, listener=1) == (
        "First Ana put 3 chips in the pot to reverse the dice. "
        "Ana's reversed L took a chip from you, on Ana's left. "
        "Ana's reversed R took nothing: Dee, on Ana's right, had no chip. "
        "Ana's reversed C took a chip from the pot."
    )
    assert explain_roll(events, NAMES, False, listener=3) == (
        "First Ana put 3 chips in the pot to reverse the dice. "
        "Ana's reversed L took a chip from Bo, on Ana's left. "
        "Ana's reversed R took nothing: you, on Ana's right, had no chip. "
        "Ana's reversed C took a chip from the pot."
    )
    events = events_of(at(rules, (5, 0, 2, 1)), Reverse(True), Roll((R, L, D)))
    assert explain_roll(events, NAMES, False, listener=3) == (
        "First Ana put 3 chips in the pot to reverse the dice. "
        "Ana's reversed R took a chip from you, on Ana's right. "
        "Ana's reversed L took nothing: Bo, on Ana's left, had no chip. The dot did nothing."
    )
    assert explain_roll(events, NAMES, False, listener=1) == (
        "First Ana put 3 chips in the pot to reverse the dice. "
        "Ana's reversed R took a chip from Dee, on Ana's right. "
        "Ana's reversed L took nothing: you, on Ana's left, had no chip. The dot did nothing."
    )


def test_explain_a_wild_taking_from_the_listener() -> None:
    rules = Rules(players=4, wild=True)
    events = events_of(at(rules, (3, 0, 2, 1)), Roll((W, L, D)), ChooseSeat(1))
    assert explain_roll(events, NAMES, False, listener=1) == (
        "Ana's L sent a chip to you, on Ana's left. The dot let Ana keep one chip. "
        "Then Ana's Wild took a chip from you."
    )
    events = events_of(at(rules, (3, 2, 2, 1)), Roll((W, W, D)), ChooseSeat(2), ChooseSeat(2))
    assert explain_roll(events, NAMES, False, listener=2) == (
        "The dot let Ana keep one chip. Ana's Wild took a chip from you. Ana's other Wild took a chip from you."
    )
    events = events_of(at(rules, (3, 2, 2, 1)), Roll((W, W, D)), ChooseSeat(2), ChooseSeat(3))
    assert explain_roll(events, NAMES, False, listener=3) == (
        "The dot let Ana keep one chip. Ana's Wild took a chip from Cy. Ana's other Wild took a chip from you."
    )


def test_explain_a_reversed_wild_giving_to_the_listener() -> None:
    wild = Rules(players=4, reversible=True, wild=True)
    gives = events_of(at(wild, (5, 0, 2, 1)), Reverse(True), Roll((W, D, W)), ChooseSeat(1), ChooseSeat(1))
    assert explain_roll(gives, NAMES, False, listener=1) == (
        "First Ana put 3 chips in the pot to reverse the dice. The dot did nothing. "
        "Ana's reversed Wild gave you a chip. Ana's other reversed Wild gave you a chip."
    )
    gives = events_of(at(wild, (5, 0, 2, 1)), Reverse(True), Roll((W, D, W)), ChooseSeat(1), ChooseSeat(3))
    assert explain_roll(gives, NAMES, False, listener=3) == (
        "First Ana put 3 chips in the pot to reverse the dice. The dot did nothing. "
        "Ana's reversed Wild gave a chip to Bo. Ana's other reversed Wild gave you a chip."
    )


def test_explain_the_listener_winning_on_someone_else_s_roll() -> None:
    win = events_of(at(FOUR, (1, 0, 2, 0), pot=4), Roll((C,)))
    assert explain_roll(win, NAMES, False, listener=2) == (
        "Ana's C put a chip in the pot. Now only you have chips, so you win with 7 chips, pot included."
    )
    passed = events_of(at(FOUR, (1, 2, 0, 0), pot=9), Roll((L,)))
    assert explain_roll(passed, NAMES, False, listener=1) == (
        "Ana's L sent a chip to you, on Ana's left. Now only you have chips, so you win with 12 chips, "
        "pot included."
    )


def test_the_listener_s_own_roll_and_a_listener_who_rolled_are_unchanged() -> None:
    events = events_of(at(FOUR, (3, 3, 3, 3)), Roll((L, D, C)))
    assert explain_roll(events, NAMES, True, listener=0) == explain_roll(events, NAMES, True)
    assert explain_roll(events, NAMES, True, 0) == explain_roll(events, NAMES, True)


@pytest.mark.parametrize("rules", every_variant(players=4, chips=2), ids=repr)
def test_the_listener_s_label_is_never_a_third_person(rules: Rules) -> None:
    """With the listener's seat labelled "You", no sentence says "to You", "from You" or "You's"."""
    rng = random.Random(11)
    wrong = re.compile(r"(?:,|\bto|\bfrom|\bgave|:) You\b|\bYou's\b|\bYou (?:has|wins|rolls)\b")
    told = 0
    for _game in range(40):
        turn: list[Event] = []
        for event in random_events(rules, rng):
            turn.append(event)
            if not isinstance(event, TurnEnded | GameWon):
                continue
            rolled = next((e for e in turn if isinstance(e, DiceRolled)), None)
            if rolled is not None:
                for listener in range(rules.players):
                    names = tuple("You" if s == listener else n for s, n in enumerate(NAMES))
                    text = explain_roll(turn, names, rolled.seat == listener, listener=listener)
                    assert not wrong.search(text), text
                    told += listener != rolled.seat and "you" in text
            turn = []
    assert told > 100
