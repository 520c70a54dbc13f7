"""Unit entries: the usual entry (id, type, side, formation, hex) is read by a short path;
it must make exactly the units the general reader makes, and leave every other entry, and
every problem, to that reader."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import data
from tabletop.data import scenarios

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted((ROOT / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_the_short_paths_make_the_units_of_the_general_one(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[object] = []
    quick = scenarios._QuickUnits.units

    def counted(self: scenarios._QuickUnits, entry: object) -> object:
        made = quick(self, entry)
        calls.append(made)
        return made

    monkeypatch.setattr(scenarios._QuickUnits, "units", counted)
    fastest = data.load_scenario(path)
    monkeypatch.setattr(scenarios._QuickUnits, "units", lambda self, entry: None)
    common = data.load_scenario(path)
    monkeypatch.setattr(scenarios, "_common_unit", lambda *args: None)
    general = data.load_scenario(path)
    assert [u.__dict__ for u in fastest.units] == [u.__dict__ for u in general.units]
    assert [u.__dict__ for u in common.units] == [u.__dict__ for u in general.units]
    if path.name == "demo-platoon.yaml":
        assert any(made is not None for made in calls)  # the short path was taken


def test_entries_with_problems_are_reported_by_the_general_reader(write) -> None:
    path = write(
        "scenarios/bad.yaml",
        (ROOT / "scenarios" / "demo-platoon.yaml")
        .read_text(encoding="utf-8")
        .replace("type: M48", "type: M4B", 1)
        .replace("../maps/", f"{ROOT}/maps/")
        .replace("../counters/", f"{ROOT}/counters/"),
    )
    errors, _ = data.validate_file(path)
    assert any("unknown unit type 'M4B'" in e.message and e.line > 0 for e in errors)
