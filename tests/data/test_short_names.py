"""``short:``: the name printed on a counter when ``name`` is too long (our extension)."""

from __future__ import annotations

from pathlib import Path

from tabletop.data import load_counters, save_counters

ROOT = Path(__file__).resolve().parents[2]


def test_short_is_printed_and_name_stays_the_name() -> None:
    units = load_counters(ROOT / "counters/platoon.yaml").units
    assert units["BW_INF"].name == "Panzergrenadiere"
    assert units["BW_INF"].counter_name == "PzGren"
    assert units["M48"].short == "" and units["M48"].counter_name == "M-48"


def test_short_round_trips_for_both_rulesets(tmp_path: Path) -> None:
    for name in ("platoon.yaml", "squad.yaml"):
        before = load_counters(ROOT / "counters" / name)
        save_counters(before, tmp_path / name)
        after = load_counters(tmp_path / name)
        assert after.units == before.units
        assert any(t.short for t in after.units.values())
