"""Exact odds of a mortar's indirect fire at a hex (rules 2.11), for every unit there,
against every dice sequence the rules really read (``dice_tree.every_roll``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import tests.helpers.maneuver_kit  # noqa: F401  (registers the APC)
from tabletop.model import GameState, Kind, PlatoonSide, PlatoonUnitType, Status, TargetClass
from tabletop.rules.platoon.areaodds import AreaOdds, area_odds, changed
from tabletop.rules.platoon.combat import Outcome
from tabletop.rules.platoon.indirect import area_plan
from tabletop.rules.platoon.odds import attack_odds
from tests.helpers.dice_tree import every_roll
from tests.helpers.platoon_world import CLEAR as _CLEAR
from tests.helpers.platoon_world import TYPES, act, hx, r, request, unit, world

TYPES.setdefault("MORTAR1", PlatoonUnitType(
    "MORTAR1", "MORTAR1", Kind.MORTAR, TargetClass.UNARMORED,
    {"full": PlatoonSide(he=r(1, 12, 4), movement=4)},
))  # fmt: skip
TYPES.setdefault("HQ", PlatoonUnitType(
    "HQ", "HQ", Kind.HQ, TargetClass.UNARMORED, {"full": PlatoonSide(he=r(1, 3, 5), movement=8)},
))  # fmt: skip


def hex_game(*, wreck_first: bool = True) -> GameState:
    """0110: c1 (APC, Reduced and Disrupted: one net hit eliminates it and leaves a Wreck)
    carrying i1, then p1 (infantry in the open). The spotting HQ at 0210 is adjacent, so
    nobody there is concealed unless... it never is: adjacent to an enemy (rules 2.9)."""
    units = [unit("m1", "MORTAR1", "blue", "0101"), unit("hq", "HQ", "blue", "0210"),
             unit("c1" if wreck_first else "x1", "APC", "red", "0110", step="reduced",
                  status=Status.DISRUPTED),
             unit("i1", "INF", "red", "0110", carrier="c1" if wreck_first else "x1"),
             unit("p1", "INF", "red", "0110")]  # fmt: skip
    return world(units)


def brute(state: GameState, hex_label: str) -> tuple[dict[str, dict[Outcome, Fraction]], Fraction]:
    """Each unit's outcome distribution and the chance nothing changes, from every roll."""
    req = request("fire", unit="m1", hex=hex_label, weapon="he")
    ids = [u.id for u in state.units_at(hx(hex_label))] + [
        u.id for u in state.units.values() if u.carrier is not None]  # fmt: skip
    dist: dict[str, dict[Outcome, Fraction]] = {i: {} for i in dict.fromkeys(ids)}
    nothing = Fraction(0)
    for p, _, after in every_roll(state, req, _CLEAR):
        quiet = True
        for uid in dist:
            o = changed(state.unit(uid), after.unit(uid))
            dist[uid][o] = dist[uid].get(o, Fraction(0)) + p
            quiet = quiet and o is Outcome.NO_EFFECT
        nothing += p if quiet else 0
    return dist, nothing


def exact(state: GameState, hex_label: str) -> AreaOdds:
    plan, why = area_plan(state, request("fire", unit="m1", hex=hex_label), _CLEAR)
    assert plan is not None, why
    return area_odds(state, plan, _CLEAR, exact=True)


@pytest.mark.parametrize("wreck_first", [True, False])
def test_every_units_odds_equal_every_dice_sequence(wreck_first: bool) -> None:
    """c1 first: its Wreck gives p1 a save die it would not have, so p1's odds depend on
    c1's fate. x1 (sorted after p1) attacked last: p1 saves without a Wreck."""
    state = hex_game(wreck_first=wreck_first)
    odds = exact(state, "0110")
    dist, nothing = brute(state, "0110")
    for u in odds.units:
        assert {o: p for o, p in u.outcomes.items() if p} == dist[u.unit], u.unit
        assert sum(u.outcomes.values()) == 1
    assert {u.unit for u in odds.units} == set(dist)
    assert odds.untouched == nothing
    carrier = "c1" if wreck_first else "x1"
    assert odds.unit("i1").carrier == carrier
    assert [u.unit for u in odds.units] == (["c1", "i1", "p1"] if wreck_first
                                             else ["p1", "x1", "i1"])  # fmt: skip


def test_the_wreck_of_an_earlier_target_changes_a_later_targets_save() -> None:
    """p1 in the open has no save die; after c1's Wreck (1/2 x 5/6 ... exactly: c1 hit 1/2,
    saved 1/6) it has the Wreck's die at 5+. Its odds mix the two saves."""
    odds = exact(hex_game(), "0110")
    p1 = odds.unit("p1")
    c1_gone = odds.unit("c1").outcomes[Outcome.ELIMINATED]
    assert c1_gone == Fraction(1, 2) * Fraction(5, 6)
    assert [(s.dice, s.need, p) for s, p in p1.saves] == [(0, 5, 1 - c1_gone), (1, 5, c1_gone)]
    hit = Fraction(1, 2)
    no_save = hit * (1 - c1_gone)
    with_wreck = hit * c1_gone * Fraction(2, 3)  # the Wreck's die misses on 1-4
    assert p1.outcomes[Outcome.DISRUPTED] == no_save + with_wreck
    alone = attack_odds([odds.plan.hit], 0, 5, exact=True).outcomes[Outcome.DISRUPTED]
    assert p1.outcomes[Outcome.DISRUPTED] < alone


def test_cargo_odds_follow_the_carriers_fate() -> None:
    """i1 is eliminated with c1 on an even d6, else unloaded Reduced and Disrupted."""
    odds = exact(hex_game(), "0110")
    gone = odds.unit("c1").outcomes[Outcome.ELIMINATED]
    assert odds.unit("i1").outcomes[Outcome.ELIMINATED] == gone / 2
    assert odds.unit("i1").outcomes[Outcome.REDUCED] == gone / 2
    assert odds.unit("i1").outcomes[Outcome.NO_EFFECT] == 1 - gone


def test_scripted_dice_agree_with_the_branch_the_forecast_follows() -> None:
    """Faces 4 (hit c1), 1 (its save fails), 2 (even: i1 eliminated), 5 (hit p1), 6 (the
    Wreck's save die saves): c1 and i1 gone, a Wreck, p1 untouched; each of those outcomes
    has the chance the forecast gives it a positive share, and the Wreck made p1 roll."""
    state = hex_game()
    odds = exact(state, "0110")
    result = act(state, "fire", [4, 1, 2, 5, 6], unit="m1", hex="0110", weapon="he")
    assert [(x.by, x.purpose, x.dice) for x in result.rolls] == [
        ("m1", "to_hit", [4]), ("c1", "save", [1]), ("i1", "cargo_elimination", [2]),
        ("m1", "to_hit", [5]), ("p1", "save", [6]),
    ]  # fmt: skip
    assert state.has_hex_marker(hx("0110"), "wreck")
    assert [spec.dice for spec, _ in odds.unit("p1").saves] == [0, 1]
    fates = {"c1": Outcome.ELIMINATED, "i1": Outcome.ELIMINATED, "p1": Outcome.NO_EFFECT}
    for uid, outcome in fates.items():
        assert state.unit(uid).alive == (outcome is not Outcome.ELIMINATED)
        assert odds.unit(uid).outcomes[outcome] > 0


def test_float_odds_equal_the_exact_ones() -> None:
    state = hex_game()
    plan, _ = area_plan(state, request("fire", unit="m1", hex="0110"), _CLEAR)
    assert plan is not None
    floats, fractions = area_odds(state, plan, _CLEAR), exact(state, "0110")
    for f, x in zip(floats.units, fractions.units, strict=True):
        for o in Outcome:
            assert f.outcomes[o] == pytest.approx(float(x.outcomes[o]))
    assert floats.untouched == pytest.approx(float(fractions.untouched))
