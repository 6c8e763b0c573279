"""The main menu of ``lcr-audio``: new game, practice, rules, scorekeeper for real dice, series, options.

If an unfinished game was saved, the first question is whether to continue it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lcr_audio.game.saves import Problem, SaveError, load
from lcr_audio.i18n import _
from lcr_audio.narration.series import series_text
from lcr_audio.output.speech import SpeechMode
from lcr_audio.settings import Settings
from lcr_audio.tui.choice import yes_no
from lcr_audio.tui.host import NotContinued
from lcr_audio.tui.input import KeyLoop, SpeakerVoice
from lcr_audio.tui.menu import Menu
from lcr_audio.tui.menu_text import MenuItem, main_menu_items, main_menu_title
from lcr_audio.tui.options import OptionsMenu, SettingsApplier, SettingsMenu
from lcr_audio.tui.play import Outcome
from lcr_audio.tui.practice import run_practice
from lcr_audio.tui.reader import read_rules
from lcr_audio.tui.scorekeeper import run_scorekeeper
from lcr_audio.tui.setup import Setup, SetupCancelled

if TYPE_CHECKING:
    from lcr_audio.narration.saved_offer import SaidOffer
    from lcr_audio.tui.host import Host


async def run_main_menu(app: Host, *, said: SaidOffer | bool = False) -> None:
    """Offer the saved game, then the main menu, until the player quits.

    ``said``: what the caller already said (:func:`lcr_audio.cli`, before the key input was ready): the
    question about the saved game, which is then not asked again; or True, the menu's opening
    (:func:`lcr_audio.tui.menu_text.main_menu_opening`) with no saved game to ask about, which the menu
    then opens without.
    """
    app.in_menu = True
    answer = NotContinued.NEW if said is True else await app.continue_saved_game(said or None)
    opened = said is True  # the first menu opens without its opening
    if answer in (NotContinued.KEPT, Outcome.LEFT):
        return
    start = 0
    queued = False
    while True:
        items = main_menu_items()
        voice = SpeakerVoice(app.speaker, app.sound)
        async with KeyLoop(app.keys) as loop:
            main = Menu(
                voice,
                main_menu_title(),
                items,
                escape=MenuItem.ESCAPE,
                start=start,
                queued=queued,
                said=opened,
            )
            choice = await loop.ask(main)
            opened = False
            queued = True  # from here on, the menu comes back after a sentence saying what was left
            if choice is MenuItem.ESCAPE:
                # Translators: Escape in the main menu asks before the program ends.
                if not await yes_no(loop, voice, _("Leave Left Right Center? Y or N.")):
                    start, queued = main.index, False  # the menu again, where it was
                    continue
                choice = MenuItem.QUIT
            start = [key for key, _label in items].index(choice)
            if choice is MenuItem.RULES:
                await read_rules(loop, voice, None)
                continue
            if choice is MenuItem.SERIES:
                voice.answer(_series(app))
                continue
            if choice is MenuItem.OPTIONS:
                await _options(loop, app)
                continue
        if choice is MenuItem.QUIT:
            # Translators: said when the player leaves.
            app.speaker.speak(_("Goodbye."))
            return
        try:
            if choice is MenuItem.PRACTICE:
                await run_practice(app)
            elif choice is MenuItem.KEEP_SCORE:
                if await run_scorekeeper(app) is Outcome.LEFT:
                    return
            elif await app.may_start():  # before the questions, not after them all
                rules, players = await Setup(app.speaker, app.console, app.keys).ask()
                if await app.play_new(rules, players) is Outcome.LEFT:
                    return
        except SetupCancelled:
            app.console.finish_line()


def _series(app: Host) -> str:
    latest = app.latest_save()
    try:
        if latest is None:
            raise SaveError("", Problem.MISSING)
        loaded = load(latest)
    except SaveError:
        # Translators: the series scores were asked for before any game was saved.
        return _("No series yet: the scores start with your first game.")
    return series_text(loaded.names, loaded.series)


async def _options(loop: KeyLoop, app: Host) -> None:
    """The options menu outside a game: Up/Down move, Left/Right change, Escape or Enter close."""

    applier = SettingsApplier(app.settings, app.speaker, app.sound)

    def apply(settings: Settings) -> None:
        if "pause" in applier.apply(settings):  # --fast or --pause hold until the player changes it
            app.pause = settings.pause
        problem = app.remember(settings)
        if problem:
            app.speaker.speak(problem)

    voices = [(v.id, v.name) for v in app.speaker.voices()] if app.speaker.mode == SpeechMode.TTS else []
    options = OptionsMenu(
        app.settings,
        apply,
        voices,
        app.speaker.set_language,
        brailles=lambda: app.speaker.brailles,
        sound_device=lambda: app.sound is None or app.sound.available,
        speech_now=app.speaker.requested,
    )
    await loop.ask(SettingsMenu(SpeakerVoice(app.speaker, app.sound), options))
