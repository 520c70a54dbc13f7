"""The game document: a game in play, its undo history, its file and who is watching.

Every change goes through :meth:`GameDocument.push`, :meth:`~GameDocument.undo` or
:meth:`~GameDocument.redo`. The document records which units the command touches (the
state's own change tracking, :mod:`tabletop.model.tracking`), compares just those before and
after, and tells its observers exactly what changed with typed events (``UnitsChanged``
with the unit ids, ``MarkersChanged`` with the hexes, ``TurnChanged``), so a view syncs
only the affected items and commands need not announce their own effects.

A move on a game of 10,000 units copies and compares the one or two units it moved
(:mod:`tabletop.documents.changes`); the document also keeps an index by hex, so
:meth:`GameDocument.units_at` never scans the game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.commands import Command, History
from tabletop.documents.changes import (
    Before,
    HexIndex,
    changed_markers,
    changed_units,
    turn_of,
)
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import (
    Aside,
    GameState,
    HexMarker,
    LogEntry,
    Scenario,
    UnitState,
    recording,
)
from tabletop.model.collector import collector_paused
from tabletop.rules import DiceSource, LineOfSight, LosResult, RandomDice, Viewpoint
from tabletop.rules.victory import LossCount

__all__ = [
    "ChangeEvent",
    "GameDocument",
    "HistoryChanged",
    "MarkersChanged",
    "ModifiedChanged",
    "Observer",
    "PathChanged",
    "TurnChanged",
    "UnitsChanged",
    "diff_states",
]


@dataclass(frozen=True, slots=True)
class UnitsChanged:
    """These units moved, changed step, status, markers or anything else."""

    ids: frozenset[str]


@dataclass(frozen=True, slots=True)
class MarkersChanged:
    """Hex markers (wreck, smoke, minefields...) were added to or removed from these hexes."""

    hexes: frozenset[Hex]


@dataclass(frozen=True, slots=True)
class TurnChanged:
    """The turn, phase, active side or formation, or the cup changed."""

    turn: int
    phase: str
    active_side: str | None
    active_formation: str | None


@dataclass(frozen=True, slots=True)
class ModifiedChanged:
    modified: bool


@dataclass(frozen=True, slots=True)
class PathChanged:
    path: Path | None


@dataclass(frozen=True, slots=True)
class HistoryChanged:
    """Undo or redo availability or texts may have changed. The history reports only to its
    document: this event says what changed it, so no observer listens to the history."""

    can_undo: bool
    can_redo: bool
    undo_text: str
    redo_text: str
    kind: str = ""
    """``push``, ``undo`` or ``redo``; empty for a change of the record only."""
    command: Command | None = field(default=None, compare=False)
    """The command pushed, undone or redone (a push merged into the last step: that step)."""


ChangeEvent = (
    UnitsChanged | MarkersChanged | TurnChanged | ModifiedChanged | PathChanged | HistoryChanged
)
Observer = Callable[[ChangeEvent], None]


def diff_states(before: Before, state: GameState) -> list[ChangeEvent]:
    """The events that take a view from ``before`` to ``state``."""
    events: list[ChangeEvent] = []
    changed = changed_units(
        before.units, state.units, before.units.keys() if before.touched else None
    )
    if changed:
        events.append(UnitsChanged(changed))
    hexes = changed_markers(before, state)
    if hexes:
        events.append(MarkersChanged(hexes))
    turn = turn_of(state)
    if turn != before.turn:
        events.append(TurnChanged(turn.turn, turn.phase, turn.active_side, turn.active_formation))
    return events


class GameDocument:
    """A game in progress: ``state`` + ``history`` + ``path`` + modified flag + observers."""

    def __init__(
        self, state: GameState, path: Path | str | None = None, history: History | None = None
    ) -> None:
        self.state = state
        self.history = history if history is not None else History()
        self._path = Path(path) if path is not None else None
        self._observers: list[Observer] = []
        self._modified = False
        self._saved_record = self._record_mark()
        self._los: LineOfSight | None = None
        self._los_factory: Callable[[], LineOfSight] | None = None
        self._deferred: _LosOnDemand | None = None
        with collector_paused():  # (a loaded big game's 11,441 units, filed by hex)
            self._index = HexIndex(state.units)
        self._losses: LossCount | None = None
        self.dice: DiceSource = RandomDice()
        """Every action started on this document rolls from here (a test may script it);
        the faces each action rolled are recorded in its log entry, so redo is exact."""

    @classmethod
    def from_scenario(cls, scenario: Scenario, path: Path | str | None = None) -> GameDocument:
        """A new game at the start of a scenario (``path`` is the scenario's file)."""
        with collector_paused():  # (11,441 units and their index on the big map)
            return cls(scenario.new_game(), path if path is not None else scenario.path)

    # --- properties -----------------------------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        return self.state.scenario

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def modified(self) -> bool:
        return self._modified

    @property
    def title(self) -> str:
        """The scenario name, for window titles."""
        return self.scenario.name or (self._path.stem if self._path else "Untitled")

    @property
    def has_los(self) -> bool:
        """Was a line-of-sight engine given (see :meth:`use_los`)?"""
        return self._los is not None or self._los_factory is not None

    def use_los(self, factory: Callable[[], LineOfSight]) -> None:
        """The line-of-sight engine of this game's map, built by ``factory`` on first use.
        The documents layer cannot build one (geometry is beside it); the app's loader and
        the command line give ``LosEngine``."""
        self._los, self._los_factory, self._deferred = None, factory, None

    @property
    def los(self) -> LineOfSight:
        """The one line-of-sight engine every action, sight line and field of view asks.

        Until a sight line is asked it is a stand-in that builds the engine then: a question
        that needs none (which chit may be drawn, when the window opens) never builds it (a
        200 x 200 map's engine takes a fifth of a second)."""
        if self._los is not None:
            return self._los
        if self._los_factory is None:
            raise RuntimeError("this document was given no line-of-sight engine (use_los)")
        if self._deferred is None:
            self._deferred = _LosOnDemand(self)
        return self._deferred

    def _engine(self) -> LineOfSight:
        if self._los is None:
            assert self._los_factory is not None
            self._los = self._los_factory()
        return self._los

    def units_on_map(self) -> list[UnitState]:
        """Living units standing in a hex, in id order."""
        return sorted((u for u in self.state.units.values() if u.on_map), key=lambda u: u.id)

    def units_at(self, h: Hex) -> list[UnitState]:
        """Living units in a hex, in unit-id order (as ``GameState.units_at``), found through
        an index by hex that every change keeps up to date: it never visits other hexes'
        units."""
        units = self.state.units
        return [units[uid] for uid in sorted(self._index.ids_at(h))]

    def occupied_hexes(self) -> set[Hex]:
        """Every hex with at least one living unit."""
        return self._index.occupied()

    def reindex(self, ids: Iterable[str] | None = None) -> None:
        """Rebuild the index by hex after the state was changed behind the document's back
        (a test or script that mutates ``state`` directly; review mode): of the units
        ``ids`` only, or of every unit (None)."""
        if ids is None:
            self._index = HexIndex(self.state.units)
            self._losses = None
        else:
            self._index.update(self.state.units, ids)
            if self._losses is not None:
                self._losses.forget(ids)

    @property
    def losses(self) -> LossCount:
        """The game's losses for victory, kept between changes (``rules.victory``): an
        action makes only the units it changed counted again (the turn bar's VP)."""
        kept = self._losses
        if kept is None or kept.state is not self.state:
            kept = self._losses = LossCount(self.state)
        return kept

    # --- observers ------------------------------------------------------------------------
    def subscribe(self, observer: Observer) -> Callable[[], None]:
        """Call ``observer(event)`` on every change; returns a function that unsubscribes."""
        self._observers.append(observer)

        def unsubscribe() -> None:
            if observer in self._observers:
                self._observers.remove(observer)

        return unsubscribe

    def _emit(self, events: list[ChangeEvent]) -> None:
        for event in events:
            for observer in list(self._observers):
                observer(event)

    # --- changes --------------------------------------------------------------------------
    def push(self, command: Command, *, merge: bool = False) -> None:
        """Apply ``command`` and record it for undo. Exceptions from its first redo propagate
        before anything is recorded (an illegal action leaves the document unchanged)."""
        before = Before.start(self.state)
        with recording(self.state) as journal:
            self.history.push(command, merge=merge)
        self._after(before.with_units(journal.units), "push", self.history.next_undo)

    def undo(self) -> Command | None:
        """Undo the last command; with the game's ``record_take_backs`` on, an action it
        takes out of the log stays there as a take-back (:mod:`takeback`)."""
        if self.history.next_undo is None:
            return None
        before = Before.start(self.state)
        logged = len(self.state.log)
        with recording(self.state) as journal:
            command = self.history.undo()
        entry = getattr(command, "entry", None)
        taken = isinstance(entry, LogEntry) and len(self.state.log) < logged
        if taken and self.state.record.record_take_backs:
            from tabletop.documents.takeback import record_take_back

            assert isinstance(entry, LogEntry)
            record_take_back(self.state, entry, getattr(command, "result", None))
        self._after(before.with_units(journal.units), "undo", command)
        return command

    def redo(self) -> Command | None:
        """Redo the next command; the take-back its undo left goes (the same dice)."""
        if self.history.next_redo is None:
            return None
        before = Before.start(self.state)
        with recording(self.state) as journal:
            command = self.history.redo()
        entry = getattr(command, "entry", None)
        if self.state.record.asides and isinstance(entry, LogEntry):
            from tabletop.documents.takeback import forget_take_back

            forget_take_back(self.state, entry)
        self._after(before.with_units(journal.units), "redo", command)
        return command

    def set_record_take_backs(self, on: bool) -> None:
        """Keep undone actions in the log from now on (or not)."""
        if on != self.state.record.record_take_backs:
            self.state.record.record_take_backs = on
            self._after(Before.start(self.state))

    def add_notice(self, text: str) -> None:
        """A line that stays in the log after the actions standing now (replay skips it):
        something both players must be able to read later."""
        state = self.state
        state.record.asides.append(Aside(len(state.log), None, text, state.turn, state.active_side))
        self._after(Before.start(state))

    def _after(self, before: Before, kind: str = "", command: Command | None = None) -> None:
        events = diff_states(before, self.state)
        for event in events:
            if isinstance(event, UnitsChanged):
                self._index.update(self.state.units, event.ids)
                if self._losses is not None:
                    self._losses.forget(event.ids)
        events.append(self._history_event(kind, command))
        modified = not self.history.is_clean or self._record_mark() != self._saved_record
        if modified != self._modified:
            self._modified = modified
            events.append(ModifiedChanged(modified))
        self._emit(events)

    def _record_mark(self) -> tuple[int, bool, object]:
        """What of the game's record a save writes and play may change: the take-backs and
        notices, and whether take-backs are kept (a change of them is unsaved too)."""
        record = self.state.record
        last = record.asides[-1] if record.asides else None
        return len(record.asides), record.record_take_backs, last

    def _history_event(self, kind: str = "", command: Command | None = None) -> HistoryChanged:
        h = self.history
        return HistoryChanged(h.can_undo, h.can_redo, h.undo_text, h.redo_text, kind, command)

    def mark_saved(self, path: Path | str | None = None) -> None:
        """The state now matches the file at ``path`` (or the current path)."""
        events: list[ChangeEvent] = []
        if path is not None and Path(path) != self._path:
            self._path = Path(path)
            events.append(PathChanged(self._path))
        self.history.set_clean()
        self._saved_record = self._record_mark()
        if self._modified:
            self._modified = False
            events.append(ModifiedChanged(False))
        self._emit(events)


class _LosOnDemand:
    """A document's line-of-sight engine, built by its factory when first asked a sight
    line (see :attr:`GameDocument.los`)."""

    def __init__(self, document: GameDocument) -> None:
        self._document = document

    def check(self, a: Viewpoint, b: Viewpoint, markers: Sequence[HexMarker] = ()) -> LosResult:
        return self._document._engine().check(a, b, markers)

    def visible_from(self, a: Viewpoint, markers: Sequence[HexMarker] = ()) -> frozenset[Hex]:
        return self._document._engine().visible_from(a, markers)

    def visible_share(
        self, a: Hex, b: Hex, markers: Sequence[HexMarker] = (), ignore: Sequence[HexSide] = ()
    ) -> float:
        return self._document._engine().visible_share(a, b, markers, ignore)
