"""Scenes: the small tables practice questions are set at, played through the engine.

A :class:`Maker` draws a table (players, chips, pot, names) from its lesson's RNG, starts it at a position
where one seat is about to play, plays a reversal, a roll and Wild choices with
:func:`lcr_audio.engine.step`, and turns the result into a
:class:`~lcr_audio.narration.practice.model.Question` whose answer
:func:`~lcr_audio.narration.practice.measure.measure` reads from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from lcr_audio.engine import (
    MIN_CHIPS,
    Action,
    ChooseSeat,
    Face,
    GameState,
    Phase,
    Place,
    Reverse,
    Roll,
    Rules,
    Seat,
    WinCondition,
    position,
    step,
)
from lcr_audio.narration.practice.measure import measure
from lcr_audio.narration.practice.model import AnswerKind, Ask, Lesson, Question, Scene
from lcr_audio.narration.practice.sentences import conclusion, roll_explained, skips, you_label

NAMES: tuple[str, ...] = ("Ana", "Bo", "Cy", "Dee", "Eli", "Fay")
"""The names practice tables are made of (never translated: they are names)."""


def settle(
    rules: Rules, chips: Sequence[int], pot: int, mover: Seat, *, keep_pot: bool = False
) -> tuple[Rules, tuple[int, ...], int]:
    """Make a drawn table a position a game can reach: every seat started with the same chips (R2) and
    chips are never made or lost (R5, R11), so the seats and the pot hold players x starting chips.

    The starting chips become the fewest that cover what the table holds (at least 1); the chips missing
    from that total go to the pot, or, with ``keep_pot``, one at a time to the seats after ``mover`` in turn
    order (never to ``mover``, whose count the question says).

    Returns:
        The rules with those starting chips, the chips per seat and the pot.

    Raises:
        RulesError: the table holds more than 10 chips per seat (no maker draws that many).
    """
    players = rules.players
    held = sum(chips) + pot
    rules = replace(rules, chips=max(MIN_CHIPS, -(-held // players)))
    short = rules.total_chips - held
    settled = list(chips)
    if not keep_pot:
        return rules, tuple(settled), pot + short
    others = [(mover + k) % players for k in range(1, players)]
    for k in range(short):
        settled[others[k % len(others)]] += 1
    return rules, tuple(settled), pot


class Maker:
    """Draws tables and rolls for one lesson's questions from the lesson's RNG."""

    def __init__(self, item: Lesson, rng: random.Random) -> None:
        self.lesson = item
        self.rules = item.rules
        self.rng = rng

    # --- tables ---

    def table(self, players: int | None = None, *, chips: int | None = None) -> Rules:
        """The lesson's rules with a drawn number of players (3 to 5) and, if given, starting chips."""
        count = players if players is not None else self.rng.randint(3, 5)
        return replace(self.rules, players=count, chips=chips if chips is not None else self.rules.chips)

    def names(self, players: int) -> tuple[str, ...]:
        """``players`` different names, drawn."""
        return tuple(self.rng.sample(NAMES, players))

    def scene(
        self,
        rules: Rules,
        chips: Sequence[int],
        pot: int,
        seat: Seat,
        *,
        you: bool,
        listener: Seat | None = None,
        keep_pot: bool = False,
    ) -> Scene:
        """A table at the engine's :func:`~lcr_audio.engine.position` where ``seat`` is about to play
        (reverse where R9 allows it, or roll) with these chips and pot.

        The listener ("you") is ``seat`` when ``you`` is true, else ``listener`` (None: nobody); their seat
        is labelled "You" among the names. Under R10 ``last-with-chips`` a seat is given a chip when fewer
        than two hold any, since such a game would already be over. The position is one a game can reach
        (chips are never made or lost, R5, R11): see :func:`settle`.

        Args:
            keep_pot: the pot must stay as given (an empty pot on purpose); the other seats make up the
                total instead of the pot.
        """
        chips = list(chips)
        if rules.win is WinCondition.LAST_WITH_CHIPS and sum(1 for n in chips if n > 0) < 2:
            others = [s for s in range(rules.players) if s != seat and chips[s] == 0]
            chips[self.rng.choice(others)] = 1
        rules, settled, pot = settle(rules, chips, pot, seat, keep_pot=keep_pot)
        state = position(rules, settled, pot, seat)
        who = seat if you else listener
        names = list(self.names(rules.players))
        if who is not None:
            names[who] = you_label()
        return Scene(tuple(names), who, state)

    # --- playing ---

    def faces(self, count: int, alphabet: Sequence[Face]) -> tuple[Face, ...]:
        """``count`` faces, each drawn from ``alphabet`` (repeat a face to weight it)."""
        return tuple(self.rng.choice(alphabet) for _ in range(count))

    def play(
        self,
        scene: Scene,
        faces: tuple[Face, ...] | None = None,
        *,
        reverse: bool | None = None,
        alphabet: Sequence[Face] | None = None,
        choose: bool = True,
    ) -> Scene:
        """Play a reversal decision (if asked), a roll and, with ``choose``, every Wild choice (drawn)."""
        state = scene.start
        if reverse is not None and state.phase is Phase.REVERSE:
            self.do(scene, state, Reverse(reverse))
            state = scene.after
        if faces is None:
            faces = self.faces(state.dice_to_roll, alphabet or state.rules.die)
        self.do(scene, state, Roll(faces))
        while choose and scene.after.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            seat = self.rng.choice(scene.after.choices)
            scene.chosen.append(seat)
            self.do(scene, scene.after, ChooseSeat(seat))
        return scene

    @staticmethod
    def do(scene: Scene, state: GameState, action: Action) -> None:
        """Play ``action`` from ``state`` and record it and its events in ``scene``."""
        final, events = step(state, action)
        scene.actions.append(action)
        scene.events.extend(events)
        scene.final = final

    # --- the question ---

    def question(
        self,
        scene: Scene,
        text: Sequence[str],
        ask: Ask,
        subject: Place = 0,
        *,
        kind: AnswerKind = AnswerKind.NUMBER,
        choices: Sequence[Seat] = (),
        face: Face | None = None,
        why: Sequence[str] = (),
    ) -> Question:
        """Compute the answer, explain it and make the :class:`Question`."""
        answer = measure(ask, subject, face, scene.start, scene.after, scene.events)
        explanation = [*roll_explained(scene), *why, *skips(scene, ask)]
        explanation.append(conclusion(scene, ask, subject, answer, face))
        return Question(
            lesson=self.lesson.key,
            text=" ".join(t for t in text if t),
            kind=kind,
            answer=answer,
            choices=tuple(choices),
            explanation=" ".join(s for s in explanation if s),
            state=scene.start,
            actions=tuple(scene.actions),
            ask=ask,
            subject=subject,
            face=face,
            names=scene.names,
            you=scene.you,
        )
