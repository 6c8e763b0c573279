"""Where the play screen's cues sound, on its own (:class:`lcr_audio.tui.play_cues.CuePlacer`; issue 23,
item 4)."""

from __future__ import annotations

from lcr_audio.cues import Cue, CuePlace, event_places, seat_pan
from lcr_audio.engine import POT, Cause, ChipsMoved, TurnStarted
from lcr_audio.tui.play_cues import CuePlacer
from lcr_audio.tui.presenter import CueArgs


def moves() -> list[ChipsMoved | TurnStarted]:
    """Seat 0's turn at a table of 4: one chip to the left (seat 1), one to the pot."""
    return [
        TurnStarted(0, 1, 3),
        ChipsMoved(0, 1, 1, Cause.LEFT),
        ChipsMoved(0, POT, 1, Cause.CENTER),
    ]


def test_a_cue_takes_the_first_waiting_place_of_its_kind_once() -> None:
    events = moves()
    placer = CuePlacer()
    placer.add(events, 4, 0)
    expected = [place for kind, place in event_places(events, 4, 0) if kind == "chip"]
    assert len(expected) == 2
    got = placer.places((Cue.CHIP_LEFT, Cue.CHIP_POT), 0, 4, 0)
    assert got == tuple(expected)  # in order, whatever the chip cue's name
    assert placer.places((Cue.CHIP_LEFT,), 0, 4, 0) == (None,)  # each place is taken once


def test_a_turn_chime_sounds_at_the_seat_to_play_as_the_listener_hears_it() -> None:
    placer = CuePlacer()
    (place,) = placer.places((Cue.TURN,), 2, 4, 0)
    assert place == CuePlace(seat_pan(2, 4, 0))
    assert place != CuePlace(seat_pan(2, 4, 1))


def test_clear_forgets_the_waiting_places() -> None:
    placer = CuePlacer()
    placer.add(moves(), 4, 0)
    assert placer.waiting > 0
    placer.clear()
    assert placer.waiting == 0
    assert placer.places((Cue.CHIP_POT,), 0, 4, 0) == (None,)


def test_cue_args_complete_the_turn_seat_and_the_places_only_when_missing() -> None:
    placer = CuePlacer()
    args = placer.cue_args((Cue.TURN,), CueArgs(dice=3), 1, 4, 0)
    assert args == CueArgs(dice=3, seat=2, places=(CuePlace(seat_pan(1, 4, 0)),))
    given = CueArgs(dice=2, seat=5, places=(None,))
    assert placer.cue_args((Cue.TURN,), given, 1, 4, 0) == given
    assert placer.cue_args((), CueArgs(dice=1), 1, 4, 0) == CueArgs(dice=1)
