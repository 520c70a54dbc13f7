"""Shapely geometry of the map: the geometric authority for sight lines (rules 4.2, 4.5).

Everything is drawn in *lattice* coordinates, an affine image of the printed map in which
every hex corner is an integer point: hex ``(q, r)`` is centred on ``(3q, q + 2r)`` with
corners at ``(+-2, 0)`` and ``(+-1, +-1)`` from the centre. Crossing, touching and area ratios
are affine invariants, so the answers are those of the printed map, and no two hexes' shared
side can differ by a rounding error (the union of blocking hexes has no slivers).

One STRtree holds every hex polygon and every cover hexside (wall, fence, embankment: a
feature with a ``cover_save``); queries return indices into ``self.hexes`` / ``self.sides``.
The terrain itself lives in parallel arrays (``TerrainField``), so a terrain edit never
touches the tree.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely

from tabletop.hexgrid import Hex, HexSide
from tabletop.model import HexMap

__all__ = ["MapShapes", "lattice_point"]

_CORNERS = np.array([(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)], dtype=np.float64)
# Side of a hex towards neighbour d (DIRECTIONS order) runs between these two corners.
_SIDE_CORNERS = {(1, 0): (0, 1), (1, -1): (5, 0), (0, -1): (4, 5), (-1, 0): (3, 4),
                 (-1, 1): (2, 3), (0, 1): (1, 2)}  # fmt: skip
_FAR = 1000.0


def lattice_point(h: Hex) -> tuple[float, float]:
    return (3.0 * h.q, float(h.q + 2 * h.r))


class MapShapes:
    """Hex polygons (built in bulk), cover hexsides and one STRtree over them."""

    def __init__(self, hex_map: HexMap) -> None:
        self.hex_map = hex_map
        self.hexes: list[Hex] = list(hex_map.cells)
        self.position = {h: i for i, h in enumerate(self.hexes)}
        centres = np.array([lattice_point(h) for h in self.hexes], dtype=np.float64)
        rings = centres[:, None, :] + _CORNERS[None, :, :]
        self.polygons = shapely.polygons(rings)
        shapely.prepare(self.polygons)
        self._tree: shapely.STRtree | None = None
        self.sides: list[HexSide] = []
        self.side_lines = np.empty(0, dtype=object)

    # --- the tree ------------------------------------------------------------------------
    def cover_sides_changed(self) -> None:
        """A hexside feature was added or removed: rebuild the tree on the next query."""
        self._tree = None

    def _build_tree(self) -> shapely.STRtree:
        chart = self.hex_map.chart
        self.sides = sorted(
            side
            for side, names in self.hex_map.hexsides.items()
            if any(chart.hexsides[n].cover_save is not None for n in names)
        )
        self.side_lines = np.array([self.side_line(s) for s in self.sides], dtype=object)
        geoms = np.concatenate([self.polygons, self.side_lines]) if self.sides else self.polygons
        return shapely.STRtree(geoms)

    @property
    def tree(self) -> shapely.STRtree:
        if self._tree is None:
            self._tree = self._build_tree()
        return self._tree

    # --- primitives ------------------------------------------------------------------------
    def polygon(self, h: Hex) -> shapely.Polygon:
        if h in self.position:
            return self.polygons[self.position[h]]
        return shapely.polygons(np.array(lattice_point(h)) + _CORNERS)

    def side_line(self, side: HexSide) -> shapely.LineString:
        a, b = side.hexes()
        i, j = _SIDE_CORNERS[(b.q - a.q, b.r - a.r)]
        centre = np.array(lattice_point(a))
        return shapely.linestrings([centre + _CORNERS[i], centre + _CORNERS[j]])

    def sight_line(self, a: Hex, b: Hex) -> shapely.LineString:
        return shapely.linestrings([lattice_point(a), lattice_point(b)])

    # --- sight lines -------------------------------------------------------------------------
    def crossings(self, a: Hex, b: Hex) -> tuple[set[Hex], set[HexSide]]:
        """Map hexes whose interior the line crosses (ends excluded), and sides it runs along."""
        line = self.sight_line(a, b)
        found = self.tree.query(line, predicate="intersects")
        found = found[found < len(self.hexes)]
        polys = self.polygons[found]
        inner = shapely.relate_pattern(polys, line, "T********")
        crossed = {self.hexes[i] for i in found[inner]} - {a, b}
        along = shapely.length(shapely.intersection(shapely.boundary(polys), line)) > 0
        grazed: set[HexSide] = set()
        for i in found[along]:
            h = self.hexes[i]
            for n in h.neighbors():
                if n not in self.position:
                    continue  # the map's edge (see judge: grazes are between map hexes)
                if shapely.length(shapely.intersection(self.side_line(HexSide(h, n)), line)) > 0:
                    grazed.add(HexSide(h, n))
        return crossed, grazed

    def blocked_by_union(self, a: Hex, b: Hex, blocking: Sequence[Hex]) -> bool:
        """Whether the line passes through the interior of the union of the blocking hexes (ends
        excluded): a side shared by two blocking hexes is interior to the union, a side of one
        blocking hex is its boundary (rules 4.2)."""
        polys = [self.polygon(h) for h in blocking if h not in (a, b)]
        if not polys:
            return False
        union = shapely.union_all(polys)
        return bool(shapely.relate_pattern(union, self.sight_line(a, b), "T********"))

    # --- visible share (rules 4.5) ------------------------------------------------------------
    def visible_share(
        self, a: Hex, b: Hex, occluding: set[Hex], ignore: frozenset[HexSide] = frozenset()
    ) -> float:
        """Fraction of hex ``b`` seen from the centre of ``a`` past the occluding hexes and the
        cover hexsides (but those in ``ignore``).

        HOUSE DEFAULT: cover hexsides of the firer's own hex do not occlude (one fires over
        one's own wall); those of the target hex do (that is the cover they give).
        """
        target = self.polygon(b)
        if a == b:
            return 1.0
        origin = np.array(lattice_point(a))
        fan = shapely.convex_hull(shapely.union(target, shapely.points(origin)))
        found = self.tree.query(fan, predicate="intersects")
        n = len(self.hexes)
        vertex_sets: list[np.ndarray] = []
        for i in found.tolist():
            if i < n:
                h = self.hexes[i]
                if h in occluding and h not in (a, b):
                    vertex_sets.append(_CORNERS + np.array(lattice_point(h)))
            else:
                side = self.sides[i - n]
                if a not in side.hexes() and side not in ignore:
                    vertex_sets.append(shapely.get_coordinates(self.side_lines[i - n]))
        if not vertex_sets:
            return 1.0
        shadows = [
            shapely.convex_hull(shapely.multipoints(np.vstack([v, origin + _FAR * (v - origin)])))
            for v in vertex_sets
        ]
        seen = shapely.difference(target, shapely.union_all(shadows))
        return float(shapely.area(seen) / shapely.area(target))
