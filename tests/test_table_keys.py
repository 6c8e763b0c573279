"""The table as a player hears it (issue 14, items 9 to 11): the neighbours key, each seat's cues at its
place, the end of each game, and the pause key while computer players play."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from prompt_toolkit.input import PipeInput
from support.keys import keys_taken
from support.play import ROLL_PROMPT, screen_for, scripted_session, your_turn
from support.sound import FakeSound

from lcr_audio.engine import POT, ChipsMoved, DiceRolled, Event, GameState, Rules
from lcr_audio.game.autosave import GameKeeper
from lcr_audio.game.saves import Series
from lcr_audio.game.seating import table
from lcr_audio.game.session import Session
from lcr_audio.tui import presenter
from lcr_audio.tui.game_modes import game_modes
from lcr_audio.tui.input import KeyList
from lcr_audio.tui.keys import Context
from lcr_audio.tui.play import Outcome, PlayScreen

# --- item 9: the neighbours key ----------------------------------------------------------------------------


def test_b_says_who_sits_left_and_right_of_the_person(pipe: PipeInput) -> None:
    """R1: the left neighbour is the next seat. You (seat 1) have Ana (seat 2) on the left, Bo on the right."""

    async def scenario() -> None:
        driver = await your_turn(pipe)
        assert await driver.press("b") == ("Left: Ana, 3 chips. Right: Bo, 3 chips.", True)
        assert await driver.press("B") == ("Left: Ana, 3 chips. Right: Bo, 3 chips.", True)
        await driver.leave()

    asyncio.run(scenario())


def test_in_hot_seat_b_names_whose_neighbours_they_are(pipe: PipeInput) -> None:
    """Zed (seat 1) and Ada (seat 3) share the keyboard with Ana (seat 2) and Bo (seat 4). On Zed's turn B
    is about Zed; after Zed rolls L, dot, dot (a chip to Ana), Ana plays and B tells the next person, Ada."""

    async def scenario() -> None:
        session = scripted_session(Rules(players=4), [0, 2], "L.." + "...", names=["Zed", "", "Ada"])
        screen, _recorder, driver = screen_for(session, pipe)
        screen.pause = 30.0  # Ana (a computer player) waits long enough for B to be pressed
        await driver.start(until="Your turn, Zed.")
        assert await driver.press("b") == ("Zed's left: Ana, 3 chips. Zed's right: Bo, 3 chips.", True)
        pipe.send_text(" ")
        await driver.until(lambda: screen.state.seat == 1)
        assert await driver.press("b") == ("Ada's left: Bo, 3 chips. Ada's right: Ana, 4 chips.", True)
        await driver.leave()

    asyncio.run(scenario())


# --- item 10: each seat's cues at its place ------------------------------------------------------------------


def test_a_chip_is_heard_travelling_from_seat_to_seat(pipe: PipeInput) -> None:
    """You sit at seat 1 of 4 with Ana (2), Bo (3) and Cy (4) as computer players: Ana is on your far
    left, Bo straight across, Cy on your far right. Your L, C, R: the chips go from you (centre) to Ana (far
    left), to the pot (centre) and to Cy (far right). Ana then rolls L, dot, dot: her dice sound on the far
    left, her chip travels from the far left to Bo across the table (centre)."""

    async def scenario() -> None:
        session = scripted_session(Rules(players=4), [0], "LCR" + "L.." + "...")
        sound = FakeSound(0.01)  # each cue lasts 10 ms
        screen, _recorder, driver = screen_for(session, pipe, sound=sound)
        screen.pause = 0.3  # each computer player waits this long
        await driver.start(until=ROLL_PROMPT)
        pipe.send_text(" ")
        await driver.until(lambda: screen.state.seat == 2 and len(sound.played) >= 7)
        assert sound.played[:7] == [
            ("turn", 0.0, None),  # your turn: your own seat, in the centre
            ("dice", 0.0, None),
            ("chip-left", 0.0, -1.0),  # you -> Ana
            ("chip-pot", 0.0, 0.0),  # you -> the pot
            ("chip-right", 0.0, 1.0),  # you -> Cy
            ("dice", -1.0, None),  # Ana's roll, on your far left
            ("chip-left", -1.0, 0.0),  # Ana -> Bo, across the table
        ]
        await driver.leave()

    asyncio.run(scenario())


# --- item 11: the end of each game; the pause key ---------------------------------------------------------------


def test_the_end_of_a_game_says_the_standings_and_its_number(pipe: PipeInput) -> None:
    """Issue 21, item 8: the standings agree with the winner's sentence, counted after the winner took the
    pot ("Ana wins with 12 chips." then "At the end: Ana 12, ..."; before, "At the end: Ana 5, ..., pot 7")."""

    async def scenario() -> None:
        session = Session(Rules(players=4), table(4, [], []), 3)
        last: list[tuple[list[Event], GameState]] = []
        session.listeners.append(lambda events, state: last.append((list(events), state)))
        screen, recorder, _driver = screen_for(session, pipe)
        assert await asyncio.wait_for(screen.run(), 20) is Outcome.FINISHED
        _events, state = last[-1]
        assert state.winner is not None and state.chips[state.winner] == 12  # R12: 4 players x 3 chips
        winner = session.names[state.winner]
        counts = ", ".join(f"{name} {count}" for name, count in zip(session.names, state.chips, strict=True))
        spoken = [t for t, _ in recorder.spoken]
        assert spoken[-1] == f"Game 1 is over. At the end: {counts}."
        assert spoken[-2].startswith(f"{winner} wins with 12 chips.")
        assert f"{winner} 12" in spoken[-1] and "pot" not in spoken[-1]

    asyncio.run(scenario())


def test_the_end_of_a_game_speaks_to_the_one_person_at_the_keyboard(pipe: PipeInput) -> None:
    """The one person at the keyboard is "You" in the end's counts as in every other sentence, not their
    name (critic, in French: "À la fin : Hana 0, Élodie 15 et Ana 0", Ana being the player). Ana (you, seat
    1) rolls L: her chip to Bo; Bo rolls L, L: both to Cy, who wins."""

    async def scenario() -> None:
        session = scripted_session(Rules(players=3, chips=1), [0], "L" + "LL", names=["Ana"], seed=4)
        _screen, recorder, driver = screen_for(session, pipe)
        await driver.start(until=ROLL_PROMPT)
        pipe.send_text(" ")
        assert await driver.outcome() is Outcome.FINISHED
        spoken = [t for t, _ in recorder.spoken]
        bo, cy = session.names[1:]
        assert spoken[-1] == f"Game 1 is over. At the end: You 0, {bo} 0, {cy} 3."

    asyncio.run(scenario())


def test_the_second_game_of_a_series_says_the_series(pipe: PipeInput, tmp_path: Path) -> None:
    """A table where Ana won the first game plays its second, one chip each: Ana's L gives Bo her chip (Ana
    0, Bo 2, Cy 1); Bo's L, L give Cy both (Bo 0, Cy 3): Cy is the last with chips and wins (R10). The
    opening names the game (critic: game 2 opened "A game of 3 players", as the first did)."""

    async def scenario() -> None:
        session = scripted_session(Rules(players=3, chips=1), [0, 1], "L" + "LL", names=["Ana", "Bo"], seed=4)
        keeper = GameKeeper(tmp_path / "save.json", Series(games=1, wins=[1, 0, 0]))
        _screen, recorder, driver = screen_for(session, pipe, keeper=keeper)
        await driver.start()
        for name in ("Ana", "Bo"):
            await driver.until(lambda n=name: any(f"Your turn, {n}." in t for t, _ in driver.spoken))  # type: ignore[misc]
            pipe.send_text(" ")
        assert await driver.outcome() is Outcome.FINISHED
        spoken = [t for t, _ in recorder.spoken]
        assert spoken[0].startswith("Game 2, with 3 players: Ana, Bo, and Cy. Everyone starts with 1 chip.")
        assert spoken[-2] == "Cy wins with 3 chips."
        assert spoken[-1] == (
            "Game 2 is over. At the end: Ana 0, Bo 0, Cy 3. "
            "2 games played. Ana 1 win, Cy 1 win, and Bo 0 wins."
        )
        assert keeper.series == Series(games=2, wins=[1, 0, 1])

    asyncio.run(scenario())


def test_f1_while_watching_says_b_is_about_the_seat_to_play(pipe: PipeInput) -> None:
    """Critic: F1 in watch mode said "B: who sits beside you", though nobody there plays; B tells the
    seat to play's neighbours. With a person at the keyboard, B is still about "you"."""
    watched, _recorder, _driver = screen_for(Session(Rules(players=4), table(4, [], []), 3), pipe)
    playing, _recorder, _driver = screen_for(Session(Rules(players=4), table(4, [], [0]), 3), pipe)

    def b_entry(screen: PlayScreen) -> str:
        entries = KeyList(game_modes(screen)[Context.WATCH]).entries
        return next(entry for entry in entries if entry.startswith("B: "))

    assert (
        b_entry(watched)
        == "B: who sits beside the player whose turn it is, left and right, with their chips."
    )
    assert b_entry(playing) == "B: who sits beside you, left and right, with their chips."


def test_p_pauses_the_computer_players_and_goes_on(pipe: PipeInput) -> None:
    """Watch mode: P holds the game (nothing more is played or said), the keys still answer; P goes on."""

    async def scenario() -> None:
        session = Session(Rules(players=4), table(4, [], []), 3)
        screen, recorder, driver = screen_for(session, pipe)
        screen.pause = 0.05
        await driver.start()
        await driver.until(lambda: screen.state.turn >= 2)
        looked = [0]
        paused = screen.paused

        def counted() -> bool:
            looked[0] += 1
            return paused()

        screen.paused = counted  # type: ignore[method-assign]
        assert await driver.answer("p") == ("Paused. P goes on.", True)
        turn, said = screen.state.turn, len(recorder.spoken)
        for _wake in range(8):  # the game loop looks again and again, and holds: 8 of the game's pauses
            seen = looked[0]
            screen._poke()
            await driver.until(lambda seen=seen: looked[0] > seen)
        await keys_taken(pipe)
        assert screen.state.turn == turn and len(recorder.spoken) == said  # nothing played, nothing said
        seat = screen.state.seat
        names, chips = session.names, screen.state.chips
        left, right = (seat + 1) % 4, (seat - 1) % 4
        assert await driver.press("b") == (
            f"{names[seat]}'s left: {names[left]}, {chips[left]} chips. "
            f"{names[seat]}'s right: {names[right]}, {chips[right]} chips.",
            True,
        )
        assert await driver.answer("p") == ("Going on.", True)
        assert await driver.outcome(20) is Outcome.FINISHED
        assert sum(" wins with " in t for t, _ in recorder.spoken) == 1

    asyncio.run(scenario())


def test_every_chip_of_a_whole_game_travels_between_its_own_seats(
    pipe: PipeInput, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Watch mode, 5 seats, Wild and reversible dice: the watcher hears seat 1 far left, seat 5 far right
    (-1, -0.5, 0, 0.5, 1), the pot in the centre; every chip cue travels from the place its chip left to the
    place it reached, in the order the chips moved, and every roll sounds at its roller's place."""

    monkeypatch.setattr(presenter, "CUE_GAP_SECONDS", 0.0)  # the order is what counts here, not the pace
    monkeypatch.setattr(presenter, "DICE_GAP_SECONDS", 0.0)

    async def scenario() -> None:
        session = Session(Rules(players=5, wild=True, reversible=True), table(5, [], []), 9)
        events: list[Event] = []
        session.listeners.append(lambda batch, _state: events.extend(batch))
        sound = FakeSound(0.01)  # each cue lasts 10 ms
        screen, _recorder, _driver = screen_for(session, pipe, sound=sound)
        assert await asyncio.wait_for(screen.run(), 60) is Outcome.FINISHED
        place = {0: -1.0, 1: -0.5, 2: 0.0, 3: 0.5, 4: 1.0, POT: 0.0}
        moves = [(place[e.source], place[e.target]) for e in events if isinstance(e, ChipsMoved)]
        chips = [
            (pan, to)
            for cue, pan, to in sound.played
            if cue in ("chip-left", "chip-right", "chip-pot", "wild")
        ]
        assert chips == moves and len(moves) > 20
        rolls = [place[e.seat] for e in events if isinstance(e, DiceRolled)]
        assert [pan for cue, pan, to in sound.played if cue == "dice"] == rolls
        assert [(cue, to) for cue, _pan, to in sound.played if cue == "win"] == [("win", None)]

    asyncio.run(scenario())
