"""Problems of a map being edited, each tied to a hex when it has one.

The map's own checks run on the map in memory. Scenarios beside the map (in its folder and
in a ``scenarios`` folder next to it) that use the map's file are validated as the command
line's ``validate`` would (the data layer's checks, :mod:`tabletop.data.semantics`), but
against the map as it is being edited, not the file on disk, so an edit shows in the next
check without saving. Each problem that names a hex of the map is tied to that hex (a
minefield in town, a unit where it cannot stand).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from tabletop import data
from tabletop.hexgrid import Hex
from tabletop.model import HexMap

LABEL = re.compile(r"\b[A-Za-z]{0,3}\d{2,6}\b")


@dataclass(frozen=True)
class MapProblem:
    message: str
    hex: Hex | None = None
    where: str = ""
    """The file and position for problems of another file, empty for the map's own."""


def map_problems(hexmap: HexMap) -> list[MapProblem]:
    """Bunkers without entrances or with more than two (rules 3.4), bridges with no road
    on either side, hexside features on sides that separate no two hexes of the map."""
    out: list[MapProblem] = []
    for h in hexmap.all_hexes():
        cell = hexmap.cells[h]
        label = hexmap.label(h)
        if cell.terrain == "bunker" and not cell.entrances:
            out.append(MapProblem(f"bunker {label} has no entrance: give it one or two "
                                  "(hexside tool, bunker entrance)", h))  # fmt: skip
        if len(cell.entrances) > 2:
            out.append(MapProblem(f"bunker {label} has {len(cell.entrances)} entrances; "
                                  "a bunker has one or two (rules 3.4)", h))  # fmt: skip
    for side in sorted(hexmap.hexsides):
        features = hexmap.hexsides[side]
        text = f"{hexmap.label(side.a)}/{hexmap.label(side.b)}"
        if "bridge" in features and "road" not in features:
            roads = [s for s in hexmap.hexsides if "road" in hexmap.hexsides[s]
                     and (side.a in s.hexes() or side.b in s.hexes())]  # fmt: skip
            if not roads:
                out.append(MapProblem(f"bridge on {text} has no road leading to it", side.a))
    return out


def _uses(scenario: Path, map_path: Path) -> bool:
    try:
        text = scenario.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    match = re.search(r"^map:\s*['\"]?([^'\"\n#]+?)['\"]?\s*(#.*)?$", text, re.MULTILINE)
    if match is None:
        return False
    target = os.path.normpath(scenario.parent / match.group(1).strip())
    return Path(target) == Path(os.path.normpath(map_path))


def scenario_problems(hexmap: HexMap, map_path: Path | None) -> list[MapProblem]:
    """Problems of the scenarios that use the map file, checked against ``hexmap`` (the
    map in memory); none for a map that was never saved (no scenario can refer to it)."""
    if map_path is None:
        return []
    map_path = Path(os.path.abspath(map_path))
    folders = {map_path.parent, map_path.parent.parent / "scenarios"}
    out: list[MapProblem] = []
    for folder in sorted(folders):
        if not folder.is_dir():
            continue
        for scenario in sorted(folder.glob("*.y*ml")):
            if scenario == map_path or not _uses(scenario, map_path):
                continue
            errors, warnings = data.validate_file(scenario, maps_in_memory={map_path: hexmap})
            for problem in [*errors, *warnings]:
                out.append(
                    MapProblem(
                        f"{scenario.name}: {problem.message}",
                        _hex_named(hexmap, problem.message),
                        f"{problem.path}:{problem.line}:{problem.column}",
                    )
                )
    return out


def _hex_named(hexmap: HexMap, message: str) -> Hex | None:
    for match in LABEL.finditer(message):
        try:
            return hexmap.parse(match.group(0))
        except ValueError:
            continue
    return None
