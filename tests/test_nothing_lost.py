"""Issue 13, "Nothing lost, nothing leaked": saves, settings, transcripts and records survive bad files and odd
systems. One test (or more) per item, each on files the test makes itself; the item is named in each.

The pseudo-terminal tests (pexpect) run the real program; the others drive the app and the screens
in-process through a pipe, heard through the recording backend.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from prompt_toolkit.input import DummyInput, PipeInput
from support.app import make_app
from support.clock import KeyClock
from support.keys import ESCAPE, keys_taken, until
from support.play import mid_game
from support.program import one_person_game
from support.program import run_game as run
from support.program import spawn_game as spawn
from support.waiting import after_reaction

from lcr_audio import storage
from lcr_audio.engine import Rules
from lcr_audio.game.autosave import GameKeeper, transcript_path
from lcr_audio.game.saves import Series, default_save_path, load, save
from lcr_audio.game.seating import table
from lcr_audio.game.session import Player, Session
from lcr_audio.narration.saved_offer import continue_question
from lcr_audio.output.speech import RecordingBackend, Speaker
from lcr_audio.settings import Settings, load_settings, peek_language, settings_path
from lcr_audio.tui.input import REACTION_SECONDS
from lcr_audio.tui.play import Outcome, PlayScreen, ScreenSaid
from lcr_audio.tui.scorekeeper import ScorekeeperScreen

ROOT = Path(__file__).resolve().parent.parent
OSC_52 = "\x1b]52;c;SGVsbG8=\x07"
"""An escape sequence that sets the terminal's clipboard."""
CLEAR = "\x1b[2J"
"""An escape sequence that clears the screen."""
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and file names")


def a_table(seed: int = 1, turns: int = 2) -> Session:
    """A scorekeeper table of Ana, Bo and Cy, ``turns`` typed rolls in (every die a dot)."""
    from lcr_audio.engine import Face, Roll

    session = Session(Rules(players=3), [Player(n, True) for n in ("Ana", "Bo", "Cy")], seed, physical=True)
    for _ in range(turns):
        session.apply(Roll((Face.DOT,) * session.state.dice_to_roll))
    return session


def screen_for(session: Session, keeper: GameKeeper | None) -> PlayScreen:
    return PlayScreen(session, Speaker([RecordingBackend()]), DummyInput(), pause=0, keeper=keeper)


def with_history(session: Session) -> PlayScreen:
    """A play screen that has told ``session`` from its start (its history filled as a game fills it), with
    no keeper of its own (the test calls its keeper)."""
    fresh = Session(session.rules, session.players, session.seed, physical=session.physical)
    screen = screen_for(fresh, None)
    fresh.start()
    for action in session.actions:
        fresh.apply(action)
    return screen


def following(keeper: GameKeeper, screen: PlayScreen) -> GameKeeper:
    """``keeper`` following the game told on ``screen``, its transcript the screen's history (as a play
    screen with that keeper makes it)."""
    keeper.follow(screen.session, ScreenSaid(screen), lambda _text: None)
    return keeper


# --- item 1: a lone surrogate, a HOME that is not UTF-8 ------------------------------------------------------


def test_item1_a_name_with_a_lone_surrogate_is_saved_and_comes_back_clean(tmp_path: Path) -> None:
    session = mid_game(names=("\ud800You", "Ana", "Bo"))
    path = tmp_path / "autosave.json"
    save(session, path)  # on main: UnicodeEncodeError, which nothing caught
    loaded = load(path)
    assert loaded.names == ("You", "Ana", "Bo")
    assert loaded.session.state == session.state


def test_item1_a_crafted_save_with_a_lone_surrogate_loads_with_a_clean_name(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    save(mid_game(), path)
    document = json.loads(path.read_text("utf-8"))
    document["players"][0]["name"] = "\ud800"
    document["players"][0].pop("default_name", None)  # the crafted name alone says who sits there
    document["players"][1]["name"] = "\udce9Ana"
    path.write_text(json.dumps(document), "ascii")  # JSON's own escapes: \ud800
    loaded = load(path)
    assert loaded.names == ("Player 1", "Ana", "Bo")
    save(loaded.session, path)  # and it saves again
    assert load(path).names == ("Player 1", "Ana", "Bo")


@pytest.mark.system
@posix_only
def test_item1_a_home_that_is_not_utf8_saves_and_every_way_out_works(tmp_path: Path) -> None:
    """``HOME=.../caf\\xe9``: Control+S saves (said once, where the folder can be written), Escape and Y
    leave; SIGTERM leaves too. The save is in that folder and loads."""
    home = Path(os.fsdecode(bytes(tmp_path) + b"/caf\xe9"))
    env = dict(os.environ)
    env["LCR_AUDIO_HOME"] = str(home)
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(home / name.lower())  # the same folder for a checkout without LCR_AUDIO_HOME
    play = one_person_game(pause="0")
    child = spawn(*play, env=env, codec_errors="replace")
    try:
        child.expect_exact("Press Space to roll")
        after_reaction()
        child.send(" ")
        child.expect_exact("Your turn. You have 2 chips. Press Space to roll 2 dice.")
        child.send("\x13")  # Control+S
        child.expect_exact("Game saved.")
        os.kill(child.pid, signal.SIGTERM)
        child.expect(pexpect.EOF)
        rest = child.before
    finally:
        child.close(force=True)
    assert child.signalstatus is None and child.exitstatus == 0, rest
    saved = list(home.rglob("autosave.json"))
    assert len(saved) == 1
    assert load(saved[0]).session.state.turn == 4


def test_item1_leaving_works_when_saving_fails_in_any_way(pipe: PipeInput, tmp_path: Path) -> None:
    """A keeper that fails with an error nobody foresaw: a signal and Escape-Y still end the game."""

    class Broken(GameKeeper):
        def _save(self) -> str | None:
            raise RuntimeError("a fault nobody foresaw")

    async def scenario(leave: Callable[[PlayScreen], None]) -> Outcome:
        session = mid_game()
        recorder = RecordingBackend()
        screen = PlayScreen(session, Speaker([recorder]), pipe, pause=0, keeper=Broken(tmp_path / "x.json"))
        task = asyncio.ensure_future(screen.run(resume=True))
        await until(lambda: bool(recorder.texts), task)  # the game is under way
        leave(screen)
        return await asyncio.wait_for(task, 60)

    assert asyncio.run(scenario(PlayScreen.end_on_signal)) is Outcome.LEFT
    assert asyncio.run(scenario(PlayScreen.quit_now)) is Outcome.LEFT


def test_item1_a_save_that_cannot_be_written_is_said_once_with_where_and_why(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", "utf-8")
    keeper = following(GameKeeper(blocker / "autosave.json"), with_history(mid_game()))
    first = keeper.turn_ended()
    assert first == (
        f"The game could not be saved in {blocker / 'autosave.json'}: a folder on the way is missing or is a file."
    )
    assert keeper.turn_ended() is None  # said once
    assert keeper.save_now() == first  # asked for: said again
    assert keeper.turn_ended() is None  # and not once more by the autosave after it
    assert keeper.game_over() is None


# --- item 2: transcripts under names the game owns ------------------------------------------------------------


@pytest.mark.parametrize("name", ["mygame.txt", "thesis.json"])
def test_item2_a_game_saved_to_a_players_file_never_writes_beside_it(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    mine = tmp_path / "thesis.txt"
    mine.write_text("my thesis\n", "utf-8")
    keeper = GameKeeper(path)
    assert keeper.transcript.parent == storage.data_dir()
    assert following(keeper, with_history(mid_game())).save_now() == "Game saved."
    assert load(path).session.state.turn == 7  # the save is still a save (not the transcript)
    assert mine.read_text("utf-8") == "my thesis\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({name, "thesis.txt"})
    assert "Your turn." in keeper.transcript.read_text("utf-8")


def test_item2_the_autosaves_transcripts_sit_beside_them_by_kind() -> None:
    from lcr_audio.game.saves import SaveKind, autosave_path

    for kind in SaveKind:
        assert transcript_path(autosave_path(kind)) == storage.data_dir() / f"{kind.value}.txt"


def test_item2_a_crafted_transcript_field_is_a_name_never_a_path(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    save(mid_game(), path)
    document = json.loads(path.read_text("utf-8"))
    document["transcript"] = str(tmp_path / "thesis.txt")
    path.write_text(json.dumps(document), "utf-8")
    assert load(path).transcript == Path("thesis.txt")


# --- item 3: one autosave per kind, offers that say which, no replacing without a yes --------------------------


def test_item3_keep_score_offers_its_own_unfinished_table(pipe: PipeInput, tmp_path: Path) -> None:
    play_save = tmp_path / "autosave.json"
    save(mid_game(), play_save)
    before = play_save.read_bytes()
    save(a_table(), tmp_path / "scorekeeper.json")

    async def scenario() -> None:
        from lcr_audio.tui.scorekeeper import run_scorekeeper

        app, recorder = make_app(pipe, tmp_path)
        task = asyncio.ensure_future(run_scorekeeper(app))
        question = "Continue the scorekeeper game of Ana, Bo, and Cy, turn 3? Y or N."
        await until(lambda: question in recorder.texts, task)
        pipe.send_text("y")
        await until(lambda: any(t.startswith("The game continues at turn 3.") for t in recorder.texts), task)
        await until(lambda: any("type what they show" in t for t in recorder.texts), task)
        for key in "...":
            pipe.send_text(key)
            await keys_taken(pipe)  # one face at a time, each taken before the next
        pipe.send_text("\r")
        await until(lambda: len(load(tmp_path / "scorekeeper.json").session.actions) == 3, task)
        pipe.send_text("\x03")
        assert await asyncio.wait_for(task, 60) is Outcome.LEFT

    asyncio.run(scenario())
    assert play_save.read_bytes() == before  # the other kind's save is not touched


def test_item3_the_play_offer_names_a_game_and_never_a_table(tmp_path: Path) -> None:
    save(a_table(), tmp_path / "scorekeeper.json")
    assert (
        continue_question(load(tmp_path / "scorekeeper.json"))
        == "Continue the scorekeeper game of Ana, Bo, and Cy, turn 3?"
    )
    save(mid_game(), tmp_path / "autosave.json")
    assert (
        continue_question(load(tmp_path / "autosave.json")) == "Continue your game with Ana and Bo, turn 7?"
    )


@pytest.mark.parametrize("key", ["n", ESCAPE])
def test_item3_a_new_game_never_replaces_an_unfinished_one_without_a_yes(
    pipe: PipeInput, tmp_path: Path, key: str
) -> None:
    path = tmp_path / "autosave.json"
    save(mid_game(), path)
    before = path.read_bytes()

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        task = asyncio.ensure_future(app.play_new(Rules(players=3), table(3, [], [0]), seed=9))
        question = (
            "Starting now replaces the unfinished game of You, Ana, and Bo, turn 7. Start anyway? Y or N."
        )
        await until(lambda: question in recorder.texts, task)
        pipe.send_text(key)
        assert await asyncio.wait_for(task, 60) is Outcome.QUIT
        assert recorder.texts[-1] == f"Nothing was changed; the saved game is still in {path}."

    asyncio.run(scenario())
    assert path.read_bytes() == before


def test_item3_yes_replaces_it(pipe: PipeInput, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "autosave.json"
    clock = KeyClock(monkeypatch)  # the keys' clock: a person's reaction passes when the test says so
    save(mid_game(), path)

    async def scenario() -> None:
        app, recorder = make_app(pipe, tmp_path)
        task = asyncio.ensure_future(app.play_new(Rules(players=3), table(3, [], [0]), seed=9))
        await until(lambda: any(t.startswith("Starting now replaces") for t in recorder.texts), task)
        clock.advance(REACTION_SECONDS)  # a person's reaction: a sooner key is typed ahead
        pipe.send_text("y")
        await until(lambda: any("Press Space to roll" in t for t in recorder.texts), task)
        clock.advance(REACTION_SECONDS)  # a person's reaction: a sooner key is typed ahead
        pipe.send_text(" ")
        await until(lambda: load(path).session.seed == 9, task)
        pipe.send_text("\x03")
        await asyncio.wait_for(task, 60)

    asyncio.run(scenario())


# --- item 4: settings no parser can take, folders that cannot be written ----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "lcr-audio-settings", "version": 1, "rate": ' + "9" * 5000 + "}",
        "[" * 30_000 + "]" * 30_000,
        '{"format": "lcr-audio-settings", "version": 1, "language": ' + "[" * 20_000 + "]" * 20_000 + "}",
    ],
    ids=["5000-digits", "deep-list", "deep-language"],
)
def test_item4_settings_no_parser_can_take_give_one_sentence(text: str) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")
    assert peek_language() == ""
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem == (
        "Your settings could not be read, so the game uses its defaults; the file is kept as "
        f"{path}.broken. {path} is damaged: its text is garbled."
    )
    assert path.with_name("settings.json.broken").read_text("utf-8") == text


@pytest.mark.system
def test_item4_help_with_a_5000_digit_setting_prints_no_traceback() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "lcr-audio-settings", "version": 1, "language": ' + "9" * 5000 + "}", "utf-8")
    result = run("--help")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout.startswith("usage:")


@pytest.mark.system
def test_item4_folders_that_cannot_be_written_the_game_runs_and_says_so_once(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    for part in ("data", "logs", "config"):
        (home / part).write_text("not a folder", "utf-8")
    env = dict(os.environ)
    env["LCR_AUDIO_HOME"] = str(home)
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(
            home / "data"
        )  # a file: nothing can be made under it (a checkout without the variable)
    result = run("play", "--computer", "all", "--fast", "--seed", "3", "--speech", "console", env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    said = [line for line in result.stdout.splitlines() if "could not be saved" in line]
    assert said == [
        f"The game could not be saved in {home / 'data' / 'watch.json'}: a folder on the way is missing or is a file."
    ]
    assert sum(" wins " in line for line in result.stdout.splitlines()) == 1


# --- item 5: names cleaned at every boundary ------------------------------------------------------------------


def crafted_records() -> None:
    """The last game's save and transcript with escape sequences in the names and the text."""
    path = default_save_path()
    session = Session(Rules(players=3), [Player("Ana"), Player("Bo"), Player("Cy")], 2)
    session.play_to_end()
    save(session, path, series=Series(games=1, wins=[int(session.state.winner == s) for s in range(3)]))
    document = json.loads(path.read_text("utf-8"))
    document["players"][0]["name"] = f"An{OSC_52}a"
    document["players"][1]["name"] = f"{CLEAR}Bo\x07\x9b2J"
    path.write_text(json.dumps(document), "utf-8")
    transcript_path(path).write_text(f"Ana{OSC_52} rolls.\n{CLEAR}Bo wins.\n", "utf-8")


@pytest.mark.system
@pytest.mark.parametrize("args", [["series"], ["series", "--csv"], ["transcript"]])
def test_item5_records_print_no_escape_sequences(args: list[str]) -> None:
    crafted_records()
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert result.stdout, result.stderr
    for bad in ("\x1b", "\x07", "\x9b"):
        assert bad not in result.stdout
    assert "Ana" in result.stdout and "Bo" in result.stdout


def test_item5_settings_strings_are_cleaned() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": "lcr-audio-settings", "version": 1, "voice": f"v{OSC_52}1", "language": f"es{CLEAR}"}
    path.write_text(json.dumps(data), "utf-8")
    settings, problem = load_settings()
    assert problem is None
    assert (settings.voice, settings.language) == ("v1", "")
    assert peek_language() == ""


def test_item5_a_resumed_transcript_is_cleaned_before_it_is_said_again(
    pipe: PipeInput, tmp_path: Path
) -> None:
    path = tmp_path / "autosave.json"
    save(mid_game(), path)
    keeper = GameKeeper(path)
    keeper.transcript.parent.mkdir(parents=True, exist_ok=True)
    keeper.transcript.write_bytes(f"Ana{OSC_52} rolls.\n{CLEAR}Bo\trolls.\n".encode() + b"\xff\n")

    async def scenario() -> list[str]:
        app, _recorder = make_app(pipe, tmp_path)
        task = asyncio.ensure_future(app.resume(load(path)))
        await until(lambda: app.active_screen is not None, task)
        assert app.active_screen is not None
        history = list(app.active_screen.history)
        pipe.send_text("\x03")
        await asyncio.wait_for(task, 60)
        return history

    assert asyncio.run(scenario())[:3] == ["Ana rolls.", "Bo rolls.", "\ufffd"]


# --- item 8: no Python error text -----------------------------------------------------------------------------


def test_item8_a_settings_file_that_is_a_folder_is_one_plain_sentence() -> None:
    path = settings_path()
    path.mkdir(parents=True)
    settings, problem = load_settings()
    assert settings == Settings()
    assert problem is not None and "Errno" not in problem
    assert problem.endswith(f"{path} could not be read: there is a folder of that name.")


@pytest.mark.system
def test_item8_a_transcript_that_is_a_folder_is_one_plain_sentence() -> None:
    path = default_save_path()
    save(mid_game(), path)
    transcript_path(path).mkdir()
    result = run("transcript")
    assert result.returncode == 2
    assert (
        result.stderr
        == f"The transcript {transcript_path(path)} could not be read: there is a folder of that name.\n"
    )


@pytest.mark.system
def test_item8_a_transcript_that_is_not_utf8_is_printed_not_refused() -> None:
    path = default_save_path()
    save(mid_game(), path)
    transcript_path(path).write_bytes(b"Ana rolls.\n\xff\xfe Bo wins.\n")
    result = run("transcript")
    assert result.returncode == 0, result.stderr
    assert "codec" not in result.stdout + result.stderr
    assert result.stdout == "Ana rolls.\n\ufffd\ufffd Bo wins.\n"


# --- item 10: every broken copy kept; the version as a person may write it --------------------------------------


def test_item10_every_broken_settings_file_is_kept() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    texts = ["{broken one", "{broken two", "[3]"]
    for text in texts:
        path.write_text(text, "utf-8")
        assert load_settings()[1] is not None
    kept = [path.with_name("settings.json.broken"), path.with_name("settings.json.broken-2")]
    kept.append(path.with_name("settings.json.broken-3"))
    assert [p.read_text("utf-8") for p in kept] == texts
    assert not path.exists()


@pytest.mark.parametrize("version", ['"1"', "1.0", '" 1 "'])
def test_item10_a_version_written_by_hand_is_read(version: str) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        '{"format": "lcr-audio-settings", "version": ' + version + ', "verbosity": "brief"}', "utf-8"
    )
    assert load_settings() == (Settings(verbosity="brief"), None)


@pytest.mark.parametrize(
    ("version", "newer"), [("2", True), ('"2"', True), ('"one"', False), ("true", False)]
)
def test_item10_a_newer_or_a_bad_version(version: str, newer: bool) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "lcr-audio-settings", "version": ' + version + "}", "utf-8")
    problem = load_settings()[1]
    assert problem is not None
    if newer:
        assert problem.endswith("was written by a newer version of the game.")
    else:
        assert problem.endswith("has a bad value for version.")


# --- item 11: only the transcript failed ------------------------------------------------------------------------


def test_item11_a_transcript_that_cannot_be_written_is_said_as_such(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    keeper = GameKeeper(path)
    keeper.transcript.mkdir(parents=True)  # a folder where the transcript goes
    problem = following(keeper, with_history(mid_game())).save_now()
    assert problem == (
        f"The game was saved, but its transcript could not be written in {keeper.transcript}: "
        "there is a folder of that name."
    )
    assert load(path).session.state.turn == 7


# --- item 13: watched games recorded; the scorekeeper's undo in the history; game numbers ------------------------


@pytest.mark.system
def test_item13_a_watched_game_is_recorded_with_game_numbers_and_the_series() -> None:
    result = run("play", "--computer", "all", "--fast", "--seed", "3", "--speech", "console")
    assert result.returncode == 0, result.stderr
    winner = next(line for line in result.stdout.splitlines() if " wins " in line)
    series = run("series")
    assert series.returncode == 0, series.stderr
    assert series.stdout.startswith("1 game played. ")
    transcript = run("transcript")
    assert transcript.returncode == 0, transcript.stderr
    lines = transcript.stdout.splitlines()
    assert lines[0] == "Game 1."
    assert winner in lines
    assert lines[-2].startswith("Game 1 is over. At the end: ")  # the game's last message is recorded too
    assert lines[-1] == series.stdout.strip()
    from lcr_audio.game.saves import SaveKind, autosave_path

    assert load(autosave_path(SaveKind.WATCH)).over
    assert not default_save_path().exists()  # a watched game never replaces a game of people


def test_item13_transcript_numbers_every_game_and_gives_the_series_after_each(tmp_path: Path) -> None:
    keeper = GameKeeper(tmp_path / "autosave.json")
    first = Session(Rules(players=3), [Player(n) for n in ("Ana", "Bo", "Cy")], 5)
    screen = screen_for(first, keeper)
    for seed in (5, 6):
        if seed != 5:
            screen.use(Session(first.rules, first.players, seed))
        screen.session.start()
        screen.session.play_to_end()
    lines = keeper.transcript.read_text("utf-8").splitlines()
    headings = [line for line in lines if line.startswith("Game ") and line.endswith(".") and len(line) < 10]
    assert headings == ["Game 1.", "Game 2."]
    assert lines[0] == "Game 1."
    assert lines[-1].startswith("Game 2 is over. ") and " 2 games played. " in lines[-1]  # the series once
    assert sum("games played." in line for line in lines) == 1
    assert lines[lines.index("Game 2.") - 2].startswith("Game 1 is over. ")
    assert lines[lines.index("Game 2.") - 1].startswith("1 game played. ")


def test_item13_an_undo_is_in_the_history_and_marks_the_undone_messages(
    pipe: PipeInput, tmp_path: Path
) -> None:
    async def scenario() -> None:
        recorder = RecordingBackend()
        session = Session(
            Rules(players=3, chips=3), [Player(n, True) for n in ("Ana", "Bo", "Cy")], 1, physical=True
        )
        keeper = GameKeeper(tmp_path / "scorekeeper.json")
        screen = ScorekeeperScreen(
            session, Speaker([recorder]), pipe, pause=0, new_session=None, keeper=keeper
        )
        task = asyncio.ensure_future(screen.run())
        await until(lambda: "Your turn, Ana. Roll 3 dice and type what they show." in recorder.texts, task)
        for key in "lrc\r":
            pipe.send_text(key)
            await keys_taken(pipe)  # one key at a time, each taken before the next
        await until(lambda: any(t.startswith("Your turn, Bo.") for t in recorder.texts), task)
        told = len(screen.history)
        pipe.send_text("u")
        await until(lambda: "Undo the last turn? Y or N." in recorder.texts, task)
        pipe.send_text("y")
        undone = "Last turn undone. Ana 3, Bo 3, Cy 3, pot 0. Your turn, Ana. You have 3 chips. Roll 3 dice and type what they show."
        await until(lambda: undone in recorder.texts, task)
        assert screen.history[-1] == undone
        rolled = [i for i, line in enumerate(screen.history) if "Ana rolls" in line or "rolled" in line]
        assert rolled and all(screen.history[i].startswith("Undone: ") for i in rolled)
        assert all(line.startswith("Undone: ") for line in screen.history[told - 1 : -1])
        before = len(recorder.texts)
        pipe.send_text(",")  # the last message again: the undo, not Bo's stale turn
        await until(lambda: len(recorder.texts) > before, task)
        assert recorder.texts[before] == undone
        text = keeper.transcript.read_text("utf-8")
        assert undone in text and "Undone: " in text
        pipe.send_text("\x03")
        await asyncio.wait_for(task, 60)

    asyncio.run(scenario())
