"""The one input layer (DESIGN.md §3; issue 10, item 6): one key loop reads every key press, stamps it
with the time it was read, and hands it to the input mode on top of a stack.

A mode binds its handlers to rows of the key table (:data:`lcr_audio.tui.keys.KEYS`) with
:func:`handles`: the row gives the keys and the help sentence, the handler what they do, so F1's list is
made from the same rows the handlers answer (as NVDA's ``@script`` and ptpython's ``load_*_bindings``).
Every mode answers F1 the same way: a :class:`KeyList` of its keys, stepped through with Up and Down, one
key per utterance, closed with Escape.

Keys are read with prompt_toolkit's input layer in raw mode, not a full ``Application``: an application
redraws its layout, and a screen reader reads each redraw again. Output stays append-only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from prompt_toolkit.input import Input
from prompt_toolkit.keys import Keys

from lcr_audio.cues import Cue
from lcr_audio.i18n import _
from lcr_audio.output.sound import SoundPlayer
from lcr_audio.output.speech import Speaker
from lcr_audio.tui import terminal
from lcr_audio.tui.keys import KEYS, Command, Context, help_entries, latin_twin, lookup

log = logging.getLogger(__name__)

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., None])

REACTION_SECONDS = 0.2
"""A key that answers a question (a roll, a Wild's seat, a reversal, a yes or no) counts only if it was read
at least this long after the question was handed to speech (seconds): nobody hears a question and answers it
faster, so a sooner key is a double press typed ahead, and is dropped. Where the speech backend paces the
game (its end of speech), the question comes after the sentence before it has ended; in printed-line mode
it is printed at once, and this is what stops Space Space from answering it."""


def answers_in_time(stamp: float, asked: float | None) -> bool:
    """Whether a key read at ``stamp`` (monotonic seconds) may answer a question handed to speech at
    ``asked`` (None: not yet): see :data:`REACTION_SECONDS`."""
    return asked is not None and stamp >= asked + REACTION_SECONDS


ESCAPE_FLUSH_SECONDS = 0.05
"""How long a lone Escape waits to be sure it does not begin a key sequence (seconds)."""


@dataclass(frozen=True)
class Press:
    """One key press.

    Attributes:
        key: prompt_toolkit's key (a :class:`Keys` member or one character).
        data: the characters the key typed.
        stamp: when the key loop read it (``time.monotonic()``, seconds); keys read together share it.
    """

    key: str | Keys
    data: str
    stamp: float

    @property
    def char(self) -> str | None:
        """The printable character typed, if the key is one."""
        key = self.key
        if isinstance(key, str) and not isinstance(key, Keys) and len(key) == 1 and key.isprintable():
            return key
        return None


def nothing_key(press: Press) -> str:
    """The sentence for a key that has no meaning anywhere in the program: "X does nothing; F1 lists the
    keys."."""
    char = press.char
    if char is not None and not char.isspace():
        # Translators: said for a key that does nothing anywhere in the program; {key} is the key typed
        # ("X").
        return _("{key} does nothing; F1 lists the keys.").format(key=char.upper())
    # Translators: said for a key (not a letter or a digit) that does nothing anywhere in the program.
    return _("That key does nothing; F1 lists the keys.")


def handles(*commands: Command) -> Callable[[F], F]:
    """Bind a mode's method to the rows of the key table with these commands (in the mode's contexts).

    The method takes the :class:`Press`; its rows give its keys and its help sentence.
    """

    def mark(method: F) -> F:
        method.__dict__["commands"] = commands
        return method

    return mark


class Voice(Protocol):
    """Where a mode's answers go: said at once (interrupting), an error with the error cue."""

    def answer(self, text: str) -> None:
        """Say ``text`` now, interrupting."""

    def say(self, text: str) -> None:
        """Say ``text`` after what is being said."""

    def error(self, text: str) -> None:
        """Say ``text`` now with the error cue: a key that did nothing."""

    def too_early(self) -> None:
        """A key that answers a question came before the question was heard, and did nothing: a short soft
        cue (``early``), cutting nothing."""


class SpeakerVoice:
    """A :class:`Voice` outside a game: the speaker, and the error cue when sounds play.

    Args:
        speaker: speaks (and prints, in printing modes).
        sound: the cue player, or None.
    """

    def __init__(self, speaker: Speaker, sound: SoundPlayer | None = None) -> None:
        self.speaker = speaker
        self.sound = sound

    def answer(self, text: str) -> None:
        """Say ``text`` now, interrupting."""
        self.speaker.speak(text, interrupt=True)

    def say(self, text: str) -> None:
        """Say ``text`` after what is being said."""
        self.speaker.speak(text)

    def error(self, text: str) -> None:
        """Say ``text`` now with the error cue."""
        if self.sound is not None:
            self.sound.play(Cue.ERROR)
        self.speaker.speak(text, interrupt=True)

    def too_early(self) -> None:
        """The soft ``early`` cue: a key came before its question was heard, and did nothing."""
        if self.sound is not None:
            self.sound.play(Cue.EARLY)


class Mode:
    """An input mode: what the keys do while it is on top of the key loop's stack.

    Subclasses set :attr:`contexts` (the key-table contexts they serve) and bind handlers with
    :func:`handles`; :meth:`context` says which of them is in force now.
    """

    contexts: ClassVar[frozenset[Context]] = frozenset()
    """Every context this mode serves: each row of these contexts needs a handler here (tests check)."""
    bindings: ClassVar[dict[Command, str]] = {}
    """Command to handler method name, gathered from :func:`handles` marks."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        table: dict[Command, str] = {}
        for klass in reversed(cls.__mro__):
            for name, value in vars(klass).items():
                for command in getattr(value, "commands", ()):
                    table[command] = name
        cls.bindings = table

    def __init__(self, voice: Voice) -> None:
        self.voice = voice
        self.loop: KeyLoop | None = None

    @property
    def context(self) -> Context:
        """The key-table context in force (for modes with one context, that one)."""
        return next(iter(self.contexts))

    def heard(self, press: Press) -> bool:
        """True when ``press`` may answer this mode's question (see :data:`DECISIONS`)."""
        return True

    def dispatch(self, press: Press) -> None:
        """Run the handler bound to ``press`` in the context in force, or :meth:`unbound`."""
        context = self.context
        spec = lookup(press.key, context)
        if spec is None and press.char is not None and context in _TYPED:
            getattr(self, self.bindings[Command.TYPE])(press)  # a row for any typed character
            return
        if spec is None:
            self.unbound(press)
            return
        if spec.command in DECISIONS and not self.heard(press):
            self.too_early(press)  # typed before the question was heard: the question is about to be heard
            return
        getattr(self, self.bindings[spec.command])(press)

    def too_early(self, press: Press) -> None:
        """``press`` would answer this mode's question but came before the question was heard (see
        :meth:`heard`): it is dropped, and the voice plays its soft cue (issue 21, item 5: nobody presses
        again blind)."""
        self.voice.too_early()

    def unbound(self, press: Press) -> None:
        """A key with no row in the context in force: "Not now." if it works elsewhere, else that it does
        nothing at all."""
        if any(lookup(press.key, context) is not None for context in Context):
            # Translators: said for a key that does nothing at this moment (it works at other moments).
            self.voice.error(_("Not now. F1 lists the keys."))
        else:
            self.voice.error(nothing_key(press))

    def reminder(self) -> str:
        """What to say again after a detour (the key list closing): the question, or nothing."""
        return ""

    @property
    def hidden(self) -> frozenset[Command]:
        """Commands of this mode's contexts that do nothing here, left out of F1's list."""
        return frozenset()

    @property
    def help_words(self) -> Mapping[Command, str]:
        """What some keys do here, in F1's list, where the key table's words do not fit (catalog
        messages, by command)."""
        return {}

    @handles(Command.HELP)
    def help(self, press: Press) -> None:
        """F1: the list of this mode's keys, one at a time."""
        assert self.loop is not None
        self.loop.push(KeyList(self))

    def opened(self) -> None:
        """Called when the mode is pushed; override to speak an opening."""

    def closed(self) -> None:
        """Called when the mode is popped."""

    def input_closed(self) -> None:
        """The keyboard went away."""


_TYPED = frozenset(
    c for spec in KEYS if spec.command is Command.TYPE and not spec.keys for c in spec.contexts
)
"""Contexts with a row for any typed character (a letter in a menu, a name being typed)."""


DECISIONS = frozenset(
    {
        Command.ROLL,
        Command.YES,
        Command.NO,
        Command.CONFIRM_SEAT,
        Command.CONFIRM_FACES,
    }
)
"""Keys that answer a question (a roll, a Wild's seat, a reversal, a yes or no): a press that arrived before
the question was handed to speech never answers it (issue 10, item 5). Review keys work at any time."""


class Question(Mode, Generic[T]):
    """A mode that ends with a value: :meth:`KeyLoop.ask` pushes it and waits for :meth:`finish`."""

    def __init__(self, voice: Voice) -> None:
        super().__init__(voice)
        self.result: asyncio.Future[T] = asyncio.get_running_loop().create_future()

    def finish(self, value: T) -> None:
        """End the mode with ``value``."""
        if not self.result.done():
            self.result.set_result(value)

    def fail(self, error: BaseException) -> None:
        """End the mode with ``error`` (raised where it was asked)."""
        if not self.result.done():
            self.result.set_exception(error)

    @handles(Command.QUIT_NOW)
    def quit_now(self, press: Press) -> None:
        """Control+C outside a game: leave the program at once."""
        self.fail(KeyboardInterrupt())

    def input_closed(self) -> None:
        """The keyboard went away: whoever asked gets :class:`EOFError`."""
        self.fail(EOFError())


def finishes(*commands: Command, value: T) -> Callable[[Question[T], Press], None]:
    """A :class:`Question`'s handler for ``commands`` that ends it with ``value`` (Y: True, N: False).

    Bound as a class attribute: ``yes = finishes(Command.YES, value=True)``.
    """

    @handles(*commands)
    def handler(mode: Question[T], press: Press) -> None:
        mode.finish(value)

    return handler


def leaves(*commands: Command, error: Callable[[], BaseException]) -> Callable[[Question[Any], Press], None]:
    """A :class:`Question`'s handler for ``commands`` that ends it with a new ``error()``, raised where it
    was asked (Escape leaving a setup or a lesson)."""

    @handles(*commands)
    def handler(mode: Question[Any], press: Press) -> None:
        mode.fail(error())

    return handler


@dataclass(frozen=True)
class Step:
    """One step through a list that wraps round (a menu, the options, the rules reader's sections, the key
    list): where it lands, and whether it went round from one end to the other.

    Attributes:
        index: the line stepped to, 0-based.
        round: +1 when a step down went from the last line round to the first, -1 when a step up went
            from the first round to the last, 0 otherwise.
    """

    index: int
    round: int = 0

    def said(self, line: str) -> str:
        """``line`` as said after this step: after going round, "Top of the list." or "Bottom of the
        list." first, so that the player hears they came back to the other end (the history, which does
        not go round, says "First message." and "Last message." at its ends)."""
        if self.round > 0:
            # Translators: a step down from the last line of a list (a menu, the options, the rules
            # reader's sections, the F1 key list) went round to its first line; {line} is that line.
            return _("Top of the list. {line}").format(line=line)
        if self.round < 0:
            # Translators: a step up from the first line of a list (a menu, the options, the rules
            # reader's sections, the F1 key list) went round to its last line; {line} is that line.
            return _("Bottom of the list. {line}").format(line=line)
        return line


def step_through(index: int, step: int, total: int) -> Step:
    """A step of ``step`` lines (+1 down, -1 up) from line ``index`` of a list of ``total`` lines (at
    least 1), wrapping round: every list that Up and Down walk goes round the same way, and says so.

    >>> step_through(2, +1, 7), step_through(6, +1, 7), step_through(0, -1, 7)
    (Step(index=3, round=0), Step(index=0, round=1), Step(index=6, round=-1))
    """
    target = index + step
    return Step(target % total, int(target >= total) - int(target < 0))


class Lines(Mode):
    """A mode over lines said one at a time (a menu's items, the rules reader's sections): Down and Up step
    to the next and previous line, wrapping round (said: :class:`Step`), Home and End go to the first and
    the last.

    A subclass says where the cursor is (:attr:`line_index`), how many lines there are
    (:attr:`line_count`), and moves the cursor (:meth:`place`).
    """

    @property
    def line_index(self) -> int:
        """The line under the cursor, 0-based."""
        raise NotImplementedError

    @property
    def line_count(self) -> int:
        """How many lines there are (at least 1)."""
        raise NotImplementedError

    def place(self, index: int) -> str:
        """Move the cursor to line ``index`` (wrapping round: -1 is the last) and return the line as said."""
        raise NotImplementedError

    def go(self, index: int) -> None:
        """Move to line ``index`` (wrapping round: -1 is the last) and say it."""
        self.voice.answer(self.place(index))

    def _step(self, step: int) -> None:
        moved = step_through(self.line_index, step, self.line_count)
        self.voice.answer(moved.said(self.place(moved.index)))

    @handles(Command.NEXT_LINE)
    def next_line(self, press: Press) -> None:
        """The next line (after the last, "Top of the list." and the first)."""
        self._step(+1)

    @handles(Command.PREVIOUS_LINE)
    def previous_line(self, press: Press) -> None:
        """The previous line (before the first, "Bottom of the list." and the last)."""
        self._step(-1)

    @handles(Command.FIRST_LINE)
    def first_line(self, press: Press) -> None:
        """The first line."""
        self.go(0)

    @handles(Command.LAST_LINE)
    def last_line(self, press: Press) -> None:
        """The last line."""
        self.go(-1)


class KeyList(Mode):
    """F1's list: the keys of the mode under it, one per utterance; Up and Down step, Home and End go to the
    first and last, Escape closes."""

    contexts = frozenset({Context.KEY_LIST})

    def __init__(self, under: Mode) -> None:
        super().__init__(under.voice)
        self.under = under
        self.entries = help_entries(under.context, under.hidden, under.help_words)
        self.index = 0

    def _entry(self) -> str:
        # Translators: one key of the F1 key list with its place: "S: the pot. 3 of 20."
        return _("{entry} {place} of {total}.").format(
            entry=self.entries[self.index], place=self.index + 1, total=len(self.entries)
        )

    def _intro(self) -> str:
        # Translators: said when F1 opens the key list, before its first key.
        return _("Keys. Up and Down go through them, Escape closes.")

    def opened(self) -> None:
        """Say how the list works, then its first key."""
        self.voice.answer(f"{self._intro()} {self._entry()}")

    def _step(self, step: int) -> None:
        moved = step_through(self.index, step, len(self.entries))
        self.index = moved.index
        self.voice.answer(moved.said(self._entry()))

    @handles(Command.NEXT_LINE)
    def next_key(self, press: Press) -> None:
        """Down: the next key (after the last, "Top of the list." and the first)."""
        self._step(+1)

    @handles(Command.PREVIOUS_LINE)
    def previous_key(self, press: Press) -> None:
        """Up: the previous key (before the first, "Bottom of the list." and the last)."""
        self._step(-1)

    @handles(Command.FIRST_LINE)
    def first_key(self, press: Press) -> None:
        """Home: the first key."""
        self.index = 0
        self.voice.answer(self._entry())

    @handles(Command.LAST_LINE)
    def last_key(self, press: Press) -> None:
        """End: the last key."""
        self.index = len(self.entries) - 1
        self.voice.answer(self._entry())

    @handles(Command.HELP)
    def help(self, press: Press) -> None:
        """F1 in the list: how it works, and the key under review."""
        self.voice.answer(f"{self._intro()} {self._entry()}")

    @handles(Command.CLOSE)
    def close(self, press: Press) -> None:
        """Escape: back to the mode under the list, whose question is said again."""
        assert self.loop is not None
        self.loop.pop(self)
        # Translators: said when the F1 key list closes; the question under way may follow.
        closed = _("Key list closed.")
        reminder = self.under.reminder()
        self.voice.answer(f"{closed} {reminder}" if reminder else closed)

    @handles(Command.QUIT_NOW)
    def quit_now(self, press: Press) -> None:
        """Control+C: as in the mode under the list."""
        self.under.dispatch(press)

    def unbound(self, press: Press) -> None:
        """Any other key: how the list works."""
        # Translators: a key that does nothing in the F1 key list.
        self.voice.error(_("Up and Down go through the keys, Escape closes the list."))

    def input_closed(self) -> None:
        """The keyboard went away: the mode under the list is told."""
        self.under.input_closed()


class KeyLoop:
    """The key loop: reads keys in raw mode, stamps them and dispatches each to the mode on top.

    Use as ``async with KeyLoop(keys) as loop: value = await loop.ask(mode)``; a callback-driven screen
    (the play screen) pushes its modes and reacts inside their handlers.

    Args:
        keys: the key input (a terminal, or ``create_pipe_input()`` in tests).
    """

    def __init__(self, keys: Input) -> None:
        self.keys = keys
        self.stack: list[Mode] = []
        self._exit = contextlib.ExitStack()
        self._flush: asyncio.TimerHandle | None = None
        self._stamp = 0.0
        self.on_closed: Callable[[], None] | None = None
        self.after_key: Callable[[], None] | None = None
        """Called after each key was handled (the play screen's game loop looks again)."""
        self._held: list[Press] = []
        """Keys read while no mode could take them (before the first question, or after a mode ended and
        before the next one): the next mode pushed gets them, with their own stamps."""
        """Called once when the keyboard goes away (after the modes were told)."""

    async def __aenter__(self) -> KeyLoop:
        self._exit.enter_context(self.keys.raw_mode())
        self._exit.enter_context(terminal.reading_keys(self.keys))  # a stop and a continue keep the raw mode
        self._exit.enter_context(self.keys.attach(self._ready))
        # Keys typed before this loop started are stamped now, before any question is asked, and go to
        # the first mode pushed: a menu moves with them, a question drops them.
        stamp = time.monotonic()
        self._held = [Press(p.key, p.data, stamp) for p in self.keys.read_keys()]
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        self._exit.close()

    @property
    def top(self) -> Mode | None:
        """The mode the keys go to."""
        return self.stack[-1] if self.stack else None

    def push(self, mode: Mode) -> None:
        """Put ``mode`` on top: the keys go to it until it is popped."""
        mode.loop = self
        self.stack.append(mode)
        mode.opened()
        held, self._held = self._held, []
        for press in held:
            self._deliver(press)

    def pop(self, mode: Mode) -> None:
        """Take ``mode`` (and anything above it) off the stack."""
        if mode in self.stack:
            while self.stack:
                gone = self.stack.pop()
                gone.closed()
                if gone is mode:
                    break

    def replace(self, old: Mode, new: Mode) -> None:
        """Put ``new`` where ``old`` is (the modes above it stay)."""
        index = self.stack.index(old)
        new.loop = self
        self.stack[index] = new

    async def ask(self, mode: Question[T]) -> T:
        """Push ``mode``, wait for its value, pop it.

        Raises:
            EOFError: the keyboard went away.
            KeyboardInterrupt: Control+C.
        """
        self.push(mode)
        if self.keys.closed:
            mode.input_closed()
        try:
            return await mode.result
        finally:
            self.pop(mode)

    def discard_pending(self) -> None:
        """Read and drop the keys typed so far (before a screen's first question)."""
        self.keys.read_keys()

    def _ready(self) -> None:
        if self._flush is not None:
            self._flush.cancel()
            self._flush = None
        self._stamp = time.monotonic()
        for press in self.keys.read_keys():
            self._deliver(Press(press.key, press.data, self._stamp))
        if self.keys.closed:
            for mode in list(reversed(self.stack)):
                mode.input_closed()
            if self.on_closed is not None:
                callback, self.on_closed = self.on_closed, None
                callback()
        else:
            # A lone Escape stays in the parser until we know no sequence follows it.
            self._flush = asyncio.get_running_loop().call_later(ESCAPE_FLUSH_SECONDS, self._flush_keys)

    def _flush_keys(self) -> None:
        self._flush = None
        for press in self.keys.flush_keys():  # a lone Escape keeps the stamp of the read that brought it
            self._deliver(Press(press.key, press.data, self._stamp))

    def _deliver(self, press: Press) -> None:
        if press.key in (Keys.CPRResponse, Keys.Ignore):
            return
        mode = self.top
        if mode is None or (isinstance(mode, Question) and mode.result.done()):
            self._held.append(press)  # the mode that will take it is not there yet
            return
        try:
            mode.dispatch(press)
        except Exception:  # a key must never end the program
            log.exception("A key's handler failed")
            # Translators: a key's action failed (a bug); nothing changed.
            mode.voice.error(_("That did not work; the game goes on."))
        if self.after_key is not None:
            self.after_key()


def first_letter_match(labels: list[str], key: str, index: int) -> int | None:
    """The next label (after ``index``, wrapping) whose first letter is ``key`` (a Russian layout's letter
    counts for the Latin letter at its place); None if no label starts with it."""
    starts = [i for i, label in enumerate(labels) if label[:1].lower() == key.lower()]
    if not starts:
        starts = [i for i, label in enumerate(labels) if label[:1].lower() == latin_twin(key)]
    if not starts:
        return None
    later = [i for i in starts if i > index]
    return later[0] if later else starts[0]


__all__ = [
    "DECISIONS",
    "ESCAPE_FLUSH_SECONDS",
    "KeyList",
    "KeyLoop",
    "Lines",
    "Mode",
    "Press",
    "Question",
    "SpeakerVoice",
    "Voice",
    "finishes",
    "first_letter_match",
    "handles",
    "leaves",
]
