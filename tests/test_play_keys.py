"""The play screen driven by keys through a pipe, asserting on what the recording speech backend received."""

from __future__ import annotations

import asyncio
import re

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input
from support.clock import KeyClock
from support.keys import keys_taken
from support.narration import CHOICE_KEYS
from support.play import (
    ROLL_PROMPT,
    Driver,
    make_screen,
    screen_for,
    scripted_session,
    started,
    your_game,
    your_turn,
)

from lcr_audio.engine import GameWon, Rules
from lcr_audio.game.seating import table
from lcr_audio.game.session import Session
from lcr_audio.tui.keys import Command, Context, help_entries
from lcr_audio.tui.play import Outcome


def test_whole_game_by_keys_one_human_two_computers(pipe: PipeInput) -> None:
    """A whole game: the info keys answer exactly, Space rolls, the game ends with one winner."""

    async def scenario() -> None:
        driver = await your_turn(pipe)
        screen = driver.screen
        assert driver.spoken[0] == (
            "A game of 3 players: you, Ana, and Bo. Everyone starts with 3 chips. Ana and Bo are computer players.",
            False,
        )
        # Info keys interrupt and answer exactly.
        assert await driver.press("s") == ("You 3, Ana 3, Bo 3, pot 0.", True)
        assert await driver.press("c") == ("The pot is empty.", True)
        turn = "Your turn. You have 3 chips. Press Space to roll 3 dice."
        assert await driver.press("t") == (turn, True)
        assert await driver.press("2") == ("Ana, seat 2: 3 chips.", True)
        assert await driver.press("0") == ("There is no seat 10; this table has 3 seats.", True)
        last_message = screen.history[-1]
        assert await driver.press(",") == (last_message, True)
        # F1: the keys one at a time, Up and Down step through them, Escape closes and asks again.
        # No chat at a table of one keyboard; no own voice's speed keys without the game's own voice.
        assert screen.speaker.mode != "tts"
        entries = help_entries(Context.ROLL, frozenset({Command.CHAT, Command.SLOWER, Command.FASTER}))
        assert entries[0] == "Space, Enter or R: roll the dice."
        assert len(entries) == len(help_entries(Context.ROLL)) - 3
        total = len(entries)
        assert await driver.press("\x1bOP") == (
            f"Keys. Up and Down go through them, Escape closes. {entries[0]} 1 of {total}.",
            True,
        )
        assert await driver.press("\x1b[B") == (f"{entries[1]} 2 of {total}.", True)
        assert await driver.press("\x1b[A") == (f"{entries[0]} 1 of {total}.", True)
        assert await driver.press("\x1b[A") == (
            f"Bottom of the list. {entries[-1]} {total} of {total}.",
            True,
        )
        assert await driver.press("s") == (
            "Up and Down go through the keys, Escape closes the list.",
            False,
        )
        assert await driver.press("\x1b") == (f"Key list closed. {turn}", True)
        assert screen.state.turn == 1  # nothing was rolled while the list was open
        assert await driver.press("x") == ("X does nothing; F1 lists the keys.", False)  # no meaning anywhere
        # Play: Space at every roll prompt until the game is over.
        rolls = await driver.roll_at_every_prompt(lambda: False)
        assert await driver.outcome() == Outcome.FINISHED
        assert rolls >= 1
        winner = screen.state.winner
        assert winner is not None
        wins = [t for t, _ in driver.spoken if re.search(r" wins? with ", t)]
        assert len(wins) == 1
        assert wins[0].startswith(screen.session.names[winner])
        assert screen.state.chips[winner] == 9  # R12: every chip ends with the winner (3 players x 3)

    asyncio.run(scenario())


def test_game_events_queue_and_answers_interrupt(pipe: PipeInput) -> None:
    """DESIGN.md §3: game events never interrupt; what the player asked for does."""

    async def scenario() -> None:
        driver = await your_turn(pipe, seed=11)
        await driver.press(" ")
        await driver.until(lambda: driver.roll_prompts() >= 2)
        game = [(t, i) for t, i in driver.spoken]
        assert all(not interrupt for _, interrupt in game)
        assert (await driver.press("s"))[1] is True

    asyncio.run(scenario())


def test_escape_asks_before_quitting(pipe: PipeInput) -> None:
    """Escape asks; N goes on and repeats the question that was open; Escape then Y quits."""

    async def scenario() -> None:
        driver = await your_turn(pipe)
        screen = driver.screen
        assert (await driver.press("\x1b"))[0] == "Quit this game? Y or N."
        goes_on = "The game goes on. Your turn. You have 3 chips. Press Space to roll 3 dice."
        assert (await driver.press("n"))[0] == goes_on
        await driver.press("\x1b")
        pipe.send_text("y")
        assert await driver.outcome() is Outcome.QUIT
        assert screen.state.turn == 1  # nothing was rolled

    asyncio.run(scenario())


def test_history_steps_back_and_forward(pipe: PipeInput) -> None:
    """Comma repeats the last message, then steps back; period steps forward; the ends say so."""

    async def scenario() -> None:
        driver = await your_turn(pipe, seed=3)
        screen = driver.screen
        await driver.press(" ")
        await driver.until(lambda: driver.roll_prompts() >= 2)
        history = list(screen.history)
        assert len(history) >= 3
        assert (await driver.press(","))[0] == history[-1]
        assert (await driver.press(","))[0] == history[-2]
        assert (await driver.press("."))[0] == history[-1]
        assert (await driver.press("."))[0] == f"Last message. {history[-1]}"
        assert (await driver.press("\x1b[H"))[0] == history[0]  # Home

    asyncio.run(scenario())


def test_watch_mode_plays_to_the_end_without_keys(pipe: PipeInput) -> None:
    """--computer all: no person is asked anything and exactly one winner is announced."""

    async def scenario() -> None:
        screen, recorder, _driver = screen_for(Session(Rules(players=4), table(4, [], []), 3), pipe)
        assert await asyncio.wait_for(screen.run(), 10) is Outcome.FINISHED
        assert sum(" wins with " in t for t, _ in recorder.spoken) == 1
        assert not any(ROLL_PROMPT in t for t, _ in recorder.spoken)

    asyncio.run(scenario())


def test_won_event_matches_final_state() -> None:
    """The session's own play_to_end reaches the same winner the events name."""
    session = Session(Rules(players=5), table(5, [], []), 42)
    seen: list[GameWon] = []
    session.listeners.append(lambda events, _: seen.extend(e for e in events if isinstance(e, GameWon)))
    session.start()
    state = session.play_to_end()
    assert len(seen) == 1 and seen[0].seat == state.winner
    assert seen[0].total == 15 == state.chips[state.winner]  # R12: 5 players x 3 chips


def test_a_person_chooses_wild_targets_and_reverses_by_keys(pipe: PipeInput) -> None:
    """R7 and R9 by keys: two Wilds choose twice (arrows, digit, Enter); reversal asked and taken with Y."""

    async def scenario() -> None:
        rules = Rules(players=3, chips=4, wild=True, reversible=True)
        # You: W, W, L; Ana: dot x3; Bo: dot x3; You (reversed): C, W, dot.
        session = scripted_session(rules, [0], "WWL" + "..." + "..." + "CW.")
        driver = await started(session, pipe, until="Reverse the dice?")
        screen = driver.screen
        assert await driver.press("e") == (
            "Reversing costs 3 chips, paid into the pot, and you roll 3 dice. L takes a chip from the player "
            "on your left, R from the player on your right, C from the pot, each only if there is one. One or "
            "two Wilds each give a chip to a player you choose. Three Wilds put all your chips in the pot.",
            True,
        )
        await driver.press("n")
        await driver.press(" ")
        await driver.until(lambda: driver.said("Choose who to take a chip from."))
        # issue 21, item 7: the first time in the game the question names its keys; later, in short
        assert driver.said(f"Choose who to take a chip from. {CHOICE_KEYS}")
        assert screen.state.chips == (3, 5, 4)  # the L went to Ana before the Wilds (R6)
        assert driver.spoken[-1][0] == "Ana, seat 2, 5 chips."
        assert await driver.press("\x1b[B") == ("Bo, seat 3, 4 chips.", True)
        assert await driver.press("\x1b") == (
            "Choose who to take a chip from. Arrows, then Enter. Bo, seat 3, 4 chips.",
            True,
        )
        assert await driver.press("1") == ("That is your own seat; choose another player.", False)
        await driver.press("\r")  # take from Bo
        await driver.until(lambda: screen.state.chips == (4, 5, 3))
        assert await driver.press("2") == ("Ana, seat 2, 5 chips.", True)
        await driver.press("\r")  # take from Ana
        await driver.until(lambda: any("Reverse the dice?" in t for t, _ in driver.spoken[-3:]))
        assert screen.state.chips == (5, 4, 3) and screen.state.pot == 0
        await driver.press("y")
        assert screen.state.chips == (2, 4, 3) and screen.state.pot == 3  # R9: 3 chips into the pot
        await driver.press(" ")
        await driver.until(lambda: driver.said("Choose who to give a chip to. Arrows, then Enter."))
        assert screen.state.chips == (3, 4, 3) and screen.state.pot == 2  # reversed C took one back
        await driver.press("\x1b[B")
        await driver.press("\r")  # give to Bo
        await driver.until(lambda: screen.state.seat == 1)
        assert screen.state.chips == (2, 4, 4) and screen.state.pot == 2
        spoken = " ".join(t for t, _ in driver.spoken)
        assert "You take a chip from Bo." in spoken or "You take 1 chip from Bo." in spoken
        await driver.leave()

    asyncio.run(scenario())


def test_a_wrong_key_at_a_question_repeats_it(pipe: PipeInput) -> None:
    async def scenario() -> None:
        driver = await your_turn(pipe)
        assert (await driver.press("\x1b"))[0] == "Quit this game? Y or N."
        assert await driver.press("x") == ("Please press Y or N. Quit this game? Y or N.", False)
        pipe.send_text("y")
        assert await driver.outcome() is Outcome.QUIT

    asyncio.run(scenario())


def test_y_typed_when_no_question_is_asked_changes_nothing(pipe: PipeInput) -> None:
    async def scenario() -> None:
        driver = await your_turn(pipe)
        screen = driver.screen
        state = screen.state
        assert await driver.press("y") == ("Not now. F1 lists the keys.", False)
        assert screen.state is state
        assert await driver.leave() is Outcome.LEFT

    asyncio.run(scenario())


def test_the_keyboard_going_away_ends_the_game_instead_of_waiting_for_ever() -> None:
    async def scenario() -> None:
        with create_pipe_input() as keys:
            driver = await your_turn(keys)
            keys.close()
            assert await driver.outcome() is Outcome.LEFT

    asyncio.run(scenario())


def test_space_space_at_a_wild_roll_chooses_nothing(pipe: PipeInput) -> None:
    """Issue 10, item 5: the second Space of a double press was typed before the Wild's question was heard,
    so it chooses nobody; a Space after the question takes the chip."""

    async def scenario() -> None:
        session = scripted_session(Rules(players=3, wild=True), [0], "W..")
        driver = await started(session, pipe)
        screen = driver.screen
        pipe.send_text("  ")  # Space Space, read in one batch
        await driver.until(lambda: driver.said("Choose who to take a chip from."))
        await driver.until(lambda: driver.spoken[-1][0] == "Ana, seat 2, 3 chips.")
        await keys_taken(pipe)
        assert screen.state.chips == (3, 3, 3) and screen.state.pot == 0  # rolled; nobody chosen
        assert driver.spoken[-1][0] == "Ana, seat 2, 3 chips."  # the second Space said nothing either
        pipe.send_text(" ")  # heard: now Space takes from Ana
        await driver.until(lambda: screen.state.chips == (4, 2, 3))
        await driver.leave()

    asyncio.run(scenario())


def test_fact_keys_keep_a_computers_wild_roll_until_it_is_told(pipe: PipeInput) -> None:
    """Issue 21 (critic): while a computer player's Wild choice is pending (its pause), its roll has not
    been told (it is told whole with the choice): S, O's position, B and a seat's digit speak of the table
    before that roll, never after it."""

    async def scenario() -> None:
        session = scripted_session(Rules(players=3, wild=True), [0], "...RLW")
        driver = await started(session, pipe, pause=1000.0)  # Ana waits: the test moves her
        screen = driver.screen
        pipe.send_text(" ")  # your roll: three dots
        await driver.until(lambda: screen.state.seat == 1)
        await screen.presenter.drained()
        heard = screen.state
        screen.session.play_computer()  # Ana rolls R, L, Wild: chips move, her choice is pending
        try:
            assert screen.state.chips != heard.chips
            assert screen.heard_state.chips == heard.chips
            assert await driver.press("s") == ("You 3, Ana 3, Bo 3, pot 0.", True)
            assert await driver.press("3") == ("Bo, seat 3: 3 chips.", True)
            assert not driver.said("rolls R, L, Wild")
        finally:
            await driver.leave()

    asyncio.run(scenario())


def test_a_second_space_sooner_than_a_person_reacts_chooses_nothing(
    pipe: PipeInput, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 10, item 5, where speech is instant (printed lines, as here): the Wild's question is out at
    once, and a Space 50 ms after the first is still a double press, not an answer (REACTION_SECONDS). The
    keys' clock is the test's (:class:`KeyClock`): "50 ms" stays 50 ms on a busy machine."""
    from lcr_audio.tui import input as key_input

    monkeypatch.setattr(key_input, "REACTION_SECONDS", 0.2)
    clock = KeyClock(monkeypatch)

    async def scenario() -> None:
        session = scripted_session(Rules(players=3, wild=True), [0], "W..")
        driver = await started(session, pipe)
        screen = driver.screen
        clock.advance(0.25)  # the roll question was heard
        pipe.send_text(" ")
        await driver.until(lambda: driver.spoken[-1][0] == "Ana, seat 2, 3 chips.")
        clock.advance(0.05)
        said = len(driver.spoken)
        pipe.send_text(" s")  # 50 ms after the Wild's question was printed; then S, read with it
        await driver.until(lambda: len(driver.spoken) > said)  # S answered: the Space before it was read
        assert screen.state.chips == (3, 3, 3) and screen.state.pot == 0  # rolled; nobody chosen
        clock.advance(0.2)
        pipe.send_text(" ")  # now a person could have read it: Space takes from Ana
        await driver.until(lambda: screen.state.chips == (4, 2, 3))
        await driver.leave()

    asyncio.run(scenario())


def test_in_hot_seat_space_space_never_rolls_the_next_persons_dice(pipe: PipeInput) -> None:
    """Issue 10, item 5: each person's roll needs a press after their own turn was announced."""

    async def scenario() -> None:
        session = scripted_session(Rules(players=3), [0, 1, 2], "L.." + "L..")
        driver = await started(session, pipe, until="Your turn, Player A.")
        screen = driver.screen
        pipe.send_text("  ")
        await driver.until(lambda: driver.said("Your turn, Player B."))
        await keys_taken(pipe)
        assert screen.state.seat == 1 and screen.state.chips == (2, 4, 3)  # A's L went to B; B has not rolled
        assert not any(t.startswith("Player B rolls") for t, _ in driver.spoken)
        pipe.send_text(" ")  # after B's turn was announced: B rolls
        await driver.until(lambda: screen.state.chips == (2, 3, 4))
        assert screen.state.seat == 2
        await driver.leave()

    asyncio.run(scenario())


def test_a_yes_typed_with_the_escape_that_asks_never_answers_it(pipe: PipeInput) -> None:
    """Escape and Y read together: the Y came before "Quit this game?" was asked, so nothing is quit."""

    async def scenario() -> None:
        driver = await your_turn(pipe)
        assert (await driver.press("\x1by"))[0] == "Quit this game? Y or N."
        await keys_taken(pipe)
        assert not driver.task.done()  # type: ignore[union-attr]
        assert driver.spoken[-1][0] == "Quit this game? Y or N."
        pipe.send_text("y")
        assert await driver.outcome() is Outcome.QUIT

    asyncio.run(scenario())


def test_no_to_play_again_is_said_and_ends_the_screen(pipe: PipeInput) -> None:
    """Issue 10, item 6: leaving is said in one sentence, "Play again? N" included."""

    async def scenario() -> None:
        session = your_game(4, chips=1)
        _screen, _recorder, driver = screen_for(session, pipe, new_session=lambda s: s)
        await driver.start()
        again = "Play again with the same table? Y or N."
        await driver.roll_at_every_prompt(lambda: again in driver.texts)
        assert await driver.press("n") == ("No more games at this table.", True)
        assert await driver.outcome() is Outcome.FINISHED

    asyncio.run(scenario())


def test_the_rules_reader_in_a_game_moves_by_section_and_f1_says_so(pipe: PipeInput) -> None:
    async def scenario() -> None:
        driver = await your_turn(pipe)
        screen = driver.screen
        parts = __import__("lcr_audio.narration.rules_text", fromlist=["sections"]).sections(
            screen.session.rules
        )
        opening = await driver.press("\x1b[1;5P")  # Control+F1
        assert opening[0].endswith(f"{parts[0].title}. 1 of {len(parts)}.")
        assert await driver.press("\x1b[B") == (f"{parts[1].title}. 2 of {len(parts)}.", True)
        entries = help_entries(Context.READER)
        assert entries[0] == "Down arrow, Right arrow or Tab: the next section's title."
        assert (await driver.press("\x1bOP"))[0].endswith(f"{entries[0]} 1 of {len(entries)}.")
        assert await driver.press("\x1b") == (
            f"Key list closed. {parts[1].title}. 2 of {len(parts)}.",
            True,
        )
        assert (await driver.press("\x1b"))[0].startswith("Back to the game.")
        assert await driver.leave() is Outcome.LEFT

    asyncio.run(scenario())


def test_review_keys_typed_ahead_still_answer(pipe: PipeInput) -> None:
    """Issue 10, item 5: only decision keys wait for their question; S read in the same batch as the roll
    answers at once, while the Space after it chooses no Wild seat."""

    async def scenario() -> None:
        session = scripted_session(Rules(players=3, wild=True), [0], "W..")
        driver = await started(session, pipe)
        screen = driver.screen
        pipe.send_text(" s ")
        await driver.until(lambda: ("You 3, Ana 3, Bo 3, pot 0.", True) in driver.spoken)
        await keys_taken(pipe)
        assert screen.state.chips == (3, 3, 3) and screen.context is Context.CHOOSE  # nobody chosen
        await driver.leave()

    asyncio.run(scenario())


def test_f1_typed_before_the_game_starts_opens_the_key_list(pipe: PipeInput) -> None:
    """A key typed before the play screen reads keys is held, then handed to it the moment it starts: F1
    then opens the list (it once met input modes not yet wired and said "That did not work")."""

    async def scenario() -> None:
        screen, recorder = make_screen(pipe)
        pipe.send_text("\x1bOP")  # F1, before the screen runs
        driver = Driver(screen, pipe, recorder)
        await driver.start()
        await driver.until(lambda: any(t.startswith("Keys. Up and Down") for t, _ in driver.spoken))
        assert not driver.said("did not work")
        assert await driver.leave() is Outcome.LEFT  # Control+C

    asyncio.run(scenario())
