"""``rules.query.reach(..., explain=False)``: the hexes a move can end in, exactly those of
the explained report, without the reasons and blocked hexes nobody reads (the computer
opponent's guess at the enemy's next moves asks it of every enemy unit, every decision)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cli.common import load_play, make_los
from tabletop.model import GameState, Status
from tabletop.rules import LineOfSight
from tabletop.rules.query import reach
from tabletop.rules.reach import ReachReport
from tests.helpers.platoon_world import CLEAR, unit, world

ROOT = Path(__file__).resolve().parents[2]


def _same_hexes(state: GameState, los: LineOfSight, uid: str) -> ReachReport:
    full = reach(state, los, uid)
    lean = reach(state, los, uid, explain=False)
    assert lean.reach == full.reach
    assert (lean.unit, lean.hex, lean.mp, lean.maneuver) == (full.unit, full.hex, full.mp,
                                                             full.maneuver)  # fmt: skip
    assert lean.blocked == () and lean.reasons == ()
    return full


def test_a_disrupted_platoon_unit_s_lean_reach_keeps_its_limits() -> None:
    disrupted = unit("i1", "INF", "blue", "0505", status=Status.DISRUPTED)
    state = world([disrupted, unit("e1", "TANK", "red", "0508"), unit("e2", "INF", "red", "0303")])
    full = _same_hexes(state, CLEAR, "i1")
    assert full.blocked  # (the explained one says why it may not go nearer)


@pytest.mark.parametrize("name", ["demo-platoon", "demo-squad"])
def test_every_unit_of_each_demo_reaches_the_same_hexes_lean(name: str) -> None:
    state = load_play(str(ROOT / "scenarios" / f"{name}.yaml"))
    los = make_los(state)
    asked = [u.id for u in state.units.values() if u.hex is not None and u.sw_of is None]
    assert len(asked) > 10
    for uid in asked:
        _same_hexes(state, los, uid)
