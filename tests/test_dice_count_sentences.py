"""Sentences that say how many dice a reversed roll uses take the number from the engine, not from a written
"3" (issue 23, item 8): a rule that changed the count would be said right in every language."""

from __future__ import annotations

import pytest

from lcr_audio.engine import Rules
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.narration import rules_summary, rules_text

pytestmark = pytest.mark.usefixtures("english")
"""Every test speaks English, whatever another test set (conftest's ``english``)."""


def reversible_text() -> str:
    return " ".join(
        next(s for s in rules_text.sections(Rules(reversible=True)) if s.key == "reversible").paragraphs
    )


def test_the_engines_count_is_said_as_today() -> None:
    assert MAX_DICE == 3
    assert "and you roll 3 dice." in rules_summary.reversal_explained(Rules(reversible=True))
    assert reversible_text().endswith("this game always rolls 3.")


@pytest.mark.parametrize(("count", "said"), [(2, "2 dice"), (1, "1 die")])
def test_another_count_is_said_with_its_number_and_plural(
    monkeypatch: pytest.MonkeyPatch, count: int, said: str
) -> None:
    monkeypatch.setattr(rules_summary, "MAX_DICE", count)
    monkeypatch.setattr(rules_text, "MAX_DICE", count)
    assert f"and you roll {said}." in rules_summary.reversal_explained(Rules(reversible=True))
    assert reversible_text().endswith(f"this game always rolls {count}.")
