"""The one place that decides what is said and when (DESIGN.md §1 "What is said, and when"; §3).

Game messages are heard in order, each one's cues (the roll, then each chip) before its sentence, and each
sentence only once the one before it has ended. What the player asked for (a key's answer) is said at
once: it may cut the game message under way, which is then said again, whole, once the answer has ended.
Nothing is dropped silently: only the player skips (:meth:`Presenter.skip`, the Q key), and a skip counts
what it skipped so that the screen can say how many. A wrong key's sentence never cuts game speech.

This is the whole policy, and the method a sentence comes through is all it reads (an
:class:`~lcr_audio.narration.Utterance` carries no priority): :meth:`Presenter.add` for a game message,
queued and never interrupting; :meth:`Presenter.answer` for a key's answer, at once, or with
``interrupt=False`` for a wrong key's sentence, behind the speech under way; :meth:`Presenter.say_last` for a
screen's last sentence. A skip spares nothing, not the player's own turn or the question pending: the screen
that skips says how many, then the question pending again (``PlayScreen.quiet``), and every message stays in
the history.

Pacing follows the speech: where the backend tells when it has finished (:meth:`Speaker.speaking`), the
presenter waits for that; for backends that cannot tell (NVDA and JAWS through accessible_output2) it
estimates the time from the words. Computer players wait on :meth:`Presenter.drained`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from lcr_audio.cues import Cue, CuePlace
from lcr_audio.narration import Utterance
from lcr_audio.output.sound import SoundPlayer
from lcr_audio.output.speech import Speaker, SpeechMode

log = logging.getLogger(__name__)

CUE_GAP_SECONDS = 0.14
"""Time between two chip cues of one turn (seconds)."""
DICE_GAP_SECONDS = 0.35
"""Time from the dice cue to the first chip cue (seconds)."""
WORDS_PER_SECOND: dict[str, float] = {SpeechMode.SCREEN_READER: 4.0, SpeechMode.TTS: 2.8}
"""Estimated speaking speed per speech mode, used only when the backend cannot tell when it has finished;
modes not listed (console, silent) are not waited for."""
POLL_SECONDS = 0.02
"""How often the presenter asks the backend whether it is still speaking (seconds)."""
STALL_SECONDS = 30.0
"""A backend that says it is speaking for longer than its estimate plus this (seconds) is not waited for
any more: the game must never stall on a speech library that lost track of its end."""


async def wait_event(event: asyncio.Event, seconds: float) -> None:
    """Wait until ``event`` is set or ``seconds`` have passed, whichever comes first.

    Unlike ``asyncio.wait_for(event.wait(), seconds)`` on Python 3.11, a cancellation that comes as the
    event is set is never lost (CPython gh-86296): a task cancelled here always ends (a browser tab whose
    game was left went dead when the presenter's task swallowed its cancellation).
    """
    waiter = asyncio.ensure_future(event.wait())
    try:
        await asyncio.wait({waiter}, timeout=max(0.0, seconds))
    finally:
        waiter.cancel()


STOP_SECONDS = 1.0
"""How often :meth:`Presenter.stop` cancels its task again until it has ended (seconds)."""


@dataclass(frozen=True)
class CueArgs:
    """What a cue needs besides its name: the number of dice (``dice``), the seat number (``turn``), and
    where each of the utterance's cues sounds (``places``, one per cue in order; None or missing: the cue's
    own place)."""

    dice: int | None = None
    seat: int | None = None
    places: tuple[CuePlace | None, ...] = ()


NO_CUE_ARGS = CueArgs()


@dataclass
class _Item:
    utterance: Utterance
    cues: CueArgs
    on_start: Callable[[], None] | None = None
    on_end: Callable[[], None] | None = None
    cut: bool = False
    """Its sentence was cut by an answer: it is said again, whole, without its cues or a second print."""
    withdrawn: bool = False
    """Taken back (:meth:`Presenter.withdraw`): it is not said, or not said again if an answer cuts it."""


def _started(item: _Item) -> None:
    """Call the item's ``on_start`` once (it was handed to speech, or skipped unsaid)."""
    callback, item.on_start = item.on_start, None
    if callback is not None:
        try:
            callback()
        except Exception:  # a listener must never stop the presenter
            log.exception("An utterance's start callback failed")


def _ended(item: _Item) -> None:
    """Call the item's ``on_end`` once (it was said to its end, or skipped)."""
    callback, item.on_end = item.on_end, None
    if callback is not None:
        try:
            callback()
        except Exception:  # a listener must never stop the presenter
            log.exception("An utterance's end callback failed")


class Presenter:
    """Plays and speaks game messages one after another, and the player's answers at once.

    Args:
        speaker: where sentences go.
        sound: the cue player, or None for no sound.
        rate: a function giving the speech rate step (-10..10) of the game's own voice, for estimates.
        clock: monotonic seconds (tests give their own).
    """

    def __init__(
        self,
        speaker: Speaker,
        sound: SoundPlayer | None,
        rate: Callable[[], int] = lambda: 0,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.speaker = speaker
        self.sound = sound
        self.rate = rate
        self.clock = clock
        self._queue: list[_Item] = []
        self._current: _Item | None = None
        """The game message being presented (its cues, then its sentence) and not yet known to have ended."""
        self._current_said = False
        """Whether the current message's sentence has been handed to speech (else its cues are playing)."""
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self._told = asyncio.Event()
        """Set while every queued game message has been handed to speech (or skipped, or taken back)."""
        self._told.set()
        self._task: asyncio.Task[None] | None = None
        self._speech_ends = 0.0
        """When the speech under way should end, by the estimate (for backends that cannot tell)."""
        self._cues_end = 0.0
        self._generation = 0
        """Counts skips: an utterance whose cues were playing when the player skipped is not spoken."""
        self._skipped = 0
        self._later: list[str] = []
        """Sentences of wrong keys waiting for the speech under way to end (the backend is given one thing
        at a time, so that "still speaking" always means the message the presenter gave it last)."""
        self._trust_backend = True
        """False once the backend failed to report an end: the estimate paces from then on."""
        self._held = False
        """The player paused the game (watch mode): game messages wait; answers are still said."""
        self.on_handed: Callable[[str, Utterance | None], None] | None = None
        """Called with every text as it is handed to speech, by any path, and the game message it is (None for
        an answer or a wrong key's sentence): the play screen counts a question as asked when its text is
        (DESIGN.md §1)."""

    # --- the game's side ------------------------------------------------------------------------------

    def start(self) -> None:
        """Start presenting (inside the running event loop)."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self, *, drain: bool = True) -> None:
        """Stop presenting; with ``drain``, first let every queued message be said and the last cue end."""
        if drain:
            await self.drained()
            remaining = self._cues_end - self.clock()
            if remaining > 0:  # the win cue plays whole
                await asyncio.sleep(remaining)
        task = self._task
        while task is not None and not task.done():  # cancelled again should a wait have swallowed it
            task.cancel()
            await asyncio.wait({task}, timeout=STOP_SECONDS)  # the caller's own cancellation goes on

    def add(
        self,
        utterance: Utterance,
        cues: CueArgs = NO_CUE_ARGS,
        *,
        on_start: Callable[[], None] | None = None,
        on_end: Callable[[], None] | None = None,
    ) -> None:
        """Queue a game message; it is said when everything before it has been said (never interrupts).

        ``on_start`` is called once, when the message is handed to speech (a question is then "asked": keys
        pressed before it never answer it), or when the player skips it unsaid. ``on_end`` is called once,
        when the message has been said to its end (a message an answer cut, when it has been said again,
        whole), or skipped: what it tells has then been heard.
        """
        self._queue.append(_Item(utterance, cues, on_start, on_end))
        self._idle.clear()
        self._told.clear()
        self._wake.set()

    def withdraw(self, utterance: Utterance) -> bool:
        """Take back the game message ``utterance`` (the very object given to :meth:`add`): not said if it
        is still waiting, and not said again if an answer cuts it (a question that has been answered).

        Returns:
            True if it had not been handed to speech yet (it then counts as started, as a skipped one).
        """
        for item in self._queue:
            if item.utterance is utterance:
                self._queue.remove(item)
                item.withdrawn = True
                _started(item)
                _ended(item)
                self._wake.set()
                if not self._queue and (self._current is None or self._current_said):
                    self._told.set()
                return not item.cut
        current = self._current
        if current is not None and current.utterance is utterance:
            current.withdrawn = True
            return not self._current_said
        return False

    def withdraw_waiting(self, part: str) -> int:
        """Take back the wrong keys' sentences still waiting to be said that contain ``part`` (they repeat a
        question that has just been answered: "Please press Y or N. Play again ...?" after N). Returns how
        many were taken back."""
        kept = [text for text in self._later if part not in text]
        dropped = len(self._later) - len(kept)
        self._later = kept
        return dropped

    async def told(self) -> None:
        """Wait until every queued game message has been handed to speech (the last may still be being
        said), skipped or taken back: a game message added then comes after them all, and nothing said
        after this can come before one of them."""
        await self._told.wait()

    async def drained(self) -> None:
        """Wait until every queued game message has been said to its end (or skipped), and the speech
        under way, answers included, has ended: the moment a computer player may move."""
        await self._idle.wait()

    def said_before(self, text: str) -> None:
        """``text`` was handed to speech before this presenter started (``play``'s first sentence, said
        before the screens were imported): the next message waits for its end as for one of its own, by the
        backend's word or, for a backend that cannot tell, the estimate from now."""
        self._speech_ends = max(self._speech_ends, self.clock() + self._estimate(text))

    def hold(self, held: bool) -> None:
        """Pause (True) or resume (False) the game messages: while held, none is started, and one that an
        answer cuts waits, whole, for the resume. Answers are said as ever."""
        self._held = held
        self._wake.set()

    def take_skipped(self) -> int:
        """How many game messages the player skipped since the last call (for a catch-up summary)."""
        skipped, self._skipped = self._skipped, 0
        return skipped

    # --- the player's side ----------------------------------------------------------------------------

    def answer(self, text: str, *, interrupt: bool = True) -> None:
        """Say what the player asked for.

        Args:
            text: the answer, translated.
            interrupt: True (a key's answer) says it at once; a game message it cuts is said again, whole,
                after it. False (a wrong key's sentence) queues it behind the speech under way, cutting
                nothing.
        """
        if self.speaker.answers_apart:
            # Answers reach the player apart from the game messages (a page's live regions): a wrong key's
            # sentence too goes at once, and no game message is cut, said again or held back for them.
            self._say(text, interrupt=True, paced=False)
            return
        speaking = self._is_speaking()
        self._idle.clear()
        self._wake.set()
        if not interrupt and speaking:
            if text not in self._later:  # the same sentence waiting already: said once
                self._later.append(text)  # said by the loop once the speech under way has ended
            return
        if self._current is not None and self._current_said:
            # What the backend says from now on is this answer: the game message before it was either cut
            # (said again, whole, after the answer) or had ended already (the loop has not looked yet).
            if speaking and not self._current.withdrawn:
                self._current.cut = True
                self._queue.insert(0, self._current)
            else:
                _ended(self._current)
            self._current = None
        self._say(text, interrupt=interrupt)

    def say_last(self, text: str) -> None:
        """Say ``text``, the last sentence of a screen that ends: after the game messages still waiting or
        being said (one an answer cut is said again first), cutting none; at once, cutting what is being
        said, when no game message is (an answer, or a question taken back with :meth:`withdraw`)."""
        current = self._current
        under_way = (
            current is not None and not current.withdrawn and (not self._current_said or self._is_speaking())
        )
        if self._queue or under_way:
            self.add(Utterance(text))
        else:
            self.answer(text)

    def skip(self) -> int:
        """The player chose quiet (Q): stop speech and cues now and skip every game message not yet said
        whole. They all stay in the history. Returns how many were skipped (for the sentence that says so).
        """
        skipped = list(self._queue)
        # A sentence handed to a page's live region is the screen reader's: it cannot be taken back, so it
        # is not counted as skipped.
        handed = self._current_said and self.speaker.answers_apart
        if self._current is not None and (not self._current_said or (self._is_speaking() and not handed)):
            skipped.insert(0, self._current)
        elif self._current is not None:  # said to its end already (the loop has not looked yet)
            _ended(self._current)
        self._queue = []
        self._later = []
        self._current = None
        self._generation += 1
        self.speaker.silence()
        if self.sound is not None:
            self.sound.stop()
        self._speech_ends = 0.0
        self._cues_end = 0.0
        for item in skipped:
            _started(item)
            _ended(item)
        self._skipped += len(skipped)
        self._told.set()
        self._wake.set()
        return len(skipped)

    # --- the loop -------------------------------------------------------------------------------------

    def _is_speaking(self) -> bool:
        """Whether speech is under way: the backend's word, else the estimate."""
        speaking = self.speaker.speaking() if self._trust_backend else None
        if speaking is None:
            return self.clock() < self._speech_ends
        return speaking

    def _estimate(self, text: str) -> float:
        wps = WORDS_PER_SECOND.get(self.speaker.mode)
        if wps is None:
            return 0.0
        if self.speaker.mode == SpeechMode.TTS:
            wps *= 1 + 0.1 * self.rate()
        return len(text.split()) / max(wps, 0.5)

    async def _speech_ended(self) -> None:
        """Wait until nothing is being said (answers included), by the backend's word or the estimate."""
        started = self.clock()
        while self._is_speaking():
            if self.clock() - started > max(self._speech_ends - started, 0.0) + STALL_SECONDS:
                log.warning("Speech backend %r never reported its end; estimating now", self.speaker.mode)
                self._trust_backend = False
                return
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), POLL_SECONDS)

    def _say(
        self,
        text: str,
        *,
        interrupt: bool,
        printed: bool = True,
        message: Utterance | None = None,
        paced: bool = True,
    ) -> None:
        """Hand ``text`` to speech (``message``: the game message it is), and estimate when it ends (for
        backends that cannot tell; not for an answer said apart, ``paced`` False)."""
        self.speaker.speak(text, interrupt=interrupt, printed=printed)
        if paced:
            now = self.clock()
            start = now if interrupt else max(now, self._speech_ends)
            self._speech_ends = start + self._estimate(text)
        if self.on_handed is not None:
            try:
                self.on_handed(text, message)
            except Exception:  # a listener must never stop the presenter
                log.exception("A listener of the speech failed")

    async def _run(self) -> None:
        while True:
            await self._speech_ended()
            if self._current is not None:  # said to its end (a cut one went back to the queue)
                _ended(self._current)
            self._current = None
            resume = bool(self._queue) and self._queue[0].cut and not self._held
            if self._later and not resume:  # a message an answer cut is said again first, then these
                self._say(self._later.pop(0), interrupt=False)
                continue
            if not self._queue or self._held:
                if not self._queue:
                    self._idle.set()
                self._wake.clear()
                await self._wake.wait()
                continue
            item = self._queue.pop(0)
            self._current, self._current_said = item, False
            try:
                await self._present(item)
            except Exception:  # presenting must never end the game
                log.exception("Could not present %r", item.utterance.text)
                _started(item)
                _ended(item)
            if not self._queue:
                self._told.set()

    async def _present(self, item: _Item) -> None:
        generation = self._generation
        if not item.cut:
            await self._play_cues(item)
            if generation != self._generation or item.withdrawn:  # skipped or taken back as its cues played
                _started(item)
                return
            while self._is_speaking() or self._later:  # answers said during the cues end first
                await self._speech_ended()
                if self._later:
                    self._say(self._later.pop(0), interrupt=False)
            if generation != self._generation or item.withdrawn:
                _started(item)
                return
        self._current_said = True
        self._say(item.utterance.text, interrupt=False, printed=not item.cut, message=item.utterance)
        _started(item)

    async def _play_cues(self, item: _Item) -> None:
        if self.sound is None:
            return
        cues = item.utterance.cues
        for index, cue in enumerate(cues):
            place = item.cues.places[index] if index < len(item.cues.places) else None
            try:
                length = self.sound.play(
                    cue,
                    pan=None if place is None else place.pan,
                    to=None if place is None else place.to,
                    dice=item.cues.dice if cue == Cue.DICE else None,
                    seat=item.cues.seat if cue == Cue.TURN else None,
                )
            except ValueError:  # a cue without its seat or dice: skip the sound, never the sentence
                log.exception("Cue %r could not play", cue)
                continue
            if length <= 0:
                continue
            self._cues_end = max(self._cues_end, self.clock() + length)
            if index < len(cues) - 1:
                await asyncio.sleep(DICE_GAP_SECONDS if cue == Cue.DICE else CUE_GAP_SECONDS)
            else:
                await asyncio.sleep(CUE_GAP_SECONDS)
