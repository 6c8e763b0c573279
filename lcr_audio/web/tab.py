"""One browser tab's game: the terminal's own screens, heard and played through a web page (issue 24).

For each tab the server runs the same :class:`lcr_audio.app.App` and main menu the terminal runs. The page
is one more speech output (:class:`PageBackend`: every sentence goes to it, an answer to a key marked as
such, for its live regions or its own voice) and one more sound player (:class:`PageSound`: every cue goes
to it with where it sounds), and one more key source: the page's key presses become a terminal's bytes
(:mod:`lcr_audio.web.keys`) in a prompt_toolkit pipe the screens read as they read a terminal. Each tab
runs in its own prompt_toolkit app session and its own context: its language (:func:`i18n.use_language_here`)
and its files (:data:`storage.HOME_HERE`, a temporary folder removed when the tab closes) are its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import json
import logging
import shutil
import ssl
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import DummyOutput

from lcr_audio import i18n, storage
from lcr_audio.app import App
from lcr_audio.cues import Cue
from lcr_audio.output.sound import SoundPlayer, cue_file
from lcr_audio.output.speech import Speaker, SpeechMode
from lcr_audio.output.speech.base import SpeechBackend
from lcr_audio.settings import Settings, load_settings, save_settings, settings_path
from lcr_audio.tui.choice import OptionChoice
from lcr_audio.tui.console import Console
from lcr_audio.tui.game_modes import GameRouter
from lcr_audio.tui.input import KeyLoop, Mode, Press
from lcr_audio.tui.keys import IN_BROWSER, Context, help_rows, spoken_keys
from lcr_audio.tui.menu import Menu
from lcr_audio.tui.options import OptionsMenu, SettingsMenu
from lcr_audio.tui.reader import RulesReader, Sections
from lcr_audio.web.keys import browser_key
from lcr_audio.web.strings import page_strings

log = logging.getLogger(__name__)

Send = Callable[[dict[str, Any]], None]
"""Hands one message to the page (from any thread; never blocks, never raises)."""

TYPED_LINES = frozenset({Context.LINE, Context.CHAT_LINE})
"""Where the screen waits for a typed line (a name, a number, a chat line): the page shows its text box."""

SETTINGS_BYTES = 16 * 1024
"""The most bytes of settings a page may hand back (what the game wrote is well under 2 kB)."""


class PageBackend(SpeechBackend):
    """Speech through the page: each sentence sent as a message, for the page's live regions (the player's
    screen reader reads them) or, with :attr:`own_voice`, the browser's own voice (speechSynthesis).

    With live regions it cannot tell when the screen reader has finished (:meth:`speaking` is None: the
    presenter estimates, as for NVDA); with the browser's voice the page reports each sentence's end.
    """

    prints = False

    def __init__(self, send: Send) -> None:
        self._send = send
        self.name = SpeechMode.SCREEN_READER
        self._sent = 0
        self._ended = 0
        self._acks = 0
        self.printed = True
        """Whether the sentence being handed over is new (False: a game message said again, whole, after
        an answer cut it: the live regions do not show it twice; the browser's voice says it again)."""

    @property
    def own_voice(self) -> bool:
        """The page speaks with the browser's voice (Options: the game's own voice), not live regions;
        the backend's :attr:`name` is then ``tts`` (paced by the page's end events), else
        ``screen-reader`` (paced by an estimate, as NVDA)."""
        return self.name == SpeechMode.TTS

    @own_voice.setter
    def own_voice(self, value: bool) -> None:
        self.name = SpeechMode.TTS if value else SpeechMode.SCREEN_READER
        self._send({"type": "voice", "own": bool(value)})

    def follow(self, mode: str) -> None:
        """Take the speech output chosen in Options (``settings.speech``): the game's own voice is the
        browser's; printed lines only shows each sentence at once, unpaced (a player who reads the page,
        on screen or on a braille display, at their own pace); anything else is the player's screen reader
        through the live regions, paced by an estimate of its speech."""
        self.own_voice = mode == SpeechMode.TTS
        if mode == SpeechMode.CONSOLE:
            self.name = SpeechMode.CONSOLE

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Send ``text`` to the page: an answer to a key (``interrupt``) or a game message."""
        self._sent += 1
        self._send(
            {
                "type": "say",
                "text": text,
                "kind": "answer" if interrupt else "message",
                "again": not self.printed,
                "id": self._sent,
            }
        )

    def ended(self, number: int) -> bool:
        """The page's voice has ended the sentences up to ``number`` (its end event, or a cancel). Returns
        whether this was one of the page's own reports, at most one for each sentence sent (a cancel
        reports every sentence it dropped at once): those are never counted against the tab's rate limit;
        any more are (False)."""
        if not isinstance(number, int):
            return False
        if self._ended < number <= self._sent:
            self._ended = number
        if 0 < number <= self._sent and self._acks < self._sent:
            self._acks += 1
            return True
        return False

    def speaking(self) -> bool | None:
        """With the browser's voice, whether a sentence sent has not ended yet; else None (estimated)."""
        return self._ended < self._sent if self.own_voice else None

    def silence(self) -> None:
        """Stop the page's voice and forget what it was given."""
        self._ended = self._sent
        self._send({"type": "silence"})

    def set_rate(self, step: int) -> None:
        """The browser voice's rate, -10 to 10."""
        self._send({"type": "rate", "rate": step})


class PageSpeaker(Speaker):
    """A :class:`Speaker` whose one backend is the page; it tells the page which sentences are new."""

    def __init__(self, page: PageBackend) -> None:
        super().__init__([page])
        self.page = page

    @property
    def answers_apart(self) -> bool:
        """With live regions (not the browser's own voice), answers go to the assertive region and game
        messages to the polite one: the player's screen reader reads each, and an answer cuts nothing."""
        return not self.page.own_voice

    def speak(self, text: str, *, interrupt: bool = False, printed: bool = True) -> None:
        """As :meth:`Speaker.speak`; ``printed`` False (a message said again) is marked for the page."""
        self.page.printed = printed
        try:
            super().speak(text, interrupt=interrupt, printed=printed)
        finally:
            self.page.printed = True


_LENGTHS: dict[str, float] = {}
"""Each cue file's length in seconds, read once for every tab."""


class PageSound(SoundPlayer):
    """Cues played by the page (Web Audio), at the place around the table the terminal would play them.

    Each cue is sent with its file, its pan (and where it glides to) and the volume; its length is read
    from the file, so the presenter paces as with the terminal's player.
    """

    def __init__(self, send: Send, *, volume: float, enabled: bool) -> None:
        super().__init__(volume=volume, enabled=enabled)
        self._send = send

    @property
    def available(self) -> bool:
        """The page plays the cues (once the player has pressed a key: browsers hold sound until then)."""
        return True

    def open_in_background(self) -> None:
        """Nothing to open: the page's audio starts at the first key or tap."""

    def play(
        self,
        cue: Cue | str,
        *,
        pan: float | None = None,
        to: float | None = None,
        seat: int | None = None,
        dice: int | None = None,
    ) -> float:
        """Send the cue to the page; returns its length in seconds (0.0 when sounds are off or silent).

        Raises:
            ValueError: as :meth:`SoundPlayer.play`.
        """
        name = cue_file(cue, seat=seat, dice=dice)
        if not self.enabled or self.volume <= 0.0:
            return 0.0
        self._send({"type": "cue", "name": name, "pan": pan, "to": to, "volume": self.volume})
        if name not in _LENGTHS:
            _LENGTHS[name] = self.duration(name)
        return _LENGTHS[name]

    def stop(self) -> None:
        """Stop the cues the page is playing."""
        self._send({"type": "stop-cues"})

    def close(self) -> None:
        """Nothing to release."""


@dataclass
class PageApp(App):
    """The application for one tab: settings are kept by the page (its local storage) as well as in the
    tab's folder, so that they come back when the player opens the page again."""

    send: Send = field(default=lambda _message: None)

    def remember(self, settings: Settings) -> str | None:
        """Save the settings in the tab's folder and hand them to the page to keep; returns a sentence if
        that failed."""
        problem = save_settings(settings)
        page = self.speaker.page if isinstance(self.speaker, PageSpeaker) else None
        if page is not None:
            page.follow(settings.speech)
        if problem is None:
            with contextlib.suppress(OSError):
                self.send({"type": "settings", "settings": settings_path().read_text(encoding="utf-8")})
        self.send({"type": "language", "lang": i18n.language(), "strings": page_strings()})
        return problem


class _Sink(io.StringIO):
    """The console of a tab: what the terminal would print goes nowhere (the page shows what is said)."""

    def write(self, text: str) -> int:
        return len(text)


def listed(mode: Mode) -> tuple[list[str], int] | None:
    """The lines of the screen in front that the page also shows as buttons, so that a phone can play by
    touch everywhere: a menu's items, the rules reader's sections, the options, a setup option's values
    (the options and the rules opened during a game too); with the line under the cursor. None for a
    screen without such lines (its keys are buttons already).
    """
    if isinstance(mode, Menu):
        return [label for _value, label in mode.items], mode.index
    if isinstance(mode, RulesReader):
        return [part.title for part in mode.sections.parts], mode.sections.index
    if isinstance(mode, SettingsMenu):
        return _options_lines(mode.options)
    if isinstance(mode, OptionChoice):
        return [label for _value, label in mode.option.values], mode.index
    if isinstance(mode, GameRouter):  # a game: the options menu or the rules reader open over it
        overlay = _overlay(mode)
        if isinstance(overlay, OptionsMenu):
            return _options_lines(overlay)
        if isinstance(overlay, Sections):
            return [part.title for part in overlay.parts], overlay.index
    return None


def _options_lines(options: OptionsMenu) -> tuple[list[str], int]:
    labels = [_option_value(item.title(), item.value(options.settings)) for item in options.items]
    return labels, options.index


def _overlay(router: GameRouter) -> OptionsMenu | Sections | None:
    """The options menu or the rules reader open over a game, if any. The game's :class:`Overlays` keeps
    its lists to itself (it gives one line at a time): they are read here by name, never changed (None
    should it keep them otherwise)."""
    screen = router.screen
    if screen.done:
        return None
    overlays = screen.overlays
    found = getattr(overlays, "_options", None) or getattr(overlays, "_reader", None)
    return found if isinstance(found, OptionsMenu | Sections) else None


def _option_value(option: str, value: str) -> str:
    # Translators: one option of the options menu and its value, as a button of the browser page and as
    # said after a change: "Sounds: on."
    return i18n._("{option}: {value}.").format(option=option, value=value)


def pick(mode: Mode, index: int) -> None:
    """Line ``index`` of ``mode``'s :func:`listed` lines tapped on the page: what its keys would do there.
    A menu's item is chosen and a rules section read whole (as Enter on it), in a game's rules reader too;
    an option (in a game too) or a setup value is gone to and said (as the arrows going there), for Left,
    Right and Enter to change or accept it.

    Raises:
        IndexError: ``index`` is not one of the lines.
    """
    lines = listed(mode)
    if lines is None or not 0 <= index < len(lines[0]):
        raise IndexError(index)
    enter = Press(Keys.ControlM, "\r", time.monotonic())
    if isinstance(mode, Menu):
        mode.index = index
        mode.choose(enter)
    elif isinstance(mode, RulesReader):
        mode.sections.index = index
        mode.read_all(enter)
    elif isinstance(mode, SettingsMenu):
        mode.options.index = index
        mode.voice.answer(mode.reminder())
    elif isinstance(mode, OptionChoice):
        mode.index = index
        mode.voice.answer(mode.reminder())
    elif isinstance(mode, GameRouter):
        overlays = mode.screen.overlays
        if isinstance(_overlay(mode), Sections):
            overlays.go(index)
            mode.screen.answer(overlays.read())  # as Enter on the section
        else:
            mode.screen.answer(overlays.go(index))  # the option gone to and said, as the arrows going there


@dataclass
class Tab:
    """One browser tab's screens: keys in, sentences and cues out.

    Args:
        send: hands a message to the page.
        languages: the browser's languages, best first (``navigator.languages``).
        saved: the settings the page kept (the settings file's text), or None.
    """

    send: Send
    languages: list[str]
    saved: str | None = None
    keys: PipeInput | None = None
    loops: list[KeyLoop] = field(default_factory=list)
    """The key loops reading this tab's keys, the one in front last."""
    _choices: list[dict[str, Any]] = field(default_factory=list)
    _typed: bool = False
    _lines: tuple[int, list[str], int] | None = None
    """The lines last sent to the page as buttons (:func:`listed`): their number (``list`` in the page's
    ``pick``), labels and the line under the cursor."""
    _lines_mode: Mode | None = None
    """The screen whose lines they are: a tap on another screen's line is dropped."""
    _serial: int = 0
    _readers: list[Callable[[], None]] = field(default_factory=list)
    """The key loops' readers of this tab's keys, the one reading now last (prompt_toolkit calls the last
    attached)."""
    _refresh: asyncio.Handle | None = None
    page: PageBackend | None = None
    app: PageApp | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    context: contextvars.Context | None = None
    """The tab's own context (its language, its folder), once :meth:`run` has set it up."""
    spent: Callable[[float], None] = lambda _seconds: None
    """Told the seconds the screens took to handle each key (the odds key's sums, the rules reader's
    chances): charged to the tab's address (:class:`lcr_audio.web.server.WebTabs`)."""
    wait: Callable[[], float] = lambda: 0.0
    """Seconds the next key must wait: the tab's address has spent its share of the server's time."""
    _held: list[str | Callable[[], None]] = field(default_factory=list)

    def in_language(self, make: Callable[[], str]) -> str:
        """``make()`` in the tab's language."""
        return make() if self.context is None else self.context.run(make)

    def say_answer(self, make: Callable[[], str]) -> None:
        """Say the sentence ``make()`` gives, in the tab's language, as an answer (a bad message from the
        page: one sentence, and nothing changes)."""
        if self.app is not None:
            self.app.speaker.speak(self.in_language(make), interrupt=True)

    def key(self, data: str) -> None:
        """One key press, as a terminal's bytes, for the screens; it waits while the tab's address has
        spent its share of the server's time (:attr:`wait`), and the keys after it wait behind it."""
        if self.keys is None or not data:
            return
        self._held.append(data)
        if len(self._held) == 1:
            self._give_keys()

    def _give_keys(self) -> None:
        while self._held and self.keys is not None:
            pause = self.wait()
            if pause > 0:
                asyncio.get_running_loop().call_later(pause, self._give_keys, context=self.context)
                return
            held = self._held.pop(0)
            if isinstance(held, str):
                self.keys.send_text(held)
            elif self.context is not None:
                self.context.run(held)
            else:
                held()
            self.choices_later()

    def pick(self, shown: int, index: int) -> None:
        """The page's button for line ``index`` of the lines it was sent as number ``shown`` was tapped:
        after the keys before it, the screen does what its keys would do on that line (:func:`pick`). A tap
        on lines the screen no longer shows (it changed meanwhile) is dropped: what changed it was said."""
        if self.keys is None:
            return
        self._held.append(lambda: self._pick(shown, index))
        if len(self._held) == 1:
            self._give_keys()

    def _pick(self, shown: int, index: int) -> None:
        if self._readers and self.keys is not None:
            self._readers[-1]()  # the keys sent before the tap are handled first, as the screen reads them
        loop, mode = self._front()
        lines = listed(mode) if mode is not None else None
        sent = self._lines
        if (
            loop is None
            or mode is None
            or lines is None
            or sent is None
            or mode is not self._lines_mode
            or shown != sent[0]
            or len(lines[0]) != len(sent[1])
            or not 0 <= index < len(lines[0])
        ):
            return
        started = time.perf_counter()
        try:
            pick(mode, index)
        except Exception:  # as a key's handler: a tap never ends the tab
            log.exception("A tap's handler failed")
            # Translators: a key's action failed (a bug); nothing changed.
            mode.voice.error(i18n._("That did not work; the game goes on."))
        finally:
            self.spent(time.perf_counter() - started)
        if loop.after_key is not None:
            loop.after_key()

    def _front(self) -> tuple[KeyLoop | None, Mode | None]:
        """The key loop in front and its mode on top (None, None before any)."""
        loop = next((loop for loop in reversed(self.loops) if loop.top is not None), None)
        return loop, loop.top if loop is not None else None

    def text(self, line: str) -> None:
        """A line typed in the page's text box (a phone's keyboard): its characters, then Enter, as keys."""
        for char in line:
            self.key(char)
        self.key("\r")

    def no_voice(self) -> None:
        """The page has no voice of its own (it said so): the live regions go on, paced as for a screen
        reader, until the player chooses again."""
        if self.page is not None:
            self.page.own_voice = False

    def spoken(self, number: int) -> bool:
        """The page's voice ended sentence ``number``; whether the report is one of the page's own, one
        for each sentence sent (:meth:`PageBackend.ended`)."""
        return self.page is not None and self.page.ended(number)

    def choices_later(self) -> None:
        """Look again, soon, at the keys the screen in front takes (the page's buttons)."""
        if self._refresh is None:
            loop = asyncio.get_running_loop()
            self._refresh = loop.call_later(0.05, self._send_choices, context=self.context)

    def _send_choices(self) -> None:
        self._refresh = None
        _loop, mode = self._front()
        choices: list[dict[str, Any]] = []
        typed = mode is not None and mode.context in TYPED_LINES
        if mode is not None:
            top = mode
            for spec in help_rows(mode.context):
                if not spec.keys or spec.command in top.hidden:  # any typed character; a key unused here
                    continue
                with contextlib.suppress(ValueError):
                    key, ctrl = browser_key(spec.keys[0])
                    # Translators: one button of the page: the keys, then what they do ("S: every seat's
                    # chips and the pot").
                    label = i18n._("{keys}: {action}").format(
                        keys=i18n._(spoken_keys(spec)),
                        action=i18n._(top.help_words.get(spec.command, spec.help)),
                    )
                    choices.append({"key": key, "ctrl": ctrl, "label": label})
        found = listed(mode) if mode is not None else None
        lines = self._lines
        if found is None:
            lines = None
        elif lines is None or mode is not self._lines_mode or len(found[0]) != len(lines[1]):
            self._serial += 1  # another screen's lines: a tap on the old ones is dropped
            lines = (self._serial, *found)
        else:
            lines = (lines[0], *found)  # the same lines, a value or the cursor changed
        self._lines_mode = mode if found is not None else None
        if (choices, typed, lines) != (self._choices, self._typed, self._lines):
            self._choices, self._typed, self._lines = choices, typed, lines
            shown = None
            if lines is not None:
                number, labels, current = lines
                items = [{"label": label, "current": at == current} for at, label in enumerate(labels)]
                shown = {"id": number, "items": items}
            self.send({"type": "choices", "items": choices, "typed": typed, "list": shown})

    @contextlib.contextmanager
    def _watched(self, keys: PipeInput) -> Iterator[None]:
        """Note every key loop that reads ``keys`` (for the page's buttons)."""
        attach = keys.attach

        @contextlib.contextmanager
        def watching(callback: Callable[[], None]) -> Iterator[None]:
            owner = getattr(callback, "__self__", None)
            if isinstance(owner, KeyLoop):
                self.loops.append(owner)

            def timed() -> None:
                started = time.perf_counter()
                try:
                    callback()
                finally:
                    self.spent(time.perf_counter() - started)

            self._readers.append(timed)
            try:
                with attach(timed):
                    yield
            finally:
                self._readers.remove(timed)
                if owner in self.loops:
                    self.loops.remove(owner)

        keys.attach = watching  # type: ignore[method-assign,assignment]
        yield

    async def run(self, join: Join | None = None) -> None:
        """Run the tab's screens until the player leaves (the main menu's Quit), or ``join`` (an online
        table) instead of the main menu. Everything the tab wrote is removed at the end."""
        home = Path(tempfile.mkdtemp(prefix="lcr-audio-tab-"))
        storage.HOME_HERE.set(home)
        IN_BROWSER.set(True)
        first = self.languages[0] if self.languages else None
        language = i18n.use_language_here(first)
        saved, problem = self._settings()
        if saved.language:
            language = i18n.use_language_here(saved.language, system=first)
        self.context = contextvars.copy_context()
        self.send({"type": "language", "lang": language, "strings": page_strings()})
        try:
            with create_pipe_input() as keys, self._watched(keys):
                self.keys = keys
                with create_app_session(input=keys, output=DummyOutput()):
                    await self._screens(keys, saved, problem, join)
        finally:
            self.keys = None
            shutil.rmtree(home, ignore_errors=True)  # at once: a closing server may not wait for a thread

    def _settings(self) -> tuple[Settings, str | None]:
        """The page's settings, read as the game reads its file (a bad one: defaults, and a sentence)."""
        if self.saved is None:
            return Settings(), None
        path = settings_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(self.saved[:SETTINGS_BYTES], encoding="utf-8")
        except OSError:
            return Settings(), None
        return load_settings(path)

    async def _screens(
        self, keys: PipeInput, settings: Settings, problem: str | None, join: Join | None
    ) -> None:
        from lcr_audio.narration.elision import elide
        from lcr_audio.tui.main_menu import run_main_menu

        page = PageBackend(self.send)
        page.follow(settings.speech)
        speaker = PageSpeaker(page)
        speaker.polish = elide
        speaker.tune(settings.rate, settings.voice)
        sound = PageSound(self.send, volume=settings.volume, enabled=settings.sounds)
        app = PageApp(Console(_Sink()), speaker, keys, None, settings, sound, settings.pause, send=self.send)
        self.page, self.app = page, app
        original = speaker.speak

        def speak(text: str, *, interrupt: bool = False, printed: bool = True) -> None:
            original(text, interrupt=interrupt, printed=printed)
            self.choices_later()

        speaker.speak = speak  # type: ignore[method-assign]
        self.ready.set()
        if problem:
            speaker.speak(problem)
        if join is not None:
            await join(app)
        else:
            await run_main_menu(app)


@dataclass(frozen=True)
class Join:
    """A tab that opens at an online table instead of the main menu (the page's ``?join=CODE``, or
    ``?join=new`` to host a new table on this server).

    Attributes:
        address: the table server's own address for this tab (``ws://127.0.0.1:PORT/tab/TOKEN``).
        code: the join code, or "" to open a new table.
        shown: the server's address as the players know it (the page's host name).
        page: the page's address, said with the join code of a table this tab opens.
        tls: the TLS context of a ``wss://`` ``address`` (the server speaks TLS itself), or None.
    """

    address: str
    code: str
    shown: str
    page: str
    tls: ssl.SSLContext | None = None

    async def __call__(self, app: PageApp) -> int:
        """Ask the player's name, then join (or open) the table. Returns the exit code, 1 when the table
        could not be reached or refused this player; Escape at the name leaves."""
        from lcr_audio.names import clean_name, has_letter
        from lcr_audio.tui.online import OnlineClient
        from lcr_audio.tui.setup import LineEntry, Setup, SetupCancelled

        setup = Setup(app.speaker, app.console, app.keys)
        # Translators: the name of a player who gave none when joining an online table.
        default = i18n._("Player")
        # Translators: asked when a browser page joins an online table; {default} is taken by Enter.
        question = i18n._("Your name at the table? Enter for {default}.").format(default=default)
        try:
            async with KeyLoop(app.keys) as loop:
                typed = clean_name(await loop.ask(LineEntry(setup, question)))
        except SetupCancelled:
            return 0
        name = typed if typed and has_letter(typed) else default
        page = self.page if not self.code else ""
        client = OnlineClient(
            app, self.address, self.code, [name], None, shown=self.shown, page=page, tls=self.tls
        )
        return await client.run()


def thread_safe(loop: asyncio.AbstractEventLoop, send: Send) -> Send:
    """``send`` callable from any thread: from another one, it runs in ``loop``."""
    owner = threading.get_ident()

    def safe(message: dict[str, Any]) -> None:
        if threading.get_ident() == owner:
            send(message)
        else:
            with contextlib.suppress(RuntimeError):  # the loop closed: the tab is gone
                loop.call_soon_threadsafe(send, message)

    return safe


def encode(message: dict[str, Any]) -> str:
    """One message for the page, as JSON text."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
