"""The key table (DESIGN.md §3: keys as data, one table)."""

from __future__ import annotations

from collections import Counter

import pytest

from lcr_audio.tui.keys import KEYS, Command, Context, KeySpec, help_entries, help_text, lookup


@pytest.mark.parametrize("context", list(Context))
def test_no_key_does_two_things_at_once(context: Context) -> None:
    keys = Counter(key for spec in KEYS if context in spec.contexts for key in spec.keys)
    assert [key for key, count in keys.items() if count > 1] == []


@pytest.mark.parametrize("context", list(Context))
def test_f1_works_everywhere_and_lists_only_what_works(context: Context) -> None:
    assert lookup("f1", context) is not None
    rows = [spec for spec in KEYS if context in spec.contexts]
    everywhere = (Command.QUIET, Command.VOLUME_DOWN, Command.VOLUME_UP, Command.HELP, Command.QUIT_NOW)
    last = [spec for spec in rows if spec.command in everywhere]
    expected = [f"{spec.spoken}: {spec.help}." for spec in rows if spec not in last]
    expected += [f"{spec.spoken}: {spec.help}." for spec in last]  # the keys that work everywhere close it
    assert help_entries(context) == expected
    assert help_text(context) == "\n".join(expected)
    assert any(entry.startswith("F1 or Question mark: ") for entry in expected)


def test_the_scorekeeper_questions_have_the_game_keys_and_undo() -> None:
    for game, keeper in ((Context.REVERSE, Context.KEEP_REVERSE), (Context.CHOOSE, Context.KEEP_CHOOSE)):
        game_keys = {k for spec in KEYS if game in spec.contexts for k in spec.keys}
        keeper_keys = {k for spec in KEYS if keeper in spec.contexts for k in spec.keys}
        assert keeper_keys == game_keys | {"u"}
        assert lookup("u", keeper) is not None and lookup("u", keeper).command is Command.UNDO  # type: ignore[union-attr]
        assert lookup("u", game) is None


def test_an_unknown_key_name_fails_at_once() -> None:
    with pytest.raises(ValueError):
        KeySpec(Command.HELP, ("f99",), "F99", "nothing", frozenset({Context.ROLL}))


@pytest.mark.parametrize(
    ("typed", "context", "command"),
    [
        ("\u044b", Context.ROLL, Command.STATUS),  # ы, at the place of S
        ("\u041d", Context.CONFIRM, Command.YES),  # Cyrillic En, at the place of Y
        ("\u0442", Context.CONFIRM, Command.NO),  # т, at the place of N
        ("\u0441", Context.ROLL, Command.POT),  # Cyrillic Es, at the place of C
        ("\u043a", Context.ROLL, Command.ROLL),  # к, at the place of R
    ],
)
def test_a_russian_layout_reaches_the_same_keys(typed: str, context: Context, command: Command) -> None:
    """Keys are places on the keyboard: with the Russian layout on, the S place types ы and still means S."""
    spec = lookup(typed, context)
    assert spec is not None and spec.command is command


def test_faces_can_be_typed_from_a_russian_layout() -> None:
    from lcr_audio.engine import Face, Rules
    from lcr_audio.tui.scorekeeper import parse_face

    assert [parse_face(k, Rules(wild=True)) for k in "дсквв"] == [
        Face.LEFT,
        Face.CENTER,
        Face.RIGHT,
        Face.DOT,
        Face.DOT,
    ]
    assert parse_face("ц", Rules(wild=True)) is Face.WILD


def _mode_classes() -> list[type]:
    """Every input mode class of the program (importing every screen that defines some)."""
    import lcr_audio.tui.choice
    import lcr_audio.tui.game_modes
    import lcr_audio.tui.menu
    import lcr_audio.tui.options
    import lcr_audio.tui.practice
    import lcr_audio.tui.reader
    import lcr_audio.tui.scorekeeper
    import lcr_audio.tui.setup  # noqa: F401
    from lcr_audio.tui.input import Mode

    found: list[type] = []
    todo: list[type] = [Mode]
    while todo:
        cls = todo.pop()
        if cls not in found:  # a class with two bases is found twice
            found.append(cls)
            todo.extend(cls.__subclasses__())
    return found


def _served(cls: type) -> set[Context]:
    """The contexts served by ``cls`` and every class derived from it."""
    served: set[Context] = set(getattr(cls, "contexts", ()))
    for sub in cls.__subclasses__():
        served |= _served(sub)
    return served


def test_every_context_is_served_by_exactly_one_mode() -> None:
    owners: dict[Context, list[str]] = {}
    for cls in _mode_classes():
        for context in cls.__dict__.get("contexts", ()):
            owners.setdefault(context, []).append(cls.__name__)
    assert {c: o for c, o in owners.items() if len(o) != 1} == {}
    assert set(owners) == set(Context)


def test_every_row_has_a_handler_in_the_mode_serving_its_context() -> None:
    """Issue 10, item 6: a row of the key table that no handler answers fails here."""
    missing = []
    for cls in _mode_classes():
        for context in cls.__dict__.get("contexts", ()):
            for spec in KEYS:
                if context in spec.contexts and spec.command not in cls.bindings:  # type: ignore[attr-defined]
                    missing.append((cls.__name__, context.name, spec.command.name))
    assert missing == []


def test_every_handler_has_a_row() -> None:
    """Issue 10, item 6: a handler whose command has no row where its mode serves fails here (its keys
    and its help would be missing)."""
    orphans = []
    for cls in _mode_classes():
        served = _served(cls)
        for name, value in vars(cls).items():
            for command in getattr(value, "commands", ()):
                if not any(spec.command is command and spec.contexts & served for spec in KEYS):
                    orphans.append((cls.__name__, name, command.name))
    assert orphans == []
