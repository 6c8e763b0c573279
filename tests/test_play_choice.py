"""The seat under the cursor at a Wild's choice, on its own (:class:`lcr_audio.tui.play_choice.SeatChoice`;
issue 23, item 4)."""

from __future__ import annotations

import dataclasses

from lcr_audio.engine import GameState, Phase, Rules, position
from lcr_audio.narration import Utterance
from lcr_audio.tui.play_choice import SeatChoice

NAMES = ("Ana", "Bo", "Cy", "Di")


def taking() -> GameState:
    """Ana (seat 0) takes a chip with a Wild; Cy (seat 2) has none, so Bo and Di may be chosen."""
    state = position(Rules(players=4), (3, 2, 0, 1), pot=6, mover=0)
    return dataclasses.replace(state, phase=Phase.WILD_TAKE)


def test_the_cursor_starts_on_the_first_seat_and_wraps() -> None:
    state, choice = taking(), SeatChoice()
    assert state.choices == (1, 3)
    assert choice.seat(state) == 1
    choice.move(state, +1)
    assert choice.seat(state) == 3
    choice.move(state, +1)
    assert choice.seat(state) == 1
    choice.move(state, -1)
    assert choice.seat(state) == 3
    choice.start()
    assert choice.seat(state) == 1


def test_a_seat_that_may_not_be_chosen_leaves_the_cursor() -> None:
    state, choice = taking(), SeatChoice()
    assert choice.go_to(state, 3) and choice.seat(state) == 3
    assert not choice.go_to(state, 2)  # no chips to take
    assert not choice.go_to(state, 0)  # the roller's own seat
    assert choice.seat(state) == 3


def test_the_seat_offered_says_its_name_number_and_chips() -> None:
    state, choice = taking(), SeatChoice()
    assert choice.utterance(state, NAMES) == Utterance("Bo, seat 2, 2 chips.")
    choice.move(state, +1)
    assert choice.utterance(state, NAMES) == Utterance("Di, seat 4, 1 chip.")


def test_the_offered_message_is_kept_until_taken_back_once() -> None:
    state, choice = taking(), SeatChoice()
    assert choice.take_offered() is None
    offered = choice.offer(state, NAMES)
    assert offered.text == "Bo, seat 2, 2 chips."
    assert choice.take_offered() is offered
    assert choice.take_offered() is None
