"""The map document: a map being edited, its undo history, its file and who is watching.

Like :class:`~tabletop.documents.game.GameDocument`, every change goes through
:meth:`MapDocument.push`, :meth:`~MapDocument.undo` or :meth:`~MapDocument.redo`, and the
document tells its observers exactly what changed: ``HexesChanged`` with the hexes,
``HexsidesChanged`` with the hexsides, ``BackgroundChanged``. Map commands name what they
touch (:class:`~tabletop.commands.EditMap` ``hexes`` and ``sides``), so a one-hex edit of a
200 x 200 map costs one hex, not a comparison of the whole map.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tabletop.commands import Command, Composite, EditMap, History
from tabletop.documents.game import (
    ChangeEvent,
    HistoryChanged,
    ModifiedChanged,
    PathChanged,
)
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import Background, HexMap

__all__ = [
    "BackgroundChanged",
    "HexesChanged",
    "HexsidesChanged",
    "MapDocument",
    "MapEvent",
]


@dataclass(frozen=True, slots=True)
class HexesChanged:
    """The terrain, level or entrances of these hexes changed."""

    hexes: frozenset[Hex]


@dataclass(frozen=True, slots=True)
class HexsidesChanged:
    """The features of these hexsides changed."""

    sides: frozenset[HexSide]


@dataclass(frozen=True, slots=True)
class BackgroundChanged:
    """The background image, its opacity or its calibration changed (or it went away)."""

    background: Background | None


MapEvent = ChangeEvent | HexesChanged | HexsidesChanged | BackgroundChanged
MapObserver = Callable[[MapEvent], None]


def touched(command: Command) -> tuple[set[Hex], set[HexSide]]:
    """The hexes and hexsides a map command (or a composite of them) sets."""
    if isinstance(command, EditMap):
        return set(command.hexes), set(command.sides)
    hexes: set[Hex] = set()
    sides: set[HexSide] = set()
    if isinstance(command, Composite):
        for child in command.children:
            h, s = touched(child)
            hexes |= h
            sides |= s
    return hexes, sides


class MapDocument:
    """A map in the editor: ``map`` + ``history`` + ``path`` + modified flag + observers.

    The document does not read or write files (documents sit below the data layer); the
    editor saves ``map`` and then calls :meth:`mark_saved`."""

    def __init__(
        self, hexmap: HexMap, path: Path | str | None = None, history: History | None = None
    ) -> None:
        self.map = hexmap
        self.history = history if history is not None else History()
        self._path = Path(path) if path is not None else None
        self._observers: list[MapObserver] = []
        self._modified = False
        self._strokes = itertools.count(1)

    # --- properties -----------------------------------------------------------------------
    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def modified(self) -> bool:
        return self._modified

    @property
    def title(self) -> str:
        """The map's name, for window titles."""
        return self.map.name or (self._path.stem if self._path else "Untitled map")

    def new_stroke(self) -> str:
        """A fresh merge key: the commands of one stroke share it, two strokes never do."""
        return f"stroke-{next(self._strokes)}"

    # --- observers ------------------------------------------------------------------------
    def subscribe(self, observer: MapObserver) -> Callable[[], None]:
        """Call ``observer(event)`` on every change; returns a function that unsubscribes."""
        self._observers.append(observer)

        def unsubscribe() -> None:
            if observer in self._observers:
                self._observers.remove(observer)

        return unsubscribe

    def _emit(self, events: list[MapEvent]) -> None:
        for event in events:
            for observer in list(self._observers):
                observer(event)

    # --- changes --------------------------------------------------------------------------
    def push(self, command: Command, *, merge: bool = False) -> None:
        """Apply ``command`` and record it (merged into the stroke's step when ``merge``)."""
        background = self.map.background
        self.history.push(command, merge=merge)
        self._after(command, background)

    def undo(self) -> Command | None:
        background = self.map.background
        command = self.history.undo()
        if command is not None:
            self._after(command, background)
        return command

    def redo(self) -> Command | None:
        background = self.map.background
        command = self.history.redo()
        if command is not None:
            self._after(command, background)
        return command

    def _after(self, command: Command, background: Background | None) -> None:
        events: list[MapEvent] = []
        hexes, sides = touched(command)
        if hexes:
            events.append(HexesChanged(frozenset(hexes)))
        if sides:
            events.append(HexsidesChanged(frozenset(sides)))
        if self.map.background != background:
            events.append(BackgroundChanged(self.map.background))
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
        events: list[MapEvent] = []
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
        """The map now matches the file at ``path`` (or the current path)."""
        events: list[MapEvent] = []
        if path is not None and Path(path) != self._path:
            self._path = Path(path)
            events.append(PathChanged(self._path))
        self.history.set_clean()
        if self._modified:
            self._modified = False
            events.append(ModifiedChanged(False))
        self._emit(events)
