"""Saves and cover (rules 3.4): the save a target rolls against each hit of a ranged attack.

In the spec's order:

1. **Base save**, the best of: the hex's terrain (chart ``cover_save``: woods, town,
   building, ruins 6+, trench 5+, bunker 4+; Rubble and Burnt Woods replace the terrain's
   value), a cover hex marker (a Wreck 6+, HOUSE DEFAULT), a cover hexside (wall, fence,
   embankment 6+) that the sight line crosses into the target's hex, Entrenched (6+, 3.5),
   and for ``elite`` troops 6+ even in the open. Trench and bunker saves are for soldiers
   and their weapons only, never vehicles (HOUSE DEFAULT, chart ``cover_soldiers_only``).
   At equal value terrain gives the base before a hexside (interfaces.md: the wall then
   only screens).
2. **Improvements**, one step each, never of a trench save (chart ``cover_improvable``),
   never of "none" and never of the elite troops' 6+ in the open: ``elite`` troops in cover;
   only a small part of the target visible (HOUSE DEFAULT test: at most half of the target
   hex's area is visible from the firer's hex centre, ``LineOfSight.visible_share``, with
   the hexside that gives the base save left out of the occluders).
3. **Caps**: never better than 5+, except in a bunker 4+; ``conspicuous`` troops never
   better than 6+.

With the ``cover_saves`` module off only the elite troops' 6+ remains.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.hexgrid import DIAGONALS, DIRECTIONS, Hex, HexSide
from tabletop.model import GameState, UnitState
from tabletop.rules.common import hex_of, label, los_markers
from tabletop.rules.los import LineOfSight
from tabletop.rules.squad.common import is_soldierly, stype

BEST_SAVE = 5
"""Never better than 5+ ... (rules 3.4)"""
BUNKER_SAVE = 4
"""... except in a bunker, 4+."""
SMALL_PART = 0.5
"""At most half of the target hex visible is "only a small part" (HOUSE DEFAULT 3.4)."""
SHARE_TOLERANCE = 1e-9
"""How far above one half a visible share may be and still count as half: the share is an
area computed in floating point, so an exactly half-visible hex (a line of centres that
grazes a town's corner splits the target hex in two equal halves, one in the town's shadow)
may come out as 0.5000000000000001. No real hex shape is that close to half without being
half: the error of the area sum is a few units in the last place."""


@dataclass(frozen=True, slots=True)
class Cover:
    """One candidate base save: the face that saves, what gives it, whether it improves."""

    need: int
    source: str
    improvable: bool = True
    kind: str = "terrain"
    """``terrain`` (or a hex marker), ``entrenched``, ``hexside``, ``elite``."""
    side: HexSide | None = None


@dataclass(frozen=True, slots=True)
class SaveSpec:
    """The target's save against one attack: ``need`` None is no save."""

    need: int | None
    base: str
    steps: tuple[str, ...] = ()
    caps: tuple[str, ...] = ()

    def text(self) -> str:
        if self.need is None:
            return "no save (in the open)"
        parts = [self.base, *(f"+1 step: {s}" for s in self.steps), *self.caps]
        return f"{self.need}+ (" + "; ".join(parts) + ")"


_KIND_ORDER = {"terrain": 0, "entrenched": 1, "hexside": 2, "elite": 3}


def entry_sides(firer: Hex, target: Hex) -> tuple[HexSide, ...]:
    """The hexside(s) of ``target`` the line from ``firer``'s centre crosses to enter it: one,
    or the two meeting at a corner the line runs through exactly (READING: a corner entry is
    across both). Exact integer cross products in axial coordinates (a linear image of the
    plane, so the signs are those of the printed map up to one common sign)."""
    vq, vr = firer.q - target.q, firer.r - target.r
    out: list[HexSide] = []
    for i, d in enumerate(DIRECTIONS):
        c0, c1 = DIAGONALS[(i - 1) % 6], DIAGONALS[i]
        turn = c0.q * c1.r - c0.r * c1.q
        if (c0.q * vr - c0.r * vq) * turn >= 0 and (vq * c1.r - vr * c1.q) * turn >= 0:
            out.append(HexSide.between(target, target + d))
    return tuple(out)


def candidates(state: GameState, target: UnitState, firer_hex: Hex) -> list[Cover]:
    """Every base save the target has against fire from ``firer_hex`` (unordered)."""
    utype = stype(state, target)
    out: list[Cover] = []
    if utype.save_class == "elite":
        out.append(Cover(6, "elite troops in the open", improvable=False, kind="elite"))
    if not state.scenario.module("cover_saves"):
        return out
    h = hex_of(target)
    hex_map = state.scenario.map
    chart = hex_map.chart
    soldierly = is_soldierly(utype)
    kinds = [m.kind for m in state.markers_at(h) if m.kind in chart.markers]
    replacing = [k for k in kinds if chart.markers[k].replaces_terrain]
    if replacing:  # READING (chart): Rubble and Burnt Woods are what is left of the terrain
        marker = chart.markers[replacing[0]]
        if marker.cover_save is not None:
            out.append(Cover(marker.cover_save, marker.name))
    else:
        terrain = hex_map.terrain(h)
        if terrain.cover_save is not None and (soldierly or not terrain.cover_soldiers_only):
            out.append(Cover(terrain.cover_save, terrain.name, terrain.cover_improvable))
    for kind in dict.fromkeys(kinds):
        marker = chart.markers[kind]
        if not marker.replaces_terrain and marker.cover_save is not None:
            out.append(Cover(marker.cover_save, kind))
    if target.has("entrenched"):
        out.append(Cover(6, "entrenched", kind="entrenched"))
    if firer_hex != h:
        for side in entry_sides(firer_hex, h):
            for feature in hex_map.feature_types(side):
                if feature.cover_save is not None:
                    where = f"{label(state, side.a)}/{label(state, side.b)}"
                    out.append(Cover(feature.cover_save, f"{feature.name} {where}",
                                     kind="hexside", side=side))  # fmt: skip
    return out


def save_spec(state: GameState, target: UnitState, firer_hex: Hex, los: LineOfSight) -> SaveSpec:
    """The save the target rolls, one d6 per hit, against fire from ``firer_hex``."""
    found = candidates(state, target, firer_hex)
    if not found:
        return SaveSpec(None, "in the open")
    base = min(found, key=lambda c: (c.need, _KIND_ORDER[c.kind]))
    need = base.need
    steps: list[str] = []
    utype = stype(state, target)
    if base.improvable:
        if utype.save_class == "elite":
            steps.append("elite troops in cover")
        cover_on = state.scenario.module("cover_saves")
        if cover_on and _small_part(state, target, firer_hex, base, los):
            steps.append("only a small part visible")
    need -= len(steps)
    caps: list[str] = []
    floor = BUNKER_SAVE if base.source == "bunker" else BEST_SAVE
    if need < floor:
        need = floor
        caps.append(f"never better than {floor}+" + (" in a bunker" if floor == 4 else ""))
    if utype.save_class == "conspicuous" and need < 6:
        need = 6
        caps.append("conspicuous troops never better than 6+")
    return SaveSpec(need, base.source, tuple(steps), tuple(caps))


def _small_part(
    state: GameState, target: UnitState, firer_hex: Hex, base: Cover, los: LineOfSight
) -> bool:
    h = hex_of(target)
    if firer_hex == h:
        return False
    ignore = (base.side,) if base.side is not None else ()
    share = los.visible_share(firer_hex, h, los_markers(state), ignore)
    return share <= SMALL_PART + SHARE_TOLERANCE  # "at most half", half itself included
