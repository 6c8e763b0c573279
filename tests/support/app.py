"""An application as the screens see it, wired for a test: keys from a pipe, speech recorded, no sound, no
pause, the autosave in the test's folder."""

from __future__ import annotations

import io
from pathlib import Path

from prompt_toolkit.input import PipeInput
from prompt_toolkit.output import DummyOutput

from lcr_audio.app import App
from lcr_audio.output.speech import RecordingBackend, Speaker
from lcr_audio.settings import Settings
from lcr_audio.tui.console import Console


def make_app(keys: PipeInput, folder: Path, settings: Settings | None = None) -> tuple[App, RecordingBackend]:
    """An :class:`App` reading ``keys``, saving to ``folder / "autosave.json"``, and the recorder of what
    it says."""
    recorder = RecordingBackend()
    app = App(
        console=Console(io.StringIO()),
        speaker=Speaker([recorder]),
        keys=keys,
        output=DummyOutput(),
        settings=settings or Settings(),
        sound=None,
        pause=0,
        save_path=folder / "autosave.json",
    )
    return app, recorder
