"""Issue 11's proportional rows on the big map, each beside a floor measured in the same run.

    python benchmarks/bench_track.py [los] [action] [io] [--rounds N]

Builds the 200 x 200 map and the 10,000-unit scenario of :mod:`bigmap` in a temporary
folder (or reuses ``--folder``), then measures only the rows named (all by default):

- ``los``: ``tabletop los MAP 100100 --all``, whole process, time and peak memory, beside a
  floor process that imports the same modules and reads the same map but asks no sight line;
- ``action``: a move and a fire pushed on a ``GameDocument`` (memento, rules, events),
  beside the rules' own time (the same request performed on a copy of the state), with the
  number of unit records the memento copied;
- ``io``: a saved game of that scenario after 500 actions, saved (sealed) and loaded
  (alone, and as the app and the command line load it: the replay check, which the seal
  lets them skip), beside the floor of writing and reading the same document with bare
  ``yaml`` (``CSafeDumper`` / ``CSafeLoader``); the full replay check of the same game
  without its seal is printed for reference.

Times are the best of ``--rounds`` runs (a busy machine slows runs, it cannot speed them);
the load average is printed first: on a shared machine compare the ratios, not the times.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

_PEAK = (
    "import resource, runpy, sys, atexit; sys.argv = ['tabletop', *sys.argv[1:]];"
    "atexit.register(lambda: sys.stderr.write('PEAK %d\\n' % "
    "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss));"
    "runpy.run_module('tabletop', run_name='__main__')"
)
_FLOOR = (
    "import resource, sys, tabletop.cli.los, tabletop.geometry;"
    "from tabletop.data import load_document; load_document(sys.argv[1]);"
    "sys.stderr.write('PEAK %d\\n' % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
)


def best(fn: Callable[[], object], rounds: int) -> float:
    out = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t)
    return out


def _process(code: str, args: list[str], rounds: int) -> tuple[float, float]:
    """Best wall time and peak memory (MB) of ``python -c CODE ARGS``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    times, peak = [], float("nan")
    for _ in range(rounds):
        s = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                              text=True, env=env, check=False)  # fmt: skip
        times.append(time.perf_counter() - s)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(args)} failed:\n{done.stderr[-2000:]}")
        lines = [x for x in done.stderr.splitlines() if x.startswith("PEAK ")]
        peak = int(lines[-1].split()[1]) / 1024 if lines else float("nan")
    return min(times), peak


def row(name: str, value: float, floor: float | None, target: float, unit: str) -> bool:
    k = 1000 if unit == "ms" else 1
    ok = value <= target
    ratio = f"{value / floor:6.2f}x" if floor else "-"
    base = f"{floor * k:9.2f}{unit}" if floor is not None else "-"
    print(f"  {name:46} {value * k:9.2f}{unit:>2} {base:>11} {ratio:>7}  "
          f"< {target * k:g} {unit}: {'met' if ok else 'NOT MET'}")  # fmt: skip
    return ok


def bench_los(folder: Path, rounds: int) -> list[bool]:
    map_path = str(folder / "big-map.yaml")
    floor_t, floor_peak = _process(_FLOOR, [map_path], rounds)
    app_t, app_peak = _process(_PEAK, ["los", map_path, "100100", "--all"], rounds)
    return [
        row("tabletop los --all (whole process)", app_t, floor_t, 1.5, "s"),
        row("tabletop los --all peak memory", app_peak, floor_peak, 200, "MB"),
    ]


def _fire_request(doc, los):
    """A legal fire of an active unit at an enemy within four hexes (the sides meet at
    the middle column), or None."""
    from tabletop.rules import ActionRequest, engine

    ruleset = engine.ruleset_for("platoon")
    state = doc.state
    middle = state.scenario.map.grid.columns // 2
    mine = [u for u in doc.units_on_map() if u.formation == state.active_formation]
    mine.sort(key=lambda u: abs(state.scenario.map.scheme.to_colrow(u.hex)[0] - middle))
    for unit in mine[:60]:
        for h in unit.hex.within(4):
            for enemy in doc.units_at(h):
                if enemy.side == unit.side:
                    continue
                for weapon in ("ap", "he"):
                    r = ActionRequest("fire", units=(unit.id,), target=enemy.id, weapon=weapon)
                    if not ruleset.check(state, r, los):
                        return r
    return None


def _move_request(doc, los):
    from tabletop.rules import ActionRequest, engine

    ruleset = engine.ruleset_for("platoon")
    state = doc.state
    for u in doc.units_on_map():
        if u.formation != state.active_formation or u.sw_of or u.has("ops_complete"):
            continue
        for n in u.hex.neighbors():
            if n in state.scenario.map.cells:
                r = ActionRequest("move", units=(u.id,), to=(state.scenario.map.label(n),))
                if not ruleset.check(state, r, los):
                    return r
    return None


def bench_action(folder: Path, rounds: int) -> list[bool]:
    """A move and a fire pushed on the document: the whole push (memento, rules, events,
    index) less the rules' own ``engine.perform`` timed inside that very push; unit copies
    counted. (The scene's sync is the app's, measured by ``bench_bigmap.py``.)"""
    from tabletop.commands import PlayAction, play
    from tabletop.data import load_scenario
    from tabletop.documents import GameDocument
    from tabletop.geometry import LosEngine
    from tabletop.model import UnitState
    from tabletop.rules import ActionRequest, RandomDice

    doc = GameDocument.from_scenario(load_scenario(folder / "big-scenario.yaml"))
    los = LosEngine(doc.scenario.map, doc.scenario.options)
    doc.use_los(lambda: los)
    doc.push(PlayAction(doc.state, ActionRequest("draw"), los, RandomDice(1)))
    copies, rules = [0], [0.0]
    real_copy, real_perform = UnitState.copy, play.engine.perform

    def counted(self: UnitState) -> UnitState:
        copies[0] += 1
        return real_copy(self)

    def timed(*args, **kwargs):
        s = time.perf_counter()
        try:
            return real_perform(*args, **kwargs)
        finally:
            rules[0] = time.perf_counter() - s

    results = []
    for name, find in (("move", _move_request), ("fire", _fire_request)):
        overheads, copied, alone = [], [], []
        for _ in range(rounds):
            request = find(doc, los)
            if request is None:
                print(f"  (no legal {name} found)")
                break
            UnitState.copy = counted
            play.engine.perform = timed
            copies[0] = 0
            s = time.perf_counter()
            doc.push(PlayAction(doc.state, request, los, RandomDice(2)))
            total = time.perf_counter() - s
            UnitState.copy = real_copy
            play.engine.perform = real_perform
            overheads.append(total - rules[0])
            alone.append(rules[0])
            copied.append(copies[0])
        if overheads:
            print(f"  ({name}: the rules' own time {min(alone) * 1000:.1f} ms; units copied per "
                  f"push at most {max(copied)} of {len(doc.state.units)})")  # fmt: skip
            results.append(row(f"a {name}'s document update beside the rules", min(overheads),
                               None, 0.016, "ms"))  # fmt: skip
    return results


def bench_io(folder: Path, rounds: int) -> list[bool]:
    """Save and load a game of the big scenario after 500 actions; load it as the data
    layer does alone and as the command line does (``load_play``, the same data call as
    the app's: the replay check, skipped when the game's seal matches), beside bare
    ``yaml`` writing and reading the same document; and, for reference, the full replay
    check of the same game without its seal (a game saved by an older Tabletop)."""
    import bigmap
    import yaml

    from tabletop.cli.common import check_game, load_play
    from tabletop.data import load_game, save_game
    from tabletop.data.files import game_to_dict

    path = folder / "big-game.yaml"
    if not path.exists():
        t = time.perf_counter()
        save_game(bigmap.play_500(folder / "big-scenario.yaml"), path)
        print(f"  (500 actions played in {time.perf_counter() - t:.1f} s)")
    game = load_game(path, check_game)  # replayed once if saved by another build
    data = game_to_dict(game, path)
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    out = folder / "big-game-copy.yaml"
    floor_save = best(lambda: out.write_text(yaml.dump(data, Dumper=dumper, sort_keys=False)),
                      rounds)  # fmt: skip
    save = best(lambda: save_game(game, out), rounds)
    text = out.read_text(encoding="utf-8")
    body, _, last = text[:-1].rpartition("\n")
    if not last.startswith("seal: "):
        raise SystemExit("the saved game has no seal")
    unsealed = folder / "big-game-unsealed.yaml"
    unsealed.write_text(body + "\n", encoding="utf-8")
    floor_load = best(lambda: yaml.load(out.read_text(), Loader=loader), rounds)
    load = best(lambda: load_game(out), rounds)
    checked = best(lambda: load_play(str(out)), rounds)
    full = best(lambda: load_play(str(unsealed)), 1)
    from tabletop.ui.shell.loading import load_game_document  # the app's (no window: no Qt app)

    app = best(lambda: load_game_document(out, accept=lambda *_: True), rounds)
    print(f"  ({len(game.log)} log entries, {len(game.units)} units, "
          f"{out.stat().st_size / 1e6:.1f} MB; the app's load_game_document {app:.2f} s; "
          f"without its seal, loading with the replay check took {full:.2f} s)")  # fmt: skip
    return [
        row("save a game after 500 actions", save, floor_save, 1.0, "s"),
        row("load it (the data layer alone)", load, floor_load, 1.0, "s"),
        row("load it with the replay check (app, CLI)", checked, floor_load, 1.0, "s"),
    ]


BENCHES = {"los": bench_los, "action": bench_action, "io": bench_io}


def main() -> int:
    import bigmap

    parser = argparse.ArgumentParser()
    parser.add_argument("rows", nargs="*", help=f"some of {', '.join(BENCHES)} (all)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--folder", type=Path, help="build the files here (and keep them)")
    args = parser.parse_args()
    unknown = set(args.rows) - set(BENCHES)
    if unknown:
        parser.error(f"unknown rows {', '.join(sorted(unknown))} (rows: {', '.join(BENCHES)})")
    load = os.getloadavg()
    print(f"bench_track: {os.cpu_count()} cores, load average {load[0]:.2f} (quiet: below 1)")
    print(f"  {'work':46} {'app':>11} {'floor':>11} {'ratio':>7}  target")
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.folder or Path(tmp)
        if not (folder / "big-scenario.yaml").exists():
            bigmap.write(folder)
        # (in this order whatever the command line's: a child process reports at least the
        # peak memory of the process it was forked from, so ``los`` comes first)
        rows = [name for name in BENCHES if name in (args.rows or BENCHES)]
        results = [ok for name in rows for ok in BENCHES[name](folder, args.rounds)]
    failed = results.count(False)
    print(f"  verdict: {'every target met' if not failed else f'{failed} target(s) not met'}")
    return 0 if not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
