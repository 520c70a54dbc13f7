"""The toy ruleset registered in the rulesets' table for a test, and its files copied to a
folder of the test's own (a saved game is written beside them)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import tests.toyruleset as toy

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def toy_scenario(tmp_path: Path) -> Iterator[Path]:
    """The toy scenario's path, with the toy ruleset in the table for the test."""
    for f in DATA.glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    toy.register()
    try:
        yield tmp_path / "toy.yaml"
    finally:
        toy.unregister()
