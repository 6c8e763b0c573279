"""The game screen run by keys in the test's event loop: a table of one person (seat 1) against computer
players, dice that can be scripted, and a driver that waits for the roll prompt and leaves with Control+C."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from prompt_toolkit.input import PipeInput

from lcr_audio.engine import Face, Rules
from lcr_audio.game.seating import table
from lcr_audio.game.session import Player, Session
from lcr_audio.output.speech import RecordingBackend, Speaker
from lcr_audio.tui.play import Outcome, PlayScreen
from support.keys import KeyDriver

ROLL_PROMPT = "Press Space to roll"
"""Part of every roll question the screen asks a person."""

CONTROL_C = "\x03"


class ScriptedDice:
    """Stands in for the session's random.Random: ``choice`` hands out the scripted faces in order (face
    letters as in ``Face``: L, C, R, a dot, W); ``randrange`` always picks the first seat."""

    def __init__(self, faces: str) -> None:
        self.faces = [Face(letter) for letter in faces]

    def choice(self, _die: object) -> object:
        return self.faces.pop(0)

    def randrange(self, n: int) -> int:
        return 0


def scripted_session(
    rules: Rules, humans: list[int], faces: str, names: list[str] | None = None, seed: int = 1
) -> Session:
    """A session at ``rules`` whose dice fall as ``faces`` says, people at the ``humans`` seats, the given
    ``names`` (the rest as :func:`table` names them)."""
    session = Session(rules, table(rules.players, names or [], humans), seed)
    session.rng = ScriptedDice(faces)  # type: ignore[assignment]
    return session


class Driver(KeyDriver[Outcome]):
    """Runs a PlayScreen in the test's event loop and sends keys when the screen is ready for them; the
    game may end while a test waits. :meth:`press` returns the utterance with its interrupt flag."""

    def __init__(self, screen: PlayScreen, keys: PipeInput, recorder: RecordingBackend) -> None:
        super().__init__(keys, recorder, may_end=True)
        self.screen = screen

    async def start(self, until: str | None = None) -> None:
        """Start the screen as a task and let it run to its first wait, or, given ``until``, until it has
        said something containing that."""
        self.run(self.screen.run())
        await asyncio.sleep(0)  # one turn of the loop: the screen runs to its first wait
        if until is not None:
            await self.until(lambda: self.said(until))

    async def press(self, key: str) -> tuple[str, bool]:  # type: ignore[override]
        """Send ``key`` and return the first utterance it caused, with its interrupt flag."""
        return await self.press_spoken(key)

    def said(self, part: str) -> bool:
        """True once an utterance containing ``part`` has been said."""
        return any(part in text for text, _ in self.spoken)

    def roll_prompts(self) -> int:
        """How many times a person has been asked to roll."""
        return sum(ROLL_PROMPT in text for text, _ in self.spoken)

    async def roll_at_every_prompt(self, done: Callable[[], bool]) -> int:
        """Press Space once at each roll prompt until ``done()`` holds or the game ends; return how many
        times Space was pressed."""
        assert self.task is not None
        rolls = 0
        while not (done() or self.task.done()):
            prompts = self.roll_prompts()
            if rolls < prompts:
                rolls += 1
                self.keys.send_text(" ")
            await self.until(lambda n=prompts: done() or self.roll_prompts() > n)  # type: ignore[misc]
        return rolls

    async def outcome(self, timeout: float = 5) -> Outcome:
        """The screen's outcome, waiting at most ``timeout`` seconds for it to end."""
        assert self.task is not None
        return await asyncio.wait_for(self.task, timeout)

    async def leave(self) -> Outcome:
        """Press Control+C and return the screen's outcome (LEFT unless the game had already ended)."""
        self.keys.send_text(CONTROL_C)
        return await self.outcome()


def screen_for(
    session: Session, keys: PipeInput, **screen: Any
) -> tuple[PlayScreen, RecordingBackend, Driver]:
    """A PlayScreen for ``session`` reading ``keys``, with no pause and no next game unless ``screen`` says
    otherwise; the recorder of what it says and its driver."""
    recorder = RecordingBackend()
    options: dict[str, Any] = {"pause": 0.0, "new_session": None} | screen
    play = PlayScreen(session, Speaker([recorder]), keys, **options)
    return play, recorder, Driver(play, keys, recorder)


def your_game(seed: int = 7, **rules: Any) -> Session:
    """A game of 3 players at ``rules``: a person at seat 1 (You) and two computer players, dice from
    ``seed``."""
    return Session(Rules(players=3, **rules), table(3, [], [0]), seed)


def make_screen(keys: PipeInput, seed: int = 7, **rules: Any) -> tuple[PlayScreen, RecordingBackend]:
    """A PlayScreen of :func:`your_game` reading ``keys``, and the recorder of what it says."""
    screen, recorder, _driver = screen_for(your_game(seed, **rules), keys)
    return screen, recorder


async def started(session: Session, keys: PipeInput, until: str = ROLL_PROMPT, **screen: Any) -> Driver:
    """A driver whose screen for ``session`` has started and said something containing ``until`` (by
    default, asked the person to roll)."""
    _play, _recorder, driver = screen_for(session, keys, **screen)
    await driver.start(until)
    return driver


async def your_turn(keys: PipeInput, seed: int = 7, **rules: Any) -> Driver:
    """The screen of :func:`make_screen` started, at the person's first roll prompt."""
    return await started(your_game(seed, **rules), keys)


def mid_game(seed: int = 4, human_turns: int = 2, names: tuple[str, ...] = ()) -> Session:
    """You (a person, seat 1) against Ana and Bo, computer players: ``human_turns`` rolls of yours, the
    computers' turns between them, stopping when it is your turn again; ``names`` renames the three seats."""
    players = table(3, [], [0])
    if names:
        players = [Player(name, p.human, p.policy) for name, p in zip(names, players, strict=True)]
    session = Session(Rules(players=3), players, seed)
    session.start()
    for _ in range(human_turns):
        assert session.human_to_play
        session.roll()
        while not session.human_to_play:
            assert not session.state.over
            session.play_computer()
    return session
