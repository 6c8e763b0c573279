"""The rules reader (DESIGN.md §2, R1-R14): every section for every option, the rules in force first, the
"our reading" notes, and docs/rules.md kept up to date. The roll explainer's tests are in test_explain.py.
"""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.frontend import parse_keywords
from support.engine import every_variant, random_events, rule_combinations

from lcr_audio.engine import (
    ChipsReset,
    FirstPlayer,
    Rules,
    ThreeWilds,
    WinCondition,
)
from lcr_audio.narration.rules_text import (
    BASE_KEYS,
    SECTION_KEYS,
    VARIANT_KEYS,
    Section,
    sections,
)

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "make_rules_doc.py"
DOC = ROOT / "docs" / "rules.md"

ALL_RULES = rule_combinations([{"players": 3, "chips": 3}])
"""Every combination of the declared rule options (a new one too), three Wilds without Wild dice included."""


pytestmark = pytest.mark.usefixtures("english")
"""Every test speaks English, whatever another test set (conftest's ``english``)."""


def by_key(found: list[Section]) -> dict[str, Section]:
    return {s.key: s for s in found}


def expected_on(key: str, rules: Rules) -> bool:
    """Which variant sections describe something in force, worked out here independently of the module."""
    return {
        "wild": rules.wild,
        "three-wilds": rules.wild,
        "reversible": rules.reversible,
        "win-conditions": rules.win is not WinCondition.LAST_WITH_CHIPS,
        "reset": rules.win is WinCondition.ROLL_ALL_DOTS
        or (rules.win is WinCondition.LAST_CHIP_IN_POT and rules.wild and rules.reversible),
        "first-player": rules.first_player is FirstPlayer.RANDOM,
        "ordinary-dice": False,
    }[key]


# --- sections ----------------------------------------------------------------------------------------------


def test_without_rules_every_section_comes_in_the_documented_order() -> None:
    found = sections()
    assert [s.key for s in found] == list(SECTION_KEYS)
    assert SECTION_KEYS == (
        "aim",
        "setup",
        "turn",
        "faces",
        "no-chips",
        "winning",
        "wild",
        "three-wilds",
        "reversible",
        "win-conditions",
        "reset",
        "first-player",
        "ordinary-dice",
        "odds",
    )
    for section in found:
        assert section.title and section.paragraphs
        assert all(p.strip() == p and p.endswith((".", "?")) for p in section.paragraphs)


@pytest.mark.parametrize("rules", ALL_RULES, ids=repr)
def test_every_section_exists_for_every_combination_of_options(rules: Rules) -> None:
    found = sections(rules)
    keys = [s.key for s in found]
    assert sorted(keys) == sorted(SECTION_KEYS)
    assert tuple(keys[: len(BASE_KEYS)]) == BASE_KEYS
    for section in found:
        assert section.title and section.paragraphs and all(section.paragraphs)


@pytest.mark.parametrize("rules", ALL_RULES, ids=repr)
def test_variants_in_force_come_before_those_that_are_off(rules: Rules) -> None:
    variants = [s.key for s in sections(rules)][len(BASE_KEYS) : len(BASE_KEYS) + len(VARIANT_KEYS)]
    on = [k for k in VARIANT_KEYS if expected_on(k, rules)]
    off = [k for k in VARIANT_KEYS if not expected_on(k, rules)]
    assert variants == on + off


def test_in_force_order_for_one_game() -> None:
    rules = Rules(wild=True, win=WinCondition.ROLL_ALL_DOTS)
    assert [s.key for s in sections(rules)] == [
        *BASE_KEYS,
        "wild",
        "three-wilds",
        "win-conditions",
        "reset",
        "reversible",
        "first-player",
        "ordinary-dice",
        "odds",
    ]


@pytest.mark.parametrize(
    ("win", "phrase"),
    [
        (WinCondition.LAST_WITH_CHIPS, "In this game the last player with chips wins"),
        (WinCondition.ROLL_ALL_DOTS, "In this game the last player with chips must roll nothing but dots"),
        (WinCondition.LAST_CHIP_IN_POT, "In this game the last player with chips must put their last chips"),
    ],
)
def test_winning_says_which_win_condition_applies_now(win: WinCondition, phrase: str) -> None:
    found = by_key(sections(Rules(win=win)))
    assert found["winning"].paragraphs[0].startswith(phrase)
    assert found["win-conditions"].paragraphs[0] == NAMED[win]
    others = [p for w, p in _WIN_PHRASES.items() if w is not win]
    assert not any(p in found["winning"].paragraphs[0] for p in others)


NAMED = {
    WinCondition.LAST_WITH_CHIPS: "This game is played with the usual rule: the last player with chips wins.",
    WinCondition.ROLL_ALL_DOTS: "This game is played with roll all dots.",
    WinCondition.LAST_CHIP_IN_POT: "This game is played with last chip in the pot.",
}
_WIN_PHRASES = {
    WinCondition.LAST_WITH_CHIPS: "the last player with chips wins:",
    WinCondition.ROLL_ALL_DOTS: "nothing but dots",
    WinCondition.LAST_CHIP_IN_POT: "put their last chips",
}


def test_wild_section_says_whether_wild_dice_are_on() -> None:
    assert by_key(sections(Rules(wild=True)))["wild"].paragraphs[0] == "Wild dice are on in this game."
    off = by_key(sections(Rules()))["wild"].paragraphs[0]
    assert off.startswith("Wild dice are off in this game.")
    assert by_key(sections())["wild"].paragraphs[0].startswith("With Wild dice")


@pytest.mark.parametrize(
    ("rules", "first"),
    [
        (Rules(), "Wild dice are off in this game, so three Wilds can't come up."),
        (Rules(wild=True), "In this game three Wilds take the pot, and play goes on."),
        (
            Rules(wild=True, three_wilds=ThreeWilds.WIN),
            "In this game three Wilds take the pot and win the game at once.",
        ),
    ],
)
def test_three_wilds_section_says_the_setting_in_force(rules: Rules, first: str) -> None:
    paragraphs = by_key(sections(rules))["three-wilds"].paragraphs
    assert paragraphs[0] == first
    both = " ".join(paragraphs)
    assert "Take the pot and play on" in both and "Take the pot and win at once" in both


def test_setup_and_reset_use_the_game_s_numbers() -> None:
    found = by_key(sections(Rules(players=5, chips=4, win=WinCondition.ROLL_ALL_DOTS)))
    assert found["setup"].paragraphs[0].startswith("This game has 5 players, and each started with 4 chips.")
    assert "every player gets 4 chips again" in found["reset"].paragraphs[0]
    assert "it can happen" in found["reset"].paragraphs[-1]
    assert "can't happen" in by_key(sections(Rules()))["reset"].paragraphs[-1]


def test_faces_section_follows_the_dice_in_force() -> None:
    assert "a Wild, and two dots" in by_key(sections(Rules(wild=True)))["faces"].paragraphs[0]
    plain = by_key(sections(Rules()))["faces"]
    assert "three dots" in plain.paragraphs[0]
    assert not any(p.startswith("Wild:") for p in plain.paragraphs)


def our_readings(section: Section) -> list[str]:
    """Paragraphs that say plainly the sources leave a point open and what this game does."""
    return [
        p for p in section.paragraphs if re.search(r"don't say|doesn't say|leave", p) and "; this game" in p
    ]


@pytest.mark.parametrize("rules", [None, Rules(), Rules(wild=True, win=WinCondition.LAST_CHIP_IN_POT)])
def test_our_reading_notes_for_r6_and_r10(rules: Rules | None) -> None:
    found = by_key(sections(rules))
    r6 = our_readings(found["wild"])
    assert any("letters first" in p or "all the letters first" in p for p in r6), found["wild"]
    r10 = our_readings(found["win-conditions"])
    assert any(p.startswith("The description of roll all dots") for p in r10)
    assert any(p.startswith("The description of last chip in the pot") for p in r10)
    assert our_readings(found["first-player"])  # R13
    assert our_readings(found["setup"])  # R1: which way the dice go


# --- R11: when the reset section says a reset can or cannot happen -----------------------------------------


@pytest.mark.parametrize("rules", every_variant(players=3, chips=1), ids=repr)
def test_the_reset_section_is_right_about_whether_a_reset_can_happen(rules: Rules) -> None:
    rng = random.Random(7)
    resets = sum(isinstance(e, ChipsReset) for _ in range(150) for e in random_events(rules, rng))
    last = by_key(sections(rules))["reset"].paragraphs[-1]
    if expected_on("reset", rules):
        assert "it can happen" in last
        if rules.win is WinCondition.ROLL_ALL_DOTS:
            assert resets > 0  # common enough to see in random play
    else:
        assert "can't happen" in last
        assert resets == 0


# --- translation habits (DESIGN.md §4) ---------------------------------------------------------------------

KEYWORDS = dict(DEFAULT_KEYWORDS)
KEYWORDS.update(parse_keywords(["pgettext:1c,2", "npgettext:1c,2,3", "ngettext:1,2", "N_"]))
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


@pytest.mark.parametrize("module", ["lcr_audio/narration/rules_text.py", "lcr_audio/narration/practice"])
def test_every_message_has_a_translators_comment_and_named_placeholders(module: str) -> None:
    files = sorted((ROOT / module).glob("*.py")) if (ROOT / module).is_dir() else [ROOT / module]
    messages = [
        (f"{path.name}:{lineno}", message, comments, context)
        for path in files
        for lineno, message, comments, context in extract_from_file(
            "python", path, keywords=KEYWORDS, comment_tags=("Translators:",)
        )
    ]
    assert len(messages) > 50
    for lineno, message, comments, _context in messages:
        assert comments, f"{module}:{lineno} needs a '# Translators:' comment on the line above"
        forms = message if isinstance(message, tuple) else (message,)
        names = [set(PLACEHOLDER.findall(text)) for text in forms]
        assert all(name.isidentifier() for found in names for name in found), f"{module}:{lineno}"
        if len(forms) == 2:
            assert names[1] >= names[0], f"{module}:{lineno}: the plural lacks a placeholder of the singular"


# --- docs/rules.md -----------------------------------------------------------------------------------------


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_rules_doc", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_rules_md_is_up_to_date() -> None:
    expected = load_script().render()
    actual = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    assert actual == expected, "docs/rules.md is out of date: run python scripts/make_rules_doc.py"


def test_docs_rules_md_has_every_section_and_no_accidental_markdown() -> None:
    text = load_script().render()
    for section in sections():
        assert f"\n## {section.title}\n" in text
    for line in text.splitlines():
        assert len(line) <= 110
        assert not re.match(r"(\d+[.)]|[-*+>]) ", line), line


# --- the odds section (issue 15, item 5) -------------------------------------------------------------------


def test_the_odds_section_says_the_computed_chances_and_only_what_they_show() -> None:
    from lcr_audio.game.analysis.odds import exact_table
    from lcr_audio.narration.odds_text import percent_tenths

    paragraphs = by_key(sections())["odds"].paragraphs
    for players in (3, 4, 5):
        chances = exact_table(Rules(players=players)).lookup((3,) * players, 0, 0)
        assert chances is not None
        line = next(p for p in paragraphs if p.startswith(f"With {players} players: "))
        for seat, chance in enumerate(chances, start=1):
            assert f"seat {seat}: {percent_tenths(chance)} percent" in line
        # Favoured and worst off by the exact chances: only exact ties tie (issue 21, item 9).
        best = max(range(players), key=lambda s: chances[s]) + 1
        worst = min(range(players), key=lambda s: chances[s]) + 1
        assert sum(1 for c in chances if c == chances[best - 1]) == 1  # no exact tie at 3 to 5 players
        assert f"Seat {best} is favoured" in line and re.search(f"seat {worst} (is )?worst off", line)
    assert paragraphs[1].endswith("Seat 3 is favoured, seat 1 worst off.")
    assert paragraphs[2].endswith("Seat 4 is favoured, seat 1 worst off.")
    # At 5 players seats 4 and 5 are both said 20.6 percent, seats 1 and 2 both 19.4: exactly, seat 4 alone
    # is best (20.632 against 20.623) and seat 1 alone worst (19.371 against 19.381), so it says so, by a
    # hair; it said "Best placed: seats 4 and 5; worst placed: seats 1 and 2." before.
    assert paragraphs[3].endswith(
        "Seat 4 is favoured, by a hair over seat 5; seat 1 is worst off, by a hair below seat 2."
    )
    # Seat 1 is worst off at every size; seat 2 is above it at every size, exactly.
    assert "Seat 1 rolls first, so it gives chips away before any come its way." in paragraphs
    assert (
        "With 3, 4, and 5 players, seat 2 rolls early yet is not worst off: each L that seat 1 rolls gives seat 2 "
        "a chip first." in paragraphs
    )


def test_a_hair_is_said_where_the_tenths_look_equal_and_a_tie_only_where_the_chances_are_equal() -> None:
    from lcr_audio.narration.rules_text import _placing

    assert _placing(3, [0.3, 0.3, 0.4]).endswith("Best placed: seat 3; worst placed: seats 1 and 2.")
    assert _placing(3, [0.30001, 0.29999, 0.4]).endswith(
        "Seat 3 is favoured; seat 2 is worst off, by a hair below seat 1."
    )
    assert _placing(3, [0.2, 0.40001, 0.39999]).endswith(
        "Seat 2 is favoured, by a hair over seat 3; seat 1 is worst off."
    )


def test_with_wild_or_reversible_dice_the_reader_says_choices_change_the_chances() -> None:
    """Issue 21, item 9: with Wild or reversible dice in force the reader said "Nobody steers the dice, so
    each seat's chance of winning is fixed by the rules and the seat", then gave this game's chances as if
    they were fixed (they take every player to choose as the usual computer player; at 3 x 5 with
    reversible dice, seat 1 reversing whenever allowed wins 42.4 percent, not the 26.8 given)."""
    for rules in (Rules(players=3, chips=5, reversible=True), Rules(players=4, wild=True)):
        paragraphs = by_key(sections(rules))["odds"].paragraphs
        assert not any("Nobody steers the dice, so" in p for p in paragraphs)
        assert paragraphs[0].startswith(
            "With Wild or reversible dice, as in this game, the players make choices, and those choices "
            "change each seat's chance of winning."
        )
        assert paragraphs[-1].startswith(
            "Under this game's rules, from the start with seat 1 first, if every player chooses as the usual "
            "computer player does: seat 1: "
        )
        assert "the usual computer player: " in paragraphs[-1]
        assert paragraphs[-1].endswith("A player who chooses otherwise can have a quite different chance.")
    big = by_key(sections(Rules(players=10, wild=True)))["odds"].paragraphs
    assert big[-1] == (
        "The O key gives the chances in this game, taking every player to choose as the usual computer player "
        "does."
    )
    plain = by_key(sections(Rules(players=3)))["odds"].paragraphs
    assert plain[0].startswith("Nobody steers the dice, so each seat's chance of winning is fixed")
    general = by_key(sections())["odds"].paragraphs
    assert general[-1].startswith("With Wild or reversible dice the players make choices")


def test_the_odds_section_adds_the_game_in_force_when_its_table_is_small() -> None:
    assert (
        by_key(sections(Rules(players=3, wild=True)))["odds"]
        .paragraphs[-1]
        .startswith("Under this game's rules, from the start with seat 1 first, if every player chooses as")
    )
    big = by_key(sections(Rules(players=10)))["odds"].paragraphs[-1]
    assert not big.startswith("Under this game's rules")
