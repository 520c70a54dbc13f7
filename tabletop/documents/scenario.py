"""The scenario document: a scenario's starting position being edited, its undo history,
its file and who is watching.

Every change goes through :meth:`ScenarioDocument.push`, :meth:`~ScenarioDocument.undo` or
:meth:`~ScenarioDocument.redo`; observers hear the game document's own events for what a
map scene redraws, ``UnitsChanged`` with the ids of units placed, moved, changed or
removed and ``MarkersChanged`` with the hexes whose markers changed, then the history and
modified events. :meth:`ScenarioDocument.display` is a game at the scenario's start, for a
map scene to draw. The document does not read or write files.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tabletop.commands import Command, History
from tabletop.documents.game import (
    ChangeEvent,
    HistoryChanged,
    MarkersChanged,
    ModifiedChanged,
    PathChanged,
    UnitsChanged,
)
from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, Scenario, UnitState

__all__ = ["ScenarioDocument"]

ScenarioObserver = Callable[[ChangeEvent], None]


def _marker_key(m: HexMarker) -> tuple[Hex, str, str | None, bool]:
    return (m.hex, m.kind, m.side, m.revealed)


class ScenarioDocument:
    """A scenario in the scenario editor: ``scenario`` + ``history`` + ``path`` + modified
    flag + observers."""

    def __init__(
        self, scenario: Scenario, path: Path | str | None = None, history: History | None = None
    ) -> None:
        self.scenario = scenario
        self.history = history if history is not None else History()
        self._path = Path(path) if path is not None else scenario.path
        self._observers: list[ScenarioObserver] = []
        self._modified = False

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def modified(self) -> bool:
        return self._modified

    @property
    def title(self) -> str:
        return self.scenario.name or (self._path.stem if self._path else "Untitled scenario")

    def display(self) -> GameState:
        """The game at the scenario's start (turn 1, nothing done yet), to draw."""
        return self.scenario.new_game()

    def unit(self, unit_id: str) -> UnitState | None:
        return next((u for u in self.scenario.units if u.id == unit_id), None)

    def subscribe(self, observer: ScenarioObserver) -> Callable[[], None]:
        self._observers.append(observer)

        def unsubscribe() -> None:
            if observer in self._observers:
                self._observers.remove(observer)

        return unsubscribe

    def _emit(self, events: list[ChangeEvent]) -> None:
        for event in events:
            for observer in list(self._observers):
                observer(event)

    def push(self, command: Command, *, merge: bool = False) -> None:
        before = self._snapshot()
        self.history.push(command, merge=merge)
        self._after(before)

    def undo(self) -> Command | None:
        before = self._snapshot()
        command = self.history.undo()
        if command is not None:
            self._after(before)
        return command

    def redo(self) -> Command | None:
        before = self._snapshot()
        command = self.history.redo()
        if command is not None:
            self._after(before)
        return command

    def _snapshot(self) -> tuple[list[UnitState], list[HexMarker]]:
        return list(self.scenario.units), list(self.scenario.hex_markers)

    def _after(self, before: tuple[list[UnitState], list[HexMarker]]) -> None:
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
        events: list[ChangeEvent] = []
        if ids:
            events.append(UnitsChanged(frozenset(ids)))
        if hexes:
            events.append(MarkersChanged(frozenset(hexes)))
        h = self.history
        events.append(HistoryChanged(h.can_undo, h.can_redo, h.undo_text, h.redo_text))
        modified = not h.is_clean
        if modified != self._modified:
            self._modified = modified
            events.append(ModifiedChanged(modified))
        self._emit(events)

    def mark_recovered(self, path: Path | str | None) -> None:
        """The document was restored from a recovery file: it belongs to ``path`` (where
        Save writes) but differs from it, so it shows as modified until saved."""
        events: list[ChangeEvent] = []
        new_path = Path(path) if path is not None else None
        if new_path != self._path:
            self._path = new_path
            events.append(PathChanged(new_path))
        self.history.forget_clean()
        if not self._modified:
            self._modified = True
            events.append(ModifiedChanged(True))
        self._emit(events)

    def mark_saved(self, path: Path | str | None = None) -> None:
        events: list[ChangeEvent] = []
        if path is not None and Path(path) != self._path:
            self._path = Path(path)
            events.append(PathChanged(self._path))
        self.history.set_clean()
        if self._modified:
            self._modified = False
            events.append(ModifiedChanged(False))
        self._emit(events)
