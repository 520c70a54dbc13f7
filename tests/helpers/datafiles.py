"""Small self-contained files for the data tests (bundled chart ``standard``): a map, a counters
file and a scenario that uses them, and the type of the ``write`` fixture."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

MAP = """\
format: tabletop/map@1
name: Test valley
terrain: standard
grid: {columns: 10, rows: 8}
default: clear
hexes:
  "0304": woods
  "0505": {terrain: town, level: 1}
  "0606": hill
  "0707": building
  "0808": water
  "0203": swamp
hexsides:
  - {between: ["0304", "0305"], feature: river}
  - {side: "0405/0406", feature: road}
"""

COUNTERS = """\
format: tabletop/counters@1
ruleset: platoon
units:
  TANK:
    name: Tank
    kind: tank
    target: armored
    full: {ap: {firepower: 3, range: 10, hit: 4}, armor: 2, save: 5, movement: 8}
    reduced: {ap: {firepower: 2, range: 10, hit: 4}, armor: 1, save: 5, movement: 8}
  INF:
    name: Infantry
    kind: infantry
    target: unarmored
    full: {he: {firepower: 2, range: 3, hit: 5}, movement: 4, morale: 8}
    reduced: {he: {firepower: 1, range: 3, hit: 5}, movement: 4}
    support_weapon: MILAN
  MILAN:
    name: Milan
    kind: sw
    target: unarmored
    full: {ap: {firepower: 2, range: 12, hit: 4, missile: true}}
"""

SCENARIO = """\
format: tabletop/scenario@1
name: Test
ruleset: platoon
map: map.yaml
counters: [counters.yaml]
sides:
  blue: {name: Blue, formations: {alpha: {chits: 2}}}
  red: {name: Red, formations: {bravo: {chits: 1}}}
turns: 6
units:
  - {id: t-1, type: TANK, side: blue, formation: alpha, hex: "0101"}
  - {id: i-1, type: INF, side: blue, formation: alpha, hex: "0102"}
  - {id: t-2, type: TANK, side: red, formation: bravo, hex: "0908", step: reduced}
hex_markers:
  - {hex: "0404", marker: wreck}
"""

Write = Callable[[str, str], Path]
