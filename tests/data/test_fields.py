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
from tabletop.model import Grid, HexMarkerType, HexsideFeatureType, LevelStyle, TerrainType

FORMATS = Path(__file__).resolve().parents[2] / "docs" / "formats.md"

KEY_TABLES = [
    ("### 2.1 Terrain types", F.TERRAIN),
    ("### 2.3 Hexside features", F.HEXSIDE),
    ("## 3. Map", F.MAP),
    ("## 5. Scenario", F.SCENARIO),
]
"""Each docs section whose first key table lists a declared table."""

KEY_PROSE = [
    ("Top-level keys:", F.CHART),
    ("Each entry of `markers:` is keyed", F.MARKER),
    ("**`grid:`**", F.GRID),
]
"""Paragraphs that name every key of a table in backticks."""


def key_table(heading: str) -> dict[str, str]:
    """key -> its default cell, from the first ``| key |`` table after ``heading``."""
    lines = FORMATS.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading))
    head = next(i for i in range(start, len(lines)) if lines[i].startswith("| key |"))
    columns = [c.strip() for c in lines[head].strip("|").split("|")]
    at = columns.index("default")
    rows: dict[str, str] = {}
    for line in lines[head + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0].strip("`")] = cells[at]
    return rows


def paragraph(start: str) -> str:
    text = FORMATS.read_text(encoding="utf-8")
    at = text.index(start)
    end = text.find("\n\n", at)
    return text[at:end]


@pytest.mark.parametrize(("heading", "table"), KEY_TABLES, ids=[h for h, _ in KEY_TABLES])
def test_the_docs_key_table_is_the_declared_table(heading: str, table: F.Table) -> None:
    rows = key_table(heading)
    assert sorted(rows) == sorted(table.keys), heading
    for f in table:
        assert rows[f.key] == f.default_text(), f"{heading}: {f.key}"


@pytest.mark.parametrize(("start", "table"), KEY_PROSE, ids=[s for s, _ in KEY_PROSE])
def test_the_docs_prose_names_every_key(start: str, table: F.Table) -> None:
    named = set(re.findall(r"`(\w+)`", paragraph(start)))
    assert set(table.keys) <= named, set(table.keys) - named


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
     (F.GRID, Grid), (F.LEVELS, LevelStyle)],
    ids=["terrain", "hexside", "marker", "grid", "levels"],
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
