"""``victory:`` keys (rules-spec 6, docs/formats.md): read, and each bad value located."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.data import load_scenario, validate_file
from tests.helpers.datafiles import COUNTERS, MAP, SCENARIO, Write

GOOD = """\
victory:
  hexes: ["0505", {hex: "0606", vp: 3, owner: red}]
  losses: {step: 2}
  margin: 2
  sudden_death: {blue: 9}
"""


def scenario(write: Write, victory: str) -> Path:
    write("map.yaml", MAP)
    write("counters.yaml", COUNTERS)
    return write("scenario.yaml", SCENARIO + victory)


def problems(path: Path) -> list[str]:
    errors, _ = validate_file(path)
    return [str(p) for p in errors]


def test_the_new_keys_and_the_v22_form_are_valid_and_kept(write: Write) -> None:
    path = scenario(write, GOOD)
    assert problems(path) == []
    assert load_scenario(path).victory == {
        "hexes": ["0505", {"hex": "0606", "vp": 3, "owner": "red"}],
        "losses": {"step": 2}, "margin": 2, "sudden_death": {"blue": 9},
    }  # fmt: skip
    assert problems(scenario(write, 'victory: {hexes: ["0505", "0606"]}\n')) == []


@pytest.mark.parametrize(
    ("victory", "where", "expected"),
    [
        ('victory:\n  hexes: [{hex: "0606", owner: green}]\n', "17:32",
         "unknown side 'green'"),
        ('victory:\n  hexes: ["0505", "2020"]\n', "17:19", "hex 2020 is outside the map (10 x 8)"),
        ('victory:\n  hexes: [{hex: "2020"}]\n', "17:17", "hex 2020 is outside the map"),
        ('victory:\n  hexes: [{hex: "0606", vp: -1}]\n', "17:29", "vp must be between 0 and"),
        ("victory:\n  losses: {unit: -2}\n", "17:18", "unit must be between 0 and"),
        ("victory:\n  losses: {figure: 1}\n", "17:12",
         "unknown key 'figure' in victory losses (the platoon ruleset's: step, unit)"),
        ("victory:\n  sudden_death: {purple: 4}\n", "17:26", "unknown side 'purple'"),
        ("victory:\n  sudden_death: {red: -4}\n", "17:23", "red must be between 1 and"),
        ("victory:\n  margin: 0\n", "17:11", "margin must be between 1 and"),
        ("victory:\n  margn: 2\n", "17:3",
         "unknown key 'margn' in victory (did you mean 'margin'?)"),
        ('victory:\n  hexes: [{hex: "0606", points: 2}]\n', "17:25",
         "unknown key 'points' in an objective"),
    ],
)  # fmt: skip
def test_a_bad_victory_value_is_a_located_error(
    write: Write, victory: str, where: str, expected: str
) -> None:
    path = scenario(write, victory)
    found = problems(path)
    assert any(m.startswith(f"{path}:") and expected in m for m in found), found
    assert any(f"{path}:{where}:" in m for m in found), found


def test_the_loss_kinds_are_the_rules_cores() -> None:
    from tabletop.model.setup import setup_for
    from tabletop.rules.platoon.scoring import LOSSES as PLATOON
    from tabletop.rules.squad.scoring import LOSSES as SQUAD

    core = {"platoon": tuple(PLATOON), "squad": tuple(SQUAD)}
    assert core == {name: setup_for(name).loss_kinds for name in core}
