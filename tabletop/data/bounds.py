"""The bounds the schema puts on numbers, where the game has a natural limit.

Each bound is far above anything a published hex-and-counter game prints, and low enough
that no file within them can make Tabletop hang or run out of memory: the odds of an attack
stay exact (a dice pool is a few dozen dice, not 2000), a cup holds a handful of chits per
formation, a map is at most :data:`MAP_HEXES` hexes. docs/formats.md lists them.
"""

from __future__ import annotations

MAP_SIDE = 500
"""Columns or rows of a map."""
MAP_HEXES = 100_000
"""Hexes of a map (columns x rows): 200 x 200 is the size the app is built to play fast."""
LEVEL = 99
"""A hex's level (``rows:``/``levels:`` maps write one digit, 0 to 9)."""

DICE = 30
"""Dice a single rating rolls: firepower, a squad fire's dice, artillery, bombs, assault
factors, mine attacks. A platoon's firepower is printed as 1 to about 10."""
RANGE = 200
"""A weapon's range, in hexes."""
RATING = 20
"""Armor, defense, capacity, bonus dice and other small printed ratings."""
MOVEMENT = 100
"""Movement points, and the cost of a hexside or terrain."""
AMMO = 100
"""Rounds of a gun or unit."""
FIGURES = 50
"""Figures of one squad unit type (a squad is about 10, a tank 1)."""
CALIBER_MM = 1000
"""An artillery piece's caliber."""

CHITS = 20
"""Activation chits of one formation in the cup (rules print 1 to 3)."""
MINES = 100
"""Minefields a side may lay during a game."""
TURNS = 200
"""Turns of a scenario."""
OPTION = 50
"""The small whole-number options: recon range, stacking, penalties, wounds."""
VP = 10_000
"""The most VP a single objective, loss or total may be worth (a typo guard)."""
