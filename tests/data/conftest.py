"""The data tests' fixtures: ``write`` a file into tmp_path, and ``scenario_files``, the small
self-contained files of ``tests.helpers.datafiles`` written out."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from tabletop import paths
from tests.helpers.datafiles import COUNTERS, MAP, SCENARIO, Write


@pytest.fixture
def write(tmp_path: Path) -> Write:
    """write(name, text) -> path, in tmp_path (text is dedented)."""

    def _write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return _write


@pytest.fixture
def scenario_files(write: Write) -> Path:
    """A valid map, counters file and scenario; returns the scenario's path."""
    write("map.yaml", MAP)
    write("counters.yaml", COUNTERS)
    return write("scenario.yaml", SCENARIO)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the bundled maps, counters and scenarios (their references intact)."""
    for folder in (paths.MAPS, paths.COUNTERS, paths.SCENARIOS):
        shutil.copytree(folder, tmp_path / folder.name)
    return tmp_path
