"""The platoon demo played to its end through the window's own controls (real clicks on
the map, the turn bar and the actions panel), then the same log replayed with ``tabletop
act`` from the scenario: the two saved games hold the same units, state for state."""

from __future__ import annotations

import contextlib
import io
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tabletop import paths
from tabletop.cli import main
from tabletop.data import load_game
from tabletop.model import LogEntry
from tabletop.rules import RandomDice
from tests.helpers.widgets import open_window

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]

FIRE_IMPULSES = 3
"""Impulses of turn 1 in which a unit fires (the rest of the game draws and ends
impulses: every chit of every turn, to the end of the last turn)."""


def click_hex(qtbot, win, label: str) -> None:
    pos = win.view.viewport_point(label)
    qtbot.mouseMove(win.view.viewport(), pos)
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def press(qtbot, win, name: str) -> None:
    widget = win.play.turn_bar.widgetForAction(win.play.actions[name])
    assert widget is not None and widget.isEnabled(), win.play.actions[name].toolTip()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def select(qtbot, win, unit_id: str) -> bool:
    """Click the unit's hex until the click has cycled to it."""
    doc = win.document
    label = doc.scenario.map.label(doc.state.units[unit_id].hex)
    for _ in range(len(doc.state.units_at(doc.state.units[unit_id].hex)) + 1):
        click_hex(qtbot, win, label)
        if win.play.controller.selected == unit_id:
            return True
    return False


def fire_once(qtbot, win) -> bool:
    """The first unit of the active formation (id order, a few tried) that may fire,
    fires at the first target offered, by two clicks on it."""
    doc = win.document
    state = doc.state
    active = state.active_formation
    movers = sorted(
        u.id for u in state.units.values() if u.on_map and u.formation == active and not u.sw_of
    )
    for unit_id in movers[:4]:
        if not select(qtbot, win, unit_id):
            continue
        button = win.play.panel.buttons.get("fire")
        if button is None or not button.isEnabled():
            continue
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        target = sorted(win.play.aim.targets, key=lambda h: (h.q, h.r))[0]
        label = doc.scenario.map.label(target)
        click_hex(qtbot, win, label)
        before = len(state.log)
        click_hex(qtbot, win, label)
        assert len(doc.state.log) == before + 1
        return True
    return False


def play_to_the_end(qtbot, win) -> int:
    doc = win.document
    impulses = 0
    while not doc.state.finished:
        state = doc.state
        if state.phase == "impulse":
            impulses += 1
            if state.turn == 1 and impulses <= FIRE_IMPULSES:
                fire_once(qtbot, win)
                qtbot.keyClick(win.view, Qt.Key.Key_Escape)
            press(qtbot, win, "end-impulse")
        elif state.cup:
            press(qtbot, win, "draw")
        else:
            press(qtbot, win, "end-turn")
    return impulses


def act_options(entry: LogEntry) -> list[str]:
    """The ``tabletop act`` options of a log entry (its recorded arguments and dice)."""
    out: list[str] = []
    names = {"units": "--unit", "sw_target": "--sw-target", "sw_weapon": "--sw-weapon",
             "cont": "--continue", "side": "--as"}  # fmt: skip
    for key, value in entry.args.items():
        option = names.get(key, f"--{key.replace('_', '-')}")
        if value is True:
            out.append(option)
        elif key == "targets":
            out += [option, ",".join(f"{a}:{b}" for a, b in value)]
        elif isinstance(value, list):
            out += [option, ",".join(value)]
        else:
            out += [option, str(value)]
    if entry.dice:
        out += ["--dice", ",".join(map(str, entry.dice))]
    return out


def test_the_demo_played_in_the_window_equals_tabletop_act(qtbot, settings, tmp_path: Path) -> None:
    win = open_window(qtbot, settings, paths.DEMO_SCENARIO)
    win.document.dice = RandomDice(2026)
    impulses = play_to_the_end(qtbot, win)
    doc = win.document
    assert doc.state.finished and impulses >= 10 * doc.scenario.turns
    assert sum(e.action == "fire" for e in doc.state.log) >= 1
    gui_file = tmp_path / "gui.yaml"
    assert win.save_as(gui_file)

    # the same log through the command line, one action at a time, from the scenario
    folder = tmp_path / "cli"
    shutil.copytree(paths.SCENARIOS.parent / "maps", folder / "maps")
    shutil.copytree(paths.SCENARIOS.parent / "counters", folder / "counters")
    (folder / "scenarios").mkdir()
    scenario = folder / "scenarios" / paths.DEMO_SCENARIO.name
    shutil.copy(paths.DEMO_SCENARIO, scenario)
    game = folder / "scenarios" / "cli.yaml"
    source = scenario
    with contextlib.redirect_stdout(io.StringIO()):
        for entry in doc.state.log:
            code = main(["act", str(source), entry.action, *act_options(entry), "--out",
                         str(game)])  # fmt: skip
            assert code == 0, (entry.action, entry.args)
            source = game

    by_gui, by_cli = load_game(gui_file), load_game(game)
    assert set(by_gui.units) == set(by_cli.units)
    for unit_id, unit in by_gui.units.items():
        assert unit == by_cli.units[unit_id], unit_id
    assert by_gui.same_as(by_cli)
