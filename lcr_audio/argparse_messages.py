"""argparse's own words, listed so that they reach the translators' catalog (issue: every word translated).

argparse prints these itself (``--help``, usage, errors); :func:`lcr_audio.i18n.set_language` points its
gettext functions at ours, and this module only marks the messages for extraction. Each text must stay
exactly as argparse writes it (Python 3.11+).
"""

from __future__ import annotations

from lcr_audio.i18n import N_, Nn_

MESSAGES = (
    # Translators: argparse, the start of the usage line in --help and errors; keep the space at the end.
    N_("usage: "),
    # Translators: argparse, the heading of the options in --help.
    N_("options"),
    # Translators: argparse, the heading of the positional arguments in --help.
    N_("positional arguments"),
    # Translators: argparse, the description of -h/--help.
    N_("show this help message and exit"),
    # Translators: argparse error; %(value)r is what was typed, %(choices)s the allowed values. Keep the
    # %(...)s placeholders exactly.
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    # Translators: argparse error; %(type)s names the expected kind of value, %(value)r what was typed.
    N_("invalid %(type)s value: %(value)r"),
    # Translators: argparse error; %s lists the unknown arguments.
    N_("unrecognized arguments: %s"),
    # Translators: argparse error; %s lists the missing arguments.
    N_("the following arguments are required: %s"),
    # Translators: argparse error: an option needs a value.
    N_("expected one argument"),
    # Translators: argparse error: an option takes at most one value.
    N_("expected at most one argument"),
    # Translators: argparse error: an option needs at least one value.
    N_("expected at least one argument"),
    # Translators: argparse error prefix; %(argument_name)s is an option, %(message)s the problem.
    N_("argument %(argument_name)s: %(message)s"),
    # Translators: argparse error: an abbreviated option matches several; keep the placeholders.
    N_("ambiguous option: %(option)s could match %(matches)s"),
    # Translators: argparse error: an option was given a value it does not take.
    N_("ignored explicit argument %r"),
    # Translators: argparse error: two options that cannot go together.
    N_("not allowed with argument %s"),
    # Translators: argparse error: a subcommand that does not exist; keep the placeholders.
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)

PLURAL_MESSAGES = (
    # Translators: argparse error: an option needs %s values.
    Nn_("expected %s argument", "expected %s arguments"),
)
