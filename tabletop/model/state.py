"""Per-game state: units on the map, markers, the cup, the turn, the log; the scenario it
starts from.

Everything a later rule reads is here, so that a saved game restores play exactly. The
state records its own writes (:mod:`tabletop.model.tracking`), so the command layer's undo
memento (:class:`Memento`) holds only the units an action touched; ``snapshot`` and
``restore`` copy the whole state. Rulesets keep their own bookkeeping in the ``flags``
mappings under documented keys.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from operator import attrgetter
from pathlib import Path
from typing import Any, SupportsIndex

from tabletop.hexgrid import Hex
from tabletop.model.collector import collector_paused
from tabletop.model.hexmap import HexMap
from tabletop.model.options import MODULES, Options
from tabletop.model.pending import Pending
from tabletop.model.tracking import (
    ACTIVE,
    TrackedDict,
    TrackedList,
    UnitTable,
    tracked_dict,
    tracked_list,
)
from tabletop.model.units import PlatoonUnitType, SquadUnitType, UnitType
from tabletop.model.where import placed, reshaped


class Status(Enum):
    GOOD_ORDER = "good_order"
    DISRUPTED = "disrupted"
    SUPPRESSED = "suppressed"
    ELIMINATED = "eliminated"
    SURRENDERED = "surrendered"


_GONE = (Status.ELIMINATED, Status.SURRENDERED)
"""The statuses of units out of play (not ``alive``)."""
_ID = attrgetter("id")
STEPS = ("full", "reduced")
UNIT_MARKERS = frozenset(
    {"ops_complete", "depleted_ammo_2", "depleted_ammo_1", "entrenched", "entrenching",
     "laying_mines", "clearing_mines"}
)  # fmt: skip
RULE_HEX_MARKERS = frozenset({"minefield_at", "minefield_ap"})
"""Hex markers defined by the rules rather than the terrain chart (which defines wreck,
smoke, rubble and burnt_woods)."""
UNIT_FLAGS = frozenset(
    {"mode", "maneuver", "dismounted_this_turn", "moved_this_turn", "move_locked",
     "hexes_moved", "fired_this_impulse", "moving_fire", "mp_used", "no_fire_this_turn",
     "fired_last_shooting", "mode_changed", "laying_turns", "entrenched_turn",
     "start_figures", "cc_skip_round1", "shooting", "ammo_spent", "suppressed_own_turn"}
)  # fmt: skip
"""Names a saved game may carry under a unit's ``flags``."""


@dataclass
class Figure:
    """One figure of a squad unit (rules 3.1). It knows the id of the unit whose
    ``figures`` hold it (not a field: equality and copies ignore it), so that a write to it
    is recorded as a change of that unit."""

    model: str
    wounds: int = 0
    fallen: bool = False

    def __setattr__(self, name: str, value: Any) -> None:
        if ACTIVE:
            owner = self.__dict__.get("_owner")
            for journal in ACTIVE:
                journal.part(owner, self)
        object.__setattr__(self, name, value)

    def copy(self, owner: str | None) -> Figure:
        """An independent copy held by unit ``owner``."""
        fig = object.__new__(Figure)
        d = self.__dict__
        fig.__dict__.update(model=d["model"], wounds=d["wounds"], fallen=d["fallen"], _owner=owner)
        return fig


@dataclass
class UnitState:
    id: str
    type_id: str
    side: str
    hex: Hex | None
    formation: str | None = None
    step: str = "full"
    status: Status = Status.GOOD_ORDER
    markers: list[str] = field(default_factory=list)
    mode: str | None = None
    sw: str | None = None
    """Id of the support weapon this platoon carries (its own UnitState)."""
    sw_of: str | None = None
    """For a support weapon: the id of the platoon that carries it."""
    carrier: str | None = None
    """Id of the transport this unit rides in."""
    figures: list[Figure] = field(default_factory=list)
    ammo: int | None = None
    flags: dict[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        id: str,
        type_id: str,
        side: str,
        hex: Hex | None,
        formation: str | None = None,
        step: str = "full",
        status: Status = Status.GOOD_ORDER,
        markers: Iterable[str] = (),
        mode: str | None = None,
        sw: str | None = None,
        sw_of: str | None = None,
        carrier: str | None = None,
        figures: Iterable[Figure] = (),
        ammo: int | None = None,
        flags: Mapping[str, Any] | None = None,
    ) -> None:
        # (written straight into __dict__: a new unit is in no state, nothing to record,
        # and a loaded game makes 20,000 of them; its containers made here, not by calls)
        tracked_markers: TrackedList[str] = TrackedList(markers)
        tracked_markers.owner = id
        tracked_figures = FigureList(figures)
        tracked_figures.owner = id
        if tracked_figures:
            tracked_figures._adopt()
        tracked_flags: TrackedDict[str, Any] = TrackedDict(flags) if flags else TrackedDict()
        tracked_flags.owner = id
        self.__dict__.update(
            id=id, type_id=type_id, side=side, hex=hex, formation=formation, step=step,
            status=status, markers=tracked_markers, mode=mode, sw=sw, sw_of=sw_of,
            carrier=carrier, figures=tracked_figures, ammo=ammo, flags=tracked_flags,
        )  # fmt: skip

    # --- change tracking (see tabletop.model.tracking) ------------------------------------
    def __setattr__(self, name: str, value: Any) -> None:
        if ACTIVE and self.__dict__.get(name, _UNSET) != value:  # (a write of the same
            for journal in ACTIVE:  # value, such as every unit's status, changes nothing)
                journal.unit(self)
        if name in _PLACE and self.__dict__.get(name, _UNSET) != value:
            object.__setattr__(self, name, value)
            if name == "id":
                reshaped()  # (its table's key no longer names it)
            else:
                placed(self)  # the hex index re-places it on its next question
            return
        wrap = _WRAP.get(name)
        object.__setattr__(self, name, value if wrap is None else wrap(value, self.id))

    def __setstate__(self, state: dict[str, Any]) -> None:  # copy.deepcopy, pickle
        self.__dict__.update(state)
        for name, wrap in _WRAP.items():
            if name in state:
                self.__dict__[name] = wrap(state[name], state.get("id"))

    def copy(self) -> UnitState:
        """An independent copy (its markers, flags and figures copied too), made without
        telling any journal."""
        new = object.__new__(UnitState)
        d = self.__dict__.copy()
        uid = d["id"]
        markers: TrackedList[str] = TrackedList(d["markers"])
        markers.owner = uid
        d["markers"] = markers
        flags = d["flags"]
        copied: TrackedDict[str, Any] = (
            TrackedDict({k: _clone(v) for k, v in flags.items()}) if flags else TrackedDict()
        )
        copied.owner = uid
        d["flags"] = copied
        figures = d["figures"]
        if figures:
            d["figures"] = figure_list([f.copy(uid) for f in figures], uid)
        else:
            d["figures"] = empty = FigureList()
            empty.owner = uid
        new.__dict__.update(d)
        return new

    def owns(self, part: object) -> bool:
        """Is ``part`` this unit's markers, flags, figures list or one of its figures?"""
        d = self.__dict__
        if part is d["markers"] or part is d["flags"] or part is d["figures"]:
            return True
        return any(f is part for f in d["figures"])

    @property
    def alive(self) -> bool:
        return self.status not in _GONE

    @property
    def on_map(self) -> bool:
        return self.alive and self.hex is not None

    @property
    def disrupted(self) -> bool:
        return self.status is Status.DISRUPTED

    @property
    def good_order(self) -> bool:
        return self.status is Status.GOOD_ORDER

    def has(self, marker: str) -> bool:
        return marker in self.markers

    def add_marker(self, marker: str) -> bool:
        """Place a marker; False if it was already there."""
        if marker in self.markers:
            return False
        self.markers.append(marker)
        return True

    def remove_marker(self, marker: str) -> bool:
        if marker not in self.markers:
            return False
        self.markers.remove(marker)
        return True

    def standing(self) -> list[Figure]:
        return [f for f in self.figures if not f.fallen]


class FigureList(TrackedList[Figure]):
    """A unit's figures: every figure put in is told whose it is (made by
    :func:`figure_list`)."""

    __slots__ = ()

    def _adopt(self) -> None:
        for fig in self:
            fig.__dict__["_owner"] = self.owner

    def append(self, item: Figure) -> None:
        super().append(item)
        item.__dict__["_owner"] = self.owner

    def extend(self, items: Iterable[Figure]) -> None:
        super().extend(items)
        self._adopt()

    def insert(self, index: SupportsIndex, item: Figure) -> None:
        super().insert(index, item)
        item.__dict__["_owner"] = self.owner

    def __setitem__(self, index: Any, value: Any) -> None:
        super().__setitem__(index, value)
        self._adopt()

    def __iadd__(self, items: Iterable[Figure]) -> FigureList:  # type: ignore[override,misc]
        super().__iadd__(items)
        self._adopt()
        return self


def figure_list(items: Iterable[Figure], owner: str | None) -> FigureList:
    made = FigureList(items)
    made.owner = owner
    if made:
        made._adopt()
    return made


_UNSET = object()
_PLACE = frozenset({"hex", "status", "side", "carrier", "sw_of", "id"})
"""The fields that say where a living unit stands, whose it is and what carries it (the
hex index's)."""
_WRAP: dict[str, Any] = {"markers": tracked_list, "flags": tracked_dict, "figures": figure_list}
"""How a unit's containers are made tracked when set (a copy of the list or dict given)."""


@dataclass
class HexMarker:
    """A marker on a hex: wreck, smoke, rubble, burnt woods, or a minefield."""

    hex: Hex
    kind: str
    side: str | None = None
    revealed: bool = True
    turn: int = 0
    """Game turn in which it was placed (Smoke is removed in a later Marker Removal Phase)."""


EVERY_SIDE = "*"
"""The viewer that knows every side's secrets (a referee's, or hot seat's 'show everything')."""


@dataclass
class LogEntry:
    """One action in the game log: enough to replay it exactly."""

    action: str
    args: dict[str, Any]
    dice: list[int]
    turn: int
    side: str | None = None
    summary: str = ""
    by: str | None = None
    """Who chose the action when it was not a player: ``bot`` (the computer opponent)."""
    why: str = ""
    """The chooser's reason, one sentence (the computer opponent's)."""


@dataclass(frozen=True)
class Aside:
    """A line of the game log that replay skips: an action taken back (``entry``, with the
    dice it rolled) or a notice (``entry`` None, ``text`` only), after ``after`` actions of
    the log that stand (0: before the first)."""

    after: int
    entry: LogEntry | None
    text: str
    turn: int = 1
    side: str | None = None

    @property
    def taken_back(self) -> bool:
        return self.entry is not None


@dataclass
class GameRecord:
    """Who a game is and what its log keeps beside its actions (play by email): its id,
    given at its first save and kept; whether an undone action stays in the log as a
    take-back; the take-backs and notices, in order. Not play state: undo, replay and
    review never change it."""

    id: str | None = None
    record_take_backs: bool = False
    asides: list[Aside] = field(default_factory=list)

    def take_backs(self) -> list[Aside]:
        return [a for a in self.asides if a.entry is not None]


# --- the scenario: the game's immutable start ---------------------------------------------
# (here, not in tabletop.model.scenario: a game holds its scenario and a scenario starts a
# game, so the two classes refer to each other and share a module)


@dataclass(frozen=True, slots=True)
class SideDef:
    id: str
    name: str
    formations: dict[str, int] = field(default_factory=dict)
    """Formation name -> chits it puts in the cup (platoon ruleset)."""
    color: str | None = None
    """``#rrggbb``: the colour that stands for the side (its counters' corner flag, its
    log rows); None: the side's colour by its order in the scenario."""


@dataclass(frozen=True, slots=True)
class AirStrike:
    turn: int
    side: str
    aircraft: str
    hex: Hex


@dataclass(frozen=True)
class Reinforcement:
    turn: int
    unit: UnitState
    landed: bool = False


@dataclass
class Scenario:
    name: str
    ruleset: str
    map: HexMap
    unit_types: dict[str, UnitType]
    sides: dict[str, SideDef]
    units: list[UnitState]
    turns: int = 8
    rules: frozenset[str] | None = None
    """Modules switched on; ``None`` (no ``rules:`` key) means all of the ruleset's."""
    options: Options = field(default_factory=Options)
    hex_markers: list[HexMarker] = field(default_factory=list)
    first: str | None = None
    zones: dict[str, list[Hex]] = field(default_factory=dict)
    mines: dict[str, int] = field(default_factory=dict)
    air_strikes: list[AirStrike] = field(default_factory=list)
    reinforcements: list[Reinforcement] = field(default_factory=list)
    victory: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None
    map_ref: str = ""
    counter_refs: list[str] = field(default_factory=list)
    notes: str = ""
    sources: object = field(default=None, compare=False, repr=False)
    """What the data layer read the map and unit types from (``tabletop.data.seal``), so
    that a saved game can be sealed; None for a scenario made in memory."""

    def module(self, name: str) -> bool:
        """Is this rules module switched on (rules-spec section 5)?"""
        if self.rules is None:
            return name in MODULES.get(self.ruleset, ())  # a ruleset of no module: none
        return name in self.rules

    def unit_type(self, type_id: str) -> UnitType:
        return self.unit_types[type_id]

    def platoon_type(self, type_id: str) -> PlatoonUnitType:
        t = self.unit_types[type_id]
        if not isinstance(t, PlatoonUnitType):
            raise TypeError(f"{type_id} is not a platoon unit type")
        return t

    def squad_type(self, type_id: str) -> SquadUnitType:
        t = self.unit_types[type_id]
        if not isinstance(t, SquadUnitType):
            raise TypeError(f"{type_id} is not a squad unit type")
        return t

    def formation_side(self, formation: str) -> str:
        for side in self.sides.values():
            if formation in side.formations:
                return side.id
        raise ValueError(f"no formation {formation!r} in this scenario")

    def initial_cup(self) -> list[str]:
        return [
            name
            for side in self.sides.values()
            for name, chits in side.formations.items()
            for _ in range(chits)
        ]

    @collector_paused()
    def new_game(self, now: Mapping[str, UnitState] | None = None) -> GameState:
        """The game at the start of turn 1, before any action.

        ``now``: the units as they stand (a saved game's), taken as they are instead of
        copies of the scenario's; the scenario's others start as in the scenario. The table
        is in the scenario's order, the units it does not have after its own, as if each
        of ``now`` had been set in turn on the new game's table."""
        if now is None:
            units = {u.id: u.copy() for u in self.units}
        else:
            units = {u.id: u for u in self.units}
            units.update(now)
            for uid, unit in units.items():
                if uid not in now:
                    units[uid] = unit.copy()
        state = GameState(
            scenario=self, units=units, hex_markers=[_copy_marker(m) for m in self.hex_markers]
        )
        if _start is None:
            raise RuntimeError(
                "no ruleset table is installed: import tabletop.rules.engine first (the command "
                "line, the app and the tests' conftest do)"
            )
        _start(state)  # its first phase: the ruleset's word (model.setup.Setup.start)
        return state


_start: Callable[[GameState], None] | None = None
"""How a new game is set at its first phase: its ruleset's ``Setup.start``, installed with
the rules' table by :func:`tabletop.model.setup.install` (the model never imports the
rules; and ``model.setup``, which names the scenario and the game, is above this module)."""


def install_start(start: Callable[[GameState], None]) -> None:
    """``Scenario.new_game`` sets the new game at its first phase with ``start(state)``."""
    global _start
    _start = start


def _copy_marker(m: HexMarker) -> HexMarker:
    return HexMarker(m.hex, m.kind, m.side, m.revealed, m.turn)


@dataclass
class GameState:
    """The whole state of a game in progress; the scenario is its immutable start."""

    scenario: Scenario
    units: dict[str, UnitState]
    hex_markers: list[HexMarker] = field(default_factory=list)
    turn: int = 1
    phase: str = "draw"
    active_side: str | None = None
    active_formation: str | None = None
    cup: list[str] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    pending: Pending | None = None
    """The decision the game waits for (a paused move), or None."""
    flags: dict[str, Any] = field(default_factory=dict)
    finished: bool = False
    record: GameRecord = field(default_factory=GameRecord, compare=False, repr=False)
    """The game's identity and its log's take-backs (:class:`GameRecord`): kept by saves,
    not by snapshots, mementos or replays."""

    # --- queries ------------------------------------------------------------------------
    def unit(self, unit_id: str) -> UnitState:
        try:
            return self.units[unit_id]
        except KeyError:
            raise ValueError(f"no unit {unit_id!r} in this game") from None

    def units_at(self, h: Hex) -> list[UnitState]:
        """Living units in a hex, in unit-id order (from the table's hex index)."""
        units = self.units
        if type(units) is UnitTable:
            return units.index().units_at(h)
        # (another dict, a test's: scanned) The hex first, by its coordinates (no
        # ``Hex.__eq__`` call): the cheap test that fails for almost every unit.
        q, r = h.q, h.r
        return sorted(
            [
                u
                for u in units.values()
                if (x := u.hex) is not None and x.r == r and x.q == q and u.status not in _GONE
            ],
            key=_ID,
        )

    def units_near(self, h: Hex, radius: int, *, ordered: bool = True) -> list[UnitState]:
        """Living units standing within ``radius`` hexes of ``h`` (``h`` itself at 0), in
        unit-id order: what a question about a neighbourhood reads instead of every unit
        (``ordered=False``: in no particular order, for a caller that sorts what it keeps)."""
        units = self.units
        if type(units) is UnitTable:
            return units.index().units_near(h, radius, ordered=ordered)
        return sorted(
            [
                u
                for u in units.values()
                if u.hex is not None and u.status not in _GONE and u.hex.distance(h) <= radius
            ],
            key=_ID,
        )

    def enemies_of(self, side: str) -> list[UnitState]:
        """Living units of the other sides standing in a hex, in unit-id order."""
        units = self.units
        if type(units) is UnitTable:
            return units.index().enemies_of(side, units)
        return sorted(
            [
                u
                for u in units.values()
                if u.side != side and u.hex is not None and u.status not in _GONE
            ],
            key=_ID,
        )

    def cargo_of(self, carrier: str) -> list[UnitState]:
        """Living units riding in the unit ``carrier``, in unit-id order (from the table's
        hex index)."""
        units = self.units
        if type(units) is UnitTable:
            return units.index().cargo_of(carrier)
        return sorted([u for u in units.values() if u.carrier == carrier and u.alive], key=_ID)

    def weapons_of(self, owner: str) -> list[UnitState]:
        """Living units whose ``sw_of`` is ``owner`` (its support weapons), in unit-id order
        (from the table's index)."""
        units = self.units
        if type(units) is UnitTable:
            return units.index().weapons_of(owner)
        return sorted([u for u in units.values() if u.sw_of == owner and u.alive], key=_ID)

    def sides_on_map(self) -> set[str]:
        """The sides with a living unit standing in a hex (from the table's index: a count
        per side, not a walk of every unit)."""
        units = self.units
        if type(units) is UnitTable:
            return units.index().sides_on_map()
        return {u.side for u in units.values() if u.hex is not None and u.alive}

    def markers_at(self, h: Hex) -> list[HexMarker]:
        return [m for m in self.hex_markers if m.hex == h]

    def visible_markers(self, viewer: str | None) -> list[HexMarker]:
        """The hex markers ``viewer`` knows of (rules 1.7): an unrevealed minefield is known
        to its owner only; ``viewer`` None is a neutral view that shows no side's secrets,
        :data:`EVERY_SIDE` a referee's that shows them all."""
        if viewer == EVERY_SIDE:
            return list(self.hex_markers)
        return [
            m for m in self.hex_markers if m.revealed or (viewer is not None and m.side == viewer)
        ]

    def has_hex_marker(self, h: Hex, kind: str) -> bool:
        return any(m.hex == h and m.kind == kind for m in self.hex_markers)

    def sides(self) -> list[str]:
        return list(self.scenario.sides)

    # --- change tracking and the undo memento ---------------------------------------------
    def __setattr__(self, name: str, value: Any) -> None:
        if name == "units" and type(value) is dict:
            value = UnitTable(value)  # (another dict subclass, a test's, is kept as it is)
        if name == "units" and ACTIVE and "units" in self.__dict__:
            for journal in ACTIVE:
                journal.table(self, self.__dict__["units"])
        object.__setattr__(self, name, value)

    def snapshot(self) -> GameState:
        """An independent copy sharing the (immutable) scenario and the log's entries.

        Log entries are never changed once appended, so the copy gets a new list of the
        same entries. This copies every unit: an action's undo memento is a
        :class:`Memento` instead, which copies only what the action touched.
        """
        units = {uid: u.copy() for uid, u in self.units.items()}
        return GameState(scenario=self.scenario, units=units, **self.rest_copy())

    def rest_copy(self) -> dict[str, Any]:
        """Copies of every field but the scenario and the units (the log: a new list of the
        same entries): with the originals of the units a change touched, its
        :class:`Memento`."""
        rest = {n: _clone(getattr(self, n)) for n in _REST if n != "log"}
        rest["log"] = list(self.log)
        return rest

    def restore(self, other: GameState) -> None:
        """Make this object equal to ``other`` (a snapshot), keeping its identity."""
        fresh = other.snapshot()
        for name in self.__dataclass_fields__:
            if name == "record":
                continue  # (the game's identity and take-backs are not play state)
            setattr(self, name, getattr(fresh, name))

    def same_as(self, other: GameState) -> bool:
        """Equal play state (everything but the scenario object identity)."""
        return all(
            getattr(self, n) == getattr(other, n)
            for n in self.__dataclass_fields__
            if n not in ("scenario", "record")
        )


_REST = ("hex_markers", "turn", "phase", "active_side", "active_formation", "cup", "log",
         "pending", "flags", "finished")  # fmt: skip
"""The fields of ``GameState`` but the scenario and the units."""


@dataclass(frozen=True)
class Memento:
    """What undoes one change: the originals of the units it touched (None: it added that
    unit) and the state's other fields as they were. Never mutated: restoring copies."""

    units: dict[str, UnitState | None]
    rest: dict[str, Any]

    def restore(self, state: GameState) -> None:
        """Put ``state`` back as it was before the change (touched units only)."""
        table = state.units
        for uid, unit in self.units.items():
            if unit is None:
                table.pop(uid, None)
            else:
                table[uid] = unit.copy()
        for name, value in self.rest.items():
            setattr(state, name, list(value) if name == "log" else _clone(value))


def _clone(value: Any) -> Any:
    """A deep copy of play state: containers and the mutable records are copied; values
    that never change in place (str, int, Enum, Hex, LogEntry, None) are shared."""
    kind = type(value)
    if kind in _SHARED:
        return value
    if kind is list:
        return [_clone(v) for v in value]
    if kind is dict:
        return {k: _clone(v) for k, v in value.items()}
    if kind is UnitState:
        return value.copy()
    if kind is HexMarker:
        copy = object.__new__(HexMarker)
        copy.__dict__.update(value.__dict__)  # (its fields are all immutable values)
        return copy
    if kind is Figure:
        return value.copy(value.__dict__.get("_owner"))
    if kind is set:
        return set(value)
    if isinstance(value, list):  # tracked lists out of their unit: plain copies
        return [_clone(v) for v in value]
    if isinstance(value, dict):
        return {k: _clone(v) for k, v in value.items()}
    return value


_SHARED: frozenset[type] = frozenset({str, int, float, bool, type(None), Hex, Status})
"""Types whose values never change in place: a copy shares them."""


def clone_unit(unit: UnitState) -> UnitState:
    """An independent copy of a unit's state (its lists and flags copied too)."""
    return unit.copy()
