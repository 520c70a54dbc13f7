"""Saved game (``format: tabletop/game@1``): the scenario document plus ``state:`` and ``log:``.

``units:`` holds the scenario's *starting* units, so replaying ``log:`` from them rebuilds
the state; ``state:`` holds the turn, phase, cup and every unit's current state.
"""

from __future__ import annotations

import copy
from collections.abc import Collection, Iterable
from operator import itemgetter
from typing import Any

from tabletop.data import bounds as B
from tabletop.data import gamerecord, semantics
from tabletop.data.flagcheck import Names, check_flags
from tabletop.data.scenarios import (
    MODES,
    STATUSES,
    Context,
    _flags,
    _markers,
    hex_marker_dict,
    hex_marker_from,
)
from tabletop.data.schema import ANY_KEYS, Checker, free_form, plain, shorten
from tabletop.data.yamlsafe import Problem
from tabletop.hexgrid import Hex
from tabletop.model import (
    PENDING_KEYS,
    PENDING_KINDS,
    RULE_HEX_MARKERS,
    UNIT_MARKERS,
    Aside,
    Figure,
    GameState,
    LogEntry,
    Pending,
    Scenario,
    SquadUnitType,
    Status,
    UnitState,
)
from tabletop.model.collector import collector_paused
from tabletop.model.setup import setup_for

FORMAT = "tabletop/game@1"
STATE_KEYS = (
    "turn",
    "phase",
    "active_side",
    "active_formation",
    "cup",
    "finished",
    "pending",
    "flags",
    "units",
    "hex_markers",
)
UNIT_STATE_KEYS = (
    "type",
    "side",
    "formation",
    "hex",
    "step",
    "status",
    "markers",
    "mode",
    "sw",
    "sw_of",
    "carrier",
    "figures",
    "ammo",
    "flags",
)
LOG_KEYS = ("action", "args", "dice", "turn", "side", "summary", "by", "why")


def _figures(ck: Checker, d: dict[str, Any], base: UnitState, sc: Scenario) -> list[Figure]:
    if "figures" not in d:
        return copy.deepcopy(base.figures)
    t = sc.unit_types.get(base.type_id)
    seq = ck.sequence(d, "figures", d["figures"], "figures")
    models = {s.model for s in t.figures} if isinstance(t, SquadUnitType) else set()
    out = []
    for i, item in enumerate(seq):
        f = ck.mapping(seq, i, item, "a figure", ("model", "wounds", "fallen"), ("model",))
        model = ck.name_in(f, "model", f.get("model"), "model", models)
        if model is not None and isinstance(t, SquadUnitType):
            wounds = ck.get_int(f, "wounds", "", 0, lo=0, hi=t.wounds_of(model))
            out.append(Figure(model, wounds, ck.get_bool(f, "fallen")))
    return out


def _opt_str(ck: Checker, d: dict[str, Any], key: str, default: str | None) -> str | None:
    if key not in d:
        return default
    if d[key] is None:
        return None
    return str(ck.get_str(d, key, "", default))


_STATE_KEYS = frozenset(UNIT_STATE_KEYS)
_STATUS_OF = {s.value: s for s in Status}


_SAVED = itemgetter(*UNIT_STATE_KEYS)
"""An entry as a save writes it, every key present: its values in one call."""


def _saved_state(table: dict[str, Hex], entry: Any, base: UnitState) -> UnitState | None:
    """The entry of a scenario unit exactly as a save writes it (every key, its type, side
    and formation as in the scenario, a label of the map, no figures, ammunition or flags,
    known markers): what :func:`_common_state` makes of it, its values read in one call.
    None for anything else."""
    (type_id, side, formation, where, step, status, markers, mode, sw, sw_of, carrier,
     figures, ammo, flags) = _SAVED(entry)  # fmt: skip
    if type_id != base.type_id or side != base.side or formation != base.formation:
        return None
    if step != "full" and step != "reduced":
        return None
    if type(status) is not str or status not in _STATUS_OF or not isinstance(markers, list):
        return None
    for m in markers:
        if type(m) is not str or m not in UNIT_MARKERS:
            return None
    if mode is not None and mode not in MODES:
        return None
    if figures != [] or flags != {} or ammo is not None:
        return None
    for ref in (sw, sw_of, carrier):
        if ref is not None and type(ref) is not str:
            return None
    if where is not None:
        where = table.get(where) if type(where) is str else None
        if where is None:
            return None  # (not a label as the map prints it: the careful reader's)
    return UnitState(
        base.id, base.type_id, base.side, where, base.formation, step, _STATUS_OF[status],
        markers, mode, sw, sw_of, carrier,
    )  # fmt: skip


def _common_state(ctx: Context, entry: Any, base: UnitState | None) -> UnitState | None:
    """The usual state entry of a scenario unit (as a save writes it: its type, side and
    formation as in the scenario, no figures, no ammunition, no flags, known markers) read
    without the general readers: the same unit they make. None for anything else, which
    :func:`_unit_state` reads and reports."""
    if base is None or not isinstance(entry, dict):
        return None
    if entry.keys() == _STATE_KEYS and ctx.labels is not None:
        return _saved_state(ctx.labels.table, entry, base)
    if not entry.keys() <= _STATE_KEYS:
        return None
    get = entry.get
    for key, have in (("type", base.type_id), ("side", base.side), ("formation", base.formation)):
        if key in entry and entry[key] != have:
            return None
    step: Any = get("step", base.step)
    status: Any = get("status", base.status.value)
    markers: Any = get("markers", base.markers)
    mode: Any = get("mode", base.mode)
    if step not in ("full", "reduced") or type(status) is not str or status not in _STATUS_OF:
        return None
    if not isinstance(markers, list):
        return None
    for m in markers:
        if type(m) is not str or m not in UNIT_MARKERS:
            return None
    if (mode is not None and mode not in MODES) or get("figures") != []:
        return None
    if get("flags", {}) != {} or get("ammo") is not None or ctx.labels is None:
        return None
    sw, sw_of, carrier = get("sw", base.sw), get("sw_of", base.sw_of), get("carrier", base.carrier)
    for ref in (sw, sw_of, carrier):
        if ref is not None and type(ref) is not str:
            return None
    where = get("hex", base.hex)
    if "hex" in entry and where is not None:
        if type(where) is not str:
            return None
        where = ctx.labels.hex(entry, "hex", where)
    return UnitState(
        id=base.id, type_id=base.type_id, side=base.side, hex=where, formation=base.formation,
        step=step, status=_STATUS_OF[status], markers=markers, mode=mode,
        sw=sw, sw_of=sw_of, carrier=carrier,
        ammo=None if "ammo" in entry else base.ammo,
        flags={} if "flags" in entry else base.flags,
    )  # fmt: skip


def _unit_state(
    ck: Checker, ctx: Context, sc: Scenario, units: Any, uid: str, base: UnitState | None
) -> UnitState | None:
    common = _common_state(ctx, units[uid], base)
    if common is not None:
        return common
    d = ck.mapping(units, uid, units[uid], f"state of {uid}", UNIT_STATE_KEYS)
    if base is None:
        if "type" not in d or "side" not in d:
            ck.key_error(units, uid, f"{uid} is no unit of the scenario (give its type and side)")
            return None
        type_id = ck.name_in(d, "type", d["type"], "unit type", sc.unit_types) or "?"
        side = ck.name_in(d, "side", d["side"], "side", sc.sides) or "?"
        base = UnitState(uid, type_id, side, None, _opt_str(ck, d, "formation", None))
    for key, have in (("type", base.type_id), ("side", base.side), ("formation", base.formation)):
        if key in d and d[key] != have:
            ck.error(
                d, key, f"{uid} is {key} {have!r} in the scenario, not {shorten(repr(d[key]))}"
            )
    hex_ = base.hex
    if "hex" in d:
        labels = ctx.labels
        hex_ = None if d["hex"] is None or labels is None else labels.hex(d, "hex", d["hex"])
    mode = base.mode
    if d.get("mode") is not None:
        mode = ck.get_str(d, "mode", "", None, MODES)
    elif "mode" in d:
        mode = None
    return UnitState(
        id=uid,
        type_id=base.type_id,
        side=base.side,
        hex=hex_,
        formation=base.formation,
        step=str(ck.get_str(d, "step", "", base.step, ("full", "reduced"))),
        status=Status(ck.get_str(d, "status", "", base.status.value, STATUSES)),
        markers=_markers(ck, d) if "markers" in d else list(base.markers),
        mode=mode,
        sw=_opt_str(ck, d, "sw", base.sw),
        sw_of=_opt_str(ck, d, "sw_of", base.sw_of),
        carrier=_opt_str(ck, d, "carrier", base.carrier),
        figures=_figures(ck, d, base, sc),
        ammo=(ck.get_int(d, "ammo", "", None, lo=0) if d.get("ammo") is not None else None)
        if "ammo" in d
        else base.ammo,
        flags=_flags(ck, d) if "flags" in d else dict(base.flags),
    )


MAX_LOG_ENTRIES = 100_000
"""Entries of a saved game's log (take-backs and notices included): each is replayed to
check the game, so a log past this would keep ``validate`` busy for a minute and more
(a 10,000-unit game of 10 turns, every unit moving and firing each turn, is under it)."""


def _log(ck: Checker, doc: dict[str, Any], asides: list[Aside] | None = None) -> list[LogEntry]:
    """The standing actions of ``log:``; its take-backs and notices go into ``asides``."""
    out: list[LogEntry] = []
    entries = doc.get("log")
    if isinstance(entries, list) and len(entries) > MAX_LOG_ENTRIES:
        ck.error(doc, "log", f"the log holds {len(entries)} entries, more than the "
                 f"{MAX_LOG_ENTRIES} a saved game may hold")  # fmt: skip
        return out
    for seq, i, item in ck.items(doc, "log", "log"):
        if gamerecord.is_aside(item):
            aside = gamerecord.read_aside(ck, seq, i, item, len(out))
            if aside is not None and asides is not None:
                asides.append(aside)
            continue
        d = ck.mapping(seq, i, item, "a log entry", LOG_KEYS, ("action", "turn"))
        if not d:
            continue
        args = ck.mapping(d, "args", d.get("args") or {}, "args", ANY_KEYS)
        dice = ck.sequence(d, "dice", d.get("dice"), "dice")
        faces = [ck.check_int(dice, j, f, "a die", 1, 1, 6) for j, f in enumerate(dice)]
        side = d.get("side")
        out.append(
            LogEntry(
                action=str(ck.get_str(d, "action", "a log entry", "")),
                args=free_form(ck, d, "args", args, "a log entry's args") or {},
                dice=faces,
                turn=ck.get_int(d, "turn", "", 1, lo=1),
                side=None if side is None else str(ck.get_str(d, "side", "", None)),
                summary=str(ck.get_str(d, "summary", "", "")),
                by=None if d.get("by") is None else str(ck.get_str(d, "by", "", None)),
                why=str(ck.get_str(d, "why", "", "")),
            )
        )
    return out


PENDING_INTS = ("mp_left", "hexes", "shots")
PENDING_LISTS = {"firers": "unit", "path_left": "hex"}


def _pending(ck: Checker, ctx: Context, st: dict[str, Any], sc: Scenario) -> Pending | None:
    """A decision the game waits for (a paused move, ``tabletop.model.Pending``): a mapping
    of its keys, of a known kind, whose units and hexes exist."""
    value = st.get("pending")
    if value is None:
        return None
    d = ck.mapping(st, "pending", value, "pending", PENDING_KEYS, ("kind", "unit", "hex"))
    if not d or any(key not in d for key in ("kind", "unit", "hex")):
        return None
    ids = {u.id for u in sc.units} | {r.unit.id for r in sc.reinforcements}
    kind = ck.name_in(d, "kind", d["kind"], "pending kind", PENDING_KINDS)
    action = ck.get_str(d, "action", "pending", "move")
    unit = ck.name_in(d, "unit", d["unit"], "unit", ids)
    where = _pending_hex(ctx, sc, d, "hex", d["hex"])
    ints = {key: ck.get_int(d, key, "pending", 0, lo=0, hi=B.MOVEMENT * 10) for key in PENDING_INTS}
    lists: dict[str, list[str]] = {}
    for key, what in PENDING_LISTS.items():
        seq = ck.sequence(d, key, d.get(key), f"pending {key}")
        items: list[str] = []
        for i, item in enumerate(seq):
            if what == "unit":
                items.append(ck.name_in(seq, i, item, "unit", ids) or "")
            else:
                items.append(_pending_hex(ctx, sc, seq, i, item))
        lists[key] = items
    request = ck.mapping(d, "request", d.get("request") or {}, "pending request", ANY_KEYS)
    if kind is None or unit is None:
        return None  # (the problem is said; the game does not load)
    return Pending(
        kind=kind, unit=unit, hex=where, firers=tuple(lists["firers"]),
        path_left=tuple(lists["path_left"]), action=str(action), mp_left=ints["mp_left"],
        hexes=ints["hexes"], maneuver=ck.get_bool(d, "maneuver"), shots=ints["shots"],
        request=plain(request),
    )  # fmt: skip


def _pending_hex(ctx: Context, sc: Scenario, container: Any, key: str | int, value: Any) -> str:
    """A hex of the pending mapping as the map labels it (checked when the map is known)."""
    h = ctx.labels.hex(container, key, value) if ctx.labels is not None else None
    return sc.map.label(h) if h is not None else str(value)


def _states(
    ck: Checker, ctx: Context, sc: Scenario, st: dict[str, Any]
) -> tuple[Any, dict[str, UnitState], list[Problem], list[Problem]]:
    """``state: units:``, read: the mapping, the units made, and the errors and warnings
    found (taken out of ``ck``'s lists, for :func:`game_from` to put back in their
    place)."""
    errors, warnings = len(ck.errors), len(ck.warnings)
    base = {u.id: u for u in sc.units} | {r.unit.id: r.unit for r in sc.reinforcements}
    units = ck.mapping(st, "units", st.get("units") or {}, "state units", ANY_KEYS)
    made: dict[str, UnitState] = {}
    table = ctx.labels.table if ctx.labels is not None else None
    for uid, entry in units.items():
        was = base.get(uid)
        u = None  # an entry as a save writes it, at once; any other, the readers'
        if table is not None and was is not None and isinstance(entry, dict):
            u = _saved_state(table, entry, was) if entry.keys() == _STATE_KEYS else None
        if u is None:
            u = _unit_state(ck, ctx, sc, units, uid, was)
        if u is not None:
            made[uid] = u
    found = ck.errors[errors:], ck.warnings[warnings:]
    del ck.errors[errors:], ck.warnings[warnings:]
    return units, made, *found


def _game_names(game: GameState, ctx: Context) -> Names:
    """What a game flag's ``Ref`` may name: the game's units, the map's hexes, the sides."""

    def names(kind: str) -> Collection[str]:
        if kind == "unit":
            return game.units.keys()
        if kind == "side":
            return ctx.sides.keys()
        return ctx.labels.table.keys() if ctx.labels is not None else ()

    return names


@collector_paused()
def game_from(ck: Checker, ctx: Context, doc: dict[str, Any], sc: Scenario) -> GameState:
    """The game state of a saved game whose scenario part is already built."""
    if "state" not in doc:
        ck.error(doc, None, "a saved game needs a 'state:' mapping")
    st = ck.mapping(doc, "state", doc.get("state") or {}, "state", STATE_KEYS)
    # the units first, so that the new game takes them instead of copies of the
    # scenario's; their problems are reported where they were before, after the flags'
    units, made, unit_errors, unit_warnings = _states(ck, ctx, sc, st)
    game = sc.new_game(made)
    game.turn = ck.get_int(st, "turn", "", 1, lo=1, hi=sc.turns)
    phases = setup_for(sc.ruleset).phases  # a saved game's phase is one of its ruleset's
    game.phase = str(ck.get_str(st, "phase", "", game.phase, phases))
    game.active_side = _opt_str(ck, st, "active_side", game.active_side)
    if game.active_side is not None and "active_side" in st:
        ck.name_in(st, "active_side", game.active_side, "side", sc.sides)
    game.active_formation = _opt_str(ck, st, "active_formation", None)
    if game.active_formation is not None:
        ck.name_in(st, "active_formation", game.active_formation, "formation", ctx.formations())
    if "cup" in st:
        cup = ck.sequence(st, "cup", st["cup"], "cup")
        game.cup = [
            c
            for i, v in enumerate(cup)
            if (c := ck.name_in(cup, i, v, "formation", ctx.formations()))
        ]
    game.finished = ck.get_bool(st, "finished")
    game.pending = _pending(ck, ctx, st, sc)
    flags = ck.mapping(st, "flags", st.get("flags") or {}, "flags", ANY_KEYS)
    game.flags = free_form(ck, st, "flags", flags, "the game's flags") or {}
    if game.flags and not check_flags(
        ck, flags, setup_for(sc.ruleset).game_flags, _game_names(game, ctx), "the game's flags"
    ):
        game.flags = {}
    ck.errors.extend(unit_errors)
    ck.warnings.extend(unit_warnings)
    if "hex_markers" in st:
        kinds = set(RULE_HEX_MARKERS) | set(sc.map.chart.markers if sc.map else ())
        game.hex_markers = []
        for seq, i, entry in ck.items(st, "hex_markers", "hex_markers"):
            m = hex_marker_from(ck, ctx, kinds, seq, i, entry)
            if m is not None:
                game.hex_markers.append(m)
    asides: list[Aside] = []
    game.log = _log(ck, doc, asides)
    game.record = gamerecord.record_from(ck, doc, asides)
    semantics.check_game_stacking(ck, units, game)
    return game


# --- model -> dict --------------------------------------------------------------------


def unit_state_dict(u: UnitState, label: Any) -> dict[str, Any]:
    return {
        "type": u.type_id,
        "side": u.side,
        "formation": u.formation,
        "hex": label(u.hex),
        "step": u.step,
        "status": u.status.value,
        "markers": list(u.markers),
        "mode": u.mode,
        "sw": u.sw,
        "sw_of": u.sw_of,
        "carrier": u.carrier,
        "figures": [{"model": f.model, "wounds": f.wounds, "fallen": f.fallen} for f in u.figures],
        "ammo": u.ammo,
        "flags": plain(dict(u.flags)),
    }


def state_dict(game: GameState, label: Any, units: bool = True) -> dict[str, Any]:
    """``state:`` of a saved game (``units``: False leaves its units out, an empty mapping
    in their place, for a writer that keeps each unit's text: :mod:`gametext`)."""
    return {
        "turn": game.turn,
        "phase": game.phase,
        "active_side": game.active_side,
        "active_formation": game.active_formation,
        "cup": list(game.cup),
        "finished": game.finished,
        "pending": game.pending.to_dict() if game.pending is not None else None,
        "flags": plain(game.flags),
        "units": {uid: unit_state_dict(u, label) for uid, u in game.units.items()} if units else {},
        "hex_markers": [hex_marker_dict(m, label) for m in game.hex_markers],
    }


def log_list(game: GameState) -> list[dict[str, Any]]:
    """``log:``: the actions, with the take-backs and notices where they stand."""
    return gamerecord.log_lines(game, _actions(game))


def _actions(game: GameState) -> list[dict[str, Any]]:
    return action_lines(game.log)


def action_lines(entries: Iterable[LogEntry]) -> list[dict[str, Any]]:
    """The log lines of these actions (one each, as ``log:`` writes it)."""
    return [
        {
            "action": e.action,
            "args": plain(e.args),
            "dice": list(e.dice),
            "turn": e.turn,
            "side": e.side,
            "summary": e.summary,
        }
        | ({"by": e.by, "why": e.why} if e.by is not None else {})
        for e in entries
    ]
