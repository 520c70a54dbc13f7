"""The game document's kept loss count (``rules.victory.LossCount``) always equals a count
of every unit: after seeded random actions, undos and redos, in both rulesets."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from tabletop.commands import PlayAction
from tabletop.data import load_document
from tabletop.documents import GameDocument
from tabletop.geometry import LosEngine
from tabletop.model import Scenario, Status
from tabletop.rules import ActionRequest, RandomDice, victory
from tabletop.rules.query import available_actions
from tabletop.rules.turns import waiting_on

ROOT = Path(__file__).resolve().parents[2]


def _full(doc: GameDocument) -> dict[str, Counter[str]]:
    state = doc.state
    lost = victory.scoring(state.scenario.ruleset).losses(
        state, victory.initial_units(state.scenario)
    )
    return {side: +kinds for side, kinds in lost.items()}


@pytest.mark.parametrize("name", ["demo-platoon", "demo-squad"])
def test_the_kept_count_equals_a_whole_count_after_actions_undos_and_redos(name: str) -> None:
    scenario = load_document(ROOT / "scenarios" / f"{name}.yaml")
    assert isinstance(scenario, Scenario)
    doc = GameDocument.from_scenario(scenario)
    doc.use_los(lambda: LosEngine(scenario.map, scenario.options))
    rng = random.Random(5)
    dice = RandomDice(5)
    # some losses from the start, made as a change the document is told of
    victim = sorted(doc.state.units)[3]
    doc.state.units[victim].status = Status.ELIMINATED
    doc.reindex([victim])
    assert doc.losses.losses() == _full(doc)
    counts = set()
    for step in range(90):
        roll = rng.random()
        if roll < 0.15 and doc.history.can_undo:
            doc.undo()
        elif roll < 0.25 and doc.history.can_redo:
            doc.redo()
        elif doc.state.pending is not None and doc.state.pending.move_paused:
            go_on = ActionRequest("move", units=(doc.state.pending.unit,), cont=True)
            doc.push(PlayAction(doc.state, go_on, doc.los, dice))  # (the window does this)
        else:
            report = available_actions(doc.state, doc.los, side=waiting_on(doc.state))
            plans = [p for o in (*report.game, *(o for u in report.units for o in u.options))
                     for p in o.plans]  # fmt: skip
            fires = [p for p in plans if p.request.action in ("fire", "assault")]
            if not plans:
                break  # (the game is over)
            pick = rng.choice(fires or plans)
            doc.push(PlayAction(doc.state, pick, doc.los, dice))
        assert doc.losses.losses() == _full(doc), f"step {step}"
        counts.add(repr(sorted(_full(doc).items())))
        assert victory.standing(doc.state, doc.losses) == victory.standing(doc.state)
    assert len(counts) > 2, "the game lost too little to test the count"
