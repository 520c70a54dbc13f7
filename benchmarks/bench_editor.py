"""A stroke on a 200 x 200 map: is each mouse move's update shown within one frame?

Opens the big-map benchmark's map (``benchmarks/bigmap.py``: 200 x 200, levels, ~10,000
hexside features) and a new blank 200 x 200 map in the map editor, at 100 % zoom, and
paints strokes with real mouse events through the view: a radius-1 woods brush, a river
along hexsides, a level brush; then the autosave that follows a stroke (snapshot on the
GUI thread, its text made there in slices between frames, the file written on the worker
thread) while frames are painted. Each step is one
mouse move (the tool pushes the stroke's
command, the document reports the hexes, the scene invalidates them) followed by a
synchronous repaint of the viewport (the next frame).

Baseline, run side by side: the same synchronous repaint of the viewport with no edit.
The ratio says what an edit adds to a plain frame; the absolute numbers are compared with
a 60 Hz frame (16.7 ms). A check at the end reads the painted pixels back, so a repaint
that showed stale tiles would be reported.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_editor.py [--big-only]

On a machine shared with other busy processes the wall times are inflated by waiting for a
core; a step's CPU time (median and p90) is what it costs on a core of its own.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bigmap
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tabletop.ui.app import application, create_window
from tabletop.ui.shell import recovery

FRAME_MS = 1000 / 60
BLANK = """\
format: tabletop/map@1
name: Blank 200
terrain: standard
grid: {columns: 200, rows: 200}
default: clear
"""


def settle(app: QApplication, seconds: float = 1.5) -> None:
    """Let the tile cache fill what the view shows (it works when the app is idle)."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def centre(window, label: str) -> QPoint:
    h = window.document.map.parse(label)
    return window.view.mapFromScene(window.map_scene.hex_center(h))


def side_mid(window, a: str, b: str) -> QPoint:
    from tabletop.hexgrid import HexSide

    p = window.document.map.parse
    (x0, y0), (x1, y1) = window.map_scene.layout.side_endpoints(HexSide(p(a), p(b)))
    return window.view.mapFromScene(QPointF((x0 + x1) / 2, (y0 + y1) / 2))


CPU: list[float] = []
"""Each step's CPU time (process time): what it costs on a core of its own, which a wall
clock on a shared, loaded machine overstates."""
EDITS: list[float] = []
"""Of each step, the mouse move alone: tool, command, document events, invalidation."""


def stroke(window, points: list[QPoint], steps: list[float]) -> None:
    vp = window.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, points[0])
    vp.repaint()
    for p in points[1:]:
        cpu = time.process_time()
        edit = timed(lambda p=p: QTest.mouseMove(vp, p))
        EDITS.append(edit)
        steps.append(edit + timed(vp.repaint))
        CPU.append((time.process_time() - cpu) * 1000)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, points[-1])


def run(app: QApplication, path: Path, name: str) -> None:
    settings = QSettings(str(path.parent / "settings.ini"), QSettings.Format.IniFormat)
    window = create_window(path, settings)
    assert window is not None
    window.resize(1400, 900)
    window.show()
    window.view.set_scale(1.0)
    window.view.centerOn(window.map_scene.hex_center(window.document.map.parse("100100")))
    settle(app)
    vp = window.view.viewport()
    baseline = [timed(vp.repaint) for _ in range(40)]
    steps: list[float] = []
    EDITS.clear()
    CPU.clear()
    window.set_brush("woods")
    window.editor.set_radius(1)
    for row in (95, 100, 105):
        labels = [f"{col:03d}{row:03d}" for col in range(92, 110)]
        stroke(window, [centre(window, lb) for lb in labels], steps)
    window.set_brush("river")
    chain = [("099096", "100096"), ("099097", "100096"), ("099097", "100097"),
             ("099098", "100097"), ("099098", "100098"), ("099099", "100098")]  # fmt: skip
    stroke(window, [side_mid(window, a, b) for a, b in chain], steps)
    window.set_brush("raise")
    stroke(window, [centre(window, f"{c:03d}102") for c in range(94, 106)], steps)
    # read the pixels back: the painted hexes must show woods now
    image = vp.grab().toImage()
    woods = QColor(window.document.map.chart.terrain["woods"].color)
    pixel = image.pixelColor(centre(window, "100095") + QPoint(6, 6))
    pairs = zip(pixel.getRgb()[:3], woods.getRgb()[:3], strict=True)
    distance = sum(abs(a - b) for a, b in pairs)
    base, step = statistics.median(baseline), statistics.median(steps)
    print(f"{name}: {len(window.document.map.cells)} hexes, {len(steps)} stroke steps")
    print(f"  plain frame (baseline): median {base:6.2f} ms")
    p90 = statistics.quantiles(steps, n=10)[-1]
    print(f"  edit step + frame:      median {step:6.2f} ms   p90 {p90:6.2f} ms   "
          f"max {max(steps):6.2f} ms")  # fmt: skip
    edit = statistics.median(EDITS)
    print(f"  of which the edit:      median {edit:6.2f} ms (tool, command, events, "
          "invalidation; the rest is the frame repairing its tiles)")  # fmt: skip
    cpu = statistics.median(CPU)
    cpu90 = statistics.quantiles(CPU, n=10)[-1]
    print(f"  CPU time of a step:     median {cpu:6.2f} ms   p90 {cpu90:6.2f} ms   max "
          f"{max(CPU):6.2f} ms   ({cpu90 / FRAME_MS:4.2f} of a 60 Hz frame at p90; load "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")  # fmt: skip
    print(f"  ratio step/baseline:    {step / base:6.2f}x   "
          f"median step is {step / FRAME_MS:5.2f} of a 60 Hz frame")  # fmt: skip
    print(f"  painted hex shows woods: {'yes' if distance < 120 else f'NO ({pixel.name()})'}")
    print(f"  undo steps: {len(window.document.history)} (one per stroke)")
    autosave_frames(app, window)
    window.ask_before_closing = False
    window.close()


def frames_while(app: QApplication, vp, busy) -> list[float]:
    """Frame intervals (a repaint plus the event loop's turn) while ``busy()`` holds."""
    out: list[float] = []
    while busy():
        out.append(timed(lambda: (vp.repaint(), app.processEvents())))
    return out


SLICES: list[tuple[float, float]] = []
"""(wall ms, CPU ms) of each turn the autosave spent making its text on the GUI thread."""
_next_slice = recovery.Autosaver._next_slice


def _timed_slice(self) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    _next_slice(self)
    SLICES.append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))


recovery.Autosaver._next_slice = _timed_slice


def quiet(app: QApplication, window) -> None:
    """Run the event loop until the scene's idle tile rendering is done (at most 60 s)."""
    timer = window.map_scene.layers._timer
    end = time.perf_counter() + 60
    while timer.isActive() and time.perf_counter() < end:
        app.processEvents()


def autosave_frames(app: QApplication, window) -> None:
    """The autosave after a stroke: the snapshot on the GUI thread, then frames painted
    while its text is made (in slices between frames) and the worker thread writes the
    recovery file, against the same frames with no autosave for as long; and what making
    and writing it all at once on the GUI thread would block, for comparison."""
    autosave, vp = window.editor.autosave, window.view.viewport()
    target = autosave.path
    snap = statistics.median(timed(lambda: autosave.snapshot(target)) for _ in range(5))
    quiet(app, window)  # idle tile rendering would otherwise fill every turn of the loop
    SLICES.clear()
    start = time.perf_counter()
    autosave.write_soon()
    frames = frames_while(app, vp, autosave.busy)
    worker = (time.perf_counter() - start) * 1000
    autosave.wait()
    end = time.perf_counter() + worker / 1000
    plain = frames_while(app, vp, lambda: time.perf_counter() < end)
    blocking = statistics.median(timed(autosave.write) for _ in range(3))
    during, base = statistics.median(frames), statistics.median(plain)
    print(f"  autosave snapshot (GUI thread): median {snap:6.2f} ms")
    print(f"  autosave made and written in {worker:6.0f} ms; meanwhile {len(frames)} "
          f"frames, median {during:5.2f} ms, max {max(frames):6.2f} ms")  # fmt: skip
    walls, cpus = [w for w, _ in SLICES], [c for _, c in SLICES]
    print(f"  of which the GUI thread made the text in {len(SLICES)} turns: CPU median "
          f"{statistics.median(cpus):4.2f} ms, max {max(cpus):4.2f} ms; wall median "
          f"{statistics.median(walls):5.2f} ms, max {max(walls):5.2f} ms")  # fmt: skip
    print(f"  the same time with no autosave: {len(plain)} frames, median {base:5.2f} ms, "
          f"max {max(plain):6.2f} ms   (ratio of medians {during / base:4.2f}x)")  # fmt: skip
    print(f"  the same write on the GUI thread would block: median {blocking:6.0f} ms "
          f"({blocking / FRAME_MS:4.0f} frames); recovery file "
          f"{target.stat().st_size // 1024} KiB")  # fmt: skip


def main() -> None:
    app = application()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        map_path, _ = bigmap.write(folder)
        run(app, map_path, "big-map benchmark's map")
        if "--big-only" in sys.argv:
            return
        blank = folder / "blank" / "blank.yaml"
        blank.parent.mkdir()
        blank.write_text(BLANK, encoding="utf-8")
        run(app, blank, "new blank 200 x 200 map")


if __name__ == "__main__":
    main()
