"""Exact odds of a platoon and its SW firing at two targets (rules 2.2: ``--sw-target``
another unit than ``--target``), each target and its cargo, against every dice sequence the
rules really read (``dice_tree.every_roll``), and through ``rules.forecast``."""

from __future__ import annotations

from fractions import Fraction

import pytest

import tests.helpers.maneuver_kit  # noqa: F401  (registers the APC)
from tabletop.model import GameState, Kind, PlatoonSide, PlatoonUnitType, Status, TargetClass
from tabletop.rules.forecast import forecast, support_choices
from tabletop.rules.platoon.areaodds import SplitOdds, changed, split_odds
from tabletop.rules.platoon.combat import Outcome
from tabletop.rules.platoon.eligibility import plan_fire
from tabletop.rules.platoon.fire import sw_plan
from tests.helpers.dice_tree import every_roll
from tests.helpers.platoon_world import CLEAR, TYPES, act, r, request, unit, world

TYPES.setdefault("INF1SW", PlatoonUnitType(
    "INF1SW", "INF1SW", Kind.INFANTRY, TargetClass.UNARMORED,
    {"full": PlatoonSide(he=r(1, 4, 4), movement=3)}, support_weapon="SW1",
))  # fmt: skip
TYPES.setdefault("SW1", PlatoonUnitType(
    "SW1", "SW1", Kind.SW, TargetClass.UNARMORED, {"full": PlatoonSide(ap=r(1, 8, 4))},
))  # fmt: skip
FIRE = {"unit": "i1", "target": "p2", "weapon": "he", "sw_target": "c2", "sw_weapon": "ap"}


def two_targets() -> GameState:
    """i1 (HE 1 die at 4+) and i1-sw (AP 1 die at 4+) in 0505; p2 (infantry, no save in the
    open) in 0506; c2 (APC, Reduced and Disrupted: one net hit eliminates it, Armor 1 at
    6+) carrying i2 in 0606."""
    return world([unit("i1", "INF1SW", "blue", "0505", sw="i1-sw"),
                  unit("i1-sw", "SW1", "blue", "0505", sw_of="i1"),
                  unit("p2", "INF", "red", "0506"),
                  unit("c2", "APC", "red", "0606", step="reduced", status=Status.DISRUPTED),
                  unit("i2", "INF", "red", "0606", carrier="c2")])  # fmt: skip


def exact(state: GameState) -> SplitOdds:
    i1 = state.unit("i1")
    plan, why = plan_fire(state, i1, state.unit("p2"), "he", CLEAR)
    sw, more = sw_plan(state, i1, request("fire", **FIRE), CLEAR)
    assert plan is not None and sw is not None, why + more
    return split_odds(state, plan, sw, CLEAR, exact=True)


def test_each_targets_odds_equal_every_dice_sequence() -> None:
    state = two_targets()
    odds = exact(state)
    dist: dict[str, dict[Outcome, Fraction]] = {"p2": {}, "c2": {}, "i2": {}}
    nothing = Fraction(0)
    for p, _, after in every_roll(state, request("fire", **FIRE), CLEAR):
        fates = {uid: changed(state.unit(uid), after.unit(uid)) for uid in dist}
        for uid, o in fates.items():
            dist[uid][o] = dist[uid].get(o, Fraction(0)) + p
        nothing += p if all(o is Outcome.NO_EFFECT for o in fates.values()) else 0
    assert [u.unit for u in odds.units] == ["p2", "c2", "i2"]
    for u in odds.units:
        assert {o: p for o, p in u.outcomes.items() if p} == dist[u.unit], u.unit
    assert odds.untouched == nothing == Fraction(1, 2) * (1 - Fraction(1, 2) * Fraction(5, 6))
    assert odds.unit("i2").carrier == "c2"


def test_scripted_dice_agree_with_the_forecast() -> None:
    """4: i1 hits p2; 5: i1-sw hits c2; 1: c2's save fails; 1 (odd): i2 is unloaded,
    Reduced and Disrupted. Each of those outcomes has a positive chance in the forecast,
    and the others the dice did not take have theirs."""
    state = two_targets()
    odds = exact(state)
    result = act(state, "fire", [4, 5, 1, 1], **FIRE)
    assert [(x.by, x.purpose, x.dice) for x in result.rolls] == [
        ("i1", "to_hit", [4]), ("i1-sw", "to_hit", [5]), ("c2", "save", [1]),
        ("i2", "cargo_elimination", [1]),
    ]  # fmt: skip
    seen = {"p2": Outcome.DISRUPTED, "c2": Outcome.ELIMINATED, "i2": Outcome.REDUCED}
    for uid, outcome in seen.items():
        assert odds.unit(uid).outcomes[outcome] > 0
    assert state.unit("i2").carrier is None and state.unit("i2").step == "reduced"
    assert odds.unit("i2").outcomes[Outcome.REDUCED] == odds.unit("c2").outcomes[
        Outcome.ELIMINATED] / 2  # fmt: skip


def test_the_forecast_names_each_unit_and_the_chance_none_is_touched() -> None:
    state = two_targets()
    fc = forecast(state, request("fire", **FIRE), CLEAR)
    assert not fc.reasons
    assert [(u.unit, u.note) for u in fc.units] == [
        ("p2", ""), ("c2", "the SW's target"), ("i2", "cargo of c2")]  # fmt: skip
    odds = exact(state)
    for u in fc.units:
        assert dict(u.outcomes)["Eliminated"] == pytest.approx(
            float(odds.unit(u.unit).outcomes[Outcome.ELIMINATED]))  # fmt: skip
    assert fc.effect == pytest.approx(1 - float(odds.untouched))
    assert fc.outcomes == fc.units[0].outcomes
    assert any(p.startswith("i1-sw AP at c2: 1 dice at 4+") for p in fc.pools)


def test_an_sw_that_may_not_fire_at_its_target_says_why() -> None:
    state = two_targets()
    fc = forecast(state, request("fire", **(FIRE | {"sw_target": "nobody"})), CLEAR)
    assert fc.reasons and not fc.units


def test_support_choices_list_the_targets_the_sw_may_fire_at() -> None:
    """The app's SW choice: each target and rating the fire check accepts: not p2 (AP may
    not attack unarmored units), not the cargo i2 (no target), but c2; at c2 itself the
    same target comes first."""
    state = two_targets()
    base = request("fire", unit="i1", target="p2", weapon="he")
    choices = support_choices(state, base, CLEAR)
    assert [(c.sw_target, c.sw_weapon) for c in choices] == [("c2", "ap")]
    assert all(c.target == "p2" and c.weapon == "he" for c in choices)
    state.units["x2"] = unit("x2", "APC", "red", "0507")
    at_c2 = support_choices(state, request("fire", unit="i1", target="c2", weapon="he"), CLEAR)
    assert [c.sw_target for c in at_c2] == ["c2", "x2"]
    opfire = request("opportunity-fire", unit="i1", target="c2", weapon="he")
    assert support_choices(state, opfire, CLEAR) == ()  # no move is paused
    assert support_choices(state, request("fire", unit="p2", target="i1"), CLEAR) == ()
