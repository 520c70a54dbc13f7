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
from tabletop.documents.editing import EditorDocument
from tabletop.documents.game import ChangeEvent
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


class MapDocument(EditorDocument[MapEvent]):
    """A map in the editor: ``map`` + ``history`` + ``path`` + modified flag + observers.

    The document does not read or write files (documents sit below the data layer); the
    editor saves ``map`` and then calls :meth:`mark_saved`."""

    def __init__(
        self, hexmap: HexMap, path: Path | str | None = None, history: History | None = None
    ) -> None:
        super().__init__(path, history)
        self.map = hexmap
        self._strokes = itertools.count(1)

    # --- properties -----------------------------------------------------------------------
    @property
    def title(self) -> str:
        """The map's name, for window titles."""
        return self.map.name or (self._path.stem if self._path else "Untitled map")

    def new_stroke(self) -> str:
        """A fresh merge key: the commands of one stroke share it, two strokes never do."""
        return f"stroke-{next(self._strokes)}"

    # --- changes --------------------------------------------------------------------------
    def _before(self) -> Background | None:
        return self.map.background

    def _changes(self, before: Background | None, command: Command) -> list[MapEvent]:
        events: list[MapEvent] = []
        hexes, sides = touched(command)
        if hexes:
            events.append(HexesChanged(frozenset(hexes)))
        if sides:
            events.append(HexsidesChanged(frozenset(sides)))
        if self.map.background != before:
            events.append(BackgroundChanged(self.map.background))
        return events
