"""One turn of Left Right Center on plain Python lists (R4-R11), for short simulations that must answer
quickly: a numpy call costs microseconds however few games it carries, so a few hundred games are faster
one at a time. The same turn as :func:`.kernel.play_turn` and ``engine.step`` (the differential test checks
all three against each other), with the default policy's choices.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from lcr_audio.engine import REVERSAL_COST, Rules, ThreeWilds, WinCondition, dice_for, may_reverse
from lcr_audio.engine.rules import MAX_DICE
from lcr_audio.game.analysis.kernel import CENTER, DOT, LEFT, NO_WINNER, RIGHT, WILD, die_codes

Turn = tuple[list[int], int, int, int, int, bool, bool]
"""chips, pot, next seat to play, winner (-1 while the game goes on), pot won, reversed, reset."""


def plain_turn(
    rules: Rules, chips: list[int], pot: int, mover: int, faces: list[int], reverse_at: int
) -> Turn:
    """Play one whole turn from ``chips`` (changed in place) with the given face codes; see
    :func:`.kernel.play_turn` for the meaning of the arguments and results."""
    seats = len(chips)
    left, right = (mover + 1) % seats, (mover - 1) % seats
    own = chips[mover]
    rev = own >= reverse_at and may_reverse(rules, own)
    if rev:
        chips[mover] -= REVERSAL_COST
        pot += REVERSAL_COST
    dice = dice_for(own, rev)
    shown = faces[:dice]
    sole = sum(1 for n in chips if n) == 1
    n_left, n_center, n_right = shown.count(LEFT), shown.count(CENTER), shown.count(RIGHT)
    n_wild = shown.count(WILD)
    if rev:
        take = min(n_left, chips[left])
        chips[left] -= take
        chips[mover] += take
        take = min(n_right, chips[right])
        chips[right] -= take
        chips[mover] += take
        take = min(n_center, pot)
        pot -= take
        chips[mover] += take
    else:
        chips[mover] -= n_left + n_center + n_right
        chips[left] += n_left
        chips[right] += n_right
        pot += n_center
    winner, taken = NO_WINNER, 0
    if n_wild == MAX_DICE:
        if rev:
            pot += chips[mover]
            chips[mover] = 0
        else:
            taken, pot = pot, 0
            chips[mover] += taken
            if rules.three_wilds is ThreeWilds.WIN:
                winner = mover
    else:
        for _ in range(n_wild):
            others = [(mover + k) % seats for k in range(1, seats)]
            if rev:
                if chips[mover] > 0:
                    target = min(others, key=chips.__getitem__)
                    chips[mover] -= 1
                    chips[target] += 1
            else:
                holding = [s for s in others if chips[s] > 0]
                if holding:
                    target = max(holding, key=chips.__getitem__)  # max keeps the first of equals
                    chips[target] -= 1
                    chips[mover] += 1
    reset = False
    if winner == NO_WINNER:
        holders = [s for s in range(seats) if chips[s]]
        if rules.win is WinCondition.LAST_WITH_CHIPS:
            if len(holders) == 1:
                winner = holders[0]
        elif rules.win is WinCondition.ROLL_ALL_DOTS:
            if sole and shown.count(DOT) == dice:
                winner = mover
        elif sole and not rev and not holders:
            winner = mover
        if winner != NO_WINNER:
            chips[winner] += pot
            taken += pot
            pot = 0
            return chips, pot, mover, winner, taken, rev, False
        if not holders:
            chips[:] = [rules.chips] * seats
            reset = True
        seat = (mover + 1) % seats
        while chips[seat] == 0:
            seat = (seat + 1) % seats
        return chips, pot, seat, NO_WINNER, 0, rev, reset
    return chips, pot, mover, winner, taken, rev, reset


def plain_dice_turn(
    rules: Rules, chips: list[int], pot: int, mover: int, faces: list[int], holders: int
) -> tuple[int, int, int, int, bool, int]:
    """:func:`plain_turn` for plain dice (no Wild, no reversible dice: R5, R10, R11), several times faster
    for the O key's simulations: nothing is counted over the whole table, the number of seats holding chips
    is carried from turn to turn. ``chips`` is changed in place.

    Returns:
        The pot, the next seat to play (the roller once the game is won), the winner (-1 while the game goes
        on), the chips won from the pot, whether everyone got chips again, and the seats holding chips.
    """
    seats = len(chips)
    dice = dice_for(chips[mover])
    sole = holders == 1
    dots = 0
    for face in faces[:dice]:
        if face == DOT:
            dots += 1
            continue
        chips[mover] -= 1
        if face == CENTER:
            pot += 1
            continue
        target = (mover + 1) % seats if face == LEFT else (mover - 1) % seats
        if chips[target] == 0:
            holders += 1
        chips[target] += 1
    if chips[mover] == 0:
        holders -= 1
    winner = NO_WINNER
    if rules.win is WinCondition.LAST_WITH_CHIPS:
        if holders == 1:
            winner = next(s for s in range(seats) if chips[s])
    elif rules.win is WinCondition.ROLL_ALL_DOTS:
        if sole and dots == dice:
            winner = mover
    elif sole and holders == 0:
        winner = mover
    if winner != NO_WINNER:
        if chips[winner] == 0 and pot:
            holders += 1
        chips[winner] += pot
        return 0, mover, winner, pot, False, holders
    reset = holders == 0
    if reset:
        chips[:] = [rules.chips] * seats
        holders = seats
    seat = (mover + 1) % seats
    while chips[seat] == 0:
        seat = (seat + 1) % seats
    return pot, seat, NO_WINNER, 0, reset, holders


def plain_wins(
    rules: Rules,
    chips: tuple[int, ...],
    pot: int,
    mover: int,
    *,
    budget: float,
    rng: random.Random,
    reverse_at: int = 6,
    max_turns: int = 100_000,
    keep_going: Callable[[], bool] = lambda: True,
) -> tuple[list[int], int]:
    """Games won by each seat, played one at a time from the position until ``budget`` seconds have passed
    (at least one game) or ``keep_going()`` is false, and the number of games. A game still going after
    ``max_turns`` is left out. Plain dice go through :func:`plain_dice_turn`."""
    codes = [int(c) for c in die_codes(rules)]
    wins = [0] * rules.players
    games = 0
    deadline = time.monotonic() + budget
    plain_dice = not rules.wild and not rules.reversible
    while (games == 0 or time.monotonic() < deadline) and keep_going():
        state, purse, seat = list(chips), pot, mover
        holders = sum(1 for n in state if n)
        for _ in range(max_turns):
            if plain_dice:
                rand = rng.random
                faces = [codes[int(rand() * 6)] for _ in range(dice_for(state[seat]))]
                purse, seat, winner, _taken, _reset, holders = plain_dice_turn(
                    rules, state, purse, seat, faces, holders
                )
            else:
                faces = rng.choices(codes, k=MAX_DICE)
                state, purse, seat, winner, _taken, _rev, _reset = plain_turn(
                    rules, state, purse, seat, faces, reverse_at
                )
            if winner != NO_WINNER:
                wins[winner] += 1
                games += 1
                break
        else:
            break
    return wins, games
