"""Saved games (DESIGN.md §1, §4): round trips, every kind of bad file, and kills in the middle of a write.

No test touches the player's own folders: ``LCR_AUDIO_HOME`` points into ``tmp_path`` and every save
goes to an explicit path there.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.engine import any_rules

from lcr_audio.engine import Event, FirstPlayer, Roll, Rules
from lcr_audio.game import saves
from lcr_audio.game.bots import Policy
from lcr_audio.game.saves import MAX_BYTES, Problem, SaveError, Series
from lcr_audio.game.session import Player, Session
from lcr_audio.narration.saved_offer import continue_question

ROOT = Path(__file__).resolve().parent.parent
HELPER = ROOT / "tests" / "saves_kill_helper.py"

CONTINUE_CAP = 5_000
"""Decisions played on after a load in the round trip; a rare marathon game is compared up to here."""


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point the user folders into the test's own temporary folder."""
    monkeypatch.setenv("LCR_AUDIO_HOME", str(tmp_path / "home"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))


def trio(seed: int = 5, rules: Rules | None = None) -> Session:
    rules = rules or Rules(players=3)
    names = ["Ana", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Hal", "Io", "Jo"][: rules.players]
    return Session(rules, [Player(name) for name in names], seed)


def play(session: Session, decisions: int) -> list[Event]:
    """Let the computer players make up to ``decisions`` decisions; return the events."""
    events: list[Event] = []
    for _ in range(decisions):
        if session.state.over:
            break
        events.extend(session.play_computer())
    return events


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file in ``folder``: its bytes and modification time (ns)."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir()) if p.is_file()}


# --- round trip -------------------------------------------------------------------------------------------


@st.composite
def tables(draw: st.DrawFn) -> tuple[Session, int, Series, Path | None]:
    rules = draw(any_rules())
    players = [
        Player(
            # Names as the setup leaves them (letters, digits, marks, symbols; load cleans any other).
            name=draw(st.text(st.characters(categories=("L", "M", "N", "P", "S")), min_size=1, max_size=12)),
            human=False,
            policy=Policy(
                name=draw(st.sampled_from(["greedy", "cautious"])), reverse_at=draw(st.integers(4, 12))
            ),
        )
        for _ in range(rules.players)
    ]
    seed = draw(st.integers(-(2**70), 2**70))
    session = Session(rules, players, seed)
    twin = Session(rules, players, seed)  # the whole game, to save it somewhere between start and end
    play(twin, CONTINUE_CAP)
    decisions = draw(st.sampled_from([0, len(twin.actions)]) | st.integers(0, len(twin.actions)))
    wins = draw(st.lists(st.integers(0, 50), min_size=rules.players, max_size=rules.players))
    series = Series(games=sum(wins) + draw(st.integers(0, 3)), wins=wins)
    transcript = draw(st.none() | st.just(Path("transcripts") / "game one.txt"))
    return session, decisions, series, transcript


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(table=tables())
def test_a_loaded_game_continues_exactly_like_the_uninterrupted_one(
    table: tuple[Session, int, Series, Path | None], tmp_path: Path
) -> None:
    original, decisions, series, transcript = table
    play(original, decisions)
    path = tmp_path / "round-trip.json"
    saves.save(original, path, series=series, transcript=transcript)

    loaded = saves.load(path)
    resumed = loaded.session
    assert resumed.state == original.state
    assert resumed.actions == original.actions
    assert resumed.rng.getstate() == original.rng.getstate()
    assert list(resumed.players) == list(original.players)
    assert (resumed.rules, resumed.seed) == (original.rules, original.seed)
    assert loaded.series == series
    assert loaded.transcript == (None if transcript is None else Path("game one.txt"))  # a name, never a path
    assert loaded.names == tuple(p.name for p in original.players)
    assert loaded.turn == original.state.turn

    assert play(resumed, CONTINUE_CAP) == play(original, CONTINUE_CAP)
    assert resumed.state == original.state
    assert resumed.actions == original.actions
    assert resumed.rng.randrange(2**31) == original.rng.randrange(2**31)  # the next game's seed too


def test_saving_a_loaded_game_writes_the_same_document(tmp_path: Path) -> None:
    session = trio(11, Rules(players=5, wild=True, reversible=True, chips=6))
    play(session, 80)
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    saves.save(session, first, series=Series(3, [1, 0, 2, 0, 0]))
    saves.save(saves.load(first).session, second, series=saves.load(first).series)
    strip = re.compile(r'"saved_at": "[^"]*"')
    assert strip.sub("", first.read_text("utf-8")) == strip.sub("", second.read_text("utf-8"))


def test_the_file_is_the_documented_json(tmp_path: Path) -> None:
    session = trio(3)
    play(session, 10)
    path = tmp_path / "game.json"
    saves.save(session, path, series=Series(2, [1, 1]), transcript=Path("t.txt"))
    document = json.loads(path.read_text("utf-8"))
    assert list(document) == [
        "format", "version", "saved_at", "rules", "players", "seed", "physical", "first", "actions", "series",
        "transcript", "digest",
    ]  # fmt: skip
    assert document["format"] == "lcr-audio-save"
    assert document["version"] == saves.FORMAT_VERSION == 1
    assert document["rules"] == {
        "players": 3, "chips": 3, "wild": False, "three_wilds": "take-pot", "reversible": False,
        "win": "last-with-chips", "first_player": "1",
    }  # fmt: skip
    assert document["players"][0] == {
        "name": "Ana",
        "human": False,
        "policy": {"name": "greedy", "reverse_at": 6},
    }
    assert document["seed"] == 3 and document["first"] == 0
    assert document["series"] == {"games": 2, "wins": [1, 1, 0]}
    assert document["transcript"] == "t.txt"
    assert re.fullmatch(r"[0-9a-f]{64}", document["digest"])
    assert document["digest"] == saves.state_digest(session.state)
    assert len(document["actions"]) == len(session.actions) == 10
    for entry, action in zip(document["actions"], session.actions, strict=True):
        assert isinstance(action, Roll)
        assert entry == {"roll": "".join(face.value for face in action.faces)}
    assert '\n    {"roll": "' in path.read_text("utf-8")  # one line per action


def test_the_canonical_text_of_the_digest() -> None:
    import hashlib

    state = trio().state
    text = "chips=3,3,3;pot=0;seat=0;turn=1;phase=roll;reversed=false;faces=;wilds_left=0;winner=none"
    assert saves.state_digest(state) == hashlib.sha256(text.encode()).hexdigest()


def test_the_first_seat_drawn_at_random_is_saved_and_checked(tmp_path: Path) -> None:
    session = trio(8, Rules(players=7, first_player=FirstPlayer.RANDOM))
    first = session.state.seat
    path = tmp_path / "random-first.json"
    saves.save(session, path)
    assert json.loads(path.read_text("utf-8"))["first"] == first
    assert saves.load(path).session.state == session.state


def test_a_finished_game_and_a_game_with_people_load(tmp_path: Path) -> None:
    session = Session(Rules(players=4), [Player("Ana", human=True)] + [Player(f"B{i}") for i in range(3)], 2)
    session.roll()  # a person's roll is drawn by the session too
    path = tmp_path / "people.json"
    saves.save(session, path)
    loaded = saves.load(path)
    assert loaded.session.players[0].human and loaded.session.state == session.state

    finished = trio(4)
    finished.play_to_end()
    saves.save(finished, path)
    assert saves.load(path).over


def test_the_question_names_the_players_and_the_turn(tmp_path: Path) -> None:
    session = trio(1)
    play(session, 30)
    path = tmp_path / "q.json"
    saves.save(session, path)
    loaded = saves.load(path)
    assert continue_question(loaded) == f"Continue the game of Ana, Bo, and Cy, turn {session.state.turn}?"
    assert loaded.saved_at.tzinfo is not None


def test_unknown_extra_fields_are_ignored(tmp_path: Path) -> None:
    session = trio(6)
    play(session, 5)
    path = tmp_path / "extra.json"
    saves.save(session, path)
    document = json.loads(path.read_text("utf-8"))
    document["comment"] = "added by a later version 1 writer"
    document["rules"]["colour"] = "blue"
    path.write_text(json.dumps(document), "utf-8")
    assert saves.load(path).session.state == session.state


def test_the_default_path_is_in_the_private_data_folder(tmp_path: Path) -> None:
    path = saves.default_save_path()
    assert path.name == "autosave.json"
    assert path.is_relative_to(tmp_path)


def test_series_counts_games_and_wins() -> None:
    series = Series()
    series.record_win(2)
    series.record_win(0)
    series.record_win(2)
    assert series == Series(games=3, wins=[1, 0, 2])
    with pytest.raises(ValueError):
        series.record_win(-1)


def test_a_long_game_stays_well_inside_the_size_bound(tmp_path: Path) -> None:
    session = trio(9, Rules(players=10, chips=10, wild=True, reversible=True))
    session.play_to_end()
    path = tmp_path / "long.json"
    saves.save(session, path)
    per_action = (path.stat().st_size - 4096) / len(session.actions)
    assert per_action <= 24, "docs/save-format.md and MAX_BYTES assume at most 24 bytes per action"


# --- saving that fails --------------------------------------------------------------------------------------


def test_a_game_too_long_to_save_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = trio(2)
    path = tmp_path / "autosave.json"
    saves.save(session, path)
    before = snapshot(tmp_path)
    play(session, 50)
    monkeypatch.setattr(saves, "MAX_BYTES", path.stat().st_size + 10)
    with pytest.raises(SaveError, match=r"^This game is too long to be saved\.$") as caught:
        saves.save(session, path)
    assert caught.value.problem is Problem.NOT_SAVED
    assert snapshot(tmp_path) == before


def test_a_folder_that_cannot_be_written_is_one_sentence(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", "utf-8")
    with pytest.raises(SaveError) as caught:
        saves.save(trio(), blocker / "autosave.json")
    assert str(caught.value) == (
        f"The game could not be saved in {blocker / 'autosave.json'}: a folder on the way is missing or is a file."
    )
    assert caught.value.problem is Problem.NOT_SAVED


# --- bad saves --------------------------------------------------------------------------------------------


def base_document(tmp_path: Path) -> dict[str, Any]:
    """A valid save of a 3-player game 12 decisions in (no Wild dice: every decision is a roll)."""
    session = trio(5)
    play(session, 12)
    path = tmp_path / "base.json"
    saves.save(session, path)
    document: dict[str, Any] = json.loads(path.read_text("utf-8"))
    path.unlink()
    return document


def edit(change: Callable[[dict[str, Any]], object]) -> Callable[[dict[str, Any]], bytes]:
    def make(document: dict[str, Any]) -> bytes:
        document = copy.deepcopy(document)
        change(document)
        return json.dumps(document, indent=2).encode("utf-8")

    return make


def raw(data: bytes) -> Callable[[dict[str, Any]], bytes]:
    return lambda _document: data


def other_faces(faces: str) -> str:
    return "L" * len(faces) if faces != "L" * len(faces) else "." * len(faces)


def parent_of(document: dict[str, Any], dotted: str) -> tuple[Any, Any]:
    """The container holding the field ``dotted`` ("players.1.name") and the key of the field in it."""
    *parents, last = dotted.split(".")
    target: Any = document
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    return target, int(last) if isinstance(target, list) else last


def set_in(document: dict[str, Any], dotted: str, value: object) -> None:
    target, key = parent_of(document, dotted)
    target[key] = value


def drop(document: dict[str, Any], dotted: str) -> None:
    target, key = parent_of(document, dotted)
    del target[key]


def valid_text(document: dict[str, Any]) -> bytes:
    return json.dumps(document, indent=2).encode("utf-8")


NEWER = "This save was made by a newer version of the game (format 2); this version reads format 1."
TYPE = "The saved game's {} field holds the wrong kind of value."
MISSING = "The saved game is missing its {} field."
GARBLED = "The saved game is damaged: its text is garbled."
RULE = "The saved game's rule {} has a value this version cannot play: {}."

BAD_SAVES: list[tuple[str, Callable[[dict[str, Any]], bytes], Problem, str]] = [
    (
        "empty",
        raw(b""),
        Problem.DAMAGED,
        "The saved game is damaged: its text breaks off or is garbled at line 1.",
    ),
    (
        "truncated",
        lambda d: valid_text(d)[: len(valid_text(d)) // 2],
        Problem.DAMAGED,
        r"The saved game is damaged: its text breaks off or is garbled at line \d+\.",
    ),
    ("binary", raw(b"\xff\xfe\x00garbage"), Problem.DAMAGED, "The saved game is damaged: it is not text."),
    ("nested", raw(b"[" * 200_000), Problem.DAMAGED, GARBLED),
    ("huge-number", raw(b'{"seed": 1' + b"0" * 5000 + b"}"), Problem.DAMAGED, GARBLED),
    ("a-list", raw(b"[1, 2, 3]"), Problem.FOREIGN, "This file is not a saved Left Right Center game."),
    ("settings", raw(b'{"volume": 3}'), Problem.FOREIGN, "This file is not a saved Left Right Center game."),
    (
        "wrong-format",
        edit(lambda d: set_in(d, "format", "lcr-audio-settings")),
        Problem.FOREIGN,
        "This file is not a saved Left Right Center game.",
    ),
    ("newer", edit(lambda d: set_in(d, "version", 2)), Problem.NEWER, NEWER),
    (
        "newer-and-different",
        raw(b'{"format": "lcr-audio-save", "version": 2, "game": {}}'),
        Problem.NEWER,
        NEWER,
    ),
    ("version-text", edit(lambda d: set_in(d, "version", "1")), Problem.FIELD, TYPE.format("version")),
    (
        "version-0",
        edit(lambda d: set_in(d, "version", 0)),
        Problem.FIELD,
        "The saved game's version field holds a value out of range: 0.",
    ),
    ("no-version", edit(lambda d: drop(d, "version")), Problem.FIELD, MISSING.format("version")),
    ("no-seed", edit(lambda d: drop(d, "seed")), Problem.FIELD, MISSING.format("seed")),
    ("seed-float", edit(lambda d: set_in(d, "seed", 5.0)), Problem.FIELD, TYPE.format("seed")),
    ("seed-bool", edit(lambda d: set_in(d, "seed", True)), Problem.FIELD, TYPE.format("seed")),
    ("physical-text", edit(lambda d: set_in(d, "physical", "yes")), Problem.FIELD, TYPE.format("physical")),
    ("no-rules", edit(lambda d: drop(d, "rules")), Problem.FIELD, MISSING.format("rules")),
    ("chips-text", edit(lambda d: set_in(d, "rules.chips", "3")), Problem.FIELD, TYPE.format("rules.chips")),
    ("no-name", edit(lambda d: drop(d, "players.1.name")), Problem.FIELD, MISSING.format("players[1].name")),
    (
        "human-text",
        edit(lambda d: set_in(d, "players.2.human", "no")),
        Problem.FIELD,
        TYPE.format("players[2].human"),
    ),
    (
        "policy-none",
        edit(lambda d: set_in(d, "players.0.policy", None)),
        Problem.FIELD,
        TYPE.format("players[0].policy"),
    ),
    ("player-text", edit(lambda d: set_in(d, "players.0", "Ana")), Problem.FIELD, TYPE.format("players[0]")),
    ("actions-dict", edit(lambda d: set_in(d, "actions", {})), Problem.FIELD, TYPE.format("actions")),
    ("no-digest", edit(lambda d: drop(d, "digest")), Problem.FIELD, MISSING.format("digest")),
    ("saved-at", edit(lambda d: set_in(d, "saved_at", "yesterday")), Problem.FIELD, TYPE.format("saved_at")),
    (
        "first-11",
        edit(lambda d: set_in(d, "first", 11)),
        Problem.FIELD,
        "The saved game's first field holds a value out of range: 11.",
    ),
    ("series-wins", edit(lambda d: set_in(d, "series.wins", [1])), Problem.FIELD, TYPE.format("series.wins")),
    (
        "series-sum",
        edit(lambda d: set_in(d, "series", {"games": 1, "wins": [1, 1, 0]})),
        Problem.FIELD,
        "The saved game's series.wins field holds a value out of range: 1, 1, 0.",
    ),
    (
        "seats",
        edit(lambda d: d["players"].append(copy.deepcopy(d["players"][0]))),
        Problem.FIELD,
        "The saved game seats a different number of players than its rules call for.",
    ),
    (
        "players-11",
        edit(lambda d: set_in(d, "rules.players", 11)),
        Problem.RULES,
        RULE.format("rules.players", 11),
    ),
    ("chips-0", edit(lambda d: set_in(d, "rules.chips", 0)), Problem.RULES, RULE.format("rules.chips", 0)),
    (
        "win-unknown",
        edit(lambda d: set_in(d, "rules.win", "sudden-death")),
        Problem.RULES,
        RULE.format("rules.win", "sudden-death"),
    ),
    (
        "first-unknown",
        edit(lambda d: set_in(d, "rules.first_player", "youngest")),
        Problem.RULES,
        RULE.format("rules.first_player", "youngest"),
    ),
    (
        "garbled-action",
        edit(lambda d: set_in(d, "actions.3", {"roll": "LX."})),
        Problem.ACTION,
        "Move 4 of the saved game is written in a way this version does not understand.",
    ),
    (
        "unknown-action",
        edit(lambda d: set_in(d, "actions.0", {"fly": 1})),
        Problem.ACTION,
        "Move 1 of the saved game is written in a way this version does not understand.",
    ),
    (
        "refused-action",
        edit(lambda d: d["actions"].insert(1, {"choose": 1})),
        Problem.ACTION,
        "Move 2 of the saved game is not allowed by the rules at that point.",
    ),
    (
        "wild-without-wild-dice",
        edit(lambda d: set_in(d, "actions.0", {"roll": "W" * len(d["actions"][0]["roll"])})),
        Problem.ACTION,
        "Move 1 of the saved game is not allowed by the rules at that point.",
    ),
    (
        "other-dice",
        edit(lambda d: set_in(d, "actions.2", {"roll": other_faces(d["actions"][2]["roll"])})),
        Problem.DICE,
        "The dice of move 3 in the saved game are not the ones its seed rolls.",
    ),
    (
        "other-seed",
        edit(lambda d: set_in(d, "seed", 6)),
        Problem.DICE,
        "The dice of move 1 in the saved game are not the ones its seed rolls.",
    ),
    (
        "other-first",
        edit(lambda d: set_in(d, "first", 1)),
        Problem.DICE,
        "The saved game's first player is not the one its seed draws.",
    ),
    (
        "digest",
        edit(lambda d: set_in(d, "digest", "0" * 64)),
        Problem.DIGEST,
        "The saved game does not match its own check: replaying it leads to a different position.",
    ),
    (
        "lost-action",
        edit(lambda d: d["actions"].pop()),
        Problem.DIGEST,
        "The saved game does not match its own check: replaying it leads to a different position.",
    ),
    (
        "too-large",
        lambda d: valid_text(d) + b" " * MAX_BYTES,
        Problem.TOO_LARGE,
        "The file is too large to be a saved game: the limit is 5 megabytes.",
    ),
]


@pytest.mark.parametrize(
    ("make", "problem", "sentence"), [c[1:] for c in BAD_SAVES], ids=[c[0] for c in BAD_SAVES]
)
def test_a_bad_save_is_one_sentence_and_left_untouched(
    tmp_path: Path, make: Callable[[dict[str, Any]], bytes], problem: Problem, sentence: str
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "autosave.json"
    path.write_bytes(make(base_document(tmp_path)))
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    before = snapshot(folder)

    with pytest.raises(SaveError) as caught:
        saves.load(path)

    assert re.fullmatch(sentence if "\\d" in sentence else re.escape(sentence), str(caught.value))
    assert caught.value.problem is problem
    assert caught.value.path == path
    assert snapshot(folder) == before


def test_the_base_of_the_bad_saves_is_good(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    document = base_document(tmp_path)
    assert all(set(action) == {"roll"} for action in document["actions"])
    assert len(document["actions"]) == 12
    path.write_bytes(valid_text(document))
    assert saves.load(path).turn == 13


def test_a_missing_save_is_one_sentence_and_nothing_is_made(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=r"^There is no saved game to continue\.$") as caught:
        saves.load(tmp_path / "nowhere" / "autosave.json")
    assert caught.value.problem is Problem.MISSING
    assert not (tmp_path / "nowhere").exists()


def test_a_folder_in_place_of_the_save_is_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "autosave.json").mkdir()
    with pytest.raises(SaveError) as caught:
        saves.load(tmp_path / "autosave.json")
    assert (
        str(caught.value) == "The saved game cannot be opened; it may be a folder or belong to another user."
    )
    assert caught.value.problem is Problem.UNREADABLE


def test_every_sentence_is_translatable_with_a_comment_and_named_placeholders() -> None:
    keywords = dict(DEFAULT_KEYWORDS)
    found = list(
        extract_from_file("python", ROOT / "lcr_audio" / "game" / "saves.py", keywords, ("Translators:",))
    )
    assert len(found) >= 18
    for _line, message, comments, _context in found:
        assert comments, f"no '# Translators:' comment above {message!r}"
        for text in message if isinstance(message, tuple) else (message,):
            assert text.endswith((".", "?")), text
            assert all(name.isidentifier() for name in re.findall(r"\{([^{}]*)\}", text)), text


# --- kills ------------------------------------------------------------------------------------------------


@pytest.mark.system
@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
def test_a_save_killed_at_any_moment_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "saves" / "autosave.json"
    chance = random.Random(20240611)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    existed = False
    for attempt in range(20):
        helper = subprocess.Popen(
            [sys.executable, str(HELPER), str(path)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert helper.stdout is not None
            ready = helper.stdout.readline()
            assert ready == "ready\n", (
                f"attempt {attempt}: {ready!r} {helper.stderr.read() if helper.stderr else ''}"
            )
            time.sleep(chance.uniform(0.0, 0.12))  # a random moment to kill it: every moment must be safe
            assert helper.poll() is None, helper.stderr.read() if helper.stderr else ""
            helper.send_signal(signal.SIGKILL)
        finally:
            if helper.poll() is None:
                helper.kill()
            helper.communicate(timeout=10)
        assert helper.returncode == -signal.SIGKILL
        if not path.exists():
            assert not existed, f"attempt {attempt}: the save vanished"
            continue
        existed = True
        saves.load(path)  # never unreadable
    assert existed
    game = saves.load(path)
    # The helper went on from each save it found: many saves happened across the 20 kills (a busy machine
    # makes fewer, so the bar is low; the point is that kills landed among saves, each one loadable).
    assert game.series.games > 0 or len(game.session.actions) > 20, "the helper hardly saved at all"


# --- the documentation ------------------------------------------------------------------------------------


def test_the_documented_example_loads_to_the_documented_position() -> None:
    text = (ROOT / "docs" / "save-format.md").read_text("utf-8")
    example = re.search(r"```json\n(.*?)```", text, re.DOTALL)
    assert example
    game = saves.from_document(json.loads(example.group(1)))
    state = game.session.state
    assert (state.chips, state.pot, state.seat, state.turn) == ((2, 1, 4), 2, 1, 5)
    assert game.series == Series(2, [1, 0, 1])
    assert game.names == ("Ana", "Bo", "Cy") and game.session.players[0].human
    canonical = "chips=2,1,4;pot=2;seat=1;turn=5;phase=roll;reversed=false;faces=;wilds_left=0;winner=none"
    assert canonical in text
    assert "**5 MiB**" in text and saves.MAX_BYTES == 5 * 1024 * 1024
