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
import os
import re
import subprocess
import sys
from contextvars import ContextVar
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

DOMAIN = "lcr_audio"
log = logging.getLogger(__name__)

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


@dataclass
class LanguageHere:
    """The language of the code running in one context only (one browser tab of ``lcr-audio serve``,
    issue 24), instead of the process's: set with :func:`use_language_here`. Tasks started from that
    context share this object, so a language changed in any of them (Options) holds in all.

    Attributes:
        code: the language code in force.
        translations: its catalog.
        system: what "the system's language" means here (the browser's first language).
    """

    code: str
    translations: gettext.NullTranslations
    system: str


_HERE: ContextVar[LanguageHere | None] = ContextVar("lcr_audio_language_here", default=None)
_CATALOGS: dict[str, gettext.NullTranslations] = {}
"""Catalogs loaded for :func:`use_language_here`, by code (each is read once, then shared)."""


def _catalog(code: str) -> gettext.NullTranslations:
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    if code not in _CATALOGS:
        _CATALOGS[code] = load(code)
    return _CATALOGS[code]


def use_language_here(language: str | None, system: str | None = None) -> str:
    """Make ``language`` (resolved as :func:`set_language` does) the language of every later message in
    this context and the tasks started from it, leaving the process's language alone; ``system`` is what
    "the system's language" means here (default: ``language``). Returns the code now in force here."""
    code = resolve_language(language)
    _HERE.set(LanguageHere(code, _catalog(code), resolve_language(system) if system else code))
    return code


def _current() -> gettext.NullTranslations:
    here = _HERE.get()
    return _translations if here is None else here.translations


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


LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name the player's language, first found wins (as gettext reads them)."""


def system_language() -> str:
    """The language the system asks for, resolved to a catalog with :func:`resolve_language`.

    First the locale variables (:data:`LOCALE_VARIABLES`; ``C`` and ``POSIX`` say nothing), then what the
    system itself keeps, which is all there is on Windows and often on macOS (issue 11): Windows' display
    languages and user locale, macOS's preferred languages and locale (:func:`platform_languages`). The first
    tag that names English or a language with a catalog wins; English when none does. In a browser tab
    (:func:`use_language_here`), the browser's language.
    """
    here = _HERE.get()
    if here is not None:
        return here.system
    from babel.core import default_locale

    for name in LOCALE_VARIABLES:
        value = os.environ.get(name, "")
        if not value or value.split(":")[0].split(".")[0] in ("C", "POSIX"):
            continue
        try:
            found = default_locale((name,))
        except (ValueError, TypeError):  # an unparsable locale variable: look further
            continue
        if found:
            return resolve_language(found)
    for tag in platform_languages():
        resolved = resolve_language(tag)
        if resolved != SOURCE_LANGUAGE or tag.replace("_", "-").split("-")[0].lower() == SOURCE_LANGUAGE:
            return resolved
    return SOURCE_LANGUAGE


def platform_languages(platform: str | None = None) -> list[str]:
    """The languages the system's own settings ask for, best first (``["es-ES", "en-US"]``); empty on
    other systems, or when they cannot be read. ``platform``: a ``sys.platform`` value (default: this one).

    - Windows: the user's display languages (``GetUserPreferredUILanguages``), then the user locale
      (``GetUserDefaultLocaleName``), through ctypes.
    - macOS: ``defaults read -g AppleLanguages``, then ``AppleLocale``.
    """
    platform = sys.platform if platform is None else platform
    try:
        if platform == "win32":
            return _windows_languages()
        if platform == "darwin":
            return _macos_languages()
    except Exception:  # a system that answers oddly: the next way, then English
        log.debug("Could not read the system's languages", exc_info=True)
    return []


MUI_LANGUAGE_NAME = 0x8
"""``GetUserPreferredUILanguages`` flag: languages as names (``es-ES``), not numbers."""
LOCALE_NAME_MAX_LENGTH = 85
"""Characters a Windows locale name may take, with its terminating NUL."""


def _windows_languages() -> list[str]:
    import ctypes
    from ctypes import wintypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
    tags: list[str] = []
    count, size = wintypes.ULONG(0), wintypes.ULONG(0)
    preferred = kernel32.GetUserPreferredUILanguages
    if preferred(MUI_LANGUAGE_NAME, ctypes.byref(count), None, ctypes.byref(size)) and size.value:
        names = ctypes.create_unicode_buffer(size.value)
        if preferred(MUI_LANGUAGE_NAME, ctypes.byref(count), names, ctypes.byref(size)):
            tags += [
                name for name in ctypes.wstring_at(names, size.value).split("\0") if name
            ]  # NUL-separated
    locale_name = ctypes.create_unicode_buffer(LOCALE_NAME_MAX_LENGTH)
    if kernel32.GetUserDefaultLocaleName(locale_name, LOCALE_NAME_MAX_LENGTH):
        tags.append(locale_name.value)
    return tags


_APPLE_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")


def _macos_languages() -> list[str]:
    tags: list[str] = []
    for key in ("AppleLanguages", "AppleLocale"):
        try:
            done = subprocess.run(
                ["defaults", "read", "-g", key],
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=5,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0:
            # AppleLanguages is a property list array: ( "es-ES", en ); AppleLocale one tag (es_ES@rg=...).
            text = done.stdout.decode("utf-8", errors="replace").split("@")[0]
            tags += _APPLE_TAG.findall(text)
    return tags


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
    here = _HERE.get()
    if here is not None:  # a browser tab's language: the process's stays as it is
        here.code = resolve_language(language)
        here.translations = _catalog(here.code)
        return here.code
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
    here = _HERE.get()
    return _language if here is None else here.code


def _(message: str) -> str:
    """Translate one whole sentence (gettext)."""
    return _current().gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (it is translated with :func:`_` when
    said): the one marker for sentences kept as data (key names, lessons, argparse's own words)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted message for the catalog without translating it now (see :func:`N_`)."""
    return singular, plural


def ngettext(singular: str, plural: str, count: int) -> str:
    """Translate a sentence whose form depends on ``count`` (e.g. "1 chip" / "2 chips")."""
    return _current().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in ``context`` (for short words such as face names)."""
    return _current().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """Translate a counted message in ``context``."""
    return _current().npgettext(context, singular, plural, count)
