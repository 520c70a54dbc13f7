"""The end of an assault or overrun (rules 2.10, 3.8, docs/rules.md "Assault and
overrun"): minefields in the assaulted hex, the retreat and its closed hexes, and the
winning overrunner's way out. Scripted dice throughout.

Geometry used: an attacker in 0502 enters 0503; the far hexes are 0504 (straight on),
0603 and 0403; 0503's neighbours in direction order are 0603 0602 0502 0402 0403 0504.
"""

from __future__ import annotations

import tests.helpers.maneuver_kit  # noqa: F401  (registers the extra counters)
from tabletop.model import HexMarker
from tests.helpers.platoon_world import act, events, hx, status, unit, world


def moves(result: object, uid: str) -> list[str]:
    return [e["to"] for e in events(result) if e["event"] == "moved" and e["unit"] == uid]


# --- discrepancy 1: the assaulted hex's minefield ---------------------------------------------
def test_a_hidden_minefield_in_the_assaulted_hex_attacks_the_assaulter_first() -> None:
    state = world([unit("a1", "ASLT", "blue", "0502"), unit("d1", "ASLT", "red", "0503")],
                  markers=[HexMarker(hx("0503"), "minefield_ap", "red", False)])  # fmt: skip
    # mine 5,1,1: one hit, no save in clear (a1 Disrupted); a1 now hits on 6: 6,1; d1: 1,1
    result = act(state, "assault", [5, 1, 1, 6, 1, 1, 1], unit="a1", to=("0503",))
    assert [(r.by, r.need, r.successes) for r in result.rolls] == [
        ("minefield_ap", "5+", 1), ("a1", "6+", 1), ("d1", "4+", 0)
    ]  # fmt: skip
    names = [e["event"] for e in events(result)]
    assert names.index("minefield_attack") < names.index("assault")
    assert state.hex_markers[0].revealed
    assert status(state, "a1") == ("full", "disrupted", False)
    assert state.unit("a1").hex == hx("0503")
    assert state.unit("d1").hex == hx("0504")


def test_an_assaulter_the_minefield_eliminates_makes_no_assault() -> None:
    state = world([unit("a1", "ASLT", "blue", "0502"), unit("d1", "ASLT", "red", "0503")],
                  markers=[HexMarker(hx("0503"), "minefield_ap", "red", False)])  # fmt: skip
    result = act(state, "assault", [5, 5, 6], unit="a1", to=("0503",))
    assert status(state, "a1")[2] and status(state, "d1") == ("full", "good_order", False)
    assert "assault_called_off" in [e["event"] for e in events(result)]


def test_an_at_minefield_under_the_overrun_hex_attacks_and_ends_the_drive_at_the_exit() -> None:
    state = world([unit("v1", "TANK", "blue", "0502"), unit("d1", "INF", "red", "0503")],
                  markers=[HexMarker(hx("0503"), "minefield_at", "red", False)])  # fmt: skip
    # mine 1,1,1 misses (no save roll for 0 hits); overrun v1 6, d1 1
    result = act(state, "overrun", [1, 1, 1, 6, 1], unit="v1", to=("0503", "0504", "0505"))
    assert [r.by for r in result.rolls] == ["minefield_at", "v1", "d1"]
    assert state.hex_markers[0].revealed
    assert state.unit("d1").hex == hx("0603")  # the retreat avoids the declared exit
    assert state.unit("v1").hex == hx("0504")  # it leaves, but the minefield ended its move


# --- discrepancy 2: a retreat never breaks stacking -------------------------------------------
def test_a_retreat_passes_over_a_hex_at_the_stacking_limit() -> None:
    full = [unit(f"r{i}", "INF", "red", "0504") for i in (2, 3, 4)]
    state = world([unit("a1", "ASLT", "blue", "0502"), unit("d1", "ASLT", "red", "0503"), *full])
    result = act(state, "assault", [4, 5, 1, 1], unit="a1", to=("0503",))
    assert state.unit("d1").hex == hx("0603")
    assert {"event": "retreated", "unit": "d1", "hex": "0603"} in events(result)


def test_with_every_far_hex_closed_the_defender_is_eliminated() -> None:
    full = [unit(f"r{i}", "INF", "red", "0504") for i in (2, 3, 4)]
    state = world([unit("a1", "ASLT", "blue", "0502"), unit("d1", "ASLT", "red", "0503"),
                   unit("b2", "INF", "blue", "0403"), *full],
                  terrain={"0603": "water"})  # fmt: skip
    result = act(state, "assault", [4, 5, 1, 1], unit="a1", to=("0503",))
    assert status(state, "d1")[2]
    (blocked,) = [e for e in events(result) if e["event"] == "retreat_blocked"]
    assert blocked["hex"] == "0503"
    assert blocked["reasons"] == [
        "0504 already holds 3 red units (stacking limit 3)",
        "d1 may not enter 0603 (water): not amphibious",
        "0403 holds enemy units",
    ]


def test_a_trapped_vehicle_leaves_a_wreck_and_its_cargo_dies_with_it() -> None:
    state = world([unit("a1", "ASLT", "blue", "0502"), unit("c1", "APC", "red", "0503"),
                   unit("i1", "INF", "red", "0503", carrier="c1")],
                  terrain={"0503": "woods", "0504": "water", "0603": "water",
                           "0403": "water"})  # fmt: skip
    # a1 4,5: two hits on c1 (Reduced, Disrupted); c1 1 misses; cargo step-loss d6 1: none
    result = act(state, "assault", [4, 5, 1, 1], unit="a1", to=("0503",))
    assert status(state, "c1")[2] and status(state, "i1")[2]
    assert {"event": "marker_placed", "hex": "0503", "marker": "wreck"} in events(result)


# --- discrepancy 3: a winning overrun leaves the overrun hex ----------------------------------
def test_the_retreat_avoids_the_declared_exit() -> None:
    state = world([unit("v1", "TANK", "blue", "0502"), unit("d1", "INF", "red", "0503")])
    result = act(state, "overrun", [6, 1], unit="v1", to=("0503", "0504"))
    assert state.unit("d1").hex == hx("0603")  # straight on is 0504, the exit
    assert state.unit("v1").hex == hx("0504") and moves(result, "v1")[-1] == "0504"


def test_when_the_exit_is_the_only_way_back_the_vehicle_takes_the_nearest_open_hex() -> None:
    state = world([unit("v1", "TANK", "blue", "0502"), unit("d1", "INF", "red", "0503")],
                  terrain={"0603": "water", "0403": "water"})  # fmt: skip
    result = act(state, "overrun", [6, 1], unit="v1", to=("0503", "0504", "0505"))
    assert state.unit("d1").hex == hx("0504")  # the only open far hex
    # nearest the exit: 0603 (water), 0403 (water), then 0602
    assert state.unit("v1").hex == hx("0602")
    assert {"event": "overrun_exit", "unit": "v1", "hex": "0602", "declared": "0504"} in events(
        result
    )


def test_a_retreat_that_closes_the_declared_path_stops_the_vehicle_at_the_exit() -> None:
    state = world([unit("v1", "TANK", "blue", "0502"), unit("d1", "INF", "red", "0503")],
                  terrain={"0504": "water", "0403": "water"})  # fmt: skip
    # d1 must retreat to 0603; v1's path 0503 0602 0603 now ends in an enemy hex
    act(state, "overrun", [6, 1], unit="v1", to=("0503", "0602", "0603"))
    assert state.unit("d1").hex == hx("0603") and state.unit("v1").hex == hx("0602")


# --- open point: a retreat enters its hex (READING 3.8) ---------------------------------------
def test_a_retreat_into_a_hidden_enemy_minefield_is_attacked() -> None:
    state = world([unit("a1", "ASLT", "blue", "0502"), unit("d1", "ASLT", "red", "0503")],
                  markers=[HexMarker(hx("0504"), "minefield_ap", "blue", False)])  # fmt: skip
    # a1 4,5: d1 Reduced and Disrupted; d1 1,1; retreat into 0504: mine 5,1,1 one hit
    result = act(state, "assault", [4, 5, 1, 1, 5, 1, 1], unit="a1", to=("0503",))
    assert status(state, "d1")[2] and state.hex_markers[0].revealed
    names = [e["event"] for e in events(result)]
    assert names.index("retreated") < names.index("minefield_attack")


def test_a_retreat_passes_over_a_revealed_minefield_but_not_its_own_hidden_one() -> None:
    """The fixed retreat order turns aside only from what both sides see (rules 1.7): a
    revealed field; its own hidden field it enters, and that field attacks it (3.8)."""
    field = HexMarker(hx("0504"), "minefield_ap", "red", True)
    state = world([unit("a1", "ASLT", "blue", "0502"), unit("d1", "ASLT", "red", "0503")],
                  markers=[field])  # fmt: skip
    act(state, "assault", [4, 5, 1, 1], unit="a1", to=("0503",))
    assert state.unit("d1").hex == hx("0603")
    field = HexMarker(hx("0504"), "minefield_ap", "red", False)
    state = world([unit("a1", "ASLT", "blue", "0502"), unit("d1", "ASLT", "red", "0503")],
                  markers=[field])  # fmt: skip
    act(state, "assault", [4, 5, 1, 1, 1, 1, 1], unit="a1", to=("0503",))  # mine misses
    assert state.unit("d1").hex == hx("0504") and state.hex_markers[0].revealed


# --- open point: one elimination event form ---------------------------------------------------
def test_an_assault_eliminates_with_the_same_events_as_fire() -> None:
    state = world([unit("a1", "ASLT", "blue", "0502"), unit("a2", "ASLT", "blue", "0402"),
                   unit("d1", "INF", "red", "0503")])  # fmt: skip
    result = act(state, "assault", [4, 4, 4, 1, 1], units=("a1", "a2"), to=("0503",))
    d1 = [e["event"] for e in events(result) if e.get("unit") == "d1"]
    assert d1 == ["eliminated"] and status(state, "d1") == ("full", "eliminated", True)
