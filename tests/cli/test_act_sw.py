"""Support-weapon fire through ``tabletop act`` and ``tabletop odds`` (rules 2.2,
interfaces.md section 3): ``--sw-target``/``--sw-weapon``, the --dice order and the JSON."""

from __future__ import annotations

import json
from math import isclose
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = main([*args, "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1]) if out else {}


@pytest.fixture
def game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Hold the crossroads with t64-1 moved next to inf-1 (MILAN SW) in clear 0306, drawn
    for kampfgruppe."""
    text = (ROOT / "scenarios" / "hold-the-crossroads.yaml").read_text()
    text = text.replace("../maps/", f"{ROOT}/maps/").replace("../counters/", f"{ROOT}/counters/")
    text = text.replace('type: T64, side: pact, formation: 1st_tank, hex: "0810"',
                        'type: T64, side: pact, formation: 1st_tank, hex: "0306"')  # fmt: skip
    scenario = tmp_path / "sw.yaml"
    scenario.write_text(text)
    out = str(tmp_path / "game.yaml")
    code, _ = run(capsys, "act", str(scenario), "draw", "--formation", "kampfgruppe",
                  "--out", out)  # fmt: skip
    assert code == 0
    return out


SW_FIRE = ["fire", "--unit", "inf-1", "--target", "t64-1", "--weapon", "ap",
           "--sw-target", "t64-1", "--sw-weapon", "ap"]  # fmt: skip


def test_platoon_and_sw_one_save_and_the_dice_order(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # inf-1 AP 1 die at 5+, then inf-1-sw (MILAN) 3 dice at 4+, then t64-1's one save
    # (Armor 2 at 5+, clear, adjacent: not concealed) against the 3 hits.
    code, data = run(capsys, "act", game, *SW_FIRE, "--dice", "5,4,4,1,5,1", "--out", game)
    assert code == 0
    assert data["rolls"] == [
        {"by": "inf-1", "for": "to_hit", "need": "5+", "dice": [5], "successes": 1},
        {"by": "inf-1-sw", "for": "to_hit", "need": "4+", "dice": [4, 4, 1], "successes": 2},
        {"by": "t64-1", "for": "save", "need": "5+", "dice": [5, 1], "successes": 1},
    ]
    assert data["net_hits"] == 2
    units = data["units"]
    assert isinstance(units, dict)
    assert units["t64-1"]["step"] == "reduced"
    assert units["inf-1-sw"] == {"hex": "0305", "step": "full", "status": "good_order",
                                 "markers": ["ops_complete"]}  # fmt: skip
    assert units["inf-1"]["markers"] == ["ops_complete"]
    log = Path(game).read_text()
    assert '"sw_target": "t64-1"' in log


def test_sw_dice_are_counted_and_a_miss_depletes_it(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run(capsys, "act", game, *SW_FIRE, "--dice", "5,1,1")
    assert code == 1  # too few dice: the SW rolls too
    code, data = run(capsys, "act", game, *SW_FIRE, "--dice", "1,1,2,3", "--out", game)
    assert code == 0
    assert {"event": "marker_placed", "unit": "inf-1-sw", "marker": "depleted_ammo_2"} in data[
        "events"
    ]
    code, data = run(capsys, "act", game, "fire", "--unit", "inf-1", "--target", "t64-1",
                     "--dice", "6")  # fmt: skip
    assert code == 2 and data["reasons"] == ["inf-1 is Ops Complete"]


def test_odds_of_platoon_and_sw_on_one_target(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, alone = run(capsys, "odds", game, "--unit", "inf-1", "--target", "t64-1",
                      "--weapon", "ap")  # fmt: skip
    assert code == 0 and alone["hits"] == {"0": pytest.approx(2 / 3), "1": pytest.approx(1 / 3)}
    code, data = run(capsys, "odds", game, "--unit", "inf-1", "--target", "t64-1",
                     "--weapon", "ap", "--sw-weapon", "ap")  # fmt: skip
    assert code == 0
    hits = data["hits"]
    assert isinstance(hits, dict)
    # Bin(1, 1/3) + Bin(3, 1/2): P(0) = 2/3 * 1/8, P(4) = 1/3 * 1/8
    assert isclose(hits["0"], 2 / 24) and isclose(hits["4"], 1 / 24)
    assert isclose(sum(hits.values()), 1.0)
    assert data["sw_attack"] == {
        "unit": "inf-1-sw", "target": "t64-1", "weapon": "ap",
        "dice": 3, "need": "4+", "range": 1, "extended": False,
    }  # fmt: skip
    code, data = run(capsys, "odds", game, "--unit", "inf-1", "--target", "t64-1",
                     "--weapon", "ap", "--sw-target", "t64-2")  # fmt: skip
    # another target is another attack (tests/cli/test_odds_several.py); t64-2 is unseen
    assert code == 2 and "no line of sight" in str(data["reasons"])
