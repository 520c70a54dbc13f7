"""The play window's menus (issue 21): docs/app.md's menu table is the menus as they are,
the Play menu shows the open game's ruleset's actions only, File > New Map works without a
map open; and a desktop without the libraries of Qt's xcb plugin is told which Debian
packages to install. (New Scenario's proposed map: tests/ui/scenario/test_properties.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu

from tabletop import paths
from tabletop.documents import MapDocument

ROOT = Path(__file__).resolve().parents[3]
MAP = paths.MAPS / "eisenbach-gap.yaml"


def _open(qtbot, settings, path: Path):
    from tabletop.ui.app import create_window

    window = create_window(path, settings)
    assert window is not None
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _items(window, only: set[str] | None = None) -> set[tuple[str, str, frozenset[str]]]:
    """(menu, item, its shortcuts) of every visible item of the menu bar's menus, one
    level deep (a submenu by its title), as a user sees them when the menu opens."""
    found = set()
    for top in window.menuBar().actions():
        menu = top.menu()
        title = top.text().replace("&", "")
        if not isinstance(menu, QMenu) or (only is not None and title not in only):
            continue
        menu.aboutToShow.emit()
        for action in menu.actions():
            if action.isSeparator() or not action.isVisible():
                continue
            keys = frozenset(k.toString() for k in action.shortcuts() if not k.isEmpty())
            found.add((title, action.text().replace("&", ""), keys))
    return found


def _table() -> list[tuple[str, str, str]]:
    """docs/app.md's menu table: (menu, item, shortcut) per row."""
    text = (ROOT / "docs" / "app.md").read_text(encoding="utf-8")
    section = text[text.index("## Menus") :]
    section = section[: section.index("\n## ", 3)]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("Menu", "---") and not cells[0].startswith("-"):
            rows.append((cells[0], cells[1], cells[2]))
    return rows


def test_the_menu_table_of_the_docs_is_the_real_menus(qtbot, settings) -> None:
    platoon = _open(qtbot, settings, paths.DEMO_SCENARIO)
    squad = _open(qtbot, settings, paths.SCENARIOS / "demo-squad.yaml")
    real = _items(platoon) | _items(squad)
    platoon.open_file(MAP)
    real |= _items(platoon, {"Map"})
    table = _table()
    documented = {(menu, item) for menu, item, _ in table}
    assert len(documented) == len(table), "a row appears twice"
    missing = sorted((m, i) for m, i, _ in real if (m, i) not in documented)
    stale = sorted(documented - {(m, i) for m, i, _ in real})
    assert not missing, f"menu items docs/app.md's table lacks: {missing}"
    assert not stale, f"rows of docs/app.md's table no menu has: {stale}"
    keys = {(m, i): k for m, i, k in real}
    for menu, item, shortcut in table:
        wanted = {QKeySequence(shortcut).toString()} if shortcut else set()
        assert wanted <= keys[(menu, item)] and bool(wanted) == bool(keys[(menu, item)]), (
            menu, item, shortcut, keys[(menu, item)])  # fmt: skip


def test_the_play_menu_shows_the_games_ruleset_only(qtbot, settings) -> None:
    from tabletop.rules.engine import ruleset_actions

    platoon = {i for m, i, _ in _items(_open(qtbot, settings, paths.DEMO_SCENARIO), {"Play"})}
    squad_window = _open(qtbot, settings, paths.SCENARIOS / "demo-squad.yaml")
    squad = {i for m, i, _ in _items(squad_window, {"Play"})}
    assert {"Draw Chit", "Assault", "Opportunity Fire", "Solo: Opportunity Fire"} <= platoon
    assert not {"Run", "Close Combat", "Suppress", "Air Strike", "End Phase"} & platoon
    assert {"Run", "Close Combat", "Suppress", "Air Strike", "End Phase"} <= squad
    assert not {"Draw Chit", "Assault", "Opportunity Fire", "Solo: Opportunity Fire"} & squad
    # the same window follows the game it opens
    squad_window.open_demo()
    assert {i for m, i, _ in _items(squad_window, {"Play"})} == platoon
    assert "run" not in ruleset_actions("platoon") and "draw" not in ruleset_actions("squad")


def test_file_new_map_from_the_play_window(qtbot, window) -> None:
    action = window.findChild(QAction, "action-file-new-map")
    assert action.isEnabled() and window.editor is None
    action.trigger()
    dialog = window.findChild(QDialog, "new-map-dialog")
    assert dialog is not None and dialog.isVisible()
    dialog.columns.setValue(7)
    dialog.accept()
    assert isinstance(window.document, MapDocument) and window.editor is not None
    assert window.document.map.grid.columns == 7


@pytest.mark.parametrize(
    ("environ", "missing", "told"),
    [
        ({"DISPLAY": ":0"}, {"libxcb-cursor.so.0"}, True),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"}, {"libxcb-cursor.so.0"}, True),
        ({"DISPLAY": ":0"}, set(), False),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, {"libxcb-cursor.so.0"}, False),
        ({"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"}, {"libxcb-cursor.so.0"}, False),
        ({}, {"libxcb-cursor.so.0"}, False),  # no display at all is said elsewhere
    ],
)
def test_missing_xcb_libraries_are_named_with_their_packages(
    environ: dict[str, str], missing: set[str], told: bool, monkeypatch
) -> None:
    import sys

    from tabletop.ui.app import missing_xcb_libraries

    monkeypatch.setattr(sys, "platform", "linux")
    problem = missing_xcb_libraries(environ, loads=lambda name: name not in missing)
    assert (problem is not None) == told
    if told:
        assert "libxcb-cursor.so.0" in problem and "apt-get install libxcb-cursor0" in problem


def test_the_app_says_what_to_install_instead_of_aborting(monkeypatch, capsys) -> None:
    import sys

    from tabletop.ui.shell import app

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("QT_QPA_PLATFORM")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(app, "_loads", lambda name: name != "libxcb-cursor.so.0")
    monkeypatch.setattr(app, "application", lambda: pytest.fail("Qt was started"))
    assert app.main(None) == 1
    err = capsys.readouterr().err
    assert re.search(r"sudo apt-get install libxcb-cursor0\b", err), err
