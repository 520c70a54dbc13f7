"""Scenario-level editing commands: the name, turns, sides and their formations, the
first side, the modules and options, victory hexes, reinforcements and air strikes.

One :class:`EditScenarioProps` sets whole values of the scenario (a new ``sides`` dict, a
new ``rules`` set, a new reinforcements list ...), so undo puts back exactly what was
there. The functions below compute each new value from the scenario as it is, and refuse
an edit the scenario format would refuse with a :class:`ValueError` that says why (a
formation name used twice, a side that units still belong to, a turn out of range).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from tabletop.commands.base import Command
from tabletop.commands.scenarioedit import unit_id_for
from tabletop.hexgrid import Hex
from tabletop.model import (
    MODULES,
    OPTION_INFO,
    AirStrike,
    MineAttack,
    OptionInfo,
    Options,
    Reinforcement,
    Scenario,
    SideDef,
    UnitState,
)
from tabletop.model.setup import Feature
from tabletop.model.state import clone_unit
from tabletop.rules.engine import ruleset_for

E = TypeVar("E")

PROPS = (
    "name", "notes", "turns", "sides", "first", "rules", "options", "victory",
    "reinforcements", "air_strikes", "units", "mines",
)  # fmt: skip
"""The scenario attributes an :class:`EditScenarioProps` may set."""
MAX_TURNS = 200
MAX_CHITS = 20
MAX_MINES = 100
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
COLOR = re.compile(r"#[0-9a-fA-F]{6}")


class EditScenarioProps(Command):
    """Set scenario attributes (of :data:`PROPS`) to new values; undo restores the old."""

    def __init__(
        self, scenario: Scenario, text: str, merge_key: str | None = None, **values: Any
    ) -> None:
        super().__init__(text)
        unknown = set(values) - set(PROPS)
        if unknown:
            raise ValueError(f"not a scenario property: {', '.join(sorted(unknown))}")
        self.scenario = scenario
        self.new = dict(values)
        self.old: dict[str, Any] | None = None
        self.merge_key = merge_key

    def redo(self) -> None:
        sc = self.scenario
        if self.old is None:
            self.old = {k: _copy(getattr(sc, k)) for k in self.new}
        for key, value in self.new.items():
            _assign(sc, key, value)

    def undo(self) -> None:
        for key, value in (self.old or {}).items():
            _assign(self.scenario, key, value)

    def merge_with(self, other: Command) -> bool:
        if (
            not isinstance(other, EditScenarioProps)
            or self.merge_key is None
            or other.merge_key != self.merge_key
            or set(other.new) != set(self.new)
        ):
            return False
        self.new = dict(other.new)
        return True


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value


def _assign(sc: Scenario, key: str, value: Any) -> None:
    """Lists and dicts are refilled in place (whoever holds them sees the change)."""
    current = getattr(sc, key)
    if isinstance(current, list) and isinstance(value, list):
        current[:] = value
    elif isinstance(current, dict) and isinstance(value, dict):
        current.clear()
        current.update(value)
    else:
        setattr(sc, key, _copy(value))


# --- name, turns, first side -----------------------------------------------------------------
def checked_turns(scenario: Scenario, turns: int) -> int:
    if not 1 <= turns <= MAX_TURNS:
        raise ValueError(f"a scenario lasts 1 to {MAX_TURNS} turns, not {turns}")
    late = [r.turn for r in scenario.reinforcements] + [a.turn for a in scenario.air_strikes]
    if late and max(late) > turns:
        raise ValueError(
            f"a reinforcement or air strike comes in turn {max(late)}: a scenario of "
            f"{turns} turns would never reach it (change its turn first)"
        )
    return turns


def _has(scenario: Scenario, feature: Feature) -> None:
    """Refuse an edit of what the scenario's ruleset does not have, saying why."""
    ruleset = ruleset_for(scenario.ruleset)
    if not ruleset.has(feature):
        raise ValueError(ruleset.lacks(feature))


def checked_first(scenario: Scenario, side: str) -> str:
    _has(scenario, "first_side")
    if side not in scenario.sides:
        raise ValueError(f"no side {side!r} in the scenario")
    return side


# --- sides -----------------------------------------------------------------------------------
def _side(scenario: Scenario, side: str) -> SideDef:
    if side not in scenario.sides:
        raise ValueError(f"no side {side!r} in the scenario")
    return scenario.sides[side]


def _replace_side(scenario: Scenario, new: SideDef) -> dict[str, SideDef]:
    return {k: (new if k == new.id else v) for k, v in scenario.sides.items()}


def renamed_side(scenario: Scenario, side: str, name: str) -> dict[str, SideDef]:
    """The sides with ``side`` shown as ``name``."""
    name = name.strip()
    if not name:
        raise ValueError("a side needs a name")
    return _replace_side(scenario, dataclasses.replace(_side(scenario, side), name=name))


def recoloured_side(scenario: Scenario, side: str, color: str | None) -> dict[str, SideDef]:
    """The sides with ``side``'s colour ``#rrggbb`` (None: its colour by order)."""
    if color is not None and not COLOR.fullmatch(color):
        raise ValueError(f"a side's colour looks like '#0072b2', not {color!r}")
    return _replace_side(scenario, dataclasses.replace(_side(scenario, side), color=color))


def with_mines(scenario: Scenario, side: str, count: int) -> dict[str, int]:
    """``mines``: the minefields ``side``'s sappers may lay in play (0: the key left out)."""
    _side(scenario, side)
    if not 0 <= count <= MAX_MINES:
        raise ValueError(f"a side lays 0 to {MAX_MINES} minefields in play, not {count}")
    out = {k: v for k, v in scenario.mines.items() if k != side}
    if count:
        out[side] = count
    return {k: out[k] for k in scenario.sides if k in out}


def check_name(kind: str, name: str) -> str:
    if not NAME.fullmatch(name):
        raise ValueError(
            f"a {kind} id is one word of letters, digits, '_' and '-' (no space; e.g. "
            f"1st_tank), not {name!r}"
        )
    return name


def free_side(scenario: Scenario) -> str:
    """An unused side id: ``side3`` for a scenario's third side."""
    n = len(scenario.sides) + 1
    while f"side{n}" in scenario.sides:
        n += 1
    return f"side{n}"


def with_side(scenario: Scenario, side_id: str, name: str) -> dict[str, SideDef]:
    """The sides with a new side (a platoon side gets one formation, of 1 chit)."""
    check_name("side", side_id)
    if side_id in scenario.sides:
        raise ValueError(f"there is already a side {side_id!r}")
    formations = {}
    if ruleset_for(scenario.ruleset).has("formations"):
        formations[_free_formation(scenario, side_id)] = 1
    return {**scenario.sides, side_id: SideDef(side_id, name.strip() or side_id, formations)}


def _free_formation(scenario: Scenario, side_id: str) -> str:
    taken = {f for s in scenario.sides.values() for f in s.formations}
    n = 1
    while f"{side_id}_{n}" in taken:
        n += 1
    return f"{side_id}_{n}"


def side_users(scenario: Scenario, side: str) -> list[str]:
    """What still belongs to ``side``: units, reinforcements, minefields, air strikes,
    zones and mines (each named), so that removing it would leave them without a side."""
    out = [u.id for u in scenario.units if u.side == side]
    out += [f"reinforcement {r.unit.id}" for r in scenario.reinforcements if r.unit.side == side]
    out += [f"minefield in {scenario.map.label(m.hex)}" for m in scenario.hex_markers
            if m.side == side]  # fmt: skip
    out += [f"air strike in turn {a.turn}" for a in scenario.air_strikes if a.side == side]
    if scenario.zones.get(side):
        out.append("its deployment zone")
    if scenario.mines.get(side):
        out.append("its minefields to lay")
    return out


def without_side(scenario: Scenario, side: str) -> dict[str, Any]:
    """The properties that change when ``side`` goes: sides (and ``first`` if it was it)."""
    _side(scenario, side)
    if len(scenario.sides) <= 1:
        raise ValueError("a scenario keeps at least one side")
    users = side_users(scenario, side)
    if users:
        shown = ", ".join(users[:4]) + (f" and {len(users) - 4} more" if len(users) > 4 else "")
        raise ValueError(f"{side} still has {shown}: delete or move them first")
    out: dict[str, Any] = {"sides": {k: v for k, v in scenario.sides.items() if k != side}}
    if scenario.first == side:
        out["first"] = None
    return out


# --- formations (platoon) ---------------------------------------------------------------------
def _platoon(scenario: Scenario) -> None:
    _has(scenario, "formations")


def with_formation(scenario: Scenario, side: str, name: str, chits: int = 1) -> dict[str, SideDef]:
    _platoon(scenario)
    check_name("formation", name)
    if any(name in s.formations for s in scenario.sides.values()):
        raise ValueError(f"there is already a formation {name!r}")
    s = _side(scenario, side)
    return _replace_side(
        scenario, dataclasses.replace(s, formations={**s.formations, name: _chits(chits)})
    )


def _chits(chits: int) -> int:
    if not 1 <= chits <= MAX_CHITS:
        raise ValueError(f"a formation puts 1 to {MAX_CHITS} chits in the cup, not {chits}")
    return chits


def with_chits(scenario: Scenario, side: str, name: str, chits: int) -> dict[str, SideDef]:
    s = _side(scenario, side)
    if name not in s.formations:
        raise ValueError(f"{side} has no formation {name!r}")
    formations = {k: (_chits(chits) if k == name else v) for k, v in s.formations.items()}
    return _replace_side(scenario, dataclasses.replace(s, formations=formations))


def renamed_formation(scenario: Scenario, side: str, old: str, new: str) -> dict[str, Any]:
    """Sides, units and reinforcements with formation ``old`` called ``new``."""
    _platoon(scenario)
    check_name("formation", new)
    s = _side(scenario, side)
    if old not in s.formations:
        raise ValueError(f"{side} has no formation {old!r}")
    if new != old and any(new in x.formations for x in scenario.sides.values()):
        raise ValueError(f"there is already a formation {new!r}")
    formations = {(new if k == old else k): v for k, v in s.formations.items()}
    units = [_with(u, formation=new) if u.formation == old else u for u in scenario.units]
    reinforcements = [
        dataclasses.replace(r, unit=_with(r.unit, formation=new)) if r.unit.formation == old else r
        for r in scenario.reinforcements
    ]
    return {
        "sides": _replace_side(scenario, dataclasses.replace(s, formations=formations)),
        "units": units,
        "reinforcements": reinforcements,
    }


def without_formation(scenario: Scenario, side: str, name: str) -> dict[str, SideDef]:
    s = _side(scenario, side)
    if name not in s.formations:
        raise ValueError(f"{side} has no formation {name!r}")
    if len(s.formations) <= 1:
        raise ValueError(f"{side} keeps at least one formation (its units draw its chits)")
    used = [u.id for u in scenario.units if u.formation == name]
    used += [r.unit.id for r in scenario.reinforcements if r.unit.formation == name]
    if used:
        raise ValueError(f"{', '.join(used[:4])} belong to {name}: give them another first")
    formations = {k: v for k, v in s.formations.items() if k != name}
    return _replace_side(scenario, dataclasses.replace(s, formations=formations))


def _with(unit: UnitState, **values: Any) -> UnitState:
    """A new unit state (its lists copied): an undo snapshot keeps the old one as it was."""
    return dataclasses.replace(clone_unit(unit), **values)


# --- modules and options ----------------------------------------------------------------------
def with_module(scenario: Scenario, name: str, on: bool) -> frozenset[str] | None:
    """The ``rules`` with module ``name`` on or off; None (no ``rules:`` key) when every
    module of the ruleset is on, as a file that leaves none out says."""
    every = MODULES[scenario.ruleset]
    if name not in every:
        raise ValueError(f"{name!r} is not a module of the {scenario.ruleset} ruleset")
    current = set(every if scenario.rules is None else scenario.rules)
    current = current | {name} if on else current - {name}
    return None if current == every else frozenset(current)


def with_option(scenario: Scenario, name: str, value: Any) -> Options:
    """The options with ``name`` set to ``value`` (the default value: as good as absent)."""
    info = OPTION_INFO.get(name)
    if info is None:
        raise ValueError(f"no option {name!r}")
    problem = _option_problem(info, value)
    if problem is not None:
        raise ValueError(f"{name} is {problem}, not {value!r}")
    return dataclasses.replace(scenario.options, **{name: value})


def _option_problem(info: OptionInfo, value: Any) -> str | None:
    """What ``value`` should be for option ``info``, or None when it is that."""
    whole = isinstance(value, int) and not isinstance(value, bool)
    if info.kind == "choice":
        return None if value in info.choices else f"one of {', '.join(info.choices)}"
    if info.kind == "count_or_unlimited" and value is None:
        return None
    if info.kind in ("int", "face", "count_or_unlimited"):
        ok = whole and info.lo <= value <= info.hi
        return None if ok else f"a whole number from {info.lo:g} to {info.hi:g}"
    if info.kind == "number":
        ok = isinstance(value, int | float) and info.lo <= value <= info.hi
        return None if ok else f"a number from {info.lo:g} to {info.hi:g}"
    if isinstance(value, MineAttack) and 1 <= value.dice <= info.hi and 1 <= value.hit <= 6:
        return None
    return f"1 to {info.hi:g} dice hitting on a face 1 to 6"


# --- victory (rules-spec 6) ------------------------------------------------------------------
LOSS_DEFAULTS = {"platoon": {"step": 1, "unit": 2}, "squad": {"figure": 0, "unit": 1, "vehicle": 2}}
"""The loss VP a scenario without ``losses:`` scores (the rules core's defaults)."""
MAX_VP = 10_000


def _objective(scenario: Scenario, item: Any) -> tuple[Hex, int, str | None] | None:
    text, vp, owner = (item.get("hex"), item.get("vp", 1), item.get("owner")) if isinstance(
        item, dict) else (item, 1, None)  # fmt: skip
    try:
        h = scenario.map.parse(str(text))
    except ValueError:
        return None
    return h, int(vp) if isinstance(vp, int) else 1, owner if isinstance(owner, str) else None


def objectives(scenario: Scenario) -> list[tuple[Hex, int, str | None]]:
    """Each objective hex of ``victory: hexes:`` with its VP and owner, on the map."""
    found = [_objective(scenario, item) for item in scenario.victory.get("hexes") or []]
    return [o for o in found if o is not None and o[0] in scenario.map.cells]


def victory_hexes(scenario: Scenario) -> list[Hex]:
    """The objective hexes of ``victory: {hexes: [...]}`` (labels on the map)."""
    return [h for h, _vp, _owner in objectives(scenario)]


def _entry(scenario: Scenario, h: Hex, vp: int, owner: str | None) -> Any:
    """A bare label for an objective worth 1 that nobody holds at the start (the v2.2 form),
    else ``{hex, vp, owner}``."""
    label = scenario.map.label(h)
    if vp == 1 and owner is None:
        return label
    entry: dict[str, Any] = {"hex": label, "vp": vp}
    if owner is not None:
        entry["owner"] = owner
    return entry


def _with_objectives(
    scenario: Scenario, objs: Iterable[tuple[Hex, int, str | None]]
) -> dict[str, Any]:
    entries = [_entry(scenario, h, vp, owner) for h, vp, owner in objs]
    out = {k: v for k, v in scenario.victory.items() if k != "hexes"}
    if entries:
        out["hexes"] = entries
    return out


def with_victory_hexes(scenario: Scenario, hexes: Iterable[Hex]) -> dict[str, Any]:
    """The ``victory`` mapping with these objective hexes (its other keys kept, and each
    kept objective's VP and owner)."""
    known = {h: (h, vp, owner) for h, vp, owner in objectives(scenario)}
    return _with_objectives(scenario, [known.get(h, (h, 1, None)) for h in hexes])


def toggled_victory(scenario: Scenario, h: Hex) -> dict[str, Any]:
    """A victory hex added there, or taken away if it was one."""
    if h not in scenario.map.cells:
        raise ValueError("that hex is not on the map")
    hexes = victory_hexes(scenario)
    return with_victory_hexes(scenario, [x for x in hexes if x != h] if h in hexes else [*hexes, h])


def with_objective(
    scenario: Scenario, hexes: Iterable[Hex], *, vp: int | None = None, owner: Any = ...
) -> dict[str, Any]:
    """The objectives ``hexes`` worth ``vp`` and/or held by ``owner`` (None: nobody) at the
    start; the others as they are."""
    chosen = set(hexes)
    if vp is not None and not 0 <= vp <= MAX_VP:
        raise ValueError(f"an objective is worth 0 to {MAX_VP} VP, not {vp}")
    if owner is not ... and owner is not None and owner not in scenario.sides:
        raise ValueError(f"there is no side {owner!r} in this scenario")
    return _with_objectives(scenario, [
        (h, vp if h in chosen and vp is not None else v,
         owner if h in chosen and owner is not ... else o)
        for h, v, o in objectives(scenario)
    ])  # fmt: skip


def loss_values(scenario: Scenario) -> dict[str, int]:
    """The VP per loss kind the game scores: the scenario's ``losses:`` (absent kinds 0),
    else the ruleset's defaults."""
    defaults = LOSS_DEFAULTS.get(scenario.ruleset, {})
    given = scenario.victory.get("losses")
    if not isinstance(given, dict):
        return dict(defaults)
    return {k: int(given.get(k, 0)) for k in defaults}


def with_victory_value(scenario: Scenario, key: str, value: Any) -> dict[str, Any]:
    """The ``victory`` mapping with one more setting: ``("losses", KIND)`` -> VP (every
    kind written, so the others keep what they score), ``margin`` -> the lead that wins,
    ``("sudden_death", SIDE)`` -> a total (0: none for that side)."""
    out = dict(scenario.victory)
    if key == "margin":
        if not 1 <= int(value) <= MAX_VP:
            raise ValueError(f"the margin is 1 to {MAX_VP} VP, not {value}")
        out.pop("margin", None) if int(value) == 1 else out.update(margin=int(value))
        return out
    group, name = key.split(":", 1)
    if group == "losses":
        losses = loss_values(scenario)
        if name not in losses or not 0 <= int(value) <= MAX_VP:
            raise ValueError(f"no loss {name!r} worth {value} VP in the {scenario.ruleset} rules")
        losses[name] = int(value)
        out["losses"] = losses
        return out
    if group == "sudden_death":
        if name not in scenario.sides or not 0 <= int(value) <= MAX_VP:
            raise ValueError(f"no sudden death of {value} VP for {name!r}")
        totals = dict(out.get("sudden_death") or {})
        totals.pop(name, None) if int(value) == 0 else totals.update({name: int(value)})
        out.pop("sudden_death", None)
        if totals:
            out["sudden_death"] = totals
        return out
    raise ValueError(f"unknown victory setting {key!r}")


# --- reinforcements ---------------------------------------------------------------------------
def _turn(scenario: Scenario, turn: int) -> int:
    if not 1 <= turn <= scenario.turns:
        raise ValueError(f"the scenario has turns 1 to {scenario.turns}, not {turn}")
    return turn


def _formation_for(scenario: Scenario, side: str) -> str | None:
    if not ruleset_for(scenario.ruleset).has("formations"):
        return None
    return next(iter(_side(scenario, side).formations), None)


def with_reinforcement(
    scenario: Scenario, turn: int, type_id: str, side: str, hex_: Hex | None = None
) -> tuple[list[Reinforcement], Reinforcement]:
    """The reinforcements with a new unit of ``type_id`` for ``side`` entering in ``turn``
    at ``hex_``; and that reinforcement."""
    _has(scenario, "reinforcements")
    if type_id not in scenario.unit_types:
        raise ValueError(f"no unit type {type_id!r} in the scenario's counters")
    unit = UnitState(
        unit_id_for(scenario, type_id), type_id, side, hex_, _formation_for(scenario, side)
    )
    entry = Reinforcement(_turn(scenario, turn), unit)
    return [*scenario.reinforcements, entry], entry


def changed_reinforcements(
    scenario: Scenario, indexes: Iterable[int], **values: Any
) -> list[Reinforcement]:
    """The reinforcements with these entries changed: ``turn``, ``landed``, or their unit's
    ``id``, ``type_id``, ``side`` (its first formation with it), ``formation``, ``hex``."""
    chosen = set(indexes)
    out = []
    for i, r in enumerate(scenario.reinforcements):
        if i in chosen:
            r = _changed_reinforcement(scenario, r, values)
        out.append(r)
    if len(chosen - set(range(len(out)))) > 0:
        raise ValueError("no such reinforcement")
    return out


def _changed_reinforcement(scenario: Scenario, r: Reinforcement, values: dict[str, Any]) -> Any:
    unit_values = {k: v for k, v in values.items() if k not in ("turn", "landed")}
    if "side" in unit_values:
        unit_values.setdefault("formation", _formation_for(scenario, unit_values["side"]))
    if "id" in unit_values and unit_values["id"] != r.unit.id:
        new_id = str(unit_values["id"]).strip()
        taken = {u.id for u in scenario.units} | {x.unit.id for x in scenario.reinforcements}
        if not new_id or new_id in taken or any(c in new_id for c in ",:"):
            raise ValueError(f"{new_id!r} is taken or not a unit id (no comma or colon)")
        unit_values["id"] = new_id
    if "type_id" in unit_values and unit_values["type_id"] not in scenario.unit_types:
        raise ValueError(f"no unit type {unit_values['type_id']!r} in the scenario's counters")
    turn = _turn(scenario, values["turn"]) if "turn" in values else r.turn
    unit = _with(r.unit, **unit_values) if unit_values else r.unit
    return Reinforcement(turn, unit, bool(values.get("landed", r.landed)))


# --- air strikes ------------------------------------------------------------------------------
def aircraft_types(scenario: Scenario) -> list[str]:
    """The unit types that may fly an air strike (squad aircraft)."""
    return [k for k, t in scenario.unit_types.items() if getattr(t, "is_aircraft", False)]


def with_air_strike(
    scenario: Scenario, turn: int, side: str, aircraft: str, hex_: Hex
) -> list[AirStrike]:
    _has(scenario, "air_strikes")
    if aircraft not in aircraft_types(scenario):
        raise ValueError(f"{aircraft!r} is no aircraft of the scenario's counters")
    _side(scenario, side)
    return [*scenario.air_strikes, AirStrike(_turn(scenario, turn), side, aircraft, hex_)]


def changed_air_strikes(
    scenario: Scenario, indexes: Iterable[int], **values: Any
) -> list[AirStrike]:
    """The air strikes with these entries' ``turn``, ``side``, ``aircraft`` or ``hex`` set."""
    if "turn" in values:
        _turn(scenario, values["turn"])
    if "side" in values:
        _side(scenario, values["side"])
    if "aircraft" in values and values["aircraft"] not in aircraft_types(scenario):
        raise ValueError(f"{values['aircraft']!r} is no aircraft of the scenario's counters")
    chosen = set(indexes)
    return [
        dataclasses.replace(a, **values) if i in chosen else a
        for i, a in enumerate(scenario.air_strikes)
    ]


def without(events: Sequence[E], indexes: Iterable[int]) -> list[E]:
    """``events`` (a scenario's reinforcements or air strikes) less those at ``indexes``."""
    gone = set(indexes)
    return [e for i, e in enumerate(events) if i not in gone]
