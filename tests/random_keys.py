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
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise

from support.keys import keys_taken
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
            await asyncio.sleep(rng.uniform(0.005, 0.06))  # a random-key driver's pacing: random on purpose
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


# --- the end of a game (issue 21, item 4) -------------------------------------------------------------------

AGAIN = "Play again with the same table? Y or N."
"""The question at a game's end (English)."""
NO_MORE = "No more games at this table."
"""The one sentence that answers N to it."""
END_KEYS = ("s", "c", "1", "2", "x", "t", ",", " ")
"""Pressed at random during a game's last messages, until the question was heard: review keys (their answers
cut speech) and keys that do nothing there (their sentences wait, and repeat the question once it is
open). Q is left out: it would skip the winner's sentence, whose place before the question is checked."""
EARLY_KEYS = ("y", "n")
"""Also pressed at random until the winner's sentence is handed to speech: too early for the question (at
least two messages away), they are dropped with a soft cue."""


@dataclass
class GameEnd:
    """What happened at the end of one game (or two: Y plays another) of :func:`game_end_with_random_keys`.

    Attributes:
        said: every (text, interrupt) handed to speech, in order.
        after_heard: each Y or N pressed after the question had been heard whole (captured by the backend):
            the key, whether it was taken, and the texts handed to speech after it.
        early: Y and N pressed before the winner's sentence was handed to speech.
        answered_early: games whose question an early Y or N answered (read after the question was handed
            to speech: possible only if the machine stalled the key loop for the length of two messages).
        starts: where each game begins in ``said``.
        history: the game messages of the last game (the play screen's history).
        outcome: how the screen ended.
    """

    said: list[tuple[str, bool]]
    starts: list[int] = field(default_factory=lambda: [0])
    history: list[str] = field(default_factory=list)
    after_heard: list[tuple[str, bool, list[str]]] = field(default_factory=list)
    early: int = 0
    answered_early: int = 0
    outcome: object = None


async def game_end_with_random_keys(
    speaker: Speaker,
    seed: int,
    rng: random.Random,
    heard: Callable[[], list[str]],
    slow: Callable[[bool], None] = lambda _on: None,
) -> GameEnd:
    """One game of a person (seat 1, rolling as soon as asked) and two computer players, one chip each, with
    play again offered; once the game is over, keys pressed at random (``rng``, from :data:`END_KEYS`)
    during its last messages until the question has been heard whole (``heard()`` gives the texts the
    backend has said whole so far), then Y (the first game, 1 time in 5) or N. After a Y the next game is
    played the same way and ended with N. ``speaker`` is closed once it has said everything (at most 10 s).
    ``slow(True)`` is called as each game's last messages begin (the backend may then take its time, so
    that keys can cut them), ``slow(False)`` as the next game begins.
    """
    from prompt_toolkit.input import create_pipe_input

    from lcr_audio.engine import Rules
    from lcr_audio.game.seating import table
    from lcr_audio.game.session import Session
    from lcr_audio.tui.play import PlayScreen

    def next_game(previous: Session) -> Session:
        return Session(previous.rules, previous.players, previous.rng.randrange(2**31))

    said = record_speech(speaker)
    end = GameEnd(said)
    session = Session(Rules(players=3, chips=1), table(3, [], [0]), seed)
    with create_pipe_input() as keys:
        screen = PlayScreen(session, speaker, keys, pause=0.0, new_session=next_game)
        task = asyncio.create_task(screen.run())
        games = 1
        game, said_start = screen.session, 0  # the game under way; where it starts in ``said``
        start: int | None = len(heard())  # and in what the backend said whole (None: not yet known)
        slowly = False
        for _ in range(3000):  # about a minute: a game that takes longer is stuck
            await asyncio.sleep(rng.uniform(0.005, 0.04))  # a random-key driver's pacing: random on purpose
            if task.done():
                end.answered_early += not end.after_heard or end.after_heard[-1][0] == "y"
                break
            if screen.session is not game:  # an early Y was taken: the next game
                end.answered_early += 1
                games, game, start, said_start = games + 1, screen.session, None, len(said)
                end.starts.append(said_start)
                continue
            if start is None:  # a new game: no key until its opening was said whole, after all before it
                lines, opening = heard(), screen.history[screen.lines_before[0]]
                asked = max((i for i, line in enumerate(lines) if AGAIN in line), default=-1)
                start = next((i for i in range(asked + 1, len(lines)) if lines[i] == opening), None)
                continue
            if screen.state.over is not slowly:
                slowly = screen.state.over
                slow(slowly)
            if not screen.state.over:
                if screen.session.human_to_play:
                    keys.send_text(" ")  # discarded until the question has been handed to speech
                continue
            if not any(AGAIN in line for line in heard()[start:]):  # the last messages: random keys
                if rng.random() < 0.5:
                    told = any(WIN.search(text) for text, _i in said[said_start:])
                    key = rng.choice(END_KEYS + (() if told else EARLY_KEYS))
                    end.early += key in EARLY_KEYS
                    keys.send_text(key)
                continue
            answer = "y" if games == 1 and rng.random() < 0.2 else "n"
            await keys_taken(keys)  # what answers the random keys sent before is not the answer's
            before = len(said)
            keys.send_text(answer)  # pressed after the question was heard: it must be taken

            def took(answer: str = answer, game: Session = game) -> bool:
                return task.done() if answer == "n" else screen.session is not game

            for _wait in range(1000):  # up to 10 s on a loaded machine
                if took():
                    break
                await asyncio.sleep(0.01)  # a poll, up to the limit
            end.after_heard.append((answer, took(), [text for text, _i in said[before:]]))
            if not took():
                break
            if answer == "y":
                games, game, start, said_start = games + 1, screen.session, None, len(said)
                end.starts.append(said_start)
        if not task.done():
            keys.send_text("\x03")  # a failed game leaves no screen running
        end.outcome = await asyncio.wait_for(task, 30)
        end.history = screen.history
    speaker.close(drain_seconds=10)
    return end


def check_game_end(game: str, end: GameEnd, captured: list[str]) -> None:
    """Assert that in each game the winner's sentence came before any sentence that holds the play-again
    question (in what was handed to speech; in what the backend said whole, for the first game), that every
    Y or N pressed after the question was heard was taken, and that N left with one sentence, said once:
    after it only game messages an answer had cut, said again, then "No more games at this table."."""
    texts = [text for text, _i in end.said]
    for begin, stop in pairwise([*end.starts, len(texts)]):
        segment = texts[begin:stop]
        asked = next((i for i, text in enumerate(segment) if AGAIN in text), len(segment))
        assert any(WIN.search(text) for text in segment[:asked]), (
            f"{game}: the question came first: {segment}"
        )
    asked = next((i for i, text in enumerate(captured) if AGAIN in text), len(captured))
    assert any(WIN.search(text) for text in captured[:asked]), (
        f"{game}: the question was heard first: {captured}"
    )
    assert end.after_heard or end.answered_early, f"{game}: the question was never heard: {texts[-6:]}"
    for answer, taken, after in end.after_heard:
        assert taken, f"{game}: {answer.upper()} pressed after the question was heard was dropped: {after}"
    if end.after_heard and end.after_heard[-1][0] == "n":
        after = end.after_heard[-1][2]
        assert after[-1:] == [NO_MORE] and all(text in end.history for text in after[:-1]), f"{game}: {after}"
    assert captured.count(NO_MORE) == 1, f"{game}: {captured[-4:]}"
    assert not any(AGAIN in text for text in captured[captured.index(NO_MORE) :]), f"{game}: {captured[-4:]}"
