"""Whole games with random keys pressed during the computers' turns, and the check that nothing said was lost
(issue 10: "every game message is either delivered whole after the last interruption or counted in a skip
notice"). Shared by the speech-dispatcher test (tests/test_speech_dispatcher.py) and the game's own voice
test (tests/test_speech_tts.py); each gives its own Speaker and says which messages were heard whole.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from itertools import pairwise

from support.speech import record_speech

from lcr_audio.output.speech import Speaker

RANDOM_KEYS = ("s", "c", "1", "2", "3", "x", "q")
"""Pressed at random during computer turns: review keys (their answers cut speech), a wrong key (its sentence
cuts nothing) and Q (skips). Comma and T are left out: their answers can be word for word a game message."""

SKIP_NOTICE = re.compile(r"(\d+) messages? skipped\.")
"""The start of Q's answer (English), which counts the game messages it skipped."""

WIN = re.compile(r" wins? with ")


async def game_with_random_keys(
    speaker: Speaker, seed: int, rng: random.Random
) -> tuple[list[str], list[tuple[str, bool]]]:
    """One game of a person (seat 1, rolling as soon as asked) and two computer players, one chip each, keys
    pressed at random (``rng``) while the computers play, spoken through ``speaker``, which is then closed
    once it has said everything (at most 10 s).

    Returns:
        The game messages (the play screen's history) and every (text, interrupt) handed to ``speaker``.
    """
    from prompt_toolkit.input import create_pipe_input

    from lcr_audio.engine import Rules
    from lcr_audio.game.seating import table
    from lcr_audio.game.session import Session
    from lcr_audio.tui.play import Outcome, PlayScreen

    said = record_speech(speaker)
    session = Session(Rules(players=3, chips=1), table(3, [], [0]), seed)
    with create_pipe_input() as keys:
        screen = PlayScreen(session, speaker, keys, pause=0.0, new_session=None)
        task = asyncio.create_task(screen.run())
        for _ in range(4000):
            if task.done():
                break
            await asyncio.sleep(rng.uniform(0.005, 0.06))
            if screen.session.human_to_play:
                keys.send_text(" ")  # discarded until the question has been handed to speech
            elif rng.random() < 0.25:
                keys.send_text(rng.choice(RANDOM_KEYS))
        assert await asyncio.wait_for(task, 30) is Outcome.FINISHED
    speaker.close(drain_seconds=10)
    return screen.history, said


def check_nothing_lost(
    game: str, history: list[str], said: list[tuple[str, bool]], whole: Counter[str]
) -> int:
    """Assert that every game message of one game was heard whole or counted in a skip notice, that none was
    heard whole more often than an answer cut it, and that the game has exactly one win.

    Args:
        game: names the game in failure messages.
        history: the game messages, in order (a text may occur more than once).
        said: every (text, interrupt) handed to speech, in order.
        whole: how often each text was heard whole (texts that are no game message are ignored).

    Returns:
        How many game messages the skip notices counted.
    """
    messages = Counter(history)
    heard = Counter({text: count for text, count in whole.items() if text in messages})
    # An answer cuts the game message under way (the text handed to speech just before an interrupting one),
    # which is said again after it. A message whose end came just as the key did (the backend had not said
    # so yet) is said again too: so a message may be heard whole once more than it was cut, never otherwise.
    cuts = Counter(text for (text, _i), (_t, interrupt) in pairwise(said) if interrupt and text in messages)
    repeated = {
        text: heard[text] - messages[text] for text in heard if heard[text] > messages[text] + cuts[text]
    }
    assert not repeated, f"{game}: heard whole more often than it was cut: {repeated}; said: {said[-6:]}"
    skipped = sum(int(m.group(1)) for text, _i in said if (m := SKIP_NOTICE.match(text)))
    unheard = messages - heard  # each text's occurrences not heard whole (a repeat of one hides no other)
    lost = sum(unheard.values()) - skipped
    # A message that ended just as Q was pressed may be both whole and counted (lost < 0); never lost.
    assert lost <= 0, f"{game}: {lost} game messages lost; not heard whole: {unheard}; {skipped} skipped"
    assert sum(WIN.search(text) is not None for text in history) == 1, f"{game}: not exactly one win"
    return skipped
