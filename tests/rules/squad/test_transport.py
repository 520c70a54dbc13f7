"""Reinforcements and landing (rules 3.10): a reinforcement enters when its side's player
turn of its game turn starts; ``landed: true`` marks it "dismounted this turn", so it skips
round 1 of a close combat until the game turn ends."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tabletop.model import GameState, Options, Reinforcement, Status
from tests.helpers.squad_world import act, events, hx, los_of, reasons, rolls, unit, until, world


def test_a_landed_reinforcement_arrives_and_skips_round_1_this_game_turn() -> None:
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=2)],
        rules=["close_combat"],
    )
    lorry = unit("s", "RIFLE_SQUAD", "soviet", "0604", figures=2)
    state.scenario = replace(state.scenario, reinforcements=[Reinforcement(1, lorry, True)])
    assert "s" not in state.units
    result = act(state, "end-turn")  # the Soviet player turn 1 starts: it arrives
    assert {"event": "reinforcement_arrived", "unit": "s", "at": "0604", "landed": True} in (
        events(result)
    )
    assert state.unit("s").flags["dismounted_this_turn"] is True
    act(state, "move", unit="s", to="0505")
    until(state, "soviet", "close_combat")
    result = act(state, "close-combat", dice=[6, 6], hex="0505")
    assert [r[0] for r in rolls(result)] == ["g"]  # s landed this game turn: it skips round 1
    r2 = act(state, "close-combat", dice=[6, 6, 6, 6], hex="0505")
    assert [r[0] for r in rolls(r2)] == ["s", "g"]  # round 2: s attacks (its player turn)
    act(state, "close-combat", dice=[6, 6, 6, 6], hex="0505")
    act(state, "end-turn")  # the game turn ends: German player turn 2
    assert "dismounted_this_turn" not in state.unit("s").flags


# --- load and unload (rules 3.10 as 2.11) ----------------------------------------------------
def _carried(state: GameState, cargo: str, carrier: str) -> None:
    state.unit(cargo).carrier = carrier


def test_load_then_drive_carries_the_cargo_which_does_nothing_while_aboard() -> None:
    state = world([unit("h", "HALFTRACK", "german", "0505"),
                   unit("r", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
                   unit("s", "RIFLE_SQUAD", "soviet", "1005", figures=2)])  # fmt: skip
    result = act(state, "load", unit="h", target="r", to="0605,0705")
    assert events(result)[0] == {"event": "loaded", "unit": "r", "carrier": "h", "hex": "0505"}
    assert state.unit("r").carrier == "h"
    assert state.unit("h").hex == state.unit("r").hex == hx("0705")
    assert state.unit("h").flags["mp_used"] == 2
    assert "r rides in h: it does nothing until it gets out (unload --unit h)" in reasons(
        state, "move", unit="r", to="0805"
    )
    until(state, "soviet", "shooting")
    assert reasons(state, "fire", unit="s", target="r") == ["r rides in h: fire at h"]
    assert reasons(state, "morale-test", unit="r") == ["r rides in h: carried units take no tests"]


def test_who_may_board_and_when() -> None:
    state = world([unit("h", "HALFTRACK", "german", "0505"),
                   unit("t", "LIGHT_TANK", "german", "0505"),
                   unit("c", "CAVALRY", "german", "0505"),
                   unit("r", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
                   unit("q", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
                   unit("far", "GER_RIFLE_SQUAD", "german", "0507", figures=3)])  # fmt: skip
    assert reasons(state, "load", unit="t", target="r") == ["t is not a transport (capacity 0)"]
    assert reasons(state, "load", unit="h", target="c") == [
        "c does not ride in transports: only infantry does"
    ]
    assert reasons(state, "load", unit="h", target="far") == ["far is not in h's hex"]
    state.unit("q").flags["mp_used"] = 1
    assert reasons(state, "load", unit="h", target="q") == [
        "q has moved this movement phase: boarding is its move"
    ]
    state.unit("r").status = Status.SUPPRESSED
    assert reasons(state, "load", unit="h", target="r") == [
        "r is Suppressed: it does not move, so it does not board"
    ]
    state.unit("r").status = Status.GOOD_ORDER
    act(state, "load", unit="h", target="r")
    state.unit("q").flags.pop("mp_used")
    assert reasons(state, "load", unit="h", target="q") == ["h is full (capacity 1)"]
    assert reasons(state, "unload", unit="t") == ["t is not a transport (capacity 0)"]
    until(state, "german", "shooting")
    assert reasons(state, "unload", unit="h") == [
        "it is the shooting phase, not the movement phase"
    ]


def test_unload_where_it_stands_marks_dismounted_and_spends_the_cargo_movement() -> None:
    state = world([unit("h", "HALFTRACK", "german", "0505"),
                   unit("r", "GER_RIFLE_SQUAD", "german", "0505", figures=3)])  # fmt: skip
    _carried(state, "r", "h")
    result = act(state, "unload", unit="h")
    assert events(result) == [{"event": "unloaded", "unit": "r", "carrier": "h", "hex": "0505"}]
    r = state.unit("r")
    assert r.carrier is None and r.flags["dismounted_this_turn"] is True
    assert reasons(state, "move", unit="r", to="0605") == [
        "r has no movement points left this movement phase"
    ]
    assert reasons(state, "unload", unit="h") == ["h carries no unit"]


def test_unloading_obeys_stacking_where_the_cargo_gets_out() -> None:
    state = world([unit("h", "HALFTRACK", "german", "0505"),
                   unit("r", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
                   unit("a", "GER_RIFLE_SQUAD", "german", "0605", figures=3),
                   unit("b", "GER_RIFLE_SQUAD", "german", "0605", figures=3)],
                  options=Options(stacking=3))  # fmt: skip
    _carried(state, "r", "h")
    assert reasons(state, "unload", unit="h", to="0605") == [
        "getting out in 0605 would put more than 3 units of german there (stacking)"
    ]


def test_driving_into_an_enemy_hex_and_unloading_there_the_cargo_skips_round_1() -> None:
    state = world([unit("h", "HALFTRACK", "german", "0405"),
                   unit("r", "GER_RIFLE_SQUAD", "german", "0405", figures=3),
                   unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2)],
                  terrain={"0505": "woods"}, rules=["close_combat"])  # fmt: skip
    _carried(state, "r", "h")
    result = act(state, "unload", unit="h", to="0505")
    assert [e["event"] for e in events(result)] == ["moved", "unloaded"]
    until(state, "german", "close_combat")
    # round 1: h (3 dice on 1-3, a vehicle) attacks; r dismounted this turn and skips it;
    # s (2 figures) must take r, the attacking infantry (3.6 pairing); no morale module
    r1 = act(state, "close-combat", dice=[6, 6, 6, 6, 6], hex="0505")
    assert [(r[0], r[1]) for r in rolls(r1)] == [("h", "close_combat"), ("s", "close_combat")]
    r2 = act(state, "close-combat", dice=[6] * 8, hex="0505")
    assert [r[0] for r in rolls(r2)] == ["h", "r", "s"]  # round 2: r fights


def test_cargo_takes_no_part_in_what_happens_in_its_hex() -> None:
    """Carried units are not in their hex for fire, bombs, mines and close combat."""
    state = world([unit("h", "HALFTRACK", "german", "0505"),
                   unit("r", "GER_RIFLE_SQUAD", "german", "0505", figures=3)],
                  rules=["close_combat"])  # fmt: skip
    _carried(state, "r", "h")
    from tabletop.rules.squad.common import units_in

    assert [u.id for u in units_in(state, hx("0505"))] == ["h"]


@pytest.mark.parametrize(("face", "fate"), [(2, "eliminated"), (5, "out and suppressed")])
def test_when_the_carrier_is_destroyed_an_even_d6_loses_the_cargo(face: int, fate: str) -> None:
    state = world(
        [
            unit("h", "HALFTRACK", "german", "0505"),
            unit("r", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
            unit("g", "AT_GUN", "soviet", "0805"),
        ],
        phase="shooting",
        side="soviet",
    )
    _carried(state, "r", "h")
    # AT gun: 2 dice at 4+ hit twice; armor 1 cancels on 1: 3,4 both through; 2 wounds
    result = act(state, "fire", dice=[4, 5, 3, 4, face], unit="g", target="h")
    assert ("r", "cargo_elimination", "even", [face], int(face % 2 == 0)) in rolls(result)
    assert state.unit("h").status is Status.ELIMINATED
    r = state.unit("r")
    if fate == "eliminated":
        assert r.status is Status.ELIMINATED
    else:
        assert r.status is Status.SUPPRESSED and r.carrier is None and r.hex == hx("0505")
        assert r.flags["dismounted_this_turn"] is True


def test_actions_answer_for_load_and_unload() -> None:
    from tabletop.rules.query import available_actions

    state = world([unit("h", "HALFTRACK", "german", "0505"),
                   unit("r", "GER_RIFLE_SQUAD", "german", "0505", figures=3)])  # fmt: skip
    h = available_actions(state, los_of(state), units=["h"]).unit("h")
    assert h.option("load").targets == ("r",)
    assert h.option("unload").reasons == ("h carries no unit",)
    act(state, "load", unit="h", target="r")
    report = available_actions(state, los_of(state), units=["h", "r"])
    assert report.unit("h").option("unload").legal
    assert report.unit("r").option("move").reasons == (
        "r rides in h: it does nothing until it gets out (unload --unit h)",
    )


def test_the_log_tells_load_and_unload() -> None:
    from tabletop.model import LogEntry
    from tabletop.rules.narrate import narrate

    state = world([unit("h", "HALFTRACK", "german", "0505"),
                   unit("r", "GER_RIFLE_SQUAD", "german", "0505", figures=3)])  # fmt: skip
    result = act(state, "load", unit="h", target="r", to="0605")
    text = narrate(
        state.scenario,
        LogEntry("load", {"units": ["h"], "target": "r", "to": ["0605"]}, [], 1, "german"),
        result,
    )
    assert text == "Sd.Kfz. 251/1 h takes r aboard and moves 0505 → 0605: r boards h"
    result = act(state, "unload", unit="h", to="0705")
    entry = LogEntry("unload", {"units": ["h"], "to": ["0705"]}, [], 1, "german")
    assert narrate(state.scenario, entry, result) == (
        "Sd.Kfz. 251/1 h moves 0605 → 0705 and unloads: Rifle squad (German) r gets out of h"
    )


def test_a_surrendering_carrier_is_captured_with_its_cargo() -> None:
    state = world([unit("h", "HALFTRACK", "german", "0505", status=Status.SUPPRESSED),
                   unit("r", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
                   unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=2)],
                  phase="close_combat")  # fmt: skip
    _carried(state, "r", "h")  # the cargo does not protect its Suppressed carrier
    result = act(state, "close-combat", hex="0505")
    assert events(result)[:2] == [
        {"event": "surrendered", "unit": "h"},
        {"event": "surrendered", "unit": "r"},
    ]
    assert state.unit("r").status is Status.SURRENDERED
