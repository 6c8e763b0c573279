"""Engine events to spoken sentences for a player who listens (DESIGN.md §1, §3).

One turn is one utterance, as short or as full as the :class:`Verbosity` in force:

- brief: "Ana: L, dot, C. Ana 1, Bo 4, pot 1.";
- normal: "Ana rolls L, dot, C: one chip to Bo, one to the pot. Ana 1, Bo 4, pot 1.";
- full: "Ana rolls 3 dice: L, dot, C. The L passes a chip to Bo, on the left. The dot keeps a chip. The C
  puts a chip in the pot. Ana 1, Bo 4, pot 1.".

When exactly one seat is played at this keyboard, sentences about that seat speak to the player ("You roll
L, dot, C.", "Ana takes a chip from you."), and so do the counts that end a turn ("Ana 2, you 4."); the S
and digit keys keep every name. Nothing is said twice, and repeated moves of a turn are said once with their
total ("Ana gives 2 chips to Cy."). Brief messages say where each Wild went within the roll ("Bo: Wild from
Cy, dot, R.") and a reversal with it ("Bo, reversed: L, dot, C.").
The words are chosen when an utterance is made, so a change of verbosity applies to the next one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import assert_never

from lcr_audio.cues import Cue
from lcr_audio.engine import (
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
    WinCondition,
    left_of,
    right_of,
)
from lcr_audio.narration import phrases
from lcr_audio.narration.facts import ONE_WILD, THREE, Did, Outcome, outcome
from lcr_audio.narration.utterance import Utterance
from lcr_audio.narration.verbosity import Verbosity
from lcr_audio.narration.you import you_in_list

_Part = Callable[[], str]
"""One sentence of a turn, worded when the turn is told (an empty string says nothing)."""


@dataclass
class _Roll:
    """A roll and, when not reversed, where its letters sent chips (in die order); ``wilds``: where each
    Wild took a chip from (or, reversed, gave one to), in die order, once the turn has chosen; None for a
    Wild that found nothing to take or give."""

    seat: Seat
    faces: tuple[Face, ...]
    reversed: bool
    players: int
    moves: list[tuple[Cause, Place, int]] = field(default_factory=list)
    wilds: list[Place | None] = field(default_factory=list)


@dataclass
class _Count:
    """Moves of one kind, by ``seat``, to or from one place, said once with their total."""

    kind: Did
    seat: Seat
    place: Place
    n: int = 1


@dataclass
class _Turn:
    """What one turn has done so far in the batch being narrated, to be worded when it is told."""

    roller: Seat
    parts: list[_Part] = field(default_factory=list)
    keys: dict[tuple[Did, Place], _Count] = field(default_factory=dict)
    said: set[object] = field(default_factory=set)
    roll: _Roll | None = None
    cues: list[Cue] = field(default_factory=list)

    def say(self, part: _Part) -> None:
        self.parts.append(part)

    def once(self, key: object, part: _Part) -> None:
        """Say ``part`` unless this turn's batch already said something under ``key``."""
        if key not in self.said:
            self.said.add(key)
            self.parts.append(part)

    def count(self, kind: Did, seat: Seat, place: Place) -> _Count | None:
        """Count one more of ``kind`` at ``place``; returns the new counter to be said, None if counted."""
        key = (kind, place)
        if key in self.keys:
            self.keys[key].n += 1
            return None
        counter = self.keys[key] = _Count(kind, seat, place)
        return counter


class Narrator:
    """Turns the events of each engine step into utterances, and answers the info keys.

    One narrator follows one game: it remembers where the current turn began so that a turn split over
    several steps (a Wild choice, a reversal) is summed up once, at its end.

    Args:
        names: ``names[i]`` is seat ``i``'s name.
        humans: the seats played by people at this keyboard; they get prompts, the others do not. When there
            is exactly one, sentences about it are said to "you".
        roll_key: the spoken name of the roll key; default "Space", translated.
        yes_key: the spoken name of the key that answers yes.
        no_key: the spoken name of the key that answers no.
        explain_key: the spoken name of the key that explains reversing, named in the reversal question.
        verbosity: how much to say about each turn; the :attr:`verbosity` attribute may change at any time
            and the next utterance follows it.
        computers: the seats of computer players; default every seat not in ``humans`` (at an online
            table, the other people's seats are neither).
        careful: the seats of careful computer players, named at the start of the game.
        game_number: the game's number at this table (1 for the first); from 2 on, the opening names it.
    """

    def __init__(
        self,
        names: Sequence[str],
        humans: Collection[int] = (),
        *,
        roll_key: str | None = None,
        yes_key: str = "Y",
        no_key: str = "N",
        explain_key: str = "E",
        verbosity: Verbosity = Verbosity.NORMAL,
        physical: bool = False,
        computers: Collection[int] | None = None,
        careful: Collection[int] = (),
        game_number: int = 1,
    ) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.game_number = game_number
        self.careful: frozenset[Seat] = frozenset(careful)
        self.computers: frozenset[Seat] | None = None if computers is None else frozenset(computers)
        self.physical = physical
        """Real dice (the scorekeeper): the roll question asks for the faces instead of a key."""
        self.humans: frozenset[Seat] = frozenset(humans)
        self.roll_key = roll_key
        self.yes_key = yes_key
        self.no_key = no_key
        self.explain_key = explain_key
        self.verbosity: Verbosity = verbosity
        self._turn_start: tuple[Seat, tuple[int, ...], int] | None = None
        """Where the turn under way began: its seat, every seat's chips and the pot."""
        self._held: _Turn | None = None
        """What a computer player's unfinished turn has done so far, to be told with the rest of it."""
        self._touched: dict[Place, None] = {}
        """The seats (and the pot) that chips left or reached in the turn under way, in that order."""
        self._choice_keys_said = False
        """The keys of a Wild's choice were said in full once (a later Wild question names them short)."""

    def _computer(self, seat: Seat) -> bool:
        return seat in self.computers if self.computers is not None else seat not in self.humans

    # --- names ----------------------------------------------------------------------------------------

    def name(self, seat: Seat) -> str:
        """The name of ``seat``; "Seat N" (translated) for a seat without a name."""
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return phrases.seat_fallback(seat + 1)

    def face(self, face: Face) -> str:
        """The spoken name of a die face: "L", "C", "R", "dot", "Wild"."""
        return phrases.face(face)

    def _you(self, place: Place | None) -> bool:
        """Whether sentences about ``place`` speak to the player: it is the one seat at this keyboard."""
        return place is not None and place >= 0 and len(self.humans) == 1 and place in self.humans

    @property
    def _brief(self) -> bool:
        return self.verbosity is Verbosity.BRIEF

    # --- events ---------------------------------------------------------------------------------------

    def narrate(
        self, events: Sequence[Event], state: GameState, *, hold: bool = True, ask: bool = True
    ) -> list[Utterance]:
        """Say what one batch of events (one ``step()`` or ``new_game()``) did.

        Args:
            events: the batch, in order.
            state: the state after the batch.
            hold: False tells a computer player's unfinished turn so far now, as a person's is told before
                their choice (the rest is told once the turn ends).
            ask: False leaves out the question for a person (a move missed while away at an online table,
                whose question a later move answered).

        A turn is one utterance: its roll and what the roll did, then the chips of the roller, of every
        seat whose chips changed and of the pot if it changed. A person's turn that stops for a decision
        (a Wild) is told in two parts, the roll before the question and the rest, with the summary, after
        it, also when that person plays at another computer (an online table). A computer player's
        unfinished turn is held back and told whole once it ends.

        Returns:
            The utterances in the order to say them: the turns, the skipped players (not in brief), a
            reset, a win, and last, when a person at the keyboard must decide, the question for them (see
            :meth:`prompt`).
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
        won = any(isinstance(event, GameWon) for event in events)
        if turn is not None:
            roller = turn.roller
        elif self._turn_start is not None:
            roller = self._turn_start[0]
        else:
            roller = _first_roller(events, state)

        def flush_turn() -> None:
            nonlocal turn
            if turn is not None and (turn.parts or turn.cues):
                utterance = self._turn_utterance(turn)
                if utterance.text:
                    out.append(utterance)
            turn = None

        def flush_skipped() -> None:
            if skipped and not self._brief:
                out.append(Utterance(self._skipped(skipped)))
            skipped.clear()

        def current() -> _Turn:
            nonlocal turn
            if turn is None:
                turn = _Turn(roller)
            return turn

        for event in events:
            if not isinstance(event, TurnSkipped):
                flush_skipped()
            match event:
                case GameStarted():
                    game_started = True
                    turn, self._turn_start = None, None  # a new game: nothing of the last one is pending
                    self._touched = {}
                    chips, pot = [event.chips] * event.players, 0
                    out.append(Utterance(self._game_started(event)))
                case TurnStarted():
                    flush_turn()
                    roller = event.seat
                    turn_started = True
                    self._turn_start = (event.seat, tuple(chips), pot)
                    self._touched = {}
                case TurnSkipped():
                    flush_turn()
                    skipped.append(event.seat)
                case DiceReversed():
                    roller = event.seat
                    current().cues.append(Cue.REVERSE)
                case ReversalDeclined():
                    roller = event.seat  # nothing to say: the roll that follows says it all
                case DiceRolled():
                    roller = event.seat
                    t = current()
                    roll = t.roll = _Roll(event.seat, event.faces, event.reversed, players)
                    t.say(partial(self._roll_text, roll))
                    t.cues.append(Cue.DICE)
                case ChipsMoved():
                    chips, pot = _apply(chips, pot, event)
                    if event.cause is Cause.WINNINGS:
                        winnings.append(event.count)
                        continue
                    self._touched.update(dict.fromkeys((event.source, event.target)))
                    t = current()
                    self._outcome(t, outcome(event))
                    t.cues.append(_cue(event, t.roller, players))
                case NothingMoved():
                    roller = event.seat
                    self._outcome(current(), outcome(event))
                case TurnEnded():
                    t = current()
                    t.roller = event.seat
                    t.say(partial(str, self._summary(event, batch_start)))
                    if not won:
                        t.say(partial(self._last_holder, event, state.rules.win))
                    flush_turn()
                    self._turn_start = None
                    self._touched = {}
                case ChipsReset():
                    flush_turn()
                    chips = [event.chips] * len(chips)
                    reset = phrases.reset_brief if self._brief else phrases.reset
                    out.append(Utterance(reset(event.chips, event.pot), (Cue.RESET,)))
                case GameWon():
                    flush_turn()
                    from_pot = sum(winnings)
                    name, you = self.name(event.seat), self._you(event.seat)
                    text = phrases.wins(name, event.total, event.reason, from_pot, you=you, brief=self._brief)
                    cues = (Cue.CHIP_POT, Cue.WIN) if from_pot else (Cue.WIN,)
                    out.append(Utterance(text, cues))
                    self._turn_start = None
                case _:
                    assert_never(event)
        if hold and turn is not None and self._computer(turn.roller):
            self._held = turn  # mid-turn: a computer player's choice is still to come
        else:
            # mid-turn: a person hears the roll before choosing, and so does everyone at an online table
            # before hearing that a person at another computer is choosing (issue 22, item 5)
            flush_turn()
        flush_skipped()
        question = self._question(state, turn_start=turn_started, game_start=game_started) if ask else None
        if question is not None:
            out.append(question)
        return out

    def resume_turn(self, events: Sequence[Event], state: GameState) -> list[Utterance]:
        """What a saved game continued in the middle of a turn (a roll applied, a choice pending) says
        first, so that no roll goes unheard (DESIGN.md §1): the turn so far, from its roll ("Ana rolls dot,
        Wild, dot."), then the pending choice: a person's question, or "Ana is choosing who to take a chip
        from." for a computer player. The rest of the turn is told when it ends, as for a person's Wild.

        Args:
            events: the turn's events so far, from its ``TurnStarted`` (see
                :func:`lcr_audio.tui.play.pending_turn`).
            state: the state after them (the saved game's).
        """
        starts = [(i, e) for i, e in enumerate(events) if isinstance(e, TurnStarted)]
        if starts:
            start, started = starts[-1]
            rest = events[start + 1 :]
            chips, pot = _before(rest, state)
            self._turn_start, self._touched = (started.seat, tuple(chips), pot), {}
            self._held = None
            events = rest
        out = self.narrate(events, state, hold=False)
        if (
            not state.over
            and state.seat not in self.humans
            and state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE)
        ):
            name = self.name(state.seat)
            out.append(Utterance(phrases.choosing(name, state.phase is Phase.WILD_GIVE)))
        return out

    def _turn_utterance(self, turn: _Turn) -> Utterance:
        sentences = [text for text in (part() for part in turn.parts) if text]
        return Utterance(" ".join(sentences), tuple(turn.cues))

    def _game_started(self, event: GameStarted) -> str:
        """Who plays, with how many chips, that the game is one to watch (computer players only), who rolls
        first (a computer) and who the computer plays."""
        # the one person at the keyboard is "you" in the list, as in every sentence after it
        names = [you_in_list(first=False) if self._you(s) else self.name(s) for s in range(event.players)]
        number = self.game_number if self.game_number >= 2 else None  # the first game is just "a game"
        text = phrases.game_started(names, event.chips, number=number)
        if not self.humans and all(self._computer(s) for s in range(event.players)):  # watch mode
            text = " ".join((text, phrases.watching()))
        if event.first not in self.humans:
            text = " ".join((text, phrases.rolls_first(self.name(event.first))))
        computers = [self.name(s) for s in range(event.players) if self._computer(s)]
        if computers and len(computers) < event.players:  # with people at the table (here or, for one
            # listening to an online table, elsewhere), say who the computer plays
            text = " ".join((text, phrases.computer_players(computers)))
        careful = [self.name(s) for s in range(event.players) if s in self.careful and self._computer(s)]
        if careful:
            text = " ".join((text, phrases.careful_players(careful)))
        return text

    def _skipped(self, seats: Sequence[Seat]) -> str:
        """Seats passed over (R4), in the order they were passed: the others in runs of one sentence each,
        the player at the keyboard in their own sentence where their turn came."""
        sentences: list[str] = []
        run: list[str] = []
        for seat in seats:
            if not self._you(seat):
                run.append(self.name(seat))
                continue
            if run:
                sentences.append(phrases.skipped(run))
                run = []
            sentences.append(phrases.you_skipped())
        if run:
            sentences.append(phrases.skipped(run))
        return " ".join(sentences)

    def _last_holder(self, event: TurnEnded, win: WinCondition) -> str:
        """A computer player who has just become the last with chips, under a win condition that makes
        them roll for it (R10); a person hears it in their own question. "" otherwise."""
        holders = [s for s, n in enumerate(event.chips) if n > 0]
        if len(holders) != 1 or holders[0] in self.humans:
            return ""
        before = self._turn_start[1] if self._turn_start is not None else ()
        if [s for s, n in enumerate(before) if n > 0] == holders:
            return ""  # they were the last holder already, and were told so
        return phrases.last_holder_news(self.name(holders[0]), win) or ""

    # --- a roll ---------------------------------------------------------------------------------------

    def _roll_text(self, roll: _Roll) -> str:
        """The roll at the verbosity in force, with where its chips went (normal) or what faces did (full)."""
        name, you = self.name(roll.seat), self._you(roll.seat)
        faces = [self.face(f) for f in roll.faces]
        if self.verbosity is Verbosity.BRIEF:
            return phrases.rolls_brief(name, self._brief_faces(roll), roll.reversed, you=you)
        if self.verbosity is Verbosity.FULL:
            sentences = [phrases.rolls_full(name, faces, roll.reversed, you=you)]
            if not roll.reversed:
                sentences.extend(self._faces_explained(roll))
            return " ".join(sentences)
        moves = self._moves(roll)
        if roll.reversed or not moves:
            return phrases.rolls(name, faces, roll.reversed, you=you)
        return phrases.rolls_and_moves(name, faces, moves, you=you)

    def _brief_faces(self, roll: _Roll) -> list[str]:
        """The faces of a roll in brief messages, each Wild with the seat it took a chip from (or, reversed,
        gave one to) once that is known: "Wild from Cy", "dot", "R"; "Wild from nobody" when nobody else had
        a chip (R7), "Wild to nobody" when the roller had none left to give (R9)."""
        places = iter(roll.wilds)
        faces: list[str] = []
        for face in roll.faces:
            if face is not Face.WILD or _three_wilds(roll.faces) or (told := next(places, False)) is False:
                faces.append(self.face(face))
            elif told is None:
                faces.append(phrases.wild_with_nobody(roll.reversed))
            else:
                faces.append(phrases.wild_with(self.name(told), roll.reversed, you=self._you(told)))
        return faces

    def _moves(self, roll: _Roll) -> list[str]:
        """Where the letters of a roll sent chips, each place once: "one chip to Bo", "one to the pot"."""
        totals: dict[Place, int] = {}
        for _cause, target, count in roll.moves:
            totals[target] = totals.get(target, 0) + count
        items: list[str] = []
        for target, count in totals.items():
            first = not items
            if target == POT:
                items.append(phrases.move_to_pot(count, first=first))
            elif self._you(target):
                items.append(phrases.move_to_you(count, first=first))
            else:
                items.append(phrases.move_to(self.name(target), count, first=first))
        return items

    def _faces_explained(self, roll: _Roll) -> list[str]:
        """What each kind of face did, in the order the faces first show: "The L passes a chip to Bo, ..."."""
        roller_is_you = self._you(roll.seat)
        sentences: list[str] = []
        for face in dict.fromkeys(roll.faces):
            count = roll.faces.count(face)
            if face is Face.DOT:
                sentences.append(phrases.dots_explained(count))
            elif face is Face.CENTER:
                sentences.append(phrases.center_explained(count))
            elif face in (Face.LEFT, Face.RIGHT):
                cause = Cause.LEFT if face is Face.LEFT else Cause.RIGHT
                targets = [target for c, target, _n in roll.moves if c is cause]
                if targets:
                    other = targets[0]
                elif face is Face.LEFT:
                    other = left_of(roll.seat, roll.players)
                else:
                    other = right_of(roll.seat, roll.players)
                explain = phrases.left_explained if face is Face.LEFT else phrases.right_explained
                sentences.append(
                    explain(count, self.name(other), roller_is_you=roller_is_you, to_you=self._you(other))
                )
        return sentences

    # --- what faces did -------------------------------------------------------------------------------

    def _counted(self, counter: _Count, folded: bool) -> str:
        """What a counted move says; ``folded``: brief, and the roll already said where its Wilds went."""
        name, you, place = self.name(counter.seat), self._you(counter.seat), counter.place
        n = counter.n
        match counter.kind:
            case Did.TOOK if self._brief:
                return ""  # brief: the reversed letters and the summary tell it
            case Did.WILD_TOOK | Did.WILD_GAVE if folded:
                return ""
            case Did.TOOK | Did.WILD_TOOK:
                if place == POT:
                    return phrases.takes_from_pot(name, n, you=you)
                return phrases.takes_from(name, self.name(place), n, you=you, from_you=self._you(place))
            case Did.WILD_GAVE:
                return phrases.gives_to(name, self.name(place), n, you=you, to_you=self._you(place))
            case Did.WILD_HAD_NOTHING | Did.WILD_FOUND_NOBODY if folded:
                return ""
            case Did.WILD_HAD_NOTHING:
                return phrases.wild_gives_nothing(name, n, you=you)
            case Did.WILD_FOUND_NOBODY:
                return phrases.wild_takes_nothing(n)
            case (
                Did.SENT
                | Did.FOUND_EMPTY
                | Did.THREE_WILDS
                | Did.THREE_REVERSED_WILDS
                | Did.REVERSAL
                | Did.WINNINGS
            ):
                raise AssertionError(f"not counted: {counter.kind}")
            case _:
                assert_never(counter.kind)

    def _count(self, turn: _Turn, kind: Did, seat: Seat, place: Place) -> None:
        counter = turn.count(kind, seat, place)
        if counter is not None:
            roll = turn.roll  # the Wilds are said with the roll when both are told in one utterance
            turn.say(lambda: self._counted(counter, self._brief and roll is not None))

    def _outcome(self, turn: _Turn, did: Outcome) -> None:
        """Add what one thing the roll did says (letters are told with their roll, the rest here)."""
        seat, place, count = did.seat, did.place, did.count
        match did.did:
            case Did.SENT:
                if turn.roll is not None:
                    turn.roll.moves.append((did.cause, place, count))
            case Did.TOOK | Did.WILD_TOOK | Did.WILD_GAVE:
                turn.roller = seat
                if did.did is not Did.TOOK and turn.roll is not None:
                    turn.roll.wilds.extend([place] * count)
                self._count(turn, did.did, seat, place)
            case Did.WILD_FOUND_NOBODY | Did.WILD_HAD_NOTHING:
                if turn.roll is not None:
                    turn.roll.wilds.append(None)
                self._count(turn, did.did, seat, POT if did.did is Did.WILD_FOUND_NOBODY else seat)
            case Did.FOUND_EMPTY if place == POT:
                turn.once(("empty", POT), lambda: "" if self._brief else phrases.pot(0))
            case Did.FOUND_EMPTY:
                turn.once(("empty", place), lambda: self._nothing_to_take(seat, place))
            case Did.THREE_WILDS:
                turn.say(lambda: phrases.three_wilds(self.name(seat), count, you=self._you(seat)))
            case Did.THREE_REVERSED_WILDS:
                turn.say(lambda: phrases.three_reversed_wilds(self.name(seat), count, you=self._you(seat)))
            case Did.REVERSAL:
                rolled_later = turn  # brief: a roll told in the same utterance says "reversed" itself
                turn.say(lambda: self._reverses(seat, count, rolled_later.roll is not None))
            case Did.WINNINGS:
                pass  # told with the win
            case _:
                assert_never(did.did)

    def _reverses(self, seat: Seat, cost: int, rolled: bool) -> str:
        if self._brief:
            return "" if rolled else phrases.reverses_brief(self.name(seat), you=self._you(seat))
        return phrases.reverses(self.name(seat), cost, you=self._you(seat))

    def _nothing_to_take(self, roller: Seat, source: Place) -> str:
        if self._brief:
            return ""  # brief: the reversed letters and the summary tell it
        return phrases.nothing_to_take(self.name(source), self.name(roller), from_you=self._you(source))

    def _summary(self, event: TurnEnded, batch_start: tuple[tuple[int, ...], int]) -> str:
        """The chips after a turn: the roller, then every seat chips left or reached in the order the turn
        named them (even one that ended where it began), any other seat whose chips changed, and the pot
        if chips reached or left it."""
        if self._turn_start is not None and self._turn_start[0] == event.seat:
            before, pot_before = self._turn_start[1], self._turn_start[2]
        else:  # a narrator that joined mid-turn: changes since it joined
            before, pot_before = batch_start
        players = len(event.chips)
        touched = [p for p in self._touched if 0 <= p < players and p != event.seat]
        changed = [
            s
            for s in ((event.seat + k) % players for k in range(1, players))
            if s not in touched and (s >= len(before) or event.chips[s] != before[s])
        ]
        items = [
            self._count_item(s, event.chips[s], first=s == event.seat)
            for s in [event.seat, *touched, *changed]
        ]
        if event.pot != pot_before or POT in self._touched:
            items.append(phrases.pot_item(event.pot))
        return phrases.counts(items)

    def count_item(self, seat: Seat, count: int, *, first: bool) -> str:
        """One seat's chips in a list of counts: "Ana 1"; the one person at the keyboard: "You 1" (``first``:
        the list's first item) or "you 1", as every sentence of the game speaks to them (the end of a game's
        counts, :meth:`lcr_audio.tui.play.PlayScreen` too)."""
        return self._count_item(seat, count, first=first)

    def _count_item(self, seat: Seat, count: int, *, first: bool) -> str:
        """One seat's chips in a turn's summary: "Ana 1"; the one person at the keyboard: "You 1"."""
        if self._you(seat):
            return phrases.count_item_you(count, first=first)
        return phrases.count_item(self.name(seat), count)

    # --- questions ------------------------------------------------------------------------------------

    def _question(self, state: GameState, *, turn_start: bool, game_start: bool) -> Utterance | None:
        """The question for a person whose decision is pending after a batch, or None."""
        if state.over or state.seat not in self.humans:
            return None
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            return Utterance(self._choose(state))
        if not turn_start:  # after a reversal was decided: just the roll
            return Utterance(self._roll_question(state, brief=self._brief))
        text = self._turn_prompt(state, chips=not game_start, brief=self._brief)
        return Utterance(text, (Cue.TURN,))

    def _roll_key(self) -> str:
        return self.roll_key if self.roll_key is not None else phrases.roll_key()

    def _roll_question(self, state: GameState, *, brief: bool) -> str:
        if self.physical:
            return phrases.type_faces(state.dice_to_roll, state.reversed)
        if brief:
            return phrases.roll_brief(state.dice_to_roll, state.reversed)
        return phrases.press_to_roll(self._roll_key(), state.dice_to_roll, state.reversed)

    def _choose(self, state: GameState) -> str:
        """The Wild question and its keys (in full the first time this narrator asks it, then short); with
        several people at the keyboard it names the one choosing."""
        give = state.phase is Phase.WILD_GIVE
        if len(self.humans) > 1:
            name = self.name(state.seat)
            question = phrases.choose_give_named(name) if give else phrases.choose_take_named(name)
        else:
            question = phrases.choose_give() if give else phrases.choose_take()
        keys = phrases.choose_keys(first=not self._choice_keys_said)
        self._choice_keys_said = True
        return f"{question} {keys}"

    def _turn_prompt(self, state: GameState, *, chips: bool = True, brief: bool = False) -> str:
        """ "Your turn, Ana. You have 3 chips." and the question; brief: "Your turn, Ana. Roll 3 dice."."""
        sentences = [phrases.your_turn(self.name(state.seat), you=self._you(state.seat))]
        if chips and not brief:
            sentences.append(phrases.you_have(state.chips[state.seat]))
        hint = phrases.last_holder_hint(state.rules.win) if state.holders == (state.seat,) else None
        if hint is not None and state.phase in (Phase.REVERSE, Phase.ROLL):
            sentences.append(hint)
        if state.phase is Phase.REVERSE:
            if brief:
                sentences.append(phrases.reverse_question_brief(REVERSAL_COST, self.yes_key, self.no_key))
            else:
                sentences.append(
                    phrases.reverse_question(REVERSAL_COST, self.yes_key, self.no_key, self.explain_key)
                )
        elif state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            sentences.append(self._choose(state))
        else:
            sentences.append(self._roll_question(state, brief=brief))
        return " ".join(sentences)

    def prompt(self, state: GameState) -> Utterance | None:
        """The question for the person whose decision is pending, to ask it again.

        Rolling or reversing: "Your turn, Ana. You have 3 chips. Press Space to roll 3 dice." (with one
        person at the keyboard, "Your turn. You have 3 chips. ..."; brief: "Your turn. Roll 3 dice.") with
        the "turn" cue; a Wild: "Choose who to take a chip from." (or give to). None when the seat to play
        is not played at this keyboard, or the game is over. :meth:`narrate` already ends with this question
        whenever a batch leaves a person to decide.
        """
        if state.over or state.seat not in self.humans:
            return None
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            return Utterance(self._choose(state))
        return Utterance(self._turn_prompt(state, brief=self._brief), (Cue.TURN,))

    # --- answers to the info keys ---------------------------------------------------------------------

    def status(self, state: GameState) -> Utterance:
        """Every seat's chips and the pot, seat 1 first: "Ana 1, Bo 4, Cy 3, pot 1." (the S key); the one
        person at the keyboard is "you" there, as in every other count ("You 1, Bo 4, ...")."""
        items = [self._count_item(s, n, first=s == 0) for s, n in enumerate(state.chips)]
        items.append(phrases.pot_item(state.pot))
        return Utterance(phrases.counts(items))

    def catch_up(self, state: GameState) -> Utterance:
        """The table as it stands, said before a person's question when they skipped messages (the Q key)
        since their last turn: "While you waited: Ana 1, Bo 4, pot 1.", seat 1 first.

        The mover's own chips are left out where their question says them ("You have 3 chips."), so no
        count is heard twice; at brief verbosity, whose question does not, they are in.
        """
        items = [
            self._count_item(s, n, first=False)  # after "While you waited:"
            for s, n in enumerate(state.chips)
            if self._brief or s != state.seat
        ]
        items.append(phrases.pot_item(state.pot))
        return Utterance(phrases.while_you_waited(phrases.counts(items)))

    def pot(self, state: GameState) -> Utterance:
        """The pot: "Pot: 4 chips." or "The pot is empty." (the C key)."""
        return Utterance(phrases.pot(state.pot))

    def whose_turn(self, state: GameState) -> Utterance:
        """Whose turn it is (the T key), in full whatever the verbosity: the player asked for it.

        A person at this keyboard hears their whole question again ("Your turn, Ana. You have 3 chips.
        Press Space to roll 3 dice."); a computer player's turn is "Bo's turn, with 4 chips." or "Bo is
        choosing who to take a chip from."; after the game, who won.
        """
        if state.over:
            winner = state.winner if state.winner is not None else state.seat
            text = phrases.game_over(self.name(winner), state.chips[winner], you=self._you(winner))
            return Utterance(text)
        if state.seat in self.humans:
            return Utterance(self._turn_prompt(state))
        name = self.name(state.seat)
        if state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
            return Utterance(phrases.choosing(name, state.phase is Phase.WILD_GIVE))
        return Utterance(phrases.turn_of(name, state.chips[state.seat]))

    def seat(self, state: GameState, seat: int) -> Utterance:
        """One seat's chips (the digit keys): "Seat 2, Bo: 4 chips.".

        Args:
            state: the game.
            seat: the seat index, 0-based like the engine's (the 2 key is seat 1); spoken as its number.

        A seat the table does not have: "There is no seat 7; this table has 4 seats."
        """
        players = len(state.chips)
        if not 0 <= seat < players:
            return Utterance(phrases.no_such_seat(seat + 1, players))
        return Utterance(phrases.seat(seat + 1, self.name(seat), state.chips[seat]))


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
            return outcome(event).seat
    return state.seat


def _three_wilds(faces: Sequence[Face]) -> bool:
    """Three Wilds, which act together (R8, R9), not one Wild at a time."""
    return len(faces) == 3 and all(face is Face.WILD for face in faces)


def _cue(event: ChipsMoved, roller: Seat, players: int) -> Cue:
    """The sound of one chip move: a Wild's for Wilds, else by where the chip went as seen by the roller."""
    if outcome(event).did in ONE_WILD | THREE:
        return Cue.WILD
    if POT in (event.source, event.target):
        return Cue.CHIP_POT
    other = event.target if event.source == roller else event.source
    if other == left_of(roller, players):
        return Cue.CHIP_LEFT
    if other == right_of(roller, players):
        return Cue.CHIP_RIGHT
    return Cue.WILD
