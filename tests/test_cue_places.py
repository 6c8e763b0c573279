"""Where each seat's cues sound around the table (issue 14, item 10; R1: the left neighbour is the next
seat). The expectations are written out by hand, seat by seat, from the table as a player pictures it."""

from __future__ import annotations

import pytest

from lcr_audio.cues import CENTRE, CuePlace, cue_kind, event_places, seat_pan
from lcr_audio.engine import (
    POT,
    Cause,
    ChipsMoved,
    ChipsReset,
    DiceReversed,
    DiceRolled,
    Face,
    GameWon,
    WinReason,
)

# (players, listener) -> the pan of seats 0, 1, ... as heard from the listener's chair: own seat in the
# centre, left neighbour (next seat) far left, right neighbour (previous seat) far right, the seats across
# the table in equal steps between them.
EXPECTED = {
    (3, 0): [0.0, -1.0, 1.0],
    (3, 2): [-1.0, 1.0, 0.0],
    (4, 0): [0.0, -1.0, 0.0, 1.0],
    (4, 1): [1.0, 0.0, -1.0, 0.0],
    (5, 0): [0.0, -1.0, -1 / 3, 1 / 3, 1.0],
    (5, 3): [-1 / 3, 1 / 3, 1.0, 0.0, -1.0],
    (6, 2): [0.5, 1.0, 0.0, -1.0, -0.5, 0.0],
    (10, 0): [0.0, -1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0],
    (10, 7): [-0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 0.0, -1.0, -0.75],
}
# Nobody at the keyboard: the watcher sits in the gap before seat 1, every seat in its own place.
WATCHING = {
    3: [-1.0, 0.0, 1.0],
    4: [-1.0, -1 / 3, 1 / 3, 1.0],
    10: [-1.0, -7 / 9, -5 / 9, -3 / 9, -1 / 9, 1 / 9, 3 / 9, 5 / 9, 7 / 9, 1.0],
}


@pytest.mark.parametrize(("players", "listener"), list(EXPECTED))
def test_each_seat_is_heard_where_it_sits(players: int, listener: int) -> None:
    pans = [seat_pan(seat, players, listener) for seat in range(players)]
    assert pans == pytest.approx(EXPECTED[(players, listener)])
    assert seat_pan(POT, players, listener) == 0.0


@pytest.mark.parametrize("players", list(WATCHING))
def test_watching_spreads_every_seat_from_left_to_right(players: int) -> None:
    assert [seat_pan(seat, players, None) for seat in range(players)] == pytest.approx(WATCHING[players])


@pytest.mark.parametrize("players", range(3, 11))
def test_a_chip_passed_left_around_the_table_moves_one_way(players: int) -> None:
    """From the left neighbour on, each chip passed left lands further right, round to the right neighbour:
    the places run the whole stereo field, not only left, centre and right."""
    pans = [seat_pan((1 + step) % players, players, 0) for step in range(players - 1)]
    assert pans == sorted(pans) and len(set(pans)) == players - 1
    assert (pans[0], pans[-1]) == (-1.0, 1.0)


@pytest.mark.parametrize(("place", "players", "listener"), [(3, 3, 0), (0, 2, 0), (0, 11, 0), (0, 4, 4)])
def test_a_place_off_the_table_is_a_programming_error(place: int, players: int, listener: int) -> None:
    with pytest.raises(ValueError):
        seat_pan(place, players, listener)


def test_the_events_give_each_cue_its_place() -> None:
    """Seat 1 (index 0) listening at 4 seats: Bo (index 1) rolls, passes a chip left to Cy (index 2), one to
    the pot, one right to the listener; a reset is in the centre; the win at Cy's place."""
    events = [
        DiceReversed(1),
        DiceRolled(1, (Face.LEFT, Face.CENTER, Face.RIGHT)),
        ChipsMoved(1, 2, 1, Cause.LEFT),
        ChipsMoved(1, POT, 1, Cause.CENTER),
        ChipsMoved(1, 0, 1, Cause.RIGHT),
        ChipsReset(3, 4),
        ChipsMoved(POT, 2, 4, Cause.WINNINGS),
        GameWon(2, 7, WinReason.LAST_WITH_CHIPS),
    ]
    assert event_places(events, 4, 0) == [
        ("reverse", CuePlace(-1.0)),
        ("dice", CuePlace(-1.0)),
        ("chip", CuePlace(-1.0, 0.0)),  # Bo, far left, to Cy across the table
        ("chip", CuePlace(-1.0, 0.0)),  # to the pot, in the centre
        ("chip", CuePlace(-1.0, 0.0)),  # to the listener's own seat, in the centre
        ("reset", CENTRE),
        ("chip", CuePlace(0.0, 0.0)),
        ("win", CuePlace(0.0)),
    ]
    assert [cue_kind(c) for c in ("chip-left", "chip-right", "chip-pot", "wild", "dice", "turn")] == [
        "chip",
        "chip",
        "chip",
        "chip",
        "dice",
        "turn",
    ]
