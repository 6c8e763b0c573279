"""Standard rules of the engine (DESIGN.md §2, R1-R5, R12, R13) and refusal of illegal actions.

Every scenario asserts exact chip counts for every seat and the pot. Seats are 0-based: seat 1 of
DESIGN.md is index 0, and a seat's left neighbour is the next index (R1).
"""

from __future__ import annotations

from collections import Counter

import pytest
from support.engine import at, moves, play, roll

from lcr_audio.engine import (
    MAX_CHIPS,
    MAX_PLAYERS,
    MIN_CHIPS,
    MIN_PLAYERS,
    POT,
    Action,
    Cause,
    ChipsMoved,
    ChooseSeat,
    DiceRolled,
    Face,
    FirstPlayer,
    GameStarted,
    GameWon,
    IllegalActionError,
    Phase,
    Reverse,
    Roll,
    Rules,
    RulesError,
    ThreeWilds,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
    WinCondition,
    WinReason,
    dice_for,
    left_of,
    new_game,
    right_of,
    step,
)

# --- R1: the circle -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_r1_left_is_next_seat_and_wraps_n_to_1(players: int) -> None:
    for seat in range(players - 1):
        assert left_of(seat, players) == seat + 1
    assert left_of(players - 1, players) == 0


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_r1_right_is_previous_seat_and_wraps_1_to_n(players: int) -> None:
    for seat in range(1, players):
        assert right_of(seat, players) == seat - 1
    assert right_of(0, players) == players - 1


def test_r1_last_seat_passes_l_to_seat_1_and_r_to_previous_seat() -> None:
    """R1: seat 3 of 3 rolls L, R, dot: seat 1 (its left) and seat 2 (its right) get one chip each."""
    state, _ = new_game(Rules(), first=2)
    state, events = play(state, roll("LR."))
    assert state.chips == (4, 4, 1)
    assert state.pot == 0
    assert moves(events) == [ChipsMoved(2, 0, 1, Cause.LEFT), ChipsMoved(2, 1, 1, Cause.RIGHT)]


def test_r1_seat_1_passes_r_to_last_seat() -> None:
    """R1: seat 1's right neighbour is seat N."""
    state, _ = new_game(Rules(players=5))
    state, _ = play(state, roll("R.."))
    assert state.chips == (2, 3, 3, 3, 4)


def test_r1_dice_pass_to_the_left_in_turn_order() -> None:
    """R1: after seat 1, seat 2 plays; after seat N, seat 1."""
    state, _ = new_game(Rules(players=4))
    seen = [state.seat]
    for _ in range(5):
        state, _ = play(state, roll("..."))
        seen.append(state.seat)
    assert seen == [0, 1, 2, 3, 0, 1]


# --- R2: players and chips ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [-1, 0, 1, 2, 11, 12])
def test_r2_refuses_players_outside_3_to_10(players: int) -> None:
    with pytest.raises(RulesError, match=str(players)):
        Rules(players=players)


@pytest.mark.parametrize("chips", [-1, 0, 11, 20])
def test_r2_refuses_chips_outside_1_to_10(chips: int) -> None:
    with pytest.raises(RulesError, match=str(chips)):
        Rules(chips=chips)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("win", "last-with-chips"),  # a game that never ended: no WinCondition matched the string
        ("three_wilds", "win"),  # silently played as take-pot
        ("first_player", "random"),
        ("players", 3.0),
        ("players", True),
        ("chips", "3"),
        ("wild", 1),
        ("reversible", "yes"),
    ],
)
def test_r2_rules_refuse_a_value_of_the_wrong_type(option: str, value: object) -> None:
    """Issue 12, item 5: each option takes its own type only, and the error names the option."""
    with pytest.raises(RulesError, match=f"The rule option {option} must be of type"):
        Rules(**{option: value})  # type: ignore[arg-type]


def test_r2_rules_accept_each_option_of_its_own_type() -> None:
    rules = Rules(
        players=4,
        chips=2,
        wild=True,
        three_wilds=ThreeWilds.WIN,
        reversible=True,
        win=WinCondition.LAST_CHIP_IN_POT,
        first_player=FirstPlayer.RANDOM,
    )
    assert (rules.players, rules.chips, rules.total_chips) == (4, 2, 8)


def test_r2_rules_error_is_a_value_error() -> None:
    assert issubclass(RulesError, ValueError)
    with pytest.raises(ValueError):
        Rules(players=2)


def test_r2_accepts_every_table_from_3_to_10_players_and_1_to_10_chips() -> None:
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for chips in range(MIN_CHIPS, MAX_CHIPS + 1):
            rules = Rules(players=players, chips=chips)
            state, events = new_game(rules)
            assert state.chips == (chips,) * players
            assert state.pot == 0
            assert events[0] == GameStarted(players, chips, 0)
    assert (MIN_PLAYERS, MAX_PLAYERS, MIN_CHIPS, MAX_CHIPS) == (3, 10, 1, 10)


def test_r2_defaults_are_3_players_3_chips() -> None:
    assert (Rules().players, Rules().chips) == (3, 3)


# --- R3: the die -------------------------------------------------------------------------------------------


def test_r3_standard_die_is_l_c_r_and_three_dots() -> None:
    die = Rules().die
    assert len(die) == 6
    assert Counter(die) == {Face.LEFT: 1, Face.CENTER: 1, Face.RIGHT: 1, Face.DOT: 3}


def test_r3_wild_die_turns_one_dot_into_w() -> None:
    die = Rules(wild=True).die
    assert len(die) == 6
    assert Counter(die) == {Face.LEFT: 1, Face.CENTER: 1, Face.RIGHT: 1, Face.WILD: 1, Face.DOT: 2}


# --- R4: how many dice; skipping empty seats ----------------------------------------------------------------


@pytest.mark.parametrize(("chips", "dice"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 3), (10, 3), (40, 3)])
def test_r4_dice_for_is_min_chips_3(chips: int, dice: int) -> None:
    assert dice_for(chips) == dice


@pytest.mark.parametrize(("chips", "dice"), [(1, 1), (2, 2), (3, 3), (7, 3)])
def test_r4_a_seat_rolls_min_chips_3_dice(chips: int, dice: int) -> None:
    state = at(Rules(chips=chips), (chips, chips, chips))
    assert state.dice_to_roll == dice
    state, events = play(state, Roll((Face.DOT,) * dice))
    assert events[0] == DiceRolled(0, (Face.DOT,) * dice, False)
    assert state.chips == (chips, chips, chips)


@pytest.mark.parametrize(("chips", "wrong"), [(1, 0), (1, 2), (2, 1), (2, 3), (3, 2), (3, 4), (7, 4)])
def test_r4_refuses_a_roll_with_the_wrong_number_of_dice(chips: int, wrong: int) -> None:
    state = at(Rules(chips=chips), (chips, chips, chips))
    with pytest.raises(IllegalActionError, match=f"{dice_for(chips)} dice"):
        step(state, Roll((Face.DOT,) * wrong))


def test_r4_seat_without_chips_is_skipped_with_turn_skipped() -> None:
    """R4: seat 2 has no chips: after seat 1's turn, seat 2 is skipped and seat 3 rolls."""
    state = at(Rules(), (3, 0, 3))
    state, events = play(state, roll("..."))
    assert events[-2:] == [TurnSkipped(1), TurnStarted(2, 2, 3)]
    assert state.seat == 2
    assert state.chips == (3, 0, 3)


def test_r4_skipped_seat_stays_in_the_game_and_rolls_once_it_has_chips() -> None:
    """R4: seat 2 (no chips) gets one from seat 1's L, then rolls one die on its turn."""
    state = at(Rules(), (3, 0, 3))
    state, events = play(state, roll("L.."))
    assert state.chips == (2, 1, 3)
    assert not any(isinstance(e, TurnSkipped) for e in events)
    assert events[-1] == TurnStarted(1, 2, 1)
    assert state.seat == 1
    assert state.dice_to_roll == 1
    state, _ = play(state, roll("R"))
    assert state.chips == (3, 0, 3)


def test_r4_several_empty_seats_are_skipped_in_order_with_wrap() -> None:
    """R4: seat 3 of 5 rolls; seats 4, 5 and 1 have no chips; seat 2 rolls next."""
    state = at(Rules(players=5), (0, 2, 3, 0, 0), seat=2)
    state, events = play(state, roll("..."))
    assert events[-4:] == [TurnSkipped(3), TurnSkipped(4), TurnSkipped(0), TurnStarted(1, 2, 2)]
    assert state.seat == 1


# --- R5: L, C, R, dot -------------------------------------------------------------------------------------


def test_r5_source_worked_example_l_dot_c() -> None:
    """R5, the source's example: 3 chips, roll L, dot, C: roller 1, left neighbour 4, pot 1."""
    state, _ = new_game(Rules())
    state, events = play(state, roll("L.C"))
    assert state.chips == (1, 4, 3)
    assert state.pot == 1
    assert moves(events) == [ChipsMoved(0, 1, 1, Cause.LEFT), ChipsMoved(0, POT, 1, Cause.CENTER)]
    assert TurnEnded(0, (1, 4, 3), 1) in events


@pytest.mark.parametrize(
    ("faces", "chips", "pot"),
    [
        ("...", (3, 3, 3), 0),
        ("L..", (2, 4, 3), 0),
        ("R..", (2, 3, 4), 0),
        ("C..", (2, 3, 3), 1),
        ("LLL", (0, 6, 3), 0),
        ("RRR", (0, 3, 6), 0),
        ("CCC", (0, 3, 3), 3),
        ("LCR", (0, 4, 4), 1),
        (".R.", (2, 3, 4), 0),
    ],
)
def test_r5_each_face_moves_exactly_one_chip(faces: str, chips: tuple[int, ...], pot: int) -> None:
    """R5: L to the left neighbour, R to the right neighbour, C to the pot, a dot keeps the chip."""
    state, _ = new_game(Rules())
    state, events = play(state, roll(faces))
    assert state.chips == chips
    assert state.pot == pot
    assert all(m.count == 1 for m in moves(events))
    assert len(moves(events)) == sum(f != "." for f in faces)


def test_r5_chips_in_the_pot_stay_there() -> None:
    """R5: the pot only grows over ordinary turns."""
    state, _ = new_game(Rules())
    state, _ = play(state, roll("C.."), roll("CC."), roll("..."))
    assert state.pot == 3
    assert state.chips == (2, 1, 3)
    state, _ = play(state, roll("L."))
    assert state.pot == 3
    assert state.chips == (1, 2, 3)


# --- R12: the winner's total --------------------------------------------------------------------------------


def test_r12_winner_total_is_own_chips_plus_pot_moved_as_winnings() -> None:
    """R12 with R10 last-with-chips: seat 1 passes its last chip left; seat 2 wins with 2 + pot 5."""
    state = at(Rules(), (1, 1, 0), pot=5)
    state, events = play(state, roll("L"))
    assert events[-2:] == [ChipsMoved(POT, 1, 5, Cause.WINNINGS), GameWon(1, 7, WinReason.LAST_WITH_CHIPS)]
    assert state.chips == (0, 7, 0)
    assert state.pot == 0
    assert state.winner == 1
    assert state.over


def test_r12_winner_with_empty_pot_has_no_winnings_move() -> None:
    state = at(Rules(), (1, 0, 2))
    state, events = play(state, roll("R"))
    assert events[-1] == GameWon(2, 3, WinReason.LAST_WITH_CHIPS)
    assert not any(m.cause is Cause.WINNINGS for m in moves(events))
    assert state.chips == (0, 0, 3)


# --- R13: who starts ----------------------------------------------------------------------------------------


def test_r13_seat_1_starts_by_default() -> None:
    state, events = new_game(Rules())
    assert state.seat == 0
    assert events == (GameStarted(3, 3, 0), TurnStarted(0, 1, 3))


def test_r13_new_game_can_start_at_another_seat() -> None:
    """R13: first=2 (seat 3) starts; the next turn is seat 1 (R1 wrap)."""
    state, events = new_game(Rules(), first=2)
    assert state.seat == 2
    assert events == (GameStarted(3, 3, 2), TurnStarted(2, 1, 3))
    state, events = play(state, roll("..."))
    assert events[-1] == TurnStarted(0, 2, 3)


@pytest.mark.parametrize("first", [-1, 3, 4, 100])
def test_r13_refuses_a_first_seat_not_at_the_table(first: int) -> None:
    with pytest.raises(IllegalActionError, match="not at this table"):
        new_game(Rules(), first=first)


# --- Refusal of illegal actions -----------------------------------------------------------------------------


def test_illegal_action_error_is_a_value_error() -> None:
    assert issubclass(IllegalActionError, ValueError)


@pytest.mark.parametrize("action", [Reverse(True), Reverse(False), ChooseSeat(1)])
def test_refuses_wrong_action_kind_in_roll_phase(action: Action) -> None:
    state, _ = new_game(Rules(reversible=True, wild=True))
    assert state.phase is Phase.ROLL
    with pytest.raises(IllegalActionError, match="rolled"):
        step(state, action)


@pytest.mark.parametrize("action", [roll("..."), ChooseSeat(1)])
def test_refuses_wrong_action_kind_in_reverse_phase(action: Action) -> None:
    """R9: a seat that may reverse must decide first."""
    state, _ = new_game(Rules(reversible=True, chips=4))
    assert state.phase is Phase.REVERSE
    with pytest.raises(IllegalActionError, match="reverse"):
        step(state, action)


@pytest.mark.parametrize("action", [roll("..."), Reverse(True)])
def test_refuses_wrong_action_kind_in_wild_phase(action: Action) -> None:
    state, _ = new_game(Rules(wild=True))
    state, _ = play(state, roll("W.."))
    assert state.phase is Phase.WILD_TAKE
    with pytest.raises(IllegalActionError, match="seat must be chosen"):
        step(state, action)


@pytest.mark.parametrize("action", [roll("."), roll("..."), Reverse(False), ChooseSeat(0)])
def test_refuses_any_action_after_the_game_is_over(action: Action) -> None:
    state = at(Rules(), (1, 0, 2))
    state, _ = play(state, roll("R"))
    assert state.over
    with pytest.raises(IllegalActionError, match="over"):
        step(state, action)


def test_refuses_w_face_without_wild_dice() -> None:
    """R3: standard dice have no W."""
    state, _ = new_game(Rules())
    with pytest.raises(IllegalActionError, match="no W face"):
        step(state, roll("W.."))


def test_refuses_choosing_the_roller_for_a_wild() -> None:
    """R7: the roller takes from another player."""
    state, _ = new_game(Rules(wild=True))
    state, _ = play(state, roll("W.."))
    assert state.choices == (1, 2)
    with pytest.raises(IllegalActionError, match="Seat 1 cannot be chosen"):
        step(state, ChooseSeat(0))


def test_refuses_choosing_a_seat_without_chips_for_a_wild() -> None:
    """R7: only a player who has a chip at that moment."""
    state = at(Rules(wild=True), (3, 0, 3))
    state, _ = play(state, roll("W.."))
    assert state.choices == (2,)
    with pytest.raises(IllegalActionError, match="Seat 2 cannot be chosen"):
        step(state, ChooseSeat(1))


@pytest.mark.parametrize("seat", [-1, 3, 10])
def test_refuses_choosing_a_seat_not_at_the_table(seat: int) -> None:
    state, _ = new_game(Rules(wild=True))
    state, _ = play(state, roll("W.."))
    with pytest.raises(IllegalActionError, match="cannot be chosen"):
        step(state, ChooseSeat(seat))


def test_a_refused_action_leaves_the_state_usable() -> None:
    state, _ = new_game(Rules())
    with pytest.raises(IllegalActionError):
        step(state, roll(".."))
    state, _ = play(state, roll("L.C"))
    assert state.chips == (1, 4, 3)
