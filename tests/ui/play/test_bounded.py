"""A long session in the window keeps nothing it should not: after 160 actions of a
generated game (chosen by the random opponent, played through the window's controller as
a click plays them, with the map zoomed in and out between them), every image cache is
within its budget and the live Python objects have grown by no more than the log's own
(the entries, their rows in the log dock and the undo steps)."""

from __future__ import annotations

import collections
import gc
import random
import sys
import types

import pytest

from tabletop import bot
from tabletop.documents import GameDocument
from tabletop.geometry import LosEngine
from tabletop.geometry import table as ray_table
from tabletop.render.art import Areas
from tests.helpers.platoon_world import unit, world

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]


def _generated() -> GameDocument:
    rng = random.Random(29)
    types = ("TANK", "INF", "IFV", "RECON", "MFTANK")
    units = []
    for k in range(12):
        for side, cols in (("blue", (2, 8)), ("red", (12, 18))):
            at = f"{rng.randint(*cols):02d}{rng.randint(2, 18):02d}"
            units.append(unit(f"{side[0]}{k}", rng.choice(types), side, at))
    return GameDocument(world(units, turns=20, active=None))


def _reachable(roots: list[object], walls: list[object]) -> set[int]:
    """The ids of the GC-tracked objects reachable from ``roots`` without passing through a
    module, a module's namespace, a class, a function or one of ``walls`` (everything is
    reachable from a function's globals)."""
    stop = {id(w) for w in walls}
    stop |= {id(vars(m)) for m in list(sys.modules.values()) if m is not None}
    opaque = (types.ModuleType, type, types.FunctionType, types.MethodType, types.FrameType)
    seen: set[int] = set()
    todo = [r for r in roots if gc.is_tracked(r)]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or id(obj) in stop or isinstance(obj, opaque):
            continue
        seen.add(id(obj))
        todo.extend(r for r in gc.get_referents(obj) if gc.is_tracked(r) and id(r) not in seen)
    return seen


ZOOMS = (0.4, 1.0, 3.0)
"""The scales the session below zooms to."""


def _tour(qtbot, window) -> None:
    """Every part of the map looked at at every zoom the session uses: the art geometry
    and the tiles' caches of a map this small fill up here, as they would over a long
    session (what is measured after is what actions keep)."""
    view, scene = window.view, window.map_scene
    rect = scene.map_rect()
    for scale in ZOOMS:
        view.set_scale(scale)
        for fx in (0.15, 0.5, 0.85):
            for fy in (0.15, 0.5, 0.85):
                view.centerOn(rect.left() + fx * rect.width(), rect.top() + fy * rect.height())
                view.viewport().repaint()
        qtbot.waitUntil(lambda: not scene.layers._timer.isActive(), timeout=20000)
    view.set_scale(1.0)


def _play(window, actions: int, seed: int) -> int:
    doc = window.document
    los = window.play.controller.los
    made = 0
    for k in range(actions):
        state = doc.state
        if state.finished:
            break
        side = next((s for s in state.scenario.sides if bot.my_move(state, los, s)), None)
        assert side is not None, f"nobody may act in {state.phase}"
        decision = bot.decide(state, los, side, "random", seed=seed + k)
        assert decision is not None
        assert window.play.controller.perform(decision.request) is not None
        made += 1
        if k % 10 == 0:  # a zoom out and back: tiles and faces at other levels
            window.view.set_scale(ZOOMS[0] if k % 20 else ZOOMS[2])
            window.view.viewport().repaint()
            window.view.set_scale(1.0)
            window.view.viewport().repaint()
    return made


def _kept(qtbot, window, actions: int, seed: int) -> tuple[int, int, collections.Counter[str]]:
    """Play ``actions``; (actions made, how many objects made meanwhile are still alive and
    not the game's, the log's, its rows' or the image caches', what they are)."""
    doc = window.document
    gc.collect()
    log, steps = len(doc.state.log), len(doc.history)
    alive = gc.get_objects()  # (held, so that no object made later takes one of their ids)
    before = {id(o) for o in alive}
    made = _play(window, actions, seed=seed)
    qtbot.wait(50)  # (the autosave's worker lands, the log dock's rows are made)
    window.files.wait()
    gc.collect()
    new_log = doc.state.log[log:]
    dock = window.log_dock
    rows = [*dock.rows()[log:], *(dock.list.item(i) for i in range(log, dock.list.count()))]
    scene = window.map_scene
    layers = scene.layers
    caches = [  # held within their budgets (checked apart): what they hold is theirs
        scene.faces._faces, scene.faces._levels, scene.faces._ids, layers.tile_budget._order,
        *(layer._tiles for layer in (layers.terrain, layers.far, layers.far_picture)),
    ]  # fmt: skip
    new = [o for o in gc.get_objects() if id(o) not in before]
    entries = {id(e) for e in new_log}
    records = [o for o in new if type(o) is tuple and o and id(o[0]) in entries]
    game = [doc.state, doc.history, *new_log, *doc.history.commands()[steps:]]
    own = _reachable([*game, *rows, *records, *caches], [alive])
    kept = [o for o in new if id(o) not in own]
    del alive
    return made, len(kept), collections.Counter(type(o).__name__ for o in kept)


def test_a_session_keeps_no_more_than_the_log_and_its_caches_their_budgets(qtbot, settings) -> None:
    """What 120 actions leave alive beyond the game, the log and the caches is what the
    window shows now (the selected unit's options, its counters' looks, about 200 objects
    give or take 50 with the position): as much after 120 actions as after 20, where
    anything kept per action would be 100 more (a refresh runs once or twice an action)."""
    from tabletop.ui.shell.mainwindow import MainWindow

    settings.setValue("play/hot_seat", False)
    settings.setValue("view/image_cache_mb", 8)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.set_document(_generated())
    window.show()
    qtbot.waitExposed(window)
    _tour(qtbot, window)
    _play(window, 20, seed=1)  # every cache warm, every kind of row seen
    _tour(qtbot, window)
    short, few, what = _kept(qtbot, window, 20, seed=100)
    long, more, after = _kept(qtbot, window, 120, seed=200)
    assert (short, long) == (20, 120)  # (the game lasts)
    assert more - few < 70, (few, more, what, after)
    scene = window.map_scene
    budget, faces = scene.layers.tile_budget, scene.faces
    assert 0 < budget.bytes <= budget.limit and 0 < faces.bytes <= faces.budget
    areas: Areas = scene.map_painter.areas
    assert len(areas._polygons) <= areas.kept
    engine = window.document.los  # the sight lines' memos within theirs
    assert isinstance(engine, LosEngine)
    kept_lines = engine.table._lines
    assert 0 < engine.table.line_pieces == sum(len(line.rel1) for line in kept_lines.values())
    assert engine.table.line_pieces <= ray_table.LINE_PIECES_KEPT
    fields = list(engine._fields.values())
    assert sum(mask.nbytes for mask in fields) <= engine.FIELDS_BYTES
