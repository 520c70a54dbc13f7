"""The path walk of Moving Fire (rules 2.5 costs, 2.7, 2.11 stacking)."""

from __future__ import annotations

from tabletop.model import HexMarker
from tabletop.rules.platoon.movement import enter_cost, moving_fire_budget, plan_path
from tests.helpers.platoon_world import act, events, hx, reasons, unit, world


def mover(at: str = "0105", **kw: object) -> list:
    return [unit("t1", "MFTANK", "blue", at), unit("e1", "TANK", "red", "0110"), *kw.values()]


def test_moving_fire_moves_then_fires_with_plus_one() -> None:
    state = world(mover())
    state.unit("e1").add_marker("ops_complete")  # no opportunity fire pause (rules 2.2)
    result = act(state, "moving-fire", [5, 4, 6, 6, 1, 1], unit="t1", to=("0106", "0107"),
                 target="e1", weapon="ap")  # fmt: skip
    assert state.unit("t1").hex == hx("0107")
    assert result.rolls[0].need == "5+"
    assert events(result)[:2] == [
        {"event": "moved", "unit": "t1", "from": "0105", "to": "0106"},
        {"event": "moved", "unit": "t1", "from": "0106", "to": "0107"},
    ]
    assert state.unit("t1").flags["moving_fire"] is True
    assert state.unit("t1").has("ops_complete")


def test_half_movement_rounded_down() -> None:
    state = world(mover())
    assert moving_fire_budget(state, state.unit("t1")) == 4  # movement 9 -> 4
    why = reasons(state, "moving-fire", unit="t1", to=("0104", "0103", "0102", "0101", "0201"),
                  target="e1", weapon="ap")  # fmt: skip
    assert why == ["t1 cannot enter 0201: it costs 1 MP and 0 of 4 are left"]


def test_terrain_costs_roads_and_rivers() -> None:
    state = world(mover(), terrain={"0106": "woods", "0104": "swamp"},
                  hexsides={("0105", "0205"): ("river",), ("0105", "0204"): ("river", "bridge"),
                            ("0106", "0107"): ("road",)})  # fmt: skip
    t1 = state.unit("t1")
    assert enter_cost(state, t1, hx("0105"), hx("0106")) == (2, "")  # woods, vehicle
    assert enter_cost(state, t1, hx("0106"), hx("0107")) == (1, "")  # road hexside
    assert enter_cost(state, t1, hx("0105"), hx("0104"))[0] is None  # swamp: no vehicles
    assert enter_cost(state, t1, hx("0105"), hx("0205")) == (
        None, "t1 may not cross the river between 0105 and 0205")  # fmt: skip
    assert enter_cost(state, t1, hx("0105"), hx("0204")) == (1, "")  # bridge


def test_known_minefield_costs_one_more_and_a_hidden_one_does_not_show() -> None:
    field = HexMarker(hx("0106"), "minefield_at", side="red", revealed=False)
    state = world(mover(), markers=[field])
    t1 = state.unit("t1")
    assert enter_cost(state, t1, hx("0105"), hx("0106")) == (1, "")
    state.hex_markers[0].revealed = True
    assert enter_cost(state, t1, hx("0105"), hx("0106")) == (2, "")


def test_path_must_be_adjacent_and_free_of_enemies_and_stacking() -> None:
    units = [*mover(), unit("e2", "INF", "red", "0107"), unit("b1", "INF", "blue", "0104"),
             unit("b2", "INF", "blue", "0104"), unit("b3", "INF", "blue", "0104")]  # fmt: skip
    state = world(units)
    t1 = state.unit("t1")
    assert plan_path(state, t1, [hx("0107")], 4)[1] == ["0107 is not adjacent to 0105"]
    assert plan_path(state, t1, [hx("0106"), hx("0107")], 4)[1] == ["0107 holds enemy units (e2)"]
    assert plan_path(state, t1, [hx("0104")], 4)[1] == ["0104 already holds 3 units of blue"]


def test_moving_fire_needs_the_rating_capability() -> None:
    state = world([unit("t1", "TANK", "blue", "0105"), unit("e1", "TANK", "red", "0110")])
    assert reasons(state, "moving-fire", unit="t1", to="0106", target="e1", weapon="ap") == [
        "t1's ap rating has no Moving Fire capability"
    ]
    state = world([unit("v1", "IFV", "blue", "0105"), unit("e1", "INF", "red", "0109")])
    assert reasons(state, "moving-fire", unit="v1", to="0106", target="e1", weapon="he") == [
        "v1's he rating has no Moving Fire capability"
    ]


def test_helicopter_moves_twelve_hexes_and_fires_without_penalty() -> None:
    state = world([unit("h1", "HELI", "blue", "0101", mode="flying"),
                   unit("e1", "TANK", "red", "0120")])  # fmt: skip
    state.unit("e1").add_marker("ops_complete")  # no opportunity fire pause (rules 2.2)
    path = tuple(f"01{r:02}" for r in range(2, 14))  # 12 hexes
    result = act(state, "moving-fire", [4, 1, 1, 1, 1, 1], unit="h1", to=path,
                 target="e1", weapon="ap")  # fmt: skip
    assert result.rolls[0].need == "4+" and state.unit("h1").hex == hx("0113")
    state = world([unit("h1", "HELI", "blue", "0101", mode="noe"),
                   unit("e1", "TANK", "red", "0120")])  # fmt: skip
    assert reasons(state, "moving-fire", unit="h1", to=("0102",), target="e1", weapon="ap") == [
        "h1 moves only in Flying mode (it is noe)"
    ]
