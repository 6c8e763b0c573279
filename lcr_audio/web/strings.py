"""Every sentence of the browser client that is not the game's own (issue 24, item 4): the page's words,
and what the server says to a page, from the game's catalogs in the tab's language."""

from __future__ import annotations

from lcr_audio.i18n import _, ngettext


def page_strings() -> dict[str, str]:
    """Every word the page shows or says itself, in the language in force (the server's catalogs)."""
    return {
        # Translators: the browser page's title and its one heading.
        "title": _("Left Right Center"),
        # Translators: the browser page: the label of the live region where game messages appear.
        "messages": _("Game messages"),
        # Translators: the browser page: the label of the live region for the answers to your keys.
        "answers": _("Answers to your keys"),
        # Translators: the browser page: the heading of the list of everything said so far.
        "history": _("Message history"),
        # Translators: the browser page: the heading of the buttons for the keys that work now.
        "choices": _("Keys that work now"),
        # Translators: the browser page: the heading of the buttons for the lines of the screen in front (a
        # menu's items, the rules' sections, the options, a question's values); a tap chooses or goes there.
        "lines": _("On this screen"),
        # Translators: the browser page: the label of the area that takes the game's keys.
        "keys": _("Game keys"),
        # Translators: the browser page: how to play, shown at the top of the page.
        "help": _(
            "Play with the game's keys, as in the terminal: F1 or the question mark lists the keys that "
            "work. If your screen reader keeps the keys, move to the game keys area or switch to focus mode "
            "(NVDA+Space in NVDA, Insert+Z in JAWS), or use the buttons."
        ),
        # Translators: the browser page: the label of the text box for a typed answer (a name, a number, a
        # chat line), shown when the game asks for one; a phone's keyboard types there.
        "typed": _("Your answer"),
        # Translators: the browser page: the button that sends the typed answer, as Enter does.
        "send": _("Send"),
        # Translators: the browser page: said while the page connects to the game.
        "connecting": _("Connecting to the game."),
        # Translators: the browser page: said once the page is connected to the game.
        "connected": _("Connected: the game's keys work on this page."),
        # Translators: the browser page: the connection to the game was lost.
        "lost": _("The connection to the game was lost. Reload the page to play again."),
        # Translators: the browser page: the player chose the browser's own voice in Options, but this
        # browser offers no voice; the page goes on through the live regions (the player's screen reader).
        "novoice": _("This browser offers no voice of its own; the page goes on for your screen reader."),
        # Translators: the browser page: the player left the game (Quit); the page can be reloaded.
        "ended": _("The game has ended. Reload the page to play again."),
    }


def bad_message_sentence() -> str:
    """Said when a page sends something the game cannot read: nothing changed."""
    # Translators: the browser page sent the game something it cannot read (a bug, or a changed page).
    return _("The game could not read what the page sent; nothing changed. Reload the page if this goes on.")


def idle_sentence(minutes: int) -> str:
    """Said when a tab is closed after ``minutes`` without a key."""
    # Translators: a browser tab was closed after {minutes} minutes without a key press.
    return ngettext(
        "This page was closed after {minutes} minute without a key; reload it to play again.",
        "This page was closed after {minutes} minutes without a key; reload it to play again.",
        minutes,
    ).format(minutes=minutes)


def server_full_sentence() -> str:
    """Said when the server holds as many tabs as it may."""
    # Translators: the server holds as many browser pages as it allows; the page was refused.
    return _("This server has as many game pages open as it allows; try again later.")


def full_sentence() -> str:
    """Said when a tab has been said as much as one visit may hold (its history and files are bounded)."""
    # Translators: a browser tab was closed after a very long visit (tens of thousands of messages), to keep
    # the server's memory bounded; reloading the page starts afresh.
    return _("This page has said as much as one visit may hold; reload it to go on playing.")
