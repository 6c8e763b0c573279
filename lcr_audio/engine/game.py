"""The rules of Left Right Center as a pure function: ``step(state, action) -> (state, events)``.

The engine never draws random numbers and never does I/O (DESIGN.md §1): a roll is an action carrying its
faces, chosen by whoever drives the game. A game is its list of actions: replaying them from
:func:`new_game` gives the same states and events every time.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TypeAlias

from lcr_audio.engine.events import (
    POT,
    Cause,
    ChipsMoved,
    ChipsReset,
    DiceReversed,
    DiceRolled,
    Event,
    GameStarted,
    GameWon,
    NothingMoved,
    Place,
    ReversalDeclined,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
    WinReason,
)
from lcr_audio.engine.rules import (
    MAX_DICE,
    REVERSAL_COST,
    Face,
    Rules,
    Seat,
    ThreeWilds,
    WinCondition,
    dice_for,
    left_of,
    right_of,
)


class IllegalActionError(ValueError):
    """The action does not fit the state (wrong kind, wrong number of dice, a seat that cannot be chosen)."""


class Phase(enum.Enum):
    """What the game waits for next."""

    REVERSE = "reverse"
    """The seat to play may reverse the dice (R9): a :class:`Reverse` action."""
    ROLL = "roll"
    """The seat to play rolls: a :class:`Roll` action carrying ``dice_to_roll`` faces (R4)."""
    WILD_TAKE = "wild-take"
    """The roller chooses a seat to take a chip from (R7): a :class:`ChooseSeat` action."""
    WILD_GIVE = "wild-give"
    """The roller chooses a seat to give a chip to (reversed Wild, R9): a :class:`ChooseSeat` action."""
    OVER = "over"
    """The game has a winner; no action is legal."""


@dataclass(frozen=True)
class Roll:
    """The faces rolled, one per die (R4). Chance as an action: the driver draws them, not the engine."""

    faces: tuple[Face, ...]


@dataclass(frozen=True)
class Reverse:
    """Whether the seat to play reverses the dice, paying 3 chips into the pot (R9)."""

    reverse: bool


@dataclass(frozen=True)
class ChooseSeat:
    """The seat chosen for a Wild: taken from (R7) or given to (R9)."""

    seat: Seat


Action: TypeAlias = Roll | Reverse | ChooseSeat


@dataclass(frozen=True)
class GameState:
    """One moment of a game. Frozen; tuples only.

    Attributes:
        rules: the options in force.
        chips: chips per seat (index = seat).
        pot: chips in the centre pot.
        seat: the seat whose turn it is.
        turn: the number of the current turn, 1-based (skipped seats do not count).
        phase: what the game waits for.
        reversed: the current turn's dice are reversed (R9).
        faces: the current turn's roll, empty before the roll.
        wilds_left: Wild faces of the current roll still to resolve (R6, R7).
        sole_holder: the roller was the only seat with chips when they rolled (R10).
        winner: the winning seat once the game is over.
    """

    rules: Rules
    chips: tuple[int, ...]
    pot: int
    seat: Seat
    turn: int
    phase: Phase
    reversed: bool = False
    faces: tuple[Face, ...] = ()
    wilds_left: int = 0
    sole_holder: bool = False
    winner: Seat | None = None

    @property
    def over(self) -> bool:
        """True once somebody has won."""
        return self.phase is Phase.OVER

    @property
    def holders(self) -> tuple[Seat, ...]:
        """The seats holding at least one chip, in seat order."""
        return tuple(s for s, n in enumerate(self.chips) if n > 0)

    @property
    def dice_to_roll(self) -> int:
        """How many dice the seat to play rolls: 3 when reversed (R9), else one per chip up to 3 (R4)."""
        return dice_for(self.chips[self.seat], self.reversed)

    @property
    def choices(self) -> tuple[Seat, ...]:
        """The seats that may be chosen now (Wild phases), in turn order starting left of the roller.

        Taking (R7): every other seat holding a chip. Giving (R9): every other seat.
        Empty outside the Wild phases.
        """
        if self.phase is Phase.WILD_TAKE:
            return tuple(s for s in self._others() if self.chips[s] > 0)
        if self.phase is Phase.WILD_GIVE:
            return tuple(self._others())
        return ()

    def _others(self) -> Iterator[Seat]:
        n = self.rules.players
        return ((self.seat + k) % n for k in range(1, n))


def new_game(rules: Rules, first: Seat = 0) -> tuple[GameState, tuple[Event, ...]]:
    """Start a game: every seat holds ``rules.chips``, the pot is empty, ``first`` is to play (R2, R13).

    >>> state, events = new_game(Rules(players=3, chips=3))
    >>> state.chips, state.pot, state.seat, state.phase
    ((3, 3, 3), 0, 0, <Phase.ROLL: 'roll'>)
    >>> events
    (GameStarted(players=3, chips=3, first=0), TurnStarted(seat=0, turn=1, chips=3))

    Raises:
        IllegalActionError: ``first`` is not a seat of this game.
    """
    if not 0 <= first < rules.players:
        raise IllegalActionError(f"Seat {first + 1} is not at this table of {rules.players}.")
    state = GameState(
        rules=rules, chips=(rules.chips,) * rules.players, pot=0, seat=first, turn=0, phase=Phase.ROLL
    )
    events: list[Event] = [GameStarted(rules.players, rules.chips, first)]
    return _begin_turn(state, first, events), tuple(events)


def may_reverse(rules: Rules, chips: int) -> bool:
    """True when a seat holding ``chips`` may reverse the dice: reversible dice and more than 3 chips (R9).
    The one statement of the threshold: every kernel calls this or its numpy twin,
    :func:`lcr_audio.engine.arrays.may_reverse` (a computer player's own threshold comes on top).

    >>> may_reverse(Rules(reversible=True), 4), may_reverse(Rules(reversible=True), 3)
    (True, False)
    >>> may_reverse(Rules(), 9)
    False
    """
    return rules.reversible and chips > REVERSAL_COST


def letter_place(face: Face, seat: Seat, players: int) -> Place:
    """Where a letter rolled by ``seat`` sends its chip (R5), or, reversed, takes one from (R9): L the seat
    on the left, R the seat on the right, C the pot (:data:`POT`). A dot keeps the chip (R5); a Wild asks
    for a seat (R7).

    >>> letter_place(Face.LEFT, 0, 4), letter_place(Face.RIGHT, 0, 4), letter_place(Face.CENTER, 0, 4)
    (1, 3, -1)

    Raises:
        ValueError: ``face`` is a dot or a Wild, which move no chip to a fixed place.
    """
    if face is Face.LEFT:
        return left_of(seat, players)
    if face is Face.RIGHT:
        return right_of(seat, players)
    if face is Face.CENTER:
        return POT
    raise ValueError(f"A {face.value} face sends no chip to a fixed place.")


def position(rules: Rules, chips: tuple[int, ...], pot: int = 0, mover: Seat = 0, turn: int = 1) -> GameState:
    """A game at a given position, with ``mover`` about to play turn ``turn`` (R4, R9).

    For analysis, practice scenes and tests: the state is the one :func:`step` would reach at the start of
    ``mover``'s turn, so the reversal question comes first where R9 allows it.

    >>> position(Rules(reversible=True), (5, 2, 2), mover=0).phase
    <Phase.REVERSE: 'reverse'>
    >>> position(Rules(), (1, 4, 3), pot=1, mover=0).dice_to_roll
    1

    Args:
        rules: the options in force.
        chips: chips per seat (index = seat); as many as ``rules.players``, none negative.
        pot: chips in the centre pot, not negative.
        mover: the seat about to play; it must hold a chip (R4 skips seats without chips).
        turn: the number of this turn, 1-based.

    Raises:
        IllegalActionError: the position cannot happen in a game under ``rules``: the wrong number of seats,
            a negative count, chips and pot that do not add up to ``rules.total_chips`` (chips are never
            created or lost, R5, R11), a mover who is not a seat or holds no chip, or a turn below 1.
    """
    if len(chips) != rules.players:
        raise IllegalActionError(f"The position has {len(chips)} seats; these rules have {rules.players}.")
    if any(n < 0 for n in chips) or pot < 0:
        raise IllegalActionError("No seat and no pot can hold fewer than 0 chips.")
    if sum(chips) + pot != rules.total_chips:
        raise IllegalActionError(
            f"The seats and the pot hold {sum(chips) + pot} chips; this game has {rules.total_chips}."
        )
    if not 0 <= mover < rules.players:
        raise IllegalActionError(f"Seat {mover + 1} is not at this table of {rules.players}.")
    if chips[mover] == 0:
        raise IllegalActionError(f"Seat {mover + 1} has no chips, so it cannot be the seat to play (R4).")
    if turn < 1:
        raise IllegalActionError(f"Turns are numbered from 1, not {turn}.")
    phase = Phase.REVERSE if may_reverse(rules, chips[mover]) else Phase.ROLL
    return GameState(rules=rules, chips=tuple(chips), pot=pot, seat=mover, turn=turn, phase=phase)


def step(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Apply one action and return the new state and what happened, in order.

    >>> state, _ = new_game(Rules())
    >>> state, events = step(state, Roll((Face.LEFT, Face.DOT, Face.CENTER)))
    >>> state.chips, state.pot, state.seat
    ((1, 4, 3), 1, 1)
    >>> [type(e).__name__ for e in events]
    ['DiceRolled', 'ChipsMoved', 'ChipsMoved', 'TurnEnded', 'TurnStarted']
    >>> step(state, Reverse(True))
    Traceback (most recent call last):
    ...
    lcr_audio.engine.game.IllegalActionError: The dice must be rolled now.

    Raises:
        IllegalActionError: the game is over, the action is of the wrong kind for ``state.phase``, the roll
            has the wrong number of dice or a face these dice do not have, or the seat cannot be chosen.
    """
    events: list[Event] = []
    if state.phase is Phase.OVER:
        raise IllegalActionError("The game is over; nothing more can be played.")
    if state.phase is Phase.REVERSE:
        if not isinstance(action, Reverse):
            raise IllegalActionError("The player must first decide whether to reverse the dice.")
        return _reverse(state, action.reverse, events), tuple(events)
    if state.phase is Phase.ROLL:
        if not isinstance(action, Roll):
            raise IllegalActionError("The dice must be rolled now.")
        return _roll(state, action.faces, events), tuple(events)
    if not isinstance(action, ChooseSeat):
        raise IllegalActionError("A seat must be chosen for the Wild now.")
    if action.seat not in state.choices:
        raise IllegalActionError(f"Seat {action.seat + 1} cannot be chosen for this Wild.")
    return _resolve_choice(state, action.seat, events), tuple(events)


def legal_rolls(state: GameState) -> Iterator[tuple[tuple[Face, ...], Fraction]]:
    """Every ordered roll possible now with its probability (fair dice), like a chance node's outcomes.

    Yields ``(faces, probability)``; nothing outside the ROLL phase. Probabilities sum to 1.

    >>> rolls = list(legal_rolls(new_game(Rules())[0]))
    >>> len(rolls), rolls[0]
    (216, ((<Face.LEFT: 'L'>, <Face.LEFT: 'L'>, <Face.LEFT: 'L'>), Fraction(1, 216)))
    """
    if state.phase is not Phase.ROLL:
        return
    die = state.rules.die
    dice = state.dice_to_roll
    p = Fraction(1, len(die) ** dice)
    for faces in itertools.product(die, repeat=dice):
        yield faces, p


def roll_outcomes(state: GameState) -> tuple[tuple[tuple[Face, ...], Fraction], ...]:
    """Every distinct roll possible now, with its exact probability (fair dice): a chance node's outcomes.

    Rolls that differ only in the order of their faces have the same result (each face moves one chip
    whatever its place, R5, R6, R9), so they are one outcome here: 20 for three plain dice, 35 with Wild
    dice. Each outcome's faces are in die order (L, C, R, dot, W) and can be played with ``Roll(faces)``.
    Empty outside the ROLL phase. Probabilities sum to exactly 1. :func:`legal_rolls` lists the ordered rolls.

    >>> len(roll_outcomes(new_game(Rules())[0])), len(roll_outcomes(new_game(Rules(wild=True))[0]))
    (20, 35)
    >>> for faces, chance in roll_outcomes(position(Rules(), (1, 4, 3), pot=1)):
    ...     print("".join(face.value for face in faces), chance)
    L 1/6
    C 1/6
    R 1/6
    . 1/2
    """
    if state.phase is not Phase.ROLL:
        return ()
    return _outcomes(state.rules.die, state.dice_to_roll)


@functools.cache
def _outcomes(die: tuple[Face, ...], dice: int) -> tuple[tuple[tuple[Face, ...], Fraction], ...]:
    """:func:`roll_outcomes` for ``dice`` dice of ``die``'s faces, worked out once per process: they depend on
    nothing else, and the careful players, the H key and the best-choice lesson ask for them at every
    chance node (216 ordered rolls added up in fractions each time was half the lesson's time)."""
    weights: dict[tuple[Face, ...], Fraction] = {}
    rank = {face: i for i, face in enumerate(Face)}
    p = Fraction(1, len(die) ** dice)
    for faces in itertools.product(die, repeat=dice):
        key = tuple(sorted(faces, key=rank.__getitem__))
        weights[key] = weights.get(key, Fraction(0)) + p
    return tuple(weights.items())


# --- turn mechanics ---------------------------------------------------------------------------------------


def _move(chips: list[int], source: Place, target: Place, count: int) -> None:
    """Move ``count`` chips between seats in ``chips`` (the pot is handled by the caller)."""
    if source != POT:
        chips[source] -= count
    if target != POT:
        chips[target] += count


def _begin_turn(state: GameState, seat: Seat, events: list[Event]) -> GameState:
    """Hand the dice to ``seat`` or, skipping seats without chips (R4), the first seat after it with chips."""
    n = state.rules.players
    while state.chips[seat] == 0:
        events.append(TurnSkipped(seat))
        seat = left_of(seat, n)
    turn = state.turn + 1
    events.append(TurnStarted(seat, turn, state.chips[seat]))
    return replace(
        state,
        seat=seat,
        turn=turn,
        phase=Phase.REVERSE if may_reverse(state.rules, state.chips[seat]) else Phase.ROLL,
        reversed=False,
        faces=(),
        wilds_left=0,
        sole_holder=False,
    )


def _reverse(state: GameState, reverse: bool, events: list[Event]) -> GameState:
    """R9: pay 3 chips into the pot and roll 3 reversed dice, or roll as usual."""
    if not reverse:
        events.append(ReversalDeclined(state.seat))
        return replace(state, phase=Phase.ROLL)
    chips = list(state.chips)
    _move(chips, state.seat, POT, REVERSAL_COST)
    events.append(DiceReversed(state.seat))
    events.append(ChipsMoved(state.seat, POT, REVERSAL_COST, Cause.REVERSAL_COST))
    return replace(state, chips=tuple(chips), pot=state.pot + REVERSAL_COST, reversed=True, phase=Phase.ROLL)


def _roll(state: GameState, faces: tuple[Face, ...], events: list[Event]) -> GameState:
    """Resolve a roll: letters first in die order, then each Wild (R5, R6); three Wilds at once (R8, R9)."""
    dice = state.dice_to_roll
    if len(faces) != dice:
        raise IllegalActionError(f"This roll needs {dice} dice, not {len(faces)}.")
    allowed = set(state.rules.die)
    for face in faces:
        if not isinstance(face, Face):
            raise IllegalActionError(f"{face!r} is not a face of a die.")
        if face not in allowed:
            raise IllegalActionError(f"These dice have no {face.value} face.")
    seat, n = state.seat, state.rules.players
    events.append(DiceRolled(seat, faces, state.reversed))
    sole = state.holders == (seat,)
    chips, pot = list(state.chips), state.pot
    for face in faces:
        if not face.is_letter:
            continue
        if not state.reversed:
            target = letter_place(face, seat, n)
            cause = {Face.LEFT: Cause.LEFT, Face.RIGHT: Cause.RIGHT, Face.CENTER: Cause.CENTER}[face]
            _move(chips, seat, target, 1)
            pot += target == POT
            events.append(ChipsMoved(seat, target, 1, cause))
            continue
        source = letter_place(face, seat, n)
        cause = {
            Face.LEFT: Cause.REVERSED_LEFT,
            Face.RIGHT: Cause.REVERSED_RIGHT,
            Face.CENTER: Cause.REVERSED_CENTER,
        }[face]
        available = pot if source == POT else chips[source]
        if available == 0:
            events.append(NothingMoved(seat, cause, source))
            continue
        _move(chips, source, seat, 1)
        pot -= source == POT
        events.append(ChipsMoved(source, seat, 1, cause))
    wilds = faces.count(Face.WILD)
    state = replace(state, chips=tuple(chips), pot=pot, faces=faces, sole_holder=sole)
    if wilds == MAX_DICE:
        return _three_wilds(state, events)
    return _next_wild(replace(state, wilds_left=wilds), events)


def _three_wilds(state: GameState, events: list[Event]) -> GameState:
    """Three Wilds: take the pot (R8), or, reversed, put all the roller's chips in the pot (R9)."""
    seat, chips = state.seat, list(state.chips)
    if state.reversed:
        count = chips[seat]
        if count == 0:
            events.append(NothingMoved(seat, Cause.REVERSED_THREE_WILDS, seat))
            return _end_turn(state, events)
        _move(chips, seat, POT, count)
        events.append(ChipsMoved(seat, POT, count, Cause.REVERSED_THREE_WILDS))
        return _end_turn(replace(state, chips=tuple(chips), pot=state.pot + count), events)
    if state.pot > 0:
        _move(chips, POT, seat, state.pot)
        events.append(ChipsMoved(POT, seat, state.pot, Cause.THREE_WILDS))
    else:
        events.append(NothingMoved(seat, Cause.THREE_WILDS, POT))
    state = replace(state, chips=tuple(chips), pot=0)
    if state.rules.three_wilds is ThreeWilds.WIN:  # the game ends inside the turn: no TurnEnded
        return _win(state, seat, WinReason.THREE_WILDS, events)
    return _end_turn(state, events)


def _next_wild(state: GameState, events: list[Event]) -> GameState:
    """Ask for the next Wild's seat, or lose Wilds that have nobody to act on (R7), then end the turn."""
    phase = Phase.WILD_GIVE if state.reversed else Phase.WILD_TAKE
    cause = Cause.WILD_GIVE if state.reversed else Cause.WILD_TAKE
    while state.wilds_left > 0:
        asking = replace(state, phase=phase)
        giving_without_chips = state.reversed and state.chips[state.seat] == 0
        if asking.choices and not giving_without_chips:
            return asking
        events.append(NothingMoved(state.seat, cause, None))
        state = replace(state, wilds_left=state.wilds_left - 1)
    return _end_turn(replace(state, phase=Phase.ROLL), events)


def _resolve_choice(state: GameState, chosen: Seat, events: list[Event]) -> GameState:
    """Move one chip for a Wild: from ``chosen`` to the roller (R7) or back the other way (R9)."""
    chips = list(state.chips)
    if state.phase is Phase.WILD_TAKE:
        _move(chips, chosen, state.seat, 1)
        events.append(ChipsMoved(chosen, state.seat, 1, Cause.WILD_TAKE))
    else:
        _move(chips, state.seat, chosen, 1)
        events.append(ChipsMoved(state.seat, chosen, 1, Cause.WILD_GIVE))
    state = replace(state, chips=tuple(chips), wilds_left=state.wilds_left - 1)
    return _next_wild(state, events)


def _end_turn(state: GameState, events: list[Event]) -> GameState:
    """Close the turn: check the win condition (R10), reset if nobody holds chips (R11), pass the dice."""
    seat = state.seat
    events.append(TurnEnded(seat, state.chips, state.pot))
    holders = state.holders
    win = state.rules.win
    if win is WinCondition.LAST_WITH_CHIPS and len(holders) == 1:
        return _win(state, holders[0], WinReason.LAST_WITH_CHIPS, events)
    if win is WinCondition.ROLL_ALL_DOTS and state.sole_holder and all(f is Face.DOT for f in state.faces):
        return _win(state, seat, WinReason.ROLLED_ALL_DOTS, events)
    if win is WinCondition.LAST_CHIP_IN_POT and state.sole_holder and not state.reversed and not holders:
        return _win(state, seat, WinReason.LAST_CHIP_IN_POT, events)
    if not holders:
        chips = state.rules.chips
        events.append(ChipsReset(chips, state.pot))
        state = replace(state, chips=(chips,) * state.rules.players)
    return _begin_turn(state, left_of(seat, state.rules.players), events)


def _win(state: GameState, seat: Seat, reason: WinReason, events: list[Event]) -> GameState:
    """The winner takes the pot (R10, R12); the game is over."""
    chips = list(state.chips)
    if state.pot > 0:
        _move(chips, POT, seat, state.pot)
        events.append(ChipsMoved(POT, seat, state.pot, Cause.WINNINGS))
    events.append(GameWon(seat, chips[seat], reason))
    return replace(state, chips=tuple(chips), pot=0, phase=Phase.OVER, winner=seat, wilds_left=0)
