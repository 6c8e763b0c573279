"""The numbers behind ``lcr-audio odds`` and ``lcr-audio simulate`` (issue 15, item 2): each seat's chance of
winning from a position (exact, or simulated with a standard error), with the turns and pot expected; the
wins of many games played from the start, by the usual computer players or with careful ones on the same
dice; the 95% interval of a win rate. Nothing is printed or said here: :mod:`lcr_audio.cli_odds` prints, and
:mod:`lcr_audio.narration.analysis_text` words the results. numpy is imported only when a table is worked
out or games are played.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from lcr_audio.engine import ChooseSeat, Phase, Reverse, Roll, Rules, new_game, step
from lcr_audio.game.usual import usual_reverse_at

Z95: Final = 1.959963984540054
"""The normal distribution's 97.5th percentile: a 95% interval is the estimate plus or minus this many
standard errors."""


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% interval of a win rate of ``wins`` in ``games`` (at least 1), by Wilson's score: unlike the
    rate plus or minus 1.96 standard errors it stays between 0 and 1, and holds its 95% in few games or at
    rates near 0 or 1."""
    rate, z2 = wins / games, Z95 * Z95
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 / (1 + z2 / games) * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def has_choices(rules: Rules) -> bool:
    """True when a player ever decides something under ``rules``: a Wild's seat (R7, R9) or whether to
    reverse (R9). Without them only the dice decide, and every policy plays alike."""
    return rules.wild or rules.reversible


CHAIN_PART: Final = 8_000_000
"""Games the chain table plays between two progress lines (about 2 seconds; each part forks its workers
once, so parts much smaller would spend a noticeable share of the time forking)."""


QUICK_STATES: Final = 100_947
"""``odds`` works out tables up to this many positions exactly, with the expected turns and pot (6 players
with 3 chips, under every rule set: seconds of processor time since issue 25, item 4); it simulates larger
ones."""


def quick_exact(rules: Rules) -> bool:
    """Whether ``odds`` works ``rules``' table out exactly, with the expected turns and pot, within seconds:
    up to :data:`QUICK_STATES` positions (6 players with 3 chips), whatever the dice. The O key's win chances
    alone stay exact up to the exact table's size; they are made once, in the background, and kept."""
    from lcr_audio.game.analysis import exact

    return exact.state_count(rules) <= QUICK_STATES


def win_counts(
    rules: Rules, policies: Sequence[str], games: int, seed: int | None, progress: Callable[[int], None]
) -> list[int]:
    """Games won by each seat out of ``games`` from the start, seat 1 first (R13's random start not used).

    Every seat greedy: the chain table where the rules have a small enough one, else the numpy kernel.
    A careful seat: each game through ``step``, the policies deciding (:func:`paired_winners`).
    """
    import numpy as np

    from lcr_audio.game.bots import PolicyName

    start = (rules.chips,) * rules.players
    if all(p == PolicyName.GREEDY for p in policies):
        from lcr_audio.game.analysis import exact
        from lcr_audio.game.analysis.chain_sim import chain_simulator
        from lcr_audio.game.analysis.simulate import BATCH, empty_tally, play_games

        rng = np.random.default_rng(seed)
        if exact.supports(rules):
            try:
                fast = chain_simulator(rules)
            except exact.TooLargeError:
                fast = None
            if fast is not None:
                from lcr_audio.game.analysis.chain_sim import generators

                row = fast.index_of(start, 0)
                rngs = generators(seed)
                wins = np.zeros(rules.players, dtype=np.int64)
                done = 0
                while done < games:  # parts of a few seconds: a progress line after each
                    part = min(CHAIN_PART, games - done)
                    wins += fast.play_parallel(row, 0, part, rngs)
                    done += part
                    progress(done)
                return [int(w) for w in wins]
        tally = empty_tally(rules.players)
        while tally.games < games:
            tally += play_games(
                rules, start, 0, 0, min(BATCH // 4, games - tally.games), rng, usual_reverse_at(rules)
            )
            progress(tally.games)
        return [int(w) for w in tally.wins]
    chosen = paired_winners(rules, policies, games, seed, progress, compare=False)[0]
    return [chosen.count(seat) for seat in range(rules.players)]


def _engine_winner(rules: Rules, policies: Sequence[str], dice: Sequence[random.Random]) -> int:
    """One game from the start through ``step``, each seat's policy deciding and each seat's rolls drawn
    from its own generator in ``dice`` (so that games with other policies roll the same faces); the winner."""
    from lcr_audio.game.bots import Policy

    deciders = [Policy(name=name) for name in policies]
    die = rules.die
    state = new_game(rules)[0]
    while not state.over:
        decider = deciders[state.seat]
        if state.phase is Phase.REVERSE:
            state = step(state, Reverse(decider.decide_reverse(state)))[0]
        elif state.phase is Phase.ROLL:
            draw = dice[state.seat].choice
            state = step(state, Roll(tuple(draw(die) for _ in range(state.dice_to_roll))))[0]
        else:
            state = step(state, ChooseSeat(decider.choose(state)))[0]
    assert state.winner is not None
    return state.winner


def paired_winners(
    rules: Rules,
    policies: Sequence[str],
    games: int,
    seed: int | None,
    progress: Callable[[int], None],
    *,
    compare: bool = True,
) -> tuple[list[int], list[int]]:
    """The winner of each of ``games`` games with ``policies``, and (with ``compare``, else nothing) of the
    same games with every seat greedy: game *k* gives each seat the same dice in both (its *n*-th roll shows
    the same faces), so the difference is the policies' more than the luck's (common random numbers).
    Through ``step``; seat 1 first (R13's random start not used)."""
    from lcr_audio.game.bots import PolicyName

    base = random.SystemRandom().getrandbits(62) if seed is None else seed
    greedy = [PolicyName.GREEDY.value] * rules.players
    chosen, usual = [], []
    for game in range(games):
        streams = [f"{base}:{game}:{seat}" for seat in range(rules.players)]
        chosen.append(_engine_winner(rules, policies, [random.Random(s) for s in streams]))
        if compare:
            usual.append(_engine_winner(rules, greedy, [random.Random(s) for s in streams]))
        progress(game + 1)
    return chosen, usual


class SeatOdds(NamedTuple):
    """One seat's odds from a position, to the end of the game (``lcr-audio odds``)."""

    win: float
    """Its chance of winning, 0 to 1."""
    error: float | None
    """The standard error of :attr:`win` when simulated; None when exact."""
    rolls: float
    """Turns it is expected to roll."""
    turns: float
    """Times the dice are expected to reach it (skipped turns included, when it has no chips)."""
    pot_won: float
    """The pot it takes on average when it wins, in chips."""


def exact_odds(
    rules: Rules, chips: Sequence[int], mover: int, progress: Callable[[float], None]
) -> list[SeatOdds]:
    """Each seat's exact odds from ``chips`` with seat ``mover`` (0-based) to play, seat 1 first, from the
    chain table solved with its expectations (:func:`.exact.solve`); ``progress`` is told the fraction done.

    Raises:
        exact.TooLargeError: the rules' table is too large (check :func:`.exact.supports` and
            :func:`quick_exact` first).
    """
    import numpy as np

    from lcr_audio.game.analysis import exact

    seats = rules.players
    chain = exact.build_chain(rules, usual_reverse_at(rules))
    solution = exact.solve(rules, chain, expectations=True, progress=progress)
    turned = [chips[(mover + k) % seats] for k in range(seats)]
    row = int(np.flatnonzero((chain.states == turned).all(axis=1))[0])
    assert solution.rolls is not None and solution.seat_turns is not None and solution.pot_won is not None
    rows: list[SeatOdds] = []
    for seat in range(seats):
        k = (seat - mover) % seats
        win = float(solution.win[row, k])
        pot_won = float(solution.pot_won[row, k]) / win if win > 0 else 0.0
        rows.append(
            SeatOdds(win, None, float(solution.rolls[row, k]), float(solution.seat_turns[row, k]), pot_won)
        )
    return rows


def simulated_odds(
    rules: Rules,
    chips: Sequence[int],
    pot: int,
    mover: int,
    games: int,
    seed: int | None,
    progress: Callable[[int], None],
) -> list[SeatOdds]:
    """Each seat's odds from ``chips`` and ``pot`` with seat ``mover`` (0-based) to play, seat 1 first, from
    ``games`` games played by the numpy kernel with every seat greedy (``seed``: None for fresh dice);
    ``progress`` is told the games played so far."""
    import numpy as np

    from lcr_audio.game.analysis.simulate import BATCH, empty_tally, play_games

    seats = rules.players
    rng = np.random.default_rng(seed)
    tally = empty_tally(seats)
    while tally.games < games:
        tally += play_games(
            rules,
            tuple(chips),
            pot,
            mover,
            min(BATCH // 4, games - tally.games),
            rng,
            usual_reverse_at(rules),
        )
        progress(tally.games)
    rows: list[SeatOdds] = []
    for seat in range(seats):
        win = float(tally.rates[seat])
        pot_won = float(tally.pot_won[seat]) / max(int(tally.wins[seat]), 1)
        rows.append(
            SeatOdds(
                win,
                float(tally.standard_errors[seat]),
                float(tally.rolls[seat]) / tally.games,
                float(tally.seat_turns[seat]) / tally.games,
                pot_won,
            )
        )
    return rows


def gain(chosen: Sequence[int], usual: Sequence[int], seat: int) -> tuple[float, float]:
    """What ``seat`` gained from its policy over the same games played with every seat greedy
    (:func:`paired_winners`: ``chosen`` and ``usual`` are the winners, game by game): the mean change in
    its wins per game (-1 to 1) and that mean's standard error."""
    games = len(chosen)
    change = [(a == seat) - (b == seat) for a, b in zip(chosen, usual, strict=True)]
    mean = sum(change) / games
    spread = sum((c - mean) ** 2 for c in change) / max(games - 1, 1)
    return mean, math.sqrt(spread / games)
