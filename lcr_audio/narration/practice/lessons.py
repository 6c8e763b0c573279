"""The lessons: one registry (:data:`LESSONS`) where each lesson carries its words, its rules and the
makers of its questions, and :func:`questions`, which draws a lesson's questions from a seed.

Each maker sets up a small table, plays real actions through the engine and asks about the result; the
right answer is measured from the engine (:mod:`lcr_audio.narration.practice.measure`), never written by hand.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

from lcr_audio.engine import (
    POT,
    ChipsMoved,
    Face,
    Reverse,
    Rules,
    Seat,
    ThreeWilds,
    WinCondition,
    dice_for,
    left_of,
    new_game,
    right_of,
)
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.i18n import N_, Nn_
from lcr_audio.narration.practice import best, odds
from lcr_audio.narration.practice.model import AnswerKind, Ask, Lesson, LessonKey, Question, Scene
from lcr_audio.narration.practice.scenes import Maker
from lcr_audio.narration.practice.sentences import (
    ask_can_choose,
    ask_chips,
    ask_dice,
    ask_dice_next_player,
    ask_face_count,
    ask_face_count_wild_dots,
    ask_may_reverse,
    ask_next,
    ask_out,
    ask_over,
    ask_pot,
    ask_receiver,
    ask_rolls_next,
    ask_total,
    ask_winner,
    ask_wins,
    choices_sentence,
    has,
    holders_text,
    nobody_else,
    order,
    order_after_you,
    pot_holds,
    reverses,
    roll_sentence,
    started_with,
)

L, C, R, D, W = Face.LEFT, Face.CENTER, Face.RIGHT, Face.DOT, Face.WILD


_PLAIN = (L, C, R, D)
_SIDES = (L, R, D)


def _chips_all(m: Maker, rules: Rules, low: int = 0, high: int = 4) -> list[int]:
    return [m.rng.randint(low, high) for _ in range(rules.players)]


def _roller_table(
    m: Maker, others: tuple[int, int], roller: tuple[int, int], *, you: bool = False
) -> tuple[Rules, list[int], Seat]:
    """A table of the lesson's rules, a roller's seat (seat 0 when ``you``, else drawn), every seat's chips
    drawn between ``others`` (low, high) and then the roller's between ``roller``: the rules, the chips and
    the roller's seat."""
    rules = m.table()
    seat = 0 if you else m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, *others)
    chips[seat] = m.rng.randint(*roller)
    return rules, chips, seat


# faces (R3, R5)


def _faces_count_dots(m: Maker) -> Question:
    return m.question(_die_scene(m, Rules()), [ask_face_count(D)], Ask.FACE_COUNT, face=D)


def _die_scene(m: Maker, rules: Rules) -> Scene:
    state, _events = new_game(rules)
    return Scene(m.names(rules.players), None, state)


def _faces_count_letter(m: Maker) -> Question:
    face = m.rng.choice((L, C, R))
    return m.question(_die_scene(m, Rules()), [ask_face_count(face)], Ask.FACE_COUNT, face=face)


def _faces_count_wild(m: Maker) -> Question:
    face = m.rng.choice((D, W))
    text = ask_face_count(W) if face is W else ask_face_count_wild_dots()
    return m.question(_die_scene(m, Rules(wild=True)), [text], Ask.FACE_COUNT, face=face)


def _faces_one_die(m: Maker) -> Question:
    rules, chips, _you = _roller_table(m, (0, 3), (1, 2), you=True)
    scene = m.play(m.scene(rules, chips, m.rng.randint(0, 3), 0, you=True), alphabet=_PLAIN)
    return m.question(scene, [roll_sentence(scene), ask_chips(scene, 0)], Ask.CHIPS, 0)


def _faces_three_dice(m: Maker) -> Question:
    rules, chips, seat = _roller_table(m, (0, 3), (3, 5))
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), alphabet=_PLAIN)
    return m.question(scene, [roll_sentence(scene), ask_chips(scene, seat)], Ask.CHIPS, seat)


# dice (R4)


def _dice_count(m: Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    you = m.rng.random() < 0.5
    chips = _chips_all(m, rules, 1, 4)
    chips[seat] = m.rng.choice((0, 1, 2, 3, 4, 5, 6, 8, 10))
    player = left_of(seat, rules.players)  # someone with chips plays; the question is about ``seat``
    chips[player] = max(chips[player], 1)
    scene = m.scene(rules, chips, 0, player, you=False, listener=seat if you else None)
    return m.question(scene, [has(scene, seat), ask_dice(scene, seat, next_turn=False)], Ask.DICE, seat)


def _dice_after_roll(m: Maker) -> Question:
    rules, chips, _you = _roller_table(m, (1, 4), (1, 5), you=True)
    scene = m.play(m.scene(rules, chips, 0, 0, you=True), alphabet=_PLAIN)
    text = [roll_sentence(scene), ask_dice(scene, 0, next_turn=True)]
    return m.question(scene, text, Ask.DICE, 0)


def _dice_after_roll_other(m: Maker) -> Question:
    rules, chips, seat = _roller_table(m, (1, 4), (2, 6))
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), alphabet=_PLAIN)
    text = [roll_sentence(scene), ask_dice(scene, seat, next_turn=True)]
    return m.question(scene, text, Ask.DICE, seat)


# passing (R1, R5)


def _passing_receiver(m: Maker) -> Question:
    rules, chips, _you = _roller_table(m, (0, 4), (1, 3), you=True)
    letter = m.rng.choice((L, R))
    faces = [letter] + [D] * (dice_for(chips[0]) - 1)
    m.rng.shuffle(faces)
    scene = m.play(m.scene(rules, chips, 0, 0, you=True), tuple(faces))
    text = [order_after_you(scene), roll_sentence(scene, with_chips=False), ask_receiver(scene, 0)]
    others = tuple(s % rules.players for s in range(1, rules.players))
    return m.question(scene, text, Ask.RECEIVER, 0, kind=AnswerKind.SEAT, choices=others)


def _passing_receiver_other(m: Maker) -> Question:
    rules = m.table(m.rng.randint(4, 5))
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 1, 4)
    chips[seat] = 1
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), (m.rng.choice((L, R)),))
    text = [order(scene), roll_sentence(scene, with_chips=False), ask_receiver(scene, seat)]
    others = tuple((seat + k) % rules.players for k in range(1, rules.players))
    return m.question(scene, text, Ask.RECEIVER, seat, kind=AnswerKind.SEAT, choices=others)


def _passing_neighbour(m: Maker) -> Question:
    rules, chips, _you = _roller_table(m, (0, 4), (2, 4), you=True)
    scene = m.play(m.scene(rules, chips, 0, 0, you=True), alphabet=_SIDES)
    target = m.rng.choice((left_of(0, rules.players), right_of(0, rules.players)))
    text = [order_after_you(scene), has(scene, target), roll_sentence(scene), ask_chips(scene, target)]
    return m.question(scene, text, Ask.CHIPS, target)


def _passing_roller(m: Maker) -> Question:
    rules, chips, seat = _roller_table(m, (0, 4), (1, 5))
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), alphabet=_SIDES)
    return m.question(scene, [roll_sentence(scene), ask_chips(scene, seat)], Ask.CHIPS, seat)


# pot (R5)


def _pot_after(m: Maker) -> Question:
    rules, chips, seat = _roller_table(m, (0, 4), (1, 5))
    faces = m.faces(dice_for(chips[seat]), (C, C, L, R, D))
    scene = m.play(m.scene(rules, chips, m.rng.randint(0, 8), seat, you=m.rng.random() < 0.5), faces)
    return m.question(scene, [pot_holds(scene), roll_sentence(scene), ask_pot()], Ask.POT)


def _pot_roller(m: Maker) -> Question:
    rules, chips, _you = _roller_table(m, (0, 4), (1, 5), you=True)
    faces = m.faces(dice_for(chips[0]), (C, C, D, L))
    scene = m.play(m.scene(rules, chips, m.rng.randint(0, 6), 0, you=True), faces)
    return m.question(scene, [pot_holds(scene), roll_sentence(scene), ask_chips(scene, 0)], Ask.CHIPS, 0)


# no chips (R4)


def _no_chips_rolls_next(m: Maker) -> Question:
    rules = m.table(m.rng.randint(4, 5))
    seat = m.rng.randrange(rules.players)
    empty = left_of(seat, rules.players)
    chips = _chips_all(m, rules, 1, 4)
    chips[empty] = 0
    chips[seat] = m.rng.randint(1, 3)
    faces = m.faces(dice_for(chips[seat]), (L, L, R, D, C))
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), faces)
    text = [order(scene), has(scene, empty), roll_sentence(scene), ask_rolls_next(scene, empty)]
    return m.question(scene, text, Ask.ROLLS_NEXT, empty, kind=AnswerKind.YES_NO)


def _no_chips_next(m: Maker) -> Question:
    rules = m.table(m.rng.randint(4, 5))
    seat = m.rng.randrange(rules.players)
    chips = _chips_all(m, rules, 1, 4)
    gaps = m.rng.randint(1, rules.players - 3)
    for k in range(1, gaps + 1):
        chips[(seat + k) % rules.players] = 0
    chips[seat] = m.rng.randint(1, 4)
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), alphabet=(R, C, D))
    empties = [s for s in range(rules.players) if scene.start.chips[s] == 0]
    text = [order(scene), *(has(scene, s) for s in empties), roll_sentence(scene), ask_next()]
    choices = tuple((seat + k) % rules.players for k in range(rules.players))
    return m.question(scene, text, Ask.NEXT, kind=AnswerKind.SEAT, choices=choices)


def _no_chips_out(m: Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    empty = m.rng.choice([s for s in range(rules.players) if s != seat])
    chips = _chips_all(m, rules, 2, 4)
    chips[empty] = 0
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), alphabet=(C, D, D))
    text = [has(scene, empty), roll_sentence(scene), ask_out(scene, empty)]
    return m.question(scene, text, Ask.OUT, empty, kind=AnswerKind.YES_NO)


def _no_chips_dice(m: Maker) -> Question:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    player = right_of(seat, rules.players)
    chips = _chips_all(m, rules, 1, 4)
    chips[seat] = 0
    chips[player] = m.rng.randint(1, 3)
    scene = m.play(m.scene(rules, chips, 0, player, you=False), alphabet=(L, R, C, D, D))
    text = [order(scene), has(scene, seat), roll_sentence(scene), ask_dice_next_player(scene, seat)]
    return m.question(scene, text, Ask.DICE, seat)


# winning (R10, R12)


def _two_holders(m: Maker, rules: Rules, high: int = 3) -> tuple[list[int], Seat, Seat]:
    seat = m.rng.randrange(rules.players)
    other = m.rng.choice([s for s in range(rules.players) if s != seat])
    chips = [0] * rules.players
    chips[seat], chips[other] = m.rng.randint(1, high), m.rng.randint(1, 4)
    return chips, seat, other


def _winning_winner(m: Maker) -> Question:
    rules = m.table()
    chips, seat, _other = _two_holders(m, rules, high=1)
    face = m.rng.choice((C, L, R))
    scene = m.play(m.scene(rules, chips, m.rng.randint(1, 9), seat, you=False), (face,))
    text = [order(scene), *holders_text(scene), pot_holds(scene), roll_sentence(scene, False)]
    if scene.after.over:
        return m.question(
            scene,
            [*text, ask_winner()],
            Ask.WINNER,
            kind=AnswerKind.SEAT,
            choices=tuple(range(rules.players)),
        )
    return m.question(scene, [*text, ask_over()], Ask.OVER, kind=AnswerKind.YES_NO)


def _winning_total(m: Maker) -> Question:
    rules = m.table()
    chips, seat, other = _two_holders(m, rules, high=1)
    scene = m.play(m.scene(rules, chips, m.rng.randint(1, 12), seat, you=False), (C,))
    text = [*holders_text(scene), pot_holds(scene), roll_sentence(scene, False), ask_total(scene, other)]
    return m.question(scene, text, Ask.WIN_TOTAL, other)


def _winning_over(m: Maker) -> Question:
    rules = m.table()
    chips, seat, _other = _two_holders(m, rules)
    scene = m.play(m.scene(rules, chips, m.rng.randint(0, 9), seat, you=False), alphabet=_PLAIN)
    text = [order(scene), *holders_text(scene), roll_sentence(scene, False), ask_over()]
    return m.question(scene, text, Ask.OVER, kind=AnswerKind.YES_NO)


# wild (R6, R7)


def _wild_chips(m: Maker) -> Question:
    rules, chips, _you = _roller_table(m, (1, 4), (2, 4), you=True)
    faces = [*m.faces(dice_for(chips[0]) - 1, (L, C, R, D, W)), W]
    m.rng.shuffle(faces)
    scene = m.play(m.scene(rules, chips, 0, 0, you=True), tuple(faces))
    target = m.rng.choice((0, scene.chosen[0])) if scene.chosen else 0
    text = [order_after_you(scene), roll_sentence(scene), choices_sentence(scene)]
    if target != 0:
        text.insert(1, has(scene, target))
    return m.question(scene, [*text, ask_chips(scene, target)], Ask.CHIPS, target)


def _wild_other(m: Maker) -> Question:
    rules, chips, seat = _roller_table(m, (1, 3), (2, 5))
    faces = [W, *m.faces(dice_for(chips[seat]) - 1, (W, L, R, D))]
    m.rng.shuffle(faces)
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), tuple(faces))
    subject = scene.chosen[-1] if scene.chosen else seat
    text = [order(scene), has(scene, subject), roll_sentence(scene), choices_sentence(scene)]
    if subject == seat:
        text.pop(1)
    return m.question(scene, [*text, ask_chips(scene, subject)], Ask.CHIPS, subject)


def _wild_after_letters(m: Maker) -> Question:
    rules, chips, _you = _roller_table(m, (1, 3), (2, 4), you=True)
    side = m.rng.choice((left_of(0, rules.players), right_of(0, rules.players)))
    chips[side] = 0
    letter = m.rng.choice((L, R, C))
    faces = [letter, W] + [D] * (dice_for(chips[0]) - 2)
    m.rng.shuffle(faces)
    scene = m.play(m.scene(rules, chips, 0, 0, you=True), tuple(faces), choose=False)
    text = [
        order_after_you(scene),
        has(scene, side),
        roll_sentence(scene, False),
        ask_can_choose(scene, side),
    ]
    return m.question(scene, text, Ask.CAN_CHOOSE, side, kind=AnswerKind.YES_NO)


def _wild_pot(m: Maker) -> Question:
    rules, chips, _you = _roller_table(m, (1, 3), (1, 3), you=True)
    faces = [W] + [D] * (dice_for(chips[0]) - 1)
    scene = m.play(m.scene(rules, chips, m.rng.randint(1, 6), 0, you=True), tuple(faces), choose=False)
    text = [pot_holds(scene), roll_sentence(scene, False), ask_can_choose(scene, POT)]
    return m.question(scene, text, Ask.CAN_CHOOSE, POT, kind=AnswerKind.YES_NO)


# three Wilds (R8)


def _three_wilds_scene(m: Maker, pot: int | None = None, *, keep_pot: bool = False) -> tuple[Scene, Seat]:
    rules, chips, seat = _roller_table(m, (1, 4), (3, 6))
    pot = m.rng.randint(1, 9) if pot is None else pot
    return m.play(m.scene(rules, chips, pot, seat, you=False, keep_pot=keep_pot), (W, W, W)), seat


def _three_wilds_receiver(m: Maker) -> Question:
    scene, _seat = _three_wilds_scene(m)
    text = [order(scene), pot_holds(scene), roll_sentence(scene, False), ask_receiver(scene, POT)]
    choices = tuple(range(len(scene.names)))
    return m.question(scene, text, Ask.RECEIVER, POT, kind=AnswerKind.SEAT, choices=choices)


def _three_wilds_chips(m: Maker) -> Question:
    scene, seat = _three_wilds_scene(m, pot=m.rng.choice((0, 2, 4, 5, 7)))
    return m.question(
        scene, [pot_holds(scene), roll_sentence(scene), ask_chips(scene, seat)], Ask.CHIPS, seat
    )


def _three_wilds_pot(m: Maker) -> Question:
    scene, _seat = _three_wilds_scene(m)
    return m.question(scene, [pot_holds(scene), roll_sentence(scene), ask_pot()], Ask.POT)


def _three_wilds_over(m: Maker) -> Question:
    scene, _seat = _three_wilds_scene(m, pot=m.rng.randint(0, 6))
    return m.question(
        scene, [pot_holds(scene), roll_sentence(scene), ask_over()], Ask.OVER, kind=AnswerKind.YES_NO
    )


def _three_wilds_winner(m: Maker) -> Question:
    scene, _seat = _three_wilds_scene(m)
    text = [order(scene), pot_holds(scene), roll_sentence(scene, False), ask_winner()]
    choices = tuple(range(len(scene.names)))
    return m.question(scene, text, Ask.WINNER, kind=AnswerKind.SEAT, choices=choices)


def _three_wilds_total(m: Maker) -> Question:
    scene, seat = _three_wilds_scene(m)
    return m.question(
        scene, [pot_holds(scene), roll_sentence(scene), ask_total(scene, seat)], Ask.WIN_TOTAL, seat
    )


def _three_wilds_empty_pot(m: Maker) -> Question:
    scene, seat = _three_wilds_scene(m, pot=0, keep_pot=True)
    text = [pot_holds(scene), roll_sentence(scene), ask_wins(scene, seat)]
    return m.question(scene, text, Ask.WINS, seat, kind=AnswerKind.YES_NO)


def _two_wilds_over(m: Maker) -> Question:
    rules, chips, seat = _roller_table(m, (1, 4), (3, 5))
    faces = [W, W, m.rng.choice((L, C, R, D))]
    m.rng.shuffle(faces)
    scene = m.play(m.scene(rules, chips, m.rng.randint(1, 6), seat, you=False), tuple(faces))
    text = [pot_holds(scene), roll_sentence(scene), choices_sentence(scene), ask_over()]
    return m.question(scene, text, Ask.OVER, kind=AnswerKind.YES_NO)


# reversible dice (R9)


def _reverse_may(m: Maker) -> Question:
    rules, chips, seat = _roller_table(m, (1, 4), (2, 6))
    scene = m.scene(rules, chips, 0, seat, you=m.rng.random() < 0.5)
    text = [has(scene, seat), ask_may_reverse(scene, seat)]
    return m.question(scene, text, Ask.MAY_REVERSE, seat, kind=AnswerKind.YES_NO)


def _reverse_dice(m: Maker) -> Question:
    rules, chips, seat = _roller_table(m, (1, 4), (4, 6))
    scene = m.scene(rules, chips, 0, seat, you=False)
    m.do(scene, scene.start, Reverse(True))
    text = [has(scene, seat), reverses(scene, seat), ask_dice(scene, seat, next_turn=False)]
    return m.question(scene, text, Ask.DICE, seat)


def _reverse_chips(m: Maker) -> Question:
    rules = replace(m.table(), wild=m.rng.random() < 0.4)
    chips = _chips_all(m, rules, 0, 3)
    chips[0] = m.rng.randint(4, 7)
    scene = m.play(m.scene(rules, chips, m.rng.randint(0, 3), 0, you=True), reverse=True)
    sides = (left_of(0, rules.players), right_of(0, rules.players))
    text = [order_after_you(scene), *(has(scene, s) for s in dict.fromkeys(sides)), pot_holds(scene)]
    text += [roll_sentence(scene), choices_sentence(scene), ask_chips(scene, 0)]
    return m.question(scene, [t for t in text if t], Ask.CHIPS, 0)


def _reverse_pot(m: Maker) -> Question:
    rules, chips, seat = _roller_table(m, (0, 3), (4, 7))
    scene = m.play(
        m.scene(rules, chips, m.rng.randint(0, 4), seat, you=False), reverse=True, alphabet=(C, C, L, D)
    )
    text = [pot_holds(scene), roll_sentence(scene), ask_pot()]
    return m.question(scene, text, Ask.POT)


def _reverse_neighbour(m: Maker) -> Question:
    rules, chips, seat = _roller_table(m, (0, 3), (4, 7))
    scene = m.play(m.scene(rules, chips, 0, seat, you=False), reverse=True, alphabet=(L, R, D))
    target = m.rng.choice((left_of(seat, rules.players), right_of(seat, rules.players)))
    text = [order(scene), has(scene, target), roll_sentence(scene), ask_chips(scene, target)]
    return m.question(scene, text, Ask.CHIPS, target)


# roll all dots (R10)


def _sole_scene(m: Maker, *, low: int = 1, high: int = 4, pot: int | None = None) -> tuple[Scene, Seat]:
    rules = m.table()
    seat = m.rng.randrange(rules.players)
    chips = [0] * rules.players
    chips[seat] = m.rng.randint(low, high)
    pot = (
        m.rng.randint(rules.total_chips - chips[seat] - 3, rules.total_chips - chips[seat])
        if pot is None
        else pot
    )
    return m.scene(rules, chips, max(pot, 0), seat, you=m.rng.random() < 0.5), seat


def _sole_wins(m: Maker, face: Face, pool: tuple[Face, ...]) -> Question:
    """Does the last holder's roll win? All ``face`` wins (dots, or Cs for the last chip in the pot); a roll
    drawn from ``pool`` may not (R10)."""
    scene, seat = _sole_scene(m, high=3)
    dice = dice_for(scene.start.chips[seat])
    faces = (face,) * dice if m.rng.random() < 0.45 else m.faces(dice, pool)
    m.play(scene, faces)
    text = [has(scene, seat), nobody_else(), roll_sentence(scene, False), ask_wins(scene, seat)]
    return m.question(scene, text, Ask.WINS, seat, kind=AnswerKind.YES_NO)


def _sole_total(m: Maker, face: Face) -> Question:
    """The last holder wins with all ``face``: their total with the pot (R10, R12)."""
    scene, seat = _sole_scene(m, high=3)
    m.play(scene, (face,) * dice_for(scene.start.chips[seat]))
    text = [has(scene, seat), nobody_else(), pot_holds(scene), roll_sentence(scene, False)]
    return m.question(scene, [*text, ask_total(scene, seat)], Ask.WIN_TOTAL, seat)


def _not_sole_scene(m: Maker, face: Face) -> tuple[Scene, Seat]:
    """Two players hold chips and one of them (the seat returned) rolls all ``face``, which wins only for a
    last holder (R10)."""
    rules = m.table()
    chips, seat, _other = _two_holders(m, rules)
    scene = m.scene(rules, chips, m.rng.randint(2, 8), seat, you=False)
    return m.play(scene, (face,) * dice_for(chips[seat])), seat


def _dots_wins(m: Maker) -> Question:
    return _sole_wins(m, D, (D, D, D, L, C, R))


def _dots_total(m: Maker) -> Question:
    return _sole_total(m, D)


def _dots_not_sole(m: Maker) -> Question:
    scene, seat = _not_sole_scene(m, D)
    text = [*holders_text(scene), roll_sentence(scene, False), ask_wins(scene, seat)]
    return m.question(scene, text, Ask.WINS, seat, kind=AnswerKind.YES_NO)


def _dots_pass(m: Maker) -> Question:
    scene, seat = _sole_scene(m, low=2, high=4)
    faces = [m.rng.choice((L, R)), *m.faces(dice_for(scene.start.chips[seat]) - 1, (D, D, C))]
    m.rng.shuffle(faces)
    m.play(scene, tuple(faces))
    players = len(scene.names)
    text = [order(scene), has(scene, seat), nobody_else(), roll_sentence(scene, False)]
    if m.rng.random() < 0.5:
        moves = [
            e for e in scene.events if isinstance(e, ChipsMoved) and e.source == seat and e.target != POT
        ]
        target = moves[0].target
        return m.question(scene, [*text, ask_chips(scene, target)], Ask.CHIPS, target)
    choices = tuple((seat + k) % players for k in range(players))
    return m.question(scene, [*text, ask_next()], Ask.NEXT, kind=AnswerKind.SEAT, choices=choices)


# last chip in the pot (R10)


def _last_chip_wins(m: Maker) -> Question:
    return _sole_wins(m, C, (C, C, D, L, R))


def _last_chip_total(m: Maker) -> Question:
    return _sole_total(m, C)


def _last_chip_not_sole(m: Maker) -> Question:
    scene, _seat = _not_sole_scene(m, C)
    text = [*holders_text(scene), roll_sentence(scene, False), ask_over()]
    return m.question(scene, text, Ask.OVER, kind=AnswerKind.YES_NO)


def _last_chip_keeps(m: Maker) -> Question:
    scene, seat = _sole_scene(m, low=3, high=5)
    faces = [C, C, m.rng.choice((D, L, R))]
    m.rng.shuffle(faces)
    m.play(scene, tuple(faces))
    text = [order(scene), has(scene, seat), nobody_else(), roll_sentence(scene, False)]
    return m.question(scene, [*text, ask_chips(scene, seat)], Ask.CHIPS, seat)


# reset (R11)


def _reset_scene(m: Maker, *, empty: bool = True) -> tuple[Scene, Seat]:
    rules = m.table(chips=m.rng.randint(2, 5))
    seat = m.rng.randrange(rules.players)
    chips = [0] * rules.players
    chips[seat] = m.rng.randint(1, 3)
    pot = rules.total_chips - chips[seat]
    scene = m.scene(rules, chips, pot, seat, you=m.rng.random() < 0.5)
    dice = dice_for(chips[seat])
    faces = (C,) * dice if empty else tuple([C] * (dice - 1) + [D])
    return m.play(scene, faces), seat


def _reset_other(m: Maker) -> Question:
    scene, seat = _reset_scene(m)
    other = m.rng.choice([s for s in range(len(scene.names)) if s != seat])
    text = [order(scene), started_with(scene.start.rules.chips), has(scene, seat), nobody_else()]
    text += [roll_sentence(scene, False), ask_chips(scene, other)]
    return m.question(scene, text, Ask.CHIPS, other)


def _reset_roller(m: Maker) -> Question:
    scene, seat = _reset_scene(m, empty=m.rng.random() < 0.6)
    text = [
        started_with(scene.start.rules.chips),
        has(scene, seat),
        nobody_else(),
        roll_sentence(scene, False),
    ]
    return m.question(scene, [*text, ask_chips(scene, seat)], Ask.CHIPS, seat)


def _reset_pot(m: Maker) -> Question:
    scene, seat = _reset_scene(m)
    text = [has(scene, seat), nobody_else(), pot_holds(scene), roll_sentence(scene, False), ask_pot()]
    return m.question(scene, text, Ask.POT)


def _reset_next(m: Maker) -> Question:
    scene, seat = _reset_scene(m)
    players = len(scene.names)
    text = [order(scene), has(scene, seat), nobody_else(), roll_sentence(scene, False), ask_next()]
    choices = tuple((seat + k) % players for k in range(players))
    return m.question(scene, text, Ask.NEXT, kind=AnswerKind.SEAT, choices=choices)


def _reset_over(m: Maker) -> Question:
    scene, seat = _reset_scene(m)
    text = [has(scene, seat), nobody_else(), roll_sentence(scene, False), ask_over()]
    return m.question(scene, text, Ask.OVER, kind=AnswerKind.YES_NO)


# --- the lessons ---

_WILD = Rules(wild=True)

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        LessonKey.FACES,
        # Translators: title of a practice lesson about the faces of the dice (R3, R5).
        N_("The faces of the dice"),
        # Translators: introduction of the practice lesson about the faces of the dice (R3, R5).
        N_("Each die has six faces. In this lesson you count them and see what each one does to a chip."),
        6,
        makers=(
            _faces_count_dots,
            _faces_count_letter,
            _faces_count_wild,
            _faces_one_die,
            _faces_three_dice,
        ),
    ),
    Lesson(
        LessonKey.DICE,
        # Translators: title of a practice lesson about how many dice a player rolls (R4).
        N_("How many dice"),
        # Translators: introduction of the practice lesson about how many dice a player rolls (R4); {count}
        # is the most dice a player rolls (3).
        Nn_(
            "You roll one die for each chip you hold, but never more than {count}. Let's count some dice.",
            "You roll one die for each chip you hold, but never more than {count}. Let's count some dice.",
        ),
        6,
        makers=(
            _dice_count,
            _dice_after_roll,
            _dice_after_roll_other,
        ),
        intro_count=MAX_DICE,
    ),
    Lesson(
        LessonKey.PASSING,
        # Translators: title of a practice lesson about passing chips left and right (R1, R5).
        N_("Left and right"),
        # Translators: introduction of the practice lesson about passing chips (R1, R5).
        N_(
            "An L passes a chip to the player on your left, the next one to play; an R passes one to the "
            "player on your right, the one who played before you."
        ),
        8,
        makers=(
            _passing_receiver,
            _passing_receiver_other,
            _passing_neighbour,
            _passing_roller,
        ),
    ),
    Lesson(
        LessonKey.POT,
        # Translators: title of a practice lesson about the centre pot (R5).
        N_("The pot"),
        # Translators: introduction of the practice lesson about the centre pot (R5).
        N_("Each C puts one of your chips in the pot in the middle, and it stays there until someone wins."),
        6,
        makers=(
            _pot_after,
            _pot_roller,
        ),
    ),
    Lesson(
        LessonKey.NO_CHIPS,
        # Translators: title of a practice lesson about players with no chips (R4).
        N_("No chips left"),
        # Translators: introduction of the practice lesson about players with no chips (R4).
        N_(
            "A player with no chips doesn't roll, but stays in the game: a chip from a neighbour brings "
            "them back."
        ),
        6,
        makers=(
            _no_chips_rolls_next,
            _no_chips_next,
            _no_chips_out,
            _no_chips_dice,
        ),
    ),
    Lesson(
        LessonKey.WINNING,
        # Translators: title of a practice lesson about winning the usual way (R10, R12).
        N_("Winning"),
        # Translators: introduction of the practice lesson about winning the usual way (R10, R12).
        N_(
            "The game ends when a turn leaves only one player with chips. That player wins and takes the pot."
        ),
        6,
        makers=(
            _winning_winner,
            _winning_total,
            _winning_over,
        ),
    ),
    Lesson(
        LessonKey.WILD,
        # Translators: title of a practice lesson about Wild dice (R6, R7).
        N_("Wild dice"),
        # Translators: introduction of the practice lesson about Wild dice (R6, R7).
        N_(
            "With Wild dice, each Wild takes a chip from a player you choose. The letters are played first, "
            "then the Wilds."
        ),
        6,
        _WILD,
        makers=(
            _wild_chips,
            _wild_other,
            _wild_after_letters,
            _wild_pot,
        ),
    ),
    Lesson(
        LessonKey.THREE_WILDS_POT,
        # Translators: title of a practice lesson: three Wilds take the pot and play goes on (R8).
        N_("Three Wilds: take the pot"),
        # Translators: introduction of the practice lesson: three Wilds take the pot, play goes on (R8).
        N_("Here three Wilds in one roll take the whole pot, and the game goes on."),
        5,
        _WILD,
        makers=(
            _three_wilds_receiver,
            _three_wilds_chips,
            _three_wilds_pot,
            _three_wilds_over,
        ),
    ),
    Lesson(
        LessonKey.THREE_WILDS_WIN,
        # Translators: title of a practice lesson: three Wilds take the pot and win at once (R8).
        N_("Three Wilds: win at once"),
        # Translators: introduction of the practice lesson: three Wilds take the pot and win (R8).
        N_("Here three Wilds in one roll take the whole pot and win the game on the spot."),
        5,
        Rules(wild=True, three_wilds=ThreeWilds.WIN),
        makers=(
            _three_wilds_over,
            _three_wilds_winner,
            _three_wilds_total,
            _three_wilds_empty_pot,
            _two_wilds_over,
        ),
    ),
    Lesson(
        LessonKey.REVERSIBLE,
        # Translators: title of a practice lesson about reversible dice (R9).
        N_("Reversible dice"),
        # Translators: introduction of the practice lesson about reversible dice (R9).
        N_(
            "With more than 3 chips you may pay 3 into the pot to reverse the dice. Reversed letters take "
            "chips instead of giving them."
        ),
        6,
        Rules(reversible=True),
        makers=(
            _reverse_may,
            _reverse_dice,
            _reverse_chips,
            _reverse_pot,
            _reverse_neighbour,
        ),
    ),
    Lesson(
        LessonKey.ROLL_ALL_DOTS,
        # Translators: title of a practice lesson about the roll-all-dots win condition (R10).
        N_("Winning with all dots"),
        # Translators: introduction of the practice lesson about the roll-all-dots win condition (R10).
        N_("Here the last player with chips must roll nothing but dots to win."),
        6,
        Rules(win=WinCondition.ROLL_ALL_DOTS),
        makers=(
            _dots_wins,
            _dots_total,
            _dots_not_sole,
            _dots_pass,
        ),
    ),
    Lesson(
        LessonKey.LAST_CHIP_IN_POT,
        # Translators: title of a practice lesson about the last-chip-in-pot win condition (R10).
        N_("Winning with the last chip in the pot"),
        # Translators: introduction of the practice lesson about the last-chip-in-pot win condition (R10).
        N_("Here the last player with chips must put their last chips in the pot to win."),
        6,
        Rules(win=WinCondition.LAST_CHIP_IN_POT),
        makers=(
            _last_chip_wins,
            _last_chip_total,
            _last_chip_not_sole,
            _last_chip_keeps,
        ),
    ),
    Lesson(
        LessonKey.RESET,
        # Translators: title of a practice lesson about everyone getting chips again (R11).
        N_("Everyone starts again"),
        # Translators: introduction of the practice lesson about everyone getting chips again (R11).
        N_(
            "When a turn leaves nobody with chips and nobody has won, everyone gets the starting chips "
            "again. The pot keeps its chips. The lesson plays with the roll all dots way to win."
        ),
        5,
        Rules(win=WinCondition.ROLL_ALL_DOTS),
        makers=(
            _reset_other,
            _reset_roller,
            _reset_pot,
            _reset_next,
            _reset_over,
        ),
    ),
    Lesson(
        LessonKey.ODDS,
        # Translators: title of a practice lesson about each seat's chance of winning (issue 15).
        N_("Who is likely to win"),
        # Translators: introduction of the practice lesson about each seat's chance of winning (issue 15).
        N_(
            "The dice favour nobody, yet where you sit changes your chance of winning a little. The game "
            "works each seat's chance out exactly: say who is favoured, then hear the numbers."
        ),
        6,
        makers=odds.MAKERS,
    ),
    Lesson(
        LessonKey.BEST_CHOICE,
        # Translators: title of a practice lesson about choosing well at a Wild or the reversal (issue 25).
        N_("The best choice"),
        # Translators: introduction of the practice lesson about choosing well at a Wild (whom to take a chip
        # from) or at the reversal question (whether to reverse the dice) (issue 25).
        N_(
            "A Wild lets you choose whom to take a chip from, and reversible dice let you choose whether to "
            "reverse. Make the choice that gives you the best chance of winning. The game works each "
            "choice's chance out exactly, with you playing your best from then on and the others playing "
            "the usual way. In a game, H tells you these chances whenever you choose."
        ),
        6,
        makers=best.MAKERS,
    ),
)
"""Every lesson, in the order practice mode offers them."""


def lesson(key: str) -> Lesson:
    """The lesson called ``key``.

    Raises:
        KeyError: no lesson has that key.
    """
    by_key: dict[str, Lesson] = {item.key: item for item in LESSONS}
    return by_key[key]


MAX_DRAWS = 40
"""Questions drawn per question asked, at most, before a lesson accepts one it already asked: a safety
bound far above need (over seeds 0 to 1999 the most any lesson drew was 15 for its 6 questions; run
``benchmarks/practice_draws.py``)."""


def shape(question: Question) -> str:
    """The question as heard with each name replaced by the order of its first mention ("#0 has 6 chips.
    How many dice does #0 roll?"): two questions of one shape are one question at a renamed table.

    The listener's own seat ("You") stays as it is: "you" and a name are different questions.
    """
    names = [name for seat, name in enumerate(question.names) if seat != question.you]
    if not names:
        return question.text
    order: dict[str, str] = {}
    pattern = re.compile(r"\b(?:" + "|".join(re.escape(name) for name in names) + r")\b")
    return pattern.sub(lambda match: order.setdefault(match.group(0), f"#{len(order)}"), question.text)


def questions(lesson_key: str, seed: int) -> list[Question]:
    """The questions of one lesson: ``size`` of them, the same for the same seed, varied by it.

    No question is asked twice in one lesson, not even at a renamed table (issue 14, item 15): a drawn
    question of the same :func:`shape` as one already asked is drawn again.

    Args:
        lesson_key: a key of :data:`LESSONS`.
        seed: seeds ``random.Random(seed)``, which picks the tables, chips, rolls and Wild choices.

    Raises:
        KeyError: no lesson has that key.
    """
    item = lesson(lesson_key)
    rng = random.Random(seed)
    makers = list(item.makers)
    rng.shuffle(makers)
    out: list[Question] = []
    seen: set[str] = set()
    draws = 0
    retry = False
    while len(out) < item.size:
        maker = rng.choice(makers) if retry else makers[len(out) % len(makers)]
        question = maker(Maker(item, rng))
        draws += 1
        retry = shape(question) in seen and draws < MAX_DRAWS * item.size
        if retry:
            continue  # the same question twice in one lesson: draw another
        seen.add(shape(question))
        out.append(question)
    return out
