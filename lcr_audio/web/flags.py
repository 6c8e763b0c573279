"""``lcr-audio serve``'s options for the browser client (issue 24): kept here, one call from the command
line's parser, so that the command line changes by one line."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from lcr_audio.i18n import _

if TYPE_CHECKING:
    from lcr_audio.game.online.server import TableServer
    from lcr_audio.web.server import WebTabs

IDLE_MINUTES = 30
"""The default of ``--tab-idle-minutes`` (:data:`lcr_audio.web.server.IDLE_SECONDS`)."""


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= 100_000:
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        raise argparse.ArgumentTypeError(_("a whole number from 1 to 100000"))
    return value


def add_web_flags(parser: argparse.ArgumentParser) -> None:
    """Add the browser client's options to ``serve``'s ``parser``."""
    parser.add_argument(
        "--tab-idle-minutes",
        type=_positive,
        metavar="MINUTES",
        default=IDLE_MINUTES,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("minutes a browser page may stay without a key before its game is closed (default 30)"),
    )
    parser.add_argument(
        "--tabs-per-address",
        type=_positive,
        metavar="N",
        default=10,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("browser pages one client address may have open at once (default 10)"),
    )
    parser.add_argument(
        "--tabs",
        type=_positive,
        metavar="N",
        default=200,
        # Translators: command-line help (--help) or message; option names and values stay as they are.
        help=_("browser pages the server holds at once, from every address (default 200)"),
    )


def web_tabs(tables: TableServer, args: argparse.Namespace) -> WebTabs:
    """The browser tabs of ``serve``, with the limits its options give (absent options: the defaults)."""
    from lcr_audio.web.server import WebTabs

    return WebTabs(
        tables,
        idle_seconds=60.0 * getattr(args, "tab_idle_minutes", IDLE_MINUTES),
        per_address=getattr(args, "tabs_per_address", 10),
        max_tabs=getattr(args, "tabs", 200),
    )
