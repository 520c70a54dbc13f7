"""Scenario (``format: tabletop/scenario@1``) <-> :class:`Scenario`.

The map and counter files are resolved by :mod:`tabletop.data.files`; this module turns
the scenario's own keys into the model (and back) and keeps where each unit was written so
that the semantic checks of :mod:`tabletop.data.semantics` can point at it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tabletop.data import bounds as B
from tabletop.data import fields as F
from tabletop.data.flagcheck import check_flags
from tabletop.data.maps import Labels
from tabletop.data.schema import ANY_KEYS, Checker, free_form, plain, shorten
from tabletop.hexgrid import Hex
from tabletop.model import (
    MODULES,
    RULE_HEX_MARKERS,
    UNIT_FLAGS,
    UNIT_MARKERS,
    AirStrike,
    Figure,
    HexMap,
    HexMarker,
    MineAttack,
    Options,
    PlatoonUnitType,
    Reinforcement,
    Scenario,
    SideDef,
    SquadUnitType,
    Status,
    UnitState,
    UnitType,
)
from tabletop.model.collector import collector_paused
from tabletop.model.flagspec import UNIT_FLAG_SPECS
from tabletop.model.setup import Setup, setup_for

FORMAT = "tabletop/scenario@1"
TOP_KEYS = F.SCENARIO.keys
UNIT_KEYS = F.UNIT_ENTRY.keys
STATUSES = [s.value for s in Status]
MODES = ("flying", "noe", "landed")
MINEFIELDS = frozenset({"minefield_at", "minefield_ap"})
ID_FORBIDDEN = (",", ":")
SIDE_COLOR = re.compile(r"#[0-9a-fA-F]{6}")


@dataclass
class Context:
    """What a scenario's entries are checked against, and where each unit was written."""

    ruleset: str
    types: dict[str, UnitType]
    sides: dict[str, SideDef] = field(default_factory=dict)
    labels: Labels | None = None
    where: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    marker_where: list[tuple[Any, Any]] = field(default_factory=list)
    has_formations: bool = field(init=False)
    """The ruleset's sides have formations, and every unit names its own."""

    def __post_init__(self) -> None:
        self.has_formations = setup_for(self.ruleset).has("formations")

    def formations(self) -> set[str]:
        return {f for s in self.sides.values() for f in s.formations}


def _sides(ck: Checker, doc: dict[str, Any], setup: Setup) -> dict[str, SideDef]:
    raw = ck.mapping(doc, "sides", doc.get("sides", {}), "sides", ANY_KEYS)
    out: dict[str, SideDef] = {}
    for side_id, entry in raw.items():
        d = F.SIDE.mapping(ck, raw, side_id, entry, f"side {side_id!r}")
        formations: dict[str, int] = {}
        fs = ck.mapping(d, "formations", d.get("formations") or {}, "formations", ANY_KEYS)
        if fs and not setup.has("formations"):
            ck.error(d, "formations", setup.lacks("formations"))
        for name, f in fs.items():
            fd = F.FORMATION.mapping(ck, fs, name, f, f"formation {name!r}")
            formations[name] = F.FORMATION.read(ck, fd, "chits")
        name = str(F.SIDE.read(ck, d, "name", fallback=side_id))
        out[side_id] = SideDef(side_id, name, formations, _side_color(ck, d))
    if not out:
        ck.error(doc, "sides" if "sides" in doc else None, "the scenario declares no sides")
    return out


def _side_color(ck: Checker, d: dict[str, Any]) -> str | None:
    value = ck.get_str(d, "color", "", None)
    if value is not None and not SIDE_COLOR.fullmatch(str(value)):
        ck.error(d, "color", f"a side's color must look like '#0072b2', not {value!r}")
        return None
    return None if value is None else str(value)


def options_from(ck: Checker, doc: dict[str, Any]) -> Options:
    d = F.OPTIONS.mapping(ck, doc, "options", doc.get("options") or {}, "options")
    kw: dict[str, Any] = {}
    for f in F.OPTIONS:
        if f.key not in d:
            continue  # the model's default
        if f.key == "opfire_per_hex" and d[f.key] == "unlimited":
            kw[f.key] = None
        elif f.key == "mine_attack":
            m = F.MINE_ATTACK.mapping(ck, d, "mine_attack", d["mine_attack"], "mine_attack")
            kw[f.key] = MineAttack(
                F.MINE_ATTACK.read(ck, m, "dice"), F.MINE_ATTACK.read(ck, m, "hit")
            )
        else:
            kw[f.key] = F.OPTIONS.read(ck, d, f.key)
    return Options(**kw)


def _rules(ck: Checker, doc: dict[str, Any], ruleset: str) -> frozenset[str] | None:
    if "rules" not in doc:
        return None
    names = MODULES.get(ruleset, frozenset())
    seq = ck.sequence(doc, "rules", doc["rules"], "rules")
    out = set()
    for i, name in enumerate(seq):
        if (
            isinstance(name, str)
            and name not in names
            and name in MODULES["platoon"] | MODULES["squad"]
        ):
            ck.error(seq, i, f"module {name!r} is not a module of the {ruleset} ruleset")
        elif ck.name_in(seq, i, name, "module", names) is not None:
            out.add(str(name))
    return frozenset(out)


def _hex(ctx: Context, container: Any, key: str | int, value: Any) -> Hex | None:
    return None if ctx.labels is None else ctx.labels.hex(container, key, value)


def _figures(ck: Checker, d: dict[str, Any], t: UnitType | None) -> list[Figure]:
    if not isinstance(t, SquadUnitType):
        if "figures" in d:
            ck.key_error(d, "figures", "only squad units have figures")
        return []
    full = [Figure(spec.model) for spec in t.figures for _ in range(spec.count)]
    value = d.get("figures")
    if value is None:
        return full
    if isinstance(value, int) and not isinstance(value, bool):
        n = ck.check_int(d, "figures", value, "figures", len(full), lo=0, hi=len(full))
        return full[:n]
    seq = ck.sequence(d, "figures", value, "figures")
    out: list[Figure] = []
    for i, item in enumerate(seq):
        f = ck.mapping(seq, i, item, "a figure", ("model", "wounds", "fallen"), ("model",))
        model = ck.name_in(f, "model", f.get("model"), "model", {s.model for s in t.figures})
        if model is not None:
            wounds = ck.get_int(f, "wounds", "", 0, lo=0, hi=t.wounds_of(model))
            out.append(Figure(model, wounds, ck.get_bool(f, "fallen")))
    return out


def _no_names(kind: str) -> frozenset[str]:
    return frozenset()  # (a unit's flags name nothing of the game)


def _flags(ck: Checker, d: dict[str, Any]) -> dict[str, Any]:
    flags: dict[str, Any] = {}
    raw = ck.mapping(d, "flags", d.get("flags") or {}, "flags", UNIT_FLAGS)
    # (an unknown key: the mapping check above has reported it, with a suggestion)
    check_flags(ck, raw, UNIT_FLAG_SPECS, _no_names, "the unit's flags", unknown=False)
    flags.update({k: plain(v) for k, v in raw.items() if k in UNIT_FLAGS})
    for key in ("maneuver", "dismounted_this_turn"):
        if key in d:
            flags[key] = F.UNIT_ENTRY.read(ck, d, key)
    return flags


def _markers(ck: Checker, d: dict[str, Any]) -> list[str]:
    seq = ck.sequence(d, "markers", d.get("markers"), "markers")
    return [
        m for i, v in enumerate(seq) if (m := ck.name_in(seq, i, v, "unit marker", UNIT_MARKERS))
    ]


def _check_id(ck: Checker, d: dict[str, Any], uid: str) -> None:
    if any(c in uid for c in ID_FORBIDDEN) or uid != uid.strip() or not uid:
        ck.error(
            d,
            "id",
            f"unit id {shorten(repr(uid))} may not be empty, contain a comma or a colon, or "
            "begin or end with a space (the command line lists ids as A,B and pairs as A:B)",
        )


def unit_from(
    ck: Checker, ctx: Context, container: Any, key: Any, entry: Any, with_sw: bool = True
) -> list[UnitState]:
    """A scenario unit entry -> its UnitState, and its support weapon's if it has one."""
    made = _common_unit(ck, ctx, entry) or _general_unit(ck, ctx, container, key, entry)
    if made is None:
        return []
    d, unit, t = made
    uid = unit.id
    if uid in ctx.where:
        ck.error(d, "id", f"duplicate unit id {uid!r}")
    ctx.where[uid] = (d, "hex" if "hex" in d else None)
    units = [unit]
    sw = _support_weapon(ck, ctx, d, unit, t) if with_sw else None
    if sw is not None:
        units.append(sw)
    elif not with_sw and "sw" in d:
        ck.key_error(d, "sw", "a reinforcement brings no support weapon entry")
    return units


_COMMON_KEYS = frozenset({"id", "type", "side", "formation", "hex"})


def _common_unit(
    ck: Checker, ctx: Context, entry: Any
) -> tuple[dict[str, Any], UnitState, UnitType | None] | None:
    """The usual entry (id, type, side, formation and hex, every name known) read without
    the general readers' dozen calls: the same unit they make. None for anything else,
    which :func:`_general_unit` reads and reports."""
    if not isinstance(entry, dict) or not entry.keys() <= _COMMON_KEYS:
        return None
    uid, type_id, side = entry.get("id"), entry.get("type"), entry.get("side")
    t = ctx.types.get(type_id) if type(type_id) is str else None
    if type(uid) is not str or t is None or type(side) is not str or side not in ctx.sides:
        return None
    if not uid or uid != uid.strip() or any(c in uid for c in ID_FORBIDDEN):
        return None
    formation = entry.get("formation")
    if ("formation" in entry or ctx.has_formations) and (
        type(formation) is not str or formation not in ctx.sides[side].formations
    ):
        return None
    where = entry.get("hex")
    unit = UnitState(
        id=uid,
        type_id=str(type_id),
        side=side,
        hex=_hex(ctx, entry, "hex", where) if where is not None else None,
        formation=formation,
        figures=_figures(ck, entry, t),
        ammo=t.ammo if isinstance(t, SquadUnitType) else None,
    )
    return entry, unit, t


class _QuickUnits:
    """The usual unit entries of one scenario, read with what every entry shares looked up
    once: an entry with id, type, side, formation and a hex as the map prints it, every
    name known, its id new, and a platoon's automatic support weapon. Anything else, and
    every problem, is :func:`unit_from`'s."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.table = ctx.labels.table if ctx.labels is not None else None
        self.formations = {side_id: side.formations for side_id, side in ctx.sides.items()}
        self.named = ctx.has_formations  # every unit names its formation

    def units(self, entry: Any) -> list[UnitState] | None:
        """The entry's unit (and its support weapon), or None to leave it to unit_from."""
        if not isinstance(entry, dict) or not entry.keys() <= _COMMON_KEYS:
            return None
        ctx = self.ctx
        uid, type_id, side = entry.get("id"), entry.get("type"), entry.get("side")
        if type(uid) is not str or type(type_id) is not str or type(side) is not str:
            return None
        t, formations = ctx.types.get(type_id), self.formations.get(side)
        if not isinstance(t, PlatoonUnitType) or formations is None:
            return None  # (a squad unit's figures and ammunition: the common reader's)
        if not uid or uid != uid.strip() or "," in uid or ":" in uid or uid in ctx.where:
            return None
        formation = entry.get("formation")
        if ("formation" in entry or self.named) and (
            type(formation) is not str or formation not in formations
        ):
            return None
        where = entry.get("hex")
        if where is not None:
            where = self.table.get(where) if type(where) is str and self.table else None
            if where is None:
                return None
        sw_type = t.support_weapon
        sw_id = f"{uid}-sw" if sw_type is not None else None
        if sw_id is not None and (sw_type not in ctx.types or sw_id in ctx.where):
            return None
        unit = UnitState(uid, type_id, side, where, formation, sw=sw_id)
        at = (entry, "hex" if "hex" in entry else None)
        ctx.where[uid] = at
        if sw_id is None or sw_type is None:
            return [unit]
        ctx.where[sw_id] = at
        return [unit, UnitState(sw_id, sw_type, side, where, formation, sw_of=uid)]


def _general_unit(
    ck: Checker, ctx: Context, container: Any, key: Any, entry: Any
) -> tuple[dict[str, Any], UnitState, UnitType | None] | None:
    """Any unit entry, every key read and checked; None when it is not a mapping."""
    u = F.UNIT_ENTRY
    d = u.mapping(ck, container, key, entry, "a unit entry")
    if not d:
        return None
    uid = str(u.read(ck, d, "id", "a unit entry", fallback="?"))
    _check_id(ck, d, uid)
    type_id = ck.name_in(d, "type", d.get("type"), "unit type", ctx.types)
    t = ctx.types.get(type_id) if type_id else None
    side = ck.name_in(d, "side", d.get("side"), "side", ctx.sides)
    formation = None
    if "formation" in d or ctx.has_formations:
        declared = ctx.sides[side].formations if side in ctx.sides else ctx.formations()
        formation = ck.name_in(d, "formation", d.get("formation"), "formation", declared)
    hex_ = _hex(ctx, d, "hex", d["hex"]) if d.get("hex") is not None else None
    step = u.read(ck, d, "step")
    if step == "reduced" and isinstance(t, PlatoonUnitType) and t.single_step:
        ck.error(d, "step", f"{uid} cannot be reduced: {t.id} has no reduced side")
    mode = u.read(ck, d, "mode")
    if mode is not None and not (isinstance(t, PlatoonUnitType) and mode in t.sides):
        ck.error(d, "mode", f"{uid} has no {mode!r} mode")
    ammo_default = t.ammo if isinstance(t, SquadUnitType) else None
    unit = UnitState(
        id=uid,
        type_id=type_id or "?",
        side=side or "?",
        hex=hex_,
        formation=formation,
        step=str(step),
        status=Status(u.read(ck, d, "status")),
        markers=_markers(ck, d),
        mode=mode,
        carrier=u.read(ck, d, "carrier"),
        figures=_figures(ck, d, t),
        ammo=u.read(ck, d, "ammo", fallback=ammo_default) if "ammo" in d else ammo_default,
        flags=_flags(ck, d),
    )
    return d, unit, t


def _support_weapon(
    ck: Checker, ctx: Context, d: dict[str, Any], unit: UnitState, t: UnitType | None
) -> UnitState | None:
    if "sw" in d:
        if d["sw"] is None:
            return None
        s = ck.mapping(d, "sw", d["sw"], "sw", ("id", "type", "markers"), ("type",))
        if not s:
            return None
        sw_id = str(ck.get_str(s, "id", "", f"{unit.id}-sw"))
        if "id" in s:
            _check_id(ck, s, sw_id)
        sw_type = ck.name_in(s, "type", s.get("type"), "unit type", ctx.types) or "?"
        markers = _markers(ck, s)
        where: tuple[Any, Any] = (s, "id" if "id" in s else None)
    elif isinstance(t, PlatoonUnitType) and t.support_weapon is not None:
        sw_id, sw_type, markers, where = f"{unit.id}-sw", t.support_weapon, [], (d, None)
        if sw_type not in ctx.types:
            ck.error(
                d,
                "type",
                f"{t.id}'s support weapon {sw_type!r} is in no counter file of this scenario",
            )
    else:
        return None
    if sw_id in ctx.where:
        ck.error(where[0], where[1], f"duplicate unit id {sw_id!r}")
    ctx.where[sw_id] = (d, "hex" if "hex" in d else None)
    unit.sw = sw_id
    return UnitState(
        sw_id, sw_type, unit.side, unit.hex, unit.formation, markers=markers, sw_of=unit.id
    )


def hex_marker_from(
    ck: Checker, ctx: Context, kinds: Any, seq: Any, i: int, entry: Any
) -> HexMarker | None:
    d = F.PLACED_MARKER.mapping(ck, seq, i, entry, "a hex marker")
    if not d:
        return None
    h = _hex(ctx, d, "hex", d.get("hex"))
    kind = ck.name_in(d, "marker", d.get("marker"), "hex marker", kinds)
    side = (
        ck.name_in(d, "side", d["side"], "side", ctx.sides) if d.get("side") is not None else None
    )
    if kind in MINEFIELDS and side is None and "side" not in d:
        ck.error(d, "marker", f"a {kind} needs the 'side' that laid it")
    revealed = F.PLACED_MARKER.read(ck, d, "revealed", fallback=kind not in MINEFIELDS)
    turn = F.PLACED_MARKER.read(ck, d, "turn")
    if h is None or kind is None:
        return None
    return HexMarker(h, kind, side, revealed, turn)


def _zones(ck: Checker, ctx: Context, doc: dict[str, Any]) -> dict[str, list[Hex]]:
    raw = F.ZONES.mapping(ck, doc, "zones", doc.get("zones") or {})
    out: dict[str, list[Hex]] = {}
    for side, labels in raw.items():
        ck.name_in(raw, side, side, "side", ctx.sides)
        seq = ck.sequence(raw, side, labels, f"zone of {side}")
        out[side] = [h for i, v in enumerate(seq) if (h := _hex(ctx, seq, i, v)) is not None]
    return out


def _extras(ck: Checker, ctx: Context, doc: dict[str, Any], sc: Scenario) -> None:
    mines = F.MINES.mapping(ck, doc, "mines", doc.get("mines") or {})
    for side in mines:
        if ck.name_in(mines, side, side, "side", ctx.sides):
            sc.mines[side] = F.MINES.read(ck, mines, side)
    for seq, i, item in ck.items(doc, "air_strikes", "air_strikes"):
        d = F.AIR_STRIKE.mapping(ck, seq, i, item, "an air strike")
        if d:
            turn = F.AIR_STRIKE.read(ck, d, "turn", fallback=1)
            by = ck.name_in(d, "side", d.get("side"), "side", ctx.sides)
            aircraft = ck.name_in(d, "aircraft", d.get("aircraft"), "unit type", ctx.types)
            h = _hex(ctx, d, "hex", d.get("hex"))
            if by and aircraft and h is not None:
                sc.air_strikes.append(AirStrike(turn, by, aircraft, h))
    for seq, i, item in ck.items(doc, "reinforcements", "reinforcements"):
        d = F.REINFORCEMENT.mapping(ck, seq, i, item, "a reinforcement")
        if d:
            turn = F.REINFORCEMENT.read(ck, d, "turn", fallback=1)
            units = unit_from(ck, ctx, d, "unit", d.get("unit"), with_sw=False)
            if units:
                sc.reinforcements.append(
                    Reinforcement(turn, units[0], F.REINFORCEMENT.read(ck, d, "landed"))
                )
    sc.victory = _victory(ck, ctx, doc, sc.ruleset)


VICTORY_KEYS = F.VICTORY.keys
OBJECTIVE_KEYS = F.OBJECTIVE.keys
VP = B.VP


def _victory(ck: Checker, ctx: Context, doc: dict[str, Any], ruleset: str) -> dict[str, Any]:
    """``victory: {hexes, losses, margin, sudden_death}`` (rules-spec 6, docs/formats.md):
    each objective a label on the map or ``{hex, vp, owner}``, VP never negative, sides and
    loss kinds known."""
    raw = doc.get("victory") or {}
    kept: dict[str, Any] | None = free_form(ck, doc, "victory", raw, "victory")
    if kept is None:  # a value of no type of the format, or an alias bomb: said, and no more
        return {}
    victory = F.VICTORY.mapping(ck, doc, "victory", raw, "victory")
    if not victory:
        return {}
    for seq, i, item in ck.items(victory, "hexes", "victory hexes"):
        if not isinstance(item, dict):
            _hex(ctx, seq, i, item)
            continue
        d = F.OBJECTIVE.mapping(ck, seq, i, item, "an objective")
        if "hex" in d:
            _hex(ctx, d, "hex", d["hex"])
        F.OBJECTIVE.read(ck, d, "vp")
        if d.get("owner") is not None:
            ck.name_in(d, "owner", d["owner"], "side", ctx.sides)
    if "losses" in victory:
        kinds = setup_for(ruleset).loss_kinds  # the ruleset's default losses table's
        what = f"victory losses (the {ruleset} ruleset's: {', '.join(kinds)})"
        losses = ck.mapping(victory, "losses", victory["losses"], what, kinds)
        for kind in kinds:
            ck.get_int(losses, kind, "", 0, lo=0, hi=VP)
    if "margin" in victory:
        F.VICTORY.read(ck, victory, "margin")
    if "sudden_death" in victory:
        raw = victory["sudden_death"]
        totals = ck.mapping(victory, "sudden_death", raw, "victory sudden_death", ANY_KEYS)
        for side in totals:
            if ck.name_in(totals, side, side, "side", ctx.sides):
                ck.get_int(totals, side, "", 0, lo=1, hi=VP)
    return kept


@collector_paused()
def scenario_from(
    ck: Checker,
    doc: dict[str, Any],
    hexmap: HexMap | None,
    types: dict[str, UnitType],
    ruleset: str,
) -> tuple[Scenario, Context]:
    """Build a scenario from its document, the resolved map and the counter files' types."""
    ctx = Context(ruleset, types, labels=Labels(ck, hexmap) if hexmap is not None else None)
    setup = setup_for(ruleset)
    ctx.sides = _sides(ck, doc, setup)
    sc = Scenario(
        name=str(F.SCENARIO.read(ck, doc, "name")),
        ruleset=ruleset,
        map=hexmap if hexmap is not None else _NO_MAP,
        unit_types=types,
        sides=ctx.sides,
        units=[],
        turns=F.SCENARIO.read(ck, doc, "turns"),
        rules=_rules(ck, doc, ruleset),
        options=options_from(ck, doc),
        notes=str(F.SCENARIO.read(ck, doc, "notes")),
    )
    if setup.has("first_side"):
        if doc.get("first") is not None:
            sc.first = ck.name_in(doc, "first", doc["first"], "side", ctx.sides)
    elif "first" in doc:
        ck.key_error(doc, "first", setup.lacks("first_side"))
    quick = _QuickUnits(ctx)
    seq = ck.sequence(doc, "units", doc.get("units"), "units")
    for i, entry in enumerate(seq):
        made = quick.units(entry)
        sc.units.extend(made if made is not None else unit_from(ck, ctx, seq, i, entry))
    kinds = set(RULE_HEX_MARKERS) | (set(hexmap.chart.markers) if hexmap else set())
    for seq, i, entry in ck.items(doc, "hex_markers", "hex_markers"):
        m = hex_marker_from(ck, ctx, kinds, seq, i, entry)
        if m is not None:
            sc.hex_markers.append(m)
            ctx.marker_where.append((seq, i))
    sc.zones = _zones(ck, ctx, doc)
    _extras(ck, ctx, doc, sc)
    return sc, ctx


_NO_MAP: Any = None


# --- model -> dict --------------------------------------------------------------------


def unit_to_dict(u: UnitState, t: UnitType | None, sw: UnitState | None) -> dict[str, Any]:
    out: dict[str, Any] = {"id": u.id, "type": u.type_id, "side": u.side}
    if u.formation is not None:
        out["formation"] = u.formation
    out["hex"] = u.hex  # replaced by its label by the caller
    if u.step != "full":
        out["step"] = u.step
    if u.status is not Status.GOOD_ORDER:
        out["status"] = u.status.value
    if u.markers:
        out["markers"] = list(u.markers)
    if u.mode is not None:
        out["mode"] = u.mode
    if u.carrier is not None:
        out["carrier"] = u.carrier
    auto = t.support_weapon if isinstance(t, PlatoonUnitType) else None
    if sw is not None:
        if not (sw.id == f"{u.id}-sw" and sw.type_id == auto and not sw.markers):
            out["sw"] = {"id": sw.id, "type": sw.type_id, "markers": list(sw.markers)}
    elif auto is not None:
        out["sw"] = None
    if isinstance(t, SquadUnitType):
        full = [Figure(spec.model) for spec in t.figures for _ in range(spec.count)]
        if u.figures != full:
            if u.figures == full[: len(u.figures)]:
                out["figures"] = len(u.figures)
            else:
                out["figures"] = [
                    {"model": f.model, "wounds": f.wounds, "fallen": f.fallen} for f in u.figures
                ]
        if u.ammo != t.ammo:
            out["ammo"] = u.ammo
    elif u.ammo is not None:
        out["ammo"] = u.ammo
    if u.flags:
        out["flags"] = dict(u.flags)
    return out


def scenario_body(sc: Scenario, label: Any) -> dict[str, Any]:
    """Everything of a scenario document after ``map:`` and ``counters:`` (labels via ``label``)."""
    out: dict[str, Any] = {"sides": {}}
    for s in sc.sides.values():
        entry: dict[str, Any] = {"name": s.name}
        if s.color is not None:
            entry["color"] = s.color
        if s.formations:
            entry["formations"] = {f: {"chits": n} for f, n in s.formations.items()}
        out["sides"][s.id] = entry
    if sc.first is not None:
        out["first"] = sc.first
    out["turns"] = sc.turns
    sws = {u.id: u for u in sc.units if u.sw_of is not None}
    ids = {u.id for u in sc.units}  # once: the scan below stays linear in the units
    units = []
    for u in sc.units:
        if u.sw_of is not None and u.sw_of in ids:
            continue
        d = unit_to_dict(u, sc.unit_types.get(u.type_id), sws.get(u.sw or ""))
        d["hex"] = label(u.hex)
        units.append(d)
    out["units"] = units
    if sc.hex_markers:
        out["hex_markers"] = [hex_marker_dict(m, label) for m in sc.hex_markers]
    _extras_dict(sc, out, label)
    if sc.notes:
        out["notes"] = sc.notes
    return out


def hex_marker_dict(m: HexMarker, label: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"hex": label(m.hex), "marker": m.kind}
    if m.side is not None:
        d["side"] = m.side
    if m.kind in MINEFIELDS or not m.revealed:
        d["revealed"] = m.revealed
    if m.turn:
        d["turn"] = m.turn
    return d


def _extras_dict(sc: Scenario, out: dict[str, Any], label: Any) -> None:
    if sc.zones:
        out["zones"] = {side: [label(h) for h in hexes] for side, hexes in sc.zones.items()}
    if sc.mines:
        out["mines"] = dict(sc.mines)
    if sc.air_strikes:
        out["air_strikes"] = [
            {"turn": a.turn, "side": a.side, "aircraft": a.aircraft, "hex": label(a.hex)}
            for a in sc.air_strikes
        ]
    if sc.reinforcements:
        rs = []
        for r in sc.reinforcements:
            unit = unit_to_dict(r.unit, sc.unit_types.get(r.unit.type_id), None)
            unit.pop("sw", None)
            unit["hex"] = label(r.unit.hex)
            if unit["hex"] is None:
                del unit["hex"]
            rs.append({"turn": r.turn, "unit": unit, "landed": r.landed})
        out["reinforcements"] = rs
    if sc.victory:
        out["victory"] = plain(sc.victory)


def scenario_head(sc: Scenario, fmt: str, map_ref: str, counter_refs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"format": fmt, "name": sc.name, "ruleset": sc.ruleset}
    if sc.rules is not None:
        out["rules"] = sorted(sc.rules)
    options = sc.options.to_dict()
    if options:
        out["options"] = options
    out["map"] = map_ref
    out["counters"] = list(counter_refs)
    return out
