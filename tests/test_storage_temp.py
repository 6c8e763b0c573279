"""Temp files of a writer killed mid-write (``storage.atomic_write_text``): each file's own are removed by
the next process that writes it, without listing the folder again at every write (issue 22: a server's
folder of 4,000 tables was listed at each of its writes, 3 ms holding the interpreter each time)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from lcr_audio import storage


def test_a_killed_writers_temp_files_go_and_nobody_elses(tmp_path: Path) -> None:
    """A file's first write removes the temp files left beside it for it; another file's, and another
    program's, stay until their own file is written (or for ever)."""
    mine = tmp_path / ".autosave.json.k2x9q7ab.tmp"
    theirs = tmp_path / ".settings.json.z8y7x6wv.tmp"
    other_program = tmp_path / ".report.docx.abcdefgh.tmp"
    for path in (mine, theirs, other_program):
        path.write_text("half", encoding="utf-8")
    storage.atomic_write_text(tmp_path / "autosave.json", "{}\n")
    assert not mine.exists() and theirs.exists() and other_program.exists()
    storage.atomic_write_text(tmp_path / "settings.json", "{}\n")
    assert not theirs.exists() and other_program.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".report.docx.abcdefgh.tmp",
        "autosave.json",
        "settings.json",
    ]


def test_writing_a_file_again_does_not_list_its_folder_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Many writes into a folder of many files list it at most once (old main: once a write)."""
    for number in range(50):
        (tmp_path / f"t{number}.json").write_text("{}", encoding="utf-8")
    listed: list[str] = []
    real = os.scandir

    def scandir(path: Any = ".") -> Any:
        if Path(path) == tmp_path:
            listed.append(str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    for number in range(20):
        storage.atomic_write_text(tmp_path / f"t{number % 4}.json", f"{number}\n")
    assert len(listed) <= 1, f"the folder was listed {len(listed)} times for 20 writes"
    assert (tmp_path / "t3.json").read_text(encoding="utf-8") == "19\n"
