"""The keys that tell the facts of a game as the player heard them (issue 23, item 4): O (every seat's
chance of winning, issue 15), H (the best choice at a person's decision, issue 25, item 3) and B (who sits
left and right, R1).

A :class:`FactKeys` reads the play screen by what it asks of it (:class:`Heard`): the state as heard, never
a roll still being told (:attr:`lcr_audio.tui.play.PlayScreen.heard_state`), and keeps the odds key of the
rules in force. Each key's sentence is returned, for the play screen to say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from lcr_audio.engine import GameState, Phase, Rules, Seat, left_of, right_of
from lcr_audio.game.session import Session
from lcr_audio.narration import Narrator, phrases
from lcr_audio.narration.odds_text import game_over_odds
from lcr_audio.tui.odds_key import OddsKey


class Heard(Protocol):
    """What the fact keys read of the play screen (:class:`lcr_audio.tui.play.PlayScreen` is one)."""

    @property
    def heard_state(self) -> GameState:
        """The game as the player has heard it."""

    @property
    def state(self) -> GameState:
        """The game as it stands."""

    @property
    def session(self) -> Session:
        """The game being played."""

    @property
    def narrator(self) -> Narrator:
        """The game's narration (seat names as said)."""

    @property
    def listener(self) -> Seat | None:
        """The seat the table is heard from, or None when computer players fill every seat."""


class FactKeys:
    """O, H and B.

    Args:
        screen: the play screen read.
        after_first_utterance: starts the odds' table building once speech has said its first sentence
            (:meth:`lcr_audio.output.speech.Speaker.after_first_utterance`), or None.
    """

    def __init__(
        self, screen: Heard, after_first_utterance: Callable[[Callable[[], None]], None] | None = None
    ) -> None:
        self._screen = screen
        self._after_first_utterance = after_first_utterance
        self.odds_key: OddsKey | None = None
        """The odds of the rules in force (made by :meth:`follow`)."""

    def follow(self, rules: Rules) -> None:
        """A game of ``rules`` is played from now on: its odds key, kept while the rules stay the same."""
        if self.odds_key is None or self.odds_key.rules != rules:
            self.odds_key = OddsKey(rules, after_first_utterance=self._after_first_utterance)

    def _odds_key(self) -> OddsKey:
        if self.odds_key is None:
            self.follow(self._screen.session.rules)
        assert self.odds_key is not None
        return self.odds_key

    def odds(self) -> str:
        """O: every seat's chance of winning from the position heard (for one person at the keyboard,
        "you" first); a person choosing for a Wild hears the position before their choice; at the game's
        end, who won."""
        session = self._screen.session
        humans = session.humans
        you = min(humans) if len(humans) == 1 else None
        heard = self._screen.heard_state
        open_choice = heard.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE) and heard.seat in humans
        if heard.winner is not None:  # at the play-again question: who won, not "100 percent"
            winner = heard.winner
            return game_over_odds(session.names[winner], winner == you)
        return self._odds_key().sentence(heard, session.names, you, open_choice=open_choice)

    def best_choice(self) -> str:
        """H: at a person's choice (a Wild's seat, the reversal: R7, R9), each option with that person's
        chance of winning after it, best first; in hot-seat, for the person choosing. Else that there is
        no choice to weigh now."""
        session, state = self._screen.session, self._screen.state
        choosing = state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE, Phase.REVERSE)
        if not choosing or state.seat not in session.humans:
            from lcr_audio.narration.best_choice import best_choice_sentence

            return best_choice_sentence([], session.names, state.phase)
        return self._odds_key().best_choice(state, session.names)

    def neighbours(self) -> str:
        """B: who sits on the listener's left and right (R1), with their chips; while watching, the seat to
        play's."""
        state, listener = self._screen.heard_state, self._screen.listener
        seat = listener if listener is not None else state.seat
        players, name = state.rules.players, self._screen.narrator.name
        left, right = left_of(seat, players), right_of(seat, players)
        you = len(self._screen.session.humans) == 1
        seat_name = None if you else name(seat)
        sides = (name(left), state.chips[left], name(right), state.chips[right])
        return phrases.neighbours(*sides, seat_name=seat_name)


__all__ = ["FactKeys", "Heard"]
