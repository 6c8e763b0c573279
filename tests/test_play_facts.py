"""The fact keys O, H and B, on their own (:class:`lcr_audio.tui.play_facts.FactKeys`; issue 23, item 4).
The screen they read is a stand-in holding a real game and narrator."""

from __future__ import annotations

import dataclasses

from lcr_audio.engine import GameState, Phase, Rules, position
from lcr_audio.game.seating import table
from lcr_audio.game.session import Session
from lcr_audio.narration import Narrator
from lcr_audio.narration.best_choice import best_choice_sentence
from lcr_audio.narration.odds_text import game_over_odds
from lcr_audio.tui.play_facts import FactKeys


class Screen:
    """What :class:`FactKeys` reads: the game, its narrator, the state heard and as it stands."""

    def __init__(self, session: Session, heard: GameState | None = None, listener: int | None = 0) -> None:
        self.session = session
        self.narrator = Narrator(session.names, session.humans)
        self.state = session.state
        self.heard_state = heard if heard is not None else session.state
        self.listener = listener


def game(humans: list[int]) -> Session:
    """Three players; people at ``humans``, computer players elsewhere."""
    return Session(Rules(players=3), table(3, [], humans), 7)


def at(
    session: Session, chips: tuple[int, ...], pot: int, seat: int, phase: Phase | None = None
) -> GameState:
    state = position(session.rules, chips, pot, seat)
    return dataclasses.replace(state, phase=phase) if phase is not None else state


def test_b_names_the_listener_s_neighbours_as_heard() -> None:
    session = game([0])
    heard = at(session, (2, 4, 1), 2, 1)
    facts = FactKeys(Screen(session, heard, listener=0))
    names = session.names
    assert facts.neighbours() == f"Left: {names[1]}, 4 chips. Right: {names[2]}, 1 chip."


def test_b_while_watching_is_about_the_seat_to_play() -> None:
    session = game([])
    heard = at(session, (2, 4, 1), 2, 1)
    said = FactKeys(Screen(session, heard, listener=None)).neighbours()
    names = session.names
    assert said == f"{names[1]}'s left: {names[2]}, 1 chip. {names[1]}'s right: {names[0]}, 2 chips."


def test_h_with_no_person_choosing_says_there_is_nothing_to_weigh() -> None:
    session = game([0])  # the person's roll, not a choice
    facts = FactKeys(Screen(session))
    assert facts.best_choice() == best_choice_sentence([], session.names, session.state.phase)


def test_o_at_the_game_s_end_says_who_won_as_heard() -> None:
    session = game([0])
    won = dataclasses.replace(at(session, (9, 0, 0), 0, 0), phase=Phase.OVER, winner=0)
    facts = FactKeys(Screen(session, won))
    assert facts.odds() == game_over_odds(session.names[0], True)


def test_the_odds_key_is_kept_while_the_rules_stay_and_made_again_when_they_change() -> None:
    session = game([0])
    facts = FactKeys(Screen(session))
    assert facts.odds_key is None
    facts.follow(session.rules)
    kept = facts.odds_key
    assert kept is not None and kept.rules == session.rules
    facts.follow(Rules(players=3))
    assert facts.odds_key is kept
    facts.follow(Rules(players=4))
    assert facts.odds_key is not kept and facts.odds_key is not None and facts.odds_key.rules.players == 4
