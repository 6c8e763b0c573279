"""Words of issue 21, item 13 that reached every language as English or with a wrong form: the computer
players' names (greedy, careful) said in the player's language while ``--policy`` keeps its values; the
setup's careful value without a second colon; "1 chip" in the odds' position error; the person at the
keyboard in lower case in the middle of a list."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from lcr_audio import i18n
from lcr_audio.cli import main
from lcr_audio.game.bots import PolicyName
from lcr_audio.narration.you import you_in_list
from lcr_audio.tui.setup import computer_players_option

LOCALES = Path(__file__).resolve().parent.parent / "locales"
POLICY_HELP = (
    "how a seat's computer player decides: greedy (the usual) or careful; may be given for each seat"
)
"""The --policy option's help, which names the values typed after it."""
LANGUAGES = sorted(p.parent.parent.name for p in LOCALES.glob("*/LC_MESSAGES/lcr_audio.po"))


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalog_says_greedy_or_careful_in_english_but_beside_policy(lang: str) -> None:
    """greedy and careful are typed after --policy and stay English there (its help and its error); every
    other sentence says the language's own words (the messages with context policy)."""
    with (LOCALES / lang / "LC_MESSAGES" / "lcr_audio.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    english = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if not message.id or any("--policy" in i or i == POLICY_HELP for i in ids):
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if any(re.search(r"\b(greedy|careful)\b", s, re.IGNORECASE) for s in strings):
            english.append(ids[0])
    assert english == [], f"{lang}: say greedy and careful in {lang}: {english[:3]}"


@pytest.mark.parametrize(
    ("lang", "greedy", "careful"), [("en", "greedy", "careful"), ("fr", "glouton", "prudent")]
)
def test_policy_names_are_translated_labels_and_values_stay(lang: str, greedy: str, careful: str) -> None:
    i18n.set_language(lang)
    assert (PolicyName.GREEDY.label, PolicyName.CAREFUL.label) == (greedy, careful)
    assert (PolicyName.GREEDY.value, PolicyName.CAREFUL.value) == ("greedy", "careful")


@pytest.mark.system
def test_simulate_names_each_seat_s_computer_player_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        ["--lang", "fr", "simulate", "--wild", "--games", "20", "--seed", "2", "--policy", "2=careful"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "Place 1, glouton : gagne " in out and "Place 2, prudent : gagne " in out
    assert not re.search(r"\b(greedy|careful)\b", out, re.IGNORECASE), out
    i18n.set_language("en")
    main(["simulate", "--wild", "--games", "20", "--seed", "2", "--policy", "2=careful", "--csv"])
    assert ",careful," in capsys.readouterr().out  # the CSV keeps the value, as typed


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_the_careful_value_has_no_colon_of_its_own(lang: str) -> None:
    """Heard after "Computer players:", the value adds no second colon ("careful, choosing by the odds")."""
    i18n.set_language(lang)
    for _value, label in computer_players_option().values:
        assert ":" not in label, label


@pytest.mark.parametrize(
    ("position", "sentence"),
    [
        (["--position", "1,0,0", "--pot", "0"], "The seats and the pot hold 1 chip, but this game has 9."),
        (["--position", "2,0,0", "--pot", "0"], "The seats and the pot hold 2 chips, but this game has 9."),
    ],
)
def test_the_position_error_counts_one_chip(
    capsys: pytest.CaptureFixture[str], position: list[str], sentence: str
) -> None:
    assert main(["odds", *position]) == 2
    assert capsys.readouterr().err == sentence + "\n"


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_you_is_lower_case_in_the_middle_of_a_list(lang: str) -> None:
    i18n.set_language(lang)
    first, later = you_in_list(first=True), you_in_list(first=False)
    assert first[:1].isupper() and later[:1].islower()
    assert first.casefold() == later.casefold()
