"""The options menu, open during play with O (DESIGN.md §3, issue: speech and sound).

Up and Down move through the options, Left and Right change the one read, Escape or Enter close the menu.
Every change takes effect at once and is remembered (settings.json).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from babel.numbers import format_decimal, format_percent

from lcr_audio.i18n import (
    _,
    available_languages,
    language,
    language_name,
    ngettext,
    set_language,
    system_language,
)
from lcr_audio.output.sound import SoundPlayer
from lcr_audio.output.speech import Speaker, SpeechMode
from lcr_audio.settings import PAUSE, RATE, VOLUME, Settings
from lcr_audio.tui.input import Press, Question, Voice, handles, step_through
from lcr_audio.tui.keys import IN_BROWSER, Command, Context
from lcr_audio.verbosity import Verbosity


@dataclass
class Item:
    """One line of the menu: its name, how its value is read, and how it changes.

    Attributes:
        title: the option's name as spoken.
        value: the current value as spoken.
        change: moves the value one step (``+1`` right, ``-1`` left) in a settings object.
        changed: gives a sentence said after the new value (None: nothing), or None (the speech mode: from
            the next start).
    """

    title: Callable[[], str]
    value: Callable[[Settings], str]
    change: Callable[[Settings, int], None]
    changed: Callable[[], str | None] | None = None


def _cycle(options: Sequence[object], current: object, step: int) -> object:
    index = options.index(current) if current in options else 0
    return options[(index + step) % len(options)]


def _on_off(value: bool) -> str:
    # Translators: the two values of an on/off option in the options menu.
    return _("on") if value else _("off")


def verbosity_name(verbosity: Verbosity) -> str:
    """The spoken name of a verbosity level."""
    return {
        # Translators: verbosity level: one turn in about a dozen words.
        Verbosity.BRIEF: _("brief"),
        # Translators: verbosity level: says where each chip went.
        Verbosity.NORMAL: _("normal"),
        # Translators: verbosity level: adds the number of dice and what each face means.
        Verbosity.FULL: _("full"),
    }[verbosity]


SPEECH_CHOICES = (SpeechMode.AUTO, SpeechMode.SCREEN_READER, SpeechMode.TTS, SpeechMode.CONSOLE)
"""The speech modes the Options menu offers (``silent``, for tests, only on the command line)."""


def speech_name(mode: SpeechMode) -> str:
    """The spoken name of a speech mode."""
    return {
        # Translators: speech mode (Options): the screen reader if one runs, else the game's own voice.
        SpeechMode.AUTO: _("automatic"),
        # Translators: speech mode (Options): through the player's screen reader (NVDA, JAWS, Orca).
        SpeechMode.SCREEN_READER: _("screen reader"),
        # Translators: speech mode (Options): the game speaks with the system's text-to-speech voice.
        SpeechMode.TTS: _("the game's own voice"),
        # Translators: speech mode (Options): the game only prints; the player's screen reader reads it.
        SpeechMode.CONSOLE: _("printed lines only"),
        # Translators: speech mode: nothing spoken or printed (for tests).
        SpeechMode.SILENT: _("silent"),
    }[mode]


BROWSER_SPEECH_CHOICES = (SpeechMode.SCREEN_READER, SpeechMode.TTS)
"""The speech outputs a browser page offers (:data:`lcr_audio.tui.keys.IN_BROWSER`): the player's screen
reader through the page's live regions, or the browser's own voice; both take effect at once."""


def _browser_speech_name(mode: SpeechMode) -> str:
    """The spoken name of a speech output in a browser page."""
    if mode == SpeechMode.TTS:
        # Translators: speech output (Options) in a browser page: the browser speaks with its own voice.
        return _("the browser's own voice")
    # Translators: speech output (Options) in a browser page: the player's screen reader reads the page.
    return _("your screen reader")


def _braille_value(on: bool, reaches: bool) -> str:
    """The Braille line's value: "on" only when a braille display is really reached."""
    if on and not reaches:
        # Translators: the Braille option's value when it is on but the speech output in use reaches no
        # braille display (the game's own voice, printed lines, or Linux without Orca's D-Bus service).
        return _("on, but this speech output reaches no braille display")
    return _on_off(on)


def _sounds_value(on: bool, device: bool) -> str:
    """The Sounds line's value: "on" only when a sound device plays the cues."""
    if on and not device:
        # Translators: the Sounds option's value when sounds are on but no sound device could be opened
        # (read after "Sounds:").
        return _("on, but no sound device was found")
    return _on_off(on)


def _speech_value(saved: SpeechMode, now: SpeechMode | None) -> str:
    """The Speech output line's value: the mode saved, and the one in force for this run when they differ
    (``--speech`` given on the command line, or the saved mode changed during this run)."""
    if now is None or now == saved:
        return speech_name(saved)
    # Translators: the Speech output option's value when the game speaks one way now (chosen with --speech,
    # or before the option was changed) and will speak another way from its next start; {now} and {saved}
    # are speech modes ("printed lines only", "automatic", "screen reader", "the game's own voice").
    return _("{now} for this run; {saved} from the next start").format(
        now=speech_name(now), saved=speech_name(saved)
    )


def items(
    voices: Sequence[tuple[str, str]] = (),
    on_language: Callable[[str], object] = lambda _code: None,
    brailles: Callable[[], bool] = lambda: True,
    sound_device: Callable[[], bool] = lambda: True,
    speech_now: SpeechMode | None = None,
) -> list[Item]:
    """The menu's lines. ``voices`` are the game's own voice's ``(id, name)`` pairs (empty: no voice line);
    ``on_language`` gets the language code put in force when the Language line changes (for speech);
    ``brailles`` tells whether the speech output in use reaches a braille display (``Speaker.brailles``),
    so that the Braille line never says "on" when nothing is shown; ``sound_device`` whether a sound device
    plays the cues (``SoundPlayer.available``), so that the Sounds line never says "on" when nothing is
    heard; ``speech_now`` is the speech mode in force for this run (``--speech``, else the one saved at
    start; ``Speaker.requested``), None when unknown: the Speech output line names it when it differs from
    the one saved."""

    def change_verbosity(s: Settings, step: int) -> None:
        levels = list(Verbosity)
        s.verbosity = levels[(levels.index(s.verbosity) + step) % len(levels)]

    def change_rate(s: Settings, step: int) -> None:
        s.rate = RATE.moved(s.rate, step)

    def change_volume(s: Settings, step: int) -> None:
        s.volume = VOLUME.moved(s.volume, step)

    def change_pause(s: Settings, step: int) -> None:
        s.pause = PAUSE.moved(s.pause, step)

    browser = IN_BROWSER.get()

    def change_speech(s: Settings, step: int) -> None:
        choices = BROWSER_SPEECH_CHOICES if browser else SPEECH_CHOICES
        current = s.speech if s.speech in choices or not browser else SpeechMode.SCREEN_READER
        s.speech = SpeechMode(str(_cycle(choices, current, step)))

    def next_start() -> str:
        # Translators: said after the speech mode changed in the options menu.
        return _("The game speaks this way from its next start.")

    def speech_changed() -> str | None:
        if browser:  # the page changes at once
            return None
        return next_start() if speech_now is None else None  # the value says it: "... from the next start"

    def toggle(name: str) -> Callable[[Settings, int], None]:
        return lambda s, _step: setattr(s, name, not getattr(s, name))

    def seconds(value: float) -> str:
        # Translators: a pause in seconds, in the options menu; {seconds} may have a decimal point.
        return ngettext("{seconds} second", "{seconds} seconds", 1 if value == 1 else 2).format(
            seconds=format_decimal(value, locale=language())
        )

    lines = [
        # Translators: options menu line: how much each turn says.
        Item(lambda: _("Verbosity"), lambda s: verbosity_name(s.verbosity), change_verbosity),
        # Translators: options menu line: the game's own voice's speed; {rate} is a signed number.
        Item(lambda: _("Speech rate"), lambda s: f"{s.rate:+d}" if s.rate else "0", change_rate),
        # Translators: options menu line: sound cues on or off.
        Item(lambda: _("Sounds"), lambda s: _sounds_value(s.sounds, sound_device()), toggle("sounds")),
        # Translators: options menu line: the volume of the sound cues; the value is a percentage.
        Item(lambda: _("Volume"), lambda s: format_percent(s.volume, locale=language()), change_volume),
        # Translators: options menu line: how long computer players wait before they play.
        Item(lambda: _("Computer players' pause"), lambda s: seconds(s.pause), change_pause),
        # Translators: options menu line: in screen-reader mode, also print every message.
        Item(lambda: _("Print messages in screen-reader mode"), lambda s: _on_off(s.echo), toggle("echo")),
        # Translators: options menu line: send every message to the braille display.
        Item(lambda: _("Braille"), lambda s: _braille_value(s.braille, brailles()), toggle("braille")),
        Item(
            # Translators: options menu line: how the game speaks (screen reader, own voice, printed lines).
            lambda: _("Speech output"),
            lambda s: _browser_speech_name(s.speech) if browser else _speech_value(s.speech, speech_now),
            change_speech,
            speech_changed,
        ),
    ]
    if (
        browser
    ):  # printing and braille are the terminal's: the page shows every line, the screen reader brailles
        del lines[5:7]
    codes = ["", *available_languages()]

    def change_language(s: Settings, step: int) -> None:
        s.language = str(_cycle(codes, s.language, step))
        on_language(set_language(s.language or system_language()))

    def language_label(s: Settings) -> str:
        if not s.language and browser:
            # Translators: the Language option's value in a browser page that follows the browser's language.
            return _("the browser's, {name}").format(name=language_name(system_language()))
        if not s.language:
            # Translators: the Language option's value when the game follows the system's language.
            return _("the system's, {name}").format(name=language_name(system_language()))
        return language_name(s.language)

    # Translators: options menu line: the game's language; each value is named in its own language.
    lines.insert(1, Item(lambda: _("Language"), language_label, change_language))
    if voices:
        ids = ["", *[v for v, _name in voices]]
        names = dict(voices)

        def change_voice(s: Settings, step: int) -> None:
            s.voice = str(_cycle(ids, s.voice, step))

        def voice_label(s: Settings) -> str:
            # Translators: the Voice option's value for the system's default voice.
            default = _("system default")
            return names.get(s.voice, default)

        # Translators: options menu line: the game's own voice (tts mode).
        voice = Item(lambda: _("Voice"), voice_label, change_voice)
        lines.insert(2, voice)
    return lines


class SettingsApplier:
    """Puts changed settings into force for speech and sound, one field at a time (the play screen and the
    main menu share it). Only what changed is applied: re-applying an unchanged voice, say, would undo the
    voice picked for the language.

    Args:
        settings: the settings as they are in force now (a copy is kept to compare with).
        speaker: speech output.
        sound: the cue player, or None.
    """

    def __init__(self, settings: Settings, speaker: Speaker, sound: SoundPlayer | None) -> None:
        self.speaker = speaker
        self.sound = sound
        self._applied = dataclasses.replace(settings, progress=dict(settings.progress))

    def apply(self, settings: Settings) -> set[str]:
        """Apply what differs from the last call; returns the names of the fields that changed."""
        old, changed = self._applied, set()
        for field in dataclasses.fields(Settings):
            if getattr(old, field.name) != getattr(settings, field.name):
                changed.add(field.name)
        if "echo" in changed:
            self.speaker.echo = settings.echo
        if "braille" in changed:
            self.speaker.braille = settings.braille
        if "rate" in changed:
            self.speaker.set_rate(settings.rate)
        if "voice" in changed:
            self.speaker.set_voice(settings.voice)
        if self.sound is not None:
            self.sound.enabled = settings.sounds
            self.sound.volume = settings.volume
        self._applied = dataclasses.replace(settings, progress=dict(settings.progress))
        return changed


class OptionsMenu:
    """The menu's position and the text to say for each key.

    Args:
        settings: changed in place.
        apply: called after every change with the settings (apply to speech and sound, then save).
        voices: the game's own voice's ``(id, name)`` pairs.
        on_language: gets the new language code when the player changes the Language line (the game's
            messages follow at once; this puts speech in the same language). Only that line changes the
            language, so a language chosen with ``--lang`` stays until the player picks another.
        brailles: whether the speech output in use reaches a braille display (``Speaker.brailles``).
        sound_device: whether a sound device plays the cues (``SoundPlayer.available``).
        speech_now: the speech mode in force for this run (``Speaker.requested``), None when unknown.
    """

    def __init__(
        self,
        settings: Settings,
        apply: Callable[[Settings], None],
        voices: Sequence[tuple[str, str]] = (),
        on_language: Callable[[str], object] = lambda _code: None,
        brailles: Callable[[], bool] = lambda: True,
        sound_device: Callable[[], bool] = lambda: True,
        speech_now: SpeechMode | None = None,
    ) -> None:
        self.settings = settings
        self.apply = apply
        self.items = items(voices, on_language, brailles, sound_device, speech_now)
        self.index = 0

    def line(self) -> str:
        """The current line: "Verbosity: normal. 1 of 7."."""
        item = self.items[self.index]
        # Translators: one line of the options menu: name, value, position.
        return _("{option}: {value}. {place} of {total}.").format(
            option=item.title(), value=item.value(self.settings), place=self.index + 1, total=len(self.items)
        )

    def opening(self) -> str:
        """What is said when the menu opens."""
        # Translators: said when the options menu opens, before its first line.
        return _("Options. Up and Down move, Left and Right change, Escape closes.") + " " + self.line()

    def move(self, step: int) -> str:
        """Go to the next (+1) or previous (-1) line, wrapping round, and return it (after going round,
        with "Top of the list." or "Bottom of the list." first)."""
        moved = step_through(self.index, step, len(self.items))
        return moved.said(self.go(moved.index))

    def go(self, index: int) -> str:
        """Go to line ``index`` (wrapping round: -1 is the last, as End goes) and return it."""
        self.index = index % len(self.items)
        return self.line()

    def change(self, step: int) -> str:
        """Change the current line's value by one step, apply it, and return the new value as spoken."""
        item = self.items[self.index]
        item.change(self.settings, step)
        self.apply(self.settings)
        # Translators: said after an option's value changed in the options menu.
        text = _("{option}: {value}.").format(option=item.title(), value=item.value(self.settings))
        more = item.changed() if item.changed is not None else None
        return f"{text} {more}" if more else text


class SettingsMenu(Question[None]):
    """The options menu outside a game, as an input mode: Up/Down move, Left/Right change, Escape or Enter
    close.

    Args:
        voice: where it speaks.
        options: the menu's position and texts.
    """

    contexts = frozenset({Context.SETTINGS})

    def __init__(self, voice: Voice, options: OptionsMenu) -> None:
        super().__init__(voice)
        self.options = options

    def opened(self) -> None:
        """How the menu works, and its first line."""
        self.voice.answer(self.options.opening())

    def reminder(self) -> str:
        """The current line."""
        return self.options.line()

    @handles(Command.NEXT_LINE)
    def next_line(self, press: Press) -> None:
        """The next option."""
        self.voice.answer(self.options.move(+1))

    @handles(Command.PREVIOUS_LINE)
    def previous_line(self, press: Press) -> None:
        """The previous option."""
        self.voice.answer(self.options.move(-1))

    @handles(Command.FIRST_LINE)
    def first_line(self, press: Press) -> None:
        """The first option."""
        self.voice.answer(self.options.go(0))

    @handles(Command.LAST_LINE)
    def last_line(self, press: Press) -> None:
        """The last option."""
        self.voice.answer(self.options.go(-1))

    @handles(Command.INCREASE)
    def increase(self, press: Press) -> None:
        """The option's value up."""
        self.voice.answer(self.options.change(+1))

    @handles(Command.DECREASE)
    def decrease(self, press: Press) -> None:
        """The option's value down."""
        self.voice.answer(self.options.change(-1))

    @handles(Command.CLOSE)
    def close(self, press: Press) -> None:
        """Close the menu."""
        # Translators: said when the options menu closes.
        self.voice.answer(_("Options closed."))
        self.finish(None)

    def unbound(self, press: Press) -> None:
        """Any other key: how the menu works."""
        self.voice.error(self.options.opening())
