"""Big maps at frame rate: every row of issue 11's table, the app against a bare floor.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_bigmap.py [--quick]
        [--only zoom,notch,...] [--profile FILE] [--detail]

Builds the 200 x 200 map (levels, about 10,000 hexside features) and the 10,000-unit
scenario of :mod:`bigmap` in a temporary folder, then measures, each in a fresh process so
that times and memory do not leak between rows:

- the app: ``create_window`` on the scenario, a 1920 x 1080 view, the real items;
- the floor, side by side in the same run: the same files parsed with
  ``yaml.load(CSafeLoader)`` (no positions, no checks), terrain as plain raster tiles plus
  an overview image drawn in ``drawBackground``, one ``QGraphicsPixmapItem`` per counter
  sharing one pixmap; no application logic at all.

Each row prints the app's figure, the floor's, their ratio and a verdict against the
target. Times are the best of several runs (a busy machine slows runs, it cannot speed
them); the machine's load average is printed first. ``--quick`` runs fewer rounds;
``--only`` runs the floor and the named parts of the app (open always; ``io`` and ``cli``
are the saved-game and command-line rows; ``autosave`` opens the game after 500 actions in
the window and times a move and a fire from the click's perform to the repainted view, the
GUI thread's time beside the rules' own with the autosave's snapshot in it, and when each
autosave is on disk); ``--profile FILE`` writes a cProfile of the
app's measured work (not its idle time) for ``python -m pstats``; ``--detail`` prints each
zoom's repaint beside the floor's and each notch.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

VIEW = (1920, 1080)


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def best(fn, rounds: int) -> float:
    out = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t)
    return out


# --- the children: one process per side ------------------------------------------------------


def _settle(app, seconds: float = 0.0, until=None) -> None:
    """Run the event loop for ``seconds`` or until ``until()`` (at most 60 s), as ``exec()``
    runs it: with the deletions ``deleteLater`` asked for (``processEvents`` alone never
    makes them, so a window driven by it piles up every widget a refresh replaces)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    end = time.perf_counter() + (seconds if until is None else 60)
    while time.perf_counter() < end:
        app.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        if until is not None and until():
            return


SECTIONS = ("open", "zoom", "scroll", "notch", "hover", "action")
"""The app child's parts; ``--only zoom,notch`` runs those (the open always runs)."""


def child_app(scenario: Path, rounds: int, only: tuple[str, ...] = SECTIONS,
              profile: str = "") -> dict[str, float]:  # fmt: skip
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import cProfile

    profiler = cProfile.Profile() if profile else None
    from PySide6.QtCore import QSettings
    from PySide6.QtTest import QTest

    from tabletop.ui.app import application, create_window

    app = application()
    settings = QSettings(str(scenario.parent / "settings.ini"), QSettings.Format.IniFormat)
    base = rss_mb()
    t, cpu = time.perf_counter(), time.process_time()
    if profiler is not None and "open" in only:
        profiler.enable()
    window = create_window(scenario, settings)
    assert window is not None
    window.view.setFixedSize(*VIEW)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.view.default_zoom()
    window.view.viewport().repaint()
    out: dict[str, float] = {"open": time.perf_counter() - t}
    out["open_cpu"] = time.process_time() - cpu  # what waiting for a core leaves out
    if profiler is not None:
        profiler.disable()
    made = getattr(window.map_scene, "made", None)
    out["items_at_open"] = made() if made is not None else float("nan")
    out["memory"] = rss_mb() - base
    out["memory_total"] = rss_mb()
    view = window.view
    scene = window.map_scene
    layers = scene.layers

    def idle() -> bool:
        return not layers._timer.isActive()

    _settle(app, until=idle)
    out["warm_seconds"] = time.perf_counter() - t
    vp = view.viewport()

    def timed(fn):
        """``fn()``, under the profiler if one is asked for."""
        if profiler is None:
            return fn()
        profiler.enable()
        try:
            return fn()
        finally:
            profiler.disable()

    def repaint_at(scale: float) -> float:
        view.set_scale(scale)
        vp.repaint()
        _settle(app, until=idle)
        out[f"repaint@{scale:.3f}"] = cost = timed(lambda: best(vp.repaint, rounds))
        return cost

    if "zoom" in only:
        out["repaint_1to1"] = repaint_at(1.0)
        worst = max(repaint_at(z) for z in (0.7, 0.5, 0.35, 0.25, 0.18, 0.12))
        out["repaint_min"] = repaint_at(view.fit_scale() or 0.1)
        out["repaint_worst_zoom"] = max(worst, out["repaint_min"])
        view.fit_map()
        out["min_scale"] = view.scale_factor

    # scrolling 40 px zoomed out (the whole-map zoom and a quarter of 1:1)
    def scroll_cost(scale: float) -> float:
        view.set_scale(scale)
        vp.repaint()
        _settle(app, until=idle)
        bar = view.horizontalScrollBar()
        times = []
        for k in range(rounds * 2):  # the scroll moves the pixels and paints the strip
            s = time.perf_counter()
            timed(lambda k=k: (bar.setValue(bar.value() + (40 if k % 2 == 0 else -40)),
                               app.processEvents()))  # fmt: skip
            times.append(time.perf_counter() - s)
        return min(times)

    if "scroll" in only:
        out["scroll"] = max(scroll_cost(view.min_scale() * 1.05), scroll_cost(0.25))

    if "notch" in only:
        out.update(_notches(app, view, scene, idle, timed))
    if "hover" in only:
        out.update(_hovers(app, view, idle, timed))
    if "action" in only:
        out.update(timed(lambda: _action_update(app, window, rounds)))
    if profiler is not None:
        profiler.dump_stats(profile)
    return out


def _notches(app, view, scene, idle, timed) -> dict[str, float]:
    """One wheel notch at a time from 1:1 out to the whole map and back, each to the
    painted frame (and, apart, until idle time has made every tile sharp)."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    vp = view.viewport()
    view.set_scale(1.0)
    view.centerOn(scene.map_rect().center())
    vp.repaint()
    _settle(app, until=idle)
    centre = QPointF(vp.rect().center())
    notch_times, sharp_times, cpu_times = [], [], []
    collections = _CollectorWatch()
    for direction in [-1] * 12 + [1] * 12:
        event = QWheelEvent(
            centre, QPointF(vp.mapToGlobal(centre.toPoint())), QPoint(0, 0),
            QPoint(0, 120 * direction), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase, False,
        )  # fmt: skip
        s, cpu = time.perf_counter(), time.process_time()
        with collections:
            timed(lambda event=event: (QApplication.sendEvent(vp, event), vp.repaint()))
        notch_times.append(time.perf_counter() - s)
        cpu_times.append(time.process_time() - cpu)
        _settle(app, until=idle)
        sharp_times.append(time.perf_counter() - s)
        _settle(app, 0.05)
    out = {f"notch#{k:02d}": v for k, v in enumerate(notch_times)}
    out["notch"] = max(notch_times)
    out["notch_median"] = sorted(notch_times)[len(notch_times) // 2]
    out["notch_sharp"] = max(sharp_times)
    out["notch_cpu"] = max(cpu_times)  # the notch's own CPU time: what a busy machine's
    out["notch_cpu_median"] = sorted(cpu_times)[len(cpu_times) // 2]  # waiting leaves out
    out["notch_full_collections"] = collections.full
    out["notch_collection_worst"] = collections.worst
    return out


class _CollectorWatch:
    """Counts Python's full (generation 2) cycle collections while entered, and the
    longest: with a big document's objects in its reach one costs tens of milliseconds
    (:mod:`tabletop.ui.scene.collector`)."""

    def __init__(self) -> None:
        self.full = 0
        self.worst = 0.0
        self._start = 0.0
        self._on = False

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if not self._on or info["generation"] != 2:
            return
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.full += 1
            self.worst = max(self.worst, time.perf_counter() - self._start)

    def __enter__(self) -> None:
        import gc

        if self._callback not in gc.callbacks:
            gc.callbacks.append(self._callback)
        self._on = True

    def __exit__(self, *exc: object) -> None:
        self._on = False


def _hovers(app, view, idle, timed) -> dict[str, float]:
    """Hovering onto new hexes (the status bar's answer included)."""
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    vp = view.viewport()
    view.set_scale(1.0)
    vp.repaint()
    _settle(app, until=idle)
    hover = []
    for k in range(40):
        pos = QPointF(300 + 61 * (k % 20), 300 + 70 * (k // 20))
        event = QMouseEvent(
            QMouseEvent.Type.MouseMove, pos, QPointF(vp.mapToGlobal(pos.toPoint())),
            Qt.MouseButton.NoButton, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
        )  # fmt: skip
        s = time.perf_counter()
        timed(lambda event=event: QApplication.sendEvent(vp, event))
        hover.append(time.perf_counter() - s)
    return {"hover": sorted(hover)[len(hover) // 2], "hover_max": max(hover)}


def _action_update(app, window, rounds: int) -> dict[str, float]:
    """A move on the big map: everything the push and the repaint cost beyond the rules'
    own time, which is timed inside the same push (``engine.perform`` wrapped), so the
    overhead is measured, not the difference of two separate runs."""
    from tabletop.commands import PlayAction
    from tabletop.rules import ActionRequest, RandomDice, engine

    doc = window.document
    los = doc.los
    doc.push(PlayAction(doc.state, ActionRequest("draw"), los, RandomDice(1)))
    ruleset = engine.ruleset_for("platoon")
    overheads = []
    spent: list[float] = []
    perform = engine.perform

    def timed(*args, **kwargs):
        s = time.perf_counter()
        try:
            return perform(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - s)

    for _ in range(rounds):
        request = None
        for u in doc.units_on_map():
            if u.formation != doc.state.active_formation or u.sw_of or u.has("ops_complete"):
                continue
            assert u.hex is not None
            for n in u.hex.neighbors():
                if n in doc.scenario.map.cells:
                    r = ActionRequest("move", units=(u.id,), to=(doc.scenario.map.label(n),))
                    if not ruleset.check(doc.state, r, los):
                        request = r
                        break
            if request is not None:
                break
        if request is None:
            break
        spent.clear()
        engine.perform = timed
        try:
            s = time.perf_counter()
            doc.push(PlayAction(doc.state, request, los, RandomDice(2)))
            window.view.viewport().repaint()
            total = time.perf_counter() - s
        finally:
            engine.perform = perform
        assert len(spent) == 1, spent
        overheads.append(total - spent[0])
    return {"action_overhead": min(overheads) if overheads else float("nan")}


def child_floor(map_path: Path, scenario: Path, rounds: int) -> dict[str, float]:
    """The same work with no application logic: C YAML, plain tiles, pixmap items."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import math

    import yaml
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QGraphicsPixmapItem, QGraphicsScene, QGraphicsView

    app = QApplication.instance() or QApplication([])
    base = rss_mb()
    t = time.perf_counter()
    m = yaml.load(map_path.read_text(), Loader=yaml.CSafeLoader)
    sc = yaml.load(scenario.read_text(), Loader=yaml.CSafeLoader)
    cols, rows = m["grid"]["columns"], m["grid"]["rows"]
    w, h = cols * 60 + 20, rows * 69.3 + 35
    tile = 256

    class Floor(QGraphicsScene):
        def __init__(self) -> None:
            super().__init__()
            self.tiles: dict[tuple[int, int, int], QImage] = {}
            ov = QImage(1792, 2048, QImage.Format.Format_RGB32)
            ov.fill(QColor("#dfe6b0"))
            self.overview = ov

        def drawBackground(self, p: QPainter, rect: QRectF) -> None:
            scale = p.worldTransform().m11()
            if scale < 0.14:
                p.drawImage(QRectF(0, 0, w, h), self.overview)
                return
            level = math.ceil(math.log(scale) / math.log(1.25) - 1e-6)
            span = tile / 1.25**level
            for j in range(max(0, int(rect.top() // span)), int(rect.bottom() // span) + 1):
                for i in range(max(0, int(rect.left() // span)), int(rect.right() // span) + 1):
                    key = (level, i, j)
                    img = self.tiles.get(key)
                    if img is None:
                        img = self.tiles[key] = QImage(tile, tile, QImage.Format.Format_RGB32)
                        img.fill(QColor("#dfe6b0"))
                    p.drawImage(QRectF(i * span, j * span, span, span), img)

    scene = Floor()
    scene.setSceneRect(QRectF(0, 0, w, h))
    pix = QPixmap(62, 62)
    pix.fill(QColor("#7f9bc0"))
    for k, u in enumerate(sc["units"]):
        label = u["hex"]
        col, row = int(label[:3]), int(label[3:])
        item = QGraphicsPixmapItem(pix)
        item.setPos(col * 60 - 25 + (k % 3) * 8, row * 69.3 - 25 - (k % 3) * 8)
        scene.addItem(item)
    view = QGraphicsView(scene)
    view.setFixedSize(*VIEW)
    view.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
    view.setRenderHints(QPainter.RenderHint.SmoothPixmapTransform)
    view.scale(1.25, 1.25)
    view.show()
    QTest.qWaitForWindowExposed(view)
    view.viewport().repaint()
    out = {"open": time.perf_counter() - t, "memory": rss_mb() - base}
    vp = view.viewport()

    def at(scale: float) -> None:
        view.resetTransform()
        view.scale(scale, scale)
        vp.repaint()

    at(1.0)
    out["repaint_1to1"] = best(vp.repaint, rounds)
    fit = min(VIEW[0] / w, VIEW[1] / h) * 0.98
    worst = 0.0
    for z in [0.7, 0.5, 0.35, 0.25, 0.18, 0.12]:
        at(z)
        out[f"repaint@{z:.3f}"] = cost = best(vp.repaint, rounds)
        worst = max(worst, cost)
    at(fit)
    out["repaint_min"] = best(vp.repaint, rounds)
    out["repaint_worst_zoom"] = max(worst, out["repaint_min"])

    def scroll_cost(scale: float) -> float:
        at(scale)
        bar = view.horizontalScrollBar()
        times = []
        for k in range(rounds * 2):  # the scroll moves the pixels and paints the strip
            s = time.perf_counter()
            bar.setValue(bar.value() + (40 if k % 2 == 0 else -40))
            app.processEvents()
            times.append(time.perf_counter() - s)
        return min(times)

    out["scroll"] = max(scroll_cost(fit * 1.05), scroll_cost(0.25))
    del Qt
    return out


def child_io(scenario: Path, rounds: int) -> dict[str, float]:
    """A saved game of the big scenario after 500 actions: save, and load as the window
    opens a file (``load_game_document``: the data layer, the replay check that the seal
    lets it skip, the game document)."""
    import bigmap

    from tabletop.data import save_game
    from tabletop.ui.shell.loading import load_game_document

    state = bigmap.play_500(scenario)
    path = scenario.parent / "big-game.yaml"
    rounds = min(rounds, 3)  # whole seconds each: three runs say enough
    save = best(lambda: save_game(state, path), rounds)
    load = best(lambda: load_game_document(path), rounds)
    return {"save_game": save, "load_game": load}


def _requests(window, action: str, limit: int = 400):
    """Legal ``action`` requests of the active formation's units (moves of one hex, fire at
    an enemy within 8 hexes), planned as a click plans them, at most ``limit`` tried."""
    from tabletop.rules import ActionRequest

    doc, controller = window.document, window.play.controller
    state = doc.state
    tried = 0
    for u in doc.units_on_map():
        if u.formation != state.active_formation or u.sw_of or u.has("ops_complete"):
            continue
        assert u.hex is not None
        if action == "move":
            cands = [ActionRequest("move", units=(u.id,), to=(doc.scenario.map.label(n),))
                     for n in u.hex.neighbors() if n in doc.scenario.map.cells]  # fmt: skip
        else:
            near = [e for e in state.units_near(u.hex, 8) if e.side != u.side and not e.sw_of]
            cands = [ActionRequest("fire", units=(u.id,), target=e.id) for e in near]
        for r in cands:
            tried += 1
            plan = controller.plan(r)
            if plan.legal:
                yield plan
                break
            if tried >= limit:
                return


def child_autosave(tmp: Path, rounds: int) -> dict[str, float]:
    """The 200 x 200 game after 500 actions in the window: a move and a fire performed as
    a click performs them (``PlayController.perform`` of the planned request: the push, the
    repaint's updates, the window's ``after_action`` with its autosave), to the repainted
    view. The GUI thread's time beside the rules' own (``engine.perform`` timed inside the
    same call), the autosave's part of it, and when the autosave's file is on disk."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import bigmap
    from PySide6.QtCore import QSettings
    from PySide6.QtTest import QTest

    from tabletop.data import save_game
    from tabletop.rules import engine
    from tabletop.ui.app import application, create_window

    game = tmp / "big-game.yaml"
    if not game.exists():
        save_game(bigmap.play_500(tmp / "big-scenario.yaml"), game)
    app = application()
    settings = QSettings(str(tmp / "settings-autosave.ini"), QSettings.Format.IniFormat)
    window = create_window(game, settings)
    assert window is not None
    window.ask_before_closing = False
    window.view.setFixedSize(*VIEW)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.view.default_zoom()
    _settle(app, until=lambda: not window.map_scene.layers._timer.isActive())
    saver = window.files.autosaver
    assert saver is not None
    spent: list[float] = []
    snapped: list[float] = []
    perform, write_soon = engine.perform, saver.write_soon

    def timed(*args, **kwargs):
        s = time.perf_counter()
        try:
            return perform(*args, **kwargs)
        finally:
            spent.append(time.perf_counter() - s)

    def snapshot() -> None:
        s = time.perf_counter()
        write_soon()
        snapped.append(time.perf_counter() - s)

    saver.write_soon = snapshot
    out: dict[str, float] = {}
    rows: dict[str, list[tuple[float, float, float]]] = {"move": [], "fire": []}
    for i in range(2 * rounds + 1):
        action = "move" if i % 2 == 0 else "fire"
        plan = next(_requests(window, action), None)
        if plan is None:
            continue
        spent.clear()
        snapped.clear()
        writes = saver.writes
        engine.perform = timed
        try:
            s = time.perf_counter()
            window.play.controller.perform(plan)
            window.view.viewport().repaint()
            total = time.perf_counter() - s
        finally:
            engine.perform = perform
        _settle(app, until=lambda w=writes: saver.writes > w and not saver.busy())
        landed = time.perf_counter() - s
        assert saver.writes > writes and len(spent) >= 1, spent
        if i == 0:  # the first autosave makes every part of the text, in slices
            out["autosave_first_landed"] = landed
            continue
        rows[action].append((total - sum(spent), sum(snapped), landed))
    for action, got in rows.items():
        if got:
            out[f"{action}_gui"] = max(g for g, _, _ in got)
            out[f"{action}_gui_median"] = sorted(g for g, _, _ in got)[len(got) // 2]
            out[f"{action}_snapshot"] = max(n for _, n, _ in got)
            out[f"{action}_landed"] = max(t for _, _, t in got)
    window.close()
    return out


def child_tiles(map_path: Path) -> dict[str, float]:
    """A terrain tile's render time, the map art's beside the flat style's (the mean of a
    block of tiles mid-map at 1:1 and at a whole-map level; the art's geometry built on
    its first tiles, as when a map opens, then cached: both figures)."""
    from PySide6.QtGui import QColor, QGuiApplication

    from tabletop.data import load_map
    from tabletop.render import MapPainter
    from tabletop.render.tiles import TileLayer

    app = QGuiApplication.instance() or QGuiApplication([])
    hexmap = load_map(map_path)
    out: dict[str, float] = {}
    for style in ("flat", "art"):
        painter = MapPainter(hexmap)
        painter.art = style == "art"

        def render(p, rect, scale, painter=painter):
            painter.paint_terrain(p, rect, scale, raster=True)
            painter.paint_grid(p, rect, scale, labels=True)

        for rnd in ("first", "again"):
            layer = TileLayer(painter.bounds, render, background=QColor("#3a3f44"))
            for name, level in (("1to1", 0), ("whole", layer.overview)):
                keys = [(level, i, j) for i in range(3) for j in range(3)]
                if level == 0:  # mid-map
                    keys = [(0, i + 40, j + 40) for i in range(3) for j in range(3)]
                start = time.perf_counter()
                for key in keys:
                    layer._render(key)
                out[f"{style}_{name}_{rnd}"] = (time.perf_counter() - start) / len(keys)
    del app
    return out


def in_child(module: str, call: str, what: str) -> dict:
    """``module.call`` (a Python expression of its module ``b``) in a fresh process (no
    time or memory leaks between rows), its JSON result from the line it prints last
    marked ``RESULT``; ``what`` names it when it fails."""
    code = (
        f"import sys, json; sys.path.insert(0, {str(HERE)!r}); sys.path.insert(0, {str(ROOT)!r});"
        f"import {module} as b; from pathlib import Path;"
        f"print('RESULT ' + json.dumps({call}))"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          check=False)  # fmt: skip
    lines = [x for x in done.stdout.splitlines() if x.startswith("RESULT ")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"{what} failed:\n{done.stderr[-3000:]}")
    result: dict = json.loads(lines[-1][len("RESULT ") :])
    return result


def _child(kind: str, tmp: Path, rounds: int, only: tuple[str, ...] = SECTIONS,
           profile: str = "") -> dict[str, float]:  # fmt: skip
    call = f"b._run_child({kind!r}, Path({str(tmp)!r}), {rounds}, {only!r}, {profile!r})"
    return in_child("bench_bigmap", call, kind)


def _run_child(kind: str, tmp: Path, rounds: int, only: tuple[str, ...] = SECTIONS,
               profile: str = "") -> dict[str, float]:  # fmt: skip
    if kind == "app":
        return child_app(tmp / "big-scenario.yaml", rounds, only, profile)
    if kind == "floor":
        return child_floor(tmp / "big-map.yaml", tmp / "big-scenario.yaml", rounds)
    if kind == "tiles":
        return child_tiles(tmp / "big-map.yaml")
    if kind == "autosave":
        return child_autosave(tmp, rounds)
    return child_io(tmp / "big-scenario.yaml", rounds)


_PEAK = (
    "import resource, runpy, sys, atexit; sys.argv = ['tabletop', *sys.argv[1:]];"
    "atexit.register(lambda: sys.stderr.write('PEAK %d\\n' % "
    "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss));"
    "runpy.run_module('tabletop', run_name='__main__')"
)


def _process(args: list[str]) -> tuple[float, float]:
    """Wall time and peak memory (MB) of ``python -m tabletop ARGS``, best of three."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    times = []
    peak = 0.0
    for _ in range(3):
        s = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", _PEAK, *args], capture_output=True,
                              text=True, env=env, check=False)  # fmt: skip
        times.append(time.perf_counter() - s)
        if done.returncode not in (0, 1):
            raise SystemExit(f"tabletop {' '.join(args)} failed:\n{done.stderr[-2000:]}")
        lines = [x for x in done.stderr.splitlines() if x.startswith("PEAK ")]
        peak = int(lines[-1].split()[1]) / 1024 if lines else float("nan")
    return min(times), peak


def _options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="three rounds instead of seven")
    parser.add_argument("--only", default="", help="comma-separated parts of the app to run: "
                        f"{', '.join(SECTIONS)}, io, cli, tiles, autosave "
                        "(default: all)")  # fmt: skip
    parser.add_argument(
        "--profile",
        default="",
        metavar="FILE",
        help="cProfile the app's measured work (not its idle time) into FILE",
    )
    parser.add_argument(
        "--detail", action="store_true", help="print every zoom's repaint and every notch too"
    )
    return parser.parse_args()


def _rows(app, floor, io, cli, auto=None) -> list[tuple]:
    """(name, app's key or value, floor's, target, within x floor, unit) of what ran."""
    rows = [
        ("open the scenario to a painted window", "open", "open", 1.5, None, "s"),
        ("repaint at 1:1", "repaint_1to1", "repaint_1to1", 0.004, 3, "ms"),
        ("repaint at the minimum zoom (whole map)", "repaint_min", "repaint_min", 0.016, 3, "ms"),
        ("repaint, worst of 7 zooms", "repaint_worst_zoom", "repaint_worst_zoom", 0.016, 3, "ms"),
        ("one wheel notch, to the painted frame", "notch", None, 0.016, None, "ms"),
        ("a 40 px scroll step, zoomed out", "scroll", "scroll", 0.008, None, "ms"),
        ("a hover onto a new hex", "hover", None, 0.001, None, "ms"),
        ("a move's update beside the rules' time", "action_overhead", None, 0.016, None, "ms"),
        ("memory growth after opening", "memory", "memory", None, 2, "MB"),
        ("memory in all after opening", "memory_total", None, 400, None, "MB"),
    ]
    out = [(n, app[a], floor.get(f) if f else None, t, w, u) for n, a, f, t, w, u in rows
           if a in app and (f is None or f in floor)]  # fmt: skip
    if cli:
        out += [
            ("tabletop validate (whole process)", cli["validate"], None, 1.0, None, "s"),
            ("tabletop los --all (whole process)", cli["los"], None, 1.5, None, "s"),
            ("tabletop los --all peak memory", cli["los_peak"], None, 200, None, "MB"),
        ]
    if io:
        out += [
            ("save a game after 500 actions", io["save_game"], None, 1.0, None, "s"),
            ("load a game after 500 actions", io["load_game"], None, 1.0, None, "s"),
        ]
    for action in ("move", "fire") if auto else ():
        if f"{action}_gui" not in auto:
            continue
        out += [
            (f"a {action} after 500 actions, GUI beside rules", auto[f"{action}_gui"], None,
             0.016, None, "ms"),
            ("  its autosave's part (the snapshot)", auto[f"{action}_snapshot"], None, 0.002,
             None, "ms"),
            ("  its autosave on disk, from the action", auto[f"{action}_landed"], None, 2.0,
             None, "s"),
        ]  # fmt: skip
    if auto and "autosave_first_landed" in auto:
        out.append(("the first autosave on disk (every part made)",
                    auto["autosave_first_landed"], None, 2.0, None, "s"))  # fmt: skip
    return out


def main() -> int:
    import bigmap

    args = _options()
    only = tuple(x for x in args.only.split(",") if x) or (
        *SECTIONS,
        "io",
        "cli",
        "tiles",
        "autosave",
    )
    rounds = 3 if args.quick else 7
    load = os.getloadavg()
    print(f"bench_bigmap: {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} "
          f"{load[2]:.2f} (a quiet machine reads below 1)")  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        map_path, scenario = bigmap.write(tmp)
        sides = map_path.read_text().count("side:")
        print(f"  map {bigmap.SIZE} x {bigmap.SIZE}, {sides} hexside features; "
              f"{bigmap.UNITS} unit entries; view {VIEW[0]} x {VIEW[1]}")  # fmt: skip
        floor = _child("floor", tmp, rounds)
        app_parts = tuple(x for x in only if x in SECTIONS)
        profile = str(Path(args.profile).resolve()) if args.profile else ""
        app = _child("app", tmp, rounds, app_parts, profile)
        io = _child("io", tmp, rounds) if "io" in only else {}
        tiles = _child("tiles", tmp, rounds) if "tiles" in only else {}
        auto = _child("autosave", tmp, rounds) if "autosave" in only else {}
        cli = {}
        if "cli" in only:
            cli["validate"], _ = _process(["validate", str(scenario)])
            cli["los"], cli["los_peak"] = _process(["los", str(map_path), "100100", "--all"])
    print(f"  {'work':44} {'app':>10} {'floor':>10} {'ratio':>7}  target")
    failed = 0
    for name, value, base, target, within, unit in _rows(app, floor, io, cli, auto):
        k = 1000 if unit == "ms" else 1
        ratio = value / base if base else None
        ok = (target is None or value <= target) and (within is None or (ratio or 0) <= within)
        failed += not ok
        want = []
        if target is not None:
            want.append(f"< {target * k:g} {unit}")
        if within is not None:
            want.append(f"<= {within}x floor")
        print(f"  {name:44} {value * k:8.2f}{unit:>2} "
              f"{(f'{base * k:8.2f}' + unit) if base is not None else '-':>10} "
              f"{f'{ratio:6.2f}x' if ratio is not None else '-':>7}  "
              f"{', '.join(want)}: {'met' if ok else 'NOT MET'}")  # fmt: skip
    if "notch" in app:
        cpu, cpu_worst = app["notch_cpu_median"] * 1000, app["notch_cpu"] * 1000
        print(f"  (notch median {app['notch_median'] * 1000:.2f} ms; its CPU time median "
              f"{cpu:.2f} ms, worst {cpu_worst:.2f} ms; until every tile is sharp "
              f"{app['notch_sharp'] * 1000:.0f} ms at worst)")  # fmt: skip
        print(f"  (full cycle collections during the notches: {app['notch_full_collections']:.0f}"
              f", the longest {app['notch_collection_worst'] * 1000:.3f} ms)")  # fmt: skip
    print(f"  (open: CPU time {app['open_cpu']:.2f} s; {app['items_at_open']:.0f} counter items "
          "made by the painted window, the rest in idle time)")  # fmt: skip
    if "min_scale" in app:
        print(f"  (whole map at scale {app['min_scale']:.3f})")
    if "hover" in app:
        print(f"  (hover worst {app['hover_max'] * 1000:.2f} ms)")
    print(f"  (warm after {app['warm_seconds']:.1f} s)")
    for name, what in (("1to1", "at 1:1"), ("whole", "at the whole-map level")):
        if f"art_{name}_first" in tiles:
            t = {k: v * 1000 for k, v in tiles.items()}
            print(
                f"  (a terrain tile {what}: map art {t[f'art_{name}_again']:.1f} ms "
                f"({t[f'art_{name}_first']:.1f} ms building its areas), flat style "
                f"{t[f'flat_{name}_again']:.1f} ms ({t[f'flat_{name}_first']:.1f} ms first))"
            )
    if args.detail:
        for key in sorted(k for k in app if "@" in k or "#" in k):
            base = floor.get(key)
            print(f"    {key:16} {app[key] * 1000:8.2f} ms"
                  + (f"   floor {base * 1000:8.2f} ms" if base else ""))  # fmt: skip
    for action in ("move", "fire"):
        if f"{action}_gui_median" in auto:
            print(f"  (a {action} after 500 actions: GUI beside rules, median "
                  f"{auto[f'{action}_gui_median'] * 1000:.1f} ms)")  # fmt: skip
    print(f"  verdict: {'every target met' if not failed else f'{failed} target(s) not met'}")
    return 0 if not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
