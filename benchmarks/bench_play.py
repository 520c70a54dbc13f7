"""The big game played in the window as a player plays it: every row of issue 29's table
against its target.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_play.py [--actions 200]
        [--demo-actions 30] [--only big,mortar,saved,unsealed,demo,notch] [--runs 2]
        [--profile PREFIX]

Builds the 200 x 200 map and the 10,000-unit scenario of :mod:`bigmap` in a temporary
folder (and its game after 500 actions, saved sealed and unsealed), then drives the real
window through its scripting surface (``create_window``, ``view.viewport_point``, mouse
clicks and key presses on the view, the QActions), each part in a fresh process:

- ``big``: memory once idle time has made every item, and after a zoom tour; then
  ``--actions`` actions (moves of one hex and fires, the draws, passes and ends of impulses
  they need), a unit selected throughout: the click that selects it, M with the reach tint
  shown, a frame at 1:1 with the tint, a frame while a path is chosen, F and the hover of
  each target, and the action's own cost on the GUI thread beside the rules' (the click
  or key that performs it, to the repainted view, ``engine.perform`` timed inside the same
  call and taken out), early in the session and late; memory per action;
- ``mortar``: a mortar selected by a click, then F;
- ``saved`` / ``unsealed``: the 500-action game opened, sealed and unsealed: the window
  shown (the unsealed one read-only), the unsealed one's replay check ended on its worker,
  the longest turn of the event loop until the log is checked and narrated;
- ``demo``: ``--demo-actions`` actions on the bundled platoon demo, the same cost;
- ``notch``: wheel notches, from :mod:`bench_bigmap`.

``--profile PREFIX`` writes a cProfile of the GUI thread over each action's call, from the
click or key to the repainted view (``PREFIX-big.prof``, ``PREFIX-demo.prof``).

Each row prints the median and the worst beside the target; ``--runs 2`` prints the whole
table twice in a row (fresh processes each time). Times are wall clock on this machine (its
load average is printed first); memory is the process's resident set.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from bench_bigmap import VIEW, _requests, _settle, in_child, rss_mb  # noqa: E402

PARTS = ("big", "mortar", "saved", "unsealed", "demo", "notch")


# --- driving the window ----------------------------------------------------------------------


class Player:
    """The window and what drives it: clicks and keys on the map view, each timed to the
    repainted view, with the rules' own time (``engine.perform``) measured inside it."""

    def __init__(self, window, app) -> None:
        from tabletop.rules import engine

        self.window, self.app, self.engine = window, app, engine
        self.view = window.view
        self.vp = window.view.viewport()
        self.rules: list[float] = []
        self._perform = engine.perform
        self.profile = None
        """``pstats.Stats`` of the GUI thread over the actions timed so far (``--profile``:
        each timed call profiled, kept when it performed an action), or None."""
        self.repaint_s = 0.0
        """The last timed call's forced full repaint of the view: Qt has already painted
        what the call's events dirtied (the scene's queued update does, at once), so an
        action is also printed without it."""

    def events(self) -> None:
        """One turn of the event loop as ``exec()`` makes it: the posted events, and the
        objects ``deleteLater`` gave up (``processEvents`` alone never deletes them, which
        would pile up every widget a refresh replaces)."""
        from PySide6.QtCore import QCoreApplication, QEvent

        self.app.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    def idle(self) -> bool:
        return not self.window.map_scene.layers._timer.isActive()

    def settle(self) -> None:
        _settle(self.app, until=self.idle)

    def _timed_perform(self, *args, **kwargs):
        s = time.perf_counter()
        try:
            return self._perform(*args, **kwargs)
        finally:
            self.rules.append(time.perf_counter() - s)

    def timed(self, fn) -> tuple[float, float]:
        """(wall time of ``fn()`` with the events it posted (the scene's queued updates,
        the widgets' repaints, the deletions) and the view's repaint, the rules' part of
        it). Timers are left out: they are idle-time work (tiles and counter items made
        for the parts of the map a scroll brought into view, a few milliseconds a turn)."""
        from PySide6.QtCore import QCoreApplication, QEvent

        self.rules.clear()
        self.engine.perform = self._timed_perform
        profiler = None
        if self.profile is not None:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        try:
            s = time.perf_counter()
            fn()
            QCoreApplication.sendPostedEvents()
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            painted = time.perf_counter() - s  # (what the action's own events painted)
            self.vp.repaint()
            total = time.perf_counter() - s
            self.repaint_s = total - painted
        finally:
            self.engine.perform = self._perform
            if profiler is not None:
                profiler.disable()
                if self.rules:  # (an action: the rest are clicks, keys and hovers)
                    self.profile.add(profiler)
        return total, sum(self.rules)

    def point(self, label: str):
        return self.view.viewport_point(label)

    def click(self, label: str) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        pos = self.point(label)
        QTest.mouseMove(self.vp, pos)
        QTest.mouseClick(self.vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)

    def hover(self, label: str) -> None:
        from PySide6.QtTest import QTest

        QTest.mouseMove(self.vp, self.point(label))

    def key(self, key) -> None:
        from PySide6.QtTest import QTest

        QTest.keyClick(self.view, key)

    def trigger(self, name: str) -> None:
        from PySide6.QtGui import QAction

        act = self.window.findChild(QAction, f"action-{name}")
        assert act is not None, name
        act.trigger()

    def label(self, hex_) -> str:
        return str(self.window.document.scenario.map.label(hex_))

    def select(self, unit_id: str) -> float:
        """Click the unit's hex until it is the selected unit (a stack cycles); the time of
        the click that selected it."""
        doc = self.window.document
        unit = doc.state.units[unit_id]
        label = self.label(unit.hex)
        took = float("nan")
        for _ in range(6):
            took, _ = self.timed(lambda: self.click(label))
            if self.window.play.controller.selected == unit_id:
                return took
        return float("nan")


def _record(player: Player, out: dict[str, list[float]], total: float, rules: float) -> None:
    """One action's times: beside the rules, the same without the forced repaint, the
    rules' own."""
    out["action_gui"].append(total - rules)
    out["action_gui_own"].append(total - rules - player.repaint_s)
    out["action_rules"].append(rules)


def _keep_going(player: Player, out: dict[str, list[float]]) -> bool:
    """Whatever the game needs before a move or a fire: a pass of a pending opportunity
    fire, a draw, an end of impulse or turn (each timed as an action). False: the game is
    over."""
    doc = player.window.document
    state = doc.state
    if state.finished:
        return False
    if state.pending is not None:
        name = "pass"
    elif state.phase != "impulse":
        name = "draw" if state.cup else "end-turn"
    else:
        return True
    total, rules = player.timed(lambda: player.trigger(name))
    _record(player, out, total, rules)
    return True


def play_actions(
    player: Player,
    count: int,
    out: dict[str, list[float]],
    with_tint: bool = True,
    kinds: tuple[str, ...] = ("move", "fire"),
) -> int:
    """``count`` actions, in turn of ``kinds`` (a move of one hex, a fire), as a player
    makes them by clicks and keys; the actions made."""
    from PySide6.QtCore import Qt

    window = player.window
    doc = window.document
    made = 0
    turn = 0
    while made < count and turn < 4 * count:
        turn += 1
        if not _keep_going(player, out):
            break
        if doc.state.phase != "impulse" or doc.state.pending is not None:
            made += 1
            continue
        action = kinds[turn % len(kinds)]
        plan = next(_requests(window, action), None)  # (legal, planned as a click plans)
        if plan is None:
            total, rules = player.timed(lambda: player.trigger("end-impulse"))
            _record(player, out, total, rules)
            made += 1
            continue
        request = plan.request
        unit_id = request.units[0]
        player.view.set_scale(1.0)
        player.point(player.label(doc.state.units[unit_id].hex))  # scrolled there first
        player.settle()  # (and idle time has drawn what the scroll brought into view)
        out["select"].append(player.select(unit_id))
        if window.play.controller.selected != unit_id:
            continue
        if action == "move":
            to = request.to[-1]
            took, _ = player.timed(lambda: player.key(Qt.Key.Key_M))
            out["press_m"].append(took)
            if with_tint:
                player.view.set_scale(1.0)
                player.point(to)  # (scrolled into view before the frames are timed)
                out["frame_tint"].append(player.timed(lambda: None)[0])
            took, _ = player.timed(lambda to=to: player.hover(to))
            out["frame_path"].append(took)
            player.click(to)  # the path's end
            total, rules = player.timed(lambda to=to: player.click(to))  # again: the move
        else:
            target = doc.state.units[request.target]
            took, _ = player.timed(lambda: player.key(Qt.Key.Key_F))
            out["press_f"].append(took)
            near = [e for e in doc.state.units_at(target.hex)] if target.hex else []
            for e in near[:3]:
                if e.hex is not None:
                    out["hover_target"].append(player.timed(lambda e=e: player.hover(
                        player.label(e.hex)))[0])  # fmt: skip
            player.click(player.label(target.hex))
            total, rules = player.timed(lambda: player.key(Qt.Key.Key_Return))
        if not player.rules:  # the click did not act (refused, or a tool still open)
            player.key(Qt.Key.Key_Escape)
            continue
        _record(player, out, total, rules)
        made += 1
    return made


# --- the children -----------------------------------------------------------------------------


def _open(path: Path, tmp: Path, name: str):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtTest import QTest

    from tabletop.ui.app import application, create_window

    app = application()
    settings = QSettings(str(tmp / f"settings-{name}.ini"), QSettings.Format.IniFormat)
    settings.setValue("play/hot_seat", False)  # one player plays both sides: no hand-overs
    window = create_window(path, settings)
    assert window is not None, path
    window.ask_before_closing = False
    window.view.setFixedSize(*VIEW)
    window.show()
    QTest.qWaitForWindowExposed(window)
    return app, window


def _profiled(player: Player, profile: str) -> None:
    """``--profile``: the actions' profile is gathered from now on."""
    if profile:
        import pstats

        player.profile = pstats.Stats()


def _dump(player: Player, profile: str, part: str) -> None:
    if profile and player.profile is not None:
        player.profile.dump_stats(f"{profile}-{part}.prof")


def child_big(tmp: Path, actions: int, profile: str = "") -> dict[str, object]:
    app, window = _open(tmp / "big-scenario.yaml", tmp, "big")
    player = Player(window, app)
    _profiled(player, profile)
    window.view.default_zoom()
    player.settle()
    out: dict[str, object] = {"memory_open": rss_mb()}
    view = window.view
    for scale in (0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0):  # the zoom tour
        view.set_scale(scale)
        view.viewport().repaint()
        player.settle()
    out["memory_zoom"] = rss_mb()
    view.set_scale(1.0)
    got: dict[str, list[float]] = {k: [] for k in (
        "select", "press_m", "frame_tint", "frame_path", "press_f", "hover_target",
        "action_gui", "action_gui_own", "action_rules")}  # fmt: skip
    before = rss_mb()
    early = play_actions(player, min(20, actions), got)
    early_gui = list(got["action_gui"])
    made = early + play_actions(player, actions - early, got)
    out["memory_actions"] = rss_mb()
    out["memory_per_action"] = (rss_mb() - before) / max(made, 1)
    saver = window.files.autosaver  # a player's pause: the autosave lands, memory goes back
    _settle(app, until=lambda: saver is not None and saver.writes > 0 and not saver.busy()
            and not saver.timer.isActive())  # fmt: skip
    out["memory_idle"] = rss_mb()
    out["actions"] = made
    out["action_gui_early"] = early_gui
    out["action_gui_late"] = got["action_gui"][-20:]
    out.update(got)
    _dump(player, profile, "big")
    window.close()
    return out


def child_mortar(tmp: Path) -> dict[str, object]:
    from PySide6.QtCore import Qt

    from tabletop.rules import ActionRequest

    app, window = _open(tmp / "big-scenario.yaml", tmp, "mortar")
    player = Player(window, app)
    window.view.set_scale(1.0)
    player.settle()
    doc = window.document
    mortars = {t for t, ut in doc.scenario.unit_types.items()
               if getattr(getattr(ut, "kind", None), "value", None) == "mortar"}  # fmt: skip
    unit = None
    for _ in range(12):  # draws until a formation with a mortar on the map is active
        state = doc.state
        if state.phase == "impulse":
            active = state.active_formation
            unit = next((u for u in doc.units_on_map() if u.type_id in mortars
                         and u.formation == active and not u.sw_of), None)  # fmt: skip
            if unit is not None:
                break
            request = ActionRequest("end-impulse")
        else:
            request = ActionRequest("draw") if state.cup else ActionRequest("end-turn")
        player.trigger(request.action)
    if unit is None:
        raise SystemExit("no mortar of an active formation on the map after 12 draws")
    before = rss_mb()
    out: dict[str, object] = {"mortar_select": player.select(unit.id)}
    out["mortar_press_f"] = player.timed(lambda: player.key(Qt.Key.Key_F))[0]
    out["mortar_memory"] = rss_mb() - before
    window.close()
    return out


def child_saved(tmp: Path, name: str) -> dict[str, object]:
    """The 500-action game opened: the window shown, then every turn of the event loop
    until the log is narrated and idle time has made every item."""
    path = tmp / f"{name}-game.yaml"
    s = time.perf_counter()
    app, window = _open(path, tmp, name)
    window.view.default_zoom()
    window.view.viewport().repaint()
    out: dict[str, object] = {"shown": time.perf_counter() - s}
    out["read_only"] = bool(window.play.controller.frozen)
    turns = []
    end = time.perf_counter() + 90
    log_dock, check = window.log_dock, window.log_check
    while time.perf_counter() < end:
        t = time.perf_counter()
        app.processEvents()
        turns.append(time.perf_counter() - t)
        if check.running:
            continue
        if "checked" not in out:
            out["checked"] = time.perf_counter() - s
        if not log_dock.replaying() and not window.map_scene.layers._timer.isActive():
            break
    out["playable"] = not window.play.controller.frozen
    out["settled"] = time.perf_counter() - s
    out["longest_turn"] = max(turns) if turns else 0.0
    window.close()
    return out


def child_demo(tmp: Path, actions: int, profile: str = "") -> dict[str, object]:
    from tabletop import paths

    app, window = _open(paths.DEMO_SCENARIO, tmp, "demo")
    window.resize(1400, 900)
    player = Player(window, app)
    _profiled(player, profile)
    player.settle()
    got: dict[str, list[float]] = {k: [] for k in (
        "select", "press_m", "frame_tint", "frame_path", "press_f", "hover_target",
        "action_gui", "action_gui_own", "action_rules")}  # fmt: skip
    got_made = play_actions(player, actions, got, with_tint=False)
    _dump(player, profile, "demo")
    window.close()
    return {"actions": got_made, "action_gui": got["action_gui"],
            "action_gui_own": got["action_gui_own"]}  # fmt: skip


def child_notch(tmp: Path) -> dict[str, object]:
    import bench_bigmap

    out = bench_bigmap.child_app(tmp / "big-scenario.yaml", 3, ("notch",))
    return {"notch": out["notch"], "notch_median": out["notch_median"]}


def _run_child(part: str, tmp: Path, actions: int, demo_actions: int,
               profile: str = "") -> dict[str, object]:  # fmt: skip
    if part == "big":
        return child_big(tmp, actions, profile)
    if part == "mortar":
        return child_mortar(tmp)
    if part in ("saved", "unsealed"):
        return child_saved(tmp, part)
    if part == "demo":
        return child_demo(tmp, demo_actions, profile)
    return child_notch(tmp)


def _child(part: str, tmp: Path, actions: int, demo_actions: int,
           profile: str = "") -> dict[str, object]:  # fmt: skip
    call = f"b._run_child({part!r}, Path({str(tmp)!r}), {actions}, {demo_actions}, {profile!r})"
    return in_child("bench_play", call, part)


# --- the table -----------------------------------------------------------------------------


def _games(tmp: Path) -> None:
    """The 500-action game, saved sealed (``saved-game.yaml``) and with its seal taken off
    (``unsealed-game.yaml``: opening it replays and checks the log)."""
    import bigmap

    from tabletop.data import save_game

    saved = tmp / "saved-game.yaml"
    save_game(bigmap.play_500(tmp / "big-scenario.yaml"), saved)
    text = saved.read_text(encoding="utf-8")
    unsealed = re.sub(r',\n? "seal": "sha256:[0-9a-f]{64}"\}\n\Z', "}\n", text)
    assert unsealed != text, "the saved game has no seal to take off"
    (tmp / "unsealed-game.yaml").write_text(unsealed, encoding="utf-8")


def _figures(values: object) -> tuple[float, float]:
    got = [v for v in values if isinstance(v, float) and v == v] if isinstance(values, list) else (
        [values] if isinstance(values, float) else [])  # fmt: skip
    if not got:
        return float("nan"), float("nan")
    return statistics.median(got), max(got)


ROWS = (
    # (what a player does, part, key, target, unit)
    ("press M on a selected unit (reach tint shown)", "big", "press_m", 0.100, "ms"),
    ("select a unit (actions panel filled)", "big", "select", 0.050, "ms"),
    ("an action on the GUI thread beside the rules", "big", "action_gui", 0.016, "ms"),
    ("  the same, its first 20 actions", "big", "action_gui_early", 0.016, "ms"),
    ("  the same, its last 20 actions", "big", "action_gui_late", 0.016, "ms"),
    ("  the same, without the forced full repaint after", "big", "action_gui_own", 0.016, "ms"),
    ("  (the rules' own time, for scale)", "big", "action_rules", None, "ms"),
    ("a frame at 1:1 with a reach tint shown", "big", "frame_tint", 0.016, "ms"),
    ("hovering fire targets", "big", "hover_target", 0.016, "ms"),
    ("a frame while choosing a path", "big", "frame_path", 0.016, "ms"),
    ("press F on a selected unit", "big", "press_f", None, "ms"),
    ("memory after open, every item made", "big", "memory_open", 400, "MB"),
    ("memory after a zoom tour", "big", "memory_zoom", 400, "MB"),
    ("memory after the actions", "big", "memory_actions", 400, "MB"),
    ("memory after them, once the autosave landed", "big", "memory_idle", 400, "MB"),
    ("memory per action", "big", "memory_per_action", 0.05, "MB"),
    ("select a mortar", "mortar", "mortar_select", 0.050, "ms"),
    ("  then Fire (F)", "mortar", "mortar_press_f", 0.200, "ms"),
    ("  memory it took", "mortar", "mortar_memory", 10, "MB"),
    ("open the unsealed 500-action game: shown", "unsealed", "shown", 8.0, "s"),
    ("  its log checked on the worker (read-only till)", "unsealed", "checked", 8.0, "s"),
    ("  its longest event-loop turn after", "unsealed", "longest_turn", 0.050, "ms"),
    ("open the 500-action saved game: shown", "saved", "shown", 1.5, "s"),
    ("  its longest event-loop turn after", "saved", "longest_turn", 0.050, "ms"),
    ("wheel notches, worst", "notch", "notch", 0.016, "ms"),
    ("the demo: an action beside the rules", "demo", "action_gui", 0.016, "ms"),
    ("  the same, without the forced full repaint after", "demo", "action_gui_own", 0.016, "ms"),
)


def _print(results: dict[str, dict[str, object]]) -> int:
    print(f"  {'what a player does':50} {'median':>10} {'worst':>10}  target")
    failed = 0
    for name, part, key, target, unit in ROWS:
        if part not in results or key not in results[part]:
            continue
        median, worst = _figures(results[part][key])
        k = 1000 if unit == "ms" else 1
        ok = target is None or worst <= target
        failed += not ok
        want = f"< {target * k:g} {unit}: {'met' if ok else 'NOT MET'}" if target else "-"
        print(f"  {name:50} {median * k:8.1f}{unit:>2} {worst * k:8.1f}{unit:>2}  {want}")
    for part in ("big", "demo"):
        if part in results:
            print(f"  ({part}: {results[part]['actions']} actions played)")
    if "unsealed" in results:
        got = results["unsealed"]
        print(f"  (unsealed: read-only when shown {got.get('read_only')}, playable after the "
              f"check {got.get('playable')})")  # fmt: skip
    print(f"  verdict: {'every target met' if not failed else f'{failed} target(s) not met'}")
    return failed


def main() -> int:
    import bigmap

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=200, help="actions on the big game")
    parser.add_argument("--demo-actions", type=int, default=30, help="actions on the demo")
    parser.add_argument("--only", default="", help=f"parts to run: {', '.join(PARTS)}")
    parser.add_argument("--runs", type=int, default=1, help="print the whole table N times")
    parser.add_argument("--profile", default="", metavar="PREFIX",
                        help="write a cProfile of the GUI thread over the actions (each "
                        "action's call, to its repainted view) to PREFIX-big.prof and "
                        "PREFIX-demo.prof")  # fmt: skip
    args = parser.parse_args()
    only = tuple(x for x in args.only.split(",") if x) or PARTS
    load = os.getloadavg()
    print(f"bench_play: {os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} "
          f"{load[2]:.2f} (a quiet machine reads below 1)")  # fmt: skip
    failed = 0
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        bigmap.write(tmp)
        if "saved" in only or "unsealed" in only:
            _games(tmp)
        for run in range(args.runs):
            print(f"run {run + 1} of {args.runs}")
            results = {p: _child(p, tmp, args.actions, args.demo_actions,
                                 os.path.abspath(args.profile) if args.profile else "")
                       for p in only}  # fmt: skip
            failed = _print(results)
    return 0 if not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
