"""Engine events to spoken sentences for a player who listens (DESIGN.md §1, §3).

Brief by design: one turn is one utterance ("Ana rolls L, dot, C. Ana 1, Bo 4, pot 1."), letters that move
a chip are heard in the faces and the summary rather than told again, and nothing is said twice.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from ..engine import (
    POT,
    REVERSAL_COST,
    Cause,
    ChipsMoved,
    ChipsReset,
    DiceReversed,
    DiceRolled,
    Event,
    Face,
    GameStarted,
    GameState,
    GameWon,
    NothingMoved,
    Phase,
    Place,
    ReversalDeclined,
    Seat,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
    left_of,
    right_of,
)
from . import phrases
from .utterance import Priority, Utterance

_WILD_CAUSES = frozenset({Cause.WILD_TAKE, Cause.WILD_GIVE, Cause.THREE_WILDS, Cause.REVERSED_THREE_WILDS})


@dataclass
class _Turn:
    """What one turn has said so far in the batch being narrated: sentences in order, some still counting."""

    roller: Seat
    parts: list[str | list[int]] = field(default_factory=list)
    """Finished sentences, or a one-item counter to be rendered by ``renders`` at the same index."""
    renders: dict[int, tuple[str, Place]] = field(default_factory=dict)
    keys: dict[tuple[str, Place], int] = field(default_factory=dict)
    cues: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        self.parts.append(text)

    def once(self, text: str) -> None:
        """Say ``text`` unless this turn's batch already said it."""
        if text not in self.parts:
            self.parts.append(text)

    def count(self, kind: str, place: Place) -> None:
        """Count one more of ``kind`` at ``place``, said once as a total ("takes 2 chips from Bo")."""
        key = (kind, place)
        if key in self.keys:
            counter = self.parts[self.keys[key]]
            assert isinstance(counter, list)
            counter[0] += 1
            return
        self.keys[key] = len(self.parts)
        self.renders[len(self.parts)] = key
        self.parts.append([1])


class Narrator:
    """Turns the events of each engine step into utterances, and answers the info keys.

    One narrator follows one game: it remembers where the current turn began so that a turn split over
    several steps (a Wild choice, a reversal) is summed up once, at its end.

    Args:
        names: ``names[i]`` is seat ``i``'s name.
        humans: the seats played by people at this keyboard; they get prompts, the others do not.
        roll_key: the spoken name of the roll key; default "Space", translated.
        yes_key: the spoken name of the key that answers yes.
        no_key: the spoken name of the key that answers no.
    """

    def __init__(
        self,
        names: Sequence[str],
        humans: Collection[int] = (),
        *,
        roll_key: str | None = None,
        yes_key: str = "Y",
        no_key: str = "N",
    ) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.humans: frozenset[Seat] = frozenset(humans)
        self.roll_key = roll_key
        self.yes_key = yes_key
        self.no_key = no_key
        self._turn_start: tuple[Seat, tuple[int, ...], int] | None = None
        """Where the turn under way began: its seat, every seat's chips and the pot."""
        self._held: _Turn | None = None
        """What a computer player's unfinished turn has done so far, to be told with the rest of it."""

    # --- names ----------------------------------------------------------------------------------------

    def name(self, seat: Seat) -> str:
        """The name of ``seat``; "Seat N" (translated) for a seat without a name."""
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return phrases.seat_fallback(seat + 1)

    def face(self, face: Face) -> str:
        """The spoken name of a die face: "L", "C", "R", "dot", "Wild"."""
        return phrases.face(face)

    # --- events ---------------------------------------------------------------------------------------

    def narrate(self, events: Sequence[Event], state: GameState) -> list[Utterance]:
        """Say what one batch of events (one ``step()`` or ``new_game()``) did.

        Args:
            events: the batch, in order.
            state: the state after the batch.

        A turn is one utterance: its roll and what the roll did, then the chips of the roller, of every
        seat whose chips changed and of the pot if it changed. A person's turn that stops for a decision
        (a Wild) is told in two parts, the roll before the question and the rest, with the summary, after
        it. A computer player's unfinished turn is held back and told whole once it ends.

        Returns:
            The utterances in the order to say them: the turns, the skipped players, a reset, a win, and
            last, when a person at the keyboard must decide, the question for them (see :meth:`prompt`).
        """
        players = state.rules.players
        chips, pot = _before(events, state)
        batch_start = (tuple(chips), pot)
        out: list[Utterance] = []
        turn: _Turn | None = self._held  # a computer's turn is told whole, once it ends
        self._held = None
        skipped: list[Seat] = []
        game_started = False
        turn_started = False
        winnings: list[int] = []
        if turn is not None:
            roller = turn.roller
        elif self._turn_start is not None:
            roller = self._turn_start[0]
        else:
            roller = _first_roller(events, state)

        def flush_turn() -> None:
            nonlocal turn
            if turn is not None and (turn.parts or turn.cues):
                out.append(self._turn_utterance(turn))
            turn = None

        def flush_skipped() -> None:
            if skipped:
                out.append(Utterance(phrases.skipped([self.name(s) for s in skipped])))
                skipped.clear()

        def current() -> _Turn:
            nonlocal turn
            if turn is None:
                turn = _Turn(roller)
            return turn

        for event in events:
            if not isinstance(event, TurnSkipped):
                flush_skipped()
            if isinstance(event, GameStarted):
                game_started = True
                turn, self._turn_start = None, None  # a new game: nothing of the last one is pending
                chips, pot = [event.chips] * event.players, 0
                text = phrases.game_started([self.name(s) for s in range(event.players)], event.chips)
                if event.first not in self.humans:
                    text = " ".join((text, phrases.rolls_first(self.name(event.first))))
                out.append(Utterance(text, Priority.IMPORTANT))
            elif isinstance(event, TurnStarted):
                flush_turn()
                roller = event.seat
                turn_started = True
                self._turn_start = (event.seat, tuple(chips), pot)
            elif isinstance(event, TurnSkipped):
                flush_turn()
                skipped.append(event.seat)
            elif isinstance(event, DiceReversed):
                roller = event.seat
                current().cues.append("reverse")
            elif isinstance(event, ReversalDeclined):
                roller = event.seat  # nothing to say: the roll that follows says it all
            elif isinstance(event, DiceRolled):
                roller = event.seat
                faces = [self.face(f) for f in event.faces]
                current().say(phrases.rolls(self.name(event.seat), faces, event.reversed))
                current().cues.append("dice")
            elif isinstance(event, ChipsMoved):
                chips, pot = _apply(chips, pot, event)
                if event.cause is Cause.WINNINGS:
                    winnings.append(event.count)
                    continue
                self._moved(current(), event, players)
            elif isinstance(event, NothingMoved):
                roller = event.seat
                self._nothing(current(), event)
            elif isinstance(event, TurnEnded):
                t = current()
                t.roller = event.seat
                t.say(self._summary(event, batch_start))
                flush_turn()
                self._turn_start = None
            elif isinstance(event, ChipsReset):
                flush_turn()
                chips = [event.chips] * len(chips)
                out.append(Utterance(phrases.reset(event.chips, event.pot), Priority.IMPORTANT, ("reset",)))
            elif isinstance(event, GameWon):
                flush_turn()
                from_pot = sum(winnings)
                text = phrases.wins(self.name(event.seat), event.total, event.reason, from_pot)
                cues = ("chip-pot", "win") if from_pot else ("win",)
                out.append(Utterance(text, Priority.IMPORTANT, cues))
                self._turn_start = None
        if turn is not None and turn.roller not in self.humans:
            self._held = turn  # mid-turn: a computer player's choice is still to come
        else:
            flush_turn()  # mid-turn: a person hears the roll before choosing
        flush_skipped()
        question = self._question(state, turn_start=turn_started, game_start=game_started)
        if question is not None:
            out.append(question)
        return out

    def _turn_utterance(self, turn: _Turn) -> Utterance:
        sentences: list[str] = []
        for index, part in enumerate(turn.parts):
            if isinstance(part, str):
                sentences.append(part)
                continue
            kind, place = turn.renders[index]
            sentences.append(self._counted(turn.roller, kind, place, part[0]))
        priority = Priority.IMPORTANT if turn.roller in self.humans else Priority.EVENT
        return Utterance(" ".join(sentences), priority, tuple(turn.cues))

    def _counted(self, roller: Seat, kind: str, place: Place, count: int) -> str:
        name = self.name(roller)
        if kind == "take":
            if place == POT:
                return phrases.takes_from_pot(name, count)
            return phrases.takes_from(name, self.name(place), count)
        if kind == "give-nothing":
            return phrases.wild_gives_nothing(name, count)
        return phrases.wild_takes_nothing(count)

    def _moved(self, turn: _Turn, event: ChipsMoved, players: int) -> None:
        """Add what a chip move says (most say nothing: the faces and the summary tell it) and its cue."""
        cause, roller = event.cause, turn.roller
        if cause in (Cause.WILD_TAKE, Cause.REVERSED_LEFT, Cause.REVERSED_RIGHT, Cause.REVERSED_CENTER):
            turn.roller = roller = event.target
            turn.count("take", event.source)
        elif cause is Cause.WILD_GIVE:
            turn.roller = roller = event.source
            turn.say(phrases.gives_to(self.name(roller), self.name(event.target)))
        elif cause is Cause.THREE_WILDS:
            turn.say(phrases.three_wilds(self.name(event.target), event.count))
        elif cause is Cause.REVERSED_THREE_WILDS:
            turn.say(phrases.three_reversed_wilds(self.name(event.source), event.count))
        elif cause is Cause.REVERSAL_COST:
            turn.say(phrases.reverses(self.name(event.source), event.count))
        turn.cues.append(_cue(event, roller, players))

    def _nothing(self, turn: _Turn, event: NothingMoved) -> None:
        """Add what a face with nothing to act on says."""
        cause = event.cause
        if cause is Cause.WILD_TAKE:
            turn.count("take-nothing", POT)
        elif cause is Cause.WILD_GIVE:
            turn.count("give-nothing", event.seat)
        elif cause is Cause.REVERSED_CENTER:
            turn.once(phrases.pot(0))
        elif cause in (Cause.REVERSED_LEFT, Cause.REVERSED_RIGHT) and event.source is not None:
            turn.once(phrases.nothing_to_take(self.name(event.source)))
        elif cause is Cause.THREE_WILDS:
            turn.say(phrases.three_wilds(self.name(event.seat), 0))
        elif cause is Cause.REVERSED_THREE_WILDS:
            turn.say(phrases.three_reversed_wilds(self.name(event.seat), 0))

    def _summary(self, event: TurnEnded, batch_start: tuple[tuple[int, ...], int]) -> str:
        """The chips after a turn: the roller, every seat whose chips changed, then the pot if it changed."""
        if self._turn_start is not None and self._turn_start[0] == event.seat:
            before, pot_before = self._turn_start[1], self._turn_start[2]
        else:  # a narrator that joined mid-turn: changes since it joined
            before, pot_before = batch_start
        players = len(event.chips)
        order = [(event.seat + k) % players for k in range(players)]
        items = [
            phrases.count_item(self.name(s), event.chips[s])
            for s in order
            if s == event.seat or s >= len(before) or event.chips[s] != before[s]
        ]
        if event.pot != pot_before:
            items.append(phrases.pot_item(event.pot))
        return phrases.counts(items)

    # --- questions ------------------------------------------------------------------------------------

    def _question(self, state: GameState, *, turn_start: bool, game_start: bool) -> Utterance | None:
        """The question for a person whose decision is pending after a batch, or None."""
        if state.over or state.seat not in self.humans:
            return None
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            return Utterance(self._choose(state), Priority.IMPORTANT)
        if not turn_start:  # after a reversal was decided: just the roll
            text = phrases.press_to_roll(self._roll_key(), state.dice_to_roll, state.reversed)
            return Utterance(text, Priority.IMPORTANT)
        return Utterance(self._turn_prompt(state, chips=not game_start), Priority.IMPORTANT, ("turn",))

    def _roll_key(self) -> str:
        return self.roll_key if self.roll_key is not None else phrases.roll_key()

    @staticmethod
    def _choose(state: GameState) -> str:
        return phrases.choose_give() if state.phase is Phase.WILD_GIVE else phrases.choose_take()

    def _turn_prompt(self, state: GameState, *, chips: bool = True) -> str:
        """ "Your turn, Ana. You have 3 chips." and the question of the phase."""
        sentences = [phrases.your_turn(self.name(state.seat))]
        if chips:
            sentences.append(phrases.you_have(state.chips[state.seat]))
        if state.phase is Phase.REVERSE:
            sentences.append(phrases.reverse_question(REVERSAL_COST, self.yes_key, self.no_key))
        elif state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            sentences.append(self._choose(state))
        else:
            sentences.append(phrases.press_to_roll(self._roll_key(), state.dice_to_roll, state.reversed))
        return " ".join(sentences)

    def prompt(self, state: GameState) -> Utterance | None:
        """The question for the person whose decision is pending (Priority.IMPORTANT), to ask it again.

        Rolling or reversing: "Your turn, Ana. You have 3 chips. Press Space to roll 3 dice." with the
        "turn" cue; a Wild: "Choose who to take a chip from." (or give to). None when the seat to play is
        not played at this keyboard, or the game is over. :meth:`narrate` already ends with this question
        whenever a batch leaves a person to decide.
        """
        if state.over or state.seat not in self.humans:
            return None
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            return Utterance(self._choose(state), Priority.IMPORTANT)
        return Utterance(self._turn_prompt(state), Priority.IMPORTANT, ("turn",))

    # --- answers to the info keys ---------------------------------------------------------------------

    def status(self, state: GameState) -> Utterance:
        """Every seat's chips and the pot, seat 1 first: "Ana 1, Bo 4, Cy 3, pot 1." (the S key)."""
        items = [phrases.count_item(self.name(s), n) for s, n in enumerate(state.chips)]
        items.append(phrases.pot_item(state.pot))
        return Utterance(phrases.counts(items), Priority.ANSWER)

    def pot(self, state: GameState) -> Utterance:
        """The pot: "Pot: 4 chips." or "The pot is empty." (the C key)."""
        return Utterance(phrases.pot(state.pot), Priority.ANSWER)

    def whose_turn(self, state: GameState) -> Utterance:
        """Whose turn it is (the T key).

        A person at this keyboard hears their whole question again ("Your turn, Ana. You have 3 chips.
        Press Space to roll 3 dice."); a computer player's turn is "Bo's turn, with 4 chips." or "Bo is
        choosing who to take a chip from."; after the game, who won.
        """
        if state.over:
            winner = state.winner if state.winner is not None else state.seat
            return Utterance(phrases.game_over(self.name(winner), state.chips[winner]), Priority.ANSWER)
        if state.seat in self.humans:
            return Utterance(self._turn_prompt(state), Priority.ANSWER)
        name = self.name(state.seat)
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            return Utterance(phrases.choosing(name, state.phase is Phase.WILD_GIVE), Priority.ANSWER)
        return Utterance(phrases.turn_of(name, state.chips[state.seat]), Priority.ANSWER)

    def seat(self, state: GameState, seat: int) -> Utterance:
        """One seat's chips (the digit keys): "Seat 2, Bo: 4 chips.".

        Args:
            state: the game.
            seat: the seat index, 0-based like the engine's (the 2 key is seat 1); spoken as its number.

        A seat the table does not have: "There is no seat 7; this table has 4 seats."
        """
        players = len(state.chips)
        if not 0 <= seat < players:
            return Utterance(phrases.no_such_seat(seat + 1, players), Priority.ANSWER)
        return Utterance(phrases.seat(seat + 1, self.name(seat), state.chips[seat]), Priority.ANSWER)


# --- chip bookkeeping -------------------------------------------------------------------------------------


def _apply(chips: list[int], pot: int, event: ChipsMoved) -> tuple[list[int], int]:
    chips = list(chips)
    for place, sign in ((event.source, -1), (event.target, +1)):
        if place == POT:
            pot += sign * event.count
        elif 0 <= place < len(chips):
            chips[place] += sign * event.count
    return chips, pot


def _before(events: Sequence[Event], state: GameState) -> tuple[list[int], int]:
    """Every seat's chips and the pot before ``events``, worked back from the state after them."""
    chips, pot = list(state.chips), state.pot
    for event in reversed(events):
        if isinstance(event, ChipsMoved):
            undo = ChipsMoved(event.target, event.source, event.count, event.cause)
            chips, pot = _apply(chips, pot, undo)
        elif isinstance(event, ChipsReset):
            chips = [0] * len(chips)  # a reset happens only when nobody holds a chip (R11)
    return chips, pot


def _first_roller(events: Sequence[Event], state: GameState) -> Seat:
    """The seat whose turn a batch begins in, for a narrator that did not see that turn start."""
    for event in events:
        if isinstance(
            event, (TurnStarted, DiceReversed, ReversalDeclined, DiceRolled, NothingMoved, TurnEnded)
        ):
            return event.seat
        if isinstance(event, ChipsMoved):
            return event.source if event.cause is Cause.WILD_GIVE else event.target
    return state.seat


def _cue(event: ChipsMoved, roller: Seat, players: int) -> str:
    """The sound of one chip move: "wild" for Wilds, else by where the chip went as seen by the roller."""
    if event.cause in _WILD_CAUSES:
        return "wild"
    if POT in (event.source, event.target):
        return "chip-pot"
    other = event.target if event.source == roller else event.source
    if other == left_of(roller, players):
        return "chip-left"
    if other == right_of(roller, players):
        return "chip-right"
    return "wild"
