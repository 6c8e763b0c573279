"""The rules reader: sections read one at a time (main menu, ``lcr-audio rules``, Control+F1 in a game).

Up and Down move between sections (their titles are read), Enter reads the whole section, Escape leaves.
During a game, Control+F1 opens the same sections inside the play screen, with the rules in force first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lcr_audio.engine import Rules
from lcr_audio.i18n import _
from lcr_audio.narration.rules_text import Section, sections
from lcr_audio.tui.input import KeyLoop, Lines, Press, Question, SpeakerVoice, Voice, handles, step_through
from lcr_audio.tui.keys import Command, Context

if TYPE_CHECKING:
    from lcr_audio.tui.host import Host


def section_title(section: Section, index: int, total: int) -> str:
    """A section's title with its place: "Wild dice. 7 of 13."."""
    # Translators: a section title in the rules reader, with its place: "Wild dice. 7 of 13."
    return _("{title}. {place} of {total}.").format(title=section.title, place=index + 1, total=total)


def section_text(section: Section) -> str:
    """A whole section: its title, then its paragraphs."""
    return " ".join((f"{section.title}.", *section.paragraphs))


class Sections:
    """Where the reader is in the rules' sections, and what each move says.

    Args:
        rules: the rules in force (their sections come first), or None for the rules in general.
    """

    def __init__(self, rules: Rules | None) -> None:
        self.parts = sections(rules)
        self.index = 0

    def opening(self) -> str:
        """Said when the reader opens: how it works, then the first section's title."""
        return f"{self.keys_help()} {self.title()}"

    @staticmethod
    def keys_help() -> str:
        """How the reader works: said when it opens, and for a key that does nothing in it."""
        # Translators: said when the rules reader opens, before the first section's title.
        return _("Rules. Up and Down move between sections, Enter reads one, Escape goes back.")

    def title(self) -> str:
        """The current section's title with its place."""
        return section_title(self.parts[self.index], self.index, len(self.parts))

    def go(self, index: int) -> str:
        """Move to section ``index`` (wrapping) and return its title."""
        self.index = index % len(self.parts)
        return self.title()

    def move(self, step: int) -> str:
        """Step ``step`` sections (+1 down, -1 up), wrapping round, and return the title as said (after
        going round, with "Top of the list." or "Bottom of the list." first)."""
        moved = step_through(self.index, step, len(self.parts))
        return moved.said(self.go(moved.index))

    def text(self) -> str:
        """The whole current section."""
        return section_text(self.parts[self.index])


class RulesReader(Lines, Question[None]):
    """The rules reader outside a game, as an input mode; Escape ends it."""

    contexts = frozenset({Context.RULES})

    def __init__(self, voice: Voice, rules: Rules | None) -> None:
        super().__init__(voice)
        self.sections = Sections(rules)

    def opened(self) -> None:
        """How the reader works, and the first section's title."""
        self.voice.answer(self.sections.opening())

    def reminder(self) -> str:
        """The current section's title."""
        return self.sections.title()

    @property
    def line_index(self) -> int:
        """The section under the cursor."""
        return self.sections.index

    @property
    def line_count(self) -> int:
        """How many sections there are."""
        return len(self.sections.parts)

    def place(self, index: int) -> str:
        """Move to section ``index`` (wrapping round) and return its title."""
        return self.sections.go(index)

    @handles(Command.READ_ALL)
    def read_all(self, press: Press) -> None:
        """The whole section."""
        self.voice.answer(self.sections.text())

    @handles(Command.CLOSE)
    def close(self, press: Press) -> None:
        """Leave the reader."""
        # Translators: said when the rules reader closes, back in the main menu.
        self.voice.answer(_("Rules closed."))
        self.finish(None)

    def unbound(self, press: Press) -> None:
        """Any other key: how the reader works."""
        self.voice.error(self.sections.keys_help())


async def read_rules(loop: KeyLoop, voice: Voice, rules: Rules | None) -> None:
    """Read the rules (in force first when ``rules`` is given) until Escape."""
    await loop.ask(RulesReader(voice, rules))


async def run_rules_reader(app: Host, rules: Rules | None) -> None:
    """``lcr-audio rules`` and the main menu's Rules."""
    async with KeyLoop(app.keys) as loop:
        await read_rules(loop, SpeakerVoice(app.speaker, app.sound), rules)
