"""Save a game over and over until killed: the subprocess of test_saves.py's kill test.

Usage: ``python tests/saves_kill_helper.py SAVE_PATH``

Continues the game in SAVE_PATH when there is one (so every run also loads what the run before it left),
else starts a new one; prints ``ready`` once imported and loaded, then plays one computer decision and saves
after each, starting the next game of the series whenever one is won. It never stops by itself. Exit code 3
(and the sentence on stderr) means the save it found could not be loaded.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout, not an installed copy

from lcr_audio.engine import Rules, WinCondition
from lcr_audio.game import saves
from lcr_audio.game.session import Player, Session

RULES = Rules(players=10, chips=10, wild=True, reversible=True, win=WinCondition.ROLL_ALL_DOTS)
"""Many seats and chips, so each save is a bigger file and a kill is likelier to land inside a write."""


def main(path: Path) -> int:
    try:
        loaded = saves.load(path)
        session, series = loaded.session, loaded.series
    except saves.SaveError as error:
        if error.problem is not saves.Problem.MISSING:
            print(error, file=sys.stderr)
            return 3
        session = Session(RULES, [Player(f"Bot {i + 1}") for i in range(RULES.players)], seed=7)
        series = saves.Series()
    print("ready", flush=True)
    while True:
        if session.state.over:
            assert session.state.winner is not None
            series.record_win(session.state.winner)
            session = Session(session.rules, session.players, session.rng.randrange(2**31))
        session.play_computer()
        saves.save(session, path, series=series)


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
