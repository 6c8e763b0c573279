"""Analysis beside the game layer (DESIGN.md §1): each seat's chance of winning, exact or simulated.

- :mod:`.kernel`: one turn for many positions at once with numpy (checked against ``engine.step``).
- :mod:`.exact`: the exact win-probability table over every position of a table size (R4-R11).
- :mod:`.simulate`: Monte Carlo from any position, with a margin.
- :mod:`.odds`: what the O key and ``lcr-audio odds`` ask for: exact where the table is small enough.
- :mod:`.careful`: the careful computer player, who chooses by the odds.
- :mod:`.wins`: the numbers behind ``lcr-audio odds`` and ``simulate`` (printed and worded above this layer).

Only the engine and numpy are imported here.
"""
