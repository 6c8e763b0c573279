"""A default name is said in the current language, whatever language the game was saved in (issue 21,
item 13): "You" in English is "Ты" in Russian and "Du" in German. New saves keep it as the default it is
(``"default_name"``); older saves, which hold only the text, are read so that a person's name equal to
any language's default name is that default."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.input import PipeInput
from support.play import started

from lcr_audio import i18n
from lcr_audio.engine import Rules
from lcr_audio.game.saves import SaveError, from_document, load, save_text
from lcr_audio.game.seating import YOU, default_key_of, table
from lcr_audio.game.session import Session
from lcr_audio.narration.saved_offer import continue_question

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _saved(language: str, people: int, names: list[str] | None = None) -> str:
    """A game seated and saved while ``language`` was in force."""
    i18n.set_language(language)
    players = table(4, names or [], range(people))
    return save_text(Session(Rules(players=4), players, seed=3))


def _loaded_names(text: str, language: str) -> tuple[str, ...]:
    i18n.set_language(language)
    return tuple(player.name for player in from_document(json.loads(text)).session.players)


def test_the_one_person_s_default_name_follows_the_language_that_loads_the_game() -> None:
    text = _saved("de", 1)
    assert json.loads(text)["players"][0] == {
        "name": "Du",
        "human": True,
        "policy": {"name": "greedy", "reverse_at": 4},
        "default_name": YOU,
    }
    assert _loaded_names(text, "ru") == ("Ты", "Ana", "Bo", "Cy")
    assert _loaded_names(text, "en") == ("You", "Ana", "Bo", "Cy")
    i18n.set_language("fr")
    loaded = from_document(json.loads(text))
    assert continue_question(loaded) == "Reprendre ta partie avec Ana, Bo et Cy, au tour 1 ?"
    # Saved again from the French game, it is still the default, not "Toi".
    assert _loaded_names(save_text(loaded.session), "de")[0] == "Du"


def test_several_people_s_default_names_follow_the_language() -> None:
    text = _saved("es", 2)
    assert _loaded_names(text, "en")[:2] == ("Player A", "Player B")
    assert _loaded_names(text, "ru")[:2] == ("Игрок A", "Игрок B")


def test_a_typed_name_is_kept_as_typed() -> None:
    """A name that is no language's default stays as typed. (One typed as another language's default,
    "Du" in an English game, is read as that default, as in an old save: it meant "you".)"""
    text = _saved("en", 2, ["Mia", "Zoë"])
    assert "default_name" not in json.loads(text)["players"][0]
    assert _loaded_names(text, "ru")[:2] == ("Mia", "Zoë")


def test_a_name_typed_as_the_default_is_the_default() -> None:
    text = _saved("en", 1, ["You"])
    assert _loaded_names(text, "it")[0] == "Tu"


def test_an_old_save_s_default_name_in_any_language_is_the_default() -> None:
    """Saves written before default names were saved as such: "Du" from a German game, "Jugador B" from a
    Spanish one, read in another language; the v1 fixture's "You" loads in Russian as "Ты"."""
    document = json.loads(_saved("en", 2, ["Mia", "Mo"]))
    document["players"][0]["name"] = "Du"
    document["players"][1]["name"] = "Jugador B"
    document["players"][2]["name"] = "Tu"  # a computer player: its name is its own
    assert _loaded_names(json.dumps(document), "ru")[:3] == ("Ты", "Игрок B", "Tu")
    i18n.set_language("ru")
    assert load(FIXTURES / "save-v1-standard-over.json").names[0] == "Ты"
    i18n.set_language("en")
    assert load(FIXTURES / "save-v1-variants.json").names == ("Ana", "Bo", "Cy", "Dee", "Élodie")


def test_default_names_are_known_in_every_language() -> None:
    assert default_key_of("Ты") == YOU
    assert default_key_of("Você") == YOU
    assert default_key_of("Spieler C") == "C"
    assert default_key_of("Mia") is None
    assert default_key_of("") is None


def test_a_bad_default_name_field_is_one_sentence() -> None:
    document = json.loads(_saved("en", 1))
    document["players"][0]["default_name"] = "everyone"
    with pytest.raises(SaveError, match=re.escape("players[0].default_name")):
        from_document(document)


RIGHT, DOWN, ENTER, F2 = "\x1b[C", "\x1b[B", "\r", "\x1bOQ"


def _status_after_choosing(
    language: str, pipe: PipeInput, names: list[str], humans: tuple[int, ...] = (0,)
) -> tuple[str, str]:
    """A game of 3 seated in English (``names`` for the first seats, ``humans`` the people's seats), the
    Language option moved on to ``language`` in the middle of it (F2, Down, Right until it is named), the
    menu closed: the status (S) then, and the language the Speaker was told."""
    session = Session(Rules(players=3), table(3, names, list(humans)), seed=7)

    async def scenario() -> tuple[str, str]:
        driver = await started(session, pipe)
        await driver.press(F2)
        await driver.press(DOWN)  # the Language line
        for _step in range(10):
            said, _interrupt = await driver.press(RIGHT)
            if language in said:
                break
        else:
            raise AssertionError(f"{language} was never offered")
        await driver.press(ENTER)
        status, _interrupt = await driver.press("s")
        await driver.leave()
        return status, i18n.language()

    return asyncio.run(scenario())


def test_the_default_name_follows_a_language_chosen_in_the_middle_of_a_game(pipe: PipeInput) -> None:
    """Critic: the Language option changed in the middle of a game left "You" in English among German
    sentences; the default name is said in the new language, as a game loaded in it says it."""
    status, code = _status_after_choosing("Deutsch", pipe, [])
    assert code == "de"
    assert status == "Du: 3, Ana: 3, Bo: 3 und Pott: 0."


def test_a_typed_name_stays_when_the_language_changes_in_the_middle_of_a_game(pipe: PipeInput) -> None:
    # Two people at the keyboard, so that the status names them (one person alone is "you" in it).
    status, _code = _status_after_choosing("Français", pipe, ["Mira"], (0, 1))
    assert status.startswith("Mira") and "Toi" not in status
