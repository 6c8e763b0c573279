"""The main menu of ``lcr-audio``: new game, practice, rules, scorekeeper for real dice, series, options.

If an unfinished game was saved, the first question is whether to continue it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from prompt_toolkit.keys import Keys

from ..i18n import _
from ..keeper import series_text
from ..saves import LoadedGame, SaveError, load
from ..settings import Settings
from .choice import KeyReader
from .menu import menu
from .options import OptionsMenu, SettingsApplier
from .play import Outcome
from .practice import run_practice
from .reader import read_rules
from .scorekeeper import run_scorekeeper
from .setup import Setup, SetupCancelled

if TYPE_CHECKING:
    from ..app import App


async def run_main_menu(app: App) -> None:
    """Offer the saved game, then the main menu, until the player quits."""
    app.in_menu = True
    offer = await app.offer_saved_game()
    if offer is False:
        return
    if isinstance(offer, LoadedGame) and await app.resume(offer) is Outcome.LEFT:
        return
    start = 0
    while True:
        items = [
            # Translators: main menu item.
            ("new", _("New game")),
            # Translators: main menu item: lessons with questions.
            ("practice", _("Practice")),
            # Translators: main menu item: the rules reader.
            ("rules", _("Rules")),
            # Translators: main menu item: the scorekeeper for a table with real dice.
            ("keep", _("Keep score with real dice")),
            # Translators: main menu item: the series of games of the last table.
            ("series", _("Series scores")),
            # Translators: main menu item.
            ("options", _("Options")),
            # Translators: main menu item.
            ("quit", _("Quit")),
        ]
        async with KeyReader(app.keys) as reader:
            choice = await menu(
                reader,
                app.speaker,
                # Translators: the main menu's title, said before its first item.
                _("Left Right Center. Main menu."),
                items,
                escape="quit",
                start=start,
            )
            start = [key for key, _label in items].index(choice)
            if choice == "rules":
                await read_rules(reader, app, None)
                continue
            if choice == "series":
                app.speaker.speak(_series(app), interrupt=True)
                continue
            if choice == "options":
                await _options(reader, app)
                continue
        if choice == "quit":
            # Translators: said when the player leaves.
            app.speaker.speak(_("Goodbye."))
            return
        try:
            if choice == "practice":
                await run_practice(app)
            elif choice == "keep":
                if await run_scorekeeper(app) is Outcome.LEFT:
                    return
            else:
                rules, players = await Setup(app.speaker, app.console, app.keys, app.output).ask()
                if await app.play_new(rules, players) is Outcome.LEFT:
                    return
        except SetupCancelled:
            app.console.finish_line()


def _series(app: App) -> str:
    try:
        loaded = load(app.save_path)
    except SaveError:
        # Translators: the series scores were asked for before any game was saved.
        return _("No series yet: the scores start with your first game.")
    return series_text(loaded.names, loaded.series)


async def _options(reader: KeyReader, app: App) -> None:
    """The options menu outside a game: Up/Down move, Left/Right change, Escape or Enter close."""

    applier = SettingsApplier(app.settings, app.speaker, app.sound)

    def apply(settings: Settings) -> None:
        if "pause" in applier.apply(settings):  # --fast or --pause hold until the player changes it
            app.pause = settings.pause
        problem = app.remember(settings)
        if problem:
            app.speaker.speak(problem)

    voices = [(v.id, v.name) for v in app.speaker.voices()] if app.speaker.mode == "tts" else []
    options = OptionsMenu(app.settings, apply, voices, app.speaker.set_language)
    app.speaker.speak(options.opening(), interrupt=True)
    while True:
        key = (await reader.next()).key
        if key in (Keys.Escape, Keys.ControlM, Keys.ControlJ):
            # Translators: said when the options menu closes.
            app.speaker.speak(_("Options closed."), interrupt=True)
            return
        if key == Keys.ControlC:
            raise KeyboardInterrupt
        if key == Keys.Down:
            text = options.move(+1)
        elif key == Keys.Up:
            text = options.move(-1)
        elif key == Keys.Right:
            text = options.change(+1)
        elif key == Keys.Left:
            text = options.change(-1)
        else:
            text = options.opening()
        app.speaker.speak(text, interrupt=True)
