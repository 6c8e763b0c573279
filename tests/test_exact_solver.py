"""The exact table's solver (issue 25, item 4: classes by chips on the table, Gauss-Seidel sweeps over
slices, passes when chips come back from the pot) against a small independent one written here: value
iteration over every position at once, each row of the chain read as it stands. Rule sets are drawn from
the rule options' declaration (``RULE_OPTIONS``), so a new option is exercised without anyone naming it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import itertools

import numpy as np
import numpy.typing as npt
import pytest
from support.engine import rule_combinations

from lcr_audio.engine import Rules
from lcr_audio.game.analysis import compiled, exact

FloatArray = npt.NDArray[np.float64]

RULES = [
    rules
    for rules in rule_combinations(
        [{"players": 3, "chips": 2}, {"players": 4, "chips": 1}, {"players": 3, "chips": 3}],
        leave_out={"first_player"},  # who rolls first picks the start, not the table (odds.TABLE_IGNORES)
        where_it_applies=True,
    )
    if exact.supports(rules)
]
"""Every declared rule option's values with an exact table, at small sizes."""


HAS_NUMBA = importlib.util.find_spec("numba") is not None

PATHS = ["numpy", pytest.param("compiled", marks=pytest.mark.skipif(not HAS_NUMBA, reason="numba"))]
"""The sweeps by numpy slices, and the compiled loop (where numba is installed)."""


@pytest.fixture(scope="module")
def numba_kernel(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> compiled.Kernel:
    """The kernel compiled by numba, its cache kept in pytest's cache folder between runs, as
    tests/test_analysis_kernel.py keeps it (in a folder named by the kernel's sources and numba's version:
    :func:`~lcr_audio.game.analysis.compiled.cache_folder`), so that the quick loop compiles it only after
    a change (8 s of processor in each run otherwise); without pytest's cache, in the run's own folder."""
    cache = getattr(request.config, "cache", None)
    folder = cache.mkdir("numba") if cache is not None else tmp_path_factory.getbasetemp().parent / "numba"
    return compiled.compile_kernel(folder)


def reference(chain: exact.Chain, seats: int) -> tuple[FloatArray, ...]:
    """Win chances, rolls, seat turns and pot won per position and seat (counted from the seat to play), by
    plain value iteration over the whole chain until no figure changes by more than 1e-15 of the largest."""
    size = len(chain.states)
    ended = chain.winner >= 0
    going = ~ended
    rel = np.arange(seats)
    turned = chain.target[:, None] * seats + (rel[None, :] - chain.turn[:, None]) % seats
    skipped = going[:, None] & (rel[None, :] > 0) & (rel[None, :] < chain.turn[:, None])
    constants = []
    for kind in ("win", "rolls", "seat_turns", "pot"):
        const = np.zeros((len(chain.source), seats))
        rows = np.flatnonzero(ended)
        if kind == "win":
            const[rows, chain.winner[rows]] = chain.chance[rows]
        elif kind == "pot":
            const[rows, chain.winner[rows]] = chain.chance[rows] * chain.pot_won[rows]
        else:
            const[:, 0] = chain.chance
            if kind == "seat_turns":
                const += skipped * chain.chance[:, None]
        per_position = np.zeros((size, seats))
        np.add.at(per_position, chain.source, const)
        constants.append(per_position)
    found = []
    for const in constants:
        values = np.zeros((size, seats))
        for _ in range(100_000):
            read = np.where(going[:, None], values.ravel()[turned], 0.0) * chain.chance[:, None]
            # Each position's rows summed into it: np.add.at written with bincount, which is faster.
            new = const + np.column_stack(
                [np.bincount(chain.source, weights=read[:, seat], minlength=size) for seat in range(seats)]
            )
            change = float(np.max(np.abs(new - values)))
            values = new
            if change <= 1e-15 * max(1.0, float(np.max(np.abs(values)))):
                break
        found.append(values)
    return tuple(found)


_REFERENCES: dict[tuple[int, str], tuple[FloatArray, ...]] = {}


def reference_of(chain: exact.Chain, seats: int) -> tuple[FloatArray, ...]:
    """:func:`reference` of ``chain``, worked out once per chain in a test process: the test below solves
    each chain three ways (numpy's sweeps in two slicings, the compiled loop), and the reference depends on
    the chain's rows alone, so it is kept under a digest of every field of the chain."""
    digest = hashlib.sha256()
    for field in dataclasses.fields(chain):
        array = np.ascontiguousarray(getattr(chain, field.name))
        digest.update(f"{field.name} {array.dtype} {array.shape}".encode())
        digest.update(array.tobytes())
    key = (seats, digest.hexdigest())
    if key not in _REFERENCES:
        _REFERENCES[key] = reference(chain, seats)
    return _REFERENCES[key]


@pytest.mark.parametrize(
    ("path", "slice_states"),
    [("numpy", 5), ("numpy", exact.SLICE_STATES), pytest.param("compiled", 0, marks=PATHS[1].marks)],
)
@pytest.mark.parametrize("reverse_at", [4, 6])
@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_the_solver_finds_what_plain_value_iteration_finds(
    rules: Rules,
    reverse_at: int,
    path: str,
    slice_states: int,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Odds, rolls, seat turns and pot, every position, within 1e-12 (of the largest figure, for the turns
    and the pot), by numpy's sweeps and by the compiled loop; with numpy's slices of 5 positions the
    Gauss-Seidel order matters, with the default it is one slice per class at these sizes."""
    kernel: compiled.Kernel | None = request.getfixturevalue("numba_kernel") if path == "compiled" else None
    monkeypatch.setattr(exact, "SLICE_STATES", slice_states or exact.SLICE_STATES)
    chain = exact.build_chain(rules, reverse_at, kernel=kernel)
    solution = exact.solve(rules, chain, expectations=True, kernel=kernel)
    assert solution.rolls is not None and solution.seat_turns is not None and solution.pot_won is not None
    found = (solution.win, solution.rolls, solution.seat_turns, solution.pot_won)
    for name, mine, theirs in zip(
        ("win", "rolls", "seat turns", "pot"), found, reference_of(chain, rules.players), strict=True
    ):
        scale = max(1.0, float(np.max(np.abs(theirs))))
        assert np.max(np.abs(mine - theirs)) <= 1e-12 * scale, name
    assert np.max(np.abs(solution.win.sum(axis=1) - 1)) < 1e-12


@pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed")
@pytest.mark.parametrize("rules", [Rules(players=3, chips=3), Rules(players=3, chips=3, wild=True)], ids=repr)
def test_the_compiled_sweeps_report_progress_and_compile_nothing_more(
    rules: Rules, numba_kernel: compiled.Kernel
) -> None:
    """The compiled loop tells how far it is as numpy's sweeps do (never going back, in steps, to the end),
    and solving never compiles: every call ran what compile_kernel had compiled (never on a key's path)."""
    compiled_for = {name: len(getattr(numba_kernel, name).signatures) for name in numba_kernel._fields}
    shares: list[float] = []
    plain = exact.solve(rules, exact.build_chain(rules), kernel=numba_kernel)
    exact.solve(rules, exact.build_chain(rules), progress=shares.append, kernel=numba_kernel)
    assert shares[0] == 0.0 and shares[-1] == 1.0
    assert all(b >= a for a, b in itertools.pairwise(shares))
    assert len({round(s, 1) for s in shares}) >= 8
    assert {
        name: len(getattr(numba_kernel, name).signatures) for name in numba_kernel._fields
    } == compiled_for
    numpy = exact.solve(rules, exact.build_chain(rules), kernel=False)
    assert np.max(np.abs(plain.win - numpy.win)) <= 1e-12


@pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed")
@pytest.mark.parametrize("reverse_at", [4, 6])
@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_the_compiled_chain_is_the_numpy_kernels_chain(
    rules: Rules, reverse_at: int, numba_kernel: compiled.Kernel
) -> None:
    """The chain built by the compiled turn is, row for row, the one the numpy kernel builds (R4-R11)."""
    mine = exact.build_chain(rules, reverse_at, kernel=numba_kernel)
    theirs = exact.build_chain(rules, reverse_at, kernel=False)
    for field in dataclasses.fields(mine):
        assert np.array_equal(getattr(mine, field.name), getattr(theirs, field.name)), field.name


def test_solve_never_waits_for_the_compiled_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the compiled kernel is ready (:func:`.compiled.ready` is ``None``), ``build_chain`` and
    ``solve`` use the numpy kernel and numpy's sweeps at once: they never compile nor wait."""
    monkeypatch.setattr(compiled, "_READY", None)
    monkeypatch.setattr(compiled, "compile_kernel", lambda folder: pytest.fail("compiled on the way"))
    rules = Rules(players=3, chips=2)
    plan_kernels: list[object] = []
    real_plan = exact._Plan

    def spy(rules: Rules, chain: exact.Chain, kernel: compiled.Kernel | None = None) -> exact._Plan:
        plan_kernels.append(kernel)
        return real_plan(rules, chain, kernel)

    monkeypatch.setattr(exact, "_Plan", spy)
    solution = exact.solve(rules, exact.build_chain(rules))
    assert plan_kernels == [None]
    assert np.max(np.abs(solution.win.sum(axis=1) - 1)) < 1e-12


def test_the_rules_drawn_cover_every_kind_of_solve() -> None:
    """Plain dice (one pass) and chips coming back from the pot (passes) are both among the rules drawn."""
    kinds = {exact._Plan(rules, exact.build_chain(rules)).upward for rules in RULES}
    assert kinds == {False, True}
