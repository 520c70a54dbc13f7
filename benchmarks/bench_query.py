"""The rules core's questions the window asks, timed beside a plain floor (issue 29).

    python benchmarks/bench_query.py [--rounds N] [--base DIR] [--only big,platoon,squad]

For the 200 x 200 game of :mod:`bigmap` (10,000 units, built in a temporary folder) and
both demos, each in a fresh process, with the first formation of the scenario drawn:

- ``reach``: ``rules.query.reach`` of a unit near the front (press M: the reach tint);
- ``panel``: ``available_actions(..., lazy=True)`` of that unit, each option's ``legal``
  and ``reasons`` read (selecting it: the actions panel);
- ``mortar panel`` and ``mortar F``: the same for a mortar near the front, then every
  choice of its fire option (pressing F: the aim tool's targets);
- ``opfire``: ``pause.opportunity_firers`` of the unit where it stands (each hex a move
  enters asks it);
- ``floor``: one pass over the unit table reading each unit's hex (what any scan costs).

Each figure is the best of ``--rounds`` calls after a first one (printed apart: its sight
lines are new to the process), in ms, with its ratio to the floor. ``--base DIR`` runs the
same calls on another checkout side by side (``git worktree add /tmp/base COMMIT``) and
prints its figures and the speed-up. The resident memory after the mortar's rounds shows
whether the memos grow. Times are process CPU time (a busy machine slows runs less).
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
GAMES = ("big", "platoon", "squad")


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6


def _timed(fn, rounds: int) -> tuple[float, float, object]:
    """(first call, best of the next ``rounds``) in ms, and the last answer."""
    t = time.process_time()
    answer = fn()
    first = (time.process_time() - t) * 1000
    best = float("inf")
    for _ in range(rounds):
        t = time.process_time()
        answer = fn()
        best = min(best, (time.process_time() - t) * 1000)
    return first, best, answer


def child(scenario: str, rounds: int) -> dict[str, object]:
    """The figures of one game in this process (run with the checkout on PYTHONPATH)."""
    from tabletop.data import load_scenario
    from tabletop.geometry import LosEngine
    from tabletop.model import Kind, PlatoonUnitType
    from tabletop.rules import ActionRequest, RandomDice, engine
    from tabletop.rules.query import available_actions, reach

    sc = load_scenario(Path(scenario))
    state = sc.new_game()
    los = LosEngine(sc.map, sc.options)
    out: dict[str, object] = {"units": len(state.units)}
    if sc.ruleset == "platoon":
        engine.perform(state, ActionRequest("draw", formation=_front_formation(sc)),
                       RandomDice(1), los)  # fmt: skip
    side = state.active_side or next(iter(sc.sides))
    drawn = state.active_formation
    mine = [u for u in state.units.values() if u.on_map and u.sw_of is None and u.side == side
            and (drawn is None or u.formation == drawn)]  # fmt: skip
    columns = sc.map.grid.columns

    def front(u):
        return (abs(sc.map.scheme.to_colrow(u.hex)[0] - columns // 2), u.id)

    def kind(u):
        utype = sc.unit_types[u.type_id]
        return utype.kind if isinstance(utype, PlatoonUnitType) else None

    movers = sorted((u for u in mine if kind(u) is not Kind.MORTAR), key=front)
    mortars = sorted((u for u in mine if kind(u) is Kind.MORTAR), key=front)

    def floor() -> int:
        return sum(1 for u in state.units.values() if u.hex is not None)

    out["floor"] = _timed(floor, rounds)[:2]
    if movers:
        uid = movers[0].id
        out["unit"] = uid
        out["reach"] = _timed(lambda: reach(state, los, uid, side=side), rounds)[:2]
        out["panel"] = _timed(lambda: _panel(available_actions, state, los, uid), rounds)[:2]
        if sc.ruleset == "platoon":
            from tabletop.rules.platoon.pause import opportunity_firers

            unit = state.units[uid]
            out["opfire"] = _timed(lambda: opportunity_firers(state, unit, los), rounds)[:2]
    if mortars:
        mid = mortars[0].id
        out["mortar"] = mid
        out["mortar panel"] = _timed(lambda: _panel(available_actions, state, los, mid),
                                     rounds)[:2]  # fmt: skip
        before = rss_mb()

        def aim() -> int:
            report = available_actions(state, los, units=[mid], lazy=True)
            return len(report.unit(mid).option("fire").choices)

        first, best, choices = _timed(aim, max(1, rounds // 2))
        out["mortar F"] = (first, best)
        out["mortar F choices"] = choices
        out["memory growth MB"] = rss_mb() - before
    return out


def _front_formation(sc) -> str:
    """The formation of the scenario's first unit of its first side nearest the middle."""
    columns = sc.map.grid.columns
    first_side = next(iter(sc.sides))
    units = [u for u in sc.units if u.side == first_side and u.hex is not None]
    best = min(units, key=lambda u: (abs(sc.map.scheme.to_colrow(u.hex)[0] - columns // 2), u.id))
    return str(best.formation)


def _panel(available_actions, state, los, uid):
    report = available_actions(state, los, units=[uid], lazy=True)
    return [(o.action, o.legal, o.reasons) for o in report.unit(uid).options]


def _run(checkout: Path, scenario: Path, rounds: int) -> dict[str, object]:
    code = (f"import sys, json; sys.path.insert(0, {str(HERE)!r}); import bench_query as b; "
            f"print(json.dumps(b.child({str(scenario)!r}, {rounds})))")  # fmt: skip
    env = dict(os.environ, PYTHONPATH=str(checkout))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                          cwd=checkout, check=False)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"{scenario.name} on {checkout} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


ROWS = ("reach", "panel", "opfire", "mortar panel", "mortar F")


def _print(name: str, now: dict[str, object], base: dict[str, object] | None) -> None:
    floor = float(now["floor"][1])
    print(f"\n{name}: {now['units']} units; unit {now.get('unit')}, mortar "
          f"{now.get('mortar', '-')}; floor (one pass over the units) {floor:.2f} ms")  # fmt: skip
    head = f"  {'call':<13}{'first ms':>10}{'best ms':>10}{'x floor':>9}"
    print(head + (f"{'base ms':>11}{'speed-up':>10}" if base else ""))
    for row in ROWS:
        if row not in now:
            continue
        first, best = now[row]
        line = f"  {row:<13}{first:>10.1f}{best:>10.1f}{best / max(floor, 1e-6):>9.1f}"
        if base and row in base:
            b = float(base[row][1])
            line += f"{b:>11.1f}{b / max(best, 1e-6):>9.1f}x"
        print(line)
    if "mortar F" in now:
        print(
            f"  mortar F: {now['mortar F choices']} choices, resident memory "
            f"{float(now['memory growth MB']):+.0f} MB over its rounds"
        )


def _moved(scenario: Path, tmp: Path, checkout: Path) -> Path:
    """A copy of the big game whose terrain chart and counters are ``checkout``'s own (a
    file may refer only to the bundled content of the checkout that reads it)."""
    folder = tmp / "base"
    folder.mkdir(exist_ok=True)
    for path in scenario.parent.glob("big-*.yaml"):
        text = path.read_text(encoding="utf-8").replace(str(ROOT), str(checkout))
        (folder / path.name).write_text(text, encoding="utf-8")
    return folder / scenario.name


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base", type=Path, help="another checkout to run side by side")
    parser.add_argument("--only", default=",".join(GAMES), help="big, platoon, squad")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    import bigmap

    from tabletop.paths import SCENARIOS

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        games = {"platoon": SCENARIOS / "demo-platoon.yaml",
                 "squad": SCENARIOS / "demo-squad.yaml"}  # fmt: skip
        only = args.only.split(",")
        if "big" in only:
            games["big"] = bigmap.write(Path(tmp))[1]
        for name in (g for g in GAMES if g in only):
            now = _run(ROOT, games[name], args.rounds)
            base = None
            if args.base:
                there = args.base.resolve()
                game = games[name] if name != "big" else _moved(games[name], Path(tmp), there)
                base = _run(there, game, args.rounds)
            _print(name, now, base)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
