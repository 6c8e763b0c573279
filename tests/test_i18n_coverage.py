"""No sentence reaches a player without passing through the catalogs (issue 7).

A pseudo-translation marks every catalog message with « »; then whole games, menus and questions are
played by keys, and every utterance must be made only of marked pieces, names, numbers and punctuation.
English left over after removing those means a string that bypassed gettext.
"""

from __future__ import annotations

import asyncio
import gettext
import io
import re
from collections.abc import Iterator

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput
from support.keys import keys_taken, until
from support.setup_questions import run_setup

from lcr_audio import i18n
from lcr_audio.app import App
from lcr_audio.engine import Rules
from lcr_audio.game.seating import COMPUTER_NAMES, table
from lcr_audio.game.session import Session
from lcr_audio.output.speech import RecordingBackend, Speaker
from lcr_audio.settings import Settings
from lcr_audio.tui.console import Console
from lcr_audio.tui.play import PlayScreen

MARKED = re.compile(r"«[^«»]*»")


class Pseudo(gettext.NullTranslations):
    """Every message comes back wrapped in « » (placeholders still work)."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(i18n, "_translations", Pseudo())
    yield


def leftover(text: str) -> str:
    """What is left of an utterance after the marked pieces, names, numbers and punctuation."""
    rest, previous = text, None
    while rest != previous:  # innermost marks first: a translated sentence may hold translated pieces
        previous, rest = rest, MARKED.sub(" ", rest)
    for name in (*COMPUTER_NAMES, "You"):
        rest = re.sub(rf"\b{name}\b", " ", rest)
    return re.sub(r"[\s\d.,:;!?+%()«»'\"-]+", "", rest)


def test_a_human_game_with_every_key_is_all_catalog_text(pseudo: None) -> None:
    async def scenario() -> list[str]:
        with create_pipe_input() as keys:
            recorder = RecordingBackend()
            session = Session(
                Rules(players=3, wild=True, reversible=True, chips=5), table(3, ["You"], [0]), 2
            )
            screen = PlayScreen(session, Speaker([recorder]), keys, pause=0.0, new_session=None)
            task = asyncio.create_task(screen.run())
            await until(lambda: bool(recorder.texts), task)  # the game has begun
            for key in [
                "s",
                "c",
                "t",
                "2",
                "0",
                "i",
                ",",
                ".",
                "\x1bOP",
                "x",
                "e",
                "v",
                "q",
                "o",
                "\x1bOQ",
                "\x1b[B",
                "\x1b[B",
                "\x1b[C",
                "\x1b",
                "\x1b[1;5P",
                "\x1b[B",
                "\r",
                "\x1b",
                "\x13",
            ]:
                keys.send_text(key)
                await keys_taken(keys)  # each key taken before the next
            for _ in range(400):  # play the game out: answer whatever is asked
                if task.done():
                    break
                keys.send_text("n" if screen.context.value == "reverse" else "\r")
                await asyncio.sleep(0.005)  # a key driver's pacing: the game plays between the keys
            if not task.done():
                keys.send_text("\x03")
            await asyncio.wait_for(task, 60)
            return [text for text, _ in recorder.spoken]

    spoken = asyncio.run(scenario())
    assert len(spoken) > 20
    bad = [text for text in spoken if leftover(text)]
    assert bad == [], f"not from the catalog: {bad[:3]}"


def test_setup_questions_are_all_catalog_text(pseudo: None) -> None:
    keys = ["12\r", "4\r", "1\r", "Ana\r", "o", "\x1b[C\r", "\x1b[C\r", "\r", "\r", "\r", "\r", "\r", "\r"]
    spoken = run_setup(*keys).spoken
    bad = [text for text in spoken if leftover(text.replace("Ana", ""))]
    assert bad == [], f"not from the catalog: {bad[:3]}"


def test_practice_is_all_catalog_text(pseudo: None, tmp_path: object) -> None:
    from lcr_audio.tui.practice import PracticeScreen

    async def scenario(keys: PipeInput) -> list[str]:
        recorder = RecordingBackend()
        app = App(Console(io.StringIO()), Speaker([recorder]), keys, DummyOutput(), Settings(), None, 0.0)
        task = asyncio.create_task(PracticeScreen(app, seed=3).run("passing"))
        for _ in range(60):
            await asyncio.sleep(0.01)  # a key driver's pacing: the lesson goes on between the answers
            keys.send_text("1\r")
        await keys_taken(keys)
        said = len(recorder.spoken)
        keys.send_text("\x1b")
        await until(lambda: len(recorder.spoken) > said, task)  # the first Escape was taken on its own
        keys.send_text("\x1b")
        await asyncio.wait_for(task, 60)
        return [text for text, _ in recorder.spoken]

    with create_pipe_input() as keys:
        spoken = asyncio.run(scenario(keys))
    names = {"Ana", "Bo", "Cy", "Dee", "Eli"}
    bad = [
        text for text in spoken if leftover(" ".join(w for w in text.split() if w.strip(",.") not in names))
    ]
    assert bad == [], f"not from the catalog: {bad[:3]}"
