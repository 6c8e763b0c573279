"""The ``lcr-audio`` process set up before a command runs, and put back after: the standard streams (a
closed one filled, a redirected one writing UTF-8), standard error and Python's logging sent to the log
file while the game speaks (a screen reader reads every line on the terminal), the signals handled from
start to end, the terminal's raw mode for keys typed before the key loop reads them, the language chosen
before anything is said, and the last-resort sentences on standard error.
"""

from __future__ import annotations

import contextlib
import faulthandler
import logging
import os
import signal
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple, TextIO

from lcr_audio.i18n import _

DRAIN_SECONDS = 120.0
"""At exit, the game waits until the voice has said everything it was given (the winner, goodbye), at most
this long: a safety cap for a voice that never reports its end, not an estimate (all 22 messages of
``play --players 3 --computer all --seed 3 --fast`` take 69 s in the system voice)."""


@contextlib.contextmanager
def quiet_stderr(log_file: Path) -> Iterator[None]:
    """Send everything written to file descriptor 2 (ALSA, speech libraries, warnings) to ``log_file``.

    A screen reader reads every line on the terminal, so during play nothing but the game's own sentences
    may reach it (DESIGN.md §3). Python's logging goes to the same file. On Windows only Python's
    ``sys.stderr`` is redirected: swapping descriptor 2 there breaks later writes to it and may close the
    console handles prompt_toolkit holds (issue 11).
    """
    descriptor = sys.platform != "win32"
    try:
        saved = os.dup(2) if descriptor else -1
    except OSError:  # no stderr at all: nothing to protect
        yield
        return
    try:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        sink = log_file.open("a", encoding="utf-8", errors="replace")
    except OSError:  # the log folder cannot be written: the game goes on without a log, quietly
        sink = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (closed by the with below)
    with contextlib.ExitStack() as undo:
        undo.callback(_close_quietly, sink)  # a full disk fails the last write: the log loses it, quietly
        if descriptor:
            os.dup2(sink.fileno(), 2)
        else:
            undo.enter_context(contextlib.redirect_stderr(sink))
        handler = logging.StreamHandler(sink)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root = logging.getLogger()
        root.addHandler(handler)
        root.setLevel(logging.INFO)
        # A crash's report goes to the log too; and with these handlers in place, pygame's own ("parachute",
        # which prints "Fatal Python error") leaves SIGSEGV, SIGBUS and SIGFPE alone (issue 13, item 7).
        with contextlib.suppress(AttributeError, RuntimeError, ValueError):  # no usable sys.stderr
            faulthandler.enable()
        try:
            yield
        finally:
            faulthandler.disable()
            root.removeHandler(handler)
            with contextlib.suppress(OSError, ValueError):  # a full disk: the log loses it, quietly
                sys.stderr.flush()
            if descriptor:
                os.dup2(saved, 2)
                os.close(saved)


def _close_quietly(stream: TextIO) -> None:
    """Close ``stream`` (the log); a write that fails as it closes (a full disk) is lost, never raised: no
    traceback may reach the screen (issue 21, item 10)."""
    try:
        stream.close()
    except (OSError, ValueError):
        with contextlib.suppress(OSError, ValueError):
            stream.close()  # the buffer was dropped by the failed flush; this closes the file itself


def log_path() -> Path:
    """Where the game writes its log (the user's log folder, from platformdirs; ``storage.log_dir``)."""
    from lcr_audio.storage import log_dir

    return log_dir() / "lcr-audio.log"


@contextlib.contextmanager
def stderr_kept() -> Iterator[TextIO]:
    """Standard error as it is now, to print progress lines to while :func:`quiet_stderr` sends what the
    libraries write there to the log (a copy of descriptor 2; on Windows, where only ``sys.stderr`` is
    swapped, ``sys.stderr`` itself)."""
    if sys.platform == "win32":
        yield sys.stderr
        return
    try:
        descriptor = os.dup(2)
    except OSError:  # no standard error: nowhere to print
        with open(os.devnull, "w", encoding="utf-8") as nowhere:
            yield nowhere
        return
    with open(descriptor, "w", encoding=sys.stderr.encoding or "utf-8", errors="replace") as stream:
        yield stream


class _JournalFormatter(logging.Formatter):
    """Log lines for standard error; under systemd (``JOURNAL_STREAM`` set) each begins with its syslog
    priority (``<4>`` for a warning), which the journal reads as the line's priority and removes."""

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        if not os.environ.get("JOURNAL_STREAM"):
            return line
        priority = 3 if record.levelno >= logging.ERROR else 4 if record.levelno >= logging.WARNING else 6
        return f"<{priority}>{line}"


@contextlib.contextmanager
def log_to_stderr() -> Iterator[None]:
    """Send Python's logging to standard error, one line a record without the time (the journal adds it):
    ``lcr-audio serve --log -``."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_JournalFormatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield
    finally:
        root.removeHandler(handler)


@contextlib.contextmanager
def keys_held(fileno: int) -> Iterator[bool]:
    """Keys typed before the key loop reads them are held as it reads them: not echoed, Enter not turned
    into a line feed, Control+C a key (the terminal mode of prompt_toolkit's ``raw_mode``, whose key loops
    keep it then). The terminal's own mode comes back at the end. Yields False, changing nothing, where
    ``fileno`` is no POSIX terminal.
    """
    try:
        import termios
        import tty
    except ImportError:  # not POSIX: prompt_toolkit's Windows console input
        yield False
        return
    try:
        before = termios.tcgetattr(fileno)
    except termios.error:
        yield False
        return
    raw = termios.tcgetattr(fileno)
    raw[tty.LFLAG] &= ~(termios.ECHO | termios.ICANON | termios.IEXTEN | termios.ISIG)
    raw[tty.IFLAG] &= ~(termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR)
    raw[tty.CC][termios.VMIN] = 1
    termios.tcsetattr(fileno, termios.TCSANOW, raw)
    try:
        yield True
    finally:
        with contextlib.suppress(termios.error):
            termios.tcsetattr(fileno, termios.TCSANOW, before)


@contextlib.contextmanager
def control_keys_unechoed(fileno: int) -> Iterator[None]:
    """The terminal at ``fileno`` does not echo Control+C as "^C" while the block runs (``serve``: its
    stopping line starts the line, not after "^C"); Control+C still stops it. The terminal's own mode comes
    back at the end. Changes nothing where ``fileno`` is no POSIX terminal."""
    try:
        import termios
    except ImportError:  # not POSIX: Windows' console echoes no "^C"
        yield
        return
    try:
        before = termios.tcgetattr(fileno)
    except (termios.error, OSError, ValueError):
        yield
        return
    quiet = termios.tcgetattr(fileno)
    quiet[3] &= ~(termios.ECHO | getattr(termios, "ECHOCTL", 0))  # 3: the local modes; serve reads no key
    with contextlib.suppress(termios.error):
        termios.tcsetattr(fileno, termios.TCSANOW, quiet)
    try:
        yield
    finally:
        with contextlib.suppress(termios.error):
            termios.tcsetattr(fileno, termios.TCSANOW, before)


def utf8_when_redirected(stream: TextIO) -> TextIO:
    """``stream``, writing UTF-8 when it is not a terminal (``transcript > file``): a file gets the same bytes
    whatever the console's code page (cp1252 on Windows would turn Cyrillic names into "?"). A terminal
    keeps its own encoding (Windows' console takes any character)."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        if not stream.isatty():
            stream.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[attr-defined]
    return stream


def not_written(error: OSError) -> str:
    """The sentence for a printed result that could not be written where it was sent (``> file``)."""
    from lcr_audio.storage import reason

    # Translators: a command's printed result (transcript, series, odds...) could not be written where it
    # was sent, such as a file; {reason} says why ("the disk is full").
    return _("The result could not be written: {reason}.").format(reason=reason(error))


def something_went_wrong() -> str:
    """The last resort's sentence, when a fault nobody foresaw stopped the game: the details are in the log
    (:func:`log_path`)."""
    from lcr_audio.storage import display_path

    # Translators: the last resort; {path} is the log file's path.
    message = _("Something went wrong and the game had to stop. The details are in {path}.")
    return message.format(path=display_path(log_path()))


def say_on_stderr(sentence: str) -> None:
    """Print ``sentence`` on standard error; if even that cannot be written, nothing is (never a
    traceback)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(sentence, file=sys.stderr, flush=True)


def silence_stdout() -> None:
    """Point stdout at the null device, so that Python's last flush cannot fail on a closed pipe."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _peek_lang(argv: Sequence[str]) -> str | None:
    """The ``--lang`` value, read before the parser is built (its help text must already be translated)."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
    return None


class LanguageChoice(NamedTuple):
    """The language in force and what to tell the player about it."""

    code: str
    """The language code in force ("en" when nothing else matches)."""
    notices: tuple[str, ...]
    """Sentences to say once the game can speak (a --lang the game does not have)."""


def choose_language(argv: Sequence[str]) -> LanguageChoice:
    """Set the game's language: ``--lang``, else the one saved in the settings, else the system's (issue
    7). A ``--lang`` the game has no catalog for gives English and a notice naming the languages it has."""
    from lcr_audio.i18n import (
        SOURCE_LANGUAGE,
        available_languages,
        language_name,
        set_language,
        system_language,
    )
    from lcr_audio.narration.lists import and_list
    from lcr_audio.settings import peek_language

    asked = _peek_lang(argv)
    chosen = set_language(asked or peek_language() or system_language())
    if asked and chosen == SOURCE_LANGUAGE and asked.split("_")[0].split("-")[0].lower() != SOURCE_LANGUAGE:
        # Translators: one language --lang takes, in a list: {code} is what to type after --lang, {name}
        # the language's name in itself ("de for Deutsch").
        each = _("{code} for {name}")
        languages = and_list([each.format(code=c, name=language_name(c)) for c in available_languages()])
        # Translators: --lang named a language the game has no catalog for; {language} is what was typed,
        # {languages} the list of the languages it has ("en for English, de for Deutsch, and ...").
        notice = _(
            "There is no translation for {language} yet, so the game speaks English; --lang takes "
            "{languages}."
        )
        return LanguageChoice(chosen, (notice.format(language=asked, languages=languages),))
    return LanguageChoice(chosen, ())


def _quit_as_term(signum: int, frame: object) -> None:
    """SIGQUIT (Control+\\ between screens, ``kill -QUIT``) is taken as SIGTERM: the game under way is saved
    and the terminal put back, instead of a core dump with the keyboard left raw (issue 13, item 7)."""
    os.kill(os.getpid(), signal.SIGTERM)


def _leave(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP where no screen handles them (starting, leaving): unwind as Control+C does, so
    that every ``finally`` puts back what it changed (the terminal first), and end with code 130."""
    raise KeyboardInterrupt


SIGNALS = {"SIGTERM": _leave, "SIGHUP": _leave, "SIGQUIT": _quit_as_term}
"""The signals the program handles from start to end (the game's screens handle SIGTERM and SIGHUP their own
way while they run: :func:`lcr_audio.app.handle_signals`)."""


def standard_streams() -> TextIO:
    """The stream the game prints to. A standard stream closed at the start (``>&-``, ``2>&-``, ``<&-``) is
    opened on the null device: its descriptor is filled, so that no file the game opens later (a save, the
    log) lands on it and receives what libraries write there, and nothing fails on a missing stream, so the
    exit code stays the game's (issue 13, item 6)."""
    for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        try:
            os.fstat(fd)
        except OSError:  # descriptor closed: fill it with the null device
            with contextlib.suppress(OSError):
                devnull = os.open(os.devnull, os.O_RDWR)
                if devnull != fd:
                    os.dup2(devnull, fd)
                    os.close(devnull)
        if getattr(sys, name) is None:
            with contextlib.suppress(OSError):
                setattr(sys, name, open(fd, mode, encoding="utf-8", closefd=False))  # noqa: SIM115
    return sys.stdout


def set_up_streams() -> TextIO:
    """The standard streams made safe for the game (:func:`standard_streams`), a character the terminal
    cannot show written as a replacement instead of failing, and prompt_toolkit's screen renderer kept from
    ever asking the terminal for the cursor's position. Returns the stream the game prints to."""
    stdout = standard_streams()
    # The key input is prompt_toolkit's, never its screen renderer: no cursor-position request may ever be
    # sent, nor its warning printed where a terminal does not answer them (issue 13, item 6).
    os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
    with contextlib.suppress(AttributeError, ValueError):  # a name the terminal cannot show must not crash
        stdout.reconfigure(errors="replace")  # type: ignore[attr-defined]
        sys.stderr.reconfigure(errors="replace")  # type: ignore[union-attr]
    return stdout


@contextlib.contextmanager
def signals_handled(*, program: bool) -> Iterator[None]:
    """:data:`SIGNALS` handled while the command runs, and put back at the end. Run as the program
    (``program``), once the game is over (saved, the terminal put back) a late Control+C or signal is
    ignored instead, so that it no longer kills the process as Python shuts down: it would leave a killed
    status for the shell, or with Python's own handler a traceback (issue 13, items 6 and 9)."""
    previous: dict[int, Any] = {}
    for name, handler in SIGNALS.items():
        with contextlib.suppress(AttributeError, ValueError):  # not on Windows; not the main thread
            sig = getattr(signal, name)
            previous[sig] = signal.signal(sig, handler)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, signal.SIG_IGN if program else handler)
        if program:
            with contextlib.suppress(ValueError):
                signal.signal(signal.SIGINT, signal.SIG_IGN)
