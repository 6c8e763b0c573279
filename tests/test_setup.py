"""The setup questions driven by keys through a pipe (issues 2 and 3)."""

from __future__ import annotations

import io

import pytest
from support.setup_questions import answer_setup, run_setup

from lcr_audio.engine import FirstPlayer, Rules, ThreeWilds, WinCondition
from lcr_audio.game.seating import clean_name, distinct_names, table
from lcr_audio.output.speech import RecordingBackend, Speaker
from lcr_audio.tui.console import Console

RIGHT, LEFT = "\x1b[C", "\x1b[D"
TO_THE_RULES = (
    ("How many players", "\r"),
    ("How many of them play at this keyboard", "\r"),
    ("Name of player 1", "\r"),
)
"""Enter at each question before the rules: 3 players, one at the keyboard, the default name."""


def test_enter_four_times_is_you_against_two_computers_with_standard_rules() -> None:
    rules, names, humans, spoken = answer_setup(*TO_THE_RULES, ("Rules:", "\r"))
    assert rules == Rules(players=3)
    assert names == ["You", "Ana", "Bo"]
    assert humans == [True, False, False]
    assert spoken[0] == "A new game."
    assert spoken[-1] == (
        "Rules: 3 players, 3 chips each. Wild dice off. Reversible dice off. The last player with chips wins."
        " Press Enter to start, or O to change the options."
    )


def test_people_and_names_are_asked_and_cleaned() -> None:
    rules, names, humans, _ = run_setup("4\r", "2\r", "  Ana \r", "ana\x07\r", "\r")
    assert rules.players == 4
    assert names == ["Ana", "ana B", "Bo", "Cy"]
    assert humans == [True, True, False, False]


def test_a_bad_number_is_refused_in_one_sentence_and_asked_again() -> None:
    rules, _names, _humans, spoken = run_setup("12\r", "5\r", "0\r", "\r")
    assert rules.players == 5
    assert "Please type a number from 3 to 10, or press Enter for 3." in spoken
    assert _humans == [False] * 5


def test_every_option_by_keys() -> None:
    """O walks the options: Right changes a value, a first letter jumps, Enter accepts (issue 3)."""
    rules, *_ = answer_setup(
        *TO_THE_RULES,
        ("Rules:", "o"),
        ("Starting chips", RIGHT + "\r"),
        ("Wild dice", RIGHT + "\r"),
        ("Three Wilds", "w\r"),
        ("Reversible dice", "o\r"),
        ("Winning", "r\r"),
        ("First player", RIGHT + "\r"),
        ("Computer players", "\r"),
        ("Options set.", "\r"),
    )
    assert rules == Rules(
        players=3,
        chips=4,
        wild=True,
        three_wilds=ThreeWilds.WIN,
        reversible=True,  # "o" from "off" goes on to the next value starting with o: "on"
        win=WinCondition.ROLL_ALL_DOTS,
        first_player=FirstPlayer.RANDOM,
    )


def test_d_takes_the_defaults_for_the_rest() -> None:
    rules, _n, _h, spoken = answer_setup(
        *TO_THE_RULES,
        ("Rules:", "o"),
        ("Starting chips", LEFT + "\r"),
        ("Wild dice", "d"),
        ("Options set.", "\r"),
    )
    assert rules == Rules(players=3, chips=2)
    assert spoken[-1].startswith("Options set. 3 players, 2 chips each.")
    assert spoken[-1].endswith(" Press Enter to start, or O to change the options again.")


def test_names_are_neutralised() -> None:
    assert clean_name("  Ana\x1b]0;title\x07 \x1b[31mRed\x00 ") == "Ana Red"
    assert clean_name("\x1b[2J\x1b[H") == ""
    assert len(clean_name("x" * 50)) == 20
    assert distinct_names(["Bo", "bo", "Bo"]) == ["Bo", "bo B", "Bo C"]
    assert [p.name for p in table(4, ["", "Cy"], [0])] == ["You", "Cy", "Ana", "Bo"]


def test_a_voice_says_each_question_once_and_the_screen_shows_it_once() -> None:
    """Issue 10, item 7: each question printed once, typed characters echoed after it, a refusal on its own
    line then the question again, and every accepted answer (defaults included) printed and said."""
    from lcr_audio.output.speech import RecordingBackend as Recording

    class Voice(Recording):
        prints = True

    voice = Voice(name="tts")
    output = io.StringIO()
    console = Console(output)
    answer_setup(
        ("How many players", "12\r"),
        ("How many players", "\r"),  # asked again after the refusal
        *TO_THE_RULES[1:],
        ("Rules:", "\r"),
        speaker=Speaker([voice], print_line=console.line),
        console=console,
    )
    spoken, printed = voice.spoken, output.getvalue()
    texts = [t for t, _ in spoken]
    assert texts[1] == "How many players, 3 to 10? Enter for 3."
    refusal = texts.index("Please type a number from 3 to 10, or press Enter for 3.")
    assert spoken[refusal + 1] == ("How many players, 3 to 10? Enter for 3.", False)  # queued behind it
    assert printed.splitlines()[:9] == [
        "A new game.",
        "How many players, 3 to 10? Enter for 3. 12",
        "Please type a number from 3 to 10, or press Enter for 3.",
        "How many players, 3 to 10? Enter for 3.",
        "3 players.",
        "How many of them play at this keyboard, 0 to 3? Enter for 1.",
        "1 person plays at this keyboard.",
        "Name of player 1? Enter for You.",
        "Player 1: You.",
    ]
    assert "3 players." in texts and "1 person plays at this keyboard." in texts and "Player 1: You." in texts


def _typed_name(keys: str) -> tuple[list[str], str]:
    """Setup to the rules with ``keys`` typed at the first name question, in a terminal that prints every
    sentence: the names chosen, and everything printed (the echo of the keys included)."""

    class Printing(RecordingBackend):
        prints = True

    output = io.StringIO()
    console = Console(output)
    names = answer_setup(
        *TO_THE_RULES[:2],
        ("Name of player 1", keys),
        ("Rules:", "\r"),
        speaker=Speaker([Printing()], print_line=console.line),
        console=console,
    ).names
    return list(names), output.getvalue()


def test_a_name_in_any_script_is_echoed_and_corrected_with_backspace() -> None:
    """Typed characters are echoed as typed, wide ones included; Backspace steps back over their columns."""

    names, printed = _typed_name("Zoë李x\x7f\x7f\r")
    assert names[0] == "Zoë"
    assert "Name of player 1? Enter for You. Zoë李x\b \b\b\b  \b\b\nPlayer 1: Zoë." in printed


def test_backspace_with_nothing_typed_leaves_the_next_letters_on_a_line_of_their_own() -> None:
    """Critic, 2 Dec: Backspace at the name question printed "Nothing typed yet." and the letters typed next
    were echoed after it ("Nothing typed yet. Ana")."""

    names, printed = _typed_name("\x7fAna\r")
    assert names[0] == "Ana"
    lines = printed.splitlines()
    at = lines.index("Nothing typed yet.")
    assert lines[at - 1 : at + 3] == [
        "Name of player 1? Enter for You.",
        "Nothing typed yet.",
        "Ana",
        "Player 1: Ana.",
    ]


def test_a_name_that_is_a_number_is_refused_in_one_sentence_and_asked_again() -> None:
    """Issue 13, item 12: "3" and "2" as names made the counts ambiguous ("3 chips to 2. 3 0, 2 6.")."""
    _rules, names, _humans, spoken = run_setup("4\r", "2\r", "3\r", "Ana\r", " 2!\r", "\r", "\r")
    assert names == ["Ana", "Player B", "Bo", "Cy"]
    refusals = [
        "A name needs a letter, or it would sound like a number of chips: please type a name, or press Enter for Player A.",
        "A name needs a letter, or it would sound like a number of chips: please type a name, or press Enter for Player B.",
    ]
    assert [s for s in spoken if s.startswith("A name needs")] == refusals
    assert spoken.count("Name of player 1? Enter for Player A.") == 2  # asked again after the refusal


def test_a_name_with_a_letter_and_digits_is_kept() -> None:
    _rules, names, _humans, _spoken = run_setup("\r", "\r", "R2D2\r", "\r")
    assert names == ["R2D2", "Ana", "Bo"]


def test_a_repeated_name_is_said_as_changed() -> None:
    """Issue 14, item 14: a second "Ana" became "Ana B" without a word. The sentence names the player
    already seated as they are called (critic: "ana" typed after "Ana" said "called ana")."""
    _rules, names, _humans, spoken = run_setup("3\r", "3\r", "Ana\r", "ana\r", "Ana\r", "\r")
    assert names == ["Ana", "ana B", "Ana C"]
    assert spoken[spoken.index("Player 1: Ana.") :][:5] == [
        "Player 1: Ana.",
        "Name of player 2? Enter for Player B.",
        "There is already a player called Ana; player 2 is ana B.",
        "Name of player 3? Enter for Player C.",
        "There is already a player called Ana; player 3 is Ana C.",
    ]


def test_each_answer_is_said_back_before_the_next_question() -> None:
    """Issue 21, item 7: "Name of player 2?" came before "Player 1: Mia.", and every name was said back in
    a batch after the last one."""
    _rules, names, _humans, spoken = run_setup("4\r", "2\r", "Mia\r", "\r", "\r")
    assert names == ["Mia", "Player B", "Ana", "Bo"]
    start = spoken.index("How many players, 3 to 10? Enter for 3.")
    assert spoken[start : start + 7] == [
        "How many players, 3 to 10? Enter for 3.",
        "4 players.",
        "How many of them play at this keyboard, 0 to 4? Enter for 1.",
        "2 people play at this keyboard.",
        "Name of player 1? Enter for Player A.",
        "Player 1: Mia.",
        "Name of player 2? Enter for Player B.",
    ]
    assert spoken[start + 7] == "Player 2: Player B."
    assert spoken[start + 8].startswith("Rules: 4 players, 3 chips each.")


def test_the_scorekeepers_names_are_each_said_back_before_the_next_question() -> None:
    """The same in the scorekeeper's setup, where every seat's name is asked (issue 21, item 7)."""
    _rules, names, _humans, spoken = run_setup("3\r", "Mia\r", "Leo\r", "\r", "\r", everyone_at_table=True)
    assert names == ["Mia", "Leo", "Player C"]
    start = spoken.index("Name of player 1? Enter for Player A.")
    assert spoken[start : start + 6] == [
        "Name of player 1? Enter for Player A.",
        "Player 1: Mia.",
        "Name of player 2? Enter for Player B.",
        "Player 2: Leo.",
        "Name of player 3? Enter for Player C.",
        "Player 3: Player C.",
    ]


def test_after_the_options_enter_starts_and_o_walks_them_again() -> None:
    """Issue 21, item 7: after the options walk the game started at once; now the rules are said with the
    same choice as the standard rules: Enter starts, O walks the options again."""
    rules, _n, _h, spoken = answer_setup(
        *TO_THE_RULES,
        ("Rules:", "o"),
        ("Starting chips", "d"),
        ("Options set.", "o"),
        ("Starting chips", RIGHT + "\r"),
        ("Wild dice", "d"),
        ("Options set.", "\r"),
    )
    assert rules == Rules(players=3, chips=4)
    asked = [text for text in spoken if text.startswith("Options set.")]
    assert asked == [
        "Options set. 3 players, 3 chips each. Wild dice off. Reversible dice off. The last player with chips"
        " wins. Press Enter to start, or O to change the options again.",
        "Options set. 3 players, 4 chips each. Wild dice off. Reversible dice off. The last player with chips"
        " wins. Press Enter to start, or O to change the options again.",
    ]
    assert spoken[-1] == asked[-1]  # nothing more was said: Enter started the game


def test_names_given_on_the_command_line_need_a_letter() -> None:
    """Issue 13, item 12: ``--names 3,Bo`` is refused in one sentence, as a typed "3" is."""
    from lcr_audio.cli import UsageError, build_parser, table_from_options

    args = build_parser().parse_args(["play", "--names", "3,Bo,Cy"])
    try:
        table_from_options(args)
    except UsageError as error:
        assert str(error) == "Every name in --names needs a letter; a number alone would sound like chips."
    else:
        raise AssertionError("--names 3,Bo,Cy was accepted")


def test_a_typed_answer_that_would_run_over_the_edge_starts_its_own_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 13, item 12: in a narrow terminal a name typed after its question ran over the terminal's edge
    and was cut across lines ("An" / "a"); it now starts a line of its own when it might not fit."""
    monkeypatch.setenv("COLUMNS", "45")  # 44 columns: the name question's 38 leave no room for 40

    class Printing(RecordingBackend):
        prints = True

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    output = Terminal()
    console = Console(output)
    answer_setup(
        *TO_THE_RULES[:2],
        ("Name of player 1", "Ana\x7f\x7f\x7fBo\r"),
        ("Rules:", "\r"),
        speaker=Speaker([Printing()], print_line=console.line),
        console=console,
    )
    printed = output.getvalue()
    assert "Name of player 1? Enter for You.\nAna\b \b\b \b\b \bBo\nPlayer 1: Bo." in printed, repr(printed)


def test_a_question_the_test_did_not_expect_fails_at_once_naming_it() -> None:
    """The setup helper answers by question (issue 23, item 6): a question added to the setup fails the
    tests that walk it with the question's own words, not with a timeout."""
    from support.setup_questions import UnexpectedQuestion

    with pytest.raises(
        UnexpectedQuestion,
        match=r"^unexpected question: Name of player 1\? Enter for You\. \(expected 'Rules:'\)$",
    ):
        answer_setup(
            ("How many players", "\r"), ("How many of them play at this keyboard", "\r"), ("Rules:", "\r")
        )
    with pytest.raises(
        UnexpectedQuestion, match=r"^unexpected question: Rules: 3 players, .* \(after the last"
    ):
        answer_setup(*TO_THE_RULES)


def test_options_again_open_on_the_values_chosen_so_enter_keeps_them() -> None:
    """O after the options walk walks them again from the values chosen, not the defaults: Enter keeps
    each (critic: the second walk opened on "Starting chips: 3 chips." and Enter undid the 4)."""
    rules, _n, _h, spoken = answer_setup(
        *TO_THE_RULES,
        ("Rules:", "o"),
        ("Starting chips: 3", RIGHT + "\r"),
        ("Wild dice: off", RIGHT + "\r"),
        ("Three Wilds", RIGHT + "\r"),
        ("Reversible dice", "\r"),
        ("Winning", "\r"),
        ("First player", "\r"),
        ("Computer players: usual", RIGHT + "\r"),
        ("Options set. 3 players, 4 chips each.", "o"),
        ("Starting chips: 4", "\r"),
        ("Wild dice: on", "\r"),
        ("Three Wilds", "\r"),
        ("Reversible dice", "\r"),
        ("Winning", "\r"),
        ("First player", "\r"),
        ("Computer players: careful", "\r"),
        ("Options set. 3 players, 4 chips each. Wild dice on;", "\r"),
    )
    assert rules.chips == 4 and rules.wild
    assert "Starting chips: 3 chips." not in spoken[spoken.index("Starting chips: 4 chips.") :]


def test_d_keeps_the_value_on_its_line_and_the_values_chosen_after_it() -> None:
    """D on a line keeps the value just heard there (critic: Right on Wild dice said "Wild dice: on.", then
    D set "Wild dice off."); on a first walk the lines after it take their defaults."""
    rules, _n, _h, spoken = answer_setup(
        *TO_THE_RULES,
        ("Rules:", "o"),
        ("Starting chips: 3", RIGHT + "\r"),
        ("Wild dice: off", RIGHT + "d"),
        ("Options set. 3 players, 4 chips each. Wild dice on", "\r"),
    )
    assert rules == Rules(players=3, chips=4, wild=True)
    assert "Wild dice: on." in spoken


def test_o_again_then_d_keeps_the_wild_and_reversible_dice_chosen() -> None:
    """Critic, 2 Dec: Wild and reversible dice on, then O to change only the starting chips (Right,
    Right, D) said "Options set. 3 players, 5 chips each. Wild dice off. Reversible dice off.": D threw
    away every option chosen after the chips. D keeps them, as the keys' sentence of that walk says."""
    rules, _n, _h, spoken = answer_setup(
        *TO_THE_RULES,
        ("Rules:", "o"),
        ("Starting chips: 3", "\r"),
        ("Wild dice: off", RIGHT + "\r"),
        ("Three Wilds", RIGHT + "\r"),
        ("Reversible dice: off", RIGHT + "\r"),
        ("Winning", "\r"),
        ("First player", "\r"),
        ("Computer players: usual", RIGHT + "\r"),
        ("Options set. 3 players, 3 chips each. Wild dice on", "o"),
        ("Starting chips: 3", RIGHT + RIGHT + "d"),
        ("Options set.", "o"),
        ("Starting chips: 5", "\r"),
        ("Wild dice: on", "\r"),
        ("Three Wilds: win at once", "\r"),
        ("Reversible dice: on", "\r"),
        ("Winning", "\r"),
        ("First player", "\r"),
        ("Computer players: careful", "\r"),  # the computer players kept too
        ("Options set.", "\r"),
    )
    assert rules == Rules(players=3, chips=5, wild=True, three_wilds=ThreeWilds.WIN, reversible=True)
    summaries = [text for text in spoken if text.startswith("Options set.")]
    assert summaries[1].startswith("Options set. 3 players, 5 chips each. Wild dice on;")
    assert "Reversible dice on" in summaries[1]
    walks = [text for text in spoken if text.startswith("Starting chips: 3 chips. ")]
    assert walks == [
        "Starting chips: 3 chips. Left and Right change it, Enter accepts it, D takes the defaults for"
        " everything left.",
        "Starting chips: 3 chips. Left and Right change it, Enter accepts it, D keeps everything left as"
        " chosen.",
    ]


def test_d_with_wild_dice_turned_off_drops_the_three_wilds_choice() -> None:
    """D after turning Wild dice off keeps the rest as chosen, but three Wilds, which no longer apply,
    take their default (as the walk does when it skips that line)."""
    rules, *_ = answer_setup(
        *TO_THE_RULES,
        ("Rules:", "o"),
        ("Starting chips: 3", "\r"),
        ("Wild dice: off", RIGHT + "\r"),
        ("Three Wilds", RIGHT + "\r"),
        ("Reversible dice: off", RIGHT + "d"),
        ("Options set.", "o"),
        ("Starting chips: 3", "\r"),
        ("Wild dice: on", LEFT + "d"),
        ("Options set.", "\r"),
    )
    assert rules == Rules(players=3, reversible=True)
