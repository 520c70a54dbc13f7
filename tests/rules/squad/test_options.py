"""The core ``actions`` and ``reach`` answers (``rules.query``) for squad units: every listed
choice is a request ``act`` accepts, and the others carry the reasons."""

from __future__ import annotations

from tabletop.rules.query import available_actions, reach
from tests.helpers.squad_world import los_of, reasons, unit, world


def test_actions_in_the_shooting_phase() -> None:
    state = world(
        [
            unit("g", "GER_RIFLE_SQUAD", "german", "0105"),
            unit("s", "RIFLE_SQUAD", "soviet", "0305"),
            unit("far", "RIFLE_SQUAD", "soviet", "1210"),
        ],
        bunkers={"0705": ["0805"]},
        terrain={"0104": "woods"},
        phase="shooting",
    )
    report = available_actions(state, los_of(state), units=["g"])
    g = report.unit("g")
    assert g.option("fire").targets == ("s",)
    assert g.option("fire").hexes == ("0705",)  # the empty bunker itself
    assert g.option("dig-in").legal
    assert g.option("move").reasons == ("it is the shooting phase, not the movement phase",)
    run = g.option("run")
    assert run.legal and all(len(c.to) <= 2 for c in run.choices)
    for choice in (*g.option("fire").choices, *run.choices):
        assert reasons(state, choice.action, **_kw(choice)) == []
    assert [o.action for o in report.game] == [
        "end-phase",
        "end-turn",
        "close-combat",
        "air-strike",
    ]
    assert report.game[2].reasons == ("no hex holds units of both sides",)


def test_reach_lists_costs_and_the_reasons_of_hexes_it_cannot_enter() -> None:
    state = world(
        [unit("t", "LIGHT_TANK", "german", "0105"), unit("s", "RIFLE_SQUAD", "soviet", "0305")],
        terrain={"0205": "building", "0106": "woods"},
    )
    report = reach(state, los_of(state), "t")
    costs = {r.hex: r.cost for r in report.reach}
    assert costs["0106"] == 2 and "0205" not in costs
    assert "0305" in costs  # a move may end in an enemy hex: close combat (3.6)
    paths = {r.hex: r.path for r in report.reach}
    assert not any("0305" in p[:-1] for p in paths.values())  # ... but not pass through it
    blocked = {b.hex: b.reasons for b in report.blocked}
    assert blocked["0205"] == ("t may not enter 0205 (building)",)
    assert report.reasons == ()
    state.active_side = "soviet"
    assert reach(state, los_of(state), "t").reasons == (
        "t belongs to german: it acts in german's player turn",
    )


def _kw(choice):
    out = {"unit": choice.units[0]}
    for key in ("target", "hex"):
        if getattr(choice, key) is not None:
            out[key] = getattr(choice, key)
    if choice.to:
        out["to"] = ",".join(choice.to)
    return out
