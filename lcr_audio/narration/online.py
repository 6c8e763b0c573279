"""What an online table says besides the game itself: arrivals, departures, chat, refusals, the join code.

The server sends facts (:mod:`lcr_audio.game.online.protocol`); these sentences turn them into the
player's own language. Names and chat come from the network already cleaned (no escape sequences, limited
length).
"""

from __future__ import annotations

from lcr_audio.game.online.protocol import Notice, Reason
from lcr_audio.i18n import _, ngettext
from lcr_audio.narration.lists import and_list


def stood_in_sentence(name: str, *, you: bool) -> str:
    """Said, in the moves a player missed while away, before the first of the moves a computer player made
    in their seat meanwhile (issue 22, item 5): those moves are told as any of the seat's, "You roll...",
    and this says they were not the player's. ``name``: the seat's name; ``you``: the one person at the
    keyboard ("you" rather than the name)."""
    if you:
        # Translators: an online table; back after a dropped connection or a restart of the game, the
        # moves missed are said one by one; a computer player made the next ones in this player's seat.
        return _("A computer player played for you while you were away.")
    # Translators: as "A computer player played for you while you were away.", for one of several people
    # playing at this keyboard, {name}.
    return _("A computer player played for {name} while they were away.").format(name=name)


def again_question(seconds: int) -> str:
    """The question an online table asks when its game has ended (the host first, then, once the host said
    yes, each other person): play again, with how long the table waits for the answer (``seconds``; 0: not
    known, not said). Issue 22, item 5: a host who let the time run out had not been told there was one."""
    if seconds <= 0:
        # Translators: asked at an online table when a game has ended: first the host, and, once the host
        # said yes, each other person there.
        return _("Play again at this table? Y or N.")
    if seconds == 60:
        # Translators: asked at an online table when a game has ended (the host first, then each other
        # person); the table waits one minute for the answer, then goes on without it.
        return _("Play again at this table? Y or N; the table waits a minute.")
    # Translators: asked at an online table when a game has ended (the host first, then each other person);
    # the table waits {count} seconds for the answer, then goes on without it.
    return ngettext(
        "Play again at this table? Y or N; the table waits {count} second.",
        "Play again at this table? Y or N; the table waits {count} seconds.",
        seconds,
    ).format(count=seconds)


def no_answer_in_time() -> str:
    """Said to the host of an online table who did not answer "Play again?" in time: the table starts no
    other game (the goodbye follows)."""
    # Translators: an online game ended; the table asked its host, this player, whether to play again, and
    # the time to answer ran out: the table ends (a goodbye follows).
    return _("You did not answer in time; this table starts no other game.")


def notice_sentence(kind: Notice, name: str, seconds: int = 0, seat: int = -1) -> str:
    """One sentence for a table notice about ``name`` (a seat's name; "" for a listener); ``seconds``: how
    long the game still waits for an away person (:attr:`Notice.WAITING`); ``seat``: the seat (0-based)
    the notice is about (:attr:`Notice.SEAT_MOVED`: the seat moved to)."""
    match kind:
        case Notice.ARRIVED:
            # Translators: an online table; a person joined and took a seat.
            return _("{name} joins the table.").format(name=name)
        case Notice.LEFT:
            # Translators: an online table; a person left for good, a computer player takes the seat.
            return _("{name} has left; a computer player takes the seat.").format(name=name)
        case Notice.AWAY:
            # Translators: an online table; a person's connection dropped.
            return _("{name} lost the connection; their seat waits for them.").format(name=name)
        case Notice.BACK:
            # Translators: an online table; a person whose connection dropped is back.
            return _("{name} is back.").format(name=name)
        case Notice.WAITING:
            # Translators: an online table; it is the turn of a person whose connection dropped, and the game
            # waits {seconds} seconds for them before a computer player makes their moves.
            return ngettext(
                "Waiting for {name}; a computer player plays for them in {seconds} second.",
                "Waiting for {name}; a computer player plays for them in {seconds} seconds.",
                seconds,
            ).format(name=name, seconds=seconds)
        case Notice.STAND_IN:
            # Translators: an online table; a person was away at their turn, so a computer plays for them.
            return _("{name} is away; a computer player plays for them until they are back.").format(
                name=name
            )
        case Notice.COMPUTER_ADDED:
            # Translators: an online table's lobby; the host added a computer player, named {name}.
            return _("{name}, a computer player, takes a seat.").format(name=name)
        case Notice.SEAT_FREED:
            # Translators: an online table's lobby; the host freed a seat.
            return _("{name}'s seat is free; they can still listen.").format(name=name)
        case Notice.SPECTATOR:
            # Translators: an online table; someone joined only to listen.
            return _("A listener joins the table.")
        case Notice.CLOSED:
            # Translators: an online table; the host left and their game, which ran the table, closed it.
            return _("The host has closed the table; the game ends here.")
        case Notice.SEAT_MOVED:
            # Translators: an online table's lobby; the host moved a person to another seat ({seat} is the
            # seat's number, counted from 1).
            return _("{name} moves to seat {seat}.").format(name=name, seat=seat + 1)
        case Notice.HOST_DECIDES:
            # Translators: an online table whose game has ended; its host, {name}, is asked first whether to
            # play again, and the others wait for the answer.
            return _("{name} chooses whether this table plays again.").format(name=name)
        case Notice.AGAIN:
            # Translators: an online table whose game has ended; its host, {name}, said yes to playing again
            # (each person is asked next).
            return _("{name} plays again at this table.").format(name=name)
        case Notice.NO_AGAIN:
            # Translators: an online table whose game has ended; its host, {name}, said no to playing again,
            # or did not answer in time: the table ends.
            return _("{name} does not play again; this table starts no other game.").format(name=name)
        case Notice.GONE:
            # Translators: an online table whose game has ended; {name} does not play the next game, and a
            # listener takes the seat (who is said next: "Zoe joins the table.").
            return _("{name} has left.").format(name=name)
        case Notice.ANSWERS_PENDING:
            # Translators: an online game ended and the player said yes to playing again (or a listener took
            # a seat in the next game); others have not answered yet. The next game starts once everyone at
            # the table has answered (with those who said yes, computer players in the others' seats).
            return _("Waiting for the others' answers; the next game starts with those who say yes.")


def chat_sentence(name: str, text: str) -> str:
    """A chat line as heard: "Ana says: good luck." (a listener's line has no name)."""
    if not name:
        # Translators: an online table; a chat line from someone who only listens.
        return _("A listener says: {text}").format(text=text)
    # Translators: an online table; a chat line, {text} as typed.
    return _("{name} says: {text}").format(name=name, text=text)


def refusal_sentence(reason: Reason | str, text: str = "") -> str:
    """One sentence for a message the server refused; a reason this game does not know (a newer server's)
    is said with the server's own ``text`` for it (English, cleaned), or as a plain refusal without one."""
    if not isinstance(reason, Reason):
        if text:
            # Translators: an online table refused what this game sent for a reason this version does not
            # know (a newer server); {text} is the server's own explanation, usually in English.
            return _("The table refused that: {text}").format(text=text)
        # Translators: an online table refused what this game sent for a reason this version does not
        # know (a newer server), and gave no explanation.
        return _("The table refused that; a newer version of lcr-audio may be needed.")
    match reason:
        case Reason.MALFORMED | Reason.TOO_LARGE:
            # Translators: an online table; the server could not read what this game sent (a bug, an attack).
            return _("The table could not read that; nothing changed.")
        case Reason.VERSION:
            # Translators: an online table; the server runs another version of the game.
            return _("The table runs another version of lcr-audio; both need the same version.")
        case Reason.NO_TABLE:
            # Translators: an online table; no table has the code typed.
            return _("No table has that code; check it with the host.")
        case Reason.BAD_TOKEN:
            # Translators: an online table; a stored seat could not be given back.
            return _("That seat is no longer yours at this table.")
        case Reason.TABLE_FULL:
            # Translators: an online table; every seat is taken.
            return _("The table is full.")
        case Reason.NOT_JOINED:
            # Translators: an online table; a message before joining.
            return _("Join the table first.")
        case Reason.NOT_YOUR_SEAT | Reason.OUT_OF_TURN:
            # Translators: an online table; a move that is not this player's to make now.
            return _("Not now: it is not your move.")
        case Reason.NOT_HOST:
            # Translators: an online table; only the host may change the table.
            return _("Only the host can do that.")
        case Reason.STARTED:
            # Translators: an online table; the game has already started.
            return _("The game has already started.")
        case Reason.NOT_STARTED:
            # Translators: an online table; the game has not started yet.
            return _("The game has not started yet.")
        case Reason.BAD_RULES:
            # Translators: an online table; rule options out of range.
            return _("Those rules cannot be played.")
        case Reason.BAD_NAME:
            # Translators: an online table; a name that is empty or only a number.
            return _("That name cannot be used; use letters.")
        case Reason.FLOOD:
            # Translators: an online table; too many messages too fast.
            return _("Too fast; wait a moment.")
        case Reason.TOO_MANY_CONNECTIONS:
            # Translators: an online table; the server allows each address (one computer, or one home or
            # school network) only so many connections at once.
            return _("This server has as many connections from your address as it allows; close one first.")
        case Reason.TOO_MANY_TABLES:
            # Translators: an online table; the server allows each address only so many open tables.
            return _("Your address has as many open tables on this server as it allows; finish one first.")
        case Reason.TOO_MANY_LOBBIES:
            # Translators: an online table; the server allows each address only so many tables that have
            # not started yet.
            return _(
                "Your address has as many tables waiting to start on this server as it allows; start or "
                "leave one first."
            )
        case Reason.LISTENERS_FULL:
            # Translators: an online table; the table already has as many listeners (people who only
            # listen, without a seat) as the server allows.
            return _("This table has as many listeners as the server allows; try again later.")
        case Reason.SERVER_LISTENERS_FULL:
            # Translators: an online table; the server already has as many listeners at all its tables as
            # it allows.
            return _("This server has as many listeners as it allows; try again later.")
        case Reason.TOO_MANY_GUESSES:
            # Translators: an online table; this address sent several join codes that no table has, so the
            # server looks up no code from it for a few minutes (a guard against guessing codes).
            return _(
                "Too many wrong join codes came from your address; check the code with the host and try "
                "again in a few minutes."
            )
        case Reason.ONE_TABLE:
            # Translators: an online table; "lcr-audio join ADDRESS new" tried to open a new table at an
            # address where a player runs their own table (lcr-audio host), which holds that table only.
            return _(
                "The game at this address holds only its host's own table and opens no other; ask the host "
                "for the code and join with it."
            )
        case Reason.GUESSES_BUSY:
            # Translators: an online table; many wrong join codes reached the server from everywhere just
            # now, so it looks up no code for a moment (a guard against guessing codes).
            return _(
                "This server is refusing join codes for a moment because too many wrong ones were tried; "
                "try again in a minute."
            )


def seated_sentences(seats: list[tuple[int, str, str]]) -> list[str]:
    """Where a joiner's people sit, said as the lobby opens (issue 22, item 5): ``seats`` holds, for each
    seat at this keyboard in seat order, its number (0-based), the name the table gave it and the name asked
    for ("" when unknown: a seat given back). A name taken by someone already seated is said as a local
    game says it: "There is already a player called Hana; you are Hana B, in seat 5." Else "You are at the
    table, in seat 5." (several seats: "in seats 4 and 5", then each changed name)."""
    changed = [(seat, name, asked) for seat, name, asked in seats if name and asked and name != asked]
    if len(seats) == 1 and changed:
        seat, name, asked = changed[0]
        # Translators: an online table's lobby opened; the name the player asked for ({asked}) was taken by
        # someone already seated, so the table gave them {name}; {seat} is their seat's number.
        taken = _("There is already a player called {asked}; you are {name}, in seat {seat}.")
        return [taken.format(asked=asked, name=name, seat=seat + 1)]
    if not seats:
        # Translators: an online table's lobby opened for a player with a seat whose number is not known yet.
        return [_("You are at the table.")]
    numbers = and_list([str(seat + 1) for seat, _name, _asked in seats])
    # Translators: an online table's lobby opened; {seats} is the number of the player's seat ("5"), or
    # of the seats played from this keyboard ("4 and 5").
    parts = [
        ngettext(
            "You are at the table, in seat {seats}.", "You are at the table, in seats {seats}.", len(seats)
        ).format(seats=numbers)
    ]
    for seat, name, asked in changed:
        # Translators: an online table's lobby opened for several players at one keyboard; the name asked
        # for ({asked}) was taken by someone already seated, so seat {seat} is called {name}.
        taken = _("There is already a player called {asked}; seat {seat} is {name}.")
        parts.append(taken.format(asked=asked, name=name, seat=seat + 1))
    return parts


def started_refusal(kept: list[str], *, lost: bool) -> str:
    """What ``lcr-audio join`` says when a game under way refuses the names it joined with (issue 22, item
    5): what the player can do. ``kept``: the names whose seats at this table are kept on this computer
    (join with them to get a seat back); ``lost``: the seat kept for these names was refused as no longer
    theirs (given up, or given to another)."""
    if lost:
        # Translators: lcr-audio join at an online game under way; the seat this player had is no longer
        # theirs (they left it); they can still listen. "--listen" is an option: keep it as it is.
        return _(
            "That seat is no longer yours at this table, and the game has already started; join with "
            "--listen to listen."
        )
    if kept:
        option = ",".join(kept)
        option = f'"{option}"' if " " in option else option
        # Translators: lcr-audio join at an online game under way without the name of this player's seat,
        # which waits for them; {names} is that name as it is typed after --names. "--names" and "--listen"
        # are options: keep them as they are.
        return _(
            "The game has already started: join with --names {names} to take your seat back, or with "
            "--listen to listen."
        ).format(names=option)
    # Translators: lcr-audio join at an online game under way, by someone without a seat there; they can
    # listen. "--listen" is an option: keep it as it is.
    return _("The game has already started; join with --listen to listen.")


def spelled_code(code: str) -> str:
    """A join code spelt out one character at a time ("k d x 7"), so a voice reads it letter by letter."""
    return " ".join(code)


def table_open_sentence(address: str, code: str, page: str = "") -> str:
    """What the host reads out to friends; ``page``: the web address where they can play in a browser
    instead (``lcr-audio host``, issue 24), or empty."""
    if page:
        # Translators: an online table was opened; {address} is where friends connect with the game,
        # {code} is spelt out character by character, {page} is a web address to open in a browser.
        return _(
            "Your table is open. Friends join with the address {address} and the code {code}, or in a "
            "browser at {page}"
        ).format(address=address, code=spelled_code(code), page=page)
    # Translators: an online table was opened; {address} is where friends connect, {code} is spelt out
    # character by character.
    return _("Your table is open. Friends join with the address {address} and the code {code}.").format(
        address=address, code=spelled_code(code)
    )
