"""The scenario document: a scenario's starting position being edited, its undo history,
its file and who is watching.

Every change goes through :meth:`ScenarioDocument.push`, :meth:`~ScenarioDocument.undo` or
:meth:`~ScenarioDocument.redo`; observers hear the game document's own events for what a
map scene redraws, ``UnitsChanged`` with the ids of units placed, moved, changed or
removed, ``MarkersChanged`` with the hexes whose markers changed, ``ZonesChanged`` with
the hexes whose deployment zone changed and ``ScenarioChanged`` with the scenario-level
properties that changed (sides, turns, modules ...), then the history and modified events.
:meth:`ScenarioDocument.display` is a game at the scenario's start, for a map scene to
draw. The document does not read or write files.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.commands import Command, History
from tabletop.commands.scenariounits import EditZones
from tabletop.documents.editing import EditorDocument
from tabletop.documents.game import ChangeEvent, MarkersChanged, UnitsChanged
from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, Scenario, UnitState

__all__ = ["PROPERTIES", "ScenarioChanged", "ScenarioDocument", "ZonesChanged"]

PROPERTIES = (
    "name", "notes", "turns", "sides", "first", "rules", "options", "victory",
    "reinforcements", "air_strikes", "mines",
)  # fmt: skip
"""The scenario-level properties whose changes :class:`ScenarioChanged` reports."""


@dataclass(frozen=True, slots=True)
class ZonesChanged:
    """The deployment zone of these hexes changed (painted, erased, given to another side)."""

    hexes: frozenset[Hex]


@dataclass(frozen=True, slots=True)
class ScenarioChanged:
    """These scenario-level properties (names of :data:`PROPERTIES`) changed."""

    names: frozenset[str]


ScenarioEvent = ChangeEvent | ZonesChanged | ScenarioChanged
ScenarioObserver = Callable[[ScenarioEvent], None]


Before = tuple[list[UnitState], list[HexMarker], dict[str, Any]]
"""What a change is compared with: the units, the markers, the properties."""


def _marker_key(m: HexMarker) -> tuple[Hex, str, str | None, bool]:
    return (m.hex, m.kind, m.side, m.revealed)


class ScenarioDocument(EditorDocument[ScenarioEvent]):
    """A scenario in the scenario editor: ``scenario`` + ``history`` + ``path`` + modified
    flag + observers."""

    def __init__(
        self, scenario: Scenario, path: Path | str | None = None, history: History | None = None
    ) -> None:
        super().__init__(path if path is not None else scenario.path, history)
        self.scenario = scenario
        self._strokes = itertools.count(1)

    def new_stroke(self) -> str:
        """A fresh merge key: the commands of one stroke share it, two strokes never do."""
        return f"stroke-{next(self._strokes)}"

    @property
    def title(self) -> str:
        return self.scenario.name or (self._path.stem if self._path else "Untitled scenario")

    def display(self) -> GameState:
        """The game at the scenario's start (turn 1, nothing done yet), to draw."""
        return self.scenario.new_game()

    def unit(self, unit_id: str) -> UnitState | None:
        return next((u for u in self.scenario.units if u.id == unit_id), None)

    # --- changes --------------------------------------------------------------------------
    def _properties(self) -> dict[str, Any]:
        sc = self.scenario
        return {k: _shallow(getattr(sc, k)) for k in PROPERTIES}

    def _before(self) -> Before:
        sc = self.scenario
        return list(sc.units), list(sc.hex_markers), self._properties()

    def _changes(self, before: Before, command: Command) -> list[ScenarioEvent]:
        if isinstance(command, EditZones):  # zones change only through it, nothing else does
            return [ZonesChanged(command.touched())]
        old_units = {u.id: u for u in before[0]}
        new_units = {u.id: u for u in self.scenario.units}
        ids = {
            i
            for i in old_units.keys() | new_units.keys()
            if old_units.get(i) is not new_units.get(i)
        }
        old_marks = {_marker_key(m) for m in before[1]}
        new_marks = {_marker_key(m) for m in self.scenario.hex_markers}
        hexes = {k[0] for k in old_marks ^ new_marks}
        events: list[ScenarioEvent] = []
        if ids:
            events.append(UnitsChanged(frozenset(ids)))
        if hexes:
            events.append(MarkersChanged(frozenset(hexes)))
        now = self._properties()
        names = frozenset(k for k in PROPERTIES if now[k] != before[2][k])
        if names:
            events.append(ScenarioChanged(names))
        return events


def _shallow(value: Any) -> Any:
    """A list or dict copied (the editing commands refill them in place), else the value."""
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value
