"""Files the game keeps for the player: where they live and how they are written (DESIGN.md §4).

Everything goes under the user's folders from platformdirs (tests point ``XDG_*`` variables elsewhere).
Writes are atomic: a temporary file in the same folder, flushed and fsynced, then renamed over the old
one, so a crash or a kill leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import platformdirs

from .i18n import _

APP = "lcr-audio"

REPLACE_RETRY_DELAYS: tuple[float, ...] = (0.05, 0.1, 0.2, 0.4)
"""Seconds to wait before each new try when renaming the new file over the old one is refused
(``PermissionError``): on Windows an antivirus or the search indexer may hold the file for a moment. After
the last try the error is raised (about 0.75 s in all)."""


class StorageError(Exception):
    """A file could not be read or written. The message is one plain sentence for the player."""


def data_dir() -> Path:
    """The folder for saves and transcripts (platformdirs' user data folder)."""
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    """The folder for settings (platformdirs' user config folder)."""
    return Path(platformdirs.user_config_dir(APP, appauthor=False))


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
        StorageError: too large, not UTF-8, or not JSON (the message says which, in one sentence).
    """
    size = path.stat().st_size
    if size > max_bytes:
        # Translators: a file the game was asked to read is far larger than any it writes.
        raise StorageError(_("{path} is too large to be one of the game's files.").format(path=path))
    raw = path.read_bytes()
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        # Translators: a file the game was asked to read holds bytes that are not text.
        raise StorageError(_("{path} is not a text file.").format(path=path)) from error
    except json.JSONDecodeError as error:
        # Translators: a file the game was asked to read is cut short or damaged; {line} is a number.
        message = _("{path} is damaged: its text breaks off or is garbled at line {line}.")
        raise StorageError(message.format(path=path, line=error.lineno)) from error
