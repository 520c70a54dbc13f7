"""L5: documents own a model, its undo history, its file path and a modified flag.

Plain Python: observers receive typed change events; ``tabletop.ui.bridge`` turns them into
Qt signals.
"""

from __future__ import annotations

from tabletop.documents.counters import (
    CountersDocument,
    CounterSet,
    CountersEvent,
    OrderChanged,
    TypesChanged,
)
from tabletop.documents.game import (
    ChangeEvent,
    GameDocument,
    HistoryChanged,
    MarkersChanged,
    ModifiedChanged,
    PathChanged,
    TurnChanged,
    UnitsChanged,
)
from tabletop.documents.map import (
    BackgroundChanged,
    HexesChanged,
    HexsidesChanged,
    MapDocument,
    MapEvent,
)
from tabletop.documents.scenario import ScenarioChanged, ScenarioDocument, ZonesChanged

__all__ = [
    "BackgroundChanged",
    "ChangeEvent",
    "CounterSet",
    "CountersDocument",
    "CountersEvent",
    "GameDocument",
    "HexesChanged",
    "HexsidesChanged",
    "HistoryChanged",
    "MapDocument",
    "MapEvent",
    "MarkersChanged",
    "ModifiedChanged",
    "OrderChanged",
    "PathChanged",
    "ScenarioChanged",
    "ScenarioDocument",
    "TurnChanged",
    "TypesChanged",
    "UnitsChanged",
    "ZonesChanged",
]
