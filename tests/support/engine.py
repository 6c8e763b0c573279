"""Engine helpers for rule tests: rolls written as face letters, positions at the start of a turn, actions
played in order."""

from __future__ import annotations

import itertools
import random
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import replace

from hypothesis import strategies as st

from lcr_audio.engine import (
    Action,
    ChipsMoved,
    ChooseSeat,
    Event,
    Face,
    GameState,
    Phase,
    Reverse,
    Roll,
    Rules,
    WinCondition,
    may_reverse,
    new_game,
    step,
)
from lcr_audio.rule_options import RULE_OPTIONS, Kind

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


def moves(events: list[Event]) -> list[ChipsMoved]:
    """The chip movements among ``events``, in order."""
    return [e for e in events if isinstance(e, ChipsMoved)]


def random_action(state: GameState, rng: random.Random) -> Action:
    """A decision for ``state`` with chance and choices both from ``rng`` (never the global generator): a
    reversal half the time, fair dice, any seat that may be chosen."""
    if state.phase is Phase.REVERSE:
        return Reverse(rng.random() < 0.5)
    if state.phase is Phase.ROLL:
        return Roll(tuple(rng.choice(state.rules.die) for _ in range(state.dice_to_roll)))
    return ChooseSeat(rng.choice(state.choices))


def random_game(rules: Rules, rng: random.Random, limit: int) -> Iterator[tuple[list[Event], GameState]]:
    """A game from :func:`new_game` (seat 1 first) played by :func:`random_action` with ``rng``: the
    opening's events and each action's, with the state after them, up to ``limit`` actions or the end."""
    state, events = new_game(rules)
    yield list(events), state
    for _ in range(limit):
        if state.over:
            return
        state, events = step(state, random_action(state, rng))
        yield list(events), state


def random_events(rules: Rules, rng: random.Random) -> Iterator[Event]:
    """The events of a game played with random rolls, reversals and choices (:func:`random_game`), up to
    400 actions."""
    for events, _state in random_game(rules, rng, limit=400):
        yield from events


def every_variant(players: int, chips: int) -> list[Rules]:
    """Every combination of Wild dice, reversal and win condition at a table of ``players`` with ``chips``
    each."""
    return [
        Rules(players=players, chips=chips, wild=w, reversible=r, win=win)
        for w, r, win in itertools.product((False, True), (False, True), WinCondition)
    ]


@st.composite
def any_rules(draw: st.DrawFn) -> Rules:
    """Any valid rules: every declared rule option (``RULE_OPTIONS``, a new one too) over all its values
    (R2, R3, R8-R10, R13)."""
    return Rules(**{option.field: draw(st.sampled_from(option.values)) for option in RULE_OPTIONS})


def rule_combinations(
    numbers: Sequence[Mapping[str, int]] = ({},),
    *,
    leave_out: Collection[str] = (),
    where_it_applies: bool = False,
) -> list[Rules]:
    """Every combination of the declared rule options' values (``RULE_OPTIONS``), so that an option added
    later is exercised without anyone naming it here.

    Args:
        numbers: the number options' values to try, one mapping per table (``{"players": 4, "chips": 2}``);
            a number option a mapping leaves out takes its lowest, default and highest value.
        leave_out: fields held at their default (each caller says why).
        where_it_applies: an option that does not matter under the rules (three Wilds without Wild dice)
            only at its default: the combinations that play differently.
    """
    switches = [o for o in RULE_OPTIONS if o.kind is not Kind.NUMBER and o.field not in leave_out]
    found: list[Rules] = []
    for given in numbers:
        counted = [o for o in RULE_OPTIONS if o.kind is Kind.NUMBER and o.field not in given]
        spans = [sorted({o.values[0], o.default, o.values[-1]}) for o in counted]
        for counts in itertools.product(*spans):
            for values in itertools.product(*(o.values for o in switches)):
                rules = Rules(
                    **given,
                    **{o.field: n for o, n in zip(counted, counts, strict=True)},
                    **{o.field: v for o, v in zip(switches, values, strict=True)},
                )
                if where_it_applies and any(
                    not o.applies(rules) and getattr(rules, o.field) != o.default for o in switches
                ):
                    continue
                found.append(rules)
    return found
