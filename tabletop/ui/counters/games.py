"""Games and scenarios open in other windows that read their unit types from the counters
file being edited: they show each edit at once, carry a renamed type into their units,
and keep a type they use from being deleted.

A window uses the file when its document (a game, or a scenario in the scenario editor)
has a scenario whose ``counters:`` names it. Edits reach the document's own type table,
and its map redraws the counters whose type changed (:func:`follow_types`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QWidget

from tabletop.commands.counteredit import type_users, units_of
from tabletop.documents import GameDocument, ScenarioDocument, UnitsChanged
from tabletop.model import Scenario, UnitType
from tabletop.ui.host import hosts
from tabletop.ui.scene.scene import MapScene


@dataclass(frozen=True)
class User:
    """A window whose game (in play: ``in_play``) or scenario (in the scenario editor) uses
    the counters file."""

    window: QWidget
    document: GameDocument | ScenarioDocument
    in_play: bool

    @property
    def scenario(self) -> Scenario:
        return self.document.scenario

    @property
    def title(self) -> str:
        kind = "the game" if self.in_play else "the scenario"
        return f"{kind} {self.document.title!r}"

    @property
    def now(self) -> object:
        """Its units as they stand: the game's state, or the scenario."""
        return self.document.state if self.in_play else self.document.scenario

    @property
    def holders(self) -> list[object]:
        """What holds its units: the game's state (or the scenario) and its undo steps."""
        return [self.now, self.document.history]


def uses_counters(scenario: Scenario, path: Path) -> bool:
    """Does this scenario read its unit types from the counters file at ``path``?"""
    base = scenario.path.parent if scenario.path is not None else Path.cwd()
    try:
        target = path.resolve()
        return any((base / ref).resolve() == target for ref in scenario.counter_refs)
    except OSError:
        return False


def users_of(path: Path | None) -> list[User]:
    """The open windows whose game or scenario uses the counters file at ``path``."""
    if path is None:
        return []
    out = []
    for window in hosts():
        document, editor = window.document, window.editor
        in_play = editor is None and document is not None  # a game in play
        if (in_play or (editor is not None and editor.mode_name == "scenario")) and uses_counters(
            document.scenario, path
        ):
            out.append(User(window, document, in_play))
    return out


def in_use(users: list[User], type_id: str) -> list[str]:
    """``["3 units of the game 'Eisenbach Gap'", ...]``: where units of the type stand."""
    return type_users([(u.title, u.now) for u in users], type_id)


def show_edits(users: list[User], types: dict[str, UnitType], ids: frozenset[str]) -> list[str]:
    """The types ``ids`` were edited (or renamed): each user's type table takes their new
    values and its map redraws the counters whose type changed; the unit ids redrawn."""
    redrawn: list[str] = []
    for user in users:
        table = user.scenario.unit_types
        for type_id in ids:
            if type_id in types and type_id in table:
                table[type_id] = types[type_id]
        if not user.in_play:  # the scenario editor: its display is rebuilt
            units = {u for t in ids for u in units_of(user.scenario, t)}
            if units:
                user.document.announce([UnitsChanged(frozenset(units))])
            user.window.editor.tray.follow(table)  # in the type table's order
        scene = user.window.view.scene()
        if isinstance(scene, MapScene):
            redrawn += follow_types(scene)
    return redrawn


def follow_types(scene: MapScene) -> list[str]:
    """Counters whose unit's type is no longer the value they show are redrawn with it;
    their unit ids."""
    types = scene.document.scenario.unit_types
    units = scene.document.state.units
    redrawn = []
    for unit_id, item in scene.counters.items():
        state = units.get(unit_id, item.state)  # the game's own, after an undo restored it
        t = types.get(state.type_id)
        if t is not None and t is not item.unit_type:
            item.unit_type = t
            item.sync(state)
            redrawn.append(unit_id)
    return redrawn
