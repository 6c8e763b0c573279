"""The numpy kernel, the compiled kernel, the plain-Python turns and the chain simulator against the engine's
``step``: random positions, random rolls, every declared rule option (``RULE_OPTIONS``: a new one too).

The compiled kernel (:mod:`lcr_audio.game.analysis.compiled`) is checked twice: as plain Python always, and
compiled by numba where numba is installed (the ``fast`` extra; CI installs it)."""

from __future__ import annotations

import importlib.util
import itertools
import pickle
import random
from pathlib import Path

import numpy as np
import pytest
from support.engine import rule_combinations

from lcr_audio.engine import (
    POT,
    Cause,
    ChipsMoved,
    ChipsReset,
    ChooseSeat,
    Face,
    GameState,
    Phase,
    Reverse,
    Roll,
    Rules,
    ThreeWilds,
    WinCondition,
    left_of,
    position,
    step,
)
from lcr_audio.game.analysis import compiled, exact
from lcr_audio.game.analysis.kernel import FACE_CODES, NO_WINNER, play_turn
from lcr_audio.game.analysis.plain import plain_dice_turn, plain_turn
from lcr_audio.game.bots import Policy
from lcr_audio.game.usual import usual_reverse_at

ALL_RULES = rule_combinations(
    [
        {"players": 3, "chips": 3},
        {"players": 4, "chips": 2},
        {"players": 5, "chips": 4},
        {"players": 7, "chips": 1},
    ],
    leave_out={"first_player"},  # who rolls first acts before the first turn, never within one
    where_it_applies=True,
)
"""Every declared rule option's values (a new option too), at four small tables."""


HAS_NUMBA = importlib.util.find_spec("numba") is not None

FLAVOURS = ["python", pytest.param("numba", marks=pytest.mark.skipif(not HAS_NUMBA, reason="numba"))]
"""The compiled kernel's turn run as plain Python, and compiled by numba (where numba is installed)."""


@pytest.fixture(scope="session")
def numba_kernel(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> compiled.Kernel:
    """The kernel compiled by numba, once per worker, its cache kept in pytest's cache folder between runs
    (in a folder named by the kernel's sources: :func:`~lcr_audio.game.analysis.compiled.cache_folder`), so
    that the quick loop compiles it only after a change (15 s of processor); without pytest's cache, in the
    run's own temporary folder."""
    cache = getattr(request.config, "cache", None)
    folder = cache.mkdir("numba") if cache is not None else tmp_path_factory.getbasetemp().parent / "numba"
    return compiled.compile_kernel(folder)


def compiled_turns(flavour: str, request: pytest.FixtureRequest) -> tuple[object, object]:
    """The compiled kernel's ``play_turn`` and ``dice_turn``: uncompiled, or compiled by numba."""
    if flavour == "numba":
        kernel: compiled.Kernel = request.getfixturevalue("numba_kernel")
        return kernel.play_turn, kernel.dice_turn
    return (
        getattr(compiled.play_turn, "py_func", compiled.play_turn),
        getattr(compiled.dice_turn, "py_func", compiled.dice_turn),
    )


def engine_turn(state: GameState, faces: tuple[Face, ...], policy: Policy) -> tuple[GameState, int, bool]:
    """One whole turn through ``step``: the reference. Returns the state, the pot won and whether it reset."""
    pot_won, reset = 0, False
    if state.phase is Phase.REVERSE:
        state, _ = step(state, Reverse(policy.reverse(state)))
    state, events = step(state, Roll(faces[: state.dice_to_roll]))
    log = list(events)
    while state.phase in (Phase.WILD_TAKE, Phase.WILD_GIVE):
        seat = policy.take_from(state) if state.phase is Phase.WILD_TAKE else policy.give_to(state)
        state, events = step(state, ChooseSeat(seat))
        log.extend(events)
    for event in log:
        if isinstance(event, ChipsMoved) and event.source == POT and event.cause is Cause.WINNINGS:
            pot_won += event.count
        if isinstance(event, ChipsMoved) and event.cause is Cause.THREE_WILDS and state.over:
            pot_won += event.count
        reset = reset or isinstance(event, ChipsReset)
    return state, pot_won, reset


def random_position(rng: random.Random, rules: Rules) -> GameState:
    while True:
        total = rules.total_chips
        cuts = sorted(rng.randint(0, total) for _ in range(rules.players))
        pot = cuts[0]
        chips = tuple(b - a for a, b in itertools.pairwise([*cuts, total]))
        if rng.random() < 0.3:  # many positions near the end, where the win conditions matter
            chips = tuple(n if rng.random() < 0.4 else 0 for n in chips)
            pot = total - sum(chips)
        holders = [s for s, n in enumerate(chips) if n > 0]
        if holders:
            return position(rules, chips, pot, rng.choice(holders))


@pytest.mark.parametrize("rules", ALL_RULES, ids=repr)
def test_kernel_plays_every_turn_as_step_does(rules: Rules) -> None:
    rng = random.Random(hash(repr(rules)) & 0xFFFF)
    policy = Policy(reverse_at=rng.choice([4, 5, 6, 8]))
    states = [random_position(rng, rules) for _ in range(300)]
    rolls = [tuple(rng.choice(rules.die) for _ in range(3)) for _ in states]
    result = play_turn(
        rules,
        np.array([s.chips for s in states]),
        np.array([s.pot for s in states]),
        np.array([s.seat for s in states]),
        np.array([[FACE_CODES[f] for f in faces] for faces in rolls]),
        policy.reverse_at,
    )
    for i, (state, faces) in enumerate(zip(states, rolls, strict=True)):
        after, pot_won, reset = engine_turn(state, faces, policy)
        where = f"{state.chips} pot {state.pot} seat {state.seat + 1} rolls {[f.value for f in faces]}"
        assert tuple(result.chips[i]) == after.chips, where
        assert result.pot[i] == after.pot, where
        assert result.winner[i] == (NO_WINNER if after.winner is None else after.winner), where
        assert result.pot_won[i] == pot_won, where
        assert bool(result.reset[i]) == reset, where
        if not after.over:
            assert result.mover[i] == after.seat, where
        codes = [FACE_CODES[f] for f in faces]
        expected = (
            after.chips,
            after.pot,
            NO_WINNER if after.winner is None else after.winner,
            pot_won,
            reset,
        )
        chips, pot, mover, winner, won, _rev, was_reset = plain_turn(
            rules, list(state.chips), state.pot, state.seat, codes, policy.reverse_at
        )
        played = [((tuple(chips), pot, winner, won, was_reset), mover)]
        if not rules.wild and not rules.reversible:  # the O key's faster turn for plain dice
            chips = list(state.chips)
            pot, mover, winner, won, was_reset, holders = plain_dice_turn(
                rules, chips, state.pot, state.seat, codes, sum(1 for n in chips if n)
            )
            played.append(((tuple(chips), pot, winner, won, was_reset), mover))
            assert holders == sum(1 for n in after.chips if n), where
        for outcome, mover in played:
            assert outcome == expected, where
            if not after.over:
                assert mover == after.seat, where


@pytest.mark.parametrize("flavour", FLAVOURS)
@pytest.mark.parametrize("rules", ALL_RULES, ids=repr)
def test_compiled_kernel_plays_every_turn_as_step_does(
    rules: Rules, flavour: str, request: pytest.FixtureRequest
) -> None:
    """The compiled kernel's turn, and its faster turn for plain dice, give what ``step`` gives, from the
    same random positions and rolls as the numpy kernel's test above (R4-R11)."""
    play, dice_turn = compiled_turns(flavour, request)
    rng = random.Random(hash(repr(rules)) & 0xFFFF)
    policy = Policy(reverse_at=rng.choice([4, 5, 6, 8]))
    states = [random_position(rng, rules) for _ in range(300)]
    rolls = [tuple(rng.choice(rules.die) for _ in range(3)) for _ in states]
    flags = compiled.flags_of(rules)
    counts = compiled.face_counts(compiled.die_codes(rules))
    lefts, rights = compiled.neighbours(rules.players)
    for state, faces in zip(states, rolls, strict=True):
        after, pot_won, reset = engine_turn(state, faces, policy)
        where = f"{state.chips} pot {state.pot} seat {state.seat + 1} rolls {[f.value for f in faces]}"
        expected = (
            after.chips,
            after.pot,
            NO_WINNER if after.winner is None else after.winner,
            pot_won,
            reset,
        )
        chips = np.array(state.chips, dtype=np.int64)
        roll = sum(rules.die.index(face) * 6 ** (2 - k) for k, face in enumerate(faces))  # first die slowest
        pot, mover, winner, won, _rev, was_reset = play(  # type: ignore[operator]
            flags, chips, state.pot, state.seat, roll, counts, policy.reverse_at, lefts, rights
        )
        played = [((tuple(int(n) for n in chips), pot, winner, won, was_reset), mover)]
        if not rules.wild and not rules.reversible:
            chips = np.array(state.chips, dtype=np.int64)
            holding = sum(1 << seat for seat, n in enumerate(state.chips) if n)  # bit s: seat s holds chips
            pot, mover, winner, won, was_reset, holding = dice_turn(  # type: ignore[operator]
                flags, chips, state.pot, state.seat, roll, counts, holding, lefts, rights
            )
            played.append(((tuple(int(n) for n in chips), pot, winner, won, was_reset), mover))
            assert holding == sum(1 << seat for seat, n in enumerate(after.chips) if n), where
        for outcome, mover in played:
            assert outcome == expected, where
            if not after.over:
                assert mover == after.seat, where


GAME_RULES = [
    Rules(players=4, chips=2),
    Rules(players=4, chips=2, wild=True, three_wilds=ThreeWilds.WIN),
    Rules(players=3, chips=3, wild=True, reversible=True),
]
"""Rules with an exact table, to check whole games of the compiled kernel against."""


@pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed")
@pytest.mark.parametrize("rules", GAME_RULES, ids=repr)
def test_compiled_games_win_as_often_as_the_exact_table_says(
    rules: Rules, numba_kernel: compiled.Kernel
) -> None:
    """Whole games of the compiled kernel (its own dice, R3): each seat's rate of wins, from the start and
    from a position later in a game, within 4.5 standard errors of the exact odds, the careful player's
    games (:func:`~lcr_audio.game.analysis.compiled.careful_play`) too."""
    from lcr_audio.game.analysis.odds import exact_table

    table = exact_table(rules)
    usual = usual_reverse_at(rules)  # the rule the exact table's players follow
    rng = np.random.default_rng(5)
    compiled_for = {name: len(getattr(numba_kernel, name).signatures) for name in numba_kernel._fields}
    games = 40_000
    for chips, pot, mover in (
        ((rules.chips,) * rules.players, 0, 0),
        exact.random_table_position(random.Random(2), rules),
    ):
        expected = np.array(table.lookup(chips, pot, mover))
        finished, sums = compiled.tally_games(
            numba_kernel, rules, chips, pot, mover, games, rng, usual, 100_000
        )
        assert finished == games
        error = np.sqrt(expected * (1 - expected) / games) + 1e-12
        assert np.all(np.abs(sums[0] / games - expected) <= 4.5 * error), (chips, sums[0] / games, expected)
        assert np.all(sums[2] >= sums[1])  # the dice reach a seat whenever it rolls, and when it is skipped
        leaf = compiled_leaf(chips, pot, mover)
        won, rows, _ = compiled.careful_play(
            numba_kernel, rules, 1, [leaf, leaf], None, games, rng, reverse_at=usual
        )
        assert rows > games and np.array_equal(won[0], won[1])  # the same dice in game k of every leaf
        assert abs(won[0].mean() - expected[1]) <= 4.5 * error[1]
        wins, played = compiled.wins_within(
            numba_kernel,
            rules,
            chips,
            pot,
            mover,
            budget=0.0,
            seed=3,
            reverse_at=usual,
            max_turns=100_000,
            workers=2,
        )
        assert played >= 2 and sum(wins) == played
    # Compiling never happens on a key's path: every use above ran what compile_kernel had compiled.
    assert compiled_for == {
        name: len(getattr(numba_kernel, name).signatures) for name in numba_kernel._fields
    }


WHOLE_GAME_RULES = [
    Rules(players=10),
    Rules(players=10, wild=True),
    Rules(players=6, chips=2, wild=True, reversible=True, three_wilds=ThreeWilds.WIN),
    Rules(players=5, chips=2, win=WinCondition.ROLL_ALL_DOTS),
    Rules(players=4, chips=1, win=WinCondition.LAST_CHIP_IN_POT),
    Rules(players=3, chips=1, reversible=True, win=WinCondition.LAST_CHIP_IN_POT),
]
"""Rules for whole games of the compiled kernel replayed through ``step``: its fast turn for plain dice at
the largest table and at the win conditions that end on the last holder's roll, and its full turn."""


@pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed")
@pytest.mark.parametrize("rules", WHOLE_GAME_RULES, ids=repr)
def test_compiled_games_play_roll_for_roll_as_step_does(rules: Rules, numba_kernel: compiled.Kernel) -> None:
    """Whole games of the compiled ``play_games``, replayed roll for roll through ``step`` with the kernel's
    own dice (its splitmix64 stream; plain dice play two games at a time, each drawing the next die in
    turn): the winner, each seat's rolls, the times the dice reached each seat (skipped or not, R4) and the
    pot won are what the engine gives, from the start and from random positions (R4-R12)."""
    reverse_at = usual_reverse_at(rules)
    flags = compiled.flags_of(rules)
    counts = compiled.face_counts(compiled.die_codes(rules))
    rng = random.Random(11)
    starts = [position(rules, (rules.chips,) * rules.players, 0, 0)]
    starts += [random_position(rng, rules) for _ in range(4)]
    for number, state in enumerate(starts):
        seed = np.uint64(1_000_003 * (number + 1))
        for games in (1, 3):
            out = np.zeros((4, rules.players), dtype=np.int64)
            finished = numba_kernel.play_games(
                flags,
                counts,
                np.array(state.chips, dtype=np.int64),
                state.pot,
                state.seat,
                games,
                seed,
                reverse_at,
                5_000,
                out,
            )
            lanes = 2 if not rules.wild and not rules.reversible else 1
            expected = replay_games(state, int(seed), games, lanes, reverse_at, 5_000)
            assert (finished, out.tolist()) == expected, (number, games)


def replay_games(
    state: GameState, seed: int, games: int, lanes: int, reverse_at: int, max_turns: int
) -> tuple[int, list[list[int]]]:
    """``games`` games from ``state`` through ``step``, ``lanes`` at a time (a turn of each in turn), each die
    drawn from the compiled kernel's splitmix64 stream at ``seed``, as the kernel draws them. Returns the
    games won, and per seat the wins, rolls, times the dice reached it and chips won from the pot."""
    rules = state.rules
    policy = Policy(reverse_at=reverse_at)
    mix, roll_of = (getattr(f, "py_func", f) for f in (compiled.mix, compiled.roll_of))  # the dice in Python
    won, rolls, reached, pot_won = ([0] * rules.players for _ in range(4))
    playing: list[list[object]] = [[state, 0] for _ in range(min(lanes, games))]
    started = len(playing)
    counter = seed
    while playing:
        for lane in list(playing):
            now, turns = lane
            assert isinstance(now, GameState) and isinstance(turns, int)
            counter = (counter + 0x9E3779B97F4A7C15) % 2**64
            with np.errstate(over="ignore"):  # splitmix64 wraps round, as the kernel's
                roll = int(roll_of(mix(np.uint64(counter))))
            faces = (
                rules.die[roll // 36],
                rules.die[roll // 6 % 6],
                rules.die[roll % 6],
            )  # first die slowest
            rolls[now.seat] += 1
            reached[now.seat] += 1
            after, taken, _ = engine_turn(now, faces, policy)
            if after.winner is not None:
                won[after.winner] += 1
                pot_won[after.winner] += taken
            else:
                seat = left_of(now.seat, rules.players)
                while seat != after.seat:  # passed over without chips (R4)
                    reached[seat] += 1
                    seat = left_of(seat, rules.players)
            lane[:] = [after, turns + 1]
            if after.winner is not None or turns + 1 == max_turns:
                if started < games:
                    lane[:] = [state, 0]
                    started += 1
                else:
                    playing.remove(lane)
    return sum(won), [won, rolls, reached, pot_won]


def compiled_leaf(chips: tuple[int, ...], pot: int, mover: int) -> compiled.Leaf:
    from lcr_audio.game.analysis.careful import _Leaf

    return _Leaf(chips, pot, mover)


def test_the_positions_reach_every_kind_of_turn_end() -> None:
    """The random positions above are not all dull: wins of every kind, resets and reversals all happen."""
    seen: set[str] = set()
    for rules in ALL_RULES:
        rng = random.Random(hash(repr(rules)) & 0xFFFF)
        policy = Policy(reverse_at=rng.choice([4, 5, 6, 8]))
        for _ in range(300):
            state = random_position(rng, rules)
            faces = tuple(rng.choice(rules.die) for _ in range(3))
            after, _, reset = engine_turn(state, faces, policy)
            if after.over:
                seen.add(f"win {rules.win.value} {rules.three_wilds.value if rules.wild else ''}")
            if reset:
                seen.add("reset")
            if state.phase is Phase.REVERSE and policy.reverse(state):
                seen.add("reversed")
    assert "reset" in seen and "reversed" in seen
    assert {f"win {w.value} " for w in WinCondition} <= seen
    assert f"win last-with-chips {ThreeWilds.WIN.value}" in seen


CHAIN_RULES = [
    rules
    for rules in rule_combinations(
        [{"players": 5, "chips": 3}, {"players": 4, "chips": 2}, {"players": 3, "chips": 3}],
        leave_out={"first_player"},
        where_it_applies=True,
    )
    if exact.supports(rules)
]
"""Every declared rule option's values that have an exact chain (a new option too), at three tables."""


@pytest.mark.parametrize("reverse_at", [4, 6])
@pytest.mark.parametrize("rules", CHAIN_RULES, ids=repr)
def test_chain_table_plays_every_turn_as_step_does(rules: Rules, reverse_at: int) -> None:
    """The chain simulator's table (R4-R10): from random positions, each ordered roll of three dice read
    through its column gives the position, the seat to play and the winner that ``step`` gives, with the
    computer players reversing the dice (R9) from the chain's threshold."""
    from lcr_audio.game.analysis.chain_sim import MOVED_BITS, chain_simulator

    sim = chain_simulator(rules, exact.build_chain(rules, reverse_at))
    size, seats = len(sim.chain.states), rules.players
    rng = random.Random(31)
    faces_of = list(itertools.product(rules.die, repeat=3))
    checked = 0
    while checked < 300:
        state = random_position(rng, rules)
        if state.pot + sum(state.chips) != rules.total_chips or sum(1 for n in state.chips if n) < 2:
            continue
        number = rng.randrange(len(faces_of))  # numbers below 216 stand for the roll of the same index
        value = int(sim.entries[sim.index_of(state.chips, state.seat) * sim.span + int(sim.columns[number])])
        after, moved = (value >> MOVED_BITS) // sim.span, value & ((1 << MOVED_BITS) - 1)
        expected, _, _ = engine_turn(state, faces_of[number], Policy(reverse_at=reverse_at))
        if expected.over:
            assert after >= size and (state.seat + after - size) % seats == expected.winner
        else:
            mover = (state.seat + moved) % seats
            assert after < size and mover == expected.seat
            turned = tuple(expected.chips[(mover + k) % seats] for k in range(seats))
            assert tuple(int(n) for n in sim.chain.states[after]) == turned
        checked += 1


@pytest.mark.parametrize("rules", [Rules(players=5), Rules(players=4, wild=True)], ids=repr)
def test_chain_table_columns_have_exactly_their_chances(rules: Rules) -> None:
    """Each column of three dice kinds is read from 303 of the 65,536 numbers for each ordered roll that
    shows those kinds (so its chance is exact, R3); the 88 numbers left over roll again, through a column
    that leaves every position as it is and moves nobody."""
    from lcr_audio.game.analysis.chain_sim import chain_simulator, kinds, null_column

    sim = chain_simulator(rules)
    per_kind = {face: rules.die.count(face) for face in kinds(rules)}
    counts = np.bincount(sim.columns, minlength=sim.span)
    for column, shown in enumerate(itertools.product(kinds(rules), repeat=3)):
        ordered_rolls = per_kind[shown[0]] * per_kind[shown[1]] * per_kind[shown[2]]
        assert counts[column] == 303 * ordered_rolls
    null = null_column(rules)
    assert counts[null] == 65_536 - 303 * 216 == 88
    rows = np.arange(len(sim.chain.states) + rules.players) * sim.span
    assert np.array_equal(sim.entries[rows + null], rows << 4)  # the same position, nobody moved


@pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed")
def test_the_o_key_and_the_careful_players_use_the_compiled_kernel_once_it_is_ready(
    numba_kernel: compiled.Kernel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no table answers (10 seats), the O key's games and a careful decision's are the compiled
    kernel's once it is ready; until then (``ready()`` is None) the numpy kernel and plain Python's."""
    from lcr_audio.engine import new_game
    from lcr_audio.game.analysis import careful
    from lcr_audio.game.analysis.odds import OddsKeeper

    used: list[str] = []
    for name in ("wins_within", "careful_play"):
        real = getattr(compiled, name)
        monkeypatch.setattr(compiled, name, lambda *a, _n=name, _r=real, **k: used.append(_n) or _r(*a, **k))
    rules = Rules(players=10, wild=True)
    state = new_game(rules)[0]
    while state.phase is not Phase.WILD_TAKE:
        state = step(state, Roll((Face.WILD,) + (Face.DOT,) * (state.dice_to_roll - 1)))[0]
    for ready in (None, numba_kernel):
        monkeypatch.setattr(compiled, "_READY", ready)
        used.clear()
        odds = OddsKeeper(rules, None, seed=1).odds(state, 0.01)
        assert abs(sum(odds.chances) - 1) < 1e-9 and odds.games > 0
        assert careful.simulated_choice(state, work=20_000) in state.choices
        # (the O key's games go on after its answer, on a thread of their own: they may add calls)
        assert set(used) == (set() if ready is None else {"wins_within", "careful_play"})


def test_a_cache_numba_cannot_read_is_made_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken numba cache (a file cut short) never stops the compiled kernel: the game's cache folder for
    it is removed and the kernel compiled again, caching anew; the user's own ``NUMBA_CACHE_DIR`` is left as
    it is and the kernel compiled without a cache. (numba itself is stood in for: a compile takes
    seconds.)"""
    made = compiled.Kernel(*[lambda *a: 0] * len(compiled.Kernel._fields))
    calls: list[bool] = []

    def compile_kernel(folder: Path | None, *, cache: bool = True) -> compiled.Kernel:
        calls.append(cache)
        if len(calls) == 1:
            raise pickle.UnpicklingError("pickle data was truncated")  # what numba raises for a cut index
        return made

    monkeypatch.setattr(compiled, "compile_kernel", compile_kernel)
    monkeypatch.setattr(compiled, "cache_folder", lambda folder: folder / "kernel")
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    broken = tmp_path / "kernel" / "analysis.nbi"
    broken.parent.mkdir()
    broken.write_bytes(b"cut short")
    for user_folder in (None, str(tmp_path / "theirs")):
        if user_folder is not None:
            monkeypatch.setenv("NUMBA_CACHE_DIR", user_folder)
            broken.parent.mkdir()
        monkeypatch.setattr(compiled, "_READY", None)
        monkeypatch.setattr(compiled, "_FAILED", False)
        calls.clear()
        compiled._compile_quietly(tmp_path)
        assert compiled.ready() is made
        assert calls == [True, user_folder is None]  # cached again only in the game's own folder
        assert broken.parent.exists() == (user_folder is not None)
