"""Each hand-written format's keys, declared once: a :class:`Table` per mapping of a format
(a terrain type, a map's top level, a scenario's), a :class:`Field` per key with its type,
bounds, default and one line of doc, as qutebrowser declares its options.

One engine checks and converts through the tables: :meth:`Table.mapping` checks a mapping's
keys (unknown ones with a suggestion, missing required ones), :meth:`Table.read` reads one
scalar key by its declared type through :class:`~tabletop.data.schema.Checker`, so every
problem keeps its ``FILE:LINE:COLUMN`` and its words. A key whose value is a structure of
its own (``grid:``, ``units:``, a terrain's ``bonus:``) is declared here with its doc and
default and converted by its format module. A mapping keyed by the file's own names
(``mines:``, ``zones:``: side -> value) is a :class:`Keyed`, its one value field read by
:meth:`Keyed.read`. Every mapping a format has is declared: the entries of a map's
``hexsides:``, a scenario's ``hex_markers:``, ``air_strikes:`` and ``reinforcements:``
and a counter's ``art:`` too. docs/formats.md's key tables, and its prose and ``{a, b}``
lists of keys, are tested against these tables (tests/data/test_fields.py): the same
keys, the same defaults.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from tabletop.data import bounds as B
from tabletop.data.schema import ANY_KEYS, Checker
from tabletop.model import (
    Conceals,
    Kind,
    LevelStyle,
    LosEffect,
    Options,
    Status,
    TargetClass,
)
from tabletop.model.terrain import TEXTURES
from tabletop.model.units import COUNTER_SYMBOLS

_COLOR = re.compile(r"#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?")


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Final[Any] = _Required()
"""The default of a key every such mapping must have."""
_UNSET: Final[Any] = object()

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
             fallback: Any = _UNSET, choices: tuple[str, ...] | None = None) -> Any:  # fmt: skip
        """The value of ``d[key]`` by its declared type, or its default when absent; on a
        problem (recorded in ``ck``) the default. ``fallback``, needed for a required key,
        stands in for the default (the value a problem leaves) where one is given.
        ``what`` names the mapping in a 'missing the key' problem; ``choices`` are a
        choice's when they are known only at run time (the installed rulesets)."""
        f = self._by_key[key]
        if fallback is _UNSET and f.required:
            raise TypeError(f"{self.name} {key!r} is required: read it with a fallback")
        default = f.default if fallback is _UNSET else fallback
        if f.nullable and d.get(key, f.default) is None:
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


@dataclass(frozen=True)
class Keyed:
    """A mapping keyed by names of the file's own (a scenario's sides), every value of one
    declared :class:`Field`: ``mines: {nato: 2}``."""

    name: str
    key: str
    """What its keys are, in words."""
    value: Field

    def mapping(self, ck: Checker, parent: Any, key: str, value: Any) -> dict[str, Any]:
        """``value`` checked to be a mapping (any keys: the caller checks the names)."""
        return ck.mapping(parent, key, value, self.name, ANY_KEYS)

    def read(self, ck: Checker, d: dict[str, Any], key: str) -> Any:
        """The value at ``d[key]`` by the declared field's type (the default on a problem),
        its problems naming ``NAME of KEY``."""
        f = self.value
        if f.kind == "int":
            lo = None if f.lo is None else int(f.lo)
            hi = None if f.hi is None else int(f.hi)
            return ck.check_int(d, key, d[key], f"{self.name} of {key}", f.default, lo=lo, hi=hi)
        raise TypeError(f"{self.name}: values of kind {f.kind!r} are converted by the format")


def face(
    key: str, doc: str, default: Any = REQUIRED, *, nullable: bool = False, shown: str | None = None
) -> Field:
    """A d6 face, 1 to 6 (hit numbers, saves)."""
    return Field(key, "face", doc, default, lo=1, hi=6, nullable=nullable, shown=shown)


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

HEX_ENTRY = Table("hex entry", (
    Field("terrain", "structure", "a terrain name of the chart, or an alias"),
    Field("level", "int", "the hex's level", None, lo=0, hi=B.LEVEL, nullable=True,
          shown="the alias's, else 0"),
    Field("entrances", "structure", "a bunker's entrances", None, shown="none"),
))  # fmt: skip
"""A mapping in a map's ``hexes:``."""

HEXSIDE_ENTRY = Table("hexside entry", (
    Field("side", "structure", 'the hexside as "A/B", A and B neighbours', None,
          shown="one of `side`, `between`"),
    Field("between", "structure", 'the hexside as ["A", "B"]', None,
          shown="one of `side`, `between`"),
    Field("feature", "structure", "a hexside feature of the chart", None, shown="required"),
))  # fmt: skip
"""An entry of a map's ``hexsides:``; ``feature`` is required by the map's own check (a
missing one is read as no feature, reported as an unknown one), and exactly one of
``side`` and ``between`` is given."""

BACKGROUND = Table("background", (
    Field("image", "structure", "the image's path, relative to the map file"),
    Field("opacity", "number", "0 (invisible) to 1 (opaque)", 0.5, lo=0.0, hi=1.0),
    Field("origin", "structure", "image pixel at the centre of the first hex", None,
          shown="`[0.0, 0.0]`"),
    Field("hex_size", "structure", "hex size in image pixels, or [across, down]", None,
          shown="`40.0`"),
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

# --- counters (format: tabletop/counters@1) --------------------------------------------

COUNTERS = Table("counters file", (
    Field("format", "text", "tabletop/counters@1", None, shown="required"),
    Field("ruleset", "choice", "the ruleset the types play in (the installed rulesets)"),
    Field("name", "text", "the file's name", ""),
    Field("units", "structure", "unit types by id"),
    Field("notes", "text", "free text", ""),
))  # fmt: skip

UNIT = Table("unit type", (
    Field("name", "text", "shown on the counter and everywhere else", None,
          shown="the type's id"),
    Field("short", "text", "the name printed on the counter when name is too long", ""),
    Field("nation", "text", "a nation code such as US, FRG, GER; chooses the colours", ""),
    Field("art", "structure", "drawing overrides: background, text, symbol", None,
          shown="none"),
    Field("source", "text", "where the values come from", ""),
))  # fmt: skip
"""The keys every unit type takes, in either ruleset."""

ART = Table("art", (
    Field("background", "structure", "the counter's colour: #rrggbb, #rgb or a colour name",
          None, shown="the nation's"),
    Field("text", "structure", "the colour of its name, values and symbol", None,
          shown="black or white"),
    Field("symbol", "choice", "the NATO symbol", "infantry", choices=COUNTER_SYMBOLS,
          shown="the kind's"),
))  # fmt: skip
"""A unit type's ``art:`` (its colours are checked by the counters module: a name or a
hex colour)."""

KIND_NAMES = tuple(k.value for k in Kind)
TARGET_NAMES = tuple(t.value for t in TargetClass)

PLATOON_UNIT = UNIT.plus(
    Field(
        "kind",
        "choice",
        "decides the TEC column, the Wreck and the symbol",
        "infantry",
        choices=KIND_NAMES,
    ),
    Field(
        "target",
        "choice",
        "which ratings may attack it and how it saves",
        "unarmored",
        choices=TARGET_NAMES,
    ),
    Field(
        "full", "structure", "the full-strength side", None, shown="required (not for helicopters)"
    ),
    Field("reduced", "structure", "the reduced side", None, shown="absent"),
    Field("flying", "structure", "a helicopter's Flying side", None, shown=""),
    Field("noe", "structure", "a helicopter's NOE side", None, shown=""),
    Field("landed", "structure", "a transport helicopter's Landed side", None, shown=""),
    Field("moving_fire", "bool", "Moving Fire with every rating", False),
    Field("recon", "bool", "a recon unit", False),
    Field("amphibious", "bool", "may enter water and cross rivers", False),
    Field("sapper", "bool", "may lay and clear minefields", False),
    Field("capacity", "int", "units it can carry", 0, lo=0, hi=B.RATING),
    Field("support_weapon", "text", "type id of the sw the platoon carries", None),
    Field(
        "tec_column",
        "choice",
        "vehicles or troops",
        None,
        choices=("vehicles", "troops", "infantry"),
        nullable=True,
        shown="by kind",
    ),
    name="platoon unit type",
)

PLATOON_SIDE = Table("platoon side", (
    Field("ap", "structure", "armour-piercing rating", None, shown="absent"),
    Field("he", "structure", "high-explosive rating", None, shown="absent"),
    Field("aa", "structure", "anti-aircraft rating", None, shown="absent"),
    Field("armor", "int", "armour dice", None, lo=0, hi=B.RATING, nullable=True,
          shown="absent"),
    face("save", "save number of armored and light-armored targets", None, nullable=True,
         shown="absent"),
    Field("movement", "int", "movement points", 0, lo=0, hi=B.MOVEMENT),
    Field("morale", "int", "the rally number (2d6 at or under it)", 7, lo=2, hi=12),
    Field("assault", "structure", "assault dice and hit number", None,
          shown="`{factor: 1, hit: 4}`"),
))  # fmt: skip

RATING = Table("rating", (
    Field("firepower", "int", "dice", lo=1, hi=B.DICE),
    Field("range", "int", "range in hexes", lo=0, hi=B.RANGE),
    face("hit", "the lowest die face that scores"),
    Field("missile", "bool", "missile depletion; never at extended range", False),
    Field("moving_fire", "bool", "Moving Fire with this rating", False),
))  # fmt: skip

ASSAULT = Table("assault", (
    Field("factor", "int", "assault dice", 1, lo=0, hi=B.DICE),
    face("hit", "the lowest die face that scores", 4),
))  # fmt: skip

SQUAD_UNIT = UNIT.plus(
    Field(
        "figures",
        "structure",
        "a list of {model, count}, or a number with model:",
        None,
        shown="required",
    ),
    Field("model", "structure", "with figures: N, the model of all N figures", None, shown=""),
    Field("fire", "structure", "ranged fire {dice, range, hit, anti_tank}", None, shown="absent"),
    Field("accuracy", "structure", "close-combat hit faces", None, shown="from `cc_class`"),
    Field(
        "cc_class",
        "choice",
        "close-combat accuracy class",
        "regular",
        choices=("regular", "special", "crew"),
    ),
    Field("defense", "int", "close-combat defense, before terrain", 0, lo=0, hi=B.RATING),
    Field(
        "steadiness",
        "int",
        "morale: pass a test on 2d6 at or under it",
        8,
        lo=2,
        hi=12,
        nullable=True,
    ),
    Field(
        "save_class",
        "choice",
        "how cover improves its saves",
        "normal",
        choices=("normal", "elite", "conspicuous"),
    ),
    Field(
        "armor",
        "int",
        "front armour for ranged fire",
        None,
        lo=0,
        hi=B.RATING,
        nullable=True,
        shown="absent",
    ),
    Field(
        "side_armor",
        "int",
        "side armour for close combat",
        None,
        lo=0,
        hi=B.RATING,
        nullable=True,
        shown="absent",
    ),
    Field(
        "ammo", "int", "player turns of fire", None, lo=0, hi=B.AMMO, nullable=True, shown="absent"
    ),
    Field("movement", "int", "hexes per movement phase", 4, lo=0, hi=B.MOVEMENT),
    Field("sapper", "bool", "lays, detects and clears minefields", False),
    Field("capacity", "int", "transports: the squads it carries", 0, lo=0, hi=B.RATING),
    Field("chassis", "structure", "an spg's tank model", None, shown=""),
    Field(
        "artillery", "structure", "{caliber_mm, dice, range, hit, indirect}", None, shown="absent"
    ),
    Field("bombs", "structure", "aircraft: {dice, hit, carpet}", None, shown="absent"),
    name="squad unit type",
)

FIRE = Table("fire", (
    Field("dice", "int", "dice per soldier figure, or the unit's", lo=1, hi=B.DICE),
    Field("range", "int", "range in hexes", lo=0, hi=B.RANGE),
    face("hit", "the lowest die face that scores"),
    Field("anti_tank", "bool", "may harm armored targets", False),
))  # fmt: skip

ARTILLERY = Table("artillery", (
    Field("caliber_mm", "int", "caliber; 105 mm and more destroys a minefield", lo=1,
          hi=B.CALIBER_MM),
    Field("dice", "int", "dice", lo=1, hi=B.DICE),
    Field("range", "int", "range in hexes", lo=0, hi=B.RANGE),
    face("hit", "the lowest die face that scores"),
    Field("indirect", "bool", "needs only a friendly unit that sees the hex", False),
))  # fmt: skip

BOMBS = Table("bombs", (
    Field("dice", "int", "dice", lo=1, hi=B.DICE),
    face("hit", "the lowest die face that scores"),
    Field("carpet", "bool", "heavy bombers: destroys a minefield in the hex", False),
))  # fmt: skip

SIDE = Table("side", (
    Field("name", "text", "the side's name", None, shown="its id"),
    Field("color", "structure", "#rrggbb: the colour that stands for the side", None,
          shown="from a palette, by its place"),
    Field("formations", "structure", "platoon: formation -> {chits}", None, shown="none"),
))  # fmt: skip

FORMATION = Table("formation", (
    Field("chits", "int", "chits it puts in the cup each turn", 1, lo=1, hi=B.CHITS),
))  # fmt: skip

UNIT_ENTRY = Table("unit entry", (
    Field("id", "text", "unique in the scenario, support weapons included"),
    Field("type", "structure", "a unit type of the scenario's counters"),
    Field("side", "structure", "one of the scenario's sides"),
    Field("formation", "structure", "platoon: one of its side's formations", None,
          shown="required (platoon)"),
    Field("hex", "structure", "where it starts", None, shown="off the map"),
    Field("step", "choice", "the side of the counter up", "full", choices=("full", "reduced")),
    Field("status", "choice", "good order, disrupted or suppressed", "good_order",
          choices=tuple(s.value for s in Status)),
    Field("markers", "structure", "markers on the unit", None, shown="none"),
    Field("sw", "structure", "{id, type, markers}: its support weapon", None,
          shown="its type's"),
    Field("figures", "structure", "squad: its figures, or a standing count", None,
          shown="all standing"),
    Field("mode", "choice", "a helicopter's side in use", None,
          choices=("flying", "noe", "landed"), nullable=True),
    Field("carrier", "text", "squad: the transport it starts aboard", None),
    Field("ammo", "int", "squad: rounds left", None, lo=0, hi=B.AMMO, shown="its type's"),
    Field("flags", "structure", "the unit's flags (a game in progress)", None, shown="none"),
    Field("maneuver", "bool", "moving in maneuver mode", False),
    Field("dismounted_this_turn", "bool", "dismounted this turn", False),
))  # fmt: skip
"""A scenario's unit entry (``units:``); a mapping of the usual five keys is read by a quicker
path with the same result (``scenarios._common_unit``)."""

PLACED_MARKER = Table("placed marker", (
    Field("hex", "structure", "a label on the map"),
    Field("marker", "structure", "a marker of the chart, or minefield_at, minefield_ap"),
    Field("side", "structure", "a minefield's owner", None, shown="none"),
    Field("revealed", "bool", "whether a minefield is shown to its enemy", True,
          shown="`false` for a minefield, else `true`"),
    Field("turn", "int", "the game turn it was placed in", 0, lo=0, hi=B.TURNS),
))  # fmt: skip
"""An entry of a scenario's (or a saved game's) ``hex_markers:``."""

AIR_STRIKE = Table("air strike", (
    Field("turn", "int", "the game turn of the strike", lo=1, hi=B.TURNS),
    Field("side", "structure", "the side that calls it"),
    Field("aircraft", "structure", "an aircraft type of the scenario's counters"),
    Field("hex", "structure", "the hex it strikes"),
))  # fmt: skip
"""An entry of a scenario's ``air_strikes:``."""

REINFORCEMENT = Table("reinforcement", (
    Field("turn", "int", "the game turn it enters", lo=1, hi=B.TURNS),
    Field("unit", "structure", "a unit entry (no support weapon entry)"),
    Field("landed", "bool", "dismounted this turn: skips the first close-combat round", False),
))  # fmt: skip
"""An entry of a scenario's ``reinforcements:``."""

MINES = Keyed("mines", "side", Field("mines", "int", "minefields the side's sappers may lay",
                                     0, lo=0, hi=B.MINES))  # fmt: skip
"""A scenario's ``mines:``, side -> a count."""

ZONES = Keyed("zones", "side", Field("zone", "structure", "the hexes of the side's zone", None,
                                     shown="none"))  # fmt: skip
"""A scenario's ``zones:``, side -> a list of labels (converted by the scenario module)."""

VICTORY = Table("victory", (
    Field("hexes", "structure", "objective hexes: labels, or {hex, vp, owner}", None,
          shown="none"),
    Field("losses", "structure", "VP per loss inflicted, by the ruleset's kinds", None,
          shown="the ruleset's"),
    Field("margin", "int", "the lead that wins", 1, lo=1, hi=B.VP),
    Field("sudden_death", "structure", "side -> VP total that wins at once", None,
          shown="none"),
))  # fmt: skip

OBJECTIVE = Table("objective", (
    Field("hex", "structure", "a label on the map"),
    Field("vp", "int", "what holding it is worth", 1, lo=0, hi=B.VP),
    Field("owner", "structure", "the side that holds it at the start", None, shown="nobody"),
))  # fmt: skip

_OPTIONS = Options()

OPTIONS = Table("options", (
    Field("recon_range", "int", "range at which enemy recon spots concealed units",
          _OPTIONS.recon_range, lo=0, hi=B.OPTION),
    Field("moving_fire_penalty", "int", "the Moving Fire penalty", _OPTIONS.moving_fire_penalty,
          lo=0, hi=B.OPTION),
    Field("extended_range_penalty", "int", "the extended range penalty",
          _OPTIONS.extended_range_penalty, lo=0, hi=B.OPTION),
    Field("stacking", "int", "units per side per hex", _OPTIONS.stacking, lo=1, hi=B.OPTION),
    Field("bunker_wounds", "int", "the wounds a bunker takes", _OPTIONS.bunker_wounds, lo=1,
          hi=B.OPTION),
    Field("range_count", "choice", "how range is counted", _OPTIONS.range_count,
          choices=("distance", "exclusive")),
    Field("depletion_blocks", "choice", "what depletion stops", _OPTIONS.depletion_blocks,
          choices=("missile", "all")),
    Field("los_model", "choice", "how levels block sight", _OPTIONS.los_model,
          choices=("waw", "slope")),
    Field("opfire_per_hex", "int", "opportunity attacks per hex entered (or unlimited)",
          _OPTIONS.opfire_per_hex, lo=1, hi=B.OPTION),
    face("medic_save", "the lowest face that saves a fallen figure", _OPTIONS.medic_save),
    Field("maneuver_fraction", "number", "the share of movement a maneuver-mode move uses",
          _OPTIONS.maneuver_fraction, lo=0.0, hi=1.0),
    Field("mine_attack", "structure", "a minefield's attack {dice, hit}", None,
          shown=f"`{{dice: {_OPTIONS.mine_attack.dice}, hit: {_OPTIONS.mine_attack.hit}}}`"),
))  # fmt: skip
"""A scenario's valued options (``options:``), in the order they are checked; each default
is the model's (:class:`~tabletop.model.Options`)."""

MINE_ATTACK = Table("mine_attack", (
    Field("dice", "int", "dice", _OPTIONS.mine_attack.dice, lo=1, hi=B.DICE),
    face("hit", "the lowest die face that scores", _OPTIONS.mine_attack.hit),
))  # fmt: skip

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
    "hex entry": HEX_ENTRY,
    "hexside entry": HEXSIDE_ENTRY,
    "background": BACKGROUND,
    "scenario": SCENARIO,
    "side": SIDE,
    "formation": FORMATION,
    "counters file": COUNTERS,
    "platoon unit type": PLATOON_UNIT,
    "platoon side": PLATOON_SIDE,
    "rating": RATING,
    "assault": ASSAULT,
    "squad unit type": SQUAD_UNIT,
    "fire": FIRE,
    "artillery": ARTILLERY,
    "bombs": BOMBS,
    "unit entry": UNIT_ENTRY,
    "placed marker": PLACED_MARKER,
    "air strike": AIR_STRIKE,
    "reinforcement": REINFORCEMENT,
    "art": ART,
    "victory": VICTORY,
    "objective": OBJECTIVE,
    "options": OPTIONS,
    "mine_attack": MINE_ATTACK,
}
"""Every declared table, by name."""

KEYED: dict[str, Keyed] = {"mines": MINES, "zones": ZONES}
"""Every declared mapping keyed by names of the file's own."""
