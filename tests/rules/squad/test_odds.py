"""Exact odds of squad fire (``tabletop odds``): they sum to 1 and equal the frequencies of
every die face enumerated through the fire action itself, for small pools with armor rolls,
saves (with an improvement) and wounds across figures."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tabletop.cli import main
from tabletop.model import GameState, Options, Status
from tabletop.rules.squad import RULESET
from tabletop.rules.squad.odds import fire_odds, odds_plan
from tests.helpers.squad_world import fig, los_of, request, types, unit, world

ROOT = Path(__file__).resolve().parents[3]


class _More(Exception):
    """The scripted prefix ran out: try each next face."""


class _Prefix:
    def __init__(self, faces: list[int]) -> None:
        self.faces, self.used = faces, 0

    def roll(self, n: int) -> list[int]:
        if self.used + n > len(self.faces):
            raise _More
        out = self.faces[self.used : self.used + n]
        self.used += n
        return out


def brute_force(state: GameState, firer: str, target: str) -> dict[tuple[int, bool], Fraction]:
    """P(figures lost, eliminated) by running ``fire`` on every sequence of faces."""
    out: dict[tuple[int, bool], Fraction] = {}
    todo: list[list[int]] = [[]]
    req = request("fire", unit=firer, target=target)
    while todo:
        faces = todo.pop()
        copy = state.snapshot()
        try:
            result = RULESET.perform(copy, req, _Prefix(faces), los_of(state))
        except _More:
            todo.extend([*faces, f] for f in range(1, 7))
            continue
        fell = sum(1 for e in result.events if e.event == "figure_fell" and e.unit == target)
        gone = any(e.event == "eliminated" and e.unit == target for e in result.events)
        key = (fell, gone)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 6 ** len(faces))
    return out


def exact(state: GameState, firer: str, target: str) -> dict[tuple[int, bool], Fraction]:
    plan, why = odds_plan(state, firer, target, los_of(state))
    assert plan is not None, why
    odds, _ = fire_odds(state, plan, los_of(state), exact=True)
    standing = len(state.unit(target).standing())
    got = {(k, k == standing): p for k, p in enumerate(odds.figures_lost) if p}
    assert sum(odds.hits) == 1 and sum(odds.figures_lost) == 1
    assert odds.eliminated == odds.figures_lost[standing]
    return got


NO_MORALE = ("cover_saves", "medics", "entrenchment", "close_combat", "minefields")
TWO_DICE = replace(types()["AT_RIFLE_TEAM"], id="TWO_AT", figures=(
    replace(types()["AT_RIFLE_TEAM"].figures[0], count=2),))  # fmt: skip


@pytest.mark.parametrize(
    ("dice", "target", "terrain"),
    [
        (2, unit("t", "LIGHT_TANK", "soviet", "0305", figures=[fig("light_tank", 1)]), {}),
        (1, unit("t", "ARMORED_CAR", "soviet", "0305"), {"0305": "woods"}),  # armor and save
        (2, unit("t", "SNIPERS", "soviet", "0305"), {"0305": "woods"}),  # elite: 5+
        (2, unit("t", "CAVALRY", "soviet", "0305", figures=[fig("cavalry", 1)]), {}),
    ],
)
def test_exact_odds_equal_brute_force(dice, target, terrain) -> None:
    firer = unit("f", "TWO_AT", "german", "0105", utype=TWO_DICE, figures=[fig("at_rifle")] * dice)
    # morale off: its tests (2 dice after a loss) are not part of the odds and would
    # multiply the sequences to enumerate by 36
    state = world([firer, target], phase="shooting", terrain=terrain, extra=[TWO_DICE],
                  rules=NO_MORALE)  # fmt: skip
    assert exact(state, "f", "t") == brute_force(state, "f", "t")


def test_odds_on_the_command_line_sum_to_one(capsys: pytest.CaptureFixture[str]) -> None:
    demo = str(ROOT / "scenarios" / "demo-squad.yaml")
    code = main(["odds", demo, "--unit", "ger-hmg-1", "--target", "sov-rifle-1", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert sum(data["hits"].values()) == pytest.approx(1)
    assert sum(data["figures_lost"].values()) == pytest.approx(1)
    assert data["save"] == {"need": "5+", "base": "trench", "improvements": [], "caps": []}
    assert data["attack"]["groups"] == [
        {"source": "hmg", "dice": 4, "need": "5+", "range": 12, "anti_tank": False}
    ]
    code = main(["odds", demo, "--unit", "ger-rifle-2", "--target", "sov-t34-1", "--json"])
    assert code == 2 and "only anti-tank fire harms it" in capsys.readouterr().out
    code = main(["odds", demo, "--unit", "ger-hmg-1", "--target", "sov-t34-1", "--moving"])
    assert code == 1 and "--moving" in capsys.readouterr().err


# --- close combat and bunkers: exact odds against every die face through the action -------
def _lost_by_brute_force(state: GameState, request_: Any, target: str) -> dict[int, Fraction]:
    """P(figures of ``target`` lost) over every dice sequence of the real action."""
    from tests.helpers.dice_tree import every_roll

    before = len(state.unit(target).standing())
    out: dict[int, Fraction] = {}
    for chance, _, after in every_roll(state, request_, los_of(state)):
        lost = before - len(after.unit(target).standing())
        out[lost] = out.get(lost, Fraction(0)) + chance
    return out


def _cc_state(attacker: Any, defender: Any, terrain: str) -> GameState:
    state = world([attacker, defender], terrain={"0505": terrain}, rules=["close_combat"],
                  phase="close_combat")  # fmt: skip
    return state


@pytest.mark.parametrize(
    ("attacker", "defender", "terrain"),
    [
        # infantry against a tank in a town (faces 1-3), the tank's side armor 1 defends;
        # the tank is out of ammunition, so it rolls nothing back
        (unit("u", "RIFLE_SQUAD", "german", "0505", figures=2),
         unit("t", "LIGHT_TANK", "soviet", "0505", ammo=0), "town"),
        # vehicle against vehicle: the ranged to-hit (2 dice at 4+), then side armor 1
        (unit("u", "LIGHT_TANK", "german", "0505"),
         unit("t", "LIGHT_TANK", "soviet", "0505", ammo=0,
              figures=[fig("light_tank", 1)]), "clear"),
        # a tank against 2 riflemen in woods: faces 1-3, the riflemen's defense (the cc
        # defense of woods); Suppressed (morale off: no surrender), they roll nothing back
        (unit("u", "LIGHT_TANK", "german", "0505"),
         unit("t", "RIFLE_SQUAD", "soviet", "0505", figures=2, status=Status.SUPPRESSED),
         "woods"),
    ],
)  # fmt: skip
def test_close_combat_odds_equal_brute_force(attacker: Any, defender: Any, terrain: str) -> None:
    from tabletop.rules.squad.odds import close_combat_odds

    state = _cc_state(attacker, defender, terrain)
    odds, why = close_combat_odds(state, "u", "t", exact=True)
    assert why == [] and odds is not None
    assert sum(odds.figures_lost) == 1
    got = {k: p for k, p in enumerate(odds.figures_lost) if p}
    req = request("close-combat", hex="0505", targets=(("u", "t"),))
    assert got == _lost_by_brute_force(state, req, "t")


def test_bunker_odds_equal_brute_force_and_cap_at_the_wounds_left() -> None:
    from tabletop.rules.squad.odds import bunker_odds
    from tests.helpers.dice_tree import every_roll

    firer = unit("f", "TWO_AT", "german", "0305", utype=TWO_DICE, figures=[fig("at_rifle")] * 2)
    inside = unit("h", "HMG_TEAM", "soviet", "0505")
    state = world([firer, inside], phase="shooting", bunkers={"0505": ["0605"]},
                  options=Options(bunker_wounds=2), extra=[TWO_DICE])  # fmt: skip
    state.flags["bunker_damage"] = {"0505": 1}  # one wound left: one hit destroys it
    plan, why = odds_plan(state, "f", None, los_of(state), hex_label="0505")
    assert plan is not None, why
    odds = bunker_odds(state, plan, exact=True)
    assert odds.wounds_left == 1 and odds.inside == (("h", 3),)
    brute: dict[int, Fraction] = {}
    lost_h = Fraction(0)
    req = request("fire", unit="f", hex="0505")
    for chance, _, after in every_roll(state, req, los_of(state)):
        taken = 1 - (2 - after.flags.get("bunker_damage", {}).get("0505", 0))
        brute[taken] = brute.get(taken, Fraction(0)) + chance
        lost_h += chance * (not after.unit("h").alive)
    assert dict(enumerate(odds.wounds)) == brute
    assert odds.destroyed == lost_h == 1 - Fraction(1, 2) ** 2  # two dice at 4+


def test_bunker_odds_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    demo = str(ROOT / "scenarios" / "demo-squad.yaml")
    code = main(["odds", demo, "--unit", "ger-tiger-1", "--hex", "0906", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["bunker"]["hex"] == "0906" and data["bunker"]["wounds_left"] == 5
    assert sum(data["bunker"]["wounds"].values()) == pytest.approx(1)
    assert data["attack"]["groups"][0]["dice"] == 4 and "sov-hmg-1" in data["units"]
    code = main(["odds", demo, "--unit", "ger-tiger-1", "--hex", "0905"])
    assert code == 2 and "there is no standing bunker in 0905" in capsys.readouterr().out


def test_the_odds_panel_forecasts_fire_at_a_bunker() -> None:
    from tabletop.rules.forecast import forecast

    firer = unit("f", "TWO_AT", "german", "0305", utype=TWO_DICE, figures=[fig("at_rifle")] * 2)
    state = world([firer, unit("h", "HMG_TEAM", "soviet", "0505")], phase="shooting",
                  bunkers={"0505": ["0605"]}, extra=[TWO_DICE])  # fmt: skip
    f = forecast(state, request("fire", unit="f", hex="0505"), los_of(state))
    assert f.reasons == () and [name for name, _ in f.outcomes][:2] == ["No wound", "1 wound"]
    assert f.outcomes[-1][0] == "Bunker destroyed" and f.outcomes[-1][1] == 0.0  # 5 wounds
    assert sum(p for _, p in f.outcomes) == pytest.approx(1)
    assert [u.unit for u in f.units] == ["h"]
