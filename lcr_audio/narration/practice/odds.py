"""The odds lesson (issue 15, item 5): who is likely to win at 3, 4 and 5 players, and why.

Each question starts a new game at a named table, every seat holding the same chips and seat 1 rolling
first (R13), and asks who is most likely to win, who is least likely, whether the seat after the first is
the least likely, or which of two seats is more likely. The chances are the rules reader's exact figures
(:func:`~lcr_audio.narration.practice.measure.start_chances`), never typed. A question is asked only where
the chances as said (percent to one decimal) show its answer, and each reason is said only where those
numbers show it; the chances are said after a right answer too (:attr:`Question.note`), since they are
what the lesson teaches.

The exact tables are worked out once per run; the largest here (5 players with 3 chips) takes under a
second, so the practice screen draws a lesson's questions off the key loop.
"""

from __future__ import annotations

from collections.abc import Sequence

from lcr_audio.engine import MIN_CHIPS, Rules, Seat
from lcr_audio.i18n import _, ngettext
from lcr_audio.narration.lists import and_list
from lcr_audio.narration.odds_text import percent_tenths
from lcr_audio.narration.practice.measure import measure, start_chances
from lcr_audio.narration.practice.model import AnswerKind, Ask, Question, Scene
from lcr_audio.narration.practice.scenes import Maker
from lcr_audio.narration.practice.sentences import order
from lcr_audio.narration.rules_text import ODDS_TABLES

TABLES: tuple[Rules, ...] = tuple(
    Rules(players=players, chips=chips)
    for players in ODDS_TABLES
    for chips in range(MIN_CHIPS, Rules().chips + 1)
)
"""The tables the lesson asks about: the rules reader's 3, 4 and 5 players under the standard rules, each
with 1 chip up to the standard 3 (R2); the largest, 5 players with 3 chips, is the rules reader's own."""


def said(chance: float) -> float:
    """A chance as the lesson says it: percent to one decimal (as
    :func:`~lcr_audio.narration.odds_text.percent_tenths` writes it)."""
    return round(chance * 100, 1)


def clearly_most(chances: Sequence[float], seat: Seat) -> bool:
    """True when ``seat``'s chance, as said, is above every other seat's as said."""
    return all(said(chances[seat]) > said(c) for s, c in enumerate(chances) if s != seat)


def clearly_least(chances: Sequence[float], seat: Seat) -> bool:
    """True when ``seat``'s chance, as said, is below every other seat's as said."""
    return all(said(chances[seat]) < said(c) for s, c in enumerate(chances) if s != seat)


def _start(m: Maker, rules: Rules) -> tuple[Scene, tuple[float, ...]]:
    """A new game at a named table under ``rules``, seat 1 to roll, and each seat's chance from there."""
    scene = m.scene(rules, (rules.chips,) * rules.players, 0, 0, you=False)
    return scene, start_chances(scene.start)


def _tables(m: Maker) -> list[Rules]:
    """Every table of :data:`TABLES`, in a drawn order: the first that suits a question is asked about."""
    tables = list(TABLES)
    m.rng.shuffle(tables)
    return tables


def _make(
    m: Maker,
    scene: Scene,
    chances: Sequence[float],
    asked: str,
    ask: Ask,
    subject: Seat = 0,
    *,
    kind: AnswerKind = AnswerKind.SEAT,
    choices: Sequence[Seat] = (),
) -> Question:
    """The question: the table, what is asked; the answer from the exact odds; the chances and reasons."""
    answer = measure(ask, subject, None, scene.start, scene.after, scene.events)
    note = [chances_sentence(scene, chances), *reasons(scene, chances, ask, subject, answer)]
    explanation = [*note, odds_conclusion(scene, ask, subject, answer)]
    return Question(
        lesson=m.lesson.key,
        text=" ".join((order(scene), new_game(scene), asked)),
        kind=kind,
        answer=answer,
        choices=tuple(choices),
        explanation=" ".join(explanation),
        state=scene.start,
        ask=ask,
        subject=subject,
        names=scene.names,
        note=" ".join(note),
    )


def odds_most(m: Maker) -> Question:
    """ "Who is most likely to win?" at a table whose favourite is clear (R10, R13)."""
    for rules in _tables(m):
        scene, chances = _start(m, rules)
        seats = range(rules.players)
        if clearly_most(chances, max(seats, key=chances.__getitem__)):
            return _make(m, scene, chances, ask_most_likely(), Ask.MOST_LIKELY, choices=seats)
    return odds_pair(m)  # pragma: no cover - some table always has a clear favourite (tested)


def odds_least(m: Maker) -> Question:
    """ "Who is least likely to win?" at a table whose last place is clear (R10, R13)."""
    for rules in _tables(m):
        scene, chances = _start(m, rules)
        seats = range(rules.players)
        if clearly_least(chances, min(seats, key=chances.__getitem__)):
            return _make(m, scene, chances, ask_least_likely(), Ask.LEAST_LIKELY, choices=seats)
    return odds_pair(m)  # pragma: no cover - some table always has a clear last place (tested)


def odds_second(m: Maker) -> Question:
    """ "Is Bo, who rolls second, the least likely to win?" where the chances as said settle it: yes when
    seat 2 is clearly the lowest, no when another seat is clearly lower (R1, R10, R13)."""
    for rules in _tables(m):
        scene, chances = _start(m, rules)
        if clearly_least(chances, 1) or any(said(c) < said(chances[1]) for c in chances):
            text = ask_second_least(scene)
            return _make(m, scene, chances, text, Ask.IS_LEAST_LIKELY, 1, kind=AnswerKind.YES_NO)
    return odds_pair(m)  # pragma: no cover - some table always settles it (tested)


def odds_pair(m: Maker) -> Question:
    """ "Who is more likely to win, Ana or Cy?": seat 1, who rolls first, and another seat whose chance as
    said differs from seat 1's (R10, R13).

    Raises:
        LookupError: no table has such a seat (never under the standard rules: tested).
    """
    for rules in _tables(m):
        scene, chances = _start(m, rules)
        others = [s for s in range(1, rules.players) if said(chances[s]) != said(chances[0])]
        if others:
            other = m.rng.choice(others)
            text = ask_more_likely(scene, other)
            return _make(m, scene, chances, text, Ask.MORE_LIKELY, other, choices=(0, other))
    raise LookupError("No table where two seats' chances differ.")  # pragma: no cover


MAKERS = (odds_most, odds_least, odds_second, odds_pair)
"""The odds lesson's question makers."""


# --- what the lesson says ---


def new_game(scene: Scene) -> str:
    """ "Everyone starts with 3 chips, and Ana rolls first." (R2, R13)."""
    count = scene.start.rules.chips
    # Translators: practice mode, odds lesson: a new game at the table just named; every player starts
    # with {count} chips and {name} rolls first.
    text = ngettext(
        "Everyone starts with {count} chip, and {name} rolls first.",
        "Everyone starts with {count} chips, and {name} rolls first.",
        count,
    )
    return text.format(count=count, name=scene.name(scene.start.seat))


def ask_most_likely() -> str:
    """ "Who is most likely to win?" (a player)."""
    # Translators: practice mode question, odds lesson: pick a player.
    return _("Who is most likely to win?")


def ask_least_likely() -> str:
    """ "Who is least likely to win?" (a player)."""
    # Translators: practice mode question, odds lesson: pick a player.
    return _("Who is least likely to win?")


def ask_second_least(scene: Scene) -> str:
    """ "Is Bo, who rolls second, the least likely to win?" (yes or no)."""
    # Translators: practice mode question (yes or no), odds lesson: {name} plays second.
    return _("Is {name}, who rolls second, the least likely to win?").format(name=scene.name(1))


def ask_more_likely(scene: Scene, other: Seat) -> str:
    """ "Who is more likely to win, Ana or Cy?" (one of the two)."""
    # Translators: practice mode question, odds lesson: pick one of two players; {first} rolls first.
    text = _("Who is more likely to win, {first} or {other}?")
    return text.format(first=scene.name(scene.start.seat), other=scene.name(other))


def chances_sentence(scene: Scene, chances: Sequence[float]) -> str:
    """ "Worked out exactly, the chances of winning are: Ana 30.7 percent, Bo 32.8 percent, and Cy 36.5
    percent." (every seat, seat 1 first)."""
    items = [
        # Translators: practice mode, odds lesson: one player's chance of winning, in percent to one
        # decimal: "Bo: 32.8 percent".
        _("{name}: {percent} percent").format(name=scene.name(seat), percent=percent_tenths(chance))
        for seat, chance in enumerate(chances)
    ]
    # Translators: practice mode, odds lesson: every player's chance of winning from the start, worked out
    # by the game; {odds} lists them ("Ana: 30.7 percent, Bo: 32.8 percent, and Cy: 36.5 percent").
    return _("Worked out exactly, the chances of winning are {odds}.").format(odds=and_list(items))


def reasons(scene: Scene, chances: Sequence[float], ask: Ask, subject: Seat, answer: int | bool) -> list[str]:
    """Why the answer is what it is, in plain words: facts of the rules (who rolls when, who gets whose
    chips, R1, R5), each said only where the chances as said show its point."""
    first, second, last = 0, 1, len(chances) - 1
    out: list[str] = []
    if ask is Ask.MOST_LIKELY and answer == last:
        out.append(_last_reason(scene))
    elif (ask is Ask.LEAST_LIKELY and answer == first) or (ask is Ask.IS_LEAST_LIKELY and not answer):
        if clearly_least(chances, first):
            out.append(_first_reason(scene))
        if said(chances[second]) > said(chances[first]):
            out.append(_second_above_reason(scene))
    elif (ask is Ask.LEAST_LIKELY and answer == second) or (ask is Ask.IS_LEAST_LIKELY and answer):
        out.append(_second_below_reason(scene))
    elif ask is Ask.MORE_LIKELY and subject == second:
        above = answer == second
        out.append(_second_above_reason(scene) if above else _second_below_reason(scene))
    elif ask is Ask.MORE_LIKELY and answer == subject:
        if clearly_least(chances, first):  # not where another seat is lower still: it would mislead
            out.append(_first_reason(scene))
        if subject == last:
            out.append(_last_reason(scene))
    return out


def _first_reason(scene: Scene) -> str:
    # Translators: practice mode, odds lesson: why the first player to roll is worse off; {name} rolls
    # first. Said only when the chances just said show it.
    return _("{name} rolls first, so {name} gives chips away before receiving any.").format(
        name=scene.name(0)
    )


def _second_above_reason(scene: Scene) -> str:
    # Translators: practice mode, odds lesson: why the second player to roll ({second}) is better off than
    # the first ({first}). Said only when the chances just said show it.
    text = _(
        "{second} rolls right after {first}, yet has the better chance: each L that {first} rolls gives "
        "{second} a chip before {second} rolls."
    )
    return text.format(first=scene.name(0), second=scene.name(1))


def _second_below_reason(scene: Scene) -> str:
    # Translators: practice mode, odds lesson: the second player to roll ({second}) gets the first
    # player's ({first}) L chips, and is still worse off at this table. Said only when the chances just
    # said show it.
    text = _(
        "{second} gets a chip from each L that {first} rolls, yet at this table {second}'s chance comes out "
        "below {first}'s."
    )
    return text.format(first=scene.name(0), second=scene.name(1))


def _last_reason(scene: Scene) -> str:
    last = len(scene.names) - 1
    # Translators: practice mode, odds lesson: why the last player to roll ({last}) is best off; {first}
    # rolls first, and an R passes a chip to the right, to the player who rolled before. Said only when the
    # chances just said show it.
    text = _(
        "{last} rolls last: {last}'s chips stay put while everyone else rolls, and each R that {first} "
        "rolls gives {last} a chip."
    )
    return text.format(first=scene.name(0), last=scene.name(last))


def odds_conclusion(scene: Scene, ask: Ask, subject: Seat, answer: int | bool) -> str:
    """The last sentence of an explanation: the right answer, said plainly."""
    if ask is not Ask.IS_LEAST_LIKELY:
        # Translators: practice mode explanation, last sentence of a question answered with a player.
        return _("So the answer is {name}.").format(name=scene.name(int(answer)))
    if answer:
        # Translators: practice mode explanation, odds lesson, last sentence: yes, {name} is least likely
        # to win.
        return _("So yes: {name} is the least likely to win.").format(name=scene.name(subject))
    # Translators: practice mode explanation, odds lesson, last sentence: no, {name} is not the least likely
    # to win.
    return _("So no: another player is less likely to win than {name}.").format(name=scene.name(subject))
