"""Continuing a saved game (issue: nothing is ever lost): the offer at start, a damaged save, and the resume
itself, driven by keys through a pipe and heard through the recording backend."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Awaitable
from pathlib import Path
from typing import TypeVar

import pytest
from prompt_toolkit.input import PipeInput
from support.app import make_app
from support.keys import ESCAPE, keys_taken, until
from support.play import mid_game, your_game

from lcr_audio.engine import ChooseSeat, Face, Roll, Rules
from lcr_audio.game.saves import LoadedGame, Series, load, save, state_digest
from lcr_audio.game.session import Player, Session
from lcr_audio.output.speech import RecordingBackend
from lcr_audio.tui.play import Outcome

T = TypeVar("T")


async def answer_when_asked(
    flow: Awaitable[T], recorder: RecordingBackend, keys: PipeInput, question: str, key: str
) -> T:
    """Run ``flow``; once ``question`` has been spoken, press ``key``; return what the flow returns."""
    task: asyncio.Task[T] = asyncio.ensure_future(flow)
    await until(lambda: question in recorder.texts, task)
    keys.send_text(key)
    return await asyncio.wait_for(task, 60)


def test_the_saved_game_is_offered_and_yes_loads_it(pipe: PipeInput, tmp_path: Path) -> None:
    session = mid_game()
    assert session.state.turn == 7
    path = tmp_path / "autosave.json"
    save(session, path, series=Series(games=1, wins=[0, 1, 0]))

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        question = "Continue your game with Ana and Bo, turn 7? Y or N."
        loaded = await answer_when_asked(app.offer_saved_game(), recorder, pipe, question, "y")
        assert recorder.spoken == [(question, True)]
        assert isinstance(loaded, LoadedGame)
        assert loaded.session.state == session.state
        assert loaded.session.actions == session.actions
        assert loaded.series == Series(games=1, wins=[0, 1, 0])
        assert loaded.turn == 7

    asyncio.run(scenario())


@pytest.mark.parametrize("key", ["n", "N", ESCAPE])
def test_no_leaves_the_save_untouched(pipe: PipeInput, tmp_path: Path, key: str) -> None:
    path = tmp_path / "autosave.json"
    save(mid_game(), path)
    before = path.read_bytes(), path.stat().st_mtime_ns

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        question = "Continue your game with Ana and Bo, turn 7? Y or N."
        assert await answer_when_asked(app.offer_saved_game(), recorder, pipe, question, key) is None

    asyncio.run(scenario())
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autosave.json"]


def test_nothing_saved_or_a_finished_game_asks_nothing(pipe: PipeInput, tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    finished = Session(Rules(players=3), [Player("Ana"), Player("Bo"), Player("Cy")], 2)
    finished.play_to_end()

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        assert await app.offer_saved_game() is None
        save(finished, path)
        assert await app.offer_saved_game() is None
        assert recorder.spoken == []

    asyncio.run(scenario())


DAMAGED = (
    "The saved game could not be used. The saved game is damaged: its text breaks off or is garbled at "
    "line 3. A new game will save over it. Go on? Y or N."
)


@pytest.mark.parametrize(("key", "result"), [("n", False), (ESCAPE, False), ("y", None)])
def test_a_damaged_save_is_reported_and_kept(
    pipe: PipeInput, tmp_path: Path, key: str, result: bool | None
) -> None:
    path = tmp_path / "autosave.json"
    save(mid_game(), path)
    text = path.read_text(encoding="utf-8")
    cut = "\n".join(text.splitlines()[:3])  # cut short, as a full disk or a crash might leave it
    path.write_text(cut, encoding="utf-8")
    before = path.read_bytes(), path.stat().st_mtime_ns

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        assert await answer_when_asked(app.offer_saved_game(), recorder, pipe, DAMAGED, key) is result
        kept = [] if result is None else [(f"Nothing was changed; the saved game is still in {path}.", False)]
        assert recorder.spoken == [(DAMAGED, True), *kept]

    asyncio.run(scenario())
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_another_key_asks_again(pipe: PipeInput, tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    save(mid_game(), path)

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        question = "Continue your game with Ana and Bo, turn 7? Y or N."
        task = asyncio.ensure_future(app.offer_saved_game())
        await until(lambda: len(recorder.spoken) == 1, task)
        pipe.send_text("x")
        await until(lambda: len(recorder.spoken) == 2, task)
        assert recorder.spoken[1] == (f"Please press Y or N. {question}", True)
        pipe.send_text("y")
        assert isinstance(await asyncio.wait_for(task, 60), LoadedGame)

    asyncio.run(scenario())


def test_resume_says_where_the_game_stands_then_asks_the_pending_question(
    pipe: PipeInput, tmp_path: Path
) -> None:
    """The first words are the turn and the standings, then your question; Space then rolls the dice the
    uninterrupted game would have rolled."""
    session = mid_game()
    assert session.state.chips == (2, 3, 1) and session.state.pot == 3
    path = tmp_path / "autosave.json"
    save(session, path)
    uninterrupted = copy.deepcopy(session)
    uninterrupted.listeners.clear()
    uninterrupted.roll()

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        loaded = load(path)
        task = asyncio.ensure_future(app.resume(loaded))
        prompt = "Your turn. You have 2 chips. Press Space to roll 2 dice."
        await until(lambda: prompt in recorder.texts, task)
        assert recorder.spoken[:2] == [
            ("The game continues at turn 7. You 2, Ana 3, Bo 1, pot 3.", False),
            (prompt, False),
        ]
        pipe.send_text(" ")
        await until(lambda: len(loaded.session.actions) > len(session.actions), task)
        assert loaded.session.actions[len(session.actions)] == uninterrupted.actions[-1]
        await keys_taken(pipe)  # the Space was handled whole
        pipe.send_text("\x03")  # Control+C: save and leave
        assert await asyncio.wait_for(task, 60) is Outcome.LEFT
        assert recorder.texts[-1] == "Goodbye. Start lcr-audio again to continue this game."
        again = load(path)  # the save written on leaving continues the same game
        assert again.session.actions[: len(session.actions) + 1] == uninterrupted.actions
        assert state_digest(again.session.state) == state_digest(loaded.session.state)

    asyncio.run(scenario())


def test_resume_in_the_middle_of_a_wild_asks_for_the_seat(pipe: PipeInput, tmp_path: Path) -> None:
    """A save made while you choose whom a Wild takes from resumes with your roll told again (the
    standings before it), then that choice, first seat offered."""
    session = your_game(9, wild=True)
    session.start()
    session.roll()
    assert session.state.faces == (Face.WILD, Face.DOT, Face.RIGHT)  # R first: one chip to Bo (R6)
    assert session.state.choices == (1, 2)
    path = tmp_path / "autosave.json"
    save(session, path)

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        loaded = load(path)
        task = asyncio.ensure_future(app.resume(loaded))
        await until(lambda: len(recorder.spoken) >= 4, task)
        assert recorder.texts[:4] == [  # the roll before the save is told again: the standings before it
            "The game continues at turn 1. You 3, Ana 3, Bo 3, pot 0.",
            "You roll Wild, dot, R: one chip to Bo.",
            "Choose who to take a chip from. The arrow keys go through the players, a seat's number goes straight"
            " to it, and Enter or Space chooses.",
            "Ana, seat 2, 3 chips.",
        ]
        pipe.send_text("\x1b[B")  # Down
        await until(lambda: len(recorder.spoken) >= 5, task)
        assert recorder.spoken[4] == ("Bo, seat 3, 4 chips.", True)
        pipe.send_text("\r")
        await until(lambda: len(loaded.session.actions) >= 2, task)
        assert loaded.session.actions[1] == ChooseSeat(2)  # the Wild took from Bo: the seat under choice
        pipe.send_text("\x03")
        assert await asyncio.wait_for(task, 60) is Outcome.LEFT

    asyncio.run(scenario())


def test_resume_while_a_computer_chooses_for_its_wild_tells_its_roll_first(
    pipe: PipeInput, tmp_path: Path
) -> None:
    """Issue 21 (critic): a save made while a computer player's Wild choice was pending (Control+C during
    its pause) continues with the standings before its roll, the roll and that the choice is being made,
    then the rest of the turn; the roll is never lost, nor told twice, and S speaks of the table as heard."""
    session = your_game(1, wild=True)
    session.start()
    session.roll()
    session.play_computer()
    assert session.state.faces == (Face.RIGHT, Face.LEFT, Face.WILD) and session.state.seat == 1
    assert session.state.chips == (2, 2, 4) and session.state.pot == 1
    path = tmp_path / "autosave.json"
    save(session, path)

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        loaded = load(path)
        task = asyncio.ensure_future(app.resume(loaded))
        await until(lambda: any("takes a chip" in text for text in recorder.texts), task)
        roll = "Ana rolls R, L, Wild: one chip to you, one to Bo."
        assert recorder.texts[:3] == [
            "The game continues at turn 2. You 1, Ana 4, Bo 3, pot 1.",
            roll,
            "Ana is choosing who to take a chip from.",
        ]
        assert sum(text.count("rolls R, L, Wild") for text in recorder.texts) == 1
        assert "rolls" not in recorder.texts[3] and "takes a chip" in recorder.texts[3]
        pipe.send_text("\x03")
        assert await asyncio.wait_for(task, 60) is Outcome.LEFT

    asyncio.run(scenario())


def test_a_keep_score_game_resumes_with_typed_faces(pipe: PipeInput, tmp_path: Path) -> None:
    players = [Player("Ana", True), Player("Bo", True), Player("Cy", True)]
    session = Session(Rules(players=3), players, 9, physical=True)
    session.start()
    session.apply(Roll((Face.LEFT, Face.DOT, Face.DOT)))
    path = tmp_path / "autosave.json"
    save(session, path)

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        loaded = load(path)
        assert loaded.session.physical
        task = asyncio.ensure_future(app.resume(loaded))
        try:
            await until(lambda: len(recorder.spoken) >= 2, task)
            assert recorder.texts[:2] == [
                "The game continues at turn 2. Ana 2, Bo 4, Cy 3, pot 0.",
                "Your turn, Bo. You have 4 chips. Roll 3 dice and type what they show.",
            ]
            before = len(recorder.spoken)
            pipe.send_text("l")
            await until(lambda: len(recorder.spoken) > before, task)
            assert recorder.texts[before] == "L. 2 more."
        finally:
            pipe.send_text("\x03")
            await asyncio.wait_for(task, 60)

    asyncio.run(scenario())


def test_no_lets_a_new_game_replace_that_save_without_asking_again(pipe: PipeInput, tmp_path: Path) -> None:
    """Issue 21, item 1: the answer is acted on whole. After N, the new game replaces that very save with no
    second question ("Starting now replaces ... Start anyway?"); a game saved since (played and left) is
    asked about again."""
    from lcr_audio.tui.host import NotContinued

    path = tmp_path / "autosave.json"
    save(mid_game(), path)

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        question = "Continue your game with Ana and Bo, turn 7? Y or N."
        answer = await answer_when_asked(app.continue_saved_game(), recorder, pipe, question, "n")
        assert answer is NotContinued.NEW
        assert await app.may_replace(path)
        assert recorder.texts == [question]  # nothing asked a second time
        save(mid_game(human_turns=1), path)  # another unfinished game, saved since
        replaces = (
            "Starting now replaces the unfinished game of You, Ana, and Bo, turn 4. Start anyway? Y or N."
        )
        assert await answer_when_asked(app.may_replace(path), recorder, pipe, replaces, "n") is False

    asyncio.run(scenario())


def test_yes_continues_the_saved_game_and_returns_how_it_ended(pipe: PipeInput, tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    session = mid_game()
    save(session, path)

    async def scenario() -> Outcome | object:
        app, recorder = make_app(pipe, tmp_path)
        question = "Continue your game with Ana and Bo, turn 7? Y or N."
        task = asyncio.ensure_future(app.continue_saved_game())
        await until(lambda: question in recorder.texts, task)
        pipe.send_text("y")
        await until(lambda: any("The game continues at turn 7." in t for t in recorder.texts), task)
        await until(lambda: any("Press Space to roll" in t for t in recorder.texts), task)
        pipe.send_text("\x03")  # Control+C: saved, and the game left
        return await asyncio.wait_for(task, 60)

    assert asyncio.run(scenario()) is Outcome.LEFT
    assert load(path).session.actions == session.actions


def test_a_continued_game_keeps_where_it_stands_in_its_history_and_its_question_once(
    pipe: PipeInput, tmp_path: Path
) -> None:
    """Critic: after a save and continue, the transcript (and comma) had "Your turn. ..." twice in a row and
    never "The game continues at turn ...". The sentence goes in once, then the question, once."""
    from lcr_audio.game.autosave import GameKeeper

    path = tmp_path / "autosave.json"
    save(mid_game(), path)
    prompt = "Your turn. You have 2 chips. Press Space to roll 2 dice."
    keeper = GameKeeper(path)
    keeper.transcript.parent.mkdir(parents=True, exist_ok=True)
    keeper.transcript.write_text(f"Game 1.\nBo rolls dot.\n{prompt}\n", encoding="utf-8")  # as left

    async def scenario() -> list[str]:
        app, recorder = make_app(pipe, tmp_path)
        task = asyncio.ensure_future(app.resume(load(path)))
        await until(lambda: prompt in recorder.texts, task)
        assert app.active_screen is not None
        history = list(app.active_screen.history)
        pipe.send_text("\x03")
        await asyncio.wait_for(task, 60)
        return history

    history = asyncio.run(scenario())
    continues = "The game continues at turn 7. You 2, Ana 3, Bo 1, pot 3."
    assert history[-2:] == [continues, prompt]
    assert history.count(prompt) == 1 and history.count(continues) == 1
    assert keeper.transcript.read_text(encoding="utf-8").count(prompt) == 1
