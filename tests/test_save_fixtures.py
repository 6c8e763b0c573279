"""Saves written by the release before the rule options were declared once (issue 12, items 4 and 5) still
load, replay to the position they recorded, and are written back byte for byte.

The files under tests/fixtures/ were written by ``lcr_audio.game.saves.save`` at commit ca45369, before any
change to the save format's code; never regenerate them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lcr_audio.engine import FirstPlayer, Phase, Rules, ThreeWilds, WinCondition
from lcr_audio.game.saves import _encode, load, to_document

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_a_variant_game_saved_mid_way_loads_where_it_was() -> None:
    loaded = load(FIXTURES / "save-v1-variants.json")
    session = loaded.session
    assert session.rules == Rules(
        players=5,
        chips=4,
        wild=True,
        three_wilds=ThreeWilds.WIN,
        reversible=True,
        win=WinCondition.ROLL_ALL_DOTS,
        first_player=FirstPlayer.RANDOM,
    )
    assert loaded.names == ("Ana", "Bo", "Cy", "Dee", "Élodie")
    assert [p.human for p in session.players] == [True, False, False, False, True]
    assert session.first == 1  # R13: drawn from the seed
    assert (session.state.chips, session.state.pot, session.state.turn) == ((1, 1, 1, 0, 4), 13, 29)
    assert sum(session.state.chips) + session.state.pot == 5 * 4  # R2: no chip made or lost
    assert session.state.phase is Phase.ROLL and not loaded.over
    assert (loaded.series.games, loaded.series.wins) == (3, [1, 0, 2, 0, 0])


def test_a_finished_standard_game_loads_with_its_winner() -> None:
    loaded = load(FIXTURES / "save-v1-standard-over.json")
    assert loaded.session.rules == Rules()
    assert loaded.over and loaded.session.state.winner == 0
    assert loaded.session.state.chips == (9, 0, 0)
    # Issue 13, item 2: a transcript lives in the game's own folder; an old save's full path keeps only
    # the file's name, so no path of the player's can be written to.
    assert loaded.transcript == Path("transcript.txt")


@pytest.mark.parametrize("name", ["save-v1-variants.json", "save-v1-standard-over.json"])
def test_a_loaded_save_is_written_back_byte_for_byte(name: str) -> None:
    """The save format did not change: the same game gives the same file (but for the time it was saved,
    an old full transcript path, which is now the file's name alone: issue 13, item 2, and a default name,
    "You", which is now also saved as the default it is: issue 21, item 13)."""
    text = (
        (FIXTURES / name).read_text(encoding="utf-8").replace('"/tmp/lcr/transcript.txt"', '"transcript.txt"')
    )
    default = '"name": "You",\n      "human": true,\n      "policy": {\n        "name": "greedy",\n        "reverse_at": 6\n      }'
    text = text.replace(default, default + ',\n      "default_name": "you"')
    loaded = load(FIXTURES / name)
    document = to_document(loaded.session, series=loaded.series, transcript=loaded.transcript)
    document["saved_at"] = json.loads(text)["saved_at"]
    assert _encode(document) == text


def test_a_save_replays_through_the_sessions_own_dice_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    """One copy of the drawing protocol (issue 12, item 5): were the session to draw dice differently, the
    replay would draw them that way too, and find that the saved dice are not the seed's."""
    from lcr_audio.engine import Face
    from lcr_audio.game.saves import Problem, SaveError
    from lcr_audio.game.session import Session

    drawn: list[int] = []

    def other_drawing(self: Session, count: int) -> tuple[Face, ...]:
        drawn.append(count)
        return (Face.DOT,) * count

    monkeypatch.setattr(Session, "draw_dice", other_drawing)
    with pytest.raises(SaveError) as raised:
        load(FIXTURES / "save-v1-standard-over.json")
    assert raised.value.problem is Problem.DICE
    assert drawn  # the replay asked the session, and no dice of its own
