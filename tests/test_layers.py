"""The package's layers import only downward, and no module imports itself round a cycle (issue 12, item 1).

Read from the source with ``ast`` (nothing is imported): every ``import`` and ``from ... import`` of
``lcr_audio``, at the top of a module or inside a function, and (for the layers) inside ``if
TYPE_CHECKING:`` too, since a type is a dependency as well. docs/architecture.md draws the same table.
"""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "lcr_audio"

BASE = frozenset(
    f"lcr_audio{name}"
    for name in (
        *("", ".i18n", ".storage", ".settings", ".cues", ".names"),
        *(".rule_options", ".verbosity", ".speech_mode"),
    )
)
"""Small modules every layer above the engine may use: translation, files on disk, the player's settings,
the cues (their names, and where each sounds around the table), text from outside cleaned for printing,
the rule options declared once, the verbosity levels and speech modes the settings hold."""
TOP = frozenset(
    f"lcr_audio.{name}"
    for name in (
        *("app", "cli", "cli_parser", "cli_process", "cli_speaking", "cli_commands", "cli_odds"),
        *("cli_online", "argparse_messages", "console_close", "launch", "__main__"),
    )
)
"""The program's entry points and what only they use (the Windows console's close), above everything; the
browser client's folder, ``lcr_audio/web/``, is top too (:func:`layer`)."""

MAY_IMPORT: dict[str, frozenset[str]] = {
    "engine": frozenset({"engine"}),
    "base": frozenset({"base", "engine"}),
    "game": frozenset({"base", "engine", "game"}),
    "narration": frozenset({"base", "engine", "game", "narration"}),
    "output": frozenset({"base", "output"}),
    "tui": frozenset({"base", "engine", "game", "narration", "output", "tui"}),
    "top": frozenset({"base", "engine", "game", "narration", "output", "tui", "top"}),
}
"""Which layers each layer's modules may import (its own included). The engine, pure, imports nothing else."""

FOLDERS = ("engine", "game", "narration", "output", "tui")


def layer(module: str) -> str | None:
    """The layer of ``module`` (a dotted name), or None when it has no place yet."""
    if module in BASE:
        return "base"
    if module in TOP:
        return "top"
    parts = module.split(".")
    if len(parts) >= 2 and parts[1] == "web":  # the browser client runs the screens and the app: top
        return "top"
    if len(parts) >= 2 and parts[1] in FOLDERS:
        return parts[1]
    return None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_lines(tree: ast.Module) -> set[int]:
    """The lines of every ``if TYPE_CHECKING:`` block."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def imports(module: str) -> list[tuple[str, int, bool]]:
    """What ``module`` imports of the package: ``(module imported, line, only for type checking)``."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = _type_checking_lines(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, int, bool]] = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            # ``from lcr_audio.game import saves`` imports the module lcr_audio.game.saves.
            names = [f"{source}.{a.name}" if f"{source}.{a.name}" in MODULES else source for a in node.names]
        for name in names:
            if name == "lcr_audio" or name.startswith("lcr_audio."):
                while name not in MODULES:  # ``import lcr_audio.x.y`` of a name inside a module
                    name = name.rpartition(".")[0]
                found.append((name, node.lineno, node.lineno in typing_only))
    return found


def test_every_module_has_a_layer() -> None:
    unplaced = [m for m in MODULES if layer(m) is None]
    assert not unplaced, (
        f"modules with no layer (move them into a layer folder, or name them here): {unplaced}"
    )


def test_the_layer_table_names_only_the_package_as_it_is() -> None:
    """The table is a fact of the package: a base or top module it names that was renamed or removed, or a
    layer left with no module, is a stale entry that would let a new module of that name in unchecked."""
    gone = sorted((BASE | TOP) - MODULES.keys())
    assert not gone, f"the layer table names modules that do not exist (remove or rename them here): {gone}"
    empty = sorted(MAY_IMPORT.keys() - {layer(m) for m in MODULES})
    assert not empty, f"layers with no module (remove them from MAY_IMPORT and FOLDERS): {empty}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_go_only_downward(module: str) -> None:
    own = layer(module)
    assert own is not None
    upward = [
        f"line {line}: {name} ({layer(name)})"
        for name, line, _typing in imports(module)
        if layer(name) not in MAY_IMPORT[own]
    ]
    assert not upward, f"{module} ({own}) may import only {sorted(MAY_IMPORT[own])}, not: {upward}"


def import_cycles(*, typing: bool) -> list[list[str]]:
    """Every cycle of the package's import graph, each as ``[a, b, ..., a]``; with ``typing``, the imports
    under ``if TYPE_CHECKING:`` count too (issue 23, item 4: a type is a dependency as well, and a cycle of
    types is one module that cannot be read, tested or moved without the other)."""
    graph = {
        m: sorted({name for name, _line, only_typing in imports(m) if typing or not only_typing} - {m})
        for m in MODULES
    }
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for name in graph[module]:
            if state.get(name) == 1:
                cycles.append([*path[path.index(name) :], name])
            elif name not in state:
                visit(name)
        path.pop()
        state[module] = 2

    for module in graph:
        if module not in state:
            visit(module)
    return cycles


def test_no_import_cycle() -> None:
    """No module reaches itself through the imports that run (at the top or inside a function)."""
    cycles = import_cycles(typing=False)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_no_import_cycle_even_for_types() -> None:
    """No module reaches itself even through the imports made for type checking only (issue 23, item 4): a
    screen that needs another's type takes a Protocol declared below it (``tui/host.py``'s
    :class:`~lcr_audio.tui.host.ActiveScreen`, ``tui/game_modes.py``'s
    :class:`~lcr_audio.tui.game_modes.GameScreen`)."""
    cycles = import_cycles(typing=True)
    where = {
        f"{m}:{line}"
        for cycle in cycles
        for m, n in itertools.pairwise(cycle)
        for name, line, _typing in imports(m)
        if name == n
    }
    assert not cycles, (
        "import cycles, counting imports for type checking: "
        + "; ".join(" -> ".join(c) for c in cycles)
        + f" (the imports: {', '.join(sorted(where))}); declare a Protocol in the lower module instead"
    )


def test_the_cycle_check_finds_a_cycle_of_types(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a cycle closed by an import under ``if TYPE_CHECKING:`` is found, and only
    when types count."""
    real = imports

    def with_a_cycle(module: str) -> list[tuple[str, int, bool]]:
        if module == "lcr_audio.engine":
            return [*real(module), ("lcr_audio.tui.play", 1, True)]
        return real(module)

    monkeypatch.setitem(globals(), "imports", with_a_cycle)
    found = import_cycles(typing=True)
    assert any(c[0] == c[-1] and "lcr_audio.engine" in c and "lcr_audio.tui.play" in c for c in found)
    assert not import_cycles(typing=False)


FRONT_END_FREE = ("engine", "game")
"""The layers that hold no front end (issue 23, item 3): the rules and one game being played. Parsing a
command line and printing are the top layer's (``cli_*.py``), sentences narration's."""

STANDARD_STREAMS = frozenset({"stdout", "stderr", "__stdout__", "__stderr__"})


def front_end_code(source: str) -> list[tuple[int, str]]:
    """What in ``source`` (a module's text) belongs to a front end: an ``argparse`` import, a call of
    ``print()``, or ``sys.stdout`` or ``sys.stderr`` (written to, or handed on to be written to); as
    ``(line, what)``, in line order."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [
                (node.lineno, f"import {a.name}") for a in node.names if a.name.split(".")[0] == "argparse"
            ]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            module = node.module or ""
            if module.split(".")[0] == "argparse":
                found.append((node.lineno, f"from {module} import ..."))
            elif module == "sys":
                found += [
                    (node.lineno, f"from sys import {a.name}")
                    for a in node.names
                    if a.name in STANDARD_STREAMS
                ]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            found.append((node.lineno, "print()"))
        elif (
            isinstance(node, ast.Attribute)
            and node.attr in STANDARD_STREAMS
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
        ):
            found.append((node.lineno, f"sys.{node.attr}"))
    return sorted(found)


def test_the_front_end_check_finds_each_kind() -> None:
    """The check below can fail: each kind of front-end code is found, on its line."""
    source = (
        "import argparse\n"
        "import sys\n"
        "from sys import stderr\n"
        "def f(x):\n"
        "    print(x)\n"
        "    sys.stdout.write(x)\n"
        "    g(file=sys.stderr)\n"
        "    out.write(x)\n"  # a stream handed in is the caller's choice: allowed
    )
    assert front_end_code(source) == [
        (1, "import argparse"),
        (3, "from sys import stderr"),
        (5, "print()"),
        (6, "sys.stdout"),
        (7, "sys.stderr"),
    ]


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) in FRONT_END_FREE))
def test_no_argument_parsing_or_printing_below_the_top(module: str) -> None:
    """No module of the engine or the game layer parses a command line or prints (issue 23, item 3): a
    command's options and printed lines are the top layer's (``lcr_audio/cli_*.py``), its sentences
    narration's; the game layer hands back numbers, or writes to a stream it is given."""
    path = MODULES[module]
    found = front_end_code(path.read_text(encoding="utf-8"))
    where = path.relative_to(ROOT).as_posix()
    assert not found, (
        f"{where} is in the {layer(module)} layer, which holds no front end; move this to the top layer "
        "(lcr_audio/cli_*.py) and its sentences to narration/: "
        + "; ".join(f"{where}:{line}: {what}" for line, what in found)
    )
