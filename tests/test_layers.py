"""The package's layers import only downward, and no module imports itself round a cycle (issue 12, item 1).

Read from the source with ``ast`` (nothing is imported): every ``import`` and ``from ... import`` of
``lcr_audio``, at the top of a module or inside a function, and (for the layers) inside ``if
TYPE_CHECKING:`` too, since a type is a dependency as well. docs/architecture.md draws the same table.
"""

from __future__ import annotations

import ast
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
    for name in ("app", "cli", "cli_online", "argparse_messages", "console_close", "launch", "__main__")
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


def test_no_import_cycle() -> None:
    """No module reaches itself through the imports that run (at the top or inside a function). Imports
    for type checking only are left out: they never run."""
    graph = {m: sorted({name for name, _line, typing in imports(m) if not typing} - {m}) for m in MODULES}
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
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)
