"""Map (``format: tabletop/map@1``) <-> :class:`HexMap`.

Two forms load to the same map: ``hexes:`` (label -> terrain, only hexes that differ from
the default) and, for large maps, ``rows:``/``levels:`` (one string per printed row, one
terrain code or level digit per column), which ``hexes:`` may still override. The rows
form is the fast path: each character becomes a shared :class:`HexCell` (one instance per
(terrain, level) pair) without any per-hex YAML node.
"""

from __future__ import annotations

import weakref
from collections.abc import Collection, Generator
from itertools import chain, islice
from operator import itemgetter
from typing import Any, TypeVar

from tabletop.data import bounds as B
from tabletop.data import fields as F
from tabletop.data.schema import ANY_KEYS, Checker, did_you_mean, raw_scalar, type_name
from tabletop.data.yamlsafe import LocDict
from tabletop.hexgrid import Hex, HexSide, side_between
from tabletop.model import Background, Grid, HexCell, HexMap, TerrainChart
from tabletop.model.collector import collector_paused

FORMAT = "tabletop/map@1"
T = TypeVar("T")
TOP_KEYS = F.MAP.keys
GRID_KEYS = F.GRID.keys
HEX_KEYS = F.HEX_ENTRY.keys
BACKGROUND_KEYS = F.BACKGROUND.keys
SIDE_KEYS = frozenset(F.HEXSIDE_ENTRY.keys)


def label_text(container: Any, key: str | int, value: Any) -> Any:
    """A hex label as written: an unquoted ``0304`` is read back from the source text."""
    if isinstance(value, int) and not isinstance(value, bool):
        if isinstance(container, list):
            raw = raw_scalar(container, int(key))
            return raw if raw is not None else str(value)
        if isinstance(container, LocDict) and container.node is not None:
            for k, v in container.node.value:
                if k.value == key and hasattr(v, "value") and isinstance(v.value, str):
                    return v.value
        return str(value)
    return value


class Labels:
    """Parses labels of one map, remembering each answer (labels repeat in hexsides).

    A label as the map prints it is one lookup in a table of every hex's label, made once
    (``OffsetScheme.label_table``); anything else (a number, lower-case column letters, a
    label off the map or malformed) takes the careful path, which reports what is wrong.
    """

    def __init__(self, ck: Checker, hexmap: HexMap, table: dict[str, Hex] | None = None) -> None:
        self.ck = ck
        self.map = hexmap
        self.cache: dict[str, Hex] = {}
        self._table = table

    @property
    def table(self) -> dict[str, Hex]:
        """Every hex of the map by its printed label."""
        if self._table is None:
            self._table = _known_table(self.map)
            if self._table is None:
                self._table = self.map.scheme.label_table(self.map.cells)
                _remember_table(self.map, self._table)
        return self._table

    def hex(self, container: Any, key: str | int, value: Any) -> Hex | None:
        if type(value) is str:
            h = self.table.get(value)
            if h is not None:
                return h
        return self._careful_hex(container, key, value)

    def _careful_hex(self, container: Any, key: str | int, value: Any) -> Hex | None:
        value = label_text(container, key, value)
        if not isinstance(value, str):
            self.ck.error(
                container, key, f"a hex label must be a string like '0304', not {type_name(value)}"
            )
            return None
        h = self.cache.get(value)
        if h is not None:
            return h
        try:
            h = self.map.parse(value)
        except ValueError as exc:
            self.ck.error(container, key, str(exc))
            return None
        self.cache[value] = h
        return h

    def side(self, container: Any, key: str | int, value: Any) -> HexSide | None:
        """A hexside written ``"0506/0507"`` or ``["0506", "0507"]``."""
        if type(value) is str:  # the common case, two labels of the map: no checks needed
            a_text, _, b_text = value.partition("/")
            table = self.table
            a, b = table.get(a_text), table.get(b_text)  # (no label holds a "/")
            if a is not None and b is not None:
                side = side_between(a, b)
                if side is not None:
                    return side  # (not adjacent: said below)
        return self._careful_side(container, key, value)

    def _careful_side(self, container: Any, key: str | int, value: Any) -> HexSide | None:
        if isinstance(value, str):
            parts: list[Any] = value.split("/")
        elif isinstance(value, list):
            parts = [label_text(value, i, v) for i, v in enumerate(value)]
        else:
            parts = []
        if len(parts) != 2:
            self.ck.error(
                container,
                key,
                f"a hexside is written '0506/0507' or ['0506', '0507'], not {value!r}",
            )
            return None
        a = self.hex(container, key, parts[0])
        b = self.hex(container, key, parts[1])
        if a is None or b is None:
            return None
        if not a.is_adjacent(b):
            self.ck.error(
                container,
                key,
                f"no hexside between {parts[0]} and {parts[1]}: they are not adjacent",
            )
            return None
        return HexSide.between(a, b)


_last_table: list[tuple[weakref.ref[HexMap], Grid, int, int, dict[str, Hex]]] = []
"""The label table of the map built or asked last (a scenario asks for the map that was
just built for it), and what it was made for: the map, its grid and its cells table (the
dict's identity and size; the map editor changes cells' terrain, never which hexes a map
has)."""


def _remember_table(hexmap: HexMap, table: dict[str, Hex]) -> None:
    ref = weakref.ref(hexmap, _forget_table)  # (not kept beyond the map's life)
    _last_table[:] = [(ref, hexmap.grid, id(hexmap.cells), len(hexmap.cells), table)]


def _forget_table(ref: weakref.ref[HexMap]) -> None:
    if _last_table and _last_table[0][0] is ref:
        _last_table.clear()


def _known_table(hexmap: HexMap) -> dict[str, Hex] | None:
    for ref, grid, cells, size, table in _last_table:
        same_cells = id(hexmap.cells) == cells and len(hexmap.cells) == size
        if ref() is hexmap and hexmap.grid == grid and same_cells:
            return table
    return None


def _too_big(ck: Checker, doc: dict[str, Any], columns: int, rows: int) -> bool:
    if columns <= B.MAP_SIDE and rows <= B.MAP_SIDE and columns * rows <= B.MAP_HEXES:
        return False
    ck.error(
        doc,
        "grid" if "grid" in doc else "rows",
        f"a map of {columns} x {rows} hexes is too large: at most {B.MAP_SIDE} columns "
        f"or rows and {B.MAP_HEXES:,} hexes in all",
    )
    return True


def _grid(ck: Checker, doc: dict[str, Any], rows: list[Any]) -> Grid | None:
    if "grid" not in doc:
        if not rows or not isinstance(rows[0], str):
            ck.error(doc, None, "the map has no 'grid:' (and no 'rows:' to take its size from)")
            return None
        if _too_big(ck, doc, len(rows[0]), len(rows)):
            return None
        return Grid(columns=len(rows[0]), rows=len(rows))
    g = F.GRID.mapping(ck, doc, "grid", doc["grid"], "grid")
    if not g:
        return None
    columns = F.GRID.read(ck, g, "columns", "grid", fallback=1)
    rows_n = F.GRID.read(ck, g, "rows", "grid", fallback=1)
    if _too_big(ck, doc, columns, rows_n):
        return None
    try:
        return Grid(
            columns=columns,
            rows=rows_n,
            orientation=F.GRID.read(ck, g, "orientation"),
            stagger=F.GRID.read(ck, g, "stagger"),
            first=F.GRID.read(ck, g, "first"),
            letters=F.GRID.read(ck, g, "letters"),
            hex_size=F.GRID.read(ck, g, "hex_size"),
        )
    except ValueError as exc:
        ck.error(doc, "grid", str(exc))
        return None


def _terrain_name(
    ck: Checker, chart: TerrainChart, container: Any, key: Any, name: Any
) -> tuple[str, int | None] | None:
    """A terrain or alias name -> (terrain, implied level)."""
    if ck.name_in(container, key, name, "terrain", chart.names()) is None:
        return None
    terrain, level = chart.resolve(name)
    return terrain.name, level


def _rectangle(grid: Grid) -> tuple[list[list[Hex]], dict[str, Hex]]:
    """The map's hexes, column by column, and the table of their labels (see Labels)."""
    scheme = grid.scheme()
    hexes = scheme.rectangle(grid.columns, grid.rows)
    table: dict[str, Hex] = {}
    for labels, column in zip(scheme.rectangle_labels(grid.columns, grid.rows), hexes, strict=True):
        table.update(zip(labels, column, strict=True))
    table.pop("", None)  # (hexes without a label: none on a map's own grid)
    return hexes, table


def _fill_rows(
    ck: Checker,
    doc: dict[str, Any],
    chart: TerrainChart,
    grid: Grid,
    default: str,
    hexes: list[list[Hex]],
) -> dict[Hex, HexCell]:
    rows = ck.sequence(doc, "rows", doc.get("rows"), "rows")
    levels = ck.sequence(doc, "levels", doc.get("levels"), "levels")
    ncols, nrows = grid.columns, grid.rows
    codes = {t.code: t.name for t in chart.terrain.values()}
    texts = _row_texts(ck, doc, "rows", rows, nrows, ncols, codes, "terrain code")
    digits = {str(d): str(d) for d in range(10)}
    lv_texts = _row_texts(ck, doc, "levels", levels, nrows, ncols, digits, "level digit")
    # one cell per (code, digit) pair written (None: no row or no levels), an unknown code
    # or digit (reported above) standing for the default terrain or level 0
    shared: dict[tuple[str | None, str | None], HexCell] = {}
    for code in {None}.union(*[t for t in texts if t is not None]):
        for digit in {None}.union(*[t for t in lv_texts if t is not None]):
            name = codes.get(code, default) if code is not None else default
            level = int(digit) if digit is not None and digit in digits else 0
            shared[code, digit] = HexCell(name, level)
    row_cells: list[list[HexCell]] = []  # each row's cells, column by column
    for j in range(nrows):
        text = texts[j] if texts else None
        lv_text = lv_texts[j] if lv_texts else None
        pairs = zip(text or [None] * ncols, lv_text or [None] * ncols, strict=True)
        row_cells.append(list(map(shared.__getitem__, pairs)))
    cells: dict[Hex, HexCell] = {}  # column by column, as the map's hexes are ordered
    for column, column_cells in zip(hexes, zip(*row_cells, strict=True), strict=True):
        cells.update(zip(column, column_cells, strict=True))
    return cells


def _row_texts(
    ck: Checker,
    doc: dict[str, Any],
    key: str,
    rows: list[Any],
    nrows: int,
    ncols: int,
    valid: dict[str, str],
    what: str,
) -> list[str | None]:
    if not rows:
        return []
    if len(rows) != nrows:
        ck.error(doc, key, f"{key} has {len(rows)} strings but the map has {nrows} rows")
    out: list[str | None] = []
    for j in range(nrows):
        text = rows[j] if j < len(rows) else None
        if isinstance(text, int) and not isinstance(text, bool):
            text = raw_scalar(rows, j)
        if text is None:
            if j < len(rows):
                ck.error(
                    rows,
                    j,
                    f"{key} row {j + 1} is null (an unquoted ~ is YAML's null): "
                    'quote the row, e.g. "~~~~"',
                )
            out.append(None)
            continue
        if not isinstance(text, str):
            ck.error(rows, j, f"{key} row {j + 1} must be a string, not {type_name(text)}")
            out.append(None)
            continue
        if len(text) != ncols:
            ck.error(
                rows,
                j,
                f"{key} row {j + 1} has {len(text)} characters but the map has {ncols} columns",
            )
            text = text.ljust(ncols)[:ncols]
        for bad in sorted(set(text) - valid.keys()):
            hint = did_you_mean(bad, valid) if len(valid) > 10 else ""
            ck.error(
                rows,
                j,
                f"unknown {what} {bad!r} in {key} row {j + 1}{hint}; "
                f"expected one of {' '.join(sorted(valid))}",
            )
        out.append(text)
    return out


def _apply_hexes(ck: Checker, doc: dict[str, Any], hexmap: HexMap, labels: Labels) -> None:
    hexes = ck.mapping(doc, "hexes", doc.get("hexes") or {}, "hexes", ANY_KEYS)
    chart = hexmap.chart
    for label, entry in hexes.items():
        h = labels.hex(hexes, label, label)
        if isinstance(entry, dict):
            d = F.HEX_ENTRY.mapping(ck, hexes, label, entry, f"hex {label}")
            resolved = _terrain_name(ck, chart, d, "terrain", d.get("terrain"))
            level = F.HEX_ENTRY.read(ck, d, "level", fallback=0)
            entrances = _entrances(ck, d, h, labels)
        else:
            resolved = _terrain_name(ck, chart, hexes, label, entry)
            level, entrances = None, ()
        if h is None or resolved is None:
            continue
        name, implied = resolved
        final_level = level if level is not None else implied if implied is not None else 0
        hexmap.cells[h] = HexCell(name, final_level, entrances)


def _entrances(
    ck: Checker, d: dict[str, Any], h: Hex | None, labels: Labels
) -> tuple[HexSide, ...]:
    out: list[HexSide] = []
    for i, item in enumerate(ck.sequence(d, "entrances", d.get("entrances"), "entrances")):
        side = labels.side(d["entrances"], i, item)
        if side is None or h is None:
            continue
        if h not in side.hexes():
            ck.error(d["entrances"], i, f"entrance {item} is not a side of this hex")
            continue
        out.append(side)
    if out and d.get("terrain") != "bunker":
        ck.error(d, "entrances", "only a bunker has entrances")
    return tuple(out)


def _apply_hexsides(ck: Checker, doc: dict[str, Any], hexmap: HexMap, labels: Labels) -> None:
    entries = ck.sequence(doc, "hexsides", doc.get("hexsides"), "hexsides")
    features = hexmap.chart.hexsides
    table = labels.table
    # the sides found so far by their coordinates, a key hashed in C (a HexSide's hash is
    # three Python calls); the map's table is filled once at the end, in the same order
    found = {_side_coords(s): (s, have) for s, have in hexmap.hexsides.items()}
    for i, entry in enumerate(entries):
        # the usual entry, {side: "0506/0507", feature: KNOWN} with two labels of the map
        # that are adjacent: what the general path below makes of it, without its checks
        if isinstance(entry, dict) and len(entry) == 2:
            text, feature = entry.get("side"), entry.get("feature")
            if type(text) is str and type(feature) is str and feature in features:
                a_text, _, b_text = text.partition("/")
                a, b = table.get(a_text), table.get(b_text)  # (no label holds a "/")
                side = side_between(a, b) if a is not None and b is not None else None
                if side is not None:
                    a, b = side.a, side.b
                    coords = (a.q, a.r, b.q, b.r)
                    have = found.get(coords)
                    if have is None:
                        found[coords] = (side, (feature,))
                        continue
                    if feature not in have[1]:
                        found[coords] = (have[0], (*have[1], feature))
                        continue
        _general_hexside(ck, entries, i, entry, features, labels, found)
    hexmap.hexsides.clear()
    hexmap.hexsides.update(found.values())


def _general_hexside(
    ck: Checker,
    entries: list[Any],
    i: int,
    entry: Any,
    features: Collection[str],
    labels: Labels,
    found: dict[tuple[int, int, int, int], tuple[HexSide, tuple[str, ...]]],
) -> None:
    """Any hexside entry, every key checked and every problem reported."""
    if not isinstance(entry, dict) or not entry.keys() <= SIDE_KEYS:
        F.HEXSIDE_ENTRY.mapping(ck, entries, i, entry, "a hexside entry")
        return
    if ("side" in entry) == ("between" in entry):
        ck.error(entries, i, "a hexside entry needs exactly one of 'side' or 'between'")
        return
    key = "side" if "side" in entry else "between"
    side = labels.side(entry, key, entry[key])
    feature = entry.get("feature")
    if not isinstance(feature, str) or feature not in features:
        ck.name_in(
            entry,
            "feature" if "feature" in entry else None,
            feature,
            "hexside feature",
            features,
        )
        return
    if side is None:
        return
    coords = _side_coords(side)
    have = found.get(coords)
    if have is None:
        found[coords] = (side, (feature,))
    elif feature in have[1]:
        ck.error(entries, i, f"{feature} is already on hexside {entry[key]}")
    else:
        found[coords] = (have[0], (*have[1], feature))


def _side_coords(side: HexSide) -> tuple[int, int, int, int]:
    a, b = side.a, side.b
    return a.q, a.r, b.q, b.r


def _pair(ck: Checker, d: dict[str, Any], key: str, default: tuple[float, float], *,
          positive: bool, single: bool) -> tuple[float, float]:  # fmt: skip
    """``[x, y]`` (or, with ``single``, one number for both) of finite numbers."""
    value = d.get(key, default)
    items = [value, value] if single and isinstance(value, int | float) else value
    ok = (
        isinstance(items, list | tuple)
        and len(items) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in items)
        and all(abs(v) < 1e7 and (v > 0 or not positive) for v in items)
    )
    if not ok:
        what = "a positive number or [across, down]" if single else "[x, y] in image pixels"
        ck.error(d, key, f"background {key} must be {what}, not {value!r}")
        return default
    return float(items[0]), float(items[1])


def _background(ck: Checker, doc: dict[str, Any]) -> Background | None:
    if doc.get("background") is None:
        return None
    d = F.BACKGROUND.mapping(ck, doc, "background", doc["background"], "background")
    if not d:
        return None
    image = d.get("image")
    if not isinstance(image, str) or not image.strip():
        ck.error(d, "image", f"background image must be a path, not {type_name(image)}")
        return None
    return Background(
        image,
        opacity=F.BACKGROUND.read(ck, d, "opacity"),
        origin=_pair(ck, d, "origin", (0.0, 0.0), positive=False, single=False),
        hex_size=_pair(ck, d, "hex_size", (40.0, 40.0), positive=True, single=True),
    )


@collector_paused()
def map_from(ck: Checker, doc: Any, chart: TerrainChart | None) -> HexMap | None:
    """Build a map from a loaded document (the chart already resolved by the caller)."""
    doc = F.MAP.mapping(ck, None, None, doc, "the map")
    rows = doc.get("rows") if isinstance(doc.get("rows"), list) else []
    grid = _grid(ck, doc, rows)
    name = F.MAP.read(ck, doc, "name")
    notes = F.MAP.read(ck, doc, "notes")
    if "levels" in doc and "rows" not in doc:
        ck.error(doc, "levels", "'levels:' needs 'rows:' beside it")
    if chart is None or grid is None:
        return None
    default = doc.get("default", "clear")
    resolved = _terrain_name(ck, chart, doc, "default" if "default" in doc else None, default)
    default_name = resolved[0] if resolved else next(iter(chart.terrain), "clear")
    if default_name not in chart.terrain:  # no terrain to fill the map with: no map
        where = "default" if "default" in doc else None
        ck.error(doc, where, f"the map's default terrain {default_name!r} is not in its chart")
        return None
    hexes, table = _rectangle(grid)
    if "rows" in doc:
        cells = _fill_rows(ck, doc, chart, grid, default_name, hexes)
    else:
        fill = HexCell(default_name, resolved[1] or 0 if resolved else 0)
        cells = dict.fromkeys(chain.from_iterable(hexes), fill)
    hexmap = HexMap(str(name), chart, grid, default_name, cells, {}, str(notes))
    labels = Labels(ck, hexmap, table)
    _remember_table(hexmap, table)
    _apply_hexes(ck, doc, hexmap, labels)
    _apply_hexsides(ck, doc, hexmap, labels)
    hexmap.background = _background(ck, doc)
    return hexmap


# --- model -> dict --------------------------------------------------------------------


def _grid_dict(grid: Grid) -> dict[str, Any]:
    out: dict[str, Any] = {"columns": grid.columns, "rows": grid.rows}
    default = Grid(1, 1)
    for key in ("orientation", "stagger", "first", "letters", "hex_size"):
        if getattr(grid, key) != getattr(default, key):
            out[key] = getattr(grid, key)
    return out


def _cell_entry(hexmap: HexMap, cell: HexCell) -> Any:
    if cell.level == 0 and not cell.entrances:
        return cell.terrain
    entry: dict[str, Any] = {"terrain": cell.terrain, "level": cell.level}
    if cell.entrances:
        entry["entrances"] = [_side_text(hexmap, s) for s in cell.entrances]
    return entry


def _side_text(hexmap: HexMap, side: HexSide) -> str:
    return f"{hexmap.label(side.a)}/{hexmap.label(side.b)}"


def choose_form(hexmap: HexMap) -> str:
    """``rows`` for large maps whose terrain codes are distinct, else ``hexes``."""
    codes = {t.code for t in hexmap.chart.terrain.values()}
    distinct = len(codes) == len(hexmap.chart.terrain)
    return "rows" if distinct and len(hexmap.cells) > 1000 else "hexes"


STEP_CELLS = 2000
"""Cells turned into row text per step of :func:`map_dict_steps` (about a millisecond)."""
STEP_SIDES = 300
"""Hexsides turned into entries per step."""

Steps = Generator[None, None, T]
"""Work done a step at a time: each ``next()`` does a short step, the last one returns
(``StopIteration.value``) the result. :func:`run_steps` does them all at once."""


def run_steps(steps: Steps[T]) -> T:
    """Every step of ``steps``, at once: the result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def _rows(hexmap: HexMap) -> Steps[tuple[list[str], list[str], dict[Hex, HexCell]]]:
    """The ``rows:`` and ``levels:`` strings, and the cells they cannot hold (a level above
    9, a bunker's entrances) in the map's hex order. One pass over the cells, without a
    hex built or a label printed."""
    grid, chart = hexmap.grid, hexmap.chart
    ncols, nrows = grid.columns, grid.rows
    default = chart.terrain[hexmap.default].code
    text = [[default] * ncols for _ in range(nrows)]
    lv = [["0"] * ncols for _ in range(nrows)]
    codes = {name: t.code for name, t in chart.terrain.items()}
    flat, odd = grid.orientation == "flat", grid.stagger == "odd"
    extra: list[tuple[int, int, Hex, HexCell]] = []
    cells = iter(hexmap.cells.items())
    while batch := list(islice(cells, STEP_CELLS)):
        for h, cell in batch:
            q, r = h.q, h.r
            if flat:
                k, j = q, r + (q >> 1 if odd else (q + 1) >> 1)
            else:
                k, j = q + (r >> 1 if odd else (r + 1) >> 1), r
            if not (0 <= k < ncols and 0 <= j < nrows):
                continue  # not a hex of the grid (a map holds none)
            text[j][k] = codes[cell.terrain]
            level = cell.level
            if 0 < level <= 9:
                lv[j][k] = str(level)
            if level > 9 or cell.entrances:
                extra.append((k, j, h, cell))
        yield
    extra.sort(key=lambda e: (e[0], e[1]))  # the map's order: column by column
    return ["".join(t) for t in text], ["".join(x) for x in lv], {h: c for _, _, h, c in extra}


class _Sides:
    """Hexside texts of one map, each hex's label printed once."""

    def __init__(self, hexmap: HexMap) -> None:
        self.label = hexmap.label
        self.labels: dict[tuple[int, int], str] = {}  # by (q, r): a tuple hashes in C

    def text(self, side: HexSide) -> str:
        labels = self.labels
        a, b = side.a, side.b
        ka, kb = (a.q, a.r), (b.q, b.r)
        la = labels.get(ka)
        if la is None:
            la = labels[ka] = self.label(a)
        lb = labels.get(kb)
        if lb is None:
            lb = labels[kb] = self.label(b)
        return f"{la}/{lb}"


def _side_key(side: HexSide) -> int:
    """The order of :class:`HexSide` (by ``a`` then ``b``, each by ``(q, r)``) as one
    number, which sorts without a Python comparison per pair (coordinates of a map are
    far inside +-2**15)."""
    a, b = side.a, side.b
    return (((a.q + _OFF) << 48) | ((a.r + _OFF) << 32) | ((b.q + _OFF) << 16)) + b.r + _OFF


_OFF = 1 << 15


def hexside_entries(hexmap: HexMap) -> Steps[list[dict[str, str]]]:
    """The ``hexsides:`` list: each feature of each side, the sides in their order."""
    sides = _Sides(hexmap)
    features = hexmap.hexsides
    todo = list(features)
    keyed: list[tuple[int, HexSide]] = []
    for i in range(0, len(todo), STEP_SIDES):
        keyed += [(_side_key(side), side) for side in todo[i : i + STEP_SIDES]]
        yield
    keyed.sort(key=itemgetter(0))  # in C, one number per side
    yield
    out: list[dict[str, str]] = []
    for i in range(0, len(keyed), STEP_SIDES):
        out += [
            {"side": sides.text(side), "feature": f}
            for _, side in keyed[i : i + STEP_SIDES]
            for f in features[side]
        ]
        yield
    return out


def background_dict(bg: Background, image: str | None = None) -> dict[str, Any]:
    sx, sy = bg.hex_size
    return {
        "image": bg.image if image is None else image,
        "opacity": bg.opacity,
        "origin": [bg.origin[0], bg.origin[1]],
        "hex_size": sx if sx == sy else [sx, sy],
    }


def map_to_dict(hexmap: HexMap, form: str = "auto", chart_ref: str | None = None) -> dict[str, Any]:
    """The file form of a map; ``form`` is ``hexes``, ``rows`` or ``auto``."""
    return run_steps(map_dict_steps(hexmap, form, chart_ref))


def map_dict_steps(
    hexmap: HexMap, form: str = "auto", chart_ref: str | None = None
) -> Steps[dict[str, Any]]:
    """:func:`map_to_dict` a step at a time (a 200 x 200 map in a few dozen steps of about
    a millisecond), for a caller that must not hold the interpreter for long."""
    if form == "auto":
        form = choose_form(hexmap)
    ref = chart_ref if chart_ref is not None else (hexmap.chart_ref or hexmap.chart.name)
    out: dict[str, Any] = {
        "format": FORMAT,
        "name": hexmap.name,
        "terrain": ref,
        "grid": _grid_dict(hexmap.grid),
        "default": hexmap.default,
    }
    if form == "rows":
        rows, levels, extra = yield from _rows(hexmap)
        out["rows"] = rows
        if any(text.strip("0") for text in levels):
            out["levels"] = levels
        overrides = list(extra.items())
    else:
        plain_cell = HexCell(hexmap.default)
        order = hexmap.all_hexes()
        overrides = [(h, hexmap.cells[h]) for h in order if hexmap.cells[h] != plain_cell]
    if overrides:
        out["hexes"] = {hexmap.label(h): _cell_entry(hexmap, c) for h, c in overrides}
    if hexmap.hexsides:
        out["hexsides"] = yield from hexside_entries(hexmap)
    if hexmap.notes:
        out["notes"] = hexmap.notes
    if hexmap.background is not None:
        out["background"] = background_dict(hexmap.background)
    return out  # plain values only: built here from the model's strings and numbers
