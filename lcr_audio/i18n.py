"""Translations: every sentence a player hears passes through here (DESIGN.md §4).

Catalogs are gettext ``.po`` files under the repo's ``locales/<lang>/LC_MESSAGES/lcr_audio.po`` (shipped as
the ``lcr_audio.locales`` package). A compiled ``.mo`` is used when present; otherwise the ``.po`` is
compiled in memory with Babel, so a checkout works without a build step. English is the source language:
with no catalog every message is its own English text.
"""

from __future__ import annotations

import gettext
import io
import logging
from importlib import resources
from pathlib import Path

DOMAIN = "lcr_audio"
log = logging.getLogger(__name__)

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def locales_dir() -> Path:
    """Return the folder holding ``<lang>/LC_MESSAGES/lcr_audio.po`` (installed package or checkout)."""
    try:
        # The folder has no __init__.py: as a namespace package, files() is a MultiplexedPath, so go
        # through a file known to be inside it.
        return Path(str(resources.files("lcr_audio.locales").joinpath("messages.pot"))).parent
    except ModuleNotFoundError:  # running from a checkout that was never installed
        return Path(__file__).resolve().parent.parent / "locales"


def load(language: str) -> gettext.NullTranslations:
    """Return the catalog for ``language`` (e.g. ``"es"``, ``"pt_BR"``), English (no catalog) if none exists.

    A catalog that cannot be read is logged and English is used: a broken translation never stops a game.
    """
    folder = locales_dir() / language / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    try:
        if mo.is_file():
            with mo.open("rb") as fp:
                return gettext.GNUTranslations(fp)
        if po.is_file():
            from babel.messages.mofile import write_mo
            from babel.messages.pofile import read_po

            with po.open("rb") as fp:
                catalog = read_po(fp, locale=language)
            buffer = io.BytesIO()
            write_mo(buffer, catalog)
            buffer.seek(0)
            return gettext.GNUTranslations(buffer)
    except Exception:  # a broken catalog must not end the game
        log.exception("Could not read the %s catalog; using English", language)
    return gettext.NullTranslations()


SOURCE_LANGUAGE = "en"


def available_languages() -> list[str]:
    """Every language with a catalog, English (the source) first: ``["en", "de", "es", ...]``."""
    folder = locales_dir()
    found = (
        sorted(
            p.name for p in folder.iterdir() if p.is_dir() and (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file()
        )
        if folder.is_dir()
        else []
    )
    return [SOURCE_LANGUAGE, *[code for code in found if code != SOURCE_LANGUAGE]]


def resolve_language(code: str | None) -> str:
    """The catalog to use for a language tag such as ``es_MX.UTF-8``, ``pt-BR`` or ``ru``.

    Tries the exact tag, then its language alone (``es_MX`` → ``es``), then another country of the same
    language (``pt`` → ``pt_BR``); English when nothing matches (message by message English is also what a
    partly translated catalog falls back to).
    """
    if not code:
        return SOURCE_LANGUAGE
    tag = code.split(".")[0].split("@")[0].replace("-", "_")
    parts = tag.split("_")
    tag = parts[0].lower() + ("_" + parts[1].upper() if len(parts) > 1 and parts[1] else "")
    languages = available_languages()
    if tag in languages:
        return tag
    base = tag.split("_")[0]
    if base in languages:
        return base
    same = [code for code in languages if code.split("_")[0] == base]
    return same[0] if same else SOURCE_LANGUAGE


def system_language() -> str:
    """The language the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG; Babel reads them), resolved
    to a catalog with :func:`resolve_language`."""
    from babel.core import default_locale

    try:
        found = default_locale(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"))
    except (ValueError, TypeError):  # an unparsable locale variable: English
        found = None
    return resolve_language(found)


def language_name(code: str) -> str:
    """The language's name in itself, capitalised: ``es`` → "Español", ``pt_BR`` → "Português (Brasil)"."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


def set_language(language: str | None) -> str:
    """Make ``language`` the language of every later message. ``None`` or ``"en"`` means English; a tag
    without a catalog is resolved with :func:`resolve_language`.

    Returns the language code now in force.
    """
    global _translations, _language
    _language = resolve_language(language)
    _translations = load(_language) if _language != SOURCE_LANGUAGE else gettext.NullTranslations()
    _translate_argparse()
    return _language


def _translate_argparse() -> None:
    """Make argparse's own words (usage, errors, ``--help``) come from our catalogs too.

    argparse binds ``gettext``'s functions at import; pointing them at ours lets its messages, listed for
    translators in :mod:`lcr_audio.argparse_messages`, follow the game's language.
    """
    import argparse

    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def language() -> str:
    """The language code now in force (``"en"`` when none was chosen)."""
    return _language


def _(message: str) -> str:
    """Translate one whole sentence (gettext)."""
    return _translations.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (it is translated with :func:`_` when
    said): the one marker for sentences kept as data (key names, lessons, argparse's own words)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted message for the catalog without translating it now (see :func:`N_`)."""
    return singular, plural


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate a sentence whose form depends on ``count`` (e.g. "1 chip" / "2 chips")."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in ``context`` (for short words such as face names)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """Translate a counted message in ``context``."""
    return _translations.npgettext(context, singular, plural, count)
