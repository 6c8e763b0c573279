"""The play screen's game loop, on its own (:class:`lcr_audio.tui.play_loop.GameLoop`; issue 23, item 4).

The screen, its game and its speech are stand-ins; the loop runs on the fake clock (no test waits in real
time)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from types import SimpleNamespace
from typing import Any

from support.clock import loop_clock, run_on_loop_time

from lcr_audio.engine import Phase
from lcr_audio.tui.host import Outcome
from lcr_audio.tui.play_loop import GameLoop


class Speech:
    """``drained`` and ``told`` return at once, noting when they were awaited."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    async def drained(self) -> None:
        self.log.append("drained")

    async def told(self) -> None:
        self.log.append("told")


class Game:
    """A game where a computer player is to play until ``moves_left`` moves were made; then a person."""

    def __init__(self, log: list[str], moves_left: int = 1, fails: bool = False) -> None:
        self.log = log
        self.moves_left = moves_left
        self.fails = fails
        self.humans = frozenset({0})
        self.drives_computers = True
        self.players = [SimpleNamespace(policy=SimpleNamespace(careful=False))] * 3
        self.moved_at: list[float] = []

    @property
    def human_to_play(self) -> bool:
        return self.moves_left == 0

    def computer_decision(self) -> None:
        return None

    def play_computer(self, decision: object) -> None:
        if self.fails:
            raise RuntimeError("the bot tripped")
        self.log.append("moved")
        self.moved_at.append(loop_clock())
        self.moves_left -= 1


class Screen:
    def __init__(self, game: Game, log: list[str], *, pause: float = 1.0, over: bool = False) -> None:
        self.session = game
        self.presenter = Speech(log)
        self.pause = pause
        self.new_session: Callable[[Any], Any] | None = None
        self.state = SimpleNamespace(over=over, seat=1, phase=Phase.ROLL)
        self.held = False
        self.question = ""
        self.coming = False
        self.log = log
        self.outcomes: list[Outcome] = []
        self.errors: list[str] = []

    def paused(self) -> bool:
        return self.held or bool(self.question)  # a question open holds the game, as on the play screen

    def question_text(self) -> str:
        return self.question

    def next_game_coming(self) -> bool:
        return self.coming

    def ask_play_again(self) -> None:
        self.log.append("asked")
        self.question = "Play again with the same table? Y or N."

    def error(self, text: str) -> None:
        self.errors.append(text)

    def finish(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)


def running(screen: Screen, body: Callable[[GameLoop], Coroutine[Any, Any, None]]) -> None:
    """Run the loop of ``screen`` while ``body`` plays its part, then stop it."""

    async def main() -> None:
        loop = GameLoop(screen)  # type: ignore[arg-type]
        task = asyncio.ensure_future(loop.run())
        try:
            await body(loop)
        finally:
            task.cancel()

    run_on_loop_time(main())


def test_a_computer_player_moves_after_the_speech_and_the_pause_then_a_person_decides() -> None:
    log: list[str] = []
    game = Game(log, moves_left=2)
    screen = Screen(game, log, pause=1.0)

    async def body(loop: GameLoop) -> None:
        await asyncio.sleep(10)

    running(screen, body)
    assert game.moved_at == [1.0, 2.0]
    assert log == ["drained", "moved", "drained", "moved"]  # then it waits for the person, moving nothing


def test_keys_during_the_pause_never_start_it_over() -> None:
    log: list[str] = []
    game = Game(log)
    screen = Screen(game, log, pause=1.0)

    async def body(loop: GameLoop) -> None:
        for _ in range(4):
            await asyncio.sleep(0.3)
            loop.poke()  # a key was pressed
        await asyncio.sleep(5)

    running(screen, body)
    assert game.moved_at == [1.0]


def test_a_held_game_moves_nothing_until_it_goes_on() -> None:
    log: list[str] = []
    game = Game(log)
    screen = Screen(game, log, pause=1.0)
    screen.held = True

    async def body(loop: GameLoop) -> None:
        await asyncio.sleep(30)
        assert game.moved_at == []
        screen.held = False
        loop.poke()
        await asyncio.sleep(5)

    running(screen, body)
    assert game.moved_at == [31.0]


def test_a_finished_game_with_nobody_to_ask_ends_once_the_speech_is_over() -> None:
    log: list[str] = []
    screen = Screen(Game(log), log, over=True)
    screen.session.humans = frozenset()

    async def body(loop: GameLoop) -> None:
        await asyncio.sleep(1)

    running(screen, body)
    assert log == ["drained"] and screen.outcomes == [Outcome.FINISHED]


def test_a_finished_game_asks_play_again_once_its_messages_were_handed_to_speech() -> None:
    log: list[str] = []
    screen = Screen(Game(log), log, over=True)
    screen.new_session = lambda session: session

    async def body(loop: GameLoop) -> None:
        await asyncio.sleep(1)
        loop.poke()  # a key: the question is open, nothing is asked twice
        await asyncio.sleep(1)

    running(screen, body)
    assert log[:2] == ["told", "asked"] and log.count("asked") == 1 and screen.outcomes == []


def test_a_next_game_coming_from_elsewhere_is_waited_for() -> None:
    log: list[str] = []
    screen = Screen(Game(log), log, over=True)
    screen.new_session = lambda session: session
    screen.coming = True

    async def body(loop: GameLoop) -> None:
        await asyncio.sleep(5)
        loop.poke()
        await asyncio.sleep(5)

    running(screen, body)
    assert log == [] and screen.outcomes == []


def test_a_computer_player_s_failure_is_said_and_ends_the_game() -> None:
    log: list[str] = []
    screen = Screen(Game(log, fails=True), log, pause=0.0)

    async def body(loop: GameLoop) -> None:
        await asyncio.sleep(1)

    running(screen, body)
    assert screen.errors == ["Something went wrong with a computer player; the game stops here."]
    assert screen.outcomes == [Outcome.QUIT]
