"""The new game's setup questions (players, people, names, options) answered through a pipe, each answer
sent once its question has been asked, never on a timer.

:func:`answer_setup` answers by question ("answer 'How many players' with 4"): a question added to the
setup, or one the test did not expect, fails at once with "unexpected question: <the sentence>".
:func:`run_setup` answers whatever is asked next with each group of keys, in order.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from unittest import mock

from prompt_toolkit.input import create_pipe_input

from lcr_audio.engine import Rules
from lcr_audio.game.session import Player
from lcr_audio.output.speech import RecordingBackend, Speaker
from lcr_audio.tui import setup as setup_module
from lcr_audio.tui.console import Console
from lcr_audio.tui.input import KeyLoop, Mode
from lcr_audio.tui.setup import Setup

LIMIT_SECONDS = 60.0
"""How long a step may wait for the setup to ask or end: generous, for a loaded machine; reached only when
the setup hangs, never in a passing run."""


@dataclass(frozen=True)
class SetUp:
    """What the setup ended with, and what it said on the way; unpacks as ``rules, names, humans, spoken``."""

    rules: Rules
    names: list[str]
    humans: list[bool]
    spoken: list[str]
    players: list[Player]

    def __iter__(self) -> Iterator[Any]:
        return iter((self.rules, self.names, self.humans, self.spoken))


class UnexpectedQuestion(AssertionError):
    """The setup asked something the test did not answer."""

    def __init__(self, question: str, expected: str | None = None) -> None:
        told = f" (expected {expected!r})" if expected is not None else " (after the last answer)"
        super().__init__(f"unexpected question: {question}{told}")


@contextmanager
def _questions_asked() -> Iterator[asyncio.Queue[str]]:
    """While open, every question the setup asks (each mode it opens, by its reminder: the question and
    its current value) goes to the queue yielded, in order."""
    asked: asyncio.Queue[str] = asyncio.Queue()

    class ReportingKeyLoop(KeyLoop):
        def push(self, mode: Mode) -> None:
            super().push(mode)
            asked.put_nowait(mode.reminder())

    with mock.patch.object(setup_module, "KeyLoop", ReportingKeyLoop):
        yield asked


async def _next(asked: asyncio.Queue[str], task: asyncio.Task[object], waiting_for: str) -> str | None:
    """The next question asked, or None if the setup ended first.

    Raises:
        TimeoutError: neither within :data:`LIMIT_SECONDS` (the setup hangs); says what was awaited.
    """
    question = asyncio.ensure_future(asked.get())
    done, _ = await asyncio.wait({question, task}, timeout=LIMIT_SECONDS, return_when=asyncio.FIRST_COMPLETED)
    if question in done:
        return question.result()
    question.cancel()
    if task in done:
        return None
    raise TimeoutError(
        f"the setup neither asked nor ended in {LIMIT_SECONDS:.0f} s, waiting for {waiting_for}"
    )


def _run(
    steps: Sequence[tuple[str | None, str]],
    everyone_at_table: bool,
    speaker: Speaker | None = None,
    console: Console | None = None,
) -> SetUp:
    async def scenario() -> SetUp:
        with create_pipe_input() as keys, _questions_asked() as asked:
            recorder = RecordingBackend()
            setup = Setup(
                speaker or Speaker([recorder]),
                console or Console(io.StringIO()),
                keys,
                everyone_at_table=everyone_at_table,
            )
            task: asyncio.Task[object] = asyncio.create_task(setup.ask())
            for expected, answer in steps:
                question = await _next(asked, task, repr(expected) if expected else "a question")
                if question is None:
                    task.result()  # raises what ended the setup, if anything
                    raise AssertionError(
                        f"the setup ended before it asked {expected or 'for ' + repr(answer)}"
                    )
                if expected is not None and not question.startswith(expected):
                    raise UnexpectedQuestion(question, expected)
                keys.send_text(answer)
            question = await _next(asked, task, "the end of the setup")
            if question is not None:
                raise UnexpectedQuestion(question)
            rules, players = task.result()  # type: ignore[misc]
            spoken = [t for t, _ in recorder.spoken]
            return SetUp(rules, [p.name for p in players], [p.human for p in players], spoken, players)

    return asyncio.run(scenario())


def answer_setup(
    *steps: tuple[str, str],
    everyone_at_table: bool = False,
    speaker: Speaker | None = None,
    console: Console | None = None,
) -> SetUp:
    """Run the setup in its own event loop, answering it by question: each step ``(question, keys)``
    waits until the setup asks its next question, checks that it starts with ``question`` and sends
    ``keys`` (``("How many players", "4\\r")``; a refused answer is asked again, so it takes another step).
    Returns the table it made and every utterance. ``everyone_at_table``: the scorekeeper's setup.
    ``speaker`` and ``console``: the test's own (a printing voice, a terminal); what is said is then read
    from the test's backend (``spoken`` is empty).

    Raises:
        UnexpectedQuestion: the setup asked something else, or asked more after the last step ("unexpected
            question: <the sentence>").
        AssertionError: the setup ended before a step's question.
        TimeoutError: the setup hung (:data:`LIMIT_SECONDS`).
    """
    return _run(steps, everyone_at_table, speaker, console)


def run_setup(*key_groups: str, everyone_at_table: bool = False) -> SetUp:
    """Run the setup in its own event loop, answering each question it asks with the next group of keys
    (each group is sent once the setup has asked its question); return the table it made and every
    utterance. ``everyone_at_table``: the scorekeeper's setup (every seat a person). For a test about the
    questions themselves, :func:`answer_setup` names them.

    Raises:
        UnexpectedQuestion: the setup asked more after the last group ("unexpected question: ...").
        AssertionError: the setup ended before every group was sent.
        TimeoutError: the setup hung (:data:`LIMIT_SECONDS`).
    """
    return _run([(None, group) for group in key_groups], everyone_at_table)
