"""``lcr-audio transcript``, ``lcr-audio series`` and ``series --csv`` as real processes, with the user
folders in a temporary folder: nothing saved yet, then a finished game with its series and transcript."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from support.program import ROOT
from support.program import run_game as run

from lcr_audio.engine import Rules
from lcr_audio.game.autosave import transcript_path
from lcr_audio.game.saves import Series, default_save_path, save
from lcr_audio.game.session import Player, Session

pytestmark = pytest.mark.system  # every test runs the game as a program

TRANSCRIPT = (
    "A game of 3 players: Ana, Bo, and Zoë. Everyone starts with 3 chips.\n"
    "Ana rolls L, dot, C: one chip to Bo, one to the pot. Ana 1, Bo 4, pot 1.\n"
    "Zoë wins with 9 chips.\n"
)


def finished_table() -> tuple[Session, Series]:
    """A finished game of Ana, Bo and Zoë (computer players), with the series the keeper would keep."""
    session = Session(Rules(players=3), [Player("Ana"), Player("Bo"), Player("Zoë")], 2)
    session.play_to_end()
    winner = session.state.winner
    assert winner is not None
    series = Series(games=2, wins=[0, 0, 0])
    series.wins[winner] = 1
    series.wins[(winner + 1) % 3] = 1  # the game before was won by the next seat
    return session, series


def write_records(session: Session, series: Series) -> None:
    save_path = default_save_path()
    save(session, save_path, series=series, transcript=transcript_path(save_path))
    transcript_path(save_path).write_text(TRANSCRIPT, encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["transcript"], "There is no transcript yet: play a game first."),
        (["series"], None),
        (["series", "--csv"], None),
    ],
)
def test_nothing_saved_yet_gets_one_sentence_and_exit_2(args: list[str], sentence: str | None) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].endswith("."), result.stderr
    if sentence is not None:
        assert lines[0] == sentence
    assert not default_save_path().parent.exists() or not any(default_save_path().parent.iterdir())


@pytest.mark.parametrize("csv", [False, True], ids=["text", "csv"])
def test_series_with_nothing_saved_says_there_is_no_series(csv: bool) -> None:
    result = run("series", *(["--csv"] if csv else []))
    assert result.stderr == "No series yet: the scores start with your first game.\n"


def test_transcript_prints_the_file_exactly() -> None:
    session, series = finished_table()
    write_records(session, series)
    result = run("transcript")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout == TRANSCRIPT


def test_series_as_sentences_and_as_csv() -> None:
    session, series = finished_table()
    winner = session.state.winner
    write_records(session, series)
    names = ["Ana", "Bo", "Zoë"]
    wins = series.wins
    assert sorted(wins) == [0, 1, 1] and wins[winner] == 1  # type: ignore[index]

    text = run("series")
    assert text.returncode == 0, text.stderr
    assert text.stderr == ""
    order = sorted(range(3), key=lambda seat: -wins[seat])  # most wins first, seat order among equals
    parts = [f"{names[s]} {wins[s]} {'win' if wins[s] == 1 else 'wins'}" for s in order]
    assert text.stdout == f"2 games played. {parts[0]}, {parts[1]}, and {parts[2]}.\n"

    table = run("series", "--csv")
    assert table.returncode == 0, table.stderr
    assert table.stderr == ""
    rows = [f"{seat + 1},{name},{wins[seat]},2" for seat, name in enumerate(names)]
    assert table.stdout == "\n".join(["seat,name,wins,games", *rows]) + "\n"


def test_series_exact_text_for_a_known_table() -> None:
    """One fixed series, every word checked: singular and plural, ties in seat order."""
    session = Session(Rules(players=3), [Player("Ana"), Player("Bo"), Player("Cy")], 2)
    session.play_to_end()
    write_records(session, Series(games=3, wins=[1, 0, 2]))
    assert run("series").stdout == "3 games played. Cy 2 wins, Ana 1 win, and Bo 0 wins.\n"
    assert run("series", "--csv").stdout == "seat,name,wins,games\n1,Ana,1,3\n2,Bo,0,3\n3,Cy,2,3\n"


def test_a_damaged_save_gets_one_sentence_and_exit_2() -> None:
    path = default_save_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "lcr-audio-save", "version": 1,', encoding="utf-8")
    before = path.read_bytes()
    for args in (["series"], ["series", "--csv"]):
        result = run(*args)
        assert result.returncode == 2
        assert result.stdout == ""
        assert result.stderr == "The saved game is damaged: its text breaks off or is garbled at line 1.\n"
    assert path.read_bytes() == before


def test_a_game_in_progress_has_its_series_too() -> None:
    """The series of a table whose current game is not finished: the games finished before it."""
    session = Session(Rules(players=3), [Player("Ana", True), Player("Bo"), Player("Cy")], 2)
    session.start()
    session.roll()
    write_records(session, Series(games=1, wins=[0, 1, 0]))
    result = run("series")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "1 game played. Bo 1 win, Ana 0 wins, and Cy 0 wins.\n"


@pytest.mark.parametrize("args", [["transcript"], ["series"]])
def test_a_terminal_that_cannot_show_a_name_gets_no_traceback(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    session, series = finished_table()
    write_records(session, series)
    monkeypatch.setenv("PYTHONIOENCODING", "ascii")  # a narrow code page, where "ë" cannot be written
    result = run(*args)
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) <= 1


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["transcript"], ["series"], ["series", "--csv"]])
def test_a_result_sent_to_a_full_disk_is_one_sentence(args: list[str]) -> None:
    """Issue 21, item 10: ``lcr-audio transcript > file`` on a full disk printed an ``OSError: [Errno 28]``
    traceback on the old main."""
    session, series = finished_table()
    write_records(session, series)
    with open("/dev/full", "w", encoding="utf-8") as full:
        result = subprocess.run(
            [sys.executable, "-m", "lcr_audio", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            cwd=ROOT,
            timeout=60,
        )
    assert result.stderr == "The result could not be written: the disk is full.\n"
    assert result.returncode == 1
