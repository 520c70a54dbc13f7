"""The map editor mode of the main window: tools, brush, palette, toolbar and menu.

:func:`edit_map` puts a window into the editor on a :class:`MapDocument` (the window's
``document`` becomes that document); the window's ``close_editor()`` takes the editor's
toolbar, docks and menu away again. Scripting names (interfaces section 4): the checkable tool
actions ``action-tool-select``, ``-brush``, ``-fill``, ``-rect``, ``-hexside``, ``-level``
(plus ``-calibrate`` and ``-los``), ``window.set_brush(name)`` and the ``terrain-palette``
dock.

The editor is composed of parts that know it only as an
:class:`~tabletop.ui.editor.host.EditorHost`: its tools, its background controls
(:class:`~tabletop.ui.editor.background.BackgroundControls`) and its file commands
(:class:`~tabletop.ui.editor.files.MapFiles`); it keeps their public commands as its own
(``save``, ``save_as``, ``validate``, ``load_background`` ...), so the window and scripts
call the editor.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from copy import copy as shallow_copy
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QLabel, QMenu, QSlider, QToolBar

from tabletop.data import map_json_pieces
from tabletop.data.schema import did_you_mean
from tabletop.documents import (
    BackgroundChanged,
    HexesChanged,
    HexsidesChanged,
    MapDocument,
    MapEvent,
)
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import Background, HexMap
from tabletop.ui.bridge import bridge_for
from tabletop.ui.editor.background import BackgroundControls, CalibrateTool
from tabletop.ui.editor.checks import MapProblem
from tabletop.ui.editor.files import MapFiles
from tabletop.ui.editor.host import Brush
from tabletop.ui.editor.los import LosTool
from tabletop.ui.editor.palette import LEVEL_BRUSHES, TerrainPalette
from tabletop.ui.editor.problems import ProblemsDock
from tabletop.ui.editor.scene import TINTS, EditorScene
from tabletop.ui.editor.tools import (
    BrushTool,
    EditorTool,
    FillTool,
    HexsideTool,
    LevelTool,
    RectTool,
    SelectTool,
)
from tabletop.ui.shell.recovery import Autosaver

TOOL_KEYS = {"select": "S", "brush": "B", "fill": "G", "rect": "R", "hexside": "H", "level": "E"}
TERRAIN_TOOLS = ("brush", "fill", "rect")
RADII = ((0, "1 hex"), (1, "Radius 1"), (2, "Radius 2"))


class MapEditor(QObject):
    """The editor on one map document inside a main window (file and background commands
    in its :attr:`files` and :attr:`backdrop`, from :mod:`~tabletop.ui.editor.files` and
    :mod:`~tabletop.ui.editor.background`)."""

    mode_name = "map"
    """The window's mode while this editor is on (its own saved layout)."""

    def map_for_new_scenario(self) -> Path | None:
        """New Scenario proposes the map being edited: its file, as last saved (a map never
        saved has none)."""
        return self.document.path

    def hover_document(self) -> None:
        """The map editor writes its own hover line (the hex as the map has it)."""
        return None

    def __init__(self, window, document: MapDocument) -> None:
        super().__init__(window)
        self.window = window
        self.document = document
        self.scene = EditorScene(document, window)
        chart = document.map.chart
        first = next((n for n in ("woods", *chart.terrain) if n in chart.terrain), "clear")
        self.brush = Brush(terrain=first, feature=next(iter(chart.hexsides), "road"))
        self.selected: Hex | None = None
        self.shown: Hex | None = None
        """The hex the status bar's hex line describes (hovered last, or selected)."""
        self.tools: dict[str, EditorTool] = {
            tool.name: tool
            for tool in (
                SelectTool(self), BrushTool(self), FillTool(self), RectTool(self),
                HexsideTool(self), LevelTool(self),
            )
        }  # fmt: skip
        self._extra_tools()
        self._unsubscribe = bridge_for(document).subscribe(self._on_event)
        self.files = MapFiles(self)
        self._build_actions()
        self.palette = TerrainPalette(chart, self.set_brush, window)
        self.hint_label = QLabel("")
        self.hint_label.setObjectName("editor-hint")
        self.autosave = Autosaver(self, window.files.store, document, "map",
                                  map_snapshot(document.map))  # fmt: skip

    def _extra_tools(self) -> None:
        """Tools defined beside the editor (background calibration, line of sight)."""
        for tool in (CalibrateTool(self), LosTool(self)):
            self.tools[tool.name] = tool

    # --- construction ------------------------------------------------------------------------
    def _action(self, text: str, name: str, slot, shortcut=None, *, checkable=False) -> QAction:
        action = QAction(text, self.window)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        self.tool_group = QActionGroup(self.window)
        self.tool_actions: dict[str, QAction] = {}
        for name, tool in self.tools.items():
            text = name.replace("los", "Line of sight").capitalize()
            action = self._action(text, f"action-tool-{name}",
                                  lambda _=False, n=name: self.set_tool(n),
                                  TOOL_KEYS.get(name), checkable=True)  # fmt: skip
            action.setToolTip(tool.hint)
            action.setStatusTip(tool.hint)
            self.tool_group.addAction(action)
            self.tool_actions[name] = action
        self.size_group = QActionGroup(self.window)
        self.size_actions: list[QAction] = []
        for radius, text in RADII:
            action = self._action(
                text,
                f"action-brush-size-{radius}",
                lambda _=False, r=radius: self.set_radius(r),
                checkable=True,
            )
            self.size_group.addAction(action)
            self.size_actions.append(action)
        self.size_actions[0].setChecked(True)
        self.smaller_action = self._action(
            "Smaller Brush",
            "action-brush-smaller",
            lambda: self.set_radius(self.brush.radius - 1),
            "[",
        )
        self.bigger_action = self._action(
            "Bigger Brush",
            "action-brush-bigger",
            lambda: self.set_radius(self.brush.radius + 1),
            "]",
        )
        self.tint_group = QActionGroup(self.window)
        self.tint_actions: dict[str, QAction] = {}
        texts = {"none": "No Tint", "foot": "Movement Cost on Foot",
                 "vehicle": "Movement Cost by Vehicle", "cover": "Cover Save"}  # fmt: skip
        for mode in TINTS:
            action = self._action(
                texts[mode],
                f"action-tint-{mode}",
                lambda _=False, m=mode: self.set_tint(m),
                checkable=True,
            )
            self.tint_group.addAction(action)
            self.tint_actions[mode] = action
        self.tint_actions["none"].setChecked(True)
        files = self.files
        self.new_map_action = self._action("&New Map...", "action-new-map", files.new_map_dialog)
        self.background_action = self._action(
            "Load &Background Image...", "action-load-background", files.background_dialog
        )
        self.remove_background_action = self._action("&Remove Background",
                                                     "action-remove-background",
                                                     lambda: self.set_background(None))  # fmt: skip
        self.validate_action = self._action("&Check Map", "action-validate-map", files.validate)
        self.opacity_slider = QSlider(Qt.Orientation.Horizontal)
        self.opacity_slider.setObjectName("background-opacity")
        self.opacity_slider.setRange(0, 100)
        self.opacity_slider.setMaximumWidth(120)
        self.opacity_slider.setToolTip("Background image opacity")
        # the controls' signals go to the editor's own slots (a QObject's): connected to the
        # plain BackgroundControls' bound methods, the suite crashed now and then in teardown
        self.opacity_slider.valueChanged.connect(lambda v: self.set_opacity(v / 100))
        self.opacity_slider.sliderPressed.connect(self._opacity_drag)
        self.backdrop = BackgroundControls(self, self.opacity_slider, self.remove_background_action)

    def _build_toolbar(self) -> QToolBar:
        bar = QToolBar("Map Editor", self.window)
        bar.setObjectName("editor-toolbar")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in self.tool_actions.values():
            bar.addAction(action)
        bar.addSeparator()
        for action in self.size_actions:
            bar.addAction(action)
        bar.addSeparator()
        bar.addWidget(QLabel(" Background "))
        bar.addWidget(self.opacity_slider)
        return bar

    def _build_menu(self) -> QMenu:
        menu = QMenu("&Map", self.window)
        menu.setObjectName("editor-menu")
        menu.addAction(self.new_map_action)
        menu.addSeparator()
        tools = menu.addMenu("&Tools")
        for action in self.tool_actions.values():
            tools.addAction(action)
        sizes = menu.addMenu("Brush &Size")
        for action in (*self.size_actions, self.smaller_action, self.bigger_action):
            sizes.addAction(action)
        tint = menu.addMenu("&Tint Hexes By")
        for action in self.tint_actions.values():
            tint.addAction(action)
        menu.addSeparator()
        menu.addAction(self.background_action)
        menu.addAction(self.remove_background_action)
        menu.addSeparator()
        menu.addAction(self.validate_action)
        return menu

    # --- mode switch ---------------------------------------------------------------------------
    def install(self) -> None:
        w = self.window
        self.toolbar = self._build_toolbar()
        w.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.toolbar)
        self.menu = self._build_menu()
        w.menuBar().insertMenu(w.menuBar().actions()[-1], self.menu)
        for action in (self.smaller_action, self.bigger_action):
            w.addAction(action)
        w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.palette)
        w.resizeDocks([self.palette], [self.palette.tree.sizeHintForColumn(0) + 330],
                      Qt.Orientation.Horizontal)  # fmt: skip
        self.problems = ProblemsDock(self, w)
        w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.problems)
        self.problems.hide()
        w.statusBar().addWidget(self.hint_label, 2)
        self.hint_label.show()
        w.view.hexHovered.connect(self._on_hover)
        w.view.hexClicked.connect(self.select_hex)
        self.scene.show_labels(w.labels_action.isChecked())
        self.scene.show_art(w.map_art_action.isChecked())
        self.set_tool("brush")
        self.backdrop.sync()
        self.autosave.start()

    def uninstall(self) -> None:
        w = self.window
        self.autosave.stop()
        w.view.set_tool(None)
        w.view.hexHovered.disconnect(self._on_hover)
        w.view.hexClicked.disconnect(self.select_hex)
        self._unsubscribe()
        w.removeToolBar(self.toolbar)
        w.menuBar().removeAction(self.menu.menuAction())
        for action in (self.smaller_action, self.bigger_action):
            w.removeAction(action)
        for dock in (self.palette, self.problems):
            w.removeDockWidget(dock)
            dock.deleteLater()
        w.statusBar().removeWidget(self.hint_label)
        self.toolbar.deleteLater()
        self.menu.deleteLater()

    # --- files and background (the window and scripts call these) ----------------------------
    def save(self, path: str | Path | None = None) -> bool:
        """Save the map to ``path`` or its own file (:meth:`MapFiles.save`)."""
        return self.files.save(path)

    def save_as(self, path: str | Path) -> bool:
        return self.files.save_as(path)

    def save_as_dialog(self) -> bool:
        return self.files.save_as_dialog()

    def validate(self) -> list[MapProblem]:
        """Check Map (:meth:`MapFiles.validate`)."""
        return self.files.validate()

    def load_background(self, path: str | Path) -> bool:
        """Put an image under the grid (:meth:`BackgroundControls.load_background`)."""
        return self.backdrop.load_background(path)

    def set_background(self, bg: Background | None, text: str = "") -> None:
        self.backdrop.set_background(bg, text)

    def set_opacity(self, opacity: float) -> None:
        self.backdrop.set_opacity(opacity)

    def _opacity_drag(self) -> None:
        self.backdrop.opacity_drag()

    # --- tools and brushes ---------------------------------------------------------------------
    @property
    def tool(self) -> EditorTool:
        return self.window.view.tool

    def set_tool(self, name: str) -> None:
        if name not in self.tools:
            raise ValueError(f"unknown tool {name!r}; the tools are {', '.join(self.tools)}")
        tool = self.tools[name]
        self.scene.clear_preview()
        self.window.view.set_tool(tool)
        self.tool_actions[name].setChecked(True)
        self.hint_label.setText(tool.hint)
        self._show_brush()

    def set_brush(self, name: str) -> None:
        """Pick what the tools lay: a terrain or alias (``woods``, ``hill``), a hexside
        feature (``river``) or ``entrance``, or a level brush (``raise``, ``lower``,
        ``level N``). A brush of another kind than the active tool's switches the tool."""
        chart = self.document.map.chart
        current = self.window.view.tool.name if self.window.view.tool else ""
        if name in chart.names():
            self.brush.terrain = name
            tool = current if current in TERRAIN_TOOLS else "brush"
        elif name in chart.hexsides or (name == "entrance" and "bunker" in chart.terrain):
            self.brush.feature = name
            tool = "hexside"
        elif name in ("raise", "lower"):
            self.brush.level_mode = name
            tool = "level"
        elif name.startswith("level ") and name[6:].isdigit() and int(name[6:]) <= 9:
            self.brush.level_mode, self.brush.level_value = "set", int(name[6:])
            tool = "level"
        else:
            choices = [*chart.names(), *chart.hexsides, "entrance", *LEVEL_BRUSHES]
            raise ValueError(f"unknown brush {name!r}{did_you_mean(name, choices)}")
        self.set_tool(tool)

    def _show_brush(self) -> None:
        b = self.brush
        names = {"hexside": b.feature, "level": b.level_name()}
        active = self.window.view.tool.name if self.window.view.tool else ""
        first = names.get(active, b.terrain)
        self.palette.show_brush([first, *(n for n in (b.terrain, b.feature, b.level_name())
                                          if n != first)])  # fmt: skip

    def set_radius(self, radius: int) -> None:
        self.brush.radius = max(0, min(2, radius))
        self.size_actions[self.brush.radius].setChecked(True)

    def set_tint(self, mode: str) -> None:
        self.scene.set_tint(mode)
        self.tint_actions[mode].setChecked(True)

    # --- what the mouse is on ----------------------------------------------------------------
    def describe(self, h: Hex) -> str:
        hexmap = self.document.map
        cell = hexmap.cell(h)
        text = f"{hexmap.label(h)}   {cell.terrain.replace('_', ' ')}, level {cell.level}"
        sides = []
        for n in hexmap.neighbors(h):
            features = hexmap.features(HexSide(h, n))
            if features:
                sides.append(f"{hexmap.label(n)}: {' + '.join(features)}")
        if sides:
            text += "   \u00b7   sides " + ", ".join(sides)
        if cell.entrances:
            text += "   \u00b7   entrances " + ", ".join(
                hexmap.label(s.other(h)) for s in cell.entrances
            )
        return text

    def _on_hover(self, h: Hex | None) -> None:
        self.shown = h
        self.window.show_status(hex_line=self.describe(h) if h is not None else "")

    def select_hex(self, h: Hex | None) -> None:
        self.selected = h
        self.scene.select_hex(h)
        if h is not None:
            self.shown = h
            self.window.show_status(hex_line=self.describe(h))

    def _refresh_hex_line(self) -> None:
        """The status bar's hex line says the hex as it is now (after a stroke, an undo)."""
        if self.shown is not None and self.shown in self.document.map:
            self.window.show_status(hex_line=self.describe(self.shown))

    # --- document events -----------------------------------------------------------------------
    def _on_event(self, event: MapEvent) -> None:
        if isinstance(event, HexesChanged):
            self.scene.repaint_hexes(event.hexes)
            self.tools["los"].map_changed(event.hexes, ())
            self._refresh_hex_line()
        elif isinstance(event, HexsidesChanged):
            self.scene.repaint_sides(event.sides)
            self.tools["los"].map_changed((), event.sides)
            self._refresh_hex_line()
        elif isinstance(event, BackgroundChanged):
            self.scene.refresh_background()
            self.backdrop.sync()


def map_snapshot(hexmap: HexMap) -> Callable[[Path], Iterator[str]]:
    """The map editor's autosave snapshot (:class:`~tabletop.ui.shell.recovery.Autosaver`): the
    map's dictionaries copied now, the file's text made from the copy in short pieces."""

    def take(target: Path) -> Iterator[str]:
        copy = shallow_copy(hexmap)
        copy.cells, copy.hexsides = dict(hexmap.cells), dict(hexmap.hexsides)
        return map_json_pieces(copy, target)

    return take


def edit_map(window, document: MapDocument) -> MapEditor:
    """Put ``window`` into the map editor on ``document`` (through the window's host API:
    its document slot, view, status and title)."""
    window.take_document(document)
    editor = MapEditor(window, document)
    window.show_editor(editor, editor.scene)
    editor.install()
    window.view.default_zoom()
    window.refresh_title()
    window.refresh_actions()
    size = document.map.size_text()
    window.show_status(f"Map editor \u00b7 {size}", f"{document.map.name}: {size}")
    return editor


def edit_game_map(window) -> MapEditor | None:
    """``action-edit-map``: open the map file of the game in the window in the editor
    (asking first when the game has unsaved changes, which the switch would drop)."""
    from PySide6.QtWidgets import QMessageBox

    from tabletop.ui.shell.loading import LoadError, load_game_document

    doc = window.document
    hexmap = getattr(getattr(doc, "state", None), "scenario", None)
    path = hexmap.map.path if hexmap is not None else None
    if path is None:
        window.show_status(hex_line="This game's map has no file to edit.")
        return None
    if doc.modified:
        answer = QMessageBox.question(
            window, "Edit Map", "The game has unsaved changes, which editing its map "
            "closes. Edit the map anyway?",
        )  # fmt: skip
        if answer != QMessageBox.StandardButton.Yes:
            return None
    try:
        document = load_game_document(path)
    except LoadError as exc:
        window.show_load_error(exc)
        return None
    window.set_document(document)
    return window.editor
