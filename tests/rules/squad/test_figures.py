"""Figures and wounds (rules 3.1): allocation across model types, cavalry mounts, falling,
elimination and the Wreck, medics saving and failing (own and a friend's in the hex)."""

from __future__ import annotations

from tabletop.model import Options, Status
from tabletop.rules import ActionResult
from tabletop.rules.squad.figures import allocation, apply_wounds
from tabletop.rules.unitjson import unit_json
from tests.helpers.squad_world import act, events, fallen, fig, rolls, standing, unit, world


def wound(state, uid: str, n: int) -> list[dict[str, object]]:
    result = ActionResult("test")
    apply_wounds(state, state.unit(uid), n, result)
    return events(result)


def test_soldiers_then_medic_then_heavy_weapon() -> None:
    state = world([unit("r", "RIFLE_SQUAD", "soviet", "0505")])
    evs = wound(state, "r", 8)
    assert [e["model"] for e in evs if e["event"] == "figure_fell"] == ["soldier"] * 8
    assert standing(state, "r") == [("medic", 0), ("hmg", 0)]
    evs = wound(state, "r", 1)
    assert standing(state, "r") == [("hmg", 0)]
    evs = wound(state, "r", 3)  # the extra wounds are lost
    assert [e["event"] for e in evs] == ["figure_fell", "eliminated"]
    assert state.unit("r").status is Status.ELIMINATED
    assert not state.hex_markers  # infantry leaves no Wreck


def test_crew_before_their_gun_and_a_wounded_gun_takes_the_next() -> None:
    state = world([unit("g", "AT_GUN", "soviet", "0505")])
    wound(state, "g", 4)
    assert standing(state, "g") == [("gun", 0)]
    evs = wound(state, "g", 1)
    assert evs == [{"event": "wounded", "unit": "g", "model": "gun", "wounds": 1}]
    evs = wound(state, "g", 1)
    assert [e["event"] for e in evs] == ["figure_fell", "eliminated"]


def test_a_figure_that_lost_a_wound_takes_the_next() -> None:
    figures = [fig("cavalry"), fig("cavalry", wounds=1), fig("cavalry")]
    state = world([unit("c", "CAVALRY", "soviet", "0505", figures=figures)])
    wound(state, "c", 1)
    assert standing(state, "c") == [("cavalry", 0), ("cavalry", 2), ("cavalry", 0)]


def test_cavalry_loses_its_mount_then_the_rider_falls() -> None:
    state = world([unit("c", "CAVALRY", "soviet", "0505", figures=2)])
    assert wound(state, "c", 1) == [
        {"event": "wounded", "unit": "c", "model": "cavalry", "wounds": 1}
    ]
    assert wound(state, "c", 1) == [{"event": "mount_lost", "unit": "c"}]
    assert standing(state, "c") == [("cavalry", 2), ("cavalry", 0)]  # a rider on foot
    assert [e["event"] for e in wound(state, "c", 1)] == ["figure_fell"]
    assert standing(state, "c") == [("cavalry", 0)]


def test_an_eliminated_vehicle_leaves_a_wreck() -> None:
    tank = unit("t", "MEDIUM_TANK", "soviet", "0505", figures=[fig("medium_tank", wounds=1)])
    state = world([tank])
    evs = wound(state, "t", 3)
    assert evs[-2:] == [
        {"event": "eliminated", "unit": "t"},
        {"event": "marker_placed", "hex": "0505", "marker": "wreck"},
    ]
    assert [m.kind for m in state.hex_markers] == ["wreck"]


def test_allocation_predicts_the_figures_lost_without_changing_the_unit() -> None:
    state = world([unit("c", "CAVALRY", "soviet", "0505", figures=2)])
    assert [allocation(state, state.unit("c"), w) for w in range(8)] == [0, 0, 0, 1, 1, 1, 2, 2]
    assert standing(state, "c") == [("cavalry", 0), ("cavalry", 0)]


def test_unit_json_counts_standing_figures_and_the_wounds_in_use() -> None:
    figures = [fig("cavalry", wounds=1), fig("cavalry", wounds=3, fallen=True), fig("cavalry")]
    state = world([unit("c", "CAVALRY", "soviet", "0505", figures=figures)])
    out = unit_json(state, state.unit("c"))
    assert (out["figures"], out["wounds"]) == (2, 1)
    assert "ammo" not in out


# --- medics ---------------------------------------------------------------------------------
def _start_of_german_turn(*units, **kw):
    """Soviet end phase: the next end-phase starts the German player turn (its medics)."""
    return world(list(units), phase="end", side="soviet", **kw)


def _rifle_with_fallen(uid: str, at: str, n: int, medic: bool = True):
    figures = [fig("soldier") for _ in range(4)] + [fig("soldier", 1, True) for _ in range(n)]
    if medic:
        figures.append(fig("medic"))
    return unit(uid, "GER_RIFLE_SQUAD", "german", at, figures=figures)


def test_medic_saves_one_and_fails_one_at_the_start_of_the_owners_turn() -> None:
    state = _start_of_german_turn(_rifle_with_fallen("g", "0505", 2))
    result = act(state, "end-phase", dice=[4, 3])
    assert (state.phase, state.active_side, state.turn) == ("movement", "german", 2)
    assert rolls(result) == [("g", "medic", "4+", [4, 3], 1)]
    assert [e["event"] for e in events(result) if e.get("unit") == "g"] == [
        "figure_saved",
        "figure_removed",
    ]
    assert standing(state, "g") == [("soldier", 0)] * 5 + [("medic", 0)]
    assert fallen(state, "g") == []


def test_a_friends_medic_in_the_hex_saves() -> None:
    lonely = unit(
        "a", "ASSAULT_SQUAD", "german", "0505", figures=[fig("soldier"), fig("soldier", 1, True)]
    )
    friend = _rifle_with_fallen("b", "0505", 0)
    state = _start_of_german_turn(lonely, friend)
    result = act(state, "end-phase", dice=[6])
    assert rolls(result) == [("a", "medic", "4+", [6], 1)]
    assert standing(state, "a") == [("soldier", 0), ("soldier", 0)]


def test_a_friends_medic_in_the_hex_fails() -> None:
    lonely = unit("a", "ASSAULT_SQUAD", "german", "0505",
                  figures=[fig("soldier"), fig("soldier", 1, True)])  # fmt: skip
    state = _start_of_german_turn(lonely, _rifle_with_fallen("b", "0505", 0))
    result = act(state, "end-phase", dice=[3])
    assert rolls(result) == [("a", "medic", "4+", [3], 0)]
    assert {"event": "figure_removed", "unit": "a", "model": "soldier"} in events(result)
    assert standing(state, "a") == [("soldier", 0)] and fallen(state, "a") == []


def test_no_medic_near_the_fallen_are_removed_without_a_roll() -> None:
    lonely = unit(
        "a", "ASSAULT_SQUAD", "german", "0505", figures=[fig("soldier"), fig("soldier", 1, True)]
    )
    friend = _rifle_with_fallen("b", "0606", 0)  # a medic, but not in the hex
    enemy_medic = unit("s", "RIFLE_SQUAD", "soviet", "0505")
    state = _start_of_german_turn(lonely, friend, enemy_medic)
    result = act(state, "end-phase")
    assert rolls(result) == []
    assert {"event": "figure_removed", "unit": "a", "model": "soldier"} in events(result)
    assert len(state.unit("a").figures) == 1


def test_a_saved_cavalry_figure_stands_with_one_wound_left() -> None:
    cav = unit("c", "CAVALRY", "german", "0505", figures=[fig("cavalry"), fig("cavalry", 3, True)])
    medic = _rifle_with_fallen("m", "0505", 0)
    state = _start_of_german_turn(cav, medic, options=Options(medic_save=5))
    result = act(state, "end-phase", dice=[5])
    assert rolls(result) == [("c", "medic", "5+", [5], 1)]
    assert standing(state, "c") == [("cavalry", 0), ("cavalry", 2)]


def test_medics_roll_only_for_the_side_whose_turn_starts() -> None:
    soviet = unit(
        "s",
        "RIFLE_SQUAD",
        "soviet",
        "0909",
        figures=[fig("soldier"), fig("soldier", 1, True), fig("medic")],
    )
    state = _start_of_german_turn(soviet)
    assert rolls(act(state, "end-phase")) == []
    assert fallen(state, "s") == ["soldier"]


def test_medics_module_off_removes_the_fallen_at_once() -> None:
    state = world([unit("r", "RIFLE_SQUAD", "soviet", "0505")], rules=["cover_saves"])
    evs = wound(state, "r", 2)
    assert [e["event"] for e in evs] == ["figure_fell", "figure_removed"] * 2
    assert len(state.unit("r").figures) == 8 and fallen(state, "r") == []


def test_a_unit_with_no_standing_figure_is_eliminated_even_with_fallen_ones() -> None:
    state = world([unit("s", "SNIPERS", "soviet", "0505")])
    evs = wound(state, "s", 2)
    assert evs[-1] == {"event": "eliminated", "unit": "s"}
    assert state.unit("s").status is Status.ELIMINATED
