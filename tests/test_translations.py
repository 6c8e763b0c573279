"""Every catalog complete and well-formed, and the game really speaks it (issue 7).

A failure names the catalog and the message, and says how to fix it: translate the entry in
locales/<lang>/LC_MESSAGES/lcr_audio.po (after scripts/update_catalogs.sh brought in new messages).
"""

from __future__ import annotations

import gettext
import io
import os
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from lcr_audio import i18n
from lcr_audio.engine import Rules
from lcr_audio.game.seating import table
from lcr_audio.game.session import Session
from lcr_audio.narration import Narrator

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
POT = LOCALES / "messages.pot"
LANGUAGES = sorted(p.parent.parent.name for p in LOCALES.glob("*/LC_MESSAGES/lcr_audio.po"))
BRACES = re.compile(r"\{([^{}]*)\}")
PERCENT = re.compile(r"%(?:\([a-z_]+\))?[rsd]")
FIX = "translate it in locales/{lang}/LC_MESSAGES/lcr_audio.po"


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, tuple | list) else (str(message.id),)


def _strings(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, tuple | list) else (str(message.string),)


def _placeholders(text: str) -> set[str]:
    return set(BRACES.findall(text)) | set(PERCENT.findall(text))


def test_the_six_languages_are_shipped() -> None:
    assert set(LANGUAGES) >= {"es", "fr", "de", "pt_BR", "it", "ru"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_is_complete_and_current(lang: str) -> None:
    """No untranslated or fuzzy entry, and every message of the template is there."""
    catalog = _read(LOCALES / lang / "LC_MESSAGES" / "lcr_audio.po", lang)
    template = _read(POT)
    wanted = {(m.context, _ids(m)) for m in template if m.id}
    present = {(m.context, _ids(m)) for m in catalog if m.id}  # obsolete entries are kept apart
    missing = sorted(str(i) for _c, i in wanted - present)
    assert missing == [], f"{lang}: run scripts/update_catalogs.sh, then translate: {missing[:5]}"
    untranslated = [_ids(m)[0] for m in catalog if m.id and not all(_strings(m))]
    assert untranslated == [], f"{lang}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}; {FIX}"
    fuzzy = [_ids(m)[0] for m in catalog if m.id and m.fuzzy]
    assert fuzzy == [], f"{lang}: fuzzy entries {fuzzy[:3]}: check them and remove the fuzzy flag"


YES_NO = {"de": ("ja", "nein"), "es": ("sí", "no"), "fr": ("oui", "non"), "it": ("sì", "no"),
          "pt_BR": ("sim", "não"), "ru": ("да", "нет")}  # fmt: skip
"""Each language's words for yes and no: none starts with Y, so its yes-or-no questions name them."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_yes_no_questions_say_what_y_and_n_mean(lang: str) -> None:
    """Issue 21 (critic): "Y ou N" leaves a French player to guess that Y is oui (and O, for oui, is the
    odds key): every question that names Y and N says what each means, in the language's words."""
    yes, no = YES_NO[lang]
    # "Y für ja", "Y pour oui", "Y — да": the key, at most one word, then the language's word
    said = re.compile(rf"\bY[\s—-]+(\w+\s+)?{yes}\b.*\bN[\s—-]+(\w+\s+)?{no}\b")
    catalog = _read(LOCALES / lang / "LC_MESSAGES" / "lcr_audio.po", lang)
    unclear = [
        _strings(m)[0] for m in catalog if m.id and "Y or N" in _ids(m)[0] and not said.search(_strings(m)[0])
    ]
    assert unclear == [], f"{lang}: say what Y and N mean in {unclear[:3]}; {FIX}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_and_plural_forms_match(lang: str) -> None:
    """Each translation keeps exactly the English placeholders, with as many plural forms as its header."""
    catalog = _read(LOCALES / lang / "LC_MESSAGES" / "lcr_audio.po", lang)
    problems = []
    for message in catalog:
        if not message.id or not all(_strings(message)):
            continue
        ids, strings = _ids(message), _strings(message)
        if message.pluralizable and len(strings) != catalog.num_plurals:
            problems.append(f"{ids[0]!r}: {len(strings)} forms, the header asks for {catalog.num_plurals}")
        expected = set().union(*(_placeholders(i) for i in ids))
        for form in strings:
            found = _placeholders(form)
            # A plural form may leave out the count (Russian "one" forms say a word instead of 1)
            allowed_missing = {"count"} if message.pluralizable else set()
            if found - expected or (expected - found) - allowed_missing:
                problems.append(f"{ids[0]!r}: {sorted(found)} instead of {sorted(expected)}")
    assert problems == [], f"{lang}: " + "; ".join(problems[:5])


def test_every_message_has_a_translators_comment() -> None:
    """Translators see what each message is for (comments come from '# Translators:' in the code)."""
    template = _read(POT)
    bare = [
        _ids(m)[0]
        for m in template
        if m.id and not any(c.startswith("Translators:") for c in m.auto_comments)
    ]
    assert bare == [], f"add a '# Translators:' comment above these in the code: {bare[:5]}"


@pytest.mark.parametrize(
    ("count", "form"), [(1, "фишка"), (2, "фишки"), (5, "фишек"), (11, "фишек"), (21, "фишка"), (22, "фишки")]
)
def test_russian_plurals(count: int, form: str) -> None:
    """1, 21 one form; 2, 22 another; 5, 11 the third (Russian plural rules)."""
    catalog = i18n.load("ru")
    text = catalog.ngettext("{count} chip", "{count} chips", count).format(count=count)
    assert text.endswith(form), text


def test_a_missing_message_falls_back_to_english_and_the_rest_stays_translated() -> None:
    """Drop one message from the Spanish catalog: that one is English, the others stay Spanish."""
    catalog = _read(LOCALES / "es" / "LC_MESSAGES" / "lcr_audio.po", "es")
    dropped = "The pot is empty."
    catalog.delete(dropped)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    spanish = gettext.GNUTranslations(buffer)
    assert spanish.gettext(dropped) == dropped
    assert spanish.gettext("Not now. F1 lists the keys.") != "Not now. F1 lists the keys."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seeded_game_is_narrated_in_the_language(lang: str) -> None:
    """A whole seeded watch-mode game: every sentence differs from the English one (nothing left in
    English), and names and numbers are where they belong. The golden texts are in tests/golden/."""
    golden = ROOT / "tests" / "golden" / f"narration-{lang}.txt"
    english = _narrate_game("en")
    text = _narrate_game(lang)
    assert len(text) == len(english)
    same = [line for line, en in zip(text, english, strict=True) if line == en and not _only_names(line)]
    assert same == [], f"{lang}: still English: {same[:3]}"
    if os.environ.get("LCR_REGENERATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text("\n".join(text) + "\n", encoding="utf-8")
    assert golden.exists(), f"{lang}: no golden text; run LCR_REGENERATE_GOLDEN=1 pytest {__file__}, read it"
    assert "\n".join(text) + "\n" == golden.read_text(encoding="utf-8"), (
        f"{lang}: the narration changed; if intended, rerun with LCR_REGENERATE_GOLDEN=1 and read the diff"
    )


def _only_names(line: str) -> bool:
    """A line made of names, numbers and punctuation only (a chip summary) reads the same in any language."""
    return re.fullmatch(r"[A-Za-z0-9 ,.:]*", line) is not None and not re.search(r"[a-z]{4,}", line)


def _narrate_game(lang: str) -> list[str]:
    i18n.set_language(lang)
    try:
        session = Session(
            Rules(players=4, wild=True, reversible=True, chips=4), table(4, [], []), 35
        )  # a game with a reversal and a reversed Wild
        narrator = Narrator(session.names, ())
        lines: list[str] = []
        session.listeners.append(
            lambda events, state: lines.extend(u.text for u in narrator.narrate(events, state))
        )
        session.start()
        session.play_to_end()
        return lines
    finally:
        i18n.set_language("en")
