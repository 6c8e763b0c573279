"""The narration's messages in the translation template (DESIGN.md §4).

Every message under ``lcr_audio/narration`` must be in ``locales/messages.pot`` (regenerate it with
``scripts/update_catalogs.sh``), carry a ``Translators:`` comment, and use only named placeholders.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "locales" / "messages.pot"
SCRIPT = ROOT / "scripts" / "update_catalogs.sh"
NARRATION = "lcr_audio/narration/"
COMMAND = (
    "pybabel extract -F babel.cfg -k pgettext:1c,2 -k npgettext:1c,2,3 -k ngettext:1,2 -k N_ -k Nn_:1,2 "
    "--add-comments=Translators: --add-location=file --sort-output -o locales/messages.pot ."
)
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def narration_messages() -> list[Message]:
    """The template's messages that come from the narration package."""
    with POT.open("rb") as fp:
        catalog = read_po(fp)
    return [m for m in catalog if m.id and any(path.startswith(NARRATION) for path, _line in m.locations)]


def msgids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (str(message.id),)


def test_the_script_runs_the_agreed_extraction_command() -> None:
    commands = [" ".join(shlex.split(line)) for line in SCRIPT.read_text(encoding="utf-8").splitlines()]
    assert COMMAND in commands


def test_the_catalogs_name_files_but_no_line_numbers() -> None:
    """A location with a line number changes whenever code above a sentence moves, so every edit would
    rewrite hundreds of lines of every catalog; the template and the catalogs name the file only."""
    catalogs = [POT, *sorted((ROOT / "locales").glob("*/LC_MESSAGES/*.po"))]
    assert len(catalogs) >= 7
    numbered = [
        f"{path.relative_to(ROOT)}: {line}"
        for path in catalogs
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("#: ") and re.search(r"\.py:\d", line)
    ]
    assert numbered == [], "run scripts/update_catalogs.sh (it extracts with --add-location=file)"


def test_every_narration_message_in_the_template_has_a_translators_comment() -> None:
    messages = narration_messages()
    assert len(messages) > 40
    missing = [
        msgids(m)[0] for m in messages if not any(c.startswith("Translators:") for c in m.auto_comments)
    ]
    assert missing == []


def test_the_template_is_up_to_date_with_the_narration_sources() -> None:
    keywords = dict(DEFAULT_KEYWORDS)
    keywords.update(parse_keywords(["pgettext:1c,2", "npgettext:1c,2,3", "ngettext:1,2"]))
    extracted = list(
        extract_from_dir(
            ROOT / NARRATION,
            method_map=[("**.py", "python")],
            keywords=keywords,
            comment_tags=("Translators:",),
        )
    )
    assert extracted
    uncommented = [message for _f, _l, message, comments, _c in extracted if not comments]
    assert uncommented == [], "every message needs a '# Translators:' comment on the line above"
    in_sources = {
        (context, message if isinstance(message, tuple) else (message,))
        for _f, _l, message, _cm, context in extracted
    }
    in_template = {(m.context, msgids(m)) for m in narration_messages()}
    assert in_sources - in_template == set(), "run scripts/update_catalogs.sh"


@pytest.mark.parametrize("message", narration_messages(), ids=lambda m: msgids(m)[0][:40])
def test_placeholders_are_named_and_the_plural_has_them_all(message: Message) -> None:
    forms = msgids(message)
    for text in forms:
        for name in PLACEHOLDER.findall(text):
            assert name.isidentifier(), f"{text!r}: use named placeholders such as {{count}}"
    if len(forms) == 2:
        singular, plural = (set(PLACEHOLDER.findall(t)) for t in forms)
        assert singular <= plural, forms
