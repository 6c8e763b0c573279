"""The engine's docstring examples run, as python-chess's do (issue 23, item 8): each ``>>>`` line in
``lcr_audio/engine`` is played and must print what the docstring says. Every public function of the engine
carries at least one example."""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

import lcr_audio.engine

MODULES = [
    importlib.import_module(f"lcr_audio.engine.{info.name}")
    for info in pkgutil.iter_modules(lcr_audio.engine.__path__)
]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_the_examples_in_the_engine_docstrings_hold(module: ModuleType) -> None:
    result = doctest.testmod(
        module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert result.failed == 0, f"{result.failed} example(s) of {module.__name__} failed (printed above)"


def test_every_public_engine_function_has_an_example() -> None:
    functions = [
        name for name in lcr_audio.engine.__all__ if inspect.isfunction(getattr(lcr_audio.engine, name))
    ]
    assert functions
    bare = [
        name for name in functions if ">>>" not in (inspect.getdoc(getattr(lcr_audio.engine, name)) or "")
    ]
    assert not bare, f"public engine functions without a docstring example (>>>): {bare}"
    arrays = importlib.import_module("lcr_audio.engine.arrays")
    twins = [
        f for _name, f in inspect.getmembers(arrays, inspect.isfunction) if f.__module__ == arrays.__name__
    ]
    assert twins
    bare = [f.__name__ for f in twins if ">>>" not in (inspect.getdoc(f) or "")]
    assert not bare, f"numpy twins without a docstring example (>>>): {bare}"
