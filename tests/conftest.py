"""Shared test set-up: tests never touch the real user folders, and Hypothesis runs the same way every time
in CI (a failure there must be reproducible, not a flake)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Point the XDG folders (settings, saves, logs) at a temporary folder for every test."""
    home = tmp_path_factory.mktemp("home")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
    monkeypatch.delenv("LCR_AUDIO_SPEECH", raising=False)
    # No test reaches the desktop's session bus: a running Orca would be sent the tests' messages.
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    yield home
