"""The odds cache file's key is derived from the rules' declaration (issue 23, item 2): a game under any rule
option never reads another game's cached table."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lcr_audio.engine import FirstPlayer, Rules, ThreeWilds
from lcr_audio.game.analysis.odds import TABLE_IGNORES, cache_path, exact_table
from lcr_audio.rule_options import RULE_OPTIONS, RuleOption


def _file(rules: Rules) -> str:
    """The name of ``rules``' cache file (what a later game looks for)."""
    return cache_path(rules, Path("cache")).name


def _where_it_applies(option: RuleOption[Any]) -> Rules:
    """Default rules with the switch ``option`` needs turned on (three Wilds need Wild dice)."""
    return Rules() if option.needs is None else replace(Rules(), **{option.needs: True})


CHANGES = [
    pytest.param(option, value, id=f"{option.field}={option.word(value)}")
    for option in RULE_OPTIONS
    for value in option.values
    if value != option.default
]


@pytest.mark.parametrize(("option", "value"), CHANGES)
def test_rules_differing_in_any_declared_option_have_different_keys(
    option: RuleOption[Any], value: Any
) -> None:
    """Every option of the declaration, every value: a new option is covered without being named here."""
    base = _where_it_applies(option)
    changed = replace(base, **{option.field: value})
    if option.field in TABLE_IGNORES:
        assert _file(changed) == _file(base)
    else:
        assert _file(changed) != _file(base), f"{option.field}={value!r} reads the table of {base}"


def test_equal_rules_have_equal_keys() -> None:
    """Rules built apart but equal read one file (the key is no object identity or run-dependent hash)."""
    for param in CHANGES:
        option, value = param.values
        rules = replace(_where_it_applies(option), **{option.field: value})
        again = Rules(**{option.field: getattr(rules, option.field) for option in RULE_OPTIONS})
        assert _file(again) == _file(rules)
    assert _file(Rules(players=4, chips=2)) == _file(Rules(chips=2, players=4))


def test_an_option_that_does_not_apply_shares_the_table() -> None:
    """Three Wilds without Wild dice change nothing: the same table, not a second solve."""
    assert _file(Rules(three_wilds=ThreeWilds.WIN)) == _file(Rules())
    assert _file(Rules(wild=True, three_wilds=ThreeWilds.WIN)) != _file(Rules(wild=True))


def test_the_fields_left_out_of_the_key_do_not_change_the_table() -> None:
    """What TABLE_IGNORES claims, solved: who rolls first gives the very same table."""
    assert {option.field for option in RULE_OPTIONS} >= TABLE_IGNORES
    base = Rules(players=3, chips=2, wild=True, reversible=True)
    for field in TABLE_IGNORES:
        for value in next(o for o in RULE_OPTIONS if o.field == field).values:
            other = exact_table(replace(base, **{field: value}))
            table = exact_table(base)
            assert np.array_equal(other.codes, table.codes) and np.allclose(other.win, table.win, atol=1e-12)
    assert FirstPlayer.RANDOM in next(o for o in RULE_OPTIONS if o.field == "first_player").values
