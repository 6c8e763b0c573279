"""Variant rules of the engine (DESIGN.md §2, R6-R11), as exact scenarios.

Each scenario asserts every seat's chips and the pot after the turn. States are built with
``dataclasses.replace`` on a state from ``new_game``; seats are 0-based (seat 1 of DESIGN.md is index 0).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from support.engine import at, moves, play, roll

from lcr_audio.engine import (
    POT,
    Cause,
    ChipsMoved,
    ChipsReset,
    ChooseSeat,
    DiceReversed,
    DiceRolled,
    Face,
    GameWon,
    IllegalActionError,
    NothingMoved,
    Phase,
    ReversalDeclined,
    Reverse,
    Rules,
    ThreeWilds,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
    WinCondition,
    WinReason,
    step,
)
from lcr_audio.engine import new_game as _new_game

WILD = Rules(wild=True)
WILD4 = Rules(players=4, chips=2, wild=True)


# --- R6 / R7: Wilds after letters ---------------------------------------------------------------------------


def test_r6_letters_first_then_w_takes_back_the_chip_just_passed_left() -> None:
    """R6: W, L resolves L first, so the left neighbour (0 chips before) becomes a Wild choice (R7)."""
    state = at(WILD4, (2, 0, 0, 2))
    state, events = play(state, roll("WL"))
    assert events[:2] == [DiceRolled(0, (Face.WILD, Face.LEFT)), ChipsMoved(0, 1, 1, Cause.LEFT)]
    assert state.phase is Phase.WILD_TAKE
    assert state.chips == (1, 1, 0, 2)
    assert state.choices == (1, 3)
    state, events = play(state, ChooseSeat(1))
    assert events[0] == ChipsMoved(1, 0, 1, Cause.WILD_TAKE)
    assert state.chips == (2, 0, 0, 2)
    assert state.pot == 0
    assert events[-3:] == [TurnSkipped(1), TurnSkipped(2), TurnStarted(3, 2, 2)]


def test_r6_without_the_l_the_empty_neighbour_is_no_choice() -> None:
    """R6/R7 control: W alone cannot take from a neighbour that has no chip."""
    state = at(WILD4, (2, 0, 0, 2))
    state, _ = play(state, roll("W."))
    assert state.choices == (3,)
    with pytest.raises(IllegalActionError):
        step(state, ChooseSeat(1))


def test_r6_c_before_w_in_die_order_still_resolves_letters_first() -> None:
    """R6: W, C, R: C and R move first, then the Wild takes one chip."""
    state = at(WILD, (3, 3, 3))
    state, events = play(state, roll("WCR"))
    assert state.chips == (1, 3, 4)
    assert state.pot == 1
    state, events = play(state, ChooseSeat(1))
    assert state.chips == (2, 2, 4)
    assert state.pot == 1
    assert moves(events) == [ChipsMoved(1, 0, 1, Cause.WILD_TAKE)]


def test_r7_two_ws_may_take_twice_from_the_same_seat() -> None:
    """R7: two Ws, the same player chosen twice."""
    state = at(WILD, (3, 3, 3))
    state, _ = play(state, roll("WW."))
    assert (state.phase, state.wilds_left, state.choices) == (Phase.WILD_TAKE, 2, (1, 2))
    state, _ = play(state, ChooseSeat(2))
    assert (state.phase, state.wilds_left, state.choices) == (Phase.WILD_TAKE, 1, (1, 2))
    assert state.chips == (4, 3, 2)
    state, events = play(state, ChooseSeat(2))
    assert state.chips == (5, 3, 1)
    assert state.pot == 0
    assert events[-1] == TurnStarted(1, 2, 3)


def test_r7_second_w_cannot_take_from_a_seat_emptied_by_the_first() -> None:
    """R7: a player who has a chip *at that moment*."""
    state = at(WILD, (3, 3, 1))
    state, _ = play(state, roll("WW."), ChooseSeat(2))
    assert state.chips == (4, 3, 0)
    assert state.choices == (1,)
    with pytest.raises(IllegalActionError):
        step(state, ChooseSeat(2))
    state, _ = play(state, ChooseSeat(1))
    assert state.chips == (5, 2, 0)


def test_r7_w_with_nobody_to_take_from_does_nothing_and_says_so() -> None:
    """R7 (with R10 roll-all-dots, where a sole holder keeps rolling): W finds nobody with a chip."""
    state = at(replace(WILD, win=WinCondition.ROLL_ALL_DOTS), (2, 0, 0), pot=7)
    state, events = play(state, roll("W."))
    assert NothingMoved(0, Cause.WILD_TAKE, None) in events
    assert not moves(events)
    assert state.chips == (2, 0, 0)
    assert state.pot == 7
    assert not state.over
    assert events[-3:] == [TurnSkipped(1), TurnSkipped(2), TurnStarted(0, 2, 2)]


def test_r7_second_w_finds_nobody_after_the_first_took_the_last_chip() -> None:
    """R7: the first W takes the only other chip; the second has nobody left (NothingMoved)."""
    rules = Rules(players=3, wild=True, win=WinCondition.ROLL_ALL_DOTS)
    state = at(rules, (2, 1, 0), pot=4)
    state, _ = play(state, roll("WW"))
    assert state.choices == (1,)
    state, events = play(state, ChooseSeat(1))
    assert events[:2] == [ChipsMoved(1, 0, 1, Cause.WILD_TAKE), NothingMoved(0, Cause.WILD_TAKE, None)]
    assert state.chips == (3, 0, 0)
    assert state.pot == 4


# --- R8: three Wilds ----------------------------------------------------------------------------------------


def test_r8_three_ws_take_the_pot_and_play_on() -> None:
    """R8 take-pot (default): roller takes the pot, the game goes on with the next seat."""
    rules = replace(WILD, three_wilds=ThreeWilds.TAKE_POT)
    state = at(rules, (3, 3, 3), pot=4)
    state, events = play(state, roll("WWW"))
    assert ChipsMoved(POT, 0, 4, Cause.THREE_WILDS) in events
    assert state.chips == (7, 3, 3)
    assert state.pot == 0
    assert not state.over
    assert not any(isinstance(e, GameWon) for e in events)
    assert events[-1] == TurnStarted(1, 2, 3)


def test_r8_three_ws_with_an_empty_pot_take_nothing() -> None:
    state = at(WILD, (3, 3, 3))
    state, events = play(state, roll("WWW"))
    assert NothingMoved(0, Cause.THREE_WILDS, POT) in events
    assert state.chips == (3, 3, 3)
    assert state.pot == 0
    assert not state.over


def test_r8_three_ws_take_the_pot_and_win_at_once() -> None:
    """R8 win: roller takes the pot and wins at once (reason THREE_WILDS), others still hold chips."""
    rules = replace(WILD, three_wilds=ThreeWilds.WIN)
    state = at(rules, (3, 3, 3), pot=4)
    state, events = play(state, roll("WWW"))
    assert ChipsMoved(POT, 0, 4, Cause.THREE_WILDS) in events
    assert events[-1] == GameWon(0, 7, WinReason.THREE_WILDS)
    assert sum(isinstance(e, GameWon) for e in events) == 1
    assert state.chips == (7, 3, 3)
    assert state.pot == 0
    assert state.over
    assert state.winner == 0


def test_r8_three_ws_win_with_an_empty_pot() -> None:
    rules = replace(WILD, three_wilds=ThreeWilds.WIN)
    state = at(rules, (3, 3, 3))
    state, events = play(state, roll("WWW"))
    assert events[-1] == GameWon(0, 3, WinReason.THREE_WILDS)
    assert state.chips == (3, 3, 3)


def test_r8_two_ws_are_not_three() -> None:
    rules = replace(WILD, three_wilds=ThreeWilds.WIN)
    state = at(rules, (3, 3, 3), pot=4)
    state, _ = play(state, roll("WW."), ChooseSeat(1), ChooseSeat(2))
    assert state.chips == (5, 2, 2)
    assert state.pot == 4
    assert not state.over


# --- R9: reversible dice ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reversible", "chips", "phase"),
    [
        (True, 1, Phase.ROLL),
        (True, 3, Phase.ROLL),
        (True, 4, Phase.REVERSE),
        (True, 10, Phase.REVERSE),
        (False, 4, Phase.ROLL),
        (False, 10, Phase.ROLL),
    ],
)
def test_r9_reversal_offered_only_with_more_than_3_chips(reversible: bool, chips: int, phase: Phase) -> None:
    state, _ = _new_game(Rules(chips=chips, reversible=reversible))
    assert state.phase is phase


def test_r9_reversal_offer_follows_the_chips_at_turn_start() -> None:
    """R9: seat 2 has 4 chips after seat 1's L; it is offered the reversal, seat 1 (2 chips) was not."""
    state, _ = _new_game(Rules(reversible=True))
    assert state.phase is Phase.ROLL
    state, _ = play(state, roll("L.."))
    assert state.chips == (2, 4, 3)
    assert state.phase is Phase.REVERSE


def test_r9_reversal_pays_3_to_the_pot_then_l_from_empty_neighbour_nothing_r_takes() -> None:
    """R9: pay 3; reversed L from an empty left neighbour moves nothing, C takes from the pot, R takes."""
    state = at(Rules(reversible=True), (4, 0, 3))
    state, events = play(state, Reverse(True))
    assert events == [DiceReversed(0), ChipsMoved(0, POT, 3, Cause.REVERSAL_COST)]
    assert state.chips == (1, 0, 3)
    assert state.pot == 3
    assert state.dice_to_roll == 3
    state, events = play(state, roll("LCR"))
    assert events[:4] == [
        DiceRolled(0, (Face.LEFT, Face.CENTER, Face.RIGHT), True),
        NothingMoved(0, Cause.REVERSED_LEFT, 1),
        ChipsMoved(POT, 0, 1, Cause.REVERSED_CENTER),
        ChipsMoved(2, 0, 1, Cause.REVERSED_RIGHT),
    ]
    assert state.chips == (3, 0, 2)
    assert state.pot == 2
    assert TurnEnded(0, (3, 0, 2), 2) in events


def test_r9_reversed_c_from_an_empty_pot_moves_nothing() -> None:
    """R9 "only if there is one to take": reversed C with an empty pot (state built directly; in play the
    reversal cost fills the pot first)."""
    state = replace(at(Rules(reversible=True), (4, 2, 3)), phase=Phase.ROLL, reversed=True, pot=0)
    state, events = play(state, roll("C.C"))
    assert events[1:3] == [NothingMoved(0, Cause.REVERSED_CENTER, POT)] * 2
    assert not moves(events)
    assert state.chips == (4, 2, 3)
    assert state.pot == 0


def test_r9_reversed_c_c_c_takes_back_the_whole_cost() -> None:
    """R9: reversed C from a non-empty pot takes one chip each."""
    state = at(Rules(reversible=True), (5, 3, 3), pot=2)
    state, _ = play(state, Reverse(True))
    assert (state.chips, state.pot) == ((2, 3, 3), 5)
    state, events = play(state, roll("CCC"))
    assert moves(events) == [ChipsMoved(POT, 0, 1, Cause.REVERSED_CENTER)] * 3
    assert state.chips == (5, 3, 3)
    assert state.pot == 2


def test_r9_reversed_l_and_r_take_from_the_neighbours() -> None:
    state = at(Rules(players=4, reversible=True), (6, 2, 2, 2), pot=1)
    state, _ = play(state, Reverse(True), roll("LLR"))
    assert state.chips == (6, 0, 2, 1)
    assert state.pot == 4


def test_r9_reversed_wild_gives_a_chip_to_the_chosen_seat() -> None:
    """R9: one reversed W gives one chip to a player of the roller's choice (any other seat)."""
    state = at(Rules(wild=True, reversible=True), (5, 0, 2))
    state, _ = play(state, Reverse(True), roll("W.."))
    assert state.phase is Phase.WILD_GIVE
    assert state.chips == (2, 0, 2)
    assert state.pot == 3
    assert state.choices == (1, 2)
    with pytest.raises(IllegalActionError):
        step(state, ChooseSeat(0))
    state, events = play(state, ChooseSeat(1))
    assert events[0] == ChipsMoved(0, 1, 1, Cause.WILD_GIVE)
    assert state.chips == (1, 1, 2)
    assert state.pot == 3


def test_r9_two_reversed_wilds_after_a_reversed_l_give_twice() -> None:
    """R6 + R9: reversed L takes first, then two Ws give to the same seat."""
    state = at(Rules(wild=True, reversible=True), (5, 2, 2))
    state, _ = play(state, Reverse(True), roll("WLW"))
    assert state.chips == (3, 1, 2)
    assert state.wilds_left == 2
    state, _ = play(state, ChooseSeat(1), ChooseSeat(1))
    assert state.chips == (1, 3, 2)
    assert state.pot == 3


def test_r9_second_reversed_wild_has_no_chip_left_to_give() -> None:
    """R9: after paying 3 the roller has 1 chip; the first W gives it away, the second has nothing to give."""
    state = at(Rules(wild=True, reversible=True), (4, 3, 3))
    state, _ = play(state, Reverse(True), roll("WW."))
    assert (state.chips, state.pot, state.phase) == ((1, 3, 3), 3, Phase.WILD_GIVE)
    state, events = play(state, ChooseSeat(2))
    assert events[:2] == [ChipsMoved(0, 2, 1, Cause.WILD_GIVE), NothingMoved(0, Cause.WILD_GIVE, None)]
    assert state.chips == (0, 3, 4)
    assert state.pot == 3
    assert not state.over
    assert events[-1] == TurnStarted(1, 2, 3)


@pytest.mark.parametrize("three_wilds", list(ThreeWilds))
def test_r9_reversed_three_ws_put_all_the_rollers_chips_in_the_pot(three_wilds: ThreeWilds) -> None:
    """R9: three reversed Ws put all the roller's chips in the pot (no R8 take-pot or win)."""
    state = at(Rules(wild=True, reversible=True, three_wilds=three_wilds), (5, 2, 2), pot=1)
    state, events = play(state, Reverse(True), roll("WWW"))
    assert ChipsMoved(0, POT, 2, Cause.REVERSED_THREE_WILDS) in events
    assert state.chips == (0, 2, 2)
    assert state.pot == 6
    assert not state.over
    assert events[-1] == TurnStarted(1, 2, 2)


def test_r9_declined_reversal_rolls_min_chips_3_dice_normally() -> None:
    """R9 declined: ReversalDeclined, no chips move, then an ordinary roll of 3 dice (R4)."""
    state = at(Rules(reversible=True), (4, 3, 3), pot=1)
    state, events = play(state, Reverse(False))
    assert events == [ReversalDeclined(0)]
    assert state.phase is Phase.ROLL
    assert not state.reversed
    assert state.dice_to_roll == 3
    assert (state.chips, state.pot) == ((4, 3, 3), 1)
    with pytest.raises(IllegalActionError):
        step(state, roll("LL.."))
    state, events = play(state, roll("LC."))
    assert events[0] == DiceRolled(0, (Face.LEFT, Face.CENTER, Face.DOT), False)
    assert state.chips == (2, 4, 3)
    assert state.pot == 2


# --- R10 / R11: win conditions and reset --------------------------------------------------------------------


def test_r10_r11_roll_all_dots_last_chip_in_pot_resets_everyone_and_keeps_pot() -> None:
    """R10 roll-all-dots + R11: the sole holder puts their last chip in with C: nobody has chips, nobody
    won, so every seat gets the starting chips again, the pot is kept, and the next seat plays."""
    state = at(Rules(win=WinCondition.ROLL_ALL_DOTS), (1, 0, 0), pot=8)
    state, events = play(state, roll("C"))
    assert events[-3:] == [TurnEnded(0, (0, 0, 0), 9), ChipsReset(3, 9), TurnStarted(1, 2, 3)]
    assert state.chips == (3, 3, 3)
    assert state.pot == 9
    assert state.seat == 1
    assert not state.over


def test_r11_reset_passes_the_dice_to_the_next_seat_with_wrap() -> None:
    state = at(Rules(players=4, chips=2, win=WinCondition.ROLL_ALL_DOTS), (0, 0, 0, 2), pot=6, seat=3)
    state, events = play(state, roll("CC"))
    assert events[-2:] == [ChipsReset(2, 8), TurnStarted(0, 2, 2)]
    assert state.chips == (2, 2, 2, 2)
    assert state.pot == 8


def test_r10_roll_all_dots_sole_holder_wins_with_all_dots() -> None:
    """R10 roll-all-dots: the last holder rolls nothing but dots and wins with chips + pot (R12)."""
    state = at(Rules(win=WinCondition.ROLL_ALL_DOTS), (2, 0, 0), pot=7)
    state, events = play(state, roll(".."))
    assert events[-2:] == [ChipsMoved(POT, 0, 7, Cause.WINNINGS), GameWon(0, 9, WinReason.ROLLED_ALL_DOTS)]
    assert state.chips == (9, 0, 0)
    assert state.pot == 0
    assert state.over


def test_r10_roll_all_dots_by_a_non_sole_holder_is_no_win() -> None:
    state = at(Rules(win=WinCondition.ROLL_ALL_DOTS), (2, 1, 0), pot=6)
    state, events = play(state, roll(".."))
    assert not any(isinstance(e, GameWon) for e in events)
    assert state.chips == (2, 1, 0)
    assert state.pot == 6
    assert events[-1] == TurnStarted(1, 2, 1)


def test_r10_roll_all_dots_one_holder_left_is_not_yet_a_win() -> None:
    """R10 roll-all-dots: a turn ending with one holder does not win; that holder must roll dots."""
    state = at(Rules(win=WinCondition.ROLL_ALL_DOTS), (1, 1, 0), pot=7)
    state, events = play(state, roll("L"))
    assert state.chips == (0, 2, 0)
    assert not state.over
    assert events[-1] == TurnStarted(1, 2, 2)
    state, events = play(state, roll("L."))
    assert state.chips == (0, 1, 1)
    assert not state.over


def test_r10_roll_all_dots_sole_holder_with_a_letter_plays_on() -> None:
    state = at(Rules(win=WinCondition.ROLL_ALL_DOTS), (3, 0, 0), pot=6)
    state, _ = play(state, roll(".R."))
    assert state.chips == (2, 0, 1)
    assert state.pot == 6
    assert not state.over


def test_r10_last_chip_in_pot_with_an_l_plays_on() -> None:
    """R10 last-chip-in-pot: the sole holder's L passes the last chip on; the neighbour gets it, play on."""
    state = at(Rules(win=WinCondition.LAST_CHIP_IN_POT), (1, 0, 0), pot=5)
    state, events = play(state, roll("L"))
    assert state.chips == (0, 1, 0)
    assert state.pot == 5
    assert not state.over
    assert events[-1] == TurnStarted(1, 2, 1)


def test_r10_last_chip_in_pot_with_c_c_wins_with_the_pot() -> None:
    """R10 last-chip-in-pot: C, C put the last chips in the pot: win; the total is the pot (R12)."""
    state = at(Rules(win=WinCondition.LAST_CHIP_IN_POT), (2, 0, 0), pot=5)
    state, events = play(state, roll("CC"))
    assert events[-2:] == [ChipsMoved(POT, 0, 7, Cause.WINNINGS), GameWon(0, 7, WinReason.LAST_CHIP_IN_POT)]
    assert state.chips == (7, 0, 0)
    assert state.pot == 0
    assert state.over
    assert state.winner == 0


def test_r10_last_chip_in_pot_one_c_of_two_chips_plays_on() -> None:
    state = at(Rules(win=WinCondition.LAST_CHIP_IN_POT), (2, 0, 0), pot=5)
    state, events = play(state, roll("C."))
    assert state.chips == (1, 0, 0)
    assert state.pot == 6
    assert not state.over
    assert events[-1] == TurnStarted(0, 2, 1)


def test_r10_last_chip_in_pot_one_holder_left_is_not_yet_a_win() -> None:
    """R10 last-chip-in-pot: a turn ending with one holder does not win; that holder rolls on."""
    state = at(Rules(win=WinCondition.LAST_CHIP_IN_POT), (1, 0, 2), pot=5)
    state, events = play(state, roll("R"))
    assert state.chips == (0, 0, 3)
    assert not state.over
    assert events[-2:] == [TurnSkipped(1), TurnStarted(2, 2, 3)]
    state, events = play(state, roll("L.C"))
    assert state.chips == (1, 0, 1)
    assert state.pot == 6
    assert not state.over


def test_r10_last_with_chips_ends_as_soon_as_one_holder_remains() -> None:
    """R10 last-with-chips: seat 2 passes both chips left; seat 3 is the only holder and wins without
    rolling, taking the pot (R12)."""
    state = at(Rules(), (1, 1, 1), pot=6)
    state, events = play(state, roll("L"))
    assert state.chips == (0, 2, 1)
    assert not state.over
    state, events = play(state, roll("LL"))
    assert events[-3:] == [
        TurnEnded(1, (0, 0, 3), 6),
        ChipsMoved(POT, 2, 6, Cause.WINNINGS),
        GameWon(2, 9, WinReason.LAST_WITH_CHIPS),
    ]
    assert state.chips == (0, 0, 9)
    assert state.pot == 0
    assert state.winner == 2


def test_r10_last_with_chips_roller_can_win_by_a_wild_take() -> None:
    """R7 + R10: the roller takes the last chip held by anyone else and wins at once."""
    state = at(Rules(wild=True), (2, 1, 0), pot=3)
    state, events = play(state, roll("W."), ChooseSeat(1))
    assert events[-1] == GameWon(0, 6, WinReason.LAST_WITH_CHIPS)
    assert state.chips == (6, 0, 0)
