"""The scenario editor mode of the main window: the scenario's map with its units and hex
markers, a unit tray per side, tools to place, move and delete units and to lay hex
markers and minefields, the selected unit's properties, validation problems, and Play.

:func:`edit_scenario` puts a window into the editor on a
:class:`~tabletop.documents.ScenarioDocument`; ``window.editor`` is the
:class:`ScenarioEditor` (the map editor's save interface). Scripting names: the tools
``action-tool-select``, ``action-tool-place``, ``action-tool-marker``;
``window.set_brush(name)`` picks a unit type (place) or a marker (marker);
``action-play-scenario`` starts a game of it and ``action-edit-scenario`` comes back.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QFileDialog, QToolBar

from tabletop import data
from tabletop.commands import EditScenario
from tabletop.commands.scenarioedit import (
    MINEFIELD_KINDS,
    deleted,
    moved_to,
    placed,
    with_marker,
    without_markers,
)
from tabletop.commands.scenariounits import unit_edited
from tabletop.data.machine import dumps
from tabletop.documents import GameDocument, MarkersChanged, ScenarioDocument, UnitsChanged
from tabletop.hexgrid import Hex
from tabletop.rules.engine import ruleset_for
from tabletop.ui.bridge import bridge_for
from tabletop.ui.editor.checks import MapProblem
from tabletop.ui.scenario.problems import ScenarioProblems, located, zone_notes
from tabletop.ui.scenario.properties import ScenarioProperties
from tabletop.ui.scenario.tray import MarkerDock, TrayDock
from tabletop.ui.scenario.unitdock import UnitDock
from tabletop.ui.scenario.zones import ZoneEditing
from tabletop.ui.scene.scene import MapScene
from tabletop.ui.shell.recovery import Autosaver
from tabletop.ui.tools.base import PickHexTool, Tool, ToolEvent

SCENARIO_FILTER = "Tabletop scenarios (*.yaml *.yml);;All files (*)"
MARKER_KINDS = ["wreck", "smoke", "rubble", "burnt_woods", *MINEFIELD_KINDS]


class SelectMoveTool(Tool):
    """Click a unit to select it; drag it to another hex to move it; Delete removes it."""

    name = "select"
    hint = "Click a unit to select it, drag it to move it, Delete to remove it"

    def __init__(self, editor: ScenarioEditor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.dragging: str | None = None

    def press(self, event: ToolEvent) -> bool:
        if event.button != Qt.MouseButton.LeftButton or event.hex is None:
            return False
        top = self.editor.top_unit(event.hex)
        self.editor.select_unit(top)
        self.dragging = top
        return top is not None

    def release(self, event: ToolEvent) -> None:
        unit_id, self.dragging = self.dragging, None
        unit = self.editor.document.unit(unit_id) if unit_id else None
        if unit is not None and event.hex is not None and event.hex != unit.hex:
            self.editor.move_unit(unit.id, event.hex)

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.editor.selected:
            self.editor.delete_unit(self.editor.selected)
            return True
        return False


class PlaceTool(PickHexTool):
    """Click a hex to place a unit of the brush's type for the tray's side."""

    name = "place"
    hint = "Click a hex to place the unit picked in the tray (or drag from the tray)"

    def __init__(self, editor: ScenarioEditor) -> None:
        super().__init__(editor)
        self.editor = editor

    def picked(self, h: Hex) -> None:
        self.editor.place(self.editor.unit_brush, self.editor.tray_side(), h)


class MarkerTool(PickHexTool):
    """Click a hex to lay the marker of the marker dock (a minefield with its owner)."""

    name = "marker"
    hint = "Click a hex to lay the marker chosen in Hex Markers"

    def __init__(self, editor: ScenarioEditor) -> None:
        super().__init__(editor)
        self.editor = editor

    def picked(self, h: Hex) -> None:
        self.editor.lay_marker(h)


class ScenarioEditor(QObject):
    """The editor on one scenario document inside a main window."""

    mode_name = "scenario"
    """The window's mode while this editor is on (its own saved layout)."""

    def map_for_new_scenario(self) -> None:
        """New Scenario proposes no map from here (only the map editor's map)."""
        return None

    def hover_document(self) -> GameDocument:
        """What the window's hover line describes: the game at the start, as drawn."""
        return self.display

    def __init__(self, window, document: ScenarioDocument) -> None:
        super().__init__(window)
        self.window = window
        self.document = document
        self.selected: str | None = None
        from tabletop.ui.shell.loading import with_los

        self.display = with_los(GameDocument(document.display(), document.path))
        self.scene = MapScene(self.display, window)
        self.unit_brush = next(iter(document.scenario.unit_types), "")
        self.tools: dict[str, Tool] = {t.name: t for t in (SelectMoveTool(self), PlaceTool(self),
                                                           MarkerTool(self))}  # fmt: skip
        self.zones = ZoneEditing(self)
        self.tools[self.zones.tool.name] = self.zones.tool
        self.props = ScenarioProperties(self)  # the scenario-level properties and their tools
        self.tools.update(self.props.tools)
        self.autosave = Autosaver(self, window.files.store, document, "scenario",
                                  scenario_snapshot(document))  # fmt: skip
        sc = document.scenario
        self.new_refs = [Path(r) for r in sc.counter_refs] if sc.path is None else []
        """A scenario never saved: its counters files, absolute (new_scenario's)."""
        self._unsubscribe = bridge_for(document).subscribe(self._on_event)

    # --- installation -----------------------------------------------------------------------
    def anew(self) -> ScenarioEditor:
        """An editor built anew on this one's document (its undo history kept): a side
        added or taken away changes the tray, the markers, the zones and the unit dock."""
        return edit_scenario(self.window, self.document)

    def install(self) -> None:
        w = self.window
        sc = self.document.scenario
        self.tray = TrayDock(sc, w)
        for tray in self.tray.lists.values():
            tray.picked.connect(lambda type_id, _side: self.set_brush(type_id))
            tray.dropped.connect(self._dropped)
        self.markers = MarkerDock(sc, MARKER_KINDS, w)
        owner = self.markers.owner  # the map shows the chosen owner's hidden minefields
        owner.currentIndexChanged.connect(lambda _i: self.scene.set_viewer(owner.currentData()))
        self.scene.set_viewer(owner.currentData())
        self.unit_dock = UnitDock(sc, w)
        self.unit_dock.edited.connect(self.edit_selected)
        self.unit_dock.deleteRequested.connect(
            lambda: self.selected and self.delete_unit(self.selected)
        )
        self.problems = ScenarioProblems(self, w)
        self.autosave.start()
        self.zone_dock = self.zones.install(w)
        for dock in (self.tray, self.markers, self.zone_dock, self.problems):
            w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        w.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.unit_dock)
        self.tool_docks = {"place": self.tray, "marker": self.markers, "zone": self.zone_dock}
        """What each tool lays, in tabs on the right (the tool raises its tab); the
        selected unit on the left, the whole height of the window."""
        w.tabifyDockWidget(self.tray, self.markers)
        w.tabifyDockWidget(self.markers, self.zone_dock)
        self.tray.raise_()
        self.problems.hide()
        self.props.install()
        self.toolbar = QToolBar("Scenario Editor", w)
        self.toolbar.setObjectName("scenario-toolbar")
        self.tool_group = QActionGroup(w)
        self.tool_actions: dict[str, QAction] = {}
        for name, tool in self.tools.items():
            action = QAction(name.capitalize(), w, checkable=True)
            action.setObjectName(f"action-tool-{name}")
            action.setToolTip(tool.hint)
            action.triggered.connect(lambda _=False, n=name: self.set_tool(n))
            self.tool_group.addAction(action)
            self.tool_actions[name] = action
            self.toolbar.addAction(action)
        self.toolbar.addSeparator()
        self.check_action = QAction("Check Scenario", w)
        self.check_action.setObjectName("action-validate-scenario")
        self.check_action.triggered.connect(self.validate)
        self.play_action = QAction("Play This Scenario", w)
        self.play_action.setObjectName("action-play-scenario")
        self.play_action.triggered.connect(self.play)
        self.toolbar.addAction(self.check_action)
        self.toolbar.addAction(self.play_action)
        w.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.toolbar)
        self.set_tool("select")
        self.select_unit(None)

    def uninstall(self) -> None:
        w = self.window
        self.autosave.stop()
        w.view.set_tool(None)
        self._unsubscribe()
        self.zones.uninstall()
        self.props.uninstall()
        for dock in (self.tray, self.markers, self.unit_dock, self.zone_dock, self.problems):
            w.removeDockWidget(dock)
        w.removeToolBar(self.toolbar)
        # out of the window now, not at the next event loop: the next editor's docks and
        # actions take their object names
        for gone in (self.tray, self.markers, self.unit_dock, self.zone_dock, self.problems,
                     self.toolbar, *self.tool_actions.values(), self.check_action,
                     self.play_action):  # fmt: skip
            gone.setParent(None)
            gone.deleteLater()

    # --- tools and brushes ------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        self.tool_actions[name].setChecked(True)
        self.window.view.set_tool(self.tools[name])
        self.window.statusBar().showMessage(self.tools[name].hint)
        if name in getattr(self, "tool_docks", {}):
            self.tool_docks[name].raise_()

    def set_brush(self, name: str) -> None:
        """A unit type for the place tool, a marker for the marker tool, or ``zone SIDE`` /
        ``zone erase`` for the zone tool."""
        if name in self.document.scenario.unit_types:
            self.unit_brush = name
        elif name in MARKER_KINDS or name == "clear":
            box = self.markers.kind
            box.setCurrentIndex(box.findData(name))
        elif not self.zones.set_brush(name):
            raise ValueError(
                f"{name!r} is neither a unit type of the scenario, a marker nor 'zone SIDE'"
            )

    def tray_side(self) -> str:
        tray = self.tray.tabs.currentWidget()
        return str(getattr(tray, "side", next(iter(self.document.scenario.sides))))

    def _dropped(self, type_id: str, side: str, global_pos: QPoint) -> None:
        viewport = self.window.view.viewport()
        pos = viewport.mapFromGlobal(global_pos)
        if viewport.rect().contains(pos):
            h = self.window.view.hex_at_view(pos)
            if h is not None:
                self.place(type_id, side, h)

    # --- edits ------------------------------------------------------------------------------
    def _push(self, command: EditScenario) -> None:
        self.document.push(command)

    def place(self, type_id: str, side: str, h: Hex) -> str | None:
        sc = self.document.scenario
        named = ruleset_for(sc.ruleset).has("formations")
        formation = next(iter(sc.sides[side].formations), None) if named else None
        try:
            units, unit = placed(sc, type_id, side, h, formation)
        except ValueError as exc:
            self.window.statusBar().showMessage(str(exc))
            return None
        self._push(EditScenario(sc, f"Place {unit.id}", units=units))
        self.select_unit(unit.id)
        return unit.id

    def move_unit(self, unit_id: str, h: Hex) -> None:
        sc = self.document.scenario
        self._push(EditScenario(sc, f"Move {unit_id}", units=moved_to(sc, unit_id, h)))

    def delete_unit(self, unit_id: str) -> None:
        sc = self.document.scenario
        self._push(EditScenario(sc, f"Delete {unit_id}", units=deleted(sc, unit_id)))
        self.select_unit(None)

    def edit_selected(self, key: str, value: object) -> None:
        unit_id = self.selected
        if unit_id is None:
            return
        sc = self.document.scenario
        try:
            units, text = unit_edited(sc, unit_id, key, value)
        except ValueError as exc:
            self.window.statusBar().showMessage(str(exc))
            self.select_unit(unit_id)
            return
        if units != sc.units:
            self._push(EditScenario(sc, text, units=units))
        self.select_unit(value if key == "id" else unit_id)

    def lay_marker(self, h: Hex) -> None:
        sc = self.document.scenario
        kind = str(self.markers.kind.currentData())
        if kind == "clear":
            self._push(EditScenario(sc, "Clear markers", markers=without_markers(sc, h)))
            return
        owner = self.markers.owner.currentData()
        revealed = not self.markers.hidden.isChecked()
        try:
            markers = with_marker(sc, h, kind, owner, revealed)
        except ValueError as exc:
            self.window.statusBar().showMessage(f"Not laid: {exc}")
            return
        self._push(EditScenario(sc, f"Lay {kind.replace('_', ' ')}", markers=markers))

    # --- selection and display ----------------------------------------------------------------
    def top_unit(self, h: Hex) -> str | None:
        here = [u.id for u in self.document.scenario.units if u.hex == h and u.sw_of is None]
        return here[-1] if here else None

    def select_unit(self, unit_id: str | None, centre: bool = False) -> None:
        """Select a unit (its dock, its hex drawn selected). The view moves only when
        ``centre`` asks it (a problem clicked): a unit placed, picked or edited leaves the
        map where it is, or the next click would land on another hex than the one aimed
        at."""
        unit = self.document.unit(unit_id) if unit_id else None
        if unit is not None and unit.sw_of is not None:  # a support weapon: its platoon's
            unit = self.document.unit(unit.sw_of) or unit
        self.selected = unit.id if unit is not None else None
        sc = self.document.scenario
        formations = list(sc.sides[unit.side].formations) if unit is not None else []
        self.unit_dock.show_unit(unit, formations)
        self.scene.select_hex(unit.hex if unit is not None else None)
        if centre and unit is not None and unit.hex is not None:
            self.window.view.centerOn(self.scene.hex_center(unit.hex))

    def select_hex(self, h: Hex) -> None:
        """Select and centre a hex (a problem's), no unit selected."""
        self.select_unit(None)
        self.scene.select_hex(h)
        self.window.view.centerOn(self.scene.hex_center(h))

    def _on_event(self, event: object) -> None:
        if isinstance(event, UnitsChanged | MarkersChanged):
            self.display.state = self.document.display()
            self.scene.refresh_state()
            self.scene.refresh_markers(getattr(event, "hexes", ()))
        if isinstance(event, UnitsChanged) and self.selected in event.ids:
            self.select_unit(self.selected)  # undo, redo: the dock follows

    # --- checking, saving, playing ------------------------------------------------------------
    def _target(self, path: str | Path | None) -> Path | None:
        return Path(path) if path is not None else self.document.path

    def problems_at(self, target: Path) -> list[MapProblem]:
        """Validate the scenario as it would be written to ``target``."""
        sc = self.document.scenario
        if sc.path is None:  # a new scenario names its counters files from where it is saved
            base = target.resolve().parent
            sc.counter_refs = [Path(os.path.relpath(f, base)).as_posix() for f in self.new_refs]
        document = self.document
        if document.path is not None and target == document.path and not document.modified:
            # the file as saved: its problems by its own line numbers
            errors, warnings = data.validate_file(target)
            unsaved = None
        else:  # what Save would write: no file has its line numbers, so by item
            text, doc = data.scenario_text(sc, target)  # Save's very text
            fd, name = tempfile.mkstemp(suffix=".yaml", dir=target.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.write(text)
                errors, warnings = data.validate_file(name)
            finally:
                os.unlink(name)
            unsaved = (text, doc)
        self.warnings = located(sc, warnings, "warning", unsaved) + zone_notes(sc)  # Save goes on
        return located(sc, errors, unsaved=unsaved)

    def validate(self) -> list[MapProblem]:
        target = self.document.path
        if target is None:  # never saved: check it as if it sat beside its map
            map_path = self.document.scenario.map.path
            target = (map_path.parent if map_path else Path.cwd()) / "scenario.yaml"
        problems = self.problems_at(target)
        self.problems.show_problems(problems + self.warnings)
        self.problems.show()
        self.problems.raise_()
        return problems

    def save(self, path: str | Path | None = None) -> bool:
        target = self._target(path)
        if target is None:
            return self.save_as_dialog()
        problems = self.problems_at(target)
        if problems:
            self.problems.show_problems(problems)
            self.problems.show()
            self.window.statusBar().showMessage(f"Not saved: {len(problems)} problem(s)")
            return False
        try:
            data.save_scenario(self.document.scenario, target)
        except (OSError, ValueError) as exc:
            self.window.statusBar().showMessage(f"Could not save {target}: {exc}")
            return False
        self.document.mark_saved(target)
        self.autosave.discard()
        self.window.statusBar().showMessage(f"Saved {target}", 5000)
        return True

    def save_as(self, path: str | Path) -> bool:
        return self.save(path)

    def save_as_dialog(self) -> bool:
        start = str(self.document.path or Path.cwd() / "scenario.yaml")
        path, _ = QFileDialog.getSaveFileName(
            self.window, "Save Scenario As", start, SCENARIO_FILTER
        )
        return self.save(path) if path else False

    def play(self) -> GameDocument:
        """A new game of the scenario as it is in the editor (saved or not); Edit > Edit
        Scenario (``action-edit-scenario``) comes back to this editor, its undo intact."""
        from tabletop.ui.shell.loading import with_los

        document = self.document
        game = with_los(GameDocument(document.scenario.new_game(), document.path))
        self.window.play_started_game(game, document)
        return game


def scenario_snapshot(document: ScenarioDocument) -> Callable[[Path], Callable[[], str]]:
    """The scenario editor's autosave snapshot (:class:`~tabletop.ui.shell.recovery.Autosaver`):
    the file form made now (references rewritten for the recovery folder; a scenario is
    small), turned into text on the worker. A scenario with problems is written too: the
    copy then opens with its problems listed, as the file would."""

    def take(target: Path) -> Callable[[], str]:
        doc = data.scenario_to_dict(document.scenario, target)
        return lambda: dumps(doc)

    return take


def restore_scenario(window, path: Path, source: Path | None) -> ScenarioEditor | None:
    """The recovery file ``path`` in the scenario editor, unsaved, belonging to ``source``."""
    try:
        scenario = data.load_scenario(path)
    except data.DataError as exc:
        window.statusBar().showMessage(f"Cannot restore {path}: {str(exc).splitlines()[0]}")
        return None
    document = ScenarioDocument(scenario, path)
    document.mark_recovered(source)
    return edit_scenario(window, document)


def edit_scenario(window, document: ScenarioDocument) -> ScenarioEditor:
    """Put ``window`` into the scenario editor on ``document`` (through the window's host
    API: its document slot, view, status and title)."""
    window.take_document(document, detach_play=True)
    editor = ScenarioEditor(window, document)
    window.show_editor(editor, editor.scene)
    editor.install()
    window.view.default_zoom()
    window.refresh_title()
    window.refresh_actions()
    window.show_status(f"Scenario editor \u00b7 {document.scenario.ruleset}")
    return editor


def edit_game_scenario(window) -> ScenarioEditor | None:
    """``action-edit-scenario``: back to the scenario editor this game was started from, or
    the open game's scenario file in a new one."""
    kept = window.scenario_document
    doc = window.document
    in_play = window.editor is None and doc is not None  # a game, maybe started from it
    if in_play and kept is not None and doc.scenario is kept.scenario:
        return edit_scenario(window, kept)
    path = getattr(getattr(doc, "scenario", None), "path", None)
    if path is None:
        window.statusBar().showMessage("This game's scenario has no file to edit.")
        return None
    try:
        scenario = data.load_scenario(path)
    except data.DataError as exc:
        window.statusBar().showMessage(str(exc).splitlines()[0])
        return None
    return edit_scenario(window, ScenarioDocument(scenario, path))


def new_scenario(
    map_path: Path,
    counter_paths: list[Path],
    sides: dict[str, tuple[str, dict[str, int]]],
    name: str = "New scenario",
    turns: int = 8,
) -> ScenarioDocument:
    """A scenario without units on the map at ``map_path`` with the types of
    ``counter_paths`` (all of one ruleset), and ``sides``: id -> (name, formation chits)."""
    from tabletop.model import Scenario, SideDef

    hexmap = data.load_map(map_path)
    files = [data.load_counters(p) for p in counter_paths]
    rulesets = {f.ruleset for f in files}
    if len(rulesets) != 1:
        raise ValueError("the counters files must all be of one ruleset")
    unit_types = {k: v for f in files for k, v in f.units.items()}
    side_defs = {sid: SideDef(sid, text, dict(chits)) for sid, (text, chits) in sides.items()}
    scenario = Scenario(name, rulesets.pop(), hexmap, unit_types, side_defs, [], turns=turns)
    scenario.counter_refs = [str(Path(p).resolve()) for p in counter_paths]
    return ScenarioDocument(scenario)
