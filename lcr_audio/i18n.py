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


def set_language(language: str | None) -> str:
    """Make ``language`` the language of every later message. ``None`` or ``"en"`` means English.

    Returns the language code now in force.
    """
    global _translations, _language
    _language = language or "en"
    _translations = load(_language) if _language != "en" else gettext.NullTranslations()
    return _language


def language() -> str:
    """The language code now in force (``"en"`` when none was chosen)."""
    return _language


def _(message: str) -> str:
    """Translate one whole sentence (gettext)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate a sentence whose form depends on ``count`` (e.g. "1 chip" / "2 chips")."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in ``context`` (for short words such as face names)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """Translate a counted message in ``context``."""
    return _translations.npgettext(context, singular, plural, count)
