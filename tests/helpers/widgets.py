"""Real mouse and keyboard input on a window's widgets for the GUI tests (``QTest``): a dock's
page raised by clicks on its tabs, text typed into a field, a check box ticked, a combo box
item chosen with the keyboard."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QComboBox, QDockWidget, QLineEdit, QTabBar, QWidget

LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def open_window(qtbot, settings, path, size: tuple[int, int] | None = (1300, 850)):
    """The window as ``tabletop PATH`` opens it (``create_window``), with the test's isolated
    settings, shown at ``size`` (None: the size its settings restore) and exposed."""
    from tabletop.ui.app import create_window

    win = create_window(path, settings)
    assert win is not None
    qtbot.addWidget(win)
    if size is not None:
        win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    return win


def find(win, kind, name: str):
    widget = win.findChild(kind, name)
    assert widget is not None, name
    return widget


def show_page(win, dock_name: str, title: str) -> None:
    """Raise the dock (a click on its tab under the dock area) and click the page's tab."""
    dock = find(win, QDockWidget, dock_name)
    for bar in win.findChildren(QTabBar):
        texts = [bar.tabText(i) for i in range(bar.count())]
        if dock.windowTitle() in texts and bar.parent() is win:
            QTest.mouseClick(bar, LEFT, NONE, bar.tabRect(texts.index(dock.windowTitle())).center())
    assert dock.isVisible()
    tabs = dock.widget()
    bar = tabs.tabBar()
    index = next(i for i in range(tabs.count()) if tabs.tabText(i) == title)
    QTest.mouseClick(bar, LEFT, NONE, bar.tabRect(index).center())
    assert tabs.currentIndex() == index


def type_into(widget: QWidget, text: str) -> None:
    """Click into the field, select all, type, Enter."""
    edit = widget if isinstance(widget, QLineEdit) else widget.findChild(QLineEdit)
    QTest.mouseClick(edit, LEFT)
    QTest.keyClick(edit, Qt.Key.Key_A, CTRL)
    QTest.keyClicks(edit, text)
    QTest.keyClick(edit, Qt.Key.Key_Return)


def click(widget: QWidget) -> None:
    QTest.mouseClick(widget, LEFT, NONE, widget.rect().center())


def tick(box: QCheckBox) -> None:
    """A click on the box's indicator (at its left)."""
    QTest.mouseClick(box, LEFT, NONE, QPoint(8, box.height() // 2))


def choose(combo: QComboBox, data_value: object) -> None:
    """Pick an item with the keyboard: focus the closed combo, arrow to the item."""
    combo.setFocus()
    target = combo.findData(data_value)
    assert target >= 0, data_value
    key = Qt.Key.Key_Down if target > combo.currentIndex() else Qt.Key.Key_Up
    while combo.currentIndex() != target:
        QTest.keyClick(combo, key)


def open_editor(win, editor: str, map_path, counters_path) -> None:
    """Switch ``win`` to the ``editor`` (``map``, ``scenario`` or ``counters``) as a user
    does: File > Open of a map or counters file, Edit Scenario for the scenario editor."""
    if editor == "map":
        assert win.open_file(map_path)
    elif editor == "scenario":
        win.edit_scenario_action.trigger()
    else:
        assert win.open_file(counters_path)
