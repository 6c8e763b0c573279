"""Files the game keeps for the player: where they live and how they are written (DESIGN.md §4).

Everything goes under the user's folders from platformdirs, or under the folder named by the
``LCR_AUDIO_HOME`` environment variable when it is set (:data:`HOME_VARIABLE`: its ``data``, ``config``,
``cache`` and ``logs`` subfolders; the tests use it, since platformdirs ignores ``XDG_*`` on Windows and
macOS).
Writes are atomic: a temporary file in the same folder, flushed and fsynced, then renamed over the old
one, so a crash or a kill leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
import time
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import platformdirs

from lcr_audio.i18n import _

APP = "lcr-audio"

REPLACE_RETRY_DELAYS: tuple[float, ...] = (0.05, 0.1, 0.2, 0.4)
"""Seconds to wait before each new try when renaming the new file over the old one is refused
(``PermissionError``): on Windows an antivirus or the search indexer may hold the file for a moment. After
the last try the error is raised (about 0.75 s in all)."""

HOME_VARIABLE = "LCR_AUDIO_HOME"
"""The environment variable that, when set to a folder, holds all the game's files (tests, portable use)."""


class StorageError(Exception):
    """A file could not be read or written. The message is one plain sentence for the player."""


HOME_HERE: ContextVar[Path | None] = ContextVar("lcr_audio_home_here", default=None)
"""A folder that holds all the game's files for the code running in this context only (one browser tab
of ``lcr-audio serve``, issue 24: its saves, transcripts and settings, removed when the tab closes); it
wins over ``LCR_AUDIO_HOME``. The cache is not the tab's: the odds tables made for one tab serve them
all. Set with ``HOME_HERE.set(folder)`` inside the tab's own task."""


def _home(part: str) -> Path | None:
    """``part`` of :data:`HOME_HERE` when set in this context, else ``$LCR_AUDIO_HOME/part`` when the
    variable is set (and not empty), else None."""
    here = HOME_HERE.get()
    if here is not None and part != "cache":  # the cache (exact odds tables) is the server's, shared
        return here / part
    home = os.environ.get(HOME_VARIABLE)
    return Path(home) / part if home else None


def data_dir() -> Path:
    """The folder for saves and transcripts (platformdirs' user data folder, or ``$LCR_AUDIO_HOME/data``)."""
    return _home("data") or Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    """The folder for settings (platformdirs' user config folder, or ``$LCR_AUDIO_HOME/config``)."""
    return _home("config") or Path(platformdirs.user_config_dir(APP, appauthor=False))


def cache_dir() -> Path:
    """The folder for files the game can make again (platformdirs' user cache folder, or
    ``$LCR_AUDIO_HOME/cache``)."""
    return _home("cache") or Path(platformdirs.user_cache_dir(APP, appauthor=False))


def log_dir() -> Path:
    """The folder for the game's log (platformdirs' user log folder, or ``$LCR_AUDIO_HOME/logs``)."""
    return _home("logs") or Path(platformdirs.user_log_dir(APP, appauthor=False))


def display_path(path: Path) -> str:
    """``path`` as text that can be printed and spoken: bytes of the file system's name that are not
    UTF-8 (a HOME such as ``caf\\xe9``) become U+FFFD instead of lone surrogates, which no terminal, speech
    engine or UTF-8 file accepts."""
    return os.fsencode(path).decode("utf-8", "replace")


def reason(error: BaseException) -> str:
    """Why a file could not be read or written, as a clause for the player (no Python error text): "the
    disk is full", "the game may not write there"...; for any other error, "the system refused"."""
    number = error.errno if isinstance(error, OSError) else None
    if isinstance(error, UnicodeError):
        # Translators: why a file could not be written: a name or folder name holds characters that cannot be
        # stored as text.
        return _("a name in it holds characters that cannot be stored")
    if number == errno.ENOSPC or number == getattr(errno, "EDQUOT", None):
        # Translators: why a file could not be written.
        return _("the disk is full")
    if number in (errno.EACCES, errno.EPERM):
        # Translators: why a file could not be read or written: the system does not allow it.
        return _("the game is not allowed to use that folder")
    if number == errno.EROFS:
        # Translators: why a file could not be written.
        return _("the disk is read-only")
    if number == errno.EISDIR:
        # Translators: why a file could not be read or written: there is a folder of that name.
        return _("there is a folder of that name")
    if number in (errno.ENOTDIR, errno.ENOENT, errno.EEXIST):
        # Translators: why a file could not be read or written: a folder on the way is missing or is a file.
        return _("a folder on the way is missing or is a file")
    # Translators: why a file could not be read or written, when the system gives no better reason.
    return _("the system refused")


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: temp file in the same folder, fsync, rename.

    Raises:
        OSError: the folder cannot be made or written; the old file, if any, is untouched.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in path.parent.glob(f".{path.name}.*.tmp"):  # left by a writer that was killed mid-write
        with contextlib.suppress(OSError):
            stale.unlink()
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        _replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(path.parent)


def _replace(temp: str, path: Path) -> None:
    """``os.replace(temp, path)``, tried again after each of :data:`REPLACE_RETRY_DELAYS` while it raises
    ``PermissionError`` (a file held open for a moment by another program, as Windows' antivirus and search
    indexer do).

    Raises:
        PermissionError: still refused after the last try.
        OSError: any other failure, at once.
    """
    for delay in REPLACE_RETRY_DELAYS:
        try:
            os.replace(temp, path)
            return
        except PermissionError:
            time.sleep(delay)
    os.replace(temp, path)


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (fsync the folder) where the system can: POSIX. Windows has no
    folder handle to fsync (no ``O_DIRECTORY``) and some file systems refuse it; then nothing is done."""
    if os.name == "nt" or not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def atomic_write_json(path: Path, data: Any) -> None:
    """Write ``data`` as indented UTF-8 JSON to ``path`` atomically (see :func:`atomic_write_text`)."""
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def read_json(path: Path, *, max_bytes: int) -> Any:
    """Read a JSON file of at most ``max_bytes`` bytes. The file is never changed.

    Raises:
        FileNotFoundError: there is no such file.
        StorageError: cannot be opened, too large, not UTF-8, or not JSON (the message says which, in one
            sentence with the path).
    """
    shown = display_path(path)
    try:
        with path.open("rb") as handle:
            too_large = os.fstat(handle.fileno()).st_size > max_bytes
            raw = b"" if too_large else handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise
    except OSError as error:
        # Translators: a file the game was asked to read cannot be opened; {reason} says why ("the game is
        # not allowed to use that folder").
        message = _("{path} could not be read: {reason}.")
        raise StorageError(message.format(path=shown, reason=reason(error))) from error
    if too_large or len(raw) > max_bytes:
        # Translators: a file the game was asked to read is far larger than any it writes.
        raise StorageError(_("{path} is too large to be one of the game's files.").format(path=shown))
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        # Translators: a file the game was asked to read holds bytes that are not text.
        raise StorageError(_("{path} is not a text file.").format(path=shown)) from error
    except json.JSONDecodeError as error:
        # Translators: a file the game was asked to read is cut short or damaged; {line} is a number.
        message = _("{path} is damaged: its text breaks off or is garbled at line {line}.")
        raise StorageError(message.format(path=shown, line=error.lineno)) from error
    except (ValueError, RecursionError) as error:  # a number of thousands of digits; absurd nesting
        # Translators: a file the game was asked to read holds something no file of the game holds (a
        # number thousands of digits long, lists nested thousands deep).
        raise StorageError(_("{path} is damaged: its text is garbled.").format(path=shown)) from error
