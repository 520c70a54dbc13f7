"""The odds dock for attacks on several units, with real mouse events (offscreen): a
mortar's fire at a hex shows every unit's odds; a platoon's SW aimed at another target than
the platoon's shows both targets'; the roll then agrees with what the dock showed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox

from tabletop import paths
from tabletop.rules import ActionRequest, ScriptedDice
from tabletop.rules.forecast import forecast

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]
ROOT = Path(paths.DEMO_SCENARIO).resolve().parent.parent


def moved(tmp_path: Path, name: str, places: dict[str, str]) -> Path:
    """A bundled scenario with some units placed elsewhere, its references made absolute."""
    text = (ROOT / "scenarios" / name).read_text()
    text = text.replace("../maps/", f"{ROOT}/maps/").replace("../counters/", f"{ROOT}/counters/")
    for uid, (old, new) in places.items():
        head = f"{{id: {uid},"
        line = next(line for line in text.splitlines() if line.strip().startswith(f"- {head}"))
        text = text.replace(line, line.replace(f'hex: "{old}"', f'hex: "{new}"'))
    path = tmp_path / name
    path.write_text(text)
    return path


def open_game(qtbot, settings, path: Path, formation: str):
    from tabletop.ui.app import create_window

    win = create_window(path, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.resize(1300, 850)
    win.show()
    qtbot.waitExposed(win)
    assert win.play.controller.perform(ActionRequest("draw", formation=formation)) is not None
    return win


def click_hex(qtbot, win, label: str) -> None:
    pos = win.view.viewport_point(label)
    qtbot.mouseMove(win.view.viewport(), pos)
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def start_fire(qtbot, win, unit_hex: str, unit_id: str) -> None:
    click_hex(qtbot, win, unit_hex)
    assert win.play.controller.selected == unit_id
    button = win.play.panel.buttons["fire"]
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_mortar_fire_at_a_hex_shows_every_units_odds(qtbot, settings, tmp_path: Path) -> None:
    path = moved(tmp_path, "demo-platoon.yaml",
                 {"brdm-1": ("2006", "0717"), "sov-sapper-1": ("2121", "0717")})  # fmt: skip
    win = open_game(qtbot, settings, path, "us_task_force")
    doc = win.document
    start_fire(qtbot, win, "0716", "us-mortar-1")
    click_hex(qtbot, win, "0717")  # aim: the hex offers fire at each unit and at the hex
    odds = win.play.odds
    combo = odds.findChild(QComboBox, "odds-choice")
    pick = next(i for i, r in enumerate(odds.requests) if r.hex == "0717")
    combo.setCurrentIndex(pick)
    assert odds.title.text() == "us-mortar-1 fires HE at hex 0717"
    chart = odds.chart
    assert [title for title, _ in chart.sections] == ["brdm-1", "sov-sapper-1"]
    request = odds.requests[pick]
    cast = forecast(doc.state, request, win.play.controller.los)
    assert chart.sections == [(u.unit, u.outcomes) for u in cast.units]
    assert f"No unit touched: {cast.untouched * 100:.1f}%" in odds.details.text()
    assert "spotted by us-hq-1" in odds.details.text()
    # brdm-1: 3 hits, its save fails (Eliminated, as the odds allow); the sapper: no hit.
    doc.dice = ScriptedDice([6, 6, 6, 1, 1, 1, 1])
    qtbot.mouseClick(odds.fire, Qt.MouseButton.LeftButton)
    assert not doc.state.units["brdm-1"].alive
    assert dict(cast.units[0].outcomes)["Eliminated"] > 0
    sapper = doc.state.units["sov-sapper-1"]
    assert sapper.alive and not sapper.disrupted and dict(cast.units[1].outcomes)["No effect"] > 0
    assert doc.state.log[-1].args["hex"] == "0717"


def test_sw_at_another_target_shows_both_targets(qtbot, settings, tmp_path: Path) -> None:
    path = moved(tmp_path, "hold-the-crossroads.yaml",
                 {"t64-1": ("0810", "0306"), "t64-2": ("0911", "0307")})  # fmt: skip
    win = open_game(qtbot, settings, path, "kampfgruppe")
    doc = win.document
    start_fire(qtbot, win, "0305", "inf-1")
    click_hex(qtbot, win, "0306")
    odds = win.play.odds
    pick = next(i for i, r in enumerate(odds.requests) if r.weapon == "ap")
    odds.combo.setCurrentIndex(pick)
    box = odds.findChild(QCheckBox, "odds-sw")
    assert box.isVisible()
    box.click()
    choice = odds.findChild(QComboBox, "odds-sw-choice")
    assert choice.isVisible()
    labels = [choice.itemText(i) for i in range(choice.count())]
    assert "SW at t64-1 \u00b7 AP (same target)" in labels and "SW at t64-2 \u00b7 AP" in labels
    choice.setCurrentIndex(labels.index("SW at t64-2 \u00b7 AP"))
    assert odds.title.text() == "inf-1 fires AP at t64-1, its SW AP at t64-2"
    assert [title for title, _ in odds.chart.sections] == ["t64-1", "t64-2 (the SW's target)"]
    t64_2 = dict(odds.chart.sections[1][1])
    assert t64_2["Eliminated"] == pytest.approx(0.75)  # Reduced and Disrupted: any net hit
    # inf-1 AP 1 die: miss; MILAN 3 dice: 6,6,1 (2 hits); t64-2 saves 1 die: 1.
    doc.dice = ScriptedDice([1, 6, 6, 1, 1])
    qtbot.mouseClick(odds.fire, Qt.MouseButton.LeftButton)
    args = doc.state.log[-1].args
    assert (args["target"], args["sw_target"], args["sw_weapon"]) == ("t64-1", "t64-2", "ap")
    assert not doc.state.units["t64-2"].alive and doc.state.units["t64-1"].alive
