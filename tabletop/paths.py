"""Where the bundled content lives (maps, counters, scenarios shipped with Tabletop)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
COUNTERS = ROOT / "counters"
SCENARIOS = ROOT / "scenarios"
DEMO_SCENARIO = SCENARIOS / "demo-platoon.yaml"


def bundled_terrain_chart(name: str) -> Path:
    """The file of a bundled terrain chart named in a map (``terrain: standard``)."""
    return MAPS / f"{name}.yaml"
