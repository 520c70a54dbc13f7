"""The checked play step both rulesets' fuzzers share: an action pushed as ``tabletop act``
pushes it (a ``PlayAction`` on a ``History``), its memento checked against a full copy,
and now and then undone and redone, which must give the same states."""

from __future__ import annotations

import random

from tabletop.commands import History, PlayAction
from tabletop.model import GameState
from tabletop.rules import ActionRequest, DiceSource, LineOfSight

UNDO_REDO_SHARE = 0.05
"""The share of actions that are undone and redone at once."""


def play_checked(
    history: History,
    state: GameState,
    request: ActionRequest,
    los: LineOfSight,
    dice: DiceSource,
    rng: random.Random,
) -> None:
    undo_redo = rng.random() < UNDO_REDO_SHARE
    before = state.snapshot()
    command = PlayAction(state, request, los, dice)
    history.push(command)
    # the memento (the units the action touched) holds every unit that changed
    assert command.before is not None
    units, now = before.units, state.units
    changed = {i for i in units.keys() | now.keys() if units.get(i) != now.get(i)}
    missed = changed - command.before.units.keys()
    assert not missed, f"{request} changed {missed} behind its memento"
    if undo_redo:
        after = state.snapshot()
        history.undo()
        assert state.same_as(before), f"undo of {request} did not restore the state"
        history.redo()
        assert state.same_as(after), f"redo of {request} differs from the first run"
