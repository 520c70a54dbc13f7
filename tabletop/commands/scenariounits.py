"""Unit-level and on-map edits of a scenario: a unit's markers, support weapon, figures,
ammunition and flags, and the sides' deployment zones.

As in :mod:`tabletop.commands.scenarioedit`, each function computes the new list (or
mapping) an edit makes, never changing a unit in place, and refuses with a
:class:`ValueError` whose message says why (the editor shows it in the status bar); the
scenario editor pushes the result as one :class:`~tabletop.commands.EditScenario` (units)
or :class:`EditZones` (zones) step.

What a unit may carry is what the scenario format accepts for its ruleset (docs/formats.md
section 5), narrowed to what that ruleset's rules use, so that the editor never offers a
value the rules would ignore:

- markers: the platoon ruleset's Ops Complete, Depleted Ammo 2 and 1, Entrenching,
  Entrenched, Laying Mines, Clearing Mines; the squad ruleset has no impulses and no
  missile depletion, so only the last four. A support weapon has no steps and does not
  dig in: Ops Complete and its own Depleted Ammo (rules 2.2, 2.8). Markers of one
  sequence exclude each other (a unit is Depleted Ammo 2 or 1, Entrenching or
  Entrenched, laying or clearing mines);
- statuses: Good Order and Disrupted (platoon), Good Order and Suppressed (squad);
- a support weapon (platoon): a type of kind ``sw`` of the scenario's counters, carried by
  an infantry platoon (rules 2.2) or by a unit whose type names one;
- figures (squad): models of the unit's type, at most as many of each as the type has,
  each with its wounds (0 to the model's wounds) and whether it has fallen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

from tabletop.commands.base import Command
from tabletop.commands.scenarioedit import changed
from tabletop.hexgrid import Hex
from tabletop.model import (
    Figure,
    Kind,
    PlatoonUnitType,
    Scenario,
    SquadUnitType,
    Status,
    UnitState,
)
from tabletop.model.state import clone_unit
from tabletop.rules.engine import ruleset_for

UNIT_MARKERS: dict[str, tuple[str, ...]] = {
    "platoon": (
        "ops_complete", "depleted_ammo_2", "depleted_ammo_1", "entrenching", "entrenched",
        "laying_mines", "clearing_mines",
    ),
    "squad": ("entrenching", "entrenched", "laying_mines", "clearing_mines"),
}  # fmt: skip
"""The unit markers each ruleset's rules use, in the order the editor lists them."""
SW_MARKERS = ("ops_complete", "depleted_ammo_2", "depleted_ammo_1")
"""What a support weapon may carry: no steps, no digging in (rules 2.2, 2.8)."""
EXCLUSIVE = (
    ("depleted_ammo_2", "depleted_ammo_1"),
    ("entrenching", "entrenched"),
    ("laying_mines", "clearing_mines"),
)
"""Markers of one sequence: setting one takes the others of its group off."""
MARKER_MODULES = {
    "depleted_ammo_2": "missile_depletion",
    "depleted_ammo_1": "missile_depletion",
    "entrenching": "entrenchment",
    "entrenched": "entrenchment",
    "laying_mines": "minefields",
    "clearing_mines": "minefields",
}
"""The rules module a marker belongs to (with it off, the rules never act on the marker)."""
MARKER_NAMES = {
    "ops_complete": "Ops Complete",
    "depleted_ammo_2": "Depleted Ammo 2",
    "depleted_ammo_1": "Depleted Ammo 1",
    "entrenching": "Entrenching",
    "entrenched": "Entrenched",
    "laying_mines": "Laying Mines",
    "clearing_mines": "Clearing Mines",
}
STATUSES: dict[str, tuple[Status, ...]] = {
    "platoon": (Status.GOOD_ORDER, Status.DISRUPTED),
    "squad": (Status.GOOD_ORDER, Status.SUPPRESSED),
}
"""The starting statuses each ruleset knows (eliminated and surrendered units are not
placed: a scenario leaves them out)."""
UNIT_FLAGS = ("maneuver", "dismounted_this_turn")
"""The unit flags a scenario entry may set (docs/formats.md section 5)."""
MAX_AMMO = 100
"""The largest ammunition count the scenario format accepts."""


def _unit(scenario: Scenario, unit_id: str) -> UnitState:
    unit = next((u for u in scenario.units if u.id == unit_id), None)
    if unit is None:
        raise ValueError(f"no unit {unit_id!r} in the scenario")
    return unit


def _replaced(scenario: Scenario, new: Mapping[str, UnitState]) -> list[UnitState]:
    return [new.get(u.id, u) for u in scenario.units]


# --- markers and status ---------------------------------------------------------------------


def markers_for(scenario: Scenario, unit: UnitState) -> tuple[str, ...]:
    """The markers the editor offers ``unit``: its ruleset's, or a support weapon's."""
    if unit.sw_of is not None:
        return SW_MARKERS
    return UNIT_MARKERS.get(scenario.ruleset, ())


def with_unit_marker(scenario: Scenario, unit_id: str, marker: str, on: bool) -> list[UnitState]:
    """The units with ``marker`` put on (``on``) or taken off ``unit_id``; putting one on
    takes off the other markers of its sequence (:data:`EXCLUSIVE`)."""
    unit = _unit(scenario, unit_id)
    allowed = markers_for(scenario, unit)
    if on and marker not in allowed:
        what = "a support weapon" if unit.sw_of is not None else f"a {scenario.ruleset} unit"
        raise ValueError(
            f"{MARKER_NAMES.get(marker, marker)} is no marker for {what} "
            f"(one of {', '.join(MARKER_NAMES[m] for m in allowed)})"
        )
    markers = [m for m in unit.markers if m != marker]
    if on:
        group = next((g for g in EXCLUSIVE if marker in g), (marker,))
        markers = [m for m in markers if m not in group]
        markers.append(marker)
    if markers == unit.markers:
        return list(scenario.units)
    new = dataclasses.replace(clone_unit(unit), markers=markers)
    return _replaced(scenario, {unit.id: new})


def statuses_for(scenario: Scenario) -> tuple[Status, ...]:
    return STATUSES.get(scenario.ruleset, (Status.GOOD_ORDER,))


def with_status(scenario: Scenario, unit_id: str, status: Status) -> list[UnitState]:
    if status not in statuses_for(scenario):
        known = ", ".join(s.value for s in statuses_for(scenario))
        raise ValueError(f"a {scenario.ruleset} unit starts {known}, not {status.value}")
    return changed(scenario, unit_id, status=status)


# --- support weapons ------------------------------------------------------------------------


def sw_types(scenario: Scenario) -> list[str]:
    """The support weapon types of the scenario's counters (kind ``sw``), in file order."""
    return [
        type_id
        for type_id, t in scenario.unit_types.items()
        if isinstance(t, PlatoonUnitType) and t.kind is Kind.SW
    ]


def sw_of(scenario: Scenario, unit: UnitState) -> UnitState | None:
    """The support weapon ``unit`` carries, if any."""
    if unit.sw is None:
        return None
    return next((u for u in scenario.units if u.id == unit.sw and u.sw_of == unit.id), None)


def can_carry_sw(scenario: Scenario, unit: UnitState) -> str | None:
    """Why ``unit`` may not carry a support weapon, or None if it may."""
    t = scenario.unit_types.get(unit.type_id)
    if not isinstance(t, PlatoonUnitType):
        return "only the platoon ruleset has support weapons"
    if unit.sw_of is not None or t.kind is Kind.SW:
        return "a support weapon carries none"
    if t.kind is not Kind.INFANTRY and t.support_weapon is None and unit.sw is None:
        return (
            f"only infantry platoons carry a support weapon (rules 2.2); {t.id} is a {t.kind.value}"
        )
    return None


def free_id(scenario: Scenario, wanted: str, ignore: str | None = None) -> str:
    """``wanted``, or ``wanted-2``, ``wanted-3`` ... the first no unit has (but ``ignore``)."""
    taken = {u.id for u in scenario.units if u.id != ignore}
    out, n = wanted, 1
    while out in taken:
        n += 1
        out = f"{wanted}-{n}"
    return out


def with_support_weapon(scenario: Scenario, unit_id: str, type_id: str | None) -> list[UnitState]:
    """The units with ``unit_id`` carrying a support weapon of ``type_id`` (None: none).
    A new weapon gets the id ``UNIT-sw``; one that changes type keeps its id but not its
    markers (they belonged to the other weapon)."""
    unit = _unit(scenario, unit_id)
    reason = can_carry_sw(scenario, unit)
    if reason is not None:
        raise ValueError(f"{unit.id} cannot carry a support weapon: {reason}")
    if type_id is not None and type_id not in sw_types(scenario):
        raise ValueError(
            f"{type_id!r} is no support weapon type of the scenario's counters "
            f"({', '.join(sw_types(scenario)) or 'they have none'})"
        )
    old = sw_of(scenario, unit)
    if old is not None and old.type_id == type_id:
        return list(scenario.units)
    rest = [u for u in scenario.units if old is None or u.id != old.id]
    if type_id is None:
        return [dataclasses.replace(clone_unit(u), sw=None) if u.id == unit.id else u for u in rest]
    sw_id = old.id if old is not None else free_id(scenario, f"{unit.id}-sw")
    weapon = UnitState(sw_id, type_id, unit.side, unit.hex, unit.formation, sw_of=unit.id)
    out: list[UnitState] = []
    for u in rest:
        if u.id == unit.id:
            out += [dataclasses.replace(clone_unit(u), sw=sw_id), weapon]
        else:
            out.append(u)
    return out


def with_sw_id(scenario: Scenario, unit_id: str, new_id: str) -> list[UnitState]:
    """The units with the support weapon of ``unit_id`` renamed ``new_id`` (a free id)."""
    unit = _unit(scenario, unit_id)
    weapon = sw_of(scenario, unit)
    if weapon is None:
        raise ValueError(f"{unit.id} carries no support weapon")
    if new_id == weapon.id:
        return list(scenario.units)
    check_id(new_id)
    if any(u.id == new_id for u in scenario.units):
        raise ValueError(f"another unit already has the id {new_id}")
    renamed = dataclasses.replace(clone_unit(weapon), id=new_id)
    carrier = dataclasses.replace(clone_unit(unit), sw=new_id)
    return [carrier if u.id == unit.id else renamed if u.id == weapon.id else u
            for u in scenario.units]  # fmt: skip


def check_id(unit_id: str) -> None:
    """Refuse an id the format refuses: empty, with a comma or colon, or padded."""
    if not unit_id or unit_id != unit_id.strip() or "," in unit_id or ":" in unit_id:
        raise ValueError(
            f"a unit id may not be empty, contain a comma or a colon, or begin or end with a "
            f"space, not {unit_id!r}"
        )


# --- figures (squad) ------------------------------------------------------------------------


def _squad_type(scenario: Scenario, unit: UnitState) -> SquadUnitType:
    t = scenario.unit_types.get(unit.type_id)
    if not isinstance(t, SquadUnitType):
        raise ValueError(f"{unit.id} has no figures: only squad units do")
    return t


def figure_problem(t: SquadUnitType, figures: Sequence[Figure]) -> str | None:
    """Why ``figures`` cannot be a unit of ``t``, or None."""
    counts = {spec.model: 0 for spec in t.figures}
    for spec in t.figures:
        counts[spec.model] += spec.count
    for f in figures:
        if f.model not in counts:
            return f"{t.id} has no {f.model} figure (its models: {', '.join(counts)})"
        counts[f.model] -= 1
        if counts[f.model] < 0:
            return f"{t.id} has no more {f.model} figures to give"
        most = t.wounds_of(f.model)
        if not 0 <= f.wounds <= most:
            return f"a {f.model} takes 0 to {most} wounds, not {f.wounds}"
    return None


def with_figures(scenario: Scenario, unit_id: str, figures: Sequence[Figure]) -> list[UnitState]:
    """The units with ``unit_id``'s figures set to ``figures`` (in that order)."""
    unit = _unit(scenario, unit_id)
    t = _squad_type(scenario, unit)
    problem = figure_problem(t, figures)
    if problem is not None:
        raise ValueError(problem)
    new = [Figure(f.model, f.wounds, f.fallen) for f in figures]
    return _replaced(scenario, {unit.id: dataclasses.replace(clone_unit(unit), figures=new)})


def figure_set(
    figures: Sequence[Figure], index: int, wounds: int | None = None, fallen: bool | None = None
) -> list[Figure]:
    """``figures`` with figure ``index``'s wounds and/or fallen state set."""
    out = [Figure(f.model, f.wounds, f.fallen) for f in figures]
    f = out[index]
    out[index] = Figure(
        f.model, f.wounds if wounds is None else wounds, f.fallen if fallen is None else fallen
    )
    return out


def figure_added(t: SquadUnitType, figures: Sequence[Figure], model: str) -> list[Figure]:
    """``figures`` with one more unhurt ``model`` figure, after the last of its model (or
    where the type lists that model)."""
    out = [Figure(f.model, f.wounds, f.fallen) for f in figures]
    order = [spec.model for spec in t.figures]
    rank = order.index(model) if model in order else len(order)
    at = len(out)
    for i, f in enumerate(out):
        if f.model in order and order.index(f.model) > rank:
            at = i
            break
    out.insert(at, Figure(model))
    return out


def missing_models(t: SquadUnitType, figures: Sequence[Figure]) -> list[str]:
    """The models of which ``figures`` has fewer than the type (figures one may add back)."""
    out = []
    for spec in t.figures:
        have = sum(1 for f in figures if f.model == spec.model)
        total = sum(s.count for s in t.figures if s.model == spec.model)
        if have < total and spec.model not in out:
            out.append(spec.model)
    return out


def with_ammo(scenario: Scenario, unit_id: str, ammo: int) -> list[UnitState]:
    unit = _unit(scenario, unit_id)
    t = _squad_type(scenario, unit)
    if t.ammo is None:
        raise ValueError(f"{t.id} counts no ammunition")
    if not 0 <= ammo <= MAX_AMMO:
        raise ValueError(f"ammunition is 0 to {MAX_AMMO}, not {ammo}")
    return changed(scenario, unit_id, ammo=ammo)


# --- transport (squad) ---------------------------------------------------------------------


def carriers_for(scenario: Scenario, unit: UnitState) -> list[str]:
    """The units ``unit`` may start aboard (the one it rides in, if any, first)."""
    ruleset = ruleset_for(scenario.ruleset)
    if not ruleset.has("cargo"):
        return []
    return [
        u.id
        for u in scenario.units
        if u.id == unit.carrier or ruleset.carrier_problem(scenario, unit, u.id) is None
    ]


def with_carrier(scenario: Scenario, unit_id: str, carrier_id: str | None) -> list[UnitState]:
    """The units with ``unit_id`` aboard ``carrier_id`` (None: getting out, in its hex)."""
    unit = _unit(scenario, unit_id)
    if carrier_id is not None and carrier_id != unit.carrier:
        problem = ruleset_for(scenario.ruleset).carrier_problem(scenario, unit, carrier_id)
        if problem is not None:
            raise ValueError(problem)
    return _replaced(scenario, {unit.id: dataclasses.replace(clone_unit(unit), carrier=carrier_id)})


# --- flags and helicopter mode --------------------------------------------------------------


def with_flag(scenario: Scenario, unit_id: str, flag: str, on: bool) -> list[UnitState]:
    """The units with the unit flag ``flag`` (:data:`UNIT_FLAGS`) set or cleared."""
    if flag not in UNIT_FLAGS:
        raise ValueError(f"{flag!r} is no unit flag a scenario sets ({', '.join(UNIT_FLAGS)})")
    unit = _unit(scenario, unit_id)
    flags = {k: v for k, v in unit.flags.items() if k != flag}
    if on:
        flags[flag] = True
    return _replaced(scenario, {unit.id: dataclasses.replace(clone_unit(unit), flags=flags)})


def modes_for(scenario: Scenario, unit: UnitState) -> tuple[str, ...]:
    """A helicopter's modes (the sides its counter prints), or none for any other unit."""
    t = scenario.unit_types.get(unit.type_id)
    if not isinstance(t, PlatoonUnitType) or not t.is_helicopter:
        return ()
    return tuple(m for m in ("flying", "noe", "landed") if m in t.sides)


def with_mode(scenario: Scenario, unit_id: str, mode: str) -> list[UnitState]:
    unit = _unit(scenario, unit_id)
    modes = modes_for(scenario, unit)
    if mode not in modes:
        raise ValueError(f"{unit.id} has no {mode!r} mode ({', '.join(modes) or 'none'})")
    return changed(scenario, unit_id, mode=mode)


# --- deployment zones -----------------------------------------------------------------------


class ZoneIndex:
    """Which side's zone each hex lies in, kept beside ``scenario.zones`` so that a zone
    edit costs the hexes it changes, not the zones' size (a 200 x 200 map's two halves are
    40,000 hexes: rebuilding a hex table on every mouse move took most of a frame).

    Every zone edit goes through :meth:`apply`, which sets the owners it is given and then
    writes ``scenario.zones`` anew from the table (one pass over it, no hashing). Should
    anything else have replaced the scenario's zone lists, the table is built again first.
    """

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.owner: dict[Hex, str] = {}
        self._lists: dict[str, list[Hex]] = {}
        self._rebuild()

    def _rebuild(self) -> None:
        self.owner = {h: side for side, hexes in self.scenario.zones.items() for h in hexes}
        self._lists = dict(self.scenario.zones)

    def _current(self) -> None:
        zones = self.scenario.zones
        same = zones.keys() == self._lists.keys()
        if not same or any(zones[s] is not self._lists[s] for s in zones):
            self._rebuild()

    def table(self) -> dict[Hex, str]:
        """Each zone hex -> its side, as the scenario's zones are now (a command of an
        earlier index, undone after the editor was built anew, changed them: read again)."""
        self._current()
        return self.owner

    def painted(
        self, side: str, hexes: Iterable[Hex], erase: bool = False
    ) -> dict[Hex, str | None]:
        """The owners that painting ``hexes`` (those of the map) for ``side``, or erasing
        them, changes: hex -> new owner (None: in no zone). A hex lies in one zone at most,
        so painting takes it from the other side's."""
        sc = self.scenario
        if not erase and side not in sc.sides:
            raise ValueError(f"no side {side!r} in the scenario ({', '.join(sc.sides)})")
        self._current()
        new = None if erase else side
        cells = sc.map.cells
        return {h: new for h in hexes if h in cells and self.owner.get(h) != new}

    def apply(self, changes: Mapping[Hex, str | None]) -> dict[Hex, str | None]:
        """Set these owners; the owners they had before (to undo with)."""
        self._current()
        old: dict[Hex, str | None] = {}
        for h, side in changes.items():
            old[h] = self.owner.get(h)
            if side is None:
                self.owner.pop(h, None)
            else:
                self.owner[h] = side
        lost = {side for side in old.values() if side is not None}
        gained: dict[str, list[Hex]] = {}
        for h, side in changes.items():
            if side is not None and old[h] != side:
                gained.setdefault(side, []).append(h)
        zones: dict[str, list[Hex]] = {}
        for s in self.scenario.sides:
            if s in lost:  # one pass over the table (no hashing), in its order
                zone = [h for h, o in self.owner.items() if o == s]
            else:  # only gained, or untouched: the list as it was, the new hexes after it
                zone = [*self._lists.get(s, []), *gained.get(s, [])]
            if zone:
                zones[s] = zone
        self.scenario.zones = zones
        self._lists = dict(zones)
        return old


class EditZones(Command):
    """Change the zone of some hexes (hex -> side, or None for no zone) through the
    scenario's :class:`ZoneIndex`; the commands of one stroke merge into one step."""

    def __init__(
        self,
        index: ZoneIndex,
        text: str,
        changes: Mapping[Hex, str | None],
        merge_key: str | None = None,
    ) -> None:
        super().__init__(text)
        self.index = index
        self.changes: dict[Hex, str | None] = dict(changes)
        self.old: dict[Hex, str | None] | None = None
        self.merge_key = merge_key

    def redo(self) -> None:
        old = self.index.apply(self.changes)
        if self.old is None:
            self.old = old

    def undo(self) -> None:
        if self.old is not None:
            self.index.apply(self.old)

    def merge_with(self, other: Command) -> bool:
        if not isinstance(other, EditZones) or other.merge_key != self.merge_key:
            return False
        assert self.old is not None and other.old is not None
        for h, owner in other.old.items():
            self.old.setdefault(h, owner)  # the first owner of the stroke is what undo restores
        self.changes.update(other.changes)
        return True

    def touched(self) -> frozenset[Hex]:
        """The hexes whose zone this command changes (for a repaint)."""
        return frozenset(self.changes)


def zone_of(scenario: Scenario) -> dict[Hex, str]:
    """Each zone hex -> its side."""
    return {h: side for side, hexes in scenario.zones.items() for h in hexes}


def units_outside_zones(
    scenario: Scenario, owner: Mapping[Hex, str] | None = None
) -> list[UnitState]:
    """The units on the map outside their side's zone, for the sides that have one (the
    format allows it: a fixed starting hex need not lie in a zone; the editor says so).
    ``owner``: the zone of each hex, if known (:attr:`ZoneIndex.owner`)."""
    owner = zone_of(scenario) if owner is None else owner
    zoned = set(scenario.zones)
    return [
        u
        for u in scenario.units
        if u.sw_of is None and u.side in zoned and u.hex is not None and owner.get(u.hex) != u.side
    ]


# --- one edit of the unit dock ----------------------------------------------------------------


def unit_edited(
    scenario: Scenario, unit_id: str, key: str, value: object
) -> tuple[list[UnitState], str]:
    """The units after the unit dock's edit ``key`` = ``value`` of ``unit_id``, and the
    undo text. Keys: ``id formation step status mode ammo carrier sw sw_id figures``,
    ``marker:NAME`` and ``sw_marker:NAME`` (value: on), ``flag:NAME`` (value: on)."""
    name = key.partition(":")[2]
    if key.startswith("marker:"):
        verb = "Mark" if value else "Unmark"
        units = with_unit_marker(scenario, unit_id, name, bool(value))
        return units, f"{verb} {unit_id} {MARKER_NAMES.get(name, name)}"
    if key.startswith("sw_marker:"):
        weapon = sw_of(scenario, _unit(scenario, unit_id))
        if weapon is None:
            raise ValueError(f"{unit_id} carries no support weapon")
        verb = "Mark" if value else "Unmark"
        units = with_unit_marker(scenario, weapon.id, name, bool(value))
        return units, f"{verb} {weapon.id} {MARKER_NAMES.get(name, name)}"
    if key.startswith("flag:"):
        return with_flag(scenario, unit_id, name, bool(value)), f"Set {unit_id} {name}"
    if key == "status" and isinstance(value, Status):
        return with_status(scenario, unit_id, value), f"Set {unit_id} {value.value}"
    if key == "mode" and isinstance(value, str):
        return with_mode(scenario, unit_id, value), f"Set {unit_id} {value} mode"
    if key == "ammo" and isinstance(value, int):
        return with_ammo(scenario, unit_id, value), f"Set {unit_id} ammunition {value}"
    if key == "sw" and (value is None or isinstance(value, str)):
        text = f"Give {unit_id} {value}" if value else f"Take {unit_id}'s support weapon"
        return with_support_weapon(scenario, unit_id, value), text
    if key == "carrier" and (value is None or isinstance(value, str)):
        text = f"Put {unit_id} aboard {value}" if value else f"Take {unit_id} out of its carrier"
        return with_carrier(scenario, unit_id, value), text
    if key == "sw_id" and isinstance(value, str):
        return with_sw_id(scenario, unit_id, value), f"Rename support weapon {value}"
    if key == "figures" and isinstance(value, list):
        return with_figures(scenario, unit_id, value), f"Set {unit_id} figures"
    if key == "id" and isinstance(value, str):
        check_id(value)
        return changed(scenario, unit_id, id=value), f"Rename {unit_id} {value}"
    if key in ("formation", "step"):
        return changed(scenario, unit_id, **{key: value}), f"Set {unit_id} {key}"
    raise ValueError(f"the unit dock has no edit {key!r}")
