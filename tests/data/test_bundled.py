"""Every bundled map, counters file and scenario validates without errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.data import load_document, validate_file
from tabletop.paths import ROOT

BUNDLED = sorted(
    p for folder in ("maps", "counters", "scenarios") for p in (ROOT / folder).glob("*.yaml")
)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bundled_file_is_valid(path: Path) -> None:
    errors, _ = validate_file(path)
    assert [str(e) for e in errors] == []
    assert load_document(path) is not None


def test_there_is_bundled_content() -> None:
    assert (ROOT / "maps" / "standard.yaml") in BUNDLED
