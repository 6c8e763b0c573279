"""Types over strings (issue 12, item 6): speech modes, verbosity, cue names, rules reader sections, lessons
and main-menu items are StrEnums, and what the game hands around is of those types, not bare strings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lcr_audio.cli import parse_arguments
from lcr_audio.cues import Cue
from lcr_audio.engine import Rules, WinCondition
from lcr_audio.game.session import Player, Session
from lcr_audio.narration import Narrator, Verbosity
from lcr_audio.narration.practice import LESSONS, LessonKey, questions
from lcr_audio.narration.rules_text import SectionKey, sections
from lcr_audio.output.speech import SpeechMode, create_speaker
from lcr_audio.settings import load_settings
from lcr_audio.tui.menu_text import MenuItem, main_menu_items


@pytest.mark.parametrize("mode", ["auto", "screen-reader", "tts", "console", "silent"])
def test_each_speech_mode_is_a_speech_option(mode: str) -> None:
    assert parse_arguments(["--speech", mode]).speech == SpeechMode(mode)


def test_a_speaker_reports_its_mode_as_a_speech_mode() -> None:
    assert create_speaker("console", print_line=lambda _line: None).mode is SpeechMode.CONSOLE
    assert create_speaker(SpeechMode.SILENT).mode is SpeechMode.SILENT
    with pytest.raises(ValueError, match="Unknown speech mode 'loud'"):
        create_speaker("loud")


def test_a_saved_verbosity_loads_as_the_one_verbosity_type(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": "lcr-audio-settings", "version": 1, "verbosity": "brief"}), "utf-8")
    settings, problem = load_settings(path)
    assert problem is None and settings.verbosity is Verbosity.BRIEF


def test_a_whole_game_narrated_carries_cues_only() -> None:
    session = Session(Rules(players=4, wild=True, reversible=True), [Player(n) for n in "ABCD"], seed=5)
    narrator = Narrator(session.names)
    heard: list[object] = []
    session.listeners.append(
        lambda events, state: heard.extend(
            cue for utterance in narrator.narrate(events, state) for cue in utterance.cues
        )
    )
    session.start()
    session.play_to_end()
    assert heard and all(type(cue) is Cue for cue in heard)
    assert {Cue.DICE, Cue.CHIP_POT, Cue.WIN} <= set(heard)


def test_the_rules_reader_sections_are_named_by_section_keys() -> None:
    assert [section.key for section in sections()] == list(SectionKey)
    variant = [section.key for section in sections(Rules(win=WinCondition.ROLL_ALL_DOTS))]
    assert variant[6:9] == [SectionKey.WIN_CONDITIONS, SectionKey.RESET, SectionKey.WILD]  # on first


def test_every_lesson_has_its_key_and_its_questions_carry_it() -> None:
    assert [lesson.key for lesson in LESSONS] == list(LessonKey)
    assert {question.lesson for question in questions(LessonKey.RESET, 3)} == {LessonKey.RESET}
    assert questions("reset", 3) == questions(LessonKey.RESET, 3)


def test_the_main_menu_lists_every_item_but_escape() -> None:
    assert [item for item, _label in main_menu_items()] == [m for m in MenuItem if m is not MenuItem.ESCAPE]
