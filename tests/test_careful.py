"""The careful computer player (issue 15, item 3): Wild seats and reversals chosen by the odds."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import numpy as np
import pytest
from prompt_toolkit.input import create_pipe_input
from support.setup_questions import answer_setup

from lcr_audio.engine import (
    ChooseSeat,
    Face,
    GameState,
    Phase,
    Reverse,
    Roll,
    Rules,
    WinCondition,
    position,
    step,
)
from lcr_audio.game.analysis import careful
from lcr_audio.game.analysis.careful import (
    NEVER,
    Estimate,
    careful_choice,
    careful_reverse,
    choice_estimate,
    own_chance,
    simulated_choice,
)
from lcr_audio.game.analysis.exact import supports
from lcr_audio.game.analysis.kernel import NO_WINNER, die_codes
from lcr_audio.game.analysis.odds import exact_table
from lcr_audio.game.analysis.plain import plain_turn
from lcr_audio.game.bots import CAREFUL_POLICY, DEFAULT_POLICY, PolicyName
from lcr_audio.game.session import Player, Session
from lcr_audio.game.usual import usual_reverse_at


def test_a_careful_take_is_the_best_seat_by_the_table(tmp_path: Path) -> None:
    """R7: seat 1 rolls W, dot with 2 chips; every choice is scored by the table, and the careful one
    leaves seat 1 the largest chance."""
    rules = Rules(players=4, chips=2, wild=True)
    table = exact_table(rules, tmp_path)
    state = step(position(rules, (2, 3, 1, 2), 0, 0), Roll((Face.WILD, Face.DOT)))[0]
    assert state.phase is Phase.WILD_TAKE
    scores = {c: own_chance(step(state, ChooseSeat(c))[0], 0, table) for c in state.choices}
    chosen = careful_choice(state, tmp_path)
    assert chosen is not None and scores[chosen] == max(scores.values())
    # The chance after the choice is the table's entry for the next turn: seat 2 to play.
    after = step(state, ChooseSeat(chosen))[0]
    assert (
        after.seat == 1
        and scores[chosen] == exact_table(rules, tmp_path).lookup(after.chips, after.pot, 1)[0]
    )  # type: ignore[index]


def test_the_careful_reversal_compares_both_ways_over_every_roll(tmp_path: Path) -> None:
    rules = Rules(players=3, chips=3, reversible=True)
    table = exact_table(rules, tmp_path)
    state = position(rules, (5, 2, 2), 0, 0)
    assert state.phase is Phase.REVERSE
    yes = own_chance(step(state, Reverse(True))[0], 0, table)
    no = own_chance(step(state, Reverse(False))[0], 0, table)
    assert yes != no
    assert careful_reverse(state, tmp_path) is (yes > no)


def _played_chance(
    rules: Rules, state: GameState, seat: int, games: int, first_reverse_at: int | None = None
) -> float:
    """``seat``'s share of ``games`` games played on from ``state`` (the start of a turn) by the plain
    Python turn (an implementation apart from the kernel the careful player simulates with), every seat by
    the default policy but the first turn's reversal threshold; the same seeded dice for every call."""
    codes = [int(c) for c in die_codes(rules)]
    rng = random.Random(7)
    wins = 0
    for _ in range(games):
        usual = usual_reverse_at(rules)
        reverse_at = usual if first_reverse_at is None else first_reverse_at
        chips, pot, mover = list(state.chips), state.pot, state.seat
        for _turn in range(10_000):
            faces = rng.choices(codes, k=3)
            chips, pot, mover, winner, _taken, _rev, _reset = plain_turn(
                rules, chips, pot, mover, faces, reverse_at
            )
            reverse_at = usual
            if winner != NO_WINNER:
                wins += winner == seat
                break
    return wins / games


def test_without_a_table_a_careful_wild_takes_the_last_chip_of_a_seat_and_wins_more_than_greedy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R7 under Wild dice at 8 seats (no exact table): seat 1 rolls W and a dot with 2 chips; seats 2 and 3
    hold 2 and 1, the others none. The default policy takes from seat 2 (the most chips); taking seat 3's
    last chip leaves two seats in the game, and seat 1 wins clearly more often from there."""
    rules = Rules(players=8, wild=True)
    assert not supports(rules)
    state = step(position(rules, (2, 2, 1, 0, 0, 0, 0, 0), 19, 0), Roll((Face.WILD, Face.DOT)))[0]
    assert state.phase is Phase.WILD_TAKE and state.choices == (1, 2)
    assert DEFAULT_POLICY.choose(state) == 1
    monkeypatch.setattr(careful, "SIMULATED_WORK", 40_000)  # a third of the game's: quicker, still clear
    chosen = careful_choice(state, None)
    assert chosen == 2
    careful_after, greedy_after = (step(state, ChooseSeat(c))[0] for c in (chosen, 1))
    assert careful_after.chips == (3, 2, 0, 0, 0, 0, 0, 0) and greedy_after.chips == (3, 1, 1, 0, 0, 0, 0, 0)
    assert _played_chance(rules, careful_after, 0, 1500) > _played_chance(rules, greedy_after, 0, 1500)


def test_without_a_table_a_careful_sole_holder_reverses_to_keep_the_others_out() -> None:
    """R9, R10 (roll all dots, no exact table): seat 1 alone holds chips, 4 of them. Reversed dice take
    from empty neighbours and the pot and never pass a chip on, so seat 1 stays the only seat in play;
    rolling as usual hands chips to its neighbours. The usual player reverses here too (whenever allowed,
    issue 25), as it did not when it reversed only from 6 chips."""
    rules = Rules(players=3, reversible=True, win=WinCondition.ROLL_ALL_DOTS)
    assert not supports(rules)
    state = position(rules, (4, 0, 0), 5, 0)
    assert state.phase is Phase.REVERSE and DEFAULT_POLICY.decide_reverse(state)
    assert CAREFUL_POLICY.decide_reverse(state)
    assert _played_chance(rules, state, 0, 800, first_reverse_at=0) > _played_chance(
        rules, state, 0, 800, NEVER
    )


def test_the_simulated_choice_agrees_with_the_exact_table(tmp_path: Path) -> None:
    """Where a table exists, the simulated chances (forced here) are within 4 standard errors of the exact
    ones for every seat a Wild may take from (R7), and the choice is the exact best (a gap of 5 points)."""
    rules = Rules(players=4, chips=2, wild=True)
    table = exact_table(rules, tmp_path)
    state = step(position(rules, (2, 2, 1, 0), 3, 0), Roll((Face.WILD, Face.DOT)))[0]
    exact = [own_chance(step(state, ChooseSeat(c))[0], 0, table) for c in (1, 2)]
    assert exact[1] - exact[0] > 0.04
    estimate = choice_estimate(state, (1, 2), work=40_000)
    for p, simulated in zip(exact, estimate.chances, strict=True):
        assert abs(simulated - p) <= 4 * (p * (1 - p) / estimate.games) ** 0.5
    assert simulated_choice(state, work=40_000) == 2


def test_a_simulated_decision_is_the_same_every_time_for_the_same_state() -> None:
    """Seeded from the state, not the clock: the same chances to the last bit, and so the same choice."""
    rules = Rules(players=5, wild=True, win=WinCondition.LAST_CHIP_IN_POT)
    state = step(position(rules, (3, 4, 1, 2, 3), 2, 0), Roll((Face.WILD, Face.LEFT, Face.DOT)))[0]
    first, again = (choice_estimate(state, state.choices, work=10_000) for _ in range(2))
    assert first.games == again.games and list(first.chances) == list(again.chances)
    other = step(position(rules, (3, 4, 1, 2, 3), 2, 0, turn=2), Roll((Face.WILD, Face.LEFT, Face.DOT)))[0]
    assert list(choice_estimate(other, other.choices, work=10_000).chances) != list(first.chances)


def test_a_seeded_game_of_careful_players_without_a_table_plays_legally_and_the_same_twice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every simulated choice is one the engine accepts (``step`` raises otherwise), and the same seed
    gives the same game, Wild choices and reversals included."""
    monkeypatch.setattr(careful, "SIMULATED_WORK", 8_000)  # small games, small work: a quick test
    rules = Rules(players=3, chips=2, wild=True, reversible=True, win=WinCondition.LAST_CHIP_IN_POT)
    assert not supports(rules)

    def play() -> tuple[list[object], GameState]:
        session = Session(rules, [Player(n, policy=CAREFUL_POLICY) for n in ("Ana", "Bo", "Cy")], 2)
        session.start()
        end = session.play_to_end()
        return list(session.actions), end

    actions, end = play()
    assert end.over and any(isinstance(a, ChooseSeat) for a in actions)
    assert play() == (actions, end)


def test_the_usual_choice_stays_unless_another_is_clearly_better() -> None:
    """The bar is about 1 standard error of the difference with two choices, about 2 with nine (one of
    eight others looking 1.5 better by luck alone is common)."""
    close = Estimate(np.array([0.40, 0.42]), np.array([0.0, 0.03]), 500)
    clear = Estimate(np.array([0.40, 0.46]), np.array([0.0, 0.03]), 500)
    worse = Estimate(np.array([0.40, 0.30]), np.array([0.0, 0.01]), 500)
    assert (close.best(), clear.best(), worse.best()) == (0, 1, 0)
    two = Estimate(np.array([0.40, 0.445]), np.array([0.0, 0.03]), 500)
    nine = Estimate(np.array([0.40, 0.39, 0.445, *[0.40] * 6]), np.array([0.0, *[0.03] * 8]), 500)
    many = Estimate(np.array([0.40, 0.39, 0.47, *[0.40] * 6]), np.array([0.0, *[0.03] * 8]), 500)
    assert (two.best(), nine.best(), many.best()) == (1, 0, 2)


def test_a_game_of_careful_players_plays_to_the_end_and_saves_its_name() -> None:
    rules = Rules(players=3, chips=2, wild=True, reversible=True)
    players = [Player(n, policy=CAREFUL_POLICY) for n in ("Ana", "Bo", "Cy")]
    session = Session(rules, players, 5)
    session.start()
    state = session.play_to_end()
    assert state.over
    assert CAREFUL_POLICY.name == PolicyName.CAREFUL == "careful"


def test_the_setup_offers_careful_computer_players() -> None:
    players = answer_setup(
        ("How many players", "\r"),
        ("How many of them play at this keyboard", "\r"),
        ("Name of player 1", "\r"),
        ("Rules:", "o"),
        ("Starting chips", "\r"),
        ("Wild dice", "\r"),
        ("Reversible dice", "\r"),
        ("Winning", "\r"),
        ("First player", "\r"),
        ("Computer players", "\x1b[C\r"),  # Right: careful
        ("Options set.", "\r"),
    ).players
    assert [p.policy.name for p in players] == ["greedy", "careful", "careful"]
    assert players[0].human


@pytest.mark.parametrize("seed", [1, 2])
def test_careful_players_play_by_the_rules(seed: int) -> None:
    """Every choice the careful player makes is one the engine accepts (step raises otherwise)."""
    rules = Rules(players=4, chips=3, wild=True)
    session = Session(rules, [Player(n, policy=CAREFUL_POLICY) for n in ("A", "B", "C", "D")], seed)
    session.start()
    assert session.play_to_end().over


def test_keys_answer_while_a_careful_player_thinks() -> None:
    """A careful computer player's choice is worked out away from the keys: while it thinks (here held
    until the test lets it go), B still says the neighbours at once; then its Wild takes a chip (R7)."""
    import threading

    from support.play import screen_for, scripted_session

    session = scripted_session(Rules(players=3, wild=True), [0], "...W..")  # you: three dots; Ana: W, dots
    session.players[1] = Player(session.players[1].name, policy=CAREFUL_POLICY)
    thinking, go_on = threading.Event(), threading.Event()
    decide = session.computer_decision

    def slow_decision() -> object:
        if session.state.phase is Phase.WILD_TAKE:  # the careful choice: held until the test goes on
            thinking.set()
            assert go_on.wait(5)
        return decide()

    session.computer_decision = slow_decision  # type: ignore[method-assign]

    async def scenario() -> None:
        with create_pipe_input() as keys:
            _screen, _recorder, driver = screen_for(session, keys)
            await driver.start("Press Space to roll")
            keys.send_text(" ")
            await driver.until(thinking.is_set)
            spoken, _ = await driver.press("b")
            assert spoken.startswith("Left: ")  # answered while the decision is still being worked out
            assert session.state.phase is Phase.WILD_TAKE
            go_on.set()
            await driver.until(lambda: session.state.phase is not Phase.WILD_TAKE)
            assert sum(session.state.chips) == 9 and session.state.chips[1] == 4
            await driver.leave()

    asyncio.run(scenario())


def test_the_game_says_at_its_start_which_computer_players_are_careful() -> None:
    """The first message names the careful computer players; a table of usual ones hears nothing of it."""
    from support.play import screen_for, your_game

    async def opening(session: Session) -> str:
        with create_pipe_input() as keys:
            _screen, recorder, driver = screen_for(session, keys)
            await driver.start("Press Space to roll")
            await driver.leave()
            return recorder.spoken[0][0]

    for with_careful in (True, False):
        session = your_game()
        if with_careful:
            for seat in (1, 2):
                session.players[seat] = Player(session.players[seat].name, policy=CAREFUL_POLICY)
        said = asyncio.run(opening(session))
        assert said.startswith("A game of 3 players: you, Ana, and Bo.")
        assert ("Ana and Bo play carefully, choosing by the odds." in said) is with_careful
