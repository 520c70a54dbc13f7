"""Movement, opportunity fire and helicopters (rules 2.2, 2.5, 2.6, 2.7) with scripted dice."""

from __future__ import annotations

import pytest

import tests.helpers.maneuver_kit  # noqa: F401  (registers the extra counters)
from tabletop.model import Options, Pending, Status
from tabletop.rules import IllegalAction
from tabletop.rules.platoon.reach import reachable
from tests.helpers.platoon_world import BlockedPairs, act, hx, reasons, unit, world


def duel(**kw: object) -> object:
    """Blue tank t1 in 0101 about to drive down column 01; red tank e1 in 0110 watches."""
    return world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0110"),
                  *kw.pop("extra", [])], **kw)  # fmt: skip


def test_move_pauses_for_opportunity_fire_and_resumes() -> None:
    state = duel()
    result = act(state, "move", unit="t1", to=("0102", "0103", "0104"))
    assert result.pending == state.pending
    assert state.pending is not None
    assert {k: state.pending.to_dict()[k] for k in ("kind", "hex", "firers", "path_left")} == {
        "kind": "opportunity_fire", "hex": "0102", "firers": ["e1"],
        "path_left": ["0103", "0104"],
    }  # fmt: skip
    assert "move --continue" not in reasons(state, "fire", unit="t1", target="e1")[0]
    fired = act(state, "opportunity-fire", [1, 2, 3], unit="e1", target="t1", weapon="ap")
    assert [r.by for r in fired.rolls] == ["e1"]
    assert state.unit("e1").has("ops_complete")
    assert state.pending.kind == "move_paused"
    act(state, "move", unit="t1", cont=True)
    assert state.pending is None
    assert state.unit("t1").hex == hx("0104")
    assert state.unit("t1").has("ops_complete")


def test_pass_lets_the_move_go_on_and_a_plain_move_ends_with_its_path() -> None:
    state = duel()
    act(state, "move", unit="t1", to=("0102", "0103"))
    act(state, "pass")
    assert state.pending is not None and state.pending.kind == "move_paused"
    act(state, "move", unit="t1", cont=True)
    assert state.pending is not None and state.pending.hex == "0103"
    act(state, "pass")
    assert state.pending is None
    assert state.unit("t1").hex == hx("0103")


def test_the_mover_is_never_concealed() -> None:
    state = duel(terrain={"0102": "woods"})
    act(state, "move", unit="t1", to=("0102",))
    # 3 hits; a concealed tank in woods would roll 2 armor + 2 bonus; moving: 2 + 1 (woods)
    result = act(state, "opportunity-fire", [4, 4, 4, 1, 1, 1], unit="e1", target="t1",
                 weapon="ap")  # fmt: skip
    assert [len(r.dice) for r in result.rolls] == [3, 3]
    assert state.unit("t1").status is Status.ELIMINATED


def test_opportunity_fire_refusals() -> None:
    state = duel(extra=[unit("e2", "TANK", "red", "0111", markers=["ops_complete"]),
                        unit("e3", "TANK", "red", "0112", status=Status.DISRUPTED),
                        unit("t2", "TANK", "blue", "0201")])  # fmt: skip
    assert "not moving" in reasons(state, "opportunity-fire", unit="e1", target="t1")[0]
    act(state, "move", unit="t1", to=("0102", "0103"))
    assert state.pending is not None and state.pending.firers == ("e1",)
    assert "e2 is Ops Complete" in reasons(state, "opportunity-fire", unit="e2", target="t1",
                                           weapon="ap")  # fmt: skip
    assert "e3 is Disrupted" in reasons(state, "opportunity-fire", unit="e3", target="t1",
                                        weapon="ap")  # fmt: skip
    assert reasons(state, "opportunity-fire", unit="e1", target="t2", weapon="ap") == [
        "t2 is not moving: fire outside e1's own impulse is refused"
    ]
    assert reasons(state, "end-impulse")[0].startswith("t1's move is paused in 0102")
    act(state, "opportunity-fire", [1, 1, 1], unit="e1", target="t1", weapon="ap")
    state.unit("e1").remove_marker("ops_complete")  # even a fresh firer: one attack per hex
    assert reasons(state, "opportunity-fire", unit="e1", target="t1", weapon="ap") == [
        "t1 has already drawn 1 opportunity attack(s) in 0102 (option opfire_per_hex)"
    ]


def test_opfire_per_hex_unlimited_keeps_the_pause_until_pass() -> None:
    state = duel(extra=[unit("e2", "TANK", "red", "0111")],
                 options=Options(opfire_per_hex=None))  # fmt: skip
    act(state, "move", unit="t1", to=("0102",))
    act(state, "opportunity-fire", [1, 1, 1], unit="e1", target="t1", weapon="ap")
    assert state.pending is not None and state.pending.firers == ("e2",)
    act(state, "opportunity-fire", [1, 1, 1], unit="e2", target="t1", weapon="ap")
    assert state.pending is None  # nobody else could fire and the path is done


def test_no_pause_without_the_module_or_without_sight() -> None:
    state = duel(rules=["moving_fire"])
    act(state, "move", unit="t1", to=("0102", "0103"))
    assert state.pending is None
    los = BlockedPairs({("0110", "0102"): "0105 (woods)", ("0110", "0103"): "0105 (woods)"})
    state = duel()
    act(state, "move", los=los, unit="t1", to=("0102", "0103"))
    assert state.pending is None


def test_a_disrupted_unit_may_not_move_towards_an_enemy_that_sees_it() -> None:
    state = duel()
    state.unit("t1").status = Status.DISRUPTED
    assert reasons(state, "move", unit="t1", to=("0102",)) == [
        "a Disrupted unit may not move closer to e1, which sees it (t1 to 0102)"
    ]
    los = BlockedPairs({("0110", "0101"): "0105 (woods)", ("0110", "0102"): "0105 (woods)"})
    assert reasons(state, "move", los=los, unit="t1", to=("0102",)) == []
    state.unit("t1").hex = hx("0109")
    assert "adjacent to e1" in reasons(state, "move", unit="t1", to=("0209",))[0]
    assert reasons(state, "move", unit="t1", to=("0108",)) == []  # moving away


def test_a_disrupted_unit_seen_only_where_it_leaves_may_not_close_in() -> None:
    """READING of rules 2.6: "has it in LOS" holds when the enemy sees the unit in the hex
    it leaves or in the hex it enters: seen in 0101 only, it still may not enter 0102."""
    state = duel()
    state.unit("t1").status = Status.DISRUPTED
    los = BlockedPairs({("0110", "0102"): "0105 (woods)"})
    assert reasons(state, "move", los=los, unit="t1", to=("0102",)) == [
        "a Disrupted unit may not move closer to e1, which sees it (t1 to 0102)"
    ]


def test_the_panel_s_reach_of_a_disrupted_unit_keeps_the_same_limits() -> None:
    """The window's question (every reachable hex, the sight answers kept for the whole
    question) refuses what the move's own check refuses, and allows moving away."""
    from tabletop.rules.query import available_actions, reach

    state = duel()
    state.unit("t1").status = Status.DISRUPTED
    state.unit("t1").hex = hx("0105")
    report = reach(state, BlockedPairs(), "t1")
    ends = {r.hex for r in report.reach}
    assert "0106" not in ends and "0104" in ends  # closer to e1 / away from it
    assert reasons(state, "move", unit="t1", to=("0106",))
    assert reasons(state, "move", unit="t1", to=("0104",)) == []
    move = available_actions(state, BlockedPairs(), units=["t1"]).unit("t1").option("move")
    targets = {r.to[-1] for r in move.choices}
    assert "0106" not in targets and "0104" in targets


def test_a_disrupted_survivor_goes_on_only_within_its_limits() -> None:
    state = duel()
    act(state, "move", unit="t1", to=("0102", "0103", "0104"))
    act(state, "opportunity-fire", [4, 1, 1, 1, 1], unit="e1", target="t1", weapon="ap")
    assert state.unit("t1").disrupted
    result = act(state, "move", unit="t1", cont=True)
    assert state.unit("t1").hex == hx("0102")
    assert [e.event for e in result.events] == ["move_ended"]
    assert state.pending is None


def test_a_river_is_crossed_only_at_a_bridge_or_by_amphibians() -> None:
    river = {("0101", "0102"): ("river",)}
    state = world([unit("t1", "TANK", "blue", "0101"), unit("a1", "AMPHI", "blue", "0101")],
                  hexsides=river)  # fmt: skip
    assert reasons(state, "move", unit="t1", to=("0102",)) == [
        "t1 may not cross the river between 0101 and 0102"
    ]
    assert reasons(state, "move", unit="a1", to=("0102",)) == []
    assert reachable(state, "t1", BlockedPairs())[hx("0102")] == 2  # round the river's end
    bridged = world([unit("t1", "TANK", "blue", "0101")],
                    hexsides={("0101", "0102"): ("river", "bridge")})  # fmt: skip
    assert reasons(bridged, "move", unit="t1", to=("0102",)) == []


def test_reachable_costs_roads_stacking_and_enemies() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0103"),
                   unit("f1", "TANK", "blue", "0201"), unit("f2", "TANK", "blue", "0201"),
                   unit("f3", "TANK", "blue", "0201")],
                  terrain={"0102": "woods"}, hexsides={("0101", "0102"): ("road",)})  # fmt: skip
    costs = reachable(state, "t1", BlockedPairs())
    assert costs[hx("0102")] == 1  # the road replaces the woods' 2
    assert hx("0103") not in costs  # enemy: assault, not move
    assert hx("0201") not in costs  # a full stack is passed through, never a destination
    assert max(costs.values()) <= 8


def test_helicopter_past_12_hexes_may_not_fire_for_the_rest_of_the_turn() -> None:
    path = tuple(f"01{r:02d}" for r in range(2, 15))  # 13 hexes
    state = world([unit("h1", "HELI", "blue", "0101", mode="flying"),
                   unit("t9", "TANK", "blue", "2001"),
                   unit("e1", "TANK", "red", "2020"), unit("e2", "TANK", "red", "1020")],
                  rules=["opportunity_fire", "moving_fire"])  # no extended range  # fmt: skip
    act(state, "move", unit="h1", to=path)
    assert state.unit("h1").flags["no_fire_this_turn"] is True
    act(state, "end-impulse")
    act(state, "draw", formation="r1")
    act(state, "move", unit="e1", to=("1920",))
    # e1 is out of t9's reach; h1 could hit it but moved 13 hexes: no pause at all
    assert state.pending is None
    state.unit("t9").hex = hx("1018")
    act(state, "move", unit="e2", to=("1019",))
    assert state.pending is not None and state.pending.firers == ("t9",)
    assert "h1 moved more than 12 hexes this turn and may not fire" in reasons(
        state, "opportunity-fire", unit="h1", target="e2", weapon="ap"
    )


def test_helicopter_modes() -> None:
    state = world([unit("h1", "HELI", "blue", "0101", mode="noe")])
    assert reasons(state, "move", unit="h1", to=("0102",)) == [
        "h1 is in noe mode: a helicopter moves only in Flying mode"
    ]
    act(state, "move", unit="h1", to=("0102",), mode="flying")
    assert state.unit("h1").mode == "flying"
    assert reasons(state, "mode", unit="h1", mode="noe") == [
        "h1 has already changed mode this impulse"
    ]
    state = world([unit("h1", "HELI", "blue", "0101", mode="flying")])
    act(state, "mode", unit="h1", mode="noe")
    assert state.unit("h1").mode == "noe" and state.unit("h1").has("ops_complete")
    with pytest.raises(IllegalAction):
        act(state, "mode", unit="h1", mode="landed")


def test_a_paused_move_is_frozen_and_each_result_keeps_what_it_reported() -> None:
    """``GameState.pending`` is a frozen ``Pending``: answering the pause puts a new value
    in its place, so the move's result still says the move waited for fire."""
    import dataclasses

    state = duel()
    moved = act(state, "move", unit="t1", to=("0102", "0103"))
    assert isinstance(state.pending, Pending) and state.pending.opportunity_fire
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.pending.kind = "move_paused"
    act(state, "opportunity-fire", [1, 2, 3], unit="e1", target="t1", weapon="ap")
    assert state.pending is not None and state.pending.move_paused and state.pending.shots == 1
    assert moved.pending is not None and moved.pending.opportunity_fire
    assert moved.pending.shots == 0 and moved.pending.firers == ("e1",)
