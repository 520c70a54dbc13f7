"""A small squad close combat for the GUI tests: two German squads beside a hex of two Soviet
squads on the squad demo's map, and the dice its fight rolls."""

from __future__ import annotations

from pathlib import Path

from tabletop import paths

FACES = [3, 3, 1, 3, 3, 3, 2, 3, 3, 3, 3, 1] * 20
"""Every die the game rolls, in order (plenty: what is left over is never read)."""


TWO_ON_TWO = """
  - {id: ger-a, type: GER_RIFLE_SQUAD, side: german, hex: "0303"}
  - {id: ger-b, type: GER_RIFLE_SQUAD, side: german, hex: "0304"}
  - {id: sov-a, type: RIFLE_SQUAD, side: soviet, hex: "0403"}
  - {id: sov-b, type: RIFLE_SQUAD, side: soviet, hex: "0403"}
"""


def scenario(folder: Path, units: str = TWO_ON_TWO) -> Path:
    root = paths.SCENARIOS.parent
    text = f"""format: tabletop/scenario@1
name: Two on two
ruleset: squad
map: {root / "maps" / "village.yaml"}
counters: [{root / "counters" / "squad.yaml"}]
sides:
  german: {{name: Wehrmacht}}
  soviet: {{name: Red Army}}
first: german
turns: 2
units:{units}"""
    path = folder / "two-on-two.yaml"
    path.write_text(text, encoding="utf-8")
    return path
