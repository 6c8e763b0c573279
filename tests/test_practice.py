"""Practice mode (DESIGN.md §2): every stated answer is what the engine computes, checked again here.

Each question keeps its starting state and its actions; these tests play them again through ``step`` and
work the answer out on their own from the resulting state and events, for seeds 0 to 30 of every lesson.
"""

from __future__ import annotations

import itertools
import math
import random
import re
from collections.abc import Callable
from functools import cache

import numpy as np
import pytest
from support.best_by_hand import best_by_hand
from support.engine import play

from lcr_audio.engine import (
    POT,
    ChipsMoved,
    Event,
    Face,
    GameState,
    GameWon,
    Phase,
    Roll,
    Rules,
    ThreeWilds,
    WinCondition,
    position,
    step,
)
from lcr_audio.game.analysis import exact
from lcr_audio.narration import practice
from lcr_audio.narration.practice import (
    LESSONS,
    AnswerKind,
    Ask,
    LessonKey,
    Question,
    check,
    lesson,
    odds,
    questions,
    replay,
    score_text,
)
from lcr_audio.narration.practice.scenes import settle

SEEDS = range(31)
KEYS = [item.key for item in LESSONS]


pytestmark = pytest.mark.usefixtures("english")
"""Every test speaks English, whatever another test set (conftest's ``english``)."""


def play_again(question: Question) -> tuple[GameState, list[Event]]:
    """The question's actions played again from its starting state, through the engine."""
    return play(question.state, *question.actions)


FACES_PER_DIE = {
    (False, Face.LEFT): 1,
    (False, Face.CENTER): 1,
    (False, Face.RIGHT): 1,
    (False, Face.DOT): 3,
    (False, Face.WILD): 0,
    (True, Face.LEFT): 1,
    (True, Face.CENTER): 1,
    (True, Face.RIGHT): 1,
    (True, Face.DOT): 2,
    (True, Face.WILD): 1,
}
"""R3, written out: how many of a die's six faces show each face, plain (False) and with Wild dice (True)."""


def by_hand(question: Question) -> int | bool | None:
    """The answer to a question about one plain roll (no Wild, no reversal, the usual way to win), worked
    out chip by chip from R1, R4, R5, R10 and R12 without the engine; None for any other question."""
    start = question.state
    rolls = [a for a in question.actions if isinstance(a, Roll)]
    if (
        len(question.actions) != 1
        or len(rolls) != 1
        or Face.WILD in rolls[0].faces
        or start.rules.win is not WinCondition.LAST_WITH_CHIPS
        or question.ask not in (Ask.CHIPS, Ask.POT, Ask.RECEIVER, Ask.OVER, Ask.WINNER, Ask.WIN_TOTAL)
    ):
        return None
    faces, roller, players = rolls[0].faces, start.seat, start.rules.players
    assert len(faces) == min(start.chips[roller], 3)  # R4
    chips, pot = list(start.chips), start.pot
    left, right = (roller + 1) % players, (roller - 1) % players  # R1: the left neighbour plays next
    receiver: int | None = None
    for face in faces:  # R5
        if face is Face.DOT:
            continue
        target = {Face.LEFT: left, Face.RIGHT: right, Face.CENTER: POT}[face]
        receiver = target if receiver is None else receiver
        chips[roller] -= 1
        if target == POT:
            pot += 1
        else:
            chips[target] += 1
    holders = [seat for seat, count in enumerate(chips) if count > 0]
    winner = holders[0] if len(holders) == 1 else None  # R10: the last with chips wins
    if winner is not None:  # R12: and takes the pot
        chips[winner], pot = chips[winner] + pot, 0
    answers: dict[Ask, int | bool | None] = {
        Ask.CHIPS: chips[question.subject],
        Ask.POT: pot,
        Ask.RECEIVER: receiver,
        Ask.OVER: winner is not None,
        Ask.WINNER: winner,
        Ask.WIN_TOTAL: None if winner is None else chips[winner],
    }
    return answers[question.ask]


@cache
def rolls_by_hand(dice: int) -> tuple[tuple[int, int, int, float], ...]:
    """Every distinct roll of ``dice`` plain dice as (Ls, Cs, Rs, chance): a face is L, C or R one time in
    six each and a dot one time in two (R3), so a roll is a multinomial draw."""
    out = []
    for left, center, right in itertools.product(range(dice + 1), repeat=3):
        dots = dice - left - center - right
        if dots >= 0:
            ways = math.factorial(dice) // math.prod(map(math.factorial, (left, center, right, dots)))
            out.append((left, center, right, ways * (1 / 6) ** (dice - dots) * (1 / 2) ** dots))
    return tuple(out)


@cache
def odds_by_hand(players: int, chips: int) -> tuple[float, ...]:
    """Each seat's chance of winning from the start, seat 1 rolling first, under the standard rules, solved
    here without the game's code: R4 (min(chips, 3) dice, seats without chips skipped), R5 (L to the next
    seat, R to the one before, C to the pot), R10 (one seat left with chips wins).

    Positions are (chips, seat to play). A C takes a chip off the table for good, so positions fall into
    classes by the chips on the table; each class is one linear system, solved after the classes below.
    Small tables only (3 players, or 1 chip each): the systems are dense.
    """
    solved: dict[tuple[tuple[int, ...], int], np.ndarray] = {}
    for on_table in range(2, players * chips + 1):
        group = [
            (held, mover)
            for held in itertools.product(range(on_table + 1), repeat=players)
            if sum(held) == on_table and sum(1 for n in held if n) >= 2
            for mover in range(players)
            if held[mover]
        ]
        index = {g: i for i, g in enumerate(group)}
        system, constant = np.eye(len(group)), np.zeros((len(group), players))
        for i, (held, mover) in enumerate(group):
            for left, center, right, chance in rolls_by_hand(min(held[mover], 3)):
                after = list(held)
                after[mover] -= left + center + right
                after[(mover + 1) % players] += left
                after[(mover - 1) % players] += right
                holders = [seat for seat in range(players) if after[seat]]
                if len(holders) == 1:
                    constant[i, holders[0]] += chance
                    continue
                following = next(
                    (mover + k) % players for k in range(1, players + 1) if after[(mover + k) % players]
                )
                if center:
                    constant[i] += chance * solved[tuple(after), following]
                else:
                    system[i, index[tuple(after), following]] -= chance
        for (held, mover), row in zip(group, np.linalg.solve(system, constant), strict=True):
            solved[held, mover] = row
    return tuple(float(x) for x in solved[(chips,) * players, 0])


@cache
def odds_from_the_exact_chain(players: int, chips: int) -> tuple[float, ...]:
    """The same from the analysis package's chain, read here (not through the odds lookup the lesson
    uses); checked against :func:`odds_by_hand` on the small tables."""
    rules = Rules(players=players, chips=chips)
    chain = exact.build_chain(rules)
    row = next(i for i, held in enumerate(chain.states) if list(held) == [chips] * players)
    return tuple(float(x) for x in exact.solve(rules, chain).win[row])


def start_odds_here(question: Question) -> tuple[float, ...]:
    """Each seat's chance from the question's state, which must be the start of a game (seat 1 first)."""
    rules, start = question.state.rules, question.state
    assert start.chips == (rules.chips,) * rules.players and start.pot == 0 and start.seat == 0
    if rules.players == 3 or rules.chips == 1:
        return odds_by_hand(rules.players, rules.chips)
    return odds_from_the_exact_chain(rules.players, rules.chips)


ODDS_ASKS = (Ask.MOST_LIKELY, Ask.LEAST_LIKELY, Ask.IS_LEAST_LIKELY, Ask.MORE_LIKELY)


def worked_out(question: Question) -> int | bool:
    """The answer, worked out here from the rules (R3-R12) and the replayed game, not by the module."""
    final, events = play_again(question)
    start, subject = question.state, question.subject
    won = [e for e in events if isinstance(e, GameWon)]
    ask = question.ask
    if ask in ODDS_ASKS:
        chances = start_odds_here(question)
        seats = range(len(chances))
        if ask is Ask.MOST_LIKELY:
            return max(seats, key=chances.__getitem__)
        if ask is Ask.LEAST_LIKELY:
            return min(seats, key=chances.__getitem__)
        if ask is Ask.IS_LEAST_LIKELY:
            return subject == min(seats, key=chances.__getitem__)
        return 0 if chances[0] > chances[subject] else subject
    if ask in (Ask.BEST_TAKE, Ask.BEST_REVERSE):
        chances = best_by_hand(final)  # the independent best response (tests/support/best_by_hand.py)
        return max(chances, key=chances.__getitem__)
    if ask is Ask.FACE_COUNT:
        assert question.face is not None
        return FACES_PER_DIE[start.rules.wild, question.face]
    if ask is Ask.CHIPS:
        return final.chips[subject]
    if ask is Ask.POT:
        return final.pot
    if ask is Ask.DICE:
        if final.reversed and final.seat == subject and final.phase is Phase.ROLL:
            return 3  # R9: a reversed roll is always 3 dice
        return min(final.chips[subject], 3)  # R4
    if ask is Ask.RECEIVER:
        return next(e.target for e in events if isinstance(e, ChipsMoved) and e.source == subject)
    if ask is Ask.NEXT:
        assert not won
        return final.seat
    if ask is Ask.WINNER:
        return won[0].seat
    if ask is Ask.WIN_TOTAL:
        assert won[0].total == final.chips[won[0].seat] and final.pot == 0  # R12
        return won[0].total
    if ask is Ask.OVER:
        return bool(won)
    if ask is Ask.WINS:
        return bool(won) and won[0].seat == subject
    if ask is Ask.ROLLS_NEXT:
        return not won and final.seat == subject
    if ask is Ask.OUT:
        return bool(won) and won[0].seat != subject  # R4: no chips is not out
    if ask is Ask.CAN_CHOOSE:
        # R6, R7: after the letters, a Wild takes from another player who holds a chip, never the pot.
        assert final.phase is Phase.WILD_TAKE
        return subject != POT and subject != final.seat and final.chips[subject] > 0
    assert ask is Ask.MAY_REVERSE
    # R9: more than 3 chips at the start of one's turn, with reversible dice.
    return (
        start.rules.reversible and start.seat == subject and start.chips[subject] > 3 and not question.actions
    )


def test_the_lessons_come_in_the_agreed_order() -> None:
    assert KEYS == [
        "faces",
        "dice",
        "passing",
        "pot",
        "no-chips",
        "winning",
        "wild",
        "three-wilds-pot",
        "three-wilds-win",
        "reversible",
        "roll-all-dots",
        "last-chip-in-pot",
        "reset",
        "odds",
        "best-choice",
    ]
    for item in LESSONS:
        assert item.title and item.intro and item.size > 0
    assert lesson("wild").rules.wild
    with pytest.raises(KeyError):
        questions("no-such-lesson", 0)


@pytest.mark.parametrize("key", KEYS)
def test_every_stated_answer_is_what_the_engine_gives(key: str) -> None:
    item = lesson(key)
    for seed in SEEDS:
        found = questions(key, seed)
        assert len(found) == item.size
        assert len({q.text for q in found}) == item.size, f"a question repeats in {key} seed {seed}"
        for q in found:
            assert q.lesson == key
            assert q.answer == worked_out(q), (seed, q.text)
            hand = by_hand(q)
            assert hand is None or q.answer == hand, (seed, q.text)
            assert replay(q)[0] == play_again(q)[0]
            if q.kind is AnswerKind.YES_NO:
                assert isinstance(q.answer, bool)
            else:
                assert isinstance(q.answer, int) and not isinstance(q.answer, bool)
            if q.kind is AnswerKind.SEAT:
                assert q.answer in q.choices and len(set(q.choices)) == len(q.choices)
                assert all(0 <= c < q.state.rules.players for c in q.choices)
            else:
                assert q.choices == ()
            assert q.text.endswith("?") and "  " not in q.text
            assert q.explanation and q.explanation.endswith(".")


def test_plain_rolls_are_checked_chip_by_chip() -> None:
    """The by-hand oracle covers many questions of the lessons made of plain rolls (it returns None for the
    others), so the test above does not silently skip it."""
    for key in ("faces", "passing", "pot", "winning"):
        covered = sum(by_hand(q) is not None for seed in SEEDS for q in questions(key, seed))
        assert covered >= 30, key


def test_by_hand_works_out_a_known_roll() -> None:
    """The oracle itself, on a roll worked out on paper: Bo (seat 1 of 4) holds 3 and rolls L, C, R (R5)."""
    rules = Rules(players=4)
    state = position(rules, (3, 3, 3, 3), 0, 1)
    roll = Roll((Face.LEFT, Face.CENTER, Face.RIGHT))
    after, _events = step(state, roll)
    for ask, subject, expected in (
        (Ask.CHIPS, 1, 0),
        (Ask.CHIPS, 2, 4),
        (Ask.CHIPS, 0, 4),
        (Ask.CHIPS, 3, 3),
        (Ask.POT, 0, 1),
        (Ask.RECEIVER, 1, 2),
        (Ask.OVER, 0, False),
    ):
        q = practice.Question(
            lesson=LessonKey.PASSING,
            text="?",
            kind=AnswerKind.NUMBER,
            answer=0,
            explanation=".",
            state=state,
            actions=(roll,),
            ask=ask,
            subject=subject,
        )
        assert by_hand(q) == expected, ask
    assert after.chips == (4, 0, 4, 3) and after.pot == 1


@pytest.mark.parametrize("key", KEYS)
def test_no_question_repeats_within_a_lesson(key: str) -> None:
    """Issue 14, item 15: not even at a renamed table ("Fay has 6 chips. How many dice does Fay roll?" and
    then "Dee has 6 chips. How many dice does Dee roll?"). Names are replaced here by the order of their
    first mention, so two questions that differ only in names are caught; seeds as the screen draws them."""
    names = re.compile(r"\b(?:Ana|Bo|Cy|Dee|Eli|Fay)\b")
    draws = random.Random(2026)
    for _run in range(150):
        asked = questions(key, draws.randrange(2**31))
        heard = []
        for q in asked:
            order: dict[str, str] = {}
            heard.append(
                names.sub(lambda m, order=order: order.setdefault(m.group(0), f"<{len(order)}>"), q.text)
            )
        assert len(set(heard)) == len(heard), heard


@pytest.mark.parametrize("key", KEYS)
def test_every_scene_is_a_position_a_game_can_reach(key: str) -> None:
    """Scenes start at the engine's position (issue 12, item 3): every seat started with the same chips and
    none were made or lost (R2, R5, R11), the seat to play holds a chip (R4), and the reversal question comes
    first exactly when that seat holds more than 3 chips under reversible dice (R9)."""
    for seed in range(20):
        for q in questions(key, seed):
            start = q.state
            assert sum(start.chips) + start.pot == start.rules.players * start.rules.chips, q.text
            assert 1 <= start.rules.chips <= 10 and start.chips[start.seat] > 0
            reverses = start.rules.reversible and start.chips[start.seat] > 3
            assert (start.phase is Phase.REVERSE) == reverses
            assert position(start.rules, start.chips, start.pot, start.seat) == start


def test_settle_fills_the_pot_or_the_other_seats() -> None:
    """A drawn table of 4 holding 2, 1, 1, 1 and an empty pot: 5 chips, so each started with 2 and 3 are
    in the pot; with the pot kept empty, the 3 go one each to the seats after the mover."""
    rules = Rules(players=4)
    assert settle(rules, (2, 1, 1, 1), 0, 0) == (Rules(players=4, chips=2), (2, 1, 1, 1), 3)
    assert settle(rules, (2, 1, 1, 1), 0, 0, keep_pot=True) == (Rules(players=4, chips=2), (2, 2, 2, 2), 0)
    assert settle(rules, (4, 0, 0, 0), 0, 0, keep_pot=True) == (Rules(players=4, chips=1), (4, 0, 0, 0), 0)
    assert settle(rules, (1, 0, 0, 0), 0, 0) == (Rules(players=4, chips=1), (1, 0, 0, 0), 3)


@pytest.mark.parametrize("key", KEYS)
def test_questions_use_the_lesson_s_rules(key: str) -> None:
    rules = lesson(key).rules
    for seed in range(8):
        for q in questions(key, seed):
            if q.ask is Ask.FACE_COUNT:
                continue  # about a die in general, plain or Wild
            assert q.state.rules.win is rules.win
            assert q.state.rules.three_wilds is rules.three_wilds
            if key == "best-choice":  # a Wild's seat under Wild dice, the reversal under reversible dice
                assert q.state.rules.wild is (q.ask is Ask.BEST_TAKE)
                assert q.state.rules.reversible is (q.ask is Ask.BEST_REVERSE)
                continue
            assert q.state.rules.reversible is rules.reversible
            assert q.state.rules.wild is rules.wild or key == "reversible"


def test_the_variant_lessons_play_their_variant() -> None:
    assert lesson("three-wilds-pot").rules == Rules(wild=True)
    assert lesson("three-wilds-win").rules == Rules(wild=True, three_wilds=ThreeWilds.WIN)
    assert lesson("reversible").rules.reversible
    assert lesson("roll-all-dots").rules.win is WinCondition.ROLL_ALL_DOTS
    assert lesson("last-chip-in-pot").rules.win is WinCondition.LAST_CHIP_IN_POT
    rolls = [
        a for seed in range(10) for q in questions("wild", seed) for a in q.actions if isinstance(a, Roll)
    ]
    assert rolls and all(Face.WILD in roll.faces for roll in rolls)


@pytest.mark.parametrize("key", KEYS)
def test_the_same_seed_gives_the_same_questions(key: str) -> None:
    assert questions(key, 5) == questions(key, 5)


@pytest.mark.parametrize("key", KEYS)
def test_different_seeds_give_different_questions(key: str) -> None:
    sets = {tuple(q.text for q in questions(key, seed)) for seed in SEEDS}
    assert len(sets) >= 25
    assert [q.text for q in questions(key, 0)] != [q.text for q in questions(key, 1)]


def test_the_faces_lesson_counts_from_the_dice() -> None:
    counts = {q.text: q.answer for seed in SEEDS for q in questions("faces", seed) if q.ask is Ask.FACE_COUNT}
    assert counts["How many faces of a die show a dot?"] == Rules().die.count(Face.DOT) == 3
    assert counts["With Wild dice on, how many faces of a die show a dot?"] == 2
    assert counts["With Wild dice on, how many faces of a die show a Wild?"] == 1
    assert counts["How many faces of a die show the letter C?"] == 1


def test_check_right_and_wrong() -> None:
    q = questions("passing", 4)[1]
    assert check(q, q.answer) == (True, "Right.")
    wrong = next(c for c in q.choices if c != q.answer)
    assert check(q, wrong) == (False, "Not quite: " + q.explanation)
    yes_no = next(q for q in questions("no-chips", 0) if q.kind is AnswerKind.YES_NO)
    assert check(yes_no, yes_no.answer)[0]
    assert not check(yes_no, not yes_no.answer)[0]
    assert not check(yes_no, int(yes_no.answer))[0]  # 1 is not "yes"
    number = next(q for seed in SEEDS for q in questions("dice", seed) if q.answer == 1)
    assert not check(number, True)[0]


def test_a_wrong_answer_hears_the_explanation_passing() -> None:
    q = questions("passing", 4)[1]
    assert q.text == "After you, in order of play, come Bo, Eli, and Dee. You roll R. Who gets your chip?"
    assert q.kind is AnswerKind.SEAT and q.choices == (1, 2, 3) and q.answer == 3
    assert [q.names[c] for c in q.choices] == ["Bo", "Eli", "Dee"]
    assert check(q, 1) == (
        False,
        "Not quite: Your R sent a chip to Dee, on your right. So the answer is Dee.",
    )


def test_a_wrong_answer_in_left_and_right_says_two_ls_once_with_their_count() -> None:
    """Critic, 2 Dec: "Your L sent a chip to Ana, on your left." was said twice, once per die."""
    rolled = [
        q
        for seed in SEEDS
        for q in questions("passing", seed)
        if re.search(r"You .*roll L, (?:dot, )?L", q.text)
    ]
    assert rolled
    for q in rolled:
        assert re.match(r"Your 2 Ls sent 2 chips to \w+, on your left\.", q.explanation), q.explanation
        assert "Your L sent a chip" not in q.explanation


def test_a_wrong_answer_hears_the_explanation_wild() -> None:
    q = questions("wild", 2)[1]
    assert q.text == (
        "After you, in order of play, come Bo, Fay, and Ana. Ana has no chips. You roll Wild, R, dot. "
        "Can your Wild take a chip from Ana?"
    )
    assert q.answer is True
    assert check(q, False) == (
        False,
        "Not quite: Your R sent a chip to Ana, on your right. The dot let you keep one chip. "
        "So yes: the letters are played before the Wild, so by then Ana has a chip to take.",
    )


def test_a_wrong_answer_hears_the_explanation_reversible() -> None:
    q = questions("reversible", 5)[3]
    assert q.answer == 7
    assert check(q, 4) == (
        False,
        "Not quite: First you put 3 chips in the pot to reverse the dice. Your reversed C took a chip from "
        "the pot. Your reversed C took a chip from the pot. Your reversed R took a chip from Dee, on your "
        "right. So you have 7 chips now.",
    )


def test_score_text() -> None:
    assert score_text(7, 8) == "7 of 8."
    assert score_text(0, 1) == "0 of 1."


THIRD_PERSON_YOU = re.compile(
    r"(?:,|\bto|\bfrom|\bof|\bgave|\bpass|\bnot|:) You\b|\bYou's\b"
    r"|\bYou (?:has|rolls|wins|doesn't|plays|puts|reverses|stays)\b"
)


@pytest.mark.parametrize("key", KEYS)
def test_the_you_label_never_fills_a_third_person_slot(key: str) -> None:
    """The listener's seat is labelled "You" among the names; no sentence says "to You" or "You's"."""
    for seed in SEEDS:
        for q in questions(key, seed):
            assert (q.you is None) == ("You" not in q.names), (seed, q.text)
            for text in (q.text, q.explanation):
                assert not THIRD_PERSON_YOU.search(text), (seed, text)


def test_someone_else_s_roll_is_explained_to_the_listener() -> None:
    """A table whose listener is not the roller: explain_roll gets the listener, so "to you", not "to You"."""
    maker = practice.Maker(lesson("passing"), random.Random(3))
    rules = Rules(players=4)
    scene = maker.scene(rules, (2, 1, 1, 1), 0, 0, you=False, listener=1)
    maker.play(scene, (Face.LEFT, Face.DOT))
    q = maker.question(scene, ["How many chips do you have now?"], Ask.CHIPS, 1)
    roller = q.names[0]
    assert q.you == 1 and q.names[1] == "You" and q.answer == 2
    assert q.explanation == (
        f"{roller}'s L sent a chip to you, on {roller}'s left. The dot let {roller} keep one chip. "
        "So you have 2 chips now."
    )


# --- the odds lesson (issue 15, item 5) ---

ODDS_SEEDS = range(40)


@cache
def odds_asked() -> tuple[Question, ...]:
    return tuple(q for seed in ODDS_SEEDS for q in questions("odds", seed))


def test_the_odds_solved_by_hand_agree_with_the_exact_chain() -> None:
    """The two oracles of the odds questions agree where both run, and each sums to 1."""
    for players, chips in ((3, 1), (3, 2), (3, 3), (4, 1), (5, 1)):
        by_hand = odds_by_hand(players, chips)
        assert sum(by_hand) == pytest.approx(1, abs=1e-12)
        assert by_hand == pytest.approx(odds_from_the_exact_chain(players, chips), abs=1e-12)
    assert sum(odds_from_the_exact_chain(5, 3)) == pytest.approx(1, abs=1e-12)


def test_odds_questions_say_every_chance_computed_and_are_settled_by_them() -> None:
    """Every chance said is the one worked out here, to one decimal, seat 1 first; and a question is asked
    only where the chances as said settle its answer (no 20.6 against 20.6)."""
    for q in odds_asked():
        chances = start_odds_here(q)
        spoken = [f"{chance * 100:.1f}" for chance in chances]
        items = [f"{q.names[seat]}: {spoken[seat]} percent" for seat in range(len(chances))]
        places = [q.note.index(item) for item in items]
        assert places == sorted(places), q.note
        assert q.note.startswith("Worked out exactly, the chances of winning are ")
        assert q.explanation.startswith(q.note + " So ")
        assert check(q, q.answer) == (True, f"Right. {q.note}")
        said = [float(value) for value in spoken]
        others = [said[s] for s in range(len(said)) if s != q.answer]
        if q.ask is Ask.MOST_LIKELY:
            assert said[int(q.answer)] > max(others)
        elif q.ask is Ask.LEAST_LIKELY:
            assert said[int(q.answer)] < min(others)
        elif q.ask is Ask.IS_LEAST_LIKELY:
            assert q.subject == 1 and "who rolls second" in q.text
            assert said[1] < min(said[0], *said[2:]) if q.answer else min(said) < said[1]
        else:
            assert q.choices == (0, q.subject) and said[0] != said[q.subject]


def test_odds_reasons_are_said_only_where_the_numbers_show_them() -> None:
    """R1, R5 facts as reasons: the first roller gives chips away first, the second gets the first's L
    chips, the last keeps its chips while the others roll and gets the first's R chips. Each is said only
    when the chances worked out here show its point, and the main ones always when they do."""
    for q in odds_asked():
        chances = start_odds_here(q)
        first, second, last = q.names[0], q.names[1], q.names[-1]
        compared = q.choices if q.ask is Ask.MORE_LIKELY else range(len(chances))
        high = max(chances[s] for s in compared)
        said_first = f"{first} rolls first, so {first} gives chips away before receiving any." in q.note
        said_above = f"{second} rolls right after {first}, yet has the better chance" in q.note
        said_below = f"yet at this table {second}'s chance comes out below {first}'s." in q.note
        said_last = f"{last} rolls last: {last}'s chips stay put while everyone else rolls" in q.note
        assert not said_first or chances[0] == min(chances)  # the lowest of all, not only of the two
        assert not said_above or chances[1] > chances[0]
        assert not said_below or chances[1] < chances[0]
        assert not said_last or chances[-1] == high
        assert not (said_above and said_below)
        if q.ask is Ask.LEAST_LIKELY and q.answer == 0:
            assert said_first
        if q.ask is Ask.MOST_LIKELY and q.answer == len(chances) - 1:
            assert said_last
        if q.ask is Ask.IS_LEAST_LIKELY and q.answer:
            assert said_below


def test_the_odds_lesson_covers_3_4_and_5_players_and_the_seat_after_the_first() -> None:
    """Who is favoured at 3, 4 and 5 players, the standard 3 chips included, and whether the seat after the
    first is the least likely: both answers come up (the chances decide which, checked above)."""
    asked = odds_asked()
    assert {q.state.rules.players for q in asked} == {3, 4, 5}
    assert {(3, 3), (4, 3), (5, 3)} <= {(q.state.rules.players, q.state.rules.chips) for q in asked}
    assert {q.ask for q in asked} == set(ODDS_ASKS)
    second = [q for q in asked if q.ask is Ask.IS_LEAST_LIKELY]
    assert {q.answer for q in second} == {True, False}


@pytest.mark.parametrize(
    ("maker", "ask"),
    [
        (odds.odds_most, Ask.MOST_LIKELY),
        (odds.odds_least, Ask.LEAST_LIKELY),
        (odds.odds_second, Ask.IS_LEAST_LIKELY),
        (odds.odds_pair, Ask.MORE_LIKELY),
    ],
)
def test_each_odds_maker_asks_its_own_question(maker: Callable[[practice.Maker], Question], ask: Ask) -> None:
    """No maker falls back on another: a table that settles its question is always found."""
    assert maker in odds.MAKERS
    for seed in range(20):
        assert maker(practice.Maker(lesson("odds"), random.Random(seed))).ask is ask
