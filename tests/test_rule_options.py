"""Rule options declared once (issue 12, item 4): the command line, the setup's options walk, the rules
summary and the save format are built from ``lcr_audio.rule_options`` and say exactly what they said when
each was written out by hand."""

from __future__ import annotations

from dataclasses import fields

import pytest
from support.setup_questions import answer_setup

from lcr_audio.cli import UsageError, parse_arguments, table_from_options
from lcr_audio.engine import FirstPlayer, Rules, ThreeWilds, WinCondition
from lcr_audio.game.saves import from_document, to_document
from lcr_audio.game.session import Player, Session
from lcr_audio.narration.rules_summary import rules_summary
from lcr_audio.rule_options import RULE_OPTIONS

VARIANT = Rules(
    players=4,
    chips=5,
    wild=True,
    three_wilds=ThreeWilds.WIN,
    reversible=True,
    win=WinCondition.LAST_CHIP_IN_POT,
    first_player=FirstPlayer.RANDOM,
)


def test_every_field_of_the_rules_is_declared_once_in_its_order() -> None:
    assert [option.field for option in RULE_OPTIONS] == [f.name for f in fields(Rules)]


@pytest.mark.parametrize(
    ("words", "rules"),
    [
        ([], Rules()),
        (["--players", "10", "--chips", "1"], Rules(players=10, chips=1)),
        (["--wild"], Rules(wild=True)),
        (["--wild", "--three-wilds", "win"], Rules(wild=True, three_wilds=ThreeWilds.WIN)),
        (["--wild", "--three-wilds", "take-pot"], Rules(wild=True)),
        (["--reversible"], Rules(reversible=True)),
        (["--win", "roll-all-dots"], Rules(win=WinCondition.ROLL_ALL_DOTS)),
        (["--win", "last-chip-in-pot"], Rules(win=WinCondition.LAST_CHIP_IN_POT)),
        (["--win", "last-with-chips"], Rules()),
        (["--first", "random"], Rules(first_player=FirstPlayer.RANDOM)),
        (["--first", "1"], Rules()),
    ],
)
def test_each_flag_sets_its_rule(words: list[str], rules: Rules) -> None:
    assert table_from_options(parse_arguments(["play", *words]))[0] == rules


@pytest.mark.parametrize(
    ("words", "sentence"),
    [
        (["--three-wilds", "win"], "--three-wilds only matters with Wild dice: add --wild, or leave it out."),
        (["--win", "never"], "--win must be last-with-chips, roll-all-dots, or last-chip-in-pot, not never."),
        (["--first", "2"], "--first must be 1 or random, not 2."),
        (["--three-wilds", "banana"], "--three-wilds must be take-pot or win, not banana."),
        (["--chips", "11"], "Argument --chips: it must be a number from 1 to 10, not 11."),
    ],
)
def test_a_bad_rule_flag_gets_one_sentence(words: list[str], sentence: str) -> None:
    with pytest.raises(UsageError) as raised:
        table_from_options(parse_arguments(["play", *words]))
    assert sentence.lower() in str(raised.value).lower()


def test_the_summary_names_every_option_in_force() -> None:
    assert rules_summary(VARIANT) == (
        "4 players, 5 chips each. Wild dice on; three Wilds take the pot and win at once. Reversible dice on:"
        " with more than 3 chips you may pay 3 to reverse the dice. The last player with chips must put their"
        " last chips in the pot to win. A random player rolls first."
    )
    assert rules_summary(Rules(chips=1)) == (
        "3 players, 1 chip each. Wild dice off. Reversible dice off. The last player with chips wins."
    )


def test_reversible_dice_with_3_starting_chips_or_fewer_say_nobody_can_reverse_at_first() -> None:
    """Critic, 2 Dec: reversible dice with the default 3 chips said "with more than 3 chips you may pay 3"
    while nobody could reverse at the start; the hint is said only then (R2, R9)."""
    hint = "Nobody starts with more than 3 chips, so nobody can reverse at first."
    for chips in (1, 3):
        assert (
            "Reversible dice on: with more than 3 chips you may pay 3 to reverse the dice. " + hint
            in rules_summary(Rules(chips=chips, reversible=True))
        )
    assert hint not in rules_summary(Rules(chips=4, reversible=True))
    assert hint not in rules_summary(Rules(chips=3))


def test_a_save_writes_each_rule_by_its_field_name() -> None:
    session = Session(VARIANT, [Player(name) for name in ("Ana", "Bo", "Cy", "Dee")], seed=1)
    document = to_document(session)
    assert document["rules"] == {
        "players": 4,
        "chips": 5,
        "wild": True,
        "three_wilds": "win",
        "reversible": True,
        "win": "last-chip-in-pot",
        "first_player": "random",
    }
    assert from_document(document).session.rules == VARIANT


@pytest.mark.parametrize(
    ("field", "value", "sentence"),
    [
        ("players", 11, "The saved game's rule rules.players has a value this version cannot play: 11."),
        ("chips", 0, "The saved game's rule rules.chips has a value this version cannot play: 0."),
        ("win", "never", "The saved game's rule rules.win has a value this version cannot play: never."),
        ("wild", "yes", "The saved game's rules.wild field holds the wrong kind of value."),
        ("first_player", 1, "The saved game's rules.first_player field holds the wrong kind of value."),
    ],
)
def test_a_save_with_a_bad_rule_gets_one_sentence(field: str, value: object, sentence: str) -> None:
    from lcr_audio.game.saves import SaveError

    document = to_document(Session(Rules(), [Player(n) for n in ("Ana", "Bo", "Cy")], seed=1))
    document["rules"][field] = value
    with pytest.raises(SaveError) as raised:
        from_document(document)
    assert str(raised.value) == sentence


def test_a_save_reads_every_rules_type_before_any_value() -> None:
    from lcr_audio.game.saves import SaveError

    document = to_document(Session(Rules(), [Player(n) for n in ("Ana", "Bo", "Cy")], seed=1))
    del document["rules"]["reversible"]  # left out: its default (issue 23), no problem to report
    document["rules"]["players"] = 99  # out of range, but read after every field's type
    document["rules"]["win"] = 3
    with pytest.raises(SaveError) as raised:
        from_document(document)
    assert str(raised.value) == "The saved game's rules.win field holds the wrong kind of value."


TO_THE_RULES = (
    ("How many players", "\r"),
    ("How many of them play at this keyboard", "\r"),
    ("Name of player 1", "\r"),
)
"""Enter at each question before the rules: 3 players, one at the keyboard, the default name."""
WALK = ("Starting chips", "Wild dice", "Three Wilds", "Reversible dice", "Winning", "First player")
"""The options walk's questions, in order."""


def test_the_options_walk_asks_each_option_with_its_labels_and_default() -> None:
    """Enter for 3 players, 1 person, the name; O; then Right once on each option."""
    right = "\x1b[C"
    rules, _names, _humans, spoken = answer_setup(
        *TO_THE_RULES,
        ("Rules:", "o"),
        *[(title, right + "\r") for title in WALK],
        ("Computer players", "\r"),
        ("Options set.", "\r"),
    )
    walk = spoken[
        spoken.index(
            "Rules: 3 players, 3 chips each. Wild dice off. Reversible dice off. The last"
            " player with chips wins. Press Enter to start, or O to change the options."
        )
        + 1 :
    ]
    assert walk == [
        "Starting chips: 3 chips. Left and Right change it, Enter accepts it, D takes the defaults for everything"
        " left.",
        "Starting chips: 4 chips.",
        "Wild dice: off.",
        "Wild dice: on.",
        "Three Wilds: take the pot, and play goes on.",
        "Three Wilds: win at once, with the pot.",
        "Reversible dice: off.",
        "Reversible dice: on.",
        "Winning: last player with chips.",
        "Winning: roll all dots.",
        "First player: seat 1.",
        "First player: random.",
        "Computer players: usual.",  # issue 15's careful players, asked after the rule options
        "Options set. 3 players, 4 chips each. Wild dice on; three Wilds take the pot and win at once."
        " Reversible dice on: with more than 3 chips you may pay 3 to reverse the dice. The last player with"
        " chips must roll all dots to win. A random player rolls first. Press Enter to start, or O to change the"
        " options again.",
    ]
    assert rules == Rules(
        chips=4,
        wild=True,
        three_wilds=ThreeWilds.WIN,
        reversible=True,
        win=WinCondition.ROLL_ALL_DOTS,
        first_player=FirstPlayer.RANDOM,
    )


def test_the_walk_skips_three_wilds_without_wild_dice() -> None:
    right = "\x1b[C"
    rules, _names, _humans, spoken = answer_setup(
        *TO_THE_RULES,
        ("Rules:", "o"),
        ("Starting chips", "\r"),
        ("Wild dice", "\r"),
        ("Reversible dice", right + "\r"),  # no "Three Wilds" question between
        ("Winning", "\r"),
        ("First player", "\r"),
        ("Computer players", "\r"),
        ("Options set.", "\r"),
    )
    assert not any(text.startswith("Three Wilds") for text in spoken)
    assert rules == Rules(reversible=True)


def test_the_tests_rule_generators_cover_every_declared_option() -> None:
    """``any_rules`` and ``rule_combinations`` are built from the declaration: each value of each option (a
    number's lowest, default and highest) is drawn, so an option added later is tested without being named."""
    from hypothesis import find
    from support.engine import any_rules, rule_combinations

    combinations = rule_combinations()
    for option in RULE_OPTIONS:
        wanted = set(option.values)
        if isinstance(option.values[0], int) and not isinstance(option.values[0], bool):
            wanted = {option.values[0], option.default, option.values[-1]}
        assert {getattr(rules, option.field) for rules in combinations} == wanted, option.field
        for value in wanted:
            find(any_rules(), lambda rules, f=option.field, v=value: getattr(rules, f) == v)
