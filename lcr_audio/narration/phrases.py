"""Every sentence the narration says, one function each, all through gettext (DESIGN.md §4).

Each function returns whole translated sentences with named placeholders filled in; nothing here knows about
events or game state. Keeping the messages together lets a translator (and a reviewer) see them all, and
keeps the ``# Translators:`` comments next to the calls that ``pybabel extract`` reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from lcr_audio.engine import Face, WinCondition, WinReason
from lcr_audio.i18n import _, ngettext, npgettext, pgettext
from lcr_audio.narration.lists import and_list, unit_list

# --- words ------------------------------------------------------------------------------------------------


def face(face: Face) -> str:
    """The spoken name of one die face: "L", "C", "R", "dot", "Wild"."""
    if face is Face.LEFT:
        # Translators: the L face of a die (pass a chip to the left). Keep it as short as the letter.
        return pgettext("face", "L")
    if face is Face.CENTER:
        # Translators: the C face of a die (put a chip in the centre pot). Keep it as short as the letter.
        return pgettext("face", "C")
    if face is Face.RIGHT:
        # Translators: the R face of a die (pass a chip to the right). Keep it as short as the letter.
        return pgettext("face", "R")
    if face is Face.WILD:
        # Translators: the Wild face of a die (take a chip from any player).
        return pgettext("face", "Wild")
    # Translators: the dot face of a die (keep the chip). Said once per die, e.g. "L, dot, C".
    return pgettext("face", "dot")


def seat_fallback(number: int) -> str:
    """A seat without a name: "Seat 4"."""
    # Translators: stands for a player's name when a seat has none; {number} is the seat number (1 to 10).
    return _("Seat {number}").format(number=number)


def roll_key() -> str:
    """The default name of the roll key, as spoken in prompts."""
    # Translators: the name of the Space bar, spoken in "Press Space to roll 3 dice."
    return pgettext("key", "Space")


# --- the table --------------------------------------------------------------------------------------------


def game_started(names: Sequence[str], chips: int, *, number: int | None = None) -> str:
    """Who plays and with how many chips: "A game of 3 players: Ana, Bo, and Cy. Everyone starts with ...";
    with ``number`` (a later game at the same table), "Game 2, with 3 players: ..."."""
    if number is None:
        # Translators: the first words of a game. {count} is the number of players (3 to 10), {names}
        # their names joined as a list ("Ana, Bo, and Cy").
        players = ngettext(
            "A game of {count} player: {names}.", "A game of {count} players: {names}.", len(names)
        )
    else:
        # Translators: the first words of a later game at the same table (after "Play again?"). {number}
        # is the game's number (2 or more, as in "Game 2 is over."), {count} the number of players (3 to
        # 10), {names} their names joined as a list ("Ana, Bo, and Cy").
        players = ngettext(
            "Game {number}, with {count} player: {names}.",
            "Game {number}, with {count} players: {names}.",
            len(names),
        )
    # Translators: said at the start of a game. {count} is the number of chips each player starts with.
    each = ngettext("Everyone starts with {count} chip.", "Everyone starts with {count} chips.", chips)
    opening = players.format(number=number, count=len(names), names=and_list(names))
    return " ".join((opening, each.format(count=chips)))


def computer_players(names: Sequence[str]) -> str:
    """Which seats the computer plays, at the start of a game with people too: "Bo and Cy are computer
    players."."""
    # Translators: at the start of a game with people and computer players; {names} is the computer
    # players' names joined as a list ("Bo and Cy").
    text = ngettext(
        "{names} is a computer player.",
        "{names} are computer players.",
        len(names),
    )
    return text.format(names=and_list(names))


def careful_players(names: Sequence[str]) -> str:
    """Which computer players are careful, at the start of a game: "Bo and Cy play carefully, choosing by
    the odds."."""
    # Translators: at the start of a game with careful computer players (they choose each Wild's seat and
    # whether to reverse by their chance of winning); {names} is their names joined as a list ("Bo and Cy").
    text = ngettext(
        "{names} plays carefully, choosing by the odds.",
        "{names} play carefully, choosing by the odds.",
        len(names),
    )
    return text.format(names=and_list(names))


def last_holder_hint(win: WinCondition) -> str | None:
    """What the last player with chips needs, told on their turn (R10); None when nothing is needed."""
    if win is WinCondition.ROLL_ALL_DOTS:
        # Translators: said on a person's turn when they are the only one with chips, under the roll-all-dots
        # win condition (R10).
        return _("You are the last with chips: a roll of nothing but dots wins.")
    if win is WinCondition.LAST_CHIP_IN_POT:
        # Translators: said on a person's turn when they are the only one with chips, under the
        # last-chip-in-pot win condition (R10).
        return _("You are the last with chips: putting your last chips in the pot with C wins.")
    return None


def last_holder_news(name: str, win: WinCondition) -> str | None:
    """A computer player has just become the last with chips, under a win condition that makes them roll
    for the win (R10); None under the usual condition, where that player has already won."""
    if win is WinCondition.ROLL_ALL_DOTS:
        # Translators: said at the end of a turn when the computer player {name} has become the only one
        # with chips, under the roll-all-dots win condition (R10).
        return _("{name} is the last with chips: a roll of nothing but dots wins.").format(name=name)
    if win is WinCondition.LAST_CHIP_IN_POT:
        # Translators: said at the end of a turn when the computer player {name} has become the only one
        # with chips, under the last-chip-in-pot win condition (R10).
        return _("{name} is the last with chips: putting the last chips in the pot with C wins.").format(
            name=name
        )
    return None


def watching() -> str:
    """At the start of a game of computer players only (watch mode): that it is one to watch, and the
    pause key."""
    # Translators: at the start of a game where computer players fill every seat (watch mode), after
    # the players and their chips; P is the pause key (it stops the game; P again goes on).
    return _("You are watching; P pauses.")


def rolls_first(name: str) -> str:
    """Who rolls first, at the start of a game when that player is a computer."""
    # Translators: at the start of a game; {name} is the player who rolls first.
    return _("{name} rolls first.").format(name=name)


def count_item(name: str, count: int) -> str:
    """One seat's chips in a list of counts: "Ana 1"."""
    # Translators: one item of a list of chip counts such as "Ana 1, Bo 4, pot 1": {name} is a player's
    # name, {count} their chips. Keep it short; "Ana: 1" or "Ana 1 chip" are fine if your language needs it.
    return npgettext("summary", "{name} {count}", "{name} {count}", count).format(name=name, count=count)


def count_item_you(count: int, *, first: bool) -> str:
    """The chips of the one person at the keyboard in a turn's counts: "You 1" first, "you 1" later."""
    if first:
        # Translators: the first item of a turn's chip counts, for the person at the keyboard, as in "You 1,
        # Bo 4, pot 1." (the sentences of the turn say "you" too); {count} is their chips. Keep it as short
        # as the "{name} {count}" item; "You: 1" is fine if your language needs it.
        text = npgettext("summary", "You {count}", "You {count}", count)
    else:
        # Translators: a later item of a turn's chip counts, for the person at the keyboard, as in "Ana 1,
        # you 4, pot 1."; {count} is their chips. Keep it as short as the "{name} {count}" item.
        text = npgettext("summary", "you {count}", "you {count}", count)
    return text.format(count=count)


def pot_item(count: int) -> str:
    """The pot in a list of counts: "pot 1"."""
    # Translators: the pot's item in a list of chip counts such as "Ana 1, Bo 4, pot 1"; {count} is the
    # number of chips in the centre pot.
    return npgettext("summary", "pot {count}", "pot {count}", count).format(count=count)


def counts(items: Sequence[str]) -> str:
    """A sentence listing chip counts: "Ana 1, Bo 4, pot 1."."""
    # Translators: a sentence made of chip counts; {counts} is a list such as "Ana 1, Bo 4, pot 1".
    return _("{counts}.").format(counts=unit_list(items))


def while_you_waited(status: str) -> str:
    """The table before a person's turn after they skipped messages: "While you waited: Ana 1, pot 1."."""
    # Translators: said before a person's turn when they skipped messages (Q) while others played;
    # {status} is a sentence of chip counts such as "Ana 1, Bo 4, pot 1."
    return _("While you waited: {status}").format(status=status)


def pot(count: int) -> str:
    """The pot, asked for with the C key: "Pot: 4 chips." or "The pot is empty."."""
    if count == 0:
        # Translators: the centre pot holds no chips (the C key, or a reversed C finding nothing to take).
        return _("The pot is empty.")
    # Translators: answer to the C key; {count} is the number of chips in the centre pot.
    return ngettext("Pot: {count} chip.", "Pot: {count} chips.", count).format(count=count)


def seat(number: int, name: str, count: int) -> str:
    """One seat, asked for with its digit key: "Bo, seat 2: 4 chips."."""
    # Translators: answer to a seat's digit key. {name} is the player's name ("You" for the one person at
    # the keyboard), {number} the seat number (1 to 10), {count} their chips.
    text = ngettext("{name}, seat {number}: {count} chip.", "{name}, seat {number}: {count} chips.", count)
    return text.format(number=number, name=name, count=count)


def no_such_seat(number: int, seats: int) -> str:
    """A digit key beyond the table: "There is no seat 7; this table has 4 seats."."""
    # Translators: a seat's digit key was pressed for a seat the table does not have. {number} is the seat
    # number pressed, {count} the number of seats at the table.
    text = ngettext(
        "There is no seat {number}; this table has {count} seat.",
        "There is no seat {number}; this table has {count} seats.",
        seats,
    )
    return text.format(number=number, count=seats)


def turn_of(name: str, count: int) -> str:
    """Whose turn, for a computer player about to roll: "Bo's turn, with 4 chips."."""
    # Translators: answer to the T key when a computer player is about to play. {name} is that player,
    # {count} their chips.
    text = ngettext("{name}'s turn, with {count} chip.", "{name}'s turn, with {count} chips.", count)
    return text.format(name=name, count=count)


def choosing(name: str, give: bool) -> str:
    """Whose turn, for a computer player choosing a seat for a Wild."""
    if give:
        # Translators: answer to the T key while a computer player {name} chooses whom to give a chip to
        # (reversed Wild).
        return _("{name} is choosing who to give a chip to.").format(name=name)
    # Translators: answer to the T key while a computer player {name} chooses whom to take a chip from (Wild).
    return _("{name} is choosing who to take a chip from.").format(name=name)


def game_over(name: str, count: int, *, you: bool = False) -> str:
    """Whose turn, once the game is over: "The game is over: Bo won with 9 chips."."""
    if you:
        # Translators: answer to the T key after the game ended, said to the only person at the keyboard,
        # who won; {count} is their chips.
        text = ngettext(
            "The game is over: you won with {count} chip.",
            "The game is over: you won with {count} chips.",
            count,
        )
        return text.format(count=count)
    # Translators: answer to the T key after the game ended. {name} is the winner, {count} their chips.
    text = ngettext(
        "The game is over: {name} won with {count} chip.",
        "The game is over: {name} won with {count} chips.",
        count,
    )
    return text.format(name=name, count=count)


# --- prompts ----------------------------------------------------------------------------------------------


def your_turn(name: str, *, you: bool = False) -> str:
    """The start of a person's turn: "Your turn, Ana." (several people at the keyboard) or "Your turn."."""
    if you:
        # Translators: the turn of the only person at the keyboard begins.
        return _("Your turn.")
    # Translators: a person's turn begins (several people share the keyboard); {name} is their name.
    return _("Your turn, {name}.").format(name=name)


def you_have(count: int) -> str:
    """A person's chips at the start of their turn: "You have 3 chips."."""
    # Translators: said to the player whose turn begins; {count} is their chips.
    return ngettext("You have {count} chip.", "You have {count} chips.", count).format(count=count)


def press_to_roll(key: str, dice: int, reversed_dice: bool) -> str:
    """The roll question: "Press Space to roll 3 dice."."""
    if reversed_dice:
        # Translators: after reversing the dice (R9). {key} is the name of the roll key ("Space"), {count}
        # the number of dice (always 3).
        text = ngettext(
            "Press {key} to roll {count} reversed die.", "Press {key} to roll {count} reversed dice.", dice
        )
    else:
        # Translators: the player's turn. {key} is the name of the roll key ("Space"), {count} the number
        # of dice to roll (1 to 3).
        text = ngettext("Press {key} to roll {count} die.", "Press {key} to roll {count} dice.", dice)
    return text.format(key=key, count=dice)


def type_faces(dice: int, reversed_dice: bool) -> str:
    """The roll question of the scorekeeper for real dice: "Roll 3 dice and type what they show."."""
    if reversed_dice:
        # Translators: scorekeeper for real dice, after reversing (R9); {count} is the number of dice (3).
        text = ngettext(
            "Roll {count} reversed die and type what it shows.",
            "Roll {count} reversed dice and type what they show.",
            dice,
        )
    else:
        # Translators: scorekeeper for real dice: the player rolls real dice and types the faces; {count}
        # is the number of dice (1 to 3).
        text = ngettext(
            "Roll {count} die and type what it shows.", "Roll {count} dice and type what they show.", dice
        )
    return text.format(count=dice)


def roll_brief(dice: int, reversed_dice: bool) -> str:
    """The roll question in brief messages: "Roll 3 dice."."""
    if reversed_dice:
        # Translators: the roll question in brief messages, after reversing the dice (R9); {count} is the
        # number of dice (always 3).
        text = ngettext("Roll {count} reversed die.", "Roll {count} reversed dice.", dice)
    else:
        # Translators: the roll question in brief messages; {count} is the number of dice to roll (1 to 3).
        text = ngettext("Roll {count} die.", "Roll {count} dice.", dice)
    return text.format(count=dice)


def reverse_question(cost: int, yes: str, no: str, explain: str) -> str:
    """The reversal question (R9): "Reverse the dice? It costs 3 chips. Press Y or N; E explains."."""
    # Translators: the reversible-dice question (R9). {count} is the cost in chips (3), {yes} and {no} the
    # names of the keys that answer it ("Y", "N"), {explain} the key that explains reversing ("E").
    text = ngettext(
        "Reverse the dice? It costs {count} chip. Press {yes} or {no}; {explain} explains.",
        "Reverse the dice? It costs {count} chips. Press {yes} or {no}; {explain} explains.",
        cost,
    )
    return text.format(count=cost, yes=yes, no=no, explain=explain)


def reverse_question_brief(cost: int, yes: str, no: str) -> str:
    """The reversal question in brief messages: "Reverse for 3 chips? Y or N."."""
    # Translators: the reversible-dice question (R9) in brief messages. {count} is the cost in chips (3),
    # {yes} and {no} the names of the keys that answer it ("Y", "N").
    text = ngettext(
        "Reverse for {count} chip? {yes} or {no}.", "Reverse for {count} chips? {yes} or {no}.", cost
    )
    return text.format(count=cost, yes=yes, no=no)


def choose_take() -> str:
    """The Wild question (R7)."""
    # Translators: asked after a Wild face; the player then picks another player with the arrow keys.
    return _("Choose who to take a chip from.")


def choose_give() -> str:
    """The reversed Wild question (R9)."""
    # Translators: asked after a reversed Wild face; the player then picks another player to give a chip to.
    return _("Choose who to give a chip to.")


def choose_keys(*, first: bool) -> str:
    """How a Wild's seat is chosen (R7, R9), said after the Wild question: in full the first time in a game
    ("The arrow keys go through the players, ..."), then short ("Arrows, then Enter.")."""
    if first:
        # Translators: said once a game, after the first Wild question ("Choose who to take a chip from."):
        # the keys that choose the seat. The arrow keys step through the players who can be chosen, a seat's
        # digit (1 to 9, 0 for 10) goes straight to that seat, Enter or Space confirms.
        return _(
            "The arrow keys go through the players, a seat's number goes straight to it, and Enter or "
            "Space chooses."
        )
    # Translators: the short reminder of the keys after every later Wild question in the game: the arrow
    # keys step through the players, Enter (or Space) chooses.
    return _("Arrows, then Enter.")


def choose_take_named(name: str) -> str:
    """The Wild question (R7) with several people at the keyboard: "Cy, choose who to take a chip from."."""
    # Translators: asked after a Wild face when several people share the keyboard; {name} is the one who
    # chooses, then picks another player with the arrow keys.
    return _("{name}, choose who to take a chip from.").format(name=name)


def choose_give_named(name: str) -> str:
    """The reversed Wild question (R9) when several people share the keyboard."""
    # Translators: asked after a reversed Wild face when several people share the keyboard; {name} is the
    # one who chooses another player to give a chip to.
    return _("{name}, choose who to give a chip to.").format(name=name)


# --- a turn -----------------------------------------------------------------------------------------------
# Sentences about the one person at the keyboard are their own messages, in the second person ("You roll
# L, dot, C."): the ``you`` arguments choose them. With several people at the keyboard everyone is named.


def rolls(name: str, faces: Sequence[str], reversed_dice: bool, *, you: bool = False) -> str:
    """A roll: "Ana rolls L, dot, C."."""
    listed = unit_list(faces)
    if reversed_dice:
        if you:
            # Translators: a roll of reversed dice (R9) by the person at the keyboard. {faces} is the faces
            # rolled as a list ("L, dot, C").
            return _("You roll the reversed dice: {faces}.").format(faces=listed)
        # Translators: a roll of reversed dice (R9). {name} is the roller, {faces} the faces rolled as a list
        # ("L, dot, C").
        return _("{name} rolls the reversed dice: {faces}.").format(name=name, faces=listed)
    if you:
        # Translators: a roll by the person at the keyboard; {faces} is the faces rolled ("L, dot, C").
        return _("You roll {faces}.").format(faces=listed)
    # Translators: a roll. {name} is the roller, {faces} the faces rolled as a list ("L, dot, C").
    return _("{name} rolls {faces}.").format(name=name, faces=listed)


def rolls_and_moves(name: str, faces: Sequence[str], moves: Sequence[str], *, you: bool = False) -> str:
    """A roll and where its letters sent chips: "Ana rolls L, dot, C: one chip to Bo, one to the pot."."""
    listed, moved = unit_list(faces), unit_list(moves)
    if you:
        # Translators: a roll by the person at the keyboard and where its L, C and R faces sent their chips.
        # {faces} is the faces rolled ("L, dot, C"), {moves} a list such as "one chip to Bo, one to the pot".
        return _("You roll {faces}: {moves}.").format(faces=listed, moves=moved)
    # Translators: a roll and where its L, C and R faces sent chips. {name} is the roller, {faces} the
    # faces rolled ("L, dot, C"), {moves} a list such as "one chip to Bo, one to the pot".
    return _("{name} rolls {faces}: {moves}.").format(name=name, faces=listed, moves=moved)


def rolls_brief(name: str, faces: Sequence[str], reversed_dice: bool = False, *, you: bool = False) -> str:
    """A roll in brief messages, without a verb: "Ana: L, dot, C.", "Ana, reversed: C, dot, dot."."""
    if reversed_dice and you:
        # Translators: a roll of reversed dice (R9) by the person at the keyboard in brief messages, without
        # a verb; {faces} is the faces rolled ("L, dot, C"). Keep it as short as you can.
        return _("You, reversed: {faces}.").format(faces=unit_list(faces))
    if reversed_dice:
        # Translators: a roll of reversed dice (R9) in brief messages, without a verb. {name} is the roller,
        # {faces} the faces rolled ("L, dot, C"). Keep it as short as you can.
        return _("{name}, reversed: {faces}.").format(name=name, faces=unit_list(faces))
    if you:
        # Translators: a roll by the person at the keyboard in brief messages, without a verb; {faces} is the
        # faces rolled ("L, dot, C"). Keep it as short as you can.
        return _("You: {faces}.").format(faces=unit_list(faces))
    # Translators: a roll in brief messages, without a verb. {name} is the roller, {faces} the faces rolled
    # ("L, dot, C"). Keep it as short as you can.
    return _("{name}: {faces}.").format(name=name, faces=unit_list(faces))


def wild_with(other: str, reversed_dice: bool, *, you: bool = False) -> str:
    """A Wild face in the faces of a brief roll, with the seat it took a chip from (R7) or, reversed, gave
    one to (R9): "Wild from Cy", "Wild to you"."""
    if reversed_dice and you:
        # Translators: brief messages, one face in the list of a roll's faces ("Ana, reversed: dot, Wild to
        # you, C."): a reversed Wild (R9) gave a chip to the person at the keyboard. Keep it short.
        return pgettext("face", "Wild to you")
    if reversed_dice:
        # Translators: brief messages, one face in the list of a roll's faces ("Ana, reversed: dot, Wild to
        # Cy, C."): a reversed Wild (R9) gave a chip to the player {other}. Keep it short.
        return pgettext("face", "Wild to {other}").format(other=other)
    if you:
        # Translators: brief messages, one face in the list of a roll's faces ("Ana: dot, Wild from you,
        # C."): a Wild (R7) took a chip from the person at the keyboard. Keep it short.
        return pgettext("face", "Wild from you")
    # Translators: brief messages, one face in the list of a roll's faces ("Ana: dot, Wild from Cy, C."): a
    # Wild (R7) took a chip from the player {other}. Keep it short.
    return pgettext("face", "Wild from {other}").format(other=other)


def wild_with_nobody(reversed_dice: bool) -> str:
    """A Wild face in the faces of a brief roll that found nobody else with a chip (R7) or, reversed, the
    roller without a chip to give (R9): "Wild from nobody", "Wild to nobody"."""
    if reversed_dice:
        # Translators: brief messages, one face in the list of a roll's faces ("Ana, reversed: C, Wild to
        # nobody, dot."): a reversed Wild (R9) had no chip left to give. Keep it short.
        return pgettext("face", "Wild to nobody")
    # Translators: brief messages, one face in the list of a roll's faces ("Ana: C, Wild from nobody, dot."):
    # a Wild (R7) found nobody else with a chip to take. Keep it short.
    return pgettext("face", "Wild from nobody")


def rolls_full(name: str, faces: Sequence[str], reversed_dice: bool, *, you: bool = False) -> str:
    """A roll in full messages, with the number of dice: "Ana rolls 3 dice: L, dot, C."."""
    count, listed = len(faces), unit_list(faces)
    if reversed_dice and you:
        # Translators: full messages: the person at the keyboard rolls {count} reversed dice (R9), which
        # show {faces} ("L, dot, C").
        text = ngettext(
            "You roll {count} reversed die: {faces}.", "You roll {count} reversed dice: {faces}.", count
        )
    elif reversed_dice:
        # Translators: full messages: {name} rolls {count} reversed dice (R9), which show {faces}
        # ("L, dot, C").
        text = ngettext(
            "{name} rolls {count} reversed die: {faces}.",
            "{name} rolls {count} reversed dice: {faces}.",
            count,
        )
    elif you:
        # Translators: full messages: the person at the keyboard rolls {count} dice, which show {faces}
        # ("L, dot, C").
        text = ngettext("You roll {count} die: {faces}.", "You roll {count} dice: {faces}.", count)
    else:
        # Translators: full messages: {name} rolls {count} dice, which show {faces} ("L, dot, C").
        text = ngettext("{name} rolls {count} die: {faces}.", "{name} rolls {count} dice: {faces}.", count)
    return text.format(name=name, count=count, faces=listed)


def move_to(other: str, count: int, *, first: bool) -> str:
    """Chips an L or R sent to a player, in the list of a roll's moves: "one chip to Bo"."""
    if first:
        # Translators: the first item of the list of where a roll's chips went, as in "Ana rolls L, dot, C:
        # one chip to Bo, one to the pot."; {count} chips went to the player {other}.
        text = npgettext("moves", "one chip to {other}", "{count} chips to {other}", count)
    else:
        # Translators: a later item of the list of where a roll's chips went ("one to Bo" in "one chip to
        # Cy, one to Bo"): the word "chip" is not repeated. Repeat it if your language needs it.
        text = npgettext("later moves", "one to {other}", "{count} to {other}", count)
    return text.format(other=other, count=count)


def move_to_you(count: int, *, first: bool) -> str:
    """Chips an L or R sent to the person at the keyboard, in a roll's moves: "one chip to you"."""
    if first:
        # Translators: the first item of the list of where a roll's chips went, as in "Ana rolls L, dot,
        # C: one chip to you, one to the pot."; {count} chips went to the person at the keyboard.
        text = npgettext("moves", "one chip to you", "{count} chips to you", count)
    else:
        # Translators: a later item of the list of where a roll's chips went ("one to you" in "one chip to
        # Cy, one to you"): the word "chip" is not repeated. Repeat it if your language needs it.
        text = npgettext("later moves", "one to you", "{count} to you", count)
    return text.format(count=count)


def move_to_pot(count: int, *, first: bool) -> str:
    """Chips C faces put in the pot, in the list of a roll's moves: "one chip to the pot"."""
    if first:
        # Translators: the first item of the list of where a roll's chips went, as in "Ana rolls C, dot, L:
        # one chip to the pot, one to Bo."; {count} chips went to the centre pot.
        text = npgettext("moves", "one chip to the pot", "{count} chips to the pot", count)
    else:
        # Translators: a later item of the list of where a roll's chips went ("one to the pot" in "one chip
        # to Bo, one to the pot"): the word "chip" is not repeated. Repeat it if your language needs it.
        text = npgettext("later moves", "one to the pot", "{count} to the pot", count)
    return text.format(count=count)


def left_explained(count: int, other: str, *, roller_is_you: bool = False, to_you: bool = False) -> str:
    """Full messages: what the L faces did: "The L passes a chip to Bo, on the left."."""
    if to_you:
        # Translators: full messages: {count} L faces passed {count} chips to the person at the keyboard,
        # who sits on the roller's left. The singular says "a chip"; use {count} if your language needs it.
        text = ngettext("The L passes a chip to you.", "The {count} Ls pass {count} chips to you.", count)
    elif roller_is_you:
        # Translators: full messages: the person at the keyboard rolled {count} L faces, which passed
        # {count} chips to the player {other} on their left.
        text = ngettext(
            "The L passes a chip to {other}, on your left.",
            "The {count} Ls pass {count} chips to {other}, on your left.",
            count,
        )
    else:
        # Translators: full messages: {count} L faces passed {count} chips to the player {other}, on the
        # roller's left.
        text = ngettext(
            "The L passes a chip to {other}, on the left.",
            "The {count} Ls pass {count} chips to {other}, on the left.",
            count,
        )
    return text.format(count=count, other=other)


def right_explained(count: int, other: str, *, roller_is_you: bool = False, to_you: bool = False) -> str:
    """Full messages: what the R faces did: "The R passes a chip to Cy, on the right."."""
    if to_you:
        # Translators: full messages: {count} R faces passed {count} chips to the person at the keyboard,
        # who sits on the roller's right. The singular says "a chip"; use {count} if your language needs it.
        text = ngettext("The R passes a chip to you.", "The {count} Rs pass {count} chips to you.", count)
    elif roller_is_you:
        # Translators: full messages: the person at the keyboard rolled {count} R faces, which passed
        # {count} chips to the player {other} on their right.
        text = ngettext(
            "The R passes a chip to {other}, on your right.",
            "The {count} Rs pass {count} chips to {other}, on your right.",
            count,
        )
    else:
        # Translators: full messages: {count} R faces passed {count} chips to the player {other}, on the
        # roller's right.
        text = ngettext(
            "The R passes a chip to {other}, on the right.",
            "The {count} Rs pass {count} chips to {other}, on the right.",
            count,
        )
    return text.format(count=count, other=other)


def center_explained(count: int) -> str:
    """Full messages: what the C faces did: "The C puts a chip in the pot."."""
    # Translators: full messages: {count} C faces put {count} chips in the centre pot. The singular says
    # "a chip"; use {count} in it if your language needs the number.
    text = ngettext("The C puts a chip in the pot.", "The {count} Cs put {count} chips in the pot.", count)
    return text.format(count=count)


def dots_explained(count: int) -> str:
    """Full messages: what the dot faces did: "The dot keeps a chip."."""
    # Translators: full messages: {count} dot faces let the roller keep {count} chips. The singular says
    # "a chip"; use {count} in it if your language needs the number.
    text = ngettext("The dot keeps a chip.", "The {count} dots keep {count} chips.", count)
    return text.format(count=count)


def skipped(names: Sequence[str]) -> str:
    """Seats passed over for having no chips (R4): "Bo has no chips and passes the dice."."""
    # Translators: players without chips are skipped (R4). {names} is one name or a list of names
    # ("Bo and Cy"); the plural form is used for more than one player.
    text = ngettext(
        "{names} has no chips and passes the dice.", "{names} have no chips and pass the dice.", len(names)
    )
    return text.format(names=and_list(names))


def you_skipped() -> str:
    """The person at the keyboard is passed over for having no chips (R4)."""
    # Translators: the person at the keyboard has no chips, so their turn is skipped (R4).
    return _("You have no chips and pass the dice.")


def reverses(name: str, cost: int, *, you: bool = False) -> str:
    """A reversal (R9): "Ana reverses the dice and puts 3 chips in the pot."."""
    if you:
        # Translators: the person at the keyboard pays to reverse the dice (R9); {count} is the chips paid
        # (3).
        text = ngettext(
            "You reverse the dice and put {count} chip in the pot.",
            "You reverse the dice and put {count} chips in the pot.",
            cost,
        )
    else:
        # Translators: a player pays to reverse the dice (R9). {name} is the player, {count} the chips paid
        # (3).
        text = ngettext(
            "{name} reverses the dice and puts {count} chip in the pot.",
            "{name} reverses the dice and puts {count} chips in the pot.",
            cost,
        )
    return text.format(name=name, count=cost)


def reverses_brief(name: str, *, you: bool = False) -> str:
    """A reversal (R9) in brief messages: "Ana reverses the dice."."""
    if you:
        # Translators: brief messages: the person at the keyboard reverses the dice (R9).
        return _("You reverse the dice.")
    # Translators: brief messages: the player {name} reverses the dice (R9).
    return _("{name} reverses the dice.").format(name=name)


def takes_from(name: str, other: str, count: int, *, you: bool = False, from_you: bool = False) -> str:
    """A Wild or a reversed L or R takes chips from a player: "Ana takes a chip from Cy."."""
    if you:
        # Translators: the person at the keyboard takes {count} chips from the player {other}, with a Wild
        # (R7) or a reversed L or R (R9). The singular says "a chip"; use {count} if your language needs it.
        text = ngettext("You take a chip from {other}.", "You take {count} chips from {other}.", count)
    elif from_you:
        # Translators: the player {name} takes {count} chips from the person at the keyboard, with a Wild
        # (R7) or a reversed L or R (R9). The singular says "a chip"; use {count} if your language needs it.
        text = ngettext("{name} takes a chip from you.", "{name} takes {count} chips from you.", count)
    else:
        # Translators: {name} takes {count} chips from the player {other}, with a Wild (R7) or a reversed L
        # or R (R9). The singular says "a chip"; use {count} in it if your language needs the number.
        text = ngettext(
            "{name} takes a chip from {other}.", "{name} takes {count} chips from {other}.", count
        )
    return text.format(name=name, other=other, count=count)


def takes_from_pot(name: str, count: int, *, you: bool = False) -> str:
    """A reversed C takes chips from the pot: "Ana takes a chip from the pot."."""
    if you:
        # Translators: reversed C faces (R9): the person at the keyboard takes {count} chips from the centre
        # pot. The singular says "a chip"; use {count} in it if your language needs the number.
        text = ngettext("You take a chip from the pot.", "You take {count} chips from the pot.", count)
    else:
        # Translators: reversed C faces (R9): {name} takes {count} chips from the centre pot. The singular
        # says "a chip"; use {count} in it if your language needs the number.
        text = ngettext(
            "{name} takes a chip from the pot.", "{name} takes {count} chips from the pot.", count
        )
    return text.format(name=name, count=count)


def nothing_to_take(other: str, name: str = "", *, from_you: bool = False) -> str:
    """A reversed L or R whose neighbour has no chip (R9): "Bo has no chip left to take."."""
    if from_you:
        # Translators: a reversed L or R (R9) rolled by {name} should take a chip from the person at the
        # keyboard, who has none.
        return _("You have no chip left for {name} to take.").format(name=name)
    # Translators: a reversed L or R (R9) should take a chip from the player {other}, who has none.
    return _("{other} has no chip left to take.").format(other=other)


def gives_to(name: str, other: str, count: int = 1, *, you: bool = False, to_you: bool = False) -> str:
    """Reversed Wilds give chips (R9): "Ana gives a chip to Cy.", "Ana gives 2 chips to Cy."."""
    if you:
        # Translators: reversed Wilds (R9): the person at the keyboard gives {count} chips to the player
        # {other}. The singular says "a chip"; use {count} in it if your language needs the number.
        text = ngettext("You give a chip to {other}.", "You give {count} chips to {other}.", count)
    elif to_you:
        # Translators: reversed Wilds (R9): the player {name} gives {count} chips to the person at the
        # keyboard. The singular says "a chip"; use {count} in it if your language needs the number.
        text = ngettext("{name} gives a chip to you.", "{name} gives {count} chips to you.", count)
    else:
        # Translators: reversed Wilds (R9): {name} gives {count} chips to the player {other}. The singular
        # says "a chip"; use {count} in it if your language needs the number.
        text = ngettext("{name} gives a chip to {other}.", "{name} gives {count} chips to {other}.", count)
    return text.format(name=name, other=other, count=count)


def wild_takes_nothing(count: int) -> str:
    """Wilds with nobody to take from (R7): "Nobody else has a chip, so the Wild takes nothing."."""
    # Translators: Wild faces (R7) that find no other player with a chip. {count} is the number of such
    # Wilds (1 or 2); the singular need not say it.
    text = ngettext(
        "Nobody else has a chip, so the Wild takes nothing.",
        "Nobody else has a chip, so the {count} Wilds take nothing.",
        count,
    )
    return text.format(count=count)


def wild_gives_nothing(name: str, count: int, *, you: bool = False) -> str:
    """Reversed Wilds when the roller has no chip left (R9)."""
    if you:
        # Translators: reversed Wild faces (R9) when the person at the keyboard has no chip left to give.
        # {count} is the number of such Wilds (1 or 2); the singular need not say it.
        text = ngettext(
            "You have no chip left, so the Wild gives nothing.",
            "You have no chip left, so the {count} Wilds give nothing.",
            count,
        )
    else:
        # Translators: reversed Wild faces (R9) when the roller {name} has no chip left to give. {count} is
        # the number of such Wilds (1 or 2); the singular need not say it.
        text = ngettext(
            "{name} has no chip left, so the Wild gives nothing.",
            "{name} has no chip left, so the {count} Wilds give nothing.",
            count,
        )
    return text.format(name=name, count=count)


def three_wilds(name: str, count: int, *, you: bool = False) -> str:
    """Three Wilds take the pot (R8): "Three Wilds! Ana takes the pot of 5 chips."."""
    if count == 0:
        # Translators: three Wild faces in one roll (R8), but the centre pot holds nothing to take.
        return _("Three Wilds, but the pot is empty.")
    if you:
        # Translators: three Wild faces in one roll (R8): the person at the keyboard takes the whole pot,
        # {count} chips.
        text = ngettext(
            "Three Wilds! You take the pot of {count} chip.",
            "Three Wilds! You take the pot of {count} chips.",
            count,
        )
    else:
        # Translators: three Wild faces in one roll (R8): {name} takes the whole pot, {count} chips.
        text = ngettext(
            "Three Wilds! {name} takes the pot of {count} chip.",
            "Three Wilds! {name} takes the pot of {count} chips.",
            count,
        )
    return text.format(name=name, count=count)


def three_reversed_wilds(name: str, count: int, *, you: bool = False) -> str:
    """Three reversed Wilds (R9): "Three reversed Wilds: Ana puts all 5 chips in the pot."."""
    if count == 0 and you:
        # Translators: three reversed Wild faces (R9) when the person at the keyboard has no chip to put in
        # the pot.
        return _("Three reversed Wilds, but you have no chips to put in the pot.")
    if count == 0:
        # Translators: three reversed Wild faces (R9) when the roller {name} has no chip to put in the pot.
        return _("Three reversed Wilds, but {name} has no chips to put in the pot.").format(name=name)
    if you:
        # Translators: three reversed Wild faces (R9): the person at the keyboard puts all their chips,
        # {count}, in the centre pot. {count} is never 0 (another message says that), so the singular may
        # say "your last chip".
        text = ngettext(
            "Three reversed Wilds: you put {count} chip in the pot.",
            "Three reversed Wilds: you put all {count} chips in the pot.",
            count,
        )
    else:
        # Translators: three reversed Wild faces (R9): {name} puts all their chips, {count}, in the centre
        # pot. {count} is never 0 (another message says that), so the singular may say "their last chip".
        text = ngettext(
            "Three reversed Wilds: {name} puts {count} chip in the pot.",
            "Three reversed Wilds: {name} puts all {count} chips in the pot.",
            count,
        )
    return text.format(name=name, count=count)


def reset(chips: int, pot_count: int) -> str:
    """Nobody has chips (R11): "Nobody has any chips left, so everyone gets 3 chips again. ..."."""
    # Translators: every player ran out of chips and nobody won (R11); {count} is the starting chips each
    # player gets again.
    text = ngettext(
        "Nobody has any chips left, so everyone gets {count} chip again.",
        "Nobody has any chips left, so everyone gets {count} chips again.",
        chips,
    ).format(count=chips)
    if pot_count == 0:
        return text
    # Translators: said after a reset (R11): the centre pot is not emptied; {count} is the chips in it,
    # never 0 (an empty pot is not mentioned), so the singular may say "its only chip".
    kept = ngettext("The pot keeps its {count} chip.", "The pot keeps its {count} chips.", pot_count)
    return " ".join((text, kept.format(count=pot_count)))


def reset_brief(chips: int, pot_count: int) -> str:
    """Nobody has chips (R11), in brief messages: "Reset: everyone gets 3 chips. Pot: 2 chips."."""
    # Translators: brief messages: every player ran out of chips and nobody won (R11); {count} is the
    # starting chips each player gets again.
    text = ngettext("Reset: everyone gets {count} chip.", "Reset: everyone gets {count} chips.", chips)
    text = text.format(count=chips)
    return text if pot_count == 0 else " ".join((text, pot(pot_count)))


def wins(
    name: str, total: int, reason: WinReason, from_pot: int, *, you: bool = False, brief: bool = False
) -> str:
    """The end of the game (R10, R12): "Bo wins with 9 chips. 6 of them came from the pot."."""
    text = _win_sentence(total, reason, you).format(name=name, count=total)
    if brief or not 0 < from_pot < total:
        return text
    # Translators: said after "Bo wins with 9 chips."; {count} is how many of those chips came from the pot.
    part = ngettext("{count} of them came from the pot.", "{count} of them came from the pot.", from_pot)
    return " ".join((text, part.format(count=from_pot)))


def _win_sentence(total: int, reason: WinReason, you: bool) -> str:
    """The untranslated-placeholder sentence saying who won and how (``{name}``, ``{count}``)."""
    if reason is WinReason.ROLLED_ALL_DOTS and you:
        # Translators: the person at the keyboard rolled nothing but dots and wins (R10 roll-all-dots);
        # {count} is the total they win, their chips and the pot.
        return ngettext(
            "All dots! You win with {count} chip.", "All dots! You win with {count} chips.", total
        )
    if reason is WinReason.ROLLED_ALL_DOTS:
        # Translators: the winner {name} rolled nothing but dots (R10 roll-all-dots); {count} is the total
        # they win, their chips and the pot.
        return ngettext(
            "All dots! {name} wins with {count} chip.", "All dots! {name} wins with {count} chips.", total
        )
    if reason is WinReason.LAST_CHIP_IN_POT and you:
        # Translators: the person at the keyboard put their last chip in the pot (R10 last-chip-in-pot) and
        # wins it; {count} is the total they win.
        return ngettext(
            "Last chip in the pot! You win with {count} chip.",
            "Last chip in the pot! You win with {count} chips.",
            total,
        )
    if reason is WinReason.LAST_CHIP_IN_POT:
        # Translators: the winner {name} put their last chip in the pot (R10 last-chip-in-pot) and wins it;
        # {count} is the total they win.
        return ngettext(
            "Last chip in the pot! {name} wins with {count} chip.",
            "Last chip in the pot! {name} wins with {count} chips.",
            total,
        )
    if reason is WinReason.THREE_WILDS and you:
        # Translators: the person at the keyboard rolled three Wilds, which win at once under this rule (R8);
        # {count} is the total they win.
        return ngettext("You win at once with {count} chip.", "You win at once with {count} chips.", total)
    if reason is WinReason.THREE_WILDS:
        # Translators: the winner {name} rolled three Wilds, which win at once under this rule (R8); {count}
        # is the total they win.
        return ngettext(
            "{name} wins at once with {count} chip.", "{name} wins at once with {count} chips.", total
        )
    if you:
        # Translators: the person at the keyboard is the last player with chips and wins (R10); {count} is
        # the total they win, their chips and the pot.
        return ngettext("You win with {count} chip.", "You win with {count} chips.", total)
    # Translators: the winner {name} is the last player with chips (R10); {count} is the total they win,
    # their chips and the pot.
    return ngettext("{name} wins with {count} chip.", "{name} wins with {count} chips.", total)


# --- the table around a seat, the end of a game (issue 14, items 9 and 11) ----------------------------------


def neighbours(
    left: str, left_count: int, right: str, right_count: int, *, seat_name: str | None = None
) -> str:
    """Who sits either side of a seat, with their chips (the neighbours key, R1): "Left: Ana, 4 chips.
    Right: Bo, 2 chips." said to the only person at the keyboard; "Cy's left: Ana, 4 chips. Cy's right:
    Bo, 2 chips." for the seat ``seat_name`` (in hot-seat, or while watching)."""
    if seat_name is None:
        # Translators: answer to the neighbours key, said to the person at the keyboard: who sits on their
        # left (the next player, who gets their L chips), with that player's chips.
        first = ngettext("Left: {name}, {count} chip.", "Left: {name}, {count} chips.", left_count)
        # Translators: answer to the neighbours key, said to the person at the keyboard: who sits on their
        # right (the player before them, who gets their R chips), with that player's chips.
        second = ngettext("Right: {name}, {count} chip.", "Right: {name}, {count} chips.", right_count)
        return " ".join(
            (first.format(name=left, count=left_count), second.format(name=right, count=right_count))
        )
    # Translators: answer to the neighbours key in hot-seat or while watching: {seat} is the player whose
    # neighbours these are, {name} who sits on {seat}'s left (the next player), {count} that player's chips.
    first = ngettext(
        "{seat}'s left: {name}, {count} chip.", "{seat}'s left: {name}, {count} chips.", left_count
    )
    # Translators: answer to the neighbours key in hot-seat or while watching: {seat} is the player whose
    # neighbours these are, {name} who sits on {seat}'s right (the player before), {count} their chips.
    second = ngettext(
        "{seat}'s right: {name}, {count} chip.", "{seat}'s right: {name}, {count} chips.", right_count
    )
    return " ".join(
        (
            first.format(seat=seat_name, name=left, count=left_count),
            second.format(seat=seat_name, name=right, count=right_count),
        )
    )


def game_end(number: int, counts: str) -> str:
    """Every seat's chips at the end of a game, the winner's with the pot they took (R12), as the winner's
    sentence counts them: "Game 2 is over. At the end: Ana 0, Bo 9, Cy 0."; ``counts`` is a list of chip
    counts (see :func:`count_item`)."""
    # Translators: said after the winner is announced. {number} is the game's number in the series at this
    # table (1 for the first game); {counts} lists every seat's chips once the winner took the pot, such as
    # "Ana 0, Bo 9, Cy 0" (the winner's count is the one in "Bo wins with 9 chips.").
    return _("Game {number} is over. At the end: {counts}.").format(number=number, counts=counts)


def paused() -> str:
    """The pause key stopped the computer players (watch mode)."""
    # Translators: the pause key (P) stopped the game while computer players play; P again goes on.
    return _("Paused. P goes on.")


def resumed() -> str:
    """The pause key let the computer players go on."""
    # Translators: the pause key (P) was pressed again: the computer players go on.
    return _("Going on.")
