"""The best-choice lesson (issue 25, item 3): whom a Wild takes a chip from (R7), and whether to reverse the
dice (R9), chosen for the best chance of winning.

Each question puts the listener at a small table at a choice: a roll with one Wild to place, or the
reversal question at the start of their turn. The answer is the best option by the exact best response, the
H key's own figures (:func:`~lcr_audio.narration.practice.measure.best_options`: the listener at their best
from then on, the others choosing the usual way), never typed. A position is asked about only where the
best option is ahead of the next by at least :data:`MIN_GAP` as said (percent to one decimal), so the choice
matters. After every answer the lesson says each option with its chance, best first, in H's words, and a
short reason only where the numbers show it: the seat taken from was the likeliest of the others to win,
the usual seat (the most chips) is not the best here, the neighbours' chips that reversed L and R take, or
lack.

The tables are small (:data:`WILD_TABLES`, :data:`REVERSE_TABLES`: 165 to 364 positions), so their
best-response tables are solved in well under a second each, once per run; the practice screen draws a
lesson's questions off the key loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, TypeAlias

from lcr_audio.engine import REVERSAL_COST, Face, Phase, Rules, Seat, left_of, right_of
from lcr_audio.i18n import _
from lcr_audio.narration.best_choice import best_choice_sentence
from lcr_audio.narration.odds_text import percent_tenths
from lcr_audio.narration.practice.measure import best_options
from lcr_audio.narration.practice.model import AnswerKind, Ask, Question, Scene
from lcr_audio.narration.practice.odds import said
from lcr_audio.narration.practice.scenes import Maker
from lcr_audio.narration.practice.sentences import has, order_after_you, pot_holds, roll_sentence

if TYPE_CHECKING:
    from lcr_audio.game.analysis.careful import OptionChance

WILD_TABLES: Final = (Rules(players=3, chips=3, wild=True), Rules(players=4, chips=2, wild=True))
"""The tables of the Wild questions (R7): 3 players with 3 chips, 4 with 2."""

REVERSE_TABLES: Final = (
    Rules(players=3, chips=4, reversible=True),
    Rules(players=4, chips=2, reversible=True),
)
"""The tables of the reversal questions (R9): 3 players with 4 chips, where reversing is nearly always best,
and 4 with 2, where rolling as usual sometimes is."""

MIN_GAP: Final = 1.0
"""Percentage points, as said, by which the best option must beat the next for a position to be asked."""

TRIES: Final = 400
"""Positions drawn at most per question before a maker gives up (raising LookupError; never seen: over
seeds 0 to 199 each maker found its position within a few dozen draws)."""


def gap(options: Sequence[OptionChance]) -> float:
    """How far the best option is ahead of the next, in percentage points as said."""
    return said(options[0].chance) - said(options[1].chance)


def _table(m: Maker, rules: Rules, own: int) -> tuple[list[int], int] | None:
    """The chips of every seat and the pot: the listener (seat 1) holds ``own``, the rest of the table's
    chips fall at random among the other seats and the pot; None when no other seat holds a chip."""
    rest = rules.total_chips - own
    places = rules.players  # the other seats and the pot
    cuts = sorted(m.rng.randint(0, rest) for _ in range(places - 1))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, rest], strict=True)]
    chips = [own, *parts[:-1]]
    if not any(chips[1:]):
        return None
    return chips, parts[-1]


def _wild_scene(m: Maker, rules: Rules) -> tuple[Scene, list[OptionChance]] | None:
    """A table under ``rules`` where the listener rolled one Wild and dots and must choose whom to take a
    chip from, among at least two players, with its options; None when the draw does not fit."""
    drawn = _table(m, rules, m.rng.randint(1, rules.total_chips - 2))
    if drawn is None:
        return None
    chips, pot = drawn
    scene = m.scene(rules, chips, pot, 0, you=True)
    dice = scene.start.dice_to_roll
    faces = [Face.WILD, *[Face.DOT] * (dice - 1)]
    m.rng.shuffle(faces)
    m.play(scene, tuple(faces), choose=False)
    state = scene.after
    if state.phase is not Phase.WILD_TAKE or len(state.choices) < 2:
        return None
    options = best_options(state)
    return (scene, options) if gap(options) >= MIN_GAP else None


def _reverse_scene(m: Maker, rules: Rules) -> tuple[Scene, list[OptionChance]] | None:
    """A table under ``rules`` at the start of the listener's turn, with more than 3 chips: the reversal
    question (R9), with its options; None when the draw does not fit."""
    drawn = _table(m, rules, m.rng.randint(REVERSAL_COST + 1, rules.total_chips - 1))
    if drawn is None:
        return None
    scene = m.scene(rules, *drawn, 0, you=True)
    if scene.start.phase is not Phase.REVERSE:  # pragma: no cover - more than 3 chips may always reverse
        return None
    options = best_options(scene.start)
    return (scene, options) if gap(options) >= MIN_GAP else None


Found: TypeAlias = "tuple[Scene, list[OptionChance]]"
"""A position and its options with the chooser's chances, best first."""


def _first(m: Maker, draw: Callable[[], Found | None], fits: Callable[[Found], bool], missing: str) -> Found:
    """The first position ``draw`` finds (in :data:`TRIES` draws from ``m``'s RNG) that ``fits``.

    Raises:
        LookupError: none found; ``missing`` says what.
    """
    for _try in range(TRIES):
        found = draw()
        if found is not None and fits(found):
            return found
    raise LookupError(missing)  # pragma: no cover


def best_take(m: Maker) -> Question:
    """ "Who do you take a chip from, for the best chance of winning?" at a Wild (R7).

    Raises:
        LookupError: no fitting position in :data:`TRIES` draws.
    """
    found = _first(
        m,
        lambda: _wild_scene(m, m.rng.choice(WILD_TABLES)),
        lambda _found: True,
        "No Wild whose best choice stands out.",
    )
    return _take_question(m, *found)


def best_take_unusual(m: Maker) -> Question:
    """The same at a Wild where the usual seat (the most chips, R7) is not the best one.

    Raises:
        LookupError: no fitting position in :data:`TRIES` draws.
    """
    from lcr_audio.game.analysis.kernel import greedy_choice

    found = _first(
        m,
        lambda: _wild_scene(m, WILD_TABLES[-1]),
        lambda found: found[1][0].option != greedy_choice(found[0].after),
        "No Wild whose best choice is not the usual one.",
    )
    return _take_question(m, *found)


def best_reverse(m: Maker) -> Question:
    """ "It's your turn. Do you reverse the dice?" where either answer may be best (R9).

    Raises:
        LookupError: no fitting position in :data:`TRIES` draws.
    """
    found = _first(
        m,
        lambda: _reverse_scene(m, m.rng.choice(REVERSE_TABLES)),
        lambda _found: True,
        "No reversal whose best answer stands out.",
    )
    return _reverse_question(m, *found)


def best_keep(m: Maker) -> Question:
    """The same where rolling as usual is best (R9).

    Raises:
        LookupError: no fitting position in :data:`TRIES` draws.
    """
    found = _first(
        m,
        lambda: _reverse_scene(m, REVERSE_TABLES[-1]),
        lambda found: found[1][0].option is False,
        "No reversal where rolling as usual is best.",
    )
    return _reverse_question(m, *found)


MAKERS = (best_take, best_take_unusual, best_reverse, best_keep)
"""The best-choice lesson's question makers."""


def _table_sentences(scene: Scene) -> list[str]:
    """The table as the listener hears it: the others in order of play, their chips, the pot."""
    others = range(1, len(scene.names))
    return [order_after_you(scene), *(has(scene, seat) for seat in others), pot_holds(scene)]


def _take_question(m: Maker, scene: Scene, options: Sequence[OptionChance]) -> Question:
    text = [*_table_sentences(scene), roll_sentence(scene), ask_take()]
    note = [
        chances_lead(),
        best_choice_sentence(options, scene.names, Phase.WILD_TAKE),
        *take_reasons(scene, options),
    ]
    answer = int(options[0].option)
    return _make(m, scene, text, note, Ask.BEST_TAKE, answer, AnswerKind.SEAT, scene.after.choices)


def _reverse_question(m: Maker, scene: Scene, options: Sequence[OptionChance]) -> Question:
    text = [*_table_sentences(scene), has(scene, 0), ask_reverse()]
    note = [
        chances_lead(),
        best_choice_sentence(options, scene.names, Phase.REVERSE),
        *reverse_reasons(scene, options),
    ]
    return _make(m, scene, text, note, Ask.BEST_REVERSE, bool(options[0].option), AnswerKind.YES_NO)


def _make(
    m: Maker,
    scene: Scene,
    text: Sequence[str],
    note: Sequence[str],
    ask: Ask,
    answer: int | bool,
    kind: AnswerKind,
    choices: Sequence[Seat] = (),
) -> Question:
    """The question: the answer, the best option of the exact best response (what :func:`.measure.measure`
    gives for ``ask``), the chances and reasons as its note, and the best choice said plainly at the end of
    its explanation."""
    return Question(
        lesson=m.lesson.key,
        text=" ".join(t for t in text if t),
        kind=kind,
        answer=answer,
        choices=tuple(choices),
        explanation=" ".join([*note, best_conclusion(scene, ask, answer)]),
        state=scene.start,
        actions=tuple(scene.actions),
        ask=ask,
        subject=0,
        names=scene.names,
        you=scene.you,
        note=" ".join(note),
    )


# --- the reasons, each said only where the numbers show it ---


def start_chances(scene: Scene) -> tuple[float, ...]:
    """Each seat's chance of winning at the start of the listener's turn, before the roll, everyone
    choosing the usual way (the exact table the O key reads)."""
    from lcr_audio.game.analysis.odds import shared_table

    start = scene.start
    found = shared_table(start.rules, None).lookup(start.chips, start.pot, start.seat)
    if found is None:  # pragma: no cover - every scene has two seats holding chips
        raise ValueError("No such position in the table.")
    return found


def take_reasons(scene: Scene, options: Sequence[OptionChance]) -> list[str]:
    """Why the best seat to take from is best, where the numbers show it: it was the likeliest of the seats
    to choose from to win before the roll (its chance as said above each other's); the usual seat, the one
    with the most chips, is not the best here (its chance after the choice is below the best one's)."""
    best = int(options[0].option)
    choices = scene.after.choices
    out: list[str] = []
    chances = start_chances(scene)
    if all(said(chances[best]) > said(chances[seat]) for seat in choices if seat != best):
        out.append(_likeliest_reason(scene, best, chances[best]))
    most = max(scene.after.chips[seat] for seat in choices)
    richest = [seat for seat in choices if scene.after.chips[seat] == most]
    if len(richest) == 1 and richest[0] != best:
        out.append(_most_chips_reason(scene, richest[0]))
    return out


def reverse_reasons(scene: Scene, options: Sequence[OptionChance]) -> list[str]:
    """Why reversing or not is best, where the numbers show it: reversing is best and both neighbours hold
    chips for reversed L and R to take (R9); or rolling as usual is best and a neighbour holds none."""
    players = len(scene.names)
    left, right = left_of(0, players), right_of(0, players)
    chips = scene.start.chips
    if options[0].option is True:
        if chips[left] and chips[right]:
            return [_takes_reason(scene, left, right)]
        return []
    out: list[str] = []
    if not chips[left]:
        out.append(_empty_left_reason(scene, left))
    if not chips[right]:
        out.append(_empty_right_reason(scene, right))
    return out


# --- what the lesson says ---


def ask_take() -> str:
    """ "Who do you take a chip from, for the best chance of winning?" (a player, R7)."""
    # Translators: practice mode question, best-choice lesson: the listener's Wild takes a chip from a
    # player of their choice (R7); pick the player that gives the listener the best chance of winning.
    return _("Who do you take a chip from, for the best chance of winning?")


def ask_reverse() -> str:
    """ "It's your turn. Do you reverse the dice, for the best chance of winning?" (yes or no, R9)."""
    # Translators: practice mode question (yes or no), best-choice lesson: reversible dice (R9); yes if
    # reversing gives the listener the better chance of winning.
    return _("It's your turn. Do you reverse the dice, for the best chance of winning?")


def chances_lead() -> str:
    """The sentence before H's answer: what its chances are."""
    # Translators: practice mode, best-choice lesson: said before each option's chance of winning for the
    # listener (the H key's sentence follows, best option first).
    return _("Worked out exactly, here is your chance of winning after each choice, if you play your best.")


def _likeliest_reason(scene: Scene, seat: Seat, chance: float) -> str:
    # Translators: practice mode, best-choice lesson: why taking a chip from {name} is best: before the
    # listener's roll, {name} had the best chance of winning of the players the Wild may take from;
    # {percent} is that chance, one decimal. Said only when the chances show it.
    text = _(
        "Before your roll, {name} had the best chance of winning of the players you may take from, "
        "{percent} percent: a chip taken from {name} counts most."
    )
    return text.format(name=scene.name(seat), percent=percent_tenths(chance))


def _most_chips_reason(scene: Scene, seat: Seat) -> str:
    # Translators: practice mode, best-choice lesson: {name} holds the most chips, the usual player's
    # choice for a Wild, yet taking from {name} is not the best choice here (the chances just said show it).
    text = _("{name} has the most chips, yet taking from {name} is not the best choice here.")
    return text.format(name=scene.name(seat))


def _takes_reason(scene: Scene, left: Seat, right: Seat) -> str:
    # Translators: practice mode, best-choice lesson: why reversing the dice is best (R9): reversed L and R
    # take chips from the neighbours {left} (on the left) and {right} (on the right), who both hold chips.
    text = _(
        "{left} and {right} both hold chips: reversed, your L and R take chips from them instead of giving "
        "them yours."
    )
    return text.format(left=scene.name(left), right=scene.name(right))


def _empty_left_reason(scene: Scene, seat: Seat) -> str:
    # Translators: practice mode, best-choice lesson: why rolling as usual is best (R9): {name}, on the
    # listener's left, holds no chip for a reversed L to take.
    return _("{name}, on your left, has no chips for a reversed L to take.").format(name=scene.name(seat))


def _empty_right_reason(scene: Scene, seat: Seat) -> str:
    # Translators: practice mode, best-choice lesson: why rolling as usual is best (R9): {name}, on the
    # listener's right, holds no chip for a reversed R to take.
    return _("{name}, on your right, has no chips for a reversed R to take.").format(name=scene.name(seat))


def best_conclusion(scene: Scene, ask: Ask, answer: int | bool) -> str:
    """The last sentence of an explanation: the best choice, said plainly."""
    if ask is Ask.BEST_TAKE:
        # Translators: practice mode, best-choice lesson, last sentence: take the Wild's chip from {name}.
        return _("So the best choice is to take from {name}.").format(name=scene.name(int(answer)))
    if answer:
        # Translators: practice mode, best-choice lesson, last sentence: reversing the dice is best (R9).
        return _("So the best choice is to reverse the dice.")
    # Translators: practice mode, best-choice lesson, last sentence: rolling as usual is best (R9).
    return _("So the best choice is to roll as usual.")
