"""lcr-audio odds and lcr-audio simulate (issue 15, item 2)."""

from __future__ import annotations

import csv
import io

import pytest

from lcr_audio.cli import main
from lcr_audio.engine import Rules
from lcr_audio.game.analysis.odds import exact_table


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["odds", "--players", "40"], "Argument --players: it must be a number from 3 to 10, not 40."),
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
        (
            ["odds", "--position", "a,b,c"],
            "--position takes each seat's chips as numbers separated by commas, such as 3,0,2; not a,b,c.",
        ),
        (
            ["simulate", "--policy", "2=wise"],
            "--policy takes a seat from 1 to 3 and a policy, such as 2=careful (greedy, careful); not 2=wise.",
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
    code, out, _ = run(capsys, "odds")
    assert code == 0
    lines = out.splitlines()
    assert lines[:2] == ["Working out the exact odds.", "Exact odds, seat 1 to play:"]
    assert len(lines) == 5 and all(
        line.startswith(f"Seat {n}: wins ") for n, line in zip((1, 2, 3), lines[2:], strict=True)
    )


def test_odds_without_a_table_are_simulated_with_a_margin(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--win", "last-chip-in-pot", "--games", "2000", "--seed", "3", "--csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert sum(float(r["win"]) for r in rows) == pytest.approx(1, abs=1e-12)
    assert all(float(r["win_standard_error"]) > 0 for r in rows)


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
    lines = [line for line in out.splitlines() if line.startswith("Seat")]
    assert lines[0].startswith("Seat 1, careful: wins ") and "Against all greedy: " in lines[0]
    assert lines[1].startswith("Seat 2, greedy: wins ")


def test_progress_lines_say_each_percent_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from lcr_audio.game.analysis import cli as analysis_cli

    monkeypatch.setattr(analysis_cli, "PROGRESS_SECONDS", 0.0)
    out = io.StringIO()
    progress = analysis_cli.Progress(out, 200, quiet=False)
    for done in (2, 3, 4, 4, 100, 200):
        progress(done)
    assert out.getvalue() == "1 percent done.\n2 percent done.\n50 percent done.\n"
    quiet = io.StringIO()
    analysis_cli.Progress(quiet, 200, quiet=True)(50)
    assert quiet.getvalue() == ""


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
    assert lines[0].startswith("Careful seats weigh each choice by simulating games from it")
    assert lines[1:3] == [
        "6 games played.",
        "Against all greedy: the same games, each seat rolling the same dice, with every seat greedy.",
    ]
    assert [line.split(",")[0] for line in lines[3:]] == ["Seat 1", "Seat 2", "Seat 3"]
    code, table, _ = run(capsys, *argv, "--seed", "4", "--policy", "1=careful", "--csv")
    rows = list(csv.DictReader(io.StringIO(table)))
    assert sum(int(r["wins"]) for r in rows) == 6
    assert abs(sum(float(r["gain"]) for r in rows)) < 1e-9
    assert [r["policy"] for r in rows] == ["careful", "greedy", "greedy"]


def test_a_slow_run_says_the_time_left(monkeypatch: pytest.MonkeyPatch) -> None:
    from lcr_audio.game.analysis import cli as analysis_cli

    monkeypatch.setattr(analysis_cli, "PROGRESS_SECONDS", 0.0)
    out = io.StringIO()
    progress = analysis_cli.Progress(out, 200, quiet=False, time_left=True)
    progress.start -= 30.0  # 30 seconds ago
    progress(50)  # a quarter in 30 seconds: 90 more
    progress.start -= 570.0
    progress(100)  # half in 600 seconds: 10 minutes more
    assert out.getvalue() == (
        "25 percent done. About 90 seconds left.\n50 percent done. About 10 minutes left.\n"
    )
