"""The play screen's hand-off to its keeper, on its own (:class:`lcr_audio.tui.play_saving.Saving`; issue
23, item 4). The keeper is a fake: nothing is written."""

from __future__ import annotations

import logging

import pytest

from lcr_audio.game.saves import Series
from lcr_audio.tui.play_saving import Saving


class FakeKeeper:
    def __init__(self, said: str | None = "Game saved.", fails: bool = False) -> None:
        self.series = Series()
        self.said = said
        self.fails = fails
        self.saves: list[bool] = []

    def follow(self, *args: object) -> None:
        pass

    def turn_ended(self) -> str | None:
        return None

    def save_now(self, *, leaving: bool = False) -> str | None:
        self.saves.append(leaving)
        if self.fails:
            raise OSError("disk on fire")
        return self.said


def test_without_a_keeper_nothing_saves_and_the_screen_counts_its_own_series() -> None:
    saving = Saving(None)
    assert saving.save_key() == "This game is not being saved."
    assert saving.leaving() is None
    assert not saving.keeps_series
    assert saving.games_finished() == 0
    series = saving.game_won(2)
    assert series is saving.series and saving.games_finished() == 1
    saving.game_won(None)  # a game that ended with no winner counts no win
    assert saving.games_finished() == 1


def test_with_a_keeper_control_s_saves_and_says_what_happened() -> None:
    keeper = FakeKeeper()
    saving = Saving(keeper)
    assert saving.save_key() == "Game saved."
    keeper.said = None  # nothing played yet
    assert saving.save_key() == "Nothing to save yet: the game saves itself once a turn is played."
    assert keeper.saves == [False, False]


def test_leaving_saves_as_leaving() -> None:
    keeper = FakeKeeper()
    assert Saving(keeper).leaving() == "Game saved."
    assert keeper.saves == [True]


def test_the_keeper_s_series_is_its_own_and_a_win_is_not_counted_twice() -> None:
    keeper = FakeKeeper()
    saving = Saving(keeper)
    assert saving.keeps_series and saving.series is keeper.series
    saving.game_won(1)  # the keeper hears of the win itself
    assert keeper.series.games == 0


def test_a_fault_while_leaving_is_logged_and_said_never_raised(caplog: pytest.LogCaptureFixture) -> None:
    saving = Saving(FakeKeeper(fails=True))
    with caplog.at_level(logging.ERROR, logger="lcr_audio.tui.play_saving"):
        said = saving.leaving()
    assert said == "The game could not be saved; the details are in the game's log."
    assert "Saving failed" in caplog.text and "disk on fire" in caplog.text
