"""The rules reader outside a game (main menu, ``lcr-audio rules``): sections read one at a time.

Up and Down move between sections (their titles are read), Enter reads the whole section, Escape leaves.
During a game, Control+F1 opens the same sections inside the play screen, with the rules in force first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_toolkit.keys import Keys

from ..engine import Rules
from ..i18n import _
from ..rules_text import Section, sections
from .choice import KeyReader

if TYPE_CHECKING:
    from ..app import App


def section_title(section: Section, index: int, total: int) -> str:
    """A section's title with its place: "Wild dice. 7 of 13."."""
    # Translators: a section title in the rules reader, with its place: "Wild dice. 7 of 13."
    return _("{title}. {place} of {total}.").format(title=section.title, place=index + 1, total=total)


def section_text(section: Section) -> str:
    """A whole section: its title, then its paragraphs."""
    return " ".join((f"{section.title}.", *section.paragraphs))


async def read_rules(reader: KeyReader, app: App, rules: Rules | None) -> None:
    """Read the rules (in force first when ``rules`` is given) until Escape."""
    parts = sections(rules)
    index = 0
    # Translators: said when the rules reader opens, before the first section's title.
    opening = _("Rules. Up and Down move between sections, Enter reads one, Escape goes back.")
    app.speaker.speak(f"{opening} {section_title(parts[0], 0, len(parts))}", interrupt=True)
    while True:
        key = (await reader.next()).key
        if key == Keys.Escape:
            return
        if key == Keys.ControlC:
            raise KeyboardInterrupt
        if key in (Keys.Down, Keys.Right, Keys.Tab):
            index = (index + 1) % len(parts)
        elif key in (Keys.Up, Keys.Left, Keys.BackTab):
            index = (index - 1) % len(parts)
        elif key == Keys.Home:
            index = 0
        elif key == Keys.End:
            index = len(parts) - 1
        elif key in (Keys.ControlM, Keys.ControlJ, " "):
            app.speaker.speak(section_text(parts[index]), interrupt=True)
            continue
        else:
            app.speaker.speak(opening, interrupt=True)
            continue
        app.speaker.speak(section_title(parts[index], index, len(parts)), interrupt=True)


async def run_rules_reader(app: App, rules: Rules | None) -> None:
    """``lcr-audio rules`` and the main menu's Rules."""
    async with KeyReader(app.keys) as reader:
        await read_rules(reader, app, rules)
