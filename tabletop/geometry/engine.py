"""``LosEngine``: the line-of-sight engine behind the rules' ``LineOfSight`` protocol.

- Single answers (``check``) read the sight line's pieces from the per-offset table (exact
  integer geometry, see ``rays``) and apply rules 4.1-4.4 with an explanation (``judge``).
- Fields of view (``visible_from``) evaluate the same rules for every hex at once (``fov``).
- Shapely (``shapes``) is the geometric authority: the tests check the table against it on
  every pair of hexes, and it answers the visible share of a hex (rules 4.5).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.geometry.field import BLOCK, TerrainField
from tabletop.geometry.fov import field_of_view
from tabletop.geometry.judge import Judge
from tabletop.geometry.table import Line, RayTable
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import HexMap, HexMarker, Options
from tabletop.rules.los import LosResult, Viewpoint

if TYPE_CHECKING:
    from tabletop.geometry.shapes import MapShapes

__all__ = ["LosEngine", "explain_json"]

_DEFAULT_OPTIONS = Options()


class LosEngine:
    """Line of sight on one map (implements ``tabletop.rules.los.LineOfSight``)."""

    def __init__(self, hex_map: HexMap, options: Options = _DEFAULT_OPTIONS) -> None:
        if options.los_model not in ("waw", "slope"):
            raise ValueError(f"unknown los_model {options.los_model!r} (waw or slope)")
        self.hex_map = hex_map
        self.options = options
        self.field = TerrainField(hex_map)
        self.table = RayTable(self.field.stride)
        self._shapes: MapShapes | None = None
        self._fields: OrderedDict[tuple[Viewpoint, object], np.ndarray] = OrderedDict()
        """Fields of view already computed (``visible_mask``), least recently used first,
        at most ``FIELDS_BYTES`` of them."""
        self._fields_lock = threading.Lock()

    @property
    def shapes(self) -> MapShapes:
        """The shapely geometry, built on first use (fields of view never need it, so a
        process that asks only those never imports shapely)."""
        if self._shapes is None:
            from tabletop.geometry.shapes import MapShapes

            self._shapes = MapShapes(self.hex_map)
        return self._shapes

    # --- edits ---------------------------------------------------------------------------------
    FIELDS_BYTES = 4 << 20
    """What the remembered fields of view may hold: a hundred on a 40,000-hex map, all a
    game's on a small one. The computer opponent asks every enemy unit's field of view
    again for each action it tries, and a helicopter's (line by line) costs 30 ms."""

    def update_hex(self, h: Hex) -> None:
        """The map's cell ``h`` changed: re-read that hex only."""
        self.field.update_hex(h)
        self._fields.clear()

    def update_hexside(self, side: HexSide) -> None:
        """A hexside feature changed: cover hexsides are re-read on the next share query
        (and no field of view is trusted from before)."""
        del side
        self._fields.clear()
        if self._shapes is not None:
            self._shapes.cover_sides_changed()

    # --- the protocol ----------------------------------------------------------------------------
    def _check_hex(self, h: Hex) -> None:
        if h not in self.hex_map.cells:
            raise ValueError(f"hex {h!r} is not on the map ({self.hex_map.size_text()})")

    def check(self, a: Viewpoint, b: Viewpoint, markers: Sequence[HexMarker] = ()) -> LosResult:
        """LOS from ``a`` to ``b`` with its explanation (rules 4.1-4.4, 4.6)."""
        self._check_hex(a.hex)
        self._check_hex(b.hex)
        judge = Judge(self.field, self.field.cover(markers), self.options)
        if a.hex == b.hex:
            return judge.judge(a, b, Line((0,), (0,), (0,), 1))
        return judge.judge(a, b, self.table.line(b.hex.q - a.hex.q, b.hex.r - a.hex.r))

    def visible_from(self, a: Viewpoint, markers: Sequence[HexMarker] = ()) -> frozenset[Hex]:
        """Every map hex in which a ground unit would be seen from ``a`` (and ``a`` itself)."""
        self._check_hex(a.hex)
        mask = self.visible_mask(a, markers)
        return frozenset(self.field.hex_at(i) for i in np.flatnonzero(mask).tolist())

    def remembered_sight(
        self, a: Viewpoint, b: Viewpoint, markers: Sequence[HexMarker] = ()
    ) -> bool | None:
        """``check(a, b, markers).clear`` read from ``a``'s remembered field of view (a
        ground unit in ``b``), or None when that field is not remembered."""
        if b.helicopter_mode:
            return None
        mask = self._fields.get((a, self.field.cover(markers).key))
        if mask is None:
            return None
        return a.hex == b.hex or bool(mask[self.field.index(b.hex)])

    def visible_among(
        self, a: Viewpoint, hexes: Sequence[Hex], markers: Sequence[HexMarker] = ()
    ) -> frozenset[Hex]:
        """The hexes of ``hexes`` in which a ground unit would be seen from ``a``:
        ``visible_from(a) & set(hexes)``, computed on those lines only."""
        self._check_hex(a.hex)
        cells_of = self.hex_map.cells
        for h in (h for h in hexes if h not in cells_of):
            self._check_hex(h)  # (raises)
        if a.helicopter_mode:
            return frozenset(h for h in hexes if self.check(a, Viewpoint(h), markers).clear)
        f = self.field
        cells = np.array([(h.q - f.q0) * f.stride + (h.r - f.r0) for h in hexes], dtype=np.int64)
        origin = f.index(a.hex)
        mask = field_of_view(self.field, self.field.cover(markers), self.table, origin,
                             self.options, among=cells)  # fmt: skip
        return frozenset(h for h, c in zip(hexes, cells.tolist(), strict=True)
                         if mask[c] or c == origin)  # fmt: skip

    def visible_mask(self, a: Viewpoint, markers: Sequence[HexMarker] = ()) -> np.ndarray:
        """``visible_from`` as a boolean array over the field's cells (fast, for overlays;
        remembered, read-only: the same viewpoint and markers give the same field)."""
        cover = self.field.cover(markers)
        key = (a, cover.key)
        fields = self._fields
        with self._fields_lock:  # (the opponent thinks on its own thread, with this engine)
            mask = fields.get(key)
            if mask is not None:
                fields.move_to_end(key)
                return mask
        if a.helicopter_mode:
            mask = self._visible_one_by_one(a, markers)
        else:
            mask = field_of_view(self.field, cover, self.table, self.field.index(a.hex),
                                 self.options)  # fmt: skip
        mask.flags.writeable = False
        with self._fields_lock:
            fields[key] = mask
            while len(fields) * mask.nbytes > self.FIELDS_BYTES:
                fields.popitem(last=False)
        return mask

    def _visible_one_by_one(self, a: Viewpoint, markers: Sequence[HexMarker]) -> np.ndarray:
        mask = np.zeros(len(self.field.on_map), dtype=np.bool_)
        for h in self.hex_map.cells:
            if self.check(a, Viewpoint(h), markers).clear:
                mask[self.field.index(h)] = True
        return mask

    def visible_share(
        self, a: Hex, b: Hex, markers: Sequence[HexMarker] = (), ignore: Sequence[HexSide] = ()
    ) -> float:
        """Fraction of hex ``b``'s area seen from the centre of ``a`` (rules 4.5).

        HOUSE DEFAULT: the occluders are the hexes whose top (level, +1 for blocking terrain or
        Smoke) is above both ends' levels, and the cover hexsides (wall, fence, embankment)
        but those in ``ignore`` (rules 3.4: the hexside that gives the base save).
        """
        self._check_hex(a)
        self._check_hex(b)
        cover = self.field.cover(markers)
        f = self.field
        eye = max(f.level[f.index(a)], f.level[f.index(b)])
        top = f.level + ((cover.code == BLOCK) | cover.smoke)
        occluding = {f.hex_at(i) for i in np.flatnonzero(f.on_map & (top > eye)).tolist()}
        return self.shapes.visible_share(a, b, occluding, frozenset(ignore))

    # --- drawing --------------------------------------------------------------------------------
    def line_segment(self, a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
        """The sight line's end points in the map's pixel coordinates (for the app to draw)."""
        layout = self.hex_map.layout()
        return layout.hex_to_pixel(a), layout.hex_to_pixel(b)


def _side_label(hex_map: HexMap, side: HexSide) -> str:
    return f"{hex_map.label(side.a)}/{hex_map.label(side.b)}"


def _item_label(hex_map: HexMap, item: Hex | HexSide) -> str:
    return _side_label(hex_map, item) if isinstance(item, HexSide) else hex_map.label(item)


def explain_json(result: LosResult, hex_map: HexMap) -> dict[str, Any]:
    """The ``tabletop los --json`` object of interfaces.md section 3."""
    return {
        "from": hex_map.label(result.from_hex),
        "to": hex_map.label(result.to_hex),
        "range": result.range,
        "clear": result.clear,
        "blocked_by": [_item_label(hex_map, x) for x in result.blocked_by],
        "hindrances": [hex_map.label(h) for h in result.hindrances],
        "grazed": [_side_label(hex_map, s) for s in result.grazed],
        "reason": result.reason,
    }
