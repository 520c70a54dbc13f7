"""Terrain chart (``format: tabletop/terrain@1``) <-> :class:`TerrainChart`.

The schema is documented in docs/formats.md; ``maps/standard.yaml`` is the bundled chart.
"""

from __future__ import annotations

import re
from typing import Any

from tabletop.data import bounds as B
from tabletop.data.schema import ANY_KEYS, Checker, plain, strict
from tabletop.model import (
    Alias,
    Bonus,
    Conceals,
    HexMarkerType,
    HexsideFeatureType,
    LevelStyle,
    LosEffect,
    Movement,
    TerrainChart,
    TerrainType,
)
from tabletop.model.terrain import TEXTURES

FORMAT = "tabletop/terrain@1"
TOP_KEYS = ("format", "name", "terrain", "hexsides", "markers", "levels", "notes")
TERRAIN_KEYS = (
    "code",
    "color",
    "bonus",
    "conceals",
    "los",
    "cover_save",
    "cover_improvable",
    "cover_soldiers_only",
    "cc_defense",
    "minefields",
    "movement",
    "amphibious_only",
    "squad_only",
    "texture",
    "texture_color",
    "edge_color",
)
ALIAS_KEYS = ("alias", "level")
HEXSIDE_KEYS = (
    "color",
    "movement",
    "blocks_movement",
    "cancels",
    "cover_save",
    "los",
    "edge_color",
)
LEVEL_KEYS = ("tint", "step", "contour")
MARKER_KEYS = ("bonus", "conceals", "los", "cover_save", "replaces_terrain")
_COLOR = re.compile(r"#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?")
_TERRAIN_COLOR = "#d8e0a8"  # the model's defaults
_SIDE_COLOR = "#000000"
CONCEALS = [c.value for c in Conceals]
LOS = [e.value for e in LosEffect]


def _color(ck: Checker, d: dict[str, Any], default: str, key: str = "color") -> str:
    value = ck.get_str(d, key, "", default)
    if isinstance(value, str) and not (value == default == "" or _COLOR.fullmatch(value)):
        ck.error(d, key, f"{key} must look like '#3f7a3a', not {value!r}")
        return default
    return str(value)


def _levels(ck: Checker, doc: dict[str, Any]) -> LevelStyle:
    if doc.get("levels") is None:
        return LevelStyle()
    d = ck.mapping(doc, "levels", doc["levels"], "levels", LEVEL_KEYS)
    base = LevelStyle()
    return LevelStyle(
        tint=_color(ck, d, base.tint, "tint"),
        step=ck.get_num(d, "step", base.step, 0.0, 0.5),
        contour=_color(ck, d, base.contour, "contour"),
    )


def _bonus(ck: Checker, d: dict[str, Any]) -> Bonus:
    value = d.get("bonus", {})
    if value is None:
        return Bonus(None, None)
    b = ck.mapping(d, "bonus", value, "bonus", ("infantry", "vehicles"))
    return Bonus(
        ck.get_int(b, "infantry", "bonus", 0, lo=0, hi=B.RATING)
        if b.get("infantry") is not None
        else None,
        ck.get_int(b, "vehicles", "bonus", 0, lo=0, hi=B.RATING)
        if b.get("vehicles") is not None
        else None,
    )


def _movement(ck: Checker, d: dict[str, Any]) -> Movement:
    m = ck.mapping(d, "movement", d.get("movement", {}), "movement", ("foot", "vehicle"))
    return Movement(
        ck.get_int(m, "foot", "movement", 1, lo=1, hi=B.MOVEMENT)
        if m.get("foot", 1) is not None
        else None,
        ck.get_int(m, "vehicle", "movement", 1, lo=1, hi=B.MOVEMENT)
        if m.get("vehicle", 1) is not None
        else None,
    )


def _opt_face(ck: Checker, d: dict[str, Any], key: str) -> int | None:
    if d.get(key) is None:
        return None
    value: int = ck.get_face(d, key, "", None)
    return value


def _terrain(ck: Checker, name: str, d: dict[str, Any]) -> TerrainType:
    code = ck.get_str(d, "code", f"terrain {name!r}", "?")
    if not isinstance(code, str) or len(code) != 1 or code.isdigit() or code.isspace():
        ck.error(
            d,
            "code",
            f"code of terrain {name!r} must be one character, not a digit or a space: {code!r}",
        )
    cc = d.get("cc_defense", 0)
    return TerrainType(
        name=name,
        code=str(code),
        color=_color(ck, d, _TERRAIN_COLOR),
        bonus=_bonus(ck, d),
        conceals=Conceals(ck.get_str(d, "conceals", "", "none", CONCEALS)),
        los=LosEffect(ck.get_str(d, "los", "", "clear", LOS)),
        cover_save=_opt_face(ck, d, "cover_save"),
        cover_improvable=ck.get_bool(d, "cover_improvable", True),
        cover_soldiers_only=ck.get_bool(d, "cover_soldiers_only", False),
        cc_defense=None if cc is None else ck.get_int(d, "cc_defense", "", 0, lo=0, hi=B.RATING),
        minefields=ck.get_bool(d, "minefields", True),
        movement=_movement(ck, d),
        amphibious_only=ck.get_bool(d, "amphibious_only", False),
        squad_only=ck.get_bool(d, "squad_only", False),
        texture=ck.get_str(d, "texture", "", "", TEXTURES),
        texture_color=_color(ck, d, "", "texture_color"),
        edge_color=_color(ck, d, "", "edge_color"),
    )


def _hexside(ck: Checker, name: str, d: dict[str, Any]) -> HexsideFeatureType:
    cancels = ck.sequence(d, "cancels", d.get("cancels"), "cancels")
    move = d.get("movement")
    return HexsideFeatureType(
        name=name,
        color=_color(ck, d, _SIDE_COLOR),
        movement=None if move is None else ck.get_int(d, "movement", "", None, lo=0, hi=B.MOVEMENT),
        blocks_movement=ck.get_bool(d, "blocks_movement", False),
        cancels=tuple(str(c) for c in cancels),
        cover_save=_opt_face(ck, d, "cover_save"),
        los=LosEffect(ck.get_str(d, "los", "", "clear", LOS)),
        edge_color=_color(ck, d, "", "edge_color"),
    )


def _marker(ck: Checker, name: str, d: dict[str, Any]) -> HexMarkerType:
    return HexMarkerType(
        name=name,
        bonus=_bonus(ck, d),
        conceals=Conceals(ck.get_str(d, "conceals", "", "none", CONCEALS)),
        los=LosEffect(ck.get_str(d, "los", "", "clear", LOS)),
        cover_save=_opt_face(ck, d, "cover_save"),
        replaces_terrain=ck.get_bool(d, "replaces_terrain", False),
    )


def chart_from(ck: Checker, doc: Any) -> TerrainChart:
    """Build a chart from a loaded document, recording every problem in ``ck``."""
    doc = ck.mapping(None, None, doc, "the terrain chart", TOP_KEYS, ("terrain",))
    name = ck.get_str(doc, "name", "", "")
    terrain: dict[str, TerrainType] = {}
    aliases: dict[str, Alias] = {}
    section = ck.mapping(doc, "terrain", doc.get("terrain", {}), "terrain", ANY_KEYS)
    raw_aliases: list[tuple[str, dict[str, Any]]] = []
    for key, entry in section.items():
        if isinstance(entry, dict) and "alias" in entry:
            raw_aliases.append((key, ck.mapping(section, key, entry, f"alias {key!r}", ALIAS_KEYS)))
            continue
        d = ck.mapping(section, key, entry, f"terrain {key!r}", TERRAIN_KEYS, ("code",))
        terrain[key] = _terrain(ck, key, d)
    if not terrain:  # every hex's terrain is looked up in it: a chart of none has no hex
        ck.error(doc, "terrain", "the terrain chart defines no terrain type (an alias "
                 "names one): it needs at least one, such as clear")  # fmt: skip
    for key, d in raw_aliases:
        target = ck.name_in(d, "alias", d.get("alias"), "terrain", terrain)
        level = ck.get_int(d, "level", f"alias {key!r}", 0, lo=0, hi=9)
        aliases[key] = Alias(target or next(iter(terrain), "clear"), level)
    _check_codes(ck, section, terrain)
    hexsides = {
        key: _hexside(ck, key, ck.mapping(sides, key, d, f"hexside {key!r}", HEXSIDE_KEYS))
        for sides in [ck.mapping(doc, "hexsides", doc.get("hexsides", {}), "hexsides", ANY_KEYS)]
        for key, d in sides.items()
    }
    for key, feature in hexsides.items():
        for c in feature.cancels:
            if c not in hexsides:
                ck.error(doc.get("hexsides"), key, f"hexside {key!r} cancels unknown feature {c!r}")
    markers = {
        key: _marker(ck, key, ck.mapping(marks, key, d, f"marker {key!r}", MARKER_KEYS))
        for marks in [ck.mapping(doc, "markers", doc.get("markers", {}), "markers", ANY_KEYS)]
        for key, d in marks.items()
    }
    return TerrainChart(str(name), terrain, hexsides, markers, aliases, _levels(ck, doc))


def _check_codes(ck: Checker, section: Any, terrain: dict[str, TerrainType]) -> None:
    seen: dict[str, str] = {}
    for name, t in terrain.items():
        if t.code in seen:
            ck.error(section, name, f"terrain {name!r} has the code {t.code!r} of {seen[t.code]!r}")
        seen.setdefault(t.code, name)


def chart_from_dict(data: dict[str, Any], path: str = "<chart>") -> TerrainChart:
    """Plain dict -> chart; DataError listing every problem."""
    return strict(lambda ck: chart_from(ck, data), path)


# --- model -> dict --------------------------------------------------------------------


def _bonus_dict(b: Bonus) -> dict[str, int | None] | None:
    if b.infantry is None and b.vehicles is None:
        return None
    return {"infantry": b.infantry, "vehicles": b.vehicles}


def chart_to_dict(chart: TerrainChart) -> dict[str, Any]:
    terrain: dict[str, Any] = {}
    for t in chart.terrain.values():
        terrain[t.name] = {
            "code": t.code,
            "color": t.color,
            "bonus": _bonus_dict(t.bonus),
            "conceals": t.conceals.value,
            "los": t.los.value,
            "cover_save": t.cover_save,
            "cover_improvable": t.cover_improvable,
            "cover_soldiers_only": t.cover_soldiers_only,
            "cc_defense": t.cc_defense,
            "minefields": t.minefields,
            "movement": {"foot": t.movement.foot, "vehicle": t.movement.vehicle},
            "amphibious_only": t.amphibious_only,
            "squad_only": t.squad_only,
        }
        art = {"texture": t.texture, "texture_color": t.texture_color, "edge_color": t.edge_color}
        terrain[t.name].update({k: v for k, v in art.items() if v})
    for name, alias in chart.aliases.items():
        terrain[name] = {"alias": alias.terrain, "level": alias.level}
    hexsides = {
        f.name: {
            "color": f.color,
            "movement": f.movement,
            "blocks_movement": f.blocks_movement,
            "cancels": list(f.cancels),
            "cover_save": f.cover_save,
            "los": f.los.value,
            **({"edge_color": f.edge_color} if f.edge_color else {}),
        }
        for f in chart.hexsides.values()
    }
    markers = {
        m.name: {
            "bonus": _bonus_dict(m.bonus),
            "conceals": m.conceals.value,
            "los": m.los.value,
            "cover_save": m.cover_save,
            "replaces_terrain": m.replaces_terrain,
        }
        for m in chart.markers.values()
    }
    out = {
        "format": FORMAT,
        "name": chart.name,
        "terrain": terrain,
        "hexsides": hexsides,
        "markers": markers,
    }
    if chart.levels != LevelStyle():
        lv = chart.levels
        out["levels"] = {"tint": lv.tint, "step": lv.step, "contour": lv.contour}
    return plain(out)  # type: ignore[no-any-return]
