"""The workers of the README's test command keep each xdist group together (tests/conftest.py): the system
tests one after another, each file's tests on one worker. pytest-xdist marks a test's group by adding it to
the test's id; a pytest that no longer lets it (pytest 9.2 with pytest-xdist 3.8, pytest-xdist issue 1386)
spreads every group over the workers without a word, so this test says it."""

from __future__ import annotations

import os

import pytest


def test_a_test_run_by_a_worker_carries_its_group(request: pytest.FixtureRequest) -> None:
    if "PYTEST_XDIST_WORKER" not in os.environ or not request.config.getvalue("loadgroup"):
        pytest.skip("run without pytest-xdist's --dist loadgroup (as with -n0): no groups to keep")
    assert request.node.nodeid.endswith("@test_xdist_groups"), (
        f"pytest-xdist did not add the group to {request.node.nodeid!r}: its groups are not kept, and the "
        "system tests run side by side (pyproject.toml pins the pytest that keeps them)"
    )
