"""L3: commands (every state change) and their undo history."""

from __future__ import annotations

from tabletop.commands.adjust import ManualChange
from tabletop.commands.base import ChangeValue, Command, Composite, History
from tabletop.commands.counteredit import EditCounters
from tabletop.commands.mapedit import EditMap, SetBackground
from tabletop.commands.play import PlayAction
from tabletop.commands.scenarioedit import EditScenario
from tabletop.commands.scenarioprops import EditScenarioProps

__all__ = [
    "ChangeValue", "Command", "Composite", "EditCounters", "EditMap", "EditScenario",
    "EditScenarioProps", "History",
    "ManualChange", "PlayAction", "SetBackground",
]  # fmt: skip
