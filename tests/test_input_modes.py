"""The one input layer outside a game (issue 10, items 5 and 6), driven by keys through a pipe: the main
menu asks before the program ends, F1 opens a key list stepped one key at a time, the rules reader's help
and behaviour agree, and a yes typed before its question never answers it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from prompt_toolkit.input import PipeInput
from support.app import make_app
from support.keys import DOWN, ENTER, ESCAPE, F1, KeyDriver, keys_taken

from lcr_audio.narration.rules_text import sections
from lcr_audio.tui.keys import Context, help_entries
from lcr_audio.tui.main_menu import run_main_menu

MENU = "Left Right Center. Main menu. New game. 1 of 7. Up and Down move, Enter chooses, Escape goes back."


class Program(KeyDriver[None]):
    """The main menu running in the test's event loop, fed keys through the pipe."""

    def __init__(self, keys: PipeInput, tmp_path: Path) -> None:
        self.app, recorder = make_app(keys, tmp_path)
        super().__init__(keys, recorder)

    async def start(self) -> None:
        self.run(run_main_menu(self.app))
        await self.until(lambda: MENU in self.texts)


async def leave(program: Program) -> None:
    """Escape, then Y: the program ends with its goodbye."""
    assert await program.press(ESCAPE) == "Leave Left Right Center? Y or N."
    assert await program.press("y") == "Goodbye."
    await asyncio.wait_for(program.task, 60)  # type: ignore[arg-type]


def test_escape_on_the_main_menu_asks_before_leaving(pipe: PipeInput, tmp_path: Path) -> None:
    async def scenario() -> None:
        program = Program(pipe, tmp_path)
        await program.start()
        assert await program.press(DOWN) == "Practice. 2 of 7."
        assert await program.press(ESCAPE) == "Leave Left Right Center? Y or N."
        assert await program.press("n") == MENU.replace("New game. 1 of 7.", "Practice. 2 of 7.")  # stays
        assert await program.press(ESCAPE + "y") == "Leave Left Right Center? Y or N."
        await keys_taken(pipe)  # the y typed with the Escape came before the question: it answers nothing
        assert program.task is not None and not program.task.done()
        assert program.texts[-1] == "Leave Left Right Center? Y or N."
        assert await program.press("y") == "Goodbye."
        await asyncio.wait_for(program.task, 60)

    asyncio.run(scenario())


def test_f1_in_a_menu_is_a_list_stepped_one_key_at_a_time(pipe: PipeInput, tmp_path: Path) -> None:
    async def scenario() -> None:
        program = Program(pipe, tmp_path)
        await program.start()
        entries = help_entries(Context.MENU)
        total = len(entries)
        assert entries[0] == "Down arrow or Tab: the next item."
        opening = await program.press(F1)
        assert opening == f"Keys. Up and Down go through them, Escape closes. {entries[0]} 1 of {total}."
        assert await program.press(DOWN) == f"{entries[1]} 2 of {total}."
        assert await program.press(ENTER) == "Up and Down go through the keys, Escape closes the list."
        assert await program.press(ESCAPE) == "Key list closed. New game. 1 of 7."
        assert await program.press(DOWN) == "Practice. 2 of 7."  # the menu has the keys again
        await leave(program)

    asyncio.run(scenario())


def test_the_rules_reader_moves_by_section_as_its_help_says(pipe: PipeInput, tmp_path: Path) -> None:
    async def scenario() -> None:
        program = Program(pipe, tmp_path)
        await program.start()
        parts = sections(None)
        await program.press(DOWN)
        await program.press(DOWN)  # Rules
        opening = await program.press(ENTER)
        assert opening.endswith(f"{parts[0].title}. 1 of {len(parts)}.")
        assert await program.press(DOWN) == f"{parts[1].title}. 2 of {len(parts)}."
        assert "Down arrow, Right arrow or Tab: the next section's title." in help_entries(Context.RULES)
        assert await program.press(F1) == (
            "Keys. Up and Down go through them, Escape closes. "
            f"Down arrow, Right arrow or Tab: the next section's title. 1 of {len(help_entries(Context.RULES))}."
        )
        assert await program.press(ESCAPE) == f"Key list closed. {parts[1].title}. 2 of {len(parts)}."
        assert await program.press(ESCAPE) == "Rules closed."
        await program.until(
            lambda: program.texts[-1].startswith("Left Right Center. Main menu. Rules. 3 of 7.")
        )
        await leave(program)

    asyncio.run(scenario())
