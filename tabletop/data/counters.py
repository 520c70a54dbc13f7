"""Counters (``format: tabletop/counters@1``) <-> unit types, for both rulesets."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from typing import Any

from tabletop.data import bounds as B
from tabletop.data import fields as F
from tabletop.data.schema import ANY_KEYS, Checker, plain, type_name
from tabletop.model import (
    MODEL_WOUNDS,
    Artillery,
    AssaultRating,
    Bombs,
    FigureSpec,
    Fire,
    Kind,
    PlatoonSide,
    PlatoonUnitType,
    Rating,
    SquadUnitType,
    TargetClass,
    TecColumn,
    UnitType,
)
from tabletop.model.setup import known, setup_for

FORMAT = "tabletop/counters@1"
TOP_KEYS = F.COUNTERS.keys
PLATOON_KEYS = F.PLATOON_UNIT.keys
SIDE_KEYS = F.PLATOON_SIDE.keys
RATING_KEYS = F.RATING.keys
SQUAD_KEYS = F.SQUAD_UNIT.keys
FIRE_KEYS = F.FIRE.keys
STEP_SIDES = ("full", "reduced")
_TEC = {
    "vehicles": TecColumn.VEHICLES,
    "troops": TecColumn.INFANTRY,
    "infantry": TecColumn.INFANTRY,
}
"""``tec_column`` names: interfaces.md writes ``troops``; the model's enum says infantry."""
HELI_SIDES = ("flying", "noe", "landed")


@dataclass
class CounterFile:
    """A loaded counters file: its ruleset and unit types by id."""

    ruleset: str
    units: dict[str, UnitType] = field(default_factory=dict)
    path: Path | None = field(default=None, compare=False)
    name: str = ""
    notes: str = ""


# --- platoon ---------------------------------------------------------------------------


def _rating(ck: Checker, side: dict[str, Any], key: str) -> Rating | None:
    if side.get(key) is None:
        return None
    t = F.RATING
    d = t.mapping(ck, side, key, side[key], f"rating {key}")
    return Rating(
        firepower=t.read(ck, d, "firepower", key, fallback=1),
        range=t.read(ck, d, "range", key, fallback=0),
        hit=t.read(ck, d, "hit", key, fallback=6),
        missile=t.read(ck, d, "missile"),
        moving_fire=t.read(ck, d, "moving_fire"),
    )


def _platoon_side(ck: Checker, entry: dict[str, Any], key: str) -> PlatoonSide:
    t = F.PLATOON_SIDE
    d = t.mapping(ck, entry, key, entry[key], f"side {key!r}")
    assault = AssaultRating()
    if d.get("assault") is not None:
        a = F.ASSAULT.mapping(ck, d, "assault", d["assault"], "assault")
        factor = F.ASSAULT.read(ck, a, "factor")
        assault = AssaultRating(factor, F.ASSAULT.read(ck, a, "hit"))
    return PlatoonSide(
        ap=_rating(ck, d, "ap"),
        he=_rating(ck, d, "he"),
        aa=_rating(ck, d, "aa"),
        armor=t.read(ck, d, "armor"),
        save=t.read(ck, d, "save"),
        movement=t.read(ck, d, "movement"),
        morale=t.read(ck, d, "morale"),
        assault=assault,
    )


_COLOUR = re.compile(r"#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}|[a-zA-Z]{3,30}")


def _art(ck: Checker, entry: dict[str, Any]) -> dict[str, str]:
    """``art: {background, text, symbol}``: two colours (``#rrggbb`` or a colour name such
    as ``olive``) and one of the counter symbols."""
    art = F.ART.mapping(ck, entry, "art", entry.get("art") or {}, "art")
    out: dict[str, str] = {}
    for key in ("background", "text"):
        if key in art:
            value = ck.get_str(art, key, "art", "")
            if not _COLOUR.fullmatch(str(value)):
                ck.error(art, key, f"art {key} must be a colour such as #7a8b4f or olive")
            else:
                out[key] = str(value)
    if "symbol" in art:
        out["symbol"] = str(F.ART.read(ck, art, "symbol", "art"))
    return out


def _hint_unit_keys(ck: Checker, entry: dict[str, Any]) -> None:
    for key in ("morale", "assault", "ap", "he", "aa", "armor", "save", "movement"):
        if key in entry:
            ck.key_error(
                entry,
                key,
                f"unknown key {key!r} on the unit: {key} sits on each "
                "side (full:/reduced:, or flying:/noe:/landed:)",
            )


def platoon_type(ck: Checker, type_id: str, entry: dict[str, Any]) -> PlatoonUnitType:
    _hint_unit_keys(ck, entry)
    t = F.PLATOON_UNIT
    ck.mapping(None, None, entry, f"unit type {type_id!r}", PLATOON_KEYS + SIDE_KEYS)
    kind = Kind(t.read(ck, entry, "kind", f"unit type {type_id!r}"))
    names = HELI_SIDES if kind is Kind.HELICOPTER else STEP_SIDES
    wrong = STEP_SIDES if kind is Kind.HELICOPTER else HELI_SIDES
    for key in wrong:
        if key in entry:
            ck.key_error(entry, key, f"a {kind.value} has {'/'.join(names)} sides, not {key!r}")
    for key in names[:2] if kind is Kind.HELICOPTER else names[:1]:
        if key not in entry:
            ck.error(entry, None, f"unit type {type_id!r} is missing its {key!r} side")
        elif entry[key] is None:
            ck.error(entry, key, f"unit type {type_id!r} needs its {key!r} side, not null")
    sides = {k: _platoon_side(ck, entry, k) for k in names if entry.get(k) is not None}
    tec = t.read(ck, entry, "tec_column", fallback="troops")
    return PlatoonUnitType(
        id=type_id,
        name=str(t.read(ck, entry, "name", fallback=type_id)),
        short=str(t.read(ck, entry, "short")),
        kind=kind,
        target=TargetClass(t.read(ck, entry, "target", f"unit type {type_id!r}")),
        sides=sides,
        nation=str(t.read(ck, entry, "nation")),
        moving_fire=t.read(ck, entry, "moving_fire"),
        recon=t.read(ck, entry, "recon"),
        amphibious=t.read(ck, entry, "amphibious"),
        sapper=t.read(ck, entry, "sapper"),
        capacity=t.read(ck, entry, "capacity"),
        support_weapon=t.read(ck, entry, "support_weapon"),
        tec_column=None if tec is None else _TEC[tec],
        art=_art(ck, entry),
        source=str(t.read(ck, entry, "source")),
    )


# --- squad -----------------------------------------------------------------------------


def _fire(ck: Checker, d: dict[str, Any], key: str) -> Fire | None:
    if d.get(key) is None:
        return None
    t = F.FIRE
    f = t.mapping(ck, d, key, d[key], "fire")
    return Fire(
        dice=t.read(ck, f, "dice", "fire", fallback=1),
        range=t.read(ck, f, "range", "fire", fallback=0),
        hit=t.read(ck, f, "hit", "fire", fallback=6),
        anti_tank=t.read(ck, f, "anti_tank"),
    )


def _model(ck: Checker, container: Any, key: str | int, value: Any) -> str:
    return ck.name_in(container, key, value, "model", MODEL_WOUNDS) or "soldier"


def _figures(ck: Checker, type_id: str, entry: dict[str, Any]) -> tuple[FigureSpec, ...]:
    value = entry.get("figures")
    if isinstance(value, int) and not isinstance(value, bool):
        count = ck.check_int(entry, "figures", value, "figures", 1, lo=1, hi=B.FIGURES)
        if "model" not in entry:
            ck.error(entry, "figures", f"figures: {value} needs 'model:' beside it")
        return (FigureSpec(_model(ck, entry, "model", entry.get("model", "soldier")), count),)
    if "model" in entry:
        ck.key_error(
            entry,
            "model",
            "'model:' goes with 'figures: N'; a figures list names the model of each entry",
        )
    if not isinstance(value, list) or not value:
        ck.error(
            entry,
            "figures" if "figures" in entry else None,
            f"unit type {type_id!r} needs figures: a number (with model:) or a list "
            f"of {{model, count}}, not {type_name(value)}",
        )
        return (FigureSpec("soldier"),)
    specs: list[FigureSpec] = []
    for i, item in enumerate(value):
        d = ck.mapping(value, i, item, "a figures entry", ("model", "count", "fire"), ("model",))
        if d:
            specs.append(
                FigureSpec(
                    _model(ck, d, "model", d.get("model")),
                    ck.get_int(d, "count", "", 1, lo=1, hi=B.FIGURES),
                    _fire(ck, d, "fire"),
                )
            )
    if sum(s.count for s in specs) > B.FIGURES:
        total = sum(s.count for s in specs)
        ck.error(
            entry, "figures", f"unit type {type_id!r} has {total} figures: at most {B.FIGURES}"
        )
        return (FigureSpec("soldier"),)
    return tuple(specs) or (FigureSpec("soldier"),)


def _accuracy(ck: Checker, entry: dict[str, Any]) -> tuple[int, ...] | None:
    value = entry.get("accuracy")
    if value is None:
        return None
    faces = ck.sequence(entry, "accuracy", value, "accuracy")
    return tuple(
        ck.check_int(faces, i, f, "an accuracy face", 1, 1, 6) for i, f in enumerate(faces)
    )


def _artillery(ck: Checker, entry: dict[str, Any]) -> Artillery | None:
    if entry.get("artillery") is None:
        return None
    t = F.ARTILLERY
    d = t.mapping(ck, entry, "artillery", entry["artillery"], "artillery")
    return Artillery(
        t.read(ck, d, "caliber_mm", fallback=1),
        t.read(ck, d, "dice", fallback=1),
        t.read(ck, d, "range", fallback=0),
        t.read(ck, d, "hit", fallback=6),
        t.read(ck, d, "indirect"),
    )


def _bombs(ck: Checker, entry: dict[str, Any]) -> Bombs | None:
    if entry.get("bombs") is None:
        return None
    t = F.BOMBS
    d = t.mapping(ck, entry, "bombs", entry["bombs"], "bombs")
    return Bombs(
        t.read(ck, d, "dice", fallback=1), t.read(ck, d, "hit", fallback=6), t.read(ck, d, "carpet")
    )


def squad_type(ck: Checker, type_id: str, entry: dict[str, Any]) -> SquadUnitType:
    ck.mapping(None, None, entry, f"unit type {type_id!r}", SQUAD_KEYS)
    figures = _figures(ck, type_id, entry)
    chassis = entry.get("chassis")
    if chassis is not None:
        chassis = _model(ck, entry, "chassis", chassis)
    elif any(f.model == "spg" for f in figures):
        ck.error(entry, None, f"unit type {type_id!r} is an spg and must name its 'chassis:'")
    t = F.SQUAD_UNIT
    return SquadUnitType(
        id=type_id,
        name=str(t.read(ck, entry, "name", fallback=type_id)),
        short=str(t.read(ck, entry, "short")),
        figures=figures,
        fire=_fire(ck, entry, "fire"),
        accuracy=_accuracy(ck, entry),
        defense=t.read(ck, entry, "defense"),
        steadiness=t.read(ck, entry, "steadiness"),
        save_class=t.read(ck, entry, "save_class"),
        cc_class=t.read(ck, entry, "cc_class"),
        armor=t.read(ck, entry, "armor"),
        side_armor=t.read(ck, entry, "side_armor"),
        ammo=t.read(ck, entry, "ammo"),
        movement=t.read(ck, entry, "movement"),
        sapper=t.read(ck, entry, "sapper"),
        capacity=t.read(ck, entry, "capacity"),
        chassis=chassis,
        artillery=_artillery(ck, entry),
        bombs=_bombs(ck, entry),
        nation=str(t.read(ck, entry, "nation")),
        art=_art(ck, entry),
        source=str(t.read(ck, entry, "source")),
    )


_READERS: dict[type[UnitType], Callable[[Checker, str, dict[str, Any]], UnitType]] = {
    PlatoonUnitType: platoon_type,
    SquadUnitType: squad_type,
}
"""How a counters file's entry is read, by the kind of counter its ruleset plays with."""


def counters_from(ck: Checker, doc: Any) -> CounterFile:
    doc = F.COUNTERS.mapping(ck, None, None, doc, "the counters file")
    ruleset = F.COUNTERS.read(
        ck, doc, "ruleset", "the counters file", fallback="platoon", choices=tuple(known())
    )
    units = ck.mapping(doc, "units", doc.get("units", {}), "units", ANY_KEYS)
    build = _READERS[setup_for(str(ruleset)).unit_type]  # the ruleset's kind of counter
    out = CounterFile(
        str(ruleset),
        name=str(F.COUNTERS.read(ck, doc, "name")),
        notes=str(F.COUNTERS.read(ck, doc, "notes")),
    )
    for type_id, entry in units.items():
        d = ck.mapping(units, type_id, entry, f"unit type {type_id!r}", ANY_KEYS)
        if d:
            out.units[type_id] = build(ck, type_id, d)
    for type_id, t in out.units.items():
        sw = getattr(t, "support_weapon", None)
        if sw is not None and sw in out.units:
            kind = getattr(out.units[sw], "kind", None)
            if kind is not Kind.SW:
                ck.error(
                    units[type_id],
                    "support_weapon",
                    f"support weapon {sw!r} is a {getattr(kind, 'value', 'squad')} unit, "
                    "not of kind sw",
                )
    return out


# --- model -> dict --------------------------------------------------------------------


def _nondefault(obj: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """The fields of a dataclass that differ from their defaults (enums as values)."""
    out: dict[str, Any] = {}
    for f in fields(obj):
        if f.name in skip:
            continue
        value = getattr(obj, f.name)
        default = f.default if f.default_factory is MISSING else f.default_factory()
        if value == default:
            continue
        out[f.name] = _value(value)
    return out


def _value(value: Any) -> Any:
    if isinstance(value, TecColumn):
        return "troops" if value is TecColumn.INFANTRY else "vehicles"
    if hasattr(value, "value") and type(value).__module__.startswith("tabletop.model"):
        return value.value
    if hasattr(value, "__dataclass_fields__"):
        return _nondefault(value)
    if isinstance(value, tuple):
        return [_value(v) for v in value]
    if isinstance(value, dict):
        return {k: _value(v) for k, v in value.items()}
    return value


def _rating_dict(r: Rating) -> dict[str, Any]:
    out: dict[str, Any] = {"firepower": r.firepower, "range": r.range, "hit": r.hit}
    out.update(_nondefault(r, ("firepower", "range", "hit")))
    return out


def _side_dict(side: PlatoonSide) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("ap", "he", "aa"):
        r = getattr(side, key)
        if r is not None:
            out[key] = _rating_dict(r)
    out.update(_nondefault(side, ("ap", "he", "aa")))
    if side.assault != AssaultRating():
        out["assault"] = {"factor": side.assault.factor, "hit": side.assault.hit}
    return out


def type_to_dict(t: UnitType) -> dict[str, Any]:
    if isinstance(t, PlatoonUnitType):
        out: dict[str, Any] = {"name": t.name, "kind": t.kind.value, "target": t.target.value}
        for key, side in t.sides.items():
            out[key] = _side_dict(side)
        out.update(_nondefault(t, ("id", "name", "kind", "target", "sides")))
        return out
    out = {"name": t.name}
    if len(t.figures) == 1 and t.figures[0].fire is None:
        out["figures"] = t.figures[0].count
        out["model"] = t.figures[0].model
    else:
        out["figures"] = [
            {"model": f.model, "count": f.count, **({"fire": _value(f.fire)} if f.fire else {})}
            for f in t.figures
        ]
    rest = _nondefault(t, ("id", "name", "figures"))
    if t.fire is not None:
        rest["fire"] = {
            "dice": t.fire.dice,
            "range": t.fire.range,
            "hit": t.fire.hit,
            **_nondefault(t.fire, ("dice", "range", "hit")),
        }
    out.update(rest)
    return out


def counters_to_dict(cf: CounterFile) -> dict[str, Any]:
    out: dict[str, Any] = {"format": FORMAT, "ruleset": cf.ruleset}
    if cf.name:
        out["name"] = cf.name
    out["units"] = {type_id: type_to_dict(t) for type_id, t in cf.units.items()}
    if cf.notes:
        out["notes"] = cf.notes
    return plain(out)  # type: ignore[no-any-return]
