"""Windows and macOS, with the platform faked (issue 11): saves, the quiet streams, the console closing, the
language and the records written to a file. CI runs on Linux, so each platform branch is driven here by
patching ``sys.platform``, ``os.name`` checks or the ctypes functions the branch calls."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from lcr_audio import storage

# -- item 4: saves on Windows ---------------------------------------------------------------------------


def test_a_rename_refused_for_a_moment_is_tried_again_and_the_file_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An antivirus holding the old save for two tries: the third rename lands the new text."""
    target = tmp_path / "autosave.json"
    target.write_text("old\n", encoding="utf-8")
    real_replace = os.replace
    refusals = [PermissionError(13, "The process cannot access the file"), PermissionError(13, "again")]
    waits: list[float] = []

    def held_replace(src: str, dst: Path) -> None:
        if refusals:
            raise refusals.pop(0)
        real_replace(src, dst)

    monkeypatch.setattr(storage.os, "replace", held_replace)
    monkeypatch.setattr(storage.time, "sleep", waits.append)
    storage.atomic_write_text(target, "new\n")
    assert target.read_text(encoding="utf-8") == "new\n"
    assert waits == list(storage.REPLACE_RETRY_DELAYS[:2])
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]  # no temporary file left


def test_a_rename_refused_every_time_raises_after_the_last_try_and_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "autosave.json"
    target.write_text("old\n", encoding="utf-8")
    tries: list[str] = []

    def refused(src: str, dst: Path) -> None:
        tries.append(src)
        raise PermissionError(13, "Access is denied")

    monkeypatch.setattr(storage.os, "replace", refused)
    monkeypatch.setattr(storage.time, "sleep", lambda seconds: None)
    with pytest.raises(PermissionError):
        storage.atomic_write_text(target, "new\n")
    assert len(tries) == len(storage.REPLACE_RETRY_DELAYS) + 1
    assert target.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]


def test_another_rename_failure_is_not_tried_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tries: list[str] = []

    def full(src: str, dst: Path) -> None:
        tries.append(src)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", full)
    with pytest.raises(OSError, match="No space"):
        storage.atomic_write_text(tmp_path / "autosave.json", "new\n")
    assert len(tries) == 1


@pytest.mark.parametrize("faked", ["windows", "no O_DIRECTORY"])
def test_the_folder_is_not_fsynced_where_the_system_has_no_folder_handle(
    faked: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[object] = []
    real_open = os.open

    def watched_open(path: object, flags: int, *args: int) -> int:
        opened.append(path)
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    if faked == "windows":
        monkeypatch.setattr(storage.os, "name", "nt")
    else:
        monkeypatch.delattr(storage.os, "O_DIRECTORY")
    monkeypatch.setattr(storage.os, "open", watched_open)
    storage.atomic_write_text(tmp_path / "settings.json", "{}\n")
    assert (tmp_path / "settings.json").read_text(encoding="utf-8") == "{}\n"
    assert tmp_path not in opened and str(tmp_path) not in opened


def test_the_folder_is_fsynced_on_posix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: on Linux the folder is opened (to fsync it)."""
    if not hasattr(os, "O_DIRECTORY"):
        pytest.skip("this system has no O_DIRECTORY")
    opened: list[object] = []
    real_open = os.open

    def watched_open(path: object, flags: int, *args: int) -> int:
        opened.append(path)
        return real_open(path, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(storage.os, "open", watched_open)
    storage.atomic_write_text(tmp_path / "settings.json", "{}\n")
    assert tmp_path in opened


# -- item 7: records written to a file are UTF-8 ----------------------------------------------------------


@pytest.mark.parametrize("args", [["transcript"], ["series", "--csv"], ["series"]])
def test_records_redirected_to_a_file_are_utf8_whatever_the_code_page(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``transcript > file`` on a Windows console whose code page is cp1252: the file still holds the
    Cyrillic name, in UTF-8, where cp1252 would have written "?"."""
    from lcr_audio import cli
    from lcr_audio.engine import Rules
    from lcr_audio.game.autosave import transcript_path
    from lcr_audio.game.saves import Series, default_save_path, save
    from lcr_audio.game.session import Player, Session

    session = Session(Rules(players=3), [Player("Ана"), Player("Bo"), Player("Zoë")], 2)
    session.play_to_end()
    save_path = default_save_path()
    save(session, save_path, series=Series(games=1, wins=[1, 0, 0]), transcript=transcript_path(save_path))
    transcript_path(save_path).write_text("Ана rolls L, dot, C.\n", encoding="utf-8")
    raw = io.BytesIO()
    redirected = io.TextIOWrapper(raw, encoding="cp1252", errors="replace")  # a file, not a terminal
    monkeypatch.setattr(cli.sys, "stdout", redirected)
    assert cli.main(args) == 0
    redirected.flush()
    text = raw.getvalue().decode("utf-8")
    assert "Ана" in text and "?" not in text


def test_records_to_a_terminal_keep_its_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a redirected stream is made UTF-8: a terminal's encoding is its own."""
    from lcr_audio import cli

    class Terminal(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    terminal = Terminal(io.BytesIO(), encoding="cp1252")
    assert cli.utf8_when_redirected(terminal).encoding == "cp1252"
    redirected = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    assert cli.utf8_when_redirected(redirected).encoding == "utf-8"


# -- item 6: no descriptor redirection on Windows --------------------------------------------------------


def _watch_descriptors(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """Record every ``os.dup2`` (as Windows would see it) without doing it."""
    swaps: list[tuple[int, int]] = []
    monkeypatch.setattr(os, "dup2", lambda fd, fd2, *args: swaps.append((fd, fd2)))
    return swaps


def test_quiet_output_on_windows_mutes_python_streams_and_leaves_the_descriptors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    from lcr_audio.output import quiet as _quiet

    monkeypatch.setattr(sys, "platform", "win32")
    swaps = _watch_descriptors(monkeypatch)
    with _quiet.quiet_output():
        print("a banner")
        print("a warning", file=sys.stderr)
    assert swaps == []
    assert capsys.readouterr() == ("", "")


def test_quiet_output_elsewhere_swaps_descriptors_1_and_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: on Linux the descriptors are swapped (and put back)."""
    import sys

    from lcr_audio.output import quiet as _quiet

    monkeypatch.setattr(sys, "platform", "linux")
    swaps = _watch_descriptors(monkeypatch)
    with _quiet.quiet_output():
        pass
    assert sorted({fd2 for _fd, fd2 in swaps}) == [1, 2]


def test_the_log_redirection_on_windows_leaves_descriptor_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import logging
    import sys

    from lcr_audio import cli

    monkeypatch.setattr(sys, "platform", "win32")
    swaps = _watch_descriptors(monkeypatch)
    log_file = tmp_path / "logs" / "lcr-audio.log"
    before = sys.stderr
    with cli.quiet_stderr(log_file):
        print("a library's complaint", file=sys.stderr)
        logging.getLogger("lcr_audio.test").warning("logged")
    assert swaps == []
    assert sys.stderr is before
    text = log_file.read_text(encoding="utf-8")
    assert "a library's complaint" in text and "logged" in text


# -- item 2: the language on Windows and macOS ----------------------------------------------------------


@pytest.fixture
def no_locale_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows sets none of them; macOS terminals may not."""
    from lcr_audio import i18n

    for name in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)


class FakeKernel32:
    """The two kernel32 functions the Windows branch calls, answering as Windows does: the display
    languages as NUL-separated names ending in two NULs (``size`` counts them all), the locale name."""

    def __init__(self, display: list[str], locale_name: str) -> None:
        self.display = display
        self.locale_name = locale_name

    def GetUserPreferredUILanguages(self, flags: int, count: object, buffer: object, size: object) -> int:
        from lcr_audio.i18n import MUI_LANGUAGE_NAME

        assert flags == MUI_LANGUAGE_NAME
        text = "".join(name + "\0" for name in self.display) + "\0"
        count._obj.value = len(self.display)  # type: ignore[attr-defined]
        if buffer is None:
            size._obj.value = len(text)  # type: ignore[attr-defined]
            return 1
        buffer[: len(text)] = text  # type: ignore[index]
        return 1

    def GetUserDefaultLocaleName(self, buffer: object, length: int) -> int:
        buffer.value = self.locale_name  # type: ignore[attr-defined]
        return len(self.locale_name) + 1


def fake_windows(monkeypatch: pytest.MonkeyPatch, display: list[str], locale_name: str) -> None:
    import ctypes
    import sys
    from types import SimpleNamespace

    monkeypatch.setattr(sys, "platform", "win32")
    kernel32 = FakeKernel32(display, locale_name)
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel32), raising=False)


@pytest.mark.usefixtures("no_locale_variables")
@pytest.mark.parametrize(
    ("display", "locale_name", "expected"),
    [
        (["es-ES", "en-US"], "en-US", "es"),  # the display language comes first
        (["pt-BR"], "pt-BR", "pt_BR"),
        (["ru-RU"], "ru-RU", "ru"),
        (["en-GB"], "fr-FR", "en"),  # an English display stays English, whatever the formats
        (["nl-NL", "de-DE"], "nl-NL", "de"),  # no Dutch catalog: the next language the player reads
        ([], "fr-CA", "fr"),  # no display list: the user locale
        (["ja-JP"], "ja-JP", "en"),
    ],
)
def test_windows_language_comes_from_the_display_languages_then_the_user_locale(
    display: list[str], locale_name: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lcr_audio import i18n

    fake_windows(monkeypatch, display, locale_name)
    assert i18n.system_language() == expected


def test_a_locale_variable_still_wins_on_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    from lcr_audio import i18n

    for name in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    fake_windows(monkeypatch, ["de-DE"], "de-DE")
    assert i18n.system_language() == "it"


def test_windows_without_the_functions_is_english(
    no_locale_variables: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ctypes
    import sys
    from types import SimpleNamespace

    from lcr_audio import i18n

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(), raising=False)  # no kernel32 at all
    assert i18n.system_language() == "en"


APPLE_LANGUAGES = b'(\n    "es-419",\n    en\n)\n'


@pytest.mark.usefixtures("no_locale_variables")
@pytest.mark.parametrize(
    ("languages", "locale_name", "expected"),
    [
        (APPLE_LANGUAGES, b"en_ES\n", "es"),
        (b'(\n    "pt-BR",\n    "en-US"\n)\n', b"pt_BR\n", "pt_BR"),
        (b'(\n    "en-US",\n    "de-DE"\n)\n', b"de_DE\n", "en"),
        (None, b"fr_FR@rg=chzzzz\n", "fr"),  # no AppleLanguages (defaults says so and fails): the locale
        (None, None, "en"),
    ],
)
def test_macos_language_comes_from_its_preferences(
    languages: bytes | None, locale_name: bytes | None, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import subprocess
    import sys

    from lcr_audio import i18n

    asked: list[list[str]] = []

    def defaults(argv: list[str], **_kwargs: object) -> subprocess.CompletedProcess[bytes]:
        asked.append(argv)
        answer = {"AppleLanguages": languages, "AppleLocale": locale_name}[argv[-1]]
        if answer is None:
            return subprocess.CompletedProcess(argv, 1, b"", b"The domain/default pair does not exist\n")
        return subprocess.CompletedProcess(argv, 0, answer, b"")

    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(i18n.subprocess, "run", defaults)
    assert i18n.system_language() == expected
    assert asked[0] == ["defaults", "read", "-g", "AppleLanguages"]


def test_a_c_locale_variable_says_nothing_on_macos(monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess
    import sys

    from lcr_audio import i18n

    for name in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(
        i18n.subprocess, "run", lambda argv, **_kw: subprocess.CompletedProcess(argv, 0, APPLE_LANGUAGES, b"")
    )
    assert i18n.system_language() == "es"


def test_linux_reads_only_the_variables(no_locale_variables: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from lcr_audio import i18n

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(i18n.subprocess, "run", lambda *a, **k: pytest.fail("no program is asked on Linux"))
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert i18n.system_language() == "ru"


# -- item 5: closing the console window on Windows saves the game ---------------------------------------


class FakeConsoleKernel32:
    """``SetConsoleCtrlHandler`` as Windows keeps it: a list of handlers, the newest called first."""

    def __init__(self) -> None:
        self.handlers: list[object] = []

    def SetConsoleCtrlHandler(self, routine: object, add: bool) -> int:
        if add:
            self.handlers.insert(0, routine)
        else:
            self.handlers.remove(routine)
        return 1


class FakeScreen:
    def __init__(self) -> None:
        self.saved_on: list[str] = []

    def end_on_signal(self) -> None:
        import threading

        self.saved_on.append(threading.current_thread().name)


def fake_console(monkeypatch: pytest.MonkeyPatch) -> FakeConsoleKernel32:
    import ctypes
    import sys
    from types import SimpleNamespace

    kernel32 = FakeConsoleKernel32()
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel32), raising=False)
    # ctypes' callback type: here the Python function itself is what Windows would call.
    monkeypatch.setattr(ctypes, "WINFUNCTYPE", lambda *types: lambda function: function, raising=False)
    return kernel32


@pytest.mark.parametrize("event", ["CTRL_CLOSE_EVENT", "CTRL_LOGOFF_EVENT", "CTRL_SHUTDOWN_EVENT"])
def test_closing_the_console_window_saves_the_game_before_windows_goes_on(
    event: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio
    import threading
    from types import SimpleNamespace

    from lcr_audio import console_close
    from lcr_audio.app import handle_signals

    kernel32 = fake_console(monkeypatch)
    screen = FakeScreen()
    app = SimpleNamespace(active_screen=screen)

    async def game() -> tuple[object, list[str]]:
        with handle_signals(app, asyncio.current_task()):  # type: ignore[arg-type]
            assert len(kernel32.handlers) == 1
            handler = kernel32.handlers[0]
            # Windows calls the handler on a thread of its own; it returns only once the game has saved.
            answer = await asyncio.to_thread(handler, getattr(console_close, event))  # type: ignore[arg-type]
            saved_when_it_returned = list(screen.saved_on)
        return answer, saved_when_it_returned

    answer, saved = asyncio.run(game())
    assert answer is True
    assert saved == [threading.main_thread().name]  # saved on the game's own thread, before the answer
    assert kernel32.handlers == []  # removed when the run ends


@pytest.mark.parametrize("event", ["CTRL_C_EVENT", "CTRL_BREAK_EVENT"])
def test_control_c_and_break_as_console_signals_save_as_the_key_does(
    event: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21, item 10: between screens (and Control+Break always) Windows sends them as console events;
    they once went to Python's handler (a KeyboardInterrupt: exit 130, the game not saved, nothing said)."""
    import asyncio
    import threading
    from types import SimpleNamespace

    from lcr_audio import console_close
    from lcr_audio.app import handle_signals

    kernel32 = fake_console(monkeypatch)
    screen = FakeScreen()

    async def game() -> object:
        with handle_signals(SimpleNamespace(active_screen=screen), None):  # type: ignore[arg-type]
            handler = kernel32.handlers[0]
            return await asyncio.to_thread(handler, getattr(console_close, event))  # type: ignore[arg-type]

    assert asyncio.run(game()) is True  # handled: Python's handler never sees it
    assert screen.saved_on == [threading.main_thread().name]  # the screen's own way out: saved, said


def test_an_unknown_console_event_is_left_to_the_next_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio
    from types import SimpleNamespace

    from lcr_audio.app import handle_signals

    kernel32 = fake_console(monkeypatch)
    screen = FakeScreen()

    async def game() -> object:
        with handle_signals(SimpleNamespace(active_screen=screen), None):  # type: ignore[arg-type]
            return await asyncio.to_thread(kernel32.handlers[0], 3)  # type: ignore[arg-type]

    assert asyncio.run(game()) is False
    assert screen.saved_on == []


def test_nothing_is_registered_off_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio
    import sys

    from lcr_audio.console_close import on_console_close

    monkeypatch.setattr(sys, "platform", "linux")

    async def probe() -> bool:
        with on_console_close(asyncio.get_running_loop(), lambda: None) as installed:
            return installed

    assert asyncio.run(probe()) is False


# -- item 9: every Python a test starts speaks UTF-8 ------------------------------------------------------


@pytest.mark.system
def test_a_python_started_by_a_test_is_in_utf8_mode() -> None:
    import subprocess
    import sys

    child = subprocess.run(
        [sys.executable, "-c", "import sys; print(sys.flags.utf8_mode)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert child.stdout.strip() == "1"
