"""Game messages heard in order: a turn's cues first (the roll, then each chip), then its sentence
(DESIGN.md §3, "Cues and speech are paced so that a turn is heard in order").

Game messages queue and never cut each other off; answers to the player's keys bypass the queue and
interrupt. The presenter also estimates how long the queued speech will take, so computer players wait
for it and a person's turn is never announced behind a long queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..narration import Utterance
from ..sound import SoundPlayer
from ..speech import Speaker

log = logging.getLogger(__name__)

CUE_GAP_SECONDS = 0.14
"""Time between two chip cues of one turn (seconds)."""
DICE_GAP_SECONDS = 0.35
"""Time from the dice cue to the first chip cue (seconds)."""
WORDS_PER_SECOND = {"screen-reader": 4.0, "tts": 2.8}
"""Estimated speaking speed per speech mode; modes not listed (console, silent) are not waited for."""


@dataclass(frozen=True)
class CueArgs:
    """What a cue needs besides its name: the number of dice (``dice``) or the seat number (``turn``)."""

    dice: int | None = None
    seat: int | None = None


NO_CUE_ARGS = CueArgs()


@dataclass
class _Item:
    utterance: Utterance
    cues: CueArgs
    merge_key: str | None
    on_start: Callable[[], None] | None = None


def _started(item: _Item) -> None:
    """Call the item's ``on_start`` once (it was handed to speech, or dropped unsaid)."""
    callback, item.on_start = item.on_start, None
    if callback is not None:
        try:
            callback()
        except Exception:  # a listener must never stop the presenter
            log.exception("An utterance's start callback failed")


class Presenter:
    """Plays and speaks game utterances one after another.

    Args:
        speaker: where sentences go.
        sound: the cue player, or None for no sound.
        rate: a function giving the speech rate step (-10..10) of the game's own voice, for estimates.
    """

    def __init__(
        self, speaker: Speaker, sound: SoundPlayer | None, rate: Callable[[], int] = lambda: 0
    ) -> None:
        self.speaker = speaker
        self.sound = sound
        self.rate = rate
        self._queue: list[_Item] = []
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self._task: asyncio.Task[None] | None = None
        self._speech_ends = 0.0
        self._generation = 0
        """Counts silences: an utterance whose cues were playing when the player silenced is not spoken."""

    def start(self) -> None:
        """Start presenting (inside the running event loop)."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self, *, drain: bool = True) -> None:
        """Stop presenting; with ``drain``, first present what is queued."""
        if drain:
            await self.drained()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def add(
        self,
        utterance: Utterance,
        cues: CueArgs = NO_CUE_ARGS,
        merge_key: str | None = None,
        *,
        on_start: Callable[[], None] | None = None,
    ) -> None:
        """Queue a game utterance (never interrupts).

        ``merge_key`` marks utterances that may be dropped for a summary when the queue is long (computer
        turns); see :meth:`catch_up`. ``on_start`` is called once, when the utterance is handed to speech (a
        question is then "asked": keys pressed before it never answer it), or when it is dropped unsaid.
        """
        self._queue.append(_Item(utterance, cues, merge_key, on_start))
        self._idle.clear()
        self._wake.set()

    def answer(self, text: str) -> None:
        """Say what the player asked for, at once, interrupting speech (the queue is kept)."""
        self.speaker.speak(text, interrupt=True)
        self._speech_ends = time.monotonic() + self._estimate(text)

    def silence(self) -> None:
        """Stop speech and cues now and drop the queue (everything stays in the history)."""
        dropped, self._queue = self._queue, []
        for item in dropped:
            _started(item)
        self._generation += 1
        self.speaker.silence()
        if self.sound is not None:
            self.sound.stop()
        self._speech_ends = 0.0
        self._idle.set()

    def backlog(self) -> float:
        """Estimated seconds until everything queued has been said (0 when not speaking aloud)."""
        queued = sum(self._estimate(item.utterance.text) for item in self._queue)
        return max(0.0, self._speech_ends - time.monotonic()) + queued

    def catch_up(self, threshold: float, summary: str) -> bool:
        """If the backlog is over ``threshold`` seconds, drop the queued mergeable utterances, silence the
        speech under way, and queue ``summary`` instead. Returns True when it did.
        """
        if self.backlog() <= threshold:
            return False
        kept = [item for item in self._queue if item.merge_key is None]
        for item in self._queue:
            if item.merge_key is not None:
                _started(item)
        self._queue = kept
        self._generation += 1  # an item whose cues are playing is dropped too
        self.speaker.silence()
        self._speech_ends = 0.0
        self.add(Utterance(summary))
        return True

    async def drained(self) -> None:
        """Wait until the queue is empty and its last utterance has been handed to speech."""
        await self._idle.wait()

    def _estimate(self, text: str) -> float:
        wps = WORDS_PER_SECOND.get(self.speaker.mode)
        if wps is None:
            return 0.0
        if self.speaker.mode == "tts":
            wps *= 1 + 0.1 * self.rate()
        return len(text.split()) / max(wps, 0.5)

    async def _run(self) -> None:
        while True:
            if not self._queue:
                self._idle.set()
                self._wake.clear()
                await self._wake.wait()
                continue
            item = self._queue.pop(0)
            try:
                await self._present(item)
            except Exception:  # presenting must never end the game
                log.exception("Could not present %r", item.utterance.text)
            if not self._queue:
                self._idle.set()

    async def _present(self, item: _Item) -> None:
        generation = self._generation
        if self.sound is not None:
            for index, cue in enumerate(item.utterance.cues):
                try:
                    length = self.sound.play(
                        cue,
                        dice=item.cues.dice if cue == "dice" else None,
                        seat=item.cues.seat if cue == "turn" else None,
                    )
                except ValueError:  # a cue without its seat or dice: skip the sound, never the sentence
                    log.exception("Cue %r could not play", cue)
                    continue
                if length > 0 and index < len(item.utterance.cues) - 1:
                    await asyncio.sleep(DICE_GAP_SECONDS if cue == "dice" else CUE_GAP_SECONDS)
                elif length > 0:
                    await asyncio.sleep(CUE_GAP_SECONDS)
        if generation != self._generation:  # silenced while its cues played
            _started(item)
            return
        text = item.utterance.text
        self.speaker.speak(text, interrupt=False)
        _started(item)
        now = time.monotonic()
        self._speech_ends = max(now, self._speech_ends) + self._estimate(text)
