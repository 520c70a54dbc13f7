"""A scenario's setup is its ruleset's word (``model.setup.Setup``, answered in
``tabletop/rules/<name>/setup.py``): what each ruleset's scenarios have, how a game
starts, who may start aboard a transport, and the setup problems ``validate`` reports."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tabletop.data import load_scenario
from tabletop.model import PlatoonUnitType, Scenario, SquadUnitType
from tabletop.model.setup import FEATURES, Feature, SetupProblem, known, setup_for
from tabletop.rules import rulesets
from tabletop.rules.engine import ruleset_for

ROOT = Path(__file__).resolve().parents[2]

HAS: dict[str, set[Feature]] = {
    # what the branches on the ruleset's name decided before (data, commands, editors)
    "platoon": {"formations", "support_weapons"},
    "squad": {"first_side", "reinforcements", "air_strikes", "cargo"},
}


@pytest.fixture(scope="module")
def demos() -> dict[str, Scenario]:
    return {name: load_scenario(ROOT / "scenarios" / f"demo-{name}.yaml") for name in HAS}


@pytest.mark.parametrize("name", sorted(HAS))
@pytest.mark.parametrize("feature", FEATURES)
def test_each_ruleset_says_what_its_scenarios_have_and_why_not(name: str, feature: Feature) -> None:
    ruleset = ruleset_for(name)
    assert ruleset.has(feature) is (feature in HAS[name])
    why = ruleset.lacks(feature)
    assert (why == "") is ruleset.has(feature)
    if why:
        assert name in why  # the sentence says which ruleset has none


def test_the_model_asks_the_same_objects_the_engine_finds() -> None:
    for name in HAS:
        assert setup_for(name) is ruleset_for(name)
    with pytest.raises(ValueError, match="unknown ruleset 'chess'"):
        setup_for("chess")


def test_a_file_may_name_the_rulesets_of_the_one_table() -> None:
    assert known() == rulesets.names() and {"platoon", "squad"} <= set(known())


def test_each_ruleset_says_which_phases_a_saved_game_may_be_in() -> None:
    assert ruleset_for("platoon").phases == ("draw", "impulse", "marker_removal", "finished")
    assert ruleset_for("squad").phases == (
        "movement", "shooting", "close_combat", "end", "finished"
    )  # fmt: skip


def test_a_scenario_gives_vp_for_the_loss_kinds_of_its_rulesets_scoring() -> None:
    assert ruleset_for("platoon").loss_kinds == ("step", "unit")
    assert ruleset_for("squad").loss_kinds == ("figure", "unit", "vehicle")


def test_each_ruleset_says_what_it_is_in_a_sentence() -> None:
    assert ruleset_for("platoon").description.startswith("Modern platoons (1980s)")
    assert ruleset_for("squad").description.startswith("Second World War squads")


def test_each_ruleset_names_its_kind_of_counter() -> None:
    assert ruleset_for("platoon").unit_type is PlatoonUnitType
    assert ruleset_for("squad").unit_type is SquadUnitType


def test_a_platoon_game_starts_by_drawing_from_its_cup(demos: dict[str, Scenario]) -> None:
    sc = demos["platoon"]
    game = sc.new_game()
    assert (game.phase, game.active_side) == ("draw", None)
    assert sorted(game.cup) == sorted(sc.initial_cup()) and game.cup


def test_a_squad_game_starts_with_its_first_side_moving(demos: dict[str, Scenario]) -> None:
    sc = demos["squad"]
    first, other = list(sc.sides)
    assert (sc.new_game().phase, sc.new_game().cup) == ("movement", [])
    assert dataclasses.replace(sc, first=None).new_game().active_side == first
    assert dataclasses.replace(sc, first=other).new_game().active_side == other


def test_a_platoon_unit_never_starts_aboard(demos: dict[str, Scenario]) -> None:
    sc = demos["platoon"]
    a, b = sc.units[0], sc.units[1]
    assert ruleset_for("platoon").carrier_problem(sc, a, b.id) == ruleset_for("platoon").lacks(
        "cargo"
    )


def test_a_squad_unit_starts_aboard_a_friendly_transport_in_its_hex(
    demos: dict[str, Scenario],
) -> None:
    sc = demos["squad"]
    squad = ruleset_for("squad")
    rider = next(u for u in sc.units if u.carrier is not None)
    carrier = rider.carrier
    assert carrier is not None
    assert squad.carrier_problem(sc, rider, carrier) is None
    assert squad.carrier_problem(sc, rider, "nobody") == "no unit 'nobody' in the scenario"
    assert squad.carrier_problem(sc, rider, rider.id) == f"{rider.id} cannot carry itself"
    assert squad.setup_problems(sc) == []


def test_a_squad_transport_beyond_its_capacity_is_a_setup_problem(
    demos: dict[str, Scenario],
) -> None:
    sc = demos["squad"]
    rider = next(u for u in sc.units if u.carrier is not None)
    carrier = next(u for u in sc.units if u.id == rider.carrier)
    capacity = sc.unit_types[carrier.type_id].capacity
    extra = [
        dataclasses.replace(rider, id=f"extra-{i}", carrier=carrier.id) for i in range(capacity)
    ]
    crowded = dataclasses.replace(sc, units=[*sc.units, *extra])
    problems = ruleset_for("squad").setup_problems(crowded)
    last = extra[-1].id
    assert problems == [
        SetupProblem(
            f"{last} cannot start aboard {carrier.id}: it is full (capacity {capacity}); "
            "place it beside the transport without `carrier:`, or name another",
            unit=last,
            key="carrier",
        )
    ]


def test_a_platoon_map_with_squad_only_terrain_is_a_setup_problem(
    demos: dict[str, Scenario],
) -> None:
    sc = demos["platoon"]
    assert ruleset_for("platoon").setup_problems(sc) == []
    hexmap = sc.map
    bunker = next(name for name, t in hexmap.chart.terrain.items() if t.squad_only)
    h = min(hexmap.cells)
    cells = {**hexmap.cells, h: dataclasses.replace(hexmap.cells[h], terrain=bunker)}
    odd = dataclasses.replace(sc, map=dataclasses.replace(hexmap, cells=cells))
    (problem,) = ruleset_for("platoon").setup_problems(odd)
    assert problem.key == "map" and not problem.warning
    assert f"squad-only terrain: {hexmap.label(h)} ({bunker})" in problem.message
