"""Indirect fire through ``tabletop act`` (rules 2.11, interfaces.md section 3): a mortar of
the demo scenario fires at a hex its company HQ sees; the --dice order is, for each unit
in the hex in unit-id order, its to-hit, then its save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[2]
MOVED = ("brdm-1", "sov-sapper-1", "t72-1")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = main(["act", *args, "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1]) if out else {}


@pytest.fixture
def game(tmp_path: Path) -> str:
    """Eisenbach Gap with brdm-1, sov-sapper-1 and t72-1 moved into 0717 (crops), next to
    us-mortar-1 (0716) and us-hq-1 (0817); us_task_force's impulse drawn."""
    from tabletop.data import load_scenario, save_game
    from tabletop.geometry import LosEngine
    from tabletop.rules import ActionRequest, ScriptedDice, engine

    scenario = load_scenario(ROOT / "scenarios" / "demo-platoon.yaml")
    for u in scenario.units:  # placed there by the scenario: the saved log replays to it
        if u.id in MOVED:
            u.hex = scenario.map.parse("0717")
    state = scenario.new_game()
    los = LosEngine(scenario.map, scenario.options)
    draw = ActionRequest("draw", formation="us_task_force")
    engine.perform(state, draw, ScriptedDice([]), los)
    path = str(tmp_path / "game.yaml")
    save_game(state, path)
    return path


def test_mortar_fires_at_a_hex_through_the_command_line(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # brdm-1: 3 dice at 5+ (5,6,1: 2 hits), save Armor 1 at 6+ (crops: no vehicle die;
    # adjacent to the mortar, so not concealed): 6, one saved; sov-sapper-1: 5,2,1 (1 hit),
    # save crops 1 die at 5+: 2. t72-1 is armored: skipped.
    args = ["fire", "--unit", "us-mortar-1", "--hex", "0717", "--dice", "5,6,1,6,5,2,1,2"]
    code, data = run(capsys, game, *args)
    assert code == 0
    assert data["rolls"] == [
        {"by": "us-mortar-1", "for": "to_hit", "need": "5+", "dice": [5, 6, 1], "successes": 2},
        {"by": "brdm-1", "for": "save", "need": "6+", "dice": [6], "successes": 1},
        {"by": "us-mortar-1", "for": "to_hit", "need": "5+", "dice": [5, 2, 1], "successes": 1},
        {"by": "sov-sapper-1", "for": "save", "need": "5+", "dice": [2], "successes": 0},
    ]
    assert data["net_hits"] == 2
    assert data["events"] == [
        {"event": "disrupted", "unit": "brdm-1"},
        {"event": "disrupted", "unit": "sov-sapper-1"},
        {"event": "marker_placed", "unit": "us-mortar-1", "marker": "ops_complete"},
    ]


def test_refusals_exit_2_before_any_die(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run(capsys, game, "fire", "--unit", "us-hq-1", "--hex", "0717", "--dice", "6")
    assert code == 2
    assert data["reasons"] == ["us-hq-1 is not a mortar: only mortars fire at a hex (--hex)"]
    code, data = run(capsys, game, "fire", "--unit", "us-mortar-1", "--hex", "0717",
                     "--target", "brdm-1")  # fmt: skip
    assert code == 2
    assert data["reasons"] == ["give --target or --hex, not both: fire at a unit or at a hex"]
