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


def located(scenario: Scenario, problems: Iterable[Problem], kind: str = "") -> list[MapProblem]:
    """Validation problems as the dock lists them: ``line N: message`` (``warning, line
    N: ...``), with the unit and hex they name."""
    ids = [u.id for u in scenario.units] + [r.unit.id for r in scenario.reinforcements]
    out = []
    for p in problems:
        prefix = f"{kind}, line {p.line}" if kind else f"line {p.line}"
        h = hex_named(scenario.map, p.message) if scenario.map is not None else None
        out.append(MapProblem(f"{prefix}: {p.message}", h, unit_named(ids, p.message)))
    return out


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
            if item is not None and not problem.message.startswith("line "):
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
            self.editor.select_unit(problem.where)
        elif problem.where and self.editor.props.show_reinforcement(problem.where):
            return  # a reinforcement: its row in the Events dock, its entry hex shown
        elif problem.hex is not None:
            self.editor.select_hex(problem.hex)
