"""The checks both rulesets share (``rules.entrench``, ``rules.minefields``,
``rules.transport``), asked directly with hooks of a test's own: the order of their reasons
and what each hook adds. Each ruleset's own wording is tested with its rules."""

from __future__ import annotations

from tabletop.model import HexMarker
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.entrench import dig_in_reasons
from tabletop.rules.minefields import (
    LAID,
    LAYING,
    budget_reasons,
    detect_ahead,
    mines_used,
    sapper_reasons,
)
from tabletop.rules.transport import carrier_reasons
from tests.helpers.platoon_world import hx, unit, world


def test_dig_in_reasons_in_their_order() -> None:
    """(The terrain's cover save, between ``airborne`` and ``covering``, is the squad
    chart's: its wording is tested with the squad rules.)"""
    state = world([unit("b1", "INF", "blue", "0101", markers=["entrenched"])])
    b1 = state.unit("b1")
    assert dig_in_reasons(state, b1, ["busy"], "in the air", lambda h: ["cover here"]) == [
        "busy",
        "in the air",
        "cover here",
        "b1 is already Entrenched",
    ]
    off = world([unit("b1", "INF", "blue", "0202")], rules=[])
    assert dig_in_reasons(off, off.unit("b1"), [], None, lambda h: []) == [
        "the entrenchment module is off: no digging in"
    ]


def test_sapper_reasons_ask_the_hooks_in_order() -> None:
    state = world([unit("b1", "INF", "blue", "0101")])
    request = ActionRequest("lay-mines", units=("b1",), kind="at")
    unit_, reasons = sapper_reasons(
        state, request, lambda u: ["not now"], lambda u: False, lambda u: [f"{u.id} unfit"]
    )
    assert unit_ is state.unit("b1")
    assert reasons == ["not now", "b1 is not a sapper unit", "b1 unfit"]
    nobody, why = sapper_reasons(
        state, ActionRequest("lay-mines", units=("zz",)), lambda u: [], lambda u: True,
        lambda u: [],
    )  # fmt: skip
    assert nobody is None and len(why) == 1 and "zz" in why[0]


def test_a_sides_budget_of_minefields_counts_those_being_laid() -> None:
    state = world([unit("b1", "INF", "blue", "0101"), unit("b2", "INF", "blue", "0102")])
    state.scenario.mines["blue"] = 2
    assert budget_reasons(state, "blue") == [] and budget_reasons(state, "red") == []
    state.flags[LAID] = {"blue": 1}
    state.flags[LAYING] = {"b2": {"kind": "minefield_at", "hex": "0102", "impulses": 1}}
    assert mines_used(state, "blue") == 2
    assert budget_reasons(state, "blue") == ["blue may lay 2 minefield(s) and has used 2"]


def test_only_a_sapper_detects_a_hidden_enemy_minefield_ahead() -> None:
    field = HexMarker(hx("0102"), "minefield_at", "red", revealed=False)
    state = world([unit("b1", "INF", "blue", "0101")], markers=[field])
    b1, result = state.unit("b1"), ActionResult("move")
    assert not detect_ahead(state, b1, hx("0102"), result, sapper=False)
    assert not state.hex_markers[0].revealed
    assert detect_ahead(state, b1, hx("0102"), result, sapper=True)
    assert state.hex_markers[0].revealed
    assert [e.event for e in result.events] == ["minefield_revealed", "minefield_detected"]
    assert not detect_ahead(state, b1, hx("0102"), result, sapper=True)  # known now


def test_carrier_reasons_ask_the_hooks_in_order() -> None:
    state = world([unit("b1", "INF", "blue", "0101")])
    request = ActionRequest("load", units=("b1",), target="b2")
    carrier, reasons = carrier_reasons(
        state, request, lambda c: ["not now"], lambda c: 0, lambda c: [f"{c.id} unfit"]
    )
    assert carrier is state.unit("b1")
    assert reasons == ["not now", "b1 is not a transport (capacity 0)", "b1 unfit"]
    _, roomy = carrier_reasons(state, request, lambda c: [], lambda c: 2, lambda c: [])
    assert roomy == []
