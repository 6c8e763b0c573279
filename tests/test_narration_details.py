"""The details a listener notices (issue 14, items 1 to 8), each with the exact sentence it must hear.

Real games through :func:`new_game` and :func:`step` with chosen rolls, narrated batch by batch as the play
screen does (the :class:`Table` of support.narration). Seats are 0-based; a seat's left neighbour is the next
seat (Ana, seat 0, passes L to Bo, seat 1, and R to the last seat).
"""

from __future__ import annotations

import re

import pytest
from support.narration import CHOICE_KEYS, Table

from lcr_audio.engine import ChooseSeat, Event, Face, Reverse, Rules, WinCondition
from lcr_audio.game.session import Player, Session
from lcr_audio.narration import Verbosity
from lcr_audio.narration.explain import explain_roll
from lcr_audio.tui.input import Press, nothing_key

L, C, R, D, W = Face.LEFT, Face.CENTER, Face.RIGHT, Face.DOT, Face.WILD
YOU = ("You", "Ana", "Bo", "Cy")


pytestmark = pytest.mark.usefixtures("english")
"""Every test speaks English, whatever another test set (conftest's ``english``)."""


# --- item 1: every seat chips left or reached is in the counts ------------------------------------------


def test_a_seat_that_ends_where_it_began_is_still_counted_after_your_wild() -> None:
    table = Table(Rules(wild=True), [0], names=YOU)
    assert table.texts((L, W, D)) == [
        "You roll L, Wild, dot: one chip to Ana.",
        f"Choose who to take a chip from. {CHOICE_KEYS}",
    ]
    assert table.texts(ChooseSeat(1)) == ["You take a chip from Ana. You 3, Ana 3."]


def test_your_chips_are_counted_after_a_computer_took_back_what_it_gave() -> None:
    table = Table(Rules(wild=True, chips=4), [2])  # Ana rolls; Cy, on her right, is you
    assert table.texts((R, W, C), ChooseSeat(2)) == [
        "Ana rolls R, Wild, C: one chip to you, one to the pot. Ana takes a chip from you. Ana 3, you 4, pot 1."
    ]


def test_a_computer_wild_after_a_letter_to_the_same_seat() -> None:
    table = Table(Rules(wild=True, chips=4))
    assert table.texts((R, W, C), ChooseSeat(2)) == [
        "Ana rolls R, Wild, C: one chip to Cy, one to the pot. Ana takes a chip from Cy. Ana 3, Cy 4, pot 1."
    ]


# --- item 2: the counts follow the order the turn named the seats ----------------------------------------


def test_the_counts_follow_the_order_of_the_moves() -> None:
    table = Table(Rules())
    assert table.texts((C, R, L)) == [
        "Ana rolls C, R, L: one chip to the pot, one to Cy, one to Bo. Ana 0, Cy 4, Bo 4, pot 1."
    ]


# --- item 3: skipped players in the order they were passed ------------------------------------------------


def test_skipped_players_are_named_in_seat_order_from_the_roller() -> None:
    names = ("Ana", "Bo", "Cy", "You")
    table = Table(Rules(players=4, chips=1, win=WinCondition.ROLL_ALL_DOTS), [3], names=names)
    table.play((L,), (D, D), (R,))  # Ana 0, Bo 3, Cy 0
    table.play((C,))  # you put your chip in the pot: only Bo holds chips
    said = table.texts((C, D, D))  # Bo rolls; Cy, you and Ana are passed over
    assert said[1] == (
        "Cy has no chips and passes the dice. You have no chips and pass the dice. "
        "Ana has no chips and passes the dice."
    )


# --- item 4: "you" or the name, not both ------------------------------------------------------------------


def test_a_named_person_is_you_in_the_counts_too() -> None:
    table = Table(Rules(), [0], names=("Zed", "Ana", "Bo"))
    assert table.texts((L, L, L))[0] == "You roll L, L, L: 3 chips to Ana. You 0, Ana 6."
    table = Table(Rules(), [1], names=("Ana", "Zed", "Bo"))
    assert table.texts((L, D, D))[0] == "Ana rolls L, dot, dot: one chip to you. Ana 2, you 4."


def test_the_status_key_says_you_for_the_one_person_as_the_counts_do() -> None:
    """S says "you" for the one person at the keyboard, as a turn's counts do (critic, 2 Dec: "Zed 3" in
    S, "You 3" after a roll)."""
    table = Table(Rules(), [0], names=("Zed", "Ana", "Bo"))
    assert table.narrator.status(table.state).text == "You 3, Ana 3, Bo 3, pot 0."


# --- item 5: a computer player who becomes the last holder -------------------------------------------------


@pytest.mark.parametrize(
    ("win", "news"),
    [
        (WinCondition.ROLL_ALL_DOTS, "Bo is the last with chips: a roll of nothing but dots wins."),
        (
            WinCondition.LAST_CHIP_IN_POT,
            "Bo is the last with chips: putting the last chips in the pot with C wins.",
        ),
    ],
)
def test_a_computer_becoming_the_last_holder_is_announced(win: WinCondition, news: str) -> None:
    table = Table(Rules(players=4, chips=1, win=win), [])
    table.play((L,), (D, D), (R,))  # Ana 0, Bo 3, Cy 0, Di 1
    assert table.texts((C,)) == [
        f"Di rolls C: one chip to the pot. Di 0, pot 1. {news}",
        "Ana has no chips and passes the dice.",
    ]
    assert all("last with chips" not in text for text in table.texts((D, D, D)))  # said once


def test_no_announcement_when_the_last_holder_has_won() -> None:
    table = Table(Rules(players=4, chips=1), [])
    table.play((L,), (D, D), (R,))
    assert table.texts((C,)) == [
        "Di rolls C: one chip to the pot. Di 0, pot 1.",
        "Bo wins with 4 chips. 1 of them came from the pot.",
    ]


# --- item 6: the E key during a Wild choice; the reversal question; who chooses ---------------------------


def test_e_during_a_wild_choice_explains_the_pending_wild() -> None:
    table = Table(Rules(wild=True), [0], names=YOU)
    table.play((L, W, D))
    assert explain_roll(table.events, YOU[:3], True, listener=0, pending=True) == (
        "Your L sent a chip to Ana, on your left. The dot let you keep one chip. "
        "One Wild is still to take a chip from a player you choose."
    )


def test_e_during_a_reversed_wild_choice_in_hot_seat() -> None:
    table = Table(Rules(wild=True, reversible=True, chips=4), [0, 1])
    table.play(Reverse(True), (W, W, D))
    assert explain_roll(table.events, ("Ana", "Bo", "Cy"), False, pending=True) == (
        "First Ana put 3 chips in the pot to reverse the dice. The dot did nothing. "
        "2 Wilds are still to give a chip each to players Ana chooses."
    )


def test_the_reversal_question_says_that_e_explains_it() -> None:
    table = Table(Rules(reversible=True, chips=4), [0])
    assert table.first[-1].text == "Your turn. Reverse the dice? It costs 3 chips. Press Y or N; E explains."


def test_in_hot_seat_the_wild_question_names_who_chooses() -> None:
    table = Table(Rules(wild=True), [0, 2])
    assert table.texts((W, D, D))[-1] == f"Ana, choose who to take a chip from. {CHOICE_KEYS}"
    table = Table(Rules(wild=True, reversible=True, chips=4), [0, 2])
    assert table.texts(Reverse(True), (W, D, D))[-1] == f"Ana, choose who to give a chip to. {CHOICE_KEYS}"


# --- item 7: brief stays brief ------------------------------------------------------------------------


def test_brief_says_where_each_wild_went_within_the_roll() -> None:
    table = Table(Rules(wild=True, reversible=True, chips=5), verbosity=Verbosity.BRIEF)
    said = table.texts(Reverse(True), (W, D, W), ChooseSeat(1), ChooseSeat(2))
    assert said == ["Ana, reversed: Wild to Bo, dot, Wild to Cy. Ana 0, Bo 6, Cy 6, pot 3."]


def test_brief_says_a_wild_with_nothing_to_give_within_the_roll() -> None:
    table = Table(Rules(wild=True, reversible=True, chips=4), verbosity=Verbosity.BRIEF)
    said = table.texts(Reverse(True), (W, D, W), ChooseSeat(1))
    assert said == ["Ana, reversed: Wild to Bo, dot, Wild to nobody. Ana 0, Bo 5, pot 3."]


def _brief_turns(rules: Rules, seed: int) -> list[int]:
    session = Session(rules, [Player(n) for n in ("Ana", "Bo", "Cy", "Di")], seed)
    table = Table(rules, [], verbosity=Verbosity.BRIEF)
    words: list[int] = []

    def listen(events: tuple[Event, ...] | list[Event], state: object) -> None:
        for utterance in table.narrator.narrate(events, session.state):
            if "dice" in utterance.cues:
                words.append(len(re.findall(r"\w+", utterance.text)))

    session.listeners.append(listen)
    session.start()
    session.play_to_end()
    return words


@pytest.mark.parametrize("rules", [Rules(players=4, wild=True), Rules(players=4, wild=True, reversible=True)])
def test_nine_brief_turns_in_ten_have_at_most_12_words_with_variants(rules: Rules) -> None:
    words = sorted(n for seed in range(1, 41) for n in _brief_turns(rules, seed))
    assert words[int(0.9 * len(words)) - 1] <= 12


# --- item 8: a key that does nothing anywhere -------------------------------------------------------------


def test_a_key_with_no_meaning_anywhere_says_so() -> None:
    assert nothing_key(Press("x", "x", 0.0)) == "X does nothing; F1 lists the keys."
    assert nothing_key(Press("\t", "\t", 0.0)) == "That key does nothing; F1 lists the keys."
