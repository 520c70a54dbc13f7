"""The window's layout, kept per mode: where play's docks are (the hex, log, actions and
odds docks) and where each editor's are, each saved under its own key. Play's docks and
turn bar are hidden in every editor (its saved layout or, the first time, by entering
it); saving an editor's layout as play's would bring the next game up with no docks, so
each mode saves and restores only its own (``window/layout/MODE``), and leaving an editor
for a game brings play's own back.

The View menu lists the docks of the mode the window is in (:meth:`WindowLayout.dock_actions`)
and *Reset Layout* puts them back where the mode starts them. Geometry is shared by every
mode and kept inside the screen (a window restored at another scaling may be larger than
the screen now).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import shiboken6
from PySide6.QtCore import QByteArray, QObject, QRect, QSize, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow

MODES = ("play", "map", "scenario", "counters")
STATE_KEY = "window/layout/{mode}"
OLD_STATE_KEY = "window/state"
"""The one layout of earlier versions, saved in whatever mode the window was closed: never
read (it may be an editor's, with play's docks hidden)."""
STATE_VERSION = 2
FRAME_ALLOWANCE = QSize(16, 48)
"""Room for the window manager's frame and title bar while the window has none yet."""


def mode_of(window: QMainWindow) -> str:
    """``play`` unless an editor is open: then ``map``, ``scenario`` or ``counters``."""
    editor = window.editor
    return "play" if editor is None else editor.mode_name


def _state(value: object) -> QByteArray | None:
    """A saved state as Qt wants it, or None for anything else a settings file may hold."""
    if isinstance(value, QByteArray):
        return value if not value.isEmpty() else None
    if isinstance(value, bytes | bytearray) and value:
        return QByteArray(bytes(value))
    return None


def fit_to_screen(rect: QRect, available: QRect, frame: QSize) -> QRect:
    """``rect`` (a window's geometry, frame not included) made to fit ``available`` with
    ``frame`` around it: shrunk if larger, moved in if it sticks out."""
    width = min(rect.width(), max(200, available.width() - frame.width()))
    height = min(rect.height(), max(150, available.height() - frame.height()))
    x = min(max(rect.x(), available.left()), available.right() + 1 - width - frame.width())
    y = min(max(rect.y(), available.top()), available.bottom() + 1 - height - frame.height())
    return QRect(max(x, available.left()), max(y, available.top()), width, height)


class WindowLayout(QObject):
    """The layouts of ``window``'s modes. ``play_docks``: the docks play owns, in the order
    the View menu lists them, each with its menu text."""

    def __init__(self, window: QMainWindow, play_docks: list[tuple[QDockWidget, str]]) -> None:
        super().__init__(window)  # a child: its slots go with the window
        self.window = window
        self.play_docks = play_docks
        self.defaults: dict[str, QByteArray] = {}
        """Each mode's layout as it first came up in this session: what Reset Layout
        restores."""
        self._depth = 0
        self.play_actions: list[QAction] = []
        for dock, text in play_docks:
            action = QAction(text, window)
            action.setCheckable(True)
            action.setChecked(not dock.isHidden())
            action.setObjectName(f"action-show-{dock.objectName()}")
            action.triggered.connect(lambda on, d=dock: self.show_dock(d, on))
            dock.visibilityChanged.connect(self._sync)
            self.play_actions.append(action)
        self.reset_action = QAction("&Reset Layout", window)
        self.reset_action.setObjectName("action-reset-layout")
        self.reset_action.setStatusTip("Put this mode's docks back where they start")
        self.reset_action.triggered.connect(self.reset)
        self._editor_actions: list[QAction] = []

    @property
    def mode(self) -> str:
        """The mode the window is in now (asked of the window: a way into an editor that
        does not pass through :meth:`switching` still saves under the right key)."""
        return mode_of(self.window)

    @property
    def settings(self):
        return self.window.settings

    # --- docks of the mode ----------------------------------------------------------------
    def docks(self) -> list[QDockWidget]:
        """The docks of the mode the window is in: play's, or the open editor's."""
        if self.mode == "play":
            return [dock for dock, _ in self.play_docks]
        play = {id(d) for d, _ in self.play_docks}
        w = self.window
        found = w.findChildren(QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        return [d for d in found if id(d) not in play
                and w.dockWidgetArea(d) != Qt.DockWidgetArea.NoDockWidgetArea]  # fmt: skip

    def dock_actions(self) -> list[QAction]:
        """One checkable action per dock of the mode (checked: shown), for the View menu
        and the window's context menu."""
        if self.mode == "play":
            for action, (dock, _) in zip(self.play_actions, self.play_docks, strict=True):
                action.setChecked(not dock.isHidden())
            return list(self.play_actions)
        for action in self._editor_actions:
            action.deleteLater()
        self._editor_actions = []
        for dock in sorted(self.docks(), key=lambda d: d.windowTitle().lower()):
            title = dock.windowTitle().replace("&", "&&") or dock.objectName()
            action = QAction(title, self.window)
            action.setObjectName(f"action-show-{dock.objectName()}")
            action.setCheckable(True)
            action.setChecked(not dock.isHidden())
            action.triggered.connect(lambda on, d=dock: self.show_dock(d, on))
            self._editor_actions.append(action)
        return list(self._editor_actions)

    def show_dock(self, dock: QDockWidget, on: bool) -> None:
        """Show (and bring to the front of its tabs) or hide ``dock``."""
        dock.setVisible(on)
        if on:
            dock.raise_()

    def _sync(self, _visible: bool) -> None:
        """A play dock shown or hidden (its own close button, a tab): its View item follows."""
        if not shiboken6.isValid(self.window) or self.window.isMinimized():
            return  # going away; a minimised window hides its docks too
        for action, (dock, _) in zip(self.play_actions, self.play_docks, strict=True):
            action.setChecked(not dock.isHidden())

    # --- switching modes ------------------------------------------------------------------
    @contextmanager
    def switching(self) -> Iterator[None]:
        """Around a change of document: the mode left keeps its layout, the mode entered
        gets its own back (nested switches count once)."""
        outer = self._depth == 0
        left = self.mode
        if outer:
            self.save_mode()
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if outer:
                if self.mode != left:  # the mode left's hints are not this one's
                    self.window.statusBar().clearMessage()
                self.enter()

    def save_mode(self) -> None:
        """The current mode's layout into the settings, under its own key."""
        self.settings.setValue(STATE_KEY.format(mode=self.mode),
                               self.window.saveState(STATE_VERSION))  # fmt: skip

    def enter(self) -> None:
        """The current mode's saved layout (else, for play, the one it starts with)."""
        mode = self.mode
        if mode not in self.defaults:
            self.defaults[mode] = self.window.saveState(STATE_VERSION)
        saved = _state(self.settings.value(STATE_KEY.format(mode=mode)))
        if saved is not None or mode == "play":
            self._restore(saved if saved is not None else self.defaults[mode])
        else:  # an editor's first time: its own docks as it made them, none of play's
            self.hide_play()

    def reset(self) -> None:
        """View > Reset Layout: the current mode's docks where they start."""
        for dock in self.docks():
            if dock.isFloating():
                dock.setFloating(False)
        default = self.defaults.get(self.mode)
        if default is not None:
            self._restore(default)

    def _restore(self, state: QByteArray) -> None:
        """Restore ``state``, keeping what the mode decides by itself: the editor's
        problems dock (shown when there are problems), play's turn bar (only for a game)."""
        w = self.window
        problems = w.editor.problems if w.editor is not None else None
        keep = problems.isVisibleTo(w) if isinstance(problems, QDockWidget) else None
        if not w.restoreState(state, STATE_VERSION):
            return
        if keep is not None and isinstance(problems, QDockWidget):
            problems.setVisible(keep)
        play = w.play
        play.turn_bar.setVisible(self.mode == "play" and play.controller.playable)
        if self.mode != "play":
            self.hide_play()

    def hide_play(self) -> None:
        """Play's docks and turn bar have nothing to show in an editor (the window hides
        them whenever an editor takes the document, however it came)."""
        self.window.play.turn_bar.hide()
        for dock, _ in self.play_docks:
            dock.hide()

    # --- start and close --------------------------------------------------------------------
    def restore_at_start(self) -> None:
        """The play layout of the last session and the window's geometry, kept on screen."""
        self.settings.remove(OLD_STATE_KEY)
        geometry = _state(self.settings.value("window/geometry"))
        if geometry is not None:
            self.window.restoreGeometry(geometry)
        self.fit_on_screen()
        self.enter()

    def fit_on_screen(self) -> None:
        """Shrink or move the window to lie inside its screen's available area."""
        w = self.window
        # the screen the restored geometry is on (a second monitor stays the one)
        screen = QGuiApplication.screenAt(w.geometry().center()) or w.screen()
        screen = screen or QGuiApplication.primaryScreen()
        if screen is None:
            return
        if w.isMaximized() or w.isFullScreen():
            return
        available = screen.availableGeometry()
        frame = w.frameGeometry().size() - w.geometry().size()
        if frame.width() <= 0 and frame.height() <= 0:
            frame = FRAME_ALLOWANCE
        fitted = fit_to_screen(w.geometry(), available, frame)
        if fitted != w.geometry():
            w.setGeometry(fitted)

    def save_at_close(self) -> None:
        self.settings.setValue("window/geometry", self.window.saveGeometry())
        self.save_mode()
