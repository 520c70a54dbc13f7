"""Minefields in the squad ruleset (rules 3.8) with scripted dice: where they may lie,
laying over two player turns and what cancels it, the ``mines:`` limit, the attack on entry
ending the move, maneuver-mode detection, clearing, and a hidden minefield absent from the
other side's JSON and text."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from tabletop.cli.act import result_json, result_text
from tabletop.cli.show import show_json, show_text
from tabletop.model import HexMarker, LogEntry, Status
from tests.helpers.squad_world import act, events, hx, reasons, rolls, standing, unit, until, world


def field(at: str, kind: str = "minefield_ap", side: str = "soviet", revealed: bool = False):
    return HexMarker(hx(at), kind, side, revealed)


def test_no_minefield_may_be_laid_in_a_town_swamp_ruins_building_or_water() -> None:
    for terrain in ("town", "swamp", "ruins", "building"):
        state = world([unit("p", "GER_PIONEER_SQUAD", "german", "0505")], terrain={"0505": terrain})
        assert reasons(state, "lay-mines", unit="p", kind="ap") == [
            f"no minefield may lie in 0505 ({terrain})"
        ]
    state = world([unit("p", "GER_PIONEER_SQUAD", "german", "0505")])
    assert reasons(state, "lay-mines", unit="p", kind="ap") == []
    state = world([unit("r", "GER_RIFLE_SQUAD", "german", "0505")])
    assert reasons(state, "lay-mines", unit="r", kind="ap") == ["r is not a sapper unit"]


def test_laying_takes_two_player_turns_of_the_sapper_and_the_field_is_hidden() -> None:
    state = world(
        [
            unit("p", "GER_PIONEER_SQUAD", "german", "0505"),
            unit("s", "RIFLE_SQUAD", "soviet", "1010"),
        ]
    )
    result = act(state, "lay-mines", unit="p", kind="at")
    assert "laying_mines" in state.unit("p").markers
    until(state, "german", "shooting")
    assert "p is laying mines" in " ".join(reasons(state, "fire", unit="p", target="s"))
    until(state, "german", "end")
    act(state, "end-phase")  # the end of its first player turn: nothing yet
    assert not [m for m in state.hex_markers if m.kind.startswith("minefield")]
    until(state, "german", "end", turn=2)
    result = act(state, "end-phase")  # the end of its second player turn: placed
    (laid,) = [m for m in state.hex_markers if m.kind.startswith("minefield")]
    assert (laid.kind, laid.side, laid.revealed, laid.hex) == (
        "minefield_at",
        "german",
        False,
        hx("0505"),
    )
    assert "laying_mines" not in state.unit("p").markers
    # hidden from the Soviets in the action's JSON and text, and in show
    mine = {"event": "minefield_laid", "unit": "p", "hex": "0505", "marker": "minefield_at"}
    assert mine in result_json(state, result, None)["events"]
    assert mine in result_json(state, result, "german")["events"]
    soviet = json.dumps(result_json(state, result, "soviet"))
    assert "minefield" not in soviet
    state.log.append(LogEntry("end-phase", {}, [], turn=2, side="german"))
    assert "minefield" in result_text(state, result, "german")
    assert "minefield" not in result_text(state, result, "soviet")
    assert "minefield" not in json.dumps(show_json(state, "soviet"))
    assert "minefield" not in show_text(state, "soviet").lower()
    assert "minefield" in json.dumps(show_json(state, "german"))


def test_moving_suppression_or_close_combat_cancels_laying() -> None:
    state = world([unit("p", "GER_PIONEER_SQUAD", "german", "0505")])
    act(state, "lay-mines", unit="p", kind="ap")
    act(state, "move", unit="p", to="0605")  # moving is allowed, and cancels it
    assert "laying_mines" not in state.unit("p").markers
    result = act(state, "end-turn")
    assert {"event": "mines_cancelled", "unit": "p"} in events(result)
    assert state.flags.get("mines_laying") == {}
    sup = world([unit("p", "GER_PIONEER_SQUAD", "german", "0505")])
    act(sup, "lay-mines", unit="p", kind="ap")
    sup.unit("p").status = Status.SUPPRESSED
    assert {"event": "mines_cancelled", "unit": "p"} in events(act(sup, "end-turn"))
    cc = world(
        [unit("p", "GER_PIONEER_SQUAD", "german", "0505", figures=1),
         unit("s", "RIFLE_SQUAD", "soviet", "0605", figures=1)]
    )  # fmt: skip
    act(cc, "lay-mines", unit="p", kind="ap")
    until(cc, "soviet", "movement")
    act(cc, "move", unit="s", to="0505")
    until(cc, "soviet", "close_combat")
    result = act(cc, "close-combat", dice=[6, 6], hex="0505")
    assert {"event": "mines_cancelled", "unit": "p"} in events(result)


def test_the_mines_limit_counts_the_fields_being_laid() -> None:
    state = world(
        [
            unit("p", "GER_PIONEER_SQUAD", "german", "0505"),
            unit("q", "GER_PIONEER_SQUAD", "german", "0707"),
        ]
    )
    state.scenario = replace(state.scenario, mines={"german": 1})
    act(state, "lay-mines", unit="p", kind="ap")
    assert reasons(state, "lay-mines", unit="q", kind="ap") == [
        "german may lay 1 minefield(s) and has used 1"
    ]


def test_a_minefield_attacks_a_unit_entering_it_and_ends_its_move() -> None:
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=4)],
        markers=[field("0605")],
        terrain={"0605": "woods"},
    )
    assert reasons(state, "move", unit="g", to="0605,0705") == []  # never mentioned
    result = act(state, "move", dice=[5, 6, 1, 6, 2, 3, 3], unit="g", to="0605,0705")
    assert rolls(result) == [
        ("minefield_ap", "to_hit", "5+", [5, 6, 1], 2),  # 3 dice at 5+
        ("g", "save", "6+", [6, 2], 1),  # the hex's cover save (woods)
        ("g", "morale", "<= 7", [3, 3], 1),  # a figure lost: its morale test
    ]
    assert state.unit("g").hex == hx("0605") and len(standing(state, "g")) == 3
    assert {"event": "minefield_revealed", "hex": "0605", "marker": "minefield_ap"} in events(
        result
    )
    assert reasons(state, "move", unit="g", to="0705") == [
        "g has no movement points left this movement phase"
    ]
    # an AT field lets infantry through, and a vehicle is attacked by it
    at = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0505"), unit("t", "LIGHT_TANK", "german", "0604")],
        markers=[field("0605", "minefield_at")],
    )
    assert rolls(act(at, "move", unit="g", to="0605,0705")) == []
    result = act(at, "move", dice=[1, 1, 1], unit="t", to="0605")
    assert rolls(result) == [("minefield_at", "to_hit", "5+", [1, 1, 1], 0)]


def test_a_sapper_in_maneuver_mode_detects_the_next_hex_and_stops_short() -> None:
    state = world([unit("p", "GER_PIONEER_SQUAD", "german", "0405")], markers=[field("0605")])
    assert reasons(state, "move", unit="p", to="0505,0605,0705", maneuver=True) == [
        "p cannot enter 0705: it costs 1 MP and 0 of 2 are left"
    ]  # maneuver mode: at most half of its 4 MP
    result = act(state, "move", unit="p", to="0505,0605", maneuver=True)
    assert rolls(result) == []  # no attack
    assert state.unit("p").hex == hx("0505")
    assert {"event": "minefield_detected", "unit": "p", "hex": "0605"} in events(result)
    assert state.hex_markers[0].revealed
    # the detection ended its move there
    assert reasons(state, "move", unit="p", to="0605") == [
        "p has no movement points left this movement phase"
    ]


def test_clearing_a_known_minefield_takes_the_sappers_player_turn() -> None:
    state = world(
        [
            unit("p", "GER_PIONEER_SQUAD", "german", "0505"),
            unit("s", "RIFLE_SQUAD", "soviet", "1010"),
        ],
        markers=[field("0605", revealed=True), field("0808")],
    )
    assert reasons(state, "clear-mines", unit="p", hex="0808") == [
        "0808 is not in or adjacent to p's hex",
        "german knows of no minefield in 0808",
    ]
    act(state, "clear-mines", unit="p", hex="0605")
    assert "clearing_mines" in state.unit("p").markers
    until(state, "german", "shooting")
    assert "p is clearing mines" in " ".join(reasons(state, "fire", unit="p", target="s"))
    until(state, "german", "end")
    result = act(state, "end-phase")
    assert {"event": "minefield_cleared", "unit": "p", "hex": "0605",
            "marker": "minefield_ap"} in events(result)  # fmt: skip
    assert [m.hex for m in state.hex_markers] == [hx("0808")]


def test_actions_offer_laying_and_clearing_to_a_sapper() -> None:
    from tabletop.rules.query import available_actions
    from tests.helpers.squad_world import los_of

    state = world(
        [unit("p", "GER_PIONEER_SQUAD", "german", "0505")],
        markers=[field("0605", revealed=True), field("0506")],  # 0506: hidden from germans
    )
    p = available_actions(state, los_of(state), units=["p"]).unit("p")
    assert [c.kind for c in p.option("lay-mines").choices] == ["at", "ap"]
    assert p.option("clear-mines").hexes == ("0605",)


def test_validate_refuses_a_squad_minefield_in_a_building_with_its_place(tmp_path: Any) -> None:
    """The same rule as ``lay-mines``, checked by ``validate`` on a squad scenario."""
    import shutil
    from pathlib import Path

    from tabletop.data import validate_file

    root = Path(__file__).resolve().parents[3]
    for folder, name in (("maps", "village.yaml"), ("counters", "squad.yaml")):
        (tmp_path / folder).mkdir()
        shutil.copy(root / folder / name, tmp_path / folder / name)
    (tmp_path / "scenarios").mkdir()
    text = (root / "scenarios" / "demo-squad.yaml").read_text(encoding="utf-8")
    old = '  - {hex: "0605", marker: minefield_ap, side: soviet, revealed: false}\n'
    assert old in text
    bad = tmp_path / "scenarios" / "bad.yaml"
    bad.write_text(text.replace(old, old + '  - {hex: "1205", marker: minefield_at, '
                                            'side: soviet}\n'), encoding="utf-8")  # fmt: skip
    problems = [str(p) for p in validate_file(bad)[0]]
    line = text[: text.index(old)].count("\n") + 2
    assert any(p.startswith(f"{bad}:{line}:") and "no minefield may lie in 1205" in p
               for p in problems), problems  # fmt: skip


def test_a_sapper_laying_mines_may_run_which_cancels_them_or_dig_in_but_not_shoot() -> None:
    """Rules 3.8: laying, "it may not shoot or fight"; moving is allowed (a run is a move)
    and cancels the laying. Digging in is neither shooting nor fighting (READING)."""
    state = world(
        [
            unit("p", "GER_PIONEER_SQUAD", "german", "0505"),
            unit("s", "RIFLE_SQUAD", "soviet", "0507"),
        ]
    )
    act(state, "lay-mines", unit="p", kind="ap")
    until(state, "german", "shooting")
    assert reasons(state, "fire", unit="p", target="s") == [
        "p is laying mines: it may not shoot while it lays them (rules 3.8; moving cancels the "
        "laying)"
    ]
    assert reasons(state, "dig-in", unit="p") == []
    assert reasons(state, "run", unit="p", to="0605") == []
    act(state, "run", unit="p", to="0605")
    assert "laying_mines" not in state.unit("p").markers
    assert {"event": "mines_cancelled", "unit": "p"} in events(act(state, "end-turn"))
    dug = world([unit("p", "GER_PIONEER_SQUAD", "german", "0505")])
    act(dug, "lay-mines", unit="p", kind="ap")
    until(dug, "german", "shooting")
    act(dug, "dig-in", unit="p")
    until(dug, "german", "end", turn=2)
    act(dug, "end-phase")  # dug in, and still laid: the minefield is placed
    assert [m.kind for m in dug.hex_markers] == ["minefield_ap"]


def test_a_sapper_clearing_mines_may_not_shoot_run_or_dig_in() -> None:
    state = world(
        [unit("p", "GER_PIONEER_SQUAD", "german", "0505")],
        markers=[field("0605", revealed=True)],
    )
    act(state, "clear-mines", unit="p", hex="0605")
    until(state, "german", "shooting")
    why = "p is clearing mines: it may not shoot, run or dig in this player turn (rules 3.8)"
    assert why in reasons(state, "run", unit="p", to="0405")
    assert why in reasons(state, "dig-in", unit="p")


def test_a_sides_own_minefield_attacks_its_own_units_and_is_revealed() -> None:
    """Rules 3.8 "attacks units of both sides entering its hex": its owner's too, hidden or
    not (READING, docs/rules.md 3.8). The owner knows where it lies: it costs its units
    +1 MP and a sapper of its side detects nothing there. (A sapper in the hex when its
    field is placed did not enter it: no attack, as in the test above.)"""
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=4)],
        markers=[field("0605", side="german")],
    )
    plan = reasons(state, "move", unit="g", to="0605,0705,0805,0905")
    assert plan == ["g cannot enter 0905: it costs 1 MP and 0 of 4 are left"]  # 0605 costs 2
    result = act(state, "move", dice=[5, 1, 1, 6, 6], unit="g", to="0605,0705")
    assert rolls(result)[:1] == [("minefield_ap", "to_hit", "5+", [5, 1, 1], 1)]
    assert {"event": "minefield_attack", "unit": "g", "hex": "0605", "hits": 1} in events(result)
    assert state.unit("g").hex == hx("0605") and state.hex_markers[0].revealed
    # its own sapper in maneuver mode walks in as anyone does: no detection, an attack
    again = world(
        [unit("p", "GER_PIONEER_SQUAD", "german", "0505")],
        markers=[field("0605", side="german")],
    )
    result = act(again, "move", dice=[1, 1, 1], unit="p", to="0605", maneuver=True)
    assert [e["event"] for e in events(result)][:3] == ["moved", "minefield_revealed",
                                                       "minefield_attack"]  # fmt: skip
