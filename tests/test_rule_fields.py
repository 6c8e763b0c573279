"""One policy for the fields of a ``"rules"`` object, a save's and a message's (issue 23, item 2): a field
left out takes its option's default, so a new option leaves every existing save and client readable; the
v1 saves read exactly as before."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from lcr_audio.engine import FirstPlayer, Rules, ThreeWilds, WinCondition
from lcr_audio.game.online.protocol import PROTOCOL_VERSION, rules_from_doc
from lcr_audio.game.saves import FORMAT_VERSION, from_document, load, to_document
from lcr_audio.game.session import Player, Session
from lcr_audio.rule_options import (
    RULE_OPTIONS,
    FieldProblem,
    RuleFieldError,
    RuleOption,
    rules_from_json,
    rules_to_json,
)

FIXTURES = Path(__file__).resolve().parent / "fixtures"

OPTIONS = [pytest.param(option, id=option.field) for option in RULE_OPTIONS]

VARIANT = Rules(
    players=5,
    chips=4,
    wild=True,
    three_wilds=ThreeWilds.WIN,
    reversible=True,
    win=WinCondition.ROLL_ALL_DOTS,
    first_player=FirstPlayer.RANDOM,
)


def _played(rules: Rules, decisions: int = 12) -> Session:
    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Hal", "Io", "Jo"][: rules.players]
    session = Session(rules, [Player(name) for name in names], seed=7)
    for _ in range(decisions):
        if session.state.over:
            break
        session.play_computer()
    return session


@pytest.mark.parametrize("option", OPTIONS)
def test_a_save_missing_a_rule_field_loads_with_its_default(option: RuleOption[Any]) -> None:
    """Every declared option (a new one too): a save without its field is the game at its default."""
    rules = replace(VARIANT, **{option.field: option.default})
    session = _played(rules)
    document = to_document(session)
    del document["rules"][option.field]
    loaded = from_document(document)
    assert loaded.session.rules == rules
    assert loaded.session.state == session.state


@pytest.mark.parametrize("option", OPTIONS)
def test_both_readers_give_a_missing_field_its_default(option: RuleOption[Any]) -> None:
    """The save's reader and the network's read one object alike: the one policy."""
    mapping = rules_to_json(VARIANT)
    del mapping[option.field]
    expected = replace(VARIANT, **{option.field: option.default})
    assert rules_from_doc(mapping) == expected
    assert rules_from_json(mapping, unknown="ignore") == expected
    assert from_document(to_document(_played(expected, 0)) | {"rules": mapping}).session.rules == expected


def test_an_empty_rules_object_is_the_standard_game() -> None:
    assert rules_from_json({}) == Rules() == rules_from_doc({})


def test_the_v1_saves_load_unchanged() -> None:
    """The fixtures written by version 1, every field present, read as they always did."""
    variants = load(FIXTURES / "save-v1-variants.json")
    assert variants.session.rules == VARIANT
    assert len(variants.session.actions) == 45
    standard = load(FIXTURES / "save-v1-standard-over.json")
    assert standard.session.rules == Rules()
    assert standard.session.state.over
    for name in ("save-v1-variants.json", "save-v1-standard-over.json"):
        document = json.loads((FIXTURES / name).read_text("utf-8"))
        assert rules_to_json(load(FIXTURES / name).session.rules) == document["rules"]


@pytest.mark.parametrize("option", OPTIONS)
def test_each_option_says_since_when_it_exists(option: RuleOption[Any]) -> None:
    """A version the save format and the protocol have reached (a new option bumps the save format,
    docs/save-format.md)."""
    assert 1 <= option.since <= FORMAT_VERSION
    assert option.since <= PROTOCOL_VERSION


def test_an_unknown_field_is_refused_by_a_message_and_ignored_by_a_save() -> None:
    mapping = rules_to_json(VARIANT) | {"colour": "blue"}
    with pytest.raises(RuleFieldError) as raised:
        rules_from_json(mapping)
    assert raised.value.problem is FieldProblem.UNKNOWN and raised.value.field == "colour"
    assert rules_from_json(mapping, unknown="ignore") == VARIANT
