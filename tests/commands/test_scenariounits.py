"""The scenario editor's unit-level and zone edits, as values: markers, support weapons,
figures, flags and zones, each a new list that undoes exactly, and what they refuse."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import data
from tabletop.commands import EditScenario, History
from tabletop.commands.scenarioedit import changed, deleted, full_figures, placed
from tabletop.commands.scenariounits import (
    EditZones,
    ZoneIndex,
    carriers_for,
    figure_added,
    figure_set,
    missing_models,
    sw_of,
    unit_edited,
    units_outside_zones,
    with_carrier,
    with_figures,
    with_support_weapon,
    with_unit_marker,
)
from tabletop.model import Figure, Scenario, SideDef, Status

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def maps():
    return {
        "platoon": (data.load_map(ROOT / "maps" / "eisenbach-valley.yaml"),
                    data.load_counters(ROOT / "counters" / "platoon.yaml")),
        "squad": (data.load_map(ROOT / "maps" / "village.yaml"),
                  data.load_counters(ROOT / "counters" / "squad.yaml")),
    }  # fmt: skip


def scenario(maps, ruleset: str) -> Scenario:
    hexmap, counters = maps[ruleset]
    if ruleset == "platoon":
        sides = {
            "nato": SideDef("nato", "NATO", {"a": 1}),
            "pact": SideDef("pact", "Pact", {"b": 1}),
        }
    else:
        sides = {"german": SideDef("german", "Germans"), "soviet": SideDef("soviet", "Soviets")}
    return Scenario("Test", ruleset, hexmap, dict(counters.units), sides, [])


def put(sc: Scenario, type_id: str, side: str, label: str, formation: str | None = None) -> str:
    units, unit = placed(sc, type_id, side, sc.map.parse(label), formation)
    sc.units[:] = units
    return unit.id


def test_placing_an_infantry_platoon_gives_it_its_types_support_weapon(maps) -> None:
    sc = scenario(maps, "platoon")
    uid = put(sc, "US_INF", "nato", "0303", "a")
    weapon = sw_of(sc, sc.units[0])
    assert weapon is not None and weapon.type_id == "DRAGON" and weapon.id == "us-inf-1-sw"
    assert weapon.sw_of == uid and weapon.hex == sc.units[0].hex
    # moving, renaming and deleting the platoon take the weapon along
    sc.units[:] = changed(sc, uid, hex=sc.map.parse("0404"), id="alpha")
    alpha = next(u for u in sc.units if u.id == "alpha")
    weapon = sw_of(sc, alpha)
    assert weapon is not None and weapon.id == "alpha-sw" and weapon.hex == alpha.hex
    assert weapon.sw_of == "alpha"


def test_support_weapon_swapped_removed_and_refused(maps) -> None:
    sc = scenario(maps, "platoon")
    uid = put(sc, "US_INF", "nato", "0303", "a")
    tank = put(sc, "M48", "nato", "0304", "a")
    sc.units[:] = with_unit_marker(sc, f"{uid}-sw", "depleted_ammo_2", True)
    sc.units[:] = with_support_weapon(sc, uid, "STINGER")
    weapon = sw_of(sc, sc.units[0])
    assert weapon is not None and (weapon.id, weapon.type_id, weapon.markers) == (
        "us-inf-1-sw", "STINGER", [])  # fmt: skip
    sc.units[:] = with_support_weapon(sc, uid, None)
    assert sw_of(sc, sc.units[0]) is None and [u.id for u in sc.units] == [uid, tank]
    with pytest.raises(ValueError, match="only infantry platoons carry"):
        with_support_weapon(sc, tank, "MILAN")
    with pytest.raises(ValueError, match="no support weapon type"):
        with_support_weapon(sc, uid, "M48")


def test_markers_of_one_sequence_exclude_each_other(maps) -> None:
    sc = scenario(maps, "platoon")
    uid = put(sc, "M48", "nato", "0303", "a")
    for marker in ("ops_complete", "entrenching", "entrenched", "depleted_ammo_2"):
        sc.units[:] = with_unit_marker(sc, uid, marker, True)
    assert sc.units[0].markers == ["ops_complete", "entrenched", "depleted_ammo_2"]
    sc.units[:] = with_unit_marker(sc, uid, "depleted_ammo_1", True)
    assert sc.units[0].markers == ["ops_complete", "entrenched", "depleted_ammo_1"]
    squad = scenario(maps, "squad")
    sid = put(squad, "RIFLE_SQUAD", "german", "0305")
    with pytest.raises(ValueError, match="Ops Complete is no marker for a squad unit"):
        with_unit_marker(squad, sid, "ops_complete", True)
    with pytest.raises(ValueError, match="starts good_order, suppressed"):
        unit_edited(squad, sid, "status", Status.DISRUPTED)
    units, _ = unit_edited(squad, sid, "status", Status.SUPPRESSED)
    assert units[0].status is Status.SUPPRESSED


def test_figures_edited_within_the_type(maps) -> None:
    sc = scenario(maps, "squad")
    uid = put(sc, "RIFLE_SQUAD", "german", "0305")
    t = sc.squad_type("RIFLE_SQUAD")
    figures = full_figures(t)
    assert sc.units[0].figures == figures and len(figures) == 10
    figures = figure_set(figures, 0, wounds=1, fallen=True)
    figures = figures[1:3] + figures[8:]  # two soldiers left, the medic and the HMG
    assert missing_models(t, figures) == ["soldier"]
    figures = figure_added(t, figures, "soldier")
    assert [f.model for f in figures] == ["soldier"] * 3 + ["medic", "hmg"]
    sc.units[:] = with_figures(sc, uid, figures)
    assert sc.units[0].figures == figures
    with pytest.raises(ValueError, match="no more medic figures"):
        with_figures(sc, uid, [*figures, Figure("medic")])
    with pytest.raises(ValueError, match="takes 0 to 1 wounds"):
        with_figures(sc, uid, [Figure("soldier", 2)])
    with pytest.raises(ValueError, match="no tankette figure"):
        with_figures(sc, uid, [Figure("tankette")])


def test_zones_painted_erased_and_exclusive(maps) -> None:
    sc = scenario(maps, "platoon")
    p = sc.map.parse
    index = ZoneIndex(sc)
    history = History()
    changes = index.painted("nato", [p("0101"), p("0102"), p("0103"), p("0101")])
    assert list(changes.values()) == ["nato"] * 3
    history.push(EditZones(index, "Paint", changes, merge_key="s1"))
    history.push(EditZones(index, "Paint", index.painted("pact", [p("0103")]), "s1"), merge=True)
    assert sc.zones == {"nato": [p("0101"), p("0102")], "pact": [p("0103")]}
    assert index.painted("pact", [p("0103")]) == {}  # nothing to do: no step
    history.push(EditZones(index, "Erase", index.painted("nato", [p("0101"), p("0102")], True)))
    assert sc.zones == {"pact": [p("0103")]}
    history.undo()
    assert sc.zones == {"nato": [p("0101"), p("0102")], "pact": [p("0103")]}
    history.undo()  # the two merged commands are one step
    assert sc.zones == {}
    history.redo()
    assert sc.zones == {"nato": [p("0101"), p("0102")], "pact": [p("0103")]}
    uid = put(sc, "M48", "nato", "0505", "a")
    assert [u.id for u in units_outside_zones(sc)] == [uid]
    assert [u.id for u in units_outside_zones(sc, index.owner)] == [uid]
    # the editor built anew (a side added): a new index, the old stroke undone through its
    # own; the new one sees it
    fresh = ZoneIndex(sc)
    history.undo()
    assert fresh.table() == {} and sc.zones == {}
    history.redo()
    assert fresh.table() == {p("0101"): "nato", p("0102"): "nato", p("0103"): "pact"}
    # zones replaced behind the index's back (a file loaded anew): it reads them again
    sc.zones = {"pact": [p("0505")]}
    assert index.painted("nato", [p("0505")]) == {p("0505"): "nato"}
    with pytest.raises(ValueError, match="no side 'axis'"):
        index.painted("axis", [p("0505")])


def test_one_dock_edit_is_one_undo_step(maps) -> None:
    sc = scenario(maps, "platoon")
    uid = put(sc, "US_INF", "nato", "0303", "a")
    history = History()
    before = list(sc.units)
    for key, value in (("marker:entrenched", True), ("sw", "MILAN"), ("flag:maneuver", True),
                       ("sw_marker:depleted_ammo_1", True), ("sw_id", "milan-7")):  # fmt: skip
        units, text = unit_edited(sc, uid, key, value)
        history.push(EditScenario(sc, text, units=units))
    unit = sc.units[0]
    assert unit.markers == ["entrenched"] and unit.flags == {"maneuver": True}
    weapon = sw_of(sc, unit)
    assert weapon is not None and (weapon.id, weapon.type_id, weapon.markers) == (
        "milan-7", "MILAN", ["depleted_ammo_1"])  # fmt: skip
    for _ in range(5):
        history.undo()
    assert sc.units == before


def test_squad_infantry_starts_aboard_a_transport_and_follows_it(maps) -> None:
    sc = scenario(maps, "squad")
    track = put(sc, "HALFTRACK", "german", "0305")
    squad = put(sc, "GER_RIFLE_SQUAD", "german", "0305")
    other = put(sc, "RIFLE_SQUAD", "german", "0305")
    tank = put(sc, "LIGHT_TANK", "german", "0305")
    far = put(sc, "GER_PIONEER_SQUAD", "german", "0306")
    unit = {u.id: u for u in sc.units}
    assert carriers_for(sc, unit[squad]) == [track]
    assert carriers_for(sc, unit[tank]) == [] and carriers_for(sc, unit[far]) == []
    sc.units[:] = with_carrier(sc, squad, track)
    with pytest.raises(ValueError, match="is full"):
        with_carrier(sc, other, track)
    with pytest.raises(ValueError, match="only infantry does"):
        with_carrier(sc, tank, track)
    # the transport moves: its cargo rides along; renamed: the cargo follows the name
    sc.units[:] = changed(sc, track, hex=sc.map.parse("0404"), id="sdkfz-9")
    rider = next(u for u in sc.units if u.id == squad)
    assert rider.carrier == "sdkfz-9" and sc.map.label(rider.hex) == "0404"
    # the cargo moved on its own gets out; deleting the transport lets its cargo out
    sc.units[:] = changed(sc, squad, hex=sc.map.parse("0405"))
    assert next(u for u in sc.units if u.id == squad).carrier is None
    sc.units[:] = changed(sc, squad, hex=sc.map.parse("0404"))
    sc.units[:] = with_carrier(sc, squad, "sdkfz-9")
    sc.units[:] = deleted(sc, "sdkfz-9")
    assert next(u for u in sc.units if u.id == squad).carrier is None
    platoon = scenario(maps, "platoon")
    apc = put(platoon, "M113", "nato", "0303", "a")
    inf = put(platoon, "US_INF", "nato", "0303", "a")
    with pytest.raises(ValueError, match="loads in play"):
        with_carrier(platoon, inf, apc)


def test_helicopter_mode_ammunition_and_ids(maps) -> None:
    sc = scenario(maps, "platoon")
    heli = put(sc, "COBRA", "nato", "0303", "a")
    tank = put(sc, "M48", "nato", "0304", "a")
    assert sc.units[0].mode == "flying"  # placed as it flies
    units, text = unit_edited(sc, heli, "mode", "noe")
    assert units[0].mode == "noe" and text == "Set cobra-1 noe mode"
    with pytest.raises(ValueError, match="has no 'noe' mode"):
        unit_edited(sc, tank, "mode", "noe")
    with pytest.raises(ValueError, match="may not be empty, contain a comma"):
        unit_edited(sc, tank, "id", "a,b")
    with pytest.raises(ValueError, match="already has the id cobra-1"):
        unit_edited(sc, tank, "id", "cobra-1")
    with pytest.raises(ValueError, match="only squad units do"):
        unit_edited(sc, tank, "ammo", 3)
    squad = scenario(maps, "squad")
    gun = put(squad, "AT_GUN", "german", "0305")
    rifles = put(squad, "RIFLE_SQUAD", "german", "0306")
    assert squad.units[0].ammo == 10  # placed with its full ammunition
    units, _ = unit_edited(squad, gun, "ammo", 4)
    assert units[0].ammo == 4
    with pytest.raises(ValueError, match="counts no ammunition"):
        unit_edited(squad, rifles, "ammo", 4)
    with pytest.raises(ValueError, match="ammunition is 0 to 100"):
        unit_edited(squad, gun, "ammo", 101)
    with pytest.raises(ValueError, match="no edit 'colour'"):
        unit_edited(squad, gun, "colour", "red")


def test_a_support_weapon_is_never_placed_alone(maps) -> None:
    sc = scenario(maps, "platoon")
    with pytest.raises(ValueError, match="never alone on the map"):
        placed(sc, "DRAGON", "nato", sc.map.parse("0303"), "a")
