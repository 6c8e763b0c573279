"""Every sentence practice says about its questions: the table, the roll, what is asked, the answer and why.

The makers in :mod:`lcr_audio.narration.practice.lessons` compose questions from these; the marking
(:func:`check`) and the score live here too. The face-by-face account of a roll comes from one place,
:func:`roll_explained`, so a shared roll explanation can take its place without touching the rest.
"""

from __future__ import annotations

from collections import Counter

from lcr_audio.engine import POT, DiceRolled, Face, Place, Seat, TurnSkipped
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.i18n import _, ngettext
from lcr_audio.narration import phrases
from lcr_audio.narration.explain import explain_roll, faces_list
from lcr_audio.narration.lists import and_list
from lcr_audio.narration.practice.model import AnswerKind, Ask, Question, Scene


def roll_explained(scene: Scene) -> list[str]:
    """The scene's roll told face by face, as the E key tells it (R4-R12); empty when nothing was rolled."""
    rolled = next((e for e in scene.events if isinstance(e, DiceRolled)), None)
    if rolled is None:
        return []
    return [explain_roll(scene.events, scene.names, scene.is_you(rolled.seat), listener=scene.you)]


def check(question: Question, answer: int | bool) -> tuple[bool, str]:
    """Mark an answer: (right?, what to say).

    Right: "Right." and the question's note, if it has one. Wrong: "Not quite: " and the explanation. A
    YES_NO question wants a bool and the others an int: True is not the number 1 here.
    """
    wants_bool = question.kind is AnswerKind.YES_NO
    right = isinstance(answer, bool) == wants_bool and answer == question.answer
    if right:
        # Translators: practice mode, the player's answer is right.
        return True, " ".join(s for s in (_("Right."), question.note) if s)
    # Translators: practice mode, the player's answer is wrong; {explanation} is the right answer and why.
    return False, _("Not quite: {explanation}").format(explanation=question.explanation)


def score_text(right: int, total: int) -> str:
    """The score at the end of a lesson: "7 of 8."."""
    # Translators: practice mode, the score after a lesson: {right} answers right out of {total} questions.
    text = ngettext("{right} of {total}.", "{right} of {total}.", total)
    return text.format(right=right, total=total)


def skips(scene: Scene, ask: Ask) -> list[str]:
    """For "who rolls next" questions: the seats the dice passed by (R4)."""
    if ask not in (Ask.NEXT, Ask.ROLLS_NEXT):
        return []
    # Translators: practice mode, explaining who rolls next: {name} has no chips and is passed by (R4).
    text = _("{name} has no chips, so the dice pass {name} by.")
    return [text.format(name=scene.name(e.seat)) for e in scene.events if isinstance(e, TurnSkipped)]


def order_after_you(scene: Scene) -> str:
    """ "After you, in order of play, come Bo, Cy and Dee." (R1)."""
    assert scene.you is not None
    players = len(scene.names)
    others = [scene.name((scene.you + k) % players) for k in range(1, players)]
    # Translators: practice mode: the other players in order of play, starting with the one on the
    # listener's left. {names} is a list of names ("Bo, Cy, and Dee").
    return _("After you, in order of play, come {names}.").format(names=and_list(others))


def order(scene: Scene) -> str:
    """ "In order of play, the players are Ana, Bo, Cy and Dee." (R1); from "you" when you play."""
    if scene.you is not None:
        return order_after_you(scene)
    # Translators: practice mode: every player in order of play; each one's left neighbour is the next in
    # the list and the first follows the last. {names} is a list of names.
    return _("In order of play, the players are {names}.").format(names=and_list(scene.names))


def has(scene: Scene, seat: Seat) -> str:
    """ "Bo has 2 chips." / "You have no chips."."""
    count = scene.start.chips[seat]
    if scene.is_you(seat):
        if count == 0:
            # Translators: practice mode: the listener holds no chips.
            return _("You have no chips.")
        # Translators: practice mode: the listener holds {count} chips.
        return ngettext("You have {count} chip.", "You have {count} chips.", count).format(count=count)
    if count == 0:
        # Translators: practice mode: the player {name} holds no chips.
        return _("{name} has no chips.").format(name=scene.name(seat))
    # Translators: practice mode: the player {name} holds {count} chips.
    text = ngettext("{name} has {count} chip.", "{name} has {count} chips.", count)
    return text.format(name=scene.name(seat), count=count)


def pot_holds(scene: Scene) -> str:
    """ "The pot holds 4 chips." / "The pot is empty."."""
    count = scene.start.pot
    if count == 0:
        # Translators: practice mode: the centre pot holds no chips.
        return _("The pot is empty.")
    # Translators: practice mode: the centre pot holds {count} chips.
    return ngettext("The pot holds {count} chip.", "The pot holds {count} chips.", count).format(count=count)


def you_label() -> str:
    """The listener's own seat among a question's names and choices: "You"."""
    # Translators: practice mode: the listener's own seat, read among the players to choose from.
    return _("You")


def nobody_else() -> str:
    """ "Nobody else has any chips." (said after the one seat that holds chips)."""
    # Translators: practice mode: only the player just named holds chips.
    return _("Nobody else has any chips.")


def started_with(count: int) -> str:
    """ "Everyone started the game with 3 chips." (R2, R11: what a reset gives back)."""
    # Translators: practice mode: every player started the game with {count} chips (R11).
    return ngettext(
        "Everyone started the game with {count} chip.", "Everyone started the game with {count} chips.", count
    ).format(count=count)


def roll_sentence(scene: Scene, with_chips: bool = True) -> str:
    """ "You have 3 chips and roll L, dot, C." / "Bo reverses the dice and rolls R, C, dot."."""
    rolled = next(e for e in scene.events if isinstance(e, DiceRolled))
    seat, faces = rolled.seat, faces_list(rolled.faces)
    count, name = scene.start.chips[seat], scene.name(seat)
    if rolled.reversed:
        if scene.is_you(seat):
            # Translators: practice mode: the listener, holding {count} chips, pays 3 of them to reverse the
            # dice (R9) and rolls {faces} ("L, dot, C").
            text = ngettext(
                "You have {count} chip, reverse the dice and roll {faces}.",
                "You have {count} chips, reverse the dice and roll {faces}.",
                count,
            )
        else:
            # Translators: practice mode: {name}, holding {count} chips, pays 3 of them to reverse the dice
            # (R9) and rolls {faces} ("L, dot, C").
            text = ngettext(
                "{name} has {count} chip, reverses the dice and rolls {faces}.",
                "{name} has {count} chips, reverses the dice and rolls {faces}.",
                count,
            )
        return text.format(name=name, count=count, faces=faces)
    if not with_chips:  # the turn narration's sentence
        return phrases.rolls(name, [phrases.face(f) for f in rolled.faces], False, you=scene.is_you(seat))
    if scene.is_you(seat):
        # Translators: practice mode: the listener holds {count} chips and rolls {faces} ("L, dot, C").
        text = ngettext(
            "You have {count} chip and roll {faces}.", "You have {count} chips and roll {faces}.", count
        )
    else:
        # Translators: practice mode: {name} holds {count} chips and rolls {faces} ("L, dot, C").
        text = ngettext(
            "{name} has {count} chip and rolls {faces}.", "{name} has {count} chips and rolls {faces}.", count
        )
    return text.format(name=name, count=count, faces=faces)


def choices_sentence(scene: Scene) -> str:
    """Who the Wilds took from or gave to, in the turn narration's words: "You take a chip from Bo." (R7,
    R9); a seat chosen twice: "You take 2 chips from Bo."."""
    if not scene.chosen:
        return ""
    rolled = next(e for e in scene.events if isinstance(e, DiceRolled))
    you, name = scene.is_you(rolled.seat), scene.name(rolled.seat)
    sentences: list[str] = []
    for seat, count in Counter(scene.chosen).items():
        other, mine = scene.name(seat), scene.is_you(seat)
        if rolled.reversed:
            sentences.append(phrases.gives_to(name, other, count, you=you, to_you=mine))
        else:
            sentences.append(phrases.takes_from(name, other, count, you=you, from_you=mine))
    return " ".join(sentences)


def ask_chips(scene: Scene, seat: Seat) -> str:
    """ "How many chips does Bo have now?" / "... do you have now?" (a number)."""
    if scene.is_you(seat):
        # Translators: practice mode question (a number).
        return _("How many chips do you have now?")
    # Translators: practice mode question (a number) about the player {name}.
    return _("How many chips does {name} have now?").format(name=scene.name(seat))


def ask_pot() -> str:
    """ "How many chips are in the pot now?" (a number)."""
    # Translators: practice mode question (a number).
    return _("How many chips are in the pot now?")


def ask_dice(scene: Scene, seat: Seat, *, next_turn: bool) -> str:
    """ "How many dice does Bo roll?", or with ``next_turn`` those of the seat's next turn (a number, R4)."""
    if next_turn:
        if scene.is_you(seat):
            # Translators: practice mode question (a number): the dice of the listener's next turn.
            return _("If nobody passes you a chip, how many dice do you roll on your next turn?")
        # Translators: practice mode question (a number): the dice of {name}'s next turn.
        return _("If nobody passes {name} a chip, how many dice does {name} roll next turn?").format(
            name=scene.name(seat)
        )
    if scene.is_you(seat):
        # Translators: practice mode question (a number).
        return _("How many dice do you roll?")
    # Translators: practice mode question (a number) about the player {name}.
    return _("How many dice does {name} roll?").format(name=scene.name(seat))


def ask_dice_next_player(scene: Scene, seat: Seat) -> str:
    """ "Bo plays next. How many dice does Bo roll?" (a number, R4)."""
    # Translators: practice mode question (a number): {name} plays right after the roll just described.
    return _("{name} plays next. How many dice does {name} roll?").format(name=scene.name(seat))


def ask_receiver(scene: Scene, source: Place) -> str:
    """ "Who gets your chip?" / "Who gets Bo's chip?" / "Who gets the pot?" (a player)."""
    if source == POT:
        # Translators: practice mode question: pick a player.
        return _("Who gets the pot?")
    if scene.is_you(source):
        # Translators: practice mode question: pick a player.
        return _("Who gets your chip?")
    # Translators: practice mode question: pick a player. {name} is the player who rolled.
    return _("Who gets {name}'s chip?").format(name=scene.name(source))


def ask_next() -> str:
    """ "Who rolls next?" (a player, R1, R4)."""
    # Translators: practice mode question: pick a player.
    return _("Who rolls next?")


def ask_winner() -> str:
    """ "Who wins the game?" (a player, R8, R10)."""
    # Translators: practice mode question: pick a player.
    return _("Who wins the game?")


def ask_total(scene: Scene, seat: Seat) -> str:
    """ "If Bo wins, with how many chips?" (a number, R12)."""
    if scene.is_you(seat):
        # Translators: practice mode question (a number): the listener's total when they win, pot included.
        return _("If you win, with how many chips?")
    # Translators: practice mode question (a number): {name}'s total when they win, pot included.
    return _("If {name} wins, with how many chips?").format(name=scene.name(seat))


def ask_over() -> str:
    """ "Is the game over?" (yes or no)."""
    # Translators: practice mode question (yes or no).
    return _("Is the game over?")


def ask_wins(scene: Scene, seat: Seat) -> str:
    """ "Does Bo win?" / "Do you win?" (yes or no)."""
    if scene.is_you(seat):
        # Translators: practice mode question (yes or no).
        return _("Do you win?")
    # Translators: practice mode question (yes or no) about the player {name}.
    return _("Does {name} win?").format(name=scene.name(seat))


def ask_rolls_next(scene: Scene, seat: Seat) -> str:
    """ "Does Bo roll next?" (yes or no, R4)."""
    # Translators: practice mode question (yes or no) about the player {name}.
    return _("Does {name} roll next?").format(name=scene.name(seat))


def ask_out(scene: Scene, seat: Seat) -> str:
    """ "Is Bo out of the game?" (yes or no, R4)."""
    # Translators: practice mode question (yes or no) about the player {name}, who has no chips (R4).
    return _("Is {name} out of the game?").format(name=scene.name(seat))


def ask_can_choose(scene: Scene, target: Place) -> str:
    """ "Can your Wild take a chip from Bo?" / "... from the pot?" (yes or no, R6, R7)."""
    if target == POT:
        # Translators: practice mode question (yes or no) about the listener's Wild (R7).
        return _("Can your Wild take a chip from the pot?")
    # Translators: practice mode question (yes or no) about the listener's Wild and the player {name} (R6,
    # R7).
    return _("Can your Wild take a chip from {name}?").format(name=scene.name(target))


def ask_may_reverse(scene: Scene, seat: Seat) -> str:
    """ "It's Bo's turn. May Bo reverse the dice?" (yes or no, R9)."""
    if scene.is_you(seat):
        # Translators: practice mode question (yes or no): reversible dice (R9).
        return _("It's your turn. May you reverse the dice?")
    # Translators: practice mode question (yes or no) about the player {name}: reversible dice (R9).
    return _("It's {name}'s turn. May {name} reverse the dice?").format(name=scene.name(seat))


def ask_face_count(face: Face) -> str:
    """ "How many faces of a die show a dot?" for a dot, a Wild or a letter (a number, R3)."""
    if face is Face.DOT:
        # Translators: practice mode question (a number) about one die (R3).
        return _("How many faces of a die show a dot?")
    if face is Face.WILD:
        # Translators: practice mode question (a number) about one die with Wild dice on (R3).
        return _("With Wild dice on, how many faces of a die show a Wild?")
    # Translators: practice mode question (a number) about one die (R3); {letter} is L, C or R.
    return _("How many faces of a die show the letter {letter}?").format(letter=phrases.face(face))


def ask_face_count_wild_dots() -> str:
    """ "With Wild dice on, how many faces of a die show a dot?" (a number, R3)."""
    # Translators: practice mode question (a number) about one die with Wild dice on (R3).
    return _("With Wild dice on, how many faces of a die show a dot?")


def conclusion(scene: Scene, ask: Ask, subject: Place, answer: int | bool, face: Face | None) -> str:
    """The last sentence of an explanation: the right answer, said plainly."""
    you = scene.is_you(subject)
    name = scene.name(subject) if 0 <= subject < len(scene.names) else ""
    number = int(answer)
    if ask is Ask.FACE_COUNT:
        # Translators: practice mode explanation (R3): {faces} lists the six faces of one die ("L, C, R, dot,
        # dot, dot"), {count} how many show the face asked about.
        text = ngettext(
            "A die has these six faces: {faces}. So the answer is {count}.",
            "A die has these six faces: {faces}. So the answer is {count}.",
            number,
        )
        return text.format(faces=faces_list(scene.start.rules.die), count=number)
    if ask is Ask.CHIPS and number == 0:
        if you:
            # Translators: practice mode explanation, last sentence: the listener has no chips left.
            return _("So you have no chips now.")
        # Translators: practice mode explanation, last sentence: {name} has no chips left.
        return _("So {name} has no chips now.").format(name=name)
    if ask is Ask.CHIPS:
        if you:
            # Translators: practice mode explanation, last sentence: the listener's chips now.
            text = ngettext("So you have {count} chip now.", "So you have {count} chips now.", number)
        else:
            # Translators: practice mode explanation, last sentence: {name}'s chips now.
            text = ngettext("So {name} has {count} chip now.", "So {name} has {count} chips now.", number)
        return text.format(name=name, count=number)
    if ask is Ask.POT:
        if number == 0:
            # Translators: practice mode explanation, last sentence: the pot is empty now.
            return _("So the pot is empty now.")
        # Translators: practice mode explanation, last sentence: the pot holds {count} chips now.
        return ngettext(
            "So the pot holds {count} chip now.", "So the pot holds {count} chips now.", number
        ).format(count=number)
    if ask is Ask.DICE:
        return _dice_conclusion(scene, subject, number, you, name)
    if ask in (Ask.RECEIVER, Ask.NEXT, Ask.WINNER) and scene.is_you(number):
        # Translators: practice mode explanation, last sentence of a question whose answer is the listener.
        return _("So the answer is you.")
    if ask in (Ask.RECEIVER, Ask.NEXT, Ask.WINNER):
        # Translators: practice mode explanation, last sentence of a question answered with a player.
        return _("So the answer is {name}.").format(name=scene.name(number))
    if ask is Ask.WIN_TOTAL:
        if you:
            # Translators: practice mode explanation, last sentence: the listener's winning total (R12).
            text = ngettext("So you win with {count} chip.", "So you win with {count} chips.", number)
        else:
            # Translators: practice mode explanation, last sentence: {name}'s winning total (R12).
            text = ngettext("So {name} wins with {count} chip.", "So {name} wins with {count} chips.", number)
        return text.format(name=name, count=number)
    if ask is Ask.OVER:
        if answer:
            # Translators: practice mode explanation, last sentence: yes, the game is over.
            return _("So yes, the game is over.")
        # Translators: practice mode explanation, last sentence: no, the game goes on.
        return _("So no, the game goes on.")
    if ask is Ask.WINS:
        return _wins_conclusion(bool(answer), you, name)
    if ask is Ask.ROLLS_NEXT:
        if answer:
            # Translators: practice mode explanation, last sentence: yes, {name} rolls next.
            return _("So yes, {name} rolls next.").format(name=name)
        # Translators: practice mode explanation, last sentence: no, {other} rolls next, not {name}.
        return _("So no: {other} rolls next, not {name}.").format(
            other=scene.name(scene.after.seat), name=name
        )
    if ask is Ask.OUT:
        # Translators: practice mode explanation: a player without chips is not out (R4). {name} is that
        # player.
        return _(
            "No: {name} stays in the game without chips, only skipped until a chip comes back. Nobody is out "
            "until the game ends."
        ).format(name=name)
    if ask is Ask.CAN_CHOOSE:
        return _choose_conclusion(scene, subject, bool(answer), name)
    return _reverse_conclusion(scene, subject, bool(answer), you, name)


def _dice_conclusion(scene: Scene, seat: Place, count: int, you: bool, name: str) -> str:
    if scene.after.reversed and scene.after.seat == seat:
        if you:
            # Translators: practice explanation (R9): reversed dice are always {count} (3), whatever is left.
            return ngettext(
                "Reversed dice are always rolled {count} at a time, so you roll {count}.",
                "Reversed dice are always rolled {count} at a time, so you roll {count}.",
                count,
            ).format(count=count)
        # Translators: practice explanation (R9): reversed dice are always {count} (3), whatever is left.
        return ngettext(
            "Reversed dice are always rolled {count} at a time, so {name} rolls {count}.",
            "Reversed dice are always rolled {count} at a time, so {name} rolls {count}.",
            count,
        ).format(count=count, name=name)
    if count == 0:
        if you:
            # Translators: practice mode explanation (R4): the listener has no chips, so rolls no dice.
            return _("With no chips you don't roll at all: the dice pass you by. So the answer is 0.")
        # Translators: practice mode explanation (R4): {name} has no chips, so rolls no dice.
        return _(
            "With no chips {name} doesn't roll at all: the dice pass {name} by. So the answer is 0."
        ).format(name=name)
    chips = scene.after.chips[seat]
    if you:
        # Translators: practice mode explanation (R4): the listener's chips, and the rule for dice; {most} is
        # the most dice a player rolls (3).
        text = ngettext(
            "You have {chips} chip, and you roll one die per chip, but never more than {most}.",
            "You have {chips} chips, and you roll one die per chip, but never more than {most}.",
            chips,
        )
        # Translators: practice mode explanation (R4), last sentence: the listener rolls {count} dice.
        last = ngettext("So you roll {count} die.", "So you roll {count} dice.", count)
    else:
        # Translators: practice mode explanation (R4): {name}'s chips, and the rule for dice; {most} is the
        # most dice a player rolls (3).
        text = ngettext(
            "{name} has {chips} chip, and rolls one die per chip, but never more than {most}.",
            "{name} has {chips} chips, and rolls one die per chip, but never more than {most}.",
            chips,
        )
        # Translators: practice mode explanation (R4), last sentence: {name} rolls {count} dice.
        last = ngettext("So {name} rolls {count} die.", "So {name} rolls {count} dice.", count)
    said = text.format(name=name, chips=chips, most=MAX_DICE)
    return " ".join((said, last.format(name=name, count=count)))


def _wins_conclusion(answer: bool, you: bool, name: str) -> str:
    if answer and you:
        # Translators: practice mode explanation, last sentence: yes, the listener wins.
        return _("So yes, you win.")
    if answer:
        # Translators: practice mode explanation, last sentence: yes, {name} wins.
        return _("So yes, {name} wins.").format(name=name)
    if you:
        # Translators: practice mode explanation, last sentence: no, the listener doesn't win (yet).
        return _("So no, you don't win this time.")
    # Translators: practice mode explanation, last sentence: no, {name} doesn't win (yet).
    return _("So no, {name} doesn't win this time.").format(name=name)


def _choose_conclusion(scene: Scene, target: Place, answer: bool, name: str) -> str:
    if target == POT:
        # Translators: practice mode explanation (R7): a Wild never takes from the pot.
        return _("No: a Wild takes chips only from other players, never from the pot.")
    if answer and scene.start.chips[target] == 0:
        # Translators: practice mode explanation (R6): the letters are played before the Wild, and one of them
        # gave {name} a chip.
        return _(
            "So yes: the letters are played before the Wild, so by then {name} has a chip to take."
        ).format(name=name)
    if answer:
        # Translators: practice mode explanation (R7): {name} has a chip when the Wild is played.
        return _("So yes: {name} has a chip when your Wild is played.").format(name=name)
    # Translators: practice mode explanation (R7): {name} has no chip when the Wild is played.
    return _("So no: {name} has no chip when your Wild is played.").format(name=name)


def _reverse_conclusion(scene: Scene, seat: Place, answer: bool, you: bool, name: str) -> str:
    count = scene.start.chips[seat]
    if answer and you:
        # Translators: practice mode explanation (R9): {count} chips is more than 3, so the listener may
        # reverse.
        text = _("Yes: with {count} chips, more than 3, you may pay 3 into the pot and reverse the dice.")
    elif answer:
        # Translators: practice mode explanation (R9): {count} chips is more than 3, so {name} may reverse.
        text = _("Yes: with {count} chips, more than 3, {name} may pay 3 into the pot and reverse the dice.")
    elif you:
        # Translators: practice mode explanation (R9): the listener has {count} chips, 3 or fewer.
        text = ngettext(
            "No: reversing needs more than 3 chips, and you have {count}.",
            "No: reversing needs more than 3 chips, and you have {count}.",
            count,
        )
    else:
        # Translators: practice mode explanation (R9): {name} has {count} chips, 3 or fewer.
        text = ngettext(
            "No: reversing needs more than 3 chips, and {name} has {count}.",
            "No: reversing needs more than 3 chips, and {name} has {count}.",
            count,
        )
    return text.format(name=name, count=count)


def holders_text(scene: Scene) -> list[str]:
    """Every seat's chips at the start: "Bo has 2 chips." per holder, then "Cy and Dee have no chips."."""
    holders = [s for s in range(len(scene.names)) if scene.start.chips[s] > 0]
    empties = [scene.name(s) for s in range(len(scene.names)) if scene.start.chips[s] == 0]
    # Translators: practice mode: the players {names} hold no chips; the plural is for more than one.
    text = ngettext("{names} has no chips.", "{names} have no chips.", len(empties))
    out = [has(scene, s) for s in holders]
    if empties:
        out.append(text.format(names=and_list(empties)))
    return out


def reverses(scene: Scene, seat: Seat) -> str:
    """ "Bo puts 3 chips in the pot to reverse the dice." / "You put ..." (R9)."""
    if scene.is_you(seat):
        # Translators: practice mode: the listener pays 3 chips into the pot to reverse the dice (R9).
        return _("You put 3 chips in the pot to reverse the dice.")
    # Translators: practice mode: {name} pays 3 chips into the pot to reverse the dice (R9).
    return _("{name} puts 3 chips in the pot to reverse the dice.").format(name=scene.name(seat))
