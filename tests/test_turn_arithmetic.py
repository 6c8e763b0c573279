"""The turn's arithmetic is stated once, in the engine (issue 23, item 1): how many dice a roller rolls
(``dice_for``, R4, R9), whether they may reverse the dice (``may_reverse``, R9), where a letter sends its
chip (``letter_place``, R5). The numpy twin (``lcr_audio.engine.arrays``) gives the same answers; the exact
chain and practice's measure agree with ``step`` under rules drawn from the rule options' declaration
(``RULE_OPTIONS``, so a new option is exercised without anyone naming it here); and no module outside the
engine writes the dice count or the reversal threshold again.

The numpy kernel, the plain turns and the chain simulator are played against ``step`` turn by turn in
``tests/test_analysis_kernel.py``, over the same declared rules.
"""

from __future__ import annotations

import io
import itertools
import random
import re
import tokenize
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from support.engine import rule_combinations

from lcr_audio.engine import (
    MAX_CHIPS,
    MAX_PLAYERS,
    POT,
    ChipsMoved,
    Face,
    GameState,
    IllegalActionError,
    Phase,
    Reverse,
    Roll,
    Rules,
    WinCondition,
    arrays,
    dice_for,
    left_of,
    letter_place,
    may_reverse,
    position,
    right_of,
    roll_outcomes,
    step,
)
from lcr_audio.game.analysis import exact
from lcr_audio.game.bots import Policy
from lcr_audio.narration.practice.measure import measure
from lcr_audio.narration.practice.model import Ask

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "lcr_audio"

RULES = rule_combinations(
    [{"players": 3, "chips": 3}, {"players": 4, "chips": 2}, {"players": 5, "chips": 3}],
    leave_out={"first_player"},  # who rolls first acts before the first turn, never within one
    where_it_applies=True,
)
"""Every declared rule option's values (a new option too), at three small tables."""

CHIPS_SEEN = range(MAX_PLAYERS * MAX_CHIPS + 1)
"""Every count of chips one seat can hold in a game without resets (R2, R11)."""


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_the_numpy_twin_answers_as_the_engine_does(rules: Rules) -> None:
    chips = np.array(CHIPS_SEEN, dtype=np.int64)
    for reversing in (False, True):
        flags = np.full(len(chips), reversing)
        assert arrays.dice_for(chips, flags).tolist() == [dice_for(n, reversing) for n in CHIPS_SEEN]
    assert arrays.dice_for(chips).tolist() == [dice_for(n) for n in CHIPS_SEEN]
    assert arrays.may_reverse(rules, chips).tolist() == [may_reverse(rules, n) for n in CHIPS_SEEN]
    seats = np.arange(rules.players)
    assert arrays.left_of(seats, rules.players).tolist() == [left_of(s, rules.players) for s in seats]
    assert arrays.right_of(seats, rules.players).tolist() == [right_of(s, rules.players) for s in seats]
    assert arrays.die_codes(rules).tolist() == [arrays.FACE_CODES[face] for face in rules.die]
    assert sorted(arrays.FACE_CODES.values()) == list(range(len(Face)))


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_step_rolls_the_dice_the_statements_say(rules: Rules) -> None:
    """``step`` itself follows ``dice_for``, ``may_reverse`` and ``letter_place``: from every holding of the
    seat to play, the reversal is asked exactly when allowed, the roll takes exactly ``dice_for`` dice, and
    each letter moves its chip to (or, reversed, from) its place."""
    players = rules.players
    for own in range(1, rules.total_chips + 1):
        rest = rules.total_chips - own
        chips = (own, rest, 0, *([0] * (players - 3)))
        state = position(rules, chips, mover=0)
        assert (state.phase is Phase.REVERSE) == may_reverse(rules, own), chips
        plays = [(state, False)]
        if state.phase is Phase.REVERSE:
            plays = [(step(state, Reverse(False))[0], False), (step(state, Reverse(True))[0], True)]
        for ready, reversing in plays:
            dice = dice_for(ready.chips[0], reversing)
            assert ready.dice_to_roll == dice, (chips, reversing)
            with pytest.raises(IllegalActionError):
                step(ready, Roll((Face.DOT,) * (dice + 1)))
            for letter in (Face.LEFT, Face.CENTER, Face.RIGHT):
                _after, events = step(ready, Roll((letter,) + (Face.DOT,) * (dice - 1)))
                moved = [e for e in events if isinstance(e, ChipsMoved)]
                place = letter_place(letter, 0, players)
                if not reversing:
                    assert (moved[0].source, moved[0].target) == (0, place), (chips, letter)
                elif (ready.pot if place == POT else ready.chips[place]) > 0:
                    assert (moved[0].source, moved[0].target) == (place, 0), (chips, letter)


def _turned_start(rules: Rules, seats: tuple[int, ...], policy: Policy) -> GameState:
    """The engine's state at a chain position (the seat to play first), after the policy's reversal."""
    state = position(rules, seats, rules.total_chips - sum(seats), mover=0)
    if state.phase is Phase.REVERSE:
        state, _ = step(state, Reverse(policy.reverse(state)))
    return state


@pytest.mark.parametrize("reverse_at", [4, 6])
@pytest.mark.parametrize("rules", [r for r in RULES if exact.supports(r)], ids=repr)
def test_the_exact_chain_rolls_what_step_rolls(rules: Rules, reverse_at: int) -> None:
    """Every position of the exact chain (R4, R9) has the dice ``step`` asks for after the computer player's
    reversal, and one row per distinct roll with ``roll_outcomes``' chance."""
    chain = exact.build_chain(rules, reverse_at)
    policy = Policy(reverse_at=reverse_at)
    rows = Counter(chain.source.tolist())
    by_source = np.argsort(chain.source, kind="stable")  # each position's rows, found by bisection
    bounds = np.searchsorted(chain.source[by_source], np.arange(len(chain.states) + 1))
    expected: dict[int, npt.NDArray[np.float64]] = {}  # per number of dice: roll_outcomes' chances, sorted
    rng = random.Random(reverse_at)
    for index in rng.sample(range(len(chain.states)), min(300, len(chain.states))):
        state = _turned_start(rules, tuple(int(n) for n in chain.states[index]), policy)
        where = f"{chain.states[index].tolist()} reversing from {reverse_at}"
        assert chain.dice[index] == state.dice_to_roll, where
        outcomes = roll_outcomes(state)
        assert rows[index] == len(outcomes), where
        if state.dice_to_roll not in expected:
            assert sum(p for _faces, p in outcomes) == Fraction(1)
            expected[state.dice_to_roll] = np.sort([float(p) for _faces, p in outcomes])
        chances = np.sort(chain.chance[by_source[bounds[index] : bounds[index + 1]]])
        assert np.allclose(chances, expected[state.dice_to_roll], rtol=1e-12, atol=0), where


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_practice_counts_the_dice_step_asks_for(rules: Rules) -> None:
    """Practice's "how many dice?" (measure, Ask.DICE) is the number of faces ``step`` takes next: for the
    seat to play before and after a reversal, and for a seat whose turn is still to come (R4, R9)."""
    rng = random.Random(len(repr(rules)))
    for _ in range(60):
        total = rules.total_chips
        cuts = sorted(rng.randint(0, total) for _ in range(rules.players))
        chips = tuple(b - a for a, b in itertools.pairwise([*cuts, total]))
        holders = [s for s, n in enumerate(chips) if n]
        if not holders:
            continue
        start = position(rules, chips, cuts[0], rng.choice(holders))
        states = [start]
        if start.phase is Phase.REVERSE:
            states = [step(start, Reverse(r))[0] for r in (False, True)]
        for state in states:
            said = measure(Ask.DICE, state.seat, None, start, state, ())
            assert said == state.dice_to_roll, (chips, state.reversed)
            with pytest.raises(IllegalActionError):
                step(state, Roll((Face.DOT,) * (said + 1)))
            for other in range(rules.players):
                if other != state.seat:
                    assert measure(Ask.DICE, other, None, start, state, ()) == dice_for(state.chips[other])


# --- the statements are the only ones --------------------------------------------------------------------

RECODED = [
    (re.compile(r"\bmin\([^()]*(?:\([^()]*\)[^()]*)*,\s*(?:3|MAX_DICE)\s*\)"), "a dice count: min(..., 3)"),
    (re.compile(r"\bnp\.minimum\([^()]*,\s*(?:3|MAX_DICE)\s*\)"), "a dice count: np.minimum(..., 3)"),
    (re.compile(r"\bMAX_DICE\s+if\b|<\s*MAX_DICE\s+else\b"), "a dice count: ... if ... else MAX_DICE"),
    (re.compile(r">\s*(?:3|REVERSAL_COST)\b(?!\s*\*)"), "a reversal threshold: > 3"),
    (re.compile(r">=\s*(?:4|6)\b"), "a reversal threshold: >= 4 or >= 6"),
    (re.compile(r"\breversible\b\s*(?:and|&)"), "a reversal threshold: reversible and ..."),
]
"""How a dice count or a reversal threshold looks when it is written again: in code, not in comments or
docstrings (those may say "min(chips, 3)" to a reader)."""

ALLOWED: set[tuple[str, int, str]] = set()
"""(file, line, code) that match a pattern above and are no dice count or reversal threshold. Empty: add an
entry only with a comment saying why the line is no re-coding."""


def _code_lines(path: Path) -> dict[int, str]:
    """Each line of ``path`` with its strings and comments blanked out (the code a pattern may match)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    text = [list(line) for line in lines]
    for token in tokenize.generate_tokens(io.StringIO("".join(lines)).readline):
        if token.type not in (tokenize.COMMENT, tokenize.STRING):
            continue
        (first, start), (last, end) = token.start, token.end
        for number in range(first, last + 1):
            row = text[number - 1]
            low = start if number == first else 0
            high = end if number == last else len(row)
            row[low:high] = " " * (high - low)
    return {number: "".join(row) for number, row in enumerate(text, start=1) if "".join(row).strip()}


def recoded(package: Path) -> list[str]:
    """Every line of the package outside the engine that writes a dice count or a reversal threshold."""
    found: list[str] = []
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package.parent).as_posix()
        if relative.startswith("lcr_audio/engine/"):
            continue
        for number, code in _code_lines(path).items():
            for pattern, what in RECODED:
                if pattern.search(code) and (relative, number, what) not in ALLOWED:
                    found.append(f"{relative}:{number}: {what}: {code.strip()}")
    return found


def test_no_dice_count_or_reversal_threshold_outside_the_engine() -> None:
    found = recoded(PACKAGE)
    assert not found, (
        "the dice count and the reversal threshold are stated once, in the engine: call "
        "lcr_audio.engine.dice_for / may_reverse (or lcr_audio.engine.arrays' twins on numpy arrays) "
        "instead of writing them again here:\n" + "\n".join(found)
    )


def test_the_structure_check_can_fail(tmp_path: Path) -> None:
    """The check above finds each way of writing the arithmetic again, and leaves words about it alone."""
    package = tmp_path / "lcr_audio"
    (package / "game").mkdir(parents=True)
    (package / "engine").mkdir()
    (package / "engine" / "rules.py").write_text("def dice_for(chips):\n    return min(chips, 3)\n")
    (package / "game" / "bad.py").write_text(
        '"""Rolls min(chips, 3) dice, reverses above 3."""\n'
        "dice = min(chips[0], 3)  # min(chips, 3)\n"
        "dice = np.where(rev, MAX_DICE, np.minimum(own, MAX_DICE))\n"
        "dice = own if own < MAX_DICE else MAX_DICE\n"
        "rev = rules.reversible and own > REVERSAL_COST\n"
        "reverses = (own > 3) & (own >= 6)\n"
        "cost = REVERSAL_COST * rev\n"
    )
    lines = [line.split(": ")[0] for line in recoded(package)]
    assert lines == ["lcr_audio/game/bad.py:" + n for n in ("2", "3", "4", "5", "5", "6", "6")]


def test_a_reversal_is_never_allowed_under_plain_dice_or_at_three_chips() -> None:
    """The statement itself (R9): reversible dice, and more chips than the 3 a reversal costs."""
    for win in WinCondition:
        rules = Rules(reversible=True, win=win)
        assert [may_reverse(rules, n) for n in range(7)] == [False] * 4 + [True] * 3
        assert not any(may_reverse(Rules(win=win), n) for n in range(11))
