"""L2: the rules core (stdlib + model only): dice, procedures, odds, legality with reasons."""

from __future__ import annotations

from tabletop.rules.actions import (
    ACTIONS,
    ActionRequest,
    ActionResult,
    Event,
    IllegalAction,
    Roll,
)
from tabletop.rules.dice import DiceError, DiceSource, RandomDice, RecordingDice, ScriptedDice
from tabletop.rules.los import LineOfSight, LosResult, Viewpoint, counted_range, viewpoint_of

__all__ = [
    "ACTIONS", "ActionRequest", "ActionResult", "DiceError", "DiceSource", "Event",
    "IllegalAction", "LineOfSight", "LosResult", "RandomDice", "RecordingDice", "Roll",
    "ScriptedDice", "Viewpoint", "counted_range", "viewpoint_of",
]  # fmt: skip
