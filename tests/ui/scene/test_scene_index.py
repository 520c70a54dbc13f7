"""The scene answers "what is in this hex" through its index by hex, never by a scan."""

from __future__ import annotations

import pytest

from tabletop.documents import GameDocument
from tabletop.hexgrid import Hex
from tabletop.model import UnitState
from tabletop.ui.scene import scene as scene_module
from tabletop.ui.scene.scene import MapScene

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


class _NoScan(dict):
    def values(self):
        raise AssertionError("scanned every counter")

    def items(self):
        raise AssertionError("scanned every counter")

    def __iter__(self):
        raise AssertionError("scanned every counter")


def test_stack_at_visits_only_the_hexs_counters(qapp, document: GameDocument, monkeypatch) -> None:
    for k in range(60):  # many other units elsewhere on the map
        h = document.scenario.map.parse(f"{k % 12 + 1:02d}{k // 12 + 1:02d}")
        document.state.units[f"x{k}"] = UnitState(f"x{k}", "INF", "pact", h, "tank")
    document.reindex()
    scene = MapScene(document)
    h = document.scenario.map.parse("0304")
    visited: list[str] = []
    order = scene_module.stack_order

    def counting(item):
        visited.append(item.unit_id)
        return order(item)

    monkeypatch.setattr(scene_module, "stack_order", counting)
    scene._items = _NoScan(scene._items)
    stack = scene.stack_at(h)
    here = {u.id for u in document.state.units.values() if u.on_map and u.hex == h}
    assert {i.unit_id for i in stack} == here and len(here) >= 3
    assert sorted(visited) == sorted(here)
    assert scene.stack_at(Hex(40, 40)) == []


def test_moves_refile_counters(qapp, document: GameDocument) -> None:
    scene = MapScene(document)
    p = document.scenario.map.parse
    unit = document.state.unit("leo-2")
    unit.hex = p("0304")
    scene.sync_units(["leo-2"])
    assert "leo-2" in [i.unit_id for i in scene.stack_at(p("0304"))]
    assert scene.stack_at(p("0606")) == []
    assert p("0606") not in scene.occupied_hexes()
    stack = scene.stack_at(p("0304"))
    assert [i.zValue() for i in stack] == sorted(i.zValue() for i in stack)
    unit.hex = None
    scene.sync_units(["leo-2"])
    assert "leo-2" not in scene.counters
    assert "leo-2" not in [i.unit_id for i in scene.stack_at(p("0304"))]


def test_hover_asks_the_index(qtbot, window, monkeypatch) -> None:
    doc = window.document
    scene = window.map_scene
    doc.state.units = _NoScan(doc.state.units)
    pos = window.view.mapFromScene(scene.hex_center(doc.scenario.map.parse("0304")))
    qtbot.mouseMove(window.view.viewport(), pos)
    qtbot.waitUntil(lambda: window.hex_label.text().startswith("0304"))
    assert "2 units" in window.hex_label.text()


def test_opening_shows_progress_once_it_takes_long(qtbot, tmp_path) -> None:
    from tabletop.ui.shell.progress import Opening

    seen = []
    with Opening(None, tmp_path / "big.yaml", show_after=0.0) as opening:
        opening.next()
        seen.append((opening.dialog.isVisible(), opening.dialog.labelText()))
    assert seen == [(True, "Setting out the counters\u2026")]
    assert not opening.dialog.isVisible()
    with Opening(None, tmp_path / "small.yaml") as quick:  # fast: never shown
        quick.next()
        assert not quick.dialog.isVisible()
