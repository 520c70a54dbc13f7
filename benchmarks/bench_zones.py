"""A deployment-zone stroke in the scenario editor on a 200 x 200 map with 10,000 units:
is each mouse move's update shown within one frame?

Opens the big-map benchmark's scenario (``benchmarks/bigmap.py``: 200 x 200 hexes, 10,000
units) with each side's zone its half of the map (20,000 hexes each) in the scenario
editor at 100 % zoom, and paints strokes with real mouse events through the view with
the radius-2 zone brush across the line between the zones, so that every move takes hexes
from the other side's zone. Each step is one mouse move (the tool computes the zones, the
command is pushed and merged into the stroke, the document reports the hexes, the overlay
and the Zones dock follow) and a synchronous repaint of the viewport (the next frame).

Baseline, run side by side: the same synchronous repaint with no edit. The ratio says
what a zone edit adds to a plain frame; the absolute numbers are compared with a 60 Hz
frame (16.7 ms). CPU time is printed too: a wall clock on a shared, loaded machine
overstates.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_zones.py
"""

from __future__ import annotations

import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bigmap
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tabletop.ui.app import application, create_window
from tabletop.ui.scenario import edit_game_scenario

FRAME_MS = 1000 / 60
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def settle(app: QApplication, seconds: float = 1.5) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def with_zones(scenario_path: Path) -> None:
    """Give the scenario file each side's half of the map as its zone."""
    half = bigmap.SIZE // 2
    cols = {"nato": range(1, half + 1), "pact": range(half + 1, bigmap.SIZE + 1)}
    lines = ["zones:"]
    for side, columns in cols.items():
        labels = ", ".join(f'"{c:03d}{r:03d}"' for c in columns for r in range(1, bigmap.SIZE + 1))
        lines.append(f"  {side}: [{labels}]")
    with scenario_path.open("a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")


def main() -> None:
    app = application()
    with tempfile.TemporaryDirectory() as tmp:
        _, scenario = bigmap.write(Path(tmp))
        with_zones(scenario)
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        window = create_window(scenario, settings)
        assert window is not None
        window.resize(1400, 900)
        window.show()
        editor = edit_game_scenario(window)
        assert editor is not None
        sc = window.document.scenario
        print(f"{len(sc.map.cells)} hexes, {len(sc.units)} units, zones of "
              f"{', '.join(f'{s} {len(h)}' for s, h in sc.zones.items())} hexes")  # fmt: skip
        window.view.set_scale(1.0)
        window.view.centerOn(editor.scene.hex_center(sc.map.parse("100100")))
        editor.set_tool("zone")
        editor.zones.set_radius(2)
        settle(app)
        vp = window.view.viewport()
        baseline = [timed(vp.repaint) for _ in range(40)]
        steps: list[float] = []
        edits: list[float] = []
        cpus: list[float] = []
        profile = cProfile.Profile()
        for side, row in (("nato", 96), ("pact", 100), ("nato", 104)):
            window.set_brush(f"zone {side}")
            points = [window.view.viewport_point(f"{c:03d}{row:03d}") for c in range(94, 108)]
            QTest.mousePress(vp, LEFT, NONE, points[0])
            vp.repaint()
            for p in points[1:]:
                cpu = time.process_time()
                profile.enable()
                edit = timed(lambda p=p: QTest.mouseMove(vp, p))
                profile.disable()
                edits.append(edit)
                steps.append(edit + timed(vp.repaint))
                cpus.append((time.process_time() - cpu) * 1000)
            QTest.mouseRelease(vp, LEFT, NONE, points[-1])
        base, step = statistics.median(baseline), statistics.median(steps)
        print(f"  plain frame (baseline): median {base:6.2f} ms")
        print(f"  zone step + frame:      median {step:6.2f} ms   max {max(steps):6.2f} ms")
        print(f"  of which the edit:      median {statistics.median(edits):6.2f} ms")
        cpu = statistics.median(cpus)
        print(f"  CPU time of a step:     median {cpu:6.2f} ms ({cpu / FRAME_MS:4.2f} of a 60 Hz "
              f"frame; load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")  # fmt: skip
        print(f"  ratio step/baseline:    {step / base:6.2f}x")
        print(f"  undo steps: {len(window.document.history)} (one per stroke: 3)")
        print("  where the edits' time goes (cProfile, cumulative):")
        pstats.Stats(profile).sort_stats("cumulative").print_stats(12)
        window.ask_before_closing = False
        window.close()
    del app


if __name__ == "__main__":
    main()
