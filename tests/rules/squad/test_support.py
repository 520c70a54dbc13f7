"""Suppressive fire, artillery and air strikes (rules 3.9) with scripted dice: morale tests
of the enemy in the hex, spotters for indirect fire, 105 mm fire and carpet bombing
destroying a minefield (hidden from the side that never knew of it), AA fire first, bombs
saved as ranged fire."""

from __future__ import annotations

import json
from dataclasses import replace

from tabletop.cli.act import result_json
from tabletop.model import AirStrike, HexMarker, Status
from tests.helpers.squad_world import act, events, hx, reasons, rolls, standing, unit, until, world


def test_105mm_suppressive_fire_tests_the_enemy_and_destroys_a_minefield() -> None:
    state = world(
        [
            unit("h", "HOWITZER_105", "german", "0101"),
            unit("spot", "GER_RIFLE_SQUAD", "german", "0606"),
            unit("s", "RIFLE_SQUAD", "soviet", "0808"),
            unit("s2", "RIFLE_SQUAD", "soviet", "0808"),
        ],
        markers=[HexMarker(hx("0808"), "minefield_ap", "soviet", False)],
        terrain={"0303": "woods", "0404": "woods"},
        phase="shooting",
    )
    result = act(state, "suppress", dice=[6, 6, 2, 2], unit="h", hex="0808")
    assert rolls(result) == [
        ("s", "morale", "<= 8", [6, 6], 0),
        ("s2", "morale", "<= 8", [2, 2], 1),
    ]
    assert state.unit("s").status is Status.SUPPRESSED
    assert not state.hex_markers  # 105 mm: the minefield is gone
    gone = {"event": "minefield_destroyed", "hex": "0808", "marker": "minefield_ap",
            "by": "105 mm suppressive fire", "secret_of": "soviet"}  # fmt: skip
    assert gone in result_json(state, result, "soviet")["events"]
    assert "minefield" not in json.dumps(result_json(state, result, "german"))
    assert state.unit("h").ammo == 7
    assert reasons(state, "fire", unit="h", target="s")[0].startswith("h has already fired")


def test_indirect_fire_needs_a_spotter_direct_fire_its_own_sight_smaller_calibre_spares_mines() -> (
    None
):
    lonely = world(
        [unit("h", "HOWITZER_105", "german", "0101"), unit("s", "RIFLE_SQUAD", "soviet", "0808")],
        terrain={"0404": "woods"},
        phase="shooting",
    )
    assert reasons(lonely, "suppress", unit="h", hex="0808") == [
        "no friendly unit sees 0808 to spot the indirect fire"
    ]
    gun = world(
        [unit("g", "FIELD_GUN", "german", "0101")],
        markers=[HexMarker(hx("0808"), "minefield_ap", "soviet", True)],
        terrain={"0404": "woods"},
        phase="shooting",
    )
    (why,) = reasons(gun, "suppress", unit="g", hex="0808")
    assert why == "no line of sight from g to 0808"
    assert reasons(gun, "suppress", unit="g", hex="0303") == []  # an empty hex in sight
    act(gun, "suppress", unit="g", hex="0303")
    assert len(gun.hex_markers) == 1


def strike_world(aircraft: str, **kw):
    state = world(
        [
            unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=3),
            unit("aa", "AA_GUN", "german", "0707"),
        ],
        phase="shooting",
        side="soviet",
        markers=[HexMarker(hx("0505"), "minefield_at", "german", False)],
        **kw,
    )
    state.scenario = replace(
        state.scenario, air_strikes=[AirStrike(1, "soviet", aircraft, hx("0505"))]
    )
    return state


def test_an_air_strike_aa_fire_first_then_bombs_saved_as_fire_then_morale() -> None:
    state = strike_world("MEDIUM_BOMBER", terrain={"0505": "woods"})
    assert reasons(state, "air-strike", hex="0606") == [
        "the scenario holds no air strike on 0606 for soviet in turn 1 left to fly"
    ]
    dice = [*[5, 1, 1], *[4, 4, 1, 1, 1, 1], *[6, 1], *[3, 3]]
    result = act(state, "air-strike", dice=dice, hex="0505")
    assert rolls(result) == [
        ("aa", "to_hit", "5+", [5, 1, 1], 1),  # the German AA gun fires first: 1 wound of 3
        ("air-strike-1", "to_hit", "4+", [4, 4, 1, 1, 1, 1], 2),  # 6 bomb dice
        ("s", "save", "6+", [6, 1], 1),  # woods
        ("s", "morale", "<= 7", [3, 3], 1),  # trigger 4 (2 of 10 left: 8 - 1)
    ]
    assert len(standing(state, "s")) == 2
    assert state.hex_markers  # a medium bomber is no carpet bomber
    assert reasons(state, "air-strike", hex="0505")  # flown once
    assert "air-strike-1" not in state.units


def test_carpet_bombing_destroys_a_minefield_and_a_bomber_shot_down_drops_nothing() -> None:
    state = strike_world("HEAVY_BOMBER")
    dice = [1, 1, 1, *[1] * 10, 6, 6]
    result = act(state, "air-strike", dice=dice, hex="0505")
    assert [m for m in state.hex_markers] == []
    assert {"event": "minefield_destroyed", "hex": "0505", "marker": "minefield_at",
            "by": "carpet bombing", "secret_of": "german"} in events(result)  # fmt: skip
    assert "minefield" not in json.dumps(result_json(state, result, "soviet"))
    down = strike_world("MEDIUM_BOMBER")
    result = act(down, "air-strike", dice=[5, 5, 6], hex="0505")
    assert {"event": "aircraft_shot_down", "aircraft": "MEDIUM_BOMBER"} in events(result)
    assert len(standing(down, "s")) == 3 and down.hex_markers


def test_actions_offer_suppress_and_the_scenarios_air_strike() -> None:
    from tabletop.rules.query import available_actions
    from tests.helpers.squad_world import los_of

    state = strike_world("MEDIUM_BOMBER")
    report = available_actions(state, los_of(state), units=["aa"])
    strike = next(o for o in report.game if o.action == "air-strike")
    assert strike.hexes == ("0505",)
    state.active_side = "german"
    aa = available_actions(state, los_of(state), units=["aa"]).unit("aa")
    assert aa.option("suppress").hexes == ("0505",)


# --- AA fire is fire (rules 3.9 with 3.3 and 3.7) -----------------------------------------
def test_aa_fire_spends_the_guns_round_of_that_player_turn() -> None:
    state = strike_world("MEDIUM_BOMBER")
    state.unit("aa").ammo = 1
    result = act(state, "air-strike", dice=[5, 5, 6], hex="0505")  # 3 hits: shot down
    assert {"event": "ammo_spent", "unit": "aa", "ammo": 0} in events(result)
    assert state.unit("aa").ammo == 0
    # its last round went at the bomber in the Soviet turn: in its own it has none left
    until(state, "german", "shooting")
    assert "aa is out of ammunition" in reasons(state, "fire", unit="aa", target="s")


def test_an_aa_gun_with_no_ammunition_or_suppressed_does_not_fire_at_the_aircraft() -> None:
    for why in ("ammo", "suppressed"):
        state = strike_world("MEDIUM_BOMBER")
        if why == "ammo":
            state.unit("aa").ammo = 0
        else:
            state.unit("aa").status = Status.SUPPRESSED
        # no AA dice: the bombs (6 dice, no hits) come first, and no loss, no morale test...
        result = act(state, "air-strike", dice=[1, 1, 1, 1, 1, 1, 3, 3], hex="0505")
        assert [r[0] for r in rolls(result)] == ["air-strike-1", "s"], why
        assert not [e for e in events(result) if e["event"] == "aa_fire"], why


def test_an_aa_gun_that_fired_in_its_own_turn_spends_again_at_a_strike_in_the_enemy_s() -> None:
    state = strike_world("MEDIUM_BOMBER")
    state.active_side = "german"  # the German shooting phase: the gun fires at the squad
    act(state, "fire", dice=[1, 1, 1], unit="aa", target="s")
    assert state.unit("aa").ammo == 11
    until(state, "soviet", "shooting")
    result = act(state, "air-strike", dice=[5, 5, 6], hex="0505")
    assert {"event": "ammo_spent", "unit": "aa", "ammo": 10} in events(result)
