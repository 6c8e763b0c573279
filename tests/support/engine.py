"""Engine helpers for rule tests: rolls written as face letters, positions at the start of a turn, actions
played in order."""

from __future__ import annotations

from dataclasses import replace

from lcr_audio.engine import Action, Event, Face, GameState, Phase, Roll, Rules, may_reverse, new_game, step

FACES = {"L": Face.LEFT, "C": Face.CENTER, "R": Face.RIGHT, ".": Face.DOT, "W": Face.WILD}
"""A face per letter: L, C, R, a dot, W."""


def roll(text: str) -> Roll:
    """A Roll from a string of face letters: ``roll("L.C")`` is L, dot, C."""
    return Roll(tuple(FACES[c] for c in text))


def at(rules: Rules, chips: tuple[int, ...], pot: int = 0, seat: int = 0) -> GameState:
    """``seat`` about to play with ``chips`` per seat and ``pot`` in the centre, the reversal question first
    where R9 allows it (the engine's :func:`may_reverse`).

    Unlike :func:`lcr_audio.engine.position`, the chips need not add up to the rules' total: a rule test
    looks at the chips one roll moves, and a small table reads better. Use ``position`` for a position
    that must be one a game can reach.
    """
    assert len(chips) == rules.players and chips[seat] > 0
    state, _ = new_game(rules, seat)
    phase = Phase.REVERSE if may_reverse(rules, chips[seat]) else Phase.ROLL
    return replace(state, chips=chips, pot=pot, phase=phase)


def play(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply ``actions`` in order; return the last state and all the events."""
    events: list[Event] = []
    for action in actions:
        state, new = step(state, action)
        events.extend(new)
    return state, events


def events_of(state: GameState, *actions: Action) -> list[Event]:
    """The events of ``actions`` played in order from ``state``."""
    return play(state, *actions)[1]
