"""How brief brief verbosity is: the words per turn of seeded computer-player games (issue 14, item 7).

Plays ``--games`` seeded games (seeds 1, 2, ...) of 4 computer players with 3 chips each for each variant
(standard, Wild dice, reversible dice, both), narrated in English at brief verbosity as the game screen
would, and prints, per variant and for all turns together, the number of turns, the median, the 90th
percentile and the maximum of the words per turn, and the longest turn heard. A turn is the one utterance
that tells a roll (the one with the "dice" cue): the roll, what it did and the chip counts; the
winner's line and the questions to people are not turns. Words are what a screen reader would say as
words: runs of letters or digits. Target (issue 14): 90th percentile at most 12 words, variants included.

Usage: ``python3 benchmarks/brief_words.py [--games 200]``

Measured (``--games 200``, 800 games, 20639 turns; the figures are exact, not timings):
    before (main at d55496e): standard p90 10, max 12; wild p90 15, max 26; reversible p90 10, max 16;
        both p90 15, max 28; all p90 13, max 28 ("Ana reverses the dice. Ana: dot, Wild, Wild. Ana gives a
        chip to Bo. Ana gives a chip to Cy. Ana 1, Bo 1, Cy 1, pot 8.")
    after (issue 14, item 7: each Wild's seat said within the roll, "Ana, reversed: ..."): standard p90 10,
        max 12; wild p90 12, max 17; reversible p90 10, max 13; both p90 12, max 17; all p90 10, max 17
        ("Dee: Wild, Wild, Wild. Three Wilds! Dee takes the pot of 4 chips. Dee 10, pot 0.")
"""

from __future__ import annotations

import argparse
import re
import statistics

from lcr_audio import i18n
from lcr_audio.engine import Rules
from lcr_audio.game.session import Player, Session
from lcr_audio.narration import Narrator, Verbosity

VARIANTS: dict[str, Rules] = {
    "standard": Rules(players=4),
    "wild": Rules(players=4, wild=True),
    "reversible": Rules(players=4, reversible=True),
    "both": Rules(players=4, wild=True, reversible=True),
}
NAMES = ("Ana", "Bo", "Cy", "Dee")
WORD = re.compile(r"\w+")


def turns(rules: Rules, seed: int) -> list[str]:
    """The brief turn utterances of one seeded game of computer players."""
    session = Session(rules, [Player(n) for n in NAMES[: rules.players]], seed)
    narrator = Narrator(session.names, (), verbosity=Verbosity.BRIEF)
    said: list[str] = []

    def listen(events: object, state: object) -> None:
        for utterance in narrator.narrate(events, state):  # type: ignore[arg-type]
            if "dice" in utterance.cues:
                said.append(utterance.text)

    session.listeners.append(listen)
    session.start()
    session.play_to_end()
    return said


def percentile(values: list[int], share: float) -> int:
    """The smallest value at or above ``share`` of ``values`` (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, round(share * len(ordered) + 0.4999))
    return ordered[min(rank, len(ordered)) - 1]


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games per variant")
    args = parser.parse_args()
    i18n.set_language("en")
    everything: list[int] = []
    longest = ""
    for label, rules in VARIANTS.items():
        texts = [text for seed in range(1, args.games + 1) for text in turns(rules, seed)]
        counts = [len(WORD.findall(text)) for text in texts]
        everything += counts
        worst = max(texts, key=lambda t: len(WORD.findall(t)))
        if len(WORD.findall(worst)) > len(WORD.findall(longest)):
            longest = worst
        print(
            f"{label:>10}: {len(counts)} turns, median {statistics.median(counts):g}, "
            f"p90 {percentile(counts, 0.9)}, max {max(counts)} words"
        )
    total = f"{len(everything)} turns, p90 {percentile(everything, 0.9)}, max {max(everything)} words"
    print(f"{'all':>10}: {total}")
    print(f"longest: {longest}")


if __name__ == "__main__":
    main()
