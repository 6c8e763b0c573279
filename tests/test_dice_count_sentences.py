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


def test_practice_says_the_most_dice_from_the_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dice lesson's introduction and its explanations say the engine's count, not a written "3"
    (issue 25, item 3): with another count they say that one."""
    from dataclasses import replace

    from lcr_audio.narration.practice import lesson, questions
    from lcr_audio.narration.practice import sentences as practice_sentences

    dice = lesson("dice")
    assert dice.intro_count == MAX_DICE
    assert "but never more than 3." in dice.intro
    assert "but never more than 2." in replace(dice, intro_count=2).intro
    explained = [q.explanation for q in questions("dice", 1) if "one die per chip" in q.explanation]
    assert explained and all("but never more than 3." in text for text in explained)
    monkeypatch.setattr(practice_sentences, "MAX_DICE", 2)
    explained = [q.explanation for q in questions("dice", 1) if "one die per chip" in q.explanation]
    assert explained and all("but never more than 2." in text for text in explained)


def test_no_practice_sentence_writes_the_dice_count() -> None:
    """No sentence of practice says a number of dice as a written digit ("never more than 3", "roll 3
    dice", "always rolls 3"): checked in the sources, where every such number is a placeholder."""
    import re
    from pathlib import Path

    import lcr_audio.narration.practice as practice
    import lcr_audio.tui.practice as screen

    folder = Path(practice.__file__).parent
    written = re.compile(r"more than \d\.|rolls? \d\b|\d dice|\d at a time")
    for path in [*folder.glob("*.py"), Path(screen.__file__)]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip().startswith(("#", '"""')):
                continue  # comments and docstrings may say how the game plays today
            for literal in re.findall(r'"([^"]*)"', line):
                assert not written.search(literal), f"{path.name}:{number}: {line.strip()}"


def turn_text(rules: Rules | None = None) -> str:
    return " ".join(next(s for s in rules_text.sections(rules) if s.key == "turn").paragraphs)


def test_the_turn_section_says_the_engines_counts() -> None:
    text = turn_text(Rules(reversible=True))
    assert text.startswith(
        "On your turn you roll one die for each chip you hold, but never more than 3. With 3 chips or more "
        "you roll 3 dice. With 2 chips you roll 2 dice. With 1 chip you roll 1 die."
    )
    assert "For example, with 4 chips you roll 3 dice." in text
    assert "You have 2 chips left, so next time you roll 2 dice." in text
    assert text.endswith(
        "In this game, with more than 3 chips you may reverse the dice first: see Reversible dice."
    )


def test_the_turn_section_follows_another_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23, item 8: "A turn" wrote "never more than 3" and "3 dice" itself; it asks the engine."""
    from lcr_audio.engine import rules as engine_rules

    monkeypatch.setattr(engine_rules, "MAX_DICE", 2)  # what dice_for reads
    monkeypatch.setattr(rules_text, "MAX_DICE", 2)
    monkeypatch.setattr(rules_text, "REVERSAL_COST", 4)
    text = turn_text(Rules(reversible=True))
    assert text.startswith(
        "On your turn you roll one die for each chip you hold, but never more than 2. With 2 chips or more "
        "you roll 2 dice. With 1 chip you roll 1 die. "
    )
    assert "3 dice" not in text and "more than 3" not in text
    assert "For example, with 3 chips you roll 2 dice." in text
    assert "You have 1 chip left, so next time you roll 1 die." in text
    assert text.endswith("with more than 4 chips you may reverse the dice first: see Reversible dice.")
