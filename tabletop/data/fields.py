"""Each hand-written format's keys, declared once: a :class:`Table` per mapping of a format
(a terrain type, a map's top level, a scenario's), a :class:`Field` per key with its type,
bounds, default and one line of doc, as qutebrowser declares its options.

One engine checks and converts through the tables: :meth:`Table.mapping` checks a mapping's
keys (unknown ones with a suggestion, missing required ones), :meth:`Table.read` reads one
scalar key by its declared type through :class:`~tabletop.data.schema.Checker`, so every
problem keeps its ``FILE:LINE:COLUMN`` and its words. A key whose value is a structure of
its own (``grid:``, ``units:``, a terrain's ``bonus:``) is declared here with its doc and
default and converted by its format module. docs/formats.md's key tables are tested
against these tables (tests/data/test_fields.py): the same keys, the same defaults.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from tabletop.data import bounds as B
from tabletop.data.schema import Checker
from tabletop.model import Conceals, LevelStyle, LosEffect
from tabletop.model.terrain import TEXTURES

_COLOR = re.compile(r"#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?")


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Final[Any] = _Required()
"""The default of a key every such mapping must have."""

KINDS = ("text", "choice", "int", "face", "number", "bool", "color", "structure")
"""The types a field may declare; ``structure`` is a value its format module converts."""


@dataclass(frozen=True)
class Field:
    """One key of a mapping: its type, bounds and default, and one line of doc."""

    key: str
    kind: str
    doc: str
    default: Any = REQUIRED
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] = ()
    nullable: bool = False
    """``null`` is a value of its own (no save, the chart's "-"), read as None."""
    shown: str | None = None
    """The default as docs/formats.md writes it, where it is not the literal value (a
    default computed from other keys, or a structure's)."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"field {self.key!r}: unknown kind {self.kind!r}")

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def default_text(self) -> str:
        """The default as the docs' key tables write it: ``required``, a YAML literal in
        backticks (`` `true` ``, `` `"#000000"` ``, `` `clear` ``) or :attr:`shown`."""
        if self.shown is not None:
            return self.shown
        if self.required:
            return "required"
        return f"`{literal(self.default)}`"


def literal(value: Any) -> str:
    """A value as YAML writes it inline."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        plain = value and re.fullmatch(r"[A-Za-z_][\w .-]*", value) and value not in ("null",)
        return value if plain else f'"{value}"'
    return str(value)


@dataclass(frozen=True)
class Table:
    """The keys of one mapping of a format, in the order the docs list them."""

    name: str
    fields: tuple[Field, ...]
    _by_key: dict[str, Field] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_key = {f.key: f for f in self.fields}
        if len(by_key) != len(self.fields):
            raise ValueError(f"table {self.name!r} declares a key twice")
        object.__setattr__(self, "_by_key", by_key)

    def __getitem__(self, key: str) -> Field:
        return self._by_key[key]

    def __contains__(self, key: object) -> bool:
        return key in self._by_key

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(f.key for f in self.fields)

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(f.key for f in self.fields if f.required)

    def plus(self, *fields: Field, name: str | None = None) -> Table:
        """This table with more keys (a saved game's top level is a scenario's and more)."""
        return Table(name or self.name, self.fields + fields)

    def mapping(
        self, ck: Checker, parent: Any, key: str | int | None, value: Any, what: str
    ) -> dict[str, Any]:
        """``value`` checked to be a mapping of this table's keys with its required ones."""
        return ck.mapping(parent, key, value, what, self.keys, self.required)

    def read(self, ck: Checker, d: dict[str, Any], key: str, what: str = "", *,
             fallback: Any = None, choices: tuple[str, ...] | None = None) -> Any:  # fmt: skip
        """The value of ``d[key]`` by its declared type, or its default when absent; on a
        problem (recorded in ``ck``) the default, or ``fallback`` for a required key.
        ``what`` names the mapping in a 'missing the key' problem; ``choices`` are a
        choice's when they are known only at run time (the installed rulesets)."""
        f = self._by_key[key]
        default = fallback if f.required else f.default
        if f.nullable and d.get(key, default) is None:
            return None
        if f.kind == "text":
            return ck.get_str(d, key, what, default)
        if f.kind == "choice":
            return ck.get_str(d, key, what, default, f.choices if choices is None else choices)
        if f.kind in ("int", "face"):
            lo = None if f.lo is None else int(f.lo)
            hi = None if f.hi is None else int(f.hi)
            return ck.get_int(d, key, what, default, lo=lo, hi=hi)
        if f.kind == "number":
            assert f.lo is not None and f.hi is not None
            return ck.get_num(d, key, default, f.lo, f.hi)
        if f.kind == "bool":
            return ck.get_bool(d, key, default)
        if f.kind == "color":
            value = ck.get_str(d, key, "", default)
            if isinstance(value, str) and not (value == default == "" or _COLOR.fullmatch(value)):
                ck.error(d, key, f"{key} must look like '#3f7a3a', not {value!r}")
                return default
            return str(value)
        raise TypeError(f"{self.name} {key!r} is a structure: its format module converts it")


def face(key: str, doc: str, default: Any = REQUIRED, *, nullable: bool = False) -> Field:
    """A d6 face, 1 to 6 (hit numbers, saves)."""
    return Field(key, "face", doc, default, lo=1, hi=6, nullable=nullable)


# --- terrain chart (format: tabletop/terrain@1) ----------------------------------------

CONCEALS = tuple(c.value for c in Conceals)
LOS = tuple(e.value for e in LosEffect)
_LEVELS = LevelStyle()

CHART = Table("terrain chart", (
    Field("format", "text", "tabletop/terrain@1", None),
    Field("name", "text", "the name maps use to refer to a bundled chart", ""),
    Field("terrain", "structure", "terrain types and aliases, by name"),
    Field("hexsides", "structure", "hexside features, by name", None, shown="none"),
    Field("markers", "structure", "hex markers, by name", None, shown="none"),
    Field("levels", "structure", "how the map art shades levels", None, shown="none"),
    Field("notes", "text", "free text", ""),
))  # fmt: skip

TERRAIN = Table("terrain type", (
    Field("code", "text", "the character of this terrain in a map's rows:"),
    Field("color", "color", "the colour the map is painted in", "#d8e0a8",
          shown='`"#d8e0a8"`, a pale meadow green'),
    Field("bonus", "structure", "platoon: defensive bonus dice by TEC column", None,
          shown="`{infantry: 0, vehicles: 0}`"),
    Field("conceals", "choice", "platoon: whether a unit here can be concealed", "none",
          choices=CONCEALS),
    Field("los", "choice", "effect on a line of sight crossing the hex", "clear", choices=LOS),
    face("cover_save", "squad: the cover save of a unit in the hex", None, nullable=True),
    Field("cover_improvable", "bool", "whether the cover may be improved by one step", True),
    Field("cover_soldiers_only", "bool", "vehicles get no cover save here", False),
    Field("cc_defense", "int", "close-combat defense of infantry and crews in the hex", 0,
          lo=0, hi=B.RATING, nullable=True),
    Field("minefields", "bool", "whether a minefield may be placed in the hex", True),
    Field("movement", "structure", "movement points to enter, foot and vehicle", None,
          shown="`{foot: 1, vehicle: 1}`"),
    Field("amphibious_only", "bool", "only amphibious units may enter", False),
    Field("squad_only", "bool", "the terrain exists only in the squad ruleset", False),
    Field("texture", "choice", "how the map art marks the terrain's area", "",
          choices=TEXTURES, shown="none"),
    Field("texture_color", "color", "the colour of the texture's marks", "",
          shown="a darker shade of `color`"),
    Field("edge_color", "color", "a line along the area's outline", "", shown="none"),
))  # fmt: skip

ALIAS = Table("alias", (
    Field("alias", "structure", "the terrain this name stands for"),
    Field("level", "int", "the level it stands at", 0, lo=0, hi=9),
))  # fmt: skip

BONUS = Table("bonus", (
    Field("infantry", "int", "bonus dice of the infantry column", 0, lo=0, hi=B.RATING),
    Field("vehicles", "int", "bonus dice of the vehicle column", 0, lo=0, hi=B.RATING),
))  # fmt: skip

MOVEMENT = Table("movement", (
    Field("foot", "int", "movement points for units on foot", 1, lo=1, hi=B.MOVEMENT,
          nullable=True),
    Field("vehicle", "int", "movement points for vehicles", 1, lo=1, hi=B.MOVEMENT,
          nullable=True),
))  # fmt: skip

HEXSIDE = Table("hexside feature", (
    Field("color", "color", "drawing colour", "#000000"),
    Field("movement", "int", "entering across it costs exactly this many MP", None,
          lo=0, hi=B.MOVEMENT, nullable=True),
    Field("blocks_movement", "bool", "no unit crosses, except amphibious units", False),
    Field("cancels", "structure", "features this one neutralises on the same hexside", None,
          shown="`[]`"),
    face("cover_save", "squad cover save across this hexside", None, nullable=True),
    Field("los", "choice", "effect on a sight line crossing the hexside", "clear",
          choices=LOS),
    Field("edge_color", "color", "the map art's casing of a road, banks of a river", "",
          shown="none"),
))  # fmt: skip

MARKER = Table("hex marker", (
    Field("bonus", "structure", "as for terrain", None, shown="`{infantry: 0, vehicles: 0}`"),
    Field("conceals", "choice", "as for terrain", "none", choices=CONCEALS),
    Field("los", "choice", "as for terrain", "clear", choices=LOS),
    face("cover_save", "as for terrain", None, nullable=True),
    Field("replaces_terrain", "bool", "takes the place of the hex's terrain", False),
))  # fmt: skip

LEVELS = Table("levels", (
    Field("tint", "color", "the colour a hex's fill moves towards", _LEVELS.tint),
    Field("step", "number", "how far towards it per level", _LEVELS.step, lo=0.0, hi=0.5),
    Field("contour", "color", "the contour line where the level changes", _LEVELS.contour),
))  # fmt: skip

# --- map (format: tabletop/map@1) ------------------------------------------------------

MAP = Table("map", (
    Field("format", "text", "tabletop/map@1", None, shown="required"),
    Field("name", "text", "shown in the app's title and messages", ""),
    Field("terrain", "structure", "standard, or a chart file relative to this map",
          "standard"),
    Field("grid", "structure", "the map's size and numbering", None, shown="from `rows:`"),
    Field("default", "structure", "terrain of every hex not otherwise given", "clear"),
    Field("hexes", "structure", "single hexes, by label", None, shown="none"),
    Field("rows", "structure", "one string per map row, one terrain code per column", None,
          shown="none"),
    Field("levels", "structure", "one string of digits per map row, beside rows:", None,
          shown="all 0"),
    Field("hexsides", "structure", "features on hexsides", None, shown="none"),
    Field("notes", "text", "free text for the map's author and players", ""),
    Field("background", "structure", "a board image under the grid", None, shown="none"),
))  # fmt: skip
"""``format`` is required by the loader before the map is read (a file without it is no
map, with its own words), not by this table's mapping check."""

GRID = Table("grid", (
    Field("columns", "int", "columns of the map", lo=1),
    Field("rows", "int", "rows of the map", lo=1),
    Field("orientation", "choice", "flat or pointy hexes", "flat", choices=("flat", "pointy")),
    Field("stagger", "choice", "which columns (rows) sit half a hex higher (further left)",
          "odd", choices=("odd", "even")),
    Field("first", "int", "the index of the first column and row", 1, lo=0, hi=1),
    Field("letters", "bool", "columns printed as letters", False),
    Field("hex_size", "number", "a hex's size on screen at 100 % zoom, in pixels", 40.0,
          lo=4.0, hi=1000.0),
))  # fmt: skip

# --- scenario (format: tabletop/scenario@1) --------------------------------------------

SCENARIO = Table("scenario", (
    Field("format", "text", "tabletop/scenario@1", None, shown="required"),
    Field("name", "text", "the scenario's name", ""),
    Field("ruleset", "choice", "platoon or squad (the installed rulesets)"),
    Field("map", "structure", "path of the map, relative to the scenario"),
    Field("counters", "structure", "list of counter files, relative to the scenario", None,
          shown="required"),
    Field("sides", "structure", "side id -> {name, color, formations}", None, shown="required"),
    Field("first", "structure", "squad: the side whose player turn comes first", None,
          shown="the first side"),
    Field("turns", "int", "game turns", 8, lo=1, hi=B.TURNS),
    Field("rules", "structure", "the modules switched on", None, shown="all modules"),
    Field("options", "structure", "valued options", None, shown="all defaults"),
    Field("units", "structure", "the starting units"),
    Field("hex_markers", "structure", "markers on hexes at the start", None, shown="none"),
    Field("zones", "structure", "deployment zones: side -> list of hexes", None, shown="none"),
    Field("mines", "structure", "side -> minefields its sappers may lay", None, shown="none"),
    Field("air_strikes", "structure", "aircraft striking a hex in a turn", None, shown="none"),
    Field("reinforcements", "structure", "unit entries entering in a turn", None, shown="none"),
    Field("victory", "structure", "how the game is won", None, shown="none"),
    Field("notes", "text", "free text", ""),
))  # fmt: skip
"""``format`` is checked before the scenario is read (a file without it is no scenario);
``counters`` and ``sides`` are required by the scenario's own checks (``the scenario has
no 'counters:' list``, ``declares no sides``), with their own words."""

TABLES: dict[str, Table] = {
    "terrain chart": CHART,
    "terrain type": TERRAIN,
    "alias": ALIAS,
    "bonus": BONUS,
    "movement": MOVEMENT,
    "hexside feature": HEXSIDE,
    "hex marker": MARKER,
    "levels": LEVELS,
    "map": MAP,
    "grid": GRID,
    "scenario": SCENARIO,
}
"""Every declared table, by name."""
