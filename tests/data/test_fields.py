"""The formats' declared fields (``tabletop.data.fields``) against docs/formats.md and the
model: each key table in the docs lists exactly a table's keys with its defaults, the
prose lists of keys name every key, and a declared default is the model's own."""

from __future__ import annotations

import dataclasses
import enum
import re
from pathlib import Path

import pytest

from tabletop.data import fields as F
from tabletop.model import (
    Background,
    Grid,
    HexMarker,
    HexMarkerType,
    HexsideFeatureType,
    LevelStyle,
    Options,
    PlatoonSide,
    PlatoonUnitType,
    Reinforcement,
    SquadUnitType,
    TerrainType,
)

FORMATS = Path(__file__).resolve().parents[2] / "docs" / "formats.md"

KEY_TABLES = [
    ("### 2.1 Terrain types", 0, F.TERRAIN),
    ("### 2.3 Hexside features", 0, F.HEXSIDE),
    ("## 3. Map", 0, F.MAP),
    ("### 4.1 Platoon ruleset", 0, F.PLATOON_UNIT),
    ("### 4.1 Platoon ruleset", 1, F.PLATOON_SIDE),
    ("### 4.2 Squad ruleset", 0, F.SQUAD_UNIT),
    ("## 5. Scenario", 0, F.SCENARIO),
    ("**Options**", 0, F.OPTIONS),
]
"""Docs sections and which of their key tables (0: the first) lists a declared table."""

COMMON = "Every type takes `name`"
"""The paragraph that names the keys every unit type takes (``fields.UNIT``): a ruleset's
table may leave them out."""

KEY_PROSE = [
    ("Top-level keys:", F.CHART),
    ("Each entry of `markers:` is keyed", F.MARKER),
    ("**`grid:`**", F.GRID),
    ("**Unit entries.**", F.UNIT_ENTRY),
    ("**`hexes:`**", F.HEX_ENTRY),
    ("**`hexsides:`** is a list", F.HEXSIDE_ENTRY),
    ("**Hex markers.**", F.PLACED_MARKER),
]
"""Paragraphs that name every key of a table in backticks."""


def key_table(heading: str, nth: int = 0) -> dict[str, str]:
    """key -> its default cell, from the ``nth`` ``| key |`` table after ``heading`` (a row
    of several keys, `` `armor`, `save` ``, gives each the same cell)."""
    lines = FORMATS.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    heads = [i for i in range(start, len(lines)) if lines[i].startswith(("| key |", "| option |"))]
    head = heads[nth]
    columns = [c.strip() for c in lines[head].strip("|").split("|")]
    at = columns.index("default")
    rows: dict[str, str] = {}
    for line in lines[head + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        for key in cells[0].split(","):
            rows[key.strip().strip("`")] = cells[at]
    return rows


def paragraph(start: str) -> str:
    text = FORMATS.read_text(encoding="utf-8")
    at = text.index(start)
    end = text.find("\n\n", at)
    return text[at:end]


@pytest.mark.parametrize(
    ("heading", "nth", "table"), KEY_TABLES, ids=[t.name for *_, t in KEY_TABLES]
)
def test_the_docs_key_table_is_the_declared_table(heading: str, nth: int, table: F.Table) -> None:
    rows = key_table(heading, nth)
    common = set(re.findall(r"`(\w+)`", paragraph(COMMON))) & set(F.UNIT.keys)
    assert set(rows) <= set(table.keys), set(rows) - set(table.keys)
    left = set(table.keys) - set(rows)
    assert left <= (common if F.UNIT.keys[0] in table else set()), f"{heading}: {left}"
    for key, cell in rows.items():
        assert cell == table[key].default_text(), f"{heading}: {key}"


@pytest.mark.parametrize(("start", "table"), KEY_PROSE, ids=[s for s, _ in KEY_PROSE])
def test_the_docs_prose_names_every_key(start: str, table: F.Table) -> None:
    named = set(re.findall(r"`(\w+)[`:]", paragraph(start)))
    assert set(table.keys) <= named, set(table.keys) - named


BRACES = [
    ("## 5. Scenario", "sides", F.SIDE),
    ("## 5. Scenario", "air_strikes", F.AIR_STRIKE),
    ("## 5. Scenario", "reinforcements", F.REINFORCEMENT),
    ("## 5. Scenario", "victory", F.VICTORY),
]
"""Key-table rows whose meaning names a table's keys as ``{a, b, c}``."""


def meaning(heading: str, key: str) -> str:
    """The last cell of ``key``'s row in the first key table after ``heading``."""
    lines = FORMATS.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    row = next(line for line in lines[start:] if line.startswith(f"| `{key}` |"))
    return row.strip("|").split("|")[-1]


@pytest.mark.parametrize(("heading", "key", "table"), BRACES, ids=[k for _, k, _ in BRACES])
def test_the_docs_braces_are_the_declared_keys(heading: str, key: str, table: F.Table) -> None:
    found = re.search(r"`\{([\w, ]+)\}`", meaning(heading, key))
    assert found is not None, key
    assert tuple(k.strip() for k in found.group(1).split(",")) == table.keys


def test_the_art_table_lists_the_declared_keys_and_the_models() -> None:
    from tabletop.model.units import ART_KEYS

    text = FORMATS.read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| ", text[text.index("**`art:`** holds") :], re.M)
    assert tuple(rows[: len(F.ART.keys)]) == F.ART.keys == ART_KEYS


def test_a_keyed_mapping_reads_its_values_through_the_declared_field() -> None:
    from tabletop.data.schema import Checker

    ck = Checker("f")
    mines = F.MINES.mapping(ck, None, "mines", {"nato": 2, "pact": 101})
    assert [F.MINES.read(ck, mines, side) for side in mines] == [2, 0]
    assert [p.message for p in ck.errors] == ["mines of pact must be between 0 and 100, not 101"]
    assert F.MINES.value.hi == 100 and set(F.KEYED) == {"mines", "zones"}
    with pytest.raises(TypeError):
        F.ZONES.read(ck, {"nato": []}, "nato")
    assert "side -> number of minefields" in meaning("## 5. Scenario", "mines")
    assert "side -> list of hexes" in meaning("## 5. Scenario", "zones")


def _defaults(cls: type) -> dict[str, object]:
    out: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            value = f.default
            out[f.name] = value.value if isinstance(value, enum.Enum) else value
    return out


@pytest.mark.parametrize(
    ("table", "cls"),
    [(F.TERRAIN, TerrainType), (F.HEXSIDE, HexsideFeatureType), (F.MARKER, HexMarkerType),
     (F.GRID, Grid), (F.LEVELS, LevelStyle), (F.PLATOON_UNIT, PlatoonUnitType),
     (F.PLATOON_SIDE, PlatoonSide), (F.SQUAD_UNIT, SquadUnitType), (F.OPTIONS, Options),
     (F.BACKGROUND, Background), (F.PLACED_MARKER, HexMarker),
     (F.REINFORCEMENT, Reinforcement)],
    ids=lambda v: v.name if isinstance(v, F.Table) else v.__name__,
)  # fmt: skip
def test_a_declared_default_is_the_models(table: F.Table, cls: type) -> None:
    model = _defaults(cls)
    checked = [f.key for f in table if f.kind != "structure" and not f.required and f.key in model]
    assert checked, table.name
    for key in checked:
        assert table[key].default == model[key], f"{table.name} {key}"


def test_a_table_refuses_a_key_twice_and_an_unknown_kind() -> None:
    with pytest.raises(ValueError, match="twice"):
        F.Table("t", (F.Field("a", "int", "", 0), F.Field("a", "int", "", 0)))
    with pytest.raises(ValueError, match="unknown kind"):
        F.Field("a", "integer", "")
