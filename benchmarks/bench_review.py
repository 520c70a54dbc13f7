"""Review mode on the big game: entering, the replay a slice at a time, stepping.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_review.py [FOLDER]

FOLDER holds ``big-scenario.yaml`` and ``big-game.yaml`` (500 actions on the 200 x 200 map
of :mod:`bigmap`, 11,441 units); without it they are made in a temporary folder (about
30 s). Printed side by side:

- the floor: the log replayed with ``engine.replay_steps`` and nothing kept (the rules'
  time of the whole log);
- the game's replay as the app keeps it (``documents.replay.Replay``: each step's changes),
  its ratio to the floor and how many unit copies it keeps;
- a full copy of the game per position (what review mode kept before), timed and measured
  on the first 20 positions and multiplied out;
- the window: entering review mode, every slice of the replay between events (the longest
  is what the window can freeze for), the time until every position is there, and stepping
  (one back, to the start, to the end) once it is.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

COPIED = 20
"""How many positions the full-copy row copies (each is 9 MB on the big game)."""


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def _files(folder: Path | None) -> Path:
    if folder is not None:
        return folder / "big-game.yaml"
    import bigmap

    from tabletop.data import save_game

    made = Path(tempfile.mkdtemp(prefix="bench_review_"))
    bigmap.write(made)
    save_game(bigmap.play_500(made / "big-scenario.yaml"), made / "big-game.yaml")
    return made / "big-game.yaml"


def _replays(doc) -> None:
    from tabletop.documents.replay import Replay
    from tabletop.rules import engine

    log, los = doc.state.log, doc.los

    def plain() -> float:
        t = time.perf_counter()
        state = doc.scenario.new_game()
        for _result in engine.replay_steps(state, log, los):
            pass
        return time.perf_counter() - t

    floor = min(plain(), plain())  # (the first also fills the sight-line caches)
    print(f"floor: replay_steps of {len(log)} actions, nothing kept   {floor * 1e3:9.0f} ms")
    replay = Replay(doc)
    t = time.perf_counter()
    replay.run_for(float("inf"))
    kept = time.perf_counter() - t
    copies = sum(len(s.before.units) + len(s.after.units) for s in replay.steps)
    print(f"Replay, each step's changes kept              {kept * 1e3:9.0f} ms"
          f"   {kept / floor:5.2f}x floor   {copies} unit copies kept")  # fmt: skip
    state = doc.scenario.new_game()
    copies = [state.snapshot()]
    before = rss_mb()
    t = time.perf_counter()
    for i, _result in enumerate(engine.replay_steps(state, log, los)):
        copies.append(state.snapshot())
        if i + 1 == COPIED:
            break
    per = (time.perf_counter() - t) / COPIED
    mb = (rss_mb() - before) / COPIED
    n = len(log) + 1
    print(f"a full copy per position (first {COPIED}, x {n})   {per * n * 1e3:9.0f} ms"
          f"   {(per * n) / floor:5.2f}x floor   {n * len(state.units)} unit copies,"
          f" {mb * n:.0f} MB (est.)")  # fmt: skip


def _window(path: Path) -> None:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from tabletop.documents.replay import Replay
    from tabletop.ui.play import logdock
    from tabletop.ui.shell.loading import load_game_document
    from tabletop.ui.shell.mainwindow import MainWindow

    app = QApplication.instance() or QApplication([])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(1600, 1000)
    window.show()
    doc = load_game_document(path)
    window.set_document(doc)
    dock, review = window.log_dock, window.review
    while dock.replaying():  # the rows' replay is the same one: let it finish first...
        app.processEvents()
    replay = dock.book.replay = Replay(doc)  # ... then a fresh one, as a game played here
    slices: list[tuple[float, int]] = []
    run_for = replay.run_for

    def timed(seconds: float) -> bool:
        n, t = len(replay.steps), time.perf_counter()
        out = run_for(seconds)
        slices.append((time.perf_counter() - t, len(replay.steps) - n))
        return out

    replay.run_for = timed
    t = time.perf_counter()
    review.action.trigger()
    enter = time.perf_counter() - t
    print(f"window: entering review mode                  {enter * 1e3:9.0f} ms"
          f"   (first slice {logdock.FIRST_S * 1e3:.0f} ms)")  # fmt: skip
    t = time.perf_counter()
    while review.replaying():
        app.processEvents()
    whole = time.perf_counter() - t
    times = sorted(s for s, _ in slices[1:])
    one = [s for s, n in slices[1:] if n == 1]
    print(f"  then {len(times)} slices until every position: {whole * 1e3:.0f} ms;"
          f" a slice {times[len(times) // 2] * 1e3:.0f} ms median,"
          f" {times[-1] * 1e3:.0f} ms longest ({len(one)} of one action only)")  # fmt: skip
    for name, key in (("one back", "back"), ("to the start", "first"), ("to the end", "last")):
        t = time.perf_counter()
        review.bar.buttons[key].click()
        app.processEvents()
        print(f"  stepping {name:<13}{(time.perf_counter() - t) * 1e3:27.0f} ms")
    review.set_on(False)


def main() -> int:
    from tabletop.ui.shell.loading import load_game_document

    path = _files(Path(sys.argv[1]) if len(sys.argv) > 1 else None)
    with open("/proc/loadavg") as f:
        print("load average:", f.read().split()[:3])
    doc = load_game_document(path)
    _replays(doc)
    del doc
    _window(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
