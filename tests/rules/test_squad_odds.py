"""Exact odds of squad fire (``tabletop odds``): they sum to 1 and equal the frequencies of
every die face enumerated through the fire action itself, for small pools with armor rolls,
saves (with an improvement) and wounds across figures."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from squad_world import fig, los_of, request, types, unit, world

from tabletop.cli import main
from tabletop.model import GameState
from tabletop.rules.squad import RULESET
from tabletop.rules.squad.odds import fire_odds, odds_plan

ROOT = Path(__file__).resolve().parents[2]


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
def test_exact_odds_equal_brute_force(dice, target, terrain) -> None:  # type: ignore[no-untyped-def]
    firer = unit("f", "TWO_AT", "german", "0105", utype=TWO_DICE, figures=[fig("at_rifle")] * dice)
    state = world([firer, target], phase="shooting", terrain=terrain, extra=[TWO_DICE])
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
