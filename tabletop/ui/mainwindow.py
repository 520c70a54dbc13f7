"""The main window: the map view, menus, a status bar and the hex dock."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMessageBox

from tabletop import paths
from tabletop.documents import GameDocument
from tabletop.hexgrid import Hex
from tabletop.ui.bridge import DocumentBridge
from tabletop.ui.docks import HexDock
from tabletop.ui.loading import LoadError, load_game_document, with_los
from tabletop.ui.logdock import LogDock
from tabletop.ui.scene import MapScene
from tabletop.ui.sight import SightControls
from tabletop.ui.view import MapView

MAX_RECENT = 8
FILE_FILTER = "Tabletop files (*.yaml *.yml);;All files (*)"


class MainWindow(QMainWindow):
    """Home of play and, later, the editors. ``settings`` holds recent files."""

    def __init__(self, settings: QSettings | None = None, parent=None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings()
        self.document: GameDocument | None = None
        self.bridge: DocumentBridge | None = None
        self.map_scene: MapScene | None = None
        self.viewer: str | None = None
        self.view = MapView(self)
        self.setCentralWidget(self.view)
        self.hex_dock = HexDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.hex_dock)
        self.hex_dock.setMinimumWidth(220)
        self.hex_dock.set_document(None)
        self.log_dock = LogDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.log_dock.unitsPicked.connect(self.select_units)
        self.sight = SightControls(self)
        self._build_actions()
        self._build_menus()
        self._build_status_bar()
        self.view.hexHovered.connect(self._on_hex_hovered)
        self.view.hexClicked.connect(self.select_hex)
        self.view.zoomChanged.connect(self._on_zoom)
        self.resize(1400, 900)
        self.resizeDocks([self.hex_dock], [280], Qt.Orientation.Horizontal)
        self._update_title()
        self._update_actions()

    # --- construction -------------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, *, checkable: bool = False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        self.open_action = self._action("&Open...", self.open_dialog, QKeySequence.StandardKey.Open)
        self.open_demo_action = self._action("Open &Demo", self.open_demo)
        self.quit_action = self._action("&Quit", self.close, QKeySequence.StandardKey.Quit)
        self.undo_action = self._action("&Undo", self.undo, QKeySequence.StandardKey.Undo)
        self.redo_action = self._action("&Redo", self.redo, QKeySequence.StandardKey.Redo)
        self.zoom_in_action = self._action("Zoom &In", self.view.zoom_in, "Ctrl++")
        self.zoom_out_action = self._action("Zoom &Out", self.view.zoom_out, "Ctrl+-")
        self.fit_action = self._action("&Fit Map", self.view.fit_map, "Ctrl+0")
        self.actual_size_action = self._action(
            "&Actual Size", lambda: self.view.set_scale(1.0), "Ctrl+1"
        )
        self.labels_action = self._action(
            "Show Hex &Labels", self.set_labels_visible, "Ctrl+L", checkable=True
        )
        self.labels_action.setChecked(True)
        # Not the dock's toggleViewAction(): that one copies the dock's title ("Hex 0707").
        self.hex_dock_action = self._action("Hex &Dock", self.set_hex_dock_visible, checkable=True)
        self.hex_dock_action.setChecked(True)
        self.hex_dock.visibilityChanged.connect(self._sync_hex_dock_action)
        self.about_action = self._action("&About Tabletop", self.about)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.open_demo_action)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self._fill_recent_menu()
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        view_menu = bar.addMenu("&View")
        for action in (self.zoom_in_action, self.zoom_out_action, self.fit_action,
                       self.actual_size_action):  # fmt: skip
            view_menu.addAction(action)
        view_menu.addSeparator()
        view_menu.addAction(self.labels_action)
        view_menu.addAction(self.hex_dock_action)
        view_menu.addSeparator()
        view_menu.addActions(self.sight.actions())
        view_menu.addSeparator()
        self.viewer_menu = view_menu.addMenu("Hidden Minefields &Shown To")
        self.viewer_group = QActionGroup(self)
        self.viewer_group.setExclusive(True)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.about_action)

    def _build_status_bar(self) -> None:
        self.hex_label = QLabel("")
        self.hex_label.setObjectName("hex-label")
        self.turn_label = QLabel("")
        self.turn_label.setObjectName("turn-label")
        self.zoom_label = QLabel("")
        self.zoom_label.setObjectName("zoom-label")
        self.zoom_label.setMinimumWidth(60)
        status = self.statusBar()
        status.addWidget(self.hex_label, 1)
        status.addPermanentWidget(self.turn_label)
        status.addPermanentWidget(self.zoom_label)

    # --- documents ------------------------------------------------------------------------------
    def set_document(self, document: GameDocument) -> None:
        """Show ``document``, replacing the current one."""
        if self.bridge is not None:
            self.bridge.detach()
            self.bridge.deleteLater()
        old_scene = self.map_scene
        self.document = with_los(document)
        self.bridge = DocumentBridge(document, self)
        self.map_scene = MapScene(document, self)
        self.map_scene.show_labels(self.labels_action.isChecked())
        self.view.setScene(self.map_scene)
        if old_scene is not None:
            old_scene.deleteLater()
        self.bridge.unitsChanged.connect(self._on_units_changed)
        self.bridge.markersChanged.connect(self._on_markers_changed)
        self.bridge.turnChanged.connect(self._update_turn)
        self.bridge.modifiedChanged.connect(self._update_title)
        self.bridge.pathChanged.connect(self._update_title)
        self.bridge.historyChanged.connect(self._update_actions)
        self.hex_dock.set_document(document)
        self.log_dock.set_document(document, self.map_scene)
        self.bridge.historyChanged.connect(self.log_dock.refresh)
        self.sight.set_document(document, self.map_scene)
        self.bridge.unitsChanged.connect(self.sight.refresh_fov)
        self.bridge.markersChanged.connect(self.sight.refresh_fov)
        self._fill_viewer_menu(document)
        self.view.default_zoom()
        self._update_title()
        self._update_turn()
        self._update_actions()
        self.hex_label.setText(f"{document.scenario.map.name}: {document.scenario.map.size_text()}")

    def set_hex_dock_visible(self, on: bool) -> None:
        self.hex_dock.setVisible(on)

    def _sync_hex_dock_action(self, visible: bool) -> None:
        if not self.isMinimized():  # a minimised window hides its docks too
            self.hex_dock_action.setChecked(visible)

    def _fill_viewer_menu(self, document: GameDocument) -> None:
        """One choice per side, plus nobody: rules 1.7 hides each side's unrevealed
        minefields from the other, so the shared screen starts showing nobody's."""
        self.viewer_menu.clear()
        for action in self.viewer_group.actions():
            self.viewer_group.removeAction(action)
        choices = [(None, "No Side (neutral)")]
        choices += [(sid, side.name) for sid, side in document.scenario.sides.items()]
        for side, text in choices:
            action = QAction(text, self, checkable=True)
            action.setData(side)
            action.triggered.connect(lambda _checked=False, s=side: self.set_viewer(s))
            self.viewer_group.addAction(action)
            self.viewer_menu.addAction(action)
        self.viewer_group.actions()[0].setChecked(True)
        self.set_viewer(None)

    def set_viewer(self, side: str | None) -> None:
        """Show the hidden minefields of ``side`` only (None: of no side)."""
        self.viewer = side
        for action in self.viewer_group.actions():
            action.setChecked(action.data() == side)
        if self.map_scene is not None:
            self.map_scene.set_viewer(side)
        self.hex_dock.viewer = side
        self.hex_dock.refresh()

    def open_file(self, path: str | Path) -> bool:
        """Open a scenario, saved game or map; on bad input show every problem and keep the
        current document."""
        try:
            document = load_game_document(path)
        except LoadError as exc:
            self.show_load_error(exc)
            return False
        self.set_document(document)
        self._add_recent(Path(path))
        return True

    def show_load_error(self, exc: LoadError) -> None:
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Critical)
        box.setWindowTitle("Cannot open file")
        box.setText(exc.summary)
        if exc.details:
            box.setDetailedText(exc.details)
            box.setInformativeText(exc.details if exc.details.count("\n") < 12 else "")
        box.exec()

    def open_dialog(self) -> None:
        start = str(self.document.path.parent) if self.document and self.document.path else str(
            paths.SCENARIOS
        )  # fmt: skip
        path, _ = QFileDialog.getOpenFileName(self, "Open", start, FILE_FILTER)
        if path:
            self.open_file(path)

    def open_demo(self) -> bool:
        return self.open_file(paths.DEMO_SCENARIO)

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _add_recent(self, path: Path) -> None:
        text = str(path.resolve())
        recent = [text, *(p for p in self.recent_files() if p != text)][:MAX_RECENT]
        self.settings.setValue("recent", recent)
        self._fill_recent_menu()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_files()
        for text in recent:
            action = self.recent_menu.addAction(Path(text).name)
            action.setToolTip(text)
            action.triggered.connect(lambda _=False, t=text: self.open_file(t))
        if recent:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear Menu", self._clear_recent)
        self.recent_menu.setEnabled(bool(recent))

    def _clear_recent(self) -> None:
        self.settings.setValue("recent", [])
        self._fill_recent_menu()

    # --- actions -------------------------------------------------------------------------
    def undo(self) -> None:
        if self.document is not None:
            self.document.undo()

    def redo(self) -> None:
        if self.document is not None:
            self.document.redo()

    def set_labels_visible(self, on: bool) -> None:
        self.labels_action.setChecked(on)
        if self.map_scene is not None:
            self.map_scene.show_labels(on)

    def select_hex(self, h: Hex | None) -> None:
        if self.map_scene is not None:
            self.map_scene.select_hex(h)
        self.hex_dock.show_hex(h)

    def select_units(self, ids) -> None:
        """Select the units a log row is about: the first one's hex is selected."""
        doc = self.document
        units = [doc.state.units[i] for i in ids if doc and i in doc.state.units]
        hexes = [u.hex for u in units if u.on_map]
        self.select_hex(hexes[0] if hexes else None)

    def about(self) -> None:
        from tabletop import __version__

        QMessageBox.about(
            self,
            "About Tabletop",
            f"<b>Tabletop {__version__}</b><p>A digital tabletop for hex-and-counter "
            "wargames: platoon and squad rulesets, exact odds, line of sight, editors.</p>"
            "<p>Wheel: zoom &middot; drag: pan &middot; click a hex: its contents.</p>",
        )

    # --- updates ------------------------------------------------------------------------------
    def _on_units_changed(self, ids) -> None:
        if self.map_scene is not None:
            self.map_scene.sync_units(ids)
        self.hex_dock.refresh()

    def _on_markers_changed(self, hexes) -> None:
        if self.map_scene is not None:
            self.map_scene.refresh_markers(hexes)
        self.hex_dock.refresh()

    def _on_hex_hovered(self, h: Hex | None) -> None:
        doc = self.document
        if doc is None or h is None:
            self.hex_label.setText("")
            return
        hexmap = doc.scenario.map
        cell = hexmap.cell(h)
        text = f"{hexmap.label(h)}   {cell.terrain.replace('_', ' ')}, level {cell.level}"
        units = doc.units_at(h)  # the document's index by hex: no scan of every unit
        if units:
            text += f"   \u00b7   {len(units)} unit{'s' if len(units) != 1 else ''}"
        markers = [m for m in doc.state.visible_markers(self.viewer) if m.hex == h]
        if markers:
            text += "   \u00b7   " + ", ".join(m.kind.replace("_", " ") for m in markers)
        self.hex_label.setText(text)

    def _on_zoom(self, scale: float) -> None:
        self.zoom_label.setText(f"{scale * 100:.0f}%")

    def _update_turn(self) -> None:
        doc = self.document
        if doc is None:
            self.turn_label.setText("")
            return
        state = doc.state
        scenario = doc.scenario
        parts = [f"Turn {state.turn}/{scenario.turns}", f"{state.phase.replace('_', ' ')} phase"]
        if state.active_side:
            side = scenario.sides.get(state.active_side)
            parts.append(side.name if side else state.active_side)
        if state.active_formation:
            parts.append(state.active_formation.replace("_", " "))
        self.turn_label.setText("   \u00b7   ".join(parts))

    def _update_title(self, *_args) -> None:
        doc = self.document
        if doc is None:
            self.setWindowTitle("Tabletop")
            return
        self.setWindowModified(doc.modified)
        self.setWindowTitle(f"{doc.title}[*] \u2014 Tabletop")

    def _update_actions(self) -> None:
        doc = self.document
        has = doc is not None
        for action in (self.zoom_in_action, self.zoom_out_action, self.fit_action,
                       self.actual_size_action):  # fmt: skip
            action.setEnabled(has)
        self.undo_action.setEnabled(has and doc.history.can_undo)
        self.redo_action.setEnabled(has and doc.history.can_redo)
        self.undo_action.setText(
            f"&Undo {doc.history.undo_text}" if has and doc.history.can_undo else "&Undo"
        )
        self.redo_action.setText(
            f"&Redo {doc.history.redo_text}" if has and doc.history.can_redo else "&Redo"
        )
