"""The new game's setup questions (players, people, names, options) answered by keys through a pipe."""

from __future__ import annotations

import asyncio
import io
from typing import NamedTuple

from prompt_toolkit.input import create_pipe_input

from lcr_audio.engine import Rules
from lcr_audio.output.speech import RecordingBackend, Speaker
from lcr_audio.tui.console import Console
from lcr_audio.tui.setup import Setup


class SetUp(NamedTuple):
    """What the setup ended with, and what it said on the way."""

    rules: Rules
    names: list[str]
    humans: list[bool]
    spoken: list[str]


def run_setup(*key_groups: str, everyone_at_table: bool = False) -> SetUp:
    """Run the setup in its own event loop, sending each group of keys 50 ms after the previous one (time
    for it to be taken); return the table it made and every utterance. ``everyone_at_table``: the
    scorekeeper's setup (every seat a person).

    Raises:
        TimeoutError: the setup had not ended 5 seconds after the last keys.
    """

    async def scenario() -> SetUp:
        with create_pipe_input() as keys:
            recorder = RecordingBackend()
            setup = Setup(
                Speaker([recorder]), Console(io.StringIO()), keys, everyone_at_table=everyone_at_table
            )
            task = asyncio.create_task(setup.ask())
            for group in key_groups:
                await asyncio.sleep(0.05)
                keys.send_text(group)
            rules, players = await asyncio.wait_for(task, 5)
            spoken = [t for t, _ in recorder.spoken]
            return SetUp(rules, [p.name for p in players], [p.human for p in players], spoken)

    return asyncio.run(scenario())
