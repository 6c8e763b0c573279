"""The last roll kept for the E key, on its own (:class:`lcr_audio.tui.play_last_roll.LastRoll`; issue 23,
item 4)."""

from __future__ import annotations

from lcr_audio.engine import POT, Cause, ChipsMoved, DiceRolled, Event, Face, TurnStarted
from lcr_audio.narration.explain import explain_roll
from lcr_audio.tui.play_last_roll import LastRoll

NAMES = ("Ana", "Bo", "Cy")


def turn(seat: int, *faces: Face) -> list[Event]:
    events: list[Event] = [TurnStarted(seat, 1, 3)]
    if faces:
        events.append(DiceRolled(seat, faces))
        if Face.CENTER in faces:
            events.append(ChipsMoved(seat, POT, 1, Cause.CENTER))
    return events


def test_before_any_roll_nobody_has_rolled() -> None:
    last = LastRoll()
    assert last.explained(NAMES, {0}) == "Nobody has rolled yet."
    last.track(turn(0))  # a turn started, nothing rolled yet
    assert last.events == []


def test_the_last_turn_that_rolled_is_kept_even_across_batches() -> None:
    last = LastRoll()
    first = turn(0, Face.CENTER, Face.DOT, Face.DOT)
    last.track(first[:1])
    last.track(first[1:])  # the roll came in a later batch of the same turn
    assert last.events == first
    last.track(turn(1))  # the next turn has not rolled: the roll before is still the last
    assert last.events == first
    second = turn(1, Face.DOT, Face.DOT, Face.DOT)
    last.track(second[1:])
    assert last.events == second


def test_a_reset_forgets_or_starts_from_a_continued_game_s_last_roll() -> None:
    last = LastRoll()
    last.track(turn(0, Face.DOT, Face.DOT, Face.DOT))
    last.reset()
    assert last.events == []
    kept = turn(2, Face.CENTER, Face.DOT, Face.DOT)
    last.reset(kept)
    assert last.events == kept


def test_e_explains_to_the_one_person_here_as_you_and_to_a_table_by_name() -> None:
    last = LastRoll()
    events = turn(0, Face.CENTER, Face.DOT, Face.DOT)
    last.track(events)
    assert last.explained(NAMES, {0}) == explain_roll(events, NAMES, True, listener=0, pending=True)
    assert last.explained(NAMES, {1}) == explain_roll(events, NAMES, False, listener=1, pending=True)
    assert last.explained(NAMES, {0, 1}) == explain_roll(events, NAMES, False, listener=None, pending=True)
    assert last.explained(NAMES, {0}) != last.explained(NAMES, {0, 1})
