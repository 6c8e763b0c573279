"""The small word before a name, elided or changed where the language asks: French "de Ana" is said
"d'Ana" and "que Eli" "qu'Eli", Italian "a Ana" "ad Ana" and "e Eli" "ed Eli" (issue 21, item 13).

Translators control it: each catalog holds the rules of its language in one message (context
``elision``), so a sentence keeps its plain ``de {name}`` and the game gives the right form for the name
it holds, whatever the name. docs/translating.md describes the rules' form. Only a name that starts with
a vowel letter counts (or the letters a rule names): a leading h never elides, since French names with an
h are split between h muet ("d'Hugo") and h aspiré ("de Hana") and no letter tells them apart; saying "de
Hana" is never wrong to the ear, "d'Hana" would be.

:func:`elide` is applied to every utterance the narration makes (:class:`~lcr_audio.narration.utterance.
Utterance`) and, by the program's speaker, to every sentence said or printed; :func:`before_name` gives
one word's form before one name.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from lcr_audio.i18n import pgettext

VOWELS = tuple("aeiouàâäáéèêëíìîïóòôöúùûüœæ")
"""The letters a name starts with for a rule that names no letters of its own (lower case)."""


@dataclass(frozen=True)
class Elision:
    """One rule: ``word`` becomes ``replacement`` before a name starting with one of ``initials``.

    Attributes:
        word: the small word as the sentences write it, lower case ("de").
        replacement: what it becomes ("d'"); one ending in an apostrophe is joined to the name without a
            space ("d'Ana"), another keeps the space ("ad Ana").
        initials: lower-case beginnings of the names it applies to; :data:`VOWELS` by default.
    """

    word: str
    replacement: str
    initials: tuple[str, ...] = VOWELS

    def applies(self, name: str) -> bool:
        """True when the rule changes ``word`` before ``name`` (compared in lower case)."""
        return bool(name) and name.casefold().startswith(self.initials)

    def form(self, written: str) -> str:
        """The replacement for the word as ``written`` (its first letter's case kept), with the space
        that joins it to the name when the replacement does not end in an apostrophe."""
        text = self.replacement
        if written[:1].isupper():
            text = text[:1].upper() + text[1:]
        return text if text.endswith(("'", "\u2019")) else text + " "


def parse(text: str) -> tuple[Elision, ...]:
    """The rules written in ``text``: items separated by spaces, each ``WORD>REPLACEMENT`` or
    ``WORD>REPLACEMENT/INITIALS`` with INITIALS separated by commas (``de>d' que>qu'``, ``a>ad/a e>ed/e``).
    ``-`` (or anything else without ``>``) means no rule; an item that cannot be read is left out, so a
    mistyped rule never stops a sentence."""
    rules: list[Elision] = []
    for item in text.split():
        word, sep, rest = item.partition(">")
        replacement, _slash, initials = rest.partition("/")
        if not sep or not word.strip() or not replacement.strip():
            continue
        letters = tuple(i.casefold() for i in initials.split(",") if i) if initials else VOWELS
        rules.append(Elision(word.casefold(), replacement, letters))
    return tuple(rules)


@functools.lru_cache(maxsize=16)
def _compiled(text: str) -> tuple[tuple[Elision, re.Pattern[str]], ...]:
    return tuple(
        (rule, re.compile(rf"(?<![\w'\u2019])({re.escape(rule.word)}) (?=\w)", re.IGNORECASE))
        for rule in parse(text)
    )


def rules_text() -> str:
    """The current language's rules, as its catalog writes them (``-`` for none)."""
    # Translators: NOT a sentence: the rules that change a small word before a name in your language, for
    # example French "de Ana" said "d'Ana". Write "-" if your language has none. Otherwise write rules
    # separated by spaces, each WORD>REPLACEMENT, which applies before a name that starts with a vowel
    # (de>d' que>qu'), or WORD>REPLACEMENT/LETTERS, which applies before a name that starts with one of the
    # LETTERS, separated by commas (Italian: a>ad/a e>ed/e). A replacement ending in an apostrophe is joined
    # to the name. Then write your sentences with the full word before a name ("de {name}").
    return pgettext("elision", "-")


def before_name(word: str, name: str) -> str:
    """``word`` and ``name`` as the current language says them together: ``("de", "Ana")`` gives "d'Ana"
    in French, ``("de", "Bo")`` "de Bo"; any other pair (or language) is joined by a space."""
    for rule, _pattern in _compiled(rules_text()):
        if rule.word == word.casefold() and rule.applies(name):
            return rule.form(word) + name
    return f"{word} {name}"


def elide(text: str, names: Iterable[str] | None = None) -> str:
    """``text`` with each rule word before a name changed (:func:`before_name`), in the current language.

    Args:
        text: whole sentences, already translated and filled in.
        names: the names that may follow a rule word (players' names, "You"...). None: any word that starts
            with a capital letter counts as a name (a rule word is never followed by a capitalised word
            that is not a name in the catalogs, and a vowel-initial word there would take the same form).
    """
    compiled = _compiled(rules_text())
    if not compiled:
        return text
    known = None if names is None else sorted({n for n in names if n}, key=len, reverse=True)
    for rule, pattern in compiled:

        def change(match: re.Match[str], rule: Elision = rule) -> str:
            following = match.string[match.end() :]
            if known is None:
                name = following.split(" ", 1)[0]
                if not name[:1].isupper():
                    return match.group(0)
            else:
                found = [
                    n for n in known if following.startswith(n) and not following[len(n) :][:1].isalnum()
                ]
                if not found:
                    return match.group(0)
                name = found[0]
            return rule.form(match.group(1)) if rule.applies(name) else match.group(0)

        text = pattern.sub(change, text)
    return text


__all__ = ["VOWELS", "Elision", "before_name", "elide", "parse", "rules_text"]
