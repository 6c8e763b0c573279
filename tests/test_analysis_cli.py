"""lcr-audio odds and lcr-audio simulate (issue 15, item 2)."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterator
from typing import Any

import pytest
from support.engine import rule_combinations

from lcr_audio import cli_odds as analysis_cli
from lcr_audio.cli import main
from lcr_audio.engine import Rules, ThreeWilds, WinCondition
from lcr_audio.game.analysis import simulate
from lcr_audio.game.analysis.figures import apportion, said_odds
from lcr_audio.game.analysis.odds import exact_table
from lcr_audio.game.analysis.wins import wilson
from lcr_audio.narration.analysis_text import odds_heading, simulate_heading
from lcr_audio.narration.rules_summary import rules_summary
from lcr_audio.output.speech import own_voice as own_voice_module
from lcr_audio.output.speech.simple import RecordingBackend, SpeakingRecorder
from lcr_audio.output.speech.speaker import Speaker
from lcr_audio.settings import Settings, save_settings
from lcr_audio.speech_mode import SpeechMode


@pytest.fixture(autouse=True)
def _no_voice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default speech (auto) would start the game's own voice on a machine without a screen reader;
    these tests ask for it with --speech tts where they want it (:func:`voice`)."""
    monkeypatch.setenv("LCR_AUDIO_SPEECH", "silent")


@pytest.fixture
def voice(monkeypatch: pytest.MonkeyPatch) -> Iterator[RecordingBackend]:
    """What the game's own voice is given: the commands' speaker, made of a recorder named tts."""
    recorder = RecordingBackend(name=SpeechMode.TTS)
    made: list[SpeechMode | str] = []

    def create_speaker(mode: SpeechMode | str, **options: Any) -> Speaker:
        made.append(mode)
        return Speaker([recorder], **options)  # as the real one: braille and echo as asked

    monkeypatch.setattr(own_voice_module, "create_speaker", create_speaker)
    yield recorder


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The exit code, standard output and standard error of ``lcr-audio ARGV`` (``capfd`` where the game's
    own voice is on: its progress lines go to a copy of descriptor 2)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["odds", "--players", "40"], "Argument --players: it must be a number from 3 to 10, not 40."),
        (["simulate", "--players", "40"], "Argument --players: it must be a number from 3 to 10, not 40."),
        (["odds", "--pot", "2"], "The seats and the pot hold 11 chips, but this game has 9."),
        (["simulate", "--games", "0"], "Argument --games: it must be a number from 1 to 1000000000, not 0."),
        (["odds", "--position", "3,3"], "--position gives 2 seats but the game has 3 players."),
        (["odds", "--position", "5,5,5"], "The seats and the pot hold 15 chips, but this game has 9."),
        (
            ["odds", "--position", "3,3,2", "--pot", "0"],
            "The seats and the pot hold 8 chips, but this game has 9.",
        ),
        (
            ["odds", "--position", "0,4,5", "--mover", "1"],
            "Seat 1 has no chips, so it cannot be the seat to play.",
        ),
        (["odds", "--mover", "4"], "Seat 4 is not at this table of 3."),
        (["odds", "--position", "9,0,0"], "Only seat 1 holds chips, so that game is over: seat 1 has won."),
        (
            ["odds", "--position", "0,1,0", "--pot", "8", "--mover", "2"],
            "Only seat 2 holds chips, so that game is over: seat 2 has won.",
        ),
        (
            ["odds", "--position", "a,b,c"],
            "--position takes each seat's chips as numbers separated by commas, such as 3,0,2; not a,b,c.",
        ),
        (
            ["simulate", "--policy", "2=wise"],
            "--policy takes a seat from 1 to 3 and a policy, such as 2=careful (greedy, careful); not 2=wise.",
        ),
        (
            ["simulate", "--players", "4", "--policy", "5=careful"],
            "--policy takes a seat from 1 to 4 and a policy, such as 2=careful (greedy, careful); not 5=careful.",
        ),
        (
            ["simulate", "--policy", "careful"],
            "--policy takes a seat from 1 to 3 and a policy, such as 2=careful (greedy, careful); not careful.",
        ),
        (
            ["simulate", "--three-wilds", "win"],
            "--three-wilds only matters with Wild dice: add --wild, or leave it out.",
        ),
    ],
)
def test_bad_input_is_one_sentence_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], sentence: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err == sentence + "\n"


def test_odds_csv_is_the_exact_table_from_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--players", "4", "--position", "3,0,5,2", "--mover", "3", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    expected = exact_table(Rules(players=4)).lookup((3, 0, 5, 2), 2, 2)
    assert expected is not None
    assert [float(r["win"]) for r in rows] == pytest.approx(expected, abs=1e-13)
    assert sum(float(r["win"]) for r in rows) == pytest.approx(1, abs=1e-12)
    assert all(r["win_standard_error"] == "" for r in rows)
    # Seat 3 plays now: it rolls at least once; seat 2 has no chips now, yet the dice reach it (R4).
    assert float(rows[2]["rolls"]) >= 1 and float(rows[1]["seat_turns"]) > float(rows[1]["rolls"])


def test_odds_in_words_for_a_screen_reader(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "odds")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Exact odds from the start, seat 1 to play: " + rules_summary(Rules(players=3))
    assert lines[1].startswith("Each seat's line: its chance of winning; then, on average")
    assert len(lines) == 5 and all(
        line.startswith(f"Seat {n}: wins ") for n, line in zip((1, 2, 3), lines[2:], strict=True)
    )


def test_odds_from_a_position_state_the_chips_and_how_the_players_choose(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "odds", "--wild", "--position", "3,0,5", "--mover", "3")
    assert code == 0
    lines = out.splitlines()
    rules = Rules(players=3, wild=True)
    assert lines[:3] == [
        "Exact odds from this position, seat 3 to play: " + rules_summary(rules),
        "Chips now: seat 1 has 3, seat 2 has 0, seat 3 has 5; the pot has 1.",
        "These odds take every player to play greedy. Greedy, the usual computer player: its Wild takes a "
        "chip from the player with the most chips.",
    ]
    assert [line.split(":")[0] for line in lines[4:]] == ["Seat 1", "Seat 2", "Seat 3"]


def test_simulated_odds_say_their_games_and_their_margin(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "odds", "--win", "roll-all-dots", "--reversible", "--games", "500", "--seed", "2"
    )
    assert code == 0
    lines = out.splitlines()
    rules = Rules(players=3, reversible=True, win=WinCondition.ROLL_ALL_DOTS)
    assert lines[0] == "Odds from the start, seat 1 to play, simulated in 500 games: " + rules_summary(rules)
    assert lines[1] == (
        "These odds take every player to play greedy. Greedy, the usual computer player: it reverses the "
        "dice when it has 4 chips or more."
    )
    assert "give or take a margin it stays within 95 times in 100" in lines[2]
    assert all(", give or take " in line for line in lines[3:]) and len(lines) == 6


def test_odds_without_a_table_are_simulated_with_a_margin(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--win", "last-chip-in-pot", "--games", "2000", "--seed", "3", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert sum(float(r["win"]) for r in rows) == pytest.approx(1, abs=1e-12)
    assert all(float(r["win_standard_error"]) > 0 for r in rows)


def test_odds_say_once_that_games_are_not_used_when_exact(capsys: pytest.CaptureFixture[str]) -> None:
    """``odds --games 1000`` where the answer is exact: one line says the games are not played, where the
    notes go (old main: --games taken and silently unused); without --games, no such line."""
    code, out, err = run(capsys, "odds", "--games", "1000")
    assert (code, err) == (0, "")
    assert out.splitlines()[1] == "The answer is exact; --games is not used."
    code, out, err = run(capsys, "odds", "--games", "1000", "--csv")
    assert (code, err) == (0, "The answer is exact; --games is not used.\n")
    assert out.startswith("seat,win,")
    code, out, _err = run(capsys, "odds")
    assert "--games" not in out


def test_simulate_says_what_each_seats_line_holds(capsys: pytest.CaptureFixture[str]) -> None:
    """As the README says, simulate prints what each seat's numbers mean before the seats' lines (old main:
    no such line)."""
    code, out, _ = run(capsys, "simulate", "--games", "100", "--seed", "1")
    lines = out.splitlines()
    assert code == 0 and lines[1] == "100 games played."
    assert lines[2] == (
        "Each seat's line: the share of the games it won, in percent, and the range its chance lies in 95 times"
        " in 100."
    )
    assert lines[3].startswith("Seat 1: wins ")


def test_simulate_counts_every_game_and_agrees_with_the_exact_odds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "simulate", "--players", "4", "--games", "40000", "--seed", "5", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert sum(int(r["wins"]) for r in rows) == 40000
    exact = exact_table(Rules(players=4)).lookup((3, 3, 3, 3), 0, 0)
    assert exact is not None
    for row, p in zip(rows, exact, strict=True):
        error = (p * (1 - p) / 40000) ** 0.5
        assert abs(float(row["rate"]) - p) <= 3 * error


def test_simulate_with_a_careful_seat_reports_its_gain(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "--players",
        "3",
        "--chips",
        "2",
        "--wild",
        "--games",
        "300",
        "--seed",
        "1",
        "--policy",
        "1=careful",
    )
    assert code == 0
    lines = out.splitlines()
    rules = Rules(players=3, chips=2, wild=True)
    assert lines[:6] == [
        "Simulating 300 games from the start, seat 1 rolling first: " + rules_summary(rules),
        "Greedy, the usual computer player: its Wild takes a chip from the player with the most chips. "
        "Careful: it chooses whom its Wild takes from by what gives it the best chance of winning.",
        "To measure what careful play gains, the same games are also played with every player greedy, each "
        "player rolling the same dice.",
        # The exact odds the careful seat chooses by are worked out before the games (not kept yet here).
        "Careful seats choose by the exact odds; working them out first, once for this computer.",
        "300 games played.",
        "Each seat's line: the share of the games it won, in percent, and the range its chance lies in 95 times"
        " in 100; then what it won in the same games with every player greedy, and the change in points.",
    ]
    assert lines[6].startswith("Seat 1, careful: wins ") and " With every player greedy it won " in lines[6]
    assert lines[7].startswith("Seat 2, greedy: wins ") and ": a change of " in lines[7]


def test_simulate_explains_greedy_and_careful_with_both_choices(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "--chips", "1", "--wild", "--three-wilds", "win", "--reversible", "--games", "20"
    )
    assert code == 0
    lines = out.splitlines()
    rules = Rules(players=3, chips=1, wild=True, three_wilds=ThreeWilds.WIN, reversible=True)
    assert lines[:3] == [
        "Simulating 20 games from the start, seat 1 rolling first: " + rules_summary(rules),
        "Greedy, the usual computer player: its Wild takes a chip from the player with the most chips, its "
        "reversed Wild gives one to the player with the fewest, and it reverses the dice when it has 7 chips "
        "or more.",
        "20 games played.",
    ]
    assert lines[4].startswith("Seat 1, greedy: wins ") and "With every player greedy" not in out


def test_simulate_under_rules_without_choices_names_no_policy(capsys: pytest.CaptureFixture[str]) -> None:
    """Without Wild or reversible dice only the dice decide: no policy is named, and a careful seat plays as
    a greedy one, so no second set of games is played to compare."""
    code, out, _ = run(capsys, "simulate", "--games", "200", "--seed", "4")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Simulating 200 games from the start, seat 1 rolling first: " + rules_summary(Rules())
    assert lines[1] == "200 games played."
    assert lines[3].startswith("Seat 1: wins ") and len(lines) == 6
    code, careful, _ = run(capsys, "simulate", "--games", "200", "--seed", "4", "--policy", "2=careful")
    assert code == 0
    assert careful.splitlines()[1] == (
        "With these rules no player has a choice to make, so careful players play as greedy ones."
    )
    assert careful.splitlines()[2:] == lines[1:]  # the same games, the same words


def test_the_rules_line_is_the_rules_summary() -> None:
    """The first line of odds and simulate ends with the I key's rules summary, the one sentence-maker of
    it (a copy of it in the analysis layer is gone, issue 23)."""
    for rules in (
        Rules(),
        Rules(players=7, chips=1, wild=True, three_wilds=ThreeWilds.WIN),
        Rules(players=4, reversible=True, win=WinCondition.LAST_CHIP_IN_POT),
    ):
        summary = rules_summary(rules)
        assert simulate_heading(rules, 10, False).splitlines()[0].endswith(": " + summary)
        assert odds_heading(rules, None, 0, 0, True, 10).splitlines()[0].endswith(": " + summary)


class Said:
    """A :class:`analysis_cli.Spoken` that keeps what it is given."""

    def __init__(self) -> None:
        self.progress_said: list[str] = []
        self.results: list[str] = []

    def progress(self, text: str) -> None:
        self.progress_said.append(text)

    def result(self, text: str) -> None:
        self.results.append(text)


def test_progress_lines_say_each_percent_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis_cli, "PROGRESS_SECONDS", 0.0)
    out = io.StringIO()
    said = Said()
    progress = analysis_cli.Progress(out, 200, said)
    for done in (2, 3, 4, 4, 100, 200):
        progress(done)
    assert out.getvalue() == "1 percent done.\n2 percent done.\n50 percent done.\n"
    assert said.progress_said == ["1 percent.", "2 percent.", "50 percent."]


def test_csv_progress_goes_to_standard_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(analysis_cli, "PROGRESS_SECONDS", 0.0)
    monkeypatch.setattr(simulate, "BATCH", 400)  # a progress line every 100 games
    code, out, err = run(
        capsys, "simulate", "--win", "roll-all-dots", "--games", "400", "--seed", "1", "--csv"
    )
    assert code == 0
    assert out.splitlines()[0] == "seat,policy,wins,games,rate,low95,high95"
    assert sum(int(row["wins"]) for row in csv.DictReader(io.StringIO(out))) == 400
    assert err == "25 percent done.\n50 percent done.\n75 percent done.\n"
    code, words, err = run(capsys, "simulate", "--win", "roll-all-dots", "--games", "400", "--seed", "1")
    assert (
        err == "" and "\n25 percent done.\n50 percent done.\n75 percent done.\n400 games played.\n" in words
    )


def test_the_own_voice_says_progress_and_result(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, voice: RecordingBackend
) -> None:
    monkeypatch.setattr(analysis_cli, "PROGRESS_SECONDS", 0.0)
    monkeypatch.setattr(simulate, "BATCH", 400)
    code, out, err = run(
        capfd,
        "simulate",
        "--speech",
        "tts",
        "--win",
        "roll-all-dots",
        "--games",
        "400",
        "--seed",
        "1",
        "--csv",
    )
    assert (code, err) == (0, "25 percent done.\n50 percent done.\n75 percent done.\n")
    rows = list(csv.DictReader(io.StringIO(out)))
    percents = apportion([100 * int(row["wins"]) / 400 for row in rows], 100)  # adding up to 100
    assert sum(percents) == 100
    assert voice.texts == [
        "25 percent.",
        "50 percent.",
        "75 percent.",
        "400 games played. Wins: seat 1 {} percent, seat 2 {}, seat 3 {}.".format(*percents),
    ]
    assert voice.brailled == []  # the voice only speaks: the lines are printed once, by the command


def test_the_own_voice_says_the_odds_in_short(
    capsys: pytest.CaptureFixture[str], voice: RecordingBackend
) -> None:
    code, out, _ = run(capsys, "odds", "--speech", "tts", "--players", "4", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    chances = said_odds([float(row["win"]) for row in rows], None).percents
    assert sum(chances) == 100
    assert voice.texts == [
        "Chances of winning: seat 1 {} percent, seat 2 {}, seat 3 {}, seat 4 {}.".format(*chances)
    ]
    run(capsys, "odds", "--speech", "tts", "--win", "roll-all-dots", "--games", "400", "--seed", "1", "--csv")
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out or out)))
    # 400 games cannot tell the three seats apart (1.96 standard errors of a 0.3 chance are 4.5 points):
    # the seats are said to be about even, with a margin that covers each seat's own interval.
    assert voice.texts[1].startswith("Chances of winning: about even, 33 percent each, give or take ")
    margin = int(voice.texts[1].rsplit(" ", 1)[1].rstrip("."))
    assert margin >= 5


def test_the_own_voice_states_only_the_differences_the_games_support(
    capsys: pytest.CaptureFixture[str], voice: RecordingBackend
) -> None:
    """Simulated from a position where seat 1 is ahead (7 chips against 1 and 1, all dots to win), the voice
    tells it apart and says the other two alike, since 4000 games cannot tell them apart ("seat 1 38
    percent, seat 2 31, seat 3 31"), as the O key does; the figures add up to 100."""
    code, out, _ = run(
        capsys,
        "odds",
        "--speech",
        "tts",
        "--position",
        "7,1,1",
        "--win",
        "roll-all-dots",
        "--games",
        "4000",
        "--seed",
        "1",
        "--csv",
    )
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    said = said_odds([float(row["win"]) for row in rows], [float(row["win_standard_error"]) for row in rows])
    assert not said.even and sum(said.percents) == 100 and said.margin is not None
    assert voice.texts == [
        "Chances of winning, about: seat 1 {} percent, seat 2 {}, seat 3 {}; give or take {}.".format(
            *said.percents, said.margin
        )
    ]


@pytest.mark.parametrize("speech", ["screen-reader", "console", "silent"])
def test_no_voice_beside_a_screen_reader_or_printed_lines(
    capsys: pytest.CaptureFixture[str], voice: RecordingBackend, speech: str
) -> None:
    code, out, err = run(capsys, "simulate", "--speech", speech, "--games", "50")
    assert (code, err) == (0, "")
    assert "50 games played." in out.splitlines() and voice.texts == []


def test_the_speech_chosen_under_options_decides(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, voice: RecordingBackend
) -> None:
    monkeypatch.delenv("LCR_AUDIO_SPEECH")
    save_settings(Settings(speech=SpeechMode.CONSOLE))
    run(capsys, "odds")
    assert voice.texts == []
    save_settings(Settings(speech=SpeechMode.TTS))
    run(capsys, "odds")
    assert voice.texts[0].startswith("Chances of winning: seat 1 ")


def test_a_screen_reader_in_auto_mode_gets_no_second_voice() -> None:
    """auto found a screen reader (the backend in use is not the game's own voice): nothing is said."""
    reader = RecordingBackend(name=SpeechMode.SCREEN_READER)
    spoken = own_voice_module.OwnVoice(lambda: Speaker([reader]))
    spoken.progress("40 percent.")
    spoken.result("Chances of winning: seat 1 31 percent, seat 2 12, seat 3 57.")
    spoken.close(0)
    assert reader.texts == []


def test_a_percentage_is_left_out_while_the_voice_still_speaks() -> None:
    recorder = SpeakingRecorder(name=SpeechMode.TTS)
    spoken = own_voice_module.OwnVoice(lambda: Speaker([recorder]))
    spoken.progress("10 percent.")
    spoken.progress("20 percent.")  # still saying "10 percent.": left out
    recorder.finish()
    spoken.progress("30 percent.")
    spoken.result("200 games played.")  # the result waits its turn, never left out
    assert recorder.texts == ["10 percent.", "30 percent.", "200 games played."]


def test_own_voice_only_for_the_voiced_modes(monkeypatch: pytest.MonkeyPatch) -> None:
    for mode in (SpeechMode.SCREEN_READER, SpeechMode.CONSOLE, SpeechMode.SILENT):
        assert own_voice_module.own_voice(mode) is None
    assert own_voice_module.own_voice(SpeechMode.TTS) is not None
    assert own_voice_module.own_voice(None) is None  # auto, forced silent by $LCR_AUDIO_SPEECH (_no_voice)
    monkeypatch.delenv("LCR_AUDIO_SPEECH")
    assert own_voice_module.own_voice(None) is not None  # auto, the default: the voice if no screen reader


def test_the_docs_show_what_odds_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/odds.md's first example is the command's own output, word for word and number for number."""
    from pathlib import Path

    docs = (Path(__file__).resolve().parent.parent / "docs" / "odds.md").read_text(encoding="utf-8")
    code, out, _ = run(capsys, "odds")
    assert code == 0
    assert "```\n" + out + "```\n" in docs


def test_the_voice_finishes_the_result_but_stops_at_once_on_control_c(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, voice: RecordingBackend
) -> None:
    from lcr_audio import cli

    closed: list[float] = []
    monkeypatch.setattr(own_voice_module.OwnVoice, "close", lambda self, drain: closed.append(drain))
    assert run(capfd, "odds", "--speech", "tts")[0] == 0
    assert closed == [cli.DRAIN_SECONDS]

    def interrupted(*args: object, **kwargs: object) -> list[int]:
        raise KeyboardInterrupt

    monkeypatch.setattr(analysis_cli, "win_counts", interrupted)
    assert run(capfd, "simulate", "--speech", "tts", "--games", "10")[0] == 130
    assert closed == [cli.DRAIN_SECONDS, 0]


def test_win_rate_intervals_stay_between_0_and_100_percent(capsys: pytest.CaptureFixture[str]) -> None:
    """Wilson's interval: 2 wins in 10 games is 5.67% to 50.98% (worked by hand from the formula), where
    the rate plus or minus 1.96 standard errors would go below 0 (-4.79%)."""
    low, high = wilson(2, 10)
    assert (round(low, 4), round(high, 4)) == (0.0567, 0.5098)
    assert wilson(0, 5)[0] == 0 and wilson(5, 5)[1] == 1
    code, out, _ = run(capsys, "simulate", "--games", "10", "--seed", "1", "--csv")
    assert code == 0
    for row in csv.DictReader(io.StringIO(out)):
        assert 0 <= float(row["low95"]) <= float(row["rate"]) <= float(row["high95"]) <= 1


def test_simulate_with_a_careful_seat_without_a_table_says_it_is_slow_and_pairs_the_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Roll all dots has no exact table: the careful seat simulates each choice. The note comes first; the
    gains compare the same games, so they add up to nothing over the seats (one winner a game)."""
    from lcr_audio.game.analysis import careful

    monkeypatch.setattr(careful, "SIMULATED_WORK", 5_000)  # a quick test; the choices stay simulated
    argv = ["simulate", "--players", "3", "--chips", "1", "--wild", "--win", "roll-all-dots", "--games", "6"]
    code, out, err = run(capsys, *argv, "--seed", "4", "--policy", "1=careful")
    assert code == 0 and err == ""
    lines = out.splitlines()
    note = (
        "Careful seats weigh each choice by simulating games from it, up to about a third of a second a "
        "choice: this run is slow."
    )
    assert lines[2].startswith("To measure what careful play gains, the same games are also played")
    assert lines[3:5] == [note, "6 games played."]
    assert [line.split(",")[0] for line in lines[6:]] == ["Seat 1", "Seat 2", "Seat 3"]
    code, table, err = run(capsys, *argv, "--seed", "4", "--policy", "1=careful", "--csv")
    assert err.splitlines()[0] == note  # standard error: the CSV stays clean
    rows = list(csv.DictReader(io.StringIO(table)))
    assert sum(int(r["wins"]) for r in rows) == 6
    assert abs(sum(float(r["gain"]) for r in rows)) < 1e-9
    assert [r["policy"] for r in rows] == ["careful", "greedy", "greedy"]


def test_a_slow_run_says_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis_cli, "PROGRESS_SECONDS", 0.0)
    out = io.StringIO()
    progress = analysis_cli.Progress(out, 200, time_left=True)
    progress.start -= 30.0  # 30 seconds ago
    progress(50)  # a quarter in 30 seconds: 90 more
    progress.start -= 570.0
    progress(100)  # half in 600 seconds: 10 minutes more
    assert out.getvalue() == (
        "25 percent done. About 90 seconds left.\n50 percent done. About 10 minutes left.\n"
    )


@pytest.mark.parametrize(
    ("argv", "exact"),
    [
        (["--players", "3", "--wild"], True),
        (["--players", "5"], True),
        (["--players", "7", "--games", "2000"], False),  # 7 players have no exact table
        (["--players", "4", "--wild", "--reversible"], True),  # chips come back from the pot: passes
        (["--players", "4", "--reversible", "--games", "2000"], True),
    ],
)
def test_odds_are_exact_only_where_working_them_out_is_quick(
    capsys: pytest.CaptureFixture[str], argv: list[str], exact: bool
) -> None:
    """The odds command is exact where the table with its expected turns and pot is worked out within
    seconds: up to 6 players with 3 chips, whatever the dice (issue 25, item 4). Beyond, it simulates rather
    than keep the player waiting."""
    code, out, _ = run(capsys, "odds", *argv)
    assert code == 0
    assert out.splitlines()[0].startswith(
        "Exact odds" if exact else "Odds from the start, seat 1 to play, simulated"
    )


@pytest.mark.parametrize(
    "rules",
    rule_combinations([{"players": 6, "chips": 3}, {"players": 6, "chips": 4}], where_it_applies=True),
)
def test_odds_are_exact_up_to_six_players_with_three_chips_under_every_rule_set(rules: Rules) -> None:
    """Every declared rule set with an exact table at 6 x 3 is worked out exactly by ``odds``; 6 x 4 is not."""
    from lcr_audio.game.analysis import exact

    if rules.chips == 3:
        assert analysis_cli.quick_exact(rules)
        assert exact.supports(rules) is (rules.win is WinCondition.LAST_WITH_CHIPS)
    else:
        assert not analysis_cli.quick_exact(rules)


def test_control_c_says_in_one_line_that_there_is_no_result(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopped by Control+C, simulate exits with 130 and says so, instead of ending in silence."""

    def interrupted(*args: object, **kwargs: object) -> list[int]:
        raise KeyboardInterrupt

    monkeypatch.setattr(analysis_cli, "win_counts", interrupted)
    code, out, err = run(capsys, "simulate", "--games", "10", "--csv")
    assert code == 130
    assert out.splitlines() == []
    assert err.splitlines()[-1] == "Stopped before the end: no result."


def test_simulated_margins_cover_the_exact_odds_at_the_rate_they_claim(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21, item 6: each printed chance, give or take its printed margin, holds the exact chance at
    least 95 times in 100. Printed to a tenth and rounded to the nearest, the margin covered it 88 times in
    100 in the issue's measure; it is now rounded up, with what rounding moved the chance added. From the
    short positions of 3 players with 1 or 2 chips where a seat's chance is near 0.15 to 0.2, with 100000
    games, as by default: there the margin to the nearest tenth is 0.2, well short of the 0.22 to 0.25
    measured.

    First the games: played once from each position, each seat's share is within 4 standard errors of the
    exact chance (18 seats: a correct simulator fails this about once in 900 seeds). Then the printing, over
    720 intervals (240 seeded runs, 3 seats each) whose wins are drawn as those games' are, from the exact
    chances (numpy's multinomial: a run costs microseconds, not the 0.17 s of 100000 games played). The
    printing now covers about 98.8 in 100 (so 37 or more misses of 720, where 8.6 are expected, happen
    less than once in 10**9); the old rounding covered about 92.3 in 100 (55 misses expected, standard
    deviation 7.1: it passes with 36 or fewer, under once in 100)."""
    import re

    import numpy as np

    monkeypatch.setattr(analysis_cli, "quick_exact", lambda rules: False)  # simulate tables solved exactly
    cases = [
        ("1", "2,0,1", "0"),
        ("2", "2,0,1", "3"),
        ("2", "1,0,3", "2"),
        ("2", "1,4,0", "1"),
        ("2", "1,5,0", "0"),
        ("2", "1,0,4", "1"),
    ]
    exact: dict[tuple[str, str, str], tuple[float, ...]] = {}
    for chips, at, pot in cases:
        chances = exact_table(Rules(players=3, chips=int(chips))).lookup(
            tuple(int(n) for n in at.split(",")), int(pot), 0
        )
        assert chances is not None
        exact[chips, at, pot] = chances
    csv_columns = ("win", "win_standard_error")
    for (chips, at, pot), chances in exact.items():
        code, out, _ = run(
            capsys, "odds", "--chips", chips, "--position", at, "--pot", pot, "--seed", "0", "--csv"
        )
        assert code == 0
        rows = list(csv.DictReader(io.StringIO(out)))
        assert len(rows) == 3
        for row, chance in zip(rows, chances, strict=True):
            win, error = (float(row[name]) for name in csv_columns)
            assert abs(win - chance) <= 4 * math.sqrt(chance * (1 - chance) / 100_000), (at, pot, row)
            assert error > 0

    drawn: dict[str, tuple[float, ...]] = {}

    def play_games(
        rules: Rules,
        chips: tuple[int, ...],
        pot: int,
        mover: int,
        games: int,
        rng: np.random.Generator,
        reverse_at: int = 6,
    ) -> simulate.Tally:
        """The games' wins drawn from the exact chances (the turns and pots, which this test does not read,
        as none)."""
        wins = rng.multinomial(games, drawn["chances"]).astype(np.int64)
        none = np.zeros(rules.players, dtype=np.int64)
        return simulate.Tally(games, wins, none, none.copy(), none.copy())

    monkeypatch.setattr(simulate, "play_games", play_games)
    line = re.compile(r"Seat (\d): wins ([\d.]+) percent, give or take ([\d.]+);")
    covered = total = 0
    for (chips, at, pot), chances in exact.items():
        drawn["chances"] = chances
        for seed in range(40):
            code, out, _ = run(
                capsys, "odds", "--chips", chips, "--position", at, "--pot", pot, "--seed", str(seed)
            )
            assert code == 0
            found = line.findall(out)
            assert len(found) == 3, out
            for seat, chance, margin in found:
                total += 1
                covered += abs(float(chance) - 100 * chances[int(seat) - 1]) <= float(margin) + 1e-9
    assert total == 720
    assert total - covered <= 36, f"{covered} of {total}"


def test_the_printed_range_holds_the_interval_measured(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21, item 6: the chance and margin printed to a tenth hold the whole 95% interval the games
    measured (the same games, by --seed, printed unrounded by --csv), and the chances add up to 100.0. The
    old printing rounded both to the nearest tenth: "give or take 0.2" for a measured 0.25."""
    import re

    line = re.compile(r"Seat (\d): wins ([\d.]+) percent, give or take ([\d.]+);")
    where = ["--position", "2,0,1", "--pot", "3", "--chips", "2", "--games", "20000"]
    for seed in range(4):
        code, out, _ = run(capsys, "odds", "--win", "roll-all-dots", *where, "--seed", str(seed))
        assert code == 0
        found = line.findall(out)
        code, table, _ = run(capsys, "odds", "--win", "roll-all-dots", *where, "--seed", str(seed), "--csv")
        rows = list(csv.DictReader(io.StringIO(table)))
        assert len(found) == len(rows) == 3
        assert abs(sum(float(chance) for _, chance, _ in found) - 100) < 1e-9
        for (_, chance, margin), row in zip(found, rows, strict=True):
            middle, half = 100 * float(row["win"]), 100 * 1.959963984540054 * float(row["win_standard_error"])
            assert float(chance) - float(margin) <= middle - half + 1e-6, (chance, margin, row)
            assert float(chance) + float(margin) >= middle + half - 1e-6, (chance, margin, row)
