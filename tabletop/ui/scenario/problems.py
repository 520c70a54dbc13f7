"""The scenario editor's Problems dock: what Check Scenario found, each problem with the
unit and the hex it names, so that a click selects the unit, or selects and centres the
hex (a minefield where the terrain forbids one, a fortification in the enemy's zone).

Problems come from validating the file the editor would write (``tabletop validate``'s
errors and warnings, located by the unit ids and hex labels their messages name); the
editor adds a note for each unit that starts outside its side's deployment zone, which
the format allows (a fixed starting hex need not lie in a zone) but an author painting
zones wants to see. Errors stop Save; warnings and notes do not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QListWidgetItem

from tabletop.commands.scenariounits import units_outside_zones
from tabletop.data.schema import Problem
from tabletop.hexgrid import Hex
from tabletop.model import HexMap, Scenario
from tabletop.ui.editor.checks import MapProblem
from tabletop.ui.editor.problems import ROLE, ProblemsDock

TOKEN = re.compile(r"[A-Za-z]*\d+[A-Za-z0-9]*")
"""What a hex label looks like: digits, perhaps after column letters (0304, C12)."""
SIDE_KEY = re.compile(r"  [^ #-]")
"""A side's key under ``sides:`` in the editor's dump (two spaces in)."""


def hex_named(hexmap: HexMap, message: str) -> Hex | None:
    """The first hex of the map ``message`` names by its label, or None."""
    for m in TOKEN.finditer(message):
        token = m.group(0)
        before = message[m.start() - 1] if m.start() else " "
        after = message[m.end()] if m.end() < len(message) else " "
        if before in "-_" or after in "-_":  # part of an id (m48-1, depleted_ammo_2)
            continue
        try:
            h = hexmap.parse(token)
        except ValueError:
            continue
        if hexmap.label(h) == token:
            return h
    return None


def unit_named(ids: Iterable[str], message: str) -> str:
    """The id of the unit ``message`` names (the longest that stands as a word), or ''."""
    for uid in sorted(ids, key=len, reverse=True):
        if re.search(rf"(?<![\w-]){re.escape(uid)}(?![\w-])", message):
            return uid
    return ""


def located(
    scenario: Scenario,
    problems: Iterable[Problem],
    kind: str = "",
    unsaved: tuple[str, dict[str, Any]] | None = None,
) -> list[MapProblem]:
    """Validation problems as the dock lists them, with the unit and hex they name.

    Problems of the file itself (the document as saved): ``line N: message`` (``warning,
    line N: ...``). With ``unsaved``, the text that was checked and the file form it was
    written from (a document never saved or changed since: its line numbers are those of
    no file the author has), each is located by the item instead: ``unit ID (unsaved):
    message``, ``minefield_at in 1515 (unsaved): ...``, ``victory (unsaved): ...``."""
    ids = [u.id for u in scenario.units] + [r.unit.id for r in scenario.reinforcements]
    out = []
    for p in problems:
        h = hex_named(scenario.map, p.message) if scenario.map is not None else None
        uid = unit_named(ids, p.message)
        if unsaved is None:
            where = f"line {p.line}"
        else:
            item = f"unit {uid}" if uid else item_at_line(*unsaved, p.line)
            where = f"{item} (unsaved)"
        prefix = f"{kind}, {where}" if kind else where
        out.append(MapProblem(f"{prefix}: {p.message}", h, uid))
    return out


def item_at_line(text: str, doc: dict[str, Any], line: int) -> str:
    """What line ``line`` (1-based) of ``text``, the block YAML dump of the file form
    ``doc``, belongs to: a unit, a reinforcement, a hex marker, an air strike, a side, or
    the top-level key ("the scenario" for none)."""
    lines = text.splitlines()[: max(line, 0)]
    top = next(
        (i for i in range(len(lines) - 1, -1, -1) if lines[i][:1] not in ("", " ", "-", "#")),
        None,
    )
    if top is None:
        return "the scenario"
    section = lines[top].split(":", 1)[0].strip()
    value = doc.get(section)
    below = lines[top + 1 :]
    if isinstance(value, list):
        index = sum(1 for ln in below if ln == "-" or ln.startswith("- ")) - 1
        if 0 <= index < len(value) and isinstance(value[index], dict):
            return _entry_text(section, value[index])
    elif isinstance(value, dict) and section == "sides":
        keys = [ln.split(":", 1)[0].strip().strip('"') for ln in below if SIDE_KEY.match(ln)]
        if keys and keys[-1] in value:
            return f"side {keys[-1]}"
    return section.replace("_", " ")


def _entry_text(section: str, entry: dict[str, Any]) -> str:
    unit = entry.get("unit") if isinstance(entry.get("unit"), dict) else entry
    if section in ("units", "reinforcements") and unit.get("id"):
        return f"{'unit' if section == 'units' else 'reinforcement'} {unit['id']}"
    if section == "hex_markers":
        return f"{entry.get('marker', 'marker')} in {entry.get('hex')}"
    if section == "air_strikes":
        return f"air strike on {entry.get('hex')} (turn {entry.get('turn')})"
    return section.replace("_", " ")


def zone_notes(scenario: Scenario) -> list[MapProblem]:
    """A note for each unit that starts outside its side's deployment zone."""
    out = []
    for u in units_outside_zones(scenario):
        if u.hex is None:
            continue
        side = scenario.sides[u.side].name if u.side in scenario.sides else u.side
        label = scenario.map.label(u.hex)
        out.append(
            MapProblem(
                f"note: {u.id} starts in {label}, outside the {side} deployment zone "
                "(allowed: a unit the scenario places need not start in a zone)",
                u.hex,
                u.id,
            )
        )
    return out


class ScenarioProblems(ProblemsDock):
    """The map editor's problems dock; a click selects the unit a problem names, or
    selects and centres its hex."""

    def show_problems(self, problems: list[MapProblem]) -> None:
        super().show_problems(problems)
        for i, problem in enumerate(problems):
            item = self.list.item(i)
            if item is not None and problem.message.startswith(("warning", "note")):
                item.setForeground(QBrush(QColor("#7a5a00")))  # warnings and notes
            if item is not None and problem.hex is not None:
                label = self.editor.document.scenario.map.label(problem.hex)
                item.setToolTip(f"Click to show {problem.where or label}")

    def _clicked(self, item: QListWidgetItem) -> None:
        index = item.data(ROLE)
        if index is None:
            return
        problem = self.problems[int(index)]
        if problem.where and self.editor.document.unit(problem.where) is not None:
            self.editor.select_unit(problem.where, centre=True)
        elif problem.where and self.editor.props.show_reinforcement(problem.where):
            return  # a reinforcement: its row in the Events dock, its entry hex shown
        elif problem.hex is not None:
            self.editor.select_hex(problem.hex)
