"""The squad demo played from its first action to the game's end through the window's own
controls (real clicks on the map, the turn bar, the actions panel and the close-combat
chooser): a German squad marches on the Soviet sappers and moves into their hex, the close
combat is fought round after round from the chooser (on into the Soviet player turn while
both still hold the hex), a few units fire, and every phase is ended
from the turn bar to the end of the last turn. The window's log replayed with ``tabletop
act`` from the scenario gives the same game, state for state."""

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
from tabletop.rules import RandomDice
from tests.helpers.clicks import click_hex, press, select

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]

DEMO = paths.SCENARIOS / "demo-squad.yaml"
ASSAULT = ("ger-rifle-1", "sov-sappers-1")
"""The German squad that marches, and the Soviet unit it assaults."""
FIRERS = ("ger-hmg-1", "ger-mortar-1", "ger-infgun-1", "ger-howitzer-1")
"""Units tried, in order, for one shot in each German shooting phase of turns 1-2."""


def march(qtbot, win) -> bool:
    """The assaulting squad's move: into its target's hex when that is in reach, else to
    the hex in reach nearest to it (the path tool follows the cheapest path there)."""
    doc = win.document
    mover, target = ASSAULT
    aim = doc.state.units[target]
    if not aim.alive or aim.hex is None or not select(qtbot, win, mover):
        return False
    report = win.play.controller.reach()
    hexmap = doc.scenario.map
    reach = {r.hex: r.cost for r in report.reach} if report is not None else {}
    if not reach or report.reasons:
        return False
    goal = min(reach, key=lambda h: (hexmap.parse(h).distance(aim.hex), reach[h], h))
    before = len(doc.state.log)
    qtbot.mouseClick(win.play.panel.buttons["move"], Qt.MouseButton.LeftButton)
    click_hex(qtbot, win, goal)
    click_hex(qtbot, win, goal)  # a second click on the path's end moves
    assert len(doc.state.log) == before + 1, win.statusBar().currentMessage()
    return True


def fire_once(qtbot, win) -> bool:
    """The first of ``FIRERS`` that may fire shoots at the first target it is offered."""
    doc = win.document
    for unit_id in FIRERS:
        if not select(qtbot, win, unit_id):
            continue
        button = win.play.panel.buttons.get("fire")
        if button is None or not button.isEnabled():
            continue
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        target = sorted(win.play.aim.targets, key=lambda h: (h.q, h.r))[0]
        label = doc.scenario.map.label(target)
        before = len(doc.state.log)
        click_hex(qtbot, win, label)
        click_hex(qtbot, win, label)
        assert len(doc.state.log) == before + 1
        return True
    return False


def fight(qtbot, win) -> int:
    """Every close combat pending, from the turn bar's button and the chooser, each round on
    the rules' targets, until none is left in this phase."""
    play = win.play
    rounds = 0
    while play.fight_action.isVisible():
        press(qtbot, win, play.fight_action)
        dialog = play.cc_dialog
        assert dialog is not None and dialog.isVisible()
        while dialog.fight is not None and dialog.fight.pending:
            qtbot.mouseClick(dialog.fight_button, Qt.MouseButton.LeftButton)
            rounds += 1
        qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    return rounds


def play_to_the_end(qtbot, win) -> dict[str, int]:
    doc = win.document
    done = {"moves": 0, "shots": 0, "rounds": 0, "phases": 0}
    end_phase = win.play.actions["end-phase"]
    while not doc.state.finished:
        state = doc.state
        german = state.active_side == "german"
        if german and state.phase == "movement" and march(qtbot, win):
            done["moves"] += 1
        elif german and state.phase == "shooting" and state.turn <= 2 and fire_once(qtbot, win):
            done["shots"] += 1
        if state.phase == "close_combat":
            done["rounds"] += fight(qtbot, win)
        qtbot.keyClick(win.view, Qt.Key.Key_Escape)
        press(qtbot, win, end_phase)
        done["phases"] += 1
        assert done["phases"] <= 4 * 2 * doc.scenario.turns
    return done


def act_options(args: dict) -> list[str]:
    out: list[str] = []
    names = {"units": "--unit", "cont": "--continue", "side": "--as"}
    for key, value in args.items():
        option = names.get(key, f"--{key.replace('_', '-')}")
        if value is True:
            out.append(option)
        elif key == "targets":
            out += [option, ",".join(f"{a}:{b}" for a, b in value)]
        elif isinstance(value, list):
            out += [option, ",".join(value)]
        else:
            out += [option, str(value)]
    return out


@pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing")
def test_the_squad_demo_played_in_the_window_equals_tabletop_act(
    qtbot, settings, tmp_path: Path
) -> None:
    from tabletop.ui.app import create_window

    win = create_window(DEMO, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.resize(1300, 850)
    win.show()
    qtbot.waitExposed(win)
    win.document.dice = RandomDice(2026)
    done = play_to_the_end(qtbot, win)
    doc = win.document
    assert doc.state.finished and done["phases"] == 4 * 2 * doc.scenario.turns
    log = doc.state.log
    # the last end-phase ends the game with its result (rules-spec 6)
    assert log[-1].summary.endswith("game_over"), log[-1].summary
    assert doc.state.flags["game_over"]["why"] == "turns"
    assert done["moves"] >= 2 and done["shots"] >= 1, done
    assert done["rounds"] >= 1 and sum(e.action == "close-combat" for e in log) == done["rounds"]
    gui_file = tmp_path / "gui.yaml"
    assert win.save_as(gui_file)

    # the same log through the command line, one action at a time, from the scenario
    folder = tmp_path / "cli"
    shutil.copytree(paths.SCENARIOS.parent / "maps", folder / "maps")
    shutil.copytree(paths.SCENARIOS.parent / "counters", folder / "counters")
    (folder / "scenarios").mkdir()
    scenario = folder / "scenarios" / DEMO.name
    shutil.copy(DEMO, scenario)
    game = folder / "scenarios" / "cli.yaml"
    source = scenario
    with contextlib.redirect_stdout(io.StringIO()):
        for entry in log:
            dice = ["--dice", ",".join(map(str, entry.dice))] if entry.dice else []
            code = main(["act", str(source), entry.action, *act_options(entry.args), *dice,
                         "--out", str(game)])  # fmt: skip
            assert code == 0, (entry.action, entry.args)
            source = game

    by_gui, by_cli = load_game(gui_file), load_game(game)
    assert set(by_gui.units) == set(by_cli.units)
    for unit_id, unit in by_gui.units.items():
        assert unit == by_cli.units[unit_id], unit_id
    assert by_gui.same_as(by_cli)
