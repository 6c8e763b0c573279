"""Narration golden tests (DESIGN.md §3, §4): exact English for every kind of event, from real games.

Every scenario plays real actions through :func:`new_game` and :func:`step` with chosen rolls, hands each
batch to one :class:`Narrator` as the play screen does, and compares what it would say, word for word.
Seats are 0-based; Ana is seat 0, Bo seat 1 (Ana's left), Cy seat 2, Di seat 3.
"""

from __future__ import annotations

import gettext
import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from lcr_audio import i18n
from lcr_audio.engine import (
    Action,
    ChooseSeat,
    Event,
    Face,
    Phase,
    Reverse,
    Roll,
    Rules,
    ThreeWilds,
    TurnEnded,
    WinCondition,
    new_game,
    step,
)
from lcr_audio.narration import CUE_NAMES, Narrator, Priority, Utterance

L, C, R, D, W = Face.LEFT, Face.CENTER, Face.RIGHT, Face.DOT, Face.WILD
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo")
EVENT, IMPORTANT, ANSWER = Priority.EVENT, Priority.IMPORTANT, Priority.ANSWER


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test speaks English, whatever another test set."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


class Table:
    """One game driven by chosen actions, narrated batch by batch."""

    def __init__(self, rules: Rules, humans: Sequence[int] = (), first: int = 0) -> None:
        self.narrator = Narrator(NAMES[: rules.players], humans)
        self.state, events = new_game(rules, first)
        self.events: list[Event] = list(events)
        self.first = self.narrator.narrate(events, self.state)

    def play(self, *actions: Action | tuple[Face, ...]) -> list[Utterance]:
        """Apply the actions (a tuple of faces is a roll) and return everything said, in order."""
        said: list[Utterance] = []
        for action in actions:
            self.state, events = step(self.state, Roll(action) if isinstance(action, tuple) else action)
            self.events.extend(events)
            said.extend(self.narrator.narrate(events, self.state))
        return said

    def texts(self, *actions: Action | tuple[Face, ...]) -> list[str]:
        """Like :meth:`play`, the texts only."""
        return [u.text for u in self.play(*actions)]


def U(text: str, priority: Priority = EVENT, *cues: str) -> Utterance:
    return Utterance(text, priority, cues)


# --- the start ------------------------------------------------------------------------------------------


def test_game_start_with_a_computer_first() -> None:
    table = Table(Rules())
    assert table.first == [
        U("A game of 3 players: Ana, Bo, and Cy. Everyone starts with 3 chips. Ana rolls first.", IMPORTANT)
    ]


def test_game_start_with_a_person_first_asks_at_once_and_does_not_repeat_the_chips() -> None:
    table = Table(Rules(players=4, chips=1), humans=[2], first=2)
    assert table.first == [
        U("A game of 4 players: Ana, Bo, Cy, and Di. Everyone starts with 1 chip.", IMPORTANT),
        U("Your turn, Cy. Press Space to roll 1 die.", IMPORTANT, "turn"),
    ]


# --- ordinary turns -------------------------------------------------------------------------------------


def test_a_turn_is_one_utterance_with_the_summary() -> None:
    table = Table(Rules())
    assert table.play((L, D, C)) == [
        U("Ana rolls L, dot, C. Ana 1, Bo 4, pot 1.", EVENT, "dice", "chip-left", "chip-pot")
    ]


def test_summary_names_the_roller_and_only_the_seats_that_changed() -> None:
    table = Table(Rules())
    table.play((D, D, D))
    assert table.play((R, R, D)) == [
        U("Bo rolls R, R, dot. Bo 1, Ana 5.", EVENT, "dice", "chip-right", "chip-right")
    ]
    assert table.texts((D, D, D)) == ["Cy rolls dot, dot, dot. Cy 3."]


def test_a_person_hears_their_turn_and_its_result_as_important() -> None:
    table = Table(Rules(), humans=[1])
    assert table.play((L, L, C)) == [
        U("Ana rolls L, L, C. Ana 0, Bo 5, pot 1.", EVENT, "dice", "chip-left", "chip-left", "chip-pot"),
        U("Your turn, Bo. You have 5 chips. Press Space to roll 3 dice.", IMPORTANT, "turn"),
    ]
    assert table.play((C, D, D)) == [U("Bo rolls C, dot, dot. Bo 4, pot 2.", IMPORTANT, "dice", "chip-pot")]


def test_a_person_with_one_chip_rolls_one_die() -> None:
    table = Table(Rules(), humans=[1])
    table.play((D, D, D))  # Ana
    table.play((L, L, D))  # Bo (human) gives 2 to Cy: 1 left
    table.play((D, D, D))  # Cy
    assert table.play((D, D, D))[-1] == U(
        "Your turn, Bo. You have 1 chip. Press Space to roll 1 die.", IMPORTANT, "turn"
    )


def test_roll_key_name_comes_from_the_caller() -> None:
    table = Table(Rules(), humans=[0])
    narrator = Narrator(NAMES[:3], [0], roll_key="Enter")
    assert narrator.prompt(table.state) == U(
        "Your turn, Ana. You have 3 chips. Press Enter to roll 3 dice.", IMPORTANT, "turn"
    )


# --- skipped seats, reset -------------------------------------------------------------------------------


def test_one_skipped_seat() -> None:
    table = Table(Rules(chips=1))
    table.play((R,))  # Ana's chip goes right, to Cy
    table.play((D,))  # Bo
    assert table.play((C, D)) == [
        U("Cy rolls C, dot. Cy 1, pot 1.", EVENT, "dice", "chip-pot"),
        U("Ana has no chips and passes the dice."),
    ]


def test_consecutive_skipped_seats_share_one_sentence() -> None:
    table = Table(Rules(players=4, chips=1), humans=[2])
    table.play((R,))  # Ana -> Di
    table.play((L,))  # Bo -> Cy
    table.play((D, D))  # Cy
    assert table.play((D, D)) == [
        U("Di rolls dot, dot. Di 2.", EVENT, "dice"),
        U("Ana and Bo have no chips and pass the dice."),
        U("Your turn, Cy. You have 2 chips. Press Space to roll 2 dice.", IMPORTANT, "turn"),
    ]


def test_reset_when_nobody_has_chips() -> None:
    table = Table(Rules(chips=1, win=WinCondition.ROLL_ALL_DOTS))
    table.play((C,), (C,))
    assert table.play((C,)) == [
        U("Cy rolls C. Cy 0, pot 3.", EVENT, "dice", "chip-pot"),
        U(
            "Nobody has any chips left, so everyone gets 1 chip again. The pot keeps its 3 chips.",
            IMPORTANT,
            "reset",
        ),
    ]
    # The next turn's summary counts from the reset, not from before it.
    assert table.texts((L,)) == ["Ana rolls L. Ana 0, Bo 2."]


def test_reset_plural_chips() -> None:
    table = Table(Rules(chips=2, win=WinCondition.ROLL_ALL_DOTS))
    table.play((C, C), (C, C))
    assert table.texts((C, C))[-1] == (
        "Nobody has any chips left, so everyone gets 2 chips again. The pot keeps its 6 chips."
    )


# --- winning --------------------------------------------------------------------------------------------


def test_win_last_with_chips_singular_pot() -> None:
    table = Table(Rules(chips=1))
    table.play((C,))
    assert table.play((L,)) == [
        U("Bo rolls L. Bo 0, Cy 2.", EVENT, "dice", "chip-left"),
        U("Cy wins with 3 chips. 1 of them came from the pot.", IMPORTANT, "chip-pot", "win"),
    ]


def test_win_last_with_chips_plural_pot() -> None:
    table = Table(Rules(chips=2))
    table.play((C, C))
    assert table.texts((L, L)) == [
        "Bo rolls L, L. Bo 0, Cy 4.",
        "Cy wins with 6 chips. 2 of them came from the pot.",
    ]


def test_win_without_pot() -> None:
    table = Table(Rules(chips=1))
    table.play((L,))  # Ana -> Bo
    assert table.play((L, L)) == [
        U("Bo rolls L, L. Bo 0, Cy 3.", EVENT, "dice", "chip-left", "chip-left"),
        U("Cy wins with 3 chips.", IMPORTANT, "win"),
    ]


def test_win_by_rolling_all_dots() -> None:
    table = Table(Rules(chips=1, win=WinCondition.ROLL_ALL_DOTS))
    table.play((C,), (C,))
    assert table.texts((D,)) == [
        "Cy rolls dot. Cy 1.",
        "All dots! Cy wins with 3 chips. 2 of them came from the pot.",
    ]


def test_win_by_last_chip_in_pot() -> None:
    table = Table(Rules(chips=1, win=WinCondition.LAST_CHIP_IN_POT))
    table.play((C,), (C,))
    assert table.play((C,)) == [
        U("Cy rolls C. Cy 0, pot 3.", EVENT, "dice", "chip-pot"),
        U("Last chip in the pot! Cy wins with 3 chips.", IMPORTANT, "chip-pot", "win"),
    ]


def test_win_by_three_wilds() -> None:
    table = Table(Rules(wild=True, three_wilds=ThreeWilds.WIN))
    table.play((C, C, D))
    assert table.play((W, W, W)) == [
        U("Bo rolls Wild, Wild, Wild. Three Wilds! Bo takes the pot of 2 chips.", EVENT, "dice", "wild"),
        U("Bo wins at once with 5 chips.", IMPORTANT, "win"),
    ]


# --- Wilds ----------------------------------------------------------------------------------------------


def test_wild_take_by_a_person_is_told_in_two_parts_with_one_summary() -> None:
    table = Table(Rules(wild=True), humans=[0])
    first = table.play((W, L, D))
    assert first == [
        U("Ana rolls Wild, L, dot.", IMPORTANT, "dice", "chip-left"),
        U("Choose who to take a chip from.", IMPORTANT),
    ]
    second = table.play(ChooseSeat(2))
    assert second == [U("Ana takes a chip from Cy. Ana 3, Bo 4, Cy 2.", IMPORTANT, "wild")]
    summaries = [u.text for u in first + second if "Ana 3" in u.text or "Bo 4" in u.text]
    assert len(summaries) == 1


def test_a_computer_turn_with_wild_choices_is_one_utterance() -> None:
    table = Table(Rules(wild=True), humans=[0])
    table.play((D, D, D), (D, D, D))  # Ana (a person) and Bo: nothing moves
    assert table.play((W, W, D)) == []  # Cy must choose: nothing said yet
    assert table.play(ChooseSeat(0)) == []
    assert table.play(ChooseSeat(0)) == [
        U("Cy rolls Wild, Wild, dot. Cy takes 2 chips from Ana. Cy 5, Ana 1.", EVENT, "dice", "wild", "wild"),
        U("Your turn, Ana. You have 1 chip. Press Space to roll 1 die.", IMPORTANT, "turn"),
    ]


def test_wild_with_nobody_to_take_from() -> None:
    table = Table(Rules(chips=1, wild=True, win=WinCondition.ROLL_ALL_DOTS))
    table.play((C,), (C,))
    assert table.play((W,)) == [
        U("Cy rolls Wild. Nobody else has a chip, so the Wild takes nothing. Cy 1.", EVENT, "dice"),
        U("Ana and Bo have no chips and pass the dice."),
    ]


def test_two_wilds_with_nobody_to_take_from() -> None:
    table = Table(Rules(chips=2, wild=True, win=WinCondition.ROLL_ALL_DOTS))
    table.play((C, C), (C, C))
    assert (
        table.texts((W, W))[0]
        == "Cy rolls Wild, Wild. Nobody else has a chip, so the 2 Wilds take nothing. Cy 2."
    )


def test_three_wilds_take_the_pot_singular_and_plural() -> None:
    table = Table(Rules(wild=True))
    table.play((C, D, D))
    assert table.play((W, W, W)) == [
        U(
            "Bo rolls Wild, Wild, Wild. Three Wilds! Bo takes the pot of 1 chip. Bo 4, pot 0.",
            EVENT,
            "dice",
            "wild",
        )
    ]
    table = Table(Rules(wild=True))
    table.play((C, C, D))
    assert table.texts((W, W, W)) == [
        "Bo rolls Wild, Wild, Wild. Three Wilds! Bo takes the pot of 2 chips. Bo 5, pot 0."
    ]


def test_three_wilds_with_an_empty_pot() -> None:
    table = Table(Rules(wild=True))
    assert table.texts((W, W, W)) == ["Ana rolls Wild, Wild, Wild. Three Wilds, but the pot is empty. Ana 3."]


# --- reversible dice ------------------------------------------------------------------------------------


def test_a_person_is_asked_to_reverse_then_to_roll() -> None:
    table = Table(Rules(chips=4, reversible=True), humans=[0])
    assert table.first[-1] == U(
        "Your turn, Ana. Reverse the dice? It costs 3 chips. Press Y or N.", IMPORTANT, "turn"
    )
    assert table.play(Reverse(True)) == [
        U("Ana reverses the dice and puts 3 chips in the pot.", IMPORTANT, "reverse", "chip-pot"),
        U("Press Space to roll 3 reversed dice.", IMPORTANT),
    ]
    assert table.play((L, R, C)) == [
        U(
            "Ana rolls the reversed dice: L, R, C. Ana takes a chip from Bo. Ana takes a chip from Cy. "
            "Ana takes a chip from the pot. Ana 4, Bo 3, Cy 3, pot 2.",
            IMPORTANT,
            "dice",
            "chip-left",
            "chip-right",
            "chip-pot",
        )
    ]


def test_a_declined_reversal_says_nothing_but_the_roll_question() -> None:
    table = Table(Rules(chips=4, reversible=True), humans=[0])
    assert table.play(Reverse(False)) == [U("Press Space to roll 3 dice.", IMPORTANT)]
    assert table.texts((D, D, L)) == ["Ana rolls dot, dot, L. Ana 3, Bo 5."]
    assert table.play(Reverse(False)) == []  # Bo, a computer player: nothing to hear yet


def test_a_computer_reversal_is_told_with_its_roll() -> None:
    table = Table(Rules(chips=4, reversible=True))
    assert table.play(Reverse(True)) == []
    assert table.texts((L, L, D)) == [
        "Ana reverses the dice and puts 3 chips in the pot. Ana rolls the reversed dice: L, L, dot. "
        "Ana takes 2 chips from Bo. Ana 3, Bo 2, pot 3."
    ]


def test_reversed_letter_with_nobody_to_take_from() -> None:
    table = Table(Rules(players=4, chips=4, reversible=True))
    table.play(Reverse(False), (R, R, R))  # Ana: Di 7, Ana 1
    table.play(Reverse(False), (L, L, L))  # Bo: Cy 7, Bo 1
    table.play(Reverse(False), (C, C, C))  # Cy 4, pot 3
    table.play(Reverse(False), (R, R, R))  # Di: Cy 7, Di 4
    table.play((C,))  # Ana 0, pot 4
    table.play((R,))  # Bo -> Ana: Ana 1, Bo 0
    assert table.texts(Reverse(True), (R, R, L)) == [
        "Cy reverses the dice and puts 3 chips in the pot. Cy rolls the reversed dice: R, R, L. "
        "Bo has no chip left to take. Cy takes a chip from Di. Cy 5, Di 3, pot 7."
    ]


def test_reversed_wild_gives_and_then_has_nothing_left_to_give() -> None:
    table = Table(Rules(chips=4, reversible=True, wild=True), humans=[0])
    table.play(Reverse(True))
    assert table.play((W, W, D)) == [
        U("Ana rolls the reversed dice: Wild, Wild, dot.", IMPORTANT, "dice"),
        U("Choose who to give a chip to.", IMPORTANT),
    ]
    assert table.play(ChooseSeat(2))[0] == U(
        "Ana gives a chip to Cy. Ana has no chip left, so the Wild gives nothing. Ana 0, Cy 5, pot 3.",
        IMPORTANT,
        "wild",
    )


def test_three_reversed_wilds_singular_and_plural() -> None:
    table = Table(Rules(chips=4, reversible=True, wild=True))
    table.play(Reverse(True))
    assert table.play((W, W, W)) == [
        U(
            "Ana reverses the dice and puts 3 chips in the pot. "
            "Ana rolls the reversed dice: Wild, Wild, Wild. "
            "Three reversed Wilds: Ana puts 1 chip in the pot. Ana 0, pot 4.",
            EVENT,
            "reverse",
            "chip-pot",
            "dice",
            "wild",
        )
    ]
    table = Table(Rules(chips=6, reversible=True, wild=True))
    table.play(Reverse(True))
    assert "Three reversed Wilds: Ana puts all 3 chips in the pot. Ana 0, pot 6." in table.texts((W, W, W))[0]


# --- answers --------------------------------------------------------------------------------------------


def test_status_pot_and_seats() -> None:
    table = Table(Rules(players=4))
    table.play((L, D, C))
    narrator, state = table.narrator, table.state
    assert narrator.status(state) == U("Ana 1, Bo 4, Cy 3, Di 3, pot 1.", ANSWER)
    assert narrator.pot(state) == U("Pot: 1 chip.", ANSWER)
    assert narrator.seat(state, 0) == U("Seat 1, Ana: 1 chip.", ANSWER)
    assert narrator.seat(state, 1) == U("Seat 2, Bo: 4 chips.", ANSWER)
    assert narrator.seat(state, 6) == U("There is no seat 7; this table has 4 seats.", ANSWER)
    table.play((C, C, D))
    assert narrator.pot(table.state) == U("Pot: 3 chips.", ANSWER)
    assert Table(Rules()).narrator.pot(Table(Rules()).state) == U("The pot is empty.", ANSWER)


def test_whose_turn() -> None:
    table = Table(Rules(wild=True), humans=[0])
    narrator = table.narrator
    assert narrator.whose_turn(table.state) == U(
        "Your turn, Ana. You have 3 chips. Press Space to roll 3 dice.", ANSWER
    )
    table.play((D, D, D))
    assert narrator.whose_turn(table.state) == U("Bo's turn, with 3 chips.", ANSWER)
    table.play((W, D, D))
    assert table.state.phase is Phase.WILD_TAKE
    assert narrator.whose_turn(table.state) == U("Bo is choosing who to take a chip from.", ANSWER)
    ended = Table(Rules(chips=1))
    ended.play((C,), (L,))
    assert ended.narrator.whose_turn(ended.state) == U("The game is over: Cy won with 3 chips.", ANSWER)


def test_prompt_for_each_decision_and_none_otherwise() -> None:
    table = Table(Rules(chips=4, reversible=True, wild=True), humans=[0])
    narrator = table.narrator
    assert narrator.prompt(table.state) == U(
        "Your turn, Ana. You have 4 chips. Reverse the dice? It costs 3 chips. Press Y or N.",
        IMPORTANT,
        "turn",
    )
    table.play(Reverse(True))
    assert narrator.prompt(table.state) == U(
        "Your turn, Ana. You have 1 chip. Press Space to roll 3 reversed dice.", IMPORTANT, "turn"
    )
    table.play((W, D, D))
    assert narrator.prompt(table.state) == U("Choose who to give a chip to.", IMPORTANT)
    table.play(ChooseSeat(1))
    assert narrator.prompt(table.state) is None  # Bo is a computer player
    ended = Table(Rules(chips=1), humans=[0, 1, 2])
    ended.play((C,), (L,))
    assert ended.state.over
    assert ended.narrator.prompt(ended.state) is None


def test_face_names() -> None:
    narrator = Narrator(NAMES[:3])
    assert [narrator.face(f) for f in (L, C, R, D, W)] == ["L", "C", "R", "dot", "Wild"]


# --- whole games ----------------------------------------------------------------------------------------


def random_game(
    seed: int, rules: Rules, humans: Sequence[int]
) -> Iterator[tuple[Sequence[Event], list[Utterance]]]:
    """Play a whole game with random faces and choices; yield each batch and what was said for it."""
    rng = random.Random(seed)
    narrator = Narrator(NAMES[: rules.players], humans)
    state, events = new_game(rules)
    yield events, narrator.narrate(events, state)
    for _ in range(2000):
        if state.over:
            return
        action: Action
        if state.phase is Phase.REVERSE:
            action = Reverse(rng.random() < 0.5)
        elif state.phase is Phase.ROLL:
            action = Roll(tuple(rng.choice(rules.die) for _ in range(state.dice_to_roll)))
        else:
            action = ChooseSeat(rng.choice(state.choices))
        state, events = step(state, action)
        yield events, narrator.narrate(events, state)


@pytest.mark.parametrize("seed", range(40))
def test_random_games_say_every_turn_once_and_only_known_cues(seed: int) -> None:
    rules = Rules(
        players=3 + seed % 4,
        chips=1 + seed % 5,
        wild=seed % 2 == 0,
        reversible=seed % 3 == 0,
        win=list(WinCondition)[seed % 3],
        three_wilds=list(ThreeWilds)[seed % 2],
    )
    turns_ended = summaries = 0
    all_said: list[Utterance] = []
    for events, said in random_game(seed, rules, humans=[0] if seed % 2 else []):
        turns_ended += sum(isinstance(e, TurnEnded) for e in events)
        all_said.extend(said)
    for u in all_said:
        assert u.text and u.text == u.text.strip()
        assert not re.search(r"[{}]|None|Seat \d", u.text), u.text
        assert u.text[-1] in ".?!", u.text
        assert set(u.cues) <= set(CUE_NAMES)
        assert u.priority is not ANSWER
    summaries = sum(bool(re.search(r"\b([A-Z][a-z]+|pot) \d+\.$", u.text)) for u in all_said)
    assert summaries == turns_ended
    assert any("win" in u.cues for u in all_said)


def test_a_narrator_that_joins_mid_game_sums_up_from_where_it_joined() -> None:
    table = Table(Rules(wild=True))
    table.play((C, D, D), (W, D, D))  # Bo must choose
    late = Narrator(NAMES[:3])
    state, events = step(table.state, ChooseSeat(0))
    assert late.narrate(events, state) == [U("Bo takes a chip from Ana. Bo 4, Ana 1.", EVENT, "wild")]


def test_everything_said_goes_through_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a catalog that upper-cases every message, no lower-case English can be left in any sentence."""

    class Shouting(gettext.NullTranslations):
        @staticmethod
        def shout(text: str) -> str:
            return re.sub(r"(\{[a-z_]+\})|[a-z]", lambda m: m.group(1) or m.group(0).upper(), text)

        def gettext(self, message: str) -> str:
            return self.shout(message)

        def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
            return self.shout(msgid1 if n == 1 else msgid2)

        def pgettext(self, context: str, message: str) -> str:
            return self.shout(message)

        def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
            return self.shout(msgid1 if n == 1 else msgid2)

    monkeypatch.setattr(i18n, "_translations", Shouting())
    monkeypatch.setattr(i18n, "_language", "ja")  # CLDR list patterns without Latin words
    said: list[Utterance] = []
    for seed in range(12):
        rules = Rules(wild=True, reversible=seed % 2 == 0, chips=4, win=list(WinCondition)[seed % 3])
        for _events, utterances in random_game(seed, rules, humans=[0, 1]):
            said.extend(utterances)
    narrator = Narrator(("ANA", "BO", "CY"), [0])
    state, _events = new_game(Rules())
    said += [narrator.status(state), narrator.pot(state), narrator.whose_turn(state), narrator.seat(state, 9)]
    for u in said:
        text = re.sub(r"\b(" + "|".join(NAMES) + r")\b", "", u.text)
        assert not re.search(r"[a-z]", text), u.text


def test_a_translation_replaces_whole_sentences_and_plurals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real catalog (a .po compiled by i18n) changes sentences, face names, plurals and list joining."""
    folder = tmp_path / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "lcr_audio.po").write_text(
        """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "{name} rolls {faces}."
msgstr "{name} tira {faces}."

msgctxt "face"
msgid "dot"
msgstr "punto"

msgctxt "summary"
msgid "{name} {count}"
msgid_plural "{name} {count}"
msgstr[0] "{name}: {count} ficha"
msgstr[1] "{name}: {count} fichas"

msgctxt "summary"
msgid "pot {count}"
msgid_plural "pot {count}"
msgstr[0] "bote: {count}"
msgstr[1] "bote: {count}"
""",
        encoding="utf-8",
    )
    monkeypatch.setattr(i18n, "locales_dir", lambda: tmp_path)
    i18n.set_language("es")
    table = Table(Rules())
    assert table.texts((L, D, C)) == ["Ana tira L, punto y C. Ana: 1 ficha, Bo: 4 fichas y bote: 1."]
