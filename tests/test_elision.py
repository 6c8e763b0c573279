"""The small word before a name as each language says it (issue 21, item 13): French "d'Ana" and "qu'Eli",
Italian "ad Ana" and "ed Eli", from the rules each catalog writes (context ``elision``), wherever a
sentence with a name is made: narration's utterances, and every sentence the program's speaker says."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lcr_audio import i18n
from lcr_audio.narration.elision import VOWELS, before_name, elide, parse
from lcr_audio.narration.lists import and_list
from lcr_audio.narration.utterance import Utterance
from lcr_audio.output.speech import RecordingBackend, Speaker


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.mark.usefixtures("language")
@pytest.mark.parametrize(
    ("word", "name", "said"),
    [
        ("de", "Ana", "d'Ana"),
        ("de", "Eli", "d'Eli"),
        ("que", "Eli", "qu'Eli"),
        ("De", "Ivy", "D'Ivy"),
        ("de", "Élodie", "d'Élodie"),
        ("de", "Bo", "de Bo"),
        ("de", "Hana", "de Hana"),  # a leading h never elides: h aspiré names would be wrong
        ("de", "Hal", "de Hal"),
        ("à", "Ana", "à Ana"),  # no rule for à
    ],
)
def test_french_elides_before_a_vowel_initial_name(word: str, name: str, said: str) -> None:
    i18n.set_language("fr")
    assert before_name(word, name) == said


@pytest.mark.usefixtures("language")
@pytest.mark.parametrize(
    ("word", "name", "said"),
    [
        ("a", "Ana", "ad Ana"),
        ("e", "Eli", "ed Eli"),
        ("a", "Eli", "a Eli"),
        ("e", "Ana", "e Ana"),
        ("a", "Bo", "a Bo"),
    ],
)
def test_italian_says_ad_and_ed_before_the_same_vowel(word: str, name: str, said: str) -> None:
    i18n.set_language("it")
    assert before_name(word, name) == said


@pytest.mark.usefixtures("language")
def test_a_whole_sentence_changes_only_before_names() -> None:
    i18n.set_language("fr")
    text = "Les jetons de Ana et de Bo, puis ceux de Hana ; plus que Eli. De Ivy aussi."
    assert elide(text) == "Les jetons d'Ana et de Bo, puis ceux de Hana ; plus qu'Eli. D'Ivy aussi."
    # With the names known, a name typed in lower case is found too; other words are left alone.
    assert elide("le tour de eli, de ici", names=["eli"]) == "le tour d'eli, de ici"
    i18n.set_language("it")
    assert elide("un gettone a Ana e uno a Eli; Bo e Eli") == "un gettone ad Ana e uno a Eli; Bo ed Eli"
    assert elide(and_list(["Bo", "Cy", "Eli"])) == "Bo, Cy ed Eli"


@pytest.mark.usefixtures("language")
def test_english_and_languages_without_rules_are_left_alone() -> None:
    for language in ("en", "de", "ru", "pt_BR"):
        i18n.set_language(language)
        assert elide("de Ana, a Ana, e Eli, que Eli") == "de Ana, a Ana, e Eli, que Eli"


def test_rules_are_read_leniently() -> None:
    """A mistyped rule never stops a sentence: what cannot be read is left out."""
    assert parse("-") == ()
    assert parse("«-»") == ()
    assert parse("de> >x a>ad/a") == parse("a>ad/a")
    (rule,) = parse("y>e/i,hi")
    assert rule.word == "y" and rule.replacement == "e" and rule.initials == ("i", "hi")
    assert parse("de>d'")[0].initials == VOWELS


@pytest.mark.usefixtures("language")
def test_every_utterance_and_the_speaker_elide() -> None:
    """The narration's utterances and whatever the program's speaker says go through the same helper."""
    i18n.set_language("fr")
    assert Utterance("Les jetons de Ana ne bougent pas.").text == "Les jetons d'Ana ne bougent pas."
    recorder = RecordingBackend()
    speaker = Speaker([recorder])
    speaker.polish = elide
    speaker.speak("La place de Eli est libre.")
    assert recorder.spoken[-1][0] == "La place d'Eli est libre."


@pytest.mark.usefixtures("language")
def test_the_catalog_rules_are_whole() -> None:
    """French and Italian write their rules; every catalog has the message."""
    i18n.set_language("fr")
    assert {rule.word for rule in parse(i18n.pgettext("elision", "-"))} >= {"de", "que"}
    i18n.set_language("it")
    assert {(rule.word, rule.replacement) for rule in parse(i18n.pgettext("elision", "-"))} == {
        ("a", "ad"),
        ("e", "ed"),
    }
