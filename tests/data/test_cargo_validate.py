"""``validate`` checks a squad unit that starts aboard a transport (rules 3.10) as the
scenario editor does: a friendly transport in its hex, infantry only, within capacity."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tabletop.data import validate_file

ROOT = Path(__file__).resolve().parents[2]
CARRIED = 'hex: "0210", carrier: ger-sdkfz251-1}'


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    for folder in ("maps", "counters", "scenarios"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return tmp_path / "scenarios" / "demo-squad.yaml"


def problems(path: Path, old: str, new: str) -> list[str]:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    errors, _ = validate_file(path)
    return [str(p) for p in errors]


def line_of(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def test_the_demo_starts_a_squad_aboard_its_half_track(demo: Path) -> None:
    assert validate_file(demo)[0] == []


def test_cargo_outside_its_carriers_hex_is_refused_where_it_is_written(demo: Path) -> None:
    found = problems(demo, CARRIED, 'hex: "0211", carrier: ger-sdkfz251-1}')
    line = line_of(demo, "id: ger-rifle-4")
    assert found == [
        f"{demo}:{line}:{found[0].split(':')[2]}: ger-rifle-4 cannot start aboard "
        "ger-sdkfz251-1: ger-sdkfz251-1 is not in ger-rifle-4's hex; place it beside the "
        "transport without `carrier:`, or name another"
    ]


def test_a_unit_that_is_no_transport_carries_nothing(demo: Path) -> None:
    found = problems(demo, "carrier: ger-sdkfz251-1}", "carrier: ger-rifle-2}")
    assert len(found) == 1 and "ger-rifle-2 is not in ger-rifle-4's hex" in found[0]
    text = demo.read_text(encoding="utf-8").replace(
        'ger-rifle-2, type: GER_RIFLE_SQUAD, side: german, hex: "0209"',
        'ger-rifle-2, type: GER_RIFLE_SQUAD, side: german, hex: "0210"',
    )
    demo.write_text(text, encoding="utf-8")
    found = [str(p) for p in validate_file(demo)[0]]
    assert any("ger-rifle-2 is not a transport (capacity 0)" in m for m in found), found


def test_only_infantry_rides(demo: Path) -> None:
    found = problems(
        demo,
        '{id: ger-sdkfz-1, type: ARMORED_CAR, side: german, hex: "0207"}',
        '{id: ger-sdkfz-1, type: ARMORED_CAR, side: german, hex: "0210", carrier: ger-sdkfz251-1}',
    )
    assert any("ger-sdkfz-1 does not ride in transports: only infantry does" in m for m in found)


def test_riders_beyond_the_capacity_are_named_in_file_order(demo: Path) -> None:
    found = problems(
        demo,
        '{id: ger-rifle-2, type: GER_RIFLE_SQUAD, side: german, hex: "0209"}',
        '{id: ger-rifle-2, type: GER_RIFLE_SQUAD, side: german, hex: "0210", '
        "carrier: ger-sdkfz251-1}",
    )
    full = [m for m in found if "it is full (capacity 1)" in m]
    assert len(full) == 1 and "ger-rifle-4 cannot start aboard" in full[0], found
