"""The main window: the map view, menus, a status bar, the hex dock, and play (the turn
bar, actions and odds panels, tools: :mod:`tabletop.ui.play.playui`), saving
(:mod:`tabletop.ui.shell.files`) and the settings kept between sessions."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QMainWindow, QMenu, QMessageBox

from tabletop import paths
from tabletop.commands.play import redo_step, step_text, undo_step
from tabletop.data import PendingCheck
from tabletop.documents import CountersDocument, GameDocument, MapDocument, ScenarioDocument
from tabletop.hexgrid import Hex
from tabletop.model import EVERY_SIDE
from tabletop.ui import host
from tabletop.ui.bridge import DocumentBridge, Links, bridge_for
from tabletop.ui.editor import MapEditor, edit_game_map, edit_map
from tabletop.ui.host import Mode
from tabletop.ui.play.adjust import AdjustControls
from tabletop.ui.play.hotseat import HotSeat
from tabletop.ui.play.logdock import LogDock
from tabletop.ui.play.mode import PlayMode
from tabletop.ui.play.opponent import Opponent
from tabletop.ui.play.pbem import PlayByEmail
from tabletop.ui.play.play import POLICIES, move_paused
from tabletop.ui.play.playui import PlayUI
from tabletop.ui.play.review import ReviewMode
from tabletop.ui.play.sight import SightControls
from tabletop.ui.scene import collector
from tabletop.ui.scene.docks import HexDock
from tabletop.ui.scene.scene import MapScene
from tabletop.ui.scene.view import MapView
from tabletop.ui.shell import settingsread
from tabletop.ui.shell.checking import LogCheck
from tabletop.ui.shell.files import FileKeeper, recent_label
from tabletop.ui.shell.layout import WindowLayout
from tabletop.ui.shell.loading import LoadError, load_game_document, open_document, with_los
from tabletop.ui.shell.progress import Opening
from tabletop.ui.shell.recovery import KIND_TEXT, recovery_question

MAX_RECENT = 8
FILE_FILTER = "Tabletop files (*.yaml *.yml);;All files (*)"


class MainWindow(QMainWindow):
    """Home of play and, later, the editors. ``settings`` holds recent files, the zoom,
    the window layout and the solo opportunity-fire policy."""

    ask_before_closing = True
    """Ask to save unsaved changes before closing or opening another file (tests turn it
    off so that closing a window never waits for a dialog)."""

    def __init__(self, settings: QSettings | None = None, parent=None) -> None:
        super().__init__(parent)
        host.register(self)  # (the counter editor's edits reach every open game)
        collector.collect_on_gui_thread()  # (never in the autosave's or opponent's thread)
        self.settings = settings if settings is not None else QSettings()
        self.document: GameDocument | MapDocument | None = None
        self.editor: MapEditor | None = None
        """The map editor while a map document is open (it brings its toolbar and docks)."""
        self.sheet_dialog = None
        self.map_print_dialog = None
        self.help_browser = None
        """The user guide's window once Help > User Guide opened it (tabletop.ui.shell.help)."""
        self.shortcuts_window = None
        self.about_window = None
        self.scenario_document = None
        """The scenario editor's document while a game started from it is played."""
        self.bridge: DocumentBridge | None = None
        """The channel of the window's document (:func:`~tabletop.ui.bridge.bridge_for`)."""
        self._links = Links()
        """What the window connected to :attr:`bridge` (its title and actions)."""
        self.map_scene: MapScene | None = None
        self.viewer: str | None = None
        self.mode: Mode | None = None
        """The mode on over play (review or adjust; None: plain play or an editor):
        :meth:`enter_mode`, :meth:`leave_mode`."""
        self.view = MapView(self)
        self.view.setObjectName("map-view")
        self.setCentralWidget(self.view)
        self.files = FileKeeper(self.settings, self)
        self.hex_dock = HexDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.hex_dock)
        self.hex_dock.setMinimumWidth(220)
        self.hex_dock.set_document(None)
        self.log_dock = LogDock(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.log_dock.unitsPicked.connect(self.select_units)
        self.sight = SightControls(self)
        self.play = PlayUI(self)
        self.play.controller.selectionChanged.connect(self.sight.follow_unit)
        self.adjust = AdjustControls(self)
        self.review = ReviewMode(self)
        self.hotseat = HotSeat(self)
        self.pbem = PlayByEmail(self)
        self.opponent = Opponent(self)
        self.play.cancel_action.triggered.connect(self.opponent.pause)  # Esc pauses it
        self.play_mode = PlayMode()
        """Play of the window's game (:mod:`tabletop.ui.play.mode`): on while a game is open."""
        self.window_layout = WindowLayout(self, [
            (self.hex_dock, "&Hex Dock"), (self.log_dock, "&Log Dock"),
            (self.play.panel, "A&ctions Dock"), (self.play.odds, "&Odds Dock"),
        ])  # fmt: skip
        """Each mode's layout (play, each editor), the View menu's docks, Reset Layout."""
        self._build_actions()
        self._build_menus()
        self._build_status_bar()
        self.log_check = LogCheck(self)
        """The replay check of a saved game opened unsealed (read-only until it agrees)."""
        self.view.hexHovered.connect(self._on_hex_hovered)
        self.view.hexClicked.connect(self.select_hex)
        self.view.zoomChanged.connect(self._on_zoom)
        self.resize(1400, 900)
        self.resizeDocks([self.hex_dock], [330], Qt.Orientation.Horizontal)
        # the hex and the log share a place; the unit's actions and the odds get the room
        self.tabifyDockWidget(self.hex_dock, self.log_dock)
        self.hex_dock.raise_()
        self.resizeDocks([self.hex_dock, self.play.panel, self.play.odds], [190, 300, 420],
                         Qt.Orientation.Vertical)  # fmt: skip
        self._restore_layout()
        self.refresh_title()
        self.refresh_actions()

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
        self.save_action = self._action("&Save", self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action(
            "Save &As...", lambda: self.save_as(), QKeySequence.StandardKey.SaveAs
        )
        self.quit_action = self._action("&Quit", self.close, "Ctrl+Q")  # every platform's
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
        self.map_art_action = self._action("Map &Art", self.set_map_art, checkable=True)
        self.map_art_action.setObjectName("action-map-art")
        self.map_art_action.setToolTip("Terrain as areas with natural edges (off: flat hexes)")
        self.map_art_action.setChecked(self.settings.value("view/map_art", True, bool))
        # Not the docks' toggleViewAction(): that one copies the dock's title ("Hex 0707").
        self.hex_dock_action = self.window_layout.play_actions[0]
        self.about_action = self._action("&About Tabletop", self.about)
        self.shortcuts_action = self._action("&Keyboard Shortcuts", self.show_shortcuts, "F1")
        self.guide_action = self._action("&User Guide", self.show_guide)
        self.quick_start_action = self._action("&Quick Start", self.show_quick_start)
        for action, name in ((self.about_action, "about"), (self.shortcuts_action, "shortcuts"),
                             (self.guide_action, "user-guide"),
                             (self.quick_start_action, "quick-start")):  # fmt: skip
            action.setObjectName(f"action-{name}")
        self.edit_map_action = self._action("Edit &Map", lambda: edit_game_map(self))
        self.edit_map_action.setObjectName("action-edit-map")
        self.print_sheet_action = self._action(
            "&Print Counter Sheet...", self.print_sheet, "Ctrl+P"
        )
        self.print_sheet_action.setObjectName("action-print-sheet")
        self.print_map_action = self._action("Print &Map...", self.print_map, "Ctrl+Shift+P")
        self.print_map_action.setObjectName("action-print-map")
        self.edit_scenario_action = self._action("Edit &Scenario", self.edit_scenario)
        self.new_scenario_action = self._action("&New Scenario...", self.new_scenario_dialog)
        self.new_map_action = self._action("New &Map...", self.new_map_dialog)
        self.new_map_action.setObjectName("action-file-new-map")
        self.new_scenario_action.setObjectName("action-new-scenario")
        self.edit_scenario_action.setObjectName("action-edit-scenario")
        for action, name in ((self.open_action, "open"), (self.save_action, "save"),
                             (self.save_as_action, "save-as"), (self.undo_action, "undo"),
                             (self.redo_action, "redo")):  # fmt: skip
            action.setObjectName(f"action-{name}")
        self.redo_action.setShortcuts(QKeySequence.StandardKey.Redo)  # Ctrl+Shift+Z everywhere
        self.policy_group = QActionGroup(self)
        self.policy_actions: dict[str, QAction] = {}
        texts = {"ask": "&Ask the Defender", "best": "Fire With the &Best Odds",
                 "never": "&Never Fire"}  # fmt: skip
        for policy in POLICIES:
            action = self._action(texts[policy], lambda _c=False, p=policy: self.set_policy(p),
                                  checkable=True)  # fmt: skip
            action.setObjectName(f"action-policy-{policy}")
            self.policy_group.addAction(action)
            self.policy_actions[policy] = action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.open_action)
        file_menu.addAction(self.open_demo_action)
        file_menu.addAction(self.new_map_action)
        file_menu.addAction(self.new_scenario_action)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self._fill_recent_menu()
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addAction(self.pbem.send_action)
        file_menu.addSeparator()
        file_menu.addAction(self.print_sheet_action)
        file_menu.addAction(self.print_map_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.adjust.action)
        edit_menu.addAction(self.review.action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.edit_map_action)
        edit_menu.addAction(self.edit_scenario_action)
        play_menu = bar.addMenu("&Play")
        for name, action in self.play.actions.items():
            play_menu.addAction(action)
            if name in ("end-turn", "pass"):
                play_menu.addSeparator()
        play_menu.addAction(self.play.cancel_action)
        play_menu.addSeparator()
        play_menu.addAction(self.hotseat.action)
        play_menu.addAction(self.pbem.record_action)
        play_menu.addSeparator()
        play_menu.addAction(self.opponent.action)
        play_menu.addAction(self.opponent.pause_action)
        play_menu.addSeparator()
        solo = play_menu.addMenu("&Solo: Opportunity Fire")
        self.solo_menu = solo
        for action in self.policy_actions.values():
            solo.addAction(action)
        view_menu = bar.addMenu("&View")
        for action in (self.zoom_in_action, self.zoom_out_action, self.fit_action,
                       self.actual_size_action):  # fmt: skip
            view_menu.addAction(action)
        view_menu.addSeparator()
        view_menu.addAction(self.labels_action)
        view_menu.addAction(self.map_art_action)
        view_menu.addSeparator()
        self._dock_items: list[QAction] = []
        self._docks_end = view_menu.addSeparator()
        view_menu.addAction(self.window_layout.reset_action)
        view_menu.addSeparator()
        self.view_menu = view_menu
        view_menu.aboutToShow.connect(self._fill_view_docks)
        self._fill_view_docks()
        view_menu.addActions(self.sight.actions())
        view_menu.addSeparator()
        self.viewer_menu = view_menu.addMenu("Hidden Minefields &Shown To")
        self.viewer_group = QActionGroup(self)
        self.viewer_group.setExclusive(True)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.guide_action)
        help_menu.addAction(self.quick_start_action)
        help_menu.addAction(self.shortcuts_action)
        help_menu.addSeparator()
        help_menu.addAction(self.about_action)

    def _build_status_bar(self) -> None:
        self.hex_label = QLabel("")
        self.hex_label.setObjectName("hex-label")
        self.turn_label = QLabel("")
        self.turn_label.setObjectName("turn-label")
        self.turn_label.setContentsMargins(12, 0, 0, 0)  # a long message is cut short of it
        self.zoom_label = QLabel("")
        self.zoom_label.setObjectName("zoom-label")
        self.zoom_label.setMinimumWidth(60)
        status = self.statusBar()
        status.addWidget(self.hex_label, 1)
        status.addPermanentWidget(self.opponent.status)
        status.addPermanentWidget(self.turn_label)
        status.addPermanentWidget(self.zoom_label)

    # --- the host: what the modes (play, review, adjust, the three editors) ask of it ---------
    def take_document(self, document, *, detach_play: bool = False) -> DocumentBridge:
        """The document slot: ``document`` becomes the window's for an editor (the editor on
        and, with ``detach_play``, play left first); its bridge, returned, keeps the title
        and the actions up to date. Every editor (map, counters, scenario) opens through here."""
        self.close_editor()
        if self.document is not None:
            collector.release(self)  # the document it replaces may be collected
        if detach_play:
            self.play_mode.deactivate()
        self.window_layout.hide_play()  # (the mode's own layout follows, when switching)
        self.document = document
        return self._hear(document)

    def _hear(self, document) -> DocumentBridge:
        """The channel of ``document`` the window's now (what was linked to the one before
        is disconnected): the title and the actions follow it."""
        self._links.cut()
        self.bridge = bridge = bridge_for(document)
        self._links.add(bridge.modifiedChanged, self.refresh_title)
        self._links.add(bridge.pathChanged, self.refresh_title)
        self._links.add(bridge.historyChanged, self.refresh_actions)
        return bridge

    def show_editor(self, editor, scene: MapScene | None = None) -> None:
        """``editor`` is the window's mode now; ``scene`` (its map, if it has one) in the
        view, the scene it replaces dropped."""
        self.editor = editor
        if scene is not None:
            self.show_scene(scene)

    def show_scene(self, scene: MapScene) -> None:
        """``scene`` (the map of the mode on) in the view; the scene it replaces dropped."""
        old_scene = self.map_scene
        self.map_scene = scene
        self.view.setScene(scene)
        if old_scene is not None and old_scene is not scene:
            old_scene.deleteLater()

    def close_editor(self) -> None:
        """Leave the editor that is on (if one is): its toolbar, docks and menu go away, its
        recovery file too (the layout of the mode entered next brings play's docks back)."""
        editor = self.editor
        if editor is None:
            return
        editor.uninstall()
        editor.autosave.discard()
        self.editor = None
        editor.deleteLater()

    def play_started_game(self, game: GameDocument, scenario: ScenarioDocument) -> None:
        """Play ``game``, started from the scenario editor on ``scenario``: Edit > Edit
        Scenario comes back to that editor, its undo intact."""
        self.set_document(game)
        self.scenario_document = scenario

    def show_status(self, turn: str | None = None, hex_line: str | None = None) -> None:
        """The status bar's mode line (right: the turn, or the editor and its document) and
        hex line (left: the hex under the mouse, or a word about the document)."""
        if turn is not None:
            self.turn_label.setText(turn)
        if hex_line is not None:
            self.hex_label.setText(hex_line)

    def show_message(self, text: str, timeout_ms: int = 0) -> None:
        """A passing word in the status bar (``timeout_ms`` 0: until the next; no text: the
        word shown goes)."""
        if text:
            self.statusBar().showMessage(text, timeout_ms)
        else:
            self.statusBar().clearMessage()

    def enter_mode(self, mode: Mode) -> None:
        """``mode`` (review, adjust) on over play: the one on before it leaves first, then
        ``mode.activate(self)``; :attr:`mode` is it until it leaves."""
        if self.mode is mode:
            return
        self.leave_mode()
        self.mode = mode
        mode.activate(self)

    def leave_mode(self, mode: Mode | None = None) -> None:
        """The mode on over play leaves (``mode``: only if it is the one on): play as it was."""
        current = self.mode
        if current is None or (mode is not None and current is not mode):
            return
        self.mode = None  # (first: a deactivation that toggles its action comes back here)
        current.deactivate()

    # --- documents ------------------------------------------------------------------------------
    def set_document(self, document: GameDocument | MapDocument | CountersDocument) -> None:
        """Show ``document``, replacing the current one; a map opens in the map editor. The
        mode left keeps its layout and the mode entered gets its own back."""
        with self.window_layout.switching():
            self._set_document(document)
        self._fill_view_docks()

    def _set_document(self, document: GameDocument | MapDocument | CountersDocument) -> None:
        self.log_check.leave()  # (a check of the game it replaces stops)
        self.files.stop_autosave()  # (the game's, if one was open: the file is the new one's)
        self.play_mode.deactivate()  # (the game it replaces, if one is played)
        from tabletop.ui.counters import edit_counters
        from tabletop.ui.scenario import edit_scenario

        # The mode switch: a map, a scenario or a counters file opens in its editor (the
        # scenario editor leaves play itself, once the editor before it is closed), a game
        # in play.
        editors = ((MapDocument, edit_map), (ScenarioDocument, edit_scenario),
                   (CountersDocument, edit_counters))  # fmt: skip
        for kind, edit in editors:
            if isinstance(document, kind):
                edit(self, document)
                return
        self.close_editor()
        if self.document is not None:
            collector.release(self)  # the old document's objects may be collected
        self.files.adopt(document)
        self.document = with_los(document)
        self._hear(document)
        self.play_mode.activate(self)  # (the game's scene, play's docks, tools and menus)
        self.view.default_zoom()
        self.refresh_title()
        self.refresh_actions()
        collector.hold(self)  # full collections skip the document's objects from now on

    def edit_scenario(self) -> None:
        """``action-edit-scenario``: the open game's scenario in the scenario editor."""
        from tabletop.ui.scenario import edit_game_scenario

        with self.window_layout.switching():
            edit_game_scenario(self)
        self._fill_view_docks()

    def new_scenario_dialog(self):
        """``action-new-scenario``: the New Scenario dialog (returned, shown); its OK opens
        the new scenario in the scenario editor."""
        from tabletop.ui.scenario.newscenario import open_new_scenario_dialog

        return open_new_scenario_dialog(self)  # it proposes the map being edited

    def new_map_dialog(self):
        """File > New Map (``action-file-new-map``): the New Map dialog (returned, shown); its
        OK opens the new map in the map editor."""
        from tabletop.ui.editor.dialogs import NewMapDialog

        if not self.may_discard():
            return None
        dialog = NewMapDialog(self)

        def made() -> None:
            hexmap = dialog.build()
            if hexmap is not None:
                self.set_document(MapDocument(hexmap))

        dialog.accepted.connect(made)
        dialog.open()
        return dialog

    def print_sheet(self) -> None:
        """File > Print Counter Sheet: the open scenario's order of battle or counters file."""
        from tabletop.ui.shell.sheetdialog import print_counter_sheet

        self.sheet_dialog = print_counter_sheet(self)

    def print_map(self) -> None:
        """File > Print Map: the open game's, scenario's or map editor's map at true scale."""
        from tabletop.ui.shell.mapprintdialog import print_map

        self.map_print_dialog = print_map(self, self.document)

    def set_brush(self, name: str) -> None:
        """The map editor's brush: a terrain, hexside feature or level (interfaces 4)."""
        if self.editor is None:
            raise ValueError("set_brush needs a map open in the map editor")
        self.editor.set_brush(name)

    def set_hex_dock_visible(self, on: bool) -> None:
        self.window_layout.show_dock(self.hex_dock, on)

    def _fill_view_docks(self) -> None:
        """The View menu's docks: those of the mode the window is in (play's, or the open
        editor's), each checked while shown."""
        for action in self._dock_items:
            self.view_menu.removeAction(action)
        self._dock_items = self.window_layout.dock_actions()
        self.view_menu.insertActions(self._docks_end, self._dock_items)

    def createPopupMenu(self):
        """The context menu of the docks' title bars and the toolbars: the same docks as the
        View menu (never an editor's docks in play or play's in an editor)."""
        menu = QMenu(self)
        menu.setObjectName("docks-menu")
        menu.addActions(self.window_layout.dock_actions())
        menu.addSeparator()
        menu.addAction(self.window_layout.reset_action)
        return menu

    def fill_viewer_menu(self, document: GameDocument) -> None:
        """One choice per side, plus nobody: rules 1.7 hides each side's unrevealed
        minefields from the other, so the shared screen starts showing nobody's."""
        self.viewer_menu.clear()
        for action in self.viewer_group.actions():
            self.viewer_group.removeAction(action)
        choices = [(None, "No Side (neutral)")]
        choices += [(sid, side.name) for sid, side in document.scenario.sides.items()]
        choices.append((EVERY_SIDE, "Every Side (Adjust Mode)"))
        for side, text in choices:
            action = QAction(text, self, checkable=True)
            action.setData(side)
            action.triggered.connect(lambda _checked=False, s=side: self.set_viewer(s))
            self.viewer_group.addAction(action)
            self.viewer_menu.addAction(action)
        self.viewer_group.actions()[0].setChecked(True)
        self.set_viewer(None, forced=True)

    def set_viewer(self, side: str | None, *, forced: bool = False) -> None:
        """Show the hidden minefields of ``side`` only (None: of no side; ``EVERY_SIDE``:
        of all). In hot seat the View menu may not show one side's to the other
        (:meth:`HotSeat.allows`); the hot seat's own hand-over is ``forced``."""
        if not forced and not self.hotseat.allows(side):
            side = self.viewer  # refused: the menu shows what is shown
        self.viewer = side
        for action in self.viewer_group.actions():
            action.setChecked(action.data() == side)
        if self.map_scene is not None:
            self.map_scene.set_viewer(side)
        self.hex_dock.viewer = side
        self.hex_dock.refresh()
        self.log_dock.set_viewer(side)

    def open_file(self, path: str | Path) -> bool:
        """Open a scenario, saved game or map; on bad input show every problem and keep the
        current document."""
        if not self.may_discard():
            return False
        if self.offer_recovery(Path(path)):
            return True
        with Opening(self, Path(path)) as opening:
            try:
                document, pending = open_document(path)
            except LoadError as exc:
                opening.dialog.close()
                self.show_load_error(exc)
                return False
            opening.next()
            self.set_document(document)
            opening.next()
        self.check_log(document, pending)
        self.add_recent(Path(path))
        if self.editor is None and self.files.save_path is not None:
            self.pbem.arrived(document)  # a game by email: what is new since last seen
        return True

    def check_log(
        self, document: GameDocument | MapDocument | CountersDocument, pending: PendingCheck | None
    ) -> None:
        """After :func:`open_document` gave a saved game whose log is still to be checked
        (``pending``), shown at once: check it on a thread, read-only until it agrees."""
        if pending is not None and isinstance(document, GameDocument):
            self.log_check.start(document, pending)

    def accept_disagreement(self, summary: str, details: str) -> bool:
        """Ask whether to open a saved game that disagrees with its replayed log."""
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Saved game disagrees with its log")
        box.setText(summary)
        box.setDetailedText(details)
        box.setStandardButtons(QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return bool(box.exec() == QMessageBox.StandardButton.Open)

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
        return settingsread.texts(self.settings, "recent")

    def add_recent(self, path: Path) -> None:
        text = str(path.resolve())
        recent = [text, *(p for p in self.recent_files() if p != text)][:MAX_RECENT]
        self.settings.setValue("recent", recent)
        self._fill_recent_menu()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.recent_files()
        for text in recent:
            action = self.recent_menu.addAction(recent_label(text))
            action.setToolTip(text)
            action.triggered.connect(lambda _=False, t=text: self.open_file(t))
        if recent:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear Menu", self._clear_recent)
        self.recent_menu.setEnabled(bool(recent))

    def _clear_recent(self) -> None:
        self.settings.setValue("recent", [])
        self._fill_recent_menu()

    # --- saving ----------------------------------------------------------------------------
    def save(self) -> bool:
        """Save to the game's file; a game never saved asks where (as Save As)."""
        if self.editor is not None:
            return self.editor.save()
        if self.document is None:
            return False
        if self.files.save_path is None:
            return self.save_as()
        return self._write(self.files.save_path)

    def save_as(self, path: str | Path | None = None) -> bool:
        """Save the game as ``path`` (None: ask for it); Save then writes there."""
        if self.editor is not None:
            return self.editor.save_as(path) if path is not None else self.editor.save_as_dialog()
        if self.document is None:
            return False
        if path is None:
            suggested = str(self.files.suggested_path(self.document))
            path, _ = QFileDialog.getSaveFileName(self, "Save Game", suggested, FILE_FILTER)
            if not path:
                return False
        return self._write(Path(path))

    def _write(self, path: Path) -> bool:
        assert self.document is not None  # a game: an editor saves its own document
        self.pbem.own(self.document)  # its id, from its first save
        try:
            self.files.save(self.document, path)
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or exc
            QMessageBox.critical(self, "Cannot save", f"{path}: {reason}")
            return False
        self.add_recent(path)
        self.pbem.saved(self.document)
        self.statusBar().showMessage(f"Saved {path}", 5000)
        return True

    def after_action(self) -> None:
        """Every action: the game into the recovery file, in case the app dies (what the
        action changed taken now, written on the autosave thread)."""
        if self.document is not None:
            self.pbem.own(self.document)
            self.files.autosave_soon(self.document)

    def may_discard(self) -> bool:
        """Unsaved changes: ask to save them first. False: the user cancelled."""
        doc = self.document
        if doc is None or not doc.modified or not self.ask_before_closing:
            return True
        answer = QMessageBox.question(
            self, "Unsaved changes", f"Save the changes to {doc.title} first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save,
        )  # fmt: skip
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event) -> None:
        if not self.may_discard():
            event.ignore()
            return
        self._save_layout()
        self.opponent.configure(frozenset())
        self.opponent.wait()  # its thinking in progress ends before the window goes
        self.log_check.stop()  # a log being checked: stopped, its thread joined
        self.close_editor()  # a clean close: the map's recovery file goes too
        self.files.discard_recovery()
        collector.release(self, closing=True)
        host.unregister(self)  # closed: no other window's edits reach it
        event.accept()

    def offer_recovery(self, opening: Path | None = None) -> bool:
        """At start (or when ``opening`` the file it belongs to): a recovery file left by a
        crash, newer than its file? Offer to restore it; No discards it."""
        store = self.files.store
        origin = store.origin()
        if store.found() is None or store.ours:
            return False
        if opening is not None and origin.source != Path(os.path.abspath(opening)):
            return False
        if store.is_stale():
            store.discard()  # its file was saved after it: nothing newer to offer
            return False
        answer = QMessageBox.question(self, f"Recover {KIND_TEXT[origin.kind]}",
                                      recovery_question(origin))  # fmt: skip
        if answer != QMessageBox.StandardButton.Yes:
            store.discard()
            return False
        return self.recover()

    def recover(self) -> bool:
        """Open the recovery file as the document it came from, unsaved: Save writes to
        that file (a game: to the saved game it belonged to, or asks)."""
        path = self.files.recovery()
        if path is None:
            return False
        origin = self.files.store.origin()
        if origin.kind == "scenario":  # a scenario file opens as a game: into its editor
            from tabletop.ui.scenario.editor import restore_scenario

            with self.window_layout.switching():
                restored = restore_scenario(self, path, origin.source)
            self._fill_view_docks()
            return restored is not None
        try:
            document = load_game_document(path)
        except LoadError as exc:
            self.show_load_error(exc)
            return False
        if origin.kind == "game":
            self.set_document(document)
            self.files.save_path = origin.save_path
            self.pbem.own(document)  # switching documents dropped the file: write it again
            self.files.autosave(document)  # (now: the recovered game is not modified)
        else:
            document.mark_recovered(origin.source)
            self.set_document(document)
            if self.editor is not None:
                self.editor.autosave.write_soon()
        return True

    # --- settings ---------------------------------------------------------------------------
    def set_policy(self, policy: str) -> None:
        """How opportunity fire is answered solo: ask, the best odds, never."""
        self.play.controller.policy = policy
        self.policy_actions[policy].setChecked(True)
        self.settings.setValue("play/opfire_policy", policy)

    def _restore_layout(self) -> None:
        self.window_layout.restore_at_start()
        self.set_policy(settingsread.text(self.settings, "play/opfire_policy", "ask", POLICIES))

    def _save_layout(self) -> None:
        self.window_layout.save_at_close()
        self.settings.setValue("view/zoom", self.view.scale_factor)

    def restore_zoom(self) -> None:
        """The zoom of the last session (the whole map on a first start)."""
        zoom = settingsread.number(self.settings, "view/zoom", 1e-6, 1e6)
        if zoom is not None:
            self.view.set_scale(zoom)
        else:
            self.view.default_zoom()

    def show_shortcuts(self):
        """Help > Keyboard Shortcuts: every shortcut of the window's actions (returned)."""
        from tabletop.ui.shell.help import shortcuts_dialog

        self.shortcuts_window = shortcuts_dialog(self)
        return self.shortcuts_window

    def show_guide(self):
        """Help > User Guide: the documentation pages in a window of their own (returned)."""
        from tabletop.ui.shell.help import open_guide

        return open_guide(self)

    def show_quick_start(self):
        """Help > Quick Start: the guide at its quick-start page."""
        from tabletop.ui.shell.help import QUICK_START, open_guide

        return open_guide(self, QUICK_START)

    # --- actions -------------------------------------------------------------------------
    def undo(self) -> None:
        """Undo the last action; a move the window continued by itself after an answer to
        opportunity fire undoes with that answer (the game never rests half-continued)."""
        doc = self.document
        if doc is not None:
            said = step_text(undo_step(doc.history))
            doc.undo()
            while move_paused(doc) and doc.history.can_undo:
                doc.undo()
            if said:  # (not the undone action's own line, left from when it was played)
                self.statusBar().showMessage(f"Undone: {said}", 8000)

    def redo(self) -> None:
        doc = self.document
        if doc is not None:
            said = step_text(redo_step(doc.history))
            doc.redo()
            while move_paused(doc) and doc.history.can_redo:
                doc.redo()
            if said:
                self.statusBar().showMessage(f"Redone: {said}", 8000)

    def image_cache_mb(self) -> int:
        """The setting ``view/image_cache_mb``: the images a map view keeps, in MB (see
        :data:`~tabletop.ui.scene.scene.IMAGE_CACHE_MB`); a value that is no number is ignored."""
        from tabletop.ui.scene.scene import IMAGE_CACHE_MB

        try:
            return int(self.settings.value("view/image_cache_mb", IMAGE_CACHE_MB))
        except (TypeError, ValueError):
            return IMAGE_CACHE_MB

    def set_map_art(self, on: bool) -> None:
        """View > Map Art: terrain as areas, or the flat style; saved for next time."""
        self.map_art_action.setChecked(on)
        self.settings.setValue("view/map_art", on)
        for scene in self.findChildren(MapScene):
            scene.show_art(on)

    def set_labels_visible(self, on: bool) -> None:
        self.labels_action.setChecked(on)
        if self.map_scene is not None:
            self.map_scene.show_labels(on)

    def select_hex(self, h: Hex | None) -> None:
        if self.map_scene is not None:
            self.map_scene.select_hex(h)
        self.hex_dock.show_hex(h)

    def select_units(self, ids) -> None:
        """Select the units a log row is about: the first one on the map, and its hex."""
        doc = self.document
        units = [doc.state.units[i] for i in ids if doc and i in doc.state.units]
        units = [u for u in units if u.on_map]
        self.select_hex(units[0].hex if units else None)
        self.play.controller.select(units[0].id if units else None)

    def about(self):
        """Help > About Tabletop: version, licence, where the bundled files are (returned)."""
        from tabletop.ui.shell.help import about_box

        self.about_window = about_box(self)
        return self.about_window

    # --- updates ------------------------------------------------------------------------------
    def _on_hex_hovered(self, h: Hex | None) -> None:
        # an editor says what the hover line describes (the scenario editor: its game at the
        # start, as drawn); None: it writes its own (the map editor) or has no map
        doc = self.document if self.editor is None else self.editor.hover_document()
        if doc is None and self.editor is not None:
            return
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

    def refresh_title(self, *_args) -> None:
        doc = self.document
        if doc is None:
            self.setWindowTitle("Tabletop")
            return
        self.setWindowTitle(f"{doc.title}[*] \u2014 Tabletop")
        self.setWindowModified(doc.modified)  # after the title: it needs the [*]

    def refresh_actions(self) -> None:
        doc = self.document
        has = doc is not None
        for action in (self.zoom_in_action, self.zoom_out_action, self.fit_action,
                       self.actual_size_action):  # fmt: skip
            action.setEnabled(has)
        savable = self.editor is not None or (has and bool(doc.scenario.sides))
        self.save_action.setEnabled(savable)
        self.save_as_action.setEnabled(savable)
        frozen = bool(self.play.controller.frozen)  # (read-only while its log is checked)
        self.undo_action.setEnabled(has and doc.history.can_undo and not frozen)
        self.redo_action.setEnabled(has and doc.history.can_redo and not frozen)
        history = doc.history if has else None
        for action, word, step in ((self.undo_action, "Undo", undo_step),
                                   (self.redo_action, "Redo", redo_step)):  # fmt: skip
            said = step_text(step(history)) if history is not None else ""  # Undo: T-72 fires...
            action.setText(f"&{word}: {said.replace('&', '&&')}" if said else f"&{word}")
            action.setToolTip(f"{word}: {said}" if said else word)
            action.setStatusTip(f"{word}: {said}" if said else "")
