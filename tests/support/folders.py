"""The user's folders (settings, saves, logs) moved into a test's temporary folder, on every platform."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import platformdirs
import pytest

KINDS = ("config", "data", "state", "cache")


def user_folders(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """Point platformdirs' ``user_*_dir`` functions into ``home`` for this process (every platform), and
    the ``XDG_*`` variables there for the programs a test starts (on Linux platformdirs gives those the
    same folders: ``home/xdg_data_home/lcr-audio`` and so on)."""
    for kind in KINDS:
        base = home / f"xdg_{kind}_home"
        monkeypatch.setenv(f"XDG_{kind.upper()}_HOME", str(base))
        monkeypatch.setattr(platformdirs, f"user_{kind}_dir", _folder(base))
    monkeypatch.setattr(platformdirs, "user_log_dir", _folder(home / "xdg_state_home", "log"))


def _folder(base: Path, tail: str = "") -> Callable[..., str]:
    """A stand-in for one of platformdirs' ``user_*_dir`` functions: ``base / appname / tail``."""

    def user_dir(
        appname: str | None = None, *_args: object, ensure_exists: bool = False, **_kw: object
    ) -> str:
        path = base / (appname or "") / tail
        if ensure_exists:
            path.mkdir(parents=True, exist_ok=True)
        return str(path)

    return user_dir
