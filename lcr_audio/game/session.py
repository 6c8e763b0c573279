"""One game being played: owns the random numbers, applies actions, tells listeners (DESIGN.md §1).

The engine draws no random numbers; the session does, with its own ``random.Random(seed)``, so the same
seed and the same choices give the same game. Dice are drawn only for rolls, in order, so a human's
choices (which seat a Wild takes from) never change the dice that follow.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from lcr_audio.engine import (
    Action,
    ChooseSeat,
    Event,
    Face,
    FirstPlayer,
    GameStarted,
    GameState,
    Phase,
    Reverse,
    Roll,
    Rules,
    Seat,
    new_game,
    step,
)
from lcr_audio.game.bots import DEFAULT_POLICY, Policy

log = logging.getLogger(__name__)

Listener = Callable[[Sequence[Event], GameState], None]
"""Called with each batch of events and the state after it."""


def new_seed() -> int:
    """A fresh seed for a game nobody asked to repeat (0 to 2**31 - 1, from the system's entropy)."""
    return random.SystemRandom().randrange(2**31)


@dataclass(frozen=True)
class Player:
    """Who sits in a seat.

    Attributes:
        name: the name spoken for the seat.
        human: True for a person at this keyboard, False for a computer player.
        policy: how a computer player decides (ignored for people).
        default_name: set when ``name`` is the default name of a person at the keyboard, which is said in
            the current language ("You", "Ты"): ``"you"``, or the letter of "Player A" (``"A"``); saved
            as such and said in the language of the game that loads it (:mod:`lcr_audio.game.seating`).
    """

    name: str
    human: bool = False
    policy: Policy = DEFAULT_POLICY
    default_name: str | None = None


@dataclass
class Session:
    """Drives one game from start to win.

    Args:
        rules: the options in force; ``rules.players`` must equal ``len(players)``.
        players: one :class:`Player` per seat, seat 1 first.
        seed: seeds the dice (and the first player when R13's random start is chosen).
        physical: real dice at a real table (the scorekeeper): the faces are typed in and applied with
            :meth:`apply`, never drawn.

    Raises:
        ValueError: the number of players does not match the rules.
    """

    rules: Rules
    players: Sequence[Player]
    seed: int
    physical: bool = False
    listeners: list[Listener] = field(default_factory=list)
    drives_computers: ClassVar[bool] = True
    """Computer players move here (False for a copy of a game played on a server)."""
    actions: list[Action] = field(default_factory=list, init=False)
    state: GameState = field(init=False)
    opening: tuple[Event, ...] = field(init=False)

    def __post_init__(self) -> None:
        if len(self.players) != self.rules.players:
            raise ValueError(f"The rules are for {self.rules.players} players, not {len(self.players)}.")
        self.rng = random.Random(self.seed)
        first = 0
        if self.rules.first_player is FirstPlayer.RANDOM:
            first = self.rng.randrange(self.rules.players)
        self.state, self.opening = new_game(self.rules, first)

    @property
    def names(self) -> list[str]:
        """The seats' names, seat 1 first."""
        return [p.name for p in self.players]

    @property
    def humans(self) -> frozenset[Seat]:
        """The seats played by people at this keyboard."""
        return frozenset(i for i, p in enumerate(self.players) if p.human)

    @property
    def computers(self) -> frozenset[Seat]:
        """The seats of computer players."""
        return frozenset(i for i, p in enumerate(self.players) if not p.human)

    @property
    def human_to_play(self) -> bool:
        """True when the game waits for a person's decision (roll, reversal, Wild seat)."""
        return not self.state.over and self.players[self.state.seat].human

    @property
    def first(self) -> Seat:
        """The seat that rolled first (drawn at random under R13's random start)."""
        opening = self.opening[0] if self.opening else None
        return opening.first if isinstance(opening, GameStarted) else 0

    def replay(self) -> Iterator[tuple[int, tuple[Event, ...]]]:
        """The game's events again, batch by batch, from its start: ``(actions applied so far, events)``.

        A resumed game has heard none of its past events; this rebuilds them from the action log (for the
        scorekeeper's undo and the explain key). Draws no dice and tells no listener.
        """
        state, events = new_game(self.rules, self.first)
        yield 0, events
        for done, action in enumerate(self.actions, start=1):
            state, events = step(state, action)
            yield done, events

    def start(self) -> None:
        """Tell the listeners how the game opens (GameStarted and the first TurnStarted)."""
        self._publish(self.opening)

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply one action, record it, and tell the listeners.

        Raises:
            lcr_audio.engine.IllegalActionError: the engine refuses the action; nothing changes.
        """
        self.state, events = step(self.state, action)
        self.actions.append(action)
        self._publish(events)
        return events

    def roll(self) -> tuple[Event, ...]:
        """Roll the dice for the seat to play, drawing the faces from the session's generator (R4)."""
        if self.state.phase is not Phase.ROLL:
            raise ValueError("It is not the moment to roll.")
        return self.apply(Roll(self.draw_dice(self.state.dice_to_roll)))

    def draw_dice(self, count: int) -> tuple[Face, ...]:
        """Draw ``count`` faces of the rules' die from the session's generator, moving it along: the one
        way the game draws dice, used by :meth:`roll` and by a save's replay to put the generator back
        where it was (:func:`lcr_audio.game.saves.load`). Changing it makes earlier saves unreadable."""
        die = self.rules.die
        return tuple(self.rng.choice(die) for _ in range(count))

    def computer_decision(self) -> Action | None:
        """The decision the computer seat to play makes now (R7, R9): whether to reverse, or a Wild's seat;
        ``None`` when it only has to roll. It reads the state and changes nothing, so a screen can work it
        out away from its keys (a careful player may take a few tenths of a second).

        Raises:
            ValueError: the game is over, or the seat to play is a person's.
        """
        if self.state.over or self.players[self.state.seat].human:
            raise ValueError("No computer player is to play.")
        policy = self.players[self.state.seat].policy
        phase = self.state.phase
        if phase is Phase.REVERSE:
            return Reverse(policy.decide_reverse(self.state))
        if phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            return ChooseSeat(policy.choose(self.state))
        return None

    def play_computer(self, decision: Action | None = None) -> tuple[Event, ...]:
        """Make the decision pending for a computer seat: roll, reverse or not, or choose a Wild's seat.

        Args:
            decision: the seat's :meth:`computer_decision`, when it was worked out already (from this same
                state); otherwise it is worked out here.

        Raises:
            ValueError: the game is over, or the seat to play is a person's.
        """
        decision = decision if decision is not None else self.computer_decision()
        if decision is not None:
            return self.apply(decision)
        return self.roll()

    def play_to_end(self, max_steps: int = 100_000) -> GameState:
        """Let computer players play until somebody wins (watch mode and tests).

        Raises:
            ValueError: a person's decision is pending.
            RuntimeError: no winner after ``max_steps`` decisions (reported, never hidden).
        """
        for _ in range(max_steps):
            if self.state.over:
                return self.state
            self.play_computer()
        raise RuntimeError(f"No winner after {max_steps} decisions.")

    def _publish(self, events: Sequence[Event]) -> None:
        for listener in list(self.listeners):
            try:
                listener(events, self.state)
            except Exception:  # a listener that fails is logged, never allowed to end the game
                log.exception("A listener failed on %s", events)
