"""Terrain chart (``format: tabletop/terrain@1``) <-> :class:`TerrainChart`.

The schema is documented in docs/formats.md; ``maps/standard.yaml`` is the bundled chart.
"""

from __future__ import annotations

from typing import Any

from tabletop.data import fields as F
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

FORMAT = "tabletop/terrain@1"
TOP_KEYS = F.CHART.keys
TERRAIN_KEYS = F.TERRAIN.keys
ALIAS_KEYS = F.ALIAS.keys
HEXSIDE_KEYS = F.HEXSIDE.keys
LEVEL_KEYS = F.LEVELS.keys
MARKER_KEYS = F.MARKER.keys


def _levels(ck: Checker, doc: dict[str, Any]) -> LevelStyle:
    if doc.get("levels") is None:
        return LevelStyle()
    d = F.LEVELS.mapping(ck, doc, "levels", doc["levels"], "levels")
    return LevelStyle(
        tint=F.LEVELS.read(ck, d, "tint"),
        step=F.LEVELS.read(ck, d, "step"),
        contour=F.LEVELS.read(ck, d, "contour"),
    )


def _bonus(ck: Checker, d: dict[str, Any]) -> Bonus:
    value = d.get("bonus", {})
    if value is None:
        return Bonus(None, None)
    b = F.BONUS.mapping(ck, d, "bonus", value, "bonus")
    return Bonus(
        F.BONUS.read(ck, b, "infantry") if b.get("infantry") is not None else None,
        F.BONUS.read(ck, b, "vehicles") if b.get("vehicles") is not None else None,
    )


def _movement(ck: Checker, d: dict[str, Any]) -> Movement:
    m = F.MOVEMENT.mapping(ck, d, "movement", d.get("movement", {}), "movement")
    return Movement(F.MOVEMENT.read(ck, m, "foot"), F.MOVEMENT.read(ck, m, "vehicle"))


def _terrain(ck: Checker, name: str, d: dict[str, Any]) -> TerrainType:
    t = F.TERRAIN
    code = t.read(ck, d, "code", f"terrain {name!r}", fallback="?")
    if not isinstance(code, str) or len(code) != 1 or code.isdigit() or code.isspace():
        ck.error(
            d,
            "code",
            f"code of terrain {name!r} must be one character, not a digit or a space: {code!r}",
        )
    return TerrainType(
        name=name,
        code=str(code),
        color=t.read(ck, d, "color"),
        bonus=_bonus(ck, d),
        conceals=Conceals(t.read(ck, d, "conceals")),
        los=LosEffect(t.read(ck, d, "los")),
        cover_save=t.read(ck, d, "cover_save"),
        cover_improvable=t.read(ck, d, "cover_improvable"),
        cover_soldiers_only=t.read(ck, d, "cover_soldiers_only"),
        cc_defense=t.read(ck, d, "cc_defense"),
        minefields=t.read(ck, d, "minefields"),
        movement=_movement(ck, d),
        amphibious_only=t.read(ck, d, "amphibious_only"),
        squad_only=t.read(ck, d, "squad_only"),
        texture=t.read(ck, d, "texture"),
        texture_color=t.read(ck, d, "texture_color"),
        edge_color=t.read(ck, d, "edge_color"),
    )


def _hexside(ck: Checker, name: str, d: dict[str, Any]) -> HexsideFeatureType:
    t = F.HEXSIDE
    cancels = ck.sequence(d, "cancels", d.get("cancels"), "cancels")
    return HexsideFeatureType(
        name=name,
        color=t.read(ck, d, "color"),
        movement=t.read(ck, d, "movement"),
        blocks_movement=t.read(ck, d, "blocks_movement"),
        cancels=tuple(str(c) for c in cancels),
        cover_save=t.read(ck, d, "cover_save"),
        los=LosEffect(t.read(ck, d, "los")),
        edge_color=t.read(ck, d, "edge_color"),
    )


def _marker(ck: Checker, name: str, d: dict[str, Any]) -> HexMarkerType:
    t = F.MARKER
    return HexMarkerType(
        name=name,
        bonus=_bonus(ck, d),
        conceals=Conceals(t.read(ck, d, "conceals")),
        los=LosEffect(t.read(ck, d, "los")),
        cover_save=t.read(ck, d, "cover_save"),
        replaces_terrain=t.read(ck, d, "replaces_terrain"),
    )


def chart_from(ck: Checker, doc: Any) -> TerrainChart:
    """Build a chart from a loaded document, recording every problem in ``ck``."""
    doc = F.CHART.mapping(ck, None, None, doc, "the terrain chart")
    name = F.CHART.read(ck, doc, "name")
    terrain: dict[str, TerrainType] = {}
    aliases: dict[str, Alias] = {}
    section = ck.mapping(doc, "terrain", doc.get("terrain", {}), "terrain", ANY_KEYS)
    raw_aliases: list[tuple[str, dict[str, Any]]] = []
    for key, entry in section.items():
        if isinstance(entry, dict) and "alias" in entry:
            raw_aliases.append((key, F.ALIAS.mapping(ck, section, key, entry, f"alias {key!r}")))
            continue
        d = F.TERRAIN.mapping(ck, section, key, entry, f"terrain {key!r}")
        terrain[key] = _terrain(ck, key, d)
    if not terrain:  # every hex's terrain is looked up in it: a chart of none has no hex
        ck.error(doc, "terrain", "the terrain chart defines no terrain type (an alias "
                 "names one): it needs at least one, such as clear")  # fmt: skip
    for key, d in raw_aliases:
        target = ck.name_in(d, "alias", d.get("alias"), "terrain", terrain)
        level = F.ALIAS.read(ck, d, "level", f"alias {key!r}")
        aliases[key] = Alias(target or next(iter(terrain), "clear"), level)
    _check_codes(ck, section, terrain)
    hexsides = {
        key: _hexside(ck, key, F.HEXSIDE.mapping(ck, sides, key, d, f"hexside {key!r}"))
        for sides in [ck.mapping(doc, "hexsides", doc.get("hexsides", {}), "hexsides", ANY_KEYS)]
        for key, d in sides.items()
    }
    for key, feature in hexsides.items():
        for c in feature.cancels:
            if c not in hexsides:
                ck.error(doc.get("hexsides"), key, f"hexside {key!r} cancels unknown feature {c!r}")
    markers = {
        key: _marker(ck, key, F.MARKER.mapping(ck, marks, key, d, f"marker {key!r}"))
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
